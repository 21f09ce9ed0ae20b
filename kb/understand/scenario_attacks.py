"""Attacks and battles told in words, for :mod:`kb.understand.scenario` (registered through
:mod:`.scenario_battle`; the simulator's side is :mod:`kb.engine.sim.battle`):

- who may declare an attack: a Defense Position monster (never), the player going first in turn 1 (never), a
  direct attack while the opponent controls a monster (never, without an effect that allows it);
- changing a monster's battle position in the turn it was Summoned, said with a bare possessive ("my
  monsters battle position").

Battles told by a relation (a DEF below the attacking monster's ATK) are :mod:`.scenario_relation`; replays
and battles told as a story, and what a told battle did, :mod:`.scenario_battle_story`.
Words are data (``scenario_words.toml``, section ``attacks``).  Monsters given by no name have no effects.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft, alt, mon, opp

__all__ = ["ATTACK_FACTS", "attack_questions"]


def _a(key: str) -> str:
    return alt("attacks", key)


# ------------------------------------------------------------------------------------ who may attack


def _q_defense_attacker(d: Draft, m: re.Match):
    """A monster in (face-up or face-down) Defense Position declares an attack."""
    if d.actions or d.said:
        return None
    face = "down" if (m["face"] or "").startswith(("face-down", "face down")) else "up"
    d.state["phase"] = "battle"
    name = d.add_monster("A", "monsters", "my monster", position="defense", face=face, atk=1000, **{"def": 1000})
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    return {"kind": "legal"}, f"can A declare an attack with a face-{face} Defense Position monster"


def _fact_going_first(d: Draft, m: re.Match) -> bool:
    """"I'm going first": the turn is turn 1 of the Duel and A is its turn player."""
    if d.actions or d.said:
        return False
    d.state["turn_number"] = 1
    d.said.append("A goes first (turn 1 of the Duel)")
    return True


def _my_direct_attack(d: Draft) -> None:
    """In the Battle Phase, A's monster (1000 ATK, face-up Attack Position, no effects) attacks directly."""
    d.state["phase"] = "battle"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions.append({"do": "attack", "attacker": name, "target": None})


def _first_turn_action(d: Draft, battle_phase: bool):
    d.state.update(turn_number=1, phase="main1")
    if battle_phase:
        d.actions.append({"do": "phase", "to": "battle"})
        return {"kind": "legal"}, "can A (the player going first) enter the Battle Phase in turn 1 of the Duel"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions.append({"do": "attack", "attacker": name, "target": None})
    return {"kind": "legal"}, "can A (the player going first) declare an attack in turn 1 of the Duel"


def _q_first_turn(d: Draft, m: re.Match):
    """Attacking / a Battle Phase in the first turn of the Duel, or in "my first turn" when I go first."""
    told_first = d.state.get("turn_number") == 1 and d.said == ["A goes first (turn 1 of the Duel)"]
    if d.said == [_SECOND] and m["mine"] and not m["going_first"]:
        return _q_going_second(d, m)
    if d.actions or (d.said and not told_first):
        return None
    if m["mine"] and not (m["going_first"] or told_first):
        return None  # "my first turn" of the player going second is turn 2: a Battle Phase is possible
    return _first_turn_action(d, bool(m["bp"]))


def _fact_opponent_controls(d: Draft, m: re.Match) -> bool:
    """The opponent controls a monster (or monsters): face-up Attack Position, 1000 ATK, no effects."""
    if d.actions or d.player("B").get("monsters"):
        return False
    count = {"two": 2, "2": 2, "three": 3, "3": 3}.get(m["n"] or "", 1)
    for _ in range(count):
        d.add_monster("B", "monsters", "my opponent's monster", atk=1000, position="attack")
    d.said.append(f"B controls {'a monster' if count == 1 else f'{count} monsters'} (face-up Attack Position, "
                  f"1000 ATK, no effects)")
    return True


def _q_direct_attack(d: Draft, m: re.Match):
    """A direct attack while the opponent controls a monster (told before, or in the question)."""
    if m["controls"]:
        if d.actions or d.said or not _fact_opponent_controls(d, m):
            return None
        d.said.pop()
    elif d.actions or not d.player("B").get("monsters") or len(d.said) != 1:
        return None
    _my_direct_attack(d)
    said = " (no card effect lets it attack directly)" if m["no_effect"] else ""
    count = len(d.player("B")["monsters"])
    return {"kind": "legal"}, (f"can A's monster (1000 ATK) attack directly while B controls "
                               f"{'a monster' if count == 1 else f'{count} monsters'}{said}")


