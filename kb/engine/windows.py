"""When an effect may be activated: the activation window of a card or effect at one moment (turn, phase,
step, Damage Step timing) in one state, the Damage Step permissions, and how an activation condition
matches a chain link (see :mod:`kb.engine.engine`)."""

from __future__ import annotations

import re

from . import rules
from .damage_step import stats_left_to_chance
from .engine_card import EngineCard, _PHASE_NAMES, _State, _effect_label, _is_card_activation, link_tags
from .model import Moment
from .profiles.objects import describe_object, objects_match


# ------------------------------------------------------------------------------------------ activation windows

def _window_ok(card: EngineCard, effect: dict, moment: Moment, state: _State, controller: str,
               in_chain: bool) -> tuple[bool, str]:
    """Can ``effect`` be activated by ``controller`` at ``moment`` with the card in ``state``? (reason)"""
    own_turn = moment.turn == controller
    cond = effect.get("condition") or {}
    # location
    if _is_card_activation(effect):
        row = rules.CARD_ACTIVATION.get((card.card_type, card.property))
        if row is None:
            return False, "unknown card property"
        if state.location == "hand":
            if not row["from_hand"] and not effect.get("hand_activation"):
                return False, f"{card.name} cannot be activated from the hand"
            if row.get("hand_turn") == "own" and not own_turn:
                return False, f"{card.name} can only be activated from the hand in its controller's own turn"
        elif state.location == "field":
            if state.face != "down":
                return False, f"{card.name} is already face-up"
            if state.set_this_turn and not row["set_turn"] and not effect.get("set_turn_activation"):
                return False, f"{card.name} cannot be activated in the turn it was Set"
        else:
            return False, f"{card.name} is not activated from the {state.location}"
        if row["turn"] == "own" and not own_turn:
            return False, f"{card.name} can only be activated in its controller's turn"
        if row["phases"] and moment.phase not in row["phases"]:
            return False, f"{card.name} can only be activated in the Main Phase"
        if card.card_type == "Spell" and card.property != "Quick-Play" and in_chain:
            return False, "Spell Speed 1 Spells are activated only in an open game state"
    else:
        locations = effect["locations"] or ["field"]
        where = state.location
        if where == "field":
            if card.card_type == "Monster" and state.face != "up" and effect["kind"] != "flip":
                return False, f"{card.name} must be face-up on the field"
            if card.card_type != "Monster" and state.face != "up" and "pendulum_zone" not in locations:
                return False, f"{card.name} must be face-up on the field"
        allowed = {("field" if loc == "pendulum_zone" else loc) for loc in locations}
        if where not in allowed:
            return False, f"this effect is activated from the {'/'.join(sorted(allowed))}"
        base = rules.EFFECT_ACTIVATION.get(effect["kind"])
        if base is None:
            return False, "not an activated effect"
        if base["turn"] == "own" and not own_turn:
            return False, "an Ignition Effect is activated only in its controller's own turn"
        if base["phases"] and moment.phase not in base["phases"]:
            return False, "an Ignition Effect is activated only in the Main Phase"
        if base.get("open_only") and in_chain:
            return False, "an Ignition Effect is activated only in an open game state"
    # restrictions written in the condition
    turn = cond.get("turn")
    if turn == "own" and not own_turn:
        return False, "its condition requires its controller's turn"
    if turn == "opponent" and own_turn:
        return False, "its condition requires the opponent's turn"
    phases = cond.get("phases") or []
    if phases and not effect["kind"] in ("trigger",) or (phases and effect["kind"] == "trigger" and
                                                        not cond.get("events")):
        wanted = set()
        for phase in phases:
            wanted.update(_PHASE_NAMES.get(phase, ()))
        if wanted and moment.phase not in wanted:
            return False, "its condition names another phase"
        if "battle_step" in phases and moment.step != "battle" or "start_step" in phases and moment.step != \
                "start" or "end_step" in phases and moment.step != "end":
            return False, "its condition names another step"
    excluded = set()
    for phase in cond.get("except_phases") or []:
        excluded.update(_PHASE_NAMES.get(phase, ()))
    if moment.phase in excluded:
        return False, "its condition excludes this phase"
    ds = cond.get("damage_step") or []
    if ds:
        allowed_timings = set()
        for timing in ds:
            allowed_timings.update(rules.DAMAGE_STEP[f"timing:{timing}"][0])
        if moment.step != "damage" or moment.timing not in allowed_timings:
            return False, "its condition names a Damage Step timing"
    return True, ""


# events that only happen in (or are unique to) the Damage Step: battle destruction and damage
_BATTLE_EVENTS = ("destroyed_by_battle", "destroys_by_battle", "inflicts_damage", "takes_damage")


_NO_RESPONSE_WORDS = {"all": "cards or effects", "spell_trap": "Spell/Trap Cards", "monster_effects": "monster effects"}


