"""The ``profiles`` build step with each card's profile reused from the previous build when it cannot differ.

Reading every card's text into effect profiles (:func:`kb.engine.profiles.parse_card`) was the longest step
of a build (about 20 s of 45).  A card's profile depends only on the fields the reader reads
(:func:`kb.engine.profiles.card_fields`) and on the code, so the step keeps the profiles it stored in
``<target>.versions/`` (:data:`CACHE_FILE`, JSON): one entry per card, keyed by a hash of those fields,
valid only for the same code (a hash of every file of the ``kb`` package, :func:`code_fingerprint`).  A
rebuild reads again only the cards whose fields changed; a change to any file of ``kb`` reads them all.
The file holds the cards of the last build only, and a build that cannot read it reads every card.

The rows are stored by :func:`kb.engine.profiles.build_profiles` itself, given a reader that consults the
cache (``tests/test_build_cache.py`` compares the rows with an uncached build on cards written for the test).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

__all__ = ["CACHE_FILE", "build_profiles_cached", "start_profiles", "code_fingerprint", "card_key"]

CACHE_FILE = "profile-cache.json"


def code_fingerprint() -> str:
    """A hash of every file of the ``kb`` package (source and data), by relative path and content."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def card_key(fields: dict) -> str:
    """A hash of the fields of a card the profile reader reads."""
    return hashlib.sha256(json.dumps(fields, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _read_cache(path: Path, fingerprint: str) -> dict[str, list[dict]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("code") != fingerprint or not isinstance(data.get("cards"), dict):
        return {}
    return data["cards"]


def _write_cache(path: Path, fingerprint: str, cards: dict[str, list[dict]]) -> None:
    partial = path.with_name(f".{path.name}.partial")  # builds of one target hold its lock: one writer
    try:
        partial.write_text(json.dumps({"code": fingerprint, "cards": cards}, ensure_ascii=False,
                                      separators=(",", ":")), encoding="utf-8")
        os.replace(partial, path)
    except OSError:  # a cache that cannot be written only costs the next build time
        partial.unlink(missing_ok=True)


def _cached_rows(session, cache_path: Path, log) -> tuple[list[dict], dict]:
    """The profile rows of every card in ``session``'s store, each card's profile taken from the cache at
    ``cache_path`` when its fields and the code are unchanged (the cache is then rewritten)."""
    from sqlmodel import select

    from .engine.profiles import card_fields, parse_card
    from .engine.profiles.store import profile_rows
    from .models import Card

    fingerprint = code_fingerprint()
    cached = _read_cache(cache_path, fingerprint)
    kept: dict[str, list[dict]] = {}
    reused = 0

    def read(card) -> list[dict]:
        nonlocal reused
        fields = card_fields(card)
        key = card_key(fields)
        effects = cached.get(key)
        if effects is None:
            effects = parse_card(fields)
        else:
            reused += 1
        kept[key] = effects
        return effects

    rows, summary = profile_rows(session.execute(select(Card.__table__)).all(), read)  # plain rows: no ORM objects
    _write_cache(cache_path, fingerprint, kept)
    log(f"profiles: {reused} of {summary['cards']} cards reused from the previous build")
    return rows, summary


def build_profiles_cached(ctx) -> None:
    """Build step: :func:`kb.engine.profiles.build_profiles`, reading only the cards that are not in the
    previous build's cache (the others' profiles are taken from it)."""
    from .engine.profiles.store import store_profile_rows

    store_profile_rows(ctx, *_cached_rows(ctx.session, Path(ctx.kb_dir).parent / CACHE_FILE, ctx.log))


# The search index is the build's longest job (it starts once the cards are stored and runs to the end); the profiles only have to be ready when the build validates.  On two cores shared
# by the build, the index and the profiles, the scheduler then gives the index a core of its own.
PROFILES_NICENESS = 5


def _yield_to_the_index() -> None:
    """Lower this (profiles job) process's CPU priority by :data:`PROFILES_NICENESS` (no-op where not allowed)."""
    try:
        os.nice(PROFILES_NICENESS)
    except (OSError, AttributeError):
        pass


def _profiles_job(kb_dir: Path, ready=None) -> tuple[list[tuple], dict]:
    """Background build job: the rows of :func:`_cached_rows`, read from the store being built, encoded
    for the trip back (:func:`kb.engine.profiles.store.encode_profile_rows`).  With ``ready`` (the job is
    forked before the cards are stored), the reader's modules are imported first and ``ready()`` then waits
    for the cards."""
    from sqlmodel import Session

    from .db import make_engine, store_path
    from .engine.profiles import parse_card  # noqa: F401  (the reader and its tables, loaded while waiting)
    from .engine.profiles.store import encode_profile_rows

    _yield_to_the_index()
    if ready is not None:
        ready()
    engine = make_engine(store_path(kb_dir))
    try:
        with Session(engine) as session:
            rows, summary = _cached_rows(session, Path(kb_dir).parent / CACHE_FILE, lambda message: None)
            return encode_profile_rows(rows), summary
    finally:
        engine.dispose()


def start_profiles(ctx) -> None:
    """Build step: :func:`build_profiles_cached` in a background process, forked before the ``cards`` step
    (it imports the reader meanwhile) and reading the cards once they are stored (a profile reads nothing
    else); the build stores its rows when it joins the job, before validating."""
    ctx.spawn("profiles", _profiles_job, after="cards", finish=_store_rows)


def _store_rows(ctx, result) -> None:
    from .engine.profiles.store import store_profile_rows

    store_profile_rows(ctx, *result)

