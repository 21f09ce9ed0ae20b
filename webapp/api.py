"""The JSON API for bots: blueprint ``api`` under ``/api/v1``.

Every read route answers with an ETag and Cache-Control (and 304 to a matching If-None-Match); lists are
list objects (``object``, ``data``, ``total``, ``page``, ``pages``, ``per_page``, ``has_more``); every
failure is the one error object of :mod:`webapp.errors`.  Each HTML page's data comes from the same
function as its JSON twin here (see :data:`TWINS`).  The OpenAPI document is :mod:`webapp.openapi`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context, url_for

from kb import cards as kb_cards
from kb import corpus, engine, json_input, views
from kb import search as kb_search
from kb.graph import NODE_KINDS, describe_node, explain, parse_node
from kb.version_cache import RecentByVersion

from . import kb_dir, kb_graph, kb_session, kb_version
from .errors import ApiError
from .params import LIMIT, PAGE, Param, cacheable, page_args, takes
from .questions import SCENARIO_Q, chain_question, scenario_question

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
    "pages.scenario": "api.scenario",
}

# pages whose twin needs the query string (a form page without one has no data yet)
TWINS_NEEDING_QUERY = {"pages.search", "pages.chain", "pages.ask", "pages.scenario"}

SEARCH_KINDS = kb_search.KINDS

# ---------------------------------------------------------------- the query parameters of the routes
# (read by the routes and described by the OpenAPI document from these same objects: webapp/params.py)

SEARCH_Q = Param("q", required=True, description="the query (docs/search.md)", example="damage step")
SEARCH_KIND = Param("kind", "choice", "only this kind of result", choices=tuple(SEARCH_KINDS))
SEARCH_SOURCE = Param("source", description="only this source (a rulebook id or a ruling source)",
                      max_length=50)
EXACT = Param("exact", description="the card's name, ignoring case, spacing and punctuation", max_length=200,
              blank_is_absent=False, example="Pot of Greed")
FUZZY = Param("fuzzy", description="a name with typos, partial words or a nickname", max_length=200,
              blank_is_absent=False, example="pot of gred")
AUTOCOMPLETE_Q = Param("q", description="the start of a card name", max_length=200, default="",
                       example="pot of")
AUTOCOMPLETE_LIMIT = Param("limit", "integer", "names at most (default 10)", default=10, minimum=1,
                           maximum=25)
INLINE_TEXT = Param("text", required=True, description="a chat message with [[card names]]", max_length=4000,
                    example="can [[MST]] chain to [[Pot of Greed]]?")
INLINE_LIMIT = Param("limit", "integer", "names resolved at most (default 3)", default=3, minimum=1,
                     maximum=10)
NODE = Param("node", required=True, description="a section id, card:<name or id>, ruling:<id>, term:<term>, "
             "source:<id> or conflict:<id>", example="card:Pot of Greed")
NODE_KINDS_PARAM = Param("kind", "choices", "only these node kinds", choices=tuple(NODE_KINDS))
DEPTH = Param("depth", "integer", "steps from the node (default 1)", default=1, minimum=1, maximum=3)
GRAPH_LIMIT = Param("limit", "integer", "nodes at most (default 50)", default=50, minimum=1, maximum=500)
PATH_A = Param("a", required=True, description="the first node (as node= of /graph/related)",
               example="card:Pot of Greed")
PATH_B = Param("b", required=True, description="the second node", example="card:Graceful Charity")
ASK_Q = Param("q", required=True, description="a question in plain words",
              example="Can Twin Twisters chain to Pot of Greed?")


def read(data) -> Response:
    """A cacheable JSON response."""
    return cacheable(jsonify(data))


_ANSWERS: RecentByVersion[tuple[bytes, str]] = RecentByVersion(4096)  # key -> (JSON body, its ETag)


def read_remembered(key: tuple, compute: Callable[[], object]) -> Response:
    """:func:`read` of ``compute()``, whose answer depends only on ``key`` and the knowledge-base version:
    the body and its ETag are kept per worker for the keys asked about most recently (a built version
    never changes), so a repeated look-up neither reads the store nor encodes JSON again.  An error
    raised by ``compute`` is not kept."""

    def body() -> tuple[bytes, str]:
        data = jsonify(compute()).get_data()
        return data, hashlib.sha1(data).hexdigest()

    data, etag = _ANSWERS.get_for(kb_dir(), kb_version(), key, body)
    return cacheable(current_app.response_class(data, mimetype=current_app.json.mimetype), etag=etag)


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
    query, kind, source = SEARCH_Q.read(), SEARCH_KIND.read(), SEARCH_SOURCE.read()
    page, per_page = page_args()
    return kb_search.search(kb_dir(), query, kind=kind, source=source, limit=per_page, page=page)


@bp.get("/search")
@takes(SEARCH_Q, SEARCH_KIND, SEARCH_SOURCE, PAGE, LIMIT)
def search():
    """Full-text search over sections, cards, rulings and terms, with facets and "did you mean"."""
    result = run_search()
    return read({"object": "list", "query": result["query"], "total": result["total"],
                 "page": result["page"], "pages": result["pages"], "per_page": LIMIT.read(),
                 "has_more": result["page"] < result["pages"], "data": result["results"],
                 "facets": result.get("facets", {}), "suggestions": result.get("suggestions", [])})


# ---------------------------------------------------------------------------------------------- cards


@bp.get("/cards/named")
@takes(EXACT, FUZZY)  # exactly one of them (the document says so with one object parameter)
def card_named():
    """One card by ``exact=`` or ``fuzzy=`` name: the chat-bot look-up (``ambiguous`` with candidates)."""
    exact, fuzzy = EXACT.read(), FUZZY.read()
    if (exact is None) == (fuzzy is None):
        raise ApiError("give exactly one of the parameters 'exact' and 'fuzzy'")
    return read_remembered(("named", exact, fuzzy),
                           lambda: views.named_card(kb_session(), exact=exact, fuzzy=fuzzy))


@bp.get("/cards/autocomplete")
@takes(AUTOCOMPLETE_Q, AUTOCOMPLETE_LIMIT)
def card_autocomplete():
    """Up to ``limit`` card names starting with (or close to) ``q``."""
    prefix, limit = AUTOCOMPLETE_Q.read(), AUTOCOMPLETE_LIMIT.read()
    names = kb_cards.autocomplete(kb_session(), prefix, limit=limit) if prefix else []
    return read({"object": "catalog", "total": len(names), "data": names})


@bp.get("/cards/<int(max=9223372036854775807):card_id>")
def card(card_id: int):
    """One card with its effect profile, rulings, the sections naming it and its graph neighbourhood."""
    return read(views.card_view(kb_session(), card_id, graph=kb_graph()))


@bp.get("/cards/<int(max=9223372036854775807):card_id>/rulings")
@takes(PAGE, LIMIT)
def card_rulings(card_id: int):
    """A card's rulings (source, region, date), paginated."""
    kb_cards.get_card(kb_session(), card_id)  # 404 for an unknown card
    return list_object(kb_cards.card_rulings(kb_session(), card_id))


