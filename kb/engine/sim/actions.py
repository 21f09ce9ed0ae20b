"""The legality checks made before an action happens (action kinds and their validation:
:mod:`kb.engine.sim.action_kinds`, whose names are importable from here too).

Each check is a :class:`Check` naming the :data:`~kb.engine.rules.RULES` key it applies; a list of them is
a :class:`Legality` (``yes`` / ``no`` / ``unknown``).  The checks read the state and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import rules
from . import procedures, restrictions
from .action_kinds import ACTIONS, OPS, parse_action
from .rulebook import RULESETS
from .state import EMZ_NAMES, GameState, Instance

__all__ = ["ACTIONS", "OPS", "Check", "Legality", "parse_action", "check_tributes", "check_normal_summon",
           "check_flip_summon", "check_change_position", "check_special_summon", "check_pendulum_summon",
           "zone_checks", "linked_zones"]


@dataclass
class Check:
    """One legality check: its name, pass/fail/unknown, what it found, and the rules it applies."""

    check: str
    result: str
    detail: str
    keys: tuple[str, ...]

    def step(self) -> dict:
        """The answer's step object (cites and quote from the first rule key)."""
        return {"check": self.check, "result": self.result, "detail": self.detail, **rules.citation(*self.keys)}


@dataclass
class Legality:
    """The checks made for one action and what they add up to."""

    checks: list[Check] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)

    def add(self, check: str, result: str, detail: str, *keys: str) -> "Legality":
        self.checks.append(Check(check, result, detail, keys))
        return self

    def extend(self, other: "Legality") -> None:
        self.checks.extend(other.checks)
        self.assumed.extend(a for a in other.assumed if a not in self.assumed)

    @property
    def answer(self) -> str:
        results = [c.result for c in self.checks]
        if "fail" in results:
            return "no"
        return "unknown" if "unknown" in results else "yes"

    def first(self, result: str) -> Check | None:
        return next((c for c in self.checks if c.result == result), None)


# ----------------------------------------------------------------------------------------- checks

def _main_phase_open(state: GameState, player: str, what: str, rule_key: str) -> Legality:
    legal = Legality()
    if state.turn != player:
        return legal.add("turn", "fail", f"{what} is done by the turn player ({state.turn}), not {player}", rule_key)
    if state.phase not in ("main1", "main2"):
        return legal.add("phase", "fail", f"{what} happens in the Main Phase, not the {state.phase} phase",
                         "sim_main_phase_only", rule_key)
    if state.chain_open():
        return legal.add("open game state", "fail", f"{what} needs an open game state (no chain)", rule_key,
                         "chain_only_activations")
    legal.add("phase", "pass", f"{player}'s Main Phase, open game state", rule_key)
    return legal


def check_tributes(state: GameState, player: str, inst: Instance, tributes: list[Instance]) -> Legality:
    """Tributes by Level: the number, and that each is a monster the player controls."""
    legal = Legality()
    from .restrictions import forbidding  # a face-up "Neither player can Tribute cards" (restrictions.py)

    barred = forbidding(state, "tribute") if tributes else None
    if barred is not None:
        return legal.add("tributes", "fail", f"{barred[0].name} is face-up: \"{barred[1]}\"", "card_text_overrides",
                         "sim_tributes")
    for trib in tributes:
        if trib.location not in ("monster", "emz") or trib.controller != player or trib.uid == inst.uid:
            return legal.add("tributes", "fail", f"{trib.name} is not a monster {player} controls", "sim_tributes")
    if len({t.uid for t in tributes}) != len(tributes):
        return legal.add("tributes", "fail", "the same monster is Tributed twice", "sim_tributes")
    needed = inst.card.tributes_needed()
    if needed is None:
        return legal.add("tributes", "unknown", f"{inst.name}'s text has a Tribute rule of its own (or it has no "
                                                f"Level); the simulator does not read it", "sim_tributes",
                         "card_text_overrides")
    if len(tributes) != needed:
        return legal.add("tributes", "fail", f"{inst.name} is Level {inst.card.level}: it needs {needed} "
                                             f"Tribute{'s' if needed != 1 else ''}, not {len(tributes)}",
                         "sim_tributes")
    return legal.add("tributes", "pass", f"Level {inst.card.level}: {needed} Tribute{'s' if needed != 1 else ''}"
                     + (f" ({', '.join(t.name for t in tributes)})" if tributes else ""), "sim_tributes")


