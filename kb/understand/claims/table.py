"""The claims table (``claims.toml``): rule propositions as data, each with the concepts it requires and
tolerates, the question forms it answers, the answer and the :data:`kb.engine.rules.RULES` row that states
it.  :func:`claims` loads and checks the table once; :func:`problems` lists what is wrong with it (the
test of the table calls it).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from .tagger import concept_table, set_tables

__all__ = ["CLAIMS_FILE", "Claim", "candidates", "claims", "default_tolerated", "problems"]

CLAIMS_FILE = Path(__file__).with_name("claims.toml")
_FORMS = frozenset({"can", "must", "fact"})


@dataclass(frozen=True)
class Claim:
    """One rule proposition.

    ``requires`` is a tuple of alternatives (``"activate|use"``: either word satisfies it); ``asked`` the
    concepts of the asked predicate when it matters which is asked and which given.  ``key`` is what the
    claim says: two claims with one key must give one answer.
    """

    id: str
    said: str
    requires: tuple[frozenset[str], ...]
    tolerates: frozenset[str]
    forms: frozenset[str]
    answer: str
    rule: str
    detail: str
    asked: frozenset[str] = frozenset()
    excludes: frozenset[str] = frozenset()  # concepts (said, or kinds of a named card) that rule it out
    guard: tuple[str, ...] | None = None  # phrases of a named card's text that speak to it (None: its acts')
    marker: bool = False  # only with an asked-predicate marker ("treated as", "count as")
    before: tuple[tuple[str, str], ...] = ()  # (a, b): when both are said, a first ("in a Main Monster Zone point to")
    all_before: tuple[tuple[str, str], ...] = ()  # (a, b): when both are said, every a before the first b
    file: str = "claims.toml"  # the table file that holds it (claims.toml or sets/<name>.toml)

    @cached_property
    def allowed(self) -> frozenset[str]:
        """Every concept a question may carry for this claim."""
        out = set(self.tolerates) | default_tolerated()
        for group in self.requires:
            out |= group
        if "send_gy" in out:
            out.add("gy")  # "send X to the GY" read as the act and the place
        return frozenset(out)

    @property
    def key(self) -> tuple:
        """What the claim says, regardless of its answer (two claims with one key must agree)."""
        return (tuple(sorted(tuple(sorted(g)) for g in self.requires)), tuple(sorted(self.forms)),
                tuple(sorted(self.asked)), tuple(sorted(self.excludes)), self.marker,
                tuple(sorted(self.before)), tuple(sorted(self.all_before)))  # an order and its reverse say two things


@lru_cache(maxsize=1)
def _raw() -> dict:
    """claims.toml with the claims of every set file (``sets/*.toml``) after its own, each row knowing its file."""
    with CLAIMS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    rows = [dict(row, file="claims.toml") for row in data.get("claim", [])]
    for path, parsed in set_tables():
        rows += [dict(row, file=f"sets/{path.name}") for row in parsed.get("claim", [])]
    data["claim"] = rows
    return data


@lru_cache(maxsize=1)
def default_tolerated() -> frozenset[str]:
    """Concepts every claim tolerates (the asker, the head noun "monster")."""
    return frozenset(_raw().get("default", {}).get("tolerates", []))


@lru_cache(maxsize=1)
def claims() -> tuple[Claim, ...]:
    """Every claim of the table, in its order."""
    out = []
    for row in _raw().get("claim", []):
        out.append(Claim(
            id=row["id"], said=row["said"],
            requires=tuple(frozenset(r.split("|")) for r in row["requires"]),
            tolerates=frozenset(row.get("tolerates", [])),
            forms=frozenset(row.get("forms", ["can", "fact"])),
            answer=row["answer"], rule=row["rule"], detail=row["detail"],
            asked=frozenset(row.get("asked", [])), excludes=frozenset(row.get("excludes", [])),
            guard=tuple(row["guard"]) if "guard" in row else None, marker=bool(row.get("marker", False)),
            before=tuple(tuple(pair) for pair in row.get("before", [])),
            all_before=tuple(tuple(pair) for pair in row.get("all_before", [])), file=row["file"],
        ))
    return tuple(out)


_INDEXED: tuple = (None, None)  # (the claims() tuple indexed, its index): rebuilt when the table is reloaded


def _index(table: tuple[Claim, ...]) -> tuple[dict[str, frozenset[int]], dict[str, frozenset[int]]]:
    """(form -> positions of the claims answering it, concept -> positions of the claims allowing it)."""
    global _INDEXED
    indexed, index = _INDEXED
    if indexed is table:
        return index
    by_form: dict[str, set[int]] = {}
    by_concept: dict[str, set[int]] = {}
    for position, claim in enumerate(table):
        for form in claim.forms:
            by_form.setdefault(form, set()).add(position)
        for concept in claim.allowed:
            by_concept.setdefault(concept, set()).add(position)
    index = ({k: frozenset(v) for k, v in by_form.items()}, {k: frozenset(v) for k, v in by_concept.items()})
    _INDEXED = (table, index)
    return index


def candidates(form: str, said) -> list[Claim]:
    """The claims, in table order, that answer questions of ``form`` and allow every concept of ``said``
    (what :func:`kb.understand.claims.reader.match_claims` checks further), looked up in an index of the
    table by form and by allowed concept rather than tried one by one."""
    table = claims()
    by_form, by_concept = _index(table)
    found = by_form.get(form, frozenset())
    for concept in sorted(said, key=lambda c: len(by_concept.get(c, ()))):
        if not found:
            break
        found = found & by_concept.get(concept, frozenset())
    return [table[position] for position in sorted(found)]


def problems() -> list[str]:
    """What is wrong with the table: unknown concepts, forms or rule keys, duplicate ids, two claims saying
    the same with different answers."""
    from ...engine.rules import RULES

    table = concept_table()
    known = set(table["category"])
    out, ids, by_key = [], set(), {}
    named: dict[tuple[str, ...], set] = {}
    for entries in table["by_first"].values():
        for words, kind, values in entries:
            if kind == "concept":
                named.setdefault(words, set()).add(values)
    out += [f"the phrase {' '.join(w)!r} names several concepts: {sorted(v)}" for w, v in named.items() if len(v) > 1]
    for concept in default_tolerated() - known:
        out.append(f"default tolerates unknown concept {concept!r}")
    for claim in claims():
        where = f"{claim.file} claim {claim.id!r}"
        if claim.id in ids:
            out.append(f"{where}: duplicate id")
        ids.add(claim.id)
        used = {c for g in claim.requires for c in g} | claim.tolerates | claim.asked | claim.excludes
        out += [f"{where}: before {list(p)!r} is not two concepts" for p in claim.before + claim.all_before
                if len(p) != 2]
        used |= {c for p in claim.before + claim.all_before for c in p}
        out += [f"{where}: unknown concept {c!r}" for c in sorted(used - known)]
        out += [f"{where}: unknown form {f!r}" for f in sorted(claim.forms - _FORMS)]
        if claim.rule not in RULES:
            out.append(f"{where}: rule {claim.rule!r} is not a RULES row")
        if claim.answer not in ("yes", "no"):
            out.append(f"{where}: answer {claim.answer!r} is not yes or no")
        if not claim.asked <= {c for g in claim.requires for c in g}:
            out.append(f"{where}: asked concepts must be required")
        other = by_key.setdefault(claim.key, claim)
        if other is not claim and other.answer != claim.answer:
            out.append(f"{where} says what {other.id!r} says with another answer")
    return out
