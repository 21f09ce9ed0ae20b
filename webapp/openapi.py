"""The OpenAPI 3.1 document of the JSON API (served at ``/api/v1/openapi.json``, rendered at ``/docs/api``).

The query parameters of each operation are described from the same :class:`webapp.params.Param` objects
the route reads them with (``view.params``, set by :func:`webapp.params.takes`), so what a route accepts
and what the document says cannot drift apart; the answer schemas are :data:`SCHEMAS`.  What the HTTP
server answers itself (414, 431, and its own page for a request that is not HTTP) is documented on every
operation.  The tests run schemathesis with every check against this document.
"""

from __future__ import annotations

import copy
import functools

from kb.engine.questions import KINDS as QUESTION_KINDS
from kb.search import KINDS as SEARCH_KINDS
from kb.views import BULK_KINDS

from .errors import ERROR_TYPES
from . import api
from .params import BOOLEAN_WORDS, NO_NUL, NOT_BLANK
from .questions import MAX_CHAIN_LINKS, MOMENT_CHOICES, STATE_CHOICES

__all__ = ["OPERATIONS", "SCHEMAS", "openapi_document"]


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _nullable(type_: str) -> dict:
    return {"type": [type_, "null"]}


def _list_of(item: dict, **extra_properties) -> dict:
    """A list object (see :func:`kb.views.page_of`) whose ``data`` holds ``item``."""
    return {"allOf": [_ref("ListMeta"), {"type": "object", "required": ["data"],
                                         "properties": {"data": {"type": "array", "items": item},
                                                        **extra_properties}}]}


