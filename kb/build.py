"""``kb build``: run every build step into a fresh knowledge base and swap it in atomically.

A knowledge base is a directory (``kb.sqlite`` + ``index/`` + whatever later steps add).  The path the
user names (default ``data/kb``) is a symlink to a version directory under ``<path>.versions/``.  A
build writes a new version directory; only when every step and every validation check has passed is the
symlink replaced (one ``rename``, atomic on POSIX).  A failed or interrupted build deletes its own
version directory and leaves the previous knowledge base untouched.

One build at a time per target: a build holds an exclusive lock on ``<path>.lock`` (``flock``, released by
the kernel when the process dies, however it dies); a second build of the same target stops at once with
a :class:`BuildLockedError` naming the running build's pid.  A finished version directory carries the
marker file ``.complete``; a build killed outright (SIGKILL, power loss) cannot clean up, so the next
build, holding the lock, deletes every unmarked version directory left by a dead build.  Background jobs
die with their build (``PR_SET_PDEATHSIG`` on Linux, and a parent check as a fallback).

Steps are data: :data:`STEPS` lists ``(name, "module:function")``; each function takes the
:class:`BuildContext`.  Later layers (cards, rulings, links, profiles, search index) add their step here.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import gc
import importlib
import multiprocessing
import os
import resource
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from sqlalchemy import text
from sqlmodel import Session

from .config import RULEBOOK_DIR, default_kb_path, external_data_dir
from .db import STORE_FILE, create_tables, make_engine
from .errors import KbError

__all__ = ["STEPS", "BuildContext", "BuildError", "BuildLockedError", "COMPLETE_MARKER", "build", "build_lock",
           "run_step"]

COMPLETE_MARKER = ".complete"  # written into a version directory once every step and check has passed

# (name, "module:function") in the order they run.  Two steps fork a background process, which waits until
# what it reads is stored, and the build joins them before ``validate``: on two cores the profiles, the
# search index and the remaining steps then run side by side.
STEPS: list[tuple[str, str]] = [
    # the background jobs are forked first: the rulebooks are parsed while the build reads the cards (a
    # core is free then; the `rulebooks` step stores what was parsed), and the other two import their
    # modules meanwhile and wait until what they read is stored
    ("rulebooks-parse", "kb.corpus:start_rulebook_parse"),  # parses the books while `cards` runs
    ("profiles", "kb.build_cache:start_profiles"),  # reads the cards once stored; reuses unchanged ones
    ("search-index", "kb.build_jobs:start_search_index"),  # cards, then rulebooks, aliases, links
    ("cards", "importers.cards:load_cards"),
    ("rulebooks", "kb.corpus:load_rulebooks"),  # reads no card (mentions are linked in `links`)
    ("aliases", "importers.cards:load_aliases"),
    ("rulings", "importers.rulings:load_rulings"),
    ("links", "kb.links:link_records"),
    ("name-prior", "kb.name_prior:build_name_prior"),  # which card a short name most likely means
    ("graph", "kb.graph:write_graph"),
    ("validate", "kb.corpus:validate_store"),
]


class BuildError(KbError):
    """Raised when a build step fails or the built knowledge base does not validate."""

    type = "build_failed"


class BuildLockedError(BuildError):
    """Raised when another build of the same knowledge base is running."""

    type = "build_locked"


@dataclass
class BuildContext:
    """What a build step gets: the new KB directory, a write session, inputs and shared state."""

    kb_dir: Path
    session: Session
    data_dir: Path
    rulebook_dir: Path
    log: Callable[[str], None] = print
    summary: dict[str, dict] = field(default_factory=dict)  # source -> column -> value
    timings: dict[str, float] = field(default_factory=dict)  # step -> wall seconds
    cpu: dict[str, float] = field(default_factory=dict)  # step -> CPU seconds (user + sys) of the process running it
    state: dict = field(default_factory=dict)  # shared between steps (e.g. parse results)
    only_sources: list[str] | None = None  # restrict the rulebook step (tests, benchmarks)
    progress: object = None  # rich Progress, when shown

    background: dict = field(default_factory=dict)  # name -> (process, pipe, started, finish)
    _waiting: dict = field(default_factory=dict)  # step name -> events of the jobs waiting for it
    _done: set = field(default_factory=set)  # steps committed so far

    def add_summary(self, source: str, **columns) -> None:
        """Add (or update) columns of the closing summary table for one source."""
        self.summary.setdefault(source, {}).update(columns)

    def spawn(self, name: str, job: Callable, *, after: str | tuple[str, ...] | None = None,
              finish: Callable[["BuildContext", object], None] | None = None) -> None:
        """Run ``job(kb_dir)`` in a forked process while later steps go on.

        The job reads the store as committed so far (the store is in WAL mode, so it never blocks the
        build's writer) and writes only its own files inside the KB directory.  With ``after`` (a step
        name), the job is called as ``job(kb_dir, ready)``: ``ready()`` blocks until that step has been
        committed (or the build joins its jobs), so a job can do what it can early and read the rest
        later; with a tuple of step names, ``ready(step)`` waits for one of them.
        :meth:`join_background` waits for it and passes its (picklable) result to ``finish(ctx, result)``
        in the build process; by default the result is the step's summary columns.  The build joins
        every job before the ``validate`` step.
        """
        self.session.commit()
        parent_end, child_end = _mp.Pipe(duplex=False)
        ready = None
        for step in ((after,) if isinstance(after, str) else after or ()):
            event = _mp.Event()
            if step in self._done:
                event.set()
            else:
                self._waiting.setdefault(step, []).append(event)
            ready = event if isinstance(after, str) else {**(ready or {}), step: event}
        process = _mp.Process(target=_run_job, args=(job, self.kb_dir, child_end, os.getpid(), ready),
                              name=f"kb-build-{name}", daemon=True)
        process.start()
        child_end.close()
        self.background[name] = (process, parent_end, time.perf_counter(), finish)

    def take(self, name: str):
        """Wait for the spawned job ``name`` and return its result, for a step that needs what the job made
        (the job is then done: :meth:`join_background` skips it); None when no job of that name was spawned.

        :raises KbError: with the job's message when it failed.
        """
        if name not in self.background:
            return None
        process, pipe, started, _finish = self.background.pop(name)
        outcome = pipe.recv() if pipe.poll(None) else ("error", f"{name} died without a word")
        process.join()
        pipe.close()
        self.timings[name] = time.perf_counter() - started
        if len(outcome) > 2:
            self.cpu[name] = outcome[2]
        if outcome[0] != "ok" or process.exitcode != 0:
            raise KbError(str(outcome[1]))
        return outcome[1]

    def step_done(self, name: str) -> None:
        """Tell the jobs waiting for step ``name`` (``spawn(after=name)``) that it has been committed."""
        self._done.add(name)
        for event in self._waiting.pop(name, []):
            event.set()

    def join_background(self) -> None:
        """Wait for every spawned job; raise :class:`BuildError` with the job's message if one failed."""
        failures = []
        for step in list(self._waiting):  # a step the build did not run: nothing more to wait for
            self.step_done(step)
        for name, (process, pipe, started, finish) in list(self.background.items()):
            outcome = pipe.recv() if pipe.poll(None) else ("error", f"{name} died without a word")
            process.join()
            del self.background[name]
            self.timings[name] = time.perf_counter() - started
            status, payload = outcome[0], outcome[1]
            if len(outcome) > 2:
                self.cpu[name] = outcome[2]
            if status == "ok" and process.exitcode == 0:
                if finish is not None:
                    finish(self, payload)
                else:
                    self.add_summary(name, **(payload or {}))
                self.log(f"step {name} (background): {self.timings[name]:.2f}s")
            else:
                failures.append(f"step {name!r} failed: {payload}")
        if failures:
            raise BuildError("; ".join(failures))

    def stop_background(self) -> None:
        """Kill every job still running (a failed or interrupted build)."""
        for process, pipe, _started, _finish in self.background.values():
            if process.is_alive():
                process.kill()
            process.join()
            pipe.close()
        self.background.clear()


