"""Damage Step facts: what happens at each timing of the Damage Step and when the effects it starts
activate (docs/engine.md, "Damage Step facts").  The question (an internal shape, asked by
:mod:`kb.understand.damage_step`)::

    {"ask": "damage_step_event", "event": "flipped_by_attack", "card": <card or class, optional>,
     "query": {"when": true} | {"activates": true} | {"at": "<timing>"} | {"left_zone": true}}

``at`` is one of :data:`kb.engine.rules.DAMAGE_STEP_TIMINGS`.  The answer is the timing in words
("after damage calculation") or yes/no for the timing asked, each step citing the row of
:data:`DAMAGE_STEP_EVENTS` it applies; where the rulebooks disagree (a flipped monster that leaves the
Monster Zone before its effect activates) the answer is "unknown" and cites both sides.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from .rules import DAMAGE_STEP_TIMINGS, citation

__all__ = ["BATTLE_DESTROYED", "DAMAGE_STEP_EVENTS", "TIMING_WORDS", "damage_step_answer", "flip_effects",
           "stats_left_to_chance"]

TIMING_WORDS = {
    "start": "at the start of the Damage Step",
    "before_calc": "before damage calculation",
    "calc": "during damage calculation",
    "after_calc": "after damage calculation",
    "end": "at the end of the Damage Step",
}

# event -> when it happens, when the effects it starts activate, the rows that say so, and the row of a
# question the books answer differently (None when they agree).
DAMAGE_STEP_EVENTS: dict[str, dict] = {
    "flipped_by_attack": {
        "words": "an attacked face-down monster is flipped face-up",
        "effects": "its effects that activate when it is flipped face-up (Flip effects included)",
        "happens": "before_calc",
        "activates": "after_calc",
        "rules": ("damage_step_flip", "damage_step_flip_after"),
        "left_zone": "damage_step_flip_left",
    },
    "timing_passed": {
        "words": "an effect activated at this Damage Step timing has resolved",
        "effects": "effects that list this timing",
        "rules": ("damage_step_timing_passed", "damage_step_specific"),
    },
    "destroyed_by_battle": {"rules": ("battle_destroyed_limits", "battle_destroyed_target")},
    "replay": {"rules": ("damage_step_no_replay", "damage_step"), "answer": "no",
               "detail": "the number of the opponent's monsters changed during the Damage Step: no replay"},
    "own_event_trigger": {"rules": ("damage_step_own_event", "damage_step_triggers"), "answer": "yes",
                          "detail": "an effect that activates when the card itself is Summoned, flipped, destroyed, "
                                    "banished or moved can be activated in the Damage Step (optional ones too, unless "
                                    "they perform a Normal or Fusion Summon)"},
    "no_damage_calculation": {"rules": ("damage_step_end_without_calc", "damage_step_having_attacked")},
    "special_summoned": {
        "words": "a monster Special Summoned in the Damage Step",
        "effects": "its own effects that activate when it is Special Summoned",
        "own_trigger": "yes",
        "rules": ("damage_step_triggers", "damage_step"),
        "unless": "the effect performs a Normal or Fusion Summon",
    },
}


# A monster destroyed by battle stays on the field until the end of the Damage Step: what may still be done
# with it.  action -> (answer, rule key, the action in words).
BATTLE_DESTROYED: dict[str, tuple[str, str, str]] = {
    "target": ("no", "battle_destroyed_target", "be targeted by cards or effects"),
    "cost_mandatory": ("yes", "battle_destroyed_cost", "be used as a cost to activate a mandatory effect"),
    "cost_optional": ("no", "battle_destroyed_cost_optional", "be used as a cost to activate an optional effect"),
    "cost_card": ("no", "battle_destroyed_cost_optional", "be used as a cost to activate a card"),
    "change_position": ("no", "battle_destroyed_limits", "have its battle position changed"),
    "change_atk_def": ("no", "battle_destroyed_limits", "have its ATK/DEF changed"),
    "continuous_applies": ("no", "battle_destroyed_continuous", "keep applying its Continuous Effects"),
    "quick_effect": ("no", "battle_destroyed_quick", "activate its optional Quick Effects"),
    "return_to_hand": ("no", "battle_destroyed_hand", "be returned to the hand by a card effect"),
    "negated": ("yes", "battle_destroyed_negate", "have its effects negated"),
    "removed_by_effect": ("yes", "battle_destroyed_removed",
                          "be destroyed, sent to the GY or banished by a card effect before it is sent to the GY"),
}
# when a monster destroyed by battle is sent to the GY (query.sent_at: a timing, or None for "when?")
SENT_TO_GY = ("end", "battle_destroyed_sent")


def _rule_fact_answer(name: str, event: dict) -> dict:
    """A Damage Step rule read as it stands (a replay in the Damage Step; a trigger on the card itself)."""
    rule, other = event["rules"]
    return {"answer": event["answer"], "card": None, "resolved": {}, "assumed": [], "rulings": [],
            "steps": [_step(name.replace("_", " "), "pass" if event["answer"] == "yes" else "fail", event["detail"],
                            rule, other)],
            "explanation": event["detail"][0].upper() + event["detail"][1:] + "."}


def _sent_answer(question: dict) -> dict:
    """When a monster destroyed by battle is sent to the GY: at the (start of the) end of the Damage Step."""
    at = (question.get("query") or {}).get("sent_at")
    if at is not None and at not in DAMAGE_STEP_TIMINGS:
        raise BadQuestionError(f"unknown Damage Step timing {at!r} (known: {', '.join(DAMAGE_STEP_TIMINGS)})",
                               "query.sent_at", at)
    timing, rule = SENT_TO_GY
    steps = [_step("sent to the GY", "pass", "a monster destroyed by battle stays on the field until the end of "
                   "the Damage Step, and is sent to the GY then", rule)]
    base = {"card": None, "resolved": {}, "assumed": [], "rulings": [], "steps": steps}
    if at is None:
        return dict(base, answer=TIMING_WORDS[timing],
                    explanation="A monster destroyed by battle goes to the GY at the end of the Damage Step.")
    answer = "yes" if at == timing else "no"
    return dict(base, answer=answer, explanation="A monster destroyed by battle goes to the GY at the end of the "
                "Damage Step" + ("." if answer == "yes" else f", not {TIMING_WORDS[at]}."))


def _battle_destroyed_answer(session: Session, question: dict) -> dict:
    """What may be done with a battle-destroyed monster not yet in the GY (:data:`BATTLE_DESTROYED`);
    a named card's own mandatory effect must be one it has (an activated effect, not optional, with a cost)."""
    from . import card_profile

    action = (question.get("query") or {}).get("action")
    if action == "sent_to_gy":
        return _sent_answer(question)
    if action not in BATTLE_DESTROYED:
        raise BadQuestionError(f"unknown action {action!r} for a monster destroyed by battle (known: "
                               f"{', '.join(BATTLE_DESTROYED)})", "query.action", action)
    answer, rule, words = BATTLE_DESTROYED[action]
    card = question.get("card")
    name = card.get("card") if isinstance(card, dict) else None
    steps = []
    if name and action == "cost_mandatory":
        own = [e for e in card_profile(session, name) if e.get("kind") in ("trigger", "quick", "ignition", "flip")
               and e.get("optional") is not True and e.get("cost")]
        if not own:
            detail = f"{name} has no mandatory effect with a cost"
            return {"answer": "unknown", "card": name, "resolved": {"card": name}, "assumed": [], "rulings": [],
                    "explanation": f"Not answered: {detail}.", "steps": [_step("the card's effect", "unknown", detail,
                                                                               rule)]}
        steps.append(_step("the card's effect", "pass", f"{name}: {own[0]['text'][:200]} (cost: {own[0]['cost']})",
                           rule))
    subject = name or "a monster"
    steps.append(_step("destroyed by battle", "pass" if answer == "yes" else "fail",
                       f"{subject}, destroyed by battle and not yet sent to the GY, "
                       f"{'can' if answer == 'yes' else 'cannot'} {words}", rule))
    return {"answer": answer, "card": name, "resolved": {"card": name} if name else {}, "assumed": [],
            "rulings": [], "steps": steps,
            "explanation": f"A monster destroyed by battle stays on the field until the end of the Damage Step; "
                           f"until then it {'can' if answer == 'yes' else 'cannot'} {words}."}


