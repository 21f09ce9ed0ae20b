"""Rule-fact shapes about zones, locations and kinds of monsters, for :mod:`kb.understand.scenario_cost`'s
reader (``{"ask": "rule_fact"}``, answered by :mod:`kb.engine.rule_facts` from
:mod:`kb.engine.zone_facts` and :mod:`kb.engine.kind_facts`):

- who may look at a location (the hand, face-down banished cards, the count of cards in a Deck or the
  Extra Deck);
- where cards may be and what they are treated as there (Field Spells and the Spell & Trap Zone, Pendulum
  Zones, Link Arrows, Xyz Materials, an Equip Spell whose monster leaves, banishing face-up, owners' GYs);
- what a kind of monster has or is, and deck construction: :mod:`kb.understand.kind_facts`.

The question, flattened by :func:`kb.understand.scenario_cost._flatten`, must be read whole by one shape;
the words are data (``zone_facts_words.toml``), and so are the shapes that read one fixed proposition each
(``zone_facts_shapes.toml``).  A shape only fills a proposition's slots: a proposition no rule row states gives
no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .vocabulary import phrase_alternation, word_file

__all__ = ["zone_fact_shapes"]

WORDS_FILE = Path(__file__).with_name("zone_facts_words.toml")
SHAPES_FILE = Path(__file__).with_name("zone_facts_shapes.toml")  # the shapes that read one proposition each
_GY = r"(?:graveyard|gy)"
_SEP = r"(?: \.)? "


def _alt(*path: str) -> str:
    return phrase_alternation(word_file(WORDS_FILE), *path)


def _keys(section: str) -> list[str]:
    return list(word_file(WORDS_FILE)[section])


def _which(section: str, text: str | None) -> str | None:
    """The key of ``section`` whose phrases include ``text`` (None when none does)."""
    if not text:
        return None
    return next((k for k in _keys(section) if re.fullmatch(_alt(section, k), text)), None)


_MATERIALS = ("synchro material", "link material", "fusion material")


def _is_term(cards, group: str | None, terms: tuple[str, ...]) -> bool:
    """Whether ``group`` is absent or a card mention (``e<N>``) whose name is one of the game terms ``terms``
    (a card named "Synchro Material" read where the question says the words)."""
    if not group:
        return True
    card = cards(int(group[1:]))
    return card is not None and card.name.lower() in terms


def _fact(topic: str, subject: str, asked: str, said: str) -> tuple[dict, str] | None:
    """The rule-fact query, when a rule row states the proposition (else no reading)."""
    from ..engine.rule_facts import FACTS

    if (topic, subject, asked) not in FACTS:
        return None
    return {"topic": topic, "subject": subject, "asked": asked}, said


# ------------------------------------------------------------------------------------ who sees what

_WHERE_SAID = {"hand": "the hand", "gy": "the GY", "deck": "the Main Deck", "extra": "the Extra Deck",
               "banished": "the face-up banished cards", "banished_face_down": "the face-down banished cards",
               "extra_face_up": "the face-up cards in the Extra Deck", "lp": "the LP"}


def _location(m: re.Match) -> tuple[str, str | None] | None:
    """(location key, "mine" / "theirs" / None) of the location the match names."""
    where = _which("location", m["loc"])
    if where is None:
        return None
    own = _which("owner", m["own"]) if m["own"] else None
    return where, own


def _visible(m: re.Match, cards) -> tuple[dict, str] | None:
    """ "Is/are <location> public knowledge / private?" and "is the number of cards in <location> public?"."""
    got = _location(m)
    if got is None:
        return None
    where, _own = got
    asked = _which("visible", m["pred"])
    if asked is None:
        return None
    if m["count"] or m["count2"]:
        if asked != "public":
            return None
        return _fact("visible", where, "count_public",
                     f"is the number of cards in {_WHERE_SAID[where]} public knowledge")
    if where in ("deck", "extra", "hand") and not m["cards"] and m["own"] in (None, "the"):
        return None  # "is the deck public": the cards or their number?
    said = _WHERE_SAID[where] if where.startswith(("banished", "extra_face", "lp")) else \
        f"the cards in {_WHERE_SAID[where]}"
    return _fact("visible", where, asked, f"are {said} {'public knowledge' if asked == 'public' else 'private'}")


def _look(m: re.Match, cards) -> tuple[dict, str] | None:
    """ "Can <viewer> look at <location>?" (the owner, the opponent, both players)."""
    got = _location(m)
    viewer = _which("viewer", m["viewer"])
    if got is None or viewer is None:
        return None
    where, own = got
    if m["count"] or m["count2"]:
        return _fact("visible", where, "count_public",
                     f"can {m['viewer']} know the number of cards in {_WHERE_SAID[where]}")
    if viewer == "both":
        asked = "public"
    elif viewer == "opponent":
        if own == "theirs":
            return None  # "can my opponent look at my opponent's hand": whose?
        asked = "opponent_sees"
    else:
        if own is None or m["own"] == "the":
            from ..engine.zone_facts import VISIBILITY

            owner_sees, opponent_sees = VISIBILITY[where][:2]
            if owner_sees != opponent_sees:
                return None  # "can I look at the face-down banished cards": mine or my opponent's?
        asked = "opponent_sees" if own == "theirs" else "owner_sees"
    who = {"public": "both players", "opponent_sees": "the opponent", "owner_sees": "its owner"}[asked]
    return _fact("visible", where, asked, f"can {who} look at {_WHERE_SAID[where]}")


class _Pick:
    """A match read by group name, a group ``g`` falling back to ``g2`` (the second form of a shape)."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, name: str):
        return _g(self.match, name)

    def groupdict(self) -> dict:
        return {k.rstrip("2"): _g(self.match, k.rstrip("2")) for k in self.match.groupdict()}


