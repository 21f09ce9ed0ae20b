"""An open search index (searcher, facet columns, side data), opened once per process."""

from __future__ import annotations

import gzip
import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from whoosh import index as windex

from ..config import default_kb_path
from ..db import INDEX_DIR
from ..errors import AmbiguousError, InvalidQueryError, KnowledgeBaseMissingError, NotFoundError
from .compiler import QueryContext
from ..text import name_key
from .analysis import analyze as analyze_text
from .evaluator import QueryEvaluator
from .schema import FACETS, META_FILE, OLD_META_FILE, WEIGHTING
from .stored import DocumentStore, unpack
from .synonyms import SYNONYM_GROUPS

__all__ = ["SearchIndex", "open_index", "RARE_WORD_DOCS"]

RARE_WORD_DOCS = 3  # words in fewer documents than this also match their close spellings


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
    _documents: DocumentStore | None = None
    _synonyms: dict | None = None
    _known: dict = field(default_factory=dict)
    _values: dict = field(default_factory=dict)

    def document(self, docnum: int) -> dict:
        """The result fields of one document (``kind source region title body info``)."""
        if self._documents is None and DocumentStore.exists(self.path):
            self._documents = DocumentStore(self.path)
        if self._documents is not None:
            return self._documents[docnum]
        return unpack(self.searcher.stored_fields(docnum))  # an index written before the side file

    def close(self) -> None:
        """Close the searcher (the document side file's map goes with the object: a request still
        reading this version in another thread keeps it valid)."""
        self.searcher.close()

    @property
    def meta(self) -> dict:
        """The side file written with the index (vocabulary, titles, nicknames, counts)."""
        if self._meta is None:
            packed, plain = self.path / META_FILE, self.path / OLD_META_FILE
            if packed.exists():
                self._meta = json.loads(gzip.decompress(packed.read_bytes()).decode("utf-8"))
            else:
                self._meta = json.loads(plain.read_text(encoding="utf-8")) if plain.exists() else {}
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
                    matrix = np.zeros((len(labels), len(raw)), dtype=np.int32)
                    for docnum, value in enumerate(raw):
                        for r in value.split():
                            matrix[labels.index(r), docnum] = 1
                    columns[name] = (labels, matrix)
                else:
                    labels = sorted(set(raw))
                    codes = {label: i for i, label in enumerate(labels)}
                    columns[name] = (labels, np.array([codes[v] for v in raw], dtype=np.int32))
            self._columns = columns
        return self._columns

    @property
    def facet_combinations(self) -> tuple[np.ndarray, list[np.ndarray], int]:
        """The documents' facet values as one code per document: ``(code by docnum, [per facet: its
        value index (or, for region, a 0/1 row per label) of each code], number of codes)``; the
        combinations that occur are a few hundred."""
        if "_combinations" not in self._values:
            digits = []  # per facet: (per document, how many values) as digits of one number
            for labels, values in self.columns.values():
                if values.ndim == 2:  # region: one bit per label
                    bits = (values.astype(np.int64) << np.arange(len(labels), dtype=np.int64)[:, None]).sum(0)
                    digits.append((bits, 1 << len(labels)))
                else:
                    digits.append((values.astype(np.int64), max(len(labels), 1)))
            number = np.zeros(self.searcher.doc_count_all(), dtype=np.int64)
            for values, base in digits:
                number = number * base + values
            unique, inverse = np.unique(number, return_inverse=True)
            count, per_facet = len(unique), []
            for (labels, values), (_, base) in zip(reversed(list(self.columns.values())), reversed(digits)):
                digit = unique % base
                unique = unique // base
                per_facet.append(((digit[None, :] >> np.arange(len(labels))[:, None]) & 1) if values.ndim == 2
                                 else digit)
            per_facet.reverse()
            self._values["_combinations"] = (inverse.reshape(-1).astype(np.intp), per_facet, count)
        return self._values["_combinations"]

    def facets(self, mask: np.ndarray) -> dict[str, dict[str, int]]:
        """Counts of each facet value among the matched documents, most frequent first.

        One count of the matched documents per combination of facet values (:attr:`facet_combinations`),
        then each facet's counts from those: two C passes over the documents instead of one per facet."""
        codes, per_facet, count = self.facet_combinations
        per_code = np.bincount(codes[mask], minlength=count)
        out = {}
        for (name, (labels, _values)), values in zip(self.columns.items(), per_facet):
            if values.ndim == 2:
                counts = values @ per_code
            else:
                counts = np.bincount(values, weights=per_code, minlength=len(labels))
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
        return analyze_text(text)

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
        from ..cards import match_name
        from ..db import session_scope

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
        """The :class:`kb.search.compiler.QueryContext` of this index for one query."""
        has_cards = bool(self.meta.get("counts", {}).get("card"))
        return QueryContext(analyze=self.analyze, is_known=self.is_known, synonyms=self.synonyms,
                            resolve_card=self.resolve_card if has_cards else None,
                            field_values=self.field_values, query=query, strict=strict)


_OPEN: dict[Path, SearchIndex] = {}
_OPEN_LOCK = threading.Lock()
_BY_ARGUMENT: dict[str, tuple[tuple[int, int], SearchIndex]] = {}  # path as given -> (device, inode), index


def open_index(kb_path: Path | str | None = None) -> SearchIndex:
    """The search index of a knowledge base, opened once per process (re-opened after a rebuild).

    :raises KnowledgeBaseMissingError: when the knowledge base has no search index.
    """
    # a string, not index_path()'s Path: making a Path cost more than the stat below (on every query)
    given = os.path.join(os.fspath(kb_path or default_kb_path()), INDEX_DIR)
    try:
        status = os.stat(given)  # follows the version symlink: a rebuild swaps in another directory
        identity = (status.st_dev, status.st_ino)
    except OSError:
        identity = None
    known = _BY_ARGUMENT.get(given)
    if known is not None and known[0] == identity and known[1].path in _OPEN:
        return known[1]  # one stat instead of resolving every link of the path on every query
    path = Path(given).resolve()
    with _OPEN_LOCK:
        if path in _OPEN:
            if identity is not None:
                _BY_ARGUMENT[given] = (identity, _OPEN[path])
            return _OPEN[path]
        if not windex.exists_in(str(path)):
            raise KnowledgeBaseMissingError(f"no search index at {path} (run `kb build`)")
        ix = windex.open_dir(str(path))
        searcher = ix.searcher(weighting=WEIGHTING)
        opened = SearchIndex(path=path, index=ix, searcher=searcher, evaluator=QueryEvaluator(searcher))
        for stale in [p for p in _OPEN if p.parent.parent == path.parent.parent]:
            _OPEN.pop(stale).close()  # an older version of the same knowledge base
        _OPEN[path] = opened
        for argument in [a for a, (_, index) in _BY_ARGUMENT.items() if index.path not in _OPEN]:
            del _BY_ARGUMENT[argument]  # entries of closed versions
        if identity is not None:
            _BY_ARGUMENT[given] = (identity, opened)
        return opened

