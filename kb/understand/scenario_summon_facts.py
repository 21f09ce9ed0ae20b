"""More one-sentence rule facts of Summons, read by :func:`kb.understand.scenario_summon.read_summon_fact`:
Flip Summons a turn (the same monster, different monsters), monsters of a kind Pendulum Summoned (Xyz and Link Monsters have no Level), a Level equal to a Pendulum Scale,
how many Pendulum Summons a turn, face-down monsters, Tokens, Trap Monsters and the opponent's monsters Tributed for a Tribute (or Ritual) Summon, a Token
Special Summoned by another effect, a Fusion Summon without a card effect, a Normal Summon that Tributed.

Each shape is ``(name, pattern over the rendered sentence, handler(match, card_of))``; the handler gives
``(question, understood)`` (a ``rule_fact`` of :data:`kb.engine.sim.summon_rules.SUMMON_FACTS`) or None.
The sentence must be read whole: a word a shape does not expect leaves the question to other readers.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["fact_shapes"]


def _fact(topic: str, subject: str, asked: str, understood: str) -> tuple[dict, str]:
    return {"ask": "rule_fact", "topic": topic, "subject": subject, "asked": asked}, understood


_ART = r"(?:a |an |the )?"
_CAN = r"(?:can|could|may|is it (?:legal|possible) for)"
# "can I ..." and the other ways of asking whether the player may do it
_CAN_I = (r"(?:(?:can|could|may) (?:i|you|a player)|is it (?:legal|possible|allowed) (?:for me |for you |for a player )?to|"
          r"am i (?:allowed|able) to|are you (?:allowed|able) to)")


def _no_level(m: re.Match, _card_of):
    kind = (m["k"] or m["k2"]).split()[0]
    return _fact("pendulum", f"{kind}_monster", "pendulum_summon", f"can an {kind.title()} Monster be Pendulum "
                 f"Summoned" if kind == "xyz" else f"can a {kind.title()} Monster be Pendulum Summoned")


_TRIBUTED = {"face_down": "face-down monsters", "token": "Monster Tokens", "trap_monster": "Trap Monsters",
             "opponent_monster": "monsters the opponent controls", "hand_monster": "monsters in the hand"}


def _subject(words: str) -> str:
    if "face-down" in words:
        return "face_down"
    if "token" in words:
        return "token"
    if "trap" in words:
        return "trap_monster"
    if "hand" in words:
        return "hand_monster"
    return "opponent_monster"


def _tributed(m: re.Match, _card_of):
    """Which monsters can be Tributed for a Tribute (or Ritual) Summon: face-down ones, Tokens, Trap Monsters,
    the opponent's (only face-down ones are asked for a Ritual Summon)."""
    kind = next((g for g in (m["s1"], m["s2"], m["s3"], m["s4"]) if g), "tribute summon")  # none said: any
    subject = _subject(next(g for g in (m["w1"], m["w2"], m["w3"], m["w4"], m["w5"]) if g))
    key = "ritual_summon" if kind.startswith("ritual") else "tribute_summon"
    if key == "ritual_summon" and subject not in ("face_down", "hand_monster"):
        return None
    return _fact("tribute", subject, key, f"can {_TRIBUTED[subject]} be Tributed for a "
                 f"{'Ritual' if key == 'ritual_summon' else 'Tribute'} Summon")


_NON_TUNER_LINE = re.compile(r"^1 Tuner \+ (?:1\+|1 or more) non-Tuner (?P<req>.+?) monsters$", re.I)


def _plain_words(text: str) -> str:
    """A requirement's words without the parts that do not change it ("-Type", "monsters", "1 or more")."""
    text = re.sub(r"[\"“”]", "", text.lower()).replace("1 or more", "1+").replace(" + ", " + ")
    text = re.sub(r"-type\b|\btype\b|\bmonsters?\b", "", text)
    return " ".join(text.replace("+", " + ").split())