def stats_left_to_chance(effects: list[dict]) -> bool:
    """Whether the card's ATK/DEF change hangs on a coin toss ("If you call it right, ..."): like cards that
    might not alter ATK/DEF at resolution, it is no Damage Step permission (rule ``damage_step_indirect``'s
    section, community:8.5.3.2)."""
    return any("coin" in (e.get("categories") or []) for e in effects)


def flip_effects(effects: list[dict]) -> list[dict]:
    """The activated effects of a monster that activate when it is flipped face-up (FLIP effects, and
    triggers on "this card is flipped face-up")."""
    out = []
    for effect in effects:
        if effect.get("kind") == "flip":
            out.append(effect)
        elif effect.get("kind") == "trigger" and any(
                ev.get("event") == "flipped" and ev.get("subject") == "this_card"
                for ev in ((effect.get("condition") or {}).get("events") or [])):
            out.append(effect)
    return out


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    return {"check": check, "result": result, "detail": detail, **citation(*keys)}


def _card_steps(session: Session, card, event: dict) -> tuple[list[dict], str | None]:
    """The step that checks a named card has the effects the event starts (none for a kind of card)."""
    if not isinstance(card, dict) or "card" not in card:
        return [], None
    from . import card_profile

    name = card["card"]
    effects = card_profile(session, name)
    activated = [e for e in effects if e.get("kind") in ("ignition", "trigger", "quick", "flip")]
    fitting = flip_effects(effects)
    if not fitting:
        return [_step("effects of the card", "unknown", f"{name} has no effect that activates when it is flipped "
                      "face-up: the question may mean another of its effects", "flip")], "unknown"
    if card.get("effect") is None and len(fitting) != len(activated):
        return [_step("effects of the card", "unknown", f"{name} has other activated effects besides the one that "
                      "activates when it is flipped face-up: which is meant is not said", "flip")], "unknown"
    return [_step("effects of the card", "pass", f"{name}: " + "; ".join(e["text"] for e in fitting)[:300],
                  "flip")], None


