"""Which kind of Summon counts as which, read by filling slots in any order: "does a Tribute Summon use up my
Normal Summon?", "is Flip Summoning a Special Summon?", "is normal setting a monster counted as using my Normal
Summon?", "does a Gemini monster need a Tribute to be Normal Summoned a second time?".  The subject (a kind of
Summon or a Gemini monster's second Summon), the predicate and the pairs that name a rule fact are data
(``summon_kind_facts_words.toml``); every word must fill a slot or be a filler, else the question is left to
other readers.  The answer is the rule fact's (``{"ask": "rule_fact", ...}``, kb/engine/sim/summon_rules.toml).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .summon_negation import longest_slots, phrase_table, read_slot_frame
from .vocabulary import word_file

__all__ = ["read_kind_fact", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("summon_kind_facts_words.toml")
_SPECIAL_KINDS = ("fusion", "synchro", "xyz", "link", "pendulum", "ritual")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[str, str, tuple[str, ...]]]:
    return phrase_table(_words(), keyed=("subject", "predicate"), flat=("opener", "second"))


def _predicate_once_subject_said(section: str, best, said: list) -> bool:
    """Of two readings as long, the predicate once the subject is said ("a Normal Summon" is either)."""
    return section == "predicate" and best.kind == "subject" and any(s.kind == "subject" for s in said)


def _scan(line: str) -> list | None:
    return longest_slots(line, _phrases(), tie=_predicate_once_subject_said)


def _fact(slots: list, card_of) -> tuple[dict, str, set] | None:
    if not slots or slots[0].kind != "opener" or sum(s.kind == "opener" for s in slots) != 1:
        return None
    subjects = [s for s in slots if s.kind == "subject"]
    predicates = [s for s in slots if s.kind == "predicate"]
    seconds = [s for s in slots if s.kind == "second"]
    if len(subjects) != 1 or len(predicates) != 1 or len(seconds) > 1:
        return None
    subject, predicate = subjects[0], predicates[0]
    key = subject.key
    if key == "gemini_monster":
        if not seconds:
            return None  # "does a Gemini monster need a Tribute?": its first Normal Summon is any monster's
        key = "gemini_second"
    elif seconds:
        return None
    used = set(subject.ents)
    for index in subject.ents:
        card = card_of(index)
        if card is None or not card.is_monster or "Gemini" not in card.abilities:
            return None
    if key == "special":
        if len(subject.kinds) != 1 or subject.kinds[0] not in _SPECIAL_KINDS:
            return None
    found = _words()["facts"].get(f"{key} {predicate.key}")
    if found is None:
        return None
    topic, fact_subject, asked = found.split()
    if "<k>" in fact_subject:
        fact_subject = fact_subject.replace("<k>", subject.kinds[0])
    words = _words()["said"]
    subject_said = words[key].replace("<k>", subject.kinds[0].title() if subject.kinds else "")
    said = "Rule: " + words[predicate.key].replace("<s>", subject_said)
    return {"ask": "rule_fact", "topic": topic, "subject": fact_subject, "asked": asked}, said, used


def read_kind_fact(skeleton, card_of) -> Frame | None:
    """The rule fact such a question asks, as a frame, or None."""
    return read_slot_frame(skeleton, _scan, _fact, card_of, uses_story=False)
