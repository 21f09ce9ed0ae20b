"""Effects a question states without the card that applies them (the ``effect`` action, docs/simulator.md).

A story often says what an effect did ("its position was changed by a card effect", "it was flipped
face-down by Book of Moon", "I took control of it until the End Phase", "it was banished until the End
Phase") without the simulator reading that card.  The ``effect`` action performs such an outcome and applies
the rules of what follows from it, each citing its row (:mod:`.stated_rules`, ``turn_rules``):

- ``change_position``: a face-up monster's battle position changed by an effect (not counted against the
  once-a-turn change); an attacking monster changed to Defense Position in the Battle Step ends the attack;
- ``flip_face_down``: Equip Spells on it destroyed and sent to the GY, its counters removed (not a Link
  Monster); ``flip_face_up``: turned face-up by an effect (not a Flip Summon), in ``position``;
- ``negate_attack``: the attack in progress ends (no Damage Step); the monster still declared an attack;
- ``take_control`` / ``return_control``: to the other player's (the owner's) available Main Monster Zone --
  from an Extra Monster Zone too; none available: destroyed and sent to the GY;
- ``banish_temporarily`` / ``return_from_banishment``: back to the previous controller's field in the
  previous position (not a Special Summon); no available Main Monster Zone: sent to the GY.
"""

from __future__ import annotations

import re

from .actions import Legality
from .setup import bad
from .state import other

__all__ = ["OPS", "parse_effect", "apply_effect"]

OPS = ("change_position", "flip_face_down", "flip_face_up", "negate_attack", "take_control", "return_control",
       "banish_temporarily", "return_from_banishment", "gain_atk", "tribute_for_cost", "maintenance_unpaid",
       "unattackable", "direct_attack_allowed", "stop_attack")
_FIELD = ("monster", "emz")
# a maintenance cost in a card's text and what its card does when it is not paid (community 9.5.3)
_MAINTENANCE = re.compile(
    r"during (?:your|each player's|the|each) (?:standby|end) phase\b[^.]*?\b(?:pay|tribute|detach|discard|send|banish)"
    r"\b[^.]*?,? or (?P<fate>destroy this card|this card is destroyed|send this card to the (?:gy|graveyard)|"
    r"this card is sent to the (?:gy|graveyard))"
    r"|during (?:your|each player's|the|each) (?:standby|end) phase\b[^.]*?\b(?:pay|tribute|detach|discard|banish)\b"
    r"[^.]*\. if you (?:cannot|can't|do not|don't)[^.,]*, (?P<fate2>destroy (?:it|this card)|send (?:it|this card) to "
    r"the (?:gy|graveyard))", re.I)


def parse_effect(raw: dict, where: str) -> dict:
    """The fields of an ``effect`` action (``op``, ``position``); errors name the field and the value."""
    op = raw.get("op")
    if op not in OPS:
        raise bad(f"{where}.op", op, f"expected one of {', '.join(OPS)}")
    out = {"op": op}
    if "position" in raw:
        if raw["position"] not in ("attack", "defense") or op not in ("change_position", "flip_face_up"):
            raise bad(f"{where}.position", raw["position"], "attack or defense, with change_position or flip_face_up")
        out["position"] = raw["position"]
    if op == "gain_atk":
        if type(raw.get("amount")) is not int or raw["amount"] == 0:
            raise bad(f"{where}.amount", raw.get("amount"), "gain_atk needs a whole, non-zero amount of ATK")
        out["amount"] = raw["amount"]
    elif "amount" in raw:
        raise bad(f"{where}.amount", raw["amount"], "only gain_atk takes an amount")
    return out


def apply_effect(game, action: dict) -> Legality:
    """Check and perform one stated effect (see the module doc)."""
    op = action["op"]
    where = f"actions[{action['index']}].card"
    locations = ("banished",) if op == "return_from_banishment" else \
        ("monster", "emz", "spell_trap", "field_zone") if op == "maintenance_unpaid" else _FIELD
    natural = None if op == "return_from_banishment" else "monster"
    if op == "maintenance_unpaid":
        card = game.catalog_card(action["card"], where)
        natural = "monster" if card.is_monster else "field_zone" if card.property == "Field" else "spell_trap"
    inst = game.find(action["card"], None, locations, where, natural=natural)
    if op == "maintenance_unpaid" and inst.on_field and not inst.card.is_monster and inst.face == "down":
        inst.face = "up"  # a card whose maintenance cost is due is face-up (its cost applies)
    game.state.new_step()
    legal = _OPS[op](game, inst, action, Legality())
    if legal.answer != "no" and not game.state.chain_open():
        game.settle()
    return legal


