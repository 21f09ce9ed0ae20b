"""Negations told without naming the negating card: the rule's default ("unless stated otherwise, cards
that have the activation of their effects negated are not moved"), the negating effect said in words
("an effect like 'negate the activation, and if you do, destroy it'"), an effect that only negates effects
chained to an activation, a kind said again with its owner ("my Normal Spell" ... "my Normal Spell").
Sentences and cards written for these tests (kb/understand/negation_outcome.py, kb/engine/negated.py)."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


def _ask(session, text):
    got = ask_plain(session, text)
    return got


@pytest.mark.parametrize(
    "text, answer, rule",
    [
        # no negating card said: not moved
        ("My monster's effect on the field has its activation negated. Does my monster stay on the field?", "yes",
         "prb2017:negating"),
        ("The activation of my opponent's monster's effect on the field is negated. Is their monster destroyed?",
         "no", "prb2017:negating"),
        ("The activation of my face-up Continuous Trap's effect is negated. Does it stay on the field?", "yes",
         "prb2017:negating"),
        ("The activation of Dark Magician of Chaos's effect is negated. Does Dark Magician of Chaos stay where it "
         "is?", "yes", "prb2017:negating"),
        # the negating effect's words
        ("If a monster's effect is negated with an effect like 'negate the activation', is the monster moved "
         "from its location?", "no", "prb2017:negating"),
        ('If the activation of a monster\'s effect is negated by an effect that says "negate the activation, and '
         'if you do, destroy it", is the monster destroyed?', "yes", "prb2017:negating"),
        ("My opponent negates the activation of my monster's effect with an effect that says 'negate the "
         "activation, and if you do, destroy it'. Is my monster destroyed?", "yes", "prb2017:negating"),
        ("My opponent negates the activation of my monster's effect with an effect like 'negate the activation'. "
         "Is my monster destroyed?", "no", "prb2017:negating"),
        # an effect that only negates effects: the activation stands, the resolution counts as performed
        ("An effect that simply negates effects is chained to the activation of a Trap Card. Is the activation of "
         "that Trap Card negated?", "no", "prb2017:negating-effects"),
        ("An effect that only negates effects is activated in response to my Quick-Play Spell. Is the activation of "
         "my Quick-Play Spell negated?", "no", "prb2017:negating-effects"),
        ("If the effect of an activated card is negated, is its resolution still treated as being performed?",
         "yes", "prb2017:negating-effects"),
        ("If the activation of a card is negated, does its effect resolve?", "no",
         "prb2017:negating-the-activation-of-cards"),
        ("If the activation of a Spell Card is negated, is its resolution treated as performed?", "no",
         "prb2017:negating-the-activation-of-cards"),
        # a kind said again with its owner is the card negated
        ("My opponent negates the activation of my Normal Spell with Magic Jammer. Is my Normal Spell sent to the "
         "Graveyard?", "yes", None),
        ("My opponent negates the activation of my Quick-Play Spell with Solemn Judgment. Does my Quick-Play Spell "
         "stay on the field?", "no", None),
    ],
)
def test_negations_told_without_the_negating_card(session, text, answer, rule):
    got = _ask(session, text)
    assert got["parsed"] and got["parsed"]["ask"] == "negated", got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    step = got["steps"][0]
    if rule:
        assert step["quote"]["id"] == rule
    assert step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        # a kind of negating card: it may destroy (Solemn Strike) or not
        "My opponent negates the activation of my monster's effect with a Counter Trap. Does my monster stay on "
        "the field?",
        # a named monster whose cost moves it (Tributes itself): where it is decides
        "The activation of my Stardust Dragon's effect is negated. Does Stardust Dragon stay on the field?",
        # the negating effect moves it elsewhere: not destroyed, not in the GY
        "If the activation of a monster's effect is negated by an effect that says 'negate the activation, and if "
        "you do, banish it', is the monster destroyed?",
    ],
)
def test_negations_that_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text",
    [
        # words of the negating effect that are not read (not "negate the activation / the effect")
        "My opponent negates the activation of my monster's effect with an effect like 'destroy all monsters'. Is my "
        "monster destroyed?",
        # the words contradict what the story says was negated
        "My opponent negates the effect of my Normal Trap with an effect like 'negate the activation'. Is it sent to "
        "the GY?",
        # another kind of card than the one negated, with the same owner
        "My opponent negates the activation of my Normal Spell with Magic Jammer. Is my Trap Card sent to the "
        "Graveyard?",
    ],
)
def test_near_misses_are_not_read(session, text):
    got = _ask(session, text)
    assert got["answer"] == "unknown"
    assert not got["parsed"] or got["parsed"].get("ask") != "negated"


@pytest.mark.parametrize(
    "text",
    [
        "My Synchro Summon of Stardust Dragon is negated. Is it sent to the Graveyard?",
        "My Link Summon of Decode Talker is negated. Does it go to the GY?",
    ],
)
def test_a_negated_summon_sends_the_monster_to_the_gy(session, text):
    got = _ask(session, text)
    assert got["answer"] == "yes", got["explanation"]
    assert got["steps"][0]["quote"]["id"] == "cr-draft:300.4k"


@pytest.mark.parametrize(
    "text, answer",
    [
        # a named card chained to it: what its text negates (the activation or only the effect)
        ("My opponent chains Effect Veiler to my monster's effect. Is the activation of my monster's effect "
         "negated?", "no"),
        ("My opponent chains Ash Blossom & Joyous Spring to my Pot of Greed. Is Pot of Greed treated as "
         "activated?", "yes"),
        ("My opponent chains Magic Jammer to my Dark Hole. Does Dark Hole's effect resolve?", "no"),
        ("My opponent chains Solemn Strike to my Trap Card. Is my Trap Card sent to the GY?", "yes"),
        # an effect negator may not apply (Skill Drain and a monster effect activated from the GY): not read
        ("My opponent chains Skill Drain to my Ash Blossom & Joyous Spring's effect. Does its effect resolve?",
         "unknown"),
        # a card that negates nothing chained to it: no negation told
        ("My opponent chains Mystical Space Typhoon to my Dark Hole. Does Dark Hole resolve?", "unknown"),
    ],
)
def test_a_named_negating_card_chained(session, text, answer):
    assert _ask(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("If the activation of a Continuous Spell is negated, when is it sent to the Graveyard?",
         "at the end of the chain it was activated in"),
        ("My opponent negates the activation of my Normal Trap with Solemn Judgment. When is it sent to the GY?",
         "when the negating effect resolves (it destroys it)"),
        ("The activation of my monster's effect is negated. When is it sent to the GY?", "unknown"),
    ],
)
def test_when_a_negated_card_goes_to_the_gy(session, text, answer):
    assert _ask(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("My opponent activates Magic Jammer to negate the activation of my Pot of Greed. Is Pot of Greed sent to "
         "the GY?", "yes"),
        ("If the activation of a Field Spell is negated, does it stay in the Field Zone?", "no"),
        ("If the activation of a Spell Card is negated, can its effect still apply?", "no"),
        # Stardust Dragon Tributes itself to activate: whether Solemn Strike can destroy it is not decided
        ("My opponent activates Solemn Strike to negate the activation of my Stardust Dragon's effect. Is Stardust "
         "Dragon destroyed?", "unknown"),
    ],
)
def test_negations_in_more_words(session, text, answer):
    assert _ask(session, text)["answer"] == answer


def test_my_monster_is_the_monster_whose_summon_was_negated(session):
    got = _ask(session, "My opponent negates my Normal Summon with Solemn Warning. Is my monster sent to the GY?")
    assert got["answer"] == "yes", got["explanation"]


@pytest.mark.parametrize(
    "text, answer",
    [
        ("If a card's activation is negated, is its effect applied?", "no"),
        ("If a card's activation is negated, does its effect resolve?", "no"),
        # a card of any kind: whether it is destroyed depends on what it is and what negated it
        ("If a card's activation is negated, is it destroyed?", "unknown"),
    ],
)
def test_a_card_of_any_kind(session, text, answer):
    assert _ask(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("The activation of my Pendulum Monster's Pendulum Effect on the field is negated. Does the Pendulum Monster "
         "stay in the Pendulum Zone?", "yes"),
        ("The activation of my Pendulum Monster's Pendulum Effect is negated. Is the Pendulum Monster destroyed?",
         "no"),
        # the Pendulum Zone asked of a monster whose Pendulum Effect was not said
        ("The activation of my monster's effect is negated. Does it stay in the Pendulum Zone?", "unknown"),
    ],
)
def test_a_pendulum_effect_negated(session, text, answer):
    assert _ask(session, text)["answer"] == answer


def test_a_continuous_card_with_no_effect_activated_on_the_field(session):
    # Royal Decree has no effect activated besides its own activation: "its effect" may mean that activation
    got = _ask(session, "The activation of my Royal Decree's effect is negated. Does Royal Decree stay on the field?")
    assert got["answer"] == "unknown"


def test_an_effect_phrase_that_absorbs_no_word_is_passed(session):
    # "my monster's effect's activation": the effect phrase matched without a word to absorb (this looped forever)
    got = _ask(session, "Effect Veiler is chained to my monster's effect. Is my monster's effect's activation negated?")
    assert got["answer"] in ("unknown", "no")
