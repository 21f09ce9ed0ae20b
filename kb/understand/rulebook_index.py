"""The rulebooks' sections and sentences as an in-memory BM25 index, built once per knowledge-base version.

What the fallback (:mod:`.fallback`) searches when the engine cannot decide: every section (its title,
its parent's title and its text) and every sentence of it (:func:`sentences_of`) is a document of its
own.  Words are folded, lower-cased, stripped of stop words and Porter-stemmed (the search index's
stemmer); a single digit is a term ("Level 6", "Spell Speed 2", "Main Phase 2"), another one-letter
word is not.  Pairs of neighbouring words as extra terms were measured and made the ranking worse.

The engine's rule table (:data:`kb.engine.rules.RULES`: a statement in players' words, the sentence
that states it and up to three sections of different books) is a third kind of document: a question
matching a row's words lends that row's sections a share of its score (:meth:`RulebookIndex.rank`), a
bridge from the words players use to the sections that decide (measured: the quote's section among the
first five for 7% more red-team questions, none fewer on the dev set).

A section another book (or another page) already says, sentence for sentence as sets of terms, is
not cited twice (:meth:`RulebookIndex.rank`): measured, the five cited sections then hold the
supporting sentence slightly more often.  A title of stop words only ("Also", "And if you do") is
kept as a phrase (:attr:`RulebookIndex.title_phrases`) for the fallback's quoted phrases.

Scores are Okapi BM25 (``k1`` 1.2, ``b`` 0.75) computed with numpy over per-term posting arrays, weighted
per query term (a synonym or a card's kind counts less than the question's own words).  The index holds
about 10,000 sentences and 1,700 sections (a few MB); :func:`rulebook_index` keeps one per knowledge base
(:class:`kb.version_cache.VersionCache`), so a question costs a few hundred microseconds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
from sqlmodel import Session, select
from whoosh.lang.porter import stem as _porter

from ..models import Card, Ruling, RulingCard, Section
from ..text import fold_quotes
from ..version_cache import VersionCache, session_version

__all__ = ["RulebookIndex", "rulebook_index", "sentences_of", "terms", "STOP_WORDS"]

K1, B = 1.2, 0.75
TITLE_REPEAT = 2  # a section's title (and its parent's) counts as if written twice
TITLE_PHRASE_WORDS = 4  # a title of stop words of up to this many words is a phrase (title_phrases)
REPEAT_LEFT = 0.25  # a section is not cited when better ones say all its sentences but this share
STOP_WORDS = frozenset(
    """a an the and or of to in on at by for from with as is are was were be been being it its this that
these those i my me you your we our they their them he his she her can could may might will would do does
did not no yes if when then than so what which who how there here about into out up down just only also
still now any some all each other another same own such very too more most much many one two has have had
shall should must while whether""".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:[-/][a-z0-9]+)*")
_SENTENCE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")
_PLAIN_WORD = re.compile(r"[a-z0-9]+")
_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    found = _STEMS.get(word)
    if found is None:
        found = _STEMS[word] = _porter(word)
    return found


def terms(text: str) -> list[str]:
    """Index terms of ``text``: the stems of its words, stop words and one-letter words other than a
    digit left out ("Quick-Play" and "Spell/Trap" are two words each; "Level 6" is two terms)."""
    out: list[str] = []
    for raw in _WORD.findall(fold_quotes(text).lower()):
        for word in raw.replace("/", "-").split("-") if "-" in raw or "/" in raw else (raw,):
            if word not in STOP_WORDS and (len(word) > 1 or word.isdigit()):
                out.append(_stem(word))
    return out


def words(text: str) -> list[str]:
    """The words of ``text``, folded and lower-cased, stop words kept ("and if you do")."""
    return _PLAIN_WORD.findall(fold_quotes(text).lower())


def sentences_of(text: str) -> list[str]:
    """The sentences of a section text, verbatim (split after . ! ? and at line breaks; captions such
    as "[Pictured: ...]" and fragments of 15 characters or fewer left out)."""
    return [
        s.strip()
        for s in _SENTENCE.split(text or "")
        if s and len(s.strip()) > 15 and not s.strip().startswith("[")
    ]


class _Bm25:
    """Okapi BM25 over a list of documents given as term lists: per term, the documents holding it and
    the term's BM25 weight in each."""

    def __init__(self, documents: list[list[str]]) -> None:
        self.size = len(documents)
        lengths = np.array([len(d) for d in documents], dtype=np.float32)
        average = float(lengths.mean()) if self.size else 1.0
        norm = K1 * (1 - B + B * lengths / max(average, 1.0))
        postings: dict[str, dict[int, int]] = {}
        for number, document in enumerate(documents):
            for term in document:
                counts = postings.setdefault(term, {})
                counts[number] = counts.get(number, 0) + 1
        self.postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for term, counts in postings.items():
            docs = np.fromiter(counts, dtype=np.int32, count=len(counts))
            tf = np.fromiter(counts.values(), dtype=np.float32, count=len(counts))
            idf = math.log(1 + (self.size - len(counts) + 0.5) / (len(counts) + 0.5))
            self.postings[term] = (docs, (idf * tf * (K1 + 1) / (tf + norm[docs])).astype(np.float32))

    def scores(self, query: dict[str, float]) -> np.ndarray:
        """BM25 score of every document for ``query`` (term -> weight)."""
        out = np.zeros(self.size, dtype=np.float32)
        for term, weight in query.items():
            found = self.postings.get(term)
            if found is not None:
                out[found[0]] += weight * found[1]
        return out


