"""Triggers from the log: which trigger effects (and "When ..." cards) the events of a window allow now.

A window is the events since the last settled point (an action outside a chain, or a chain that finished
resolving).  An event is "the last thing to happen" when no later step of the window followed it; an
optional "When ... you can" effect whose event was not last misses the timing, decided from the
simulated log (today's :func:`kb.engine.engine.check_timing` makes the call and cites it).  Mandatory
effects and "If" effects never miss.  :func:`segoc_order` builds the next chain from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import engine as checks
from .state import Event, Instance, other

__all__ = ["Trigger", "collect", "segoc_order"]

# simulator event -> (the timing event today's checks know, "by" override)
_TIMING_NAMES = {"sent_to_gy": "sent_to_gy", "destroyed": "destroyed", "destroyed_by_battle": "destroyed",
                 "banished": "banished", "added_to_hand": "added_to_hand", "discarded": "discarded",
                 "flipped": "flipped", "returned": "returned", "tributed": "tributed", "detached": "detached",
                 "used_as_material": "used_as_material", "normal_summoned": "normal_summoned",
                 "tribute_summoned": "tribute_summoned", "flip_summoned": "flip_summoned",
                 "special_summoned": "special_summoned", "synchro_summoned": "synchro_summoned",
                 "xyz_summoned": "xyz_summoned", "fusion_summoned": "fusion_summoned",
                 "link_summoned": "link_summoned", "ritual_summoned": "ritual_summoned",
                 "pendulum_summoned": "pendulum_summoned"}
_RANK = {"activates": 3, "misses": 2, "unknown": 1, "no_trigger": 0}
_SUMMON_KIND = {"normal_summoned": "normal", "tribute_summoned": "tribute", "flip_summoned": "flip",
                "special_summoned": "special", "synchro_summoned": "synchro", "xyz_summoned": "xyz",
                "fusion_summoned": "fusion", "link_summoned": "link", "ritual_summoned": "ritual",
                "pendulum_summoned": "pendulum"}
_SPECIAL = {"special", "synchro", "xyz", "fusion", "link", "ritual", "pendulum"}
# words in a condition that qualify the monster (ATK, Type, name ...): the simulator does not check them
_QUALIFIER = re.compile(r"\d|ATK|DEF|Level|Rank|-Type|Type|Attribute|LIGHT|DARK|WATER|FIRE|EARTH|WIND|DIVINE|\"|"
                        r"face-up|Tuner|Effect Monster|Normal Monster|from the|in Defense|in Attack|by the effect|"
                        r"(?<!a )monster you control|Extra Deck|GY|hand", re.I)


@dataclass
class Trigger:
    """A trigger effect (or a "When ..." card) the window allows, misses, or may not allow."""

    inst: Instance
    effect: int
    result: str  # activates | misses | unknown | no_trigger
    detail: str
    mandatory: bool
    steps: list[dict] = field(default_factory=list)


def _last_step(window: list[Event]) -> int:
    return max((e.step for e in window), default=-1)


def collect(game, window: list[Event]) -> list[Trigger]:
    """The triggers the events of ``window`` concern (best result per effect), in log order."""
    state = game.state
    if not window:
        return []
    last = _last_step(window)
    negated = {e.uid for e in window if e.kind == "summon_negated"}
    out: dict[tuple[int, int], Trigger] = {}
    for event in window:
        if event.uid is None or event.kind not in _TIMING_NAMES:
            continue
        if event.kind in _SUMMON_KIND and event.uid in negated:
            continue
        inst = state.cards[event.uid]
        for trig in _own_triggers(game, inst, event, event.step == last):
            key = (trig.inst.uid, trig.effect)
            if key not in out or _RANK[trig.result] > _RANK[out[key].result]:
                out[key] = trig
    for event in window:
        if event.kind not in _SUMMON_KIND or event.uid in negated:
            continue
        for trig in _other_triggers(game, event, event.step == last):
            key = (trig.inst.uid, trig.effect)
            if key not in out or _RANK[trig.result] > _RANK[out[key].result]:
                out[key] = trig
    return [t for t in out.values() if t.result != "no_trigger"]


def _own_triggers(game, inst: Instance, event: Event, is_last: bool) -> list[Trigger]:
    """The card's own "When/If this card is ..." effects for one event, judged by today's timing check."""
    out = []
    for effect in inst.card.effects:
        if effect["kind"] not in ("trigger", "flip"):
            continue
        cond = effect.get("condition") or {}
        patterns = [p for p in cond.get("events", []) if p.get("subject") == "this_card"]
        if effect["kind"] == "flip" and event.kind != "flipped":
            continue
        if effect["kind"] == "trigger" and not patterns:
            continue
        if _logged_apart(event, patterns):  # cost engineer: exact events (see _logged_apart)
            continue
        if any(p.get("from") and event.origin and p["from"] != event.origin and p["from"] != "field" or
               (p.get("from") == "field" and event.origin not in (None, "field")) for p in patterns
               if p.get("type") == "card_event") and all(p.get("type") == "card_event" for p in patterns):
            continue
        place = _unread_place(cond, patterns, event)
        if place == "other":
            continue  # "If this card is Special Summoned from the hand": it came from elsewhere
        if place == "unknown":
            out.append(Trigger(inst, effect["index"], "unknown", f"{inst.name}'s condition \"{cond.get('raw')}\" "
                               f"names where the card came from, and where it came from is not known",
                               effect.get("optional") is False))
            continue
        moved = _moved_since(inst, event)
        if moved is not None:
            if inst.location in ("hand", "deck") or (inst.location == "extra" and inst.face == "down"):
                out.append(Trigger(inst, effect["index"], "misses", f"{inst.name} went on to the {inst.location} "
                                   f"after it was {event.kind.replace('_', ' ')}: it is a new card there and the "
                                   f"effect cannot be activated", effect.get("optional") is False,
                                   [_step("trigger location", "fail", f"{inst.name} is no longer where the event put "
                                          f"it ({moved})", "trigger_location")]))
            else:
                out.append(Trigger(inst, effect["index"], "unknown", f"{inst.name} moved again after the event "
                                   f"({moved}); whether its effect still activates is not modelled",
                                   effect.get("optional") is False))
            continue
        timing_event = _TIMING_NAMES[event.kind]
        by = "battle" if event.kind == "destroyed_by_battle" else event.by
        ecard = game.engine_card(inst, effect["index"])
        moment = game.moment() if game.state.step == "damage" else None
        verdict = checks.check_timing(ecard, timing_event, by, is_last, moment)
        mandatory = effect.get("optional") is False
        detail = _detail(inst, event, verdict, is_last)
        out.append(Trigger(inst, effect["index"], verdict.answer, detail, mandatory, list(verdict.steps)))
    return out


# where a condition says the card came from ("If this card is Special Summoned from the hand"), when its event
# patterns do not carry it: checked against the event's origin here
_FROM_PLACE = re.compile(r"\bfrom (?:the |your |your opponent's |their )?(hand|GY|Graveyard|Deck|Extra Deck|field)\b",
                         re.I)
_PLACE_OF = {"hand": "hand", "gy": "gy", "graveyard": "gy", "deck": "deck", "extra deck": "extra", "field": "field"}


def _unread_place(cond: dict, patterns: list[dict], event: Event) -> str | None:
    """``"other"`` when the condition's own "from <place>" excludes the event's origin, ``"unknown"`` when the
    origin is not known, None when it matches or the condition names no place its patterns left out."""
    found = _FROM_PLACE.search(cond.get("raw") or "")
    if found is None or any(p.get("from") for p in patterns):
        return None
    place = _PLACE_OF[found.group(1).lower()]
    if event.origin is None:
        return "unknown"
    origin = "field" if event.origin in ("monster", "emz", "spell_trap", "field_zone") else event.origin
    return None if origin == place else "other"


# --- cost engineer: a plain "sent to the GY" is not a discard, a Tribute or a destruction -----------------
# The simulator logs those as events of their own beside "sent_to_gy" (discarded / tributed / destroyed ...), so
# a sent_to_gy event alone never meets a condition that names one of them: "If this card is discarded" is not
# met by a card sent from the hand to the GY (prb2017:sending-to-the-graveyard-ex1, RULES fact_send_not_discard).
_LOGGED_APART = {"discarded", "tributed", "destroyed", "destroyed_by_battle", "detached", "used_as_material"}


def _logged_apart(event: Event, patterns: list[dict]) -> bool:
    """Whether every event pattern of the condition names an event the log would hold on its own, and this is
    only the card's sent_to_gy event (the matching event, if it happened, is judged separately)."""
    return event.kind == "sent_to_gy" and bool(patterns) and all(
        p.get("type") == "card_event" and p.get("event") in _LOGGED_APART for p in patterns)
