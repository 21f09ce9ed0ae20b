"""Golden scenario questions, one file per mechanism (tests/golden/engine/*.jsonl), on the full KB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb import engine

GOLDEN = Path(__file__).parent / "golden" / "engine"
CASES = [(path.stem, json.loads(line)) for path in sorted(GOLDEN.glob("*.jsonl"))
         for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_every_mechanism_has_a_golden_file():
    names = {path.stem for path in GOLDEN.glob("*.jsonl")}
    assert {"spell_speed", "conditions", "damage_step", "set_this_turn", "hand_activation", "segoc",
            "timing", "plain_language"} <= names


@pytest.mark.parametrize("mechanism,case", CASES, ids=[case["id"] for _, case in CASES])
def test_golden(session, mechanism, case):
    answer = engine.ask(session, case["q"])
    # a question in words about a trigger is answered yes/no, the engine's verdict under "timing"
    got = answer["order"] if isinstance(case["expect"], list) else answer.get("timing", answer["answer"])
    assert got == case["expect"], f"{case['why']}: {answer['explanation']}"
    assert answer["steps"] and all(step["cites"] for step in answer["steps"])
    if isinstance(case["q"], str):
        assert answer["parsed"]["ask"] in ("chain", "activate", "timing", "segoc", "negate")


@pytest.mark.parametrize("card", ["Starlight Road", "Judgment of Anubis"])
def test_what_an_activation_would_act_on_is_not_guessed(session, card):
    """'that would destroy 2 or more cards' / 'a Spell/Trap(s) on the field': the checks compare what an
    activation does, not to what; Fissure destroys one monster, so chaining is not a plain yes."""
    answer = engine.ask(session, {"ask": "chain", "card": card, "to": "Fissure"})
    assert answer["answer"] in ("unknown", "no"), answer["explanation"]
