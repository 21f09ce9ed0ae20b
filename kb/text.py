"""Text normalisation shared by importers, name resolution and search."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["clean_text", "name_key", "slugify", "fold_quotes"]

_QUOTES = str.maketrans({
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\uff02": '"',
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\uff07": "'",
    "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u3000": " ",
})


def fold_quotes(text: str) -> str:
    """Curly quotes, dashes and odd spaces to their ASCII forms."""
    return text if text.isascii() else text.translate(_QUOTES)  # every folded character is non-ASCII


def clean_text(text: str) -> str:
    """NFC-normalise, fold quotes and spaces, collapse runs of blanks inside lines."""
    text = fold_quotes(unicodedata.normalize("NFC", text))
    return "\n".join(re.sub(r"[ \t]+", " ", line).strip() for line in text.split("\n")).strip()


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """A card name reduced for exact look-up: case, accents, punctuation and spacing ignored (a pure
    function of the text, remembered: the same words and names are reduced again and again)."""
    text = unicodedata.normalize("NFKD", fold_quotes(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ")
    return re.sub(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+", "", text)


def slugify(text: str, max_words: int = 8) -> str:
    """A short lowercase slug of a heading (``"The Damage Step"`` -> ``the-damage-step``)."""
    text = unicodedata.normalize("NFKD", fold_quotes(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    words = re.findall(r"[0-9a-z]+", text)
    return "-".join(words[:max_words]) or "untitled"
