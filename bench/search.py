"""Search speed: p50/p99 per query against the full corpus, index size and build time, versus SQLite FTS5.

Queries (a few hundred, fixed seed): card names, glossary terms and section titles as typed by users,
rule phrases, players' questions, and filter queries.  The same documents go into an SQLite FTS5 table
(porter stemming, BM25 with the title weighted) built in the same run; each query's free text is run
there too (all words for short text, any word for long, top 10 with a snippet, plus the match count) as
the baseline, and the ratios ours/FTS5 are printed, of wall time and of CPU time (on a loaded machine
the wall time of a query is mostly waiting for a core: compare CPU ratios there).  Ours and FTS5's runs of
each query are interleaved (:func:`time_interleaved`), so both see the same load.

    .venv/bin/python bench/search.py [--kb PATH] [--queries N] [--repeat 3] [--no-build] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from kb.config import default_kb_path
from kb.db import index_path, open_session
from kb.errors import InvalidQueryError
from kb.query import STOP_WORDS, parse, text_words
from kb.search.compiler import STRICT_WORDS
from kb.search import open_index, search, write_index

FILTER_QUERIES = [
    "t:counter", "t:quick-play", "t:continuous t:trap", "t:field", "t:equip o:destroy", "t:tuner level:1",
    "t:synchro level>=8", "t:xyz rank:4", "t:link link>=3", "t:pendulum scale>=8", "attr:light race:fairy",
    "attr:dark race:spellcaster level>=7", "atk>=3000 t:effect", "def=0 atk=0", "atk<1000 t:tuner",
    "series:blue-eyes", "series:hero t:fusion", "o:negate t:counter", 'o:"special summon" t:spell',
    "kind:term summon", "kind:section source:prb2017 chain", "region:tcg damage step", "kind:ruling negate",
    'ruling:"Solemn Judgment"', 'ruling:"Mystical Space Typhoon"', "ruling:Sangan", "card:\"Monster Reborn\"",
    "t:spell -(t:field OR t:equip) o:draw", "kind:card dragon -t:effect", "name:magician t:normal",
]
RULE_PHRASES = [
    "damage step", "missing the timing", "chain link", "spell speed", "priority", "cost", "segoc",
    "simultaneous", "quick effect", "trigger effect", "ignition effect", "continuous effect", "flip effect",
    "special summon", "tribute summon", "extra monster zone", "pendulum zone", "battle phase", "end phase",
    "standby phase", "negate activation", "negate effect", "face-down defense position", "once per turn",
    "hand size limit", "replay", "direct attack", "piercing damage", "banish face-down", "GY",
    "when ... you can", "if ... you can", "target", "equip card", "token", "xyz material", "link arrows",
    "cannot be destroyed by battle", "damage calculation", "lingering effect", "MST", "activate from hand",
]
QUESTIONS = [
    "can I activate a quick-play spell from my hand during my opponent's turn",
    "what happens to an xyz monster's materials when it leaves the field",
    "can a counter trap be chained to a quick effect",
    "does a trigger effect miss the timing if it is not the last thing to happen",
    "how many monsters can I normal summon per turn",
    "can I activate a trap card the turn it was set",
    "what happens if a monster is flipped face-up during the damage step",
    "can I special summon a link monster to the main monster zone",
    "who decides the order of simultaneous trigger effects",
    "what is the difference between destroy and send to the graveyard",
]


def build_queries(index, count: int, seed: int = 7) -> list[str]:
    """A realistic mix: names and titles typed by users, rule phrases, questions and filter queries."""
    rng = random.Random(seed)
    titles = index.meta.get("titles", [])
    cards = [t[0] for t in titles if t[1] == "card"]
    terms = [t[0] for t in titles if t[1] == "term"]
    sections = [t[0] for t in titles if t[1] == "section" and len(t[0]) < 50]
    per = max(1, count // 7)
    queries = (rng.sample(cards, min(len(cards), per * 2)) + rng.sample(terms, min(len(terms), per))
               + rng.sample(sections, min(len(sections), per)))
    queries = [q.replace('"', "") for q in queries]
    queries += RULE_PHRASES + QUESTIONS + FILTER_QUERIES
    queries += [name.lower()[:-1] for name in rng.sample(cards, per // 2)]  # a typo: last letter missing
    rng.shuffle(queries)
    return queries[:count] if len(queries) > count else queries


def fts_expression(query: str) -> str | None:
    """The FTS5 MATCH expression of a query's free text (None when it has none)."""
    try:
        words = re.findall(r"\w+", " ".join(text_words(parse(query))).lower())
    except Exception:  # noqa: BLE001 - the baseline skips queries ours rejects
        return None
    content = [w for w in words if w not in STOP_WORDS] or words
    if not content:
        return None
    joint = " OR " if len(content) > STRICT_WORDS else " AND "
    return joint.join(f'"{w}"' for w in content)


