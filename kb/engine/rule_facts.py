"""Rule facts about costs, missing the timing and kinds of cards, as data: each fact is a proposition with
slots (``topic``, ``subject``, ``asked``) and the answer the rulebooks give, naming the :data:`RULES` row
(added here, merged into ``RULES`` and validated by the build) whose sentence says it.

``{"ask": "rule_fact", "topic", "subject", "asked"}`` is answered from :data:`FACTS`; a proposition that no
row states is "unknown" (never guessed from a neighbour).  Two topics read a named card's text:
``cost_part`` (is an act a cost of the card's effect: written before the ";") and ``cost_under_banish``
(can the card's cost be paid while a card that banishes instead of sending to the GY applies).
"""

from __future__ import annotations

import re

__all__ = ["FACT_RULES", "FACTS", "rule_fact_answer", "TOPICS"]


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
    ("cost", "targeting", "is_cost"): ("no", "fact_targeting_not_cost", "targeting is not a cost"),
    # face-down monsters paid as a cost
    ("face_down_cost", "send_to_gy+requirement", "payable"): (
        "no", "fact_send_face_down", "a face-down monster cannot be sent to the GY for a cost that needs a "
        "monster meeting requirements"),
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
    # kinds of monsters
    ("kind", "xyz", "level"): ("no", "fact_level_xyz_link", "Xyz Monsters have a Rank, not a Level"),
    ("kind", "link", "level"): ("no", "fact_level_xyz_link", "Link Monsters have no Level"),
    ("kind", "xyz", "rank"): ("yes", "fact_rank", "Xyz Monsters have a Rank"),
    ("kind", "link", "rank"): ("no", "fact_rank", "only Xyz Monsters have a Rank"),
    ("kind", "link", "def"): ("no", "fact_link_def", "Link Monsters have no DEF"),
    ("kind", "link", "defense_position"): ("no", "fact_link_def", "Link Monsters cannot be in Defense Position"),
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

TOPICS = sorted({key[0] for key in FACTS} | {"cost_part", "cost_under_banish", "lp_cost", "atk", "trap_monster", "win_text",
                                             "target_none"})

_SAID = {
    "tribute": "a monster Tributed", "send_to_gy": "a card sent to the GY", "send_from_hand":
    "a card sent from the hand to the GY", "discard": "a card discarded", "destroyed": "destroyed",
    "sent_to_gy": "sent to the GY", "discarded": "discarded", "by_effect": "moved by a card effect",
}


def _understood(question: dict) -> str:
    parts = [question.get("subject", ""), question.get("asked", "")]
    return f"{question['topic']}: " + ", ".join(_SAID.get(p, p.replace("_", " ")) for p in parts if p)


def _answer(answer: str, detail: str, rule: str, subject: str, extra_steps: list | None = None) -> dict:
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


def rule_fact_answer(session, question: dict) -> dict:
    """``{"ask": "rule_fact", "topic", "subject", "asked", "card"?, "banishing"?}`` answered from :data:`FACTS`
    (or, for ``cost_part`` / ``cost_under_banish``, from the named card's text); "unknown" when no row says it."""
    from ..errors import BadQuestionError

    topic = question.get("topic")
    if topic not in TOPICS:
        raise BadQuestionError(f"topic: {topic!r} is not one of {', '.join(TOPICS)}", field="topic")
    if topic == "cost_part":
        return _cost_part(session, question)
    if topic == "cost_under_banish":
        return _cost_under_banish(session, question)
    if topic == "face_down_cost":
        return _face_down_cost(session, question)
    if topic == "lp_cost":
        return _lp_cost(session, question)
    if topic in _CARD_TOPICS:
        return _CARD_TOPICS[topic](session, question)
    if topic == "atk":
        from .atk_calc import atk_answer

        return atk_answer(session, question)
    subject, asked = question.get("subject"), question.get("asked")
    row = FACTS.get((topic, subject, asked)) or FACTS.get((topic, "*", asked))
    said = _understood(question)
    if row is None:
        return _answer("unknown", f"no rule row states this ({said})", "psct", said)
    answer, rule, detail = row
    out = _answer(answer, detail, rule, said)
    if answer not in ("yes", "no"):
        out["steps"][-1]["result"] = "pass"
    return out


# ------------------------------------------------------------------------------- card-reading facts