def _fact_opponent_empty(d: Draft, m: re.Match) -> bool:
    """The opponent controls no monster."""
    if d.actions or d.said or d.player("B").get("monsters"):
        return False
    d.player("B")["monsters"] = []
    d.said.append("B controls no monster")
    return True


def _q_direct_no_monsters(d: Draft, m: re.Match):
    """A direct attack while the opponent controls no monster (told before, or in the question)."""
    if m["none"]:
        if d.actions or d.said or not _fact_opponent_empty(d, m):
            return None
        d.said.pop()
    elif d.said != ["B controls no monster"] or d.actions:
        return None
    _my_direct_attack(d)
    return {"kind": "legal"}, "can A's monster (1000 ATK) attack directly while B controls no monster"


_SECOND = "A goes second (its first turn is turn 2 of the Duel)"


def _fact_going_second(d: Draft, m: re.Match) -> bool:
    if d.actions or d.said:
        return False
    d.said.append(_SECOND)
    return True


def _battle_in_turn(d: Draft, m: re.Match, turn_number: int, whose: tuple[str, str]):
    """A enters the Battle Phase (``m["bp"]``) or declares an attack in turn ``turn_number``; ``whose``: who A is
    and which turn that is, in words."""
    d.state.update(turn_number=turn_number, phase="main1")
    if m["bp"]:
        d.actions.append({"do": "phase", "to": "battle"})
        return {"kind": "legal"}, f"can A {whose[0]}enter the Battle Phase in {whose[1]}"
    _my_direct_attack(d)
    return {"kind": "legal"}, f"can A {whose[0]}declare an attack in {whose[1]}"


def _q_going_second(d: Draft, m: re.Match):
    """The player going second attacks (or enters the Battle Phase) in their first turn: turn 2."""
    if d.actions or (d.said and d.said != [_SECOND]):
        return None
    return _battle_in_turn(d, m, 2, ("(the player going second) ", "its first turn (turn 2)"))


def _q_attack_twice(d: Draft, m: re.Match):
    from .scenario_battle import _q_attack_twice as twice

    return twice(d, m)


def _q_position_twice(d: Draft, m: re.Match):
    """A monster on the field since an earlier turn changes its battle position twice in the Main Phase."""
    if d.actions or d.said:
        return None
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions += [{"do": "change_position", "card": name}, {"do": "change_position", "card": name}]
    return {"kind": "legal"}, "can A change the battle position of its monster a second time in the same turn"


def _q_attack_set_monster(d: Draft, m: re.Match):
    """A monster Set this turn (face-down Defense Position) declares an attack."""
    if d.actions or d.said:
        return None
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions += [{"do": "set_monster", "card": name}, {"do": "phase", "to": "battle"},
                  {"do": "attack", "attacker": name, "target": None}]
    return {"kind": "legal"}, "can A declare an attack with the monster it Set this turn (face-down Defense Position)"


def _q_position_earlier_turn(d: Draft, m: re.Match):
    """A monster on the field since an earlier turn (not Summoned, attacked or changed this turn) changes position,
    or Flip Summons if it was Set then."""
    if d.actions or d.said:
        return None
    if m["flip"]:
        name = d.add_monster("A", "monsters", "my monster", position="defense", face="down", atk=1000,
                             **{"def": 1000})
        d.actions.append({"do": "flip_summon", "card": name})
        return {"kind": "legal"}, "can A Flip Summon its face-down monster Set on an earlier turn (in Main Phase 1)"
    name = d.add_monster("A", "monsters", "my monster", atk=1000)
    d.actions.append({"do": "change_position", "card": name})
    return {"kind": "legal"}, "can A change the battle position of its monster on the field since an earlier turn"


