"""Writing the search index (the ``search-index`` build step, run in a background process)."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

from sqlmodel import select
from whoosh import index as windex
from whoosh.codec.whoosh3 import W3Codec, W3PostingsWriter

from ..db import index_path
from ..text import fold_quotes
from .documents import card_aliases, card_documents, rulebook_documents, ruling_documents, section_cards
from .schema import META_FILE, build_schema
from .segment import BulkWriter
from .stored import pack, write_documents

__all__ = ["write_index", "write_index_job", "build_index_step"]

class IndexCodec(W3Codec):
    """whoosh's default codec without per-term length statistics.

    whoosh keeps the shortest and longest field length of each term's postings for its own block-max
    scoring shortcuts, looking up the length of every posting's document while writing (a fifth of the
    index build); :class:`kb.search.evaluator.QueryEvaluator` scores from the length columns and never
    uses them.  (whoosh pickles the codec into the index: keep this class importable by this name.)
    """

    length_stats = False

    def postings_writer(self, dbfile, byteids=False):
        return _PostingsWriter(dbfile, blocklimit=self._blocklimit, byteids=byteids,
                               compression=self._compression, inlinelimit=self._inlinelimit)


class _PostingsWriter(W3PostingsWriter):
    """whoosh's postings writer with inlining that works: a term with fewer than ``inlinelimit``
    postings keeps them in its term info instead of a block of the postings file (whoosh-reloaded 2.7.5
    calls ``TermInfo.set_inline``, which does not exist: ``set_inlined``).  Indexes are read by
    whoosh's own code either way."""

    writes_inlined = True  # kb.search.segment makes the term-table row of a one-posting term itself

    def finish_postings(self):
        if not self.written() and len(self) < self._inlinelimit:
            terminfo = self._terminfo
            terminfo.add_block(self)
            terminfo.set_inlined(self._ids, self._weights, self._values)
            if not self._values:  # a format without values (numbers): whoosh's ListMatcher wants None
                terminfo._inlined = terminfo._inlined[:2] + (None,)
            self._terminfo = None
            return terminfo
        return super().finish_postings()


CODEC_OPTIONS = {"blocklimit": 1024, "compression": 6, "inlinelimit": 2}
_WORD_RE = re.compile(r"[^\W\d_][\w'-]*[^\W_]|[^\W\d_]")


