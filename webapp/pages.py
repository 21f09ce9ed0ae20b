"""The HTML pages for judges: blueprint ``pages``.

Every page gets its data from the same function as its JSON twin in :mod:`webapp.api` (the twin's URL
is linked at the foot of each page), then renders it with an autoescaping Jinja template.  No page
loads anything from another host.
"""

from __future__ import annotations

import json
import re

from flask import Blueprint, make_response, redirect, render_template, request, url_for

from kb import corpus, engine, views
from kb.engine.model import PLAYERS
from kb.errors import AmbiguousError, BadQuestionError, InvalidQueryError, NotFoundError

from . import kb_dir, kb_graph, kb_session
from .api import SEARCH_KINDS, TWINS, TWINS_NEEDING_QUERY, run_search
from .drawing import chain_stack, neighbourhood_drawing
from .errors import ApiError
from .params import cacheable, page_args, text_arg
from .questions import (CHAIN_FIELDS, MAX_CHAIN_LINKS, MOMENT_CHOICES, STATE_CHOICES, chain_links,
                        chain_question, describe_question, scenario_examples, scenario_question)

__all__ = ["ASK_EXAMPLES", "PROFILE_FACTS", "SEARCH_EXAMPLES", "bp", "facet_links", "profile_facts"]

bp = Blueprint("pages", __name__)

SEARCH_EXAMPLES = (
    "damage step",
    "spell speed",
    "missing the timing",
    "\"Pot of Greed\"",
    "kind:card negate",
    "chain link",
)

ASK_EXAMPLES = (
    "Can Magic Drain chain to Reinforcement of the Army?",
    "Can Harpie's Feather Duster chain to Gravity Bind?",
    "Can I activate Rising Energy during the damage step?",
)


def page(template: str, status: int = 200, twin: bool = True, **context):
    """Render a page with its JSON twin's URL (unless ``twin`` is false: the page asked nothing);
    a 200 page is marked cacheable."""
    twin = TWINS.get(request.endpoint) if twin else None
    if request.endpoint in TWINS_NEEDING_QUERY and not request.args:
        twin = None
    twin_url = None
    if twin:
        twin_url = url_for(twin, **(request.view_args or {}))
        if request.query_string:
            twin_url += "?" + request.query_string.decode("utf-8", "replace")
    response = make_response(render_template(template, twin_url=twin_url, **context), status)
    if status != 200:
        response.headers["Cache-Control"] = "no-store"
        return response
    return cacheable(response)


@bp.get("/")
def home():
    """The home page: search box with examples, the rulebooks, the ask box."""
    session = kb_session()
    return page("home.html", stats=corpus.stats(session), sources=corpus.list_sources(session),
                examples=SEARCH_EXAMPLES, ask_examples=ASK_EXAMPLES)


@bp.get("/search")
def search():
    """Search results with snippets, facets, pagination and "did you mean"."""
    if not text_arg("q"):
        return page("search.html", result=None, examples=SEARCH_EXAMPLES, error=None, kinds=SEARCH_KINDS)
    try:
        result = run_search()
    except (ApiError, InvalidQueryError) as error:  # a bad query: say why beside the form
        return page("search.html", 400, result=None, examples=SEARCH_EXAMPLES, kinds=SEARCH_KINDS,
                    error=getattr(error, "details", None) or str(error))
    return page("search.html", result=result, facets=facet_links(result), examples=SEARCH_EXAMPLES,
                error=None, kinds=SEARCH_KINDS)


# search facet -> how to narrow by it: a parameter of the search route, or a filter of the query language
FACET_NARROWING = {"kind": ("param", "kind"), "source": ("param", "source"),
                   "region": ("filter", "region"), "card_type": ("filter", "type")}


def facet_links(result: dict) -> list[dict]:
    """Each facet of a search result with, per value, its count and the URL narrowing the search to it."""
    out = []
    base = {k: v for k, v in request.args.items() if k not in ("page",)}
    for facet, counts in (result.get("facets") or {}).items():
        how = FACET_NARROWING.get(facet)
        if not counts or how is None or len(counts) < 2 and facet in base:
            continue
        items = []
        for value, count in counts.items():
            if how[0] == "param":
                args = dict(base, **{how[1]: value})
            else:
                written = f'"{value}"' if " " in str(value) else str(value)
                args = dict(base, q=f"{result['query']} {how[1]}:{written.lower()}")
            items.append({"value": value, "count": count, "href": url_for("pages.search", **args)})
        out.append({"facet": facet, "label": facet.replace("_", " "), "items": items})
    return out


@bp.get("/rulebooks")
def sources():
    """The bundled rulebooks."""
    return page("sources.html", sources=corpus.list_sources(kb_session()))


@bp.get("/rulebooks/<source_id>")
def toc(source_id: str):
    """A rulebook's table of contents."""
    return page("toc.html", toc=views.source_toc(kb_session(), source_id))


