"""What an effect acts on: the objects of its destroying, banishing and damaging, read from its text.

An activation condition can name what the activation *would do* to which cards ("When your opponent
activates a Spell Card that would destroy a Spell/Trap(s) on the field").  :func:`would_object` reads such
a clause into an object ``{"act", "kinds", "where", "side", "count", "at_least"}``; :func:`effect_objects`
reads the same shape from an effect's resolution (after ``:`` and ``;``); :func:`object_match` says whether
an effect's objects meet the condition's: ``pass``, ``fail`` or ``unknown`` (whenever the reading is not
sure — a wrong yes/no is worse than "unknown").

``kinds`` is a list of ``Monster``/``Spell``/``Trap`` (``None``: not read); ``side`` is relative to the
controller of the text's card (``own``, ``opponent``, ``both``; ``None``: not said); ``count`` is a
number, ``"all"`` or ``None``; ``at_least`` is the "N or more" of a condition.
"""

from __future__ import annotations

import re

from ...text import fold_quotes
from .sentences import top_level_index

__all__ = ["would_object", "effect_objects", "object_match", "objects_match", "describe_object", "resolution_text"]

# the verbs of the acts read, as they are written in a condition ("would destroy") and in an effect
ACTS = {"destroy": r"[Dd]estroy(?:s|ed)?", "banish": r"[Bb]anish(?:es|ed)?",
        "damage": r"[Ii]nflicts?\s+(?:effect\s+)?damage|[Ii]nflict\s+\d+\s+damage"}
_NUMBER = {"a": 1, "an": 1, "1": 1, "one": 1, "2": 2, "two": 2, "3": 3, "three": 3, "4": 4, "5": 5}

# kind words in an object noun phrase -> the card types they name ("cards" names every type)
_KIND_WORDS = [
    (r"\bSpells?/Traps?\b|\bSpell/Trap Cards?\b|\bSpells? and Traps?\b|\bSpell and Trap Cards?\b|"
     r"\bSpells? or Traps?\b|\bSpell or Trap Cards?\b|\bSpell Cards? and Trap Cards?\b|\bSpells/Traps\b",
     ("Spell", "Trap")),
    (r"\bSpell Cards?\b|\bSpells?\b", ("Spell",)),
    (r"\bTrap Cards?\b|\bTraps?\b", ("Trap",)),
    (r"\bmonsters?\b|\bTokens?\b", ("Monster",)),
    (r"\bcards?\b", ("Monster", "Spell", "Trap")),
]
# words that restrict a kind further (an Attribute, a Type, an archetype, a Level ...): the object is a
# narrower set than its kind words say; matching it against a condition is only sure one way
_NARROWING = re.compile(r'"|\b(?:LIGHT|DARK|EARTH|WATER|FIRE|WIND|DIVINE|Level|Rank|Link|ATK|DEF|Attack Position|'
                        r"Defense Position|Effect Monsters?|Normal Monsters?|Tuners?|Fusion|Synchro|Xyz|Ritual|"
                        r"Pendulum|Continuous|Equip|Field|Quick-Play|Counter|Normal Spells?|Normal Traps?|"
                        r"with|that|except|other than|[A-Z][a-z]+-Type)\b")
_REFERENCES = re.compile(r"^(?:that|those|the|this|these)\s+(?:targets?|targeted (?:cards?|monsters?))\b|^(?:it|them)\b",
                         re.IGNORECASE)


def resolution_text(effect_text: str) -> str:
    """The part of an effect's text that resolves: after the condition's ``:`` and the cost's ``;``."""
    text = fold_quotes(effect_text or "").split("\n●")[0]
    colon = top_level_index(text, ":")
    if colon >= 0:
        text = text[colon + 1:]
    semicolon = top_level_index(text, ";")
    return text[semicolon + 1:].strip() if semicolon >= 0 else text.strip()


