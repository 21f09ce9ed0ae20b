"""Battle and phase story shapes for :mod:`kb.understand.scenario` (docs/simulator.md):

- a replay, then an attack with a different monster ("after a replay, I attack with a different monster.
  Can the first monster attack again this turn?");
- a chain at an attack declaration ("on my attack declaration, my opponent activates <card> and chains <card>
  to Special Summon a monster. Is a replay triggered?"): whether a replay follows is decided by the
  simulator after the chain resolves (the attacker may be gone);
- the number of cards discarded for hand size ("I have 8 cards in hand at the end of my End Phase. How many
  do I discard?").

The words are data (``scenario_words.toml``, sections ``replay_story``, ``attack_declaration``, ``hand_size``).
What the story does not give is modelled so that it cannot decide the answer (the replay's cause is the
attack target leaving the field; the attackers have no effects) and said in the understood sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.sim.rulebook import HAND_SIZE_LIMIT
from .scenario_draft import Draft, alt, mon, opp, opps
from .story import ACTOR, actor_player

__all__ = ["BATTLE_FACTS", "battle_questions"]

_CARD = r"e\d+(?: ' s| 's)?"

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


# ------------------------------------------------------------------------------------------ hand size


def _q_how_many_discarded(d: Draft, m: re.Match):
    """How many cards the turn player discards for hand size (the hand the story gives, in the End Phase)."""
    hand = d.player("A").get("hand")
    if d.state.get("phase") != "end" or not isinstance(hand, int) or d.actions or "gy" in d.player("A"):
        return None
    if m["n"] and int(m["n"]) != HAND_SIZE_LIMIT:
        return None
    d.player("A")["gy"] = []  # the count asked is of the cards discarded now
    d.actions.append({"do": "end_turn"})
    return {"kind": "outcome", "count": {"player": "A", "pile": "gy"}}, "how many cards does A discard for hand size"


# ------------------------------------------------------------------------------ who may attack, and when


_SUMMON_KINDS = {"normal_summon": "normal", "special_summon": "special", "flip_summon": "flip",
                 "tribute_summon": "tribute"}


def _q_attack_after_summon(d: Draft, m: re.Match):
    """A monster Summoned this turn (no "summoning sickness") declares an attack."""
    if d.actions or d.said:
        return None
    how = next((v for k, v in _SUMMON_KINDS.items() if re.fullmatch(alt("summons", k), m["how"])), None)
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


def _who(words: str) -> str:
    """The player of a phrase: the asker A, the opponent B, or "anyone" (decided for the turn player A)."""
    if re.fullmatch(alt("phase_window", "opponent"), words):
        return "B"
    return "A"


def _said_player(words: str, player: str) -> str:
    if re.fullmatch(alt("phase_window", "anyone"), words) and words != "the turn player":
        return "either player (checked for A: the window is closed to both players alike)"
    return player


def _what(d: Draft, m: re.Match) -> tuple[object, str] | None:
    """The card asked about: a named card, a kind ``{"class": ...}``, or any card; with how it reads."""
    words = m["what"]
    if re.fullmatch(r"e\d+", words):
        card = d.card_of(int(words[1:]))
        return (card.name, card.name) if card is not None else None
    if re.fullmatch(r"k\d+", words):
        cls = d.kinds.get(int(words[1:]))
        if not cls:
            return None
        from ..engine.generic import describe_class
        return {"class": dict(cls)}, describe_class(cls)
    for key, cls, said in (("trap", {"type": "trap"}, "a Trap Card"), ("spell", {"type": "spell"}, "a Spell Card"),
                           ("any_card", {}, "a card")):
        if re.fullmatch(alt("phase_window", key), words):
            return {"class": cls}, said
    return None


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
    what = _what(d, m)
    if what is None:
        return None
    card, said = what
    player = _who(m["who"])
    named = d.card_of(int(m["what"][1:])) if re.fullmatch(r"e\d+", m["what"]) else None
    if player != "B" or not _locked_by(d.attacking, named or card):
        return None  # only the attacker's lock decides for every moment up to the end of the Damage Step
    d.actions.append({"do": "activate", "player": player, "card": card})
    return ({"kind": "legal"}, f"then (before the end of the Damage Step), can {_said_player(m['who'], player)} "
                               f"activate {said}")


def _q_before_draw(d: Draft, m: re.Match):
    """Can a card be activated in the Draw Phase before the turn player's normal draw?"""
    if d.actions or d.said:
        return None
    what = _what(d, m)
    if what is None:
        return None
    card, said = what
    if isinstance(card, str) and re.search(r"normal draw|draw phase", d.card_of(int(m["what"][1:])).text, re.I):
        return None  # a card may state that it can be activated then ("unless specifically stated")
    player = _who(m["who"])
    turn = "B" if m.groupdict().get("whose") else "A"  # the opponent's Draw Phase: the window closes alike
    d.state.update(phase="draw", drawn=False, **({"turn": "B"} if turn == "B" else {}))
    d.actions.append({"do": "activate", "player": player, "card": card})
    return ({"kind": "legal"}, f"can {_said_player(m['who'], player)} activate {said} in {turn}'s Draw Phase "
                               f"before {turn}'s normal draw")


