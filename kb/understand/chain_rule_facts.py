"""Rule facts of chains and negated Summons asked about kinds, read whole: when a kind of Spell/Trap leaves
the field after it resolves (a Quick-Play Spell, a Counter Trap, an Equip Spell ...), whether a Summon made
mid-chain has a Summon Negation Window, where a monster whose Summon was negated goes, the Spell Speed of a
card that negates Summons, and which monsters of a negated Pendulum Summon are negated.

The shapes and answers are data (``chain_rule_facts.toml``); each answer cites its row of
:mod:`kb.engine.chain_rows`.  The whole question must match one pattern (a kind of card as its words);
a question naming a card, or saying anything else, gives no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine.rules import RULES, citation
from .frame import Frame
from .skeleton import Skeleton
from .vocabulary import word_file

__all__ = ["read_chain_rule_fact", "chain_rule_fact_answer", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("chain_rule_facts.toml")


@lru_cache(maxsize=1)
def _shapes() -> list[tuple[re.Pattern, dict]]:
    """(pattern, what it asks): ``{"row", "answer"}`` for a fact, ``{"question": <kind question>}`` for a
    question about a kind of Spell/Trap Card."""
    words = word_file(WORDS_FILE)
    kinds = "|".join(re.escape(k) for k in sorted(words["kinds"], key=len, reverse=True))
    kind = rf"(?:a |an |the )?(?P<kind>{kinds})(?: cards?)?"
    out = []
    for question in words["kind_question"]:
        for pattern in question["patterns"]:
            out.append((re.compile(pattern.replace("{kind}", kind)), {"question": question["name"]}))
    slow = "|".join(re.escape(k) for k in sorted(set(words["speed_one"]) - {"patterns"}, key=len, reverse=True))
    for pattern in words["speed_one"]["patterns"]:
        speed_one = rf"(?P<slow>{slow})"
        out.append((re.compile(pattern.replace("{speed_one}", speed_one)), {"speed_one": True}))
    for fact in words["fact"]:
        for pattern in fact["patterns"]:
            out.append((re.compile(pattern), {"fact": fact["name"], "row": fact["row"]}))
    return out


def _flat(skeleton: Skeleton) -> str | None:
    """The whole question in lower case, a kind of card as its words (a named card as ``e<N>``, which only a
    pattern that takes any card reads), without commas and final marks."""
    words = []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            words.append(entity.text.lower() if entity.kind == "class" else f"e{piece.entity}")
        elif piece.text not in (",", ".", "?", "!", ";", ":", '"', "'"):
            words.append(piece.text.lower())
    return " ".join(" ".join(words).split())


def read_chain_rule_fact(skeleton: Skeleton) -> Frame | None:
    """The rule fact the whole question asks (module doc) as a frame, or None."""
    text = _flat(skeleton)
    if not text:
        return None
    for pattern, asks in _shapes():
        match = pattern.fullmatch(text)
        if match is None:
            continue
        if "speed_one" in asks:
            if _speed_of(match["slow"]) != 1:
                return None
            question = {"ask": "chain_rule", "rule": "speed_one", "kind": match["slow"]}
            said = f"Can a Spell Speed 1 {match['slow'].title()} be chained to another card or effect?"
            skeleton.use(skeleton.live())
            return Frame(question, said, used_entities=set(range(len(skeleton.entities))), uses_story=True)
        if "question" in asks:
            question = {"ask": "chain_rule", "rule": "kind_fact", "asked": asks["question"], "kind": match["kind"]}
            template = next(q["said"] for q in word_file(WORDS_FILE)["kind_question"] if q["name"] == asks["question"])
            said = template.replace("{kind}", f"a {match['kind'].title()} Card")
        else:
            question = {"ask": "chain_rule", "rule": "fact", "fact": asks["fact"]}
            said = RULES[asks["row"]]["statement"]
        skeleton.use(skeleton.live())
        return Frame(question, said if "question" in asks else f"Rule fact: {said}", used_entities=set(range(len(skeleton.entities))),
                     uses_story=True)
    return None


def _speed_of(kind: str) -> int | None:
    """The Spell Speed of a kind of :data:`[speed_one]` by the rules table."""
    from ..engine.rules import spell_speed

    card_type, prop, effect = word_file(WORDS_FILE)["speed_one"][kind]
    return spell_speed(card_type, prop or None, effect)


def chain_rule_fact_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "kind_fact" | "fact", ...}`` from the word file's table."""
    from ..errors import BadQuestionError

    words = word_file(WORDS_FILE)
    if question.get("rule") == "speed_one":
        kind = question.get("kind")
        if kind not in set(words["speed_one"]) - {"patterns"} or _speed_of(kind) != 1:
            raise BadQuestionError("kind must be a kind of Spell Speed 1 of chain_rule_facts.toml", "kind", kind)
        detail = (f"{'an' if kind[0] in 'aeiou' else 'a'} {kind.title()} is Spell Speed 1: a response in a chain "
                  "must be Spell Speed 2 or higher, so it can only start a chain (as Chain Link 1)")
        return {"answer": "no", "card": None, "resolved": {"kind": kind}, "explanation": f"no: {detail}.",
                "steps": [{"check": "Spell Speed", "result": "fail", "detail": detail, **citation("spell_speed")}],
                "assumed": [], "rulings": []}
    if question.get("rule") == "kind_fact":
        kind = question.get("kind")
        if kind not in words["kinds"]:
            raise BadQuestionError(f"kind must be one of {', '.join(words['kinds'])}", "kind", kind)
        asked = next((q for q in words["kind_question"] if q["name"] == question.get("asked")), None)
        if asked is None:
            names = ", ".join(q["name"] for q in words["kind_question"])
            raise BadQuestionError(f"asked must be one of {names}", "asked", question.get("asked"))
        row = words["kinds"][kind]
        answer = asked[words["fates"][row]]
    else:
        fact = next((f for f in words["fact"] if f["name"] == question.get("fact")), None)
        if fact is None:
            names = ", ".join(f["name"] for f in words["fact"])
            raise BadQuestionError(f"fact must be one of {names}", "fact", question.get("fact"))
        row, answer = fact["row"], fact["answer"]
    statement = RULES[row]["statement"].rstrip(".")
    first = statement.split(" ", 1)[0]  # "A Normal Spell ..." reads "a Normal Spell ..."; "Spell Speed 1 ..." stays
    detail = statement[0].lower() + statement[1:] if first in ("A", "An", "The", "No", "When", "Every", "While",
                                                              "During", "Normal") else statement
    result = {"yes": "pass", "no": "fail"}.get(answer, "pass")
    return {"answer": answer, "card": None, "resolved": {}, "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "rule fact", "result": result, "detail": detail, **citation(row)}],
            "assumed": [], "rulings": []}
