"""The rules of what happens after a negation, as data: rows merged into :data:`kb.engine.rules.RULES`.

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in
one of them), as data in ``negated_rules.toml``; the build validates them with every other row.
:mod:`kb.engine.negated` applies them.  This module imports nothing else from the engine so that
:mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["NEGATED_RULES"]

# key -> row of RULES (negated_rules.toml, format: kb/engine/rule_table.py)
NEGATED_RULES, _ = load_rule_table(Path(__file__).with_name("negated_rules.toml"))
