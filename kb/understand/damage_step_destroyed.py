"""A monster destroyed by battle, not yet sent to the GY: what may still be done with it (whether an effect
may target it, whether it may pay a cost of one of its own effects, whether its effects may still be
negated).  Asked as the Damage Step fact ``destroyed_by_battle`` (:data:`kb.engine.damage_step.BATTLE_DESTROYED`).
Words: ``damage_step_words.toml`` ``[destroyed]``; the whole question must be read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.damage_step import BATTLE_DESTROYED
from .damage_step import TIMING_PHRASES, alt, plain
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_destroyed"]


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern]]:
    count = iter(range(1000))

    def subj() -> str:
        return (rf"(?:{alt('destroyed', 'determiner')} )?(?:(?P<ent{next(count)}>e\d+)|{alt('destroyed', 'monster')})"
                rf"(?: {alt('destroyed', 'relative')})? {alt('destroyed', 'destroyed')}"
                rf"(?: {alt('destroyed', 'not_yet')})?")

    class _Subject:  # a fresh group name at each use
        def __format__(self, spec: str) -> str:
            return subj()

    subject = _Subject()
    tail = rf"(?: {alt('destroyed', 'before_gy')})?"
    by = rf"(?: {alt('destroyed', 'by_effect')})?"
    still = "(?: still)?"
    shapes = {
        "target": [rf"can {alt('destroyed', 'asker')}{still} target {subject}{tail}",
                   rf"can {subject}{still} be targeted{by}{tail}"],
        "cost": [rf"can {subject}{still} be used as (?:a|the) cost (?:of|for|to activate) (?P<whose>its own|its|a|an) "
                 rf"(?P<kind>mandatory|optional) (?:trigger |quick |ignition )?effect{tail}",
                 rf"can {subject}{still} be used as (?:a|the) cost (?:of|for|to activate) (?P<card>a card){tail}"],
        "change_position": [rf"can {alt('destroyed', 'asker')}{still} change (?:the {alt('destroyed', 'position')} of "
                            rf"{subject}|{subject}'s {alt('destroyed', 'position')}){tail}",
                            rf"can (?:the {alt('destroyed', 'position')} of {subject}|{subject}'s "
                            rf"{alt('destroyed', 'position')}){still} be changed{by}{tail}"],
        "change_atk_def": [rf"can {alt('destroyed', 'asker')}{still} change (?:the {alt('destroyed', 'atk')} of "
                           rf"{subject}|{subject}'s {alt('destroyed', 'atk')}){tail}",
                           rf"can (?:the {alt('destroyed', 'atk')} of {subject}|{subject}'s {alt('destroyed', 'atk')})"
                           rf"{still} be changed{by}{tail}"],
        "continuous_applies": [rf"(?:do|does|will|would) (?:the continuous effects? of {subject}|{subject}'s continuous "
                               rf"effects?){still} (?:apply|be applied|keep applying){tail}",
                               rf"(?:is|are) (?:the continuous effects? of {subject}|{subject}'s continuous effects?)"
                               rf"{still} (?:applied|applying){tail}"],
        "quick_effect": [rf"can (?:the (?:optional )?quick effects? of {subject}|{subject}'s (?:optional )?quick "
                         rf"effects?){still} be activated{tail}"],
        "return_to_hand": [rf"can {subject}{still} be returned to the hand{by}{tail}",
                           rf"can {alt('destroyed', 'asker')}{still} return {subject} to the hand{by}{tail}"],
        "negated": [rf"can (?:the effects? of {subject}|{subject}'s effects?){still} be negated{tail}"],
        "removed_by_effect": [rf"can {subject}{still} be (?:destroyed|banished|sent to the (?:gy|graveyard))"
                              rf"(?: or (?:destroyed|banished|sent to the (?:gy|graveyard)))?"
                              rf" by (?:a )?card effects?{tail}"],
    }
    sent = (rf"(?:{alt('destroyed', 'determiner')} )?{alt('destroyed', 'monster')}(?: {alt('destroyed', 'relative')})? "
            rf"{alt('destroyed', 'destroyed')}")
    gy = r"sent to the (?:gy|graveyard)"
    sent_at = "|".join(f"(?P<s_{key}>{alt('summoned', key)})" for key in ("start", "before_calc", "calc", "after_calc",
                                                                          "end"))
    shapes["sent"] = [rf"{alt('question', 'when')} (?:is|are) {sent} {gy}",
                      rf"(?:is|are) {sent} {gy} (?:{sent_at})"]
    moment = rf"(?:{alt('destroyed', 'moment')} )?"
    return [(action, re.compile(moment + p + "$")) for action, pats in shapes.items() for p in pats]


@lru_cache(maxsize=1)
def _told_patterns() -> tuple[re.Pattern, re.Pattern]:
    told = (rf"(?:{alt('destroyed', 'told')}|e\d+) {alt('destroyed', 'be')} {alt('destroyed', 'destroyed')}")
    asked = (rf"can {alt('destroyed', 'asker')}(?: still)? target {alt('destroyed', 'pronoun')}"
             rf"(?: {alt('destroyed', 'by_effect')})? {alt('destroyed', 'between')}")
    return re.compile(told + "$"), re.compile(asked + "$")


def _read_told(skeleton: Skeleton, sentences) -> Frame | None:
    """The battle destruction told in a sentence of its own, then the question about the destroyed monster at a
    moment before it reaches the GY (e.g. "My Giant Orc is destroyed by battle. Can I banish it then?")."""
    told, asked = _told_patterns()
    if len(sentences) != 2 or not told.match(plain(sentences[0][0])) or not asked.match(plain(sentences[1][0])):
        return None
    question = {"ask": "damage_step_event", "event": "destroyed_by_battle", "query": {"action": "target"}}
    return Frame(question, "Asked about a monster destroyed by battle (not yet sent to the GY): can it "
                           f"{BATTLE_DESTROYED['target'][2]}?",
                 used_entities={e for _t, ents in sentences for e in ents}, uses_story=True)


def read_destroyed(skeleton: Skeleton, sentences) -> Frame | None:
    """The question about a monster destroyed by battle, as a frame, or None."""
    frame = _read_told(skeleton, sentences)
    if frame is not None:
        return frame
    if len(sentences) == 2 and plain(sentences[0][0]) in ("damage calculation", "after damage calculation"):
        text = "after damage calculation " + plain(sentences[1][0])  # "After damage calculation, can ..."
    elif len(sentences) == 1:
        text = plain(sentences[0][0])
    else:
        return None
    for action, pattern in _patterns():
        m = pattern.match(text)
        if m:
            break
    else:
        return None
    if action == "sent":
        at = next((k[2:] for k, v in m.groupdict().items() if k.startswith("s_") and v), None)
        question = {"ask": "damage_step_event", "event": "destroyed_by_battle",
                    "query": {"action": "sent_to_gy", "sent_at": at}}
        said = "when is it sent to the GY" if at is None else f"is it sent to the GY {TIMING_PHRASES[at]}"
        return Frame(question, f"Asked about a monster destroyed by battle: {said}?",
                     used_entities={e for _t, ents in sentences for e in ents}, uses_story=True)
    if not re.search(rf"marked for destruction|{alt('destroyed', 'not_yet')}|{alt('destroyed', 'before_gy')}|"
                     rf"^{alt('destroyed', 'moment')} ", text):
        return None  # "destroyed by battle" alone may mean in the GY afterwards: "not yet sent" must be said
    groups = m.groupdict()
    groups["ent"] = next((v for k, v in groups.items() if k.startswith("ent") and v), None)
    if action == "cost":
        if groups.get("card"):
            action = "cost_card"
        else:
            action = "cost_mandatory" if groups["kind"] == "mandatory" else "cost_optional"
    question = {"ask": "damage_step_event", "event": "destroyed_by_battle", "query": {"action": action}}
    used = {e for _t, ents in sentences for e in ents}
    subject = "a monster destroyed by battle (not yet sent to the GY)"
    if groups.get("ent"):
        entity = skeleton.entities[int(groups["ent"][1:])]
        if entity.kind != "card" or not entity.name:
            return None
        question["card"] = {"card": entity.name}
        subject = f"{entity.name}, destroyed by battle (not yet sent to the GY)"
    understood = f"Asked about {subject}: can it {BATTLE_DESTROYED[action][2]}?"
    return Frame(question, understood, used_entities=used, uses_story=True)
