"""Plain-language questions end to end: right / wrong / unknown / error per kind, quote coverage, speed.

Usage: ``.venv/bin/python bench/ask_eval.py [--kb PATH] [--show KIND|all] [--json] [--repeat 3]
[--set PATH]``.

Sets: ``../shared/eval/seed-questions-dev.jsonl`` (``question``, ``kind``, ``answer``, ``quote``) and
``../shared/eval/ask-dev.jsonl`` (``q``, ``expect``; kind ``ask``), or the files given with ``--set``
(e.g. ``tests/golden/ask_casual.jsonl``: ``q``, ``expect``, ``kind``).  Scoring:

- a yes/no evaluation is *right* when the answer equals the expected yes/no (the first word of the
  expected answer: "no, it is Spell Speed 1" expects "no"); other expected answers (a number, a name) are
  right only when the engine produced that value (``answer`` contains it, or it is the first of ``order``);
- *unknown* answers are further checked for the supporting quote: whether one of the first five cited
  sections (``quote.id`` first, then the steps' cites in order) holds the evaluation's ``quote``
  (normalised: quotes folded, lower case, punctuation and spacing ignored);
- *error*: the question raised a knowledge-base error (unknown card, bad question...).

Speed: p50 of ``engine.ask`` over the plain-language questions (warm caches), against a trivial baseline
in the same run (``str.split`` + ``json.dumps`` of the question), printed as a ratio.  Goal p50 <= 5 ms.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb import engine  # noqa: E402
from kb.config import REPO_ROOT  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.errors import KbError  # noqa: E402
from kb.models import Section  # noqa: E402
from kb.text import fold_quotes  # noqa: E402

__all__ = ["SEED_FILE", "ASK_FILE", "load_items", "score", "evaluate", "main"]

SEED_FILE = REPO_ROOT.parent / "shared" / "eval" / "seed-questions-dev.jsonl"
ASK_FILE = REPO_ROOT.parent / "shared" / "eval" / "ask-dev.jsonl"
CITED_DEPTH = 5


def load_items(paths) -> list[dict]:
    """Evaluation items as ``{"id", "question", "kind", "expect", "quote"}`` from either file shape."""
    items = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            items.append(
                {
                    "id": row["id"],
                    "question": row.get("question") or row.get("q"),
                    "kind": row.get("kind", "ask"),
                    "expect": row.get("answer", row.get("expect")),
                    "quote": row.get("quote"),
                }
            )
    return items


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", " ", fold_quotes(text or "").lower()).strip()


def _yes_no(expect) -> str | None:
    if not isinstance(expect, str):
        return None
    first = re.match(r"\s*(yes|no)\b", expect.lower())
    return first.group(1) if first else None


def score(answer: dict, expect) -> str:
    """``right`` / ``wrong`` / ``unknown`` for one answer against the expected value."""
    got = answer.get("answer")
    if got == "unknown":
        return "unknown"
    if isinstance(expect, list):
        return "right" if answer.get("order") == expect else "wrong"
    wanted = _yes_no(expect)
    if wanted is not None and expect.strip().lower() in ("yes", "no") or wanted and got in ("yes", "no"):
        return "right" if got == wanted else "wrong"
    if isinstance(expect, str) and got in ("activates", "misses", "no_trigger"):
        return "right" if got == expect else "wrong"
    leading = re.match(r"\s*(-?\d+)\b", expect) if isinstance(expect, str) else None
    if leading and _norm(str(got)) == leading.group(1):  # "2 (down to 6)": the number is the answer
        return "right"
    wanted_text = _norm(str(expect))
    first = (answer.get("order") or [""])[0]  # "which is Chain Link 1 / resolves first": the first named
    if wanted_text and (wanted_text in _norm(str(got)) or wanted_text == _norm(str(first))):
        return "right"
    return "wrong"


def cited_sections(answer: dict) -> list[str]:
    """The sections an answer cites, best first: the top quote, then every step's cites in order."""
    out = []
    quote = answer.get("quote") or {}
    if quote.get("id"):
        out.append(quote["id"])
    for step in answer.get("steps") or []:
        out.extend(step.get("cites") or [])
    return list(dict.fromkeys(out))


def _holds_quote(session, section_ids: list[str], quote: str, cache: dict) -> bool:
    wanted = _norm(quote)
    for section_id in section_ids:
        if section_id not in cache:
            row = session.get(Section, section_id)
            cache[section_id] = _norm(row.text) if row is not None else ""
        if wanted and wanted in cache[section_id]:
            return True
    return False


def evaluate(session, items: list[dict], kb_path=None) -> dict:
    """Answer every item; per-kind counts, the quote coverage of unknown answers and per-item rows."""
    by_kind: dict[str, Counter] = defaultdict(Counter)
    rows, section_text = [], {}
    for item in items:
        kind = item["kind"]
        try:
            answer = engine.ask(session, item["question"], kb_path=kb_path)
        except KbError as exc:
            by_kind[kind]["error"] += 1
            rows.append({**item, "outcome": "error", "got": f"{type(exc).__name__}: {exc}"})
            continue
        outcome = score(answer, item["expect"])
        by_kind[kind][outcome] += 1
        row = {
            **item,
            "outcome": outcome,
            "got": answer.get("answer"),
            "parsed": answer.get("parsed"),
            "understood": answer.get("understood"),
        }
        if outcome == "unknown" and item.get("quote"):
            held = _holds_quote(session, cited_sections(answer)[:CITED_DEPTH], item["quote"], section_text)
            by_kind[kind]["unknown_quoted" if held else "unknown_unquoted"] += 1
            row["quote_cited"] = held
        rows.append(row)
    return {"by_kind": {k: dict(v) for k, v in sorted(by_kind.items())}, "rows": rows}