def _reorder(m: re.Match, cards) -> tuple[dict, str] | None:
    where = _which("location", m["loc"])
    if where is None or m["own"] and _which("owner", m["own"]) != "mine":
        return None
    return _fact("visible", where, "reorder", f"can the order of the cards in {_WHERE_SAID[where]} be changed")


def _visibility_shapes() -> list:
    own = rf"(?:(?P<own>{_alt('owner', 'mine')}|{_alt('owner', 'theirs')}) )?"
    loc = rf"(?P<loc>{'|'.join(_alt('location', k) for k in _keys('location'))})"
    subject = (rf"(?:(?P<count>{_alt('cards_of', 'count')}) |(?P<cards>{_alt('cards_of', 'words')}) )?{own}{loc}"
               rf"(?: cards|(?P<count2>'s card count| 's card count| card count| size))?")
    pred = rf"(?P<pred>{_alt('visible', 'public')}|{_alt('visible', 'private')})"
    look = _alt("look", "verb")
    viewer = rf"(?P<viewer>{'|'.join(_alt('viewer', k) for k in _keys('viewer'))})"
    when = rf"(?: {_alt('look', 'when')})?"
    return [
        ("is <location> public knowledge",
         re.compile(rf"^(?:is|are) {subject} (?:considered |treated as |always )?{pred}$"), _visible),
        ("can <viewer> look at <location>",
         re.compile(rf"^(?:can|may|is|are) {viewer} (?:allowed to |able to |permitted to )?(?:{look}) {subject}{when}$"),
         _look),
        ("can the order of the cards in <location> be changed",
         re.compile(rf"^can (?:i|you|a player|the owner) (?:change|rearrange|reorder) (?:the order of )?"
                    rf"(?:the )?(?:cards in )?{own}{loc}(?: cards)?$|^can the order of (?:the )?cards in "
                    rf"{own.replace('?P<own>', '?P<own2>')}{loc.replace('?P<loc>', '?P<loc2>')} be (?:changed|rearranged)$"),
         lambda m, c: _reorder(_Pick(m), c)),
        ("do the cards in the hand have an order",
         re.compile(rf"^(?:do|does) (?:the )?cards in {own}(?P<loc>hand) have (?:an|a set|a fixed) order$"),
         lambda m, c: _fact("visible", "hand", "has_order", "do the cards in the hand have an order")),
    ]


# ------------------------------------------------------------------------------------------- zones


