"""Word lists read from parts instead of whole phrases (a Token's material and "send to the GY" cost words in
scenario_cost_words.toml, a Flip monster gone before its effect and an effect known by "end of the Damage Step"
in damage_step_words.toml, "the same turn (that/when) I set it" in scenario.py, a Trap Monster turned
face-down in duel_facts.py, an effect told by how long it lasts in turn_facts_words.toml, "it was sent from the
field" in negation_words.toml): sentences written for these tests, with combinations of the parts that no whole
phrase of the old lists held, each read as the shape it belongs to."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


def _cites(got) -> set[str]:
    return {c for step in got["steps"] for c in step.get("cites") or []}


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can a Token be used as materials for a Fusion Summon?", "yes"),
        ("Can my token be material for a Synchro Summon?", "yes"),
        ("Can a Monster Token be used for an Xyz Summon?", "no"),
        ("Can a Monster Token be sent to the GY for a sending cost?", "no"),
        ("Can I send a token to the graveyard to pay the sending cost?", "no"),
    ],
)
def test_token_questions_read_from_parts(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"] and got["parsed"].get("subject") == "token", (text, got.get("understood"))
    assert got["answer"] == answer, (text, got.get("explanation"))


@pytest.mark.parametrize(
    "text",
    [
        "A face-down Flip monster is attacked. Does its Flip effect activate after damage calculation even if the "
        "flipped monster is destroyed before then?",
        "My face-down Flip monster is attacked and flipped face-up. Does its Flip effect still activate after damage "
        "calculation if that monster has left the field?",
    ],
)
def test_a_flip_monster_gone_before_its_effect_is_the_disputed_case(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown"
    assert {"md:before-damage-calculation", "community:8.5.3.1"} <= _cites(got), got.get("explanation")


def test_an_effect_known_by_end_of_the_damage_step_words(session):
    got = ask_plain(session, "My Amazoness Sage attacks my opponent's monster, which is destroyed by a card effect at "
                             "the start of the Damage Step, so no damage calculation happens. Can I still activate "
                             "its end of the damage step trigger?")
    assert got["answer"] == "yes", (got.get("understood"), got.get("explanation"))
    assert got["steps"][-1]["cites"][0] in ("community:8.5.3.3", "prb2017:damage-step")


@pytest.mark.parametrize("text", ["Can I Flip Summon a monster the same turn when I set it?",
                                  "Can I Flip Summon a monster the same turn that I set it?"])
def test_the_same_turn_i_set_it(session, text):
    assert ask_plain(session, text)["answer"] == "no"


@pytest.mark.parametrize(
    "text",
    ["When my Trap Monster which is still treated as a Trap is flipped face-down, is it set in the Spell & Trap Zone?",
     "If the Trap Monster that is still treated as a Trap is turned face-down by an effect, is it Set in my Spell & "
     "Trap Zone again?"],
)
def test_a_trap_monster_turned_face_down(session, text):
    assert ask_plain(session, text)["answer"] == "yes"


@pytest.mark.parametrize(
    "text,answer",
    [
        # turn_facts_words.toml: "{lasting_effect} until the end of the turn / the end phase"
        ("Does an effect applied until the End Phase still apply during the End Phase?", "yes"),
        ("Does a card effect that lasts until the End Phase stop when the End Phase starts?", "no"),
        ("Do effects lasting until the end of the turn still apply during the End Phase?", "yes"),
    ],
)
def test_an_effect_told_by_how_long_it_lasts(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"] and got["parsed"].get("topic") == "until", (text, got.get("understood"))
    assert got["answer"] == answer, (text, got.get("explanation"))


def test_an_effect_that_needs_it_sent_from_the_field_said_in_the_past(session):
    """negation_words.toml from_field_trigger: "(when|if) it was sent from the field to the GY" beside "it is"."""
    got = ask_plain(session, "The activation of my Trap Card is negated. Does its effect that triggers if it was sent "
                             "from the field to the GY activate?")
    assert got["parsed"] and got["parsed"].get("outcome") == "from_field_trigger", got.get("understood")
    assert got["answer"] == "unknown"  # no such effect is known for a kind of card
