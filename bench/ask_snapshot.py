"""Record every plain-language answer of the evaluation sets, and compare two records.

Usage: ``.venv/bin/python bench/ask_snapshot.py record OUT.jsonl [--kb PATH] [--set FILE ...]`` and
``.venv/bin/python bench/ask_snapshot.py compare A.jsonl B.jsonl``.

A record holds, per question of the dev sets (``../shared/eval/seed-questions-dev.jsonl``,
``ask-dev.jsonl``) and every ``tests/golden/ask_*.jsonl`` (or the ``--set`` files): the answer, the
sentence it was ``understood`` as, ``parsed``, the sections every step cites, the rulings, and a hash of
the whole answer.  Comparing the records of one tree with and without a change proves the change keeps
every answer (a speed-up must change none).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import Session  # noqa: E402

from kb import engine  # noqa: E402
from kb.config import REPO_ROOT  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.errors import KbError  # noqa: E402

__all__ = ["default_sets", "record", "compare", "main"]

FIELDS = ("answer", "timing", "order", "understood", "parsed", "cites", "rulings", "unused_words", "hash")


def default_sets() -> list[Path]:
    """The dev sets and every committed ``ask_*`` golden set."""
    shared = REPO_ROOT.parent / "shared" / "eval"
    golden = sorted((REPO_ROOT / "tests" / "golden").glob("ask_*.jsonl"))
    return [shared / "seed-questions-dev.jsonl", shared / "ask-dev.jsonl", *golden]


def _questions(paths) -> list[tuple[str, str]]:
    out = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append((f"{Path(path).name}:{row.get('id')}", row.get("question") or row.get("q")))
    return out


def _summary(answer: dict | KbError, full: bool = False) -> dict:
    if isinstance(answer, KbError):
        return {"answer": f"error: {type(answer).__name__}: {answer}"}
    cites = [(answer.get("quote") or {}).get("id")]
    for step in answer.get("steps") or []:
        cites.extend(step.get("cites") or [])
    whole = json.dumps(answer, sort_keys=True, ensure_ascii=False, default=str)
    return {
        "answer": answer.get("answer"),
        "timing": answer.get("timing"),
        "order": answer.get("order"),
        "understood": answer.get("understood"),
        "parsed": answer.get("parsed"),
        "cites": [c for c in cites if c],
        "rulings": answer.get("rulings"),
        "unused_words": answer.get("unused_words"),
        "hash": hashlib.sha1(whole.encode("utf-8")).hexdigest(),
        **({"whole": json.loads(whole)} if full else {}),
    }


def record(out: Path, paths, kb_path=None, full: bool = False) -> int:
    """Ask every question of ``paths`` (each in a new session) and write one JSON line per question (with
    ``full``, the whole answer too, so that a comparison names the fields that differ)."""
    rows = []
    with session_scope(kb_path) as session:
        bind = session.get_bind()
        for key, question in _questions(paths):
            with Session(bind) as fresh:
                try:
                    answer = engine.ask(fresh, question, kb_path=kb_path)
                except KbError as exc:
                    answer = exc
            rows.append({"key": key, "q": question, **_summary(answer, full)})
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return len(rows)


def compare(a: Path, b: Path) -> list[str]:
    """Lines naming every question whose recorded fields differ between ``a`` and ``b``."""

    def load(path):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        return {r["key"] + "\t" + r["q"]: r for r in rows}

    left, right = load(a), load(b)
    lines = [f"only in {a.name}: {k}" for k in left if k not in right]
    lines += [f"only in {b.name}: {k}" for k in right if k not in left]
    for key in left.keys() & right.keys():
        changed = [f for f in FIELDS if left[key].get(f) != right[key].get(f)]
        if changed == ["hash"] and "whole" in left[key] and "whole" in right[key]:
            a, b = left[key]["whole"], right[key]["whole"]
            changed = sorted(f for f in a.keys() | b.keys() if a.get(f) != b.get(f))
            lines.append(f"{key.split(chr(9))[0]}: " + "; ".join(f"{f}: {a.get(f)!r} -> {b.get(f)!r}" for f in changed))
            continue
        if changed:
            detail = "; ".join(f"{f}: {left[key].get(f)!r} -> {right[key].get(f)!r}" for f in changed if f != "hash")
            lines.append(f"{key.split(chr(9))[0]}: {detail or 'other fields of the answer differ'}")
    return sorted(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--kb", default=None)
    rec.add_argument("--set", dest="sets", action="append", default=None, type=Path)
    rec.add_argument("--full", action="store_true", help="keep the whole answer of each question")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("a", type=Path)
    cmp_.add_argument("b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "record":
        import os

        n = record(args.out, args.sets or default_sets(), args.kb or os.environ.get("KB_PATH"), args.full)
        print(f"{n} answers recorded in {args.out}")
        return 0
    lines = compare(args.a, args.b)
    print("\n".join(lines) if lines else "every recorded answer is the same")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
