"""Materials checked against an Extra Deck monster's material line, when the line is one the simulator reads.

Link Summons (``N`` or ``N+`` monsters, Effect / Normal / Tuner / Level N monsters): the number of monsters,
each one's kind, face-up on the field of the Summoning player, and the Link Rating reached (a Link Monster
used as material counts as 1 or as its Link Rating, but it is still one monster: prb2017:link-summoning).
Synchro Summons ("1 Tuner + N or more non-Tuner monsters", or a Synchro Monster given by its stats: the
general rule): exactly one face-up Tuner, the non-Tuners, Levels adding up to the Synchro Monster's Level.
Xyz Summons ("N Level L monsters", or an Xyz Monster given by its stats: 2 or more monsters whose Level is
its Rank).  Any other line (Types, Attributes, names, "including") is not read: the answer stays "unknown".
"""

from __future__ import annotations

import re
from itertools import product

from .actions import Legality

__all__ = ["link_requirement", "check_link_materials", "check_materials"]

_LINE = re.compile(r"^(?P<n>\d+)(?P<plus>\+| or more)? (?:(?P<kind>Effect|Normal|Tuner)|Level (?P<lv>\d+))? ?"
                   r"[Mm]onsters?$")


# a material's own text about being material ("cannot be used as Link Material", "can be used as ... 2 materials")
_OWN_RULE = re.compile(r"(?:used|treated) as (?:a |an |the |\d )?(?:Link )?Materials?|as \d+ materials", re.I)


def link_requirement(card) -> dict | None:
    """``{"count", "more", "kind", "level"}`` of a Link Monster's material line, or None when it is not read."""
    line = (card.text or "").split("\n")[0].strip()
    found = _LINE.match(line)
    if not card.is_link or not found or not card.link_rating:
        return None
    return {"count": int(found["n"]), "more": bool(found["plus"]), "kind": found["kind"],
            "level": int(found["lv"]) if found["lv"] else None, "line": line}


def _fits(material, req: dict) -> bool:
    card = material.card
    kind = req["kind"]
    if kind == "Effect" and "Effect" not in card.abilities:
        return False
    if kind == "Normal" and ("Normal" not in card.abilities or "Effect" in card.abilities):
        return False
    if kind == "Tuner" and "Tuner" not in card.abilities:
        return False
    return req["level"] is None or card.level == req["level"]


def check_link_materials(state, player: str, inst, materials: list) -> Legality | None:
    """The Link Materials ``materials`` for the Link Summon of ``inst``; None when its line is not read."""
    req = link_requirement(inst.card)
    if req is None:
        return None
    legal = Legality()
    rule = "sim_link_materials"
    for m in materials:
        if _OWN_RULE.search(m.card.text or ""):
            return legal.add("materials", "unknown", f"{m.name}'s text speaks of its use as material: not read", rule,
                             "card_text_overrides")
        if m.location not in ("monster", "emz") or m.controller != player or m.face != "up":
            return legal.add("materials", "fail", f"{m.name} is not a face-up monster {player} controls", rule)
        if not _fits(m, req):
            return legal.add("materials", "fail", f"{m.name} is not one of \"{req['line']}\"", rule)
    count = len(materials)
    if count < req["count"] or (not req["more"] and count > req["count"]):
        return legal.add("materials", "fail", f"\"{req['line']}\" needs {req['count']}{'+' if req['more'] else ''} "
                                              f"monster(s); {count} given (a Link Monster is still 1 monster)", rule)
    options = [(1, m.card.link_rating) if m.card.is_link and m.card.link_rating else (1,) for m in materials]
    totals = {sum(choice) for choice in product(*options)}
    rating = inst.card.link_rating
    if rating not in totals:
        return legal.add("materials", "fail", f"{', '.join(m.name for m in materials)} cannot make Link Rating "
                                              f"{rating} (possible: {', '.join(map(str, sorted(totals)))})", rule)
    return legal.add("materials", "pass", f"{', '.join(m.name for m in materials)}: \"{req['line']}\", Link Rating "
                                          f"{rating} reached (a Link Monster counts as 1 or its Link Rating)", rule)


_PLAIN = "(a monster described by its stats only"  # the text of a monster given by its stats (setup.py)
# a material's own text about its use for these Summons or its Level there ("treated as a Level 5 monster")
_OWN_LEVEL_RULE = re.compile(r"(?:Synchro|Xyz) (?:Material|Summon)|treated as (?:a )?Level|Level of (?:this card|a "
                             r"monster) (?:can be|is) treated", re.I)
