"""Running a query: parse, compile, evaluate, page, snippets and facets (:func:`search`)."""

from __future__ import annotations

import math

import numpy as np

from ..errors import InvalidQueryError
from ..query import And, Filter, Node, Phrase, Word, parse
from .compiler import to_whoosh
from .did_you_mean import suggest
from .index import open_index
from .limits import check_query
from .schema import KINDS
from .snippets import highlight_terms, make_snippet

__all__ = ["search", "MAX_LIMIT"]

MAX_LIMIT = 100


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
    :raises InvalidQueryError: for a query that does not parse, with the position of the problem, or
        one longer than :data:`kb.search.limits.MAX_QUERY_CHARS`.
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidQueryError(f"limit must be 1-{MAX_LIMIT}, got {limit!r}", str(q), None)
    if not isinstance(page, int) or isinstance(page, bool) or page < 1:
        raise InvalidQueryError(f"page must be 1 or more, got {page!r}", str(q), None)
    check_query(q)
    index = open_index(kb_path)
    node = _with_filters(parse(q), kind, source, q)
    relaxed = False
    with index.lock:
        evaluator = index.evaluator
        compiled = to_whoosh(node, index.context(q))
        found = evaluator.evaluate(compiled)
        total = int(np.count_nonzero(found.mask))
        if not total and _has_free_text(node):
            loose = to_whoosh(node, index.context(q, strict=False))
            retry = evaluator.evaluate(loose)
            if retry.mask.any():
                compiled, found, relaxed, total = loose, retry, True, int(np.count_nonzero(retry.mask))
        pages = max(1, math.ceil(total / limit))
        results = []
        if total and page <= pages:
            terms = frozenset(highlight_terms(compiled, "body", evaluator))  # made once, not per snippet
            for docnum, score in evaluator.top(found, page * limit)[(page - 1) * limit:]:
                stored = index.document(docnum)
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
