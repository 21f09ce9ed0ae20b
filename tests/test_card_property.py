"""The card property reader (kb/understand/card_property.py, vocabulary card_property_words.toml, answered by
kb/engine/card_properties.py) and the claims of what a kind of card is (kb/understand/claims/): what a card, one of
its effects or a kind of card IS -- Spell Speed, targets, a cost's act, starts a chain, stays on the field after it
resolves, kind of effect, card type under conditions.

The questions were written for these tests before the reader (the first batch, by mechanism) or after its first
version (the second batch, other cards and phrasings), not taken from any evaluation set: casual lowercase, no
apostrophes, tags ("right", "correct?"), asides, digits, named cards, nicknames, kinds and "my ...".
``NOT_YET`` are questions with a known answer the reader leaves "unknown" (they may never be answered wrong);
``STAY_UNKNOWN`` are near-misses whose answer depends on which card of a kind it is, or that say more than the
reader reads.
"""

from __future__ import annotations

import pytest

from kb.engine.card_properties import card_property_answer
from kb.engine.rules import RULES
from kb.errors import BadQuestionError
from kb.understand.answer import answer_json, ask_plain

ANSWERED = [
    ('is an equipped union monster treated as an equip spell', 'yes'),
    ('is mystical space typhoon spell speed 2', 'yes'),
    ('is dark hole spell speed 2', 'no'),
    ('whats the spell speed of solemn judgment', '3'),
    ('solemn strike is spell speed 3 right', 'yes'),
    ('is effect veilers effect spell speed 2', 'yes'),
    ('is sangans effect a spell speed 2 effect', 'no'),
    ('what spell speed is pot of greed', '1'),
    ('is a ritual spell spell speed 1', 'yes'),
    ('are counter traps spell speed 3', 'yes'),
    ('is a quick-play spell spell speed 1', 'no'),
    ('is a normal trap spell speed 2', 'yes'),
    ('what spell speed is a continuous trap', '2'),
    ('is an ignition effect spell speed 1', 'yes'),
    ('is a trigger effect spell speed 2', 'no'),
    ('whats the spell speed of a quick effect', '2'),
    ('is monster reborn (a normal spell) spell speed 1', 'yes'),
    ('is call of the haunted spell speed 2', 'yes'),
    ("Call of the Haunted is a Spell Speed 2 card, isn't it?", 'yes'),
    ('spell speed of book of moon?', '2'),
    ('does mirror force target', 'no'),
    ('does mystical space typhoon target', 'yes'),
    ('does raigeki target', 'no'),
    ('does effect veilers effect target', 'yes'),
    ('does dark hole target anything', 'no'),
    ('does monster reborn target', 'yes'),
    ('does heavy storm target', 'no'),
    ('does book of moon target', 'yes'),
    ('is torrential tribute a targeting effect', 'no'),
    ('is call of the haunted a targeting card', 'yes'),
    ('does sangans effect target', 'no'),
    ('does d.d. crow target', 'yes'),
    ('does rocket hand target', 'yes'),
    ("Does Man-Eater Bug's flip effect target?", 'yes'),
    ('does a continuous effect start a chain', 'no'),
    ('does summoning cyber dragon by its own procedure start a chain', 'no'),
    ('does activating mystical space typhoon start a chain', 'yes'),
    ('does sangans effect start a chain', 'yes'),
    ('does a flip summon start a chain', 'no'),
    ('is a flip effect activated', 'yes'),
    ('does normal summoning a monster start a chain', 'no'),
    ('does jinzos effect start a chain', 'no'),
    ('is a trigger effect activated', 'yes'),
    ('does an ignition effect start a chain', 'yes'),
    ('does activating a continuous trap start a chain', 'yes'),
    ('does setting a card start a chain', 'no'),
    ('is special summoning cyber dragon (by its own effect) a chain link', 'no'),
    ('does man-eater bugs flip effect start a chain', 'yes'),
    ('is discarding for lightning vortex a cost', 'yes'),
    ('is detaching a material a cost', 'yes'),
    ('is the discard for dd crow a cost', 'yes'),
    ('is drawing from pot of greed a cost', 'no'),
    ('is paying lp for solemn judgment a cost', 'yes'),
    ('is tributing a monster for enemy controller a cost', 'yes'),
    ('is sending effect veiler to the gy a cost', 'yes'),
    ('is the discard for graceful charity a cost', 'no'),
    ('is targeting a cost', 'no'),
    ('is banishing for dd crow a cost', 'no'),
    ('in lightning vortex, is the discard a cost', 'yes'),
    ('is paying 1000 lp for skill drain a cost', 'yes'),
    ("Is Ash Blossom's discard a cost?", 'yes'),
    ('is destroying for dark hole a cost', 'no'),
    ('when I activate Solemn Strike is paying 1500 LP a cost?', 'yes'),
    ('does monster reborn stay on the field after it resolves', 'no'),
    ('does mirror force stay on the field after resolving', 'no'),
    ('does call of the haunted stay on the field', 'yes'),
    ('does rocket hand stay on the field after it resolves', 'yes'),
    ('does a normal spell stay on the field after it resolves', 'no'),
    ('does a quick-play spell stay on the field', 'no'),
    ('does an equip spell stay on the field after it resolves', 'yes'),
    ('do field spells stay on the field', 'yes'),
    ('does a counter trap stay on the field after resolving', 'no'),
    ('does a ritual spell remain on the field after it resolves', 'no'),
    ('does a continuous spell stay on the field once resolved', 'yes'),
    ('does a normal trap stay on the field after it resolves', 'no'),
    ('does axe of despair stay on the field after it resolves', 'yes'),
    ('does mystical space typhoon remain on the field after resolving', 'no'),
    ('is a continuous trap still on the field after it resolves', 'yes'),
    ('does my normal trap go to the gy after it resolves', 'yes'),
    ('after solemn judgment resolves does it go to the graveyard', 'yes'),
    ('what kind of effect is effect veilers effect', 'quick'),
    ('what kind of effect is sangans effect', 'trigger'),
    ('is sangans effect a trigger effect', 'yes'),
    ('is sangans effect an ignition effect', 'no'),
    ('is effect veilers effect a quick effect', 'yes'),
    ('is jinzos effect a quick effect', 'no'),
    ('is jinzos effect a continuous effect', 'yes'),
    ('is man-eater bugs effect a flip effect', 'yes'),
    ('is ash blossom a quick effect', 'yes'),
    ("Ash Blossom & Joyous Spring's effect is a Quick Effect, correct?", 'yes'),
    ('what type of effect does man-eater bug have', 'flip'),
    ('is effect veiler an ignition effect', 'no'),
    ('is a pendulum monster in the pendulum zone treated as a spell card', 'yes'),
    ('is a trap monster treated as a trap card', 'yes'),
    ('is a trap monster also a monster', 'yes'),
    ('is a union monster equipped to a monster still a monster', 'no'),
    ('is a face-down card in the field zone a field spell', 'yes'),
    ('is a card set in the field zone a field spell card', 'yes'),
    ('when a pendulum monster is in the pendulum zone is it a spell card', 'yes'),
    ('is a pendulum card in the pendulum zone a spell', 'yes'),
    ('is dark magician a normal monster', 'yes'),
    ('is blue-eyes white dragon an effect monster', 'no'),
    ('is sangan an effect monster', 'yes'),
    ('is mystical space typhoon a quick-play spell', 'yes'),
    ('is mirror force a counter trap', 'no'),
    ('is solemn judgment a counter trap', 'yes'),
    ('is a monster token treated as a normal monster', 'yes'),
    ("what's the spell speed of called by the grave", '2'),
    ('is ash blossom spell speed 2', 'yes'),
    ('is pot of greed a spell speed 2 card', 'no'),
    ('how fast is dark bribe', '3'),
    ('Spell Speed of Raigeki is 1?', 'yes'),
    ('counter traps are spell speed 2 right', 'no'),
    ('is a field spell spell speed 1', 'yes'),
    ('what spell speed are flip effects', '1'),
    ('is mirror force spell speed 1', 'no'),
    ('does called by the grave target', 'yes'),
    ('does torrential tribute target', 'no'),
    ('does pot of greed target', 'no'),
    ('is book of moon a targeting effect', 'yes'),
    ('does lightning vortex target', 'no'),
    ('does solemn strike target', 'no'),
    ('does activating pot of greed start a chain', 'yes'),
    ('does skill drains continuous effect start a chain', 'no'),
    ('is a quick effect activated', 'yes'),
    ('is the lp payment for solemn judgment a cost', 'yes'),
    ('is the draw for pot of greed a cost', 'no'),
    ('is discarding ash blossom a cost', 'yes'),
    ('is tributing for enemy controller a cost', 'yes'),
    ('is the destruction from raigeki a cost', 'no'),
    ('does pot of greed stay on the field after it resolves', 'no'),
    ('does swords of revealing light remain on the field', 'yes'),
    ('does a field spell go to the gy after it resolves', 'no'),
    ('after book of moon resolves does it stay on the field', 'no'),
    ('does premature burial stay on the field', 'yes'),
    ('what kind of effect does armageddon knight have', 'trigger'),
    ('is ash blossoms effect a quick effect', 'yes'),
    ("is jinzo's effect an ignition effect", 'no'),
    ('what type of effect is jinzos effect', 'continuous'),
    ('does effect veiler have a quick effect', 'yes'),
    ("is effect veiler's effect a continuous effect", 'no'),
    ("Does D.D. Crow's effect target?", 'yes'),
    ('spell speed of a normal trap', '2'),
    ('is the activation of a continuous spell spell speed 1', 'yes'),
    ('are there spell speed 3 cards besides counter traps', 'no'),
    ('is a trap card that became a monster still a trap', 'yes'),
    ('is the trap monster a trap card too', 'yes'),
    # third batch, written after the second version: a sentence before the question, 'have', 'afterwards'
    ('My opponent activates Dark Hole. Does it target?', 'no'),
    ('I activate Book of Moon. Does it target?', 'yes'),
    ('I activate Lightning Vortex. Is discarding a card a cost?', 'yes'),
    ('pot of greeds effect starts a chain right', 'yes'),
    ('does the activation of pot of greed start a chain', 'yes'),
    ('is a pendulum monster in my pendulum zone treated as a continuous spell card', 'no'),
    ('is a pendulum monster in the pendulum zone a field spell', 'no'),
    ('Is Tributing a monster for Horn of Heaven a cost?', 'yes'),
    ("is solemn warning's lp payment a cost", 'yes'),
    ("Does Cyber Dragon's Special Summon from the hand start a chain?", 'no'),
    ('Is the effect of Effect Veiler a Quick Effect?', 'yes'),
    ("What is the Spell Speed of Sangan's effect?", '1'),
    ('sangan has what kind of effect', 'trigger'),
    ('does jinzo have a quick effect', 'no'),
    ('does stardust dragon have a quick effect', 'yes'),
    ("Is Call of the Haunted's activation Spell Speed 2?", 'yes'),
    ('My opponent activates Mirror Force. Is it still on the field after it resolves?', 'no'),
    ('I activate Swords of Revealing Light. does it stay on the field afterwards?', 'yes'),
    ('does a continuous effect use a chain link', 'no'),
    ('is a flip effect spell speed 1', 'yes'),
    ('is a flip summon an activation', 'no'),
    # fourth batch: seed-style phrasings ("or part of the effect", "when it is activated", "need to be")
    ('When I activate Mystical Space Typhoon, do I target a card?', 'yes'),
    ('Is discarding a card for Lightning Vortex a cost or part of the effect?', 'yes'),
    ("Is Pot of Greed's draw a cost?", 'no'),
    ('Is a Pendulum Monster in my Pendulum Zone treated as a Continuous Spell Card?', 'no'),
    ('Is a Pendulum Monster in the Pendulum Zone a Normal Spell?', 'no'),
    ('Does Call of the Haunted target when it is activated?', 'yes'),
    ("Is Mirror Force's activation Spell Speed 3?", 'no'),
    ('Is sending Effect Veiler from the hand to the Graveyard a cost?', 'yes'),
    ('Does Snatch Steal stay on the field after it resolves?', 'yes'),
    ("Is Solemn Judgment's LP payment a cost, or part of its effect?", 'yes'),
    ('Does the activation of Torrential Tribute target?', 'no'),
    ("What Spell Speed is Effect Veiler's effect?", '2'),
    ("Is D.D. Crow's discard a cost?", 'yes'),
    ("Is Dark Hole's activation a chain link?", 'yes'),
    ("Does Jinzo's effect need to be activated?", 'no'),
    # fifth batch: card types under a condition, named
    ('is metal reflect slime treated as a trap card while it is a monster', 'yes'),
    ('after metal reflect slime becomes a monster is it still a trap card', 'yes'),
    ('is y-dragon head treated as an equip spell when it is equipped', 'yes'),
    ('is odd-eyes pendulum dragon in the pendulum zone a spell card', 'yes'),
    ('Is Odd-Eyes Pendulum Dragon treated as a Spell Card while in my Pendulum Zone?', 'yes'),
    ('does pot of greed stay on the field after resolving', 'no'),
    ('is rocket hand still a trap card after it equips itself', 'yes'),
    ('is the phantom knights of shadow veil treated as a trap card when it is a monster', 'no'),
    ('is odd-eyes pendulum dragon a monster in the pendulum zone', 'no'),
    ('is odd-eyes pendulum dragon in the pendulum zone a continuous spell', 'no'),
    ('is skill drains effect a continuous effect', 'yes'),
    # sixth batch: casual, nicknames, 'need a target', 'after use'
    ('does ash target', 'no'),
    ('is maxx c a quick effect', 'yes'),
    ('whats the speed of ghost ogre', '2'),
    ("is ghost ogre's effect spell speed 2?", 'yes'),
    ('does raigeki stay on the field after use', 'no'),
    ('is the discard for ash blossom a cost or part of the effect', 'yes'),
    ('called by the grave targets right', 'yes'),
    ('does harpies feather duster target', 'no'),
    ('what spell speed is polymerization', '1'),
    ('is a counter trap spell speed 3', 'yes'),
    ('does dark hole need a target', 'no'),
    ('does monster reborn need a target', 'yes'),
    ('what kind of effect is the effect of sangan', 'trigger'),
    ('is the lp cost of solemn warning a cost', 'yes'),
    ('is the special summon of cyber dragon activated', 'no'),
    ('is veiler a quick effect', 'yes'),
    ('flip effects are spell speed 1 right', 'yes'),
    ('flip effects are spell speed 2 right', 'no'),
    ('does activating a field spell start a chain', 'yes'),
    ('does a field spell go to the graveyard once it resolves', 'no'),
    ('does an equip spell stay on the field once it has resolved', 'yes'),
    # seventh batch: a kind with an example card, a Trap that equips itself told first
    ("Is the activated effect of a face-up Continuous Trap like Call of the Haunted's Spell Speed 2?", 'yes'),
    ('After Rocket Hand equips itself to a monster, is it still treated as a Trap Card?', 'yes'),
    ('once rocket hand equips itself is it a trap card', 'yes'),
    # eighth batch: which effect of a card (Graveyard effect, 'when it is destroyed', 'negation effect')
    ('Is the effect of Artifact Ignition that activates when it is destroyed Spell Speed 2 like the Quick-Play Spell itself?', 'no'),
    ('whats the spell speed of artifact ignitions effect when it is destroyed', '1'),
    ('what is the spell speed of stardust dragons negation effect', '2'),
    ('is stardust dragons negation effect a quick effect', 'yes'),
    ('is the graveyard effect of stardust dragon a quick effect', 'no'),
    ('is sangans effect when it is sent to the gy a trigger effect', 'yes'),
    ('does stardust dragons graveyard effect target', 'no'),
    ('spell speed of glow-up bulbs effect in the graveyard', '1'),
    ('is tributing stardust dragon for its negation effect a cost', 'yes'),
    ('does the gy effect of glow-up bulb target', 'no'),
]

