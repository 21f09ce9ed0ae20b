"""What happened to a named monster, told as a story and replayed by the simulator
(kb/understand/scenario_summon_history.py): whether it is still properly Summoned when a card would revive it,
and where the Tributes of a negated Tribute Summon are.  Sentences and cards written for these tests."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain
from kb.understand.scenario_summon_history import _events


def test_events_in_order():
    assert _events("was returned to my hand and then discarded") == ["to_hand", "discarded"]
    assert _events("gets bounced then banished by e2") == ["to_hand", "banished"]
    assert _events("was destroyed by battle") == ["destroyed"]
    assert _events("was returned to my hand and then eaten") is None  # a word not read


@pytest.mark.parametrize(
    "text,answer",
    [
        ("My properly Summoned Chaos Sorcerer was returned to my hand and then discarded. Can Monster Reborn "
         "Special Summon it?", "no"),
        ("My properly Summoned Chaos Sorcerer got bounced and then discarded. Can I Special Summon it with Monster "
         "Reborn?", "no"),
        ("My properly Special Summoned Chaos Sorcerer was returned to the hand, then discarded. Could Call of the "
         "Haunted Special Summon it?", "no"),
        ("Chaos Sorcerer was properly Special Summoned, returned to my hand by Compulsory Evacuation Device, then "
         "sent to the GY. Can Monster Reborn Special Summon it?", "no"),
        ("Chaos Sorcerer was properly Special Summoned, flipped face-down by Book of Moon, then destroyed. Can "
         "Monster Reborn Special Summon it?", "yes"),
        ("My properly Summoned Chaos Sorcerer was banished and then sent to the GY. Can Monster Reborn Special "
         "Summon it?", "yes"),
        ("My properly Synchro Summoned Stardust Dragon was destroyed by Mirror Force. Can Call of the Haunted "
         "Special Summon it from the GY later?", "yes"),
        ("My properly Special Summoned Chaos Emperor Dragon - Envoy of the End was destroyed. Can Monster Reborn "
         "Special Summon it?", "no"),  # Nomi: only its own way, even after a proper Summon
        ("My Tribute Summon of Dark Magician was negated by Solemn Warning. Do the tributed monsters remain on the "
         "field?", "no"),
        ("My Tribute Summon of Blue-Eyes White Dragon was negated by Solemn Judgment. Are the tributes still sent "
         "to the GY?", "yes"),
        # a Pendulum Monster of an Extra Deck frame face-up in the Extra Deck: not by its own kind of Summon
        ("Odd-Eyes Raging Dragon is face-up in my Extra Deck. Can I Xyz Summon it?", "no"),
        ("My Odd-Eyes Wing Dragon is face-up in the Extra Deck. Can I Synchro Summon it?", "no"),
        ("Odd-Eyes Vortex Dragon is face up in my extra deck. can i fusion summon it?", "unknown"),  # no Pendulum
        # an effect "ignoring its Summoning conditions": from the hand or Deck yes (not properly); from the GY only
        # a monster properly Summoned first (md Semi-Nomi)
        ("Chaos Sorcerer was Special Summoned from my hand by Monster Reborn ignoring its Summoning conditions, "
         "then destroyed. Can Call of the Haunted Special Summon it?", "no"),
        ("My Chaos Sorcerer was Special Summoned from the Deck ignoring its Summoning conditions and then destroyed. "
         "Can Monster Reborn revive it?", "no"),
        ("My Chaos Sorcerer was discarded. Can an effect that ignores Summoning conditions Special Summon it from "
         "the GY?", "no"),
        ("Black Luster Soldier - Envoy of the Beginning was sent to the GY from my hand. Can an effect that ignores "
         "Summoning conditions revive it?", "no"),
        ("My properly Summoned Chaos Sorcerer was destroyed. Can an effect that ignores its Summoning conditions "
         "Special Summon it?", "yes"),
        # a quote of the card's own text after its name is read as the card's data; other asides are not
        ("Black Luster Soldier - Envoy of the Beginning ('Must first be Special Summoned (from your hand) by "
         "banishing') was properly Special Summoned and later destroyed. Can Monster Reborn Special Summon it?", "yes"),
        ("Chaos Sorcerer ('cannot be revived ever') was properly Special Summoned and then destroyed. Can Call of "
         "the Haunted Special Summon it?", "unknown"),
        # near misses: whether it was properly Summoned is not told; a card that does not negate Summons
        ("My Chaos Sorcerer was destroyed. Can Monster Reborn Special Summon it?", "unknown"),
        ("My properly Summoned Chaos Sorcerer was returned to my hand. Can Monster Reborn Special Summon it?",
         "unknown"),  # it is not in the GY
    ],
)
def test_history_in_words(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))


def _legal(session, players, action):
    from kb.engine import ask

    return ask(session, {"ask": "scenario", "state": {"players": players}, "actions": [action],
                         "query": {"kind": "legal"}})


def test_ignoring_conditions_in_the_simulator(session):
    act = {"do": "special_summon", "card": "Chaos Sorcerer", "how": "effect", "ignoring_conditions": True}
    assert _legal(session, {"A": {"hand": ["Chaos Sorcerer"]}}, act)["answer"] == "yes"
    assert _legal(session, {"A": {"hand": ["Chaos Sorcerer"]}}, {**act, "ignoring_conditions": False})["answer"] == "no"
    gy = {**act, "from": "gy"}
    assert _legal(session, {"A": {"gy": ["Chaos Sorcerer"]}}, gy)["answer"] == "no"
    assert _legal(session, {"A": {"gy": [{"card": "Chaos Sorcerer", "properly": True, "summoned": "special"}]}},
                  gy)["answer"] == "yes"
    nomi = {**act, "card": "Chaos Emperor Dragon - Envoy of the End"}
    assert _legal(session, {"A": {"hand": ["Chaos Emperor Dragon - Envoy of the End"]}}, nomi)["answer"] == "unknown"


def test_ignoring_conditions_needs_an_effect(session):
    from kb.errors import BadQuestionError

    with pytest.raises(BadQuestionError) as err:
        _legal(session, {"A": {"hand": ["Chaos Sorcerer"]}},
               {"do": "special_summon", "card": "Chaos Sorcerer", "how": "procedure", "ignoring_conditions": True})
    assert err.value.field == "actions[0].ignoring_conditions"


@pytest.mark.parametrize(
    "text,answer",
    [
        # lasting prohibitions with the players they bind (kb/engine/sim/restrictions.py)
        ("While my opponent's Dark Simorgh is face-up on the field, can I normal set a monster?", "no"),
        ("While my opponent's Dark Simorgh is face-up on the field, can I normal summon a monster?", "yes"),
        # it binds only its controller's opponent, and whose it is is not said: mine (yes) or theirs (no)
        ("While Dark Simorgh is face-up on the field, can I normal set a monster?", "unknown"),
        ("with my opponent's vanity's fiend on the field can i special summon a monster", "no"),
        ("while my opponent's dark simorgh is face-up can i set a monster", "no"),
    ],
)
def test_lasting_prohibitions_in_words(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))


def test_set_prohibition_binds_the_opponent_only(session):
    act = {"do": "set_monster", "card": "m"}
    mine = _legal(session, {"A": {"hand": [{"name": "m", "level": 4}]}, "B": {"monsters": [{"card": "Dark Simorgh"}]}},
                  act)
    assert mine["answer"] == "no"
    theirs = _legal(session, {"A": {"hand": [{"name": "m", "level": 4}], "monsters": [{"card": "Dark Simorgh"}]}},
                    act)
    assert theirs["answer"] == "yes"


def test_normal_summon_counts(session):
    """cr 301.8: a card setting the number of Normal Summons cannot be activated twice for the same number; the
    number it sets is the turn's total (kb/engine/sim/summon_counts.py)."""
    from kb.engine import ask
    from kb.engine.sim.summon_counts import grant_of

    def run(hand, actions, query):
        return ask(session, {"ask": "scenario", "state": {"players": {"A": {"hand": hand}}}, "actions": actions,
                             "query": query})

    twice = run(["Double Summon", "Double Summon"], [{"do": "activate", "card": "Double Summon"}, {"do": "resolve"},
                                                      {"do": "activate", "card": "Double Summon"}], {"kind": "legal"})
    assert twice["answer"] == "no"
    left = run(["Double Summon"], [{"do": "activate", "card": "Double Summon"}, {"do": "resolve"}],
               {"kind": "outcome", "normal_summons": "A"})
    assert left["answer"] == "2"
    assert grant_of("You can conduct 2 Normal Summons/Sets this turn, not just 1.") == {"limit": 2}
    assert grant_of("During your Main Phase, you can Normal Summon 1 monster in addition to your Normal "
                    "Summon/Set.")["additional"] is True
    assert grant_of("Draw 1 card.") is None


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I already activated Double Summon this turn. Can I activate a second Double Summon in the same turn?", "no"),
        ("I activated Double Summon. Can I activate another Double Summon this turn?", "no"),
        ("I already activated Pot of Greed this turn. Can I activate another Pot of Greed?", "yes"),
        ("I activated Pot of Greed. Can I activate another Pot of Greed this turn?", "yes"),
    ],
)
def test_second_copy_activated(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
