"""Writing the search index's whoosh segment in bulk: the same files whoosh's own writer makes, faster.

whoosh's ``SegmentWriter.add_document`` turns every field into token objects and every posting into a
tuple in a sorting pool, then feeds the codec one posting at a time: most of the index build was spent
there.  :class:`BulkWriter` is that writer with two parts replaced:
- ``add`` indexes a document's text fields from the analyzer's token strings (positions are their
  order, as :class:`kb.search.analysis.KbAnalyzer` numbers them) and keeps the postings in memory, per
  field and term, in docnum order (documents are added in docnum order): no pool, no sort of postings;
- the postings are handed to whoosh's own postings writer a block at a time (:func:`_write_term`).
Everything else (lengths, columns, term dictionary, blocks, segment, table of contents) is whoosh's
code, so the index is an ordinary whoosh index with the same terms, postings, lengths and columns as
whoosh's writer makes (``tests/test_search_writer.py`` compares them).
"""

from __future__ import annotations

import re
from array import array

from whoosh.analysis import KeywordAnalyzer
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, _lenfield
from whoosh.formats import Frequency, Positions
from whoosh.system import pack_uint
from whoosh.util.numeric import length_to_byte
from whoosh.writing import SegmentWriter

from .analysis import KbAnalyzer

__all__ = ["BulkWriter"]

class BulkWriter(SegmentWriter):
    """A whoosh segment writer for one batch of new documents (see the module doc).

    Use as ``writer = BulkWriter(ix, codec=...)``, ``writer.add(fields)`` per document in docnum
    order, then ``writer.commit(optimize=True)``.  Boosts (``_boost`` keys) and stored fields of whoosh
    are not supported: the search index uses neither.
    """

    def __init__(self, ix, **kwargs):
        super().__init__(ix, **kwargs)
        if self.codec.length_stats:
            raise ValueError("BulkWriter writes no per-term length statistics: use a codec without them")
        self._postings: dict[str, dict[bytes, tuple]] = {}  # field -> term -> (docnums, weights, values)
        self._lengths: dict[str, list[tuple[int, int]]] = {}  # field -> (docnum, length) when not 0
        self._ways: dict[str, str] = {}
        self._single: dict[type, dict[int, bytes]] = {}  # format -> position -> value of one position
        self._late: set[str] = set()  # fields given to add_field: their postings are sorted at commit

    def add(self, fields: dict, prepared: dict | None = None) -> None:
        """Index one document (``fieldname -> value``; None values are skipped); ``prepared`` holds the
        postings of some of its fields made beforehand by :meth:`prepare` (the same as made here)."""
        self._check_state()
        schema, perdoc, docnum = self.schema, self.perdocwriter, self.docnum
        names = sorted(name for name, value in fields.items() if value is not None)
        self._check_fields(schema, names)
        prepared = prepared or {}
        perdoc.start_doc(docnum)
        for name in names:
            value, field = fields[name], schema[name]
            self._index_field(docnum, name, field, value, prepared.get(name))
            if field.column_type:
                perdoc.add_column_value(name, field.column_type, field.to_column_value(value))
        perdoc.finish_doc()
        self._added = True
        self.docnum += 1

    def add_field(self, docnum: int, name: str, value) -> None:
        """Index one more field of a document added before (a field without a column, which the document
        was added without): what ``add`` would have indexed had the field been given there.  The field's
        postings are put back in docnum order at commit."""
        self._check_state()
        field = self.schema[name]
        if field.column_type or not 0 <= docnum < self.docnum:
            raise ValueError(f"add_field: {name!r} has a column, or document {docnum} was not added")
        self._late.add(name)
        self._index_field(docnum, name, field, value)

    def prepare(self, fields: dict) -> dict:
        """The postings of a document's indexed fields (``fieldname -> value``) before the document is
        added (no docnum needed): for ``add(fields, prepared)``, so that the analysis of documents can be
        done while their place in the index is not known yet."""
        schema, out = self.schema, {}
        for name, value in fields.items():
            if value is not None and schema[name].indexed:
                out[name] = self._items(name, schema[name], value)
        return out

    def _items(self, name: str, field, value) -> list:
        """``(term bytes, frequency, weight, value bytes)`` of one field's value (see :meth:`_way`)."""
        way = self._ways.get(name)
        if way is None:
            way = self._ways[name] = self._way(name, field)
        if way == "text":
            return self._text_items(field, value)
        if way == "keywords":
            return _keyword_items(value)
        if way == "counts":
            return _count_items(field.analyzer.token_texts(value))
        return list(field.index(value))

    def _index_field(self, docnum: int, name: str, field, value, items=None) -> None:
        """The postings and length of one field of one document (``items``: made by :meth:`_items`)."""
        way = self._ways.get(name)
        if way is None:
            way = self._ways[name] = self._way(name, field)
        length = 0
        if field.indexed:
            table = self._postings[name]
            if items is None:
                items = self._items(name, field, value)
            scorable = field.scorable
            for tbytes, freq, weight, vbytes in items:
                if scorable:
                    length += freq
                entry = table.get(tbytes)
                if entry is None:
                    entry = table[tbytes] = (array("I"), array("f"), [])
                entry[0].append(docnum)
                entry[1].append(weight)
                entry[2].append(vbytes)
        if length:
            self._lengths[name].append((docnum, length))

    def _way(self, name: str, field) -> str:
        """How a field's postings are made: ``text`` (:class:`KbAnalyzer` with positions), ``counts``
        (:class:`KbAnalyzer` with frequencies: ``Frequency.word_values`` of the analyzer's tokens),
        ``keywords`` (whoosh's default ``KEYWORD``: words split at white space, with frequencies) or
        ``whoosh`` (the field's own ``index``)."""
        if field.stored or field.vector or field.separate_spelling():
            raise ValueError(f"BulkWriter does not write stored, vector or spelling field {name!r}")
        self._postings[name] = {}
        self._lengths[name] = []
        if field.format.field_boost != 1.0:
            return "whoosh"
        if isinstance(field.analyzer, KbAnalyzer) and isinstance(field.format, Positions):
            return "text"
        if isinstance(field.analyzer, KbAnalyzer) and type(field.format) is Frequency:
            return "counts"
        if type(field.format) is Frequency and field.analyzer == _KEYWORDS:
            return "keywords"
        return "whoosh"

    def _text_items(self, field, value: str):
        """``(term bytes, frequency, weight, positions value)`` of a text field, as the format's
        ``word_values`` gives them (the value of a term seen once is made once per position)."""
        positions: dict[str, list[int]] = {}
        for pos, token in enumerate(field.analyzer.token_texts(value)):
            found = positions.get(token)
            if found is None:
                positions[token] = [pos]
            else:
                found.append(pos)
        encode = field.format.encode
        single = self._single.setdefault(type(field.format), {})
        items = []
        for token, found in positions.items():
            if len(found) == 1:
                vbytes = single.get(found[0])
                if vbytes is None:
                    vbytes = single[found[0]] = encode(found)
            else:
                vbytes = encode(found)
            items.append((token.encode("utf-8"), len(found), float(len(found)), vbytes))
        return items

    def _flush_segment(self):
        """Write the length columns, then the postings, field by field and term by term in byte order
        (as whoosh's pool sorts them)."""
        self._write_lengths()
        self.perdocwriter.close()
        fieldwriter = self.fieldwriter
        for name in sorted(self._postings):
            table = self._postings[name]
            if name in self._late:
                _sort_postings(table)
            fieldwriter.start_field(name, self.schema[name])
            for tbytes in sorted(table):
                fieldwriter.start_term(tbytes)
                _write_term(fieldwriter._postwriter, *table[tbytes])
                fieldwriter.finish_term()
            fieldwriter.finish_field()
        self._postings.clear()
        fieldwriter.close()


    def _write_lengths(self) -> None:
        """Each scorable field's length column at once (whoosh's per-document writer adds a length byte
        per document and field; the column holds the bytes up to the last non-zero one)."""
        perdoc = self.perdocwriter
        for name, pairs in self._lengths.items():
            if not pairs:
                continue
            column = bytearray(max(docnum for docnum, _ in pairs) + 1)
            for docnum, length in pairs:
                column[docnum] = length_to_byte(length)
            data = bytes(column).rstrip(b"\0")  # the column's default (0) is not written at the end
            lenfield = _lenfield(name)
            perdoc._create_column(lenfield, LENGTHS_COLUMN)
            writer = perdoc._get_column(lenfield)
            writer._dbfile.write(data)
            writer._count = len(data)
            perdoc._fieldlengths[name] += sum(length for _, length in pairs)


