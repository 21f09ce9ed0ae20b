"""The whoosh schema of the search index, the kinds of document, facets and the BM25F weighting."""

from __future__ import annotations

from whoosh import scoring
from whoosh.fields import KEYWORD, NUMERIC, TEXT, Schema

from .analysis import text_analyzer

__all__ = ["KINDS", "FACETS", "META_FILE", "OLD_META_FILE", "WEIGHTING", "build_schema"]

KINDS = ("section", "term", "card", "ruling")
FACETS = ("kind", "source", "region", "card_type")
META_FILE = "kb-search-meta.json.gz"  # gzip'd JSON; indexes written before: OLD_META_FILE
OLD_META_FILE = "kb-search-meta.json"

# index field weights are in kb.query.TEXT_FIELDS; BM25 length normalisation per field:
WEIGHTING = scoring.BM25F(B=0.75, K1=0.9, title_B=0.4, alt_B=0.3, context_B=0.5, body_B=0.5)


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
        kind=keyword(sortable=True),
        source=keyword(sortable=True),
        region=keyword(sortable=True),
        card_type=keyword(sortable=True),
        title=TEXT(analyzer=analyzer, phrase=True),
        title_key=keyword(),
        alt=TEXT(analyzer=analyzer, phrase=True),
        context=TEXT(analyzer=analyzer, phrase=False),
        body=TEXT(analyzer=analyzer, phrase=True),
        types=keyword(),
        attr=keyword(),
        race=keyword(),
        series=keyword(),
        cards=keyword(),
        level=number(), rank=number(), link=number(), atk=number(), scale=number(),
        **{"def": number()},
    )

