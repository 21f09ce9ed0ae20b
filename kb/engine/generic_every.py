"""Every reading of a kind of card, each with its own verdict (the engine otherwise answers "is it possible for
some card of the kind?" and stops at the first reading that passes).  Used by the questions that quantify over
the kind: "is a Continuous Spell *always* activatable in the Battle Phase?", "can a Quick-Play Spell *usually*
be activated in the Damage Step?" (kb/understand/habitual.py)."""

from __future__ import annotations

from sqlmodel import Session

from . import generic
from .engine_card import Verdict
from .model import Moment
from .questions import card_options, normalise_question

__all__ = ["activate_readings", "shape_of"]


def activate_readings(session: Session, question: dict) -> list[tuple[generic.Variant, Verdict]] | None:
    """Each reading of the generic card of an ``activate`` question with its verdict; None for any other
    question (another kind, or a named card)."""
    if not isinstance(question, dict) or question.get("ask") != "activate":
        return None
    question = normalise_question(question)
    if not generic.is_generic(question["card"]):
        return None
    moment = Moment(question.get("turn"), question.get("phase"), question.get("step"), question.get("timing"))
    return [(variant, generic.check_activate(variant.card, moment))
            for variant in card_options(session, question["card"])]


def shape_of(variant: generic.Variant) -> tuple:
    """What card a reading is (card type, property, effect kind), whatever it assumes about its text."""
    effect = variant.card.effects[0]
    return variant.card.card_type, variant.card.property, effect["kind"], effect.get("section")
