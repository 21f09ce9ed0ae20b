"""The build is atomic, deterministic, and reports bad sources clearly."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from sqlmodel import select

from kb import build as build_module
from kb.build import BuildError, build
from kb.config import RULEBOOK_DIR
from kb.db import open_session
from kb.models import Reference, Section

RULEBOOK_STEPS = ["rulebooks", "validate"]


def _quiet(_message):
    pass


def _section_ids(kb_path: Path) -> list[str]:
    session = open_session(kb_path)
    try:
        return sorted(session.exec(select(Section.id)).all())
    finally:
        session.close()


@pytest.fixture()
def broken_rulebooks(tmp_path):
    """A copy of the bundled rulebooks that tests may damage."""
    target = tmp_path / "rulebooks"
    shutil.copytree(RULEBOOK_DIR, target)
    return target


def test_build_points_the_path_at_a_version_directory(rulebook_kb):
    assert rulebook_kb.is_symlink()
    assert (rulebook_kb / "kb.sqlite").exists()
    assert rulebook_kb.resolve().parent.name == rulebook_kb.name + ".versions"


def test_two_builds_give_identical_ids(tmp_path, rulebook_kb):
    again = tmp_path / "kb"
    build(again, steps=RULEBOOK_STEPS, log=_quiet)
    assert _section_ids(again) == _section_ids(rulebook_kb)
    first, second = open_session(rulebook_kb), open_session(again)
    try:
        refs = lambda s: sorted(s.exec(select(Reference.section_id, Reference.raw, Reference.target_id)).all())  # noqa: E731
        assert refs(first) == refs(second)
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("damage, message", [
    (lambda p: p.write_bytes(b""), "file is empty"),
    (lambda p: p.write_bytes(p.read_bytes()[:2000] + b"\x00\x01\x02binary"), "binary data"),
    (lambda p: p.write_bytes("Regeln f\u00fcr Duelle\n".encode("latin-1") + p.read_bytes()), "not valid UTF-8"),
])
def test_a_bad_source_fails_the_build_and_keeps_the_previous_kb(tmp_path, broken_rulebooks, damage, message):
    kb_path = tmp_path / "kb"
    build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)
    before = (kb_path.resolve(), _section_ids(kb_path))
    damage(broken_rulebooks / "community.txt")
    with pytest.raises(BuildError) as info:
        build(kb_path, steps=RULEBOOK_STEPS, rulebook_dir=broken_rulebooks, log=_quiet)
    assert message in str(info.value)
    assert "community.txt" in str(info.value)
    assert (kb_path.resolve(), _section_ids(kb_path)) == before
    versions = list((tmp_path / "kb.versions").iterdir())
    assert versions == [before[0]], "the failed build left its version directory behind"


def test_rulebooks_parsed_by_the_background_job_are_stored_as_parsed_in_the_build(tmp_path, rulebook_kb,
                                                                                  broken_rulebooks):
    """The full build parses the books in a job forked before ``cards`` (``rulebooks-parse``) and stores
    them in ``rulebooks``: the same records as parsed in the build process, and a bad source still fails
    the build with its message."""
    parallel = tmp_path / "kb"
    messages: list[str] = []
    ctx = build(parallel, steps=["rulebooks-parse", "rulebooks", "validate"], log=messages.append)
    assert "rulebooks-parse" in ctx.timings and any(m.startswith("parsed community:") for m in messages)
    first, second = open_session(rulebook_kb), open_session(parallel)
    try:
        for query in (select(Section.id, Section.parent_id, Section.title, Section.text, Section.order),
                      select(Reference.section_id, Reference.raw, Reference.target_id, Reference.citation_id)):
            assert sorted(first.exec(query).all()) == sorted(second.exec(query).all())
    finally:
        first.close()
        second.close()
    (broken_rulebooks / "community.txt").write_bytes(b"")
    with pytest.raises(BuildError) as info:
        build(tmp_path / "other", steps=["rulebooks-parse", "rulebooks", "validate"],
              rulebook_dir=broken_rulebooks, log=_quiet)
    assert "file is empty" in str(info.value) and "community.txt" in str(info.value)


def test_an_interrupted_build_keeps_the_previous_kb(tmp_path, monkeypatch):
    kb_path = tmp_path / "kb"
    build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)
    before = kb_path.resolve()

    def interrupt(ctx):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "STEPS", build_module.STEPS + [("interrupt", "tests.test_build:_interrupt")])
    monkeypatch.setattr("tests.test_build._interrupt", interrupt, raising=False)
    with pytest.raises(KeyboardInterrupt):
        build(kb_path, steps=["rulebooks", "interrupt", "validate"], log=_quiet)
    assert kb_path.resolve() == before
    assert sorted(os.listdir(tmp_path / "kb.versions")) == [before.name]


def test_a_validation_failure_is_refused(tmp_path, monkeypatch):
    kb_path = tmp_path / "kb"

    def bad_validator(ctx):
        ctx.state.setdefault("validators", []).append(lambda ctx: ["engine cites community:99.99"])

    monkeypatch.setattr(build_module, "STEPS", [("bad", "tests.test_build:_bad")] + build_module.STEPS)
    monkeypatch.setattr("tests.test_build._bad", bad_validator, raising=False)
    with pytest.raises(BuildError, match="community:99.99"):
        build(kb_path, steps=["bad", "rulebooks", "validate"], log=_quiet)
    assert not kb_path.exists()


def test_unknown_step_is_an_error(tmp_path):
    with pytest.raises(BuildError, match="unknown build step"):
        build(tmp_path / "kb", steps=["rulebooks", "nonsense"], log=_quiet)


# ------------------------------------------------------------------ one build at a time; killed builds

def test_a_second_build_of_the_same_target_stops_with_a_clear_message(tmp_path):
    kb_path = tmp_path / "kb"
    build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)
    before = kb_path.resolve()
    with build_module.build_lock(kb_path):  # as if another build were running
        with pytest.raises(build_module.BuildLockedError, match=f"another build of {kb_path} is running"):
            build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)
    assert kb_path.resolve() == before
    assert sorted(os.listdir(tmp_path / "kb.versions")) == [before.name]
    build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)  # the lock is free again
    assert kb_path.resolve() != before


def test_a_finished_version_is_marked_complete(rulebook_kb):
    assert (rulebook_kb / build_module.COMPLETE_MARKER).exists()


def _children(pid: int) -> set[int]:
    try:
        return {int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


_SLEEPER = """
import sys, time
from pathlib import Path
from kb.build import BuildContext

