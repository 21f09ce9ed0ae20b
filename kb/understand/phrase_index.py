"""Phrase tables looked up by their first word.

A slot reader scans a question word by word and, at each word, tries the phrases of its word file.  A
phrase whose first word is a literal word can only match where the question has that word, so
:func:`first_word_index` keeps, for each first word, the phrases that may match there: those beginning
with it and those beginning with a placeholder (``<e>``, ``<n>``, ``lv<n>``, ``<k>``), in the table's own
order, so that a reader taking the first of the longest matches finds the same one as trying every
phrase.  An index is built once per table (tables are the readers' cached lists, never changed).
"""

from __future__ import annotations

import threading
from typing import Callable, Sequence, TypeVar

__all__ = ["FirstWordIndex", "first_word_index"]

T = TypeVar("T")


class FirstWordIndex:
    """The entries of a phrase table that may match at a word, in table order."""

    def __init__(self, entries: Sequence[T], words_of: Callable[[T], Sequence[str]]) -> None:
        wild: list[tuple[int, T]] = []
        by_first: dict[str, list[tuple[int, T]]] = {}
        for position, entry in enumerate(entries):
            words = words_of(entry)
            first = words[0] if words else None
            if first is None or "<" in first:
                wild.append((position, entry))
            else:
                by_first.setdefault(first, []).append((position, entry))
        self._wild = [entry for _, entry in wild]
        self._at = {
            word: [entry for _, entry in sorted(found + wild, key=lambda pair: pair[0])]
            for word, found in by_first.items()
        }

    def at(self, word: str) -> list:
        """The entries whose first word is ``word`` or a placeholder."""
        return self._at.get(word, self._wild)


_BUILT: dict[int, tuple[Sequence, FirstWordIndex]] = {}
_LOCK = threading.Lock()
MAX_TABLES = 64  # tables indexed at once (a caller passing a new list each time only rebuilds)


def first_word_index(entries: Sequence[T], words_of: Callable[[T], Sequence[str]]) -> FirstWordIndex:
    """The index of the table ``entries`` (built on first use and kept with the table it indexes)."""
    held = _BUILT.get(id(entries))
    if held is None or held[0] is not entries:
        with _LOCK:
            if len(_BUILT) >= MAX_TABLES:
                _BUILT.clear()
            held = (entries, FirstWordIndex(entries, words_of))
            _BUILT[id(entries)] = held
    return held[1]
