"""Summon and zone story shapes for :mod:`kb.understand.scenario`, answered by the simulator
(docs/simulator.md): Pendulum Scales and the Levels they allow, Pendulum Summons from the Extra Deck into
an Extra Monster Zone or a Main Monster Zone (by who points to it), a Pendulum Monster activated in an
occupied Spell & Trap Zone, Link Summons into a zone a Link Monster points to, an Extra Deck monster
sent to the GY without being Summoned (or a face-up one in the Extra Deck), and a named card that would
Special Summon it.

Monsters the story gives by no name are monsters without effects of the kind it says (a Pendulum Monster
with its Scale, a Synchro Monster ...); what the story does not give and cannot decide the answer (the
Scales of a Pendulum Summon asked about its zone) is said in the understood sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft

__all__ = ["ZONE_FACTS", "zone_questions"]

_CARD = r"e\d+(?: ' s| 's)?"
_ST_ZONE = r"(?:spell/trap|spell & trap|spell and trap|s/t|spell/trap card|spell & trap card) zone"
_SIDE = {"leftmost": 1, "left-most": 1, "left": 1, "rightmost": 5, "right-most": 5, "right": 5}
_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
_MR4 = r"(?:under (?P<mr4>(?:master|e\d+) rule 4|the 2017 rules|mr4) )?"  # "Master" may be read as a name
_INTO_ZONE = (r"(?:in)?to (?:a |my |the |an |one of my |one of the )?(?P<other>other )?"
              r"(?P<zone>main monster zone|extra monster zone)"
              r"(?: (?:(?:that|which) (?:is )?)?(?:pointed to|pointed at) by (?P<whose>my opponent's|my|my own) link "
              r"monster|(?P<nolink> that no link monsters? points? to| not pointed to by (?:a|any) link "
              r"monster| (?:while|when|if) (?:neither player controls|i control no|there are no) link monsters))?")


def _entity(d: Draft, token: str | None):
    return d.card_of(int(token.split()[0][1:])) if token else None


def _named(d: Draft, token: str | None, words: tuple[str, ...]) -> bool:
    """Whether ``token`` (``e<N>``) is a card whose name is one of the game terms ``words``."""
    card = _entity(d, token)
    return card is not None and card.name.lower() in words


def _scales(d: Draft) -> list[dict]:
    return [x for x in d.player("A").get("spells_traps", []) if "scale" in x]


def _plain(frame: str, name: str, level: int = 4, **more) -> dict:
    """A monster without effects of the frame ``frame`` (a Link Monster points down to its own zones)."""
    item = {"name": name, **more}
    if frame == "link":
        item["link_arrows"] = ["Bottom"]
    else:
        item["level"] = level
    if frame in _FRAMES:
        item["frame"] = frame
    return item


# ------------------------------------------------------------------------------------------ story


def _fact_scales(d: Draft, m: re.Match) -> bool:
    if d.actions or _scales(d) or (m["t"] and m["t"].startswith("e") and
                                   not _named(d, m["t"], ("pendulum scale", "pendulum scales"))):
        return False
    low, high = int(m["x"]), int(m["y"])
    if not (0 <= low <= 13 and 0 <= high <= 13):
        return False
    for zone, scale in ((1, low), (5, high)):
        d.player("A").setdefault("spells_traps", []).append(
            {"name": f"my Pendulum Scale {scale} ({'left' if zone == 1 else 'right'})", "scale": scale,
             "level": 4, "zone": zone, "face": "up"})
    d.said.append(f"A's Pendulum Scales are {low} and {high}")
    return True


def _fact_set_card(d: Draft, m: re.Match) -> bool:
    zone = _SIDE[m["side"]]
    cards = d.player("A").setdefault("spells_traps", [])
    if d.actions or any(x.get("zone") == zone for x in cards):
        return False
    cards.append({"name": "a Set card", "zone": zone, "face": "down"})
    d.said.append(f"A has a Set card in Spell & Trap Zone {zone} ({'leftmost' if zone == 1 else 'rightmost'})")
    return True


def _fact_not_summoned(d: Draft, m: re.Match) -> bool:
    """An Extra Deck (or Ritual) monster given by its kind, in the GY: properly Summoned first or never."""
    if d.actions or d.chain or d.said:
        return False
    frame = m["f"]
    where = m["src"] or ""
    if frame == "ritual" and "extra" in where or frame != "ritual" and where and "extra" not in where:
        return False
    name = f"my {frame.title()} Monster"
    item = _plain(frame, name, level=6)
    if m["properly"] or m["how"]:
        if m["how"] and m["how"] != frame:
            return False
        item.update(summoned=frame, properly=True)
        said = f"{name} (no effects) was properly {frame.title()} Summoned, then sent to the GY"
    else:
        item.update(summoned=None, properly=False)
        said = f"{name} (no effects) was sent to the GY without being {frame.title()} Summoned"
    d.player("A").setdefault("gy", []).append(item)
    d.monsters[name] = "A"
    d.last = name
    d.chain = {"revive": name}
    d.said.append(said)
    return True


def _fact_named_in_gy(d: Draft, m: re.Match) -> bool:
    """A named monster discarded / sent from the hand or Deck to the GY (never Summoned), or properly Summoned
    and later destroyed (in the GY)."""
    if d.actions or d.chain or d.said:
        return False
    card = _entity(d, m["c"])
    if card is None or not card.is_monster:
        return False
    item: dict = {"card": card.name}
    if m["how"]:
        if card.extra_deck_frame and card.extra_deck_frame.lower() != m["how"] and m["how"] != "special":
            return False
        item.update(summoned=m["how"], properly=True)
        said = f"{card.name} was properly {m['how'].title()} Summoned, then destroyed (sent to the GY)"
    else:
        if card.extra_deck_frame:
            return False  # an Extra Deck monster is not in the hand or Deck
        item.update(summoned=None, properly=False)
        said = f"{card.name} was sent from the hand or Deck to the GY without being Summoned"
    d.player("A").setdefault("gy", []).append(item)
    d.chain = {"revive": card.name}
    d.said.append(said)
    return True


def _fact_face_up_extra(d: Draft, m: re.Match) -> bool:
    """My <frame> Pendulum Monster is face-up in my Extra Deck."""
    if d.actions or d.chain or d.said:
        return False
    frame = m["f"]
    name = f"my {frame.title()} Pendulum Monster"
    d.player("A").setdefault("extra", []).append(_plain(frame, name, level=6, scale=4, face="up"))
    d.monsters[name] = "A"
    d.last = name
    d.chain = {"face_up_extra": name, "frame": frame}
    d.said.append(f"{name} (no effects) is face-up in A's Extra Deck")
    return True


def _fact_grant(d: Draft, m: re.Match) -> bool:
    """I (Normal Summoned/Set this turn, then) activate a card that grants Normal Summons."""
    card = _entity(d, m["c"])
    if card is None or card.is_monster or not re.search(r"normal summon", card.text, re.I):
        return False
    if any(a.get("do") == "activate" for a in d.actions) or d.chain or d.battle:
        return False
    if m["used"]:
        if d.actions:
            return False
        name = d.add_monster("A", "hand", "my monster", level=4)
        d.actions.append({"do": "set_monster" if m["used"].endswith("set") else "normal_summon", "card": name})
        d.said.append("A Normal Summoned/Set a monster (Level 4) this turn")
    d.actions.append({"do": "activate", "player": "A", "card": card.name})
    d.said.append(f"A activates {card.name}")
    return True


def _fact_st_full(d: Draft, m: re.Match) -> bool:
    cards = d.player("A").setdefault("spells_traps", [])
    if d.actions or cards:
        return False
    for n in range(1, 6):
        cards.append({"name": f"my Set card {n}", "zone": n, "face": "down"})
    d.said.append("A's 5 Spell & Trap Zones hold Set cards")
    return True


def _fact_field_zone(d: Draft, m: re.Match) -> bool:
    card = _entity(d, m["c"])
    if d.actions or card is None or card.property != "Field" or d.player("A").get("field_zone"):
        return False
    d.player("A")["field_zone"] = {"card": card.name}
    d.said.append(f"{card.name} is face-up in A's Field Zone")
    return True


@lru_cache(maxsize=1)
def _facts() -> list:
    scale_words = r"(?P<t>pendulum scales|scales|e\d+)"
    sides = "|".join(_SIDE)
    frames = "|".join(_FRAMES)
    gy = r"(?:the |my )?(?:graveyard|gy)"
    return [
        (
            "my Pendulum Scales are X and Y",
            re.compile(
                rf"^(?:my|the) {scale_words} (?:are|is) (?P<x>\d+) and (?P<y>\d+)$|"
                rf"^i have (?:pendulum )?scales (?:of )?(?P<x2>\d+) and (?P<y2>\d+)(?: set up| in my pendulum zones)?$"
            ),
            lambda d, m: _fact_scales(d, _Pick(m, {"x": "x2", "y": "y2"})),
        ),
        (
            "there is a Set card in my leftmost Spell & Trap Zone",
            re.compile(
                rf"^(?:there is|there's|i have) (?:a|one) (?:set|face-down) card in my (?P<side>{sides}) {_ST_ZONE}$|"
                rf"^my (?P<side2>{sides}) {_ST_ZONE} (?:holds|has|contains|is occupied by) (?:a|one) "
                rf"(?:set|face-down) card$"
            ),
            lambda d, m: _fact_set_card(d, _Pick(m, {"side": "side2"})),
        ),
        (
            "a Synchro Monster was sent from my Extra Deck to the GY without being Synchro Summoned",
            re.compile(
                rf"^(?:a|my) (?P<f>{frames}) monster (?:was|has been|is) (?:(?P<properly>properly )?"
                rf"(?:(?P<how>{frames}) )?summoned (?:and )?(?:then |later )?(?:was )?)?sent "
                rf"(?P<src>from (?:my |the )?(?:extra deck|hand|deck) )?to {gy}"
                rf"(?P<never> without (?:ever )?being (?:properly )?(?:(?P<how2>{frames}) )?summoned)?$"
            ),
            lambda d, m: _fact_not_summoned_checked(d, m),
        ),
        (
            "all my Spell & Trap Zones are occupied",
            re.compile(
                rf"^(?:all )?(?:(?:5|five) )?(?:of )?(?:my|the) (?:5 |five )?{_ST_ZONE}s (?:are )?(?:all )?"
                rf"(?:occupied|full|filled|taken|in use)$|"
                rf"^i (?:control|have) (?:5|five) (?:set |face-down )?cards in (?:my|the|all of my|all my) "
                rf"(?:5 |five )?{_ST_ZONE}s$"
            ),
            _fact_st_full,
        ),
        (
            "X is in my Field Zone",
            re.compile(
                rf"^(?P<c>{_CARD}) is (?:face-up |already |active )?in my (?P<f>field zone|field spell zone)$|"
                rf"^i (?:already )?(?:have|control) (?P<c2>{_CARD}) (?:face-up )?in my field (?:spell )?zone$"
            ),
            lambda d, m: _fact_field_zone(d, _Pick(m, {"c": "c2"})),
        ),
        (
            "I already Normal Summoned this turn, then activate Double Summon",
            re.compile(
                rf"^i (?:(?:have |had )?(?:already )?(?P<used>normal summoned|used my normal summon|normal set|set a "
                rf"monster)(?: a monster)? this turn(?: and)? (?:then )?(?:i )?|(?:then )?)"
                rf"(?:activate|activated|resolve|resolved|use|used) (?P<c>{_CARD})$"
            ),
            _fact_grant,
        ),
        (
            "X was discarded / sent from my hand to the GY; X was properly Summoned and later destroyed",
            re.compile(
                rf"^(?:my )?(?P<c>{_CARD}) (?:was|has been|got) (?:discarded(?: from my hand)?(?: to (?:the|my) "
                rf"(?:gy|graveyard))?|sent (?:from (?:my|the) (?:hand|deck) )to (?:the|my) (?:gy|graveyard)"
                rf"(?: without (?:ever )?being summoned)?|properly (?P<how>normal|tribute|special|{'|'.join(_FRAMES)}) "
                rf"summoned (?:and )?(?:later |then )?(?:was )?destroyed(?: by (?:battle|a card effect))?)$"
            ),
            _fact_named_in_gy,
        ),
        (
            "my Fusion Pendulum Monster is face-up in my Extra Deck",
            re.compile(
                rf"^(?:a|my) (?P<f>fusion|synchro|xyz) pendulum monster is face-up in (?:my|the) extra deck$"
            ),
            _fact_face_up_extra,
        ),
    ]


def _fact_not_summoned_checked(d: Draft, m: re.Match) -> bool:
    """The story says either how it was Summoned first or that it never was, not both or neither."""
    summoned_first = bool(m["properly"] or m["how"])
    if summoned_first == bool(m["never"]):
        return False
    if m["how2"] and m["how2"] != m["f"]:
        return False
    return _fact_not_summoned(d, m)


def ZONE_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


# ------------------------------------------------------------------------------------------ questions


def _q_pendulum_level(d: Draft, m: re.Match):
    if not _scales(d) or d.actions:
        return None
    level = int(m["lv"])
    if not 1 <= level <= 12:
        return None
    name = f"a Level {level} monster"
    d.player("A").setdefault("hand", []).append({"name": name, "level": level})
    d.actions.append({"do": "pendulum_summon", "cards": [name]})
    return {"kind": "legal"}, f"can A Pendulum Summon a Level {level} monster (no effects) from the hand"


def _assume_scales(d: Draft) -> None:
    if not _scales(d):
        for zone, scale in ((1, 1), (5, 8)):
            d.player("A").setdefault("spells_traps", []).append(
                {"name": f"my Pendulum Scale {scale}", "scale": scale, "level": 4, "zone": zone, "face": "up"})
        d.said.append("A's Pendulum Scales are taken as 1 and 8 (the Level 4 of the monster is between them)")


def _pointing(d: Draft, whose: str | None) -> str | None:
    """Put a Link Monster (no effects) in the left Extra Monster Zone pointing to A's Main Monster Zone 2:
    A's own (arrow Bottom) or B's (arrow Top, from B's side); the zone's words."""
    if whose is None:
        return None
    owner = "B" if whose.startswith("my opponent") else "A"
    monsters = d.player(owner).setdefault("monsters", [])
    if any(x.get("zone") == "emz_left" for x in d.player("A").get("monsters", []) + monsters):
        return None
    label = "my opponent's Link Monster" if owner == "B" else "my Link Monster"
    monsters.append({"name": label, "link_arrows": ["Top" if owner == "B" else "Bottom"], "zone": "emz_left"})
    d.monsters[label] = owner
    d.said.append(f"{label} (no effects) in the left Extra Monster Zone points to A's Main Monster Zone 2")
    return "2"


def _q_extra_into_zone(d: Draft, m: re.Match):
    """Pendulum Summon a face-up Pendulum Monster from the Extra Deck / Link Summon a Link Monster into the
    (other) Extra Monster Zone or a Main Monster Zone, pointed to by a Link Monster or by none."""
    if d.actions or d.chain:
        return None
    how = m["how"]
    if m.groupdict().get("verb") and m["verb"] != how:
        return None  # "can a Link Monster be Synchro Summoned"
    mine = d.player("A").setdefault("monsters", [])
    taken = any(x.get("zone") == "emz_left" for x in mine)
    if m["zone"].startswith("main"):
        if m["nolink"]:
            if any(x.get("link_arrows") for p in ("A", "B") for x in d.player(p).get("monsters", [])):
                return None
            zone, where = 1, "Main Monster Zone 1, which no Link Monster points to"
        elif m["whose"]:
            if _pointing(d, m["whose"]) is None:
                return None
            zone, where = 2, f"Main Monster Zone 2, which {m['whose']} Link Monster points to"
        else:
            return None  # whether a Link Monster points to it decides the answer and is not said
    elif bool(m["other"]) != taken:
        return None  # "the other" Extra Monster Zone needs the first one taken, and the reverse
    else:
        zone = "emz_right" if taken else "emz_left"
        where = f"the {'other ' if taken else ''}Extra Monster Zone"
    if how == "pendulum":
        card = _entity(d, m["c"])
        if m["c"] and (card is None or not card.is_pendulum or card.extra_deck_frame):
            return None
        name = card.name if card is not None else "a face-up Pendulum Monster"
        d.player("A").setdefault("extra", []).append(
            {"card": name, "face": "up"} if card is not None else {"name": name, "level": 4, "scale": 4})
        _assume_scales(d)
        d.actions.append({"do": "pendulum_summon", "cards": [name], "zones": [zone]})
        return {"kind": "legal"}, f"can A Pendulum Summon {name} from the face-up Extra Deck into {where}"
    card = _entity(d, m["c"])
    if m["c"] and (card is None or (card.extra_deck_frame or "").lower() != how):
        return None
    name = card.name if card is not None else f"{'an' if how == 'xyz' else 'a'} {how.title()} Monster"
    d.player("A").setdefault("extra", []).append(card.name if card is not None else _plain(how, name, level=6))
    d.actions.append({"do": "special_summon", "card": name, "how": how, "from": "extra", "zone": zone})
    if m["mr4"] and m["mr4"].startswith("e") and _entity(d, m["mr4"].split()[0]) is not None:
        return None  # "under <a card> rule 4": not the ruleset
    if m["mr4"]:
        d.ruleset = "master-rule-4"
    rules = " under Master Rule 4 (2017)" if m["mr4"] else ""
    return {"kind": "legal"}, f"can A {how.title()} Summon {name} into {where}{rules}"


def _q_pendulum_activation(d: Draft, m: re.Match):
    """Activate a Pendulum Monster as a Spell in the leftmost/rightmost Spell & Trap Zone ("that zone": the
    one the story filled)."""
    if d.actions:
        return None
    cards = d.player("A").get("spells_traps", [])
    if m["that"]:
        told = [x for x in cards if x.get("name") == "a Set card"]
        if len(told) != 1:
            return None
        zone = told[0]["zone"]
    else:
        zone = _SIDE[m["side"]]
    card = _entity(d, m["c"])
    if m["c"] and (card is None or not card.is_pendulum):
        return None
    name = card.name if card is not None else "a Pendulum Monster"
    d.player("A").setdefault("hand", []).append(card.name if card is not None else
                                                {"name": name, "level": 4, "scale": 4})
    d.actions.append({"do": "activate", "card": name, "zone": zone})
    return {"kind": "legal"}, f"can A activate {name} as a Spell in Spell & Trap Zone {zone}"


_ANY_MONSTER_IN_GY = re.compile(r"target(?:ing)? 1 monster in (?:either gy|either player's gy|your gy|"
                                r"either graveyard|your graveyard)[;,]")


def _q_revive_by(d: Draft, m: re.Match):
    """A named card that Special Summons from the GY, used on the monster of the story."""
    if not d.chain or "revive" not in d.chain:
        return None
    card = _entity(d, m["by"])
    text = (card.text if card is not None else "").lower()
    if card is None or card.is_monster or "special summon" not in text or not _ANY_MONSTER_IN_GY.search(text):
        return None  # only a Spell/Trap that Special Summons any 1 monster from the GY (no ATK, Level ... limit)
    name = d.chain["revive"]
    if m["z"] and (_entity(d, m["z"]) is None or _entity(d, m["z"]).name != name):
        return None
    d.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "gy"})
    return {"kind": "legal"}, f"can {card.name} (a card effect) Special Summon {name} from the GY"


def _q_face_up_extra(d: Draft, m: re.Match):
    if not d.chain or "face_up_extra" not in d.chain or m["how"] != d.chain["frame"]:
        return None
    name = d.chain["face_up_extra"]
    d.actions.append({"do": "special_summon", "card": name, "how": m["how"], "from": "extra"})
    return {"kind": "legal"}, f"can A {m['how'].title()} Summon {name} from the face-up Extra Deck"


def _q_normal_summons_left(d: Draft, m: re.Match):
    if not any(a.get("do") == "activate" for a in d.actions) and not any(
            a.get("do") in ("normal_summon", "set_monster") for a in d.actions):
        return None  # nothing in the story bears on it: the answer would be the rule alone
    more = " more" if re.search(r"\bmore\b|\badditional\b", m.string) else ""
    return {"kind": "outcome", "normal_summons": "A"}, f"how many{more} Normal Summons/Sets can A conduct this turn"


def _q_link_materials(d: Draft, m: re.Match):
    """ "Can I Link Summon X using Y (and Z)?": Y, Z face-up on A's field (a Link Monster's stated Link Rating
    must be its own), X from the Extra Deck; whether they fit X's material line is the simulator's."""
    if d.actions or d.said or d.chain:
        return None
    target = _entity(d, m["z"])
    if target is None or not target.is_link:
        return None
    names = []
    for group, rating in (("m1", "r1"), ("m2", "r2"), ("m3", "r3")):
        if not m[group]:
            continue
        card = _entity(d, m[group])
        if card is None or not card.is_monster or (m[rating] and card.link_rating != int(m[rating])):
            return None
        names.append(card.name)
    if m["one"] and len(names) != 1:
        return None
    if m["req"] and re.sub(r"\s*\+\s*|\s+or more\s+", " or more ", m["req"]).strip() != \
            re.sub(r"\+", " or more", target.text.split("\n")[0]).lower().strip():
        return None  # the material line quoted is not the card's
    field = d.player("A").setdefault("monsters", [])
    ids = []
    for n, name in enumerate(names):
        label = f"material {n + 1}"
        field.append({"card": name, "id": label})
        ids.append(label)
    d.player("A").setdefault("extra", []).append({"card": target.name, "id": "summoned"})
    d.actions.append({"do": "special_summon", "card": "summoned", "how": "link", "from": "extra", "materials": ids})
    d.said.append(f"A controls {' and '.join(names)} face-up")
    return {"kind": "legal"}, f"can A Link Summon {target.name} using {' and '.join(names)} as Link Materials"


def _q_summon_while(d: Draft, m: re.Match):
    """ "While X is active, can I Tribute Summon?": X face-up on A's field (its lasting effect applied when the
    simulator models it, else the answer is unknown), a Level 5 (or the said Level) monster and its Tributes."""
    if d.actions or d.said or d.chain:
        return None
    card = _entity(d, m["c"])
    if card is None or card.property in ("Normal", "Quick-Play", "Ritual") or card.card_type == "Trap" and \
            card.property not in ("Continuous",):
        return None  # only a card that stays face-up applies a lasting effect
    if card.is_monster:
        d.player("A").setdefault("monsters", []).append({"card": card.name})
    elif card.property == "Field":
        d.player("A")["field_zone"] = {"card": card.name}
    else:
        d.player("A").setdefault("spells_traps", []).append({"card": card.name, "face": "up"})
    how = m["how"]
    level = int(m["lv"]) if m["lv"] else (5 if how.startswith("tribute") else 4)
    if not 1 <= level <= 12 or how.startswith("tribute") and level < 5:
        return None
    count = 0 if level < 5 else 1 if level < 7 else 2
    tributes = [d.add_monster("A", "monsters", f"my monster {n + 1}", level=4) for n in range(count)]
    name = d.add_monster("A", "hand", f"a Level {level} monster", level=level)
    set_it = how.endswith("set")
    d.actions.append({"do": "set_monster" if set_it else "normal_summon", "card": name,
                      **({"tributes": tributes} if tributes else {})})
    d.said.append(f"{card.name} is face-up on the field")
    verb = "Set" if set_it else "Normal Summon"
    by = f" by Tributing {count} monster(s)" if count else ""
    return {"kind": "legal"}, f"can A {verb} a Level {level} monster{by}"


def _q_spell_trap_zone(d: Draft, m: re.Match):
    """Set or activate a Spell/Trap when the Spell & Trap Zones are full (a Field Spell goes to the Field Zone)."""
    cards = d.player("A").get("spells_traps", [])
    if d.actions or len(cards) != 5:
        return None
    card = _entity(d, m["c"])
    verb = m["verb"]
    if m["c"]:
        if card is None or card.is_monster:
            return None
        name = card.name
        d.player("A").setdefault("hand", []).append(name)
    else:
        if verb == "activate":
            return None  # which card: its effects decide whether it can be activated at all
        name = f"a {m['kind'].title()} Card"
        d.player("A").setdefault("hand", []).append({"name": name, "type": m["kind"]})
    d.actions.append({"do": "set_spell_trap" if verb == "set" else "activate", "card": name})
    return {"kind": "legal"}, f"can A {verb} {name} from the hand"


def _q_field_replaced(d: Draft, m: re.Match):
    """Activate a Field Spell while another is in the Field Zone: can it be, is the old one sent/destroyed."""
    old = (d.player("A").get("field_zone") or {}).get("card")
    new = _entity(d, m["y"])
    if d.actions or old is None or new is None or new.property != "Field" or new.name == old:
        return None
    if m["z"] and (_entity(d, m["z"]) is None or _entity(d, m["z"]).name != old):
        return None
    d.player("A").setdefault("hand", []).append(new.name)
    d.actions.append({"do": "activate", "card": new.name})
    if not m["z"]:
        return {"kind": "legal"}, f"can A activate {new.name} while {old} is in the Field Zone"
    if m["what"] == "destroyed":
        return {"kind": "outcome", "destroyed": old}, f"is {old} destroyed when A activates {new.name}"
    return {"kind": "outcome", "where": old, "is": "gy"}, f"is {old} sent to the GY when A activates {new.name}"


def _q_special_full(d: Draft, m: re.Match):
    """Special Summon a monster (not from the Extra Deck) when every Main Monster Zone is taken."""
    mine = d.player("A").get("monsters", [])
    if d.actions or len([x for x in mine if isinstance(x.get("zone", 1), int)]) != 5:
        return None
    name = d.add_monster("A", "hand" if m["src"] != "gy" else "gy", "a Level 4 monster", level=4)
    if m["src"] == "gy":
        d.player("A")["gy"][-1].update(summoned="normal", properly=True)
    action = {"do": "special_summon", "card": name, "how": "effect"}
    if m["src"] == "gy":
        action["from"] = "gy"
    if m["emz"]:
        action["zone"] = "emz_left"
    d.actions.append(action)
    where = " into the Extra Monster Zone" if m["emz"] else ""
    return {"kind": "legal"}, f"can a card effect Special Summon a monster (no effects) from the {m['src'] or 'hand'}{where}"


@lru_cache(maxsize=1)
def zone_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    sides = "|".join(_SIDE)
    gy = r"(?: from (?:my |the )?(?:graveyard|gy))?"
    return [
        (
            "can I Pendulum Summon a Level N monster",
            re.compile(
                r"^can i (?:still |then )?pendulum summon (?:a|an|one|my) level (?P<lv>\d+) (?:pendulum )?monster"
                r"(?: from my hand)?(?: with (?:these|those|them|my|the) (?:pendulum )?scales)?$|"
                r"^can (?:a|my) level (?P<lv2>\d+) monster be pendulum summoned(?: from my hand)?$"
            ),
            lambda d, m: _q_pendulum_level(d, _Pick(m, {"lv": "lv2"})),
        ),
        (
            "can I Pendulum/Link/Synchro Summon into a zone",
            re.compile(
                rf"^{_MR4}can i (?P<how>pendulum|link|fusion|synchro|xyz) summon (?:(?:(?P<c>{_CARD})|(?:a|my|one) "
                rf"(?:face-up )?(?:(?:pendulum|link|fusion|synchro|xyz) )?monster)(?: from (?:my|the) (?:face-up )?"
                rf"extra deck)? )?{_INTO_ZONE}$"
            ),
            _q_extra_into_zone,
        ),
        (
            "can a Link Monster be Summoned into a zone",
            re.compile(
                rf"^{_MR4}can (?:a|an|my|one) (?P<c>)(?P<how>link|fusion|synchro|xyz) monster be "
                rf"(?:(?P<verb>link|fusion|synchro|xyz) summoned(?: from (?:my|the) extra deck)?|(?:special )?summoned "
                rf"from (?:my|the) extra deck) {_INTO_ZONE}$"
            ),
            _q_extra_into_zone,
        ),
        (
            "can I activate a Pendulum Monster in that zone",
            re.compile(
                rf"^can i (?:still )?(?:activate|place) (?:(?P<c>{_CARD})|(?:a|my|one) pendulum monster(?: card)?)"
                rf"(?: as (?:a )?spell(?: card)?)? (?:in|into|to) (?:(?P<that>that zone|that {_ST_ZONE})|"
                rf"(?:my|the) (?P<side>{sides}) (?:{_ST_ZONE}|pendulum zone))(?: as (?:a )?spell(?: card)?)?$"
            ),
            _q_pendulum_activation,
        ),
        (
            "can Monster Reborn Special Summon it",
            re.compile(
                rf"^can (?P<by>{_CARD}) (?:still )?(?:special summon|revive) (?:it|(?P<z>{_CARD})){gy}$|"
                rf"^can i (?:still )?(?:special summon|revive) (?:it|(?P<z2>{_CARD})){gy} (?:with|using|by "
                rf"activating) (?P<by2>{_CARD})$"
            ),
            lambda d, m: _q_revive_by(d, _Pick(m, {"by": "by2", "z": "z2"})),
        ),
        (
            "can I Set another Spell/Trap (all zones full)",
            re.compile(
                rf"^can i (?:still )?(?P<verb>set|activate) (?:(?P<c>{_CARD})|(?:another|a|one more|a new|one) "
                rf"(?P<kind>spell|trap)(?: card)?)(?: from my hand)?$"
            ),
            _q_spell_trap_zone,
        ),
        (
            "can I activate another Field Spell / is the old one sent to the GY",
            re.compile(
                rf"^can i (?:still )?activate (?P<y>{_CARD})(?: from my hand)?(?P<z>)(?P<what>)$|"
                rf"^(?:if|when|after) i activate (?P<y2>{_CARD})(?: from my hand)? (?:is|does|will) (?P<z2>{_CARD}) "
                rf"(?:be )?(?P<what2>sent to (?:the|my) (?:gy|graveyard)|go to (?:the|my) (?:gy|graveyard)|destroyed)$"
            ),
            lambda d, m: _q_field_replaced(d, _Pick(m, {"y": "y2", "z": "z2", "what": "what2"})),
        ),
        (
            "can I Special Summon a monster (all Main Monster Zones full)",
            re.compile(
                r"^can i (?:still )?special summon (?:a|another|one|a level \d+) monster"
                r"(?: from my (?P<src>hand|gy|graveyard))?(?P<emz> (?:in)?to (?:the|an|my) extra monster zone)?"
                r"(?: (?:with|by) (?:a card effect|an effect|a card's effect|a spell card))?$"
            ),
            lambda d, m: _q_special_full(d, _SrcFix(m)),
        ),
        (
            "can I Link Summon X using Y and Z",
            re.compile(
                rf"^can i link summon (?P<z>{_CARD})(?: \( \" (?P<req>[^\"]+?) \" \))? (?:using|with|by using) "
                rf"(?P<one>only (?:1 |one )?)?(?:(?:1|one|a|my) )?(?P<m1>{_CARD})(?: \( link-(?P<r1>\d) \))?"
                rf"(?:(?: ,)?(?: and| \+| &)? (?P<m2>{_CARD})(?: \( link-(?P<r2>\d) \))?)?"
                rf"(?:(?: ,)?(?: and| \+| &)? (?P<m3>{_CARD})(?: \( link-(?P<r3>\d) \))?)?"
                rf"(?: that i control)?(?: as (?:the |its )?(?:link )?materials?)?$"
            ),
            _q_link_materials,
        ),
        (
            "while X is active, can I Tribute Summon",
            re.compile(
                rf"^(?:while|with|under) (?P<c>{_CARD}) (?:(?:is|remains) )?(?:still )?(?:active|face-up|applying|"
                rf"being applied|in effect|on the field|face-up on the field|in play)? ?(?:on the field )?"
                rf"can i (?:still )?(?P<how>tribute summon|tribute set|normal summon|normal set)"
                rf"(?: a level (?P<lv>\d+) monster)?$"
            ),
            _q_summon_while,
        ),
        (
            "how many Normal Summons can I conduct this turn",
            re.compile(
                r"^how many (?:more |additional )?(?:normal summons|normal summons/sets|times can i normal summon)"
                r"(?: can i (?:conduct|perform|make|do|use|have))?(?: this turn)?$"
            ),
            _q_normal_summons_left,
        ),
        (
            "can I Fusion Summon it (face-up in the Extra Deck)",
            re.compile(r"^can i (?:still )?(?P<how>fusion|synchro|xyz) summon it(?: from (?:my|the) extra deck)?$"),
            _q_face_up_extra,
        ),
    ]


class _SrcFix:
    """A match whose ``src`` says ``gy`` for "graveyard"."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        value = self.match[key]
        return "gy" if key == "src" and value == "graveyard" else value


class _Pick:
    """A match read through the first of several alternative group names that matched."""

    def __init__(self, match: re.Match, others: dict) -> None:
        self.match, self.others = match, others

    def __getitem__(self, key):
        value = self.match.groupdict().get(key)
        if value is None and key in self.others:
            value = self.match.groupdict().get(self.others[key])
        return value
