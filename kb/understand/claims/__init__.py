"""Rule propositions ("claims") read compositionally: concepts tagged from vocabulary as data
(``concepts.toml``, :mod:`.tagger`), matched against claims as data (``claims.toml``, :mod:`.table`,
:mod:`.reader`), answered with the RULES row each claim cites (:mod:`.answer`).  Tried after every other
reader, only when they leave the question unknown (kb/understand/answer.py)."""

from .answer import claim_answer
from .reader import read_claim

__all__ = ["claim_answer", "read_claim"]
