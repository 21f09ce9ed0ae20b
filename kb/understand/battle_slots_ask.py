"""The questions battle-number slots ask (:mod:`.battle_slots`): an ATK alone as ``{"ask": "rule_fact", "topic":
"atk"}`` (kb/engine/atk_calc.py); a battle as a simulator scenario whose monsters carry their changes
(kb/engine/sim/stats.py, battle.py), asked every way the story leaves open (the position of a named attack target,
who controls which monster): the answer stands only when all agree.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .battle_slots import Mon, Slots, Unread, alt, cut, fill
from .frame import Frame
from .scenario_cost import _flatten
from .skeleton import Skeleton

__all__ = ["read_battle_numbers"]


# --------------------------------------------------------------------------------------------- questions


def _asked_monster(s: Slots, who: str, card_of) -> Mon:
    """The monster an asked phrase names: a card, "it", "my monster", "the attacking monster" ..."""
    if re.fullmatch(r"e\d+", who):
        card = card_of(int(who[1:]))
        found = [x for x in s.mons if x.card is not None and card is not None and x.card.name == card.name]
    elif who in ("it", "the monster"):
        found = [s.subject] if s.subject is not None else []
    elif re.fullmatch(alt("ask", "attacker"), who):
        found = [s.attack["attacker"]] if s.attack else []
    elif re.fullmatch(alt("ask", "target"), who):
        found = [s.attack["target"]] if s.attack and isinstance(s.attack["target"], Mon) else []
    else:
        owner = "A" if re.fullmatch(alt("ask", "me_monster"), who) or who == "my monster" else "B"
        found = [x for x in s.mons if x.owner == owner]
    if len(found) != 1:
        raise Unread(f"which monster \"{who}\" is")
    return found[0]


def _atk_question(s: Slots, mon: Mon) -> Frame:
    """The ATK of one monster after its changes (kb/engine/atk_calc.py)."""
    if s.attack is not None or s.lp or s.damage or len(s.mons) != 1 or \
            mon.piercing or not mon.atk or mon.count != 1:  # (a DEF change told beside does not change the ATK)
        raise Unread("an ATK question with more than one monster's changes")
    if mon.card is not None:
        if any(mon.card.__getattribute__("atk" if k == "atk" else "defense") != v for k, v in mon.stats.items()):
            raise Unread("a told stat that is not the printed one")
        monster = mon.card.name
    elif "atk" in mon.stats:
        monster = {"atk": mon.stats["atk"]}
    else:
        raise Unread("no ATK to start from")
    applied = [{k: v for k, v in c.items() if k != "stated"} for c in mon.atk]
    stated = [c.get("stated") for c in mon.atk]
    question = {"ask": "rule_fact", "topic": "atk", "monster": monster, "applied": applied, "stated": stated}
    steps = ", then ".join(c.get("by") or _said(c) for c in mon.atk)
    return Frame(question, f"Rule fact: what is the ATK of {mon.said()} after {steps}?", uses_story=True)


def _said(change: dict) -> str:
    amount = change.get("amount")
    return {"gain": f"+{amount}", "lose": f"-{amount}", "set": f"ATK becomes {amount}", "half": "its ATK halved",
            "double": "its ATK doubled", "original_half": "its original ATK halved",
            "original_double": "its original ATK doubled", "original_set": f"its original ATK becomes {amount}"
            }[change["kind"]]


def _monster_object(mon: Mon, label: str, position: str | None) -> dict:
    if mon.card is not None:
        printed = {"atk": mon.card.atk, "def": mon.card.defense}
        if any(printed[k] != v for k, v in mon.stats.items()):
            raise Unread("a told stat that is not the printed one")
        obj = {"card": mon.card.name}
    else:
        obj = {"name": label, **mon.stats}
    if position:
        obj["position"] = position
    if mon.face == "down":
        obj["face"] = "down"
    if mon.atk:
        obj["atk_changes"] = [dict(c) for c in mon.atk]
    if mon.defense:
        obj["def_changes"] = [dict(c) for c in mon.defense]
    if mon.piercing:
        obj["piercing"] = True
    if mon.damage:
        obj["battle_damage"] = list(mon.damage)
    return obj


_QUERIES = {
    "damage_total": ({"damage": "total"}, "how much battle damage is dealt"),
    "damage_me": ({"damage": "A"}, "how much battle damage do I take"),
    "damage_them": ({"damage": "B"}, "how much battle damage does my opponent take"),
    "any_me": ({"damage": "A", "over": 0}, "do I take battle damage"),
    "any_them": ({"damage": "B", "over": 0}, "does my opponent take battle damage"),
    "any_total": ({"damage": "total", "over": 0}, "does either player take battle damage"),
    "who": ({"damage": "who"}, "who takes battle damage"),
    "lp_me": ({"lp": "A"}, "how many LP do I have left"),
    "lp_them": ({"lp": "B"}, "how many LP does my opponent have left"),
    "win_me": ({"lp": "B", "is": 0}, "do my opponent's LP reach 0 (I win)"),
    "lose_me": ({"lp": "A", "is": 0}, "do my LP reach 0 (I lose)"),
}


def _battle_question(s: Slots, card_of) -> Frame:
    """A battle for the simulator; what the story leaves open is asked every way (the answers must agree)."""
    attacker, target = s.attack["attacker"], s.attack["target"]
    if attacker.count == 2:  # "two 1500 ATK monsters battle": two alike, one attacks the other
        if target is not None or attacker.atk or attacker.defense or attacker.owner:
            raise Unread("two monsters and a target")
        target = Mon(owner=None, stats=dict(attacker.stats), position=attacker.position, rel=dict(attacker.rel))
        if "atk" in attacker.rel:  # "two monsters with the same ATK": the attacker's is the one compared with
            attacker.rel = {}
        attacker.count, attacker.position = 1, None
        s.mons.append(target)
    if target is None:
        raise Unread("an attack on nothing named")
    direct = target == "direct"
    others = [m for m in s.mons if m is not attacker and m is not target]
    if others or attacker.position == "defense" or attacker.face == "down":
        raise Unread("a monster that is not in the battle, or an attacker not in Attack Position")
    for taker_change in s.damage:
        kind, taker, _twice = taker_change
        if taker and not re.fullmatch(r"my opponent takes|the opponent takes|they take|inflicted|dealt|"
                                      r"inflicted to my opponent|my opponent would take|they would take", taker):
            raise Unread("battle damage changed for the attacking player")
        attacker.damage += [kind, kind] if _twice else [kind]
    kind, m = s.asked
    if kind in ("atk", "atk_of", "atk_named"):
        raise Unread("an ATK asked in a battle")
    # who controls the attacker: told, or the other side of a told target
    owners = [attacker.owner] if attacker.owner else (
        ["B" if target.owner == "A" else "A"] if not direct and target.owner else
        # a direct attack damages only the other player: "how much damage does my opponent take?" says whose it is
        ["A"] if direct and kind in ("damage_them", "lp_them") else ["B"] if direct and kind in ("damage_me", "lp_me")
        else ["A", "B"])
    if not direct and target.owner and target.owner == owners[0] and len(owners) == 1:
        raise Unread("a monster attacks its controller's own monster")
    if not direct and target.card is not None and target.card.is_link:  # a Link Monster is in Attack Position
        if target.position == "defense":
            raise Unread("a Link Monster in Defense Position")
        target.position = "attack"
    positions = [None] if direct else [target.position] if target.position else (
        ["attack"] if set(target.stats) == {"atk"} else ["defense"] if set(target.stats) == {"def"} else
        ["attack", "defense"])
    questions = []
    for owner in owners:
        for position in positions:
            for a_mon, t_mon in _samples(attacker, None if direct else target, position):
                questions.append(_scenario(s, a_mon, t_mon, owner, position, kind, m, card_of))
    question, said = questions[0]
    frame = Frame(question, said, uses_story=True)
    frame.alternatives = [q for q, _said in questions[1:]]
    frame.combine = "agree"
    if len(questions) > 1:
        frame.understood += " (asked for every position/controller the story leaves open: the answers must agree)"
    return frame


_SAMPLES = {"higher": (500, 1000), "lower": (-500, -1000), "same": (0, 0)}  # the stat's difference, per sample


def _samples(attacker: Mon, target: Mon | None, position: str | None) -> list[tuple[Mon, Mon | None]]:
    """The battles to simulate: one, or when the target's stat is told only by a relation to the attacker's ATK
    ("with higher DEF"), two with different numbers (2000 and 1000 ATK; an amount asked then differs: unknown)."""
    stat = "atk" if position == "attack" else "def"
    rel = target.rel.get(stat) if target is not None else None
    if target is not None and any(k != stat for k in target.rel) or attacker.rel:
        raise Unread("a relation of a stat that does not decide the battle")
    if rel is None:
        return [(attacker, target)]
    if stat in target.stats or target.card is not None:
        raise Unread("a stat told twice")
    told = attacker.stats.get("atk", attacker.card.atk if attacker.card is not None else None)
    out = []
    for i, a_value in enumerate((told, told) if told is not None else (2000, 1000)):
        value = a_value + _SAMPLES[rel][i]
        if value < 0:
            raise Unread("no value below 0")
        a_mon = attacker if told is not None else replace(attacker, stats={**attacker.stats, "atk": a_value})
        out.append((a_mon, replace(target, stats={**target.stats, stat: value}, rel={})))
    return out


def _scenario(s: Slots, attacker: Mon, target: Mon | None, owner: str, position: str | None, kind: str,
              m: re.Match, card_of) -> tuple[dict, str]:
    other = "B" if owner == "A" else "A"
    a_label = "my monster" if owner == "A" else "my opponent's monster"
    t_label = "my opponent's monster" if owner == "A" else "my monster"
    a_obj = _monster_object(attacker, a_label, "attack")
    players = {owner: {"monsters": [a_obj]}, other: {"monsters": []}}
    if target is not None:
        if position == "attack" and "atk" not in target.stats and target.card is None:
            raise Unread("the ATK of the attack target is not told")
        if position == "defense" and "def" not in target.stats and target.card is None:
            raise Unread("the DEF of the attack target is not told")
        players[other]["monsters"] = [_monster_object(target, t_label, position)]
    if attacker.card is None and "atk" not in attacker.stats:
        raise Unread("the ATK of the attacker is not told")
    for who, lp in s.lp.items():
        players[who]["lp"] = lp
    a_name = a_obj.get("card") or a_obj["name"]
    t_name = (players[other]["monsters"][0].get("card") or players[other]["monsters"][0]["name"]) if target else None
    if kind == "damage_by":  # "how much damage does X inflict?": the damage the other side takes
        if m["who"] == "it" and target is not None:
            raise Unread("'it' could be either battling monster")
        mon = _asked_monster(s, m["who"], card_of)
        if mon is not attacker and mon is not target:
            raise Unread("the monster asked about is not in the battle")
        kind = "damage_defender" if mon is attacker else "damage_attacker"
    if kind in ("damage_attacker", "damage_defender"):  # "how much damage does the attacking player take?"
        who = owner if kind == "damage_attacker" else other
        query, asked = {"damage": who}, f"how much battle damage does {who} (the {kind[7:]}'s controller) take"
    elif kind in _QUERIES:
        query, asked = _QUERIES[kind]
        if kind in ("win_me", "lose_me") and query["lp"] not in s.lp:
            raise Unread("a win asked with the loser's LP not told")
    elif kind == "damage_is":
        who = "A" if m["me"] or m["me2"] else "B"
        query, asked = {"damage": who, "is": int(m["n"])}, f"does {who} take exactly {m['n']} battle damage"
    elif kind == "both":
        query, asked = {"destroyed": [a_name, t_name]}, "are both monsters destroyed"
    elif kind == "either":
        query, asked = {"destroyed": [a_name, t_name], "any": True}, "is either monster destroyed"
    elif kind == "destroyed_target":
        if target is None:
            raise Unread("destruction asked of a direct attack")
        query, asked = {"destroyed": t_name}, f"is {t_name} destroyed by battle"
    elif kind == "destroyed":
        if m["who"] == "it" and target is not None:
            raise Unread("'it' could be either battling monster")
        mon = _asked_monster(s, m["who"], card_of)
        name = a_name if mon is attacker else t_name if mon is target else None
        if name is None:
            raise Unread("the monster asked about is not in the battle")
        query, asked = {"destroyed": name}, f"is {name} destroyed"
    else:
        raise Unread(f"{kind} is not asked of a battle")
    if "destroyed" in query and target is None:
        raise Unread("destruction asked of a direct attack")
    question = {"ask": "scenario", "state": {"turn": owner, "phase": "battle", "players": players},
                "actions": [{"do": "attack", "player": owner, "attacker": a_name, "target": t_name},
                            {"do": "damage_calculation"}],
                "query": {"kind": "outcome", **query}}
    whose = "my" if owner == "A" else "my opponent's"
    told = f"{whose} {attacker.said()} attacks " + (
        "directly" if target is None else f"{'my opponent' if owner == 'A' else 'my'}'s {position.title()} Position "
                                          f"{target.said()}".replace("my's", "my"))
    changes = [f"{c.get('by') or _said(c)}" for mon in (attacker, target) if mon for c in mon.atk + mon.defense]
    if changes:
        told += f" (changes applied in order: {', '.join(changes)})"
    if attacker.piercing:
        told += " (piercing)"
    return question, f"Simulated: {told}. Asked: {asked}?"


def read_battle_numbers(skeleton: Skeleton, card_of) -> Frame | None:
    """The battle-numbers question the whole question asks (see the module doc), or None."""
    flat = _flatten(skeleton)
    if flat is None or not re.search(r"\d|\be\d+\b|\batk\b|\bdef\b|\bdamage\b|\blp\b", flat[0]):
        return None
    text, ents = flat
    chunks = cut(text)
    if chunks is None:
        return None
    try:
        s = fill(chunks, card_of)
        kind, m = s.asked
        if kind in ("atk_of", "atk_named") and m["who"]:
            mon = _asked_monster(s, m["who"], card_of)
            frame = _atk_question(s, mon)
        elif kind in ("atk", "atk_of"):
            if s.subject is None:
                raise Unread("whose ATK")
            frame = _atk_question(s, s.subject)
        elif s.attack is None:
            raise Unread("a battle question with no attack")
        else:
            frame = _battle_question(s, card_of)
    except (Unread, KeyError, IndexError, TypeError, ValueError):  # a story the slots cannot hold: unread
        return None
    frame.used_entities = set(ents)
    skeleton.use(skeleton.live())
    return frame
