"""A chain told from a link said by its number ("X is Chain Link 1 and my opponent chains Y to it"): "it" is that
link (kb/understand/story.py with link_numbers.first_link_said); a card negating an activation must be chained
directly to it.  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,answer",
    [
        ("monster reborn is chain link 1 and my opponent chains cosmic cyclone to it. can i chain magic jammer to "
         "negate monster reborn", "no"),
        ("My Monster Reborn is Chain Link 1 and my opponent chains Ash Blossom & Joyous Spring to it. Can I chain "
         "Solemn Judgment to negate Monster Reborn?", "no"),
        ("Chain Link 1 is my Dark Hole and my opponent chains Mystical Space Typhoon to it. Can I chain Magic Jammer "
         "to negate Dark Hole?", "no"),
        # the link directly below: yes
        ("Dark Hole is Chain Link 1 and my opponent chains Dust Tornado to it. Can I chain Seven Tools of the Bandit "
         "to negate Dust Tornado?", "yes"),
    ],
)
def test_the_link_said_by_its_number_is_it(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    assert "Chain Link 3" in got["understood"]


def test_two_cards_said_chain_link_1_is_no_chain(session):
    got = engine.ask(session, "Dark Hole is Chain Link 1 and Raigeki is Chain Link 1 and my opponent chains Dust "
                              "Tornado to it. Can I chain Magic Jammer to negate Dark Hole?")
    assert got["answer"] == "unknown", (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        ("can a continous spell be chained to a quick play", "no"),  # Spell Speed 1 to 2
        ("can a quick play be chained to a contineous trap", "yes"),
    ],
)
def test_kinds_misspelt_casually(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