def check_normal_summon(state: GameState, player: str, inst: Instance, tributes: list[Instance], zone,
                        *, set_it: bool) -> Legality:
    """A Normal Summon / Set (Tribute Summons included)."""
    what = "a Normal Set" if set_it else "a Normal Summon"
    legal = _main_phase_open(state, player, what, "sim_normal_summon_once")
    if legal.answer == "no":
        return legal
    if not inst.card.is_monster:
        return legal.add("card type", "fail", f"{inst.name} is not a monster", "sim_normal_summon_once")
    if set_it and (barred := restrictions.barred(state, "set", what, player)) is not None:
        return barred  # "Your opponent cannot Set cards." (restrictions.py)
    condition = inst.card.summon_condition  # checked before where it is: an Extra Deck monster never is
    if condition in ("nomi", "semi_nomi") or inst.card.extra_deck_frame or "Ritual" in inst.card.abilities:
        return legal.add("Summoning condition", "fail", f"{inst.name} is a Special Summon Monster: it cannot be "
                                                        f"Normal Summoned or Set", "sim_special_summon_monster")
    if inst.location != "hand" or inst.owner != player:
        return legal.add("location", "fail", f"{inst.name} is not in {player}'s hand ({inst.where()})",
                         "sim_normal_summon_once")
    if condition == "set_only" and not set_it:
        return legal.add("Summoning condition", "fail", f"{inst.name} cannot be Normal or Special Summoned (it can "
                                                        f"only be Set)", "card_text_overrides", "sim_special_summon_monster")
    if condition == "unknown" and "cannot be normal summoned" in inst.card.text.lower():
        legal.add("Summoning condition", "unknown", f"{inst.name} \"Cannot be Normal Summoned/Set\" with a "
                                                    f"procedure the simulator does not read", "sim_special_summon_monster")
    record = state.records[player]
    allowed = 1 + record.extra_normal_summons
    if record.normal_summons_used >= allowed:
        return legal.add("Normal Summons this turn", "fail", f"{player} has already used {record.normal_summons_used}"
                                                             f" of {allowed} Normal Summon/Set this turn",
                         "sim_normal_summon_once")
    if set_it and record.normal_summons_used >= allowed - record.extra_summons_only:
        return legal.add("Normal Summons this turn", "fail", f"the Normal Summon left to {player} was granted by an "
                                                             f"effect that allows a Summon, not a Set",
                         "sim_additional_summon_set", "sim_normal_summon_once")
    legal.add("Normal Summons this turn", "pass", f"{record.normal_summons_used} of {allowed} Normal Summon/Set "
                                                  f"used this turn", "sim_normal_summon_once")
    legal.extend(check_tributes(state, player, inst, tributes))
    if legal.answer == "no":
        return legal
    if zone in EMZ_NAMES:
        return legal.add("zone", "fail", "a Normal Summon/Set never places a monster in an Extra Monster Zone",
                         "sim_emz_normal_summon")
    freed = {t.zone for t in tributes if t.location == "monster" and t.controller == player}
    free = sorted(set(state.free_main_zones(player)) | freed)
    if zone is not None:
        if zone - 1 not in free:
            return legal.add("zone", "fail", f"{player}'s Main Monster Zone {zone} is not free",
                             "sim_emz_normal_summon")
    elif not free:
        return legal.add("zone", "fail", f"all of {player}'s Main Monster Zones are occupied (an Extra Monster Zone "
                                         f"cannot take a Normal Summon)", "sim_emz_normal_summon")
    legal.add("zone", "pass", f"a free Main Monster Zone for {inst.name}", "sim_emz_normal_summon")
    return legal