def build_fts(index, path: Path) -> tuple[sqlite3.Connection, float]:
    """The index's documents in an FTS5 table; returns the connection and build CPU seconds."""
    started = time.process_time()
    connection = sqlite3.connect(path)
    connection.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize='porter unicode61')")
    rows = ((doc.get("title") or "", doc.get("body") or "")
            for doc in map(index.document, range(index.searcher.doc_count_all())))
    connection.executemany("INSERT INTO docs(title, body) VALUES (?, ?)", rows)
    connection.commit()
    return connection, time.process_time() - started


def fts_search(connection, expression: str) -> int:
    """Top 10 by BM25 with snippets, plus the match count (what our search returns besides facets)."""
    rows = connection.execute(
        "SELECT rowid, snippet(docs, 1, '<mark>', '</mark>', '...', 24), bm25(docs, 4.0, 1.0) "
        "FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 4.0, 1.0) LIMIT 10", (expression,)).fetchall()
    total = connection.execute("SELECT count(*) FROM docs WHERE docs MATCH ?", (expression,)).fetchone()
    return len(rows) + total[0] * 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def time_interleaved(runs, calls, repeat: int = 1) -> list[tuple[list[float], list[float]]]:
    """For each run of ``runs``, the wall and CPU milliseconds of each call (the least of ``repeat``):
    ``calls`` holds one argument per run for each query (None: that run skips it, its time is None).
    The runs of one query are timed one right after the other, ``repeat`` times in turn, so that ours and
    FTS5's times of a query are taken in the same moment of a shared machine's load (timing all of ours,
    then all of FTS5's, let a change of load between the two halves move the ratio by a third)."""
    out = [([], []) for _ in runs]
    for arguments in calls:
        best = [[float("inf"), float("inf")] for _ in runs]
        for _ in range(repeat):
            for k, (run, argument) in enumerate(zip(runs, arguments)):
                if argument is None:
                    continue
                started, cpu_started = time.perf_counter(), time.process_time()
                run(argument)
                cpu = (time.process_time() - cpu_started) * 1000
                wall = (time.perf_counter() - started) * 1000
                best[k] = [min(best[k][0], wall), min(best[k][1], cpu)]
        for k, argument in enumerate(arguments):
            out[k][0].append(None if argument is None else best[k][0])
            out[k][1].append(None if argument is None else best[k][1])
    return out


