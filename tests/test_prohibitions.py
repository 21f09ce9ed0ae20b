"""Prohibitions of another card's continuous effect while it applies (kb/engine/prohibitions.py): questions
written for these tests, other cards of the same shape and near misses that stay unknown."""

from __future__ import annotations

import pytest

from kb.engine.prohibitions import prohibitions_of
from kb.understand.answer import ask_plain


def _continuous(text):
    return [{"kind": "continuous", "text": text}]


def test_read_prohibitions():
    (item,) = prohibitions_of("X", _continuous("Trap Cards, and their effects on the field, cannot be activated."))
    assert (item.card_types, item.who) == (("Trap",), "both")
    (item,) = prohibitions_of("X", _continuous("Your opponent cannot activate Spell/Trap Cards."))
    assert (item.card_types, item.who) == (("Spell", "Trap"), "opponent")
    # a phase, a qualified kind, an activated effect's lingering ban: not read
    assert not prohibitions_of("X", _continuous("Your opponent cannot activate Trap Cards during the Battle Phase."))
    assert not prohibitions_of("X", _continuous('"Hole" Normal Trap Cards cannot be activated.'))
    assert not prohibitions_of("X", [{"kind": "ignition", "text": "Trap Cards cannot be activated."}])


@pytest.mark.parametrize(
    "text, answer",
    [
        ("while jinzo is on the field can i activate mirror force", "no"),
        ("can i activate torrential tribute while jinzo is on the field", "no"),
        ("can i activate dark hole while spell canceller is on the field", "no"),
        ("while spell canceller is on the field can i activate mirror force", "unknown"),  # Traps are not barred
        ("while royal decree is applying can i activate mirror force", "unknown"),  # it negates, bars nothing
    ],
)
def test_prohibitions_in_questions(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    if answer == "no":
        assert got["steps"][0]["check"] == "prohibition"
        assert "community:9.4.1" in got["steps"][0]["cites"]
