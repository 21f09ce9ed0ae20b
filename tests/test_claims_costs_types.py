"""Claims of the COSTS, CARD TYPES and OTHER families (kb/understand/claims/sets/costs_types_other.toml).

The questions below were written from the rulebooks' statements BEFORE the claims were, by varying the
subject (a kind, a named card, "my monster"), the order of clauses, a leading story sentence, casual spelling
without punctuation or apostrophes.  ``expected`` is the rules' answer; "unknown" marks a near-miss whose
answer depends on something the question does not say.  No question may be answered wrongly; the rate of
right answers has a floor (measured when the set was written).
"""

from __future__ import annotations

import pytest

OWN = [
    # ---------------------------------------------------------------- costs that cannot be paid
    ("If I cannot pay the cost, can I still activate the card?", "no"),
    ("can i activate a card if i cant pay its cost", "no"),
    ("Is it possible to activate an effect when I am unable to pay its cost?", "no"),
    # when costs are paid
    ("Do I pay the cost when the effect resolves?", "no"),
    ("Is a cost paid on resolution?", "no"),
    ("Are costs paid when the card is activated?", "yes"),
    ("Do I pay the cost before I declare the activation?", "yes"),
    # maintenance costs
    ("Is a maintenance cost an effect?", "no"),
    ("Can my opponent chain to me paying a maintenance cost?", "no"),
    ("can you respond to a maintenance cost", "no"),
    ("If I don't pay the maintenance cost of my Continuous Spell, is it destroyed?", "yes"),
    ("If I do not pay a maintenance cost, does the card stay on the field?", "no"),
    # what is a cost
    ("Is Tributing a monster for a Tribute Summon a cost?", "yes"),
    ("are tributes for a tribute summon considered a cost", "yes"),
    ("Is discarding a card to activate an effect a cost?", "yes"),
    ("Is paying LP to activate a card a cost?", "yes"),
    ("Is discarding a card for hand size a cost?", "no"),
    ("Is discarding a cost?", "unknown"),  # an effect may discard too
    # Tokens as costs
    ("Can I send a Token to the GY as a cost?", "no"),
    ("can a monster token be sent to the graveyard to pay a cost", "no"),
    ("Can a Token be Tributed as a cost?", "yes"),
    ("Can a face-down monster be sent to the GY as a cost?", "unknown"),  # only when the cost has requirements
    # counters
    ("Can counters be removed as a cost?", "yes"),
    # costs and effects
    ("If I discard a monster as a cost, was it sent to the GY by a card effect?", "no"),
    ("My opponent negates my Spell's activation. Do I get my discarded card back?", "no"),
    # ---------------------------------------------------------------- kinds of effects
    ("Is a Flip effect a type of Trigger Effect?", "yes"),
    ("are flip effects trigger effects", "yes"),
    ("Is a Flip effect a Quick Effect?", "no"),
    ("Is a Flip effect an Ignition Effect?", "no"),
    ("Does a Flip effect activate if the monster is flipped face-up by a card effect?", "yes"),
    ("does a flip monsters effect activate when it is attacked while face-down", "yes"),
    ("Does revealing a Flip monster activate its Flip effect?", "no"),
    ("If an effect makes me reveal a card from my hand, is that card activated?", "no"),
    ("Can I activate an Ignition Effect during my opponent's turn?", "no"),
    ("can ignition effects be used in the battle phase", "no"),
    ("Can an Ignition Effect be activated during my Main Phase?", "yes"),
    ("Can a Quick Effect be activated during the opponent's turn?", "yes"),
    ("can i use a monsters quick effect on my opponents turn", "yes"),
    ("Does a monster's Continuous Effect still apply while it is face-down?", "no"),
    ("Is a continuous effect active while the monster is face-up on the field?", "yes"),
    # ---------------------------------------------------------------- card types
    ("If a Synchro Monster would be returned to the hand, does it go to the Extra Deck instead?", "yes"),
    ("If Stardust Dragon is returned to my hand, does it go to the Extra Deck?", "yes"),
    ("Is a Link Monster shuffled into the Main Deck?", "no"),
    ("Do Xyz Monsters have a Level?", "no"),
    ("does a link monster have a level", "no"),
    ("Does a Link Monster have DEF?", "no"),
    ("Do Xyz Monsters have a Rank?", "yes"),
    ("Does a Synchro Monster have a Rank?", "no"),
    ("Does a Fusion Monster have a Level?", "yes"),
    ("Does a Ritual Monster go in the Extra Deck?", "no"),
    ("Are Ritual Monsters Main Deck monsters?", "yes"),
    ("Are Synchro Monsters kept in the Extra Deck?", "yes"),
    ("Can a Token be returned to the hand?", "no"),
    ("If a Token is bounced, does it go to the hand?", "no"),
    ("Can a Monster Token be added to the hand?", "no"),
    ("Is a Token included in the Deck?", "no"),
    ("Is a Normal Monster an Effect Monster?", "no"),
    ("Is a vanilla monster a non-effect monster?", "yes"),
    ("Do Spirit monsters return to the hand during the End Phase?", "yes"),
    ("Can a Spirit monster be Special Summoned?", "unknown"),  # most cannot, some can
    ("Does a Trap Monster still take up a Spell & Trap Zone?", "no"),
    ("Is a Trap Monster placed in a Main Monster Zone?", "yes"),
    ("Does a Flip effect activate when the monster is Normal Summoned?", "no"),
    # ---------------------------------------------------------------- winning and losing, the Deck
    ("Do I lose if I have to draw but my Deck is empty?", "yes"),
    ("if my deck is empty and an effect tells me to add a card from it do i lose the duel", "no"),
    ("Do I lose the Duel as soon as my LP reach 0, even in the middle of a chain?", "yes"),
    ("If my LP hit 0 during a chain, do I lose right away?", "yes"),
    ("Do I lose if my Deck is empty?", "unknown"),  # only when a card must be drawn
    ("Is winning the Duel by a card's text an effect?", "no"),
    ("Do I have to shuffle my Deck after I search it?", "yes"),
    ("must you shuffle your deck after adding a card from it", "yes"),
    ("Can I look at my cards while I shuffle my Deck?", "no"),
    ("Are excavated cards still in the Deck?", "yes"),
    # ---------------------------------------------------------------- face-down cards, the field, control
    ("Can I look at my own face-down Set cards?", "yes"),
    ("Can my opponent look at my face-down Spell?", "no"),
    ("Is a card in the GY a card on the field?", "no"),
    ("Are cards in the Extra Deck on the field?", "no"),
    ("Is a card in the Field Zone on the field?", "yes"),
    ("Do I control the cards in my hand?", "no"),
    ("Do I control cards in my Graveyard?", "no"),
    ("Do I control the cards in my Spell & Trap Zones?", "yes"),
    ("If I take control of my opponent's monster and it is returned to the hand, does it go to its owner's hand?", "yes"),
    # ---------------------------------------------------------------- destroyed, sent, left the field
    ("Is a card returned from the field to the hand destroyed?", "no"),
    ("Is a monster shuffled into the Deck treated as destroyed?", "no"),
    ("If my monster is bounced to my hand, is it considered destroyed?", "no"),
    ("Is a banished card returned to the GY treated as sent to the GY?", "no"),
    ("Does a monster that becomes Xyz Material activate its leaves the field effect?", "no"),
    ("Does a leaves the field effect activate when the monster is banished?", "yes"),
    ("Does a leaves the field effect activate when the monster is returned to the hand?", "no"),
    # ---------------------------------------------------------------- unaffected, conditions, lingering, legality
    ("If an unaffected monster's effects are negated, is it still unaffected?", "no"),
    ("Can a summoning condition be negated?", "no"),
    ("Is a summoning condition an effect?", "no"),
    ("Can a lingering effect be negated once it has been applied?", "no"),
    ("Can I activate a card if its effect cannot be resolved at all?", "no"),
    ("Can I activate an effect to search my Deck if there are no cards in it that meet the requirements?", "no"),
    ("If an attack stops before damage calculation, did the monster battle?", "no"),
    # ---------------------------------------------------------------- conjunctives
    ("In an 'and if you do' effect, if the first part fails, does the second part happen?", "no"),
    ("If the second part of an 'and if you do' effect can't be done, is the first part still done?", "yes"),
    ("With an 'also' effect, if the first part can't happen, does the second part still happen?", "yes"),
    ("In a 'then' effect, if the first part does not happen, does the second part happen?", "no"),
    # second batch, written before the second round of claims (A/B letters, costs that cannot be paid,
    # maintenance and phases, Pendulum Effects, targets in the hand or Deck)
    ("A card's effect reads 'Do A, then do B'. If A can't be done, does B happen?", "no"),
    ("the text says do A and if you do do B. if B cant happen is A still done", "yes"),
    ("An effect says 'Do A and B'. If B cannot be done, is A done?", "no"),
    ("Card text: 'Do A, also do B'. If B cannot be done, does A still happen?", "yes"),
    ("Is paying Life Points to activate a Trap an example of a cost?", "yes"),
    ("Is choosing a target part of the cost?", "no"),
    ("If a mandatory effect's cost cannot be paid, is it activated?", "no"),
    ("My hand is empty. Can I activate a Spell that needs me to discard a card as a cost?", "no"),
    ("I have no monsters on the field. Can I activate a Trap whose cost is Tributing a monster?", "no"),
    ("I have no cards in hand. Can I activate Lightning Vortex?", "no"),  # its discard cost is read from its text (not by a claim)
    ("My maintenance cost is due. Can I enter my Main Phase 1 without paying it?", "no"),
    ("Can a Pendulum Monster's Pendulum Effect be used while it is in my hand?", "no"),
    ("Can I apply the Pendulum Effect of a Pendulum monster in my Extra Deck?", "no"),
    ("Does Pot of Greed target cards in my Deck?", "no"),
    ("Does an effect that sends a card from my Deck to the GY target that card?", "no"),
    ("Can Monster Reborn target a monster in my hand?", "no"),  # its text says "target": stays unknown
    ("Is a face-down card in my opponent's Field Zone a Field Spell?", "yes"),
    ("After a Normal Trap resolves does it go to the GY", "yes"),
    # third batch, written before the third round (prb2017 chapter 4: drawing, destroying, sending, returning,
    # temporary banishment, damage, gained effects, prohibition, kinds of effects, targets, "cannot")
    ("Is a card that is drawn treated as being added to the hand?", "yes"),
    ("Can I activate an effect that draws cards when my Deck is empty?", "no"),
    ("If my monster cannot be destroyed by card effects, can my opponent's effect still send it to the GY?", "yes"),
    ("An effect says destroy that monster and banish it. If the monster cannot be destroyed, is it banished?", "no"),
    ("Is a monster returning from being temporarily banished treated as Special Summoned?", "no"),
    ("When a card is returned to the Deck, is the Deck shuffled?", "yes"),
    ("If a card is placed on top of the Deck, is the Deck shuffled?", "no"),
    ("Is piercing damage treated as battle damage?", "yes"),
    ("Does a monster that gained another monster's effects keep them after it leaves the field?", "no"),
    ("Is sending a prohibited card to the GY as a cost treated as using it?", "no"),
    ("Is targeting a prohibited card using it?", "no"),
    ("Does an Ignition Effect start a Chain?", "yes"),
    ("does a quick effect start a chain when activated", "yes"),
    ("Does a monster's Continuous Effect stop applying as soon as it leaves the field?", "yes"),
    ("If the activation of an effect is negated, are its targets still treated as targeted?", "no"),
    ("If the effect of a card is negated, is the card it targeted still treated as targeted?", "yes"),
    ("If my monster becomes unable to be targeted after it was targeted, does the effect still apply to it?", "yes"),
    ("Can I target a monster that cannot be targeted?", "no"),
    ("Does a 'cannot' effect take precedence over an effect that says to do it?", "yes"),
    ("Is a face-down monster affected by effects that change ATK?", "no"),
    ("My opponent's Field Spell gives monsters 300 ATK. Does my face-down monster gain that ATK?", "no"),
    ("After my opponent cuts my Deck, can I change the order of the cards?", "no"),
    ("If a monster's effects are negated, can it be used as Synchro Material even though its text says it cannot be?", "no"),
    # fourth batch, written before the fourth round (once-per-turn wordings of md "Use vs Activate", face-down
    # Spells/Traps that apply while face-up)
    ("My monster's effect says 'You can only use this effect once per turn'. Its activation was negated. Can I activate it again this turn?", "no"),
    ("If a hard once per turn effect is negated, can I use it again that turn?", "no"),
    ("A card says 'You can only activate this card once per turn'. Its activation was negated. Can I activate it again this turn?", "yes"),
    ("My monster's effect just says 'Once per turn'. I used it, then the monster left the field and came back. Can I use the effect again this turn?", "yes"),
    ("An effect says 'You can only use this effect once per turn'. If the monster leaves the field and returns, can I use it again this turn?", "no"),
    ("If a monster with a soft once per turn effect is flipped face-down and then face-up again, can it use the effect again?", "yes"),
    ("Does a face-down Continuous Trap apply its effect?", "no"),
    ("is a set field spell in my field zone applying its effects", "no"),
    ("Does a face-up Continuous Spell apply its effects?", "unknown"),  # depends on the card
    # fifth batch, written before the fifth round (costs and targets that need a Type or Attribute: face-down)
    ("An effect's cost says 'send 1 Spellcaster monster you control to the GY'. Can I send a face-down Spellcaster to pay it?", "no"),
    ("can i tribute a face-down dragon for a cost that needs a dragon monster", "yes"),
    ("Can I target my face-down Zombie monster with an effect that says 'Target 1 Zombie monster you control'?", "no"),
    ("Can a face-down monster be Tributed for a cost that requires a FIRE monster?", "yes"),
    ("Can I send my face-down monster to the GY as a cost?", "unknown"),  # no requirement said
    # sixth batch, written before the sixth round (rules vs card effects; Continuous cards that destroy)
    ("Does a card's effect take precedence over the basic rules?", "yes"),
    ("do the game rules override card effects", "no"),
    ("Can a Continuous Trap that destroys a card on the field target itself?", "yes"),
]