def _q_attack_position_attacker(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    _my_direct_attack(d)
    return {"kind": "legal"}, "can A declare an attack with a face-up Attack Position monster (none attacked yet)"


def _q_later_turn(d: Draft, m: re.Match):
    """A Battle Phase / an attack in the player's second (or later) turn: turn 3 or later."""
    if d.actions or d.said:
        return None
    return _battle_in_turn(d, m, 3, ("", "its second turn (turn 3 or 4)"))


def _q_position_after_attack(d: Draft, m: re.Match):
    """A monster that attacked this turn changes its battle position in Main Phase 2."""
    if d.actions or d.said:
        return None
    d.state["phase"] = "main2"
    name = d.add_monster("A", "monsters", "my monster", atk=1000, attacked_this_turn=True)
    d.actions.append({"do": "change_position", "card": name})
    return {"kind": "legal"}, "can A change the battle position of its monster in Main Phase 2 after it attacked"


# ------------------------------------------------------------------------- battle positions, said loosely


def _q_position_after_summon(d: Draft, m: re.Match):
    from .scenario import _q_change_position

    class _Groups(dict):
        def __getitem__(self, key):
            return self.get(key)

    return _q_change_position(d, _Groups(summoned2=m["how"]))


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    w_mon = mon()
    return [
        (
            "I'm going first",
            re.compile(rf"^{_a('going_first')}$"),
            _fact_going_first,
        ),
        (
            "I'm going second",
            re.compile(rf"^{_a('going_second')}$"),
            _fact_going_second,
        ),
        (
            "my opponent controls no monsters",
            re.compile(rf"^{_a('opponent_empty')}$"),
            _fact_opponent_empty,
        ),
        (
            "my opponent controls a monster / monsters",
            re.compile(
                rf"^(?:{opp()}) (?:controls|has) (?:(?P<n>a|one|two|2|three|3|some|any) )?(?:face-up )?"
                rf"(?:attack position )?{w_mon}(?: on (?:the|their|his|her) field)?$"
            ),
            _fact_opponent_controls,
        ),
    ]


def ATTACK_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


@lru_cache(maxsize=1)
def _questions() -> list:
    w_mon = mon()
    dp = rf"(?P<face>face-up |face-down )?{alt('positions', 'defense')}"
    attack = r"(?:attack|declare an attack|declare attacks|make an attack)"
    summons = "|".join(alt("summons", k) for k in ("normal_summon", "flip_summon", "special_summon"))
    return [
        *(
            ("can a Defense Position monster attack", re.compile(pattern), _q_defense_attacker)
            for pattern in (
                rf"^can (?:a|my|one of my) {dp} {w_mon} {attack}$",
                rf"^can (?:a|my|one of my) {w_mon} (?:that is |which is |while |when it is |while it is |if it is |)"
                rf"in {dp} {attack}$",
                rf"^(?:can i|is it possible to) {attack} with (?:a|my) {dp} {w_mon}$",
                rf"^can i {attack} with (?:a|my) {w_mon} (?:that is |which is |)in {dp}$",
                rf"^can (?:a|my) {w_mon} {attack} (?:while|if|when) (?:it is |it's |it ' s )?in {dp}$",
                rf"^(?:is|are) (?:a |my )?{dp} {w_mon} (?:able|allowed|permitted) to {attack}s?$",
                rf"^(?:is|are) (?:a |my )?{w_mon} in {dp} (?:able|allowed|permitted) to {attack}s?$",
                rf"^can (?:a|my) (?P<face>face-down |face down ){w_mon} {attack}$",
            )
        ),
        (
            "can I attack / conduct a Battle Phase in the first turn",
            re.compile(
                rf"^(?:(?P<going_first>{_a('going_first')}) (?:so )?)?(?:can i|is it possible to) (?:(?P<bp>"
                rf"{_a('conduct_bp')})|{attack}(?: with (?:a|my) {w_mon})?) (?:(?:on|in|during) )?(?:{_a('first_turn')}|"
                rf"(?P<mine>{_a('my_first_turn')}))$"
            ),
            _q_first_turn,
        ),
        (
            "can I attack directly while the opponent controls monsters",
            re.compile(
                rf"^can (?:i|my {w_mon}) (?:choose to )?(?:declare a direct attack|attack directly|attack {opp()} "
                rf"directly|attack (?:them|the opponent) directly)(?: with (?:a|my) {w_mon})?"
                rf"(?P<no_effect> {_a('without_effect')})?"
                rf"(?P<controls> (?:if|when|while) {opp()} (?:controls|has) (?:(?P<n>a|one|two|2|three|3|some|any) )?"
                rf"{w_mon}(?: on (?:the|their|his|her) field)?)?$"
            ),
            _q_direct_attack,
        ),
        (
            "can I attack directly while the opponent controls no monsters",
            re.compile(
                rf"^(?:(?:if|when|since) (?P<none>{_a('opponent_empty')}) )?can (?:i|my {w_mon}) "
                rf"(?:declare a direct attack|attack directly|attack {opp()} directly|attack (?:them|the opponent) "
                rf"directly)(?: with (?:a|my) {w_mon})?(?: (?:if|when|while|since) (?P<none2>{_a('opponent_empty')}))?$"
            ),
            lambda d, m: _q_direct_no_monsters(d, _Either(m, "none")),
        ),
        (
            "can the player going second attack in their first turn",
            re.compile(
                rf"^(?:(?:{_a('going_second')}) (?:so )?can i|can {_a('second_player')}) (?:(?P<bp>{_a('conduct_bp')})|"
                rf"{attack}(?: with (?:a|my) {w_mon})?) (?:on|in|during) (?:my|their|his|her) (?:very )?first turn$"
            ),
            _q_going_second,
        ),
        (
            "can I attack if I'm going second",
            re.compile(
                rf"^can i (?:(?P<bp>{_a('conduct_bp')})|{attack}(?: with (?:a|my) {w_mon})?)"
                rf"(?: (?:on|in|during) my (?:very )?first turn)? (?:{_a('going_second')})$"
            ),
            _q_going_second,
        ),
        (
            "can a monster attack twice",
            re.compile(
                rf"^(?:can i (?:declare an )?attack (?:twice )?with (?:the same|one|a|my) {w_mon} "
                rf"(?:twice|two times|again|more than once)|"
                rf"can (?:a|my|one|the same) {w_mon} (?:declare (?:an )?)?(?:attack|make|declare) "
                rf"(?:two times|more than once|two attacks|2 attacks|twice|again after (?:it (?:has )?attacked|"
                rf"attacking)))(?: in (?:one|the same|a single) (?:turn|battle phase)| this turn)?$"
            ),
            _q_attack_twice,
        ),
        (
            "can I attack with a monster I Set this turn",
            re.compile(rf"^can i (?:declare an )?attack with (?:a|my|the) (?:face-down )?{w_mon} (?:that )?i "
                       rf"(?:set|normal set) this turn$"),
            _q_attack_set_monster,
        ),
        (
            "can I change my monster's battle position in Main Phase 2 if it attacked this turn",
            re.compile(rf"^can i (?:change|switch) (?:the (?:battle )?position of (?:a|my) {w_mon}|(?:a|my) {w_mon}"
                       rf"(?:s| ' s|'s) (?:battle )?position) (?:in|during) (?:my )?{alt('phases', 'main2')} "
                       rf"(?:if|after|when) it (?:has )?(?:attacked|declared an attack)(?: this turn)?$"),
            _q_position_after_attack,
        ),
        (
            "can I change the position of a monster on the field since an earlier turn / Flip Summon one Set then",
            re.compile(
                rf"^can i (?:(?:change|switch) the (?:battle )?position of|(?P<flip>{alt('summons', 'flip_summon')})) "
                rf"(?:a|my) (?:face-down )?{w_mon} (?:that (?:has been|was|i) |i |which was )?(?:on the field since|"
                rf"summoned|set|normal summoned|placed)? ?(?:on |during |in )?(?:last turn|my last turn|the previous "
                rf"turn|a previous turn|my previous turn|an earlier turn|a previous turn of mine|the turn before)$"
            ),
            _q_position_earlier_turn,
        ),
        (
            "can a face-up Attack Position monster attack",
            re.compile(rf"^can (?:a|my) (?:face-up )?{alt('positions', 'attack')} {w_mon} (?:declare an )?attack$"),
            _q_attack_position_attacker,
        ),
        (
            "can I attack / conduct a Battle Phase in my second turn",
            re.compile(rf"^can i (?:(?P<bp>{_a('conduct_bp')})|{attack}(?: with (?:a|my) {w_mon})?) (?:on|in|during) "
                       rf"my (?:second|2nd|third|3rd|next) turn$"),
            _q_later_turn,
        ),
        (
            "can I change a monster's battle position in the same turn it attacked",
            re.compile(rf"^can i (?:change|switch) (?:the (?:battle )?position of (?:a|my) {w_mon}|(?:a|my) {w_mon}"
                       rf"(?:s| ' s|'s) (?:battle )?position) (?:in |during )?the same turn (?:that )?it "
                       rf"(?:attacked|declared an attack)$"),
            _q_position_after_attack,
        ),
        (
            "can I change a monster's battle position twice in one turn",
            re.compile(
                rf"^can i (?:change|switch) (?:the battle position of (?:a|my|the same) {w_mon}|(?:a|my) {w_mon}"
                rf"(?:s| ' s|'s) (?:battle )?position) (?:twice|two times|more than once|again(?: after changing it)?)"
                rf"(?: in (?:one|the same|a single) turn| this turn| per turn)?$"
            ),
            _q_position_twice,
        ),
        (
            "a position change in the turn of the monster's Summon",
            re.compile(
                rf"^can i (?:still )?(?:manually )?(?:change|switch) (?:my|a|the) {w_mon}(?:s| ' s|'s) "
                rf"(?:battle )?position (?:on |in |during )?the (?:same )?turn (?:i|it was) "
                rf"(?P<how>{summons})(?: it)?$"
            ),
            _q_position_after_summon,
        ),
    ]


def attack_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return _questions()


class _Either:
    """A match whose group ``name`` is read from either of two alternatives (``name`` / ``name2``)."""

    def __init__(self, match: re.Match, name: str) -> None:
        self._m, self._name = match, name

    def __getitem__(self, key):
        if key == self._name:
            return self._m[key] or self._m[key + "2"]
        return self._m[key]
