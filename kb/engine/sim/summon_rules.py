"""Rules of Summons and zones as data: which monsters can be materials for which Summon, which Summons
count as which, which zones are part of which, Tributes by Level.  :mod:`kb.engine.rule_facts` merges
:data:`SUMMON_RULES` into :data:`kb.engine.rules.RULES` (validated by the build like every row) and
:data:`SUMMON_FACTS` into its facts, answered as ``{"ask": "rule_fact", "topic", "subject", "asked"}``
(topics ``material``, ``summon_kind``, ``gemini``, ``zone``, ``tributes``).

The rows and the facts written out are data in ``summon_rules.toml`` (format: :mod:`kb.engine.rule_table`);
data only: imports nothing but the simulator's rulebook tables.
"""

from __future__ import annotations

from pathlib import Path

from ..rule_table import load_rule_table
from .rulebook import TRIBUTES_BY_LEVEL

__all__ = ["SUMMON_RULES", "SUMMON_FACTS"]

# key -> row of RULES (summon_rules.toml, format: kb/engine/rule_table.py)
SUMMON_RULES, _SUMMON_FACTS_TABLE = load_rule_table(Path(__file__).with_name("summon_rules.toml"))

# The facts, in the shape of :data:`kb.engine.rule_facts.FACTS` (merged into it):
# (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line): written out, then stated
# for several kinds of Summon at once, then Tributes by Level.  A combination not listed is not decided
# ("unknown"); Monster Tokens as materials are rule_facts.toml's.
SUMMON_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_SUMMON_FACTS_TABLE,
    **{("material", "trap_monster", f"{kind}_material"): (
        "yes", "sim_trap_monster_material", f"Trap Cards treated as monsters on the field can be {kind.title()} "
        f"Material") for kind in ("synchro", "xyz", "link")},
    **{("summon_kind", f"{kind}_summon", "special_summon"): (
        "yes", "sim_special_kinds", f"a {kind.title()} Summon is a Special Summon")
       for kind in ("fusion", "synchro", "xyz", "link", "pendulum", "ritual")},
    **{("banished_instead", f"{kind}_summon", "allowed"): (
        "yes", f"sim_banished_instead_{kind}", f"a {kind.title()} Summon can still be performed while cards sent to "
        f"the GY are banished instead (its {'Tributes' if kind == 'tribute' else 'materials'} are banished)")
       for kind in ("fusion", "synchro", "link", "tribute")},
}


def _tributes() -> dict:
    out = {}
    for low, high, count in TRIBUTES_BY_LEVEL:
        for level in range(low, min(high, 12) + 1):
            out[("tributes", f"level_{level}", "count")] = (
                str(count), "sim_tributes", f"a Level {level} monster needs {count} Tribute(s) to be Normal "
                                            f"Summoned/Set (unless its own text says otherwise)")
    return out


SUMMON_FACTS.update(_tributes())
