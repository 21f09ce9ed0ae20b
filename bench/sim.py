"""Simulator speed and robustness: p50/p99 per scenario question, and a fuzz run of random legal sequences.

Usage: ``.venv/bin/python bench/sim.py [--kb PATH] [--repeat 20] [--sequences 10000] [--seed 0]``.
Goals: p50 <= 2 ms per scenario question (warm caches, as a long-running server has them); the fuzz run
raises no exception and breaks no invariant.  The baseline measured in the same run is a plain ``chain``
question (today's engine), so the ratio survives a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb import engine  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.engine.sim.fuzz import fuzz  # noqa: E402

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "sim"
BASELINE = {"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"}


def _time(session, question, repeat: int) -> list[float]:
    engine.ask(session, question)  # warm caches
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        engine.ask(session, question)
        out.append((time.perf_counter() - start) * 1000)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--sequences", type=int, default=10_000)
    parser.add_argument("--length", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with session_scope(args.kb) as session:
        base = _time(session, BASELINE, args.repeat)
        print(f"baseline chain question: p50 {statistics.median(base):.3f} ms")
        p50s = []
        print(f"{'scenario':40} {'p50 ms':>8} {'p99 ms':>8} {'x base':>7}")
        for path in sorted(GOLDEN.glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                case = json.loads(line)
                times = sorted(_time(session, case["q"], args.repeat))
                p50 = statistics.median(times)
                p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
                p50s.append(p50)
                print(f"{case['id']:40} {p50:8.3f} {p99:8.3f} {p50 / statistics.median(base):7.1f}")
        print(f"all {len(p50s)} scenario questions: median of p50 {statistics.median(p50s):.3f} ms, worst p50 "
              f"{max(p50s):.3f} ms (goal p50 <= 2 ms)")
        start = time.perf_counter()
        report = fuzz(session, sequences=args.sequences, length=args.length, seed=args.seed)
        took = time.perf_counter() - start
        print(f"fuzz: {report['sequences']} sequences, {report['actions']} actions ({report['legal']} legal, "
              f"{report['refused']} refused by a check), {report['cards']} distinct cards, "
              f"{len(report['errors'])} errors, {took:.1f} s")
        for error in report["errors"][:5]:
            print("  ", json.dumps(error)[:600])
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
