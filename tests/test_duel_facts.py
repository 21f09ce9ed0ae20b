"""Rule facts of the Duel itself (kb/understand/duel_facts.py, answered from kb/engine/duel_facts.py): sentences
written for these tests, the answer and the section cited, near-misses that stay "unknown"; and every shape of
the rule-fact reader compiles (a broken pattern would fail every question that reaches it)."""

from __future__ import annotations

import pytest

from kb.engine.duel_facts import DUEL_FACTS, DUEL_RULES
from kb.engine.rule_facts import FACTS
from kb.engine.rules import RULES
from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("Do I lose if I cannot draw because my Deck is empty?", "yes", "prb2017:draw-phase"),
        ("If a player has no cards left in their Deck during their Draw Phase, does that player lose?", "yes",
         "prb2017:draw-phase"),
        ("If I must draw but I have no cards left in my deck, do I lose the Duel?", "yes", "prb2017:draw-phase"),
        ("How many cards does each player start the Duel with?", "5", "prb2017:starting-hand-and-lp"),
        ("Do I lose if an effect would add a card from my Deck to my hand while my Deck is empty?", "no",
         "prb2017:if-the-player-is-unable-to-draw"),
        ("If my opponent's deck is empty and they activate an effect that sends a card from the deck to the GY, do they "
         "lose?", "unknown", None),  # "my opponent's deck": the shape says whose Deck only as my/their/your
        ("If my Deck is empty and I activate an effect that adds a card from the Deck to the hand, do I lose?", "no",
         "prb2017:if-the-player-is-unable-to-draw"),
        ("When both players' life points reach 0 from the same effect, is the Duel a draw?", "yes", "prb2017:draw"),
        ("Can a player's LP become negative?", "no", "prb2017:lp"),
        ("If my LP hit 0 in the middle of a chain, do I lose right away even if an effect later in the chain would "
         "restore LP?", "yes", "prb2017:lp"),
        ("How much LP do players start with?", "8000", "prb2017:lp"),
        ("How many cards are in the starting hand?", "5", "prb2017:starting-hand-and-lp"),
        ("Is the Deck shuffled after an effect searches it?", "yes", "prb2017:deck-zone"),
        ("When a monster with a 'leaves the field' effect is returned to the Extra Deck, does its effect activate?",
         "no", "md:leaving-the-field"),
        ("If my monster with a leaves the field effect is sent to the GY, does the effect activate?", "yes",
         "md:leaving-the-field"),
        ("Does a leaves the field effect activate when the monster becomes an Xyz Material?", "no",
         "md:leaving-the-field"),
        ("When a Trap Monster still treated as a Trap Card is turned face-down by a card effect, is it Set again in "
         "a Spell & Trap Zone?", "yes", "md:trap-monsters"),
    ],
)
def test_duel_facts(session, text, answer, quoted):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
    if quoted:
        assert got["parsed"]["ask"] == "rule_fact" and not got.get("unused_words")
        assert quoted in [c for step in got["steps"] for c in step["cites"]]


@pytest.mark.parametrize(
    "text",
    [
        "My monster with a 'leaves the field' effect is shuffled into the Main Deck (or is banished). Does the effect "
        "activate?",  # two places, two answers
        "Can my LP go below 1000?",  # no rule row
        "If both players' LP become 0 by battle, is it a draw?",  # the row is about a card effect
        "How many LP does my opponent have?",  # not the starting LP
    ],
)
def test_duel_near_misses(session, text):
    assert ask_plain(session, text)["answer"] == "unknown", text


def test_duel_rows_merged_and_rule_fact_shapes_compile():
    for key, (answer, rule, detail) in DUEL_FACTS.items():
        assert key in FACTS and rule in RULES and answer and detail
    for key, row in DUEL_RULES.items():
        assert RULES[key] is row and row["quote"]["id"] in row["sections"]
    from kb.understand.scenario_cost import _shapes

    assert all(hasattr(pattern, "match") for _name, pattern, _handler in _shapes())
