"""Activations: a card or effect put on the chain as a new link, checked first (today's chain/activate checks
on the simulated moment, the event its condition names, once per turn, a zone, its cost, its targets), then
its cost paid (half LP rounds up; discards, Tributes, banishing as cost are logged "by cost").
"""

from __future__ import annotations

import re

from .. import engine as checks
from ..rules import citation
from . import phases
from .actions import Legality
from .state import ChainLink, Instance, other
from .summon_counts import check_limit_activation

__all__ = ["activate", "lp_cost"]

_CHAIN_EVENTS = {"attack_declared": "attack_declared", "normal_summoned": "normal_summoned",
                 "tribute_summoned": "normal_summoned", "special_summoned": "special_summoned",
                 "flip_summoned": "flip_summoned"}


class _EngineStep:
    """A step produced by today's checks (already carries cites and quote)."""

    def __init__(self, step: dict) -> None:
        self.result, self._step = step["result"], step
        self.check, self.detail = step["check"], step["detail"]

    def step(self) -> dict:
        return dict(self._step)


def lp_cost(state, player: str, effect: dict, given) -> int | None:
    """The LP a cost takes: ``"half"`` leaves half rounded up; a number; or read from "Pay N LP"."""
    lp = state.players[player].lp
    if given is None:
        text = effect.get("cost") or ""
        if re.search(r"pay half (?:of )?your LP", text, re.I):
            given = "half"
        else:
            match = re.search(r"pay (\d+) LP", text, re.I)
            given = int(match.group(1)) if match else None
    if given is None:
        return None
    if given == "half":
        return lp - (lp + 1) // 2
    return given


def _pick_effect(game, inst: Instance, action: dict) -> dict | None:
    effects = inst.card.effects
    if "effect" in action:
        return next((e for e in effects if e["index"] == action["effect"]), None)
    pending = [t for t in game.pending if t.inst.uid == inst.uid and t.result == "activates"]
    if pending:
        return next(e for e in effects if e["index"] == pending[0].effect)
    spell_trap = inst.card.card_type in ("Spell", "Trap")
    if spell_trap and (inst.location == "hand" or (inst.on_field and inst.face == "down")):
        hit = next((e for e in effects if e["kind"] == "activation"), None)
        if hit is not None:
            return hit
    place = "field" if inst.on_field else inst.location
    kinds = ("ignition", "quick", "trigger", "flip") if inst.on_field and inst.face == "up" else \
        ("ignition", "quick", "trigger", "flip", "activation")
    usable = [e for e in effects if e["kind"] in kinds and (not e.get("locations") or place in e["locations"])]
    # with no trigger waiting for this card, an effect activated at will comes before a trigger effect
    usable.sort(key=lambda e: e["kind"] in ("trigger", "flip"))
    return usable[0] if usable else next((e for e in effects if e["kind"] in checks.ACTIVATED_KINDS), None)


def _natural_place(card, effect_kind_hint: str | None = None) -> str:
    if card.card_type == "Trap":
        return "spell_trap"
    if card.card_type == "Spell":
        return "hand"
    return "monster"


