"""Summon story shapes for :mod:`kb.understand.scenario`, answered by the simulator (docs/simulator.md): an
Extra Deck monster of a kind sent to the GY with or without being Summoned first, a named monster discarded
or properly Summoned and destroyed, and a named Spell/Trap that would Special Summon it from the GY; a
Fusion/Synchro/Xyz Pendulum Monster face-up in the Extra Deck; Normal Summons left after a card that grants
more; "while X is active, can I Tribute Summon?"; Link Summons with named materials.  Also the pieces the
zone shapes of :mod:`kb.understand.scenario_zones` share (named cards, monsters of a kind, alternative group
names).

Monsters the story gives by no name are monsters without effects of the kind it says; what the story does
not give is left out or said in the understood sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT
from .scenario_draft import Draft
from .scenario_summon_kinds import kind_questions
from .scenario_summon_materials import material_questions
from .scenario_summon_history import history_questions
from .scenario_summon_named import named_questions
from .scenario_summon_stories import story_questions

__all__ = ["SUMMON_FACTS", "summon_questions", "entity", "plain", "place_lasting", "Pick", "CARD", "FRAMES"]

CARD = CARD_SLOT
FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
_CARD, _FRAMES = CARD, FRAMES


def entity(d: Draft, token: str | None):
    """The simulator's card of a named card token (``e<N>``), or None."""
    return d.card_of(int(token.split()[0][1:])) if token else None


def plain(frame: str, name: str, level: int = 4, **more) -> dict:
    """A monster without effects of the frame ``frame`` (a Link Monster points down to its own zones)."""
    item = {"name": name, **more}
    if frame == "link":
        item["link_arrows"] = ["Bottom"]
    else:
        item["level"] = level
    if frame in FRAMES:
        item["frame"] = frame
    return item


_entity, _plain = entity, plain


def _binds_one_side(card) -> bool:
    """Whether a lasting prohibition of ``card`` binds only its controller's opponent ("Your opponent cannot
    Set cards."): then whose card it is decides the answer."""
    from ..engine.sim.restrictions import RESTRICTIONS

    texts = [(e.get("text") or "").strip() for e in card.effects if e.get("kind") == "continuous"]
    return any(pattern.match(text) and who != "both" for pattern, _act, who in RESTRICTIONS for text in texts)


class Pick:
    """A match read through the first of several alternative group names that matched."""

    def __init__(self, match: re.Match, others: dict) -> None:
        self.match, self.others = match, others

    def __getitem__(self, key):
        value = self.match.groupdict().get(key)
        if value is None and key in self.others:
            value = self.match.groupdict().get(self.others[key])
        return value


_Pick = Pick

# ------------------------------------------------------------------------------------------ story


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
        if bool(card.extra_deck_frame) != bool(m["ed"]):
            return False  # an Extra Deck monster is not in the hand or Deck, and only it is in the Extra Deck
        item.update(summoned=None, properly=False)
        said = f"{card.name} was sent from the {'Extra Deck' if m['ed'] else 'hand or Deck'} to the GY without being " \
               f"Summoned"
    d.player("A").setdefault("gy", []).append(item)
    d.chain = {"revive": card.name}
    d.said.append(said)
    return True


def _fact_face_up_extra(d: Draft, m: re.Match) -> bool:
    """A face-up Pendulum Monster (of a frame: Fusion, Synchro ...) told in the Extra Deck."""
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


def _fact_not_summoned_checked(d: Draft, m: re.Match) -> bool:
    """The story says either how it was Summoned first or that it never was, not both or neither."""
    summoned_first = bool(m["properly"] or m["how"])
    if summoned_first == bool(m["never"]):
        return False
    if m["how2"] and m["how2"] != m["f"]:
        return False
    return _fact_not_summoned(d, m)


# ------------------------------------------------------------------------------------------ questions


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


