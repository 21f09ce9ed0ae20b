"""A named monster's Summon asked in any of the usual wordings, answered by the simulator from the card's own
data (its Level, frame, Summoning condition, own procedure): "can I set Summoned Skull using one tribute",
"can I summon Blue-Eyes White Dragon without tributing", "can I Synchro Summon Stardust Dragon with no Tuner",
"is it possible to special summon Kashtira Fenrir when my field is empty", "can Cyber Dragon be Special
Summoned if neither player controls a monster".

The sentence is read in parts: the act (``[verbs]`` / ``[passive]`` of ``scenario_summon_named_words.toml``),
the card (``e<N>``), then any of the parts that may follow it, in any order: Tributes ("with one tribute",
"without tributing"), a Synchro Summon without a Tuner, the place ("from my hand"), face-down, "by its own
effect", and a condition on who controls monsters ("if only my opponent controls a monster").  Every word must
be read by some part, else the question is not this one.  A condition may also be told as a sentence of its
own before the question (:func:`field_facts`).

What the question does not give is never filled in with a value that would decide the answer: Tributes a
Level 5+ monster needs but the question does not count, a procedure condition whose side of the field the
question leaves unsaid, give no reading.  A name that begins several cards' names ("brionac") is asked for
each of them; the answer stands only when all agree (``Frame.alternatives``, ``combine="agree"``).
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from pathlib import Path

from ..engine.sim.procedures import CONDITIONS, procedure_of
from .scenario_draft import PHASE_NAMES, Draft, all_phases, phase_of
from .scenario_summon_kinds import CAN, CAN_I
from .vocabulary import alternation, word_file

__all__ = ["named_questions", "field_facts", "read_field", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("scenario_summon_named_words.toml")
_FRAMES = ("fusion", "synchro", "xyz", "link", "ritual")
_SAID = {"normal_summon": "Normal Summon", "tribute_summon": "Tribute Summon", "set_monster": "Set",
         "special_summon": "Special Summon"}
MAX_FAMILY = 4  # the cards a first word may stand for that are each asked


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def _alt(*path: str) -> str:
    node = _words()
    for key in path:
        node = node[key]
    if isinstance(node, dict):
        return alternation([w for words in node.values() for w in words])
    return alternation(node)


def _key(section: str, words: str) -> str | None:
    return next((k for k, ws in _words()[section].items() if words in ws), None)


# ------------------------------------------------------------------------------ the field condition


@lru_cache(maxsize=1)
def _part() -> re.Pattern:
    c = "condition"
    who = "|".join(f"(?P<{k}>{_alt(c, k)})" for k in ("me", "them", "both", "neither"))
    return re.compile(rf"^(?P<only>{_alt(c, 'only')} )?(?:{who}) (?:(?P<none>{_alt(c, 'has_none')})|"
                      rf"(?P<has>{_alt(c, 'has')}))(?: ?(?:{_alt(c, 'join')}) (?=.)|$)")


def read_field(text: str) -> dict | None:
    """``{"A": 0 or 1, "B": 0 or 1}`` (monsters each player controls; a side not said is absent) from words
    such as "only the other player controls a monster", or None when some word is not read."""
    counts: dict[str, int] = {}

    def put(who: str, n: int) -> bool:
        if counts.get(who, n) != n:
            return False
        counts[who] = n
        return True

    rest = text.strip()
    while rest:
        m = _part().match(rest)
        if m is None:
            return None
        n = 0 if m["none"] else 1
        if m["neither"]:
            if not m["has"] or m["only"]:
                return None  # "neither of us has no monsters": not read
            sides = [("A", 0), ("B", 0)]
        elif m["both"]:
            if m["only"]:
                return None
            sides = [("A", n), ("B", n)]
        else:
            who = "A" if m["me"] else "B"
            sides = [(who, n)]
            if m["only"]:
                if not m["has"]:
                    return None
                sides.append(("B" if who == "A" else "A", 0))
        if not all(put(who, k) for who, k in sides):
            return None
        rest = rest[m.end():].strip()
    return counts or None


def _place_field(d: Draft, counts: dict) -> list[str]:
    said = []
    for who, n in sorted(counts.items()):
        label = "my" if who == "A" else "my opponent's"
        if n:
            d.add_monster(who, "monsters", f"{label} monster", level=4)
        said.append(f"{who} controls {'a monster (no effects)' if n else 'no monsters'}")
    d.field_counts = dict(counts)  # the sides the question gave (read by the question below)
    return said


def _fact_field(d: Draft, m: re.Match) -> bool:
    """ "My opponent controls a monster and I control none." as a sentence of the story."""
    if d.actions or d.chain or getattr(d, "field_counts", None) is not None:
        return False
    if any(d.player(p).get("monsters") for p in ("A", "B")):
        return False
    counts = read_field(m["cond"])
    if counts is None:
        return False
    d.said += _place_field(d, counts)
    return True


@lru_cache(maxsize=1)
def field_facts() -> list:
    """The story shapes of this module (name, pattern, handler(draft, match))."""
    return [("who controls monsters", re.compile(rf"^(?:(?:{_alt('condition', 'open')}) )?(?P<cond>.+)$"),
             _fact_field)]


# ------------------------------------------------------------------------------ the parts after the card


@lru_cache(maxsize=1)
def _mods() -> list[tuple[str, re.Pattern]]:
    num = "|".join(f"(?P<n{k}>{alternation(ws)})" for k, ws in _words()["numbers"].items())
    t = _words()["tributes"]
    return [
        ("none", re.compile(rf"^{alternation(t['none'])}\b")),
        ("count", re.compile(rf"^(?:{alternation(t['with'])}) (?:{num}) (?:{alternation(t['unit'])})\b")),
        ("tributed", re.compile(rf"^(?:{_alt('tributed', 'by')}) (?P<t1>{_TRIBUTED()})(?: and (?P<t2>{_TRIBUTED()}))?"
                                rf"(?: (?:{_alt('tributed', 'as')}))?\b")),
        ("no_tuner", re.compile(rf"^{_alt('materials', 'no_tuner')}\b")),
        ("place", re.compile(rf"^(?P<place>{_alt('places')})\b")),
        ("own", re.compile(rf"^{_alt('own', 'words')}\b")),
        ("face_down", re.compile(rf"^{_alt('face_down', 'words')}\b")),
        ("when", re.compile(rf"^(?:during|in|on) (?P<whose>{_alt('when', 'whose')} )?(?:(?P<ph>{all_phases()})(?! ?\d)|turn)"
                            rf"(?: of (?P<whose2>{_alt('when', 'whose')}) turn)?(?= |$)")),
        ("cond", re.compile(rf"^(?:{_alt('condition', 'open')}) (?P<cond>.+)$")),
    ]


def _TRIBUTED() -> str:
    return alternation([w for k in ("emz", "face_down", "opponent") for w in _words()["tributed"][k]])


def _tributed_kind(words: str) -> str:
    return next(k for k in ("emz", "face_down", "opponent") if words in _words()["tributed"][k])


def _read_mods(text: str) -> dict | None:
    """The parts after the card (each at most once), or None when a word is left over."""
    out: dict = {}
    rest = text.strip()
    while rest:
        for name, pattern in _mods():
            m = pattern.match(rest)
            if m is None:
                continue
            if name in out:
                return None
            if name == "count":
                out[name] = int(next(k[1:] for k, v in m.groupdict().items() if k.startswith("n") and v))
            elif name == "when":  # "during my Battle Phase", "on my opponent's turn"
                whose = (m["whose2"] or m["whose"] or "").strip()
                theirs = _key("when", whose) == "theirs" if whose else False
                if whose and _key("when", whose) is None or not m["ph"] and not whose:
                    return None
                out[name] = {"turn": "B" if theirs else "A", "phase": phase_of(m["ph"]) if m["ph"] else None}
            elif name == "tributed":
                out[name] = [_tributed_kind(m[g]) for g in ("t1", "t2") if m[g]]
            elif name == "place":
                out[name] = _key("places", m["place"])
            elif name == "cond":
                out[name] = read_field(m["cond"])
                if out[name] is None:
                    return None
            else:
                out[name] = True
            rest = rest[m.end():].strip()
            break
        else:
            return None
    return out


# ------------------------------------------------------------------------------ the question


def _normal(d: Draft, card, act: str, mods: dict):
    """A Normal / Tribute Summon or Set of a named monster from the hand."""
    if mods.get("no_tuner") or mods.get("own") or mods.get("cond") or getattr(d, "field_counts", None):
        return None  # a condition on the field does not bear on a Normal Summon unless the card's text says so
    if mods.get("face_down") and act != "set_monster":
        return None
    if mods.get("tributed") and ("none" in mods or "count" in mods and mods["count"] != len(mods["tributed"])):
        return None  # the Tributes said twice, differently
    count = 0 if mods.get("none") else mods.get("count") or len(mods.get("tributed") or []) or None
    special = card.summon_condition in ("nomi", "semi_nomi") or card.extra_deck_frame or "Ritual" in card.abilities
    implied = False
    if count is None and act == "tribute_summon" and not special and card.summon_condition == "normal" and \
            card.tributes_needed() is not None:
        count, implied = max(card.tributes_needed(), 1), True  # "Tribute Summon X": the Tributes its Level needs
    if count is None:
        if not special and (card.summon_condition != "normal" or card.tributes_needed() != 0):
            return None  # Tributes the question does not count would decide it
        count = 0
    if act == "tribute_summon" and count == 0 and not special:
        return None  # "Tribute Summon X without Tributing": not one
    place = mods.get("place") or ("extra" if card.extra_deck_frame else "hand")
    d.player("A").setdefault(place, []).append(card.name)
    told = mods.get("tributed") or []
    tributes = [_tribute(d, told[k] if k < len(told) else None, k) for k in range(count)]
    if tributes:
        d.said.append(f"the Tributes: {', '.join(tributes)} (no effects)")
    do = "set_monster" if act == "set_monster" else "normal_summon"
    d.actions.append({"do": do, "card": card.name, **({"tributes": tributes} if tributes else {})})
    by = f" by Tributing {count} monster(s)" if count else (" without Tributing" if "none" in mods else "")
    if implied:
        by += " (as many as a Tribute Summon of it takes, at least 1: A is taken to control them)"
    where = f" from the {'GY' if place == 'gy' else place.replace('extra', 'Extra Deck')}" if "place" in mods else ""
    return {"kind": "legal"}, f"can A {_SAID[act]} {card.describe()}{where}{by}"


def _tribute(d: Draft, kind: str | None, k: int) -> str:
    """A monster without effects to Tribute: the asker's (Level 4), in an Extra Monster Zone (a Link Monster),
    face-down, or the opponent's."""
    if kind == "emz":
        return d.add_monster("A", "monsters", "my Link Monster in the Extra Monster Zone", frame="link",
                             link_arrows=["Bottom"], zone="emz_left")
    if kind == "face_down":
        return d.add_monster("A", "monsters", "my face-down monster", level=4, face="down", position="defense")
    if kind == "opponent":
        return d.add_monster("B", "monsters", "my opponent's monster", level=4)
    return d.add_monster("A", "monsters", f"my monster {k + 1}", level=4)


