"""Full-text search over rule sections, glossary terms, cards and rulings (whoosh).

The index lives in ``<kb>/index`` and is written by the ``search-index`` build step, inside the new
knowledge-base version directory, so it is swapped in atomically with the store.  One document per
section, term, card and ruling; every document has the same text fields (``title``, ``alt`` for other
names, ``context`` for headings and involved cards, ``body``) plus keyword and numeric card fields for
the filters of the query language (:mod:`kb.query`).

Analysis (:func:`text_analyzer`): curly quotes and dashes folded, Unicode NFKC, case and accent folding,
Porter stemming for Latin words, overlapping character bigrams for Japanese (katakana folded to
hiragana), rule numbers such as ``201.4a`` kept whole.  Ranking is BM25F with field weights, plus
optional boosts for an exact name/title, the phrase, and adjacent words standing close; abbreviations
and synonyms (:data:`SYNONYM_GROUPS`, card nicknames from the Alias table) expand the query.

Public functions: :func:`search`, :func:`suggest`, :func:`open_index`, and the build step
:func:`build_index_step`.
"""

from __future__ import annotations

import html
import json
import math
import re
import threading
import unicodedata
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rapidfuzz import fuzz, process
from sqlmodel import select
from whoosh import index as windex, query as wq, scoring
from whoosh.analysis import LowercaseFilter, StemFilter, Token, Tokenizer
from whoosh.analysis.filters import Filter as TokenFilter
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from .db import index_path
from .errors import AmbiguousError, InvalidQueryError, KnowledgeBaseMissingError, NotFoundError
from . import query as query_module
from .query import (And, Coordinated, Filter, Node, Phrase, QueryContext, Word, keyword_key, parse, text_words,
                    to_whoosh)
from .text import fold_quotes, name_key

__all__ = [
    "SYNONYM_GROUPS",
    "KINDS",
    "FACETS",
    "text_analyzer",
    "build_schema",
    "build_index_step",
    "write_index",
    "open_index",
    "SearchIndex",
    "search",
    "suggest",
]

KINDS = ("section", "term", "card", "ruling")
FACETS = ("kind", "source", "region", "card_type")
MAX_LIMIT = 100
RARE_WORD_DOCS = 3  # words in fewer documents than this also match their close spellings
SUGGESTION_CHARS = 60  # longer titles (example paragraphs) are not offered as suggestions
META_FILE = "kb-search-meta.json"

# Groups of expressions that mean the same thing to a player; each finds the others.  Abbreviations
# are listed with their expansion; stemming already joins word forms (banish/banished, timing/timed).
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("gy", "graveyard", "cemetery"),
    ("banish", "remove from play", "removed from play"),
    ("segoc", "simultaneous effects go on chain", "simultaneously"),
    ("ss", "special summon"),
    ("ns", "normal summon"),
    ("lp", "life points"),
    ("dp", "draw phase"),
    ("sp", "standby phase"),
    ("mp1", "main phase 1"),
    ("mp2", "main phase 2"),
    ("bp", "battle phase"),
    ("ep", "end phase"),
    ("ed", "extra deck"),
    ("emz", "extra monster zone"),
    ("mmz", "main monster zone"),
    ("stz", "spell trap zone", "spell & trap zone"),
    ("s/t", "spell/trap", "spell trap"),
    ("opt", "once per turn"),
    ("hopt", "hard once per turn", "once per turn"),
    ("tribute", "release"),
    ("xyz material", "overlay unit", "xyz materials"),
    ("def", "defense", "defence"),
    ("mr3", "master rule 3"),
    ("mr4", "master rule 4", "new master rule"),
    ("mr5", "master rule 5"),
    ("lingering effect", "floating effect"),
    ("hand trap", "handtrap"),
    ("spell speed 1", "ss1"),
    ("spell speed 2", "ss2"),
    ("spell speed 3", "ss3"),
    ("field spell", "field magic"),
    ("spell card", "magic card"),
    ("trap card", "trap"),
    ("summon", "summoning"),
)

# index field weights are in kb.query.TEXT_FIELDS; BM25 length normalisation per field:
WEIGHTING = scoring.BM25F(B=0.75, K1=0.9, title_B=0.4, alt_B=0.3, context_B=0.5, body_B=0.5)

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_TOKEN_RE = re.compile(rf"(?P<num>\d+(?:\.\d+)+[a-z]?)(?![\w.])|(?P<cjk>[{_CJK}]+)"
                       rf"|(?P<word>[^\W_{_CJK}]+(?:'[^\W_{_CJK}]+)*)")
_RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