def _response_barred(card: EngineCard, controller: str, link_effect: dict, link_controller: str) -> str | None:
    """What the last link's "cannot activate ... in response to this card's activation" text bars ("" when it
    bars nothing for this card and player; None when the responding card's kind is not known)."""
    rule = link_effect.get("no_response")
    if not rule or rule["players"] == "opponent" and controller == link_controller:
        return ""
    who = " of either player" if rule["players"] == "both" else f" of {link_controller}'s opponent"
    words = _NO_RESPONSE_WORDS[rule["what"]]
    if rule["what"] == "all":
        return words + who
    if card.card_type is None:
        return None
    hit = card.card_type in ("Spell", "Trap") if rule["what"] == "spell_trap" else card.card_type == "Monster"
    return words + who if hit else ""


def _cost_and_target_assumptions(effect: dict, controller: str, of: str = "") -> list[str]:
    """What an activation needs that the question does not say: its cost can be paid, its targets exist."""
    out = []
    if effect.get("cost"):
        out.append(f"{controller} can pay the cost{of}: {effect['cost']}")
    if effect.get("target_text"):
        out.append(f"there is a legal target{of}: {effect['target_text']}")
    return out


def _changes_atk_def(effect: dict) -> bool:
    return "atk_change" in effect["categories"] or "def_change" in effect["categories"]


def _damage_step_reasons(card: EngineCard, effect: dict) -> list[str]:
    """The :data:`rules.DAMAGE_STEP` rows that let ``effect`` be activated in the Damage Step."""
    cond = effect.get("condition") or {}
    if cond.get("except_damage_step"):
        return []
    exception = rules.DAMAGE_STEP_EXCEPTIONS.get(card.name)
    if exception and effect["kind"] in exception[0]:
        return []
    reasons = []
    if _is_card_activation(effect) and card.card_type == "Trap" and card.property == "Counter":
        reasons.append("counter_trap")
    if "negate_activation" in effect["categories"]:
        reasons.append("negates_activation")
    if effect["kind"] in ("trigger", "flip") and effect["optional"] is False:
        reasons.append("mandatory")
    if _changes_atk_def(effect) and (_is_card_activation(effect) or effect["kind"] == "quick") and \
            "special_summon" not in effect["categories"] and not stats_left_to_chance(card.effects):
        reasons.append("atk_def_change")  # Summon-and-modify cards, a coin toss: not for that reason
    if _is_card_activation(effect) and card.card_type == "Trap" and card.property == "Continuous" and \
            not stats_left_to_chance(card.effects) and "special_summon" not in effect["categories"] and any(
                e["kind"] == "continuous" and _changes_atk_def(e) for e in card.effects):
        reasons.append("continuous_atk_def")
    if any(ev.get("event") in _BATTLE_EVENTS for ev in cond.get("events", [])):
        reasons.append("battle_event")
    for timing in cond.get("damage_step") or []:
        reasons.append(f"timing:{timing}")
    if effect["kind"] in ("trigger", "flip") and effect["optional"] and (effect["kind"] == "flip" or any(
            ev.get("subject") == "this_card" for ev in cond.get("events", []))):
        reasons.append("self_event_trigger")  # about the card itself: Summoned, moved, flipped (FLIP effects)
    return reasons


def _damage_step_ok(card: EngineCard, effect: dict, moment: Moment) -> tuple[bool, str]:
    if moment.step != "damage":
        return True, ""
    reasons = _damage_step_reasons(card, effect)
    exception = rules.DAMAGE_STEP_EXCEPTIONS.get(card.name)
    if exception and effect["kind"] in exception[0]:
        return False, f"{card.name} is ruled unusable in the Damage Step"
    for reason in reasons:
        if moment.timing in rules.DAMAGE_STEP[reason][0]:
            return True, reason
    if reasons:
        return False, f"allowed in the Damage Step only as {', '.join(reasons)}, not at this timing"
    return False, "none of the Damage Step permissions applies"


# ------------------------------------------------------------------------------------------ conditions