_ACTS = {
    "tribute": r"Tribut(?:e|ing)",
    "discard": r"discard",
    "send_to_gy": r"send\b[^;.]*?\bto the (?:GY|Graveyard)",
    "banish": r"banish",
    "detach": r"detach",
    "pay_lp": r"pay\b[^;.]*?\bLP",
}


def _cost_part(session, question: dict) -> dict:
    """Is an act (``subject``: tribute/discard/send_to_gy/banish/detach/pay_lp) a cost of the card's effect:
    written before its ";" (yes), only after it (no); unknown when several effects differ or none says it."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    act = question.get("subject")
    pattern = _ACTS.get(act)
    if pattern is None:
        return _answer("unknown", f"the act {act!r} is not read from card text", "psct", card.name)
    verdicts = set()
    for effect in card_profile(session, card):
        text = effect.get("text") or ""
        cost = effect.get("cost") or ""
        body = text.split(";", 1)[1] if ";" in text else text
        if re.search(pattern, cost, re.I):
            verdicts.add("yes")
        elif re.search(pattern, body, re.I):
            verdicts.add("no")
    where = f"{card.name}'s text"
    if len(verdicts) != 1:
        why = "several effects say it, as cost and as effect" if verdicts else "no effect says it"
        return dict(_answer("unknown", f"{where}: {why}", "fact_cost_before_semicolon", card.name),
                    card=card.name)
    answer = verdicts.pop()
    detail = (f"in {where} the {act.replace('_', ' ')} is written before the \";\": it is a cost"
              if answer == "yes" else
              f"in {where} the {act.replace('_', ' ')} is written after the \";\": it is part of the effect, "
              "not a cost")
    return dict(_answer(answer, detail, "fact_cost_before_semicolon", card.name), card=card.name)


_BANISH_INSTEAD = re.compile(r"(?:any )?(?P<what>cards?|monsters?) (?:that would be )?sent to the (?:GY|Graveyard)"
                             r"(?: [^.;]*?)? (?:is|are) banished instead", re.I)

# a cost's kind while cards that would be sent to the GY are banished instead: (kind, answer, rule, why)
_UNDER_BANISH = (
    (r"discard[^;.]*?to the (?:GY|Graveyard)", "discard_to_gy", "no", "fact_discard_to_gy_banish",
     "discards to the GY, which is not possible while cards are banished instead"),
    (r"send[^;.]*?to the (?:GY|Graveyard)", "send_to_gy", "no", "fact_send_to_gy_banish",
     "sends cards to the GY, which is not possible while cards are banished instead"),
    (r"\bdiscard\b", "discard", "yes", "fact_discard_to_gy_banish",
     "simply discards: it can be paid, and the card is banished instead"),
    (r"\bTribute\b", "tribute", "yes", "fact_tribute_banish",
     "Tributes: monsters can still be Tributed, and are banished instead"),
)
_ACT_KINDS = {"discard": ("discard", "discard_to_gy"), "discard_to_gy": ("discard_to_gy",),
              "send_to_gy": ("send_to_gy",), "tribute": ("tribute",)}


def _with_card(answer: dict, name: str, assumed: list[str] | None = None) -> dict:
    return dict(answer, card=name, resolved={"card": name}, assumed=list(assumed or []))


def _cost_under_banish(session, question: dict) -> dict:
    """Can the card's cost be paid while ``banishing`` (a card whose face-up effect banishes cards that would
    be sent to the GY instead) applies: "discard ... to the GY" and "send ... to the GY" cannot, a plain
    "discard" and a Tribute can (the card is banished).  ``act`` narrows the costs to one kind."""
    from . import card_profile
    from .questions import resolve
    from .rules import citation

    card = resolve(session, question["card"])
    banishing = resolve(session, question["banishing"])
    scopes = {m["what"].lower().rstrip("s") for e in card_profile(session, banishing)
              for m in [_BANISH_INSTEAD.search(e.get("text") or "")] if m}
    if not scopes:
        return _with_card(_answer("unknown", f"{banishing.name}'s text was not read as banishing cards sent to "
                                             "the GY instead", "psct", card.name), card.name)
    found = set()
    for effect in card_profile(session, card):
        cost = effect.get("cost") or ""
        if "card" not in scopes and not (card.card_type == "Monster" and re.search(r"\bthis card\b", cost)):
            if cost:  # only monsters are banished instead: a cost that is not this monster may move other cards
                found.add(("other", "unknown", "psct", f"{banishing.name} banishes only monsters, and the cost "
                                                       f"\"{cost}\" may move other cards"))
            continue
        hit = next((row for row in _UNDER_BANISH if re.search(row[0], cost, re.I)), None)
        if hit is not None:
            found.add((hit[1], hit[2], hit[3], f"the cost \"{cost}\" {hit[4]}"))
        elif effect.get("cost_categories"):
            found.add(("other", "unknown", "psct", f"the cost \"{cost}\" is not one the banishing was read to change"))
    wanted = _ACT_KINDS.get(question.get("act") or "", None)
    if wanted is not None:
        found = {f for f in found if f[0] in wanted}
    if len({f[1] for f in found}) != 1 or next(iter(found))[1] == "unknown":
        why = ("no cost of it was read as moving cards to the GY" if not found else
               "its costs differ" if len({f[1] for f in found}) > 1 else next(iter(found))[3])
        return _with_card(_answer("unknown", f"{card.name}: {why}", "psct", card.name), card.name)
    _kind, answer, rule, detail = sorted(found)[0]
    step = {"check": "applying", "result": "pass",
            "detail": f"{banishing.name}: cards that would be sent to the GY are banished instead",
            **citation(rule)}
    return _with_card(_answer(answer, f"{card.name}: {detail}", rule, card.name, [step]), card.name,
                      ["the card's other activation conditions are taken as met (only its cost is decided)"])


_QUALIFIED = re.compile(r"(?:Tribute|send)\s+(?:\d+|up to \d+|a|one)\s+(?P<qual>[^;.]*?)\s*monsters?(?P<after>[^;.]*)",
                        re.I)


def _face_down_cost(session, question: dict) -> dict:
    """Can a face-down monster be sent to the GY / Tributed as the card's cost: a cost that sends a monster
    meeting requirements cannot take a face-down one; a Tribute can, even with requirements."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    act = question.get("subject")
    verb = r"\bTribute\b" if act == "tribute" else r"\bsend\b[^;.]*to the (?:GY|Graveyard)"
    costs = [e["cost"] for e in card_profile(session, card) if e.get("cost") and re.search(verb, e["cost"], re.I)]
    if len(costs) != 1:
        why = "no cost of it does that" if not costs else "several of its costs do"
        return _with_card(_answer("unknown", f"{card.name}: {why}", "psct", card.name), card.name)
    cost = costs[0]
    match = _QUALIFIED.search(cost)
    qual = ((match["qual"] or "") + " " + (match["after"] or "")).strip() if match else ""
    qual = re.sub(r"\b(?:you control|from your hand or|from your (?:hand|side of the field)|face-up|from the field|"
                  r"on the field|to the (?:GY|Graveyard)|or|your|side of the field|the field)\b", " ", qual, flags=re.I)
    requirement = bool(re.search(r"\w", qual)) or bool(question.get("qualifier"))
    key = f"{act}+requirement"
    if not requirement or ("face_down_cost", key, "payable") not in FACTS:
        return _with_card(_answer("unknown", f"{card.name}'s cost \"{cost}\" names no requirement the rule "
                                             "speaks of", "psct", card.name), card.name)
    answer, rule, detail = FACTS[("face_down_cost", key, "payable")]
    assumed = []
    if answer == "yes" and question.get("monster"):
        monster = resolve(session, question["monster"])
        fits = _meets(monster, qual)
        if fits is None:
            return _with_card(_answer("unknown", f"whether {monster.name} meets \"{qual.strip()}\" is not read",
                                      "psct", card.name), card.name)
        if not fits:
            return _with_card(_answer("no", f"{monster.name} does not meet the cost's requirement "
                                            f"(\"{qual.strip()}\")", "cost", card.name), card.name)
    elif answer == "yes":
        assumed.append("the face-down monster meets the cost's requirement")
    return _with_card(_answer(answer, f"{card.name}'s cost \"{cost}\": {detail}", rule, card.name), card.name,
                      assumed)


