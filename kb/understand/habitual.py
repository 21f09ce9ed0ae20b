"""'Always', 'usually', 'normally', 'in general': questions that quantify over the cards of a kind.

The engine answers a kind of card ("a Trap Card") for each reading of the kind and says yes when one
reading can (is it possible for some card of that kind?).  A question with one of these words asks more:

- "always" ("is a Quick-Play Spell always activatable in the Battle Phase?"): no when a reading of the
  kind that needs nothing of its text (no activation condition) cannot (named by the answer); a yes
  becomes unknown (it would need every card of the kind, from every place, whatever its text needs).
- "usually / normally / in general" in the Damage Step ("is a Continuous Trap usually activatable in the
  Damage Step?"): the rules state what may be activated there as exceptions to "no" (Counter Traps, cards that
  directly change ATK/DEF ...), so the answer is yes only when every card the kind can be (Normal, Continuous,
  Counter Trap) can without a reading that only some cards of it fit; no when one of them cannot.
- elsewhere, a yes that holds only for a reading not every card of the kind fits ("not every card of this
  kind does") becomes unknown.

Words: ``habitual_words.toml``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine.rules import citation
from .vocabulary import word_file

__all__ = ["WORDS_FILE", "usual_card_only"]

WORDS_FILE = Path(__file__).with_name("habitual_words.toml")


@lru_cache(maxsize=1)
def _words() -> tuple[re.Pattern, re.Pattern, str]:
    data = word_file(WORDS_FILE)["habitual"]

    def pattern(key: str) -> re.Pattern:
        return re.compile(rf"\b(?:{'|'.join(re.escape(p) for p in data[key])})\b")

    return pattern("phrases"), pattern("every"), data["partial_reading"]


def _unknown(answer: dict, reason: str, *keys: str) -> dict:
    step = {"check": "usual card of the kind", "result": "unknown", "detail": reason,
            **citation(*(keys or ("card_kinds",)))}
    return dict(answer, answer="unknown", explanation=f"Not answered: {reason}.",
                steps=[step] + list(answer.get("steps") or []))


def _decided(answer: dict, verdict, detail: str, keys: tuple[str, ...]) -> dict:
    """The answer of one reading of the kind (its steps), led by the step that says why it decides."""
    result = {"yes": "pass", "no": "fail"}[verdict.answer]
    step = {"check": "every card of the kind", "result": result, "detail": detail, **citation(*keys)}
    return dict(answer, answer=verdict.answer, explanation=detail[0].upper() + detail[1:] + ".",
                steps=[step] + list(verdict.steps), assumed=list(verdict.assumed))


def _failing(verdict) -> str:
    step = next((s for s in verdict.steps if s["result"] == "fail"), None)
    return step["detail"] if step else "a check fails"


def usual_card_only(answer: dict, text: str, session=None, question: dict | None = None) -> dict:
    """The answer to a question that quantifies over a kind of card ("always", "normally"): see the module."""
    usual, every, partial = _words()
    words = " ".join(re.findall(r"[a-z']+", text.lower()))
    said_every, said_usual = every.search(words), usual.search(words)
    if not (said_every or said_usual) or answer.get("answer") != "yes":
        return answer  # "no": no card of the kind can, so neither always nor usually
    if isinstance(question, dict) and question.get("ask") not in ("activate", "chain", "negate", "timing"):
        return answer  # a reader's form (a rule fact ...): the reader read the adverb itself
    readings = None
    if session is not None and isinstance(question, dict):
        from ..engine.generic_every import activate_readings

        readings = activate_readings(session, question)
    if said_every:
        return _every(answer, readings, said_every.group(), isinstance(question, dict) and
                      question.get("step") == "damage")
    if readings is not None and question.get("step") == "damage":
        return _usual_damage_step(answer, readings, said_usual.group(), partial)
    fitted = [note for note in answer.get("assumed") or [] if partial in note]
    if not fitted:
        return answer
    return _unknown(answer, f"the question asks what a kind of card {said_usual.group()} can do, and the yes holds "
                            f"only for some cards of that kind ({fitted[0]})")


def _example(variant, kind: str) -> str:
    """The card a reading is, in words ("the activation of a Normal Trap Card"), else the kind's phrase."""
    said = [note.split(", for example ", 1)[1] for note in variant.assumed if ", for example " in note]
    return said[0] if said else kind


def _every(answer: dict, readings, word: str, damage_step: bool = False) -> dict:
    """"always": no when a reading of the kind that needs nothing of its text (no activation condition, nothing it
    does) cannot; otherwise unknown (a yes would need every card, every place it can be, every condition)."""
    if readings is None:
        return _unknown(answer, f"the question asks whether it can {word} be done; the engine answered whether it "
                                "can be done in the case it describes, not in every case")
    kind = answer.get("card") or "a card of this kind"
    fails = [(v, verdict) for v, verdict in readings
             if verdict.answer == "no" and not v.card.effects[0].get("condition")]
    if not fails:
        return _unknown(answer, f"the question asks whether {kind} can {word} do it: some cards of the kind can, "
                                "and whether every one can (from every place, whatever its text needs) is not "
                                "decided")
    variant, verdict = fails[0]
    detail = f"not every card of the kind can ({word}): for {_example(variant, kind)}, {_failing(verdict)}"
    return _decided(answer, verdict, detail, ("damage_step", "card_kinds") if damage_step else ("card_kinds",))


def _usual_damage_step(answer: dict, readings, word: str, partial: str) -> dict:
    from ..engine.generic_every import shape_of

    shapes: dict[tuple, list] = {}
    for variant, verdict in readings:
        plain = not any(partial in note for note in variant.assumed)
        shapes.setdefault(shape_of(variant), []).append((plain, variant, verdict))
    failing = None
    for shape, items in shapes.items():
        plain = [(v, verdict) for ok, v, verdict in items if ok]
        if any(verdict.answer == "yes" for _v, verdict in plain):
            continue
        if plain and all(verdict.answer == "no" for _v, verdict in plain):
            failing = failing or plain[0]
            continue
        return _unknown(answer, f"the question asks what a kind of card {word} can do in the Damage Step, and a "
                                "card of the kind could not be decided", "damage_step")
    if failing is None:
        return answer
    variant, verdict = failing
    detail = (f"not as a rule ({word}): in the Damage Step only some cards can be activated (Counter Traps, cards "
              f"that directly change ATK/DEF, ...), and {_example(variant, answer.get('card') or 'this kind')} "
              f"cannot: {_failing(verdict)}")
    return _decided(answer, verdict, detail, ("damage_step", "card_kinds"))