# near-misses written after the claims, to guard their precision: each must stay "unknown" (or be answered
# right by another reader: the expected answer is given when the rules decide it)
NEAR = [
    ("Is a Trigger Effect a Flip effect?", "unknown"),  # not every Trigger Effect is a Flip effect
    ("Do I have cards in my hand?", "unknown"),  # "have" is not "control"
    ("Is a card on the field in a Spell & Trap Zone?", "unknown"),
    ("Does a Continuous Effect apply to face-down monsters?", "unknown"),  # what it applies to, not while
    ("Do I lose if my opponent's LP reach 0?", "unknown"),
    ("Can I win the duel with an effect?", "unknown"),
    ("Is a destroyed card returned to the hand?", "unknown"),
    ("Can a Link Monster be shuffled into the Deck?", "unknown"),  # an effect may do it: it goes to the Extra Deck
    ("Does a Flip effect activate when a face-up monster is attacked?", "unknown"),
    ("Do I have to shuffle my Deck before I search it?", "unknown"),
    ("If the first part of an 'and if you do' effect happens, does the second part happen?", "unknown"),
    ("Do I control the cards in my opponent's Spell & Trap Zones?", "unknown"),
    ("Can my opponent target my monster that cannot be targeted by my opponent's effects?", "unknown"),
    ("Can a monster that cannot be destroyed by battle be destroyed by a card effect?", "unknown"),
    ("If an effect that targets is negated, does it still resolve?", "unknown"),
    ("Does an effect that says I can take precedence over a cannot effect?", "unknown"),
    ("Can a prohibited card be targeted?", "unknown"),
    ("Is a monster that was temporarily banished returned in the same position?", "unknown"),
    ("I used my once per turn effect, then the monster left the field and came back. Can I use it again this turn?", "unknown"),
    ("A card says 'You can only activate this card once per turn'. If it leaves the field, can I activate it again?", "unknown"),
    ("Does a face-down Continuous Trap apply its effect once it is flipped face-up?", "unknown"),
]