def _own_trigger_answer(event: dict, question: dict) -> dict:
    """A monster Special Summoned in the Damage Step: its own Summon triggers can be activated (a kind of
    effect: "is it possible?")."""
    timing = question.get("timing")
    if timing is not None and timing not in DAMAGE_STEP_TIMINGS:
        raise BadQuestionError(f"unknown Damage Step timing {timing!r} (known: {', '.join(DAMAGE_STEP_TIMINGS)})",
                               "timing", timing)
    if not (question.get("query") or {}).get("own_trigger"):
        raise BadQuestionError("a special_summoned question asks about the monster's own trigger "
                               "(query.own_trigger)", "query", question.get("query"))
    rule, other = event["rules"]
    steps = [_step("Damage Step permission", "pass",
                   f"{event['words']}: {event['effects']} can be activated in the Damage Step (mandatory ones "
                   f"always; optional ones too, unless {event['unless']})", rule, other)]
    return {"answer": event["own_trigger"], "card": None, "resolved": {}, "steps": steps, "rulings": [],
            "assumed": [f"the effect does not perform a Normal or Fusion Summon ({event['unless']}: not then)"],
            "explanation": f"{event['effects'][0].upper()}{event['effects'][1:]} are among the effects that can be "
                           "activated during the Damage Step."}