def _where_side(phrase: str) -> tuple[str | None, str | None]:
    """(zone, side) an object noun phrase names: "on the field", "your opponent controls", "in your hand"."""
    where, side = None, None
    if re.search(r"\b(?:your opponent controls|your opponent's field|on your opponent's side|"
                 r"(?:face-up|Set) [^,.]*?your opponent controls)\b", phrase):
        where, side = "field", "opponent"
    elif re.search(r"\b(?:you control|on your (?:side of the )?field)\b", phrase):
        where, side = "field", "own"
    elif re.search(r"\bon the field\b|\bboth players control\b|\beither player controls\b", phrase):
        where, side = "field", "both"
    if re.search(r"\b(?:in|from) (?:your|their|the|your opponent's|each player's) (?:hand|Deck|GY|Graveyard|"
                 r"Extra Deck)\b", phrase):
        zone = re.search(r"\b(hand|Extra Deck|Deck|GY|Graveyard)\b", phrase).group(1)
        where = {"Graveyard": "gy", "GY": "gy", "Extra Deck": "extra"}.get(zone, zone.lower())
        side = "opponent" if "opponent's" in phrase else ("own" if re.search(r"\byour\b", phrase) else None)
    return where, side


def _count(phrase: str) -> tuple[int | str | None, int | None]:
    """(count, at_least) of an object noun phrase: "all ..." -> "all"; "2 or more" -> (None, 2)."""
    more = re.match(r"^(\d+|two|three) or more\b", phrase)
    if more:
        return None, _NUMBER.get(more.group(1), None) or int(more.group(1))
    if re.match(r"^(?:all|each|every|as many)\b", phrase, re.IGNORECASE):
        return "all", None
    upto = re.match(r"^up to (\d+|two|three)\b", phrase)
    if upto:
        return None, None
    number = re.match(r"^(?:the\s+)?(a|an|1|one|2|two|3|three|4|5)\b", phrase)
    return (_NUMBER[number.group(1)], None) if number else (None, None)


def _kinds(phrase: str) -> tuple[tuple[str, ...] | None, bool]:
    """(card types named, narrowed?) of an object noun phrase; ``None`` when it names no kind."""
    found: list[str] = []
    rest = re.sub(r'"[^"]*"', '"X"', phrase)
    for pattern, kinds in _KIND_WORDS:
        if re.search(pattern, rest):
            found.extend(k for k in kinds if k not in found)
            rest = re.sub(pattern, " ", rest)
    if not found:
        return None, False
    return tuple(k for k in ("Monster", "Spell", "Trap") if k in found), bool(_NARROWING.search(phrase))


def _object(act: str, phrase: str) -> dict:
    phrase = re.sub(r"\([^)]*\)", "", phrase).strip()
    phrase = re.sub(r"^(?:you can\s+)?(?:target(?:s|ing)?)\s+", "", phrase, flags=re.IGNORECASE)
    count, at_least = _count(phrase)
    kinds, narrowed = _kinds(phrase)
    where, side = _where_side(phrase)
    return {"act": act, "kinds": list(kinds) if kinds else None, "narrowed": narrowed, "where": where,
            "side": side, "count": count, "at_least": at_least, "phrase": phrase}


