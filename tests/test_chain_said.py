"""Chain facts told in more shapes (kb/understand/chain_facts.py): the card whose effect was activated said
as the subject ("A Continuous Trap activates its effect", "My Equip Spell's effect is activated"), and
actions that are no activation said as what a player does ("respond to my opponent Tributing a monster by
activating X", "chain a card to the payment of that cost").  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text, answer, rule",
    [
        ("A Continuous Trap activates its effect, and my opponent chains a card that destroys that Continuous "
         "Trap. Does the Continuous Trap's effect resolve?", "no", "left_field"),
        ("My Equip Spell's effect is activated and then my opponent chains a card that destroys that Equip Spell. "
         "Does the Equip Spell's effect resolve?", "no", "left_field"),
        ("My face-up Field Spell activates its effect and my opponent chains a card that banishes it. Does my "
         "effect resolve?", "no", "left_field"),
        ("Can I respond to my opponent Tributing a monster by activating a Trap Card?", "no", "chain_to_action"),
        ("Can I respond to my opponent paying Life Points by activating Mystical Space Typhoon?", "no",
         "chain_to_action"),
        ("My opponent pays Life Points as a cost. Can I chain a card to the payment of that cost itself?", "no",
         "chain_to_action"),
    ],
)
def test_chain_facts_in_more_shapes(session, text, answer, rule):
    got = ask_plain(session, text)
    assert got["parsed"] and got["parsed"].get("rule") == rule, got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] in got["steps"][0]["cites"]


@pytest.mark.parametrize(
    "text",
    [
        # a Summon "responded to" may mean a card activated after it
        "Can I respond to my opponent Summoning a monster by activating a Quick-Play Spell?",
        "Can I respond to my opponent summoning a monster by activating a Trap Card?",
    ],
)
def test_chain_facts_not_read(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text, answer",
    [
        # "in a chain to ... itself": the chain itself is asked, not a card activated after the Summon
        ("My opponent Normal Summons a monster. Can I activate a Trap Card in a chain to the Normal Summon itself?",
         "no"),
        ("Can I chain a Trap Card directly to the Summon itself?", "no"),
        # said loosely, or a card that negates Summons: it may mean activating it when the monster is Summoned
        ("Can I chain a Trap Card to the Summon?", "unknown"),
        ("Can I chain a card that negates Summons to the Summon itself?", "unknown"),
    ],
)
def test_a_trap_chained_to_the_summon_itself(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


def test_card_activation_destroyed_in_chain_is_the_claims_rule(session):
    """The card's own activation (not an effect of the face-up card) is another rule: read by the claims table."""
    got = ask_plain(session, "My Continuous Spell is activated and my opponent chains a card that destroys that "
                             "Continuous Spell. Does the Continuous Spell's effect resolve?")
    assert got["answer"] == "no" and got["parsed"]["ask"] == "claim", got.get("understood")
