"""Battle and phase story shapes for :mod:`kb.understand.scenario` (docs/simulator.md):

- a replay, then an attack with a different monster, and whether the monster that had the replay may still
  attack;
- a chain at an attack declaration (cards activated then, one of which Summons a monster, and whether a
  replay follows): whether a replay follows is decided by the
  simulator after the chain resolves (the attacker may be gone);
- who may attack and when; what a battling monster's lock forbids its opponent (e.g. a monster whose text
  stops Spell/Trap activations while it attacks).

The windows of the turn (before the draw, the hand-size discard) are :mod:`.scenario_windows`; phase moves
are :mod:`.scenario_phase`; both are registered through this module.

The words are data (``scenario_words.toml``, sections ``replay_story``, ``attack_declaration``).
What the story does not give is modelled so that it cannot decide the answer (the replay's cause is the
attack target leaving the field; the attackers have no effects) and said in the understood sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT
from .scenario_draft import Draft, alt, mon, opp, opps
from .scenario_windows import WHAT, WHO, WINDOW_FACTS, said_player, what_of, who_of, window_questions
from .story import ACTOR, actor_player

__all__ = ["BATTLE_FACTS", "battle_questions"]

_CARD = CARD_SLOT

# ------------------------------------------------------------------------------------------ replays


def _start_replay(d: Draft) -> bool:
    """My monster attacks my opponent's monster, which then leaves the field: a replay."""
    if d.actions or d.battle or d.replay is not None or d.said:
        return False
    d.state["phase"] = "battle"
    first = d.add_monster("A", "monsters", "my monster", atk=1000)
    target = d.add_monster("B", "monsters", "my opponent's monster", atk=500)
    d.actions += [
        {"do": "attack", "attacker": first, "target": target},
        {"do": "move", "player": "B", "card": target, "to": "gy", "by": "effect"},
    ]
    d.replay = {"first": first, "other": None}
    d.said.append(
        f"{first} attacks {target}, which then leaves the field by an effect (a replay; the cause is not said)"
    )
    return True


def _other_attacks(d: Draft) -> bool:
    """After the replay, A attacks with a different monster (directly: the target has gone)."""
    if d.replay is None or d.replay["other"] is not None:
        return False
    other = d.add_monster("A", "monsters", "my other monster", atk=1000)
    d.actions.append({"do": "attack", "attacker": other, "target": None})
    d.replay["other"] = other
    d.said.append(f"after the replay I attack with a different monster ({other}) instead")
    return True


def _fact_replay(d: Draft, m: re.Match) -> bool:
    return _start_replay(d)


def _fact_other_attack(d: Draft, m: re.Match) -> bool:
    if m["during"] and not _start_replay(d):
        return False
    return _other_attacks(d)


def _q_first_again(d: Draft, m: re.Match):
    if d.replay is None or d.replay["other"] is None:
        return None
    first = d.replay["first"]
    d.actions.append({"do": "attack", "attacker": first, "target": None})
    return {"kind": "legal"}, f"can {first} (the first attacker) declare another attack this turn"


def _q_other_attack(d: Draft, m: re.Match):
    if m["during"]:
        if not _start_replay(d):
            return None
    elif d.replay is None:
        return None
    if not _other_attacks(d):
        return None
    d.said.pop()
    return {"kind": "legal"}, "after the replay, can I attack with a different monster instead"


# ------------------------------------------------------------------ a chain at an attack declaration


def _fact_chain_at_attack(d: Draft, m: re.Match) -> bool:
    """Link 1 ``y`` and link 2 ``x`` (which Special Summons a monster from the GY) at my attack declaration."""
    if d.actions or d.battle or d.said or d.chain:
        return False
    y, x = d.card_of(int(m["y"].split()[0][1:])), d.card_of(int(m["x"].split()[0][1:]))
    if y is None or x is None or y.name == x.name:
        return False
    first = actor_player(m["a1"]) or "B"
    second = actor_player(m["a2"]) if m["a2"] else first
    if first != "B" or second != "B":
        return False  # the story shape is the opponent's response to my attack
    x_text = x.text.lower()
    if not ("target" in x_text and re.search(r"\b(?:gy|graveyard)\b", x_text)):
        return False  # only a revival from the GY that targets is laid out here
    y_targets = ["my monster"] if re.search(r"target (?:the|that|1) attacking monster", y.text, re.I) else None
    d.state["phase"] = "battle"
    attacker = d.add_monster("A", "monsters", "my monster")
    revived = d.add_monster("B", "gy", "a monster in my opponent's GY")
    d.actions += [
        {"do": "attack", "attacker": attacker, "target": None},
        {"do": "activate", "player": "B", "card": y.name, **({"targets": y_targets} if y_targets else {})},
        {"do": "activate", "player": "B", "card": x.name, "targets": [revived]},
    ]
    d.battle = (attacker, None)
    d.chain = {"first": y.name, "second": x.name, "summoned": revived}
    d.said.append(
        f"{attacker} declares an attack (directly: the story names no target); my opponent activates {y.name} "
        f"(Chain Link 1) and chains {x.name} (Chain Link 2), which Special Summons a monster from the GY"
    )
    return True


