"""Summon questions the simulator answers (docs/simulator.md) about monsters given by their kind or Level,
or named monsters with a Summoning condition: a Fusion / Synchro / Xyz / Link / Ritual Monster Normal
Summoned or Set; a Normal Summon, Set, Flip Summon or Synchro / Xyz / Link Summon during the opponent's turn
(or outside the Main Phase); a Level N monster Normal Summoned without Tributing or Tribute Summoned with N
Tributes; two Normal Summons in a turn; a monster Special Summoned face-down this turn Flip Summoned; a Normal
Summon in Main Phase 2 after one in Main Phase 1; a named Special Summon Monster Normal Summoned or Set.

Registered by :func:`kb.understand.scenario_summons.summon_questions` / ``SUMMON_FACTS``.  A monster the
question gives by no name is a monster without effects of the kind it says (Level 4 unless a Level is
said); what the question does not say is never filled in with a value that would decide the answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import PHASE_NAMES, Draft, all_phases, phase_of

__all__ = ["KIND_FACTS", "kind_questions"]

_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
_COUNTS = {"one": 1, "1": 1, "a": 1, "a single": 1, "two": 2, "2": 2, "three": 3, "3": 3}
_VERBS = {"normal summon": "normal_summon", "summon": "normal_summon", "tribute summon": "normal_summon",
          "normal set": "set_monster", "set": "set_monster", "tribute set": "set_monster"}
_SAID = {"normal_summon": "Normal Summon", "set_monster": "Set", "flip_summon": "Flip Summon"}
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
    do = _VERBS[verb]
    if (m["down"] or m["down2"]) and do != "set_monster":
        return None
    name = _kind_monster(d, frame)
    d.actions.append({"do": do, "card": name})
    return {"kind": "legal"}, f"can A {_SAID[do]} {name} (no effects)"


def _q_opponent_turn(d: Draft, m: re.Match):
    """A Normal Summon / Set / Flip Summon, or a Synchro / Xyz / Link Summon by its procedure, asked for the
    player whose turn it is not (no story)."""
    if d.actions or d.said or d.chain:
        return None
    phase = phase_of(m["ph"]) if m["ph"] else None
    if m["ph"] and phase is None:
        return None
    d.state["turn"] = "B"
    if phase is not None:
        d.state["phase"] = phase
    when = f" in {PHASE_NAMES[phase]} of B's turn" if phase else " during B's turn"
    if m["proc"]:
        frame = m["proc"]
        name = _kind_monster(d, frame)
        d.actions.append({"do": "special_summon", "player": "A", "card": name, "how": frame, "from": "extra"})
        return {"kind": "legal"}, f"can A {frame.title()} Summon {name} (without a card effect){when}"
    do = "flip_summon" if m["v"] == "flip summon" else _VERBS[m["v"]]
    level = int(m["lv"]) if m["lv"] else 4
    if not 1 <= level <= 4:
        return None  # Tributes the question does not give would be asked about too
    if do == "flip_summon":
        name = d.add_monster("A", "monsters", "my face-down monster", level=level, face="down", position="defense")
    else:
        name = d.add_monster("A", "hand", "my monster", level=level)
    d.actions.append({"do": do, "player": "A", "card": name})
    return {"kind": "legal"}, f"can A {_SAID[do]} a Level {level} monster{when}"


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
    do = _VERBS[verb]
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
    said = "Tribute Summon" if verb == "tribute summon" else _SAID[do]
    return {"kind": "legal"}, f"can A {said} {name} {by}"


def _q_twice(d: Draft, m: re.Match):
    """Two Normal Summons (or Sets) in one turn: with no story (no card granting more), or after the story's
    card that grants more (a card activated, ``scenario_summons._fact_grant``)."""
    if len(d.actions) > 1 or d.actions and (d.actions[0].get("do") != "activate" or not d.said or
                                             d.actions[0].get("player", "A") != "A"):
        return None  # the story, if any, is one card A activated (resolved before the Summons)
    kinds = [_VERBS[m["v"]]] * 2 if m["v"] else [_VERBS[m["v1"]], _VERBS[m["v2"]]]
    for n, do in enumerate(kinds, 1):
        d.actions.append({"do": do, "card": d.add_monster("A", "hand", f"monster {n}", level=4)})
    said = " and then ".join(_SAID[k] for k in kinds) if kinds[0] != kinds[1] else f"{_SAID[kinds[0]]} twice"
    return {"kind": "legal"}, f"can A {said} in one turn (Level 4 monsters)"


def _fact_special_face_down(d: Draft, m: re.Match) -> bool:
    """A monster (no effects) Special Summoned face-down by a card effect this turn."""
    if d.actions or d.said or d.chain:
        return False
    d.add_monster("A", "monsters", "my face-down monster", level=4, face="down", position="defense",
                  summoned="special", summoned_this_turn=True)
    d.said.append("A's monster (no effects) was Special Summoned in face-down Defense Position by a card effect "
                  "this turn")
    return True


def _q_flip_it(d: Draft, m: re.Match):
    name = d.last
    if name is None or d.monsters.get(name) != "A" or d.actions or not d.said:
        return None
    held = [x for x in d.player("A").get("monsters", []) if x.get("name") == name]
    if not held or held[0].get("face") != "down" or not held[0].get("summoned_this_turn"):
        return None
    d.actions.append({"do": "flip_summon", "card": name})
    return {"kind": "legal"}, f"can A Flip Summon {name} this turn"


def _q_flip_set(d: Draft, m: re.Match):
    """A monster (no effects) Normal Set this turn, then Flip Summoned (no story)."""
    if d.actions or d.said or d.chain:
        return None
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions += [{"do": "set_monster", "card": name}, {"do": "flip_summon", "card": name}]
    return {"kind": "legal"}, f"can A Flip Summon a monster (Level 4) Set this turn"


def _fact_opponent_scales(d: Draft, m: re.Match) -> bool:
    """The opponent's Pendulum Scales (A has none told): a Pendulum Summon uses the Summoning player's own."""
    if d.actions or d.said or d.chain:
        return False
    named = d.card_of(int(m["t"][1:])) if m["t"] else None
    if m["t"] and (named is None or named.name.lower() not in ("pendulum scale", "pendulum scales")):
        return False  # a card named, not the game term
    low, high = int(m["x"]), int(m["y"])
    if not (0 <= low <= 13 and 0 <= high <= 13):
        return False
    for zone, scale in ((1, low), (5, high)):
        d.player("B").setdefault("spells_traps", []).append(
            {"name": f"B's Pendulum Scale {scale}", "scale": scale, "level": 4, "zone": zone, "face": "up"})
    d.said.append(f"B's Pendulum Scales are {low} and {high}; A has no Pendulum Scales")
    d.chain = {"opponent_scales": True}
    return True


def _q_pendulum_own_scales(d: Draft, m: re.Match):
    """A Pendulum Summon of a Level N monster from A's hand, with only the opponent's Scales told."""
    if not d.chain or "opponent_scales" not in d.chain or d.actions:
        return None
    level = int(m["lv"])
    if not 1 <= level <= 12:
        return None
    name = d.add_monster("A", "hand", f"a Level {level} monster", level=level)
    d.actions.append({"do": "pendulum_summon", "cards": [name]})
    return {"kind": "legal"}, f"can A Pendulum Summon {name} from the hand"


def _fact_summon_negated(d: Draft, m: re.Match) -> bool:
    """The Summon of a named Special Summon Monster (an Extra Deck monster of that kind, or a Semi-Nomi one) was
    negated: it is in the GY, not properly Summoned (a revival of it is the next question)."""
    if d.actions or d.said or d.chain:
        return False
    card = d.card_of(int(m["c"][1:]))
    if card is None or not card.is_monster:
        return False
    how, frame = m["how"], (card.extra_deck_frame or "").lower()
    if how == "special" and (frame or card.summon_condition != "semi_nomi") or how != "special" and frame != how:
        return False
    if m["by"]:
        by = d.card_of(int(m["by"][1:]))
        if by is None or "negate" not in (by.text or "").lower() or "summon" not in (by.text or "").lower():
            return False  # the card said to negate it must speak of negating Summons
    d.player("A").setdefault("gy", []).append({"card": card.name, "summoned": None, "properly": False})
    d.monsters[card.name], d.last, d.chain = "A", card.name, {"revive": card.name}
    d.said.append(f"the {how.title()} Summon of {card.name} was negated (it is in the GY, not properly Summoned)")
    return True


def _fact_flipped_down(d: Draft, m: re.Match) -> bool:
    """A monster (no effects) that attacked (or changed its battle position) this turn, then was flipped
    face-down by a card effect."""
    if d.actions or d.said or d.chain:
        return False
    if m["by"]:
        card = d.card_of(int(m["by"][1:]))
        if card is None or "face-down" not in (card.text or "").lower():
            return False  # the card said to flip it must speak of changing a monster to face-down
    what = "attacked_this_turn" if m["act"].startswith("attack") else "position_changed_this_turn"
    d.add_monster("A", "monsters", "my monster", level=4, face="down", position="defense", **{what: True})
    d.said.append(f"A's monster (no effects) {'attacked' if what.startswith('attacked') else 'changed its battle position'}"
                  f" this turn, then was flipped face-down by a card effect")
    return True


def _q_flip_down_again(d: Draft, m: re.Match):
    """The story's monster flipped face-down after attacking (or changing position) this turn, Flip Summoned."""
    name = d.last
    held = [x for x in d.player("A").get("monsters", []) if x.get("name") == name]
    if d.actions or d.chain or not held or held[0].get("face") != "down" or not (
            held[0].get("attacked_this_turn") or held[0].get("position_changed_this_turn")):
        return None
    d.actions.append({"do": "flip_summon", "card": name})
    return {"kind": "legal"}, f"can A Flip Summon {name} this turn"


