"""Chain and SEGOC questions in words (kb/understand/chain_rules.py and the chain stories of
kb/understand/scenario_chain.py): sentences written for these tests, paraphrases that must read the same,
other kinds of cards, and near misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.understand import understand
from kb.understand.answer import ask_plain


def _rule(session, text):
    reading = understand(session, text)
    question = reading.frame.question if reading.frame else None
    return question if question and question.get("ask") == "chain_rule" else None


# ------------------------------------------------------------------------------------ SEGOC of kinds


@pytest.mark.parametrize(
    "text,answer",
    [
        # which goes first, every kind said
        (
            "On my opponent's turn, my mandatory trigger effect and my opponent's optional trigger effect activate "
            "simultaneously. Which one goes on the chain first?",
            "the opponent's mandatory effect (yours)",
        ),
        (
            "During my turn my mandatory Trigger Effect and my opponent's mandatory Trigger Effect activate at the "
            "same time. Which is Chain Link 1?",
            "the turn player's mandatory effect (yours)",
        ),
        (
            "Both players have mandatory effects that trigger at the same time. Whose goes on the chain first?",
            "the turn player's mandatory effects",
        ),
        (
            "Each player has optional trigger effects that activate simultaneously. Whose effect goes first?",
            "the turn player's optional effects",
        ),
        (
            "The turn player's optional trigger effect and the non-turn player's mandatory trigger effect activate "
            "at the same time. Which one is Chain Link 1?",
            "the opponent's mandatory effect",
        ),
        # is a group first
        (
            "Trigger effects of both players activate simultaneously. Are the turn player's mandatory effects put "
            "on the chain first?",
            "yes",
        ),
        (
            "On my turn my optional trigger effect and my opponent's mandatory trigger effect activate at the same "
            "time. Is my optional effect placed on the chain first?",
            "no",
        ),
        # which of two groups
        (
            "Several trigger effects activate at the same time on my opponent's turn. Do my mandatory effects or "
            "my opponent's mandatory effects start the chain?",
            "the turn player's mandatory effects (your opponent's)",
        ),
        (
            "Some trigger effects activate simultaneously on my turn. Do my optional effects or my opponent's "
            "mandatory effects go first?",
            "the opponent's mandatory effects (your opponent's)",
        ),
        # a leading "if", "it's my turn", mandatory and optional effects of one player, "go before"
        (
            "If both players have mandatory trigger effects that activate at the same time, whose goes on the chain "
            "first?",
            "the turn player's mandatory effects",
        ),
        (
            "It's my turn. My optional effect and my opponent's optional effect trigger simultaneously. Which is "
            "Chain Link 1?",
            "the turn player's optional effect (yours)",
        ),
        (
            "On my opponent's turn, my mandatory and optional trigger effects and my opponent's optional trigger "
            "effect activate at the same time. Which goes first?",
            "the opponent's mandatory effects (yours)",
        ),
        (
            "When trigger effects of both players activate simultaneously, does the turn player's optional effect "
            "go before the opponent's mandatory effect?",
            "no",
        ),
        (
            "Trigger effects of both players activate at the same time. Does the opponent's mandatory effect go "
            "before the turn player's optional effect?",
            "yes",
        ),
        # no story: the two groups asked about, said relative to the turn player
        (
            "Is the turn player's optional trigger effect placed on the chain before the opponent's mandatory "
            "trigger effect?",
            "no",
        ),
        (
            "Is the opponent's mandatory trigger effect put on the chain before the turn player's optional trigger "
            "effect?",
            "yes",
        ),
    ],
)
def test_segoc_of_kinds(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got["answer"], got.get("understood"), got.get("explanation"))
    assert got["parsed"]["rule"] == "segoc_kinds"
    assert got["steps"][-1]["cites"][0] == "md:segoc"
    assert got["unused_words"] == []


def test_segoc_paraphrases_read_the_same(session):
    texts = [
        "On my turn, my optional Trigger Effect and my opponent's mandatory Trigger Effect activate at the same "
        "time. Which one is Chain Link 1?",
        "on my turn my optional trigger effect and my opponent's mandatory trigger effect activate simultaneously "
        "which is chain link 1?",
        "During my turn, my optional trigger effect and my opponent's mandatory trigger effect are activated at "
        "the same time. Which effect goes on the chain first?",
        "On my turn my optional Trigger Effect and my opponent's mandatory Trigger Effect trigger at the same "
        "time. Which one goes first?",
        "My optional trigger effect and my opponent's mandatory trigger effect activate at the same time on my "
        "turn. Which is chain link 1?",
    ]
    parsed = [_rule(session, t) for t in texts]
    assert all(p is not None for p in parsed), parsed
    assert all(p == parsed[0] for p in parsed)
    assert ask_plain(session, texts[0])["answer"] == "the opponent's mandatory effect (your opponent's)"


@pytest.mark.parametrize(
    "text",
    [
        # whose turn it is is not said, and "my"/"my opponent's" need it
        "My optional trigger effect and my opponent's optional trigger effect activate at the same time. Which "
        "one is Chain Link 1?",
        # not said to be simultaneous (phase triggers are not one chain)
        "My opponent's mandatory trigger effect and my optional trigger effect activate during the Standby Phase "
        "on my turn. Which one goes first?",
        # whether there are mandatory effects is not said: which is Chain Link 1 depends on it
        "Trigger effects of both players activate at the same time. Which one is Chain Link 1?",
        # an earlier group may or may not be there
        "Trigger effects of both players activate at the same time. Are the opponent's mandatory effects placed "
        "on the chain first?",
        # who starts depends on whether the turn player has mandatory effects
        "When both players' trigger effects activate at the same time, who starts the chain?",
        # a word no shape reads
        "On my turn, my optional trigger effect and my opponent's mandatory trigger effect activate at the same "
        "time, and Skill Drain is face-up. Which one is Chain Link 1?",
    ],
)
def test_segoc_of_kinds_stays_unknown(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


# ------------------------------------------------------------------- chaining to an action that is no activation


@pytest.mark.parametrize(
    "text,action",
    [
        ("My opponent Normal Summons a monster. Can I chain a Quick-Play Spell directly to the Summon itself?",
         "summon"),
        ("my opponent special summons a monster can i chain a quick play spell to that summon", "summon"),
        ("Can a Quick-Play Spell be chained to a Tribute Summon?", "summon"),
        ("My opponent changes the battle position of a monster. Can I activate a Trap Card in a chain to that "
         "position change?", "position"),
        ("Can I chain Mystical Space Typhoon to the payment of a cost?", "cost"),
        ("My opponent Tributes a monster. Can I chain a Quick-Play Spell to the Tribute?", "tribute"),
        ("Can I respond to a Normal Summon with a chain?", "summon"),
        ("My opponent pays LP as a cost. Can I chain to the payment of the cost?", "cost"),
    ],
)
def test_chain_to_an_action_is_no(session, text, action):
    got = ask_plain(session, text)
    assert got["answer"] == "no", (got.get("understood"), got.get("explanation"))
    assert got["parsed"] == {**got["parsed"], "rule": "chain_to_action", "action": action}
    assert got["steps"][-1]["cites"][0] == "community:7.8.2"


@pytest.mark.parametrize(
    "text",
    [
        # cards that negate or wait for a Summon: the words may mean "activate it when the monster is Summoned"
        "Can I chain Solemn Judgment to the Summon?",
        "My opponent Normal Summons a monster. Can I chain Trap Hole to that Summon?",
        "Can I chain a card that negates Summons to a Special Summon?",
        "my opponent special summons a monster can i chain a counter trap to that summon",
        "Can I chain a Trap Card to a Normal Summon?",
        # "in response to" a Summon is the moment of a new chain, not this rule
        "My opponent Normal Summons a monster. Can I activate a Quick-Play Spell in response to the Summon?",
        # the story tells another action than the one asked about
        "My opponent Normal Summons a monster. Can I chain a Quick-Play Spell to that position change?",
    ],
)
def test_chain_to_an_action_near_misses(session, text):
    got = ask_plain(session, text)
    assert got.get("parsed") is None or got["parsed"].get("rule") != "chain_to_action"


# ------------------------------------------- an effect of a card that stays on the field, removed before it resolves


@pytest.mark.parametrize(
    "text,rule",
    [
        ("I activate an effect of my face-up Continuous Spell, and my opponent chains a card that destroys that "
         "Continuous Spell. Does my effect still resolve?", "sim_left_field_continuous_spell"),
        ("I activate the effect of my face-up Continuous Trap and my opponent chains a card that banishes that "
         "Continuous Trap. Does the effect resolve?", "sim_left_field_continuous_trap"),
        ("My opponent activates the effect of their face-up Field Spell, and I chain a card that destroys that "
         "Field Spell. Does their effect still resolve?", "sim_left_field_field_spell"),
        ("I activate the effect of my face-up Equip Spell and my opponent chains a card that destroys it. Does my "
         "effect still resolve?", "sim_left_field_equip_spell"),
        # a named card whose effect destroys its target, said to target it
        ("I activate the effect of my face-up Field Spell and my opponent chains Mystical Space Typhoon targeting "
         "it. Does my effect resolve?", "sim_left_field_field_spell"),
    ],
)
def test_effect_of_a_card_that_left_the_field(session, text, rule):
    got = ask_plain(session, text)
    assert got["answer"] == "no", (got.get("understood"), got.get("explanation"))
    assert got["steps"][-1]["cites"][0].startswith("cr-draft:2")
    assert got["parsed"]["rule_key"] == rule


@pytest.mark.parametrize(
    "text",
    [
        # the card's activation, not an effect of the face-up card: another rule (the simulator's)
        "I activate a Continuous Spell and my opponent chains a card that destroys it. Does my effect resolve?",
        # a monster: whether its effect resolves after it left the field depends on the card
        "I activate the effect of Zombie Master and my opponent chains Raigeki Break to destroy it. Does the "
        "effect still resolve?",
        # a named card that is not said to remove it
        "I activate an effect of my face-up Continuous Spell, and my opponent chains Mystical Space Typhoon. "
        "Does my effect still resolve?",
        # a named card that does not remove its target
        "I activate the effect of my face-up Field Spell and my opponent chains Pot of Greed targeting it. Does "
        "my effect resolve?",
        # a Normal Spell has no effect on the field
        "I activate the effect of my face-up Normal Spell and my opponent chains a card that destroys it. Does "
        "my effect still resolve?",
    ],
)
def test_left_the_field_near_misses(session, text):
    got = ask_plain(session, text)
    assert got.get("parsed") is None or got["parsed"].get("rule") != "left_field"


# ------------------------------------------------- a chain told as a story, then the next activation (simulator)


def _scenario(session, text):
    reading = understand(session, text)
    question = reading.frame.question if reading.frame else None
    return question if question and question.get("ask") == "scenario" else None


@pytest.mark.parametrize(
    "text,answer",
    [
        # "When an attack is declared" cards only in the chain that answers the declaration
        ("My opponent declares an attack. I activate Mirror Force and my opponent chains Trap Jammer. After the "
         "chain resolves, can I activate Sakuretsu Armor?", "no"),
        ("Mirror Force was activated when my opponent declared an attack and it was negated by Trap Jammer. After "
         "that chain resolves, can I activate Sakuretsu Armor against the same attack?", "no"),
        # a card that needs no event can still be activated then
        ("my opponent attacks. i activate sakuretsu armor and they chain dark bribe. after the chain resolves can "
         "i activate threatening roar?", "yes"),
        ("My opponent declares an attack and I activate Mirror Force. They chain Trap Jammer. After the chain "
         "resolves can I activate Sakuretsu Armor?", "no"),
        # an event that happened as a cost is answered after the chain, not in it
        ("I activate Vision HERO Faris by discarding Vision HERO Vyon as cost. Can my opponent chain Consolation "
         "Prize to it?", "no"),
        ("My opponent activates Vision HERO Faris by discarding Vision HERO Vyon. Can I chain Ash Blossom & Joyous "
         "Spring to that activation?", "no"),
        ("After the Vision HERO Faris effect (with Vision HERO Vyon discarded as cost) resolves, can I activate "
         "Consolation Prize in a new chain?", "yes"),
    ],
)
def test_next_link_after_a_told_chain(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    assert got["parsed"]["ask"] == "scenario"
    assert got["parsed"]["query"] == {"kind": "legal"}


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I activate Monster Reborn targeting Sangan in my GY and my opponent chains \"D.D. Crow\" to banish it. "
         "Does Monster Reborn still Special Summon Sangan?", "no"),
        ("My opponent activates Monster Reborn targeting Sangan in their GY and I chain \"D.D. Crow\" to banish "
         "it. Is Sangan Special Summoned?", "no"),
        # the cost of the chained card is not modelled
        ("I activate Monster Reborn targeting Sangan in my GY, and my opponent chains Neo Flamvell Lady targeting "
         "it to banish it. Is Sangan Special Summoned?", "unknown"),
        # Bottomless Trap Hole cannot answer this: the story cannot happen
        ("I activate Call of the Haunted targeting Sangan in my GY and my opponent chains Bottomless Trap Hole to "
         "banish it. Does Call of the Haunted still Special Summon Sangan?", "unknown"),
    ],
)
def test_target_removed_in_the_chain(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))


def test_next_link_paraphrases_read_the_same(session):
    texts = [
        "My opponent declares an attack. I activate Sakuretsu Armor and my opponent chains Dark Bribe. After the "
        "chain resolves, can I activate Mirror Force?",
        "my opponent attacks. i activate sakuretsu armor and my opponent chains dark bribe. after that chain "
        "resolves can i activate mirror force",
        "My opponent declared an attack. I activated Sakuretsu Armor, and my opponent chained Dark Bribe. Can I "
        "activate Mirror Force in a new chain?",
        "My opponent attacks. I activate Sakuretsu Armor. It was negated by Dark Bribe. The chain resolves. Can "
        "I activate Mirror Force now?",
        "Sakuretsu Armor was activated when my opponent declared an attack, and it was negated by Dark Bribe. "
        "Once the chain has resolved, can I activate Mirror Force against the same attack?",
    ]
    parsed = [_scenario(session, t) for t in texts]
    assert all(p is not None for p in parsed), [t for t, p in zip(texts, parsed) if p is None]
    assert all(p["actions"] == parsed[0]["actions"] for p in parsed)
    assert ask_plain(session, texts[0])["answer"] == "no"


@pytest.mark.parametrize(
    "text",
    [
        # Dark Bribe does not answer an attack: who activated it is not said
        "Dark Bribe was activated when my opponent declared an attack. After that chain resolves, can I activate "
        "Mirror Force?",
        # chained "to that activation" after the chain resolved: the words disagree
        "My opponent declares an attack. I activate Sakuretsu Armor and my opponent chains Dark Bribe. After the "
        "chain resolves, can I chain Mirror Force to that activation?",
        # "against the same attack" with no attack told
        "I activate Sakuretsu Armor and my opponent chains Dark Bribe. After the chain resolves, can I activate "
        "Mirror Force against the same attack?",
        # a cost the card's effects do not have
        "My opponent activates Vision HERO Faris by banishing Vision HERO Vyon. Can I chain Consolation Prize to "
        "that activation?",
    ],
)
def test_next_link_near_misses(session, text):
    assert _scenario(session, text) is None


# ------------------------------------------------------------------ triggers in a phase, the controller of an effect


@pytest.mark.parametrize(
    "text",
    [
        "Do several Trigger Effects that activate during the End Phase all have to form one chain?",
        "do all the trigger effects that activate in the standby phase need to form a single chain",
        "Are effects that activate during the End Phase treated as simultaneous?",
    ],
)
def test_phase_triggers_are_not_one_chain(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "no", (got.get("understood"), got.get("explanation"))
    assert got["steps"][-1]["cites"][0] == "prb2017:trigger-effects"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("My opponent activates the effect of Raiden, Hand of the Lightsworn and I chain Enemy Controller to take "
         "control of it. Do I resolve Raiden, Hand of the Lightsworn's effect?", "no"),
        ("I activate Raiden, Hand of the Lightsworn's effect and my opponent chains Enemy Controller to take "
         "control of it. Do I resolve it?", "yes"),
        ("I activate the effect of Sangan's neighbour Raiden, Hand of the Lightsworn and my opponent chains "
         "Mystical Space Typhoon to take control of it. Does my opponent resolve it?", "unknown"),
    ],
)
def test_the_player_who_activated_resolves(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert got["steps"][-1]["cites"][0] == "community:7.4"


def test_who_resolves_names_the_activating_player(session):
    got = ask_plain(session, "My opponent activates Raiden, Hand of the Lightsworn's effect and I chain Enemy "
                             "Controller to take control of it. Who resolves the effect?")
    assert got["answer"].startswith("B (your opponent)")


# ---------------------------------------------- cards used "when an effect / a card is activated": what they answer


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can a card that responds “when an effect is activated”, like Effect Veiler's neighbour Ash Blossom & "
         "Joyous Spring, be chained to a Spell Card?", "unknown"),
        ("Can cards used when an effect is activated be chained to a Normal Spell Card?", "yes"),
        ("can a card that is activated \"when a card is activated\" respond to a monster effect?", "no"),
        ("Can a card that responds when a card is activated, like Dark Bribe, be chained to a Spell Card?", "yes"),
        ("Can a card used when an effect is activated respond to a monster effect?", "yes"),
        # the example is not such a card
        ("Can a card that responds when an effect is activated, like Dark Bribe, be chained to a Spell Card?",
         "unknown"),
        # a Trap may be a Counter Trap (Spell Speed 3): not answered by this rule
        ("Can a card that responds when an effect is activated be chained to a Trap Card?", "unknown"),
    ],
)
def test_when_a_card_or_effect_is_activated(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert got["steps"][-1]["cites"][0].startswith("prb2017:negating-the-activation-of-a")


# ----------------------------------------------- several copies of a monster whose trigger Special Summons itself


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I take battle damage while holding two copies of Tragoedia. Can both of them activate in the same "
         "chain?", "no"),
        ("when i take battle damage while i have 3 copies of gorz the emissary of darkness in my hand can all of "
         "them activate their effects in the same chain", "no"),
        # Tragoedia answers battle damage only: "damage" alone is not said to be battle damage
        ("I take damage while holding 2 copies of Tragoedia. Can both activate their effects in the same chain?",
         "unknown"),
        # Sangan's trigger does not Special Summon itself from the hand
        ("I take battle damage while holding 2 copies of Sangan. Can both activate in the same chain?", "unknown"),
    ],
)
def test_copies_of_a_hand_trigger_that_summons_itself(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer == "no":
        assert got["steps"][-1]["cites"][0] == "prb2017:trigger-effects-ex2"


# ------------------------------------------------------------------ story: "Chain Link N is X", "I pass"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Chain Link 1 is Raigeki, Chain Link 2 is Mystical Space Typhoon, Chain Link 3 is Solemn Judgment. "
         "Which resolves first?", "Solemn Judgment (Chain Link 3)"),
        ("Raigeki is Chain Link 1 and Mystical Space Typhoon is Chain Link 2. Which one resolves first?",
         "Mystical Space Typhoon (Chain Link 2)"),
        # a link number missing from the list: the order told contradicts it
        ("Chain Link 1 is Raigeki, Chain Link 3 is Solemn Judgment. Which resolves first?", "unknown"),
        ("My opponent activates Pot of Greed and I pass. They chain Mystical Space Typhoon. Can I chain Magic "
         "Jammer to negate Pot of Greed?", "no"),
    ],
)
def test_links_told_by_number_and_passing(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))


# ------------------------------------------------ cards that resolved stay on the field until the chain has resolved


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I activate Mystical Space Typhoon and chain Dust Tornado. When Mystical Space Typhoon resolves, is Dust "
         "Tornado still on the field?", "yes"),
        ("I activate Trap Hole and chain Threatening Roar. Are both Trap Cards still on the field when Chain Link "
         "1 resolves?", "yes"),
        # Mystical Space Typhoon is no Trap Card
        ("I activate Mystical Space Typhoon and chain Threatening Roar. Are both Trap Cards still on the field when "
         "Chain Link 1 resolves?", "unknown"),
        # a monster is not sent to the GY after resolving
        ("I activate Mystical Space Typhoon and chain Sangan. When Mystical Space Typhoon resolves, is Sangan "
         "still on the field?", "unknown"),
    ],
)
def test_resolved_cards_stay_until_the_chain_resolved(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer == "yes":
        assert got["steps"][-1]["cites"][0] == "prb2017:how-to-resolve-chains"


def test_mandatory_before_optional_whatever_the_turn(session):
    """Mandatory effects go on the chain before optional ones whoever's turn it is: "my optional before my
    opponent's mandatory?" is no on either turn (the claims table's SEGOC order)."""
    got = ask_plain(session, "Is my optional trigger effect placed on the chain before my opponent's mandatory "
                             "trigger effect?")
    assert got["answer"] == "no" and got["parsed"]["ask"] == "claim", got.get("understood")