_KEYWORDS = KeywordAnalyzer()
_SPACES = re.compile(r"[^ \t\r\n]+")  # whoosh's SpaceSeparatedTokenizer


def _keyword_items(value: str):
    """``Frequency.word_values`` of a default ``KEYWORD`` field: words split at white space."""
    return _count_items(_SPACES.findall(value))


def _count_items(words: list[str]):
    """``Frequency.word_values`` (term bytes, frequency, weight, value) of a field's words in order (every
    token's boost 1, the field's boost 1)."""
    counts: dict[str, int] = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return [(word.encode("utf-8"), n, float(n), pack_uint(n)) for word, n in counts.items()]


def _sort_postings(table: dict[bytes, tuple]) -> None:
    """Put each term's postings of a field in docnum order (after :meth:`BulkWriter.add_field`)."""
    for tbytes, (ids, weights, values) in table.items():
        if any(a > b for a, b in zip(ids, ids[1:])):
            order = sorted(range(len(ids)), key=ids.__getitem__)
            table[tbytes] = (array("I", (ids[i] for i in order)), array("f", (weights[i] for i in order)),
                             [values[i] for i in order])


def _write_term(postwriter, ids: array, weights: array, values: list[bytes]) -> None:
    """One term's postings into whoosh's ``W3PostingsWriter``, a block at a time: the blocks its
    ``add_posting`` builds one posting at a time (the codec writes no per-term length statistics)."""
    limit = postwriter._blocklimit
    for start in range(0, len(ids), limit):
        if start:
            postwriter._write_block()
        postwriter._ids = ids[start:start + limit]
        postwriter._weights = chunk = weights[start:start + limit]
        postwriter._values = [v for v in values[start:start + limit] if v]
        postwriter._maxweight = max(max(chunk), 0)
