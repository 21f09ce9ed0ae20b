"""Per-process caches of what is costly to compute from one knowledge-base version (the graph, the
card-name index ...), holding only what the current version needs.

``kb build`` writes each version into its own directory under ``<path>.versions/`` and swaps a symlink;
a running server then loads the new version's graph and indexes.  A cache keyed by version directory
alone would keep every old version alive (about 70-100 MB each).  :class:`VersionCache` keeps one value
per knowledge base: loading a version evicts its older siblings (and a value whose store changed).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Generic, Hashable, NamedTuple, TypeVar

__all__ = [
    "RecentByVersion",
    "StoreVersion",
    "VersionCache",
    "off_the_event_loop",
    "release_freed_memory",
    "session_store",
    "session_version",
    "store_stamp",
]

T = TypeVar("T")


def store_stamp(path: Path | str) -> tuple[int, int] | None:
    """``(mtime_ns, size)`` of a file (None when it cannot be read): changes when the file is rewritten."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


RESOLVE_EVERY = 1.0  # seconds a resolved store path and its stamp are trusted before they are read again
_RESOLVED: dict[str, "StoreVersion"] = {}
_RESOLVED_MAX = 64


class StoreVersion(NamedTuple):
    """Where a session's knowledge base is: its store file (symlinks followed), the version directory
    holding it, and the store's stamp (:func:`store_stamp`) when last read."""

    store: Path
    directory: Path
    stamp: tuple[int, int] | None
    checked: float  # time.monotonic() when it was read


def session_version(session) -> StoreVersion | None:
    """The :class:`StoreVersion` of a session (None for an in-memory database).

    Following the symlinks costs a few system calls, and a per-request look-up (a card by name, its
    profiles, the mention scanner) asks every time, so the resolved path is kept for
    :data:`RESOLVE_EVERY` seconds: a version swapped in by ``kb build`` is seen within that time.  The
    stamp (one ``stat``) is read on every call: a store changed in place is seen at once.
    """
    database = (session.get_bind().url.database or "").removeprefix("file:").split("?", 1)[0]
    if not database or database == ":memory:":
        return None
    now = time.monotonic()
    hit = _RESOLVED.get(database)
    if hit is not None and now - hit.checked < RESOLVE_EVERY:
        stamp = store_stamp(hit.store)
        return hit if stamp == hit.stamp else hit._replace(stamp=stamp)
    if len(_RESOLVED) >= _RESOLVED_MAX:
        _RESOLVED.clear()
    store = Path(database).resolve()
    found = _RESOLVED[database] = StoreVersion(store, store.parent, store_stamp(store), now)
    return found


def session_store(session) -> Path | None:
    """The real path of a session's SQLite store file (None for an in-memory database)."""
    version = session_version(session)
    return version.store if version is not None else None


def _malloc_trim():
    try:
        import ctypes

        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to trim
        return None


_TRIM = _malloc_trim()
_M_ARENA_MAX = -8  # glibc's mallopt parameter


def _one_heap() -> None:
    """Let every thread allocate from the main heap (glibc makes an arena per thread otherwise): the
    native threads of :func:`off_the_event_loop` build a version's indexes, and values spread over two
    heaps left more freed memory that ``malloc_trim`` could not hand back (soak: +10 % over 5 swaps)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").mallopt(_M_ARENA_MAX, 1)
    except (OSError, AttributeError):  # not glibc
        pass


def release_freed_memory() -> None:
    """Collect garbage and hand the freed heap back to the system (glibc's ``malloc_trim``).

    An old version's graph and indexes are hundreds of thousands of small objects; once dropped, the
    allocator keeps their pages, and the next version's objects do not fit the holes exactly, so a
    server's memory crept up with every rebuild (issue 12's soak: +22 % over 5 swaps).  Called once per
    dropped version, not per request.
    """
    import gc

    gc.collect()
    if _TRIM is not None:
        _TRIM(0)


_NATIVE = None  # a native (not greenlet-local) thread-local: marks the threads computing off the event loop


def _in_native_thread() -> bool:
    """Whether this is one of :func:`off_the_event_loop`'s native threads."""
    return _NATIVE is not None and getattr(_NATIVE, "offloaded", False)


def off_the_event_loop(compute: Callable[[], T]) -> T:
    """``compute()``, run so that it does not stall a gevent server's other clients.

    Under gevent (``kb serve``'s default worker) every request of a worker is a greenlet on one thread, and
    a greenlet computing for a second (a new version's name index, mention scanner, rulebook index ...)
    holds all of them up.  When the standard library is patched for gevent and this is a greenlet, the
    computation runs in a thread of gevent's native pool and only the asking greenlet waits for it; the
    others keep being served (they share the interpreter with it, switching every few milliseconds).
    Otherwise, and inside such a thread (a cache filled while filling another), it runs here.
    """
    global _NATIVE
    gevent = sys.modules.get("gevent")
    if gevent is None:
        return compute()
    from gevent import monkey

    if not monkey.is_module_patched("threading"):
        return compute()
    if _NATIVE is None:
        _one_heap()  # before the first native thread allocates
        _NATIVE = monkey.get_original("threading", "local")()
    if _in_native_thread():
        return compute()

    def offloaded() -> T:
        _NATIVE.offloaded = True
        try:
            return compute()
        finally:
            _NATIVE.offloaded = False

    return gevent.get_hub().threadpool.apply(offloaded)


