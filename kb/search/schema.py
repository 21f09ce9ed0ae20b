"""The whoosh schema of the search index, the kinds of document, facets and the BM25F weighting."""

from __future__ import annotations

from itertools import accumulate

from whoosh import scoring
from whoosh.fields import KEYWORD, NUMERIC, TEXT, Schema
from whoosh.formats import Positions

from .analysis import text_analyzer

__all__ = ["KINDS", "FACETS", "META_FILE", "OLD_META_FILE", "WEIGHTING", "GapPositions", "build_schema"]

KINDS = ("section", "term", "card", "ruling")
FACETS = ("kind", "source", "region", "card_type")
META_FILE = "kb-search-meta.json.gz"  # gzip'd JSON; indexes written before: OLD_META_FILE
OLD_META_FILE = "kb-search-meta.json"

# index field weights are in kb.search.compiler.TEXT_FIELDS; BM25 length normalisation per field:
WEIGHTING = scoring.BM25F(B=0.75, K1=0.9, title_B=0.4, alt_B=0.3, context_B=0.5, body_B=0.5)


_CONTINUATION = bytes(range(0x80, 0x100))


class GapPositions(Positions):
    """whoosh's ``Positions`` format with a compact value: the gaps between a term's positions as
    varints (7 bits a byte, high bit set on every byte but a number's last).

    whoosh's own value is a 4-byte count and a pickled list (about 12 bytes for one position, and a
    pickle load to read it); this one is one byte for a position below 128.  The frequency is the number
    of varints.  (whoosh pickles the schema into the index: keep this class importable by this name.)
    """

    def encode(self, poslist) -> bytes:
        out, last = bytearray(), 0
        for pos in poslist:
            gap, last = pos - last, pos
            while gap >= 0x80:
                out.append((gap & 0x7F) | 0x80)
                gap >>= 7
            out.append(gap)
        return bytes(out)

    def decode_positions(self, valuestring) -> list[int]:
        gaps, number, shift = [], 0, 0
        for byte in valuestring:
            if byte & 0x80:
                number |= (byte & 0x7F) << shift
                shift += 7
            else:
                gaps.append(number | (byte << shift))
                number = shift = 0
        return list(accumulate(gaps))

    def decode_frequency(self, valuestring) -> int:
        return len(valuestring.translate(None, _CONTINUATION))  # the last byte of each number


def build_schema() -> Schema:
    """The whoosh schema of the search index."""
    analyzer = text_analyzer()
    # Keyword fields are "scorable" only so that whoosh keeps their length column: without one its
    # writer stats the disk for every posting.  Scores come from the TEXT fields (QueryEvaluator).
    def keyword(**options):
        return KEYWORD(scorable=True, **options)

    def number():
        return NUMERIC(int, shift_step=0)

    def text(phrase: bool):
        field = TEXT(analyzer=analyzer, phrase=phrase)
        if phrase:
            field.format = GapPositions(field_boost=field.format.field_boost)
        return field

    return Schema(
        kind=keyword(sortable=True),
        source=keyword(sortable=True),
        region=keyword(sortable=True),
        card_type=keyword(sortable=True),
        title=text(phrase=True),
        title_key=keyword(),
        alt=text(phrase=True),
        context=text(phrase=False),
        body=text(phrase=True),
        types=keyword(),
        attr=keyword(),
        race=keyword(),
        series=keyword(),
        cards=keyword(),
        level=number(), rank=number(), link=number(), atk=number(), scale=number(),
        **{"def": number()},
    )

