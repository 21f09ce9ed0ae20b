"""A card that applied its effect, then had its effects negated, onto ``{"ask": "negated_effects"}``
(:mod:`kb.engine.negated_effects`): what X's earlier effect did (an ATK gain, a monster it equipped, counters
it placed, the effects a Gemini Monster gained) asked after X's effects are negated (the ATK, the equipped
monster, the counters, a second Normal Summon).

The story (every sentence but the last, read as one) must be one ``[effects]`` shape of what the card did
followed by one shape of the negation; the last sentence one of ``[effects.questions]``.  Read whole or not
at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .negation_outcome import sentences, words
from .skeleton import Skeleton

__all__ = ["read_negated_effects"]

_DID = ("gained_atk", "equipped", "counters", "gemini")
_JOIN = r"(?: \.)?(?: ,)? (?:and )?(?:then )?(?:\. )?"


@lru_cache(maxsize=1)
def _shapes() -> tuple[list, list]:
    table = words()["effects"]
    gemini = "(?:" + "|".join(re.escape(w) for w in sorted(table["gemini_words"], key=len, reverse=True)) + ")"
    negated = "(?:" + "|".join(p.replace("(?P<y>", f"(?P<y{i}>") for i, p in enumerate(table["negated"])) + ")"
    story = []
    for did in _DID:
        x = rf"(?P<x>e\d+|{gemini})" if did == "gemini" else r"(?P<x>e\d+)"
        for pattern in table[did]:
            story.append((did, re.compile("^" + pattern.replace("{x}", x) + _JOIN + negated + "$")))
    questions = [(outcome, re.compile(r"^(?:then |so )?" + pattern + "$"))
                 for outcome, patterns in table["questions"].items() for pattern in patterns]
    return story, questions


def read_negated_effects(skeleton: Skeleton) -> Frame | None:
    """The ``negated_effects`` question the story asks, as a frame, or None."""
    said = sentences(skeleton, class_words=True)
    if len(said) < 2:
        return None
    story = " ".join(text for text, _ents in said[:-1])
    asked = said[-1][0]
    story_shapes, question_shapes = _shapes()
    found = did = None
    for kind, pattern in story_shapes:
        found = pattern.match(story)
        if found:
            did = kind
            break
    if found is None:
        return None
    outcomes = {outcome for outcome, pattern in question_shapes if pattern.match(asked)}
    from ..engine.negated_effects import EFFECTS_OUTCOMES

    outcomes = {o for o in outcomes if EFFECTS_OUTCOMES[o][1] == did}
    if len(outcomes) != 1:
        return None
    outcome = outcomes.pop()
    entities = skeleton.entities
    x = found["x"]
    if re.fullmatch(r"e\d+", x):
        entity = entities[int(x[1:])]
        if entity.kind != "card":
            return None
        card, label = {"card": entity.name}, entity.name
    else:  # "my Gemini Monster"
        card, label = {"class": {"type": "monster"}}, "a Gemini Monster"
    question = {"ask": "negated_effects", "card": card, "did": did, "outcome": outcome}
    if found.groupdict().get("n"):
        question["atk_gain"] = int(found["n"])
    by = next((v for k, v in found.groupdict().items() if re.fullmatch(r"y\d+", k) and v), None)
    if by:
        by_entity = entities[int(by[1:])]
        if by_entity.kind != "card":
            return None
        question["by"] = {"card": by_entity.name}
    what = {"gained_atk": f"gained {question.get('atk_gain', 'some')} ATK with its own effect",
            "equipped": "equipped a monster with its own effect", "counters": "has counters on itself",
            "gemini": "gained its effects"}[did]
    understood = (f"{label} {what}, then its effects are negated"
                  f"{' by ' + question['by']['card'] if by else ''}: {EFFECTS_OUTCOMES[outcome][0]}?")
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)
