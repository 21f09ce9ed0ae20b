"""Where a card that performs a Fusion Summon takes its Fusion Materials, from its text
(kb/engine/fusion_places.py), asked in words (kb/understand/scenario_summon_places.py).  Cards and sentences
written for these tests: several Fusion Spells, places named or not, and near misses."""

from __future__ import annotations

import pytest

from kb.engine.fusion_places import material_places
from kb.errors import BadQuestionError
from kb.understand.answer import answer_json, ask_plain


@pytest.mark.parametrize(
    "text,places",
    [
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand or field.",
         {"hand", "field"}),
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters you control as Fusion Material.",
         {"field"}),
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand, Deck, or field as "
         "Fusion Material.", {"hand", "deck", "field"}),
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, by banishing Fusion Materials mentioned on it from "
         "your field or GY.", {"field", "gy"}),
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from either field.",
         {"field", "opponent_field"}),
        # a place added on a condition, or words not read: None
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your hand or field. If X, you can "
         "also use monsters in your Deck as material.", None),
        ("Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters from your pocket.", None),
        ("Destroy all monsters on the field.", None),
    ],
)
def test_material_places_from_text(text, places):
    assert material_places(text) == places


def test_bad_place_is_a_clear_error(session):
    with pytest.raises(BadQuestionError) as err:
        answer_json(session, {"ask": "fusion_places", "card": "Polymerization", "from": "pocket"})
    assert err.value.field == "from"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can Polymerization use a Fusion Material from my Deck?", "no"),
        ("can i use a monster in my graveyard as fusion material for polymerization", "no"),
        ("Can I use monsters in my GY as material for Miracle Fusion?", "yes"),
        ("With Fusion Destiny, can I use a monster from my Deck?", "yes"),
        ("Can Super Polymerization use monsters on my opponent's field?", "yes"),
        ("can i use a monster from my hand as fusion material with dark fusion", "yes"),
        ("can flash fusion use a monster from my hand", "no"),
        ("Can Shaddoll Fusion use a monster from my Deck?", "unknown"),  # only on a condition
        # a face-down monster on the field is a monster there (prb2017 Fusion Summoning)
        ("Can I use a face-down monster I control as Fusion Material for Polymerization?", "yes"),
        ("can flash fusion use a face-down monster i control", "yes"),
        ("can shaddoll fusion use a face-down monster", "unknown"),
        ("Can Mirror Force use a monster from my Deck?", "unknown"),  # performs no Fusion Summon
    ],
)
def test_fusion_places_in_words(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
