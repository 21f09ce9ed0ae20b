"""Text analysis of the search index: one analyzer for indexed text and query words alike.

Curly quotes and dashes folded, Unicode NFKC, case and accent folding, Porter stemming for Latin words,
overlapping character bigrams for Japanese (katakana folded to hiragana), rule numbers such as
``201.4a`` kept whole.
"""

from __future__ import annotations

import re
import unicodedata

from whoosh.analysis import Token, Tokenizer
from whoosh.analysis.filters import Filter as TokenFilter
from whoosh.lang.porter import stem

from ..text import fold_quotes

__all__ = ["KbAnalyzer", "KbTokenizer", "FoldFilter", "text_analyzer", "analyze", "CJK", "TOKEN_RE"]

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
TOKEN_RE = re.compile(rf"(?P<num>\d+(?:\.\d+)+[a-z]?)(?![\w.])|(?P<cjk>[{CJK}]+)"
                       rf"|(?P<word>[^\W_{CJK}]+(?:'[^\W_{CJK}]+)*)")
# TOKEN_RE on a text without Japanese (an ASCII text): its words, as one list (no match objects)
_ASCII_WORD_RE = re.compile(r"\d+(?:\.\d+)+[a-z]?(?![\w.])|[^\W_]+(?:'[^\W_]+)*")


class KbTokenizer(Tokenizer):
    """Latin words (apostrophes dropped), dotted rule numbers whole, Japanese runs as char bigrams."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        value = fold_quotes(value)
        if not tokenize:
            token.original = token.text = value
            token.boost, token.stopped = 1.0, False
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token
            return
        pos = start_pos
        for match in TOKEN_RE.finditer(value):
            text = unicodedata.normalize("NFKC", match.group())
            if match.lastgroup == "cjk":
                grams = [(text, 0)] if len(text) == 1 else [(text[k:k + 2], k)
                                                            for k in range(len(text) - 1)]
            else:
                grams = [(text.replace("'", ""), 0)]
            for gram, offset in grams:
                token.text = gram
                token.boost, token.stopped = 1.0, False
                if keeporiginal:
                    token.original = gram
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar = start_char + match.start() + offset
                    token.endchar = (start_char + match.start() + offset + len(gram)
                                     if match.lastgroup == "cjk" else start_char + match.end())
                pos += 1
                yield token


class FoldFilter(TokenFilter):
    """Accents off Latin letters (``Café`` -> ``cafe``); katakana to hiragana for Japanese."""

    def __call__(self, tokens):
        for token in tokens:
            text = token.text
            if not text.isascii():
                if re.search(f"[{CJK}]", text):
                    text = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)
                else:
                    text = "".join(c for c in unicodedata.normalize("NFKD", text)
                                   if not unicodedata.combining(c))
                token.text = text
            yield token


def _fold(text: str) -> str:
    """:class:`FoldFilter` on one token."""
    if text.isascii():
        return text
    if re.search(f"[{CJK}]", text):
        return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


class _WordTokens(dict):
    """The analyzer's cache: a matched Latin word -> its index token, made on first use (see
    :meth:`KbAnalyzer._token`); Japanese bigrams are put in by ``_token``.  Emptied when it holds
    ``KbAnalyzer.CACHE_WORDS`` words."""

    __slots__ = ()

    def __missing__(self, raw: str) -> str:
        found = stem(_fold(unicodedata.normalize("NFKC", raw).replace("'", "").lower()))
        if len(self) >= KbAnalyzer.CACHE_WORDS:
            self.clear()
        self[raw] = found
        return found


class KbAnalyzer(KbTokenizer):
    """The whole analysis in one pass: :class:`KbTokenizer`, lower case, :class:`FoldFilter` and Porter
    stemming, with the index token of each distinct word cached (the same tokens as
    ``KbTokenizer() | LowercaseFilter() | FoldFilter() | StemFilter()``, three to four times faster:
    the search index build spent a third of its time in the token filter chain)."""

    CACHE_WORDS = 500_000

    def __init__(self):
        self._tokens: dict[str, str] = _WordTokens()

    def __getstate__(self):  # the schema is pickled into the index: not the cache
        return {}

    def __setstate__(self, state):
        self._tokens = _WordTokens()

    def _token(self, raw: str, cjk: bool) -> str:
        """The index token of one matched word (or one Japanese bigram when ``cjk``)."""
        found = self._tokens.get(raw)
        if found is None:
            text = raw if cjk else unicodedata.normalize("NFKC", raw).replace("'", "")
            found = stem(_fold(text.lower()))
            if len(self._tokens) >= self.CACHE_WORDS:
                self._tokens.clear()
            self._tokens[raw] = found
        return found

    def token_texts(self, value: str) -> list[str]:
        """The index tokens of ``value`` in order (a token's position is its index in the list): the
        texts of the tokens :meth:`__call__` yields, without token objects (the index writer's path)."""
        value = fold_quotes(value)
        if value.isascii():  # no Japanese: the words' tokens by one C-level pass (each new word: _WordTokens)
            return list(map(self._tokens.__getitem__, _ASCII_WORD_RE.findall(value)))
        out: list[str] = []
        cache, token_of = self._tokens, self._token
        for match in TOKEN_RE.finditer(value):
            if match.lastgroup != "cjk":
                raw = match.group()
                found = cache.get(raw)
                out.append(token_of(raw, False) if found is None else found)
                continue
            text = unicodedata.normalize("NFKC", match.group())
            if len(text) == 1:
                out.append(token_of(text, True))
            else:
                out.extend(token_of(text[k:k + 2], True) for k in range(len(text) - 1))
        return out

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        if not tokenize:
            for token in super().__call__(value, positions, chars, keeporiginal, removestops, start_pos,
                                          start_char, tokenize, mode, **kwargs):
                token.text = stem(_fold(token.text.lower()))
                yield token
            return
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        token.boost, token.stopped = 1.0, False
        value = fold_quotes(value)
        pos = start_pos
        for match in TOKEN_RE.finditer(value):
            if match.lastgroup != "cjk":
                token.text = self._token(match.group(), False)
                if keeporiginal:
                    token.original = token.text
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar, token.endchar = start_char + match.start(), start_char + match.end()
                pos += 1
                yield token
                continue
            text = unicodedata.normalize("NFKC", match.group())
            grams = [(text, 0)] if len(text) == 1 else [(text[k:k + 2], k) for k in range(len(text) - 1)]
            for gram, offset in grams:
                token.text = self._token(gram, True)
                if keeporiginal:
                    token.original = token.text
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar = start_char + match.start() + offset
                    token.endchar = token.startchar + len(gram)
                pos += 1
                yield token


def text_analyzer():
    """The analyzer of every text field (and of query words): :class:`KbAnalyzer`."""
    return KbAnalyzer()


_ANALYZER = text_analyzer()


def analyze(text: str) -> list[str]:
    """Index tokens of ``text``."""
    return [t.text for t in _ANALYZER(text)]
