"""Rows of :data:`kb.engine.rules.RULES` for the Damage Step facts (:mod:`kb.engine.damage_step`) and the
permissions other cards grant (:mod:`kb.engine.permissions`); merged into ``RULES`` and validated by the build
like every row (≤ 3 sections best first, a quote verbatim in one of them).  Data only: the rows are
``damage_step_rules.toml`` (format: :mod:`kb.engine.rule_table`)."""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["DAMAGE_STEP_RULES"]

# key -> row of RULES
DAMAGE_STEP_RULES, _ = load_rule_table(Path(__file__).with_name("damage_step_rules.toml"))