def _timing_passed_answer(session: Session, event: dict, question: dict) -> dict:
    """After an effect activated at a Damage Step timing resolved: can the card, whose effects list that timing,
    still be activated at it?  "no" when every activated effect of the card lists the timing, else unknown."""
    from . import card_profile

    timing, card = question.get("timing"), question.get("card")
    if timing not in DAMAGE_STEP_TIMINGS:
        raise BadQuestionError(f"unknown Damage Step timing {timing!r} (known: {', '.join(DAMAGE_STEP_TIMINGS)})",
                               "timing", timing)
    if not isinstance(card, dict) or not isinstance(card.get("card"), str):
        raise BadQuestionError("a timing_passed question names a card", "card", card)
    name = card["card"]
    activated = [e for e in card_profile(session, name) if e.get("kind") in
                 ("activation", "ignition", "trigger", "quick", "flip")]
    listing = [e for e in activated if timing in ((e.get("condition") or {}).get("damage_step") or [])]
    rule, other = event["rules"]
    base = {"card": name, "resolved": {"card": name}, "assumed": [], "rulings": []}
    if not listing or len(listing) != len(activated):
        detail = (f"{name} has an effect that does not list {TIMING_WORDS[timing]}: whether it can still be "
                  "activated is not decided by this rule") if listing else (
                  f"{name}'s effects do not list {TIMING_WORDS[timing]}")
        return dict(base, answer="unknown", explanation=f"Not answered: {detail}.",
                    steps=[_step("Damage Step timing", "unknown", detail, rule, other)])
    texts = "; ".join(e["text"] for e in listing)[:300]
    steps = [_step("effect lists a timing", "pass", f"{name}: {texts}", other),
             _step("Damage Step timing", "fail", f"{event['words']}: {event['effects']} ({TIMING_WORDS[timing]}) "
                   f"cannot be activated any more at it", rule)]
    return dict(base, answer="no", steps=steps,
                explanation=f"{name}'s effect lists a particular timing ({TIMING_WORDS[timing]}); once an effect "
                            "activated at that timing has resolved, it cannot be activated at it any more.")


def _self_destroying(effects: list[dict]) -> list[dict]:
    return [e for e in effects if e.get("kind") == "continuous" and "destroy" in (e.get("categories") or [])
            and re.search(r"\bdestroy this card\b", e.get("text") or "", re.I)]


