"""Yu-Gi-Oh! rulings knowledge base: rulebooks, cards, rulings, search and a rules engine.

The public API is re-exported here; see the README for the command line.
"""

from .errors import (AmbiguousError, BadQuestionError, InvalidQueryError, KbError,
                     KnowledgeBaseMissingError, NotFoundError, SourceFormatError)

__all__ = [
    "KbError",
    "NotFoundError",
    "AmbiguousError",
    "SourceFormatError",
    "InvalidQueryError",
    "BadQuestionError",
    "KnowledgeBaseMissingError",
]