NOT_YET = [
    ('whats the spell speed of a quick-play spells effect in the graveyard', '1'),
    ('ash blossom doesnt target does it', 'no'),
    ('is swords of revealing lights effect a continuous effect', 'yes'),
    ('is a set field spell in the field zone treated as a field spell', 'yes'),
    ('When I activate Raigeki, do I target any monsters?', 'no'),
    ("Does Sangan's effect target the monster it adds?", 'no'),
    ('Does Monster Reborn remain on the field after it Special Summons the monster?', 'no'),
    ('does paying a cost start a chain', 'no'),
    ('jinzos effect doesnt use the chain right? it is not activated?', 'no'),
    ('is cyber dragons special summon from the hand a summon by its own procedure?', 'yes'),
    ('does mst go to the graveyard after it resolves? (asking about the card)', 'no'),
    ('is man eater bug a flip effect monster', 'yes'),
    ('is anything other than a counter trap spell speed 3', 'no'),
]

STAY_UNKNOWN = [
    'does a normal trap always go to the gy after it resolves',
    'does any normal spell stay on the field',
    'does a counter trap ever stay on the field',
    'is honests graveyard effect a quick effect',
    'is the effect of artifact ignition that activates when it is destroyed spell speed 1 like a counter trap',
    'is the effect of a continuous trap like mirror force spell speed 2',
    'what spell speed is the effect of a continuous spell like swords of revealing light',
    'is metal reflect slime treated as a spell card while it is a monster',
    'is mirror force a trap card while it is a monster',
    'is sangan treated as a trap card when equipped',
    'is odd-eyes pendulum dragon in the pendulum zone an effect monster',
    'is metal reflect slime treated as a trap card while it is a monster in the graveyard',
    'is sangan treated as a trap card when equipped',
    'is sangan a trap card when equipped',
    'is dark magician treated as an equip spell when equipped',
    'I chain Book of Moon. Does it start a chain?',
    'My opponent activates Dark Hole. Does it target my monster?',
    'I activate Call of the Haunted. Is it destroyed?',
    'My opponent activates Dark Hole and I chain Mirror Force. Does it target?',
    'I activate Dark Hole. Does a continuous effect start a chain?',
    'is my monsters effect spell speed 2',
    'is a trap card spell speed 2',
    'does my trap target',
    'does a quick-play spell target',
    'is discarding for my spell a cost',
    'does a trap card stay on the field after it resolves',
    'does a spell card go to the graveyard after resolving',
    'is honests effect a quick effect',
    'is a pendulum monster in the pendulum zone treated as a trap card',
    'does a field spells effect start a chain',
    'does honest have an ignition effect only',
    'is a monster in the pendulum zone a trap',
    'is a trap monster whose effects are negated a monster',
]


