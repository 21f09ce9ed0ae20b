"""Can a card negate a Summon, read by filling slots in any order: the card that would negate ("can I negate
it with Solemn Warning", "can Black Horn of Heaven negate ..."), the Summon (its kind, the monster, how many),
how the Summon is performed (by a card's effect -- "Monster Reborn Special Summons ...", "with a Ritual Spell"
-- or by its own procedure) and who asks.  The words are data (``summon_negation_words.toml``); every word
must fill a slot or be a filler, else the question is left to other readers.

The slots become the structured ``{"ask": "negate", "card", "summon": {"card", "how", "by", "count"}}``
question (:mod:`kb.engine.negation_summon` decides: only a Summon outside a chain can be negated, and the
negating card's condition must meet it).  How the Summon is performed is never guessed: a Special Summon
whose way is not said gives no reading; Fusion and Ritual Summons are performed by a card's effect, and
Normal, Tribute, Flip, Synchro, Xyz, Link and Pendulum Summons by the game's procedure unless the question
names a card that performs them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .phrase_index import first_word_index
from .scenario_summon import render
from .summon_slots import tokens_of
from .vocabulary import word_file

__all__ = ["read_summon_negation", "scan_negation", "longest_slots", "phrase_table", "read_slot_frame", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("summon_negation_words.toml")
_ALWAYS_BY_EFFECT = ("fusion", "ritual")
# a card's text that Special Summons a monster other than itself ("Special Summon it", "Special Summon 1 monster")
_SUMMONS_ANOTHER = re.compile(r"\bSummons? (?!this card\b)", re.IGNORECASE)
_NEGATES_A_SUMMON = re.compile(r"\bnegate the (?:\w+ )?Summon", re.IGNORECASE)


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


@dataclass
class _Slot:
    kind: str
    key: str
    end: int
    ents: list = field(default_factory=list)
    kinds: list = field(default_factory=list)
    nums: list = field(default_factory=list)


def _kind_of(token: str) -> str | None:
    return next((k for k, words in _words()["kinds"].items() if token in words), None)


def _match(tokens: list[str], i: int, phrase: tuple[str, ...]) -> _Slot | None:
    slot = _Slot("", "", i)
    for k, want in enumerate(phrase):
        if i + k >= len(tokens):
            return None
        got = tokens[i + k]
        if want in ("<e>", "<e>'s"):
            m = re.fullmatch(r"e(\d+)" + ("'s" if want == "<e>'s" else ""), got)
            if m is None:
                return None
            slot.ents.append(int(m[1]))
        elif want == "<k>":
            kind = _kind_of(got)
            if kind is None:
                return None
            slot.kinds.append(kind)
        elif want == "<n>":
            if not got.isdigit() and got not in ("two", "three", "four", "five"):
                return None
            slot.nums.append(int(got) if got.isdigit() else ("two", "three", "four", "five").index(got) + 2)
        elif got != want:
            return None
    slot.end = i + len(phrase)
    return slot


def phrase_table(words: dict, keyed: tuple[str, ...],
                 flat: tuple[str, ...] = ()) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(section, key, phrase tokens)`` of a word file: each ``flat`` section's ``words`` (keyed by the
    section), then every key of each ``keyed`` section, then the ``fillers``."""
    out = [(section, section, tuple(p.split())) for section in flat for p in words[section]["words"]]
    for section in keyed:
        for key, phrases in words[section].items():
            out += [(section, key, tuple(p.split())) for p in phrases]
    out += [("filler", "filler", tuple(p.split())) for p in words["fillers"]["words"]]
    return out


def read_slot_frame(skeleton, scan, build, card_of, *, uses_story: bool = True) -> Frame | None:
    """The frame of a slot reader: the rendered question scanned (``scan(line)``) and built
    (``build(slots, card_of)`` -> ``(question, said, used entities)``); None unless every named card is used."""
    rendered = render(skeleton)
    if rendered is None:
        return None
    line, ents = rendered
    slots = scan(line)
    got = build(slots, card_of) if slots else None
    if got is None:
        return None
    question, said, used = got
    if used != set(ents):
        return None
    skeleton.use(skeleton.live())
    return Frame(question, said, used_entities=used, uses_story=uses_story)


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[str, str, tuple[str, ...]]]:
    return phrase_table(_words(), keyed=("ask", "verb", "summon", "story", "what", "by"))


def longest_slots(line: str, phrases, tie=None) -> list[_Slot] | None:
    """The slots of a rendered question, the longest phrase of ``phrases`` (``(section, key, words)``) at
    each place, fillers dropped; None when a word fills none.  ``tie(section, best, slots so far)`` may
    prefer a phrase as long as the best one found."""
    tokens = tokens_of(line)
    index = first_word_index(phrases, lambda entry: entry[2])  # only the phrases that may start at a word
    out, i = [], 0
    while i < len(tokens):
        best = None
        for section, key, phrase in index.at(tokens[i]):
            m = _match(tokens, i, phrase)
            if m is not None and (best is None or m.end > best.end or
                                  tie is not None and m.end == best.end and tie(section, best, out)):
                m.kind, m.key = section, key
                best = m
        if best is None:
            return None
        if best.kind != "filler":
            out.append(best)
        i = best.end
    return out


