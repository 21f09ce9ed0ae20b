"""Writing the search index's whoosh segment in bulk: the same files whoosh's own writer makes, faster.

whoosh's ``SegmentWriter.add_document`` turns every field into token objects and every posting into a
tuple in a sorting pool, then feeds the codec one posting at a time: most of the index build was spent
there.  :class:`BulkWriter` is that writer with two parts replaced:
- ``add`` turns each analysed field into the ids of its words (one vocabulary per field) and appends
  them to the field's run of ids, in document order: a C-level map and extend per field value, nothing
  per word in Python (:class:`_Runs`);
- at commit each field's postings are made from its runs with numpy (a stable sort by term, then
  frequencies, positions as varint gaps, lengths) and handed to whoosh's own postings writer a block at a
  time (:func:`_write_term`).
Everything else (lengths, columns, term dictionary, blocks, segment, table of contents) is whoosh's
code, so the index is an ordinary whoosh index with the same terms, postings, lengths and columns as
whoosh's writer makes (``tests/test_search_writer.py`` compares them).
"""

from __future__ import annotations

import itertools
import pickle
import re
from array import array
from collections import defaultdict

import numpy as np
from whoosh.analysis import KeywordAnalyzer
from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3TermInfo, _lenfield
from whoosh.formats import Frequency, Positions
from whoosh.system import pack_uint, pack_ushort
from whoosh.util.numeric import length_to_byte
from whoosh.writing import SegmentWriter

from .analysis import KbAnalyzer

__all__ = ["BulkWriter"]


