"""The order of the phases (:func:`check_phase`: forward only, no Battle Phase in the first turn, Main Phase 2
only after a Battle Phase and always after one), and the windows of the turn in which the turn structure itself closes activations (beyond Spell Speed and each
card's own timing), and the hand-size discard that opens one of them.

- The Draw Phase before the turn player's normal draw: no card or effect can be activated.
- The hand-size discard at the end of the End Phase (the ``hand_size`` action): while discarding, nothing can
  be activated except effects that trigger on being discarded, and only on the Chain immediately following
  the discard.

A card of a kind (``"card": {"class": {...}}``, docs/engine.md "Generic cards") in an ``activate`` action is
checked against these windows only: inside one the answer is "no" for every card of the kind that the window
closes; outside them the simulator does not decide for a kind of card ("unknown", named as not modelled).
"""

from __future__ import annotations

import re

from .actions import Legality
from .rulebook import HAND_SIZE_LIMIT

__all__ = ["WINDOWS", "ATTACK_LOCK", "LOCKED_TYPES", "PHASE_ORDER", "attack_lock", "closed_window", "check_named",
           "activate_kind", "discard_for_hand_size", "check_phase"]

# The closed windows as data: what closes them, what each still lets be activated, and the rule applied.
WINDOWS: dict[str, dict] = {
    "before_draw": {"detail": "nothing can be activated before the turn player's normal draw",
                    "allows": None, "rule": "sim_before_draw"},
    "hand_size": {"detail": "while the turn player discards for hand size at the end of the End Phase, nothing "
                            "can be activated except effects that trigger on being discarded, on the Chain "
                            "immediately following the discard",
                  "allows": "discard_trigger", "rule": "sim_hand_size_window"},
}

# "If this card attacks (or is attacked), your opponent cannot activate ... until the end of the Damage Step":
# what it locks, by the words of the card.
ATTACK_LOCK = re.compile(r"If this card attacks(?P<both>,? or is attacked)?, your opponent cannot activate "
                         r"(?:any )?(?P<what>Spell/Trap Cards|Spell Cards|Trap Cards|cards or effects|"
                         r"cards or monster effects|monster effects) until the end of the Damage Step\.?$", re.I)
LOCKED_TYPES = {"spell/trap cards": ("Spell", "Trap"), "spell cards": ("Spell",), "trap cards": ("Trap",),
                 "cards or effects": ("Spell", "Trap", "Monster"), "cards or monster effects":
                 ("Spell", "Trap", "Monster"), "monster effects": ("Monster",)}

_DISCARDED = re.compile(r"\bdiscarded\b|\bsent from (?:the|your) hand to the (?:GY|Graveyard)\b", re.I)


def attack_lock(game) -> tuple[object, tuple[str, ...]] | None:
    """The battling monster whose text locks its opponent's activations during the attack in progress, and the
    card types it locks; None when there is none."""
    battle = game.state.battle
    if battle is None or battle.calculated:
        return None
    for uid, role in ((battle.attacker, "attacker"), (battle.target, "target")):
        if uid is None:
            continue
        inst = game.state.cards[uid]
        if inst.location not in ("monster", "emz") or inst.face != "up":
            continue
        for effect in inst.card.effects:
            hit = ATTACK_LOCK.search(effect.get("text") or "")
            if hit and (role == "attacker" or hit["both"]):
                return inst, LOCKED_TYPES[hit["what"].lower()]
    return None


def _locked(game, player: str, card_type: str | None, legal: Legality) -> bool | None:
    """True (a failing check added) when the attack lock forbids ``player`` a card of ``card_type``; None when
    the type is not known and the lock could decide."""
    lock = attack_lock(game)
    if lock is None or lock[0].controller == player:
        return False
    inst, types = lock
    if card_type is None:
        return None
    if card_type not in types:
        return False
    legal.add("attack lock", "fail", f"{inst.name} is battling: its opponent cannot activate "
                                     f"{'/'.join(types)} cards or effects until the end of the Damage Step",
              "sim_attack_lock")
    return True


