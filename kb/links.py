"""Links between records: the ``links`` build step.

Runs after the rulebook, card and ruling steps and connects what they imported:

* **card mentions** written in the rulebooks (:class:`~kb.models.CardMention`) get their ``card_id``:
  passcodes through :class:`~kb.models.CardPassword` (leading zeros lost in the text are harmless since
  passcodes are integers; a 9-digit typo is repaired when exactly one dropped digit gives a passcode of the
  card named beside it, and the repair is recorded), names through the card-name dictionary (exact
  normalised name, then a project alias or former name, then a conservative fuzzy match for misspellings,
  recorded as a ``variant_spelling`` problem).  The importers record what the text *marks* as a name
  (quotes, caption and list items); a comma list (kind ``"list"``) is split here at the commas that
  separate cards.  Archetype/series names (``"Blue-Eyes"``), Token names and rule words (``"Chain Link 1"``,
  ``"Tuner"``: every word game vocabulary or written in lower case somewhere in the books) link to nothing
  and are counted apart.  Every mention left unlinked becomes a ``ParseProblem(kind="unlinked_card")`` with
  its file and line.  In the books whose card names are mostly written unquoted
  (:data:`UNQUOTED_NAME_SOURCES`), section texts are also scanned for whole card names (longest match,
  capitalised as printed) and the finds are stored as mentions of kind ``"scanned"``.
* **cited rulings** (:class:`~kb.models.RulingCitation`, e.g. YGOrg titles) link to the cards their titles
  name (:class:`~kb.models.CitationCard`).
* **rulings ↔ rule sections** (:class:`~kb.models.RulingSection`) through the curated topic table
  ``data/topics.toml``: a ruling whose text uses one of a topic's phrases links to the topic's sections,
  with the phrase as the recorded reason.
* **conflicts** (:class:`~kb.models.Conflict`, :class:`~kb.models.ConflictSide`) from the curated
  ``data/conflicts.toml``; an unknown section id fails the build naming the conflict and the id.
* **same-topic links** (:class:`~kb.models.TopicLink`) between sections of different books: curated
  topics, terms defined in several books, identical section titles, and duplicated sections.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein
from sqlalchemy import insert
from sqlmodel import Session, select

from .cards import preferred_order
from .config import REPO_ROOT
from .errors import KbError
from .models import (Alias, BuildInfo, Card, CardMention, CardPassword, CitationCard, Conflict, ConflictSide,
                     ParseProblem, Ruling, RulingCitation, RulingSection, Section, Source, Term,
                     TopicLink)
from .text import fold_quotes, name_key

__all__ = [
    "TOPICS_FILE",
    "CONFLICTS_FILE",
    "UNQUOTED_NAME_SOURCES",
    "NameMatch",
    "CardNameIndex",
    "build_name_index",
    "resolve_name",
    "resolve_passcode",
    "quoted_spans",
    "ordinary_words",
    "split_name_list",
    "scan_card_names",
    "Topic",
    "load_topics",
    "load_conflicts",
    "link_mentions",
    "scan_unquoted_mentions",
    "link_citations",
    "link_rulings_to_sections",
    "store_conflicts",
    "link_same_topic",
    "link_records",
    "link_rate",
]

TOPICS_FILE = REPO_ROOT / "data" / "topics.toml"
CONFLICTS_FILE = REPO_ROOT / "data" / "conflicts.toml"

# Books that write many card names without quotes (the notes: prb2017 §3.1, seeds-002-004 §3), so their
# section texts are scanned for whole card names as well.  Community quotes every name.
UNQUOTED_NAME_SOURCES = ("prb2017", "tcg-v10", "cr-draft", "md")

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


def _surface(word: str) -> str:
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
            out.append((_surface(word) or word, bool(letters) and letters[0].isupper(),
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
    index.terms = frozenset(key for label in labels if label for key in _term_names(label) if key)
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


def _fuzzy(index: CardNameIndex, written: str) -> NameMatch | None:
    key = name_key(written)
    if len(key) < FUZZY_MIN_KEY or not index.fuzzy_keys:
        return None
    found = process.extract(key, index.fuzzy_keys, scorer=fuzz.ratio, limit=3,
                            score_cutoff=FUZZY_CUTOFF - FUZZY_MARGIN)
    if not found or found[0][1] < FUZZY_CUTOFF:
        return None
    _key, best_score, best_pos = found[0]
    rivals = [f for f in found[1:] if index.fuzzy_ids[f[2]] != index.fuzzy_ids[best_pos]]
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
        surface = _surface(word)
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


# --------------------------------------------------------------------------------------- data files


@dataclass
class Topic:
    """A rule topic: the sections that treat it in each book and the phrases that name it in rulings."""

    id: str
    title: str
    sections: list[str]
    phrases: list[str] = field(default_factory=list)
    pattern: re.Pattern | None = None


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise KbError(f"{path}: cannot read: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise KbError(f"{path}: not valid TOML: {exc}") from exc


def _phrase_pattern(phrases: list[str]) -> re.Pattern | None:
    if not phrases:
        return None
    alternatives = sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+")
                                                  for p in alternatives) + r")s?(?![\w-])", re.I)


def load_topics(path: Path | str = TOPICS_FILE) -> list[Topic]:
    """Read the curated topic table (``data/topics.toml``)."""
    data = _read_toml(Path(path))
    topics, seen = [], set()
    for number, entry in enumerate(data.get("topic", []), 1):
        topic_id = entry.get("id")
        if not topic_id or not entry.get("sections"):
            raise KbError(f"{path}: topic #{number} needs an id and sections (got {entry!r})")
        if topic_id in seen:
            raise KbError(f"{path}: topic id {topic_id!r} is used twice")
        seen.add(topic_id)
        phrases = list(entry.get("phrases", []))
        topics.append(Topic(topic_id, entry.get("title", topic_id), list(entry["sections"]), phrases,
                            _phrase_pattern(phrases)))
    return topics


def load_conflicts(path: Path | str = CONFLICTS_FILE) -> list[dict]:
    """Read the curated conflicts (``data/conflicts.toml``): id, topic, summary and at least two sides."""
    data = _read_toml(Path(path))
    conflicts, seen = [], set()
    for number, entry in enumerate(data.get("conflict", []), 1):
        missing = [k for k in ("id", "topic", "summary") if not entry.get(k)]
        if missing:
            raise KbError(f"{path}: conflict #{number} lacks {', '.join(missing)}")
        if entry["id"] in seen:
            raise KbError(f"{path}: conflict id {entry['id']!r} is used twice")
        seen.add(entry["id"])
        sides = entry.get("side", [])
        if len(sides) < 2 or any(not s.get("section") or not s.get("position") for s in sides):
            raise KbError(f"{path}: conflict {entry['id']!r} needs at least two sides, each with a "
                          f"section and a position")
        conflicts.append({"id": entry["id"], "topic": entry["topic"], "summary": entry["summary"],
                          "sides": [{"section": s["section"], "position": s["position"]} for s in sides]})
    return conflicts


def _check_sections(session: Session, where: str, wanted: dict[str, str]) -> None:
    """Fail loudly when a curated file names a section id that does not exist."""
    known = set(session.exec(select(Section.id)).all())
    bad = {sid: owner for sid, owner in wanted.items() if sid not in known}
    if not bad:
        return
    loaded = {sid.split(":", 1)[0] for sid in known}
    messages = []
    for sid, owner in sorted(bad.items()):
        source = sid.split(":", 1)[0]
        if source not in loaded:
            continue  # a partial build (--only) does not hold that book
        close = process.extract(sid, [k for k in known if k.startswith(source + ":")], limit=3,
                                scorer=fuzz.ratio)
        hint = ", ".join(m for m, score, _ in close if score >= 60)
        messages.append(f"{owner}: unknown section {sid!r}" + (f" (did you mean {hint}?)" if hint else ""))
    if messages:
        raise KbError(f"{where}: {len(messages)} unknown section id(s): " + "; ".join(messages))


# --------------------------------------------------------------------------------------- linking


def _source_files(session: Session) -> dict[str, str]:
    return dict(session.exec(select(Source.id, Source.file)).all())


def link_rate(linked: int, countable: int) -> str:
    """A linking rate as printed in the build summary (``"96.4%"``)."""
    return f"{100.0 * linked / countable:.1f}%" if countable else "-"


def split_name_list(index: CardNameIndex, written: str) -> list[str]:
    """The card names of a comma list as an importer recorded it (``"Mystical Space Typhoon, Forbidden
    Lance"``): consecutive items are kept together where together they are a card's exact name or alias
    (``"Yellow Baboon, Archer of the Forest"``); an item that is no card name splits at ``and``."""
    items = []
    for item in (item.strip() for item in written.split(",")):
        parts = re.split(r"\s+and\s+", item)
        if len(parts) > 1 and name_key(item) not in index.by_key and all(p[:1].isupper() for p in parts):
            items.extend(parts)  # "Bixi, Water of the Yang Zing and Mystery Shell Dragon"
        elif item:
            items.append(item)
    names, i = [], 0
    while i < len(items):
        for j in range(len(items), i + 1, -1):
            key = name_key(", ".join(items[i:j]))
            if key in index.by_key or key in index.aliases:
                names.append(", ".join(items[i:j]))
                i = j
                break
        else:
            names.append(items[i])
            i += 1
    return names


def _expand_lists(session: Session, index: CardNameIndex) -> None:
    """Replace each ``kind="list"`` mention by one ``kind="name"`` mention per name it holds."""
    for mention in session.exec(select(CardMention).where(CardMention.kind == "list")).all():
        names = split_name_list(index, mention.raw)
        mention.kind, mention.raw = "name", names[0] if names else mention.raw
        session.add(mention)
        for name in names[1:]:
            session.add(CardMention(section_id=mention.section_id, raw=name, kind="name", line=mention.line))
    session.flush()


def link_mentions(session: Session, index: CardNameIndex) -> dict[str, Counter]:
    """Set ``card_id`` on every rulebook card mention; record repairs, misspellings and unlinked mentions
    as problems.  Comma lists (``kind="list"``) are first split into names (:func:`split_name_list`).

    Returns, per source, a counter of outcomes (``mentions``, ``linked``, ``series``, ``tokens``,
    ``rules``, ``unlinked``, ``repairs``, ``fuzzy``).
    """
    _expand_lists(session, index)
    files = _source_files(session)
    source_of = dict(session.exec(select(Section.id, Section.source_id)).all())
    stats: dict[str, Counter] = defaultdict(Counter)
    cache: dict[tuple[str, int | None, str], NameMatch] = {}
    for mention in session.exec(select(CardMention).where(CardMention.kind != "scanned")).all():
        source_id = source_of.get(mention.section_id, mention.section_id.split(":", 1)[0])
        counts = stats[source_id]
        counts["mentions"] += 1
        cache_key = (mention.kind, mention.passcode, mention.raw)
        if cache_key not in cache:
            if mention.kind == "series":  # the text uses the name as an archetype ("Yubel" monsters)
                cache[cache_key] = NameMatch(None, "series", detail=mention.raw)
            elif mention.kind == "passcode" and mention.passcode is not None:
                cache[cache_key] = resolve_passcode(index, mention.passcode, mention.raw)
            else:
                cache[cache_key] = resolve_name(index, mention.raw)
        match = cache[cache_key]
        mention.card_id = match.card_id
        if match.how == "series":
            counts["series"] += 1
        elif match.how == "token":
            counts["tokens"] += 1
        elif match.how == "rule":
            counts["rules"] += 1
        elif match.linked:
            counts["linked"] += 1
            if match.how == "fuzzy":
                counts["fuzzy"] += 1
                session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""),
                                         line=mention.line, kind="variant_spelling",
                                         message=f"card name {mention.raw!r} is a misspelling of "
                                                 f"{index.names[match.card_id]!r}",
                                         excerpt=mention.raw[:300]))
            if match.how == "passcode_repair":
                counts["repairs"] += 1
                session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""),
                                         line=mention.line, kind="repair", message=match.detail,
                                         excerpt=mention.raw[:300]))
        else:
            counts["unlinked"] += 1
            why = match.detail or "no card of that name"
            session.add(ParseProblem(source_id=source_id, file=files.get(source_id, ""), line=mention.line,
                                     kind="unlinked_card",
                                     message=f"card mention {mention.raw!r} in {mention.section_id} "
                                             f"links to no card: {why}",
                                     excerpt=mention.raw[:300]))
        session.add(mention)
    session.flush()
    return stats


def _spans_of(text: str, names: set[str]) -> list[tuple[int, int]]:
    """Where the whole-word occurrences of ``names`` lie in ``text``."""
    return [(m.start(), m.end()) for name in names
            for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text)]


def scan_unquoted_mentions(session: Session, index: CardNameIndex,
                           sources: tuple[str, ...] = UNQUOTED_NAME_SOURCES) -> Counter:
    """Add ``kind="scanned"`` mentions for card names written unquoted in the section titles and texts
    of ``sources`` (skipping cards a section already mentions).  Returns the number added per source."""
    added: Counter = Counter()
    already = defaultdict(set)
    read: dict[str, set[str]] = defaultdict(set)  # the card names each section's importer recorded
    archetypes: dict[str, set[str]] = defaultdict(set)  # and the names it uses as archetypes
    for section_id, card_id, raw, kind in session.exec(select(CardMention.section_id, CardMention.card_id,
                                                              CardMention.raw, CardMention.kind)).all():
        if card_id is not None:
            already[section_id].add(card_id)
        if kind == "name" and raw and card_id is not None:
            read[section_id].add(raw)
        elif kind == "series" and raw:
            archetypes[section_id].add(raw)
    sections = session.exec(select(Section).where(Section.source_id.in_(sources))
                            .order_by(Section.source_id, Section.order)).all()
    labels: dict[str, set[str]] = defaultdict(set)  # one-word glossary terms and headings of each book
    for source_id, label in [*session.exec(select(Term.source_id, Term.term)).all(),
                             *((s.source_id, s.title) for s in sections)]:
        if label and len(label.split()) == 1:
            labels[source_id].add(_surface(fold_quotes(label)))
    for section in sections:
        seen = already[section.id]
        title, text = section.title or "", section.text or ""
        # a name inside a longer name the importer read is no mention ("Numbing Grub in the Ice Barrier")
        covered = _spans_of(text, read[section.id])
        archetype = [(m.start(), m.end()) for name in archetypes[section.id]  # the quoted occurrences
                     for m in re.finditer("[\"']" + re.escape(name) + "[\"']", text)]
        own = frozenset(labels[section.source_id])
        finds = [(title, start, end, card_id, section.line)
                 for start, end, card_id in scan_card_names(index, title, labels=own)]
        for start, end, card_id in scan_card_names(index, text, labels=own):
            if any(a <= start and end <= b and b - a > end - start for a, b in covered):
                continue
            if any(a < end and start < b for a, b in archetype):
                continue  # "Ancient Gear" monsters
            # the heading's line plus the text lines before the name
            line = None if section.line is None else section.line + text.count("\n", 0, start)
            finds.append((text, start, end, card_id, line))
        for written, start, end, card_id, line in finds:
            if card_id in seen:
                continue
            seen.add(card_id)
            session.add(CardMention(section_id=section.id, raw=written[start:end], kind="scanned",
                                    card_id=card_id, line=line))
            added[section.source_id] += 1
    session.flush()
    return added


def link_citations(session: Session, index: CardNameIndex) -> Counter:
    """Link each cited ruling (``RulingCitation``) to the cards its title names: quoted names first,
    then whole card names written unquoted in the title."""
    counts: Counter = Counter()
    for citation in session.exec(select(RulingCitation)).all():
        counts["citations"] += 1
        title = citation.raw_title or citation.title
        cards = []
        for span in quoted_spans(title):
            match = resolve_name(index, span)
            if match.linked:
                cards.append(match.card_id)
        for _start, _end, card_id in scan_card_names(index, title, initial_words=True):
            cards.append(card_id)
        distinct = list(dict.fromkeys(cards))
        for card_id in distinct:
            session.add(CitationCard(citation_id=citation.id, card_id=card_id))
        counts["with_cards"] += bool(distinct)
        counts["links"] += len(distinct)
    session.flush()
    return counts


def _ruling_text(ruling: Ruling) -> str:
    if ruling.text_language != "en":
        return ""
    return "\n".join(part for part in (ruling.title, ruling.question, ruling.answer) if part)


def link_rulings_to_sections(session: Session, topics: list[Topic]) -> Counter:
    """Link rulings to the sections of every topic whose phrases their English text uses."""
    counts: Counter = Counter()
    known = set(session.exec(select(Section.id)).all())
    usable = []
    for topic in topics:
        sections = [s for s in topic.sections if s in known]
        if topic.pattern is not None and sections:
            needles = {" ".join(p.lower().split()) for p in topic.phrases}
            usable.append((topic, sections, needles))
    rows = []
    for ruling in session.exec(select(Ruling)).all():
        text = " ".join(_ruling_text(ruling).split())
        if not text:
            continue
        lower = text.lower()
        linked = {}
        for topic, sections, needles in usable:
            if not any(needle in lower for needle in needles):
                continue  # cheap test before the whole-word pattern
            found = topic.pattern.search(text)
            if not found:
                continue
            counts[topic.id] += 1
            reason = f"{topic.id}: the ruling says {found.group()!r}"
            for section_id in sections:
                linked.setdefault(section_id, reason)
        rows.extend({"ruling_id": ruling.id, "section_id": section_id, "reason": reason}
                    for section_id, reason in linked.items())
        counts["rulings_linked"] += bool(linked)
    if rows:
        session.execute(insert(RulingSection.__table__), rows)
    counts["links"] = len(rows)
    session.flush()
    return counts


def store_conflicts(session: Session, conflicts: list[dict], where: str = str(CONFLICTS_FILE)) -> int:
    """Validate the curated conflicts against the store and write them; returns how many were written.

    :raises KbError: naming the conflict and the section id when a side points at no section.
    """
    wanted = {side["section"]: f"conflict {c['id']!r}" for c in conflicts for side in c["sides"]}
    _check_sections(session, where, wanted)
    known = set(session.exec(select(Section.id)).all())
    written = 0
    for conflict in conflicts:
        sides = [s for s in conflict["sides"] if s["section"] in known]
        if len(sides) < 2:
            continue  # partial build: one side's book was not imported
        session.add(Conflict(id=conflict["id"], topic=conflict["topic"], summary=conflict["summary"]))
        for side in sides:
            session.add(ConflictSide(conflict_id=conflict["id"], section_id=side["section"],
                                     position=side["position"]))
        written += 1
    session.flush()
    return written


# Section titles that say nothing about the topic: never a reason for a same-topic link.
GENERIC_TITLES = frozenset(name_key(t) for t in (
    "Example", "Examples", "Introduction", "Notes", "Note", "References", "General", "FAQ", "Other Rules",
    "Contents", "Table of Contents", "Sources", "Glossary", "Terminology", "Overview", "Summary",
    "Getting Started", "Game Cards", "How to Play", "Properties", "Rules", "Effect", "Situation",
))


def _term_names(term: str) -> list[str]:
    """The names of a glossary term: ``"Control / Possess"`` -> both; ``"Battle(d)"`` -> ``Battle``."""
    names = []
    for part in re.split(r"\s*/\s*|\s+or\s+", term):
        part = re.sub(r"\(.*?\)", "", part).strip()
        if part:
            names.append(name_key(part))
    return names


def link_same_topic(session: Session, topics: list[Topic]) -> Counter:
    """Write ``TopicLink`` rows: curated topics, terms defined in several books, identical section
    titles in different books, and duplicated sections.  Returns counts per reason."""
    sections = {s.id: s for s in session.exec(select(Section)).all()}
    pairs: dict[tuple[str, str], str] = {}
    counts: Counter = Counter()

    def add(a: str, b: str, topic: str, reason: str, same_book_ok: bool = False) -> None:
        if a == b or a not in sections or b not in sections:
            return
        if not same_book_ok and sections[a].source_id == sections[b].source_id:
            return
        key = (a, b) if a < b else (b, a)
        if key not in pairs:
            pairs[key] = topic
            counts[reason] += 1

    for topic in topics:
        ids = [s for s in topic.sections if s in sections]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, topic.id, "curated")
    by_term = defaultdict(set)
    for term in session.exec(select(Term)).all():
        if term.section_id:
            for key in _term_names(term.term):
                if len(key) >= 4:
                    by_term[key].add(term.section_id)
    for key, ids in sorted(by_term.items()):
        ids = sorted(ids)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, f"term:{key}", "term")
    by_title = defaultdict(list)
    for section in sections.values():
        key = name_key(section.title or "")
        if len(key) >= 6 and key not in GENERIC_TITLES and section.kind not in ("page", "example"):
            by_title[key].append(section.id)
    for key, ids in sorted(by_title.items()):
        books = {sections[s].source_id for s in ids}
        if len(books) < 2 or len(ids) > 6:
            continue  # one book only, or a title too common to mean one topic
        ids = sorted(ids)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                add(a, b, f"title:{sections[a].title}", "title")
    for section in sections.values():
        if section.duplicate_of:
            add(section.id, section.duplicate_of, "duplicate", "duplicate", same_book_ok=True)
    for (a, b), topic in sorted(pairs.items()):
        session.add(TopicLink(section_a=a, section_b=b, topic=topic[:200]))
    session.flush()
    return counts


# --------------------------------------------------------------------------------------- build step


def _validate_links(ctx) -> list[str]:
    """Validator run by the ``validate`` step: every link points at a record that exists."""
    session: Session = ctx.session
    cards = set(session.exec(select(Card.id)).all())
    sections = set(session.exec(select(Section.id)).all())
    errors = []
    for mention_id, card_id in session.exec(select(CardMention.id, CardMention.card_id)
                                            .where(CardMention.card_id.is_not(None))).all():
        if card_id not in cards:
            errors.append(f"card mention {mention_id} points at unknown card {card_id}")
    for conflict_id, section_id in session.exec(select(ConflictSide.conflict_id,
                                                       ConflictSide.section_id)).all():
        if section_id not in sections:
            errors.append(f"conflict {conflict_id} points at unknown section {section_id}")
    for ruling_id, section_id in session.exec(select(RulingSection.ruling_id,
                                                     RulingSection.section_id)).all():
        if section_id not in sections:
            errors.append(f"ruling {ruling_id} points at unknown section {section_id}")
    return errors[:20]


def link_records(ctx) -> None:
    """Build step ``links``: card mentions, cited rulings, ruling↔section topics, conflicts and
    same-topic links (see the module docstring).  Adds per-book linking rates to the build summary."""
    session: Session = ctx.session
    index = build_name_index(session)
    if not len(index):
        ctx.log("links: no cards in the store (run the cards step first); card mentions stay unlinked")
    stats = link_mentions(session, index) if len(index) else defaultdict(Counter)
    scanned = scan_unquoted_mentions(session, index) if len(index) else Counter()
    for source_id in sorted(set(stats) | set(scanned)):
        counts = stats[source_id]
        countable = counts["mentions"] - counts["series"] - counts["tokens"] - counts["rules"]
        ctx.add_summary(source_id, mentions=counts["mentions"], linked=counts["linked"],
                        link_rate=link_rate(counts["linked"], countable))
        ctx.log(f"links: {source_id}: {counts['linked']}/{countable} card mentions linked "
                f"({counts['fuzzy']} by fuzzy match, {counts['repairs']} repaired passcodes), "
                f"{counts['unlinked']} unlinked, {counts['series']} series names, {counts['tokens']} "
                f"Token names, {counts['rules']} rule words, {scanned[source_id]} more names found unquoted")
        if countable:
            session.add(BuildInfo(key=f"link_rate:{source_id}",
                                  value=f"{100.0 * counts['linked'] / countable:.1f}"))
    citations = link_citations(session, index) if len(index) else Counter()
    ctx.log(f"links: {citations['with_cards']}/{citations['citations']} cited rulings name a card "
            f"({citations['links']} links)")
    topics = load_topics(ctx.state.get("topics_file", TOPICS_FILE))
    _check_sections(session, str(ctx.state.get("topics_file", TOPICS_FILE)),
                    {sid: f"topic {t.id!r}" for t in topics for sid in t.sections})
    rulings = link_rulings_to_sections(session, topics)
    ctx.log(f"links: {rulings['rulings_linked']} rulings linked to rule sections ({rulings['links']} links)")
    conflicts_file = ctx.state.get("conflicts_file", CONFLICTS_FILE)
    written = store_conflicts(session, load_conflicts(conflicts_file), str(conflicts_file))
    same = link_same_topic(session, topics)
    ctx.log(f"links: {written} conflicts; same-topic links {dict(same)}")
    ctx.state.setdefault("validators", []).append(_validate_links)
    ctx.state["links"] = {"mentions": {k: dict(v) for k, v in stats.items()}, "scanned": dict(scanned),
                          "citations": dict(citations), "rulings": dict(rulings), "conflicts": written,
                          "same_topic": dict(same)}
    session.commit()
