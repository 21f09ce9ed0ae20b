"""Monsters destroyed at the same time: a monster's Continuous Effect stops applying the moment it is
determined to be destroyed (prb2017 Continuous Effects), so it does not apply to the cards destroyed with it.

``{"ask": "destroyed_together", "cards": [{"card": A}, {"card": B}, ...], "asked": {"card": A},
"applier": {"card": B}, "outcome": "banished"}``: is A banished by B's "... is banished instead" effect?
B must be a monster whose Continuous Effect banishes cards sent to the GY instead; otherwise "unknown".
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from .rules import citation

__all__ = ["answer_destroyed_together"]

_BANISH_INSTEAD = re.compile(r"sent to [^.]*?(?:GY|Graveyard)[^.]*? is banished instead", re.I)


def answer_destroyed_together(session: Session, question: dict) -> dict:
    """Answer a ``destroyed_together`` question (see the module doc)."""
    from . import card_profile
    from .questions import resolve

    cards = question.get("cards")
    if not isinstance(cards, list) or len(cards) < 2 or not all(isinstance(c, dict) and "card" in c for c in cards):
        raise BadQuestionError('cards lists the monsters destroyed together as {"card": <name>}', "cards", cards)
    names = [c["card"] for c in cards]
    for field in ("asked", "applier"):
        if not isinstance(question.get(field), dict) or question[field].get("card") not in names:
            raise BadQuestionError(f"{field} must be one of the cards destroyed together", field, question.get(field))
    if question.get("outcome") != "banished":
        raise BadQuestionError("outcome must be banished", "outcome", question.get("outcome"))
    asked, applier = resolve(session, question["asked"]["card"]), resolve(session, question["applier"]["card"])
    effect = [e for e in card_profile(session, applier) if e.get("kind") == "continuous"
              and _BANISH_INSTEAD.search(e.get("text") or "")]
    if applier.card_type != "Monster" or not effect or asked.id == applier.id:
        answer = "unknown"
        detail = f"{applier.name} has no monster's Continuous Effect that banishes cards instead that the engine reads"
    else:
        answer = "no"
        detail = (f"{applier.name}'s Continuous Effect (\"{effect[0]['text']}\") stops applying the moment it is "
                  f"determined to be destroyed, at the same time as {asked.name}: {asked.name} is sent to the GY")
    return {"answer": answer, "card": asked.name, "resolved": {"card": asked.name, "applier": applier.name},
            "explanation": f"{answer}: {', '.join(names)} are destroyed at the same time; is {asked.name} banished "
                           f"by {applier.name}'s effect? {detail}.",
            "assumed": [], "rulings": [],
            "steps": [{"check": "destroyed together", "result": {"no": "fail"}.get(answer, "unknown"),
                       "detail": detail, **citation("continuous_stops_destroyed")}]}
