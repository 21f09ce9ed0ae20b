"""A card that targets several cards, one of which a chained card removes before it resolves, and whether it still
acts on the others (e.g. a card that targets 2 monsters, one of them returned to the hand by a response;
is the remaining one still affected?).

Read in parts: the card and its targets (a number, what they are), the one removed (how, by what), and the question
(the card "still <does what its text does>" to "the other(s)" / "the remaining targets").  Decided from the card's
own resolution wording (md "Resolving Targeting Effects", rows ``targets_*`` of ``kb/engine/chain_rows.toml``):
"both (those) targets" / "all N" need every target (no); "them" / "it" / "those targets" act on the targets that
remain (yes); any other wording stays ``unknown``.  Entry: :func:`read_targets_left` (registered in
:mod:`kb.understand.chain_rules`), answered by :func:`targets_left_answer` (``{"ask": "targets_left"}``).
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from .frame_model import Frame
from .skeleton import Skeleton

__all__ = ["read_targets_left", "targets_left_answer"]

_N = r"(?:\d+|two|three|four|five|several|multiple)"
_STORY = re.compile(
    rf"^(?:(?:i|my opponent|the opponent|they|he|she|player a|player b) (?:activate|activates|activated) (?P<x2>e\d+) "
    rf"(?:targeting|to target|and target|and targets)|(?P<x>e\d+) (?:targets|targeted|is activated targeting|was "
    rf"activated targeting)) (?P<n>{_N}) (?P<what>[\w/' -]+?|e\d+)(?: (?:in|on) (?:my|the|their|your|his|her|either) "
    rf"(?:gy|graveyard|field))? (?:and|,|, and|but) (?:then )?(?:one|1|one of them|one of the targets|a target|one "
    rf"target) (?:is|was|gets|got|has been) (?P<how>banished|removed|destroyed|returned|shuffled|sent|bounced)"
    rf"(?: (?:to|into|from) (?:the|my|their|your|its owner's) (?:hand|deck|gy|graveyard|field))?"
    rf"(?: by (?:a |an |another )?(?:chained )?(?:effect|card|card effect|chain link)(?: in response| in a higher chain "
    rf"link)?| by (?P<y>e\d+)| in response)?$"
)
_ASKED = re.compile(
    r"^(?:does|will|would|can) (?:it|(?P<qx>e\d+))(?: still| then)? (?P<verb>destroy|banish|return|shuffle|send|"
    r"negate|special summon|add|take control of|change|target|draw) (?:the other|the others|the other ones?|the "
    r"other (?:one|card|cards|target|targets|monster|monsters|four|three|two|\d+)|the remaining (?:ones?|targets?|"
    r"cards?|monsters?)|any remaining (?:targets?|cards?|monsters?)|(?:the )?(?:rest|remaining))(?: \w+)?$"
)
_SINGLE = re.compile(r"\btarget (?:1|one) (?![^;]*\band (?:1|one)\b)", re.I)
_ALL_NEEDED = re.compile(r"\b(?:both|all (?:\d+|two|three|four|five|of them|those targets|the targets))\b", re.I)
_REMAINING = re.compile(r"\b(?:them|it|they|those targets|those cards|those monsters|that target)\b", re.I)


def _resolution(text: str) -> str:
    return text.split(";", 1)[1] if ";" in text else ""


def read_targets_left(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    """The question as a frame (``{"ask": "targets_left"}``), or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    story, ask = _STORY.match(told), _ASKED.match(asked)
    if story is None or ask is None:
        return None
    x = skeleton.entities[int((story["x"] or story["x2"])[1:])]
    if x.kind != "card" or not x.name:
        return None
    if ask["qx"] and skeleton.entities[int(ask["qx"][1:])].card_id != x.card_id:
        return None
    if story["y"] and skeleton.entities[int(story["y"][1:])].kind != "card":
        return None
    if story["what"].startswith("e") and story["what"][1:].isdigit() and \
            skeleton.entities[int(story["what"][1:])].kind != "class":
        return None
    effects = [e for e in (effects_of(x.name) or []) if re.search(r"\btarget", e.get("text") or "", re.I)
               and re.search(rf"\b{ask['verb']}", _resolution(e.get("text") or ""), re.I)]
    if len(effects) != 1:
        return None  # which effect targeted is not said, or none does what is asked
    if _SINGLE.search((effects[0].get("text") or "").split(";", 1)[0]):
        return None  # it targets one card: the story does not fit it
    skeleton.use(skeleton.live())
    return Frame({"ask": "targets_left", "card": {"card": x.name}, "does": ask["verb"]},
                 f"{x.name} targets several cards and one leaves before it resolves: does it still {ask['verb']} the "
                 "others?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def targets_left_answer(session, question: dict) -> dict:
    """The answer to a ``targets_left`` question, from the card's resolution wording."""
    from ..engine import card_profile

    name = question["card"]["card"]
    verb = question.get("does") or ""
    effects = [e for e in card_profile(session, name) if re.search(r"\btarget", e.get("text") or "", re.I)
               and re.search(rf"\b{re.escape(verb)}", _resolution(e.get("text") or ""), re.I)]
    if len(effects) != 1:
        return _answer("unknown", f"which effect of {name} targeted is not clear", "targets_them", [])
    text = effects[0]["text"]
    said = _resolution(text).strip()
    clause = re.split(r"[,.]| then ", said)[0]  # the act asked about, before "then ..."
    if _ALL_NEEDED.search(clause):
        return _answer("no", f"{name} says \"{clause.strip()}\": every target must still be there for any of them to "
                             f"be affected, so it resolves without effect", "targets_all_needed", [])
    if _REMAINING.search(clause):
        return _answer("yes", f"{name} says \"{clause.strip()}\": it acts on the targets that remain", "targets_them",
                       ["the remaining targets still meet what they were targeted for"])
    return _answer("unknown", f"how {name}'s wording (\"{clause.strip()}\") treats the targets that remain is not read",
                   "targets_them", [])


def _answer(answer: str, detail: str, key: str, assumed: list[str]) -> dict:
    result = {"yes": "pass", "no": "fail"}.get(answer, "unknown")
    return {"answer": answer, "card": None, "resolved": {}, "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "targets that left", "result": result, "detail": detail, **citation(key)}],
            "assumed": assumed, "rulings": []}