def _q_still_summon(d: Draft, m: re.Match):
    """After the story's Normal Summon / Set (this turn): another Normal Summon or Set."""
    if len(d.actions) != 1 or d.actions[0].get("do") not in ("normal_summon", "set_monster") or d.chain:
        return None
    do = _VERBS[m["v"]]
    d.actions.append({"do": do, "card": d.add_monster("A", "hand", "another monster", level=4)})
    return {"kind": "legal"}, f"can A {_SAID[do]} another Level 4 monster this turn"


def _fact_summoned_plain(d: Draft, m: re.Match) -> bool:
    """ "(If) I Set a monster": a Normal Summon / Set this turn (Level 4, no effects)."""
    if d.actions or d.said or d.chain:
        return False
    do = "set_monster" if m["v"].endswith("set") else "normal_summon"
    d.actions.append({"do": do, "card": d.add_monster("A", "hand", "my monster", level=4)})
    d.said.append(f"A {'Set' if do == 'set_monster' else 'Normal Summoned'} a monster (Level 4) this turn")
    return True


def _fact_summoned_main1(d: Draft, m: re.Match) -> bool:
    """A Normal Summoned / Set a monster in Main Phase 1."""
    if d.actions or d.said or d.chain:
        return False
    do = _VERBS[m["v"]]
    d.actions.append({"do": do, "card": d.add_monster("A", "hand", "my monster", level=4)})
    d.said.append(f"A {'Set' if do == 'set_monster' else 'Normal Summoned'} a monster (Level 4) in Main Phase 1")
    return True


