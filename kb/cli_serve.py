"""``kb serve``: the web app and JSON API under gunicorn (a real WSGI server with several workers).

The app is created once in the gunicorn master, which loads what every worker reads but never changes
(the graph, the card-name index) before forking, so that workers share it and start warm.  Each worker
opens its own SQLite connections and search index after the fork.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .cli import err_console, kb_path_of
from .errors import KbError

__all__ = ["default_workers", "register", "serve_app", "warm_up"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def default_workers() -> int:
    """Two workers per core (requests mostly wait on SQLite and the search index), at most eight."""
    return max(2, min(8, 2 * (os.cpu_count() or 1)))


def warm_up(app) -> None:
    """Load the fork-safe, read-only caches (graph, card-name index) so that forked workers share them."""
    from webapp import kb_graph, kb_session

    from .cards import name_index

    with app.app_context():
        kb_graph()
        name_index(kb_session())


def serve_app(kb_path: Path, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
              workers: int | None = None, threads: int = 1, access_log: bool = True,
              timeout: int = 60) -> None:
    """Run the web app on ``kb_path`` under gunicorn until interrupted.

    :raises KnowledgeBaseMissingError: when no knowledge base has been built at ``kb_path``.
    """
    from gunicorn.app.base import BaseApplication

    from webapp import create_app

    app = create_app({"KB_PATH": str(kb_path)})
    warm_up(app)  # also fails early, with a clear message, when there is no knowledge base
    options = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers or default_workers(),
        "threads": threads,
        "worker_class": "gthread" if threads > 1 else "sync",
        "timeout": timeout,
        "graceful_timeout": 10,
        "preload_app": True,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "limit_request_line": 8190,
        "proc_name": "kb-serve",
        "control_socket_disable": True,  # several servers (tests, bench) may run side by side
    }

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
@click.option("--threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Threads per worker (more than one uses gunicorn's gthread workers).")
@click.option("--no-access-log", is_flag=True, help="Do not log each request.")
@click.pass_context
def serve_command(ctx, host, port, workers, threads, no_access_log):
    """Serve the web app and the JSON API on the built knowledge base (under gunicorn)."""
    kb_path = kb_path_of(ctx)
    err_console.print(f"serving {kb_path} on http://{host}:{port}/ (API: /api/v1/, docs: /docs/api)",
                      highlight=False)
    try:
        serve_app(kb_path, host=host, port=port, workers=workers, threads=threads,
                  access_log=not no_access_log)
    except KbError as exc:
        err_console.print(f"[red]error:[/red] {exc}", highlight=False)
        raise SystemExit(1) from None


def register(cli) -> None:
    """Add ``serve`` to the ``kb`` command group."""
    cli.add_command(serve_command)
