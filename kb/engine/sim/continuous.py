"""Continuous effects that react to events: the "that monster" links of Continuous cards (Call of the
Haunted and the like: "When this card leaves the field, destroy that monster", "When that monster is
destroyed, destroy this card") are applied; any other reacting Continuous effect of a card the events
involve is named as not modelled, so that answers depending on it are "unknown".
"""

from __future__ import annotations

import re

from .battle import aimed_at_nothing
from .phases import ATTACK_LOCK
from .restrictions import modelled as restriction_applied
from .state import Instance

__all__ = ["apply", "lasting_effects"]

_REACTIVE = re.compile(r"(?:When|If|Each time|Whenever)\b")
_MOVES = {"destroy", "send_to_gy", "banish", "special_summon", "return_to_hand", "damage", "lp_gain", "draw",
          "add_to_hand", "return_to_deck", "take_control", "equip"}
_LEAVES_DESTROY = re.compile(r"When this card leaves the field, destroy (?:that|the equipped) monster")
_THAT_DESTROYED = re.compile(r"When that monster is destroyed, destroy this card")
_THAT_LEAVES = re.compile(r"When that monster leaves the field, destroy this card")


def _has(inst: Instance, pattern) -> bool:
    return any(pattern.search(e.get("text") or "") for e in inst.card.effects)


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    from .. import rules
    return {"check": check, "result": result, "detail": detail, **rules.citation(*keys)}


def apply(game, window) -> None:
    """Continuous effects that react to the window's events: the "that monster" links of Continuous
    cards are applied; any other reacting Continuous effect of a card involved is recorded as not modelled."""
    state = game.state
    involved = {e.uid for e in window if e.uid is not None}
    for event in list(window):
        if event.uid is None:
            continue
        inst = state.cards[event.uid]
        if event.kind == "left_field" and inst.linked_to is not None:
            target = state.cards[inst.linked_to]
            inst.linked_to = None
            if _has(inst, _LEAVES_DESTROY) and target.location in ("monster", "emz") and target.face == "up":
                state.new_step()
                game.move(target, "gy", by="effect", destroyed=True, cause=f"{inst.name} left the field")
                game.steps.append(_step("continuous effect", "pass", f"{inst.name} left the field: its continuous "
                                        f"effect destroys {target.name}", "continuous_spell_trap"))
        if event.kind in ("destroyed", "destroyed_by_battle", "left_field"):
            for card in [c for c in state.cards.values() if c.linked_to == inst.uid]:
                pattern = _THAT_DESTROYED if event.kind != "left_field" else _THAT_LEAVES
                if _has(card, pattern) and card.on_field:
                    card.linked_to = None
                    state.new_step()
                    game.move(card, "gy", by="effect", destroyed=True, cause=f"{inst.name} left the field")
                    game.steps.append(_step("continuous effect", "pass", f"{inst.name} was destroyed or left: "
                                            f"{card.name} destroys itself", "continuous_spell_trap"))
    for uid in involved:
        inst = state.cards[uid]
        for effect in inst.card.effects:
            text = effect.get("text") or ""
            if _AT_CALCULATION.match(text) or ATTACK_LOCK.search(text):
                continue  # weighed at damage calculation (battle._modifiers) / applied by phases.py
            if effect["kind"] == "continuous" and _REACTIVE.match(text) and \
                    set(effect.get("categories") or []) & _MOVES and not (_LEAVES_DESTROY.search(text) or
                                                                         _THAT_DESTROYED.search(text) or
                                                                         _THAT_LEAVES.search(text)):
                game.unmodelled_part(f"{inst.name}'s continuous effect \"{text[:140]}\"")


# categories of a lasting effect that can change what the simulator decides (moves, prohibitions,
# protections, negations, replacements); ATK/DEF changes only matter in battle (see battle.py)
_LASTING = {"banish", "send_to_gy", "restrict", "protect", "negate_effect", "negate_activation", "negate_summon",
            "destroy", "return_to_hand", "return_to_deck", "take_control", "special_summon", "damage", "lp_gain",
            "treat_as", "use_as", "draw", "discard", "equip", "counter", "normal_summon"}