class KbTokenizer(Tokenizer):
    """Latin words (apostrophes dropped), dotted rule numbers whole, Japanese runs as char bigrams."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        value = fold_quotes(value)
        if not tokenize:
            token.original = token.text = value
            token.boost, token.stopped = 1.0, False
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token
            return
        pos = start_pos
        for match in _TOKEN_RE.finditer(value):
            text = unicodedata.normalize("NFKC", match.group())
            if match.lastgroup == "cjk":
                grams = [(text, 0)] if len(text) == 1 else [(text[k:k + 2], k)
                                                            for k in range(len(text) - 1)]
            else:
                grams = [(text.replace("'", ""), 0)]
            for gram, offset in grams:
                token.text = gram
                token.boost, token.stopped = 1.0, False
                if keeporiginal:
                    token.original = gram
                if positions:
                    token.pos = pos
                if chars:
                    token.startchar = start_char + match.start() + offset
                    token.endchar = (start_char + match.start() + offset + len(gram)
                                     if match.lastgroup == "cjk" else start_char + match.end())
                pos += 1
                yield token


class FoldFilter(TokenFilter):
    """Accents off Latin letters (``Café`` -> ``cafe``); katakana to hiragana for Japanese."""

    def __call__(self, tokens):
        for token in tokens:
            text = token.text
            if not text.isascii():
                if re.search(f"[{_CJK}]", text):
                    text = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)
                else:
                    text = "".join(c for c in unicodedata.normalize("NFKD", text)
                                   if not unicodedata.combining(c))
                token.text = text
            yield token


def text_analyzer():
    """The analyzer of every text field (and of query words)."""
    return KbTokenizer() | LowercaseFilter() | FoldFilter() | StemFilter(cachesize=200000)


_ANALYZER = text_analyzer()


def build_schema() -> Schema:
    """The whoosh schema of the search index."""
    analyzer = text_analyzer()
    # Keyword fields are "scorable" only so that whoosh keeps their length column: without one its
    # writer stats the disk for every posting.  Scores come from the TEXT fields (QueryEvaluator).
    def keyword(**options):
        return KEYWORD(scorable=True, **options)

    def number():
        return NUMERIC(int, shift_step=0)

    return Schema(
        doc=ID(unique=True, stored=True),  # "<kind>/<id>"
        kind=keyword(stored=True, sortable=True),
        source=keyword(stored=True, sortable=True),
        region=keyword(stored=True, sortable=True),
        card_type=keyword(stored=True, sortable=True),
        title=TEXT(analyzer=analyzer, stored=True, phrase=True),
        title_key=keyword(),
        alt=TEXT(analyzer=analyzer, phrase=True),
        context=TEXT(analyzer=analyzer, phrase=False),
        body=TEXT(analyzer=analyzer, stored=True, phrase=True),
        types=keyword(),
        attr=keyword(),
        race=keyword(),
        series=keyword(),
        cards=keyword(),
        level=number(), rank=number(), link=number(), atk=number(), scale=number(),
        **{"def": number()},
        info=STORED(),  # the kind-specific fields of a result
    )


# ------------------------------------------------------------------------------------------ build


def _regions(label: str) -> list[str]:
    """A source's region label (``OCG/TCG (community)``, ``Master Duel``) as region keywords."""
    label = (label or "").lower()
    out = [r for r in ("ocg", "tcg") if r in label]
    if "master duel" in label or label == "md":
        out.append("md")
    return out


def _japanese_names(name_ja: str) -> str:
    """The Japanese name with its ruby readings: base text, then the reading spelled out."""
    if not name_ja:
        return ""
    base = _RUBY.sub(lambda m: m.group(1), name_ja)
    reading = _RUBY.sub(lambda m: m.group(2), name_ja)
    return base if reading == base else f"{base}\n{reading}"


def _section_docs(session):
    from .models import CardMention, Reference, Section, Source

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    sections = session.exec(select(Section).order_by(Section.source_id, Section.order)).all()
    by_id = {s.id: s for s in sections}
    mentions: dict[str, set[int]] = {}
    for section_id, card_id in session.exec(select(CardMention.section_id, CardMention.card_id)).all():
        if card_id is not None:
            mentions.setdefault(section_id, set()).add(card_id)
    cited: dict[str, list[str]] = {}  # the entries of a section's References block (ruling titles)
    for section_id, raw in session.exec(select(Reference.section_id, Reference.raw)
                                        .where(Reference.in_block)).all():
        cited.setdefault(section_id, []).append(raw)
    order = {sid: s.order for sid, s in sources.items()}
    for section in sorted(sections, key=lambda s: (order.get(s.source_id, 99), s.order)):
        if section.duplicate_of:
            continue  # the same body is indexed under the section it repeats
        crumbs, parent = [], by_id.get(section.parent_id)
        while parent is not None and len(crumbs) < 8:
            crumbs.append(parent.title)
            parent = by_id.get(parent.parent_id)
        title = f"{section.number} {section.title}" if section.number else section.title
        source = sources.get(section.source_id)
        yield dict(
            doc=f"section/{section.id}", kind="section", source=section.source_id,
            region=" ".join(_regions(source.region if source else "")), title=title,
            title_key=name_key(section.title),
            context="\n".join(list(reversed(crumbs)) + cited.get(section.id, [])), body=section.text,
            cards=" ".join(str(c) for c in sorted(mentions.get(section.id, ()))),
            info={"id": section.id, "number": section.number, "section_kind": section.kind,
                  "pages": [section.page_start, section.page_end] if section.page_start else None,
                  "source_title": source.title if source else section.source_id})


def _term_docs(session):
    from .models import Section, Source, Term

    sources = {s.id: s for s in session.exec(select(Source)).all()}
    titles = dict(session.exec(select(Section.id, Section.title)).all())
    for term in session.exec(select(Term).order_by(Term.source_id, Term.term)).all():
        source = sources.get(term.source_id)
        yield dict(
            doc=f"term/{term.id}", kind="term", source=term.source_id,
            region=" ".join(_regions(source.region if source else "")), title=term.term,
            title_key=name_key(term.term), context=titles.get(term.section_id, ""), body=term.definition,
            info={"id": term.id, "section_id": term.section_id, "official": term.official})


