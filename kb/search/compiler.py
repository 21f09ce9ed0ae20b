"""Compiling a parsed search query (:mod:`kb.query`'s AST) into a whoosh query, with the ranking it implies.

:func:`to_whoosh` uses a :class:`QueryContext` that knows the index (analysis, vocabulary, synonyms, card
names): free-text words search the text fields with :data:`TEXT_FIELDS` weights (typo tolerant for words
the index does not hold), up to :data:`STRICT_WORDS` units are all required and longer, question-like
queries rank by how many units match (:class:`Coordinated`), and exact titles, phrases and proximity add
boosts.  Problems (an unknown card, a filter value the index does not hold) raise
:class:`kb.errors.InvalidQueryError` with the position of the offending text.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from rapidfuzz import process
from whoosh import query as wq

from ..errors import InvalidQueryError
from ..query import FILTER_KEYS, And, Filter, FieldSpec, Node, Not, Or, Phrase, STOP_WORDS, Word
from ..text import name_key

__all__ = ["COORDINATION", "Coordinated", "QueryContext", "STRICT_WORDS", "TEXT_FIELDS", "normalize", "to_whoosh"]

# Free-text words search these index fields, with these weights (titles and names over body text).
TEXT_FIELDS: tuple[tuple[str, float], ...] = (("title", 1.5), ("alt", 1.5), ("context", 0.5),
                                              ("body", 1.0))

PHRASE_FIELDS = ("title", "alt", "body")  # fields indexed with positions

# Up to this many free-text units (words, synonyms, phrases) are all required; longer, question-like
# queries match any of them and rank by how many match and how well.
STRICT_WORDS = 3
EXACT_TITLE_BOOST = 1000.0  # the whole free text is the exact name/title: ranks first
PHRASE_BOOST = 2.0  # the free text appears as a phrase in the title or body
PROXIMITY_BOOST = 2.0  # two adjacent query words appear close together in the body ...
PROXIMITY_SLOP = 2  # ... in order, at most this many positions apart
SYNONYM_WEIGHT = 0.8  # an expansion counts a bit less than the words typed
COORDINATION = 2.0  # a long text's score is scaled by (share of its units matched) ** COORDINATION


class Coordinated(wq.Or):
    """Any child matches; the summed score is scaled by the share of children that matched, raised to
    :data:`COORDINATION` (a document answering more of a question's words ranks higher)."""


@dataclass
class QueryContext:
    """What :func:`to_whoosh` needs to know about the index.

    :param analyze: text -> index tokens (the analyzer of the text fields, without stop words removed)
    :param is_known: token -> whether any text field holds it (unknown words get typo tolerance)
    :param synonyms: token tuple -> alternative token tuples (see kb.search.SYNONYM_GROUPS)
    :param resolve_card: (name, query, position) -> card ids; raises InvalidQueryError when unknown
    :param field_values: index field -> the values it holds (to reject a typo in a filter), or None
    """

    analyze: Callable[[str], list[str]]
    is_known: Callable[[str], bool] = lambda token: True
    synonyms: dict[tuple[str, ...], list[tuple[str, ...]]] = field(default_factory=dict)
    resolve_card: Callable[[str, str, int], list[int]] | None = None
    field_values: Callable[[str], Iterable[str] | None] = lambda index_field: None
    query: str = ""
    strict: bool = True  # False: free-text words are all optional (the relaxed retry)
    fuzzy: bool = True


def _fields_query(tokens: tuple[str, ...], ctx: QueryContext, weight: float = 1.0,
                  fuzzy: bool = False) -> wq.Query:
    """One word (or a phrase of tokens) in every text field, weighted."""
    subs: list[wq.Query] = []
    for fieldname, boost in TEXT_FIELDS:
        if len(tokens) > 1 and fieldname not in PHRASE_FIELDS:
            continue
        if len(tokens) == 1:
            subs.append(wq.Term(fieldname, tokens[0], boost=boost * weight))
        else:
            subs.append(wq.Phrase(fieldname, list(tokens), boost=boost * weight))
    if fuzzy and len(tokens) == 1 and ctx.fuzzy and not ctx.is_known(tokens[0]):
        token = tokens[0]
        if len(token) >= 4 and token.isalpha():
            maxdist = 2 if len(token) >= 8 else 1
            for fieldname, boost in TEXT_FIELDS:
                if fieldname != "context":
                    subs.append(wq.FuzzyTerm(fieldname, token, boost=boost * weight * 0.7,
                                             maxdist=maxdist, prefixlength=1))
    return wq.Or(subs)


def _is_compound(text: str) -> bool:
    """A word whose tokens belong together: ``quick-play``, ``spell/trap``, ``S:P``, Japanese text."""
    return bool(re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text)
                or re.fullmatch(r"\W*\w+(?:[-/.:]\w+)+\W*", text))


