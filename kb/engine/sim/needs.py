"""What an activated effect needs from the game state, read from its text (Problem-Solving Card Text:
condition before ":", cost and targets before ";", the effect after it): its cost parts, its targets, and
the first act of its resolution.  Only the kinds read here are returned; anything else in a cost is "not
read" (``Needs.unread``), so that :mod:`kb.engine.sim.requirements` can never answer "yes" over it.

Kinds of cards are ``None`` (any card), ``monster``, ``spell``, ``trap`` or ``spell_trap``; places are
``hand`` ``deck`` ``gy`` ``banished`` ``extra`` ``monsters`` (the Monster Zones) ``spells_traps`` (the Spell &
Trap Zones and the Field Zone) and ``field`` (both); ``player`` is ``self`` (the activating player),
``other`` or ``both``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["Need", "Needs", "read_needs", "resolution_text", "NUMBERS"]

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass(frozen=True)
class Need:
    """One thing an activation needs: ``act`` (``discard`` ``tribute`` ``send`` ``banish`` ``lp`` ``self`` for a
    cost; ``target``; ``draw``; ``affect`` (a card the first act of the resolution acts on); ``summon`` /
    ``control`` (a free Monster Zone)), how many cards of which kind where, and the words it was read from."""

    act: str
    count: int
    said: str
    kind: str | None = None
    places: tuple[str, ...] = ()
    player: str = "self"
    face: str | None = None
    qualified: bool = False  # more words narrow the kind (a Level, a Type ...): only a count of 0 decides
    to_gy: bool = False  # a cost that puts the cards in the GY ("send ... to the GY", "discard ... to the GY")
    cost: bool = False


@dataclass
class Needs:
    """What one effect needs, and the parts of its text that were not read."""

    needs: list[Need] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    cost_leaves_field: bool = False  # a cost removes a monster from the field (a zone may free up)
    cost_to_gy: bool = False  # a cost puts cards in the GY before targets are chosen
    whole: bool = False  # the resolution is one act read here (nothing else in it)


_KIND_NOUNS = [  # noun phrase -> kind (longest first)
    (r"spell(?:s)? (?:and|or|/) traps?(?: cards)?|spell(?:/| and | or )trap cards?|spells/traps", "spell_trap"),
    (r"spell cards?|spells?", "spell"), (r"trap cards?|traps?", "trap"), (r"monsters?", "monster"),
    (r"cards?", None),
]
_NOUN = "|".join(f"(?:{p})" for p, _k in _KIND_NOUNS)
_COUNT = r"(?P<n>\d+|a|an|one|two|three|four|five)"


def _kind_of(noun: str) -> str | None:
    return next(kind for pattern, kind in _KIND_NOUNS if re.fullmatch(pattern, noun, re.I))


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


_PLACE_WORDS = [  # words after the noun -> places
    (r"from your hand or (?:face-up )?(?:from )?(?:your side of the )?field", ("hand", "monsters")),
    (r"from your hand", ("hand",)), (r"from your (?:GY|Graveyard)", ("gy",)), (r"from your Deck", ("deck",)),
    (r"(?:you control|from your (?:side of the )?field|face-up from your (?:side of the )?field)", ("monsters",)),
]

_SELF = re.compile(r"^(?P<act>discard|tribute|send|banish) this card(?: from (?:your|the) (?:hand|field|GY|Graveyard))?"
                   r"(?P<gy> to the (?:GY|Graveyard))?$", re.I)
_LP = re.compile(r"^(?:pay|paying) (?:(?P<n>\d+) (?:LP|Life Points)|(?P<half>half (?:of )?your (?:LP|Life Points)))$",
                 re.I)
_CARDS = re.compile(rf"^(?P<act>discard|discarding|tribute|tributing|send|sending|banish|banishing) {_COUNT} "
                    rf"(?P<qual>(?:[\w\"'-]+ ){{0,4}}?)(?P<noun>{_NOUN})(?P<rest>(?: [^,;]*)?)$", re.I)
_DECK_TOP = re.compile(rf"^banish {_COUNT} cards? from the top of your Deck(?:, face-down)?$", re.I)


def _cost_part(part: str, out: Needs) -> None:
    part = re.sub(r"^you can ", "", part.strip().rstrip("."), flags=re.I)
    if re.match(r"^(?:then )?target", part, re.I):
        return  # targets are read on their own
    if (m := _SELF.match(part)) is not None:
        act = {"discard": "discard", "tribute": "tribute", "send": "send", "banish": "banish"}[m["act"].lower()]
        out.needs.append(Need("self", 1, part, places=(act,), to_gy=bool(m["gy"]) or act == "send", cost=True))
        if act in ("tribute", "send"):
            out.cost_leaves_field = True
        if act in ("discard", "send"):  # a discarded card goes to the GY too
            out.cost_to_gy = True
        return
    if (m := _LP.match(part)) is not None:
        out.needs.append(Need("lp", int(m["n"]) if m["n"] else 0, part, kind="half" if m["half"] else None, cost=True))
        return
    if (m := _DECK_TOP.match(part)) is not None:
        out.needs.append(Need("banish", _count(m["n"]), part, places=("deck",), cost=True))
        return
    m = _CARDS.match(part)
    if m is None:
        out.unread.append(f"the cost \"{part}\"")
        return
    act = _ACT[m["act"].lower()]
    rest = (m["rest"] or "").strip()
    to_gy = bool(re.search(r"\bto the (?:GY|Graveyard)$", rest, re.I))
    rest = re.sub(r"\s*to the (?:GY|Graveyard)$", "", rest, flags=re.I).strip()
    places = {"discard": ("hand",), "tribute": ("monsters",)}.get(act)
    if rest:
        places = next((p for pattern, p in _PLACE_WORDS if re.fullmatch(pattern, rest, re.I)), None)
    if places is None:
        out.unread.append(f"where the cost \"{part}\" takes its cards from")
        return
    kind = _kind_of(m["noun"])
    face = None
    qual = m["qual"].strip()
    if act == "tribute" and kind is None:
        kind = "monster"
    if "monsters" in places and kind != "monster":  # "you control": the zones of that kind of card
        field = {None: "field", "spell": "spells_traps", "trap": "spells_traps", "spell_trap": "spells_traps"}[kind]
        places = tuple(field if p == "monsters" else p for p in places)
    if act == "send" and "monsters" in places and qual:
        face = "up"  # a face-down monster cannot be sent for a cost that asks for some kind of monster
    out.needs.append(Need(act, _count(m["n"]), part, kind=kind, places=places, qualified=bool(qual), face=face,
                          to_gy=to_gy or act == "send", cost=True))
    if act == "tribute" or (act == "send" and "monsters" in places):
        out.cost_leaves_field = True
    if act in ("send", "discard", "tribute"):  # the cards paid are in the GY when targets are chosen
        out.cost_to_gy = True


_ACT = {"discard": "discard", "discarding": "discard", "tribute": "tribute", "tributing": "tribute", "send": "send",
        "sending": "send", "banish": "banish", "banishing": "banish"}

_TARGET = re.compile(rf"\btarget(?:ing)? (?:(?P<upto>up to) )?{_COUNT} (?P<qual>(?:[\w\"'-]+ ){{0,3}}?)"
                     rf"(?P<noun>{_NOUN})(?P<rest>[^;]*?)\b(?P<where>on the field|you control|your opponent controls|"
                     rf"in (?:your|either|your opponent's) (?:GY|Graveyard)|in (?:either player's|each) (?:GY|Graveyard))"
                     rf"(?P<after>[^;]*)", re.I)
_WHERE = {"on the field": ("both", ("field",)), "you control": ("self", ("field",)),
          "your opponent controls": ("other", ("field",)), "in your gy": ("self", ("gy",)),
          "in your graveyard": ("self", ("gy",)), "in either gy": ("both", ("gy",)),
          "in either graveyard": ("both", ("gy",)), "in your opponent's gy": ("other", ("gy",)),
          "in your opponent's graveyard": ("other", ("gy",)), "in either player's gy": ("both", ("gy",)),
          "in either player's graveyard": ("both", ("gy",)), "in each gy": ("both", ("gy",)),
          "in each graveyard": ("both", ("gy",))}


def _targets(text: str, out: Needs) -> None:
    """The cards its activation targets: "target 1 face-up monster your opponent controls"."""
    if not re.search(r"\btarget", text, re.I):
        return
    hits = list(_TARGET.finditer(text))
    if len(hits) != 1 or re.search(r"\btarget", text[:hits[0].start()] + text[hits[0].end():], re.I):
        out.unread.append("the targets of the effect")
        return
    m = hits[0]
    qual = m["qual"].strip()
    face = None
    words = qual.lower().split()
    if words[:1] in (["face-up"], ["face-down"], ["set"]):
        face = "up" if words[0] == "face-up" else "down"
        words = words[1:]
    player, places = _WHERE[m["where"].lower()]
    kind = _kind_of(m["noun"])
    if places == ("field",):
        places = {"monster": ("monsters",), "spell": ("spells_traps",), "trap": ("spells_traps",),
                  "spell_trap": ("spells_traps",)}.get(kind, ("field",))
    qualified = bool(words) or bool((m["rest"] or "").strip()) or bool((m["after"] or "").strip(" ,"))
    count = 1 if m["upto"] else _count(m["n"])
    out.needs.append(Need("target", count, m.group(0).strip(), kind=kind, places=places, player=player, face=face,
                          qualified=qualified))


def resolution_text(effect: dict) -> str:
    """The effect's text after its condition (":") and its cost and targets (";")."""
    text = (effect.get("text") or "").strip()
    if effect.get("condition") and ":" in text:
        text = text.split(":", 1)[1].strip()
    if ";" in text:
        text = text.split(";", 1)[1].strip()
    elif re.match(r"^Activate this card by [^.]*\.", text, re.I):
        text = re.sub(r"^Activate this card by [^.]*\.\s*", "", text, flags=re.I)
    return text


