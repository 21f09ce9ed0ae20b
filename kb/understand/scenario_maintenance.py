"""A maintenance cost left unpaid, onto a simulator scenario (the ``effect`` op ``maintenance_unpaid``).

"During my End Phase I cannot pay X's maintenance cost. Is X destroyed?" / "If I don't pay the maintenance
cost of X, what happens to it?": the simulator reads X's maintenance clause ("pay 100 LP or destroy this
card", "..., or send this card to the GY") and applies it; a card whose text has no maintenance cost it
reads gives "unknown".  The words are data (``scenario_stated_words.toml``, section ``maintenance``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_maintenance"]

_SEP = r"(?: \.| ,)? "


def _w(*path: str) -> str:
    from .scenario_stated import WORDS_FILE

    return phrase_alternation(word_file(WORDS_FILE), *path)


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    phase = r"(?:during|in|at) (?:my|the|your|each player's|their) (?P<phase{n}>standby|end) phase"
    cost = (r"(?:the maintenance cost of (?P<c{n}a>e\d+)|(?P<c{n}b>e\d+)(?:'s| 's)? maintenance cost|(?:the )?"
            r"maintenance (?:cost )?(?:for|of) (?P<c{n}c>e\d+))")
    story = (rf"(?:if |when )?(?:{phase.format(n=1)}{_SEP})?i (?:{_w('maintenance', 'unpaid')}) pay "
             rf"{cost.format(n=1)}(?: {phase.format(n=2)})?")
    asked = (r"(?:is (?:it|(?P<q1>e\d+)) (?P<d>destroyed)|what happens(?: to (?:it|(?P<q2>e\d+)))?|"
             r"(?:is (?:it|(?P<q3>e\d+)) sent|does (?:it|(?P<q4>e\d+)) go) to the (?:gy|graveyard))")
    return re.compile(rf"^{story}{_SEP}{asked}$"), re.compile(r"e(\d+)")


def read_maintenance(sentences: list[tuple[str, list[int]]], card_of) -> Frame | None:
    """The scenario frame of an unpaid maintenance cost (see the module doc), or None."""
    text = " . ".join(t for t, _e in sentences)
    pattern, ent = _patterns()
    m = pattern.match(text)
    if m is None:
        return None
    g = m.groupdict()
    refs = {int(x) for x in ent.findall(text)}
    cards = {card_of(i).name if card_of(i) is not None else None for i in refs}
    if len(cards) != 1 or None in cards:
        return None  # one card, named (again) in the question
    name = cards.pop()
    card = card_of(next(iter(refs)))
    phase = g.get("phase1") or g.get("phase2")
    where = "monsters" if card.is_monster else "field_zone" if card.property == "Field" else "spells_traps"
    place = {"card": name} if where != "field_zone" else name
    state = {"players": {"A": {where: place if where == "field_zone" else [place]}}}
    if phase:
        state["phase"] = phase
    if g.get("d"):
        query, asked = {"kind": "outcome", "destroyed": name}, f"is {name} destroyed"
    elif g.get("q2") is not None or "what happens" in text:
        query, asked = {"kind": "outcome", "fate": name}, f"what becomes of {name}"
    else:
        query, asked = {"kind": "outcome", "where": name, "is": "gy"}, f"is {name} sent to the GY"
    question = {"ask": "scenario", "state": state,
                "actions": [{"do": "effect", "op": "maintenance_unpaid", "card": name}], "query": query}
    return Frame(question, f"Simulated: A does not pay the maintenance cost of {name}. Asked: {asked}?",
                 used_entities={e for _t, ents in sentences for e in ents}, uses_story=True)