@dataclass
class RulebookIndex:
    """Sections and their sentences, each searchable with BM25 (see the module doc)."""

    section_ids: list[str]
    sentences: list[str]
    starts: np.ndarray  # index of each section's first sentence (sections are contiguous)
    counts: np.ndarray  # number of sentences of each section
    sentence_terms: list[tuple[str, ...]]  # the distinct terms of each sentence
    sections_bm25: _Bm25
    sentences_bm25: _Bm25
    ruling_ids: list[str]
    rulings_bm25: _Bm25  # a ruling's question and answer
    card_rulings: dict[int, np.ndarray]  # card id -> its rulings (filed under it, referenced, involved)
    card_kinds: dict[int, str]  # card id -> the rulebooks' words for its kind ("Quick-Play Spell")
    card_names: dict[int, str] = field(default_factory=dict)  # card id -> its name
    # each RULES row's sections (their numbers here, best first) and the row as a document (its key,
    # statement and quote): see the module doc
    rule_sections: list[tuple[int, ...]] = field(default_factory=list)
    rules_bm25: "_Bm25 | None" = None
    # a short title of stop words only ("Also", "And if you do", "Then"), which BM25 cannot see -> its
    # sections' numbers
    title_phrases: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def from_session(cls, session: Session) -> "RulebookIndex":
        """Read every section and ruling of the store (a section repeating another is left to the
        original)."""
        rows = session.exec(select(Section).order_by(Section.source_id, Section.order)).all()
        titles = {row.id: row.title for row in rows}
        original = {row.id: row.duplicate_of for row in rows if row.duplicate_of}
        section_ids, sentences, starts, counts, section_docs, sentence_docs = [], [], [], [], [], []
        phrases: dict[str, list[int]] = {}
        for row in rows:
            if row.duplicate_of:
                continue
            own = sentences_of(row.text)
            phrase = " ".join(words(row.title or ""))
            if phrase and phrase.count(" ") < TITLE_PHRASE_WORDS and not terms(row.title):
                phrases.setdefault(phrase, []).append(len(section_ids))
            section_ids.append(row.id)
            starts.append(len(sentences))
            counts.append(len(own))
            sentences.extend(own)
            heading = f"{row.title} {titles.get(row.parent_id) or ''}"
            section_docs.append(terms(heading) * TITLE_REPEAT + terms(row.text))
            sentence_docs.extend(terms(s) for s in own)
        return cls(
            section_ids=section_ids,
            sentences=sentences,
            starts=np.array(starts, dtype=np.int32),
            counts=np.array(counts, dtype=np.int32),
            sentence_terms=[tuple(dict.fromkeys(d)) for d in sentence_docs],
            sections_bm25=_Bm25(section_docs),
            title_phrases={phrase: tuple(numbers) for phrase, numbers in phrases.items()},
            sentences_bm25=_Bm25(sentence_docs),
            **_rulings(session),
            **_card_kinds(session),
            **_rule_rows({section_id: n for n, section_id in enumerate(section_ids)}, original),
        )

    def __post_init__(self) -> None:
        self._numbers = {section_id: number for number, section_id in enumerate(self.section_ids)}
        self._sentence_sets = [frozenset(own) for own in self.sentence_terms]  # for repeats (rank)

    def shared_terms(self, section_id: str, wanted) -> list[tuple[str, set[str], int]]:
        """For each sentence of a section: ``(sentence, the terms of wanted it uses, its number of
        distinct terms)``."""
        number = self._numbers.get(section_id)
        if number is None:
            return []
        wanted = wanted if isinstance(wanted, (set, frozenset, dict)) else set(wanted)
        start = int(self.starts[number])
        out = []
        for k in range(start, start + int(self.counts[number])):
            own = self.sentence_terms[k]
            out.append((self.sentences[k], {t for t in own if t in wanted}, len(own)))
        return out

    def rank(self, query: dict[str, float], limit: int = 5, sentence_weight: float = 0.3,
             rule_weight: float = 0.0, rule_rows: int = 3,
             bonus: dict[int, float] | None = None) -> list[tuple[str, float]]:
        """The ``limit`` best sections for ``query`` (term -> weight) as ``(section id, score)``, best
        first: a section scores its own BM25 plus ``sentence_weight`` times the BM25 of its best
        sentence, each scaled to the best of its kind, plus ``rule_weight`` times the score of each of
        the ``rule_rows`` best RULES rows citing it (scaled to the best row), plus its ``bonus`` (section
        number -> score); sections scoring 0 are left out, and so is a section whose sentences (as sets
        of terms) better ones already say, all but :data:`REPEAT_LEFT` of them (the same page in two
        places of a book or in two books, a rule repeated inside a longer section)."""
        section_scores = self.sections_bm25.scores(query)
        best_section = float(section_scores.max(initial=0.0))
        if best_section <= 0 and not bonus:
            return []
        combined = section_scores / best_section if best_section > 0 else section_scores
        sentence_scores = self.sentences_bm25.scores(query)
        best_sentence = float(sentence_scores.max(initial=0.0))
        if best_sentence > 0:
            holding = self.counts > 0
            per_section = np.zeros_like(combined)
            per_section[holding] = np.maximum.reduceat(sentence_scores, self.starts[holding])
            combined += (sentence_weight / best_sentence) * per_section
        if rule_weight > 0 and self.rules_bm25 is not None and self.rule_sections:
            self._add_rule_shares(combined, query, rule_weight, rule_rows)
        for number, extra in (bonus or {}).items():
            combined[number] += extra
        pool = 3 * limit  # candidates, for the repeated ones left out
        top = np.argpartition(-combined, pool)[:pool] if combined.size > pool else np.arange(combined.size)
        out: list[tuple[str, float]] = []
        said: set[frozenset[str]] = set()
        for n in sorted(top.tolist(), key=lambda n: (-combined[n], n)):
            if combined[n] <= 0 or len(out) == limit:
                break
            own = set(self._sentence_sets[self.starts[n]:self.starts[n] + self.counts[n]])
            if own and len(own - said) <= REPEAT_LEFT * len(own):
                continue
            said |= own
            out.append((self.section_ids[n], float(combined[n])))
        return out

    def _add_rule_shares(self, combined: np.ndarray, query: dict[str, float], weight: float,
                         rows: int) -> None:
        """Add to ``combined`` (per section) ``weight`` times the scaled score of each of the ``rows``
        best RULES rows, for every section the row cites."""
        scores = self.rules_bm25.scores(query)
        best = float(scores.max(initial=0.0))
        count = min(rows, scores.size)
        if best <= 0 or count <= 0:
            return
        for number in np.argpartition(-scores, count - 1)[:count].tolist():
            if scores[number] > 0:
                for section in self.rule_sections[number]:
                    combined[section] += weight * float(scores[number]) / best

    def rank_rulings(self, query: dict[str, float], card_ids, limit: int = 5) -> list[str]:
        """Up to ``limit`` rulings about the cards ``card_ids`` (the first three) matching ``query``,
        best first (a tie keeps the card's order: rulings filed under it first)."""
        numbers = [self.card_rulings[c] for c in list(dict.fromkeys(card_ids))[:3] if c in self.card_rulings]
        if not numbers or not query:
            return []
        candidates = np.concatenate(numbers)
        scores = self.rulings_bm25.scores(query)[candidates]
        order = np.argsort(-scores, kind="stable")
        out = [self.ruling_ids[candidates[k]] for k in order if scores[k] > 0]
        return list(dict.fromkeys(out))[:limit]