def check_flip_summon(state: GameState, player: str, inst: Instance) -> Legality:
    legal = _main_phase_open(state, player, "a Flip Summon", "sim_flip_summon")
    if legal.answer == "no":
        return legal
    if inst.location not in ("monster", "emz") or inst.controller != player or inst.face != "down":
        return legal.add("face-down", "fail", f"{inst.name} is not a face-down monster {player} controls",
                         "sim_flip_summon")
    if inst.set_this_turn or inst.summoned_this_turn:
        return legal.add("Set this turn", "fail", f"{inst.name} was Set (or placed face-down) this turn",
                         "sim_flip_summon")
    if inst.position_changed_this_turn or inst.attacked_this_turn:
        return legal.add("position changed", "fail", f"{inst.name} already changed its battle position or "
                                                     f"attacked this turn", "sim_flip_summon", "sim_battle_position")
    return legal.add("Flip Summon", "pass", f"{inst.name} was Set on an earlier turn", "sim_flip_summon")


def check_change_position(state: GameState, player: str, inst: Instance) -> Legality:
    legal = _main_phase_open(state, player, "changing a battle position", "sim_battle_position")
    if legal.answer == "no":
        return legal
    if inst.location not in ("monster", "emz") or inst.controller != player:
        return legal.add("monster", "fail", f"{inst.name} is not a monster {player} controls", "sim_battle_position")
    if inst.face == "down":
        return legal.add("face-down", "fail", f"{inst.name} is face-down: turning it face-up is a Flip Summon",
                         "sim_battle_position", "sim_flip_summon")
    if inst.card.is_link:
        return legal.add("Link Monster", "fail", f"{inst.name} is a Link Monster: always in Attack Position",
                         "sim_battle_position")
    for flag, text in ((inst.summoned_this_turn, "was Summoned this turn"),
                       (inst.attacked_this_turn, "declared an attack this turn"),
                       (inst.position_changed_this_turn, "already changed its battle position this turn")):
        if flag:
            return legal.add("this turn", "fail", f"{inst.name} {text}", "sim_battle_position")
    return legal.add("this turn", "pass", f"{inst.name} has not been Summoned, attacked or changed position this "
                                          f"turn", "sim_battle_position")


def linked_zones(state: GameState, player: str) -> set[int]:
    """The Main Monster Zones of ``player`` that a Link Monster (either player's) points to."""
    # columns 0-4 from A's left; rows: 0 = A's Main Monster Zones, 1 = Extra Monster Zones, 2 = B's.
    arrows = {"Top": (0, 1), "Bottom": (0, -1), "Left": (-1, 0), "Right": (1, 0), "Top-Left": (-1, 1),
              "Top-Right": (1, 1), "Bottom-Left": (-1, -1), "Bottom-Right": (1, -1)}
    out: set[int] = set()
    for link in state.cards.values():
        if link.location not in ("monster", "emz") or not link.card.is_link or link.face != "up":
            continue
        if link.location == "emz":
            col, row = (1, 1) if link.zone == 0 else (3, 1)
        else:
            col, row = (link.zone, 0) if link.controller == "A" else (4 - link.zone, 2)
        flip = -1 if link.controller == "B" else 1
        for arrow in link.card.link_arrows:
            dcol, drow = arrows.get(arrow, (9, 9))
            tcol, trow = col + dcol * flip, row + drow * flip
            if player == "A" and trow == 0 and 0 <= tcol <= 4:
                out.add(tcol)
            if player == "B" and trow == 2 and 0 <= tcol <= 4:
                out.add(4 - tcol)
    return out


