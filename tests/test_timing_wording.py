"""Trigger effects whose event happens in the middle of a chain (community 7.9.5), read whole
(kb/understand/timing_wording.py, kb/engine/timing_wording.py).  Cards and sentences here are our own."""

from __future__ import annotations

import pytest

from kb import engine
from kb.engine.timing_wording import wording_of


@pytest.mark.parametrize(
    "quote,expected",
    [
        ("activate if/when something happens", ("mandatory", "any")),
        ("if this card is sent to the gy: you can", ("optional", "if")),
        ("when this card is summoned: you can", ("optional", "when")),
        ("when this card is special summoned", (None, "when")),
    ],
)
def test_wording_of_a_quote(quote, expected):
    assert wording_of(quote) == expected


@pytest.mark.parametrize(
    "question,answer",
    [
        # the named card's text decides: "When ... You can" misses, "If ..." and mandatory effects do not
        ("Elemental HERO Stratos is Special Summoned by Call of the Haunted chained to Pot of Greed. Can its effect "
         "be activated after the chain?", "no"),
        ("Felgrand Dragon is Special Summoned by Call of the Haunted chained to Upstart Goblin. Does its effect "
         "still activate after the chain?", "yes"),
        ("Dandylion is sent to the GY in the middle of a chain. Can its effect be activated after the chain?", "yes"),
        # a wording quoted that the card's text contradicts: unknown
        ("Elemental HERO Stratos is Special Summoned by Call of the Haunted chained to Pot of Greed. Can its 'If "
         "this card is Special Summoned: You can' effect be activated?", "unknown"),
        # Chain Link 1: nothing resolves after it, not this reading
        ("Elemental HERO Stratos is Special Summoned by Call of the Haunted chained as Chain Link 1 to Pot of Greed. "
         "Can its effect be activated after the chain?", "unknown"),
        # the wording alone
        ("A mandatory trigger effect meets its condition during the resolution of a chain. When can I activate it?",
         "after the chain resolves"),
        ("An optional trigger effect that says 'If this card is sent to the GY: You can' meets its condition in the "
         "middle of a chain. Can I activate it after the chain?", "yes"),
        ("An optional 'when ... you can' effect meets its activation timing in the middle of a chain. Can I "
         "activate it after the chain?", "no"),
        ("A trigger effect says 'When this card is destroyed: You can'. Can it miss the timing?", "yes"),
        ("An effect reads 'activate when' its event happens. Can it miss the timing?", "no"),
        # optional, but "When" or "If" is not said: unknown
        ("An optional effect meets its condition in the middle of a chain. When can I activate it?", "unknown"),
    ],
)
def test_mid_chain_triggers(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
    if answer != "unknown":
        assert all(step.get("cites") for step in got["steps"])


@pytest.mark.parametrize(
    "question,answer",
    [
        # "If this card is Special Summoned from the GY": Call of the Haunted's text Summons from the GY
        ("Arkbrave Dragon is Special Summoned by Call of the Haunted chained to Pot of Greed. Can its effect be "
         "activated after the chain?", "yes"),
        ("Darklord Superbia is Special Summoned by Call of the Haunted chained to Pot of Greed. Can its effect be "
         "activated after the chain?", "no"),
        # "... from the hand": not what Call of the Haunted does; where from not told at all: unknown
        ("Lyrilusc - Turquoise Warbler is Special Summoned by Call of the Haunted chained to Pot of Greed. Can its "
         "effect be activated after the chain?", "unknown"),
        ("Arkbrave Dragon is Special Summoned in the middle of a chain. Can its effect be activated after the chain?",
         "unknown"),
    ],
)
def test_where_a_summon_trigger_is_summoned_from(session, question, answer):
    got = engine.ask(session, question)
    assert got["answer"] == answer, (got.get("understood"), got.get("explanation"))
