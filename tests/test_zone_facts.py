"""Zones, who may look at which location, and kinds of monsters read as rule facts (kb/understand/zone_facts.py,
answered by kb/engine/zone_facts.py and kb/engine/kind_facts.py through kb/engine/rule_facts.py): sentences
written for these tests (paraphrases, other kinds and locations), the answer each gets and the section it cites,
and near-misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.engine.kind_facts import KIND_FACTS, KIND_RULES
from kb.engine.rule_facts import FACTS
from kb.engine.rules import RULES
from kb.engine.zone_facts import VISIBILITY, ZONE_FACTS, ZONE_RULES
from kb.understand.answer import ask_plain


def _check(session, text, answer, quoted):
    got = ask_plain(session, text)
    assert got["parsed"] and got["parsed"]["ask"] == "rule_fact", (text, got.get("understood"))
    assert got["answer"] == answer, (text, got["explanation"])
    cites = [c for step in got["steps"] for c in step["cites"]]
    assert quoted in cites, (text, cites)
    for step in got["steps"]:
        assert step["quote"]["id"] in step["cites"]
    assert not got.get("unused_words"), got.get("unused_words")


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        # the hand: private cards, public number, no order
        ("Can my opponent see the cards in my hand?", "no", "prb2017:2.2"),
        ("Is my hand private information?", "yes", "prb2017:2.2"),
        ("Are the contents of my opponent's hand public knowledge?", "no", "prb2017:2.2"),
        ("Can I look at my opponent's hand?", "no", "prb2017:2.2"),
        ("Is the number of cards in my opponent's hand public information?", "yes", "prb2017:2.2"),
        ("Can my opponent know how many cards are in my hand?", "yes", "prb2017:2.2"),
        ("Do the cards in my hand have an order?", "no", "prb2017:2.2"),
        # the Graveyard: public, its order fixed
        ("Can my opponent look at my Graveyard at any time?", "yes", "prb2017:graveyard"),
        ("Are the cards in the GY public knowledge?", "yes", "prb2017:graveyard"),
        ("Can I rearrange the cards in my Graveyard?", "no", "prb2017:graveyard"),
        # the Main Deck: nobody looks; its number is public
        ("Can I look at the cards in my Deck?", "no", "prb2017:deck-zone"),
        ("Is the number of cards in my opponent's Deck public knowledge?", "yes", "prb2017:deck-zone"),
        # the Extra Deck: the owner looks and reorders; the opponent does not
        ("Can I check my Extra Deck whenever I want?", "yes", "prb2017:extra-deck-zone"),
        ("Can my opponent look at the cards in my Extra Deck?", "no", "prb2017:extra-deck-zone"),
        ("Can I change the order of my Extra Deck?", "yes", "prb2017:extra-deck-zone"),
        ("Are face-up Pendulum Monsters in the Extra Deck public knowledge?", "yes",
         "prb2017:pendulum-monsters-added-to-the-extra-deck-face"),
        # banished cards
        ("Are face-down banished cards private?", "yes", "prb2017:face-down-cards"),
        ("Can I look at my face-down banished cards?", "yes", "prb2017:face-down-cards"),
        ("Can both players see face-up banished cards?", "yes", "prb2017:2.3"),
        ("Are cards banished face-up unless stated otherwise?", "yes", "prb2017:2.3"),
        ("When a card effect banishes a monster without specifying face-up or face-down, is it banished face-down?",
         "no", "prb2017:2.3"),
        ("Is my opponent's LP public knowledge?", "yes", "tcg-v10:public-knowledge"),
        ("Is the content of my opponent's hand public knowledge?", "no", "prb2017:2.2"),
        ("Is my Deck's card count public knowledge?", "yes", "prb2017:deck-zone"),
        ("Is the information of face-down banished cards public?", "no", "prb2017:face-down-cards"),
        ("Are the cards in my Extra Deck private to my opponent?", "yes", "prb2017:extra-deck-zone"),
    ],
)
def test_who_sees_which_location(session, text, answer, quoted):
    _check(session, text, answer, quoted)


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("Can I activate a Field Spell in my Spell & Trap Zone?", "no", "prb2017:spell-trap-zone-spell-trap-card-zone"),
        ("Does a Field Spell occupy a Spell/Trap Zone?", "no", "prb2017:field-zone"),
        ("Can a player have 2 Field Spells face-up in their Field Zone?", "no", "prb2017:field-zone"),
        ("Can I still Set a new Field Spell from my hand if I already control one?", "yes", "cr-draft:207.5"),
        ("If my Field Zone is occupied, can I activate another Field Spell?", "yes", "cr-draft:207.5"),
        ("If a Trap Card is placed in the Monster Zone by a card effect, is it treated as a monster?", "yes",
         "prb2017:main-monster-zones"),
        ("Is a monster card placed in the Spell/Trap Zone by some effect considered a Spell Card?", "yes",
         "prb2017:spell-trap-zone-spell-trap-card-zone"),
        ("Can I have more than 5 cards in my Spell & Trap Zones?", "no", "prb2017:spell-trap-zone-spell-trap-card-zone"),
        ("Can I move my Set card to a different Spell & Trap Zone?", "no",
         "prb2017:spell-trap-zone-spell-trap-card-zone"),
        ("Are Pendulum Monsters in the Pendulum Zone considered cards in the Spell & Trap Zone?", "yes",
         "prb2017:pendulum-zones"),
        ("Is a Pendulum Monster placed in my Pendulum Zone treated as a monster?", "no", "prb2017:pendulum-zones"),
        ("Where do I place a Pendulum Monster activated as a Spell Card?",
         "the leftmost or rightmost Spell & Trap Zone (a Pendulum Zone)", "cr-draft:202.10b"),
        ("If a Pendulum Monster on the field is sent to the GY, does it go to the Extra Deck?", "yes",
         "prb2017:pendulum-monsters-added-to-the-extra-deck-face"),
        ("Does a Pendulum Monster destroyed by battle go to the Graveyard?", "no",
         "prb2017:pendulum-monsters-added-to-the-extra-deck-face"),
        ("Is a Pendulum Monster discarded from the hand added to the Extra Deck?", "no", "cr-draft:202.10k"),
        ("Can a Link Monster's arrows point to the Field Zone?", "no", "cr-draft:203.6g"),
        ("Can Link Arrows point at my opponent's monsters?", "yes", "cr-draft:203.6h"),
        ("Do monsters used as Xyz Material count as leaving the field?", "no", "cr-draft:308.6"),
        ("Can a card effect target Xyz Materials?", "no", "prb2017:xyz-materials"),
        ("Does an effect that selects cards in the Deck target?", "no", "prb2017:souleating-oviraptor"),
        ("If the monster my Equip Spell is equipped to is banished, is the Equip Spell destroyed?", "yes",
         "cr-draft:206.5"),
        ("The equipped monster is returned to the hand. What happens to the Equip Spell Card?", "it is destroyed",
         "cr-draft:206.5"),
        ("When a monster I took control of is destroyed, does it go to my Graveyard?", "no", "prb2017:graveyard"),
        ("If Monster Tokens are used as Synchro Material, do they go to the GY?", "no", "prb2017:monster-token"),
        ("Can I Special Summon a monster from my GY into the Extra Monster Zone?", "no", "prb2017:extra-monster-zone"),
        ("Is a detached Xyz Material sent to the Graveyard?", "yes", "prb2017:xyz-materials"),
        ("Are detached Xyz Materials treated as sent from the field?", "no", "prb2017:xyz-materials"),
        ("When an Xyz Monster leaves the field, are its Xyz Materials sent to the GY?", "yes", "prb2017:xyz-materials"),
        ("Can I place a second Pendulum Monster in a Pendulum Zone that already holds one?", "no",
         "prb2017:pendulum-zones"),
        ("Can each player have their own Field Spell at the same time?", "yes", "prb2017:field-zone"),
        ("Is an unused EMZ considered my opponent's zone?", "no", "prb2017:extra-monster-zone"),
        ("Is one Extra Monster Zone adjacent to the other Extra Monster Zone?", "no", "prb2017:extra-monster-zone"),
        ("Is the hand part of the field?", "no", "prb2017:2.1"),
        ("Are cards in the Field Zone cards on the field?", "yes", "prb2017:2.1"),
        ("If a card only says Deck, does it affect my opponent's Deck?", "no", "prb2017:deck-zone"),
        ("If an effect simply says Monster Zones, does it include the Extra Monster Zones too?", "yes", "prb2017:2.1"),
        ("When a Token is destroyed, does it go to the GY?", "no", "prb2017:monster-token"),
        ("Can I Special Summon a Token from my Spell/Trap Zone?", "no", "cr-draft:202.16f"),
        ("Can a Monster Token be used as Fusion Material?", "yes", "prb2017:fusion-materials"),
        ("Do a Token's effects belong to the card that Summoned it?", "yes", "prb2017:monster-token"),
        ("Can a Monster Token placed in the Spell & Trap Zone as a Continuous Spell be Special Summoned by another "
         "effect?", "no", "cr-draft:202.16f"),
        ("Is a Monster Token sent to the Graveyard when it is destroyed?", "no", "prb2017:monster-token"),
        ("If a Pendulum Monster in my Pendulum Zone is destroyed, does it go to the Graveyard?", "no",
         "prb2017:pendulum-monsters-added-to-the-extra-deck-face"),
        ("Can an Xyz Material be targeted by a card effect?", "no", "prb2017:xyz-materials"),
        ("Does an effect that adds a card from the Deck to the hand target?", "no", "prb2017:souleating-oviraptor"),
        ("Is sending a card from my Deck to the GY targeting?", "no", "prb2017:souleating-oviraptor"),
        ("Are cards banished face-up if the effect does not say face-down?", "yes", "prb2017:2.3"),
    ],
)
def test_zones(session, text, answer, quoted):
    _check(session, text, answer, quoted)


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("Does a Fusion Monster have a Level?", "yes", "cr-draft:203.5b"),
        ("Do Fusion Monsters have a Rank?", "no", "prb2017:level-rank"),
        ("Does a Ritual Monster have a Rank?", "no", "prb2017:level-rank"),
        ("Do Synchro Monsters have a Link Rating?", "no", "cr-draft:203.7b"),
        ("Do Link Monsters have a Link Rating?", "yes", "cr-draft:203.6b"),
        ("Are Xyz Monsters Special Summon Monsters?", "yes", "prb2017:special-summon-monsters"),
        ("Is a Ritual Monster considered a Special Summon Monster?", "yes", "prb2017:special-summon-monsters"),
        ("Are Link Monsters included in the Extra Deck?", "yes", "prb2017:extra-deck"),
        ("Do Synchro Monsters start in the Extra Deck?", "yes", "prb2017:extra-deck"),
        ("Is a Normal Monster a Non-Effect Monster?", "yes", "cr-draft:202.9b"),
        ("Are Normal Monsters Effect Monsters?", "no", "cr-draft:202.9b"),
        ("Is a Synchro Monster without effects a Normal Monster?", "no", "prb2017:monster-types"),
        ("Is a Pendulum Monster with no Monster Effect but a Pendulum Effect a Normal Monster?", "yes",
         "prb2017:pendulum-monsters"),
        ("Is a Gemini monster on the field treated as a Normal Monster?", "yes", "cr-draft:202.8a"),
        ("Are Monster Tokens treated as Normal Monsters?", "yes", "prb2017:monster-token"),
        ("My Gemini monster's gained effects were negated. Is it still an Effect Monster?", "yes", "cr-draft:202.8i"),
        ("Is a Flip Summon considered a change of battle position?", "yes", "cr-draft:302.3"),
        ("Is a Flip Summon treated as changing the battle position of a monster?", "yes", "cr-draft:302.3"),
        ("If a Link Monster is affected by an effect that raises its ATK and DEF, is the DEF increase applied?", "no",
         "prb2017:link-monsters-ex1"),
        ("When my Link Monster is affected by an effect that lowers its ATK and DEF, is the ATK decrease applied?",
         "yes", "prb2017:link-monsters-ex1"),
        ("Can I change the battle position of my Link Monster?", "no", "prb2017:link-monsters"),
        ("If a Synchro Monster is returned to the hand, does it go to the Extra Deck?", "yes",
         "prb2017:synchro-monsters"),
        ("When an Xyz Monster is returned to my hand by a card effect, does it go to my hand?", "no",
         "prb2017:xyz-monsters"),
        ("If a Fusion Monster in the Graveyard is shuffled into the Deck, does it go to the Main Deck?", "no",
         "prb2017:fusion-monsters"),
        ("Are Link Monsters included in the Main Deck?", "no", "prb2017:link-monsters"),
    ],
)
def test_kinds_of_monsters(session, text, answer, quoted):
    _check(session, text, answer, quoted)


@pytest.mark.parametrize(
    "text",
    [
        "Is the deck public knowledge?",  # the cards or their number?
        "Can my opponent look at my opponent's hand?",  # whose hand?
        "Are cards in the hand not public knowledge?",  # a negation no shape reads
        "Can a Field Spell only be placed in the Field Zone?",  # "only"
        "Can there be two Field Spells on the field?",  # one each: no shape reads "on the field" without an owner
        "Can I move my monster to another Main Monster Zone with an effect?",  # an effect may move it
        "Does a Pendulum Monster that is tributed go to the Graveyard?",  # from the hand or the field?
        "Can a Link Monster's arrows point to my opponent's Main Monster Zone?",  # depends on where it is
        "Is a Gemini monster in the hand treated as a Normal Monster?",  # the rule names the field and the GY
        "Is a Gemini monster an Effect Monster?",  # depends on its second Normal Summon
        "Do Ritual Monsters start in the Extra Deck?",  # no rule row says it
        "Is a Normal Monster not an Effect Monster?",  # negated question
        "Are Xyz Materials always targetable?",  # no shape
        "Can I change the order of the cards in my hand?",  # the hand has no order to change
        "Can I look at face-down banished cards?",  # mine or my opponent's?
        "Can I see the cards in the Extra Deck?",  # whose?
        "Can a Token be Special Summoned?",  # by the effect that creates it, yes; no shape reads it
        "Is an empty Extra Monster Zone mine or my opponent's?",  # "neither": not a yes/no row
        "Can I use both Extra Monster Zones at the same time?",  # only with an Extra Link
        "If a Ritual Monster is returned to the hand, does it go to the Extra Deck?",  # a Main Deck monster: no row
    ],
)
def test_near_misses_stay_unknown(session, text):
    assert ask_plain(session, text)["answer"] == "unknown", text


def test_facts_and_rows_are_merged_and_cited():
    for table in (ZONE_FACTS, KIND_FACTS):
        for key, (answer, rule, detail) in table.items():
            assert key in FACTS and FACTS[key][1] in RULES and rule in RULES and answer and detail, key
    for rows in (ZONE_RULES, KIND_RULES):
        for key, row in rows.items():
            assert RULES[key] is row
            assert row["quote"]["id"] in row["sections"] and len(row["sections"]) <= 3
    # the visibility model gives one fact per location and question, none contradicting another
    for where, (owner, opponent, *_rest) in VISIBILITY.items():
        assert FACTS[("visible", where, "public")][0] == ("yes" if opponent else "no")
        assert FACTS[("visible", where, "private")][0] == ("no" if opponent else "yes")
        assert FACTS[("visible", where, "owner_sees")][0] == ("yes" if owner else "no")


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("Can my Main Deck have 35 cards?", "no", "prb2017:main-deck"),
        ("Can I use a 60-card Main Deck?", "yes", "prb2017:main-deck"),
        ("Can a Main Deck contain 61 cards?", "no", "prb2017:main-deck"),
        ("Can my Extra Deck have 16 cards?", "no", "prb2017:extra-deck"),
        ("Can my Side Deck have 15 cards?", "yes", "prb2017:side-deck"),
        ("Can I have 4 copies of the same card in my Deck?", "no", "prb2017:side-deck"),
        ("Can a player use three copies of one card?", "yes", "prb2017:side-deck"),
    ],
)
def test_deck_construction(session, text, answer, quoted):
    _check(session, text, answer, quoted)


def test_deck_construction_bad_input(session):
    from kb.engine.rule_facts import rule_fact_answer
    from kb.errors import BadQuestionError

    for bad, field in (({"deck": "graveyard", "cards": 3}, "deck"), ({"deck": "main", "cards": "abc"}, "cards"),
                       ({"copies": -1}, "copies")):
        with pytest.raises(BadQuestionError) as err:
            rule_fact_answer(session, {"ask": "rule_fact", "topic": "deck", **bad})
        assert err.value.field == field


@pytest.mark.parametrize(
    "text,answer",
    [
        ("can my opp look at my hand", "no"),
        ("can my opp see my gy", "yes"),
        ("can i look at my face down banished cards", "yes"),
        ("can i put a field spell in my s/t zone", "no"),
        ("do tokens go to the gy", "no"),
        ("does a pendulum monster go to the extra deck when its destroyed", "yes"),
        ("can link arrows point to the s/t zones", "no"),
        ("can xyz materials be targeted", "no"),
        ("is a normal monster an effect monster", "no"),
        ("do synchro monsters have a rank", "no"),
        ("are fusion monsters special summon monsters", "yes"),
        ("can my main deck have 39 cards", "no"),
        ("can i run 4 copies of the same card", "no"),
        ("is a gemini monster in the gy a normal monster", "yes"),
        ("whats 1555 atk halved", "778"),
        ("can a link monsters arrow point to a spell & trap zone", "no"),
        ("a gemini monsters effects it gained are negated can i normal summon it again to regain its effects", "no"),
    ],
)
def test_casual_phrasings(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))


@pytest.mark.parametrize(
    "text,answer",
    [
        ("If the only card I control besides my monsters is Mystic Plasma Zone in my Field Zone, can I activate Snow "
         "Plow Hustle Rustle?", "no"),
        ("I only control Dragon Ravine in my Field Zone and monsters. Can I activate Snow Plow Hustle Rustle's effect?",
         "no"),
        # near misses: no Field Spell told, a card whose text needs something else, a parenthesis that says otherwise
        ("If the only card I have besides monsters is Pot of Greed, can I activate Snow Plow Hustle Rustle?", "unknown"),
        ("If the only card I have besides monsters is Dragon Ravine in my Field Zone, can I activate Raigeki Break?",
         "unknown"),
        ("If the only card I have besides monsters is Dragon Ravine in my Field Zone, can I activate Snow Plow Hustle "
         "Rustle (requires a direct attack)?", "unknown"),
    ],
)
def test_field_spell_is_not_in_the_spell_trap_zone(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"))
    if answer == "no":
        assert "prb2017:field-zone" in [c for step in got["steps"] for c in step["cites"]]


def test_extra_deck_monster_returned_is_the_claims_rule(session):
    """"the Deck" is the Main Deck in the rulebooks' words: a Synchro Monster returned goes to the Extra Deck,
    answered by the claims table (sets/costs_types_other.toml)."""
    from kb.understand.answer import ask_plain

    got = ask_plain(session, "If a Synchro Monster is returned to the hand, does it go to the Deck?")
    assert got["answer"] == "no" and "Extra Deck" in got["steps"][-1]["detail"], got.get("understood")