def closed_window(game) -> str | None:
    """The closed window the game is in now (a key of :data:`WINDOWS`), or None."""
    state = game.state
    if state.phase == "draw" and not state.drawn:
        return "before_draw"
    if state.phase == "end" and getattr(game, "hand_size_turn", None) == state.turn_number:
        return "hand_size"
    return None


def _discard_trigger(effect: dict) -> bool:
    raw = (effect.get("condition") or {}).get("raw") or effect.get("text") or ""
    return effect.get("kind") in ("trigger", "activation") and bool(_DISCARDED.search(raw))


def check_named(game, inst, effect: dict, legal: Legality) -> bool:
    """Add a failing check when the window closes ``inst``'s ``effect``; True when it did."""
    player = inst.controller if inst.on_field else inst.owner
    if _locked(game, player, inst.card.card_type, legal):
        return True
    key = closed_window(game)
    if key is None:
        return False
    window = WINDOWS[key]
    if window["allows"] == "discard_trigger":
        since = getattr(game, "hand_size_from", len(game.state.log))
        first_chain = not any(e.kind == "link_resolved" for e in game.state.log[since:])
        waiting = any(t.inst.uid == inst.uid and t.effect == effect.get("index") and t.result == "activates"
                      for t in game.pending)
        if _discard_trigger(effect) and first_chain and (waiting or game.state.chain):
            return False  # an effect triggered by the discard, on the Chain right after it
        if _discard_trigger(effect) and not first_chain:
            legal.add("turn structure", "fail", "after the hand-size discard only the Chain immediately following "
                      "it can hold effects; that Chain has resolved", "sim_hand_size_one_chain")
            return True
    legal.add("turn structure", "fail", window["detail"], window["rule"])
    return True


def activate_kind(game, action: dict) -> Legality:
    """An ``activate`` action of a card of a kind: decided only by the closed windows."""
    legal = Legality()
    cls = action["card"]["class"]
    player = action.get("player") or game.state.turn
    locked = _locked(game, player, {"spell": "Spell", "trap": "Trap", "monster": "Monster"}.get(cls.get("type")),
                     legal)
    if locked:
        return legal
    if locked is None:
        game.unmodelled_part("which kind of card is meant, while a battling monster locks some kinds")
        return legal.add("attack lock", "unknown", "a battling monster locks some kinds of card; the kind asked "
                                                   "about is not said", "sim_attack_lock")
    key = closed_window(game)
    if key is not None:
        window = WINDOWS[key]
        may_trigger = cls.get("type") in (None, "monster") and cls.get("effect") in (None, "trigger")
        if window["allows"] == "discard_trigger" and may_trigger:
            game.unmodelled_part("whether a card of that kind has an effect that triggers on being discarded")
            return legal.add("turn structure", "unknown", window["detail"] + " (a card of this kind may have one)",
                             window["rule"])
        return legal.add("turn structure", "fail", window["detail"], window["rule"])
    if game.state.chain or game.state.pending_summon is not None:
        game.unmodelled_part("an activation by a card of a kind while a chain or a Summon is open")
        return legal.add("card of a kind", "unknown", "a card of a kind is checked only with no chain or Summon "
                                                      "open", "turn_structure")
    return _open_window(game, action, cls, legal)


def _open_window(game, action: dict, cls: dict, legal: Legality) -> Legality:
    """Outside the closed windows, with no chain: today's checks for every reading of the kind at the simulated
    moment ("is it possible for some card of that kind?": yes if a reading passes, no if every one fails)."""
    from ..generic import check_activate, variants
    from .activation import _EngineStep

    player = action.get("player") or game.state.turn
    results = []
    for variant in variants({"class": cls, "controller": player}):
        verdict = check_activate(variant.card, game.moment())
        results.append((verdict, variant))
        if verdict.answer == "yes":
            break
    rank = {"yes": 0, "unknown": 1}
    verdict, variant = min(results, key=lambda r: rank.get(r[0].answer, 2))
    legal.add("card of a kind", {"yes": "pass", "no": "fail"}.get(verdict.answer, "unknown"),
              f"{len(results)} reading(s) of the kind checked at the simulated moment (is it possible for some "
              f"card of that kind?): {variant.card.name} " + {"yes": "passes", "no": "fails, as every reading does"}
              .get(verdict.answer, "could not be decided"), "card_kinds")
    for step in verdict.steps:
        legal.checks.append(_EngineStep(step))
    legal.assumed.extend(text for text in [*variant.assumed, *verdict.assumed] if text not in legal.assumed)
    game.unmodelled_part("what a card of a kind does once activated (only whether it can be activated is checked)")
    return legal