def _zone_shapes() -> list:
    from .zone_emz import emz_and_field_shapes

    st, field, mmz = _alt("zone", "st"), _alt("zone", "field"), _alt("zone", "mmz")
    the = r"(?:a|the|my|your|an|one of my|one of the|their)"
    field_spell = r"(?:a field spell(?: card)?|field spells(?: cards)?|field spell cards|my field spell|the field spell)"
    pendulum = r"(?:a pendulum monster|pendulum monsters|a pendulum card|pendulum cards)"
    treated = r"(?:treated as|considered|counted as|regarded as|considered to be|considered as)"
    tokens = _alt("kind", "token")
    xyz_mat = (r"(?:xyz materials?|an xyz material|the xyz materials?|monsters used as xyz materials?|a monster used as "
               r"(?:an )?xyz material|cards attached to an xyz monster|attached xyz materials?|detached? xyz materials?)")
    placed = r"(?:placed|put|activated|set|played)"
    z = "zone"

    parts = {"st": st, "field": field, "mmz": mmz, "the": the, "field_spell": field_spell, "pendulum": pendulum,
             "treated": treated, "xyz_mat": xyz_mat, "placed": placed, "SEP": _SEP}
    table = {(row["subject"], row["asked"]): row for row in word_file(SHAPES_FILE)["shape"]}

    def shape(subject: str, asked: str):
        """The shape of zone_facts_shapes.toml that reads the proposition ("zone", subject, asked)."""
        row = table[subject, asked]
        pattern = "|".join(re.sub(r"\{(\w+)\}", lambda m: parts[m[1]], p) for p in row["patterns"])
        return row["name"], re.compile(pattern), lambda m, c: _fact(z, subject, asked, row["said"])

    token_leave = (
        rf"^(?:when|if|after|once) (?:{tokens}) (?:leaves?|are removed from|is removed from) the field{_SEP}"
        rf"(?:are|is|do|does|will) (?:they|it) (?:be )?(?:sent|go|goes|placed) (?:in)?to the {_GY}$"
        rf"|^(?:do|does|will) (?:{tokens}) (?:go|get sent) to the {_GY} when (?:they|it) (?:leaves?|leave) the field$"
        rf"|^(?:do|does|will|can) (?:{tokens}) (?:ever )?(?:go|get sent|be sent) to the {_GY}(?: when (?:they are|it is|it's|"
        rf"its) (?:destroyed|tributed|banished))?$"
        rf"|^(?:when|if|after|once) (?:{tokens}) (?:is|are) (?:destroyed|tributed|banished|returned to the hand|returned "
        rf"to the deck|sent to the {_GY}){_SEP}(?:does|do|will|is|are) (?:it|they) (?:go|be sent|sent|get sent|placed) "
        rf"(?:in)?to the {_GY}$"
        rf"|^(?:is|are) (?:{tokens}) (?:sent|placed) (?:in)?to the {_GY} when (?:it is|they are) (?:destroyed|tributed|"
        rf"banished)$"
        rf"|^(?:(?:if|when|after) )?(?:{tokens}) (?:is|are) used as (?:a )?(?:(?:link|synchro|fusion) materials?|"
        rf"(?P<term>e\d+)){_SEP}(?:does|do|will|is|are) (?:it|they) (?:go|be sent|sent|get sent) to the {_GY}$"
    )
    return [
        shape("field_spell", "in_st_zone"),
        shape("field_spell", "counts_as_st_zone"),
        shape("field_spell", "two_at_once"),
        shape("field_spell", "replace"),
        shape("monster_in_st", "spell_card"),
        shape("spell_trap_in_mz", "monster"),
        shape("st_zone", "six"),
        shape("mmz", "six"),
        shape("st_zone", "move"),
        shape("monster_zone", "move"),
        ("is a Pendulum Monster in a Pendulum Zone a Spell Card / a monster",
         re.compile(rf"^(?:is|are) {pendulum} (?:in|placed in) {the} {_alt('zone', 'pendulum')} (?:still )?{treated} "
                    rf"(?P<what>a spell(?: card)?|spell cards|a monster|monsters|a card in {the} {st}|cards in {the} {st}|"
                    rf"in {the} {st})$"),
         lambda m, c: _fact(z, "pendulum_zone", "spell_card" if "spell" in m["what"] and "zone" not in m["what"] else
                            "monster" if "monster" in m["what"] else "counts_as_st_zone",
                            f"is a Pendulum Monster in a Pendulum Zone treated as {m['what']}")),
        shape("pendulum_zone", "ends"),
        shape("pendulum_zone", "where"),
        ("does a Pendulum Monster sent from the field go to the GY / Extra Deck", _pendulum_pattern(), _pendulum_dest),
        ("can a Link Arrow point to a Spell & Trap Zone / the opponent",
         re.compile(rf"^can (?:(?:a link monster's|a link monster 's|a link monsters|link monsters'|link monsters|the|its) )?"
                    rf"(?:link )?arrows? point (?:to|at) "
                    rf"(?:(?P<st>{the} {st})|(?P<fz>{the} {field})|(?P<opp>(?:my|the|your|an) opponent's (?:monsters?|zones?|"
                    rf"monster zones?)))$"),
         lambda m, c: _fact(z, "link_arrow", "st_zone" if m["st"] else "field_zone" if m["fz"] else "opponent",
                            "can a Link Arrow point to " + ("a Spell & Trap Zone" if m["st"] else "the Field Zone"
                                                            if m["fz"] else "the opponent's zones and monsters"))),
        ("is a detached Xyz Material sent to the GY / from the field",
         re.compile(rf"^(?:is|are) (?:a |an |the )?(?:detached xyz materials?|xyz materials? (?:that (?:is|are) )?detached|xyz "
                    rf"materials? detached (?:as a cost|for a cost|by an effect)?) (?P<what>sent to the {_GY}|(?:treated as |"
                    rf"considered )?sent from the field(?: to the {_GY})?)$"
                    rf"|^(?:when|if) an xyz monster leaves the field{_SEP}(?:are|is) (?:its|the) xyz materials? (?P<what2>sent to "
                    rf"the {_GY})$"),
         lambda m, c: _fact(z, "xyz_material", "to_gy_with_monster" if m["what2"] else "sent_from_field"
                            if "field" in m["what"] else "detached_to_gy", "where do Xyz Materials go")),
        ("can a card be placed in an occupied Pendulum Zone",
         re.compile(r"^can (?:i|you) (?:activate|place|put) (?:a|another|a second) pendulum monster(?: card)? (?:as a spell )?"
                    r"in (?:a|my|the) pendulum zone (?:that|which) already (?:has|holds|contains) (?:a card|a pendulum monster|"
                    r"another card|one)$|^can (?:a|another) (?:card|pendulum monster) be placed in (?:a|an) (?:occupied )?"
                    r"pendulum zone(?: (?:that|which) already (?:has|holds) (?:a card|one))?$"),
         lambda m, c: None if "occupied" not in m.group(0) and "already" not in m.group(0) else _fact(
             z, "pendulum_zone", "occupied_place", "can a card be placed in a Pendulum Zone that already holds one")),
        ("can both players have a Field Spell",
         re.compile(r"^can (?:both players|each player|either player) (?:have|control) (?:a|one|their own) field spell(?: "
                    r"card)?(?: face-up| active)?(?: (?:at the same time|at once|simultaneously))?$"),
         lambda m, c: _fact(z, "field_spell", "each_player", "can each player have a Field Spell of their own")),
        shape("xyz_material", "left_field"),
        shape("xyz_material", "targeted"),
        shape("hidden_effects", "target"),
        ("an Equip Spell whose monster leaves the field", _equip_pattern(), _equip),
        ("banished without saying face-up or face-down: face-up?",
         re.compile(rf"^(?:if|when) (?:an effect|a card|a card effect|a card's effect|an effect of a card) banishes? "
                    rf"(?:a card|cards|a monster|monsters|something)(?: without (?:saying|specifying|stating|mentioning) "
                    rf"(?:whether it is )?(?:face-up or face-down|how|which way|its face))?{_SEP}(?:is it|are they|is the card|"
                    rf"are the cards) banished (?P<face>face-up|face-down)$"
                    rf"|^(?:are|is) (?:cards|a card) banished (?P<face2>face-up|face-down) (?:unless (?:stated|specified|"
                    rf"said) otherwise|by default|(?:when|if) the (?:effect|card) does not say(?: otherwise| face-down| "
                    rf"face-up or face-down| how)?)$"),
         lambda m, c: _fact(z, "banish_unspecified", "face_up" if "up" in (m["face"] or m["face2"]) else "face_down",
                            "is a card banished face-up when the effect does not say face-up or face-down")),
        ("a monster I control but do not own is sent to the GY: whose GY",
         re.compile(rf"^(?:if|when) (?:a|the) (?:monster|card) (?:that )?(?:i took control of|i took from my opponent|"
                    rf"i control but (?:do not|don't) own|my opponent owns but i control|i have taken control of) is "
                    rf"(?:destroyed|sent to the {_GY}|tributed)(?: by an effect| by battle)?{_SEP}(?:does|will) it (?:go|be sent) "
                    rf"to (?P<whose>my|my opponent's|its owner's|the owner's|my own|the controller's) {_GY}$"
                    rf"|^(?:are|is) (?:cards|a card) (?:always )?sent to (?P<whose2>its owner's|their owner's|the owner's) "
                    rf"{_GY}$"),
         lambda m, c: _fact(z, "controlled_not_owned", "controller_gy" if (m["whose"] or m["whose2"]) in (
             "my", "my own", "the controller's") else "owner_gy", "does a card sent to the GY go to its owner's GY")),
        ("an Xyz/Synchro Summon with every Monster Zone occupied",
         re.compile(rf"^(?:all|all of|each of) (?:my|the) (?:(?:5|five|main|extra) )?(?:and extra )?monster zones (?:are|is) "
                    rf"(?:all )?(?:full|occupied|filled|in use|taken)(?: or unusable)?{_SEP}can (?:i|you) (?:still )?"
                    rf"(?P<how>xyz|synchro) summon (?:by )?(?:using|with) (?:a |one of the |the )?monsters? (?:i|you) "
                    rf"control(?: on the field)? as (?:(?:(?:the |an? )?(?:xyz|synchro) )?materials?|(?P<term>e\d+))$"),
         lambda m, c: None if not _is_term(c, m["term"], (f"{m['how']} material",)) else _fact(z, "full_zones", f"{m['how']}_own_materials",
                            f"can a player whose Monster Zones are all occupied {m['how'].capitalize()} Summon using "
                            f"monsters they control as material")),
        ("a Token placed in a Spell & Trap Zone, then Special Summoned",
         re.compile(rf"^can (?:{tokens})(?: that (?:is|was|are|were)(?: placed)?| placed)? in (?:the|a|my|your) {st}(?: as a "
                    rf"(?:continuous )?spell(?: card)?)? be special summoned(?: again)?(?: by (?:an|another|a card) effect)?$"
                    rf"|^can (?:i|you) special summon (?:{tokens}) (?:from|that is in|in) (?:the|my|your) {st}$"),
         lambda m, c: _fact("token", "token", "special_summon_from_st", "can a Token in a Spell & Trap Zone be Special "
                                                                        "Summoned")),
        ("are a Token's effects the effects of the card that Summoned it",
         re.compile(rf"^(?:are|is) (?:the )?effects? (?:of|related to) (?:{tokens}) (?:treated as |considered )?(?:the )?effects? "
                    rf"of the card that (?:special )?summoned (?:it|them)$|^(?:do|does) (?:{tokens}(?:'s| 's)?) effects? belong to "
                    rf"the card that (?:special )?summoned (?:it|them)$"),
         lambda m, c: _fact("token", "token", "effects_of_summoner", "are a Token's effects the effects of the card that "
                                                                     "Special Summoned it")),
        ("can a Token be Special Summoned by another effect",
         re.compile(rf"^can (?:{tokens}) be special summoned by (?:another|a different|an other|other) (?:card's |card )?"
                    rf"effects?$"),
         lambda m, c: _fact("token", "token", "special_summon_other_effect", "may a Token be Special Summoned by "
                                                                             "another effect than the one that made it")),
        *emz_and_field_shapes(),
        ("a Token leaving the field: to the GY or not", re.compile(token_leave),
         lambda m, c: None if not _is_term(c, m["term"], _MATERIALS) else
         _fact("token", "token", "leaves_to_gy", "does a Monster Token that leaves the field go to the GY")),
    ]