_SYNCHRO_LINE = re.compile(r"^1 Tuner(?: monster)? \+ (?P<n>\d+)(?P<plus>\+| or more) non-Tuner(?: monsters?|s)?$")
_XYZ_LINE = re.compile(r"^(?P<n>\d+)(?P<plus>\+| or more)? Level (?P<lv>\d+) monsters$")


def _level_requirement(card) -> dict | None:
    """``{"non_tuners", "more"}`` (Synchro) or ``{"count", "more", "level"}`` (Xyz) of a material line the
    simulator reads, or None."""
    line = (card.text or "").split("\n")[0].strip()
    plain = line.startswith(_PLAIN)
    frame = (card.extra_deck_frame or "").lower()
    if frame == "synchro" and card.level:
        found = None if plain else _SYNCHRO_LINE.match(line)
        if plain or found:
            return {"non_tuners": int(found["n"]) if found else 1, "more": bool(found["plus"]) if found else True,
                    "line": line if found else "a Tuner + 1 or more non-Tuner monsters (the general rule)"}
    if frame == "xyz" and card.rank:
        found = None if plain else _XYZ_LINE.match(line)
        if plain or found and int(found["lv"]) == card.rank:
            return {"count": int(found["n"]) if found else 2, "more": bool(found["plus"]) if found else True,
                    "level": card.rank, "line": line if found else f"2 or more Level {card.rank} monsters (the general "
                                                                   f"rule)"}
    return None


def _check_level_materials(state, player: str, inst, how: str, materials: list) -> Legality | None:
    req = _level_requirement(inst.card)
    if req is None:
        return None
    legal = Legality()
    rule = "sim_synchro_materials" if how == "synchro" else "sim_xyz_level_materials"
    for m in materials:
        if _OWN_RULE.search(m.card.text or "") or _OWN_LEVEL_RULE.search(m.card.text or ""):
            return legal.add("materials", "unknown", f"{m.name}'s text speaks of its use as material: not read", rule,
                             "card_text_overrides")
        if m.location not in ("monster", "emz") or m.controller != player or m.face != "up":
            return legal.add("materials", "fail", f"{m.name} is not a face-up monster {player} controls", rule)
        if m.card.level is None:
            return legal.add("materials", "fail", f"{m.name} has no Level (an Xyz or Link Monster)", rule,
                             "sim_material_xyz_no_level")
    count = len(materials)
    if how == "synchro":
        tuners = [m for m in materials if "Tuner" in m.card.abilities]
        if len(tuners) != 1:
            return legal.add("materials", "fail", f"a Synchro Summon uses exactly 1 Tuner; {len(tuners)} given", rule)
        others, total = count - 1, sum(m.card.level for m in materials)
        if others < req["non_tuners"] or (not req["more"] and others > req["non_tuners"]):
            return legal.add("materials", "fail", f"\"{req['line']}\": {others} non-Tuner monster(s) given", rule)
        if total != inst.card.level:
            return legal.add("materials", "fail", f"the materials' Levels add up to {total}, not {inst.name}'s Level "
                                                  f"{inst.card.level}", rule)
        return legal.add("materials", "pass", f"1 Tuner + {others} non-Tuner monster(s), Levels {total} = "
                                              f"{inst.name}'s Level", rule)
    wrong = [m for m in materials if m.card.level != req["level"]]
    if wrong:
        return legal.add("materials", "fail", f"{wrong[0].name} is Level {wrong[0].card.level}, not {req['level']} "
                                              f"(the Rank of {inst.name})", rule)
    if count < req["count"] or (not req["more"] and count > req["count"]):
        return legal.add("materials", "fail", f"\"{req['line']}\": {count} monster(s) given", rule)
    return legal.add("materials", "pass", f"{count} Level {req['level']} monsters for Rank {req['level']}", rule)


def check_materials(state, player: str, inst, how: str, materials: list) -> Legality | None:
    """The materials of a Link, Synchro or Xyz Summon against the monster's line; None when it is not read."""
    if how == "link":
        return check_link_materials(state, player, inst, materials)
    if how in ("synchro", "xyz"):
        return _check_level_materials(state, player, inst, how, materials)
    return None
