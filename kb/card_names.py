"""Card names in free text: the dictionary of printed names, aliases and passcodes, and the scanners.

:func:`build_name_index` reads every card name, alias and passcode of a store into a :class:`CardNameIndex`;
:func:`resolve_name` turns one written name into a card (exact normalised name, then a project alias or
former name, then a conservative fuzzy match for misspellings); :func:`resolve_passcode` does the same for
a passcode (repairing a dropped digit when the name written beside it agrees); :func:`scan_card_names`
finds whole card names in unquoted prose (longest match, capitalised as printed, never a word of rule
vocabulary).  Used by the ``links`` build step (:mod:`kb.links`) and by question understanding
(:mod:`kb.understand.mentions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein
from sqlmodel import Session, select

from .cards import preferred_order
from .models import Alias, Card, CardPassword, Section, Term
from .text import fold_quotes, name_key

__all__ = [
    "RULE_WORDS",
    "NameMatch",
    "CardNameIndex",
    "build_name_index",
    "resolve_name",
    "resolve_passcode",
    "quoted_spans",
    "ordinary_words",
    "scan_card_names",
    "word_surface",
    "term_names",
]

# Words of game vocabulary: a card name made only of these ("Synchro Material", "Pendulum Scale",
# "Chain Summon") reads as a rule phrase in prose, so it is not taken from unquoted text either.
RULE_WORDS = frozenset("""
    a an and by for from in of on the this that to with your
    summon summons summoned special normal tribute flip set synchro xyz fusion link ritual pendulum
    material materials monster monsters spell spells trap traps card cards effect effects chain chains
    tuner token tokens zone zones counter counters attack attacks defense position battle damage step
    phase draw scale gemini union toon spirit extra main quick activation equip continuous level
    rank graveyard gy deck hand field atk def attribute type icon ability method arrow arrows marker
    ocg tcg
