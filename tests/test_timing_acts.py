"""Timing questions whose event is told as an act (kb/understand/timing_acts.py): who did what to the card, with
what, chained to what; the engine decides (kb/engine/timing.py).  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,verdict",
    [
        # "When this card is Normal Summoned: You can": the Normal Summon was the last thing to happen
        ("does goblindbergh miss the timing if i normal summon it", "activates"),
        ("Does Goblindbergh activate if my opponent Normal Summons it?", "activates"),
        # a Special Summon is not a Normal Summon; a Set is no Summon; a Tribute is neither
        ("does goblindbergh activate if i special summon it", "no_trigger"),
        ("does goblindbergh activate if i set it", "no_trigger"),
        ("does man-eater bug activate if i set it", "no_trigger"),  # a FLIP effect: a Set flips nothing
        ("does tour guide activate if i tribute it", "no_trigger"),
        # the card that Summons: its text says whether anything happened after the Summon
        ("does stratos miss the timing if i special summon it with monster reborn", "activates"),
        ("does stratos miss the timing if i summon it with monster reborn", "activates"),  # its text: a Special Summon
        # ... and a card chained to another: the link below resolves afterwards
        ("does stratos miss the timing if i special summon it with monster reborn chained to my pot of greed",
         "misses"),
        # used to perform a Summon: the Summon is performed afterwards
        ("does gusto falco miss the timing if i use it as synchro material", "misses"),
        ("does sangan activate if i use it as link material", "activates"),  # an "If" effect never misses
        ("does cyber angel benten activate if i tribute it for a ritual summon", "activates"),
        # where the card was: "from your Deck" is not "this face-up card on the field"
        ("does gusto falco miss the timing if i send it to the gy with foolish burial", "no_trigger"),
        ("does gusto falco activate if i discard it", "no_trigger"),
        # "destroyed by your opponent's card": who destroyed whose card
        ("does ice hand activate if i destroy it with my own card", "no_trigger"),
        ("my opponent destroys my ice hand with raigeki. does ice hand activate?", "activates"),
        ("does witch of the black forest activate if my opponent destroys it with dark hole", "activates"),
        ("does mystic tomato activate if my opponent destroys it with fissure", "no_trigger"),  # by battle only
    ],
)
def test_an_act_decides_the_timing(session, question, verdict):
    got = engine.ask(session, question)
    assert got.get("timing") == verdict, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question",
    [
        "does tour guide miss the timing if i summon it",  # which Summon is not said
        "does ice hand activate if i destroy it",  # whose Ice Hand is not said
        "does goblindbergh miss the timing if i normal summon it during my opponent's turn somehow",
        "does stratos miss the timing if i summon it with pot of greed",  # Pot of Greed Summons nothing
        "my opponent destroys my ice hand with fissure while they control a monster. does ice hand activate?",
    ],
)
def test_an_act_not_wholly_read_stays_unknown(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown", (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,verdict",
    [
        # the passive, who did it said after "by"; whose card said before it
        ("does my fire hand activate if it is destroyed by my opponent's card", "activates"),
        ("does ice hand activate if it gets destroyed by my own card", "no_trigger"),
        ("does my opponent's ice hand activate if i destroy it with dark hole", "activates"),
        ("does my ice hand activate if i destroy it with dark hole", "no_trigger"),
        # a card named as what the cost paid for: "If this card is sent from the field to the GY" and a discard
        ("does sangan activate if i discard it to activate lightning vortex", "no_trigger"),
        ("does witch of the black forest miss the timing if it is tributed for a tribute summon", "activates"),
    ],
)
def test_passive_and_whose_card(session, question, verdict):
    got = engine.ask(session, question)
    assert got.get("timing") == verdict, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,verdict",
    [
        # moved as a cost, then a chained card moved it away from where it met its trigger (rule trigger_location)
        ("Sangan is sent to the GY as a cost, and my opponent chains D.D. Crow to banish it from the GY. Does "
         "Sangan's effect activate?", "misses"),
        ("I discard Dandylion to activate Raigeki Break, and my opponent chains a card that shuffles Dandylion into "
         "my Deck. Does Dandylion's effect activate?", "misses"),
        # not moved away: a mandatory "If" effect activates after the chain
        ("I discard Dandylion to activate Raigeki Break. Does Dandylion activate?", "activates"),
    ],
)
def test_moved_away_before_it_could_activate(session, question, verdict):
    got = engine.ask(session, question)
    assert got.get("timing") == verdict, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question",
    [
        # an effect Summoned it: a link chained to that effect resolves before it, the story does not hold together
        "I Special Summon Elemental HERO Stratos with Monster Reborn and my opponent chains Compulsory Evacuation "
        "Device to return it to my hand. Does Stratos activate?",
        # "does it miss the timing" of a card moved away: not the question the rule answers
        "Sangan is sent to the GY as a cost, and my opponent chains D.D. Crow to banish it from the GY. Does Sangan "
        "miss the timing?",
    ],
)
def test_moved_away_not_read(session, question):
    got = engine.ask(session, question)
    assert got["answer"] == "unknown", (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "question,verdict",
    [
        # the act told before "can X's effect be activated?": a timing question
        ("Gusto Falco is used as Synchro Material for Daigusto Falcos. Can Gusto Falco's effect be activated?",
         "misses"),
        ("I use Sangan as Link Material for Linkuriboh. Can Sangan's effect be activated?", "activates"),
        ("I Normal Summon Goblindbergh. Can Goblindbergh's effect be activated?", "activates"),
    ],
)
def test_an_act_told_before_can_it_be_activated(session, question, verdict):
    got = engine.ask(session, question)
    assert got.get("timing") == verdict, (got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize("field,value", [("caused_by", "someone"), ("moved", "yes")])
def test_bad_timing_fields_are_named(session, field, value):
    from kb.errors import BadQuestionError

    with pytest.raises(BadQuestionError) as caught:
        engine.ask(session, {"ask": "timing", "card": "Ice Hand", "event": "destroyed", field: value})
    assert field in str(caught.value)


def test_fusion_material_is_not_read_as_a_procedure(session, full_kb):
    """Fusion Materials are sent by the effect of the card that Fusion Summons, not by a Summon's procedure as
    Synchro/Link Materials are: 'use it as Fusion Material' is not read (an 'if sent by a card effect' trigger
    would be judged as if it were a cost)."""
    answer = engine.ask(session, "does sangan miss the timing if i use it as fusion material", kb_path=full_kb)
    assert answer["answer"] == "unknown"
