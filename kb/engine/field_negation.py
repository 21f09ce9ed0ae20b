"""Lasting negation of face-up monsters on the field ("Negate the effects of all face-up monsters while they
are face-up on the field", Skill Drain and cards worded like it): is a monster's effect negated, can it
still be activated?

``{"ask": "field_negation", "negator": {"card": X}, "card": {"card": Y} | {"class": {"type": "monster"}},
"where"?: "field"|"hand"|"gy"|"banished"|"deck", "left_field"?: true, "outcome": "negated"|"applied"|"activate"}``

X's text is read for the lasting negation (until the end of the turn or "currently" is a one-time
negation: not this question), whose monsters (all, yours, your opponent's) and whether their effects
"can still be activated".  A monster's effect is negated only when the monster is face-up on the field
when the effect resolves: an effect activated in the hand or the GY, or by a monster that left the field
as its cost ("left_field", or a cost that moves "this card" read from Y's profile), is not.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from .rules import citation

__all__ = ["FIELD_NEGATION_OUTCOMES", "answer_field_negation", "lasting_negation", "on_field_when_resolving"]

FIELD_NEGATION_OUTCOMES = {
    "negated": "is its effect negated",
    "applied": "is its effect applied",
    "resolves": "does its effect resolve (not negated)",
    "activate": "can its effects (their effects) still be activated",
}
_WHERE = ("field", "hand", "gy", "banished", "deck")
_FIELDS = {"ask", "negator", "card", "where", "left_field", "as_monster", "unaffected_by", "outcome"}
# "unaffected by the effects of other Spells/Traps", "unaffected by Spell/Trap effects", "by other cards' effects"
_UNAFFECTED_ST = re.compile(r"unaffected by (?:the effects of )?(?:other )?(?:Spells?/Traps?|Spell/Trap|Spell and Trap|"
                            r"cards'|card) ?(?:Cards'? )?(?:effects)?", re.I)
_NEGATES_TEXT = re.compile(r"\bnegate\b[^.]*\beffects?\b", re.I)
# a Trap Card that Special Summons itself as a monster (its effects are monster effects while it is one)
_TRAP_MONSTER = re.compile(r"Special Summon this card (?:in [A-Za-z ]+ Position )?as an? (?:Effect |Normal )?Monster",
                           re.I)
_LASTING = re.compile(
    r"negate the effects of (?:all )?face-up monsters(?P<rest>[^.(]*)(?P<still>\s*\(but their effects can still "
    r"be activated\))?", re.I)
_ONE_TIME = re.compile(r"currently|until the end of|this turn", re.I)
_SELF_COST = re.compile(r"\b(?:banish|tribute|send|discard|return|shuffle|place) this (?:face-up )?card\b", re.I)
# a cost that may move the monster itself off the field ("Tribute 1 monster", "banish 1 monster you control")
_MAY_MOVE_ITSELF = re.compile(r"\btribute\b|\b(?:banish|send|return|shuffle)\b[^;]*\b(?:you control|on the field|"
                              r"from the field|face-up)", re.I)
_UNAFFECTED = re.compile(r"unaffected by", re.I)


def lasting_negation(text: str) -> dict | None:
    """What a card's text negates lastingly: ``{"side": "all"|"yours"|"opponents", "still": bool}``, or
    None when it has no such effect or one the engine does not read (a one-time or restricted negation)."""
    text = text or ""
    match = _LASTING.search(text)
    if match is None or text[: match.start()].strip()[-1:] not in ("", "."):
        return None  # none, or a negation under a condition ("During your turn, negate ...")
    rest = match["rest"].strip()
    if _ONE_TIME.search(rest):
        return None
    side = "all"
    for words, who in (("your opponent controls", "opponents"), ("you control", "yours")):
        if words in rest:
            side, rest = who, rest.replace(words, "")
    rest = re.sub(r"^(?:on the field)?\s*,?\s*(?:while they are face-up on the field)?\s*,?$", "", rest.strip())
    if rest.strip():  # restricted to some monsters, or worded otherwise
        return None
    return {"side": side, "still": bool(match["still"])}


def _card_item(value, field: str) -> dict:
    if isinstance(value, dict) and (isinstance(value.get("card"), str) or isinstance(value.get("class"), dict)):
        return value
    raise BadQuestionError(f'{field} must be {{"card": <name>}} or {{"class": {{...}}}}', field, value)


def _normalise(question: dict) -> dict:
    extra = sorted(set(question) - _FIELDS)
    if extra:
        raise BadQuestionError(f"unknown field {extra[0]}", extra[0], question[extra[0]])
    negator = question.get("negator")
    if not isinstance(negator, dict) or not isinstance(negator.get("card"), str):
        raise BadQuestionError('negator must be {"card": <name>}', "negator", negator)
    out = {"ask": "field_negation", "negator": negator, "card": _card_item(question.get("card"), "card")}
    if question.get("outcome") not in FIELD_NEGATION_OUTCOMES:
        raise BadQuestionError(f"outcome must be one of {', '.join(FIELD_NEGATION_OUTCOMES)}", "outcome",
                               question.get("outcome"))
    out["outcome"] = question["outcome"]
    if "where" in question:
        if question["where"] not in _WHERE:
            raise BadQuestionError(f"where must be one of {', '.join(_WHERE)}", "where", question["where"])
        out["where"] = question["where"]
    if "unaffected_by" in question:
        by = question["unaffected_by"]
        if not isinstance(by, dict) or not isinstance(by.get("card"), str):
            raise BadQuestionError('unaffected_by must be {"card": <name>}', "unaffected_by", by)
        out["unaffected_by"] = by
    for flag in ("left_field", "as_monster"):
        if flag in question:
            if question[flag] is not True:
                raise BadQuestionError(f"{flag} is true when said", flag, question[flag])
            out[flag] = True
    return out


def _on_field_at_resolution(session: Session, question: dict) -> tuple[bool | None, str]:
    """Whether the monster is face-up on the field when its effect resolves, and why."""
    if question.get("left_field"):
        return False, "it left the field (as the cost of its effect) before the effect resolves"
    where = question.get("where")
    if where and where != "field":
        return False, f"its effect is activated in the {'GY' if where == 'gy' else where}, not on the field"
    if "card" not in question["card"]:
        return (True, "it is face-up on the field") if where == "field" else (None, "where it is is not said")
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"]["card"])
    activated = [e for e in card_profile(session, card) if e.get("kind") in ("ignition", "trigger", "quick", "flip")]
    if card.card_type == "Trap" and question.get("as_monster") and _TRAP_MONSTER.search(card.text or "") and \
            activated and all(e.get("locations") == ["field"] for e in activated) and where in (None, "field"):
        return True, f"{card.name} is a monster on the field: the effects it activates as one are monster effects"
    if card.card_type != "Monster" or _UNAFFECTED.search(card.text or ""):
        return None, f"{card.name} is not a plain monster (a Trap treated as a monster, or unaffected by effects)"
    if where is None:
        places = {loc for e in activated for loc in (e.get("locations") or [])}
        if not places or len(places) > 1:
            return None, f"where {card.name}'s effect is activated is not said"
        where = places.pop()
        if where != "field":
            return False, f"{card.name}'s effect is activated in the {'GY' if where == 'gy' else where}"
    on_field = [e for e in activated if "field" in (e.get("locations") or [])]
    leaves = {bool(_SELF_COST.search(e.get("cost") or "")) for e in on_field}
    if len(leaves) != 1:
        return None, f"which effect of {card.name} is meant is not said"
    if any(_MAY_MOVE_ITSELF.search(e.get("cost") or "") for e in on_field) and not _SELF_COST.search(
            " ".join(e.get("cost") or "" for e in on_field)):
        return None, f"the cost of {card.name}'s effect may move {card.name} itself off the field"
    if leaves.pop():
        return False, f"{card.name} leaves the field as the cost of its effect"
    return True, f"{card.name} is face-up on the field when its effect resolves"


def on_field_when_resolving(session: Session, card: str) -> tuple[bool | None, str]:
    """Whether a named monster is face-up on the field when its activated effect resolves (from its profile:
    where the effect is activated, a cost that moves it), and why; None when that is not known."""
    return _on_field_at_resolution(session, {"card": {"card": card}})


def answer_field_negation(session: Session, question: dict) -> dict:
    """Answer a ``field_negation`` question (see the module doc)."""
    from .questions import resolve

    question = _normalise(question)
    negator = resolve(session, question["negator"]["card"])
    if "unaffected_by" in question:
        return _unaffected_answer(session, question, negator)
    lasting = lasting_negation(negator.text)
    subject = question["card"].get("card") or "a monster"
    outcome = question["outcome"]
    base = {"card": subject, "resolved": {"card": subject, "negator": negator.name}, "assumed": [],
            "rulings": []}

    def out(answer: str, detail: str, rule: str) -> dict:
        result = {"yes": "pass", "no": "fail"}.get(answer, "unknown")
        return {**base, "answer": answer,
                "explanation": f"{answer}: while {negator.name} applies, {FIELD_NEGATION_OUTCOMES[outcome]}? "
                               f"{detail[0].upper() + detail[1:]}.",
                "steps": [{"check": "lasting negation", "result": result, "detail": detail, **citation(rule)}]}

    if lasting is None:
        return out("unknown", f"{negator.name}'s text has no lasting negation of face-up monsters that the engine "
                              "reads", "field_negation_resolves")
    if lasting["side"] != "all":
        base["assumed"].append(f"the monster is one {negator.name} negates "
                               f"({'its controller' if lasting['side'] == 'yours' else 'the opponent'}'s)")
    if outcome == "activate":
        if lasting["still"]:
            return out("yes", f"{negator.name} negates their effects but says they can still be activated",
                       "field_negation_activate")
        return out("unknown", f"{negator.name} does not say whether their effects can still be activated",
                   "field_negation_activate")
    on_field, why = _on_field_at_resolution(session, question)
    if on_field is None:
        return out("unknown", why, "field_negation_resolves")
    negated = on_field
    detail = f"{why}: " + ("it is negated" if negated else f"{negator.name} does not negate it")
    if question.get("as_monster") and negated:
        answer = "yes" if outcome == "negated" else "no" if outcome == "applied" else "unknown"
        return out(answer, detail, "field_negation_trap_monster")
    if outcome == "resolves" and negated:  # it resolves, negated: "does it resolve" is not a yes or a no
        return out("unknown", f"{detail}; it still resolves, with no effect", "field_negation_resolves")
    answer = ("yes" if negated else "no") if outcome == "negated" else ("no" if negated else "yes")
    return out(answer, detail, "field_negation_resolves")


def _unaffected_answer(session: Session, question: dict, negator) -> dict:
    """A Spell/Trap negating a monster that another card made unaffected by Spell/Trap effects."""
    from .questions import resolve

    granter = resolve(session, question["unaffected_by"]["card"])
    subject = question["card"].get("card") or "the monster"
    outcome = question["outcome"]
    if negator.card_type not in ("Spell", "Trap") or not _NEGATES_TEXT.search(negator.text or ""):
        answer, detail = "unknown", f"{negator.name} is not a Spell/Trap whose text negates effects"
    elif not _UNAFFECTED_ST.search(granter.text or ""):
        answer, detail = "unknown", f"{granter.name}'s text does not make a monster unaffected by Spell/Trap effects"
    elif outcome == "activate":
        answer, detail = "unknown", "whether it can activate its effects is not decided by this rule"
    else:
        negated = False
        detail = (f"{granter.name} makes it unaffected by Spell/Trap effects, so the negation by the "
                  f"{negator.card_type} {negator.name} does not apply to it")
        answer = ("yes" if negated else "no") if outcome == "negated" else "yes"
    result = {"yes": "pass", "no": "fail"}.get(answer, "unknown")
    return {"card": subject, "resolved": {"card": subject, "negator": negator.name}, "assumed": [], "rulings": [],
            "answer": answer,
            "explanation": f"{answer}: {negator.name} negates it and {granter.name} applies to it; "
                           f"{FIELD_NEGATION_OUTCOMES[outcome]}? {detail[0].upper() + detail[1:]}.",
            "steps": [{"check": "unaffected", "result": result, "detail": detail,
                       **citation("unaffected_negation")}]}
