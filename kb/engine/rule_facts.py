"""Rule facts about costs, missing the timing and kinds of cards, as data: each fact is a proposition with
slots (``topic``, ``subject``, ``asked``) and the answer the rulebooks give, naming the :data:`RULES` row
(added here, merged into ``RULES`` and validated by the build) whose sentence says it.

``{"ask": "rule_fact", "topic", "subject", "asked"}`` is answered from :data:`FACTS`; a proposition that no
row states is "unknown" (never guessed from a neighbour).  Topics that read a named card's text (is an act
a cost, costs under Macro Cosmos-like banishing, face-down monsters as costs, LP costs, Trap monsters ...)
are :mod:`kb.engine.card_facts`; a monster's ATK after cards applied in turn is :mod:`kb.engine.atk_calc`.
"""

from __future__ import annotations


__all__ = ["FACT_RULES", "FACTS", "TOPICS", "answer_object", "rule_fact_answer"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


FACT_RULES: dict[str, dict] = {
    "fact_tribute": _row(
        "Tributed monsters are sent to the GY; they are not destroyed. Face-down monsters can be Tributed even "
        "when the Tribute must meet requirements.",
        ["prb2017:tributing-costs"], "prb2017:tributing-costs",
        "The Tributed monsters are not treated as being destroyed."),
    "fact_tribute_face_down": _row(
        "Even when the monsters to Tribute must meet requirements, face-down monsters can be Tributed.",
        ["prb2017:tributing-costs"], "prb2017:tributing-costs",
        "Even if the monsters that would be Tributed need to meet certain requirements, face-down monsters on "
        "the field can be sent to the Graveyard."),
    "fact_tribute_sent": _row(
        "Tributed monsters are sent to the GY.",
        ["prb2017:tributing-costs"], "prb2017:tributing-costs",
        "The Tributed monsters are sent to the Graveyard."),
    "fact_send_not_destroyed": _row(
        "Monsters sent to the GY (as a cost) are not destroyed; a face-down monster cannot be sent as a cost "
        "that needs a monster with requirements; a Token cannot be sent to the GY.",
        ["prb2017:costs-that-send-to-the-graveyard"], "prb2017:costs-that-send-to-the-graveyard",
        "The monsters sent to the Graveyard are not treated as being destroyed."),
    "fact_send_face_down": _row(
        "A face-down monster cannot be sent to the GY for a cost that needs a monster meeting requirements.",
        ["prb2017:costs-that-send-to-the-graveyard"], "prb2017:costs-that-send-to-the-graveyard",
        "If a monster that would be sent to the Graveyard as a cost needs to meet certain requirements, a "
        "face-down monster on the field cannot be sent to the Graveyard."),
    "fact_send_not_discard": _row(
        "Cards sent from the hand to the GY are not discarded.",
        ["prb2017:sending-to-the-graveyard-ex1", "prb2017:costs-that-send-to-the-graveyard"],
        "prb2017:sending-to-the-graveyard-ex1",
        "Rule: Cards sent from the hand to the Graveyard are not treated as cards that are discarded from the "
        "hand."),
    "fact_discard_sent": _row(
        "Discarded cards are sent to the GY (they are treated as discarded and as sent from the hand to the GY).",
        ["prb2017:discarding", "prb2017:costs-that-discard-from-the-hand"], "prb2017:discarding",
        "Cards that are discarded from the hand to the Graveyard are treated as cards that were discarded as "
        "well as cards that were sent from the hand to the Graveyard."),
    "fact_discard_not_destroyed": _row(
        "Discarded cards are not destroyed.",
        ["prb2017:discarding"], "prb2017:discarding",
        "Cards that are discarded are not treated as being destroyed."),
    "fact_cost_not_effect": _row(
        "Costs are not card effects.",
        ["prb2017:costs", "community:9.2.4"], "prb2017:costs",
        "Costs are not treated as card effects."),
    "fact_cost_not_refunded": _row(
        "Costs are paid on activation and are not refunded when the activation or the effect is negated.",
        ["prb2017:costs", "community:9.2.4"], "prb2017:costs",
        "Costs must be performed at the time the card is activated, and even if the activation or effect of "
        "the card is negated, they are not refunded."),
    "fact_lp_cost_zero": _row(
        "An LP cost cannot be more than the LP left; one that leaves exactly 0 LP can be paid.",
        ["prb2017:lp"], "prb2017:lp",
        "If the LP becomes exactly 0, the cost can be paid."),
    "fact_lp_cost_more": _row(
        "An LP cost cannot be more than the LP left.",
        ["prb2017:lp"], "prb2017:lp",
        "If LP is paid to activate a card or effect, you cannot pay more LP than your remaining LP."),
    "fact_token_gy": _row(
        "Monster Tokens never go to the GY: they cannot be sent to the GY for a cost or an effect.",
        ["prb2017:costs-that-send-to-the-graveyard", "prb2017:monster-token"],
        "prb2017:costs-that-send-to-the-graveyard",
        "Since Token Monsters are removed from the duel when they leave the field, they cannot be sent to the "
        "Graveyard for texts that say \"send to the Graveyard;\"."),
    "fact_token_face_down": _row(
        "Monster Tokens cannot be in face-down Defense Position.",
        ["prb2017:monster-token"], "prb2017:monster-token",
        "Monster Tokens cannot be in face-down Defense Position."),
    "fact_token_xyz": _row(
        "Monster Tokens cannot be Xyz Materials.",
        ["prb2017:monster-token"], "prb2017:monster-token",
        "Monster Tokens cannot be used as Xyz Materials."),
    "fact_token_synchro": _row(
        "Monster Tokens can be Synchro Materials (they are removed from the Duel, not sent to the GY).",
        ["prb2017:monster-token"], "prb2017:monster-token",
        "Monster Tokens can be used as Synchro Materials."),
    "fact_token_link": _row(
        "Monster Tokens can be Link Materials (they are removed from the Duel, not sent to the GY).",
        ["prb2017:monster-token"], "prb2017:monster-token",
        "Monster Tokens can be used as Link Materials."),
    "fact_targeting_not_cost": _row(
        "Targeting happens on activation but is not a cost.",
        ["md:structure", "community:9.2.4"], "md:structure",
        "NOTE: TARGETING IS NOT A COST."),
    "fact_cost_before_semicolon": _row(
        "In Problem-Solving Card Text the cost is written before the \";\" (after the activation condition).",
        ["community:9.2.4", "md:structure"], "community:9.2.4",
        "On cards with Problem-Solving Card Text, the cost is written before a semicolon \";\", at the start of "
        "a card effect or after the activation condition[1]."),
    "fact_level_xyz_link": _row(
        "Xyz Monsters and Link Monsters have no Level; only Xyz Monsters have a Rank.",
        ["prb2017:level-rank", "prb2017:peculiarities-of-link-monsters"], "prb2017:level-rank",
        "Xyz Monsters and Link Monsters do not have a Level."),
    "fact_rank": _row(
        "Only Xyz Monsters have a Rank.",
        ["prb2017:level-rank"], "prb2017:level-rank",
        "Monsters that are not Xyz Monsters do not have a Rank."),
    "fact_link_def": _row(
        "Link Monsters have no DEF and cannot be in Defense Position.",
        ["prb2017:peculiarities-of-link-monsters", "tcg-v10:more-about-link-monsters"],
        "prb2017:peculiarities-of-link-monsters",
        "They do not have DEF and cannot be in Defense Position."),
    "fact_pendulum_face_down": _row(
        "A Pendulum Monster cannot be placed (Set) face-down in a Pendulum Zone.",
        ["cr-draft:202.10d", "prb2017:pendulum-monsters-treated-as-spell-cards"], "cr-draft:202.10d",
        "A Pendulum Monster cannot be placed face-down in a Pendulum Zone."),
    "fact_discard_to_gy_banish": _row(
        "While cards sent to the GY are banished instead (Macro Cosmos and the like), a cost that discards \"to "
        "the GY\" cannot be paid; a cost that simply says \"discard\" can (the card is banished).",
        ["prb2017:costs-that-discard-from-the-hand", "prb2017:discarding"],
        "prb2017:costs-that-discard-from-the-hand",
        "Costs that simply say \"discard\" can be paid."),
    "fact_send_to_gy_banish": _row(
        "While cards sent to the GY are banished instead, a cost that sends cards to the GY cannot be paid.",
        ["prb2017:costs-that-send-to-the-graveyard", "prb2017:costs-that-discard-from-the-hand"],
        "prb2017:costs-that-send-to-the-graveyard",
        "If Macro Cosmos or similar is being applied, so that the cards that would be sent to the Graveyard are "
        "banished instead and so that it is not possible to send cards to the Graveyard, activations that send "
        "cards to the Graveyard as a cost cannot be performed."),
    "fact_tribute_banish": _row(
        "While cards sent to the GY are banished instead, monsters can still be Tributed (they are banished).",
        ["prb2017:tributing-costs"], "prb2017:tributing-costs",
        "Even if \"Macro Cosmos\" or something similar is being applied, so that monsters that would be sent to "
        "the Graveyard are banished, you can still Tribute monsters."),
    "fact_trap_monster_both": _row(
        "A Trap Card treated as a Monster Card by its own effect is a Trap Card and a Monster Card: cards that "
        "destroy monsters and cards that destroy Spells/Traps can destroy it; with effects of its own it is an "
        "Effect Monster.",
        ["prb2017:traps-treated-as-monsters"], "prb2017:traps-treated-as-monsters",
        "As a result, it can be destroyed by cards that destroy monsters and cards that destroy Spells or Traps."),
    "fact_trap_monster_effect": _row(
        "A Trap Card treated as a Monster Card by its own effect that has effects of its own is an Effect Monster.",
        ["prb2017:traps-treated-as-monsters"], "prb2017:traps-treated-as-monsters",
        "If a Trap Card treated as a Monster Card by its own effect has effects of its own, it is treated as an "
        "Effect Monster."),
    "fact_trap_monster_not_trap": _row(
        "A Trap Card treated as a Monster Card that says it is not treated as a Trap is only a Monster Card: "
        "effects that destroy Spells/Traps cannot destroy it.",
        ["prb2017:traps-treated-as-monsters"], "prb2017:traps-treated-as-monsters",
        "As a result, they cannot be destroyed by effects that destroy Spell or Trap Cards."),
    "fact_simultaneous_turn_player": _row(
        "When both players resolve an effect at the same time (\"each player ...\"), the turn player does it first.",
        ["community:7.9.4.1", "tcg-v10:if-both-players-conduct-actions-simultaneously"], "community:7.9.4.1",
        "For cases like \"Each player targets 1 monster,\" where both players resolve an effect simultaneously, the "
        "turn player resolves the effect first."),
    "fact_win_not_effect": _row(
        "Text that directly affects the state of the game (\"you win the Duel\") is not an effect.",
        ["community:8.1.2", "prb2017:special-victory-conditions"], "community:8.1.2",
        "Text that directly affects the state of the game like \"you win the Duel\" or \"you win the Match\" is text "
        "that is not an effect[1]."),
    "fact_banished_to_gy": _row(
        "A banished card moved to the GY is not \"sent to the GY\" (its \"sent to the GY\" triggers do not activate).",
        ["md:glossary-send-to-the-graveyard"],
        "md:glossary-send-to-the-graveyard",
        "EXCEPTION: When a banished card is moved to the Graveyard, it is not considered to be \"sent to the "
        "Graveyard\"."),
    "fact_cost_own_cards": _row(
        "Unless a card says otherwise, costs are paid only with cards in the player's possession.",
        ["prb2017:costs", "community:9.2.4"], "prb2017:costs",
        "Unless stated otherwise, costs can only be paid with cards in your possession."),
    "fact_cost_must_pay": _row(
        "A card or effect whose cost cannot be paid cannot be activated.",
        ["prb2017:costs", "community:9.2.4"], "prb2017:costs",
        "If the player cannot suffice the costs, they cannot activate the card."),
    "fact_gains_effect": _row(
        "A monster that is not an Effect Monster and gains an effect from another card is an Effect Monster.",
        ["prb2017:effect-monsters", "prb2017:effect-monsters-ex1"], "prb2017:effect-monsters",
        "If a monster that is not an Effect Monster gains an effect by the effect of another card that says "
        "\"gains this effect […]\", that monster is treated as an Effect Monster."),
    "fact_draw_once": _row(
        "Drawing several cards at once is one draw: an effect applied \"each time you draw\" applies once.",
        ["prb2017:drawing-ex2", "prb2017:drawing"], "prb2017:drawing-ex2",
        "Rule: Effects that count each time that cards are drawn are only applied once each time cards are added to "
        "the hand."),
    "fact_detach_cost": _row(
        "Detaching Xyz Materials is the usual cost of an Xyz Monster's effects.",
        ["md:xyz-monsters", "community:9.2.4"], "md:xyz-monsters",
        "Many Xyz monsters will have a unique cost for their effects called \"detaching\"."),
    "fact_cost_not_chainable": _row(
        "Paying a cost is not an activation: nothing can be chained to it (maintenance costs included).",
        ["community:7.8.2", "md:maintenance-costs", "tcg-v10:actions-which-cannot-be-chained-to"], "community:7.8.2",
        "Summoning a monster, Tributing, changing a monster's battle position and paying costs are not effect "
        "activations and therefore you cannot respond to those actions using a Chain."),
    "fact_maintenance_not_chainable": _row(
        "Maintenance costs (typically paid in the Standby Phase) cannot be chained to.",
        ["md:maintenance-costs", "community:7.8.2"], "md:maintenance-costs",
        "These are a special kind of cost that cannot be chained to and typically occur during the Standby Phase."),
    "fact_targets_word": _row(
        "In Problem-Solving Card Text an effect targets if and only if it says \"target\"; effects on all cards, or "
        "that choose on resolution, do not target.",
        ["community:9.2.5", "prb2017:dark-hole", "prb2017:trishula-dragon-of-the-ice-barrier"], "community:9.2.5",
        "a card targets if and only if it uses the word \"target\""),
    "fact_target_needed": _row(
        "A card or effect that targets cannot be activated unless there is already a card it can target.",
        ["community:9.2.3.1", "community:9.2.5"], "community:9.2.3.1",
        "You cannot choose to use a card or effect that targets unless there is already a card for it to target[1]."),
}

# --------------------------------------------------------------------------------------- the facts
# (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line).  "*" = any subject.

FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    # a card moved (as a cost, or otherwise): is it destroyed / sent to the GY / discarded / by an effect?
    ("moved", "tribute", "destroyed"): ("no", "fact_tribute", "Tributed monsters are not destroyed"),
    ("moved", "tribute", "sent_to_gy"): ("yes", "fact_tribute_sent", "Tributed monsters are sent to the GY"),
    ("moved", "send_to_gy", "destroyed"): ("no", "fact_send_not_destroyed",
                                           "monsters sent to the GY are not destroyed"),
    ("moved", "send_from_hand", "destroyed"): ("no", "fact_send_not_destroyed",
                                               "cards sent to the GY are not destroyed"),
    ("moved", "send_from_hand", "discarded"): ("no", "fact_send_not_discard",
                                               "cards sent from the hand to the GY are not discarded"),
    ("moved", "discard", "destroyed"): ("no", "fact_discard_not_destroyed", "discarded cards are not destroyed"),
    ("moved", "discard", "sent_to_gy"): ("yes", "fact_discard_sent",
                                         "discarded cards are treated as discarded and as sent from the hand "
                                         "to the GY"),
    ("moved_cost", "*", "by_effect"): ("no", "fact_cost_not_effect", "costs are not card effects"),
    # costs and negation, LP costs
    ("cost", "negated", "refunded"): ("no", "fact_cost_not_refunded",
                                      "costs are not refunded when the activation or effect is negated"),
    ("cost", "lp_to_zero", "payable"): ("yes", "fact_lp_cost_zero", "an LP cost that leaves exactly 0 LP can be paid"),
    ("cost", "lp_over", "payable"): ("no", "fact_lp_cost_more", "an LP cost cannot be more than the LP left"),
    ("cost", "opponents_cards", "payable"): ("no", "fact_cost_own_cards",
                                             "costs are paid only with the player's own cards, unless a card says "
                                             "otherwise"),
    ("cost", "unpaid", "activatable"): ("no", "fact_cost_must_pay", "a card whose cost cannot be paid cannot be "
                                                                  "activated"),
    ("cost", "paid", "at_activation"): ("yes", "fact_cost_not_refunded", "costs are paid when the card or effect "
                                                                         "is activated"),
    ("cost", "paid", "at_resolution"): ("no", "fact_cost_not_refunded", "costs are paid when the card or effect is "
                                                                        "activated, not when it resolves"),
    ("cost", "detach", "is_cost"): ("yes", "fact_detach_cost", "detaching Xyz Materials is a cost of the Xyz "
                                                               "Monster's effect"),
    ("cost", "paid", "chainable"): ("no", "fact_cost_not_chainable", "paying a cost is not an activation: it cannot "
                                                                     "be chained to"),
    ("cost", "maintenance", "chainable"): ("no", "fact_maintenance_not_chainable",
                                           "a maintenance cost cannot be chained to"),
    ("cost", "targeting", "is_cost"): ("no", "fact_targeting_not_cost", "targeting is not a cost"),
    # face-down monsters paid as a cost
    ("face_down_cost", "send_to_gy+requirement", "payable"): (
        "no", "fact_send_face_down", "a face-down monster cannot be sent to the GY for a cost that needs a "
        "monster meeting requirements"),
    ("face_down_cost", "tribute", "payable"): (
        "yes", "fact_tribute_face_down", "face-down monsters can be Tributed for a cost (even one whose Tribute must meet "
        "requirements)"),
    ("face_down_cost", "tribute+requirement", "payable"): (
        "yes", "fact_tribute_face_down", "face-down monsters can be Tributed even when the Tribute must meet "
        "requirements"),
    # Monster Tokens
    ("token", "token", "sent_to_gy"): ("no", "fact_token_gy", "Monster Tokens cannot be sent to the GY"),
    ("token", "token", "face_down"): ("no", "fact_token_face_down",
                                      "Monster Tokens cannot be in face-down Defense Position"),
    ("token", "token", "xyz_material"): ("no", "fact_token_xyz", "Monster Tokens cannot be Xyz Materials"),
    ("token", "token", "synchro_material"): ("yes", "fact_token_synchro", "Monster Tokens can be Synchro Materials"),
    ("token", "token", "link_material"): ("yes", "fact_token_link", "Monster Tokens can be Link Materials"),
    # missing the timing by the wording of the effect
    ("miss_timing", "optional+when", "misses"): (
        "yes", "missing_timing", "an optional \"When ... you can\" effect misses the timing when its event was "
        "not the last thing to happen"),
    ("miss_timing", "optional+if", "misses"): ("no", "missing_timing",
                                               "missing the timing only occurs with a \"when\" optional Trigger "
                                               "effect; \"If ... you can\" effects do not miss it"),
    ("miss_timing", "mandatory+when", "misses"): ("no", "missing_timing",
                                                  "mandatory effects do not miss the timing"),
    ("miss_timing", "mandatory+if", "misses"): ("no", "missing_timing", "mandatory effects do not miss the timing"),
    ("miss_timing", "mandatory+any", "misses"): ("no", "missing_timing", "mandatory effects do not miss the timing"),
    # a banished card moved to the GY is not "sent" there
    ("moved", "banished_to_gy", "sent_to_gy"): ("no", "fact_banished_to_gy",
                                               "a banished card moved to the GY is not sent to the GY"),
    ("moved", "banished_to_gy", "sent_trigger"): ("no", "fact_banished_to_gy",
                                                  "a banished card moved to the GY is not sent to the GY, so its "
                                                  "\"sent to the GY\" effect does not activate"),
    # both players at once
    ("simultaneous", "each_player", "first"): ("the turn player", "fact_simultaneous_turn_player",
                                               "when both players resolve an effect at the same time, the turn "
                                               "player does it first, then the other player"),
    # a card moved as a cost is never the last thing to happen: only an optional "When" effect misses
    ("miss_timing_cost", "optional+when", "activates"): (
        "no", "cost_never_last", "a card moved as a cost is not the last thing to happen (what it paid for happens "
        "afterwards): its optional \"When ... you can\" effect misses the timing"),
    ("miss_timing_cost", "optional+if", "activates"): (
        "yes", "missing_timing", "an \"If ... you can\" effect does not miss the timing, even when its card was moved "
        "as a cost"),
    ("miss_timing_cost", "mandatory+when", "activates"): ("yes", "missing_timing",
                                                          "a mandatory effect does not miss the timing"),
    ("miss_timing_cost", "mandatory+if", "activates"): ("yes", "missing_timing",
                                                        "a mandatory effect does not miss the timing"),
    ("miss_timing_cost", "optional+when", "misses"): (
        "yes", "cost_never_last", "a card moved as a cost is not the last thing to happen: its optional \"When ... "
        "you can\" effect misses the timing"),
    ("miss_timing_cost", "optional+if", "misses"): ("no", "missing_timing",
                                                    "an \"If ... you can\" effect does not miss the timing"),
    ("miss_timing_cost", "mandatory+when", "misses"): ("no", "missing_timing",
                                                       "a mandatory effect does not miss the timing"),
    ("miss_timing_cost", "mandatory+if", "misses"): ("no", "missing_timing",
                                                     "a mandatory effect does not miss the timing"),
    # a monster without effects that gains one
    ("kind", "non_effect_gains_effect", "effect_monster"): (
        "yes", "fact_gains_effect", "a monster that is not an Effect Monster and gains an effect from another card "
        "is treated as an Effect Monster"),
    # kinds of monsters
    ("kind", "xyz", "level"): ("no", "fact_level_xyz_link", "Xyz Monsters have a Rank, not a Level"),
    ("kind", "link", "level"): ("no", "fact_level_xyz_link", "Link Monsters have no Level"),
    ("kind", "xyz", "rank"): ("yes", "fact_rank", "Xyz Monsters have a Rank"),
    ("kind", "link", "rank"): ("no", "fact_rank", "only Xyz Monsters have a Rank"),
    ("kind", "link", "def"): ("no", "fact_link_def", "Link Monsters have no DEF"),
    ("kind", "link", "defense_position"): ("no", "fact_link_def", "Link Monsters cannot be in Defense Position"),
    ("kind", "link", "face_down"): ("no", "fact_link_def", "Link Monsters cannot be in Defense Position, so never "
                                                           "face-down"),
    ("kind", "pendulum", "face_down_pendulum_zone"): (
        "no", "fact_pendulum_face_down", "a Pendulum Monster cannot be placed face-down in a Pendulum Zone"),
    ("kind", "token", "face_down"): ("no", "fact_token_face_down",
                                     "Monster Tokens cannot be in face-down Defense Position"),
}

