"""Battle numbers read by filling slots: the monsters of a question (owner, named card or stats, position),
the changes of their ATK/DEF in the order told (a number, or a card whose text gives it), an attack (direct or on
a monster), piercing and battle damage halved/doubled, Life Points, and the one thing asked (an ATK, battle
damage, LP left, a win, a destruction).  Words are data (``battle_slots_words.toml``); the question is cut into
chunks left to right, each the longest phrase of a slot's list (or a card mention), in any order; a word no slot
reads leaves the question unread ("unknown").

The questions the slots ask are built by :mod:`.battle_slots_ask`: the slots go to the engine: an ATK alone to ``{"ask": "rule_fact", "topic": "atk"}`` (kb/engine/atk_calc.py), a
battle to a simulator scenario whose monsters carry their changes (kb/engine/sim/stats.py, battle.py).  What the
story does not fix (the position of a named attack target, who controls which monster) is asked every way it
could be: the answer stands only when all agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .vocabulary import phrase_alternation, word_file

__all__ = ["Mon", "Slots", "Unread", "alt", "cut", "fill"]

_WORDS = Path(__file__).with_name("battle_slots_words.toml")


def alt(*path: str) -> str:
    """A regex alternation of the phrases at ``path`` of the word file (longest first)."""
    return phrase_alternation(word_file(_WORDS), *path)


@dataclass
class Mon:
    """A monster of the story and what the story says about it."""

    owner: str | None = None  # A (the asker) / B
    card: object = None  # SimCard of a named monster
    stats: dict = field(default_factory=dict)  # told: atk / def
    position: str | None = None
    face: str | None = None
    atk: list = field(default_factory=list)  # stats.py change objects, in order
    defense: list = field(default_factory=list)
    piercing: bool = False
    damage: list = field(default_factory=list)  # battle damage its opponent takes: double / half
    count: int = 1  # "two 1500 ATK monsters"
    rel: dict = field(default_factory=dict)  # stat -> higher / lower / same: compared with the other monster's ATK

    def said(self) -> str:
        base = self.card.name if self.card is not None else "monster"
        stats = ", ".join(f"{v} {k.upper()}" for k, v in self.stats.items())
        return base + (f" ({stats})" if stats else "")


@dataclass
class Slots:
    """What a question tells, slot by slot, and what it asks."""

    mons: list = field(default_factory=list)
    subject: Mon | None = None
    attack: dict | None = None  # {"attacker", "target" (a Mon, "direct" or None: the next monster named)}
    lp: dict = field(default_factory=dict)
    asked: tuple | None = None
    last: str | None = None  # the kind of the previous chunk
    change: dict | None = None  # the last change told (a card named after it gives its source)
    pending_card: object = None  # a card named before what it does ("e1 doubles its original ATK")
    pending_attacker: bool = False  # "i attack directly with <monster>"
    damage: list = field(default_factory=list)  # battle damage halved/doubled: (kind, taker words, twice)
    no_monsters: bool = False  # "my opponent controls no monsters"
    prev_subject: Mon | None = None  # the subject before the last monster named


# --------------------------------------------------------------------------------------------- chunks


@lru_cache(maxsize=1)
def _chunks() -> list:
    a = alt
    own = rf"(?:(?P<own>{a('owner', 'mine')}|{a('owner', 'theirs')}|{a('owner', 'none')}) )?"
    stat = rf"(?:{a('stat', 'atk')}|{a('stat', 'def')})"
    stats = rf"(?P<n1>\d+) (?P<s1>{stat})(?: (?:/|and) (?P<n2>\d+) (?P<s2>{stat}))?"
    pos = rf"(?P<pos>{a('position', 'attack')}|{a('position', 'defense')}|{a('position', 'face_down')})"
    sub = r"(?:(?:has |had |gets |got |have )?(?:its|their|the|it's) )?"
    return [
        ("monster", rf"{own}(?:(?P<two>{a('monster', 'two')}) )?(?:(?P<face>{a('position', 'face_down')}) )?"
                    rf"(?:{stats} )?(?:{pos} )?(?P<head>{a('monster', 'word')}|e\d+)(?:'s| 's)?"),
        ("pronoun", rf"(?:{a('monster', 'pronoun')})(?:'s| 's)?"),
        ("stats", rf"(?:(?:with|has|having|that has|which has|at) )?{stats}"),
        ("stats_slash", r"(?P<n1>\d+) ?/ ?(?P<n2>\d+)(?: (?:atk ?/ ?def|atk and def))?"),
        ("from_effect", rf"(?:{a('card', 'from')}) (?:{a('card', 'some_effect')})"),
        ("position", rf"(?:in |is in |is |in face-up )?{pos}"),
        ("position_in", r"(?:is )?in (?P<bare>defense|defence|def|attack|atk)"),
        ("relation", rf"(?:(?:with|has|having|that has|which has) )?(?:a |an )?(?P<rel>{a('relation', 'higher')}|"
                     rf"{a('relation', 'lower')}|{a('relation', 'same')}) (?P<stat>{stat})(?: (?:{a('relation', 'than')}))?"),
        ("lp", rf"(?P<who>i|{a('lp', 'players_them')}) (?:{a('lp', 'have')}) (?:only )?(?P<n>\d+) (?:{a('lp', 'word')})"),
        ("attack_by", rf"(?:{a('attack', 'attacked_by')})"),
        ("i_attack", rf"(?P<who>{a('attack', 'i_attack')})(?: (?P<direct>{a('attack', 'directly')}))?(?: with)?"),
        ("attack", rf"(?:{a('attack', 'attacks')})(?: (?P<direct>{a('attack', 'directly')}))?"),
        ("can", r"can"),
        ("destroy", rf"(?:{a('attack', 'destroy')})"),
        ("no_monsters", rf"(?:{a('attack', 'no_monsters')})"),
        ("gain", rf"(?P<v>{a('change', 'gain')}|{a('change', 'lose')}) (?:(?P<plus>[+-]))?(?P<n>\d+)"
                 rf"(?: (?P<stat>{stat}))?(?: points)?"),
        ("plus", rf"(?:(?:{a('change', 'gain')}) )?(?P<plus>[+-])(?P<n>\d+)(?: (?P<stat>{stat}))?"),
        ("halved", rf"{sub}(?P<orig>original )?(?:(?P<stat>{stat}) )?(?P<v>{a('change', 'halved')}|"
                   rf"{a('change', 'doubled')})(?: (?P<again>{a('change', 'again')}))?(?: to (?P<to>\d+)(?: {stat})?)?"),
        ("halves", rf"(?P<v>{a('change', 'halves')}|{a('change', 'doubles')}) {sub}(?P<orig>original )?(?P<stat>{stat})"
                   rf"(?: to (?P<to>\d+)(?: {stat})?)?"),
        ("raises", rf"(?P<v>{a('change', 'raises')}|{a('change', 'lowers')}) {sub}(?P<stat>{stat})"
                   rf"(?: by (?P<n>\d+))?(?: to (?P<to>\d+))?"),
        ("becomes", rf"{sub}(?P<orig>original )?(?P<stat>{stat}) (?:{a('change', 'becomes')}) (?P<n>\d+)"),
        ("card_from", rf"(?P<v>{a('card', 'from')}) (?P<e>e\d+)"),
        ("card_on", rf"(?:(?P<v>{a('card', 'equipped')}|{a('card', 'applied_by')}|{a('card', 'activate')}) )?"
                    rf"(?P<e>e\d+)(?: (?P<v2>{a('card', 'applied')}))?(?: (?:(?:{a('card', 'on')}) )?(?:(?P<tgt_own>"
                    rf"{a('owner', 'mine')}|{a('owner', 'theirs')}) )?(?P<tgt>it|e\d+))?"),
        ("card_effect", rf"(?P<e>e\d+)(?:'s| 's)? (?:effect|ability) (?:{a('card', 'applied')}|{a('card', 'effect_on')})"
                        rf"(?: (?:{a('card', 'on')}))? (?P<tgt>it|e\d+)"),
        ("piercing", rf"(?:{a('damage', 'piercing')})"),
        ("damage", rf"(?:{a('damage', 'word')})(?: (?P<taker>{a('damage', 'taker')}))? (?P<v>{a('damage', 'halved')}|"
                   rf"{a('damage', 'doubled')})(?: (?P<twice>{a('damage', 'twice')}))?"),
        ("ask_atk_of", rf"(?:{a('ask', 'atk_of')})(?: (?P<who>e\d+|it|the monster)(?: (?:{a('ask', 'atk_of_tail')}))?)?"),
        ("twice", rf"(?:{a('change', 'twice')})"),
        ("raised_to", rf"{sub}(?:(?P<stat>{stat}) )?(?:(?:is|was|gets|got|has been) )?(?P<v>{a('change', 'raised')}|"
                      rf"{a('change', 'lowered')}) to (?P<to>\d+)(?: {stat})?"),
        ("stated", rf"(?:{a('change', 'going_to')}) (?P<to>\d+)(?: {stat})?"),
        ("ask_atk_named", r"(?:what is|what's|what is the|what's the) (?P<who>e\d+)(?:'s| 's)? "
                          r"(?:(?:final|current|new|total|resulting) )?(?:atk|attack)(?: (?:now|then|after that))?"),
        ("ask_damage_is", r"(?:do (?P<me>i)|will (?P<me2>i)|(?:does|will) (?:my opponent|the opponent)|do they|will they) "
                          r"take (?:exactly |only |just )?(?P<n>\d+)(?: points of)?(?: battle)? damage"),
        ("ask_damage_by", rf"how much (?:battle )?damage (?:does|would|will|did) (?P<who>it|e\d+|{a('ask', 'me_monster')}|"
                          rf"{a('ask', 'them_monster')}|{a('ask', 'attacker')}|{a('ask', 'target')}) "
                          rf"(?:inflict|deal|do|cause)(?: to (?:my opponent|the opponent|me|them))?"),
        ("ask_destroyed", rf"(?:{a('ask', 'is_')}) (?P<who>{a('ask', 'me_monster')}|{a('ask', 'them_monster')}|"
                          rf"{a('ask', 'attacker')}|{a('ask', 'target')}|e\d+|it) (?:{a('ask', 'destroyed')})"),
        *[(f"ask_{key}", f"(?:{a('ask', key)})") for key in (
            "atk", "damage_total", "damage_me", "damage_them", "any_me", "any_them", "any_total", "lp_me", "lp_them",
            "win_me", "lose_me", "both", "either", "who", "damage_attacker", "damage_defender")],
        ("filler", rf"(?:{a('filler', 'words')}|\(|\)|,|-)"),
    ]


@lru_cache(maxsize=1)
def _compiled() -> list:
    return [(name, re.compile(pattern + r"(?= |$)")) for name, pattern in _chunks()]


def cut(text: str) -> list[tuple[str, re.Match]] | None:
    """The chunks of ``text`` left to right (the longest match at each place), or None at a word none reads."""
    out, pos = [], 0
    while pos < len(text):
        best = None
        for name, pattern in _compiled():
            m = pattern.match(text, pos)
            if m and m.end() > pos and (best is None or m.end() > best[1].end()):
                best = (name, m)
        if best is None:
            return None
        out.append(best)
        pos = best[1].end() + 1
    return out


# --------------------------------------------------------------------------------------------- filling


class Unread(Exception):
    """The question says something the slots cannot hold."""


def _owner(word: str | None) -> str | None:
    if not word:
        return None
    if re.fullmatch(alt("owner", "mine"), word):
        return "A"
    return "B" if re.fullmatch(alt("owner", "theirs"), word) else None


def _stat_key(word: str) -> str:
    return "atk" if re.fullmatch(alt("stat", "atk"), word) else "def"


def _add_stats(mon: Mon, m: re.Match) -> None:
    for n, s in (("n1", "s1"), ("n2", "s2")):
        if m[n]:
            key = _stat_key(m[s])
            if mon.stats.get(key, int(m[n])) != int(m[n]):
                raise Unread(f"two values of {key}")
            mon.stats[key] = int(m[n])


def _set_position(mon: Mon, word: str) -> None:
    if re.fullmatch(alt("position", "face_down"), word):
        position, mon.face = "defense", "down"
    else:
        position = "attack" if re.fullmatch(alt("position", "attack"), word) else "defense"
    if mon.position not in (None, position):
        raise Unread("two positions")
    mon.position = position


def _mention(s: Slots, mon: Mon) -> Mon:
    """A monster named again ("is Dark Magician destroyed?") is the one already told."""
    if mon.card is not None:
        same = [x for x in s.mons if x.card is not None and x.card.name == mon.card.name]
        if len(same) == 1 and not mon.stats and mon.owner in (None, same[0].owner):
            return same[0]
    s.mons.append(mon)
    return mon


def _is_source(s: Slots, card_of) -> bool:
    """Whether the monster just named (the subject) is rather the card whose effect changes the monster told
    before ("Gene-Warped Warwolf ..., then Shrink halves its ATK"): a named monster told
    nothing else, not in the attack, whose one ATK-changing effect is read.  It is then applied as a card."""
    from ..engine.sim.card_stats import read_card_stats

    mon, before = s.subject, s.prev_subject
    if mon is None or mon.card is None or mon is before or mon.stats or mon.atk or mon.position or mon.owner or \
            (s.attack and mon in s.attack.values()) or sum(1 for x in s.mons if x is mon) != 1:
        return False
    read = read_card_stats(mon.card)
    if read is None or len(read.atk) != 1:
        return False
    s.mons.remove(mon)
    s.subject = before
    before.atk += [dict(c) for c in read.atk]
    before.defense += [dict(c) for c in read.defense]
    s.pending_card = (mon.card, before.atk[-1:])
    return True


def _attach(s: Slots, mon: Mon) -> None:
    """A monster mentioned: the subject of what follows, and the attack target or attacker waiting for it."""
    if mon is not s.subject:
        s.prev_subject = s.subject
    if s.pending_attacker:
        told = s.attack or {}
        if mon.owner is None:
            mon.owner = told.get("owner")
        elif told.get("owner") not in (None, mon.owner):
            raise Unread("a player attacks with a monster of the other player")
        s.attack = {"attacker": mon, "target": told.get("target")}
        s.pending_attacker = False
    elif s.attack is not None and s.attack["target"] is None and mon is not s.attack["attacker"]:
        s.attack["target"] = mon
    s.subject = mon


def _change(s: Slots, kind: str, amount: int | None, stat: str, told: int | None = None) -> None:
    if s.subject is None:
        raise Unread("a change of no monster")
    change = {"kind": kind, **({"amount": amount} if amount is not None else {}),
              **({"stated": told} if told is not None else {})}
    if s.pending_card is not None:  # "e1 halves its ATK": the card named before says what it does
        _check_card_change(s, change, stat)
        return
    (s.subject.atk if stat == "atk" else s.subject.defense).append(change)
    s.change = change


def _current(mon: Mon, card_of) -> int | None:
    """The ATK of ``mon`` after the changes told so far (None when not known)."""
    from ..engine.sim.stats import apply_changes

    original = mon.stats.get("atk", mon.card.atk if mon.card is not None else None)
    if original is None:
        return None
    return apply_changes(original, [{k: v for k, v in c.items() if k != "stated"} for c in mon.atk]).value


def _fits(card_kind: str, told: dict) -> bool:
    kind = told["kind"]
    if kind in ("half", "double"):
        return card_kind in (kind, f"original_{kind}")
    return card_kind == kind


def _check_card_change(s: Slots, told: dict, stat: str) -> None:
    """What the story says a card did must be what its text does (the card's changes were added already)."""
    card, changes = s.pending_card
    s.pending_card = None
    if stat != "atk" or len(changes) != 1 or not _fits(changes[0]["kind"], told) or \
            told.get("amount") not in (None, changes[0].get("amount")):
        raise Unread("the card does not do what the story says")
    if "stated" in told:
        changes[0]["stated"] = told["stated"]


def _card(s: Slots, index: int, card_of, target: Mon | None, told_by: bool = False) -> None:
    """A Spell/Trap applied to the subject (or ``target``): its text gives the changes."""
    from ..engine.sim.card_stats import read_card_stats

    card = card_of(index)
    if card is None:
        raise Unread("not a card")
    read = read_card_stats(card)
    mon = target or s.subject
    if read is None or mon is None:
        raise Unread(f"{card.name}'s text is not read")
    if told_by and s.change is not None and s.last in ("gain", "plus", "halved", "halves", "becomes", "raised_to",
                                                      "stated"):
        # "gains 700 ATK from e1": the change told is the card's
        told, s.change = s.change, None
        lst = mon.atk if told in mon.atk else mon.defense
        if told not in lst or len(read.atk) != 1 or not _fits(read.atk[0]["kind"], told) or \
                told.get("amount") not in (None, read.atk[0].get("amount")):
            raise Unread("the card does not do what the story says")
        lst[lst.index(told)] = s.change = dict(read.atk[0], **({"stated": told["stated"]} if "stated" in told else {}))
        mon.defense += read.defense
        mon.piercing |= read.piercing
        return
    mon.atk += [dict(c) for c in read.atk]
    mon.defense += [dict(c) for c in read.defense]
    mon.piercing |= read.piercing
    s.pending_card = (card, mon.atk[-len(read.atk):]) if read.atk else None
    s.change = None


def fill(chunks, card_of) -> Slots:
    """The slots the chunks of a question fill, in order; raises :class:`Unread` at what they cannot hold."""
    s = Slots()
    for name, m in chunks:
        if name == "monster":
            head = m["head"]
            mon = Mon(owner=_owner(m["own"]))
            if head.startswith("e"):
                mon.card = card_of(int(head[1:]))
                if mon.card is None or not mon.card.is_monster:
                    if m["own"] or m["n1"] or m["pos"] or m["face"] or m["two"]:
                        raise Unread("a monster word on a card that is not a monster")
                    _card(s, int(head[1:]), card_of, None)
                    s.last = "card_on"
                    continue
            s.pending_card = None  # a card named before what it does is followed by that, not by a monster
            if m["two"]:
                mon.count = 2
            if m["n1"]:
                _add_stats(mon, m)
            if m["face"]:
                _set_position(mon, m["face"])
            if m["pos"]:
                _set_position(mon, m["pos"])
            _attach(s, _mention(s, mon))
        elif name == "pronoun":
            if s.subject is None:
                raise Unread("a pronoun before any monster")
        elif name == "stats":
            if s.subject is None or s.last not in ("monster", "filler", "position"):
                raise Unread("stats of no monster")
            _add_stats(s.subject, m)
        elif name == "stats_slash":  # "(2000/100)": ATK/DEF
            if s.subject is None or s.last not in ("monster", "filler"):
                raise Unread("stats of no monster")
            for key, n in (("atk", m["n1"]), ("def", m["n2"])):
                if s.subject.stats.get(key, int(n)) != int(n):
                    raise Unread(f"two values of {key}")
                s.subject.stats[key] = int(n)
        elif name == "from_effect":  # "gains 600 ATK from an effect": the change told is by a card not named
            if s.change is None or s.last not in ("gain", "plus", "halved", "halves", "becomes", "raised_to"):
                raise Unread("an effect of no change")
        elif name == "position_in":  # "in defense": the position
            if s.subject is None:
                raise Unread("a position of no monster")
            _set_position(s.subject, "attack position" if m["bare"] in ("attack", "atk") else "defense position")
        elif name == "relation":  # "a monster with higher DEF (than my monster's ATK)"
            if s.subject is None or s.last not in ("monster", "position", "filler"):
                raise Unread("a relation of no monster")
            rel = next(k for k in ("higher", "lower", "same") if re.fullmatch(alt("relation", k), m["rel"]))
            s.subject.rel[_stat_key(m["stat"])] = rel
        elif name == "position":
            if s.subject is None:
                raise Unread("a position of no monster")
            _set_position(s.subject, m["pos"])
        elif name == "lp":
            who = "A" if m["who"] == "i" else "B"
            if who in s.lp:
                raise Unread("LP told twice")
            s.lp[who] = int(m["n"])
        elif name in ("attack", "attack_by"):
            if s.attack is not None or s.subject is None:
                raise Unread("a second attack, or an attack of no monster")
            if name == "attack_by":  # the subject is attacked by the next monster named
                s.attack, s.pending_attacker = {"target": s.subject, "owner": None}, True
            else:
                direct = m["direct"]
                if direct and re.search(r"\bme\b|at me", direct):
                    s.subject.owner = s.subject.owner or "B"
                s.attack = {"attacker": s.subject, "target": "direct" if direct else None}
        elif name == "can":  # "can <monster> destroy <monster> by battle?"
            if s.last is not None or s.asked is not None:
                raise Unread("'can' inside a story")
        elif name == "destroy":  # the subject attacks the next monster; asked: is that monster destroyed
            if s.last not in ("monster", "stats", "position") or s.attack is not None or s.subject is None or \
                    not any(n == "can" for n, _m in chunks):
                raise Unread("destroy: not 'can X destroy Y'")
            s.attack = {"attacker": s.subject, "target": None}
            s.asked = ("destroyed_target", m)
        elif name == "no_monsters":  # the attack told is a direct one
            s.no_monsters = True
        elif name == "i_attack":
            if s.attack is not None:
                raise Unread("a second attack")
            owner = "A" if m["who"].startswith("i ") else "B"
            if m.group(0).endswith(" with") or m["direct"]:  # "I attack (directly) with <monster>"
                s.attack = {"target": "direct" if m["direct"] else None, "owner": owner}
                s.pending_attacker = True
            else:  # "I attack <monster>": my attacking monster is not described
                attacker = Mon(owner=owner)
                s.mons.append(attacker)
                s.attack = {"attacker": attacker, "target": None}
        elif name in ("gain", "plus"):
            sign = m["plus"] or ("-" if re.fullmatch(alt("change", "lose"), m["v"] or "") else "+")
            if name == "gain" and m["plus"] and (m["plus"] == "-") != bool(re.fullmatch(alt("change", "lose"), m["v"])):
                raise Unread("a sign against the verb")
            _change(s, "gain" if sign == "+" else "lose", int(m["n"]), _stat_key(m["stat"]) if m["stat"] else "atk")
        elif name in ("halved", "halves"):
            if name in ("halves", "raises") and s.last == "monster" and s.prev_subject is not None and \
                    _is_source(s, card_of):
                # "X (a monster) halves its ATK": X's effect is applied to the monster told before
                s.last = "card_on"
            half = bool(re.fullmatch(alt("change", "halved"), m["v"]) or re.fullmatch(alt("change", "halves"), m["v"]))
            kind = ("original_" if m["orig"] else "") + ("half" if half else "double")
            if name == "halved" and not m["stat"] and s.last not in ("monster", "pronoun", "filler", "card_on", "halved",
                                                                       "gain", "plus", "becomes", "raised_to"):
                raise Unread("halved: of what")
            _change(s, kind, None, _stat_key(m["stat"]) if m["stat"] else "atk", int(m["to"]) if m["to"] else None)
        elif name == "raised_to":  # "raised to 3200 (by e1)": the change that gives that value
            if s.subject is None:
                raise Unread("a change of no monster")
            up = bool(re.fullmatch(alt("change", "raised"), m["v"]))
            now = _current(s.subject, card_of)
            to = int(m["to"])
            if now is None or (to > now) != up or to == now:
                raise Unread("raised to a value that is not higher (or lowered to one not lower)")
            _change(s, "gain" if up else "lose", abs(to - now), _stat_key(m["stat"]) if m["stat"] else "atk", to)
        elif name == "stated":  # "loses 800 ATK, going to 0": the value after the last change, checked
            if s.change is None or s.last not in ("gain", "plus", "halved", "halves", "becomes", "card_from"):
                raise Unread("a value of no change")
            s.change["stated"] = int(m["to"])
        elif name == "raises":  # "e1 raises its ATK (by 700)": the card named before says by how much
            if s.last == "monster" and s.prev_subject is not None:
                _is_source(s, card_of)
            up = bool(re.fullmatch(alt("change", "raises"), m["v"]))
            if s.pending_card is None and not m["n"]:
                raise Unread("raised by an amount not told")
            _change(s, "gain" if up else "lose", int(m["n"]) if m["n"] else None, _stat_key(m["stat"]),
                    int(m["to"]) if m["to"] else None)
        elif name == "becomes":
            _change(s, "original_set" if m["orig"] else "set", int(m["n"]), _stat_key(m["stat"]))
        elif name in ("card_from", "card_on", "card_effect"):
            target = None
            if name != "card_from" and m["tgt"] and m["tgt"] != "it":
                card = card_of(int(m["tgt"][1:]))
                if card is None or not card.is_monster:
                    raise Unread("the target of a card is not a monster")
                target = _mention(s, Mon(card=card, owner=_owner(m.groupdict().get("tgt_own"))))
                _attach(s, target)
            _card(s, int(m["e"][1:]), card_of, target, told_by=name == "card_from")
        elif name == "twice":  # "gains 300 ATK twice": the change told again
            if s.last not in ("gain", "plus", "halved", "halves") or s.change is None or s.subject is None:
                raise Unread("twice: of what")
            lst = s.subject.atk if s.change in s.subject.atk else s.subject.defense
            lst.append(dict(s.change))
        elif name == "piercing":
            if s.subject is None:
                raise Unread("piercing of no monster")
            s.subject.piercing = True
        elif name == "damage":
            s.damage.append(("half" if "halved" in m["v"] else "double", m["taker"], bool(m["twice"])))
        elif name.startswith("ask_"):
            if name in ("ask_atk_of", "ask_atk_named") and (m["who"] or "").startswith("e"):  # "what is the ATK of e0 after ...": its subject
                mon = Mon(card=card_of(int(m["who"][1:])))
                if mon.card is None or not mon.card.is_monster:
                    raise Unread("the ATK of a card that is not a monster")
                _attach(s, _mention(s, mon))
            if s.asked is not None:
                raise Unread("two questions")
            s.asked = (name[4:], m)
        if name != "filler":
            s.last = name
    if s.no_monsters:
        if s.attack is None or s.attack.get("target") not in (None, "direct") or \
                any(x is not s.attack.get("attacker") for x in s.mons if x is not None) and not s.pending_attacker:
            raise Unread("no monsters, but a monster attacked")
        s.attack["target"] = "direct"
    if s.pending_attacker or s.asked is None:
        raise Unread("an attack with no attacker, or nothing asked")
    return s
