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


_PROPERTIES = {
    "Spell": ["Normal", "Quick-Play", "Continuous", "Equip", "Field", "Ritual"],
    "Trap": ["Normal", "Continuous", "Counter"],
}
_MONSTER_EFFECTS = ("ignition", "trigger", "flip", "pendulum")


def _speed_row(card_type: str, prop: str | None, kind: str) -> tuple[int | None, str]:
    """(Spell Speed, rule key) of the most specific :data:`SPELL_SPEEDS` row; kind ``any``: an activated
    effect of unsaid kind (only the rows for every kind apply)."""
    for row_type, row_prop, row_kind, speed, key in SPELL_SPEEDS:
        if row_type not in (None, card_type) or (row_prop is not None and row_prop != prop):
            continue
        if row_kind == "*" or row_kind == kind:
            return speed, key
    return None, "spell_speed_table"


def kind_spell_speeds(cls: dict) -> list[tuple[int | None, str, str]]:
    """(Spell Speed, rule key, kind words) for every kind of card or effect a ``class`` allows."""
    effect = cls.get("effect")
    if cls.get("type"):
        types = [cls["type"].capitalize()]
    elif effect in _MONSTER_EFFECTS or effect == "quick":
        types = ["Monster"]
    else:
        types = ["Spell", "Trap", "Monster"]
    out = []
    for card_type in types:
        props = [None] if card_type == "Monster" else (
            [p for p in _PROPERTIES[card_type] if p.lower() == cls["property"]] if cls.get("property")
            else _PROPERTIES[card_type]
        )
        if card_type == "Monster":
            kinds = [effect] if effect and effect != "any" else ["quick", "ignition", "trigger", "flip"]
        else:
            kinds = [{None: "activation", "any": "any"}.get(effect, effect)]
        for prop in props:
            for kind in kinds:
                speed, key = _speed_row(card_type, "pendulum" if kind == "pendulum" else prop, kind)
                words = " ".join(w for w in (prop, card_type, kind) if w)
                out.append((speed, key, words))
    return out


def _kind_spell_speed_answer(question: dict) -> dict:
    """The Spell Speed of a kind of card or effect (``{"class": ...}``), from the rules table."""
    from ..engine.generic import describe_class

    cls = question["card"]["class"]
    subject = describe_class(cls)
    readings = [r for r in kind_spell_speeds(cls) if r[0] is not None]
    speeds = sorted({r[0] for r in readings})
    base = {"card": subject, "resolved": {"card": subject}, "assumed": [], "rulings": []}
    asked = question.get("speed")
    if not speeds or (len(speeds) > 1 and (asked is None or asked in speeds)):
        detail = (
            f"{subject} can be Spell Speed {' or '.join(map(str, speeds))}, depending on which card it is"
            if speeds
            else f"{subject} is not activated (it has no Spell Speed)"
        )
        return {
            **base,
            "answer": "unknown",
            "explanation": f"{subject}: unknown: {detail}.",
            "steps": [
                {
                    "check": "spell speed",
                    "result": "unknown",
                    "detail": detail,
                    **citation("spell_speed_table"),
                }
            ],
        }
    rule = readings[0][1] if len(speeds) == 1 else "spell_speed_table"
    detail = f"{subject} is Spell Speed {' or '.join(map(str, speeds))}"
    if asked is None:
        return {
            **base,
            "answer": str(speeds[0]),
            "spell_speed": speeds[0],
            "explanation": f"{detail}.",
            "steps": [{"check": "spell speed", "result": "pass", "detail": detail, **citation(rule)}],
        }
    same = speeds == [asked]
    return {
        **base,
        "answer": "yes" if same else "no",
        "explanation": f"{'yes' if same else 'no'}: {detail}.",
        "steps": [
            {"check": "spell speed", "result": "pass" if same else "fail", "detail": detail, **citation(rule)}
        ],
    }


def spell_speed_answer(session: Session, question: dict) -> dict:
    """``{"ask": "spell_speed", "card": {"card", "effect"?} | {"class"}, "speed"?: N}`` answered: the Spell
    Speed of the effect meant (all activated effects when none is named: one value only when they agree;
    a kind of card from the rules table), and yes/no when ``speed`` asks about one value."""
    from ..engine import card_profile
    from ..engine.questions import resolve

    if "class" in question["card"]:
        return _kind_spell_speed_answer(question)
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
    abilities = [a for a in (card.abilities or [])]
    if card.card_type == "Monster":  # a monster's kind ("a Normal Monster", "a Ritual Monster") is one of its abilities
        actual["property"] = kind.get("property") if str(kind.get("property", "")).lower() in (
            a.lower() for a in abilities) else "|".join(a.lower() for a in abilities)
        actual["ability"] = "effect" if "Effect" in abilities else "|".join(a.lower() for a in abilities)
    said = ", ".join(f"{k} {v}" for k, v in kind.items())
    what = " ".join(abilities) if card.card_type == "Monster" and abilities else (card.property or "")
    detail = f"{card.name} is {'an' if (what or card.card_type)[:1] in 'AEIOU' else 'a'} {(what + ' ') if what else ''}{card.card_type}"
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
    """``{"ask": "resolution_order", ...}``: answered by :func:`kb.understand.resolution_order.resolution_order_answer`
    (which link resolves first / last, does a link resolve before another)."""
    from .resolution_order import resolution_order_answer as answer

    return answer(question)
