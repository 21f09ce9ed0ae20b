"""Action kinds as data and their validation: :data:`ACTIONS` (each kind's required and optional fields),
:data:`OPS` (the operations of an effect the question states) and :func:`parse_action`, which turns one raw
action object into the checked dict the simulator applies (or raises :class:`BadQuestionError` naming
``actions[i].<field>``).  The legality checks made before an action happens are :mod:`kb.engine.sim.actions`.
"""

from __future__ import annotations

from .setup import bad
from .state import EMZ_NAMES, PILES, PLAYERS

__all__ = ["ACTIONS", "OPS", "parse_action"]

# kind -> (required fields, optional fields).  Every action may also give "player".
ACTIONS: dict[str, tuple[set, set]] = {
    "normal_summon": ({"card"}, {"tributes", "zone"}),
    "tribute_summon": ({"card"}, {"tributes", "zone"}),
    "set_monster": ({"card"}, {"tributes", "zone"}),
    "flip_summon": ({"card"}, set()),
    "change_position": ({"card"}, set()),
    "special_summon": ({"card"}, {"how", "from", "zone", "position", "materials", "cost", "ignoring_conditions"}),
    "pendulum_summon": ({"cards"}, {"zones"}),
    "set_spell_trap": ({"card"}, {"zone"}),
    "activate": ({"card"}, {"effect", "targets", "cost", "does", "zone", "effect_negated"}),  # see below
    "resolve": (set(), set()),
    "phase": ({"to"}, set()),
    "attack": ({"attacker"}, {"target"}),
    "damage_step": (set(), set()),
    "damage_calculation": (set(), set()),
    # discarded: from the hand (else only "sent"); "cards" instead of "card": several moved at once (one step)
    "move": ({"to"}, {"card", "cards", "by", "destroyed", "discarded"}),
    "end_turn": (set(), set()),
    "draw": (set(), set()),
    "hand_size": (set(), {"cards"}),  # the hand-size discard at the end of the End Phase (phases.py)
    "effect": ({"card", "op"}, {"position", "amount"}),  # an effect the question states (stated.py)
}
OPS = ("special_summon", "destroy", "send_to_gy", "banish", "return_to_hand", "add_to_hand", "draw", "damage",
       "gain_lp", "negate_activation", "negate_effect", "negate_summon", "grant_normal_summon", "discard")
_COST_KEYS = ("pay_lp", "discard", "tribute", "send", "banish", "detach")
_HOW = ("procedure", "effect", "fusion", "synchro", "xyz", "link", "ritual", "pendulum")
_MOVE_TO = ("hand", "gy", "banished", "deck", "extra")
_BY = ("effect", "cost", "rule", "battle")


def _refs(value, field: str) -> list[str]:
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise bad(f"{field}[{i}]" if isinstance(value, list) else field, item, "must name a card (or an id)")
    return [item.strip() for item in items]


