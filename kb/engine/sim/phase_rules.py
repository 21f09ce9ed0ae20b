"""Rule facts of the turn structure and of battle, as data: priority in each phase and step, replays, what
counts as battle damage and as having battled, the order of Standby/End Phase effects, the hand-size
discard.  :mod:`kb.engine.rule_facts` merges :data:`PHASE_FACTS` into its facts (answered as
``{"ask": "rule_fact", "topic", "subject", "asked"}``) and :data:`PHASE_RULES` into ``RULES`` (validated by
the build: every quote occurs verbatim in its section).

The rows and facts are data in ``phase_rules.toml`` (format: :mod:`kb.engine.rule_table`); this module imports
nothing else from the engine (data only at import time).
"""

from __future__ import annotations

from pathlib import Path

from ..rule_table import load_rule_table

__all__ = ["PHASE_RULES", "PHASE_FACTS", "NAMED_EXCEPTIONS"]

# key -> row of RULES; (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line); a
# combination not listed is not decided ("unknown").
PHASE_RULES, PHASE_FACTS = load_rule_table(Path(__file__).with_name("phase_rules.toml"))

# The order of the turn and battle (cr-draft 400-413, prb2017's Battle Step, Master Duel's rulebook): their own
# data, merged here (one table of rule facts for kb.engine.rule_facts).
from .turn_rules import NAMED_EXCEPTIONS, TURN_FACTS, TURN_RULES  # noqa: E402  (data only)

PHASE_RULES.update(TURN_RULES)
PHASE_FACTS.update(TURN_FACTS)