# ------------------------------------------------------------------------------------------ positions


def _change_position(game, inst, action, legal):
    state = game.state
    if inst.face != "up":
        return legal.add("face-up", "fail", f"{inst.name} is face-down: turning it face-up is flipping it",
                         "sim_position_by_effect")
    if inst.card.is_link:
        return legal.add("Link Monster", "fail", f"{inst.name} is a Link Monster: its position cannot be changed",
                         "sim_link_position_effect")
    to = action.get("position") or ("defense" if inst.position == "attack" else "attack")
    inst.position = to
    state.log_event("position_changed", inst, by="effect", origin="field")
    game.say(f"an effect changes {inst.name} to {to.title()} Position (not counted as its controller's change)")
    legal.add("position by effect", "pass", f"{inst.name} is changed to {to.title()} Position by an effect; the "
              f"change is not counted against the once-a-turn change", "sim_position_by_effect")
    battle = state.battle
    if battle is not None and battle.attacker == inst.uid and to == "defense" and not battle.calculated and \
            state.step != "damage":
        _end_attack(game, "the attacking monster was changed to Defense Position in the Battle Step")
        legal.add("attack", "pass", f"{inst.name} was changed to Defense Position after its attack declaration: the "
                  f"Damage Step does not begin", "sim_no_damage_step")
    return legal


def _flip_face_down(game, inst, action, legal):
    state = game.state
    if inst.face != "up":
        return legal.add("face-up", "fail", f"{inst.name} is already face-down", "sim_face_down_effects")
    if inst.card.is_link:
        return legal.add("Link Monster", "fail", f"{inst.name} is a Link Monster: it cannot be flipped face-down",
                         "sim_face_down_not_link")
    inst.face, inst.position = "down", "defense"
    state.log_event("flipped_face_down", inst, by="effect", origin="field")
    game.say(f"an effect flips {inst.name} face-down in Defense Position")
    legal.add("flipped face-down", "pass", f"{inst.name} is flipped face-down: effects that were affecting it no "
              f"longer do", "sim_face_down_effects")
    if inst.atk_change:
        legal.add("ATK", "pass", f"the ATK change of {inst.atk_change:+d} no longer applies to {inst.name}",
                  "sim_face_down_effects")
        inst.atk_change = 0
    if inst.counters:
        game.say(f"the {inst.counters} counter(s) on {inst.name} are removed")
        legal.add("counters", "pass", f"{inst.name}'s {inst.counters} counter(s) are removed",
                  "sim_face_down_counters")
        inst.counters = 0
    for equip in [c for c in state.cards.values() if c.equipped_to == inst.uid]:
        equip.equipped_to = None
        if equip.on_field:
            game.move(equip, "gy", by="rule", destroyed=True,
                      cause=f"the monster it equipped ({inst.name}) was flipped face-down")
            legal.add("Equip Spell", "pass", f"{equip.name} is destroyed and sent to the GY (not by a card effect)",
                      "sim_face_down_equip")
    battle = state.battle
    if battle is not None and battle.attacker == inst.uid and not battle.calculated and state.step != "damage":
        _end_attack(game, "the attacking monster was flipped face-down")
    return legal


def _flip_face_up(game, inst, action, legal):
    if inst.face != "down":
        return legal.add("face-down", "fail", f"{inst.name} is already face-up", "sim_face_down_effects")
    to = action.get("position") or "defense"
    inst.face, inst.position = "up", to
    game.state.log_event("flipped", inst, by="effect", origin="field")
    game.say(f"an effect turns {inst.name} face-up in {to.title()} Position (not a Flip Summon)")
    note = " (it already declared an attack this turn)" if inst.attacked_this_turn else ""
    return legal.add("flipped face-up", "pass", f"{inst.name} is turned face-up by an effect{note}",
                     "sim_face_down_attacked" if inst.attacked_this_turn else "sim_position_by_effect")


def _negate_attack(game, inst, action, legal):
    battle = game.state.battle
    if battle is None or battle.calculated or battle.attacker != inst.uid:
        return legal.add("attack", "fail", f"{inst.name} is not attacking", "sim_attack_declaration")
    if game.state.step == "damage":
        game.unmodelled_part(f"an attack negated in the Damage Step ({inst.name})")
        return legal.add("step", "unknown", "an attack negated in the Damage Step is not simulated",
                         "sim_no_damage_step")
    _end_attack(game, "the attack was negated")
    return legal.add("attack negated", "pass", f"{inst.name}'s attack is negated: no Damage Step; it still declared "
                     f"an attack this turn", "sim_negated_attack_counts", "sim_no_damage_step")