def time_questions(session, questions: list[str], kb_path, repeat: int) -> dict:
    """p50 seconds over warm caches: ``all`` questions through ``engine.ask``, those the engine
    ``answered`` and those answered ``unknown`` (with the fallback search), the ``understanding`` stages
    alone, and a trivial ``baseline`` (split + json.dumps of the question)."""
    from kb.understand import understand

    def timed(q) -> tuple[float, bool]:
        start = time.perf_counter()
        try:
            unknown = engine.ask(session, q, kb_path=kb_path).get("answer") == "unknown"
        except KbError:
            unknown = True
        return time.perf_counter() - start, unknown

    for q in questions:
        timed(q)
    times: dict[str, list[float]] = {
        "all": [],
        "answered": [],
        "unknown": [],
        "understanding": [],
        "baseline": [],
    }
    for _ in range(repeat):
        for q in questions:
            seconds, unknown = timed(q)
            times["all"].append(seconds)
            times["unknown" if unknown else "answered"].append(seconds)
            start = time.perf_counter()
            try:
                understand(session, q)
            except KbError:
                pass
            times["understanding"].append(time.perf_counter() - start)
            start = time.perf_counter()
            json.dumps({"words": q.lower().split()})
            times["baseline"].append(time.perf_counter() - start)
    return {key: statistics.median(values) for key, values in times.items() if values}


_GOAL_KINDS = ("chain", "spell_speed", "damage_step", "negation", "segoc")


def _print(result: dict, show: str | None) -> None:
    header = f"{'kind':<16}{'n':>5}{'right':>7}{'wrong':>7}{'unknown':>9}{'error':>7}{'unk+quote':>11}"
    print(header)
    totals, goal = Counter(), Counter()
    for kind, counts in result["by_kind"].items():
        n = sum(counts.get(k, 0) for k in ("right", "wrong", "unknown", "error"))
        totals.update(counts)
        totals["n"] += n
        if kind in _GOAL_KINDS:
            goal.update(counts)
            goal["n"] += n
        unk = counts.get("unknown", 0)
        quoted = f"{counts.get('unknown_quoted', 0)}/{unk}" if unk else "-"
        print(
            f"{kind:<16}{n:>5}{counts.get('right', 0):>7}{counts.get('wrong', 0):>7}{unk:>9}"
            f"{counts.get('error', 0):>7}{quoted:>11}"
        )
    for label, counts in (("goal kinds", goal), ("all", totals)):
        n = max(1, counts["n"])
        unk = counts.get("unknown", 0)
        with_quote = counts.get("unknown_quoted", 0) + counts.get("unknown_unquoted", 0)
        print(
            f"{label:<16}{counts['n']:>5}{counts.get('right', 0):>7}{counts.get('wrong', 0):>7}{unk:>9}"
            f"{counts.get('error', 0):>7}{counts.get('unknown_quoted', 0):>6}/{with_quote:<4}"
            f"  right {counts.get('right', 0) / n:.1%} wrong {counts.get('wrong', 0) / n:.1%}"
            + (f" quote@5 {counts.get('unknown_quoted', 0) / with_quote:.1%}" if with_quote else "")
        )
    if show:
        for row in result["rows"]:
            if show == "all" or row["kind"] == show or row["outcome"] == show:
                print(
                    f"\n[{row['outcome']}] {row['id']} ({row['kind']}) "
                    f"expect {row['expect']!r} got {row['got']!r}"
                    + (f" quote_cited={row['quote_cited']}" if "quote_cited" in row else "")
                )
                print(f"  Q: {row['question']}")
                if row.get("understood"):
                    print(f"  understood: {row['understood']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None, help="knowledge base directory (default data/kb or $KB_PATH)")
    parser.add_argument("--show", default=None, help="list the rows of one kind, one outcome, or 'all'")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--repeat", type=int, default=3, help="timing rounds (0: no timing)")
    parser.add_argument(
        "--set",
        dest="sets",
        action="append",
        default=None,
        metavar="PATH",
        help="score this JSONL file instead of the dev sets (repeatable; either file shape)",
    )
    args = parser.parse_args(argv)
    import os

    kb_path = args.kb or os.environ.get("KB_PATH")
    items = load_items(args.sets or [SEED_FILE, ASK_FILE])
    with session_scope(kb_path) as session:
        result = evaluate(session, items, kb_path=kb_path)
        timing = (
            time_questions(session, [i["question"] for i in items], kb_path, args.repeat)
            if args.repeat
            else None
        )
    if args.json:
        print(json.dumps({**result, "p50_seconds": timing}, indent=2, ensure_ascii=False))
        return 0
    _print(result, args.show)
    if timing:
        base = timing["baseline"]
        print(f"\nplain-language p50 (goal <= 5 ms); trivial baseline p50 {base * 1e6:.1f} us")
        for key in ("all", "answered", "unknown", "understanding"):
            if key in timing:
                print(f"  {key:<14}{timing[key] * 1000:8.2f} ms  ratio {timing[key] / base:8.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
