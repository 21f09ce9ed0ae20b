"""Battles and replays told as a story, and what a told battle did, for :mod:`kb.understand.scenario`
(registered through :mod:`.scenario_battle`; the simulator's side is :mod:`kb.engine.sim.battle`):

- a replay told as a story (an attack, then a monster Summoned or the attack target removed, in a step of the
  Battle Phase, by either player) or asked "if <cause>" ("does a replay occur if the attack target is
  banished?");
- battles told in other words than :mod:`.scenario`'s "X attacks Y": "I attack Y with my X", a target that is
  "face-down" without its position (a face-down monster is in Defense Position);
- what a told battle did, asked of either side ("is either monster destroyed?", "how much battle damage is
  dealt?", "does my opponent lose LP?", "do I win?" with the loser's LP told).

Words are data (``scenario_words.toml``, section ``attacks``).  Monsters given by no name have no effects.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft, alt, mon, opp, opps

__all__ = ["STORY_FACTS", "story_questions"]


def _a(key: str) -> str:
    return alt("attacks", key)


# ------------------------------------------------------------------------------------ replays as a story


def _fact_attack_then_change(d: Draft, m: re.Match) -> bool:
    """My monster attacks (a monster of the opponent, or directly); then the opponent Summons a monster, or the
    attack target leaves the field by an effect: in the Battle Step, or in the Damage Step if said."""
    if d.actions or d.battle or d.said:
        return False
    d.state["phase"] = "battle"
    attacker = d.add_monster("A", "monsters", "my monster", atk=1000)
    target = None
    if m["target"]:
        target = d.add_monster("B", "monsters", "my opponent's monster", atk=500, position="attack")
    elif m["gone"]:
        return False  # "it leaves the field" with no attack target told
    d.actions.append({"do": "attack", "attacker": attacker, "target": target})
    in_damage_step = bool(m["ds"])
    if in_damage_step:
        d.actions.append({"do": "damage_step"})
    if m["gone"]:
        d.actions.append({"do": "move", "player": "B", "card": target, "to": "gy", "by": "effect"})
        what = "the attack target leaves the field by an effect"
    else:
        new = d.add_monster("B", "hand", "a new monster")
        d.actions.append({"do": "special_summon", "player": "B", "card": new, "how": "effect"})
        what = "my opponent Special Summons a monster (by an effect)"
    d.battle = (attacker, target)
    where = "in the Damage Step" if in_damage_step else "in the Battle Step"
    d.said.append(f"{attacker} attacks {target or 'directly'}; then {what} {where}")
    return True


def _fact_declared(d: Draft, m: re.Match) -> bool:
    """"(After) my attack declaration": my monster declares an attack (directly: no target is told)."""
    if d.actions or d.battle or d.said:
        return False
    d.state["phase"] = "battle"
    attacker = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions.append({"do": "attack", "attacker": attacker, "target": None})
    d.battle = (attacker, None)
    d.said.append(f"{attacker} declares an attack (directly: no target is told)")
    return True


def _fact_then_summons(d: Draft, m: re.Match) -> bool:
    """After the attack declaration told before, the opponent Special Summons a monster (Battle or Damage Step)."""
    if not d.battle or len(d.actions) != 1 or d.actions[0].get("do") != "attack":
        return False
    if m["ds"]:
        d.actions.append({"do": "damage_step"})
    new = d.add_monster("B", "hand", "a new monster")
    d.actions.append({"do": "special_summon", "player": "B", "card": new, "how": "effect"})
    d.said.append("then my opponent Special Summons a monster (by an effect) "
                  + ("in the Damage Step" if m["ds"] else "in the Battle Step"))
    return True


def _fact_target_gone_in_damage_step(d: Draft, m: re.Match) -> bool:
    """During the Damage Step of my attack, the attack target leaves the field by an effect."""
    if d.actions or d.battle or d.said:
        return False
    d.state["phase"] = "battle"
    attacker = d.add_monster("A", "monsters", "my monster", atk=1000)
    target = d.add_monster("B", "monsters", "my opponent's monster", atk=500, position="attack")
    d.actions += [{"do": "attack", "attacker": attacker, "target": target}, {"do": "damage_step"},
                  {"do": "move", "player": "B", "card": target, "to": "gy", "by": "effect"}]
    d.battle = (attacker, target)
    d.said.append(f"{attacker} attacks {target}; in the Damage Step the attack target leaves the field by an effect")
    return True


def _q_replay_if(d: Draft, m: re.Match):
    """"Does a replay occur if <the attack target leaves the field / the opponent Summons a monster> (after my
    attack declaration)?"."""
    if d.actions or d.battle or d.said:
        return None
    if not _fact_attack_then_change(d, m):
        return None
    return {"kind": "outcome", "replay": True}, "does a replay occur"


