"""Battle: attack declaration, replays, the Damage Step and damage calculation (battle damage, destruction).

ATK/DEF are the printed values; a card on the field that could change them (an Equip Spell, a face-up
card with an ATK/DEF-changing or battle-rule effect) makes the result "not modelled" rather than guessed.
"""

from __future__ import annotations

import re

from .actions import Legality
from .state import Battle, other

__all__ = ["declare", "check_replay", "enter_damage_step", "damage_calculation", "finish", "aimed_at_nothing",
           "before_damage", "before_destruction"]

_MODIFIERS = {"atk_change", "def_change", "battle_rule", "protect"}


def declare(game, action: dict) -> Legality:
    """An attack declaration (or, after a replay, the new choice of target)."""
    state = game.state
    legal = Legality()
    player = state.turn
    where = f"actions[{action['index']}]"
    if state.phase != "battle":
        if state.turn_number == 1:
            return legal.add("first turn", "fail", "no Battle Phase in the first turn of the Duel",
                             "sim_first_turn_battle")
        return legal.add("phase", "fail", f"attacks are declared in the Battle Phase, not the {state.phase} phase",
                         "sim_attack_declaration")
    if state.step == "start":
        return legal.add("step", "fail", "attacks are declared in the Battle Step, not the Start Step",
                         "sim_attack_declaration", "turn_structure")
    if state.step in ("damage", "end") or state.chain_open():
        return legal.add("step", "fail", f"an attack is declared in the Battle Step with no chain, not now "
                                         f"({state.step} step)", "sim_attack_declaration")
    attacker = game.find(action["attacker"], player, ("monster", "emz"), f"{where}.attacker", natural="monster")
    replay = state.battle is not None and state.battle.replay
    if attacker.controller != player:
        return legal.add("attacker", "fail", f"{attacker.name} is not controlled by the turn player {player}",
                         "sim_attack_declaration")
    if attacker.face != "up" or attacker.position != "attack":
        return legal.add("attacker", "fail", f"{attacker.name} is not in face-up Attack Position",
                         "sim_attack_declaration")
    same_again = replay and state.battle.attacker == attacker.uid
    if attacker.attacked_this_turn and not same_again:
        if any(e.kind == "replay" and e.uid == attacker.uid for e in state.log):
            return legal.add("attacks this turn", "fail", f"{attacker.name} declared an attack before a replay and "
                             f"another attack followed it: it is still considered to have declared an attack and "
                             f"cannot attack again this turn", "sim_replay_other_monster", "sim_attack_declaration")
        return legal.add("attacks this turn", "fail", f"{attacker.name} has already declared an attack this turn"
                         + (" (a replay lets only the same monster attack again)" if replay else ""),
                         "sim_attack_declaration", "sim_replay")
    opponent = other(player)
    defenders = state.monsters(opponent)
    target_ref = action.get("target")
    if target_ref is None:
        if defenders:
            return legal.add("target", "fail", f"{opponent} controls a monster: a direct attack is not possible",
                             "sim_attack_declaration")
        target = None
    else:
        target = game.find(target_ref, opponent, ("monster", "emz"), f"{where}.target", natural="monster")
        defenders = state.monsters(opponent)
    legal.add("attack declaration", "pass", f"{attacker.name} attacks "
              + (target.name if target else "directly"), "sim_attack_declaration")
    state.step, state.timing = "battle", None
    if state.battle is not None and not state.battle.replay and not state.battle.calculated:
        finish(game)
    state.new_step()
    attacker.attacked_this_turn = True
    state.records[player].attacks_declared += 1
    state.battle = Battle(attacker=attacker.uid, target=target.uid if target else None,
                          opponent_monsters=len(defenders))
    state.battle.defender_uids = {m.uid for m in defenders}  # type: ignore[attr-defined]
    if replay and same_again:
        state.log_event("attack_target_chosen", attacker, player=player)
        game.say(f"after the replay {attacker.name} attacks {target.name if target else 'directly'} (not a new "
                 f"attack declaration)")
    elif replay:  # a different monster attacks: its own attack declaration; the first one still counts
        state.log_event("attack_declared", attacker, player=player)
        game.say(f"after the replay {player} attacks with a different monster: {attacker.name} attacks "
                 f"{target.name if target else 'directly'} (the first monster still counts as having attacked)")
        game.steps.append(_step("replay", "pass", f"{attacker.name} attacks instead of the monster that attacked "
                                "before the replay", "sim_replay_other_monster"))
    else:
        state.log_event("attack_declared", attacker, player=player)
        game.say(f"{player} declares an attack: {attacker.name} attacks {target.name if target else 'directly'}")
    game.settle()
    return legal


