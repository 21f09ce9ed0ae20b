"""What a named card negates, asked of the card alone (kb/understand/negation_kind.py): sentences and
cards written for these tests, and near misses."""

from __future__ import annotations

import pytest

from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain
from kb.understand.negation_kind import negates_what_answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Does Ash Blossom & Joyous Spring negate the activation or the effect?", "the effect"),
        ("does solemn strike negate the activation or the effect", "the activation"),
        ("Does Effect Veiler negate the effect or the activation?", "the effect"),
        ("Does Effect Veiler negate the activation?", "no"),
        ("Is Magic Jammer's negation a negation of the activation?", "yes"),
        ("Does Infinite Impermanence negate activations?", "no"),
        # a card that negates nothing (as read): not answered
        ("Does Dark Hole negate the activation or the effect?", "unknown"),
    ],
)
def test_what_a_card_negates(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    if answer != "unknown":
        assert got["parsed"]["ask"] == "negates_what"
        assert got["steps"][0]["quote"]["id"] in got["steps"][0]["cites"]


def test_the_engine_still_answers_negation_of_a_card(session):
    got = ask_plain(session, "Does Solemn Strike negate the activation of a monster effect?")
    assert got["parsed"]["ask"] == "negate"


def test_json_errors_name_the_field(session):
    with pytest.raises(BadQuestionError) as err:
        negates_what_answer(session, {"ask": "negates_what", "card": "Magic Jammer", "asked": "which"})
    assert err.value.field == "card"
    with pytest.raises(BadQuestionError) as err:
        negates_what_answer(session, {"ask": "negates_what", "card": {"card": "Magic Jammer"}, "asked": "both"})
    assert err.value.field == "asked"
