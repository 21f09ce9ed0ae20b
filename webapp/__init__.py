"""The web app for judges (HTML pages) and the JSON API for bots, on one built knowledge base.

``create_app(config=None)`` builds the Flask app.  The knowledge base directory comes from
``config["KB_PATH"]``, else ``$KB_PATH``, else ``data/kb``.  Each request gets one read-only session
(:func:`kb_session`, kept on :data:`flask.g` and closed at teardown); the engine behind it, the graph and
the resolved knowledge-base version are cached per worker process and refreshed when ``kb build`` swaps a
new version in.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, current_app, g, request
from sqlmodel import Session

from kb.config import default_kb_path
from kb.db import make_engine, store_path
from kb.errors import KnowledgeBaseMissingError

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "SECURITY_HEADERS",
    "create_app",
    "kb_dir",
    "kb_graph",
    "kb_session",
    "kb_version",
]

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}

DEFAULT_CONFIG = {
    "KB_VERSION_CHECK_SECONDS": 1.0,  # how often a worker looks whether `kb build` swapped in a version
    "MAX_CONTENT_LENGTH": 64 * 1024,  # request bodies above this get 413 in the error envelope
    "JSON_SORT_KEYS": False,
    "CACHE_MAX_AGE": 300,  # seconds, for Cache-Control on read routes
}


@dataclass
class _KbHandle:
    """Per-process cache of what is costly to open: the engine and the graph of the current version."""

    kb_path: Path
    lock: threading.Lock = field(default_factory=threading.Lock)
    version_dir: Path | None = None
    version: str = ""
    engine: object = None
    graph: object = None
    pid: int = 0
    next_check: float = 0.0
    check_every: float = 1.0

    def refresh(self) -> None:
        """Re-open when the knowledge-base symlink points at a new version (or after a fork); the link
        is looked at no more than once per ``check_every`` seconds."""
        now = time.monotonic()
        if self.pid == os.getpid() and self.engine is not None and now < self.next_check:
            return
        self.next_check = now + self.check_every
        resolved = Path(os.path.realpath(self.kb_path))
        if resolved == self.version_dir and self.pid == os.getpid() and self.engine is not None:
            return
        with self.lock:
            if resolved == self.version_dir and self.pid == os.getpid() and self.engine is not None:
                return
            store = store_path(resolved)
            if not store.exists():
                raise KnowledgeBaseMissingError(
                    f"no knowledge base at {self.kb_path} (run `kb build` first)")
            engine = make_engine(store, readonly=True)
            stat = store.stat()
            if self.engine is not None and self.pid == os.getpid():
                self.engine.dispose()
            self.engine, self.graph, self.pid = engine, None, os.getpid()
            self.version_dir = resolved
            self.version = hashlib.sha1(f"{resolved}:{stat.st_mtime_ns}:{stat.st_size}".encode()
                                        ).hexdigest()[:16]


def _handle() -> _KbHandle:
    handle = current_app.extensions["kb"]
    handle.refresh()
    return handle


def kb_session() -> Session:
    """The read-only knowledge-base session of this request (opened on first use)."""
    if "kb_session" not in g:
        g.kb_session = Session(_handle().engine)
    return g.kb_session


def kb_dir() -> Path:
    """The directory of the knowledge-base version this worker serves (for search and graph)."""
    return _handle().version_dir


def kb_version() -> str:
    """A short fingerprint of the served knowledge-base version (feeds ETags)."""
    return _handle().version


def kb_graph():
    """The knowledge graph of the served version, loaded once per worker process."""
    from kb.graph import load_graph

    handle = _handle()
    if handle.graph is None:
        with handle.lock:
            if handle.graph is None:
                handle.graph = load_graph(handle.version_dir)
    return handle.graph


def create_app(config: dict | None = None) -> Flask:
    """Create and configure the Flask application (see the module docstring for ``KB_PATH``)."""
    app = Flask(__name__)
    app.config.update(DEFAULT_CONFIG)
    app.config["KB_PATH"] = os.environ.get("KB_PATH") or str(default_kb_path())
    if config:
        app.config.update(config)
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    app.extensions["kb"] = _KbHandle(Path(app.config["KB_PATH"]),
                                     check_every=float(app.config["KB_VERSION_CHECK_SECONDS"]))

    from . import api, errors, pages

    errors.register_error_handlers(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)

    @app.teardown_appcontext
    def _close_session(_exc):
        session = g.pop("kb_session", None)
        if session is not None:
            session.close()

    @app.after_request
    def _security_headers(response):
        headers = response.headers
        for name, value in SECURITY_HEADERS.items():
            if name not in headers:
                headers[name] = value
        if request.path.startswith("/api/"):
            response.headers.setdefault("Access-Control-Allow-Origin", "*")
        return response

    return app