class _Runs:
    """One analysed field of every document so far: the ids of its words (ids of a per-field vocabulary,
    in order of first use) one run per document, with the run's docnum and size."""

    __slots__ = ("vocab", "ids", "docs", "sizes", "late", "lookup")

    def __init__(self):
        self.vocab: defaultdict = defaultdict(itertools.count().__next__)  # word -> id, new words numbered
        self.lookup = self.vocab.__getitem__
        self.ids = array("I")
        self.docs = array("I")
        self.sizes = array("I")
        self.late = False  # a run added out of docnum order (add_field): sorted by docnum at commit

    def term_ids(self, words: list[str]) -> list[int]:
        """The ids of ``words`` (numbering the new ones)."""
        return list(map(self.lookup, words))

    def add(self, docnum: int, ids) -> int:
        """Append one document's run; return its size (the field's length in words)."""
        if ids:
            self.ids.extend(ids)
            self.docs.append(docnum)
            self.sizes.append(len(ids))
        return len(ids)


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
        # field -> _Runs (fields analysed here), or term -> (docnums, weights, values) (whoosh's own
        # ``index``: the numeric fields), in order of first use
        self._postings: dict[str, object] = {}
        # field -> (docnum, length) when not 0, of the fields of whoosh's own ``index``
        self._lengths: dict[str, list[tuple[int, int]]] = {}
        self._ways: dict[str, str] = {}
        self._single: dict[type, dict[int, bytes]] = {}  # format -> position -> value of one position
        self._late: set[str] = set()  # fields given to add_field: their postings are sorted at commit
        self._written: set[str] = set()  # fields whose postings write_postings has written
        self._closed_to_documents = False

    def add(self, fields: dict, prepared: dict | None = None) -> None:
        """Index one document (``fieldname -> value``; None values are skipped); ``prepared`` holds the
        postings of some of its fields made beforehand by :meth:`prepare` (the same as made here)."""
        self._check_state()
        if self._closed_to_documents:
            raise ValueError("add: the postings were written (write_postings): no more documents")
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
        if field.column_type or not 0 <= docnum < self.docnum or name in self._written:
            raise ValueError(f"add_field: {name!r} has a column or was written, "
                             f"or document {docnum} was not added")
        self._late.add(name)
        self._index_field(docnum, name, field, value)
        table = self._postings[name]
        if isinstance(table, _Runs):
            table.late = True

    def prepare(self, fields: dict) -> dict:
        """The postings of a document's indexed fields (``fieldname -> value``) before the document is
        added (no docnum needed): for ``add(fields, prepared)``, so that the analysis of documents can be
        done while their place in the index is not known yet."""
        schema, out = self.schema, {}
        for name, value in fields.items():
            if value is not None and schema[name].indexed:
                out[name] = self._items(name, schema[name], value)
        return out

    def _items(self, name: str, field, value):
        """The word ids of one field's value (fields analysed here, see :meth:`_way`), or the
        ``(term bytes, frequency, weight, value bytes)`` of whoosh's own ``index``."""
        way = self._ways.get(name)
        if way is None:
            way = self._ways[name] = self._way(name, field)
        if way == "keywords":
            return self._postings[name].term_ids(_SPACES.findall(value))
        if way != "whoosh":  # text, counts
            return self._postings[name].term_ids(field.analyzer.token_texts(value))
        return list(field.index(value))

    def _index_field(self, docnum: int, name: str, field, value, items=None) -> None:
        """The postings and length of one field of one document (``items``: made by :meth:`_items`)."""
        way = self._ways.get(name)
        if way is None:
            way = self._ways[name] = self._way(name, field)
        if not field.indexed:
            return
        if items is None:
            items = self._items(name, field, value)
        table = self._postings[name]
        if way != "whoosh":
            table.add(docnum, items)
            return
        length, scorable = 0, field.scorable
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
        self._lengths[name] = []
        way = "whoosh"
        if field.format.field_boost != 1.0:
            way = "whoosh"
        elif isinstance(field.analyzer, KbAnalyzer) and isinstance(field.format, Positions):
            way = "text"
        elif isinstance(field.analyzer, KbAnalyzer) and type(field.format) is Frequency:
            way = "counts"
        elif type(field.format) is Frequency and field.analyzer == _KEYWORDS:
            way = "keywords"
        self._postings[name] = {} if way == "whoosh" else _Runs()
        return way

    def write_postings(self, keep: tuple[str, ...] = ()) -> None:
        """Write the postings of every field seen so far but ``keep`` now, before :meth:`commit` (which
        writes the rest): no document may be added from now on, and only the fields of ``keep`` may be
        given to :meth:`add_field`.  (The index build writes all but the sections' ``cards`` while the
        build links them.)  The fields keep their terms and postings; a field written later is numbered
        later in the term table (whoosh maps field names to numbers: readers see no difference)."""
        self._check_state()
        for name in sorted(self._postings):
            if name not in keep and name not in self._written:
                self._write_field(name)
                self._written.add(name)
        self._closed_to_documents = True

    def _write_field(self, name: str) -> None:
        """Write one field's postings, term by term in byte order (as whoosh's pool sorts them)."""
        table, field, fieldwriter = self._postings[name], self.schema[name], self.fieldwriter
        fieldwriter.start_field(name, field)
        if isinstance(table, _Runs):
            positions = self._ways[name] == "text"
            postwriter = fieldwriter._postwriter
            inline = getattr(postwriter, "writes_inlined", False) and postwriter._inlinelimit >= 2
            tindex, prefix = fieldwriter._tindex, pack_ushort(fieldwriter._fieldid)
            single = self._single.setdefault(type(field.format), {})
            for tbytes, ids, weights, values in _run_postings(table, positions, single):
                if inline and len(ids) == 1:  # the term-table row whoosh's writer makes for it, made directly
                    tindex.add(prefix + tbytes, _inlined_terminfo(ids[0], weights[0], values[0]))
                    continue
                fieldwriter.start_term(tbytes)
                _write_term(fieldwriter._postwriter, ids, weights, values)
                fieldwriter.finish_term()
        else:
            if name in self._late:
                _sort_postings(table)
            for tbytes in sorted(table):
                fieldwriter.start_term(tbytes)
                _write_term(fieldwriter._postwriter, *table[tbytes])
                fieldwriter.finish_term()
        fieldwriter.finish_field()

    def _flush_segment(self):
        """Write the length columns, then the postings not written yet (:meth:`write_postings`), field by
        field and term by term in byte order."""
        self._write_lengths()
        self.perdocwriter.close()
        for name in sorted(self._postings):
            if name not in self._written:
                self._write_field(name)
        self._postings.clear()
        self.fieldwriter.close()

    def _write_lengths(self) -> None:
        """Each scorable field's length column at once (whoosh's per-document writer adds a length byte
        per document and field; the column holds the bytes up to the last non-zero one)."""
        perdoc = self.perdocwriter
        for name, pairs in self._lengths.items():
            table = self._postings[name]
            if isinstance(table, _Runs):
                if not self.schema[name].scorable or not len(table.docs):
                    continue
                lengths, total = _run_lengths(table)
                column = _length_bytes(lengths)
            else:
                if not pairs:
                    continue
                column = bytearray(max(docnum for docnum, _ in pairs) + 1)
                for docnum, length in pairs:
                    column[docnum] = length_to_byte(length)
                total = sum(length for _, length in pairs)
            data = bytes(column).rstrip(b"\0")  # the column's default (0) is not written at the end
            lenfield = _lenfield(name)
            perdoc._create_column(lenfield, LENGTHS_COLUMN)
            writer = perdoc._get_column(lenfield)
            writer._dbfile.write(data)
            writer._count = len(data)
            perdoc._fieldlengths[name] += total


_KEYWORDS = KeywordAnalyzer()
_TERMINFO = W3TermInfo._struct
_SPACES = re.compile(r"[^ \t\r\n]+")  # whoosh's SpaceSeparatedTokenizer


def _run_lengths(runs: _Runs) -> tuple[np.ndarray, int]:
    """Each docnum's length in words (an array indexed by docnum) and the sum of them."""
    docs = np.frombuffer(runs.docs, dtype=np.uint32)
    sizes = np.frombuffer(runs.sizes, dtype=np.uint32).astype(np.int64)
    lengths = np.bincount(docs, weights=sizes, minlength=int(docs.max()) + 1).astype(np.int64)
    return lengths, int(sizes.sum())


