"""The phrase after "is activated" in an activation condition ("… is activated on the field") decides too:
a monster effect activated in the hand is not activated on the field, a card's activation always is, and
a phrase the engine does not model makes the answer unknown instead of being ignored."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.windows import _context_vs_link


class _Card:
    name = "Some Monster"


@pytest.mark.parametrize(
    "context,card_activation,locations,expected",
    [
        (None, False, ["hand"], "pass"),
        ("on the field", True, ["hand"], "pass"),  # a Spell/Trap is activated on the field, even from the hand
        ("on the field", False, ["field"], "pass"),
        ("on the field", False, ["pendulum_zone"], "pass"),
        ("on the field", False, ["hand"], "fail"),
        ("on the field", False, ["gy"], "fail"),
        ("on the field", False, ["hand", "field"], "pass"),  # with an assumption noted
        ("on the field", False, [], "unknown"),
        ("during the Battle Phase", False, ["hand"], "pass"),  # the profile reads phases into the condition
        ("in response to a card or effect activation", False, ["hand"], "pass"),
        ('in response to your "Generaider" card or effect activation', False, ["field"], "unknown"),
        ("with the same name as a card in their GY", True, ["field"], "unknown"),
    ],
)
def test_context_of_an_activation_condition(context, card_activation, locations, expected):
    notes: list[str] = []
    got = _context_vs_link(context, _Card(), {"locations": locations}, card_activation, notes)
    assert got == expected
    if locations == ["hand", "field"]:
        assert notes and notes[0].startswith("assume: ")


@pytest.mark.parametrize(
    "question,answer",
    [
        ("can iron thunder negate droll and lock bird", "no"),  # Droll's effect is activated in the hand
        ("Can Iron Thunder negate the activation of Ash Blossom & Joyous Spring?", "no"),
        ("can iron thunder negate dark hole", "yes"),
    ],
)
def test_a_condition_on_the_field_against_hand_and_field_activations(session, question, answer):
    assert engine.ask(session, question)["answer"] == answer


@pytest.mark.parametrize(
    "question,answer",
    [
        # an old text with no "When": "Pay 500 Life Points. Negate the activation of a Trap Card …"
        ("can malfunction chain to mirror force", "yes"),
        ("can i chain malfunction to dark hole", "no"),
        ("my opponent activates hammer shot, i chain poison of the old man. can they chain malfunction?", "no"),
        ("can goblin out of the frying pan chain to dark hole", "yes"),
        ("can goblin out of the frying pan chain to mirror force", "no"),
    ],
)
def test_a_card_with_no_condition_that_negates_an_activation_answers_only_what_it_negates(session, question,
                                                                                             answer):
    """It must be chained directly to an activation it can negate (the kind its text names)."""
    assert engine.ask(session, question)["answer"] == answer