def check_replay(game) -> None:
    """After a chain or an action in the Battle Step: did the opponent's monsters change? (a replay)."""
    state = game.state
    battle = state.battle
    if battle is None or battle.calculated or battle.replay:
        return
    attacker = state.cards[battle.attacker]
    now = {m.uid for m in state.monsters(other(attacker.controller))}
    before = getattr(battle, "defender_uids", set())
    if now == before:
        return
    if attacker.location not in ("monster", "emz"):  # the change counts only after the chain: no attacker, no replay
        battle.defender_uids = now  # type: ignore[attr-defined]
        game.say(f"the opponent's monsters changed, but {attacker.name} has left the field: no replay")
        game.steps.append(_step("replay", "pass", f"the opponent's monsters changed, but a replay is only triggered "
                                f"after the chain has resolved, and by then {attacker.name} had left the field: no "
                                f"replay", "sim_replay_after_chain"))
        return
    if state.step == "damage":
        if not getattr(battle, "no_replay_noted", False):
            battle.no_replay_noted = True  # type: ignore[attr-defined]
            game.say("the opponent's monsters changed during the Damage Step: no replay")
            game.steps.append(_step("replay", "pass", "the number of the opponent's monsters changed during the "
                                    "Damage Step: no replay", "sim_no_replay_damage_step"))
        if battle.target is not None and state.cards[battle.target].location not in ("monster", "emz"):
            battle.target_gone = True  # type: ignore[attr-defined]
        return
    battle.replay = True
    state.replays += 1
    state.log_event("replay", attacker)
    game.say(f"the opponent's monsters changed after {attacker.name}'s attack declaration: a replay; the attacking "
             f"player may attack again with it, with another monster, or not at all")
    game.steps.append(_step("replay", "pass", "the opponent's monsters changed before the Damage Step: a replay",
                            "sim_replay"))


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    from .. import rules
    return {"check": check, "result": result, "detail": detail, **rules.citation(*keys)}


def enter_damage_step(game) -> Legality:
    state = game.state
    legal = Legality()
    if state.chain:
        from . import resolve
        resolve.resolve_chain(game)
    battle = state.battle
    if battle is None or battle.calculated:
        return legal.add("attack", "fail", "no attack is in progress", "sim_attack_declaration")
    if battle.replay:
        return legal.add("replay", "fail", "a replay happened: the attacking player chooses again before the Damage "
                                           "Step", "sim_replay")
    state.step, state.timing = "damage", "start"
    state.new_step()
    game.say("the Damage Step begins")
    legal.add("Damage Step", "pass", "the attack goes on to the Damage Step", "turn_structure")
    return legal


def _own_battle_effect(inst, effect: dict, battlers) -> bool:
    """A battling monster's own lasting effect on its battle damage that is read (card_stats.py: piercing, battle
    damage it inflicts halved or doubled): applied to its battle (its state's battle fields), True."""
    from .card_stats import own_battle_effect

    if inst not in battlers:
        return False
    kind = own_battle_effect(effect.get("text") or "")
    if kind is None:
        return False
    fields = inst.battle_stats = inst.battle_stats or {"atk_changes": [], "def_changes": [], "piercing": False,
                                                       "battle_damage": []}
    read = fields.setdefault("own_read", [])
    if effect.get("text") not in read:  # applied once
        read.append(effect.get("text"))
        if kind == "piercing":
            fields["piercing"] = True
        else:
            fields["battle_damage"].append(kind)
    return True


def _modifiers(game, battlers) -> list[str]:
    state = game.state
    out = []
    for inst in state.cards.values():
        if not inst.on_field or inst.face != "up":
            continue
        if inst.equipped_to is not None or (inst.card.property == "Equip") or inst.atk_change:
            out.append(inst.name)  # an Equip, or an ATK change a question stated (stated.py): not in the calculation
            continue
        for effect in inst.card.effects:
            if effect["kind"] in ("continuous", "rule", "unknown") and set(effect.get("categories") or []) & _MODIFIERS \
                    and not aimed_at_nothing(state, inst, effect.get("text") or "") \
                    and not _own_battle_effect(inst, effect, battlers):
                out.append(inst.name)
                break
    return sorted(set(out))


# --------------------------------------------------------- effects on the monsters a Link Monster points to

_ARROWS = {"Top": (0, 1), "Bottom": (0, -1), "Left": (-1, 0), "Right": (1, 0), "Top-Left": (-1, 1),
           "Top-Right": (1, 1), "Bottom-Left": (-1, -1), "Bottom-Right": (1, -1)}
_ABOUT_POINTED = re.compile(r"this card points to|those monsters|\b(?:they|them)\b", re.I)


