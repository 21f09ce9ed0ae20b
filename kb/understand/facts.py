"""Questions answered from a card's effect profile and the rules table, without a scenario: the Spell
Speed of a card or of one of its effects ("is the Graveyard effect of X Spell Speed 2?", "what Spell
Speed is X?").  The Spell Speed of each kind of effect is :data:`kb.engine.rules.SPELL_SPEEDS` (with the
rule each row cites); the effect's kind is the profile's.
"""

from __future__ import annotations

from sqlmodel import Session

from ..engine.rules import SPELL_SPEEDS, citation

__all__ = ["spell_speed_answer", "card_kind_answer", "resolution_order_answer"]

_ACTIVATED = ("activation", "ignition", "trigger", "quick", "flip")


def _rule_of(card_type: str | None, prop: str | None, kind: str) -> str:
    for row_type, row_prop, row_kind, _speed, key in SPELL_SPEEDS:
        if row_type not in (None, card_type) or (row_prop is not None and row_prop != prop):
            continue
        if row_kind in ("*", kind):
            return key
    return "spell_speed_table"


def spell_speed_answer(session: Session, question: dict) -> dict:
    """``{"ask": "spell_speed", "card": {"card", "effect"?}, "speed"?: N}`` answered: the Spell Speed of
    the effect meant (all activated effects when none is named: one value only when they agree), and
    yes/no when ``speed`` asks about one value."""
    from ..engine import card_profile
    from ..engine.questions import resolve

    item = question["card"]
    card = resolve(session, item["card"])
    effects = [e for e in card_profile(session, card) if e.get("kind") in _ACTIVATED and e.get("spell_speed")]
    if item.get("effect") is not None:
        effects = [e for e in effects if e["index"] == item["effect"]]
    speeds = sorted({e["spell_speed"] for e in effects})
    subject = f"{card.name}'s effect #{item['effect']}" if item.get("effect") is not None else card.name
    rule = _rule_of(card.card_type, card.property, effects[0]["kind"]) if effects else "psct"
    base = {
        "card": card.name,
        "resolved": {
            "card": card.name,
            **({"effect": item["effect"]} if item.get("effect") is not None else {}),
        },
        "assumed": [],
        "rulings": [],
    }
    if len(speeds) != 1:
        detail = (
            (
                f"{subject} has activated effects of Spell Speed {', '.join(map(str, speeds))}; which one is "
                "meant is not said"
            )
            if speeds
            else f"{subject} has no activated effect the engine could read"
        )
        return {
            **base,
            "answer": "unknown",
            "explanation": f"{subject}: unknown: {detail}.",
            "steps": [{"check": "spell speed", "result": "unknown", "detail": detail, **citation(rule)}],
        }
    speed = speeds[0]
    kinds = ", ".join(sorted({e["kind"] for e in effects}))
    kind_words = f"{card.property + ' ' if card.property else ''}{card.card_type}, {kinds}"
    detail = f"{subject} ({kind_words}) is Spell Speed {speed}"
    if question.get("speed") is None:
        return {
            **base,
            "answer": str(speed),
            "spell_speed": speed,
            "explanation": f"{detail}.",
            "steps": [{"check": "spell speed", "result": "pass", "detail": detail, **citation(rule)}],
        }
    same = speed == question["speed"]
    return {
        **base,
        "answer": "yes" if same else "no",
        "spell_speed": speed,
        "explanation": f"{'yes' if same else 'no'}: {detail}.",
        "steps": [
            {"check": "spell speed", "result": "pass" if same else "fail", "detail": detail, **citation(rule)}
        ],
    }


def card_kind_answer(session: Session, question: dict) -> dict:
    """``{"ask": "card_kind", "card": {"card"}, "kind": {"type"?, "property"?}}``: is the card of that kind
    ("is Called by the Grave a Quick-Play Spell?"), from the card's own type and property."""
    from ..engine.questions import resolve

    card = resolve(session, question["card"]["card"])
    kind = question["kind"]
    actual = {"type": (card.card_type or "").lower(), "property": (card.property or "").lower()}
    said = ", ".join(f"{k} {v}" for k, v in kind.items())
    detail = f"{card.name} is a {(card.property + ' ') if card.property else ''}{card.card_type}"
    same = all(actual.get(k) == v for k, v in kind.items())
    base = {"card": card.name, "resolved": {"card": card.name}, "assumed": [], "rulings": []}
    return {
        **base,
        "answer": "yes" if same else "no",
        "explanation": f"{'yes' if same else 'no'} ({said}): {detail}.",
        "steps": [
            {
                "check": "card kind",
                "result": "pass" if same else "fail",
                "detail": detail,
                **citation("card_kinds"),
            }
        ],
    }


def resolution_order_answer(question: dict) -> dict:
    """``{"ask": "resolution_order", "chain": [card objects, link 1 first]}``: a chain resolves last link
    first (the rule ``sim_chain_resolution`` of the rules table); the answer names the link that resolves
    first and ``order`` lists them all."""
    chain = question["chain"]
    names = [item.get("card") or "a card" for item in chain]
    order = list(reversed(names))
    first = f"{order[0]} (Chain Link {len(chain)})"
    detail = "a chain resolves in reverse order, the last link first: " + ", ".join(
        f"{name} (Chain Link {len(chain) - k})" for k, name in enumerate(order)
    )
    return {
        "answer": first,
        "order": order,
        "card": None,
        "resolved": {"chain": names},
        "explanation": f"{first} resolves first; {detail}.",
        "assumed": [],
        "rulings": [],
        "steps": [
            {
                "check": "resolution order",
                "result": "pass",
                "detail": detail,
                **citation("sim_chain_resolution"),
            }
        ],
    }
