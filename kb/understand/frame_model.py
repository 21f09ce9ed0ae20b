"""The frame's values: one reading as a JSON question (:class:`Frame`) and the exceptions a reading
raises when the question leaves something open (see :mod:`kb.understand.frame`)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Frame", "Unclear", "SeveralEffects"]


@dataclass
class Frame:
    """One reading as a JSON question, or the reason there is none."""

    question: dict | None
    understood: str
    reason: str | None = None
    used_entities: set[int] = field(default_factory=set)
    uses_story: bool = False
    other_readings: list["Frame"] = field(default_factory=list)  # the same words read another way
    # questions answered beside ``question``, combined "any" ("is it possible?" over what the card could
    # respond to, over the kinds of "a card": yes when one is) or "agree" (the answer stands when all give it)
    alternatives: list[dict] = field(default_factory=list)
    combine: str = "agree"
    also: list["Frame"] = field(default_factory=list)  # the same question for each effect of a card: agree


class Unclear(Exception):
    """The question leaves open something the engine needs (which effect of a card is meant)."""


class SeveralEffects(Exception):
    """ "the effect of X" where the Spell/Trap X has several activated effects: each is asked."""

    def __init__(self, entity, indices: list[int]):
        super().__init__(f"{entity.name}: effects {indices}")
        self.entity, self.indices = entity, indices