# Summons and zones (materials, what counts as which Summon, zones, Tributes): kb/engine/sim/summon_rules.py
from .sim.summon_rules import SUMMON_FACTS, SUMMON_RULES  # noqa: E402  (data only)

FACT_RULES.update(SUMMON_RULES)

# a monster's ATK after effects applied in turn (kb/engine/atk_calc.py)
from .atk_calc import ATK_RULES  # noqa: E402  (data only at import time)

FACT_RULES.update(ATK_RULES)
FACTS.update(SUMMON_FACTS)

# Turn structure and battle (priority, replays, battle damage, the hand-size discard): kb/engine/sim/phase_rules.py
from .sim.phase_rules import PHASE_FACTS, PHASE_RULES  # noqa: E402  (data only)

FACT_RULES.update(PHASE_RULES)
FACTS.update(PHASE_FACTS)

# Zones, who sees which location, kinds of monsters: kb/engine/zone_facts.py, kb/engine/kind_facts.py
from .kind_facts import KIND_FACTS, KIND_RULES  # noqa: E402  (data only)
from .spell_trap_facts import SPELL_TRAP_FACTS, SPELL_TRAP_RULES  # noqa: E402  (data only)
from .zone_facts import ZONE_FACTS, ZONE_RULES  # noqa: E402  (data only)

