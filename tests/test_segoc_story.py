"""SEGOC told as a casual story (kb/understand/story.py read_triggers, intent "what is chain link 1"): cards that
"destroy each other in battle", whose turn it is, and the turn not said (asked for both turns: the answer stands
only when both give the same order).  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,first",
    [
        # both optional "when ... you can": the turn player's goes on the chain first
        ("on my turn my mystic tomato and my opponents shining angel destroy each other in battle. what is the "
         "first chain link?", "Mystic Tomato"),
        ("its my opponents turn my mystic tomato and their shining angel destroy each other in battle whats chain "
         "link 1", "Shining Angel"),
        # a mandatory trigger goes before an optional one, whoever's turn it is (and the turn need not be said)
        ("my sangan and my opponents mystic tomato destroy each other in battle whats chain link 1", "Sangan"),
        ("on my opponents turn my sangan and their witch of the black forest destroy each other in battle which "
         "goes on the chain first", "Witch of the Black Forest"),
    ],
)
def test_battle_triggers_told_casually(session, question, first):
    got = engine.ask(session, question)
    # the card that is Chain Link 1 (the simulated SEGOC reading, segoc_story.py) or the whole order
    assert got["answer"] == first or got["answer"] == "ordered" and got["order"][0] == first, (
        got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question",
    [
        # two optional triggers and no turn said: the order depends on whose turn it is
        "my mystic tomato and my opponents shining angel destroy each other in battle whats chain link 1",
        "Dark Hole destroys my Sangan and my opponent's Witch of the Black Forest. Which goes on the chain first?",
    ],
)
def test_the_turn_not_said_and_needed_stays_unknown(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown" and not got.get("order"), (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        # a list told without commas or with "all"; the last link; the answer names the player (A: the asker)
        ("On my opponent's turn, my mandatory trigger, my opponent's optional trigger and my optional trigger all "
         "activate at the same time. Whose effect is added to the chain last?", "A's optional effect"),
        ("on my opponent's turn my optional trigger effect and my opponent's mandatory trigger effect activate at "
         "the same time. which goes on the chain last?", "A's optional effect"),
        # who orders one player's own group
        ("On my opponent's turn, two of my mandatory trigger effects activate at the same time. Who chooses their "
         "order?", "A (you do)"),
    ],
)
def test_segoc_of_kinds_last_and_who_orders(session, question, answer):
    got = engine.ask(session, question)
    assert str(got["answer"]).startswith(answer), (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question",
    [
        # two players' groups: the order is the rule's, nobody chooses it
        "On my turn my optional trigger effect and my opponent's optional trigger effect activate at the same time. "
        "Who decides their order on the chain?",
        # whose turn it is not said and the owners are players: which side is the turn player's is unknown
        "my optional trigger effect and my opponent's optional trigger effect activate at the same time. which goes "
        "on the chain last?",
    ],
)
def test_segoc_of_kinds_not_decided(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown", (got.get("understood"), got.get("explanation"))
