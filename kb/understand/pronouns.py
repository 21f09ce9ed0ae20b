"""A pronoun asked about, resolved to the card the story just told of: "Man-Eater Bug is flipped face-up by Book
of Taiyou. Does its effect activate?", "my peten was used as synchro material does it activate".

Only shapes with a single reading are resolved: the question has no card of its own, its subject is "it" /
"its" / "this card" / "that card" / "that monster" right after the question word, and either the last sentence of
the story begins with a card (after a possessive) that is its grammatical subject (a verb follows it), or the
whole story names exactly one card and nothing else that "it" could be (no kind of card, no other card) and the
question asks whether it activates or misses the timing ("If I Normal Summon Tour Guide, does its effect miss the
timing?").  The pronoun then becomes a mention of that card (a
new entity, so that the story's mention stays where it is).  Anything else is left alone (a pronoun with two
possible cards is not guessed).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from .skeleton import Skeleton
from .vocabulary import word_file

__all__ = ["resolve_told_pronoun"]

WORDS_FILE = Path(__file__).with_name("pronouns_words.toml")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def resolve_told_pronoun(skeleton: Skeleton, story: list[int], question: list[int]) -> None:
    """Turn the pronoun the question asks about into a mention of the story's subject card (module doc)."""
    words = _words()
    if len(question) < 3 or not story:
        return
    texts = [skeleton.pieces[i].text for i in question]
    if any(skeleton.pieces[i].entity is not None for i in question) or texts[0] not in words["question"]["words"]:
        return
    span = next((n for n in (2, 1) if " ".join(texts[1:1 + n]) in words["pronoun"]["words"]), None)
    if span is None:
        return
    subject = _subject(skeleton, story, words)
    if subject is None and {skeleton.pieces[i].text for i in question} & set(words["timing"]["words"]):
        subject = _only_card(skeleton, story, words)
    if subject is None:
        return
    entity = skeleton.entities[subject]
    first = skeleton.pieces[question[1]].tokens[0]
    last = skeleton.pieces[question[span]].tokens[-1] + 1
    skeleton.entities.append(replace(entity, first=first, last=last, text=" ".join(texts[1:1 + span]), aside={}))
    index = len(skeleton.entities) - 1
    head = skeleton.pieces[question[1]]
    head.text, head.entity = f"e{index}", index
    head.tokens = tuple(range(first, last))
    for i in question[2:1 + span]:
        skeleton.drop([i])


def _subject(skeleton: Skeleton, story: list[int], words: dict) -> int | None:
    """The card the last story sentence begins with, when a verb follows it (None otherwise)."""
    ends = [k for k, i in enumerate(story) if skeleton.pieces[story[k]].text in (".", ";", "!")]
    start = ends[-1] + 1 if ends and ends[-1] + 1 < len(story) else (ends[-2] + 1 if len(ends) > 1 else 0)
    sentence = [i for i in story[start:] if skeleton.pieces[i].text not in (".", ";", "!", ",")]
    k = 0
    while k < len(sentence) and skeleton.pieces[sentence[k]].text in words["possessive"]["words"]:
        k += 1
    if k >= len(sentence) - 1 or skeleton.pieces[sentence[k]].entity is None:
        return None
    if any(skeleton.pieces[i].text in words["chain"]["words"] for i in sentence):
        return None  # a chain told with the event: read whole by the readers of mid-chain events (timing_wording.py)
    entity = skeleton.pieces[sentence[k]].entity
    verb = skeleton.pieces[sentence[k + 1]].text
    if skeleton.entities[entity].kind != "card" or not re.fullmatch("|".join(words["verb"]["words"]), verb):
        return None
    others = any(skeleton.pieces[i].entity is not None for i in sentence[k + 1:])
    if others and verb not in words["passive"]["words"]:
        return None  # "Magic Jammer negates my Swords. Is it destroyed?": "it" may be the other card
    return entity


def _only_card(skeleton: Skeleton, story: list[int], words: dict) -> int | None:
    """The one card the story names, when it names nothing else "it" could be (no other card, no kind of card,
    no chain or negation told: those are read whole by the chain and negation readers); None otherwise."""
    named = {skeleton.pieces[i].entity for i in story if skeleton.pieces[i].entity is not None}
    told = {skeleton.pieces[i].text for i in story}
    if len(named) != 1 or told & set(words["chain"]["words"]) or told & set(words["negation"]["words"]):
        return None
    entity = named.pop()
    return entity if skeleton.entities[entity].kind == "card" else None
