"""Build time per rulebook source and for the whole knowledge base.

Baseline measured in the same run: reading and splitting each file (``read_source_text``), so the
printed ratio says how much parsing costs over plain I/O on this (noisy) machine.
Goal: all five books parsed in under 10 s here; the full build in 20 s or less (issue 12).

``--full`` builds the whole knowledge base twice into one target: first with nothing to reuse, then again
(the ``profiles`` step reuses the profiles of unchanged cards, kb.build_cache).  Each build prints its wall
time and its CPU seconds (user + sys of the build and its background job): on a shared machine the wall
time is mostly waiting for a core, so compare CPU seconds between runs.

    .venv/bin/python bench/build.py [--full]
"""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from importers import RULEBOOKS  # noqa: E402
from importers.base import read_source_text  # noqa: E402
from kb.build import build  # noqa: E402
from kb.config import RULEBOOK_DIR  # noqa: E402
from kb.corpus import parse_rulebook, read_sources_file  # noqa: E402


def _cpu_seconds() -> float:
    """User + sys CPU seconds of this process and of its children that have been waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _median_seconds(func, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        func()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    sources = read_sources_file(RULEBOOK_DIR)
    total = 0.0
    print(f"{'source':<10} {'parse ms':>9} {'read ms':>8} {'ratio':>7} {'sections':>8}")
    for source_id in RULEBOOKS:
        source = sources[source_id]
        path = RULEBOOK_DIR / Path(source.file).name
        baseline = _median_seconds(lambda: read_source_text(path), 5)
        parse = _median_seconds(lambda: parse_rulebook(source, RULEBOOK_DIR), 5)
        sections = len(parse_rulebook(source, RULEBOOK_DIR).sections)
        total += parse
        print(f"{source_id:<10} {parse * 1000:9.1f} {baseline * 1000:8.2f} {parse / baseline:7.1f} {sections:8}")
    print(f"all five books parsed in {total:.2f} s (goal < 10 s)")
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        build(Path(tmp) / "kb", steps=["rulebooks", "validate"], log=lambda m: None)
        print(f"rulebook build (store, resolve, validate): {time.perf_counter() - started:.2f} s")
        if "--full" in sys.argv:
            for label in ("full build", "full build again"):
                started, cpu = time.perf_counter(), _cpu_seconds()
                ctx = build(Path(tmp) / "kb-full", log=lambda m: None)
                print(f"{label}: {time.perf_counter() - started:.2f} s wall, {_cpu_seconds() - cpu:.2f} s CPU "
                      f"(goal <= 20 s wall)")
                for name, seconds in ctx.timings.items():
                    cpu = ctx.cpu.get(name)
                    print(f"  {name:<14} {seconds:6.2f} s wall" + (f", {cpu:6.2f} s CPU" if cpu is not None else ""))


if __name__ == "__main__":
    main()
