"""Special Summons by a monster's own procedure, read from its text: "If only your opponent controls a
monster, you can Special Summon this card (from your hand)." (a Special Summon by meeting requirements, no
chain).  :func:`procedure_of` reads the sentence; :func:`check_procedure` decides whether the state meets its
condition.  The conditions the simulator checks are data (:data:`CONDITIONS`: who controls how many monsters);
a procedure with another condition is "unknown", naming it; one with a cost ("by discarding 1 card") is
left to the action's cost (:mod:`kb.engine.sim.costs`).

Called by :func:`kb.engine.sim.actions.check_special_summon` for ``how: "procedure"``; a card without such a
sentence keeps the general behaviour (its requirements are assumed met when the question gives none).  Also
:func:`check_ignoring`: a Special Summon by an effect "ignoring its Summoning conditions".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CONDITIONS", "Procedure", "procedure_of", "check_procedure", "check_ignoring"]

# "[If <condition>, ]you can Special Summon this card (from your <place>)[ by <cost>]."
_SENTENCE = re.compile(r"(?:^|(?<=[.\n])\s*)(?:If (?P<cond>[^.:;]+?), )?you can Special Summon this card \(from "
                       r"your (?P<where>hand|GY|Graveyard|hand or GY|hand or Graveyard)\)(?P<by> (?:by|in) [^.]+)?\.",
                       re.I)
_PLACES = {"hand": ("hand",), "gy": ("gy",), "graveyard": ("gy",), "hand or gy": ("hand", "gy"),
           "hand or graveyard": ("hand", "gy")}

# condition text (lower case, as printed) -> (what it says, the players whose monsters it counts ("A" the
# player, "B" the opponent), test over (monsters the player controls, monsters the opponent controls)).
# Face-down monsters count: "controls a monster" is any monster on the field.
_BOTH, _MINE, _THEIRS = ("A", "B"), ("A",), ("B",)
CONDITIONS: dict[str, tuple[str, tuple[str, ...], object]] = {
    "only your opponent controls a monster": (
        "only the opponent controls a monster", _BOTH, lambda mine, theirs: mine == 0 and theirs >= 1),
    "your opponent controls a monster and you control no monsters": (
        "the opponent controls a monster and the player none", _BOTH, lambda mine, theirs: mine == 0 and theirs >= 1),
    "you control no monsters": ("the player controls no monsters", _MINE, lambda mine, theirs: mine == 0),
    "you control no other monsters": ("the player controls no other monsters", _MINE, lambda mine, theirs: mine == 0),
    "your opponent controls a monster": ("the opponent controls a monster", _THEIRS, lambda mine, theirs: theirs >= 1),
    "your opponent controls more monsters than you do": (
        "the opponent controls more monsters than the player", _BOTH, lambda mine, theirs: theirs > mine),
    "your opponent controls more monsters than you": (
        "the opponent controls more monsters than the player", _BOTH, lambda mine, theirs: theirs > mine),
    "your opponent controls at least 2 more monsters than you do": (
        "the opponent controls at least 2 more monsters than the player", _BOTH,
        lambda mine, theirs: theirs >= mine + 2),
    "your opponent controls 2 or more monsters and you control no monsters": (
        "the opponent controls 2 or more monsters and the player none", _BOTH,
        lambda mine, theirs: mine == 0 and theirs >= 2),
}


@dataclass(frozen=True)
class Procedure:
    """A card's own Special Summon procedure: its condition text (or None), places, cost text (or None)."""

    sentence: str
    condition: str | None
    places: tuple[str, ...]
    cost: str | None


def procedure_of(card) -> Procedure | None:
    """The procedure the card's text states (the first such sentence), or None."""
    if not card.is_monster:
        return None
    found = _SENTENCE.search(card.text or "")
    if found is None:
        return None
    return Procedure(found.group(0).strip(), found["cond"], _PLACES[found["where"].lower()],
                     found["by"].strip() if found["by"] else None)


def check_procedure(state, player: str, inst):
    """Whether ``inst`` may be Special Summoned by its own procedure now (the condition of its sentence over the
    state, the place it is in); None when its text states no such procedure or one with a cost."""
    from .actions import Legality

    proc = procedure_of(inst.card)
    if proc is None or proc.cost is not None:
        return None  # a cost ("by discarding 1 card") is the action's own (costs.py)
    legal = Legality()
    rule = "sim_own_procedure"
    if inst.location not in proc.places:
        return legal.add("Summon procedure", "fail", f"\"{proc.sentence}\": {inst.name} is in the "
                                                     f"{inst.where()}, not the {' or '.join(proc.places)}", rule)
    if proc.condition is None:
        return legal.add("Summon procedure", "pass", f"\"{proc.sentence}\": no condition", rule)
    known = CONDITIONS.get(proc.condition.lower().strip())
    if known is None:
        return legal.add("Summon procedure", "unknown", f"\"{proc.sentence}\": the condition \"{proc.condition}\" "
                                                        f"is not modelled", rule, "card_text_overrides")
    said, _sides, test = known
    other = "B" if player == "A" else "A"
    mine = sum(1 for c in state.monsters(player) if c.uid != inst.uid)
    theirs = len(list(state.monsters(other)))
    if not test(mine, theirs):
        return legal.add("Summon procedure", "fail", f"\"{proc.sentence}\": {player} controls {mine} monster(s) and "
                                                     f"{other} {theirs}, so {said} does not hold", rule)
    return legal.add("Summon procedure", "pass", f"\"{proc.sentence}\": {player} controls {mine} monster(s) and "
                                                 f"{other} {theirs}", rule)


def check_ignoring(inst):
    """A Special Summon by an effect "ignoring its Summoning conditions": a Special Summon Monster from the hand
    or Deck without its procedure; from the GY or banishment only one properly Summoned first (a Nomi monster,
    "Cannot be Special Summoned" and conditions not read stay unknown)."""
    from .actions import Legality

    legal, condition, origin = Legality(), inst.card.summon_condition, inst.location
    if condition == "normal":
        return legal.add("Summoning condition", "pass", f"{inst.name} has no Summoning condition",
                         "sim_special_summon_monster")
    if condition != "semi_nomi":
        return legal.add("Summoning condition", "unknown", f"what ignoring {inst.name}'s Summoning conditions "
                                                           f"allows is not modelled for this kind of condition",
                         "sim_ignore_conditions", "card_text_overrides")
    if origin in ("gy", "banished"):
        if not inst.properly:
            return legal.add("properly Summoned", "fail", f"{inst.name} was not properly Summoned before it reached "
                                                          f"the {'GY' if origin == 'gy' else 'banishment'}: even "
                                                          f"ignoring its Summoning conditions, only its own procedure "
                                                          f"Summons it", "sim_ignore_conditions_gy",
                             "sim_properly_summoned")
        return legal.add("properly Summoned", "pass", f"{inst.name} was properly Summoned earlier",
                         "sim_properly_summoned")
    if origin in ("hand", "deck"):
        return legal.add("Summoning condition", "pass", f"ignoring its Summoning conditions, an effect Special "
                                                        f"Summons {inst.name} from the {origin} (not properly)",
                         "sim_ignore_conditions")
    return legal.add("Summoning condition", "unknown", f"ignoring the Summoning conditions of {inst.name} in the "
                                                       f"{inst.where()} is not modelled", "sim_ignore_conditions")
