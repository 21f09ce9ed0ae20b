"""Snippets: the part of a text holding most query words, with the matched words marked."""

from __future__ import annotations

import html
import re
from functools import lru_cache

from whoosh import query as wq

from .analysis import CJK, TOKEN_RE, analyze
from .evaluator import QueryEvaluator

__all__ = ["SNIPPET_CHARS", "highlight_terms", "make_snippet"]

SNIPPET_CHARS = 240
_HTML_SPECIAL = re.compile("[&<>\"']")  # what html.escape replaces


def highlight_terms(q, fieldname: str = "body", evaluator: QueryEvaluator | None = None) -> set[str]:
    """The index tokens a whoosh query looks for in one field (fuzzy terms as expanded)."""
    found: set[str] = set()
    if isinstance(q, wq.Term) and q.fieldname == fieldname:
        found.add(q.text)
    elif isinstance(q, wq.Phrase) and q.fieldname == fieldname:
        found.update(q.words)
    elif isinstance(q, wq.FuzzyTerm) and q.fieldname == fieldname and evaluator is not None:
        found.update(evaluator.expansions(q))
    elif isinstance(q, wq.AndNot):
        found |= highlight_terms(q.a, fieldname, evaluator)
    elif isinstance(q, wq.ConstantScoreQuery):
        found |= highlight_terms(q.child, fieldname, evaluator)
    elif hasattr(q, "subqueries"):
        for sub in q.subqueries:
            found |= highlight_terms(sub, fieldname, evaluator)
    return found


_WORD_STEMS: dict[str, str] = {}
_STEMS_KEPT = 100_000  # bound on the cache of words seen in snippets (a long-running server)


def _stem_of(word: str) -> str:
    found = _WORD_STEMS.get(word)
    if found is None:
        tokens = analyze(word)
        found = tokens[0] if len(tokens) == 1 else ""
        if len(_WORD_STEMS) >= _STEMS_KEPT:
            _WORD_STEMS.clear()
        _WORD_STEMS[word] = found
    return found


def _term_parts(terms: frozenset[str]) -> tuple[list[str], list[str]]:
    """A query's terms as (Japanese bigrams, Latin stem prefixes), each longest first (so that it wins)."""
    cjk = sorted({t for t in terms if t and re.match(f"[{CJK}]", t)}, key=len, reverse=True)
    latin = sorted({t[:-1] if t.endswith("i") and len(t) > 2 else t for t in terms if t and t not in cjk},
                   key=len, reverse=True)
    return cjk, latin


@lru_cache(maxsize=256)
def _span_pattern(terms: frozenset[str]) -> re.Pattern | None:
    """One regex for a query's terms: Japanese bigrams literally, Latin stems at the start of a word.

    Stems are (nearly always) prefixes of their words (``destroi`` is matched as ``destro``).
    """
    cjk, latin = _term_parts(terms)
    parts = []
    if cjk:
        parts.append("(?P<cjk>" + "|".join(re.escape(t) for t in cjk) + ")")
    if latin:
        parts.append("(?<![^\\W_])(?<!')(?:" + "|".join(re.escape(p) for p in latin) + ")")
    return re.compile("|".join(parts), re.I) if parts else None


@lru_cache(maxsize=256)
def _scan_pattern(terms: frozenset[str]) -> re.Pattern | None:
    """:func:`_span_pattern` without its look-behind and case folding, for lower-cased ASCII text: the word
    start is checked by :func:`_term_spans` on each candidate (a look-behind tried at every character of
    the text was two thirds of the scan)."""
    cjk, latin = _term_parts(terms)
    parts = []
    if cjk:
        parts.append("(?P<cjk>" + "|".join(re.escape(t) for t in cjk) + ")")
    if latin:
        parts.append("(?:" + "|".join(re.escape(p) for p in latin) + ")")
    return re.compile("|".join(parts)) if parts else None


def _candidates(text: str, terms: frozenset[str]):
    """The matches of :func:`_span_pattern` in ``text`` (up to 20,000 characters), in order.

    An ASCII text is scanned lower-cased with :func:`_scan_pattern`, and a Latin match is kept when no
    letter, digit or apostrophe stands before it — the look-behind of :func:`_span_pattern` — else the
    scan goes on from the next character, as the look-behind's failure would: the same matches.
    """
    if not text.isascii():
        pattern = _span_pattern(terms)
        if pattern is not None:
            yield from pattern.finditer(text, 0, 20000)
        return
    pattern = _scan_pattern(terms)
    if pattern is None:
        return
    low, pos = text.lower(), 0
    search = pattern.search
    while True:
        match = search(low, pos, 20000)
        if match is None:
            return
        start = match.start()
        if start and match.lastgroup != "cjk" and (low[start - 1].isalnum() or low[start - 1] == "'"):
            pos = start + 1
            continue
        yield match
        pos = match.end()


def _term_spans(text: str, terms: set[str]) -> list[tuple[int, int]]:
    """Character spans of the words of ``text`` whose index token is in ``terms``.

    A regex over the stems (:func:`_span_pattern`) finds the candidate words and only those are analyzed.
    """
    spans = []
    for match in _candidates(text, frozenset(terms)):
        start = match.start()
        if match.lastgroup == "cjk":
            spans.append((start, match.end()))
            continue
        word = TOKEN_RE.match(text, start)
        if word and word.lastgroup != "cjk" and _stem_of(word.group()) in terms:
            spans.append((start, word.end()))
    return spans


def make_snippet(text: str, terms: set[str], width: int = SNIPPET_CHARS) -> tuple[str, str]:
    """The ``width`` characters of ``text`` holding most query words: (plain text, HTML with <mark>)."""
    text = text or ""
    spans = _term_spans(text, terms) if terms else []
    start = 0
    if spans:
        best, best_count, right = spans[0][0], 0, 0
        for left in range(len(spans)):
            while right < len(spans) and spans[right][1] - spans[left][0] <= width:
                right += 1
            if right - left > best_count:
                best, best_count = spans[left][0], right - left
        start = max(0, best - width // 4)
        while start > 0 and not text[start - 1].isspace() and best - start < width // 3:
            start -= 1
    end = min(len(text), start + width)
    while end < len(text) and not text[end].isspace() and end - start < width + 20:
        end += 1
    # html.escape changes nothing in a window without & < > " ' (most of them): not called there
    escape = html.escape if _HTML_SPECIAL.search(text, start, end) else str
    plain_parts, html_parts, cursor = [], [], start
    for left, right in spans:
        if left < start or right > end:
            continue
        plain_parts.append(text[cursor:left])
        html_parts.append(escape(text[cursor:left]))
        plain_parts.append(text[left:right])
        html_parts.append("<mark>" + escape(text[left:right]) + "</mark>")
        cursor = right
    plain_parts.append(text[cursor:end])
    html_parts.append(escape(text[cursor:end]))
    prefix, suffix = ("\u2026" if start > 0 else ""), ("\u2026" if end < len(text) else "")
    plain = prefix + " ".join("".join(plain_parts).split()) + suffix
    rich = prefix + " ".join("".join(html_parts).split()) + suffix
    return plain, rich