def _g(m: re.Match, name: str) -> str | None:
    """Group ``name`` of the match, or ``name2`` when the second form matched."""
    groups = m.groupdict()
    return groups.get(name) or groups.get(f"{name}2") or groups.get(f"{name}3")


def _pendulum_pattern() -> re.Pattern:
    pend = r"(?:a pendulum monster|pendulum monsters|my pendulum monster|a pendulum card)"
    how = (r"(?P<how>destroyed|sent to the (?:graveyard|gy)|tributed|destroyed by battle|destroyed by a card effect|"
           r"discarded|sent from the hand to the (?:graveyard|gy)|sent from the deck to the (?:graveyard|gy)|milled)")
    where = (r"(?P<where>on the field|from the field|in (?:the|my) (?:main |extra )?monster zone|in (?:the|my) pendulum "
             r"zone|in (?:my|the) hand|from (?:my|the) hand|from (?:my|the) deck)")
    dest = r"(?P<dest>(?:the|my) (?:graveyard|gy)|(?:the|my) extra deck(?: face-up)?|face-up (?:in)?to (?:the|my) extra deck)"
    go = r"(?:go|be sent|get sent|sent|be added|added|goes|get added)"
    first = rf"^(?:does|do|will|is|are) {pend}(?: that is| that was)? {how}(?: {where})? {go} (?:in)?to {dest}$"
    second = rf"^(?:when|if) {pend}(?: {where})? is {how}{_SEP}(?:does|will|is) it {go} (?:in)?to {dest}$"
    third = rf"^(?:does|do|will|is|are) {pend}(?: {where})? {go} (?:in)?to {dest} (?:when|if) (?:it is|it's|its|it gets) {how}$"
    for name in ("how", "where", "dest"):
        second = second.replace(f"(?P<{name}>", f"(?P<{name}2>")
        third = third.replace(f"(?P<{name}>", f"(?P<{name}3>")
    return re.compile(f"{first}|{second}|{third}")


