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

from ..engine.rules import citation
from ..errors import BadQuestionError
from .intent import Intent
from .skeleton import Skeleton
from .story import Story

__all__ = ["resolution_query", "resolution_order_answer"]

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


def resolution_query(skeleton: Skeleton, story: Story, intent: Intent) -> tuple[dict, str] | None:
    """The fields of a ``resolution_order`` question the intent asks and the words said back (``({}, "")``
    for "which resolves first"); None when a card asked about is not one link of the chain told."""
    field, value = _ASKED.get(intent.pattern, (None, None))
    if field is None:
        return {}, ""
    if intent.x is None:
        return {"end": value}, f" (which link resolves {value})"
    link = _link_index(skeleton, story, intent.x)
    if link is None:
        return None
    if field == "end":
        return {"link": link, "end": value}, f" (does Chain Link {link + 1} resolve {value})"
    other = _link_index(skeleton, story, intent.y)
    if other is None or other == link:
        return None
    return ({"link": link, "other": other, "relation": value},
            f" (does Chain Link {link + 1} resolve {value} Chain Link {other + 1})")


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
    if end not in ("first", "last"):
        raise BadQuestionError('end must be "first" or "last"', "end", end)
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
