"""The checks: can a card be chained, activated now, how simultaneous triggers are ordered, and whether a
trigger misses the timing.

Every check appends a step ``{"check", "result", "detail", "cites", "quote"}``; ``result`` is ``pass``,
``fail`` or ``unknown``; ``cites`` (at most three section ids, best first) and ``quote`` (the sentence of
the deciding rule) come from :data:`kb.engine.rules.RULES` via :func:`kb.engine.rules.citation`.  Unspecified parts of the situation
mean "is it possible?": the engine enumerates the concrete moments (turn, phase, step, Damage Step
timing) and card states (location, face, Set this turn) that agree with the given fields, filters them
by each rule, answers "yes" when some survive and lists what they need under ``assumed``.

The functions here take already-resolved cards (:class:`EngineCard`) so that they are fast enough for a
deck-against-deck matrix; :mod:`kb.engine.questions` resolves names and builds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from . import rules
from .damage_step import stats_left_to_chance
from .model import Moment, all_moments, other_player

__all__ = ["EngineCard", "Verdict", "ACTIVATED_KINDS", "check_chain", "check_activate", "check_segoc",
           "check_timing", "link_tags"]

ACTIVATED_KINDS = ("activation", "ignition", "trigger", "quick", "flip")
_ALL_MOMENTS = tuple(all_moments())
_MAIN = ("main1", "main2")
# phase words of a condition -> the phases of the model they cover
_PHASE_NAMES = {"main": _MAIN, "main1": ("main1",), "main2": ("main2",), "battle": ("battle",),
                "battle_step": ("battle",), "start_step": ("battle",), "end_step": ("battle",),
                "standby": ("standby",), "end": ("end",), "draw": ("draw",)}


@dataclass
class EngineCard:
    """A resolved card with its effect profiles and what the question says about it."""

    id: int
    name: str
    card_type: str
    property: str | None
    effects: list[dict]
    controller: str | None = None
    location: str | None = None
    face: str | None = None
    set_this_turn: bool | None = None
    effect: int | None = None


@dataclass
class Verdict:
    """The outcome of one check sequence: answer, steps, assumptions."""

    answer: str = "unknown"
    steps: list[dict] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    effect: int | None = None
    link_effect: int | None = None

    def step(self, check: str, result: str, detail: str, *rule_keys: str) -> None:
        """Record one check with the citations of its rules."""
        self.steps.append({"check": check, "result": result, "detail": detail, **rules.citation(*rule_keys)})

    def fail(self, check: str, detail: str, *rule_keys: str) -> "Verdict":
        """Record a failed check and answer "no" (``return verdict.fail(...)`` ends a check)."""
        self.step(check, "fail", detail, *rule_keys)
        self.answer = "no"
        return self

    def assume(self, text: str) -> None:
        """Record a condition the answer needs."""
        if text not in self.assumed:
            self.assumed.append(text)


# ------------------------------------------------------------------------------------------ helpers

@dataclass(frozen=True)
class _State:
    location: str
    face: str | None
    set_this_turn: bool | None

    def describe(self, name: str) -> str:
        if self.location == "hand":
            return f"{name} is in the hand"
        if self.location == "field":
            if self.face == "down":
                when = {True: "this turn", False: "on an earlier turn", None: ""}[self.set_this_turn]
                return f"{name} was Set {when}".strip()
            return f"{name} is face-up on the field"
        return f"{name} is in the {'GY' if self.location == 'gy' else self.location}"


def _states(card: EngineCard) -> list[_State]:
    """Card states that agree with what the question says about ``card``."""
    if card.card_type in ("Spell", "Trap"):
        options = [_State("hand", None, None), _State("field", "down", False), _State("field", "down", True),
                   _State("field", "up", None), _State("gy", None, None), _State("banished", None, None)]
    else:
        options = [_State("field", "up", None), _State("hand", None, None), _State("gy", None, None),
                   _State("banished", None, None), _State("field", "down", None), _State("extra", None, None),
                   _State("deck", None, None)]
    out = []
    for state in options:
        if card.location is not None and state.location != card.location:
            continue
        if card.face is not None and state.location == "field" and state.face != card.face:
            continue
        if card.set_this_turn is not None and state.location == "field" and state.face == "down" and \
                card.card_type != "Monster" and state.set_this_turn != card.set_this_turn:
            continue
        if card.set_this_turn and state.location != "field":
            continue
        out.append(state)
    return out


def _moments(moment: Moment) -> list[Moment]:
    return [m for m in _ALL_MOMENTS if moment.matches(m)]


def _effects_to_consider(card: EngineCard) -> list[dict]:
    if card.effect is not None:
        return [e for e in card.effects if e["index"] == card.effect]
    activated = [e for e in card.effects if e["kind"] in ACTIVATED_KINDS]
    unknown = [e for e in card.effects if e["kind"] == "unknown"]
    return activated + unknown


def _effect_label(card: EngineCard, effect: dict) -> str:
    if effect["kind"] == "activation":
        return f"the activation of {card.name}"
    return f"{card.name}'s {effect['kind']} effect (#{effect['index']})"


def _speed_text(effect: dict) -> str:
    return f"Spell Speed {effect['spell_speed']}" if effect["spell_speed"] else "not activated"


def _is_card_activation(effect: dict) -> bool:
    return effect["kind"] == "activation"


def link_tags(effect: dict) -> set[str]:
    """Categories of an effect with location tags (``special_summon:gy``) for condition matching."""
    tags = set(effect["categories"])
    for category, zones in effect.get("sources", {}).items():
        tags.update(f"{category}:{zone}" for zone in zones)
    if "search" in tags:
        tags.add("add_to_hand:deck")
    return tags


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
    tags = link_tags(link_effect)
    for key in ("includes", "would"):
        wanted = pattern.get(key) or []
        if wanted:
            if not tags & set(wanted):
                return "unknown" if link_effect["unknown"] else "fail"
            verdict_notes.append(f"{_effect_label(link_card, link_effect)} includes "
                                 f"{', '.join(sorted(tags & set(wanted)))}")
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
        if pattern.get("would"):
            extra += f" that would {', '.join(pattern['would'])}"
        if pattern.get("targets"):
            extra += f" that {pattern['targets']}"
        who = {"opponent": " by the opponent", "you": " by its controller"}.get(pattern.get("player"), "")
        return " or ".join(alts) + who + extra
    if pattern["type"] == "summon":
        return f"a monster {'about to be' if pattern['stage'] == 'would' else 'just'} Summoned"
    return pattern.get("raw") or pattern["type"]


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
    verdict.answer = "unknown" if unknown else "yes"
    return verdict


def _condition_vs_link(verdict: Verdict, card: EngineCard, effect: dict, controller: str, last: EngineCard,
                       link_effect: dict, link_controller: str, event: str | None) -> str:
    cond = effect.get("condition")
    if not cond or not cond["events"]:
        if cond and cond["unparsed"]:
            verdict.step("activation condition", "unknown", f"part of the condition of {card.name} could not be "
                                                            f"read: {'; '.join(cond['unparsed'])}", "psct")
            return "unknown"
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
        verdict.step("damage step", "pass", f"allowed in the Damage Step: {', '.join(reasons)}",
                     *sorted({rules.DAMAGE_STEP[r][1] for r in reasons if r in rules.DAMAGE_STEP}))
    return survivors


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
    for effect in effects:
        verdict = _activate_one(card, effect, controller, moment)
        verdict.effect = effect["index"]
        verdicts.append(verdict)
        if verdict.answer == "yes":
            break
    return _best(verdicts, card, None)


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
        return verdict
    _assume_worlds(verdict, card, survivors, controller, moment)
    for state in cond.get("state") or []:
        verdict.assume(f"{card.name}'s requirement holds: {state}")
    for assumption in _cost_and_target_assumptions(effect, controller):
        verdict.assume(assumption)
    verdict.answer = "unknown" if unknown else "yes"
    return verdict


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


# ------------------------------------------------------------------------------------------ timing

_EVENT_TO_PATTERN = {
    "sent_to_gy": ("card_event", {"sent_to_gy", "destroyed", "destroyed_by_battle", "discarded", "tributed",
                                  "used_as_material", "detached"}),
    "destroyed": ("card_event", {"destroyed", "destroyed_by_battle", "sent_to_gy"}),
    "banished": ("card_event", {"banished"}),
    "added_to_hand": ("card_event", {"added_to_hand"}),
    "discarded": ("card_event", {"discarded", "sent_to_gy"}),
    "flipped": ("card_event", {"flipped"}),
    "returned": ("card_event", {"returned"}),
    "tributed": ("card_event", {"tributed", "sent_to_gy"}),
    "detached": ("card_event", {"detached", "sent_to_gy"}),
    "used_as_material": ("card_event", {"used_as_material", "sent_to_gy"}),
}
# where a card can be when an event happens to it (for "sent from the <zone> to the GY" conditions)
_EVENT_ORIGINS = {"destroyed": ("field",), "discarded": ("hand",)}
# what happens to a card that makes it leave the field ("If this face-up card leaves the field")
_LEAVES_FIELD_EVENTS = {"sent_to_gy", "destroyed", "banished", "returned", "tributed", "used_as_material"}
_SUMMON_EVENTS = {"normal_summoned": "normal", "special_summoned": "special", "flip_summoned": "flip",
                  "tribute_summoned": "tribute", "synchro_summoned": "synchro", "xyz_summoned": "xyz",
                  "fusion_summoned": "fusion", "link_summoned": "link", "ritual_summoned": "ritual",
                  "pendulum_summoned": "pendulum", "summoned": "any"}
TIMING_EVENTS = tuple(sorted(set(_EVENT_TO_PATTERN) | set(_SUMMON_EVENTS)))
TIMING_BY = ("cost", "effect", "battle", "rule")
_SPECIAL_KINDS = {"synchro", "xyz", "fusion", "link", "ritual", "pendulum"}


def _timing_match(pattern: dict, event: str, by: str | None) -> tuple[str, list[str]]:
    """Does a card's own event pattern match what happened? (pass/fail/unknown, assumptions)."""
    assumed: list[str] = []
    if event in _SUMMON_EVENTS:
        if pattern["type"] != "summon" or pattern.get("subject") != "this_card" or pattern["stage"] != "done":
            return "fail", assumed
        method = _SUMMON_EVENTS[event]
        methods = set(pattern["methods"])
        if "any" in methods or method in methods or method == "any":
            return "pass", assumed
        if "special" in methods and method in _SPECIAL_KINDS:
            return "pass", assumed
        return "fail", assumed
    spec = _EVENT_TO_PATTERN.get(event)
    if pattern["type"] == "actor_event" and pattern.get("event") == "leaves_field" and \
            pattern.get("subject") == "this_card" and event in _LEAVES_FIELD_EVENTS:
        assumed.append("the card was face-up on the field when it happened")
        return "pass", assumed
    if spec is None or pattern["type"] != "card_event" or pattern.get("subject") != "this_card":
        return "fail", assumed
    if pattern["event"] not in spec[1]:
        return "fail", assumed
    if pattern["event"] == "sent_to_gy" and event == "destroyed":
        assumed.append("the destroyed card was sent to the GY (not banished instead)")
    if pattern["event"] in ("destroyed", "destroyed_by_battle") and event == "sent_to_gy":
        if by == "cost":
            return "fail", assumed  # sent (Tributed, discarded ...) as a cost: not destroyed
        assumed.append("the card was destroyed (and so sent to the GY)")
    if pattern["event"] == "destroyed_by_battle" and by not in (None, "battle"):
        return "fail", assumed
    wanted_by = pattern.get("by") or []
    ways = [way for way in ("battle", "effect", "cost") if way in wanted_by]  # alternatives: "by battle or effect"
    if ways and by is not None and by not in ways:
        return "fail", assumed
    if "not_battle" in wanted_by and by == "battle":
        return "fail", assumed
    if "material" in wanted_by and event != "used_as_material" and by not in (None, "rule"):
        return "fail", assumed  # used as material is a Summon's procedure, not a cost or a card effect
    if pattern.get("and_sent_to_gy") and event == "destroyed":
        assumed.append("the destroyed card was sent to the GY")
    if pattern.get("from") and pattern["from"] not in _EVENT_ORIGINS.get(event, (pattern["from"],)):
        return "fail", assumed  # "sent from the hand to the GY" is not a destruction on the field
    if pattern.get("from"):
        assumed.append(f"it was moved from the {pattern['from']}")
    if by is None and ways:
        assumed.append(f"it happened by {' or '.join(ways)}")
    return "pass", assumed


