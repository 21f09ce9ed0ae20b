"""Scenario questions (../shared/spec/SCENARIOS.md): validate and normalise the JSON, resolve the cards,
run the engine, and shape the answer object.

Unknown fields or values raise :class:`kb.errors.BadQuestionError` naming the field and value; unknown or
ambiguous card names raise the resolver's :class:`~kb.errors.NotFoundError` /
:class:`~kb.errors.AmbiguousError` (with candidates).

Extensions (compatible with the contract): a card object may name ``"effect"`` (0-based index of the
effect meant); a ``chain`` question may give ``"event"`` (``attack_declared``, ``summoning``,
``normal_summoned``, ``flip_summoned``, ``special_summoned``): the event the chain was started in
response to.
"""

from __future__ import annotations

from sqlmodel import Session, select

from ..errors import BadQuestionError, NotFoundError
from ..models import Card
from . import engine as checks
from .model import LOCATIONS, PLAYERS, Moment
from .profiles import load_profiles
from .rulings import answer_rulings
from .rules import BATTLE_STEPS, DAMAGE_STEP_TIMINGS, PHASES

__all__ = ["KINDS", "FIELDS", "CHAIN_EVENTS", "normalise_question", "answer_question", "engine_card",
           "resolve"]

KINDS = ("chain", "activate", "segoc", "timing")
_MOMENT_FIELDS = ("turn", "phase", "step", "timing")
_CARD_FIELDS = ("controller", "location", "face", "set_this_turn", "effect")
FIELDS = {
    "chain": {"ask", "card", "to", "event", *_MOMENT_FIELDS, *_CARD_FIELDS},
    "activate": {"ask", "card", *_MOMENT_FIELDS, *_CARD_FIELDS},
    "segoc": {"ask", "triggers", *_MOMENT_FIELDS},
    "timing": {"ask", "card", "event", "by", "last", *_MOMENT_FIELDS, *_CARD_FIELDS},
}
CHAIN_EVENTS = ("attack_declared", "summoning", "normal_summoned", "flip_summoned", "special_summoned")
_CARD_OBJECT_FIELDS = {"card", *_CARD_FIELDS}
_ALLOWED = {"turn": PLAYERS, "controller": PLAYERS, "phase": PHASES, "step": BATTLE_STEPS,
            "timing": DAMAGE_STEP_TIMINGS, "location": LOCATIONS, "face": ("up", "down"),
            "by": checks.TIMING_BY}


def _check_value(field: str, value, where: str = "") -> None:
    allowed = _ALLOWED.get(field)
    name = f"{where}{field}"
    if field == "set_this_turn" or field == "last":
        if not isinstance(value, bool):
            raise BadQuestionError(f"{name} must be true or false, not {value!r}", name, value)
        return
    if field == "effect":
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise BadQuestionError(f"{name} must be an effect index (0, 1, ...), not {value!r}", name, value)
        return
    if allowed is not None and value not in allowed:
        raise BadQuestionError(f"invalid {name}: {value!r} (expected one of {', '.join(allowed)})", name, value)


def _card_item(value, field: str) -> dict:
    """A card given as a name or an object -> ``{"card": name, ...}`` (validated)."""
    if isinstance(value, str):
        if not value.strip():
            raise BadQuestionError(f"{field} must name a card", field, value)
        return {"card": value.strip()}
    if not isinstance(value, dict):
        raise BadQuestionError(f"{field} must be a card name or a card object, not {value!r}", field, value)
    unknown = sorted(set(value) - _CARD_OBJECT_FIELDS)
    if unknown:
        raise BadQuestionError(f"unknown field {field}.{unknown[0]}", f"{field}.{unknown[0]}", value[unknown[0]])
    if not isinstance(value.get("card"), str) or not value["card"].strip():
        raise BadQuestionError(f"{field}.card must name a card", f"{field}.card", value.get("card"))
    for key, item in value.items():
        if key != "card":
            _check_value(key, item, f"{field}.")
    return dict(value, card=value["card"].strip())


