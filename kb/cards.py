"""Card queries and the card-name resolver.

:func:`resolve_card` turns what a player types into one card, trying in order:

1. the exact name (case, accents, punctuation and spacing ignored: :func:`kb.text.name_key`), English or
   Japanese;
2. an alias from ``data/aliases.toml`` (abbreviations, nicknames, former names);
3. a number: a passcode (leading zeros optional), else a Konami id; ``%N``/``kid:N`` force a Konami id,
   ``#N``/``password:N`` a passcode and ``id:N`` the knowledge base's card id;
4. a fuzzy match over the words of every name (:class:`NameIndex`): each typed word matches a name's
   word exactly, as a prefix (``gravekeeper`` -> ``Gravekeeper's``), as a plural, or with a typo
   (rapidfuzz); a card scores by how much of the query it explains and how much of its own name is
   covered, with a bonus when the first words agree.  Several cards about as good -> :class:`AmbiguousError`
   (``"tearlaments"``); nothing good enough -> :class:`NotFoundError` with suggestions.

Several cards can share an English name (see ``docs/cards-and-names.md``): the name means the one with a
passcode (a released, playable card), then the lowest card id; the others stay reachable by id.

The index is built once per process and knowledge base file (rebuilt when the file changes).
"""

from __future__ import annotations

import bisect
import heapq
import json
import re
import unicodedata
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process
from sqlalchemy import JSON
from sqlmodel import Session, select

from .errors import AmbiguousError, NotFoundError
from .models import Alias, Card, CardPassword, Ruling, RulingCard
from .text import fold_quotes, name_key
from .version_cache import RecentByVersion, VersionCache, session_store, session_version

__all__ = [
    "NameIndex",
    "NameMatch",
    "name_index",
    "name_tokens",
    "name_spelling",
    "preferred_order",
    "resolve_card",
    "card_by_id",
    "match_name",
    "get_card",
    "card_to_dict",
    "card_rulings",
    "autocomplete",
]

# words that carry no identity in a card name ("The Winged Dragon of Ra" -> winged, dragon, ra)
STOPWORDS = frozenset({"the", "of", "a", "an", "and", "to", "in", "on", "with", "from", "for", "at", "by"})

# scoring of the fuzzy stage (see NameIndex.rank)
QUERY_WEIGHT = 0.7  # share of the score for how much of the query a name explains
NAME_WEIGHT = 0.3  # share for how much of the name the query covers
FIRST_WORD_BONUS = 0.03  # the first typed word matches the name's first word
ACCEPT = 0.72  # below this the best card is only a suggestion
MARGIN = 0.06  # a runner-up closer than this makes the answer ambiguous
TIE = 0.005  # two complete matches closer than this are a tie ("kuribo": Kuriboh, Kuribon, Kuriboo)
CANDIDATE_BAND = 0.12  # candidates listed for an ambiguous query: within this of the best
COMPLETE_QUALITY = 0.8  # every typed word matched at least this well (a typo with fuzz.ratio >= 84)
EXACT, PREFIX_MIN, PLURAL, TYPO_SCALE = 1.0, 0.8, 0.95, 0.95  # word-match qualities
MAX_CANDIDATES = 10
KNOWN_WORD_GROWTH = 3  # a typed word that is a whole word of some name also stands for words <= 3 letters longer
RANK_DEPTH = 50  # candidates kept after scoring

# number prefixes -> what the number is
NUMBER_KINDS = {"%": "konami", "kid:": "konami", "konami:": "konami", "id:": "card", "#": "password",
                "password:": "password", "passcode:": "password"}
_NUMBER = re.compile(r"^\s*(%|kid:|konami:|id:|#|password:|passcode:)?\s*(\d{1,10})\s*$", re.I)


