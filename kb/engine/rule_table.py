"""Rule rows and rule facts kept as data in TOML files, read by one loader.

A table file (``kb/engine/*.toml``, ``kb/engine/sim/*.toml``) holds rows of :data:`kb.engine.rules.RULES`
(the build checks that each quote occurs verbatim in its section) and facts answered as
``{"ask": "rule_fact", "topic", "subject", "asked"}`` (:mod:`kb.engine.rule_facts`)::

    [rules.fact_tribute]                      # the RULES key
    statement = "Tributed monsters ..."       # the rule in a sentence of ours
    sections = ["prb2017:tributing-costs"]    # 1 to 3 section ids, best first
    quote = "The Tributed monsters ..."       # a sentence found verbatim in the quoted section
    quote_id = "prb2017:..."                  # only when the quote is not from the first section

    [[facts]]
    question = ["moved", "tribute", "destroyed"]   # topic, subject ("*": any), asked
    answer = "no"                                  # yes / no / a value
    rule = "fact_tribute"                          # the RULES key that says it
    said = "Tributed monsters are not destroyed"   # what the rulebook says, in one line

Rows come out in the file's order as ``{"statement", "sections", "quote": {"id", "text"}}`` and facts as
``(topic, subject, asked) -> (answer, rule, said)``.  A malformed entry raises :class:`RuleTableError`
naming the file and the entry.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

__all__ = ["RuleTableError", "load_rule_table", "rule_row", "ORIGIN", "DEFINED"]

ORIGIN: dict[str, str] = {}  # RULES key -> the table file of the package (kb/...) that holds its row
DEFINED: dict[str, set[str]] = {}  # RULES key -> every table file of the package that defines it (one, or a bug)
_PACKAGE = Path(__file__).resolve().parents[1]

_ROW_FIELDS = {"statement", "sections", "quote", "quote_id"}
_FACT_FIELDS = {"question", "answer", "rule", "said"}


class RuleTableError(ValueError):
    """A rule table file that cannot be read as rows and facts (names the file and the entry)."""


def rule_row(statement: str, sections: list[str], quote: str, quote_id: str | None = None) -> dict:
    """One RULES row: ``statement`` cited by ``sections`` (best first), ``quote`` verbatim from ``quote_id``
    (the first section unless given)."""
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id or sections[0], "text": quote}}


def _strings(value, count: int | None = None) -> bool:
    return (isinstance(value, list) and all(isinstance(v, str) and v for v in value)
            and (len(value) == count if count else 1 <= len(value) <= 3))


def _row(where: str, key: str, entry) -> dict:
    if not isinstance(entry, dict) or set(entry) - _ROW_FIELDS or not {"statement", "sections", "quote"} <= set(entry):
        raise RuleTableError(f"{where} [rules.{key}] needs statement, sections, quote (and optionally quote_id) only")
    if not _strings(entry["sections"]):
        raise RuleTableError(f"{where} [rules.{key}] sections must be 1 to 3 section ids")
    if not all(isinstance(entry.get(f, ""), str) for f in ("statement", "quote", "quote_id")):
        raise RuleTableError(f"{where} [rules.{key}] statement, quote and quote_id must be strings")
    return rule_row(entry["statement"], entry["sections"], entry["quote"], entry.get("quote_id"))


def _fact(where: str, n: int, entry) -> tuple[tuple, tuple]:
    if not isinstance(entry, dict) or set(entry) != _FACT_FIELDS:
        raise RuleTableError(f"{where} facts[{n}] needs exactly question, answer, rule, said")
    if not _strings(entry["question"], 3):
        raise RuleTableError(f"{where} facts[{n}] question must be [topic, subject, asked]")
    if not all(isinstance(entry[f], str) and entry[f] for f in ("answer", "rule", "said")):
        raise RuleTableError(f"{where} facts[{n}] answer, rule and said must be non-empty strings")
    return tuple(entry["question"]), (entry["answer"], entry["rule"], entry["said"])


def load_rule_table(path: Path, other_tables: frozenset[str] = frozenset()
                    ) -> tuple[dict[str, dict], dict[tuple[str, str, str], tuple[str, str, str]]]:
    """The rows (``key -> row``) and the facts (``(topic, subject, asked) -> (answer, rule, said)``) of one
    table file, in its order; a fact repeated in one file is an error.  ``other_tables``: top-level keys
    another reader owns (a claim set's ``claim`` and ``concepts``), skipped here."""
    path = Path(path).resolve()
    ours = path.is_relative_to(_PACKAGE)
    where = f"kb/{path.relative_to(_PACKAGE).as_posix()}" if ours else str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RuleTableError(f"{where}: {exc}") from exc
    if set(data) - {"rules", "facts"} - other_tables:
        raise RuleTableError(f"{where}: only [rules.KEY] tables and [[facts]] entries, not {sorted(set(data))}")
    rows = {key: _row(where, key, entry) for key, entry in data.get("rules", {}).items()}
    facts: dict[tuple[str, str, str], tuple[str, str, str]] = {}
    for n, entry in enumerate(data.get("facts", [])):
        question, answer = _fact(where, n, entry)
        if question in facts:
            raise RuleTableError(f"{where} facts[{n}] repeats {list(question)}")
        facts[question] = answer
    if ours:
        ORIGIN.update(dict.fromkeys(rows, where))
        for key in rows:
            DEFINED.setdefault(key, set()).add(where)
    return rows, facts
