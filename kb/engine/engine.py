"""The checks: can a card be chained, activated now, how simultaneous triggers are ordered, and whether a
trigger misses the timing.

Every check appends a step ``{"check", "result", "detail", "cites", "quote"}``; ``result`` is ``pass``,
``fail`` or ``unknown``; ``cites`` (at most three section ids, best first) and ``quote`` (the sentence of
the deciding rule) come from :data:`kb.engine.rules.RULES` via :func:`kb.engine.rules.citation`.  Unspecified parts of the situation
mean "is it possible?": the engine enumerates the concrete moments (turn, phase, step, Damage Step
timing) and card states (location, face, Set this turn) that agree with the given fields, filters them
by each rule, answers "yes" when some survive and lists what they need under ``assumed``.

The chain check lives here; the others in their modules (:mod:`kb.engine.activate`,
:mod:`kb.engine.segoc`, :mod:`kb.engine.timing`), on the values of :mod:`kb.engine.engine_card` and the
activation windows of :mod:`kb.engine.windows`; all are offered here.  The functions take
already-resolved cards (:class:`EngineCard`) so that they are fast enough for a deck-against-deck
matrix; :mod:`kb.engine.questions` resolves names and builds them.
"""

from __future__ import annotations

import re
from itertools import product

from . import rules
from .engine_card import (EngineCard, Verdict, _MAIN, _effect_label, _effects_to_consider,
                          _is_card_activation, _moments, _states)
from .model import Moment, other_player
from .profiles.conditions import _parse_activation_what
from .windows import (_changes_atk_def, _cost_and_target_assumptions, _damage_step_ok, _describe_pattern,
                      _match_activation_pattern, _response_barred, _window_ok)

__all__ = ["EngineCard", "Verdict", "ACTIVATED_KINDS", "check_chain", "check_activate", "check_segoc",
           "check_timing", "link_tags", "TIMING_EVENTS", "TIMING_BY",
           "TIMING_CAUSED_BY"]


# ------------------------------------------------------------------------------------------ chain

def _link_moments(link: EngineCard, link_effect: dict, moments: list[Moment], link_controller: str,
                  in_chain: bool) -> list[Moment]:
    """The moments at which the chain link's activation could have been made."""
    out = []
    states = _states(link)
    events = [p for p in (link_effect.get("condition") or {}).get("events", []) if p["type"] != "activation"]
    if events and not any(p["type"] == "activation" for p in link_effect["condition"]["events"]):
        allowed = set()
        for pattern in events:
            allowed.update(_event_moments(pattern, moments, link_controller))
        moments = [m for m in moments if m in allowed]
    for moment in moments:
        for state in states:
            ok, _ = _window_ok(link, link_effect, moment, state, link_controller, in_chain)
            if ok and _damage_step_ok(link, link_effect, moment)[0]:
                out.append(moment)
                break
    return out


def check_chain(card: EngineCard, chain: list[EngineCard], moment: Moment, *,
                event: str | None = None) -> Verdict:
    """Can ``card`` be activated as the next chain link after ``chain`` (link 1 first)?

    Tries every activated effect of the card against every activated effect of the last link and
    answers "yes" when some pair passes every check, "no" when every pair fails a known check.
    """
    last = chain[-1]
    link_controller = last.controller or (other_player(card.controller) if card.controller else "A")
    controller = card.controller or other_player(link_controller)
    effects = _effects_to_consider(card)
    link_effects = _effects_to_consider(last)
    verdicts = []
    if not effects:
        verdict = Verdict("no")
        verdict.step("effect kinds", "fail", f"{card.name} has no effect that is activated (only continuous "
                                              f"effects or rules text)", "not_activated")
        return verdict
    if not link_effects:
        verdict = Verdict("no")
        verdict.step("chain link", "fail", f"{last.name} has no effect that is activated, so it cannot be a "
                                           f"chain link", "not_activated", "chain_only_activations")
        return verdict
    for effect, link_effect in product(effects, link_effects):
        verdict = _chain_pair(card, effect, controller, last, link_effect, link_controller, len(chain), moment,
                              event)
        verdict.effect, verdict.link_effect = effect["index"], link_effect["index"]
        verdicts.append(verdict)
        if verdict.answer == "yes":
            break
    return _best(verdicts, card, last)