def would_object(body: str) -> dict | None:
    """The object a condition's "would <act> <what>" names, or ``None`` when the clause is not read.

    "destroy a Spell/Trap(s) on the field" -> destroy, Spell/Trap, field, both sides;
    "destroy 2 or more cards you control" -> destroy, any card, own side, at least 2;
    "inflict effect damage to you" -> damage to the own side.
    """
    body = fold_quotes(body).strip().rstrip(",.").strip()
    body = re.sub(r"^(?:would|that would|which would)\s+", "", body)
    damage = re.match(r"^inflicts?\s+(?:effect\s+)?damage\s+to\s+(you|your opponent|a player|either player)$", body)
    if damage:
        side = {"you": "own", "your opponent": "opponent"}.get(damage.group(1), "both")
        return {"act": "damage", "kinds": None, "narrowed": False, "where": None, "side": side, "count": None,
                "at_least": None, "phrase": body}
    for act in ("destroy", "banish"):
        match = re.match(r"^" + ACTS[act] + r"\s+(.+)$", body)
        if match:
            phrase = match.group(1)
            if re.search(r"\b(?:and|or|then|by|when|if|while|except)\b|[,;]", re.sub(
                    r"\bSpells? (?:and|or) Traps?\b|\bSpell (?:and|or) Trap Cards?\b|^(?:\d+|two|three) or more\b",
                    "", phrase)):
                return None  # more than one noun phrase, or a qualified act: not read
            obj = _object(act, phrase)
            if obj["kinds"] is None or obj["where"] is None or obj["narrowed"]:
                return None
            return obj
    return None


# an act in a resolution and the noun phrase after it, up to the end of the clause
_ACT_IN_TEXT = re.compile(r"\b(" + "|".join(f"(?P<{name}>{pattern})" for name, pattern in ACTS.items()) +
                          r")\b\s*(?P<object>[^.;]*?)(?=,\s*(?:and|then|but)\b|\s+and (?:if|then)\b|[.;]|"
                          r",\s*(?:if|also|except)\b|\s+(?:equal to|for each|instead)\b|$)")


def effect_objects(effect: dict) -> list[dict] | None:
    """The objects of every destroy/banish/damage act of an effect's resolution (``None``: none read).

    "that target" / "it" take the kinds of the effect's targets (``target_kinds``); an act in a
    conditional or optional clause ("then you can destroy ...") is marked ``sure: False``.
    """
    text = resolution_text(effect.get("text") or "")
    if not text:
        return None
    found = []
    for match in _ACT_IN_TEXT.finditer(text):
        act = next(name for name in ACTS if match.group(name))
        before = text[:match.start()]
        sure = not re.search(r"\b(?:you can|if you do|then|if|unless|also|you may)\b[^.;]*$", before,
                             re.IGNORECASE) and not re.search(r"\bcannot\b|\bwould\b|\bwas\b|\bwere\b|\bis\b",
                                                             before[-30:])
        if act == "damage":
            to = re.search(r"\bto (your opponent|you|each player|both players)\b", match.group(0))
            side = {"your opponent": "opponent", "you": "own"}.get(to.group(1), "both") if to else None
            found.append({"act": "damage", "kinds": None, "narrowed": False, "where": None, "side": side,
                          "count": None, "at_least": None, "phrase": match.group(0), "sure": sure})
            continue
        phrase = match.group("object").strip()
        if _REFERENCES.match(phrase):
            obj = _referenced(act, phrase, effect)
        else:
            obj = _object(act, phrase)
        obj["sure"] = sure and obj["kinds"] is not None
        found.append(obj)
    return found or None


_TARGET_TYPES = {"monster": ["Monster"], "spell_trap": ["Spell", "Trap"], "card": ["Monster", "Spell", "Trap"]}


def _referenced(act: str, phrase: str, effect: dict) -> dict:
    """"destroy that target" / "destroy it": the object is what the effect targeted."""
    target = effect.get("target_text") or ""
    kinds = effect.get("target_kinds") or []
    obj = _object(act, target) if target else {"act": act, "kinds": None, "narrowed": False, "where": None,
                                                "side": None, "count": None, "at_least": None}
    if not target or len(kinds) != 1 or kinds[0] not in _TARGET_TYPES:
        obj["kinds"] = None
    else:
        obj["kinds"] = _TARGET_TYPES[kinds[0]]
    obj["phrase"] = phrase
    return obj


def _sides(side: str | None, controller: str, other: str) -> set[str] | None:
    return {"own": {controller}, "opponent": {other}, "both": {controller, other}}.get(side or "")


