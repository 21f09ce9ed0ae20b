"""Did you mean: corrected queries and close or prefix-matching names and titles."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from ..errors import InvalidQueryError
from ..query import And, Word, parse, text_words
from ..text import name_key
from .index import SearchIndex, open_index
from .limits import MAX_SUGGEST_WORD_CHARS, check_query

__all__ = ["suggest", "SUGGESTION_CHARS"]

SUGGESTION_CHARS = 60  # longer titles (example paragraphs) are not offered as suggestions


def _closest_word(index: SearchIndex, word: str) -> str | None:
    vocabulary = index.meta.get("vocabulary", {})
    lowered = word.lower()
    if lowered in vocabulary or not 3 <= len(lowered) <= MAX_SUGGEST_WORD_CHARS or not lowered.isalpha():
        return None
    candidates = process.extract(lowered, index.word_list, scorer=fuzz.ratio, limit=8, score_cutoff=70)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (round(c[1] / 8), c[0][0] == lowered[0], vocabulary[c[0]]))
    return best[0]


def suggest(kb_path, q: str, *, limit: int = 5) -> list[str]:
    """Queries to try instead of ``q``: ``q`` with misspelled words corrected, then close names/titles.

    Also serves as type-ahead: names and titles starting with ``q`` come first among the titles.
    Never raises for a malformed query (it is read as plain words); a query over the length bound
    (:func:`kb.search.limits.check_query`) gets no suggestions.
    """
    try:
        check_query(q)
    except InvalidQueryError:
        return []
    index = open_index(kb_path)
    out: list[str] = []
    try:
        node = parse(q)
        words = text_words(node)
    except InvalidQueryError:
        node, words = None, re.findall(r"[^\s\"()]+", q)
    with index.lock:
        corrected, changed = [], False
        for word in re.findall(r"\S+", " ".join(words)):
            core = re.sub(r"^\W+|\W+$", "", word)
            better = _closest_word(index, core) if core else None
            corrected.append(better or core)
            changed = changed or bool(better)
    if changed:
        fixed = " ".join(corrected)
        if node is not None and not isinstance(node, Word):
            rest = [c.to_string() for c in (node.children if isinstance(node, And) else (node,))
                    if not isinstance(c, Word)]
            fixed = " ".join([fixed] + rest) if rest else fixed
        out.append(fixed)
    text = " ".join(words) or q
    names = index.title_list
    if text.strip() and names:
        key = name_key(text)
        prefixed = [n for n, k in zip(names, index.title_keys) if k.startswith(key)] if len(key) >= 3 else []
        prefixed.sort(key=len)
        close = [names[m[2]] for m in process.extract(key, index.title_keys, scorer=fuzz.ratio,
                                                      limit=limit * 2, score_cutoff=80)]
        for name in prefixed[:limit] + close:
            if name not in out and name_key(name) != key and len(name) <= SUGGESTION_CHARS:
                out.append(name)
    return out[:limit]
