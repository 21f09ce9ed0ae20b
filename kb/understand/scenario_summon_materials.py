"""Synchro and Xyz Summons with materials given by Level (or named), answered by the simulator's material
checks (:mod:`kb.engine.sim.materials`): e.g. a Level 2 Tuner plus a Level 4 non-Tuner asked to make a
Level 6 Synchro Monster, three Level 3 monsters asked to make a Rank 3 Xyz Monster, or a named Synchro Monster
asked with a named Tuner and a monster given by its Level.

The monsters the question gives by their Level are face-up monsters without effects on A's field (Tuners
when it says so); a Synchro or Xyz Monster given by its Level or Rank is one without effects, whose material
line is the general rule.  Registered by :func:`kb.understand.scenario_summons.summon_questions` /
``SUMMON_FACTS``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft

__all__ = ["MATERIAL_FACTS", "material_questions"]

_COUNT = {"a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3}
_ITEM = re.compile(r"(?P<n>an|a|one|two|three|[123]) level (?P<lv>\d+) (?:(?P<t>tuners?|non-tuners?) ?)?(?:monsters?)?"
                   r"|(?P<e>e\d+)")
_ITEMS = (r"(?:(?:an|a|one|two|three|[123]) level \d+ (?:(?:tuners?|non-tuners?) ?)?(?:monsters?)?|e\d+)"
          r"(?:(?: ,)?(?: and)? (?:(?:an|a|one|two|three|[123]) level \d+ (?:(?:tuners?|non-tuners?) ?)?(?:monsters?)?|"
          r"e\d+))*")


def _materials(d: Draft, words: str) -> list[str] | None:
    """Put the monsters of a list ("a Level 3 Tuner and two Level 4 monsters", named monsters) face-up on A's
    field; their names, or None when an item is not a monster or a Level is impossible."""
    names, said = [], []
    for found in _ITEM.finditer(words):
        if found["e"]:
            card = d.card_of(int(found["e"][1:]))
            if card is None or not card.is_monster or card.name in d.monsters:
                return None
            d.player("A").setdefault("monsters", []).append({"card": card.name})
            d.monsters[card.name] = "A"
            names.append(card.name)
            said.append(card.name)
            continue
        level, tuner = int(found["lv"]), (found["t"] or "").startswith("tuner")
        if not 1 <= level <= 12:
            return None
        count = _COUNT[found["n"]]
        for _ in range(count):
            extra = {"tuner": True} if tuner else {}
            names.append(d.add_monster("A", "monsters", f"my Level {level} {'Tuner' if tuner else 'monster'}",
                                       level=level, **extra))
        said.append(f"{count} Level {level} {'Tuner' if tuner else 'non-Tuner monster'}{'s' if count > 1 else ''}")
    if not names:
        return None
    d.said.append(f"A controls, face-up: {', '.join(said)} (no effects)")
    return names


def _fact_controls(d: Draft, m: re.Match) -> bool:
    if d.actions or d.said or d.chain or d.player("A").get("monsters"):
        return False
    got = _materials(d, m["items"])
    if got is None:
        return False
    d.chain_materials = got  # type: ignore[attr-defined]  (read by the question of the next sentence)
    return True


def _target(d: Draft, how: str, m: re.Match) -> str | None:
    """The Synchro / Xyz Monster asked about, in A's Extra Deck: named (of that kind) or given by Level/Rank."""
    if m["z"]:
        card = d.card_of(int(m["z"][1:]))
        if card is None or (card.extra_deck_frame or "").lower() != how:
            return None
        d.player("A").setdefault("extra", []).append({"card": card.name, "id": "summoned"})
        return card.name
    value = int(m["lv"])
    if not 1 <= value <= 12:
        return None
    name = f"a {'Level' if how == 'synchro' else 'Rank'} {value} {how.title()} Monster"
    d.player("A").setdefault("extra", []).append({"name": name, "frame": how, "level": value, "id": "summoned"})
    return name


def _q_summon(d: Draft, m: re.Match):
    how = m["how"]
    if not m["z"] and m["kind"] != ("level" if how == "synchro" else "rank"):
        return None  # a Synchro Monster has a Level, an Xyz Monster a Rank
    if m["items"]:
        if d.actions or d.said or d.chain:
            return None
        materials = _materials(d, m["items"])
    else:
        materials = getattr(d, "chain_materials", None)
    if not materials:
        return None
    target = _target(d, how, m)
    if target is None:
        return None
    d.actions.append({"do": "special_summon", "card": "summoned", "how": how, "from": "extra",
                      "materials": list(materials)})
    return {"kind": "legal"}, f"can A {how.title()} Summon {target} using {', '.join(materials)}"


@lru_cache(maxsize=1)
def material_questions() -> list:
    """The question shapes of this module (name, pattern, handler(draft, match))."""
    target = r"(?:(?P<z>e\d+)|(?:a |an |one )?(?P<kind>level|rank) (?P<lv>\d+) (?:synchro |xyz )?monster)"
    return [
        (
            "a Synchro or Xyz Summon of a monster of a Level or Rank, with materials given by Level",
            re.compile(
                rf"^(?:can|could) (?:i|you) (?P<how>synchro|xyz) summon {target}"
                rf"(?: (?:using|with|by using) (?:them|those monsters|these monsters|those|them as materials?)|"
                rf" (?:using|with|by using) (?P<items>{_ITEMS})(?: as (?:the )?materials?)?)?$"
            ),
            _q_summon,
        ),
    ]


@lru_cache(maxsize=1)
def _facts() -> list:
    return [
        (
            "A controls monsters given by Level (Tuners or not)",
            re.compile(rf"^i (?:control|have)(?: only)? (?P<items>{_ITEMS})(?: face-up)?(?: on (?:the|my) field)?$"),
            _fact_controls,
        ),
    ]


def MATERIAL_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler(draft, match))."""
    return _facts()