def _best(verdicts: list[Verdict], card: EngineCard, last: EngineCard | None) -> Verdict:
    for answer in ("yes", "unknown", "no"):
        chosen = [v for v in verdicts if v.answer == answer]
        if chosen:
            best = max(chosen, key=lambda v: sum(step["result"] == "pass" for step in v.steps))
            if len(verdicts) > 1 and answer == "no":
                reasons = []
                for verdict in verdicts:
                    failing = [step for step in verdict.steps if step["result"] == "fail"]
                    if failing:
                        reasons.append(f"effect #{verdict.effect}"
                                       + (f" against #{verdict.link_effect}" if last else "")
                                       + f": {failing[-1]['detail']}")
                best.steps.insert(0, {"check": "effects considered", "result": "fail",
                                      "detail": "no effect can be activated: " + "; ".join(reasons),
                                      **rules.citation("psct")})
            elif len(verdicts) > 1:
                tried = len(verdicts)
                best.steps.insert(0, {"check": "effects considered", "result": "pass" if answer == "yes" else
                                      ("unknown" if answer == "unknown" else "fail"),
                                      "detail": f"{tried} combination(s) of effects tried; the one shown is "
                                                f"{card.name} effect #{best.effect}" +
                                                (f" against {last.name} effect #{best.link_effect}" if last else ""),
                                      **rules.citation("psct")})
            return best
    return verdicts[0]


def _chain_pair(card: EngineCard, effect: dict, controller: str, last: EngineCard, link_effect: dict,
                link_controller: str, chain_length: int, moment: Moment, event: str | None) -> Verdict:
    verdict = Verdict()
    label, link_label = _effect_label(card, effect), _effect_label(last, link_effect)
    unknown = False
    # 1. is it activated at all
    if effect["kind"] == "unknown" or link_effect["kind"] == "unknown":
        which = label if effect["kind"] == "unknown" else link_label
        verdict.step("effect kinds", "unknown", f"the kind of {which} could not be read from its text", "psct")
        verdict.answer = "unknown"
        return verdict
    verdict.step("effect kinds", "pass", f"{label} is " +
                 ("a card activation" if effect["kind"] == "activation" else f"a {effect['kind']} effect") +
                 "; the last chain "
                 f"link is {link_label}", rules.spell_speed_rule(card.card_type, card.property, effect["kind"]),
                 "chain_only_activations")
    # 2. spell speed
    speed, link_speed = effect["spell_speed"], link_effect["spell_speed"]
    if speed is None or link_speed is None:
        return verdict.fail("spell speed", "an effect that is not activated cannot be chained", "not_activated")
    if speed < 2 or speed < link_speed:
        why = "Spell Speed 1 cannot respond to anything" if speed < 2 else \
            f"Spell Speed {speed} cannot respond to Spell Speed {link_speed}"
        return verdict.fail("spell speed", f"{label} is Spell Speed {speed}; {link_label} is Spell Speed "
                                           f"{link_speed}: {why}", "spell_speed", "spell_speed_table")
    verdict.step("spell speed", "pass", f"Spell Speed {speed} may respond to Spell Speed {link_speed}",
                 "spell_speed", "spell_speed_table")
    # 2b. text on the last link that forbids responses to its activation
    barred = _response_barred(card, controller, link_effect, link_controller)
    if barred is None:
        verdict.step("responses allowed", "unknown", f"{link_label} forbids some responses to its activation "
                                                     f"and the kind of the responding card is not known",
                     "no_response")
        unknown = True
    elif barred:
        return verdict.fail("responses allowed", f"{link_label} forbids activating {barred} in response to "
                                                 f"its activation", "no_response")
    # 3. activation condition against the last chain link
    cond = effect.get("condition")
    if event is None:
        # a link that answers an attack or a Summon means the chain was started on that event
        event = _implied_event(link_effect)
        if event is not None and any(p["type"] != "activation" and _event_matches(p, event)
                                     for p in (cond or {}).get("events", [])):
            verdict.assume(f"the chain was started in response to the event {last.name} answers ({event})")
    result = _condition_vs_link(verdict, card, effect, controller, last, link_effect, link_controller, event)
    if result == "fail":
        verdict.answer = "no"
        return verdict
    unknown |= result == "unknown"
    # 4. when and where: enumerate moments and card states
    moments = _moments(moment)
    link_moments = _link_moments(last, link_effect, moments, link_controller, in_chain=chain_length > 1)
    if not link_moments:
        return verdict.fail("chain link timing", f"{link_label} cannot be activated at "
                                                 f"{moment.describe()}", _window_rule(last, link_effect),
                    "damage_step")
    # an effect answering the event the chain started on (an attack, a Summon) must agree with the link
    # about when that event happened (whose attack, which step)
    event_patterns = [p for p in (cond or {}).get("events", []) if p["type"] != "activation" and event and
                      _event_matches(p, event)]
    if event_patterns:
        narrowed = set()
        for pattern in event_patterns:
            narrowed.update(_event_moments(pattern, link_moments, controller))
        if not narrowed:
            return verdict.fail("activation window", f"{card.name} needs {_describe_pattern(event_patterns[0])} "
                                                     f"for {controller}, which cannot be the event "
                                                     f"{link_label} answers", "activation_condition",
                        "turn_structure")
        link_moments = [m for m in link_moments if m in narrowed]
    survivors = _check_window(verdict, card, effect, controller, link_moments, in_chain=True)
    if not survivors:
        return verdict
    _assume_worlds(verdict, card, survivors, controller, moment)
    if cond and cond.get("state"):
        for state in cond["state"]:
            verdict.assume(f"{card.name}'s requirement holds: {state}")
    for assumption in _cost_and_target_assumptions(effect, controller, f" of {card.name}"):
        verdict.assume(assumption)
    verdict.answer = "unknown" if unknown or verdict.undecided else "yes"
    return verdict


