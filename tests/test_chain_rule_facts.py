"""Rule facts of chains and negated Summons asked about kinds (kb/understand/chain_rule_facts.py and its
word file): sentences written for these tests, paraphrases, other kinds, and near misses that stay
"unknown"."""

from __future__ import annotations

import pytest

from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain
from kb.understand.chain_rule_facts import chain_rule_fact_answer


@pytest.mark.parametrize(
    "text, answer, quote",
    [
        ("When is a Normal Spell Card sent to the Graveyard?", "at the end of the chain it was activated in",
         "cr-draft:208.2"),
        ("When does a Counter Trap go to the GY?", "at the end of the chain it was activated in", "cr-draft:212.2"),
        ("When is an Equip Spell sent to the Graveyard?",
         "it stays on the field after it is activated (it is not sent to the GY when it resolves)",
         "prb2017:equip-spells"),
        ("Is a Counter Trap sent to the Graveyard at the end of the Chain it was activated in?", "yes",
         "cr-draft:212.2"),
        ("Is a Quick-Play Spell sent to the GY after the chain resolves?", "yes", "cr-draft:209.2"),
        ("Is a Ritual Spell Card sent to the GY at the end of the chain?", "yes", "cr-draft:209-2.2"),
        ("Is a Field Spell sent to the GY at the end of the chain?", "no", "prb2017:field-spells"),
        ("Does a Summon negation window occur if the monster is Summoned while a Chain is resolving?", "no",
         "cr-draft:300.4a"),
        ("Can a Summon performed while a chain is resolving be negated?", "no", "cr-draft:300.4a"),
        ("If a Summon is negated, where does the monster go?", "the Graveyard", "cr-draft:300.4k"),
        ("Where does a monster go if its Summon is negated?", "the Graveyard", "cr-draft:300.4k"),
        ("Can a card that negates Summons be Spell Speed 1?", "no", "cr-draft:300.4h"),
        ("What Spell Speed are cards that negate Summons?", "2 or higher", "cr-draft:300.4h"),
        ("If a Pendulum Summon is negated, are all the monsters being Pendulum Summoned negated?", "yes",
         "cr-draft:306.12"),
        ("Can a monster being Summoned activate its effects during the Summon Negation Window?", "no",
         "cr-draft:300.4d"),
        ("Is a monster being Summoned on the field during the Summon Negation Window?", "no", "cr-draft:300.4c"),
    ],
)
def test_chain_rule_facts(session, text, answer, quote):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] == quote
    assert quote in got["steps"][0]["cites"]


@pytest.mark.parametrize(
    "text",
    [
        # something more is said (the activation negated): another rule (answered by the claims table, below)
        "If a Summon is negated, where does the monster go next turn?",
        # which kind of Trap is not said
        "Is a Trap Card sent to the GY at the end of the chain?",
        # whether some card that negates Summons is Spell Speed 2 is not a rule of kinds
        "Can a card that negates Summons be Spell Speed 2?",
    ],
)
def test_chain_rule_facts_not_read(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


def test_chain_rule_fact_json_errors_name_the_field():
    with pytest.raises(BadQuestionError) as err:
        chain_rule_fact_answer({"ask": "chain_rule", "rule": "kind_fact", "kind": "link spell", "asked": "stays"})
    assert err.value.field == "kind"
    with pytest.raises(BadQuestionError) as err:
        chain_rule_fact_answer({"ask": "chain_rule", "rule": "fact", "fact": "segoc"})
    assert err.value.field == "fact"


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Can a Summon be negated while a chain is resolving?", "no"),
        ("Can Solemn Judgment negate a Summon performed while a chain is resolving?", "no"),
        ("If a Special Summon is negated, where does the monster go?", "the Graveyard"),
        ("Can a Spell Speed 1 effect negate a Summon?", "no"),
    ],
)
def test_more_summon_negation_facts(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        # typed as players type: no capitals, no punctuation, "gets negated", "gy" without "the"
        ("is a counter trap sent to gy after the chain", "yes"),
        ("if a pendulum summon gets negated are all the monsters negated", "yes"),
        ("does negating an effect negate the activation", "no"),
        ("do two trigger effects that activate at the same time form a chain", "yes"),
        ("both players have mandatory triggers at the same time whose go first", "the turn player's mandatory effects"),
        ("if my spell gets negated does it still go to the gy", "yes"),
        # a Spell/Trap Card "negated" and destroyed: which card negated it decides
        ("if my trap gets negated is it destroyed", "unknown"),
    ],
)
def test_casual_phrasings(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Can cards be activated while a chain is resolving?", "no"),
        ("Can I activate a card in the middle of a chain's resolution?", "no"),
        ("During the resolution of a chain, can a Trap Card be activated?", "no"),
        ("Can a Quick Effect be activated while a chain is resolving?", "no"),
        ("Are cards like Normal Spells sent to the Graveyard before the chain finishes resolving?", "no"),
        ("Are Normal Spell and Normal Trap cards sent to the GY together after the chain resolves?", "yes"),
        ("When a chain finishes resolving, are the Normal Spells in it sent to the GY at the same time?", "yes"),
        ("Does the turn player add their optional effects before the opponent's optional effects?", "yes"),
        ("Does the turn player put their optional effects on the chain before the opponent's mandatory effects?",
         "no"),
    ],
)
def test_chain_resolution_facts(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("can a ritual spell be chained to anything", "no"),
        ("Can an Ignition Effect be chained to anything?", "no"),
        ("can i chain a normal spell to anything", "no"),
        ("Can an Equip Spell Card be activated in response to another card or effect?", "no"),
        # Spell Speed 2: what it can be chained to depends on the link
        ("Can a Quick-Play Spell be chained to anything?", "unknown"),
    ],
)
def test_spell_speed_one_kinds_chained_to_anything(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


def test_a_summon_by_an_effect_is_not_negated(session):
    got = ask_plain(session, "Can a Special Summon performed by a card effect be negated?")
    assert got["answer"] == "no"
    assert got["steps"][0]["quote"]["id"] == "prb2017:special-summoning-by-an-activated-card-effect"


@pytest.mark.parametrize(
    "text, answer",
    [
        ("if my summon gets negated where does my monster go", "the Graveyard"),
        ("do simultaneous trigger effects form a chain", "yes"),
        ("whose mandatory triggers go first", "the turn player's"),
        ("Whose optional effects go on the chain first?", "the turn player's"),
    ],
)
def test_rules_asked_with_no_story(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Several End Phase trigger effects. Do they activate at the same time?", "no"),
        ("Multiple Standby Phase trigger effects: are they treated as activating simultaneously?", "no"),
        ("When my Trigger Effect that activates during the Standby Phase is negated, can it activate again this "
         "turn?", "no"),
        ("Can a Trigger Effect that activates in the Standby Phase be activated again after its activation is "
         "negated?", "no"),
    ],
)
def test_phase_trigger_facts(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


def test_negated_trap_to_gy_is_the_negation_rule(session):
    """A Continuous Trap whose activation is negated goes to the GY after the chain: the claim citing the
    negation rule (negated_card_to_gy) answers, not the rule of spent Normal Spells/Traps."""
    got = ask_plain(session, "Is a Continuous Trap sent to the GY at the end of the chain if its activation is negated?")
    assert got["answer"] == "yes" and got["parsed"]["ask"] == "claim", got.get("understood")
    assert "md:negating-activations" in got["steps"][-1]["cites"]
