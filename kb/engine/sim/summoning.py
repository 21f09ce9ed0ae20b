"""Performing Summons and Sets in a :class:`~kb.engine.sim.game.Game`: Normal/Tribute Summons and Sets, Flip
Summons, changes of battle position, Special and Pendulum Summons, Setting Spells/Traps.  Each checks the action
first (:mod:`kb.engine.sim.actions`), then moves the cards through the game so that every event is logged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (Legality, check_change_position, check_flip_summon, check_normal_summon,
                      check_pendulum_summon, check_special_summon)
from .costs import pay_summon_cost, summon_cost_cards
from .setup import bad
from .state import EMZ_NAMES

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PERFORMERS", "normal_summon", "set_monster", "flip_summon", "change_position", "special_summon",
           "pendulum_summon", "set_spell_trap"]


def normal_summon(game: Game, action: dict, *, set_it: bool = False) -> Legality:
    """A Normal or Tribute Summon (or, with ``set_it``, a Normal Set) from the hand."""
    player = game.acting_player(action)
    where = f"actions[{action['index']}].card"
    inst = game.find(action["card"], player, ("hand",), where, natural="hand")
    tributes = game.refs(action, "tributes", player, ("monster", "emz"))
    legal = check_normal_summon(game.state, player, inst, tributes, action.get("zone"), set_it=set_it)
    if legal.answer == "no":
        return legal
    game.state.new_step()
    for trib in tributes:
        game.move(trib, "gy", by="rule", tributed=True, cause=f"Tributed for {inst.name}")
    if tributes:  # the Summon is performed after the Tributes (rule cost_never_last; costs.py)
        game.state.new_step()
    game.state.records[player].normal_summons_used += 1
    zone = action.get("zone")
    if zone is None:
        zone = game.state.free_main_zones(player)[0] + 1
    game.place_monster(inst, player, zone, kind="tribute" if tributes else "normal", by="rule",
                       face="down" if set_it else "up", position="defense" if set_it else "attack")
    if set_it:
        game.settle()
    else:
        game.state.pending_summon = inst.uid
    return legal


def set_monster(game: Game, action: dict) -> Legality:
    """A Normal Set (face-down Defense Position) from the hand."""
    return normal_summon(game, action, set_it=True)


def _own_monster_checked(game: Game, action: dict, check) -> tuple[str, object, Legality]:
    """The acting player, the monster on their field that ``action["card"]`` names, and ``check`` of it."""
    player = game.acting_player(action)
    inst = game.find(action["card"], player, ("monster", "emz"), f"actions[{action['index']}].card")
    return player, inst, check(game.state, player, inst)


def flip_summon(game: Game, action: dict) -> Legality:
    """A Flip Summon of a face-down monster the player controls."""
    player, inst, legal = _own_monster_checked(game, action, check_flip_summon)
    if legal.answer == "no":
        return legal
    game.state.new_step()
    inst.face, inst.position, inst.position_changed_this_turn = "up", "attack", True
    inst.summoned, inst.summoned_by, inst.properly = "flip", "procedure", True
    game.state.log_event("flip_summoned", inst, by="rule", origin="field")
    game.state.log_event("flipped", inst, by="rule", origin="field")
    game.say(f"{player} Flip Summons {inst.name}")
    game.state.pending_summon = inst.uid
    return legal


def change_position(game: Game, action: dict) -> Legality:
    """A change of battle position by the player (once per turn, not the turn it was Summoned)."""
    player, inst, legal = _own_monster_checked(game, action, check_change_position)
    if legal.answer == "no":
        return legal
    inst.position = "defense" if inst.position == "attack" else "attack"
    inst.position_changed_this_turn = True
    game.state.new_step()
    game.state.log_event("position_changed", inst, by="rule", origin="field")
    game.say(f"{player} changes {inst.name} to {inst.position.title()} Position")
    game.settle()
    return legal


def special_summon(game: Game, action: dict) -> Legality:
    """A Special Summon by procedure (Fusion ... Link, built-in) or by an effect the question states."""
    player = game.acting_player(action)
    how = action.get("how", "procedure")
    frm = action.get("from")
    locations = (frm,) if frm else ("hand", "gy", "banished", "extra", "deck")
    natural = frm or ("extra" if how in ("fusion", "synchro", "xyz", "link") else "hand")
    inst = game.find(action["card"], player if natural != "gy" else None, locations,
                     f"actions[{action['index']}].card", natural=natural)
    legal = Legality()
    if game.state.chain_open() and how != "effect":
        return legal.add("open game state", "fail", "a Summon by procedure needs an open game state",
                         "chain_only_activations")
    if how == "effect":
        game.assume(f"a card effect Special Summons {inst.name} (the effect itself is not simulated)")
    materials = game.refs(action, "materials", player, ("monster", "emz", "hand", "gy", "deck", "extra"))
    legal.extend(check_special_summon(game.state, player, inst, how, action.get("zone"), materials,
                                      ignoring=bool(action.get("ignoring_conditions"))))
    cost_cards, cost_legal = summon_cost_cards(game, action, player, inst)  # a procedure's cost (costs.py)
    legal.extend(cost_legal)
    if legal.answer == "no":
        return legal
    game.state.new_step()
    pay_summon_cost(game, cost_cards, inst)
    for material in materials:
        if material.uid != inst.uid and material.location != "gy":
            game.state.log_event("used_as_material", material, by="rule",
                                 origin="field" if material.on_field else material.location)
            game.move(material, "gy", by="rule", cause=f"material for {inst.name}")
    if materials:  # the Summon is performed after the materials are sent (rule cost_never_last; costs.py)
        game.state.new_step()
    kind = how if how in ("fusion", "synchro", "xyz", "link", "ritual", "pendulum") else "special"
    game.place_monster(inst, player, action.get("zone"), kind=kind, by="effect" if how == "effect" else "rule",
                       position=action.get("position", "attack"))
    if how == "effect":
        inst.properly = inst.properly or inst.card.summon_condition == "normal"
        game.settle()
    else:
        inst.properly = True
        game.state.pending_summon = inst.uid
    return legal


def pendulum_summon(game: Game, action: dict) -> Legality:
    """A Pendulum Summon of the cards named, from the hand and the face-up Extra Deck."""
    player = game.acting_player(action)
    insts = game.refs(action, "cards", player, ("hand", "extra"), natural="hand")
    zones = action.get("zones", [])
    for i, zone in enumerate(zones):
        if not (zone is None or zone in EMZ_NAMES or (type(zone) is int and 1 <= zone <= 5)):
            raise bad(f"actions[{action['index']}].zones[{i}]", zone, "must be 1-5, emz_left, emz_right or null")
    if len(zones) > len(insts):
        raise bad(f"actions[{action['index']}].zones", zones, "more zones than cards")
    legal = check_pendulum_summon(game.state, player, insts, zones)
    if legal.answer == "no":
        return legal
    game.state.new_step()
    game.state.records[player].pendulum_summoned = True
    zones = zones + [None] * (len(insts) - len(zones))
    for inst, zone in zip(insts, zones):
        game.place_monster(inst, player, zone, kind="pendulum", by="rule")
        inst.properly = True
    game.state.pending_summon = insts[0].uid if insts else None
    return legal


def set_spell_trap(game: Game, action: dict) -> Legality:
    """Setting a Spell/Trap from the hand in the player's Main Phase (a Field Spell in the Field Zone)."""
    player = game.acting_player(action)
    inst = game.find(action["card"], player, ("hand",), f"actions[{action['index']}].card", natural="hand")
    legal = Legality()
    if game.state.turn != player or game.state.phase not in ("main1", "main2") or game.state.chain_open():
        return legal.add("Main Phase", "fail", "Spells and Traps are Set in your own Main Phase with no chain",
                         "sim_main_phase_only", "spell_activation")
    if inst.card.is_monster:
        game.unmodelled_part(f"Setting the monster {inst.name} in a Spell & Trap Zone")
        return legal.add("card type", "unknown", f"{inst.name} is a monster: Setting it in a Spell & Trap Zone is "
                                                 f"not modelled", "spell_activation")
    if inst.card.property == "Field":
        if game.state.at(player, "field_zone", 0) is not None:
            old = game.state.at(player, "field_zone", 0)
            game.move(old, "gy", by="rule", cause="a new Field Spell replaces it")
        inst.location, inst.zone = "field_zone", 0
    else:
        free = game.state.free_spell_trap_zones(player)
        zone = action.get("zone")
        if zone is not None and (not isinstance(zone, int) or zone - 1 not in free):
            return legal.add("zone", "fail", f"Spell & Trap Zone {zone} is not free", "spell_activation")
        if not free:
            return legal.add("zone", "fail", f"{player} has no free Spell & Trap Zone", "spell_activation")
        inst.location, inst.zone = "spell_trap", (zone - 1 if zone else free[0])
    inst.face, inst.set_this_turn, inst.controller = "down", True, player
    legal.add("Set", "pass", f"{player} Sets {inst.name}", "spell_activation", "trap_activation")
    game.state.new_step()
    game.state.log_event("set", inst, by="rule", origin="hand")
    game.say(f"{player} Sets {inst.name} ({inst.where()})")
    game.settle()
    return legal


# action kind ("do") -> the function that performs it
PERFORMERS = {"normal_summon": normal_summon, "set_monster": set_monster, "flip_summon": flip_summon,
              "change_position": change_position, "special_summon": special_summon,
              "pendulum_summon": pendulum_summon, "set_spell_trap": set_spell_trap}
