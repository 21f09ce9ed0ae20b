"""The ``search-index`` build step: the search index written by a background process forked at the start.

The job is forked before the first step, so that importing the search modules (whoosh, numpy, the
analyzer) takes the core the build leaves free while it reads the cards; importing them in the build
process would delay every later step.  It reads each part of the index as soon as the step that stores it
has been committed: the cards' documents are analysed once ``cards`` is, the sections and terms indexed
once ``rulebooks`` is, the cards once ``aliases`` is, the rulings once ``rulings`` is (then the postings
of every field but the sections' linked cards are written), the linked cards once ``links`` is
(:func:`kb.search.writing.write_index`).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["start_search_index", "SEARCH_INDEX_STEPS"]

# the build steps whose records the index reads, in the order it reads them
SEARCH_INDEX_STEPS = ("cards", "rulebooks", "aliases", "rulings", "links")


def _search_index_job(kb_dir: Path, ready) -> dict:
    """Background build job: :func:`kb.search.writing.write_index_job`, ``ready(step)`` waiting for a step."""
    from .search.writing import write_index_job

    return write_index_job(kb_dir, ready)


def start_search_index(ctx) -> None:
    """Build step: fork the search index job (see the module doc); the build joins it before validating."""
    ctx.spawn("search", _search_index_job, after=SEARCH_INDEX_STEPS)
