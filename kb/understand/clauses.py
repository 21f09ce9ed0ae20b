"""Clauses after an activation question that the engine's question has no field for, read only where a rule
says what they change (words: ``damage_step_words.toml`` ``[clauses]``):

- a purpose in the Damage Step (a question about activating X in the Damage Step that adds "to weaken their attacker"):
  a purpose cannot make a card activatable, so the answer stands only when it is "no" without it (no effect
  of X may be activated then; rule ``damage_step_indirect``), else "unknown";
- "even though / even if I control no Fiend monsters" (the card's effect would affect no monster): the answer
  "yes" stands when it rests on the Continuous Trap permission (``continuous_atk_def``), which the rules give
  "even if their relevant Continuous-like Effect would not affect any monsters"; else "unknown".

The question carries them as ``"purpose": <words>`` / ``"despite": "affects_nothing"`` (answered by
:func:`answer_with_clauses`, through ``kb.understand.answer``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.rules import citation
from .damage_step import alt, words
from .skeleton import Skeleton

__all__ = ["read_clauses", "answer_with_clauses"]


def _tail_text(skeleton: Skeleton, indices: list[int]) -> str:
    out = []
    for i in indices:
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            out.append(skeleton.entities[piece.entity].text.lower().strip("'\"\u2018\u2019\u201c\u201d "))
        elif re.search(r"\w", piece.text):
            out.append(piece.text)
    return " ".join(out)


def _as_written(skeleton: Skeleton, indices: list[int]) -> str:
    return " ".join(skeleton.tokens[k].text for i in indices for k in skeleton.pieces[i].tokens)


@lru_cache(maxsize=1)
def _clause_patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    purpose = re.compile(rf"{alt('clauses', 'purpose_openers')} {alt('clauses', 'purpose_verbs')}\b.*")
    nothing = "(?:" + "|".join(words()["clauses"]["affects_nothing"]) + ")"
    despite = re.compile(rf"{alt('clauses', 'concessive_openers')} {nothing}")
    openers = re.compile(rf"(?:{alt('clauses', 'purpose_openers')}|{alt('clauses', 'concessive_openers')})\b")
    return purpose, despite, openers


def _classify(text: str) -> tuple[str, str] | None:
    """("purpose", words) / ("despite", "affects_nothing") for a clause, or None."""
    purpose, despite, openers = _clause_patterns()
    if not openers.match(text):
        return None
    if purpose.fullmatch(text):
        return "purpose", text
    if despite.fullmatch(text):
        return "despite", "affects_nothing"
    return None


def read_clauses(skeleton: Skeleton, frames: list) -> None:
    """Give each activation frame the trailing clause it leaves unused, when it is one of the module doc's."""
    live = skeleton.live()
    end = max((k for k, i in enumerate(live) if skeleton.pieces[i].text == "?"), default=len(live))
    body = live[:end]
    first_words = {w.split()[0] for key in ("purpose_openers", "concessive_openers") for w in words()["clauses"][key]}
    for start in range(len(body)):
        tail = body[start:]
        if skeleton.pieces[tail[0]].text not in first_words or any(skeleton.pieces[i].used for i in tail):
            continue
        found = _classify(_tail_text(skeleton, tail))
        if found is not None:
            break
    else:
        return
    key, value = found
    entities = {skeleton.pieces[i].entity for i in tail if skeleton.pieces[i].entity is not None}
    taken = False
    for frame in frames:
        question = frame.question
        if question is None or question.get("ask") != "activate" or question.get("step") != "damage":
            continue
        frame.question = dict(question, **{key: value})
        frame.alternatives = [dict(q, **{key: value}) for q in frame.alternatives]
        frame.used_entities |= entities
        frame.understood = f"{frame.understood} ({_as_written(skeleton, tail)})"
        taken = True
    if taken:
        skeleton.use(tail)


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    return {"check": check, "result": result, "detail": detail, **citation(*keys)}


def answer_with_clauses(question: dict, ask) -> dict:
    """Answer ``question`` without its ``purpose``/``despite`` clause by ``ask``; keep the answer only where
    the clause cannot change it (see the module doc)."""
    purpose, despite = question.get("purpose"), question.get("despite")
    answer = dict(ask({k: v for k, v in question.items() if k not in ("purpose", "despite")}))
    steps = list(answer.get("steps") or [])
    if purpose is not None:
        if answer.get("answer") == "no":
            steps.append(_step("purpose", "pass", f"the purpose ({purpose!r}) cannot make it possible: no effect "
                               "of the card may be activated then", "damage_step_indirect", "damage_step"))
            return dict(answer, steps=steps)
        reason = f"whether the card can be activated {purpose} is not checked (without that: {answer.get('answer')})"
        steps.append(_step("purpose", "unknown", reason, "damage_step_indirect", "damage_step"))
        return dict(answer, answer="unknown", steps=steps, explanation=f"Not answered: {reason}.")
    if despite == "affects_nothing":
        rests = any(s.get("check") == "damage step" and "continuous_atk_def" in (s.get("detail") or "")
                    for s in steps)
        if answer.get("answer") == "yes" and rests:
            steps.append(_step("affects no monster", "pass", "its continuous effect would affect no monster: such "
                               "a Trap can still be activated", "damage_step_continuous_unaffected"))
            return dict(answer, steps=steps)
        reason = "whether it can be activated while its effect would affect no monster is not checked"
        steps.append(_step("affects no monster", "unknown", reason, "damage_step_continuous_unaffected"))
        return dict(answer, answer="unknown", steps=steps, explanation=f"Not answered: {reason}.")
    return answer