def _meets(monster, qual: str) -> bool | None:
    """Whether a monster meets a cost's requirement words (its Type, having a Level); None when other words."""
    rest = " ".join(qual.split())
    ok = True
    first = re.match(r"^([A-Z][a-z]+(?:-(?!Type\b)[A-Z][a-z]+)?)(?:-Type)?\b\s*", rest)
    if first and first.group(1).lower() not in ("that", "level"):
        if not monster.monster_type:
            return None
        ok = first.group(1).lower() == monster.monster_type.lower()
        rest = rest[first.end():]
    if re.search(r"that has a Level", rest, re.I):
        ok = ok and monster.level is not None
        rest = re.sub(r"that has a Level", " ", rest, flags=re.I)
    return ok if not re.search(r"\w", rest) else None


def _lp_cost(session, question: dict) -> dict:
    """``{"topic": "lp_cost", "lp": N, "pay"?: M | "half", "card", "asked": "left" | "payable"}``: the LP left
    after paying half (rounded up), or whether the card's LP cost can be paid from N LP."""
    from . import card_profile
    from .questions import resolve
    from ..errors import BadQuestionError

    lp = question.get("lp")
    if not isinstance(lp, int) or isinstance(lp, bool) or lp < 0:
        raise BadQuestionError(f"lp: {lp!r} is not a whole number of LP", field="lp", value=lp)
    card = resolve(session, question["card"])
    printed = set()
    for effect in card_profile(session, card):
        cost = effect.get("cost") or ""
        if re.search(r"pay half (?:of )?your LP", cost, re.I):
            printed.add("half")
        else:
            printed |= {int(n) for n in re.findall(r"pay (\d+) LP", cost, re.I)}
    pay = question.get("pay")
    if len(printed) != 1 or (pay is not None and pay not in printed):
        why = ("it has no LP cost" if not printed else "it has several LP costs" if len(printed) > 1 else
               f"its LP cost is {next(iter(printed))}, not {pay}")
        return _with_card(_answer("unknown", f"{card.name}: {why}", "cost", card.name), card.name)
    pay = printed.pop()
    amount = lp - (lp + 1) // 2 if pay == "half" else pay
    if question.get("asked") == "left":
        left = lp - amount
        if left < 0:
            return _with_card(_answer("unknown", f"{card.name}'s cost takes {amount} LP, more than {lp}: it cannot "
                                                 "be paid", "fact_lp_cost_more", card.name), card.name)
        how = f"half of {lp} LP ({lp / 2:g})" if pay == "half" else f"{amount} of {lp} LP"
        detail = f"paying {how} as the cost of {card.name} leaves {left}" + (" (rounded up)" if pay == "half" else "")
        rule = "sim_halve_round_up" if pay == "half" else "cost"
        return _with_card(dict(_answer("yes", detail, rule, card.name), answer=str(left),
                               explanation=f"{left}: {detail}."), card.name,
                          ["the LP right after paying the cost (what the card does when it resolves is not counted)"])
    payable = amount <= lp
    rule = "fact_lp_cost_zero" if amount == lp else "fact_lp_cost_more"
    detail = f"{card.name}'s cost takes {amount} LP of {lp}" + ("" if payable else ": more than the LP left")
    return _with_card(_answer("yes" if payable else "no", detail, rule, card.name), card.name)


