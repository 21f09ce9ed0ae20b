"""Text analysis of the search index: one analyzer for indexed text and query words alike.

Curly quotes and dashes folded, Unicode NFKC, case and accent folding, Porter stemming for Latin words,
overlapping character bigrams for Japanese (katakana folded to hiragana), rule numbers such as
``201.4a`` kept whole.
"""

from __future__ import annotations

import re
import unicodedata

from whoosh.analysis import LowercaseFilter, StemFilter, Token, Tokenizer
from whoosh.analysis.filters import Filter as TokenFilter

from ..text import fold_quotes

__all__ = ["KbTokenizer", "FoldFilter", "text_analyzer", "analyze", "CJK", "TOKEN_RE"]

CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
TOKEN_RE = re.compile(rf"(?P<num>\d+(?:\.\d+)+[a-z]?)(?![\w.])|(?P<cjk>[{CJK}]+)"
                       rf"|(?P<word>[^\W_{CJK}]+(?:'[^\W_{CJK}]+)*)")


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


def text_analyzer():
    """The analyzer of every text field (and of query words)."""
    return KbTokenizer() | LowercaseFilter() | FoldFilter() | StemFilter(cachesize=200000)


_ANALYZER = text_analyzer()


def analyze(text: str) -> list[str]:
    """Index tokens of ``text``."""
    return [t.text for t in _ANALYZER(text)]