_STRINGS = {"type": "array", "items": {"type": "string"}}
_STAT = {"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["?"]}, {"type": "null"}]}

SCHEMAS: dict[str, dict] = {
    "Error": {
        "type": "object", "required": ["object", "status", "type", "details", "candidates"],
        "properties": {"object": {"const": "error"}, "status": {"type": "integer"},
                       "type": {"enum": list(ERROR_TYPES)}, "details": {"type": "string"},
                       "candidates": _STRINGS},
    },
    "ListMeta": {
        "type": "object", "required": ["object", "total", "page", "pages", "per_page", "has_more"],
        "properties": {"object": {"const": "list"}, "total": {"type": "integer", "minimum": 0},
                       "page": {"type": "integer", "minimum": 1}, "pages": {"type": "integer", "minimum": 1},
                       "per_page": {"type": "integer", "minimum": 1}, "has_more": {"type": "boolean"}},
    },
    "Card": {
        "type": "object",
        "required": ["id", "name", "card_type", "text", "limits", "passwords"],
        "properties": {
            "id": {"type": "integer"}, "konami_id": _nullable("integer"),
            "passwords": {"type": "array", "items": {"type": "integer"}},
            "name": {"type": "string"}, "name_ja": {"type": "string"},
            "card_type": {"type": "string"}, "property": _nullable("string"),
            "monster_type": _nullable("string"), "abilities": _STRINGS, "attribute": _nullable("string"),
            "level": _nullable("integer"), "rank": _nullable("integer"), "link_rating": _nullable("integer"),
            "link_arrows": _STRINGS, "atk": _STAT, "def": _STAT, "scale": _nullable("integer"),
            "text": {"type": "string"}, "pendulum_text": {"type": "string"}, "materials": {"type": "string"},
            "series": _STRINGS,
            "limits": {"type": "object", "required": ["tcg", "ocg"],
                       "properties": {"tcg": _nullable("string"), "ocg": _nullable("string")}},
        },
    },
    "Ruling": {
        "type": "object", "required": ["id", "source", "region", "answer", "date"],
        "properties": {"id": {"type": "string"}, "source": {"type": "string"}, "region": {"type": "string"},
                       "kind": {"type": "string"}, "title": {"type": "string"},
                       "question": {"type": "string"}, "answer": {"type": "string"},
                       "date": _nullable("string"), "status": {"type": "string"}, "url": {"type": "string"},
                       "language": {"type": "string"}, "role": {"type": "string"}},
    },
    "RulingPage": {
        "allOf": [_ref("Ruling"), {
            "type": "object", "required": ["cards", "sections"],
            "properties": {
                "cards": {"type": "array", "items": {
                    "type": "object", "required": ["id", "name", "role"],
                    "properties": {"id": {"type": "integer"}, "name": _nullable("string"),
                                   "role": {"type": "string"}}}},
                "sections": {"type": "array", "items": _ref("SectionSummary")}}}],
    },
    "SectionSummary": {
        "type": "object", "required": ["id", "source", "title", "level", "kind"],
        "properties": {"id": {"type": "string"}, "source": {"type": "string"},
                       "number": _nullable("string"), "title": {"type": "string"},
                       "parent": _nullable("string"), "level": {"type": "integer"}, "kind": {"type": "string"},
                       "pages": {"type": ["array", "null"], "items": {"type": "integer"}}},
    },
    "Conflict": {
        "type": "object", "required": ["id", "topic", "summary", "sides"],
        "properties": {"id": {"type": "string"}, "topic": {"type": "string"}, "summary": {"type": "string"},
                       "sides": {"type": "array", "items": {
                           "type": "object", "required": ["section", "position"],
                           "properties": {"section": {"type": "object"}, "position": {"type": "string"}}}}},
    },
    "Section": {
        "allOf": [_ref("SectionSummary"), {
            "type": "object",
            "required": ["text", "children", "references", "terms", "cards", "breadcrumbs", "previous",
                         "next", "same_topic", "conflicts", "rulings"],
            "properties": {
                "text": {"type": "string"}, "line": _nullable("integer"),
                "duplicate_of": _nullable("string"),
                "children": {"type": "array", "items": _ref("SectionSummary")},
                "breadcrumbs": {"type": "array", "items": _ref("SectionSummary")},
                "previous": {"oneOf": [_ref("SectionSummary"), {"type": "null"}]},
                "next": {"oneOf": [_ref("SectionSummary"), {"type": "null"}]},
                "references": {"type": "array", "items": {
                    "type": "object", "required": ["raw", "kind", "target"],
                    "properties": {"raw": {"type": "string"}, "kind": {"type": "string"},
                                   "target": _nullable("string"), "target_title": _nullable("string")}}},
                "terms": {"type": "array", "items": {"type": "object"}},
                "cards": {"type": "array", "items": {
                    "type": "object", "required": ["raw", "card_id"],
                    "properties": {"raw": {"type": "string"}, "card_id": _nullable("integer"),
                                   "name": _nullable("string")}}},
                "same_topic": {"type": "array", "items": _ref("SectionSummary")},
                "conflicts": {"type": "array", "items": _ref("Conflict")},
                "rulings": {"type": "array", "items": _ref("Ruling")},
                "rulings_total": {"type": "integer"}}}],
    },
    "Source": {
        "type": "object", "required": ["id", "title", "region", "sections"],
        "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "edition": {"type": "string"},
                       "region": {"type": "string"}, "date": {"type": "string"}, "origin": {"type": "string"},
                       "sections": {"type": "integer"}},
    },
    "Toc": {
        "type": "object", "required": ["object", "source", "sections"],
        "properties": {"object": {"const": "toc"}, "source": _ref("Source"),
                       "sections": {"type": "array", "items": _ref("SectionSummary")}},
    },
    "GraphNode": {
        "type": "object", "required": ["node", "kind", "id", "label"],
        "properties": {"node": {"type": "string"}, "kind": {"type": "string"},
                       "id": {"type": ["string", "integer"]}, "label": {"type": "string"}},
    },
    "Neighbourhood": {
        "type": "object", "required": ["object", "node", "total", "counts", "data"],
        "properties": {
            "object": {"const": "graph"}, "node": _ref("GraphNode"), "total": {"type": "integer"},
            "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
            "data": {"type": "array", "items": {"allOf": [_ref("GraphNode"), {
                "type": "object", "required": ["distance", "edge", "direction", "via"],
                "properties": {"distance": {"type": "integer"}, "edge": {"type": "string"},
                               "direction": {"enum": ["in", "out"]}, "via": {"type": "string"},
                               "detail": {"type": ["string", "null"]}}}]}}},
    },
    "Path": {
        "type": "object", "required": ["object", "from", "to", "connected", "length", "data"],
        "properties": {
            "object": {"const": "path"}, "from": _ref("GraphNode"), "to": _ref("GraphNode"),
            "connected": {"type": "boolean"}, "length": {"type": "integer"},
            "data": {"type": "array", "items": {
                "type": "object", "required": ["from", "to", "edge", "direction", "text"],
                "properties": {"from": _ref("GraphNode"), "to": _ref("GraphNode"), "edge": {"type": "string"},
                               "direction": {"enum": ["forward", "backward"]}, "text": {"type": "string"}}}}},
    },
    "CardPage": {
        "type": "object", "required": ["object", "card", "profile", "rulings", "sections"],
        "properties": {"object": {"const": "card_page"}, "card": _ref("Card"),
                       "profile": {"type": "array", "items": {"type": "object"}},
                       "rulings": {"type": "array", "items": _ref("Ruling")},
                       "sections": {"type": "array", "items": _ref("SectionSummary")},
                       "neighbourhood": _ref("Neighbourhood")},
    },
    "SearchResult": {
        "type": "object", "required": ["kind", "id", "title", "snippet", "score"],
        "properties": {"kind": {"enum": list(SEARCH_KINDS)},
                       "id": {"type": ["string", "integer"]}, "title": {"type": "string"},
                       "snippet": {"type": "string"}, "snippet_html": {"type": "string"},
                       "score": {"type": "number"}},
    },
    "Answer": {
        "type": "object",
        "properties": {
            "answer": {"type": "string"}, "explanation": {"type": "string"},
            "steps": {"type": "array", "items": {
                "type": "object", "required": ["check", "result", "cites"],
                "properties": {"check": {"type": "string"}, "result": {"type": "string"},
                               "detail": {"type": "string"},
                               "cites": dict(_STRINGS, maxItems=3,
                                             description="rule section ids, best first (at most three)"),
                               "quote": {"type": "object", "required": ["id", "text"],
                                         "description": "the sentence of the deciding rule, verbatim in "
                                                        "section id (one of cites)",
                                         "properties": {"id": {"type": "string"},
                                                        "text": {"type": "string"}}}}}},
            "assumed": _STRINGS, "rulings": _STRINGS, "card": {"type": ["string", "null"]},
            "ruling_details": {"type": "array", "description": "the rulings, in the same order, each with a "
                                                               "one-line excerpt, source and date",
                               "items": {"type": "object", "required": ["id", "excerpt", "source", "date"],
                                         "properties": {"id": {"type": "string"},
                                                        "excerpt": {"type": "string"},
                                                        "source": {"type": "string"},
                                                        "date": {"type": ["string", "null"]},
                                                        "url": {"type": "string"}}}},
            "resolved": {"type": "object"},
            "parsed": {"type": ["object", "null"],
                       "description": "how a plain-language question was understood (null: not understood)"},
            "order": _STRINGS},
    },
    "Inline": {
        "type": "object", "required": ["object", "total", "truncated", "data"],
        "properties": {
            "object": {"const": "list"}, "total": {"type": "integer"}, "truncated": {"type": "boolean"},
            "data": {"type": "array", "items": {
                "type": "object", "required": ["query"],
                "properties": {"query": {"type": "string"}, "card": _ref("Card"),
                               "error": {"type": "object", "required": ["type", "details", "candidates"],
                                         "properties": {"type": {"enum": ["not_found", "ambiguous"]},
                                                        "details": {"type": "string"},
                                                        "candidates": _STRINGS}}}}}},
    },
}

