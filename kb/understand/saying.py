"""How a JSON question is said back in words ("understood"): a card object as a phrase ("Effect
Veiler (B, from the hand)"), a moment ("before damage calculation, in B's turn"), events and Summons."""

from __future__ import annotations

from .generic import describe_kind

__all__ = ["card_phrase", "moment_phrase", "EVENT_WORDS", "PHASE_NAMES", "SUMMON_WORDS"]

PHASE_NAMES = {
    "draw": "the Draw Phase",
    "standby": "the Standby Phase",
    "main1": "Main Phase 1",
    "battle": "the Battle Phase",
    "main2": "Main Phase 2",
    "end": "the End Phase",
}
_TIMING_WORDS = {
    "start": "at the start of the Damage Step",
    "before_calc": "before damage calculation",
    "calc": "during damage calculation",
    "after_calc": "after damage calculation",
    "end": "at the end of the Damage Step",
}
EVENT_WORDS = {
    "sent_to_gy": "sent to the GY",
    "destroyed": "destroyed",
    "banished": "banished",
    "discarded": "discarded",
    "tributed": "Tributed",
    "special_summoned": "Special Summoned",
    "normal_summoned": "Normal Summoned",
    "flipped": "flipped face-up",
    "added_to_hand": "added to the hand",
}
SUMMON_WORDS = {
    None: "Summon",
    "normal": "Normal Summon",
    "tribute": "Tribute Summon",
    "flip": "Flip Summon",
    "special": "Special Summon",
    "fusion": "Fusion Summon",
    "synchro": "Synchro Summon",
    "xyz": "Xyz Summon",
    "link": "Link Summon",
    "pendulum": "Pendulum Summon",
    "ritual": "Ritual Summon",
}


def card_phrase(item: dict) -> str:
    """A card object of a question in words: "Effect Veiler (B, from the hand)"."""
    if isinstance(item, str):
        return item
    head = item["card"] if "card" in item else describe_kind(item["class"])
    if "card" in item and item.get("effect") is not None:
        head = f"{head}'s effect #{item['effect']}"
    notes = []
    if item.get("controller"):
        notes.append(item["controller"])
    if item.get("location") == "hand":
        notes.append("from the hand")
    elif item.get("location") == "gy":
        notes.append("from the GY")
    if item.get("set_this_turn"):
        notes.append("Set this turn")
    elif item.get("face") == "down":
        notes.append("Set")
    elif item.get("face") == "up":
        notes.append("face-up")
    return head + (f" ({', '.join(notes)})" if notes else "")


def moment_phrase(question: dict) -> str:
    parts = []
    if question.get("timing"):
        parts.append(_TIMING_WORDS[question["timing"]])
    elif question.get("step") == "damage":
        parts.append("during the Damage Step")
    elif question.get("step") == "battle":
        parts.append("during the Battle Step")
    elif question.get("phase"):
        parts.append("during " + PHASE_NAMES[question["phase"]])
    if question.get("turn"):
        parts.append(f"in {question['turn']}'s turn")
    return (" " + ", ".join(parts)) if parts else ""
