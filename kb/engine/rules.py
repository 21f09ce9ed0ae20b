"""The rules the engine applies, as data, each row citing the knowledge base sections that justify it.

:data:`RULES` is the ONE table of citations: every check of :mod:`kb.engine.engine` names a rule key,
and the answer's ``cites`` and ``quote`` come from that row.  Each row holds at most
:data:`MAX_CITES` ``sections``, best first (the book whose words decide the rule), and a ``quote``
``{"id": <one of its sections>, "text": <a sentence verbatim in that section's text>}``: the sentence
that states the rule.  The build validates that every cited section (and ruling) id exists in the store
and that every quote still occurs in its section (:func:`validate_citations`, registered by the
profiles build step); quotes are compared after :func:`normalise_quote_text`.

The other tables (:data:`SPELL_SPEEDS`, :data:`CARD_ACTIVATION`, :data:`DAMAGE_STEP`, :data:`SEGOC_GROUPS`
...) hold the facts themselves and refer to :data:`RULES` by key.
"""

from __future__ import annotations

import unicodedata

from ..text import fold_quotes

__all__ = [
    "RULES",
    "SPELL_SPEEDS",
    "CARD_ACTIVATION",
    "EFFECT_ACTIVATION",
    "DAMAGE_STEP_TIMINGS",
    "DAMAGE_STEP",
    "DAMAGE_STEP_EXCEPTIONS",
    "SEGOC_GROUPS",
    "PHASES",
    "BATTLE_STEPS",
    "MAX_CITES",
    "citation",
    "normalise_quote_text",
    "quote_problems",
    "rule",
    "spell_speed",
    "cited_ids",
    "validate_citations",
]

MAX_CITES = 3  # sections a rule (and a step) cites at most

