"""Card data the simulator reads: stats from the Card table, effect profiles, and the Summoning conditions
their text states (Nomi, Semi-Nomi, "Cannot be Special Summoned", Tribute rules of their own).

A :class:`SimCard` is an immutable description of a printed card; :class:`Catalog` resolves names into
them (through :func:`kb.engine.questions.resolve` and the stored effect profiles) and caches them.
"""

from __future__ import annotations

import builtins
import re
from dataclasses import dataclass, field

from .rulebook import EXTRA_DECK_FRAMES, TRIBUTES_BY_LEVEL

__all__ = ["SimCard", "Catalog", "summon_condition"]

_NOT_NORMAL = re.compile(r"cannot be normal summoned\s*/\s*set", re.I)
_MUST_FIRST = re.compile(r"must (?:first )?be (?:special summoned|ritual summoned|fusion summoned|synchro summoned|"
                         r"xyz summoned|link summoned)", re.I)
_NOMI = re.compile(r"must be special summoned|cannot be special summoned (?:by other ways|except by)", re.I)
_CONDITIONAL = re.compile(r"cannot be special summoned except|can only be special summoned", re.I)
_CANNOT_SPECIAL = re.compile(r"cannot be special summoned\.", re.I)
_OWN_TRIBUTE_RULE = re.compile(r"(?:without tributing|tribute summon this card|requires? \d+ tributes?|"
                               r"by tributing|normal summon(?:ed)? without|tributes? for (?:the )?tribute summon)",
                               re.I)


def summon_condition(text: str, abilities: tuple[str, ...], card_type: str) -> str:
    """How the card may be Summoned, read from its text and frame.

    ``normal`` (no condition), ``nomi`` ("Must be Special Summoned ..."), ``semi_nomi`` ("Must first be ..."
    and Extra Deck / Ritual monsters), ``cannot_special`` ("Cannot be Special Summoned."), ``set_only`` ("Cannot be Normal or Special Summoned"),
    ``unknown``
    ("Cannot be Normal Summoned/Set" with no readable procedure, "cannot be Special Summoned except from ...").
    """
    if card_type != "Monster":
        return "normal"
    lines = text.split("\n")
    extra = any(frame in abilities for frame in EXTRA_DECK_FRAMES)
    first_paragraph = " ".join(lines[:2]) if extra else lines[0]
    if re.search(r"cannot be normal or special summoned", first_paragraph, re.I):
        return "set_only"
    if _CANNOT_SPECIAL.search(first_paragraph):
        return "cannot_special"
    if _NOMI.search(first_paragraph) and "must first be" not in first_paragraph.lower():
        return "nomi"
    if _CONDITIONAL.search(first_paragraph):
        return "unknown"
    if any(frame in abilities for frame in (*EXTRA_DECK_FRAMES, "Ritual")):
        return "semi_nomi"
    if _NOT_NORMAL.search(first_paragraph):
        return "semi_nomi" if _MUST_FIRST.search(first_paragraph) else "unknown"
    return "normal"


@dataclass(frozen=True)
class SimCard:
    """A printed card: identity, type, stats and effect profiles."""

    id: int
    name: str
    card_type: str  # Monster | Spell | Trap
    property: str | None = None
    abilities: tuple[str, ...] = ()
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    link_arrows: tuple[str, ...] = ()
    atk: int | None = None
    defense: int | None = None
    scale: int | None = None
    text: str = ""
    effects: tuple = field(default=(), compare=False, hash=False)

    @builtins.property
    def is_monster(self) -> bool:
        return self.card_type == "Monster"

    @builtins.property
    def extra_deck_frame(self) -> str | None:
        """Fusion / Synchro / Xyz / Link for Extra Deck monsters, else ``None``."""
        return next((f for f in EXTRA_DECK_FRAMES if f in self.abilities), None)

    @builtins.property
    def is_pendulum(self) -> bool:
        return "Pendulum" in self.abilities

    @builtins.property
    def is_link(self) -> bool:
        return "Link" in self.abilities

    @builtins.property
    def summon_condition(self) -> str:
        return summon_condition(self.text, self.abilities, self.card_type)

    def tributes_needed(self) -> int | None:
        """Tributes to Normal Summon/Set it by its Level; ``None`` when its text has a Tribute rule of its own."""
        if self.level is None:
            return None
        if _OWN_TRIBUTE_RULE.search(self.text):
            return None
        for low, high, count in TRIBUTES_BY_LEVEL:
            if low <= self.level <= high:
                return count
        return None

    def describe(self) -> str:
        """"Magma Dragon (Level 4, ATK 1600 / DEF 1200)" style label."""
        if not self.is_monster:
            return f"{self.name} ({self.property or ''} {self.card_type})".replace("( ", "(")
        stars = (f"Level {self.level}" if self.level is not None else f"Rank {self.rank}" if self.rank is not None
                 else f"Link-{self.link_rating}" if self.link_rating else "no Level")
        return f"{self.name} ({stars}, ATK {self.atk if self.atk is not None else '?'})"


class Catalog:
    """Resolves card names into :class:`SimCard` (unknown / ambiguous names raise the resolver's errors)."""

    def __init__(self, session) -> None:
        self.session = session
        self._by_name: dict[str, SimCard] = session.info.setdefault("sim_catalog", {})

    def card(self, name: str) -> SimCard:
        """The card a name means (nicknames and fuzzy names included, as everywhere in the engine)."""
        hit = self._by_name.get(name)
        if hit is not None:
            return hit
        from ..profiles import load_profiles
        from ..questions import resolve

        row = resolve(self.session, name)
        card = self._by_name.get(row.name)
        if card is None:
            card = self.from_row(row, load_profiles(self.session, row))
            self._by_name[row.name] = card
        self._by_name[name] = card
        return card

    @staticmethod
    def from_row(row, effects) -> SimCard:
        """A :class:`SimCard` from a Card row and its effect profiles."""
        return SimCard(id=row.id, name=row.name, card_type=row.card_type, property=row.property,
                       abilities=tuple(row.abilities or ()), level=row.level, rank=row.rank,
                       link_rating=row.link_rating, link_arrows=tuple(row.link_arrows or ()),
                       atk=None if row.atk_unknown else row.atk, defense=None if row.def_unknown else row.defense,
                       scale=row.scale, text=row.text or "", effects=tuple(effects))