def _q_hand_size_window(d: Draft, m: re.Match):
    """Can a card be activated while the turn player discards for hand size?"""
    if d.actions or d.said:
        return None
    what = _what(d, m)
    if what is None:
        return None
    card, said = what
    player = _who(m["who"])
    d.state["phase"] = "end"
    d.player("A")["hand"] = HAND_SIZE_LIMIT + 1  # how many are discarded does not decide the answer
    d.actions += [{"do": "hand_size"}, {"do": "activate", "player": player, "card": card}]
    return (
        {"kind": "legal"},
        f"while A discards for hand size at the end of the End Phase (from {HAND_SIZE_LIMIT + 1} cards), can "
        f"{_said_player(m['who'], player)} activate {said}",
    )


# ------------------------------------------------------------------ a second hand-size discard (phases.py)


def _fact_discard_twice(d: Draft, m: re.Match) -> bool:
    """I discard X for hand size, X's effect adds Y, I discard (Y) again: only the first Chain after the discard
    may hold effects (the simulator's hand-size window)."""
    if d.actions or d.said:
        return False
    x, y = d.card_of(int(m["x"][1:])), d.card_of(int(m["y"][1:]))
    if x is None or y is None or x.name == y.name or m["x2"] and d.card_of(int(m["x2"][1:])) != x:
        return False
    if m["y2"] and (d.card_of(int(m["y2"][1:])) is None or d.card_of(int(m["y2"][1:])).name != y.name):
        return False
    if not re.search(r"\bdiscarded\b", x.text, re.I):
        return False  # the first card's effect must be one that triggers on being discarded
    d.state["phase"] = "end"
    d.player("A").update(hand=[x.name, HAND_SIZE_LIMIT], deck=[y.name, 10])
    d.actions += [
        {"do": "hand_size", "cards": [x.name]},
        {"do": "activate", "card": x.name, "does": [{"op": "add_to_hand", "card": y.name}]},
        {"do": "resolve"},
        {"do": "hand_size", "cards": [y.name]},
    ]
    d.chain = {"discarded_again": y.name}
    d.said.append(f"at the end of the End Phase A ({HAND_SIZE_LIMIT + 1} cards) discards {x.name} for hand size; "
                  f"its effect (Chain Link 1) adds {y.name} from the Deck; A discards {y.name} for hand size again")
    return True


def _fact_hand_end(d: Draft, m: re.Match) -> bool:
    """A hand size told with the End Phase before it, or without "in hand" (other orders are scenario.py's)."""
    if not (m["e1"] or m["e2"]) or "hand" in d.player("A") or d.actions:
        return False
    d.player("A")["hand"] = int(m["n"])
    d.state["phase"] = "end"
    d.said.append(f"A has {m['n']} cards in hand in the End Phase")
    return True


def _q_causes_replay(d: Draft, m: re.Match):
    if not d.battle:
        return None
    return {"kind": "outcome", "replay": True}, "does a replay occur"