_LONGEST: tuple[object, int] = (None, 0)  # the synonym table seen last, the length of its longest key


def _longest_key(synonyms: dict) -> int:
    """The number of tokens of the longest key of ``synonyms`` (an index's table is made once: remembered
    for the last table seen instead of a pass over its few hundred keys for every query)."""
    global _LONGEST
    table, longest = _LONGEST
    if table is not synonyms:
        longest = max(map(len, synonyms), default=0)
        _LONGEST = (synonyms, longest)
    return longest


def _units(words: list[Word], ctx: QueryContext) -> list[list[tuple[tuple[str, ...], float]]]:
    """Free-text words -> scoring units: each a list of (token tuple, weight) alternatives.

    Words are analyzed; a compound word (``quick-play``, Japanese text) is one phrase unit; runs of
    tokens that spell a synonym (``gy``, ``remove from play``) get their alternatives; stop words are
    dropped unless nothing else is left.
    """
    flat: list[str] = []
    stops: list[bool] = []
    compounds: dict[int, int] = {}  # start -> end of a compound word's tokens
    for word in words:
        tokens = ctx.analyze(word.text)
        if len(tokens) > 1 and _is_compound(word.text):
            compounds[len(flat)] = len(flat) + len(tokens)
        is_stop = re.sub(r"\W+", "", word.text.lower()) in STOP_WORDS
        flat.extend(tokens)
        stops.extend([is_stop] * len(tokens))
    longest = _longest_key(ctx.synonyms)
    units: list[list[tuple[tuple[str, ...], float]]] = []
    stop_units: list[bool] = []
    i = 0
    while i < len(flat):
        match = next((tuple(flat[i:i + size]) for size in range(min(longest, len(flat) - i), 0, -1)
                      if tuple(flat[i:i + size]) in ctx.synonyms), None)
        if match:
            units.append([(match, 1.0)] + [(alt, SYNONYM_WEIGHT) for alt in ctx.synonyms[match]])
            stop_units.append(False)
            i += len(match)
        elif i in compounds:
            units.append([(tuple(flat[i:compounds[i]]), 1.0)])
            stop_units.append(False)
            i = compounds[i]
        else:
            units.append([((flat[i],), 1.0)])
            stop_units.append(stops[i])
            i += 1
    content = [unit for unit, is_stop in zip(units, stop_units) if not is_stop]
    return content or units


def _unit_query(unit, ctx: QueryContext) -> wq.Query:
    alternatives = [_fields_query(tokens, ctx, weight, fuzzy=(weight == 1.0)) for tokens, weight in unit]
    return alternatives[0] if len(alternatives) == 1 else wq.Or(alternatives)


def _phrase_query(text: str, ctx: QueryContext) -> wq.Query:
    tokens = tuple(ctx.analyze(text))
    key = name_key(text)
    exact = [wq.Term("title_key", key, boost=EXACT_TITLE_BOOST)] if key else []
    if not tokens:
        return wq.Or(exact) if exact else wq.NullQuery
    return wq.Or([_fields_query(tokens, ctx)] + exact)


def _numeric(spec: FieldSpec, op: str, value: int) -> wq.Query:
    if op in ("=", ":"):
        return wq.NumericRange(spec.index_field, value, value)
    if op in ("<", "<="):
        return wq.NumericRange(spec.index_field, None, value, endexcl=(op == "<"))
    return wq.NumericRange(spec.index_field, value, None, startexcl=(op == ">"))


def _filter_query(node: Filter, ctx: QueryContext) -> wq.Query:
    spec = FILTER_KEYS[node.key]
    if spec.kind == "numeric":
        return _numeric(spec, node.op, node.value)
    if spec.kind == "keyword":
        known = ctx.field_values(spec.index_field)
        if known is not None and node.value not in set(known):
            known = sorted(known)
            close = [m[0] for m in process.extract(node.value, known, limit=3, score_cutoff=60)]
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise InvalidQueryError(f"no {spec.key} {node.value!r}{hint}", ctx.query, node.value_pos)
        return wq.Term(spec.index_field, node.value)
    if spec.kind == "card":
        if ctx.resolve_card is None:
            raise InvalidQueryError(f"{spec.key}: needs the card tables, which this index lacks",
                                    ctx.query, node.value_pos)
        ids = ctx.resolve_card(node.value, ctx.query, node.value_pos)
        cards = wq.Or([wq.Term("cards", str(card_id)) for card_id in ids])
        return wq.And([wq.Term("kind", "ruling"), cards]) if spec.key == "ruling" else cards
    if spec.kind == "name" and node.op == "=":
        return wq.Term("title_key", name_key(node.value))
    tokens = ctx.analyze(node.value)
    if not tokens:
        raise InvalidQueryError(f"{spec.key}: {node.value!r} has no searchable words", ctx.query,
                                node.value_pos)
    fields = [spec.index_field] + (["alt"] if spec.kind == "name" else [])
    quoted = bool(re.search(r"\s", node.value))
    per_field = []
    for fieldname in fields:
        if quoted or len(tokens) > 1 and re.search(r"[-/\u3040-\u30ff\u3400-\u9fff]", node.value):
            per_field.append(wq.Phrase(fieldname, tokens))
        else:
            per_field.append(wq.And([wq.Term(fieldname, t) for t in tokens]) if len(tokens) > 1
                             else wq.Term(fieldname, tokens[0]))
    return per_field[0] if len(per_field) == 1 else wq.Or(per_field)