_TOPICS = (("battle", re.compile(r"attack|battle|Damage Step|damage calculation", re.I)),
           ("summon", re.compile(r"Summon|Tribute", re.I)),
           ("activate", re.compile(r"activat|negate|target(?![^.]*for (?:an )?attacks?)", re.I)),
           ("move", re.compile(r"instead|sent to|banish|destroy|leaves? the field|return|discard|draw|LP|damage",
                               re.I)))
# what each action kind (and the final resolution before a query) can be changed by
SCOPES = {"normal_summon": {"summon"}, "set_monster": {"summon"}, "flip_summon": {"summon"},
          "special_summon": {"summon", "move"}, "pendulum_summon": {"summon"}, "change_position": {"battle"},
          "activate": {"activate", "move", "summon"}, "resolve": {"activate", "move", "summon"},
          "attack": {"battle"}, "damage_step": {"battle"}, "damage_calculation": {"battle", "move"},
          "move": {"move"}, "set_spell_trap": {"activate"}, "phase": {"battle"}, "end_turn": {"move"},
          "draw": {"move"}, "finish": {"activate", "move", "summon"}}


# a card's own extra Attribute ("this card is also WIND-Attribute"): the simulator reads no Attribute anywhere
_OWN_ATTRIBUTE = re.compile(r"^(?:While (?:face-up )?on the field, )?this card is also (?:an? )?[A-Z]+[- ]Attribute"
                            r"(?: monster)?\.?$", re.I)
# an effect granted to the monster Summoned using this card as material ("A Synchro Monster that used this card as
# Synchro Material is unaffected by Trap effects"): it applies to that monster, never while this card is on the field
_GRANTED_AS_MATERIAL = re.compile(r"^(?:An? |The )?(?:(?:Fusion|Synchro|Xyz|Link|Ritual) )?Monster (?:that|which) "
                                  r"(?:used|uses) this card as (?:its |a )?(?:(?:Fusion|Synchro|Xyz|Link|Ritual) )?"
                                  r"Materials?\b", re.I)
# lasting effects that only change damage calculation (battle._modifiers names them there)
_AT_CALCULATION = re.compile(r"(?:\([^)]*\)\s*)?(?:If this card attacks a Defense Position monster, inflict "
                             r"piercing battle damage(?: to your opponent)?|Cannot be destroyed by battle)\.?$", re.I)


def lasting_effects(game, scope: set[str]) -> None:
    """Face-up cards on the field whose Continuous (or unreadable) effects could change what ``scope`` decides:
    named as not modelled, so that the answer is "unknown" rather than a guess that ignores them.  An effect
    concerns the topics its words name (battle, Summons, activations, moves); one naming none concerns all."""
    state = game.state
    for inst in state.cards.values():
        if not inst.on_field or inst.face != "up":
            continue
        for effect in inst.card.effects:
            if inst.card.is_monster and inst.pendulum_zone != (effect.get("section") == "pendulum"):
                continue  # Pendulum Effects apply in a Pendulum Zone, monster effects in a Monster Zone
            text = effect.get("text") or ""
            if not (effect["kind"] == "unknown" or (
                    effect["kind"] == "continuous" and set(effect.get("categories") or []) & _LASTING and
                    not (_LEAVES_DESTROY.search(text) or _THAT_DESTROYED.search(text) or _THAT_LEAVES.search(text)))):
                continue
            if aimed_at_nothing(state, inst, text):
                continue  # about the monsters a Link Monster points to, and it points to none (battle.py)
            if ATTACK_LOCK.search(text) or _AT_CALCULATION.match(text):
                continue  # applied by phases.py (attack lock) / weighed at damage calculation (battle._modifiers)
            if _GRANTED_AS_MATERIAL.match(text.strip()):
                continue  # granted to the monster Summoned with it as material: not while it is on the field itself
            if restriction_applied(text) or _OWN_ATTRIBUTE.match(text.strip()):
                continue  # a prohibition the checks apply (restrictions.py); its own Attribute (read nowhere)
            topics = {name for name, pattern in _TOPICS if pattern.search(text)}
            if "battle" in topics:
                topics = {"battle"}  # what applies "if ... battles" / "during the Damage Step" concerns battle
            if not topics or topics & scope:
                game.unmodelled_part(f"{inst.name}'s lasting effect on the field \"{text[:140]}\"")
