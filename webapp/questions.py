"""Turning query-string parameters into the questions the knowledge base answers.

The chain checker page and ``GET /api/v1/chain`` read the same parameters into the same scenario
question (``{"ask": "chain", ...}``, see ``SCENARIOS.md``); the scenario page and ``GET /api/v1/scenario``
read one simulator question (``{"ask": "scenario", ...}``, docs/simulator.md); the graph routes read node
kinds.  The
allowed values of each field are the engine's; this module only reads and checks the form.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from flask import request

from kb import json_input

from kb.engine.model import FACES, LOCATIONS, PLAYERS
from kb.engine.rules import BATTLE_STEPS, DAMAGE_STEP_TIMINGS, PHASES
from kb.graph import NODE_KINDS

from .errors import ApiError
from .params import Param, bool_arg, choice_arg, text_arg

__all__ = [
    "CHAIN_FIELDS",
    "MAX_CHAIN_LINKS",
    "MOMENT_CHOICES",
    "SCENARIO_Q",
    "STATE_CHOICES",
    "chain_links",
    "chain_question",
    "describe_question",
    "graph_kinds",
    "scenario_examples",
    "scenario_question",
]

MAX_CHAIN_LINKS = 16  # links already on the chain that the form accepts

# field -> allowed values: the engine's own tables (SCENARIOS.md "Players and the moment")
MOMENT_CHOICES = {"turn": PLAYERS, "phase": PHASES, "step": BATTLE_STEPS, "timing": DAMAGE_STEP_TIMINGS}
STATE_CHOICES = {"controller": PLAYERS, "location": LOCATIONS, "face": FACES}

CHAIN_FIELDS = ("card", "to", "to_controller", *MOMENT_CHOICES, *STATE_CHOICES, "set_this_turn")


def chain_links() -> list[dict]:
    """The chain so far as the form sent it: ``[{"card", "controller"}]``, link 1 first, blanks kept.

    ``to`` repeats once per link; ``to_controller`` (optional, ``A``/``B`` or blank) repeats in step
    with it, so the n-th controller belongs to the n-th link.

    :raise ApiError 400: for a controller outside A/B, or more controllers than links.
    """
    cards = request.args.getlist("to")
    controllers = request.args.getlist("to_controller")
    if len(controllers) > len(cards):
        raise ApiError(f"the parameter 'to_controller' has {len(controllers)} values but 'to' has "
                       f"{len(cards)}: give one controller per link, in the same order (blank for either)")
    links = []
    for index, card in enumerate(cards):
        controller = controllers[index].strip() if index < len(controllers) else ""
        if controller and controller not in PLAYERS:
            raise ApiError(f"the parameter 'to_controller' must be one of {', '.join(PLAYERS)}; "
                           f"not {controller!r} (link {index + 1})", candidates=list(PLAYERS))
        links.append({"card": card.strip(), "controller": controller})
    return links


def chain_question() -> dict:
    """The scenario question of the chain checker's parameters.

    ``card`` is the card to activate; ``to`` (repeatable, link 1 first) the chain so far, with
    ``to_controller`` (repeatable in step with ``to``) the player who activated each link; the moment
    (``turn``, ``phase``, ``step``, ``timing``) and the asked card's state (``controller``, ``location``,
    ``face``, ``set_this_turn``) are optional: left out, they mean "is it possible at all?".
    A link given without a controller is a bare name; a single such link is the string ``to``.

    :raise ApiError 400: for a missing card, too many links, or a value outside a field's choices.
    """
    card = text_arg("card", required=True, max_length=200)
    links = [link for link in chain_links() if link["card"]]
    if not links:
        raise ApiError("the parameter 'to' is required: the card whose activation is the last chain link")
    if len(links) > MAX_CHAIN_LINKS:
        raise ApiError(f"at most {MAX_CHAIN_LINKS} chain links in 'to', not {len(links)}")
    for link in links:
        if len(link["card"]) > 200:
            raise ApiError(f"the parameter 'to' is too long ({len(link['card'])} characters; the limit is 200)")
        if "\x00" in link["card"]:
            raise ApiError("the parameter 'to' holds a NUL character")
    items = [{"card": link["card"], "controller": link["controller"]} if link["controller"] else link["card"]
             for link in links]
    question: dict = {"ask": "chain", "card": card, "to": items[0] if len(items) == 1 else items}
    for name, choices in {**MOMENT_CHOICES, **STATE_CHOICES}.items():
        value = choice_arg(name, choices)
        if value is not None:
            question[name] = value
    set_this_turn = bool_arg("set_this_turn")
    if set_this_turn is not None:
        question["set_this_turn"] = set_this_turn
    return question


# the moment fields in words, for describe_question
PHASE_WORDS = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1", "battle": "Battle Phase",
               "main2": "Main Phase 2", "end": "End Phase"}


def _card_words(item) -> str:
    """A card of a question in words: its name, a generic card's kind, with the controller if given."""
    if isinstance(item, dict):
        if isinstance(item.get("class"), dict):
            kind = item["class"]
            words = " ".join(str(kind[key]) for key in ("property", "type") if kind.get(key))
            name = f"a {words or 'card'}" + (f" with a {kind['effect']} effect" if kind.get("effect") else "")
        else:
            name = str(item.get("card") or item.get("name") or "a card")
        return f"{name} ({item['controller']})" if item.get("controller") else name
    return str(item)


