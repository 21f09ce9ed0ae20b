"""Whether a trigger effect activates after an event or misses the timing (see :mod:`kb.engine.engine`)."""

from __future__ import annotations

import re

from .engine_card import EngineCard, Verdict, _effect_label
from .model import Moment
from .windows import _damage_step_ok, _damage_step_reasons


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
    "set": ("card_event", {"set"}),  # a Set is no Summon and no flip: only a trigger on being Set has it
}
# where a card can be when an event happens to it (for "sent from the <zone> to the GY" conditions)
_EVENT_ORIGINS = {"destroyed": ("field",), "discarded": ("hand",)}
_ORIGIN_PLACES = frozenset({"hand", "deck", "field"})  # a card's told place that is where an event moved it from
# what happens to a card that makes it leave the field ("If this face-up card leaves the field")
_LEAVES_FIELD_EVENTS = {"sent_to_gy", "destroyed", "banished", "returned", "tributed", "used_as_material"}
_SUMMON_EVENTS = {"normal_summoned": "normal", "special_summoned": "special", "flip_summoned": "flip",
                  "tribute_summoned": "tribute", "synchro_summoned": "synchro", "xyz_summoned": "xyz",
                  "fusion_summoned": "fusion", "link_summoned": "link", "ritual_summoned": "ritual",
                  "pendulum_summoned": "pendulum", "summoned": "any"}
# events that turn a face-down monster face-up, so a FLIP effect activates (RULES "flip": "This can happen when
# it is Flip Summoned, attacked while face-down, or flipped face-up by a card effect.")
_FLIPPING_EVENTS = frozenset({"flipped", "flip_summoned"})
TIMING_EVENTS = tuple(sorted(set(_EVENT_TO_PATTERN) | set(_SUMMON_EVENTS)))
TIMING_BY = ("cost", "effect", "battle", "rule")
# who made the event happen, relative to the card's controller ("my opponent destroys my Fire Hand": opponent)
TIMING_CAUSED_BY = ("controller", "opponent")
_SPECIAL_KINDS = {"synchro", "xyz", "fusion", "link", "ritual", "pendulum"}


_ON_FIELD = re.compile(r"^this (?:face-up )?(?:card|monster) on the field\b|^this face-up (?:card|monster)\b", re.I)


def required_origin(pattern: dict) -> str | None:
    """Where the card must have been when its event happened: the pattern's "from", or the field for "this
    face-up card (on the field) is sent to the GY"."""
    if pattern.get("from"):
        return pattern["from"]
    return "field" if _ON_FIELD.search(pattern.get("raw") or "") else None


def _timing_match(pattern: dict, event: str, by: str | None, where: str | None = None) -> tuple[str, list[str]]:
    """Does a card's own event pattern match what happened? (pass/fail/unknown, assumptions).  ``where``: the
    place the card was told to be in when it happened ("sent from my hand to the GY"), when said."""
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
    origin = required_origin(pattern)
    if origin and origin not in _EVENT_ORIGINS.get(event, (origin,)):
        return "fail", assumed  # "sent from the hand to the GY" is not a destruction on the field
    if origin and where in _ORIGIN_PLACES and where != origin:
        return "fail", assumed  # "sent from the field to the GY", and it was sent from the hand
    if origin:
        assumed.append(f"it was moved from the {origin}")
    if by is None and ways:
        assumed.append(f"it happened by {' or '.join(ways)}")
    return "pass", assumed


# a trigger condition that says whose card or attack caused its event ("destroyed by your opponent's card",
# "by a card effect you control", "in your possession")
_BY_WHOM = re.compile(r"\b(?:by|from) (?:your |an? )?opponent(?:'s)?\b|\bopponent's (?:card|effect|attack|monster)|"
                      r"\bby (?:an? )?(?:card effect|card|effect|monster)s? (?:you|your opponent|they) controls?\b|"
                      r"\bin your possession\b", re.I)


# the trigger conditions that name the opponent as the one whose card or attack caused the event; "in your
# possession" beside it only says the card was its owner's (taken as said, an assumption)
_BY_OPPONENT = re.compile(r"\b(?:by|from) (?:your |an? )?opponent(?:'s)?\b|\bopponent's (?:card|effect|attack|monster)",
                          re.I)
_POSSESSION = re.compile(r"\bin your possession\b", re.I)


def _by_whom(raw: str, caused_by: str | None) -> str | None:
    """Whether who caused the event meets a trigger condition naming the opponent: "pass", "fail", or None
    (not said, or a condition of another kind: "by a card effect you control")."""
    if caused_by is None or not _BY_OPPONENT.search(raw):
        return None
    if _BY_WHOM.search(_POSSESSION.sub("", _BY_OPPONENT.sub("", raw))):
        return None  # the condition also names whose card in another way
    return "pass" if caused_by == "opponent" else "fail"


def check_timing(card: EngineCard, event: str, by: str | None, last: bool | None,
                 moment: Moment | None = None, caused_by: str | None = None) -> Verdict:
    """Does the card's trigger effect for ``event`` activate, miss the timing, or not trigger at all?

    ``caused_by``: who made the event happen ("controller" of the card or its "opponent"), when said."""
    verdict = Verdict()
    candidates = [e for e in card.effects if e["kind"] in ("trigger", "flip", "quick") and
                  (card.effect is None or e["index"] == card.effect)]
    matched, unknown_parts = [], []
    for effect in candidates:
        cond = effect.get("condition") or {}
        if effect["kind"] == "flip" and event in _FLIPPING_EVENTS:
            matched.append((effect, []))
            continue
        for pattern in cond.get("events", []):
            result, assumed = _timing_match(pattern, event, by, card.location)
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
    raw = (effect.get("condition") or {}).get("raw", "")
    whom = _by_whom(raw, caused_by)
    if whom == "fail":  # "destroyed by your opponent's card", and its own controller destroyed it
        verdict.step("trigger condition", "fail", f"{_effect_label(card, effect)} is activated by \"{raw}\": "
                     "the event was caused by the card's own controller, not the opponent", "trigger",
                     "activation_condition")
        verdict.answer = "no_trigger"
        return verdict
    if whom == "pass" and _POSSESSION.search(raw):
        verdict.assume("the card was in its owner's possession (not controlled by the opponent)")
    if whom is None and _BY_WHOM.search(raw):  # "destroyed by your opponent's card": whose card is not said
        verdict.step("trigger condition", "unknown", f"{_effect_label(card, effect)} is activated by \"{raw}\": "
                     "whose card or attack caused the event is not modelled", "trigger", "activation_condition")
        verdict.answer = "unknown"
        return verdict
    if event in _SUMMON_EVENTS and re.search(r"\b(?:from|by|with|while|except|using|during)\b", raw, re.I):
        verdict.assume(f"the Summon was as its condition says (\"{raw}\")")  # the parser keeps only the Summon
    keys = (["flip"] if effect["kind"] == "flip" else []) + ["trigger", "activation_condition"] + \
        (["cost_vs_effect"] if by in ("cost", "effect") else [])
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


def moved_away(card: EngineCard, verdict: Verdict) -> Verdict:
    """``card`` met its trigger, then left the place where it met it before the chain finished resolving: its
    Trigger Effect is not activated (rule ``trigger_location``), mandatory or optional, "when" or "if"."""
    out = Verdict("misses")
    out.effect = verdict.effect
    out.steps = [s for s in verdict.steps if s.get("check") == "trigger condition"]
    out.step("trigger location", "fail", f"{card.name} met its trigger, then left the place where it met it before "
                                         "the chain finished resolving: its effect cannot be activated",
             "trigger_location")
    return out
