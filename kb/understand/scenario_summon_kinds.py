"""Summon questions the simulator answers (docs/simulator.md) about monsters given by their kind or Level,
or named monsters with a Summoning condition: a Fusion / Synchro / Xyz / Link / Ritual Monster Normal
Summoned or Set; a Normal Summon, Set, Flip Summon or Synchro / Xyz / Link Summon during the opponent's turn
(or outside the Main Phase); a Level N monster Normal Summoned without Tributing or Tribute Summoned with N
Tributes; two Normal Summons in a turn; a monster Set this turn Flip Summoned; a named Special Summon Monster
Normal Summoned or Set, or Special Summoned at all; a revival of an Extra Deck monster never Summoned.
Stories told before the question are :mod:`.scenario_summon_stories`.

Registered by :func:`kb.understand.scenario_summons.summon_questions`.  A monster the
question gives by no name is a monster without effects of the kind it says (Level 4 unless a Level is
said); what the question does not say is never filled in with a value that would decide the answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT
from .scenario_draft import PHASE_NAMES, Draft, all_phases, phase_of

__all__ = ["CAN", "CAN_I", "SAID", "VERBS", "kind_questions"]

_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
_COUNTS = {"one": 1, "1": 1, "a": 1, "a single": 1, "two": 2, "2": 2, "three": 3, "3": 3}
VERBS = {"normal summon": "normal_summon", "summon": "normal_summon", "tribute summon": "normal_summon",
          "normal set": "set_monster", "set": "set_monster", "tribute set": "set_monster"}
SAID = {"normal_summon": "Normal Summon", "set_monster": "Set", "flip_summon": "Flip Summon"}
# "can I ..." and the other ways of asking whether the player may do it
CAN_I = (r"(?:(?:can|could|may) (?:i|you)|is it (?:legal|possible|allowed) (?:for me |for you |for a player )?to|"
         r"am i (?:allowed|able) to|are you (?:allowed|able) to)")
# "can a X be ..." and the like
CAN = r"(?:can|could|may|is it (?:legal|possible) for)"


def _kind_monster(d: Draft, frame: str, who: str = "A") -> str:
    """A monster without effects of the frame: Extra Deck monsters in the Extra Deck, a Ritual Monster in the
    hand (a Link Monster has no Level)."""
    name = f"{'an' if frame in ('xyz', 'extra deck') else 'a'} {frame.title()} Monster"
    if frame == "extra deck":
        name, frame = "an Extra Deck Monster (a Fusion Monster)", "fusion"
    item: dict = {"name": name, "frame": frame}
    if frame == "link":
        item["link_arrows"] = ["Bottom"]
    else:
        item["level"] = 4
    d.player(who).setdefault("hand" if frame == "ritual" else "extra", []).append(item)
    d.monsters[name] = who
    d.last = name
    return name


def _frame_of(d: Draft, words: str) -> str | None:
    """The frame of "fusion monster(s)" or of a kind of card ``k<N>`` that is exactly a monster of a frame."""
    if words.startswith("extra deck"):
        return "extra deck"  # any of them: the rule is the same (a Fusion Monster stands for them)
    if not words.startswith("k"):
        return words.split()[0]
    cls = d.kinds.get(int(words[1:])) or {}
    frame = str(cls.get("property") or cls.get("frame") or "").lower()
    if set(cls) - {"type", "property", "frame"} or cls.get("type") != "monster" or frame not in _FRAMES:
        return None
    return frame


def _q_kind_normal(d: Draft, m: re.Match):
    """ "Can I Normal Summon a Fusion Monster?", "can a Ritual Monster be Set?" (no story)."""
    if d.actions or d.said or d.chain:
        return None
    frame = _frame_of(d, m["f"] or m["f2"] or m["k"] or m["k2"])
    if frame is None:
        return None
    verb = m["v"] or {"normal summoned": "normal summon", "tribute summoned": "tribute summon",
                      "normal set": "normal set", "set": "set", "tribute set": "tribute set"}[m["v2"]]
    where = m["src"] or ""
    if where and ("extra" in where) == (frame == "ritual"):
        return None  # a Ritual Monster is in the hand, the others in the Extra Deck
    do = VERBS[verb]
    if (m["down"] or m["down2"]) and do != "set_monster":
        return None
    name = _kind_monster(d, frame)
    d.actions.append({"do": do, "card": name})
    return {"kind": "legal"}, f"can A {SAID[do]} {name} (no effects)"


def _q_opponent_turn(d: Draft, m: re.Match):
    """A Normal Summon / Set / Flip Summon, or a Synchro / Xyz / Link Summon by its procedure, asked for the
    player whose turn it is not: "can I ... during my opponent's turn", "can my opponent ... during my turn"
    (no story)."""
    if d.actions or d.said or d.chain or bool(m["them"]) != bool(m["mine"]):
        return None  # "can I ... during my turn" / "can my opponent ... during their turn": not this question
    phase = phase_of(m["ph"]) if m["ph"] else None
    if m["ph"] and phase is None:
        return None
    who, turn = ("B", "A") if m["them"] else ("A", "B")
    d.state["turn"] = turn
    if phase is not None:
        d.state["phase"] = phase
    when = f" in {PHASE_NAMES[phase]} of {turn}'s turn" if phase else f" during {turn}'s turn"
    if m["proc"]:
        frame = m["proc"]
        name = _kind_monster(d, frame, who)
        d.actions.append({"do": "special_summon", "player": who, "card": name, "how": frame, "from": "extra"})
        return {"kind": "legal"}, f"can {who} {frame.title()} Summon {name} (without a card effect){when}"
    do = "flip_summon" if m["v"] == "flip summon" else VERBS[m["v"]]
    level = int(m["lv"]) if m["lv"] else 4
    if not 1 <= level <= 4:
        return None  # Tributes the question does not give would be asked about too
    label = "my" if who == "A" else "my opponent's"
    if do == "flip_summon":
        name = d.add_monster(who, "monsters", f"{label} face-down monster", level=level, face="down",
                             position="defense")
    else:
        name = d.add_monster(who, "hand", f"{label} monster", level=level)
    d.actions.append({"do": do, "player": who, "card": name})
    return {"kind": "legal"}, f"can {who} {SAID[do]} a Level {level} monster{when}"


def _q_tributes(d: Draft, m: re.Match):
    """A Level N monster Normal Summoned / Set without Tributing, or Tribute Summoned with N Tributes (monsters
    without effects A controls): Tributes by Level."""
    if d.actions or d.said or d.chain:
        return None
    level = int(m["lv"] or m["lv2"])
    if not 1 <= level <= 12:
        return None
    verb = m["v"] or {"normal summoned": "normal summon", "tribute summoned": "tribute summon",
                      "normal set": "normal set", "set": "set"}[m["v2"]]
    do = VERBS[verb]
    if m["without"] or m["without2"]:
        if verb.startswith("tribute"):
            return None  # a Tribute Summon without Tributes is not one
        count = 0
    else:
        count = _COUNTS[m["n"]]
        if level <= 4 and not verb.startswith("tribute"):
            return None  # "Normal Summon a Level 3 monster with one Tribute": not a Tribute Summon; not asked so
    tributes = [d.add_monster("A", "monsters", f"my monster {k + 1}", level=4) for k in range(count)]
    name = d.add_monster("A", "hand", f"a Level {level} monster", level=level)
    d.actions.append({"do": do, "card": name, "tributes": tributes})
    if count:
        d.said.append(f"A controls {count} monster(s) without effects (Level 4) to Tribute")
    by = f"by Tributing {count} monster(s)" if count else "without Tributing"
    said = "Tribute Summon" if verb == "tribute summon" else SAID[do]
    return {"kind": "legal"}, f"can A {said} {name} {by}"


def _q_twice(d: Draft, m: re.Match):
    """Two Normal Summons (or Sets) in one turn: with no story (no card granting more), or after the story's
    card that grants more (a card activated, ``scenario_summons._fact_grant``)."""
    if len(d.actions) > 1 or d.actions and (d.actions[0].get("do") != "activate" or not d.said or
                                             d.actions[0].get("player", "A") != "A"):
        return None  # the story, if any, is one card A activated (resolved before the Summons)
    kinds = [VERBS[m["v"]]] * 2 if m["v"] else [VERBS[m["v1"]], VERBS[m["v2"]]]
    for n, do in enumerate(kinds, 1):
        d.actions.append({"do": do, "card": d.add_monster("A", "hand", f"monster {n}", level=4)})
    said = " and then ".join(SAID[k] for k in kinds) if kinds[0] != kinds[1] else f"{SAID[kinds[0]]} twice"
    return {"kind": "legal"}, f"can A {said} in one turn (Level 4 monsters)"


def _q_flip_set(d: Draft, m: re.Match):
    """A monster (no effects) Normal Set this turn, then Flip Summoned (no story)."""
    if d.actions or d.said or d.chain:
        return None
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions += [{"do": "set_monster", "card": name}, {"do": "flip_summon", "card": name}]
    return {"kind": "legal"}, "can A Flip Summon a monster (Level 4) Set this turn"


def _q_named(d: Draft, m: re.Match):
    """A named monster Normal Summoned or Set: a Special Summon Monster (Nomi, Semi-Nomi, Extra Deck, Ritual),
    or a Level 4 or lower monster with no Summoning condition; any other card gives no reading."""
    if d.actions or d.said or d.chain:
        return None
    card = d.card_of(int(m["c"].split()[0][1:]))
    if card is None or not card.is_monster:
        return None
    do = VERBS[m["v"]]
    if m["down"] and do != "set_monster":
        return None
    special = card.summon_condition in ("nomi", "semi_nomi") or card.extra_deck_frame or "Ritual" in card.abilities
    if not special and (card.summon_condition != "normal" or card.tributes_needed() != 0):
        return None  # Tributes or a condition the question does not give would decide it
    if m["cond"] and (not special or re.search(r"\be\d+\b", m["cond"])):
        return None  # a condition said matters unless the monster can never be Normal Summoned or Set
    d.player("A").setdefault("extra" if card.extra_deck_frame else "hand", []).append(card.name)
    d.actions.append({"do": do, "card": card.name})
    whatever = f" (whatever else holds: \"{m['cond'].strip()}\")" if m["cond"] else ""
    return {"kind": "legal"}, f"can A {SAID[do]} {card.name}{whatever}"


_SPECIAL_LIMITS = re.compile(r"cannot be (?:normal or )?special summoned|must (?:first )?be special summoned|"
                            r"special summoned (?:only|except)|can only be special summoned", re.I)


def _q_own_phase(d: Draft, m: re.Match):
    """A Normal Summon / Set / Flip Summon of a Level 4 monster (no effects) asked in a phase of A's own turn
    (the ways of asking other than "can I", which scenario.py reads)."""
    if d.actions or d.said or d.chain:
        return None
    phase = phase_of(m["ph"])
    if phase is None:
        return None
    d.state["phase"] = phase
    do = "flip_summon" if m["v"] == "flip summon" else VERBS[m["v"]]
    if do == "flip_summon":
        name = d.add_monster("A", "monsters", "my face-down monster", level=4, face="down", position="defense")
    else:
        name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions.append({"do": do, "card": name})
    return {"kind": "legal"}, f"can A {SAID[do]} a Level 4 monster in {PHASE_NAMES[phase]}"


def _q_procedure_phase(d: Draft, m: re.Match):
    """A Synchro / Xyz / Link Summon by its procedure asked in a phase of A's own turn (no story)."""
    if d.actions or d.said or d.chain:
        return None
    phase = phase_of(m["ph"])
    if phase is None:
        return None
    d.state["phase"] = phase
    frame = m["proc"]
    name = _kind_monster(d, frame)
    d.actions.append({"do": "special_summon", "card": name, "how": frame, "from": "extra"})
    return {"kind": "legal"}, f"can A {frame.title()} Summon {name} (no card effect) in {PHASE_NAMES[phase]}"