def check_timing(card: EngineCard, event: str, by: str | None, last: bool | None,
                 moment: Moment | None = None) -> Verdict:
    """Does the card's trigger effect for ``event`` activate, miss the timing, or not trigger at all?"""
    verdict = Verdict()
    candidates = [e for e in card.effects if e["kind"] in ("trigger", "flip", "quick") and
                  (card.effect is None or e["index"] == card.effect)]
    matched, unknown_parts = [], []
    for effect in candidates:
        cond = effect.get("condition") or {}
        if effect["kind"] == "flip" and event == "flipped":
            matched.append((effect, []))
            continue
        for pattern in cond.get("events", []):
            result, assumed = _timing_match(pattern, event, by)
            if result == "pass":
                matched.append((effect, assumed))
                break
        if cond.get("unparsed"):
            unknown_parts.extend(cond["unparsed"])
    if not matched:
        if any(e["kind"] == "unknown" for e in card.effects) or unknown_parts:
            verdict.step("trigger condition", "unknown", f"no readable trigger of {card.name} matches {event}"
                                                         f"{' by ' + by if by else ''}; part of its text could "
                                                         f"not be read", "trigger", "psct")
            verdict.answer = "unknown"
            return verdict
        detail = f"no trigger effect of {card.name} has {event}{' by ' + by if by else ''} as its event"
        keys = ["trigger", "activation_condition"]
        if by == "cost":
            keys.append("cost_vs_effect")
            detail += " (a card moved as a cost is not moved by a card effect)"
        verdict.step("trigger condition", "fail", detail, *keys)
        verdict.answer = "no_trigger"
        return verdict
    effect, assumed = matched[0]
    verdict.effect = effect["index"]
    for text in assumed:
        verdict.assume(text)
    keys = ["trigger", "activation_condition"] + (["cost_vs_effect"] if by in ("cost", "effect") else [])
    verdict.step("trigger condition", "pass", f"{_effect_label(card, effect)} is activated by "
                                              f"{effect['condition']['raw'] if effect.get('condition') else 'its flip'}",
                 *keys)
    when_if, optional = effect.get("when_if"), effect.get("optional")
    kind = f"{'optional' if optional else 'mandatory'} \"{when_if or 'FLIP'}\" effect"
    article = "an" if optional else "a"
    if optional and when_if == "when" and last is False:
        verdict.step("missing the timing", "fail", f"{article} {kind} misses the timing when its event was not the "
                                                    f"last thing to happen", "missing_timing")
        verdict.answer = "misses"
        return verdict
    if optional and when_if == "when" and last is None and by == "cost":
        verdict.step("missing the timing", "fail", f"{article} {kind} misses the timing: a card moved as a cost "
                                                    f"is never the last thing to happen (the activation it paid "
                                                    f"for resolves, or the Summon is performed, afterwards)",
                     "missing_timing", "cost_never_last")
        verdict.answer = "misses"
        return verdict
    if optional and when_if == "when" and last is None:
        verdict.assume("the event was the last thing to happen (otherwise the effect misses the timing)")
    detail = (f"{article} {kind} " + ("does not miss the timing" if not (optional and when_if == "when") else
                               "activates because its event was the last thing to happen"))
    verdict.step("missing the timing", "pass", detail, "missing_timing")
    if moment is not None and moment.step == "damage":
        ok, why = _damage_step_ok(card, effect, moment) if moment.timing else (
            bool(_damage_step_reasons(card, effect)), "")
        if not ok:
            verdict.step("damage step", "fail", f"it cannot be activated in the Damage Step: "
                                                f"{why or 'no Damage Step permission applies'}", "damage_step",
                         "damage_step_triggers")
            verdict.answer = "misses"
            return verdict
        verdict.step("damage step", "pass", f"allowed in the Damage Step: {why}", "damage_step_triggers")
    verdict.answer = "activates"
    return verdict
