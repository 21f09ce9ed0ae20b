"""How many Normal Summons a player may conduct this turn, from the cards that change it (cr 301.8): a card
that sets the number ("You can conduct 2 Normal Summons/Sets this turn, not just 1.": the largest number set
counts, and a second card setting the same number cannot be activated), and an additional Normal Summon
("... in addition to your Normal Summon/Set."): however many effects grant one, the player gains only 1.

:func:`grant_of` reads a card's text into the ``grant_normal_summon`` op (:mod:`kb.engine.sim.resolve`);
:func:`apply_grant` applies it to the player's :class:`~kb.engine.sim.state.TurnRecord`;
:func:`check_limit_activation` refuses a second card that sets the same number (:mod:`.activation`).
"""

from __future__ import annotations

import re

__all__ = ["grant_of", "apply_grant", "check_limit_activation"]

_LIMIT = re.compile(r"conduct (\d) Normal Summons/Sets this turn|Normal Summon or Set up to (\d) times this turn",
                    re.I)
_ADDITIONAL = re.compile(r"(?:Normal|Tribute) Summon(/Set)? 1 [^.]*in addition to your Normal Summon/Set", re.I)


def grant_of(text: str) -> dict | None:
    """``{"limit": N}`` for a card that sets the number of Normal Summons, ``{"count": 1, "set_ok": bool,
    "additional": True}`` for an additional one, or None."""
    limit = _LIMIT.search(text or "")
    if limit:
        return {"limit": int(limit.group(1) or limit.group(2))}
    extra = _ADDITIONAL.search(text or "")
    if extra:
        return {"count": 1, "set_ok": bool(extra.group(1)), "additional": True}
    return None


def apply_grant(record, op: dict) -> str:
    """Apply a ``grant_normal_summon`` op to a player's turn record; what it did, in words."""
    if "limit" in op:
        limit = op["limit"]
        before = 1 + record.extra_normal_summons - (1 if record.additional_gained else 0)
        record.summon_limits.add(limit)
        if limit <= before:
            return f"the number of Normal Summons/Sets stays {before} (the largest number set counts)"
        record.extra_normal_summons += limit - before
        return f"the number of Normal Summons/Sets this turn becomes {limit}"
    if op.get("additional"):
        if record.additional_gained:
            return "an additional Normal Summon was already gained this turn: only 1 is gained"
        record.additional_gained = True
    record.extra_normal_summons += op.get("count", 1)
    if not op.get("set_ok", True):
        record.extra_summons_only += op.get("count", 1)
    return f"{op.get('count', 1)} more Normal Summon/Set this turn"


def check_limit_activation(state, player: str, text: str):
    """A failed check when the card sets the number of Normal Summons to one already set this turn, else None."""
    grant = grant_of(text)
    if grant is None or "limit" not in grant or grant["limit"] not in state.records[player].summon_limits:
        return None
    from .actions import Legality

    return Legality().add("Normal Summons this turn", "fail", f"a card already set {player}'s Normal Summons this "
                                                              f"turn to {grant['limit']}: another card setting the "
                                                              f"same number cannot be activated", "sim_summon_limit")
