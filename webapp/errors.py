"""One error object for the whole web layer, and the handlers that produce it.

Every failure of an ``/api`` route, whatever raised it, reaches the client as::

    {"object": "error", "status": 400, "type": "bad_request", "details": "...", "candidates": [...]}

``type`` is ``bad_request`` (a parameter or body the API cannot use; also 405/413), ``not_found`` (an
unknown id, name or route: ``candidates`` then holds close matches), ``ambiguous`` (a name that fits
several cards: ``candidates`` holds them) or ``server_error`` (a fault of ours, never expected).  HTML pages
show the same facts on an error page with the candidates as links.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from sqlalchemy.exc import DatabaseError
from werkzeug.exceptions import HTTPException

from kb.errors import (
    AmbiguousError,
    BadQuestionError,
    InvalidQueryError,
    KbError,
    KnowledgeBaseMissingError,
    NotFoundError,
)

__all__ = [
    "ERROR_TYPES",
    "ApiError",
    "error_body",
    "error_from_kb",
    "register_error_handlers",
    "wants_json",
]

log = logging.getLogger(__name__)

ERROR_TYPES = ("bad_request", "not_found", "ambiguous", "server_error")

# the error type of an HTTP status that did not come from a KbError
_TYPE_OF_STATUS = {404: "not_found", 500: "server_error", 503: "server_error"}


class ApiError(Exception):
    """An error the web layer raises itself (a bad parameter, a body too large ...)."""

    def __init__(self, details: str, *, status: int = 400, type: str = "bad_request",
                 candidates: list | None = None):
        super().__init__(details)
        self.details, self.status, self.type = details, status, type
        self.candidates = list(candidates or [])


def _candidate_label(candidate) -> str:
    """A candidate (a name, a card dict or record, an id) as the string clients show."""
    if isinstance(candidate, str):
        return candidate
    if isinstance(candidate, dict):
        for key in ("name", "title", "id"):
            if candidate.get(key) is not None:
                return str(candidate[key])
    for attribute in ("name", "title", "id"):
        value = getattr(candidate, attribute, None)
        if value is not None:
            return str(value)
    return str(candidate)


def error_body(status: int, type: str, details: str, candidates: list | None = None) -> dict:
    """The error object (see the module docstring)."""
    return {"object": "error", "status": status, "type": type, "details": details,
            "candidates": [_candidate_label(c) for c in (candidates or [])]}


def error_from_kb(error: KbError) -> ApiError:
    """Map a knowledge-base error to the status, type and candidates the API answers with."""
    if isinstance(error, AmbiguousError):
        return ApiError(str(error), status=400, type="ambiguous", candidates=error.candidates)
    if isinstance(error, NotFoundError):
        return ApiError(str(error), status=404, type="not_found", candidates=error.suggestions)
    if isinstance(error, (InvalidQueryError, BadQuestionError)):
        return ApiError(str(error), status=400)
    if isinstance(error, KnowledgeBaseMissingError):
        return ApiError(str(error), status=503, type="server_error")
    return ApiError(str(error), status=400)


def wants_json() -> bool:
    """True for API routes (and clients that prefer JSON to HTML)."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > \
        request.accept_mimetypes["text/html"]


# page endpoint -> (endpoint, argument) that a candidate of its errors links to
_CANDIDATE_LINKS = {
    "pages.section": ("pages.section", "section_id"),
    "pages.ruling": ("pages.ruling", "ruling_id"),
    "pages.toc": ("pages.toc", "source_id"),
}


def _respond(error: ApiError) -> Response:
    body = error_body(error.status, error.type, error.details, error.candidates)
    if wants_json():
        response = jsonify(body)
    else:
        link = _CANDIDATE_LINKS.get(request.endpoint or "", ("pages.card_lookup", "name"))
        response = Response(render_template("error.html", error=body, candidate_link=link),
                            mimetype="text/html")
    response.status_code = error.status
    response.headers["Cache-Control"] = "no-store"
    return response


def register_error_handlers(app: Flask) -> None:
    """Route every error the app can meet through :func:`_respond`."""

    @app.errorhandler(ApiError)
    def _api_error(error: ApiError):
        return _respond(error)

    @app.errorhandler(KbError)
    def _kb_error(error: KbError):
        return _respond(error_from_kb(error))

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException):
        status = error.code or 500
        if status == 404:
            details = f"no such route: {request.path}"
        elif status == 405:
            details = f"method {request.method} is not allowed on {request.path}"
        elif status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH")
            details = f"request body too large (the limit is {limit} bytes)"
        else:
            details = error.description or error.name
        response = _respond(ApiError(details, status=status,
                                     type=_TYPE_OF_STATUS.get(status, "bad_request")))
        if status == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(DatabaseError)
    def _store_error(error: DatabaseError):
        # a damaged or emptied kb.sqlite (or one SQLite cannot read now): the service is unavailable
        log.error("knowledge base unreadable on %s: %s", request.path, error)
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        return _respond(ApiError(f"the knowledge base cannot be read ({reason}); rebuild it with "
                                 "`kb build`", status=503, type="server_error"))

    @app.errorhandler(Exception)
    def _unexpected(error: Exception):  # pragma: no cover - a bug of ours, logged with its traceback
        log.exception("unhandled error on %s", request.path)
        return _respond(ApiError("internal error: the fault is ours, and it has been logged",
                                 status=500, type="server_error"))
