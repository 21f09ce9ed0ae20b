"""Question understanding: plain-language questions read as a pipeline of stages, each testable alone.

1. :mod:`~kb.understand.mentions`: card names, nicknames and passcodes found as spans (longest match);
2. :mod:`~kb.understand.generic`: kinds of cards ("a Counter Trap") as ``{"class": {...}}`` cards;
3. :mod:`~kb.understand.story`: who did what in order (chain links, controllers), moments and states;
4. :mod:`~kb.understand.intent`: what is asked (chain, negate, activate, timing, order);
5. :mod:`~kb.understand.frame`: the JSON question and the sentence that says it back;
6. :mod:`~kb.understand.fallback`: the rulebook sentence most likely to answer what the engine cannot.

``ask_plain(session, text, kb_path=...)`` answers; ``understand(session, text)`` only reads.  The
vocabulary is data: ``kb/understand/vocabulary.toml``.  See docs/understanding.md.
"""

from .answer import ask_plain
from .pipeline import Reading, understand

__all__ = ["ask_plain", "understand", "Reading"]
