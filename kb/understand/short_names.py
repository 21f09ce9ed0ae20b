"""Cards named the way players name them: shortened names ("blue eyes", "stardust", "red eyes") and names
made only of game words written in lower case ("counter counter", "negate attack").

**Shortened names.**  Words left over by the name scan that begin a part of several cards' names (a part:
the whole name, or what follows ": ", " - " or ", " in it -- "Utopia" in "Number 39: Utopia") name one
of those cards without saying which.  :func:`short_name_entities` makes them entities:

- when one candidate is overwhelmingly the card people mean (:func:`kb.name_prior.default_reading`, a
  prior computed from the store at build time), a ``card`` entity with ``how="assumed"``: the answer is
  given for it and says so (:func:`state_assumed`: "'blue eyes' taken as Blue-Eyes White Dragon, the card
  most often meant; others: ...");
- otherwise a ``family`` entity: where the question needs a card there, the answer is the candidates
  (:func:`kb.understand.mentions.ambiguous_family`), never a silent pick.

**Names of game words.**  "Counter Counter" or "Negate Attack" read as rule words in lower case, so the
name scan takes them only capitalised.  :func:`card_slot` accepts them in lower case where the question's
words make the span a card: a card slot opens before it (``can``/``does``/``chain``/``with`` ...) and
closes after it (``negate``/``be``/``to``/``'s``/the end ...) -- the words are data in
``short_names.toml``.  "can i negate attack ..." (after "i") stays the verb and its object.
"""

from __future__ import annotations

import re
import tomllib
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sqlmodel import Session

from ..name_prior import default_reading, load_name_prior
from ..text import name_key
from ..version_cache import VersionCache, session_version
from .tokens import Token

__all__ = ["ShortNames", "short_names", "short_name_entities", "card_slot", "state_assumed", "take_forced",
           "same_for_every_card", "MAX_SHORT_WORDS", "MAX_LISTED", "MAX_ASKED_AGAIN"]

MAX_SHORT_WORDS = 3  # the longest shortened name looked for
MIN_SHORT_KEY = 4  # a single word shorter than this is never read as a shortened name
MAX_LISTED = 10  # candidates named in an answer or an assumption
MAX_ASKED_AGAIN = 10  # a family word of more cards is not asked again card by card
_PART_BREAK = re.compile(r":\s+|\s+-\s+|,\s+")
_WORD_BREAK = re.compile(r"[\s\-/]+")


@lru_cache(maxsize=1)
def slot_words() -> dict[str, frozenset[str]]:
    """The words that open and close a card slot (``short_names.toml``)."""
    data = tomllib.loads(Path(__file__).with_name("short_names.toml").read_text(encoding="utf-8"))
    return {key: frozenset(value) for key, value in data["card_slot"].items()}


@dataclass
class ShortNames:
    """The first one to :data:`MAX_SHORT_WORDS` words of each part of each card's name -> the cards."""

    starts: dict[tuple[str, ...], list[int]]
    prior: dict[int, int]
    lowercase: frozenset[str]  # name words card texts also write in lower case (:mod:`kb.name_prior`)
    compounds: frozenset[str]  # hyphenated words of names, reduced ("Blue-Eyes" -> "blueeyes")

    @classmethod
    def build(cls, names: dict[str, int], prior: dict[int, int], lowercase=frozenset()) -> "ShortNames":
        """``names``: printed name -> card id (one card per name)."""
        starts: dict[tuple[str, ...], set[int]] = {}
        compounds = {name_key(word) for name in names for word in name.split() if "-" in word.strip("-")}
        for name, card_id in names.items():
            for part in _PART_BREAK.split(name):
                words = [key for key in (name_key(w) for w in _WORD_BREAK.split(part)) if key]
                for size in range(1, min(MAX_SHORT_WORDS, len(words)) + 1):
                    starts.setdefault(tuple(words[:size]), set()).add(card_id)
        return cls({k: sorted(v) for k, v in starts.items() if len(v) >= 2}, prior, frozenset(lowercase),
                   frozenset(compounds))


