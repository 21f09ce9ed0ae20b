"""'Usually', 'normally', 'in general': a question about the usual card of a kind.

The engine answers a kind of card ("a Trap Card") for each reading of the kind and says yes when one
reading can (is it possible for some card of that kind?).  A question that asks what a kind of card
usually / normally can do is not answered by a reading that only some cards of the kind fit (the
engine notes those readings as "not every card of this kind does"): such a yes becomes unknown and
says why.  Words: ``habitual_words.toml``.
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
def _words() -> tuple[re.Pattern, str]:
    data = word_file(WORDS_FILE)["habitual"]
    phrases = "|".join(re.escape(p) for p in data["phrases"])
    return re.compile(rf"\b(?:{phrases})\b"), data["partial_reading"]


def usual_card_only(answer: dict, text: str) -> dict:
    """The answer, or unknown when the question asks what a kind of card usually can do and the yes
    holds only for a reading that not every card of the kind fits."""
    if answer.get("answer") != "yes":
        return answer
    pattern, partial = _words()
    said = pattern.search(" ".join(re.findall(r"[a-z']+", text.lower())))
    fitted = [note for note in answer.get("assumed") or [] if partial in note]
    if not said or not fitted:
        return answer
    reason = (f"the question asks what a kind of card {said.group()} can do, and the yes holds only for "
              f"some cards of that kind ({fitted[0]})")
    step = {"check": "usual card of the kind", "result": "unknown", "detail": reason, **citation("card_kinds")}
    return dict(answer, answer="unknown", explanation=f"Not answered: {reason}.",
                steps=[step] + list(answer.get("steps") or []))
