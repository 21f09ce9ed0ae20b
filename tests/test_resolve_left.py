"""A monster's effect activated and the monster moved away by a chained card before it resolves
(kb/understand/resolve_left.py): it resolves unless its text says the monster must be face-up to resolve it; an
effect acting on the monster itself stays unknown; a chained card that negates, or whose act is not said, is not
this question.  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,answer",
    [
        ("I activate the Trigger Effect of Mystic Tomato and my opponent chains Compulsory Evacuation Device to return "
         "it to my hand. Does Mystic Tomato's effect still resolve?", "yes"),
        ("my opponent activates the effect of sangan and i chain bottomless trap hole to banish it. does sangan's "
         "effect still resolve", "yes"),
        ("A monster's Quick Effect is activated and my opponent chains a card that destroys that monster. Does the "
         "effect still resolve?", "yes"),
        # "This monster must be face-up on the field to activate and to resolve this effect."
        ("i use zombie master's effect and my opponent chains torrential tribute to destroy it. does zombie master's "
         "effect still resolve?", "no"),
        # its effect changes "this card" too: what it still does is not modelled
        ("I activate Goblindbergh's effect and my opponent chains Torrential Tribute to destroy it. Does "
         "Goblindbergh's effect still resolve?", "unknown"),
    ],
)
def test_a_monster_effect_whose_monster_left(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert got["parsed"]["ask"] == "monster_left"


@pytest.mark.parametrize(
    "question",
    [
        # the chained card negates: another question
        "I activate Summoner Monk's Ignition Effect and my opponent chains Solemn Strike to destroy it. Does Summoner "
        "Monk's effect still resolve?",
        # what the chained card does to the monster is not said (Dark Hole might miss a monster in the hand)
        "i use zombie master's effect and my opponent chains dark hole. does zombie master's effect still resolve?",
        # the question asks about another card
        "I activate Mystic Tomato's effect and my opponent chains Compulsory Evacuation Device to return it to my "
        "hand. Does Sangan's effect still resolve?",
    ],
)
def test_not_this_question(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown" and (got.get("parsed") or {}).get("ask") != "monster_left", got.get("parsed")


@pytest.mark.parametrize(
    "question,answer",
    [
        # removed from the field to pay its own effect's cost: the exception of the left-the-field rule
        ("My face-up Continuous Trap sends itself to the GY as the cost of its effect. Does the effect still "
         "resolve?", "yes"),
        ("My face-up Equip Spell sends itself to the Graveyard as the cost of its own effect. Does that effect "
         "resolve?", "yes"),
        # a Quick-Play Spell has no effect on the field that stays: not read
        ("My face-up Quick-Play Spell sends itself to the Graveyard as the cost of its own effect. Does that effect "
         "still resolve?", "unknown"),
    ],
)
def test_left_the_field_for_its_own_cost(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
