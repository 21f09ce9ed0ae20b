"""A named monster's Summon in words, decided by the simulator from the card's data
(kb/understand/scenario_summon_named.py) and a monster's own Special Summon procedure
(kb/engine/sim/procedures.py).  Sentences and cards written for these tests: paraphrases, other cards of the
same kinds, and near misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.engine import ask
from kb.engine.sim.cards import Catalog
from kb.engine.sim.procedures import procedure_of
from kb.understand.answer import ask_plain
from kb.understand.scenario_summon_named import read_field


@pytest.mark.parametrize(
    "words,counts",
    [
        ("my opponent has a monster and i don't", {"A": 0, "B": 1}),
        ("only my opponent controls a monster", {"A": 0, "B": 1}),
        ("we both control monsters", {"A": 1, "B": 1}),
        ("neither player controls a monster", {"A": 0, "B": 0}),
        ("i control no monsters", {"A": 0}),
        ("my field is empty", {"A": 0}),
        ("they have no monsters but i do", {"A": 1, "B": 0}),
        ("my opponent and i both control monsters", {"A": 1, "B": 1}),
        ("i control a monster and my opponent does too", {"A": 1, "B": 1}),
        ("i control a monster and i control no monsters", None),  # contradicts itself
        ("my opponent controls a spell card", None),  # not a count of monsters
    ],
)
def test_field_condition_words(words, counts):
    assert read_field(words) == counts


def test_procedure_read_from_the_card_text(session):
    catalog = Catalog(session)
    cyber = procedure_of(catalog.card("Cyber Dragon"))
    assert cyber.condition == "only your opponent controls a monster" and cyber.places == ("hand",)
    assert procedure_of(catalog.card("The Tricky")).cost == "by discarding 1 card"
    assert procedure_of(catalog.card("Dark Magician")) is None
    assert procedure_of(catalog.card("Chaos Sorcerer")) is None  # "Must first be Special Summoned ... by": its own kind


def _legal(session, players, action):
    return ask(session, {"ask": "scenario", "state": {"players": players}, "actions": [action],
                         "query": {"kind": "legal"}})


def test_procedure_condition_in_the_simulator(session):
    act = {"do": "special_summon", "card": "Kashtira Fenrir", "how": "procedure"}
    empty = _legal(session, {"A": {"hand": ["Kashtira Fenrir"]}}, act)
    assert empty["answer"] == "yes"
    assert any("sim_own_procedure" in str(s) or "special-summoning-a-monster-through" in str(s.get("cites"))
               for s in empty["steps"])
    busy = _legal(session, {"A": {"hand": ["Kashtira Fenrir"], "monsters": [{"name": "x", "level": 3}]}}, act)
    assert busy["answer"] == "no"
    # a procedure with a cost is left to the action's cost, as before
    tricky = _legal(session, {"A": {"hand": ["The Tricky", "Dark Magician"]}},
                    {"do": "special_summon", "card": "The Tricky", "how": "procedure"})
    assert tricky["answer"] == "yes"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("can i tribute summon summoned skull with one tribute", "yes"),
        ("can i normal summon blue-eyes white dragon with 1 tribute", "no"),
        ("can i summon blue-eyes white dragon by tributing two monsters", "yes"),
        ("can i set jinzo without tributing", "no"),
        ("Can I Normal Summon Jinzo with one monster as tribute?", "yes"),
        ("can you tribute summon jinzo using just one tribute", "yes"),
        ("can Jinzo be Tribute Summoned with 1 Tribute?", "yes"),
        ("can i summon tri-horned dragon with a single tribute", "no"),
        ("can i set summoned skull with 1 tribute", "yes"),
        ("can i tribute summon gemini elf with 1 tribute", "no"),  # a Level 4 monster takes no Tribute
        ("can i normal summon chaos sorcerer by tributing 1 monster", "no"),
        ("can i synchro summon stardust dragon with no tuner", "no"),
        ("can i synchro summon black rose dragon without a tuner monster", "no"),  # "1 Tuner + 1+ non-Tuners"
        ("can i xyz summon stardust dragon", "no"),
        ("can i special summon kashtira fenrir if i control no monsters", "yes"),
        ("can i special summon kashtira fenrir while i have a monster on the field", "no"),
        ("If I control a monster, can I Special Summon Kashtira Fenrir?", "no"),
        ("is it possible to special summon cyber dragon if only my opponent controls a monster", "yes"),
        ("My opponent controls a monster and I control no monsters. Can I Special Summon Cyber Dragon from my hand?",
         "yes"),
        ("can cyber dragon be special summoned if neither player controls a monster", "no"),
        ("can i special summon cyber dragon from my graveyard if only my opponent controls a monster", "no"),
        ("can i normal summon cyber dragon without tributing", "no"),
        # "Tribute Summon X" with no count: the Tributes its Level needs (a Level 4 or lower monster: none)
        ("can i tribute summon jinzo", "yes"),
        ("can i tribute summon blue-eyes white dragon", "yes"),
        ("can i tribute summon gemini elf", "no"),
        ("can i tribute summon beast king barbaros", "unknown"),  # a Tribute rule of its own
        # the Tributes told by where they are or whose they are
        ("can i tribute summon summoned skull by tributing a face-down monster", "yes"),
        ("can i tribute summon summoned skull by tributing my opponent's monster", "no"),
        ("Can I Tribute a monster in my Extra Monster Zone to Tribute Summon Summoned Skull?", "yes"),
        ("can i tribute summon dark magician by tributing a face-down monster and my monster in the extra monster "
         "zone", "yes"),
        ("can i tribute summon dark magician using a face-down monster as the tribute", "no"),
        # the turn and phase said: the simulator checks who may Summon then
        ("can i tribute summon jinzo with one tribute during my main phase 2", "yes"),
        ("can i normal summon jinzo with one tribute during my battle phase", "no"),
        ("can i xyz summon number 39 utopia during my opponent's turn", "no"),
        ("can i xyz summon number 39 utopia during my main phase", "yes"),
        ("can i special summon cyber dragon during my opponent's turn if only my opponent controls a monster", "no"),
        # after the asker's Normal Summon told this turn
        ("I already Normal Summoned this turn. Can I Normal Summon Jinzo with one tribute?", "no"),
        ("I already Normal Summoned this turn. Can I Synchro Summon Stardust Dragon?", "yes"),
        ("I Normal Summoned a monster this turn. Can I Special Summon Cyber Dragon if only my opponent controls a "
         "monster?", "unknown"),  # the story's monster is on the asker's field
        # a first word that begins several names: each is asked, all agree
        ("can i normal summon trishula with two tributes", "no"),
        # near misses: what decides it is not said, or the card's own rule is not read
        ("can i special summon cyber dragon if my opponent controls a monster", "unknown"),
        ("can i normal summon beast king barbaros without tributing", "unknown"),
        ("can i normal summon jinzo", "unknown"),
        ("can i special summon cyber dragon if my opponent controls a spell card", "unknown"),
        ("can i tribute summon jinzo with 1 tribute in defense position", "unknown"),
    ],
)
def test_named_summon_in_words(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "text,answer",
    [
        # a Summon "performed by" / "done by" a card whose activation Summons: performed while it resolves
        ("Can Solemn Warning negate a Special Summon performed by Monster Reborn?", "no"),
        ("Can Solemn Judgment negate a Ritual Summon performed by a Ritual Spell?", "no"),
        ("can solemn strike negate a fusion summon done by polymerization", "no"),
        # a Gemini monster Normal Summoned again is Normal Summoned (cr 202.8e): negatable like any Normal Summon
        ("Can Solemn Warning negate the second Normal Summon of Gemini Elf?", "yes"),
        # a procedure is no card effect: not read as one
        ("Can Solemn Warning negate a Special Summon performed by Cyber Dragon's own procedure?", "unknown"),
    ],
)
def test_summon_performed_by_a_card(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "text,answer",
    [
        # a Ritual Spell given by its kind and its total, then the Tributes (kb/understand/scenario_summon_ritual.py)
        ("My Ritual Spell requires Tributes whose total Levels equal 6 or more. Can I Tribute a Level 4 and a Level "
         "3 monster?", "yes"),
        ("My Ritual Spell requires Tributes whose total Levels equal 6 or more. Can I Tribute a Level 6 and a Level "
         "1 monster?", "no"),  # the Level 1 monster is more than necessary
        ("The Ritual Spell needs total Levels exactly 7. can i tribute monsters whose levels add up to 8", "no"),
        ("A Ritual Spell requires Tributes whose total Levels equal 8. Can I Tribute a Level 4 and a Level 4 "
         "monster?", "yes"),
        ("A Ritual Spell requires total Levels of 8 or more. Can I Tribute monsters whose Levels total 7?", "no"),
        # "or more" exceeded with only the total said: whether a monster is spare is not said
        ("A Ritual Spell requires total Levels of 8 or more. Can I Tribute monsters whose Levels total 10?",
         "unknown"),
    ],
)
def test_ritual_total_told(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
