"""One of several targets removed before the card resolves (kb/understand/targets_left.py): the card's resolution
wording decides ("them": the rest; "both" / "all N": none).  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,answer",
    [
        ("I activate Double Cyclone targeting two Spells/Traps and one is destroyed by a chained effect. Does Double "
         "Cyclone still destroy the other one?", "yes"),  # "destroy them"
        ("Twin Twisters targets 2 Spells/Traps, and one of them is banished by Cosmic Cyclone. Does it still destroy "
         "the other?", "yes"),
        ("Pot of Avarice targets 5 monsters in my GY and one is banished in response. Does Pot of Avarice still "
         "shuffle the remaining monsters?", "no"),  # "shuffle all 5"
    ],
)
def test_the_wording_decides(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    assert got["parsed"]["ask"] == "targets_left"


@pytest.mark.parametrize(
    "question",
    [
        # the card asked does not do what is asked
        "Twin Twisters targets 2 Spells/Traps, and one of them is banished by Cosmic Cyclone. Does it still banish "
        "the other?",
        # a card that targets one card
        "Raigeki Break targets 2 cards and one is banished by a chained effect. Does it still destroy the other?",
    ],
)
def test_not_read(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown", (got.get("understood"), got.get("explanation"))
