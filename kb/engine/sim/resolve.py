"""Chain resolution.

The chain resolves last link first.  A link whose activation was negated does nothing (its Spell/Trap
Card goes to the GY); a link whose effect was negated does nothing; a Continuous/Equip/Field card that
left the field applies nothing; a target that left its place is not affected; monster effects resolve
although the monster has left (unless they act on the monster itself).  What a link does comes from the
action's ``does`` or, failing that, from what its effect profile clearly says (:func:`derive_ops`);
anything else is recorded as not modelled and makes the answer "unknown".
"""

from __future__ import annotations

import re

from .state import ChainLink, Instance, other
from .summon_counts import apply_grant, grant_of

__all__ = ["resolve_chain", "derive_ops"]

_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
_HARMLESS = {"stat_reference", "choose", "reveal", "look", "shuffle_hand"}
_DESTROY_NEGATED = re.compile(r"negate [^.]*?(?:and if you do, |, and |; )destroy (?:that card|it|them|those cards)",
                              re.I)
_STAYS = ("Continuous", "Equip", "Field")


# ----------------------------------------------------------------------------------------- resolution

def derive_ops(game, link: ChainLink, effect: dict) -> tuple[list[dict], list[str]]:
    """What a link does, read from its profile: (operations, categories not modelled)."""
    state = game.state
    text = effect.get("text") or ""
    cats = set(effect.get("categories") or []) - _HARMLESS
    if "attack_rule" in cats and not re.search(r"\battack", re.sub(r"Attack Position", "", text), re.I):
        cats.discard("attack_rule")
    ops: list[dict] = []
    done: set[str] = set()
    prev = state.chain[link.number - 2] if link.number > 1 and len(state.chain) >= link.number - 1 else None
    if link.responds_to_summon is not None and "negate_summon" in cats:
        ops.append({"op": "negate_summon", "uid": link.responds_to_summon,
                    "destroy": bool(_DESTROY_NEGATED.search(text))})
        done |= {"negate_summon", "negate_activation"}
        if _DESTROY_NEGATED.search(text):
            done.add("destroy")
    elif "negate_activation" in cats and prev is not None:
        ops.append({"op": "negate_activation", "link": prev.number, "destroy": bool(_DESTROY_NEGATED.search(text))})
        done |= {"negate_activation", "negate_summon"}
        if _DESTROY_NEGATED.search(text):
            done.add("destroy")
    elif "negate_effect" in cats and prev is not None and re.search(r"negate (?:that|the|its) effect", text, re.I):
        ops.append({"op": "negate_effect", "link": prev.number})
        done.add("negate_effect")
    if "special_summon" in cats:
        if link.targets and re.search(r"Special Summon (?:it|that target|that monster|them|those targets)\b", text):
            pos = re.search(r"in (Attack|Defense) Position", text)
            for uid in link.targets:
                ops.append({"op": "special_summon", "uid": uid, "position": pos.group(1).lower() if pos else None})
            done.add("special_summon")
            cats.discard("attack_rule")
    if "special_summon" in cats and "special_summon" not in done and re.search(
            r"^[^.]*?; Special Summon this card(?: from your (?:hand|GY|Graveyard))?\.", text):
        # "You can <cost>; Special Summon this card from your hand.": the card itself, wherever it still is
        pos = re.search(r"Special Summon this card[^.]*in (Attack|Defense) Position", text)
        ops.append({"op": "special_summon", "uid": link.uid, "position": pos.group(1).lower() if pos else None})
        done.add("special_summon")
    if "add_to_hand" in cats and link.targets and re.search(r"add (?:it|that target|them|those targets) to "
                                                            r"(?:your|the owner's|their owner's) hand", text, re.I):
        ops.extend({"op": "return_to_hand", "uid": uid} for uid in link.targets)
        done.add("add_to_hand")
    for cat, op, words in (("banish", "banish", r"banish (?:it|that target|them|those targets|that card)\b"),
                           ("return_to_hand", "return_to_hand",
                            r"return (?:it|that target|them|those targets|that card) to the (?:owner's )?hand"),
                           ("send_to_gy", "send_to_gy", r"send (?:it|that target|them|those targets) to the GY")):
        # a targeted card banished / returned / sent ("...; banish it"): the targets, if still there
        if cat in cats and cat not in done and link.targets and re.search(words, text, re.I):
            ops.extend({"op": op, "uid": uid} for uid in link.targets)
            done |= {cat, "banish_from_gy"} if cat == "banish" else {cat}
    if "destroy" in cats and "destroy" not in done and link.targets and \
            re.search(r"destroy (?:it|that target|them|those targets|that card)\b", text, re.I):
        ops.extend({"op": "destroy", "uid": uid} for uid in link.targets)
        done.add("destroy")
    clauses = re.split(r",? then ", text)
    for i, clause in enumerate(clauses):
        then = i > 0
        draw = re.search(r"\bdraw (\d+|one|two|three) cards?", clause, re.I)
        if "draw" in cats and draw and not re.search(r"each player|your opponent draws", clause, re.I):
            ops.append({"op": "draw", "player": link.controller, "count": _WORD_NUMBERS.get(draw.group(1).lower(), 1),
                        "then": then})
            done.add("draw")
        their_draw = re.search(r"(?:^|[:.;] )Your opponent draws (\d+|one|two) cards?(?:, also|\.)", clause)
        if "draw" in cats and their_draw and not draw:  # "Your opponent draws 1 card, also negate ..."
            ops.append({"op": "draw", "player": other(link.controller),
                        "count": _WORD_NUMBERS.get(their_draw.group(1).lower(), 1), "then": then})
            done.add("draw")
        search = re.search(r"add (\d+|one) [^.;]*? from your Deck to your hand", clause, re.I)
        if ("search" in cats or "add_to_hand" in cats) and search:
            ops.append({"op": "add_to_hand", "player": link.controller,
                        "count": _WORD_NUMBERS.get(search.group(1).lower(), 1), "then": then})
            done |= {"search", "add_to_hand"}
        gain = re.search(r"(your opponent|you) gains? (\d+) LP", clause, re.I)
        if "lp_gain" in cats and gain:
            who = other(link.controller) if gain.group(1).lower() == "your opponent" else link.controller
            ops.append({"op": "gain_lp", "player": who, "amount": int(gain.group(2)), "then": then})
            done.add("lp_gain")
        burn = re.search(r"inflict (\d+) damage to your opponent", clause, re.I)
        if "damage" in cats and burn:
            ops.append({"op": "damage", "player": other(link.controller), "amount": int(burn.group(1)), "then": then})
            done.add("damage")
    grant = grant_of(text)  # the number of Normal Summons set, or an additional one (summon_counts.py)
    if grant:
        ops.append({"op": "grant_normal_summon", "player": link.controller, **grant})
        done |= {"set_card", "normal_summon"}
    missing = sorted(cats - done)
    return ops, missing