def _non_tuners(m: re.Match, card_of):
    """ "For X, must every non-Tuner material be <requirement>?": X's line must give its non-Tuners that
    requirement (and a quoted line must be X's own)."""
    card = card_of(int(m["c"][1:]))
    line = (card.text or "").split("\n")[0].strip() if card is not None else ""
    found = _NON_TUNER_LINE.match(line)
    if card is None or (card.extra_deck_frame or "").lower() != "synchro" or found is None:
        return None
    if m["q"] and _plain_words(m["q"]) != _plain_words(line):
        return None  # the line quoted is not the card's
    if _plain_words(m["req"]) != _plain_words(found["req"]):
        return None  # another requirement than the card's
    return _fact("synchro_requirement", "non_tuners", "all_must_meet",
                 f"must every non-Tuner material of {card.name} (\"{line}\") be {found['req']}")


def _special_position(m: re.Match, _card_of):
    """A Special Summon in face-down (no) or face-up Defense Position (yes): any kind but a Link Summon."""
    how = m["k"] or m["k3"]
    if m["k2"] and how not in ("special", m["k2"]):
        return None  # "can a Synchro Monster be Xyz Summoned ...": not one thing
    position = m["pos"] or m["pos2"]
    what = "a Special Summon" if how == "special" else f"a {how.title()} Summon"
    if position == "face-down":
        return _fact("position", "special_summon", "face_down", f"can {what} place a monster face-down")
    return _fact("position", "special_summon", "face_up_defense",
                 f"can {what} place a monster in face-up Defense Position")


_BUILT_IN = re.compile(r"\byou can Special Summon this card \(from your (?:hand|GY|Graveyard)\)", re.I)


def _built_in(m: re.Match, card_of):
    """A named monster's own Special Summon procedure (Nomi / Semi-Nomi, "you can Special Summon this card (from
    your hand)", or a Synchro / Xyz / Link Summon): it starts no chain and is not an effect."""
    card = card_of(int(m["c"][1:])) if m["c"] else None
    kind = m["k"]
    if m["c"]:
        if card is None or not card.is_monster:
            return None
        frame = (card.extra_deck_frame or "").lower()
        built_in = card.summon_condition in ("nomi", "semi_nomi") and not frame and "Ritual" not in card.abilities \
            or frame in ("synchro", "xyz", "link") or _BUILT_IN.search(card.text or "")
        if not built_in:
            return None
        who = f"the Special Summon of {card.name} by its own procedure"
    elif kind in ("synchro", "xyz", "link"):
        who = f"a {kind.title()} Summon"
    else:
        who = "a Special Summon by a monster's own procedure"
    if m["eff"]:
        if not m["c"] or card.extra_deck_frame or (card.summon_condition not in ("nomi", "semi_nomi") and
                                                   not _BUILT_IN.search(card.text or "")):
            return None  # only a Main Deck monster's own procedure is asked so (an Extra Deck one may be revived)
        return _fact("built_in_summon", "special_summon", "is_effect", f"is {who} an effect")
    return _fact("built_in_summon", "special_summon", "starts_chain", f"does {who} start a chain")


def _summon_from(m: re.Match, _card_of):
    """A Pendulum Summon from the GY (no) or the hand (yes, any monster with a Level between the Scales); a
    Ritual Summon from the GY (no, unless the Ritual Spell says so)."""
    kind, where = m["k"] or m["k3"], m["w"] or m["w2"]
    said_kind = m["k2"]
    if said_kind and (kind == "ritual") != (said_kind == "ritual"):
        return None  # "can a Pendulum Monster in the GY be Ritual Summoned": not one of these
    key, place = {"gy": ("from_gy", "the GY"), "graveyard": ("from_gy", "the GY"), "hand": ("from_hand", "the hand"),
                  "deck": ("from_deck", "the Deck"),
                  "face-down extra deck": ("from_face_down_extra", "the face-down Extra Deck")}[where]
    if kind == "ritual" and key != "from_gy":
        return None  # from the hand: the Ritual Spell's Tributes decide; from the Deck: not stated
    where = key
    return _fact(kind, where, "allowed", f"can a {kind.title()} Summon place a monster from {place}")


_BANISHED_INSTEAD = re.compile(r"^(?:While this card is face-up on the field, )?any (?:card|monster) sent to the "
                               r"(?:GY|Graveyard) is banished instead\.$", re.I)


