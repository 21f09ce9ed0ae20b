"""'Is X activated during damage calculation?' / 'Does a Flip effect activate in the Damage Step after damage
calculation?' read as the activate question at that timing (kb/understand/damage_step_activated.py), and a
Damage Step timing in a card's condition said 'at damage calculation'.  Cards here are not those of the golden
sets."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.profiles.conditions import parse_condition


@pytest.mark.parametrize(
    "question,answer",
    [
        ("Is Honest activated before damage calculation?", "yes"),
        ("Is Waboku activated during damage calculation?", "no"),
        ("Is Rush Recklessly activated after damage calculation?", "no"),
        ("Are Counter Traps activated during damage calculation?", "yes"),
        ("Is a Quick-Play Spell that raises ATK activated before damage calculation?", "yes"),
        ("Does a Trigger Effect activate at the end of the Damage Step?", "yes"),
        # no Damage Step said: not this reading
        ("Is Honest activated during the Battle Phase?", "unknown"),
    ],
)
def test_is_activated_at_a_damage_step_timing(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert got["parsed"]["step"] == "damage"


@pytest.mark.parametrize(
    "condition,timing,turn",
    [
        ("During your opponent's turn, at damage calculation", ["calc"], "opponent"),
        ("At damage calculation, if your monster battles", ["calc"], None),
    ],
)
def test_at_damage_calculation_is_a_damage_step_timing(condition, timing, turn):
    parsed = parse_condition(condition)
    assert parsed["damage_step"] == timing and parsed["turn"] == turn and parsed["unparsed"] == []


@pytest.mark.parametrize(
    "question,answer",
    [
        ("it's the damage step can i activate dark hole", "no"),
        ("we are in the damage step can i activate a counter trap", "yes"),
    ],
)
def test_the_damage_step_said_casually(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    assert got["parsed"]["step"] == "damage"


@pytest.mark.parametrize(
    "question,answer",
    [
        ("My monster is destroyed by battle. Can my opponent target it with a card effect before it is sent to the "
         "GY?", "no"),
        ("If the attacking monster is destroyed by battle, can I still target it after damage calculation?", "no"),
        # the moment between destruction and the GY is not said: "destroyed by battle" may mean in the GY
        ("If both monsters are destroyed by battle, can I target one of them?", "unknown"),
    ],
)
def test_destroyed_by_battle_told_first(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        # a Continuous Trap whose lasting ATK change applies only "after the first time ... battles": the
        # rulebook's exception (a condition that could never be met in the Damage Step) is not modelled
        ("Can Swift Samurai Storm! be activated during the Damage Step?", "unknown"),
        ("can i activate swift samurai storm in the damage step", "unknown"),
    ],
)
def test_a_continuous_trap_whose_stat_change_has_a_condition_is_undecided_in_the_damage_step(session, question,
                                                                                              answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer
    assert any(s["check"] == "damage step" and s["result"] == "unknown" for s in got["steps"])
