"""The events of a Summon question read by slots (:mod:`.summon_slots`) as a simulator scenario
(``{"ask": "scenario"}``, docs/simulator.md), whose last action is the asked act and whose query is
``legal``: the simulator decides (Tributes by Level, one Normal Summon a turn, Flip Summons not in the turn
the monster was Set, Main Phase only, Pendulum Scales) and cites the rule.

A monster given by no name is a monster without effects (Level 4 unless a Level is said).  What the question
leaves open is never filled in with a value that would decide the answer: Tributes a Level 5+ monster needs
but the question does not count give no scenario; a face-down monster whose Set turn is not said is asked
both ways (Set this turn, Set earlier), and the answer stands only when both agree.  A named monster's
Normal Summon / Set is :func:`kb.understand.scenario_summon_named._normal`'s (its own data: Level,
Summoning condition), the same code that reads "can I <act> <named monster> with ..." sentences.
"""

from __future__ import annotations

import re

from .frame import Frame
from .scenario_draft import PHASE_NAMES, Draft
from .scenario_summon import render
from .scenario_summon_named import _normal
from .scenario_summons import place_lasting
from .summon_slots import Event, Reading, Slot, read_events, scan

__all__ = ["build", "read_summon_slots"]

_SAID = {"normal_summon": "Normal Summon", "tribute_summon": "Tribute Summon", "set_monster": "Set",
         "flip_summon": "Flip Summon", "pendulum_summon": "Pendulum Summon", "special_summon": "Special Summon"}
_ORDER = ("draw", "standby", "main1", "battle", "main2", "end")
_PLAIN = ("any", "another", "level", "another_level")


def _level(slot: Slot | None) -> int | None:
    """The Level a monster slot says (4 when it says none), None when it is not a plain monster."""
    if slot is None:
        return 4
    if slot.key in ("level", "another_level"):
        return slot.nums[0] if 1 <= slot.nums[0] <= 12 else None
    return 4 if slot.key in ("any", "another") else None


def _phase(event: Event) -> tuple[str | None, str | None, str]:
    """(whose turn: "A"/"B"/None, phase or None, how it reads) of an event's time."""
    s = event.phase
    if s is None:
        return None, None, ""
    whose = "B" if s.nums and s.nums[0] == "theirs" else "A"
    if s.key == "turn":
        return whose, None, f" during {whose}'s turn"
    phase = "main1" if s.key == "main" else s.key
    return whose, phase, f" in {PHASE_NAMES[phase]}" + (" of B's turn" if whose == "B" else "")


# ------------------------------------------------------------------------------------------ before


def _before(d: Draft, event: Event, card_of) -> str | None:
    """Put an act told as done before into the scenario; how it reads, or None when it cannot be."""
    if event.tributes is not None or event.place not in (None, "hand") or event.phase is not None and \
            event.phase.key == "turn":
        return None
    if event.by is not None and event.act != "special_summon":
        return None
    if event.monster is not None and event.monster.key == "same":
        return _same(d, event)
    said = _before_act(d, event, card_of)
    if said is None or event.fate is None:
        return said
    moved = d.actions[-1].get("card") if d.actions else None
    if moved is None or event.act == "set_monster" and event.turn == "earlier":
        return None
    to = "gy" if event.fate == "destroyed" else event.fate
    d.actions.append({"do": "move", "card": moved, "to": to, "by": "effect",
                      **({"destroyed": True} if event.fate == "destroyed" else {})})
    return said + {"destroyed": ", then destroyed", "gy": ", then sent to the GY", "banished": ", then banished",
                   "hand": ", then returned to the hand"}[event.fate]


