"""Negation questions in words: what happens after a negation (kb/understand/negation_outcome.py onto
kb/engine/negated.py).  Sentences written for these tests, paraphrases that must read the same, other
cards and kinds of cards, and near misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.engine.negated import answer_negated
from kb.engine.rules import RULES
from kb.errors import BadQuestionError
from kb.understand import understand
from kb.understand.answer import ask_plain


def _negated(session, text):
    reading = understand(session, text)
    question = reading.frame.question if reading.frame else None
    return question if question and question.get("ask") == "negated" else None


# ------------------------------------------------------------------------------ answers from the rules


@pytest.mark.parametrize(
    "text,answer",
    [
        # a Spell/Trap Card's activation negated: where it goes, and when
        ("The activation of my Continuous Trap Card is negated. Does it go to the GY after the chain resolves?",
         "yes"),
        ("My opponent negates the activation of my Equip Spell Card. Does it stay on the field?", "no"),
        ("my field spell's activation gets negated. does it remain on the field", "no"),
        ("If the activation of my Spell Card is negated, is it treated as having been sent from the field?", "no"),
        ("My opponent negated the activation of my Normal Trap Card and destroyed it. Did it leave the field?",
         "no"),
        # costs
        ("My opponent negates the activation of my Quick-Play Spell Card. Are my costs refunded?", "no"),
        ("The activation of my monster's effect is negated. Do I get my LP back?", "no"),
        ("The activation of my Trap Card was negated. Is the cost still paid?", "yes"),
        # a named negating card that destroys what it negates
        ("I activate Call of the Haunted and my opponent negates it with Solemn Judgment. Is it destroyed?", "yes"),
        ("I activate Call of the Haunted and my opponent negates it with Solemn Judgment. Is it sent to the "
         "Graveyard at the end of the chain?", "no"),
        ("Magic Jammer negates the activation of my Swords of Revealing Light. Is it destroyed?", "yes"),
        # a monster on the field whose effect's activation is negated by a card that destroys it
        ("The activation of Evilswarm Exciton Knight's effect is negated by Solemn Strike. Is it destroyed?",
         "yes"),
        # once per turn: a monster effect with a once-per-turn limit
        ("The activation of Ash Blossom & Joyous Spring's effect is negated. Can I activate it again this turn?",
         "no"),
        ("Ghost Belle & Haunted Mansion's activation was negated by my opponent. Can I use its effect again this "
         "turn?", "no"),
        # a Spell/Trap Card that can only be activated once per turn: another copy can be
        ("My opponent negates my Lightning Storm. Can I activate another Lightning Storm this turn?", "yes"),
        ("The activation of my Pot of Duality was negated by Dark Bribe. Can I activate a second Pot of Duality "
         "that turn?", "yes"),
        # a negated activation is treated as never activated, and not as sent from the field
        ("The activation of Mirror Force is negated. Is it treated as having been activated?", "no"),
        ("The activation of Axe of Despair is negated. Does its effect that activates when it is sent from the "
         "field to the GY activate?", "no"),
        # only the effect negated: the activation stands
        ("I activate Ash Blossom & Joyous Spring and my opponent chains Effect Veiler to negate its effect. "
         "Is its activation negated?", "no"),
        ("Pot of Greed's effect is negated when it resolves. Was it treated as activated?", "yes"),
        ("I activate Ash Blossom & Joyous Spring. My opponent chains Effect Veiler to negate its effect. "
         "Can I activate it again this turn?", "no"),
        # Summons
        ("My opponent negates my Normal Summon. Can I Normal Summon another monster this turn?", "no"),
        ("I Normal Summon Blue-Eyes White Dragon and my opponent negates it with Solemn Strike. "
         "Can I still Normal Summon this turn?", "no"),
        ("My Tribute Summon is negated. Do I get my Tributes back?", "no"),
        ("After my Tribute Summon is negated, are my Tributes returned?", "no"),
        ("If an opponent negates the activation of my Spell Card, do I get back the cost I paid?", "no"),
        ("My opponent negated my Pendulum Summon. Can I Pendulum Summon again this turn?", "no"),
        ("My Link Summon of Sky Striker Ace - Kagari is negated. Can I try to Summon it again this turn?", "yes"),
        ("My opponent's Solemn Warning negated my Normal Summon. Can I Normal Summon again this turn?", "no"),
        ("When a Normal Summon is negated, does it still count as the turn's Normal Summon?", "yes"),
        ("My Synchro Summon of Stardust Dragon was negated. Was it ever on the field?", "no"),
        ("My opponent negates my Link Summon of Knightmare Phoenix. Is it treated as having been Summoned?", "no"),
        ("My Normal Summon of Dark Magician is negated. Is it sent to the Graveyard?", "yes"),
    ],
)
def test_negation_outcomes(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "negated", got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    step = got["steps"][0]
    assert step["cites"] and step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        "The activation of my Continuous Spell Card is negated. Is it sent to the GY at the end of that chain?",
        "If the activation of my Continuous Spell Card is negated, is it sent to the Graveyard at the end of the "
        "Chain?",
        "My opponent negates the activation of my Continuous Spell Card. Does it go to the graveyard at the end "
        "of the chain?",
        "my continuous spell card's activation was negated. will it be sent to the gy at the end of the chain",
        "I activate a Continuous Spell Card and my opponent negates it. Is it sent to the GY at the end of the "
        "chain?",
    ],
)
def test_paraphrases_read_the_same(session, text):
    question = _negated(session, text)
    assert question == {
        "ask": "negated",
        "negated": "activation",
        "card": {"class": {"type": "spell", "property": "continuous"}},
        "outcome": "to_gy_end_of_chain",
    }
    assert ask_plain(session, text)["answer"] == "yes"


# ------------------------------------------------------------------------------ honest "unknown"


@pytest.mark.parametrize(
    "text",
    [
        # which card negated it decides whether the monster stays (a Counter Trap may destroy it); with no
        # negating card said, "unless stated otherwise ... not moved" answers (tests/test_negation_said.py)
        "The activation of my monster's effect is negated by a Counter Trap. Is my monster destroyed?",
        # a Spell/Trap Card's own activation: the once-per-turn wording and the copy decide
        "The activation of my Pot of Greed is negated. Can I activate it again this turn?",
        # whether it is destroyed depends on the negating card
        "The activation of my Trap Card is negated. Is it destroyed?",
        # no limit of one Special Summon per turn: where the monster went (the GY) decides, not the negation
        "My Link Summon of Decode Talker is negated. Can I try to Summon it again this turn?",
        "If a Link Summon is negated, can the player try to Link Summon that monster again in the same turn?",
        # the negating card banishes it: not the GY
        "The activation of Pot of Greed is negated by Invoked Mechaba. Is Pot of Greed sent to the GY?",
        # a monster whose effect was activated from the hand is not on the field to be destroyed
        "The activation of Ash Blossom & Joyous Spring is negated by Solemn Strike. Is Ash Blossom destroyed?",
        # its cost banished it
        "The activation of Rescue Rabbit's effect is negated by Solemn Strike. Does Rescue Rabbit stay on the "
        "field?",
        # no once-per-turn limit on the card: the engine does not say (another copy may be in the hand or not)
        "My opponent negated the activation of my Pot of Greed. Can I activate another Pot of Greed this turn?",
        # no effect that needs it sent from the field is known for a kind of card
        "The activation of my Trap Card is negated. Does its effect that activates when it is sent from the field "
        "to the GY activate?",
        # a monster effect with no once-per-turn limit: its conditions decide
        "The activation of Dark Magician of Chaos's effect is negated. Can I activate it again this turn?",
    ],
)
def test_unknown_when_the_rules_do_not_decide(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown", got.get("explanation")


@pytest.mark.parametrize(
    "text",
    [
        # a word the shapes do not read: no negation reading (it would answer another question)
        "The activation of my Continuous Spell Card is negated. Is it sent to the Graveyard immediately?",
        # the question is about another card than the one negated
        "The activation of Call of the Haunted is negated. Is Mirror Force sent to the Graveyard?",
        # no negation in the story
        "I activate my Continuous Spell Card. Is it sent to the Graveyard at the end of the chain?",
        # "negates my monster": its activation or its effect is not said
        "My opponent negates my Ash Blossom & Joyous Spring. Can I use it again this turn?",
        # "its effect is negated" (not its activation) is not a story shape
        "Skill Drain negates the effects of my monster. Can I activate it again this turn?",
    ],
)
def test_near_misses_are_not_read(session, text):
    assert _negated(session, text) is None
    assert ask_plain(session, text)["answer"] in ("unknown", "yes", "no")


# ------------------------------------------------------------------------------ the JSON form


def test_json_errors_name_the_field(session):
    with pytest.raises(BadQuestionError) as err:
        answer_negated(session, {"ask": "negated", "negated": "cards", "card": {"card": "Pot of Greed"},
                                 "outcome": "to_gy"})
    assert "negated" in str(err.value)
    with pytest.raises(BadQuestionError):
        answer_negated(session, {"ask": "negated", "negated": "activation", "card": "Pot of Greed",
                                 "outcome": "to_gy"})
    with pytest.raises(BadQuestionError):
        answer_negated(session, {"ask": "negated", "negated": "activation", "card": {"card": "Pot of Greed"},
                                 "outcome": "explodes"})
    with pytest.raises(BadQuestionError):
        answer_negated(session, {"ask": "negated", "negated": "activation", "how": "link",
                                 "card": {"card": "Pot of Greed"}, "outcome": "to_gy"})


def test_rows_cite_at_most_three_sections():
    for key in ("negated_card_to_gy", "negated_summon_retry", "fact_cost_not_refunded", "negated_opt_monster"):
        row = RULES[key]
        assert 1 <= len(row["sections"]) <= 3 and row["quote"]["id"] in row["sections"]


# ------------------------------------------------------------------------------ Skill Drain and the like


@pytest.mark.parametrize(
    "text,answer",
    [
        ("While Skill Drain is applying, can my face-up monsters still activate their effects?", "yes"),
        ("my opponent controls skill drain. can my monsters still activate their effects", "yes"),
        ("while skill drain is on the field can monsters still activate their effects", "yes"),
        # read over the "while X is applying" permission reading (Skill Drain grants no permission)
        ("While Skill Drain is active, can I activate the effects of my monsters?", "yes"),
        # the monster left the field as its cost: not face-up on the field when its effect resolves
        ("Skill Drain is face-up. Rescue Rabbit banishes itself as a cost to activate its effect. Is its effect "
         "negated?", "no"),
        ("Skill Drain is active. Rescue Rabbit banishes itself as the cost. Does it resolve?", "yes"),
        # activated in the hand or the GY
        ("My opponent controls Skill Drain. I activate Effect Veiler from my hand. Is it negated?", "no"),
        ("While Skill Drain is face-up, is Sangan's effect negated?", "no"),
        ("Skill Drain is on the field. Sangan is sent to the Graveyard and its effect activates. Is it negated?",
         "no"),
        ("While Skill Drain is face-up, does Skill Drain negate Effect Veiler's effect activated from the hand?",
         "no"),
        # face-up on the field when it resolves
        ("Skill Drain is active. My face-up Thousand-Eyes Restrict activates its effect. Is it negated?", "yes"),
        ("I control Skill Drain. Evilswarm Exciton Knight activates its effect. Does Skill Drain negate it?", "yes"),
        # its cost sends it to the GY
        ("I control Skill Drain. Thunder King Rai-Oh activates its effect. Is it negated?", "no"),
        # a Trap Card that is a monster: the effects it activates as one are monster effects
        ("My opponent controls Skill Drain. Is the effect of Statue of Anguish Pattern (a Trap Card treated as a "
         "monster) negated?", "yes"),
    ],
)
def test_lasting_negation_of_monsters(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "field_negation", got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] in got["steps"][0]["cites"]


@pytest.mark.parametrize(
    "text",
    [
        # negated on the field: it resolves with no effect ("does it resolve" is not a yes or a no)
        "Skill Drain is active. My face-up Thousand-Eyes Restrict activates its effect. Does it resolve?",
        # a Trap Card whose being a monster is not said
        "While Skill Drain is applying, is the effect of Statue of Anguish Pattern negated?",
        # a one-time negation, not a lasting one
        "While Dark Ruler No More is applying, can my face-up monsters still activate their effects?",
        # its cost may Tribute itself or another monster
        "While Skill Drain is applying, is Cannon Soldier's effect negated?",
        # an effect in the hand and one on the field: which is meant is not said
        "While Skill Drain is applying, is Stardust Dragon's effect negated?",
    ],
)
def test_lasting_negation_unknown(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown", got.get("explanation")


def test_lasting_negation_reads_only_whole_sentences(session):
    reading = understand(session, "Skill Drain is active. Rescue Rabbit banishes itself as a cost. Sangan is "
                                  "destroyed. Does its effect resolve?")
    assert reading.frame is None or reading.frame.question.get("ask") != "field_negation"


# ------------------------------------------------------------------------------ a Summon by a card's effect


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can Solemn Strike negate a Special Summon by Monster Reborn?", "no"),
        ("can solemn warning negate a fusion summon with polymerization", "no"),
        ("Can Solemn Judgment negate a Ritual Summon by Advanced Ritual Art?", "no"),
        ("Can Solemn Strike negate a Special Summon by Rescue Rabbit's effect?", "no"),
        # the Summon itself, by the player: the negation applies
        ("Can Solemn Strike negate a Special Summon?", "yes"),
    ],
)
def test_summon_by_a_card(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "negate", got.get("understood")
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text",
    [
        # Cyber Dragon's Special Summon is built in (no effect): not read as a Summon by an effect
        "Can Solemn Warning negate a Special Summon by Cyber Dragon's effect?",
        # a monster named alone may be the monster Summoned or its material
        "Can Solemn Strike negate a Special Summon by Stardust Dragon?",
    ],
)
def test_summon_by_a_card_not_read(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


# ------------------------------------------------------------------------------ effects negated afterwards


@pytest.mark.parametrize(
    "text,answer",
    [
        ("D/D/D Dragon King Pendragon gained 500 ATK with its own effect. Then its effects are negated by Skill "
         "Drain. Does it keep the 500 ATK?", "no"),
        ("D/D/D Dragon King Pendragon used its effect to gain 500 ATK, then Breakthrough Skill negates its "
         "effects. What is its ATK?", "its original value (2600)"),
        ("Guardian of Felgrand has equipped a monster with its effect, and then its effects are negated by "
         "Breakthrough Skill. Is the equipped monster destroyed?", "yes"),
        ("Gateway to Chaos has Spell Counters on itself, then Silent Swordsman LV7 negates its effects. Are the "
         "Spell Counters removed?", "yes"),
        ("Breaker the Magical Warrior has a Spell Counter on it. Then its effects are negated by Skill Drain. "
         "Does it keep its counters?", "no"),
        ("My Gemini Monster gained its effects, then its effects were negated. Is it still an Effect Monster?",
         "yes"),
        ("Elemental HERO Neos Alius gained its effects and then had them negated by Skill Drain. Can I Normal "
         "Summon it again to gain its effects?", "no"),
    ],
)
def test_effects_negated_afterwards(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "negated_effects", got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] in got["steps"][0]["cites"]


@pytest.mark.parametrize(
    "text",
    [
        # no ATK change by its own effect: the story does not fit the card
        "Blue-Eyes White Dragon gained 500 ATK with its effect, then its effects are negated. What is its ATK?",
        # no effect that equips
        "Cyber Dragon has equipped a monster with its effect, then Skill Drain is applied. What happens to the "
        "equipped monster?",
        # Dark Hole negates nothing
        "Guardian of Felgrand has equipped a monster with its effect, then Dark Hole is activated. Is the "
        "equipped monster destroyed?",
    ],
)
def test_effects_negated_unknown(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


def test_a_place_after_the_card_negated_is_not_the_asked_cards(session):
    """ "in the GY" right after the card responded to may be where that card is: not read as the asked
    card's location (Divine Wrath can negate a monster effect activated in the GY)."""
    got = ask_plain(session, "Can Divine Wrath negate the activation of a monster's effect in the graveyard?")
    assert got["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("can i use solemn judgment on a normal summon", "yes"),
        ("Can I use Solemn Warning against a Synchro Summon?", "yes"),
        ("can i use solemn strike on a normal summon", "no"),
        # Trap Hole answers a Summon without negating it: not asked as a negation
        ("can i use trap hole on a normal summon", "unknown"),
    ],
)
def test_use_a_card_on_a_summon(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text,answer",
    [
        # the card asked about is already a link of the told chain: asked at its own link
        ("My opponent activates Mystical Space Typhoon. I chain Magic Jammer. Did Magic Jammer negate Mystical "
         "Space Typhoon?", "yes"),
        ("Player A activates Mystical Space Typhoon targeting Dust Tornado. Player B chains Dust Tornado, then "
         "Player A chains Magic Jammer. Can Magic Jammer negate Mystical Space Typhoon?", "no"),
        ("My opponent activates Mystical Space Typhoon. I chain Dust Tornado and my opponent chains Magic Jammer. "
         "Can Magic Jammer negate Mystical Space Typhoon?", "no"),
        ("Did Mystical Space Typhoon negate Call of the Haunted?", "no"),
    ],
)
def test_negation_in_a_told_chain(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text,answer",
    [
        ("My Stardust Dragon is negated by Infinite Impermanence. Then I target it with Forbidden Lance. Is it "
         "still negated?", "no"),
        ("Skill Drain is applying and I use Forbidden Lance on my Stardust Dragon. Is Stardust Dragon negated?",
         "no"),
        # Mystical Space Typhoon makes nothing unaffected
        ("Dimensional Barrier is negating my Xyz Monster. If I then target it with Mystical Space Typhoon, do its "
         "effects stay negated?", "unknown"),
        # a monster effect's negation is not a Spell/Trap effect
        ("My Stardust Dragon is negated by Effect Veiler. Then I target it with Forbidden Lance. Is it still "
         "negated?", "unknown"),
    ],
)
def test_unaffected_by_spell_trap_effects(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text,answer",
    [
        # "When a Level 5 or higher monster(s) would be Special Summoned": checked against the named monster
        ("Can Steelswarm Roach negate the Synchro Summon of Stardust Dragon?", "yes"),
        ("Can Steelswarm Roach negate the Special Summon of Gladiator Beast Bestiari?", "no"),
        ("Can Steelswarm Roach negate the Link Summon of Decode Talker?", "no"),  # no Level
    ],
)
def test_summon_condition_kind(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


def test_kind_condition_reads_levels_and_attributes():
    from kb.engine.summon_conditions import kind_condition

    roach = "When a Level 5 or higher monster(s) would be Special Summoned"
    assert kind_condition(roach, {"level": 8})[0] == "pass"
    assert kind_condition(roach, {"level": 4})[0] == "fail"
    assert kind_condition(roach, {"level": None, "rank": 4})[0] == "fail"
    assert kind_condition(roach, {"level": None}) is None
    assert kind_condition("When a LIGHT or DARK monster would be Summoned", {"attribute": "Fire"})[0] == "fail"
    assert kind_condition("When a LIGHT or DARK monster would be Summoned", {"attribute": "Dark"})[0] == "pass"
    assert kind_condition("When a Level 5 or higher Tuner would be Summoned", {"level": 6}) is None


@pytest.mark.parametrize(
    "text,answer",
    [
        ("My opponent Pendulum Summons a Level 3 and a Level 8 monster at once and I activate Steelswarm Roach. "
         "Is the Summon of the Level 3 monster negated?", "no"),
        ("My opponent Pendulum Summons a Level 3 and a Level 8 monster at once and I activate Steelswarm Roach. "
         "Is the Summon of the Level 8 monster negated?", "yes"),
        # Thunder King Rai-Oh cannot answer a Summon of several monsters at all
        ("My opponent Pendulum Summons a Level 3 and a Level 8 monster at once and I activate Thunder King "
         "Rai-Oh. Is the Summon of the Level 8 monster negated?", "no"),
        # a Level not Summoned: no reading
        ("My opponent Pendulum Summons a Level 3 and a Level 8 monster at once and I activate Steelswarm Roach. "
         "Is the Summon of the Level 5 monster negated?", "unknown"),
    ],
)
def test_which_monsters_of_a_summon_of_several(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Dark Hole destroys my Blue-Eyes White Dragon and my opponent's Masked HERO Dark Law at the same time. "
         "Is Blue-Eyes White Dragon banished?", "no"),
        # no Continuous Effect that banishes instead
        ("Blue-Eyes White Dragon and Dark Magician are destroyed at the same time. Is Blue-Eyes White Dragon "
         "banished?", "unknown"),
    ],
)
def test_destroyed_at_the_same_time(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer
