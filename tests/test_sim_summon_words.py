"""Summon and zone questions in words (kb/understand/scenario_summon.py): rule facts of Summons and zones
(kb/engine/sim/summon_rules.py) and Summon/zone scenarios of the simulator.  Sentences written for these
tests: paraphrases of each shape, other cards of the same kind, and near misses that must not be read
(the answer then stays "unknown")."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import FACTS, rule_fact_answer
from kb.engine.rules import RULES
from kb.engine.sim.summon_rules import SUMMON_FACTS, SUMMON_RULES
from kb.understand import understand
from kb.understand.answer import ask_plain


def _parsed(session, text):
    reading = understand(session, text)
    return reading.frame.question if reading.frame else None


# ------------------------------------------------------------------------------------------ rule facts


@pytest.mark.parametrize(
    "text,fact,answer",
    [
        # materials
        ("Can a Link Monster be used as Synchro Material?", ("material", "link_monster", "synchro_material"), "no"),
        ("Could I use a Link Monster as an Xyz Material?", ("material", "link_monster", "xyz_material"), "no"),
        ("Can a Link Monster be Fusion Material?", ("material", "link_monster", "fusion_material"), "yes"),
        ("Can Link Monsters be used as Link Materials?", ("material", "link_monster", "link_material"), "yes"),
        ("Can an Xyz Monster be used as Synchro Material?", ("material", "xyz_monster", "synchro_material"), "no"),
        ("Can I use a Trap Monster as Xyz Material?", ("material", "trap_monster", "xyz_material"), "yes"),
        ("Can a face-down monster be used as Link Material?", ("material", "face_down", "link_material"), "no"),
        ("Can I use a face-down Defense Position monster I control as Xyz Material?",
         ("material", "face_down", "xyz_material"), "no"),
        ("Can Monster Tokens be used as Synchro Materials?", ("token", "token", "synchro_material"), "yes"),
        ("Can Tokens, like those from Fires of Doomsday, be used as Xyz Material?",
         ("token", "token", "xyz_material"), "no"),
        # what counts as which Summon
        ("Is a Set monster considered Summoned?", ("summon_kind", "normal_set", "summoned"), "no"),
        ("Is a monster that has been Normal Set treated as having been Summoned?",
         ("summon_kind", "normal_set", "summoned"), "no"),
        ("If Gilasaurus is Normal Summoned without Tributing, is that a Tribute Summon?",
         ("summon_kind", "normal_summon_without_tribute", "tribute_summon"), "no"),
        ("If a Level 6 monster is Normal Summoned without Tributes, does it count as a Tribute Summon?",
         ("summon_kind", "normal_summon_without_tribute", "tribute_summon"), "no"),
        ("Is a Tribute Summon considered a Normal Summon?", ("summon_kind", "tribute_summon", "normal_summon"),
         "yes"),
        ("Does a Flip Summon count as a Normal Summon?", ("summon_kind", "flip_summon", "normal_summon"), "no"),
        ("Is a Pendulum Summon a Special Summon?", ("summon_kind", "pendulum_summon", "special_summon"), "yes"),
        ("Is a Tribute Summon treated as a Special Summon?", ("summon_kind", "tribute_summon", "special_summon"),
         "no"),
        # zones
        ("Are cards in the Pendulum Zones considered cards in the Spell & Trap Zone?",
         ("zone", "pendulum_zone", "spell_trap_zone"), "yes"),
        ("Is the Field Zone part of the Spell & Trap Zones?", ("zone", "field_zone", "spell_trap_zone"), "no"),
        ("Can D/D/D Dragonbane King Beowulf's \"destroy all cards in the Spell & Trap Zones\" destroy cards in the "
         "Field Zone?", ("zone", "field_zone", "spell_trap_zone"), "no"),
        ("Does an Xyz Material leave the field when it is detached?", ("zone", "detach", "leaves_field"), "no"),
        ("Is an Xyz Material considered a card on the field?", ("zone", "xyz_material", "on_field"), "no"),
        ("Can a Link Monster be used as material for a Synchro Summon?",
         ("material", "link_monster", "synchro_material"), "no"),
        ("Can I use a Token as a material for an Xyz Summon?", ("token", "token", "xyz_material"), "no"),
        # battle positions of Summons
        ("Can I Normal Summon a monster in face-up Defense Position?", ("position", "normal_summon",
                                                                        "face_up_defense"), "no"),
        ("Can a monster be Flip Summoned into face-up Defence Position?", ("position", "flip_summon",
                                                                           "face_up_defense"), "no"),
        ("How many monsters must I Tribute to Normal Summon Dark Magician?", ("tributes", "level_7", "count"), "2"),
        # a Fusion substitute for a Fusion Monster whose Fusion Summon allows only the listed materials
        ("Can King of the Swamp substitute for a Fusion Material to Fusion Summon Cyber Twin Dragon?",
         ("fusion_substitute", "only_listed_materials", "usable"), "no"),
        # Tributes for a Ritual Spell with a fixed total
        ("When resolving Black Luster Ritual, can I Tribute a Level 8 and a Level 1 monster?",
         ("ritual_tributes", "more_than_needed", "allowed"), "no"),
        ("When resolving Black Luster Ritual, can I Tribute a Level 7 and a Level 4 monster?",
         ("ritual_tributes", "levels_reach_total", "allowed"), "yes"),  # neither alone reaches 8
        ("Can I Tribute a Level 5, a Level 2 and a Level 1 monster for Black Luster Ritual?",
         ("ritual_tributes", "levels_reach_total", "allowed"), "yes"),
        ("Can I Tribute a Level 3 and a Level 4 monster for Prediction Ritual?",
         ("ritual_tributes", "levels_below_total", "allowed"), "no"),
        # more paraphrases
        ("Can Link Monsters be used for an Xyz Summon?", ("material", "link_monster", "xyz_material"), "no"),
        ("Can I use a face-down monster for a Link Summon?", ("material", "face_down", "link_material"), "no"),
        ("Are Xyz Materials considered to be on the field?", ("zone", "xyz_material", "on_field"), "no"),
        ("Does a monster that was Set count as Summoned?", ("summon_kind", "normal_set", "summoned"), "no"),
        ("Is Tribute Summoning a Normal Summon?", ("summon_kind", "tribute_summon", "normal_summon"), "yes"),
        ("Are Ritual Summons Special Summons?", ("summon_kind", "ritual_summon", "special_summon"), "yes"),
        ("Is the Extra Monster Zone a Main Monster Zone?", ("zone", "extra_monster_zone", "main_monster_zone"), "no"),
        ("Do cards in the Field Zone count as cards in the Spell & Trap Zone?",
         ("zone", "field_zone", "spell_trap_zone"), "no"),
        # a Gemini Monster Normal Summoned a second time
        ("Do I have to Tribute any monsters to Normal Summon my Level 7 Gemini Monster again?",
         ("gemini", "second_summon", "tributes_needed"), "no"),
        ("Does Normal Summoning Elemental HERO Neos Alius a second time use my Normal Summon for the turn?",
         ("gemini", "second_summon", "uses_normal_summon"), "yes"),
        ("When my opponent takes control of my monster in the Extra Monster Zone, does it stay in the Extra "
         "Monster Zone?", ("zone", "control_switch_from_emz", "stays_in_emz"), "no"),
        # who chooses the zone when the opponent performs the Special Summon
        ("When I activate Keurse, the Ogdoadic Light's effect, which lets my opponent Special Summon, who chooses "
         "the Main Monster Zone for my opponent's monster?", ("zone_choice", "opponent_performs_summon", "chooser"),
         "the opponent"),
        # how many cards each zone holds
        ("How many cards can I have in my Spell & Trap Zones?", ("zone_count", "spell_trap_zone", "count"), "5"),
        ("How many Extra Monster Zones can each player use?", ("zone_count", "extra_monster_zone", "count"), "1"),
        ("How many Field Spells can a player control at once?", ("zone_count", "field_zone", "count"), "1"),
        # Tributes by Level
        ("How many Tributes do I need to Tribute Summon a Level 6 monster?", ("tributes", "level_6", "count"), "1"),
        ("How many monsters do I need to Tribute to Normal Summon a Level 8 monster?",
         ("tributes", "level_8", "count"), "2"),
        ("How many Tributes does Summoned Skull need?", ("tributes", "level_6", "count"), "1"),
    ],
)
def test_rule_fact_sentences(session, text, fact, answer):
    question = _parsed(session, text)
    assert question == {"ask": "rule_fact", "topic": fact[0], "subject": fact[1], "asked": fact[2]}, question
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    step = got["steps"][-1]
    assert step["cites"] and step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        "Can a Link Monster be used as Xyz Material for a Synchro Summon?",  # two different Summons
        "Can a face-down monster be used as Fusion Material?",  # not stated by the rulebooks read
        "How many Tributes does Beast King Barbaros need?",  # a Tribute rule of its own
        "How many Tributes do I need to Tribute Summon a Level 3 monster?",  # not Tribute Summoned at all
        "How many Tributes do I need to Tribute Summon a Level 13 monster?",  # no such Level
        # the quoted words are not the card's text
        "Can Dark Magician's \"destroy all cards in the Spell & Trap Zones\" destroy cards in the Pendulum Zones?",
        # Heavy Storm's effect is not worded by zone
        "Can Heavy Storm's \"destroy all Spell and Trap Cards on the field\" destroy cards in the Field Zone?",
        "Is a Special Summon a Special Summon?",
        "Is a Normal Summon considered a Flip Summon?",  # no row states it
        "Does Normal Summoning Dark Magician a second time count as my Normal Summon?",  # not a Gemini Monster
        # Dark Paladin's materials decide (named materials, no restriction): not read
        "Can King of the Swamp substitute for a Fusion Material to Fusion Summon Dark Paladin?",
        "Can Sangan substitute for a Fusion Material to Fusion Summon Cyber Twin Dragon?",  # not a substitute
        "Can I Tribute a Level 8 monster for Advanced Ritual Art?",  # its total is the Ritual Monster's Level
        # the total said is not the card's
        "When resolving Prediction Ritual (total Levels 8 or more), can I Tribute a Level 9 monster?",
        "My opponent controls a Link Monster. Can a Link Monster be used as Xyz Material?",  # a story
    ],
)
def test_rule_fact_near_misses(session, text):
    question = _parsed(session, text)
    assert question is None or question.get("ask") != "rule_fact" or (
        (question["topic"], question["subject"], question["asked"]) not in FACTS
    ), question


def test_summon_facts_cite_rows_with_quotes():
    for (topic, subject, asked), (answer, rule, _detail) in SUMMON_FACTS.items():
        assert rule in RULES, rule
        assert FACTS[(topic, subject, asked)][0] == answer
        row = RULES[rule]
        assert 1 <= len(row["sections"]) <= 3 and row["quote"]["id"] in row["sections"]
    assert set(SUMMON_RULES) <= set(RULES)


def test_rule_fact_answer_json(session):
    got = rule_fact_answer(session, {"ask": "rule_fact", "topic": "tributes", "subject": "level_12",
                                     "asked": "count"})
    assert got["answer"] == "2"
    got = rule_fact_answer(session, {"ask": "rule_fact", "topic": "material", "subject": "link_monster",
                                     "asked": "ritual_material"})
    assert got["answer"] == "unknown"


# ------------------------------------------------------------------------------ Summons into zones (sim)


def _scenario(session, text):
    question = _parsed(session, text)
    return question if question and question.get("ask") == "scenario" else None


@pytest.mark.parametrize(
    "text,answer",
    [
        # Pendulum Scales and the Levels between them
        ("My Pendulum Scales are 2 and 6. Can I Pendulum Summon a Level 6 monster?", "no"),
        ("My Pendulum Scales are 2 and 6. Can I Pendulum Summon a Level 2 monster?", "no"),
        ("My Pendulum Scales are 9 and 2. Can I Pendulum Summon a Level 5 monster from my hand?", "yes"),
        ("I have scales of 1 and 8. Can a Level 4 monster be Pendulum Summoned?", "yes"),
        ("I have Stargazer Magician and Timegazer Magician in my Pendulum Zones. Can I Pendulum Summon Dark "
         "Magician?", "yes"),
        ("Stargazer Magician and Timegazer Magician are in my Pendulum Zones. Can I Pendulum Summon Dark Magician "
         "and Blue-Eyes White Dragon?", "no"),
        ("My Pendulum Scales are 3 and 7. Can I Pendulum Summon two Level 5 monsters?", "yes"),
        ("My Pendulum Scales are 3 and 7. Can I Pendulum Summon a Level 4 and a Level 7 monster?", "no"),
        ("With Pendulum Scales of 2 and 8, can I Pendulum Summon a Level 8 monster?", "no"),
        ("Can I Pendulum Summon a Level 3 monster if my Pendulum Scales are 1 and 4?", "yes"),
        # a Pendulum Monster activated in an occupied or free zone
        ("There is a Set card in my rightmost Spell & Trap Zone. Can I activate a Pendulum Monster in that zone?",
         "no"),
        ("My leftmost Spell/Trap Zone has a face-down card. Can I place a Pendulum Monster in my rightmost "
         "Spell/Trap Zone?", "yes"),
        ("Can I activate a Pendulum Monster in my middle Spell & Trap Zone?", "no"),
        ("There is a Set card in my leftmost Spell & Trap Zone. Can I activate Odd-Eyes Pendulum Dragon as a "
         "Spell in that zone?", "no"),
        # Pendulum Summons from the face-up Extra Deck, Link Summons: which zones
        ("I already control a monster in one Extra Monster Zone. Can I Pendulum Summon a face-up Pendulum "
         "Monster from my Extra Deck to the other Extra Monster Zone?", "no"),
        ("Can I Pendulum Summon a face-up Pendulum Monster from my Extra Deck into the Extra Monster Zone?", "yes"),
        ("Can I Pendulum Summon Odd-Eyes Pendulum Dragon from my face-up Extra Deck into a Main Monster Zone that "
         "no Link Monster points to?", "no"),
        ("Can I Pendulum Summon a face-up Pendulum Monster from my Extra Deck into a Main Monster Zone which is "
         "pointed to by my opponent's Link Monster?", "yes"),
        ("Can I Link Summon a Link Monster into a Main Monster Zone that is pointed to by my Link Monster?", "yes"),
        ("Can I Link Summon Decode Talker into a Main Monster Zone not pointed to by any Link Monster?", "no"),
        # revival: a Main Deck monster discarded (never Summoned), or properly Summoned and destroyed
        ("Black Luster Soldier - Envoy of the Beginning was discarded from my hand. Can Monster Reborn Special "
         "Summon it?", "no"),
        ("Cyber Dragon was sent from my hand to the GY. Can I Special Summon it with Premature Burial?", "yes"),
        ("Dark Armed Dragon was discarded. Can Monster Reborn revive it?", "no"),  # Nomi
        ("El Shaddoll Winda was properly Fusion Summoned and later destroyed. Can I revive it with Call of the "
         "Haunted?", "yes"),
        # Extra Deck monsters into a Main Monster Zone, by ruleset
        ("Can I Xyz Summon a monster into a Main Monster Zone that no Link Monster points to?", "yes"),
        ("Under Master Rule 4, can I Xyz Summon a monster into a Main Monster Zone that no Link Monster points "
         "to?", "no"),
        ("Under the 2017 rules, can a Fusion Monster be Fusion Summoned into a Main Monster Zone pointed to by my "
         "opponent's Link Monster?", "yes"),
        ("Can a Link Monster be Link Summoned to a Main Monster Zone that no Link Monster points to?", "no"),
        ("Can I Tribute Summon a Level 7 monster by Tributing only one monster?", "no"),
        ("Can I Tribute Summon Dark Magician by Tributing one monster?", "no"),
        ("Can I Tribute Summon Summoned Skull by Tributing 1 monster?", "yes"),
        ("Can I Normal Summon Cyber Dragon without Tributing?", "no"),
        ("Can I Set Sangan without Tributing?", "yes"),
        ("Can I Normal Summon Beast King Barbaros without Tributing?", "unknown"),  # a Tribute rule of its own
        # Link Materials: the material line, the number of monsters, Link Ratings
        ("Can I Link Summon Decode Talker (\"2+ Effect Monsters\") using only 1 Decode Talker that I control as "
         "material?", "no"),
        ("Can I Link Summon Decode Talker using Draconnet and Honeybot (LINK-2)?", "yes"),
        ("Can I Link Summon Decode Talker with Sangan and Draconnet?", "no"),
        ("Can I Link Summon Decode Talker using Sangan, Draconnet and Giant Soldier of Stone?", "no"),
        ("Can I Link Summon Link Spider using Dark Magician as Link Material?", "yes"),
        ("Can I Link Summon Honeybot using Sangan and Draconnet?", "unknown"),  # a line of Types: not read
        # Normal Summons left after a card that grants more
        ("I already Normal Summoned this turn, then activate Double Summon. How many more Normal Summons can I "
         "conduct this turn?", "1"),
        ("I Normal Set a monster this turn and then activated Double Summon. Can I Normal Summon another monster "
         "this turn?", "yes"),
        ("I activate Double Summon. How many Normal Summons can I conduct this turn?", "2"),
        ("I Normal Summoned a monster this turn. Can I Normal Summon again?", "no"),
        ("I Set a monster this turn. Can I Normal Summon a second time this turn?", "no"),
        ("I already used my Normal Summon this turn. Can I still Flip Summon a monster?", "yes"),
        ("I already Normal Summoned this turn, then activated Double Summon. Can I Normal Summon again this "
         "turn?", "yes"),
        # full zones, the Field Zone
        ("All five of my Spell & Trap Zones are occupied. Can I Set another Trap Card?", "no"),
        ("I control 5 Set cards in my Spell/Trap Zones. Can I activate Mystic Mine?", "yes"),
        ("My Spell & Trap Zones are all full. Can I activate Raigeki?", "no"),
        ("Umi is in my Field Zone. Can I activate Mystic Mine?", "yes"),
        ("I have Dragon Ravine in my Field Zone. If I activate Umi, is Dragon Ravine sent to the Graveyard?", "yes"),
        ("Dragon Ravine is in my Field Zone. When I activate Umi, is Dragon Ravine destroyed?", "no"),
        ("All my Main Monster Zones are occupied. Can I Special Summon a monster from my hand?", "no"),
        ("All of my Main Monster Zones are full. Can I Special Summon a monster from my GY into the Extra Monster "
         "Zone?", "no"),
        # lasting prohibitions of a face-up card (applied when modelled)
        ("While Mask of Restrict is active, can I Tribute Summon?", "no"),
        ("With Mask of Restrict face-up on the field, can I Tribute Set a Level 7 monster?", "no"),
        ("While Mask of Restrict is active, can I Normal Summon a Level 3 monster?", "yes"),
        ("While Gravity Bind is active, can I Tribute Summon?", "yes"),
        # an Extra Deck Pendulum Monster face-up in the Extra Deck
        ("My Synchro Pendulum Monster is face-up in my Extra Deck. Can I Synchro Summon it?", "no"),
        # revival: properly Summoned first, or never
        ("A Link Monster was sent from my Extra Deck to the GY without being Link Summoned. Can I Special Summon it "
         "with a Spell Card?", "no"),
        ("My Xyz Monster was properly Xyz Summoned and then sent to the Graveyard. Can Monster Reborn Special "
         "Summon it?", "yes"),
        ("After Elemental HERO Absolute Zero was properly Fusion Summoned and sent to the GY, can Call of the "
         "Haunted Special Summon it?", "yes"),
    ],
)
def test_zone_stories(session, text, answer):
    question = _scenario(session, text)
    assert question is not None, understand(session, text).reason
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text",
    [
        "My Pendulum Scales are 2 and 6. Can I Pendulum Summon a Level 13 monster?",  # no such Level
        "Can I Pendulum Summon a Level 5 monster?",  # the Scales are not told
        "Can I Normal Summon again?",  # no Normal Summon told before
        # Dark Hole lets nobody Special Summon
        "When I activate Dark Hole, which lets my opponent Special Summon, who chooses the zone for their monster?",
        # Dark Magician is no Pendulum Monster: not a Pendulum Scale
        "I have Dark Magician and Timegazer Magician in my Pendulum Zones. Can I Pendulum Summon Sangan?",
        # whether a Link Monster points to the zone is not said
        "Can I Pendulum Summon a face-up Pendulum Monster from my Extra Deck into a Main Monster Zone?",
        "Can I Pendulum Summon a face-up Pendulum Monster from my Extra Deck into the other Extra Monster Zone?",
        "Can I activate a Pendulum Monster in that zone?",  # which zone is not told
        "Can I Link Summon Dark Magician into the Extra Monster Zone?",  # not a Link Monster
        # a Spell that does not Special Summon from the GY
        "A Synchro Monster was sent from my Extra Deck to the GY without being Synchro Summoned. Can Pot of Greed "
        "Special Summon it?",
        # Pot of Greed grants no Normal Summon: the story does not fit the shape
        "I already Normal Summoned this turn, then activate Pot of Greed. How many more Normal Summons can I "
        "conduct this turn?",
        "How many Normal Summons can I conduct this turn?",  # nothing told: the rule alone (not a scenario)
        "While Dark Hole is active, can I Tribute Summon?",  # a Normal Spell applies no lasting effect
        "All five of my Spell & Trap Zones are occupied. Can I activate a Spell Card?",  # which card: not said
        "Umi is in my Field Zone. If I activate Raigeki, is Umi sent to the GY?",  # not a Field Spell
        "Can I Special Summon a monster from my hand?",  # the zones are not said to be full
        # from where is not said: an Extra Deck monster could still go to the Extra Monster Zone
        "All my Main Monster Zones are occupied. Can I Special Summon a monster?",
        "Can I Link Summon Decode Talker using Draconnet and Honeybot (LINK-3)?",  # Honeybot is LINK-2
        "Can I Link Summon Dark Magician using Sangan?",  # not a Link Monster
        # from the GY a Link Monster may go to any Main Monster Zone: where from is not said
        "Can a Link Monster be Summoned to a Main Monster Zone that no Link Monster points to?",
        "Can a Link Monster be Synchro Summoned to a Main Monster Zone?",
        # Limit Reverse revives only monsters with 1000 or less ATK: its limit is not read
        "Stardust Dragon was properly Synchro Summoned and later destroyed. Can Limit Reverse revive it?",
        "Stardust Dragon was discarded from my hand. Can Monster Reborn revive it?",  # not in the hand
        "While Mask of Restrict is active, can I Tribute Summon a Level 4 monster?",  # not a Tribute Summon
        "My Fusion Pendulum Monster is face-up in my Extra Deck. Can I Synchro Summon it?",  # another procedure
    ],
)
def test_zone_story_near_misses(session, text):
    assert _scenario(session, text) is None
