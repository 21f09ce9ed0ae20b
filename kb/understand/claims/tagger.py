"""Concept tagging: the words of a question as concepts of rule propositions (vocabulary in concepts.toml).

Each phrase of ``concepts.toml`` names a concept (``"tribute"``, ``"face_down"``, ``"st_zone"``...) of a
category (act, role, kind, state, place, moment, player, relation).  :func:`tag` scans a list of words with
a longest-match phrase matcher: a word matches a phrase word in any inflection (:func:`lemmas`).  What it
returns says, for every word, whether a concept, the question's form ("can", "must", "fact"), the
asked-predicate marker ("treated as") or a stop word explains it; a word nothing explains is listed in
``unexplained`` (the claim reader then reads nothing).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

__all__ = ["CONCEPTS_FILE", "SETS_DIR", "Tag", "Tagged", "concept_table", "lemmas", "tag", "phrases_of", "set_files", "set_tables"]

CONCEPTS_FILE = Path(__file__).with_name("concepts.toml")
SETS_DIR = Path(__file__).with_name("sets")  # claim sets: each may add concepts under [concepts.<category>]
_CATEGORIES = ("act", "role", "kind", "state", "place", "moment", "player", "relation")
_VOWELS = set("aeiou")


@dataclass(frozen=True)
class Tag:
    """One concept found over words ``start`` .. ``end - 1`` (``kind`` is "concept", "form" or "marker")."""

    kind: str
    value: str
    start: int
    end: int


@dataclass
class Tagged:
    """A question read as concepts: the tags in order, the form, and the words nothing explains."""

    tags: list[Tag] = field(default_factory=list)
    form: str | None = None
    unexplained: list[str] = field(default_factory=list)

    @property
    def concepts(self) -> set[str]:
        return {t.value for t in self.tags if t.kind == "concept"}

    def marker_at(self) -> int | None:
        """Where the asked-predicate marker ("treated as") is, or None."""
        return next((t.start for t in self.tags if t.kind == "marker"), None)

    def form_at(self) -> int:
        """Where the form word is (-1 when none)."""
        return next((t.start for t in self.tags if t.kind == "form"), -1)

    def positions(self, concept: str) -> list[int]:
        return [t.start for t in self.tags if t.kind == "concept" and t.value == concept]


@lru_cache(maxsize=1)
def concept_table() -> dict:
    """The parsed concepts file plus ``category`` (concept -> its category) and the phrase lists."""
    with CONCEPTS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    _merge_set_concepts(data)
    category: dict[str, str] = {}
    phrases: list[tuple[tuple[str, ...], str, tuple[str, ...]]] = []  # (words, kind, values)
    for cat in _CATEGORIES:
        for concept, said in data.get(cat, {}).items():
            if concept in category:
                raise ValueError(f"concepts.toml: concept {concept!r} is in two categories")
            category[concept] = cat
            phrases += [(tuple(p.split()), "concept", (concept,)) for p in said]
    for phrase, concepts in data.get("compound", {}).items():
        for c in concepts:
            if c not in category:
                raise ValueError(f"concepts.toml: compound {phrase!r} names unknown concept {c!r}")
        phrases.append((tuple(phrase.split()), "concept", tuple(concepts)))
    for form, said in data.get("form", {}).items():
        phrases += [(tuple(p.split()), "form", (form,)) for p in said]
    phrases += [(tuple(p.split()), "marker", ("asked",)) for p in data.get("marker", {}).get("asked", [])]
    for form, said in data.get("form_shift", {}).items():
        phrases += [(tuple(p.split()), "form_shift", (form,)) for p in said]
    for form, said in data.get("stop", {}).items():
        if form == "phrases":  # several words that together carry no meaning ("once it", "at once")
            phrases += [(tuple(p.split()), "stop", ()) for p in said]
    phrases = [(tuple(w.strip("'\"") for w in words), kind, values) for words, kind, values in phrases]
    by_first: dict[str, list] = {}
    for entry in sorted(phrases, key=lambda e: -len(e[0])):
        by_first.setdefault(entry[0][0], []).append(entry)
    return {"data": data, "category": category, "by_first": by_first,
            "stop": frozenset(data.get("stop", {}).get("words", "").split()),
            "lemma": data.get("lemma", {})}


def set_files() -> list[Path]:
    """The claim set files (``sets/*.toml``), in name order."""
    return sorted(SETS_DIR.glob("*.toml"))


@lru_cache(maxsize=1)
def set_tables() -> tuple[tuple[Path, dict], ...]:
    """Each claim set file with its parsed contents, read once for the concepts here and the claims
    (:mod:`.table`); kb/engine/rules.py reads their ``[rules.*]`` rows itself (kb.understand not imported)."""
    out = []
    for path in set_files():
        with path.open("rb") as handle:
            out.append((path, tomllib.load(handle)))
    return tuple(out)


def _merge_set_concepts(data: dict) -> None:
    """Add the ``[concepts.<category>]`` phrases (and ``[concepts.compound]`` / ``[concepts.lemma]``) of every
    claim set to ``data`` (the parsed concepts.toml): a concept may gain phrases in its own category only."""
    where_of = {concept: cat for cat in _CATEGORIES for concept in data.get(cat, {})}
    for path, parsed in set_tables():
        for cat, table in parsed.get("concepts", {}).items():
            if cat not in _CATEGORIES + ("compound", "lemma"):
                raise ValueError(f"claims/sets/{path.name}: [concepts.{cat}] is not a category of concepts.toml")
            for concept, said in table.items():
                if cat in _CATEGORIES:
                    if where_of.get(concept, cat) != cat:
                        raise ValueError(f"claims/sets/{path.name}: concept {concept!r} is a {where_of[concept]} "
                                         f"concept, not a {cat} one")
                    where_of[concept] = cat
                    data.setdefault(cat, {}).setdefault(concept, [])
                    data[cat][concept] = data[cat][concept] + [p for p in said if p not in data[cat][concept]]
                elif concept in data.get(cat, {}) and data[cat][concept] != said:
                    raise ValueError(f"claims/sets/{path.name}: [concepts.{cat}] {concept!r} differs from concepts.toml")
                else:
                    data.setdefault(cat, {})[concept] = said


def phrases_of(concept: str) -> list[tuple[str, ...]]:
    """The phrases (as word tuples) that name ``concept``."""
    table = concept_table()
    return [words for entries in table["by_first"].values() for words, kind, values in entries
            if kind == "concept" and concept in values]


@lru_cache(maxsize=4096)
def lemmas(word: str) -> frozenset[str]:
    """The forms ``word`` may be an inflection of: itself, without a possessive, plural or verb ending."""
    w = word.lower().strip("'\"")
    out = {w}
    if w.endswith("'s"):
        w = w[:-2]
        out.add(w)
    elif w.endswith("s'"):
        w = w[:-1]
        out.add(w)
    irregular = concept_table()["lemma"].get(w)
    if irregular:
        out.add(irregular)

    def add(stem: str) -> None:
        if len(stem) >= 3:
            out.add(stem)

    if w.endswith("ies"):
        add(w[:-3] + "y")
    if w.endswith("es"):
        add(w[:-2])
    if w.endswith("s") and not w.endswith("ss"):
        add(w[:-1])
    for ending in ("ed", "ing"):
        if w.endswith(ending):
            stem = w[: -len(ending)]
            add(stem)
            add(stem + "e")
            if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
                add(stem[:-1])  # "equipped", "setting"
            if ending == "ed" and w.endswith("ied"):
                add(w[:-3] + "y")
    if w.endswith("d") and w.endswith("ed"):
        add(w[:-1])  # "tributed" -> "tribute"
    return frozenset(out)


def _match_at(words: list[str | None], i: int, form_first: bool = False) -> tuple[int, str, tuple[str, ...]] | None:
    """The longest phrase starting at word ``i``: (its length, kind, values), or None; with ``form_first`` a
    form phrase wins over others of the same length ("has" opens a question before it means "controls")."""
    if words[i] is None:
        return None
    table = concept_table()
    best = None
    # the word as written first, then its other forms in a fixed order: a tie between two phrases of one length
    # is decided the same way in every run (a frozenset's order changes with the hash seed)
    surface = words[i].lower().strip("'\"")
    for first in sorted(lemmas(words[i]), key=lambda form: (form != surface, form)):
        for phrase, kind, values in table["by_first"].get(first, ()):
            n = len(phrase)
            if i + n > len(words) or best is not None and (
                    n < best[0] or n == best[0] and not (form_first and kind == "form" and best[1] != "form")):
                continue
            if all(words[i + k] is not None and phrase[k] in lemmas(words[i + k]) for k in range(1, n)):
                best = (n, kind, values)
    return best


def tag(words: list[str | None], clause_starts: set[int]) -> Tagged:
    """Tag ``words`` (None for a place no phrase may cross: a card, punctuation).

    The form is read from the first clause start (``clause_starts``, word indices) where a form phrase is;
    form words elsewhere are stop words when they are in the stop list, else unexplained.
    """
    table = concept_table()
    out = Tagged()
    i = 0
    while i < len(words):
        word = words[i]
        if word is None:
            i += 1
            continue
        found = _match_at(words, i, form_first=out.form is None and i in clause_starts)
        if found is not None and found[1] == "form" and (out.form is not None or i not in clause_starts):
            found = None  # a form word in the middle: a stop word ("is", "can") or unexplained ("must")
        if found is not None and found[1] == "form_shift":
            if out.form != "fact":
                found = None  # "able to" only turns an "is/does" question into a "can" question
            else:
                out.form = found[2][0]
                i += found[0]
                continue
        if found is not None and found[1] == "stop":
            i += found[0]
            continue
        if found is not None:
            n, kind, values = found
            if kind == "form":
                out.form = values[0]
            for value in values:
                out.tags.append(Tag(kind, value, i, i + n))
            i += n
            continue
        if word.lower() in table["stop"] or lemmas(word) & table["stop"]:
            i += 1
            continue
        out.unexplained.append(word)
        i += 1
    return out