# key -> statement, the section ids that justify it (best first) and the sentence that states it
RULES: dict[str, dict] = {
    "spell_speed": {
        "statement": "A response must be Spell Speed 2 or higher and not lower than the Spell Speed of the "
                     "chain link it responds to; Spell Speed 3 may only be answered by Spell Speed 3.",
        "sections": ["community:7.8.1", "prb2017:spell-speeds-p32", "md:spell-speed"],
        "quote": {"id": "community:7.8.1",
                  "text": "If you want to respond to a card effect in a Chain, you have to use an effect "
                          "with Spell Speed 2 or higher, and it cannot have a lower Spell Speed than the "
                          "effect you are responding to."},
    },
    "spell_speed_table": {
        "statement": "Spell Speed 1: Spells other than Quick-Play, Ignition/Trigger/Flip effects; Spell Speed 2: "
                     "Normal and Continuous Traps, Quick-Play Spells, Quick Effects; Spell Speed 3: Counter Traps.",
        "sections": ["prb2017:spell-speed-1", "prb2017:spell-speed-2", "prb2017:spell-speed-3"],
        "quote": {"id": "prb2017:spell-speed-1",
                  "text": "The following effects are Spell Speed 1 effects: Normal Spells/ Equip Spells/ "
                          "Field Spells/ Continuous Spells/ Ritual Spells/ Pendulum Effects/ Monster "
                          "Effects (except Quick Effects)"},
    },
    "spell_card_speed": {
        "statement": "Activating a Spell Card other than a Quick-Play Spell is Spell Speed 1.",
        "sections": ["prb2017:activating-spell-cards", "cr-draft:204.2", "community:7.8.1"],
        "quote": {"id": "prb2017:activating-spell-cards",
                  "text": "Spell Cards have a Spell Speed of 1, with the exception of Quick-Play Spell "
                          "Cards."},
    },
    "spell_effect_speed": {
        "statement": "The activated effects of Spell Cards (a face-up Continuous Spell's, an effect in the GY) "
                     "are Spell Speed 1.",
        "sections": ["prb2017:continuous-spell-cards", "cr-draft:209.3", "prb2017:quick-play-spells"],
        "quote": {"id": "prb2017:continuous-spell-cards",
                  "text": "The activated effects of Continuous Spell Cards are of Spell Speed 1."},
    },
    "quick_play_speed": {
        "statement": "Activating a Quick-Play Spell is Spell Speed 2.",
        "sections": ["prb2017:quick-play-spells", "cr-draft:209.3", "community:7.8.1"],
        "quote": {"id": "prb2017:quick-play-spells",
                  "text": "Quick-Play Spells are of Spell Speed 2. As a result, they can also be activated "
                          "in a chain to the activations of cards or effects, except Counter Trap Cards."},
    },
    "trap_speed": {
        "statement": "Activating a Normal or Continuous Trap Card is Spell Speed 2.",
        "sections": ["prb2017:activating-trap-cards", "community:7.8.1", "prb2017:spell-speed-2"],
        "quote": {"id": "prb2017:activating-trap-cards",
                  "text": "With the exception of Counter Traps, they are of Spell Speed 2."},
    },
    "trap_effect_speed": {
        "statement": "The activated effects of face-up Trap Cards (Continuous Traps, Counter Traps) are Spell "
                     "Speed 2.",
        "sections": ["prb2017:continuous-traps", "cr-draft:212.3", "community:7.9"],
        "quote": {"id": "prb2017:continuous-traps",
                  "text": "The effects of face-up Continuous Traps that activate are of Spell Speed 2."},
    },
    "not_activated": {
        "statement": "Continuous effects, summoning procedures and conditions are not activated: they start no "
                     "chain and cannot be chained.",
        "sections": ["prb2017:continuous-effects", "community:9.2.1", "community:9.4.1"],
        "quote": {"id": "prb2017:continuous-effects",
                  "text": "Continuous effects do not start a chain and start applying the moment the "
                          "monster is face-up"},
    },
    "chain_only_activations": {
        "statement": "A chain is only built by responding to the activation of a card or effect; summons, "
                     "costs and other actions cannot be chained to.",
        "sections": ["community:7.8.2", "tcg-v10:actions-which-cannot-be-chained-to", "md:what-are-chains"],
        "quote": {"id": "community:7.8.2",
                  "text": "You can only create a Chain by responding to the activation of a card or "
                          "effect."},
    },
    "activation_condition": {
        "statement": "A card or effect with an activation condition can only be activated when that condition "
                     "is met.",
        "sections": ["community:9.2.3", "community:9.1"],
        "quote": {"id": "community:9.2.3",
                  "text": "An activation condition, also known as its activation requirement, is the set "
                          "of conditions that must be met in order to activate a card or effect[1]."},
    },
    "card_vs_effect_activation": {
        "statement": "Negating or responding to the activation of a card (a Spell/Trap Card) differs from an "
                     "effect's activation (a monster effect, or an effect of a card already face-up).",
        "sections": ["prb2017:effects-that-activate-and-effects-that-do-not", "community:9.2.2",
                     "prb2017:negating"],
        "quote": {"id": "community:9.2.2",
                  "text": "There are effects of Spell and Trap Cards that activate and start a chain in "
                          "the Graveyard or field, other than when the card is activated by placing it "
                          "face-up on the field."},
    },
    "includes_effect": {
        "statement": "\"a card or effect that includes an effect that does [A]\" matches an activation whose "
                     "effect contains [A].",
        "sections": ["community:10.31"],
        "quote": {"id": "community:10.31",
                  "text": "When a card or effect is activated that includes an effect that Special Summons "
                          "a monster(s): Negate that effect, then if you have a Trap in your GY, destroy "
                          "that card."},
    },
    "would_effect": {
        "statement": "\"a card or effect that would do [A]\" matches an activation that would perform [A].",
        "sections": ["community:10.32"],
        "quote": {"id": "community:10.32",
                  "text": "When a card or effect is activated that would destroy 2 or more cards you "
                          "control: Negate the effect, and if you do, destroy that card, then you can "
                          "Special Summon 1 \"Stardust Dragon\" from your Extra Deck."},
    },
    "summon_negation": {
        "statement": "\"When a monster would be Summoned\" effects are activated in the Summon Negation "
                     "Window, before the monster is on the field; only effects that negate the Summon start "
                     "that chain.",
        "sections": ["cr-draft:300.4", "cr-draft:300.4f", "md:negating-summons"],
        "quote": {"id": "cr-draft:300.4f",
                  "text": "The first effect activated during a Summon Negation Window must be an effect "
                          "that would negate that Summon."},
    },
    "summon_response": {
        "statement": "After a monster is Summoned outside a chain, there is a Summon Response Window where "
                     "\"when a monster is Summoned\" effects can be activated.",
        "sections": ["cr-draft:300.3", "cr-draft:300.4e"],
        "quote": {"id": "cr-draft:300.3",
                  "text": "All Summon that happen outside of a chain resolving create a Response Window "
                          "where card or effects can be activated called the Summon Response Window."},
    },
    "spell_activation": {
        "statement": "Normal, Continuous, Equip, Field and Ritual Spells are activated by the turn player in "
                     "their Main Phase when the game state is open (no chain), from the hand or Set on the "
                     "field.",
        "sections": ["cr-draft:204.3", "prb2017:activating-spell-cards", "community:4.1"],
        "quote": {"id": "cr-draft:204.3",
                  "text": "The turn player can activate a Spell Card during their Main Phase if there "
                          "isn't a chain forming or resolving, it's not during a response window and they "
                          "have priority."},
    },
    "quick_play_activation": {
        "statement": "A Quick-Play Spell can be activated from the hand during any phase of your own turn; "
                     "Set, it can also be activated in the opponent's turn, but not in the turn it was Set.",
        "sections": ["community:4.8", "prb2017:quick-play-spells", "cr-draft:209.5"],
        "quote": {"id": "community:4.8",
                  "text": "You can also activate them during your opponent's turn if you Set the card "
                          "face-down first, but then you cannot activate the card in the same turn you Set "
                          "it."},
    },
    "trap_activation": {
        "statement": "A Trap Card must be Set before it is activated and cannot be activated in the turn it "
                     "was Set; it can be activated in either player's turn.",
        "sections": ["community:5", "prb2017:activating-trap-cards", "cr-draft:210.3"],
        "quote": {"id": "community:5",
                  "text": "You cannot activate a Trap in the same turn that you Set it, but you can "
                          "activate it at any time after that-starting from the beginning of the next "
                          "turn."},
    },
    "counter_trap": {
        "statement": "Counter Traps are Spell Speed 3 and are normally activated in response to other "
                     "activations.",
        "sections": ["prb2017:counter-traps", "cr-draft:212.3", "community:5.4"],
        "quote": {"id": "prb2017:counter-traps",
                  "text": "Counter Traps are of Spell Speed 3."},
    },
    "continuous_spell_trap": {
        "statement": "Continuous Spells/Traps stay on the field; their effects that activate are effects of "
                     "the face-up card, not the card's activation.",
        "sections": ["prb2017:continuous-spell-cards", "prb2017:continuous-traps", "community:5.3"],
        "quote": {"id": "prb2017:continuous-spell-cards",
                  "text": "There are Continuous Spell Cards that have effects that can activate under "
                          "certain conditions after their activation. In that case, this is treated as "
                          "activating an effect and not as activating a Spell Card."},
    },
    "hand_trap_exception": {
        "statement": "A card that says it can be activated from the hand (or the turn it was Set) is an "
                     "exception to the Set-first rule: the card text overrides the rule.",
        "sections": ["community:7.1", "prb2017:activating-trap-cards", "community:5"],
        "quote": {"id": "community:7.1",
                  "text": "If there is a discrepancy between the basic rules and a card's effect, the card "
                          "effect takes precedence."},
    },
    "ignition": {
        "statement": "Ignition Effects are Spell Speed 1 and are activated by declaring them during your Main "
                     "Phase when the game state is open.",
        "sections": ["prb2017:ignition-effects", "community:9.4.2", "md:ignition"],
        "quote": {"id": "prb2017:ignition-effects",
                  "text": "Effects that can be declared to activate during the Main Phase, once the turn "
                          "player has priority and they do not wish to activate or resolve an effect, are "
                          "Ignition Effects."},
    },
    "ignition_speed": {
        "statement": "Ignition Effects are Spell Speed 1.",
        "sections": ["prb2017:ignition-effects", "prb2017:spell-speed-1", "community:7.8.1"],
        "quote": {"id": "prb2017:ignition-effects", "text": "Ignition Effects have a Spell Speed of 1."},
    },
    "trigger": {
        "statement": "Trigger Effects activate when their event happens; they are Spell Speed 1.",
        "sections": ["community:9.4.3", "prb2017:trigger-effects", "md:trigger"],
        "quote": {"id": "community:9.4.3",
                  "text": "Effects that are activated in a particular written timing are Trigger Effects."},
    },
    "trigger_speed": {
        "statement": "Trigger Effects are Spell Speed 1.",
        "sections": ["prb2017:trigger-effects", "prb2017:spell-speed-1", "community:7.8.1"],
        "quote": {"id": "prb2017:trigger-effects", "text": "Trigger Effects have a Spell Speed of 1."},
    },
    "trigger_location": {
        "statement": "A trigger effect activates from the location the card is in when its event happens.",
        "sections": ["community:9.4.3.2", "prb2017:trigger-effects"],
        "quote": {"id": "community:9.4.3.2",
                  "text": "If, at the time of the particular timing, the card has been moved to a private "
                          "location like the Deck or hand, the Trigger Effect does not activate[2]."},
    },
    "quick": {
        "statement": "Quick Effects are Spell Speed 2 and can be activated in either player's turn whenever "
                     "their condition is met.",
        "sections": ["community:7.9", "prb2017:quick-effects", "community:9.4.4"],
        "quote": {"id": "community:7.9",
                  "text": "Fast effects can be activated by either player - even during their opponent's "
                          "turn, as long as the conditions are appropriate."},
    },
    "quick_speed": {
        "statement": "Quick Effects are Spell Speed 2.",
        "sections": ["prb2017:quick-effects", "prb2017:spell-speed-2", "community:7.8.1"],
        "quote": {"id": "prb2017:quick-effects", "text": "Quick Effects have a Spell Speed of 2."},
    },
    "flip": {
        "statement": "Flip effects activate when the monster is flipped face-up; they are Spell Speed 1.",
        "sections": ["tcg-v10:flip-effect", "community:2.3.1.1",
                     "prb2017:effects-that-activate-if-flipped-face-up"],
        "quote": {"id": "tcg-v10:flip-effect",
                  "text": "This is an effect that is activated when a face-down card is flipped face-up."},
    },
    "monster_effect_location": {
        "statement": "A monster effect is activated from the location its text names (the hand, the GY ...), "
                     "otherwise from the field face-up.",
        "sections": ["prb2017:ignition-effects", "prb2017:2.2", "community:9.4.3.2"],
        "quote": {"id": "prb2017:ignition-effects",
                  "text": "There are also Ignition Effects that activate outside of the field, like in the "
                          "Graveyard or hand."},
    },
    "phase_restriction": {
        "statement": "An effect that says \"During [a player's] [phase]\" can only be activated then.",
        "sections": ["community:8.7", "community:10.38", "community:8.3"],
        "quote": {"id": "community:8.7",
                  "text": "Announce the end of your turn, and if there are any cards on the field which "
                          "say \"during the End Phase\" in their text, resolve those effects in this "
                          "phase[1]."},
    },
    "turn_structure": {
        "statement": "A turn is Draw, Standby, Main 1, Battle (Start, Battle, Damage, End Steps), Main 2, End.",
        "sections": ["cr-draft:400.1", "cr-draft:403.1", "community:8"],
        "quote": {"id": "cr-draft:400.1",
                  "text": "A turn is composed of 6 Phases: Draw, Standby, Main 1, Battle, Main 2, End."},
    },
    "damage_step": {
        "statement": "In the Damage Step only Counter Traps, effects that negate activations, mandatory "
                     "effects, cards and effects that directly change ATK/DEF (until damage calculation), "
                     "and effects whose timing is specific to the Damage Step can be activated.",
        "sections": ["cr-draft:406.3", "community:8.5.3.2", "prb2017:damage-step"],
        "quote": {"id": "cr-draft:406.3",
                  "text": "During the Damage Step only the following types of effects can be activated: "
                          "Counter Trap Cards, cards and effects that negate the activation of cards "
                          "and/or effects, cards and effects that set, increase or decrease the ATK and/or "
                          "DEF of monsters (only up until Before Damage Calculation), mandatory effects, "
                          "Monster Effects that activate when flipped face-up and effects of cards that "
                          "activate when that card itself is moved to a different zone."},
    },
    "damage_step_atk_def": {
        "statement": "Cards and effects that directly change ATK/DEF can be activated at the start of the "
                     "Damage Step and before damage calculation, not during or after it.",
        "sections": ["community:8.5.3.2", "cr-draft:409.15", "prb2017:damage-step"],
        "quote": {"id": "prb2017:damage-step",
                  "text": "Effects that increase or decrease the ATK or DEF of monsters can only be "
                          "activated up to the timing of \"before damage calculation\"."},
    },
    "damage_step_specific": {
        "statement": "Effects naming a Damage Step timing (\"at the start of the Damage Step\", \"during "
                     "damage calculation\", \"after damage calculation\", \"at the end of the Damage Step\") "
                     "activate at that timing.",
        "sections": ["community:8.5.3.2", "cr-draft:406.5", "cr-draft:409.2"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Any effect that specifically mentions an activation timing that is unique to "
                          "the Damage Step"},
    },
    "damage_step_battle_events": {
        "statement": "Effects whose activation timing is unique to the Damage Step (a monster destroyed by battle, "
                     "battle damage, damage taken) can be activated in the Damage Step after damage calculation.",
        "sections": ["community:8.5.3.2", "cr-draft:410.2", "cr-draft:411.3"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "This is indicated by phrases in the text such as \"During damage calculation\", "
                          "\"At the end of the Damage Step\", \"If/When you take battle damage\", etc."},
    },
    "damage_step_continuous_atk_def": {
        "statement": "Continuous Traps (and Traps that equip themselves) whose continuous effects directly change "
                     "ATK/DEF can be activated in the Damage Step until damage calculation.",
        "sections": ["community:8.5.3.2"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Continuous Trap Cards with Continuous-like Effects that directly alter the "
                          "ATK/DEF of a monster(s), such as \"Fire Formation - Kaiyo\", can be activated "
                          "during the Damage Step until damage calculation[13]"},
    },
    "damage_step_summon_modify": {
        "statement": "Cards that Special Summon a monster and change only that monster's ATK/DEF cannot be "
                     "activated in the Damage Step for that reason alone.",
        "sections": ["community:8.5.3.2"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Cards such as \"Powerful Rebirth\" and \"Reverse of Neos\", which Special "
                          "Summon a monster and exclusively modify the ATK/DEF of that Summoned monster, "
                          "cannot be activated during the Damage Step for that reason alone[11]"},
    },
    "damage_step_exceptions": {
        "statement": "Some cards are ruled unusable in the Damage Step even though they change ATK/DEF: Evil "
                     "Blast, Scrap Sheen, Zero Force, Curse of Anubis and the Quick-like Effect of Rocket Hand.",
        "sections": ["community:8.5.3.2"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Unique exceptions are \"Evil Blast\"[16], \"Scrap Sheen\"[17] (TCG only), "
                          "\"Zero Force\"[18], \"Curse of Anubis\"[19], and the Quick-like Effect of "
                          "\"Rocket Hand\"[20], which have rulings stating that they cannot be activated "
                          "during the Damage Step."},
    },
    "damage_step_triggers": {
        "statement": "Optional triggers about the card itself being Summoned, moved, flipped or destroyed "
                     "can be activated in the Damage Step; other optional triggers cannot.",
        "sections": ["community:8.5.3.2", "prb2017:trigger-effects",
                     "md:effect-activations-in-the-damage-step"],
        "quote": {"id": "community:8.5.3.2",
                  "text": "Optional Trigger and Trigger-like Effects if that effect activates in response "
                          "to the card itself is Special Summoned successfully, being moved to a different "
                          "location (destroyed, banished, added to the hand, etc.), being flipped face-up "
                          "including Flip effects, or having its battle position changed[3][22] can be "
                          "activated during the Damage Step, unless the effect performs a Normal[23]or "
                          "Fusion Summon[24]"},
    },
    "segoc": {
        "statement": "Simultaneous triggers form one chain: turn player's mandatory, then the opponent's "
                     "mandatory, then the turn player's optional, then the opponent's optional effects.",
        "sections": ["md:segoc", "community:7.9.4.2",
                     "prb2017:if-multiple-effects-are-activated-simultaneously"],
        "quote": {"id": "md:segoc",
                  "text": "If there are two or more effects, the turn player builds the Chain starting "
                          "with their mandatory effects, in any order. Then the opponent continues the "
                          "Chain with their mandatory effects in any order. Afterwards, the turn player "
                          "adds their optional effects in any order, and finally the opponent adds their "
                          "optional effects in any order."},
    },
    "missing_timing": {
        "statement": "An optional \"When ... you can\" trigger misses the timing if its event was not the last "
                     "thing to happen; \"If ...\" effects and mandatory effects do not miss the timing.",
        "sections": ["community:7.9.5", "md:missing-the-timing-or-missing-the-activation-window",
                     "prb2017:during-the-resolution-of-a-chain"],
        "quote": {"id": "md:missing-the-timing-or-missing-the-activation-window",
                  "text": "Missing the timing is the inability to activate a card or optional effect when "
                          "it would meet its activation timing due to something else taking up its time to "
                          "trigger and only occurs with a 'when' optional Trigger effect."},
    },
    "no_response": {
        "statement": "Text saying that cards or effects cannot be activated in response to a card's or effect's "
                     "activation stops those responses to that activation; such text is not an effect, so it "
                     "applies even when the card's effects are negated.",
        "sections": ["community:9.5.5"],
        "quote": {"id": "community:9.5.5",
                  "text": "Neither player can activate cards or effects in response to this card's activation."},
    },
    "cost_never_last": {
        "statement": "A cost is paid as a card or effect is activated, or as a Summon is performed: what it paid "
                     "for (the resolution, or the Summon) happens afterwards, so a card moved as a cost is never "
                     "the last thing to happen, and its optional \"When ... you can\" effect misses the timing.",
        "sections": ["community:7.9.5", "prb2017:costs-p30"],
        "quote": {"id": "community:7.9.5",
                  "text": "If monsters are Tributed (for a Tribute[4] or Ritual[5] Summon) or sent to the Graveyard "
                          "to meet a Special Summon monster's summoning requirements (including Fusion[6], Synchro, "
                          "Link), the Special Summon of the monster is performed afterwards."},
    },
    # ---- conjunctives in a card's text: what happens after what (kb/engine/timing_cause.py) ----
    "conjunctive_then": {
        "statement": "In \"Do A, then do B\" (and \"Do A, also, after that, do B\") B happens after A, in sequence: "
                     "A is not the last thing to happen, and an optional \"When ... you can\" effect A triggers "
                     "misses the timing.",
        "sections": ["md:then", "md:also-after-that", "community:9.3"],
        "quote": {"id": "md:then", "text": "These things happen in sequence, not simultaneously."},
    },
    "conjunctive_simultaneous": {
        "statement": "In \"Do A, and if you do, do B\" and \"Do A, also do B\" A and B happen simultaneously: A is "
                     "still one of the last things to happen.",
        "sections": ["md:and-if-you-do", "md:also", "community:9.3"],
        "quote": {"id": "md:and-if-you-do", "text": "both A and B happen simultaneously."},
    },
    # ---- trigger effects whose event happens in the middle of a chain (kb/engine/timing_wording.py) ----
    "timing_if_after_chain": {
        "statement": "An \"If [event] ... you can\" effect whose event happens during the resolution of a chain can "
                     "be activated after the chain finishes resolving.",
        "sections": ["community:7.9.5", "prb2017:effects-that-meet-their-activation-requirements-ex2"],
        "quote": {"id": "community:7.9.5",
                  "text": "you can choose to activate them after all those effects/chains finish resolving"},
    },
    "timing_mandatory_after_chain": {
        "statement": "A mandatory \"activate if/when [event]\" effect whose event happens during the resolution of a "
                     "chain activates after the chain finishes resolving.",
        "sections": ["community:7.9.5", "prb2017:effects-that-meet-their-activation-requirements-ex1"],
        "quote": {"id": "community:7.9.5", "text": "they activate after those resolutions are over"},
    },
    "cost_vs_effect": {
        "statement": "Cards sent, discarded, banished or Tributed as a cost are not moved \"by a card effect\".",
        "sections": ["prb2017:costs-p30", "community:9.2.4"],
        "quote": {"id": "prb2017:costs-p30",
                  "text": "Keep in mind that cards that are sent from the Deck, hand or field to the "
                          "Graveyard are not treated as being to the Graveyard by a card effect."},
    },
    "cost": {
        "statement": "A cost is paid when the card or effect is activated (text between \":\" and \";\"); it "
                     "must be payable to activate.",
        "sections": ["community:9.2.4", "md:glossary-pay-a-cost", "prb2017:costs-p30"],
        "quote": {"id": "community:9.2.4",
                  "text": "A cost is an action that must be performed in order to activate a card or "
                          "effect, to perform another action, or to keep a card on the field."},
    },
    "psct": {
        "statement": "Problem-Solving Card Text: activation condition before \":\", cost before \";\", effect "
                     "after it; \"You can\" marks an optional effect.",
        "sections": ["community:9.1", "community:9.2.3", "community:9.2.4"],
        "quote": {"id": "community:9.1",
                  "text": "The purpose of Problem-Solving Card Text is to specify card effects to the point "
                          "that most situations can be resolved by logically interpreting the card text[1]."},
    },
    "targeting": {
        "statement": "An effect targets when its text says \"target\"; targets are chosen on activation.",
        "sections": ["community:9.2.5"],
        "quote": {"id": "community:9.2.5",
                  "text": "In Problem-Solving Card Text, cards and effects that target always explicitly "
                          "state that they target: a card targets if and only if it uses the word "
                          "\"target\"[1]."},
    },
    "priority": {
        "statement": "The turn player has priority at the start of each phase and step; an open game state "
                     "lets them act first.",
        "sections": ["community:7.9.3", "cr-draft:400.4", "md:priority"],
        "quote": {"id": "community:7.9.3",
                  "text": "The turn player always starts with Priority, or the choice to activate a card "
                          "first, in each phase or step of their turn."},
    },
    "card_text_overrides": {
        "statement": "When card text and the rules disagree, the card text takes precedence.",
        "sections": ["community:7.1", "tcg-v10:rules-vs-card-effects"],
        "quote": {"id": "community:7.1",
                  "text": "If there is a discrepancy between the basic rules and a card's effect, the card "
                          "effect takes precedence."},
    },
    "once_per_turn": {
        "statement": "\"Once per turn\" limits an effect; \"You can only use this effect of X once per turn\" "
                     "limits every copy of the card.",
        "sections": ["community:9.5.1", "prb2017:card-name"],
        "quote": {"id": "community:9.5.1",
                  "text": "Text that specifies the activation requirements for that effect, like \"the "
                          "effect of [card name] can only be used once per turn\", is text that is not an "
                          "effect[1]."},
    },
}

