"""Missing the timing when a named card caused the event: a named monster's "if this card is sent to the GY"
effect when another named card's effect discards or destroys it (e.g. a Witch of the Black Forest discarded by
Card Destruction, or destroyed by Dark Hole).

The causing card's text says what else it did: in "Do A, then do B" (or "also, after that") B happens after
A, so A was not the last thing to happen; in "Do A, and if you do, do B" or "Do A, also do B" both happen at
once, so A still was (rules ``conjunctive_then`` and ``conjunctive_simultaneous``).  A card moved by what the
text says before ";" moved as a cost (never the last thing to happen).  A monster named as the cause of a
destruction may have destroyed by battle as well as by its effect.  Each way the text can be read is one
reading; the answer stands only when every reading gives it (otherwise "unknown", naming the readings).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .engine_card import EngineCard, Verdict
from .model import Moment
from .timing import check_timing

__all__ = ["EVENT_VERBS", "Reading", "cause_readings", "check_caused"]

# the words a card's text uses for doing the event to a card (whole words, case-insensitive)
EVENT_VERBS: dict[str, str] = {
    "discarded": r"\bdiscards?\b",
    "destroyed": r"\bdestroys?\b",
    "sent_to_gy": r"\b(?:sends?|discards?|destroys?|Tributes?)\b",
    "banished": r"\bbanish(?:es)?\b",
    "returned": r"\b(?:returns?|shuffles?)\b",
    "added_to_hand": r"\badds?\b",
    "tributed": r"\bTributes?\b",
    "detached": r"\bdetach(?:es)?\b",
    "special_summoned": r"\bSpecial Summons?\b",
    "flipped": r"\bchange [^.;]{0,40}\bface-up\b|\bflips?\b",
}
# what the text says after the event, in the same sentence: sequential (the event is not last) or at once
_SEQUENTIAL = re.compile(r"\bthen\b|\balso,? after that\b", re.IGNORECASE)
_SIMULTANEOUS_LEAD = re.compile(r"^\s*(?:,\s*)?(?:and if (?:you|they|he|she) do(?:es)?,?|also,?|and)\b",
                                re.IGNORECASE)
# later sentences that do nothing when the effect resolves (restrictions on using the card)
_NOT_AN_ACTION = re.compile(r"^\s*(?:you can only|you cannot|neither player can|this card cannot|\()",
                            re.IGNORECASE)
_DESTROY_EVENTS = {"destroyed", "sent_to_gy"}


@dataclass(frozen=True)
class Reading:
    """One way the cause happened: by what, whether it was the last thing to happen, and why."""

    by: str
    last: bool | None
    detail: str
    keys: tuple[str, ...]
    banished: bool = False  # "destroy it, and if you do, banish it": not sent to the GY
    origin: str | None = None  # where the cause's text takes the card from ("from your Deck": deck), if said


# "... destroy that monster, and if you do, banish it": the destroyed card goes to no GY
_BANISHED_AFTER = re.compile(r"^[^.]*?\b(?:and if you do|also|then),? banish (?:it|them|that (?:monster|card)|those "
                             r"(?:monsters|cards))\b", re.IGNORECASE)


def _parts(text: str, has_cost: bool) -> tuple[str, str]:
    """(cost text, resolution text) of an effect: the activation condition before ":" dropped."""
    body = text
    colon, semi = body.find(":"), body.find(";")
    if colon != -1 and (semi == -1 or colon < semi):
        body = body[colon + 1:]
    if ";" in body:
        before, after = body.split(";", 1)
        return (before if has_cost else ""), after
    return "", body


def _after(resolution: str, end: int) -> str | None:
    """What follows the event at ``end`` of ``resolution``: "sequential" (it was not the last thing the effect
    did), "simultaneous" ("and if you do", "also"), "end" (nothing more), or None (not read)."""
    rest = re.sub(r"\([^)]*\)", "", resolution[end:])
    sentence, _, later = rest.partition(".")
    if _SEQUENTIAL.search(sentence):
        return "sequential"
    later_sentences = [s for s in re.split(r"(?<=\.)\s+", later.strip()) if s.strip()]
    if any(_SEQUENTIAL.match(s) for s in later_sentences):
        return "sequential"
    if any(not _NOT_AN_ACTION.match(s) for s in later_sentences):
        return None  # something more is done in a sentence of its own: when, the text does not say plainly
    clause = sentence.split(",", 1)
    if len(clause) == 1 or not clause[1].strip():
        return "end"
    if _SIMULTANEOUS_LEAD.match("," + clause[1]):
        return "simultaneous"
    return None


# where a clause of the cause's text takes cards from
_ORIGINS = (("deck", re.compile(r"\bfrom (?:your|the|their|either player's|your opponent's) (?:Main )?Deck\b", re.I)),
            ("hand", re.compile(r"\bfrom (?:your|the|their|either player's|your opponent's) hand\b", re.I)),
            ("extra deck", re.compile(r"\bfrom (?:your|the|their) Extra Deck\b", re.I)))


def _origin(resolution: str, at: int) -> str | None:
    """The place the sentence of ``resolution`` at ``at`` takes its cards from, when one place is said."""
    start = resolution.rfind(".", 0, at) + 1
    end = resolution.find(".", at)
    sentence = resolution[start:end if end != -1 else len(resolution)]
    found = {name for name, pattern in _ORIGINS if pattern.search(sentence)}
    return found.pop() if len(found) == 1 else None


def cause_readings(cause: EngineCard, event: str) -> tuple[list[Reading], str]:
    """The readings of ``event`` done by ``cause``, and what kept a reading from being made ("" if none)."""
    verb = EVENT_VERBS.get(event)
    if verb is None:
        return [], f"what {cause.name} does is not compared with the event {event}"
    readings: list[Reading] = []
    problems: list[str] = []
    for effect in cause.effects:
        if effect["kind"] in ("continuous", "rule", "unknown") or not effect.get("text"):
            if effect["kind"] == "unknown":
                problems.append(f"part of {cause.name}'s text could not be read")
            continue
        cost, resolution = _parts(effect["text"], bool(effect.get("cost")))
        if cost and re.search(verb, cost, re.IGNORECASE):
            readings.append(Reading("cost", False, f"{cause.name} moves the card as its cost "
                                                    f"(\"{cost.strip()}\")", ("cost_never_last",)))
        for match in re.finditer(verb, resolution, re.IGNORECASE):
            after = _after(resolution, match.end())
            said = resolution.strip()
            if after is None:
                problems.append(f"whether {cause.name}'s effect does more after it (\"{said}\") is not read")
                continue
            detail, keys = {
                "sequential": (f"{cause.name}'s effect does it, and something more happens after it (\"{said}\"): "
                               "it is not the last thing to happen", ("conjunctive_then",)),
                "simultaneous": (f"{cause.name}'s effect does it at the same time as the rest (\"{said}\")",
                                 ("conjunctive_simultaneous",)),
                "end": (f"{cause.name}'s effect does it as the last thing the effect does (\"{said}\")",
                        ("missing_timing",)),
            }[after]
            banished = event in _DESTROY_EVENTS and bool(_BANISHED_AFTER.match(resolution[match.end():]))
            readings.append(Reading("effect", after != "sequential", detail, keys, banished,
                                    _origin(resolution, match.start())))
    if cause.card_type == "Monster" and event in _DESTROY_EVENTS:
        readings.append(Reading("battle", None, f"{cause.name} destroys it by battle", ("damage_step_battle_events",)))
    if not readings and not problems:
        problems.append(f"no text of {cause.name} does this ({event.replace('_', ' ')})")
    return readings, "; ".join(dict.fromkeys(problems))


def check_caused(card: EngineCard, cause: EngineCard, event: str, by: str | None, last: bool | None,
                 moment: Moment | None = None, caused_by: str | None = None) -> Verdict:
    """``card``'s trigger after ``event`` that ``cause`` made happen: one answer for every reading, or unknown."""
    readings, problem = cause_readings(cause, event)
    if by is not None:
        readings = [r for r in readings if r.by == by]
    if last is not None:
        readings = [Reading(r.by, last, r.detail, r.keys) for r in readings]
    verdict = Verdict()
    if problem or not readings:
        reason = problem or f"no reading of {cause.name}'s text does it {'by ' + by if by else ''}".strip()
        verdict.step("what caused it", "unknown", reason, "missing_timing", "conjunctive_then")
        return verdict
    outcomes = [(reading, _elsewhere(card, _banished(check_timing(card, event, reading.by, reading.last, moment,
                                                                  caused_by), reading), reading))
                for reading in readings]
    answers = {v.answer for _r, v in outcomes}
    if len(answers) != 1:
        listed = "; ".join(f"{r.detail}: {v.answer.replace('_', ' ')}" for r, v in outcomes)
        verdict.step("what caused it", "unknown", f"the readings of how {cause.name} caused it differ ({listed})",
                     "missing_timing", *outcomes[0][0].keys)
        return verdict
    reading, first = outcomes[0]
    if first.effect is not None and first.answer in ("activates", "misses"):
        from .timing_wording import summon_qualifier

        effect = next(e for e in card.effects if e["index"] == first.effect)
        said = summon_qualifier(effect, event, " ".join(e.get("text") or "" for e in cause.effects))
        if said:  # "If this card is Special Summoned from the hand" and a cause that Summons from the GY
            verdict.step("trigger condition", "unknown", said, "activation_condition")
            return verdict
    verdict.answer, verdict.effect = first.answer, first.effect
    if any(r.by == "effect" and r.last for r in readings):
        verdict.assume(f"{cause.name}'s effect resolved last (no other chain link resolved after it)")
    for r, _v in outcomes:
        verdict.step("what caused it", "pass", r.detail, *r.keys)
    verdict.steps.extend(first.steps)
    for r, v in outcomes:
        for text in v.assumed:
            if not (text.startswith("the event was the last thing") and r.last is not None):
                verdict.assume(text)
    return verdict


