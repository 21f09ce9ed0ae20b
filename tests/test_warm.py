"""The questions asked before serving and before timing (kb/understand/warm.py)."""

from __future__ import annotations

from kb.understand import warm


def test_every_warm_up_question_is_answered(session, full_kb):
    """Each warm-up question gets an answer object (a reader that raises on one would stop `kb serve`)."""
    for question in warm.WARM_UP:
        from kb.engine import ask

        answer = ask(session, question, kb_path=full_kb)
        assert answer.get("answer"), question



def test_warm_patterns_builds_every_reader_table_without_a_knowledge_base(monkeypatch):
    """Every cached builder taking no argument is built (the readers' patterns), and nothing opens a store."""
    import importlib

    import kb.db

    def no_store(*args, **kwargs):
        raise AssertionError("warm_patterns opened a knowledge base")

    monkeypatch.setattr(kb.db, "session_scope", no_store)
    built = warm.warm_patterns()
    assert built >= 50
    destroyed = importlib.import_module("kb.understand.damage_step_destroyed")
    assert destroyed._patterns.cache_info().currsize == 1


def test_table_builders_skip_functions_that_need_arguments():
    """Only builders callable with no argument are warmed (a cached function of a card or a text is not)."""
    import importlib

    for module in ("kb.understand.claims.tagger", "kb.understand.mentions", "kb.cards"):
        for builder in warm._table_builders(importlib.import_module(module)):
            builder()  # none needs an argument
