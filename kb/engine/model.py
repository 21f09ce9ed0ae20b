"""Value types of the engine's minimal game model, with a compact notation that round-trips.

A :class:`Moment` is whose turn it is and where in the turn (phase, Battle Phase step, Damage Step
timing); any part may be unknown (``None``: "is it possible?").  A :class:`CardState` is a card with its
controller, location, face and whether it was Set this turn.  A :class:`ChainLink` is one activation on
the chain.  An :class:`Event` is what just happened to a card.  A :class:`Situation` puts them together.

Notation (``Situation.from_notation(s).notation() == s``)::

    turn=A phase=battle step=damage timing=before_calc | chain=A:Pot of Greed#0,B:Twin Twisters | card=B:Twin Twisters@field/down/earlier

Parts are separated by `` | ``; omitted parts are unknown.  A card is ``<controller>:<name>`` optionally
followed by ``#<effect index>`` and ``@<location>/<face>/<set: this|earlier>``; ``?`` stands for unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import BadQuestionError
from .rules import BATTLE_STEPS, DAMAGE_STEP_TIMINGS, PHASES

__all__ = ["PLAYERS", "LOCATIONS", "FACES", "Moment", "CardState", "ChainLink", "Event", "Situation",
           "all_moments", "other_player", "InvalidNotationError"]

PLAYERS = ("A", "B")
LOCATIONS = ("hand", "field", "gy", "banished", "deck", "extra")
FACES = ("up", "down")


class InvalidNotationError(BadQuestionError):
    """Raised when a situation notation string does not parse."""

    type = "invalid_notation"


def other_player(player: str) -> str:
    """The opponent of ``player``."""
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Moment:
    """Whose turn and where in it; ``None`` parts are unknown."""

    turn: str | None = None
    phase: str | None = None
    step: str | None = None
    timing: str | None = None

    def notation(self) -> str:
        """``turn=A phase=battle step=damage timing=start`` (known parts only)."""
        return " ".join(f"{name}={value}" for name, value in
                        (("turn", self.turn), ("phase", self.phase), ("step", self.step),
                         ("timing", self.timing)) if value is not None)

    @classmethod
    def from_notation(cls, text: str) -> "Moment":
        """Parse :meth:`notation` output."""
        values = {}
        for token in text.split():
            name, sep, value = token.partition("=")
            if not sep or name not in ("turn", "phase", "step", "timing"):
                raise InvalidNotationError(f"invalid moment part: {token!r}", "moment", token)
            values[name] = value
        moment = cls(**values)
        moment.validate()
        return moment

    def validate(self) -> None:
        """Raise :class:`InvalidNotationError` for a value outside the model."""
        for name, value, allowed in (("turn", self.turn, PLAYERS), ("phase", self.phase, PHASES),
                                     ("step", self.step, BATTLE_STEPS),
                                     ("timing", self.timing, DAMAGE_STEP_TIMINGS)):
            if value is not None and value not in allowed:
                raise InvalidNotationError(f"invalid {name}: {value!r}", name, value)

    def matches(self, other: "Moment") -> bool:
        """True when every known part of ``self`` equals the same part of the concrete ``other``."""
        return all(mine is None or mine == theirs for mine, theirs in
                   ((self.turn, other.turn), (self.phase, other.phase), (self.step, other.step),
                    (self.timing, other.timing)))

    def describe(self) -> str:
        """Plain words: "B's Battle Phase, Damage Step (before damage calculation)"."""
        words = []
        phase = {"draw": "Draw Phase", "standby": "Standby Phase", "main1": "Main Phase 1",
                 "battle": "Battle Phase", "main2": "Main Phase 2", "end": "End Phase"}.get(self.phase or "")
        if self.turn:
            words.append(f"{self.turn}'s turn" if not phase else f"{self.turn}'s {phase}")
        elif phase:
            words.append(f"the {phase}")
        if self.step:
            words.append({"start": "Start Step", "battle": "Battle Step", "damage": "Damage Step",
                          "end": "End Step"}[self.step])
        if self.timing:
            words.append({"start": "start of the Damage Step", "before_calc": "before damage calculation",
                          "calc": "during damage calculation", "after_calc": "after damage calculation",
                          "end": "end of the Damage Step"}[self.timing])
        return ", ".join(words) or "any moment"


def all_moments() -> list[Moment]:
    """Every concrete moment of the model (both turns; each phase, step and Damage Step timing)."""
    out = []
    for turn in PLAYERS:
        for phase in PHASES:
            if phase != "battle":
                out.append(Moment(turn, phase))
                continue
            for step in BATTLE_STEPS:
                if step != "damage":
                    out.append(Moment(turn, phase, step))
                    continue
                for timing in DAMAGE_STEP_TIMINGS:
                    out.append(Moment(turn, phase, step, timing))
    return out


@dataclass(frozen=True)
class CardState:
    """A card in the situation; unknown parts are ``None``."""

    name: str
    controller: str | None = None
    location: str | None = None
    face: str | None = None
    set_this_turn: bool | None = None
    effect: int | None = None

    def notation(self) -> str:
        """``B:Twin Twisters#0@field/down/earlier``."""
        out = f"{self.controller or '?'}:{self.name}"
        if self.effect is not None:
            out += f"#{self.effect}"
        if (self.location, self.face, self.set_this_turn) != (None, None, None):
            set_word = {True: "this", False: "earlier", None: "?"}[self.set_this_turn]
            out += f"@{self.location or '?'}/{self.face or '?'}/{set_word}"
        return out

    @classmethod
    def from_notation(cls, text: str) -> "CardState":
        """Parse :meth:`notation` output."""
        controller, sep, rest = text.partition(":")
        if not sep or controller not in ("A", "B", "?") or not rest:
            raise InvalidNotationError(f"invalid card: {text!r}", "card", text)
        rest, _, where = rest.partition("@")
        name, _, effect = rest.partition("#")
        location = face = None
        set_this_turn = None
        if where:
            parts = where.split("/")
            if len(parts) != 3:
                raise InvalidNotationError(f"invalid card state: {where!r}", "card", text)
            location, face = (None if p == "?" else p for p in parts[:2])
            if parts[2] not in ("this", "earlier", "?"):
                raise InvalidNotationError(f"invalid Set turn: {parts[2]!r}", "set_this_turn", parts[2])
            set_this_turn = {"this": True, "earlier": False, "?": None}[parts[2]]
            if location is not None and location not in LOCATIONS:
                raise InvalidNotationError(f"invalid location: {location!r}", "location", location)
            if face is not None and face not in FACES:
                raise InvalidNotationError(f"invalid face: {face!r}", "face", face)
        if effect and not effect.isdigit():
            raise InvalidNotationError(f"invalid effect index: {effect!r}", "effect", effect)
        return cls(name=name, controller=None if controller == "?" else controller, location=location,
                   face=face, set_this_turn=set_this_turn, effect=int(effect) if effect else None)


