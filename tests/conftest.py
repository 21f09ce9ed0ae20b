"""Shared fixtures: knowledge bases built once per test session into temporary directories."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kb.build import build
from kb.config import ensure_datasets, external_data_dir
from kb.db import open_session


def _quiet(_message: str) -> None:
    pass


@pytest.fixture(scope="session")
def rulebook_kb(tmp_path_factory):
    """A knowledge base with only the rulebook steps (fast): its directory path."""
    path = tmp_path_factory.mktemp("rulebooks") / "kb"
    build(path, steps=["rulebooks", "validate"], log=_quiet)
    return path


@pytest.fixture()
def rulebook_session(rulebook_kb):
    """A read-only session on the rulebook-only knowledge base."""
    session = open_session(rulebook_kb)
    yield session
    session.close()


@pytest.fixture(scope="session")
def datasets():
    """The external datasets directory, put in place if needed."""
    return ensure_datasets(external_data_dir(), log=_quiet)


@pytest.fixture(scope="session")
def full_kb(tmp_path_factory, datasets):
    """The complete knowledge base (every build step): its directory path.

    ``$KB_TEST_FULL_KB`` names an already built knowledge base to use instead (a developer's shortcut for
    running a few tests; CI leaves it unset and builds from the sources).
    """
    prebuilt = os.environ.get("KB_TEST_FULL_KB")
    if prebuilt:
        return Path(prebuilt)
    path = tmp_path_factory.mktemp("full") / "kb"
    build(path, data_dir=datasets, log=_quiet)
    return path


@pytest.fixture()
def session(full_kb):
    """A read-only session on the complete knowledge base."""
    s = open_session(full_kb)
    yield s
    s.close()