def _card_docs(session):
    from .models import Alias, Card

    aliases: dict[int, list[str]] = {}
    for alias, card_id in session.exec(select(Alias.alias, Alias.card_id)).all():
        aliases.setdefault(card_id, []).append(alias)
    for card in session.exec(select(Card).order_by(Card.name, Card.id)).all():
        abilities = [keyword_key(a) for a in (card.abilities or [])]
        types = [keyword_key(card.card_type)] + abilities
        if card.property:
            types.append(keyword_key(card.property))
        if card.monster_type:
            types.append(keyword_key(card.monster_type))
        if {"fusion", "synchro", "xyz", "link"} & set(abilities):
            types.append("extra")
        regions = [r for r, status in (("tcg", card.tcg_status), ("ocg", card.ocg_status))
                   if status and status.lower() not in ("not yet released", "illegal", "unreleased")]
        body = "\n".join(t for t in (card.materials if card.materials and card.materials not in card.text
                                     else "", card.pendulum_text, card.text) if t)
        doc = dict(
            doc=f"card/{card.id}", kind="card", source=card.source or "cards", region=" ".join(regions),
            card_type=card.card_type.lower(), title=card.name,
            title_key=" ".join(dict.fromkeys(filter(None, [card.name_key or name_key(card.name),
                                                           name_key(_RUBY.sub(r"\1", card.name_ja or ""))]
                                                    + [name_key(a) for a in aliases.get(card.id, [])]))),
            alt="\n".join([_japanese_names(card.name_ja)] + aliases.get(card.id, [])), body=body,
            types=" ".join(dict.fromkeys(t for t in types if t)),
            series=" ".join(keyword_key(s) for s in (card.series or [])), cards=str(card.id),
            info={"id": card.id, "password": card.password, "card_type": card.card_type,
                  "property": card.property, "monster_type": card.monster_type,
                  "attribute": card.attribute, "level": card.level, "rank": card.rank,
                  "link_rating": card.link_rating, "atk": card.atk, "def": card.defense,
                  "name_ja": _RUBY.sub(r"\1", card.name_ja or "")})
        if card.attribute:
            doc["attr"] = card.attribute.lower()
        if card.monster_type:
            doc["race"] = keyword_key(card.monster_type)
        for fieldname, value in (("level", card.level), ("rank", card.rank), ("link", card.link_rating),
                                 ("atk", card.atk), ("def", card.defense), ("scale", card.scale)):
            if value is not None:
                doc[fieldname] = int(value)
        yield doc


def _ruling_docs(session):
    from .models import Card, Ruling, RulingCard

    names = dict(session.exec(select(Card.id, Card.name)).all())
    involved: dict[str, list[int]] = {}
    for ruling_id, card_id in session.exec(select(RulingCard.ruling_id, RulingCard.card_id)).all():
        involved.setdefault(ruling_id, []).append(card_id)
    for ruling in session.exec(select(Ruling).order_by(Ruling.id)).all():
        cards = sorted(set(involved.get(ruling.id, [])))
        question = ruling.question.strip()
        body = f"{question}\n{ruling.answer}".strip() if question else ruling.answer
        title = ruling.title or ruling.heading or (question or ruling.answer)[:80]
        yield dict(
            doc=f"ruling/{ruling.id}", kind="ruling", source=ruling.source,
            region=" ".join(_regions(ruling.region)), title=title, title_key=name_key(title),
            context="\n".join([ruling.heading] + [names[c] for c in cards if c in names]), body=body,
            cards=" ".join(str(c) for c in cards),
            info={"id": ruling.id, "date": ruling.date, "ruling_kind": ruling.kind, "url": ruling.url,
                  "card_ids": cards, "language": ruling.text_language})


_WORD_RE = re.compile(r"[^\W\d_][\w'-]*[^\W_]|[^\W\d_]")


