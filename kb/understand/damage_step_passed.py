"""A Damage Step timing that has passed: a story of an effect activated and resolved at one timing, then a
question whether another card's effect may still be activated at that same timing — asked as the
Damage Step fact ``timing_passed`` of Y at the timing told (:mod:`kb.engine.damage_step`: "no" when Y's
effects list that timing, else unknown).  Words: ``damage_step_words.toml`` ``[passed]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .damage_step import TIMING_PHRASES, alt, plain
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_passed"]

_TIMINGS = ("start", "before_calc", "calc", "after_calc", "end")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    moment = "(?:" + "|".join(f"(?P<{{p}}_{key}>{alt('summoned', key)})" for key in _TIMINGS) + ")"
    subject = rf"(?:e\d+|{alt('passed', 'subject')})"
    story = (rf"(?:{moment.format(p='a')} )?{subject}(?: {alt('passed', 'happened')})?(?: and)? "
             rf"{alt('passed', 'resolves')}(?: {moment.format(p='b')})?")
    later = rf"(?: (?:still )?{alt('passed', 'after')})?(?: {alt('passed', 'same')})?"
    questions = [
        rf"can (?P<y>e\d+)(?: effect)? {alt('passed', 'activate')}{later}",
        rf"can {alt('passed', 'asker')} (?:still )?activate (?P<y>e\d+)(?: effect)?{later}",
    ]
    return {"story": re.compile(story + "$"), **{f"q{n}": re.compile(p + "$") for n, p in enumerate(questions)}}


def read_passed(skeleton: Skeleton, sentences) -> Frame | None:
    """The question about activating a timing-listing effect after that timing's chain resolved, or None."""
    if len(sentences) != 2:
        return None
    pats = _patterns()
    (story_text, story_ents), (asked_text, _) = sentences
    m = pats["story"].match(plain(story_text))
    if m is None:
        return None
    said = [key.split("_", 1)[1] for key, value in m.groupdict().items() if value and key[:2] in ("a_", "b_")]
    if len(said) != 1:
        return None
    timing = said[0]
    asked = plain(asked_text)
    q = pats["q0"].match(asked) or pats["q1"].match(asked)
    if q is None or not re.search(alt("passed", "after") + "|" + alt("passed", "same"), asked):
        return None  # "afterwards" / "in that damage calculation" must be said
    entity = skeleton.entities[int(q["y"][1:])]
    if entity.kind != "card" or not entity.name:
        return None
    if any(skeleton.entities[e].name == entity.name for e in story_ents):
        return None  # the card asked about is the one that resolved
    question = {"ask": "damage_step_event", "event": "timing_passed", "card": {"card": entity.name},
                "timing": timing}
    understood = (f"An effect activated {TIMING_PHRASES[timing]} has resolved: can {entity.name} still be "
                  f"activated {TIMING_PHRASES[timing]}?")
    used = {e for _t, ents in sentences for e in ents}
    return Frame(question, understood, used_entities=used, uses_story=True)
