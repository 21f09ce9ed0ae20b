"""Can a card (or one of its effects) be activated now, with no chain (see :mod:`kb.engine.engine`)."""

from __future__ import annotations

from . import rules
from .engine import _assume_worlds, _best, _check_window, _event_moments
from .engine_card import EngineCard, Verdict, _effect_label, _effects_to_consider, _moments, _speed_text
from .model import Moment
from .windows import _cost_and_target_assumptions, _describe_pattern


# ------------------------------------------------------------------------------------------ activate

def check_activate(card: EngineCard, moment: Moment) -> Verdict:
    """Can ``card`` (one of its effects, or the card itself) be activated now, with no chain?"""
    controller = card.controller or (moment.turn or "A")
    effects = _effects_to_consider(card)
    if not effects:
        verdict = Verdict("no")
        verdict.step("effect kinds", "fail", f"{card.name} has no effect that is activated", "not_activated")
        return verdict
    verdicts = []
    damage_step = moment.step == "damage"
    for effect in effects:
        verdict = _activate_one(card, effect, controller, moment)
        verdict.effect = effect["index"]
        verdicts.append(verdict)
        if verdict.answer == "yes" and not damage_step:
            break
    best = _best(verdicts, card, None)
    if damage_step and card.effect is None:
        kinds = {effect["index"]: effect["kind"] for effect in effects}
        return _effect_not_said(best, [v for v in verdicts if kinds.get(v.effect) != "ignition"], card)
    return best


_EVENT_ASSUMED = "the event just happened"


def _effect_not_said(best: Verdict, verdicts: list[Verdict], card: EngineCard) -> Verdict:
    """In the Damage Step, a yes that rests only on an effect waiting for an event the question does not tell
    ("possible if ... is destroyed by battle"), while an effect the player uses at will cannot be activated
    there, does not answer which the question means: unknown, naming both.  ``verdicts`` leave out Ignition
    Effects: never activated outside the Main Phase, no question about the Damage Step means one."""
    if best.answer != "yes":
        return best
    yes = [v for v in verdicts if v.answer == "yes"]
    at_will_no = [v for v in verdicts if v.answer == "no" and not any(
        step["check"] == "activation condition" and step["result"] == "fail" for step in v.steps)
        and not any(a.startswith(_EVENT_ASSUMED) for a in v.assumed)
        and any(step["check"] == "activation condition" and "no event is needed" in step["detail"] for step in v.steps)]
    if not at_will_no or not all(any(a.startswith(_EVENT_ASSUMED) for a in v.assumed) for v in yes):
        return best
    verdict = Verdict("unknown", effect=best.effect)
    failing = next(step for step in at_will_no[0].steps if step["result"] == "fail")
    event = next(a for a in best.assumed if a.startswith(_EVENT_ASSUMED))[len(_EVENT_ASSUMED) + 2:]
    verdict.step("effect asked about", "unknown",
                 f"which effect of {card.name} is meant is not said: effect #{at_will_no[0].effect}, used at will, "
                 f"cannot ({failing['detail']}); effect #{best.effect} can only if {event}",
                 "damage_step", "psct")
    verdict.steps += [step for step in best.steps if step["check"] != "effects considered"]
    return verdict


def _activate_one(card: EngineCard, effect: dict, controller: str, moment: Moment) -> Verdict:
    verdict = Verdict()
    label = _effect_label(card, effect)
    if effect["kind"] == "unknown":
        verdict.step("effect kinds", "unknown", f"the kind of {label} could not be read from its text", "psct")
        return verdict
    verdict.step("effect kinds", "pass", f"{label}: {effect['kind']}, {_speed_text(effect)}",
                 rules.spell_speed_rule(card.card_type, card.property, effect["kind"]))
    cond = effect.get("condition") or {}
    events = cond.get("events") or []
    unknown = bool(cond.get("unparsed"))
    moments = _moments(moment)
    if events:
        usable = [p for p in events if p["type"] != "activation"]
        if not usable:
            return verdict.fail("activation condition", f"{card.name} needs {_describe_pattern(events[0])}: it "
                                                        f"can only be activated in response to a chain link, and "
                                                        f"there is no chain", "activation_condition",
                        "chain_only_activations")
        pattern = usable[0]
        moments = _event_moments(pattern, moments, controller)
        if not moments:
            return verdict.fail("activation condition", f"{card.name} needs {_describe_pattern(pattern)}, which "
                                                        f"cannot happen at {moment.describe()}",
                        "activation_condition", "turn_structure")
        verdict.step("activation condition", "pass", f"possible if {_describe_pattern(pattern)} just happened",
                     "activation_condition", "trigger" if effect["kind"] in ("trigger", "flip") else "psct")
        verdict.assume(f"the event just happened: {_describe_pattern(pattern)}")
    elif unknown:
        verdict.step("activation condition", "unknown", "part of the condition could not be read: " +
                     "; ".join(cond["unparsed"]), "psct")
    else:
        verdict.step("activation condition", "pass", "no event is needed", "activation_condition")
    survivors = _check_window(verdict, card, effect, controller, moments, in_chain=False)
    if not survivors:
        if unknown and "Damage Step" in verdict.steps[-1]["detail"]:
            verdict.answer = "unknown"  # the part of the condition not read may name a Damage Step timing
        return verdict
    _assume_worlds(verdict, card, survivors, controller, moment)
    for state in cond.get("state") or []:
        verdict.assume(f"{card.name}'s requirement holds: {state}")
    for assumption in _cost_and_target_assumptions(effect, controller):
        verdict.assume(assumption)
    verdict.answer = "unknown" if unknown or verdict.undecided else "yes"
    return verdict
