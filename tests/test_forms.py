"""The readers' question forms (kb/understand/forms.py) sent back as JSON: the same answer as the words,
every field a reader produces is in the table, and malformed values are errors naming the problem."""

from __future__ import annotations

import json
import random

import pytest

from kb import engine
from kb.config import REPO_ROOT
from kb.errors import KbError
from kb.understand.forms import CLAUSE_FIELDS, READER_FIELDS, is_reader_form

SETS = [REPO_ROOT / "tests" / "golden" / name for name in ("ask_redteam.jsonl", "ask_casual.jsonl",
                                                           "ask_casual2.jsonl")]


@pytest.fixture(scope="module")
def parsed_forms(full_kb):
    """(question in words, its answer) for every question of the golden sets read into a reader's form."""
    from kb.db import session_scope

    out = []
    with session_scope(full_kb) as session:
        for path in SETS:
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                text = row.get("question") or row.get("q")
                try:
                    answer = engine.ask(session, text, kb_path=full_kb)
                except KbError:
                    continue
                if is_reader_form(answer.get("parsed")):
                    out.append((text, answer))
    return out


def test_every_field_a_reader_produces_is_in_the_table(parsed_forms):
    assert len({a["parsed"]["ask"] for _, a in parsed_forms}) >= 5
    for text, answer in parsed_forms:
        form = answer["parsed"]
        allowed = READER_FIELDS.get(form["ask"])
        if allowed is None:  # an engine question with a clause
            assert CLAUSE_FIELDS & set(form), text
            continue
        assert set(form) - {"ask"} <= allowed, f"{text!r}: {sorted(set(form) - {'ask'} - allowed)} not in the table"


def test_a_parsed_form_sent_as_json_gets_the_same_answer(session, full_kb, parsed_forms):
    for text, answer in parsed_forms:
        again = engine.ask(session, json.dumps(answer["parsed"]), kb_path=full_kb)
        assert again["answer"] == answer["answer"], text
        checks = [s["check"] for s in again["steps"]]
        # the words' answer may lead with the fallback's rulebook citations when it is "unknown"
        assert checks and [s["check"] for s in answer["steps"]][-len(checks):] == checks, text


def test_an_unknown_field_is_named(session, full_kb):
    with pytest.raises(KbError) as caught:
        engine.ask(session, {"ask": "negated", "negated": "activation", "card": {"card": "Pot of Greed"},
                             "outcome": "stays", "colour": "red"}, kb_path=full_kb)
    assert "'colour'" in str(caught.value) and caught.value.field == "colour"


_ODD_VALUES = (None, 0, -1, 7, 2.5, True, "", "x", "activation", [], [1], ["x"], {}, {"card": 5},
               {"card": "Pot of Greed"}, {"class": {"type": "trap"}}, [{"card": "Pot of Greed"}], {"a": {"b": []}})


@pytest.mark.parametrize("kind", sorted(READER_FIELDS))
def test_malformed_forms_are_errors_never_tracebacks(session, full_kb, kind):
    rng = random.Random(kind)
    fields = sorted(READER_FIELDS[kind])
    for _ in range(120):
        form = {"ask": kind}
        for field in rng.sample(fields, rng.randint(0, len(fields))):
            form[field] = rng.choice(_ODD_VALUES)
        try:
            answer = engine.ask(session, form, kb_path=full_kb)
        except KbError:
            continue
        assert isinstance(answer, dict) and "answer" in answer, form


@pytest.mark.parametrize("kind", [["negated"], {"a": 1}, 5, None])
def test_an_ask_that_is_not_a_string_is_an_error(session, full_kb, kind):
    assert not is_reader_form({"ask": kind})
    with pytest.raises(KbError):
        engine.ask(session, {"ask": kind}, kb_path=full_kb)
