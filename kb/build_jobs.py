"""The ``search-index`` build step: the search index written by a background process forked at the start.

The job is forked before the first step, so that importing the search modules (whoosh, numpy, the
analyzer) takes the core the build leaves free while it reads the cards; importing them in the build
process would delay every later step.  It indexes the sections, terms and cards once the ``aliases`` step
has stored the last of them, and the rulings once ``links`` has (:func:`kb.search.writing.write_index`).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["start_search_index"]


def _search_index_job(kb_dir: Path, ready) -> dict:
    """Background build job: :func:`kb.search.writing.write_index_job` once ``aliases`` is committed
    (``ready(step)`` waits for a step), reading the rulings after ``links``."""
    from .search.writing import write_index_job

    ready("aliases")
    return write_index_job(kb_dir, lambda: ready("links"))


def start_search_index(ctx) -> None:
    """Build step: fork the search index job (see the module doc); the build joins it before validating."""
    ctx.spawn("search", _search_index_job, after=("aliases", "links"))
