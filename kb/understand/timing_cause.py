"""The card that made a timing event happen, named in the question: "if Morphing Jar makes me discard it",
"if it is destroyed by Cyber Jar", "if Card Destruction discards it", "when I discard it with Graceful Charity".

The frame of a timing question then carries ``"cause": {"card": ...}``, and the engine reads the cause's text
for what else it did (:mod:`kb.engine.timing_cause`).  Words: ``timing_cause_words.toml``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["cause_entity", "by_procedure", "read_pieces", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("timing_cause_words.toml")


@lru_cache(maxsize=1)
def _patterns() -> list[re.Pattern]:
    words = word_file(WORDS_FILE)["cause"]

    def alt(key: str) -> str:
        return phrase_alternation(words, key)

    card = rf"(?:(?:{alt('determiner')}) )?(?:(?:{alt('effect_of')}) )?e(?P<n>\d+)(?: (?:'s )?(?:{alt('effect')}))?"
    return [
        re.compile(rf"\b(?:{alt('by')}) {card}\b"),
        re.compile(rf"\b{card} (?:{alt('makes')}) (?:{alt('who')}) (?:{alt('verb')}) (?:{alt('it')})\b"),
        re.compile(rf"\b{card} (?:{alt('does')}) (?:{alt('it')})\b"),
    ]


def cause_entity(skeleton: Skeleton, rest: str, asked: int | None) -> int | None:
    """The entity of the named card said to cause the event in ``rest`` (words with ``e<N>`` for cards), or
    None.  Only a named card other than the one asked about."""
    found = _cause_match(skeleton, rest, asked)
    return int(found["n"]) if found else None


def _cause_match(skeleton: Skeleton, rest: str, asked: int | None) -> re.Match | None:
    for pattern in _patterns():
        for match in pattern.finditer(rest):
            n = int(match["n"])
            if n >= len(skeleton.entities) or n == asked:
                continue
            entity = skeleton.entities[n]
            if entity.kind == "card" and entity.name and (
                    asked is None or skeleton.entities[asked].name != entity.name):
                return match
    return None


@lru_cache(maxsize=1)
def _procedure() -> re.Pattern:
    return re.compile(rf"\b(?:{phrase_alternation(word_file(WORDS_FILE)['procedure'], 'phrases')})\b")


def by_procedure(rest: str) -> bool:
    """Whether the card was moved to perform a Summon ("Tributed for a Tribute Summon", "as Synchro Material"):
    like a cost, never the last thing to happen."""
    return bool(_procedure().search(rest))


@lru_cache(maxsize=1)
def _rest_words() -> re.Pattern:
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(word_file(WORDS_FILE)['rest'], 'read')})(?![\w'-])")


_FROM = re.compile(r"\bfrom [\w' ]+? (?=to the)")


_FROM_FIELD = re.compile(r"^from (?:the |my |your |their |his |her )?(?:field|monster zone)$")


def read_pieces(skeleton: Skeleton, indices: list[int], event_patterns, asked: int | None, by_card,
                field_ok: bool = False) -> list[int]:
    """The pieces of a timing question's event clause that a reading reads: the event (not where it came from),
    the cause, a "by" card, a Summon procedure, the words of ``[rest]`` and grammar words.  The others are
    left unread, so a clause that says more ("destroyed in my hand") gives no reading.  ``field_ok``: the
    card's own triggers name no other place, so "from the field" is read."""
    from .vocabulary import filler_words, grammar_words

    text, spans = skeleton.text_of(indices)
    read: list[tuple[int, int]] = []
    chosen = next((pattern for pattern, _event in event_patterns if pattern.search(text)), None)
    for pattern in [chosen] if chosen else []:  # the event read; another event said is not
        for m in pattern.finditer(text):
            start, end = m.span()
            inside = _FROM.search(text, start, end)
            if inside and field_ok and _FROM_FIELD.match(inside.group().strip()):
                inside = None  # "from the field": what the card's trigger asks for, or says nothing of
            if inside:  # "sent from my Deck to the GY": where from is not read
                read += [(start, inside.start()), (inside.end(), end)]
            else:
                read.append((start, end))
    cause = _cause_match(skeleton, text, asked)
    if cause:
        read.append(cause.span())
    if by_card is not None:
        m = re.search(rf"\b(?:by|with|using) (?:the |a |an |my |their |his |her |your )?(?:effect of )?e{by_card}\b",
                      text)
        if m:
            read.append(m.span())
    for pattern in (_procedure(), _rest_words()):
        read += [m.span() for m in pattern.finditer(text)]
    then = re.search(r"\b(?:and )?then\b", text)
    if then:  # "destroyed and then a card is drawn": what happened afterwards only says the event was not last
        read.append((then.start(), len(text)))
    words = grammar_words() | filler_words()
    out = []
    for start, end, i in spans:
        piece = skeleton.pieces[i]
        if piece.used or any(s <= start and end <= e for s, e in read) or piece.text.lower() in words or \
                not re.search(r"\w", piece.text):
            out.append(i)
    return out