def _q_again(d: Draft, m: re.Match):
    """After the story's Normal Summon/Set (and any card that granted more): another Normal Summon / Set, or a
    Flip Summon of a monster Set on an earlier turn (Flip Summons are not counted)."""
    if not any(a.get("do") in ("normal_summon", "set_monster") for a in d.actions):
        return None
    if m["flip"]:
        name = d.add_monster("A", "monsters", "my face-down monster", level=4, face="down")
        d.actions.append({"do": "flip_summon", "card": name})
        return {"kind": "legal"}, "can A Flip Summon a monster Set on an earlier turn"
    name = d.add_monster("A", "hand", "another monster", level=4)
    set_it = m["how"] != "normal summon"
    d.actions.append({"do": "set_monster" if set_it else "normal_summon", "card": name})
    return {"kind": "legal"}, f"can A {'Set' if set_it else 'Normal Summon'} another Level 4 monster this turn"


_COUNTS = {"one": 1, "1": 1, "a": 1, "two": 2, "2": 2, "three": 3, "3": 3}


def _q_named_tributes(d: Draft, m: re.Match):
    """Normal Summon / Set a named monster by Tributing N monsters (no effects), or without Tributing: the
    simulator applies Tributes by Level (a card with a Tribute rule of its own stays unknown)."""
    if d.actions or d.said or d.chain:
        return None
    card = _entity(d, m["c"])
    if card is None or not card.is_monster:
        return None
    count = 0 if m["without"] else _COUNTS[m["n"]]
    if m["how"].startswith("tribute") and count == 0:
        return None  # a Tribute Summon without Tributes is not one
    tributes = [d.add_monster("A", "monsters", f"my monster {k + 1}", level=4) for k in range(count)]
    d.player("A").setdefault("hand", []).append(card.name)
    set_it = m["how"].endswith("set")
    d.actions.append({"do": "set_monster" if set_it else "normal_summon", "card": card.name,
                      **({"tributes": tributes} if tributes else {})})
    by = f"by Tributing {count} monster(s) without effects" if count else "without Tributing"
    return {"kind": "legal"}, f"can A {'Set' if set_it else 'Normal Summon'} {card.name} {by}"


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


def place_lasting(d: Draft, card, owner: str, said_whose: bool) -> bool:
    """Put ``card`` face-up on ``owner``'s field for its lasting effect ("while X is active"); False when it is
    not a card that stays face-up, or when whose it is decides and the question does not say it."""
    if card.property in ("Normal", "Quick-Play", "Ritual") or card.card_type == "Trap" and \
            card.property not in ("Continuous",):
        return False  # only a card that stays face-up applies a lasting effect
    if not said_whose and _binds_one_side(card):
        return False  # "while Dark Simorgh is face-up": whose is not said, and it binds only its opponent
    if card.is_monster:
        d.player(owner).setdefault("monsters", []).append({"card": card.name})
    elif card.property == "Field":
        d.player(owner)["field_zone"] = {"card": card.name}
    else:
        d.player(owner).setdefault("spells_traps", []).append({"card": card.name, "face": "up"})
    return True


