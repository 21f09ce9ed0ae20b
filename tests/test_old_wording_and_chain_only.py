"""Two precision rules (cards chosen for this test):

- an older text without ";" ("Activate this card by paying 1000 LP.") writes its cost as "Activate (this card) by
  ...": that act is a cost; an act opening such a text before more of it ("Pay 500 Life Points. Negate ...") is
  not written as cost or effect (unknown); any other act of it is the effect (kb/engine/card_facts.py);
- a card that can only be activated in response to an activation, asked about at a moment with no chain told,
  is not a "no" (the question does not say nothing is on the chain): unknown unless another reading decides
  (kb/engine/activate.py)."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


@pytest.mark.parametrize("text, answer", [
    ("is paying 1000 lp for skill drain a cost", "yes"),
    ("Is paying LP for Toon World a cost?", "yes"),
    ("is the discard of Tyrant's Tantrum a cost", "unknown"),  # its text discards nothing
    ("is paying lp for malfunction a cost", "unknown"),  # "Pay 500 Life Points. Negate ...": not written as a cost
    ("is the draw for pot of greed a cost", "no"),  # "Draw 2 cards.": the whole text is the effect
])
def test_older_cost_wording(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize("text", [
    "is face off usable during the damage step",
    "Can Face-Off be activated during the Damage Step?",
])
def test_chain_only_card_at_a_moment_is_not_a_no(session, text):
    assert ask_plain(session, text)["answer"] != "no"
