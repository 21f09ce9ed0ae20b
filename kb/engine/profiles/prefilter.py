"""A regular expression that first checks for the words every match must contain (a literal pre-filter).

Reading a card runs about a hundred regular expressions on each sentence, most of them case-insensitive;
Python's ``re`` finds no literal prefix to skip ahead with in a case-insensitive pattern, so each search
walks the whole text, and on a typical sentence almost none of them match.  :func:`prefiltered` derives,
from the parsed pattern, a set of lower-case strings at least one of which occurs in any text the pattern
matches (``r"\\b(?:gains?|loses?)\\b[^.;]{0,40}\\bATK\\b"`` needs ``atk``; ``r"\\bcannot\\b|can only"``
needs ``cannot`` or ``can only``).  A text holding none of them cannot match, so the search is skipped;
any other text is searched as before.  The results are the same by construction (the derivation only
drops what cannot match; ``tests/test_profile_prefilter.py`` checks it on generated texts and patterns).

The check is made on ``text.lower()``, which is sound for ASCII literals except in a text holding one of
the few characters that a case-insensitive ``re`` matches to an ASCII letter without ``str.lower``
mapping it there (:data:`UNSAFE_CHARS`, e.g. the Kelvin sign); such a text is always searched.
"""

from __future__ import annotations

import re
from re import _constants as C  # noqa: N812  (the parser's opcodes)
from re import _parser

__all__ = ["PatternSet", "Prefiltered", "prefiltered", "required_literals", "lowered", "search", "UNSAFE_CHARS"]

# non-ASCII characters that re.IGNORECASE matches to an ASCII letter while str.lower() does not give
# that letter alone: U+0130 (İ, lower "i̇"), U+0131 (ı ~ i), U+017F (ſ ~ s), U+212A (Kelvin sign ~ k)
UNSAFE_CHARS = frozenset("\u0130\u0131\u017f\u212a")

_MIN_USEFUL = 3  # a required set whose shortest string is shorter than this filters too little to pay


def lowered(text: str) -> str | None:
    """``text.lower()`` for the pre-filter, or None when the text holds an :data:`UNSAFE_CHARS` character."""
    if not text.isascii() and not UNSAFE_CHARS.isdisjoint(text):
        return None
    return text.lower()


