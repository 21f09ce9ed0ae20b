"""Nicknames derived from the structure of card names, stored with the curated aliases.

Players shorten names in two regular ways, and both are derived here for every released card (one with a
passcode) instead of being listed by hand:

``initials``
    the first letters of the words of a name of three or more words, with and without its small words
    ("Phoenix Wing Wind Blast" -> ``pwwb``; "Harpie's Feather Duster" -> ``hfd`` is too short and curated);
``segment``
    one part of a name written "A - B" or "A, B" ("Sky Striker Ace - Raye" -> ``raye``; "Apollousa, Bow of
    the Goddess" -> ``apollousa``; "Brionac, Dragon of the Ice Barrier" -> not ``brionac``: two names begin so),
    or the first word of a longer part after the first ("Blackwing - Kalut the Moon Shadow" -> ``kalut``: the
    part after the archetype is how players name the card, and its first word is its own name).

A derived nickname is kept only when it cannot mislead: exactly one card yields it, it is no card's name,
no curated alias, no word the rulebooks or card texts write in lower case (:func:`kb.card_names.ordinary_words`), no word
or pair of words of another card's name ("Brionac" begins two names, so it stays ambiguous and is answered with the
candidates), and it looks like a nickname (initials of at least 4 letters and no vowel (y counts as one), so that
they do not spell an English word; segments of at least 4 letters and at most 2 words).
"""

from __future__ import annotations

import re
from collections import defaultdict

from sqlmodel import Session, select

from kb.card_names import DERIVED_ALIAS_KINDS, ordinary_words
from kb.models import Alias, Card, Section
from kb.text import name_key

__all__ = ["derived_aliases", "name_initials", "name_segments"]

SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "to", "in", "on", "with", "for", "from", "at", "by"})
MIN_INITIALS = 4
MAX_INITIAL_VOWELS = 0  # "sits" (Supporter in the Shadows) is a word: initials with a vowel may spell one
MIN_SEGMENT = 4
MAX_SEGMENT_WORDS = 2
_VOWELS = frozenset("aeiouy")


def _words(name: str) -> list[str]:
    """The words of a name, hyphenated parts apart, punctuation dropped ("Harpie's" -> "Harpies")."""
    return [w for w in re.split(r"[\s\-/]+", re.sub(r"[^\w\s\-/]", "", name)) if w]


def name_initials(name: str) -> set[str]:
    """The initials a name can be shortened to (letters only; names of 3 or more words)."""
    words = _words(name)
    if len(words) < 3 or not all(w[0].isalpha() for w in words):
        return set()
    found = set()
    for variant in (words, [w for w in words if w.lower() not in SMALL_WORDS]):
        initials = "".join(w[0] for w in variant).lower()
        if len(initials) >= MIN_INITIALS and sum(c in _VOWELS for c in initials) <= MAX_INITIAL_VOWELS:
            found.add(initials)
    return found


def name_segments(name: str) -> set[str]:
    """The parts of a name written "A - B" or "A, B" that can stand for it (up to 2 words each)."""
    parts = [part.strip().strip('"!?').strip() for part in re.split(r"\s+-\s+|,\s+", name)]
    if len(parts) < 2:
        return set()
    out = {part for part in parts if 1 <= len(part.split()) <= MAX_SEGMENT_WORDS and len(name_key(part)) >= MIN_SEGMENT
           and name_key(part).isalpha()}
    for part in parts[1:]:  # "Kalut the Moon Shadow": its first word
        words = part.split()
        if len(words) > MAX_SEGMENT_WORDS and len(name_key(words[0])) >= MIN_SEGMENT and name_key(words[0]).isalpha():
            out.add(words[0])
    return out


def derived_aliases(session: Session, taken: set[str]) -> list[Alias]:
    """The derived nicknames of the store's cards as :class:`Alias` rows (``taken``: alias keys in use)."""
    rows = session.exec(select(Card.id, Card.name, Card.password)).all()
    names = {name_key(name) for _, name, _ in rows}
    name_words: dict[str, set[int]] = defaultdict(set)  # each word and pair of words of a name -> its cards
    for card_id, name, _ in rows:
        keys = [name_key(word) for word in _words(name)]
        for i, key in enumerate(keys):
            name_words[key].add(card_id)
            if i + 1 < len(keys):
                name_words[key + keys[i + 1]].add(card_id)
    # words written in lower case in the rulebooks and in card texts: English and game words ("engage")
    ordinary = ordinary_words([*session.exec(select(Section.text)).all(), *session.exec(select(Card.text)).all()])
    yielded: dict[tuple[str, str], set[int]] = defaultdict(set)
    written: dict[tuple[str, str], str] = {}
    for card_id, name, password in rows:
        if password is None:
            continue  # an unreleased or duplicate record: the released card keeps the nickname
        for kind, forms in zip(DERIVED_ALIAS_KINDS, (name_initials(name), name_segments(name))):
            for form in forms:
                key = name_key(form)
                yielded[(kind, key)].add(card_id)
                written.setdefault((kind, key), form)
    keys_by_kind = defaultdict(set)
    for kind, key in yielded:
        keys_by_kind[key].add(kind)
    out = []
    for (kind, key), cards in sorted(yielded.items()):
        others = {card for other_kind in keys_by_kind[key] for card in yielded[(other_kind, key)]}
        if len(cards) != 1 or len(others) != 1 or key in names or key in taken or key in ordinary:
            continue
        words = [w.lower() for w in _words(written[(kind, key)])]
        if kind == "segment" and (words[0] in SMALL_WORDS or len(words) > 1 and all(w in ordinary for w in words)):
            continue  # "A Shattered ...", "Steady Hands": words a sentence may hold for themselves
        (card_id,) = cards
        if name_words.get(key, set()) - {card_id}:
            continue  # words of another card's name ("Brionac", "Chaos Emperor"): which card is not said
        taken.add(key)
        out.append(Alias(alias=written[(kind, key)], alias_key=key, card_id=card_id, kind=kind))
    return out