def write_index(session, directory: Path | str, *, log=print, ready=None) -> dict:
    """Write the search index of the records in ``session`` into ``directory``; return counts.

    Also writes a small side file with the display vocabulary (for "did you mean"), the titles (for
    suggestions) and the card nicknames (for query expansion).  With ``ready`` (the build's background
    job), ``ready(step)`` waits until that build step has been committed, and each part is read as soon
    as what it reads is stored: the cards' documents are analysed after ``cards`` (all but their aliases'
    fields: :func:`_prepare_cards`), the sections and terms are indexed after ``rulebooks``, the cards
    after ``aliases``, the rulings after ``rulings`` (then every field's postings but the ``cards`` field's
    are written: :meth:`BulkWriter.write_postings`), the sections' linked cards after ``links``: the same
    index as from the finished store.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(directory), build_schema())
    writer = BulkWriter(ix, codec=IndexCodec(**CODEC_OPTIONS))
    counts: Counter = Counter()
    vocabulary: Counter = Counter()
    titles: list[list] = []
    packed: list[bytes] = []
    sections: list[tuple[int, str]] = []  # (docnum, section id)

    def wait(step: str) -> None:
        if ready is not None:
            session.commit()  # end this read: what the build commits from now on is read below
            ready(step)

    def add(doc: dict, prepared: dict | None = None, packed_doc: bytes | None = None) -> None:
        if doc["kind"] == "section":
            sections.append((writer.docnum, doc["info"]["id"]))
        writer.add(_fields(doc), prepared)
        packed.append(packed_doc or pack(doc))  # by docnum: one writer, one segment, documents numbered in order
        counts[doc["kind"]] += 1
        if packed_doc is None:
            _count_words(vocabulary, doc)
        if doc["kind"] in ("card", "term", "section"):
            titles.append([doc["title"], doc["kind"], doc["info"]["id"]])

    wait("cards")
    cards, card_words = _prepare_cards(session, writer)
    wait("rulebooks")
    for doc in rulebook_documents(session):
        add(doc)
    vocabulary.update(card_words)  # the cards' words after the sections' and terms' (their order of first use)
    wait("aliases")
    aliases = card_aliases(session)
    for doc, prepared, packed_doc in cards:
        add(doc.with_aliases(aliases.get(doc["info"]["id"], [])), prepared, packed_doc)
    del cards
    wait("rulings")
    for doc in ruling_documents(session):
        add(doc)
    writer.write_postings(keep=("cards",))  # every field's postings but those of the linked cards
    wait("links")
    cards = section_cards(session)
    for docnum, section_id in sections:
        if cards.get(section_id):
            writer.add_field(docnum, "cards", cards[section_id])
    writer.commit(optimize=True)
    if ix.doc_count_all() != len(packed):  # pragma: no cover - one segment numbers its documents in order
        raise RuntimeError(f"index holds {ix.doc_count_all()} documents, {len(packed)} were added")
    write_documents(directory, packed)
    from ..models import Alias, Card

    nicknames = [[alias, name] for alias, name in session.exec(
        select(Alias.alias, Card.name).where(Alias.card_id == Card.id)).all()]
    meta = {"counts": dict(counts), "vocabulary": {w: n for w, n in vocabulary.items() if len(w) > 1},
            "titles": titles, "nicknames": nicknames}
    meta_json = json.dumps(meta, ensure_ascii=False).encode("utf-8")
    (directory / META_FILE).write_bytes(gzip.compress(meta_json, 6))
    log("search index: " + ", ".join(f"{n} {kind}s" for kind, n in counts.items()))
    return dict(counts)


_ALIAS_FIELDS = ("title_key", "alt")  # the fields of a card's document its aliases change (CardDoc)


def _fields(doc: dict) -> dict:
    """The indexed fields of a document (empty values and the result-only ``doc``/``info`` left out)."""
    return {k: v for k, v in doc.items() if v not in (None, "") and k not in ("doc", "info")}


def _count_words(vocabulary: Counter, doc: dict) -> None:
    """Count the display words of a document's title and body (for "did you mean")."""
    for text in (doc["title"], doc.get("body", "")):
        text = fold_quotes(text or "")
        # an ASCII text lower-cased first holds the same words, lower-cased (one pass, no per-word call)
        vocabulary.update(_WORD_RE.findall(text.lower()) if text.isascii() else
                          [w.lower() for w in _WORD_RE.findall(text)])


def _prepare_cards(session, writer: BulkWriter) -> tuple[list[tuple], Counter]:
    """The cards' documents (:func:`card_documents`), each with the postings of its fields but the aliases'
    (:meth:`BulkWriter.prepare`) and its packed result value, and the words of their titles and bodies:
    everything of a card's document that the cards alone decide, made before its docnum is known."""
    cards, words = [], Counter()
    for doc in card_documents(session):
        fields = _fields(doc)
        for name in _ALIAS_FIELDS:
            fields.pop(name, None)
        cards.append((doc, writer.prepare(fields), pack(doc)))
        _count_words(words, doc)
    return cards, words


def write_index_job(kb_dir: Path, ready=None) -> dict:
    """Background build job: open the store being built and write its index (see BuildContext.spawn);
    ``ready(step)`` waits for a build step (see :func:`write_index`)."""
    from sqlmodel import Session

    from ..db import make_engine, store_path

    engine = make_engine(store_path(kb_dir))
    try:
        with Session(engine) as session:
            counts = write_index(session, index_path(kb_dir), log=lambda message: None, ready=ready)
    finally:
        engine.dispose()
    return {"documents": sum(counts.values()), **{f"{kind}s": n for kind, n in counts.items()}}


def build_index_step(ctx) -> None:
    """Build step: write the search index into the new knowledge base's ``index/`` directory.

    The index is written by a background process while the remaining steps go on: it reads each part
    once the step that stores it has been committed (:func:`write_index`); the build waits for it before
    validating.
    """
    ctx.spawn("search", write_index_job, after=("cards", "rulebooks", "aliases", "rulings", "links"))