# the simulator's rules: rows kept beside the simulator in kb/engine/sim/rulebook.py, validated like these
from .sim.rulebook import SIM_RULES as _SIM_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_SIM_RULES)

# rule facts about costs, missing the timing and kinds of monsters (kb/engine/rule_facts.py)
from .rule_facts import FACT_RULES as _FACT_RULES  # noqa: E402  (data only at import time)

RULES.update(_FACT_RULES)

# Damage Step facts and permissions granted by other cards: rows kept in kb/engine/damage_step_rules.py
from .damage_step_rules import DAMAGE_STEP_RULES as _DAMAGE_STEP_RULES  # noqa: E402  (data only)

RULES.update(_DAMAGE_STEP_RULES)

# what happens after a negation (kb/engine/negated.py): rows kept in kb/engine/negated_rules.py
from .negated_rules import NEGATED_RULES as _NEGATED_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_NEGATED_RULES)

# chains told in words: phase triggers, the controller of an effect (kb/engine/chain_rows.py)
from .chain_rows import CHAIN_RULES as _CHAIN_RULES  # noqa: E402  (data only, imports nothing back)

RULES.update(_CHAIN_RULES)

# rows only the claims table cites (kb/understand/claims/rules.toml; read as a file, kb.understand not imported)
from .rule_table import load_rule_table as _load_rule_table  # noqa: E402
from pathlib import Path as _Path  # noqa: E402