def _q_revive_kind(d: Draft, m: re.Match):
    """ "Can Monster Reborn Special Summon a Synchro Monster that was never Synchro Summoned?": the monster of
    that kind (no effects) sent to the GY without being Summoned, and the named card used on it."""
    from .scenario_summons import summon_questions  # the revival question of the story told (scenario_summons.py)

    if d.actions or d.said or d.chain:
        return None
    frame = m["f"]
    if m["how"] and m["how"] != frame:
        return None
    name = f"my {frame.title()} Monster"
    properly = bool(m["properly"])
    item = {"name": name, "frame": frame, "summoned": frame if properly else None, "properly": properly}
    item.update({"link_arrows": ["Bottom"]} if frame == "link" else {"level": 6})
    d.player("A").setdefault("gy", []).append(item)
    d.monsters[name], d.last, d.chain = "A", name, {"revive": name}
    d.said.append(f"{name} (no effects) was properly {frame.title()} Summoned, then sent to the GY" if properly else
                  f"{name} (no effects) was sent to the GY without being {frame.title()} Summoned")
    asked = f"can {m['by']} special summon it"
    for _name, pattern, handler in summon_questions():
        found = pattern.match(asked)
        if found and handler is not _q_revive_kind:
            got = handler(d, found)
            if got is not None:
                return got
    return None


