"""Rule-fact shapes about kinds of monsters and deck construction, for :mod:`kb.understand.zone_facts` (and so
:mod:`kb.understand.scenario_cost`'s reader; answered from :mod:`kb.engine.kind_facts` and
:mod:`kb.engine.deck_facts`): what a kind of monster has or is (Level, Rank, Link Rating, Special Summon
Monster, Extra Deck / Main Deck, Normal / Effect Monster, Gemini monsters, Monster Tokens, a Flip Summon as a
change of battle position, an Extra Deck monster returned to the hand), how many cards a Deck holds and how
many copies of a card.  Words are data (``zone_facts_words.toml``).
"""

from __future__ import annotations

import re

from .zone_facts import _SEP, _alt, _fact, _keys, _which

__all__ = ["deck_shapes", "kind_shapes"]


# ------------------------------------------------------------------------------------ kinds of monsters


def _kind_subject(kind_text: str, rest: str | None) -> str | None:
    kind = _which("kind", kind_text)
    if kind is None:
        return None
    rest = (rest or "").strip()
    if not rest:
        return kind
    if re.fullmatch(r"(?:with no|without(?: an?)?|that (?:has|have) no|that (?:does|do) not have(?: an?)?) effects?",
                    rest):
        return f"{kind}_no_effect" if kind in ("fusion", "synchro", "xyz", "link", "ritual") else None
    if kind == "pendulum" and re.fullmatch(
            r"(?:with no|without(?: a)?|that (?:has|have) no|that (?:does|do) not have(?: a)?) monster effects?"
            r"(?: but (?:with |that has )?(?:a )?pendulum effects?)?", rest):
        return "pendulum_no_effect"
    if kind == "gemini" and re.fullmatch(r"(?:that is |while it is |while )?(?:in (?:the|my) (?:graveyard|gy))", rest):
        return "gemini_gy"
    if kind == "gemini" and re.fullmatch(r"(?:that is |while it is |while )?(?:on the field|face-up on the field)", rest):
        return "gemini_field"
    if kind == "token" and re.fullmatch(r"on the field", rest):
        return "token"
    return None


def _kind(m: re.Match, cards) -> tuple[dict, str] | None:
    rest = m.groupdict().get("rest") or m.groupdict().get("rest2")
    subject = _kind_subject(m["kind"], rest)
    asked = _which("kind_asked", m["asked"])
    if subject is None or asked is None:
        return None
    asked = "extra_deck" if asked == "start_extra_deck" else asked
    kind = _KIND_SAID[_which("kind", m["kind"])] + (f" {rest}" if rest else "")
    return _fact("kind", subject, asked, _ASKED_SAID[asked].format(kind=kind))


_KIND_SAID = {"fusion": "a Fusion Monster", "synchro": "a Synchro Monster", "xyz": "an Xyz Monster",
              "link": "a Link Monster", "ritual": "a Ritual Monster", "pendulum": "a Pendulum Monster",
              "normal": "a Normal Monster", "effect": "an Effect Monster", "gemini": "a Gemini monster",
              "token": "a Monster Token"}
_ASKED_SAID = {"level": "does {kind} have a Level", "rank": "does {kind} have a Rank",
               "link_rating": "does {kind} have a Link Rating",
               "special_summon_monster": "is {kind} a Special Summon Monster",
               "extra_deck": "is {kind} included in the Extra Deck", "main_deck": "is {kind} included in the Main Deck", "normal_summon": "can {kind} be Normal Summoned",
               "effect_monster": "is {kind} an Effect Monster", "non_effect": "is {kind} a Non-Effect Monster",
               "normal_monster": "is {kind} treated as a Normal Monster"}


def _returned(m: re.Match) -> tuple[dict, str] | None:
    kind = _which("kind", m["kind"])
    to, dest = m["to"], m["dest"]
    if to != "extra deck" and to.replace("main ", "") != dest.replace("main ", ""):
        return None  # returned to the hand, asked of the Deck
    asked = "returned_to_extra" if to == "extra deck" else "returned_stays"
    return _fact("kind", kind, asked, f"where does {_KIND_SAID.get(kind, kind)} returned to the {dest} go")