# ------------------------------------------------------------------------------------------ operations


def _param(name: str, where: str = "query", *, schema: dict | None = None, required: bool = False,
           description: str = "", example=None) -> dict:
    out = {"name": name, "in": where, "required": required or where == "path",
           "schema": schema or {"type": "string", "maxLength": 500}, "description": description}
    if example is not None:
        out["example"] = example
    return out


def _query(view) -> list[dict]:
    """The query parameters of a route, described from the :class:`webapp.params.Param` objects the route
    reads them with (see :func:`webapp.params.takes`)."""
    return [param.document() for param in view.params]


def _one_of_names() -> dict:
    """``/cards/named`` takes exactly one of ``exact`` and ``fuzzy``: one exploded object parameter."""
    return {"name": "name", "in": "query", "required": True, "style": "form", "explode": True,
            "description": "exactly one of exact=NAME (the name, ignoring case, spacing and punctuation; "
                           "Japanese names, aliases and passcodes count) and fuzzy=NAME (typos, partial "
                           "words, nicknames such as MST)",
            "schema": {"type": "object", "properties": {param.name: param.schema()
                                                        for param in api.card_named.params},
                       "minProperties": 1, "maxProperties": 1, "additionalProperties": False},
            "example": {"exact": "Pot of Greed"}}