def resolve_chain(game) -> None:
    """Resolve the whole chain, last link first, then send resolved Spells/Traps to the GY."""
    state = game.state
    if not state.chain:
        return
    state.resolving = True
    chain = list(state.chain)
    game.steps.append(_citation_step("chain resolution", "pass", f"the chain of {len(chain)} link(s) resolves, Chain "
                                     f"Link {len(chain)} first", "sim_chain_resolution"))
    to_gy: list[Instance] = []
    for link in reversed(chain):
        state.new_step()
        start = len(state.log)
        _resolve_link(game, link, to_gy)
        state.log_event("link_resolved", state.cards[link.uid], link=link.number)
        game.apply_continuous(state.log[start:])
    for inst in to_gy:
        if inst.on_field:
            game.move(inst, "gy", by="rule", cause="it resolved (or its activation was negated)")
    state.last_chain = chain
    state.chain = []
    state.resolving = False
    game.settle()


def _resolve_link(game, link: ChainLink, to_gy: list) -> None:
    state = game.state
    inst = state.cards[link.uid]
    effect = next(e for e in inst.card.effects if e["index"] == link.effect)
    spell_trap = inst.card.card_type in ("Spell", "Trap")
    card_activation = link.kind == "activation" and spell_trap
    leaves = card_activation and inst.card.property not in _STAYS
    if link.activation_negated:
        game.say(f"Chain Link {link.number} ({inst.name}) resolves: its activation was negated, nothing happens")
        if card_activation and inst.on_field:
            to_gy.append(inst)
        return
    if leaves:
        to_gy.append(inst)
    if link.effect_negated:
        game.say(f"Chain Link {link.number} ({inst.name}) resolves: its effect was negated, nothing happens")
        return
    if card_activation and inst.card.property in _STAYS and not inst.on_field:
        game.say(f"Chain Link {link.number} ({inst.name}) resolves: the card left the field, so its effect is not "
                 f"applied")
        game.steps.append(_citation_step("left the field", "pass", f"{inst.name} is no longer on the field when "
                                         f"Chain Link {link.number} resolves: its effect does not apply",
                                         "continuous_spell_trap"))
        return
    if _left_the_field(game, link, inst):
        return
    ops = [dict(op, given=True) for op in link.does] if link.does else None
    if ops is None:
        ops, missing = derive_ops(game, link, effect)
        if missing:
            game.unmodelled_part(f"{inst.name} ({', '.join(missing)}): \"{effect.get('text', '')[:160]}\"")
            game.say(f"Chain Link {link.number} ({inst.name}) resolves; the simulator does not model: "
                     f"{', '.join(missing)}")
    game.say(f"Chain Link {link.number} ({inst.name}) resolves")
    if inst.card.card_type == "Spell" and inst.card.property == "Equip" and link.targets:
        target = state.cards[link.targets[0]]
        if target.on_field and inst.on_field:
            inst.equipped_to = target.uid
            game.say(f"{inst.name} is equipped to {target.name}")
        elif inst.on_field:
            to_gy.append(inst)
    for op in ops:
        if op.get("then"):
            state.new_step()
        _apply_op(game, link, inst, op)


