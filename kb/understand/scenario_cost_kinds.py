"""More rule-fact shapes for :mod:`kb.understand.scenario_cost`: Trap Cards that become monsters, "you win
the Duel" text, a targeting card with nothing to target, "each player ..." (turn player first), a banished card
moved to the GY, a monster that gains an effect, a trigger of some wording moved as a cost, whose cards pay a
cost and when, and "I Set a <kind of Spell/Trap> this turn. Can I activate it this same turn?".  Read whole or
not at all; answered by :mod:`kb.engine.rule_facts` / :mod:`kb.engine.card_facts` (or today's engine).
"""

from __future__ import annotations

import re

from .frame import Frame
from .scenario_cost import _CARD, _GY, _Either, _ent, _miss_timing, alt
from .skeleton import Skeleton

__all__ = ["_card_type_shapes", "_more_cost_shapes", "_set_story"]


def _card_fact(topic: str, said: str, **extra):
    def handler(m: re.Match, cards) -> tuple[dict, str] | None:
        card = cards(_ent(m["c"]))
        if card is None:
            return None
        return {"topic": topic, "card": card.name, **extra}, said.format(card=card.name)
    return handler


def _draw_gain_fact(m: re.Match, cards) -> tuple[dict, str] | None:
    applying, drawer = cards(_ent(m["c"])), cards(_ent(m["d"]))
    if applying is None or drawer is None or applying.name == drawer.name:
        return None
    count = int(m["n"]) if m["n"].isdigit() else {"two": 2, "three": 3}[m["n"]]
    return ({"topic": "draw_gain", "card": applying.name, "by": drawer.name, "count": count},
            f"how much LP does {applying.name} gain when {drawer.name} draws {count} cards")


def _gains_effect_fact(m: re.Match, cards) -> tuple[dict, str] | None:
    monster, giver = cards(_ent(m["x"])), cards(_ent(m["y"]))
    if monster is None or giver is None or monster.name == giver.name:
        return None
    if m["m1"]:  # the effect comes from one of the materials named
        materials = {getattr(cards(_ent(m[g])), "name", None) for g in ("m1", "m2")}
        if giver.name not in materials or None in materials:
            return None
    return ({"topic": "gains_effect", "card": monster.name, "from": giver.name},
            f"is {monster.name}, gaining an effect from {giver.name}, an Effect Monster")


def _target_none_fact(m: re.Match, cards) -> tuple[dict, str] | None:
    card = cards(_ent(m["c"]))
    if card is None:
        return None
    where = (m["where"] or "on the field").replace("graveyard", "gy")
    return ({"topic": "target_none", "card": card.name, "none": m["none"], "where": where},
            f"can {card.name} be activated when there are no {m['none']} {where} (to target)")


