"""Rules of chains told in words (kb/understand/chain_rules.py, chain_facts.py), as data: rows merged into
:data:`kb.engine.rules.RULES`.

Each row has a ``statement``, at most 3 ``sections`` (best first) and a ``quote`` (a sentence verbatim in one
of them); the build validates them with every other row.  This module imports nothing from the engine so
that :mod:`kb.engine.rules` can merge it at import time.
"""

from __future__ import annotations

__all__ = ["CHAIN_RULES"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


CHAIN_RULES: dict[str, dict] = {
    "segoc_phase_not_simultaneous": _row(
        "Effects that activate during a phase such as the Standby Phase or End Phase are not treated as "
        "activating simultaneously: one is activated and resolved, then the next; they need not form one chain.",
        ["prb2017:trigger-effects", "prb2017:end-phase"], "prb2017:trigger-effects",
        "Since multiple effects that activate during a particular phase like the Standby Phase or End Phase are "
        "not treated as activating simultaneously, after activating and resolving 1 effect, other Trigger Effects "
        "can be activated and resolved."),
    "effect_controller": _row(
        "The player who activates an effect is its controller and resolves it, even if control of the card "
        "changes before it resolves.",
        ["community:7.4", "prb2017:controller-ex1"], "community:7.4",
        "For effects of cards, the player who activates that effect is the controller."),
    "when_effect_activated": _row(
        "A card or effect usable \"when an effect is activated\" can respond to the activation of a card as well as "
        "to the activation of an effect.",
        ["prb2017:negating-the-activation-of-an-effect", "prb2017:negating-the-activation-of-a-card"],
        "prb2017:negating-the-activation-of-an-effect",
        "Cards that can be used \"when an effect is activated\" can be activated when a \"card\" or \"effect\" is "
        "activated."),
    "when_card_activated": _row(
        "A card usable \"when a card is activated\" responds only to the activation of a card, not to the "
        "activation of an effect.",
        ["prb2017:negating-the-activation-of-a-card", "prb2017:negating-the-activation-of-an-effect"],
        "prb2017:negating-the-activation-of-a-card",
        "Cards that can be activated \"when a card is activated\" cannot be used \"when an effect is activated.\""),
    "hand_self_summon_one": _row(
        "Of several optional Trigger Effects that Special Summon the monster itself from the hand (at one timing), "
        "only one can be activated in a chain.",
        ["prb2017:trigger-effects-ex2", "community:9.4.3.8"], "prb2017:trigger-effects-ex2",
        "If you have multiple monsters in your hand with Trigger Effects to Special Summon themselves (that activate "
        "in the hand in a particular timing), their effects cannot be activated in a chain and only 1 of them can be "
        "activated."),
    "hand_self_summon_mandatory": _row(
        "Mandatory Trigger Effects that Special Summon the monster itself all activate and form a chain (the "
        "one-per-chain limit is for optional ones).",
        ["community:9.4.3.8", "prb2017:trigger-effects-ex2"], "community:9.4.3.8",
        "Exception to this rule is when the hand summon triggers are mandatory effects: in which case they all "
        "activate and they form a chain"),
    "resolved_cards_stay": _row(
        "Normal (and Quick-Play, Counter, Ritual) Spell and Trap Cards that resolved stay on the field until the whole "
        "chain has resolved, then they are all sent to the GY together.",
        ["prb2017:how-to-resolve-chains", "md:negating-activations"], "prb2017:how-to-resolve-chains",
        "Cards like Normal Spell Cards or Normal Trap Cards that are sent to the Graveyard after resolving are all "
        "sent to the Graveyard after the chain finishes resolving."),
    # --- SEGOC told of kinds (kb/understand/segoc_kinds.py) ---
    "segoc_one_chain": _row(
        "Spell Speed 1 effects (such as Trigger Effects) activated at the same time form one special chain, "
        "built starting with the turn player's mandatory effects.",
        ["community:7.9.4.2", "md:segoc"], "community:7.9.4.2",
        "If effects of Spell Speed 1 cards (like Trigger Effects) are activated at the same time, they will be "
        "resolved in a special Chain."),
    # --- when kinds of Spell/Trap Cards go to the GY (the end of the chain) and negated Summons
    # (kb/understand/chain_rule_facts.py; which kinds stay on the field: kb/engine/spell_trap_facts.py) ---
    "end_of_chain_normal_spell": _row(
        "A Normal Spell Card is sent to the GY at the end of the chain it was activated in.",
        ["cr-draft:208.2", "prb2017:how-to-resolve-chains"], "cr-draft:208.2",
        "A Normal Spell Card is sent to the Graveyard at the end of the Chain it was activated in."),
    "end_of_chain_quick_play": _row(
        "A Quick-Play Spell Card is sent to the GY at the end of the chain it was activated in.",
        ["cr-draft:209.2", "prb2017:how-to-resolve-chains"], "cr-draft:209.2",
        "A Quick-Play Spell Card is sent to the Graveyard at the end of the Chain it was activated in."),
    "end_of_chain_ritual_spell": _row(
        "A Ritual Spell Card works like a Normal Spell Card: it is sent to the GY at the end of the chain it was "
        "activated in.",
        ["cr-draft:209-2.2", "cr-draft:208.2"], "cr-draft:209-2.2",
        "Apart from this they work the same way as Normal Spell Cards."),
    "end_of_chain_counter_trap": _row(
        "A Counter Trap Card is sent to the GY at the end of the chain it was activated in.",
        ["cr-draft:212.2", "prb2017:how-to-resolve-chains"], "cr-draft:212.2",
        "A Counter Trap Card is sent to the Graveyard at the end of the Chain it was activated in."),
    "end_of_chain_normal_trap": _row(
        "A Normal Trap Card is sent to the GY at the end of the chain it was activated in.",
        ["cr-draft:213.2", "prb2017:how-to-resolve-chains"], "cr-draft:213.2",
        "A Normal Trap Card is sent to the Graveyard at the end of the Chain it was activated in."),
    "summon_negation_window_resolving": _row(
        "No Summon Negation Window occurs for a Summon performed while a chain is resolving: such a Summon cannot "
        "be negated.",
        ["cr-draft:300.4a", "cr-draft:300.4"], "cr-draft:300.4a",
        "A Summon Negation Window doesn't occur if the Summon is performed while a Chain is resolving."),
    "summon_negated_gy": _row(
        "A monster whose Summon is negated is sent to the GY (if possible).",
        ["cr-draft:300.4k", "cr-draft:300.4"], "cr-draft:300.4k",
        "If the Summon is negated the Monster is sent to the Graveyard if possible and gameplay continues as "
        "normal."),
    "summon_negation_speed": _row(
        "Every card and effect that negates a Summon is Spell Speed 2 or higher.",
        ["cr-draft:300.4h", "cr-draft:300.4"], "cr-draft:300.4h",
        "All cards and effects that negate a Summon are Spell Speed 2 or higher."),
    "pendulum_summon_negated_all": _row(
        "When a Pendulum Summon is negated, the Summons of all the monsters being Pendulum Summoned are negated.",
        ["cr-draft:306.12"], "cr-draft:306.12",
        "If a Pendulum Summon is negated the Summon of all Monsters being Pendulum Summoned is negated."),
    "summoning_no_zone": _row(
        "During the Summon Negation Window the monster being Summoned is in no zone or location.",
        ["cr-draft:300.4c", "cr-draft:300.4"], "cr-draft:300.4c",
        "During the Summon Negation Window the Monster being Summoned is not treated as being in any Zone or "
        "Location."),
    "summoning_no_effects": _row(
        "A monster being Summoned cannot activate its effects; its continuous effects do not apply.",
        ["cr-draft:300.4d", "cr-draft:300.4"], "cr-draft:300.4d",
        "A Monster being Summoned cannot activate its effects, its continuous effects do not apply and its "
        "substitution effects cannot be applied."),
    "chain_resolving_no_activation": _row(
        "While a chain is resolving no card or effect can be activated, even if an activation timing occurs: they "
        "wait until the whole chain has resolved.",
        ["prb2017:how-to-resolve-chains", "prb2017:during-the-resolution-of-a-chain"], "prb2017:how-to-resolve-chains",
        "Other card effects cannot be activated while the chain is resolving."),
    "left_field_pendulum": _row(
        "A Pendulum Effect does not resolve if its Pendulum Monster is destroyed by a card effect activated in the "
        "chain before it resolves; Pendulum Effects stop applying when the card leaves the field.",
        ["prb2017:pendulum-monsters-treated-as-spell-cards"], "prb2017:pendulum-monsters-treated-as-spell-cards",
        "Also, if a Pendulum Effect is activated, and that Pendulum Monster is destroyed by a card effect activated "
        "in a chain, the Pendulum Effect does not resolve."),
    "standby_trigger_negated": _row(
        "A Trigger Effect that activates in the Standby Phase and has its activation negated cannot be activated "
        "again afterwards.",
        ["prb2017:standby-phase"], "prb2017:standby-phase",
        "If a Trigger Effect that activates in the Standby Phase has its activation negated, it cannot be activated "
        "again afterwards."),
    "segoc_single": _row(
        "When only one effect activates at that time, it is Chain Link 1.",
        ["community:7.9.4.2", "md:segoc"], "community:7.9.4.2",
        "If there is only 1 effect, that will be Chain Link 1."),
}