def directory_size(path: Path) -> int:
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=str(default_kb_path()), help="knowledge base directory (full build)")
    parser.add_argument("--queries", type=int, default=300, help="number of queries")
    parser.add_argument("--no-build", action="store_true", help="do not time a fresh index build")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each query; the least time counts")
    args = parser.parse_args(argv)
    report: dict = {}
    if not args.no_build:
        with tempfile.TemporaryDirectory() as scratch, open_session(args.kb) as session:
            started, cpu = time.perf_counter(), time.process_time()
            write_index(session, Path(scratch) / "index", log=lambda message: None)
            report["index_build_seconds"] = round(time.perf_counter() - started, 2)
            report["index_build_cpu_seconds"] = round(time.process_time() - cpu, 2)
    index = open_index(args.kb)
    report["documents"] = index.searcher.doc_count_all()
    report["index_bytes"] = directory_size(index_path(args.kb))
    queries = build_queries(index, args.queries)
    report["queries"] = len(queries)
    report["repeat"] = args.repeat

    with tempfile.TemporaryDirectory() as scratch:
        fts_file = Path(scratch) / "fts.sqlite"
        connection, fts_build = build_fts(index, fts_file)
        report["fts5_build_cpu_seconds"] = round(fts_build, 2)
        report["fts5_bytes"] = fts_file.stat().st_size
        report["index_on_fts5_bytes"] = round(report["index_bytes"] / report["fts5_bytes"], 2)

        def ours(query):
            try:
                search(args.kb, query)
            except InvalidQueryError:  # e.g. a name typed with an unclosed "(": timed all the same
                pass

        expressions = [fts_expression(q) for q in queries]
        for query, expression in zip(queries, expressions):  # warm both (first-touch postings, page cache)
            ours(query)
            if expression:
                fts_search(connection, expression)
        (ours_ms, ours_cpu), (fts_all, fts_all_cpu) = time_interleaved(
            [ours, lambda expression: fts_search(connection, expression)],
            [[q, e or None] for q, e in zip(queries, expressions)], args.repeat)
        fts_ms, fts_cpu = [ms for ms in fts_all if ms is not None], [ms for ms in fts_all_cpu if ms is not None]
        ours_same = [ms for ms, e in zip(ours_ms, expressions) if e]
        ours_same_cpu = [ms for ms, e in zip(ours_cpu, expressions) if e]
        # each query's own ratio (ours / FTS5, CPU), taken in the same moment: its median is the least noisy figure
        report["cpu_ratio_per_query_p50"] = round(statistics.median(
            a / max(b, 1e-6) for a, b in zip(ours_same_cpu, fts_cpu)), 2)
        connection.close()
        shutil.rmtree(scratch, ignore_errors=True)

    report["ours_ms"] = {"p50": round(statistics.median(ours_ms), 2), "p99": round(percentile(ours_ms, .99), 2),
                         "mean": round(statistics.fmean(ours_ms), 2)}
    report["fts5_ms"] = {"p50": round(statistics.median(fts_ms), 2), "p99": round(percentile(fts_ms, .99), 2),
                         "queries": len(fts_ms)}
    report["ours_on_fts5_queries_ms"] = {"p50": round(statistics.median(ours_same), 2),
                                         "p99": round(percentile(ours_same, .99), 2)}
    report["ratio_p50"] = round(report["ours_on_fts5_queries_ms"]["p50"] / max(report["fts5_ms"]["p50"], 1e-6), 2)
    report["ratio_p99"] = round(report["ours_on_fts5_queries_ms"]["p99"] / max(report["fts5_ms"]["p99"], 1e-6), 2)
    report["cpu_ms"] = {"ours_p50": round(statistics.median(ours_same_cpu), 2),
                        "ours_p99": round(percentile(ours_same_cpu, .99), 2),
                        "fts5_p50": round(statistics.median(fts_cpu), 2),
                        "fts5_p99": round(percentile(fts_cpu, .99), 2)}
    report["cpu_ratio_p50"] = round(report["cpu_ms"]["ours_p50"] / max(report["cpu_ms"]["fts5_p50"], 1e-6), 2)
    report["cpu_ratio_p99"] = round(report["cpu_ms"]["ours_p99"] / max(report["cpu_ms"]["fts5_p99"], 1e-6), 2)
    slowest = sorted(zip(ours_ms, queries), reverse=True)[:5]
    report["slowest"] = [[round(ms, 1), q] for ms, q in slowest]
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
