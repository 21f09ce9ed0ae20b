"""Battle and phase stories in words onto simulator scenarios (kb/understand/scenario_battle.py): sentences
written for these tests (paraphrases, other cards of the same kind), the simulator's answer, and stories
that must stay "unknown" or give no scenario."""

from __future__ import annotations

import pytest

from kb.understand import understand
from kb.understand.answer import ask_plain


def _scenario(session, text):
    reading = understand(session, text)
    question = reading.frame.question if reading.frame else None
    return question if question and question.get("ask") == "scenario" else None


@pytest.mark.parametrize(
    "text,answer",
    [
        # a replay, then a different monster attacks: the first one cannot attack again
        ("After a replay, I decide to attack with another monster. Can the original monster attack again?", "no"),
        ("During the replay I attack with a second monster. Can the first attacker declare another attack this turn?",
         "no"),
        ("A replay occurs. I attack with a different monster instead. Can the first monster still attack in this "
         "Battle Phase?", "no"),
        ("When a replay occurs, can I attack with a different monster?", "yes"),
        ("There is a replay. Can I choose to attack with another monster instead?", "yes"),
        # a chain at the attack declaration: the replay only comes after the chain, if the attacker is still there
        ("When I declare an attack, my opponent activates Sakuretsu Armor and chains Call of the Haunted to Special "
         "Summon a monster. Does a replay occur?", "no"),
        ("On my attack, the opponent activates Sakuretsu Armor and chains Call of the Haunted to Special Summon a "
         "monster from their GY. Will a replay happen?", "no"),
        # a card that does not destroy the attacker, the simulator does not model it: unknown, never a guess
        ("On my attack declaration, my opponent activates Mirror Force and chains Call of the Haunted to Special "
         "Summon a monster. Is a replay triggered?", "unknown"),
        # hand size at the end of the End Phase: how many are discarded
        ("I have 9 cards in hand at the end of my End Phase. How many cards do I have to discard?", "3"),
        ("I hold 7 cards in hand during my End Phase. How many do I need to discard?", "1"),
        ("I have 6 cards in hand at the end of the End Phase. How many cards must I discard?", "0"),
        # the Draw Phase before the normal draw: nothing can be activated, by either player, of any kind
        ("Can my opponent activate a Counter Trap Card in my Draw Phase before I draw?", "no"),
        ("Can anyone activate a card or effect during the Draw Phase before the turn player draws?", "no"),
        ("Can I activate Book of Moon during my Draw Phase before the normal draw?", "no"),
        ("Can the opponent activate a Trap Card during my Draw Phase before drawing?", "no"),
        # while the turn player discards for hand size: only effects triggered by being discarded
        ("While I am discarding for hand size in my End Phase, can my opponent activate a Counter Trap?", "no"),
        ("As I'm discarding down to 6 cards during my End Phase, can my opponent activate Mystical Space Typhoon?",
         "no"),
        # a monster's trigger effect may be one that triggers on being discarded: not decided
        ("While I'm discarding for hand size, can I activate a monster's Trigger Effect?", "unknown"),
        # the Draw Phase after the normal draw: every reading of the kind checked at that moment
        ("I drew for the turn. Can my opponent activate a Trap Card before moving to the Standby Phase?", "yes"),
        ("Can I activate a Continuous Spell Card during my Draw Phase after I have drawn?", "no"),
        ("Can I activate Book of Moon in the Draw Phase after the normal draw?", "yes"),
        # moving between phases
        ("Can I enter Main Phase 2 without a Battle Phase?", "no"),
        ("Can I return to Main Phase 1 after the Battle Phase?", "no"),
        ("Can I go back to the Battle Phase from Main Phase 2?", "no"),
        # monster actions outside the phases that allow them (and inside them)
        ("Can I declare an attack with my monster during Main Phase 1?", "no"),
        ("Can I switch the battle position of a monster in the Battle Phase?", "no"),
        ("Can I change the battle position of my monster in Main Phase 2?", "yes"),
        ("Can I Flip Summon a face-down monster during the End Phase?", "no"),
        # who may attack, and when
        ("Can my monster that I just Special Summoned this turn declare an attack?", "yes"),
        ("Can I declare an attack with the monster that was Tribute Summoned this turn?", "yes"),
        ("Can my monster attack directly when my opponent controls one face-down monster?", "no"),
        ("Can the first player declare an attack during the first turn of the Duel?", "no"),
        ("In my opponent's Battle Phase, can I attack?", "no"),
        ("Can the opponent attack during my turn?", "no"),
        ("Can I declare an attack twice with one monster this turn?", "no"),
        # a battling monster whose text locks the opponent's activations until the end of the Damage Step
        ("When Ancient Gear Golem attacks, can my opponent activate Mirror Force?", "no"),
        ("If my Ancient Gear Gadjiltron Dragon attacks, can the opponent activate a Quick-Play Spell until the end "
         "of the Damage Step?", "no"),
        ("When Gladiator Beast Nerokius attacks, can my opponent activate a monster's Quick Effect?", "no"),
        # in the opponent's turn
        ("Can I activate a Trap Card during my opponent's Draw Phase before they draw?", "no"),
        ("Can my opponent activate a Trap Card during their Draw Phase before they draw?", "no"),
        ("Can I change my monster's battle position during my opponent's turn?", "no"),
        ("Can I Flip Summon my face-down monster in the opponent's turn?", "no"),
        ("Can I attack with my monster during my opponent's turn?", "no"),
        # other orders of the same stories
        ("If a replay occurs and I declare an attack with a second monster, can the first attacker still attack "
         "this turn?", "no"),
        ("A replay occurs and I attack with another monster. Can the original monster attack again?", "no"),
        ("When I attack, my opponent activates Sakuretsu Armor and then chains Call of the Haunted to Special "
         "Summon a monster. Would that cause a replay?", "no"),
        ("Can a Trap Card be activated during the Draw Phase before the turn player has drawn?", "no"),
        ("At the end of my End Phase I hold 10 cards in my hand. How many cards do I discard?", "4"),
        ("I have 7 cards at the end of the End Phase. How many do I have to discard?", "1"),
        # a second hand-size discard: only the Chain right after the first discard may hold effects
        ('I discard "Danger! Mothman!" for hand size, its effect adds "Danger! Ogopogo!" to my hand, and then I '
         'discard "Danger! Ogopogo!" again. Can "Danger! Ogopogo!"\'s effect be activated?', "no"),
    ],
)
def test_battle_and_phase_stories(session, text, answer):
    question = _scenario(session, text)
    assert question is not None, understand(session, text).reason
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert got["understood"].startswith("Simulated:")
    assert got["replay"] and got["parsed"] == question
    assert all(step["cites"] and step["quote"]["text"] for step in got["steps"])