def _procedure(d: Draft, card, mods: dict):
    """A Special Summon by the monster's own procedure ("If ..., you can Special Summon this card (from your
    hand)."), with the field the question gives."""
    if mods.get("none") or "count" in mods or mods.get("no_tuner") or mods.get("face_down") or mods.get("tributed"):
        return None
    proc = procedure_of(card)
    if proc is None or proc.cost is not None:
        return None  # no procedure of its own the simulator reads: which effect would Summon it is not said
    counts = mods.get("cond") or getattr(d, "field_counts", None) or {}
    if mods.get("cond") and getattr(d, "field_counts", None):
        return None  # two conditions
    if d.actions and counts.get("A") == 0:
        return None  # "I control no monsters" after a Summon told this turn: not read
    if proc.condition is not None:
        known = CONDITIONS.get(proc.condition.lower().strip())
        needs = known[1] if known else ("A", "B")
        if not counts or any(side not in counts for side in needs):
            return None  # the side of the field the condition looks at is not said
    if mods.get("cond"):
        d.said += _place_field(d, counts)
    place = mods.get("place") or proc.places[0]
    if place not in ("hand", "gy"):
        return None
    d.player("A").setdefault(place, []).append(card.name)
    d.actions.append({"do": "special_summon", "card": card.name, "how": "procedure", "from": place})
    return {"kind": "legal"}, f"can A Special Summon {card.describe()} by its own procedure (\"{proc.sentence}\")"