# --- end cost engineer -------------------------------------------------------------------------------------


_DESTINATION = {"sent_to_gy": "gy", "destroyed": "gy", "destroyed_by_battle": "gy", "discarded": "gy",
                "tributed": "gy", "detached": "gy", "used_as_material": "gy", "banished": "banished",
                "added_to_hand": "hand", "returned": None, "flipped": "field"}


def _moved_since(inst: Instance, event: Event) -> str | None:
    """Where the card went after the event put it somewhere else (``None`` when it is still there)."""
    expected = "field" if event.kind in _SUMMON_KIND else _DESTINATION.get(event.kind)
    if expected is None:
        return None
    now = "field" if inst.on_field else inst.location
    if expected == "gy" and now == "extra" and inst.card.is_pendulum:
        return None
    if event.kind in ("destroyed", "destroyed_by_battle") and now == "banished":
        return None  # destroyed and banished instead
    return None if now == expected else f"now in the {now}"


def _detail(inst: Instance, event: Event, verdict, is_last: bool) -> str:
    what = event.kind.replace("_", " ")
    when = "the last thing to happen" if is_last else "not the last thing to happen"
    fails = [s["detail"] for s in verdict.steps if s["result"] in ("fail", "unknown")]
    by = f" by {event.by}" if event.by and not what.endswith(f"by {event.by}") else ""
    base = f"{inst.name} was {what}{by}, {when}"
    return base + (f": {fails[-1]}" if fails else "")


