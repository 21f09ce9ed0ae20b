"""Build time per rulebook source and for the whole knowledge base.

Baseline measured in the same run: reading and splitting each file (``read_source_text``), so the
printed ratio says how much parsing costs over plain I/O on this (noisy) machine.
Goal: all five books parsed in under 10 s here; the full build in under 60 s.

    .venv/bin/python bench/build.py [--full]
"""

from __future__ import annotations

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
            started = time.perf_counter()
            ctx = build(Path(tmp) / "kb-full", log=lambda m: None)
            print(f"full build: {time.perf_counter() - started:.2f} s (goal <= 60 s)")
            for name, seconds in ctx.timings.items():
                print(f"  {name:<14} {seconds:6.2f} s")


if __name__ == "__main__":
    main()
