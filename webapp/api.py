"""The JSON API for bots: blueprint ``api`` under ``/api/v1``.

Every read route answers with an ETag and Cache-Control (and 304 to a matching If-None-Match); lists are
list objects (``object``, ``data``, ``total``, ``page``, ``pages``, ``per_page``, ``has_more``); every
failure is the one error object of :mod:`webapp.errors`.  Each HTML page's data comes from the same
function as its JSON twin here (see :data:`TWINS`).  The OpenAPI document is :mod:`webapp.openapi`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context, url_for

from kb import cards as kb_cards
from kb import corpus, engine, json_input, views
from kb import search as kb_search
from kb.graph import describe_node, explain, parse_node

from . import kb_dir, kb_graph, kb_session, kb_version
from .errors import ApiError
from .params import cacheable, choice_arg, int_arg, page_args, text_arg
from .questions import chain_question, graph_kinds

__all__ = ["SEARCH_KINDS", "TWINS", "TWINS_NEEDING_QUERY", "bp", "run_search"]

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# HTML page endpoint -> the API endpoint serving the same data (same parameters)
TWINS = {
    "pages.home": "api.stats",
    "pages.search": "api.search",
    "pages.sources": "api.sources",
    "pages.toc": "api.source",
    "pages.section": "api.section",
    "pages.section_rulings": "api.section_rulings",
    "pages.card": "api.card",
    "pages.ruling": "api.ruling",
    "pages.conflicts": "api.conflicts",
    "pages.chain": "api.chain",  # and POST /api/v1/ask with the question shown on the page
    "pages.ask": "api.ask_get",
}

# pages whose twin needs the query string (a form page without one has no data yet)
TWINS_NEEDING_QUERY = {"pages.search", "pages.chain", "pages.ask"}

SEARCH_KINDS = kb_search.KINDS


def read(data) -> Response:
    """A cacheable JSON response."""
    return cacheable(jsonify(data))


def list_object(rows: list, **extra) -> Response:
    """One page of ``rows`` (``page``/``limit`` from the query string) as a cacheable list object."""
    page, per_page = page_args()
    body = views.page_of(rows, page, per_page)
    body.update(extra)
    return read(body)


# --------------------------------------------------------------------------------------------- basics


@bp.get("/")
def index():
    """What the API offers, with links to its document and docs page."""
    return read({"object": "api", "version": "v1",
                 "openapi": url_for("api.openapi_document"), "docs": url_for("pages.api_docs"),
                 "routes": sorted({str(rule) for rule in current_app.url_map.iter_rules()
                                   if rule.endpoint.startswith("api.")})})


@bp.get("/health")
def health():
    """A trivial route (no knowledge-base access): liveness checks and the benchmark's baseline."""
    return jsonify({"object": "health", "status": "ok"})


@bp.get("/stats")
def stats():
    """Counts of every kind of record and facts of the build (the home page's data)."""
    return read(dict(corpus.stats(kb_session()), object="stats", sources=corpus.list_sources(kb_session())))


@bp.get("/openapi.json")
def openapi_document():
    """The OpenAPI 3 document of this API."""
    from .openapi import openapi_document as document

    return read(document())


# --------------------------------------------------------------------------------------------- search


def run_search() -> dict:
    """The search of the current request's ``q``/``kind``/``source``/``page``/``limit`` (page and API)."""
    query = text_arg("q", required=True)
    kind = choice_arg("kind", SEARCH_KINDS)
    source = text_arg("source", max_length=50)
    page, per_page = page_args()
    return kb_search.search(kb_dir(), query, kind=kind, source=source, limit=per_page, page=page)


@bp.get("/search")
def search():
    """Full-text search over sections, cards, rulings and terms, with facets and "did you mean"."""
    result = run_search()
    return read({"object": "list", "query": result["query"], "total": result["total"],
                 "page": result["page"], "pages": result["pages"],
                 "per_page": int_arg("limit", current_app.config["PAGE_SIZE"], minimum=1,
                                     maximum=current_app.config["MAX_PAGE_SIZE"]),
                 "has_more": result["page"] < result["pages"], "data": result["results"],
                 "facets": result.get("facets", {}), "suggestions": result.get("suggestions", [])})


# ---------------------------------------------------------------------------------------------- cards


@bp.get("/cards/named")
def card_named():
    """One card by ``exact=`` or ``fuzzy=`` name: the chat-bot look-up (``ambiguous`` with candidates)."""
    exact, fuzzy = text_arg("exact", max_length=200), text_arg("fuzzy", max_length=200)
    if (exact is None) == (fuzzy is None):
        raise ApiError("give exactly one of the parameters 'exact' and 'fuzzy'")
    return read(views.named_card(kb_session(), exact=exact, fuzzy=fuzzy))


@bp.get("/cards/autocomplete")
def card_autocomplete():
    """Up to ``limit`` card names starting with (or close to) ``q``."""
    prefix = text_arg("q", default="", max_length=200)
    limit = int_arg("limit", 10, minimum=1, maximum=25)
    names = kb_cards.autocomplete(kb_session(), prefix, limit=limit) if prefix else []
    return read({"object": "catalog", "total": len(names), "data": names})


@bp.get("/cards/<int(max=9223372036854775807):card_id>")
def card(card_id: int):
    """One card with its effect profile, rulings, the sections naming it and its graph neighbourhood."""
    return read(views.card_view(kb_session(), card_id, graph=kb_graph()))


