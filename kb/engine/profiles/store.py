"""The build step that stores every card's effect profiles, and loading them back."""

from __future__ import annotations

import json

from sqlalchemy import text

from ...version_cache import RecentByVersion
from .. import rules
from .assembly import parse_card, profile_complete

__all__ = ["build_profiles", "encode_profile_rows", "load_profiles", "profile_rows", "store_profile_rows"]


def build_profiles(ctx, read=None) -> None:
    """Build step: store an :class:`EffectProfile` row for every effect of every card in the store.

    ``read`` (card -> its effect profiles) defaults to :func:`parse_card`; the build's cached step
    (:mod:`kb.build_cache`) passes one that reuses the previous build's profiles.
    """
    from sqlmodel import select

    from ...models import Card

    store_profile_rows(ctx, *profile_rows(ctx.session.exec(select(Card)).all(), read))


def profile_rows(cards, read=None) -> tuple[list[dict], dict]:
    """The :class:`EffectProfile` rows of ``cards`` (``read``: as in :func:`build_profiles`) and the
    step's summary columns (``cards``, ``complete``)."""
    read = read or parse_card
    rows, complete_cards, count = [], 0, 0
    for card in cards:
        effects = read(card)
        count += 1
        complete_cards += profile_complete(effects)
        rows.extend({"card_id": card.id, "index": effect["index"], "kind": effect["kind"],
                     "spell_speed": effect["spell_speed"], "complete": effect["complete"], "data": effect}
                    for effect in effects)
    return rows, {"cards": count, "complete": complete_cards}


_ROW_COLUMNS = ("card_id", "index", "kind", "spell_speed", "complete", "data")
_INSERT_ENCODED = 'INSERT INTO effectprofile (card_id, "index", kind, spell_speed, complete, data) VALUES (?, ?, ?, ?, ?, ?)'


def encode_profile_rows(rows: list[dict]) -> list[tuple]:
    """The rows of :func:`profile_rows` as plain tuples, ``data`` as the JSON text the store holds: cheap to
    send from a background process (a pickle of the dicts cost 2 s of CPU) and to insert."""
    return [(r["card_id"], r["index"], r["kind"], r["spell_speed"], r["complete"], json.dumps(r["data"]))
            for r in rows]


def store_profile_rows(ctx, rows: list, summary: dict) -> None:
    """Insert the rows of :func:`profile_rows` (or :func:`encode_profile_rows`) into the build's store (one
    executemany, no ORM objects), add the summary and the citation check of the rules to the build."""
    from sqlalchemy import insert

    from ...models import EffectProfile

    session = ctx.session
    if rows and isinstance(rows[0], tuple):
        session.connection().exec_driver_sql(_INSERT_ENCODED, rows)
    elif rows:
        session.execute(insert(EffectProfile.__table__), rows)
    session.commit()
    ctx.add_summary("profiles", **summary)
    ctx.state.setdefault("validators", []).append(rules.validate_citations)


_RECENT: RecentByVersion[list[dict]] = RecentByVersion(4096)  # card id -> stored profiles (about 10 MB)
_PROFILES_OF_CARD = text('SELECT data FROM effectprofile WHERE card_id = :card ORDER BY "index"')


def _stored(session, card_id: int) -> list[dict]:
    return [json.loads(data) if isinstance(data, str) else data
            for (data,) in session.execute(_PROFILES_OF_CARD, {"card": card_id})]


def load_profiles(session, card) -> list[dict]:
    """The stored profile of one card (parsed on the fly when the build did not store it).

    A knowledge-base version never changes, so each process keeps the profiles of the cards asked about
    most recently; every call returns fresh dicts (callers may add keys).
    """
    rows = _RECENT.get(session, card.id, lambda: _stored(session, card.id))
    if rows:
        return [dict(row) for row in rows]
    return parse_card(card)