RULES.update(_load_rule_table(_Path(__file__).resolve().parents[1] / "understand" / "claims" / "rules.toml")[0])

# the rules of generic cards and negation questions (kb/engine/generic.py, negation.py)
RULES.update({
    "card_kinds": {
        "statement": "Cards are Monster, Spell or Trap Cards; each kind of card and effect has its Spell Speed, "
                     "so a question about a kind of card is answered from what every card of that kind shares.",
        "sections": ["cr-draft:200.1", "community:7.8.1"],
        "quote": {"id": "cr-draft:200.1", "text": "The card types are Monster, Spell and Trap."},
    },
    "negate_directly": {
        "statement": "An effect that negates an activation must be chained directly to the activation it negates.",
        "sections": ["prb2017:negating-the-activation-of-cards", "prb2017:negating-the-activation-of-cards-ex1",
                     "prb2017:counter-traps-ex1"],
        "quote": {"id": "prb2017:negating-the-activation-of-cards",
                  "text": "Effects that negate activations must be activated in a chain directly to the "
                          "activation of the effect they aim to negate."},
    },
    "negate_directly_effect": {
        "statement": "An effect that negates the activation of an effect must be chained directly to that "
                     "activation.",
        "sections": ["prb2017:negating-the-activation-of-effects", "prb2017:negating-the-activation-of-cards"],
        "quote": {"id": "prb2017:negating-the-activation-of-effects",
                  "text": "The effect that negates activations must be activated in a chain directly to the "
                          "activation of the effect that would be negated."},
    },
    "negate_effect_only": {
        "statement": "An effect that only negates effects leaves the activation standing: the card was still "
                     "activated, its effect is not applied.",
        "sections": ["prb2017:negating-effects", "md:negating-activations"],
        "quote": {"id": "prb2017:negating-effects",
                  "text": "If an effect that simply negates effects is activated in a chain to the activation of "
                          "a card, the activation of the card is not negated and its effect is not applied "
                          "afterwards."},
    },
    "negate_card_activation": {
        "statement": "Effects that negate the activation of cards do not negate the activated effects of "
                     "Spells and Traps already on the field or in the GY.",
        "sections": ["prb2017:activating-effects", "prb2017:negating-the-activation-of-cards"],
        "quote": {"id": "prb2017:activating-effects",
                  "text": "Activating the effects of Spells and Traps cannot be negated by effects that negate "
                          "the activation of cards."},
    },
    "summon_negatable": {
        "statement": "Only Summons outside a chain can be negated: Normal, Tribute and Flip Summons and "
                     "Special Summons by a monster's own procedure (Synchro, Xyz, Pendulum, Link, built-in).",
        "sections": ["md:negating-summons", "prb2017:special-summoning-by-an-activated-card-effect",
                     "prb2017:fusion-summoning-ex1"],
        "quote": {"id": "md:negating-summons",
                  "text": "Only Summons that occur outside of a Chain can be negated, and even then only built-in "
                          "Special Summons and Summons by game mechanics (Normal Summons, Flip Summons, Synchro "
                          "Summons, Xyz Summons, Pendulum Summons and Link Summons) can be negated."},
    },
    "summon_by_effect": {
        "statement": "A Summon performed by a resolving effect (Polymerization, a Ritual Spell, a card that "
                     "Special Summons) cannot be negated; only the activation of that effect can.",
        "sections": ["prb2017:special-summoning-by-an-activated-card-effect", "prb2017:fusion-summoning-ex1",
                     "prb2017:ritual-summoning-ex1"],
        "quote": {"id": "prb2017:special-summoning-by-an-activated-card-effect",
                  "text": "When a Special Summon is performed as a result of the resolution of an activated "
                          "effect that started a chain, if the activation of the activated effect that started a "
                          "chain is not negated, the resolution that performs the Special Summon cannot be "
                          "negated."},
    },
    "pendulum_summon_count": {
        "statement": "A Pendulum Summon Special Summons any number of monsters at once: a card that negates the "
                     "Summon of exactly one monster cannot negate a Pendulum Summon of several.",
        "sections": ["prb2017:pendulum-summoning-ex1", "cr-draft:306.12"],
        "quote": {"id": "prb2017:pendulum-summoning-ex1",
                  "text": "A Pendulum Summon is a method that Special Summons any number of monsters in a single "
                          "timing."},
    },
    "summon_method": {
        "statement": "Fusion, Synchro, Xyz, Link and Ritual Monsters are Special Summon Monsters: they cannot be "
                     "Normal or Tribute Summoned; each is Summoned by its own method.",
        "sections": ["cr-draft:202.16a", "md:semi-nomi"],
        "quote": {"id": "cr-draft:202.16a",
                  "text": "A Special Summon Monster cannot be Normal/Tribute Summoned or Normal/Tribute Set."},
    },
})

