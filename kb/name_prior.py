"""Which card a short name most likely means: a prior over cards, computed from the data at build time.

Players shorten names ("blue eyes", "stardust", "red eyes"); such words begin or sit inside the names of
several cards, so which card is meant is not said.  Issue 9 forbids a silent pick, so a question naming one
is answered with the candidates -- unless one candidate is *overwhelmingly* the card people mean, when the
answer is given for it and says so (``assumed``).  "Overwhelmingly" is measured, not listed by hand: a
card's **references** are how often the store's other records name it --

- other cards' texts that quote its exact name ("Blue-Eyes White Dragon" in a support card's text),
- rulings linked to it (:class:`kb.models.RulingCard`),
- rulebook sections that mention it (:class:`kb.models.CardMention`),
- other cards' names that hold its whole name ("Stardust Dragon" in "Stardust Dragon/Assault Mode").

:func:`default_reading` takes the candidates of a short name and returns the one to assume when its
references are at least :data:`DOMINANCE` times those of the runner-up and at least :data:`MIN_REFERENCES`
(so a card named a few times never wins by a small count): "blue eyes" -> Blue-Eyes White Dragon (67
references, the next 14), "stardust" -> Stardust Dragon; "black luster" (30 vs 24), "gaia" (15 vs 12) or
"shi en" (2 vs 2) stay ambiguous.

The build step :func:`build_name_prior` writes ``name_prior.json`` (card id -> references, cards with at
least one; and the words of names that card texts also write in lower case, such as "raise" or "master",
which alone are no shortened name) into the knowledge base directory; :func:`load_name_prior` reads it
once per store version.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from sqlmodel import Session, select

from .models import Card, CardMention, RulingCard
from .text import name_key
from .version_cache import VersionCache, session_version

__all__ = ["PRIOR_FILE", "DOMINANCE", "MIN_REFERENCES", "card_references", "lowercase_name_words", "build_name_prior",
           "load_name_prior", "default_reading"]

PRIOR_FILE = "name_prior.json"
DOMINANCE = 3.0  # the assumed card has at least this many times the runner-up's references
MIN_REFERENCES = 10  # and at least this many references of its own
_QUOTED = re.compile(r'"([^"]{2,80})"')
_EDGES = ".,;:()[]!?\"'●"  # punctuation around a written word


_NOT_KEY = re.compile(r"[^0-9a-z]+")
_SEPARATORS = re.compile(r"[\s\-/:,]+")


def _key(text: str) -> str:
    """A name reduced for matching inside this module (cheaper than :func:`kb.text.name_key`, used alike
    for the names and the quotes they are matched with)."""
    return _NOT_KEY.sub("", text.lower().replace("&", "and"))


def _name_words(name: str) -> tuple[str, ...]:
    return tuple(key for key in (_key(w) for w in _SEPARATORS.split(name)) if key)


def card_references(session: Session) -> Counter:
    """card id -> how many records of the store name the card (see the module doc)."""
    rows = session.exec(select(Card.id, Card.name, Card.text, Card.password)).all()
    by_key: dict[str, int] = {}
    for card_id, name, _text, password in sorted(rows, key=lambda r: (r[3] is None, r[0])):
        by_key.setdefault(_key(name), card_id)  # a name on two records: the released one
    refs: Counter = Counter()
    for card_id, _name, text, _password in rows:
        for quoted in set(_QUOTED.findall(text or "")):
            named = by_key.get(_key(quoted))
            if named is not None and named != card_id:
                refs[named] += 1
    for card_id, _ruling in set(session.exec(select(RulingCard.card_id, RulingCard.ruling_id)).all()):
        refs[card_id] += 1
    for _section, card_id in set(session.exec(select(CardMention.section_id, CardMention.card_id)).all()):
        if card_id is not None:
            refs[card_id] += 1
    # a name held whole at the start of other names ("Stardust Dragon" in "Stardust Dragon/Assault Mode");
    # a one-word name ("Kuriboh") is held by other names as a word, not as a reference
    names = {card_id: name for card_id, name, _text, _password in rows}
    sequences = {card_id: _name_words(names[card_id]) for card_id in set(by_key.values())}
    starts: Counter = Counter()
    for seq in sequences.values():
        for size in range(2, len(seq)):
            starts[seq[:size]] += 1
    for card_id, seq in sequences.items():
        if len(seq) >= 2:
            refs[card_id] += starts[seq]
    return refs


def lowercase_name_words(session: Session) -> set[str]:
    """Words of card names that card texts also write in lower case ("raise", "holding", "master"): a
    player typing one alone may mean the word, not a card (kept out of shortened names)."""
    rows = session.exec(select(Card.name, Card.text)).all()
    name_words = {key for name, _text in rows for key in _name_words(name)}
    written = {word.strip(_EDGES) for word in set("\n".join(text or "" for _name, text in rows).split())}
    return {word for word in written if word in name_words and word.islower()}


def _prior_data(session: Session) -> dict:
    refs = card_references(session)
    return {"references": {str(k): v for k, v in sorted(refs.items()) if v},
            "lowercase": sorted(lowercase_name_words(session))}


def build_name_prior(ctx) -> None:
    """Build step: write :data:`PRIOR_FILE` into the knowledge base directory."""
    data = _prior_data(ctx.session)
    (Path(ctx.kb_dir) / PRIOR_FILE).write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    ctx.add_summary("name-prior", cards=len(data["references"]), lowercase_words=len(data["lowercase"]))


_CACHE: VersionCache[tuple] = VersionCache()


def load_name_prior(session: Session) -> tuple[dict[int, int], frozenset[str]]:
    """(card id -> references, name words card texts write in lower case), from the store's
    :data:`PRIOR_FILE` (computed from the store when the knowledge base has none, e.g. one built before
    the step existed)."""
    version = session_version(session)

    def read() -> tuple[dict[int, int], frozenset[str]]:
        path = version.directory / PRIOR_FILE if version is not None else None
        data = json.loads(path.read_text(encoding="utf-8")) if path is not None and path.is_file() else None
        if not isinstance(data, dict) or "references" not in data or "lowercase" not in data:
            data = _prior_data(session)  # no file, or one written by an earlier version of the step
        return {int(k): v for k, v in data["references"].items()}, frozenset(data["lowercase"])

    if version is None:
        return read()
    return _CACHE.get(version.directory, version.stamp, read)


def default_reading(candidates: list[int], prior: dict[int, int]) -> int | None:
    """The candidate to assume (see the module doc), or None when no candidate is overwhelmingly meant."""
    if len(candidates) < 2:
        return candidates[0] if candidates else None
    ranked = sorted(candidates, key=lambda c: -prior.get(c, 0))
    best, runner = prior.get(ranked[0], 0), prior.get(ranked[1], 0)
    if best >= MIN_REFERENCES and best >= DOMINANCE * runner:
        return ranked[0]
    return None