_mp = multiprocessing.get_context("fork")


def _die_with_parent(parent_pid: int) -> None:
    """Ask the kernel to SIGKILL this (child) process when its parent dies; exit now if it already has."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1 (Linux)
    except (OSError, AttributeError):  # not Linux: the parent check below still covers an early death
        pass
    if os.getppid() != parent_pid:
        os._exit(1)


def _run_job(job, kb_dir: Path, pipe, parent_pid: int, ready=None) -> None:  # runs in the child process
    _die_with_parent(parent_pid)
    gc.freeze()  # the parent's objects are not the job's garbage: never scan them
    gc.disable()  # a short-lived child: its memory is freed when it exits
    try:
        if ready is None:
            result = job(kb_dir)
        else:
            result = job(kb_dir, ready.wait if not isinstance(ready, dict) else lambda step: ready[step].wait())
        pipe.send(("ok", result, _cpu_seconds()))
    except KbError as exc:
        pipe.send(("error", str(exc)))
    except BaseException as exc:  # report, never a bare traceback from a child
        pipe.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        pipe.close()


def _cpu_seconds() -> float:
    """User + sys CPU seconds of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_step(name: str, ctx: BuildContext) -> None:
    """Run one step of :data:`STEPS` by name (used by tests that build a partial knowledge base)."""
    target = dict(STEPS)[name]
    module, _, func = target.partition(":")
    started, cpu = time.perf_counter(), _cpu_seconds()
    getattr(importlib.import_module(module), func)(ctx)
    ctx.session.commit()
    ctx.timings[name] = time.perf_counter() - started
    ctx.cpu[name] = _cpu_seconds() - cpu
    ctx.step_done(name)
    ctx.log(f"step {name}: {ctx.timings[name]:.2f}s")