def _end_attack(game, why: str) -> None:
    state = game.state
    state.battle.calculated = True
    state.log_event("attack_ended", state.cards[state.battle.attacker], by="effect")
    game.say(f"{why}: the attack ends without damage calculation")
    state.battle = None
    state.step, state.timing = "battle", None


# ------------------------------------------------------------------------------------------ control


def _to_main_zone(game, inst, player: str, legal, *, why: str, key: str, destroyed: bool) -> bool:
    """Put ``inst`` in ``player``'s first available Main Monster Zone; none: to the GY (destroyed or not)."""
    free = game.state.free_main_zones(player)
    if not free:
        game.move(inst, "gy", by="rule", destroyed=destroyed, cause=f"{player} has no available Main Monster Zone")
        legal.add("Main Monster Zone", "pass", f"{player} has no available Main Monster Zone: {inst.name} is "
                  + ("destroyed and " if destroyed else "") + f"sent to its owner's GY {why}", key)
        return False
    inst.location, inst.zone, inst.controller = "monster", free[0], player
    return True


def _take_control(game, inst, action, legal):
    player = action.get("player") or other(inst.controller)
    if inst.controller == player:
        return legal.add("control", "fail", f"{player} already controls {inst.name}", "sim_control_current")
    from_emz = inst.location == "emz"
    if _to_main_zone(game, inst, player, legal, why="(its control would have changed)", key="sim_control_no_zone",
                     destroyed=True):
        game.state.log_event("control_changed", inst, player=player, by="effect", origin="field")
        game.say(f"{player} takes control of {inst.name} ({inst.where()})")
        legal.add("control", "pass", f"{player} controls {inst.name}, owned by {inst.owner}: it is treated as "
                  f"{player}'s card until control returns", "sim_control_current", "sim_control_owner_pile")
        if from_emz:
            legal.add("zone", "pass", f"{inst.name} moves from the Extra Monster Zone to {player}'s Main Monster "
                      f"Zone", "sim_control_emz")
    return legal


def _return_control(game, inst, action, legal):
    owner = inst.owner
    if inst.controller == owner:
        return legal.add("control", "fail", f"{inst.name} is already controlled by its owner {owner}",
                         "sim_control_current")
    from_emz = inst.location == "emz"
    if _to_main_zone(game, inst, owner, legal, why="(control would have returned)", key="sim_control_no_zone",
                     destroyed=True):
        game.state.log_event("control_changed", inst, player=owner, by="effect", origin="field")
        game.say(f"control of {inst.name} returns to {owner} ({inst.where()})")
        legal.add("control returns", "pass", f"control of {inst.name} returns to {owner}: {inst.where()}"
                  + (" (not the Extra Monster Zone)" if from_emz else ""),
                  "sim_control_emz" if from_emz else "sim_control_current")
    return legal


def _banish_temporarily(game, inst, action, legal):
    memory = {"controller": inst.controller, "position": inst.position, "face": inst.face}
    game.move(inst, "banished", by="effect", cause="until it returns")
    inst.returns_to = memory
    return legal.add("banished", "pass", f"{inst.name} is banished for a time; it will return to "
                     f"{memory['controller']}'s field", "sim_temporary_banish_return")


def _return_from_banishment(game, inst, action, legal):
    memory = inst.returns_to
    if memory is None:
        return legal.add("banished for a time", "fail", f"{inst.name} was not banished for a time",
                         "sim_temporary_banish_return")
    inst.returns_to = None
    player = memory["controller"]
    if not game.state.free_main_zones(player):
        game.move(inst, "gy", by="rule", cause=f"{player} has no available Main Monster Zone")
        return legal.add("Main Monster Zone", "pass", f"{player} has no available Main Monster Zone: {inst.name} is "
                         f"not returned to the field and is sent to the GY (not destroyed)",
                         "sim_temporary_banish_return")
    inst.location, inst.zone, inst.controller = "monster", game.state.free_main_zones(player)[0], player
    inst.face, inst.position = memory["face"], memory["position"] or "attack"
    game.state.log_event("returned_to_field", inst, player=player, by="effect", origin="banished")
    legal.add("effects before", "pass", f"{inst.name} is not affected by the effects that applied to it before it "
              f"was banished", "sim_temporary_banish_new")
    game.say(f"{inst.name} returns to the field ({inst.where()}, {inst.position.title()} Position; not a Special "
             f"Summon)")
    return legal.add("returns", "pass", f"{inst.name} returns to {player}'s field in its previous position (not a "
                     f"Special Summon)", "sim_temporary_banish_return")


