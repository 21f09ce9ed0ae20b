"""Rule facts of the order of the turn and of battle, as data (cr-draft 400-413, 201.7, 203.6, 405, 408.2,
409.10; prb2017's Battle Step, battle positions, Draw and Standby Phases; Master Duel's rulebook): skipping
phases, Main Phase 2, the Battle Phase's steps, extra Battle Phases, lasting effects and the End Phase, the hand
size limit, 0 ATK/DEF, replays, positions changed by effects, negated attacks.  Merged into
:data:`kb.engine.sim.phase_rules.PHASE_RULES` / ``PHASE_FACTS`` (and so into ``RULES``, validated by the build).
Words: ``kb/understand/turn_facts_words.toml``.

The rows and facts are data in ``turn_rules.toml`` (format: :mod:`kb.engine.rule_table`); this module imports
nothing else from the engine (data only at import time).
"""

from __future__ import annotations

from pathlib import Path

from ..rule_table import load_rule_table

__all__ = ["TURN_RULES", "TURN_FACTS", "NAMED_EXCEPTIONS"]

# key -> row of RULES; (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line)
TURN_RULES, TURN_FACTS = load_rule_table(Path(__file__).with_name("turn_rules.toml"))

# Cards a rule names as its exception (cr-draft 400.5c), by the shape's "exceptions" key: card name -> the subject
# of the fact that applies instead (kb/understand/scenario_phase_facts.py).
NAMED_EXCEPTIONS: dict[str, dict[str, str]] = {
    "battle_phase_end": {"The Unhappy Maiden": "unhappy_maiden_with_two"},
}
