"""The game model's value types and their notation."""

from __future__ import annotations

import pytest

from kb.engine.model import CardState, Event, InvalidNotationError, Moment, Situation, all_moments

NOTATIONS = [
    "turn=A phase=battle step=damage timing=before_calc | chain=A:Pot of Greed#0,B:Twin Twisters | "
    "card=B:Twin Twisters@field/down/earlier",
    "phase=main1",
    "chain=?:Maxx \"C\",A:Ash Blossom & Joyous Spring | event=sent_to_gy/effect/notlast",
    "card=A:Kuriboh@hand/?/? | event=destroyed/?/last",
    "chain=A:Raigeki,B:Nibiru, the Primal Being",
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text):
    assert Situation.from_notation(text).notation() == text
    assert repr(Situation.from_notation(text)).startswith("Situation(")


def test_notation_parts():
    situation = Situation.from_notation(NOTATIONS[0])
    assert situation.moment == Moment("A", "battle", "damage", "before_calc")
    assert situation.chain[1].card == CardState("Twin Twisters", "B")
    assert situation.card.set_this_turn is False
    assert Situation.from_notation(NOTATIONS[2]).event == Event("sent_to_gy", "effect", False)
    assert Situation.from_notation(NOTATIONS[4]).chain[1].card.name == "Nibiru, the Primal Being"


@pytest.mark.parametrize("text", ["turn=C", "phase=lunch", "card=A:X@pocket/up/this", "card=Raigeki",
                                  "event=sent/effect", "card=A:X@field/up/tomorrow"])
def test_bad_notation(text):
    with pytest.raises(InvalidNotationError):
        Situation.from_notation(text)


def test_all_moments():
    moments = all_moments()
    assert len(moments) == 2 * (5 + 3 + 5)
    assert Moment(phase="battle", step="damage").matches(Moment("B", "battle", "damage", "calc"))
    assert not Moment(turn="A").matches(Moment("B", "main1"))