def test_replay_cites_the_rule(session):
    got = ask_plain(session, "After a replay, I attack with a different monster. Can the first monster attack again "
                             "this turn?")
    cited = {ident for step in got["steps"] for ident in step["cites"]}
    assert "md:replays-during-battle" in cited
    got = ask_plain(session, "On my attack declaration, my opponent activates Sakuretsu Armor and chains Call of the "
                             "Haunted to Special Summon a monster. Is a replay triggered?")
    cited = {ident for step in got["steps"] for ident in step["cites"]}
    assert "prb2017:battle-replays-ex3" in cited


@pytest.mark.parametrize(
    "text",
    [
        # the same monster again (not a shape: "can it attack again" would be a different question)
        "After a replay, I attack with the same monster. Can the first monster attack again this turn?",
        # no replay told: "the first monster" has nothing to refer to
        "Can the first monster attack again this turn?",
        # my own chain at my attack: the shape is the opponent's response
        "On my attack declaration, I activate Sakuretsu Armor and chain Call of the Haunted to Special Summon a "
        "monster. Is a replay triggered?",
        # no hand size told
        "How many cards do I discard?",
        # a hand size other than the rule's
        "I have 8 cards in hand at the end of my End Phase. How many do I discard down to 5?",
        # the attacker locks only Spell/Trap Cards, or nothing: other moments of the battle would decide
        "When Ancient Gear Golem attacks, can my opponent activate a monster's Quick Effect?",
        "When Gene-Warped Warwolf attacks, can my opponent activate a Trap Card?",
        # the first card discarded has no effect that triggers on being discarded
        'I discard "Sangan" for hand size, its effect adds "Danger! Ogopogo!", and I discard again. Can '
        '"Danger! Ogopogo!"\'s effect be activated?',
        # the draw not told: "before moving to the Standby Phase" alone does not place the activation
        "Can I activate a Continuous Spell Card before moving to the Standby Phase?",
        # going "back" to the same phase
        "Can I go back to the Battle Phase from the Battle Phase?",
        # a card whose text speaks of the Draw Phase may say it can be activated then
        "Can I activate Drop Off during my Draw Phase before I draw?",
    ],
)
def test_no_scenario(session, text):
    assert _scenario(session, text) is None


