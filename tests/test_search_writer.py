"""The bulk index writer (kb.search.segment.BulkWriter) writes what whoosh's own writer writes.

Documents written here by hand: rule sections, a card with a Japanese name and a reading, numbers,
keyword fields, repeated words (positions), words in one document only (inlined postings) and words in
many (several posting blocks, with a small block size).
"""

from __future__ import annotations

import random

import pytest
from whoosh import index as windex
from whoosh import query as wq

from kb.search.schema import build_schema
from kb.search.segment import BulkWriter
from kb.search.writing import IndexCodec

WORDS = ("chain link spell speed damage step battle phase negate destroy summon special tribute graveyard "
         "banish draw target activate effect monster trap quick-play counter").split()


def _documents(count: int = 60) -> list[dict]:
    rng = random.Random(12)
    docs = [
        dict(kind="section", source="prb2017", region="ocg tcg", title="1.2.1 Chain Link",
             title_key="chainlink", context="Chains\nBuilding a chain",
             body="Each card or effect activated in a chain is a Chain Link. Chain Link 2 resolves first. "
                  "Rule 201.4a applies; see 1.2.1.4.", cards="12 40"),
        dict(kind="card", source="cards", region="ocg tcg", card_type="trap", title="Solemn Judgment",
             title_key="solemnjudgment", alt="神の宣告\nかみのせんこく\nSolemn", types="trap counter",
             body="When a monster would be Summoned, OR a Spell/Trap Card is activated: Pay half your LP; "
                  "negate the Summon or activation, and if you do, destroy that card.", cards="40"),
        dict(kind="card", source="cards", region="tcg", card_type="monster", title="Café Knight",
             title_key="cafeknight", types="monster effect warrior", attr="light", race="warrior",
             series="knight", level=4, atk=1800, scale=None, body="Ｆｕｌｌ-width text, don't stop.",
             cards="41", **{"def": 0}),
        dict(kind="term", source="md", region="md", title="Damage Step", title_key="damagestep",
             body="The step in which damage is calculated.", context=None),
    ]
    for n in range(count):
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 40))]
        docs.append(dict(kind="ruling", source=rng.choice(["goatformat", "ygoresources"]),
                         region=rng.choice(["tcg", "ocg", "tcg ocg"]), title=" ".join(words[:4]),
                         title_key="".join(words[:4]), body=" ".join(words), cards=str(100 + n % 7)))
    return docs


def _write(tmp_path, name: str, bulk: bool, **codec_options):
    path = tmp_path / name
    path.mkdir()
    ix = windex.create_in(str(path), build_schema())
    codec = IndexCodec(**codec_options)
    if bulk:
        writer = BulkWriter(ix, codec=codec)
        for doc in _documents():
            writer.add({k: v for k, v in doc.items() if v is not None})
    else:
        writer = ix.writer(codec=codec)
        for doc in _documents():
            writer.add_document(**{k: v for k, v in doc.items() if v is not None})
    writer.commit(optimize=True)
    return windex.open_dir(str(path))


@pytest.mark.parametrize("options", [dict(blocklimit=4, compression=6, inlinelimit=1),
                                     dict(blocklimit=4, compression=6, inlinelimit=3),
                                     dict(blocklimit=1024, compression=9, inlinelimit=2)])
def test_bulk_writer_writes_what_whoosh_writes(tmp_path, options):
    ours, theirs = _write(tmp_path, "bulk", True, **options), _write(tmp_path, "whoosh", False, **options)
    a, b = ours.reader(), theirs.reader()
    assert a.doc_count_all() == b.doc_count_all() == len(_documents())
    terms = list(a.all_terms())
    assert terms == list(b.all_terms())
    words = {(fieldname, text.decode("utf-8", "replace")) for fieldname, text in terms}
    assert ("alt", "かみ") in words and ("body", "201.4a") in words and ("body", "cafe") not in words
    assert ("title", "cafe") in words and ("body", "dont") in words and ("body", "full") in words
    for fieldname, text in terms:
        mine, whooshs = a.postings(fieldname, text), b.postings(fieldname, text)
        assert list(mine.items_as("weight")) == list(whooshs.items_as("weight")), (fieldname, text)
        if a.schema[fieldname].format.supports("positions"):
            assert list(a.postings(fieldname, text).items_as("positions")) == \
                list(b.postings(fieldname, text).items_as("positions")), (fieldname, text)
    for fieldname in a.schema.names():
        assert a.field_length(fieldname) == b.field_length(fieldname), fieldname
        assert [a.doc_field_length(d, fieldname) for d in range(a.doc_count_all())] == \
            [b.doc_field_length(d, fieldname) for d in range(b.doc_count_all())], fieldname
    for fieldname in ("kind", "source", "region", "card_type"):
        assert list(a.column_reader(fieldname)) == list(b.column_reader(fieldname)), fieldname
    with ours.searcher() as searcher, theirs.searcher() as other:
        for q in (wq.Phrase("body", ["chain", "link"]), wq.Term("attr", "light"), wq.Term("kind", "ruling"),
                  wq.NumericRange("atk", 1000, 2000), wq.Phrase("alt", ["かみ", "みの"])):
            assert sorted(q.docs(searcher)) == sorted(q.docs(other)), q
        assert 0 in set(wq.Phrase("body", ["chain", "link"]).docs(searcher))


def test_many_postings_make_several_blocks_and_one_posting_is_inlined(tmp_path):
    ix = _write(tmp_path, "bulk", True, blocklimit=4, compression=6, inlinelimit=2)
    reader = ix.reader()
    common = reader.term_info("kind", "ruling")
    assert not common.is_inlined() and common.doc_frequency() == 60
    assert reader.term_info("title_key", "solemnjudgment").is_inlined()
    assert [d for d, _ in reader.postings("kind", "ruling").items_as("weight")] == list(range(4, 64))