@bp.get("/cards/<int(max=9223372036854775807):card_id>/rulings")
def card_rulings(card_id: int):
    """A card's rulings (source, region, date), paginated."""
    kb_cards.get_card(kb_session(), card_id)  # 404 for an unknown card
    return list_object(kb_cards.card_rulings(kb_session(), card_id))


@bp.get("/inline")
def inline():
    """The ``[[card names]]`` in a chat message, resolved (at most ``limit``)."""
    config = current_app.config
    text = text_arg("text", required=True, max_length=4000)
    limit = int_arg("limit", config["INLINE_LIMIT"], minimum=1, maximum=config["INLINE_MAX_LIMIT"])
    return read(views.inline_cards(kb_session(), text, limit))


# ------------------------------------------------------------------------------------ rulebooks, rulings


@bp.get("/sources")
def sources():
    """The bundled rulebooks with their metadata and section counts."""
    return list_object(corpus.list_sources(kb_session()))


@bp.get("/sources/<source_id>")
def source(source_id: str):
    """A rulebook's metadata and table of contents."""
    return read(views.source_toc(kb_session(), source_id))


@bp.get("/sections/<path:section_id>")
def section(section_id: str):
    """One rule section with breadcrumbs, neighbours, references, same-topic sections, conflicts."""
    return read(views.section_view(kb_session(), section_id))


@bp.get("/sections/<path:section_id>/rulings")
def section_rulings(section_id: str):
    """The rulings filed against a rule section, newest first, paginated."""
    return list_object(views.section_rulings(kb_session(), section_id))


@bp.get("/rulings/<path:ruling_id>")
def ruling(ruling_id: str):
    """One ruling with the cards it involves and the rule sections it is about."""
    return read(views.ruling_view(kb_session(), ruling_id))


@bp.get("/conflicts")
def conflicts():
    """Every point on which the rulebooks disagree, with each side's section and position."""
    return list_object(views.conflicts_view(kb_session()))


# ---------------------------------------------------------------------------------------------- graph


@bp.get("/graph/related")
def graph_related():
    """The neighbourhood of one node (``card:<id>``, ``section:<id>``, ``ruling:<id>`` ...) as node-link."""
    graph = kb_graph()
    node = parse_node(graph, text_arg("node", required=True), kb_session())
    depth = int_arg("depth", 1, minimum=1, maximum=3)
    limit = int_arg("limit", 50, minimum=1, maximum=500)
    return read(views.neighbourhood(graph, node, kinds=graph_kinds(), depth=depth, limit=limit))


@bp.get("/graph/path")
def graph_path():
    """How two nodes are connected: the shortest explained path between ``a`` and ``b``."""
    graph = kb_graph()
    a = parse_node(graph, text_arg("a", required=True), kb_session())
    b = parse_node(graph, text_arg("b", required=True), kb_session())
    steps = explain(graph, a, b)
    return read({"object": "path", "from": describe_node(graph, a), "to": describe_node(graph, b),
                 "connected": bool(steps) or a == b, "length": len(steps), "data": steps})


# ----------------------------------------------------------------------------------------------- ask


@bp.get("/ask")
def ask_get():
    """Answer a plain-language question (``q=``), saying how it was understood."""
    question = text_arg("q", required=True)
    return read(engine.ask(kb_session(), question, kb_path=kb_dir()))


@bp.post("/ask")
def ask_post():
    """Answer a scenario question sent as a JSON object (see SCENARIOS.md)."""
    question = json_input.loads(request.get_data(cache=False) or b"", "the body")
    if not isinstance(question, dict):
        raise ApiError(f"the body must be a JSON object, not {type(question).__name__}")
    response = jsonify(engine.ask(kb_session(), question, kb_path=kb_dir()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/chain")
def chain():
    """The chain checker's question from query parameters (``card``, ``to``, moment, states), answered."""
    question = chain_question()
    answer = engine.ask(kb_session(), question, kb_path=kb_dir())
    return read(dict(answer, question=question))


# ------------------------------------------------------------------------------------------------ bulk


def _stream(kind: str) -> Iterator[str]:
    yield '{"object":"bulk","kind":' + json.dumps(kind) + ',"version":' + json.dumps(kb_version()) \
        + ',"data":['
    for number, record in enumerate(views.iter_bulk(kb_session(), kind)):
        yield ("," if number else "") + json.dumps(record, ensure_ascii=False)
    yield "]}"


@bp.get("/bulk/<kind>")
def bulk(kind: str):
    """The full export of one kind (cards, rulings, sections) as one JSON document, streamed."""
    if kind not in views.BULK_KINDS:
        raise ApiError(f"unknown bulk kind {kind!r}", status=404, type="not_found",
                       candidates=list(views.BULK_KINDS))
    etag = f"{kb_version()}-{kind}"
    if etag in request.if_none_match:
        return cacheable(Response(status=304), etag=etag)
    response = Response(stream_with_context(_stream(kind)), mimetype="application/json")
    response.headers["Content-Disposition"] = f'inline; filename="{kind}.json"'
    response.set_etag(etag)
    response.headers["Cache-Control"] = f"public, max-age={current_app.config['CACHE_MAX_AGE']}"
    return response
