"""Chain Link numbers said in words about the cards of a question: "a Trap Card that is Chain Link 2",
"if it is activated in response as Chain Link 3", "Mirror Force as Chain Link 2", "if Trap Jammer is Chain
Link 4".  Each number joins its card as the aside ``link`` (the same as "X (Chain Link 2)", read by
:mod:`kb.understand.mentions`) and its words are absorbed; :func:`link_conflict` then checks that the
numbers fit the chain a reading builds (a number that does not fit: no answer, the links between are not
said).
"""

from __future__ import annotations

import re

from .skeleton import Skeleton

__all__ = ["absorb_link_phrases", "link_conflict", "first_link_said"]

_N = r"(?:chain link|cl) (?P<n>\d+)"
_PHRASES = [
    # "a Spell Card (Chain Link 1)": a kind of card with the aside (a named card's is read by mentions.py)
    re.compile(rf"(?P<e>e\d+) \( ?{_N} ?\)"),
    # "a Trap Card which is Chain Link 2"
    re.compile(rf"(?P<e>e\d+) (?:that|which) (?:is|was|would be|will be) {_N}\b"),
    # "if it was chained in response as Chain Link 3", "if Trap Jammer is Chain Link 4", "when it is activated as"
    re.compile(rf"\b(?:if|when|while) (?:(?P<it>it)|(?P<e>e\d+)) (?:is|was|would be|will be) (?:chained |activated )?"
               rf"(?:directly )?(?:in response )?(?:as )?{_N}\b"),
    # "Dust Tornado as Chain Link 3", "Magic Jammer, activated as Chain Link 2,"
    re.compile(rf"(?P<e>e\d+) ,? ?(?:(?:chained|activated) )?(?:directly )?as {_N}\b ?,?"),
]


def absorb_link_phrases(skeleton: Skeleton) -> None:
    """Join each Chain Link number said in words to its card (module doc); "it" is the card asked about
    that has no number yet (the one chained later)."""
    for pattern in _PHRASES:
        while True:
            text, spans = skeleton.text_of(skeleton.live())
            match = next((m for m in pattern.finditer(text) if _entity(skeleton, text, spans, m) is not None), None)
            if match is None:
                break
            entity = _entity(skeleton, text, spans, match)
            skeleton.entities[entity].aside["link"] = int(match["n"])
            pieces = Skeleton.pieces_between(spans, *match.span())
            keep = [i for i in pieces if skeleton.pieces[i].entity == entity]
            skeleton.drop([i for i in pieces if i not in keep])
            skeleton.use(keep)


def _entity(skeleton: Skeleton, text: str, spans, match) -> int | None:
    """The card a phrase numbers: the mention in it, or for "it" the only card mention before it without a
    number (None when there is not exactly one, or the card has a number already)."""
    if match.groupdict().get("e"):
        piece = Skeleton.pieces_between(spans, *match.span("e"))[0]
        entity = skeleton.pieces[piece].entity
        return entity if "link" not in skeleton.entities[entity].aside else None
    before = {skeleton.pieces[i].entity for i in Skeleton.pieces_between(spans, 0, match.start())
              if skeleton.pieces[i].entity is not None}
    free = [e for e in before if "link" not in skeleton.entities[e].aside]
    return free[0] if len(free) == 1 else None


def link_conflict(skeleton: Skeleton, asked: int | None, position: int, answered: int | None,
                  answered_position: int | None) -> str | None:
    """Why the Chain Link numbers said do not fit a reading that puts the card asked about at ``position``
    (1-based) and the card it answers at ``answered_position``; None when they fit or none is said."""
    for entity, at in ((asked, position), (answered, answered_position)):
        if entity is None or at is None:
            continue
        said = skeleton.entities[entity].aside.get("link")
        if said is not None and said != at:
            return (f"{skeleton.entities[entity].label()} is said to be Chain Link {said}, but the chain read makes "
                    f"it Chain Link {at}: the links between are not said")
    return None


def first_link_said(link_is: dict[int, int]) -> int | None:
    """The one card said to be Chain Link 1 (e.g. "A is CL1, then B responds to it": the link the
    pronoun names), or None."""
    firsts = [entity for entity, number in link_is.items() if number == 1]
    return firsts[0] if len(firsts) == 1 else None