def normalise_question(question) -> dict:
    """Validate a JSON question and return it normalised (cards as objects, moment implied by its parts).

    :raises BadQuestionError: for a non-object, a missing or unknown ``ask``, an unknown field or value.
    """
    if not isinstance(question, dict):
        raise BadQuestionError(f"a question must be a JSON object, not {type(question).__name__}", None,
                               question)
    kind = question.get("ask")
    if kind not in KINDS:
        raise BadQuestionError(f"invalid ask: {kind!r} (expected one of {', '.join(KINDS)})", "ask", kind)
    unknown = sorted(set(question) - FIELDS[kind])
    if unknown:
        raise BadQuestionError(f"unknown field for a {kind} question: {unknown[0]!r}", unknown[0],
                               question[unknown[0]])
    out = {"ask": kind}
    for field in _MOMENT_FIELDS:
        if field in question:
            _check_value(field, question[field])
            out[field] = question[field]
    if "timing" in out and out.get("step", "damage") != "damage":
        raise BadQuestionError("timing is only meaningful in the Damage Step (step: damage)", "timing", out["timing"])
    if "timing" in out:
        out["step"] = "damage"
    if "step" in out and out.get("phase", "battle") != "battle":
        raise BadQuestionError("step is only meaningful in the Battle Phase (phase: battle)", "step", out["step"])
    if "step" in out:
        out["phase"] = "battle"
    if kind in ("chain", "activate", "timing"):
        if "card" not in question:
            raise BadQuestionError(f"a {kind} question needs a card", "card", None)
        card = _card_item(question["card"], "card")
        for field in _CARD_FIELDS:
            if field in question:
                _check_value(field, question[field])
                card[field] = question[field]
        out["card"] = card
    if kind == "chain":
        to = question.get("to")
        if to is None or to == [] or to == "":
            raise BadQuestionError("a chain question needs \"to\": the last chain link (or the chain)", "to", to)
        items = to if isinstance(to, list) else [to]
        out["to"] = [_card_item(item, f"to[{i}]" if isinstance(to, list) else "to") for i, item in enumerate(items)]
        if "event" in question:
            if question["event"] not in CHAIN_EVENTS:
                raise BadQuestionError(f"invalid event: {question['event']!r} (expected one of "
                                       f"{', '.join(CHAIN_EVENTS)})", "event", question["event"])
            out["event"] = question["event"]
    if kind == "timing":
        event = question.get("event")
        if event not in checks.TIMING_EVENTS:
            raise BadQuestionError(f"invalid event: {event!r} (expected one of {', '.join(checks.TIMING_EVENTS)})",
                                   "event", event)
        out["event"] = event
        if "by" in question:
            _check_value("by", question["by"])
            out["by"] = question["by"]
        if "last" in question:
            _check_value("last", question["last"])
            out["last"] = question["last"]
    if kind == "segoc":
        triggers = question.get("triggers")
        if not isinstance(triggers, list) or not triggers:
            raise BadQuestionError("a segoc question needs \"triggers\": a list of cards", "triggers", triggers)
        out["triggers"] = [_card_item(item, f"triggers[{i}]") for i, item in enumerate(triggers)]
        out.setdefault("turn", "A")
    return out


# ----------------------------------------------------------------------------------------- resolving

def resolve(session: Session, name: str) -> Card:
    """The card a name means, via :func:`kb.cards.resolve_card` (nicknames and fuzzy names included)."""
    cache = session.info.setdefault("engine_resolve", {})
    if name in cache:
        return cache[name]
    try:
        from ..cards import resolve_card
    except ImportError:  # pragma: no cover - the resolver ships with the cards layer
        card = session.exec(select(Card).where(Card.name == name)).first()
        if card is None:
            raise NotFoundError(f"unknown card: {name!r}", suggestions=[])
    else:
        card = resolve_card(session, name)
    cache[name] = card
    return card


