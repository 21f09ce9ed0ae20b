"""Summon rules of kinds of monsters in words (kb/understand/scenario_summon_facts.py, rows of
kb/engine/sim/summon_rules.py): Xyz and Link Monsters Pendulum Summoned, a Level equal to a Scale, Pendulum
Summons a turn, face-down Tributes, Tokens, Fusion Summons by card effects, Xyz Monsters as material.
Sentences written for these tests: paraphrases, and near misses that must not be read."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import FACTS
from kb.understand import understand
from kb.understand.answer import ask_plain


def _parsed(session, text):
    reading = understand(session, text)
    return reading.frame.question if reading.frame else None


@pytest.mark.parametrize(
    "text,fact,answer",
    [
        ("Could a Link Monster be Pendulum Summoned?", ("pendulum", "link_monster", "pendulum_summon"), "no"),
        ("can i pendulum summon an xyz monster", ("pendulum", "xyz_monster", "pendulum_summon"), "no"),
        ("Can Xyz Monsters ever be Pendulum Summoned?", ("pendulum", "xyz_monster", "pendulum_summon"), "no"),
        ("Can I Pendulum Summon a monster whose Level is the same as one of my Pendulum Scales?",
         ("pendulum", "level_equal_scale", "pendulum_summon"), "no"),
        ("Can my monster be Pendulum Summoned if its Level matches the Scale?",
         ("pendulum", "level_equal_scale", "pendulum_summon"), "no"),
        ("How many times can I Pendulum Summon per turn?", ("pendulum", "per_turn", "count"), "1"),
        ("how many pendulum summons does a player get each turn", ("pendulum", "per_turn", "count"), "1"),
        ("Can I Tribute a face-down monster for a Tribute Summon?", ("tribute", "face_down", "tribute_summon"),
         "yes"),
        ("Can I Tribute Summon by Tributing a face-down Defense Position monster?",
         ("tribute", "face_down", "tribute_summon"), "yes"),
        ("Can a face-down monster I control be Tributed for a Ritual Summon?",
         ("tribute", "face_down", "ritual_summon"), "yes"),
        ("For a Tribute Summon, can face-down monsters be Tributed?", ("tribute", "face_down", "tribute_summon"),
         "yes"),
        ("Can I Tribute a monster my opponent controls for a Tribute Summon?",
         ("tribute", "opponent_monster", "tribute_summon"), "no"),
        ("can i tribute summon by tributing my opponent's monster", ("tribute", "opponent_monster", "tribute_summon"),
         "no"),
        ("Can Tokens be Tributed for a Tribute Summon?", ("tribute", "token", "tribute_summon"), "yes"),
        ("Can I Tribute Summon by Tributing a Trap Monster?", ("tribute", "trap_monster", "tribute_summon"), "yes"),
        ("Can a Monster Token be Special Summoned by another card's effect?",
         ("token", "token", "special_summon_other_effect"), "no"),
        ("Can Tokens be Special Summoned by any effect besides the one that created them?",
         ("token", "token", "special_summon_other_effect"), "no"),
        ("Can I Fusion Summon without a card effect?", ("summon_kind", "fusion_summon", "without_effect"), "no"),
        ("Can a Fusion Monster be Fusion Summoned without using a card effect?",
         ("summon_kind", "fusion_summon", "without_effect"), "no"),
        ("Does a Normal Summon that Tributes monsters count as a Tribute Summon?",
         ("summon_kind", "normal_summon_with_tribute", "tribute_summon"), "yes"),
        ("Can a single monster be Flip Summoned two times in the same turn?",
         ("flip_summon", "same_monster", "twice_per_turn"), "no"),
        ("can i flip summon a monster more than once per turn", ("flip_summon", "same_monster", "twice_per_turn"),
         "no"),
        ("Can I Flip Summon several face-down monsters in one turn?",
         ("flip_summon", "different_monsters", "same_turn"), "yes"),
        ("Can a monster from my hand be Tributed for a Ritual Summon?", ("tribute", "hand_monster", "ritual_summon"),
         "yes"),
        ("Can I Ritual Summon by Tributing monsters from my hand?", ("tribute", "hand_monster", "ritual_summon"),
         "yes"),
        ("can i tribute a monster in my hand to tribute summon", ("tribute", "hand_monster", "tribute_summon"), "no"),
        ("Can I Special Summon several times in one turn?", ("special_summon", "per_turn", "more_than_once"), "yes"),
        ("Is there a limit on how many times I can Special Summon per turn?",
         ("special_summon", "per_turn", "limited"), "no"),
        ("Can a player Pendulum Summon more than once per turn?", ("pendulum", "per_turn", "twice"), "no"),
        ("Can I Special Summon a Monster Token in face-down Defense Position?", ("token", "token", "face_down"), "no"),
        ("is it legal to tribute my opponent's monster for a tribute summon",
         ("tribute", "opponent_monster", "tribute_summon"), "no"),
        ("Is it possible for an Xyz Monster to be Pendulum Summoned?", ("pendulum", "xyz_monster", "pendulum_summon"),
         "no"),
        ("Am I allowed to Flip Summon the same monster twice in one turn?",
         ("flip_summon", "same_monster", "twice_per_turn"), "no"),
        ("For Dark End Dragon, must every non-Tuner material be DARK?",
         ("synchro_requirement", "non_tuners", "all_must_meet"), "yes"),
        ("When Synchro Summoning Arcanite Magician (\"1 Tuner + 1 or more non-Tuner Spellcaster-Type monsters\"), do "
         "all non-Tuner monsters have to be Spellcaster-Type?", ("synchro_requirement", "non_tuners", "all_must_meet"),
         "yes"),
        ("Can I Synchro Summon using a face-down monster as material?", ("material", "face_down", "synchro_material"),
         "no"),
        ("Can I Xyz Summon with monsters of different Levels?", ("xyz", "different_levels", "allowed"), "no"),
        ("Can monsters with different Levels be used as Xyz Materials?", ("xyz", "different_levels", "allowed"),
         "no"),
        ("can i tribute summon using a token", ("tribute", "token", "tribute_summon"), "yes"),
        ("can face-down monsters be tributed", ("tribute", "face_down", "tribute_summon"), "yes"),
        ("can i tribute summon with my opponents monster", ("tribute", "opponent_monster", "tribute_summon"), "no"),
        ("can xyz monsters be used for link summons", ("material", "xyz_monster", "link_material"), "yes"),
        ("can i special summon as many times as i want", ("special_summon", "per_turn", "more_than_once"), "yes"),
        ("How many times can I Normal Summon per turn?", ("normal_summon", "per_turn", "count"), "1"),
        ("Is it possible to Special Summon a monster in face-down Defense Position?",
         ("position", "special_summon", "face_down"), "no"),
        ("Can an Xyz Monster be Xyz Summoned in face-down Defense Position?",
         ("position", "special_summon", "face_down"), "no"),
        ("Can I Ritual Summon in face-up Defense Position?", ("position", "special_summon", "face_up_defense"), "yes"),
        ("Does Special Summoning Chaos Sorcerer by its own procedure start a chain?",
         ("built_in_summon", "special_summon", "starts_chain"), "no"),
        ("Does an Xyz Summon start a chain?", ("built_in_summon", "special_summon", "starts_chain"), "no"),
        ("Is the Special Summon of Cyber Dragon from the hand an effect?",
         ("built_in_summon", "special_summon", "is_effect"), "no"),
        ("Does Normal Setting a monster count as my Normal Summon for the turn?",
         ("summon_kind", "normal_set", "uses_normal_summon"), "yes"),
        ("does setting a monster use up my normal summon", ("summon_kind", "normal_set", "uses_normal_summon"), "yes"),
        ("can i pendulum summon a monster from my graveyard", ("pendulum", "from_gy", "allowed"), "no"),
        ("Can a non-Pendulum monster in my hand be Pendulum Summoned?", ("pendulum", "from_hand", "allowed"), "yes"),
        ("Is it possible to Ritual Summon a Ritual Monster from the Graveyard?", ("ritual", "from_gy", "allowed"),
         "no"),
        ("While Dimensional Fissure is active, can I Synchro Summon?",
         ("banished_instead", "synchro_summon", "allowed"), "yes"),
        ("With Banisher of the Radiance on the field, can I still Link Summon?",
         ("banished_instead", "link_summon", "allowed"), "yes"),
        ("While Macro Cosmos is applying, can I activate Polymerization and Fusion Summon?",
         ("banished_instead", "fusion_summon", "allowed"), "yes"),
        ("Can I Xyz Summon using a Token?", ("token", "token", "xyz_material"), "no"),
        ("can i synchro summon using a link monster", ("material", "link_monster", "synchro_material"), "no"),
        ("Can I Link Summon using an Xyz Monster as material?", ("material", "xyz_monster", "link_material"), "yes"),
        ("Can I Pendulum Summon a monster from my Deck?", ("pendulum", "from_deck", "allowed"), "no"),
        ("Can I Pendulum Summon a Pendulum Monster from my face-down Extra Deck?",
         ("pendulum", "from_face_down_extra", "allowed"), "no"),
        ("Could I use an Xyz Monster as Link Material?", ("material", "xyz_monster", "link_material"), "yes"),
        ("Can an Xyz Monster be used as material for a Fusion Summon?",
         ("material", "xyz_monster", "fusion_material"), "yes"),
        ("Can Xyz Monsters be Xyz Material?", ("material", "xyz_monster", "xyz_material"), "no"),
    ],
)
def test_kind_facts(session, text, fact, answer):
    question = _parsed(session, text)
    assert question == {"ask": "rule_fact", "topic": fact[0], "subject": fact[1], "asked": fact[2]}, question
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    step = got["steps"][-1]
    assert step["cites"] and step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        "Can a Synchro Monster be Pendulum Summoned?",  # a Synchro Pendulum Monster can be
        "Can a Fusion Monster be Pendulum Summoned?",
        "Can a Fusion Summon be performed without Polymerization?",  # another card effect may do it
        "Can face-down monsters be Tributed for a Synchro Summon?",  # Synchro Materials are not Tributed
        "Can a Token be Special Summoned by the effect that created it?",
        "How many Pendulum Summons can I perform this turn?",  # this turn: cards may have granted more
        "Can a monster be Pendulum Summoned if its Level is between my Pendulum Scales?",
        "Is a Normal Summon that Tributed a monster also a Special Summon?",
        "Can I Flip Summon the same monster twice in one Duel?",
        "Can I Flip Summon two monsters?",  # when is not said
        "For Dark End Dragon, must every non-Tuner material be LIGHT?",  # not its requirement
        "For Black Rose Dragon, must every non-Tuner material be a Dragon?",  # no requirement on its non-Tuners
        "For Arcanite Magician (\"1 Tuner + 1 or more non-Tuner Zombie monsters\"), must every non-Tuner "
        "material be Zombie?",  # the quoted line is not the card's
        "Can I Pendulum Summon twice this turn?",  # this turn: a card may have granted another
        "While Macro Cosmos is applying, can I activate Pot of Greed and Fusion Summon?",  # Pot of Greed: no Fusion
        "While Necrovalley is active, can I Synchro Summon?",  # not a 'banished instead' effect
        "Can I Ritual Summon a Ritual Monster from my hand?",  # the Ritual Spell and its Tributes decide
        "Can a Ritual Monster in my GY be Pendulum Summoned?",
        "Does a Special Summon start a chain?",  # by a card activated it does: not said which
        "Does Special Summoning Sangan start a chain?",  # Sangan has no Summon procedure of its own
        "Is the Special Summon of Stardust Dragon an effect?",  # not read for Extra Deck monsters
        "Can I Link Summon in face-up Defense Position?",  # a Link Monster has no Defense Position: not this fact
        "Can a Synchro Monster be Xyz Summoned in face-down Defense Position?",
        "can my opponent's monsters be tributed",  # by a card effect they can (Lava Golem): not a Tribute Summon
        "How many times can I Normal Summon this turn?",  # this turn: a card may have granted more
        "Can I Special Summon more than once?",  # when is not said
        "Can my opponent's monsters be Tributed for a Ritual Summon?",  # not stated by the rulebooks read
        "Can I Tribute my opponent's monster with Lava Golem?",  # a card effect, not a Tribute Summon
    ],
)
def test_kind_fact_near_misses(session, text):
    question = _parsed(session, text)
    assert question is None or question.get("ask") != "rule_fact" or (
        (question["topic"], question["subject"], question["asked"]) not in FACTS
    ), question


# ------------------------------------------------------------------ simulated (scenario_summon_kinds.py)


def _scenario(session, text):
    question = _parsed(session, text)
    return question if question and question.get("ask") == "scenario" else None


@pytest.mark.parametrize(
    "text,answer",
    [
        # Special Summon Monsters of a kind are never Normal Summoned or Set
        ("Can I Normal Summon a Synchro Monster?", "no"),
        ("can i set a link monster", "no"),
        ("Can an Xyz Monster be Tribute Summoned?", "no"),
        ("Can a Ritual Monster be Set face-down?", "no"),
        ("Can I Normal Set a Fusion Monster from my Extra Deck?", "no"),
        # the turn player's Main Phase
        ("Can I Tribute Summon a monster during my opponent's turn?", "no"),
        ("can i normal summon a level 3 monster in my opponent's main phase 2", "no"),
        ("Can I Link Summon during the opponent's turn?", "no"),
        ("Can I Xyz Summon a monster during my opponent's Main Phase without using a card effect?", "no"),
        ("Can my opponent Normal Summon a monster during my turn?", "no"),
        ("could my opponent synchro summon during my turn", "no"),
        # Tributes by Level
        ("Can I Set a Level 3 monster without Tributing?", "yes"),
        ("Can a Level 6 monster be Normal Summoned without Tributes?", "no"),
        ("Can I Tribute Summon a Level 6 monster using one Tribute?", "yes"),
        ("Can I Tribute Summon a Level 8 monster with two Tributes?", "yes"),
        ("Can I Tribute Summon a Level 5 monster with 2 Tributes?", "no"),
        # one Normal Summon/Set a turn
        ("Can I Normal Summon more than once per turn?", "no"),
        ("can i set monsters twice in the same turn", "no"),
        ("I Set a monster in my first Main Phase. Can I Normal Summon another monster in Main Phase 2?", "no"),
        # Flip Summons of a monster placed face-down this turn
        ("My monster was Special Summoned in face-down Defense Position this turn. Can I Flip Summon it?", "no"),
        # named Special Summon Monsters
        ("Can I Set Chaos Emperor Dragon - Envoy of the End?", "no"),
        ("Can I Normal Summon Black Luster Soldier - Envoy of the Beginning?", "no"),
        ("can i normal summon stardust dragon", "no"),
        ("Can I Set Sangan face-down?", "yes"),
        # can the named monster be Special Summoned at all
        ("Can Amaterasu be Special Summoned?", "no"),  # "Cannot be Normal or Special Summoned."
        ("Can Vanity's Fiend be Special Summoned?", "no"),
        ("Can Judgment Dragon be Special Summoned?", "yes"),  # by its own procedure
        ("Can Stardust Dragon be Special Summoned?", "yes"),  # by Synchro Summon
        ("Can Sangan be Special Summoned?", "yes"),  # by a card effect
        # lasting prohibitions (restrictions.py)
        ("While Vanity's Emptiness is active, can I Special Summon a monster?", "no"),
        ("While Mask of Restrict is active, can I Special Summon?", "yes"),
        ("While Vanity's Fiend is on the field, can I Normal Summon a Level 4 monster?", "yes"),
        # full Main Monster Zones: a Tribute Summon frees a zone
        ("All five of my Main Monster Zones are occupied. Can I Tribute Summon a Level 8 monster by tributing two of "
         "them?", "yes"),
        ("All five of my Main Monster Zones are full. Can I Normal Summon a Level 3 monster?", "no"),
        # Summons by procedure in a phase of the player's turn
        ("Can I Synchro Summon during my Battle Phase?", "no"),
        ("can i link summon in main phase 2", "yes"),
        # revival of monsters never properly Summoned
        ("Can Monster Reborn revive an Xyz Monster that was never Xyz Summoned?", "no"),
        ("Can Call of the Haunted Special Summon a Fusion Monster which has never been properly Summoned from the GY?",
         "no"),
        ("Can Monster Reborn revive a Link Monster that was properly Link Summoned and then destroyed?", "yes"),
        ("Ally of Justice Catastor was sent from my Extra Deck to the GY by a card effect. Can Monster Reborn revive "
         "it?", "no"),
        ("Sangan was sent from my Deck to the GY. Can Monster Reborn revive it?", "yes"),
        ("can i normal summon a lv 6 without tributes", "no"),
        ("can i summon a level 3 monster without tributing", "yes"),
        ("can i normal summon twice a turn", "no"),
        # a condition said does not matter for a monster that can never be Normal Summoned or Set
        ("can i normal summon chaos emperor dragon - envoy of the end if i have 5 monsters in my gy", "no"),
        # a Pendulum Summon uses the Summoning player's own Pendulum Scales
        ("My opponent has scales of 2 and 7. Can I Pendulum Summon a Level 4 monster using their scales?", "no"),
        ("The opponent's Pendulum Scales are 3 and 9. Can I Pendulum Summon a Level 6 monster from my hand?", "no"),
        # a monster whose Summon was negated was not properly Summoned
        ("My opponent negated the Synchro Summon of my Brionac, Dragon of the Ice Barrier with Solemn Warning. Can I "
         "revive it with Monster Reborn?", "no"),
        ("The Special Summon of Black Luster Soldier - Envoy of the Beginning was negated by Solemn Judgment. Can "
         "Call of the Haunted revive it?", "no"),
        # a Normal Summon / Set told in an "if" clause; a monster flipped face-down after it attacked
        ("If I Set a monster, can I still Normal Summon this turn?", "no"),
        ("If I Normal Summon a monster, can I still Set a monster?", "no"),
        ("My monster attacked this turn and was then flipped face-down by Book of Moon. Can I Flip Summon it this "
         "turn?", "no"),
        ("A monster changed its battle position this turn and then got flipped face-down. Can I Flip Summon it?",
         "no"),
        # an Extra Deck monster's own kind of Summon takes it from the Extra Deck
        ("Can I Synchro Summon a Synchro Monster from my Graveyard?", "no"),
        ("can i link summon a link monster from the banished zone", "no"),
        ("is it legal to normal summon during the battle phase", "no"),
        ("Am I allowed to Flip Summon a monster during my End Phase?", "no"),
        ("Is it possible to Set a monster in Main Phase 2?", "yes"),
        # other ways of asking
        ("Is it legal to Normal Summon a Link Monster?", "no"),
        ("is it possible to set a level 5 monster without tributing", "no"),
        ("am i allowed to normal summon during my opponent's turn", "no"),
        ("Can Extra Deck monsters be Normal Set?", "no"),
        ("Can I Normal Summon and then Set a monster in the same turn?", "no"),
        ("Can I Flip Summon a monster that I Set this turn?", "no"),
        # a card that grants another Normal Summon, activated first (resolved before the Summons)
        ("I activated Double Summon. Can I Normal Summon twice this turn?", "yes"),
        ("I activated Pot of Greed. Can I Normal Summon twice this turn?", "no"),
    ],
)
def test_kind_scenarios(session, text, answer):
    question = _scenario(session, text)
    assert question is not None, understand(session, text).reason
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert all(step["cites"] for step in got["steps"])


@pytest.mark.parametrize(
    "text",
    [
        "Can I Normal Summon a Level 7 monster during my opponent's turn?",  # Tributes not given
        "Can I Fusion Summon during my opponent's turn?",  # a card effect Fusion Summons, at any Spell Speed
        "Can I Tribute Summon a Level 5 monster without Tributing?",  # not a Tribute Summon
        "Can I Normal Summon a Level 13 monster without Tributing?",  # no such Level
        "Can I Normal Summon a Level 3 monster with one Tribute?",  # a Level 3 monster needs none
        "Can I Normal Summon a Pendulum Monster?",  # a Pendulum Monster in the hand can be
        "Can I Normal Summon a Fusion Monster from my hand?",  # a Fusion Monster is not in the hand
        "Can I Normal Summon Beast King Barbaros?",  # a Tribute rule of its own
        "Can I Normal Summon Summoned Skull?",  # its Tributes are not said
        "Can I Set Cyber Dragon?",  # Level 5: its Tributes are not said
        "Can I Flip Summon it?",  # no monster told
        "Can I Fusion Summon a monster from my GY?",  # its materials may be meant
        "Can I Xyz Summon a Synchro Monster from my GY?",
        "My monster attacked this turn and was then flipped face-down by Pot of Greed. Can I Flip Summon it?",
        "The Synchro Summon of Stardust Dragon was negated by Pot of Greed. Can Monster Reborn revive it?",
        "The Xyz Summon of Stardust Dragon was negated. Can Monster Reborn revive it?",  # not an Xyz Monster
        "My opponent's Pendulum Scales are 1 and 8. Can I Pendulum Summon a Level 13 monster?",
        "can i normal summon sangan if i have 3 cards in my gy",  # the condition may matter: not read
        "can i normal summon dark armed dragon if i control sangan",  # a card in the condition
        "Can Dark Hole be Special Summoned?",  # not a monster
        "Can Pot of Greed revive a Synchro Monster that was never Synchro Summoned?",  # it revives nothing
        "Can Monster Reborn revive a Synchro Monster that was never Xyz Summoned?",  # another kind of Summon
        "Sangan was sent from my Extra Deck to the GY. Can Monster Reborn revive it?",  # not an Extra Deck monster
        "Can I Tribute Summon a Level 6 monster by tributing one of them?",  # no monsters told before
        # a lasting effect with an exception the simulator does not read
        "While Barrier Statue of the Torrent is on the field, can I Special Summon a monster?",
        "My opponent activates Double Summon. Can I Normal Summon twice this turn?",  # not A's card
    ],
)
def test_kind_scenario_near_misses(session, text):
    question = _scenario(session, text)
    if question is not None:  # another shape may read it; it must not then be answered from a filled-in guess
        assert ask_plain(session, text)["answer"] == "unknown", question


# ------------------------------------------------- Synchro / Xyz materials by Level (scenario_summon_materials.py)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I control a Level 2 Tuner and a Level 4 non-Tuner monster. Can I Synchro Summon a Level 6 Synchro "
         "Monster?", "yes"),
        ("I have a Level 3 Tuner and a Level 3 monster on the field. Can I Synchro Summon a Level 7 Synchro "
         "Monster using them?", "no"),
        ("I control two Level 4 monsters. Can I Synchro Summon a Level 8 Synchro Monster?", "no"),  # no Tuner
        ("Can I Synchro Summon a Level 8 monster with a Level 1 Tuner and a Level 7 monster?", "yes"),
        ("Can I Synchro Summon a Level 6 Synchro Monster using two Level 3 Tuners?", "no"),  # 1 Tuner
        ("Can I Xyz Summon a Rank 3 Xyz Monster using two Level 3 monsters?", "yes"),
        ("I control a Level 4 monster and a Level 3 monster. Can I Xyz Summon a Rank 4 Xyz Monster with them?",
         "no"),
        ("Can I Xyz Summon a Rank 4 monster using one Level 4 monster?", "no"),  # 2 or more
        ("Can I Synchro Summon Brionac, Dragon of the Ice Barrier using Junk Synchron and a Level 3 monster?",
         "yes"),
        ("Can I Synchro Summon Brionac, Dragon of the Ice Barrier using Junk Synchron and a Level 4 monster?",
         "no"),
    ],
)
def test_level_material_scenarios(session, text, answer):
    question = _scenario(session, text)
    assert question is not None, understand(session, text).reason
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert all(step["cites"] for step in got["steps"])


@pytest.mark.parametrize(
    "text",
    [
        "Can I Xyz Summon a Level 4 Xyz Monster using two Level 4 monsters?",  # Xyz Monsters have a Rank
        "Can I Synchro Summon a Rank 6 Synchro Monster using a Level 2 Tuner and a Level 4 monster?",
        "Can I Synchro Summon a Level 14 Synchro Monster using a Level 2 Tuner and a Level 12 monster?",
        "Can I Synchro Summon Number 39: Utopia using two Level 4 monsters?",  # not a Synchro Monster
        "Can I Synchro Summon a Level 6 Synchro Monster using them?",  # no monsters told
        # Goyo Guardian's line ("1 EARTH Tuner + ...") is not read: whether the materials fit is unknown
        "Can I Synchro Summon Goyo Guardian using Junk Synchron and a Level 3 monster?",
    ],
)
def test_level_material_near_misses(session, text):
    question = _scenario(session, text)
    if question is not None:
        assert ask_plain(session, text)["answer"] == "unknown", question


def test_tuner_flag_is_checked(session):
    """A monster given by its stats may be a Tuner ("tuner": true); any other value is a clear error."""
    from kb import engine
    from kb.errors import BadQuestionError

    question = {"ask": "scenario", "state": {"players": {"A": {"monsters": [{"name": "t", "level": 3, "tuner": "yes"}]}}},
                "actions": [], "query": {"kind": "outcome"}}
    with pytest.raises(BadQuestionError) as info:
        engine.ask(session, question)
    assert info.value.field == "state.players.A.monsters[0].tuner" and info.value.value == "yes"
