"""The order a told chain resolves in: "which resolves first / last", "does X resolve first", "does X resolve
before Y" over a story of two or more chain links (:mod:`kb.understand.story`), answered by the rule that a
chain resolves from its last link back to Chain Link 1 (rule ``sim_chain_resolution``).

``{"ask": "resolution_order", "chain": [card objects, link 1 first], "end"?: "first"|"last",
"link"?: <index of the link asked about>, "other"?: <index>, "relation"?: "before"|"after"}``: with no
``link`` the answer names the link that resolves first (or last); with ``link`` and ``end`` it is yes/no
(does that link resolve first / last); with ``other`` and ``relation`` yes/no (does ``link`` resolve before
/ after ``other``).
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from ..errors import BadQuestionError
from .frame_model import Frame
from .intent import Intent
from .skeleton import Skeleton
from .story import Story

__all__ = ["resolution_query", "resolution_order_answer", "read_link_order", "link_order_answer"]

_ASKED = {
    "which resolves last": ("end", "last"),
    "does X resolve first": ("end", "first"),
    "does X resolve last": ("end", "last"),
    "does X resolve before Y": ("relation", "before"),
    "does X resolve after Y": ("relation", "after"),
}


def _link_index(skeleton: Skeleton, story: Story, entity: int | None) -> int | None:
    """The index of the story's link that a card named in the question is (the same card, once in the
    chain); None when it is not exactly one link."""
    if entity is None:
        return None
    said = skeleton.entities[entity]
    found = [k for k, link in enumerate(story.links)
             if link.entity == entity or (said.kind == "card" and said.card_id is not None
                                          and skeleton.entities[link.entity].card_id == said.card_id)]
    return found[0] if len(found) == 1 else None


def resolution_query(skeleton: Skeleton, story: Story, intent: Intent, listed: str) -> tuple[dict, str] | None:
    """The fields of a ``resolution_order`` question the intent asks and the question said back (``listed``:
    the chain told, "1. X, 2. Y"); None when a card asked about is not one link of the chain told."""
    chain = f"the chain {listed}"

    def name(k: int) -> str:
        return skeleton.entities[story.links[k].entity].label()
    if intent.pattern in ("what chain link is X", "is X chain link N"):
        link = _link_index(skeleton, story, intent.x)
        if link is None:
            return None
        if intent.number is None:
            return {"link": link, "end": "number"}, f"In {chain}, which Chain Link is {name(link)}?"
        return {"link": link, "position": intent.number}, f"In {chain}, is {name(link)} Chain Link {intent.number}?"
    field, value = _ASKED.get(intent.pattern, (None, None))
    if field is None:
        return {}, f"In which order does {chain} resolve?"
    if intent.x is None:
        return {"end": value}, f"In {chain}, which link resolves {value}?"
    link = _link_index(skeleton, story, intent.x)
    if link is None:
        return None
    if field == "end":
        return {"link": link, "end": value}, f"In {chain}, does {name(link)} resolve {value}?"
    other = _link_index(skeleton, story, intent.y)
    if other is None or other == link:
        return None
    return ({"link": link, "other": other, "relation": value},
            f"In {chain}, does {name(link)} resolve {value} {name(other)}?")


def resolution_order_answer(question: dict) -> dict:
    """The answer to a ``resolution_order`` question (module doc): the chain resolves last link first."""
    chain = question.get("chain")
    if not isinstance(chain, list) or len(chain) < 2:
        raise BadQuestionError("chain must list at least two links", "chain", chain)
    names = [item.get("card") or "a card" for item in chain]
    n = len(chain)

    def said(k: int) -> str:
        return f"{names[k]} (Chain Link {k + 1})"

    detail = "a chain resolves in reverse order, the last link first: " + ", ".join(
        said(k) for k in reversed(range(n)))
    link, end = question.get("link"), question.get("end", "first")
    for key, value in (("link", link), ("other", question.get("other"))):
        if value is not None and (not isinstance(value, int) or not 0 <= value < n):
            raise BadQuestionError(f"{key} must be the index of a link (0 to {n - 1})", key, value)
    if end not in ("first", "last", "number"):
        raise BadQuestionError('end must be "first", "last" or "number"', "end", end)
    position = question.get("position")
    if (position is not None or end == "number") and link is None:
        raise BadQuestionError("a Chain Link number is asked of a link: link is needed", "link", link)
    if position is not None and (not isinstance(position, int) or position < 1):
        raise BadQuestionError("position must be a Chain Link number (1 or more)", "position", position)
    detail_link = ("links are numbered in the order they are activated: Chain Link 1 first; "
                   + ", ".join(said(k) for k in range(n)))
    if position is not None or end == "number":
        if position is None:
            answer, explanation, result = f"Chain Link {link + 1}", f"{said(link)}; {detail_link}.", "pass"
        else:
            yes = position == link + 1
            answer = "yes" if yes else "no"
            explanation, result = f"{answer}: {said(link)}; {detail_link}.", "pass" if yes else "fail"
        return {"answer": answer, "order": names, "card": None, "resolved": {"chain": names},
                "explanation": explanation, "assumed": [], "rulings": [],
                "steps": [{"check": "chain links", "result": result, "detail": detail_link,
                           **citation("sim_chain_resolution")}]}
    if link is None:
        answer = said(n - 1 if end == "first" else 0)
        explanation = f"{answer} resolves {end}; {detail}."
        result = "pass"
    elif question.get("other") is not None:
        other, relation = question["other"], question.get("relation")
        if relation not in ("before", "after"):
            raise BadQuestionError('relation must be "before" or "after"', "relation", relation)
        yes = (link > other) == (relation == "before")
        answer = "yes" if yes else "no"
        explanation = f"{answer}: {said(link)} resolves {relation if yes else ('after' if relation == 'before' else 'before')} {said(other)}; {detail}."
        result = "pass" if yes else "fail"
    else:
        yes = link == (n - 1 if end == "first" else 0)
        answer = "yes" if yes else "no"
        explanation = f"{answer}: {said(n - 1 if end == 'first' else 0)} resolves {end}; {detail}."
        result = "pass" if yes else "fail"
    return {
        "answer": answer,
        "order": list(reversed(names)),
        "card": None,
        "resolved": {"chain": names},
        "explanation": explanation,
        "assumed": [],
        "rulings": [],
        "steps": [{"check": "resolution order", "result": result, "detail": detail,
                   **citation("sim_chain_resolution")}],
    }


# ------------------------------------------------------------- Chain Links by number, with no cards told

_CL = r"(?:chain link|cl|link) (\d+)"
_LINK_SHAPES = [
    # "which resolves first, Chain Link 1 or Chain Link 2?"
    ("which_end", re.compile(rf"^(?:in a chain )?(?:which|what) (?:one |link |chain link )?(?:resolves|will resolve|is "
                         rf"resolved) (first|last) {_CL} or (?:{_CL}|(\d+))$")),
    ("which_links", re.compile(rf"^(?:in a chain )?(?:does|will) {_CL} or (?:{_CL}|(\d+)) resolve (first|last)$")),
    # "does Chain Link 3 resolve before Chain Link 2?"
    ("before", re.compile(rf"^(?:in a chain )?(?:does|will|would) {_CL} (?:resolve|be resolved) (before|after) "
                          rf"{_CL}$")),
    # "which Chain Link resolves first?"
    ("end", re.compile(r"^(?:in a chain )?(?:which|what) (?:chain link|link) (?:resolves|will resolve|is resolved) "
                       r"(first|last)$")),
]


def read_link_order(skeleton: Skeleton) -> Frame | None:
    """ "Which resolves first, Chain Link 1 or Chain Link 2?", "Does Chain Link 3 resolve before Chain Link
    2?", "Which Chain Link resolves first?" (no card named) as a frame, or None."""
    words = []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            return None
        if piece.text not in (",", ".", "?", "!"):
            words.append(piece.text.lower())
    text = " ".join(words)
    for kind, pattern in _LINK_SHAPES:
        match = pattern.match(text)
        if match is None:
            continue
        got = [g for g in match.groups() if g is not None]
        if kind in ("which_end", "which_links"):  # the end said before the links, or after them
            if kind == "which_end":
                end, links = got[0], [int(got[1]), int(got[2])]
            else:
                links, end = [int(got[0]), int(got[1])], got[2]
            if links[0] == links[1] or min(links) < 1:
                return None
            question = {"ask": "chain_rule", "rule": "link_order", "links": links, "end": end}
            said = f"Which resolves {end}, Chain Link {links[0]} or Chain Link {links[1]}?"
        elif kind == "before":
            links, relation = [int(got[0]), int(got[2])], got[1]
            if links[0] == links[1] or min(links) < 1:
                return None
            question = {"ask": "chain_rule", "rule": "link_order", "links": links, "relation": relation}
            said = f"Does Chain Link {links[0]} resolve {relation} Chain Link {links[1]}?"
        else:
            question = {"ask": "chain_rule", "rule": "link_order", "end": got[0]}
            said = f"Which Chain Link resolves {got[0]}?"
        skeleton.use(skeleton.live())
        return Frame(question, said, used_entities=set(), uses_story=True)
    return None


def link_order_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "link_order", "links"?, "end"?, "relation"?}``."""
    links, end, relation = question.get("links"), question.get("end"), question.get("relation")
    if links is not None and (not isinstance(links, list) or len(links) != 2 or not all(
            isinstance(n, int) and n >= 1 for n in links) or links[0] == links[1]):
        raise BadQuestionError("links must be two different Chain Link numbers", "links", links)
    if end not in (None, "first", "last") or relation not in (None, "before", "after"):
        raise BadQuestionError('end must be "first" or "last", relation "before" or "after"', "end", end)
    rule = "a chain resolves in reverse order, the last link first"
    if links is None:
        answer = "the last Chain Link (the highest number)" if end == "first" else "Chain Link 1"
    elif relation is not None:
        yes = (links[0] > links[1]) == (relation == "before")
        answer = "yes" if yes else "no"
    else:
        answer = f"Chain Link {max(links) if end == 'first' else min(links)}"
    return {"answer": answer, "card": None, "resolved": {}, "explanation": f"{answer}: {rule}.",
            "steps": [{"check": "resolution order", "result": {"no": "fail"}.get(answer, "pass"), "detail": rule,
                       **citation("sim_chain_resolution")}],
            "assumed": [], "rulings": []}
