"""Query evaluation: a whoosh query tree scored term-at-a-time over whole posting lists with numpy."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein
from whoosh import query as wq, scoring
from whoosh.fields import TEXT

from . import compiler
from .compiler import Coordinated
from .limits import MAX_EXPANSIONS, MAX_FUZZY_CHARS
from .schema import WEIGHTING

__all__ = ["QueryEvaluator"]


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
    DENSE_ENTRIES = 128  # dense arrays kept of the longest posting lists (about 0.1 MB each)
    DENSE_SHARE = 16  # a term in more than 1/16 of the documents is added as dense arrays

    def __init__(self, searcher, weighting: scoring.BM25F = WEIGHTING):
        self.searcher = searcher
        self.reader = searcher.reader()
        self.size = self.reader.doc_count_all()
        self.weighting = weighting
        self._cache: OrderedDict = OrderedDict()
        self._dense: OrderedDict = OrderedDict()
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

    def _dense_postings(self, fieldname: str, text: str):
        """(mask, unit scores) of a term as dense arrays by docnum, for a term in many documents (adding
        two dense arrays costs a fraction of scattering thousands of postings); None for other terms."""
        key = (fieldname, text)
        found = self._dense.get(key)
        if found is not None:
            self._dense.move_to_end(key)
            return found
        docs, scores = self._postings(fieldname, text)
        if len(docs) * self.DENSE_SHARE <= self.size:
            return None
        found = self._empty()
        found.mask[docs] = True
        found.score[docs] = scores
        self._dense[key] = found
        if len(self._dense) > self.DENSE_ENTRIES:
            self._dense.popitem(last=False)
        return found

    def _term(self, fieldname: str, text: str, boost: float) -> _Scores:
        dense = self._dense_postings(fieldname, text)
        if dense is not None:
            return _Scores(dense.mask.copy(), dense.score * np.float32(boost))
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

    def _terms_starting(self, fieldname: str, prefix: str) -> list[str]:
        """The terms of a field that start with ``prefix`` (cached per process)."""
        def compute():
            return [t.decode() if isinstance(t, bytes) else t
                    for t in self.reader.expand_prefix(fieldname, prefix)]
        return self._cached(("pre", fieldname, prefix), compute)

    def expansions(self, q) -> list[str]:
        """The terms of a ``FuzzyTerm``'s field within ``maxdist`` edits of its text (sharing its first
        ``prefixlength`` characters), closest first, at most :data:`MAX_EXPANSIONS`; none for a word
        longer than :data:`MAX_FUZZY_CHARS`.  Same terms as whoosh's ``terms_within`` (Levenshtein
        distance), computed with rapidfuzz over the terms that share the prefix."""
        text, maxdist = q.text, q.maxdist
        if len(text) > MAX_FUZZY_CHARS or len(text) <= q.prefixlength:
            return [text] if (q.fieldname, text) in self.reader else []

        def compute():
            candidates = self._terms_starting(q.fieldname, text[:q.prefixlength])
            found = process.extract(text, candidates, scorer=Levenshtein.distance, score_cutoff=maxdist,
                                    limit=MAX_EXPANSIONS)
            return [term for term, _distance, _index in found]
        return self._cached(("f", q.fieldname, text, maxdist, q.prefixlength), compute)

    # -- tree

    def _add_into(self, out: _Scores, q) -> None:
        """OR ``q`` into ``out`` (mask) and add its scores; a term (or a fuzzy term's expansions) goes in
        straight from its postings, without a dense array of its own."""
        if isinstance(q, wq.Term):
            terms = [(q.fieldname, q.text)]
        elif isinstance(q, wq.FuzzyTerm):
            terms = [(q.fieldname, text) for text in self.expansions(q)]
        else:
            part = self.evaluate(q)
            out.mask |= part.mask
            out.score += part.score
            return
        for fieldname, text in terms:
            dense = self._dense_postings(fieldname, text)
            if dense is not None:
                out.mask |= dense.mask
                if q.boost == 1:
                    out.score += dense.score
                else:
                    out.score += dense.score * np.float32(q.boost)
                continue
            docs, scores = self._postings(fieldname, text)
            out.mask[docs] = True
            out.score[docs] += scores * q.boost

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
            out.score *= (matched / len(q.subqueries)) ** compiler.COORDINATION
            return out
        if isinstance(q, wq.Or):
            out = self._empty()
            for sub in q.subqueries:
                self._add_into(out, sub)
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
            if not len(docs):
                return out
            for word in q.words:
                dense = self._dense_postings(q.fieldname, word)
                if dense is not None:  # a common word: its dense scores where the phrase stands
                    out.score += (dense.score * np.float32(q.boost)) * out.mask
                    continue
                term_docs, scores = self._postings(q.fieldname, word)
                picked = out.mask[term_docs]  # the word's documents that hold the phrase
                out.score[term_docs[picked]] += scores[picked] * q.boost
            return out
        if isinstance(q, wq.FuzzyTerm):
            out = self._empty()
            self._add_into(out, q)
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

