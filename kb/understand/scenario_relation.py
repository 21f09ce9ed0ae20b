"""Battles told by a relation instead of numbers, for :mod:`kb.understand.scenario` (registered through
:mod:`.scenario_battle`): a defender whose DEF is below the attacker's ATK and whether its controller takes
damage, two monsters of equal ATK and whether both are destroyed.

The result of a battle between monsters without effects depends only on how the attacker's ATK compares with
the target's ATK (Attack Position) or DEF (Defense Position), so any values with the relation told give the
same yes/no: values with that relation are simulated and said.  Questions of an amount ("how much damage?")
are not read (the draft's ``battle`` stays unset; the relation is ``Draft.relation``).  Words are data
(``scenario_words.toml``, section ``attacks``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft, alt, mon, opps

__all__ = ["RELATION_FACTS", "relation_questions"]


def _a(key: str) -> str:
    return alt("attacks", key)


# --------------------------------------------------------------------------- battles told by a relation

# relation -> (attacker ATK, the other value) simulated; any values with the relation give the same yes/no
_VALUES = {"lower": (2000, 1000), "higher": (1000, 2000), "same": (1500, 1500)}


def _relation(words: str) -> str | None:
    for key in ("lower", "higher", "same"):
        if re.fullmatch(_a(key), words):
            return key
    return None


def _relational_battle(d: Draft, mine_defends: bool, position: str, face: str, relation: str) -> tuple[str, str]:
    """A battle of monsters without effects whose values have ``relation`` (the target's value against the
    attacker's ATK): (attacker, target)."""
    atk, value = _VALUES[relation]
    attacker_side, target_side = ("B", "A") if mine_defends else ("A", "B")
    d.state["phase"] = "battle"
    if attacker_side == "B":
        d.state["turn"] = "B"
    attacker = d.add_monster(attacker_side, "monsters", "the attacking monster", atk=atk)
    stat = {"atk": value} if position == "attack" else {"def": value, "atk": 0}
    target = d.add_monster(target_side, "monsters", "the attacked monster", position=position,
                           **({"face": "down"} if face == "down" else {}), **stat)
    d.actions += [{"do": "attack", "player": attacker_side, "attacker": attacker, "target": target},
                  {"do": "damage_calculation"}]
    return attacker, target  # not d.battle: questions of an amount must not read a battle told by a relation


def _fact_relation(d: Draft, m) -> bool:
    """A battle told by how the values compare (a defender's DEF below the attacker's ATK and the like): a
    battle of monsters without effects, with values that have the relation told."""
    if d.actions or d.said or d.relation:
        return False
    relation = _relation(m["rel"])
    if relation is None:
        return False
    position = "defense" if m["dp"] or m["stat"] == "def" else "attack"
    # a monster compared by its DEF alone is in Defense Position (by its ATK alone, in Attack Position)
    if m["stat"] == "atk" and (m["dp"] or m["fd"]):
        return False  # a Defense Position monster's ATK does not decide a battle
    face = "down" if m["fd"] else "up"
    mine_defends = bool(m["attacked"])
    attacker, target = _relational_battle(d, mine_defends, position, face, relation)
    d.relation = (attacker, target, mine_defends)
    atk, value = _VALUES[relation]
    stat = "DEF" if position == "defense" else "ATK"
    said_rel = {"lower": "lower than", "higher": "higher than", "same": "equal to"}[relation]
    if relation == "same" and position == "attack":
        said_rel = "equal to (above 0: two 0 ATK monsters are not destroyed)"
    note = " (in Defense Position: only its DEF is compared)" if stat == "DEF" and not m["dp"] and not m["fd"] else ""
    d.said.append(f"{'my opponent' if mine_defends else 'I'} attack{'s' if mine_defends else ''} "
                  f"{'my' if mine_defends else 'a'} {'face-down ' if face == 'down' else ''}{position.title()} Position "
                  f"monster whose {stat} is {said_rel} the attacker's ATK{note} (any such values give the same result; "
                  f"{atk} ATK against {value} {stat} simulated)")
    return True


def _fact_same_atk(d: Draft, m) -> bool:
    """"Two monsters with the same ATK battle" (Attack Position; ATK above 0)."""
    if d.actions or d.said or d.relation:
        return False
    attacker, target = _relational_battle(d, False, "attack", "up", "same")
    d.relation = (attacker, target, False)
    d.said.append("two Attack Position monsters with the same ATK battle (above 0: two 0 ATK monsters are not "
                  "destroyed; 1500 ATK against 1500 ATK simulated)")
    return True


def _q_relation(d: Draft, m):
    """The yes/no asked after a battle told by a relation (told before, or in the same sentence)."""
    if m["cond"] is not None and not _fact_relation(d, m):
        return None
    if m["same_cond"] is not None and not _fact_same_atk(d, m):
        return None
    if not d.relation or len(d.said) != 1:
        return None
    return _asked(d, m, d.relation[2])


class _WithView:
    """The groups :func:`_fact_relation` reads, from a "monster with lower DEF" clause (``w``-prefixed groups)."""

    def __init__(self, match: re.Match) -> None:
        self._m = match

    def __getitem__(self, key):
        return self._m.groupdict().get("w" + key)


def _q_with(d: Draft, m: re.Match):
    """"Does my opponent take damage when my monster attacks a Defense Position monster with lower DEF?" and the
    like: the battle (told in the question, or before it) and the yes/no asked."""
    if m.groupdict().get("wrel") is not None and not _fact_relation(d, _WithView(m)):
        return None
    if not d.relation or len(d.said) != 1:
        return None
    return _asked(d, m, d.relation[2])


def _asked(d: Draft, m, mine_defends: bool):
    """The yes/no asked at the end of a relational battle: damage taken (by a player, or by anyone), or
    destroyed."""
    attacker, target = d.relation[0], d.relation[1]
    if m["who_dmg"]:
        who = "A" if m["who_dmg"] in ("i", "me") else "B"
        return {"kind": "outcome", "damage": who, "over": 0}, f"does {who} take battle damage"
    if m["any_dmg"]:
        return {"kind": "outcome", "damage": "total", "over": 0}, "is any battle damage dealt"
    if m["both"]:
        return {"kind": "outcome", "destroyed": [attacker, target]}, "are both monsters destroyed"
    whose = m["whose"]
    if whose is None:
        return None
    if whose == "my":
        name = target if mine_defends else attacker
    elif whose in ("my opponent's", "the opponent's", "their"):
        name = attacker if mine_defends else target
    else:
        name = attacker if "attacking" in whose else target
    return {"kind": "outcome", "destroyed": name}, f"is {name} destroyed"


@lru_cache(maxsize=1)
def _relation_clause() -> str:
    """The clause of a battle told by a relation (groups attacked, dp, fd, stat, rel; dp2, fd2 for the monster
    I attack)."""
    w_mon = mon()
    return (
        rf"(?:(?P<attacked>my (?:(?P<dp>{alt('positions', 'defense')}) |(?P<fd>face-down |face down ))?{w_mon} "
        rf"(?:gets|is) attacked)|i attack (?:a|an|{opps()}|an opponent's|an opponent ' s) "
        rf"(?:(?P<dp2>{alt('positions', 'defense')}) |(?P<fd2>face-down |face down ))?{w_mon}) "
        rf"(?:and (?:its|the) |whose )(?P<stat>atk|def) is (?P<rel>{_a('lower')}|{_a('higher')}|{_a('same')}) "
        rf"(?:than |as |to )?(?:the attacker(?:s| ' s|'s)|the attacking {w_mon}(?:s| ' s|'s)?|my {w_mon}"
        rf"(?:s| ' s|'s)) atk"
    )


@lru_cache(maxsize=1)
def _with_clause() -> str:
    """A battle whose target is "a monster with lower DEF" (than the attacker's ATK: the comparison is implied);
    groups wattacked, wdp, wfd, wrel, wstat."""
    w_mon = mon()
    return (
        rf"(?:my {w_mon} attacks|i attack(?: with my {w_mon})?|(?P<wattacked>(?:my opponent|the opponent|{opps()} "
        rf"{w_mon}) attacks my)) (?:a |an |{opps()} |an opponent's |an opponent ' s )?"
        rf"(?:(?P<wdp>{alt('positions', 'defense')}) |(?P<wfd>face-down |face down )|{alt('positions', 'attack')} )?"
        rf"{w_mon} with (?:a |an )?(?P<wrel>{_a('lower')}|{_a('higher')}|{_a('same')}) (?P<wstat>atk|def)"
        rf"(?: (?:than|as) (?:it|mine|it does|its atk|my {w_mon}(?:s| ' s|'s)?(?: atk)?|the attacker(?:s| ' s|'s)?"
        rf"(?: atk)?))?"
    )


@lru_cache(maxsize=1)
def _same_clause() -> str:
    return (rf"(?:(?:two|2) {mon()} (?:with|that have|that share) (?:the same|equal|identical) atk "
            rf"(?:battle|battle each other|attack each other|fight)|(?:both|two|2|the two) (?:battling )?{mon()} "
            rf"(?:have|share) (?:the same|equal|identical) atk(?: and battle)?)")


@lru_cache(maxsize=1)
def _relation_asked() -> str:
    """The yes/no questions read after a relational battle (groups who_dmg, any_dmg, both, whose)."""
    w_mon = mon()
    return (
        rf"(?:(?:do|will|would|does) (?P<who_dmg>i|my opponent|the opponent) take (?:any )?(?:battle )?damage|"
        rf"(?P<any_dmg>(?:is|will) (?:any )?(?:battle )?damage (?:be )?(?:dealt|inflicted)|"
        rf"does (?:anyone|either player) take (?:any )?(?:battle )?damage)|"
        rf"(?:are|will|do) (?:they )?(?P<both>both)(?: {w_mon})? (?:be |get )?(?:destroyed(?: by battle)?|die)|"
        rf"(?:is|will) (?P<whose>my|my opponent's|the opponent's|their|the attacked|the defending|the attacking|"
        rf"my attacking) {w_mon} (?:be )?destroyed(?: by battle)?)"
    )


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    return [
        (
            "a battle told by how ATK and DEF compare",
            re.compile(rf"^{_relation_clause()}$"),
            lambda d, m: _fact_relation(d, _Merged(m)),
        ),
        (
            "two monsters with the same ATK battle",
            re.compile(rf"^{_same_clause()}$"),
            _fact_same_atk,
        ),
        (
            "my monster attacks a Defense Position monster with lower DEF",
            re.compile(rf"^{_with_clause()}$"),
            lambda d, m: _fact_relation(d, _WithView(m)),
        ),
    ]


def RELATION_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


@lru_cache(maxsize=1)
def _questions() -> list:
    return [
        (
            "(a battle told by a relation,) battle damage or destruction asked",
            re.compile(rf"^(?:(?:if|when) (?P<cond>{_relation_clause()}) |(?:if|when) (?P<same_cond>{_same_clause()}) )?"
                       rf"{_relation_asked()}$"),
            lambda d, m: _q_relation(d, _Merged(m)),
        ),
        (
            "(if my monster attacks a Defense Position monster with lower DEF,) does my opponent take damage",
            re.compile(rf"^(?:if|when) {_with_clause()} {_relation_asked()}$"),
            _q_with,
        ),
        (
            "does my opponent take damage when my monster attacks a Defense Position monster with lower DEF",
            re.compile(rf"^{_relation_asked()} (?:if|when) {_with_clause()}$"),
            _q_with,
        ),
    ]


def relation_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return _questions()


class _Merged:
    """A match whose ``dp`` / ``fd`` groups are read from either alternative (the attacked monster is mine, or
    the one I attack)."""

    def __init__(self, match: re.Match) -> None:
        self._m = match

    def __getitem__(self, key):
        if key in ("dp", "fd"):
            return self._m[key] or self._m[key + "2"]
        return self._m[key]