# ------------------------------------------------------------------- more facts read from a card's text


def _trap_monster(session, question: dict) -> dict:
    """A Trap Card that Special Summons itself as a monster: is it an Effect Monster (its text says "as an
    Effect Monster"), can effects that destroy Spells/Traps destroy it (not when it says it is NOT a Trap)."""
    from .questions import resolve

    card = resolve(session, question["card"])
    text = card.text or ""
    summons_itself = card.card_type == "Trap" and re.search(r"Special Summon this card\b[^.]*?as an? (?:Normal|Effect) "
                                                          r"Monster", text, re.I)
    if not summons_itself:
        return _with_card(_answer("unknown", f"{card.name} was not read as a Trap Card that becomes a monster",
                                  "psct", card.name), card.name)
    not_trap = bool(re.search(r"NOT treated as a Trap", text, re.I))
    asked = question.get("asked")
    if asked == "destroyed_by_spell_trap_effect":
        if not_trap:
            out = _answer("no", f"{card.name} says it is not treated as a Trap: as a monster it is only a Monster Card",
                          "fact_trap_monster_not_trap", card.name)
        else:
            out = _answer("yes", f"{card.name} is a Trap Card and a Monster Card while it is a monster",
                          "fact_trap_monster_both", card.name)
    elif asked == "effect_monster" and re.search(r"as an Effect Monster", text, re.I):
        out = _answer("yes", f"{card.name} becomes a monster with effects of its own (its text: \"as an Effect "
                             "Monster\")", "fact_trap_monster_effect", card.name)
    else:
        out = _answer("unknown", f"what {card.name} is asked ({asked}) is not read from its text", "psct", card.name)
    return _with_card(out, card.name)