def _q_discarded_activates(d: Draft, m: re.Match):
    if not d.chain or "discarded_again" not in d.chain:
        return None
    card = d.card_of(int(m["z"][1:]))
    if card is None or card.name != d.chain["discarded_again"]:
        return None
    d.actions.append({"do": "activate", "card": card.name})
    return {"kind": "legal"}, f"can {card.name}'s effect be activated after it is discarded for hand size again"


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    choose = rf"(?:{alt('replay_story', 'choose')} )?"
    other = rf"(?:attack|declare an attack|declare my attack|attack instead) with {alt('replay_story', 'other_monster')}"
    actor1, actor2 = rf"(?P<a1>{ACTOR})", rf"(?P<a2>{ACTOR})"
    card = r"e\d+(?: ' s| 's)?"
    end = rf"(?:at the end of|during|in) (?:my|the) {alt('phases', 'end')}"
    return [
        (
            "I have N cards (in hand) at the end of my End Phase / At the end of my End Phase I have N cards",
            re.compile(rf"^(?:(?P<e1>{end}) )?i (?:have|hold) (?P<n>\d+) cards(?: in (?:my )?hand)?(?: (?P<e2>{end}))?$"),
            _fact_hand_end,
        ),
        (
            "I discard X for hand size, its effect adds Y, and I discard again",
            re.compile(
                rf"^(?:at the end of (?:my|the) {alt('phases', 'end')} )?i discard (?P<x>e\d+) (?:for|due to) "
                rf"(?:the )?hand size(?: limit)? (?:and )?(?:its|(?P<x2>e\d+)(?: ' s| 's)?) effect adds (?P<y>e\d+)"
                rf"(?: to my hand)? (?:and )?(?:then )?i (?:have to )?discard (?:again|(?P<y2>e\d+)(?: again)?|it"
                rf"(?: again)?)(?: for hand size)?(?: again)?$"
            ),
            _fact_discard_twice,
        ),
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
    """The story shapes of this module and of :mod:`.scenario_phase` (name, pattern, handler)."""
    from .scenario_phase import PHASE_FACTS

    return [*_facts(), *PHASE_FACTS()]


@lru_cache(maxsize=1)
def _questions() -> list:
    first = alt("replay_story", "first_monster")
    during = rf"(?:(?P<during>{alt('replay_story', 'during')}) )?"
    summons = "|".join(alt("summons", k) for k in _SUMMON_KINDS)
    who = rf"(?P<who>{alt('phase_window', 'asker')}|{alt('phase_window', 'opponent')}|{alt('phase_window', 'anyone')})"
    what = (rf"(?P<what>e\d+|k\d+|{alt('phase_window', 'trap')}|{alt('phase_window', 'spell')}|"
            rf"{alt('phase_window', 'any_card')})")
    return [
        (
            "can the first monster attack again this turn",
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
            "can X be activated in the Draw Phase before the draw (passive)",
            re.compile(
                rf"^can {what} be activated(?: (?:during|in) (?:my|the|the turn player's) {alt('phases', 'draw')})? "
                rf"before (?:(?:{alt('phase_window', 'drawer')}) )?{alt('phase_window', 'draw')}"
                rf"(?: (?:during|in) (?:my|the|the turn player's) {alt('phases', 'draw')})?(?P<who>)$"
            ),
            _q_before_draw,
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
            "can Y's effect be activated (after the second hand-size discard)",
            re.compile(
                rf"^can (?P<z>e\d+)(?: ' s| 's)? (?:\" [^\"]+ \" )?(?:discard )?(?:trigger )?effect (?:be activated|"
                rf"activate|still be activated)$"
            ),
            _q_discarded_activates,
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
                rf"(?:that )?(?:i |was )?(?:just )?(?P<how2>{summons}) this turn)$"
            ),
            lambda d, m: _q_attack_after_summon(d, _Either(m)),
        ),
        (
            "can I attack directly past a face-down monster",
            re.compile(
                rf"^can (?:i|my {mon()}) attack directly (?:if|when|while) {opp()} (?:only )?controls (?:only )?"
                rf"(?:a|one) face-down (?:defense position )?{mon()}$"
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
            "can I attack twice with the same monster",
            re.compile(
                rf"^can i (?:declare an )?attack twice with (?:the same|one|a|my) {mon()}"
                rf"(?: in (?:one|the same|a single) (?:turn|battle phase)| this turn)?$"
            ),
            _q_attack_twice,
        ),
        (
            "can X be activated in the Draw Phase before the draw",
            re.compile(
                rf"^can {who} activate {what}(?: (?:during|in) (?:my|the|the turn player's|(?P<whose>{opps()})) "
                rf"{alt('phases', 'draw')})? before (?:(?:{alt('phase_window', 'drawer')}|{opp()}) )?"
                rf"{alt('phase_window', 'draw')}(?: (?:during|in) (?:my|the) {alt('phases', 'draw')})?$"
            ),
            _q_before_draw,
        ),
        (
            "while I discard for hand size, can X be activated",
            re.compile(
                rf"^(?:while|when|as) {alt('phase_window', 'discarder')} {alt('phase_window', 'discarding')}"
                rf"(?: (?:in|during|at the end of) (?:my|the) {alt('phases', 'end')})? can {who} activate {what}$"
            ),
            _q_hand_size_window,
        ),
        (
            "how many cards do I discard",
            re.compile(
                rf"^{alt('hand_size', 'how_many')}(?: (?:for|because of|due to) (?:the )?hand size(?: limit)?)?"
                rf"(?: (?:down )?to (?P<n>\d+)(?: cards)?)?(?: at the end of (?:my |the )?end phase)?$"
            ),
            _q_how_many_discarded,
        ),
    ]


def battle_questions() -> list:
    """The question shapes of this module and of :mod:`.scenario_phase` (name, pattern, handler)."""
    from .scenario_phase import phase_questions

    return [*_questions(), *phase_questions()]


class _Either:
    """A match whose ``how`` group is read from either of two alternatives (``how`` / ``how2``)."""

    def __init__(self, match: re.Match) -> None:
        self._m = match

    def __getitem__(self, key):
        if key == "how":
            return self._m["how"] or self._m["how2"]
        return self._m[key]
