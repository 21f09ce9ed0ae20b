"""Soak: mixed routes from 8 clients against ``kb serve`` for minutes and across rebuilds; errors and
worker memory.

Copies a built knowledge base into a scratch directory laid out like ``kb build`` makes it (a symlink
to a version directory), serves it with ``kb serve`` on a free loopback port, and drives it from a
separate load process: ``--clients`` threads, each request a route picked at random (seeded) from a
mix of API calls and pages (health, card by name, card by id, card page, search API and page, section
page, rulings, autocomplete, ask).  Bounded in time (``--seconds``) and count (``--requests``).

Phase 1 runs ``--seconds``; the worker memory (RSS of every gunicorn worker, summed) is sampled every
``--sample`` seconds and compared with the sample taken at the end of ``--warmup``.  Phase 2 swaps in
``--rebuilds`` new versions under the running server, with load in between (``--rebuild-seconds``
each), and samples the memory after each.  A new version is by default a copy of the current one
(``--rebuild copy``: a new version directory swapped in with the same atomic rename as a build; the
server cannot tell it from a rebuild, and it takes a second instead of minutes); ``--rebuild full``
runs a real ``kb build`` each time.

Goals (issue 12): 0 errors; worker memory flat after warm-up (within ±10 %) over the run and over the
rebuilds.  Loopback only; stops its server; writes ``bench/out/soak.json``.

    .venv/bin/python bench/soak.py [--kb DIR] [--seconds 300] [--rebuilds 5] [--clients 8] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import api as api_bench  # noqa: E402  (server start/stop, card sample)

HOST = api_bench.HOST
FLAT = 0.10  # memory goal: within ±10 % of the post-warm-up sample


def _sample_ids(kb_path: Path, count: int = 200) -> dict[str, list]:
    """Section and ruling ids spread over their tables (for page and API routes)."""
    from sqlmodel import select

    from kb.db import session_scope
    from kb.models import Ruling, Section

    with session_scope(kb_path) as session:
        sections = session.exec(select(Section.id).order_by(Section.id)).all()
        rulings = session.exec(select(Ruling.id).order_by(Ruling.id)).all()
    return {"sections": sections[::max(1, len(sections) // count)][:count],
            "rulings": rulings[::max(1, len(rulings) // count)][:count]}


def _route_mix(cards: list[tuple[int, str]], ids: dict[str, list]) -> list[tuple[str, int, list[str]]]:
    """(name, weight, paths): the mix of routes a client picks from."""
    quote = urllib.parse.quote
    queries = api_bench.SEARCH_QUERIES
    return [
        ("api health", 1, ["/api/v1/health"]),
        ("api card by name", 4, [f"/api/v1/cards/named?exact={quote(name)}" for _, name in cards]),
        ("api card by id", 3, [f"/api/v1/cards/{card_id}" for card_id, _ in cards]),
        ("api autocomplete", 2, [f"/api/v1/cards/autocomplete?q={quote(name[:4])}" for _, name in cards]),
        ("api search", 4, [f"/api/v1/search?q={quote(q)}&limit=10" for q in queries]),
        ("api rulings", 2, [f"/api/v1/rulings/{quote(r, safe='')}" for r in ids["rulings"]]),
        ("api section", 2, [f"/api/v1/sections/{quote(s, safe=':')}" for s in ids["sections"]]),
        ("api ask", 1, [f"/api/v1/ask?q={quote(q)}" for q in api_bench.ASK_QUESTIONS]),
        ("page search", 2, [f"/search?q={quote(q)}" for q in queries]),
        ("page card", 2, [f"/cards/{card_id}" for card_id, _ in cards]),
        ("page section", 1, [f"/sections/{quote(s, safe=':')}" for s in ids["sections"]]),
    ]


def _load_process(port: int, mix, clients: int, seconds: float, requests: int, seed: int, queue) -> None:
    """Drive the server for ``seconds`` or ``requests`` (whichever first) from ``clients`` threads;
    put per-route counts, errors (status != 200 or no answer) and latencies on ``queue``."""
    names = [name for name, _, _ in mix]
    weights = [weight for _, weight, _ in mix]
    paths = {name: route_paths for name, _, route_paths in mix}
    lock = threading.Lock()
    budget = iter(range(requests))
    counts = dict.fromkeys(names, 0)
    errors: dict[str, list] = {name: [] for name in names}
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    def client(number: int):
        rng = random.Random(seed * 1000 + number)
        while time.perf_counter() < deadline:
            with lock:
                if next(budget, None) is None:
                    return
            name = rng.choices(names, weights)[0]
            path = rng.choice(paths[name])
            elapsed, status = api_bench._one(port, path)
            with lock:
                counts[name] += 1
                latencies.append(elapsed)
                if status != 200 and len(errors[name]) < 20:
                    errors[name].append([status, path])
                elif status != 200:
                    errors[name].append(None)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    latencies.sort()
    queue.put({"counts": counts, "errors": {n: e for n, e in errors.items() if e},
               "requests": len(latencies),
               "p50_ms": api_bench._percentile_ms(latencies, 0.5),
               "p99_ms": api_bench._percentile_ms(latencies, 0.99)})


def _children(pid: int) -> list[int]:
    """Direct child processes of ``pid`` (gunicorn's workers of its master), from /proc."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("PPid:") and int(line.split()[1]) == pid:
                out.append(int(entry.name))
    return out


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def workers_memory(master: int) -> dict:
    """RSS (MB) of each worker of the gunicorn master and their sum."""
    per = {pid: round(_rss_mb(pid), 1) for pid in _children(master)}
    return {"workers": per, "total_mb": round(sum(per.values()), 1)}


def _new_version(target: Path, mode: str) -> float:
    """Swap a new version of the knowledge base in under the running server; returns seconds taken."""
    from kb.build import _swap_in, _versions_dir

    started = time.perf_counter()
    if mode == "full":
        from kb.build import build

        build(target, log=lambda message: None)
    else:
        current = target.resolve()
        fresh = _versions_dir(target) / f"soak-{time.strftime('%H%M%S')}-{time.monotonic_ns() % 10**6}"
        shutil.copytree(current, fresh)
        _swap_in(target, fresh)
    return time.perf_counter() - started


def _run_load(context, port, mix, clients, seconds, requests, seed) -> dict:
    queue = context.Queue()
    loader = context.Process(target=_load_process, args=(port, mix, clients, seconds, requests, seed, queue))
    loader.start()
    result = queue.get(timeout=seconds + 120)
    loader.join(timeout=30)
    return result


def _merge(total: dict, part: dict) -> None:
    total["requests"] = total.get("requests", 0) + part["requests"]
    for name, count in part["counts"].items():
        total.setdefault("counts", {})[name] = total.get("counts", {}).get(name, 0) + count
    for name, errs in part["errors"].items():
        total.setdefault("errors", {}).setdefault(name, []).extend(errs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, default=None, help="built knowledge base to copy (data/kb)")
    parser.add_argument("--seconds", type=float, default=300.0, help="phase 1 length (default 300)")
    parser.add_argument("--requests", type=int, default=200_000, help="request cap per load run")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds before the memory baseline")
    parser.add_argument("--sample", type=float, default=15.0, help="memory sample interval (default 15 s)")
    parser.add_argument("--rebuilds", type=int, default=5, help="versions swapped in under the server")
    parser.add_argument("--rebuild", choices=("copy", "full"), default="copy", help="how a version is made")
    parser.add_argument("--rebuild-seconds", type=float, default=20.0, help="load after each rebuild")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()

    report: dict = {"clients": args.clients, "workers": args.workers, "rebuild": args.rebuild}
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="kb-soak-") as scratch:
        source = api_bench._knowledge_base(args.kb, Path(scratch)).resolve()
        target = Path(scratch) / "kb"
        versions = Path(scratch) / "kb.versions"
        versions.mkdir()
        shutil.copytree(source, versions / "v0")
        os.symlink(os.path.relpath(versions / "v0", scratch), target)
        mix = _route_mix(api_bench._sample_cards(target, 200), _sample_ids(target))
        port = api_bench._free_port()
        server = api_bench._start_server(target, port, args.workers)
        totals: dict = {}
        try:
            # phase 1: load in slices of --sample seconds, memory after each
            samples, elapsed, slice_number = [], 0.0, 0
            while elapsed < args.seconds:
                seconds = min(args.sample, args.seconds - elapsed)
                part = _run_load(context, port, mix, args.clients, seconds, args.requests,
                                 args.seed + slice_number)
                _merge(totals, part)
                elapsed += seconds
                slice_number += 1
                samples.append({"t": round(elapsed, 1), "requests": part["requests"],
                                "p50_ms": part["p50_ms"],
                                "p99_ms": part["p99_ms"], **workers_memory(server.pid)})
                print(f"t={elapsed:6.1f}s  requests {part['requests']:6}  p50 {part['p50_ms']:7.2f} ms  "
                      f"workers {samples[-1]['total_mb']:7.1f} MB", flush=True)
            warm = next((s for s in samples if s["t"] >= args.warmup), samples[-1])
            after = [s["total_mb"] for s in samples if s["t"] >= warm["t"]]
            report["run"] = {"seconds": args.seconds, "samples": samples, "baseline_mb": warm["total_mb"],
                             "min_mb": min(after), "max_mb": max(after), "last_mb": after[-1]}
            # phase 2: new versions under the running server
            rebuilds = []
            for number in range(args.rebuilds):
                took = _new_version(target, args.rebuild)
                part = _run_load(context, port, mix, args.clients, args.rebuild_seconds, args.requests,
                                 args.seed + 1000 + number)
                _merge(totals, part)
                rebuilds.append({"rebuild": number + 1, "seconds": round(took, 1),
                                 "requests": part["requests"],
                                 **workers_memory(server.pid)})
                print(f"rebuild {number + 1} ({took:.1f} s)  requests {part['requests']:6}  "
                      f"workers {rebuilds[-1]['total_mb']:7.1f} MB", flush=True)
            report["rebuilds"] = rebuilds
        finally:
            api_bench._stop(server)

    errors = sum(len(e) for e in totals.get("errors", {}).values())
    report.update(requests=totals.get("requests", 0), errors=errors, error_samples=totals.get("errors", {}),
                  counts=totals.get("counts", {}))
    base = report["run"]["baseline_mb"]
    spread_run = max(abs(report["run"]["max_mb"] - base), abs(report["run"]["min_mb"] - base)) / base
    rebuild_mb = [r["total_mb"] for r in report.get("rebuilds", [])]
    spread_rebuilds = max((abs(m - base) for m in rebuild_mb), default=0.0) / base
    report["memory_spread_run"] = round(spread_run, 3)
    report["memory_spread_rebuilds"] = round(spread_rebuilds, 3)
    print(f"requests {report['requests']}, errors {errors} (goal 0)")
    print(f"worker memory after warm-up {base:.1f} MB; over the run {report['run']['min_mb']:.1f}-"
          f"{report['run']['max_mb']:.1f} MB ({spread_run:+.1%} at most, goal ±{FLAT:.0%}); after "
          f"{len(rebuild_mb)} rebuilds {', '.join(f'{m:.1f}' for m in rebuild_mb) or '-'} MB "
          f"({spread_rebuilds:+.1%} at most)")
    verdict = errors == 0 and spread_run <= FLAT and spread_rebuilds <= FLAT
    print("goal " + ("met" if verdict else "NOT met"))
    out = ROOT / "bench" / "out"
    out.mkdir(exist_ok=True)
    (out / "soak.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
