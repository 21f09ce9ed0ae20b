"""Sentence breaks restored in questions typed without punctuation (kb/understand/sentences.py)."""

from __future__ import annotations

import pytest

from kb import engine
from kb.understand.sentences import restore_sentences


@pytest.mark.parametrize("typed, restored", [
    ("my opponent activates Dark Hole i chain Mirror Force can my opponent respond",
     "my opponent activates Dark Hole. i chain Mirror Force. can my opponent respond"),
    ("my opp normal summons a monster i have solemn strike set can i negate it",
     "my opp normal summons a monster i have solemn strike set. can i negate it"),  # "a monster i have": a relative clause may follow a noun
    ("Sangan is destroyed by battle can i activate its effect",
     "Sangan is destroyed by battle. can i activate its effect"),
    # a subordinate clause keeps its main clause: a comma, not a full stop
    ("if my opponent activates dark hole can i chain mirror force",
     "if my opponent activates dark hole, can i chain mirror force"),
    ("when my opponent attacks i activate mirror force they chain mst which resolves first",
     "when my opponent attacks, i activate mirror force. they chain mst. which resolves first"),
    # a question already begun keeps its own verb: "how many LP do i have"
    ("I pay half my LP for Solemn Judgment how many LP do I have left",
     "I pay half my LP for Solemn Judgment. how many LP do I have left"),
])
def test_breaks_go_where_the_grammar_leaves_no_doubt(typed, restored):
    assert restore_sentences(typed) == restored


@pytest.mark.parametrize("typed", [
    "can i chain mst to my opponents pot of greed",  # one sentence: nothing to restore
    "My opponent activates Dark Hole. I chain Mirror Force can they respond?",  # punctuated already
    "is it possible to activate a trap card the turn it was set",
    "can i activate my trap when my opponent summons",  # "when my opponent summons" is one clause
])
def test_no_break_is_invented(typed):
    assert restore_sentences(typed) is None


def test_a_word_that_asks_for_more_never_ends_a_sentence():
    # "in response to my opponent activating": "to" asks for more; "can i": "can" asks for more
    assert restore_sentences("can i respond to my opponent activating dark hole") is None


@pytest.mark.parametrize("typed, punctuated", [
    ("my 2000 atk monster attacks my opponents 1200 atk monster in attack position how much battle damage does "
     "my opponent take",
     "My 2000 ATK monster attacks my opponent's 1200 ATK monster in Attack Position. How much battle damage "
     "does my opponent take?"),
    ("i have 9 cards in my hand during my end phase how many cards do i discard",
     "I have 9 cards in my hand during my End Phase. How many cards do I discard?"),
])
def test_an_unpunctuated_story_gets_the_punctuated_answer(full_kb, typed, punctuated):
    from kb.db import session_scope

    with session_scope(full_kb) as session:
        as_typed = engine.ask(session, typed, kb_path=full_kb)
        as_written = engine.ask(session, punctuated, kb_path=full_kb)
    assert as_written["answer"] not in ("unknown", None)
    assert as_typed["answer"] == as_written["answer"]
    # read as typed by a slot reader (battle_slots.py), or after the sentence breaks are restored (said so)
    assert as_typed.get("understood") or any("sentence breaks restored" in note for note in as_typed["assumed"])


def test_a_restored_reading_that_is_not_understood_stays_unknown_with_the_typed_text(full_kb):
    from kb.db import session_scope

    typed = "my opponent activates dark hole i chain mystical space typhoon targeting their set card does it matter"
    with session_scope(full_kb) as session:
        answer = engine.ask(session, typed, kb_path=full_kb)
    assert answer["answer"] == "unknown"
    assert not any("sentence breaks restored" in note for note in answer.get("assumed") or [])
