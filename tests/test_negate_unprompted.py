"""A card with no activation condition whose effect negates an activation ("Pay 500 Life Points. Negate the
activation of a Trap Card ..."): it answers the activation it is chained directly to, so "can X negate Y" is
decided by the kind of card it names (kb/engine/negation.py ``_answers_activation``, RULES ``negate_directly``).
Cards chosen for this test: Malfunction (an old Counter Trap text without "When")."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text, answer",
    [
        ("can malfunction negate a trap card", "yes"),
        ("Can Malfunction negate the activation of Torrential Tribute?", "yes"),
        ("is malfunction able to stop bottomless trap hole", "yes"),
        ("can malfunction negate dark hole", "no"),  # a Spell: not the kind it names
        ("Can Malfunction negate Monster Reborn?", "no"),
        # chained to another link: an effect negating an activation must be chained directly to it
        ("my opponent activates mirror force, i chain trap jammer, can they chain malfunction to negate mirror force",
         "no"),
    ],
)
def test_unprompted_activation_negator(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), [s.get("detail") for s in got.get("steps", [])][-3:])
    decisive = [s for s in got["steps"] if s["result"] == ("pass" if answer == "yes" else "fail")]
    assert any("negat" in s["detail"] for s in decisive) and all(s.get("cites") and s.get("quote") for s in decisive)