def _frame_summon(d: Draft, card, how: str, mods: dict):
    """A Fusion / Synchro / Xyz / Link / Ritual Summon of a named monster (materials assumed met unless the
    question says there is no Tuner)."""
    if set(mods) - {"no_tuner", "place"} or getattr(d, "field_counts", None):
        return None
    if mods.get("no_tuner") and (how != "synchro" or card.extra_deck_frame != "Synchro" or not card.level
                                 or card.level < 2):
        return None
    place = mods.get("place") or ("hand" if how == "ritual" else "extra")
    if card.extra_deck_frame and place != "extra" or "Ritual" in card.abilities and place != "hand":
        return None  # where the monster is not: other questions (from the GY ...)
    d.player("A").setdefault(place, []).append(card.name)
    action = {"do": "special_summon", "card": card.name, "how": how, "from": place}
    said = ""
    if mods.get("no_tuner"):
        low = card.level // 2
        mats = [d.add_monster("A", "monsters", f"my non-Tuner monster {k + 1}", level=lv)
                for k, lv in enumerate((low, card.level - low))]
        action["materials"] = mats
        said = f" using only non-Tuner monsters (Levels {low} and {card.level - low})"
    d.actions.append(action)
    return {"kind": "legal"}, f"can A {how.title()} Summon {card.describe()}{said}"


