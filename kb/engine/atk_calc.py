"""A monster's ATK after effects applied one after another, by the rulebook's layers (RULES rows below,
merged into ``RULES`` by :mod:`kb.engine.rule_facts`):

- an effect that changes the *original* ATK ("its original ATK becomes halved") makes the new value the
  printed one: earlier increases/decreases are recalculated on top, earlier activated effects that set the
  current ATK to a determined value are wiped;
- an activated effect that makes the current ATK "become" a value ("become half its current ATK") fixes it:
  earlier increases are not reapplied; later ones apply on top of it;
- increases and decreases add up; a result below 0 is 0, and the decrease below 0 is stored for later increases.
The arithmetic is :func:`kb.engine.sim.stats.apply_changes` (shared with the simulator's battles).

Each applied card is read from its text: exactly one ATK phrase of a known kind, else "unknown" (the card's
other words are not checked).  A monster whose own text changes its ATK, or "?" ATK, is "unknown".
``{"ask": "rule_fact", "topic": "atk", "monster": <card name> | {"atk": N}, "applied": [card names or changes
told without a card ({"kind", "amount"}, stats.KINDS), in order],
"stated": [N | null, ...]}`` (``stated``: the ATK the question says after each card, checked).
"""

from __future__ import annotations

import re
from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["ATK_RULES", "atk_answer"]

# key -> row of RULES (atk_calc.toml, format: kb/engine/rule_table.py)
ATK_RULES, _ = load_rule_table(Path(__file__).with_name("atk_calc.toml"))

# the ATK phrases of a card's text: (pattern, kind)
_PHRASES = (
    (r"original ATK becomes halved|original ATK becomes half\b", "original_half"),
    (r"original ATK becomes doubled", "original_double"),
    (r"original ATK becomes (\d+)", "original_set"),
    (r"ATK(?:/DEF)? becomes? half (?:its|their) current ATK", "half_current"),
    (r"ATK(?:/DEF)? becomes? double (?:its|their) current ATK", "double_current"),
    (r"(?<!original )ATK becomes (\d+)", "set"),
    (r"\bgains? (\d+) ATK", "gain"),
    (r"\bloses? (\d+) ATK", "lose"),
)
_ANY_ATK = re.compile(r"\bATK\b")
_SKIP = re.compile(r"for each|x \d+|equal to|ATK of|original ATK of|(?:its|their) ATK (?:is|are) (?:higher|lower)", re.I)


def read_modifier(card) -> tuple[str, int | None] | None:
    """The one ATK change a card's text makes (kind, amount), or None when it makes none or several."""
    text = card.text or ""
    found = []
    for pattern, kind in _PHRASES:
        for match in re.finditer(pattern, text, re.I):
            if not any(match.start() < e and s < match.end() for s, e, _k, _n in found):
                found.append((match.start(), match.end(), kind, int(match.group(1)) if match.groups() else None))
    if len(found) != 1 or _SKIP.search(text):
        return None
    if card.card_type == "Spell" and card.property in ("Continuous", "Field") or \
            card.card_type == "Trap" and card.property == "Continuous":
        return None  # a lasting effect applied while face-up: another rule (not modelled here)
    if card.card_type == "Spell" and card.property == "Equip" and found[0][2] not in ("gain", "lose"):
        return None
    return found[0][2], found[0][3]


_KIND_OF = {"half_current": "half", "double_current": "double"}  # read_modifier's kinds -> stats.KINDS
_KIND_OF.update({k: k for k in ("gain", "lose", "set", "original_half", "original_double", "original_set")})


def _said(change: dict) -> str:
    amount = change.get("amount")
    return {"gain": f"+{amount} ATK", "lose": f"-{amount} ATK", "set": f"ATK becomes {amount}", "half": "ATK halved",
            "double": "ATK doubled", "original_half": "original ATK halved",
            "original_double": "original ATK doubled", "original_set": f"original ATK becomes {amount}"}[change["kind"]]


def atk_answer(session, question: dict) -> dict:
    """The ATK of the monster after the cards of ``applied`` (in order), or "unknown" naming what is not read."""
    from ..errors import BadQuestionError
    from .rules import citation
    from .sim.cards import Catalog
    from .sim.stats import apply_changes, check_changes

    catalog = Catalog(session)
    monster = question.get("monster")
    applied = question.get("applied")
    if not isinstance(applied, list) or not applied:
        raise BadQuestionError("applied: a list of the cards applied, in order, is needed", field="applied",
                               value=applied)
    stated = list(question.get("stated") or [None] * len(applied))
    if len(stated) != len(applied):
        raise BadQuestionError("stated: one value (or null) per applied card", field="stated", value=stated)

    def unknown(detail: str, rule: str = "psct") -> dict:
        return {"answer": "unknown", "card": None, "resolved": {"monster": name}, "explanation": f"unknown: {detail}.",
                "assumed": [], "rulings": [],
                "steps": [{"check": "ATK", "result": "unknown", "detail": detail, **citation(rule)}]}

    if isinstance(monster, dict) and type(monster.get("atk")) is int:
        name, original = f"a monster with {monster['atk']} ATK", monster["atk"]
    else:
        card = catalog.card(monster)
        name = card.name
        if not card.is_monster or card.atk is None:
            return unknown(f"{card.name} has no printed ATK to start from")
        if card.effects and _ANY_ATK.search(card.text or ""):
            return unknown(f"{card.name}'s own text changes or uses its ATK")
        original = card.atk
    changes = []
    for i, ref in enumerate(applied):
        if isinstance(ref, dict):  # a change told without its card ({"kind", "amount"}: kb/engine/sim/stats.py)
            change = check_changes([ref], f"applied[{i}]")[0]
        else:
            card = catalog.card(ref)
            mod = read_modifier(card)
            if mod is None:
                return unknown(f"{card.name}'s text was not read as one change of ATK")
            change = {"kind": _KIND_OF[mod[0]], "by": card.name, **({"amount": mod[1]} if mod[1] is not None else {})}
        changes.append(dict(change, **({"stated": stated[i]} if stated[i] is not None else {})))
    result = apply_changes(original, changes)
    if result.value is None:
        return unknown(result.why or "an ATK change that is not modelled")
    current, steps = result.value, result.steps
    applied = [ref if isinstance(ref, str) else ref.get("by") or _said(ref) for ref in applied]
    return {"answer": str(current), "card": None, "resolved": {"monster": name, "applied": list(applied)},
            "explanation": f"{current}: {name}'s ATK after " + ", then ".join(map(str, applied)) + f" is {current}.",
            "assumed": ["each card's effect is applied to the monster, in the order given", *result.assumed],
            "rulings": [],
            "steps": steps}
