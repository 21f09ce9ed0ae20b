"""'Always', 'usually', 'normally' over a kind of card (kb/understand/habitual.py), on sentences of our own."""

from __future__ import annotations

import pytest

from kb import engine


@pytest.mark.parametrize(
    "question,answer",
    [
        # in the Damage Step "normally" asks whether the kind as such may: only exceptions may
        ("can a continuous trap normally be activated in the damage step", "no"),
        ("Is a Normal Trap Card usually able to be activated during the Damage Step?", "no"),
        ("Can a Counter Trap Card normally be activated in the Damage Step?", "yes"),
        # "always": no when a card of the kind without any condition cannot
        ("Can a Continuous Spell always be activated during the Damage Step?", "no"),
        ("can an ignition effect always be activated during my main phase", "unknown"),
        # a named card: "always" is not decided by one case
        ("Can Mystical Space Typhoon always be activated during my opponent's turn?", "unknown"),
        # "always" where no card of the kind can: no
        ("Can a Field Spell always be activated during the Damage Step?", "no"),
    ],
)
def test_quantified_kinds(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer == "no":
        assert got["steps"][0]["cites"], got["steps"][0]