def zone_checks(state: GameState, player: str, inst: Instance, zone, from_extra: bool) -> Legality:
    """Where a Special Summoned monster may go, by ruleset: EMZ / linked zones / any Main Monster Zone."""
    legal = Legality()
    ruleset = RULESETS[state.ruleset]
    emz_rule = ruleset["emz_rule"]
    needs_emz = from_extra and any(
        frame in ruleset["emz_frames"] for frame in
        ((inst.card.extra_deck_frame,) if inst.card.extra_deck_frame else ()) + (("Pendulum",) if inst.card.is_pendulum
                                                                                  and inst.location == "extra" else ()))
    if not from_extra and zone in EMZ_NAMES:
        return legal.add("zone", "fail", f"{inst.name} is not Summoned from the Extra Deck: it cannot go to an Extra "
                                         f"Monster Zone", "sim_emz_normal_summon")
    mine_in_emz = [c for c in state.cards.values() if c.location == "emz" and c.controller == player]
    free_emz = [i for i in (0, 1) if state.at(player, "emz", i) is None]
    main_free = state.free_main_zones(player)
    if needs_emz:
        allowed_main = [z for z in main_free if z in linked_zones(state, player)]
        emz_ok = bool(free_emz) and not mine_in_emz
        if zone in EMZ_NAMES:
            if EMZ_NAMES.index(zone) not in free_emz:
                return legal.add("zone", "fail", f"the {zone.replace('_', ' ')} is occupied", emz_rule)
            if mine_in_emz:
                if any(c.card.is_link for c in state.monsters(player) if c.location == "monster"):
                    return legal.add("zone", "unknown", f"{player} already occupies an Extra Monster Zone; a second "
                                                        f"one needs an Extra Link, which the simulator does not "
                                                        f"trace", "sim_emz_one")
                return legal.add("zone", "fail", f"{player} already occupies an Extra Monster Zone "
                                                 f"({mine_in_emz[0].name})", "sim_emz_one")
            return legal.add("zone", "pass", f"the {zone.replace('_', ' ')} is free", emz_rule)
        if zone is not None:
            if zone - 1 in allowed_main:
                return legal.add("zone", "pass", f"Main Monster Zone {zone} is pointed to by a Link Monster",
                                 emz_rule)
            return legal.add("zone", "fail", f"under {ruleset['title']}, {inst.name} from the Extra Deck needs the "
                                             f"Extra Monster Zone or a Main Monster Zone a Link Monster points to "
                                             f"(Main Monster Zone {zone} is not)", emz_rule)
        if emz_ok or allowed_main:
            return legal.add("zone", "pass", "an Extra Monster Zone or a linked Main Monster Zone is free", emz_rule)
        if mine_in_emz and any(c.card.is_link for c in state.monsters(player) if c.location == "monster"):
            return legal.add("zone", "unknown", "no free Extra Monster Zone or linked zone unless an Extra Link "
                                                "exists, which the simulator does not trace", "sim_emz_one")
        return legal.add("zone", "fail", f"under {ruleset['title']}, {inst.name} from the Extra Deck needs the Extra "
                                         f"Monster Zone or a Main Monster Zone a Link Monster points to, and none is "
                                         f"available", emz_rule, "sim_emz_one")
    if zone in EMZ_NAMES:
        if EMZ_NAMES.index(zone) not in free_emz or mine_in_emz:
            return legal.add("zone", "fail", f"the {zone.replace('_', ' ')} is not available to {player}",
                             "sim_emz_one")
        return legal.add("zone", "pass", f"the {zone.replace('_', ' ')} is free", emz_rule)
    if zone is not None:
        if zone - 1 not in main_free:
            return legal.add("zone", "fail", f"{player}'s Main Monster Zone {zone} is not free", emz_rule)
        return legal.add("zone", "pass", f"Main Monster Zone {zone} is free", emz_rule)
    if main_free or (from_extra and free_emz and not mine_in_emz):
        return legal.add("zone", "pass", "a free Monster Zone", emz_rule)
    return legal.add("zone", "fail", f"{player} has no free Main Monster Zone", emz_rule, "sim_emz_normal_summon")


