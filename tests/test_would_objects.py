"""What an activation would act on (kb/engine/profiles/objects.py): a condition's "that would destroy a
Spell/Trap(s) on the field" matched against the objects of the chain link's effect; sentences and cards
written for these tests, with near misses that flip or stay unknown."""

from __future__ import annotations

import pytest

from kb.engine.profiles.conditions import parse_condition
from kb.engine.profiles.objects import effect_objects, object_match, would_object
from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "body, act, kinds, side, at_least",
    [
        ("destroy a Spell/Trap(s) on the field", "destroy", ["Spell", "Trap"], "both", None),
        ("destroy a monster(s) on the field", "destroy", ["Monster"], "both", None),
        ("destroy 2 or more cards you control", "destroy", ["Monster", "Spell", "Trap"], "own", 2),
        ("inflict effect damage to you", "damage", None, "own", None),
    ],
)
def test_condition_objects(body, act, kinds, side, at_least):
    obj = would_object(body)
    assert (obj["act"], obj["kinds"], obj["side"], obj["at_least"]) == (act, kinds, side, at_least)


@pytest.mark.parametrize("body", ['destroy a face-up "Morphtronic" monster you control',  # narrowed by a name
                                  "destroy a card(s)",  # no place
                                  "destroy a monster and a Spell on the field"])  # two noun phrases
def test_condition_objects_not_read(body):
    assert would_object(body) is None


def test_unread_object_stays_unparsed():
    cond = parse_condition('When your opponent activates a Spell Card that would destroy a face-up "Morphtronic" '
                           "monster you control")
    assert cond["unparsed"]


def _objects(text, target_text=None, target_kinds=()):
    return effect_objects({"text": text, "target_text": target_text, "target_kinds": list(target_kinds)})


def test_effect_objects():
    (obj,) = _objects("Destroy all Spells and Traps your opponent controls.")
    assert (obj["kinds"], obj["side"], obj["count"], obj["sure"]) == (["Spell", "Trap"], "opponent", "all", True)
    (obj,) = _objects("Target 1 Spell/Trap on the field; destroy that target.", "Target 1 Spell/Trap on the field",
                      ["spell_trap"])
    assert (obj["kinds"], obj["where"], obj["count"]) == (["Spell", "Trap"], "field", 1)
    first, second = _objects("Destroy all monsters your opponent controls, then you can destroy 1 Spell your "
                             "opponent controls.")
    assert first["sure"] and not second["sure"]  # an optional follow-up is not sure to happen


def test_object_match_outcomes():
    spell_trap = would_object("destroy a Spell/Trap(s) on the field")
    two_of_mine = would_object("destroy 2 or more cards you control")
    notes: list[str] = []
    storm = _objects("Destroy all Spells and Traps on the field.")
    hole = _objects("Destroy all monsters on the field.")
    any_card = _objects("Target 1 card on the field; destroy it.", "Target 1 card on the field", ["card"])
    assert object_match(spell_trap, storm, "A", "B", notes) == "pass"
    assert object_match(spell_trap, hole, "A", "B", notes) == "fail"
    assert object_match(spell_trap, any_card, "A", "B", notes) == "unknown"  # it may pick a monster
    assert object_match(two_of_mine, storm, "A", "B", notes) == "pass"
    assert any("2 or more" in note for note in notes)  # "all" meets "2 or more" only by assumption
    one = _objects("Target 1 Spell/Trap on the field; destroy that target.", "Target 1 Spell/Trap on the field",
                   ["spell_trap"])
    assert object_match(two_of_mine, one, "A", "B", notes) == "fail"  # one card is never 2 or more
    burn = _objects("Inflict 800 damage to your opponent.")
    to_me = would_object("inflict effect damage to you")
    assert object_match(to_me, burn, "A", "B", notes) == "pass"  # the opponent's burn hits me
    assert object_match(to_me, burn, "A", "A", notes) == "fail"  # my own burn hits my opponent


@pytest.mark.parametrize(
    "text, answer",
    [
        ("can judgment of anubis negate heavy storm", "yes"),
        ("Can Judgment of Anubis negate the activation of Twin Twisters?", "yes"),
        ("can judgment of anubis negate raigeki", "no"),  # it destroys monsters, not Spells/Traps
        ("can judgment of anubis negate pot of greed", "no"),  # it destroys nothing
        ("can my body as a shield negate dark hole", "yes"),
        ("is my body as a shield able to negate heavy storm", "no"),
        ("can prime material dragon negate raigeki", "yes"),
        ("can destruction jammer negate dark hole", "yes"),  # its condition is in the older wording's effect
        ("can destruction jammer negate harpie's feather duster", "no"),
        ("can starlight road negate mystical space typhoon", "no"),  # 1 card is not 2 or more
        ("my opponent activates ookazi can i chain spell of pain", "yes"),
        ("can i chain spell of pain to my own ookazi", "no"),
    ],
)
def test_would_conditions_in_questions(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    step = next(s for s in got["steps"] if s["check"] == "activation condition")
    assert step["result"] == ("pass" if answer == "yes" else "fail")
    assert "community:10.32" in step["cites"]  # the rule row of "a card or effect that would do [A]"


def test_older_wording_summon_negation_with_a_qualifier_is_unknown(session):
    # "Negate the Summon of a monster that has the same Type as a monster on the field": not read, never a no
    got = ask_plain(session, "can the selection negate the summon of cyber dragon")
    assert got["answer"] == "unknown", got["explanation"]
