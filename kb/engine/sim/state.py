"""The game state: two players, their cards and zones, the turn, the chain, the event log and per-turn records.

Everything the simulator knows is in one :class:`GameState`; actions change it only through
:mod:`kb.engine.sim.game`.  :meth:`GameState.check_invariants` states what must hold after every action
(every card in exactly one place, one card per zone, integer LP, an empty chain outside a chain ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SimCard
from .rulebook import MAIN_ZONES, PENDULUM_ZONES, SPELL_TRAP_ZONES, STARTING_LP

__all__ = ["PLAYERS", "PILES", "FIELD_LOCATIONS", "Instance", "Player", "ChainLink", "Event", "TurnRecord",
           "Battle", "GameState", "InvariantError", "other"]

PLAYERS = ("A", "B")
PILES = ("deck", "hand", "gy", "banished", "extra")
FIELD_LOCATIONS = ("monster", "emz", "spell_trap", "field_zone")
EMZ_NAMES = ("emz_left", "emz_right")


class InvariantError(AssertionError):
    """A broken game-state invariant (a simulator defect, never bad input)."""


def other(player: str) -> str:
    """The opponent of ``player``."""
    return "B" if player == "A" else "A"


@dataclass
class Instance:
    """One physical card in the game and everything the rules remember about it."""

    uid: int
    card: SimCard
    owner: str
    controller: str
    location: str  # deck | hand | gy | banished | extra | monster | emz | spell_trap | field_zone
    zone: int | None = None
    face: str = "up"  # up | down
    position: str | None = None  # attack | defense (monsters on the field)
    label: str | None = None  # the question's "id"
    summoned: str | None = None  # normal | tribute | flip | special | fusion | synchro | xyz | link | ...
    summoned_by: str | None = None  # procedure | effect
    properly: bool = False  # properly Summoned (stays in the GY / banished, lost in hidden places)
    summoned_this_turn: bool = False
    set_this_turn: bool = False
    position_changed_this_turn: bool = False
    attacked_this_turn: bool = False
    counters: int = 0
    equipped_to: int | None = None
    pendulum_zone: bool = False  # a Pendulum Monster activated as a Spell in a Pendulum Zone
    linked_to: int | None = None  # "that monster" of a Continuous card that Special Summoned it
    returns_to: dict | None = None  # banished for a time: its controller, position, zone kind (stated.py)
    atk_change: int = 0  # ATK gained (or lost) by an effect the question states, while it applies (stated.py)
    battle_stats: dict | None = None  # ATK/DEF changes told with the monster, piercing, battle damage (stats.py)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def on_field(self) -> bool:
        return self.location in FIELD_LOCATIONS

    def where(self) -> str:
        """Plain words: "B's Main Monster Zone 2", "A's GY"."""
        names = {"monster": "Main Monster Zone", "emz": "Extra Monster Zone", "spell_trap": "Spell & Trap Zone",
                 "field_zone": "Field Zone", "gy": "GY", "hand": "hand", "deck": "Deck", "extra": "Extra Deck",
                 "banished": "banishment"}
        if self.location == "emz":
            return f"the {'left' if self.zone == 0 else 'right'} Extra Monster Zone ({self.controller})"
        if self.location in ("monster", "spell_trap"):
            kind = "Pendulum Zone" if self.pendulum_zone else names[self.location]
            return f"{self.controller}'s {kind} {self.zone + 1}"
        if self.location == "banished":
            return f"banished ({self.owner})"
        owner = self.owner if self.location in PILES else self.controller
        return f"{owner}'s {names[self.location]}"


@dataclass
class Player:
    """A player's Life Points and the unnamed cards of each pile (named cards are :class:`Instance`)."""

    name: str
    lp: int = STARTING_LP
    unnamed: dict[str, int] = field(default_factory=lambda: {pile: 0 for pile in PILES})


