"""The bounds on the work of one search, in one place for the CLI, the API and the web pages.

Every query goes through :func:`check_query` (from :func:`kb.search.search` and
:func:`kb.search.suggest`), and the typo tolerance of unknown words (:meth:`QueryEvaluator.expansions`)
is bounded by :data:`MAX_FUZZY_CHARS` and :data:`MAX_EXPANSIONS`.  Together they bound a query's time
and memory whatever its text: before them, one random 30,000-character word took 43 s and 932 MB.
"""

from __future__ import annotations

from ..errors import InvalidQueryError

__all__ = ["MAX_QUERY_CHARS", "MAX_FUZZY_CHARS", "MAX_EXPANSIONS", "MAX_SUGGEST_WORD_CHARS", "check_query"]

# The one bound on a query's length: the CLI and search() check it here, and the API takes it for every text
# parameter (webapp.params.MAX_QUERY_LENGTH).  The longest players' question of the dev set has 250.
MAX_QUERY_CHARS = 500
MAX_FUZZY_CHARS = 30  # longer words get no typo tolerance (the longest English words of the corpus are ~25)
MAX_EXPANSIONS = 64  # close spellings of one word looked up per field, closest first
MAX_SUGGEST_WORD_CHARS = 40  # longer words are not corrected by "did you mean"
_ECHO_CHARS = 80  # how much of an over-long query an error repeats


def check_query(q) -> str:
    """``q`` if it is a query string within :data:`MAX_QUERY_CHARS`; else :class:`InvalidQueryError`."""
    if not isinstance(q, str):
        raise InvalidQueryError(f"the query must be a string, got {type(q).__name__}", "", None)
    if len(q) > MAX_QUERY_CHARS:
        echo = q[:_ECHO_CHARS] + "\u2026"
        raise InvalidQueryError(f"the query is {len(q):,} characters long; at most {MAX_QUERY_CHARS:,} are "
                                f"searched", echo, MAX_QUERY_CHARS)
    return q
