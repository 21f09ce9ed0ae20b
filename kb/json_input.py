"""Reading JSON that comes from outside (API request bodies, lines of a ``--batch`` file) within bounds.

Python's ``json`` module recurses once per nesting level, and so does the code that walks a question:
a body of a few kilobytes nested a thousand levels deep would exhaust the stack.  :func:`loads` checks
the nesting depth before decoding and turns every way a text can fail to be JSON (bad bytes, bad
syntax, too deep) into one :class:`kb.errors.BadQuestionError` that names the problem and where it is.
"""

from __future__ import annotations

import json
import re

from .errors import BadQuestionError

__all__ = ["MAX_JSON_DEPTH", "decode_utf8", "json_depth", "loads"]

# Nesting of arrays and objects allowed in one document: a scenario question (state, chain, actions,
# card objects) needs fewer than ten levels.
MAX_JSON_DEPTH = 64

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` / ``{`` in a JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def decode_utf8(raw: bytes, what: str) -> str:
    """``raw`` as text; :class:`BadQuestionError` naming the first invalid byte and its offset."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start:exc.start + 1]
        raise BadQuestionError(f"{what} is not UTF-8 text: byte 0x{bad.hex()} at offset {exc.start}",
                               "encoding", f"0x{bad.hex()}") from None


def loads(raw: str | bytes, what: str = "the JSON text", *, max_depth: int = MAX_JSON_DEPTH):
    """Decode one JSON document from outside.

    :param what: how the message names the text ("the body", "line 3").
    :raises BadQuestionError: for bytes that are not UTF-8, text that is not JSON (with line and column),
        or nesting deeper than ``max_depth``.
    """
    text = decode_utf8(raw, what) if isinstance(raw, (bytes, bytearray)) else raw
    depth = json_depth(text)
    if depth > max_depth:
        raise BadQuestionError(f"{what} nests arrays and objects {depth} levels deep; the limit is "
                               f"{max_depth}", "json", None)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadQuestionError(f"{what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                               "json", text.strip()[:200]) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadQuestionError(f"{what} nests too deeply", "json", None) from None