CARD_ID = {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}
# What the HTTP server (gunicorn) answers itself, before the app, as a short text/html page: a request
# line (path and query) over 8190 bytes, more than 100 header fields or one over 8190 bytes, and
# a request that is not HTTP.  Every request within the documented limits fits.
_SERVER_PAGE = {"text/html": {"schema": {"type": "string"}}}
_SERVER_ERRORS = {
    "414": {"description": "request line (path and query string) over 8190 bytes: answered by the HTTP "
                           "server before the app, as a short text/html page", "content": _SERVER_PAGE},
    "431": {"description": "more than 100 header fields, or one over 8190 bytes: answered by the HTTP "
                           "server before the app, as a short text/html page", "content": _SERVER_PAGE},
}
# An operation whose input the knowledge base checks beyond what a JSON schema can say (the query
# language, card names, questions) carries this extension with what is checked: a request valid by the
# schema can still be answered 400 with the details.
SEMANTIC = "x-checked-by-the-knowledge-base"


def _ok(schema: dict, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str) -> dict:
    content = {"application/json": {"schema": _ref("Error")}}
    if description.startswith("bad input"):
        content.update(_SERVER_PAGE)  # a request that is not HTTP at all: the server's own page
    return {"description": description, "content": content}


def _operation(tag: str, summary: str, description: str, ok: dict, *, params=(), errors=(400,),
               cached: bool = True, body: dict | None = None, operation_id: str,
               checked: str | None = None) -> dict:
    responses = {"200": ok}
    if cached:
        responses["304"] = {"description": "Not Modified (the ETag sent in If-None-Match still holds)"}
        ok["headers"] = {"ETag": {"schema": {"type": "string"}},
                         "Cache-Control": {"schema": {"type": "string"}}}
    messages = {400: "bad input (the details name the parameter and value), or an ambiguous name",
                404: "unknown id or name (candidates: close matches)",
                413: "request body too large"}
    for status in errors:
        responses[str(status)] = _error(messages[status])
    responses.update(copy.deepcopy(_SERVER_ERRORS))
    out = {"tags": [tag], "summary": summary, "description": description, "operationId": operation_id,
           "parameters": list(params), "responses": responses}
    if body:
        out["requestBody"] = body
    if checked:
        out[SEMANTIC] = checked
    return out


