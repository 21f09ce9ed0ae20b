"""A Pendulum Effect whose Pendulum Monster is destroyed (or leaves the field) in the chain before the
effect resolves does not resolve (rule ``left_field_pendulum``, prb2017 "Pendulum Monsters treated as
Spell Cards"): the effect's activation told, then its monster destroyed, banished or returned by a later
link (a card or effect of the opponent chained to it), and the question whether the effect still resolves.

"Pendulum Monster" is no kind of card the generic stage reads: here it is the word "pendulum" before a
mention of a monster (``pendulum e<N>``).  The question is read whole (two sentences), else no reading.
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from .frame_model import Frame
from .skeleton import Skeleton

__all__ = ["read_pendulum_left_field", "pendulum_left_field_answer"]

_ACTOR = r"(?:i|my opponent|the opponent|your opponent|they|he|she|a player)"
_GONE = r"(?:destroyed|banished|returned to the hand|sent to the (?:gy|graveyard))"
_STORY = [
    # the Pendulum Effect activated, then (in the chain) its monster gone, the monster named or not
    re.compile(rf"^(?P<x>e\d+) (?:is|was|gets|got) activated (?:and )?(?:then )?(?:in (?:a|the) chain )?"
               rf"(?:the |that |my |its )?pendulum (?P<m>e\d+) (?:is|was|gets|got) {_GONE}"
               rf"(?: by a card effect)?(?: (?:activated )?in (?:a|the) chain| in response)?$"),
    # a player activates the Pendulum Effect, the other chains a card said to destroy/banish its monster
    re.compile(rf"^{_ACTOR} (?:activate|activates|activated) (?P<x>e\d+) (?:and )?(?:then )?{_ACTOR} "
               rf"(?:chain|chains|chained|responds with) (?P<y>e\d+) (?:that|which|to) ?(?:destroy|destroys|banish|"
               rf"banishes)? ?(?:that |the |my |its )?pendulum (?P<m>e\d+)$"),
]
_QUESTION = re.compile(
    r"^(?:does|will|would) (?:the |that |its |my )?(?P<q>e\d+|effect|pendulum effect)(?: (?:still|even))? "
    r"(?:resolve|apply|be applied)$"
)


def _pendulum_effect(entity) -> bool:
    cls = entity.cls or {}
    return entity.kind == "class" and cls.get("effect") == "pendulum" and set(cls) <= {"effect", "type"}


def read_pendulum_left_field(skeleton: Skeleton, sentences) -> Frame | None:
    """The question of the module doc as a frame, or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    told = re.sub(r"\s+", " ", told).strip()
    match = next((m for m in (shape.match(told) for shape in _STORY) if m), None)
    ask = _QUESTION.match(asked.strip())
    if match is None or ask is None or not re.search(r"\bchain\b|\bchains\b|in response|by a card effect", told):
        return None  # removed how (a cost of its own?) is not said
    entities = skeleton.entities
    if not _pendulum_effect(entities[int(match["x"][1:])]):
        return None
    if (entities[int(match["m"][1:])].cls or {}) != {"type": "monster"}:
        return None
    if match.groupdict().get("y"):
        removes = entities[int(match["y"][1:])]
        if removes.kind != "class" or not set((removes.cls or {}).get("does") or []) & {"destroy", "banish"}:
            return None
    if re.fullmatch(r"e\d+", ask["q"]) and not _pendulum_effect(entities[int(ask["q"][1:])]):
        return None
    skeleton.use(skeleton.live())
    return Frame({"ask": "chain_rule", "rule": "left_field_pendulum"},
                 "Does a Pendulum Effect resolve when its Pendulum Monster is destroyed in the chain before it "
                 "resolves?", used_entities=set(range(len(entities))), uses_story=True)


def pendulum_left_field_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "left_field_pendulum"}``."""
    detail = ("a Pendulum Effect whose Pendulum Monster is destroyed by a card effect activated in the chain "
              "(before the Pendulum Effect resolves) does not resolve")
    return {"answer": "no", "card": None, "resolved": {}, "explanation": f"no: {detail}.",
            "steps": [{"check": "card left the field", "result": "fail", "detail": detail,
                       **citation("left_field_pendulum")}],
            "assumed": [], "rulings": []}
