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
  (normalised: quotes folded, lower case, punctuation and spacing ignored; a section's printed number
  counts as its start, as the book prints it: "401.2. During the first Draw Phase ...");
- *error*: the question raised a knowledge-base error (unknown card, bad question...).

Speed, measured as a user's second question would be: first a few questions of the bench's own (no
card of the sets) load the per-knowledge-base caches (card names, mentions, rulebook index, vocabulary);
then every question is asked once, in a new session on the same engine (the per-request caches of
``session.info`` start empty, as in the web app) and for the first time in the process (caches keyed by
a question's words or cards are cold).  p50 of those first asks over ALL questions, and of those the
engine answered / answered ``unknown``, against a trivial baseline in the same run (``str.split`` +
``json.dumps`` of the question), printed as a ratio.  Goal p50 <= 5 ms.  ``--repeat N`` adds N rounds
asking every question again (each in a new session: what process-wide caches add) and the
understanding stages alone.
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

from sqlmodel import Session  # noqa: E402

from kb import engine  # noqa: E402
from kb.config import REPO_ROOT  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.errors import KbError  # noqa: E402
from kb.models import Section  # noqa: E402
from kb.text import fold_quotes  # noqa: E402
from kb.understand.answer import TIMING_VERDICTS, timing_as_yes_no  # noqa: E402
from kb.understand.warm import WARM_UP, warm_patterns  # noqa: E402

__all__ = ["SEED_FILE", "ASK_FILE", "WARM_UP", "load_items", "score", "warm_up", "evaluate", "main"]

SEED_FILE = REPO_ROOT.parent / "shared" / "eval" / "seed-questions-dev.jsonl"
ASK_FILE = REPO_ROOT.parent / "shared" / "eval" / "ask-dev.jsonl"
CITED_DEPTH = 5
# Asked before timing (the questions the server asks at start): kb/understand/warm.py.


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


_TIMING_ANSWERS = TIMING_VERDICTS


def _player(expect) -> str | None:
    """The player an expected answer to "who ...?" names: ``A`` for the asker ("I do", "me"), ``B`` for the
    opponent ("my opponent", "they do"), else None."""
    if not isinstance(expect, str):
        return None
    text = expect.strip().lower()
    if re.match(r"(?:i|me|i do|you|you do)\b(?! can| cannot| can't)", text):
        return "A"
    if re.match(r"(?:my opponent|the opponent|your opponent|they|they do)\b", text):
        return "B"
    return None


def score(answer: dict, expect, question: str | None = None) -> str:
    """``right`` / ``wrong`` / ``unknown`` for one answer against the expected value (``question``: to read a
    timing answer — activates / misses / no_trigger — against an expected yes / no)."""
    got = answer.get("answer")
    if got == "unknown":
        return "unknown"
    if isinstance(expect, str) and expect in _TIMING_ANSWERS and answer.get("timing"):
        return "right" if answer["timing"] == expect else "wrong"  # a question in words answered yes/no
    if question and got in _TIMING_ANSWERS and _yes_no(expect) is not None and \
            str(expect).strip().lower() in ("yes", "no"):
        answer = timing_as_yes_no(answer, question)  # the yes/no the engine gives a question in words
        got = answer["answer"]
    if isinstance(expect, list):
        return "right" if answer.get("order") == expect else "wrong"
    wanted = _yes_no(expect)
    if wanted is not None and expect.strip().lower() in ("yes", "no") or wanted and got in ("yes", "no"):
        return "right" if got == wanted else "wrong"
    if isinstance(expect, str) and got in ("activates", "misses", "no_trigger"):
        return "right" if got == expect else "wrong"
    player = _player(expect)
    if player and re.match(r"\s*[AB]\b", str(got)):  # "who ...?": the asker is A, the opponent B
        return "right" if str(got).strip()[0] == player else "wrong"
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
            printed = f"{row.number}. {row.text}" if row is not None and row.number else getattr(row, "text", "")
            cache[section_id] = _norm(printed)
        if wanted and wanted in cache[section_id]:
            return True
    return False


def _timed_ask(bind, question: str, kb_path) -> tuple[dict | KbError, float]:
    """``engine.ask`` in a new session on ``bind`` (as one web request): the answer (or the knowledge-base
    error raised) and the seconds it took."""
    start = time.perf_counter()
    with Session(bind) as session:
        try:
            answer = engine.ask(session, question, kb_path=kb_path)
        except KbError as exc:
            answer = exc
    return answer, time.perf_counter() - start


def warm_up(session, kb_path) -> None:
    """Build the readers' pattern tables as ``kb serve``'s master does (:func:`warm_patterns`), then ask the
    :data:`WARM_UP` questions: the per-knowledge-base caches are loaded afterwards."""
    warm_patterns()
    for question in WARM_UP:
        _timed_ask(session.get_bind(), question, kb_path)


def evaluate(session, items: list[dict], kb_path=None) -> dict:
    """Answer every item, each in a new session, timed (see the module doc: call :func:`warm_up` first
    for honest times); per-kind counts, the quote coverage of unknown answers and per-item rows (with
    ``seconds``)."""
    by_kind: dict[str, Counter] = defaultdict(Counter)
    rows, section_text = [], {}
    for item in items:
        kind = item["kind"]
        answer, seconds = _timed_ask(session.get_bind(), item["question"], kb_path)
        if isinstance(answer, KbError):
            by_kind[kind]["error"] += 1
            rows.append({**item, "outcome": "error", "got": f"{type(answer).__name__}: {answer}",
                         "seconds": seconds})
            continue
        outcome = score(answer, item["expect"], item["question"])
        by_kind[kind][outcome] += 1
        row = {
            **item,
            "outcome": outcome,
            "got": answer.get("answer"),
            "parsed": answer.get("parsed"),
            "understood": answer.get("understood"),
            "seconds": seconds,
        }
        if outcome == "unknown" and item.get("quote"):
            held = _holds_quote(session, cited_sections(answer)[:CITED_DEPTH], item["quote"], section_text)
            by_kind[kind]["unknown_quoted" if held else "unknown_unquoted"] += 1
            row["quote_cited"] = held
        rows.append(row)
    return {"by_kind": {k: dict(v) for k, v in sorted(by_kind.items())}, "rows": rows}


def _baseline(question: str) -> float:
    start = time.perf_counter()
    json.dumps({"words": question.lower().split()})
    return time.perf_counter() - start


def first_ask_times(rows: list[dict], quantile: float = 0.5) -> dict:
    """p50 (or another ``quantile``) seconds of the evaluation's asks (each question's first, see the module
    doc): ``all`` questions, those the engine ``answered``, those ``unknown`` (or an error), and the
    ``baseline``."""
    times: dict[str, list[float]] = {"all": [], "answered": [], "unknown": [], "baseline": []}
    for row in rows:
        times["all"].append(row["seconds"])
        times["unknown" if row["outcome"] in ("unknown", "error") else "answered"].append(row["seconds"])
        times["baseline"].append(_baseline(row["question"]))
    if quantile == 0.5:
        return {key: statistics.median(values) for key, values in times.items() if values}
    return {key: sorted(values)[min(len(values) - 1, int(len(values) * quantile))]
            for key, values in times.items() if values}


def time_questions(session, questions: list[str], kb_path, repeat: int) -> dict:
    """p50 seconds over ``repeat`` more rounds, each question asked again in a new session: ``all``
    through ``engine.ask``, the ``understanding`` stages alone, and the trivial ``baseline``."""
    from kb.understand import understand

    times: dict[str, list[float]] = {"all": [], "understanding": [], "baseline": []}
    for _ in range(repeat):
        for q in questions:
            times["all"].append(_timed_ask(session.get_bind(), q, kb_path)[1])
            with Session(session.get_bind()) as fresh:
                start = time.perf_counter()
                try:
                    understand(fresh, q)
                except KbError:
                    pass
                times["understanding"].append(time.perf_counter() - start)
            times["baseline"].append(_baseline(q))
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
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds asking every question again (0: first asks only)"
    )
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
        warm_up(session, kb_path)
        result = evaluate(session, items, kb_path=kb_path)
        first = first_ask_times(result["rows"])
        tail = first_ask_times(result["rows"], 0.99)
        questions = [i["question"] for i in items]
        again = time_questions(session, questions, kb_path, args.repeat) if args.repeat else None
    if args.json:
        print(json.dumps({**result, "p50_seconds": first, "p99_seconds": tail, "p50_seconds_repeated": again}, indent=2,
                         ensure_ascii=False))
        return 0
    _print(result, args.show)
    base = first["baseline"]
    print(
        "\nplain-language p50, first ask of each question (goal <= 5 ms); "
        f"trivial baseline p50 {base * 1e6:.1f} us"
    )
    for key in ("all", "answered", "unknown"):
        if key in first:
            print(f"  {key:<14}{first[key] * 1000:8.2f} ms  ratio {first[key] / base:8.0f}x"
                  f"   p99 {tail[key] * 1000:8.2f} ms")
    if again:
        base = again["baseline"]
        print(f"asked again ({args.repeat} rounds, new sessions); baseline p50 {base * 1e6:.1f} us")
        for key in ("all", "understanding"):
            print(f"  {key:<14}{again[key] * 1000:8.2f} ms  ratio {again[key] / base:8.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