def _elsewhere(card: EngineCard, verdict: Verdict, reading: Reading) -> Verdict:
    """A trigger on leaving the field does not happen when the cause took the card from elsewhere ("Send 1
    monster from your Deck to the GY" and "When this face-up card on the field is sent to the GY")."""
    if verdict.effect is None or reading.origin is None or verdict.answer not in ("activates", "misses"):
        return verdict
    from .timing import required_origin

    effect = next((e for e in card.effects if e["index"] == verdict.effect), None)
    wanted = {required_origin(p) for p in ((effect or {}).get("condition") or {}).get("events", [])}
    if wanted != {"field"} or reading.origin == "field":
        return verdict
    out = Verdict("no_trigger")
    out.step("trigger condition", "fail", f"the cause takes the card from the {reading.origin}, but "
                                          f"{card.name}'s trigger needs it to leave the field", "trigger",
             "activation_condition")
    return out


def _banished(verdict: Verdict, reading: Reading) -> Verdict:
    """A trigger on being sent to the GY does not happen when the cause banishes the destroyed card."""
    if reading.banished and any(a.startswith("the destroyed card was sent to the GY") for a in verdict.assumed):
        out = Verdict("no_trigger")
        out.step("trigger condition", "fail", "the cause banishes the card it destroys (\"and if you do, banish "
                                              "it\"): it is not sent to the GY", "trigger", "conjunctive_simultaneous")
        return out
    return verdict
