"""What happens when a face-up card's effects are negated after it applied them: the ATK its own effect
gave, the Equip Cards its effect equipped, its own counters, a Gemini Monster's gained effects.

``{"ask": "negated_effects", "card": {"card": X} | {"class": {...}}, "did": "gained_atk"|"equipped"|
"counters"|"gemini", "atk_gain"?: n, "by"?: {"card": Y}, "outcome": <see EFFECTS_OUTCOMES>}``

Each outcome is decided by one row of :mod:`kb.engine.negated_rules` (``negated_gemini`` too); a named
card's profile and text must show what the story says it did (an ATK change by its own Ignition or Trigger
Effect, an effect that equips, counters placed on itself), or the answer is "unknown" with the reason.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from .rules import citation

__all__ = ["DID", "EFFECTS_OUTCOMES", "answer_negated_effects"]

DID = ("gained_atk", "equipped", "counters", "gemini")
# outcome -> (what it asks, the "did" it belongs to)
EFFECTS_OUTCOMES = {
    "atk_now": ("what is its ATK", "gained_atk"),
    "atk_kept": ("does it keep the ATK it gained", "gained_atk"),
    "atk_returns": ("does its ATK return to its original value", "gained_atk"),
    "equipped_fate": ("what happens to the monster it equipped", "equipped"),
    "equipped_destroyed": ("is the monster it equipped destroyed", "equipped"),
    "equipped_stays": ("does the monster it equipped stay on the field", "equipped"),
    "counters_removed": ("are its counters removed", "counters"),
    "counters_kept": ("does it keep its counters", "counters"),
    "gemini_summon_again": ("can it be Normal Summoned again to gain its effects", "gemini"),
    "gemini_effect_monster": ("is it still an Effect Monster", "gemini"),
}
_FIELDS = {"ask", "card", "did", "atk_gain", "by", "outcome"}
_NEGATES_EFFECTS = re.compile(r"\bnegate (?:all |the |its |their )?(?:[A-Za-z/-]+ )?effects\b|effects (?:are|is) negated",
                              re.I)
_OWN_COUNTERS = re.compile(r"place (?:\d+ |a )?[A-Za-z-]* ?Counters? on (?:this card|it)\b", re.I)


def _normalise(question: dict) -> dict:
    extra = sorted(set(question) - _FIELDS)
    if extra:
        raise BadQuestionError(f"unknown field {extra[0]}", extra[0], question[extra[0]])
    card = question.get("card")
    if not isinstance(card, dict) or not (isinstance(card.get("card"), str) or isinstance(card.get("class"), dict)):
        raise BadQuestionError('card must be {"card": <name>} or {"class": {...}}', "card", card)
    if question.get("did") not in DID:
        raise BadQuestionError(f"did must be one of {', '.join(DID)}", "did", question.get("did"))
    outcome = question.get("outcome")
    if outcome not in EFFECTS_OUTCOMES or EFFECTS_OUTCOMES[outcome][1] != question["did"]:
        allowed = [k for k, v in EFFECTS_OUTCOMES.items() if v[1] == question["did"]]
        raise BadQuestionError(f"outcome must be one of {', '.join(allowed)}", "outcome", outcome)
    gain = question.get("atk_gain")
    if gain is not None and (type(gain) is not int or question["did"] != "gained_atk"):
        raise BadQuestionError("atk_gain is the ATK gained (an integer, with did gained_atk)", "atk_gain", gain)
    by = question.get("by")
    if by is not None and (not isinstance(by, dict) or not isinstance(by.get("card"), str)):
        raise BadQuestionError('by must be {"card": <name>}', "by", by)
    return question


def _activated(effects: list[dict], category: str) -> list[dict]:
    return [e for e in effects if category in (e.get("categories") or [])
            and e.get("kind") in ("ignition", "trigger", "quick", "flip")]


def _check(session: Session, question: dict) -> tuple[object | None, str | None]:
    """(the named card or None, why the story cannot be taken as said — None when it can)."""
    from . import card_profile
    from .questions import resolve

    if "card" not in question["card"]:
        cls = question["card"]["class"]
        if cls.get("type") not in (None, "monster") and question["did"] in ("gained_atk", "gemini"):
            return None, "only a monster gains ATK or effects"
        if question["did"] == "counters":
            return None, "whether the counters can only be placed on that card is not said"
        return None, None
    card = resolve(session, question["card"]["card"])
    effects = card_profile(session, card)
    did = question["did"]
    if did == "gained_atk":
        changes = _activated(effects, "atk_change")
        if not changes or any(e["kind"] not in ("ignition", "trigger") for e in changes):
            return card, f"{card.name} has no ATK change by its own Ignition or Trigger Effect alone"
    elif did == "equipped" and not _activated(effects, "equip"):
        return card, f"{card.name} has no activated effect that equips"
    elif did == "counters" and not _OWN_COUNTERS.search(card.text or ""):
        return card, f"{card.name}'s text does not place counters on itself"
    elif did == "gemini" and "Gemini" not in (card.abilities or []):
        return card, f"{card.name} is not a Gemini Monster"
    return card, None


def _negator_problem(session: Session, by: dict | None) -> str | None:
    if by is None:
        return None
    from . import card_profile
    from .questions import resolve

    card = resolve(session, by["card"])
    if not any("negate_effect" in (e.get("categories") or []) for e in card_profile(session, card)) and \
            not _NEGATES_EFFECTS.search(card.text or ""):
        return f"{card.name} has no effect that negates effects the engine reads"
    return None


def answer_negated_effects(session: Session, question: dict) -> dict:
    """Answer a ``negated_effects`` question (see the module doc)."""
    question = _normalise(question)
    card, problem = _check(session, question)
    problem = problem or _negator_problem(session, question.get("by"))
    subject = card.name if card is not None else "the card"
    asked, did = EFFECTS_OUTCOMES[question["outcome"]]
    rule = {"gained_atk": "negated_own_atk", "equipped": "negated_own_equip", "counters": "negated_counters",
            "gemini": "negated_gemini"}[did]
    outcome = question["outcome"]
    if problem:
        answer, detail = "unknown", problem
    elif did == "gained_atk":
        detail = "the ATK it gained by its own Ignition or Trigger Effect stops applying: it returns to its " \
                 "original value"
        if outcome == "atk_now":
            original = getattr(card, "atk", None) if card is not None else None
            answer = f"its original value ({original})" if original is not None else "its original value"
            if card is None:  # a kind of monster: the value is not known, the rule still answers
                detail += " (the card's printed ATK)"
        else:
            answer = "no" if outcome == "atk_kept" else "yes"
    elif did == "equipped":
        detail = "the Equip Cards it equipped with its own effect are destroyed and sent to the GY"
        answer = {"equipped_fate": "it is destroyed and sent to the Graveyard", "equipped_destroyed": "yes",
                  "equipped_stays": "no"}[outcome]
    elif did == "counters":
        detail = "counters it placed on itself can only be there: they are removed when its effects are negated"
        answer = "yes" if outcome == "counters_removed" else "no"
    else:
        detail = "a Gemini Monster whose gained effects are negated is still an Effect Monster and cannot be " \
                 "Normal Summoned again to gain them"
        answer = "no" if outcome == "gemini_summon_again" else "yes"
    result = {"yes": "pass", "no": "fail", "unknown": "unknown"}.get(answer, "pass")
    premise = f"{subject}'s effects are negated" + (f" by {question['by']['card']}" if question.get("by") else "")
    return {
        "answer": answer,
        "card": subject,
        "resolved": {"card": subject},
        "explanation": f"{answer}: {premise}; {asked}? {detail[0].upper() + detail[1:]}.",
        "assumed": [],
        "rulings": [],
        "steps": [{"check": "effects negated", "result": result, "detail": detail, **citation(rule)}],
    }