def kind_shapes() -> list:
    """The kind-of-monster shapes, as ``(name, pattern, handler)``."""
    kind = rf"(?P<kind>{'|'.join(_alt('kind', k) for k in _keys('kind'))})"
    rest = (r"(?: (?P<rest>(?:with no|without(?: an?)?|that (?:has|have) no|that (?:does|do) not have(?: an?)?) "
            r"(?:monster )?effects?(?: but (?:with |that has )?(?:a )?pendulum effects?)?|(?:that is |while it is |while )?"
            r"(?:in (?:the|my) (?:graveyard|gy)|on the field|face-up on the field)))?")
    ask = lambda *ks: "|".join(_alt("kind_asked", k) for k in ks)  # noqa: E731
    where_after = r"(?: (?P<rest2>(?:while )?(?:in (?:the|my) (?:graveyard|gy)|on the field)))?"
    gemini_negated = (
        r"^(?:a|my|the) gemini (?:monster's|monster 's|monsters) (?:gained )?effects(?: it gained| that it gained)? "
        r"(?:are|were|get|got) negated{sep}(?P<q>can (?:i|you) normal summon it again(?: to (?:regain|gain|get back) (?:its|"
        r"the) effects)?|is it still (?:an effect monster|treated as an effect monster))$"
        r"|^is a gemini monster (?:whose|with) (?:gained )?effects(?: it gained)? (?:were |are |have been |negated)"
        r"(?:negated )?(?P<q2>still (?:an effect monster|treated as an effect monster))$"
    ).replace("{sep}", _SEP)
    return [
        ("does a kind of monster have a Level / a Rank / a Link Rating",
         re.compile(rf"^(?:does|do) {kind}{rest} (?P<asked>{ask('level', 'rank', 'link_rating')})$"), _kind),
        ("is a kind of monster a Special Summon / Normal / Effect Monster",
         re.compile(rf"^(?:is|are) {kind}{rest} (?:also |still |always )?(?P<asked>{ask('special_summon_monster', 'extra_deck', 'main_deck', 'effect_monster', 'non_effect', 'normal_monster')})"
                    rf"{where_after}$"), _kind),
        ("an Extra Deck monster returned to the hand goes to the Extra Deck",
         re.compile(rf"^(?:if|when) {kind}(?: on the field| in the (?:graveyard|gy)| that is banished| i control)? (?:is|are|would "
                    rf"be) (?:returned|bounced|sent back|added|shuffled) (?:in)?to (?:the|my|its owner's|the owner's|their "
                    rf"owner's) (?P<dest>hand|deck|main deck)(?: by (?:a card|an) effect)?{_SEP}(?:does|do|will) (?:it|they) "
                    rf"(?:go|return|be returned|be added|be sent|get sent|get added) (?:in)?to (?:the|my|its owner's|the "
                    rf"owner's|their owner's) (?P<to>extra deck|hand|deck|main deck)(?: instead)?$"),
         lambda m, c: _returned(m)),
        ("do kinds of monsters start in the Extra Deck",
         re.compile(rf"^(?:do|does) {kind}{rest} (?P<asked>{ask('start_extra_deck')})$"), _kind),
        ("can a kind of monster be Normal Summoned",
         re.compile(rf"^can {kind}{rest} (?P<asked>{ask('normal_summon')})$"), _kind),
        ("a Gemini monster's gained effects are negated",
         re.compile(gemini_negated),
         lambda m, c: _fact("kind", "gemini_negated", "normal_summon_again" if (m["q"] or "").startswith("can") else
                            "effect_monster", "a Gemini monster whose gained effects are negated: "
                            + ("can it be Normal Summoned again" if (m["q"] or "").startswith("can") else
                               "is it still an Effect Monster"))),
        ("is an equipped Union monster an Equip Spell / a monster",
         re.compile(r"^(?:is|are) (?:a|an|the) union monsters? (?:that is |that has been )?equipped to (?:a|another|my) "
                    r"monster (?:still )?(?:treated as |considered )?(?P<what>an equip spell(?: card)?|a monster card|a monster)"
                    r"$"),
         lambda m, c: _fact("kind", "union_equipped", {"a monster": "monster", "a monster card": "monster_card"}.get(
             m["what"], "equip_spell"), f"is an equipped Union monster {m['what']}")),
        ("a Link Monster is affected by an ATK and DEF modification: which part applies",
         re.compile(r"^(?:if|when) (?:a|my|the) link monster is affected by (?:an effect|a card|an effect that (?:modifies|"
                    r"changes|raises|increases|lowers|decreases|boosts) (?:both )?(?:its )?atk and def)(?: (?:that|which) "
                    r"(?:modifies|changes|raises|increases|lowers|decreases|boosts) (?:both )?(?:its )?atk and def)?"
                    rf"{_SEP}(?:is|does) (?:the|its) (?P<stat>atk|def) (?:change|modification|increase|decrease|part|boost|"
                    r"gain|loss)? ?(?:applied|apply|change)$"),
         lambda m, c: None if "atk and def" not in m.group(0) else _fact(
             "kind", "link", "def_modification" if m["stat"] == "def" else "atk_modification_with_def",
             f"is the {m['stat'].upper()} part of an ATK/DEF modification applied to a Link Monster")),
        ("can a Link Monster's battle position be changed",
         re.compile(r"^can (?:a|my|the) link monster(?:'s| 's)? (?:battle )?position be changed(?: to defense position| by "
                    r"(?:an|a card) effect)?$|^can (?:a|my|the) link monster have its (?:battle )?position changed(?: to "
                    r"defense position| by (?:an|a card) effect)?$|^can (?:i|you) change (?:the )?(?:battle )?position of "
                    r"(?:a|my) link monster$"),
         lambda m, c: _fact("kind", "link", "position_change", "can a Link Monster's battle position be changed")),
        ("Flip Summon and changing the battle position",
         re.compile(r"^(?:does|do) (?:a )?flip summons? count as (?:a |an )?(?:changing|change of|changes? (?:of|in)|"
                    r"manually changing) (?:the |a monster's |its |a )?(?:battle )?position(?: of (?:a|the) monster)?$"
                    r"|^is (?:a )?flip summon(?:ing)? (?:considered|treated as|counted as) (?:a )?(?:change of (?:battle )?"
                    r"position|changing (?:the|a monster's|its) (?:battle )?position)(?: of (?:a|the) monster)?$"),
         lambda m, c: _fact("kind", "flip_summon", "position_change",
                            "is a Flip Summon a change of the monster's battle position")),
    ]


