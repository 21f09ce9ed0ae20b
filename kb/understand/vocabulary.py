"""The vocabulary of question understanding, read once from ``vocabulary.toml`` (data, not code)."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

__all__ = ["VOCABULARY_FILE", "vocabulary", "grammar_words", "filler_words", "word_file", "alternation",
           "phrase_alternation", "casual_spellings", "standard_spelling"]

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.toml")


@lru_cache(maxsize=None)
def word_file(path: Path) -> dict:
    """A word file of a reader (TOML beside its code), parsed once."""
    with Path(path).open("rb") as handle:
        return tomllib.load(handle)


def alternation(phrases) -> str:
    """A regex alternation of ``phrases``, each escaped, the longest first (so that it wins)."""
    return "(?:" + "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True)) + ")"


def phrase_alternation(words: dict, *path: str) -> str:
    """:func:`alternation` of the phrases at ``path`` (keys, one per level) of a parsed word file."""
    node = words
    for key in path:
        node = node[key]
    return alternation(node)


@lru_cache(maxsize=1)
def vocabulary() -> dict:
    """The parsed vocabulary file."""
    with VOCABULARY_FILE.open("rb") as handle:
        return tomllib.load(handle)


@lru_cache(maxsize=1)
def grammar_words() -> frozenset[str]:
    """Question words and game words that are never part of a misspelt card name."""
    return frozenset(vocabulary()["grammar"]["words"].split())


@lru_cache(maxsize=1)
def filler_words() -> frozenset[str]:
    """Words a question may carry without changing what it asks."""
    return frozenset(vocabulary()["filler"]["words"].split())


@lru_cache(maxsize=1)
def casual_spellings() -> dict[str, str]:
    """Words typed casually ("opp", "whats", "face down") and their standard spelling, keyed in lower case."""
    return {k.lower(): v for k, v in vocabulary().get("casual", {}).get("spellings", {}).items()}


@lru_cache(maxsize=1)
def _casual_pattern() -> re.Pattern:
    # whole words only: not inside a name's initials ("U.A.") or a hyphenated word
    return re.compile(r"(?<![\w'.-])" + alternation(casual_spellings()) + r"(?![\w'-]|\.\w)", re.I)


def standard_spelling(text: str) -> str:
    """``text`` with each casual spelling (whole words, any case) replaced by its standard spelling."""
    return _casual_pattern().sub(lambda m: casual_spellings()[m.group().lower()], text)
