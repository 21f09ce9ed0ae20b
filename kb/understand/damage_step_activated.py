"""'Is X activated during damage calculation?', 'Does a Flip effect activate in the Damage Step after damage
calculation?': whether a card (or a kind of card or effect) is activated at a timing of the Damage Step, read as
the ``activate`` question at that timing (the Damage Step permissions of :mod:`kb.engine.windows` decide).
Words: ``damage_step_words.toml`` ``[activated]`` and ``[timing]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .damage_step import TIMING_PHRASES, alt, plain
from .frame import Frame
from .generic import describe_kind
from .skeleton import Skeleton

__all__ = ["read_activated"]


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern:
    timings = "|".join(f"(?P<t_{key}>{alt('timing', key)})" for key in ("start", "before_calc", "calc", "after_calc",
                                                                      "end"))
    in_ds = alt("question", "in_damage_step")
    def subject(tag: str) -> str:
        return rf"(?P<{tag}>e\d+)(?: 's)?(?: effects?)?"

    return re.compile(
        rf"^(?:(?:is|are) {subject('x1')} (?:{alt('activated', 'passive')})|(?:does|do|will|can) {subject('x2')} "
        rf"(?:{alt('activated', 'active')}))(?: {in_ds})?(?: (?:{timings}))?(?: {in_ds})?$")


@lru_cache(maxsize=1)
def _quoted_pattern() -> re.Pattern:
    timings = "|".join(f"(?P<t_{key}>{alt('timing', key)})" for key in ("start", "before_calc", "calc", "after_calc",
                                                                      "end"))
    in_ds = alt("question", "in_damage_step")
    def effect(tag: str) -> str:
        return rf"(?:an? |the )?(?P<{tag}>q\d+) (?:trigger )?effects?"

    return re.compile(
        rf"^(?:(?:is|are) {effect('q1')} (?:{alt('activated', 'passive')})|(?:does|do|will|can) {effect('q2')} "
        rf"(?:{alt('activated', 'active')}))(?: {in_ds})?(?: (?:{timings}))?(?: {in_ds})?$")


def _read_quoted(skeleton: Skeleton) -> Frame | None:
    """A Trigger Effect known only by its quoted condition (e.g. an effect "when this card inflicts battle damage"
    asked about at a timing of the Damage Step)."""
    from ..engine.generic import describe_class, normalise_class
    from ..errors import BadQuestionError
    from .timing_wording import quoted_sentences

    sentences, quotes = quoted_sentences(skeleton)
    if len(sentences) != 1 or not quotes or any(e.kind != "class" for e in skeleton.entities):
        return None
    m = _quoted_pattern().match(sentences[0])
    if m is None or not re.search(r"damage step|damage calculation", sentences[0]):
        return None
    try:
        cls = normalise_class({"condition": quotes[int((m["q1"] or m["q2"])[1:])]}, "card")
    except BadQuestionError:
        return None  # no event read in the quote
    timing = next((key[2:] for key, value in m.groupdict().items() if key.startswith("t_") and value), None)
    question = {"ask": "activate", "card": {"class": cls}, "phase": "battle", "step": "damage"}
    if timing:
        question["timing"] = timing
    when = TIMING_PHRASES[timing] if timing else "during the Damage Step"
    return Frame(question, f"Can {describe_class(cls)} be activated {when}?",
                 used_entities=set(range(len(skeleton.entities))))


def read_activated(skeleton: Skeleton, sentences) -> Frame | None:
    """The ``activate`` frame of the module doc, or None."""
    quoted = _read_quoted(skeleton)
    if quoted is not None:
        return quoted
    if len(sentences) != 1:
        return None
    text, ents = sentences[0]
    m = _pattern().match(_entities_as_names(skeleton, text, ents))
    if m is None or not re.search(alt("question", "in_damage_step") + "|damage calculation", text):
        return None
    entity = skeleton.entities[int((m["x1"] or m["x2"])[1:])]
    timing = next((key[2:] for key, value in m.groupdict().items() if key.startswith("t_") and value), None)
    if entity.kind == "card" and entity.name:
        card, said = {"card": entity.name}, entity.name
        if entity.aside.get("effect_of") or re.search(r"e\d+ (?:'s )?effects?", text):
            pass  # "X's effect": the card's activated effects are what the engine checks for a monster
    elif entity.kind == "class" and entity.cls:
        card, said = {"class": dict(entity.cls)}, describe_kind(entity.cls)
    else:
        return None
    question = {"ask": "activate", "card": card, "phase": "battle", "step": "damage"}
    if timing:
        question["timing"] = timing
    when = TIMING_PHRASES[timing] if timing else "during the Damage Step"
    return Frame(question, f"Can {said} be activated {when}?", used_entities=set(ents))


def _entities_as_names(skeleton: Skeleton, text: str, ents: list[int]) -> str:
    """The sentence with each card or kind of card as ``e<N>`` (class mentions are written out in ``text``)."""
    out = plain(text)
    for n in ents:
        entity = skeleton.entities[n]
        if entity.kind == "class":
            words = plain(entity.text.lower().strip("'\"\u2018\u2019\u201c\u201d "))
            out = re.sub(rf"(?<![\w-]){re.escape(words)}(?![\w-])", f"e{n}", out, count=1)
    return out