# ------------------------------------------------------------------------------------ deck construction

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _count(word: str) -> int:
    return _NUMBERS[word] if word in _NUMBERS else int(word)


def deck_shapes() -> list:
    """The deck-construction shapes, as ``(name, pattern, handler)``."""
    deck = r"(?:my|a|the|your) (?P<deck>main|extra|side)(?:-| )?deck"
    n = r"(?P<n>\d+|one|two|three|four|five)"
    return [
        ("can my Main Deck have N cards",
         re.compile(rf"^can {deck} (?:have|hold|contain|include|be) (?:only |exactly )?{n} cards(?: in it)?$"
                    rf"|^can (?:i|you) (?:use|play|build) (?:a|an) (?P<n2>\d+)(?:-| )card (?P<deck2>main|extra|side)(?:-| )deck$"),
         lambda m, c: ({"topic": "deck", "deck": m["deck"] or m["deck2"], "cards": _count(m["n"] or m["n2"])},
                       f"can a {(m['deck'] or m['deck2']).capitalize()} Deck hold {m['n'] or m['n2']} cards")),
        ("can I have N copies of the same card",
         re.compile(rf"^can (?:i|you|a player) (?:have|use|include|run|play|put) {n} copies of (?:the same card|a card|one card|"
                    rf"a single card)(?: in (?:my|your|their|a) (?:main )?deck)?$"),
         lambda m, c: ({"topic": "deck", "copies": _count(m["n"])}, f"can a player use {m['n']} copies of one card")),
    ]
