"""Costs, missing the timing by wording, and kinds of monsters read as rule facts (kb/understand/scenario_cost.py,
answered by kb/engine/rule_facts.py): sentences written for these tests (paraphrases, other cards of the same
kind), the answer each gets, the rule it cites, and near-misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import FACT_RULES, FACTS, rule_fact_answer
from kb.engine.rules import RULES
from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain


def _ask(session, text):
    return ask_plain(session, text)


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        # a card moved as a cost (or not): destroyed? sent to the GY? discarded? by an effect?
        ("I discard a card as a cost. Is that card destroyed?", "no", "prb2017:discarding"),
        ("If I send a monster to the Graveyard as a cost, is it destroyed?", "no",
         "prb2017:costs-that-send-to-the-graveyard"),
        ("Is a monster Tributed as a cost considered destroyed?", "no", "prb2017:tributing-costs"),
        ("When I Tribute a monster, is it sent to the GY?", "yes", "prb2017:tributing-costs"),
        ("Are cards sent from the hand to the Graveyard treated as discarded?", "no",
         "prb2017:sending-to-the-graveyard-ex1"),
        ("If I send a card from my hand to the GY, is it treated as discarded?", "no",
         "prb2017:sending-to-the-graveyard-ex1"),
        ("When I discard a monster to pay a cost, is it treated as sent to the Graveyard?", "yes",
         "prb2017:discarding"),
        ("When I Tribute a monster as a cost, is it sent by a card effect?", "no", "prb2017:costs"),
        # costs and negation
        ("If the activation of my card is negated, is the cost refunded?", "no", "prb2017:costs"),
        ("Is the cost refunded if my effect is negated?", "no", "prb2017:costs"),
        ("When my card's activation gets negated, do I get my cost back?", "no", "prb2017:costs"),
        # LP costs
        ("Can I pay all my LP as a cost?", "yes", "prb2017:lp"),
        ("Can I pay an LP cost that would bring my LP to 0?", "yes", "prb2017:lp"),
        ("Can I pay more LP than I have?", "no", "prb2017:lp"),
        ("I have 1001 LP and pay half my LP to activate Solemn Judgment. How many LP do I have left?", "501",
         "prb2017:decimal-values"),
        ("I have 8000 LP and pay half my LP to activate Solemn Judgment. How many LP do I have left?", "4000",
         "prb2017:decimal-values"),
        # targeting
        ("Is targeting a cost?", "no", "md:structure"),
        ("Does targeting count as part of the cost?", "no", "md:structure"),
        # Monster Tokens
        ("Can a token be used as Xyz Material?", "no", "prb2017:monster-token"),
        ("Can Monster Tokens be used as Synchro Material?", "yes", "prb2017:monster-token"),
        ("Can a token be Set?", "no", "prb2017:monster-token"),
        ("Can I send a token to the GY as a cost?", "no", "prb2017:costs-that-send-to-the-graveyard"),
        # missing the timing by wording
        ("Can a mandatory trigger effect miss the timing?", "no",
         "md:missing-the-timing-or-missing-the-activation-window"),
        ("Can an optional 'When ... you can' effect miss the timing?", "yes",
         "md:missing-the-timing-or-missing-the-activation-window"),
        ("Do effects that say 'If ... you can' miss the timing?", "no",
         "md:missing-the-timing-or-missing-the-activation-window"),
        # kinds of monsters
        ("Do Link Monsters have a Level?", "no", "prb2017:level-rank"),
        ("Does Decode Talker have a Level?", "no", "prb2017:level-rank"),
        ("Does an Xyz Monster have a Rank?", "yes", "prb2017:level-rank"),
        ("Can a Link Monster be in Defense Position?", "no", "prb2017:peculiarities-of-link-monsters"),
        ("Can Pendulum Monsters be placed face-down in the Pendulum Zone?", "no", "cr-draft:202.10d"),
        # costs read from a named card's text
        ("Is discarding Hecatrice for its effect a cost?", "yes", "community:9.2.4"),
        ("Is Tributing Stardust Dragon for its effect a cost?", "yes", "community:9.2.4"),
        ("Can I send a face-down monster to the GY as the cost of Orea, the Sylvan High Arbiter?", "no",
         "prb2017:costs-that-send-to-the-graveyard"),
        ("Can a face-down Blue-Eyes White Dragon be Tributed as the cost of Dracocension?", "yes",
         "prb2017:tributing-costs"),
        ("Can a face-down Dark Magician be Tributed as the cost of Dracocension?", "no", None),
        ("While Macro Cosmos is face-up, can I activate Ghost Reaper & Winter Cherries by discarding it?", "yes",
         "prb2017:costs-that-discard-from-the-hand"),
        ("While Dimensional Fissure is applying, can I activate Hecatrice that discards itself to the GY as a cost?",
         "no", "prb2017:costs-that-discard-from-the-hand"),
    ],
)
def test_rule_facts_in_words(session, text, answer, quoted):
    got = _ask(session, text)
    # a negated activation's cost is also read by the negation-outcome reader (kb/understand/negation_outcome.py)
    assert got["parsed"]["ask"] in ("rule_fact", "negated"), got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    if quoted:
        assert quoted in [c for step in got["steps"] for c in step["cites"]]
    for step in got["steps"]:
        assert step["quote"]["id"] in step["cites"]


@pytest.mark.parametrize(
    "text",
    [
        "Can an optional effect miss the timing?",  # "When" or "If" decides it and is not said
        "Does Blue-Eyes White Dragon have a Level?",  # no rule row says it of a Normal Monster
        "I have 1000 LP and pay half my LP to activate Mirror Force. How many LP do I have left?",  # no LP cost
        "Is a card banished as a cost destroyed?",  # no rule row about banishing
        "I Tribute a monster as a cost. Is my opponent's monster destroyed?",  # asks of another card
        "Can I send a face-down monster to the GY as the cost of Pollinosis?",  # Pollinosis Tributes
        "Is discarding Sangan for its effect a cost?",  # Sangan discards nothing
        "Can a Fusion Monster be in Defense Position?",  # no shape reads it
    ],
)
def test_rule_facts_near_misses_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


def test_every_fact_names_a_rule_with_a_quote():
    for key, (answer, rule, detail) in FACTS.items():
        assert answer, key
        assert rule in RULES, key
        assert detail, key
    for key, row in FACT_RULES.items():
        assert RULES[key] is row
        assert row["quote"]["id"] in row["sections"] and len(row["sections"]) <= 3


def test_rule_fact_questions_in_json(session):
    got = rule_fact_answer(session, {"ask": "rule_fact", "topic": "kind", "subject": "ritual", "asked": "level"})
    assert got["answer"] == "unknown"
    with pytest.raises(BadQuestionError) as err:
        rule_fact_answer(session, {"ask": "rule_fact", "topic": "weather"})
    assert err.value.field == "topic"
    with pytest.raises(BadQuestionError) as err:
        rule_fact_answer(session, {"ask": "rule_fact", "topic": "lp_cost", "lp": "abc", "card": "Solemn Judgment"})
    assert err.value.field == "lp"
    got = rule_fact_answer(session, {"ask": "rule_fact", "topic": "lp_cost", "lp": 525, "pay": "half",
                                     "card": "Solemn Judgment", "asked": "left"})
    assert got["answer"] == "263"


def test_summon_cost_bad_input(session):
    from kb import engine

    question = {"ask": "scenario", "state": {"players": {"A": {"hand": ["The Tricky", "Sangan"]}}},
                "actions": [{"do": "special_summon", "card": "The Tricky", "how": "effect",
                             "cost": {"discard": ["Sangan"]}}], "query": {"kind": "legal"}}
    with pytest.raises(BadQuestionError) as err:
        engine.ask(session, question)
    assert err.value.field == "actions[0].cost"
    question["actions"] = [{"do": "special_summon", "card": "The Tricky", "cost": {"pay_lp": 100}}]
    with pytest.raises(BadQuestionError) as err:
        engine.ask(session, question)
    assert err.value.field == "actions[0].cost.pay_lp"
    question["actions"] = [{"do": "move", "card": "Sangan", "to": "gy", "discarded": "yes"}]
    with pytest.raises(BadQuestionError) as err:
        engine.ask(session, question)
    assert err.value.field == "actions[0].discarded"


@pytest.mark.parametrize(
    "text,answer",
    [
        # a Summon procedure's cost is paid first: the card it moved is not the last thing to happen
        ("If I Special Summon The Tricky by discarding Archfiend of Gilfer, can Archfiend of Gilfer's effect be "
         "activated?", "no"),
        ("If I Special Summon Apprentice Illusion Magician by discarding Peten the Dark Clown, does Peten the Dark "
         "Clown miss the timing?", "yes"),
        ("I Special Summon The Tricky by discarding Mermail Abyssgunde. Can Mermail Abyssgunde's effect be "
         "activated?", "yes"),  # "If ... you can" does not miss the timing
        # sent from the hand is not discarded
        ("Mermail Abyssgunde is sent from my hand to the GY by Guardian Dreadscythe's effect. Can Mermail "
         "Abyssgunde's effect activate?", "no"),
        ("The Fabled Cerburrel is sent from my hand to the GY by Guardian Dreadscythe's effect. Can The Fabled "
         "Cerburrel's 'If this card is discarded' effect activate?", "no"),
        # a card that went on to the hand is a new card
        ("I discard Archfiend of Gilfer as the cost of Monster Reincarnation and add that Archfiend of Gilfer back "
         "to my hand with its effect. Can Archfiend of Gilfer's effect be activated?", "no"),
    ],
)
def test_cost_stories_simulated(session, text, answer):
    got = _ask(session, text)
    assert got["parsed"]["ask"] == "scenario", got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    assert got["replay"]


@pytest.mark.parametrize(
    "text",
    [
        # Sangan has no Summon procedure that discards
        "If I Special Summon Sangan by discarding Archfiend of Gilfer, can Archfiend of Gilfer's effect be activated?",
        # Monster Reincarnation discards, it does not send from the hand
        "Mermail Abyssgunde is sent from my hand to the GY by Monster Reincarnation's effect. Can Mermail "
        "Abyssgunde's effect activate?",
        # the quoted condition is not the card's
        "The Fabled Cerburrel is sent from my hand to the GY by Guardian Dreadscythe's effect. Can The Fabled "
        "Cerburrel's 'If this card is destroyed' effect activate?",
    ],
)
def test_cost_stories_near_misses(session, text):
    got = _ask(session, text)
    assert got["answer"] == "unknown" or (got.get("parsed") or {}).get("ask") != "scenario"


@pytest.mark.parametrize(
    "text,answer",
    [
        # an original-ATK change recalculates the earlier increase on the new original ATK
        ("Blue-Eyes White Dragon's ATK was raised to 3700 by Rush Recklessly, then Shrink is applied. What is its "
         "ATK?", "2200"),
        ("My 1800 ATK monster is equipped with Axe of Despair, then Shrink is activated on it. What is its ATK now?",
         "1900"),
        # "becomes half its current ATK" fixes the value: the earlier increase is not reapplied
        ("Blue-Eyes White Dragon's ATK was raised to 3700 by Rush Recklessly, then Blackwing - Gale the Whirlwind "
         "halves its ATK. What is its ATK?", "1850"),
        # later increases apply on top
        ("A 2000 ATK monster's ATK was halved by Blackwing - Gale the Whirlwind, then Rush Recklessly is applied. "
         "What is its ATK?", "1700"),
    ],
)
def test_atk_stories(session, text, answer):
    got = _ask(session, text)
    assert got["parsed"]["topic"] == "atk", got.get("understood")
    assert got["answer"] == answer, got["explanation"]
    assert all(step["cites"] for step in got["steps"])


@pytest.mark.parametrize(
    "text",
    [
        # the stated value is not what the card does (2500 + 700 = 3200)
        "Blue-Eyes White Dragon's ATK was raised to 3500 by Rush Recklessly, then Shrink is applied. What is its ATK?",
        # Axe of Despair does not halve ATK
        "Blue-Eyes White Dragon's ATK was raised to 3700 by Rush Recklessly, then Axe of Despair halves its ATK. "
        "What is its ATK?",
        # a "?" ATK monster whose own effect sets its ATK
        "Gogogo Golem - Golden Form's ATK was raised to 4700 by Rush Recklessly, then Shrink is applied. What is its "
        "ATK?",
        # Pot of Greed changes no ATK
        "Blue-Eyes White Dragon's ATK was raised to 3700 by Rush Recklessly, then Pot of Greed is applied. What is "
        "its ATK?",
    ],
)
def test_atk_near_misses(session, text):
    assert _ask(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        # Trap Cards that become monsters (read from their text)
        ("Can Embodiment of Apophis, while it is a monster, be destroyed by an effect that destroys Spell/Trap "
         "Cards?", "yes"),
        ("Can The Phantom Knights of Shadow Veil while it is a monster card be destroyed by cards that destroy "
         "Spells/Traps?", "no"),
        ("Once Stronghold the Moving Fortress becomes a monster, is it treated as an Effect Monster?", "yes"),
        # "you win the Duel" is not an effect
        ("Is the 'you win the Duel' text of Final Countdown an effect?", "no"),
        # a card that targets needs a target
        ("Can I activate Monster Reborn when there are no monsters in either GY?", "no"),
        ("Can I activate Book of Moon if no monsters are on the field?", "no"),
        # both players at once
        ("A card says 'each player chooses 1 monster they control'. Who chooses first?", "the turn player"),
        # a banished card returned to the GY
        ("When a banished card is returned to the GY, is it considered sent to the GY?", "no"),
    ],
)
def test_card_type_and_other_facts(session, text, answer):
    got = _ask(session, text)
    # a negated activation's cost is also read by the negation-outcome reader (kb/understand/negation_outcome.py)
    assert got["parsed"]["ask"] in ("rule_fact", "negated"), got.get("understood")
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text",
    [
        "Can I activate Mystical Space Typhoon when there are no face-up monsters on the field?",  # it targets S/T
        "Is the 'you win the Duel' text of Pot of Greed an effect?",  # Pot of Greed has no such text
        "Can Blue-Eyes White Dragon, while it is a monster, be destroyed by an effect that destroys Spell/Trap "
        "Cards?",  # not a Trap Card
        "Can I activate Book of Moon when there are no face-down monsters on the field?",  # face-up ones may be there
    ],
)
def test_card_type_and_other_near_misses(session, text):
    assert _ask(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can I Tribute a monster my opponent controls as a cost?", "no"),
        ("Can I activate a card if I cannot pay its cost?", "no"),
        ("Is the cost paid when the card resolves?", "no"),
        ("Are costs paid on activation?", "yes"),
        ("Can a Link Monster be set?", "no"),
        # a kind of Spell/Trap Set this turn (today's engine answers the structured question)
        ("I Set a Counter Trap this turn. Can I activate it this turn?", "no"),
        ("I set a Normal Trap Card earlier this turn. Can I activate it in the same turn?", "no"),
        ("I Set a Continuous Spell this turn. Can I activate it this turn?", "yes"),
    ],
)
def test_more_cost_and_set_facts(session, text, answer):
    got = _ask(session, text)
    assert got["answer"] == answer, (got.get("understood"), got["explanation"])


def test_set_story_needs_a_kind_of_spell_or_trap(session):
    assert _ask(session, "I Set a monster this turn. Can I activate it this turn?")["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("If a card with a 'When this card is sent to the Graveyard: You can' effect is sent to the Graveyard as a "
         "cost, can its effect be activated?", "no"),
        ("If a monster with an 'If this card is sent to the GY: You can' effect is Tributed as a cost, can its "
         "effect be activated?", "yes"),
        ("Does an optional 'When ... you can' effect miss the timing if the card is discarded as a cost?", "yes"),
        ("If a card with a mandatory 'If this card is discarded' effect is discarded as a cost, does its effect "
         "activate?", "yes"),
    ],
)
def test_trigger_wording_after_a_cost(session, text, answer):
    got = _ask(session, text)
    assert got["parsed"]["topic"] == "miss_timing_cost", got.get("understood")
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text",
    [
        # the effect waits for a discard, the cost Tributed it
        "If a card with a 'When this card is discarded: You can' effect is Tributed as a cost, can its effect be "
        "activated?",
        # the wording of the effect is not said
        "If a card with an effect is sent to the GY as a cost, can its effect be activated?",
        # "by a card effect" is a condition the cost does not meet: not read
        "If a card with an 'If this card is sent to the GY by a card effect: You can' effect is sent to the GY as a "
        "cost, can its effect be activated?",
    ],
)
def test_trigger_wording_after_a_cost_near_misses(session, text):
    assert _ask(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I activate Raigeki Break by discarding Peten the Dark Clown. Raigeki Break's effect is negated. Can "
         "Peten the Dark Clown's effect be activated?", "no"),
        ("While Royal Decree is applying, I activate Raigeki Break by discarding Mermail Abyssgunde. Raigeki "
         "Break's effect is negated. Can Mermail Abyssgunde's effect be activated?", "yes"),
    ],
)
def test_cost_then_negated_effect(session, text, answer):
    got = _ask(session, text)
    assert got["parsed"]["ask"] == "scenario", got.get("understood")
    assert got["parsed"]["actions"][-1]["effect_negated"] is True
    assert got["answer"] == answer, got["explanation"]


def test_cost_then_negated_effect_needs_a_lasting_negation_of_that_kind(session):
    # Royal Decree negates Trap effects: it says nothing of a Spell's effect
    text = ("While Royal Decree is applying, I activate Monster Reincarnation by discarding Archfiend of Gilfer. "
            "Monster Reincarnation's effect is negated. Can Archfiend of Gilfer's effect be activated?")
    got = _ask(session, text)
    assert got["answer"] == "unknown" or (got.get("parsed") or {}).get("ask") != "scenario"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I have 3001 LP and pay half my LP. How many LP do I have left?", "1501"),
        ("I have 1000 LP. Can I pay 1000 LP as a cost?", "yes"),
        ("I have 900 LP. Can I pay 1000 LP as a cost?", "no"),
        ("Is a Tributed monster destroyed?", "no"),
        ("Is a discarded card considered destroyed?", "no"),
        ("Are discarded cards sent to the Graveyard?", "yes"),
    ],
)
def test_lp_costs_and_moved_cards_without_a_card(session, text, answer):
    got = _ask(session, text)
    # a negated activation's cost is also read by the negation-outcome reader (kb/understand/negation_outcome.py)
    assert got["parsed"]["ask"] in ("rule_fact", "negated"), got.get("understood")
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I Tribute Summon Summoned Skull by Tributing Peten the Dark Clown. Can Peten the Dark Clown's effect be "
         "activated?", "no"),
        # Synchro Monsters whose Level the materials' Levels reach (materials.py checks them): Gusto Falco 2 + 4 = 6
        ("If I Synchro Summon Brionac, Dragon of the Ice Barrier using Gusto Falco and another monster, can Gusto "
         "Falco's effect be activated?", "no"),
        # Gusto Falco 2 + Sangan 3 = 5
        ("I Synchro Summon Ally of Justice Catastor using Gusto Falco and Sangan. Does Sangan's effect activate?",
         "yes"),
    ],
)
def test_tributes_and_materials_before_the_summon(session, text, answer):
    got = _ask(session, text)
    assert got["parsed"]["ask"] == "scenario", got.get("understood")
    assert got["answer"] == answer, got["explanation"]


def test_tribute_story_needs_one_tribute(session):
    text = ("I Tribute Summon Blue-Eyes White Dragon by Tributing Peten the Dark Clown. Can Peten the Dark Clown's "
            "effect be activated?")
    assert _ask(session, text)["answer"] == "unknown"


def test_a_monster_that_gains_an_effect(session):
    got = _ask(session, "If a monster without effects gains an effect from another card, is it considered an "
                        "Effect Monster?")
    assert got["answer"] == "yes", got.get("understood")
    # Gagaga Magician grants no effect; Gagaga Head is not among the materials said
    assert _ask(session, "Gem-Knight Pearl gains an effect from Gagaga Magician. Is it treated as an Effect "
                         "Monster?")["answer"] == "unknown"
    assert _ask(session, "Gem-Knight Pearl is Xyz Summoned using Gagaga Magician and Gagaga Girl and gains an effect "
                         "from Gagaga Head. Is it treated as an Effect Monster?")["answer"] == "unknown"
    # already an Effect Monster
    assert _ask(session, "Number 39: Utopia gains an effect from Gagaga Head. Is it treated as an Effect "
                         "Monster?")["answer"] == "unknown"


def test_each_time_you_draw_is_one_draw(session):
    got = _ask(session, "While Solemn Wishes is face-up, I draw 2 cards with Pot of Greed. How much LP do I gain?")
    assert got["answer"] == "500", got["explanation"]
    assert "prb2017:drawing-ex2" in got["steps"][-1]["cites"]
    # Pot of Greed draws 2, not 3
    assert _ask(session, "While Solemn Wishes is face-up, I draw 3 cards with Pot of Greed. How much LP do I "
                         "gain?")["answer"] == "unknown"


def test_cost_part_of_a_named_kind_of_effect(session):
    assert _ask(session, "Is discarding Hecatrice for its search effect a cost?")["answer"] == "yes"
    # Stardust Dragon has no draw effect; "cool" names no kind of effect
    assert _ask(session, "Is Tributing Stardust Dragon for its draw effect a cost?")["answer"] == "unknown"
    assert _ask(session, "Is Tributing Stardust Dragon for its cool effect a cost?")["answer"] == "unknown"