def _condition_vs_link(verdict: Verdict, card: EngineCard, effect: dict, controller: str, last: EngineCard,
                       link_effect: dict, link_controller: str, event: str | None) -> str:
    cond = effect.get("condition")
    if not cond or not cond["events"]:
        if cond and cond["unparsed"]:
            verdict.step("activation condition", "unknown", f"part of the condition of {card.name} could not be "
                                                            f"read: {'; '.join(cond['unparsed'])}", "psct")
            return "unknown"
        if "negate_activation" in (effect.get("categories") or []):
            return _negated_activation_vs_link(verdict, card, effect, controller, last, link_effect,
                                               link_controller)
        verdict.step("activation condition", "pass", f"{card.name} needs no particular event", "activation_condition")
        return "pass"
    results, notes = [], []
    for pattern in cond["events"]:
        if pattern["type"] == "activation":
            results.append((pattern, _match_activation_pattern(pattern, last, link_effect, controller,
                                                               link_controller, notes, card.card_type)))
        elif event and _event_matches(pattern, event):
            results.append((pattern, "pass"))
        else:
            results.append((pattern, "fail"))
    passed = [p for p, r in results if r == "pass"]
    rule_keys = ["activation_condition", "card_vs_effect_activation"]
    if any(p.get("includes") for p, _ in results):
        rule_keys.append("includes_effect")
    if any(p.get("would") for p, _ in results):
        rule_keys.append("would_effect")
    if any(p["type"] == "summon" and p["stage"] == "would" for p, _ in results):
        rule_keys.append("summon_negation")
    if passed and _is_card_activation(link_effect) and any(
            alt.get("effect_wording") for p in passed for alt in p.get("alternatives", [])):
        rule_keys.insert(1, "effect_wording_includes_card")  # "when an effect is activated": a card's too
    if passed:
        for note in notes:
            if note.startswith("assume: "):
                verdict.assume(note[8:])
        detail = f"{card.name} needs {_describe_pattern(passed[0])}; {_effect_label(last, link_effect)} is one"
        if notes:
            detail += " (" + "; ".join(n.replace("assume: ", "") for n in notes) + ")"
        verdict.step("activation condition", "pass", detail, *rule_keys)
        return "pass"
    if any(r == "unknown" for _, r in results):
        verdict.step("activation condition", "unknown", f"could not tell whether {_effect_label(last, link_effect)} "
                                                        f"matches {card.name}'s condition "
                                                        f"({'; '.join(_describe_pattern(p) for p, _ in results)})",
                     *rule_keys)
        return "unknown"
    needs = " or ".join(_describe_pattern(p) for p, _ in results)
    link_kind = "card activation" if _is_card_activation(link_effect) else f"{last.card_type} effect"
    verdict.step("activation condition", "fail", f"{card.name} needs {needs}; the last chain link is the "
                                                 f"{link_kind} of {last.name}" +
                 ("" if event else " and no other event is given"), *rule_keys)
    return "fail"


