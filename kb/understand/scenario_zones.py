"""Zone story shapes for :mod:`kb.understand.scenario`, answered by the simulator (docs/simulator.md):
Pendulum Scales and the Levels they allow, Pendulum Summons from the Extra Deck and Extra Deck monsters of a
kind into an Extra Monster Zone or a Main Monster Zone (by who points to it, by ruleset), a Pendulum Monster
activated in an occupied Spell & Trap Zone, full Spell & Trap / Main Monster Zones, a Field Spell replaced.
:data:`ZONE_FACTS` / :func:`zone_questions` also hold the Summon shapes of :mod:`.scenario_summons`.

Monsters the story gives by no name are monsters without effects of the kind it says (a Pendulum Monster
with its Scale, a Synchro Monster ...); what the story does not give and cannot decide the answer (the
Scales of a Pendulum Summon asked about its zone) is said in the understood sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft
from .scenario_summons import CARD as _CARD
from .scenario_summons import SUMMON_FACTS, summon_questions
from .scenario_summons import Pick as _Pick
from .scenario_summons import entity as _entity
from .scenario_summons import plain as _plain

__all__ = ["ZONE_FACTS", "zone_questions"]

_ST_ZONE = r"(?:spell/trap|spell & trap|spell and trap|s/t|spell/trap card|spell & trap card) zone"
_LEVELS = (r"(?:(?:a|an|one|two|three|2|3) level \d+(?: (?:pendulum )?monsters?)?)"
           r"(?:(?: ,)?(?: and)? (?:a|an|one|two|2) level \d+(?: (?:pendulum )?monsters?)?)*")
_SIDE = {"leftmost": 1, "left-most": 1, "left": 1, "rightmost": 5, "right-most": 5, "right": 5, "middle": 3,
         "center": 3, "centre": 3}
_MR4 = r"(?:under (?P<mr4>(?:master|e\d+) rule 4|the 2017 rules|mr4) )?"  # "Master" may be read as a name
_INTO_ZONE = (r"(?:in)?to (?:a |my |the |an |one of my |one of the )?(?P<other>other )?"
              r"(?P<zone>main monster zone|extra monster zone)"
              r"(?: (?:(?:that|which) (?:is )?)?(?:pointed to|pointed at) by (?P<whose>my opponent's|my|my own) link "
              r"monster|(?P<nolink> that no link monsters? points? to| not pointed to by (?:a|any) link "
              r"monster| (?:while|when|if) (?:neither player controls|i control no|there are no) link monsters))?")


def _named(d: Draft, token: str | None, words: tuple[str, ...]) -> bool:
    """Whether ``token`` (``e<N>``) is a card whose name is one of the game terms ``words``."""
    card = _entity(d, token)
    return card is not None and card.name.lower() in words


def _scales(d: Draft) -> list[dict]:
    """The Pendulum Scales told: monsters of a kind with a ``scale``, or named ones placed face-up in zone 1/5."""
    return [x for x in d.player("A").get("spells_traps", [])
            if "scale" in x or (x.get("card") and x.get("zone") in (1, 5) and x.get("face") == "up")]


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
    d.said.append(f"A has a Set card in Spell & Trap Zone {zone} ({m['side']})")
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
            "I have X and Y in my Pendulum Zones",
            re.compile(
                rf"^i (?:have|control) (?P<l>{_CARD}) and (?P<r>{_CARD}) (?:in|as) my (?:pendulum zones|pendulum "
                rf"scales)$|^(?:my )?(?P<l2>{_CARD}) and (?P<r2>{_CARD}) are (?:in )?my (?:pendulum zones|pendulum "
                rf"scales)$"
            ),
            lambda d, m: _fact_named_scales(d, _Pick(m, {"l": "l2", "r": "r2"})),
        ),
        (
            "a Set card told in an end Spell & Trap Zone",
            re.compile(
                rf"^(?:there is|there's|i have) (?:a|one) (?:set|face-down) card in my (?P<side>{sides}) {_ST_ZONE}$|"
                rf"^my (?P<side2>{sides}) {_ST_ZONE} (?:holds|has|contains|is occupied by) (?:a|one) "
                rf"(?:set|face-down) card$"
            ),
            lambda d, m: _fact_set_card(d, _Pick(m, {"side": "side2"})),
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
    ]


def ZONE_FACTS() -> list:
    """The story shapes of this module and of :mod:`.scenario_summons` (name, pattern, handler)."""
    return [*_facts(), *SUMMON_FACTS()]


# ------------------------------------------------------------------------------------------ questions


_NUMBERS = {"a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3}


def _q_pendulum_level(d: Draft, m: re.Match):
    """Pendulum Summon monsters of the Levels said (or named monsters) from the hand, with the Scales told
    before or in the same sentence ("with Pendulum Scales of 2 and 8, ...", "... if my Scales are 1 and 4")."""
    if d.actions:
        return None
    if m["x"] is not None:
        if _scales(d) or not _fact_scales(d, m):
            return None
    if not _scales(d):
        return None
    names = []
    for count, level in re.findall(r"(a|an|one|two|three|\d) level (\d+)", m["what"] or ""):
        level = int(level)
        if not 1 <= level <= 12:
            return None
        for _ in range(_NUMBERS.get(count, 0) if not count.isdigit() or count in _NUMBERS else 0):
            name = f"a Level {level} monster" + (f" ({len(names) + 1})" if names else "")
            d.player("A").setdefault("hand", []).append({"name": name, "level": level})
            names.append(name)
    for token in re.findall(r"e\d+", m["what"] or ""):
        card = _entity(d, token)
        if card is None or not card.is_monster or card.extra_deck_frame:
            return None
        d.player("A").setdefault("hand", []).append(card.name)
        names.append(card.name)
    if not names or len(names) != len(set(names)):
        return None
    d.actions.append({"do": "pendulum_summon", "cards": names})
    return {"kind": "legal"}, f"can A Pendulum Summon {' and '.join(names)} from the hand"


def _fact_named_scales(d: Draft, m: re.Match) -> bool:
    """Two named Pendulum Monsters in my Pendulum Zones (their printed Scales)."""
    cards = [_entity(d, m["l"]), _entity(d, m["r"])]
    if d.actions or _scales(d) or any(c is None or not c.is_pendulum or c.scale is None for c in cards):
        return False
    if cards[0].name == cards[1].name:
        return False
    for zone, card in zip((1, 5), cards):
        d.player("A").setdefault("spells_traps", []).append({"card": card.name, "zone": zone, "face": "up"})
    d.said.append(f"A's Pendulum Zones hold {cards[0].name} (Scale {cards[0].scale}) and {cards[1].name} (Scale "
                  f"{cards[1].scale})")
    return True


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
    """A Pendulum Summon from the face-up Extra Deck / a Link Summon of a Link Monster into the
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
    """A Pendulum Monster's activation as a Spell in an end Spell & Trap Zone ("that zone": the
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


def zone_questions() -> list:
    """The question shapes of this module and of :mod:`.scenario_summons` (name, pattern, handler)."""
    return [*_zone_questions(), *summon_questions()]


@lru_cache(maxsize=1)
def _zone_questions() -> list:
    sides = "|".join(_SIDE)
    return [
        (
            "can I Pendulum Summon a Level N monster",
            re.compile(
                rf"^(?:with (?:my )?(?P<t>pendulum scales|scales|e\d+) (?:of )?(?P<x>\d+) and (?P<y>\d+) )?can i "
                rf"(?:still |then )?pendulum summon (?P<what>{_LEVELS}|(?:e\d+)(?: and e\d+)?)(?: from my hand)?"
                rf"(?: with (?:these|those|them|my|the) (?:pendulum )?scales| if my (?P<t2>pendulum scales|scales|"
                rf"e\d+) are (?P<x2>\d+) and (?P<y2>\d+))?$|"
                rf"^can (?P<what2>(?:a|my) level \d+ monster) be pendulum summoned(?: from my hand)?$"
            ),
            lambda d, m: _q_pendulum_level(d, _Pick(m, {"x": "x2", "y": "y2", "what": "what2", "t": "t2"})),
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
                r" from my (?P<src>hand|gy|graveyard)(?P<emz> (?:in)?to (?:the|an|my) extra monster zone)?"
                r"(?: (?:with|by) (?:a card effect|an effect|a card's effect|a spell card))?$"
            ),
            lambda d, m: _q_special_full(d, _SrcFix(m)),
        ),
    ]


class _SrcFix:
    """A match whose ``src`` says ``gy`` for "graveyard"."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        value = self.match[key]
        return "gy" if key == "src" and value == "graveyard" else value
