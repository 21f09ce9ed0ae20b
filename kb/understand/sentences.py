"""Sentence breaks for questions typed without punctuation (the word lists: ``sentence_words.toml``).

A story told in one breath ("my opponent activates Dark Hole i chain Mirror Force can my opponent respond")
is the same question as the punctuated one; the stages that read a story sentence by sentence need the
breaks.  :func:`restore_sentences` puts them back where the grammar leaves no doubt: before a subject that
is followed by a story verb, and before a question verb that is followed by its subject, never after a
word that asks for more ("if", "can", "in response to").  It touches only text with no sentence
punctuation before its end; the caller asks the restored text only when the text as typed was not
understood, and says so in the answer.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .vocabulary import alternation, word_file

__all__ = ["restore_sentences"]

WORDS_FILE = Path(__file__).with_name("sentence_words.toml")
_INNER_STOP = re.compile(r"[.!?;]\s+\S")


@lru_cache(maxsize=1)
def _patterns() -> dict:
    words = word_file(WORDS_FILE)
    return {
        "story": re.compile(rf"(?<=\S) (?={alternation(words['subjects'])} {alternation(words['story_verbs'])}\b)",
                            re.IGNORECASE),
        "question": re.compile(rf"(?<=\S) (?={alternation(words['question_verbs'])} "
                               rf"{alternation(words['question_followers'])}\b)", re.IGNORECASE),
        "subordinate": re.compile(rf"^{alternation(words['subordinators'])}\b", re.IGNORECASE),
        "asking": re.compile(rf"\b{alternation(words['asking_words'])}\b", re.IGNORECASE),
        "no_break_after": frozenset(words["no_break_after"]),
        "relative_heads": frozenset(words["relative_heads"]),
        "question_start": re.compile(rf"^{alternation(words['question_verbs'])}\b", re.IGNORECASE),
    }


def restore_sentences(text: str) -> str | None:
    """``text`` with full stops restored between the sentences of an unpunctuated story, or None when
    it has punctuation inside already or no break is certain."""
    text = " ".join(text.split())
    if _INNER_STOP.search(text):
        return None
    found = _patterns()
    breaks = {}
    for kind in ("story", "question"):
        for match in found[kind].finditer(text):
            before = text[: match.start()].rsplit(" ", 1)[-1].strip(",:-").lower()
            if before and before not in found["no_break_after"]:
                breaks[match.start()] = kind
    out, last, sentence = [], 0, ""
    for at in sorted(breaks):
        piece = text[last:at].rstrip(",")
        whole = (sentence + " " + piece).strip()
        if found["question_start"].search(whole) or found["asking"].search(whole):
            break  # the question has begun: the rest is its own ("how many LP do i have", "the turn I Set it")
        head = piece.rsplit(" ", 1)[-1].lower()
        if breaks[at] == "story" and head in found["relative_heads"]:
            continue  # "the same turn I activate it": a relative clause
        if found["subordinate"].search(whole) and "," not in whole:
            out.append(piece + ",")  # "if X happens, can i ...": one sentence
            sentence = whole + ","
        else:
            out.append(piece + ".")
            sentence = ""
        last = at + 1
    if not out:
        return None
    out.append(text[last:])
    return " ".join(out)