class _NoStore:
    def commit(self):
        pass

ctx = BuildContext(kb_dir=Path(sys.argv[1]), session=_NoStore(), data_dir=Path("."), rulebook_dir=Path("."))
ctx.spawn("sleeper", lambda kb_dir: time.sleep(300))
time.sleep(300)
"""


def _wait_for_children(proc, seconds: float = 120) -> set[int]:
    import time
    deadline = time.monotonic() + seconds
    children: set[int] = set()
    while not children and proc.poll() is None and time.monotonic() < deadline:
        children = _children(proc.pid)
        time.sleep(0.02)
    return children


def _wait_until_gone(pids: set[int], seconds: float = 10) -> bool:
    import time
    deadline = time.monotonic() + seconds
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(_alive(pid) for pid in pids)


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc to see children")


@needs_proc
def test_a_background_job_dies_with_its_sigkilled_build(tmp_path):
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", _SLEEPER, str(tmp_path)])
    children = _wait_for_children(proc)
    assert children, "the background job did not start"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    survivors = not _wait_until_gone(children)
    if survivors:
        for pid in children:
            os.kill(pid, signal.SIGKILL)
    assert not survivors, "the background job outlived its killed build"


@needs_proc
def test_the_next_build_removes_what_a_sigkilled_build_left(tmp_path):
    import signal
    import subprocess
    import sys

    kb_path = tmp_path / "kb"
    build(kb_path, steps=RULEBOOK_STEPS, log=_quiet)
    good = kb_path.resolve()
    script = ("import sys; from kb.build import build; "
              "build(sys.argv[1], steps=['rulebooks', 'search-index', 'validate'], log=lambda m: None)")
    proc = subprocess.Popen([sys.executable, "-c", script, str(kb_path)])
    children = _wait_for_children(proc)  # killed while its index writer runs
    if not children:
        proc.kill()
        pytest.skip("the build finished before its background job could be seen")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert _wait_until_gone(children), "the background job outlived its killed build"
    leftovers = [p for p in (tmp_path / "kb.versions").iterdir() if p != good]
    assert leftovers, "the killed build should have left its partial directory (nothing could clean it)"
    assert kb_path.resolve() == good
    messages: list[str] = []
    build(kb_path, steps=RULEBOOK_STEPS, log=messages.append)
    assert not any(p.exists() for p in leftovers), "the next build did not remove the dead build's directory"
    assert any("left unfinished by a build that died" in m for m in messages)
