"""Rule facts about kinds of Spell and Trap Cards, as data (merged into :data:`kb.engine.rule_facts.FACTS`
under the ``spell_trap`` topic): which stay on the field after they resolve, Equip Spells (whose monsters,
how many, when they are destroyed, negated), Setting and activating without a free zone, and what a
face-down card tells the opponent.  Perfect Rulebook 2017 chapter 3.3-3.4.  A (kind, question) pair no row
states is "unknown".
"""

from __future__ import annotations

__all__ = ["SPELL_TRAP_FACTS", "SPELL_TRAP_RULES"]


def _row(statement: str, sections: list[str], quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": sections[0], "text": quote}}


SPELL_TRAP_RULES: dict[str, dict] = {
    "st_normal_spell_gy": _row(
        "A Normal Spell is sent to the GY after it resolves (aside from a few that say they stay).",
        ["prb2017:normal-spell-cards", "prb2017:activating-spell-cards"],
        "Aside from some exceptions, after being activated and applying their effects, they are sent to the "
        "Graveyard."),
    "st_ritual_spell_gy": _row(
        "A Ritual Spell is sent to the GY after it resolves.",
        ["prb2017:ritual-spells"],
        "After a Ritual Spell Card is activated and its effect resolves, it is sent to the Graveyard."),
    "st_continuous_spell_stays": _row(
        "A Continuous Spell stays in its Spell & Trap Zone after it is activated.",
        ["prb2017:continuous-spell-cards", "cr-draft:205.2"],
        "After a Continuous Spell is activated, it remains in that Spell & Trap Zone."),
    "st_equip_spell_stays": _row(
        "An Equip Spell stays in the Spell & Trap Zone after it is activated.",
        ["prb2017:equip-spells", "cr-draft:206.2"],
        "After an Equip Spell is activated, it remains in the Spell & Trap Zone."),
    "st_field_spell_stays": _row(
        "A Field Spell stays in the Field Zone after it is activated.",
        ["prb2017:field-spells", "cr-draft:207.2"], "After activating a Field Spell, it remains in the Field Zone."),
    "st_quick_play_gy": _row(
        "A Quick-Play Spell is sent to the GY after it resolves.",
        ["prb2017:quick-play-spells"],
        "After activating a Quick-Play Spell and applying its effect, it is sent to the Graveyard."),
    "st_normal_trap_gy": _row(
        "A Normal Trap is sent to the GY after it resolves (aside from some exceptions).",
        ["prb2017:normal-traps"],
        "After activating and resolving their effects, they are sent to the Graveyard, aside from some exceptions."),
    "st_continuous_trap_stays": _row(
        "A Continuous Trap stays in the Spell & Trap Zone after it is activated.",
        ["prb2017:continuous-traps"], "After activating a Continuous Trap, it remains in the Spell & Trap Zone."),
    "st_counter_trap_gy": _row(
        "A Counter Trap is sent to the GY after it resolves.",
        ["prb2017:counter-traps"],
        "Counter Traps are sent to the Graveyard after being activated and applying their effects."),
    "st_equip_opponent": _row(
        "An Equip Spell can be equipped to an opponent's monster unless it says whose.",
        ["prb2017:equip-spells"],
        "Equip Spells can also be equipped to the opponent's monsters unless it is stated that they can be equipped "
        "to your or the opponent's monsters."),
    "st_equip_many": _row(
        "A monster can usually be equipped with several Equip Spells.",
        ["prb2017:equip-spells"], "In most cases, a single monster can be equipped with many Equip Spells."),
    "st_equip_negated": _row(
        "An Equip Spell whose activation is negated is not equipped; one whose effects are negated stays equipped.",
        ["prb2017:equip-spells"],
        "If the activation of an Equip Spell is negated, it is not equipped, but if it has its effects negated, its "
        "effects are negated but it remains equipped."),
    "st_equip_host_gone": _row(
        "When the equipped monster leaves the field or is flipped face-down, its Equip Spells are destroyed (not by "
        "a card effect).",
        ["prb2017:equip-spells", "cr-draft:206.5"],
        "If the equipped monster leaves the field or is flipped face-down, the equipped Equip Spells are destroyed "
        "and sent to the Graveyard."),
    "st_set_no_zone": _row(
        "A Spell cannot be Set without a free Spell & Trap Zone, except a Field Spell.",
        ["prb2017:setting-spell-cards", "prb2017:setting-trap-cards"],
        "If there are no available Zones in which to place the Spell Card, they cannot be Set, with the exception of "
        "Field Spells."),
    "st_trap_set_no_zone": _row(
        "A Trap cannot be Set without a free Spell & Trap Zone.",
        ["prb2017:setting-trap-cards"], "If there are no available Spell & Trap Zones, Trap Cards cannot be Set."),
    "st_activate_no_zone": _row(
        "A Spell cannot be activated from the hand without a free Spell & Trap Zone, except a Field Spell.",
        ["prb2017:activating-spell-cards", "prb2017:spell-trap-zone-spell-trap-card-zone"],
        "If there are no available zones in which to activate the Spell Card, it cannot be activated from the hand, "
        "with the exception of Field Spell Cards."),
    "st_face_down_private": _row(
        "What a face-down Spell/Trap is (even whether it is a Spell or a Trap) is private to the opponent; its "
        "controller can always look at it.",
        ["prb2017:setting-spell-cards", "prb2017:setting-trap-cards"],
        "The controller of face-down Spell or Traps can always verify them."),
    "st_face_down_field": _row(
        "A face-down card in the Field Zone is treated as a Field Spell.",
        ["prb2017:setting-spell-cards"],
        "However, face-down Field Spell Cards in the Field Zone are treated as Field Spell Cards."),
    "st_field_replaced": _row(
        "A Field Spell sent to the GY to make room for a new one is not destroyed, nor sent by a card effect.",
        ["prb2017:field-spells", "cr-draft:207.5"],
        "In that case, the card sent to the Graveyard is not destroyed and it is not treated as being sent to the "
        "Graveyard by a card effect."),
    "st_continuous_spell_leaves": _row(
        "A Continuous Spell's effects stop applying as soon as it leaves the field; its activated effect does not "
        "resolve if it is destroyed in a chain to it; activating that effect is not activating a Spell Card.",
        ["prb2017:continuous-spell-cards", "prb2017:continuous-spell-cards-ex1"],
        "The effects of Continuous Spell Cards are invalidated immediately when they leave the field."),
    "st_field_spell_leaves": _row(
        "A Field Spell's effects stop applying as soon as it leaves the field; its activated effect does not resolve "
        "if it is destroyed in a chain to it.",
        ["prb2017:field-spells"],
        "The effects of Field Spells that apply on the field stop applying immediately when they leave the field."),
    "st_equip_spell_leaves": _row(
        "An Equip Spell's effects (but those that activate in the GY) stop applying as soon as it leaves the field; "
        "its activated effect does not resolve if it is destroyed in a chain to it.",
        ["prb2017:equip-spells"],
        "The effects of Equip Spells, other than their effects that activate in the Graveyard, stop applying "
        "immediately when they leave the field."),
    "st_continuous_trap_leaves": _row(
        "A Continuous Trap's effects stop applying as soon as it leaves the field; its activated effect does not "
        "resolve if it is destroyed in a chain to it; activating that effect is not activating a Trap Card.",
        ["prb2017:continuous-traps"],
        "The effects of Continuous Traps stop applying immediately when they leave the field."),
    "st_lasting_effect_activation": _row(
        "An effect that a face-up Continuous, Equip or Field Spell activates later is the activation of an effect, "
        "not of a Spell Card.",
        ["prb2017:continuous-spell-cards", "prb2017:equip-spells", "prb2017:field-spells"],
        "In that case, this is treated as activating an effect and not as activating a Spell Card."),
    "st_continuous_trap_effect_activation": _row(
        "An effect that a face-up Continuous Trap activates later is the activation of an effect, not of a Trap Card.",
        ["prb2017:continuous-traps"],
        "In that case, this is treated as activating an effect and not as activating a Trap Card."),
    "st_equip_trap": _row(
        "A Normal Trap that equips itself to a monster stays on the field and is also still a Trap Card.",
        ["prb2017:normal-traps"], "After they become Equip Cards, they are also treated as Trap Cards."),
    "st_equip_condition_lost": _row(
        "An Equip Spell whose equipped monster's name or Type changes so that it no longer meets the Equip Spell's "
        "condition is destroyed.",
        ["prb2017:equip-spells", "prb2017:equip-spells-ex1"],
        "After being equipped, if the card name or Type of the equipped monster changes so that the conditions for it "
        "to be equipped are no longer met, that Equip Card is destroyed."),
    "st_pendulum_no_kind": _row(
        "A Pendulum Monster treated as a Spell in the Pendulum Zone is not a Normal, Continuous, Field, Equip, "
        "Quick-Play or Ritual Spell.",
        ["prb2017:pendulum-monsters-treated-as-spell-cards"],
        "Pendulum Monsters treated as Spell Cards in the Pendulum Zone are not treated as Normal, Continuous, Field, "
        "Equip, Quick-Play or Ritual Spells."),
}

_STAYS = {"normal_spell": ("no", "st_normal_spell_gy"), "ritual_spell": ("no", "st_ritual_spell_gy"),
          "continuous_spell": ("yes", "st_continuous_spell_stays"), "equip_spell": ("yes", "st_equip_spell_stays"),
          "field_spell": ("yes", "st_field_spell_stays"), "quick_play_spell": ("no", "st_quick_play_gy"),
          "normal_trap": ("no", "st_normal_trap_gy"), "continuous_trap": ("yes", "st_continuous_trap_stays"),
          "counter_trap": ("no", "st_counter_trap_gy")}
_SAID = {"normal_spell": "a Normal Spell", "ritual_spell": "a Ritual Spell", "continuous_spell": "a Continuous Spell",
         "equip_spell": "an Equip Spell", "field_spell": "a Field Spell", "quick_play_spell": "a Quick-Play Spell",
         "normal_trap": "a Normal Trap", "continuous_trap": "a Continuous Trap", "counter_trap": "a Counter Trap"}


def _stay_facts() -> dict:
    facts = {}
    for kind, (stays, rule) in _STAYS.items():
        where = "its zone" if stays == "yes" else "the GY"
        detail = f"{_SAID[kind]} {'stays on the field' if stays == 'yes' else 'is sent to the GY'} after it resolves"
        facts[("spell_trap", kind, "stays")] = (stays, rule, detail)
        facts[("spell_trap", kind, "to_gy")] = ("no" if stays == "yes" else "yes", rule, detail.replace(
            "after it resolves", f"after it resolves (it goes to {where})"))
    return facts


SPELL_TRAP_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_stay_facts(),
    ("spell_trap", "equip_spell", "opponents_monster"): ("yes", "st_equip_opponent",
                                                         "an Equip Spell can be equipped to an opponent's monster "
                                                         "unless it says whose"),
    ("spell_trap", "equip_spell", "many"): ("yes", "st_equip_many",
                                            "a monster can usually be equipped with several Equip Spells"),
    ("spell_trap", "equip_spell", "activation_negated_equipped"): ("no", "st_equip_negated",
                                                                   "an Equip Spell whose activation is negated is not "
                                                                   "equipped"),
    ("spell_trap", "equip_spell", "effect_negated_equipped"): ("yes", "st_equip_negated",
                                                               "an Equip Spell whose effects are negated stays "
                                                               "equipped"),
    ("spell_trap", "equip_spell", "host_face_down_destroyed"): ("yes", "st_equip_host_gone",
                                                                "when the equipped monster is flipped face-down, the "
                                                                "Equip Spell is destroyed"),
    ("spell_trap", "equip_spell", "host_gone_by_effect"): ("no", "st_equip_host_gone",
                                                           "the Equip Spell is destroyed by the rules, not by a card "
                                                           "effect"),
    ("spell_trap", "spell", "set_no_zone"): ("no", "st_set_no_zone",
                                             "a Spell cannot be Set without a free Spell & Trap Zone"),
    ("spell_trap", "trap", "set_no_zone"): ("no", "st_trap_set_no_zone",
                                            "a Trap cannot be Set without a free Spell & Trap Zone"),
    ("spell_trap", "field_spell", "set_no_zone"): ("yes", "st_set_no_zone",
                                                   "a Field Spell goes to the Field Zone: it can be Set with the Spell "
                                                   "& Trap Zones full"),
    ("spell_trap", "spell", "activate_no_zone"): ("no", "st_activate_no_zone",
                                                  "a Spell cannot be activated from the hand without a free Spell & "
                                                  "Trap Zone"),
    ("spell_trap", "field_spell", "activate_no_zone"): ("yes", "st_activate_no_zone",
                                                        "a Field Spell goes to the Field Zone: it can be activated "
                                                        "with the Spell & Trap Zones full"),
    ("spell_trap", "face_down", "opponent_knows"): ("no", "st_face_down_private",
                                                    "what a face-down Spell/Trap is, even whether it is a Spell or a "
                                                    "Trap, is private to the opponent"),
    ("spell_trap", "face_down", "owner_sees"): ("yes", "st_face_down_private",
                                                "the controller of face-down Spells/Traps can always look at them"),
    ("spell_trap", "face_down_field", "field_spell"): ("yes", "st_face_down_field",
                                                       "a face-down card in the Field Zone is treated as a Field Spell"),
    ("spell_trap", "field_spell", "replaced_destroyed"): ("no", "st_field_replaced",
                                                          "a Field Spell sent to the GY to make room for a new one is "
                                                          "not destroyed"),
    **{("spell_trap", kind, "applies_after_leaving"): ("no", f"st_{kind}_leaves",
                                                       f"{_SAID[kind]}'s effects stop applying as soon as it leaves the "
                                                       "field")
       for kind in ("continuous_spell", "field_spell", "equip_spell", "continuous_trap")},
    **{("spell_trap", kind, "resolves_if_destroyed"): ("no", f"st_{kind}_leaves",
                                                       f"the effect {_SAID[kind]} activated does not resolve once it is "
                                                       "destroyed in a chain to it")
       for kind in ("continuous_spell", "field_spell", "equip_spell", "continuous_trap")},
    **{("spell_trap", kind, "effect_is_card_activation"): ("no", "st_lasting_effect_activation",
                                                           f"an effect {_SAID[kind]} activates later is the activation "
                                                           "of an effect, not of a Spell Card")
       for kind in ("continuous_spell", "field_spell", "equip_spell")},
    ("spell_trap", "continuous_trap", "effect_is_card_activation"): (
        "no", "st_continuous_trap_effect_activation", "an effect a Continuous Trap activates later is the activation "
                                                      "of an effect, not of a Trap Card"),
    ("spell_trap", "equip_trap", "trap_card"): ("yes", "st_equip_trap",
                                                "a Normal Trap that equips itself is still a Trap Card"),
    ("spell_trap", "equip_spell", "condition_lost_destroyed"): ("yes", "st_equip_condition_lost",
                                                                "an Equip Spell whose monster no longer meets its "
                                                                "condition is destroyed"),
    ("spell_trap", "equip_spell", "condition_lost_what"): ("it is destroyed", "st_equip_condition_lost",
                                                           "an Equip Spell whose monster no longer meets its condition "
                                                           "is destroyed"),
    ("spell_trap", "pendulum_zone", "spell_kind"): ("no", "st_pendulum_no_kind",
                                                    "a Pendulum Monster in the Pendulum Zone is a Spell Card of no "
                                                    "kind (not Normal, Continuous, Field, Equip, Quick-Play or Ritual)"),
}
