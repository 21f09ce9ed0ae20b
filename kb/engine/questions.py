"""Scenario questions (../shared/spec/SCENARIOS.md): validate and normalise the JSON, resolve the cards,
run the engine, and shape the answer object.

Unknown fields or values raise :class:`kb.errors.BadQuestionError` naming the field and value; unknown or
ambiguous card names raise the resolver's :class:`~kb.errors.NotFoundError` /
:class:`~kb.errors.AmbiguousError` (with candidates).

Extensions (compatible with the contract): a card object may name ``"effect"`` (0-based index of the
effect meant); a ``chain`` question may give ``"event"`` (``attack_declared``, ``summoning``,
``normal_summoned``, ``flip_summoned``, ``special_summoned``): the event the chain was started in
response to.

Generic cards (``{"class": {...}}`` instead of ``{"card": ...}``) are validated and turned into
hypothetical cards by :mod:`kb.engine.generic`; negation questions (``"ask": "negate"``) are answered by
:mod:`kb.engine.negation`.
"""

from __future__ import annotations

from sqlmodel import Session, select

from ..errors import BadQuestionError, NotFoundError
from ..models import Card
from . import engine as checks
from . import generic
from .model import LOCATIONS, PLAYERS, Moment
from .profiles import load_profiles
from .rulings import answer_rulings
from .rules import BATTLE_STEPS, DAMAGE_STEP_TIMINGS, PHASES

__all__ = ["KINDS", "FIELDS", "CHAIN_EVENTS", "normalise_question", "answer_question", "engine_card",
           "resolve"]

KINDS = ("chain", "activate", "segoc", "timing", "negate")
_MOMENT_FIELDS = ("turn", "phase", "step", "timing")
_CARD_FIELDS = ("controller", "location", "face", "set_this_turn", "effect")
FIELDS = {
    "chain": {"ask", "card", "to", "event", *_MOMENT_FIELDS, *_CARD_FIELDS},
    "activate": {"ask", "card", "after_summon", *_MOMENT_FIELDS, *_CARD_FIELDS},
    "segoc": {"ask", "triggers", *_MOMENT_FIELDS},
    "timing": {"ask", "card", "event", "by", "last", "cause", "caused_by", "moved", *_MOMENT_FIELDS, *_CARD_FIELDS},
    "negate": {"ask", "card", "to", "target", "summon", *_MOMENT_FIELDS, *_CARD_FIELDS},
}
CHAIN_EVENTS = ("attack_declared", "summoning", "normal_summoned", "flip_summoned", "special_summoned")
_CARD_OBJECT_FIELDS = {"card", "class", *_CARD_FIELDS}
_ALLOWED = {"turn": PLAYERS, "controller": PLAYERS, "phase": PHASES, "step": BATTLE_STEPS,
            "timing": DAMAGE_STEP_TIMINGS, "location": LOCATIONS, "face": ("up", "down"),
            "by": checks.TIMING_BY, "caused_by": checks.TIMING_CAUSED_BY}


def _check_value(field: str, value, where: str = "") -> None:
    allowed = _ALLOWED.get(field)
    name = f"{where}{field}"
    if field in ("set_this_turn", "last", "moved"):
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
    if "class" in value:  # a generic card: a hypothetical card of a kind
        if "card" in value or "effect" in value:
            extra = "card" if "card" in value else "effect"
            raise BadQuestionError(f"{field} names a kind of card (class); {field}.{extra} cannot be given "
                                   f"with it", f"{field}.{extra}", value[extra])
        for key, item in value.items():
            if key != "class":
                _check_value(key, item, f"{field}.")
        return dict(value, **{"class": generic.normalise_class(value["class"], field)})
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
    if kind in ("chain", "activate", "timing", "negate"):
        if "card" not in question:
            raise BadQuestionError(f"a {kind} question needs a card", "card", None)
        card = _card_item(question["card"], "card")
        for field in _CARD_FIELDS:
            if field in question:
                _check_value(field, question[field])
                card[field] = question[field]
        out["card"] = card
    if kind == "negate":
        from .negation import normalise_negate
        normalise_negate(question, out, _card_item)
    if kind == "activate" and "after_summon" in question:  # kb/engine/activate_summon.py
        from .activate_summon import normalise_after_summon
        normalise_after_summon(question, out, _card_item)
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
        if "moved" in question:  # the card left the place of its event before the chain finished resolving
            _check_value("moved", question["moved"])
            out["moved"] = question["moved"]
        if "caused_by" in question:  # who made it happen, relative to the card's controller
            _check_value("caused_by", question["caused_by"])
            out["caused_by"] = question["caused_by"]
        if "cause" in question:  # the card whose text made the event happen (kb/engine/timing_cause.py)
            cause = _card_item(question["cause"], "cause")
            if generic.is_generic(cause):
                raise BadQuestionError("cause must name a card (its text says what else it did)", "cause",
                                       question["cause"])
            out["cause"] = cause
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
    """A validated card item resolved into an :class:`kb.engine.engine.EngineCard`.

    A generic card (``class``) becomes one hypothetical card holding the effects of all its readings.
    """
    if generic.is_generic(item):
        return generic.merged_card(item)
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


