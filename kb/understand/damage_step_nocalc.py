"""An attack whose target leaves the field in the Damage Step before damage calculation (the attack and the
removal told, then one of: may the attacker's effect that activates as the Damage Step ends still be used, does
the end of the Damage Step still come, has the attacker attacked): the Damage Step fact ``no_damage_calculation``
(:mod:`kb.engine.damage_step`).  Words: ``damage_step_words.toml`` ``[nocalc]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .damage_step import alt, plain, same_card
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_no_calculation"]


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    attack = (rf"(?:{alt('nocalc', 'attacker_det')} )?(?P<x>e\d+|monster|attacking monster) {alt('nocalc', 'attacks')} "
              rf"(?:{alt('nocalc', 'target_det')} )?(?:e\d+|monster)")
    gone = (rf"{alt('nocalc', 'gone_subject')} {alt('nocalc', 'gone_verb')}(?: by (?:e\d+(?: effect)?|"
            rf"{alt('nocalc', 'gone_by')}))? {alt('nocalc', 'gone_when')}")
    story = rf"{attack}(?: \.)? {gone}(?:(?: \.)? {alt('nocalc', 'no_calc')})?"
    who = r"(?:i|you|we)"
    end_effect = (rf"(?:{alt('nocalc', 'end_effect')}|{alt('nocalc', 'end_named')} "
                  rf"{alt('nocalc', 'end_named_kind')})")
    questions = {
        "end": rf"can {who} (?:still )?activate (?:(?P<qe>e\d+)(?: 's)?|{alt('nocalc', 'owner')}|an|the) "
               rf"{end_effect}",
        "end2": rf"can (?:(?P<qe>e\d+)(?: 's)?|{alt('nocalc', 'owner')}|an|the) {end_effect} "
                r"(?:still )?be activated",
        "happen": rf"does the end of the damage step {alt('nocalc', 'happen')}",
        "attacked": rf"(?:is|does) (?:it|(?P<qe>e\d+)|the attacking monster|my monster|that monster) "
                    rf"{alt('nocalc', 'having_attacked')}",
    }
    return {"story": re.compile(story + "$"), **{k: re.compile(p + "$") for k, p in questions.items()}}


def read_no_calculation(skeleton: Skeleton, sentences) -> Frame | None:
    """The question of the module doc, as a frame, or None."""
    if len(sentences) < 2:
        return None
    pats = _patterns()
    story = " . ".join(plain(t) for t, _ in sentences[:-1])
    m = pats["story"].match(story)
    if m is None:
        return None
    asked = plain(sentences[-1][0])
    for kind in ("end", "end2", "happen", "attacked"):
        q = pats[kind].match(asked)
        if q:
            break
    else:
        return None
    x = m["x"]
    named = x if re.fullmatch(r"e\d+", x) else None
    qe = q.groupdict().get("qe")
    if qe and not (named and same_card(skeleton, qe, named)):
        return None
    query = {"having_attacked": True} if kind == "attacked" else {"end_effect": True}
    question = {"ask": "damage_step_event", "event": "no_damage_calculation", "query": query}
    subject = "the attacking monster"
    if named and kind in ("end", "end2", "attacked") and (qe or kind == "attacked" or
                                                          re.match(r"can \w+ (?:still )?activate its ", asked)):
        entity = skeleton.entities[int(named[1:])]
        if entity.kind != "card" or not entity.name:
            return None
        question["card"] = {"card": entity.name}
        subject = entity.name
    asked_words = {"attacked": f"is {subject} treated as having attacked",
                   "happen": "does the End of the Damage Step still come"}.get(
        kind, f"may {subject}'s effect that activates as the Damage Step ends still be activated")
    used = {e for _t, ents in sentences for e in ents}
    return Frame(question, f"The attack target left the field in the Damage Step before damage calculation: "
                           f"{asked_words}?", used_entities=used, uses_story=True)