def _q_again_main2(d: Draft, m: re.Match):
    """After the Normal Summon/Set of Main Phase 1: another in Main Phase 2 (after a Battle Phase)."""
    if len(d.actions) != 1 or d.actions[0].get("do") not in ("normal_summon", "set_monster") or d.chain:
        return None
    if phase_of(m["ph"]) != "main2":
        return None
    do = _VERBS[m["v"]]
    d.actions += [{"do": "phase", "to": "battle"}, {"do": "phase", "to": "main2"},
                  {"do": do, "card": d.add_monster("A", "hand", "another monster", level=4)}]
    return {"kind": "legal"}, f"can A {_SAID[do]} another Level 4 monster in Main Phase 2"


def _q_named(d: Draft, m: re.Match):
    """A named monster Normal Summoned or Set: a Special Summon Monster (Nomi, Semi-Nomi, Extra Deck, Ritual),
    or a Level 4 or lower monster with no Summoning condition; any other card gives no reading."""
    if d.actions or d.said or d.chain:
        return None
    card = d.card_of(int(m["c"].split()[0][1:]))
    if card is None or not card.is_monster:
        return None
    do = _VERBS[m["v"]]
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
    return {"kind": "legal"}, f"can A {_SAID[do]} {card.name}{whatever}"


_SPECIAL_LIMITS = re.compile(r"cannot be (?:normal or )?special summoned|must (?:first )?be special summoned|"
                            r"special summoned (?:only|except)|can only be special summoned", re.I)


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
    item = {"name": name, "frame": frame, "summoned": None, "properly": False}
    item.update({"link_arrows": ["Bottom"]} if frame == "link" else {"level": 6})
    d.player("A").setdefault("gy", []).append(item)
    d.monsters[name], d.last, d.chain = "A", name, {"revive": name}
    d.said.append(f"{name} (no effects) was sent to the GY without being {frame.title()} Summoned")
    asked = f"can {m['by']} special summon it"
    for _name, pattern, handler in summon_questions():
        found = pattern.match(asked)
        if found and handler is not _q_revive_kind:
            got = handler(d, found)
            if got is not None:
                return got
    return None


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
                rf"^{CAN_I} (?:(?P<v>normal summon|normal set|tribute summon|set|flip summon)(?: {mon})?|"
                rf"(?P<proc>synchro|xyz|link) summon(?: a monster)?) {turnish}"
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
            "the story's monster placed face-down this turn, Flip Summoned",
            re.compile(rf"^{CAN_I} flip summon (?:it|that monster|the monster)(?: this turn| the same turn)?$"),
            _q_flip_it,
        ),
        (
            "a monster Set this turn, Flip Summoned",
            re.compile(rf"^{CAN_I} flip summon a monster (?:that (?:was|i) |(?:which|that) (?:i|was) |i )?(?:normal )?"
                       rf"set (?:this turn|earlier this turn|the same turn)$"),
            _q_flip_set,
        ),
        (
            "another Normal Summon or Set in Main Phase 2",
            re.compile(
                rf"^{CAN_I} (?P<v>normal summon|set) (?:again|another monster|a second monster|a monster again)"
                rf" (?:in|during) (?:my )?(?P<ph>{all_phases()})$"
            ),
            _q_again_main2,
        ),
        (
            "a Synchro / Xyz / Link Summon by its procedure in a phase of the player's turn",
            re.compile(rf"^{CAN_I} (?P<proc>synchro|xyz|link) summon(?: a monster)? (?:during|in) (?:my |the )?"
                       rf"(?P<ph>{all_phases()})(?: of my turn)?$"),
            _q_procedure_phase,
        ),
        (
            "a card that revives, used on an Extra Deck monster of a kind never properly Summoned",
            re.compile(
                rf"^(?:can|could) (?P<by>e\d+) (?:special summon|revive) (?:a|an|my) (?P<f>fusion|synchro|xyz|link) "
                rf"monster (?:that|which) (?:was|has) never (?:been )?(?:properly )?(?:(?P<how>fusion|synchro|xyz|link) )?"
                rf"summoned(?: from (?:the|my) (?:gy|graveyard))?$"
            ),
            _q_revive_kind,
        ),
        (
            "a Pendulum Summon with only the opponent's Pendulum Scales told",
            re.compile(rf"^{CAN_I} pendulum summon (?:a |one )?level (?P<lv>\d+) monster(?: from my hand)?"
                       rf"(?: using (?:their|those|my opponent's) (?:pendulum )?scales)?$"),
            _q_pendulum_own_scales,
        ),
        (
            "another Normal Summon or Set after the story's",
            re.compile(rf"^{CAN_I} (?:still |also )(?P<v>normal summon|set)(?: a monster| another monster)?"
                       rf"(?: this turn)?$"),
            _q_still_summon,
        ),
        (
            "the story's monster flipped face-down after attacking, Flip Summoned",
            re.compile(rf"^{CAN_I} flip summon (?:it|that monster|the monster)(?: this turn| again)?$"),
            _q_flip_down_again,
        ),
        (
            "a named monster Special Summoned at all",
            re.compile(rf"^{CAN} (?P<c>e\d+(?: ' s| 's)?) (?:ever |even )?(?:to )?be special summoned$"),
            _q_can_be_special,
        ),
        (
            "a named Special Summon Monster Normal Summoned or Set",
            re.compile(
                rf"^{CAN_I} (?P<v>normal summon|normal set|set) (?P<c>e\d+(?: ' s| 's)?){down}"
                rf"(?P<cond> (?:if|when|while|even if|even though) (?:i|there|my) [a-z0-9' -]+)?$"
            ),
            _q_named,
        ),
    ]