def _card_type_shapes() -> list:
    gy = _GY
    as_monster = r"(?:a monster|a monster card|treated as a monster(?: card)?|on the field as a monster)"
    spell_trap = r"(?:spell/trap cards|spells/traps|spell and trap cards|spell or trap cards|spell/traps|traps)"
    none_kind = r"(?P<none>face-up monsters|face-down monsters|monsters|cards|spell/trap cards|spells/traps)"
    none_where = rf"(?P<where>on the field|in either {gy}|in my {gy})"
    verb = r"(?:targets|chooses|selects|discards|sends|banishes|special summons|adds|tributes)"
    return [
        ("a Trap Monster and effects that destroy Spells/Traps",
         re.compile(rf"^can (?P<c>{_CARD})(?: while it is {as_monster})? be destroyed by (?:an effect|effects|a card|"
                    rf"cards|a card effect) that destroys? {spell_trap}(?: while it is {as_monster})?$"),
         lambda m, c: None if "while it is" not in m.group(0) else _card_fact(
             "trap_monster", "is {card} (as a monster) destroyed by an effect that destroys Spells/Traps",
             asked="destroyed_by_spell_trap_effect")(m, c)),
        ("after a Trap becomes a monster, is it an Effect Monster",
         re.compile(rf"^(?:after|when|once) (?P<c>{_CARD}) becomes {as_monster}(?: \.)? is it (?:treated as )?an "
                    rf"effect monster$|^is (?P<c2>{_CARD}) (?:treated as )?an effect monster (?:after|when|once|while) "
                    rf"it (?:becomes|is) {as_monster}$"),
         lambda m, c: _card_fact("trap_monster", "is {card} an Effect Monster once it is a monster",
                                 asked="effect_monster")(_Either(m), c)),
        ("a card's winning condition: an effect or not",
         re.compile(rf"^is (?:the )?you win the (?:duel|match) (?:text |condition |part )?(?:of|on) (?P<c>{_CARD}) "
                    rf"(?:a card effect|an effect|considered an effect|treated as an effect|an effect of the card)$"),
         _card_fact("win_text", "is the text of {card} that wins the Duel an effect")),
        ("can I activate X when there is nothing to target",
         re.compile(rf"^can (?:i|you) activate (?P<c>{_CARD})(?: effect)? (?:when|if|while) (?:there (?:are|is) no "
                    rf"{none_kind} {none_where}|no {none_kind.replace('<none>', '<none2>')} (?:are|is) "
                    rf"{none_where.replace('<where>', '<where2>')})(?: for it)?(?: to target)?$"),
         lambda m, c: _target_none_fact(_Either(m), c)),
        ("an effect says each player ...: who does it first",
         re.compile(rf"^(?:an? |the )?(?:effect|card|card effect) says each player {verb} (?:1|one|a|an) "
                    rf"(?:monster|card)s?(?: they control| from their hand| on the field| in their {gy})?(?: \.)? who "
                    rf"(?:makes their selection|makes the selection|selects|chooses|targets|resolves it|resolves the "
                    rf"effect|goes|does it|acts|picks) first$"),
         lambda m, c: ({"topic": "simultaneous", "subject": "each_player", "asked": "first"},
                       "when each player does something at the same time, who does it first")),
        ("with X applying, I draw N cards with Y: how much LP do I gain",
         re.compile(rf"^(?:with|while) (?P<c>{_CARD}) (?:is )?(?:applying|being applied|face-up|active|on the field)"
                    rf"(?: \.)? i draw (?P<n>\d+|two|three) cards (?:with|by|from|using|by activating) (?P<d>{_CARD})"
                    rf"(?: effect)?(?: \.)? how (?:much|many) (?:lp|life points) do i gain$"),
         _draw_gain_fact),
        ("X (Summoned using Y and Z) gains an effect from Y: is it an Effect Monster",
         re.compile(rf"^(?P<x>{_CARD})(?: is (?:xyz|synchro|fusion|link) summoned (?:using|with) (?P<m1>{_CARD}) and "
                    rf"(?P<m2>{_CARD}) and)? gains an effect (?:from|by the effect of|because of) (?P<y>{_CARD})"
                    rf"(?: effect)?(?: \.)? is it (?:treated as |considered |counted as )?an effect monster$"),
         _gains_effect_fact),
        ("if a Normal Monster gains an effect, is it an Effect Monster",
         re.compile(r"^(?:if|when) (?:a normal monster|a monster that is not an effect monster|a monster without "
                    r"effects|a non-effect monster) gains an effect (?:from|by the effect of) (?:another card|a card|"
                    r"another card's effect|a card effect)(?: \.)? is it (?:treated as |considered |counted as )?an "
                    r"effect monster$"),
         lambda m, c: ({"topic": "kind", "subject": "non_effect_gains_effect", "asked": "effect_monster"},
                       "is a monster that is not an Effect Monster and gains an effect an Effect Monster")),
        ("a banished card moved to the GY: is it sent there / does its effect activate",
         re.compile(rf"^(?:a|my|the) banished (?:monster|card) with an? (?:when|if) this card is sent to the {gy} "
                    rf"effect is (?:moved|returned|put|placed) (?:to|into|in) the {gy}(?: \.)? does (?:the|its|that) "
                    rf"effect activate$"),
         lambda m, c: ({"topic": "moved", "subject": "banished_to_gy", "asked": "sent_trigger"},
                       "does the \"sent to the GY\" effect of a banished card moved to the GY activate")),
        ("is a banished card moved to the GY sent to the GY",
         re.compile(rf"^(?:is|does) (?:a|my|the) banished (?:monster|card) (?:that is )?(?:moved|returned|put) (?:to|"
                    rf"into) the {gy} (?:considered|treated as|count as|considered as) (?:being )?sent to the {gy}$|"
                    rf"^(?:when|if) a banished (?:monster|card) is (?:moved|returned|put) (?:to|into) the {gy}(?: \.)? "
                    rf"is it (?:considered|treated as) (?:being )?sent to the {gy}$"),
         lambda m, c: ({"topic": "moved", "subject": "banished_to_gy", "asked": "sent_to_gy"},
                       "is a banished card moved to the GY sent to the GY")),
    ]


_EVENT_MET = {"sent to the gy": ("send", "discard", "tribute"), "sent to the graveyard": ("send", "discard", "tribute"),
              "discarded": ("discard",), "tributed": ("tribute",), "banished": ("banish",)}


def _miss_timing_cost(m: re.Match, cards) -> tuple[dict, str] | None:
    """A card with a trigger of some wording moved as a cost: can its effect be activated / does it miss?"""
    words = m["words"]
    event = re.search(r"this card is (sent to the (?:gy|graveyard)|discarded|tributed|banished)", words)
    act = {"sent": "send", "disc": "discard", "trib": "tribute", "bani": "banish"}.get(m["act"][:4])
    if act is None:
        return None
    if event:
        if act not in _EVENT_MET[event.group(1)]:
            return None  # the event the effect waits for is not what the cost did
        words = words.replace(event.group(0), " ")
    reading = _miss_timing(_Either(m, words=" ".join(words.split()) + " effect"), cards)
    if reading is None:
        return None
    query = dict(reading[0], topic="miss_timing_cost", asked="misses" if m["miss"] else "activates")
    if query["subject"].endswith("+any"):
        return None
    said = reading[1].replace("can ", "", 1).replace(" miss the timing", "")
    verb = "miss the timing" if m["miss"] else "be activated"
    return query, f"when its card is {m['act']} as a cost, can {said} {verb}"