def write_index(session, directory: Path | str, *, log=print) -> dict:
    """Write the search index of the records in ``session`` into ``directory``; return counts.

    Also writes a small side file with the display vocabulary (for "did you mean"), the titles (for
    suggestions) and the card nicknames (for query expansion).
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), build_schema())
    writer = ix.writer(limitmb=512, procs=1, multisegment=False)
    counts: Counter = Counter()
    vocabulary: Counter = Counter()
    titles: list[list] = []
    for docs in (_section_docs(session), _term_docs(session), _card_docs(session), _ruling_docs(session)):
        for doc in docs:
            writer.add_document(**{k: v for k, v in doc.items() if v not in (None, "")})
            counts[doc["kind"]] += 1
            for text in (doc["title"], doc.get("body", "")):
                vocabulary.update(w.lower() for w in _WORD_RE.findall(fold_quotes(text or "")))
            if doc["kind"] in ("card", "term", "section"):
                titles.append([doc["title"], doc["kind"], doc["info"]["id"]])
    writer.commit(optimize=True)
    from .models import Alias, Card

    nicknames = [[alias, name] for alias, name in session.exec(
        select(Alias.alias, Card.name).where(Alias.card_id == Card.id)).all()]
    meta = {"counts": dict(counts), "vocabulary": {w: n for w, n in vocabulary.items() if len(w) > 1},
            "titles": titles, "nicknames": nicknames}
    (directory / META_FILE).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    log("search index: " + ", ".join(f"{n} {kind}s" for kind, n in counts.items()))
    return dict(counts)


def _write_index_job(kb_dir: Path) -> dict:
    """Background build job: open the store being built and write its index (see BuildContext.spawn)."""
    from sqlmodel import Session

    from .db import make_engine, store_path

    engine = make_engine(store_path(kb_dir))
    try:
        with Session(engine) as session:
            counts = write_index(session, index_path(kb_dir), log=lambda message: None)
    finally:
        engine.dispose()
    return {"documents": sum(counts.values()), **{f"{kind}s": n for kind, n in counts.items()}}


def build_index_step(ctx) -> None:
    """Build step: write the search index into the new knowledge base's ``index/`` directory.

    The index is written by a background process from the records committed so far, while the
    remaining steps (which the index does not read) go on; the build waits for it before validating.
    """
    ctx.spawn("search", _write_index_job)


# ------------------------------------------------------------------------------------------ reading


class _Scores:
    """The documents a query node matches (boolean mask) and their scores (dense arrays by docnum)."""

    __slots__ = ("mask", "score")

    def __init__(self, mask, score):
        self.mask, self.score = mask, score


class QueryEvaluator:
    """Runs a whoosh query over the index term-at-a-time with numpy.

    whoosh's own matchers walk the query tree document by document in Python; for the wide OR queries
    that multi-field free text makes, scoring term by term over whole posting lists is one to two
    orders of magnitude faster.  Scoring is the same BM25F (per-field ``B``, query-time field boosts);
    a phrase scores as the sum of its words in the documents where they stand together.  Postings
    turned into score arrays are cached per process.
    """

    CACHE_ENTRIES = 4096

    def __init__(self, searcher, weighting: scoring.BM25F = WEIGHTING):
        self.searcher = searcher
        self.reader = searcher.reader()
        self.size = self.reader.doc_count_all()
        self.weighting = weighting
        self._cache: OrderedDict = OrderedDict()
        self._lengths: dict[str, np.ndarray] = {}

    # -- caching

    def _cached(self, key, compute):
        cache = self._cache
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
        value = compute()
        cache[key] = value
        if len(cache) > self.CACHE_ENTRIES:
            cache.popitem(last=False)
        return value

    def _empty(self) -> _Scores:
        return _Scores(np.zeros(self.size, dtype=bool), np.zeros(self.size, dtype=np.float32))

    def _from_docs(self, docnums) -> _Scores:
        out = self._empty()
        docs = np.fromiter(docnums, dtype=np.int64)
        out.mask[docs] = True
        return out

    # -- leaves

    def field_lengths(self, fieldname: str) -> np.ndarray:
        """Length (in tokens) of ``fieldname`` in every document."""
        if fieldname not in self._lengths:
            length = self.reader.doc_field_length
            self._lengths[fieldname] = np.array([length(d, fieldname) or 0 for d in range(self.size)],
                                                dtype=np.float32)
        return self._lengths[fieldname]

    def _postings(self, fieldname: str, text: str):
        """(docnums, unit scores) of one term: BM25 for text fields, the term weight otherwise."""
        def compute():
            if (fieldname, text) not in self.reader:
                return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
            items = list(self.reader.postings(fieldname, text).items_as("weight"))
            docs = np.fromiter((d for d, _ in items), dtype=np.int64, count=len(items))
            tf = np.fromiter((w for _, w in items), dtype=np.float32, count=len(items))
            if not isinstance(self.searcher.schema[fieldname], TEXT):
                return docs, tf
            idf = self.searcher.idf(fieldname, text)
            avg = self.searcher.avg_field_length(fieldname) or 1.0
            b = self.weighting._field_B.get(fieldname, self.weighting.B)
            k1 = self.weighting.K1
            lengths = self.field_lengths(fieldname)[docs]
            return docs, (idf * (tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * lengths / avg))).astype(
                np.float32)
        return self._cached(("t", fieldname, text), compute)

    def _term(self, fieldname: str, text: str, boost: float) -> _Scores:
        docs, scores = self._postings(fieldname, text)
        out = self._empty()
        out.mask[docs] = True
        out.score[docs] = scores * boost
        return out

    def _positions(self, fieldname: str, text: str) -> np.ndarray:
        """Every occurrence of a term as a sorted array of ``docnum << 32 | position`` keys."""
        def compute():
            if (fieldname, text) not in self.reader:
                return np.zeros(0, dtype=np.int64)
            keys = [(docnum << 32) | pos
                    for docnum, positions in self.reader.postings(fieldname, text).items_as("positions")
                    for pos in positions]
            return np.sort(np.array(keys, dtype=np.int64))
        return self._cached(("pos", fieldname, text), compute)

    def _phrase_docs(self, q) -> np.ndarray:
        """Documents where the words of a phrase stand in order, each within ``slop`` positions of the
        one before it (whoosh's ``Phrase`` semantics; ``slop=1`` is the exact phrase)."""
        def compute():
            ends = self._positions(q.fieldname, q.words[0])
            for word in q.words[1:]:
                if not len(ends):
                    break
                keys = self._positions(q.fieldname, word)
                before = np.searchsorted(ends, keys)  # the closest occurrence of the words so far
                has_before = before > 0
                gap = keys[has_before] - ends[before[has_before] - 1]
                ends = keys[has_before][gap <= q.slop]  # positions < 2**32: a small gap is one document
            return np.unique(ends >> 32)
        return self._cached(("p", q.fieldname, tuple(q.words), q.slop), compute)

    def _expansions(self, q) -> list[str]:
        return self._cached(("f", q.fieldname, q.text, q.maxdist, q.prefixlength), lambda: list(
            self.reader.terms_within(q.fieldname, q.text, q.maxdist, prefix=q.prefixlength)))

    # -- tree

    def evaluate(self, q) -> _Scores:
        """Mask and scores of a whoosh query (the node types kb.query produces)."""
        if isinstance(q, wq.Term):
            return self._term(q.fieldname, q.text, q.boost)
        if isinstance(q, wq.And):
            parts = [self.evaluate(sub) for sub in q.subqueries]
            out = parts[0]
            for part in parts[1:]:
                out.mask &= part.mask
                out.score += part.score
            out.score *= out.mask
            return out
        if isinstance(q, Coordinated):
            out, matched = self._empty(), np.zeros(self.size, dtype=np.float32)
            for sub in q.subqueries:
                part = self.evaluate(sub)
                out.mask |= part.mask
                out.score += part.score
                matched += part.mask
            out.score *= (matched / len(q.subqueries)) ** query_module.COORDINATION
            return out
        if isinstance(q, wq.Or):
            out = self._empty()
            for sub in q.subqueries:
                part = self.evaluate(sub)
                out.mask |= part.mask
                out.score += part.score
            return out
        if isinstance(q, wq.AndNot):
            out, negative = self.evaluate(q.a), self.evaluate(q.b)
            out.mask &= ~negative.mask
            out.score *= out.mask
            return out
        if isinstance(q, wq.AndMaybe):
            out, extra = self.evaluate(q.a), self.evaluate(q.b)
            out.score += extra.score * out.mask
            return out
        if isinstance(q, wq.ConstantScoreQuery):
            out = self.evaluate(q.child)
            out.score = out.mask.astype(np.float32) * q.score
            return out
        if isinstance(q, wq.Phrase):
            docs = self._phrase_docs(q)
            out = self._empty()
            out.mask[docs] = True
            for word in q.words:
                term_docs, scores = self._postings(q.fieldname, word)
                picked = np.isin(term_docs, docs, assume_unique=True)
                out.score[term_docs[picked]] += scores[picked] * q.boost
            return out
        if isinstance(q, wq.FuzzyTerm):
            out = self._empty()
            for text in self._expansions(q):
                part = self._term(q.fieldname, text, q.boost)
                out.mask |= part.mask
                out.score += part.score
            return out
        if isinstance(q, wq.Every):
            return _Scores(np.ones(self.size, dtype=bool), np.zeros(self.size, dtype=np.float32))
        if q is wq.NullQuery or isinstance(q, type(wq.NullQuery)):
            return self._empty()
        # anything else (numeric ranges): its documents, from whoosh, cached
        docs = self._cached(("q", repr(q)), lambda: np.fromiter(q.docs(self.searcher), dtype=np.int64))
        out = self._empty()
        out.mask[docs] = True
        out.score[docs] = q.boost
        return out

    def top(self, result: _Scores, count: int) -> list[tuple[int, float]]:
        """The ``count`` best (docnum, score) pairs of a result, best first, ties by docnum."""
        docs = np.flatnonzero(result.mask)
        if count < len(docs):
            scores = result.score[docs]
            cut = np.argpartition(-scores, count - 1)[:count]
            threshold = scores[cut].min()
            docs = docs[scores >= threshold]
        order = np.lexsort((docs, -result.score[docs]))[:count]
        return [(int(d), float(result.score[d])) for d in docs[order]]


@dataclass
class SearchIndex:
    """An open search index: the whoosh index, a long-lived searcher, facet columns, side data."""

    path: Path
    index: object
    searcher: object
    lock: threading.Lock = field(default_factory=threading.Lock)
    evaluator: QueryEvaluator | None = None
    _meta: dict | None = None
    _columns: dict | None = None
    _synonyms: dict | None = None
    _known: dict = field(default_factory=dict)
    _values: dict = field(default_factory=dict)

    @property
    def meta(self) -> dict:
        """The side file written with the index (vocabulary, titles, nicknames, counts)."""
        if self._meta is None:
            meta_file = self.path / META_FILE
            self._meta = json.loads(meta_file.read_text(encoding="utf-8")) if meta_file.exists() else {}
        return self._meta

    @property
    def columns(self) -> dict[str, tuple[list[str], np.ndarray]]:
        """Facet value labels and, per document, the index of its value (or a 0/1 matrix for region)."""
        if self._columns is None:
            reader = self.searcher.reader()
            columns = {}
            for name in FACETS:
                raw = [v.decode() if isinstance(v, bytes) else (v or "")
                       for v in reader.column_reader(name)]
                if name == "region":
                    labels = sorted({r for v in raw for r in v.split()})
                    matrix = np.zeros((len(raw), len(labels)), dtype=bool)
                    for docnum, value in enumerate(raw):
                        for r in value.split():
                            matrix[docnum, labels.index(r)] = True
                    columns[name] = (labels, matrix)
                else:
                    labels = sorted(set(raw))
                    codes = {label: i for i, label in enumerate(labels)}
                    columns[name] = (labels, np.array([codes[v] for v in raw], dtype=np.int32))
            self._columns = columns
        return self._columns

    def facets(self, mask: np.ndarray) -> dict[str, dict[str, int]]:
        """Counts of each facet value among the matched documents, most frequent first."""
        out = {}
        for name, (labels, values) in self.columns.items():
            if values.ndim == 2:
                counts = values[mask].sum(axis=0)
            else:
                counts = np.bincount(values[mask], minlength=len(labels))
            pairs = [(label, int(n)) for label, n in zip(labels, counts) if n and label]
            out[name] = dict(sorted(pairs, key=lambda p: (-p[1], p[0])))
        return out

    @property
    def synonyms(self) -> dict[tuple[str, ...], list[tuple[str, ...]]]:
        """Token sequence -> alternative token sequences (synonym groups and card nicknames)."""
        if self._synonyms is None:
            table: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
            analyze = self.analyze
            for group in SYNONYM_GROUPS:
                forms = [tuple(analyze(expr)) for expr in group]
                for form in forms:
                    if form:
                        alts = table.setdefault(form, [])
                        alts.extend(f for f in forms if f and f != form and f not in alts)
            for alias, name in self.meta.get("nicknames", []):
                form, target = tuple(analyze(alias)), tuple(analyze(name))
                if form and target and form != target and len(form) <= 3:
                    alts = table.setdefault(form, [])
                    if target not in alts:
                        alts.append(target)
            self._synonyms = table
        return self._synonyms

    @property
    def word_list(self) -> list[str]:
        """The display vocabulary (words as written in titles and texts), for spelling suggestions."""
        if "_words" not in self._values:
            self._values["_words"] = list(self.meta.get("vocabulary", {}))
        return self._values["_words"]

    @property
    def title_list(self) -> list[str]:
        """Names of cards and titles of terms and sections, for suggestions."""
        if "_titles" not in self._values:
            self._values["_titles"] = [t[0] for t in self.meta.get("titles", [])]
            self._values["_title_keys"] = [name_key(t) for t in self._values["_titles"]]
        return self._values["_titles"]

    @property
    def title_keys(self) -> list[str]:
        """:func:`kb.text.name_key` of every entry of :attr:`title_list`."""
        self.title_list
        return self._values["_title_keys"]

    def analyze(self, text: str) -> list[str]:
        """Index tokens of ``text``."""
        return [t.text for t in _ANALYZER(text)]

    def is_known(self, token: str) -> bool:
        """Whether ``token`` is a common enough word of titles, names and texts to be taken as typed.

        Words that occur in fewer than :data:`RARE_WORD_DOCS` documents may be typos of a common word
        (``judgement``), so they get typo tolerance too.
        """
        if token not in self._known:
            reader = self.searcher.reader()
            self._known[token] = sum(reader.doc_frequency(f, token) for f in ("title", "alt", "body")) \
                >= RARE_WORD_DOCS
        return self._known[token]

    def field_values(self, fieldname: str) -> set[str] | None:
        """The values a keyword field holds (for checking filter values)."""
        if fieldname in ("kind", "cards", "region"):
            return None
        if fieldname not in self._values:
            self._values[fieldname] = {t.decode() if isinstance(t, bytes) else t
                                       for t in self.searcher.reader().lexicon(fieldname)}
        return self._values[fieldname]

    def resolve_card(self, name: str, query: str, position: int) -> list[int]:
        """Card ids for the card named in ``ruling:``/``card:`` (kb.cards.match_name: exact name,
        nickname, passcode, then closest); an unknown or ambiguous name is an invalid query."""
        from .cards import match_name
        from .db import session_scope

        try:
            with session_scope(self.path.parent) as session:
                return [match_name(session, name).card_id]
        except NotFoundError as exc:
            hint = f"; did you mean {', '.join(map(str, exc.suggestions[:3]))}?" if exc.suggestions else ""
            raise InvalidQueryError(f"no card named {name!r}{hint}", query, position) from None
        except AmbiguousError as exc:
            raise InvalidQueryError(f"{name!r} could be {', '.join(map(str, exc.candidates[:5]))}",
                                    query, position) from None

    def context(self, query: str, *, strict: bool = True) -> QueryContext:
        """The :class:`kb.query.QueryContext` of this index for one query."""
        has_cards = bool(self.meta.get("counts", {}).get("card"))
        return QueryContext(analyze=self.analyze, is_known=self.is_known, synonyms=self.synonyms,
                            resolve_card=self.resolve_card if has_cards else None,
                            field_values=self.field_values, query=query, strict=strict)


_OPEN: dict[Path, SearchIndex] = {}
_OPEN_LOCK = threading.Lock()


def open_index(kb_path: Path | str | None = None) -> SearchIndex:
    """The search index of a knowledge base, opened once per process (re-opened after a rebuild).

    :raises KnowledgeBaseMissingError: when the knowledge base has no search index.
    """
    path = index_path(kb_path).resolve()
    with _OPEN_LOCK:
        if path in _OPEN:
            return _OPEN[path]
        if not windex.exists_in(str(path)):
            raise KnowledgeBaseMissingError(f"no search index at {path} (run `kb build`)")
        ix = windex.open_dir(str(path))
        searcher = ix.searcher(weighting=WEIGHTING)
        opened = SearchIndex(path=path, index=ix, searcher=searcher, evaluator=QueryEvaluator(searcher))
        for stale in [p for p in _OPEN if p.parent.parent == path.parent.parent]:
            _OPEN.pop(stale).searcher.close()  # an older version of the same knowledge base
        _OPEN[path] = opened
        return opened


# ------------------------------------------------------------------------------------------ search


SNIPPET_CHARS = 240


def highlight_terms(q, fieldname: str = "body", evaluator: QueryEvaluator | None = None) -> set[str]:
    """The index tokens a whoosh query looks for in one field (fuzzy terms as expanded)."""
    found: set[str] = set()
    if isinstance(q, wq.Term) and q.fieldname == fieldname:
        found.add(q.text)
    elif isinstance(q, wq.Phrase) and q.fieldname == fieldname:
        found.update(q.words)
    elif isinstance(q, wq.FuzzyTerm) and q.fieldname == fieldname and evaluator is not None:
        found.update(evaluator._expansions(q))
    elif isinstance(q, wq.AndNot):
        found |= highlight_terms(q.a, fieldname, evaluator)
    elif isinstance(q, wq.ConstantScoreQuery):
        found |= highlight_terms(q.child, fieldname, evaluator)
    elif hasattr(q, "subqueries"):
        for sub in q.subqueries:
            found |= highlight_terms(sub, fieldname, evaluator)
    return found


_WORD_STEMS: dict[str, str] = {}


def _stem_of(word: str) -> str:
    if word not in _WORD_STEMS:
        tokens = [t.text for t in _ANALYZER(word)]
        _WORD_STEMS[word] = tokens[0] if len(tokens) == 1 else ""
    return _WORD_STEMS[word]


def _term_spans(text: str, terms: set[str]) -> list[tuple[int, int]]:
    """Character spans of the words of ``text`` whose index token is in ``terms``.

    Stems are (nearly always) prefixes of their words, so a regex over the stems finds the candidate
    words and only those are analyzed; Japanese bigrams are matched literally.
    """
    prefixes = sorted({t[:-1] if t.endswith("i") and len(t) > 2 else t for t in terms if t}, key=len,
                      reverse=True)
    if not prefixes:
        return []
    pattern = re.compile("|".join(re.escape(p) for p in prefixes), re.I)
    spans = []
    for match in pattern.finditer(text, 0, 20000):
        start = match.start()
        if re.match(f"[{_CJK}]", match.group()):
            spans.append((start, match.end()))
            continue
        if start and (text[start - 1].isalnum() or text[start - 1] == "'"):
            continue
        word = _TOKEN_RE.match(text, start)
        if word and word.lastgroup != "cjk" and _stem_of(word.group()) in terms:
            spans.append((start, word.end()))
    return spans


def make_snippet(text: str, terms: set[str], width: int = SNIPPET_CHARS) -> tuple[str, str]:
    """The ``width`` characters of ``text`` holding most query words: (plain text, HTML with <mark>)."""
    text = text or ""
    spans = _term_spans(text, terms) if terms else []
    start = 0
    if spans:
        best, best_count, right = spans[0][0], 0, 0
        for left in range(len(spans)):
            while right < len(spans) and spans[right][1] - spans[left][0] <= width:
                right += 1
            if right - left > best_count:
                best, best_count = spans[left][0], right - left
        start = max(0, best - width // 4)
        while start > 0 and not text[start - 1].isspace() and best - start < width // 3:
            start -= 1
    end = min(len(text), start + width)
    while end < len(text) and not text[end].isspace() and end - start < width + 20:
        end += 1
    plain_parts, html_parts, cursor = [], [], start
    for left, right in spans:
        if left < start or right > end:
            continue
        plain_parts.append(text[cursor:left])
        html_parts.append(html.escape(text[cursor:left]))
        plain_parts.append(text[left:right])
        html_parts.append("<mark>" + html.escape(text[left:right]) + "</mark>")
        cursor = right
    plain_parts.append(text[cursor:end])
    html_parts.append(html.escape(text[cursor:end]))
    prefix, suffix = ("\u2026" if start > 0 else ""), ("\u2026" if end < len(text) else "")
    plain = prefix + " ".join("".join(plain_parts).split()) + suffix
    rich = prefix + " ".join("".join(html_parts).split()) + suffix
    return plain, rich


def _with_filters(node: Node, kind: str | None, source: str | None, query: str) -> Node:
    extra = []
    if kind:
        if kind not in KINDS:
            raise InvalidQueryError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}", query, None)
        extra.append(Filter("kind", ":", kind))
    if source:
        extra.append(Filter("source", ":", source.strip().lower()))
    if not extra:
        return node
    children = node.children if isinstance(node, And) else (node,)
    return And(tuple(children) + tuple(extra))


def _has_free_text(node: Node) -> bool:
    if isinstance(node, (Word, Phrase)):
        return True
    return isinstance(node, And) and any(isinstance(c, (Word, Phrase)) for c in node.children)


def search(kb_path, q: str, *, kind: str | None = None, source: str | None = None, limit: int = 10,
           page: int = 1) -> dict:
    """Search the knowledge base.

    :param q: a query in the language of :mod:`kb.query` (``docs/search.md``).
    :param kind: only this kind of result (section, term, card, ruling); same as ``kind:`` in ``q``.
    :param source: only this source (rulebook id or ruling source); same as ``source:`` in ``q``.
    :param limit: results per page (1-100); ``page`` is 1-based.
    :returns: ``{"query", "parsed", "total", "page", "pages", "results": [{"kind", "id", "title",
        "snippet", "snippet_html", "score", "source", "region", ...}], "facets": {facet: {value: count}},
        "suggestions": [...], "relaxed": bool}``.  ``relaxed`` is true when no document held every
        word, so documents holding some of them are listed.  ``suggestions`` (did you mean) are given
        when nothing matched.
    :raises InvalidQueryError: for a query that does not parse, with the position of the problem.
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidQueryError(f"limit must be 1-{MAX_LIMIT}, got {limit!r}", str(q), None)
    if not isinstance(page, int) or isinstance(page, bool) or page < 1:
        raise InvalidQueryError(f"page must be 1 or more, got {page!r}", str(q), None)
    index = open_index(kb_path)
    node = _with_filters(parse(q), kind, source, q)
    relaxed = False
    with index.lock:
        evaluator = index.evaluator
        compiled = to_whoosh(node, index.context(q))
        found = evaluator.evaluate(compiled)
        total = int(found.mask.sum())
        if not total and _has_free_text(node):
            loose = to_whoosh(node, index.context(q, strict=False))
            retry = evaluator.evaluate(loose)
            if retry.mask.any():
                compiled, found, relaxed, total = loose, retry, True, int(retry.mask.sum())
        pages = max(1, math.ceil(total / limit))
        results = []
        if total and page <= pages:
            terms = highlight_terms(compiled, "body", evaluator)
            for docnum, score in evaluator.top(found, page * limit)[(page - 1) * limit:]:
                stored = index.searcher.stored_fields(docnum)
                info = dict(stored.get("info") or {})
                plain, rich = make_snippet(stored.get("body", ""), terms)
                result = {"kind": stored["kind"], "id": info.pop("id"), "title": stored["title"],
                          "snippet": plain, "snippet_html": rich, "score": round(score, 4),
                          "source": stored.get("source"),
                          "region": (stored.get("region") or "").split()}
                result.update(info)
                results.append(result)
        facets = index.facets(found.mask)
    out = {"query": q, "parsed": node.to_string(), "total": total, "page": page, "pages": pages,
           "results": results, "facets": facets, "suggestions": [], "relaxed": relaxed}
    if not total:
        out["suggestions"] = suggest(kb_path, q)
    return out


def _closest_word(index: SearchIndex, word: str) -> str | None:
    vocabulary = index.meta.get("vocabulary", {})
    lowered = word.lower()
    if lowered in vocabulary or len(lowered) < 3 or not lowered.isalpha():
        return None
    candidates = process.extract(lowered, index.word_list, scorer=fuzz.ratio, limit=8, score_cutoff=70)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (round(c[1] / 8), c[0][0] == lowered[0], vocabulary[c[0]]))
    return best[0]


def suggest(kb_path, q: str, *, limit: int = 5) -> list[str]:
    """Queries to try instead of ``q``: ``q`` with misspelled words corrected, then close names/titles.

    Also serves as type-ahead: names and titles starting with ``q`` come first among the titles.
    Never raises for a malformed query (it is read as plain words).
    """
    index = open_index(kb_path)
    out: list[str] = []
    try:
        node = parse(q)
        words = text_words(node)
    except InvalidQueryError:
        node, words = None, re.findall(r"[^\s\"()]+", q)
    with index.lock:
        corrected, changed = [], False
        for word in re.findall(r"\S+", " ".join(words)):
            core = re.sub(r"^\W+|\W+$", "", word)
            better = _closest_word(index, core) if core else None
            corrected.append(better or core)
            changed = changed or bool(better)
    if changed:
        fixed = " ".join(corrected)
        if node is not None and not isinstance(node, Word):
            rest = [c.to_string() for c in (node.children if isinstance(node, And) else (node,))
                    if not isinstance(c, Word)]
            fixed = " ".join([fixed] + rest) if rest else fixed
        out.append(fixed)
    text = " ".join(words) or q
    names = index.title_list
    if text.strip() and names:
        key = name_key(text)
        prefixed = [n for n, k in zip(names, index.title_keys) if k.startswith(key)] if len(key) >= 3 else []
        prefixed.sort(key=len)
        close = [names[m[2]] for m in process.extract(key, index.title_keys, scorer=fuzz.ratio,
                                                      limit=limit * 2, score_cutoff=80)]
        for name in prefixed[:limit] + close:
            if name not in out and name_key(name) != key and len(name) <= SUGGESTION_CHARS:
                out.append(name)
    return out[:limit]
