"""Summon rules of kinds of monsters in words (kb/understand/scenario_summon_facts.py, rows of
kb/engine/sim/summon_rules.py): Xyz and Link Monsters Pendulum Summoned, a Level equal to a Scale, Pendulum
Summons a turn, face-down Tributes, Tokens, Fusion Summons by card effects, Xyz Monsters as material.
Sentences written for these tests: paraphrases, and near misses that must not be read."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import FACTS
from kb.understand import understand
from kb.understand.answer import ask_plain


def _parsed(session, text):
    reading = understand(session, text)
    return reading.frame.question if reading.frame else None


@pytest.mark.parametrize(
    "text,fact,answer",
    [
        ("Could a Link Monster be Pendulum Summoned?", ("pendulum", "link_monster", "pendulum_summon"), "no"),
        ("can i pendulum summon an xyz monster", ("pendulum", "xyz_monster", "pendulum_summon"), "no"),
        ("Can Xyz Monsters ever be Pendulum Summoned?", ("pendulum", "xyz_monster", "pendulum_summon"), "no"),
        ("Can I Pendulum Summon a monster whose Level is the same as one of my Pendulum Scales?",
         ("pendulum", "level_equal_scale", "pendulum_summon"), "no"),
        ("Can my monster be Pendulum Summoned if its Level matches the Scale?",
         ("pendulum", "level_equal_scale", "pendulum_summon"), "no"),
        ("How many times can I Pendulum Summon per turn?", ("pendulum", "per_turn", "count"), "1"),
        ("how many pendulum summons does a player get each turn", ("pendulum", "per_turn", "count"), "1"),
        ("Can I Tribute a face-down monster for a Tribute Summon?", ("tribute", "face_down", "tribute_summon"),
         "yes"),
        ("Can I Tribute Summon by Tributing a face-down Defense Position monster?",
         ("tribute", "face_down", "tribute_summon"), "yes"),
        ("Can a face-down monster I control be Tributed for a Ritual Summon?",
         ("tribute", "face_down", "ritual_summon"), "yes"),
        ("For a Tribute Summon, can face-down monsters be Tributed?", ("tribute", "face_down", "tribute_summon"),
         "yes"),
        ("Can a Monster Token be Special Summoned by another card's effect?",
         ("token", "token", "special_summon_other_effect"), "no"),
        ("Can Tokens be Special Summoned by any effect besides the one that created them?",
         ("token", "token", "special_summon_other_effect"), "no"),
        ("Can I Fusion Summon without a card effect?", ("summon_kind", "fusion_summon", "without_effect"), "no"),
        ("Can a Fusion Monster be Fusion Summoned without using a card effect?",
         ("summon_kind", "fusion_summon", "without_effect"), "no"),
        ("Does a Normal Summon that Tributes monsters count as a Tribute Summon?",
         ("summon_kind", "normal_summon_with_tribute", "tribute_summon"), "yes"),
        ("Could I use an Xyz Monster as Link Material?", ("material", "xyz_monster", "link_material"), "yes"),
        ("Can an Xyz Monster be used as material for a Fusion Summon?",
         ("material", "xyz_monster", "fusion_material"), "yes"),
        ("Can Xyz Monsters be Xyz Material?", ("material", "xyz_monster", "xyz_material"), "no"),
    ],
)
def test_kind_facts(session, text, fact, answer):
    question = _parsed(session, text)
    assert question == {"ask": "rule_fact", "topic": fact[0], "subject": fact[1], "asked": fact[2]}, question
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    step = got["steps"][-1]
    assert step["cites"] and step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        "Can a Synchro Monster be Pendulum Summoned?",  # a Synchro Pendulum Monster can be
        "Can a Fusion Monster be Pendulum Summoned?",
        "Can a Fusion Summon be performed without Polymerization?",  # another card effect may do it
        "Can face-down monsters be Tributed for a Synchro Summon?",  # Synchro Materials are not Tributed
        "Can a Token be Special Summoned by the effect that created it?",
        "How many Pendulum Summons can I perform this turn?",  # this turn: cards may have granted more
        "Can a monster be Pendulum Summoned if its Level is between my Pendulum Scales?",
        "Is a Normal Summon that Tributed a monster also a Special Summon?",
    ],
)
def test_kind_fact_near_misses(session, text):
    question = _parsed(session, text)
    assert question is None or question.get("ask") != "rule_fact" or (
        (question["topic"], question["subject"], question["asked"]) not in FACTS
    ), question