_DRAW = re.compile(rf"^draw {_COUNT} cards?(?P<rest>[,.].*)?$", re.I | re.S)
_ALL = re.compile(rf"^(?:destroy|banish|return|shuffle|send) all (?P<other>other )?(?P<face>face-up |face-down |Set )?"
                  rf"(?P<qual>attack position |defense position )?(?P<noun>{_NOUN}) (?P<where>your opponent controls|"
                  rf"on the field|you control)\b(?P<rest>.*)$", re.I | re.S)
_ALL_THEIRS = re.compile(rf"^(?:destroy|banish|return|shuffle|send) all your opponent's (?P<face>face-up |face-down |Set )?"
                         rf"(?P<qual>attack position |defense position )?(?P<noun>{_NOUN})\b(?P<rest>.*)$", re.I | re.S)
_THE_ONE = re.compile(r"^destroy the 1 (?P<face>face-up )?monster your opponent controls that has the (?:highest|lowest) "
                      r"(?:ATK|DEF)\b(?P<rest>.*)$", re.I | re.S)
_FROM_DECK = re.compile(rf"^(?:send|add|banish) {_COUNT} (?P<qual>(?:[\w\"'-]+ ){{0,8}}?)(?P<noun>{_NOUN})(?P<rest>[^.;]*?) "
                        rf"from your Deck(?: to (?:the (?:GY|Graveyard)|your hand))?(?:, face-(?:up|down))?(?P<after>.*)$",
                        re.I | re.S)
