"""Opening a knowledge base: a directory holding ``kb.sqlite`` (the store) and ``index/`` (search)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event
from sqlmodel import Session, SQLModel, create_engine

from . import models  # noqa: F401  (registers the tables)
from .config import default_kb_path
from .errors import KnowledgeBaseMissingError

__all__ = ["STORE_FILE", "INDEX_DIR", "store_path", "index_path", "make_engine", "open_session",
           "session_scope", "create_tables"]

STORE_FILE = "kb.sqlite"
INDEX_DIR = "index"


def store_path(kb_path: Path | str | None = None) -> Path:
    """The SQLite file of a knowledge base directory."""
    return Path(kb_path or default_kb_path()) / STORE_FILE


def index_path(kb_path: Path | str | None = None) -> Path:
    """The whoosh index directory of a knowledge base directory."""
    return Path(kb_path or default_kb_path()) / INDEX_DIR


def make_engine(sqlite_file: Path | str, *, readonly: bool = False):
    """An SQLAlchemy engine on one SQLite file (read-only opens never create or change it)."""
    sqlite_file = Path(sqlite_file)
    if readonly:
        if not sqlite_file.exists():
            raise KnowledgeBaseMissingError(
                f"no knowledge base at {sqlite_file.parent} (run `kb build` first)")
        url = f"sqlite:///file:{sqlite_file.resolve()}?mode=ro&uri=true"
    else:
        url = f"sqlite:///{sqlite_file}"
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection, _record):  # pragma: no cover - trivial
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=OFF")
        if not readonly:
            # WAL: background build jobs read while the build writes; folded back before the swap
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=OFF")
        cursor.close()

    return engine


def create_tables(engine) -> None:
    """Create every table of :mod:`kb.models`."""
    SQLModel.metadata.create_all(engine)


def open_session(kb_path: Path | str | None = None) -> Session:
    """A read-only session on a built knowledge base."""
    return Session(make_engine(store_path(kb_path), readonly=True))


@contextmanager
def session_scope(kb_path: Path | str | None = None):
    """``with session_scope(path) as session:`` a read-only session, closed afterwards."""
    session = open_session(kb_path)
    try:
        yield session
    finally:
        session.close()
        session.get_bind().dispose()
