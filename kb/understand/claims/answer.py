"""Answering ``{"ask": "claim", "claim": id or [ids], "cards"?: [names], "concepts"?: [...]}``.

The answer is the claim's (its RULES row cited in the step); claims that disagree make it "unknown" with
each reading.  A named card is an example of its kind only when its own text does not speak to the acts
the claim is about ("cannot be used as Fusion Material"): then the answer is "unknown", naming the text.
"""

from __future__ import annotations

import re

from ...errors import BadQuestionError
from .table import claims
from .tagger import concept_table, lemmas, phrases_of

__all__ = ["claim_answer", "speaking_sentence"]

_TEXT_CATEGORIES = ("act", "role")
_GENERIC = frozenset({"summon", "use", "place", "change", "flip", "move"})  # acts nearly every card text names
_WORD = re.compile(r"[\w'&/-]+")


def speaking_sentence(card_text: str, concepts, guard=None) -> str | None:
    """The first sentence of ``card_text`` that names one of ``concepts`` (any inflection), or one of the
    ``guard`` phrases instead when the claim gives them; None when none does."""
    phrases = ([tuple(g.lower().split()) for g in guard if not g.startswith("@")] if guard is not None
               else [p for concept in concepts if concept not in _GENERIC for p in phrases_of(concept)])
    if guard is not None and "@condition" in guard:  # an activation condition: "When ...: ", "During ...: "
        found = re.search(r"(?:^|(?<=[.\n]))\s*([^.;:\n]*:)", card_text)
        if found:
            return found.group(1).strip()
    for sentence in re.split(r"(?<=[.;:])\s+|\n+", card_text):
        words = [w.lower() for w in _WORD.findall(sentence)]
        for phrase in phrases:
            n = len(phrase)
            if any(all(phrase[k] in lemmas(words[i + k]) for k in range(n)) for i in range(len(words) - n + 1)):
                return sentence.strip()
    return None


def claim_answer(session, question: dict) -> dict:
    """Answer a claim question (see the module doc).

    :raises BadQuestionError: an unknown claim id.
    :raises NotFoundError: a card name that names no card.
    """
    from ...cards import resolve_card
    from ...engine.rule_facts import answer_object

    ids = question.get("claim")
    ids = [ids] if isinstance(ids, str) else ids
    table = {c.id: c for c in claims()}
    if not ids or not isinstance(ids, list) or any(not isinstance(i, str) or i not in table for i in ids):
        raise BadQuestionError(f"claim: {ids!r} is not a claim id of kb/understand/claims/claims.toml",
                               field="claim", value=ids)
    chosen = [table[i] for i in ids]
    answers = {c.answer for c in chosen}
    if len(answers) > 1:
        out = answer_object("unknown", "the question can be read as several rules with different answers: "
                            + " / ".join(f"{c.said} ({c.answer})" for c in chosen), chosen[0].rule,
                            chosen[0].id)
        out["readings"] = [{"claim": c.id, "understood": c.said, "answer": c.answer} for c in chosen]
        return out
    claim = chosen[0]
    category = concept_table()["category"]
    acts = {c for g in claim.requires for c in g if category.get(c) in _TEXT_CATEGORIES}
    for name in question.get("cards") or []:
        if not isinstance(name, str):
            raise BadQuestionError(f"cards: {name!r} is not a card name", field="cards", value=name)
        card = resolve_card(session, name)
        text = " ".join(t for t in (card.text, card.pendulum_text, card.materials) if t)
        said = speaking_sentence(text, acts, claim.guard)
        if said is not None:
            return answer_object(
                "unknown", f"{card.name}'s own text speaks to this (\"{said}\"); the rule for its kind "
                f"({claim.said} {claim.answer}) may not apply to it", claim.rule, claim.id)
    return answer_object(claim.answer, claim.detail, claim.rule, claim.id)