def _said(got: dict) -> str:
    return str(got.get("answer")).lower()


@pytest.mark.parametrize("text,expected", ANSWERED)
def test_answered(session, text, expected):
    got = ask_plain(session, text)
    assert _said(got) == expected, (text, got.get("understood"), got.get("explanation"))
    cited = [step for step in got["steps"] if step.get("cites")]
    assert cited, (text, got["steps"])
    for step in cited:
        assert step["quote"]["id"] in step["cites"], (text, step)


@pytest.mark.parametrize("text,expected", NOT_YET)
def test_not_yet_answered_is_never_wrong(session, text, expected):
    assert _said(ask_plain(session, text)) in (expected, "unknown"), text


@pytest.mark.parametrize("text", STAY_UNKNOWN)
def test_near_misses_stay_unknown(session, text):
    got = ask_plain(session, text)
    assert _said(got) == "unknown", (text, got.get("understood"), got.get("explanation"))


# the same question in several phrasings gets the same parse
PARAPHRASES = [
    ({"ask": "spell_speed", "card": {"card": "Solemn Strike"}, "speed": 3},
     ["is solemn strike spell speed 3", "solemn strike is spell speed 3 right", "Solemn Strike is a Spell Speed 3 card, "
      "isn't it?", "is Solemn Strike spell speed 3?", "solemn strike spell speed 3 correct?"]),
    ({"ask": "card_property", "property": "cost", "card": {"card": "Lightning Vortex"}, "act": "discard"},
     ["is discarding for lightning vortex a cost", "in lightning vortex, is the discard a cost",
      "Is the discard for Lightning Vortex a cost?", "is the discard part of the cost of lightning vortex",
      "when I activate Lightning Vortex is discarding a cost?"]),
    ({"ask": "card_property", "property": "stays", "card": {"card": "Monster Reborn"}},
     ["does monster reborn stay on the field after it resolves", "Does Monster Reborn remain on the field once resolved?",
      "after monster reborn resolves does it stay on the field", "does monster reborn stay on the field",
      "monster reborn stays on the field after resolving, right?"]),
]


