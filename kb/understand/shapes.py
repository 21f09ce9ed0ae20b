"""Sentence shapes: the readers that take a question whole keep a list of ``(name, pattern, handler)``
(patterns built from their word files); the first shape that matches and whose handler gives a reading
wins."""

from __future__ import annotations

from typing import Any, Callable, Iterable

__all__ = ["first_reading"]

Shape = tuple[str, Any, Callable]


def first_reading(shapes: Iterable[Shape], text: str, *args):
    """The reading of the first of ``shapes`` whose pattern matches ``text`` from its start and whose
    handler (called with the match and ``args``) gives one; None when none does."""
    for _name, pattern, handler in shapes:
        match = pattern.match(text)
        if match:
            got = handler(match, *args)
            if got is not None:
                return got
    return None