def _q_summon_while(d: Draft, m: re.Match):
    """ "While X is active, can I Tribute Summon?": X face-up on A's field (its lasting effect applied when the
    simulator models it, else the answer is unknown), a Level 5 (or the said Level) monster and its Tributes."""
    if d.actions or d.said or d.chain:
        return None
    card = _entity(d, m["c"])
    owner = "B" if m["opp"] else "A"  # "while my opponent's X is active": X on B's field
    if card is None or not place_lasting(d, card, owner, said_whose=bool(m["opp"])):
        return None
    how = m["how"]
    if how == "special summon":  # by a card effect, from the hand: whether a lasting effect forbids it
        name = d.add_monster("A", "hand", "a monster", level=int(m["lv"]) if m["lv"] else 4)
        d.actions.append({"do": "special_summon", "card": name, "how": "effect"})
        d.said.append(f"{card.name} is face-up on {owner}'s field")
        return {"kind": "legal"}, "can A Special Summon a monster (by a card effect, from the hand)"
    level = int(m["lv"]) if m["lv"] else (5 if how.startswith("tribute") else 4)
    if not 1 <= level <= 12 or how.startswith("tribute") and level < 5:
        return None
    count = 0 if level < 5 else 1 if level < 7 else 2
    tributes = [d.add_monster("A", "monsters", f"my monster {n + 1}", level=4) for n in range(count)]
    name = d.add_monster("A", "hand", f"a Level {level} monster", level=level)
    set_it = how.endswith("set")
    d.actions.append({"do": "set_monster" if set_it else "normal_summon", "card": name,
                      **({"tributes": tributes} if tributes else {})})
    d.said.append(f"{card.name} is face-up on {owner}'s field")
    verb = "Set" if set_it else "Normal Summon"
    by = f" by Tributing {count} monster(s)" if count else ""
    return {"kind": "legal"}, f"can A {verb} a Level {level} monster{by}"


@lru_cache(maxsize=1)
def _facts() -> list:
    frames = "|".join(_FRAMES)
    gy = r"(?:the |my )?(?:graveyard|gy)"
    return [
        (
            "an Extra Deck monster of a kind in the GY, properly Summoned first or never",
            re.compile(
                rf"^(?:a|my) (?P<f>{frames}) monster (?:was|has been|is) (?:(?P<properly>properly )?"
                rf"(?:(?P<how>{frames}) )?summoned (?:and )?(?:then |later )?(?:was )?)?sent "
                rf"(?P<src>from (?:my |the )?(?:extra deck|hand|deck) )?to {gy}"
                rf"(?P<never> without (?:ever )?being (?:properly )?(?:(?P<how2>{frames}) )?summoned)?$"
            ),
            lambda d, m: _fact_not_summoned_checked(d, m),
        ),
        (
            "a named monster in the GY: discarded / sent there unsummoned, or properly Summoned then destroyed",
            re.compile(
                rf"^(?:my )?(?P<c>{_CARD}) (?:was|has been|got) (?:discarded(?: from my hand)?(?: to (?:the|my) "
                rf"(?:gy|graveyard))?|sent (?:from (?:my|the) (?:hand|deck|(?P<ed>extra deck)) )to (?:the|my) "
                rf"(?:gy|graveyard)(?: by (?:a card|an) effect)?(?: without (?:ever )?being summoned)?|properly (?P<how>normal|tribute|special|{'|'.join(_FRAMES)}) "
                rf"summoned (?:and )?(?:later |then )?(?:was )?destroyed(?: by (?:battle|a card effect))?)$"
            ),
            _fact_named_in_gy,
        ),
        (
            "an Extra Deck Pendulum Monster of a kind face-up in the Extra Deck",
            re.compile(
                r"^(?:a|my) (?P<f>fusion|synchro|xyz) pendulum monster is face-up in (?:my|the) extra deck$"
            ),
            _fact_face_up_extra,
        ),
        (
            "the Normal Summon used (or not), then a card that grants more activated",
            re.compile(
                rf"^i (?:(?:have |had )?(?:already )?(?P<used>normal summoned|used my normal summon|normal set|set a "
                rf"monster)(?: a monster)? this turn(?: and)? (?:then )?(?:i )?|(?:then )?)"
                rf"(?:activate|activated|resolve|resolved|use|used) (?P<c>{_CARD})$"
            ),
            _fact_grant,
        ),
    ]


def SUMMON_FACTS() -> list:
    """The story shapes of this module and of :mod:`.scenario_summon_kinds` (name, pattern, handler)."""
    from .scenario_summon_materials import MATERIAL_FACTS
    from .scenario_summon_history import history_facts  # what happened to a monster (scenario_summon_history.py)
    from .scenario_summon_named import field_facts  # who controls monsters (scenario_summon_named.py)
    from .scenario_summon_stories import STORY_FACTS

    return [*_facts(), *STORY_FACTS(), *MATERIAL_FACTS(), *history_facts(), *field_facts()]


