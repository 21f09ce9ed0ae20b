"""Nomi and Semi-Nomi monsters read from their own text (phrases in ``summon_only.toml``).

A named monster is an example of the kind ``nomi`` (only ever Summoned by its own method) or ``semi_nomi``
(Special Summon-only: other effects may Special Summon it once it was properly Summoned) when its text says
so; Fusion, Synchro, Xyz, Link and Ritual Monsters are Semi-Nomi unless their text makes them Nomi.  Wordings
the books read differently ("Must be Special Summoned (from your hand)", "Must be Fusion Summoned") make neither
kind, so no claim about those kinds decides for the card.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

__all__ = ["summon_only_kind"]

_FILE = Path(__file__).with_name("summon_only.toml")


@lru_cache(maxsize=1)
def _table() -> dict:
    with _FILE.open("rb") as handle:
        return tomllib.load(handle)


def summon_only_kind(card) -> str | None:
    """``"nomi"``, ``"semi_nomi"`` or None for a card (a :class:`kb.models.Card`)."""
    if card.card_type != "Monster":
        return None
    table = _table()
    text = " ".join(t for t in (card.text, card.materials) if t).lower()
    if any(p in text for p in table["nomi_always"]):
        return "nomi"
    if any(p in text for p in table["undecided"]):
        return None  # the books disagree on these wordings (summon_only.toml)
    if any(p in text for p in table["nomi"]):
        return "nomi"
    if any(p in text for p in table["semi_nomi"]):
        return "semi_nomi"
    if set(card.abilities or []) & set(table["semi_nomi_abilities"]):
        return "semi_nomi"
    return None