_FACE_DOWN = re.compile(r"\bface-down (?!defense position|defence position)(?=(?:monster|monsters|e\d+)\b)")
_ATTACK_WITH = re.compile(r"^i attack (?P<t>.+?) with (?P<a>my .+)$")


def _fact_battle_reworded(d: Draft, m: re.Match) -> bool:
    """A battle told in other words than scenario.py's "X attacks Y": "I attack Y with my X", or a target that is
    "face-down" without its position (a face-down monster is in Defense Position)."""
    from .scenario import _fact_battle, _facts as scenario_facts

    text = m.string
    reworded = _ATTACK_WITH.match(text)
    if reworded:
        text = f"{reworded['a']} attacks {reworded['t']}"
    text = _FACE_DOWN.sub("face-down defense position ", text)
    if text == m.string:
        return False
    pattern = next(p for name, p, _h in scenario_facts() if name == "my X ATK monster attacks ...")
    again = pattern.match(text)
    return bool(again) and _fact_battle(d, again)


# ------------------------------------------------------------------------------- what a told battle did


def _q_lose_lp_or_target(d: Draft, m: re.Match):
    if not d.battle:
        return None
    if m["who"]:
        who = "A" if m["who"] == "i" else "B"
        return {"kind": "outcome", "damage": who, "over": 0}, f"does {who} take battle damage (lose LP)"
    if d.battle[1] is None:
        return None
    return {"kind": "outcome", "destroyed": d.battle[1]}, f"is {d.battle[1]} (the attack target) destroyed"


def _q_win(d: Draft, m: re.Match):
    """"Do I win?" after a battle, with the loser's LP told: does the loser's LP reach 0?"""
    if not d.battle:
        return None
    words = m.group(0)
    loser = "B" if ((" win" in words) == bool(m["me"])) else "A"
    if "lp" not in d.player(loser):
        return None  # LP not told: a Duel is not won by one battle from 8000 LP, but the question may mean more
    return {"kind": "outcome", "lp": loser, "is": 0}, f"does {loser}'s LP reach 0 (so {loser} loses the Duel)"


def _q_either_destroyed(d: Draft, m: re.Match):
    if not d.battle or d.battle[1] is None:
        return None
    return {"kind": "outcome", "destroyed": list(d.battle), "any": True}, "is either monster destroyed"