def _win_text(session, question: dict) -> dict:
    """Is the "you win the Duel" text of a card an effect: no (it directly affects the state of the game)."""
    from .questions import resolve

    card = resolve(session, question["card"])
    if not re.search(r"\byou win the (?:Duel|Match)\b", card.text or "", re.I):
        return _with_card(_answer("unknown", f"{card.name}'s text does not say \"you win the Duel\"", "psct",
                                  card.name), card.name)
    return _with_card(_answer("no", f"{card.name}'s \"you win the Duel\" text directly affects the state of the "
                                    "game: it is not an effect", "fact_win_not_effect", card.name), card.name)


_TARGETS = re.compile(r"\btarget (?:\d+|up to \d+|any number of) (?P<kind>(?:face-up |face-down |Set )?(?:monsters?|"
                      r"Spells?/Traps?|Spell/Trap Cards?|cards?|Spell Cards?|Trap Cards?))(?P<rest>[^;]*?)"
                      r"(?P<where>on the field|you control|your opponent controls|in (?:your|either|your opponent's) "
                      r"(?:GY|Graveyard))", re.I)
# what a "none of these" phrase rules out: kind words -> the card kinds it covers
_NONE_KINDS = {
    "monsters": {"monster", "face-up monster", "face-down monster", "set monster"},
    "face-up monsters": {"face-up monster"},
    "face-down monsters": {"face-down monster", "set monster"},
    "cards": {"card", "monster", "face-up monster", "face-down monster", "set monster", "spell/trap", "spell/trap card",
              "spell card", "trap card", "set card", "face-up card", "face-down card"},
    "spell/trap cards": {"spell/trap", "spell/trap card", "spell card", "trap card"},
    "spells/traps": {"spell/trap", "spell/trap card", "spell card", "trap card"},
}
_NONE_WHERE = {"on the field": {"on the field", "you control", "your opponent controls"},
               "in either gy": {"in your gy", "in either gy", "in your opponent's gy"},
               "in my gy": {"in your gy"}}


def _target_none(session, question: dict) -> dict:
    """Can the card be activated when there is none of a kind of card where it targets: no, when every
    activated effect of it targets a kind of card that the "none" covers (rule: a target must exist)."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    none_kind, none_where = question.get("none"), question.get("where", "on the field")
    covered, places = _NONE_KINDS.get(none_kind), _NONE_WHERE.get(none_where)
    effects = [e for e in card_profile(session, card) if e.get("kind") in ("activation", "ignition", "quick",
                                                                             "trigger", "flip")]
    hits = [_TARGETS.search(e.get("text") or "") for e in effects]
    if covered is None or places is None or not effects or not all(hits) or len(effects) != 1:
        return _with_card(_answer("unknown", f"{card.name}'s activation was not read as one that targets only "
                                             f"{none_kind} {none_where}", "psct", card.name), card.name)
    hit = hits[0]
    kind = re.sub(r"s$", "", hit["kind"].lower()).replace("spells/traps", "spell/trap").replace("spell/trap cards",
                                                                                               "spell/trap card")
    where = hit["where"].lower().replace("graveyard", "gy")
    if kind not in covered or where not in places:
        return _with_card(_answer("unknown", f"{card.name} targets {hit['kind']} {hit['where']}, which the question "
                                             f"does not rule out", "psct", card.name), card.name)
    return _with_card(_answer("no", f"{card.name} must target {hit['kind']} {hit['where']} ({hit.group(0)}); there "
                                    f"are no {none_kind} {none_where}", "fact_target_needed", card.name), card.name)


_CARD_TOPICS = {"trap_monster": _trap_monster, "win_text": _win_text, "target_none": _target_none}
