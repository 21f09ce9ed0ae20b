"""Cost rule-fact shapes told without a card, or with a card named loosely, for
:mod:`kb.understand.scenario_cost`'s reader (answered by :mod:`kb.engine.rule_facts` /
:mod:`kb.engine.card_facts`):

- a value halved by an effect (an odd ATK or DEF halved, the value after asked);
- a cost the question quotes while cards sent to the GY are banished instead ("While Macro Cosmos is
  applying, can I pay a cost that says 'discard 1 card'?");
- a face-down monster paid for a cost the question quotes ("... for an effect that says 'Tribute 1
  Plant-Type monster'");
- "is detaching an Xyz Material a cost", "can my opponent chain to my paying of a cost";
- "is paying 1500 LP for X a cost" / "is tributing a DARK monster for X a cost" (X's text decides; the
  words told of the object must be in X's text).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT

__all__ = ["generic_cost_shapes"]

_CARD = CARD_SLOT
_SEP = r"(?: \.)? "
_GY = r"(?:graveyard|gy)"
_APPLYING = r"(?:applying|being applied|face-up|face-up on the field|on the field|active|in effect|in play)"


def _ent(group: str | None) -> int | None:
    return int(group.split()[0][1:]) if group else None


def _halve(m: re.Match, cards) -> tuple[dict, str] | None:
    stats = {s for s in (m["w1"], m["w2"], m["w3"]) if s}
    if len(stats) != 1:
        return None  # the ATK halved, the DEF asked (or the like)
    what = stats.pop()
    return {"topic": "halve", "value": int(m["n"]), "what": what}, f"what is {m['n']} {what.upper()} halved"


def _halve_lp(m: re.Match, cards) -> tuple[dict, str] | None:
    return {"topic": "halve", "value": int(m["n"]), "what": "lp"}, f"how many LP are left when {m['n']} LP are halved"


def _quoted_under_banish(m: re.Match, cards) -> tuple[dict, str] | None:
    banishing = cards(_ent(m["b"] or m["b2"]))
    text = m["text"] or m["text2"]
    if banishing is None or not re.fullmatch(r"(?:discard|send|tribute)\b[a-z0-9 /&-]{0,60}", text):
        return None
    return ({"topic": "cost_under_banish", "banishing": banishing.name, "cost_text": text},
            f"can the cost \"{text}\" be paid while {banishing.name} applies")


def _face_down_quoted(m: re.Match, cards) -> tuple[dict, str] | None:
    act = "tribute" if (m["act"] or "").startswith("tribut") else "send_to_gy"
    said = m["text"]
    verb = "tribute" if act == "tribute" else "send"
    quoted = re.fullmatch(rf"{verb} (?:1|one|a) (?P<qual>[a-z-]+(?: [a-z-]+)?) monster(?: to the {_GY})?", said)
    if quoted is None:
        return None
    qual = quoted["qual"].replace("-type", "")
    if m["qual"] and m["qual"].replace("-type", "") != qual:
        return None  # a face-down Plant monster for "Tribute 1 Zombie monster"
    return ({"topic": "face_down_cost", "subject": f"{act}+requirement", "asked": "payable"},
            f"can a face-down monster be {'Tributed' if act == 'tribute' else 'sent to the GY'} for a cost that "
            f"needs a {quoted['qual']} monster")


_STOP = frozenset("a an one 1 the my your from of to in monster monsters card cards this it itself gy graveyard hand "
                  "field deck lp".split())


def _cost_part_loose(m: re.Match, cards) -> tuple[dict, str] | None:
    """Whether an act told with words of its object ("a Fiend monster", "a Level 4") is X's cost: the act
    read from the card's text (before its ";"), every word told of the object found in that text."""
    card = cards(_ent(m["card"]))
    if card is None:
        return None
    act = {"tributing": "tribute", "discarding": "discard", "banishing": "banish", "detaching": "detach",
           "paying": "pay_lp", "drawing": "draw"}[m["act"]]
    obj = (m["obj"] or "").replace("-type", "")
    text = re.sub(r"[^a-z0-9 ]", " ", (card.text or "").lower())
    words = [w for w in obj.split() if w not in _STOP]
    if any(not re.search(rf"\b{re.escape(w)}\b", text) for w in words):
        return None  # the story's object is not what the card's text says
    if act == "pay_lp" and not re.fullmatch(r"(?:\d+|half (?:of )?(?:my|your)) lp", obj):
        return None
    if act == "draw":
        return None if not re.fullmatch(r"(?:\d+|one|two|a|1)(?: cards?)?", obj) else (
            {"topic": "cost_part", "subject": "draw", "card": card.name}, f"is the draw in {card.name}'s effect a cost")
    return ({"topic": "cost_part", "subject": act, "card": card.name},
            f"is the {act.replace('_', ' ')} in {card.name}'s effect a cost")


