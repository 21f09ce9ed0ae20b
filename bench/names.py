"""Benchmark of card-name resolution (latency and accuracy) and of the full knowledge-base build.

    .venv/bin/python bench/names.py                  # build into a temp dir, then measure
    .venv/bin/python bench/names.py --kb data/kb     # measure an existing knowledge base, no build
    .venv/bin/python bench/names.py --queries 600 --seed 3

Queries are generated from real card names the way players mangle them (seeded, reproducible): exact
names in other case/punctuation, one typo (a dropped, doubled, swapped or replaced letter), a dropped
word, a truncated last word, and the project's aliases.  For each query the intended card is known, so
the report gives, per kind, how often the resolver returned that card, another card, "ambiguous" or
"not found", plus p50/p99 latency with the name index warm (its one-off build time is printed apart).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import select  # noqa: E402

from kb.build import build  # noqa: E402
from kb.cards import name_index, name_tokens, resolve_card  # noqa: E402
from kb.config import ensure_datasets, external_data_dir  # noqa: E402
from kb.db import open_session  # noqa: E402
from kb.errors import AmbiguousError, NotFoundError  # noqa: E402
from kb.models import Alias, Card  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typo(word: str, rng: random.Random) -> str:
    """One keyboard slip in a word: drop, double, swap or replace a letter."""
    if len(word) < 5:
        return word
    i = rng.randrange(1, len(word) - 1)
    kind = rng.choice(("drop", "double", "swap", "replace"))
    if kind == "drop":
        return word[:i] + word[i + 1:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice(LETTERS) + word[i + 1:]


def make_queries(names: list[str], aliases: list[tuple[str, str]], count: int, seed: int):
    """``(kind, query, intended name)`` triples."""
    rng = random.Random(seed)
    multiword = [n for n in names if len(name_tokens(n)) >= 3]
    out = []
    per_kind = max(count // 6, 1)
    for name in rng.sample(names, per_kind):
        out.append(("exact", rng.choice((name.lower(), name.upper(), " ".join(name_tokens(name)))), name))
    for name in rng.sample(names, per_kind):
        words = name_tokens(name)
        longest = max(range(len(words)), key=lambda i: len(words[i]))
        words[longest] = typo(words[longest], rng)
        out.append(("typo", " ".join(words), name))
    for name in rng.sample(multiword, per_kind):
        words = name_tokens(name)
        drop = rng.randrange(1, len(words))
        out.append(("dropped word", " ".join(words[:drop] + words[drop + 1:]), name))
    for name in rng.sample(multiword, per_kind):
        words = name_tokens(name)
        if len(words[-1]) > 5:
            words[-1] = words[-1][: max(4, len(words[-1]) - 3)]
        out.append(("truncated", " ".join(words), name))
    for alias, name in rng.sample(aliases, min(per_kind, len(aliases))):
        out.append(("alias", alias, name))
    for name in rng.sample(names, per_kind):
        words = name_tokens(name)
        out.append(("lowercase+typo", typo(" ".join(words).lower(), rng), name))
    return out


def measure(kb_path: Path, count: int, seed: int) -> None:
    session = open_session(kb_path)
    started = time.perf_counter()
    index = name_index(session)
    print(f"name index: {len(index.names)} names, {len(index.aliases)} aliases, "
          f"built in {1000 * (time.perf_counter() - started):.0f} ms (once per process)")
    names = sorted(set(session.exec(select(Card.name)).all()))
    aliases = [(a, session.get(Card, c).name) for a, c in session.exec(select(Alias.alias, Alias.card_id)).all()]
    queries = make_queries(names, aliases, count, seed)
    timings, outcomes = [], defaultdict(Counter)
    for kind, query, expected in queries:
        started = time.perf_counter()
        try:
            got = resolve_card(session, query).name
            verdict = "right" if got == expected else "other card"
        except AmbiguousError as exc:
            verdict = "ambiguous (listed)" if expected in exc.candidates else "ambiguous"
        except NotFoundError:
            verdict = "not found"
        timings.append(1000 * (time.perf_counter() - started))
        outcomes[kind][verdict] += 1
    timings.sort()
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(0.99 * len(timings)))]
    print(f"{len(queries)} queries: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {timings[-1]:.2f} ms")
    verdicts = ["right", "ambiguous (listed)", "ambiguous", "other card", "not found"]
    print(f"{'kind':<16}" + "".join(f"{v:>20}" for v in verdicts))
    total = Counter()
    for kind, counts in outcomes.items():
        total.update(counts)
        print(f"{kind:<16}" + "".join(f"{counts[v]:>20}" for v in verdicts))
    print(f"{'all':<16}" + "".join(f"{total[v]:>20}" for v in verdicts))
    print(f"right: {100 * total['right'] / len(queries):.1f}%, right or listed among candidates: "
          f"{100 * (total['right'] + total['ambiguous (listed)']) / len(queries):.1f}%")
    session.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, help="measure this knowledge base (skip the build)")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", nargs="*", help="build only these steps (default: all)")
    args = parser.parse_args()
    kb_path = args.kb
    if kb_path is None:
        data_dir = ensure_datasets(external_data_dir(), log=lambda _m: None)
        kb_path = Path(tempfile.mkdtemp(prefix="bench-names-")) / "kb"
        started = time.perf_counter()
        ctx = build(kb_path, data_dir=data_dir, steps=args.steps, log=lambda _m: None)
        total = time.perf_counter() - started
        steps = ", ".join(f"{name} {seconds:.1f}s" for name, seconds in ctx.timings.items())
        print(f"full build: {total:.1f} s ({steps})")
    measure(kb_path, args.queries, args.seed)


if __name__ == "__main__":
    main()
