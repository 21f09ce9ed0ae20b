"""Full-text search over rule sections, glossary terms, cards and rulings (whoosh).

The index lives in ``<kb>/index`` and is written by the ``search-index`` build step, inside the new
knowledge-base version directory, so it is swapped in atomically with the store.  One document per
section, term, card and ruling; every document has the same text fields (``title``, ``alt`` for other
names, ``context`` for headings and involved cards, ``body``) plus keyword and numeric card fields for
the filters of the query language (:mod:`kb.query`).  Ranking is BM25F with field weights, plus
optional boosts for an exact name/title, the phrase, and adjacent words standing close; abbreviations
and synonyms (:data:`SYNONYM_GROUPS`, card nicknames from the Alias table) expand the query.

Modules, one job each: :mod:`.analysis` (the analyzer), :mod:`.schema`, :mod:`.documents` (records to
documents), :mod:`.writing` (the build step), :mod:`.segment` (the whoosh segment written in bulk), :mod:`.stored`
(the result fields of each document, in a side file), :mod:`.index` (an open index), :mod:`.evaluator` (scoring),
:mod:`.limits` (the bounds on one query's work), :mod:`.execute` (:func:`search`), :mod:`.snippets`,
:mod:`.did_you_mean` (:func:`suggest`) and :mod:`.synonyms`.
"""

from __future__ import annotations

# KbTokenizer and FoldFilter stay importable from kb.search: whoosh pickles the schema (analyzer classes
# by module path) into every index, and indexes written before the split name them kb.search.*
from .analysis import FoldFilter, KbTokenizer, text_analyzer
from .did_you_mean import suggest
from .evaluator import QueryEvaluator
from .execute import MAX_LIMIT, search
from .index import SearchIndex, open_index
from .schema import FACETS, KINDS, build_schema
from .snippets import highlight_terms, make_snippet
from .synonyms import SYNONYM_GROUPS
from .writing import build_index_step, write_index

__all__ = [
    "SYNONYM_GROUPS",
    "KINDS",
    "FACETS",
    "MAX_LIMIT",
    "text_analyzer",
    "KbTokenizer",
    "FoldFilter",
    "build_schema",
    "build_index_step",
    "write_index",
    "open_index",
    "SearchIndex",
    "QueryEvaluator",
    "highlight_terms",
    "make_snippet",
    "search",
    "suggest",
]
