"""Rule facts of the turn structure and of battle, as data: priority in each phase and step, replays, what
counts as battle damage and as having battled, the order of Standby/End Phase effects, the hand-size
discard.  :mod:`kb.engine.rule_facts` merges :data:`PHASE_FACTS` into its facts (answered as
``{"ask": "rule_fact", "topic", "subject", "asked"}``) and :data:`PHASE_RULES` into ``RULES`` (validated by
the build: every quote occurs verbatim in its section).

This module imports nothing from the engine (data only at import time).
"""

from __future__ import annotations

__all__ = ["PHASE_RULES", "PHASE_FACTS", "NAMED_EXCEPTIONS"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


PHASE_RULES: dict[str, dict] = {
    "sim_priority_turn_player": _row(
        "The turn player starts with priority (the first chance to activate a card) in each phase and step of "
        "their turn.",
        ["community:7.9.3", "md:priority"], "community:7.9.3",
        "The turn player always starts with Priority, or the choice to activate a card first, in each phase or "
        "step of their turn."),
    "sim_priority_end_of_phase": _row(
        "Announcing the end of a phase or step passes priority: the opponent may still activate a card before "
        "that phase or step ends.",
        ["community:7.9.3", "md:priority"], "community:7.9.3",
        "Therefore, when announcing the end of a phase, your opponent can just say \"Before the end of your "
        "phase, I activate this card\" and use a card."),
    "sim_priority_stay_main": _row(
        "If the opponent activates an effect while the turn player is leaving a Main Phase, the turn player may "
        "continue that Main Phase instead of going on to the next phase.",
        ["md:priority"], "md:priority",
        "If the opponent decides to activate an effect while the turn player is attempting to leave a Main Phase, "
        "the turn player may decide to continue that Main Phase instead of proceeding into the next phase."),
    "sim_inflict_battle_damage": _row(
        "Damage from effects that say \"inflict battle damage\" is battle damage, not effect damage; damage "
        "from a Defense Position monster is battle damage too.",
        ["prb2017:battle-damage", "cr-draft:409.14", "prb2017:damage"], "prb2017:battle-damage",
        "The damage from effects that say \"inflict battle damage\" is not treated as effect damage, and it is "
        "treated as battle damage."),
    "sim_defense_battle_damage": _row(
        "The damage a player takes from a Defense Position monster is battle damage.",
        ["prb2017:battle-damage"], "prb2017:battle-damage",
        "The damage taken by a player from a Defense Position monster is also battle damage."),
    "sim_battled_needs_calculation": _row(
        "Monsters have battled only if damage calculation was performed.",
        ["prb2017:damage-calculation", "prb2017:damage-calculation-ex1"], "prb2017:damage-calculation",
        "If damage calculation is not performed, the monsters are not treated as \"having battled\"."),
    "sim_no_timing_any_order": _row(
        "Among the effects of the Standby Phase (and the End Step, the End Phase), a card with no specific "
        "activation timing, such as Mystical Space Typhoon, can be activated or resolved in any order.",
        ["prb2017:standby-phase", "prb2017:end-phase", "prb2017:end-step"], "prb2017:standby-phase",
        "Furthermore, if a player wants to activate a card or effect that has no specific activation timing like "
        "\"Mystical Space Typhoon\", they can also be activated or resolved in any order."),
    "sim_replay_target_not_declaration": _row(
        "After a replay, choosing the attack target again is not an attack declaration: cards that activate "
        "\"when an attack is declared\" cannot be activated then.",
        ["prb2017:battle-replays", "prb2017:battle-replays-ex1"], "prb2017:battle-replays",
        "If a replay is triggered, when an attack target is chosen, this is not treated as \"when an attack is "
        "declared\"."),
    "sim_replay_own_monsters": _row(
        "A change in the number of monsters the attacking player controls triggers no replay.",
        ["prb2017:battle-replays"], "prb2017:battle-replays",
        "If the number of monsters that the player who performed the attack declaration controls increases or "
        "decreases, a replay is not triggered."),
    "sim_replay_stop_attack": _row(
        "After a replay the attacking player may choose no target and stop the attack; the monster still counts "
        "as having declared an attack and cannot attack again that Battle Phase.",
        ["prb2017:battle-replays"], "prb2017:battle-replays",
        "Even in that case, the monster is treated as performing an attack declaration and it cannot attack "
        "during the same Battle Phase."),
    "sim_replay_choices": _row(
        "After a replay the attacking player may attack with the same monster again, with a different monster, "
        "or not at all.",
        ["md:replays-during-battle", "community:8.5.2.2", "prb2017:battle-replays"], "md:replays-during-battle",
        "When this occurs, you can choose to attack with the same monster again, or choose to attack with a "
        "different monster, or choose not to attack at all."),
    "sim_replay_same_count": _row(
        "If one monster leaves and one is Special Summoned so that the opponent still controls as many monsters, "
        "the number of monsters is still treated as changing (a replay).",
        ["prb2017:battle-replays"], "prb2017:battle-replays",
        "Even if 1 monster leaves the field by the resolution of an effect and then 1 monster is Special "
        "Summoned, or something similar, so that the number of monsters does not increase or decrease, this is "
        "still treated as the number of monsters changing."),
    "sim_negated_phase_trigger": _row(
        "A Trigger Effect that activates in the Standby Phase or the End Phase and has its activation negated "
        "cannot be activated again afterwards (in that phase).",
        ["prb2017:standby-phase", "prb2017:end-phase"], "prb2017:standby-phase",
        "If a Trigger Effect that activates in the Standby Phase has its activation negated, it cannot be "
        "activated again afterwards."),
    "sim_until_end_of_turn": _row(
        "Effects that last \"until the end of the turn\" still apply while the hand size is adjusted at the end "
        "of the End Phase.",
        ["prb2017:end-phase"], "prb2017:end-phase",
        "Effects that say \"until the end of the turn\" are applied until both players have passed the priority "
        "to activate cards, have finished adjusting the hand size, and finished all the resolutions during the "
        "End Phase."),
    "sim_hand_size_not_by_effect": _row(
        "Cards discarded for hand size are discarded from the hand and sent from the hand to the GY, but not "
        "discarded or sent to the GY by an effect.",
        ["prb2017:end-phase"], "prb2017:end-phase",
        "However, they are not treated as being \"discarded by an effect\" or \"sent to the Graveyard by an "
        "effect\"."),
}


# (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line); a combination not
# listed is not decided ("unknown").
PHASE_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    ("priority", "turn_player", "first"): (
        "yes", "sim_priority_turn_player", "the turn player starts with priority in each phase and step of their "
                                           "turn"),
    ("priority", "opponent", "first"): (
        "no", "sim_priority_turn_player", "the turn player, not the opponent, starts with priority in each phase "
                                          "and step of their turn"),
    ("priority", "opponent", "respond_to_end_of_phase"): (
        "yes", "sim_priority_end_of_phase", "announcing the end of a phase passes priority, so the opponent may "
                                            "activate a card before it ends"),
    ("priority", "turn_player", "stay_in_main_phase"): (
        "yes", "sim_priority_stay_main", "the turn player may continue the Main Phase when the opponent activates "
                                         "an effect as they try to leave it"),
    ("battle_damage", "inflict_battle_damage", "effect_damage"): (
        "no", "sim_inflict_battle_damage", "damage from effects that say \"inflict battle damage\" is battle "
                                           "damage, not effect damage"),
    ("battle_damage", "inflict_battle_damage", "battle_damage"): (
        "yes", "sim_inflict_battle_damage", "damage from effects that say \"inflict battle damage\" is battle "
                                            "damage"),
    ("battle_damage", "defense_position", "battle_damage"): (
        "yes", "sim_defense_battle_damage", "damage from a Defense Position monster is battle damage"),
    ("battle_damage", "defense_position", "effect_damage"): (
        "no", "sim_defense_battle_damage", "damage from a Defense Position monster is battle damage, not effect "
                                           "damage"),
    ("battled", "no_damage_calculation", "battled"): (
        "no", "sim_battled_needs_calculation", "without damage calculation the monsters have not battled"),
    ("battled", "target_left_before_calculation", "battled_effect"): (
        "no", "sim_battled_needs_calculation", "the attack target left before damage calculation, so the monsters "
                                               "have not battled: an effect that needs the card to have battled "
                                               "(attacked or was attacked) cannot be activated"),
    ("phase_order", "no_timing_card", "in_between"): (
        "yes", "sim_no_timing_any_order", "a card with no specific activation timing can be activated or "
                                          "resolved in any order among those effects"),
    ("replay", "target_choice", "when_attack_declared"): (
        "no", "sim_replay_target_not_declaration", "choosing the attack target again after a replay is not an "
                                                   "attack declaration"),
    ("replay", "own_monsters_change", "replay"): (
        "no", "sim_replay_own_monsters", "a change in the attacking player's own monsters triggers no replay"),
    ("replay", "stopped_attack", "attack_again"): (
        "no", "sim_replay_stop_attack", "a monster whose attack was stopped after a replay still counts as having "
                                        "declared an attack"),
    ("replay", "after_replay", "stop_attack"): (
        "yes", "sim_replay_choices", "after a replay the attacking player may choose not to attack at all"),
    ("replay", "after_replay", "same_monster_again"): (
        "yes", "sim_replay_choices", "after a replay the same monster may attack again"),
    ("replay", "same_count", "replay"): (
        "yes", "sim_replay_same_count", "one monster leaving and one Special Summoned still changes the number of "
                                        "monsters: a replay"),
    ("phase_order", "negated_phase_trigger", "activate_again"): (
        "no", "sim_negated_phase_trigger", "a Standby/End Phase Trigger Effect whose activation was negated cannot "
                                           "be activated again afterwards"),
    ("hand_size", "until_end_of_turn", "applies_during_discard"): (
        "yes", "sim_until_end_of_turn", "effects that last until the end of the turn still apply while the hand "
                                        "size is adjusted"),
    ("hand_size", "hand_size_discard", "discarded_by_effect"): (
        "no", "sim_hand_size_not_by_effect", "cards discarded for hand size are not discarded by an effect"),
    ("hand_size", "hand_size_discard", "discarded"): (
        "yes", "sim_hand_size_not_by_effect", "cards discarded for hand size are discarded from the hand (not by an "
                                              "effect)"),
}

# The order of the turn and battle (cr-draft 400-413, prb2017's Battle Step, Master Duel's rulebook): their own
# data module, merged here (one table of rule facts for kb.engine.rule_facts).
from .turn_rules import NAMED_EXCEPTIONS, TURN_FACTS, TURN_RULES  # noqa: E402  (data only)

PHASE_RULES.update(TURN_RULES)
PHASE_FACTS.update(TURN_FACTS)
