"""Random legal action sequences on random cards: the simulator must raise nothing and break no invariant.

:func:`fuzz` builds, per sequence, a random board from random cards of the knowledge base and applies
random actions chosen among those the state makes plausible (Summons of cards in hand, activations,
attacks, phases, moves ...).  Illegal choices are checked and refused like any action; a refusal with a
clear error (:class:`kb.errors.KbError`) is fine; any other exception, or a broken invariant, is a defect
recorded with the sequence that caused it.
"""

from __future__ import annotations

import random

from sqlmodel import select

from ...errors import KbError
from ...models import Card
from .cards import Catalog
from .game import Game
from .state import EMZ_NAMES, GameState, Instance, other

__all__ = ["fuzz"]


def _random_cards(session, rng: random.Random, catalog: Catalog, count: int) -> list:
    ids = session.info.get("sim_fuzz_ids")
    if ids is None:
        ids = session.info["sim_fuzz_ids"] = list(session.exec(select(Card.id)).all())
    from ..profiles import load_profiles

    out = []
    pool = session.info.get("sim_fuzz_pool")
    if pool is None:
        pool = session.info["sim_fuzz_pool"] = rng.sample(ids, min(len(ids), 3000))
    for card_id in rng.sample(pool, count):
        row = session.get(Card, card_id)
        card = catalog._by_name.get(row.name)
        if card is None:
            card = catalog._by_name[row.name] = Catalog.from_row(row, load_profiles(session, row))
        out.append(card)
    return out


def _board(session, rng: random.Random, catalog: Catalog) -> GameState:
    state = GameState(ruleset=rng.choice(["current", "master-rule-4"]))
    state.turn = rng.choice(["A", "B"])
    state.turn_number = rng.choice([1, 2, 3])
    state.phase = rng.choice(["main1", "main1", "battle", "main2"]) if state.turn_number > 1 else "main1"
    if state.phase == "battle":
        state.step = "start"
    cards = _random_cards(session, rng, catalog, 14)
    for i, card in enumerate(cards):
        player = "A" if i % 2 == 0 else "B"
        uid = state.next_uid()
        inst = Instance(uid=uid, card=card, owner=player, controller=player, location="hand", label=f"c{uid}")
        slot = rng.random()
        if card.extra_deck_frame:
            inst.location = "extra" if slot < 0.6 else "gy"
            inst.properly = slot > 0.8
        elif card.is_monster and slot < 0.35 and state.free_main_zones(player):
            inst.location, inst.zone = "monster", state.free_main_zones(player)[0]
            inst.face = "down" if slot < 0.08 else "up"
            inst.position = "defense" if inst.face == "down" or slot < 0.15 else "attack"
            inst.summoned, inst.properly = (None, False) if inst.face == "down" else ("normal", True)
        elif not card.is_monster and slot < 0.4 and card.property != "Field" and state.free_spell_trap_zones(player):
            inst.location, inst.zone, inst.face = "spell_trap", state.free_spell_trap_zones(player)[0], "down"
        elif slot > 0.85:
            inst.location = "gy"
        state.add(inst)
    for player in ("A", "B"):
        state.players[player].unnamed["deck"] = rng.randint(0, 20)
        state.players[player].unnamed["hand"] = rng.randint(0, 3)
        state.players[player].lp = rng.choice([8000, 4000, 525, 1500, 1])
    state.check_invariants()
    return state


def _candidates(game: Game, rng: random.Random) -> list[dict]:
    state = game.state
    turn = state.turn
    cards = list(state.cards.values())
    mine = [c for c in cards if (c.controller if c.on_field else c.owner) == turn]
    hand = [c for c in mine if c.location == "hand"]
    field_monsters = [c for c in cards if c.location in ("monster", "emz")]
    out: list[dict] = []
    for inst in hand:
        if inst.card.is_monster:
            needed = inst.card.tributes_needed() or 0
            tributes = [c.label for c in field_monsters if c.controller == turn][:needed]
            out.append({"do": rng.choice(["normal_summon", "set_monster"]), "card": inst.label, "tributes": tributes})
        else:
            out.append({"do": rng.choice(["activate", "set_spell_trap"]), "card": inst.label})
    for inst in cards:
        if inst.location == "spell_trap" or (inst.location in ("monster", "emz", "gy") and inst.card.effects):
            out.append({"do": "activate", "player": inst.controller if inst.on_field else inst.owner,
                        "card": inst.label})
        if inst.location in ("monster", "emz") and inst.controller == turn:
            out.append({"do": rng.choice(["flip_summon", "change_position"]), "card": inst.label})
            defenders = [c.label for c in field_monsters if c.controller == other(turn)]
            out.append({"do": "attack", "attacker": inst.label, "target": rng.choice(defenders) if defenders else None})
        if inst.location in ("gy", "extra", "hand") and inst.card.is_monster:
            how = "effect" if inst.location == "gy" else (inst.card.extra_deck_frame or "procedure").lower()
            zone = rng.choice([None, None, 1, 3, *EMZ_NAMES])
            action = {"do": "special_summon", "player": inst.owner, "card": inst.label, "how": how}
            if zone is not None:
                action["zone"] = zone
            out.append(action)
        if inst.on_field and rng.random() < 0.2:
            out.append({"do": "move", "card": inst.label, "to": rng.choice(["gy", "banished", "hand"]),
                        "by": rng.choice(["effect", "cost", "rule"]), "destroyed": rng.random() < 0.5})
    out += [{"do": "resolve"}, {"do": "damage_step"}, {"do": "damage_calculation"}, {"do": "end_turn"},
            {"do": "phase", "to": rng.choice(["battle", "main2", "end"])}]
    return out


def fuzz(session, *, sequences: int = 10_000, length: int = 12, seed: int = 0) -> dict:
    """Run ``sequences`` random sequences; return counts and any errors (with the sequence that broke)."""
    from .actions import parse_action

    rng = random.Random(seed)
    catalog = Catalog(session)
    report = {"sequences": 0, "actions": 0, "legal": 0, "refused": 0, "cards": set(), "errors": []}
    for number in range(sequences):
        game = Game(_board(session, rng, catalog), catalog)
        report["cards"].update(c.name for c in game.state.cards.values())
        done: list[dict] = []
        for index in range(length):
            raw = rng.choice(_candidates(game, rng))
            done.append(raw)
            try:
                action = parse_action(raw, index)
                legality = game.apply(action)
                game.illegal = None
                report["legal" if legality.answer != "no" else "refused"] += 1
            except KbError:
                report["refused"] += 1
            except Exception as exc:  # noqa: BLE001 - every other exception is a defect to report
                report["errors"].append({"sequence": number, "actions": done, "error": f"{type(exc).__name__}: {exc}"})
                break
            report["actions"] += 1
        else:
            try:
                game.finish()
            except KbError:
                pass
            except Exception as exc:  # noqa: BLE001
                report["errors"].append({"sequence": number, "actions": done, "error": f"{type(exc).__name__}: {exc}"})
        report["sequences"] += 1
    report["cards"] = len(report["cards"])
    return report