def _pendulum_dest(m: re.Match, cards) -> tuple[dict, str] | None:
    how, where, dest = _g(m, "how"), _g(m, "where") or "", _g(m, "dest")
    from_hand = how in ("discarded", "milled") or "hand" in how or "deck" in how or "hand" in where or "deck" in where
    on_field = "field" in where or "zone" in where or (not where and how.startswith("destroyed"))  # destroyed: on the field
    if from_hand == on_field:
        return None  # where it was sent from is not told (or told twice)
    subject = "pendulum_from_hand" if from_hand else "pendulum_from_field"
    asked = "to_extra" if "extra" in dest else "to_gy"
    said = f"does a Pendulum Monster {how}{' ' + where if where else ''} go to "
    return _fact("zone", subject, asked, said + ("the Extra Deck" if asked == "to_extra" else "the GY"))


def _equip_pattern() -> re.Pattern:
    equip = r"(?:my|an|the|a|your) equip spell(?: card)?"
    host = (rf"(?:the|a|my) monster (?:equipped with {equip}|{equip} is equipped to|that {equip} is equipped to)|the "
            rf"equipped monster")
    leaves = (r"(?:leaves|left) the field|is destroyed|is banished|is returned to the hand|is used as (?:an )?xyz material|"
              r"(?P<fd>is flipped face-down|is changed to face-down(?: defense position)?|is turned face-down)")
    asked = (rf"(?P<what>what happens to {equip})|(?P<yes>is {equip} destroyed)|(?P<stay>(?:does|will) {equip} (?:stay|remain) "
             rf"on the field)")
    return re.compile(rf"^(?:(?:if|when|once|after) )?(?:{host}) (?:{leaves}){_SEP}(?:{asked})$")


def _equip(m: re.Match, cards) -> tuple[dict, str] | None:
    asked = "what" if m["what"] else "destroyed" if m["yes"] else "stays"
    if m["fd"]:  # flipped face-down: the Equip Spell rows of kb/engine/spell_trap_facts.py
        return None if asked != "destroyed" else _fact(
            "spell_trap", "equip_spell", "host_face_down_destroyed",
            "is an Equip Spell destroyed when the monster it is equipped to is flipped face-down")
    return _fact("zone", "equip_host_leaves", asked,
                 "what happens to an Equip Spell when the monster it is equipped to leaves the field")


@lru_cache(maxsize=1)
def zone_fact_shapes() -> list:
    """The shapes of this module, as ``(name, pattern, handler)`` for :func:`kb.understand.shapes.first_reading`."""
    from .kind_facts import deck_shapes, kind_shapes

    return [*_visibility_shapes(), *_zone_shapes(), *kind_shapes(), *deck_shapes()]