def check_special_summon(state: GameState, player: str, inst: Instance, how: str, zone,
                         materials: list[Instance] | None = None, ignoring: bool = False) -> Legality:
    """Summoning conditions (Nomi, Semi-Nomi, properly Summoned; ``ignoring`` them: an effect that says so) and
    the zone, for a Special Summon."""
    legal = Legality()
    card = inst.card
    if not card.is_monster:
        return legal.add("card type", "fail", f"{inst.name} is not a monster", "sim_special_summon_monster")
    barred = restrictions.barred(state, "special_summon", f"the Special Summon of {inst.name}", player)
    if barred is not None:
        return barred  # "Neither player can Special Summon monsters." (restrictions.py)
    condition, by_effect, origin = card.summon_condition, how == "effect", inst.location
    if condition in ("cannot_special", "set_only") and not (by_effect and ignoring):
        return legal.add("Summoning condition", "fail", f"{inst.name} cannot be Special Summoned",
                         "sim_special_summon_monster", "card_text_overrides")
    if by_effect and ignoring:  # "ignoring its Summoning conditions" (procedures.py)
        legal.extend(procedures.check_ignoring(inst))
        if legal.answer == "no":
            return legal
    elif by_effect:
        if condition == "nomi":
            rule_key = "sim_nomi"
            return legal.add("Summoning condition", "fail", f"{inst.name} must be Special Summoned its own way "
                                                            f"(Nomi): no other effect can Special Summon it",
                             rule_key, "sim_properly_summoned")
        if condition == "semi_nomi":
            if origin in ("gy", "banished"):
                if not inst.properly:
                    return legal.add("properly Summoned", "fail", f"{inst.name} was not properly Summoned before it "
                                                                  f"reached the {origin.upper() if origin == 'gy' else origin}",
                                     "sim_properly_summoned", "sim_negated_summon")
                legal.add("properly Summoned", "pass", f"{inst.name} was properly Summoned earlier",
                          "sim_properly_summoned")
            else:
                return legal.add("Summoning condition", "fail", f"{inst.name} is a Special Summon Monster: from the "
                                                                f"{origin} only its own procedure Summons it",
                                 "sim_properly_summoned", "sim_special_summon_monster")
        if condition == "unknown":
            first = inst.card.text.split("\n")[0].split(". ")[0]
            legal.add("Summoning condition", "unknown", f"{inst.name}'s Summoning condition (\"{first[:120]}\") "
                                                               f"is not modelled", "sim_special_summon_monster")
        if condition == "normal":
            legal.add("Summoning condition", "pass", f"{inst.name} has no Summoning condition",
                      "sim_special_summon_monster")
    else:
        if how in ("synchro", "xyz", "link", "procedure"):  # the player performs it: Main Phase, open game state
            timing = _main_phase_open(state, player, f"a Special Summon by {how}", "sim_procedure_main_phase")
            if timing.answer == "no":
                return timing
        frame = card.extra_deck_frame
        if how in ("fusion", "synchro", "xyz", "link") and (frame or "").lower() != how:
            return legal.add("Summon procedure", "fail", f"{inst.name} is not a {how.title()} Monster",
                             "sim_special_summon_monster")
        if how == "ritual" and "Ritual" not in card.abilities:
            return legal.add("Summon procedure", "fail", f"{inst.name} is not a Ritual Monster",
                             "sim_special_summon_monster")
        if how in ("fusion", "synchro", "xyz", "link") and origin != "extra":
            return legal.add("Summon procedure", "fail", f"a {how.title()} Summon is from the Extra Deck, and "
                                                         f"{inst.name} is in the {origin}", "sim_special_summon_monster")
        if how in ("fusion", "synchro", "xyz", "link") and inst.face == "up":  # a Pendulum Monster sent there
            return legal.add("Summon procedure", "fail", f"{inst.name} is face-up in the Extra Deck: it cannot be "
                                                         f"{how.title()} Summoned", "sim_face_up_extra")
        read = None
        if materials and how in ("link", "synchro", "xyz"):  # a material line the simulator reads (materials.py)
            from .materials import check_materials

            read = check_materials(state, player, inst, how, materials)
            if read is not None:
                legal.extend(read)
                if read.answer == "no":
                    return legal
        if materials and read is None:
            legal.add("materials", "unknown", f"whether {', '.join(m.name for m in materials)} meet "
                                              f"{inst.name}'s requirements is not modelled", "sim_special_summon_monster")
        elif (own := procedures.check_procedure(state, player, inst) if how == "procedure" else None) is not None:
            legal.extend(own)  # "If ..., you can Special Summon this card (from your hand)." (procedures.py)
        elif not materials:
            what = "its own procedure" if how == "procedure" else f"{how.title()} Summon"
            legal.add("Summon procedure", "pass", f"{inst.name} is Summoned by {what}; its requirements are assumed "
                                                  f"met (none were given)", "sim_special_summon_monster")
            legal.assumed.append(f"{inst.name}'s Summoning requirements (materials, conditions) are met")
    held = [(m, m.location) for m in materials or []]  # the materials leave the field before it is placed
    for m, _ in held:
        m.location = "materials"
    try:
        legal.extend(zone_checks(state, player, inst, zone, from_extra=origin == "extra"))
    finally:
        for m, location in held:
            m.location = location
    return legal


