"""The simulator's rules as data: rows merged into :data:`kb.engine.rules.RULES` (one table of citations).

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in
one of them); the build validates the rows of ``RULES`` as it does every other row.  The other tables
hold facts the simulator applies (Tributes by Level, zones per ruleset, ...), each naming its rule key.

The rows are data in ``rulebook.toml`` (format: :mod:`kb.engine.rule_table`).  This module imports nothing
else from the engine so that :mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

from pathlib import Path

from ..rule_table import load_rule_table

__all__ = ["SIM_RULES", "RULESETS", "DEFAULT_RULESET", "TRIBUTES_BY_LEVEL", "EXTRA_DECK_FRAMES",
           "HAND_SIZE_LIMIT", "MAIN_ZONES", "SPELL_TRAP_ZONES", "PENDULUM_ZONES", "STARTING_LP",
           "LEFT_FIELD_RULES"]

SIM_RULES, _ = load_rule_table(Path(__file__).with_name("rulebook.toml"))  # key -> row of RULES

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

# the rows of effects a question states (control, temporary banishment, flips face-down: stated.py)
SIM_RULES.update(load_rule_table(Path(__file__).with_name("stated_rules.toml"))[0])
# the rows of SEGOC questions asked of a simulated game (triggers_segoc.py)
SIM_RULES.update(load_rule_table(Path(__file__).with_name("triggers_rules.toml"))[0])
# the rows of ATK/DEF arithmetic and battle damage (stats.py, battle.py)
SIM_RULES.update(load_rule_table(Path(__file__).with_name("battle_rules.toml"))[0])
# the rows of what a card needs from the state to be activated (costs, targets, zones, Deck: requirements.py)
SIM_RULES.update(load_rule_table(Path(__file__).with_name("requirements.toml"))[0])
