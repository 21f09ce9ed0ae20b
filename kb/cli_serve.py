"""``kb serve``: the web app and JSON API under gunicorn (a real WSGI server with several workers).

The app is created once in the gunicorn master, which loads what every worker reads but never changes
(the graph, the card-name index, the rulebook index) before forking, so that workers share it and start warm.  Each worker
opens its own SQLite connections and search index after the fork.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .cli import err_console, kb_path_of
from .db import store_path
from .errors import KbError, KnowledgeBaseMissingError

__all__ = ["DEFAULT_WORKER_CLASS", "WORKER_CLASSES", "default_workers", "gunicorn_options", "register",
           "serve_app", "warm_up"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def default_workers() -> int:
    """Two workers per core (requests mostly wait on SQLite and the search index), at most eight."""
    return max(2, min(8, 2 * (os.cpu_count() or 1)))


def warm_up(app) -> None:
    """Load the fork-safe, read-only caches (graph, card-name index, the question's card-name scanner and
    shortened names, the rulebook index of unknown answers, the readers' pattern tables) so that forked
    workers share them (a worker's first question no longer builds the scanner: seconds)."""
    from webapp import kb_graph, kb_session

    from .cards import name_index
    from .understand.mentions import mention_index
    from .understand.rulebook_index import rulebook_index
    from .understand.short_names import short_names
    from .understand.warm import warm_patterns

    warm_patterns()  # compiled from the readers' word files only: no knowledge base state before the fork

    with app.app_context():
        kb_graph()
        name_index(kb_session())
        short_names(kb_session(), mention_index(kb_session()))
        rulebook_index(kb_session())


# Worker classes `kb serve` offers.  gevent is the default: each connection is a greenlet, so a client
# that sends half a request, or nothing, costs a few kilobytes and never a worker or a thread; reading a
# request's line and headers is bounded by the keep-alive timeout (gunicorn's async workers wrap each
# read of a request head in it), after which the connection is closed.  sync and gthread are kept for
# comparison: under them one idle or slow client per worker (sync) or per thread (gthread) stalls every
# other request (see docs/web-and-api.md).
WORKER_CLASSES = ("gevent", "gthread", "sync")
DEFAULT_WORKER_CLASS = "gevent"
KEEPALIVE_SECONDS = 5  # an idle kept-alive connection, or a request head not complete, is closed after this
WORKER_CONNECTIONS = 1000  # open connections one gevent worker holds at most
# Request limits gunicorn enforces itself (before the app): within them, every request reaches the app
# and gets its answers in the error envelope.  Query strings are limited by the app to 500 characters per
# text parameter, so a line of 8190 bytes is never the limit a valid request meets.
LIMIT_REQUEST_LINE = 8190
LIMIT_REQUEST_FIELDS = 100
LIMIT_REQUEST_FIELD_SIZE = 8190


def _patch_for_gevent() -> None:
    """Patch the standard library for gevent before the app and its caches are made, so that every lock,
    socket and connection pool the forked workers inherit cooperates with gevent (gunicorn's own patch,
    in each worker, comes too late for what the master preloads).  The server speaks plain HTTP, so the
    note that ``ssl`` was imported earlier (by HTTP client libraries the CLI loads) does not apply."""
    import warnings

    from gevent import monkey

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", monkey.MonkeyPatchWarning)
        monkey.patch_all()


def gunicorn_options(*, host: str, port: int, workers: int | None, worker_class: str, threads: int,
                     access_log: bool, timeout: int) -> dict:
    """The gunicorn settings of ``kb serve`` (see the constants above)."""
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers or default_workers(),
        "worker_class": worker_class,
        "threads": threads if worker_class == "gthread" else 1,
        "worker_connections": WORKER_CONNECTIONS,
        "keepalive": KEEPALIVE_SECONDS,
        "timeout": timeout,
        "graceful_timeout": 10,
        "preload_app": True,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "limit_request_line": LIMIT_REQUEST_LINE,
        "limit_request_fields": LIMIT_REQUEST_FIELDS,
        "limit_request_field_size": LIMIT_REQUEST_FIELD_SIZE,
        "proc_name": "kb-serve",
        "control_socket_disable": True,  # several servers (tests, bench) may run side by side
    }


def serve_app(kb_path: Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
              workers: int | None = None, worker_class: str = DEFAULT_WORKER_CLASS, threads: int = 4,
              access_log: bool = True, timeout: int = 60) -> None:
    """Run the web app on ``kb_path`` under gunicorn until interrupted.

    :raises KnowledgeBaseMissingError: when no knowledge base has been built at ``kb_path``.
    """
    if not store_path(kb_path).exists():
        raise KnowledgeBaseMissingError(f"no knowledge base at {kb_path} (run `kb build` first)")
    if worker_class == "gevent":
        _patch_for_gevent()
    from gunicorn.app.base import BaseApplication

    from webapp import create_app

    app = create_app({"KB_PATH": str(kb_path)})
    warm_up(app)  # also fails early, with a clear message, when there is no knowledge base
    options = gunicorn_options(host=host, port=port, workers=workers, worker_class=worker_class,
                               threads=threads, access_log=access_log, timeout=timeout)

    class _Server(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                if value is not None and key in self.cfg.settings:
                    self.cfg.set(key, value)

        def load(self):
            return app

    _Server().run()


@click.command("serve")
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Address to listen on.")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help=f"Worker processes (default: two per core, at most eight; here {default_workers()}).")
@click.option("--worker-class", type=click.Choice(WORKER_CLASSES), default=DEFAULT_WORKER_CLASS,
              show_default=True, help="gunicorn worker class (gevent: idle or slow clients cost no worker).")
@click.option("--threads", type=click.IntRange(1, 64), default=4, show_default=True,
              help="Threads per worker (gthread only).")
@click.option("--no-access-log", is_flag=True, help="Do not log each request.")
@click.pass_context
def serve_command(ctx, host, port, workers, worker_class, threads, no_access_log):
    """Serve the web app and the JSON API on the built knowledge base (under gunicorn)."""
    kb_path = kb_path_of(ctx)
    err_console.print(f"serving {kb_path} on http://{host}:{port}/ (API: /api/v1/, docs: /docs/api)",
                      highlight=False)
    try:
        serve_app(kb_path, host=host, port=port, workers=workers, worker_class=worker_class,
                  threads=threads, access_log=not no_access_log)
    except KbError as exc:
        err_console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise SystemExit(1) from None


def register(cli) -> None:
    """Add ``serve`` to the ``kb`` command group."""
    cli.add_command(serve_command)