# an old text with no "When" ("Pay 500 LP. Negate the activation of a Trap Card"): what it negates
_NEGATES_ACTIVATION_OF = re.compile(r"\bnegate the activation of (?P<what>[^.;:]+?)(?:,(?! or\b)|\band\b|\.|;|$)",
                                    re.IGNORECASE)


def _negated_activation_vs_link(verdict: Verdict, card: EngineCard, effect: dict, controller: str,
                                last: EngineCard, link_effect: dict, link_controller: str) -> str:
    """A card with no activation condition whose effect negates an activation: it is activated in a
    chain directly to an activation it can negate (RULES ``negate_directly``), so the kind it names
    ("a Trap Card") must match the last link; a kind not read is ``unknown``, never a pass."""
    found = _NEGATES_ACTIVATION_OF.search(effect.get("text") or "")
    alternatives = _parse_activation_what(found.group("what")) if found else None
    if not alternatives:
        verdict.step("activation condition", "unknown", f"{card.name} negates an activation, so it must be chained "
                                                        f"directly to one it can negate, but which ones could not "
                                                        f"be read", "negate_directly")
        return "unknown"
    pattern = {"type": "activation", "player": "any", "alternatives": alternatives, "includes": [], "would": [],
               "targets": None, "unparsed": []}
    notes: list[str] = []
    result = _match_activation_pattern(pattern, last, link_effect, controller, link_controller, notes,
                                       card.card_type)
    said = f"{card.name} negates the activation of {found.group('what').strip()}"
    link = _effect_label(last, link_effect)
    if result == "pass":
        verdict.step("activation condition", "pass", f"{said}, and {link} is one", "negate_directly",
                     "activation_condition")
    elif result == "fail":
        verdict.step("activation condition", "fail", f"{said}; the last chain link is {link}, which it cannot "
                                                     f"negate", "negate_directly", "activation_condition")
    else:
        verdict.step("activation condition", "unknown", f"{said}; could not tell whether {link} is one",
                     "negate_directly")
    return result


_EVENT_NAMES = {
    "attack_declared": lambda p: p["type"] in ("attack_declared",),
    "summoning": lambda p: p["type"] == "summon" and p["stage"] == "would",
    "normal_summoned": lambda p: p["type"] == "summon" and p["stage"] == "done" and (
        set(p["methods"]) & {"any", "normal"}),
    "flip_summoned": lambda p: p["type"] == "summon" and p["stage"] == "done" and (set(p["methods"]) & {"any", "flip"}),
    "special_summoned": lambda p: p["type"] == "summon" and p["stage"] == "done" and (
        set(p["methods"]) & {"any", "special"}),
}


def _implied_event(link_effect: dict) -> str | None:
    """The event a chain link answers (``attack_declared``, ``summoning`` ...), when it answers one."""
    patterns = (link_effect.get("condition") or {}).get("events", [])
    if not patterns or any(p["type"] == "activation" for p in patterns):
        return None
    matched = {name for name in _EVENT_NAMES for p in patterns if _event_matches(p, name)}
    return matched.pop() if len(matched) == 1 else None


def _event_matches(pattern: dict, event: str) -> bool:
    test = _EVENT_NAMES.get(event)
    return bool(test and test(pattern))


def _window_rule(card: EngineCard, effect: dict) -> str:
    if _is_card_activation(effect):
        row = rules.CARD_ACTIVATION.get((card.card_type, card.property))
        return row["rule"] if row else "psct"
    return rules.EFFECT_ACTIVATION.get(effect["kind"], {}).get("rule", "monster_effect_location")