def check_pendulum_summon(state: GameState, player: str, insts: list[Instance], zones: list | None = None) -> Legality:
    legal = _main_phase_open(state, player, "a Pendulum Summon", "sim_pendulum_scales")
    if legal.answer == "no":
        return legal
    scales = state.scales(player)
    if len(scales) != 2:
        return legal.add("Pendulum Scales", "fail", f"{player} needs a Pendulum Monster in each Pendulum Zone "
                                                    f"(has {len(scales)})", "sim_pendulum_scales")
    if state.records[player].pendulum_summoned:
        return legal.add("once per turn", "fail", f"{player} already Pendulum Summoned this turn",
                         "sim_pendulum_scales")
    if any(s.card.scale is None for s in scales):
        return legal.add("Pendulum Scales", "unknown", "a Pendulum Scale is unknown", "sim_pendulum_scales")
    low, high = sorted(s.card.scale for s in scales)
    for inst in insts:
        level = inst.card.level
        if inst.location not in ("hand", "extra") or inst.owner != player:
            return legal.add("location", "fail", f"{inst.name} is not in {player}'s hand or Extra Deck",
                             "sim_pendulum_scales")
        if inst.location == "extra" and (not inst.card.is_pendulum or inst.face != "up"):
            return legal.add("location", "fail", f"only face-up Pendulum Monsters can be Pendulum Summoned from the "
                                                 f"Extra Deck; {inst.name} is not one", "sim_pendulum_scales")
        if level is None or not low < level < high:
            return legal.add("Levels", "fail", f"{inst.name} (Level {level}) is not between the Scales {low} and "
                                               f"{high}", "sim_pendulum_scales")
        if inst.card.summon_condition in ("nomi", "semi_nomi", "cannot_special") and inst.location == "hand":
            return legal.add("Summoning condition", "fail", f"{inst.name} is a Special Summon Monster: a Pendulum "
                                                            f"Summon from the hand cannot Summon it",
                             "sim_special_summon_monster")
    legal.add("Levels", "pass", f"Levels strictly between the Scales {low} and {high}", "sim_pendulum_scales")
    zones = list(zones or [])
    given = [z for z in zones if z is not None]
    if len(set(map(str, given))) != len(given):
        return legal.add("zones", "fail", "two monsters cannot go to the same zone", "sim_pendulum_scales")
    for inst, zone in zip(insts, zones):
        if zone is None:
            continue
        placed = zone_checks(state, player, inst, zone, from_extra=inst.location == "extra")
        if placed.answer != "yes":
            legal.extend(placed)
            return legal
    from_extra = [i for i in insts if i.location == "extra"]
    from_hand = [i for i in insts if i.location == "hand"]
    if from_extra:
        ruleset = RULESETS[state.ruleset]
        linked = [z for z in state.free_main_zones(player) if z in linked_zones(state, player)]
        emz = 0 if any(c.location == "emz" and c.controller == player for c in state.cards.values()) or \
            all(state.at(player, "emz", i) is not None for i in (0, 1)) else 1
        if len(from_extra) > len(linked) + emz:
            return legal.add("zones", "fail", f"{len(from_extra)} monster(s) from the Extra Deck but only "
                                              f"{len(linked) + emz} Extra Monster Zone / linked zone(s) available",
                             ruleset["emz_rule"], "sim_emz_one")
    if len(from_hand) + len(from_extra) > len(state.free_main_zones(player)) + 1:
        return legal.add("zones", "fail", "not enough free Monster Zones", "sim_pendulum_scales")
    return legal.add("zones", "pass", "enough free Monster Zones", "sim_pendulum_scales")

