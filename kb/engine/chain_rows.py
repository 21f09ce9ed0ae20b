"""Rules of chains told in words (kb/understand/chain_rules.py, chain_facts.py), as data: rows merged into
:data:`kb.engine.rules.RULES`.

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in one
of them), as data in ``chain_rows.toml``; the build validates them with every other row.  This module imports
nothing else from the engine so that :mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["CHAIN_RULES"]

# key -> row of RULES (chain_rows.toml, format: kb/engine/rule_table.py)
CHAIN_RULES, _ = load_rule_table(Path(__file__).with_name("chain_rows.toml"))
