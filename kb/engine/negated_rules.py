"""The rules of what happens after a negation, as data: rows merged into :data:`kb.engine.rules.RULES`.

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in
one of them); the build validates them with every other row.  :mod:`kb.engine.negated` applies them.
This module imports nothing from the engine so that :mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

__all__ = ["NEGATED_RULES"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


NEGATED_RULES: dict[str, dict] = {
    "negated_card_to_gy": _row(
        "A Spell or Trap Card whose activation is negated is sent to the GY after the whole chain it was "
        "activated in resolves (unless it was already moved, e.g. destroyed by the negating effect); it does "
        "not stay on the field.",
        ["md:negating-activations", "cr-draft:205.3", "cr-draft:211.3"], "md:negating-activations",
        "If the activation of a Spell or Trap Card is negated, that card is sent to the Graveyard after the "
        "entire Chain it was activated in resolves if it has not already been moved somewhere, but it is not "
        "treated as being sent from the field - even if it was face-down on the field before its activation."),
    "negated_continuous_spell": _row(
        "A Continuous Spell Card whose activation is negated is sent to the GY at the end of the chain it was "
        "activated in.",
        ["cr-draft:205.3", "md:negating-activations"], "cr-draft:205.3",
        "If the activation of a Continuous Spell Card is negated, the Continuous Spell Card is sent to the "
        "Graveyard at the end of the Chain it was activated in."),
    "negated_continuous_trap": _row(
        "A Continuous Trap Card whose activation is negated is sent to the GY at the end of the chain it was "
        "activated in.",
        ["cr-draft:211.3", "md:negating-activations"], "cr-draft:211.3",
        "If the activation of a Continuous Trap Card is negated, the Continuous Trap Card is sent to the "
        "Graveyard at the end of the Chain it was activated in."),
    "negated_not_from_field": _row(
        "A card whose activation is negated is not treated as sent from (leaving) the field, even if it was "
        "face-down on the field before it was activated.",
        ["md:negating-activations", "prb2017:negating-the-activation-of-cards"], "md:negating-activations",
        "If the activation of [card] is negated by [card], because it's not considered being sent from the "
        "field to the GY, its effect in the GY will not trigger."),
    "negated_effect_stays": _row(
        "When the activation of a card's effect is negated, that card stays where it is unless an effect says "
        "otherwise (a negating card that also destroys it).",
        ["md:negating-activations"], "md:negating-activations",
        "If the activation of a card effect is negated, that card remains in its current location unless a "
        "card effect specifies otherwise (such as [card] specifying that the monster is destroyed)."),
    "negated_no_resolution": _row(
        "A card or effect whose activation is negated does not resolve: its effect is not applied.",
        ["prb2017:negating-the-activation-of-cards", "md:negating-activations"],
        "prb2017:negating-the-activation-of-cards",
        "• If the activation of the card is negated, its effect does not resolve."),
    "negated_opt_monster": _row(
        "A monster effect that \"can only be used (or activated) once per turn\" whose activation is negated "
        "cannot be activated again that turn.",
        ["prb2017:5.1", "md:negating-activations"], "prb2017:5.1",
        "• If \"can only be used (or activated) once per turn\" is written in a Monster Card, if the activation "
        "is negated, that effect cannot be activated again in the same turn."),
    "negated_opt_card_activation": _row(
        "A Spell or Trap Card that \"can only be activated once per turn\" whose activation is negated: "
        "another card with the same name can be activated again that turn.",
        ["prb2017:5.1", "md:negating-activations"], "prb2017:5.1",
        "• If \"can only be activated once per turn\" is written in a Spell or Trap Card, if the activation of "
        "that card is negated, another card with the same name can be activated again in the same turn."),
    "negated_opt_face_up": _row(
        "The effect of a face-up Spell or Trap Card that \"can only be used once per turn\" whose activation "
        "is negated cannot be activated again that turn.",
        ["prb2017:5.1", "md:negating-activations"], "prb2017:5.1",
        "• If \"can only be used once per turn\" is written in a Spell or Trap Card that is already face-up, "
        "if that effect has its activation negated, it cannot be activated again during the same turn."),
    "negated_effect_counts": _row(
        "An effect whose activation stood but whose effect was negated (or could not resolve) still counts "
        "as activated for once-per-turn limits.",
        ["prb2017:5.1", "md:negating-activations"], "prb2017:5.1",
        "• If an activation is not negated, but later the effect is negated or is unable to resolve, the "
        "effect still counts as having been activated."),
    "negated_summon_counts": _row(
        "A negated Normal Summon still counts as the turn's one Normal Summon/Set, and a negated Pendulum "
        "Summon as the turn's one Pendulum Summon.",
        ["md:negating-summons", "prb2017:normal-summoning-setting"], "md:negating-summons",
        "A negated Normal Summon still counts as the one Normal Summon/Set per turn, and a negated Pendulum "
        "Summon still counts as the one Pendulum Summon per turn."),
    "negated_summon_retry": _row(
        "A monster that can be Special Summoned only once per turn (or Summoned once per turn in a particular "
        "way) whose Summon is negated is treated as not Summoned: the Summon may be attempted again.",
        ["md:negating-summons"], "md:negating-summons",
        "If a monster that can only be Special Summoned once per turn has its Summon negated, it is treated as "
        "not being Summoned."),
    "negated_summon_not_summoned": _row(
        "A monster whose Summon is negated was not successfully Summoned and is not considered to have been on "
        "the field.",
        ["md:negating-summons", "cr-draft:300.4c"], "md:negating-summons",
        "If the Summon of a monster(s) is negated, that monster(s) is not considered to have been on the field "
        "at the time its Summon was negated (even if it is being Flip Summoned or is a Gemini monster being "
        "Normal Summoned again)."),
    "negated_normal_summon_gy": _row(
        "A monster whose Normal Summon/Set is negated is sent to the GY (unless an effect applies), and is not "
        "treated as sent from the hand or the field.",
        ["prb2017:normal-summoning-setting", "md:negating-summons"], "prb2017:normal-summoning-setting",
        "• A monster that has its Normal Summon/Set negated is sent to the Graveyard providing no particular "
        "effect is being applied."),
    "negated_gemini": _row(
        "A Gemini Monster that gained its effects and then has them negated is still an Effect Monster: it "
        "cannot be Normal Summoned again to gain them.",
        ["cr-draft:202.8i", "prb2017:gemini"], "cr-draft:202.8i",
        "If the effects of a Gemini Monster that gained its effects are negated, the Gemini Monster is still "
        "treated as being an Effect Monster and cannot be Normal Summoned again to gain the effects."),
    "field_negation_resolves": _row(
        "An effect that negates the effects of face-up monsters on the field (Skill Drain) negates a monster's "
        "effect only if that monster is face-up on the field when the effect resolves: not an effect activated "
        "in the hand or GY, nor one whose monster left the field as its cost.",
        ["md:resolving-locations", "md:faq-5", "prb2017:negating-effects"], "md:resolving-locations",
        "NOTE: This is different than [card] as Skill Drain only negates monsters that are face-up on the field "
        "when they resolve."),
    "field_negation_activate": _row(
        "An effect that negates the effects of face-up monsters on the field and says \"but their effects can "
        "still be activated\" lets them be activated; they are negated when they resolve.",
        ["community:10.59", "md:resolving-locations"], "community:10.59",
        "Negate the effects of all face-up monsters while they are face-up on the field (but their effects can "
        "still be activated)."),
    "negated_never_activated": _row(
        "A card or effect whose activation is negated is treated as never having been activated.",
        ["md:negating-activations", "prb2017:negating-the-activation-of-cards"], "md:negating-activations",
        "To negate the activation of a card or effect is to cause it to be treated as never being activated."),
    "negated_own_atk": _row(
        "ATK/DEF a monster changed with its own Ignition or Trigger Effect stop applying once its effects are "
        "negated: it returns to its original value.",
        ["prb2017:atk-def-modifications", "prb2017:atk-def-modifications-ex1"], "prb2017:atk-def-modifications",
        "• If the ATK or DEF of a monster is changed by its own Ignition or Trigger Monster Effect, and later the "
        "monster affected by that applied effect has its effects negated, the effect that modified the ATK and "
        "DEF is no longer applied after that resolution."),
    "negated_own_equip": _row(
        "Equip Cards a monster equipped with its own effect are destroyed and sent to the GY when its effects "
        "are negated.",
        ["prb2017:equipping-monsters", "prb2017:equipping-monsters-ex2"], "prb2017:equipping-monsters",
        "• If a monster that has been equipped with Equip Cards by its effect has its effects negated, they are "
        "destroyed and sent to the Graveyard."),
    "negated_counters": _row(
        "Counters that can only be placed on a particular card (a card's own counters on itself) are removed when "
        "that card's effects are negated; counters a card placed on another card stay.",
        ["prb2017:counters", "prb2017:counters-ex1"], "prb2017:counters",
        "• If counters that can only be placed on a particular card like itself are placed on a card that has its "
        "effects negated, those counters are removed."),
    "field_negation_trap_monster": _row(
        "The effects a Trap Card activates while it is treated as a monster are Monster Effects: an effect that "
        "negates face-up monsters' effects negates them.",
        ["prb2017:traps-treated-as-monsters-ex3", "prb2017:traps-treated-as-monsters"],
        "prb2017:traps-treated-as-monsters-ex3",
        "Example: While \"Skill Drain\" is being applied, if \"Statue of Anguish Pattern\" activates its effect, that "
        "effect is negated."),
    "unaffected_negation": _row(
        "A monster unaffected by Spell/Trap effects is not negated by a Spell/Trap's effect: its effects are no "
        "longer negated once it becomes unaffected, and what it activates while unaffected is not negated.",
        ["community:10.79.1"], "community:10.79.1",
        "The effect of \"Dimensional Barrier\" negates the effects of the declared monster type as long as they "
        "remain face-up on the field, but if \"Forbidden Lance\" is activated so that a monster becomes "
        "unaffected by Spell/Trap effects, its effects are no longer negated."),
    "summon_negation_reach": _row(
        "A card that negates the Summon of monsters of a kind negates, of several monsters Summoned at once, only "
        "the Summons of the monsters of that kind.",
        ["community:2.8"], "community:2.8",
        "• When a Level 4, Level 6, and Level 7 monster would be Pendulum Summoned at the same time, if the effect "
        "of \"Steelswarm Roach\" is activated, only the Special Summon of the Level 6 and 7 monsters is negated."),
    "continuous_stops_destroyed": _row(
        "A monster's Continuous Effect stops applying the moment the monster is determined to be destroyed: of "
        "monsters destroyed at the same time, none applies its Continuous Effect to the others.",
        ["prb2017:continuous-effects", "prb2017:continuous-effects-ex2"], "prb2017:continuous-effects",
        "If that monster stops being face-up, leaves the field, or is determined to be destroyed, the effect "
        "stops being applied immediately."),
    # --- the negating effect said in words, or not said (kb/engine/negated.py, "negator") ---
    "negated_effect_not_moved": _row(
        "Unless the negating effect says otherwise, a card whose effect's activation is negated is not moved "
        "from where it is (a card on the field stays on the field).",
        ["prb2017:negating", "md:negating-activations"], "prb2017:negating",
        "Unless stated otherwise, cards that have the activation of their effects negated are not moved from "
        "their location."),
    "negated_effect_destroy_said": _row(
        "An effect worded \"negate the activation, and if you do, destroy it\" destroys the card once the "
        "activation is negated: it is sent to the GY.",
        ["prb2017:negating", "md:negating-activations"], "prb2017:negating",
        "If the effect says something like \"negate the activation, and if you do, destroy it\", after being "
        "negated, the card is destroyed and sent to the Graveyard."),
    "negated_effect_resolution_performed": _row(
        "When the effect of an activated card is negated (not its activation), its resolution is still treated "
        "as being performed.",
        ["prb2017:negating-effects"], "prb2017:negating-effects",
        "Even if the effect of an activated card is negated, that effect is negated but its resolution is "
        "still treated as being performed."),
}