def activate(game, action: dict) -> Legality:
    """Check and perform an ``activate`` action: a new chain link (paying its cost)."""
    state = game.state
    legal = Legality()
    where = f"actions[{action['index']}]"
    player = action.get("player")
    if player is None and state.chain:
        player = other(state.chain[-1].controller)
    if isinstance(action["card"], dict):  # a card of a kind: decided by the windows the turn structure closes
        return phases.activate_kind(game, action)
    locations = ("spell_trap", "field_zone", "monster", "emz", "hand", "gy", "banished")
    probe = game.catalog_card(action["card"], f"{where}.card")
    natural = _natural_place(probe)
    if probe.is_monster:
        first = next((e for e in probe.effects if e["kind"] in ("quick", "ignition", "trigger")), None)
        place = (first or {}).get("locations") or ["field"]
        natural = {"field": "monster", "hand": "hand", "gy": "gy", "banished": "banished"}.get(place[0], "monster")
    if probe.property == "Field":
        natural = "hand"
    if probe.is_monster and probe.is_pendulum and "zone" in action:
        natural = "hand"
    inst = game.find(action["card"], player, locations, f"{where}.card", natural=natural)
    player = player or (inst.controller if inst.on_field else inst.owner)
    if inst.card.is_monster and inst.card.is_pendulum and inst.location == "hand" and "zone" in action:
        return _activate_scale(game, inst, player, action, legal)
    effect = _pick_effect(game, inst, action)
    if effect is None:
        game.unmodelled_part(f"the activation of {inst.name} (no activated effect was read)")
        return legal.add("effects considered", "unknown", f"no activated effect of {inst.name} was read", "psct")
    summon_negation = state.pending_summon is not None and "negate_summon" in (effect.get("categories") or []) and \
        not state.chain
    if state.pending_summon is not None and not summon_negation:
        game.complete_pending_summon()
    kind = effect["kind"]
    if state.phase == "draw" and not state.drawn:
        return legal.add("Draw Phase", "fail", "nothing can be activated before the turn player's normal draw",
                         "sim_before_draw")
    if phases.check_named(game, inst, effect, legal):  # e.g. the hand-size discard (phases.py)
        return legal
    # --- the trigger window, decided from the simulated log
    pending = [t for t in game.pending if t.inst.uid == inst.uid and t.effect == effect["index"]]
    if kind in ("trigger", "flip") or (kind == "activation" and pending):
        if pending and pending[0].result == "activates":
            legal.add("trigger", "pass", pending[0].detail, "trigger", "missing_timing")
        elif pending and pending[0].result == "misses":
            return legal.add("missing the timing", "fail", pending[0].detail, "missing_timing")
        elif pending:
            game.unmodelled_part(f"whether {inst.name}'s effect can be activated ({pending[0].detail})")
            return legal.add("trigger", "unknown", pending[0].detail, "trigger", "psct")
        elif kind in ("trigger", "flip"):
            return legal.add("trigger", "fail", f"the event {inst.name}'s {kind} effect waits for has not just "
                                                f"happened", "trigger", "activation_condition")
    # --- an activation condition that names an event: is that event happening now?
    cond_events = (effect.get("condition") or {}).get("events") or []
    if kind == "activation" and cond_events and not pending:
        window = _event_window(game, cond_events)
        if window is not None:
            return legal.add("activation condition", "fail", window, "activation_condition", "summon_negation")
    # --- today's checks on the simulated moment
    ecard = game.engine_card(inst, effect["index"])
    if kind not in ("trigger", "flip"):
        if state.chain:
            chain_cards = [getattr(link, "engine_card", None) or game.engine_card(state.cards[link.uid], link.effect)
                           for link in state.chain]
            event = _recent_chain_event(game)
            verdict = checks.check_chain(ecard, chain_cards, game.moment(), event=event)
        elif summon_negation:
            verdict = checks.check_activate(ecard, game.moment())
            legal.add("Summon negation", "pass", f"{inst.name} answers the Summon of "
                                                 f"{state.cards[state.pending_summon].name} before it resolves",
                      "summon_negation")
        else:
            verdict = checks.check_activate(ecard, game.moment())
        if verdict is not None:
            for step in verdict.steps:
                legal.checks.append(_EngineStep(step))
            for text in verdict.assumed:
                legal.assumed.append(text)
            if verdict.answer == "no":
                return legal
    # --- once per turn
    if effect.get("once_per_turn") and (inst.name, effect["index"]) in state.records[player].once_per_turn:
        return legal.add("once per turn", "fail", f"{inst.name}'s effect #{effect['index']} was already activated "
                                                  f"this turn", "once_per_turn", "sim_negated_activation")
    same = check_limit_activation(state, player, effect.get("text") or "")  # Double Summon twice (summon_counts.py)
    if same is not None:
        return same
    # --- a zone for a Spell/Trap activated from the hand
    if inst.location == "hand" and not inst.card.is_monster:
        if inst.card.property == "Field":
            pass
        elif not state.free_spell_trap_zones(player):
            return legal.add("zone", "fail", f"{player} has no free Spell & Trap Zone to activate {inst.name} in",
                             "spell_activation")
    # --- costs
    cost = action.get("cost", {})
    if not cost:  # a cost the stated state cannot pay: an empty hand for a discard, no monster to Tribute ...
        from .requirements import blocking

        unpaid = blocking(state, inst, effect, player, ("discard", "tribute", "send", "banish", "self"))
        if unpaid is not None:
            return legal.add("cost", "fail", f"{inst.name}: {unpaid.detail}", *unpaid.keys)
    lp = lp_cost(state, player, effect, cost.get("pay_lp"))
    cost_kinds = set(effect.get("cost_categories") or [])
    if "lp_pay" in cost_kinds or "pay_lp" in cost:
        if lp is None:
            game.unmodelled_part(f"{inst.name}'s LP cost")
            return legal.add("cost", "unknown", f"{inst.name}'s LP cost could not be read", "cost")
        if lp > state.players[player].lp:
            return legal.add("cost", "fail", f"{player} has {state.players[player].lp} LP and cannot pay {lp}", "cost")
        if cost.get("pay_lp") == "half" or "half" in (effect.get("cost") or "").lower():
            legal.add("cost", "pass", f"paying half of {state.players[player].lp} LP leaves "
                                      f"{state.players[player].lp - lp} (rounded up)", "sim_halve_round_up", "cost")
        else:
            legal.add("cost", "pass", f"{player} pays {lp} LP", "cost")
    cost_cards = []
    for key in ("discard", "tribute", "send", "banish"):
        for i, ref in enumerate(cost.get(key, [])):
            locs = ("hand",) if key == "discard" else ("monster", "emz") if key == "tribute" else \
                ("hand", "monster", "emz", "spell_trap", "gy", "deck", "extra")
            cost_cards.append((key, game.find(ref, player, locs, f"{where}.cost.{key}[{i}]",
                                              natural="hand" if key == "discard" else None)))
    self_cost = _SELF_COST.search(effect.get("cost") or "")
    if self_cost and not cost:
        verb = self_cost.group(1).lower()
        key = {"discard": "discard", "send": "send", "banish": "banish", "tribute": "tribute"}[verb]
        cost_cards.append((key, inst))
        legal.add("cost", "pass", f"{inst.name} pays its own cost ({self_cost.group(0)})", "cost", "cost_vs_effect")
    for kind_name in ("discard", "tribute", "send_to_gy", "banish", "banish_from_gy", "xyz_material"):
        if kind_name in cost_kinds and not _cost_given(kind_name, cost, cost_cards) and not self_cost:
            if kind_name == "discard" and state.players[player].unnamed["hand"] + len(
                    [c for c in state.in_location(player, "hand") if c.uid != inst.uid]) > 0:
                legal.assumed.append(f"{player} discards a card from the hand as the cost")
                cost_cards.append(("discard_unnamed", None))
                continue
            legal.add("cost", "unknown", f"{inst.name}'s cost ({effect.get('cost')}) names cards the question does "
                                         f"not give; it is taken as paid", "cost")
            game.unmodelled_part(f"the cards paid for {inst.name}'s cost ({effect.get('cost')})")
            break
    # --- targets
    targets = []
    for i, ref in enumerate(action.get("targets", [])):
        natural_target = "gy" if "gy" in ((effect.get("sources") or {}).get("special_summon") or []) else None
        targets.append(game.find(ref, None, ("monster", "emz", "spell_trap", "field_zone", "gy", "banished", "hand"),
                                 f"{where}.targets[{i}]", natural=natural_target))
    if effect.get("targets") and not targets:
        from .requirements import blocking  # targets a stated (or complete) state has none of

        none_left = blocking(state, inst, effect, player, ("target",))
        if none_left is not None:
            return legal.add("targets", "fail", f"{inst.name}: {none_left.detail}, and the state says there are no "
                                                "others", "sim_target_exists", "targeting")
        legal.assumed.append(f"{inst.name} targets a card the question does not name")
    # --- perform: pay the cost, put the link on the chain
    from_location = "field" if inst.on_field else inst.location
    state.new_step()
    if lp:
        state.players[player].lp -= lp
        state.log_event("lp_paid", None, player=player, by="cost", amount=lp)
        game.say(f"{player} pays {lp} LP ({state.players[player].lp} left) as the cost of {inst.name}")
    for key, card in cost_cards:
        if card is None:
            state.players[player].unnamed["hand"] -= 1 if state.players[player].unnamed["hand"] else 0
            state.players[player].unnamed["gy"] += 1
            game.say(f"{player} discards a card as the cost of {inst.name}")
            continue
        to = "banished" if key == "banish" else "gy"
        game.move(card, to, by="cost", discarded=key == "discard", tributed=key == "tribute",
                  cause=f"cost of {inst.name}")
    if inst.location == "hand" and not inst.card.is_monster:
        if inst.card.property == "Field":
            old = state.at(player, "field_zone", 0)
            if old is not None:
                game.move(old, "gy", by="rule", cause="a new Field Spell replaces it")
                game.steps.append({"check": "Field Zone", "result": "pass", "detail": f"{old.name} is sent to the GY "
                                   f"(not destroyed): {inst.name} replaces it", **citation("sim_field_spell_replace")})
            inst.location, inst.zone = "field_zone", 0
        else:
            inst.location, inst.zone = "spell_trap", state.free_spell_trap_zones(player)[0]
        inst.controller = player
    if inst.on_field and inst.face == "down" and not inst.card.is_monster:
        inst.face = "up"
    if effect.get("once_per_turn"):
        state.records[player].once_per_turn.add((inst.name, effect["index"]))
    link = ChainLink(number=len(state.chain) + 1, controller=player, uid=inst.uid, effect=effect["index"],
                     kind=kind, targets=[t.uid for t in targets], does=action.get("does", []),
                     responds_to_summon=state.pending_summon if summon_negation else None,
                     from_location=from_location)
    link.target_places = {t.uid: t.location for t in targets}  # type: ignore[attr-defined]
    if action.get("effect_negated"):  # stated by the question (a lasting negation the simulator does not apply)
        link.effect_negated = True
        game.assume(f"{inst.name}'s effect is negated when it resolves (as the question states)")
    link.engine_card = ecard  # the card as it was when activated  # type: ignore[attr-defined]
    state.chain.append(link)
    state.log_event("activated", inst, player=player, origin=from_location)
    game.activated.append(inst.name)
    game.pending = [t for t in game.pending if not (t.inst.uid == inst.uid and t.effect == effect["index"])]
    what = "activates" if kind == "activation" else f"activates the {kind} effect of"
    game.say(f"{player} {what} {inst.name} (Chain Link {link.number})"
             + (f" targeting {', '.join(t.name for t in targets)}" if targets else ""))
    return legal


