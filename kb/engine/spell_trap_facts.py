"""Rule facts about kinds of Spell and Trap Cards, as data (merged into :data:`kb.engine.rule_facts.FACTS`
under the ``spell_trap`` topic): which stay on the field after they resolve, Equip Spells (whose monsters,
how many, when they are destroyed, negated), Setting and activating without a free zone, and what a
face-down card tells the opponent.  Perfect Rulebook 2017 chapter 3.3-3.4.  A (kind, question) pair no row
states is "unknown".
"""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["SPELL_TRAP_FACTS", "SPELL_TRAP_RULES"]

# key -> row of RULES; the facts written out (spell_trap_facts.toml, format: kb/engine/rule_table.py)
SPELL_TRAP_RULES, _SPELL_TRAP_FACTS_TABLE = load_rule_table(Path(__file__).with_name("spell_trap_facts.toml"))

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


# (topic, subject, asked) -> (answer, rule key, what the rulebook says): the kinds that stay, the facts written
# out, and those stated for several kinds at once
SPELL_TRAP_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_stay_facts(),
    **_SPELL_TRAP_FACTS_TABLE,
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
}