def _constant(q: wq.Query) -> wq.Query:
    """A filter: matches without adding to the score."""
    return wq.ConstantScoreQuery(q, 0.0)


def _compile(node: Node, ctx: QueryContext) -> wq.Query:
    if isinstance(node, And):
        return _compile_and(list(node.children), ctx)
    if isinstance(node, Word):
        return _compile_and([node], ctx)
    if isinstance(node, Phrase):
        return _phrase_query(node.text, ctx)
    if isinstance(node, Filter):
        return _constant(_filter_query(node, ctx))
    if isinstance(node, Or):
        return wq.Or([_compile(child, ctx) for child in node.children])
    if isinstance(node, Not):
        return wq.AndNot(wq.Every(), _compile_excluded(node.child, ctx))
    raise TypeError(f"not a query node: {node!r}")  # pragma: no cover - the parser makes only these


def _compile_excluded(node: Node, ctx: QueryContext) -> wq.Query:
    """What a ``-`` excludes: a word in any text field (exactly as typed, no typo tolerance)."""
    if isinstance(node, Word):
        tokens = ctx.analyze(node.text)
        return _fields_query(tuple(tokens), ctx) if tokens else wq.NullQuery
    return _compile(node, ctx)


def _compile_and(children: list[Node], ctx: QueryContext) -> wq.Query:
    """Filters and groups are required; free text (words and phrases) is required when short.

    Up to :data:`STRICT_WORDS` free-text units (a word, a synonym or a phrase) are all required; a
    longer, question-like text requires any of them and ranks by how many match and how well.
    """
    words = [c for c in children if isinstance(c, Word)]
    phrases = [c for c in children if isinstance(c, Phrase)]
    required: list[wq.Query] = []
    optional: list[wq.Query] = []
    excluded: list[wq.Query] = []
    for child in children:
        if isinstance(child, Not):
            excluded.append(_compile_excluded(child.child, ctx))
        elif not isinstance(child, (Word, Phrase)):
            required.append(_compile(child, ctx))
    units = _units(words, ctx) if words else []
    free = [_unit_query(u, ctx) for u in units] + [_phrase_query(p.text, ctx) for p in phrases]
    free = [q for q in free if q is not wq.NullQuery]
    if ctx.strict and len(free) <= STRICT_WORDS:
        required.extend(free)
    elif free:
        # a question-like text is coordinated; the relaxed retry of a short one lists any partial match
        required.append(Coordinated(free) if len(free) > STRICT_WORDS
                        else wq.Or(free) if len(free) > 1 else free[0])
    if words:
        optional.extend(_boosts(words, units, ctx))
    if not required:
        required = [wq.Every()]
    main = required[0] if len(required) == 1 else wq.And(required)
    for negative in excluded:
        main = wq.AndNot(main, negative)
    if optional:
        main = wq.AndMaybe(main, optional[0] if len(optional) == 1 else wq.Or(optional))
    return main


def _boosts(words: list[Word], units, ctx: QueryContext) -> list[wq.Query]:
    """Optional clauses that lift documents where the words form the name, a phrase, or stand close."""
    boosts: list[wq.Query] = []
    key = name_key(" ".join(w.text for w in words))
    if key:
        boosts.append(wq.Term("title_key", key, boost=EXACT_TITLE_BOOST))
    singles = [u[0][0] for u in units]
    tokens = [t for single in singles for t in single]
    if 2 <= len(units) <= 8:
        boosts.append(wq.Phrase("title", tokens, slop=1, boost=PHRASE_BOOST * 2))
        boosts.append(wq.Phrase("body", tokens, slop=1, boost=PHRASE_BOOST))
    if len(units) >= 2:
        for left, right in zip(singles, singles[1:]):
            if len(left) == 1 and len(right) == 1:
                boosts.append(wq.Phrase("body", [left[0], right[0]], slop=PROXIMITY_SLOP,
                                         boost=PROXIMITY_BOOST))
    return boosts