def _flipped_answer(session: Session, card, query: dict) -> dict:
    """The attacked face-down monster itself: when it is flipped, when its Continuous Effects apply (and a
    self-destroying one is applied)."""
    from . import card_profile

    name = card.get("card") if isinstance(card, dict) else None
    for key in ("flipped_at", "continuous_at", "self_destroy_at"):
        value = query.get(key)
        if value is not None and value not in DAMAGE_STEP_TIMINGS:
            raise BadQuestionError(f"unknown Damage Step timing {value!r} (known: {', '.join(DAMAGE_STEP_TIMINGS)})",
                                   f"query.{key}", value)
    if "flipped_at" in query and query["flipped_at"] is None:
        raise BadQuestionError("query.flipped_at names a Damage Step timing", "query.flipped_at", None)
    base = {"card": name, "resolved": {"card": name} if name else {}, "assumed": [], "rulings": []}
    flip_step = _step("flip", "pass", "an attacked face-down monster is flipped face-up before damage calculation "
                      "(not at the start of the Damage Step)", "damage_step_flip_when")
    if "flip_when" in query:
        return dict(base, answer=TIMING_WORDS["before_calc"], steps=[flip_step],
                    explanation="An attacked face-down monster is flipped face-up before damage calculation.")
    if "flipped_at" in query:
        at = query["flipped_at"]
        answer = "yes" if at == "before_calc" else "no"
        return dict(base, answer=answer, steps=[flip_step],
                    explanation="An attacked face-down monster is flipped face-up before damage calculation"
                                + ("." if answer == "yes" else f", not {TIMING_WORDS[at]}."))
    if not name:
        raise BadQuestionError("a question about a flipped monster's Continuous Effects names the monster", "card",
                               card)
    effects = card_profile(session, name)
    continuous = [e for e in effects if e.get("kind") == "continuous"]
    destroying = _self_destroying(effects)
    if "self_destroy_at" in query:
        at = query["self_destroy_at"]
        if not destroying:
            detail = f"{name} has no Continuous Effect that destroys itself"
            return dict(base, answer="unknown", explanation=f"Not answered: {detail}.",
                        steps=[flip_step, _step("the card's effect", "unknown", detail, "damage_step_flip_self_destroy")])
        steps = [flip_step, _step("self-destroying Continuous Effect", "pass",
                                  f"{name}: {destroying[0]['text']} — not applied before damage calculation; after "
                                  "damage calculation it destroys the monster if its conditions are still met",
                                  "damage_step_flip_self_destroy")]
        if at is None:
            return dict(base, answer=TIMING_WORDS["after_calc"], steps=steps,
                        explanation=f"{name} is destroyed by its own effect after damage calculation, not before.")
        answer = "yes" if at == "after_calc" else "no"
        return dict(base, answer=answer, steps=steps,
                    explanation=f"{name}'s own effect destroys it after damage calculation"
                                + ("." if answer == "yes" else f", not {TIMING_WORDS[at]}."))
    at = query.get("continuous_at")
    if not continuous or destroying or at not in (None, "before_calc"):
        detail = (f"{name} has no Continuous Effect" if not continuous else
                  f"{name} has a Continuous Effect that destroys itself, applied only after damage calculation"
                  if destroying else "from when the flip on, the effect applies; the timing asked is not decided here")
        return dict(base, answer="unknown", explanation=f"Not answered: {detail}.",
                    steps=[flip_step, _step("the card's effect", "unknown", detail, "damage_step_flip_continuous")])
    steps = [flip_step, _step("Continuous Effect", "pass", f"{name}: " + "; ".join(e["text"] for e in continuous)[:300]
                              + " — applied as soon as it is flipped face-up", "damage_step_flip_continuous")]
    return dict(base, answer="yes", steps=steps,
                explanation=f"{name}'s Continuous Effects apply as soon as it is flipped face-up, before damage "
                            "calculation.")


def _no_calculation_answer(session: Session, question: dict) -> dict:
    """The attack target left the field in the Damage Step before damage calculation: the End of the Damage
    Step still comes (``end_effect``: an effect of the attacker, or of a kind, that activates as the Damage Step ends)
    and the attacker has attacked (``having_attacked``)."""
    from . import card_profile

    query = question.get("query") or {}
    card = question.get("card")
    name = card.get("card") if isinstance(card, dict) else None
    base = {"card": name, "resolved": {"card": name} if name else {}, "assumed": [], "rulings": []}
    if query.get("having_attacked"):
        steps = [_step("having attacked", "pass", "the attack reached the Damage Step: the attacking monster has "
                       "attacked, though no damage calculation followed", "damage_step_having_attacked")]
        return dict(base, answer="yes", steps=steps,
                    explanation="An attack that reached the Damage Step counts as having attacked.")
    if not query.get("end_effect"):
        raise BadQuestionError("a no_damage_calculation question asks query.end_effect or query.having_attacked",
                               "query", query)
    steps = []
    if name:
        ending = [e for e in card_profile(session, name) if e.get("kind") in ("trigger", "quick", "ignition")
                  and "end" in ((e.get("condition") or {}).get("damage_step") or [])]
        if not ending:
            detail = f"{name} has no effect activated at the end of the Damage Step"
            return dict(base, answer="unknown", explanation=f"Not answered: {detail}.",
                        steps=[_step("the card's effect", "unknown", detail, "damage_step_end_without_calc")])
        steps.append(_step("the card's effect", "pass", f"{name}: {ending[0]['text'][:200]}", "damage_step_specific"))
        base["assumed"] = ["the rest of the effect's condition is met (what else it requires is not checked here)"]
    steps.append(_step("End of the Damage Step", "pass", "damage calculation was not conducted, but the End of the "
                       "Damage Step still comes: \"at the end of the Damage Step\" effects can be activated",
                       "damage_step_end_without_calc"))
    return dict(base, answer="yes", steps=steps,
                explanation="The End of the Damage Step still occurs when damage calculation was not conducted.")