def test_after_the_draw_a_kind_is_not_decided(session):
    got = ask_plain(session, "After drawing in my Draw Phase, can I activate a Quick-Play Spell before moving to the "
                             "Standby Phase?")
    assert got["answer"] in ("yes", "unknown")  # never "no": the window is open after the draw


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Does the turn player always have priority in every phase and step of their turn?", "yes",
         "community:7.9.3"),
        ("Does my opponent get priority first in each phase of my turn?", "no", "community:7.9.3"),
        ("When I announce the end of my Battle Phase, can my opponent still activate a card?", "yes",
         "community:7.9.3"),
        ("If my opponent activates a card while I attempt to leave Main Phase 1, can I continue that Main Phase "
         "instead?", "yes", "md:priority"),
        ("Is the damage from an effect that says 'inflict battle damage' considered effect damage?", "no",
         "prb2017:battle-damage"),
        ("If damage calculation was skipped, have the monsters battled?", "no", "prb2017:damage-calculation"),
        ("If my opponent announces the end of their Main Phase, can I still activate a Quick-Play Spell before "
         "the phase ends?", "yes", "community:7.9.3"),
        ("During the End Phase, while other effects are being resolved, can Book of Moon be activated in between?",
         "yes", "prb2017:standby-phase"),
        ("When I choose a new attack target after a replay, can my opponent activate Sakuretsu Armor?", "no",
         "prb2017:battle-replays"),
        ("After a replay, if I stop the attack, can the same monster attack later this turn?", "no",
         "prb2017:battle-replays"),
        ("After my attack declaration, the attack target leaves the field, causing a replay. When I select a new "
         "attack target, can my opponent activate Sakuretsu Armor?", "no", "prb2017:battle-replays"),
        ("Are cards discarded for hand size treated as sent to the GY by an effect?", "no", "prb2017:end-phase"),
        ("If a replay occurs, can I decide not to attack at all?", "yes", "md:replays-during-battle"),
        ("Gladiator Beast Laquari attacks and the attack target is banished by a card effect before damage "
         "calculation. Can its effect be activated at the end of the Battle Phase?", "no",
         "prb2017:damage-calculation"),
        ("When the activation of my trigger effect that activates in the End Phase is negated, can it be activated "
         "again this turn?", "no", "prb2017:standby-phase"),
        ("Do effects that last until the end of the turn still apply while the turn player discards for hand size?",
         "yes", "prb2017:end-phase"),
        ("After the replay, can the same monster attack again?", "yes", "md:replays-during-battle"),
    ],
)
def test_phase_rule_facts(session, text, answer, rule):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "rule_fact", got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    assert rule in {ident for step in got["steps"] for ident in step["cites"]}


@pytest.mark.parametrize(
    "text",
    [
        # Pot of Greed is Spell Speed 1: the fact about cards with no specific timing does not speak of it
        "During the Standby Phase, while other Standby Phase effects are being handled, can Pot of Greed be "
        "activated in between them?",
        # a card that does not activate when an attack is declared
        "When I choose a new attack target after a replay, can my opponent activate Mystical Space Typhoon?",
        # "during the Damage Step" may be after damage calculation: not read
        "Gladiator Beast Laquari attacks and the attack target is banished during the Damage Step. Can its effect "
        "be activated?",
        # a card whose effect does not need to have battled
        "Sangan attacks, but its target leaves the field at the start of the Damage Step. Can Sangan's effect be "
        "activated?",
        # a Normal Spell cannot answer the end of a phase: the fact about "a card" does not speak of it
        "When my opponent announces the end of their phase, can I activate a Normal Spell before the phase ends?",
        # half a shape: no proposition is read
        "Does the turn player get priority?",
    ],
)
def test_phase_rule_facts_not_read(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") != "rule_fact"