OPERATIONS: dict[str, dict[str, dict]] = {
    "/api/v1/health": {"get": _operation(
        "meta", "Liveness", "A trivial route that touches nothing: for health checks (and the baseline of "
        "the benchmark).", _ok({"type": "object", "required": ["status"],
                                "properties": {"status": {"const": "ok"}}}),
        errors=(), cached=False, operation_id="health")},
    "/api/v1/stats": {"get": _operation(
        "meta", "Counts", "Counts of every kind of record, facts of the build, and the sources.",
        _ok({"type": "object", "required": ["object", "sources"],
             "properties": {"object": {"const": "stats"}, "sources": {"type": "array",
                                                                     "items": _ref("Source")}}}),
        errors=(), operation_id="stats")},
    "/api/v1/search": {"get": _operation(
        "search", "Full-text search",
        "Search sections, glossary terms, cards and rulings with the query language of docs/search.md "
        "(words, \"phrases\", -not, OR, field filters such as kind:card atk>=2000 source:community). "
        "Results carry a snippet (plain, and HTML with <mark> around matched words); facets count the "
        "matches per kind, source, region and card type; suggestions offer a corrected query when "
        "nothing matched.",
        _ok(_list_of(_ref("SearchResult"), query={"type": "string"},
                     facets={"type": "object", "additionalProperties": {
                         "type": "object", "additionalProperties": {"type": "integer"}}},
                     suggestions=_STRINGS)),
        params=_query(api.search), operation_id="search",
        checked="the query language (an unclosed quote or parenthesis, an unknown filter, a number out of "
                "range) and the source, which must be one the knowledge base holds")},
    "/api/v1/cards/named": {"get": _operation(
        "cards", "One card by name (the chat-bot look-up)",
        "Give exactly one of exact= (the name, ignoring case, spacing and punctuation; Japanese names, "
        "aliases and passcodes count) or fuzzy= (typos, partial words, nicknames such as MST). A name "
        "that fits several cards answers 400 with type ambiguous and the candidates.",
        _ok(_ref("Card")), params=[_one_of_names()], errors=(400, 404), operation_id="cardNamed",
        checked="a name that fits several cards is answered 400 with type ambiguous and the candidates")},
    "/api/v1/cards/autocomplete": {"get": _operation(
        "cards", "Card names for a partly typed name", "Names starting with q first, then word-prefix "
        "matches.", _ok({"type": "object", "required": ["object", "total", "data"],
                         "properties": {"object": {"const": "catalog"}, "total": {"type": "integer"},
                                        "data": _STRINGS}}),
        params=_query(api.card_autocomplete), operation_id="cardAutocomplete")},
    "/api/v1/cards/{card_id}": {"get": _operation(
        "cards", "One card with everything known about it",
        "The card, its effect profile (how the engine reads each effect), its rulings, the rule "
        "sections that name it and its neighbourhood in the graph.",
        _ok(_ref("CardPage")), params=[_param("card_id", "path", schema=CARD_ID, example=4007)],
        errors=(404,), operation_id="card")},
    "/api/v1/cards/{card_id}/rulings": {"get": _operation(
        "cards", "A card's rulings", "Rulings filed under the card first, then the ones involving it; "
        "each with source, region and date.", _ok(_list_of(_ref("Ruling"))),
        params=[_param("card_id", "path", schema=CARD_ID), *_query(api.card_rulings)],
        errors=(400, 404), operation_id="cardRulings")},
    "/api/v1/inline": {"get": _operation(
        "cards", "Cards named in a chat message",
        "Finds [[card names]] in text and resolves each like fuzzy= does; at most limit names "
        "(default 3).", _ok(_ref("Inline")),
        params=_query(api.inline), operation_id="inline")},
    "/api/v1/sources": {"get": _operation(
        "rulebooks", "The rulebooks", "Every bundled rulebook with its metadata and section count.",
        _ok(_list_of(_ref("Source"))), params=_query(api.sources), operation_id="sources")},
    "/api/v1/sources/{source_id}": {"get": _operation(
        "rulebooks", "A rulebook's table of contents", "Every section in reading order, with its level.",
        _ok(_ref("Toc")), params=[_param("source_id", "path", example="community")], errors=(404,),
        operation_id="source")},
    "/api/v1/sections/{section_id}": {"get": _operation(
        "rulebooks", "One rule section",
        "Text, breadcrumbs, previous/next, children, references (resolved to sections where possible), "
        "the same topic in other books, conflicts, terms, cards mentioned and the newest rulings about it "
        "(rulings_total counts them all; /rulings lists them).",
        _ok(_ref("Section")), params=[_param("section_id", "path", example="community:1.2")],
        errors=(404,), operation_id="section")},
    "/api/v1/sections/{section_id}/rulings": {"get": _operation(
        "rulebooks", "The rulings about a section", "Rulings filed against a rule section, newest first.",
        _ok(_list_of(_ref("Ruling"))),
        params=[_param("section_id", "path", example="md:chain"), *_query(api.section_rulings)],
        errors=(400, 404), operation_id="sectionRulings")},
    "/api/v1/rulings/{ruling_id}": {"get": _operation(
        "rulings", "One ruling", "The ruling with its cards (and their roles) and rule sections.",
        _ok(_ref("RulingPage")), params=[_param("ruling_id", "path", example="goat:1")], errors=(404,),
        operation_id="ruling")},
    "/api/v1/conflicts": {"get": _operation(
        "rulebooks", "Where the rulebooks disagree", "Each conflict with its sides.",
        _ok(_list_of(_ref("Conflict"))), params=_query(api.conflicts), operation_id="conflicts")},
    "/api/v1/graph/related": {"get": _operation(
        "graph", "A node's neighbourhood",
        "Nodes within depth steps of a node: a section id (community:7.9.5), card:<name or id>, "
        "ruling:<id>, term:<term>, source:<id>, conflict:<id>.",
        _ok(_ref("Neighbourhood")),
        params=_query(api.graph_related), errors=(400, 404), operation_id="graphRelated",
        checked="the node: an ambiguous card name is answered 400 with the candidates")},
    "/api/v1/graph/path": {"get": _operation(
        "graph", "How two nodes are connected", "The shortest typed path between a and b, step by step.",
        _ok(_ref("Path")),
        params=_query(api.graph_path), errors=(400, 404), operation_id="graphPath",
        checked="the nodes: an ambiguous card name is answered 400 with the candidates")},
    "/api/v1/ask": {
        "get": _operation(
            "engine", "Answer a plain-language question",
            "The question is parsed into a scenario (see SCENARIOS.md) and answered; parsed says how it "
            "was understood. Every step cites rule sections by id.", _ok(_ref("Answer")),
            params=_query(api.ask_get), errors=(400, 404), operation_id="askText",
            checked="the question: one the engine cannot read, or naming a card ambiguously, is answered "
                    "400 with the details"),
        "post": _operation(
            "engine", "Answer a scenario question (JSON)",
            "The body is a question object of SCENARIOS.md: chain, activate, segoc or timing, or negate "
            "(docs/engine.md). Wherever a question takes a card, {\"class\": {\"type\": \"trap\", "
            "\"property\": \"counter\"}} names a hypothetical card of a kind (a generic card; fields type, "
            "property, effect, does, from: docs/engine.md).",
            _ok(_ref("Answer")), cached=False, errors=(400, 404, 413), operation_id="askJson",
            checked="the question: the engine validates every field for its kind (ask), and answers 400 "
                    "naming the field and value",
            body={"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["ask"],
                           "properties": {"ask": {"type": "string", "minLength": 1,
                                                  "description": "the kind of question: "
                                                  + ", ".join(QUESTION_KINDS) + " (and the kinds of "
                                                  "docs/engine.md and docs/simulator.md)"}},
                           "additionalProperties": True},
                "example": {"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"}}}}),
    },
    "/api/v1/chain": {"get": _operation(
        "engine", "The chain checker",
        "Can card be activated as the next chain link after to (repeat to for a longer chain, link 1 "
        "first)? The moment and the asked card's state are optional.", _ok(_ref("Answer")),
        params=[_param("card", required=True,
                       schema={"type": "string", "minLength": 1, "maxLength": 200, "pattern": NOT_BLANK},
                       example="Twin Twisters"),
                {**_param("to", required=True, schema={
                    "type": "array", "minItems": 1, "maxItems": MAX_CHAIN_LINKS,
                    "items": {"type": "string", "maxLength": 200, "pattern": NO_NUL}},
                    description="the chain so far, link 1 first: repeat the parameter once per link "
                                "(blank links are left out)", example=["Pot of Greed"]),
                 "style": "form", "explode": True},
                {**_param("to_controller", schema={
                    "type": "array", "maxItems": MAX_CHAIN_LINKS,
                    "items": {"enum": ["", *STATE_CHOICES["controller"]]}},
                    description="the player who activated each link of to: repeat it in step with to "
                                "(blank for either player)", example=["A"]),
                 "style": "form", "explode": True},
                *[_param(name, schema={"type": "string", "enum": ["", *choices]},
                         description="blank: not given")
                  for name, choices in {**MOMENT_CHOICES, **STATE_CHOICES}.items()],
                _param("set_this_turn", schema={"type": "string", "enum": ["", *BOOLEAN_WORDS]},
                       description="whether the asked card was Set this turn (blank: not given)")],
        errors=(400, 404), operation_id="chain",
        checked="the card names (unknown: 404; ambiguous: 400 with the candidates), and at most one "
                "to_controller per link")},
    "/api/v1/scenario": {"get": _operation(
        "engine", "Run a simulator scenario",
        "q is a simulator question as JSON: {ask: scenario, state, actions, query} (docs/simulator.md). The "
        "answer adds replay (what the simulator did, step by step), outcome for outcome queries, ruleset, "
        "and question (the scenario as read). The JSON twin of the scenario page; scenarios longer than q "
        "allows go to POST /api/v1/ask.", _ok(_ref("Answer")),
        params=_query(api.scenario), errors=(400, 404), operation_id="scenario",
        checked="q: text that is not JSON (with line and column), JSON that is not a scenario question, "
                "and every field of the state and actions (400 naming the field and value; an unknown card 404)")},
    "/api/v1/bulk/{kind}": {"get": _operation(
        "bulk", "Full export of one kind",
        "Every card, ruling or section as one JSON document (streamed): "
        "{object: bulk, kind, version, data: [...]}.",
        _ok({"type": "object", "required": ["object", "kind", "version", "data"],
             "properties": {"object": {"const": "bulk"}, "kind": {"type": "string"},
                            "version": {"type": "string"}, "data": {"type": "array"}}}),
        params=[_param("kind", "path", schema={"enum": list(BULK_KINDS)})],
        errors=(404,), operation_id="bulk")},
}


@functools.lru_cache(maxsize=1)
def _document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Yu-Gi-Oh! rulings knowledge base API",
            "version": "1",
            "description": (
                "Rulebook sections, cards and rulings, linked as a graph and searchable, with a rules "
                "engine that answers scenario questions and cites the sections it applied. Every error "
                "is one object: {object: error, status, type (bad_request | not_found | ambiguous | "
                "server_error), details, candidates}. Read routes send ETag and Cache-Control and answer "
                "304 to a matching If-None-Match. Request bodies are limited to 64 KiB (413)."),
        },
        "servers": [{"url": "/"}],
        "tags": [{"name": name} for name in ("search", "cards", "rulebooks", "rulings", "graph", "engine",
                                             "bulk", "meta")],
        "paths": OPERATIONS,
        "components": {"schemas": SCHEMAS},
    }


def openapi_document() -> dict:
    """The OpenAPI document (a fresh copy: callers may change it)."""
    return copy.deepcopy(_document())
