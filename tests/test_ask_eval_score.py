"""bench/ask_eval.py scoring: a timing answer (activates / misses / no_trigger) read against an expected yes / no
by what the question asks; the quote check of unknown answers (a rule's printed number counts)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import ask_eval  # noqa: E402


@pytest.mark.parametrize(
    "question,got,expect,outcome",
    [
        ("Does X's effect activate if it is discarded by Y?", "misses", "no", "right"),
        ("Does X's effect activate if it is discarded by Y?", "activates", "yes", "right"),
        ("Does X's effect activate if it is discarded by Y?", "misses", "yes", "wrong"),
        ("Does X miss the timing if Y discards it?", "misses", "yes", "right"),
        ("Does X miss the timing if Y discards it?", "activates", "yes", "wrong"),
        ("Can X's effect be activated?", "no_trigger", "no", "right"),
        # the timing words themselves expected: compared as before
        ("does x miss the timing if y discards it", "misses", "misses", "right"),
        ("does x activate if y discards it", "activates", "no_trigger", "wrong"),
    ],
)
def test_timing_answers_against_yes_no(question, got, expect, outcome):
    assert ask_eval.score({"answer": got}, expect, question) == outcome


def test_who_questions_compare_players():
    assert ask_eval.score({"answer": "A (you), the player who activated it"}, "I do (the player who activated it)") == "right"
    assert ask_eval.score({"answer": "B (your opponent)"}, "I do") == "wrong"
    assert ask_eval.score({"answer": "B (your opponent)"}, "my opponent does") == "right"


def test_a_quote_with_the_rules_printed_number_is_held_by_that_rule(tmp_path):
    from sqlmodel import Session

    from kb.db import create_tables, make_engine
    from kb.models import Section

    bind = make_engine(tmp_path / "kb.sqlite")
    create_tables(bind)
    with Session(bind) as session:
        session.add(Section(id="cr:401.2", source_id="cr", locator="401.2", number="401.2", title="Draw",
                            order=1, text="During the first Draw Phase the player does not draw."))
        session.add(Section(id="cr:text", source_id="cr", locator="text", title="Text", order=2,
                            text="The player does not draw."))
        session.commit()
        held = ask_eval._holds_quote
        assert held(session, ["cr:401.2"], "401.2. During the first Draw Phase the player", {})
        assert held(session, ["cr:401.2"], "During the first Draw Phase", {})
        assert not held(session, ["cr:text"], "401.2. During the first Draw Phase", {})
        assert not held(session, ["cr:missing"], "anything", {})
    bind.dispose()
