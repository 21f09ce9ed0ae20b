"""Throughput and latency of the API under gunicorn, with a trivial route as the baseline in the same run.

Starts ``kb serve`` (gunicorn) on a free loopback port, then drives it from a separate load process:
for each route, a fixed number of requests (or a time limit, whichever comes first) from a few
concurrent clients, the routes taking turns in several rounds so that other load on the machine falls on
all of them alike, each request on a new connection (gunicorn's sync workers close it after a reply).
Routes: ``/api/v1/health`` (trivial: no knowledge-base access), card look-up by exact name
(``/api/v1/cards/named?exact=``), card page data by id (``/api/v1/cards/<id>``), full-text search and
plain-language ask, each rotating through varied inputs taken from the knowledge base.

Goal (issue 12): card look-up at least 60% of the trivial route's throughput.  Loopback only; bounded in
count and time; stops its server.  A benchmark, not a test: it prints a table (and writes bench/out/api.json).

    .venv/bin/python bench/api.py [--kb DIR] [--requests 1500] [--seconds 20] [--concurrency 8] [--workers N]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.config import default_kb_path  # noqa: E402

HOST = "127.0.0.1"
GOAL = 0.6  # card look-up throughput / trivial-route throughput (issue 12)
ASK_QUESTIONS = (
    "Can Twin Twisters chain to Pot of Greed?",
    "Can Mystical Space Typhoon chain to Solemn Judgment?",
    "Can Ash Blossom & Joyous Spring chain to Pot of Desires?",
    "Can Raigeki chain to Dark Hole?",
    "Can Magic Cylinder chain to Mirror Force?",
)
SEARCH_QUERIES = ("damage step", "spell speed", "missing the timing", "chain link", "negate activation",
                  "kind:card atk>=2500 type:dragon", "\"face-down\" defense", "banished", "tribute summon",
                  "continuous effect", "replay", "cost", "quick effect", "counter trap", "equip")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _sample_cards(kb_path: Path, count: int = 300) -> list[tuple[int, str]]:
    """Cards spread over the whole table (id, name), for varied look-ups."""
    from sqlmodel import select

    from kb.db import session_scope
    from kb.models import Card

    with session_scope(kb_path) as session:
        rows = session.exec(select(Card.id, Card.name).where(Card.password.is_not(None))
                            .order_by(Card.id)).all()
    step = max(1, len(rows) // count)
    return [tuple(row) for row in rows[::step][:count]]


def _routes(cards: list[tuple[int, str]]) -> dict[str, list[str]]:
    quote = urllib.parse.quote
    return {
        "trivial (health)": ["/api/v1/health"],
        "card lookup (named?exact=)": [f"/api/v1/cards/named?exact={quote(name)}" for _, name in cards],
        "card page data (cards/<id>)": [f"/api/v1/cards/{card_id}" for card_id, _ in cards[:100]],
        "search": [f"/api/v1/search?q={quote(q)}&limit=10" for q in SEARCH_QUERIES],
        "ask (plain language)": [f"/api/v1/ask?q={quote(q)}" for q in ASK_QUESTIONS],
    }


def _one(port: int, path: str) -> tuple[float, int]:
    started = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("GET", path, headers={"Accept": "application/json"})
        response = connection.getresponse()
        response.read()
        status = response.status
    except OSError:
        status = 0
    finally:
        connection.close()
    return time.perf_counter() - started, status


def _drive(port: int, paths: list[str], requests: int, deadline: float, concurrency: int,
           latencies: list[float], errors: list[int]) -> float:
    """Send up to ``requests`` GETs (cycling through ``paths``) from ``concurrency`` threads, stopping
    at ``deadline``; append each latency and count non-200 answers.  Returns the wall time."""
    lock = threading.Lock()
    counter = iter(range(requests))

    def worker():
        while time.perf_counter() < deadline:
            with lock:
                number = next(counter, None)
            if number is None:
                return
            elapsed, status = _one(port, paths[number % len(paths)])
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors[0] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def _percentile_ms(ordered: list[float], fraction: float) -> float:
    """The latency (ms) below which ``fraction`` of the sorted seconds in ``ordered`` fall."""
    if not ordered:
        return 0.0
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000, 2)


def _load_process(port: int, routes: dict[str, list[str]], requests: int, seconds: float, concurrency: int,
                  rounds: int, queue) -> None:
    """The load generator (its own process).  Routes take turns, ``rounds`` times, so that background
    load on a shared machine falls on every route alike; each route gets ``requests`` in all, within
    ``seconds`` in all."""
    for paths in routes.values():  # warm every worker's caches for a few inputs
        for path in paths[:20]:
            _one(port, path)
    latencies = {name: [] for name in routes}
    errors = {name: [0] for name in routes}
    wall = dict.fromkeys(routes, 0.0)
    for _round in range(rounds):
        for name, paths in routes.items():
            deadline = time.perf_counter() + seconds / rounds
            wall[name] += _drive(port, paths, requests // rounds, deadline, concurrency, latencies[name],
                                 errors[name])
    results = {}
    for name in routes:
        done = sorted(latencies[name])
        results[name] = {"requests": len(done), "errors": errors[name][0], "seconds": round(wall[name], 3),
                         "rps": round(len(done) / wall[name], 1) if wall[name] else 0.0,
                         "p50_ms": _percentile_ms(done, 0.50), "p99_ms": _percentile_ms(done, 0.99)}
    queue.put(results)


def _start_server(kb_path: Path, port: int, workers: int) -> subprocess.Popen:
    kb_bin = Path(sys.executable).with_name("kb")
    command = [str(kb_bin), "--kb", str(kb_path), "serve", "--host", HOST, "--port", str(port),
               "--workers", str(workers), "--no-access-log"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"kb serve exited: {process.stderr.read().decode(errors='replace')[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/v1/health", timeout=2):
                return process
        except OSError:
            time.sleep(0.3)
    _stop(process)
    raise SystemExit("kb serve did not answer within 120 s")


def _stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _knowledge_base(path: Path | None, scratch: Path) -> Path:
    path = path or default_kb_path()
    if (path / "kb.sqlite").exists():
        return path
    from kb.build import build

    print(f"no knowledge base at {path}: building one in {scratch} (a few minutes)", file=sys.stderr)
    target = scratch / "kb"
    build(target, log=lambda message: None)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, default=None, help="knowledge base (default data/kb)")
    parser.add_argument("--requests", type=int, default=1500, help="requests per route (default 1500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit per route (default 20)")
    parser.add_argument("--concurrency", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--rounds", type=int, default=5, help="turns each route takes (default 5)")
    args, _unknown = parser.parse_known_args()

    with tempfile.TemporaryDirectory() as scratch:
        kb_path = _knowledge_base(args.kb, Path(scratch))
        routes = _routes(_sample_cards(kb_path))
        port = _free_port()
        server = _start_server(kb_path, port, args.workers)
        try:
            context = multiprocessing.get_context("spawn")
            queue = context.Queue()
            loader = context.Process(target=_load_process,
                                     args=(port, routes, args.requests, args.seconds, args.concurrency, args.rounds,
                                           queue))
            loader.start()
            results = queue.get(timeout=len(routes) * (args.seconds + 60))
            loader.join(timeout=30)
        finally:
            _stop(server)

    baseline = results["trivial (health)"]["rps"]
    print(f"API under gunicorn ({args.workers} workers, {args.concurrency} clients, loopback, "
          f"≤{args.requests} requests or {args.seconds:.0f} s per route in {args.rounds} interleaved rounds; "
          f"{os.cpu_count()} cores shared with the load process)")
    print(f"{'route':<30} {'requests':>8} {'errors':>6} {'req/s':>8} {'vs trivial':>10} {'p50 ms':>8} "
          f"{'p99 ms':>8}")
    for name, row in results.items():
        ratio = row["rps"] / baseline if baseline else 0.0
        print(f"{name:<30} {row['requests']:>8} {row['errors']:>6} {row['rps']:>8.1f} {ratio:>9.0%} "
              f"{row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f}")
    lookup = results["card lookup (named?exact=)"]["rps"] / baseline if baseline else 0.0
    verdict = "met" if lookup >= GOAL else "NOT met"
    print(f"goal: card look-up >= {GOAL:.0%} of the trivial route: {lookup:.0%} ({verdict})")
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "api.json").write_text(json.dumps({"workers": args.workers, "concurrency": args.concurrency,
                                              "results": results, "lookup_ratio": round(lookup, 3)},
                                             indent=2))


if __name__ == "__main__":
    main()
