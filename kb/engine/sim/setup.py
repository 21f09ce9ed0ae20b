"""A :class:`~kb.engine.sim.state.GameState` from the ``state`` object of a scenario question.

Every error names the field (a JSON path such as ``state.players.A.monsters[1].zone``) and the value:
two cards in one zone, the same card ``id`` in two places, LP that is not an integer, an unknown card.
"""

from __future__ import annotations

from ...errors import AmbiguousError, BadQuestionError, NotFoundError
from ..rules import BATTLE_STEPS, PHASES
from .cards import Catalog, SimCard
from .rulebook import MAIN_ZONES, RULESETS, SPELL_TRAP_ZONES
from .state import EMZ_NAMES, PILES, PLAYERS, GameState, Instance
from .stats import BATTLE_FIELDS, battle_fields

__all__ = ["build_state", "card_name_at", "bad", "SUMMON_KINDS"]

SUMMON_KINDS = ("normal", "tribute", "flip", "special", "fusion", "synchro", "xyz", "link", "ritual", "pendulum")
_STATE_FIELDS = {"turn", "turn_number", "phase", "step", "players", "records", "complete", "drawn"}
_PLAYER_FIELDS = {"lp", *PILES, "monsters", "spells_traps", "field_zone"}
_STAT_FIELDS = {"name", "atk", "def", "level", "scale", "frame", "link_arrows", "tuner"}
_PLAIN_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")  # "frame" of a monster given by its stats
_ARROWS = ("Top-Left", "Top", "Top-Right", "Left", "Right", "Bottom-Left", "Bottom", "Bottom-Right")
_MONSTER_FIELDS = {*_STAT_FIELDS, "card", "id", "zone", "position", "face", "summoned", "properly", "summoned_this_turn",
                   "set_this_turn", "attacked_this_turn", "counters", "owner", "position_changed_this_turn",
                   *BATTLE_FIELDS}
_SPELL_FIELDS = {"card", "id", "zone", "face", "set_this_turn", "equipped_to", "owner", "counters", "name", "level",
                 "scale"}
_PILE_CARD_FIELDS = {*_STAT_FIELDS, "card", "id", "properly", "summoned", "face"}
_RECORD_FIELDS = {"normal_summons_used", "extra_normal_summons"}


def bad(field: str, value, message: str) -> BadQuestionError:
    """A :class:`BadQuestionError` naming ``field`` and ``value``."""
    return BadQuestionError(f"{field}: {message} ({value!r})", field, value)


def card_name_at(catalog: Catalog, name, field: str) -> SimCard:
    """Resolve a card name found at ``field``; unknown names raise ``not_found`` naming the field."""
    if not isinstance(name, str) or not name.strip():
        raise bad(field, name, "must name a card")
    try:
        return catalog.card(name.strip())
    except NotFoundError as exc:
        raise NotFoundError(f"{field}: {exc}", exc.suggestions) from exc
    except AmbiguousError as exc:
        raise AmbiguousError(f"{field}: {exc}", exc.candidates) from exc


