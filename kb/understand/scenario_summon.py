"""Summon and zone questions in words: rule facts and simulator scenarios.

:func:`read_summon_fact` reads one-sentence questions about a rule of Summons or zones onto
``{"ask": "rule_fact", "topic", "subject", "asked"}`` (facts in :mod:`kb.engine.sim.summon_rules` and
:mod:`kb.engine.rule_facts`): which monsters can be materials ("can a Link Monster be used as Xyz
Material?"), which Summons count as which ("is a Normal Set monster considered Summoned?"), which zones are
part of which (an effect that destroys "all cards in the Spell & Trap Zones" and the Pendulum Zones), how
many Tributes a Level needs.  The words are data (``scenario_summon_words.toml``); a sentence that no
shape reads whole gives nothing, so that nothing the question says is left out.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .shapes import first_reading
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_summon_fact", "render", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("scenario_summon_words.toml")


def _words() -> dict:
    return word_file(WORDS_FILE)


def alt(*path: str) -> str:
    """A regex alternation of the phrases at ``path`` of the word file (longest first)."""
    return phrase_alternation(_words(), *path)


def _key_of(section: str, words: str) -> str | None:
    """The key of ``section`` whose phrases include ``words``."""
    for key, phrases in _words()[section].items():
        if isinstance(phrases, list) and words in phrases:
            return key
    return None


def render(skeleton: Skeleton) -> tuple[str, list[int]] | None:
    """The question as one line of lower-case words: named cards as ``e<N>`` (card names that are game
    terms, "Synchro Material", as their words), kinds of card as their words; None when a mention is a
    family of names (which card is not said)."""
    terms = set(_words()["terms"]["cards"])
    words, ents = [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is None:
            if piece.text not in (",", ":", "(", ")", "?", "!"):
                words.append(piece.text.lower())
            continue
        entity = skeleton.entities[piece.entity]
        text = re.sub(r"[\"“”']", "", entity.text.lower()).strip()
        if entity.kind == "class":
            words.append(text)
        elif entity.kind == "card" and (text in terms or text.removesuffix("s") in terms):
            words.append(text)
        elif entity.kind == "card":
            words.append(f"e{piece.entity}")
            ents.append(piece.entity)
        else:
            return None
    line = " ".join(words)
    line = re.sub(r" ?[\"“”] ?", ' " ', line)
    return " ".join(line.replace(" 's", "'s").split()), ents


# ---------------------------------------------------------------------------------------- shapes


def _fact(topic: str, subject: str, asked: str, understood: str) -> tuple[dict, str]:
    return {"ask": "rule_fact", "topic": topic, "subject": subject, "asked": asked}, understood


def _material(m: re.Match, _card_of):
    subject = _key_of("materials", m["m"])
    kind = m["k"] or m["k3"]
    if m["k2"] and m["k2"] != kind:
        return None  # "as Xyz Material for a Synchro Summon"
    if subject == "token":  # Monster Tokens as materials: rule_facts.py's rows
        return _fact("token", "token", f"{kind}_material",
                     f"can a Monster Token be used as {kind.title()} Material")
    words = m["m"].replace("monsters", "monster")
    article = "an" if words[:1] in "aeiou" or words.startswith("xyz") else "a"
    return _fact("material", subject, f"{kind}_material", f"can {article} {words} be used as {kind.title()} Material")


_KIND_WORDS = {key: key.replace("_", " ").title() for key in (
    "normal_summon", "tribute_summon", "flip_summon", "special_summon", "fusion_summon", "synchro_summon",
    "xyz_summon", "link_summon", "pendulum_summon", "ritual_summon")}


def _counts_as(m: re.Match, _card_of):
    what, asked = _key_of("summon_kinds", m["a"]), _key_of("summon_kinds", m["b"])
    if what is None or asked is None or what == asked:
        return None
    return _fact("summon_kind", what, asked, f"is a {_KIND_WORDS[what]} a {_KIND_WORDS[asked]}")


def _set_summoned(m: re.Match, _card_of):
    return _fact("summon_kind", "normal_set", "summoned", "is a monster Normal Set considered Summoned")


def _without_tributes(m: re.Match, card_of):
    card = card_of(int(m["c"][1:])) if m["c"] else None
    if m["c"] and (card is None or not card.is_monster):
        return None
    who = card.name if card is not None else "a monster"
    return _fact("summon_kind", "normal_summon_without_tribute", "tribute_summon",
                 f"is {who} Normal Summoned without Tributing a Tribute Summon")


def _zone_part(m: re.Match, _card_of):
    part, whole = _key_of("zones", m["z2"]), _key_of("zones", m["z1"])
    if part is None or whole is None or part == whole:
        return None
    return _fact("zone", part, whole, f"are cards in the {m['z2']} cards in the {m['z1']}")


def _effect_over_zone(m: re.Match, card_of):
    """Whether an effect of X quoted as reaching one zone (e.g. "all Spells and Traps on the field") reaches
    another (the Pendulum Zones): the quoted words must be the card's own; the answer is whether the one
    zone is part of the other."""
    card = card_of(int(m["c"][1:]))
    quoted = m["q"].strip()
    if card is None or quoted not in re.sub(r"\s+", " ", card.text.lower().replace("spell/trap", "spell & trap")):
        return None
    if m["v2"] != m["v1"]:
        return None  # the effect does one thing, the question asks another
    return _zone_part(m, card_of)


def _xyz_material_field(m: re.Match, _card_of):
    if m["detach"]:
        return _fact("zone", "detach", "leaves_field", "is detaching an Xyz Material leaving the field")
    return _fact("zone", "xyz_material", "on_field", "is an Xyz Material a card on the field")


def _tributes(m: re.Match, card_of):
    if m["c"]:
        card = card_of(int(m["c"][1:]))
        if card is None or not card.is_monster or card.tributes_needed() is None:
            return None  # a Tribute rule of its own (or no Level) decides it
        level, who = card.level, card.name
    else:
        level, who = int(m["lv"]), f"a Level {m['lv']} monster"
    tribute_summon = re.search(r"\btribute (?:summon|set)", m.match.string)
    if not 1 <= level <= 12 or tribute_summon and level < 5:
        return None  # no such Level; a Level 4 or lower monster is not Tribute Summoned
    return _fact("tributes", f"level_{level}", "count", f"how many Tributes does {who} need")


def _position(m: re.Match, card_of):
    """Normal / Tribute / Flip Summon in face-up Defense Position (a card may say otherwise: named cards whose
    text speaks of face-up Defense Position give no reading)."""
    if m["c"]:
        card = card_of(int(m["c"][1:]))
        if card is None or not card.is_monster or re.search(r"defen[cs]e position", card.text, re.I):
            return None
    how = m["how"].split()[0]
    subject = "flip_summon" if how == "flip" else "normal_summon"
    return _fact("position", subject, "face_up_defense",
                 f"can a monster be {how.title()} Summoned in face-up Defense Position")


def _substitute(m: re.Match, card_of):
    """A Fusion substitute monster (its text says so) for a Fusion Monster whose text allows only the listed
    materials; any other Fusion Monster gives no reading (its materials would decide)."""
    sub, fusion = card_of(int(m["s"][1:])), card_of(int(m["f"][1:]))
    if sub is None or fusion is None or "Fusion" not in fusion.abilities:
        return None
    if not re.search(r"substitute for any 1 Fusion Material", sub.text, re.I):
        return None
    if not re.search(r"can only be done with the above Fusion Materials?", fusion.text, re.I):
        return None
    return _fact("fusion_substitute", "only_listed_materials", "usable",
                 f"can the Fusion substitute {sub.name} be used to Fusion Summon {fusion.name} (whose Fusion Summon "
                 f"can only be done with the listed materials)")


_RITUAL_TOTAL = re.compile(r"whose total Levels (?:exactly )?equal (?P<n>\d+)(?P<more> or more)?", re.I)


def _ritual(m: re.Match, card_of):
    """Tributes by Level for a Ritual Spell whose text gives a fixed total ("equal 9 or more", "equal 8")."""
    card = card_of(int(m["c"][1:]))
    found = _RITUAL_TOTAL.search(card.text) if card is not None and card.property == "Ritual" else None
    if found is None:
        return None
    total, more = int(found["n"]), bool(found["more"])
    if m["said"] and (int(m["said"]) != total or bool(m["saidmore"]) != more):
        return None  # the total said is not the card's
    levels = [int(x) for x in re.findall(r"level (\d+)", m["tributes"])]
    if not levels or any(not 1 <= lv <= 12 for lv in levels) or len(levels) != m["tributes"].count("level"):
        return None
    got = sum(levels)
    if got < total:
        case = "levels_below_total"
    elif not more and got != total:
        case = "levels_not_exact"
    elif more and any(got - lv >= total for lv in levels):
        case = "more_than_needed"
    else:
        case = "levels_reach_total"
    said = " + ".join(f"Level {lv}" for lv in levels)
    return _fact("ritual_tributes", case, "allowed",
                 f"can {said} be Tributed for {card.name} (total Levels {total}{' or more' if more else ''})")


def _zone_count(m) -> tuple[dict, str] | None:
    words = m["z"]
    if not words:
        return None
    key = ("spell_trap_zone" if words.startswith("spell") else "main_monster_zone" if words.startswith("main")
           else "extra_monster_zone" if words.startswith("extra") else "field_zone")
    said = {"spell_trap_zone": "cards can a player have in the Spell & Trap Zones",
            "main_monster_zone": "monsters can a player have in the Main Monster Zones",
            "extra_monster_zone": "Extra Monster Zones can a player use", "field_zone": "Field Spells can a player "
            "control"}[key]
    return _fact("zone_count", key, "count", f"how many {said}")


def _zone_chooser(m: re.Match, card_of):
    """Who chooses the zone when a card has the opponent Special Summon (its text must say so)."""
    card = card_of(int(m["c"][1:]))
    if card is None or not re.search(r"your opponent (?:can |must |then )?Special Summons?", card.text):
        return None
    return _fact("zone_choice", "opponent_performs_summon", "chooser",
                 f"who chooses the Main Monster Zone when {card.name} has the opponent Special Summon")


def _gemini(m: re.Match, card_of):
    """A Gemini Monster Normal Summoned a second time: Tributes needed / the turn's Normal Summon used."""
    if m["c"]:
        card = card_of(int(m["c"][1:]))
        if card is None or "Gemini" not in card.abilities:
            return None
    asked = "uses_normal_summon" if m["uses"] else "tributes_needed"
    said = ("does Normal Summoning a Gemini Monster a second time use the Normal Summon" if m["uses"] else
            "does Normal Summoning a Gemini Monster a second time need Tributes")
    return _fact("gemini", "second_summon", asked, said)