""".split())

# The shortest name (in name_key characters) taken from unquoted text.
MIN_UNQUOTED_KEY = 4

# Fuzzy matching of a misspelt name: rapidfuzz ratio on name keys.  Short keys never match fuzzily (too
# many near neighbours); the best match must beat the runner-up by a margin and keep the name's words
# (each written word at least FUZZY_WORD_CUTOFF close to the printed one).
# Alias kinds derived from a card name's own words (importers/derived_aliases.py): the search index's card
# documents leave them out (their words are the title's); its nicknames table widens a search for one
DERIVED_ALIAS_KINDS = ("initials", "segment")
FUZZY_MIN_KEY = 7
FUZZY_CUTOFF = 88.0
FUZZY_MARGIN = 2.0
FUZZY_WORD_CUTOFF = 75.0

_TOKEN_RE = re.compile(r"\btokens?$", re.I)
_SENTENCE_END = re.compile(r"[.;!?,)\]:]$")
_SENTENCE_STOP = re.compile(r"[.;!?]$")


# --------------------------------------------------------------------------------------- name index


@dataclass(frozen=True)
class NameMatch:
    """The outcome of resolving one written name or passcode.

    ``how`` is ``exact``, ``alias``, ``plural``, ``fuzzy``, ``prefix`` (a name followed by a description),
    ``passcode``, ``passcode_repair``, ``series`` (an archetype/series name: no card), ``token`` (a Token:
    no card), ``rule`` (rule words or ordinary words: no card name) or ``none``.
    """

    card_id: int | None
    how: str
    score: float = 100.0
    detail: str = ""

    @property
    def linked(self) -> bool:
        return self.card_id is not None


@dataclass
class CardNameIndex:
    """Everything needed to turn written card names and passcodes into card ids, in memory."""

    by_key: dict[str, int] = field(default_factory=dict)  # name_key -> card id
    names: dict[int, str] = field(default_factory=dict)  # card id -> English name
    aliases: dict[str, int] = field(default_factory=dict)  # alias_key -> card id
    passwords: dict[int, int] = field(default_factory=dict)  # passcode -> card id
    series: dict[str, str] = field(default_factory=dict)  # name_key -> series name (not a card name)
    fuzzy_keys: list[str] = field(default_factory=list)
    fuzzy_ids: list[int] = field(default_factory=list)
    # key length -> (the fuzzy keys whose length can score the cut-off against it, their positions in
    # fuzzy_keys), in fuzzy_keys' order; filled as lengths are asked (:func:`_fuzzy_candidates`)
    fuzzy_by_length: dict[int, tuple[list[str], list[int]]] = field(default_factory=dict)
    # written text -> its fuzzy match (or None), for the texts tried most recently (:func:`_fuzzy`)
    fuzzy_memo: dict[str, "NameMatch | None"] = field(default_factory=dict)
    # first one or two words -> [(words, capitalised flags, phrase-break flags, card id)]: for prose
    by_start: dict[tuple[str, ...], list[tuple[tuple[str, ...], tuple[bool, ...], tuple[bool, ...], int]]] = (
        field(default_factory=dict))
    # words the books write in lower case ("honest", "then", "activate") plus RULE_WORDS: a one-word name
    # among them is not taken from unquoted text, and a candidate made only of them is no card name
    ordinary: frozenset[str] = frozenset(RULE_WORDS)
    # name keys of the books' glossary terms and section titles ("SEGOC", "Nomi", "Highlander Clause")
    terms: frozenset[str] = frozenset()

    def __len__(self) -> int:
        return len(self.by_key)


_EDGE_PUNCT = "\"'()[]{},.;:!?*"


def word_surface(word: str) -> str:
    """A word as written, lower case, without the punctuation around it (kept inside: ``z-one``)."""
    return word.strip(_EDGE_PUNCT).lower()


_HAS_ALNUM = re.compile(r"[^\W_]")


def _name_words(name: str) -> list[tuple[str, bool, bool]]:
    """(surface, starts with a capital, ends a phrase) of each word of ``name`` that has letters or
    digits."""
    out = []
    for word in fold_quotes(name).split():
        if _HAS_ALNUM.search(word) or "&" in word:
            letters = [ch for ch in word if ch.isalpha()]
            out.append((word_surface(word) or word, bool(letters) and letters[0].isupper(),
                        bool(_SENTENCE_END.search(word))))
    return out


_LOWER_WORD = re.compile(r"(?<![\w'-])[a-z][a-z'-]*[a-z](?![\w'-])")


def ordinary_words(texts) -> frozenset[str]:
    """The words written in lower case in ``texts`` (ordinary English and rule words; a hyphenated word
    and its parts), with :data:`RULE_WORDS`."""
    words = set(RULE_WORDS)
    for text in texts:
        for word in _LOWER_WORD.findall(fold_quotes(text or "")):
            words.add(word)
            if "-" in word:
                words.update(part for part in word.split("-") if part)
    return frozenset(words)


def _ordinary(index: CardNameIndex, word: str) -> bool:
    """A word of a candidate that is no card-name word: a number, a letter, an ordinary or rule word
    (or its plural)."""
    return (word.isdigit() or len(word) == 1 or word in index.ordinary
            or (word.endswith("s") and word[:-1] in index.ordinary))


def build_name_index(session: Session) -> CardNameIndex:
    """Read the card-name dictionary (names, aliases, passcodes, series) from the store, and the words
    the books write in lower case."""
    index = CardNameIndex()
    # the monster Types and Attributes are vocabulary too ("Warrior-Type")
    vocabulary = {value.lower() for row in session.exec(select(Card.monster_type, Card.attribute).distinct())
                  for value in row if value}
    index.ordinary = ordinary_words(session.exec(select(Section.text)).all()) | vocabulary
    labels = [*session.exec(select(Term.term)).all(), *session.exec(select(Section.title)).all()]
    index.terms = frozenset(key for label in labels if label for key in term_names(label) if key)
    rows = session.exec(select(Card.id, Card.name, Card.name_key, Card.password, Card.konami_id,
                               Card.series)).all()
    # a name printed on two records resolves as kb.cards does (the card with a passcode, then lowest id)
    preference = {}
    for card_id, name, key, password, konami_id, series in rows:
        key = key or name_key(name)
        rank = preferred_order(card_id, password)
        if key and (key not in preference or rank < preference[key]):
            preference[key] = rank
            index.by_key[key] = card_id
        index.names[card_id] = name
        for series_name in series or []:
            index.series.setdefault(name_key(series_name), series_name)
    for key in index.by_key:
        index.series.pop(key, None)  # a card of that exact name wins ("Yubel", "Dark Magician")
    for alias_key, card_id in session.exec(select(Alias.alias_key, Alias.card_id)).all():
        index.aliases.setdefault(alias_key, card_id)
    index.passwords = dict(session.exec(select(CardPassword.password, CardPassword.card_id)).all())
    for card_id, _name, _key, password, _kid, _series in rows:
        if password is not None:
            index.passwords.setdefault(password, card_id)
    index.fuzzy_keys = list(index.by_key)
    index.fuzzy_ids = [index.by_key[k] for k in index.fuzzy_keys]
    _fill_fuzzy_lengths(index)
    for card_id, name, key, *_ in rows:
        if index.by_key.get(key or name_key(name)) != card_id:
            continue
        words = _name_words(name)
        if words:
            surfaces = tuple(w[0] for w in words)
            entry = (surfaces, tuple(w[1] for w in words), tuple(w[2] for w in words), card_id)
            index.by_start.setdefault(surfaces[:2], []).append(entry)
    return index


def _strip_written_name(raw: str) -> str:
    text = fold_quotes(raw).strip()
    text = re.sub(r"^\d{5,9}\s+", "", text)  # passcode header "70095154 Cyber Dragon"
    text = re.sub(r"\s*\((?:[A-Z][a-z-]+ )?(?:Spell|Trap|Monster)(?: Card)?\)$", "", text)  # typed lists
    text = text.strip(" \t\"'“”‘’-•*.,;:")
    text = re.sub(r"^the\s+(?=the\b)", "", text, flags=re.I)  # the effect of The "The Wicked Dreadroot"
    return text.strip()


def _words_agree(written: str, name: str) -> bool:
    """Whether a misspelt name keeps the words of ``name``: same number of words, each one close
    (a dropped or doubled letter, not a different word such as "B." for "Baby")."""
    ours = [name_key(w) for w in fold_quotes(written).split() if name_key(w)]
    theirs = [name_key(w) for w in fold_quotes(name).split() if name_key(w)]
    if re.search(r"(?:^|\s)[A-Za-z]\.(?:\s|$)", written):
        return False  # an abbreviated word ("Red-Eyes B. Dragon") is for the alias table, not a guess
    if len(ours) != len(theirs):
        return Levenshtein.distance("".join(ours), "".join(theirs)) <= 1  # "Wattail Dragon"
    return all(a == b or fuzz.ratio(a, b) >= FUZZY_WORD_CUTOFF for a, b in zip(ours, theirs))


def _fuzzy_candidates(index: CardNameIndex, size: int) -> tuple[list[str], list[int]]:
    """The fuzzy keys a key of ``size`` characters can match: ``fuzz.ratio`` is at most
    ``200 * min / (a + b)`` for lengths ``a`` and ``b``, so a key much shorter or longer cannot reach the
    lowest score looked for (the same matches as comparing with every key, in the same order).  Every
    length a name has is computed with the index (:func:`_fill_fuzzy_lengths`); others when asked."""
    found = index.fuzzy_by_length.get(size)
    if found is None:
        lengths = np.fromiter((len(key) for key in index.fuzzy_keys), dtype=np.int32, count=len(index.fuzzy_keys))
        found = index.fuzzy_by_length.setdefault(size, _fuzzy_band(index.fuzzy_keys, lengths, size))
    return found


def _fuzzy_band(keys: list[str], lengths: "np.ndarray", size: int) -> tuple[list[str], list[int]]:
    """The keys (and their positions) whose length can reach the fuzzy cut-off against ``size``."""
    lowest = (FUZZY_CUTOFF - FUZZY_MARGIN) / 100.0
    shorter = np.minimum(lengths, size)
    positions = np.nonzero(2.0 * shorter / (lengths + size) >= lowest)[0].tolist()
    return [keys[p] for p in positions], positions


def _fill_fuzzy_lengths(index: CardNameIndex) -> None:
    """:attr:`CardNameIndex.fuzzy_by_length` for every length from :data:`FUZZY_MIN_KEY` to the longest key."""
    if not index.fuzzy_keys:
        return
    lengths = np.fromiter((len(key) for key in index.fuzzy_keys), dtype=np.int32, count=len(index.fuzzy_keys))
    for size in range(FUZZY_MIN_KEY, int(lengths.max()) + 1):
        index.fuzzy_by_length[size] = _fuzzy_band(index.fuzzy_keys, lengths, size)


FUZZY_MEMO_SIZE = 4096  # texts whose fuzzy match an index remembers (emptied when full)


def _fuzzy(index: CardNameIndex, written: str) -> NameMatch | None:
    """The card ``written`` is a clear misspelling of (None when none is), remembered per index: a question's
    spans are tried by several stages (and again when its sentence breaks are restored)."""
    memo = index.fuzzy_memo
    if written in memo:
        return memo[written]
    found = _fuzzy_match(index, written)
    if len(memo) >= FUZZY_MEMO_SIZE:
        memo.clear()
    memo[written] = found
    return found


def _fuzzy_match(index: CardNameIndex, written: str) -> NameMatch | None:
    key = name_key(written)
    if len(key) < FUZZY_MIN_KEY or not index.fuzzy_keys:
        return None
    keys, positions = _fuzzy_candidates(index, len(key))
    found = process.extract(key, keys, scorer=fuzz.ratio, limit=3, score_cutoff=FUZZY_CUTOFF - FUZZY_MARGIN)
    if not found or found[0][1] < FUZZY_CUTOFF:
        return None
    best_score, best_pos = found[0][1], positions[found[0][2]]
    rivals = [f for f in found[1:] if index.fuzzy_ids[positions[f[2]]] != index.fuzzy_ids[best_pos]]
    if rivals and best_score - rivals[0][1] < FUZZY_MARGIN:
        return None
    card_id = index.fuzzy_ids[best_pos]
    if not _words_agree(written, index.names[card_id]):
        return None
    return NameMatch(card_id, "fuzzy", best_score, index.names[card_id])


def resolve_name(index: CardNameIndex, raw: str) -> NameMatch:
    """Resolve one card name as written in a book: a glossary term made of game vocabulary → exact →
    alias/former name → series → possessive → Token → plural → name and card kind → rule words (a term,
    heading or ordinary words) → fuzzy → a card name opening the text.  Returns a :class:`NameMatch`
    (``card_id`` None when the name is no card)."""
    text = _strip_written_name(raw)
    key = name_key(text)
    if not key:
        return NameMatch(None, "none", 0.0)
    words = re.findall(r"[^\W_]+", text.lower())
    if key in index.terms and all(w in RULE_WORDS or w.isdigit() for w in words):
        return NameMatch(None, "rule", detail=text)  # "Pendulum Scale": the glossary term, not the card
    if key in index.by_key:
        return NameMatch(index.by_key[key], "exact")
    if key in index.aliases:
        return NameMatch(index.aliases[key], "alias")
    if key in index.series:
        return NameMatch(None, "series", detail=index.series[key])
    possessive = re.sub(r"(?:'s|s')$", "", text)
    if possessive != text and name_key(possessive) in index.by_key:
        return NameMatch(index.by_key[name_key(possessive)], "exact")
    if _TOKEN_RE.search(text):
        return NameMatch(None, "token", detail=text)
    for singular in (key[:-1], key[:-2]) if key.endswith("s") else ():
        if singular in index.by_key:
            return NameMatch(index.by_key[singular], "plural")
    kind_less = _KIND_SUFFIX.sub("", text)  # "Polymerization Spell": the card Polymerization
    if kind_less != text and name_key(kind_less) in index.by_key:
        return NameMatch(index.by_key[name_key(kind_less)], "exact")
    if key in index.terms or all(_ordinary(index, w) for w in words):
        return NameMatch(None, "rule", detail=text)  # "Chain Link 1", "Tuner", "SEGOC", "Then"
    return _fuzzy(index, text) or _leading_name(index, text) or NameMatch(None, "none", 0.0)


# A card-kind word closing a written name: "Polymerization Spell", "Mirror Force Trap Card".
_KIND_SUFFIX = re.compile(r"\s+(?:Spell|Trap|Monster)s?(?:\s+Cards?)?$")


def _leading_name(index: CardNameIndex, text: str) -> NameMatch | None:
    """A card name followed by what a caption says of it ("Marshmallon in Defense Position", "Bittron in
    the Graveyard"): the longest run of leading words ending in a capitalised word that is a card's
    exact name, alias or clear misspelling."""
    words = text.split()
    for end in range(len(words) - 1, 0, -1):
        if not words[end - 1][:1].isupper():
            continue
        head = " ".join(words[:end]).rstrip(",")
        key = name_key(head)
        card_id = index.by_key.get(key) or index.aliases.get(key)
        match = NameMatch(card_id, "prefix", 90.0, index.names[card_id]) if card_id else _fuzzy(index, head)
        if match:
            return NameMatch(match.card_id, "prefix", match.score, index.names[match.card_id])
    return None


def resolve_passcode(index: CardNameIndex, passcode: int, written_name: str = "") -> NameMatch:
    """Resolve a printed passcode; repair a 9-digit typo when exactly one dropped digit gives a known
    passcode (and, when a name is written beside it, the passcode of that very card)."""
    if passcode in index.passwords:
        card_id = index.passwords[passcode]
        if written_name:
            named = resolve_name(index, written_name)
            if named.linked and named.card_id != card_id and named.how == "exact":
                return NameMatch(named.card_id, "passcode_repair", 90.0,
                                 f"passcode {passcode} belongs to {index.names[card_id]!r}, "
                                 f"not to the card named beside it ({index.names[named.card_id]!r})")
        return NameMatch(card_id, "passcode")
    digits = str(passcode)
    candidates: dict[int, int] = {}  # card id -> repaired passcode
    if len(digits) > 8:
        for pos in range(len(digits)):
            shorter = int(digits[:pos] + digits[pos + 1:])
            if shorter in index.passwords:
                candidates.setdefault(index.passwords[shorter], shorter)
    named = resolve_name(index, written_name) if written_name else None
    if named is not None and named.linked:
        if not candidates:
            return NameMatch(named.card_id, "passcode_repair", 80.0,
                             f"passcode {passcode} is unknown; linked by the name written beside it "
                             f"({index.names[named.card_id]})")
        candidates = {k: v for k, v in candidates.items() if k == named.card_id}
    if len(candidates) == 1:
        (card_id, fixed), = candidates.items()
        return NameMatch(card_id, "passcode_repair", 90.0,
                         f"passcode {passcode} has {len(digits)} digits: read as {fixed:08d} "
                         f"({index.names[card_id]})")
    return NameMatch(None, "none", 0.0, f"unknown passcode {passcode}")


def quoted_spans(text: str) -> list[str]:
    """The spans between consecutive double quotes that look like quoted names.

    Spans with leading or trailing blanks are the gaps between two quotations and are dropped, which
    copes with unescaped nesting (``"Maxx "C""``) better than pairing quotes naively.
    """
    text = fold_quotes(text)
    parts = text.split('"')
    spans = []
    for inner in parts[1:-1]:
        if inner and inner == inner.strip() and len(inner) <= 80:
            spans.append(inner)
    # a name that itself holds quotes: Maxx "C"
    for match in re.finditer(r'"([^"]*?\w "[^" ]+")"', text):
        spans.append(match.group(1))
    return spans


def _text_words(text: str) -> list[tuple[str, str, bool, bool, int, int, bool]]:
    """(surface, surface without a possessive ``'s``, capitalised, ends a phrase, start, end, ends a
    sentence) of each word of a text that has letters or digits."""
    out = []
    for match in re.finditer(r"\S+", text):
        word = match.group()
        if not (_HAS_ALNUM.search(word) or "&" in word):
            continue
        surface = word_surface(word)
        bare = re.sub(r"(?<=\w)(?:'s|'d|')$", "", surface)  # Towers's, Lava Golem'd
        letters = [ch for ch in word if ch.isalpha()]
        out.append((surface, bare, bool(letters) and letters[0].isupper(), bool(_SENTENCE_END.search(word)),
                    match.start(), match.end(), bool(_SENTENCE_STOP.search(word))))
    return out


def _scannable(index: CardNameIndex, surfaces: tuple[str, ...]) -> bool:
    key = name_key(" ".join(surfaces))
    if len(key) < MIN_UNQUOTED_KEY or key.isdigit():
        return False
    if len(surfaces) == 1 and surfaces[0] in index.ordinary:
        return False  # "Honest", "Reload": the books also write the word in lower case
    return not all(word.strip("'\"") in RULE_WORDS or word.isdigit() for word in surfaces)


# A card-kind word after a name makes a class of cards, not the card: "the Polymerization Spell".
_KIND_AFTER = re.compile(r"\s+(?:Spells?|Traps?|Monsters?)\b(?!\s+Cards?\b)")


def _glued(text: str, words: list, i: int) -> bool:
    """Whether word ``i`` follows a capitalised word that is no game vocabulary, mid-sentence and with
    only a blank between: then a name starting there is the tail of a longer name ("Superior
    Polymerization")."""
    before = words[i - 1]
    if not before[2] or before[3] or before[1] in RULE_WORDS or text[before[5]:words[i][4]].strip(" "):
        return False
    return i > 1 and not words[i - 2][6] and "\n" not in text[words[i - 2][5]:before[4]]


def scan_card_names(index: CardNameIndex, text: str, *, capitalised: bool = True,
                    initial_words: bool = False, labels: frozenset[str] = frozenset()
                    ) -> list[tuple[int, int, int]]:
    """Card names written in ``text`` without quotes: ``(start, end, card_id)``, longest match first.

    A match covers whole words spelt as in the printed name (case aside; the last word may carry a
    possessive ``'s``), does not run across a sentence or clause break the name itself does not contain,
    and (with ``capitalised``) keeps the capital letters of the printed name.  Skipped: one-word names
    the books also write in lower case (:attr:`CardNameIndex.ordinary`), names made only of
    :data:`RULE_WORDS`, names shorter than :data:`MIN_UNQUOTED_KEY`, a name followed by a card-kind word
    (``Polymerization Spell``), a name glued to a capitalised word that is no vocabulary
    (``Superior Polymerization``), one-word names in ``labels`` (lower-case words: the book's own glossary
    terms and headings, e.g. Master Duel's "Honest" and "Prohibition"), and (unless ``initial_words``,
    e.g. for titles) one-word names opening a sentence.
    """
    folded = fold_quotes(text)
    words = _text_words(folded)
    found = []
    i = 0
    while i < len(words):
        best = None
        starts = {(words[i][0],), (words[i][1],), (words[i][0][:-1],)}
        if i + 1 < len(words):
            second = words[i + 1]
            starts |= {(words[i][0], second[0]), (words[i][0], second[1]), (words[i][0], second[0][:-1])}
        entries = sorted((e for start in starts for e in index.by_start.get(start, ())),
                         key=lambda e: -len(e[0]))
        for surfaces, caps, breaks, card_id in entries:
            n = len(surfaces)
            if i + n > len(words):
                continue
            window = words[i:i + n]
            if any(w[0] != k for w, k in zip(window[:-1], surfaces[:-1])):
                continue
            if surfaces[-1] not in (window[-1][0], window[-1][1]) and surfaces[-1] + "s" != window[-1][0]:
                continue  # "House Dragonmaids" names the card too
            if capitalised and any(cap and not w[2] for w, cap in zip(window, caps)):
                continue
            if any(w[3] and not brk for w, brk in zip(window[:-1], breaks[:-1])):
                continue  # "... Dark Hole. Magic ..." is no name; "Apollousa, Bow of the Goddess" is
            if not _scannable(index, surfaces):
                continue
            if n == 1 and not initial_words and (i == 0 or words[i - 1][6]):
                continue  # a one-word name opening a sentence may be an ordinary word
            if n == 1 and surfaces[0] in labels:
                continue  # the book's own term or heading ("Honest", "Prohibition")
            if _KIND_AFTER.match(folded, window[-1][5]):
                continue
            if i > 0 and _glued(folded, words, i):
                continue  # "Superior Polymerization": part of a longer name the dictionary lacks
            best = (window[0][4], window[-1][5], card_id, n)
            break  # entries are sorted longest first
        if best:
            found.append(best[:3])
            i += best[3]
        else:
            i += 1
    return found


def term_names(term: str) -> list[str]:
    """The names of a glossary term: ``"Control / Possess"`` -> both; ``"Battle(d)"`` -> ``Battle``."""
    names = []
    for part in re.split(r"\s*/\s*|\s+or\s+", term):
        part = re.sub(r"\(.*?\)", "", part).strip()
        if part:
            names.append(name_key(part))
    return names
