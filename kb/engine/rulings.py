"""The rulings shown with an answer: rulings about the card(s) asked about AND the question's mechanism.

:func:`answer_rulings` selects, ranks and describes them (``rulings`` ids and ``ruling_details``, in
the same order).  A ruling is a candidate when it names a card of the question (a ``RulingCard`` link)
and is not filed under (``heading``) a card outside the question or under a heading that is no card of
the question (a card group): a ruling about another card that merely mentions the asked card (an
example chain "Ring of Destruction chained to Pot of Greed") is never shown.  A candidate naming the
card asked about is shown when it speaks of one of the question's mechanisms (:data:`MECHANISMS`,
chosen per question by :func:`question_mechanisms`); one naming only another card of the question
(the chain link it responds to) when it speaks of the main mechanism, and at most
:data:`MAX_OTHER_CARD_RULINGS` of those; one naming every card of the question (the pair) always.
The store holds no ruling that states a mechanism without naming a card or a card group, so no
card-less ruling is shown.

Ranking, best first: names every card of the question (the pair) > names the card asked about
(``card``; every trigger of a SEGOC question) > names another card of the question; then more
mechanisms matched, the card as the ruling's heading before a mere mention, text in English, more
mechanism words, the newest; at most :data:`MAX_RULINGS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlmodel import Session, select

from ..models import Ruling, RulingCard
from ..version_cache import VersionCache, session_version

__all__ = ["MAX_RULINGS", "MECHANISMS", "KIND_MECHANISMS", "question_mechanisms", "select_rulings",
           "answer_rulings", "ruling_detail", "ruling_details_for"]

MAX_RULINGS = 5
MAX_OTHER_CARD_RULINGS = 1  # of them at most this many name only another card of the question (``to``)
EXCERPT_CHARS = 180

# mechanism -> phrases (regular expressions, case-insensitive) by which a ruling speaks of it
MECHANISMS: dict[str, tuple[str, ...]] = {
    "chain": (r"\bchain(?:s|ed|ing)?\b", r"\bin response\b", r"\brespond(?:s|ed|ing)?\b",
              r"\bspell speed\b"),
    "negation": (r"\bnegat(?:e|es|ed|ing|ion)\b",),
    "activation": (r"\b(?:can|cannot|can't|could|couldn't|may|must)(?:\s+not)?\s+(?:only\s+)?"
                   r"(?:be\s+)?activat",
                   r"\bactivated (?:in|during) (?:any|either|the|your|their|an?)\b",
                   r"\bfrom (?:the|your) hand\b", r"\bactivation condition\b", r"\bopen game state\b",
                   r"\bthe (?:same )?turn (?:it|they|that it|that they) (?:was|were|is|are) set\b",
                   r"\bset (?:it|them|this card) (?:this|that) turn\b", r"\bspell speed\b",
                   r"\bduring (?:the|your|their|my|either player's|your opponent's) "
                   r"(?:draw|standby|main|battle|end)"),
    "timing": (r"\bmiss(?:es|ed)? the timing\b", r"\bmissing the timing\b", r"\blast thing\b",
               r"\bwhen\b[^.]{0,60}\byou can\b", r"\bif\b[^.]{0,60}\byou can\b", r"\boptional\b",
               r"\btrigger(?:s|ed)?\b", r"\bactivates? (?:only )?(?:when|if)\b", r"\bonly activates\b",
               r"\b(?:will|would|does|do|did|can)(?: not|n't)? activate\b"),
    "segoc": (r"\bsimultaneous(?:ly)?\b", r"\bat the same time\b", r"\bsegoc\b", r"\bchain link [12]\b",
              r"\bstep [12] of the chain\b", r"\bsame chain\b", r"\bmandatory\b", r"\bturn player\b"),
    "damage_step": (r"\bdamage step\b", r"\bdamage calculation\b"),
    "summon": (r"\bnegate the (?:\w+ )?summon\b", r"\bwould be (?:\w+ )?summoned\b", r"\bsummon negation\b",
               r"\bwhen (?:a|your|the|that) monster(?:\(s\))? is (?:\w+ )?summoned\b"),
}

# question kind -> mechanisms it is about (more from the question's fields: :func:`question_mechanisms`)
KIND_MECHANISMS: dict[str, tuple[str, ...]] = {
    "chain": ("chain", "activation"),
    "negate": ("negation", "chain", "activation"),
    "activate": ("activation",),
    "timing": ("timing",),
    "segoc": ("segoc",),
    "scenario": ("chain",),
}
# question field and value -> an extra mechanism
FIELD_MECHANISMS: tuple[tuple[str, object, str], ...] = (
    ("step", "damage", "damage_step"),
    ("event", "summoning", "summon"),
)
_COMPILED = {name: [re.compile(p, re.I) for p in phrases] for name, phrases in MECHANISMS.items()}
_ROLE_RANK = {"heading": 0, "involved": 1, "reference": 2}


def question_mechanisms(question: dict) -> tuple[str, ...]:
    """The mechanisms a normalised question is about (its kind, then its Damage Step / Summon fields)."""
    out = list(KIND_MECHANISMS.get(question.get("ask"), ()))
    for name, value, mechanism in FIELD_MECHANISMS:
        if question.get(name) == value and mechanism not in out:
            out.append(mechanism)
    if question.get("summon") and "summon" not in out:  # {"ask": "negate", "summon": {...}}
        out.append("summon")
    return tuple(out)


@dataclass(frozen=True)
class _Facts:
    """What the selection reads of one ruling (the rest is loaded for the few shown)."""

    filed: bool  # it has a heading (a card or a card group it is filed under)
    english: bool
    date: str
    hits: dict[str, int]  # mechanism -> how often the ruling's title, question and answer speak of it


@dataclass
class _RulingTable:
    """The card links of every ruling, read once per knowledge-base version, and the :class:`_Facts` of
    each ruling, read the first time a question is about one of its cards (reading every ruling's
    mechanisms up front takes seconds): selecting the rulings of an answer then costs at most one query
    for rulings not seen yet, and the one loading those shown."""

    links: dict[int, list[tuple[str, str]]]  # card id -> [(ruling id, role)]
    headings: dict[str, set[int]]  # ruling id -> the cards it is filed under
    facts: dict[str, _Facts]

    @classmethod
    def from_session(cls, session: Session) -> "_RulingTable":
        links: dict[int, list[tuple[str, str]]] = {}
        headings: dict[str, set[int]] = {}
        for ruling_id, card_id, role in session.exec(select(RulingCard.ruling_id, RulingCard.card_id,
                                                            RulingCard.role)):
            links.setdefault(card_id, []).append((ruling_id, role))
            if role == "heading":
                headings.setdefault(ruling_id, set()).add(card_id)
        return cls(links, headings, {})

    def facts_of(self, session: Session, ruling_ids) -> dict[str, _Facts]:
        """The facts of ``ruling_ids`` (a ruling not in the store is left out)."""
        missing = [ruling_id for ruling_id in ruling_ids if ruling_id not in self.facts]
        if missing:
            for ruling_id, title, question, answer, heading, language, date in session.exec(
                select(Ruling.id, Ruling.title, Ruling.question, Ruling.answer, Ruling.heading,
                       Ruling.text_language, Ruling.date).where(Ruling.id.in_(missing))
            ):
                text = " ".join(part for part in (title, question, answer) if part)
                self.facts[ruling_id] = _Facts(bool((heading or "").strip()),
                                               (language or "").startswith("en"), date or "",
                                               _mechanism_hits(text, tuple(MECHANISMS)))
        return {ruling_id: self.facts[ruling_id] for ruling_id in ruling_ids if ruling_id in self.facts}


_TABLES: VersionCache[_RulingTable] = VersionCache()


def _ruling_table(session: Session) -> _RulingTable:
    """The session's knowledge base's :class:`_RulingTable` (kept per store version; with the session
    for an in-memory store)."""
    version = session_version(session)
    if version is None:
        if "engine_ruling_table" not in session.info:
            session.info["engine_ruling_table"] = _RulingTable.from_session(session)
        return session.info["engine_ruling_table"]
    return _TABLES.get(version.directory, version.stamp, lambda: _RulingTable.from_session(session))


def _mechanism_hits(text: str, mechanisms: tuple[str, ...]) -> dict[str, int]:
    hits = {}
    for name in mechanisms:
        count = sum(len(p.findall(text)) for p in _COMPILED.get(name, ()))
        if count:
            hits[name] = count
    return hits


def _rank(ruling_id: str, facts: _Facts, cards: dict[int, str], hits: dict[str, int], primary: set[int],
          asked: set[int]) -> tuple:
    named = set(cards)
    pair = len(asked) > 1 and asked <= named
    tier = 0 if pair else 1 if named & primary else 2
    role = min((_ROLE_RANK.get(role, 3) for role in cards.values()), default=3)
    english = 0 if facts.english else 1
    return (tier, -len(hits), role, english, -sum(hits.values()), _Negated(facts.date), ruling_id)


class _Negated(str):
    """A string that sorts in reverse (newest date first)."""

    def __lt__(self, other):  # noqa: D105
        return str.__gt__(self, other)


def select_rulings(session: Session, primary_ids: list[int], other_ids: list[int],
                   mechanisms: tuple[str, ...], limit: int = MAX_RULINGS) -> list[Ruling]:
    """The rulings about the question's cards and mechanisms, best first (see the module docstring).

    :param primary_ids: the card(s) asked about (``card``; every trigger of a SEGOC question).
    :param other_ids: the other cards of the question (the chain it responds to).
    """
    asked = set(primary_ids) | set(other_ids)
    if not asked:
        return []
    candidates: dict[str, dict[int, str]] = {}  # ruling id -> asked card id -> role
    try:
        table = _ruling_table(session)
        for card_id in sorted(asked):
            for ruling_id, role in table.links.get(card_id, ()):
                candidates.setdefault(ruling_id, {})[card_id] = role
        known = table.facts_of(session, list(candidates))
    except Exception:  # noqa: BLE001 - a store without the rulings tables has no rulings to show
        return []
    ranked = []
    primary = set(primary_ids)
    for ruling_id, cards in candidates.items():
        if ruling_id not in known:
            continue
        facts, filed_under = known[ruling_id], table.headings.get(ruling_id, set())
        if filed_under - asked:
            continue  # filed under a card that is not in the question: about that card
        if facts.filed and not filed_under & asked:
            continue  # filed under a heading that is no card of the question ("ARCHFIENDS")
        hits = {name: facts.hits[name] for name in mechanisms if name in facts.hits}
        named = set(cards)
        if len(asked) > 1 and asked <= named:
            pass  # about exactly the cards of the question
        elif named & primary:
            if not hits:
                continue
        elif not mechanisms or mechanisms[0] not in hits:
            continue  # about only the other card: it must speak of the question's main mechanism
        ranked.append(_rank(ruling_id, facts, cards, hits, primary, asked))
    ranked.sort()
    chosen, others = [], 0
    for rank in ranked:
        if rank[0] == 2:  # names only another card of the question
            if others >= MAX_OTHER_CARD_RULINGS:
                continue
            others += 1
        chosen.append(rank[-1])
        if len(chosen) >= limit:
            break
    rows = {r.id: r for r in session.exec(select(Ruling).where(Ruling.id.in_(chosen)))} if chosen else {}
    return [rows[ruling_id] for ruling_id in chosen if ruling_id in rows]


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _excerpt(ruling: Ruling) -> str:
    """One line: the question and the answer's first sentence of a Q&A, else the ruling's opening."""
    answer = _one_line(ruling.answer)
    if ruling.question and _one_line(ruling.question) != answer:
        first = re.split(r"(?<=[.!?])\s", answer, maxsplit=1)[0]
        text = f"Q: {_one_line(ruling.question)} A: {first}"
    else:
        text = answer or _one_line(ruling.title)
    if len(text) <= EXCERPT_CHARS:
        return text
    cut = text[:EXCERPT_CHARS]
    if " " in cut[EXCERPT_CHARS // 2:]:  # end on a word; text without spaces (Japanese) is cut as is
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


# the columns ruling_detail reads: a row of them stands for the ruling (no ORM object to build)
_DETAIL_COLUMNS = (Ruling.id, Ruling.source, Ruling.kind, Ruling.region, Ruling.date, Ruling.url,
                   Ruling.title, Ruling.question, Ruling.answer)


def ruling_detail(ruling) -> dict:
    """``{"id", "excerpt", "source", "date", "url"?}`` of one ruling (interfaces.md §6; a
    :class:`~kb.models.Ruling` or a row of its :data:`_DETAIL_COLUMNS`)."""
    source = ruling.source + (f" {ruling.kind}" if ruling.kind else "") + (f" ({ruling.region})"
                                                                          if ruling.region else "")
    out = {"id": ruling.id, "excerpt": _excerpt(ruling), "source": source, "date": ruling.date}
    if ruling.url:
        out["url"] = ruling.url
    return out


def ruling_details_for(session: Session, ruling_ids: list[str]) -> list[dict]:
    """``ruling_details`` for rulings chosen elsewhere (e.g. by search), in the order given; unknown ids
    are left out."""
    if not ruling_ids:
        return []
    rows = {r.id: r for r in session.exec(select(*_DETAIL_COLUMNS).where(Ruling.id.in_(list(ruling_ids))))}
    return [ruling_detail(rows[i]) for i in ruling_ids if i in rows]


def answer_rulings(session: Session, question: dict, primary_ids: list[int],
                   other_ids: list[int] = ()) -> dict:
    """The answer's ``{"rulings": [ids], "ruling_details": [...]}`` for a normalised question."""
    mechanisms = question_mechanisms(question)
    key = (tuple(primary_ids), tuple(other_ids), mechanisms)
    cache = session.info.setdefault("engine_rulings", {})
    if key not in cache:
        rulings = select_rulings(session, list(primary_ids), list(other_ids), mechanisms)
        cache[key] = {"rulings": [r.id for r in rulings],
                      "ruling_details": [ruling_detail(r) for r in rulings]}
    found = cache[key]
    return {"rulings": list(found["rulings"]),
            "ruling_details": [dict(detail) for detail in found["ruling_details"]]}
