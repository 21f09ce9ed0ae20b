"""Engine accuracy on the dev question sets: correct, wrong, unknown, and answers without citations.

Usage: ``.venv/bin/python bench/engine_eval.py [--kb PATH] [FILE.jsonl ...] [--show-all] [--json]``
(default files: ../shared/eval/engine-dev.jsonl and ask-dev.jsonl).  Each line is
``{"id", "q": <JSON question or plain-language string>, "expect": <answer, or the SEGOC order list>}``.
Goals: >= 95% correct, <= 2% wrong, 100% of answers with citations.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb import engine  # noqa: E402
from kb.config import REPO_ROOT  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.errors import KbError  # noqa: E402

__all__ = ["DEFAULT_FILES", "evaluate", "main"]

DEFAULT_FILES = [REPO_ROOT.parent / "shared" / "eval" / "engine-dev.jsonl",
                 REPO_ROOT.parent / "shared" / "eval" / "ask-dev.jsonl"]


def _cited(answer: dict) -> bool:
    return bool(answer.get("steps")) and all(step.get("cites") for step in answer["steps"])


def evaluate(session, path: Path, kb_path=None) -> dict:
    """Score one JSONL file; returns totals and the per-question outcomes."""
    rows, totals = [], {"questions": 0, "correct": 0, "wrong": 0, "unknown": 0, "errors": 0, "uncited": 0}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        totals["questions"] += 1
        try:
            answer = engine.ask(session, item["q"], kb_path=kb_path)
        except KbError as exc:
            totals["errors"] += 1
            rows.append({"id": item["id"], "outcome": "error", "got": str(exc), "expect": item["expect"]})
            continue
        got = answer.get("order") if isinstance(item["expect"], list) else answer["answer"]
        if answer["answer"] == "unknown":
            outcome = "unknown"
        elif got == item["expect"]:
            outcome = "correct"
        else:
            outcome = "wrong"
        totals[outcome] += 1
        if not _cited(answer):
            totals["uncited"] += 1
        rows.append({"id": item["id"], "outcome": outcome, "got": got, "expect": item["expect"],
                     "explanation": answer["explanation"]})
    n = max(1, totals["questions"])
    totals.update(accuracy=round(totals["correct"] / n, 4), wrong_rate=round(totals["wrong"] / n, 4),
                  cited_rate=round(1 - totals["uncited"] / n, 4))
    return {"file": str(path), "totals": totals, "rows": rows}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--kb", default=None, help="knowledge base directory (default data/kb)")
    parser.add_argument("--show-all", action="store_true", help="list every question, not only misses")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = []
    with session_scope(args.kb) as session:
        for path in args.files or DEFAULT_FILES:
            results.append(evaluate(session, path, kb_path=args.kb))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for result in results:
        t = result["totals"]
        print(f"{Path(result['file']).name}: {t['questions']} questions  correct {t['correct']} ({t['accuracy']:.1%})"
              f"  wrong {t['wrong']} ({t['wrong_rate']:.1%})  unknown {t['unknown']}  errors {t['errors']}"
              f"  cited {t['cited_rate']:.1%}")
        for row in result["rows"]:
            if args.show_all or row["outcome"] != "correct":
                print(f"  {row['id']}: {row['outcome']}: got {row['got']!r}, expected {row['expect']!r}"
                      + (f"\n      {row.get('explanation', '')}" if row["outcome"] != "correct" else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
