"""Several monsters Summoned at once and a card that negates the Summon of some of them, onto
``{"ask": "summon_reach"}`` (:func:`kb.engine.summon_conditions.answer_summon_reach`): "My opponent
Pendulum Summons a Level 4, a Level 6 and a Level 7 monster at the same time, and I activate X. Is the
Level 4 monster's Special Summon negated too?".  Read whole (``[reach]`` of ``negation_words.toml``) or not
at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .negation_outcome import sentences, words
from .skeleton import Skeleton
from .story import actor_player

__all__ = ["read_summon_reach"]

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