def discard_for_hand_size(game, action: dict) -> Legality:
    """The ``hand_size`` action: at the end of the End Phase the turn player discards down to the limit (the
    ``cards`` named, else unnamed cards first); the hand-size window opens."""
    state = game.state
    legal = Legality()
    player = state.turn
    if state.phase != "end" or state.chain_open():
        return legal.add("End Phase", "fail", "the hand-size discard happens at the end of the End Phase, with no "
                                              "chain", "sim_hand_size")
    hand = state.pile_count(player, "hand")
    excess = hand - HAND_SIZE_LIMIT
    if excess <= 0:
        return legal.add("hand size", "fail", f"{player} has {hand} card(s) in hand: nothing to discard",
                         "sim_hand_size")
    where = f"actions[{action['index']}].cards"
    chosen = [game.find(ref, player, ("hand",), f"{where}[{i}]") for i, ref in enumerate(action.get("cards", []))]
    if chosen and len(chosen) != excess:
        return legal.add("hand size", "fail", f"{player} discards exactly {excess} card(s) down to "
                                              f"{HAND_SIZE_LIMIT}, not {len(chosen)}", "sim_hand_size")
    state.new_step()
    if closed_window(game) != "hand_size":  # a second discard in the same End Phase opens no new window
        game.hand_size_from = len(state.log)
    unnamed = 0 if chosen else min(excess, state.players[player].unnamed["hand"])
    if not chosen:
        chosen = state.in_location(player, "hand")[:excess - unnamed]
    for inst in chosen:
        game.move(inst, "gy", by="rule", discarded=True, cause="hand size")
    state.players[player].unnamed["hand"] -= unnamed
    state.players[player].unnamed["gy"] += unnamed
    game.hand_size_turn = state.turn_number  # the window stays open until the turn ends
    game.say(f"{player} discards {excess} card(s) for hand size, down to {HAND_SIZE_LIMIT}")
    legal.add("hand size", "pass", f"{player} discards {excess} card(s) down to {HAND_SIZE_LIMIT}", "sim_hand_size")
    game.settle()
    return legal


# ------------------------------------------------------------------------------------ the order of the phases

PHASE_ORDER = ("draw", "standby", "main1", "battle", "main2", "end")


def check_phase(state, to: str) -> Legality:
    """Whether the turn may move from the current phase to ``to`` (cr-draft 400-413)."""
    legal = Legality()
    if state.chain_open():
        return legal.add("open game state", "fail", "the phase cannot change while a chain is open", "turn_structure")
    here, there = PHASE_ORDER.index(state.phase), PHASE_ORDER.index(to)
    if there <= here:
        return legal.add("phase order", "fail", f"phases go forward: from {state.phase} there is no {to} this turn",
                         "turn_structure")
    if to == "battle" and state.turn_number == 1:
        return legal.add("first turn", "fail", "no Battle Phase in the first turn of the Duel",
                         "sim_first_turn_battle")
    conducted = state.records[state.turn].battle_phase_conducted or state.phase == "battle"
    if to == "main2" and not conducted:
        return legal.add("phase order", "fail", "Main Phase 2 follows a Battle Phase; without one the turn goes to "
                                                "the End Phase", "sim_main2_after_battle", "turn_structure")
    if to == "end" and conducted and here < PHASE_ORDER.index("main2"):
        return legal.add("phase order", "fail", "after a Battle Phase, Main Phase 2 must be entered (even if nothing is "
                                                "done in it) before the End Phase", "sim_main2_after_battle")
    return legal.add("phase order", "pass", f"{state.phase} -> {to}", "turn_structure")
