"""bench/ask_eval.py scoring: a timing answer (activates / misses / no_trigger) read against an expected yes / no
by what the question asks."""

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
