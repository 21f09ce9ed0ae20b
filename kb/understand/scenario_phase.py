"""Phase story shapes for :mod:`kb.understand.scenario` (registered through :mod:`.scenario_battle`): what may
be done in which phase, decided by the simulator's turn structure (docs/simulator.md):

- activating a card (named, a kind, any card) in the Draw Phase after the normal draw ("once I have drawn,
  may I use a Quick-Play Spell before the Standby Phase?");
- Main Phase 2 without a Battle Phase, going back to an earlier phase;
- attacking, changing battle positions and Flip Summoning outside the phases that allow them.

The words are data (``scenario_words.toml``, sections ``phase_window`` and ``phase_moves``).  Monsters the
question gives by no name are monsters without effects; numbers that do not decide the answer are said.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import PHASE_NAMES, Draft, all_phases, alt, mon, opps, phase_of
from .scenario_windows import WHAT, WHO, what_of, who_of

__all__ = ["PHASE_FACTS", "phase_questions"]


# -------------------------------------------------------------------------- the Draw Phase after the draw


def _fact_drew(d: Draft, m: re.Match) -> bool:
    if d.actions or d.said:
        return False
    d.state.update(phase="draw", drawn=False)
    d.actions.append({"do": "draw"})
    d.said.append("A draws in the Draw Phase")
    return True


def _q_after_draw(d: Draft, m: re.Match):
    """Can a card be activated in the Draw Phase, after the normal draw (before the Standby Phase)?"""
    drew = bool(d.actions) and d.actions[-1].get("do") == "draw" and len(d.actions) == 1
    if m["after"]:
        if d.actions or d.said:
            return None
        d.state.update(phase="draw", drawn=False)
        d.actions.append({"do": "draw"})
    elif not drew or not (m["dp"] or m["standby"]):
        return None  # the story told the draw; the question places the activation in the Draw Phase
    what = what_of(d, m["what"])
    if what is None:
        return None
    card, said = what
    player = who_of(m["who"])
    d.actions.append({"do": "activate", "player": player, "card": card})
    return {"kind": "legal"}, f"can {player} activate {said} in A's Draw Phase after the normal draw"


# ---------------------------------------------------------------------------------- moving between phases


_SKIPPED_BP = "A skips the Battle Phase"


def _fact_skip_battle(d: Draft, m: re.Match) -> bool:
    if d.actions or d.said:
        return False
    d.said.append(_SKIPPED_BP)
    return True


def _q_main2_without_battle(d: Draft, m: re.Match):
    if d.actions or (d.said and d.said != [_SKIPPED_BP]):
        return None
    if d.said and not m.groupdict().get("told"):
        return None  # the skip told before, but this shape says it again
    d.state["phase"] = "main1"
    d.actions.append({"do": "phase", "to": "main2"})
    return {"kind": "legal"}, "can A go from Main Phase 1 to Main Phase 2 without conducting a Battle Phase"


def _phase_move(start: str, to: str, said: str):
    """A question handler: can A go from phase ``start`` to phase ``to`` (nothing else told)?"""
    def handler(d: Draft, m: re.Match):
        if d.actions or d.said:
            return None
        d.state["phase"] = start
        d.actions.append({"do": "phase", "to": to})
        return {"kind": "legal"}, said
    return handler


_q_main2_after_battle = _phase_move("battle", "main2", "can A go from the Battle Phase to Main Phase 2")
_q_main1_to_end = _phase_move("main1", "end", "can A skip the Battle Phase, moving from Main Phase 1 straight into the End Phase")


def _q_go_back(d: Draft, m: re.Match):
    if d.actions or d.said:
        return None
    to, start = phase_of(m["to"]), phase_of(m["from"])
    if to is None or start is None or to == start:
        return None
    d.state["phase"] = start
    d.actions.append({"do": "phase", "to": to})
    return {"kind": "legal"}, f"can A go from {PHASE_NAMES[start]} to {PHASE_NAMES[to]}"


# -------------------------------------------------------------------------- monster actions in a phase


def _q_monster_in_phase(d: Draft, m: re.Match):
    """Attack / change the battle position / Flip Summon, with a monster that could otherwise do it."""
    if d.actions or d.said:
        return None
    if m["opp_turn"]:  # in the opponent's turn (its Main Phase 1 for Flip Summons and position changes)
        if m["attack"]:
            return None  # attacks in the opponent's turn: scenario_battle.py's shape
        d.state["turn"] = "B"
        phase = "main1"
    else:
        phase = phase_of(m["phase"])
    if phase is None:
        return None
    d.state["phase"] = phase
    if m["attack"]:
        name = d.add_monster("A", "monsters", "my monster", atk=1000)
        d.actions.append({"do": "attack", "attacker": name, "target": None})
        verb = "declare an attack with my monster (1000 ATK; my opponent controls no monster)"
    elif m["flip"]:
        name = d.add_monster("A", "monsters", "my monster", position="defense", face="down")
        d.actions.append({"do": "flip_summon", "card": name})
        verb = "Flip Summon my face-down monster (Set on an earlier turn)"
    else:
        name = d.add_monster("A", "monsters", "my monster")
        d.actions.append({"do": "change_position", "card": name})
        verb = "change the battle position of my monster (on the field since an earlier turn)"
    where = "B's Main Phase 1 (the opponent's turn)" if m["opp_turn"] else PHASE_NAMES[phase]
    if m["opp_turn"]:
        d.actions[-1]["player"] = "A"
    return {"kind": "legal"}, f"can A {verb} in {where}"


# ------------------------------------------------------------------- Main Phase actions outside the Main Phase


def _when(d: Draft, m: re.Match) -> str | None:
    """Put the draft in the phase / step / turn of the question; how it reads (None: not a time read)."""
    if m["opp_turn"]:  # any phase of the opponent's turn: the actions asked about are the turn player's
        d.state.update(turn="B", phase="main1")
        return "in B's turn (its Main Phase 1; any phase of B's turn alike)"
    if m["step"]:
        d.state.update(phase="battle", step=m["step"])
        return f"in the {m['step'].title()} Step of the Battle Phase"
    phase = phase_of(m["phase"])
    if phase is None:
        return None
    d.state["phase"] = phase
    return f"in {PHASE_NAMES[phase]}"


def _q_summon_in_phase(d: Draft, m: re.Match):
    """A Normal Summon / Set of a Level 4 monster without effects, at the time the question says."""
    if d.actions or d.said:
        return None
    when = _when(d, m)
    if when is None:
        return None
    kind = "set_monster" if re.match(rf"(?:{alt('summons', 'set_monster')}) ", m["how"]) else "normal_summon"
    if re.match(alt("summons", "tribute_summon"), m["how"]):
        if d.state.get("phase") in ("main1", "main2") and d.state.get("turn", "A") == "A":
            return None  # in the own Main Phase: which Tributes, which Level (scenario.py's shapes)
        tribute = d.add_monster("A", "monsters", "a monster to Tribute", level=4)
        name = d.add_monster("A", "hand", "my monster", level=5)
        d.actions.append({"do": "normal_summon", "player": "A", "card": name, "tributes": [tribute]})
        return {"kind": "legal"}, f"can A Tribute Summon a Level 5 monster (no effects), Tributing 1 monster, {when}"
    name = d.add_monster("A", "hand", "my monster", level=4)
    d.actions.append({"do": kind, "player": "A", "card": name})
    verb = "Set" if kind == "set_monster" else "Normal Summon"
    return {"kind": "legal"}, f"can A {verb} a Level 4 monster (no effects) from the hand {when}"


def _q_set_spell_trap_in_phase(d: Draft, m: re.Match):
    """Setting a Spell or Trap Card from the hand, at the time the question says."""
    if d.actions or d.said:
        return None
    if m["kind"]:
        cls = d.kinds.get(int(m["kind"][1:])) or {}
        kind = cls.get("type")
    elif re.fullmatch(alt("phase_window", "trap"), m["card"]) or m["card"].startswith(("a spell/", "a spell or")):
        kind = "trap"  # a Spell/Trap: Set from the hand only in the Main Phase, either kind alike
    elif m["card"] in ("a card", "cards"):
        if not (m["opp_turn"] or m["step"] or phase_of(m["phase"]) not in ("main1", "main2")):
            return None  # a card Set in the Main Phase: a monster or a Spell/Trap? (both need more)
        kind = "trap"  # no card, monster or Spell/Trap, is Set from the hand outside the own Main Phase
    else:
        kind = "spell"
    if kind not in ("spell", "trap"):
        return None
    when = _when(d, m)
    if when is None:
        return None
    name = f"my {kind} card"
    d.player("A").setdefault("hand", []).append({"name": name, "type": kind})
    d.actions.append({"do": "set_spell_trap", "player": "A", "card": name})
    return {"kind": "legal"}, f"can A Set a {kind.title()} Card from the hand {when}"


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    return [
        (
            "I skip my Battle Phase",
            re.compile(rf"^i (?:skip|do not conduct|don't conduct|choose not to conduct) (?:my |the )?"
                       rf"{alt('phases', 'battle')}(?: this turn)?$"),
            _fact_skip_battle,
        ),
        (
            "I draw in my Draw Phase",
            re.compile(
                rf"^(?:i )?(?:drawing|drew|draw|have drawn|i draw)(?: a card| for the turn)?"
                rf"(?: (?:in|during) (?:my|the) {alt('phases', 'draw')})?$"
            ),
            _fact_drew,
        ),
    ]


def PHASE_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


@lru_cache(maxsize=1)
def _questions() -> list:
    who, what = WHO(), WHAT()
    in_phase = r"(?:in|during) (?:my |the )?"
    return [
        (
            "can X be activated in the Draw Phase after the draw",
            re.compile(
                rf"^can {who} (?:still )?activate {what}(?P<dp> {in_phase}{alt('phases', 'draw')})?"
                rf"(?P<after> after (?:{alt('phase_window', 'drawer')} )?{alt('phase_window', 'draw')})?"
                rf"(?P<standby> before (?:moving|proceeding|going|moving on|i move|i go|i proceed) to (?:my |the )?"
                rf"{alt('phases', 'standby')})?$"
            ),
            _q_after_draw,
        ),
        (
            "Main Phase 2 in a turn without a Battle Phase",
            re.compile(
                rf"^(?:is|does|do i (?:get|have|enter)|will i (?:get|have)) (?:a |my |the )?{alt('phases', 'main2')} "
                rf"(?:(?:still )?(?:performed|conducted|happen|take place|entered|occur)(?: at all)? )?"
                rf"(?:if|when) i (?:do not|don't|did not|didn't|do not ever) "
                rf"(?:conduct|enter|have|perform|go to) (?:a |my |the )?{alt('phases', 'battle')}(?: this turn)?$"
            ),
            _q_main2_without_battle,
        ),
        (
            "is Main Phase 2 performed when the Battle Phase is skipped",
            re.compile(
                rf"^(?:is|does) (?:a |the )?{alt('phases', 'main2')} (?:still )?(?:performed|conducted|happen|take place|"
                rf"entered|occur) (?:if|when) (?:the|my) {alt('phases', 'battle')} is (?:skipped|not conducted|not "
                rf"performed)$"
            ),
            _q_main2_without_battle,
        ),
        (
            "(I skip my Battle Phase.) Do I get a Main Phase 2?",
            re.compile(
                rf"^(?:(?:if|when) i (?:skip|do not conduct|don't conduct) (?:my |the )?{alt('phases', 'battle')} )?"
                rf"(?P<told>do i (?:get|have|enter|go to)|is there|can i (?:enter|have|conduct|go to)) (?:a |my |the )?"
                rf"{alt('phases', 'main2')}(?: this turn)?$"
            ),
            lambda d, m: _q_main2_without_battle(d, m) if (d.said == [_SKIPPED_BP] or m.group(0).startswith(("if", "when")))
            else None,
        ),
        (
            "can I go from Main Phase 1 straight to the End Phase",
            re.compile(
                rf"^can i (?:go|move|skip|proceed|jump) (?:directly |straight |right )?(?:from|after) (?:my |the )?"
                rf"{alt('phases', 'main1')} (?:directly |straight |right )?to (?:my |the )?{alt('phases', 'end')}$"
            ),
            _q_main1_to_end,
        ),
        (
            "can I enter Main Phase 2 after the Battle Phase",
            re.compile(
                rf"^can i (?:enter|go to|conduct|have|move to|proceed to) (?:a |my |the )?{alt('phases', 'main2')} "
                rf"after (?:my |the |a )?{alt('phases', 'battle')}$"
            ),
            _q_main2_after_battle,
        ),
        (
            "can I Normal Summon / Set a monster in a phase, a step or the opponent's turn",
            re.compile(
                rf"^can i (?P<how>{alt('summons', 'normal_summon')}|{alt('summons', 'tribute_summon')}|"
                rf"{alt('summons', 'set_monster')} (?:a|one) {mon()})(?: (?:a|one) {mon()})?(?: from my hand)? "
                rf"(?:{in_phase}(?:(?P<step>start|battle|damage|end) step(?: of the {alt('phases', 'battle')})?|"
                rf"(?P<phase>{all_phases()}))|(?:during|in) (?P<opp_turn>{opps()}) (?:turn|{all_phases()}))$"
            ),
            _q_summon_in_phase,
        ),
        (
            "can I Set a Spell / Trap Card in a phase, a step or the opponent's turn",
            re.compile(
                rf"^can i set (?:(?P<kind>k\d+)|(?P<card>{alt('phase_window', 'trap')}|{alt('phase_window', 'spell')}|"
                rf"a spell/trap(?: card)?|a spell or trap(?: card)?|a card|cards))"
                rf"(?: from my hand)?(?: face-down)? "
                rf"(?:{in_phase}(?:(?P<step>start|battle|damage|end) step(?: of the {alt('phases', 'battle')})?|"
                rf"(?P<phase>{all_phases()}))|(?:during|in) (?P<opp_turn>{opps()}) (?:turn|{all_phases()}))$"
            ),
            _q_set_spell_trap_in_phase,
        ),
        (
            "if I go first, do I draw on my first turn",
            re.compile(
                rf"^(?:(?:if|when|since) i (?:go|am going|'m going|' m going) first )?(?:do|can|will) i draw(?: a card)? "
                rf"(?:on|in|during) my (?:very )?first (?:turn|{alt('phases', 'draw')})"
                rf"(?: (?:if|when|since) i (?:go|am going|'m going|' m going) first)?$"
            ),
            lambda d, m: _first_draw(d, m) if re.search(r"going first|go first", m.group(0)) else None,
        ),
        (
            "does the player going first draw in their first Draw Phase",
            re.compile(
                rf"^(?:can|does|do|will|is) {alt('battle', 'first_player')} (?:able to )?(?:draw|get to draw|conduct "
                rf"(?:a|their) normal draw)(?: a card)? (?:in|during|on) (?:their|the) (?:first|very first) "
                rf"{alt('phases', 'draw')}(?: of the duel)?$"
            ),
            lambda d, m: _first_draw(d, m),
        ),
        (
            "can I conduct Main Phase 2 without a Battle Phase",
            re.compile(
                rf"^can i (?:{alt('phase_moves', 'enter')}) (?:my |the |a )?{alt('phases', 'main2')} "
                rf"(?:{alt('phase_moves', 'without')}) (?:a |my |the )?{alt('phases', 'battle')}"
                rf"(?: this turn)?$"
            ),
            _q_main2_without_battle,
        ),
        (
            "can I go back to an earlier phase",
            re.compile(
                rf"^can i (?:{alt('phase_moves', 'back')}) (?:to )?(?:my |the )?(?P<to>{all_phases()}) "
                rf"(?:from|after|during|in) (?:my |the )?(?P<from>{all_phases()})$"
            ),
            _q_go_back,
        ),
        (
            "can I attack / change battle position / Flip Summon in a phase",
            re.compile(
                rf"^can i (?:(?P<attack>attack|declare an attack) with (?:a|my|one of my) {mon()}|"
                rf"(?P<flip>{alt('summons', 'flip_summon')})(?: (?:a|my) (?:face-down )?{mon()})?|"
                rf"(?:change|switch) (?:the (?:battle )?position of (?:a|my) {mon()}|(?:a|my) {mon()} ' s (?:battle )?"
                rf"position|my {mon()}'s (?:battle )?position|a {mon()}'s (?:battle )?position|battle positions?|"
                rf"(?:my )?{mon()}(?:s|'s| ' s)? (?:battle )?positions?))"
                rf" (?:{in_phase}(?P<phase>{all_phases()})|(?:during|in) (?P<opp_turn>{opps()}) turn)$"
            ),
            _q_monster_in_phase,
        ),
    ]


def _first_draw(d: Draft, m: re.Match):
    from .scenario import _q_first_draw

    return _q_first_draw(d, m)


def phase_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return _questions()
