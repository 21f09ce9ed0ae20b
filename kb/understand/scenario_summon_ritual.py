"""A Ritual Spell given by its kind and the total its text asks ("A Ritual Spell requires Tributes whose total
Levels equal 8 or more."), then the Tributes asked, by their Levels or by their total ("Can I Tribute a Level 4
and a Level 5 monster?", "Can I Tribute monsters whose Levels add up to 11?") -> the rule facts ``ritual_tributes``
of :mod:`kb.engine.sim.summon_rules` (below the total; not the exact total; more monsters than necessary; the
total reached).  A total "or more" exceeded, with only the total asked, stays unread: whether a monster is
more than necessary depends on the Levels, which the question does not give.

Registered by :func:`kb.understand.scenario_summon.read_summon_fact` (a story of two sentences).  The words are
data (``scenario_summon_ritual_words.toml``); a word no part reads leaves the question to other readers.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .vocabulary import alternation, word_file

__all__ = ["read_ritual_total", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("scenario_summon_ritual_words.toml")
_LEVELS = re.compile(r"^(?:(?:a|one) )?level (\d+)(?: monster)?(?:(?:,| and|, and) (?:(?:a|one) )?level (\d+)"
                     r"(?: monster)?)*(?: monsters?)?$")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def _alt(section: str, key: str = "words") -> str:
    return alternation(_words()[section][key])


@lru_cache(maxsize=1)
def _shapes() -> tuple[re.Pattern, re.Pattern]:
    told = re.compile(rf"^(?:{_alt('spell')}) (?:{_alt('says')}) (?:to )?(?:{_alt('total')}) (?P<n>\d+)"
                      rf"(?: (?P<more>{_alt('more')})| (?P<exact>{_alt('exact')}))?$")
    asked = re.compile(rf"^(?:{_alt('asked')}) (?:(?:{_alt('asked', 'sum')}) (?P<sum>\d+)|(?P<levels>.+?))"
                       rf"(?: (?:{_alt('asked', 'for')}))?$")
    return told, asked


def _case(levels: list[int] | None, got: int, total: int, more: bool) -> str | None:
    if got < total:
        return "levels_below_total"
    if not more:
        return "levels_reach_total" if got == total else "levels_not_exact"
    if levels is None:
        return "levels_reach_total" if got == total else None  # "or more" exceeded: which monster is spare?
    return "more_than_needed" if any(got - lv >= total for lv in levels) else "levels_reach_total"


def read_ritual_total(text: str):
    """``(question, understood)`` for the two sentences of the module doc, or None."""
    sentences = [s.strip() for s in re.sub(r"[\"'“”‘’]", " ", text).split(" . ") if s.strip()]
    if len(sentences) != 2:
        return None
    told_words, asked_words = (" ".join(s.split()) for s in sentences)
    told, asked = _shapes()
    t, a = told.match(told_words), asked.match(asked_words)
    if t is None or a is None:
        return None
    total, more = int(t["n"]), bool(t["more"])
    if a["sum"]:
        levels, got = None, int(a["sum"])
    else:
        found = _LEVELS.match(a["levels"])
        if found is None:
            return None
        levels = [int(x) for x in re.findall(r"level (\d+)", a["levels"])]
        got = sum(levels)
    if not 1 <= total <= 48 or (levels and any(not 1 <= lv <= 12 for lv in levels)):
        return None
    case = _case(levels, got, total, more)
    if case is None:
        return None
    said = " + ".join(f"Level {lv}" for lv in levels) if levels else f"monsters whose Levels total {got}"
    return ({"ask": "rule_fact", "topic": "ritual_tributes", "subject": case, "asked": "allowed"},
            f"can {said} be Tributed for a Ritual Spell whose total is {total}{' or more' if more else ' exactly'}")