def _gain_atk(game, inst, action, legal):
    if inst.face != "up":
        return legal.add("face-up", "fail", f"{inst.name} is face-down: its ATK cannot change",
                         "sim_face_down_effects")
    inst.atk_change += action["amount"]
    game.say(f"{inst.name} {'gains' if action['amount'] > 0 else 'loses'} {abs(action['amount'])} ATK by an effect")
    return legal.add("ATK", "pass", f"{inst.name}'s ATK changes by {action['amount']:+d} while the effect applies "
                     f"to it", "sim_face_down_effects")


def _tribute_for_cost(game, inst, action, legal):
    player = action.get("player") or game.state.turn
    if inst.controller != player:
        return legal.add("control", "fail", f"{player} does not control {inst.name}: only monsters a player controls "
                         f"can be Tributed for that player's costs", "sim_control_current")
    game.move(inst, "gy", by="cost", tributed=True, cause=f"Tributed by {player} for a cost")
    return legal.add("control", "pass", f"{player} controls {inst.name} (owned by {inst.owner}) and can Tribute it for "
                     f"a cost; it goes to its owner's GY", "sim_control_current", "sim_control_owner_pile")


def _maintenance_unpaid(game, inst, action, legal):
    found = _MAINTENANCE.search(inst.card.text or "")
    if found is None:
        game.unmodelled_part(f"{inst.name}'s maintenance cost (none was read in its text)")
        return legal.add("maintenance cost", "unknown", f"no maintenance cost was read in {inst.name}'s text",
                         "sim_maintenance_unpaid")
    fate = (found.group("fate") or found.group("fate2")).lower()
    destroyed = "destroy" in fate
    game.move(inst, "gy", by="rule", destroyed=destroyed, cause="its maintenance cost was not paid")
    return legal.add("maintenance cost", "pass", f"{inst.name}'s maintenance cost was not paid: its text says "
                     f"\"{fate}\", so it is {'destroyed' if destroyed else 'sent to the GY (not destroyed)'}",
                     "sim_maintenance_unpaid")


def _targets_change(game, inst, action, legal):
    """An effect changes what the attacking monster may attack (a monster of the opponent can no longer be attacked,
    or the attacker may now attack directly): a replay in the Battle Step, none in the Damage Step."""
    state, op = game.state, action["op"]
    key = "sim_replay_unattackable" if op == "unattackable" else "sim_replay_direct"
    battle = state.battle
    if battle is None or battle.calculated or state.step not in ("battle", None):
        if battle is not None and state.step == "damage":
            return legal.add("replay", "pass", "the attack targets changed in the Damage Step: no replay",
                             "sim_no_replay_damage_step")
        return legal.add("attack", "fail", "no attack is in progress in the Battle Step", "sim_attack_declaration")
    attacker = state.cards[battle.attacker]
    if op == "unattackable" and inst.controller == attacker.controller:
        return legal.add("attack targets", "fail", f"{inst.name} is not a monster the attacker's opponent controls",
                         key)
    if op == "direct_attack_allowed" and inst.uid != attacker.uid:
        return legal.add("attack targets", "fail", f"{inst.name} is not the attacking monster", key)
    what = (f"{inst.name} can no longer be attacked" if op == "unattackable" else
            f"{inst.name} may now attack directly")
    if battle.replay:
        return legal.add("replay", "pass", f"{what}; a replay is already under way", key)
    battle.replay = True
    state.replays += 1
    state.log_event("replay", attacker)
    game.say(f"an effect applies: {what}; the attack targets changed: a replay")
    return legal.add("replay", "pass", f"{what}: the attack targets changed during the Battle Step, a replay", key)


def _stop_attack(game, inst, action, legal):
    battle = game.state.battle
    if battle is None or not battle.replay or battle.attacker != inst.uid:
        return legal.add("replay", "fail", f"no replay is waiting for {inst.name}'s new attack target",
                         "sim_replay_stop")
    _end_attack(game, f"after the replay no target is chosen for {inst.name}")
    return legal.add("replay", "pass", f"no target is chosen after the replay: the attack stops; {inst.name} still "
                     f"declared an attack this Battle Phase", "sim_replay_stop")


_OPS = {"stop_attack": _stop_attack, "unattackable": _targets_change, "direct_attack_allowed": _targets_change,
        "maintenance_unpaid": _maintenance_unpaid, "tribute_for_cost": _tribute_for_cost, "gain_atk": _gain_atk, "change_position": _change_position, "flip_face_down": _flip_face_down, "flip_face_up": _flip_face_up,
        "negate_attack": _negate_attack, "take_control": _take_control, "return_control": _return_control,
        "banish_temporarily": _banish_temporarily, "return_from_banishment": _return_from_banishment}