# ------------------------------------------------------------------------------ who may attack, and when


_SUMMON_KINDS = {"normal_summon": "normal", "special_summon": "special", "flip_summon": "flip",
                 "tribute_summon": "tribute"}


def _q_attack_after_summon(d: Draft, m: re.Match):
    """A monster Summoned this turn (no "summoning sickness") declares an attack."""
    if d.actions or d.said:
        return None
    how = next((v for k, v in _SUMMON_KINDS.items() if re.fullmatch(alt("summons", k), m["how"])), None)
    if how is None and m["how"] == "summoned":  # Summoned any way: no kind of Summon keeps a monster from attacking
        how = "normal"
    if how is None:
        return None
    d.state["phase"] = "battle"
    name = d.add_monster("A", "monsters", "my monster", atk=1000, summoned=how, summoned_this_turn=True)
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    return {"kind": "legal"}, f"can my monster (1000 ATK), {how.title()} Summoned this turn, declare an attack"


def _q_direct_past_face_down(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    d.state["phase"] = "battle"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.add_monster("B", "monsters", "my opponent's monster", position="defense", face="down", **{"def": 1000})
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    return {"kind": "legal"}, "can A's monster attack directly while B controls a face-down Defense Position monster"


def _q_first_turn_attack(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    d.state.update(turn_number=1, phase="main1")
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    return {"kind": "legal"}, "can the player going first declare an attack in turn 1"


def _q_attack_in_other_turn(d: Draft, m: re.Match):
    """The player who is not the turn player declares an attack (in the turn player's Battle Phase)."""
    if d.actions or d.said:
        return None
    attacker = "B" if m["opp_attacks"] else "A"
    d.state.update(turn="B" if attacker == "A" else "A", phase="battle")
    name = d.add_monster(attacker, "monsters", "my monster" if attacker == "A" else "my opponent's monster",
                         atk=1000)
    d.actions.append({"do": "attack", "player": attacker, "attacker": name, "target": None})
    return {"kind": "legal"}, f"can {attacker} declare an attack in the other player's Battle Phase"


def _q_attack_twice(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    d.state["phase"] = "battle"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions += [
        {"do": "attack", "attacker": name, "target": None},
        {"do": "damage_calculation"},
        {"do": "attack", "attacker": name, "target": None},
    ]
    return {"kind": "legal"}, "can A's monster declare a second attack in the same Battle Phase"


# ------------------------------------------------------------- windows the turn structure closes (phases.py)


def _locked_by(attacker, card) -> bool:
    """Whether the attacker's text locks the opponent's activations of ``card`` (a name or a kind) until the end
    of the Damage Step (kb/engine/sim/phases.py)."""
    from ..engine.sim.phases import ATTACK_LOCK, LOCKED_TYPES

    hit = next((ATTACK_LOCK.search(e.get("text") or "") for e in attacker.effects
                if ATTACK_LOCK.search(e.get("text") or "")), None) if attacker is not None else None
    if hit is None:
        return False
    types = LOCKED_TYPES[hit["what"].lower()]
    if not isinstance(card, dict):  # a named card
        return card.card_type in types
    wanted = {"spell": ("Spell",), "trap": ("Trap",), "monster": ("Monster",)}.get(
        card["class"].get("type"), ("Spell", "Trap", "Monster"))
    return all(t in types for t in wanted)


def _fact_attacking(d: Draft, m: re.Match) -> bool:
    """"(If) my X attacks," told before the question (the question asks what may be activated then)."""
    if d.actions or d.said or d.attacking:
        return False
    attacker = d.card_of(int(m["x"][1:]))
    if attacker is None or not attacker.is_monster or attacker.atk is None:
        return False
    d.state["phase"] = "battle"
    d.player("A")["monsters"] = [{"card": attacker.name}]
    d.monsters[attacker.name] = "A"
    d.actions.append({"do": "attack", "attacker": attacker.name, "target": None})
    d.attacking = attacker
    d.said.append(f"my {attacker.name} attacks (directly: no target is said)")
    return True


def _q_activate_while_attacking(d: Draft, m: re.Match):
    """When a named monster of mine attacks (directly: no target is said), can a card be activated?"""
    if m["x"]:
        if d.actions or d.said or d.attacking or not _fact_attacking(d, m):
            return None
    elif not d.attacking or len(d.actions) != 1 or len(d.said) != 1:
        return None
    what = what_of(d, m["what"])
    if what is None:
        return None
    card, said = what
    player = who_of(m["who"])
    named = d.card_of(int(m["what"][1:])) if re.fullmatch(r"e\d+", m["what"]) else None
    if player != "B" or not _locked_by(d.attacking, named or card):
        return None  # only the attacker's lock decides for every moment up to the end of the Damage Step
    d.actions.append({"do": "activate", "player": player, "card": card})
    return ({"kind": "legal"}, f"then (before the end of the Damage Step), can {said_player(m['who'], player)} "
                               f"activate {said}")


def _q_causes_replay(d: Draft, m: re.Match):
    if not d.battle:
        return None
    return {"kind": "outcome", "replay": True}, "does a replay occur"


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    choose = rf"(?:{alt('replay_story', 'choose')} )?"
    other = rf"(?:attack|declare an attack|declare my attack|attack instead) with {alt('replay_story', 'other_monster')}"
    actor1, actor2 = rf"(?P<a1>{ACTOR})", rf"(?P<a2>{ACTOR})"
    return [
        (
            "(if) my X attacks (a clause before the question)",
            re.compile(r"^(?:my )?(?P<x>e\d+) (?:attacks|declares an attack)$"),
            _fact_attacking,
        ),
        (
            "a replay occurs",
            re.compile(rf"^{alt('replay_story', 'happened')}$"),
            _fact_replay,
        ),
        (
            "(during a replay) I attack with a different monster",
            re.compile(
                rf"^(?:(?P<during>{alt('replay_story', 'during')}|{alt('replay_story', 'happened')}(?: and)?) )?"
                rf"i {choose}{other}(?: instead)?$"
            ),
            _fact_other_attack,
        ),
        (
            "on my attack declaration, my opponent activates Y and chains X to Special Summon a monster",
            re.compile(
                rf"^{alt('attack_declaration', 'when')} {actor1} activates? (?P<y>{_CARD}) (?:and )?(?:then )?"
                rf"(?:{actor2} )?chains? (?P<x>{_CARD})(?: to it)? to special summon (?:a|a new|another|one) "
                rf"{mon()}(?: from (?:the|their|his|her|the opponent's) (?:gy|graveyard))?$"
            ),
            _fact_chain_at_attack,
        ),
    ]


def BATTLE_FACTS() -> list:
    """The story shapes of this module, :mod:`.scenario_windows` and :mod:`.scenario_phase`."""
    from .scenario_attacks import ATTACK_FACTS
    from .scenario_phase import PHASE_FACTS
    from .scenario_battle_story import STORY_FACTS
    from .scenario_relation import RELATION_FACTS

    return [*WINDOW_FACTS(), *_facts(), *PHASE_FACTS(), *ATTACK_FACTS(), *STORY_FACTS(), *RELATION_FACTS()]


@lru_cache(maxsize=1)
def _questions() -> list:
    first = alt("replay_story", "first_monster")
    during = rf"(?:(?P<during>{alt('replay_story', 'during')}) )?"
    summons = "|".join(alt("summons", k) for k in _SUMMON_KINDS)
    who, what = WHO(), WHAT()
    return [
        (
            "the monster that had the replay: another attack",
            re.compile(
                rf"^can {first} (?:still )?(?:attack|declare an attack|declare another attack|make an attack)"
                rf"(?: again)?(?: later)?(?: (?:this|in this|in the same) (?:turn|battle phase))?$"
            ),
            _q_first_again,
        ),
        (
            "if a replay happens and I attack with another monster, can the first monster attack again",
            re.compile(
                rf"^(?:if|when|after) {alt('replay_story', 'happened')} and i (?:{alt('replay_story', 'choose')} )?"
                rf"(?:attack|declare an attack) with {alt('replay_story', 'other_monster')}(?: instead)? can {first} "
                rf"(?:still )?(?:attack|declare an attack|declare another attack)(?: again)?(?: later)?"
                rf"(?: (?:this|in this|in the same) (?:turn|battle phase))?$"
            ),
            lambda d, m: _q_first_again(d, m) if _start_replay(d) and _other_attacks(d) else None,
        ),
        (
            "does this cause a replay",
            re.compile(r"^(?:does|will|would|did) (?:this|that|it) (?:cause|trigger|result in|lead to) a replay$"),
            _q_causes_replay,
        ),
        (
            "(during a replay) can I attack with a different monster",
            re.compile(
                rf"^{during}can i (?:{alt('replay_story', 'choose')} )?(?:attack|declare an attack) with "
                rf"{alt('replay_story', 'other_monster')}(?: instead)?$"
            ),
            _q_other_attack,
        ),
        (
            "when X attacks, can Y be activated",
            re.compile(
                rf"^(?:(?:when|if|while|after|once) (?:my )?(?P<x>e\d+) (?:attacks|declares an attack) )?can {who} "
                rf"(?:still )?activate {what}(?: (?:before|until) the end of the damage step| during the damage step|"
                rf" in response| during that battle)?$"
            ),
            _q_activate_while_attacking,
        ),
        (
            "can a monster Summoned this turn attack",
            re.compile(
                rf"^can (?:(?:a|my) {mon()} (?:that (?:was|i) |which was |i )?(?:just )?(?P<how>{summons}) this turn "
                rf"(?:attack|declare an attack)|i (?:attack|declare an attack) with (?:a|my|the) {mon()} "
                rf"(?:that )?(?:i |was )?(?:just )?(?P<how2>{summons}|summoned)(?: this turn)?)$"
            ),
            lambda d, m: _q_attack_after_summon(d, _Either(m)),
        ),
        (
            "can I attack directly past a face-down monster",
            re.compile(
                rf"^can (?:i|my {mon()}) attack directly (?:if|when|while) (?:{opp()}|they) (?:only )?(?:controls|control|"
                rf"has|have) (?:only )?(?:a|one) face-down (?:defense position )?{mon()}$"
            ),
            _q_direct_past_face_down,
        ),
        (
            "can the first player attack on the first turn",
            re.compile(
                rf"^can {alt('battle', 'first_player')} (?:attack|declare an attack)(?: with a {mon()})? "
                rf"(?:on|in|during) {alt('battle', 'first_turn')}$"
            ),
            _q_first_turn_attack,
        ),
        (
            "can the other player declare an attack in the turn player's Battle Phase",
            re.compile(
                rf"^(?:(?:during|in) {opps()} {alt('phases', 'battle')} can i (?:attack|declare an attack)|"
                rf"can i (?:attack|declare an attack)(?: with (?:a|my) {mon()})? (?:during|in) {opps()} "
                rf"(?:{alt('phases', 'battle')}|turn)|"
                rf"can (?P<opp_attacks>{opp()}) (?:attack|declare an attack) (?:during|in) my "
                rf"(?:{alt('phases', 'battle')}|turn))$"
            ),
            _q_attack_in_other_turn,
        ),
        (
            "can one monster declare two attacks in a turn",
            re.compile(
                rf"^can i (?:declare an )?attack twice with (?:the same|one|a|my) {mon()}"
                rf"(?: in (?:one|the same|a single) (?:turn|battle phase)| this turn)?$"
            ),
            _q_attack_twice,
        ),
    ]


def battle_questions() -> list:
    """The question shapes of this module, :mod:`.scenario_windows` and :mod:`.scenario_phase`."""
    from .scenario_attacks import attack_questions
    from .scenario_phase import phase_questions
    from .scenario_battle_story import story_questions
    from .scenario_relation import relation_questions

    return [*_questions(), *window_questions(), *phase_questions(), *attack_questions(), *story_questions(),
            *relation_questions()]


class _Either:
    """A match whose ``how`` group is read from either of two alternatives (``how`` / ``how2``)."""

    def __init__(self, match: re.Match) -> None:
        self._m = match

    def __getitem__(self, key):
        if key == "how":
            return self._m["how"] or self._m["how2"]
        return self._m[key]
