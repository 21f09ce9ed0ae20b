"""The values the checks work on: a resolved card (:class:`EngineCard`), a verdict being built
(:class:`Verdict`), the states a card may be in, and small helpers that describe effects."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import rules
from .model import Moment, all_moments

ACTIVATED_KINDS = ("activation", "ignition", "trigger", "quick", "flip")
_ALL_MOMENTS = tuple(all_moments())
_MAIN = ("main1", "main2")
# phase words of a condition -> the phases of the model they cover
_PHASE_NAMES = {"main": _MAIN, "main1": ("main1",), "main2": ("main2",), "battle": ("battle",),
                "battle_step": ("battle",), "start_step": ("battle",), "end_step": ("battle",),
                "standby": ("standby",), "end": ("end",), "draw": ("draw",)}


@dataclass
class EngineCard:
    """A resolved card with its effect profiles and what the question says about it."""

    id: int
    name: str
    card_type: str
    property: str | None
    effects: list[dict]
    controller: str | None = None
    location: str | None = None
    face: str | None = None
    set_this_turn: bool | None = None
    effect: int | None = None


@dataclass
class Verdict:
    """The outcome of one check sequence: answer, steps, assumptions."""

    answer: str = "unknown"
    steps: list[dict] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    effect: int | None = None
    link_effect: int | None = None
    undecided: bool = False  # a check could not decide (its step says why): the answer is at most "unknown"

    def step(self, check: str, result: str, detail: str, *rule_keys: str) -> None:
        """Record one check with the citations of its rules."""
        self.steps.append({"check": check, "result": result, "detail": detail, **rules.citation(*rule_keys)})

    def fail(self, check: str, detail: str, *rule_keys: str) -> "Verdict":
        """Record a failed check and answer "no" (``return verdict.fail(...)`` ends a check)."""
        self.step(check, "fail", detail, *rule_keys)
        self.answer = "no"
        return self

    def assume(self, text: str) -> None:
        """Record a condition the answer needs."""
        if text not in self.assumed:
            self.assumed.append(text)


# ------------------------------------------------------------------------------------------ helpers

@dataclass(frozen=True)
class _State:
    location: str
    face: str | None
    set_this_turn: bool | None

    def describe(self, name: str) -> str:
        if self.location == "hand":
            return f"{name} is in the hand"
        if self.location == "field":
            if self.face == "down":
                when = {True: "this turn", False: "on an earlier turn", None: ""}[self.set_this_turn]
                return f"{name} was Set {when}".strip()
            return f"{name} is face-up on the field"
        return f"{name} is in the {'GY' if self.location == 'gy' else self.location}"


def _states(card: EngineCard) -> list[_State]:
    """Card states that agree with what the question says about ``card``."""
    if card.card_type in ("Spell", "Trap"):
        options = [_State("hand", None, None), _State("field", "down", False), _State("field", "down", True),
                   _State("field", "up", None), _State("gy", None, None), _State("banished", None, None)]
    else:
        options = [_State("field", "up", None), _State("hand", None, None), _State("gy", None, None),
                   _State("banished", None, None), _State("field", "down", None), _State("extra", None, None),
                   _State("deck", None, None)]
    out = []
    for state in options:
        if card.location is not None and state.location != card.location:
            continue
        if card.face is not None and state.location == "field" and state.face != card.face:
            continue
        if card.set_this_turn is not None and state.location == "field" and state.face == "down" and \
                card.card_type != "Monster" and state.set_this_turn != card.set_this_turn:
            continue
        if card.set_this_turn and state.location != "field":
            continue
        out.append(state)
    return out


def _moments(moment: Moment) -> list[Moment]:
    return [m for m in _ALL_MOMENTS if moment.matches(m)]


def _effects_to_consider(card: EngineCard) -> list[dict]:
    if card.effect is not None:
        return [e for e in card.effects if e["index"] == card.effect]
    activated = [e for e in card.effects if e["kind"] in ACTIVATED_KINDS]
    unknown = [e for e in card.effects if e["kind"] == "unknown"]
    return activated + unknown


def _effect_label(card: EngineCard, effect: dict) -> str:
    if effect["kind"] == "activation":
        return f"the activation of {card.name}"
    return f"{card.name}'s {effect['kind']} effect (#{effect['index']})"


def _speed_text(effect: dict) -> str:
    return f"Spell Speed {effect['spell_speed']}" if effect["spell_speed"] else "not activated"


def _is_card_activation(effect: dict) -> bool:
    return effect["kind"] == "activation"


def link_tags(effect: dict) -> set[str]:
    """Categories of an effect with location tags (``special_summon:gy``) for condition matching."""
    tags = set(effect["categories"])
    for category, zones in effect.get("sources", {}).items():
        tags.update(f"{category}:{zone}" for zone in zones)
    if "search" in tags:
        tags.add("add_to_hand:deck")
    return tags
