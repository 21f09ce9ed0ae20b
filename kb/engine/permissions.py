"""Permissions granted by another card's effect while it applies: "You can activate 1 Trap Card the turn it
was Set.", "You can activate Trap Cards from your hand." (docs/engine.md, "Permissions").

A question about activating a card may say that such an effect is applying (``"applying": [{"card": X}]``,
read from "while X('s effect) is applying" by :mod:`kb.understand.permissions`).  The granting card's
effect texts are read against :data:`PERMISSIONS`; a permission that covers the asked card lifts one
restriction of the question (the card was Set this turn / is in the hand), and the engine answers the
question without it, as the rulebooks say ("they can be activated just like Trap Cards Set in previous
turns").  A granting card whose text grants nothing read here, or a permission that covers another kind
of card (a qualified one: '"Hole" Normal Trap Cards') or lifts nothing the question says, gives
"unknown": the engine would otherwise answer a question that leaves the card out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlmodel import Session

from ..errors import KbError
from .prohibitions import prohibited_answer, prohibitions_of
from .rules import citation

__all__ = ["PERMISSIONS", "Grant", "grants_of", "answer_with_permissions"]

_ONE = r"(?:1|one|a|any number of|any)?\s*"

# name -> (pattern over one effect's text, lower case; the card type covered; the question state lifted;
# the RULES row that says so).  The pattern starts where the grant does (a sentence or clause start), and
# takes only plain "Trap Card(s)": a grant for some Traps only ('"Hole" Normal Trap Cards') is not read.
PERMISSIONS: dict[str, tuple[str, str, str, str]] = {
    "trap_set_turn": (
        rf"(?:^|[.:;]\s+)you can activate {_ONE}trap cards? (?:during |in )?the (?:same )?turn "
        r"(?:it was|they were|it is|they are) set\b",
        "Trap", "set_this_turn", "permission_trap_set_turn"),
    "trap_from_hand": (
        rf"(?:^|[.:;]\s+)you can activate {_ONE}trap cards? from your hand\b",
        "Trap", "hand", "permission_trap_from_hand"),
}

_LIFTED_WORDS = {"set_this_turn": "a card Set this turn is activated as one Set on an earlier turn",
                 "hand": "a card in the hand is activated as a Set one can be"}


@dataclass(frozen=True)
class Grant:
    """One permission read from a card's effect."""

    name: str
    card: str
    text: str
    card_type: str
    lifts: str
    rule: str
    kind: str = ""  # the kind of the granting effect (its profile's)


def grants_of(card: str, effects: list[dict]) -> list[Grant]:
    """The permissions the effect texts of ``card`` grant (:data:`PERMISSIONS`)."""
    out = []
    for effect in effects:
        text = (effect.get("text") or "").strip()
        low = re.sub(r"\s+", " ", text.lower())
        for name, (pattern, card_type, lifts, rule) in PERMISSIONS.items():
            if re.search(pattern, low):
                out.append(Grant(name, card, text, card_type, lifts, rule, effect.get("kind") or ""))
    return out


def _asked_type(session: Session, card) -> str | None:
    """The card type of the asked card (a named card or a ``class``), or None when not known."""
    if isinstance(card, dict) and "class" in card:
        kind = (card["class"] or {}).get("type")
        return kind.capitalize() if kind and not (card["class"] or {}).get("effect") else None
    name = card.get("card") if isinstance(card, dict) else card
    if not isinstance(name, str):
        return None
    from .questions import resolve

    try:
        return resolve(session, name).card_type
    except KbError:
        return None


def _lifted(card: dict, lifts: str) -> dict | None:
    """The asked card without the restriction ``lifts``, or None when the question does not say it."""
    if lifts == "set_this_turn" and card.get("set_this_turn"):
        return {k: v for k, v in card.items() if k != "set_this_turn"}
    if lifts == "hand" and card.get("location") == "hand":
        return dict({k: v for k, v in card.items() if k not in ("location", "face")}, location="field", face="down")
    return None


def _unknown(reason: str, grant_rule: str = "permission_trap_set_turn") -> dict:
    return {"answer": "unknown", "card": None, "resolved": {}, "explanation": f"Not answered: {reason}.",
            "steps": [{"check": "permission", "result": "unknown", "detail": reason, **citation(grant_rule)}],
            "assumed": [], "rulings": []}


def answer_with_permissions(session: Session, question: dict, ask) -> dict:
    """Answer ``question`` (with ``applying``) by ``ask`` once the restrictions the applying effects lift
    are lifted; each permission used is the answer's first step."""
    from .questions import resolve

    applying = question.get("applying") or []
    rest = {k: v for k, v in question.items() if k != "applying"}
    card = rest.get("card")
    if not isinstance(card, dict) or not applying:
        return ask(rest)
    used = []
    for item in applying:
        name = item.get("card") if isinstance(item, dict) else item
        if not isinstance(name, str):
            return _unknown("an applying effect must name a card")
        from . import card_profile

        row = resolve(session, name)
        effects = card_profile(session, row)
        grants = grants_of(row.name, effects)
        prohibited = prohibited_answer(prohibitions_of(row.name, effects), card, _asked_type(session, card),
                                       item.get("controller") if isinstance(item, dict) else None)
        if prohibited is not None:  # "Trap Cards ... cannot be activated" (kb/engine/prohibitions.py)
            return prohibited
        if not grants:
            return _unknown(f"{row.name}'s text grants no permission the engine reads (it may change the answer)")
        owner, asked_by = item.get("controller") if isinstance(item, dict) else None, card.get("controller")
        if owner and asked_by and owner != asked_by:
            return _unknown(f"{row.name}'s permission is its controller's ({owner}), not {asked_by}'s",
                            grants[0].rule)
        if isinstance(item, dict) and item.get("while") == "on_field":
            # said to be on the field: only a grant that is not the result of a triggered effect applies then
            grants = [g for g in grants if g.kind != "trigger"]
            if not grants:
                return _unknown(f"{row.name}'s permission comes from an effect that is activated (it applies after "
                                "that effect resolves, not while the card is on the field)",
                                "permission_trap_from_hand")
        asked_type = _asked_type(session, card)
        fitting = [g for g in grants if g.card_type == asked_type and _lifted(card, g.lifts) is not None]
        if not fitting:
            return _unknown(f"the permission of {row.name} ({grants[0].text!r}) does not bear on what is asked",
                            grants[0].rule)
        grant = fitting[0]
        card = _lifted(card, grant.lifts)
        used.append(grant)
    answer = ask(dict(rest, card=card))
    steps = [{"check": "permission", "result": "pass",
              "detail": f"{g.card}'s effect \"{g.text}\" applies: {_LIFTED_WORDS[g.lifts]}", **citation(g.rule)}
             for g in used]
    answer = dict(answer)
    answer["steps"] = steps + list(answer.get("steps") or [])
    answer["assumed"] = list(answer.get("assumed") or []) + [
        f"{g.card}'s effect applies to this activation (once-per-turn uses not yet spent)" for g in used]
    return answer