_SUMMON = re.compile(r"(?<!you can )(?<!can )\bSpecial Summon (?:it|them|that target|the target|that monster|this card|"
                     r"\d+ [^.;]*?)\b", re.I)
_TOKENS = re.compile(r"\bSpecial Summon (?P<n>\d+|two|three|four|five) \"[^\"]+ Tokens?\"", re.I)


def _resolution(effect: dict, out: Needs) -> None:
    text = resolution_text(effect)
    if (m := _DRAW.match(text)) is not None:
        out.needs.append(Need("draw", _count(m["n"]), m.group(0).split(",")[0].split(".")[0], places=("deck",)))
        out.whole = not (m["rest"] or "").strip(" .")
        return
    if (m := _FROM_DECK.match(text)) is not None:  # "Send 1 monster from your Deck to the GY"
        qualified = bool(m["qual"].strip() or m["rest"].strip())
        out.needs.append(Need("deck", _count(m["n"]), text.split(".")[0], kind=_kind_of(m["noun"]), places=("deck",),
                              qualified=qualified))
        out.whole = not (m["after"] or "").strip(" .")
        return
    for pattern, player_of in ((_ALL, None), (_ALL_THEIRS, "other"), (_THE_ONE, "other")):
        m = pattern.match(text)
        if m is None:
            continue
        where = m.groupdict().get("where")
        player, places = _WHERE.get((where or "").lower(), ("both", ("field",))) if where else ("other", ("field",))
        player = player_of or player
        kind = _kind_of(m["noun"]) if m.groupdict().get("noun") else "monster"
        if places == ("field",):
            places = {"monster": ("monsters",), "spell": ("spells_traps",), "trap": ("spells_traps",),
                      "spell_trap": ("spells_traps",)}.get(kind, ("field",))
        face = (m["face"] or "").strip().lower() or None
        face = {"face-up": "up", "face-down": "down", "set": "down"}.get(face) if face else None
        qualified = bool(m.groupdict().get("qual")) or bool(m.groupdict().get("other"))
        out.needs.append(Need("affect", 1, text.split(".")[0], kind=kind, places=places, player=player, face=face,
                              qualified=qualified))
        out.whole = not (m["rest"] or "").strip(" .")
        return
    categories = set(effect.get("categories") or [])
    if "take_control" in categories and re.search(r"\btake control of\b", text, re.I) and \
            not re.search(r"\b(?:you can|if|your opponent takes)\b[^.]*take control", text, re.I):
        out.needs.append(Need("control", 1, "take control of an opponent's monster", places=("monsters",)))
    if (m := _TOKENS.search(text)) is not None and not re.search(r"\byou can\b|\bif\b", text[:m.start()], re.I):
        out.needs.append(Need("summon", _count(m["n"]), m.group(0), places=("monsters",)))
    elif "special_summon" in categories and (m := _SUMMON.search(text)) is not None and \
            not re.search(r"\b(?:you can|if|your opponent|their field|extra deck)\b", text[:m.end() + 40], re.I) and \
            not re.search(r"\b(?:destroy|banish|return|send|shuffle|tribute|detach|place)", text[:m.start()], re.I):
        # (an act before the Summon may free a zone: then it is not read as needing one)
        out.needs.append(Need("summon", 1, m.group(0), places=("monsters",)))


def read_needs(effect: dict) -> Needs:
    """What ``effect`` (a profile) needs from the state to be activated, as read from its text."""
    out = Needs()
    cost = effect.get("cost")
    text = effect.get("text") or ""
    if "\u25cf" in text or re.search(r"\b(?:1|one) of (?:these|the following) effects\b|\bchoose\b", text, re.I):
        out.unread.append("the effect's choice among its effects")
        return out  # what is needed depends on the effect chosen
    if not cost:
        by = re.match(r"^Activate this card by (?P<by>[^;.]+)[;.]", text, re.I)
        cost = by["by"] if by else None
        if cost and re.match(r"^targeting\b", cost, re.I):
            cost = None
    if cost:
        for part in re.split(r",? then |, and |,? and (?=pay|discard|tribute|send|banish)", cost, flags=re.I):
            if part.strip():
                _cost_part(part, out)
    elif set(effect.get("cost_categories") or []) - {"activate_card"}:
        out.unread.append("the effect's cost")
    head = text.split(";", 1)[0] if ";" in text else (cost or "")
    _targets(head, out)
    _resolution(effect, out)
    return out