def _other_triggers(game, event: Event, is_last: bool) -> list[Trigger]:
    """Face-up or Set cards whose "When a monster is Summoned" condition the Summon ``event`` meets."""
    state = game.state
    summoned = state.cards[event.uid]
    summon_kind = _SUMMON_KIND[event.kind]
    summoner = summoned.controller
    out = []
    for inst in state.cards.values():
        if inst.uid == summoned.uid or not inst.on_field:
            continue
        for effect in inst.card.effects:
            if effect["kind"] not in ("trigger", "activation"):
                continue
            if effect["kind"] == "trigger" and inst.face != "up":
                continue
            cond = effect.get("condition") or {}
            for pattern in cond.get("events", []):
                if pattern.get("type") != "summon" or pattern.get("subject") == "this_card" or \
                        pattern.get("stage") != "done":
                    continue
                methods = set(pattern.get("methods") or ["any"])
                if not ("any" in methods or summon_kind in methods or
                        (summon_kind == "tribute" and "normal" in methods) or
                        ("special" in methods and summon_kind in _SPECIAL)):
                    continue
                who = pattern.get("player", "any")
                if who == "opponent" and summoner == inst.controller or who == "you" and summoner != inst.controller:
                    continue
                optional = effect.get("optional") is not False
                when = (effect.get("when_if") or cond.get("when_if")) == "when"
                raw = re.sub(r"^(?:When|If)\s+|Summon(?:ed|s)?|Normal|Special|Flip|Tribute|monster\(s\)|monsters?|"
                             r"your opponent|you|is|are|a|an|or|and|,", " ", cond.get("raw", ""))
                if optional and when and not is_last:
                    out.append(Trigger(inst, effect["index"], "misses",
                                       f"the Summon of {summoned.name} was not the last thing to happen (whether or "
                                       f"not it meets every word of the condition): "
                                       f"{inst.name}'s optional \"When ...\" {_noun(effect)} "
                                       f"misses the timing", False,
                                       [_step("missing the timing", "fail", "an optional \"When\" effect whose event "
                                              "was not the last thing to happen misses the timing",
                                              "missing_timing")]))
                elif _QUALIFIER.search(raw):
                    out.append(Trigger(inst, effect["index"], "unknown",
                                       f"{inst.name}'s condition \"{cond.get('raw')}\" qualifies the monster in a way "
                                       f"the simulator does not check", not optional))
                else:
                    sort = "mandatory" if not optional else "\"If\""
                    out.append(Trigger(inst, effect["index"], "activates",
                                       f"{summoned.name} was {summon_kind} Summoned"
                                       + (", the last thing to happen" if is_last else
                                          f" (a {sort} effect does not miss the timing)"),
                                       not optional,
                                       [_step("missing the timing", "pass", "the event meets the condition and the "
                                              "effect does not miss the timing", "missing_timing")]))
                break
    return out


def _noun(effect: dict) -> str:
    return "card" if effect["kind"] == "activation" else "effect"


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    from .. import rules
    return {"check": check, "result": result, "detail": detail, **rules.citation(*keys)}


def segoc_order(game, pending: list[Trigger]) -> dict | None:
    """The chain the waiting triggers form (today's SEGOC check), or ``None`` when none activates."""
    live = [t for t in pending if t.result == "activates"]
    if not live:
        return None
    cards = [game.engine_card(t.inst, t.effect) for t in live]
    return checks.check_segoc(cards, game.state.turn)


def opponent(player: str) -> str:
    """The other player."""
    return other(player)
