"""Summon questions read by filling slots: the words of the question are scanned, longest phrase first, for
the pieces a Summon question is made of (``summon_slots_words.toml``): the opener ("can I", "can <monster>
be"), the asked act (Normal Summon, Tribute Summon, Set, Flip Summon, Pendulum Summon), the monster (named,
by Level, "a face-down monster", "it"), its Tributes ("with 1 tribute", "by tributing a token"), what the
asker did before ("after I Set a monster", "a monster I Set last turn"), when ("during my opponent's turn",
"in Main Phase 2") and the Pendulum Scales -- in any order.  Every word must fill a slot or be a filler;
a word left over leaves the question to other readers (:func:`scan` gives None).

The slots become a simulator scenario (:mod:`.summon_slot_scenario`): the simulator, not the reader,
decides whether the act is legal, and cites the rule it applies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .phrase_index import first_word_index
from .vocabulary import word_file

__all__ = ["Slot", "Event", "Reading", "scan", "read_events", "tokens_of", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("summon_slots_words.toml")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


@dataclass
class Slot:
    """One piece of the question: ``kind`` (ask, act, passive, done, open, monster, tributes, when, phase,
    scales, count, filler), ``key`` (which one) and the numbers / named cards it holds."""

    kind: str
    key: str
    start: int
    end: int
    nums: list = field(default_factory=list)
    ents: list = field(default_factory=list)


# ------------------------------------------------------------------------------------------ tokens


_SPLIT = re.compile(r"^(lv|lvl|level)-?(\d+)$")


def tokens_of(line: str) -> list[str]:
    """The words of a rendered question (lower case; ``e<N>`` for named cards), with "lv4" split in two and
    "opponent 's" joined."""
    out: list[str] = []
    for word in line.replace(" 's", "'s").replace(" ' s", "'s").split():
        m = _SPLIT.match(word)
        out += [m[1], m[2]] if m else [word]
    return out


def _number_word(token: str) -> int | None:
    for key, words in _words()["numbers"].items():
        if token in words:
            return int(key)
    return int(token) if token.isdigit() else None


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[str, str, tuple[str, ...]]]:
    """(kind, key, phrase tokens) of every plain phrase of the word file."""
    w = _words()
    out = []
    for kind in ("ask", "act", "passive", "done", "monster", "count", "fate"):
        for key, phrases in w[kind].items():
            out += [(kind, key, tuple(p.split())) for p in phrases]
    out += [("open", "open", tuple(p.split())) for p in w["open"]["words"]]
    out += [("filler", "filler", tuple(p.split())) for p in w["fillers"]["words"]]
    out += [("instrument", "by", tuple(p.split())) for p in w["instrument"]["by"]]
    out += [("while", key, tuple(p.split())) for key, phrases in w["while"].items() for p in phrases]
    out += [("purpose", key, tuple(p.split())) for key, phrases in w["purpose"].items() for p in phrases]
    out += [("extra_face_up", "named", tuple(p.split())) for p in w["extra_face_up"]["words"]]
    out += [("scales", "pair", tuple(p.split())) for p in w["scales"]["pair"]]
    out += [("scales_where", "where", tuple(p.split())) for p in w["scales"]["where"]]
    out += [("when", key, tuple(p.split())) for key in ("this_turn", "earlier_turn") for p in w["when"][key]]
    out += [("tributes", "none", tuple(p.split())) for p in w["tributes"]["none"]]
    out += [("place", "hand", ("from", *who.split(), "hand")) for who in ("my", "the", "your")] + \
        [("place", "hand", ("from", "hand"))]
    return out


def _match(tokens: list[str], i: int, phrase: tuple[str, ...]) -> tuple[int, list, list] | None:
    """End of ``phrase`` matched at ``i`` (numbers, named cards it holds), or None."""
    nums, ents = [], []
    for k, want in enumerate(phrase):
        if i + k >= len(tokens):
            return None
        got = tokens[i + k]
        if want == "<n>":
            n = _number_word(got)
            if n is None or got in ("a", "no", "single"):
                return None
            nums.append(n)
        elif want in ("<e>", "<e>'s"):
            m = re.fullmatch(r"e(\d+)" + ("'s" if want == "<e>'s" else ""), got)
            if m is None:
                return None
            ents.append(int(m[1]))
        elif "<n>" in want:  # "lv<n>" written as one word
            m = re.fullmatch(re.escape(want).replace("<n>", r"(\d+)"), got)
            if m is None:
                return None
            nums.append(int(m[1]))
        elif got != want:
            return None
    return i + len(phrase), nums, ents


def _alts(*path: str) -> list[tuple[str, ...]]:
    node = _words()
    for key in path:
        node = node[key]
    return [tuple(p.split()) for p in node]


def _longest(tokens: list[str], i: int, phrases: list[tuple[str, ...]]) -> int | None:
    ends = [m[0] for p in phrases if (m := _match(tokens, i, p)) is not None]
    return max(ends) if ends else None


def _number(tokens: list[str], i: int) -> tuple[int, int] | None:
    """A number said in words at ``i`` ("only one", "2"): (value, end)."""
    best = None
    for key, words in _words()["numbers"].items():
        for p in words:
            m = _match(tokens, i, tuple(p.split()))
            if m is not None and (best is None or m[0] > best[1]):
                best = (int(key), m[0])
    return best


def _tributes(tokens: list[str], i: int) -> Slot | None:
    """ "with 2 tributes", "by tributing a token (as the tribute)": Tributes of the act."""
    by = _longest(tokens, i, _alts("tributes", "by"))
    if by is None:
        return None
    best = None
    n = _number(tokens, by)
    if n is not None:
        unit = _longest(tokens, n[1], _alts("tributes", "unit"))
        if unit is not None:
            best = Slot("tributes", "count", i, unit, nums=[n[0]])
    for kind in ("token", "face_down", "opponent"):
        end = _longest(tokens, by, _alts("tributes", kind))
        if end is not None and (best is None or end > best.end):
            after = _longest(tokens, end, _alts("tributes", "as"))
            best = Slot("tributes", kind, i, after or end, nums=[1])
    return best


def _when(tokens: list[str], i: int) -> Slot | None:
    """ "during my opponent's Battle Phase", "in Main Phase 2", "on my opponent's turn"."""
    w = _words()
    at = _longest(tokens, i, _alts("when", "at"))
    if at is None:
        return None
    best = None
    for whose in ("mine", "theirs", None):
        start = at
        if whose is not None:
            start = _longest(tokens, at, _alts("when", whose))
            if start is None:
                continue
        for phase, words in w["phases"].items():
            end = _longest(tokens, start, [tuple(p.split()) for p in words])
            if end is not None and (best is None or end > best.end):
                best = Slot("phase", phase, i, end, nums=[whose or ""])
        if whose is not None and start < len(tokens) and tokens[start] == "turn":
            if best is None or start + 1 > best.end:
                best = Slot("phase", "turn", i, start + 1, nums=[whose])
    return best


def scan(line: str) -> list[Slot] | None:
    """The slots of a rendered question, left to right (the longest reading at each word), or None when a
    word fills no slot."""
    tokens = tokens_of(line)
    index = first_word_index(_phrases(), lambda entry: entry[2])  # only the phrases that may start at a word
    out: list[Slot] = []
    i = 0
    while i < len(tokens):
        cands: list[Slot] = []
        for kind, key, phrase in index.at(tokens[i]):
            m = _match(tokens, i, phrase)
            if m is not None:
                cands.append(Slot(kind, key, i, m[0], m[1], m[2]))
        if re.fullmatch(r"e\d+(?:'s)?", tokens[i]):
            cands.append(Slot("monster", "named", i, i + 1, ents=[int(tokens[i][1:].removesuffix("'s"))]))
        for special in (_tributes(tokens, i), _when(tokens, i)):
            if special is not None:
                cands.append(special)
        if not cands:
            return None
        best = max(cands, key=lambda s: (s.end, s.kind != "filler"))
        if best.kind != "filler":
            out.append(best)
        i = best.end
    return out


# ------------------------------------------------------------------------------------------ events


@dataclass
class Event:
    """An act of the question: the asked one (``asked``) or one done before."""

    act: str
    asked: bool
    monster: Slot | None = None
    tributes: Slot | None = None
    turn: str | None = None  # "this" / "earlier"
    phase: Slot | None = None
    again: bool = False
    relative: bool = False  # "a monster I Set last turn": said of the asked act's monster
    place: str | None = None
    more: list = field(default_factory=list)  # more monsters of one Pendulum Summon
    by: Slot | None = None  # the card whose effect Special Summoned it
    fate: str | None = None  # where the monster went next ("then it was destroyed")


@dataclass
class Reading:
    """The asked act, the acts done before (in the order told) and the Scales."""

    asked: Event
    before: list[Event]
    scales: tuple[int, int] | None = None
    lasting: Slot | None = None  # "while X is active": a face-up card's lasting effect
    gemini: bool = False  # "to give it its effects": the asked act is a Gemini monster's second Summon
    extra_face_up: Slot | None = None  # "X is face-up in my Extra Deck"


def read_events(slots: list[Slot]) -> Reading | None:
    """The events the slots tell, or None when they do not make one Summon question (no opener, two asked
    acts, a monster or a Tribute with no act to belong to ...)."""
    asked: Event | None = None
    before: list[Event] = []
    scales = None
    opener = None
    pending_subject: Slot | None = None  # "can <monster> be ...": the monster before the act
    last: Event | None = None
    prev: Slot | None = None
    topic: Slot | None = None  # "X - can I set it ...": a monster said before anything else
    lasting: Slot | None = None
    tributes: Slot | None = None  # "if I Tribute 1 monster, can I ...": Tributes said before the act
    purpose = False
    extra_face_up: Slot | None = None  # "X is face-up in my Extra Deck"
    for s in slots:
        if s.kind == "ask":
            if opener is not None:
                return None
            opener = s.key
        elif s.kind == "act" and opener is None and asked is None:  # "Having Normal Set a monster, ...": told
            before.append(Event(s.key, False))
            last = before[-1]
        elif s.kind == "act":
            if opener != "can_i" or asked is not None:
                return None
            asked = last = Event(s.key, True, tributes=tributes)
            tributes = None
        elif s.kind == "passive":
            if opener != "can_be" or asked is not None or pending_subject is None:
                return None
            asked = last = Event(s.key, True, monster=pending_subject)
        elif s.kind == "done":
            event = Event(s.key, False)
            if asked is not None and prev is not None and prev.kind == "monster" and asked.monster is prev:
                event.relative = True  # "a monster (that) I Set last turn"
                event.monster = Slot("monster", "same", s.start, s.start)
            before.append(event)
            last = event
        elif s.kind == "monster":
            if s.key == "same" and topic is not None and last is not None and last.monster is None:
                last.monster = topic
                topic = None
            elif opener is None and last is None and topic is None and s.key == "named":
                topic = s
            elif opener == "can_be" and asked is None:
                if pending_subject is not None:
                    return None
                pending_subject = s
            elif last is not None and last.monster is None:
                last.monster = s
            elif last is not None and last.asked and last.act == "pendulum_summon" and prev is not None and \
                    prev.kind == "monster":
                last.more.append(s)
            else:
                return None
        elif s.kind == "tributes":
            if asked is None and tributes is None and (last is None or opener is not None):
                tributes = s
                continue
            if last is None or last.tributes is not None:
                return None
            last.tributes = s
        elif s.kind == "extra_face_up":
            if extra_face_up is not None:
                return None
            extra_face_up = s
        elif s.kind == "purpose":
            if asked is None or purpose:
                return None
            purpose = True
        elif s.kind == "while":
            if lasting is not None:
                return None
            lasting = s
        elif s.kind == "fate":
            if last is None or last.asked or last.fate is not None:
                return None
            last.fate = s.key
        elif s.kind == "instrument":
            if last is None or last.asked or last.act != "special_summon" or last.by is not None:
                return None
            last.by = s
        elif s.kind == "when":
            key = "this" if s.key == "this_turn" else "earlier"
            target = last
            if target is None:
                return None
            if target.asked:
                if key == "earlier":
                    return None  # the asked act on an earlier turn: not a question of this turn
                target.turn = "this"  # the asked act happens this turn anyway ("again this turn")
                prev = s
                continue
            if target.turn is not None and target.turn != key:
                return None
            target.turn = key
        elif s.kind == "phase":
            target = asked if last is not None and last.relative and asked is not None else last
            if target is None and opener is not None:
                return None
            if target is None:
                return None
            if target.phase is not None:
                return None
            target.phase = s
        elif s.kind == "count":
            if last is None or not last.asked or last.again:
                return None
            last.again = True
        elif s.kind == "scales":
            if scales is not None:
                return None
            scales = tuple(s.nums)
        elif s.kind == "scales_where":
            if scales is None:
                return None
        elif s.kind == "place":
            if last is None or last.place is not None:
                return None
            last.place = s.key
        elif s.kind == "open":
            pass
        prev = s
    if asked is None or topic is not None or tributes is not None:
        return None
    if (asked.act in ("fusion", "synchro", "xyz")) != (extra_face_up is not None):
        return None  # these Summons are read here only of a monster face-up in the Extra Deck
    return Reading(asked, before, scales, lasting, purpose, extra_face_up)