def _square(inst) -> tuple[int, int]:
    """A monster's square on the field: columns 0-4 from A's left; rows 0 (A's Main Monster Zones), 1 (Extra
    Monster Zones), 2 (B's Main Monster Zones)."""
    if inst.location == "emz":
        return (1, 1) if inst.zone == 0 else (3, 1)
    return (inst.zone, 0) if inst.controller == "A" else (4 - inst.zone, 2)


def aimed_at_nothing(state, inst, text: str) -> bool:
    """Whether ``text`` (a lasting effect of the face-up Link Monster ``inst``) only concerns "monsters this card
    points to" while it points to no monster: then it changes nothing now.  Every clause must speak of those
    monsters, and "this card" must appear only in "this card points to"."""
    if not inst.card.is_link or inst.location not in ("monster", "emz") or "points to" not in text:
        return False
    if "this card" in text.replace("this card points to", "").replace("This card points to", ""):
        return False
    clauses = [c for c in re.split(r"(?<=\.)\s+|,\s*(?:and|also)\s+|;\s*", text) if c.strip()]
    if not all(_ABOUT_POINTED.search(c) for c in clauses):
        return False
    col, row = _square(inst)
    flip = -1 if inst.controller == "B" else 1
    pointed = set()
    for arrow in inst.card.link_arrows:
        dcol, drow = _ARROWS.get(arrow, (9, 9))
        pointed.add((col + dcol * flip, row + drow * flip))
    monsters = [m for m in state.cards.values() if m.location in ("monster", "emz") and m.uid != inst.uid]
    return not any(_square(m) in pointed for m in monsters)


def _not_a_number(game, legal: Legality, inst, stat: str, note: str = "") -> Legality:
    """Damage calculation stops at a monster whose ``stat`` is "?": not modelled, the answer is unknown."""
    game.unmodelled_part(f"{inst.name}'s {stat} is \"?\"{note}")
    _end(game)
    return legal.add("damage calculation", "unknown", f"{inst.name}'s {stat} is not a number", "sim_damage_calculation")


def damage_calculation(game) -> Legality:
    """Compare ATK/DEF; inflict battle damage; destroy the loser(s) by battle."""
    state = game.state
    legal = Legality()
    battle = state.battle
    if battle is None or battle.calculated:
        return legal.add("attack", "fail", "no attack is in progress", "sim_attack_declaration")
    if state.step != "damage":
        entered = enter_damage_step(game)
        legal.extend(entered)
        if entered.answer == "no":
            return legal
    attacker = state.cards[battle.attacker]
    target = state.cards[battle.target] if battle.target is not None else None
    if attacker.location not in ("monster", "emz") or (target is not None and target.location not in ("monster", "emz")):
        game.say("a battling monster left the field: no damage calculation")
        legal.add("damage calculation", "pass", "a battling monster left the field before damage calculation",
                  "sim_damage_calculation")
        _end(game)
        return legal
    mods = _modifiers(game, [attacker, target])
    if mods:
        game.unmodelled_part(f"ATK/DEF or battle modifiers of {', '.join(mods)}")
    state.timing = "calc"
    state.new_step()
    game.calculated_from = len(state.log)  # what happens from here on comes after the battle damage is fixed
    if target is not None and target.face == "down":
        target.face = "up"
        state.log_event("flipped", target, by="battle", origin="field")
        game.say(f"{target.name} is flipped face-up")
    atk = _stat(game, attacker, "atk")
    defender = other(attacker.controller)
    if atk is None:
        return _not_a_number(game, legal, attacker, "ATK")
    destroyed, damage = [], {}
    if target is None:
        damage[defender] = atk
        detail = f"direct attack: {defender} takes {atk}"
        game.steps.append(_step("damage calculation", "pass", detail, "battle_direct_damage"))
    elif target.position == "attack":
        tatk = _stat(game, target, "atk")
        if tatk is None:
            return _not_a_number(game, legal, target, "ATK")
        if atk > tatk:
            destroyed, damage[defender] = [target], atk - tatk
        elif atk < tatk:
            destroyed, damage[attacker.controller] = [attacker], tatk - atk
        elif atk > 0:
            destroyed = [attacker, target]
        else:  # two 0 ATK monsters: no damage, neither destroyed
            game.steps.append(_step("damage calculation", "pass", "both monsters have 0 ATK: no damage is inflicted "
                                    "and neither is destroyed", "sim_zero_atk_battle"))
        detail = f"ATK {atk} against ATK {tatk}"
        if atk != tatk:
            game.steps.append(_step("damage calculation", "pass", f"{detail}: the lower ATK is destroyed and its "
                                    f"controller takes the difference", "battle_attack_position"))
    else:
        tdef = _stat(game, target, "def")
        if tdef is None:
            return _not_a_number(game, legal, target, "DEF", " (or it has none)")
        if atk > tdef:
            destroyed = [target]
            if (attacker.battle_stats or {}).get("piercing"):
                damage[defender] = atk - tdef
                game.steps.append(_step("piercing", "pass", f"{attacker.name} inflicts piercing battle damage: "
                                        f"{defender} takes {atk - tdef}", "battle_piercing"))
        elif atk < tdef:
            damage[attacker.controller] = tdef - atk
        detail = f"ATK {atk} against DEF {tdef}"
        game.steps.append(_step("damage calculation", "pass", f"{detail} (Defense Position)", "battle_defense_position"))
    if not _modified_damage(game, attacker, target, damage):
        _end(game)
        return legal.add("damage calculation", "unknown", "the battle damage modifiers are not modelled",
                         "battle_damage_modified")
    for player, amount in damage.items():
        state.players[player].lp = max(0, state.players[player].lp - amount)
        state.log_event("takes_damage", None, player=player, by="battle", amount=amount)
        game.say(f"{player} takes {amount} battle damage ({state.players[player].lp} LP)")
        if state.players[player].lp == 0:
            state.winner = other(player)
    summary = detail + "; " + (", ".join(f"{m.name} is destroyed" for m in destroyed) or "nothing is destroyed") + \
        "; " + (", ".join(f"{p} takes {a}" for p, a in damage.items()) or "no battle damage")
    legal.add("damage calculation", "pass", summary, "sim_damage_calculation")
    game.steps.append(dict(legal.checks[-1].step(), action="battle"))
    state.timing = "after_calc"
    state.new_step()
    for inst in destroyed:
        game.move(inst, "gy", by="battle", destroyed=True, cause="destroyed by battle")
    _end(game)
    return legal