def _q_extra_from_gy(d: Draft, m: re.Match):
    """ "Can I Synchro Summon a Synchro Monster from my GY?": a Fusion / Synchro / Xyz / Link Summon takes the
    monster from the Extra Deck (simulated with the monster, no effects, in the GY or banished)."""
    if d.actions or d.said or d.chain:
        return None
    how, frame = m["how"], m["f"]
    if frame != how:
        return None  # the monster's kind must be said: "Fusion Summon a monster from my GY" may mean its materials
    where = "banished" if m["w"].startswith("banish") else "gy"
    name = f"my {how.title()} Monster"
    item = {"name": name, "frame": how, "summoned": how, "properly": True}
    item.update({"link_arrows": ["Bottom"]} if how == "link" else {"level": 6})
    d.player("A").setdefault(where, []).append(item)
    d.monsters[name], d.last = "A", name
    d.actions.append({"do": "special_summon", "card": name, "how": how, "from": where})
    place = "the GY" if where == "gy" else "banishment"
    return {"kind": "legal"}, f"can A {how.title()} Summon {name} (no effects) from {place}"


def _q_can_be_special(d: Draft, m: re.Match):
    """ "Can X be Special Summoned?": by its own procedure for a Special Summon Monster (an Extra Deck monster's
    by its kind of Summon), by a card effect for a monster whose text limits no Special Summon, not at all for
    one that "Cannot be Special Summoned"; a condition the simulator does not read gives no reading."""
    if d.actions or d.said or d.chain:
        return None
    card = d.card_of(int(m["c"].split()[0][1:]))
    if card is None or not card.is_monster:
        return None
    condition, frame = card.summon_condition, (card.extra_deck_frame or "").lower()
    if condition in ("cannot_special", "set_only"):
        how = "effect"
    elif frame in ("fusion", "synchro", "xyz", "link") and condition == "semi_nomi":
        how = frame
    elif condition in ("nomi", "semi_nomi") and not frame and "Ritual" not in card.abilities:
        how = "procedure"
    elif condition == "normal" and not frame and not _SPECIAL_LIMITS.search(card.text or ""):
        how = "effect"
    else:
        return None
    d.player("A").setdefault("extra" if frame else "hand", []).append(card.name)
    d.actions.append({"do": "special_summon", "card": card.name, "how": how, **({"from": "extra"} if frame else {})})
    by = {"effect": "by a card effect", "procedure": "by its own procedure"}.get(how, f"by {how.title()} Summon")
    return {"kind": "legal"}, f"can {card.name} be Special Summoned ({by}, from the {'Extra Deck' if frame else 'hand'})"