@dataclass(frozen=True)
class ChainLink:
    """One chain link: the card whose card or effect was activated, its controller, and which effect."""

    card: CardState

    def notation(self) -> str:
        """Same as the card's notation."""
        return self.card.notation()


@dataclass(frozen=True)
class Event:
    """What happened to a card: ``event`` (sent_to_gy ...), ``by`` (cost/effect/battle/rule), ``last``."""

    event: str
    by: str | None = None
    last: bool | None = None

    def notation(self) -> str:
        """``sent_to_gy/effect/last`` (``?`` for unknown parts)."""
        last = {True: "last", False: "notlast", None: "?"}[self.last]
        return f"{self.event}/{self.by or '?'}/{last}"

    @classmethod
    def from_notation(cls, text: str) -> "Event":
        """Parse :meth:`notation` output."""
        parts = text.split("/")
        if len(parts) != 3 or parts[2] not in ("last", "notlast", "?"):
            raise InvalidNotationError(f"invalid event: {text!r}", "event", text)
        return cls(parts[0], None if parts[1] == "?" else parts[1],
                   {"last": True, "notlast": False, "?": None}[parts[2]])


@dataclass(frozen=True)
class Situation:
    """The moment, the chain so far (link 1 first), the card asked about, and the event that happened."""

    moment: Moment = field(default_factory=Moment)
    chain: tuple[ChainLink, ...] = ()
    card: CardState | None = None
    event: Event | None = None

    def notation(self) -> str:
        """The compact notation (see the module doc)."""
        parts = []
        if self.moment.notation():
            parts.append(self.moment.notation())
        if self.chain:
            parts.append("chain=" + ",".join(link.notation() for link in self.chain))
        if self.card is not None:
            parts.append("card=" + self.card.notation())
        if self.event is not None:
            parts.append("event=" + self.event.notation())
        return " | ".join(parts)

    @classmethod
    def from_notation(cls, text: str) -> "Situation":
        """Parse :meth:`notation` output; raises :class:`InvalidNotationError` quoting the bad part."""
        moment, chain, card, event = Moment(), (), None, None
        for part in (p.strip() for p in text.split(" | ") if p.strip()):
            if part.startswith("chain="):
                chain = tuple(ChainLink(CardState.from_notation(item)) for item in _split_cards(part[6:]))
            elif part.startswith("card="):
                card = CardState.from_notation(part[5:])
            elif part.startswith("event="):
                event = Event.from_notation(part[6:])
            else:
                moment = Moment.from_notation(part)
        return cls(moment, chain, card, event)

    def __repr__(self) -> str:
        return f"Situation({self.notation()!r})"

    def with_moment(self, **parts) -> "Situation":
        """A copy with some moment parts replaced."""
        return replace(self, moment=replace(self.moment, **parts))


def _split_cards(text: str) -> list[str]:
    """Split ``A:X,B:Y`` on commas that start a new ``<player>:`` card (names may contain commas)."""
    items, current = [], ""
    for piece in text.split(","):
        if current and len(piece) > 1 and piece[0] in "AB?" and piece[1] == ":":
            items.append(current)
            current = piece
        else:
            current = piece if not current else current + "," + piece
    if current:
        items.append(current)
    return items
