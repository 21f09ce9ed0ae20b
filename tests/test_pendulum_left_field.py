"""A Pendulum Effect whose Pendulum Monster is destroyed in the chain (kb/understand/pendulum_left_field.py):
sentences written for these tests and near misses."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text, answer",
    [
        ("A Pendulum Effect is activated, and in a chain the Pendulum Monster is destroyed. Does the Pendulum "
         "Effect resolve?", "no"),
        ("I activate a Pendulum Effect and my opponent chains a card that destroys that Pendulum Monster. Does the "
         "Pendulum Effect still resolve?", "no"),
        ("A Pendulum Effect is activated and the Pendulum Monster is banished in response. Does the effect "
         "resolve?", "no"),
        # how it left the field is not said (a cost of its own?)
        ("A Pendulum Effect is activated and the Pendulum Monster is destroyed. Does the Pendulum Effect resolve?",
         "unknown"),
        # another question about it
        ("A Pendulum Effect is activated, and in a chain the Pendulum Monster is destroyed. Does the Pendulum "
         "Monster go to the Extra Deck?", "unknown"),
    ],
)
def test_pendulum_effect_of_a_monster_gone(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    if answer == "no":
        assert got["steps"][0]["quote"]["id"] == "prb2017:pendulum-monsters-treated-as-spell-cards"