@bp.get("/sections/<path:section_id>")
def section(section_id: str):
    """A rule section."""
    return page("section.html", section=views.section_view(kb_session(), section_id))


@bp.get("/sections/<path:section_id>/rulings")
def section_rulings(section_id: str):
    """Every ruling filed against a rule section, a page at a time."""
    page_number, per_page = page_args()
    listing = views.page_of(views.section_rulings(kb_session(), section_id), page_number, per_page)
    return page("section_rulings.html", section=corpus.get_section(kb_session(), section_id),
                listing=listing)


@bp.get("/cards/<int(max=9223372036854775807):card_id>")
def card(card_id: int):
    """A card: text, stats, limit status, effect profile, rulings, sections, graph neighbourhood."""
    data = views.card_view(kb_session(), card_id, graph=kb_graph())
    return page("card.html", data=data, drawing=neighbourhood_drawing(data.get("neighbourhood")),
                facts=[profile_facts(effect) for effect in data["profile"]])


# what the card page shows of an effect profile: (label, key in the profile, or a path into it)
PROFILE_FACTS = (
    ("condition", ("condition", "raw")),
    ("timing word", ("when_if",)),
    ("optional", ("optional",)),
    ("activates from", ("locations",)),
    ("cost", ("cost",)),
    ("target", ("target_text",)),
    ("does", ("categories",)),
    ("targets", ("targets",)),
    ("once per turn", ("once_per_turn",)),
    ("in the Damage Step", ("damage_step",)),
    ("not read", ("unknown",)),
)


def profile_facts(effect: dict) -> list[tuple[str, str]]:
    """The readable facts of one effect profile, as (label, text) pairs; empty values left out."""
    facts = []
    for label, path in PROFILE_FACTS:
        value = effect
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if value in (None, "", [], {}):
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, (list, tuple)):
            text = ", ".join(str(item).replace("_", " ") for item in value)
        else:
            text = str(value).replace("_", " ") if path[-1] in ("when_if", "once_per_turn") else str(value)
        facts.append((label, text))
    return facts


@bp.get("/cards")
def card_lookup():
    """Jump to a card by name (fuzzy): one card redirects to its page, several are listed."""
    name = text_arg("name", required=True, max_length=200)
    try:
        found = views.named_card(kb_session(), fuzzy=name)
    except AmbiguousError as error:
        return page("choose.html", 300, query=name, candidates=error.candidates, reason="ambiguous")
    except NotFoundError as error:
        return page("choose.html", 404, query=name, candidates=error.suggestions, reason="not_found")
    return redirect(url_for("pages.card", card_id=found["id"]))


@bp.get("/rulings/<path:ruling_id>")
def ruling(ruling_id: str):
    """One ruling."""
    return page("ruling.html", ruling=views.ruling_view(kb_session(), ruling_id))


@bp.get("/conflicts")
def conflicts():
    """Where the rulebooks disagree."""
    return page("conflicts.html", conflicts=views.conflicts_view(kb_session()))


@bp.get("/chain")
def chain():
    """The chain checker: a chain of any length (each link with its controller), the card to activate,
    optionally the moment and states -> the verdict with its steps and the chain drawn as a stack.

    Without JavaScript the form is plain: "Add a link" and "Remove" are submit buttons (``add``,
    ``remove=<link number>``) that re-show the form with one link more or less, without asking.
    """
    form = {name: request.args.get(name, "") for name in CHAIN_FIELDS}
    answer = question = error = None
    try:
        links = chain_links()
    except ApiError as exc:
        links, error = [], _form_error(exc)
    editing = "add" in request.args or "remove" in request.args
    if not error and editing:
        links = edit_links(links, add="add" in request.args, remove=request.args.get("remove", ""))
    elif not error and text_arg("card") and any(link["card"] for link in links):  # a card alone pre-fills
        try:
            question = chain_question()
            answer = engine.ask(kb_session(), question, kb_path=kb_dir())
        except (ApiError, NotFoundError, AmbiguousError, BadQuestionError) as exc:
            error = _form_error(exc)
            error["reask"] = recheck_links(exc)
    if not links:
        links = [{"card": "", "controller": ""}]
    choices = {**MOMENT_CHOICES, **STATE_CHOICES, "set_this_turn": ("true", "false")}
    return page("chain.html", error["status"] if error else 200, twin=bool(question), form=form, links=links,
                players=PLAYERS, max_links=MAX_CHAIN_LINKS, choices=choices, question=question,
                answer=answer, error=error, stack=chain_stack(question, answer) if answer else None)


def edit_links(links: list[dict], *, add: bool, remove: str) -> list[dict]:
    """The chain form's links after "Add a link" (a blank link, controlled by the opponent of the last
    link's controller when that is given) or "Remove" of link number ``remove`` (1-based)."""
    links = list(links)
    if remove.strip().isdigit() and 1 <= int(remove) <= len(links):
        del links[int(remove) - 1]
    if add and len(links) < MAX_CHAIN_LINKS:
        last = links[-1]["controller"] if links else ""
        links.append({"card": "", "controller": {"A": "B", "B": "A"}.get(last, "")})
    return links