_CACHE: VersionCache[ShortNames] = VersionCache()


def short_names(session: Session, index) -> ShortNames:
    """The shortened-name table of the session's store (built once per store version)."""

    def build() -> ShortNames:
        names = {index.names[card_id]: card_id for card_id in set(index.linker.by_key.values())}
        return ShortNames.build(names, *load_name_prior(session))

    version = session_version(session)
    return build() if version is None else _CACHE.get(version.directory, version.stamp, build)


def _plain(index, key: str, game_word) -> bool:
    """Whether a word is ordinary English, a game word or a glossary term (no name by itself)."""
    return key in index.linker.ordinary or key in index.linker.terms or game_word(key)


def short_name_entities(session: Session, index, tokens: list[Token], covered: list[bool], game_word,
                        entity_type) -> list:
    """Entities for the shortened names among the words not yet used (see the module doc)."""
    table = short_names(session, index)
    found = []
    i = 0
    while i < len(tokens):
        hit = None
        for size in range(MAX_SHORT_WORDS, 0, -1):
            span = tokens[i:i + size]
            if len(span) < size or any(covered[i + k] or t.punct for k, t in enumerate(span)):
                continue
            keys = [t.key for t in span]
            if i + size < len(tokens) and tokens[i + size].low in ("token", "tokens"):
                continue
            for variant in (keys, keys[:-1] + [span[-1].bare_key],
                            keys[:-1] + [keys[-1][:-1]] if keys[-1].endswith("s") else None):
                if not variant or tuple(variant) not in table.starts:
                    continue
                if size == 1 and (len(variant[0]) < MIN_SHORT_KEY or variant[0].isdigit() or any(
                        _plain(index, k, game_word) or k in table.lowercase for k in {keys[0], variant[0]})):
                    continue  # a word of English or of the game, as typed or less its "s" ("raises")
                if size > 1 and (len("".join(variant)) < MIN_SHORT_KEY + 1 or all(game_word(k) for k in variant) or (
                        all(_plain(index, k, game_word) for k in variant)
                        and "".join(variant) not in table.compounds)):
                    continue  # ordinary words, unless together they spell a name's word ("blue eyes")
                hit = (size, table.starts[tuple(variant)], variant[-1] != keys[-1] and variant[-1] != span[-1].bare_key)
                break
            if hit:
                break
        if hit is None:
            i += 1
            continue
        size, cards, less_s = hit
        text = " ".join(t.text for t in tokens[i:i + size])
        ranked = sorted(cards, key=lambda c: (-table.prior.get(c, 0), index.names[c]))
        chosen = default_reading(cards, table.prior)
        if chosen is None and less_s:  # "brionacs" read less its "s" only to name a card, not to doubt one
            i += 1
            continue
        listed = [index.names[c] for c in ranked]
        if chosen is not None:
            found.append(entity_type(i, i + size, "card", text, chosen, index.names[chosen], how="assumed",
                                     aside={"candidates": listed, "typed": text}))
        else:
            found.append(entity_type(i, i + size, "family", text, how="family", aside={"candidates": listed}))
        for k in range(i, i + size):
            covered[k] = True
        i += size
    return found


def card_slot(tokens: list[Token], i: int, j: int) -> bool:
    """Whether the words ``i..j-1`` stand where the question needs a card (see the module doc)."""
    words = slot_words()
    before = next((t for t in reversed(tokens[:i]) if not (t.punct and t.text in "\"'(")), None)
    after = tokens[j] if j < len(tokens) else None
    opens = before is None or (before.punct and before.text in ".?!;:,") or before.low in words["before"]
    if after is not None and after.low in ("'s", "’s"):
        return True
    closes = after is None or (after.punct and after.text in ".?!;:,)") or after.low in words["after"]
    return opens and closes


