"""The fallback's citations alone: for EVERY question of a set (whatever the engine answers), whether the
first five sections the fallback would cite hold the question's supporting ``quote``, and whether the lead
sentence's section does.

Usage: ``.venv/bin/python bench/fallback_eval.py [--kb PATH] [--set PATH ...] [--show miss]``.

``bench/ask_eval.py`` scores the quote only for ``unknown`` answers, so its figure moves whenever a reader
starts answering some questions; this one asks :func:`kb.understand.fallback.related` directly (with the
cards the pipeline finds in the question, as ``kb ask`` does), so it measures the ranking itself.  A
section "holds" the quote as ``ask_eval`` checks it (its text, normalised).  The set is split by the
parity of each id's last number (odd / even) as a check against tuning on one half.  Sets default to
the dev seed questions and the red-team set (``tests/golden/ask_redteam.jsonl``).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ask_eval import SEED_FILE, _norm, load_items  # noqa: E402
from sqlmodel import select  # noqa: E402

from kb.config import REPO_ROOT  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.models import Section  # noqa: E402
from kb.understand import fallback, understand  # noqa: E402

__all__ = ["evaluate", "main"]

REDTEAM_FILE = REPO_ROOT / "tests" / "golden" / "ask_redteam.jsonl"


def _number(item_id: str) -> int:
    found = re.findall(r"\d+", item_id)
    return int(found[-1]) if found else 0


def evaluate(session, items: list[dict]) -> list[dict]:
    """One row per item with a quote: ``hit`` (a first-five section holds it), ``lead`` (the quote's
    section holds it), ``reachable`` (some section does), the cited ``sections`` and ``seconds``."""
    texts = {  # a section's printed number starts its text, as in ask_eval's check
        row.id: _norm(f"{row.number}. {row.text}" if row.number else row.text)
        for row in session.exec(select(Section)).all()
    }
    rows = []
    for item in items:
        wanted = _norm(item.get("quote") or "")
        if not wanted:
            continue
        holders = {sid for sid, text in texts.items() if wanted in text}
        try:
            cards = [e.card_id for e in understand(session, item["question"]).entities if e.card_id]
        except Exception:  # noqa: BLE001 - a question the reader refuses is searched without cards
            cards = []
        start = time.perf_counter()
        found = fallback.related(session, item["question"], card_ids=cards)
        seconds = time.perf_counter() - start
        sections = found["sections"][: fallback.SECTIONS]
        rows.append({
            "id": item["id"], "question": item["question"], "quote": item["quote"],
            "hit": any(s in holders for s in sections),
            "lead": bool(found["quote"]) and found["quote"]["id"] in holders,
            "reachable": bool(holders), "sections": sections, "seconds": seconds,
        })
    return rows


def _line(label: str, rows: list[dict]) -> str:
    hits, leads = sum(r["hit"] for r in rows), sum(r["lead"] for r in rows)
    reachable = sum(r["reachable"] for r in rows)
    share = f"{hits / len(rows):.1%}" if rows else "-"
    return f"{label:<22}{len(rows):>5}{hits:>6} ({share}){leads:>6}{reachable:>11}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None, help="knowledge base directory (default data/kb or $KB_PATH)")
    parser.add_argument("--set", dest="sets", action="append", default=None, metavar="PATH")
    parser.add_argument("--show", choices=["miss"], default=None, help="list the questions missed")
    args = parser.parse_args(argv)
    import os

    kb_path = args.kb or os.environ.get("KB_PATH")
    sets = args.sets or [str(SEED_FILE), str(REDTEAM_FILE)]
    print(f"{'set':<22}{'n':>5}{'first five':>15}{'lead':>6}{'reachable':>11}")
    with session_scope(kb_path) as session:
        fallback.related(session, "warm up: which chain link resolves first")  # builds the index
        for path in sets:
            rows = evaluate(session, load_items([path]))
            name = Path(path).stem
            print(_line(name, rows))
            print(_line("  odd ids", [r for r in rows if _number(r["id"]) % 2]))
            print(_line("  even ids", [r for r in rows if not _number(r["id"]) % 2]))
            if rows:
                print(f"  p50 related() {statistics.median(r['seconds'] for r in rows) * 1000:.2f} ms")
            if args.show:
                for row in rows:
                    if not row["hit"]:
                        print(f"  [miss] {row['id']} {row['question']}\n         cited {row['sections']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