def _q_total_damage(d: Draft, m: re.Match):
    if not d.battle:
        return None
    if m["yn"]:
        return {"kind": "outcome", "damage": "total", "over": 0}, "is any battle damage dealt (to either player)"
    return {"kind": "outcome", "damage": "total"}, "how much battle damage is dealt (to either player)"


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    w_mon = mon()
    return [
        (
            "I attack Y with my X / X attacks a face-down monster",
            re.compile(r"^(?:i attack .+ with my .+|.+ attacks .*\bface-down (?:monster|e\d+).*)$"),
            _fact_battle_reworded,
        ),
        (
            "(after) my attack declaration",
            re.compile(r"^(?:my attack declaration|i declare an attack|my monster declares an attack|i attack with my "
                       r"monster|i declared an attack)$"),
            _fact_declared,
        ),
        (
            "(then) my opponent Special Summons a monster",
            re.compile(
                rf"^(?:then )?(?:{opp()}|they) (?:then )?(?:special )?(?:summons|summon) (?:a|another|a new|one) (?:new )?"
                rf"{w_mon}(?: (?:by|with|using) (?:an|a card|a) effect)?(?: (?:during|in) the battle step| before the "
                rf"damage step|(?P<ds> (?:during|in) the damage step))?$"
            ),
            _fact_then_summons,
        ),
        (
            "during the Damage Step, my opponent's monster is destroyed by a card effect",
            re.compile(
                rf"^(?:during|in) the damage step (?:{opps()} {w_mon}|the attack target|the attacked {w_mon}) "
                rf"{_a('leaves')}(?: (?:by|because of) (?:an|a card|a card's) effect)?$"
            ),
            _fact_target_gone_in_damage_step,
        ),
        (
            "an attack, then a Summon or the target's leaving",
            re.compile(
                rf"^(?:my {w_mon} attacks|i attack|i declare an attack)(?: with my {w_mon})?"
                rf"(?: (?P<target>(?:{opps()}|a|an opponent's) {w_mon}))? (?:and|but|,)? ?(?:then )?"
                rf"(?:(?:{opp()}|they) (?:special )?summons (?:a|another|a new|one) (?:new )?{w_mon}"
                rf"(?: (?:by|with|using) (?:an|a card|a) effect)?|"
                rf"(?P<gone>(?:it|that {w_mon}|the attack target|the target|{opps()} {w_mon}) {_a('leaves')}"
                rf"(?: (?:by|because of) (?:an|a card|a card's) effect)?))"
                rf"(?: (?:during|in) the battle step| before the damage step|(?P<ds> (?:during|in) the damage step))?$"
            ),
            _fact_attack_then_change,
        ),
    ]


def STORY_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


@lru_cache(maxsize=1)
def _questions() -> list:
    w_mon = mon()
    return [
        (
            "does a replay occur if the attack target leaves the field / the opponent Summons a monster",
            re.compile(
                rf"^(?:does|will|would|is) (?:a |there a )?(?:battle )?replay (?:happen|occur|be triggered|triggered|"
                rf"take place|get triggered)? ?(?:if|when|after) "
                rf"(?:(?P<gone>(?P<target>{opps()} {w_mon}|the attack target|the monster i attacked|the attacked "
                rf"{w_mon}|the target) {_a('leaves')}(?: (?:by|because of) (?:an|a card|a card's) effect)?)|"
                rf"(?:{opp()}|they) (?:special )?(?:summons|summon) (?:a|another|a new|one) (?:new )?{w_mon}"
                rf"(?: (?:by|with|using) (?:an|a card|a) effect)?)"
                rf"(?: after (?:i declare (?:an|my) attack|my attack declaration|i attack)|"
                rf" (?:during|in) the battle step| before the damage step|(?P<ds> (?:during|in) the damage step))?$"
            ),
            _q_replay_if,
        ),
        (
            "does my opponent lose LP / is the attack target destroyed",
            re.compile(rf"^(?:(?:does|do|will) (?P<who>i|my opponent|the opponent) lose (?:any )?(?:lp|life points)|"
                       rf"(?:is|will) (?P<target>the attacked {w_mon}|the attack target|the target|the defending "
                       rf"{w_mon}) (?:be )?destroyed(?: by battle)?)$"),
            _q_lose_lp_or_target,
        ),
        (
            "do I win / does my opponent lose (their LP told, then a battle)",
            re.compile(r"^(?:(?:do|will|would) (?P<me>i) (?:win|lose)(?: the duel)?|(?:does|will|would) "
                       r"(?:my opponent|the opponent) (?:lose|win)(?: the duel)?)$"),
            _q_win,
        ),
        (
            "is either monster destroyed",
            re.compile(rf"^(?:is|are|will|was) (?:either|any|either of the|one of the|either of the two)(?: "
                       rf"{w_mon})? (?:be )?destroyed(?: by battle)?$"),
            _q_either_destroyed,
        ),
        (
            "how much battle damage is dealt",
            re.compile(
                r"^(?:how much (?:battle )?damage (?:is|was|will be|would be) (?:dealt|inflicted|taken|done)|"
                r"(?P<yn>(?:is|was|will) (?:any )?(?:battle )?damage (?:be )?(?:dealt|inflicted)|"
                r"does (?:anyone|either player) take (?:any )?(?:battle )?damage))$"
            ),
            _q_total_damage,
        ),
    ]


def story_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return _questions()