def _check_window(verdict, card, effect, controller, moments, *, in_chain: bool) -> list:
    """The "activation window" step (and, when only Damage Step moments remain, the "damage step" step).

    Returns the surviving (moment, state) worlds; on none, records the failure and sets the answer to no.
    """
    survivors, fail_detail, fail_rules = _surviving_worlds(card, effect, controller, moments, in_chain=in_chain)
    if not survivors:
        verdict.fail("activation window", fail_detail, *fail_rules)
        return []
    verdict.step("activation window", "pass", _window_detail(card, survivors, controller),
                 _window_rule(card, effect), "turn_structure")
    if all(m.step == "damage" for m, _ in survivors):
        reasons = sorted({_damage_step_ok(card, effect, m)[1] for m, _ in survivors})
        keys = sorted({rules.DAMAGE_STEP[r][1] for r in reasons if r in rules.DAMAGE_STEP})
        conditional = _conditional_stat_change(card) if reasons == ["continuous_atk_def"] else None
        if conditional:
            verdict.undecided = True
            verdict.step("damage step", "unknown", f"{card.name}'s ATK/DEF change applies only {conditional}: "
                                                   f"it may be activated in the Damage Step unless that could never "
                                                   f"happen during the Damage Step, which is not modelled", *keys)
        else:
            verdict.step("damage step", "pass", f"allowed in the Damage Step: {', '.join(reasons)}", *keys)
    return survivors


# a lasting ATK/DEF change said to apply "after" something ("after the first time … battles"): a later point
# that may never come during the Damage Step ("if"/"while" states can hold there and stay allowed)
_STAT_AFTER = re.compile(r"\bafter\b[^,.;:]*", re.IGNORECASE)
_STAT_WORDS = re.compile(r"\b(?:ATK|DEF)\b")


def _conditional_stat_change(card: EngineCard) -> str | None:
    """The "after …" said in the same sentence as a Continuous Trap's lasting ATK/DEF change, or None."""
    for effect in card.effects:
        if effect["kind"] == "continuous" and _changes_atk_def(effect):
            for sentence in re.split(r"(?<=\.)\s+", effect.get("text") or ""):
                found = _STAT_AFTER.search(sentence) if _STAT_WORDS.search(sentence) else None
                if found:
                    return found.group().strip()
    return None


def _surviving_worlds(card: EngineCard, effect: dict, controller: str, moments: list[Moment], *,
                      in_chain: bool) -> tuple[list, str, list[str]]:
    survivors, reasons = [], {}
    for moment in moments:
        for state in _states(card):
            ok, why = _window_ok(card, effect, moment, state, controller, in_chain)
            if ok:
                ok, why = _damage_step_ok(card, effect, moment)
                if not ok:
                    reasons.setdefault(("damage_step", why), 0)
                    continue
                survivors.append((moment, state))
            else:
                reasons.setdefault(("window", why), 0)
    if survivors:
        return survivors, "", []
    if not _states(card):
        return [], f"{card.name} cannot be in the given place", ["monster_effect_location"]
    ds = [why for (kind, why) in reasons if kind == "damage_step"]
    # the most telling reasons first: timing rules before "the card is not in that place"
    windows = sorted((why for (kind, why) in reasons if kind == "window"), key=_reason_rank)
    if ds:
        windows = [why for why in windows if _reason_rank(why) < 2]
    rule_keys = [_window_rule(card, effect)]
    if any("Set" in why for why in windows):
        rule_keys.append("hand_trap_exception")
    if ds:
        rule_keys += ["damage_step", "damage_step_atk_def"]
    if any("condition" in why for why in windows):
        rule_keys.append("phase_restriction")
    detail = "; ".join(list(dict.fromkeys(ds + windows))[:2])
    return [], f"{_effect_label(card, effect)} cannot be activated here: {detail}", rule_keys


def _reason_rank(why: str) -> int:
    if "condition" in why or "turn" in why and "Set" not in why or "Phase" in why or "open game state" in why:
        return 0
    if "Set" in why or "hand" in why:
        return 1
    return 2


def _window_detail(card: EngineCard, survivors: list, controller: str) -> str:
    places = sorted({state.describe(card.name) for _, state in survivors})
    moments = sorted({m.describe() for m, _ in survivors})
    more = f" (and {len(moments) - 3} more moments)" if len(moments) > 3 else ""
    return f"{controller} can activate it when {' or '.join(places[:3])}, e.g. at {'; '.join(moments[:3])}{more}"