def _before_act(d: Draft, event: Event, card_of) -> str | None:
    """The act of :func:`_before` (without what happened next)."""
    level = _level(event.monster)
    named = event.monster is not None and event.monster.key == "named"
    if named:
        card = card_of(event.monster.ents[0])
        if card is None or not card.is_monster or card.summon_condition != "normal" or card.extra_deck_frame:
            return None
        level = card.level
    if level is None:
        return None
    label = event.monster and named and card.name or f"my other monster (Level {level})"
    if event.turn == "earlier":
        if event.act not in ("normal_summon", "set_monster") or named:
            return None
        face = "down" if event.act == "set_monster" else "up"
        d.add_monster("A", "monsters", "my monster from an earlier turn", level=level, face=face,
                      **({"position": "defense"} if face == "down" else {}))
        return f"A {_SAID[event.act]} a monster (Level {level}) on an earlier turn"
    if event.act in ("normal_summon", "set_monster", "tribute_summon"):
        tributes = []
        if event.act == "tribute_summon":
            needed = card.tributes_needed() if named else None
            if named and (not needed or level is None or level < 5):
                return None  # its own Tribute rule, or not a monster that is Tribute Summoned
            level = level if level >= 5 else 5
            tributes = [d.add_monster("A", "monsters", "my Tribute", level=4) for _ in range(1 if level < 7 else 2)]
        elif level >= 5:
            return None  # Tributes not told
        name = card.name if named else d.add_monster("A", "hand", "my other monster", level=level)
        if named:
            d.player("A").setdefault("hand", []).append(card.name)
        do = "set_monster" if event.act == "set_monster" else "normal_summon"
        d.actions.append({"do": do, "card": name, **({"tributes": tributes} if tributes else {})})
        return f"A {_SAID[event.act]} {label if named else f'a monster (Level {level})'} this turn"
    if event.act == "flip_summon":
        if named:
            return None
        name = d.add_monster("A", "monsters", "my other face-down monster", level=level, face="down",
                             position="defense")
        d.actions.append({"do": "flip_summon", "card": name})
        return f"A Flip Summoned a monster (Level {level}) Set on an earlier turn"
    if event.act == "special_summon":  # by a card effect: how does not bear on a Normal Summon or Flip Summon
        name = d.add_monster("A", "hand", "my Special Summoned monster", level=level)
        d.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "hand"})
        return "A Special Summoned a monster this turn (by a card effect)"
    return None


def _same(d: Draft, event: Event) -> str | None:
    """An act on the monster the story spoke of last ("I Set a monster last turn and Flip Summoned it")."""
    name = d.last
    mine = [x for x in d.player("A").get("monsters", []) if isinstance(x, dict) and x.get("name") == name]
    if event.act != "flip_summon" or not mine or mine[0].get("face") != "down" or event.turn == "earlier":
        return None
    d.actions.append({"do": "flip_summon", "card": name})
    return f"A Flip Summoned it this turn"


# ------------------------------------------------------------------------------------------ asked


def _tribute_mods(event: Event) -> dict | None:
    """The Tributes of the asked act as :func:`.scenario_summon_named._normal`'s ``mods``."""
    t = event.tributes
    mods: dict = {}
    if event.place is not None:
        mods["place"] = event.place
    if t is None:
        return mods
    if t.key == "none":
        mods["none"] = True
    elif t.key == "count":
        if t.nums[0] == 0:
            mods["none"] = True
        else:
            mods["count"] = t.nums[0]
    else:
        mods["tributed"] = [t.key]
    return mods


def _normal_plain(d: Draft, event: Event, level: int, act: str) -> str | None:
    """A Normal / Tribute Summon or Set of a monster without effects of ``level`` from the hand."""
    t = event.tributes
    if event.place not in (None, "hand"):
        return None
    if t is None:
        if level <= 4:
            count = 0
        elif act == "tribute_summon":
            count = 1 if level <= 6 else 2
        else:
            return None  # the Tributes decide and are not told
    elif t.key == "none":
        count = 0
    else:
        count = t.nums[0]
    if act == "tribute_summon" and count == 0 or level <= 4 and count > 0:
        return None  # a Level 4 or lower monster Tributing: whether its own text allows it is not said
    kind = t.key if t is not None and t.key in ("token", "face_down", "opponent") else None
    tributes = []
    for k in range(count):
        if kind == "token":
            tributes.append(d.add_monster("A", "monsters", "my Monster Token", level=1))
        elif kind == "face_down":
            tributes.append(d.add_monster("A", "monsters", "my face-down monster", level=4, face="down",
                                          position="defense"))
        elif kind == "opponent":
            tributes.append(d.add_monster("B", "monsters", "my opponent's monster", level=4))
        else:
            tributes.append(d.add_monster("A", "monsters", f"my Tribute {k + 1}", level=4))
    name = d.add_monster("A", "hand", f"a Level {level} monster", level=level)
    do = "set_monster" if act == "set_monster" else "normal_summon"
    d.actions.append({"do": do, "card": name, **({"tributes": tributes} if tributes else {})})
    what = {"token": "a Monster Token", "face_down": "a face-down monster", "opponent": "the opponent's monster"}
    by = f" by Tributing {count} monster(s)" + (f" ({what[kind]})" if kind else "") if count else ""
    return f"can A {_SAID[act]} a Level {level} monster (no effects){by}"