_SELF_COST = re.compile(r"\b(discard|send|banish|Tribute) this card\b", re.I)


def _event_window(game, patterns: list[dict]) -> str | None:
    """``None`` when some event of the condition can be happening now, else why none is."""
    state = game.state
    reasons = []
    for pattern in patterns:
        kind = pattern.get("type")
        if kind == "activation":
            if state.chain:
                return None
            reasons.append("no card or effect is being activated (no chain)")
        elif kind == "summon" and pattern.get("stage") == "would":
            if state.pending_summon is not None and not state.chain:
                return None
            reasons.append("no monster is about to be Summoned (a Summon by a card effect, or one already "
                           "completed, has no Summon negation window)")
        elif kind == "summon":
            reasons.append("no Summon that meets the condition was the last thing to happen")
        elif kind == "attack_declared":
            window = state.log[game.window_start - 1:] if game.window_start else state.log
            if state.battle is not None and not state.battle.calculated and state.step == "battle" and \
                    any(e.kind == "attack_declared" for e in window[-3:]):
                return None
            reasons.append("no attack was just declared")
        else:
            return None
    return "; ".join(reasons) if reasons else None


def _cost_given(kind: str, cost: dict, cost_cards) -> bool:
    keys = {"discard": ("discard",), "tribute": ("tribute",), "send_to_gy": ("send", "discard", "tribute"),
            "banish": ("banish",), "banish_from_gy": ("banish",), "xyz_material": ("detach",)}[kind]
    return any(k in cost for k in keys)