def scan_negation(line: str) -> list[_Slot] | None:
    """The slots of a rendered question (longest phrase first), or None when a word fills none."""
    return longest_slots(line, _phrases())


def _question(slots: list[_Slot], card_of) -> tuple[dict, str, set] | None:
    """The negate question the slots tell, how it reads, and the named cards it uses; or None."""
    asks = [s for s in slots if s.kind == "ask"]
    verbs = [s for s in slots if s.kind == "verb"]
    if len(asks) != 1 or len(verbs) != 1 or slots.index(asks[0]) > slots.index(verbs[0]):
        return None
    ask, verb = asks[0], verbs[0]
    after = slots[slots.index(verb) + 1:]
    negators = list(ask.ents) + list(verb.ents)
    # "negate it with Solemn Warning": a card after the verb's Summon is the negator when none is named yet
    by_slots = [s for s in slots if s.kind == "by"]
    if not negators:
        late = [s for s in after if s.kind == "by" and s.key == "effect" and len(s.ents) == 1]
        if len(late) != 1 or late[-1] is not after[-1]:
            return None
        negators = late[0].ents
        by_slots.remove(late[0])
    if len(negators) != 1:
        return None
    kinds = {k for s in slots for k in s.kinds}
    if len(kinds) > 1:
        kinds.discard("special")  # "the Special Summon" said of a Fusion Summon told before
    if len(kinds) != 1:
        return None
    how = kinds.pop()
    summoned = [e for s in slots if s.kind in ("summon", "story", "what") for e in s.ents
                if s.kind != "story" or s.key != "by_card"]
    instruments = [e for s in slots if s.kind == "story" and s.key == "by_card" for e in s.ents]
    if len(set(summoned)) > 1 or len(by_slots) > 1 or any(s.kind == "summon" and s.key == "back" for s in slots) \
            and not any(s.kind == "story" for s in slots):
        return None  # "it" with nothing told before
    for index in instruments + [e for s in by_slots for e in s.ents]:
        performer = card_of(index)
        if performer is None or not _SUMMONS_ANOTHER.search(performer.text or ""):
            # "I activate Pot of Greed and Special Summon a monster": the card does not Summon it; a card
            # that only Special Summons itself (Cyber Dragon) does so by its procedure or is the monster
            return None
    if instruments or by_slots and by_slots[0].key == "effect":
        by = "effect"
        if by_slots and by_slots[0].key == "procedure":
            return None
    elif by_slots:
        by = "procedure"
    elif how in _ALWAYS_BY_EFFECT:
        by = "effect"
    elif how == "special":
        return None  # by a card's effect or its own procedure: not said
    else:
        by = "procedure"
    if how in _ALWAYS_BY_EFFECT and by != "effect":
        return None
    many = [s for s in slots if s.kind == "what" and s.key == "many"]
    count = (many[0].nums[0] if many[0].nums else 2) if many else None
    if count is not None and how != "pendulum" and by != "effect" or count is not None and count < 2:
        return None
    negator = card_of(negators[0])
    if negator is None or verb.key == "use" and not _NEGATES_A_SUMMON.search(negator.text or ""):
        return None
    card: dict = {"card": negator.name}
    if ask.key == "me":
        card["controller"] = "A"
    elif ask.key == "opponent":
        card["controller"] = "B"
    monster: dict | str = {"class": {"type": "monster"}}
    if summoned:
        named = card_of(summoned[0])
        if named is None or not named.is_monster:
            return None
        monster = named.name
    several = count is not None
    if by == "effect":
        count = None  # Summoned while an effect resolves: how many does not bear on it (the engine counts Pendulum)
    summon = {"card": monster, "how": how, "by": by, **({"count": count} if count else {})}
    used = set(negators) | set(summoned) | set(instruments) | {e for s in by_slots for e in s.ents}
    what = monster if isinstance(monster, str) else "a monster"
    way = "performed by a card's effect" if by == "effect" else "by its procedure (outside a chain)"
    who = {"A": " (A)", "B": " (B)"}.get(card.get("controller", ""), "")
    said = f"Can {negator.name}{who} negate the {how.title()} Summon of {what}{' and others' if several else ''} {way}?"
    return {"ask": "negate", "card": card, "summon": summon}, said, used


def read_summon_negation(skeleton, card_of) -> Frame | None:
    """A question whether a card negates a Summon, read by slots, as a frame; or None."""
    return read_slot_frame(skeleton, scan_negation, _question, card_of)
