"""Relevance of the rulings shown with an answer, against the previous selection as a baseline.

Usage: ``.venv/bin/python bench/rulings.py [--kb PATH] [FILE.jsonl ...] [--json] [--show N]``
(default files: tests/golden/engine/*.jsonl and ../shared/eval/engine-dev.jsonl; lines
``{"q": <question>, ...}``).  For every answered question it measures, for the rulings shown:

- ``name_asked``: share of shown rulings linked (``RulingCard``) to a card of the question;
- ``name_card``: share linked to the card asked about itself (``card``; every trigger of a SEGOC question);
- ``about_asked``: share that name a card of the question AND are not filed under (``heading``) a card
  outside the question or a heading that is no card of it (a ruling about another card, or a card group,
  that merely mentions the asked one fails this);
- ``with_rulings``: share of answers that show at least one ruling; ``per_answer``: rulings shown per
  answer.

The baseline is the selection used before :mod:`kb.engine.rulings` (the first five rulings linked to any
card of the question whose text contains a word of the question's kind), run in the same process.
Goal (issue 11): >= 90% of the rulings shown name the card asked about.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlmodel import select  # noqa: E402

from kb import engine  # noqa: E402
from kb.config import REPO_ROOT, default_kb_path  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.engine.questions import resolve  # noqa: E402
from kb.errors import KbError  # noqa: E402
from kb.models import Ruling, RulingCard  # noqa: E402

__all__ = ["DEFAULT_FILES", "measure", "main"]

DEFAULT_FILES = sorted((REPO_ROOT / "tests" / "golden" / "engine").glob("*.jsonl")) + \
    [REPO_ROOT.parent / "shared" / "eval" / "engine-dev.jsonl"]

# the selection before kb.engine.rulings, kept here only as the baseline of this benchmark
_BASELINE_WORDS = {
    "chain": ("chain", "respond", "negate", "activate"),
    "activate": ("activate", "Damage Step", "Set", "hand"),
    "timing": ("timing", "miss", "activate", "sent to"),
    "segoc": ("chain", "simultaneous", "same time", "order"),
}


def _baseline(session, card_ids: list[int], kind: str, limit: int = 5) -> list[str]:
    words = _BASELINE_WORDS.get(kind, _BASELINE_WORDS["chain"])
    out: list[str] = []
    rows = session.exec(select(Ruling.id, Ruling.question, Ruling.answer)
                        .join(RulingCard, RulingCard.ruling_id == Ruling.id)
                        .where(RulingCard.card_id.in_(card_ids))).all()
    for ruling_id, question, answer in rows:
        text = f"{question} {answer}".lower()
        if any(word.lower() in text for word in words) and ruling_id not in out:
            out.append(ruling_id)
        if len(out) >= limit:
            break
    return out


def _ids(session, names: list[str]) -> list[int]:
    ids = []
    for name in names:
        try:
            ids.append(resolve(session, name).id)
        except KbError:  # a generic card ("a Counter Trap Card") names no card
            continue
    return ids


def _asked_ids(session, answer: dict) -> tuple[list[int], list[int]]:
    """(ids of the card(s) asked about, ids of every card of the question)."""
    resolved = answer.get("resolved") or {}
    names = {}
    for field in ("card", "to", "triggers"):
        value = resolved.get(field)
        names[field] = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    primary = _ids(session, names["card"] + names["triggers"])
    return primary, primary + _ids(session, names["to"])


def _links(session, ruling_ids: list[str]) -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = {r: {} for r in ruling_ids}
    if ruling_ids:
        for ruling_id, card_id, role in session.exec(select(RulingCard.ruling_id, RulingCard.card_id,
                                                            RulingCard.role)
                                                     .where(RulingCard.ruling_id.in_(ruling_ids))):
            out[ruling_id][card_id] = role
    return out


def _score(session, shown: list[str], primary: set[int], asked: set[int], totals: dict) -> None:
    links = _links(session, shown)
    headings = dict(session.exec(select(Ruling.id, Ruling.heading).where(Ruling.id.in_(shown))).all()) \
        if shown else {}
    totals["answers"] += 1
    totals["with_rulings"] += bool(shown)
    totals["shown"] += len(shown)
    for ruling_id in shown:
        cards = links[ruling_id]
        named = bool(asked & set(cards))
        asked_heading = any(role == "heading" and card in asked for card, role in cards.items())
        other_heading = any(role == "heading" and card not in asked for card, role in cards.items()) or \
            (bool(headings.get(ruling_id)) and not asked_heading)
        totals["name_asked"] += named
        totals["name_card"] += bool(primary & set(cards))
        totals["about_asked"] += named and not other_heading


def _rates(totals: dict) -> dict:
    shown, answers = totals["shown"] or 1, totals["answers"] or 1
    return {"answers": totals["answers"], "shown": totals["shown"],
            "name_asked": round(totals["name_asked"] / shown, 3),
            "name_card": round(totals["name_card"] / shown, 3),
            "about_asked": round(totals["about_asked"] / shown, 3),
            "with_rulings": round(totals["with_rulings"] / answers, 3),
            "per_answer": round(totals["shown"] / answers, 2)}


def measure(session, paths: list[Path], kb_path=None, show: int = 0) -> dict:
    """Rates for the current selection and the baseline over every question of ``paths``."""
    new = {k: 0 for k in ("answers", "with_rulings", "shown", "name_asked", "name_card", "about_asked")}
    old = dict(new)
    errors, examples = 0, []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            question = json.loads(line)["q"]
            try:
                answer = engine.ask(session, question, kb_path=kb_path)
            except KbError:
                errors += 1
                continue
            primary, ids = _asked_ids(session, answer)
            if not ids:
                continue
            asked = set(ids)
            _score(session, answer["rulings"], set(primary), asked, new)
            asked_as = answer.get("parsed") or (question if isinstance(question, dict) else {})
            kind = asked_as.get("ask", "chain") if isinstance(asked_as, dict) else "chain"
            _score(session, _baseline(session, ids, kind), set(primary), asked, old)
            if len(examples) < show:
                examples.append({"q": question, "rulings": answer.get("ruling_details", [])})
    return {"current": _rates(new), "baseline": _rates(old), "errors": errors, "examples": examples}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--kb", default=None, help="knowledge base directory (default: $KB_PATH or data/kb)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", type=int, default=0, help="print the rulings of the first N answers")
    args = parser.parse_args(argv)
    kb_dir = Path(args.kb) if args.kb else default_kb_path()
    files = args.files or [p for p in DEFAULT_FILES if p.exists()]
    with session_scope(kb_dir) as session:
        result = measure(session, files, kb_path=kb_dir, show=args.show)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(f"{len(files)} file(s); {result['current']['answers']} answers naming a card; "
          f"{result['errors']} error(s)")
    print(f"{'':9} {'shown':>6} {'name asked':>11} {'name card':>10} {'about asked':>12} {'>=1 ruling':>11} "
          f"{'per answer':>11}")
    for label in ("baseline", "current"):
        r = result[label]
        print(f"{label:9} {r['shown']:>6} {r['name_asked']:>11.1%} {r['name_card']:>10.1%} "
              f"{r['about_asked']:>12.1%} {r['with_rulings']:>11.1%} {r['per_answer']:>11}")
    for example in result["examples"]:
        print(json.dumps(example["q"], ensure_ascii=False))
        for detail in example["rulings"]:
            print(f"   {detail['id']}: {detail['excerpt']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