def _flip(d: Draft, event: Event, set_turn: str | None, card_of) -> str | None:
    """A Flip Summon of a face-down monster Set this turn or on an earlier turn (or a face-up one)."""
    m = event.monster
    if event.tributes is not None or event.place is not None:
        return None
    if m is not None and m.key == "face_up":
        name = d.add_monster("A", "monsters", "my face-up monster", level=4)
        d.actions.append({"do": "flip_summon", "card": name})
        return "can A Flip Summon a face-up monster"
    if m is not None and m.key == "named":
        card = card_of(m.ents[0])
        if card is None or not card.is_monster or card.is_link:
            return None
        d.player("A").setdefault("monsters", []).append(
            {"card": card.name, "face": "down", "position": "defense", "set_this_turn": set_turn == "this"})
        name = card.name
    elif m is None or m.key in ("any", "face_down", "level", "same"):
        level = m.nums[0] if m is not None and m.key == "level" else 4
        name = d.add_monster("A", "monsters", "my face-down monster", level=level, face="down",
                             position="defense", set_this_turn=set_turn == "this")
    else:
        return None
    d.actions.append({"do": "flip_summon", "card": name})
    when = " Set this turn" if set_turn == "this" else " Set on an earlier turn"
    return f"can A Flip Summon {name}{when}"


def _pendulum(d: Draft, event: Event, scales, card_of) -> str | None:
    """A Pendulum Summon from the hand with the two Scales the question gives."""
    if scales is None or event.tributes is not None or event.place not in (None, "hand"):
        return None
    low, high = scales
    if not (0 <= low <= 13 and 0 <= high <= 13):
        return None
    for zone, scale in ((1, low), (5, high)):
        d.player("A").setdefault("spells_traps", []).append(
            {"name": f"my Pendulum Scale {scale} ({'left' if zone == 1 else 'right'})", "scale": scale,
             "level": 4, "zone": zone, "face": "up"})
    names = []
    for m in [event.monster, *event.more]:
        if m is None:
            return None
        if m.key == "named":
            card = card_of(m.ents[0])
            if card is None or not card.is_monster or card.extra_deck_frame or card.name in names:
                return None
            d.player("A").setdefault("hand", []).append(card.name)
            names.append(card.name)
            continue
        if m.key == "levels":
            levels = [m.nums[1]] * m.nums[0] if len(m.nums) == 2 and m.nums[0] in (2, 3) else None
        elif m.key == "level":
            levels = [m.nums[0]]
        else:
            return None
        if levels is None or any(not 1 <= lv <= 12 for lv in levels):
            return None
        for lv in levels:
            names.append(d.add_monster("A", "hand", f"a Level {lv} monster", level=lv))
    d.actions.append({"do": "pendulum_summon", "cards": names})
    return f"A's Pendulum Scales are {low} and {high}; can A Pendulum Summon {' and '.join(names)} from the hand"


# ------------------------------------------------------------------------------------------ the scenario


def _relative_turn(reading: Reading) -> tuple[str | None, bool]:
    """When the asked monster was Set, as a relative clause says it ("a monster I Set last turn"): (turn,
    whether the clause is one this module reads)."""
    rel = [e for e in reading.before if e.relative]
    if not rel:
        return None, True
    if len(rel) > 1 or rel[0].act != "set_monster" or rel[0].tributes or rel[0].phase or rel[0].place:
        return None, False
    return rel[0].turn or "this", True


def build(reading: Reading, card_of) -> tuple[dict, str, list] | None:
    """The scenario question of ``reading``, how it reads and the same question asked the other ways the
    words allow (all must agree), or None when the events cannot be one."""
    asked = reading.asked
    told = [e for e in reading.before if not e.relative]
    if asked.act == "flip_summon" and asked.monster is not None and asked.monster.key == "same" and len(told) == 1 \
            and len(reading.before) == 1 and told[0].act == "set_monster" and told[0].fate is None and \
            (told[0].monster is None or told[0].monster.key in ("any", "face_down", "named", "level")):
        # "I Set a monster last turn. Can I Flip Summon it?": the monster of the story is the one asked
        told[0].relative = True
        if told[0].monster is not None and told[0].monster.key in ("named", "level"):
            asked.monster = told[0].monster
    if asked.act == "flip_summon":
        turn, ok = _relative_turn(reading)
        if not ok:
            return None
        if turn is None and (asked.monster is None or asked.monster.key != "face_up"):
            first = _build(reading, card_of, "this")
            second = _build(reading, card_of, "earlier")
            if first is None or second is None:
                return None
            question, said, _ = second
            return question, said + " (and the same if it was Set this turn: both must agree)", [first[0]]
        return _build(reading, card_of, turn)
    if reading.extra_face_up is not None:
        return _face_up_extra(reading, card_of)
    gemini = _gemini(reading, card_of)
    if gemini is not None:
        return gemini or None
    if any(e.relative for e in reading.before):
        return None  # "Normal Summon it again": not read here
    return _build(reading, card_of, None)


