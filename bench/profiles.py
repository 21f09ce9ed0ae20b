"""Profile coverage: how many cards are fully profiled (no unknown part), and the commonest unparsed phrasings.

Usage: ``.venv/bin/python bench/profiles.py [--kb PATH | --dataset] [--top 25] [--json]``.
Reads the cards of a built knowledge base (default) or, with ``--dataset``, the card dataset directly.
Goals: >= 90% of Spells/Traps and >= 80% of Effect Monsters fully profiled.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.engine.profiles import card_fields, parse_card  # noqa: E402

__all__ = ["coverage", "phrasing_key", "main"]


def phrasing_key(part: str, words: int = 6) -> str:
    """A normalised prefix of an unparsed part: names become X, numbers N."""
    label, _, text = part.partition(": ")
    text = re.sub(r'"[^"]*"', "X", text)
    text = re.sub(r"\d+", "N", text)
    return f"{label}: " + " ".join(text.split()[:words])


def _cards(args) -> list[dict]:
    if args.dataset:
        from kb.config import dataset_path
        with open(dataset_path("cards/yaml-yugi-cards.json"), encoding="utf-8") as handle:
            return [card_fields(record) for record in json.load(handle)]
    from sqlmodel import select

    from kb.db import session_scope
    from kb.models import Card
    with session_scope(args.kb) as session:
        return [card_fields(card) for card in session.exec(select(Card)).all()]


def coverage(cards: list[dict], top: int = 25) -> dict:
    """Coverage figures for a list of :func:`card_fields` dicts."""
    groups = {"spell_trap": [0, 0], "effect_monster": [0, 0]}
    phrasings: Counter = Counter()
    kinds: Counter = Counter()
    for fields in cards:
        effects = parse_card(fields)
        complete = all(not e["unknown"] for e in effects)
        if fields["card_type"] in ("Spell", "Trap"):
            group = "spell_trap"
        elif "Effect" in fields["abilities"] or fields["pendulum_text"]:
            group = "effect_monster"
        else:
            continue
        groups[group][0] += 1
        groups[group][1] += complete
        for effect in effects:
            kinds[effect["kind"]] += 1
            for part in effect["unknown"]:
                phrasings[phrasing_key(part)] += 1
    return {"spell_trap": {"cards": groups["spell_trap"][0], "complete": groups["spell_trap"][1],
                           "rate": round(groups["spell_trap"][1] / max(1, groups["spell_trap"][0]), 4)},
            "effect_monster": {"cards": groups["effect_monster"][0], "complete": groups["effect_monster"][1],
                               "rate": round(groups["effect_monster"][1] / max(1, groups["effect_monster"][0]), 4)},
            "kinds": dict(kinds.most_common()),
            "unparsed": phrasings.most_common(top)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None, help="knowledge base directory (default data/kb)")
    parser.add_argument("--dataset", action="store_true", help="read the card dataset instead of a KB")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = coverage(_cards(args), args.top)
    result["seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for group in ("spell_trap", "effect_monster"):
        row = result[group]
        print(f"{group:15} {row['complete']:6}/{row['cards']:6}  {row['rate']:.1%}")
    print("kinds:", ", ".join(f"{k} {v}" for k, v in result["kinds"].items()))
    print(f"commonest unparsed phrasings (top {args.top}):")
    for phrase, count in result["unparsed"]:
        print(f"{count:6}  {phrase}")
    print(f"{result['seconds']}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
