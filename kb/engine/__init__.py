"""The reasoning engine: scenario questions answered with the checks made and the rule sections cited.

Public API (used by the CLI and the web app)::

    ask(session, {"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"})
    ask(session, "Can Twin Twisters chain to Pot of Greed?")
    card_profile(session, "Ash Blossom")

See ../shared/spec/SCENARIOS.md for the question and answer shapes and docs/engine.md for the model.
"""

from __future__ import annotations

import json

from sqlmodel import Session

from ..errors import BadQuestionError
from .profiles import load_profiles, parse_card
from .questions import answer_question, normalise_question, resolve

__all__ = ["ask", "card_profile", "parse_question", "parse_card"]


def parse_question(question: dict | str) -> dict | str:
    """A question as given: a dict, a JSON object string, or a plain-language string (returned as is).

    :raises BadQuestionError: for a string that starts like JSON but does not parse.
    """
    if isinstance(question, str):
        text = question.strip()
        if text.startswith(("{", "[")):
            try:
                return json.loads(text)
            except json.JSONDecodeError as exc:
                raise BadQuestionError(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                                       "json", text[:200]) from exc
        if not text:
            raise BadQuestionError("empty question", "q", question)
        return text
    return question


def ask(session: Session, question: dict | str, *, kb_path=None) -> dict:
    """Answer a scenario question (JSON object, JSON string or plain language) with the answer object.

    :param kb_path: the knowledge base directory, for the search index used by plain-language fallbacks.
    :raises BadQuestionError: unknown field or value, malformed JSON.
    :raises NotFoundError: unknown card (with suggestions).
    :raises AmbiguousError: ambiguous card name (with candidates).
    """
    parsed = parse_question(question)
    if isinstance(parsed, str):
        from ..understand import ask_plain
        return ask_plain(session, parsed, kb_path=kb_path)
    # the forms questions in words are read into, sent back as JSON (kb/understand/forms.py)
    from ..understand.forms import is_reader_form

    if is_reader_form(parsed):
        from ..understand.forms import answer_form

        return answer_form(session, parsed)
    # scenario questions go to the duel simulator (docs/simulator.md)
    if isinstance(parsed, dict) and parsed.get("ask") == "scenario":
        from .sim.scenario import answer_scenario
        return answer_scenario(session, parsed)
    return answer_question(session, normalise_question(parsed))


def card_profile(session: Session, card) -> list[dict]:
    """The effect profiles of a card (a name, resolved like questions do, or a Card row)."""
    row = resolve(session, card) if isinstance(card, str) else card
    return load_profiles(session, row)