def name_tokens(text: str) -> list[str]:
    """The words of a name for fuzzy matching: lower case, no accents or apostrophes, & -> and."""
    text = unicodedata.normalize("NFKD", fold_quotes(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("'", "").replace("&", " and ")
    return [token for token in re.split(r"[^0-9a-z]+", text) if token]


def name_spelling(name: str) -> str:
    """A name as spelled, for telling apart names that differ only in punctuation: lower case, accents and
    curly quotes folded, runs of spaces one space; punctuation kept ("H.E.R.O. Flash!" -> "h.e.r.o. flash!")."""
    text = unicodedata.normalize("NFKD", fold_quotes(name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return " ".join(text.split())


def _spaced(spelling: str) -> str:
    return " ".join(re.split(r"[^0-9a-z\u3040-\u30ff\u4e00-\u9fff]+", spelling)).strip()


def _content(tokens: list[str]) -> list[str]:
    kept = [t for t in tokens if t not in STOPWORDS]
    return kept or tokens


def preferred_order(card_id: int, password: int | None) -> tuple:
    """Sort key choosing among cards that share a name: one with a passcode first, then the lowest id."""
    return (password is None, card_id)


@dataclass(frozen=True)
class NameMatch:
    """The outcome of resolving a query: the card, its name, how it was found and the fuzzy score."""

    card_id: int
    name: str
    how: str  # name | name_ja | alias | password | konami_id | card_id | fuzzy
    score: float = 1.0


@dataclass
class NameIndex:
    """Everything the resolver needs, in memory: exact keys, aliases, numbers and a word index."""

    names: list[str] = field(default_factory=list)  # position -> display name
    ids: list[int] = field(default_factory=list)  # position -> card id
    content: list[tuple[str, ...]] = field(default_factory=list)  # position -> content words
    exact: dict[str, int] = field(default_factory=dict)  # name_key -> card id
    exact_ja: dict[str, int] = field(default_factory=dict)
    aliases: dict[str, int] = field(default_factory=dict)  # alias_key -> card id
    passwords: dict[int, int] = field(default_factory=dict)
    konami: dict[int, int] = field(default_factory=dict)
    card_ids: set[int] = field(default_factory=set)
    postings: dict[str, list[int]] = field(default_factory=dict)  # word -> positions
    vocab: list[str] = field(default_factory=list)  # sorted words (prefix search)
    keys: list[tuple[str, int]] = field(default_factory=list)  # sorted (name_key, position)
    key_list: list[str] = field(default_factory=list)  # the name keys of ``keys``, same order
    # names that differ only in punctuation ("H.E.R.O. Flash!" / "Hero Flash!!") share a name_key:
    # name_key -> [(spelling, card id)], best first, for such keys only (see :func:`name_spelling`)
    spellings: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    name_of: dict[int, str] = field(default_factory=dict)  # card id -> name
    ja_name_of: dict[int, str] = field(default_factory=dict)  # card id -> Japanese name
    _by_length_cache: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_session(cls, session: Session) -> "NameIndex":
        """Build the index from the cards, passcodes and aliases of a knowledge base."""
        rows = session.exec(select(Card.id, Card.name, Card.name_key, Card.name_ja, Card.password,
                                   Card.konami_id)).all()
        passwords = session.exec(select(CardPassword.password, CardPassword.card_id)).all()
        aliases = session.exec(select(Alias.alias_key, Alias.card_id)).all()
        return cls.build(rows, passwords, aliases)

    @classmethod
    def build(cls, cards, passwords=(), aliases=()) -> "NameIndex":
        """Build from ``(id, name, name_key, name_ja, password, konami_id)`` rows, passcode and alias pairs."""
        index = cls()
        by_key: dict[str, list] = {}
        for card_id, name, key, name_ja, password, konami_id in cards:
            index.card_ids.add(card_id)
            index.name_of[card_id] = name
            if name_ja:
                index.ja_name_of[card_id] = name_ja
            if konami_id is not None:
                index.konami[konami_id] = card_id
            by_key.setdefault(key or name_key(name), []).append((preferred_order(card_id, password),
                                                                card_id, name, name_ja))
        for key, group in by_key.items():
            group.sort()
            index.exact[key] = group[0][1]
            spelled: dict[str, tuple[int, str]] = {}  # spelling -> best card with it (group is sorted)
            for _, card_id, name, _ in group:
                spelled.setdefault(name_spelling(name), (card_id, name))
            if len(spelled) > 1:
                index.spellings[key] = [(spelling, card_id) for spelling, (card_id, _) in spelled.items()]
            for card_id, name in spelled.values():  # every distinct spelling can be found and completed
                position = len(index.names)
                index.names.append(name)
                index.ids.append(card_id)
                words = name_tokens(name)
                index.content.append(tuple(_content(words)))
                for word in set(words):
                    index.postings.setdefault(word, []).append(position)
                index.keys.append((key, position))
            for _, other_id, _, name_ja in group:
                ja_key = name_key(name_ja or "")
                if ja_key and ja_key not in index.exact_ja:
                    index.exact_ja[ja_key] = other_id
        for password, card_id in passwords:
            index.passwords[password] = card_id
        for alias_key, card_id in aliases:
            index.aliases[alias_key] = card_id
        index.vocab = sorted(index.postings)
        index.keys.sort()
        index.key_list = [key for key, _ in index.keys]
        return index

    # ----------------------------------------------------------------------------- exact stages

    def _number(self, query: str) -> NameMatch | None:
        found = _NUMBER.match(query)
        if not found:
            return None
        prefix, number = (found.group(1) or "").lower(), int(found.group(2))
        kind = NUMBER_KINDS.get(prefix)
        tries = [kind] if kind else ["password", "konami"]
        tables = {"password": (self.passwords, "password"), "konami": (self.konami, "konami_id"),
                  "card": ({i: i for i in self.card_ids} if number in self.card_ids else {}, "card_id")}
        for kind in tries:
            table, how = tables[kind]
            if number in table:
                card_id = table[number]
                return NameMatch(card_id, self.name_of[card_id], how)
        return None

    def lookup(self, query: str) -> NameMatch | None:
        """The exact stages only: name, Japanese name, alias, number. None when none applies."""
        key = name_key(query)
        if key in self.spellings:
            card_id = self._closest_spelling(query, self.spellings[key])
            return NameMatch(card_id, self.name_of[card_id], "name")
        if key in self.exact:
            card_id = self.exact[key]
            return NameMatch(card_id, self.name_of[card_id], "name")
        if key in self.exact_ja:
            card_id = self.exact_ja[key]
            return NameMatch(card_id, self.name_of[card_id], "name_ja")
        if key in self.aliases:
            card_id = self.aliases[key]
            return NameMatch(card_id, self.name_of[card_id], "alias")
        return self._number(query)

    @staticmethod
    def _closest_spelling(query: str, spellings: list[tuple[str, int]]) -> int:
        """Among names equal but for punctuation, the one spelled as typed: the exact spelling (case, accents
        and spacing ignored), else the one closest with punctuation read as spaces, else the preferred."""
        typed = name_spelling(query)
        for spelling, card_id in spellings:
            if spelling == typed:
                return card_id
        spaced = _spaced(typed)
        best = max(range(len(spellings)), key=lambda i: (fuzz.ratio(spaced, _spaced(spellings[i][0])), -i))
        return spellings[best][1]

    # ----------------------------------------------------------------------------- fuzzy stage

    def _similar_length(self, length: int, cutoff: float) -> list[str]:
        """Index words long enough and short enough to reach ``cutoff`` (fuzz.ratio) against ``length``."""
        key = (length, cutoff)
        if key not in self._by_length_cache:
            self._by_length_cache[key] = [w for w in self.vocab
                                          if 200 * min(length, len(w)) / (length + len(w)) >= cutoff]
        return self._by_length_cache[key]

    def _word_matches(self, word: str, typos: bool = False) -> dict[str, float]:
        """Index words a typed word may stand for, with the quality of each match (0..1).

        A word of the index is taken as typed unless ``typos`` is set: then its near spellings count too
        (``judgement`` is a word of some names, but means ``judgment`` in "solemn judgement").
        """
        matches: dict[str, float] = {}
        known = word in self.postings
        if known:
            matches[word] = EXACT
        if len(word) >= (4 if known else 3):  # the word as the start of a longer word
            start = bisect.bisect_left(self.vocab, word)
            longest = len(word) + KNOWN_WORD_GROWTH if known else None
            for other in self.vocab[start:start + 60]:
                if not other.startswith(word):
                    break
                if other != word and (longest is None or len(other) <= longest):
                    matches[other] = PREFIX_MIN + 0.15 * len(word) / len(other)
        for suffix in ("s", "es"):  # a plural of a name's word ("Jinzos", "Amazoness Tigers")
            stem = word[: -len(suffix)]
            if word.endswith(suffix) and len(stem) >= 3 and stem in self.postings:
                matches[stem] = max(matches.get(stem, 0), PLURAL)
        if (typos or not known) and len(word) >= 4:  # a typo
            cutoff = 80 if len(word) <= 5 else 75
            found = process.extract(word, self._similar_length(len(word), cutoff), scorer=fuzz.ratio,
                                    score_cutoff=cutoff, limit=12)
            if found:
                best = found[0][1]
                for other, score, _ in found:
                    if score >= best - 8 and other != word:
                        matches[other] = max(matches.get(other, 0), TYPO_SCALE * score / 100)
        return matches

    def rank(self, query: str) -> list[tuple[float, bool, int]]:
        """Fuzzy candidates for ``query``, best first, as ``(score, complete, position)``.

        ``complete`` means every typed word matched well and every word of the name was matched.  Words
        found in the index are first taken as typed; when that gives no complete match, near spellings of
        every word are tried as well.
        """
        ranked = self._rank(query, typos=False)
        if not ranked or ranked[0][0] < ACCEPT:
            ranked = self._rank(query, typos=True)
        return ranked

    def _rank(self, query: str, typos: bool) -> list[tuple[float, bool, int]]:
        words = list(dict.fromkeys(_content(name_tokens(query))))
        if not words:
            return []
        count = len(words)
        per_word = [self._word_matches(word, typos) for word in words]
        quality: dict[int, list[float]] = {}
        covered: dict[int, set[str]] = {}
        for i, matches in enumerate(per_word):
            for other, q in matches.items():
                for position in self.postings[other]:
                    best = quality.get(position)
                    if best is None:
                        best = quality[position] = [0.0] * count
                        covered[position] = set()
                    if q > best[i]:
                        best[i] = q
                    covered[position].add(other)
        ranked = []
        for position, best in quality.items():
            content = self.content[position]
            matched = sum(1 for word in content if word in covered[position])
            name_cover = matched / len(content)
            score = QUERY_WEIGHT * sum(best) / count + NAME_WEIGHT * name_cover
            if content[0] in per_word[0]:
                score += FIRST_WORD_BONUS
            complete = name_cover == 1 and min(best) >= COMPLETE_QUALITY
            ranked.append((score, complete, position))
        ranked = heapq.nlargest(RANK_DEPTH, ranked)
        ranked.sort(key=lambda item: (-item[0], not item[1], len(self.names[item[2]]), self.names[item[2]]))
        return ranked

    def suggestions(self, query: str, limit: int = 5) -> list[str]:
        """Names close to ``query`` as a whole string (for "not found" answers)."""
        found = process.extract(name_key(query), self.key_list, scorer=fuzz.ratio,
                                limit=limit, score_cutoff=50)
        return [self.names[self.keys[i][1]] for _, _, i in found]

    def match(self, query: str, *, strict: bool = False) -> NameMatch:
        """Resolve ``query`` to one card (see the module doc for the stages).

        :param strict: accept a fuzzy match only when it is complete (every word of the query and of the
            name matched) and unique; used when linking names found in datasets.
        :raises AmbiguousError: several cards match about equally well (``candidates``).
        :raises NotFoundError: nothing matches well enough (``suggestions``).
        """
        if not query or not query.strip():
            raise NotFoundError("empty card name", suggestions=[])
        exact = self.lookup(query)
        if exact:
            return exact
        ranked = self.rank(query)
        if not ranked or ranked[0][0] < ACCEPT:
            whole = self._whole_string(query)
            if whole and not strict:
                return whole
            names = [self.names[p] for _, _, p in ranked[:5]] or self.suggestions(query)
            raise NotFoundError(f"no card is named {query!r}", suggestions=names)
        best, complete, position = ranked[0]
        close = [item for item in ranked[1:] if best - item[0] < MARGIN]
        # a complete match beats incomplete ones within the margin, and complete ones unless tied
        unique = not close or (complete and not any(item[1] and best - item[0] < TIE for item in close))
        if unique and (complete or not strict):
            return NameMatch(self.ids[position], self.names[position], "fuzzy", round(best, 3))
        if strict and unique:
            raise NotFoundError(f"no card is named exactly {query!r}",
                                suggestions=[self.names[position]])
        band = [self.names[p] for score, _, p in ranked if best - score <= CANDIDATE_BAND]
        more = len(band) - MAX_CANDIDATES
        raise AmbiguousError(f"{query!r} matches {len(band)} cards" + (f" ({more} not listed)" if more > 0
                                                                         else ""),
                             candidates=band[:MAX_CANDIDATES])

    def _whole_string(self, query: str) -> NameMatch | None:
        """A typo across word boundaries ("darkmagican"): one clearly closest name key."""
        key = name_key(query)
        if len(key) < 5:
            return None
        found = process.extract(key, self.key_list, scorer=fuzz.ratio, limit=2, score_cutoff=88)
        if found and (len(found) == 1 or found[0][1] - found[1][1] >= 4):
            position = self.keys[found[0][2]][1]
            return NameMatch(self.ids[position], self.names[position], "fuzzy", round(found[0][1] / 100, 3))
        return None

    def complete(self, prefix: str, limit: int = 10) -> list[str]:
        """Names starting with ``prefix`` (shortest first), then names with a word starting with its last word."""
        key = name_key(prefix)
        if not key:
            return []
        start = bisect.bisect_left(self.keys, (key, -1))
        hits = []
        for other, position in self.keys[start:]:
            if not other.startswith(key):
                break
            hits.append(position)
        hits.sort(key=lambda p: (len(self.names[p]), self.names[p]))
        out = list(dict.fromkeys(hits))[:limit]
        words = name_tokens(prefix)
        if len(out) < limit and words:
            last, rest = words[-1], set(_content(words[:-1]))
            start = bisect.bisect_left(self.vocab, last)
            extra = set()
            for word in self.vocab[start:]:
                if not word.startswith(last):
                    break
                extra.update(self.postings[word])
            extra = [p for p in extra if p not in out and rest <= set(name_tokens(self.names[p]))]
            extra.sort(key=lambda p: (len(self.names[p]), self.names[p]))
            out += extra[: limit - len(out)]
        return [self.names[p] for p in out]


# ------------------------------------------------------------------------------------- the cache

_CACHE: VersionCache[NameIndex] = VersionCache()  # one name index per knowledge base (the current version)


def name_index(session: Session) -> NameIndex:
    """The name index of the session's knowledge base, built once per process and store version; a
    new version of the knowledge base drops the previous one's index (see :mod:`kb.version_cache`)."""
    version = session_version(session)
    if version is None:
        return NameIndex.from_session(session)
    return _CACHE.get(version.directory, version.stamp, lambda: NameIndex.from_session(session))


# ------------------------------------------------------------------------------------- queries


def match_name(session: Session, query: str, *, strict: bool = False) -> NameMatch:
    """Resolve ``query`` to a :class:`NameMatch` (card id, name, how it matched); see :func:`resolve_card`."""
    return name_index(session).match(query, strict=strict)


_RECENT_CARDS: RecentByVersion[Card | None] = RecentByVersion(4096)


def card_by_id(session: Session, card_id: int) -> Card | None:
    """The card row of ``card_id`` (None when there is none), kept per process for the cards asked
    about most recently: a detached row shared between requests, so never change it."""

    def load() -> Card | None:
        card = session.get(Card, card_id)
        if card is not None and session_store(session) is not None:
            session.expunge(card)
        return card

    return _RECENT_CARDS.get(session, card_id, load)


def resolve_card(session: Session, query: str) -> Card:
    """The card a player means by ``query`` (exact name, alias, passcode/Konami id, then fuzzy).

    :raises AmbiguousError: several cards match about equally well (``candidates``: their names).
    :raises NotFoundError: nothing matches (``suggestions``: close names).
    """
    found = match_name(session, query)
    return card_by_id(session, found.card_id)


def _stat(value: int | None, unknown: bool):
    return "?" if unknown else value


def card_to_dict(card: Card, passwords: list[int] | None = None) -> dict:
    """A card's public JSON shape (``passwords`` defaults to the primary passcode only)."""
    if passwords is None:
        passwords = [card.password] if card.password is not None else []
    return {
        "id": card.id,
        "konami_id": card.konami_id,
        "passwords": list(passwords),
        "name": card.name,
        "name_ja": card.name_ja,
        "card_type": card.card_type,
        "property": card.property,
        "monster_type": card.monster_type,
        "abilities": list(card.abilities or []),
        "attribute": card.attribute,
        "level": card.level,
        "rank": card.rank,
        "link_rating": card.link_rating,
        "link_arrows": list(card.link_arrows or []),
        "atk": _stat(card.atk, card.atk_unknown),
        "def": _stat(card.defense, card.def_unknown),
        "scale": card.scale,
        "text": card.text,
        "pendulum_text": card.pendulum_text,
        "materials": card.materials,
        "series": list(card.series or []),
        "limits": {"tcg": card.tcg_status, "ocg": card.ocg_status},
    }


_CARD_COLUMNS = tuple(column.name for column in Card.__table__.columns)
_JSON_COLUMNS = frozenset(column.name for column in Card.__table__.columns if isinstance(column.type, JSON))
_CARD_SQL = f"SELECT {', '.join(_CARD_COLUMNS)} FROM card WHERE id = ?"
_PASSWORDS_SQL = "SELECT password FROM cardpassword WHERE card_id = ?"


class _CardRow:
    """A card row's columns as attributes (JSON columns decoded), for :func:`card_to_dict`."""

    __slots__ = _CARD_COLUMNS

    def __init__(self, values) -> None:
        for name, value in zip(_CARD_COLUMNS, values):
            setattr(self, name, json.loads(value) if name in _JSON_COLUMNS and isinstance(value, str) else value)


def _card_row(session: Session, card_id: int) -> tuple[_CardRow | None, list[int]]:
    """A card's row and its passcodes, read through the SQLite connection itself: an ORM object, or even a
    compiled SQLAlchemy statement, cost three times the two look-ups (a card look-up's first time)."""
    if session.new or session.dirty:  # what a plain query would have flushed first
        session.flush()
    connection = session.connection().connection.driver_connection
    row = connection.execute(_CARD_SQL, (card_id,)).fetchone()
    if row is None:
        return None, []
    return _CardRow(row), [password for (password,) in connection.execute(_PASSWORDS_SQL, (card_id,))]


def get_card(session: Session, card_id: int) -> dict:
    """One card by its id, as :func:`card_to_dict` (with every passcode).

    :raises NotFoundError: no card has this id.
    """
    card, passwords = _card_row(session, card_id)
    if card is None:
        raise NotFoundError(f"no card has id {card_id!r}", suggestions=[])
    primary = [card.password] if card.password is not None else []
    return card_to_dict(card, primary + sorted(p for p in passwords if p != card.password))


_ROLE_ORDER = {"heading": 0, "reference": 1, "involved": 2}


def card_rulings(session: Session, card_id: int) -> list[dict]:
    """Every ruling linked to a card: the ones filed under it first, then newest first.

    :raises NotFoundError: no card has this id.
    """
    if card_by_id(session, card_id) is None:
        raise NotFoundError(f"no card has id {card_id!r}", suggestions=[])
    rows = session.exec(select(Ruling, RulingCard.role).join(RulingCard, RulingCard.ruling_id == Ruling.id)
                        .where(RulingCard.card_id == card_id)).all()
    out = []
    for ruling, role in rows:
        out.append({"id": ruling.id, "source": ruling.source, "region": ruling.region, "kind": ruling.kind,
                    "date": ruling.date, "title": ruling.title, "question": ruling.question,
                    "answer": ruling.answer, "url": ruling.url, "role": role, "status": ruling.status,
                    "language": ruling.text_language})
    out.sort(key=lambda r: (_ROLE_ORDER.get(r["role"], 3), r["region"] != "OCG", _neg_date(r["date"]),
                            _ruling_order(r["id"])))
    return out


def _neg_date(date: str | None) -> str:
    """Sort key putting newer ISO dates first and undated rulings last."""
    if not date:
        return "~"
    return "".join(chr(ord("9") - ord(ch) + ord("0")) if ch.isdigit() else ch for ch in date)


def _ruling_order(ruling_id: str) -> tuple:
    prefix, _, rest = ruling_id.partition(":")
    return (prefix, int(rest) if rest.isdigit() else 0, rest)


def autocomplete(session: Session, prefix: str, limit: int = 10) -> list[str]:
    """Card names for a partly typed name: names starting with it first, then word-prefix matches."""
    return name_index(session).complete(prefix, limit)
