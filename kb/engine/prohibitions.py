"""Prohibitions of another card's continuous effect while it applies: "Trap Cards, and their effects on the
field, cannot be activated.", "Your opponent cannot activate Spell Cards." (docs/engine.md, "Permissions").

The counterpart of :mod:`kb.engine.permissions`: a question about activating a card may say that another
card is applying (``"applying": [{"card": X, "while": "on_field"}]``).  When a continuous effect of X
forbids activating cards of the asked card's type for the asking player, the answer is "no" while it
applies (it applies as long as X is face-up and its effect is not negated: both are assumed and said).
A prohibition that covers another type of card, or a player not known, decides nothing here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .rules import citation

__all__ = ["PROHIBITIONS", "Prohibition", "prohibitions_of", "prohibited_answer"]

_TYPES = r"(?P<type>spell|trap|spell/trap)"
# name -> (pattern over one continuous effect's text, lower case; who may not activate: both players,
# the opponent of the card's controller or its controller).  A whole sentence with no condition, of plain
# "Spell/Trap Cards" only: a qualified kind ('"Hole" Normal Trap Cards'), a phase ("during the Battle Phase")
# or a condition ("While ...: ...") is not read.
PROHIBITIONS: dict[str, tuple[str, str]] = {
    "cards_cannot_be_activated": (
        rf"(?:^|\.\s+){_TYPES} cards?(?:,? and their effects(?: on the field)?,?)? cannot be activated\.",
        "both"),
    "neither_player_can_activate": (rf"(?:^|\.\s+)neither player can activate {_TYPES} cards?\.", "both"),
    "opponent_cannot_activate": (rf"(?:^|\.\s+)your opponent cannot activate {_TYPES} cards?\.", "opponent"),
    "you_cannot_activate": (rf"(?:^|\.\s+)you cannot activate {_TYPES} cards?\.", "controller"),
}
_WORDS = {"both": "either player", "opponent": "its controller's opponent", "controller": "its controller"}


@dataclass(frozen=True)
class Prohibition:
    """One prohibition read from a card's continuous effect."""

    name: str
    card: str
    text: str
    card_types: tuple[str, ...]
    who: str


def prohibitions_of(card: str, effects: list[dict]) -> list[Prohibition]:
    """The prohibitions the continuous effects of ``card`` state (:data:`PROHIBITIONS`)."""
    out = []
    for effect in effects:
        if effect.get("kind") != "continuous":
            continue  # an activated effect's "cannot be activated" lasts for a while after it resolves
        text = (effect.get("text") or "").strip()
        low = re.sub(r"\s+", " ", text.lower())
        for name, (pattern, who) in PROHIBITIONS.items():
            match = re.search(pattern, low)
            if match and not re.search(r"\bfor the rest of\b|\bthis turn\b|\buntil\b", low):
                kind = match.group("type")
                types = ("Spell", "Trap") if kind == "spell/trap" else (kind.capitalize(),)
                out.append(Prohibition(name, card, text, types, who))
    return out


def prohibited_answer(prohibitions: list[Prohibition], asked: dict, asked_type: str | None,
                      owner: str | None) -> dict | None:
    """The "no" answer when a prohibition covers the asked card (its type, the asking player), else None.

    Only the card's own activation (from the hand or the field) is decided: an effect named by number, or a
    card in the GY or banished ("... and their effects on the field"), is left to the other checks.
    """
    if asked.get("effect") is not None or asked.get("location") not in (None, "field", "hand"):
        return None
    asked_by = asked.get("controller")
    for item in prohibitions:
        if asked_type not in item.card_types:
            continue
        if item.who != "both":
            if not owner or not asked_by:
                continue  # whose card it is decides, and it is not said
            if (item.who == "opponent") != (owner != asked_by):
                continue
        detail = (f"{item.card}'s continuous effect \"{item.text}\" applies: {_WORDS[item.who]} cannot activate "
                  f"{'/'.join(item.card_types)} Cards while it does")
        return {"answer": "no", "card": None, "resolved": {},
                "explanation": f"No: {detail}.",
                "steps": [{"check": "prohibition", "result": "fail", "detail": detail,
                           **citation("prohibition_applying")}],
                "assumed": [f"{item.card} is face-up on the field and its effect is not negated"], "rulings": []}
    return None
