"""Reading request parameters the same way on pages and API routes, with errors that quote the value."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from flask import Response, current_app, request

from kb.search.limits import MAX_QUERY_CHARS

from .errors import ApiError

__all__ = ["LIMIT", "MAX_QUERY_LENGTH", "NOT_BLANK", "NO_NUL", "PAGE", "Param", "bool_arg", "cacheable",
           "choice_arg", "int_arg", "page_args", "read_params", "takes", "text_arg"]

MAX_QUERY_LENGTH = MAX_QUERY_CHARS  # characters in one text parameter: the search's own bound, one place
_INTEGER = re.compile(r"-?[0-9]{1,19}")  # an integer parameter: ASCII digits, an optional minus sign


def _single(name: str) -> str | None:
    """The one value of a parameter (None when absent); :class:`ApiError` 400 when given several times."""
    values = request.args.getlist(name)
    if len(values) > 1:
        raise ApiError(f"the parameter {name!r} is given {len(values)} times; give it once")
    return values[0] if values else None


def text_arg(name: str, *, required: bool = False, default: str | None = None,
             max_length: int = MAX_QUERY_LENGTH) -> str | None:
    """A text parameter, stripped; blank counts as absent.

    :raise ApiError 400: when it is required and absent, too long, or holds a NUL character.
    """
    value = _single(name)
    if value is not None and len(value) > max_length:  # counted as given, before stripping
        raise ApiError(f"the parameter {name!r} is too long ({len(value)} characters; "
                       f"the limit is {max_length})")
    value = value.strip(SPACES) if value is not None else None
    if not value:
        if required:
            raise ApiError(f"the parameter {name!r} is required")
        return default
    if "\x00" in value:
        raise ApiError(f"the parameter {name!r} holds a NUL character")
    return value


def int_arg(name: str, default: int, *, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer parameter within ``[minimum, maximum]``.

    :raise ApiError 400: when it is not an integer or out of range (the message quotes the value).
    """
    raw = _single(name)
    if raw is None or raw.strip() == "":
        return default
    if not _INTEGER.fullmatch(raw.strip()):
        raise ApiError(f"the parameter {name!r} must be an integer, not {raw[:50]!r}")
    value = int(raw.strip())
    if value < minimum or (maximum is not None and value > maximum):
        bounds = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
        raise ApiError(f"the parameter {name!r} must be {bounds}, not {value}")
    return value


def choice_arg(name: str, choices: tuple[str, ...] | list[str], default: str | None = None) -> str | None:
    """A parameter that must be one of ``choices`` (blank counts as absent).

    :raise ApiError 400: for any other value, listing the allowed ones.
    """
    value = _single(name)
    if not value:  # absent or blank (a form's "any")
        return default
    if value not in choices:
        raise ApiError(f"the parameter {name!r} must be one of {', '.join(choices)}; not {value[:50]!r}",
                       candidates=list(choices))
    return value


TRUE_WORDS = ("true", "yes", "1", "on")
FALSE_WORDS = ("false", "no", "0", "off")
BOOLEAN_WORDS = TRUE_WORDS + FALSE_WORDS


def bool_arg(name: str) -> bool | None:
    """``true``/``false`` (also ``yes``/``no``, ``1``/``0``, ``on``/``off``); None when absent."""
    value = _single(name)
    if not value:
        return None
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ApiError(f"the parameter {name!r} must be true or false, not {value[:50]!r}")


def page_args() -> tuple[int, int]:
    """``page`` (from 1) and ``limit`` (page size): :data:`PAGE` and :data:`LIMIT`."""
    return PAGE.read(), LIMIT.read()


def cacheable(response: Response, *, etag: str | None = None) -> Response:
    """Mark a read response cacheable: an ETag (of the body unless given), Cache-Control, and a
    304 Not Modified when the client already holds this version.
    """
    if etag is None:
        etag = hashlib.sha1(response.get_data()).hexdigest()
    response.set_etag(etag)
    response.headers["Cache-Control"] = f"public, max-age={current_app.config['CACHE_MAX_AGE']}"
    if "If-None-Match" in request.headers or "If-Modified-Since" in request.headers:
        return response.make_conditional(request)
    return response


# ------------------------------------------------------------------------------ typed parameters
#
# The API routes read their query parameters through :class:`Param` objects, and the OpenAPI document
# (webapp/openapi.py) describes each parameter from the same object, so what a route accepts and what the
# document says it accepts cannot drift apart.  The rules, the same for every parameter:
#
# - a parameter that takes one value and is given several times is a 400 (``page=1&page=2``);
# - a blank text or choice parameter counts as not given (HTML forms send blank fields), unless the
#   parameter says otherwise (``blank_is_absent=False``); the document then allows or forbids ``""``;
# - an integer is ASCII digits with an optional minus sign, within ``minimum``/``maximum``; blank is a 400;
# - every 400 names the parameter and quotes the value.

PARAM_TYPES = ("string", "integer", "choice", "choices")
# The white space stripped from text parameters: JSON Schema's (ECMA-262's) \s, spelled out, so that the
# document's "not blank" pattern and the stripping agree character for character.
SPACES = ("\t\n\x0b\x0c\r \xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
          + "\u2028\u2029\u202f\u205f\u3000\ufeff")
