"""Lasting prohibitions of face-up cards that the simulator applies (the others make an answer "unknown",
:func:`kb.engine.sim.continuous.lasting_effects`): each is a pattern over the whole text of a Continuous
effect and the act it forbids, as data.  "Neither player can Tribute cards." forbids every Tribute (a Tribute
Summon's included), "Neither player can Special Summon monsters." every Special Summon, "Your opponent cannot
Set cards." a Normal Set by the card's controller's opponent; card text takes precedence over the rules (RULES
``card_text_overrides``)."""

from __future__ import annotations

import re

__all__ = ["RESTRICTIONS", "barred", "forbidding", "modelled"]

# (pattern over a Continuous effect's whole text, the act it forbids, the players it binds: "both", or
# "opponent" (the opponent of the card's controller))
RESTRICTIONS: list[tuple[re.Pattern, str, str]] = [
    (re.compile(r"^Neither player can Tribute (?:any )?cards\.$", re.I), "tribute", "both"),
    (re.compile(r"^Neither player can Special Summon(?: any)?(?: monsters)?\.$", re.I), "special_summon", "both"),
    (re.compile(r"^Your opponent cannot Special Summon(?: any)?(?: monsters)?\.$", re.I), "special_summon",
     "opponent"),
    (re.compile(r"^Neither player can Set (?:any )?cards\.$", re.I), "set", "both"),
    (re.compile(r"^Your opponent cannot Set (?:any )?cards\.$", re.I), "set", "opponent"),
]


def _texts(inst) -> list[str]:
    return [(e.get("text") or "").strip() for e in inst.card.effects if e.get("kind") == "continuous"]


def modelled(text: str) -> bool:
    """Whether a lasting effect's text is one of :data:`RESTRICTIONS` (applied, so not "not modelled")."""
    return any(pattern.match(text.strip()) for pattern, _act, _who in RESTRICTIONS)


def forbidding(state, act: str, player: str | None = None):
    """The face-up card on the field whose lasting effect forbids ``act`` (to ``player``, when given: a
    restriction on "your opponent" does not bind the card's controller), and that effect's text, or None."""
    for inst in state.cards.values():
        if not inst.on_field or inst.face != "up" or (inst.card.is_monster and inst.pendulum_zone):
            continue
        for text in _texts(inst):
            if any(pattern.match(text) and forbidden == act and (who == "both" or player != inst.controller)
                   for pattern, forbidden, who in RESTRICTIONS):
                return inst, text
    return None


def barred(state, act: str, what: str, player: str | None = None):
    """A failed check (a ``Legality``) when a face-up card's lasting effect forbids ``act``, else None."""
    found = forbidding(state, act, player)
    if found is None:
        return None
    from .actions import Legality

    return Legality().add("lasting effect", "fail", f"{found[0].name} is face-up: \"{found[1]}\" ({what} is "
                                                    f"forbidden)", "card_text_overrides")
