"""The card that made a timing event happen, named in the question: "if Morphing Jar makes me discard it",
"if it is destroyed by Cyber Jar", "if Card Destruction discards it", "when I discard it with Graceful Charity".

The frame of a timing question then carries ``"cause": {"card": ...}``, and the engine reads the cause's text
for what else it did (:mod:`kb.engine.timing_cause`).  Words: ``timing_cause_words.toml``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["cause_entity", "by_procedure", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("timing_cause_words.toml")


@lru_cache(maxsize=1)
def _patterns() -> list[re.Pattern]:
    words = word_file(WORDS_FILE)["cause"]

    def alt(key: str) -> str:
        return phrase_alternation(words, key)

    card = rf"(?:(?:{alt('determiner')}) )?(?:(?:{alt('effect_of')}) )?e(?P<n>\d+)(?: (?:'s )?(?:{alt('effect')}))?"
    return [
        re.compile(rf"\b(?:{alt('by')}) {card}\b"),
        re.compile(rf"\b{card} (?:{alt('makes')}) (?:{alt('who')}) (?:{alt('verb')}) (?:{alt('it')})\b"),
        re.compile(rf"\b{card} (?:{alt('does')}) (?:{alt('it')})\b"),
    ]


def cause_entity(skeleton: Skeleton, rest: str, asked: int | None) -> int | None:
    """The entity of the named card said to cause the event in ``rest`` (words with ``e<N>`` for cards), or
    None.  Only a named card other than the one asked about."""
    for pattern in _patterns():
        for match in pattern.finditer(rest):
            n = int(match["n"])
            if n >= len(skeleton.entities) or n == asked:
                continue
            entity = skeleton.entities[n]
            if entity.kind == "card" and entity.name and (
                    asked is None or skeleton.entities[asked].name != entity.name):
                return n
    return None


@lru_cache(maxsize=1)
def _procedure() -> re.Pattern:
    return re.compile(rf"\b(?:{phrase_alternation(word_file(WORDS_FILE)['procedure'], 'phrases')})\b")


def by_procedure(rest: str) -> bool:
    """Whether the card was moved to perform a Summon ("Tributed for a Tribute Summon", "as Synchro Material"):
    like a cost, never the last thing to happen."""
    return bool(_procedure().search(rest))
