"""Applies actions to a :class:`~kb.engine.sim.state.GameState`: checks each first, performs it, logs the
events it causes, keeps the replay (one line per thing done) and collects triggers at each settled point.

Card movements go through :meth:`Game.move` and Summons through :meth:`Game.place_monster`, so every
event is logged the same way (what, by cost/effect/battle/rule, from where, at which step).  Summons and Sets
are performed by :mod:`kb.engine.sim.summoning`, activations by :mod:`~kb.engine.sim.activation`, attacks by
:mod:`~kb.engine.sim.battle`.
"""

from __future__ import annotations

from ..engine import EngineCard
from ..model import Moment
from . import actions as act
from . import activation, battle, continuous, phases, resolve, summoning, triggers
from .cards import Catalog
from .setup import bad
from .state import EMZ_NAMES, PILES, GameState, Instance, other

__all__ = ["Game"]

_SUMMON_EVENT = {"normal": "normal_summoned", "tribute": "tribute_summoned", "flip": "flip_summoned",
                 "special": "special_summoned", "fusion": "fusion_summoned", "synchro": "synchro_summoned",
                 "xyz": "xyz_summoned", "link": "link_summoned", "ritual": "ritual_summoned",
                 "pendulum": "pendulum_summoned"}
_PLACE = {"gy": "GY", "extra": "Extra Deck", "deck": "Deck", "banished": "banishment", "hand": "hand",
          "field": "field"}