def engine_card(session: Session, item: dict) -> checks.EngineCard:
    """A validated card item resolved into an :class:`kb.engine.engine.EngineCard`."""
    card = resolve(session, item["card"])
    cache = session.info.setdefault("engine_profiles", {})
    effects = cache.get(card.id)
    if effects is None:
        effects = cache[card.id] = load_profiles(session, card)
    if item.get("effect") is not None and not any(e["index"] == item["effect"] for e in effects):
        raise BadQuestionError(f"{card.name} has no effect #{item['effect']} (it has {len(effects)})", "effect",
                               item["effect"])
    return checks.EngineCard(id=card.id, name=card.name, card_type=card.card_type, property=card.property,
                             effects=effects, controller=item.get("controller"), location=item.get("location"),
                             face=item.get("face"), set_this_turn=item.get("set_this_turn"),
                             effect=item.get("effect"))


# ----------------------------------------------------------------------------------------- answering

def _explain(verdict: checks.Verdict, subject: str) -> str:
    failing = [s for s in verdict.steps if s["result"] == "fail"]
    unknown = [s for s in verdict.steps if s["result"] == "unknown"]
    if verdict.answer in ("no", "misses", "no_trigger") and failing:
        summary = failing[0] if failing[0]["check"] == "effects considered" else failing[-1]
        return f"{subject}: {verdict.answer.replace('_', ' ')}: {summary['detail']}."
    if verdict.answer == "unknown" and unknown:
        return f"{subject}: unknown: {unknown[-1]['detail']}."
    passes = [s["detail"] for s in verdict.steps if s["result"] == "pass" and s["check"] in
              ("spell speed", "activation condition", "damage step", "missing the timing", "trigger condition")]
    return f"{subject}: {verdict.answer}" + (f": {'; '.join(passes)}." if passes else ".")


def answer_question(session: Session, question: dict) -> dict:
    """Answer a normalised question (see :func:`normalise_question`) with the SCENARIOS.md answer object."""
    kind = question["ask"]
    moment = Moment(question.get("turn"), question.get("phase"), question.get("step"), question.get("timing"))
    if kind == "segoc":
        cards = [engine_card(session, item) for item in question["triggers"]]
        result = checks.check_segoc(cards, question["turn"])
        answer = {"answer": result["answer"], "order": result["order"], "groups": result["groups"],
                  "card": None, "resolved": {"triggers": [c.name for c in cards], "turn": question["turn"]},
                  "explanation": ("chain link 1 first: " + ", ".join(result["order"]) + ".") if result["order"]
                  else "no trigger could be placed.",
                  "steps": result["steps"], "assumed": [],
                  **answer_rulings(session, question, [c.id for c in cards])}
        return answer
    card = engine_card(session, question["card"])
    resolved = {"card": card.name}
    if kind == "chain":
        chain = [engine_card(session, item) for item in question["to"]]
        resolved["to"] = chain[-1].name if len(chain) == 1 else [c.name for c in chain]
        verdict = checks.check_chain(card, chain, moment, event=question.get("event"))
        subject = f"{card.name} chained to {chain[-1].name}"
        ids = [card.id] + [c.id for c in chain]
    elif kind == "activate":
        verdict = checks.check_activate(card, moment)
        subject = f"activating {card.name}"
        ids = [card.id]
    else:
        verdict = checks.check_timing(card, question["event"], question.get("by"), question.get("last"),
                                      moment if question.get("step") else None)
        subject = f"{card.name} after {question['event']}"
        ids = [card.id]
    if verdict.effect is not None:
        resolved["effect"] = verdict.effect
    if not verdict.steps:  # every answer cites: an empty check list would be a defect
        verdict.step("question", "unknown", "no check applied", "psct")
    return {"answer": verdict.answer, "card": card.name, "resolved": resolved,
            "explanation": _explain(verdict, subject), "steps": verdict.steps, "assumed": verdict.assumed,
            **answer_rulings(session, question, ids[:1], ids[1:])}