def _face_up_extra(reading: Reading, card_of):
    """A Fusion / Synchro / Xyz Pendulum Monster face-up in the Extra Deck, Summoned by its kind of Summon (the
    simulator: sim_face_up_extra)."""
    asked = reading.asked
    if reading.before or reading.scales or reading.lasting or asked.tributes or asked.phase or asked.place or \
            asked.again or asked.monster is None or asked.monster.key not in ("same", "named"):
        return None
    index = reading.extra_face_up.ents[0]
    if asked.monster.key == "named" and asked.monster.ents != [index]:
        return None
    card = card_of(index)
    if card is None or not card.is_pendulum or (card.extra_deck_frame or "").lower() not in ("fusion", "synchro", "xyz"):
        return None
    d = Draft(card_of=card_of)
    d.player("A").setdefault("extra", []).append({"card": card.name, "face": "up"})
    d.actions.append({"do": "special_summon", "card": card.name, "how": asked.act, "from": "extra", "player": "A"})
    said = f"Simulated: {card.name} is face-up in A's Extra Deck. Asked: can A {asked.act.title()} Summon it?"
    return d.question({"kind": "legal"}), said, []


def _gemini(reading: Reading, card_of):
    """A Gemini monster Normal Summoned a second time ("Gemini Summon X", "Normal Summon it again to give it its
    effects"): that Summon is a Normal Summon, needing no Tribute (summon_rules.toml sim_gemini_normal_summon,
    sim_gemini_no_tribute), so the simulator is asked whether A can still Normal Summon this turn, after the Normal
    Summons the story tells (the Gemini monster's own first one included).  None when the question is not such
    a Summon, False when it is but cannot be read."""
    asked = reading.asked
    m = asked.monster
    own = [e for e in reading.before if e.relative or e.monster is not None and (
        e.monster.key == "same" or m is not None and m.key == "named" and e.monster.ents == m.ents)]
    if not own and m is not None and m.key == "same":  # "I Normal Summoned X. Can I Normal Summon it again?"
        named = [e for e in reading.before if e.monster is not None and e.monster.key == "named"]
        own = named[-1:]
    second = asked.act == "gemini_summon" or reading.gemini or asked.act == "normal_summon" and asked.again and own
    if not second:
        return None
    if asked.act not in ("gemini_summon", "normal_summon") or asked.tributes is not None or asked.place is not None \
            or asked.phase is not None or reading.scales is not None or reading.lasting is not None:
        return False
    if m is not None and m.key == "same" and own:  # "it": the monster of the story
        m = own[0].monster if own[0].monster is not None and own[0].monster.key == "named" else None
        if m is None:
            return False
    if m is None or m.key != "named":
        return False
    card = card_of(m.ents[0])
    if card is None or not card.is_monster or "Gemini" not in card.abilities:
        return False
    d = Draft(card_of=card_of)
    said = []
    for event in reading.before:
        if event in own:
            if len(own) > 1 or event.act not in ("normal_summon", "tribute_summon", "special_summon", "flip_summon") \
                    or event.tributes is not None or event.fate is not None or event.phase is not None:
                return False
            if event.turn == "earlier" or event.act in ("special_summon", "flip_summon"):
                said.append(f"{card.name} is face-up on A's field ({_SAID[event.act]}ed "
                            f"{'on an earlier turn' if event.turn == 'earlier' else 'this turn'})")
                continue
            stand_in = d.add_monster("A", "hand", f"{card.name} (its first Normal Summon)", level=4)
            d.actions.append({"do": "normal_summon", "card": stand_in})
            said.append(f"A Normal Summoned {card.name} this turn (its first Normal Summon)")
            continue
        got = _before(d, event, card_of)
        if got is None:
            return False
        said.append(got)
    if not own:
        said.append(f"{card.name} is face-up on A's field")
    name = d.add_monster("A", "hand", f"{card.name} (its second Normal Summon)", level=4)
    d.actions.append({"do": "normal_summon", "card": name, "player": "A"})
    text = (f"can A Normal Summon {card.name} a second time this turn (a Gemini monster's second Summon is a Normal "
            f"Summon and needs no Tribute: it counts as the turn's Normal Summon)")
    return d.question({"kind": "legal"}), f"Simulated: {'; '.join(said)}. Asked: {text}?", []


