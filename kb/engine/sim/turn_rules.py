"""Rule facts of the order of the turn and of battle, as data (cr-draft 400-413, 201.7, 203.6, 405, 408.2,
409.10; prb2017's Battle Step, battle positions, Draw and Standby Phases; Master Duel's rulebook): skipping
phases, Main Phase 2, the Battle Phase's steps, extra Battle Phases, lasting effects and the End Phase, the hand
size limit, 0 ATK/DEF, replays, positions changed by effects, negated attacks.  Merged into
:data:`kb.engine.sim.phase_rules.PHASE_RULES` / ``PHASE_FACTS`` (and so into ``RULES``, validated by the build).
Words: ``kb/understand/turn_facts_words.toml``.

This module imports nothing from the engine (data only at import time).
"""

from __future__ import annotations

__all__ = ["TURN_RULES", "TURN_FACTS", "NAMED_EXCEPTIONS"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


TURN_RULES: dict[str, dict] = {
    # --- the order of the turn (cr-draft 400-413): skipping phases, extra Battle Phases, lasting effects
    "sim_phase_skip": _row(
        "The Battle Phase and Main Phase 2 are the only phases that can be skipped; the Draw, Standby, Main 1 "
        "and End Phases are performed even if nothing happens in them.",
        ["cr-draft:400.1", "cr-draft:402.2"], "cr-draft:400.1",
        "The Battle Phase and Main Phase 2 are the only Phases that can be skipped, all other phases are "
        "performed even if nothing happens during that Phase."),
    "sim_main2_after_battle": _row(
        "Main Phase 2 is performed only after a Battle Phase, and must be entered after one: a player cannot go "
        "from the Battle Phase straight to the End Phase.",
        ["cr-draft:412.4", "cr-draft:402.2", "community:8.6"], "cr-draft:412.4",
        "A player cannot skip directly to the End Phase and the Main Phase 2 must be entered even if no actions "
        "are performed."),
    "sim_main2_only_after_battle": _row(
        "Main Phase 2 is performed only if the Battle Phase is, and must be performed if it is.",
        ["cr-draft:402.2", "cr-draft:412.4", "community:8.6"], "cr-draft:402.2",
        "The Main Phase 2 is only performed if the Battle Phase is performed and it must be performed if the Battle "
        "Phase is performed."),
    "sim_start_step_to_end_step": _row(
        "After the Start Step the Battle Step begins: a player cannot go from the Start Step straight to the End "
        "Step of the Battle Phase.",
        ["cr-draft:404.3", "community:8.5"], "cr-draft:404.3",
        "A player cannot proceed directly to the End Step."),
    "sim_battle_steps": _row(
        "The Battle Phase has 4 steps: the Start Step, the Battle Step, the Damage Step and the End Step.",
        ["cr-draft:403.1", "community:8.5"], "cr-draft:403.1",
        "The Battle Phase has 4 Steps: Start, Battle, Damage, End."),
    "sim_extra_battle_phase": _row(
        "However many effects allow an additional Battle Phase, only one extra Battle Phase can be performed.",
        ["cr-draft:400.5a", "cr-draft:400.5"], "cr-draft:400.5a",
        "If multiple effects allow a player to perform an additional Battle Phase only one extra Battle Phase can "
        "be performed."),
    "sim_two_battle_phases_end": _row(
        "While the Battle Phase can be conducted twice, an effect that ends the Battle Phase ends only one of them: "
        "the second can still be conducted (except with The Unhappy Maiden, which the rules name).",
        ["cr-draft:400.5b", "cr-draft:400.5c"], "cr-draft:400.5b",
        "If an effect that ends the Battle Phase is activated while the Battle Phase can be conducted twice only one "
        "of the Battle Phases ends and the second one can still be performed."),
    "sim_two_battle_phases_unhappy_maiden": _row(
        "The rules' one exception: if The Unhappy Maiden's effect ends the Battle Phase while it can be conducted "
        "twice, the second Battle Phase cannot be conducted.",
        ["cr-draft:400.5c", "cr-draft:400.5b"], "cr-draft:400.5c",
        "If the effect of \"The Unhappy Maiden\" is activated while the Battle Phase can be conducted twice the Battle "
        "Phase ends and the second one cannot be performed."),
    "sim_until_end_of_turn_end": _row(
        "Effects that last \"until the end of the turn\" apply until the End Phase ends, not only until it "
        "starts.",
        ["cr-draft:413.4", "prb2017:end-phase"], "cr-draft:413.4",
        "Effects that say \"until the end of the turn\" are applied until the End Phase ends."),
    "sim_until_end_phase": _row(
        "An effect that lasts \"until the End Phase\" stops applying at the end of the End Phase, not when the "
        "End Phase starts.",
        ["cr-draft:400.3"], "cr-draft:400.3",
        "When an effect lasts \"until the End Phase\" it will stop applying at the end of the End Phase and not "
        "when the Phase starts."),
    "sim_main_phase_only": _row(
        "Only in the turn player's Main Phase can Spells/Traps be Set from the hand, Normal/Ritual/Continuous/Field "
        "Spells and Ignition Effects be activated, and monsters be Normal/Tribute Summoned or Set.",
        ["cr-draft:402.3", "cr-draft:301.3", "cr-draft:204.5"], "cr-draft:402.3",
        "The Main Phase is the only phase in which a player can set Spell/Traps from the hand, activate "
        "Normal/Ritual/Continuous/Field Spells, activate an ignition effect and perform a Normal/Tribute Set, "
        "Normal/Tribute Summon, Link Summon, Synchro Summon and Xyz Summon."),
    "sim_main_phases": _row(
        "A turn has 2 Main Phases: Main Phase 1 and Main Phase 2.",
        ["cr-draft:402.1"], "cr-draft:402.1",
        "There are 2 Main Phases in a turn."),
    "sim_draw_phase_draw": _row(
        "At the start of the Draw Phase the turn player draws a card (except the player going first, in the "
        "first turn of the Duel).",
        ["cr-draft:401.1", "cr-draft:401.2", "md:draw-phase"], "cr-draft:401.1",
        "At the start of the Draw Phase the turn player draws a card."),
    "sim_flip_in_battle": _row(
        "An attacked face-down monster is flipped face-up (in Defense Position) in the Damage Step, before damage "
        "calculation; its \"when flipped face-up\" effects do not activate yet.",
        ["cr-draft:408.2", "community:8.5.3"], "cr-draft:408.2",
        "If a face-down Monster battle it's flipped to face-up Defense Position during this part, if that Monster "
        "has an effect that activated when it's flipped face-up it does not activate yet."),
    "sim_phase_ends": _row(
        "A phase or step ends only with no chain building or resolving, no mandatory or delayed effect waiting, and "
        "both players having passed priority and agreeing to move on.",
        ["cr-draft:400.2", "community:7.9.2"], "cr-draft:400.2",
        "A Phase or Steps ends if there is not a chain building or resolving, there are no mandatory effects that "
        "must be activated at that time, there are no delayed effects that need to be resolved, both players have "
        "passed priority once and they both agree to change phase."),
    "sim_between_phases": _row(
        "Nothing happens between steps, phases or turns: no card can be activated between them.",
        ["cr-draft:400.7"], "cr-draft:400.7",
        "No game events can occur between steps, phases, or turns."),
    "sim_start_of_main_phase": _row(
        "An effect that activates \"at the start of the Main Phase\" must be the first action of that phase.",
        ["cr-draft:402.5", "prb2017:main-phase-1"], "cr-draft:402.5",
        "To be activated they must be the first action during that Phase."),
    "sim_attack_no_chain": _row(
        "An attack is declared in the Battle Step with no chain forming or resolving, when the turn player has "
        "priority.",
        ["cr-draft:405.2", "prb2017:battle-step"], "cr-draft:405.2",
        "During the Battle Step the turn player can declare an attack if there isn't a chain forming or resolving, "
        "it's not during a response window and they have priority."),
    "sim_replay_cannot_be_attacked": _row(
        "An effect that makes the opponent's monster unable to be attacked (or lets the attacker attack directly), "
        "starting or stopping after the attack declaration, changes the attack targets: a replay.",
        ["cr-draft:405.5e", "cr-draft:405.5f", "prb2017:battle-replays"], "cr-draft:405.5e",
        "If an effect makes a monster on the opponent's field unable to be attacked or such an effect stops applying "
        "the attack target changes and a Battle Replay is triggered."),
    "sim_until_end_of_battle_phase": _row(
        "Effects applied \"until the end of the Battle Phase\" or \"during the Battle Phase\" apply until the end "
        "of the End Step, not in Main Phase 2.",
        ["cr-draft:412.3"], "cr-draft:412.3",
        "Effects that are applied \"until the end of the Battle Phase\" or \"during the Battle Phase\" are applied "
        "until the end of the End Step."),
    "sim_halving_no_stack": _row(
        "Several effects that halve battle damage, applying at the same time, do not stack: the damage is halved "
        "once.",
        ["community:7.3.1.2"], "community:7.3.1.2",
        "Multiple effects that halve battle damage do not stack when they are applying at the same time[2]."),
    "sim_no_attack_start_step": _row(
        "No attack can be declared in the Start Step of the Battle Phase.",
        ["cr-draft:404.1"], "cr-draft:404.1",
        "During the Start Step attack cannot be declared."),
    "sim_no_attack_end_step": _row(
        "No attack can be declared in the End Step of the Battle Phase.",
        ["cr-draft:412.1"], "cr-draft:412.1",
        "During the End Step attack cannot be declared."),
    # --- prb2017: battle positions, the Battle Step, the Draw and Standby Phases
    "sim_position_by_effect": _row(
        "Each monster's battle position can be changed by its controller once per turn, any number of monsters a "
        "turn; changes made by card effects are not counted.",
        ["prb2017:changing-the-battle-positions-of-monsters"], "prb2017:changing-the-battle-positions-of-monsters",
        "However, the number of times the battle position is changed by a card effect is not counted."),
    "sim_positions_any_number": _row(
        "A player can change the battle positions of any number of monsters in a turn, each once.",
        ["prb2017:changing-the-battle-positions-of-monsters"], "prb2017:changing-the-battle-positions-of-monsters",
        "You can change the battle positions of monsters any number of times per turn, but a single monster can "
        "only have its battle position changed once per turn."),
    "sim_attack_negated_again": _row(
        "A monster whose attack was negated cannot attack again that turn, in most cases.",
        ["prb2017:battle-step", "cr-draft:405.3"], "prb2017:battle-step",
        "If the attack was negated, the monster cannot perform another attack in the same turn, in most cases."),
    "sim_when_attack_declared_only": _row(
        "Cards that activate \"when an attack is declared\" can be activated only at that timing (on the chain "
        "that answers the declaration), not afterwards.",
        ["prb2017:battle-step", "cr-draft:405.4"], "prb2017:battle-step",
        "Cards that say they can be activated \"when an attack is declared\" can only be activated at the timing in "
        "which an attack is declared."),
    "sim_no_damage_step": _row(
        "If the attack is negated, or the attacking monster is changed to Defense Position in the Battle Step, the "
        "Damage Step does not begin and damage calculation is not performed.",
        ["prb2017:battle-step"], "prb2017:battle-step",
        "However, if after attack declaration the attack is negated, or the attacking monster is changed to Defense "
        "Position during the Battle Step, so that it is not possible to continue with the battle, the Damage Step "
        "does not begin and damage calculation is not performed."),
    "sim_standby_turn_player_first": _row(
        "Effects that activate or apply in the Standby Phase resolve starting from the turn player, in most cases.",
        ["prb2017:standby-phase"], "prb2017:standby-phase",
        "If effects activate or apply in the Standby Phase, in most cases they resolve starting from the turn "
        "player."),
    "sim_link_position_effect": _row(
        "A Link Monster's battle position cannot be changed, by effects either: an effect that would change the "
        "position of only Link Monsters cannot be activated, and a Link Monster cannot be targeted for one.",
        ["cr-draft:203.6r", "cr-draft:203.6q", "cr-draft:203.6s"], "cr-draft:203.6r",
        "A player cannot activate an effect if that effect would change the position of only Link Monsters."),
    # --- md: attacking is optional; a negated attack still counts
    "sim_attack_optional": _row(
        "Each face-up Attack Position monster may attack once a turn; a player does not have to attack with it.",
        ["md:battle-step", "community:8.5.2"], "md:battle-step",
        "You do not have to attack with a monster if you don't want to."),
    "sim_negated_attack_counts": _row(
        "A monster whose attack was negated still declared an attack that turn: it cannot attack again, nor have "
        "its battle position changed in Main Phase 2.",
        ["md:negating-attacks", "prb2017:battle-step"], "md:negating-attacks",
        "Even if an attack is negated, that monster is still considered to have declared an attack that turn, so it "
        "cannot declare another attack and cannot change its battle position in Main Phase 2."),
    # --- battle (cr-draft 201, 405)
    "sim_zero_stats": _row(
        "A monster is not destroyed because its ATK or DEF becomes 0.",
        ["cr-draft:201.7"], "cr-draft:201.7",
        "Monsters do not get destroyed if their ATK and/or DEF goes to 0."),
    "sim_zero_atk_battle": _row(
        "When two Attack Position monsters with 0 ATK battle, no damage is inflicted and neither is destroyed.",
        ["cr-draft:409.10"], "cr-draft:409.10",
        "If the ATK of both monsters is 0, no damage is inflicted and neither monsters are marked for destruction."),
    "sim_replay_no_limit": _row(
        "Each change of the attack targets triggers another replay: there is no limit to the number of replays "
        "on one attack.",
        ["cr-draft:405.5b", "cr-draft:405.5"], "cr-draft:405.5b",
        "There is no limit to the number of Battle Replays that can occur on any attack."),
}

# Cards a rule names as its exception (cr-draft 400.5c), by the shape's "exceptions" key: card name -> the subject
# of the fact that applies instead (kb/understand/scenario_phase_facts.py).
NAMED_EXCEPTIONS: dict[str, dict[str, str]] = {
    "battle_phase_end": {"The Unhappy Maiden": "unhappy_maiden_with_two"},
}

# (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line)
TURN_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    # --- the order of the turn (cr-draft 400-413)
    ("phase_skip", "battle_phase", "can_skip"): (
        "yes", "sim_phase_skip", "the Battle Phase is one of the two phases that can be skipped"),
    ("phase_skip", "battle_phase", "required"): (
        "no", "sim_phase_skip", "the Battle Phase can be skipped: a player does not have to conduct it"),
    ("phase_skip", "required_phase", "can_skip"): (
        "no", "sim_phase_skip", "only the Battle Phase and Main Phase 2 can be skipped; every other phase is "
                                "performed even if nothing happens in it"),
    ("phase_skip", "required_phase", "required"): (
        "yes", "sim_phase_skip", "every phase but the Battle Phase and Main Phase 2 is performed even if nothing "
                                 "happens in it"),
    ("phase_skip", "battle_phase", "first_turn"): (
        "no", "sim_first_turn_battle", "no Battle Phase can be conducted in the first turn of the Duel"),
    ("phase_skip", "battle_to_end", "allowed"): (
        "no", "sim_main2_after_battle", "after a Battle Phase, Main Phase 2 must be entered (even if nothing is "
                                        "done in it); the turn cannot go straight to the End Phase"),
    ("phase_skip", "battle_to_end", "main2_required"): (
        "yes", "sim_main2_after_battle", "after a Battle Phase, Main Phase 2 must be entered (even if nothing is done "
                                         "in it)"),
    ("phase_skip", "main2_without_battle", "skipped"): (
        "yes", "sim_main2_only_after_battle", "Main Phase 2 is performed only if the Battle Phase is: without a "
                                              "Battle Phase the turn goes from Main Phase 1 to the End Phase"),
    ("battle_phase", "start_step", "direct_to_end_step"): (
        "no", "sim_start_step_to_end_step", "after the Start Step the Battle Step begins; a player cannot go "
                                            "straight to the End Step"),
    ("battle_phase", "steps", "has_step"): (
        "yes", "sim_battle_steps", "the Battle Phase has 4 steps: Start, Battle, Damage and End"),
    ("battle_phase", "steps", "how_many"): (
        "4", "sim_battle_steps", "the Battle Phase has 4 steps: Start, Battle, Damage and End"),
    ("battle_phase", "extra_battle_phases", "how_many"): (
        "1", "sim_extra_battle_phase", "only one extra Battle Phase can be performed, however many effects allow "
                                       "one"),
    ("battle_phase", "extra_battle_phases", "more_than_one"): (
        "no", "sim_extra_battle_phase", "only one extra Battle Phase can be performed, however many effects allow "
                                        "one"),
    ("battle_phase", "end_effect_with_two", "second_battle_phase"): (
        "yes", "sim_two_battle_phases_end", "an effect that ends the Battle Phase ends only one of the two: the second "
                                            "can still be conducted"),
    ("battle_phase", "unhappy_maiden_with_two", "second_battle_phase"): (
        "no", "sim_two_battle_phases_unhappy_maiden", "the rules' named exception: after The Unhappy Maiden ends the "
                                                      "Battle Phase, the second one cannot be conducted"),
    ("until", "end_of_turn", "stops_at_end_phase_start"): (
        "no", "sim_until_end_of_turn_end", "effects that last until the end of the turn apply until the End Phase "
                                           "ends, not only until it starts"),
    ("until", "end_of_turn", "applies_in_end_phase"): (
        "yes", "sim_until_end_of_turn_end", "effects that last until the end of the turn apply until the End Phase "
                                            "ends"),
    ("until", "end_phase", "stops_at_end_phase_start"): (
        "no", "sim_until_end_phase", "an effect that lasts until the End Phase stops applying at the end of the End "
                                     "Phase, not when it starts"),
    ("until", "end_phase", "applies_in_end_phase"): (
        "yes", "sim_until_end_phase", "an effect that lasts until the End Phase stops applying only at the end of "
                                      "the End Phase"),
    ("turn", "phases", "how_many"): (
        "6", "turn_structure", "a turn has 6 phases: Draw, Standby, Main 1, Battle, Main 2, End"),
    ("turn", "after_draw", "next_phase"): ("Standby Phase", "turn_structure", "the Standby Phase follows the Draw "
                                                                              "Phase"),
    ("turn", "after_standby", "next_phase"): ("Main Phase 1", "turn_structure", "Main Phase 1 follows the Standby Phase"),
    ("turn", "after_main1", "next_phase"): ("Battle Phase (or the End Phase, if no Battle Phase is conducted)",
                                            "turn_structure", "the Battle Phase follows Main Phase 1, or the End Phase "
                                                              "if the turn player conducts no Battle Phase"),
    ("turn", "after_battle", "next_phase"): ("Main Phase 2", "sim_main2_after_battle", "Main Phase 2 follows the Battle "
                                                                                    "Phase"),
    ("turn", "after_main2", "next_phase"): ("End Phase", "turn_structure", "the End Phase follows Main Phase 2"),
    ("turn", "main_phases", "how_many"): (
        "2", "sim_main_phases", "a turn has 2 Main Phases: Main Phase 1 and Main Phase 2"),
    ("draw_phase", "turn_player", "draws"): (
        "yes", "sim_draw_phase_draw", "at the start of the Draw Phase the turn player draws a card (the player going "
                                      "first does not in the first turn of the Duel)"),
    ("battle", "face_down_target", "flipped_face_up"): (
        "yes", "sim_flip_in_battle", "an attacked face-down monster is flipped face-up in the Damage Step, before "
                                     "damage calculation"),
    ("position", "by_effect", "counts"): (
        "no", "sim_position_by_effect", "a battle position changed by a card effect does not count toward the once-a-"
                                        "turn change"),
    ("position", "by_effect", "manual_after"): (
        "yes", "sim_position_by_effect", "a battle position changed by a card effect is not counted: the monster's "
                                         "own once-a-turn change is still there (if it was on the field since the "
                                         "turn began and has not attacked)"),
    ("position", "several_monsters", "each_once"): (
        "yes", "sim_positions_any_number", "any number of monsters can have their battle positions changed in a "
                                           "turn, each once"),
    ("attack", "negated", "attack_again"): (
        "no", "sim_attack_negated_again", "a monster whose attack was negated cannot attack again that turn (in most "
                                          "cases)"),
    ("attack", "when_declared_card", "after_chain"): (
        "no", "sim_when_attack_declared_only", "a card that activates when an attack is declared can be activated only "
                                               "at that timing, not after the chain answering it resolved"),
    ("attack", "negated_or_defense", "damage_calculation"): (
        "no", "sim_no_damage_step", "the Damage Step does not begin: damage calculation is not performed"),
    ("phase_order", "standby_effects", "turn_player_first"): (
        "yes", "sim_standby_turn_player_first", "Standby Phase effects resolve starting from the turn player, in most "
                                                "cases"),
    ("position", "link_by_effect", "change"): (
        "no", "sim_link_position_effect", "a Link Monster's battle position cannot be changed by an effect: an effect "
                                          "that would change only Link Monsters' positions cannot even be activated"),
    ("attack", "every_monster", "required"): (
        "no", "sim_attack_optional", "a player does not have to attack with a monster that can attack"),
    ("attack", "negated", "change_position"): (
        "no", "sim_negated_attack_counts", "a monster whose attack was negated still declared an attack: its battle "
                                           "position cannot be changed in Main Phase 2"),
    ("battle", "zero_atk_both", "destroyed"): (
        "no", "sim_zero_atk_battle", "two Attack Position monsters with 0 ATK battling: neither is destroyed, no damage"),
    ("turn", "phase_change", "during_chain"): (
        "no", "sim_phase_ends", "a phase or step cannot end while a chain is building or resolving"),
    ("turn", "between_phases", "activate"): (
        "no", "sim_between_phases", "no game event happens between steps, phases or turns"),
    ("turn", "start_of_main_phase_effect", "after_other_action"): (
        "no", "sim_start_of_main_phase", "an \"at the start of the Main Phase\" effect must be the first action of "
                                         "that phase"),
    ("attack", "during_chain", "declare"): (
        "no", "sim_attack_no_chain", "an attack cannot be declared while a chain is forming or resolving"),
    ("replay", "unattackable", "replay"): (
        "yes", "sim_replay_cannot_be_attacked", "the attack targets changed: a replay"),
    ("until", "end_of_battle_phase", "applies_in_main2"): (
        "no", "sim_until_end_of_battle_phase", "effects that last until the end of the Battle Phase stop at the end of "
                                               "the End Step, before Main Phase 2"),
    ("battle_damage", "two_halvings", "stack"): (
        "no", "sim_halving_no_stack", "effects that halve battle damage do not stack: the damage is halved once"),
    ("attack", "start_step", "declare"): (
        "no", "sim_no_attack_start_step", "no attack can be declared in the Start Step"),
    ("attack", "end_step", "declare"): (
        "no", "sim_no_attack_end_step", "no attack can be declared in the End Step"),
    ("replay", "opponent_monsters_change", "replay"): (
        "yes", "sim_replay", "the number of the opponent's monsters changing after an attack declaration, before the "
                             "Damage Step, triggers a replay"),
    ("hand_size", "limit", "how_many"): (
        "6", "sim_hand_size", "at the end of the End Phase the turn player discards down to 6 cards in hand"),
    ("stats", "zero", "destroyed"): (
        "no", "sim_zero_stats", "a monster is not destroyed because its ATK or DEF becomes 0"),
    ("replay", "count", "limited"): (
        "no", "sim_replay_no_limit", "there is no limit to the number of replays on one attack"),
    ("replay", "count", "more_than_one"): (
        "yes", "sim_replay_no_limit", "each new change of the attack targets triggers another replay; there is no "
                                      "limit on one attack"),
}
