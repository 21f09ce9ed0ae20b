"""Simultaneous triggers (SEGOC): the order in which they are placed on the chain (see
:mod:`kb.engine.engine`)."""

from __future__ import annotations

from . import rules
from .engine_card import EngineCard


# ------------------------------------------------------------------------------------------ SEGOC

def check_segoc(triggers: list[EngineCard], turn: str) -> dict:
    """Order simultaneous trigger effects: turn player's mandatory, opponent's mandatory, then optional."""
    steps, groups = [], {key: [] for key in rules.SEGOC_GROUPS}
    unknown = []
    for card in triggers:
        effects = [e for e in card.effects if e["kind"] in ("trigger", "flip")]
        if card.effect is not None:
            effects = [e for e in card.effects if e["index"] == card.effect]
        optional = {e["optional"] for e in effects}
        controller = card.controller or turn
        whose = "turn" if controller == turn else "opponent"
        if not effects or len(optional) != 1 or None in optional:
            unknown.append(card.name)
            detail = (f"{card.name} has no trigger effect" if not effects else
                      f"{card.name} has both optional and mandatory trigger effects; name the effect")
            steps.append({"check": "trigger kind", "result": "unknown", "detail": detail,
                          **rules.citation("trigger", "psct")})
            continue
        mandatory = not optional.pop()
        groups[(whose, mandatory)].append(card.name)
        steps.append({"check": "trigger kind", "result": "pass",
                      "detail": f"{card.name} ({controller}, {'turn player' if whose == 'turn' else 'opponent'}): "
                                f"{'mandatory' if mandatory else 'optional'} trigger effect",
                      **rules.citation("trigger", "psct")})
    order, group_list = [], []
    for key in rules.SEGOC_GROUPS:
        if groups[key]:
            order.extend(groups[key])
            group_list.append(list(groups[key]))
    steps.append({"check": "SEGOC order", "result": "unknown" if unknown else "pass",
                  "detail": "chain links in order: turn player's mandatory, opponent's mandatory, turn player's "
                            "optional, opponent's optional" + (f"; could not place {', '.join(unknown)}"
                                                                 if unknown else ""),
                  **rules.citation("segoc")})
    return {"answer": "unknown" if unknown else "ordered", "order": order, "groups": group_list, "steps": steps}