def _moment_words(question: dict) -> str:
    parts = []
    if question.get("phase"):
        owner = f"{question['turn']}'s " if question.get("turn") else ""
        parts.append(owner + PHASE_WORDS.get(question["phase"], str(question["phase"])))
    if question.get("step"):
        parts.append(f"{question['step']} step")
    if question.get("timing"):
        parts.append(f"Damage Step timing {str(question['timing']).replace('_', ' ')}")
    return f" during {', '.join(parts)}" if parts else ""


def describe_question(question: dict) -> str:
    """One sentence saying what a JSON question asks (for pages, when the answer has no ``understood``)."""
    if not isinstance(question, dict):
        return str(question)
    kind = question.get("ask")
    card = _card_words({k: v for k, v in question.items() if k in ("card", "class", "controller")}
                       if isinstance(question.get("card"), str) else question.get("card") or "a card")
    moment = _moment_words(question)
    links = question.get("to")
    links = links if isinstance(links, list) else [links] if links else []
    if kind == "chain" and links:
        return (f"Can {card} be activated as Chain Link {len(links) + 1} in response to "
                f"{_card_words(links[-1])}{moment}?")
    if kind == "negate":
        target = _card_words(links[-1]) if links else \
            f"the Summon of {_card_words((question.get('summon') or {}).get('card', 'a monster'))}"
        return f"Can {card} be activated to negate {target}{moment}?"
    if kind == "activate":
        return f"Can {card} be activated{moment}?"
    if kind == "segoc":
        triggers = [_card_words(t) for t in question.get("triggers") or []]
        return f"In what order do the effects of {', '.join(triggers) or 'these cards'} form a chain{moment}?"
    if kind == "timing":
        event = str(question.get("event") or "an event").replace("_", " ")
        return f"Does the effect of {card} activate after it was {event}{moment}?"
    return f"A {kind or 'rules'} question about {card}{moment}."


# A scenario travels in the query string as JSON (so a replay can be linked to); one far larger than a judge
# types belongs in the body of POST /api/v1/ask.  The limit counts characters as sent (before decoding).
SCENARIO_Q = Param("q", required=True, max_length=6000,
                   description='a simulator question as JSON: {"ask": "scenario", "state", "actions", "query"} '
                               "(docs/simulator.md); larger ones go to POST /api/v1/ask",
                   example='{"ask": "scenario", "state": {"players": {"A": {"hand": ["Sangan"]}}}, '
                           '"actions": [{"do": "normal_summon", "card": "Sangan"}], "query": {"kind": "legal"}}')


def scenario_question() -> dict:
    """The simulator question of the ``q`` parameter: a JSON object whose ``ask`` is ``scenario``.

    :raise ApiError 400: for a missing or over-long parameter, text that is not JSON (with line and
        column), or JSON that is not a scenario question.
    """
    text = SCENARIO_Q.read()
    question = json_input.loads(text, "the parameter 'q'")
    if not isinstance(question, dict):
        raise ApiError(f"the parameter 'q' must be a JSON object, not {type(question).__name__}")
    if question.get("ask") != "scenario":
        raise ApiError(f"the parameter 'q' must be a scenario question ({{\"ask\": \"scenario\", ...}}), not "
                       f"ask={question.get('ask')!r}: other kinds are answered by GET /api/v1/chain and "
                       "POST /api/v1/ask", candidates=["scenario"])
    return question


@cache
def scenario_examples() -> tuple[dict, ...]:
    """The scenario page's worked examples (``webapp/scenario_examples.json``): ``{"title", "question"}``."""
    path = Path(__file__).with_name("scenario_examples.json")
    return tuple(json.loads(path.read_text(encoding="utf-8")))


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
