"""Costs of a Summon procedure ("You can Special Summon this card (from your hand) by discarding 1 card"):
checked before the Summon, paid as the first step of it, then the Summon performed as a later step, so a card
moved as that cost is never the last thing to happen (rule ``cost_never_last``): its optional "When ... you
can" effect misses the timing, decided from the log by :mod:`.triggers` like any other.

A Summon procedure's cost takes ``discard`` (cards in the hand), ``tribute`` (monsters the player controls),
``send`` (to the GY from the hand or field) and ``banish``; LP and detaching are not Summon costs here.
"""

from __future__ import annotations

from .actions import Legality
from .setup import bad

__all__ = ["summon_cost_cards", "pay_summon_cost"]

_WHERE = {"discard": ("hand",), "tribute": ("monster", "emz"), "send": ("hand", "monster", "emz", "spell_trap"),
          "banish": ("hand", "monster", "emz", "spell_trap", "gy")}


def summon_cost_cards(game, action: dict, player: str, summoned) -> tuple[list, Legality]:
    """The cards a Summon procedure's ``cost`` names, each found where that kind of cost takes it from, and
    the checks (a card paid for its own Summon, a cost of a kind a Summon does not take)."""
    legal = Legality()
    cost = action.get("cost") or {}
    where = f"actions[{action['index']}].cost"
    if cost and action.get("how", "procedure") == "effect":
        raise bad(where, cost, "a Special Summon by a card effect has no cost of its own (the activation pays it)")
    out = []
    for key, refs in cost.items():
        if key not in _WHERE:
            raise bad(f"{where}.{key}", refs, "a Summon procedure's cost here is discard, tribute, send or banish")
        for i, ref in enumerate(refs):
            card = game.find(ref, player, _WHERE[key], f"{where}.{key}[{i}]",
                             natural="hand" if key in ("discard", "send") else None)
            if card.uid == summoned.uid:
                return out, legal.add("cost", "fail", f"{summoned.name} cannot pay the cost of its own Summon",
                                      "cost")
            out.append((key, card))
    if out:
        said = ", ".join(f"{key} {card.name}" for key, card in out)
        legal.add("cost", "pass", f"the cost of {summoned.name}'s Summon is paid first ({said}); the Summon is "
                                  "performed afterwards", "cost_never_last", "cost")
    return out, legal


def pay_summon_cost(game, cards: list, summoned) -> None:
    """Pay the cost (logged "by cost"), then start a new step for the Summon that follows it."""
    if not cards:
        return
    for key, card in cards:
        game.move(card, "banished" if key == "banish" else "gy", by="cost", discarded=key == "discard",
                  tributed=key == "tribute", cause=f"cost of {summoned.name}'s Summon")
    game.state.new_step()