class Game:
    """A simulation in progress: the state, the replay, the checks made, and what could not be modelled."""

    def __init__(self, state: GameState, catalog: Catalog) -> None:
        self.state, self.catalog = state, catalog
        self.replay: list[dict] = []
        self.steps: list[dict] = []
        self.assumed: list[str] = []
        self.unmodelled: list[str] = []
        self.illegal: tuple[int, act.Legality] | None = None
        self.last_legality: act.Legality | None = None
        self.pending: list[triggers.Trigger] = []
        self.window_start = 0  # log index where the events of the current window begin
        self.activated: list[str] = []
        self.missed: list[str] = []
        self.doubtful: tuple[int, act.Legality] | None = None
        self.unactivated: list[str] = []
        self.unmodelled_before = 0
        self.pending_from = 0  # log index where the window of the pending triggers began
        self.unactivated_from: list[int] = []  # per unactivated trigger: where its window began
        self.unactivated_until: list[int] = []  # per unactivated trigger: where its window ended

    # ------------------------------------------------------------------------------ helpers

    def say(self, text: str) -> None:
        """One replay line."""
        self.replay.append({"text": text})

    def assume(self, text: str) -> None:
        if text not in self.assumed:
            self.assumed.append(text)

    def unmodelled_part(self, text: str) -> None:
        if text not in self.unmodelled:
            self.unmodelled.append(text)

    def moment(self) -> Moment:
        s = self.state
        return Moment(s.turn, s.phase, s.step, s.timing if s.step == "damage" else None)

    def engine_card(self, inst: Instance, effect: int | None = None) -> EngineCard:
        """The card as today's checks see it (controller, location, face, Set this turn)."""
        location = "field" if inst.on_field else inst.location
        return EngineCard(id=inst.card.id, name=inst.name, card_type=inst.card.card_type,
                          property=inst.card.property, effects=list(inst.card.effects), controller=inst.controller,
                          location=location, face=inst.face if inst.on_field else None,
                          set_this_turn=inst.set_this_turn if inst.on_field and inst.face == "down" else None,
                          effect=effect)

    def find(self, ref: str, player: str | None, locations: tuple[str, ...], field: str, *,
             natural: str | None = None) -> Instance:
        """The card ``ref`` (an id label or a name) among ``locations``; ``player`` owns/controls it if given.

        When no such card is in the state, the card is placed in ``natural`` (a location the story implies:
        the hand for a card being Summoned ...) and that is recorded under ``assumed``.
        """
        state = self.state
        labelled = [c for c in state.cards.values() if c.label == ref]
        if labelled:
            return labelled[0]
        plain = [c for c in state.cards.values() if c.card.id < 0 and c.card.name == ref and c.location in locations]
        if plain:
            return plain[0]
        card = self.catalog_card(ref, field)
        matches = [c for c in state.cards.values() if c.card.name == card.name and c.location in locations and
                   (player is None or (c.controller if c.on_field else c.owner) == player)]
        if matches:
            return sorted(matches, key=lambda c: (locations.index(c.location), c.uid))[0]
        if natural is None:
            where = " or ".join(locations)
            raise bad(field, ref, f"no such card in {(player + chr(39) + 's ') if player else ''}{where}")
        owner = player or state.turn
        inst = Instance(uid=state.next_uid(), card=card, owner=owner, controller=owner, location=natural)
        if natural in PILES and state.players[owner].unnamed[natural] > 0:
            state.players[owner].unnamed[natural] -= 1
        if natural == "spell_trap":
            free = state.free_spell_trap_zones(owner)
            if not free:
                raise bad(field, ref, f"{owner} has no free Spell & Trap Zone to have it Set in")
            inst.zone, inst.face = free[0], "down"
        elif natural == "field_zone":
            if state.at(owner, "field_zone", 0) is not None:
                raise bad(field, ref, f"{owner}'s Field Zone is taken")
            inst.zone, inst.face = 0, "down"
        elif natural == "monster":
            free = state.free_main_zones(owner)
            if not free:
                raise bad(field, ref, f"{owner} has no free Main Monster Zone for it")
            inst.zone, inst.position, inst.summoned, inst.properly = free[0], "attack", "normal", True
        state.add(inst)
        place = {"spell_trap": "Set in a Spell & Trap Zone on an earlier turn", "field_zone": "Set in the Field Zone",
                 "monster": "face-up in Attack Position on the field"}.get(natural, f"in the {natural}")
        self.assume(f"{card.name} was {place} ({owner}'s; the state did not place it)")
        return inst

    def catalog_card(self, ref: str, field: str):
        """The printed card a reference means (a monster given by stats only, a label, or a card name)."""
        from .setup import card_name_at
        for inst in self.state.cards.values():
            if (inst.card.id < 0 and inst.card.name == ref) or (inst.label is not None and inst.label == ref):
                return inst.card
        return card_name_at(self.catalog, ref, field)

    # ------------------------------------------------------------------------------ primitives

    def move(self, inst: Instance, to: str, *, by: str, destroyed: bool = False, link: int | None = None,
             cause: str = "", discarded: bool = False, tributed: bool = False, origin: str | None = None) -> None:
        """Move a card to a pile, logging what happened (destroyed, sent, banished, returned ...).

        ``origin`` overrides where the card counts as coming from (a monster whose Summon was negated never
        was on the field)."""
        state = self.state
        origin = origin or ("field" if inst.on_field else inst.location)
        if destroyed and not inst.on_field:
            return  # only cards on the field can be destroyed (callers report it)
        if inst.on_field:
            for equip in [c for c in state.cards.values() if c.equipped_to == inst.uid]:
                equip.equipped_to = None
                if equip.location == "spell_trap":
                    self.move(equip, "gy", by="rule", destroyed=True,  # not by a card effect (sim_face_down_equip)
                              cause=f"{equip.name} has no monster to be equipped to")
            if inst.equipped_to is not None:
                inst.equipped_to = None
        if to == "gy" and origin == "field" and inst.card.is_pendulum and inst.card.is_monster:
            to = "extra"  # a Pendulum Monster sent from the field to the GY goes face-up to the Extra Deck
        if to in ("deck", "hand", "extra") and inst.card.extra_deck_frame:
            to = "extra" if to != "extra" else to
        inst.location, inst.zone, inst.position = to, None, None
        inst.controller = inst.owner
        inst.pendulum_zone = False
        inst.face = "up" if to in ("gy", "banished") or (to == "extra" and origin == "field") else "down"
        if to in ("hand", "deck") or (to == "extra" and not inst.card.is_pendulum):
            inst.properly, inst.summoned = False, None
        inst.set_this_turn = inst.summoned_this_turn = inst.attacked_this_turn = False
        inst.counters = inst.atk_change = 0
        kind = {"gy": "sent_to_gy", "banished": "banished", "hand": "added_to_hand", "deck": "returned",
                "extra": "returned"}[to]
        if destroyed:
            state.log_event("destroyed_by_battle" if by == "battle" else "destroyed", inst, by=by, origin=origin,
                            link=link)
        if discarded:
            state.log_event("discarded", inst, by=by, origin=origin, link=link)
        if tributed:
            state.log_event("tributed", inst, by=by, origin=origin, link=link)
        state.log_event(kind, inst, by=by, origin=origin, link=link)
        if origin == "field":
            state.log_event("left_field", inst, by=by, origin=origin, link=link)
        origin = "field" if origin == "summoning" else origin
        verb = {"sent_to_gy": "sent to the GY", "banished": "banished", "added_to_hand": "added to the hand",
                "returned": "returned to the " + ("Extra Deck" if to == "extra" else "Deck")}[kind]
        if destroyed:
            verb = "destroyed and " + verb
        elif discarded:
            verb = "discarded to the GY"
        elif tributed:
            verb = "Tributed"
        self.say(f"{inst.name} ({inst.owner}) is {verb} from the {_PLACE.get(origin, origin)} by {by}"
                 + (f": {cause}" if cause else ""))

    def place_monster(self, inst: Instance, player: str, zone, *, kind: str, by: str, face: str = "up",
                      position: str = "attack", link: int | None = None) -> None:
        """Put a monster on the field as a Summon (or Set) and log it."""
        state = self.state
        origin = inst.location
        if zone in EMZ_NAMES:
            location, index = "emz", EMZ_NAMES.index(zone)
        elif isinstance(zone, int):
            location, index = "monster", zone - 1
        else:
            location, index = self._default_zone(player, inst, origin)
        inst.location, inst.zone, inst.controller = location, index, player
        inst.face, inst.position = face, ("defense" if face == "down" else position)
        inst.set_this_turn = face == "down"
        inst.summoned_this_turn = True
        inst.position_changed_this_turn = False
        inst.pendulum_zone = False
        if face == "down":
            inst.summoned, inst.summoned_by = None, None
            state.log_event("set", inst, by=by, origin=origin, link=link)
            self.say(f"{player} Sets {inst.name} in face-down Defense Position ({inst.where()})")
            return
        inst.summoned, inst.summoned_by = kind, "effect" if by == "effect" else "procedure"
        inst.properly = inst.properly or by != "effect" or inst.card.summon_condition == "normal"
        state.log_event(_SUMMON_EVENT[kind], inst, by=by, origin=origin, link=link)
        if kind == "tribute":
            state.log_event("normal_summoned", inst, by=by, origin=origin, link=link)
        if kind not in ("normal", "tribute", "flip", "special"):
            state.log_event("special_summoned", inst, by=by, origin=origin, link=link)
        how = {"normal": "Normal Summons", "tribute": "Tribute Summons", "special": "Special Summons"}.get(
            kind, f"{kind.title()} Summons")
        self.say(f"{player} {how} {inst.name} from the {_PLACE.get(origin, origin)} in {position.title()} Position "
                 f"({inst.where()})"
                 + (" by a card effect" if by == "effect" else ""))

    def _default_zone(self, player: str, inst: Instance, origin: str) -> tuple[str, int]:
        state = self.state
        from_extra = origin == "extra"
        legal = act.zone_checks(state, player, inst, None, from_extra)
        needs_special = from_extra and legal.checks and "Extra Monster Zone" in legal.checks[-1].detail
        linked = [z for z in state.free_main_zones(player) if z in act.linked_zones(state, player)]
        mine_in_emz = any(c.location == "emz" and c.controller == player for c in state.cards.values())
        if from_extra and not mine_in_emz:
            free_emz = [i for i in (0, 1) if state.at(player, "emz", i) is None]
            if free_emz and (needs_special or not state.free_main_zones(player)):
                return "emz", free_emz[0]
        if needs_special and linked:
            return "monster", linked[0]
        free = state.free_main_zones(player)
        if free:
            return "monster", free[0]
        raise bad("zone", inst.name, f"no free Monster Zone for {inst.name}")

    # ------------------------------------------------------------------------------ settling

    def settle(self) -> None:
        """A point where nothing is resolving: collect the triggers of the events since the last one."""
        state = self.state
        self.apply_continuous(state.log[self.window_start:])
        window = state.log[self.window_start:]
        self.pending_from = self.window_start
        self.window_start = len(state.log)
        if state.battle is not None:
            battle.check_replay(self)
        self.pending = triggers.collect(self, window)
        for trig in self.pending:
            if trig.result == "misses":
                self.missed.append(trig.inst.name)
                self.say(f"{trig.inst.name}'s effect misses the timing ({trig.detail})")
            elif trig.result == "activates":
                self.say(f"{trig.inst.name}'s {'mandatory' if trig.mandatory else 'optional'} effect can be "
                         f"activated now ({trig.detail})")

    def apply_continuous(self, window) -> None:
        """Continuous effects reacting to the window's events (:func:`.continuous.apply`)."""
        continuous.apply(self, window)

    def complete_pending_summon(self) -> None:
        state = self.state
        if state.pending_summon is None:
            return
        state.pending_summon = None
        self.settle()

    # ------------------------------------------------------------------------------ applying

    def apply(self, action: dict) -> act.Legality:
        """Check and perform one action; an illegal action is recorded and not performed."""
        state = self.state
        kind = action["do"]
        if kind != "activate" and kind != "resolve" and state.chain:
            resolve.resolve_chain(self)
        if kind != "activate" and state.pending_summon is not None:
            self.complete_pending_summon()
        if state.battle is not None and not state.battle.calculated and kind in ("phase", "attack", "end_turn") and \
                not state.battle.replay:
            battle.finish(self)
        if kind != "activate":
            self.note_unactivated()
            for text in self.unactivated:
                self.unmodelled_part(text)
        continuous.lasting_effects(self, continuous.SCOPES.get(kind, {"move"}))
        self.unmodelled_before = len(self.unmodelled)  # what was not modelled before this action's own checks
        perform = summoning.PERFORMERS.get(kind)  # Summons and Sets: summoning.py
        legality = perform(self, action) if perform else getattr(self, f"_do_{kind}")(action)
        self.last_legality = legality
        self.steps.extend(dict(c.step(), action=action["index"]) for c in legality.checks)
        for text in legality.assumed:
            self.assume(text)
        if legality.answer == "no" and self.illegal is None:
            self.illegal = (action["index"], legality)
        if legality.answer == "unknown":
            doubt = legality.first("unknown")
            self.assume(f"action {action['index']} ({kind.replace('_', ' ')}) was taken as legal, as the question "
                        f"says it happened (the checks could not decide: {doubt.detail if doubt else 'unknown'})")
            self.doubtful = (action["index"], legality)
        state.check_invariants()
        return legality

    def finish(self) -> None:
        """Resolve what is still open before a query (the chain, a Summon, an attack that was declared)."""
        if self.state.chain:
            resolve.resolve_chain(self)
        if self.state.pending_summon is not None:
            self.complete_pending_summon()
        continuous.lasting_effects(self, continuous.SCOPES["finish"])
        self.state.check_invariants()

    def note_unactivated(self) -> None:
        """Mandatory triggers waiting while the story moves on: what they would do is not simulated."""
        for trig in self.pending:
            if trig.result == "activates" and trig.mandatory:
                self.unactivated_from.append(self.pending_from)
                self.unactivated_until.append(self.window_start)  # it activates after these events
                self.unactivated.append(f"{trig.inst.name}'s mandatory effect (it must be activated; the actions "
                                        f"did not put it on a chain)")
        self.pending = [t for t in self.pending if not (t.result == "activates" and t.mandatory)]

    def acting_player(self, action: dict, default: str | None = None) -> str:
        """The player who takes ``action`` (the turn player unless it names one)."""
        return action.get("player") or default or self.state.turn

    def refs(self, action: dict, key: str, player: str, locations, natural=None) -> list[Instance]:
        """The cards ``action[key]`` names (a list), found like :meth:`find`."""
        where = f"actions[{action['index']}].{key}"
        return [self.find(ref, player, locations, f"{where}[{i}]", natural=natural)
                for i, ref in enumerate(action.get(key, []))]

    def _do_activate(self, action: dict) -> act.Legality:
        return activation.activate(self, action)

    def _do_resolve(self, action: dict) -> act.Legality:
        legal = act.Legality()
        if not self.state.chain:
            return legal.add("chain", "pass", "no chain to resolve", "sim_chain_resolution")
        legal.add("chain", "pass", f"a chain of {len(self.state.chain)} link(s) resolves, the last link first",
                  "sim_chain_resolution")
        resolve.resolve_chain(self)
        return legal

    def _do_phase(self, action: dict) -> act.Legality:
        legal = phases.check_phase(self.state, action["to"])
        if legal.answer == "no":
            return legal
        self.enter_phase(action["to"])
        return legal

    def enter_phase(self, to: str) -> None:
        state = self.state
        state.phase, state.step, state.timing, state.battle = to, None, None, None
        if to == "battle":
            state.step = "battle"  # the Start Step passes (the state may name it to ask about it)
            state.records[state.turn].battle_phase_conducted = True
        self.say(f"{state.turn} enters the {to.replace('main1', 'Main Phase 1').replace('main2', 'Main Phase 2')}"
                 f"{' Phase' if to in ('draw', 'standby', 'battle', 'end') else ''}")

    def _do_attack(self, action: dict) -> act.Legality:
        return battle.declare(self, action)

    def _do_damage_step(self, action: dict) -> act.Legality:
        return battle.enter_damage_step(self)

    def _do_damage_calculation(self, action: dict) -> act.Legality:
        return battle.damage_calculation(self)

    def _do_move(self, action: dict) -> act.Legality:
        player = action.get("player")
        refs = [("card", action["card"])] if "card" in action else [(f"cards[{i}]", ref)
                                                                     for i, ref in enumerate(action["cards"])]
        insts = []
        for key, ref in refs:
            inst = self.find(ref, player, ("monster", "emz", "spell_trap", "field_zone", "hand", "deck", "gy",
                                           "banished", "extra"), f"actions[{action['index']}].{key}")
            if any(inst is other for other in insts):
                raise bad(f"actions[{action['index']}].{key}", ref, "names a card already moved by this action")
            insts.append(inst)
        legal = act.Legality()
        for inst in insts:
            if action["to"] == "extra" and not (inst.card.extra_deck_frame or inst.card.is_pendulum):
                return legal.add("destination", "fail", f"{inst.name} is not a card of the Extra Deck",
                                 "sim_special_summon_monster")
            if action["destroyed"] and not inst.on_field:
                return legal.add("destroy", "fail", f"{inst.name} is in the {inst.location}, not on the field: it "
                                                    f"cannot be destroyed", "sim_destroy_on_field")
            if action.get("discarded") and (inst.location != "hand" or action["to"] != "gy"):
                return legal.add("discard", "fail", f"only a card in the hand is discarded, to the GY ({inst.name} is "
                                                    f"in the {inst.location})", "fact_discard_sent")
        self.state.new_step()  # a card sent from the hand to the GY is not discarded unless the move says so
        for inst in insts:  # several cards: moved at once, in one step (their events happen simultaneously)
            self.move(inst, action["to"], by=action["by"], destroyed=action["destroyed"],
                      discarded=bool(action.get("discarded")), cause="as the question states")
            legal.add("move", "pass", f"{inst.name} moves to the {action['to']} by {action['by']} (as stated"
                      + (", at the same time as the others)" if len(insts) > 1 else ")"), "cost_vs_effect")
        if not self.state.chain_open():
            self.settle()
        return legal

    def _do_draw(self, action: dict) -> act.Legality:
        """The turn player's normal draw in the Draw Phase (none in the first turn of the Duel)."""
        state = self.state
        legal = act.Legality()
        if state.phase != "draw" or state.drawn:
            return legal.add("normal draw", "fail", "the normal draw happens once, at the start of the Draw Phase",
                             "turn_structure")
        if state.turn_number == 1:
            return legal.add("first turn", "fail", "the player who goes first does not draw in the first turn",
                             "sim_first_turn_draw")
        player = state.turn
        state.new_step()
        state.drawn = True
        if state.players[player].unnamed["deck"] > 0:
            state.players[player].unnamed["deck"] -= 1
            state.players[player].unnamed["hand"] += 1
        elif state.in_location(player, "deck"):
            self.move(state.in_location(player, "deck")[0], "hand", by="rule", cause="normal draw")
        else:
            state.winner = other(player)
        state.log_event("draws", None, player=player, by="rule", origin="deck")
        self.say(f"{player} draws for the turn")
        self.settle()
        return legal.add("normal draw", "pass", f"{player} draws 1 card", "turn_structure", "sim_first_turn_draw")

    def _do_effect(self, action: dict) -> act.Legality:  # an effect the question states (stated.py)
        from .stated import apply_effect
        return apply_effect(self, action)

    def _do_hand_size(self, action: dict) -> act.Legality:
        return phases.discard_for_hand_size(self, action)

    def _do_end_turn(self, action: dict) -> act.Legality:
        state = self.state
        legal = act.Legality()
        if state.chain_open():
            return legal.add("open game state", "fail", "the turn cannot end while a chain is open", "turn_structure")
        player = state.turn
        hand = state.pile_count(player, "hand")
        if hand > 6:
            excess = hand - 6
            named = state.in_location(player, "hand")
            state.new_step()
            for inst in named[:excess]:
                self.move(inst, "gy", by="rule", discarded=True, cause="hand size")
            unnamed = excess - min(excess, len(named))
            state.players[player].unnamed["hand"] -= unnamed
            state.players[player].unnamed["gy"] += unnamed
            legal.add("hand size", "pass", f"{player} discards {excess} card(s) down to 6", "sim_hand_size")
            self.settle()
        state.turn, state.turn_number = other(player), state.turn_number + 1
        state.phase, state.step, state.timing, state.battle = "draw", None, None, None
        from .state import TurnRecord
        state.records = {p: TurnRecord() for p in state.records}
        for inst in state.cards.values():
            inst.set_this_turn = inst.summoned_this_turn = inst.attacked_this_turn = False
            inst.position_changed_this_turn = False
        if state.pile_count(state.turn, "deck") > 0:
            if state.players[state.turn].unnamed["deck"] > 0:
                state.players[state.turn].unnamed["deck"] -= 1
                state.players[state.turn].unnamed["hand"] += 1
            else:
                top = state.in_location(state.turn, "deck")[0]
                top.location = "hand"
        self.say(f"{player}'s turn ends; {state.turn} draws in the Draw Phase of turn {state.turn_number}")
        legal.add("turn", "pass", f"turn {state.turn_number}: {state.turn}'s turn", "turn_structure")
        return legal