def _check_fields(obj: dict, allowed: set, field: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise bad(f"{field}.{unknown[0]}", obj[unknown[0]], "unknown field")


def _bool(obj: dict, key: str, field: str, default: bool = False) -> bool:
    value = obj.get(key, default)
    if not isinstance(value, bool):
        raise bad(f"{field}.{key}", value, "must be true or false")
    return value


def _int(value, field: str, low: int = 0) -> int:
    if type(value) is not int or value < low:
        raise bad(field, value, f"must be an integer >= {low}")
    return value


class _Builder:
    def __init__(self, catalog: Catalog, state: GameState) -> None:
        self.catalog, self.state = catalog, state
        self.labels: dict[str, str] = {}
        self.synthetic = 0

    def card_object(self, item, field: str, allowed: set) -> tuple[SimCard, dict]:
        if isinstance(item, str):
            return card_name_at(self.catalog, item, field), {}
        if not isinstance(item, dict):
            raise bad(field, item, "must be a card name or a card object")
        _check_fields(item, allowed, field)
        if "card" not in item and _STAT_FIELDS & set(item) and "name" in allowed:
            card = self.plain_monster(item, field)
        else:
            if set(item) & (_STAT_FIELDS - {"name"}):
                key = sorted(set(item) & (_STAT_FIELDS - {"name"}))[0]
                raise bad(f"{field}.{key}", item[key], "stats describe a monster given without \"card\"; a named "
                                                       "card has its printed stats")
            card = card_name_at(self.catalog, item.get("card"), f"{field}.card")
        label = item.get("id")
        if label is not None:
            if not isinstance(label, str) or not label:
                raise bad(f"{field}.id", label, "must be a non-empty string")
            if label in self.labels:
                raise bad(f"{field}.id", label, f"the same card is already at {self.labels[label]}: a card can "
                                                f"be in only one place")
            self.labels[label] = field
        return card, item

    def plain_monster(self, item: dict, field: str) -> SimCard:
        """A monster described only by its stats (``{"name"?, "atk", "def", "level", "scale", "frame",
        "link_arrows", "tuner"}``): no effects.  ``scale`` makes it a Pendulum Monster, ``frame`` an Extra Deck (or
        Ritual) monster, ``link_arrows`` a Link Monster (no Level, no DEF)."""
        stats = {}
        for key, low in (("atk", 0), ("def", 0), ("level", 1), ("scale", 0)):
            if key in item:
                stats[key] = _int(item[key], f"{field}.{key}", low)
        frame = item.get("frame")
        arrows = item.get("link_arrows")
        if arrows is not None:
            if not isinstance(arrows, list) or not arrows or any(a not in _ARROWS for a in arrows) or \
                    len(set(arrows)) != len(arrows):
                raise bad(f"{field}.link_arrows", arrows, f"must be a list of distinct arrows ({', '.join(_ARROWS)})")
            frame = frame or "link"
        if frame is not None and frame not in _PLAIN_FRAMES:
            raise bad(f"{field}.frame", frame, f"expected one of {', '.join(_PLAIN_FRAMES)}")
        if frame == "link" and ("level" in stats or "def" in stats or arrows is None):
            raise bad(f"{field}.frame", frame, "a Link Monster has link_arrows, and no Level or DEF")
        name = item.get("name") or item.get("id") or (
            f"a monster with {stats['atk']} ATK" if "atk" in stats else f"a Level {stats.get('level', '?')} monster")
        if not isinstance(name, str) or not name.strip():
            raise bad(f"{field}.name", name, "must be a non-empty string")
        abilities = (frame.title(),) if frame else ("Normal",)
        if "scale" in stats:
            abilities += ("Pendulum",)
        if item.get("tuner") not in (None, False, True):
            raise bad(f"{field}.tuner", item["tuner"], "must be true or false")
        if item.get("tuner"):  # a Tuner (no effects)
            abilities += ("Tuner",)
        self.synthetic -= 1
        level = None if frame in ("xyz", "link") else stats.get("level", 4)
        return SimCard(id=self.synthetic, name=name.strip(), card_type="Monster", abilities=abilities,
                       level=level, rank=stats.get("level") if frame == "xyz" else None,
                       link_rating=len(arrows) if arrows else None, link_arrows=tuple(arrows or ()),
                       atk=stats.get("atk"), defense=stats.get("def"), scale=stats.get("scale"),
                       text="(a monster described by its stats only: no effects)")

    def plain_spell_trap(self, item: dict, field: str) -> SimCard:
        """A Spell/Trap given by no name: ``{"name", "face": "down"}`` in a Spell & Trap Zone, or ``{"name", "type":
        "spell"|"trap"}`` in a pile.  It only takes up a zone (its effects are not known: none are simulated)."""
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise bad(f"{field}.name", name, "must be a non-empty string")
        if item.get("face", "down") != "down":
            raise bad(f"{field}.face", item.get("face"), "a card given by no name must be face-down (Set)")
        kind = item.get("type", "spell")
        if kind not in ("spell", "trap"):
            raise bad(f"{field}.type", kind, "expected spell or trap")
        self.synthetic -= 1
        return SimCard(id=self.synthetic, name=name.strip(), card_type=kind.title(), property=None,
                       text="(a card given by no name: what it does is not known)")

    def place(self, card: SimCard, player: str, location: str, item: dict, **parts) -> Instance:
        owner = item.get("owner", player)
        if owner not in PLAYERS:
            raise bad("owner", owner, "must be A or B")
        inst = Instance(uid=self.state.next_uid(), card=card, owner=owner, controller=player, location=location,
                        label=item.get("id"), **parts)
        return self.state.add(inst)

    def pile(self, player: str, pile: str, value, field: str) -> None:
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            where = f"{field}[{i}]" if isinstance(value, list) else field
            if type(item) is int:
                self.state.players[player].unnamed[pile] += _int(item, where)
                continue
            if isinstance(item, dict) and "card" not in item and "type" in item:  # a Spell/Trap given by no name
                _check_fields(item, {"name", "type", "id"}, where)
                card, obj = self.plain_spell_trap(item, where), {k: v for k, v in item.items() if k != "type"}
            else:
                card, obj = self.card_object(item, where, _PILE_CARD_FIELDS)
            if pile == "extra" and card.is_monster and not (card.extra_deck_frame or card.is_pendulum):
                raise bad(where, card.name, "only Extra Deck monsters (or face-up Pendulum Monsters) can be in "
                                            "the Extra Deck")
            summoned = obj.get("summoned")
            if summoned is not None and summoned not in SUMMON_KINDS:
                raise bad(f"{where}.summoned", summoned, f"expected one of {', '.join(SUMMON_KINDS)}")
            face = obj.get("face", "up" if pile in ("gy", "banished") or (pile == "extra" and card.is_pendulum
                                                                          and not card.extra_deck_frame)
                           else "down")
            if face not in ("up", "down"):
                raise bad(f"{where}.face", face, "must be up or down")
            self.place(card, player, pile, obj, face=face, summoned=summoned,
                       properly=_bool(obj, "properly", where, default=summoned is not None))

    def monster(self, player: str, item, field: str) -> None:
        card, obj = self.card_object(item, field, _MONSTER_FIELDS)
        if not card.is_monster:
            raise bad(f"{field}.card", card.name, "is not a Monster Card")
        zone_value = obj.get("zone")
        if zone_value in EMZ_NAMES:
            location, zone = "emz", EMZ_NAMES.index(zone_value)
            if self.state.at(player, "emz", zone) is not None:
                raise bad(f"{field}.zone", zone_value, f"is already taken by {self.state.at(player, 'emz', zone).name}")
        else:
            location = "monster"
            zone = self._numbered_zone(player, field, card, zone_value, location, MAIN_ZONES,
                                       self.state.free_main_zones(player), "Main Monster Zone",
                                       "1-5, emz_left or emz_right")
        face = obj.get("face", "up")
        if face not in ("up", "down"):
            raise bad(f"{field}.face", face, "must be up or down")
        position = obj.get("position", "defense" if face == "down" else "attack")
        if position not in ("attack", "defense"):
            raise bad(f"{field}.position", position, "must be attack or defense")
        if face == "down" and position == "attack":
            raise bad(f"{field}.position", position, "a face-down monster is in Defense Position")
        if card.is_link and position != "attack":
            raise bad(f"{field}.position", position, "a Link Monster is always in Attack Position")
        summoned = obj.get("summoned", None if face == "down" else ("special" if card.extra_deck_frame else "normal"))
        if summoned is not None and summoned not in SUMMON_KINDS:
            raise bad(f"{field}.summoned", summoned, f"expected one of {', '.join(SUMMON_KINDS)}")
        self.place(card, player, location, obj, zone=zone, face=face, position=position, summoned=summoned,
                   summoned_by=None, properly=_bool(obj, "properly", field, default=summoned is not None),
                   summoned_this_turn=_bool(obj, "summoned_this_turn", field),
                   set_this_turn=_bool(obj, "set_this_turn", field),
                   attacked_this_turn=_bool(obj, "attacked_this_turn", field),
                   position_changed_this_turn=_bool(obj, "position_changed_this_turn", field),
                   counters=_int(obj.get("counters", 0), f"{field}.counters"),
                   battle_stats=battle_fields(obj, field))

    def _numbered_zone(self, player: str, field: str, card, zone_value, location: str, count: int,
                       free: list[int], where: str, allowed: str) -> int:
        """The 0-based zone a state entry's 1-based ``zone`` names (checked free), or the first free one."""
        if zone_value is None:
            if not free:
                raise bad(field, card.name, f"no free {where} left for it")
            return free[0]
        if type(zone_value) is not int or not 1 <= zone_value <= count:
            raise bad(f"{field}.zone", zone_value, f"must be {allowed}")
        taken = self.state.at(player, location, zone_value - 1)
        if taken is not None:
            raise bad(f"{field}.zone", zone_value, f"is already taken by {taken.name}")
        return zone_value - 1

    def spell_trap(self, player: str, item, field: str, *, field_zone: bool = False) -> Instance:
        if isinstance(item, dict) and "card" not in item and not {"level", "scale"} & set(item) and not field_zone:
            _check_fields(item, _SPELL_FIELDS - {"level", "scale"}, field)
            card, obj = self.plain_spell_trap(item, field), item
        else:
            card, obj = self.card_object(item, field, _SPELL_FIELDS)
        face = obj.get("face", "up" if field_zone else "down")
        if face not in ("up", "down"):
            raise bad(f"{field}.face", face, "must be up or down")
        if field_zone:
            if card.property != "Field":
                raise bad(f"{field}.card", card.name, "only a Field Spell goes to the Field Zone")
            if self.state.at(player, "field_zone", 0) is not None:
                raise bad(field, card.name, "the Field Zone is already taken")
            location, zone = "field_zone", 0
        else:
            if card.property == "Field":
                raise bad(f"{field}.card", card.name, "a Field Spell goes to field_zone, not a Spell & Trap Zone")
            location = "spell_trap"
            zone = self._numbered_zone(player, field, card, obj.get("zone"), location, SPELL_TRAP_ZONES,
                                       self.state.free_spell_trap_zones(player), "Spell & Trap Zone", "1-5")
        pendulum = card.is_monster and card.is_pendulum and face == "up" and location == "spell_trap"
        if card.is_monster and not pendulum:
            raise bad(f"{field}.card", card.name, "a monster in a Spell & Trap Zone must be a face-up Pendulum "
                                                  "Monster in zone 1 or 5 (other cases are not modelled)")
        if pendulum and zone not in (0, SPELL_TRAP_ZONES - 1):
            raise bad(f"{field}.zone", zone + 1, "Pendulum Zones are Spell & Trap Zones 1 and 5")
        inst = self.place(card, player, location, obj, zone=zone, face=face,
                          set_this_turn=_bool(obj, "set_this_turn", field),
                          counters=_int(obj.get("counters", 0), f"{field}.counters"), pendulum_zone=pendulum)
        if obj.get("equipped_to") is not None:
            inst.equipped_to = obj["equipped_to"]  # resolved after every monster is placed
        return inst


def build_state(catalog: Catalog, spec, ruleset: str) -> GameState:
    """The game state a question describes (``spec`` may be ``None``: an empty board, A's Main Phase 1)."""
    state = GameState(ruleset=ruleset)
    if spec is None:
        return state
    if not isinstance(spec, dict):
        raise bad("state", spec, "must be an object")
    _check_fields(spec, _STATE_FIELDS, "state")
    turn = spec.get("turn", "A")
    if turn not in PLAYERS:
        raise bad("state.turn", turn, "must be A or B")
    state.turn = turn
    state.complete = _bool(spec, "complete", "state")
    state.drawn = _bool(spec, "drawn", "state", default=True)
    state.turn_number = _int(spec.get("turn_number", 2), "state.turn_number", 1)
    phase = spec.get("phase", "main1")
    if phase not in PHASES:
        raise bad("state.phase", phase, f"expected one of {', '.join(PHASES)}")
    state.phase = phase
    step = spec.get("step")
    if step is not None and (phase != "battle" or step not in BATTLE_STEPS):
        raise bad("state.step", step, f"a Battle Phase step ({', '.join(BATTLE_STEPS)}) needs phase battle")
    state.step = step if phase == "battle" else None
    if phase == "battle" and state.step is None:
        state.step = "battle"
    if state.step == "damage":
        state.timing = "start"
    if state.phase == "battle":
        state.records[turn].battle_phase_conducted = True
    builder = _Builder(catalog, state)
    players = spec.get("players", {})
    if not isinstance(players, dict):
        raise bad("state.players", players, "must be an object with A and/or B")
    equips = []
    for player, pspec in players.items():
        field = f"state.players.{player}"
        if player not in PLAYERS:
            raise bad("state.players", player, "players are A and B")
        if not isinstance(pspec, dict):
            raise bad(field, pspec, "must be an object")
        _check_fields(pspec, _PLAYER_FIELDS, field)
        if "lp" in pspec:
            state.players[player].lp = _int(pspec["lp"], f"{field}.lp")
        for pile in PILES:
            if pile in pspec:
                builder.pile(player, pile, pspec[pile], f"{field}.{pile}")
        for key, method in (("monsters", builder.monster), ("spells_traps", builder.spell_trap)):
            items = pspec.get(key, [])
            if not isinstance(items, list):
                raise bad(f"{field}.{key}", items, "must be a list")
            for i, item in enumerate(items):
                placed = method(player, item, f"{field}.{key}[{i}]")
                if key == "spells_traps" and placed.equipped_to is not None:
                    equips.append((placed, f"{field}.{key}[{i}].equipped_to"))
        if pspec.get("field_zone") is not None:
            builder.spell_trap(player, pspec["field_zone"], f"{field}.field_zone", field_zone=True)
    for inst, field in equips:
        ref = inst.equipped_to
        target = next((c for c in state.cards.values() if c.location in ("monster", "emz") and
                       (c.label == ref or c.name == ref)), None)
        if target is None:
            raise bad(field, ref, "names no monster on the field")
        inst.equipped_to = target.uid
    records = spec.get("records", {})
    if not isinstance(records, dict):
        raise bad("state.records", records, "must be an object per player")
    for player, rec in records.items():
        if player not in PLAYERS or not isinstance(rec, dict):
            raise bad("state.records", player, "must be {\"A\": {...}, \"B\": {...}}")
        _check_fields(rec, _RECORD_FIELDS, f"state.records.{player}")
        for key in _RECORD_FIELDS:
            if key in rec:
                setattr(state.records[player], key, _int(rec[key], f"state.records.{player}.{key}"))
    if ruleset not in RULESETS:
        raise bad("ruleset", ruleset, f"expected one of {', '.join(RULESETS)}")
    state.check_invariants()
    return state