_ROLE_ORDER = {"heading": 0, "reference": 1, "involved": 2}  # as kb.cards.card_rulings lists them


def _rulings(session: Session) -> dict:
    """The ruling fields of :class:`RulebookIndex`."""
    rows = session.exec(select(Ruling.id, Ruling.question, Ruling.answer).order_by(Ruling.id)).all()
    ruling_ids = [row[0] for row in rows]
    number = {ruling_id: n for n, ruling_id in enumerate(ruling_ids)}
    links: dict[int, list[tuple[int, int]]] = {}
    links_query = select(RulingCard.ruling_id, RulingCard.card_id, RulingCard.role)
    for ruling_id, card_id, role in session.exec(links_query):
        if ruling_id in number:
            links.setdefault(card_id, []).append((_ROLE_ORDER.get(role, 3), number[ruling_id]))
    return {
        "ruling_ids": ruling_ids,
        "rulings_bm25": _Bm25([terms(f"{question or ''} {answer or ''}") for _, question, answer in rows]),
        "card_rulings": {
            card_id: np.array([n for _, n in sorted(pairs)], dtype=np.int32)
            for card_id, pairs in links.items()
        },
    }


def _rule_rows(numbers: dict[str, int], original: dict[str, str]) -> dict:
    """The rule fields of :class:`RulebookIndex`: every row of :data:`kb.engine.rules.RULES` as a
    document (its key's words, statement and quote) and its sections' numbers in the index (a section
    repeating another stands for the original)."""
    from ..engine.rules import RULES

    sections, documents = [], []
    for key, row in RULES.items():
        ids = (original.get(section_id, section_id) for section_id in row.get("sections") or ())
        sections.append(tuple(dict.fromkeys(numbers[i] for i in ids if i in numbers)))
        quote = (row.get("quote") or {}).get("text") or ""
        documents.append(terms(f"{key.replace('_', ' ')} {row.get('statement') or ''} {quote}"))
    return {"rule_sections": sections, "rules_bm25": _Bm25(documents) if documents else None}


