"""Nicknames derived from the structure of card names (importers/derived_aliases.py): initials and name
parts, guarded against ambiguity; names written for these tests, with near misses."""

from __future__ import annotations

import pytest

from importers.derived_aliases import name_initials, name_segments
from kb.cards import resolve_card
from kb.errors import AmbiguousError, NotFoundError
from kb.understand.answer import ask_plain


def test_initials():
    assert name_initials("Phoenix Wing Wind Blast") == {"pwwb"}
    assert "hpt" not in name_initials("Harpie's Pet Trap")  # 3 letters: too short to be told from a word
    assert name_initials("Sword of Revealing Light") == set()  # "sorl" has a vowel, "srl" is too short
    assert name_initials("Supporter in the Shadows") == set()  # "sits" is an English word
    assert name_initials("Dark Hole") == set()  # two words
    assert name_initials("Ancient Elven Ice Oracle") == set()  # "aeio" spells vowels, not initials


def test_segments():
    assert name_segments("Sky Striker Ace - Raye") == {"Raye"}  # 3 words is no nickname
    assert name_segments("Apollousa, Bow of the Goddess") == {"Apollousa"}  # 4 words is no nickname
    assert name_segments("Dark Magician") == set()
    assert name_segments("Blackwing - Kalut the Moon Shadow") == {"Blackwing", "Kalut"}  # and the first word after
    assert name_segments("Brionac, Dragon of the Ice Barrier") == {"Brionac", "Dragon"}  # "dragon": an ordinary word,
    # dropped by derived_aliases (tested with the store below)


@pytest.mark.parametrize("typed, name", [("pwwb", "Phoenix Wing Wind Blast"), ("PWWB", "Phoenix Wing Wind Blast"),
                                         ("raye", "Sky Striker Ace - Raye"), ("kagari", "Sky Striker Ace - Kagari")])
def test_derived_nicknames_resolve(session, typed, name):
    assert resolve_card(session, typed).name == name


def test_shared_name_parts_stay_ambiguous(session):
    # two cards are "Brionac, ..." and two "Ryko, ...": the short name answers with the candidates
    for typed in ("brionac", "ryko"):
        with pytest.raises(AmbiguousError):
            resolve_card(session, typed)
    with pytest.raises(NotFoundError):
        resolve_card(session, "wwbp")  # initials in another order are no nickname


@pytest.mark.parametrize(
    "text, answer",
    [
        ("my opponent activates pwwb, can i chain twin twisters", "yes"),
        ("my opponent activates pwwb, can i chain fissure", "no"),  # Spell Speed 1
        ("what spell speed is pwwb", "2"),
        ("can i respond to raye with ash blossom", "no"),  # Raye's effects do not search or Summon from the Deck
    ],
)
def test_nicknames_in_questions(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]


def test_damage_step_effect_not_said(session):
    """Raye's Quick Effect cannot be used in the Damage Step, its GY effect can after a battle destruction:
    which one the question means is not said, so the answer is unknown, naming both."""
    got = ask_plain(session, "can i activate raye during the damage step")
    assert got["answer"] == "unknown", got["explanation"]
    assert "which effect" in got["explanation"]
    # one effect only: the answer stands
    assert ask_plain(session, "can i activate mirror force in the damage step")["answer"] == "no"


@pytest.mark.parametrize("text, answer", [("whats kagaris spell speed", "1"),  # a nickname's possessive, no "'"
                                          ("what is the spell speed of nibirus effect", "2")])
def test_possessive_of_a_nickname(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