def parse_action(raw, index: int) -> dict:
    """Validate one action object; raises :class:`BadQuestionError` naming ``actions[i].<field>``."""
    where = f"actions[{index}]"
    if not isinstance(raw, dict):
        raise bad(where, raw, "an action must be an object with \"do\"")
    kind = raw.get("do")
    if kind == "tribute_summon":
        kind = "normal_summon"
    if kind not in ACTIONS:
        raise bad(f"{where}.do", raw.get("do"), f"unknown action kind (expected one of {', '.join(ACTIONS)})")
    required, optional = ACTIONS[kind]
    unknown = sorted(set(raw) - required - optional - {"do", "player"})
    if unknown:
        raise bad(f"{where}.{unknown[0]}", raw[unknown[0]], f"a {kind} action does not take this field")
    missing = sorted(required - set(raw))
    if missing:
        raise bad(f"{where}.{missing[0]}", None, f"a {kind} action needs this field")
    action = {"do": kind, "index": index}
    if "player" in raw:
        if raw["player"] not in PLAYERS:
            raise bad(f"{where}.player", raw["player"], "must be A or B")
        action["player"] = raw["player"]
    for key in ("card", "attacker"):
        if key == "card" and kind == "activate" and isinstance(raw.get(key), dict):  # a card of a kind (phases.py)
            from ..generic import normalise_class
            cls = raw[key].get("class")
            if set(raw[key]) != {"class"} or not isinstance(cls, dict):
                raise bad(f"{where}.card", raw[key], "a card of a kind is {\"class\": {...}}")
            action[key] = {"class": normalise_class(cls, f"{where}.card") if cls else {}}
        elif key in raw:
            action[key] = _refs(raw[key], f"{where}.{key}")[0]
    if "target" in raw:
        action["target"] = None if raw["target"] is None else _refs(raw["target"], f"{where}.target")[0]
    for key in ("tributes", "targets", "cards", "materials"):
        if key in raw:
            action[key] = _refs(raw[key], f"{where}.{key}")
    if "zone" in raw:
        zone = raw["zone"]
        if not (zone in EMZ_NAMES or (type(zone) is int and 1 <= zone <= 5)):
            raise bad(f"{where}.zone", zone, "must be 1-5, emz_left or emz_right")
        action["zone"] = zone
    if "zones" in raw:
        if not isinstance(raw["zones"], list):
            raise bad(f"{where}.zones", raw["zones"], "must be a list of zones")
        action["zones"] = raw["zones"]
    if "how" in raw:
        if raw["how"] not in _HOW:
            raise bad(f"{where}.how", raw["how"], f"expected one of {', '.join(_HOW)}")
        action["how"] = raw["how"]
    if "from" in raw:
        if raw["from"] not in PILES:
            raise bad(f"{where}.from", raw["from"], f"expected one of {', '.join(PILES)}")
        action["from"] = raw["from"]
    if "position" in raw:
        if raw["position"] not in ("attack", "defense"):
            raise bad(f"{where}.position", raw["position"], "must be attack or defense")
        action["position"] = raw["position"]
    if "effect" in raw:
        if type(raw["effect"]) is not int or raw["effect"] < 0:
            raise bad(f"{where}.effect", raw["effect"], "must be an effect index (0, 1, ...)")
        action["effect"] = raw["effect"]
    if "cost" in raw:
        action["cost"] = _parse_cost(raw["cost"], f"{where}.cost")
    if "does" in raw:
        action["does"] = _parse_ops(raw["does"], f"{where}.does")
    if "ignoring_conditions" in raw:  # a Special Summon by an effect that disregards the Summoning conditions
        if not isinstance(raw["ignoring_conditions"], bool) or raw.get("how") != "effect":
            raise bad(f"{where}.ignoring_conditions", raw["ignoring_conditions"], "true or false, with how: effect")
        action["ignoring_conditions"] = raw["ignoring_conditions"]
    if "effect_negated" in raw:  # the question states the effect is negated when it resolves (a lasting effect)
        if not isinstance(raw["effect_negated"], bool):
            raise bad(f"{where}.effect_negated", raw["effect_negated"], "must be true or false")
        action["effect_negated"] = raw["effect_negated"]
    if kind == "phase":
        from ..rules import PHASES
        if raw["to"] not in PHASES:
            raise bad(f"{where}.to", raw["to"], f"expected one of {', '.join(PHASES)}")
        action["to"] = raw["to"]
    if kind == "effect":  # an effect the question states: op and position (stated.py)
        from .stated import parse_effect
        action.update(parse_effect(raw, where))
    if kind == "move":
        if ("card" in raw) == ("cards" in raw) or ("cards" in raw and not action.get("cards")):
            raise bad(f"{where}.card", raw.get("card", raw.get("cards")), "a move action names one card (\"card\") or "
                                                                         "several moved at once (\"cards\": a list)")
        if raw["to"] not in _MOVE_TO:
            raise bad(f"{where}.to", raw["to"], f"expected one of {', '.join(_MOVE_TO)}")
        action["to"] = raw["to"]
        by = raw.get("by", "effect")
        if by not in _BY:
            raise bad(f"{where}.by", by, f"expected one of {', '.join(_BY)}")
        action["by"] = by
        destroyed = raw.get("destroyed", False)
        if not isinstance(destroyed, bool):
            raise bad(f"{where}.destroyed", destroyed, "must be true or false")
        action["destroyed"] = destroyed
        discarded = raw.get("discarded", False)
        if not isinstance(discarded, bool):
            raise bad(f"{where}.discarded", discarded, "must be true or false")
        action["discarded"] = discarded
    return action


def _parse_cost(cost, field: str) -> dict:
    if not isinstance(cost, dict):
        raise bad(field, cost, "must be an object such as {\"pay_lp\": \"half\"}")
    out = {}
    for key, value in cost.items():
        if key not in _COST_KEYS:
            raise bad(f"{field}.{key}", value, f"unknown cost (expected one of {', '.join(_COST_KEYS)})")
        if key == "pay_lp":
            if value != "half" and (type(value) is not int or value < 0):
                raise bad(f"{field}.pay_lp", value, "must be \"half\" or a whole number of LP")
            out[key] = value
        elif key == "detach":
            if type(value) is not int or value < 1:
                raise bad(f"{field}.detach", value, "must be a number of materials")
            out[key] = value
        else:
            out[key] = _refs(value, f"{field}.{key}")
    return out


def _parse_ops(ops, field: str) -> list[dict]:
    if not isinstance(ops, list):
        raise bad(field, ops, "must be a list of operations")
    out = []
    for i, op in enumerate(ops):
        where = f"{field}[{i}]"
        if not isinstance(op, dict) or op.get("op") not in OPS:
            raise bad(f"{where}.op", op.get("op") if isinstance(op, dict) else op,
                      f"unknown operation (expected one of {', '.join(OPS)})")
        unknown = sorted(set(op) - {"op", "card", "player", "amount", "count", "then", "position", "link"})
        if unknown:
            raise bad(f"{where}.{unknown[0]}", op[unknown[0]], "an operation does not take this field")
        item = {"op": op["op"], "then": bool(op.get("then", False))}
        if "card" in op:
            item["card"] = _refs(op["card"], f"{where}.card")[0]
        if "player" in op:
            if op["player"] not in PLAYERS:
                raise bad(f"{where}.player", op["player"], "must be A or B")
            item["player"] = op["player"]
        for key in ("amount", "count", "link"):
            if key in op:
                if type(op[key]) is not int or op[key] < 0:
                    raise bad(f"{where}.{key}", op[key], "must be a whole number")
                item[key] = op[key]
        if "position" in op:
            if op["position"] not in ("attack", "defense"):
                raise bad(f"{where}.position", op["position"], "must be attack or defense")
            item["position"] = op["position"]
        if item["op"] in ("special_summon", "destroy", "send_to_gy", "banish", "return_to_hand", "discard") and \
                "card" not in item:
            raise bad(f"{where}.card", None, f"a {item['op']} operation needs a card")
        if item["op"] in ("damage", "gain_lp") and "amount" not in item:
            raise bad(f"{where}.amount", None, f"a {item['op']} operation needs an amount")
        out.append(item)
    return out
