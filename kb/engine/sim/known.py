"""Facts a question states about the game state (``state.known``: "the cards of this kind in this place are
exactly those the state lists"; ``state.declared``: card names a face-up card declared) and counts of cards
with whether they are certain.  Read by :mod:`kb.engine.sim.requirements`; parsed by
:mod:`kb.engine.sim.scenario` (errors name the field and the value).
"""

from __future__ import annotations

from dataclasses import dataclass

from .setup import bad
from .state import PLAYERS, Instance

__all__ = ["Known", "KNOWN_PLACES", "parse_known", "parse_declared", "known", "count", "kind_of"]

KNOWN_PLACES = ("hand", "deck", "gy", "banished", "extra", "field", "monsters", "spells_traps", "lp")
_KINDS = (None, "monster", "spell", "trap", "spell_trap")
_LOCATIONS = {"hand": ("hand",), "deck": ("deck",), "gy": ("gy",), "banished": ("banished",), "extra": ("extra",),
              "monsters": ("monster", "emz"), "spells_traps": ("spell_trap", "field_zone"),
              "field": ("monster", "emz", "spell_trap", "field_zone")}


@dataclass(frozen=True)
class Known:
    """A fact the question states: the cards of ``kind`` (face ``face``) in ``place`` of ``player`` are exactly
    those the state lists (``place`` ``lp``: the LP given are the player's LP)."""

    player: str
    place: str
    kind: str | None = None
    face: str | None = None

    def covers(self, player: str, place: str, kind: str | None, face: str | None) -> bool:
        if self.player != player:
            return False
        if self.place != place and not (self.place == "field" and place in ("monsters", "spells_traps")):
            return False
        if self.kind is not None and self.kind != kind and not (self.kind == "spell_trap" and kind in ("spell", "trap")):
            return False
        return self.face is None or self.face == face


def parse_declared(value, field: str) -> list[dict]:
    """The state's ``declared`` list: ``[{"by": "Prohibition", "name": "Dark Hole"}]`` (a face-up card of the
    state declared that card name)."""
    if value is None:
        return []
    if not isinstance(value, list) or any(not isinstance(v, dict) or set(v) != {"by", "name"} or
                                          not all(isinstance(x, str) for x in v.values()) for v in value):
        raise bad(field, value, "must be a list of {\"by\": <card>, \"name\": <card name>}")
    return list(value)


def parse_known(value, field: str) -> list[Known]:
    """The state's ``known`` list: ``[{"player": "A", "where": "hand", "kind": "monster", "face": "up"}]``."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise bad(field, value, "must be a list of {\"player\", \"where\", \"kind\", \"face\"}")
    out = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(item, dict) or set(item) - {"player", "where", "kind", "face"}:
            raise bad(where, item, "must be {\"player\", \"where\"[, \"kind\", \"face\"]}")
        if item.get("player") not in PLAYERS:
            raise bad(f"{where}.player", item.get("player"), "must be A or B")
        if item.get("where") not in KNOWN_PLACES:
            raise bad(f"{where}.where", item.get("where"), f"expected one of {', '.join(KNOWN_PLACES)}")
        if item.get("kind") not in _KINDS:
            raise bad(f"{where}.kind", item.get("kind"), "expected monster, spell, trap or spell_trap")
        if item.get("face") not in (None, "up", "down"):
            raise bad(f"{where}.face", item.get("face"), "must be up or down")
        out.append(Known(item["player"], item["where"], item.get("kind"), item.get("face")))
    return out


def kind_of(inst: Instance) -> str:
    """monster / spell / trap: what the card is where it is (a Pendulum Scale is a Spell)."""
    if inst.location in ("monster", "emz"):
        return "monster"
    if inst.location in ("spell_trap", "field_zone"):
        return "trap" if inst.card.card_type == "Trap" else "spell"
    return inst.card.card_type.lower()


def _fits(inst: Instance, kind: str | None, face: str | None) -> bool:
    mine = kind_of(inst)
    if kind is not None and mine != kind and not (kind == "spell_trap" and mine in ("spell", "trap")):
        return False
    return face is None or not inst.on_field or inst.face == face


def known(state, player: str, place: str, kind: str | None = None, face: str | None = None) -> bool:
    """Whether the state says all the cards of that kind in that place (the whole field and GYs when the
    state is ``complete``)."""
    if any(k.covers(player, place, kind, face) for k in getattr(state, "known", ())):
        return True
    return bool(state.complete) and place in ("monsters", "spells_traps", "field", "gy")


def count(state, player: str, place: str, kind: str | None = None, face: str | None = None,
          exclude: int | None = None) -> tuple[int, bool]:
    """How many cards of a kind a player has in a place (piles by owner, the field by controller), and whether
    that number is certain (the question states them all)."""
    if player == "both":
        a, b = (count(state, p, place, kind, face, exclude) for p in PLAYERS)
        return a[0] + b[0], a[1] and b[1]
    if place == "field" and not known(state, player, "field", kind, face):
        a, b = (count(state, player, p, kind, face, exclude) for p in ("monsters", "spells_traps"))
        return a[0] + b[0], a[1] and b[1]
    key = "owner" if place in _LOCATIONS and place not in ("monsters", "spells_traps", "field") else "controller"
    n = sum(1 for inst in state.cards.values() if inst.location in _LOCATIONS[place] and getattr(inst, key) == player
            and inst.uid != exclude and _fits(inst, kind, face))
    unnamed = state.players[player].unnamed.get(place, 0)
    exact = known(state, player, place, kind, face)
    if kind is None:
        n += unnamed
    elif unnamed and not any(k.covers(player, place, kind, face) and k.kind is not None
                             for k in getattr(state, "known", ())):
        exact = False  # cards given by no name may be of that kind
    return n, exact
