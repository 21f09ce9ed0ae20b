"""Damage Step and Spell Speed questions in words: permissions granted by another card's effect
("while X is applying, ..."; kb/engine/permissions.py, kb/understand/permissions.py) and the Damage Step
facts (kb/engine/damage_step.py, kb/understand/damage_step.py), on sentences and cards written for these
tests, paraphrases, and near misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.permissions import grants_of
from kb.engine.rules import RULES


def _ask(session, text):
    return engine.ask(session, text)


def _steps(answer):
    return [s["check"] for s in answer.get("steps") or []]


# ------------------------------------------------------------------------------------------ permissions


def test_grants_are_read_from_effect_text_only_for_plain_trap_cards():
    def effects(*texts):
        return [{"text": t} for t in texts]

    assert [g.name for g in grants_of("X", effects("You can activate 1 Trap Card the turn it was Set."))] == [
        "trap_set_turn"
    ]
    assert [g.name for g in grants_of("X", effects("If this card is sent to the GY: You can activate 1 Trap "
                                                   "Card from your hand this turn."))] == ["trap_from_hand"]
    # a grant for some Traps only, a card's own permission, an effect about the opponent: none read
    assert grants_of("X", effects('You can activate "Hole" Normal Trap Cards from your hand.')) == []
    assert grants_of("X", effects("If you activate a Trap Card from your hand: draw 1 card.")) == []
    assert grants_of("X", effects("Your opponent cannot activate Trap Cards.")) == []
    for key in ("permission_trap_set_turn", "permission_trap_from_hand"):
        assert len(RULES[key]["sections"]) <= 3 and RULES[key]["quote"]["id"] in RULES[key]["sections"]


@pytest.mark.parametrize(
    "text",
    [
        "While Temple of the Kings is applying, can I activate a Trap Card the same turn I Set it?",
        "while temple of the kings's effect is active can i activate a trap card the turn i set it",
        "With Temple of the Kings in effect, can I activate a Trap the same turn I Set it?",
        "While Temple of the Kings is applying, can I activate a Counter Trap the turn I Set it?",
        "While Makyura the Destructor's effect is applying, can I activate Trap Cards from my hand?",
        "while the effect of makyura the destructor is applied, can i activate a trap card from my hand",
    ],
)
def test_a_permission_read_from_the_applying_card_answers_yes(session, text):
    answer = _ask(session, text)
    assert answer["answer"] == "yes", (answer["understood"], answer["explanation"])
    assert answer["steps"][0]["check"] == "permission" and answer["steps"][0]["result"] == "pass"
    assert answer["steps"][0]["cites"][0] == "prb2017:activating-trap-cards"
    assert answer["understood"].startswith("While ") and answer["unused_words"] == []


def test_a_named_trap_under_a_permission_is_checked_as_if_set_earlier(session):
    answer = _ask(session, "While Temple of the Kings is applying, can I activate Mirror Force the turn I Set it?")
    assert answer["answer"] == "yes"
    assert answer["parsed"]["applying"] == [{"card": "Temple of the Kings", "controller": "A"}]


@pytest.mark.parametrize(
    "text",
    [
        # the applying card grants nothing read (its text may change the answer)
        "While Skill Drain is applying, can I activate a Trap Card the same turn I Set it?",
        # the permission covers Traps, not Spells
        "While Temple of the Kings is applying, can I activate a Quick-Play Spell the same turn I Set it?",
        "While Temple of the Kings is applying, can I activate Mystical Space Typhoon the same turn I Set it?",
        # the permission lifts a restriction the question does not have
        "While Temple of the Kings is applying, can I activate Trap Cards from my hand?",
        "While Makyura the Destructor's effect is applying, can I activate a Trap Card the same turn I Set it?",
        # a grant for some Traps only is not read
        "While Traptrix Atrax is applying, can I activate Mirror Force from my hand?",
        # whose permission it is: the opponent's card grants the opponent
        "While my opponent's Temple of the Kings is applying, can I activate Mirror Force the turn I Set it?",
    ],
)
def test_permissions_that_do_not_fit_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


def test_without_the_permission_the_same_questions_are_no(session):
    assert _ask(session, "Can I activate a Trap Card the same turn I Set it?")["answer"] == "no"
    assert _ask(session, "Can I activate Trap Cards from my hand?")["answer"] == "no"


def test_the_json_applying_field_is_checked(session):
    from kb.understand.answer import _ask_json

    q = {"ask": "activate", "card": {"class": {"type": "trap"}, "controller": "A", "location": "field",
                                     "face": "down", "set_this_turn": True},
         "applying": [{"card": "Temple of the Kings", "controller": "B"}]}
    assert _ask_json(session, q)["answer"] == "unknown"  # the opponent's permission
    q["applying"] = [{"card": "Temple of the Kings", "controller": "A"}]
    assert _ask_json(session, q)["answer"] == "yes"


# ------------------------------------------------------------------------------ Damage Step: flip effects


@pytest.mark.parametrize(
    "text",
    [
        "A face-down monster with a Flip effect is attacked. When does its Flip effect activate?",
        "If my face-down Flip monster is attacked, at what point does its flip effect activate?",
        "my set flip monster gets attacked. in which part of the damage step does its flip effect activate",
        "My opponent attacks my face-down Man-Eater Bug. When does its effect activate?",
        "My opponent attacks my face-down Morphing Jar. At what timing does its effect activate?",
    ],
)
def test_when_an_attacked_flip_monster_effect_activates(session, text):
    answer = _ask(session, text)
    assert answer["answer"] == "after damage calculation", (answer["understood"], answer["explanation"])
    assert answer["parsed"]["ask"] == "damage_step_event" and answer["unused_words"] == []
    timing = [s for s in answer["steps"] if s["check"] == "Damage Step timing"][0]
    assert timing["cites"][0] == "md:before-damage-calculation"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("My face-down Flip monster is attacked and flipped face-up. Does its Flip effect activate right then?", "no"),
        ("my set flip monster gets attacked, does its flip effect activate before damage calculation", "no"),
        ("A face-down Flip monster is attacked. Can I activate its Flip effect during damage calculation?", "no"),
        ("A face-down Flip monster is attacked. Does its Flip effect activate at the start of the Damage Step?", "no"),
        ("My face-down monster is attacked and flipped face-up in before damage calculation. Does its "
         "flip-activated effect activate immediately?", "no"),
        ("My face-down Flip monster is attacked. Is its Flip effect activated and resolved after damage "
         "calculation?", "yes"),
        ("My opponent attacks my face-down Man-Eater Bug. Does its effect activate after damage calculation?", "yes"),
        ("My face-down Flip monster is attacked. Does its Flip effect activate?", "yes"),
    ],
)
def test_whether_it_activates_at_a_timing(session, text, expected):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])


@pytest.mark.parametrize(
    "text",
    [
        # the books disagree: Master Duel guide (it still activates) / community rulings (it does not)
        "My face-down Flip monster is attacked and flipped face-up. Does its Flip effect still activate after "
        "damage calculation even if the monster leaves the Monster Zone before then?",
        # that the monster has a flip effect is not said / the named monster has none
        "My face-down monster is attacked. When does its effect activate?",
        "My face-down Sangan is attacked. When does its effect activate?",
        # a flip at another timing than the rules give; a story not read whole
        "My face-down monster with a Flip effect is attacked at the start of the Damage Step. When does its "
        "Flip effect activate?",
        "Drillroid attacks my face-down Flip monster and destroys it with its own effect before damage "
        "calculation. Does my monster's Flip effect activate?",
        "My face-down Flip monster is destroyed by battle. When does its Flip effect activate?",
    ],
)
def test_flip_questions_the_rules_do_not_settle_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


def test_the_books_disagreeing_is_said_with_both_sides_cited(session):
    answer = _ask(session, "A face-down Flip monster is attacked. Does its Flip effect activate after damage "
                           "calculation even if it leaves the field before then?")
    assert answer["answer"] == "unknown"
    cited = {c for s in answer["steps"] for c in s.get("cites") or []}
    assert {"md:before-damage-calculation", "community:8.5.3.1"} <= cited


def test_damage_step_event_questions_check_their_fields(session):
    from kb.engine.damage_step import damage_step_answer
    from kb.errors import BadQuestionError

    with pytest.raises(BadQuestionError):
        damage_step_answer(session, {"ask": "damage_step_event", "event": "exploded"})
    with pytest.raises(BadQuestionError):
        damage_step_answer(session, {"ask": "damage_step_event", "event": "flipped_by_attack",
                                     "query": {"at": "lunch"}})


# ------------------------------------------------------------- Damage Step: a monster Special Summoned in it


@pytest.mark.parametrize(
    "text",
    [
        "If a monster is Special Summoned during the Damage Step, can its own 'When this card is Special "
        "Summoned' Trigger Effect activate?",
        "A monster is Special Summoned at the start of the Damage Step. Can its own \"If this card is Special "
        "Summoned\" effect be activated?",
        "During the Damage Step, Elemental HERO Stratos is Special Summoned. Can its effect be activated?",
        "At the start of the Damage Step, an effect Special Summons Elemental HERO Stratos. Can Stratos' "
        "'When this card is Normal or Special Summoned' effect be activated?",
    ],
)
def test_own_special_summon_triggers_activate_in_the_damage_step(session, text):
    answer = _ask(session, text)
    assert answer["answer"] == "yes", (answer["understood"], answer["explanation"])
    assert answer["unused_words"] == []
    cited = {c for s in answer["steps"] for c in s.get("cites") or []}
    assert "community:8.5.3.2" in cited


def test_a_named_monster_is_asked_as_its_effect_at_the_damage_step_timing(session):
    answer = _ask(session, "At the start of the Damage Step, Elemental HERO Stratos is Special Summoned. Can its "
                           "effect be activated?")
    assert answer["parsed"]["ask"] == "activate" and answer["parsed"]["timing"] == "start"
    assert answer["parsed"]["card"] == {"card": "Elemental HERO Stratos", "effect": 0}


@pytest.mark.parametrize(
    "text",
    [
        # its trigger waits for another monster's Summon / for a Normal Summon only / it has none
        "During the Damage Step, Ambulanceroid is Special Summoned. Can its effect be activated?",
        "During the Damage Step, Cyber Dragon Core is Special Summoned. Can its effect be activated?",
        "During the Damage Step, Sangan is Special Summoned. Can its effect be activated?",
        # which effect is not said; the Damage Step is not said
        "If a monster is Special Summoned during the Damage Step, can its Trigger Effect activate?",
        # ("Elemental HERO Stratos is Special Summoned. Can its effect be activated?" says no Damage Step: the
        # told Summon is simulated and its "When ... Summoned" effect can be activated, a right "yes")
        # a quoted effect the card does not have
        "During the Damage Step, Elemental HERO Stratos is Special Summoned. Can its 'If this card is sent to "
        "the GY' effect be activated?",
    ],
)
def test_summons_in_the_damage_step_not_settled_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


# ------------------------------------------------------------ Damage Step: a timing whose chain has resolved


@pytest.mark.parametrize(
    "text",
    [
        "During damage calculation, Dandylion is sent to the Graveyard and its effect activates and resolves. "
        "Can Injection Fairy Lily's effect be activated afterwards in that damage calculation?",
        "During damage calculation an effect activates and resolves. Can I still activate Injection Fairy Lily "
        "afterwards?",
        "During damage calculation, a card effect is activated and resolves. Can Injection Fairy Lily be activated "
        "after that?",
    ],
)
def test_a_timing_listing_effect_cannot_be_activated_after_that_timing_resolved(session, text):
    answer = _ask(session, text)
    assert answer["answer"] == "no", (answer["understood"], answer["explanation"])
    assert answer["steps"][-1]["cites"][0] == "cr-draft:406.5"


@pytest.mark.parametrize(
    "text",
    [
        # the card does not list the timing told (Lily lists damage calculation; Honest "during the Damage Step")
        "At the start of the Damage Step, an effect is activated and resolves. Can Injection Fairy Lily's effect "
        "be activated after that?",
        "During damage calculation, Dandylion is sent to the GY and its effect activates and resolves. Can Honest "
        "be activated afterwards?",
        # no timing told / "afterwards" not said
        "An effect activates and resolves. Can Injection Fairy Lily be activated afterwards?",
        "During damage calculation, Dandylion is sent to the Graveyard and its effect activates and resolves. "
        "Can Injection Fairy Lily's effect be activated?",
    ],
)
def test_timing_passed_questions_not_settled_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


# --------------------------------------------------------- Damage Step: a purpose, "even though ..." clauses


@pytest.mark.parametrize(
    "text,expected",
    [
        ('Can I activate "Skill Drain" during the Damage Step to shrink my opponent\'s battling monster?', "no"),
        ("Can I activate Reverse Trap during the damage step to change the ATK of a monster?", "no"),
        ("During my own turn's Damage Step, can I activate Dark Contract with the Witch even though I control "
         "no Fiend-Type monsters?", "yes"),
        ("During the Damage Step, can I activate Fire Formation - Kaiyo even if I control no Fish monsters?", "yes"),
    ],
)
def test_clauses_a_rule_weighs(session, text, expected):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])
    assert answer["unused_words"] == []
    assert answer["steps"][-1]["cites"][0] == "community:8.5.3.2"


@pytest.mark.parametrize(
    "text",
    [
        # a purpose may not be what the card does when it can be activated
        "Can I activate Forbidden Chalice during the Damage Step to weaken my opponent's monster?",
        # "even though" about a card whose answer does not rest on the Continuous Trap permission
        "During the Damage Step, can I activate Mirror Force even though I control no monsters?",
        # a clause no rule weighs
        "Can I activate Skill Drain during the Damage Step because my opponent has a big monster?",
        # outside the Damage Step a purpose is not read
        "Can I activate Skill Drain in Main Phase 1 to shrink my opponent's monster?",
    ],
)
def test_clauses_no_rule_weighs_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


# ------------------------------------------- a monster destroyed by battle, not yet sent to the GY


@pytest.mark.parametrize(
    "text,expected,first_cite",
    [
        ("Can I target a monster that has been marked for destruction by battle before it is sent to the "
         "Graveyard?", "no", "cr-draft:409.7"),
        ("can my opponent target my monster that was destroyed by battle but is still on the field", "no",
         "cr-draft:409.7"),
        ("Can a monster marked for destruction by battle be used as the cost of its own mandatory effect?", "yes",
         "community:8.5.3.1"),
        ("After damage calculation, can a Doomcaliber Knight that was destroyed by battle (not yet sent to the GY) "
         "be used as a cost for its own mandatory effect?", "yes", "community:8.5.3.1"),
        ("Can a monster marked for destruction by battle be used as a cost to activate a card?", "no",
         "community:8.5.3.1"),
        ("Can a monster marked for destruction by battle be used as the cost of an optional effect?", "no",
         "community:8.5.3.1"),
        ("Can the effects of a monster destroyed by battle still be negated before it is sent to the GY?", "yes",
         "community:8.5.3.1"),
        ("Do the continuous effects of a monster marked for destruction by battle still apply?", "no",
         "cr-draft:409.6"),
        ("Can I change the battle position of a monster marked for destruction by battle?", "no",
         "community:8.5.3.1"),
        ("Can a monster marked for destruction by battle be returned to the hand by a card effect?", "no",
         "community:8.5.3.1"),
        ("can a monster destroyed by battle be banished by a card effect before it is sent to the gy", "yes",
         "community:8.5.3.1"),
    ],
)
def test_what_may_be_done_with_a_monster_destroyed_by_battle(session, text, expected, first_cite):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])
    assert answer["steps"][-1]["cites"][0] == first_cite and answer["unused_words"] == []


@pytest.mark.parametrize(
    "text",
    [
        # after it is sent to the GY these differ: "not yet sent" / "marked" must be said
        "Can the effects of a monster destroyed by battle still be negated?",
        "Can a monster destroyed by battle be returned to the hand by a card effect?",
        # at another moment; with a named card doing it; a named monster without a mandatory effect with a cost
        "Can I target a monster destroyed by battle at the end of the Damage Step?",
        "Can I target a monster marked for destruction by battle with Book of Moon?",
        "Can Sangan, marked for destruction by battle, be used as the cost of its own mandatory effect?",
    ],
)
def test_battle_destroyed_questions_not_settled_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


# ------------------------------------------- "can I use X in the Damage Step" for cards of several kinds


@pytest.mark.parametrize(
    "card,expected",
    [
        # a Quick Effect that negates an activation (beside an End Phase trigger): in response to one
        ("Stardust Dragon", "yes"),
        # a Continuous Trap whose ATK change hangs on a coin toss is no ATK/DEF permission
        ("Fairy Box", "no"),
        # a Continuous Trap whose continuous effect halves ATK; a Trap that equips itself and raises ATK
        ("Mirror Wall", "yes"),
        ("Blast with Chain", "yes"),
        # cards that respond to an attack declaration, or negate effects only
        ("Ego Boost", "no"),
        ("Effect Veiler", "no"),
        ("Breakthrough Skill", "no"),
    ],
)
def test_can_i_use_a_card_in_the_damage_step(session, card, expected):
    answer = _ask(session, f"can i use {card} in the damage step")
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])


def test_a_card_that_partly_responds_is_asked_both_ways(session):
    answer = _ask(session, "Can I activate Stardust Dragon during the Damage Step?")
    assert "on its own or in response to" in answer["understood"]
    assert _ask(session, "Can I activate Stardust Dragon on my opponent's turn?")["answer"] == "yes"


# ------------------------------------------------------------------------------ Spell Speeds compared


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Can a Spell Speed 1 effect be chained to a Spell Speed 2 effect?", "no"),
        ("can a spell speed 2 card respond to a spell speed 3 card", "no"),
        ("Can I respond to a Spell Speed 1 effect with a Spell Speed 2 effect?", "yes"),
        ("Can a Spell Speed 3 card be chained to a Spell Speed 2 card?", "yes"),
        ("Can a Spell Speed 2 effect be chained to a Spell Speed 2 effect?", "yes"),
        # only when they trigger at the same time: not said
        ("Can a Spell Speed 1 effect be chained to a Spell Speed 1 effect?", "unknown"),
        # a Spell Speed that does not exist, a card named beside it: not read
        ("Can a Spell Speed 4 effect be chained to a Spell Speed 2 effect?", "unknown"),
        ("Can a Spell Speed 2 effect be chained to a Spell Speed 1 effect like Pot of Greed?", "unknown"),
    ],
)
def test_spell_speeds_compared(session, text, expected):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])
    if expected != "unknown":
        assert answer["steps"][0]["cites"][0] == "community:7.8.1"


# --------------------------------------- the attacked face-down monster itself: flip, Continuous Effects


@pytest.mark.parametrize(
    "text,expected",
    [
        ("My face-down monster is attacked. When is it flipped face-up?", "before damage calculation"),
        ("A face-down monster is attacked. Is it flipped face-up at the start of the Damage Step?", "no"),
        ("my set monster gets attacked, is it flipped face-up before damage calculation", "yes"),
        ("A face-down Zombie Mammoth is flipped face-up by an attack while its self-destruct condition is met. Is "
         "it destroyed before damage calculation?", "no"),
        ("My face-down Giant Kozaky is attacked. When is it destroyed by its own effect?", "after damage calculation"),
        ("My face-down Zombie Mammoth is attacked. Is it destroyed by its own effect after damage calculation?", "yes"),
        ("My opponent attacks my face-down Jinzo. Does its effect apply immediately?", "yes"),
        ("My face-down Star Boy is attacked and flipped face-up. Do its continuous effects apply right away?", "yes"),
    ],
)
def test_the_flipped_monster_itself(session, text, expected):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])
    assert answer["unused_words"] == []


@pytest.mark.parametrize(
    "text",
    [
        # destroyed by battle or by its own effect: not said
        "My face-down Giant Kozaky is attacked. When is it destroyed?",
        "My face-down Zombie Mammoth is attacked. Is it destroyed after damage calculation?",
        # no self-destroying / no Continuous Effect; a monster by no name
        "My face-down Jinzo is attacked. Is it destroyed by its own effect before damage calculation?",
        "My face-down Man-Eater Bug is attacked. Does its effect apply immediately?",
        "My face-down monster is attacked. Does its continuous effect apply immediately?",
        # a self-destroying monster's effects are not all applied at once
        "My face-down Giant Kozaky is attacked. Does its effect apply immediately?",
    ],
)
def test_flipped_monster_questions_not_settled_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


# ----------------------------------------- the attack target leaves the field before damage calculation


@pytest.mark.parametrize(
    "text",
    [
        "My Neo Blue-Eyes Ultimate Dragon attacks my opponent's monster, which is destroyed by Divine Wrath at the "
        "start of the Damage Step, so no damage calculation happens. Can I still activate its 'at the end of the "
        "Damage Step' effect?",
        "My monster attacks my opponent's monster, which is destroyed at the start of the Damage Step. Does the "
        "End of the Damage Step still happen?",
        "My Dante, Traveler of the Burning Abyss attacks my opponent's monster, which is banished by a card effect "
        "during the Damage Step. Is it treated as having attacked?",
    ],
)
def test_the_end_of_the_damage_step_comes_without_damage_calculation(session, text):
    answer = _ask(session, text)
    assert answer["answer"] == "yes", (answer["understood"], answer["explanation"])
    assert answer["steps"][-1]["cites"][0] in ("community:8.5.3.3", "prb2017:damage-step")


@pytest.mark.parametrize(
    "text",
    [
        # the attacker has no such effect
        "My Sangan attacks my opponent's monster, which is destroyed at the start of the Damage Step. Can I still "
        "activate its 'at the end of the Damage Step' effect?",
        # the target left in the Battle Step (a replay, no Damage Step): the moment must be the Damage Step
        "My monster attacks my opponent's monster, which is destroyed by Mirror Force. Does the End of the Damage "
        "Step still happen?",
    ],
)
def test_no_damage_calculation_questions_not_settled_stay_unknown(session, text):
    assert _ask(session, text)["answer"] == "unknown"


def test_a_permission_said_by_controlling_the_card(session):
    answer = _ask(session, "If I control Temple of the Kings, can I activate a Trap Card the turn I Set it?")
    assert answer["answer"] == "yes" and answer["parsed"]["applying"][0]["while"] == "on_field"
    # Makyura's permission follows its triggered effect, not its being on the field; the opponent's card
    assert _ask(session, "If Makyura the Destructor is on the field, can I activate Trap Cards from my hand?")[
        "answer"] == "unknown"
    assert _ask(session, "If my opponent controls Temple of the Kings, can I activate a Trap Card the turn I Set "
                         "it?")["answer"] == "unknown"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("When does the Flip effect of an attacked face-down monster activate?", "after damage calculation"),
        ("Does the flip effect of a face-down monster that is attacked activate before damage calculation?", "no"),
        ("Is the Flip effect of a monster flipped face-up by an attack activated after damage calculation?", "yes"),
        ("When does the Flip effect of a face-down monster activate?", "unknown"),  # attacked: not said
    ],
)
def test_flip_questions_in_one_sentence(session, text, expected):
    assert _ask(session, text)["answer"] == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        ("When is a monster destroyed by battle sent to the Graveyard?", "at the end of the Damage Step"),
        ("Is a monster destroyed by battle sent to the GY during damage calculation?", "no"),
        ("Are monsters destroyed by battle sent to the Graveyard at the end of the Damage Step?", "yes"),
        ("Does a replay occur if the number of my opponent's monsters changes during the Damage Step?", "no"),
        ("If the number of my opponent's monsters changes during the Damage Step, does a replay occur?", "no"),
        ("Can a monster's effect that activates when it is destroyed be activated during the Damage Step?", "yes"),
        ("Can an effect that activates when the card itself is banished be activated in the Damage Step?", "yes"),
        # another monster's event: optional ones cannot, mandatory ones can; not said
        ("Can a monster's effect that activates when another monster is destroyed be activated during the Damage "
         "Step?", "unknown"),
        # the Battle Step: a replay may occur
        ("Does a replay occur if the number of my opponent's monsters changes during the Battle Step?", "unknown"),
    ],
)
def test_damage_step_rules_asked_of_no_card(session, text, expected):
    answer = _ask(session, text)
    assert answer["answer"] == expected, (answer["understood"], answer["explanation"])


def test_the_asker_attacking_the_face_down_monster(session):
    answer = _ask(session, "I attack my opponent's face-down Man-Eater Bug. When does its effect activate?")
    assert answer["answer"] == "after damage calculation"