FACT_RULES.update(KIND_RULES)
FACT_RULES.update(ZONE_RULES)
FACTS.update({k: v for k, v in KIND_FACTS.items() if k not in FACTS})  # the first rows keep their wording
FACTS.update({k: v for k, v in ZONE_FACTS.items() if k not in FACTS})  # a row another module states wins
FACT_RULES.update(SPELL_TRAP_RULES)
from .deck_facts import DECK_RULES  # noqa: E402  (data only; answered by deck_answer)

FACT_RULES.update(DECK_RULES)
from .duel_facts import DUEL_FACTS, DUEL_RULES  # noqa: E402  (data only)

FACT_RULES.update(DUEL_RULES)
FACTS.update({k: v for k, v in DUEL_FACTS.items() if k not in FACTS})
FACTS.update({k: v for k, v in SPELL_TRAP_FACTS.items() if k not in FACTS})

TOPICS = sorted({key[0] for key in FACTS} | {"cost_part", "cost_under_banish", "lp_cost", "atk", "trap_monster", "win_text",
                                             "target_none", "gains_effect", "draw_gain", "halve", "deck", "targets"})

_SAID = {
    "tribute": "a monster Tributed", "send_to_gy": "a card sent to the GY", "send_from_hand":
    "a card sent from the hand to the GY", "discard": "a card discarded", "destroyed": "destroyed",
    "sent_to_gy": "sent to the GY", "discarded": "discarded", "by_effect": "moved by a card effect",
}