def _card_kinds(session: Session) -> dict:
    """The :attr:`RulebookIndex.card_kinds` of every card ("Xyz Effect Monster", "Counter Trap") and
    its :attr:`RulebookIndex.card_names`."""
    kinds: dict[tuple, str] = {}  # one string per distinct kind
    out, names = {}, {}
    for card_id, name, card_type, prop, abilities in session.exec(
        select(Card.id, Card.name, Card.card_type, Card.property, Card.abilities)
    ):
        words = (*(abilities or []), "Monster") if card_type == "Monster" else (prop or "", card_type)
        out[card_id] = kinds.setdefault(words, " ".join(w for w in words if w))
        names[card_id] = name
    return {"card_kinds": out, "card_names": names}


_CACHE: VersionCache[RulebookIndex] = VersionCache()


def rulebook_index(session: Session) -> RulebookIndex:
    """The index of the session's knowledge base, built once per process and store version (a new
    version drops the previous one's index)."""
    version = session_version(session)
    if version is None:  # an in-memory database: kept with the session
        if "rulebook_index" not in session.info:
            session.info["rulebook_index"] = RulebookIndex.from_session(session)
        return session.info["rulebook_index"]
    return _CACHE.get(version.directory, version.stamp, lambda: RulebookIndex.from_session(session))
