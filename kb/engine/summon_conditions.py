"""The kind of monster a "would be Summoned" condition names, checked against the monster Summoned:
"When a Level 5 or higher monster would be Special Summoned" (Steelswarm Roach), "a LIGHT or DARK
monster".  Only Levels ("Level N or higher/lower") and Attributes are checked; a condition that names
anything else (Rank, Tuner, Effect Monster, a Type) is not decided here.
"""

from __future__ import annotations

import re

__all__ = ["kind_condition"]

_LEVEL = re.compile(r"\bLevel (\d+) or (higher|lower)\b")
_ATTRIBUTES = ("LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")
_ATTRIBUTE = re.compile(r"\b(" + "|".join(_ATTRIBUTES) + r")\b")
_OTHER_KINDS = re.compile(r"\b(?:Rank|Tuner|Effect Monster|Normal Monster|Link|Xyz|Synchro|Fusion|Ritual|Pendulum|"
                          r"Token|-Type|Warrior|Dragon|Spellcaster|Zombie|Machine|Fiend|Beast|Fairy)\b")


def kind_condition(raw: str, stats: dict | None) -> tuple[str, str] | None:
    """``("pass"|"fail", why)`` when the condition's Level and Attribute decide for a monster of ``stats``
    (``{"level", "attribute", "rank", "link"}``), None when the condition names no such kind or one not checked here."""
    clause = raw.split(":")[0]
    level, attributes = _LEVEL.search(clause), set(_ATTRIBUTE.findall(clause))
    if not stats or not (level or attributes) or _OTHER_KINDS.search(clause):
        return None
    reasons = []
    if level:
        n, way = int(level.group(1)), level.group(2)
        if stats.get("level") is None:
            if stats.get("rank") is not None or stats.get("link") is not None:  # Xyz and Link Monsters
                return "fail", "it has no Level (an Xyz Monster has a Rank, a Link Monster a Link Rating)"
            return None
        ok = stats["level"] >= n if way == "higher" else stats["level"] <= n
        reasons.append((ok, f"Level {stats['level']} is{'' if ok else ' not'} Level {n} or {way}"))
    if attributes:
        if not stats.get("attribute"):
            return None
        ok = stats["attribute"].upper() in attributes
        reasons.append((ok, f"{stats['attribute'].upper()} is{'' if ok else ' not'} "
                            f"{' or '.join(sorted(attributes))}"))
    failed = [why for ok, why in reasons if not ok]
    return ("fail", "; ".join(failed)) if failed else ("pass", "; ".join(why for _ok, why in reasons))