# (card_type, property or None, effect kind) -> (Spell Speed, rule key).  Most specific row wins.
SPELL_SPEEDS: list[tuple[str | None, str | None, str, int | None, str]] = [
    ("Trap", "Counter", "activation", 3, "counter_trap"),
    ("Trap", "Counter", "*", 2, "trap_effect_speed"),
    ("Trap", None, "activation", 2, "trap_speed"),
    ("Trap", None, "continuous", None, "not_activated"),
    ("Trap", None, "rule", None, "not_activated"),
    ("Trap", None, "*", 2, "trap_effect_speed"),
    ("Spell", "Quick-Play", "activation", 2, "quick_play_speed"),
    ("Spell", None, "activation", 1, "spell_card_speed"),
    ("Spell", None, "quick", 2, "spell_speed_table"),
    ("Spell", None, "continuous", None, "not_activated"),
    ("Spell", None, "rule", None, "not_activated"),
    ("Spell", None, "*", 1, "spell_effect_speed"),
    ("Monster", None, "quick", 2, "quick_speed"),
    ("Monster", None, "ignition", 1, "ignition_speed"),
    ("Monster", None, "trigger", 1, "trigger_speed"),
    ("Monster", None, "flip", 1, "flip"),
    ("Monster", None, "continuous", None, "not_activated"),
    ("Monster", None, "rule", None, "not_activated"),
    ("Monster", "pendulum", "*", 1, "spell_speed_table"),
    (None, None, "unknown", None, "psct"),
]

