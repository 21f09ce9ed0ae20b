"""Link Materials checked against a Link Monster's material line, when the line is one the simulator reads
(``N`` or ``N+`` monsters, Effect / Normal / Tuner / Level N monsters): the number of monsters, each one's
kind, face-up on the field of the Summoning player, and the Link Rating reached (a Link Monster used as
material counts as 1 or as its Link Rating, but it is still one monster: prb2017:link-summoning).  Any
other line (Types, Attributes, names, "including") is not read: the answer stays "unknown"."""

from __future__ import annotations

import re
from itertools import product

from .actions import Legality

__all__ = ["link_requirement", "check_link_materials"]

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
