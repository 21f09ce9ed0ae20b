"""Trigger effects whose event happens in the middle of a chain, read whole (community 7.9.5):

- a named monster Summoned (or sent, destroyed ...) by a card that was a later link of a chain, and whether its
  quoted "When/If ..." trigger may be activated (the named card's effect, its wording checked against the card's
  text);
- a trigger known only by its quoted wording (optional or mandatory, "when" or "if") whose condition is met
  mid-chain, and when it may be activated (the wording alone);
- whether a quoted wording can miss the timing (a rule fact).

Answered by :mod:`kb.engine.timing_wording` (``{"ask": "timing_wording"}``) or, for "can it miss the timing",
by the rule facts (``{"ask": "rule_fact", "topic": "miss_timing"}``).  Words: ``timing_wording_words.toml``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine.timing_wording import wording_of
from .frame import Frame
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_timing_wording", "quoted_sentences", "wording_of", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("timing_wording_words.toml")
_QUOTE = "'\"\u2018\u2019\u201c\u201d`"
_QUOTED = re.compile(rf"(?:^|(?<=\s))[{_QUOTE}]\s*(?P<w>(?:when|if|activate|during)\b[^{_QUOTE}]*?)\s*[{_QUOTE}]")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    words = word_file(WORDS_FILE)

    def alt(*path: str) -> str:
        return phrase_alternation(words, *path)

    events = "|".join(f"(?P<ev_{key}>{alt('events', key)})" for key in words["events"])
    owner = rf"(?:(?:{alt('question', 'owner')})|e(?P<m2>\d+)'s|e(?P<m3>\d+))"
    quote = r"(?:(?P<q>q\d+) )?"
    after = rf"(?: (?P<after>{alt('question', 'after')}))?"
    sort = r"(?:(?P<sort>optional|mandatory) )?"
    return {
        "story_named": re.compile(
            rf"^e(?P<m>\d+) (?:{events}) by (?:the effect of )?e(?P<c>\d+)(?:'s effect)? (?:{alt('story', 'chained')})"
            rf"(?: as chain link (?P<n>\d+))? (?:{alt('story', 'to')}) [ek]\d+(?: as chain link \d+)?$"),
        "story_mid": re.compile(
            rf"^e(?P<m>\d+) (?:{events})(?: by (?:an effect|a card effect|e\d+(?:'s effect)?))? "
            rf"(?:{alt('story', 'mid_chain')})$"),
        "q_can": re.compile(rf"^can {owner} {quote}(?:{alt('question', 'effect')}) "
                            rf"(?:{alt('question', 'activate_passive')}){after}$"),
        "q_does": re.compile(rf"^does {owner} {quote}(?:{alt('question', 'effect')}) "
                             rf"(?:{alt('question', 'activates')}){after}$"),
        "q_activate": re.compile(rf"^can (?:{alt('question', 'asker')}) activate {owner} {quote}"
                                 rf"(?:{alt('question', 'effect')}){after}$"),
        "g_met": re.compile(rf"^(?:an?|the) {sort}{quote}(?:{alt('story', 'effect_subject')})"
                            rf"(?: (?:that|which) (?:{alt('story', 'says')}) (?P<q2>q\d+))? "
                            rf"(?:{alt('story', 'condition_met')}) (?:{alt('story', 'mid_chain')})$"),
        "g_says": re.compile(rf"^(?:an?|the) {sort}(?:{alt('story', 'effect_subject')}) (?:{alt('story', 'says')}) "
                             rf"(?P<q>q\d+)(?: (?:{alt('story', 'something')}))?$"),
        "gq_when": re.compile(rf"^(?:{alt('question', 'when')}) can (?:{alt('question', 'asker')}) activate it$"),
        "gq_can": re.compile(rf"^can (?:{alt('question', 'asker')}) (?:still )?activate it{after}$"),
        "gq_miss": re.compile(rf"^(?:can|does|will|could) it (?:{alt('question', 'miss')})$"),
    }


def quoted_sentences(skeleton: Skeleton) -> tuple[list[str], list[str]]:
    """The question as sentences with quoted wordings as ``q<N>`` (and the wordings): see :func:`_text`."""
    return _text(skeleton)


def _text(skeleton: Skeleton) -> tuple[list[str], list[str]]:
    """The question as sentences (cards as ``e<N>``, kinds as ``k<N>``, quoted wordings as ``q<N>``) and the
    quoted wordings."""
    parts = []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            if entity.kind == "class" and set(entity.cls or {}) == {"effect"}:
                parts.append(entity.text.lower())  # "a trigger effect" is the subject's words here
            else:
                parts.append(("e" if entity.kind == "card" else "k") + str(piece.entity))
        else:
            parts.append(piece.text.lower())
    text = " ".join(parts)
    text = re.sub(r"\b(e\d+) ['\u2019] ?s\b", r"\1's", text)
    quotes: list[str] = []

    def as_words(match: re.Match) -> str:  # a card or kind named inside a quote is the quote's own words
        entity = skeleton.entities[int(match[1])]
        return entity.text.lower().strip(_QUOTE + " ")

    def keep(match: re.Match) -> str:
        said = re.sub(r"\b[ek](\d+)\b", as_words, match["w"])
        quotes.append(re.sub(r"\s+", " ", said).replace(" :", ":").strip(" ."))
        return f" q{len(quotes) - 1} "

    text = _QUOTED.sub(keep, text)
    text = re.sub(r"[()]", " ", text)
    text = re.sub(r"\s*[,:]\s*", " ", text)
    sentences = [re.sub(r"\s+", " ", s).strip() for s in re.split(r"[.?!;]", text)]
    return [s for s in sentences if s], quotes


def _event(m: re.Match) -> str | None:
    return next((key[3:] for key, value in m.groupdict().items() if key.startswith("ev_") and value), None)


def read_timing_wording(skeleton: Skeleton) -> Frame | None:
    """The frame of a mid-chain trigger question read whole, or None."""
    if not any(w in skeleton.text_of(skeleton.live())[0].lower() for w in ("chain", "timing")):
        return None
    sentences, quotes = _text(skeleton)
    if len(sentences) != 2:
        return None
    pats = _patterns()
    story, asked = sentences
    frame = _named(skeleton, story, asked, quotes, pats) or _generic(story, asked, quotes, pats)
    if frame is not None:
        skeleton.use(skeleton.live())
    return frame


def _named(skeleton: Skeleton, story: str, asked: str, quotes: list[str], pats) -> Frame | None:
    told = pats["story_named"].match(story) or pats["story_mid"].match(story)
    if told is None:
        return None
    if told.groupdict().get("n") and int(told["n"]) < 2:
        return None  # Chain Link 1: nothing resolves after it
    for kind in ("q_can", "q_does", "q_activate"):
        m = pats[kind].match(asked)
        if m:
            break
    else:
        return None
    monster = skeleton.entities[int(told["m"])]
    said = m["m2"] or m["m3"]
    if said is not None:
        other = skeleton.entities[int(said)]
        if other.kind != "card" or other.name != monster.name:
            return None
    if monster.kind != "card" or not monster.name:
        return None
    question = {"ask": "timing_wording", "card": monster.name, "event": _event(told), "asked": "can"}
    if told.groupdict().get("c"):
        cause = skeleton.entities[int(told["c"])]
        if cause.kind != "card" or not cause.name:
            return None
        question["cause"] = cause.name  # what Summoned or moved it: where from is checked against its text
    if m["q"]:
        question["quote"] = quotes[int(m["q"][1:])]
    used = {int(told["m"])} | ({int(told["c"])} if told.groupdict().get("c") else set()) | (
        {int(said)} if said else set())
    used |= {i for i, e in enumerate(skeleton.entities) if e.kind == "class"}
    return Frame(question, f"{monster.name} is {question['event'].replace('_', ' ')} in the middle of a chain (a "
                           "chain link resolves after it): can its effect be activated after the chain?",
                 used_entities=used, uses_story=True)


def _generic(story: str, asked: str, quotes: list[str], pats) -> Frame | None:
    told = pats["g_met"].match(story) or pats["g_says"].match(story)
    if told is None:
        return None
    said = told["q"] or told.groupdict().get("q2")
    if told["q"] and told.groupdict().get("q2"):
        return None  # two wordings said of one effect
    sort, wording = wording_of(quotes[int(said[1:])]) if said else (None, None)
    if told["sort"] == "mandatory" and wording is None:
        wording = "any"  # a mandatory effect does not miss the timing, whatever its wording
    said_sort = told["sort"]
    if said_sort and sort and said_sort != sort:
        return None
    sort = sort or said_sort
    if sort is None or wording is None or (sort == "optional" and wording == "any"):
        return None  # optional or mandatory, "When" or "If": what decides is not said
    mid = told.re is pats["g_met"]
    if pats["gq_miss"].match(asked):
        question = {"ask": "rule_fact", "topic": "miss_timing", "subject": f"{sort}+{wording}", "asked": "misses"}
        said_wording = "" if wording == "any" else f"\"{wording.capitalize()} ...\" "
        return Frame(question, f"Rule fact: can {'an' if sort == 'optional' else 'a'} {sort} {said_wording}effect "
                               "miss the timing?", uses_story=True)
    if not mid:
        return None
    for kind, asking in (("gq_when", "when"), ("gq_can", "can")):
        if pats[kind].match(asked):
            break
    else:
        return None
    question = {"ask": "timing_wording", "sort": sort, "wording": wording, "asked": asking}
    said_wording = "" if wording == "any" else f"\"{wording.capitalize()} ...\" "
    return Frame(question, f"{'An' if sort == 'optional' else 'A'} {sort} {said_wording}effect "
                           f"whose condition is met mid-chain: "
                           f"{'when can it be activated' if asking == 'when' else 'can it be activated'}?",
                 uses_story=True)
