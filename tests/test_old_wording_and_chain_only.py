"""A precision rule (cards chosen for this test):

- an older text without ";" ("Activate this card by paying 1000 LP.") writes its cost as "Activate (this card) by
  ...": that act is a cost; an act opening such a text before more of it ("Pay 500 Life Points. Negate ...") is
  not written as cost or effect (unknown); any other act of it is the effect (kb/engine/card_facts.py);
- (a card activated only in response to an activation, asked about at a moment with no chain, stays "no, there is
  no chain": that is the structured contract's reading of an empty chain; the plain-language "is it possible?"
  reading is not made yet)."""

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
