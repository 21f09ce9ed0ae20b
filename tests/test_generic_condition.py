"""A Trigger Effect known by its quoted condition ({"class": {"condition": "..."}}; kb/engine/generic.py) and the
question that quotes it (kb/understand/damage_step_activated.py).  Sentences here are our own."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.generic import normalise_class
from kb.errors import BadQuestionError


def test_a_quoted_condition_is_a_trigger_effect():
    cls = normalise_class({"condition": "If this card is destroyed by battle: You can"}, "card")
    assert cls == {"condition": "If this card is destroyed by battle: You can", "effect": "trigger"}


@pytest.mark.parametrize(
    "value",
    [{"condition": ""}, {"condition": "Destroy all monsters"}, {"condition": "If this card is destroyed",
                                                               "effect": "quick"},
     {"condition": 7}],
)
def test_a_bad_quoted_condition_names_the_field(value):
    with pytest.raises(BadQuestionError) as err:
        normalise_class(value, "card")
    assert "card.class" in str(err.value)


@pytest.mark.parametrize(
    "timing,answer",
    [("start", "no"), ("calc", "no"), ("after_calc", "yes"), ("end", "yes")],
)
def test_a_battle_destruction_trigger_in_the_damage_step(session, timing, answer):
    got = engine.ask(session, {"ask": "activate", "card": {"class": {
        "condition": "When this card destroys an opponent's monster by battle: You can"}},
        "phase": "battle", "step": "damage", "timing": timing})
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "question,answer",
    [
        ("Can a 'When this card destroys a monster by battle and sends it to the GY' effect activate after damage "
         "calculation?", "yes"),
        ("Is a 'When this card destroys a monster by battle and sends it to the GY: You can' effect activated "
         "during damage calculation?", "no"),
        ("Can an 'If this card is sent to the GY' effect be activated during the Damage Step?", "yes"),
        # no event in the quote: not read
        ("Can a 'During damage calculation' effect be activated at the start of the Damage Step?", "unknown"),
    ],
)
def test_quoted_effects_in_the_damage_step(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