def _versions_dir(target: Path) -> Path:
    return target.parent / (target.name + ".versions")


@contextlib.contextmanager
def build_lock(target: Path):
    """Hold the exclusive build lock of ``target`` (``<target>.lock``) for the ``with`` block.

    :raises BuildLockedError: at once, when another process holds it.
    """
    lock_path = target.parent / (target.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EACCES):
                raise
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise BuildLockedError(f"another build of {target} is running (pid {holder}); wait for it to "
                                   f"finish, or build elsewhere with --db") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _remove_dead_builds(target: Path, log: Callable[[str], None]) -> None:
    """Delete version directories that no finished build marked complete (the lock is held: none is running)."""
    current = target.resolve() if target.is_symlink() else None
    for candidate in _versions_dir(target).iterdir():
        if not candidate.is_dir() or candidate.name.startswith("legacy-") or candidate.resolve() == current:
            continue
        if not (candidate / COMPLETE_MARKER).exists():
            shutil.rmtree(candidate, ignore_errors=True)
            log(f"removed {candidate.name}: left unfinished by a build that died")


def _swap_in(target: Path, version_dir: Path) -> None:
    """Point ``target`` at ``version_dir`` atomically and prune old versions (keeps the previous one)."""
    previous = target.resolve() if target.is_symlink() else None
    if target.exists() and not target.is_symlink():
        # a knowledge base directory from elsewhere: move it into the versions folder first
        legacy = _versions_dir(target) / f"legacy-{int(time.time())}"
        os.replace(target, legacy)
        previous = legacy
    link = target.parent / f".{target.name}.link-{os.getpid()}"
    if link.is_symlink() or link.exists():
        link.unlink()
    os.symlink(os.path.relpath(version_dir, target.parent), link)
    os.replace(link, target)
    keep = {version_dir.resolve(), previous.resolve() if previous else None}
    for old in _versions_dir(target).iterdir():
        if old.resolve() not in keep:
            shutil.rmtree(old, ignore_errors=True)


def build(kb_path: Path | str | None = None, *, data_dir: Path | str | None = None,
          rulebook_dir: Path | str | None = None, steps: list[str] | None = None,
          only_sources: list[str] | None = None, log: Callable[[str], None] = print,
          progress: object = None) -> BuildContext:
    """Build the knowledge base at ``kb_path`` from the bundled sources; atomic (see module doc).

    :param steps: names of :data:`STEPS` to run (default: all), e.g. for a rulebooks-only test build.
    :raises BuildError: when a step fails; the previous knowledge base is left as it was.
    """
    wanted = steps or [name for name, _ in STEPS]
    unknown = [name for name in wanted if name not in dict(STEPS)]
    if unknown:
        raise BuildError(f"unknown build step(s): {', '.join(unknown)}")
    target = Path(kb_path or default_kb_path())
    target.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(target):
        return _build_locked(target, wanted, data_dir=data_dir, rulebook_dir=rulebook_dir,
                             only_sources=only_sources, log=log, progress=progress)


def _build_locked(target: Path, wanted: list[str], *, data_dir, rulebook_dir, only_sources, log,
                  progress) -> BuildContext:
    versions = _versions_dir(target)
    versions.mkdir(exist_ok=True)
    _remove_dead_builds(target, log)
    version_dir = versions / f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{time.monotonic_ns() % 10**6}"
    version_dir.mkdir()
    engine = make_engine(version_dir / STORE_FILE)
    session = Session(engine)
    ctx = BuildContext(kb_dir=version_dir, session=session,
                       data_dir=Path(data_dir or external_data_dir()),
                       rulebook_dir=Path(rulebook_dir or RULEBOOK_DIR), log=log,
                       only_sources=only_sources, progress=progress)
    try:
        create_tables(engine)
        for name in wanted:
            if name == "validate":
                ctx.join_background()
            try:
                run_step(name, ctx)
            except KbError as exc:
                raise BuildError(f"step {name!r} failed: {exc}") from exc
        ctx.join_background()
        session.exec(text("PRAGMA journal_mode=DELETE"))  # fold the WAL in: readers open it read-only
        session.close()
        engine.dispose()
        (version_dir / COMPLETE_MARKER).write_text(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} pid {os.getpid()}\n")
        _swap_in(target, version_dir)
    except BaseException:
        ctx.stop_background()
        session.close()
        engine.dispose()
        shutil.rmtree(version_dir, ignore_errors=True)
        raise
    return ctx