@bp.get("/ask")
def ask():
    """The ask box: a plain-language question and its answer, with how it was understood in a sentence,
    the words not used, the deciding rule sentence, and, for an ambiguous name, the question re-asked
    with each candidate."""
    question = text_arg("q")
    answer = error = None
    if question:
        try:
            answer = engine.ask(kb_session(), question, kb_path=kb_dir())
        except (NotFoundError, AmbiguousError, BadQuestionError) as exc:
            error = _form_error(exc)
            error["reask"] = reask_links(question, exc)
    understood = simulated = None
    if answer:
        parsed = answer.get("parsed")
        understood = answer.get("understood") or (describe_question(parsed) if isinstance(parsed, dict) else None)
        if isinstance(parsed, dict) and parsed.get("ask") == "scenario":
            simulated = url_for("pages.scenario", q=json.dumps(parsed, ensure_ascii=False))
    return page("ask.html", error["status"] if error else 200, q=question or "", answer=answer, error=error,
                understood=understood, examples=ASK_EXAMPLES, simulated=simulated)


@bp.get("/scenario")
def scenario():
    """The scenario simulator for judges: a simulator question as JSON (a starting state, actions, one
    query; docs/simulator.md) -> the verdict, the replay of what the simulator did step by step, the state
    after it (LP, where each named card is, what activated or missed the timing) and the rule of each check.
    The ask page links here with the scenario it read from a question, to edit and run again."""
    text = request.args.get("q", "")
    answer = question = error = None
    if text.strip():
        try:
            question = scenario_question()
            answer = engine.ask(kb_session(), question, kb_path=kb_dir())
            text = json.dumps(question, indent=2, ensure_ascii=False)
        except (ApiError, NotFoundError, AmbiguousError, BadQuestionError) as exc:
            error = _form_error(exc)
    examples = [{"title": example["title"], "href": url_for("pages.scenario", q=json.dumps(example["question"]))}
                for example in scenario_examples()]
    return page("scenario.html", error["status"] if error else 200, twin=bool(answer), q=text,
                answer=answer, error=error, examples=examples)


QUOTED_NAME = re.compile(r"'([^']+)'|\"([^\"]+)\"")  # the name an error message quotes


def _unresolved_name(exc: Exception) -> tuple[str | None, list[str]]:
    """The name an unknown/ambiguous-card error is about (an attribute, else the name its message
    quotes) and its candidate cards."""
    candidates = getattr(exc, "candidates", None) or getattr(exc, "suggestions", None) or []
    name = getattr(exc, "name", None) or getattr(exc, "query", None)
    if not name:
        quoted = QUOTED_NAME.search(str(exc))
        name = next((group for group in quoted.groups() if group), None) if quoted else None
    return (str(name) if name else None), [str(c) for c in candidates]


def recheck_links(exc: Exception) -> list[dict]:
    """The chain checker's question asked again with each candidate card in place of the field (the
    card, or a link) holding the name the engine could not pin down, as ``[{"name", "href"}]``."""
    name, candidates = _unresolved_name(exc)
    if not name or not candidates:
        return []
    args = {key: request.args.getlist(key) for key in request.args if key not in ("add", "remove")}
    wanted = name.strip().lower()
    for key in ("card", "to"):
        values = args.get(key, [])
        index = next((i for i, value in enumerate(values) if value.strip().lower() == wanted), None)
        if index is not None:
            return [{"name": candidate, "href": url_for("pages.chain", **dict(args, **{
                key: values[:index] + [candidate] + values[index + 1:]}))} for candidate in candidates]
    return []


def reask_links(question: str, exc: Exception) -> list[dict]:
    """For a name the engine could not pin down: the question asked again with each candidate card in
    its place, as ``[{"name", "href"}]``; empty when the name cannot be found in the question."""
    name, candidates = _unresolved_name(exc)
    if not name or not candidates:
        return []
    where = question.lower().find(str(name).lower())
    if where < 0:
        return []
    links = []
    for candidate in candidates:
        asked = question[:where] + candidate + question[where + len(name):]
        links.append({"name": candidate, "href": url_for("pages.ask", q=asked)})
    return links


def _form_error(exc: Exception) -> dict:
    """An error to show beside a form (with candidates as links) and the page's status."""
    if isinstance(exc, ApiError):
        return {"details": exc.details, "candidates": exc.candidates, "status": exc.status}
    candidates = getattr(exc, "candidates", None) or getattr(exc, "suggestions", None) or []
    return {"details": str(exc), "candidates": [str(c) for c in candidates],
            "status": 404 if isinstance(exc, NotFoundError) else 400}


@bp.get("/docs/api")
def api_docs():
    """The API's documentation page, rendered from the OpenAPI document."""
    from .openapi import openapi_document

    return page("api_docs.html", doc=openapi_document())