def card_options(session: Session, item: dict, asked: list[checks.EngineCard] = (), *,
                 every: bool = True) -> list[generic.Variant]:
    """The readings of a card item: one for a named card, one per variant for a generic card.

    ``asked`` (for a chain link) are the cards responding to it: a generic link gets a reading that fits
    their conditions.  ``every=False`` keeps only the first reading (an earlier chain link, whose kind the
    checks do not look at).
    """
    if generic.is_generic(item):
        readings = generic.link_variants(item, list(asked)) if asked else generic.variants(item)
        return readings if every else readings[:1]
    return [generic.Variant(engine_card(session, item))]


def _named_ids(cards) -> list[int]:
    return [c.id for c in cards if c.id != generic.GENERIC_ID]


def answer_question(session: Session, question: dict) -> dict:
    """Answer a normalised question (see :func:`normalise_question`) with the SCENARIOS.md answer object."""
    kind = question["ask"]
    if kind == "negate":
        from .negation import answer_negate
        return answer_negate(session, question)
    moment = Moment(question.get("turn"), question.get("phase"), question.get("step"), question.get("timing"))
    if kind == "segoc":
        cards = [engine_card(session, item) for item in question["triggers"]]
        result = checks.check_segoc(cards, question["turn"])
        generic.explain_segoc(result["steps"], [c.name for c, item in zip(cards, question["triggers"])
                                                if generic.is_generic(item)])
        answer = {"answer": result["answer"], "order": result["order"], "groups": result["groups"],
                  "card": None, "resolved": {"triggers": [c.name for c in cards], "turn": question["turn"]},
                  "explanation": ("chain link 1 first: " + ", ".join(result["order"]) + ".") if result["order"]
                  else "no trigger could be placed.",
                  "steps": result["steps"], "assumed": [],
                  **answer_rulings(session, question, _named_ids(cards))}
        return answer
    card = engine_card(session, question["card"])
    card.name = generic.item_name(question["card"], card.name)
    resolved = {"card": card.name}
    if kind == "chain":
        asked = card_options(session, question["card"])
        last = len(question["to"]) - 1
        chain_options = [card_options(session, item, [v.card for v in asked] if i == last else (), every=i == last)
                         for i, item in enumerate(question["to"])]
        names = [generic.item_name(item, options[0].card.name) for item, options in zip(question["to"],
                                                                                        chain_options)]
        resolved["to"] = names[-1] if len(names) == 1 else names
        verdict, _combo, tried = generic.best_of(
            lambda cards: checks.check_chain(cards[0], cards[1:], moment, event=question.get("event")),
            [asked] + chain_options)
        generic.note_readings(verdict, tried)
        subject = f"{card.name} chained to {names[-1]}"
        others = _named_ids([options[0].card for options in chain_options])
    elif kind == "activate" and "after_summon" in question:  # its condition against a told Summon
        from .activate_summon import check_activate_after_summon, summon_stats
        summoned = question["after_summon"].get("card")
        row = resolve(session, summoned["card"]) if summoned and "card" in summoned else None
        verdict, _combo, tried = generic.best_of(
            lambda cards: check_activate_after_summon(cards[0], question["after_summon"], moment, summon_stats(row),
                                                      row.name if row else "the monster"),
            [card_options(session, question["card"])])
        generic.note_readings(verdict, tried)
        subject = f"activating {card.name} when a monster is {question['after_summon']['how'].capitalize()} Summoned"
        others = [row.id] if row else []
    elif kind == "activate":
        check = generic.check_activate if generic.is_generic(question["card"]) else checks.check_activate
        verdict, _combo, tried = generic.best_of(lambda cards: check(cards[0], moment),
                                                 [card_options(session, question["card"])])
        generic.note_readings(verdict, tried)
        subject = f"activating {card.name}"
        others = []
    elif generic.is_generic(question["card"]):
        verdict = generic.timing_unknown(card.name, question["event"])
        subject = f"{card.name} after {question['event']}"
        others = []
    elif question.get("cause"):  # "if Morphing Jar makes me discard it": what else the cause did
        from .timing_cause import check_caused
        cause = engine_card(session, question["cause"])
        resolved["cause"] = cause.name
        verdict = check_caused(card, cause, question["event"], question.get("by"), question.get("last"),
                               moment if question.get("step") else None, question.get("caused_by"))
        subject = f"{card.name} after {question['event']} by {cause.name}"
        others = _named_ids([cause])
    else:
        verdict = checks.check_timing(card, question["event"], question.get("by"), question.get("last"),
                                      moment if question.get("step") else None, question.get("caused_by"))
        subject = f"{card.name} after {question['event']}"
        others = []
    if question.get("moved") and verdict.answer in ("activates", "misses"):
        from .timing import moved_away

        verdict = moved_away(card, verdict)
    if verdict.effect is not None and not generic.is_generic(question["card"]):
        resolved["effect"] = verdict.effect
    if not verdict.steps:  # every answer cites: an empty check list would be a defect
        verdict.step("question", "unknown", "no check applied", "psct")
    return {"answer": verdict.answer, "card": card.name, "resolved": resolved,
            "explanation": _explain(verdict, subject), "steps": verdict.steps, "assumed": verdict.assumed,
            **answer_rulings(session, question, _named_ids([card]), others)}