@lru_cache(maxsize=1)
def _shapes() -> list:
    mat = "(?:" + "|".join(alt("materials", k)[3:-1] for k in ("link_monster", "xyz_monster", "token",
                                                                  "trap_monster", "face_down")) + ")"
    kinds = alt("materials", "for")
    art = r"(?:a |an |the )?"
    aside = r"(?: (?:like|such as) (?:those|the ones|one|the one) (?:from|of|created by|made by) e\d+)?"
    mine = r"(?: (?:that )?(?:i|you|my opponent) controls?)?"
    material = (rf"(?:{art}(?P<k>{kinds}) materials?(?: for {art}(?P<k2>{kinds}) summon)?|"
                rf"(?:(?:a )?materials? )?(?:for|in) {art}(?P<k3>{kinds}) summons?)")
    summon_kinds = "|".join(alt("summon_kinds", k)[3:-1] for k in _words()["summon_kinds"])
    verbs = alt("counts_as", "verbs")
    zones = "|".join(alt("zones", k)[3:-1] for k in _words()["zones"])
    effect_verbs = r"destroy|banish|return|send|negate|shuffle"
    return [
        (
            "a kind of monster be used as material for a kind of Summon",
            re.compile(
                rf"^(?:can|could|may) {art}(?P<m>{mat}){aside}{mine} (?:be used as|be used|be|become|serve as) {material}$"
            ),
            _material,
        ),
        (
            "use a kind of monster as material for a kind of Summon",
            re.compile(rf"^(?:can|could|may) (?:i|you) (?:use|treat) {art}(?P<m>{mat}){aside}{mine} (?:as )?{material}$"),
            _material,
        ),
        (
            "is a Tribute Summon a Normal Summon",
            re.compile(
                rf"^(?:is|are) {art}(?P<a>{summon_kinds})s? (?:(?:also |still )?{verbs} )?(?:an? |the )?"
                rf"(?P<b>{summon_kinds})s?$|"
                rf"^(?:does|do) {art}(?P<a2>{summon_kinds})s? (?:also |still )?count as (?:an? )?(?P<b2>{summon_kinds})$"
            ),
            lambda m, c: _counts_as(_Pick(m, {"a": "a2", "b": "b2"}), c),
        ),
        (
            "a monster Normal Set: considered Summoned or not",
            re.compile(
                rf"^(?:is|are) (?:a |an |the )?(?:monsters? (?:that (?:was|were|is|are|has been|have been) )?"
                rf"(?:normal )?set(?: face-down)?|(?:normal )?set monsters?|(?:a )?face-down monsters? "
                rf"(?:that was |that has been )?(?:normal )?set) (?:{verbs} |counted )?"
                rf"(?:to have been |as having been |having been |as |to be )?summoned$|"
                rf"^does (?:normal )?setting a monster count as (?:a )?summon(?:ing it)?$|"
                rf"^does (?:a )?(?:monster (?:that|which) (?:was|is|has been) (?:normal )?set|(?:normal )?set monster) "
                rf"count as (?:being |having been )?summoned$|"
                rf"^is (?:a )?normal set (?:considered |treated as )?(?:a summon|summoning)$"
            ),
            _set_summoned,
        ),
        (
            "a monster Normal Summoned with no Tribute: a Tribute Summon or not",
            re.compile(
                rf"^(?:if|when) (?:(?P<c>e\d+)|a (?:level \d+ (?:or higher )?)?monster) is normal summoned "
                rf"without (?:tributing|tributes|a tribute|any tributes)(?: by its own effect)? "
                rf"(?:is (?:that|it|this) (?:{verbs} )?|does (?:that|it|this) count as )(?:a )?tribute summon$"
            ),
            _without_tributes,
        ),
        (
            "are cards in the Pendulum Zones in the Spell & Trap Zones",
            re.compile(
                rf"^(?:is|are) (?:the |a |cards in the |a card in the |a card in your |cards in your )?"
                rf"(?P<z2>{zones}) (?:(?:also )?{verbs} )?(?:part of |one of |a card in |cards in |an? )?(?:the |your )?"
                rf"(?P<z1>{zones})$|"
                rf"^do(?:es)? (?:a card|cards) in (?:the |your |my )?(?P<z2b>{zones}) count as (?:a card|cards) in "
                rf"(?:the |your |my )?(?P<z1b>{zones})$"
            ),
            lambda m, c: _zone_part(_Pick(m, {"z1": "z1b", "z2": "z2b"}), c),
        ),
        (
            "an effect quoted by its zone words, asked about the cards of another zone",
            re.compile(
                rf"^(?:can|does|will|would) (?P<c>e\d+) (?:effect )?(?:that says )?\" (?P<q>(?P<v1>{effect_verbs}) "
                rf"all cards in (?:the |your |your opponent's |each player's )?(?P<z1>{zones})) \" (?:also )?"
                rf"(?:effect )?(?P<v2>{effect_verbs}) (?:the )?cards? in (?:the |my |your |a |my opponent's )?"
                rf"(?P<z2>{zones})$"
            ),
            _effect_over_zone,
        ),
        (
            "a monster in an Extra Monster Zone changing control: where it goes",
            re.compile(
                r"^(?:if|when) (?:control of (?:a|my|the|an opponent's|my opponent's) monster in (?:the|an|my) "
                r"extra monster zone (?:switches|changes|is switched|is changed|passes)(?: to (?:my opponent|the other "
                r"player|me|the opponent))?|(?:my opponent|i) (?:takes?|gains?) control of (?:a|my|the|my "
                r"opponent's) monster in (?:the|an|my|their) extra monster zone) "
                r"(?:(?P<where>where (?:is it|will it be|does it get) placed|where does it go)|"
                r"(?P<stays>(?:does|will) it stay in (?:the|an) extra monster zone))$"
            ),
            lambda m, c: _fact("zone", "control_switch_from_emz", "where" if m["where"] else "stays_in_emz",
                               "where is a monster in an Extra Monster Zone placed when its control switches"
                               if m["where"] else "does a monster in an Extra Monster Zone stay there when its "
                               "control switches"),
        ),
        (
            "the number of cards a kind of zone holds",
            re.compile(
                r"^how many (?:cards|spells? (?:and|or|&) traps?|spell (?:and|or|&) trap cards|monsters|field spells?)"
                r" can (?:i|a player|each player|you) (?:have|place|control|put)(?: at (?:the same|one) time| at once)? "
                r"in (?:my|their|your|his or her|the) (?P<z>spell & trap zones?|spell/trap zones?|main monster zones?|"
                r"field zones?)$|"
                r"^how many (?P<z2>spell & trap zones|spell/trap zones|main monster zones|extra monster zones) "
                r"(?:does|can) (?:each player|a player|one player|a player|i) (?:have|use)(?: at (?:once|a time))?$|"
                r"^how many (?P<z3>field spells) can (?:each player|a player|i|you) control(?: at (?:once|a time))?$"
            ),
            lambda m, c: _zone_count(_Pick(m, {"z": "z2"})) or _zone_count(_Pick(m, {"z": "z3"})),
        ),
        (
            "a card that has the opponent Special Summon: who chooses the zone",
            re.compile(
                r"^(?:when|if) i activate (?P<c>e\d+)(?: effect)?(?: which| that)? (?:lets|allows|has) my opponent "
                r"(?:to )?special summon(?: a monster)? who (?:chooses|decides|picks) the (?:main monster )?zone "
                r"(?:for|of|where) (?:my opponent'?s|their|the|that) monster(?: (?:goes|is placed|is special "
                r"summoned))?$"
            ),
            _zone_chooser,
        ),
        (
            "Xyz Materials: on the field or not, detaching them leaving it or not",
            re.compile(
                r"^(?:does|is) (?P<detach>detaching) (?:an |a |the )?xyz materials? (?:count as|considered|"
                r"treated as) (?:that card |the card |it |that monster )?leaving the field$|"
                r"^does (?:an |a |the )?xyz materials? leave the field when (?:it is |they are )?(?P<detach2>detached)$|"
                r"^(?:is|are) (?:an |a |the )?xyz materials? (?:considered |treated as )?(?:to be )?(?:a card |cards )?"
                r"on the field$"
            ),
            lambda m, c: _xyz_material_field(_Pick(m, {"detach": "detach2"}), c),
        ),
        (
            "a Gemini Monster Normal Summoned again: its Tributes and the turn's Normal Summon",
            re.compile(
                r"^(?:do i (?:need|have) to|must i) tribute (?:a monster|any monsters?|monsters) (?:to|in order to) "
                r"normal summon (?:my |a |the )?(?:face-up )?(?:level \d+ )?(?:gemini monster|(?P<c>e\d+)) "
                r"(?:a second time|again)$|"
                r"^does normal summoning (?:my |a |the )?(?:face-up )?(?:level \d+ )?(?:gemini monster|(?P<c2>e\d+)) "
                r"(?:a second time|again) (?:(?P<uses>count as|use) (?:my|the|a) normal summon(?: for the turn| of "
                r"the turn| this turn)?|require (?:any )?tributes|need (?:any )?tributes)$"
            ),
            lambda m, c: _gemini(_Pick(m, {"c": "c2"}), c),
        ),
        (
            "Normal, Tribute or Flip Summon into face-up Defense Position",
            re.compile(
                r"^can (?:i|you|a player) (?P<how>normal summon|tribute summon|flip summon) (?:a monster|a level \d+ "
                r"monster|it|(?P<c>e\d+)) (?:in|into|to) face-up defen[cs]e position$|"
                r"^can (?:a monster|(?P<c2>e\d+)) be (?P<how2>normal summoned|tribute summoned|flip summoned) "
                r"(?:in|into) face-up defen[cs]e position$"
            ),
            lambda m, c: _position(_Pick(m, {"how": "how2", "c": "c2"}), c),
        ),
        (
            "a Fusion substitute monster for a Fusion Monster that allows only its listed materials",
            re.compile(
                r"^can (?:i use )?(?P<s>e\d+) (?:be used )?(?:as (?:a )?substitute (?:fusion )?materials?|"
                r"substitute for (?:a |any |one |1 )?(?:of (?:the |its )?)?fusion materials?|as (?:a )?fusion "
                r"substitute|be (?:a )?substitute) (?:when fusion summoning|to fusion summon|for (?:the fusion summon "
                r"of )?|in the fusion summon of) (?P<f>e\d+)$"
            ),
            _substitute,
        ),
        (
            "Ritual Tributes by Level against a Ritual Spell's stated total",
            re.compile(
                r"^(?:when|while) (?:resolving|i resolve|i activate|activating|using) (?P<c>e\d+)"
                r"(?: (?:total levels|levels totaling|total level) (?P<said>\d+)(?P<saidmore> or more)?)? "
                r"can i tribute (?P<tributes>(?:(?:a|one) level \d+(?: monster)?)(?:(?: and|,)? (?:a|one) level \d+"
                r"(?: monster)?)*)(?: monsters?)?(?: for it| for its ritual summon)?$|"
                r"^can i tribute (?P<tributes2>(?:(?:a|one) level \d+(?: monster)?)(?:(?: and|,)? (?:a|one) level "
                r"\d+(?: monster)?)*)(?: monsters?)? (?:for|with|to resolve) (?P<c2>e\d+)$"
            ),
            lambda m, c: _ritual(_Pick(m, {"c": "c2", "tributes": "tributes2"}), c),
        ),
        (
            "the number of Tributes a Level needs",
            re.compile(
                rf"^how many (?:tributes|monsters) (?:{alt('tributes', 'need')} |(?:must i|do i (?:need|have) to) "
                rf"tribute )?(?:to tribute )?"
                rf"(?:to |in order to |for )?(?:(?P<how>{alt('tributes', 'summon')}) )?(?:a |one )?"
                rf"(?:level (?P<lv>\d+) monster|(?P<c>e\d+))$|"
                rf"^how many (?:tributes|monsters to tribute) (?:does|do) (?:a |one )?"
                rf"(?:level (?P<lv2>\d+) monster|(?P<c2>e\d+)) (?:need|require|take)"
                rf"(?: to be (?P<how2>tribute summoned|normal summoned|summoned|set))?$"
            ),
            lambda m, c: _tributes(_Pick(m, {"lv": "lv2", "c": "c2", "how": "how2"}), c),
        ),
    ]


