"""What the index keeps of each document for its result (title, body for the snippet, kind-specific
fields): one compressed value per document in a side file beside the whoosh index, read by docnum.

A value is ``b"\x01" + zlib(JSON)``, compressed with a preset dictionary of the JSON keys and frequent
rules words (:data:`_ZDICT`), which small documents (most cards and rulings) need to compress at all.
The values sit end to end in :data:`DOCS_FILE`, with their offsets in :data:`OFFSETS_FILE` (numpy);
reading one is a slice of a memory map, a decompression and a JSON parse (whoosh's stored fields add a
column look-up, a second decompression and an unpickling, and 3.5 MB).  Indexes written before the side
file keep whoosh stored fields (packed, or plain before that); :func:`unpack` reads both.
"""

from __future__ import annotations

import json
import mmap
import zlib
from pathlib import Path

import numpy as np

__all__ = ["PACKED_FIELD", "DOCS_FILE", "OFFSETS_FILE", "pack", "unpack", "unpack_value", "write_documents",
           "DocumentStore"]

PACKED_FIELD = "packed"  # the whoosh stored field of indexes written before the side file
DOCS_FILE = "kb-search-docs.bin"
OFFSETS_FILE = "kb-search-docs.offsets.npy"
_VERSION = b"\x01"
RESULT_FIELDS = ("kind", "source", "region", "title", "body", "info")
# Changing this dictionary changes how packed values decode: bump _VERSION and keep the old one readable.
_ZDICT = (
    '{"kind":"card","source":"yaml-yugi","region":"tcg ocg","title":"","body":"","info":{"id":'
    '"password":"card_type":"Monster","property":null,"monster_type":"attribute":"level":"rank":'
    '"link_rating":"atk":"def":"name_ja":"","date":"ruling_kind":"url":"https://"card_ids":[],'
    '"language":"en","section_id":"official":true,"number":"section_kind":"section","pages":null,'
    '"source_title":"ruling","goatformat","ygoresources","Effect","Spell","Trap","Continuous","Quick-Play",'
    'If this card is Special Summoned: You can target 1 monster your opponent controls; destroy it. '
    'You can only use this effect of this card once per turn. During your Main Phase: '
    'Special Summon this card from your hand. When your opponent activates a card or effect '
    'negate the activation, and if you do, add 1 from your Deck to your hand. Graveyard GY '
    'Damage Step Battle Phase End Phase Standby Phase Chain Link Xyz Material Tribute Summon '
    'face-up face-down Defense Position Attack Position Normal Summon Extra Deck banish '
    'Question: Answer: Yes, No, the effect of "'
).encode()


_DECODER = json.JSONDecoder()
try:
    from orjson import loads as _orjson_loads
except ImportError:  # pragma: no cover - a dependency (pyproject.toml); json reads the same, slower
    _orjson_loads = None


def pack(doc: dict) -> bytes:
    """The result fields of an index document (see :data:`RESULT_FIELDS`) as one compressed value."""
    data = json.dumps({k: doc.get(k) for k in RESULT_FIELDS}, ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(6, zdict=_ZDICT)
    return _VERSION + packer.compress(data.encode()) + packer.flush()


def unpack_value(packed: bytes) -> dict:
    """The result fields of one value made by :func:`pack`."""
    if packed[:1] != _VERSION:
        raise ValueError(f"unknown packed document version {packed[:1]!r}")
    unpacker = zlib.decompressobj(zdict=_ZDICT)
    data = unpacker.decompress(packed[1:]) + unpacker.flush()
    if _orjson_loads is not None:  # the same values, about five times faster (the parse was a tenth of a search)
        try:
            return _orjson_loads(data)
        except ValueError:  # what orjson refuses and json reads (NaN, integers past 64 bits): json's reading
            pass
    # the decoder called directly on the text :func:`pack` wrote (json.loads adds an encoding sniff and a
    # trailing-text check: a quarter of the parse of a result)
    return _DECODER.raw_decode(data.decode("utf-8"))[0]


def unpack(stored: dict) -> dict:
    """A document's result fields from whoosh's stored fields (packed, or plain in an older index)."""
    packed = stored.get(PACKED_FIELD)
    return stored if packed is None else unpack_value(packed)


def write_documents(directory: Path, values: list[bytes]) -> None:
    """Write packed values (by docnum) as :data:`DOCS_FILE` and :data:`OFFSETS_FILE` in ``directory``."""
    ends = np.cumsum([len(v) for v in values], dtype=np.int64)
    offsets = np.zeros(len(values) + 1, dtype=np.int32 if not len(ends) or ends[-1] < 2**31 else np.int64)
    offsets[1:] = ends
    (Path(directory) / DOCS_FILE).write_bytes(b"".join(values))
    np.save(Path(directory) / OFFSETS_FILE, offsets)


class DocumentStore:
    """The packed result fields of an index's documents, by docnum (memory-mapped :data:`DOCS_FILE`)."""

    def __init__(self, directory: Path):
        self.offsets = np.load(Path(directory) / OFFSETS_FILE)
        with open(Path(directory) / DOCS_FILE, "rb") as handle:
            size = handle.seek(0, 2)
            self._data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""

    @staticmethod
    def exists(directory: Path) -> bool:
        """Whether ``directory`` holds a document side file (indexes written before it do not)."""
        return (Path(directory) / OFFSETS_FILE).exists()

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, docnum: int) -> dict:
        start, end = int(self.offsets[docnum]), int(self.offsets[docnum + 1])
        return unpack_value(self._data[start:end])

    def close(self) -> None:
        if isinstance(self._data, mmap.mmap):
            self._data.close()
