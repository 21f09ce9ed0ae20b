"""Expressions that mean the same thing to a player (query expansion data)."""

from __future__ import annotations

__all__ = ["SYNONYM_GROUPS"]

# Groups of expressions that mean the same thing to a player; each finds the others.  Abbreviations
# are listed with their expansion; stemming already joins word forms (banish/banished, timing/timed).
SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("gy", "graveyard", "cemetery"),
    ("banish", "remove from play", "removed from play"),
    ("segoc", "simultaneous effects go on chain", "simultaneously"),
    ("ss", "special summon"),
    ("ns", "normal summon"),
    ("lp", "life points"),
    ("dp", "draw phase"),
    ("sp", "standby phase"),
    ("mp1", "main phase 1"),
    ("mp2", "main phase 2"),
    ("bp", "battle phase"),
    ("ep", "end phase"),
    ("ed", "extra deck"),
    ("emz", "extra monster zone"),
    ("mmz", "main monster zone"),
    ("stz", "spell trap zone", "spell & trap zone"),
    ("s/t", "spell/trap", "spell trap"),
    ("opt", "once per turn"),
    ("hopt", "hard once per turn", "once per turn"),
    ("tribute", "release"),
    ("xyz material", "overlay unit", "xyz materials"),
    ("def", "defense", "defence"),
    ("mr3", "master rule 3"),
    ("mr4", "master rule 4", "new master rule"),
    ("mr5", "master rule 5"),
    ("lingering effect", "floating effect"),
    ("hand trap", "handtrap"),
    ("spell speed 1", "ss1"),
    ("spell speed 2", "ss2"),
    ("spell speed 3", "ss3"),
    ("field spell", "field magic"),
    ("spell card", "magic card"),
    ("trap card", "trap"),
    ("summon", "summoning"),
)
