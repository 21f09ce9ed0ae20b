"""The simulator's rules as data: rows merged into :data:`kb.engine.rules.RULES` (one table of citations).

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in
one of them); the build validates the rows of ``RULES`` as it does every other row.  The other tables
hold facts the simulator applies (Tributes by Level, zones per ruleset, ...), each naming its rule key.

This module imports nothing from the engine so that :mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

__all__ = ["SIM_RULES", "RULESETS", "DEFAULT_RULESET", "TRIBUTES_BY_LEVEL", "EXTRA_DECK_FRAMES",
           "HAND_SIZE_LIMIT", "MAIN_ZONES", "SPELL_TRAP_ZONES", "PENDULUM_ZONES", "STARTING_LP",
           "LEFT_FIELD_RULES"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


SIM_RULES: dict[str, dict] = {
    "sim_tributes": _row(
        "A Level 5 or 6 monster needs 1 Tribute to be Normal Summoned/Set, a Level 7 or higher monster 2.",
        ["community:3.1.2", "prb2017:tribute-summon", "cr-draft:301.5"], "community:3.1.2",
        "Monsters that are Level 5 or 6 require 1 Tribute and Monsters that are Level 7 or higher require 2 "
        "Tributes[1]."),
    "sim_normal_summon_once": _row(
        "A player can Normal Summon or Set a monster (Tribute Summons included) once per turn; card effects "
        "can grant more.",
        ["md:summon-or-set-a-monster", "tcg-v10:summon-or-set-a-monster", "community:7.1"],
        "md:summon-or-set-a-monster",
        "There is no limit to the number of times you can Flip Summon or Special Summon during a turn, but you "
        "can only Normal Summon or Set a monster (including a Tribute Summon) once per turn."),
    "sim_special_summon_monster": _row(
        "Special Summon Monsters (Fusion, Link, Ritual, Synchro, Xyz, Tokens and \"Cannot be Normal "
        "Summoned/Set\" monsters) cannot be Normal Summoned or Set.",
        ["cr-draft:202.16a", "community:3.3.1.1", "prb2017:special-summon-monsters"], "cr-draft:202.16a",
        "A Special Summon Monster cannot be Normal/Tribute Summoned or Normal/Tribute Set."),
    "sim_properly_summoned": _row(
        "A Special Summon Monster can be Special Summoned from the GY or banishment by a card effect only if "
        "it was properly Summoned first.",
        ["md:semi-nomi", "tcg-v10:special-summon-with-a-cards-effect", "cr-draft:202.16h"], "md:semi-nomi",
        "A Special Summon-only monster can be Special Summoned from the Graveyard or while banished as long as "
        "it was Special Summoned properly first."),
    "sim_nomi": _row(
        "A monster that \"Must be Special Summoned\" a way (Nomi) cannot be Special Summoned by other effects, "
        "even after it was properly Summoned.",
        ["cr-draft:202.16e", "md:nomi", "md:semi-nomi"], "cr-draft:202.16e",
        "If the text of the card contains \"Must be [Summon Procedure]\" and not \"Must first be [Summon "
        "Procedure]\" that Monster cannot be Special Summoned by other effect even after they are Properly "
        "Special Summoned."),
    "sim_emz_normal_summon": _row(
        "Only monsters Special Summoned from the Extra Deck go to an Extra Monster Zone; a Normal Summon "
        "never does.",
        ["cr-draft:301.12", "prb2017:extra-monster-zone", "community:2.9.2"], "cr-draft:301.12",
        "Monsters cannot be Normal Summoned to an Extra Monster Zone even if all Main Monsters are occupied "
        "or unusable."),
    "sim_emz_2017": _row(
        "Master Rule 4 (2017): every monster Special Summoned from the Extra Deck goes to the Extra Monster "
        "Zone or a Main Monster Zone a Link Monster points to.",
        ["prb2017:special-summoning-monsters-from-the-extra-deck", "prb2017:extra-monster-zone",
         "tcg-v10:link-monster-bonuses"], "prb2017:special-summoning-monsters-from-the-extra-deck",
        "In most cases, Monsters from the Extra Deck can only be Special Summoned in the Extra Monster Zone, "
        "and if they are Special Summoned from outside the Extra Deck they are Special Summoned in the Main "
        "Monster Zones."),
    "sim_emz_2020": _row(
        "Since April 2020 only Link Monsters and face-up Pendulum Monsters Summoned from the Extra Deck need "
        "the Extra Monster Zone or a zone a Link Monster points to; other Extra Deck monsters may go to any "
        "Main Monster Zone.",
        ["md:extra-monster-zone-emz", "community:2.9.2"], "md:extra-monster-zone-emz",
        "If Summoning a Link or Pendulum Monster, it must be placed into the EMZ or a MMZ that a Link monster "
        "points to."),
    "sim_emz_one": _row(
        "Each player may occupy only 1 Extra Monster Zone (unless an Extra Link is formed).",
        ["md:extra-monster-zone-emz", "prb2017:normally-only-one-of-the-two-zones-can"],
        "md:extra-monster-zone-emz",
        "Each player may only occupy 1 EMZ at a time unless a specific condition is met known as an \"Extra "
        "Link\" (more on this in the Link section.)"),
    "sim_halve_round_up": _row(
        "Halving LP (or ATK/DEF) rounds a fraction up: paying half of 525 LP leaves 263.",
        ["prb2017:decimal-values", "community:7.6", "prb2017:decimal-values-ex1"], "prb2017:decimal-values",
        "• If LP or ATK/DEF are halved by some effect, so that the result has decimal values, the calculation "
        "is rounded up."),
    "sim_chain_resolution": _row(
        "A chain resolves in reverse order, the last link first.",
        ["md:what-are-chains", "community:7.8", "tcg-v10:what-is-a-chain"], "md:what-are-chains",
        "Both players continue to add effects to the Chain until they both wish to add nothing else, then you "
        "resolve the outcome in reverse order - starting with the last card that was activated."),
    "sim_flip_summon": _row(
        "A face-down Defense Position monster can be Flip Summoned in its controller's Main Phase, but not in "
        "the turn it was Set, and once per turn.",
        ["prb2017:flip-summoning", "community:3.2", "cr-draft:302.3"], "prb2017:flip-summoning",
        "• A monster Set by a Normal Summon/Set cannot be Flip Summoned during the same turn."),
    "sim_battle_position": _row(
        "In the Main Phase a monster's battle position can be changed once per turn, not in the turn it was "
        "Summoned and not after it declared an attack.",
        ["prb2017:changing-the-battle-positions-of-monsters", "prb2017:battle-position-changes",
         "cr-draft:302.3"], "prb2017:changing-the-battle-positions-of-monsters",
        "• A monster that performed an attack declaration cannot have its battle position changed during that "
        "turn."),
    "sim_first_turn_battle": _row(
        "The player who goes first cannot conduct a Battle Phase in the first turn of the Duel.",
        ["prb2017:battle-phase", "community:8.5.1", "md:phases-battle-phase"], "prb2017:battle-phase",
        "• A Battle Phase cannot be conducted during the first turn of the Duel."),
    "sim_first_turn_draw": _row(
        "The first player skips the normal draw of their first turn's Draw Phase.",
        ["prb2017:draw-phase", "md:draw-phase"], "prb2017:draw-phase",
        "• The player who goes first cannot perform their normal draw during the Draw Phase of their first "
        "turn."),
    "sim_attack_declaration": _row(
        "In the Battle Step the turn player declares an attack with 1 face-up Attack Position monster that has "
        "not declared an attack this turn; with no opponent's monster it attacks directly.",
        ["prb2017:battle-step", "prb2017:face-up-attack-position", "community:8.5.2.1"], "prb2017:battle-step",
        "• A single monster can only perform 1 attack declaration per turn, providing no particular effects "
        "are applied."),
    "sim_replay": _row(
        "If the number of monsters the opponent controls changes after an attack declaration, before the "
        "Damage Step, a replay occurs; the first monster still counts as having attacked if another attacks.",
        ["prb2017:battle-replays", "community:8.5.2.2", "cr-draft:405.5"], "prb2017:battle-replays",
        "After you perform an attack declaration with your monster, if a monster the opponent controls leaves "
        "the field or a new opponent's monster is Special Summoned or something similar during the Battle Step, "
        "so that the number of monsters the opponent controls changes, a replay is triggered."),
    # --- replays: who may attack after one, and when none is triggered (battle.py)
    "sim_replay_other_monster": _row(
        "After a replay the attacking player may attack with the same monster, with a different monster, or not "
        "at all; if a different monster attacks, the first one still counts as having declared an attack and "
        "cannot attack again this turn.",
        ["md:replays-during-battle", "community:8.5.2.2", "prb2017:battle-replays"], "md:replays-during-battle",
        "Note that if you attack with a different monster, the first monster is still considered to have declared "
        "an attack, and it cannot attack again this turn."),
    "sim_replay_after_chain": _row(
        "A change in the number of the opponent's monsters during a chain triggers a replay only after the whole "
        "chain has resolved: if the attacking monster has left the field by then, no replay is triggered.",
        ["prb2017:battle-replays-ex3", "prb2017:battle-replays"], "prb2017:battle-replays-ex3",
        "If the number of monster changes during the resolution of an effect or chain, a replay is triggered "
        "after all those effects finish resolving."),
    "sim_no_replay_damage_step": _row(
        "A change in the number of the opponent's monsters during the Damage Step causes no replay.",
        ["community:8.5.3", "prb2017:damage-step"], "community:8.5.3",
        "Even if the number of monsters the opponent controls changes during the Damage Step, a replay is not "
        "triggered[2]."),
    "sim_damage_calculation": _row(
        "Damage calculation: against Attack Position the lower ATK is destroyed and its controller takes the "
        "difference (equal ATK: both destroyed, no damage); against Defense Position a lower DEF is destroyed "
        "without damage, a higher DEF inflicts the difference on the attacker.",
        ["prb2017:damage-calculation", "community:8.5.3", "tcg-v10:damage-step-rules"],
        "prb2017:damage-calculation",
        "If the ATK is the same, no damage is inflicted and both monsters are destroyed at the end of that "
        "Damage Step."),
    "sim_pendulum_scales": _row(
        "A Pendulum Summon places monsters whose Levels are strictly between the two Pendulum Scales; from "
        "the Extra Deck only face-up Pendulum Monsters.",
        ["prb2017:pendulum-summoning", "community:2.8", "md:how-do-scales-work-with-pendulum-summoning"],
        "prb2017:pendulum-summoning",
        "The Levels between the scales are the Levels higher than the lower Pendulum Scale and lower than the "
        "higher Pendulum Scale of the Pendulum Monsters placed on the left and right sides of the field."),
    "sim_hand_size": _row(
        "At the end of the End Phase the turn player discards down to 6 cards.",
        ["md:end-phase", "prb2017:end-phase", "cr-draft:413.3"], "md:end-phase",
        "If you have more than six cards in your hand at the end of this phase, select and discard cards to "
        "the Graveyard until you only have six cards in your hand."),
    "sim_hand_size_window": _row(
        "While the turn player discards for hand size at the end of the End Phase, no card or effect can be "
        "activated except effects that trigger on being discarded, and only on the Chain immediately following "
        "the discard.",
        ["cr-draft:413.3", "community:9.4.3.6"], "cr-draft:413.3",
        "While discarding cards during the End Phase due to the turn player exceeding the maximum hand size no cards "
        "or effects can be activated except for cards or effect that trigger due to being discarded."),
    "sim_hand_size_one_chain": _row(
        "After the hand-size discard only the Chain immediately following it can hold effects: an effect whose "
        "condition is met after that Chain (a card discarded again) cannot be activated.",
        ["community:9.4.3.6", "cr-draft:413.3"], "community:9.4.3.6",
        "If you discard cards for hand size at the end of your End Phase, you can only activate effects on the "
        "Chain immediately following this."),
    "sim_attack_lock": _row(
        "A monster whose text says \"If this card attacks, your opponent cannot activate ... until the end of the "
        "Damage Step\" locks those activations from its attack declaration to the end of the Damage Step (the "
        "card's own text is the rule; the Damage Step ends after damage calculation).",
        ["community:10.61", "community:8.5.3"], "community:10.61",
        "If this card attacks, your opponent cannot activate any Spell/Trap Cards until the end of the Damage "
        "Step."),
    "sim_negated_summon": _row(
        "A monster whose Summon is negated is sent to the GY and counts as not properly Summoned; the Normal "
        "Summon it used is spent.",
        ["prb2017:normal-summoning-setting", "prb2017:special-summoning-a-monster-through-requirements",
         "md:semi-nomi"], "md:semi-nomi",
        "If the Summon of a Special Summon-only monster is negated (such as by [card]) it is not considered to "
        "have been properly Special Summoned."),
    "sim_tribute_negated": _row(
        "Tributes for a Tribute Summon are sent when it is declared; they stay in the GY even if the Summon is "
        "negated.",
        ["prb2017:tributes-for-a-tribute-summon"], "prb2017:tributes-for-a-tribute-summon",
        "Even if the Tribute Summon is negated, the Tributed monsters are sent to the Graveyard normally."),
    "sim_destroy_on_field": _row(
        "Only cards on the field can be destroyed: cards in the GY or banished cannot be, so \"negate ..., and "
        "if you do, destroy that card\" leaves a card in the GY where it is.",
        ["prb2017:destroying", "prb2017:destroying-ex1"], "prb2017:destroying",
        "• Cards in the Graveyard or that are banished cannot be destroyed."),
    "sim_negated_activation": _row(
        "An activation that is negated still counts as activated for once-per-turn limits of effects; a Spell "
        "or Trap Card whose activation is negated is sent to the GY.",
        ["prb2017:5.1"], "prb2017:5.1",
        "• If an activation is not negated, but later the effect is negated or is unable to resolve, the effect "
        "still counts as having been activated."),
    "sim_additional_summon_set": _row(
        "An extra Normal Summon that an effect grants with the words \"Normal Summon\" alone cannot be used to Set; "
        "\"Normal Summon/Set\" grants either (card text decides).",
        ["cr-draft:301.8n", "md:additional-normal-summons"], "cr-draft:301.8n",
        "A Normal/Tribute Summoned gained by an effect that give an additional Normal/Tribute Summon cannot be used "
        "to perform a Normal/Tribute Set but only to perform a Normal/Tribute Summon."),
    "sim_pendulum_activation": _row(
        "In the Main Phase a Pendulum Monster in the hand can be activated as a Spell Card in a Pendulum Zone (the "
        "leftmost or rightmost Spell & Trap Zone), which must be free.",
        ["community:2.8", "prb2017:pendulum-monsters", "prb2017:pendulum-summoning"], "community:2.8",
        "1. During your Main Phase, activate Pendulum Monster Cards as Spell Cards in your leftmost and rightmost "
        "Spell & Trap Zones."),
    "sim_before_draw": _row(
        "In the Draw Phase no card or effect can be activated before the turn player's normal draw.",
        ["prb2017:draw-phase", "tcg-v10:draw-phase", "md:draw-phase"], "prb2017:draw-phase",
        "• Neither player can activate cards before the turn player draws a card during the Draw Phase."),
    # --- an effect of a card that stays on the field, whose card left the field before it resolved
    "sim_left_field_continuous_spell": _row(
        "An effect of a face-up Continuous Spell Card does not resolve if the card left the field before it "
        "resolved (unless it was removed to pay the cost of activating itself or one of its effects).",
        ["cr-draft:205.4", "prb2017:continuous-spell-cards"], "cr-draft:205.4",
        "If a Continuous Spell Card is removed from the field before an effect of that card on the field resolves, "
        "that effect will not resolve."),
    "sim_left_field_equip_spell": _row(
        "An effect of a face-up Equip Spell Card does not resolve if the card left the field before it resolved "
        "(unless it was removed to pay the cost of activating itself or one of its effects).",
        ["cr-draft:206.6"], "cr-draft:206.6",
        "If an Equip Spell Card is removed from the field before an effect of that card on the field resolves, "
        "that effect will not resolve."),
    "sim_left_field_field_spell": _row(
        "An effect of a face-up Field Spell Card does not resolve if the card left the field before it resolved "
        "(unless it was removed to pay the cost of activating itself or one of its effects).",
        ["cr-draft:207.6"], "cr-draft:207.6",
        "If a Field Spell Card is removed from the field before an effect of that card on the field resolves, "
        "that effect will not resolve."),
    "sim_left_field_continuous_trap": _row(
        "An effect of a face-up Continuous Trap Card does not resolve if the card left the field before it "
        "resolved (unless it was removed to pay the cost of activating itself or one of its effects).",
        ["cr-draft:211.4", "prb2017:continuous-traps"], "cr-draft:211.4",
        "If a Continuous Trap Card is removed from the field before an effect of that card on the field resolves, "
        "that effect will not resolve."),
}

# (card type, property) of cards whose effects on the field need the card there when they resolve, and the
# rule each applies.  Monsters are not here: whether a monster effect resolves after the monster left the
# field depends on the effect (its card's rulings).
LEFT_FIELD_RULES: dict[tuple[str, str], str] = {
    ("Spell", "Continuous"): "sim_left_field_continuous_spell",
    ("Spell", "Equip"): "sim_left_field_equip_spell",
    ("Spell", "Field"): "sim_left_field_field_spell",
    ("Trap", "Continuous"): "sim_left_field_continuous_trap",
}

# Tributes needed to Normal Summon/Set by Level: (lowest Level, highest Level, Tributes).
TRIBUTES_BY_LEVEL: list[tuple[int, int, int]] = [(1, 4, 0), (5, 6, 1), (7, 99, 2)]

# Rulesets where the books disagree (data/conflicts.toml "extra-deck-summon-zones").  ``emz_frames``: the
# Extra Deck monsters that must go to an Extra Monster Zone or a zone a Link Monster points to.
RULESETS: dict[str, dict] = {
    "current": {"title": "current rules (April 2020 revision of Master Rule 4)",
                "emz_frames": ("Link", "Pendulum"), "emz_rule": "sim_emz_2020",
                "conflict": "extra-deck-summon-zones"},
    "master-rule-4": {"title": "Master Rule 4 (2017)",
                      "emz_frames": ("Fusion", "Synchro", "Xyz", "Link", "Pendulum"), "emz_rule": "sim_emz_2017",
                      "conflict": "extra-deck-summon-zones"},
}
DEFAULT_RULESET = "current"

EXTRA_DECK_FRAMES = ("Fusion", "Synchro", "Xyz", "Link")
HAND_SIZE_LIMIT = 6
MAIN_ZONES = 5
SPELL_TRAP_ZONES = 5
PENDULUM_ZONES = (0, 4)  # the leftmost and rightmost Spell & Trap Zones
STARTING_LP = 8000
