"""Engine speed: p50/p95 per question, and the chain matrix of a 60-card deck against itself.

Usage: ``.venv/bin/python bench/engine.py [--kb PATH] [--repeat 5]``.
Goals: p50 <= 1 ms per question (warm caches, as a long-running server has them); the 60 x 60 chain
matrix <= 2 s.  The deck is a fixed list of common staples of every card type (see DECK).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb import engine  # noqa: E402
from kb.db import session_scope  # noqa: E402
from kb.engine.engine import check_chain  # noqa: E402
from kb.engine.model import Moment  # noqa: E402
from kb.engine.questions import engine_card  # noqa: E402

__all__ = ["DECK", "QUESTIONS_FILE", "time_questions", "chain_matrix", "main"]

QUESTIONS_FILE = Path(__file__).resolve().parent.parent / "tests" / "golden" / "engine"

# 60 cards: monsters with ignition/trigger/quick/flip effects, Spells and Traps of every property
DECK = [
    "Ash Blossom & Joyous Spring", "Effect Veiler", "Maxx \"C\"", "Ghost Belle & Haunted Mansion", "D.D. Crow",
    "Sangan", "Witch of the Black Forest", "Mystic Tomato", "Peten the Dark Clown", "Gravekeeper's Spy",
    "Man-Eater Bug", "Mathematician", "Gozuki", "Cyber Dragon", "Breaker the Magical Warrior",
    "Black Luster Soldier - Envoy of the Beginning", "Kuriboh", "Honest", "Battle Fader", "Tragoedia",
    "Stardust Dragon", "Blackwing - Gale the Whirlwind", "Lunalight Crimson Fox", "Mask of Darkness",
    "Nibiru, the Primal Being",
    "Pot of Greed", "Graceful Charity", "Raigeki", "Dark Hole", "Monster Reborn", "Heavy Storm",
    "Reinforcement of the Army", "Foolish Burial", "Polymerization", "Pot of Desires", "Swords of Revealing Light",
    "Mystical Space Typhoon", "Twin Twisters", "Book of Moon", "Forbidden Chalice", "Shrink", "Rush Recklessly",
    "Limiter Removal", "Called by the Grave", "Card of Safe Return",
    "Mirror Force", "Torrential Tribute", "Sakuretsu Armor", "Call of the Haunted", "Raigeki Break",
    "Compulsory Evacuation Device", "Dust Tornado", "Infinite Impermanence", "Skill Drain",
    "Solemn Judgment", "Solemn Warning", "Solemn Strike", "Magic Jammer", "Seven Tools of the Bandit",
    "Dark Bribe",
]


def _questions() -> list:
    out = []
    for path in sorted(QUESTIONS_FILE.glob("*.jsonl")):
        out.extend(json.loads(line)["q"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return out


def time_questions(session, questions: list, repeat: int) -> list[float]:
    """Seconds per question over ``repeat`` rounds (the first, cold round is not counted)."""
    for question in questions:
        engine.ask(session, question)
    times = []
    for _ in range(repeat):
        for question in questions:
            started = time.perf_counter()
            engine.ask(session, question)
            times.append(time.perf_counter() - started)
    return times


def chain_matrix(session, deck: list[str]) -> tuple[float, dict]:
    """Seconds to answer "can X chain to Y?" for every pair of the deck, and the answer counts."""
    cards = [engine_card(session, {"card": name}) for name in deck]
    counts = {"yes": 0, "no": 0, "unknown": 0}
    started = time.perf_counter()
    for x in cards:
        for y in cards:
            counts[check_chain(x, [y], Moment()).answer] += 1
    return time.perf_counter() - started, counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", default=None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with session_scope(args.kb) as session:
        times = time_questions(session, _questions(), args.repeat)
        seconds, counts = chain_matrix(session, DECK)
    times.sort()
    print(f"questions: {len(times)} timings  p50 {statistics.median(times) * 1000:.3f} ms  "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.3f} ms  max {times[-1] * 1000:.2f} ms")
    print(f"chain matrix {len(DECK)}x{len(DECK)}: {seconds:.3f} s  ({counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
