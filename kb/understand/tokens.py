"""Words of a question with their character spans: the unit every stage of the pipeline works on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..text import fold_quotes, name_key
from .vocabulary import standard_spelling

__all__ = ["Token", "tokenize", "MAX_QUESTION_CHARS"]

# Longer questions are cut here (the rest is reported unused): a question, not a document.
MAX_QUESTION_CHARS = 2000

_LEAD = "\"'([{"
_TRAIL = '")]}.,;:!?'  # a trailing apostrophe stays: possessive "Thunderbirds'"
_POSSESSIVE = re.compile(r"(?:'s|s'|')$")
_INITIALS = re.compile(r"(?:[A-Za-z]\.){2,}")  # initials written with full stops, as in card names


@dataclass
class Token:
    """One word (or one punctuation mark) of the question, with its reduced forms computed once."""

    text: str  # as written
    start: int
    end: int
    punct: bool = False
    low: str = field(init=False, repr=False)  # lower case
    key: str = field(init=False, repr=False)  # reduced as card names are (:func:`kb.text.name_key`)
    bare_key: str = field(init=False, repr=False)  # the key without a possessive (``Master's`` -> ``master``)

    def __post_init__(self) -> None:
        self.low = self.text.lower()
        self.key = name_key(self.text)
        self.bare_key = name_key(_POSSESSIVE.sub("", self.text)) if "'" in self.text else self.key

    @property
    def capitalised(self) -> bool:
        letters = [ch for ch in self.text if ch.isalpha()]
        return bool(letters) and letters[0].isupper()


def tokenize(text: str) -> list[Token]:
    """Split ``text`` (quotes folded) into words and the punctuation around them, with spans."""
    text = re.sub(r"\"'s\b", "\" 's", fold_quotes(text))  # "Magma Dragon"'s: the quote closes the name
    text = standard_spelling(text)  # "opp", "whats", "face down": read as spelt in full
    tokens: list[Token] = []
    for match in re.finditer(r"\S+", text):
        word, start = match.group(), match.start()
        lead = 0
        while lead < len(word) - 1 and word[lead] in _LEAD:
            tokens.append(Token(word[lead], start + lead, start + lead + 1, True))
            lead += 1
        trail_marks = []
        end = len(word)
        initials = _INITIALS.match(word, lead)
        if initials:  # "D.D.", "U.A.": the last full stop belongs to the word
            end = initials.end()
            trail_marks = [Token(word[k], start + k, start + k + 1, True) for k in range(len(word) - 1, end - 1, -1)]
        while not initials and end > lead + 1 and word[end - 1] in _TRAIL:
            end -= 1
            trail_marks.append(Token(word[end], start + end, start + end + 1, True))
        core = word[lead:end]
        if core.strip(_LEAD + _TRAIL) or core == "&":
            tokens.append(Token(core, start + lead, start + end, not re.search(r"[\w&]", core)))
        elif core:
            tokens.append(Token(core, start + lead, start + end, True))
        tokens.extend(reversed(trail_marks))
    return tokens