class _Pick:
    """A match read through the first of several alternative group names that matched."""

    def __init__(self, match: re.Match, others: dict) -> None:
        self.match, self.others = match, others

    def __getitem__(self, key):
        value = self.match.groupdict().get(key)
        if value is None and key in self.others:
            value = self.match.groupdict().get(self.others[key])
        return value


def read_summon_fact(skeleton: Skeleton, card_of) -> Frame | None:
    """A rule-fact question about Summons or zones, as a frame; None when no shape reads the whole
    question.  ``card_of(entity index)`` gives the simulator's card of a named card, or None."""
    rendered = render(skeleton)
    if rendered is None:
        return None
    text, entities = rendered
    text = text.rstrip(" .")
    if "." in text.replace("e.g.", ""):
        from .scenario_summon_ritual import read_ritual_total  # a Ritual Spell's total told, then Tributes

        got = read_ritual_total(text) if not entities else None
        if got is None:
            return None  # one sentence only: a story before the question is the scenarios' to read
        skeleton.use(skeleton.live())
        return Frame(got[0], got[1][0].upper() + got[1][1:] + "?", used_entities=set(), uses_story=True)
    from .scenario_summon_facts import fact_shapes  # rule facts of kinds of monsters (scenario_summon_facts.py)
    from .scenario_summon_places import place_shapes  # where a Fusion card takes materials (scenario_summon_places.py)

    got = first_reading([*_shapes(), *fact_shapes(), *place_shapes()], text, card_of)
    if got is None:
        return None
    question, understood = got
    skeleton.use(skeleton.live())
    return Frame(question, understood[0].upper() + understood[1:] + "?", used_entities=set(entities),
                 uses_story=True)
