"""The questions asked before serving and before timing (kb/understand/warm.py)."""

from __future__ import annotations

from kb.understand import warm


def test_every_warm_up_question_is_answered(session, full_kb):
    """Each warm-up question gets an answer object (a reader that raises on one would stop `kb serve`)."""
    for question in warm.WARM_UP:
        from kb.engine import ask

        answer = ask(session, question, kb_path=full_kb)
        assert answer.get("answer"), question


def test_kb_serve_warm_up_asks_them_before_forking(full_kb, monkeypatch):
    """`kb serve`'s warm-up (in the gunicorn master) asks the warm-up questions on the served knowledge base."""
    from kb import cli  # noqa: F401  (the command modules are loaded by kb.cli, as `kb serve` loads them)
    from kb import cli_serve
    from webapp import create_app

    asked = []
    monkeypatch.setattr(warm, "warm_readers", lambda session, kb_path=None: asked.append(kb_path))
    cli_serve.warm_up(create_app({"KB_PATH": str(full_kb)}))
    assert asked == [str(full_kb)]
