"""Turning query-string parameters into the questions the knowledge base answers.

The chain checker page and ``GET /api/v1/chain`` read the same parameters into the same scenario
question (``{"ask": "chain", ...}``, see ``SCENARIOS.md``); the graph routes read node kinds.  The
allowed values of each field are the engine's; this module only reads and checks the form.
"""

from __future__ import annotations

from flask import request

from kb.engine.model import FACES, LOCATIONS, PLAYERS
from kb.engine.rules import BATTLE_STEPS, DAMAGE_STEP_TIMINGS, PHASES
from kb.graph import NODE_KINDS

from .errors import ApiError
from .params import bool_arg, choice_arg, text_arg

__all__ = [
    "CHAIN_FIELDS",
    "MAX_CHAIN_LINKS",
    "MOMENT_CHOICES",
    "STATE_CHOICES",
    "chain_question",
    "graph_kinds",
]

MAX_CHAIN_LINKS = 8  # links already on the chain that the form accepts

# field -> allowed values: the engine's own tables (SCENARIOS.md "Players and the moment")
MOMENT_CHOICES = {"turn": PLAYERS, "phase": PHASES, "step": BATTLE_STEPS, "timing": DAMAGE_STEP_TIMINGS}
STATE_CHOICES = {"controller": PLAYERS, "location": LOCATIONS, "face": FACES}

CHAIN_FIELDS = ("card", "to", *MOMENT_CHOICES, *STATE_CHOICES, "set_this_turn")


def chain_question() -> dict:
    """The scenario question of the chain checker's parameters.

    ``card`` is the card to activate; ``to`` (repeatable, link 1 first) the chain so far; the moment
    (``turn``, ``phase``, ``step``, ``timing``) and the asked card's state (``controller``, ``location``,
    ``face``, ``set_this_turn``) are optional: left out, they mean "is it possible at all?".

    :raise ApiError 400: for a missing card, too many links, or a value outside a field's choices.
    """
    card = text_arg("card", required=True, max_length=200)
    links = [link.strip() for link in request.args.getlist("to") if link and link.strip()]
    if not links:
        raise ApiError("the parameter 'to' is required: the card whose activation is the last chain link")
    if len(links) > MAX_CHAIN_LINKS:
        raise ApiError(f"at most {MAX_CHAIN_LINKS} chain links in 'to', not {len(links)}")
    for link in links:
        if len(link) > 200:
            raise ApiError(f"the parameter 'to' is too long ({len(link)} characters; the limit is 200)")
    question: dict = {"ask": "chain", "card": card, "to": links[0] if len(links) == 1 else links}
    for name, choices in {**MOMENT_CHOICES, **STATE_CHOICES}.items():
        value = choice_arg(name, choices)
        if value is not None:
            question[name] = value
    set_this_turn = bool_arg("set_this_turn")
    if set_this_turn is not None:
        question["set_this_turn"] = set_this_turn
    return question


def graph_kinds() -> list[str] | None:
    """The node kinds asked for with ``kind=`` (repeatable or comma separated); None for all.

    :raise ApiError 400: for a kind the graph does not have.
    """
    kinds = [part.strip() for value in request.args.getlist("kind") for part in value.split(",")
             if part.strip()]
    unknown = [kind for kind in kinds if kind not in NODE_KINDS]
    if unknown:
        raise ApiError(f"unknown node kind {unknown[0]!r}", candidates=list(NODE_KINDS))
    return kinds or None