def to_whoosh(node: Node, ctx: QueryContext) -> wq.Query:
    """Turn a parsed query into a whoosh query over the kb.search schema.

    :raises InvalidQueryError: for a filter value the index does not hold (``source:nope``) or an
        unknown card in ``ruling:``/``card:``.
    """
    return normalize(_compile(node, ctx))


# ---------------------------------------------------------------------------------------- normalize
# whoosh's ``Query.normalize`` (flatten nested And/Or, drop NullQuery and duplicates, unwrap one child)
# deep-copies every grandchild it lifts out of a nested query (``with_boost``), even when its boost stays:
# a seventh of a typical search.  :func:`normalize` returns an equal query (``==``, the same tree of
# classes, fields and boosts; tests/test_search_compile.py compares them) for the query classes the
# compiler makes, copying only a node whose boost changes, and only that node (the compiled tree is new
# for every query and nothing changes a query once it is made).


def normalize(q: wq.Query) -> wq.Query:
    """``q.normalize()`` without copying subtrees (see above)."""
    kind = type(q)
    if kind is wq.Or or kind is wq.And or kind is Coordinated:
        return _normalize_compound(q)
    if kind is wq.AndMaybe:
        a, b = normalize(q.a), normalize(q.b)
        if a is wq.NullQuery:
            return wq.NullQuery
        return a if b is wq.NullQuery else wq.AndMaybe(a, b)
    if kind is wq.AndNot:
        a, b = normalize(q.a), normalize(q.b)
        if a is wq.NullQuery:
            return wq.NullQuery
        return a if b is wq.NullQuery else wq.AndNot(a, b)
    return q.normalize()  # a leaf, or a wrapper (whoosh leaves a ConstantScoreQuery's child as it is)


def _reboosted(q: wq.Query, boost: float) -> wq.Query:
    """``q.with_boost(boost)``: for a query whose ``with_boost`` is whoosh's default (a deep copy with the
    boost set), ``q`` itself when its boost is already ``boost``, else a shallow copy with the boost set."""
    if type(q).with_boost is not wq.Query.with_boost:
        return q.with_boost(boost)  # a binary or wrapping query hands the boost to its children
    if q.boost == boost:
        return q
    copied = copy.copy(q)
    copied.boost = boost
    return copied


def _normalize_compound(q) -> wq.Query:
    """``CompoundQuery.normalize`` (whoosh 2.7) of an And, Or or :class:`Coordinated`, copying only reboosted
    nodes (:func:`_reboosted`)."""
    subqueries = []
    for s in q.subqueries:
        s = normalize(s)
        if isinstance(s, q.__class__):
            subqueries += [_reboosted(ss, ss.boost * s.boost) for ss in s]
        else:
            subqueries.append(s)
    if all(sub is wq.NullQuery for sub in subqueries):
        return wq.NullQuery
    if any(isinstance(sub, wq.Every) and sub.fieldname is None for sub in subqueries):
        return wq.Every()
    everyfields = set()
    i = 0
    while i < len(subqueries):
        sub = subqueries[i]
        if sub.field() in everyfields:
            subqueries.pop(i)
            continue
        if isinstance(sub, (wq.TermRange, wq.NumericRange)):
            j = i + 1
            while j < len(subqueries):
                if sub.overlaps(subqueries[j]):
                    sub = sub.merge(subqueries.pop(j), intersect=q.intersect_merge)
                else:
                    j += 1
            sub = subqueries[i] = sub.normalize()
        if isinstance(sub, wq.Every):
            everyfields.add(sub.fieldname)
        i += 1
    subqs, seen = [], set()
    for sub in subqueries:
        if not isinstance(sub, wq.Every) and sub.field() in everyfields:
            continue
        if sub in seen:
            continue
        seen.add(sub)
        subqs.append(sub)
    subqs = [sub for sub in subqs if sub is not wq.NullQuery]
    if not subqs:
        return wq.NullQuery
    if len(subqs) == 1:
        sub = subqs[0]
        sub_boost = getattr(sub, "boost", 1.0)
        if not (q.boost == 1.0 and sub_boost == 1.0):
            sub = _reboosted(sub, sub_boost * q.boost)
        return sub
    norm = q.__class__(subqs, boost=q.boost)
    if isinstance(q, wq.Or):
        norm.minmatch, norm.scale = q.minmatch, q.scale
    return norm