def _answer(session, text):
    from kb.understand.answer import ask_plain

    return ask_plain(session, text)


def test_set_table_is_valid():
    """The set's claims, rows and phrases load with the others; no problem is reported."""
    from kb.understand.claims.table import claims, problems

    assert problems() == []
    ours = [c for c in claims() if c.file == "sets/costs_types_other.toml"]
    assert len(ours) >= 100


def test_own_questions_never_wrong_and_mostly_right(session):
    """Measured: first batch 92 of 100 right when written (30 before the set); with the second and third
    batches (each written before its claims) 146 of 158, none wrong."""
    right, wrong = 0, []
    for text, expected in OWN:
        answer = _answer(session, text)["answer"]
        if answer == expected:
            right += 1
        elif answer != "unknown" or expected == "unknown":
            wrong.append((text, expected, answer))
    assert wrong == []
    assert right >= 144


@pytest.mark.parametrize("text, expected", NEAR)
def test_near_misses(session, text, expected):
    assert _answer(session, text)["answer"] == expected


@pytest.mark.parametrize("text, claim, rule", [
    ("If I cannot pay the cost, can I still activate the card?", "cost_unpayable_no_activation", "fact_cost_must_pay"),
    ("Is a maintenance cost an effect?", "maintenance_not_effect", "claim_maintenance_not_effect"),
    ("If Stardust Dragon is returned to my hand, does it go to the Extra Deck?", "synchro_returns_extra_deck",
     "kind_synchro_returns"),
    ("In a 'then' effect, if the first part does not happen, does the second part happen?", "then_first_fails",
     "claim_then"),
])
def test_answer_names_the_claim_and_cites_its_row(session, text, claim, rule):
    from kb.engine.rules import RULES

    answer = _answer(session, text)
    assert answer["parsed"]["ask"] == "claim" and claim in answer["parsed"]["claim"]
    assert answer["steps"][-1]["quote"]["id"] == RULES[rule]["quote"]["id"]


def test_named_card_whose_text_pays_its_own_upkeep_is_unknown(session):
    """A card with a maintenance cost of its own says what happens when it is not paid: the general rule
    (it destroys itself) is not applied to it."""
    answer = _answer(session, "If I don't pay the maintenance cost of Messenger of Peace, is it destroyed?")
    assert answer["answer"] in ("unknown", "yes")
    if answer["answer"] == "unknown":
        assert "own text" in answer["explanation"] or "not" in answer["explanation"]