def _banished_instead(m: re.Match, card_of):
    """A Fusion Summon (or the card that performs it) asked while a card that banishes what goes to the GY
    applies: the face-up card's lasting effect must be only "any card sent to the GY is banished instead"; a card said to be activated must
    be one that Fusion Summons (for a Fusion Summon only)."""
    card = card_of(int(m["c"][1:]))
    lasting = [e.get("text") or "" for e in (card.effects if card is not None else ()) if e.get("kind") == "continuous"]
    if card is None or len(lasting) != 1 or not _BANISHED_INSTEAD.match(lasting[0].strip()):
        return None
    kind = m["k"]
    if m["by"]:
        by = card_of(int(m["by"][1:]))
        if kind != "fusion" or by is None or by.is_monster or "fusion summon" not in (by.text or "").lower():
            return None
    return _fact("banished_instead", f"{kind}_summon", "allowed",
                 f"while {card.name} banishes cards sent to the GY instead, can a {kind.title()} Summon be performed")


_USING = {"face-down": ("material", "face_down", "face-down monsters"), "token": ("token", "token", "Monster Tokens"),
          "link": ("material", "link_monster", "Link Monsters"), "xyz": ("material", "xyz_monster", "Xyz Monsters"),
          "trap": ("material", "trap_monster", "Trap Monsters")}


def _summon_using(m: re.Match, _card_of):
    """ "Can I Xyz Summon using a Token?": whether that kind of monster can be that Summon's material (the facts
    of materials; a kind and Summon no row states give "unknown")."""
    topic, subject, said = _USING[next(k for k in _USING if k in m["w"])]
    kind = m["k"]
    return _fact(topic, subject, f"{kind}_material", f"can {said} be used as {kind.title()} Material")