@bp.get("/inline")
@takes(INLINE_TEXT, INLINE_LIMIT)
def inline():
    """The ``[[card names]]`` in a chat message, resolved (at most ``limit``)."""
    text, limit = INLINE_TEXT.read(), INLINE_LIMIT.read()
    return read(views.inline_cards(kb_session(), text, limit))


# ------------------------------------------------------------------------------------ rulebooks, rulings


@bp.get("/sources")
@takes(PAGE, LIMIT)
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
@takes(PAGE, LIMIT)
def section_rulings(section_id: str):
    """The rulings filed against a rule section, newest first, paginated."""
    return list_object(views.section_rulings(kb_session(), section_id))


@bp.get("/rulings/<path:ruling_id>")
def ruling(ruling_id: str):
    """One ruling with the cards it involves and the rule sections it is about."""
    return read(views.ruling_view(kb_session(), ruling_id))


@bp.get("/conflicts")
@takes(PAGE, LIMIT)
def conflicts():
    """Every point on which the rulebooks disagree, with each side's section and position."""
    return list_object(views.conflicts_view(kb_session()))


# ---------------------------------------------------------------------------------------------- graph


@bp.get("/graph/related")
@takes(NODE, NODE_KINDS_PARAM, DEPTH, GRAPH_LIMIT)
def graph_related():
    """The neighbourhood of one node (``card:<id>``, ``section:<id>``, ``ruling:<id>`` ...) as node-link."""
    text, kinds, depth, limit = NODE.read(), NODE_KINDS_PARAM.read(), DEPTH.read(), GRAPH_LIMIT.read()
    graph = kb_graph()
    node = parse_node(graph, text, kb_session())
    return read(views.neighbourhood(graph, node, kinds=kinds, depth=depth, limit=limit))


@bp.get("/graph/path")
@takes(PATH_A, PATH_B)
def graph_path():
    """How two nodes are connected: the shortest explained path between ``a`` and ``b``."""
    text_a, text_b = PATH_A.read(), PATH_B.read()
    graph = kb_graph()
    a = parse_node(graph, text_a, kb_session())
    b = parse_node(graph, text_b, kb_session())
    steps = explain(graph, a, b)
    return read({"object": "path", "from": describe_node(graph, a), "to": describe_node(graph, b),
                 "connected": bool(steps) or a == b, "length": len(steps), "data": steps})


# ----------------------------------------------------------------------------------------------- ask


@bp.get("/ask")
@takes(ASK_Q)
def ask_get():
    """Answer a plain-language question (``q=``), saying how it was understood."""
    question = ASK_Q.read()
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


@bp.get("/scenario")
@takes(SCENARIO_Q)
def scenario():
    """A simulator question given as JSON in ``q=`` (the scenario page's twin), answered with its replay."""
    question = scenario_question()
    return read(dict(engine.ask(kb_session(), question, kb_path=kb_dir()), question=question))


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
