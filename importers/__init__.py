"""Parsers that turn the bundled rulebooks and the card/ruling datasets into records.

``RULEBOOKS`` maps each source id to its importer module name; every such module exposes ``SOURCE``
and ``parse(path) -> ParseResult`` (see :mod:`importers.base`).
"""

from __future__ import annotations

import importlib

__all__ = ["RULEBOOKS", "rulebook_importer"]

# source id -> module under importers/ (order = order in the corpus)
RULEBOOKS = {"prb2017": "prb2017", "community": "community", "tcg-v10": "tcg_v10",
             "cr-draft": "cr_draft", "md": "md"}


def rulebook_importer(source_id: str):
    """The importer module of one rulebook source."""
    return importlib.import_module(f"importers.{RULEBOOKS[source_id]}")