def test_gap_positions_round_trip():
    from kb.search.schema import GapPositions

    fmt = GapPositions()
    for positions in ([0], [5], [127], [128], [0, 1, 2], [3, 200, 201, 20000, 3_000_000], list(range(0, 5000, 7))):
        value = fmt.encode(positions)
        assert fmt.decode_positions(value) == positions
        assert fmt.decode_frequency(value) == len(positions) == fmt.decode_weight(value)
    assert len(fmt.encode([5])) == 1 and len(fmt.encode([300])) == 2
    assert fmt.decode_positions(fmt.combine([fmt.encode([1, 9]), fmt.encode([4])])) == [1, 4, 9]


def test_postings_prepared_before_their_docnum_is_known_make_the_same_index(tmp_path):
    """The build analyses the cards' documents before the sections are indexed (BulkWriter.prepare) and adds
    them after, with the fields their aliases change analysed then: the index is the one ``add`` makes."""
    plain = _write(tmp_path, "plain", True, blocklimit=4, compression=6, inlinelimit=2)
    path = tmp_path / "prepared"
    path.mkdir()
    ix = windex.create_in(str(path), build_schema())
    writer = BulkWriter(ix, codec=IndexCodec(blocklimit=4, compression=6, inlinelimit=2))
    docs = [{k: v for k, v in doc.items() if v is not None} for doc in _documents()]
    late = ("title_key", "alt")
    prepared = {n: writer.prepare({k: v for k, v in doc.items() if k not in late})  # the later docs first
                for n, doc in reversed(list(enumerate(docs))) if n % 2}
    for n, doc in enumerate(docs):
        writer.add(doc, prepared.get(n))
    writer.commit(optimize=True)
    a, b = windex.open_dir(str(path)).reader(), plain.reader()
    terms = list(a.all_terms())
    assert terms == list(b.all_terms()) and ("alt", "かみ".encode()) in terms
    for fieldname, text in terms:
        assert list(a.postings(fieldname, text).items_as("weight")) == \
            list(b.postings(fieldname, text).items_as("weight")), (fieldname, text)
        if a.schema[fieldname].format.supports("positions"):
            assert list(a.postings(fieldname, text).items_as("positions")) == \
                list(b.postings(fieldname, text).items_as("positions")), (fieldname, text)
    for fieldname in a.schema.names():
        assert [a.doc_field_length(d, fieldname) for d in range(a.doc_count_all())] == \
            [b.doc_field_length(d, fieldname) for d in range(b.doc_count_all())], fieldname


def test_packed_documents_read_back_as_written():
    """A result value reads back as the JSON written (orjson's reading, json's for what orjson refuses)."""
    from kb.search.stored import RESULT_FIELDS, pack, unpack_value

    docs = [dict(kind="card", source="cards", region="ocg tcg", title="Café Knight", body="“Full” – text\u2028x",
                 info={"id": 7, "atk": 1800, "def": None, "name_ja": "カフェ", "pages": [1, 2], "score": 0.1}),
            dict(kind="ruling", title="t", body="b", info={"id": "r1", "big": 2**70, "odd": float("inf")})]
    for doc in docs:
        assert unpack_value(pack(doc)) == {k: doc.get(k) for k in RESULT_FIELDS}


def test_postings_written_before_the_linked_cards_make_the_same_index(tmp_path):
    """The build writes every field's postings but the sections' ``cards`` once the rulings are added
    (BulkWriter.write_postings), then adds the linked cards (add_field): the same terms and postings as
    writing everything at commit; no document can be added, nor a written field given, after that."""
    plain = _write(tmp_path, "plain", True, blocklimit=4, compression=6, inlinelimit=2)
    path = tmp_path / "early"
    path.mkdir()
    ix = windex.create_in(str(path), build_schema())
    writer = BulkWriter(ix, codec=IndexCodec(blocklimit=4, compression=6, inlinelimit=2))
    docs = [{k: v for k, v in doc.items() if v is not None} for doc in _documents()]
    held = {}
    for n, doc in enumerate(docs):
        if n % 3 == 0 and "cards" in doc:
            held[n] = doc.pop("cards")
        writer.add(doc)
    writer.write_postings(keep=("cards",))
    with pytest.raises(ValueError):
        writer.add(docs[1])
    with pytest.raises(ValueError):
        writer.add_field(0, "body", "more words")
    for n, value in held.items():
        writer.add_field(n, "cards", value)
    writer.commit(optimize=True)
    a, b = windex.open_dir(str(path)).reader(), plain.reader()
    terms = sorted(a.all_terms())
    assert terms == sorted(b.all_terms()) and ("cards", b"40") in terms and len(held) > 10
    for fieldname, text in terms:
        assert list(a.postings(fieldname, text).items_as("weight")) == \
            list(b.postings(fieldname, text).items_as("weight")), (fieldname, text)
        if a.schema[fieldname].format.supports("positions"):
            assert list(a.postings(fieldname, text).items_as("positions")) == \
                list(b.postings(fieldname, text).items_as("positions")), (fieldname, text)
    for fieldname in a.schema.names():
        assert a.field_length(fieldname) == b.field_length(fieldname), fieldname
        assert [a.doc_field_length(d, fieldname) for d in range(a.doc_count_all())] == \
            [b.doc_field_length(d, fieldname) for d in range(b.doc_count_all())], fieldname
