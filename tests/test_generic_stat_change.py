"""Kinds of cards said by what they do to ATK/DEF ("a Quick Effect that increases a monster's ATK", "an effect
that lowers DEF", "an ATK-boosting Quick-Play Spell"): the [generic.stat_change] grammar of vocabulary.toml.
Sentences here are not those of the golden sets."""

from __future__ import annotations

import pytest

from kb import engine
from kb.understand.generic import read_kind
from kb.understand.tokens import tokenize


@pytest.mark.parametrize(
    "phrase,cls",
    [
        ("a quick effect that increases a monster's atk", {"effect": "quick", "does": ["atk_change"]}),
        ("a quick-play spell that lowers the attack target's def",
         {"property": "quick-play", "type": "spell", "does": ["def_change"]}),
        ("an atk-boosting quick-play spell", {"does": ["atk_change"], "property": "quick-play", "type": "spell"}),
        ("an effect that halves atk", {"does": ["atk_change"]}),
        ("a def-lowering effect", {"does": ["def_change"]}),
        ("a trap card that changes atk and def", {"type": "trap", "does": ["change_atk_def"]}),
        ("a stat-changing quick effect", {"does": ["change_atk_def"], "effect": "quick"}),
    ],
)
def test_stat_change_phrases_read_as_kinds(phrase, cls):
    tokens = tokenize(phrase)
    read = read_kind(tokens, 0)
    assert read is not None and read[0] == len(tokens), read
    assert read[1] == cls


@pytest.mark.parametrize("phrase", ["an effect that draws cards", "an effect", "the effect that destroys"])
def test_a_bare_effect_is_a_kind_only_for_stat_changes(phrase):
    read = read_kind(tokenize(phrase), 0)
    assert read is None or read[0] < len(tokenize(phrase))


@pytest.mark.parametrize(
    "question,answer",
    [
        ("Can a Quick-Play Spell that lowers an opponent's monster's ATK be activated at the start of the Damage "
         "Step?", "yes"),
        ("can a def-boosting quick-play spell be activated after damage calculation", "no"),
        ("Can a monster's Quick Effect that halves ATK be activated before damage calculation?", "yes"),
        ("Can an effect that changes ATK/DEF be activated in the Damage Step?", "yes"),
        ("Can a Normal Spell that increases ATK be activated during the Damage Step?", "no"),
        # what else the effect does is not said: no reading for it
        ("Can an effect that draws cards be activated during the Damage Step?", "unknown"),
    ],
)
def test_stat_change_kinds_in_the_damage_step(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        # "X's activation": the card's own activation
        ("Can a Counter Trap be chained to a Normal Spell's activation?", "yes"),
        ("Can I chain a Quick Effect to a Counter Trap's activation?", "no"),
    ],
)
def test_a_kind_of_cards_activation(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    assert "effect" not in got["parsed"]["to"][0]["class"]


@pytest.mark.parametrize(
    "question,answer",
    [
        # the rule on ATK/DEF changes (until before damage calculation) decides, not a trigger that might do it
        ("Can a monster's effect that increases its ATK be activated after damage calculation?", "no"),
        ("Can an effect that decreases DEF be activated during damage calculation?", "no"),
        ("Can a Trap that lowers DEF be activated during damage calculation?", "no"),
        ("Can a monster's effect that increases its ATK be activated before damage calculation?", "yes"),
        # a Counter Trap said: its own permission
        ("Can a Counter Trap that raises ATK be activated during damage calculation?", "yes"),
        # what else a card does: a Counter Trap or a mandatory trigger doing it would be allowed for what it is,
        # which the question does not say (kb/understand/kind_doubt.py)
        ("Can a card that destroys monsters be activated during the Damage Step?", "unknown"),
        ("Can a monster effect that special summons be activated during the Damage Step?", "unknown"),
        ("During the Damage Step, can I activate a Quick-Play Spell that destroys a monster?", "no"),
    ],
)
def test_what_a_kind_does_in_the_damage_step(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
