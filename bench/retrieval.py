"""Relevance of the search: recall@1, recall@5 and MRR on players' rules questions.

Each line of the question file is ``{"id", "q", "quote", ...}``; the quote is verbatim rulebook text that
answers the question.  Every question goes through :func:`kb.search.search` (``kind:section`` by
default) and counts as found at rank r when the r-th returned section's text contains the quote, with
whitespace, case and quote marks normalised.

    .venv/bin/python bench/retrieval.py [--kb PATH] [--file FILE.jsonl] [--kind section] [--depth 10]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from sqlmodel import select

from kb.config import REPO_ROOT, default_kb_path
from kb.db import session_scope
from kb.errors import KbError
from kb.models import Section
from kb.search import search
from kb.text import fold_quotes

DEFAULT_FILE = REPO_ROOT.parent / "shared" / "eval" / "retrieval-dev.jsonl"


def normalise(text: str) -> str:
    """Text reduced for quote matching: ASCII quotes and dashes, no quote marks, single spaces, lower case."""
    text = fold_quotes(text).replace('"', "").replace("'", "")
    return " ".join(text.split()).lower()


def section_texts(kb_path) -> dict[str, str]:
    """Normalised text of every section (title included), by id."""
    with session_scope(kb_path) as session:
        return {sid: normalise(f"{title}\n{text}")
                for sid, title, text in session.exec(select(Section.id, Section.title, Section.text))}


def evaluate(kb_path, questions: list[dict], *, kind: str = "section", depth: int = 10) -> dict:
    """Run every question; return recall@1, recall@5, MRR (over ``depth`` results) and the ranks."""
    texts = section_texts(kb_path)
    ranks, errors, started = [], [], time.perf_counter()
    for item in questions:
        quote = normalise(item["quote"])
        try:
            found = search(kb_path, item["q"], kind=kind, limit=depth)
        except KbError as exc:
            errors.append({"id": item.get("id"), "error": str(exc)})
            ranks.append(None)
            continue
        rank = next((i for i, r in enumerate(found["results"], 1)
                     if r["kind"] == "section" and quote in texts.get(r["id"], "")), None)
        ranks.append(rank)
    return {
        **metrics(ranks, depth),
        "errors": errors,
        "seconds": round(time.perf_counter() - started, 2),
        "ranks": ranks,
    }


def fold_of(item: dict, folds: int = 2) -> int:
    """The fold (0-based) of a question: a stable hash of its id, so both halves never change."""
    digest = hashlib.sha256(str(item.get("id", item.get("q", ""))).encode("utf-8")).digest()
    return digest[0] % folds


def metrics(ranks: list, depth: int = 10) -> dict:
    """recall@1, recall@5, recall@depth and MRR of a list of ranks (None = not found)."""
    n = len(ranks) or 1
    return {
        "questions": len(ranks),
        "recall@1": round(sum(1 for r in ranks if r == 1) / n, 4),
        "recall@5": round(sum(1 for r in ranks if r and r <= 5) / n, 4),
        f"recall@{depth}": round(sum(1 for r in ranks if r) / n, 4),
        "mrr": round(sum(1 / r for r in ranks if r) / n, 4),
    }


def folds(questions: list[dict], ranks: list, depth: int = 10, count: int = 2) -> list[dict]:
    """The metrics of each fold of the question set (see :func:`fold_of`).

    A ranking change is worth keeping only when it helps on every fold: a gain on one half that the
    other half does not share is likely fitted to those questions.
    """
    out = []
    for k in range(count):
        picked = [rank for item, rank in zip(questions, ranks) if fold_of(item, count) == k]
        out.append({"fold": k, **metrics(picked, depth)})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=str(default_kb_path()), help="knowledge base directory")
    parser.add_argument("--file", default=str(DEFAULT_FILE), help="questions (JSON lines)")
    parser.add_argument("--kind", default="section", help="kind of result searched (default section)")
    parser.add_argument("--depth", type=int, default=10, help="results looked at per question")
    parser.add_argument("--by", default=None, help="also break recall@5 down by this question field")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    questions = [json.loads(line) for line in Path(args.file).read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    report = evaluate(args.kb, questions, kind=args.kind or None, depth=args.depth)
    if args.by:
        groups: dict[str, list] = {}
        for item, rank in zip(questions, report["ranks"]):
            groups.setdefault(str(item.get(args.by, "")), []).append(rank)
        report["by_" + args.by] = {key: {"n": len(rs), "recall@5": round(
            sum(1 for r in rs if r and r <= 5) / len(rs), 3)} for key, rs in sorted(groups.items())}
    report["folds"] = folds(questions, report["ranks"], args.depth)
    ranks = report.pop("ranks")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{report['questions']} questions from {args.file} ({report['seconds']}s)")
        for key in ("recall@1", "recall@5", f"recall@{args.depth}", "mrr"):
            print(f"  {key:10} {report[key]:.3f}")
        for row in report["folds"]:
            print(f"  fold {row['fold']} (n={row['questions']}): " + "  ".join(
                f"{key} {row[key]:.3f}" for key in ("recall@1", "recall@5", f"recall@{args.depth}", "mrr")))
        for key, row in report.get("by_" + (args.by or ""), {}).items():
            print(f"  {args.by}={key:20} n={row['n']:3}  recall@5={row['recall@5']:.3f}")
        if report["errors"]:
            print(f"  {len(report['errors'])} question(s) raised errors: {report['errors'][:3]}")
    return 0 if ranks else 1


if __name__ == "__main__":
    sys.exit(main())