def _left_the_field(game, link: ChainLink, inst: Instance) -> bool:
    """An effect (not the activation) of a face-up Continuous/Equip/Field Spell or Continuous Trap whose card
    left the field before it resolved does not resolve (rules ``sim_left_field_*``)."""
    from .rulebook import LEFT_FIELD_RULES

    rule = LEFT_FIELD_RULES.get((inst.card.card_type, inst.card.property or ""))
    if rule is None or link.kind == "activation" or inst.on_field or link.from_location != "field":
        return False
    effect = next((e for e in inst.card.effects if e["index"] == link.effect), {})
    cost = (effect.get("text") or "").split(";")[0] if ";" in (effect.get("text") or "") else ""
    if re.search(r"\b(?:send|banish|return|Tribute|destroy)\b[^;]*\bthis (?:face-up )?card\b", cost, re.I):
        return False  # removed to pay its own cost: the rule does not apply
    game.say(f"Chain Link {link.number} ({inst.name}) resolves: the card left the field, so its effect does not "
             f"resolve")
    game.steps.append(_citation_step("left the field", "pass", f"{inst.name} is no longer on the field when Chain "
                                     f"Link {link.number} resolves: the effect of the card does not resolve", rule))
    return True


def _citation_step(check: str, result: str, detail: str, *keys: str) -> dict:
    from .. import rules
    return {"check": check, "result": result, "detail": detail, **rules.citation(*keys)}


def _op_card(game, link: ChainLink, op: dict) -> Instance | None:
    state = game.state
    if "uid" in op:
        return state.cards[op["uid"]]
    ref = op.get("card")
    for uid in link.targets:
        if state.cards[uid].name == ref or state.cards[uid].label == ref:
            return state.cards[uid]
    return game.find(ref, None, ("monster", "emz", "spell_trap", "field_zone", "hand", "gy", "banished", "deck",
                                 "extra"), "does.card", natural="gy" if op["op"] == "special_summon" else None)


def _target_still_there(link: ChainLink, inst: Instance) -> bool:
    places = getattr(link, "target_places", {})
    if inst.uid not in places:
        return True
    was = places[inst.uid]
    now = inst.location
    return was == now or (was in ("monster", "emz") and now in ("monster", "emz"))