def _understood(question: dict) -> str:
    parts = [question.get("subject", ""), question.get("asked", "")]
    return f"{question['topic']}: " + ", ".join(_SAID.get(p, p.replace("_", " ")) for p in parts if p)


def answer_object(answer: str, detail: str, rule: str, subject: str, extra_steps: list | None = None) -> dict:
    """An answer: ``answer`` with one step applying ``rule`` (after ``extra_steps``)."""
    from .rules import citation

    result = "pass" if answer == "yes" else "fail" if answer == "no" else "unknown"
    steps = list(extra_steps or []) + [{"check": "rule", "result": result, "detail": detail, **citation(rule)}]
    return {
        "answer": answer,
        "card": None,
        "resolved": {"fact": subject},
        "explanation": f"{answer}: {detail}.",
        "assumed": [],
        "rulings": [],
        "steps": steps,
    }


_NO_CARD_TOPICS = frozenset({"halve", "lp_cost"})  # topics of kb/engine/card_facts.py that may name no card


def rule_fact_answer(session, question: dict) -> dict:
    """``{"ask": "rule_fact", "topic", "subject", "asked", "card"?, "banishing"?}`` answered from :data:`FACTS`
    (or, for the topics of :mod:`kb.engine.card_facts`, from the named card's text); "unknown" when no row says it."""
    from ..errors import BadQuestionError

    topic = question.get("topic")
    if topic not in TOPICS:
        raise BadQuestionError(f"topic: {topic!r} is not one of {', '.join(TOPICS)}", field="topic")
    from .card_facts import CARD_TOPICS  # facts read from a named card's text

    subject, asked = question.get("subject"), question.get("asked")
    if topic in CARD_TOPICS and not (question.get("card") is None and (topic, subject, asked) in FACTS):
        if question.get("card") is None and topic not in _NO_CARD_TOPICS and not (
                topic == "cost_under_banish" and question.get("cost_text")):
            raise BadQuestionError(f"card: topic {topic!r} needs a card", field="card")
        return CARD_TOPICS[topic](session, question)
    if topic == "deck":  # deck construction (kb/engine/deck_facts.py)
        from .deck_facts import deck_answer

        return deck_answer(question)
    if topic == "atk":
        from .atk_calc import atk_answer

        return atk_answer(session, question)
    subject, asked = question.get("subject"), question.get("asked")
    row = FACTS.get((topic, subject, asked)) or FACTS.get((topic, "*", asked))
    said = _understood(question)
    if row is None:
        return answer_object("unknown", f"no rule row states this ({said})", "psct", said)
    answer, rule, detail = row
    out = answer_object(answer, detail, rule, said)
    if answer not in ("yes", "no"):
        out["steps"][-1]["result"] = "pass"
    return out
