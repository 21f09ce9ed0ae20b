"""What the index keeps of each document for its result (title, body for the snippet, kind-specific
fields), packed into one compressed value: a third of the bytes whoosh's pickled stored fields took.

The packed value is ``b"\\x01" + zlib(JSON)``, compressed with a preset dictionary of the JSON keys and
frequent rules words (:data:`_ZDICT`), which small documents (most cards and rulings) need to compress
at all.  Indexes written before packing keep plain stored fields; :func:`unpack` reads both.
"""

from __future__ import annotations

import json
import zlib

__all__ = ["PACKED_FIELD", "pack", "unpack"]

PACKED_FIELD = "packed"
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


def pack(doc: dict) -> bytes:
    """The result fields of an index document (see :data:`RESULT_FIELDS`) as one compressed value."""
    data = json.dumps({k: doc.get(k) for k in RESULT_FIELDS}, ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(6, zdict=_ZDICT)
    return _VERSION + packer.compress(data.encode()) + packer.flush()


def unpack(stored: dict) -> dict:
    """A document's result fields from whoosh's stored fields (packed, or plain in an older index)."""
    packed = stored.get(PACKED_FIELD)
    if packed is None:
        return stored
    if packed[:1] != _VERSION:
        raise ValueError(f"unknown packed document version {packed[:1]!r}")
    unpacker = zlib.decompressobj(zdict=_ZDICT)
    return json.loads(unpacker.decompress(packed[1:]) + unpacker.flush())
