"""Story shapes with named cards for :mod:`kb.understand.scenario`: a card chained to another that
Special Summons a monster ("Call of the Haunted, chained to Terraforming, Special Summons Magma Dragon"),
and the question whether that monster's effect can be activated after the chain (missing the timing is
decided by the simulator from its log, docs/simulator.md).

The story gives the chain only; where each card was is left to the simulator (a Spell in the hand, a
Trap Set on an earlier turn, the revived monster in the GY) and said under ``assumed``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario import Draft
from .story import ACTOR, actor_player

__all__ = ["CHAIN_FACTS", "chain_questions"]

_CARD = r"e\d+(?: ' s| 's)?"


def _name(d: Draft, group: str, m: re.Match) -> str | None:
    card = d.card_of(int(m[group].split()[0][1:]))
    return card.name if card is not None else None


def _fact_chain_summon(d: Draft, m: re.Match) -> bool:
    """Link 1 ``y`` (by its controller), link 2 ``x`` chained to it Special Summons ``z``."""
    if d.actions or d.said or d.chain:
        return False
    x, y, z = (_name(d, g, m) for g in ("x", "y", "z"))
    if None in (x, y, z) or len({x, y, z}) < 3:
        return False
    first = actor_player(m["a1"]) if "a1" in m.groupdict() and m["a1"] else "A"
    second = actor_player(m["a2"]) if "a2" in m.groupdict() and m["a2"] else first
    if first == "B":
        d.state["turn"] = "B"  # the player who starts the chain is taken as the turn player
    d.actions += [{"do": "activate", "player": first, "card": y},
                  {"do": "activate", "player": second, "card": x, "targets": [z]}]
    d.chain = {"first": y, "second": x, "summoned": z}
    d.said.append(f"{first} activates {y}; {second} chains {x} (Chain Link 2), which Special Summons {z}")
    return True


@lru_cache(maxsize=1)
def _chain_facts() -> list:
    actor = rf"(?P<a1>{ACTOR})"
    actor2 = rf"(?P<a2>{ACTOR})"
    return [
        ("X, chained to Y, Special Summons Z",
         re.compile(rf"^(?P<x>{_CARD}) (?:which is |that is )?chained to (?P<y>{_CARD}) special summons "
                    rf"(?P<z>{_CARD})$"), _fact_chain_summon),
        ("Z is Special Summoned by X chained to Y",
         re.compile(rf"^(?P<z>{_CARD}) is special summoned by (?P<x>{_CARD}) (?:which was |that was )?chained "
                    rf"to (?P<y>{_CARD})$"), _fact_chain_summon),
        ("A activates Y and B chains X to Special Summon Z",
         re.compile(rf"^{actor} activates? (?P<y>{_CARD}) (?:and )?(?:{actor2} )?chains? (?P<x>{_CARD}) "
                    rf"to special summon (?P<z>{_CARD})$"), _fact_chain_summon),
    ]


def CHAIN_FACTS() -> list:  # noqa: N802 - a table, read like the constant it stands for
    """The story shapes of this module (name, pattern, handler)."""
    return _chain_facts()


def _q_activates(d: Draft, m: re.Match):
    if not d.chain or _name(d, "z", m) != d.chain["summoned"]:
        return None
    if m["y"] and _name(d, "y", m) != d.chain["first"]:
        return None
    z = d.chain["summoned"]
    return {"kind": "activates", "card": z}, f"can {z}'s effect be activated after the chain"


@lru_cache(maxsize=1)
def chain_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return [
        ("can Z's effect be activated", re.compile(
            rf"^(?:can|does|will|would) (?P<z>{_CARD}) (?:(?:mandatory|optional|trigger) )?(?:effect )?"
            rf"(?:still )?(?:be activated|activate|trigger)(?: after the chain| afterwards| after that)?"
            rf"(?: even though (?P<y>{_CARD}) resolves (?:afterwards|after it|last|after))?$"), _q_activates),
    ]