def damage_step_answer(session: Session, question: dict) -> dict:
    """Answer a ``damage_step_event`` question (see the module doc)."""
    event_name = question.get("event")
    if event_name not in DAMAGE_STEP_EVENTS:
        raise BadQuestionError(f"unknown Damage Step event {event_name!r} (known: "
                               f"{', '.join(DAMAGE_STEP_EVENTS)})", "event", event_name)
    event = DAMAGE_STEP_EVENTS[event_name]
    query = question.get("query") or {}
    at = query.get("at")
    if at is not None and at not in DAMAGE_STEP_TIMINGS:
        raise BadQuestionError(f"unknown Damage Step timing {at!r} (known: {', '.join(DAMAGE_STEP_TIMINGS)})",
                               "query.at", at)
    happen_rule, activate_rule = event["rules"]
    if event_name == "special_summoned":
        return _own_trigger_answer(event, question)
    if event_name == "timing_passed":
        return _timing_passed_answer(session, event, question)
    if event_name == "destroyed_by_battle":
        return _battle_destroyed_answer(session, question)
    if event_name == "no_damage_calculation":
        return _no_calculation_answer(session, question)
    if event_name in ("replay", "own_event_trigger"):
        return _rule_fact_answer(event_name, event)
    if set(query) & {"flip_when", "flipped_at", "continuous_at", "self_destroy_at"}:
        return _flipped_answer(session, question.get("card"), query)
    steps, verdict = _card_steps(session, question.get("card"), event)
    base = {"card": (question.get("card") or {}).get("card") if isinstance(question.get("card"), dict) else None,
            "resolved": {}, "assumed": [], "rulings": []}
    if verdict is not None:
        return dict(base, answer=verdict, explanation=steps[0]["detail"] + ".", steps=steps)
    steps.append(_step("Damage Step timing", "pass",
                       f"{event['words']} {TIMING_WORDS[event['happens']]}; {event['effects']} do not activate "
                       f"then", happen_rule))
    activates = event["activates"]
    if query.get("left_zone"):
        steps.append(_step("rulebooks disagree", "unknown",
                           "whether those effects still activate when the monster has left the Monster Zone "
                           "before then: the Master Duel guide says they do, the community rulings say they do "
                           "not (\"Drillroid\")", event["left_zone"]))
        return dict(base, answer="unknown", steps=steps,
                    explanation="The rulebooks disagree on a flipped monster that leaves the Monster Zone before "
                                f"its effects activate {TIMING_WORDS[activates]}.")
    steps.append(_step("activation timing", "pass", f"they activate {TIMING_WORDS[activates]}", activate_rule,
                       happen_rule))
    if at is None and query.get("activates"):  # "does it activate?" (no timing said)
        answer = "yes"
        explanation = f"{event['effects'][0].upper()}{event['effects'][1:]} activate {TIMING_WORDS[activates]}."
    elif at is None:
        answer = TIMING_WORDS[activates]
        explanation = f"{event['effects'][0].upper()}{event['effects'][1:]} activate {answer}."
    else:
        answer = "yes" if at == activates else "no"
        explanation = (f"{event['effects'][0].upper()}{event['effects'][1:]} activate {TIMING_WORDS[activates]}"
                       + ("." if answer == "yes" else f", not {TIMING_WORDS[at]}."))
    return dict(base, answer=answer, explanation=explanation, steps=steps)
