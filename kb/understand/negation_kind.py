"""What a named card negates, asked of the card alone: "Does Ash Blossom & Joyous Spring negate the
activation or the effect?" (the effect), "Does Solemn Strike negate the activation of a monster effect?"
is the engine's (``negate``); here only the card's own kind of negation: "Does Effect Veiler negate the
activation?" (no: only the effect), "Is Magic Jammer's negation a negation of the activation?" (yes).

Read whole over the skeleton (a named card as ``e<N>``), answered from the card's effect profile
(categories ``negate_activation`` / ``negate_effect``) as ``{"ask": "negates_what", "card": {"card": X},
"asked": "which" | "activation"}``; a card with both kinds of negation, or neither, is ``unknown``.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..engine.rules import citation
from ..errors import BadQuestionError
from .frame_model import Frame
from .skeleton import Skeleton

__all__ = ["read_negates_what", "negates_what_answer"]

_X = r"(?P<x>e\d+)(?: 's| ')?(?: effect)?"
_SHAPES = [
    ("which", re.compile(rf"^(?:does|do|will) {_X} negate (?:the|an|its|their) activation or (?:the|an|its|their) "
                         r"effects?$")),
    ("which", re.compile(rf"^(?:does|do|will) {_X} negate (?:the|an|its|their) effects? or (?:the|an|its|their) "
                         r"activation$")),
    ("which", re.compile(rf"^(?:what|which) (?:does|do|will) {_X} negate (?:the|an) activation or (?:the|an) "
                         r"effect$")),
    ("activation", re.compile(rf"^(?:does|do|will|can) {_X} negate (?:the|an) activation(?: itself)?$")),
    ("activation", re.compile(rf"^is {_X} negation (?:a|the) negation of (?:the|an) activation$")),
    ("activation", re.compile(rf"^(?:does|do|will) {_X} negate activations$")),
]


def _text(skeleton: Skeleton) -> tuple[str, list[int]] | None:
    """The question as one lower-case sentence with named cards as ``e<N>`` (None: a kind of card is said,
    or several sentences)."""
    words, ents = [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            if skeleton.entities[piece.entity].kind != "card":
                return None
            words.append(f"e{piece.entity}")
            ents.append(piece.entity)
        elif piece.text in (".", "!", ";"):
            return None
        elif piece.text not in ("?", ","):
            words.append(piece.text.lower())
    return " ".join(words), ents


def read_negates_what(skeleton: Skeleton) -> Frame | None:
    """The question of what a named card negates (module doc) as a frame, or None."""
    said = _text(skeleton)
    if said is None:
        return None
    text, ents = said
    for asked, pattern in _SHAPES:
        match = pattern.match(text)
        if match is None:
            continue
        entity = skeleton.entities[int(match["x"][1:])]
        if not entity.name or len(set(ents)) != 1:
            return None
        question = {"ask": "negates_what", "card": {"card": entity.name}, "asked": asked}
        words = ("Does {} negate the activation or only the effect?" if asked == "which" else
                 "Does {} negate the activation?").format(entity.name)
        skeleton.use(skeleton.live())
        return Frame(question, words, used_entities=set(ents), uses_story=True)
    return None


def negates_what_answer(session: Session, question: dict) -> dict:
    """The answer to ``{"ask": "negates_what", "card": {"card": X}, "asked": "which" | "activation"}``."""
    from ..engine import card_profile
    from ..engine.questions import resolve
    from .negation_outcome import what_it_negates

    item, asked = question.get("card"), question.get("asked")
    if not isinstance(item, dict) or not isinstance(item.get("card"), str):
        raise BadQuestionError('card must be {"card": <name>}', "card", item)
    if asked not in ("which", "activation"):
        raise BadQuestionError('asked must be "which" or "activation"', "asked", asked)
    card = resolve(session, item["card"])
    effects = card_profile(session, card)
    what = what_it_negates(effects)
    if what is None:
        both = {c for e in effects for c in (e.get("categories") or [])} >= {"negate_activation", "negate_effect"}
        why = ("negates activations with one effect and effects with another: which depends on the effect used"
               if both else "has no effect read as negating activations or effects")
        answer, detail, rule = "unknown", f"{card.name} {why}", "card_vs_effect_activation"
    elif what == "activation":
        answer = "the activation" if asked == "which" else "yes"
        detail, rule = f"{card.name} negates the activation itself (it must be chained directly to it)", \
            "negate_directly"
    else:
        answer = "the effect" if asked == "which" else "no"
        detail, rule = f"{card.name} only negates the effect: the activation stands (the card or effect was " \
                       "still activated)", "negate_effect_only"
    result = {"yes": "pass", "no": "fail", "unknown": "unknown"}.get(answer, "pass")
    return {"answer": answer, "card": card.name, "resolved": {"card": card.name},
            "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "what it negates", "result": result, "detail": detail, **citation(rule)}],
            "assumed": [], "rulings": []}