@dataclass
class ChainLink:
    """One link: who activated what, its targets, what it will do, and whether it was negated."""

    number: int
    controller: str
    uid: int
    effect: int  # index of the effect profile
    kind: str  # activation | ignition | trigger | quick | flip
    targets: list[int] = field(default_factory=list)
    does: list[dict] = field(default_factory=list)  # operations; empty = from the profile
    activation_negated: bool = False
    effect_negated: bool = False
    responds_to_summon: int | None = None  # the uid whose Summon this link answers (Summon negation window)
    from_location: str = "field"


@dataclass
class Event:
    """Something that happened: ``kind`` (sent_to_gy, destroyed, special_summoned, ...) to a card or player."""

    seq: int
    step: int  # events of one step happened simultaneously; a later step happened after them
    kind: str
    uid: int | None = None
    player: str | None = None
    by: str | None = None  # cost | effect | battle | rule
    origin: str | None = None  # where the card was (hand, field, gy ...)
    link: int | None = None  # the chain link whose resolution did it
    amount: int | None = None
    detail: str = ""


@dataclass
class TurnRecord:
    """What a player did this turn."""

    normal_summons_used: int = 0
    extra_normal_summons: int = 0
    extra_summons_only: int = 0  # of those, granted as "Normal Summon" only (not Set)
    summon_limits: set = field(default_factory=set)  # numbers of Normal Summons set by cards (summon_counts.py)
    additional_gained: bool = False  # an additional Normal Summon gained (only 1 a turn: summon_counts.py)
    once_per_turn: set = field(default_factory=set)  # (card name, effect index)
    battle_phase_conducted: bool = False
    attacks_declared: int = 0
    pendulum_summoned: bool = False


@dataclass
class Battle:
    """The attack in progress: attacker, target (``None``: direct), and the opponent's monster count."""

    attacker: int
    target: int | None
    opponent_monsters: int
    replay: bool = False
    calculated: bool = False


