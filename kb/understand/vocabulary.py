"""The vocabulary of question understanding, read once from ``vocabulary.toml`` (data, not code)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

__all__ = ["VOCABULARY_FILE", "vocabulary", "grammar_words", "filler_words"]

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.toml")


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