@pytest.mark.parametrize("parsed,texts", PARAPHRASES)
def test_paraphrases_read_alike(session, parsed, texts):
    for text in texts:
        got = ask_plain(session, text)
        assert got["parsed"] == parsed, (text, got["parsed"], got.get("explanation"))


def test_json_form_and_bad_input(session):
    asked = {"ask": "card_property", "property": "effect_kind", "card": {"card": "Effect Veiler"}}
    assert answer_json(session, asked)["answer"] == "quick"
    kind = {"ask": "card_property", "property": "stays", "card": {"class": {"type": "trap", "property": "counter"}}}
    assert answer_json(session, kind)["answer"] == "no"
    for bad, field in (({"ask": "card_property", "card": {"card": "Sangan"}}, "property"),
                       ({"ask": "card_property", "property": "colour", "card": {"card": "Sangan"}}, "property"),
                       ({"ask": "card_property", "property": "targets", "card": "Sangan"}, "card"),
                       ({"ask": "card_property", "property": "targets", "card": {"class": "trap"}}, "card"),
                       ({"ask": "card_property", "property": "effect_kind", "card": {"card": "Sangan"},
                         "value": "fast"}, "value")):
        with pytest.raises(BadQuestionError) as caught:
            card_property_answer(session, bad)
        assert caught.value.field == field


def test_rows_cited_exist():
    for key in ("prop_card_activation_chain", "prop_only_counter_trap_ss3", "not_activated", "fact_targets_word",
                "fact_cost_before_semicolon", "st_equip_trap", "hand_trap_exception"):
        assert key in RULES and RULES[key]["quote"]["text"], key