@lru_cache(maxsize=1)
def generic_cost_shapes() -> list:
    """The shapes of this module, as ``(name, pattern, handler)``."""
    monster = r"(?:a|my|the|one|an|your opponent's|my opponent's) monster"
    halve = (
        rf"^{monster} (?:has|with) (?P<n>\d+) (?P<w1>atk|def)(?: and| \.| but)? (?:its|the) (?P<w2>atk|def) (?:is|gets|was|"
        rf"has been|got) halved(?: by (?:an|a card|a card 's|a card's) effect)?{_SEP}(?:what is|what's|what will be|how "
        rf"much is) (?:its|the monster's|the monster 's) (?:new |current |final )?(?P<w3>atk|def)(?: now| then| after "
        rf"that)?$"
        rf"|^(?:if|when) {monster} with (?P<n2>\d+) (?P<w12>atk|def) (?:has its|gets its) (?P<w22>atk|def) halved"
        rf"{_SEP}what is (?:its|the) (?:new )?(?P<w32>atk|def)$"
    )
    quoted = r"(?P<text>[a-z0-9 /&-]+)"
    under_banish = (
        rf"^while (?P<b>{_CARD}) is {_APPLYING} can (?:i|you) (?:still )?(?:activate (?:an effect|a card|a card or effect)"
        rf"(?: (?:whose|with a|that has a) cost (?:is|says|of)| that (?:simply )?says| that costs?)|pay (?:a|the) cost "
        rf"(?:that|which) (?:simply )?says|pay (?:a|the) cost(?: of)?) {quoted}$"
        rf"|^can (?:i|you) (?:still )?(?:activate (?:an effect|a card)(?: (?:whose|with a|that has a) cost (?:is|says)| that "
        rf"(?:simply )?says)|pay (?:a|the) cost (?:that|which) (?:simply )?says) (?P<text2>[a-z0-9 /&-]+?) while "
        rf"(?P<b2>{_CARD}) is {_APPLYING}$"
    )
    face_down = (
        rf"^can (?:i )?(?:a face-down (?:(?P<qual>[a-z]+(?:-type)?) )?monster be (?P<act>tributed|sent to the {_GY})|"
        rf"(?P<act_b>tribute|send) a face-down (?:(?P<qual_b>[a-z]+(?:-type)?) )?monster(?: to the {_GY})?) (?:as (?:a|the) "
        rf"cost|to pay (?:a|the) cost|for (?:a|the) cost) (?:for|of) (?:an effect|a card|an effect of a card) "
        rf"(?:that|which) says {quoted}$"
    )
    acts = r"(?P<act>tributing|discarding|banishing|detaching|paying|drawing)"
    loose = (rf"^is {acts} (?P<obj>[a-z0-9 -]{{1,40}}?) (?:for|to activate|when activating|as part of) (?P<card>{_CARD})"
             rf"(?: effect)? (?:a cost|part of (?:the|its) cost|considered a cost|treated as a cost)$")
    return [
        ("a monster's ATK halved: what is its ATK", re.compile(halve), lambda m, c: _halve(_Two(m), c)),
        ("what is N ATK halved",
         re.compile(r"^(?:what is|what's|whats) (?:half (?:of )?(?P<n>\d+) (?P<w1>atk|def)|(?P<n2>\d+) (?P<w12>atk|def) halved)(?: rounded)?$"),
         lambda m, c: _halve(_Two(m), c)),
        ("my LP are halved: how many are left",
         re.compile(rf"^i have (?P<n>\d+) (?:lp|life points)(?: and| \.)? (?:my|half (?:of )?my) (?:lp|life points) "
                    rf"(?:is|are|get|gets) (?:halved|cut in half)(?: by (?:an|a card) effect)?{_SEP}how (?:many|much) "
                    rf"(?:lp|life points) do i have(?: left| now)?$"), _halve_lp),
        ("while X applies, can I pay a cost that says '...'", re.compile(under_banish), _quoted_under_banish),
        ("a face-down monster for a cost that says 'Tribute 1 ... monster'", re.compile(face_down),
         lambda m, c: _face_down_quoted(_Two(m, "_b"), c)),
        ("a face-down monster Tributed for a cost",
         re.compile(r"^can (?:i|you) tribute (?:a|my) face-down monsters? (?:as a cost|for a cost|to pay a cost|as the cost of "
                    r"an effect|for an effect's cost)$|^can (?:a|my) face-down monsters? be tributed (?:as a cost|for a cost|"
                    r"to pay a cost|for an effect's cost)$"),
         lambda m, c: ({"topic": "face_down_cost", "subject": "tribute", "asked": "payable"},
                       "can a face-down monster be Tributed for a cost")),
        ("is detaching an Xyz Material a cost",
         re.compile(r"^(?:is|are) (?:detaching|removing|detaching an xyz material|detaching xyz materials|detaching an "
                    r"xyz material from an xyz monster|detaching a material) (?:a cost|considered a cost|treated as a cost|"
                    r"usually a cost)$"),
         lambda m, c: ({"topic": "cost", "subject": "detach", "asked": "is_cost"}, "is detaching an Xyz Material a cost")),
        ("can my opponent chain to the paying of a cost",
         re.compile(r"^can (?:my opponent|i|you|a player|the opponent|either player) (?:chain|respond|activate a card|"
                    r"activate an effect)(?: a card| an effect| anything)?(?: in response)? to (?P<what>(?:my|the|a|their) "
                    r"(?:paying|payment) of (?:a|the) cost|(?:my|me|the|a player) paying (?:a|the) cost|(?:a|the) cost being "
                    r"paid|(?:my opponent|the opponent|me|a player) paying (?:a|the) cost|(?:a|the) maintenance cost(?: being paid)?|(?:my|the) paying (?:of )?(?:a|the) maintenance cost)$"),
         lambda m, c: ({"topic": "cost", "subject": "maintenance" if "maintenance" in m["what"] else "paid",
                        "asked": "chainable"}, "can anything be chained to the paying of a cost")),
        ("is tributing a DARK monster for X a cost", re.compile(loose), _cost_part_loose),
        ("does X target",
         re.compile(rf"^(?:does|do) (?P<c>{_CARD})(?: effects?)? (?:target|targets)(?: (?:a card|cards|anything|a monster|"
                    rf"monsters|the cards? it affects))?$|^is (?P<c2>{_CARD})(?: effect)? (?:a )?targeting(?: card| effect)?$"
                    rf"|^(?:is|are) (?P<c3>{_CARD})(?: effect)? (?:considered |treated as )?(?:an? )?(?:effect|card)s? that "
                    rf"targets?$"),
         lambda m, c: (lambda card: None if card is None else (
             {"topic": "targets", "card": card.name}, f"does {card.name} target"))(
             c(_ent(m["c"] or m["c2"] or m["c3"])))),
    ]


class _Two:
    """A match whose group ``g`` falls back to ``g2`` (or ``g<suffix>``), for shapes with two forms."""

    def __init__(self, match: re.Match, suffix: str = "2") -> None:
        self.match, self.suffix = match, suffix

    def __getitem__(self, name: str):
        groups = self.match.groupdict()
        return groups.get(name) or groups.get(f"{name}{self.suffix}") or groups.get(f"{name}2")