def _apply_op(game, link: ChainLink, source: Instance, op: dict) -> None:
    from . import actions as act

    state = game.state
    kind = op["op"]
    player = op.get("player", link.controller)
    if kind in ("negate_activation", "negate_effect"):
        number = op.get("link") or link.number - 1
        if not 1 <= number <= len(state.chain):
            game.unmodelled_part(f"{source.name}: no chain link {number} to negate")
            return
        target = state.chain[number - 1]
        tinst = state.cards[target.uid]
        if kind == "negate_activation":
            target.activation_negated = True
            game.say(f"{source.name} negates the activation of {tinst.name} (Chain Link {number})")
        else:
            target.effect_negated = True
            game.say(f"{source.name} negates the effect of {tinst.name} (Chain Link {number})")
        if op.get("destroy"):
            _destroy(game, tinst, link, source)
        return
    if kind == "negate_summon":
        minst = state.cards[op["uid"]]
        state.pending_summon = None
        state.log_event("summon_negated", minst, by="effect", link=link.number)
        game.say(f"{source.name} negates the Summon of {minst.name}")
        game.steps.append(_citation_step("Summon negated", "pass", f"{minst.name}'s Summon is negated: it is not "
                                         f"properly Summoned and goes to the GY", "sim_negated_summon",
                                         "summon_negation"))
        minst.properly = False
        if op.get("destroy"):
            game.move(minst, "gy", by="effect", destroyed=True, link=link.number, cause=f"{source.name}",
                      origin="summoning")
        else:
            game.move(minst, "gy", by="rule", link=link.number, cause="its Summon was negated", origin="summoning")
        minst.properly, minst.summoned = False, None
        return
    if kind == "grant_normal_summon":  # cr 301.8 (summon_counts.py)
        game.say(f"{player}: {apply_grant(state.records[player], op)}")
        return
    if kind in ("draw", "add_to_hand"):
        count = op.get("count", 1)
        for _ in range(count):
            if kind == "add_to_hand" and op.get("card"):
                card = _op_card(game, link, op)
                game.move(card, "hand", by="effect", link=link.number, cause=source.name)
                continue
            if state.players[player].unnamed["deck"] > 0:
                state.players[player].unnamed["deck"] -= 1
                state.players[player].unnamed["hand"] += 1
                state.log_event("draws" if kind == "draw" else "added_to_hand", None, player=player, by="effect",
                                origin="deck", link=link.number)
            else:
                named = state.in_location(player, "deck")
                if named:
                    game.move(named[0], "hand", by="effect", link=link.number, cause=source.name)
                else:
                    game.say(f"{player}'s Deck is empty: nothing is {'drawn' if kind == 'draw' else 'added'}")
                    if kind == "draw":
                        state.winner = other(player)
        game.say(f"{player} {'draws' if kind == 'draw' else 'adds'} {count} card(s)"
                 + (" from the Deck to the hand" if kind == "add_to_hand" else ""))
        return
    if kind in ("damage", "gain_lp"):
        amount = op["amount"]
        if kind == "damage":
            state.players[player].lp = max(0, state.players[player].lp - amount)
            state.log_event("takes_damage", None, player=player, by="effect", amount=amount, link=link.number)
            if state.players[player].lp == 0:
                state.winner = other(player)
        else:
            state.players[player].lp += amount
            state.log_event("lp_gained", None, player=player, by="effect", amount=amount, link=link.number)
        game.say(f"{player} {'takes' if kind == 'damage' else 'gains'} {amount} "
                 f"{'damage' if kind == 'damage' else 'LP'} ({state.players[player].lp} LP)")
        return
    card = _op_card(game, link, op)
    if card is None:
        return
    if not _target_still_there(link, card):
        game.say(f"{card.name} is no longer where it was targeted: {source.name} does not affect it")
        game.steps.append(_citation_step("target", "pass", f"{card.name} left its place before Chain Link "
                                         f"{link.number} resolved: it is not affected", "targeting"))
        return
    if kind == "special_summon":
        if card.on_field:
            game.say(f"{card.name} is already on the field")
            return
        legal = act.check_special_summon(state, player, card, "effect", None)
        for check in legal.checks:
            game.steps.append(dict(check.step(), action="resolution"))
        if legal.answer != "yes":
            if legal.answer == "unknown":
                game.unmodelled_part(f"whether {source.name} can Special Summon {card.name}")
            game.say(f"{source.name} cannot Special Summon {card.name}: {(legal.first('fail') or legal.first('unknown')).detail}")
            return
        if card.card.summon_condition == "normal" or card.properly:
            pass
        game.place_monster(card, player, None, kind="special", by="effect",
                           position=op.get("position") or "attack", link=link.number)
        if source.card.property in _STAYS and source.on_field and link.kind == "activation":
            source.linked_to = card.uid  # "that monster" of its Continuous effects
        return
    if kind == "destroy":
        _destroy(game, card, link, source)
        return
    to = {"send_to_gy": "gy", "banish": "banished", "return_to_hand": "hand", "discard": "gy"}[kind]
    game.move(card, to, by="effect", link=link.number, discarded=kind == "discard", cause=source.name)


def _destroy(game, card: Instance, link: ChainLink, source: Instance) -> None:
    if not card.on_field:
        game.say(f"{card.name} is in the {card.location}, not on the field: it cannot be destroyed")
        game.steps.append(_citation_step("destroy", "pass", f"{card.name} is not on the field ({card.where()}): "
                                         f"it is not destroyed", "sim_destroy_on_field"))
        return
    game.move(card, "gy", by="effect", destroyed=True, link=link.number, cause=source.name)