def _literal_char(op, av, ignore_case: bool) -> str | None:
    """The one lower-case ASCII character an item matches, or None."""
    if op is C.LITERAL:
        ch = chr(av)
        return ch.lower() if ch.isascii() else None
    if op is C.IN:  # [Ee]: every member a literal with one lower-case form
        chars = set()
        for sub_op, sub_av in av:
            if sub_op is not C.LITERAL:
                return None
            chars.add(chr(sub_av).lower())
        if len(chars) == 1:
            ch = chars.pop()
            return ch if ch.isascii() else None
    return None


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two required sets (longer shortest string, then fewer strings)."""
    if a is None:
        return b
    if b is None:
        return a
    key_a, key_b = (min(map(len, a)), -len(a)), (min(map(len, b)), -len(b))
    return a if key_a >= key_b else b


def _required(items, ignore_case: bool) -> frozenset[str] | None:
    """Strings one of which every match of the sequence ``items`` contains, or None when there are none."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def close_run() -> None:
        nonlocal best
        if run:
            best = _better(best, frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        ch = _literal_char(op, av, ignore_case)
        if ch is not None:
            run.append(ch)
            continue
        if op is C.AT:  # \b, ^, $: zero-width, between the characters of a run they keep it whole
            continue
        close_run()
        if op is C.SUBPATTERN:
            inner = av[-1]
            found = _required(inner, ignore_case)
            best = _better(best, found)
        elif op is C.BRANCH:
            branches = [_required(branch, ignore_case) for branch in av[1]]
            if all(branch is not None for branch in branches):
                best = _better(best, frozenset().union(*branches))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, _high, inner = av
            if low >= 1:
                best = _better(best, _required(inner, ignore_case))
        elif op is C.ATOMIC_GROUP:
            best = _better(best, _required(av, ignore_case))
        elif op is C.ASSERT:  # a positive look-ahead/behind: its text is in the searched text too
            best = _better(best, _required(av[1], ignore_case))
        # ASSERT_NOT, IN, ANY, CATEGORY, GROUPREF ...: no requirement
    close_run()
    return best


def required_literals(pattern: re.Pattern) -> frozenset[str] | None:
    """Lower-case strings at least one of which occurs in (``str.lower()`` of) every text ``pattern``
    matches; None when no useful set can be derived (the pattern is then always run)."""
    if not isinstance(pattern.pattern, str):
        return None
    ignore_case = bool(pattern.flags & re.IGNORECASE)
    found = _required(_parser.parse(pattern.pattern, pattern.flags), ignore_case)
    if not found or min(map(len, found)) < _MIN_USEFUL:
        return None
    # a string holding another string of the set adds nothing ("attacked" beside "attack")
    return frozenset(s for s in found if not any(o != s and o in s for o in found))


class Prefiltered:
    """A compiled pattern whose ``search``/``match``/``sub`` skip texts that cannot match (see module doc).

    ``low`` (optional) is :func:`lowered` of the text, computed once by a caller that runs many patterns
    on one text.
    """

    __slots__ = ("pattern", "literals", "flags")

    def __init__(self, pattern: re.Pattern):
        self.pattern = pattern
        self.literals = required_literals(pattern)
        self.flags = pattern.flags

    def possible(self, text: str, low: str | None = None) -> bool:
        """False only when ``text`` cannot hold a match."""
        if self.literals is None:
            return True
        if low is None:
            low = lowered(text)
            if low is None:
                return True
        return any(literal in low for literal in self.literals)

    def search(self, text: str, low: str | None = None):
        """``pattern.search(text)``."""
        return self.pattern.search(text) if self.possible(text, low) else None

    def match(self, text: str, low: str | None = None):
        """``pattern.match(text)``."""
        return self.pattern.match(text) if self.possible(text, low) else None

    def sub(self, repl, text: str, count: int = 0) -> str:
        """``pattern.sub(repl, text, count)``."""
        return self.pattern.sub(repl, text, count) if self.possible(text) else text


def prefiltered(pattern: str | re.Pattern, flags: int = 0) -> Prefiltered:
    """:class:`Prefiltered` of ``pattern`` (a string is compiled with ``flags``)."""
    return Prefiltered(pattern if isinstance(pattern, re.Pattern) else re.compile(pattern, flags))


class PatternSet:
    """Many pre-filtered patterns run on one text: each of their literals is looked for once, then only the
    patterns with a literal in the text are searched."""

    __slots__ = ("patterns", "literals")

    def __init__(self, patterns):
        self.patterns = [p if isinstance(p, Prefiltered) else Prefiltered(p) for p in patterns]
        self.literals = tuple(sorted({lit for p in self.patterns if p.literals for lit in p.literals}))

    def _present(self, text: str, low: str | None) -> frozenset[str] | None:
        low = lowered(text) if low is None else low
        return None if low is None else frozenset(lit for lit in self.literals if lit in low)

    def searches(self, text: str, low: str | None = None) -> list:
        """``[pattern.search(text) for pattern in patterns]``."""
        present = self._present(text, low)
        return [p.pattern.search(text) if present is None or p.literals is None or not p.literals.isdisjoint(present)
                else None for p in self.patterns]

    def first(self, text: str, low: str | None = None) -> int:
        """The index of the first pattern that ``search``es ``text``, or -1."""
        present = self._present(text, low)
        for i, p in enumerate(self.patterns):
            if (present is None or p.literals is None or not p.literals.isdisjoint(present)) and p.pattern.search(text):
                return i
        return -1


_COMPILED: dict[tuple[str, int], Prefiltered] = {}


def search(pattern: str, text: str, flags: int = 0):
    """``re.search(pattern, text, flags)``, the pattern compiled and pre-filtered once per process."""
    compiled = _COMPILED.get((pattern, flags))
    if compiled is None:
        compiled = _COMPILED[(pattern, flags)] = prefiltered(pattern, flags)
    return compiled.search(text)