def _stat(game, inst, stat: str) -> int | None:
    """A battling monster's current ATK/DEF (stats.py): its printed value after the changes its state told; the
    steps of those changes are added to the answer (None: "?" or a change not modelled, said as such)."""
    from .stats import current

    got = current(inst, stat)
    if got.value is None and (inst.battle_stats or {}).get(f"{stat}_changes"):
        game.unmodelled_part(got.why or f"a change of {inst.name}'s {stat.upper()}")
    game.steps.extend(dict(step, check=f"{inst.name}: {step['check']}") for step in got.steps)
    game.assumed.extend(a for a in got.assumed if a not in game.assumed)
    return got.value


def _modified_damage(game, attacker, target, damage: dict) -> bool:
    """Battle damage the battling monsters' effects double or halve (their state's ``battle_damage``: the damage
    the controller's opponent takes from their battles); False when that is not modelled."""
    from .stats import modify_damage

    for inst in (attacker, target):
        changes = (inst.battle_stats or {}).get("battle_damage") if inst is not None else None
        victim = other(inst.controller) if inst is not None else None
        if not changes or victim not in damage:
            continue
        amount, said = modify_damage(damage[victim], changes)
        if amount is None:
            game.unmodelled_part(f"the battle damage {victim} takes is {said}")
            return False
        game.steps.append(_step("battle damage", "pass", f"the battle damage {victim} takes is {said}: "
                                f"{damage[victim]} -> {amount}", "sim_halving_no_stack" if len(changes) > 1
                                else "battle_damage_modified"))
        damage[victim] = amount
    return True


def _end(game) -> None:
    state = game.state
    if state.battle is not None:
        state.battle.calculated = True
    state.timing = "end"
    game.settle()
    state.step, state.timing = "battle", None
    state.battle = None


def finish(game) -> None:
    """Carry an attack that was declared through damage calculation (the next action moved on)."""
    battle = game.state.battle
    if battle is not None and not battle.calculated and not battle.replay:
        damage_calculation(game)


def before_damage(game) -> list[str]:
    """The mandatory triggers left unactivated that could change the battle damage taken: only those whose
    events came before damage calculation (what activates after it cannot change battle damage already dealt)."""
    start = getattr(game, "calculated_from", None)
    if start is None:
        return list(game.unactivated)
    return [text for text, since in zip(game.unactivated, game.unactivated_from) if since < start]


def before_destruction(game, names: list[str]) -> list[str]:
    """The mandatory triggers left unactivated that could change whether the cards ``names`` were destroyed:
    when every one of them was destroyed, a trigger activating after those destructions cannot undo them."""
    state = game.state
    last = -1
    for name in names:
        seqs = [e.seq for e in state.log if e.kind in ("destroyed", "destroyed_by_battle") and e.uid is not None
                and state.cards[e.uid].name == name]
        if not seqs:
            return list(game.unactivated)  # "not destroyed" could still change
        last = max(last, min(seqs))
    return [text for text, until in zip(game.unactivated, game.unactivated_until) if until <= last]