def _fact(query: dict, said: str):
    return lambda m, cards: (dict(query), said)


def _more_cost_shapes() -> list:
    c = "cost_more"
    as_cost = alt("cost", "as_cost")
    gy = _GY
    moved = rf"(?P<act>sent to the {gy}|discarded|tributed|banished|sent)"
    trig_words = r"(?P<words>[a-z .:-]+?)"
    return [
        ("a card with a 'When ... you can' effect is moved as a cost: can its effect be activated",
         re.compile(rf"^(?:if|when) (?:a|my) (?:card|monster) with (?:an? )?{trig_words} effect is {moved} "
                    rf"(?:{as_cost})(?: \.)? (?:can|does|will) (?:its|the|that) effect (?:still )?(?:be activated|"
                    rf"activate)(?P<miss>)$|^(?:does|can|will) (?:an? )?{trig_words.replace('<words>', '<words2>')} "
                    rf"effect (?P<miss2>miss) (?:the |its )?timing (?:if|when) (?:the|its) (?:card|monster) is "
                    rf"{moved.replace('<act>', '<act2>')} (?:{as_cost})$"),
         lambda m, c: _miss_timing_cost(_Either(m), c)),
        ("can I pay a cost with my opponent's cards",
         re.compile(rf"^can i (?:{alt(c, 'pay_verbs')}) (?:{alt(c, 'opponents_cards')}) (?:{as_cost}|to pay (?:a|my|the) "
                    rf"cost|for (?:a|my|the) cost)$"),
         _fact({"topic": "cost", "subject": "opponents_cards", "asked": "payable"},
               "can a cost be paid with the opponent's cards")),
        ("can I pay a cost with my opponent's cards (no verb)",
         re.compile(rf"^can (?:i|you|a player) pay (?:a|my|the|its) cost (?:with|using) (?:{alt(c, 'opponents_cards')}|"
                    rf"(?:my|the|your) opponent's cards)$"),
         _fact({"topic": "cost", "subject": "opponents_cards", "asked": "payable"},
               "can a cost be paid with the opponent's cards")),
        ("can I activate a card if I cannot pay its cost",
         re.compile(rf"^can i (?:still )?activate (?:a card|an effect|a card or effect|the card|it) "
                    rf"(?:{alt(c, 'cannot_pay')})$"),
         _fact({"topic": "cost", "subject": "unpaid", "asked": "activatable"},
               "can a card be activated when its cost cannot be paid")),
        ("is the cost paid when the card resolves",
         re.compile(rf"^(?:is|are) (?:the |a )?costs? (?:paid|performed) (?P<res>{alt(c, 'resolution')})$"),
         _fact({"topic": "cost", "subject": "paid", "asked": "at_resolution"}, "is a cost paid when the card resolves")),
        ("is the cost paid when the card is activated",
         re.compile(rf"^(?:is|are) (?:the |a )?costs? (?:paid|performed) (?P<act>{alt(c, 'activation')})$"),
         _fact({"topic": "cost", "subject": "paid", "asked": "at_activation"},
               "is a cost paid when the card is activated")),
    ]



_SET_STORY = re.compile(r"^i (?:have |just |already )?set (?P<k>.+?) (?:this turn|earlier this turn|during this turn)"
                        r"(?: \.)? can i (?:still |then )?activate it (?:later |again )?(?:(?:during|in|on) )?"
                        r"(?:this|the) same turn$|^i (?:have |just )?set (?P<k2>.+?) (?:this turn|earlier this turn)"
                        r"(?: \.)? can i (?:still |then )?activate it (?:later )?this turn$"
                        r"|^can i (?:still )?activate (?P<k3>.+?) (?:that |which )?i (?:have |just )?set (?:this turn|earlier "
                        r"this turn|during this turn)$"
                        r"|^can (?P<k4>.+?) (?:that |which )?i (?:have |just )?set (?:this turn|earlier this turn) be "
                        r"activated(?: this turn| during this turn| this same turn)?$")


def _set_story(skeleton: Skeleton, text: str) -> Frame | None:
    """ "I Set a <kind of Spell/Trap> this turn. Can I activate it this same turn?": the structured question
    about that kind, Set this turn (today's engine answers it, rule spell/trap activation)."""
    m = _SET_STORY.match(text)
    if m is None:
        return None
    said = m["k"] or m["k2"] or m["k3"] or m["k4"]
    kinds = [e for e in skeleton.entities if e.kind == "class" and e.text.lower() == said]
    if len(kinds) != 1 or kinds[0].cls.get("type") not in ("spell", "trap") or set(kinds[0].cls) - {"type", "property"}:
        return None
    cls = dict(kinds[0].cls)
    question = {"ask": "activate", "card": {"class": cls, "controller": "A", "location": "field", "face": "down",
                                            "set_this_turn": True}}
    return Frame(question, f"Can {kinds[0].text} (A, Set this turn) be activated in the same turn?",
                 used_entities={skeleton.entities.index(kinds[0])}, uses_story=True)
