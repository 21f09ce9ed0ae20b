"""The readers' question forms as JSON questions: what the API and CLI accept besides the engine's kinds.

A question in words is answered through a JSON question, shown as ``parsed``; besides the kinds of
SCENARIOS.md, ``negate`` and ``scenario``, the readers produce the forms of :data:`READER_FIELDS` (rule
facts, what a negation leaves behind, SEGOC of kinds, ...; docs/understanding.md) and wrap engine questions
in clauses (``applying``, ``purpose``, ``despite``).  Sent back as JSON, a ``parsed`` object gets the same
answer: :func:`answer_form` checks its fields against the table (an unknown field is a 400 naming it) and
turns any failure of the reader on malformed values into an error naming the kind, the field and the
value, never a traceback.  ``tests/test_forms.py`` fails when a reader produces a field the table lacks.
"""

from __future__ import annotations

from sqlmodel import Session

from ..errors import BadQuestionError, KbError

__all__ = ["CLAUSE_FIELDS", "READER_FIELDS", "answer_form", "is_reader_form"]

# kind -> the fields a question of that kind may have (besides "ask"); the answerers are in answer.py
READER_FIELDS: dict[str, frozenset[str]] = {kind: frozenset(fields) for kind, fields in {
    "spell_speed_compare": ("card_speed", "to_speed"),
    "damage_step_event": ("card", "event", "query", "timing"),
    "spell_speed": ("card", "speed"),
    "card_kind": ("card", "kind"),
    "resolution_order": ("chain", "end", "link", "other", "position", "relation"),
    "negated": ("by", "card", "destroyed", "how", "negated", "negator", "of_effect", "outcome"),
    "negates_what": ("asked", "card"),  # kb/understand/negation_kind.py
    "field_negation": ("as_monster", "card", "left_field", "negator", "outcome", "unaffected_by"),
    "negated_effects": ("atk_gain", "by", "card", "did", "outcome"),
    "summon_reach": ("card", "how", "level", "levels"),
    "destroyed_together": ("applier", "asked", "cards", "outcome"),
    "rule_fact": ("act", "applied", "asked", "banishing", "by", "card", "cost_text", "count", "does", "from", "lp",
                  "monster", "none", "pay", "qualifier", "stated", "subject", "topic", "value", "what", "where"),
    "timing_wording": ("asked", "card", "cause", "event", "quote", "sort", "wording"),  # kb/engine/timing_wording.py
    "claim": ("cards", "claim", "concepts"),  # rule propositions: kb/understand/claims/
    "monster_left": ("card", "does", "effect_kind", "own_cost"),  # kb/understand/resolve_left.py
    "targets_left": ("card", "does"),  # kb/understand/targets_left.py
    "card_property": ("act", "amount", "card", "condition", "effect", "example", "has", "kind", "of_effect", "property",
                      "like", "select", "summon", "value"),  # kb/engine/card_properties.py
    "chain_rule": ("action", "activated_by", "answers", "asked", "card", "control_to", "definite", "end", "fact",
                   "kind", "links", "optional", "phase", "possible", "query", "relation", "rule", "rule_key",
                   "target", "turn", "waits", "yes_no"),
}.items()}

# clauses a reader adds to an engine question: "while X is applying" (kb/engine/permissions.py), "... to
# shrink ..." / "even though ..." (kb/understand/clauses.py)
CLAUSE_FIELDS = frozenset({"applying", "purpose", "despite"})

# what a reader raises when the values of a form sent from outside do not fit it
_MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError)


def is_reader_form(question) -> bool:
    """Whether a JSON question is one of the readers' forms (or an engine question with a clause)."""
    if not isinstance(question, dict):
        return False
    kind = question.get("ask")
    return (isinstance(kind, str) and kind in READER_FIELDS) or bool(CLAUSE_FIELDS & set(question))


def answer_form(session: Session, question: dict) -> dict:
    """Answer a reader's form sent as JSON, as the words it was read from are answered.

    :raises BadQuestionError: for a field the form does not have, or values it cannot take.
    """
    from .answer import answer_json

    kind = question.get("ask")
    allowed = READER_FIELDS.get(kind)
    if allowed is not None:
        unknown = sorted(set(question) - allowed - {"ask"})
        if unknown:
            raise BadQuestionError(f"unknown field for a {kind} question: {unknown[0]!r} (it takes "
                                   f"{', '.join(sorted(allowed))})", unknown[0], question[unknown[0]])
    try:
        return answer_json(session, question)
    except KbError:
        raise
    except _MALFORMED as exc:
        detail = f"{exc.__class__.__name__}: {exc}"
        raise BadQuestionError(f"the {kind} question cannot be read: {detail[:200]} (the forms are those shown "
                               "as 'parsed' by questions in words; docs/understanding.md)", "ask", kind) from None