def _ask(d: Draft, card, act: str, mods: dict):
    if card is None or not card.is_monster:
        return None
    when = mods.get("when")
    if when:  # the turn and phase said; the simulator checks who may Summon then
        d.state["turn"] = when["turn"]
        if when["phase"]:
            d.state["phase"] = when["phase"]
        mods = {k: v for k, v in mods.items() if k != "when"}
        got = _ask(d, card, act, mods)
        if got is None:
            return None
        for action in d.actions:
            action.setdefault("player", "A")  # the asker acts, whoever's turn it is
        said = f" during {when['turn']}'s turn" + (f", in {PHASE_NAMES[when['phase']]}" if when["phase"] else "")
        return got[0], got[1] + said
    if act in ("normal_summon", "tribute_summon", "set_monster"):
        return _normal(d, card, act, mods)
    if act == "special_summon":
        return _procedure(d, card, mods)
    return _frame_summon(d, card, act, mods)


def _q_named(d: Draft, m: re.Match):
    """The question of the module doc: one card, or each card a first word stands for (all must agree)."""
    earlier = [a for a in d.actions if a.get("do") in ("normal_summon", "set_monster") and a.get("player", "A") == "A"]
    if d.chain or len(earlier) != len(d.actions) or d.said and getattr(d, "field_counts", None) is None and not earlier:
        return None  # only a story of the asker's earlier Normal Summons / Sets this turn, or of the field
    verb = m["v"] or m["v2"]
    act = _key("verbs" if m["v"] else "passive", verb)
    mods = _read_mods(m["rest"] or m["rest2"] or "")
    if act is None or mods is None:
        return None
    index = int((m["c"] or m["c2"])[1:])
    cards = _cards(d, index)
    if not cards:
        return None
    first = copy.deepcopy(d)
    got = _ask(first, cards[0], act, mods)
    if got is None:
        return None
    others = []
    for card in cards[1:]:
        other = copy.deepcopy(d)
        more = _ask(other, card, act, mods)
        if more is None:
            return None
        others.append(other.question(more[0]))
    d.__dict__.update(first.__dict__)
    query, said = got
    if others:
        d.alternatives = others
        said += f" (and the same for {', '.join(c.name for c in cards[1:])}: all must agree)"
    return query, said


def _cards(d: Draft, index: int) -> list:
    """The simulator's card of entity ``index``, or the cards a first word stands for (a few)."""
    try:
        found = d.card_of(index, True)
    except TypeError:  # a reader's card_of without families
        found = d.card_of(index)
    if found is None:
        return []
    if isinstance(found, list):
        return found if 1 <= len(found) <= MAX_FAMILY else []
    return [found]


@lru_cache(maxsize=1)
def named_questions() -> list:
    """The question shapes of this module (name, pattern, handler(draft, match))."""
    return [(
        "a named monster's Summon, with what else the question says",
        re.compile(rf"^{CAN_I} (?P<v>{_alt('verbs')}) (?P<c>e\d+)(?: ' s| 's)?(?P<rest> .*)?$|"
                   rf"^{CAN} (?P<c2>e\d+) (?:ever |still |even )?(?:to )?be (?P<v2>{_alt('passive')})"
                   rf"(?P<rest2> .*)?$"),
        _q_named,
    ), (
        "Tributes told first: can I Tribute <which monsters> to Tribute Summon <named monster>",
        re.compile(rf"^{CAN_I} (?:tribute|sacrifice) (?P<t1>{_TRIBUTED()})(?: and (?P<t2>{_TRIBUTED()}))? "
                   rf"(?:to|and|for|in order to|so i can|to then) (?P<v>{_alt('verbs')}) (?P<c>e\d+)(?: ' s| 's)?"
                   rf"(?P<rest> .*)?$"),
        _q_tributes_first,
    )]


def _q_tributes_first(d: Draft, m: re.Match):
    """ "Can I Tribute a face-down monster to Tribute Summon X?": the Tributes said before the act."""
    if d.actions or d.chain or d.said:
        return None
    act = _key("verbs", m["v"])
    mods = _read_mods(m["rest"] or "")
    if act not in ("normal_summon", "tribute_summon", "set_monster") or mods is None or "tributed" in mods:
        return None
    mods["tributed"] = [_tributed_kind(m[g]) for g in ("t1", "t2") if m[g]]
    cards = _cards(d, int(m["c"][1:]))
    if len(cards) != 1:
        return None
    return _ask(d, cards[0], act, mods)