_SPACE_CLASS = "".join(f"\\u{ord(c):04x}" for c in SPACES)
NO_NUL = "^[^\\x00]*$"  # a text parameter holds no NUL character (JSON-schema pattern)
NOT_BLANK = f"^[^\\x00]*[^{_SPACE_CLASS}\\x00][^\\x00]*$"  # ... and something besides spaces


@dataclass(frozen=True)
class Param:
    """One query parameter of an API route: how the route reads it and how the document describes it.

    ``type`` is ``string``, ``integer``, ``choice`` (one of ``choices``) or ``choices`` (a list of them,
    comma separated or repeated).
    """

    name: str
    type: str = "string"
    description: str = ""
    required: bool = False
    default: object = None
    max_length: int = MAX_QUERY_LENGTH
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    example: object = None
    blank_is_absent: bool = True

    def schema(self) -> dict:
        """The JSON schema of one value as the document gives it."""
        if self.type == "integer":
            schema = {"type": "integer"}
            if self.minimum is not None:
                schema["minimum"] = self.minimum
            if self.maximum is not None:
                schema["maximum"] = self.maximum
            return schema
        if self.type == "choice":
            blank = [""] if self.blank_is_absent and not self.required else []
            return {"type": "string", "enum": blank + list(self.choices)}
        if self.type == "choices":
            return {"type": "array", "items": {"type": "string", "enum": list(self.choices)}}
        schema = {"type": "string", "maxLength": self.max_length, "pattern": NO_NUL}
        if self.required or not self.blank_is_absent:
            schema["minLength"] = 1
            schema["pattern"] = NOT_BLANK  # not only spaces: values are stripped
        return schema

    def document(self) -> dict:
        """The OpenAPI parameter object."""
        out = {"name": self.name, "in": "query", "required": self.required, "schema": self.schema(),
               "description": self.description}
        if self.type == "choices":
            out.update(style="form", explode=False)
            out["description"] = (self.description + " (comma separated, or the parameter repeated)").strip()
        if self.example is not None:
            out["example"] = self.example
        return out

    def read(self):
        """The parameter's value in the current request (``default`` when not given).

        :raise ApiError 400: for a value the document does not allow (the message names the parameter and
            quotes the value).
        """
        values = request.args.getlist(self.name)
        if self.type == "choices":
            return self._read_list(values)
        if len(values) > 1:
            raise ApiError(f"the parameter {self.name!r} is given {len(values)} times; give it once")
        raw = values[0] if values else None
        if raw is None:
            return self._absent()
        if self.type == "integer":
            return self._read_integer(raw)
        if self.type == "choice":  # exactly one of the values (forms send them as given), or blank
            if raw == "" and self.blank_is_absent:
                return self._absent()
            if raw not in self.choices:
                raise ApiError(f"the parameter {self.name!r} must be one of {', '.join(self.choices)}; "
                               f"not {raw[:50]!r}", candidates=list(self.choices))
            return raw
        if len(raw) > self.max_length:  # as given, as the document's maxLength counts it (before stripping)
            raise ApiError(f"the parameter {self.name!r} is too long ({len(raw)} characters; "
                           f"the limit is {self.max_length})")
        value = raw.strip(SPACES)
        if not value:
            if self.blank_is_absent:
                return self._absent()
            raise ApiError(f"the parameter {self.name!r} is blank; give a value or leave it out")
        if "\x00" in value:
            raise ApiError(f"the parameter {self.name!r} holds a NUL character")
        return value

    def _absent(self):
        if self.required:
            raise ApiError(f"the parameter {self.name!r} is required")
        return self.default

    def _read_integer(self, raw: str) -> int:
        if not _INTEGER.fullmatch(raw):
            raise ApiError(f"the parameter {self.name!r} must be an integer, not {raw[:50]!r}")
        value = int(raw)
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (f"from {low} to {high}" if low is not None and high is not None
                      else f"{low} or more" if low is not None else f"{high} or less")
            raise ApiError(f"the parameter {self.name!r} must be {bounds}, not {value}")
        return value

    def _read_list(self, values: list[str]) -> list[str] | None:
        items = [part for value in values if value != "" for part in value.split(",")]
        unknown = [item for item in items if item not in self.choices]
        if unknown:
            raise ApiError(f"the parameter {self.name!r} cannot be {unknown[0][:50]!r} (one of "
                           f"{', '.join(self.choices)})", candidates=list(self.choices))
        if not items:
            return self._absent()
        return items


def read_params(*params: Param) -> dict:
    """Every parameter's value, by name."""
    return {param.name: param.read() for param in params}


def takes(*params: Param):
    """Decorator: the query parameters a route reads (kept on the view as ``params``, for the document)."""
    def mark(view):
        view.params = params
        return view
    return mark


PAGE = Param("page", "integer", "page number, from 1", default=1, minimum=1, maximum=100000)
LIMIT = Param("limit", "integer", "results per page (default 20)", default=20, minimum=1, maximum=100)