# When a Spell/Trap Card's own activation is allowed, by (card_type, property):
#   turn: "own" | "either";  open_only: only in an open game state (no chain, Spell Speed 1);
#   phases: allowed phases (None = any);  from_hand: may be activated from the hand;
#   set_turn: may be activated the turn it was Set;  hand_turn: whose turn for activation from the hand.
CARD_ACTIVATION: dict[tuple[str, str | None], dict] = {
    ("Spell", "Normal"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                          "rule": "spell_activation"},
    ("Spell", "Ritual"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                          "rule": "spell_activation"},
    ("Spell", "Continuous"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                              "rule": "spell_activation"},
    ("Spell", "Equip"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                         "rule": "spell_activation"},
    ("Spell", "Field"): {"turn": "own", "phases": ["main1", "main2"], "from_hand": True, "set_turn": True,
                         "rule": "spell_activation"},
    ("Spell", "Quick-Play"): {"turn": "either", "phases": None, "from_hand": True, "hand_turn": "own",
                              "set_turn": False, "rule": "quick_play_activation"},
    ("Trap", "Normal"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                         "rule": "trap_activation"},
    ("Trap", "Continuous"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                             "rule": "trap_activation"},
    ("Trap", "Counter"): {"turn": "either", "phases": None, "from_hand": False, "set_turn": False,
                          "rule": "trap_activation"},
}