@lru_cache(maxsize=1)
def kind_questions() -> list:
    """The question shapes of this module (name, pattern, handler(draft, match))."""
    frames = "|".join(_FRAMES)
    kind = rf"(?:(?:a |an |my )?(?P<f>(?:{frames}|extra deck) monsters?)|(?P<k>k\d+))"
    kind2 = rf"(?:(?:a |an |my )?(?P<f2>(?:{frames}|extra deck) monsters?)|(?P<k2>k\d+))"
    down = r"(?P<down> face-down| face down| in face-down defen[cs]e position)?"
    opp = r"(?:my opponent's|my opponents|the opponent's|the opponents|their|the other player's)"
    turnish = rf"(?:during|in|on) {opp} (?:turn|(?P<ph>{all_phases()}))"
    mon = r"(?:a monster|monsters|a level (?P<lv>\d+) monster|one monster)"
    turn = r"(?:in (?:one|a|the same|a single) turn|per turn|this turn|each turn|a turn)"
    return [
        (
            "a monster of an Extra Deck or Ritual kind Normal Summoned or Set",
            re.compile(
                rf"^(?:{CAN_I}|can a player) (?P<v>normal summon|normal set|tribute summon|tribute set|set) {kind}"
                rf"(?P<src> from (?:my |the |your )?(?:hand|extra deck))?{down}$|"
                rf"^{CAN} {kind2} (?:ever )?(?:to )?be (?P<v2>normal summoned|tribute summoned|normal set|tribute set|set)"
                rf"(?P<down2> face-down| face down)?$"
            ),
            _q_kind_normal,
        ),
        (
            "a Summon the player performs, asked for the opponent's turn",
            re.compile(
                rf"^(?:{CAN_I} |(?:can|could|may) (?P<them>my opponent|the opponent) )"
                rf"(?:(?P<v>normal summon|normal set|tribute summon|set|flip summon)(?: {mon})?|"
                rf"(?P<proc>synchro|xyz|link) summon(?: a monster)?) (?:{turnish}|(?P<mine>(?:during|in|on) my turn))"
                rf"(?: without (?:a |an |using a |using an |any )?(?:card )?effects?| by (?:its|their) own procedure)?$"
            ),
            _q_opponent_turn,
        ),
        (
            "a Level N monster Normal Summoned with no Tribute or with N Tributes",
            re.compile(
                rf"^{CAN_I} (?P<v>normal summon|normal set|tribute summon|set|summon) (?:a |one )?(?:level|lv|lvl) "
                rf"(?P<lv>\d+)(?: monster)? (?:(?P<without>without (?:tributing|tributes|a tribute|any tributes)(?: any monsters?)?)|"
                rf"(?:with|using|by using) (?:only |just )?(?P<n>one|1|a single|a|two|2|three|3) tributes?)$|"
                rf"^{CAN} (?:a |one )?level (?P<lv2>\d+) monster (?:to )?be (?P<v2>normal summoned|normal set|set) "
                rf"(?P<without2>without (?:tributing|tributes|a tribute|any tributes))$"
            ),
            _q_tributes,
        ),
        (
            "two Normal Summons or Sets in one turn",
            re.compile(
                rf"^{CAN_I} (?P<v>normal summon|normal set|set)(?: (?:a )?monsters?)? (?:twice|two times|"
                rf"more than once) {turn}$|"
                rf"^{CAN_I} (?P<v1>normal summon|set) (?:a monster )?and (?:then )?(?:also )?(?P<v2>normal summon|set)"
                rf"(?: a monster| another monster)? {turn}$"
            ),
            _q_twice,
        ),
        (
            "a monster Set this turn, Flip Summoned",
            re.compile(rf"^{CAN_I} flip summon a monster (?:that (?:was|i) |(?:which|that) (?:i|was) |i )?(?:normal )?"
                       rf"set (?:this turn|earlier this turn|the same turn)$"),
            _q_flip_set,
        ),
        (
            "a Normal Summon / Set / Flip Summon in a phase of the player's turn",
            re.compile(rf"^{CAN_I} (?P<v>normal summon|normal set|set|flip summon)(?: a monster| monsters)? (?:during|in) "
                       rf"(?:my |the )?(?P<ph>{all_phases()})(?: of my turn)?$"),
            _q_own_phase,
        ),
        (
            "a Synchro / Xyz / Link Summon by its procedure in a phase of the player's turn",
            re.compile(rf"^{CAN_I} (?P<proc>synchro|xyz|link) summon(?: a monster)? (?:during|in) (?:my |the )?"
                       rf"(?P<ph>{all_phases()})(?: of my turn)?$"),
            _q_procedure_phase,
        ),
        (
            "a card that revives, used on an Extra Deck monster of a kind properly Summoned first or never",
            re.compile(
                rf"^(?:can|could) (?P<by>e\d+) (?:special summon|revive) (?:a|an|my) (?P<f>fusion|synchro|xyz|link) "
                rf"monster (?:that|which) (?:was|has) (?:never (?:been )?(?:properly )?|(?P<properly>(?:been )?properly ))"
                rf"(?:(?P<how>fusion|synchro|xyz|link) )?summoned(?: (?:and|then|and then) (?:sent to the (?:gy|graveyard)|"
                rf"destroyed))?(?: from (?:the|my) (?:gy|graveyard))?$"
            ),
            _q_revive_kind,
        ),
        (
            "an Extra Deck Summon asked from the GY or banishment",
            re.compile(rf"^{CAN_I} (?P<how>fusion|synchro|xyz|link) summon (?:a |an |my )?(?:(?P<f>fusion|synchro|xyz|link) )?"
                       rf"monster from (?:my |the )?(?P<w>gy|graveyard|banishment|banished zone|banished cards)$"),
            _q_extra_from_gy,
        ),
        (
            "a named monster Special Summoned at all",
            re.compile(rf"^{CAN} (?P<c>{CARD_SLOT}) (?:ever |even )?(?:to )?be special summoned$"),
            _q_can_be_special,
        ),
        (
            "a named Special Summon Monster Normal Summoned or Set",
            re.compile(
                rf"^{CAN_I} (?P<v>normal summon|normal set|set) (?P<c>{CARD_SLOT}){down}"
                rf"(?P<cond> (?:if|when|while|even if|even though) (?:i|there|my) [a-z0-9' -]+)?$"
            ),
            _q_named,
        ),
    ]
