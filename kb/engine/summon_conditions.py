"""The kind of monster a "would be Summoned" condition names, checked against the monster Summoned:
"When a Level 5 or higher monster would be Special Summoned" (Steelswarm Roach), "a LIGHT or DARK
monster".  Only Levels ("Level N or higher/lower") and Attributes are checked; a condition that names
anything else (Rank, Tuner, Effect Monster, a Type) is not decided here.
"""

from __future__ import annotations

import re

__all__ = ["answer_summon_reach", "kind_condition"]

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


def answer_summon_reach(session, question: dict) -> dict:
    """``{"ask": "summon_reach", "card": {"card": X}, "how": <method>, "levels": [N, ...], "level": N}``:
    several monsters (of those Levels) are Summoned at once and X negates the Summon; is the Summon of the
    Level ``level`` monster negated?  X must be able to negate that Summon at all (the ``negate`` question),
    then only the monsters of the kind its condition names are negated."""
    from ..errors import BadQuestionError
    from . import ask, card_profile
    from .rules import citation

    levels, level, how = question.get("levels"), question.get("level"), question.get("how")
    if not isinstance(levels, list) or not levels or any(type(n) is not int for n in levels) or level not in levels:
        raise BadQuestionError("levels lists the Levels Summoned at once and level is one of them", "levels", levels)
    card = question.get("card") or {}
    negate = ask(session, {"ask": "negate", "card": card, "summon": {
        "card": {"class": {"type": "monster"}}, "how": how, "by": "procedure", "count": len(levels)}})
    base = {"card": negate.get("card"), "resolved": {"card": negate.get("card"), "level": level},
            "assumed": list(negate.get("assumed", [])), "rulings": negate.get("rulings", [])}
    if negate["answer"] != "yes":
        return {**base, "answer": negate["answer"], "steps": negate["steps"],
                "explanation": f"{negate['answer']}: whether {negate.get('card')} negates this Summon at all: "
                               f"{negate['explanation']}"}
    raws = {(e.get("condition") or {}).get("raw") or "" for e in card_profile(session, card["card"])
            if "negate_summon" in (e.get("categories") or [])}
    kinds = {kind_condition(raw, {"level": level}) for raw in raws}
    kind = kinds.pop() if len(kinds) == 1 else None
    if kind is None:
        answer, detail = "unknown", "which of the monsters its condition names is not read"
    else:
        answer = "yes" if kind[0] == "pass" else "no"
        detail = f"only the Summons of the monsters its condition names are negated: {kind[1]}"
    step = {"check": "which Summons", "result": {"yes": "pass", "no": "fail"}.get(answer, "unknown"),
            "detail": detail, **citation("summon_negation_reach")}
    return {**base, "answer": answer, "steps": negate["steps"] + [step],
            "explanation": f"{answer}: {negate.get('card')} negates the Summon; is the Level {level} monster's "
                           f"negated? {detail[0].upper() + detail[1:]}."}
