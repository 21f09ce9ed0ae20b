"""A card's own activation condition against a told Summon (kb/engine/activate_summon.py): JSON questions and
sentences written for these tests, other cards of the same shape and near misses."""

from __future__ import annotations

import pytest

from kb import engine
from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain


def _ask(session, card, how, by="B", monster=None, controller="A"):
    summon = {"how": how, "controller": by, **({"card": {"card": monster}} if monster else {})}
    return engine.ask(session, {"ask": "activate", "card": {"card": card, "controller": controller},
                                "after_summon": summon})


@pytest.mark.parametrize(
    "card, how, by, monster, answer",
    [
        ("Trap Hole", "special", "B", None, "no"),  # it answers Normal and Flip Summons only
        ("Trap Hole", "flip", "B", None, "yes"),
        ("Trap Hole", "normal", "A", None, "no"),  # the opponent's Summons only
        ("Trap Hole", "normal", "B", "Kuriboh", "no"),  # 300 ATK is not 1000 or more
        ("Trap Hole", "normal", "B", "Gemini Elf", "yes"),
        ("Bottomless Trap Hole", "special", "B", "Cyber Dragon", "yes"),
        ("Bottomless Trap Hole", "special", "B", "Kuriboh", "no"),  # 300 ATK is not 1500 or more
        ("Torrential Tribute", "flip", "B", None, "yes"),
        ("Mirror Force", "special", "B", None, "no"),  # it waits for an attack
    ],
)
def test_condition_against_the_summon(session, card, how, by, monster, answer):
    got = _ask(session, card, how, by, monster)
    assert got["answer"] == answer, got["explanation"]
    step = next(s for s in got["steps"] if s["check"] == "activation condition")
    assert "community:9.2.3" in step["cites"]


def test_unread_stat_is_assumed(session):
    got = _ask(session, "Trap Hole", "normal")
    assert got["answer"] == "yes"
    assert any("kind its condition names" in a for a in got["assumed"])


def test_bad_summon_is_a_clear_error(session):
    with pytest.raises(BadQuestionError) as err:
        _ask(session, "Trap Hole", "teleport")
    assert "after_summon.how" in str(err.value)


@pytest.mark.parametrize(
    "text, answer",
    [
        ("can i use trap hole when they special summon a monster", "no"),
        ("can i activate trap hole when my opponent normal summons", "yes"),
        ("can i use bottomless trap hole when they special summon", "yes"),
        ("can i activate mirror force when my opponent special summons a monster", "no"),
        ("can i activate torrential tribute when my opponent flip summons", "yes"),
        # who Summons is not said: not answered
        ("can i activate trap hole in response to the normal summon", "unknown"),
    ],
)
def test_summon_told_in_words(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
