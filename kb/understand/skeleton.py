"""The question as a skeleton: lower-case words with every card mention replaced by ``e<N>``.

Later stages (story, intent) read the skeleton with small grammars; every piece they consume is marked
used, so that the words no stage used can be listed (``unused_words``) and weighed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .mentions import Entity
from .tokens import Token

__all__ = ["Piece", "Skeleton", "ENT", "CARD_SLOT"]

ENT = r"e\d+"
CARD_SLOT = ENT + r"(?: ' s| 's)?"  # a card's slot in a rendered sentence, possessive or not ("e1", "e1 's")


@dataclass
class Piece:
    """One word, punctuation mark or card mention of the skeleton."""

    text: str
    tokens: tuple[int, ...]
    entity: int | None = None
    used: bool = False
    dropped: bool = False  # absorbed into an entity (e.g. "the effect of" before it)


@dataclass
class Skeleton:
    """The pieces of a question and the string the grammars run on."""

    tokens: list[Token]
    entities: list[Entity]
    pieces: list[Piece] = field(default_factory=list)

    @classmethod
    def build(cls, tokens: list[Token], entities: list[Entity]) -> "Skeleton":
        owner: dict[int, int] = {}
        for n, entity in enumerate(entities):
            for k in range(entity.first, entity.last):
                owner[k] = n
            if "tokens" in entity.aside:  # an aside read as part of the card: "(Chain Link 2)"
                for k in range(*entity.aside["tokens"]):
                    owner[k] = n
        skeleton = cls(tokens, entities)
        i = 0
        while i < len(tokens):
            if i in owner:
                n = owner[i]
                group = [i]
                while i + 1 < len(tokens) and owner.get(i + 1) == n:
                    i += 1
                    group.append(i)
                skeleton.pieces.append(Piece(f"e{n}", tuple(group), n))
            else:
                token = tokens[i]
                text = token.text if token.punct else re.sub(r"\s+", " ", token.low)
                skeleton.pieces.append(Piece(text, (i,)))
            i += 1
        return skeleton

    # ------------------------------------------------------------------------------------- views

    def live(self, start: int = 0, end: int | None = None) -> list[int]:
        """Indices of the pieces not dropped, in ``start .. end - 1``."""
        end = len(self.pieces) if end is None else end
        return [i for i in range(start, end) if not self.pieces[i].dropped]

    def text_of(self, indices: list[int]) -> tuple[str, list[tuple[int, int, int]]]:
        """The string of some pieces and, for each, ``(start char, end char, piece index)``."""
        parts, spans, at = [], [], 0
        for i in indices:
            text = self.pieces[i].text
            parts.append(text)
            spans.append((at, at + len(text), i))
            at += len(text) + 1
        return " ".join(parts), spans

    @staticmethod
    def pieces_between(spans: list[tuple[int, int, int]], start: int, end: int) -> list[int]:
        """The pieces a character range of :meth:`text_of`'s string covers."""
        return [i for s, e, i in spans if s >= start and e <= end and e > s]

    def use(self, indices) -> None:
        """Mark pieces as used by the reading."""
        for i in indices:
            self.pieces[i].used = True

    def drop(self, indices) -> None:
        """Mark pieces as absorbed (used, and gone from later views)."""
        for i in indices:
            self.pieces[i].used = True
            self.pieces[i].dropped = True

    def unused_words(self) -> list[str]:
        """The words (as written) of the pieces no stage used; card mentions not used are listed too."""
        out = []
        for piece in self.pieces:
            if piece.used:
                continue
            if piece.entity is not None:
                out.append(self.entities[piece.entity].text)
            elif re.search(r"\w", piece.text):
                out.extend(self.tokens[k].text for k in piece.tokens)
        return out