def _recent_chain_event(game) -> str | None:
    """The event chain link 1 answered, when the chain was started in response to one."""
    state = game.state
    first = state.chain[0]
    before = [e for e in state.log if e.seq < _activation_seq(state, first)]
    if before:
        last = before[-1]
        return _CHAIN_EVENTS.get(last.kind)
    return None


def _activation_seq(state, link: ChainLink) -> int:
    for event in state.log:
        if event.kind == "activated" and event.uid == link.uid:
            return event.seq
    return len(state.log)


def _activate_scale(game, inst: Instance, player: str, action: dict, legal: Legality) -> Legality:
    """A Pendulum Monster activated from the hand as a Spell Card in a Pendulum Zone."""
    state = game.state
    zone = action["zone"]
    if state.turn != player or state.phase not in ("main1", "main2") or state.chain:
        return legal.add("Main Phase", "fail", "a Pendulum Monster is activated as a Spell in its controller's Main "
                                               "Phase with no chain", "sim_pendulum_activation", "spell_activation")
    if zone not in (1, 5):
        return legal.add("zone", "fail", f"Pendulum Zones are Spell & Trap Zones 1 and 5, not {zone}",
                         "sim_pendulum_activation")
    taken = state.at(player, "spell_trap", zone - 1)
    if taken is not None:
        what = taken.name if taken.face == "up" else "a Set card"
        return legal.add("zone", "fail", f"{player}'s Spell & Trap Zone {zone} holds {what}", "sim_pendulum_activation")
    legal.add("Pendulum Zone", "pass", f"{player}'s Pendulum Zone (Spell & Trap Zone {zone}) is free",
              "sim_pendulum_activation")
    state.new_step()
    inst.location, inst.zone, inst.face, inst.pendulum_zone, inst.controller = "spell_trap", zone - 1, "up", True, player
    state.log_event("activated", inst, player=player, origin="hand")
    game.activated.append(inst.name)
    game.say(f"{player} activates {inst.name} as a Spell Card in the Pendulum Zone (Spell & Trap Zone {zone}); "
             f"Pendulum Scale {inst.card.scale}")
    game.settle()
    return legal
