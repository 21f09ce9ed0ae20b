"""Missing the timing when a named card caused the event: the cause's text says what else it did ("then":
in sequence, not last; "and if you do" / "also": at once; before ";": a cost).  Cards and sentences here are
not those of tests/golden/ask_casual2.jsonl."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.engine_card import EngineCard
from kb.engine.timing_cause import cause_readings
from kb.errors import BadQuestionError


def _effect(text: str, cost: str | None = None, kind: str = "activation") -> dict:
    return {"index": 0, "kind": kind, "text": text, "cost": cost, "categories": []}


def _card(text: str, card_type: str = "Spell", cost: str | None = None, kind: str = "activation") -> EngineCard:
    return EngineCard(id=1, name="X", card_type=card_type, property=None, effects=[_effect(text, cost, kind)])


@pytest.mark.parametrize(
    "text,cost,event,expected",
    [
        ("Both players discard 1 card, then draw 1 card.", None, "discarded", [("effect", False)]),
        ("Draw 2 cards, then discard 1 card.", None, "discarded", [("effect", True)]),
        ("Destroy 1 monster, and if you do, draw 1 card.", None, "destroyed", [("effect", True)]),
        ("Destroy all monsters on the field, also you take no damage this turn.", None, "destroyed",
         [("effect", True)]),
        ("Destroy all Spells and Traps on the field. You can only activate 1 \"X\" per turn.", None, "destroyed",
         [("effect", True)]),
        ("Discard 1 card; destroy 1 monster.", "Discard 1 card", "discarded", [("cost", False)]),
        ("Banish 1 card, also, after that, draw 1 card.", None, "banished", [("effect", False)]),
    ],
)
def test_what_the_cause_did_after_the_event(text, cost, event, expected):
    readings, problem = cause_readings(_card(text, cost=cost), event)
    assert problem == ""
    assert [(r.by, r.last) for r in readings] == expected


def test_a_monster_that_destroys_may_do_it_by_battle():
    readings, _ = cause_readings(_card("FLIP: Destroy 1 monster, then draw 1 card.", "Monster", kind="flip"),
                                 "destroyed")
    assert {(r.by, r.last) for r in readings} == {("effect", False), ("battle", None)}


def test_a_cause_whose_text_does_not_do_it_is_not_read():
    readings, problem = cause_readings(_card("Draw 2 cards."), "discarded")
    assert readings == [] and "no text" in problem
    readings, problem = cause_readings(_card("Destroy 1 monster. Then your opponent draws 1 card."), "destroyed")
    assert [(r.by, r.last) for r in readings] == [("effect", False)]


@pytest.mark.parametrize(
    "question,answer",
    [
        # "Each player draws 1 card, then each player discards 1 card": the discard is last
        ("does archfiend of gilfer miss the timing if dark world dealings makes me discard it", "activates"),
        # "... sends 2 cards from their hand to the GY, then draws 2 cards": not last
        ("does archfiend of gilfer miss the timing if hand destruction sends it to the gy", "misses"),
        ("Does Archfiend of Gilfer's effect activate if it is discarded for the cost of Raigeki Break?", "misses"),
        ("does archfiend of gilfer activate if it is destroyed by dark hole", "activates"),
        # a mandatory "If" effect never misses, whatever came after
        ("does broww activate if card destruction discards it", "activates"),
        # a monster without a destroying effect destroys by battle
        ("does archfiend of gilfer activate if blue-eyes white dragon destroys it", "activates"),
        # Cyber Jar's FLIP destroys then does more (misses), a battle with it does not: the readings differ
        ("does archfiend of gilfer activate if its destroyed by cyber jar", "unknown"),
        # Hand Destruction sends, it does not discard: not read as the discard
        ("does archfiend of gilfer miss the timing if hand destruction makes me discard it", "unknown"),
    ],
)
def test_plain_questions_with_a_cause(session, question, answer):
    got = engine.ask(session, question)
    assert got.get("timing", got["answer"]) == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert got["parsed"].get("cause"), got["parsed"]
        assert all(step.get("cites") for step in got["steps"])


@pytest.mark.parametrize("question, verdict, timing", [
    ("does archfiend of gilfer miss the timing if hand destruction sends it to the gy", "yes", "misses"),
    ("does archfiend of gilfer activate if hand destruction sends it to the gy", "no", "misses"),
    ("does archfiend of gilfer activate if it is destroyed by dark hole", "yes", "activates"),
    ("does archfiend of gilfer miss the timing if it is destroyed by dark hole", "no", "activates"),
])
def test_a_question_in_words_is_answered_yes_or_no(session, question, verdict, timing):
    got = engine.ask(session, question)
    assert (got["answer"], got["timing"]) == (verdict, timing), got.get("explanation")


def test_cause_in_the_json_question(session):
    got = engine.ask(session, {"ask": "timing", "card": {"card": "Archfiend of Gilfer"}, "event": "discarded",
                               "cause": {"card": "Card Destruction"}})
    assert got["answer"] == "misses"  # a JSON timing question keeps the SCENARIOS.md verdicts
    assert got["resolved"]["cause"] == "Card Destruction"
    cited = {c for step in got["steps"] for c in step["cites"]}
    assert "md:then" in cited
    with pytest.raises(BadQuestionError):
        engine.ask(session, {"ask": "timing", "card": {"card": "Archfiend of Gilfer"}, "event": "discarded",
                             "cause": {"class": {"type": "spell"}}})


@pytest.mark.parametrize(
    "question,answer",
    [
        # "Destroy that monster(s) ..., and if you do, banish it": not sent to the GY
        ("does elemental hero shadow mist activate if it is destroyed by bottomless trap hole", "no_trigger"),
        # Tributed for a Tribute Summon: the Summon is performed afterwards (community 7.9.5)
        ("does archfiend of gilfer miss the timing if it is tributed for a tribute summon", "misses"),
        ("does dandylion activate if it is tributed for a tribute summon", "activates"),
    ],
)
def test_banished_instead_and_summon_procedures(session, question, answer):
    got = engine.ask(session, question)
    assert got.get("timing", got["answer"]) == answer, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        # words the event clause says beyond what is read leave the reading out: unknown, not a silent yes
        ("does dandylion activate if it is destroyed in my hand", "unknown"),
        ("does goblin zombie activate if it is sent from my deck to the gy", "unknown"),
        ("does archfiend of gilfer activate if it is destroyed by battle and banished", "unknown"),
        # "from the field": what the card's own trigger asks for
        ("does goblin zombie activate if it is sent from the field to the gy", "activates"),
        ("does dandylion activate if it is destroyed", "activates"),
    ],
)
def test_the_event_clause_is_read_whole(session, question, answer):
    got = engine.ask(session, question)
    assert got.get("timing", got["answer"]) == answer, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,answer",
    [
        # "If this card is Special Summoned from the GY": Monster Reborn's text Summons from a GY
        ("does arkbrave dragon activate if it is special summoned by monster reborn", "activates"),
        # "... from the hand": not what Monster Reborn does
        ("does lyrilusc - turquoise warbler activate if it is special summoned by monster reborn", "unknown"),
    ],
)
def test_where_a_caused_summon_comes_from(session, question, answer):
    got = engine.ask(session, question)
    assert got.get("timing", got["answer"]) == answer, (got.get("understood"), got.get("explanation"))


def test_a_summon_qualifier_not_told_is_assumed(session):
    got = engine.ask(session, "does lyrilusc - turquoise warbler activate if it is special summoned")
    assert any("from the hand" in a for a in got["assumed"]), got["assumed"]


@pytest.mark.parametrize("question", [
    {"ask": "timing", "card": "Madolche Baaple", "event": "destroyed", "by": "effect"},
    "does madolche baaple activate if i destroy it",  # whose Baaple is not said
])
def test_a_condition_on_whose_card_caused_the_event_is_not_guessed(session, question):
    """'destroyed by your opponent's card': who caused the event is not said, so no verdict."""
    got = engine.ask(session, question)
    assert got["answer"] == "unknown", got.get("explanation")


@pytest.mark.parametrize("question,answer", [
    # "caused_by": who made the event happen, relative to the card's controller (kb/engine/timing.py)
    ({"ask": "timing", "card": "Madolche Baaple", "event": "destroyed", "by": "effect", "caused_by": "controller"},
     "no_trigger"),
    ({"ask": "timing", "card": "Madolche Baaple", "event": "destroyed", "by": "effect", "caused_by": "opponent"},
     "activates"),
    ("does madolche baaple activate if i destroy it with my own card", "no_trigger"),
    ("my opponent destroys my madolche baaple with dark hole. does madolche baaple activate?", "activates"),
])
def test_a_condition_on_whose_card_caused_the_event(session, question, answer):
    """'destroyed by your opponent's card': decided when the question says who destroyed whose card."""
    got = engine.ask(session, question)
    assert got.get("timing", got["answer"]) == answer, (got.get("understood"), got.get("explanation"))
