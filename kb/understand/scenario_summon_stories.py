"""Summon stories the simulator answers (docs/simulator.md), registered by
:func:`kb.understand.scenario_summons.summon_questions` / ``SUMMON_FACTS``: a monster Special Summoned face-down
by a card effect this turn, or one that attacked (changed position) and was then flipped face-down, Flip
Summoned; a Normal Summon / Set told (this turn, in Main Phase 1) and another asked (this turn, in Main
Phase 2); the opponent's Pendulum Scales told and a Pendulum Summon asked (only one's own Scales count); the
Summon of a Special Summon Monster negated, then a revival asked (not properly Summoned).

Monsters the story gives by no name are monsters without effects (Level 4).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft, all_phases, phase_of
from .scenario_summon_kinds import CAN_I
from .scenario_summon_kinds import SAID as _SAID
from .scenario_summon_kinds import VERBS as _VERBS

__all__ = ["STORY_FACTS", "story_questions"]


def _fact_special_face_down(d: Draft, m: re.Match) -> bool:
    """A monster (no effects) that an effect Special Summoned in face-down Defense Position in this turn."""
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


@lru_cache(maxsize=1)
def _facts() -> list:
    return [
        (
            "a face-down Special Summon by an effect in this turn",
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


def STORY_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler(draft, match))."""
    return _facts()


@lru_cache(maxsize=1)
def story_questions() -> list:
    """The question shapes of this module (name, pattern, handler(draft, match))."""
    return [
        (
            "the story's monster placed face-down this turn, Flip Summoned",
            re.compile(rf"^{CAN_I} flip summon (?:it|that monster|the monster)(?: this turn| the same turn)?$"),
            _q_flip_it,
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
    ]