def _assume_worlds(verdict: Verdict, card: EngineCard, survivors: list, controller: str, given: Moment) -> None:
    turns = {m.turn for m, _ in survivors}
    if given.turn is None and len(turns) == 1:
        verdict.assume(f"it is {next(iter(turns))}'s turn")
    phases = {m.phase for m, _ in survivors}
    if given.phase is None and len(phases) <= 2:
        names = {"main1": "Main Phase 1", "main2": "Main Phase 2", "battle": "the Battle Phase",
                 "draw": "the Draw Phase", "standby": "the Standby Phase", "end": "the End Phase"}
        verdict.assume("it is " + " or ".join(names[p] for p in sorted(phases)))
    timings = {m.timing for m, _ in survivors if m.step == "damage"}
    if given.timing is None and timings and all(m.step == "damage" for m, _ in survivors):
        verdict.assume("it is the Damage Step (" + ", ".join(sorted(timings)) + ")")
    states = {state for _, state in survivors}
    if card.location is None or card.face is None or card.set_this_turn is None:
        descriptions = sorted({s.describe(card.name) for s in states})
        if len(descriptions) == 1:
            verdict.assume(descriptions[0])
        else:
            verdict.assume(" or ".join(descriptions))
    if card.controller is None:
        verdict.assume(f"{card.name} is controlled by {controller}")


_MAIN_PHASE_SUMMONS = {"normal", "tribute", "flip"}


def _event_moments(pattern: dict, moments: list[Moment], controller: str) -> list[Moment]:
    """The moments at which an event of ``pattern`` can happen."""
    if pattern["type"] == "attack_declared":
        out = [m for m in moments if m.phase == "battle" and m.step == "battle"]
        if pattern.get("player") == "opponent":
            out = [m for m in out if m.turn != controller]
        elif pattern.get("player") == "you" or pattern.get("subject") == "this_card":
            out = [m for m in out if m.turn == controller]
        return out
    if pattern["type"] == "summon" and pattern["methods"] and set(pattern["methods"]) <= _MAIN_PHASE_SUMMONS:
        # Normal (Tribute) and Flip Summons are made by the turn player in their Main Phase
        summoner = {"you": controller, "opponent": other_player(controller)}.get(
            pattern.get("player"), controller if pattern.get("subject") == "this_card" else None)
        return [m for m in moments if m.phase in _MAIN and (summoner is None or m.turn == summoner)]
    if pattern.get("event") in ("destroyed_by_battle", "destroys_by_battle") or (
            pattern.get("event") in ("inflicts_damage", "takes_damage") and "battle" in (pattern.get("raw") or "")):
        # battle destruction and battle damage happen at damage calculation; their triggers follow it
        return [m for m in moments if m.step == "damage" and m.timing in ("after_calc", "end")]
    if pattern["type"] in ("battling", "attacked") or pattern.get("event") in ("battles",):
        out = [m for m in moments if m.phase == "battle" and m.step in ("battle", "damage")]
        # the attacking monster is the turn player's: "your opponent's monster attacks" is the opponent's turn,
        # "this card is attacked" too; "this card attacks" is its controller's turn
        attacker_is_opponent = {("battling", "opponent"): True, ("battling", "you"): False,
                                ("attacked", "you"): True, ("attacked", "opponent"): False}.get(
            (pattern["type"], pattern.get("player")))
        if attacker_is_opponent is None and pattern.get("subject") == "this_card":
            attacker_is_opponent = {"battling": False, "attacked": True}.get(pattern["type"])
        if attacker_is_opponent is True:
            out = [m for m in out if m.turn != controller]
        elif attacker_is_opponent is False:
            out = [m for m in out if m.turn == controller]
        return out
    return moments


# The other checks, each in its module, are offered here too (``from kb.engine import engine as checks``).
from .activate import check_activate  # noqa: E402
from .engine_card import ACTIVATED_KINDS, link_tags  # noqa: E402
from .segoc import check_segoc  # noqa: E402
from .timing import TIMING_BY, TIMING_CAUSED_BY, TIMING_EVENTS, check_timing  # noqa: E402
