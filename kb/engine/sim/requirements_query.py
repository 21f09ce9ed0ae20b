"""The ``requirements`` query of a scenario: where the asked card may be when the state does not place it, the
checks of :mod:`kb.engine.sim.requirements` for each place and effect, and the answer (they must agree);
:func:`decide` for other readers of the same rules (kb/engine/card_facts.py).
"""

from __future__ import annotations

import copy

from .known import known
from .requirements import check_requirements
from .state import Instance

__all__ = ["answer_requirements", "decide", "placed"]

_ACTIVATED = ("activation", "ignition", "quick", "trigger", "flip")


def _placements(state, card, player: str, wanted: tuple[str, ...] | None) -> list[str]:
    """Where the asked card may be, when the state does not place it."""
    if card.card_type == "Trap":
        places = ["set"]
    elif card.card_type == "Spell":
        places = ["hand"] if card.property == "Field" else ["hand", "set"]
    else:
        places = []
        for effect in card.effects:
            if effect["kind"] in _ACTIVATED:
                for loc in effect.get("locations") or ["field"]:
                    place = {"field": "monster"}.get(loc, loc)
                    if place in ("monster", "hand", "gy", "banished") and place not in places:
                        places.append(place)
    if wanted:
        places = [p for p in places if ("field" if p in ("set", "monster") else p) in wanted]
    return places


def _place(state, card, player: str, place: str) -> Instance | None:
    """A copy of the state with the card placed there (None when the state leaves it no room there)."""
    inst = Instance(uid=state.next_uid(), card=card, owner=player, controller=player, location=place)
    if place in ("hand", "gy", "banished"):
        kind = card.card_type.lower()
        if known(state, player, place, kind):
            if state.players[player].unnamed[place] <= 0 or any(k.covers(player, place, kind, None) and k.kind
                                                                 for k in state.known):
                return None
            state.players[player].unnamed[place] -= 1
    elif place == "set":
        free = state.free_spell_trap_zones(player)
        nameless = [c for c in state.cards.values() if c.location == "spell_trap" and c.controller == player and
                    c.face == "down" and c.card.id < 0]
        if nameless:
            inst.zone = nameless[0].zone
            del state.cards[nameless[0].uid]
        elif free and not known(state, player, "spells_traps", "trap" if card.card_type == "Trap" else "spell",
                                "down"):
            inst.zone = free[0]
        else:
            return None
        inst.location, inst.face = "spell_trap", "down"
    elif place == "monster":
        nameless = [c for c in state.monsters(player) if c.card.id < 0 and c.location == "monster" and c.face == "up"]
        free = state.free_main_zones(player)
        if nameless and not free:
            inst.zone = nameless[0].zone
            del state.cards[nameless[0].uid]
        elif free and not known(state, player, "monsters", "monster", "up"):
            inst.zone = free[0]
        else:
            return None
        inst.position, inst.face = "attack", "up"
    return state.add(inst)


def answer_requirements(game, query: dict, steps: list) -> tuple[str, str]:
    """``{"kind": "requirements", "card": X}``: can X (its ``effect``, else each effect it activates) be
    activated in this state as far as costs, targets, resolution, zones and the Deck go?"""
    card = game.catalog_card(query["card"].strip(), "query.card")
    player = query.get("player", "A")
    named = [c for c in game.state.cards.values() if c.card.name == card.name]
    if len(named) > 1:
        return "unknown", f"{card.name} is in the state more than once: which copy is asked is not said."
    if named:
        cases = [(game.state, named[0])]
        player = named[0].controller if named[0].on_field else named[0].owner
    else:
        cases = []
        for place in _placements(game.state, card, player, tuple(query.get("from") or ()) or None):
            state = copy.deepcopy(game.state)
            inst = _place(state, card, player, place)
            if inst is not None:
                cases.append((state, inst))
    if not cases:
        return "unknown", f"the state leaves {card.name} no place it could be activated from."
    verdicts = []
    for state, inst in cases:
        face_up = inst.on_field and inst.face == "up"
        kinds = ("activation",) if not card.is_monster and not face_up else \
            ("ignition", "quick", "trigger", "flip") if card.is_monster else ("ignition", "quick", "trigger")
        effects = [e for e in card.effects if e["kind"] in kinds and ("effect" not in query or
                                                                      e["index"] == query["effect"])]
        if not effects or any(e["kind"] == "unknown" for e in card.effects):
            return "unknown", f"no activated effect of {card.name} was read whole."
        for effect in effects:
            verdicts.append((inst, effect, check_requirements(state, inst, effect, player, query.get("about", "all"))))
    answers = {legal.answer for _i, _e, legal in verdicts}
    inst, effect, legal = next(v for v in verdicts if v[2].answer == ("no" if answers == {"no"} else
                                                                       "unknown" if "unknown" in answers else
                                                                       next(iter(answers))))
    game.assume(f"the timing of {card.name}'s activation is taken as met (the question asks about the state)")
    for text in legal.assumed:
        game.assume(text)
    cost = query.get("about") == "cost"
    what = "its cost can be paid" if cost else "it can be activated"
    subject = f"{card.name}'s cost" if cost else card.name
    verb = ("can be paid", "cannot be paid") if cost else ("can be activated", "cannot be activated")
    if answers == {"no"}:
        for _i, _e, each in verdicts:
            fail = each.first("fail")
            if fail.step() not in steps:
                steps.append(fail.step())
        return "no", f"{subject} {verb[1]}: {legal.first('fail').detail}."
    if answers == {"yes"} and query.get("timing") == "stated":
        answers = {"unknown"}  # a moment the question states is not checked here (the timing is taken as met)
        legal.add("timing", "unknown", "the moment the question states is not checked", "activation_condition")
    if answers == {"yes"}:
        steps.extend(c.step() for c in legal.checks)
        return "yes", f"{subject} {verb[0]}: " + "; ".join(c.detail for c in legal.checks) + "."
    doubt = next((c for _i, _e, each in verdicts for c in each.checks if c.result == "unknown"), None)
    if doubt is not None:
        steps.append(doubt.step())
    why = doubt.detail if doubt is not None else "its effects or places give different answers"
    return "unknown", f"{card.name}: whether {what} is not decided: {why}."


def placed(card, player: str = "B") -> dict:
    """A state's player entry with ``card`` face-up on the field (a card whose lasting effect applies)."""
    if card.card_type == "Monster":
        return {player: {"monsters": [card.name]}}
    if card.property == "Field":
        return {player: {"field_zone": card.name}}
    return {player: {"spells_traps": [{"card": card.name, "face": "up"}]}}


def decide(session, card_name: str, state: dict, checks: tuple[str, ...] = ()) -> dict | None:
    """The ``requirements`` answer for ``card_name`` in ``state`` (a scenario state), when it is ``yes`` or
    ``no`` (and, with ``checks``, decided by a check of those names: e.g. ``("cost",)`` for a question on
    the cost alone); else None.  Other readers of the same rules (kb/engine/card_facts.py) ask it here."""
    from .scenario import answer_scenario

    out = answer_scenario(session, {"ask": "scenario", "state": state, "actions": [],
                                    "query": {"kind": "requirements", "card": card_name}})
    if out["answer"] not in ("yes", "no"):
        return None
    if checks and out["answer"] == "no" and not all(s["check"] in checks for s in out["steps"] if s["result"] == "fail"):
        return None
    if checks and out["answer"] == "yes":
        return None
    return out
