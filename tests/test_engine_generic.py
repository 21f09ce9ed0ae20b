"""Generic cards ({"class": {...}}) and negation questions ({"ask": "negate"}): validation, words, answers.

The golden files tests/golden/engine/generic.jsonl and negation.jsonl hold the yes/no cases; this file
checks the contract around them: bad input names the field and value, answers describe the kind of card
in words, say what they assumed, and cite.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb import engine
from kb.cli import cli
from kb.engine.generic import describe_class, normalise_class, variants
from kb.engine.negation import summon_method_problem
from kb.errors import BadQuestionError

COUNTER = {"class": {"type": "trap", "property": "counter"}}
QUICK_PLAY = {"class": {"type": "spell", "property": "quick-play"}}


# ----------------------------------------------------------------------------------------- no store needed


@pytest.mark.parametrize(
    "cls,words",
    [
        ({"type": "trap", "property": "counter"}, "a Counter Trap Card"),
        ({"type": "spell", "property": "quick-play"}, "a Quick-Play Spell Card"),
        ({"type": "monster", "effect": "quick"}, "a monster's Quick Effect"),
        ({"effect": "ignition"}, "a monster's Ignition Effect"),
        ({"effect": "pendulum"}, "a Pendulum Monster's Pendulum Effect"),
        (
            {"type": "trap", "property": "continuous", "effect": "any"},
            "a face-up Continuous Trap Card's effect",
        ),
        ({"type": "spell", "does": ["negate_activation"]}, "a Spell Card that negates activations"),
        (
            {"type": "spell", "property": "quick-play", "does": ["change_atk_def"]},
            "a Quick-Play Spell Card that changes ATK and changes DEF",
        ),
        (
            {"type": "monster", "effect": "quick", "from": "hand"},
            "a monster's Quick Effect (activated from the hand)",
        ),
    ],
)
def test_class_in_words(cls, words):
    assert describe_class(normalise_class(cls, "card")) == words


@pytest.mark.parametrize(
    "cls,field,value",
    [
        ({"type": "potion"}, "card.class.type", "potion"),
        ({"type": "spell", "property": "counter"}, "card.class.property", "counter"),
        ({"type": "monster", "property": "normal"}, "card.class.property", "normal"),
        ({"type": "trap", "effect": "flip"}, "card.class.effect", "flip"),
        ({"effect": "sneaky"}, "card.class.effect", "sneaky"),
        ({"does": ["explode"]}, "card.class.does", "explode"),
        ({"does": []}, "card.class.does", []),
        ({"colour": "red"}, "card.class.colour", "red"),
        ({"does": [["destroy"]]}, "card.class.does", ["destroy"]),
        ({"type": ["spell"]}, "card.class.type", ["spell"]),
        ({"from": "deck"}, "card.class.from", "deck"),
        ({}, "card.class", {}),
    ],
)
def test_bad_class_names_field_and_value(cls, field, value):
    with pytest.raises(BadQuestionError) as error:
        normalise_class(cls, "card")
    assert error.value.field == field
    assert error.value.to_dict()["error"]["field"] == field
    assert error.value.value == value


def test_readings_cover_what_the_class_leaves_open():
    spells = variants({"class": normalise_class({"type": "spell"}, "card")})
    assert {v.card.property for v in spells} == {
        "Normal",
        "Quick-Play",
        "Continuous",
        "Equip",
        "Field",
        "Ritual",
    }
    counter = variants({"class": normalise_class({"type": "trap", "property": "counter"}, "card")})
    assert all(v.card.effects[0]["spell_speed"] == 3 for v in counter)
    assert {v.card.effects[0]["condition"]["events"][0]["type"] for v in counter} == {
        "activation",
        "summon",
        "attack_declared",
    }  # every Counter Trap answers something
    quick = variants(
        {
            "class": normalise_class(
                {"type": "monster", "effect": "quick", "does": ["negate_activation"]}, "card"
            )
        }
    )
    assert len(quick) == 1 and quick[0].card.effects[0]["condition"]["events"][0]["type"] == "activation"


def test_summon_methods_need_the_monster_kind():
    assert summon_method_problem("synchro", ["Effect"]) == "it is not a Synchro Monster"
    assert summon_method_problem("normal", ["Xyz"]) is not None
    assert (
        summon_method_problem("flip", ["Fusion", "Effect"]) is None
    )  # flipped face-down, then Flip Summoned
    assert summon_method_problem("flip", ["Link"]) is not None
    assert summon_method_problem("special", ["Link"]) is None


# ----------------------------------------------------------------------------------------- answers


def test_generic_answer_shape(session):
    answer = engine.ask(session, {"ask": "chain", "card": COUNTER, "to": QUICK_PLAY})
    assert answer["answer"] == "yes"
    assert answer["card"] == "a Counter Trap Card"
    assert answer["resolved"] == {"card": "a Counter Trap Card", "to": "a Quick-Play Spell Card"}
    assert "effect" not in answer["resolved"]
    assert answer["steps"][0]["check"] == "kinds considered"
    assert any("a Counter Trap Card: it responds to an activation" in text for text in answer["assumed"])
    assert answer["rulings"] == []  # a hypothetical card has no rulings
    for step in answer["steps"]:
        assert step["cites"] and len(step["cites"]) <= 3 and step["quote"]["id"] in step["cites"]


def test_generic_no_explains_with_spell_speeds(session):
    answer = engine.ask(session, {"ask": "chain", "card": QUICK_PLAY, "to": COUNTER})
    assert answer["answer"] == "no"
    assert "Spell Speed 2 cannot respond to Spell Speed 3" in answer["explanation"]


def test_generic_link_fits_a_named_card_condition(session):
    # Ash Blossom needs an activation that includes a search (or ...): some Quick-Play Spells do
    answer = engine.ask(session, {"ask": "chain", "card": "Ash Blossom & Joyous Spring", "to": QUICK_PLAY})
    assert answer["answer"] == "yes"
    assert any(
        "its effect includes" in text and "not every card of this kind does" in text
        for text in answer["assumed"]
    )
    answer = engine.ask(
        session,
        {
            "ask": "chain",
            "card": "Ash Blossom & Joyous Spring",
            "to": {"class": {"type": "spell", "property": "quick-play", "does": ["destroy"]}},
        },
    )
    assert answer["answer"] == "no"  # what it does is given: it only destroys


def test_generic_segoc_and_timing_are_unknown(session):
    answer = engine.ask(
        session,
        {
            "ask": "segoc",
            "triggers": [
                {"class": {"type": "monster", "effect": "trigger"}, "controller": "A"},
                {"card": "Sangan", "controller": "B"},
            ],
        },
    )
    assert answer["answer"] == "unknown"  # optional or mandatory: which card it is decides
    answer = engine.ask(
        session,
        {"ask": "timing", "card": {"class": {"effect": "trigger"}}, "event": "sent_to_gy", "last": False},
    )
    assert answer["answer"] == "unknown"
    assert answer["steps"][0]["cites"]


@pytest.mark.parametrize(
    "question,field",
    [
        (
            {"ask": "chain", "card": {"class": {"type": "trap"}, "card": "Raigeki"}, "to": "Raigeki"},
            "card.card",
        ),
        ({"ask": "chain", "card": {"class": {"type": "trap"}, "effect": 0}, "to": "Raigeki"}, "card.effect"),
        (
            {
                "ask": "chain",
                "card": "Magic Jammer",
                "to": [{"class": {"type": "spell", "property": "fast"}}],
            },
            "to[0].class.property",
        ),
        ({"ask": "negate", "card": "Magic Jammer"}, "to"),
        (
            {
                "ask": "negate",
                "card": "Magic Jammer",
                "to": "Raigeki",
                "summon": {"card": "Sangan", "how": "normal"},
            },
            "summon",
        ),
        (
            {"ask": "negate", "card": "Magic Jammer", "to": ["Raigeki", "Cosmic Cyclone"], "target": 2},
            "target",
        ),
        ({"ask": "negate", "card": "Magic Jammer", "to": "Raigeki", "target": True}, "target"),
        (
            {"ask": "negate", "card": "Solemn Judgment", "summon": {"card": "Sangan", "how": "teleport"}},
            "summon.how",
        ),
        (
            {
                "ask": "negate",
                "card": "Solemn Judgment",
                "summon": {"card": "Sangan", "how": "normal", "by": "magic"},
            },
            "summon.by",
        ),
        (
            {
                "ask": "negate",
                "card": "Solemn Judgment",
                "summon": {"card": "Sangan", "how": "normal", "count": 2},
            },
            "summon.count",
        ),
        ({"ask": "negate", "card": "Solemn Judgment", "summon": {"how": "normal"}}, "summon.card"),
        (
            {"ask": "negate", "card": "Solemn Judgment", "summon": {"card": "Sangan", "speed": 3}},
            "summon.speed",
        ),
        ({"ask": "negate", "card": "Solemn Judgment", "summon": "Sangan"}, "summon"),
    ],
)
def test_bad_negate_and_generic_questions(session, question, field):
    with pytest.raises(BadQuestionError) as error:
        engine.ask(session, question)
    assert error.value.field == field


def test_negate_resolved_and_steps(session):
    answer = engine.ask(
        session,
        {
            "ask": "negate",
            "card": "Ultimate Providence",
            "to": ["Cosmic Cyclone", {"card": "Spell Shattering Arrow", "controller": "A"}],
            "target": 0,
        },
    )
    assert answer["answer"] == "no"
    assert answer["resolved"]["target"] == 0
    assert answer["resolved"]["to"] == ["Cosmic Cyclone", "Spell Shattering Arrow"]
    failing = [s for s in answer["steps"] if s["result"] == "fail"]
    assert failing[-1]["check"] == "chained directly"
    assert failing[-1]["quote"]["text"].startswith(
        "Effects that negate activations must be activated in a chain directly"
    )


def test_negate_summon_assumes_the_procedure(session):
    answer = engine.ask(
        session,
        {
            "ask": "negate",
            "card": "Chaos Trap Hole",
            "summon": {"card": "Black-Winged Dragon", "how": "synchro"},
        },
    )
    assert answer["answer"] == "yes"
    assert any("by its procedure" in text for text in answer["assumed"])
    # the condition's Attribute is checked against the monster (kb/engine/summon_conditions.py)
    assert any("DARK is DARK or LIGHT" in step["detail"] for step in answer["steps"])
    assert answer["resolved"]["summon"] == {"card": "Black-Winged Dragon", "how": "synchro"}


def test_cli_accepts_both_forms(full_kb):
    runner = CliRunner()
    for question in (
        {"ask": "chain", "card": COUNTER, "to": QUICK_PLAY},
        {"ask": "negate", "card": "Pendulum Hole", "summon": {"card": "Odd-Eyes Pendulum Dragon"}},
    ):
        result = runner.invoke(cli, ["--kb", str(full_kb), "ask", json.dumps(question)])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["answer"] == "yes"
    result = runner.invoke(
        cli,
        [
            "--kb",
            str(full_kb),
            "ask",
            json.dumps({"ask": "chain", "card": {"class": {"type": "dragon"}}, "to": "Raigeki"}),
        ],
    )
    assert result.exit_code == 1
    assert "card.class.type" in result.output


def test_api_accepts_both_forms(full_kb):
    from webapp import create_app

    client = create_app({"KB_PATH": str(full_kb)}).test_client()
    response = client.post("/api/v1/ask", json={"ask": "chain", "card": COUNTER, "to": QUICK_PLAY})
    assert response.status_code == 200
    assert response.get_json()["resolved"] == {"card": "a Counter Trap Card", "to": "a Quick-Play Spell Card"}
    response = client.post("/api/v1/ask", json={"ask": "negate", "card": "Pendulum Hole",
                                                "summon": {"card": "Odd-Eyes Pendulum Dragon", "how": "pendulum"}})
    assert response.status_code == 200 and response.get_json()["answer"] == "yes"
    response = client.post("/api/v1/ask", json={"ask": "chain", "card": {"class": {"type": "potion"}}, "to": "Raigeki"})
    assert response.status_code == 400
    assert "card.class.type" in json.dumps(response.get_json())