def _build(reading: Reading, card_of, set_turn: str | None) -> tuple[dict, str, list] | None:
    d = Draft(card_of=card_of)
    asked = reading.asked
    if reading.scales is not None and asked.act != "pendulum_summon":
        return None
    said = []
    if reading.lasting is not None:  # "while X is active": X face-up (scenario_summons.place_lasting)
        card = card_of(reading.lasting.ents[0])
        owner = "B" if reading.lasting.key == "theirs" else "A"
        if card is None or not place_lasting(d, card, owner, said_whose=reading.lasting.key != "unsaid"):
            return None
        said.append(f"{card.name} is face-up on {owner}'s field")
    phases = [_phase(e) for e in reading.before if not e.relative]
    told = [p for p in phases if p[0] is not None]
    whose, phase, when = _phase(asked)
    if any(p[0] == "B" for p in told) or (told and whose == "B"):
        return None
    start = told[0][1] if told else None
    if len({p[1] for p in told}) > 1:
        return None
    for event in reading.before:
        if event.relative:
            continue
        got = _before(d, event, card_of)
        if got is None:
            return None
        said.append(got)
    if asked.again and reading.before:
        if asked.act not in ("normal_summon", "set_monster") or \
                any(e.act not in ("normal_summon", "set_monster", "tribute_summon") for e in reading.before):
            return None  # "again" after another kind of act: not read
    elif asked.again:
        if asked.act not in ("normal_summon", "set_monster") or asked.turn != "this":
            return None  # "can I Normal Summon again?" may mean on a later turn
        d.actions.append({"do": asked.act, "card": d.add_monster("A", "hand", "my first monster", level=4)})
        said.append(f"A {_SAID[asked.act]} a monster (Level 4) earlier this turn")
    if whose == "B":
        if reading.before:
            return None
        d.state["turn"] = "B"
    if start is not None or phase is not None:
        first = start or phase
        d.state["phase"] = first
        if phase is not None and phase != first:
            if _ORDER.index(phase) < _ORDER.index(first):
                return None
            for step in _ORDER[_ORDER.index(first) + 1:_ORDER.index(phase) + 1]:
                if step in ("battle", "main2", "end"):
                    d.actions.append({"do": "phase", "to": step})
    act = asked.act
    if act in ("normal_summon", "tribute_summon", "set_monster"):
        m = asked.monster
        if m is not None and m.key == "named":
            card = card_of(m.ents[0])
            if card is None:
                return None
            mods = _tribute_mods(asked)
            if mods is None:
                return None
            got = _normal(d, card, act, mods)
            if got is None:
                return None
            text = got[1]
        else:
            level = _level(m)
            if level is None or m is not None and m.key.startswith("another") and not reading.before:
                return None  # "another monster" with nothing told before it
            text = _normal_plain(d, asked, level, act)
    elif act == "flip_summon":
        text = _flip(d, asked, set_turn, card_of)
    elif act == "pendulum_summon":
        text = _pendulum(d, asked, reading.scales, card_of)
    else:
        return None
    if text is None:
        return None
    for action in d.actions[-1:]:
        action.setdefault("player", "A")
    question = d.question({"kind": "legal"})
    story = "; ".join(said)
    understood = (f"Simulated: {story}. Asked: " if story else "Simulated: ") + text + when + "?"
    return question, understood, []


def read_summon_slots(skeleton, card_of) -> Frame | None:
    """A Summon question read by slots (:mod:`.summon_slots`) as a simulator scenario, or None."""
    rendered = render(skeleton)
    if rendered is None:
        return None
    line, ents = rendered
    for index in list(ents):  # a card whose name is words of a slot ("Last Turn"): those words
        words = skeleton.entities[index].text.lower()
        found = scan(words)
        if found and all(x.kind in ("when", "phase", "count") for x in found):
            line = re.sub(rf"\be{index}\b", words, line)
            ents = [e for e in ents if e != index]
    slots = scan(line)
    reading = read_events(slots) if slots else None
    got = build(reading, card_of) if reading is not None else None
    if got is None:
        return None
    question, understood, alternatives = got
    used = {e for s in slots for e in s.ents} | (set(reading.lasting.ents) if reading.lasting else set())
    if used != set(ents):
        return None
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=used, uses_story=True, alternatives=alternatives)