_ALL_CACHES: "weakref.WeakSet[VersionCache]" = weakref.WeakSet()


def _drop_everywhere(version_dir: Path, stamp: Hashable) -> None:
    """Drop from every :class:`VersionCache` the values of other versions of ``version_dir``'s knowledge
    base (and of ``version_dir`` at another stamp): once one cache has moved to a new version, the old
    one's values are garbage in all of them, and freeing them together costs one collection
    (:func:`release_freed_memory` stalls a gevent worker while it runs) instead of one per cache.
    Without the caches' locks (a cache being filled may hold its own): a ``dict.pop`` is atomic."""
    for cache in list(_ALL_CACHES):
        for directory, (held, _value) in list(cache._entries.items()):
            if (directory != version_dir and directory.parent == version_dir.parent) or \
                    (directory == version_dir and held != stamp):
                cache._entries.pop(directory, None)


class VersionCache(Generic[T]):
    """Values keyed by a version directory, one per knowledge base.

    Two version directories belong to the same knowledge base when they share a parent (the
    ``<path>.versions/`` folder of :mod:`kb.build`; an unversioned directory is alone in its parent in
    practice, and at worst a neighbour is reloaded).  A value is recomputed when its stamp changes.
    Values are computed :func:`off_the_event_loop` (``offload=False`` for values that are cheap to make).
    """

    def __init__(self, *, offload: bool = True) -> None:
        self._entries: dict[Path, tuple[Hashable, T]] = {}
        self._lock = None  # made at first use: by then a gevent server has patched threading (see _locked)
        self._offload = offload
        _ALL_CACHES.add(self)

    def _locked(self):
        """The lock held while a value is computed.  Made at first use, so that under gevent it is gevent's
        lock (a cache made at import, before the server patched the standard library, would hold a real
        one, and a greenlet waiting for it would block the whole worker while the holder waits for its
        computation off the event loop).  Inside such a computation's native thread, no lock is taken (a
        gevent lock is not for other threads): at worst a nested value is computed twice."""
        if _in_native_thread():
            return contextlib.nullcontext()
        if self._lock is None:
            self._lock = threading.Lock()
        return self._lock

    def get(self, version_dir: Path, stamp: Hashable, compute: Callable[[], T]) -> T:
        """The value for ``version_dir`` at ``stamp``, computed once; older versions of the same
        knowledge base are dropped when a new one is computed."""
        entry = self._entries.get(version_dir)
        if entry is not None and entry[0] == stamp:
            return entry[1]
        with self._locked():
            entry = self._entries.get(version_dir)
            if entry is not None and entry[0] == stamp:
                return entry[1]
            older = [d for d in self._entries if d == version_dir or d.parent == version_dir.parent]
            for other in older:
                self._entries.pop(other, None)  # an older version (or an older stamp) of this knowledge base
            if older:
                _drop_everywhere(version_dir, stamp)  # every cache's values of the old version at once ...
                release_freed_memory()  # ... then one collection, before the new version's objects arrive
            value = off_the_event_loop(compute) if self._offload else compute()
            self._entries[version_dir] = (stamp, value)
            return value

    def keys(self) -> list[Path]:
        """The version directories held."""
        return list(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every value."""
        with self._locked():
            self._entries.clear()


class RecentByVersion(Generic[T]):
    """The values most recently asked for, per knowledge base: at most ``size`` keys of the current
    version (least recently used dropped; a new version drops the old one's, as :class:`VersionCache`).

    For per-request look-ups of what a built version never changes (a card row, its profiles).  A session
    on an in-memory database is not cached.  Values are shared: callers must not change them.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._versions: VersionCache[OrderedDict] = VersionCache(offload=False)
        self._lock = threading.Lock()

    def get(self, session, key: Hashable, compute: Callable[[], T]) -> T:
        """The value of ``key`` in the session's knowledge base, computed on first use."""
        version = session_version(session)
        if version is None:
            return compute()
        return self.get_for(version.directory, version.stamp, key, compute)

    def get_for(self, version_dir: Path, stamp: Hashable, key: Hashable, compute: Callable[[], T]) -> T:
        """The value of ``key`` in the knowledge-base version ``version_dir`` (at ``stamp``, which
        changes when the store does), computed on first use: :meth:`get` for a caller that knows its
        version without a session."""
        recent = self._versions.get(version_dir, stamp, OrderedDict)
        with self._lock:
            if key in recent:
                recent.move_to_end(key)
                return recent[key]
        value = compute()
        with self._lock:
            recent[key] = value
            while len(recent) > self.size:
                recent.popitem(last=False)
        return value