@lru_cache(maxsize=1)
def summon_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    gy = r"(?: from (?:my |the )?(?:graveyard|gy))?(?: later| afterwards| again| now| later this turn)?"
    return [
        (
            "a Spell/Trap that Special Summons any monster from the GY, used on the story's monster",
            re.compile(
                rf"^(?:can|could) (?P<by>{_CARD}) (?:still )?(?:special summon|revive) (?:it|(?P<z>{_CARD})){gy}$|"
                rf"^can i (?:still )?(?:special summon|revive) (?:it|(?P<z2>{_CARD})){gy} (?:with|using|by "
                rf"activating) (?P<by2>{_CARD})$"
            ),
            lambda d, m: _q_revive_by(d, _Pick(m, {"by": "by2", "z": "z2"})),
        ),
        (
            "the story's face-up Extra Deck monster Summoned by its own kind of Summon",
            re.compile(r"^can i (?:still )?(?P<how>fusion|synchro|xyz) summon it(?: from (?:my|the) extra deck)?$"),
            _q_face_up_extra,
        ),
        (
            "can I Normal Summon again / still Flip Summon a monster",
            re.compile(
                r"^can i (?:still |also )?(?:(?P<how>normal summon|normal set|set a monster) (?:again|a second time|"
                r"one more time)|(?P<flip>flip summon) (?:a|my) (?:face-down )?monster(?: that was set (?:on )?an "
                r"earlier turn)?)(?: this turn)?$"
            ),
            _q_again,
        ),
        (
            "can I Tribute Summon X by Tributing one monster / Normal Summon X without Tributing",
            re.compile(
                rf"^can i (?P<how>tribute summon|normal summon|tribute set|normal set|set) (?P<c>{_CARD}) "
                rf"(?:(?:by )?tributing (?:only |just )?(?P<n>one|1|a|two|2|three|3) (?:monsters?|of my monsters)|"
                rf"(?P<without>without (?:tributing|tributes|any tributes|a tribute)(?: any monsters?)?))$"
            ),
            _q_named_tributes,
        ),
        (
            "the Normal Summons left this turn",
            re.compile(
                r"^how many (?:more |additional )?(?:normal summons|normal summons/sets|times can i normal summon)"
                r"(?: can i (?:conduct|perform|make|do|use|have))?(?: this turn)?$"
            ),
            _q_normal_summons_left,
        ),
        (
            "a Link Summon with named materials",
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
            "a Normal/Tribute Summon under a face-up card's lasting effect",
            re.compile(
                rf"^(?:while|with|under) (?P<opp>my opponent's |my opponents |the opponent's )?(?P<c>{_CARD}) "
                rf"(?:(?:is|remains) )?(?:still )?(?:active|face-up|applying|"
                rf"being applied|in effect|on the field|face-up on the field|in play)? ?(?:on the field )?"
                rf"can i (?:still )?(?P<how>tribute summon|tribute set|normal summon|"
                rf"normal set|special summon|set)(?: a monster)?"
                rf"(?: a level (?P<lv>\d+) monster)?$"
            ),
            _q_summon_while,
        ),
        *kind_questions(),  # monsters of a kind, the opponent's turn, Tributes by Level (scenario_summon_kinds.py)
        *story_questions(),  # after a Summon, a face-down monster, the opponent's Scales (scenario_summon_stories.py)
        *material_questions(),  # Synchro / Xyz Summons with materials by Level (scenario_summon_materials.py)
        *named_questions(),  # a named monster's Summon with Tributes, a condition ... (scenario_summon_named.py)
        *history_questions(),  # the Tributes of a negated Summon (scenario_summon_history.py)
    ]
