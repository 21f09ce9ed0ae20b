"""Reading request parameters the same way on pages and API routes, with errors that quote the value."""

from __future__ import annotations

import hashlib

from flask import Response, current_app, request

from .errors import ApiError

__all__ = ["MAX_QUERY_LENGTH", "bool_arg", "cacheable", "choice_arg", "int_arg", "page_args", "text_arg"]

MAX_QUERY_LENGTH = 500  # characters in one text parameter


def text_arg(name: str, *, required: bool = False, default: str | None = None,
             max_length: int = MAX_QUERY_LENGTH) -> str | None:
    """A text parameter, stripped; blank counts as absent.

    :raise ApiError 400: when it is required and absent, too long, or holds a NUL character.
    """
    value = request.args.get(name)
    value = value.strip() if value is not None else None
    if not value:
        if required:
            raise ApiError(f"the parameter {name!r} is required")
        return default
    if len(value) > max_length:
        raise ApiError(f"the parameter {name!r} is too long ({len(value)} characters; "
                       f"the limit is {max_length})")
    if "\x00" in value:
        raise ApiError(f"the parameter {name!r} holds a NUL character")
    return value


def int_arg(name: str, default: int, *, minimum: int = 1, maximum: int | None = None) -> int:
    """An integer parameter within ``[minimum, maximum]``.

    :raise ApiError 400: when it is not an integer or out of range (the message quotes the value).
    """
    raw = request.args.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ApiError(f"the parameter {name!r} must be an integer, not {raw[:50]!r}") from None
    if value < minimum or (maximum is not None and value > maximum):
        bounds = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
        raise ApiError(f"the parameter {name!r} must be {bounds}, not {value}")
    return value


def choice_arg(name: str, choices: tuple[str, ...] | list[str], default: str | None = None) -> str | None:
    """A parameter that must be one of ``choices`` (blank counts as absent).

    :raise ApiError 400: for any other value, listing the allowed ones.
    """
    value = text_arg(name, default=None, max_length=100)
    if value is None:
        return default
    if value not in choices:
        raise ApiError(f"the parameter {name!r} must be one of {', '.join(choices)}; not {value!r}",
                       candidates=list(choices))
    return value


def bool_arg(name: str) -> bool | None:
    """``true``/``false`` (also ``yes``/``no``, ``1``/``0``, ``on``); None when absent."""
    value = text_arg(name, max_length=10)
    if value is None:
        return None
    lowered = value.lower()
    if lowered in ("true", "yes", "1", "on"):
        return True
    if lowered in ("false", "no", "0", "off"):
        return False
    raise ApiError(f"the parameter {name!r} must be true or false, not {value!r}")


def page_args() -> tuple[int, int]:
    """``page`` (from 1) and ``limit`` (page size, bounded by the app's MAX_PAGE_SIZE)."""
    config = current_app.config
    return (int_arg("page", 1, minimum=1, maximum=100000),
            int_arg("limit", config["PAGE_SIZE"], minimum=1, maximum=config["MAX_PAGE_SIZE"]))


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
