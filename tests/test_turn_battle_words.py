"""The order of the turn and battle, asked in words (session 3): rule facts of cr-draft 400-413 and 201.7
(kb/engine/sim/phase_rules.py, kb/understand/turn_facts_words.toml) and the simulator's phase order
(kb/engine/sim/phases.py).  Sentences written for these tests: paraphrases, other phases, and near-misses
that must not be read (the answer would depend on something the question does not say)."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


def _cited(got) -> set[str]:
    return {ident for step in got["steps"] for ident in step["cites"]}


def _rule_fact(session, text, answer, rule=None):
    """The question is read as a rule fact answered ``answer`` (citing section ``rule`` when given)."""
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") == "rule_fact", got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    assert rule is None or rule in _cited(got)


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        # skipping phases: only the Battle Phase and Main Phase 2 can be skipped (400.1)
        ("Can I skip my Battle Phase this turn?", "yes", "cr-draft:400.1"),
        ("Is the Battle Phase optional?", "yes", "cr-draft:400.1"),
        ("Can the Battle Phase be skipped?", "yes", "cr-draft:400.1"),
        ("Do I have to conduct a Battle Phase every turn?", "no", "cr-draft:400.1"),
        ("Is the Battle Phase mandatory?", "no", "cr-draft:400.1"),
        ("can i just skip the standby phase", "no", "cr-draft:400.1"),
        ("Can the End Phase be skipped?", "no", "cr-draft:400.1"),
        ("Is my Draw Phase optional?", "no", "cr-draft:400.1"),
        ("Is the Standby Phase performed even if nothing happens?", "yes", "cr-draft:400.1"),
        ("Must I conduct my Main Phase 1?", "yes", "cr-draft:400.1"),
        # after a Battle Phase, Main Phase 2 must be entered (412.4)
        ("After I conduct a Battle Phase, can I move straight to the End Phase and skip Main Phase 2?", "no",
         "cr-draft:412.4"),
        ("Can I go from my Battle Phase directly to the End Phase?", "no", "cr-draft:412.4"),
        ("Can I skip the second main phase after conducting a Battle Phase?", "no", "cr-draft:412.4"),
        # the steps of the Battle Phase (403.1, 404.3)
        ("Can I go from the Start Step straight to the End Step?", "no", "cr-draft:404.3"),
        ("Can I skip the Battle Step and go directly to the End Step?", "no", "cr-draft:404.3"),
        ("Can I move straight out of the Start Step into the End Step?", "no", "cr-draft:404.3"),
        ("Can I jump to the End Step right after the Start Step?", "no", "cr-draft:404.3"),
        ("Can I proceed from the Battle Phase's Start Step directly to its End Step?", "no", "cr-draft:404.3"),
        ("How many steps are there in the Battle Phase?", "4", "cr-draft:403.1"),
        # extra Battle Phases (400.5a)
        ("When several card effects allow me to conduct an extra Battle Phase, how many additional Battle Phases "
         "can I conduct?", "1", "cr-draft:400.5a"),
        ("If two effects grant the turn player another Battle Phase, can they perform two extra Battle Phases?", "no",
         "cr-draft:400.5a"),
        # lasting effects and the End Phase (413.4, 400.3)
        ("Do effects that last until the end of the turn end at the start of the End Phase?", "no",
         "cr-draft:413.4"),
        ("Is an effect that lasts until the end of the turn still active during the End Phase?", "yes",
         "cr-draft:413.4"),
        ("Does an effect lasting until the End Phase expire when the End Phase begins?", "no", "cr-draft:400.3"),
        # the hand size limit (a number)
        ("How many cards may a player keep in their hand at the end of the turn?", "6", "md:end-phase"),
        ("What is the hand size limit?", "6", "md:end-phase"),
        # 0 ATK / DEF destroys nothing (201.7)
        ("Does a monster get destroyed if its DEF drops to 0?", "no", "cr-draft:201.7"),
        ("If my monster's ATK is reduced to 0, is it destroyed?", "no", "cr-draft:201.7"),
        # replays: no limit; choosing the new target is not an attack declaration (405.5a-b)
        ("Is there any limit on the number of replays that can happen during one attack?", "no", "cr-draft:405.5b"),
        ("Can a replay be triggered more than once on the same attack?", "yes", "cr-draft:405.5b"),
        ("After a replay, when I choose a new target, does that count as a new attack declaration?", "no",
         "prb2017:battle-replays"),
    ],
)
def test_turn_rule_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


@pytest.mark.parametrize(
    "text",
    [
        # Main Phase 2 can be skipped, unless a Battle Phase was conducted: not decided without it
        "Can I skip Main Phase 2?",
        # "the Main Phase": Main Phase 1 cannot be skipped, Main Phase 2 can
        "Can I skip my Main Phase?",
        # during the turn there is no limit on the hand: only at the end of the End Phase
        "How many cards can I have in my hand?",
        # an effect that skips a phase is a card's text, not the player's choice
        "Can a card effect skip my Draw Phase?",
        # a monster whose ATK is 0 battling: the battle decides, not 201.7
        "Is a monster with 0 ATK destroyed when it attacks a monster with 1000 ATK?",
        # "a replay" without "limit / more than once"
        "Is there a replay on one attack?",
        # from the Start Step to the Battle Step (the next step, not the End Step)
        "Can I go from the Start Step to the Battle Step?",
    ],
)
def test_turn_rule_facts_not_read(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") != "rule_fact" or got["answer"] == "unknown"


def _simulated(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") == "scenario", got.get("explanation")
    assert got["understood"].startswith("Simulated:")
    assert all(step["cites"] and step["quote"]["text"] for step in got["steps"])
    return got


def _simulated_as(session, text, answer):
    """The question is simulated (every step cited and quoted) and answered ``answer``."""
    got = _simulated(session, text)
    assert got["answer"] == answer, got["explanation"]


@pytest.mark.parametrize(
    "text,answer",
    [
        # who may attack: only face-up Attack Position monsters (201.8d)
        ("Can a monster in face-up Defense Position declare an attack?", "no"),
        ("can my monster attack while it is in defense position", "no"),
        ("Can I attack with a face-down Defense Position monster?", "no"),
        ("Can one of my Defense Position monsters make an attack?", "no"),
        # the first turn of the Duel (and "my first turn" only when I go first)
        ("Can I enter the Battle Phase during turn 1?", "no"),
        ("Can I declare an attack on the very first turn of the Duel?", "no"),
        ("I am going first. Can I attack with a monster on my first turn?", "no"),
        ("if i go first can i conduct a battle phase on my first turn", "no"),
        # a direct attack while the opponent controls a monster
        ("My opponent controls two monsters. Can I attack directly without a card effect?", "no"),
        ("Can my monster attack my opponent directly when my opponent has one monster?", "no"),
        # replays told as a story
        ("I attack my opponent's monster and then my opponent Special Summons a new monster with an effect. Will a "
         "replay happen?", "yes"),
        ("My monster attacks my opponent's monster and the attack target is banished by a card effect. Is there a "
         "replay?", "yes"),
        ("I declare an attack with my monster and my opponent summons another monster in the Damage Step. Does a "
         "battle replay occur?", "no"),
        # battles told by a relation (any values with it give the same yes/no)
        ("If my defense position monster is attacked and its DEF is higher than the attacker's ATK, do I take "
         "damage?", "no"),
        ("If my face-down monster gets attacked and its DEF is lower than the attacking monster's ATK, is my "
         "monster destroyed?", "yes"),
        ("If I attack a defense position monster whose DEF is lower than my monster's ATK, does my opponent take "
         "battle damage?", "no"),
        ("If I attack an opponent's monster whose ATK is higher than my monster's ATK, do I take damage?", "yes"),
        ("If I attack a monster whose ATK is equal to my monster's ATK, are both destroyed?", "yes"),
        ("When 2 monsters with equal ATK battle, do they both get destroyed?", "yes"),
        ("If two monsters with identical ATK fight, is any battle damage dealt?", "no"),
        # what a told battle did, either side
        ("My 2100 ATK monster attacks a 2100 DEF Defense Position monster. Is either monster destroyed?", "no"),
        ("My 1600 ATK monster attacks a 1200 DEF Defense Position monster. Is any monster destroyed?", "yes"),
        ("My 1200 ATK monster attacks a monster with 1700 ATK. How much battle damage is dealt?", "500"),
        ("My 1900 ATK monster attacks a 1300 DEF Defense Position monster. Is any battle damage dealt?", "no"),
        # battle positions, said loosely
        ("can i switch my monster's battle position the same turn i flip summoned it", "no"),
        # Main Phase actions outside the Main Phase (402.3)
        ("Can I Tribute Summon during the End Phase?", "no"),
        ("Can I Set a monster during the Battle Phase?", "no"),
        ("Can I Normal Summon a monster during my opponent's turn?", "no"),
        ("Can I Normal Summon during the Start Step of the Battle Phase?", "no"),
        ("Can I Normal Summon a monster during Main Phase 2?", "yes"),
        ("Can I Set a Trap from my hand during my Standby Phase?", "no"),
        ("Can I Set a Quick-Play Spell during my opponent's turn?", "no"),
        ("Can I Set a Spell Card during Main Phase 2?", "yes"),
        # the first Draw Phase; Main Phase 2 without a Battle Phase; the draw before anything
        ("Can the player going first draw a card during their very first Draw Phase?", "no"),
        ("Do I get a Main Phase 2 if I do not conduct a Battle Phase?", "no"),
        ("Can my opponent activate a card during my Draw Phase before I draw my card?", "no"),
        # the hand size, at the End Phase
        ("I have 10 cards in hand at the End Phase. How many cards must I discard?", "4"),
    ],
)
def test_turn_and_battle_stories(session, text, answer):
    _simulated_as(session, text, answer)


def test_relation_says_the_values_it_simulated(session):
    got = _simulated(session, "If I attack a face-down monster whose DEF is higher than my monster's ATK, do I take "
                              "damage?")
    assert got["answer"] == "yes"
    assert "any such values give the same result" in got["understood"]


def test_main_phase_actions_cite_the_main_phase_rule(session):
    for text in ("Can I Set a Trap Card from my hand during the Battle Phase?",
                 "Can I Normal Summon during the Damage Step?"):
        got = _simulated(session, text)
        assert got["answer"] == "no" and "cr-draft:402.3" in _cited(got), got["explanation"]


@pytest.mark.parametrize(
    "text",
    [
        # "my first turn" of the player going second is turn 2: a Battle Phase is possible there
        "Can I attack on my first turn?",
        # a Defense Position monster's ATK does not decide the battle
        "If my defense position monster is attacked and its ATK is lower than the attacker's ATK, do I take damage?",
        # an amount cannot be read from a relation
        "If I attack a defense position monster whose DEF is higher than my monster's ATK, how much damage do I "
        "take?",
        # a target given by its ATK and its DEF but no position
        "My 2000 ATK monster attacks a monster with 1500 ATK and 2500 DEF. Do I take damage?",
        # "it leaves the field" with no attack target told
        "My monster attacks and it leaves the field. Does a replay occur?",
        # the opponent controls monsters, but the question is no attack
        "My opponent controls a monster. Can I draw a card?",
    ],
)
def test_turn_and_battle_not_read(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown" or (got.get("parsed") or {}).get("ask") != "scenario", got.get("understood")


@pytest.mark.parametrize(
    "text,answer",
    [
        # attacks: twice, directly into an empty field, in the first turn of the player going second
        ("Can I attack with the same monster twice?", "no"),
        ("Can one monster make two attacks in the same Battle Phase?", "no"),
        ("My opponent has no monsters on the field. Can I attack directly?", "yes"),
        ("Can my monster attack directly while my opponent controls no monsters?", "yes"),
        ("If I go second, can I attack on my first turn?", "yes"),
        ("Can the player going second conduct a Battle Phase on their first turn?", "yes"),
        # positions
        ("Can I switch my monster's battle position again after changing it this turn?", "no"),
        # replays asked with their cause after "if"
        ("Will a battle replay occur if my opponent Special Summons a monster after my attack declaration?", "yes"),
        ("Does a replay happen if the attack target is returned to the hand before the Damage Step?", "yes"),
        ("Is there a replay if my opponent summons a new monster during the Damage Step?", "no"),
        # a battle told by "a monster with lower DEF" (compared with the attacker's ATK)
        ("Do I take damage when my monster attacks a Defense Position monster with higher DEF?", "yes"),
        ("If my opponent's monster attacks my face-down monster with lower DEF, is my monster destroyed?", "yes"),
        ("If I attack a monster with higher ATK, is my monster destroyed?", "yes"),
        # the hand at the end of the turn
        ("I have 9 cards in my hand at the end of my turn. Do I have to discard?", "yes"),
    ],
)
def test_more_attacks_and_phases(session, text, answer):
    _simulated_as(session, text, answer)


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Will a face-down monster be flipped face-up if it gets attacked?", "yes", "cr-draft:408.2"),
        ("If I attack a face-down Defense Position monster, is it flipped face-up?", "yes", "cr-draft:408.2"),
        ("How many phases does a turn have?", "6", "cr-draft:400.1"),
        ("How many Main Phases does each turn have?", "2", "cr-draft:402.1"),
        ("Do I draw a card during my Draw Phase?", "yes", "cr-draft:401.1"),
        ("If another monster I control is destroyed after my attack declaration, is a replay triggered?", "no",
         "prb2017:battle-replays"),
        ("Can a player go to their End Phase without a Battle Phase?", "yes", "cr-draft:400.1"),
    ],
)
def test_more_turn_rule_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


@pytest.mark.parametrize(
    "text",
    [
        "What happens in the Draw Phase?",
        # a named monster with no position said: which of its values battles is not said, and the answer
        # differs (1300 ATK in Attack Position, 2000 DEF in Defense Position)
        "My 1500 ATK monster attacks Giant Soldier of Stone. Do I take damage?",
        # an amount from a relation
        "If my monster attacks a Defense Position monster with higher DEF, how much damage do I take?",
        # going second, turn 1 is the opponent's turn: not read
        "If I go second, can I attack on turn 1?",
    ],
)
def test_more_not_read(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown", got.get("understood")


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Are monsters in Defense Position allowed to declare attacks?", "no"),
        ("can a face down monster attack", "no"),
        ("Is it possible to attack on the first turn of the duel?", "no"),
        ("Can I choose to attack directly when my opponent has a monster on the field?", "no"),
        ("if both monsters have the same atk are both destroyed", "yes"),
        ("can i attack with a monster i just summoned", "yes"),
        ("Can I Set a Spell/Trap during the Battle Phase?", "no"),
        ("Can I Set a card during my opponent's turn?", "no"),
        ("Can I change my monster's position during the Battle Phase?", "no"),
        ("My 1600 ATK monster attacks a 1600 DEF monster in Defense Position. Is either destroyed?", "no"),
    ],
)
def test_paraphrases_simulated(session, text, answer):
    _simulated_as(session, text, answer)


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Is it possible to skip the Battle Phase?", "yes", "cr-draft:400.1"),
        ("After my Battle Phase, must I go to Main Phase 2?", "yes", "cr-draft:412.4"),
        ("Is Main Phase 2 skipped if I don't enter the Battle Phase?", "yes", "cr-draft:402.2"),
        ("Can I skip Main Phase 2 if I did not conduct a Battle Phase?", "yes", "cr-draft:402.2"),
        ("What is the maximum number of cards I can have in hand at the end of my turn?", "6", "md:end-phase"),
        ("Can I get two extra Battle Phases from two different effects?", "no", "cr-draft:400.5a"),
        ("Does reducing a monster's ATK to 0 destroy it?", "no", "cr-draft:201.7"),
        ("Is a monster destroyed if its DEF is lowered to 0 by a card effect?", "no", "cr-draft:201.7"),
    ],
)
def test_paraphrases_rule_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


def test_contractions_are_no_card_names(session):
    got = ask_plain(session, "Do I get a Main Phase 2 if I don't conduct a Battle Phase?")
    assert got["answer"] == "no", got.get("explanation")


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Is a battle position change caused by a card effect counted toward the once per turn limit?", "no",
         "prb2017:changing-the-battle-positions-of-monsters"),
        ("After an effect changes a monster's position, can I still change its battle position manually this turn?",
         "yes", "prb2017:changing-the-battle-positions-of-monsters"),
        ("Can I change the battle positions of all my monsters this turn?", "yes",
         "prb2017:changing-the-battle-positions-of-monsters"),
        ("Can a monster whose attack was negated attack again this turn?", "no", "prb2017:battle-step"),
        ("After the chain responding to my attack declaration has resolved, can my opponent activate Sakuretsu "
         "Armor?", "no", "prb2017:battle-step"),
        ("If my attack is negated, is damage calculation performed?", "no", "prb2017:battle-step"),
        ("In the Standby Phase, do the turn player's effects resolve first?", "yes", "prb2017:standby-phase"),
    ],
)
def test_prb2017_turn_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


def test_when_attack_declared_fact_needs_such_a_card(session):
    # Mystical Space Typhoon has no "when an attack is declared" timing: the fact does not speak of it
    got = ask_plain(session, "After the chain responding to the attack declaration has resolved, can my opponent "
                             "activate Mystical Space Typhoon?")
    assert (got.get("parsed") or {}).get("ask") != "rule_fact"


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Must I attack with all my monsters in the Battle Phase?", "no", "md:battle-step"),
        ("After a monster's attack was negated, can I change its position during Main Phase 2?", "no",
         "md:negating-attacks"),
        ("When 2 monsters with 0 ATK battle, is either destroyed?", "no", "cr-draft:409.10"),
    ],
)
def test_md_battle_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("I attack my opponent's 1300 DEF Defense Position monster with my 1700 ATK monster. Is the attack target "
         "destroyed?", "yes"),
        ("My 1100 ATK monster attacks my opponent's face-down monster with 1600 DEF. How much damage do I take?",
         "500"),
        ("My 2200 ATK monster attacks a 1900 DEF monster in Defense Position. Does my opponent lose LP?", "no"),
        ("My 2200 ATK monster attacks a 1900 ATK monster. Does my opponent lose any LP?", "yes"),
    ],
)
def test_battles_reworded(session, text, answer):
    _simulated_as(session, text, answer)


def test_it_after_a_battle_is_not_read(session):
    # "it" could be either monster of the battle
    got = ask_plain(session, "My 1200 ATK monster attacks a face-down Defense Position monster with 1000 DEF. Is it "
                             "destroyed?")
    assert got["answer"] == "unknown"


@pytest.mark.parametrize(
    "text",
    [
        "Can a Link Monster's battle position be changed by a card effect?",
        "Can I use a card effect that changes the battle positions of only Link Monsters?",
        "Can I target my opponent's Link Monster with an effect that would change its battle position?",
    ],
)
def test_link_positions_by_effect(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") == "rule_fact", got.get("explanation")
    assert got["answer"] == "no" and "cr-draft:203.6r" in _cited(got)


@pytest.mark.parametrize(
    "text,answer",
    [
        # a monster given (or compared) by its DEF alone battles in Defense Position, by its ATK alone in Attack
        # Position: the understood sentence says so
        ("My 2000 ATK monster attacks a 2500 DEF monster. Do I take damage?", "yes"),
        ("My 1800 ATK monster attacks my opponent's 1200 DEF monster. Is my opponent's monster destroyed?", "yes"),
        ("If I attack a monster whose DEF is higher than my monster's ATK, do I take damage?", "yes"),
        ("if i attack a monster with lower def does my opponent take damage", "no"),
    ],
)
def test_one_stat_gives_the_position(session, text, answer):
    got = _simulated(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert "Position: only its" in got["understood"]


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        # 400.5b: an effect that ends the Battle Phase ends only one of two (cards whose text ends it)
        ("I can conduct two Battle Phases this turn, and Battle Fader ends my Battle Phase. Can I still conduct the "
         "second Battle Phase?", "yes", "cr-draft:400.5b"),
        ("If Electromagnetic Turtle's effect ends my first Battle Phase while I can have 2 Battle Phases, can I still "
         "have the second one?", "yes", "cr-draft:400.5b"),
        # 400.5c: the card the rule names as its exception
        ("If the effect of The Unhappy Maiden ends my Battle Phase while I can conduct two Battle Phases this turn, "
         "can I still conduct the second Battle Phase?", "no", "cr-draft:400.5c"),
    ],
)
def test_two_battle_phases_ended(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


def test_two_battle_phases_needs_a_card_that_ends_it(session):
    got = ask_plain(session, "I can conduct two Battle Phases this turn, and Sangan ends my Battle Phase. Can I still "
                             "conduct the second Battle Phase?")
    assert got["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("My opponent has 800 LP. My 1200 ATK monster attacks directly. Do I win the duel?", "yes"),
        ("My opponent has 2500 LP. My 1200 ATK monster attacks directly. Does my opponent lose?", "no"),
        ("I have 300 LP. My 1000 ATK monster attacks my opponent's 1400 ATK monster. Do I lose?", "yes"),
    ],
)
def test_win_after_a_battle(session, text, answer):
    _simulated_as(session, text, answer)


def test_win_without_lp_told_is_not_read(session):
    assert ask_plain(session, "My 1500 ATK monster attacks directly. Do I win?")["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can I Tribute Summon during the Standby Phase?", "no"),
        ("I skip my Battle Phase. Do I get a Main Phase 2?", "no"),
        ("If I skip the Battle Phase, is there a Main Phase 2?", "no"),
        ("Can I go to Main Phase 2 after my Battle Phase?", "yes"),
        ("Can I declare an attack with a face-down monster I Set this turn?", "no"),
        ("Can I switch my monster's position during Main Phase 2 after it attacked this turn?", "no"),
    ],
)
def test_phase_moves_and_main_phase_2(session, text, answer):
    _simulated_as(session, text, answer)


@pytest.mark.parametrize(
    "text",
    [
        # a Tribute Summon in the own Main Phase depends on the Tributes (other shapes' question)
        "Can I Tribute Summon a monster during Main Phase 2?",
        # "do I get a Main Phase 2" with nothing told
        "Do I get a Main Phase 2?",
    ],
)
def test_phase_moves_not_read(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") != "scenario" or "Tribute" not in (got.get("understood") or ""), \
        got.get("understood")
    if text.startswith("Do I get"):
        assert got["answer"] == "unknown"


def test_negated_attack_no_damage_step(session):
    got = ask_plain(session, "If my attack is negated, does the Damage Step still happen?")
    assert (got.get("parsed") or {}).get("ask") == "rule_fact" and got["answer"] == "no"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("What phase follows the Standby Phase?", "Main Phase 1"),
        ("Which phase comes right after my Battle Phase?", "Main Phase 2"),
        ("What is the phase after the Draw Phase?", "Standby Phase"),
    ],
)
def test_next_phase(session, text, answer):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") == "rule_fact", got.get("explanation")
    assert got["answer"] == answer


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        ("Can I move to the next phase while a chain is still resolving?", "no", "cr-draft:400.2"),
        ("Can my opponent activate a card in between phases?", "no", "cr-draft:400.7"),
        ("Can I still activate an effect that says at the start of Main Phase 1 after I summoned a monster?", "no",
         "cr-draft:402.5"),
        ("Can I declare another attack while a chain is being resolved?", "no", "cr-draft:405.2"),
        ("Is a replay triggered if my opponent's monster becomes unable to be attacked after my attack declaration?",
         "yes", "cr-draft:405.5e"),
        ("Are effects that last until the end of the Battle Phase still active during Main Phase 2?", "no",
         "cr-draft:412.3"),
    ],
)
def test_cr_draft_turn_facts(session, text, answer, rule):
    _rule_fact(session, text, answer, rule)


def test_main_phase_1_to_end_phase(session):
    got = _simulated(session, "Can I go straight from Main Phase 1 to the End Phase?")
    assert got["answer"] == "yes", got["explanation"]


def test_halvings_do_not_stack(session):
    got = ask_plain(session, "Do multiple card effects that halve battle damage stack with each other?")
    assert (got.get("parsed") or {}).get("ask") == "rule_fact" and got["answer"] == "no"
    assert "community:7.3.1.2" in _cited(got)


@pytest.mark.parametrize(
    "text,answer",
    [
        # casual phrasings (lowercase, no punctuation, "they")
        ("whats the max hand size", "6"),
        ("how many cards can i hold at end of turn", "6"),
        ("do i have to go to main phase 2 after battle", "yes"),
        ("can i attack first turn", "no"),
        ("can i attack if im going second", "yes"),
        ("can i attack directly if they have a face down monster", "no"),
        ("can i attack directly if they have no monsters", "yes"),
        ("if my monster has 0 atk is it destroyed", "no"),
        ("does a replay happen if they summon a monster after i attack", "yes"),
        ("if two monsters have the same atk and battle do both die", "yes"),
        ("can i change battle position during battle phase", "no"),
        ("can i flip summon during battle phase", "no"),
        ("do i draw on my first turn if i go first", "no"),
    ],
)
def test_casual_turn_and_battle(session, text, answer):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got.get("explanation")


def test_summon_in_battle_phase_stays_unknown(session):
    # "summon" alone may be a Special Summon by an effect, which the Battle Phase allows
    assert ask_plain(session, "can i summon in battle phase")["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,answer",
    [
        ("After I declare an attack, my opponent summons a new monster with an effect. Is there a replay?", "yes"),
        ("After my attack declaration, my opponent Special Summons a monster during the Damage Step. Does a replay "
         "occur?", "no"),
        ("During the Damage Step, the attack target is banished by a card effect. Does a replay occur?", "no"),
        ("Can I Normal Summon during my opponent's End Phase?", "no"),
        ("Can I Set a Spell Card during my opponent's Standby Phase?", "no"),
    ],
)
def test_replays_in_two_sentences_and_opponents_phases(session, text, answer):
    _simulated_as(session, text, answer)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("In the first turn of the Duel, can the player going first conduct a Battle Phase?", "no"),
        ("If three different effects each give an extra Battle Phase, how many additional Battle Phases can the turn "
         "player conduct?", "1"),
        ("What is the maximum hand size at the end of the turn?", "6"),
        ("Is picking a new target after a replay an attack declaration?", "no"),
    ],
)
def test_more_rule_fact_paraphrases(session, text, answer):
    _rule_fact(session, text, answer)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Can I change the battle position of my monster that was Summoned on a previous turn?", "yes"),
        ("Can I Flip Summon a face-down monster I Set during my previous turn?", "yes"),
        ("Can a face-up Attack Position monster declare an attack?", "yes"),
        ("Can I conduct a Battle Phase during my second turn?", "yes"),
        ("Can I switch a monster's position during the same turn it attacked?", "no"),
    ],
)
def test_yes_answers_simulated(session, text, answer):
    _simulated_as(session, text, answer)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Does the Battle Phase include a Damage Step?", "yes"),
        ("Will Main Phase 2 be performed after the Battle Phase?", "yes"),
        ("Is damage inflicted by a Defense Position monster battle damage?", "yes"),
        ("Does my opponent get priority first during my End Phase?", "no"),
        ("Do I get priority first in my Standby Phase?", "yes"),
    ],
)
def test_yes_answers_rule_facts(session, text, answer):
    _rule_fact(session, text, answer)


@pytest.mark.parametrize(
    "text,answer",
    [
        # "you" as the generic player, when the question never speaks of "I / my"
        ("can you skip the standby phase", "no"),
        ("can you attack directly if your opponent has a monster", "no"),
        ("Can you Normal Summon during your opponent's turn?", "no"),
        ("do you draw on your first turn if you go first", "no"),
    ],
)
def test_generic_you(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


def test_you_spoken_to_is_not_me():
    from kb.understand.scenario_draft import generic_you

    # "my monster attacks your monster": "your" is the opponent spoken to
    assert generic_you(["my monster attacks your monster"]) == ["my monster attacks your monster"]
    assert generic_you(["can you skip your standby phase"]) == ["can i skip my standby phase"]


@pytest.mark.parametrize(
    "text,answer",
    [
        # rulebook-style phrasings: "the turn player", "a player", the passive
        ("Can a player declare an attack in the End Step?", "no"),
        ("Can an attack be declared during the Start Step of the Battle Phase?", "no"),
        ("May the turn player conduct a Battle Phase on the first turn of the Duel?", "no"),
        ("Can a player skip their Battle Phase?", "yes"),
        ("Is a monster whose DEF is lowered to 0 by an effect destroyed?", "no"),
        ("Does a replay happen if the number of monsters the non-turn player controls changes during the Battle Step?",
         "yes"),
        ("Can another attack be declared while a chain is resolving?", "no"),
    ],
)
def test_rulebook_phrasings_rule_facts(session, text, answer):
    _rule_fact(session, text, answer)


@pytest.mark.parametrize(
    "text,answer",
    [
        ("Is it possible to attack with a face-down Defense Position monster?", "no"),
        ("Does Main Phase 2 happen when my Battle Phase is skipped?", "no"),
    ],
)
def test_rulebook_phrasings_simulated(session, text, answer):
    _simulated_as(session, text, answer)