def object_match(wanted: dict, objects: list[dict] | None, cond_controller: str, link_controller: str,
                 notes: list[str]) -> str:
    """Does an effect with ``objects`` (its controller ``link_controller``) do what ``wanted`` names?

    ``pass`` when an unconditional act of the effect surely meets it (kinds within the wanted kinds, on the
    wanted side and zone; "all" meets "N or more" only by assumption, added to ``notes``); ``fail`` when
    every act of that kind surely misses it and none is unsure; ``unknown`` otherwise.
    """
    if not objects:
        return "unknown"
    players = ("A", "B")
    cond_other = next(p for p in players if p != cond_controller) if cond_controller in players else None
    link_other = next(p for p in players if p != link_controller) if link_controller in players else None
    want_sides = _sides(wanted["side"], cond_controller, cond_other) if cond_other else None
    same = [o for o in objects if o["act"] == wanted["act"]]
    if not same:
        return "unknown"  # the act is in the effect's categories but its object was not read
    outcomes = []
    for obj in same:
        has_sides = _sides(obj["side"], link_controller, link_other) if link_other else None
        if wanted["act"] == "damage":
            if has_sides is None or want_sides is None:
                outcomes.append("unknown")
            elif has_sides <= want_sides:
                outcomes.append("pass" if obj.get("sure") else "unknown")
            elif not has_sides & want_sides:
                outcomes.append("fail")
            else:
                outcomes.append("unknown")
            continue
        kinds = set(obj["kinds"] or [])
        want_kinds = set(wanted["kinds"] or [])
        if not kinds or obj["where"] is None:
            outcomes.append("unknown")
            continue
        if not kinds & want_kinds or (obj["where"] != wanted["where"]) or (
                has_sides is not None and want_sides is not None and not has_sides & want_sides):
            outcomes.append("fail")
            continue
        if not kinds <= want_kinds or obj.get("narrowed") and kinds - want_kinds or has_sides is None or \
                want_sides is None or not has_sides & want_sides or not obj.get("sure"):
            outcomes.append("unknown")
            continue
        if wanted.get("at_least"):
            if obj["count"] == "all":
                notes.append(f"assume: it would {wanted['act']} {wanted['at_least']} or more cards then "
                             f"({obj['phrase']})")
            elif isinstance(obj["count"], int) and obj["count"] < wanted["at_least"]:
                outcomes.append("fail")
                continue
            elif not isinstance(obj["count"], int):
                outcomes.append("unknown")
                continue
        elif has_sides - want_sides and obj["count"] != "all":
            # "destroy 1 card on the field" meets "a card you control" only when it picks one of yours
            outcomes.append("unknown")
            continue
        outcomes.append("pass")
    if "pass" in outcomes:
        return "pass"
    return "fail" if all(o == "fail" for o in outcomes) else "unknown"


def describe_object(obj: dict) -> str:
    """ "destroy a Spell/Trap on the field", "inflict damage to its controller": an object in words."""
    if obj["act"] == "damage":
        return "inflict damage to " + {"own": "its controller", "opponent": "the opponent"}.get(obj["side"],
                                                                                               "a player")
    return f"{obj['act']} {obj['phrase']}"


def objects_match(wanted: list[dict], link_card, link_effect: dict, controller: str, link_controller: str,
                  notes: list[str]) -> str:
    """Every object a condition names against a chain link's effect (its ``objects``, else read now).

    ``fail`` becomes ``unknown`` when part of the link's text was not read: an unread part may do it.
    """
    objects = link_effect.get("objects")
    if objects is None:
        objects = effect_objects(link_effect)
    results = []
    for obj in wanted:
        result = object_match(obj, objects, controller, link_controller, notes)
        if result == "fail" and link_effect.get("unknown"):
            result = "unknown"
        results.append(result)
        if result == "pass":
            notes.append(f"{link_card.name} would {describe_object(obj)}")
    if "fail" in results:
        return "fail"
    return "pass" if all(r == "pass" for r in results) else "unknown"
