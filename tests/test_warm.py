"""The questions asked before serving and before timing (kb/understand/warm.py)."""

from __future__ import annotations

from kb.understand import warm


def test_every_warm_up_question_is_answered(session, full_kb):
    """Each warm-up question gets an answer object (a reader that raises on one would stop `kb serve`)."""
    for question in warm.WARM_UP:
        from kb.engine import ask

        answer = ask(session, question, kb_path=full_kb)
        assert answer.get("answer"), question