@lru_cache(maxsize=1)
def _facts() -> list:
    return [
        (
            "a monster placed face-down by a card effect this turn",
            re.compile(
                r"^(?:a|my) monster (?:was|has been|got) special summoned (?:face-down|in face-down defen[cs]e "
                r"position)(?: by (?:a card|an) effect)?(?: this turn)?$|"
                r"^(?:i|a card effect) special summoned (?:a|my) monster (?:face-down|in face-down defen[cs]e "
                r"position)(?: (?:by|with) (?:a card|an) effect)? this turn$"
            ),
            _fact_special_face_down,
        ),
        (
            "the opponent's Pendulum Scales",
            re.compile(r"^(?:my opponent's|my opponents|the opponent's) (?:(?:pendulum )?scales|(?P<t>e\d+)) are "
                       r"(?P<x>\d+) and (?P<y>\d+)$|"
                       r"^my opponent has (?:pendulum )?scales (?:of )?(?P<x2>\d+) and (?P<y2>\d+)"
                       r"(?: in (?:their|his|her) pendulum zones)?$"),
            lambda d, m: _fact_opponent_scales(d, _Either(m)),
        ),
        (
            "the Summon of a named Special Summon Monster negated",
            re.compile(
                r"^(?:my opponent|the opponent) negated (?:the|my) (?P<how>synchro|xyz|fusion|link|special) summon of "
                r"(?:my )?(?P<c>e\d+)(?: with (?P<by>e\d+))?$|"
                r"^the (?P<how2>synchro|xyz|fusion|link|special) summon of (?:my )?(?P<c2>e\d+) (?:was|got) negated"
                r"(?: by (?P<by2>e\d+))?$"
            ),
            lambda d, m: _fact_summon_negated(d, _Either(m)),
        ),
        (
            "a monster that attacked this turn, flipped face-down",
            re.compile(
                r"^(?:my|a) monster (?P<act>attacked|changed (?:its )?battle position|declared an attack) this turn "
                r"(?:and|,) (?:then )?(?:was |got )?(?:then )?flipped face-down(?: by (?P<by>e\d+))?$"
            ),
            _fact_flipped_down,
        ),
        (
            "a Normal Summon or Set (this turn, said in an 'if' clause)",
            re.compile(r"^i (?P<v>normal summon|normal summoned|normal set|set) (?:a|one) monster$"),
            _fact_summoned_plain,
        ),
        (
            "a Normal Summon or Set in Main Phase 1",
            re.compile(
                rf"^i (?:already )?(?P<v>normal summoned|set)(?: a monster)? (?:in|during) (?:my )?(?:main phase 1|"
                rf"first main phase|the first main phase)$".replace("normal summoned", "normal summon(?:ed)?")
            ),
            lambda d, m: _fact_summoned_main1(d, _Verb(m)),
        ),
    ]


class _Either:
    """A match read through the second spelling of a group when the first did not match (``x`` / ``x2``)."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        return self.match.groupdict().get(key) or self.match.groupdict().get(f"{key}2")


class _Verb:
    """The story's verb in the past read as the present ("normal summoned" -> "normal summon")."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        value = self.match[key]
        return value.removesuffix("ed") if key == "v" and value.startswith("normal summon") else value


def KIND_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler(draft, match))."""
    return _facts()