# When an effect (not a card activation) may be activated, by kind.
EFFECT_ACTIVATION: dict[str, dict] = {
    "ignition": {"turn": "own", "phases": ["main1", "main2"], "open_only": True, "rule": "ignition"},
    "trigger": {"turn": "either", "phases": None, "event": True, "rule": "trigger"},
    "flip": {"turn": "either", "phases": None, "event": True, "rule": "flip"},
    "quick": {"turn": "either", "phases": None, "rule": "quick"},
}

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
BATTLE_STEPS = ("start", "battle", "damage", "end")
DAMAGE_STEP_TIMINGS = ("start", "before_calc", "calc", "after_calc", "end")

# What may be activated in each Damage Step timing: reason -> (timings allowed, rule key).
DAMAGE_STEP: dict[str, tuple[tuple[str, ...], str]] = {
    "counter_trap": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "negates_activation": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "mandatory": (DAMAGE_STEP_TIMINGS, "damage_step"),
    "atk_def_change": (("start", "before_calc"), "damage_step_atk_def"),
    "timing:start": (("start",), "damage_step_specific"),
    "timing:before_calc": (("before_calc",), "damage_step_specific"),
    "timing:calc": (("calc",), "damage_step_specific"),
    "timing:after_calc": (("after_calc",), "damage_step_specific"),
    "timing:end": (("end",), "damage_step_specific"),
    "timing:damage_step": (("start", "before_calc"), "damage_step_specific"),
    "self_event_trigger": (DAMAGE_STEP_TIMINGS, "damage_step_triggers"),
    "battle_event": (("after_calc", "end"), "damage_step_battle_events"),
    "continuous_atk_def": (("start", "before_calc"), "damage_step_continuous_atk_def"),
}

# Cards the rules name as unusable in the Damage Step although a permission seems to apply:
# name -> which of its effects ("activation": the card's activation, "effect": its activated effects).
DAMAGE_STEP_EXCEPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "Evil Blast": (("activation",), "damage_step_exceptions"),
    "Scrap Sheen": (("activation",), "damage_step_exceptions"),
    "Zero Force": (("activation",), "damage_step_exceptions"),
    "Curse of Anubis": (("activation",), "damage_step_exceptions"),
    "Rocket Hand": (("quick", "ignition", "trigger"), "damage_step_exceptions"),
}

# SEGOC: groups in chain-link order; each is (whose: "turn"|"opponent", mandatory?)
SEGOC_GROUPS: list[tuple[str, bool]] = [("turn", True), ("opponent", True), ("turn", False), ("opponent", False)]