def _match_activation_pattern(pattern: dict, link_card: EngineCard, link_effect: dict, controller: str,
                              link_controller: str, verdict_notes: list[str], own_type: str | None = None) -> str:
    """Does the activation event ``pattern`` match the chain link? ``pass``/``fail``/``unknown``.

    ``own_type`` is the card type of the card whose condition this is ("targets this card").
    """
    own_type_kind = "monster" if own_type == "Monster" else "spell_trap"
    player = pattern.get("player", "any")
    if player == "opponent" and link_controller == controller:
        return "fail"
    if player == "you" and link_controller != controller:
        return "fail"
    card_activation = _is_card_activation(link_effect)
    link_type = "Spell" if link_effect.get("section") == "pendulum" else link_card.card_type
    kind_ok = False
    for alt in pattern["alternatives"]:
        if alt["activation"] == "card" and not card_activation:
            continue
        if alt["activation"] == "effect" and card_activation:
            continue
        if alt["card_types"] and link_type not in alt["card_types"]:
            continue
        if alt["properties"] and link_card.property not in alt["properties"]:
            continue
        if alt.get("locations"):
            link_locations = {"field" if loc == "pendulum_zone" else loc for loc in link_effect["locations"]}
            if not link_locations & set(alt["locations"]):
                continue
            if link_locations - set(alt["locations"]):
                verdict_notes.append(f"assume: {link_card.name} activated its effect in the "
                                     f"{'/'.join(alt['locations'])}")
        kind_ok = True
        break
    if not kind_ok:
        return "fail"
    where = _context_vs_link(pattern.get("context"), link_card, link_effect, card_activation, verdict_notes)
    if where != "pass":
        return where
    tags = link_tags(link_effect)
    for key in ("includes", "would"):
        wanted = pattern.get(key) or []
        if wanted:
            if not tags & set(wanted):
                return "unknown" if link_effect["unknown"] else "fail"
            verdict_notes.append(f"{_effect_label(link_card, link_effect)} includes "
                                 f"{', '.join(sorted(tags & set(wanted)))}")
    if pattern.get("objects"):  # "that would destroy a Spell/Trap(s) on the field": what it acts on
        result = objects_match(pattern["objects"], link_card, link_effect, controller, link_controller,
                               verdict_notes)
        if result != "pass":
            return result
    if pattern.get("targets"):
        if not link_effect["targets"]:
            return "unknown" if link_effect["unknown"] else "fail"
        wanted = {own_type_kind if kind == "this_card" else kind for kind in pattern.get("target_kinds") or []}
        offered = set(link_effect.get("target_kinds") or [])
        if wanted and offered and "card" not in wanted | offered and not wanted & offered:
            return "fail"  # it targets Spells/Traps, the condition wants a monster (or the reverse)
        verdict_notes.append(f"assume: the activation {pattern['targets']}")
    if pattern.get("unparsed"):
        return "unknown"
    return "pass"


# what a condition's trailing phrase adds to "when a card or effect is activated …": a phase ("during …")
# is read into the condition's phases by the profile; these say nothing more than the event itself
_NO_RESTRICTION = re.compile(r"^in response to (?:a|another) card or effect activation$")


def _context_vs_link(context: str | None, link_card: EngineCard, link_effect: dict, card_activation: bool,
                     verdict_notes: list[str]) -> str:
    """Does the chain link meet the phrase after the activation in the condition ("is activated on the
    field")? ``pass``/``fail``/``unknown``: a phrase not modelled here is ``unknown``, never ignored.

    A card is activated on the field (a Spell/Trap is placed there, even from the hand); a monster's
    effect is activated where the monster is (Droll & Lock Bird's in the hand is not "on the field").
    """
    if not context or context.startswith("during") or _NO_RESTRICTION.match(context):
        return "pass"
    if context != "on the field":
        return "unknown"
    if card_activation:
        return "pass"
    where = {"field" if loc == "pendulum_zone" else loc for loc in link_effect.get("locations") or []}
    if not where:
        return "unknown"
    if "field" not in where:
        verdict_notes.append(f"{link_card.name} activates this effect in the {'/'.join(sorted(where))}, "
                             f"not on the field")
        return "fail"
    if where != {"field"}:
        verdict_notes.append(f"assume: {link_card.name} activated its effect on the field")
    return "pass"


def _describe_pattern(pattern: dict) -> str:
    if pattern["type"] == "activation":
        alts = []
        for alt in pattern["alternatives"]:
            what = "/".join(alt["card_types"] or []) + (" " + "/".join(alt["properties"]) if alt["properties"]
                                                        else "")
            alts.append(f"{alt['activation']} activation{(' of a ' + what.strip()) if what.strip() else ''}")
        extra = ""
        if pattern.get("includes"):
            extra += f" that includes {', '.join(pattern['includes'])}"
        if pattern.get("objects"):
            extra += " that would " + ", ".join(describe_object(obj) for obj in pattern["objects"])
        elif pattern.get("would"):
            extra += f" that would {', '.join(pattern['would'])}"
        if pattern.get("targets"):
            extra += f" that {pattern['targets']}"
        if pattern.get("context") == "on the field":
            extra += " on the field"
        who = {"opponent": " by the opponent", "you": " by its controller"}.get(pattern.get("player"), "")
        return " or ".join(alts) + who + extra
    if pattern["type"] == "summon":
        return f"a monster {'about to be' if pattern['stage'] == 'would' else 'just'} Summoned"
    return pattern.get("raw") or pattern["type"]
