"""Plain-language scenario questions: "Can X chain to Y?" and friends, parsed into a JSON question.

:data:`PATTERNS` lists the phrasings understood, each a regex with named groups ``x``/``y`` (card names,
resolved fuzzily with nicknames by :func:`kb.cards.resolve_card`) and the JSON fields it implies.
Anything else is answered ``"unknown"`` with the best matching rule sections and rulings from the search
index (when the knowledge base has one).
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import AmbiguousError, KbError, NotFoundError
from ..text import fold_quotes
from .questions import answer_question, normalise_question, resolve
from .rules import cites

__all__ = ["PATTERNS", "parse_plain", "ask_plain"]

_CAN = r"(?:can|could|may|is it possible to|am i able to|are you able to|is it legal to|will)"
_I = r"(?:i|you|my opponent|the opponent|he|she|they|we)"
_DS_TIMING = [
    (r"start of (?:the )?damage step", "start"),
    (r"before damage calc(?:ulation)?", "before_calc"),
    (r"during damage calc(?:ulation)?|in damage calc(?:ulation)?", "calc"),
    (r"after damage calc(?:ulation)?", "after_calc"),
    (r"end of (?:the )?damage step", "end"),
]

# (regex, fixed fields); the regexes run on the folded, lower-cased question without its final "?"
PATTERNS: list[tuple[str, dict]] = [
    # chain / respond / negate
    (rf"^{_CAN} {_I} (?:chain|activate|use) (?P<x>.+?) (?:to|in response to|against|on|in chain to|"
     rf"as a response to) (?:(?:my|your|the|an?|their) (?:opponent'?s? )?)?(?P<y>.+?)$", {"ask": "chain"}),
    (rf"^{_CAN} (?P<x>.+?) be (?:chained|activated|used) (?:to|in response to|against|on|in chain to|as a "
     rf"response to) (?:(?:my|your|the|an?|their) (?:opponent'?s? )?)?(?P<y>.+?)$", {"ask": "chain"}),
    (rf"^{_CAN} {_I} (?:respond to|negate|answer|counter|stop|chain to) (?:(?:my|your|the|an?|their) "
     rf"(?:opponent'?s? )?)?(?P<y>.+?) (?:with|using|by activating|by chaining) (?P<x>.+?)$", {"ask": "chain"}),
    (rf"^{_CAN} (?!{_I} )(?P<x>.+?) (?:chain to|respond to|be a response to|negate|stop|counter|answer) "
     rf"(?:(?:my|your|the|an?|their) (?:opponent'?s? )?)?(?P<y>.+?)$", {"ask": "chain"}),
    (rf"^(?:if|when) (?:my opponent|the opponent|i|you|they) activates? (?P<y>.+?),? {_CAN} {_I} "
     rf"(?:chain|activate|use|respond with) (?P<x>.+?)$", {"ask": "chain"}),
    (r"^does (?P<x>.+?) (?:negate|stop|work against|respond to) (?P<y>.+?)$", {"ask": "chain"}),
    # set this turn
    (rf"^{_CAN} {_I} activate (?P<x>.+?) (?:in |during )?the (?:same )?turn (?:i|you|it was|it is|it's|they) "
     rf"(?:set|sets|set it)(?: it)?$", {"ask": "activate", "set_this_turn": True, "location": "field",
                                        "face": "down"}),
    (rf"^{_CAN} (?P<x>.+?) be activated (?:in |during )?the (?:same )?turn (?:i|you|it was|it is|it's|they) "
     rf"(?:set|sets)(?: it)?$", {"ask": "activate", "set_this_turn": True, "location": "field", "face": "down"}),
    # from the hand
    (rf"^{_CAN} {_I} activate (?P<x>.+?) from (?:my|your|the|their) hand(?P<rest>.*)$",
     {"ask": "activate", "location": "hand"}),
    (rf"^{_CAN} (?P<x>.+?) be activated from (?:my|your|the|their) hand(?P<rest>.*)$",
     {"ask": "activate", "location": "hand"}),
    # damage step / phases
    (rf"^{_CAN} {_I} (?:activate|use) (?P<x>.+?) (?:in|during|at) (?P<rest>(?:the )?(?:start of |end of )?"
     rf"(?:the )?(?:damage step|damage calc\w*|battle phase|battle step|main phase\s*\d?|end phase|standby phase|"
     rf"draw phase|opponent'?s turn|my opponent'?s turn|my (?:own )?turn|your (?:own )?turn|"
     rf"(?:before|after) damage calc\w*).*)$", {"ask": "activate"}),
    (rf"^{_CAN} (?P<x>.+?) be (?:activated|used) (?P<rest>(?:in|during|at|before|after) .*)$", {"ask": "activate"}),
    (rf"^{_CAN} (?P<x>.+?) be (?:activated|used)$", {"ask": "activate"}),
    (rf"^{_CAN} {_I} (?:activate|use) (?P<x>.+?)$", {"ask": "activate"}),
    # timing
    (r"^does (?P<x>.+?) miss the timing(?P<rest>.*)$", {"ask": "timing"}),
    (r"^(?:will|does|can) (?P<x>.+?)(?:'s effect)? (?:activate|trigger)(?P<rest> (?:if|when|after) .*)$",
     {"ask": "timing"}),
]
_PATTERNS = [(re.compile(pattern), fields) for pattern, fields in PATTERNS]

_TIMING_EVENTS = [
    (r"sent to the (?:gy|graveyard)|goes to the (?:gy|graveyard)|is milled|dumped", "sent_to_gy"),
    (r"destroyed", "destroyed"),
    (r"banished", "banished"),
    (r"discarded", "discarded"),
    (r"tributed", "tributed"),
    (r"special summoned", "special_summoned"),
    (r"normal summoned", "normal_summoned"),
    (r"flip(?:ped| summoned)", "flipped"),
    (r"added to (?:the|my|your) hand", "added_to_hand"),
]
_TIMING_BY = [(r"as (?:a |the )?cost|to pay|by paying", "cost"), (r"by battle", "battle"),
              (r"by (?:a |an )?(?:card )?effect|by \w+'s effect", "effect")]


def _clean_name(text: str) -> str:
    text = text.strip().strip('"').strip()
    text = re.sub(r"^(?:my|your|the|a|an|their|his|her|opponent'?s?|an opponent'?s)\s+", "", text)
    text = re.sub(r"^(?:opponent'?s?)\s+", "", text)
    text = re.sub(r"'s (?:effect|activation)$|\s+(?:'s )?(?:effect|activation|card)$", "", text)
    return text.strip().strip('"').strip()


def _moment_words(rest: str, fields: dict) -> None:
    rest = rest.lower()
    if "damage step" in rest or "damage calc" in rest:
        fields["phase"], fields["step"] = "battle", "damage"
        for pattern, timing in _DS_TIMING:
            if re.search(pattern, rest):
                fields["timing"] = timing
                break
    elif "battle step" in rest:
        fields["phase"], fields["step"] = "battle", "battle"
    elif "battle phase" in rest:
        fields["phase"] = "battle"
    elif re.search(r"main phase\s*2", rest):
        fields["phase"] = "main2"
    elif re.search(r"main phase", rest):
        fields["phase"] = "main1"
    elif "end phase" in rest:
        fields["phase"] = "end"
    elif "standby phase" in rest:
        fields["phase"] = "standby"
    elif "draw phase" in rest:
        fields["phase"] = "draw"
    if re.search(r"opponent'?s turn|their turn", rest):
        fields["turn"], fields["controller"] = "B", "A"
    elif re.search(r"\bmy (?:own )?turn\b|\byour (?:own )?turn\b", rest):
        fields["turn"], fields["controller"] = "A", "A"
    where = re.search(r"\bfrom (?:my|your|the|their) (hand|gy|graveyard)\b", rest)
    if where and "location" not in fields:
        fields["location"] = "hand" if where.group(1) == "hand" else "gy"


def parse_plain(text: str) -> dict | None:
    """The JSON question (names not yet resolved) a plain-language question asks, or None."""
    folded = fold_quotes(text).strip()
    lower = re.sub(r"[?!.]+$", "", folded).strip().lower()
    lower = re.sub(r"\s+", " ", lower)
    for regex, fixed in _PATTERNS:
        match = regex.match(lower)
        if not match:
            continue
        groups = match.groupdict()
        question = dict(fixed)
        start, end = match.span("x")
        question["card"] = _clean_name(folded[start:end]) if len(folded) >= end else _clean_name(groups["x"])
        if groups.get("y"):
            y_start, y_end = match.span("y")
            question["to"] = _clean_name(folded[y_start:y_end])
        rest = groups.get("rest") or ""
        where = re.search(r"\s+from (?:my|your|the|their) (hand|GY|graveyard)$", question["card"], re.IGNORECASE)
        if where and question["ask"] in ("activate", "chain"):
            question["card"] = question["card"][:where.start()]
            question.setdefault("location", "hand" if where.group(1).lower() == "hand" else "gy")
        if question["ask"] == "activate":
            _moment_words(rest, question)
            if question.get("location") == "field" and question.get("set_this_turn"):
                pass
        if question["ask"] == "timing":
            for pattern, event in _TIMING_EVENTS:
                if re.search(pattern, rest):
                    question["event"] = event
                    break
            else:
                return None
            for pattern, by in _TIMING_BY:
                if re.search(pattern, rest):
                    question["by"] = by
                    break
            if re.search(r"middle of|during the resolution|not the last|then |and then|, then", rest):
                question["last"] = False
        return question
    return None


def _fallback(session: Session, text: str, kb_path) -> dict:
    """Answer "unknown" with the best matching rule sections and rulings from the search index."""
    sections, rulings = [], []
    try:
        from ..search import search
        words = " ".join(w for w in re.findall(r"[A-Za-z][\w'-]+", text) if len(w) > 2)[:300]
        if words:
            found = search(kb_path, words, limit=10)
            for result in found.get("results", []):
                if result.get("kind") == "section" and len(sections) < 5:
                    sections.append(result["id"])
                elif result.get("kind") == "ruling" and len(rulings) < 5:
                    rulings.append(result["id"])
    except (ImportError, KbError, OSError, ValueError):  # no index: degrade to the generic rule sections
        pass
    cited = sections or cites("psct")
    return {"answer": "unknown", "card": None, "resolved": {}, "parsed": None,
            "explanation": "The question is not one of the kinds the engine models (chain, activate, segoc, "
                           "timing); these rule sections and rulings match it best.",
            "steps": [{"check": "understand question", "result": "unknown",
                       "detail": "no known phrasing matched; see the cited sections", "cites": cited}],
            "assumed": [], "rulings": rulings}


def ask_plain(session: Session, text: str, *, kb_path=None) -> dict:
    """Answer a plain-language question; the answer's ``"parsed"`` shows how it was understood."""
    question = parse_plain(text)
    if question is None:
        return _fallback(session, text, kb_path)
    for field in ("card", "to"):
        if field in question:
            try:
                question[field] = resolve(session, question[field]).name
            except (NotFoundError, AmbiguousError):
                raise
    normal = normalise_question(question)
    answer = answer_question(session, normal)
    answer["parsed"] = question
    return answer