def _length_bytes(lengths: np.ndarray) -> bytes:
    """whoosh's ``length_to_byte`` of each length (0 stays 0)."""
    values, inverse = np.unique(lengths, return_inverse=True)
    table = np.array([length_to_byte(int(v)) for v in values], dtype=np.uint8)
    return table[inverse].tobytes()


def _varints(gaps: np.ndarray) -> tuple[bytes, np.ndarray]:
    """The gaps as varints (:class:`kb.search.schema.GapPositions`) end to end, and each gap's offset."""
    nbytes = np.ones(len(gaps), dtype=np.int64)
    for bits in (7, 14, 21, 28, 35):
        nbytes += gaps >= (1 << bits)
    offsets = np.cumsum(nbytes) - nbytes
    out = np.zeros(int(nbytes.sum()), dtype=np.uint8)
    for k in range(int(nbytes.max()) if len(gaps) else 0):
        more = nbytes > k
        byte = (gaps[more] >> (7 * k)) & 0x7F
        out[offsets[more] + k] = byte | np.where(nbytes[more] - 1 > k, 0x80, 0)
    return out.tobytes(), offsets


def _run_postings(runs: _Runs, positions: bool, single: dict[int, bytes]):
    """``(term bytes, docnums, weights, values)`` of each term of a field, in term byte order, each
    posting list in docnum order: what the field's ``Format.word_values`` makes of each document, gathered
    per term.  ``single`` caches the value of a posting with one position (shared, as whoosh's own
    ``encode`` of it would be made once per position by the former writer: the blocks pickle alike)."""
    count = len(runs.ids)
    if not count:
        return
    words = [word.encode("utf-8") for word in runs.vocab]  # by id
    by_bytes = sorted(range(len(words)), key=words.__getitem__)
    rank = np.empty(len(words), dtype=np.int64)
    rank[by_bytes] = np.arange(len(words))
    terms = rank[np.frombuffer(runs.ids, dtype=np.uint32)]
    sizes = np.frombuffer(runs.sizes, dtype=np.uint32).astype(np.int64)
    docs = np.repeat(np.frombuffer(runs.docs, dtype=np.uint32).astype(np.int64), sizes)
    pos = np.arange(count, dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    if runs.late:
        order = np.lexsort((pos, docs, terms))
    else:  # runs were added in docnum order: a stable sort by term keeps docnum and position order
        order = np.argsort(terms, kind="stable")
    terms, docs, pos = terms[order], docs[order], pos[order]
    new = np.ones(count, dtype=bool)
    new[1:] = (terms[1:] != terms[:-1]) | (docs[1:] != docs[:-1])
    starts = np.flatnonzero(new)  # each posting's first word
    freqs = np.diff(np.append(starts, count))
    if positions:
        gaps = pos.copy()
        gaps[1:] -= pos[:-1]
        gaps[starts] = pos[starts]
        buffer, offsets = _varints(gaps)
        first = offsets[starts]
        ends = np.append(first[1:], len(buffer))
        values = np.empty(len(starts), dtype=object)
        multi = np.flatnonzero(freqs > 1)
        values[multi] = [buffer[a:b] for a, b in zip(first[multi].tolist(), ends[multi].tolist())]
        once = np.flatnonzero(freqs == 1)
        once_pos = pos[starts[once]]
        table = np.empty(int(once_pos.max()) + 1 if len(once) else 0, dtype=object)
        for p in np.unique(once_pos).tolist():
            value = single.get(p)
            if value is None:
                value = single[p] = _one_varint(p)
            table[p] = value
        values[once] = table[once_pos]
    else:
        kinds, inverse = np.unique(freqs, return_inverse=True)
        packed = np.empty(len(kinds), dtype=object)
        packed[:] = [pack_uint(int(n)) for n in kinds]
        values = packed[inverse]
    values = values.tolist()
    posting_terms, posting_docs = terms[starts], docs[starts]
    term_starts = np.flatnonzero(np.diff(posting_terms, prepend=-1))
    term_ends = np.append(term_starts[1:], len(starts)).tolist()
    doc_bytes = posting_docs.astype("=u4").tobytes()
    weight_bytes = freqs.astype("=f4").tobytes()
    term_ranks = posting_terms[term_starts].tolist()
    for rank_, a, b in zip(term_ranks, term_starts.tolist(), term_ends):
        yield (words[by_bytes[rank_]], array("I", doc_bytes[4 * a:4 * b]),
               array("f", weight_bytes[4 * a:4 * b]), values[a:b])


def _inlined_terminfo(docnum: int, weight: float, value: bytes) -> bytes:
    """The term-table value of a term with one posting, inlined (``W3TermInfo.to_bytes`` after the codec's
    postings writer, which has ``writes_inlined``, took the posting: no lengths, one block's statistics)."""
    return _TERMINFO.pack(True, weight, 1, 0, 0, max(0, weight), docnum, docnum) + \
        pickle.dumps(((docnum,), (weight,), (value,)), 2)


def _one_varint(number: int) -> bytes:
    out = bytearray()
    while number >= 0x80:
        out.append((number & 0x7F) | 0x80)
        number >>= 7
    out.append(number)
    return bytes(out)


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
