"""Stories told in words onto simulator scenarios (``{"ask": "scenario"}``, docs/simulator.md).

A question is read sentence by sentence over the skeleton (card mentions as ``e<N>``; mentions of a
kind of card are their own words, "monster"): every sentence but the last must be one of the story
shapes of :data:`FACTS` (a fact of the state or an action that happened), the last one of the question
shapes of :data:`QUESTIONS` (the action asked about and the query).  A sentence that no shape reads
whole gives no scenario, so that nothing the question says is left out.  The words of each shape are
data (``scenario_words.toml``); numbers come from the question, never from a default that would decide
the answer: a fact the question does not give is left out (the simulator answers "is it possible?").

Monsters the story gives by no name are monsters without effects (docs/simulator.md, "monster by its
stats"), named after the words that introduce them ("my monster", "my opponent's monster").
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from ..engine.sim.rulebook import HAND_SIZE_LIMIT
from .frame import Frame
from .scenario_draft import (
    PHASE_NAMES,
    Draft,
    all_phases,
    alt,
    generic_you,
    me,
    mon,
    monster_phrase,
    opp,
    opps,
    phase_of,
    read_monster,
)
from .skeleton import Skeleton

__all__ = ["read_scenario"]

# ------------------------------------------------------------------------------------------ facts


def _fact_lp(d: Draft, m: re.Match) -> bool:
    who = "B" if m["opp"] else "A"
    if "lp" in d.player(who) or d.actions:
        return False
    d.player(who)["lp"] = int(m["n"])
    d.said.append(f"{who} has {m['n']} LP")
    return True


def _fact_hand(d: Draft, m: re.Match) -> bool:
    d.player("A")["hand"] = int(m["n"])
    if m["phase"]:
        d.state["phase"] = "end"
    d.said.append(f"A has {m['n']} cards in hand" + (" in the End Phase" if m["phase"] else ""))
    return True


def _fact_zones_full(d: Draft, m: re.Match) -> bool:
    if d.player("A").get("monsters"):
        return False
    for n in range(1, 6):
        d.add_monster("A", "monsters", f"my monster {n}", level=4)
    d.said.append("A's 5 Main Monster Zones hold monsters without effects (Level 4)")
    return True


def _fact_summoned(d: Draft, m: re.Match) -> bool:
    how = "set_monster" if re.fullmatch(alt("summons", "set_monster"), m["how"]) else "normal_summon"
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions.append({"do": how, "card": name})
    d.said.append(f"A {'Set' if how == 'set_monster' else 'Normal Summoned'} a monster (Level 4) this turn")
    return True


def _fact_attacked(d: Draft, m: re.Match) -> bool:
    name = d.add_monster("A", "monsters", "my monster", attacked_this_turn=True)
    d.said.append(f"{name} attacked this turn")
    return True


def _label(player: str) -> str:
    return "my monster" if player == "A" else "my opponent's monster"


def _place(d: Draft, who: str, mon: dict, position: str | None, needed: str) -> tuple[str, str] | None:
    """Put the monster of a phrase on ``who``'s field: (name, how it reads), or None when the number
    that decides the battle (``needed``: atk/def) is not known or a stated stat is not the printed one."""
    stats = mon["stats"]
    if mon["entity"] is not None:
        card = d.card_of(mon["entity"])
        printed = {"atk": card.atk, "def": card.defense} if card is not None and card.is_monster else None
        if printed is None or printed[needed] is None or any(printed[k] != v for k, v in stats.items()):
            return None
        name = d.add_card(who, card, position, mon["face"])
        return (name, f"{card.name} ({printed[needed]} {needed.upper()})") if name else None
    if needed not in stats:
        return None
    extra = {"position": position} if position else {}
    if mon["face"] == "down":
        extra["face"] = "down"
    name = d.add_monster(who, "monsters", _label(who), **extra, **stats)
    return name, f"monster ({stats[needed]} {needed.upper()})"


def _fact_battle(d: Draft, m: re.Match) -> bool:
    attacker = read_monster(m, "a", "A")
    if attacker is None or attacker["position"] == "defense" or d.battle or d.actions:
        return False
    me, them = attacker["owner"], "B" if attacker["owner"] == "A" else "A"
    d.state["phase"] = "battle"
    if me == "B":
        d.state["turn"] = "B"
    placed = _place(d, me, attacker, None, "atk")
    if placed is None:
        return False
    a_name, a_said = placed
    a_said = f"{'my' if me == 'A' else 'my opponent' + chr(39) + 's'} {a_said}"
    target_name = None
    if not m["direct"]:
        target = read_monster(m, "t", them)
        if target is not None and target["position"] is None and target["entity"] is None and \
                len(target["stats"]) == 1:  # a monster given by its ATK (DEF) alone battles with it
            target["position"] = "attack" if "atk" in target["stats"] else "defense"
            d.said_extra = f" (in {target['position'].title()} Position: only its {set(target['stats']).pop().upper()} " \
                           f"is given)"
        if target is None or target["owner"] != them or target["position"] is None:
            return False
        position = target["position"]
        placed = _place(d, them, target, position, "atk" if position == "attack" else "def")
        if placed is None:
            return False  # the number that decides the battle is not given
        target_name, t_said = placed
        whose = "my" if them == "A" else "my opponent's"
        face = "face-down " if target["face"] == "down" else ""
        d.said.append(f"{a_said} attacks {whose} {face}{position.title()} Position {t_said}{d.said_extra}")
    else:
        d.said.append(f"{a_said} attacks directly")
    d.actions += [
        {"do": "attack", "player": me, "attacker": a_name, "target": target_name},
        {"do": "damage_calculation"},
    ]
    d.battle = (a_name, target_name)
    return True


def _fact_damage_step_summon(d: Draft, m: re.Match) -> bool:
    if d.actions or d.battle:
        return False
    d.state["phase"] = "battle"
    attacker = d.add_monster("A", "monsters", "my monster")
    target = d.add_monster("B", "monsters", "my opponent's monster")
    new = d.add_monster("B", "hand", "a new monster")
    d.actions += [
        {"do": "attack", "attacker": attacker, "target": target},
        {"do": "damage_step"},
        {"do": "special_summon", "player": "B", "card": new, "how": "effect"},
    ]
    d.battle = (attacker, target)
    d.said.append(
        "during the Damage Step of my attack, my opponent Special Summons a new monster by an effect"
    )
    return True


@lru_cache(maxsize=1)
def _facts() -> list:
    w_me, w_opp, w_mon = me(), opp(), mon()
    summon_done = "|".join(alt("summons", k) for k in ("normal_summon", "set_monster", "tribute_summon"))
    return [
        (
            "I have N LP",
            re.compile(
                rf"^(?:{w_me} (?:have|am at|'m at)|(?P<opp>{w_opp}) (?:has|is at)) (?P<n>\d+) (?:lp|life points)$"
            ),
            _fact_lp,
        ),
        (
            "I have N cards in hand",
            re.compile(
                rf"^{w_me} (?:have|hold) (?P<n>\d+) cards in (?:my )?hand"
                rf"(?P<phase> (?:at the end of|during|in|at) (?:my |the )?{alt('phases', 'end')})?$"
            ),
            _fact_hand,
        ),
        (
            "all my Main Monster Zones are occupied",
            re.compile(
                rf"^all (?:(?:5|five) of |of )?(?:my |the )?(?:5 |five )?{alt('zones', 'main_monster_zones')} "
                rf"(?:are|are all) {alt('zones', 'occupied')}$"
            ),
            _fact_zones_full,
        ),
        (
            "I Normal Summoned/Set a monster this turn",
            re.compile(
                rf"^{w_me} (?:have |had )?(?:already )?(?:used my (?P<used>normal summon)|(?P<how>{summon_done})"
                rf"(?: (?:a|an|one) {w_mon})?) this turn$"
            ),
            lambda d, m: _fact_summoned(d, m) if not m["used"] else _fact_summoned_used(d, m),
        ),
        (
            "my monster attacked this turn",
            re.compile(
                rf"^(?:my |a )?{w_mon} (?:has )?(?:already )?attacked"
                rf"(?: this turn| during (?:the|my) {alt('phases', 'battle')}(?: this turn)?)?$"
            ),
            _fact_attacked,
        ),
        (
            "my X ATK monster attacks ...",
            re.compile(
                rf"^{monster_phrase('a')} (?:attacks|declares an attack on|attacks into) "
                rf"(?:(?P<direct>directly)|{monster_phrase('t')})$"
            ),
            _fact_battle,
        ),
        (
            "an opponent's Special Summon in the Damage Step",
            re.compile(
                rf"^during the damage step {w_opp} special summons (?:a |a new |another |one )?{w_mon}$"
            ),
            _fact_damage_step_summon,
        ),
    ]


def _fact_summoned_used(d: Draft, m: re.Match) -> bool:
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions.append({"do": "normal_summon", "card": name})
    d.said.append("A used the Normal Summon of this turn (a Level 4 monster)")
    return True


# -------------------------------------------------------------------------------------- questions


def _q_both_destroyed(d: Draft, m: re.Match):
    if not d.battle or d.battle[1] is None:
        return None
    return {"kind": "outcome", "destroyed": list(d.battle)}, "are both monsters destroyed"


def _q_one_destroyed(d: Draft, m: re.Match):
    if not d.battle or d.battle[1] is None:
        return None
    who = m["who"]
    if m["z"]:
        card = d.card_of(int(m["z"][1:]))
        if card is None or card.name not in d.battle:
            return None
        name = card.name
    elif who in ("the attacking", "the attacked", "the defending"):
        name = d.battle[0] if who == "the attacking" else d.battle[1]
    else:
        owner = "A" if who == "my" else "B"
        name = next(n for n in d.battle if d.monsters[n] == owner)
    return {"kind": "outcome", "destroyed": name}, f"is {name} destroyed"


def _damaged(m: re.Match) -> str:
    return "A" if m["me"] else "B"


def _q_damage_is(d: Draft, m: re.Match):
    if not d.battle:
        return None
    who = _damaged(m)
    return (
        {"kind": "outcome", "damage": who, "is": int(m["n"])},
        f"does {who} take exactly {m['n']} battle damage",
    )


def _q_damage_any(d: Draft, m: re.Match):
    if not d.battle:
        return None
    who = _damaged(m)
    return {"kind": "outcome", "damage": who, "over": 0}, f"does {who} take battle damage"


def _q_damage_how_much(d: Draft, m: re.Match):
    if not d.battle:
        return None
    who = _damaged(m)
    return {"kind": "outcome", "damage": who}, f"how much battle damage does {who} take"


def _q_lp_left(d: Draft, m: re.Match):
    if not d.battle:
        return None  # nothing in the story changes LP
    who = _damaged(m)
    return {"kind": "outcome", "lp": who}, f"how many LP does {who} have after the battle"


def _q_replay(d: Draft, m: re.Match):
    if not d.battle:
        return None
    return {"kind": "outcome", "replay": True}, "does a replay occur"


def _first_turn(d: Draft) -> bool:
    if d.actions or d.said:
        return False
    d.state["turn_number"] = 1
    return True


def _q_first_draw(d: Draft, m: re.Match):
    if not _first_turn(d):
        return None
    d.state.update(phase="draw", drawn=False)
    d.actions.append({"do": "draw"})
    return {"kind": "legal"}, "can the player going first conduct the normal draw in the Draw Phase of turn 1"


def _q_first_battle(d: Draft, m: re.Match):
    if not _first_turn(d):
        return None
    d.actions.append({"do": "phase", "to": "battle"})
    return {"kind": "legal"}, "can the player going first enter the Battle Phase in turn 1"


def _q_attack_when(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    step = m["step"]
    phase = "battle" if step else phase_of(m["phase"])
    if phase is None:
        return None
    d.state["phase"] = phase
    if step:
        d.state["step"] = step
    name = d.add_monster("A", "monsters", "my monster")
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    when = f"the {step.title()} Step of the Battle Phase" if step else PHASE_NAMES[phase]
    return {"kind": "legal"}, f"can A declare an attack in {when}"


def _q_attack_with(d: Draft, m: re.Match):
    """Attacks in the Battle Step: with a Defense Position monster, directly past a monster, twice."""
    if d.actions or d.said:
        return None
    d.state["phase"] = "battle"
    if m["defense"]:
        face = "down" if m["defense"].startswith("face-down") else "up"
        name = d.add_monster("A", "monsters", "my monster", position="defense", face=face)
        d.actions.append({"do": "attack", "attacker": name, "target": None})
        return {"kind": "legal"}, f"can A attack with a face-{face} Defense Position monster"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    if m["past"]:
        d.add_monster("B", "monsters", "my opponent's monster", atk=1000, position="attack")
        d.actions.append({"do": "attack", "attacker": name, "target": None})
        return {"kind": "legal"}, "can A's monster attack directly while B controls a monster"
    d.actions += [
        {"do": "attack", "attacker": name, "target": None},
        {"do": "damage_calculation"},
        {"do": "attack", "attacker": name, "target": None},
    ]
    return {"kind": "legal"}, "can A's monster declare a second attack in the same Battle Phase"


def _q_two_summons(d: Draft, m: re.Match):
    """Two Normal Summons (or Sets) in one turn."""
    if d.actions or d.said:
        return None
    verbs = [m["h1"], m["h2"] or m["h1"]]
    kinds = [
        "set_monster" if re.fullmatch(alt("summons", "set_monster"), v) else "normal_summon" for v in verbs
    ]
    for n, kind in enumerate(kinds, 1):
        name = d.add_monster("A", "hand", f"monster {n}", level=4)
        d.actions.append({"do": kind, "card": name})
    said = " and then ".join("Set" if k == "set_monster" else "Normal Summon" for k in kinds)
    return {"kind": "legal"}, f"can A {said} a second Level 4 monster in the same turn"


def _to_phase(d: Draft, phase: str | None) -> None:
    if phase is None:
        return
    if d.actions:
        d.actions.append({"do": "phase", "to": phase})
    else:
        d.state["phase"] = phase


def _q_change_position(d: Draft, m: re.Match):
    summoned = m["summoned"] or m["summoned2"]
    cond = (
        " (it attacked this turn)"
        if m["attacked"]
        else f" ({summoned.split()[0].title()} Summoned this turn)"
        if summoned
        else ""
    )
    if m["attacked"] or summoned:
        if d.said or d.actions:
            return None
        if m["attacked"]:
            d.add_monster("A", "monsters", "my monster", attacked_this_turn=True)
        elif re.fullmatch(alt("summons", "normal_summon"), summoned):
            d.actions.append(
                {"do": "normal_summon", "card": d.add_monster("A", "hand", "my monster", level=4)}
            )
        elif re.fullmatch(alt("summons", "flip_summon"), summoned):
            name = d.add_monster("A", "monsters", "my monster", level=4, face="down")
            d.actions.append({"do": "flip_summon", "card": name})
        else:
            d.add_monster("A", "monsters", "my monster", summoned="special", summoned_this_turn=True)
    name = d.last
    if name is None or d.monsters.get(name) != "A" or d.battle:
        return None
    phase = phase_of(m["phase"])
    _to_phase(d, phase)
    d.actions.append({"do": "change_position", "card": name})
    where = f" in {PHASE_NAMES[phase]}" if phase else ""
    return {"kind": "legal"}, f"can A change the battle position of {name}{cond}{where}"


def _q_summon(d: Draft, m: re.Match, card_of):
    how_words = m["how"]
    kind = next(
        k
        for k in ("flip_summon", "tribute_summon", "normal_summon", "set_monster")
        if re.fullmatch(alt("summons", k), how_words)
    )
    action: dict = {}
    if m["ent"]:
        card = card_of(int(m["ent"][1:]))
        if card is None or not card.is_monster or kind != "normal_summon" or m["tribute"] or m["same_turn"]:
            return None
        if card.tributes_needed() != 0 and card.summon_condition not in ("set_only", "nomi", "semi_nomi"):
            return None  # Tributes the question does not give would decide the answer
        name, said = card.name, card.name
    elif not (m["obj"] or m["tribute"]):
        return None  # "can I Normal Summon?" of nothing
    elif m["it"]:
        name = d.last
        if name is None or kind != "flip_summon" or not d.actions or d.actions[-1].get("do") != "set_monster":
            return None
        said = name
    else:
        level = int(m["lv"]) if m["lv"] else None
        if level is not None and not 1 <= level <= 12:
            return None  # no monster has that Level
        tributes = m["tribute"]
        if tributes:
            count = {"one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3}[tributes]
            on_field = [x["name"] for x in d.player("A").get("monsters", [])]
            if (
                m["those"]
                and len(on_field) < count
                or kind not in ("tribute_summon", "normal_summon", "set_monster")
            ):
                return None  # "one of those monsters" with no monsters told before
            if not m["those"]:
                if on_field:
                    return None  # which of the monsters told before is not said
                on_field = [d.add_monster("A", "monsters", "my monster", level=4) for _ in range(count)]
                d.said.append(f"A controls {count} monster(s) without effects (Level 4) to Tribute")
            if level is None:  # "is it possible?": the Level that many Tributes are for
                if count > 2:
                    return None
                level = 5 if count == 1 else 7
            action["tributes"] = on_field[:count]
        elif kind == "tribute_summon":
            return None  # which monsters are Tributed is not said
        if kind == "flip_summon":
            if not m["same_turn"]:
                return None
            name = d.add_monster("A", "hand", "my monster", level=level or 4)
            d.actions.append({"do": "set_monster", "card": name})
        else:
            if level is None:
                level = 4
            if level > 4 and not action.get("tributes"):
                return None
            name = d.add_monster("A", "hand", "another monster" if m["another"] else "a monster", level=level)
        said = f"a Level {level or 4} monster"
    if m["emz"]:
        if kind == "flip_summon":
            return None
        action["zone"] = "emz_left"
    elif m["same_turn"] and kind != "flip_summon":
        return None
    phase = phase_of(m["phase"])
    if phase is not None:
        if kind == "flip_summon" or d.actions:
            return None
        d.state["phase"] = phase
    do = "normal_summon" if kind == "tribute_summon" else kind
    d.actions.append({"do": do, "card": name, **action})
    verb = {
        "normal_summon": "Normal Summon",
        "tribute_summon": "Tribute Summon",
        "set_monster": "Set",
        "flip_summon": "Flip Summon",
    }[kind]
    extra = (
        (f" by Tributing {', '.join(action['tributes'])}" if action.get("tributes") else "")
        + (" into the Extra Monster Zone" if "zone" in action else "")
        + (f" in {PHASE_NAMES[phase]}" if phase else "")
    )
    return {"kind": "legal"}, f"can A {verb} {said}{extra}"


def _q_discard(d: Draft, m: re.Match):
    if d.state.get("phase") != "end" or "hand" not in d.player("A") or d.actions:
        return None
    if m["n"] and int(m["n"]) != HAND_SIZE_LIMIT:
        return None
    d.actions.append({"do": "end_turn"})
    return (
        {"kind": "outcome", "count": {"player": "A", "pile": "gy"}, "over": 0},
        "does A discard for hand size at the end of the End Phase",
    )


@lru_cache(maxsize=1)
def _questions() -> list:
    w_opp, w_opps, w_mon = opp(), opps(), mon()
    who = rf"(?:do (?P<me>i)|does (?:{w_opp}))"
    summon = "|".join(
        alt("summons", k) for k in ("flip_summon", "tribute_summon", "normal_summon", "set_monster")
    )
    first = alt("battle", "first_player")
    turn1 = alt("battle", "first_turn")
    return [
        (
            "are both destroyed",
            re.compile(rf"^(?:are|were|will) both (?:{w_mon} )?(?:be )?destroyed(?: by battle)?$"),
            _q_both_destroyed,
        ),
        (
            "is X destroyed",
            re.compile(
                rf"^(?:is|will) (?:(?P<who>my|{w_opps}|the attacking|the attacked|the defending) "
                rf"{w_mon}|(?P<z>e\d+)) (?:be )?destroyed(?: by battle)?$"
            ),
            _q_one_destroyed,
        ),
        (
            "do I take N damage",
            re.compile(
                rf"^{who} take (?:only |exactly )?(?P<n>\d+) (?:points of )?(?:battle )?"
                rf"damage$"
            ),
            _q_damage_is,
        ),
        ("do I take damage", re.compile(rf"^{who} take (?:any )?(?:battle )?damage$"), _q_damage_any),
        ("how much damage", re.compile(rf"^how much (?:battle )?damage {who} take$"), _q_damage_how_much),
        (
            "how many LP does ... lose",
            re.compile(rf"^how (?:many|much) (?:lp|life points) {who} lose$"),
            _q_damage_how_much,
        ),
        (
            "how many LP does ... have left",
            re.compile(
                rf"^how (?:many|much) (?:lp|life points) {who} have (?:left|now|remaining|after (?:that|the attack))$"
            ),
            _q_lp_left,
        ),
        (
            "does a replay occur",
            re.compile(
                rf"^(?:does|will|is there|is) {alt('battle', 'replay')}"
                rf"(?: {alt('battle', 'replay_happens')}| triggered| occurring)?$"
            ),
            _q_replay,
        ),
        (
            "can the first player draw",
            re.compile(
                rf"^(?:can|does|do|will|is) {first} (?:able to )?draw(?: a card)?(?: (?:in|during) (?:the|their) "
                rf"{alt('phases', 'draw')})? (?:of|on|in|during) {turn1}$"
            ),
            _q_first_draw,
        ),
        (
            "can the first player conduct a Battle Phase",
            re.compile(
                rf"^(?:can|does|do|will|is) {first} (?:able to )?(?:conduct|enter|have|go to|start|declare) "
                rf"(?:a |the |their )?{alt('phases', 'battle')} (?:on|in|during) {turn1}$"
            ),
            _q_first_battle,
        ),
        (
            "can I attack in a phase or step",
            re.compile(
                rf"^can i (?:declare an attack|attack) (?:during|in) (?:my |the )?"
                rf"(?:(?P<step>start|battle|damage|end) step(?: of the {alt('phases', 'battle')})?|"
                rf"(?P<phase>{all_phases()}))$"
            ),
            _q_attack_when,
        ),
        (
            "can I attack with a Defense Position monster / directly past a monster / twice",
            re.compile(
                rf"^can (?:i (?:declare an attack|attack) with (?:a|my) "
                rf"(?P<defense>(?:face-up |face-down )?{alt('positions', 'defense')}) {w_mon}|"
                rf"(?:i|my {w_mon}) attack directly (?:if|when|while) {w_opp} controls (?P<past>a {w_mon})|"
                rf"(?:a|my|one) {w_mon} (?:declare an )?attack (?P<twice>twice)"
                rf"(?: in (?:one|the same|a single) (?:turn|battle phase)| this turn)?)$"
            ),
            _q_attack_with,
        ),
        (
            "can I Normal Summon two monsters in one turn",
            re.compile(
                rf"^can i (?P<h1>{alt('summons', 'normal_summon')}|{alt('summons', 'set_monster')}) "
                rf"(?:2|two) {w_mon} (?:in (?:one|the same|a single) turn|this turn)(?P<h2>)$"
            ),
            _q_two_summons,
        ),
        (
            "can I change its battle position",
            re.compile(
                rf"^can i (?:still )?(?:manually )?(?:change|switch) (?:its battle position|it to "
                rf"{alt('positions', 'defense')}|the battle position of (?:it|(?:a|my|the) {w_mon} (?:that (?:has )?"
                rf"(?:already )?(?P<attacked>attacked) this turn|(?:that (?:i |was )|i )?(?:just )?"
                rf"(?P<summoned>{alt('summons', 'normal_summon')}|{alt('summons', 'special_summon')}|"
                rf"{alt('summons', 'flip_summon')}) (?:this turn|the same turn)|"
                rf"the (?:same )?turn (?:it was|i) (?P<summoned2>{alt('summons', 'normal_summon')}|"
                rf"{alt('summons', 'special_summon')}|{alt('summons', 'flip_summon')})(?: it)?)))"
                rf"(?: (?:in|during) (?P<phase>{all_phases()}))?(?: this (?:same )?turn)?$"
            ),
            _q_change_position,
        ),
        (
            "can I Summon",
            re.compile(
                rf"^can i (?:also |still |then )?(?P<how>{summon}) ?"
                rf"(?P<obj>(?P<ent>e\d+)|(?P<it>it)|(?:(?P<another>another)|a|an|one)(?: level (?P<lv>\d+))? {w_mon})?"
                rf"(?: (?:by tributing|tributing) (?:only |just )?(?P<tribute>one|1|two|2|three|3)"
                rf"(?:(?P<those> of (?:those|them|my))(?: {w_mon})?| {w_mon}))?"
                rf"(?: into (?:my |the |an |one )?(?:of my )?(?P<emz>{alt('zones', 'extra_monster_zone')}))?"
                rf"(?P<same_turn> (?:in )?the same turn (?:that |when )?i set it)?"
                rf"(?: this turn)?(?: (?:during|in) (?:my |the )?(?P<phase>{all_phases()}))?$"
            ),
            None,
        ),
        (
            "do I have to discard",
            re.compile(
                r"^(?:do i (?:have to|need to|must)|must i|will i (?:have to|need to)) discard"
                r"(?: (?:down )?to (?P<n>\d+)(?: cards)?)?$"
            ),
            _q_discard,
        ),
    ]


# ------------------------------------------------------------------------------------------ reading


_CLAUSE_OPENERS = ("after", "if", "once")


def _sentences(skeleton: Skeleton) -> list[tuple[str, list[int]]] | None:
    """The question as sentences of words (kinds of card given by their type alone, "monster", "a Spell
    Card", as their words; named cards as ``e<N>``; kinds with more than a type as ``k<N>``), each with the
    card mentions it holds.  A leading "after/if/once ...," clause is a sentence of its own."""
    out, words, ents = [], [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            if entity.kind == "class":
                if set(entity.cls) != {"type"}:  # a kind with more than a type: a token of its own, "k<N>"
                    words.append(f"k{piece.entity}")
                else:
                    words.append(entity.text.lower())
            else:
                words.append(piece.text)
                ents.append(piece.entity)
        elif piece.text in (".", "?", "!", ";"):
            if words:
                out.append((" ".join(words), ents))
            words, ents = [], []
        elif piece.text == "," and words and words[0] in _CLAUSE_OPENERS and not out:
            out.append((" ".join(words[1:]), ents))
            words, ents = [], []
        elif piece.text not in (",", ":"):
            words.append(piece.text)
    if words:
        out.append((" ".join(words), ents))
    return out


def read_scenario(skeleton: Skeleton, card_of) -> Frame | None:
    """The scenario question a story tells, as a frame, or None when some sentence fits no shape.

    ``card_of(entity index)`` gives the simulator's card (``kb.engine.sim.cards.SimCard``) of a named
    card, or None.
    """
    from .scenario_summon import read_summon_fact  # rule facts of Summons and zones (one sentence)

    fact = read_summon_fact(skeleton, card_of)
    if fact is not None:
        return fact
    from .scenario_phase_facts import read_phase_fact  # rule facts of phases and battle (one sentence)

    fact = read_phase_fact(skeleton, card_of)
    if fact is not None:
        return fact
    sentences = _sentences(skeleton)
    if not sentences:
        return None
    said = generic_you([text for text, _ents in sentences])  # "can you ...": the asker (scenario_draft.py)
    sentences = [(text, ents) for text, (_t, ents) in zip(said, sentences)]
    from .scenario_battle import BATTLE_FACTS, battle_questions
    from .scenario_chain import CHAIN_FACTS, chain_questions
    from .scenario_zones import ZONE_FACTS, zone_questions

    draft = Draft(card_of=card_of)
    draft.kinds = {i: e.cls for i, e in enumerate(skeleton.entities) if e.kind == "class"}
    used_entities: set[int] = set()
    *story, (asked_text, asked_entities) = sentences
    for text, entities in story:
        for _name, pattern, handler in [*_facts(), *CHAIN_FACTS(), *BATTLE_FACTS(), *ZONE_FACTS()]:
            match = pattern.match(text)
            if match and handler(draft, match):
                break
        else:
            return None
    for _name, pattern, handler in [*_questions(), *chain_questions(), *battle_questions(), *zone_questions()]:
        match = pattern.match(asked_text)
        if not match:
            continue
        before = copy.deepcopy(draft)
        got = handler(draft, match) if handler is not None else _q_summon(draft, match, lambda n: card_of(n))
        if got is None:
            draft = before
            continue
        query, asked = got
        used_entities |= set(asked_entities) | {e for _t, ents in story for e in ents}
        break
    else:
        return None
    question = draft.question(query)
    story_said = "; ".join(draft.said)
    understood = f"Simulated: {story_said}. Asked: {asked}?" if story_said else f"Simulated: {asked}?"
    skeleton.use(skeleton.live())
    return Frame(question, understood[0].upper() + understood[1:], used_entities=used_entities,
                 uses_story=True, alternatives=draft.alternatives)