def state_assumed(answer: dict, entities) -> None:
    """Say in the answer (``assumed``, ``understood``) which card a shortened name was taken as."""
    said = []
    for entity in entities:
        if entity.kind != "card" or entity.how != "assumed":
            continue
        others = [n for n in entity.aside.get("candidates", []) if n != entity.name]
        more = len(others) - MAX_LISTED
        said.append(f"{entity.aside.get('typed', entity.text)!r} taken as {entity.name}, the card most often "
                     f"meant (by how often the rulings, rulebooks and other cards name it); others: "
                     + ", ".join(others[:MAX_LISTED]) + (f" ({more} more)" if more > 0 else ""))
    if not said:
        return
    answer["assumed"] = said + list(answer.get("assumed") or [])
    if answer.get("understood"):
        answer["understood"] = f"({'; '.join(s.split(', the card')[0] for s in said)}) {answer['understood']}"


# ------------------------------------------------------------------ the same answer for every candidate

_FORCED: ContextVar[tuple | None] = ContextVar("short_names_forced", default=None)


def take_forced(index, entities: list) -> None:
    """While :func:`same_for_every_card` asks again, the family word it asks about is that card."""
    forced = _FORCED.get()
    if not forced:
        return
    for entity in entities:
        if entity.kind == "family" and entity.text.lower() == forced[0]:
            entity.kind, entity.card_id, entity.name = "card", forced[1], index.names[forced[1]]
            entity.how = "candidate"


def _every_card_listed(family, by_name: dict[str, int]) -> bool:
    """Whether the family's cards are every card whose name holds the typed words anywhere (as typed, or
    with the last word less a final "s")."""
    typed = [name_key(w) for w in _WORD_BREAK.split(family[0]) if name_key(w)]
    if not typed:
        return False
    forms = {tuple(typed)} | ({tuple(typed[:-1] + [typed[-1][:-1]])} if typed[-1].endswith("s") else set())
    holding = set()
    for name in by_name:
        words = [name_key(w) for w in re.split(r"[\s\-/:,]+", name) if name_key(w)]
        if any(tuple(words[i:i + len(form)]) == form for form in forms for i in range(len(words))):
            holding.add(name)
    return holding == set(family[1])


def same_for_every_card(session: Session, text: str, error, read_and_answer):
    """``(answer, reading)`` when a question naming a family word ("shi en") gets the same yes/no for every
    card the word may mean (each asked in turn), else None (the candidates are the answer).  The answer
    says so in ``assumed``; no card is picked."""
    from ..errors import KbError
    from .mentions import mention_index

    family = getattr(error, "family", None)
    if not family or len(family[1]) > MAX_ASKED_AGAIN or _FORCED.get() is not None:
        return None
    index = mention_index(session)
    by_name = {index.names[card_id]: card_id for card_id in set(index.linker.by_key.values())}
    if not _every_card_listed(family, by_name):
        return None  # "cyclone" also ends other names (Cosmic Cyclone): the word may mean a card not asked
    said, first = set(), None
    for name in family[1]:
        if name not in by_name:
            return None
        token = _FORCED.set((family[0].lower(), by_name[name]))
        try:
            answer, reading, reason = read_and_answer(session, text)
        except KbError:  # another ambiguity, or an error for one card: no common answer
            return None
        finally:
            _FORCED.reset(token)
        verdict = str(answer.get("answer") or "").split(" ")[0].lower()
        if reason is not None or verdict not in ("yes", "no"):
            return None
        said.add(verdict)
        first = first or (answer, reading)
    if len(said) != 1:
        return None
    answer, reading = first
    answer["assumed"] = [f"{family[0]!r} names {len(family[1])} cards ({', '.join(family[1])}); the answer is "
                         f"{said.pop()} for each of them"] + list(answer.get("assumed") or [])
    return answer, reading
