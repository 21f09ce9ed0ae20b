"""Several monsters Summoned at once and a card that negates the Summon of some of them, onto
``{"ask": "summon_reach"}`` (:func:`kb.engine.summon_conditions.answer_summon_reach`): monsters of several
Levels Pendulum Summoned together, a card X that negates some of them, and whether one Level's Summon is
negated too.  Read whole (``[reach]`` of ``negation_words.toml``) or not
at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .negation_outcome import sentences, words
from .skeleton import Skeleton
from .story import actor_player

__all__ = ["read_destroyed_together", "read_summon_reach"]

_WHO = r"(?:i|my opponent|your opponent|the opponent|player a|player b|they|he|she)"
_LEVELS = r"(?P<levels>(?:an? )?level \d+(?: monster)?(?:(?: and)? (?:an? )?level \d+(?: monster)?)+)(?: monsters)?"


@lru_cache(maxsize=1)
def _shapes() -> tuple[list[re.Pattern], list[re.Pattern]]:
    table = words()["reach"]
    story = [re.compile("^" + p.replace("{who}", _WHO).replace("{levels}", _LEVELS)
                        .replace("{x}", r"(?P<x>e\d+)") + "$") for p in table["story"]]
    asked = [re.compile(r"^(?:then |so )?" + p.replace("{n}", r"(?P<n>\d+)").replace("{x}", r"(?P<x2>e\d+)") + "$")
             for p in table["questions"]]
    return story, asked


def read_summon_reach(skeleton: Skeleton) -> Frame | None:
    """The ``summon_reach`` question of such a story, as a frame, or None."""
    said = sentences(skeleton, class_words=True)
    if len(said) != 2:
        return None
    story_shapes, question_shapes = _shapes()
    found = next((m for m in (p.match(said[0][0]) for p in story_shapes) if m), None)
    asked = next((m for m in (p.match(said[1][0]) for p in question_shapes) if m), None)
    if found is None or asked is None:
        return None
    entities = skeleton.entities
    negator = entities[int(found["x"][1:])]
    if negator.kind != "card":
        return None
    if asked.groupdict().get("x2") and entities[int(asked["x2"][1:])].name != negator.name:
        return None
    levels = [int(n) for n in re.findall(r"level (\d+)", found["levels"])]
    level = int(asked["n"])
    if level not in levels or levels.count(level) > 1:
        return None
    card = {"card": negator.name}
    who = actor_player(found["me"])
    if who:
        card["controller"] = who
    question = {"ask": "summon_reach", "card": card, "how": found["how"], "levels": levels, "level": level}
    listed = ", ".join(f"Level {n}" for n in levels)
    understood = (f"{found['how'].capitalize()} Summon of {len(levels)} monsters at once ({listed}); "
                  f"{negator.name} negates the Summon: is the Level {level} monster's Summon negated?")
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)


# ------------------------------------------------------------------------------ destroyed at the same time


@lru_cache(maxsize=1)
def _together_shapes() -> tuple[list[re.Pattern], list[re.Pattern]]:
    table = words()["together"]
    ent = r"(?:my |my opponent's |the opponent's |their |your )?(?P<{0}>e\d+)"
    story = [re.compile("^" + p.replace("{a}", ent.format("a")).replace("{b}", ent.format("b"))
                        .replace("{c}", ent.format("c")) + "$") for p in table["story"]]
    asked = [re.compile(r"^(?:then |so )?" + p.replace("{x}", ent.format("x")).replace("{y}", ent.format("y")) + "$")
             for p in table["questions"]]
    return story, asked


def read_destroyed_together(skeleton: Skeleton) -> Frame | None:
    """``{"ask": "destroyed_together"}``: two monsters destroyed at the same time; is one banished by the
    other's effect?"""
    said = sentences(skeleton, class_words=True)
    if len(said) != 2:
        return None
    story_shapes, question_shapes = _together_shapes()
    found = next((m for m in (p.match(said[0][0]) for p in story_shapes) if m), None)
    asked = next((m for m in (p.match(said[1][0]) for p in question_shapes) if m), None)
    if found is None or asked is None:
        return None
    entities = skeleton.entities

    def name(match, key):
        value = match.groupdict().get(key)
        entity = entities[int(value[1:])] if value else None
        return entity.name if entity is not None and entity.kind == "card" else None

    a, b, x, y = name(found, "a"), name(found, "b"), name(asked, "x"), name(asked, "y")
    if not a or not b or a == b or x not in (a, b) or (asked.groupdict().get("y") and y not in (a, b)):
        return None
    applier = y or (b if x == a else a)
    if applier == x:
        return None
    question = {"ask": "destroyed_together", "cards": [{"card": a}, {"card": b}], "asked": {"card": x},
                "applier": {"card": applier}, "outcome": "banished"}
    understood = f"{a} and {b} are destroyed at the same time: is {x} banished by {applier}'s effect?"
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)