def rule(key: str) -> dict:
    """One row of :data:`RULES` (raises KeyError for an unknown key: a programming error)."""
    return RULES[key]


def citation(*keys: str) -> dict:
    """The ``cites`` (at most :data:`MAX_CITES` ids, best first) and ``quote`` of a step applying ``keys``.

    The first key is the rule that decides the step: its quote is the step's quote and its quoted section
    comes first; the best section of each further key follows, then the first rule's other sections.
    """
    if not keys:
        raise ValueError("a step needs at least one rule key")
    first = RULES[keys[0]]
    quote = first["quote"]
    ordered = [quote["id"]] + [RULES[key]["sections"][0] for key in keys[1:]] + first["sections"]
    for key in keys[1:]:
        ordered += RULES[key]["sections"] + RULES[key].get("rulings", [])
    ordered += first.get("rulings", [])
    out: list[str] = []
    for ident in ordered:
        if ident not in out:
            out.append(ident)
    return {"cites": out[:MAX_CITES], "quote": {"id": quote["id"], "text": quote["text"]}}


def spell_speed(card_type: str | None, prop: str | None, kind: str, *, section: str = "card") -> int | None:
    """The Spell Speed of an effect of ``kind`` on a card (``None`` for effects that are not activated)."""
    look_prop = "pendulum" if section == "pendulum" and card_type == "Monster" else prop
    for row_type, row_prop, row_kind, speed, _key in SPELL_SPEEDS:
        if row_type not in (None, card_type):
            continue
        if row_prop is not None and row_prop != look_prop:
            continue
        if row_kind not in ("*", kind):
            continue
        if kind in ("continuous", "rule") and row_kind == "*":
            return None
        return speed
    return None


def spell_speed_rule(card_type: str | None, prop: str | None, kind: str, *, section: str = "card") -> str:
    """The :data:`RULES` key behind :func:`spell_speed` for the same arguments."""
    look_prop = "pendulum" if section == "pendulum" and card_type == "Monster" else prop
    for row_type, row_prop, row_kind, _speed, key in SPELL_SPEEDS:
        if row_type not in (None, card_type) or (row_prop is not None and row_prop != look_prop):
            continue
        if row_kind in ("*", kind):
            return key
    return "spell_speed_table"


def cited_ids() -> tuple[set[str], set[str]]:
    """Every section id and every ruling id cited by :data:`RULES`."""
    sections, rulings = set(), set()
    for row in RULES.values():
        sections.update(row["sections"])
        rulings.update(row.get("rulings", []))
    return sections, rulings


def normalise_quote_text(text: str) -> str:
    """Text as quotes are compared: NFC, curly quotes and dashes folded (as the importers store section
    text, :func:`kb.text.fold_quotes`), every run of whitespace (line breaks included) one space."""
    return " ".join(fold_quotes(unicodedata.normalize("NFC", text)).split())


def quote_problems(section_text) -> list[str]:
    """Every :data:`RULES` row whose citations break the contract, as messages naming the row.

    :param section_text: ``section id -> text`` (``None`` for a section not in the store, which is then
        not checked here: unknown ids are reported by :func:`validate_citations`).
    """
    problems = []
    for key, row in RULES.items():
        where = f"kb/engine/rules.py RULES[{key!r}]"
        sections = row.get("sections") or []
        if not sections or len(sections) > MAX_CITES:
            problems.append(f"{where} must cite 1 to {MAX_CITES} sections, not {len(sections)}")
        quote = row.get("quote")
        if not isinstance(quote, dict) or not quote.get("id") or not quote.get("text"):
            problems.append(f"{where} has no quote {{\"id\", \"text\"}}")
            continue
        if quote["id"] not in sections:
            problems.append(f"{where} quotes {quote['id']}, which is not one of its sections")
        wanted = normalise_quote_text(quote["text"])
        if len(wanted.split()) < 4:
            problems.append(f"{where} quote is not a sentence: {quote['text']!r}")
            continue
        text = section_text(quote["id"])
        if text is not None and wanted not in normalise_quote_text(text):
            problems.append(f"{where} quote is no longer in {quote['id']}: {quote['text'][:80]!r}")
    return problems


def validate_citations(ctx) -> list[str]:
    """Build validator: every cited id must exist in the store (sources not built are reported once), every
    row cites at most :data:`MAX_CITES` sections and quotes a sentence still found in its section."""
    from sqlmodel import select

    from ..models import Ruling, Section, Source

    session = ctx.session
    section_ids = set(session.exec(select(Section.id)).all())
    source_ids = set(session.exec(select(Source.id)).all())
    sections, rulings = cited_ids()
    errors = []
    missing_sources = sorted({s.split(":", 1)[0] for s in sections} - source_ids)
    for ident in sorted(sections):
        source = ident.split(":", 1)[0]
        if source in source_ids and ident not in section_ids:
            errors.append(f"kb/engine/rules.py cites unknown section {ident}")
    if rulings:
        ruling_ids = set(session.exec(select(Ruling.id)).all())
        if ruling_ids:
            errors.extend(f"kb/engine/rules.py cites unknown ruling {r}" for r in sorted(rulings - ruling_ids))
    if missing_sources and ctx.only_sources is None:
        errors.append("kb/engine/rules.py cites sources that were not built: " + ", ".join(missing_sources))
    quoted = {row["quote"]["id"] for row in RULES.values() if isinstance(row.get("quote"), dict)
              and row["quote"].get("id")}
    texts = dict(session.exec(select(Section.id, Section.text).where(Section.id.in_(quoted))).all())
    errors.extend(quote_problems(texts.get))
    return errors