class _Merged:
    """The card group of whichever spelling matched (``c`` / ``c2`` / ``c3``), the other groups as they are."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        groups = self.match.groupdict()
        if key == "c":
            return groups.get("c") or groups.get("c2") or groups.get("c3")
        return groups.get(key)


class _Groups:
    """A match whose missing groups read as None (shapes that name only some of a handler's groups)."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        return self.match.groupdict().get(key)


@lru_cache(maxsize=1)
def fact_shapes() -> list:
    """The shapes of this module (name, pattern, handler)."""
    per_turn = r"(?:per|each|a|in a|in one|every) turn"
    own = (r"(?:by (?:its|their|a monster's|a monsters) own (?:procedure|effect|requirements)|from the hand|by meeting (?:its|the) "
           r"requirements)")
    per_turn_or_same = r"(?:per turn|in (?:one|a|the same|a single) turn|(?:in |during )?(?:the same|one) turn|this turn)"
    summon_of = r"(?P<s{n}>tribute summon|ritual summon|tribute summoning|ritual summoning)"
    face_down = (r"(?:(?:a |the )?face-down (?:defen[cs]e position )?monsters?(?: on the field| i control| on my field)?|"
                 r"(?:a |the )?(?:monster )?tokens?(?: on the field| i control)?|(?:a |the )?trap monsters?|"
                 r"(?:my )?opponents? monsters?|(?:a )?monsters? (?:my|the) opponent controls|"
                 r"(?:a )?monsters? (?:in|from) my hand)")
    return [
        (
            "a monster of a kind with no Level Pendulum Summoned",
            re.compile(
                rf"^{_CAN} {_ART}(?P<k>xyz monsters?|link monsters?) (?:ever )?(?:to )?be pendulum summoned$|"
                rf"^{_CAN_I} pendulum summon {_ART}(?P<k2>xyz monsters?|link monsters?)$"
            ),
            _no_level,
        ),
        (
            "a Level equal to a Pendulum Scale",
            re.compile(
                rf"^{_CAN} (?:a|my) monster(?: with a level)? (?:to )?be pendulum summoned (?:if|when) its level "
                rf"(?:equals|is equal to|is the same as|matches) (?:one of )?(?:my |the |either of my )?"
                rf"(?:pendulum )?scales?$|"
                rf"^{_CAN_I} pendulum summon a monster whose level (?:equals|is equal to|is the same as|"
                rf"matches) (?:one of )?(?:my |the |either of my )?(?:pendulum )?scales?$"
            ),
            lambda m, c: _fact("pendulum", "level_equal_scale", "pendulum_summon",
                               "can a monster whose Level equals one of the Pendulum Scales be Pendulum Summoned"),
        ),
        (
            "Pendulum Summons a turn",
            re.compile(
                rf"^how many (?:times can (?:i|a player|you) pendulum summon|pendulum summons can (?:i|a player|you|"
                rf"each player) (?:perform|conduct|make|do|use|have)) {per_turn}(?: normally)?$|"
                rf"^how many pendulum summons (?:does|do) (?:a player|each player|i|you) get {per_turn}"
                rf"(?: normally)?$"
            ),
            lambda m, c: _fact("pendulum", "per_turn", "count",
                               "how many Pendulum Summons can a player perform per turn"),
        ),
        (
            "which monsters a Tribute or Ritual Summon can Tribute",
            re.compile(
                rf"^{_CAN} (?P<w1>{face_down}) (?:to )?be tributed (?:for|in|to perform|to conduct) (?:a |an |the )?"
                rf"{summon_of.format(n=1)}$|"
                rf"^for (?:a |the )?{summon_of.format(n=2)} {_CAN} (?P<w2>{face_down}) (?:to )?be tributed$|"
                rf"^{_CAN_I} tribute (?P<w3>{face_down}) (?:for|to perform|to conduct|in|to) (?:a |the )?"
                rf"{summon_of.format(n=3)}$|"
                rf"^{_CAN_I} (?P<s4>tribute summon|ritual summon) (?:by tributing|using|with|by using) "
                rf"(?P<w4>{face_down})(?: as (?:a |the )?tributes?)?$|"
                rf"^{_CAN} (?P<w5>(?:a |the )?(?:monster )?tokens?|(?:a |the )?face-down monsters?|(?:a |the )?trap "
                rf"monsters?) (?:to )?be tributed$"
            ),
            _tributed,
        ),
        (
            "one monster Flip Summoned more than once a turn",
            re.compile(
                rf"^{_CAN_I} flip summon (?:the same|one|a|a single) monster (?:twice|two times|more "
                rf"than once) {per_turn_or_same}$|"
                rf"^{_CAN} (?:the same|a|one|a single) monster (?:to )?be flip summoned (?:twice|two times|more than once) "
                rf"{per_turn_or_same}$"
            ),
            lambda m, c: _fact("flip_summon", "same_monster", "twice_per_turn",
                               "can the same monster be Flip Summoned twice in one turn"),
        ),
        (
            "several monsters Flip Summoned in one turn",
            re.compile(
                rf"^{_CAN_I} flip summon (?:two|2|three|3|several|multiple|more than one) "
                rf"(?:different )?(?:face-down )?monsters {per_turn_or_same}$"
            ),
            lambda m, c: _fact("flip_summon", "different_monsters", "same_turn",
                               "can a player Flip Summon several different monsters in the same turn"),
        ),
        (
            "a Ritual Summon Tributing monsters from the hand",
            re.compile(
                rf"^{_CAN_I} (?P<s1>ritual summon) (?:using|by tributing) (?P<w1>(?:a )?monsters? (?:in|from) "
                rf"my hand)(?: as (?:the )?tributes?)?$"
            ),
            lambda m, c: _tributed(_Groups(m), c),
        ),
        (
            "Special Summons a turn",
            re.compile(
                rf"^{_CAN_I} special summon (?:(?:more than once|twice|two times|multiple times|several "
                rf"times) {per_turn_or_same}|(?:any number of times|as many times as (?:i|you) (?:want|like))"
                rf"(?: {per_turn_or_same})?)$|"
                rf"^is there a limit (?:to|on) (?P<limit>the number of special summons|how many (?:times )?(?:i|you|a "
                rf"player) can special summon|how many special summons (?:i|you|a player) can (?:perform|conduct|make))"
                rf" {per_turn_or_same}$"
            ),
            lambda m, c: _fact("special_summon", "per_turn", "limited" if m["limit"] else "more_than_once",
                               "is the number of Special Summons a turn limited" if m["limit"] else
                               "can a player Special Summon more than once per turn"),
        ),
        (
            "a Normal Set uses the turn's Normal Summon",
            re.compile(
                r"^(?:does|do|would) (?:normal )?setting (?:a|one) monster (?:count as|use|use up|take) (?:my|the|your|a) "
                r"normal summon(?: for the turn| of the turn| this turn)?$|"
                r"^is (?:normal )?setting (?:a|one) monster (?:considered |treated as )?(?:my|the) normal summon for the "
                r"turn$"
            ),
            lambda m, c: _fact("summon_kind", "normal_set", "uses_normal_summon",
                               "does Normal Setting a monster use the turn's Normal Summon/Set"),
        ),
        (
            "Normal Summons a turn",
            re.compile(
                rf"^how many (?:times can (?:i|a player|you) normal summon|normal summons can (?:i|a player|you|each "
                rf"player) (?:perform|conduct|make|do|have)|normal summons (?:does|do) (?:a player|each player|i|you) "
                rf"get) {per_turn}(?: normally)?$"
            ),
            lambda m, c: _fact("normal_summon", "per_turn", "count",
                               "how many Normal Summons (or Sets) can a player conduct per turn"),
        ),
        (
            "two Pendulum Summons a turn",
            re.compile(
                rf"^{_CAN_I} pendulum summon (?:twice|two times|more than once) "
                rf"(?:per turn|in (?:one|a|the same|a single) turn)$"
            ),
            lambda m, c: _fact("pendulum", "per_turn", "twice", "can a player Pendulum Summon twice in one turn"),
        ),
        (
            "a Token Special Summoned face-down",
            re.compile(
                rf"^{_CAN} (?:a |an )?(?:monster )?tokens? (?:to )?be (?:special summoned|summoned|placed) (?:face-down|in "
                rf"face-down defen[cs]e position)$|"
                rf"^{_CAN_I} special summon (?:a |an )?(?:monster )?tokens? (?:face-down|in face-down defen[cs]e "
                rf"position)$"
            ),
            lambda m, c: _fact("token", "token", "face_down", "can a Monster Token be placed face-down"),
        ),
        (
            "a Synchro Monster's requirement for its non-Tuners, asked of every one",
            re.compile(
                r"^(?:for|when synchro summoning|to synchro summon) (?P<c>e\d+)(?: \" (?P<q>[^\"]+) \")? "
                r"(?:must|do|does|should) (?:every|each|all(?: of)?(?: the)?|all) non-tuner (?:materials?|monsters?)"
                r"(?: used)? (?:(?:need to|have to) )?be (?P<req>[a-z][a-z -]*?)$"
            ),
            _non_tuners,
        ),
        (
            "a Link / Synchro / Xyz / Fusion Summon using monsters of a kind",
            re.compile(
                rf"^{_CAN_I} (?P<k>link|synchro|xyz|fusion) summon (?:using|with|by using) (?:a |an |one or more |any )?"
                rf"(?P<w>face-down (?:defen[cs]e position )?monsters?|(?:monster )?tokens?|link monsters?|xyz monsters?|"
                rf"trap monsters?)(?: as (?:a |the )?materials?)?$"
            ),
            _summon_using,
        ),
        (
            "an Xyz Summon using monsters of different Levels",
            re.compile(
                rf"^{_CAN_I} xyz summon (?:using|with|by using) (?:two |2 )?monsters (?:with|of) different levels$|"
                rf"^{_CAN_I} use (?:two |2 )?monsters (?:with|of) different levels (?:for an xyz summon|as xyz materials?)$|"
                rf"^{_CAN} (?:two |2 )?monsters (?:with|of) different levels (?:to )?be used (?:for an xyz summon|as xyz "
                rf"materials?)$"
            ),
            lambda m, c: _fact("xyz", "different_levels", "allowed",
                               "can monsters of different Levels be the materials of one Xyz Summon"),
        ),
        (
            "a Special Summon (of a kind) in face-down / face-up Defense Position",
            re.compile(
                rf"^{_CAN_I} (?P<k>special|synchro|xyz|fusion|ritual|pendulum) summon (?:a monster |monsters )?"
                rf"(?:in|into) (?P<pos>face-down|face-up)(?: defen[cs]e position)?$|"
                rf"^{_CAN} (?:a |an )?(?:monster|(?P<k2>synchro|xyz|fusion|ritual) monster)s? (?:to )?be "
                rf"(?P<k3>special|synchro|xyz|fusion|ritual|pendulum) summoned (?:in|into) (?P<pos2>face-down|face-up)"
                rf"(?: defen[cs]e position)?$"
            ),
            _special_position,
        ),
        (
            "a built-in Special Summon: a chain or an effect",
            re.compile(
                rf"^(?:does|do|will|would) (?:special summoning (?P<c>e\d+)(?: {own})?|(?:the |a )?special summon of "
                rf"(?P<c2>e\d+)(?: {own})?|(?:a |an )?(?P<k>synchro|xyz|link) summon|(?:a |the )?special summon {own}) "
                rf"(?:start|use|create|make) (?:a|the) chain$|"
                r"^(?:is|are) (?:the |a )?special summon(?:ing)? of (?P<c3>e\d+)(?: from (?:the|my) hand| by its own "
                r"procedure)? (?P<eff>(?:treated as |considered )?an effect)$"
            ),
            lambda m, c: _built_in(_Merged(m), c),
        ),
        (
            "where a Pendulum or Ritual Summon places monsters from",
            re.compile(
                rf"^{_CAN_I} (?P<k>pendulum|ritual) summon (?:a |an )?(?:(?:ritual |pendulum |non-pendulum |normal "
                rf"|effect )?monsters?|it) from (?:my|the) (?P<w>gy|graveyard|hand|deck|face-down extra deck)$|"
                rf"^{_CAN} (?:a |an )?(?:(?P<k2>ritual|pendulum|non-pendulum) )?monsters? (?:in|from) (?:my|the) "
                rf"(?P<w2>gy|graveyard|hand|deck|face-down extra deck) (?:to )?be (?P<k3>pendulum|ritual) summoned$"
            ),
            _summon_from,
        ),
        (
            "a Summon that sends monsters to the GY while they are banished instead",
            re.compile(
                r"^(?:while|with|under) (?P<c>e\d+)(?: is| remains)?(?: still)?(?: active| applying| face-up| in effect| "
                r"on the field| being applied)?(?: on the field)? can i (?:still )?(?:activate (?P<by>e\d+) and )?"
                r"(?P<k>fusion|synchro|link|tribute) summon(?: a monster)?$"
            ),
            _banished_instead,
        ),
        (
            "a Token Special Summoned by an effect other than its own",
            re.compile(
                rf"^{_CAN} (?:a |an )?(?:monster )?tokens? (?:ever )?(?:to )?be special summoned by (?:an(?:other)? |a(?:nother)? "
                rf"(?:card )?|any )?(?:card )?effects? (?:other than|besides|except) the (?:one|effect|card) that "
                rf"(?:created|made|generated) (?:it|them)$|"
                rf"^{_CAN} (?:a |an )?(?:monster )?tokens? (?:to )?be special summoned by (?:another|a different) "
                rf"(?:card's |card )?effect$"
            ),
            lambda m, c: _fact("token", "token", "special_summon_other_effect",
                               "may a Token be Special Summoned by another effect than the one that made it"),
        ),
        (
            "a Fusion Summon with no card effect",
            re.compile(
                r"^(?:can|could|may) (?:a |the )?fusion summon be (?:performed|done|conducted|made) without "
                r"(?:a |using a |using any |any )?(?:card )?effects?$|"
                r"^(?:can|could|may) (?:i|you|a player) fusion summon (?:a monster |a fusion monster )?without "
                r"(?:a |using a |using any |any )?card effects?$|"
                r"^(?:can|could|may) (?:a )?fusion monsters? be fusion summoned without (?:a |using a |any )?card "
                r"effects?$"
            ),
            lambda m, c: _fact("summon_kind", "fusion_summon", "without_effect",
                               "may a Fusion Summon happen without any card effect"),
        ),
        (
            "a Normal Summon that Tributed: a Tribute Summon",
            re.compile(
                r"^(?:is|would) (?:a |the )?normal summon (?:that|which) (?:tributed|tributes|used|uses) (?:a monster|"
                r"one or more monsters|monsters|1 or more monsters)(?: as tributes?)? (?:also |still )?(?:be )?"
                r"(?:considered |treated as |counted as )?(?:a )?tribute summon$|"
                r"^does (?:a |the )?normal summon (?:that|which) (?:tributed|tributes|used|uses) (?:a monster|"
                r"one or more monsters|monsters|1 or more monsters)(?: as tributes?)? (?:also )?count as "
                r"(?:a )?tribute summon$"
            ),
            lambda m, c: _fact("summon_kind", "normal_summon_with_tribute", "tribute_summon",
                               "is a Normal Summon with a Tribute a Tribute Summon"),
        ),
    ]
