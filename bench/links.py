"""Time of the links and graph build steps, and latency of graph queries on a built knowledge base.

    .venv/bin/python bench/links.py [KB_DIR]     # default data/kb; build it first (`kb build`)

Prints the seconds of the two steps (re-run on a copy of the store) and p50/p99 of ``load_graph`` (cached),
``related`` at depth 1 and 2 and ``explain`` over a few hundred real nodes.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import Session  # noqa: E402

from kb.build import BuildContext  # noqa: E402
from kb.config import default_kb_path  # noqa: E402
from kb.db import STORE_FILE, make_engine  # noqa: E402
from kb.graph import clear_cache, explain, load_graph, related  # noqa: E402
from kb.links import link_records  # noqa: E402
from kb.graph import write_graph  # noqa: E402

LINK_TABLES = ("rulingsection", "citationcard", "conflictside", "conflict", "topiclink")


def _percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


def time_steps(kb_dir: Path) -> None:
    """Re-run the links and graph steps on a copy of the store with the link tables emptied."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / STORE_FILE
        shutil.copy(kb_dir / STORE_FILE, store)
        con = sqlite3.connect(store)
        for table in LINK_TABLES:
            con.execute(f"DELETE FROM {table}")
        con.execute("DELETE FROM cardmention WHERE kind = 'scanned'")
        con.execute("DELETE FROM parseproblem WHERE kind = 'unlinked_card'")
        con.execute("DELETE FROM buildinfo")
        con.commit()
        con.close()
        session = Session(make_engine(store))
        ctx = BuildContext(kb_dir=Path(tmp), session=session, data_dir=Path(tmp), rulebook_dir=Path(tmp),
                           log=lambda message: None)
        for name, step in (("links", link_records), ("graph", write_graph)):
            started = time.perf_counter()
            step(ctx)
            print(f"step {name}: {time.perf_counter() - started:.2f} s")
        session.close()


def time_queries(kb_dir: Path, count: int = 300) -> None:
    clear_cache()
    started = time.perf_counter()
    G = load_graph(kb_dir)
    print(f"load_graph (first): {time.perf_counter() - started:.2f} s "
          f"({G.number_of_nodes()} nodes, {G.number_of_edges()} edges)")
    rng = random.Random(7)
    nodes = [n for n in G if n[0] in ("card", "section", "ruling")]
    picked = rng.sample(nodes, min(count, len(nodes)))
    for label, func in (("load_graph (cached)", lambda n: load_graph(kb_dir)),
                        ("related depth 1", lambda n: related(G, n)),
                        ("related depth 2", lambda n: related(G, n, depth=2)),
                        ("explain", lambda n: explain(G, n, picked[0]))):
        samples = []
        for node in picked:
            started = time.perf_counter()
            func(node)
            samples.append(time.perf_counter() - started)
        print(f"{label}: {_percentiles(samples)}")


def main() -> None:
    kb_dir = Path(sys.argv[1] if len(sys.argv) > 1 else default_kb_path()).resolve()
    if not (kb_dir / STORE_FILE).exists():
        sys.exit(f"no knowledge base at {kb_dir} (run `kb build` first)")
    time_steps(kb_dir)
    time_queries(kb_dir)


if __name__ == "__main__":
    main()
