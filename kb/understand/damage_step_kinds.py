"""Damage Step rules asked of no card in one sentence: "Does a replay occur if the number of my opponent's
monsters changes during the Damage Step?" (no), "Can a monster's effect that activates when it is destroyed
be activated during the Damage Step?" (yes: it is about the card itself).  The Damage Step facts ``replay``
and ``own_event_trigger`` (:mod:`kb.engine.damage_step`).  Words: ``damage_step_words.toml`` ``[kinds]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .damage_step import alt, plain
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_kinds"]


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern]]:
    number = rf"the number of {alt('kinds', 'opponents')} {alt('kinds', 'changes')} {alt('kinds', 'in_ds')}"
    replay = rf"(?:does|is|will|would|can) {alt('kinds', 'replay')}"
    own = (rf"can {alt('kinds', 'effect')} that activates (?:when|if) {alt('kinds', 'itself')} is "
           rf"{alt('kinds', 'own_event')} (?:still )?be activated {alt('kinds', 'in_ds')}")
    return [("replay", re.compile(rf"{replay} (?:if|when) {number}$")),
            ("replay", re.compile(rf"{number} \. {replay}$")),
            ("own_event_trigger", re.compile(own + "$"))]


def read_kinds(skeleton: Skeleton, sentences) -> Frame | None:
    """The question of the module doc, as a frame, or None."""
    if not sentences or len(sentences) > 2 or any(ents for _t, ents in sentences if any(
            skeleton.entities[e].kind == "card" for e in ents)):
        return None
    text = " . ".join(plain(t) for t, _ in sentences)
    for event, pattern in _patterns():
        if pattern.match(text):
            break
    else:
        return None
    said = {"replay": "does a replay occur when the number of the opponent's monsters changes in the Damage Step",
            "own_event_trigger": "can an effect that activates when the card itself is moved, destroyed, Summoned "
                                 "or flipped be activated in the Damage Step"}[event]
    used = {e for _t, ents in sentences for e in ents}
    return Frame({"ask": "damage_step_event", "event": event}, said[0].upper() + said[1:] + "?",
                 used_entities=used, uses_story=True)
