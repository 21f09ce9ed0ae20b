"""Stories of a monster's ATK changed by cards one after another ("X's ATK was raised to 3200 by Y, then Z is
applied. What is its ATK?"), read whole onto ``{"ask": "rule_fact", "topic": "atk"}`` (answered by
:mod:`kb.engine.atk_calc` from the cards' texts and the rulebook's layers).  A verb the story uses ("raised",
"halves") must agree with what the card's text does; a value the story states is checked by the engine.
Words are data (``scenario_cost_words.toml``, ``[atk]``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame

__all__ = ["read_atk_story"]

_CARD = r"e\d+(?: ' s| 's)?"
_KINDS_BY_VERB = {"up": ("gain", "double_current", "original_double"), "down": ("lose", "half_current", "original_half"),
                  "halved": ("half_current", "original_half"), "doubled": ("double_current", "original_double")}


def _ent(group: str | None) -> int | None:
    return int(group.split()[0][1:]) if group else None


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern:
    from .scenario_cost import alt

    a = "atk"
    verb = "|".join(f"(?P<v1_{k}>{alt(a, k)})" for k in ("up", "down", "halved", "doubled"))
    monster = rf"(?:(?P<m>{_CARD})|(?:my|a|an|the|one) (?P<n>\d+) atk monster)"
    first = (
        rf"(?:{monster}(?: 's|'s)? atk (?:was|is|has been|got|gets) (?:{verb})(?: to (?P<s1>\d+))? by (?P<c1>{_CARD})"
        rf"(?: effect)?|{monster.replace('?P<m>', '?P<mb>').replace('?P<n>', '?P<nb>')} is equipped with "
        rf"(?P<c1b>{_CARD})(?: \( (?P<s1b>\d+) atk \))?)"
    )
    does = "|".join(f"(?P<v2_{k}>{alt(a, 'does_' + k)})" for k in ("up", "down", "half", "double"))
    then = rf"(?: \.)? (?:and )?then (?P<c2>{_CARD})(?: effect)? (?:{alt(a, 'applied')}|{does})"
    return re.compile(rf"^{first}{then}(?: \.)? {alt(a, 'what')}$")


def _verb(m: re.Match, prefix: str) -> str | None:
    return next((k.split("_", 1)[1] for k, v in m.groupdict().items() if k.startswith(prefix) and v), None)


def _fits(kind: str, verb: str | None) -> bool:
    if verb is None:
        return True
    verb = {"half": "halved", "double": "doubled"}.get(verb, verb)
    return kind in _KINDS_BY_VERB[verb]


def read_atk_story(text: str, ents: set[int], card_of) -> Frame | None:
    """The ATK story of a flattened question (see :mod:`kb.understand.scenario_cost`), or None."""
    from ..engine.atk_calc import read_modifier

    m = _pattern().match(text)
    if m is None:
        return None
    monster_ent = _ent(m["m"] or m["mb"])
    stat = m["n"] or m["nb"]
    if monster_ent is not None:
        card = card_of(monster_ent)
        if card is None or not card.is_monster:
            return None
        monster, said = card.name, card.name
    elif stat:
        monster, said = {"atk": int(stat)}, f"a monster with {stat} ATK"
    else:
        return None
    applied = []
    for group, verb in ((m["c1"] or m["c1b"], _verb(m, "v1_")), (m["c2"], _verb(m, "v2_"))):
        card = card_of(_ent(group))
        mod = read_modifier(card) if card is not None else None
        if mod is None or not _fits(mod[0], verb):
            return None  # the card does not change ATK the way the story says
        applied.append(card.name)
    stated = [int(m["s1"] or m["s1b"]) if (m["s1"] or m["s1b"]) else None, None]
    question = {"ask": "rule_fact", "topic": "atk", "monster": monster, "applied": applied, "stated": stated}
    first = f" (to {stated[0]} ATK)" if stated[0] else ""
    return Frame(question, f"Rule fact: what is the ATK of {said} after {applied[0]}{first}, then {applied[1]}?",
                 used_entities=ents, uses_story=True)
