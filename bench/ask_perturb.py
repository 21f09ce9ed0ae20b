"""Robustness of plain-language answers to meaning-preserving rewrites of each question.

Usage: ``.venv/bin/python bench/ask_perturb.py [--kb PATH] [--set PATH ...] [--transform NAME ...]``.

Every question of the sets (default: the dev sets of ``bench/ask_eval.py``) is asked as written and
rewritten the way players type (lower case, no punctuation, contractions, extra spaces ...).  A rewrite
must never change a yes/no: it may only lose an answer to "unknown" (a phrasing not read yet) or gain one.
Printed per rewrite: questions whose verdict **flipped** (the defect this bench looks for; listed), answers
lost to "unknown", answers gained, errors.  Exit status 1 when any verdict flipped.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ask_eval import ASK_FILE, SEED_FILE, load_items  # noqa: E402

from kb import engine  # noqa: E402
from kb.config import default_kb_path  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.errors import KbError  # noqa: E402

__all__ = ["TRANSFORMS", "verdict", "main"]

_CONTRACTIONS = (("cannot", "can't"), ("can not", "can't"), ("do not", "don't"), ("does not", "doesn't"),
                 ("is not", "isn't"), ("I am", "I'm"), ("it is", "it's"), ("will not", "won't"))


def _lower(text: str) -> str:
    return text.lower()


def _no_punctuation(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[?!.,;:\"“”]", " ", text)).strip()


def _contractions(text: str) -> str:
    for long, short in _CONTRACTIONS:
        text = re.sub(rf"\b{long}\b", short, text, flags=re.IGNORECASE)
    return text


def _spaces(text: str) -> str:
    return "  " + re.sub(r" ", "  ", text) + "  "


def _chat(text: str) -> str:
    return _no_punctuation(_contractions(text).lower()).replace("'", "")


TRANSFORMS = {
    "lower": _lower,  # everything in lower case
    "no_punctuation": _no_punctuation,  # no question mark, commas, full stops or double quotes
    "contractions": _contractions,  # cannot -> can't, does not -> doesn't ...
    "spaces": _spaces,  # doubled and surrounding spaces
    "chat": _chat,  # all of it at once, apostrophes dropped too ("cant", "doesnt")
}


def verdict(session, question: str, kb_path) -> str:
    """The answer's verdict: ``yes``/``no``/another value, ``unknown``, or ``error``."""
    try:
        answer = engine.ask(session, question, kb_path=kb_path)
    except KbError:
        return "error"
    got = answer.get("answer")
    if got is None and answer.get("order"):
        return " > ".join(answer["order"])
    return str(got)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, default=None, help="the knowledge base (default: KB_PATH or data/kb)")
    parser.add_argument("--set", action="append", type=Path, help="a question set (repeatable)")
    parser.add_argument("--transform", action="append", choices=sorted(TRANSFORMS), help="only these rewrites")
    args = parser.parse_args(argv)
    kb_path = args.kb or default_kb_path()
    items = load_items(args.set or [SEED_FILE, ASK_FILE])
    names = args.transform or list(TRANSFORMS)
    flipped_any = False
    with session_scope(kb_path) as session:
        base = {item["id"]: verdict(session, item["question"], kb_path) for item in items}
        print(f"{len(items)} questions; answered as written: "
              f"{sum(v not in ('unknown', 'error') for v in base.values())}")
        print(f"{'rewrite':16} {'flipped':>8} {'lost':>6} {'gained':>7} {'errors':>7}")
        for name in names:
            rewrite = TRANSFORMS[name]
            flipped, lost, gained, errors = [], 0, 0, 0
            for item in items:
                before = base[item["id"]]
                after = verdict(session, rewrite(item["question"]), kb_path)
                if after == "error" and before != "error":
                    errors += 1
                elif before in ("unknown", "error") and after not in ("unknown", "error"):
                    gained += 1
                elif after in ("unknown", "error"):
                    lost += before not in ("unknown", "error")
                elif after != before:
                    flipped.append((item["id"], before, after, rewrite(item["question"])))
            flipped_any |= bool(flipped)
            print(f"{name:16} {len(flipped):>8} {lost:>6} {gained:>7} {errors:>7}")
            for item_id, before, after, text in flipped:
                print(f"    FLIP {item_id}: {before} -> {after}: {text.strip()[:150]}")
    return 1 if flipped_any else 0


if __name__ == "__main__":
    sys.exit(main())
