"""The one loader of rule rows and facts kept as TOML (kb/engine/rule_table.py): its rows and facts, and the
errors it names for malformed files."""

from pathlib import Path

import pytest

from kb.engine.rule_table import DEFINED, ORIGIN, RuleTableError, load_rule_table, rule_row
from kb.engine.rules import RULES

GOOD = '''
[rules.demo_row]
statement = "A statement."
sections = ["a:1", "b:2"]
quote = "A quoted sentence of four words."

[rules.demo_other]
statement = "Another."
sections = ["a:1", "b:2"]
quote = "Quoted from the second section."
quote_id = "b:2"

[[facts]]
question = ["topic", "*", "asked"]
answer = "no"
rule = "demo_row"
said = "it is not"
'''


def _table(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "demo.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_rows_and_facts_in_the_shape_of_rules(tmp_path):
    rows, facts = load_rule_table(_table(tmp_path, GOOD))
    assert list(rows) == ["demo_row", "demo_other"]
    assert rows["demo_row"] == rule_row("A statement.", ["a:1", "b:2"], "A quoted sentence of four words.")
    assert rows["demo_row"]["quote"] == {"id": "a:1", "text": "A quoted sentence of four words."}
    assert rows["demo_other"]["quote"]["id"] == "b:2"
    assert facts == {("topic", "*", "asked"): ("no", "demo_row", "it is not")}


@pytest.mark.parametrize("text, named", [
    (GOOD.replace('quote = "A quoted', 'quoted = "A quoted'), "[rules.demo_row]"),
    (GOOD.replace('sections = ["a:1", "b:2"]', 'sections = []', 1), "sections must be 1 to 3"),
    (GOOD.replace('sections = ["a:1", "b:2"]', 'sections = ["a", "b", "c", "d"]', 1), "sections must be 1 to 3"),
    (GOOD.replace('["topic", "*", "asked"]', '["topic", "asked"]'), "facts[0] question"),
    (GOOD.replace('answer = "no"', 'answer = ""'), "facts[0] answer"),
    (GOOD.replace('said = "it is not"', 'said = "it is not"\nextra = 1'), "facts[0] needs exactly"),
    (GOOD + GOOD[GOOD.index("[[facts]]"):], "facts[1] repeats"),
    (GOOD + "\n[other]\nx = 1\n", "only [rules.KEY] tables"),
    (GOOD.replace('statement = "Another."', 'statement = "Another.'), "demo.toml"),
])
def test_a_malformed_table_names_the_file_and_entry(tmp_path, text, named):
    with pytest.raises(RuleTableError) as err:
        load_rule_table(_table(tmp_path, text))
    assert named in str(err.value) and "demo.toml" in str(err.value)


def test_table_rows_are_merged_into_rules_with_their_file():
    """Every row read from a table file is a RULES row, and ORIGIN names the file it came from."""
    assert ORIGIN, "no table file was read"
    for key, where in ORIGIN.items():
        assert key in RULES, key
        assert where.endswith(".toml") and Path(__file__).parents[1].joinpath(where).is_file(), where


def test_each_fact_is_stated_in_one_place_and_names_a_row():
    """No proposition (topic, subject, asked) is stated by two tables (the first would silently win), and every
    fact names a RULES row."""
    from kb.engine import duel_facts, kind_facts, rule_facts, spell_trap_facts, zone_facts
    from kb.engine.sim import phase_rules, summon_rules

    _rows, own = load_rule_table(Path(rule_facts.__file__).with_name("rule_facts.toml"))
    tables = {"rule_facts": own, "summon_rules": summon_rules.SUMMON_FACTS, "phase/turn_rules": phase_rules.PHASE_FACTS,
              "kind_facts": kind_facts.KIND_FACTS, "zone_facts": zone_facts.ZONE_FACTS,
              "duel_facts": duel_facts.DUEL_FACTS, "spell_trap_facts": spell_trap_facts.SPELL_TRAP_FACTS}
    stated: dict[tuple, str] = {}
    repeated = []
    for name, facts in tables.items():
        for question in facts:
            if question in stated:
                repeated.append(f"{question} in {stated[question]} and {name}")
            stated.setdefault(question, name)
    assert not repeated, repeated
    assert {rule for _answer, rule, _said in rule_facts.FACTS.values()} <= set(RULES)


def test_each_rules_key_is_defined_by_one_table():
    """A RULES key written in two table files would silently take the row merged last (other sections, another
    quote): each key has one place."""
    twice = {key: sorted(files) for key, files in DEFINED.items() if len(files) > 1}
    assert not twice, twice
