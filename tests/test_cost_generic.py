"""Cost questions told without a card or with a card named loosely (kb/understand/scenario_cost_generic.py and
the shapes of kb/understand/scenario_cost.py), answered by kb/engine/rule_facts.py / card_facts.py: sentences
written for these tests, the answer and the section cited, near-misses that stay "unknown", bad JSON input."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import rule_fact_answer
from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("A monster has 1555 ATK and its ATK is halved. What is its ATK?", "778", "prb2017:decimal-values"),
        ("My opponent's monster has 2501 DEF and its DEF gets halved by a card effect. What is its new DEF?", "1251",
         "prb2017:decimal-values"),
        ("If a monster with 1000 ATK has its ATK halved, what is its ATK?", "500", "prb2017:decimal-values"),
        ("I have 7777 LP and my LP are halved. How many LP do I have left?", "3889", "prb2017:decimal-values"),
        ("I have 4001 LP and pay half. How many LP are left?", "2001", "prb2017:decimal-values"),
        ("Can a Monster Token be sent to the GY as a cost to activate a card?", "no",
         "prb2017:costs-that-send-to-the-graveyard"),
        ("While Macro Cosmos is face-up, can I activate a card whose cost is 'discard 1 card to the GY'?", "no",
         "prb2017:costs-that-discard-from-the-hand"),
        ("Can I pay a cost that simply says 'discard 1 card' while Macro Cosmos is applying?", "yes",
         "prb2017:costs-that-discard-from-the-hand"),
        ("While Macro Cosmos is on the field, can I pay a cost that says 'send 1 monster you control to the GY'?",
         "no", "prb2017:costs-that-send-to-the-graveyard"),
        ("Can I Tribute a face-down monster as a cost for an effect that says 'Tribute 1 Dragon monster'?", "yes",
         "prb2017:tributing-costs"),
        ("Can a face-down Zombie monster be sent to the GY as the cost for an effect that says 'send 1 Zombie-Type "
         "monster to the GY'?", "no", "prb2017:costs-that-send-to-the-graveyard"),
        ("Is detaching a material considered a cost?", "yes", "md:xyz-monsters"),
        ("Can my opponent respond to me paying a cost?", "no", "community:7.8.2"),
        ("Can either player chain to a maintenance cost?", "no", "md:maintenance-costs"),
        ("Can I chain to my opponent paying a cost?", "no", "community:7.8.2"),
        ("What is 725 ATK halved?", "363", "prb2017:decimal-values"),
        ("is paying 2000 lp for the huge revolution is over a cost", "unknown", None),
        ("is tributing a dark monster for crush card virus a cost", "yes", "community:9.2.4"),
        ("is discarding a card for raigeki break a cost", "yes", "community:9.2.4"),
        ("is drawing 2 for pot of greed a cost", "no", "community:9.2.4"),
        ("is paying 800 lp for premature burial a cost", "yes", "community:9.2.4"),  # "by paying 800 LP"
        ("I have 700 LP. Can I pay 800 LP to activate Premature Burial?", "no", "prb2017:lp"),
        ("If Solemn Warning gets negated, do I get my LP back?", "no", "prb2017:costs"),
        ("Is a cost refunded if the activation is negated?", "no", "prb2017:costs"),
        ("Can I Tribute a face-down monster as a cost?", "yes", "prb2017:tributing-costs"),
        ("Can I pay a cost with my opponent's cards?", "no", "prb2017:costs"),
        ("Can I pay 2000 LP if I only have 2000 LP?", "yes", "prb2017:lp"),
        ("Can I pay 2500 LP when I have 2000 LP?", "no", "prb2017:lp"),
        ("Is discarding a card as a cost considered being sent to the Graveyard?", "yes", "prb2017:discarding"),
        ("Is Tributing a monster as a cost the same as destroying it?", "no", "prb2017:tributing-costs"),
        # does a card target: its text says "target" (PSCT), effects on all cards do not
        ("Does Dark Hole target?", "no", "community:9.2.5"),
        ("does raigeki target", "no", "community:9.2.5"),
        ("Does Book of Moon target?", "yes", "community:9.2.5"),
        ("Is Trishula, Dragon of the Ice Barrier a targeting effect?", "no", "community:9.2.5"),
        ("Does Blue-Eyes White Dragon target?", "unknown", None),  # no effect at all
    ],
)
def test_generic_costs(session, text, answer, quoted):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
    if quoted:  # a negated card's cost may be read by the negation-outcome reader too (same rule cited)
        assert got["parsed"]["ask"] in ("rule_fact", "negated")
        assert quoted in [c for step in got["steps"] for c in step["cites"]]
        assert not got.get("unused_words")


@pytest.mark.parametrize(
    "text",
    [
        "A monster has 1555 ATK and its ATK is halved. What is its DEF?",  # the DEF was not halved
        "is paying 1000 lp for solemn strike a cost",  # Solemn Strike pays 1500
        "is tributing a light monster for crush card virus a cost",  # it Tributes a DARK monster
        "While Dimensional Fissure is applying, can I pay a cost that says 'discard 1 card'?",  # monsters only
        "Can a face-down Plant monster be Tributed as a cost for an effect that says 'Tribute 1 Zombie monster'?",
        "Can a Monster Token be an Xyz Material as a cost?",  # not a cost question
    ],
)
def test_generic_cost_near_misses(session, text):
    assert ask_plain(session, text)["answer"] == "unknown", text


def test_halve_and_card_topics_bad_input(session):
    assert rule_fact_answer(session, {"ask": "rule_fact", "topic": "halve", "value": 725, "what": "atk"})["answer"] \
        == "363"
    for bad, field in (({"value": "abc", "what": "atk"}, "value"), ({"value": 10, "what": "speed"}, "what"),
                       ({"value": -1, "what": "lp"}, "value")):
        with pytest.raises(BadQuestionError) as err:
            rule_fact_answer(session, {"ask": "rule_fact", "topic": "halve", **bad})
        assert err.value.field == field
    with pytest.raises(BadQuestionError) as err:  # a topic read from a card's text, no card
        rule_fact_answer(session, {"ask": "rule_fact", "topic": "cost_part", "subject": "tribute"})
    assert err.value.field == "card"
    got = rule_fact_answer(session, {"ask": "rule_fact", "topic": "face_down_cost", "subject": "tribute+requirement",
                                     "asked": "payable"})
    assert got["answer"] == "yes"