@dataclass
class GameState:
    """The whole game (see the module doc)."""

    ruleset: str = "current"
    players: dict[str, Player] = field(default_factory=lambda: {p: Player(p) for p in PLAYERS})
    cards: dict[int, Instance] = field(default_factory=dict)
    turn: str = "A"
    turn_number: int = 2
    phase: str = "main1"
    step: str | None = None
    timing: str | None = None  # Damage Step timing
    chain: list[ChainLink] = field(default_factory=list)
    resolving: bool = False
    log: list[Event] = field(default_factory=list)
    step_counter: int = 0
    records: dict[str, TurnRecord] = field(default_factory=lambda: {p: TurnRecord() for p in PLAYERS})
    battle: Battle | None = None
    pending_summon: int | None = None  # a Summon in its negation window
    last_chain: list[ChainLink] = field(default_factory=list)
    replays: int = 0
    winner: str | None = None
    drawn: bool = True  # in the Draw Phase: the turn player has made (or skipped) the normal draw
    complete: bool = False  # the question lists every card on the field and in the GYs (absent = none there)

    # ---------------------------------------------------------------------------- queries

    def add(self, inst: Instance) -> Instance:
        self.cards[inst.uid] = inst
        return inst

    def next_uid(self) -> int:
        return max(self.cards, default=0) + 1

    def at(self, controller: str, location: str, zone: int) -> Instance | None:
        """The card in one zone (Extra Monster Zones are shared: ``controller`` is ignored for them)."""
        for inst in self.cards.values():
            if inst.location == location and inst.zone == zone and (location == "emz" or inst.controller == controller):
                return inst
        return None

    def in_location(self, player: str, location: str) -> list[Instance]:
        """Named cards of a player in a location (piles by owner, field by controller), in zone order."""
        key = "owner" if location in PILES else "controller"
        out = [c for c in self.cards.values() if c.location == location and getattr(c, key) == player]
        return sorted(out, key=lambda c: (c.zone if c.zone is not None else 0, c.uid))

    def monsters(self, player: str) -> list[Instance]:
        """Monsters a player controls (Main and Extra Monster Zones)."""
        return [c for c in self.cards.values() if c.location in ("monster", "emz") and c.controller == player]

    def free_main_zones(self, player: str) -> list[int]:
        return [z for z in range(MAIN_ZONES) if self.at(player, "monster", z) is None]

    def free_spell_trap_zones(self, player: str) -> list[int]:
        return [z for z in range(SPELL_TRAP_ZONES) if self.at(player, "spell_trap", z) is None]

    def pile_count(self, player: str, pile: str) -> int:
        """Cards in a pile, named and unnamed."""
        return len(self.in_location(player, pile)) + self.players[player].unnamed[pile]

    def scales(self, player: str) -> list[Instance]:
        """The Pendulum Monsters in a player's Pendulum Zones."""
        return [c for z in PENDULUM_ZONES if (c := self.at(player, "spell_trap", z)) is not None and c.pendulum_zone]

    def new_step(self) -> int:
        """Start a new moment of the game: events logged after it happened after the earlier ones."""
        self.step_counter += 1
        return self.step_counter

    def log_event(self, kind: str, inst: Instance | None = None, **parts) -> Event:
        """Append an event at the current step."""
        event = Event(seq=len(self.log), step=self.step_counter, kind=kind, uid=inst.uid if inst else None,
                      **parts)
        self.log.append(event)
        return event

    # ---------------------------------------------------------------------------- invariants

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` when the state is impossible."""
        taken: dict[tuple, int] = {}
        for inst in self.cards.values():
            if inst.location not in PILES + FIELD_LOCATIONS:
                raise InvariantError(f"{inst.name} is in an unknown location {inst.location!r}")
            if inst.controller not in PLAYERS or inst.owner not in PLAYERS:
                raise InvariantError(f"{inst.name} has no valid owner/controller")
            if inst.on_field:
                limit = {"monster": MAIN_ZONES, "emz": 2, "spell_trap": SPELL_TRAP_ZONES, "field_zone": 1}
                if inst.zone is None or not 0 <= inst.zone < limit[inst.location]:
                    raise InvariantError(f"{inst.name} is in zone {inst.zone} of {inst.location}")
                key = (inst.location, inst.zone) if inst.location == "emz" else \
                    (inst.controller, inst.location, inst.zone)
                if key in taken:
                    raise InvariantError(f"{inst.name} and card #{taken[key]} share {key}")
                taken[key] = inst.uid
                if inst.location in ("monster", "emz") and inst.position not in ("attack", "defense"):
                    raise InvariantError(f"{inst.name} is a monster on the field without a battle position")
                if inst.location in ("monster", "emz") and inst.face == "down" and inst.position != "defense":
                    raise InvariantError(f"{inst.name} is face-down in Attack Position")
            elif inst.zone is not None or inst.position is not None:
                raise InvariantError(f"{inst.name} keeps a zone or position off the field")
            if inst.equipped_to is not None:
                target = self.cards.get(inst.equipped_to)
                if target is None or not target.on_field or not inst.on_field:
                    raise InvariantError(f"{inst.name} is equipped to a card that is not on the field")
        emz_by_player: dict[str, int] = {}
        for inst in self.cards.values():
            if inst.location == "emz":
                emz_by_player[inst.controller] = emz_by_player.get(inst.controller, 0) + 1
        for player in self.players.values():
            if type(player.lp) is not int:
                raise InvariantError(f"{player.name}'s LP {player.lp!r} is not an integer")
            if player.lp < 0:
                raise InvariantError(f"{player.name}'s LP {player.lp} is negative")
            if any(type(n) is not int or n < 0 for n in player.unnamed.values()):
                raise InvariantError(f"{player.name} has a negative count of unnamed cards")
        if self.chain and not self.chain_open():
            raise InvariantError("a chain exists outside a chain")
        for i, link in enumerate(self.chain):
            if link.number != i + 1 or link.uid not in self.cards:
                raise InvariantError(f"chain link {i + 1} is malformed")
        if self.phase != "battle" and (self.step is not None or self.battle is not None):
            raise InvariantError("a Battle Phase step outside the Battle Phase")
        if self.timing is not None and self.step != "damage":
            raise InvariantError("a Damage Step timing outside the Damage Step")

    def chain_open(self) -> bool:
        """True while a chain is being built or resolved."""
        return bool(self.chain) or self.resolving
