"""Rule-fact shapes about kinds of Spell and Trap Cards, for :mod:`kb.understand.scenario_cost`'s reader
(``{"ask": "rule_fact", "topic": "spell_trap"}``, answered from :mod:`kb.engine.spell_trap_facts`): does a
Continuous Spell stay on the field, is a Counter Trap sent to the GY after it resolves, Equip Spells (an
opponent's monster, several on one monster, negated, the monster flipped face-down), Setting or activating
with the Spell & Trap Zones full, what the opponent knows of a face-down card.  The flattened question must
be read whole; a proposition no rule row states gives no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["spell_trap_shapes"]

_SEP = r"(?: \.)? "
_ST = (r"(?:spell & trap|spell/trap|spell and trap|s/t|spell & trap card|spell/trap card) zones?")
_KIND = (r"(?:a |an |the |my |your )?(?P<prop>normal|ritual|continuous|equip|field|quick-play|quickplay|counter)? ?"
         r"(?P<type>spell|trap)(?: cards?|s)?")
_KINDS = {("normal", "spell"): "normal_spell", ("ritual", "spell"): "ritual_spell",
          ("continuous", "spell"): "continuous_spell", ("equip", "spell"): "equip_spell",
          ("field", "spell"): "field_spell", ("quick-play", "spell"): "quick_play_spell",
          ("quickplay", "spell"): "quick_play_spell", ("normal", "trap"): "normal_trap",
          ("continuous", "trap"): "continuous_trap", ("counter", "trap"): "counter_trap",
          (None, "spell"): "spell", (None, "trap"): "trap"}
_SAID = {"normal_spell": "a Normal Spell", "ritual_spell": "a Ritual Spell", "continuous_spell": "a Continuous Spell",
         "equip_spell": "an Equip Spell", "field_spell": "a Field Spell", "quick_play_spell": "a Quick-Play Spell",
         "normal_trap": "a Normal Trap", "continuous_trap": "a Continuous Trap", "counter_trap": "a Counter Trap",
         "spell": "a Spell Card", "trap": "a Trap Card"}
_AFTER = (r"(?: after (?:it is activated|activation|it resolves|resolving|being activated|its effect resolves|it is used|"
          r"its activation|the chain resolves|applying its effects?))?")


def _kind(m: re.Match, suffix: str = "") -> str | None:
    return _KINDS.get((m.groupdict().get(f"prop{suffix}"), m.groupdict().get(f"type{suffix}")))


def _fact(subject: str | None, asked: str, said: str) -> tuple[dict, str] | None:
    from ..engine.rule_facts import FACTS

    if subject is None or ("spell_trap", subject, asked) not in FACTS:
        return None
    return {"topic": "spell_trap", "subject": subject, "asked": asked}, said


def _stays(m: re.Match, cards) -> tuple[dict, str] | None:
    kind = _kind(m)
    asked = "to_gy" if m["gy"] else "stays"
    if kind is None:
        return None
    return _fact(kind, asked, f"is {_SAID.get(kind, kind)} {'sent to the GY' if asked == 'to_gy' else 'left on the field'}"
                              f" after it resolves")


def _no_zone(m: re.Match, cards) -> tuple[dict, str] | None:
    kind = _kind(m) if m["type"] else _kind(m, "2")
    act = m["act"] or m["act2"]
    if kind is None:
        return None
    if kind not in ("field_spell", "trap"):
        kind = "spell" if kind.endswith("spell") else None
    if kind == "trap" and act != "set":
        return None  # activating a Trap from the hand is another rule
    return _fact(kind, f"{act}_no_zone", f"can {_SAID.get(kind, kind)} be {'Set' if act == 'set' else 'activated'} "
                                         f"with the Spell & Trap Zones full")


def _equip_negated(m: re.Match, cards) -> tuple[dict, str] | None:
    if _kind(m) != "equip_spell":
        return None
    asked = "activation_negated_equipped" if m["activation"] else "effect_negated_equipped"
    return _fact("equip_spell", asked, "is an Equip Spell still equipped when its "
                                       f"{'activation' if m['activation'] else 'effect'} is negated")


_TYPES = ("warrior", "spellcaster", "fiend", "zombie", "dragon", "insect", "beast", "beast-warrior", "winged beast",
          "machine", "aqua", "pyro", "rock", "plant", "fish", "sea serpent", "reptile", "psychic", "thunder", "dinosaur",
          "fairy", "wyrm", "cyberse", "illusion", "divine-beast")


def _equip_type_lost(m: re.Match, cards) -> tuple[dict, str] | None:
    """ "A Warrior monster equipped with X becomes Spellcaster through Y. What happens to X?": X's text must say
    "Equip only to a Warrior monster" and the new Type must be another one."""
    equip, again = cards(int(m["x"][1:].split()[0])), cards(int(m["x2"][1:].split()[0]))
    if equip is None or again is None or again.name != equip.name:
        return None  # the question asks of another card
    was, now = m["was"].replace("-type", ""), m["now"].replace("-type", "")
    if was == now or was not in _TYPES or now not in _TYPES:
        return None
    needs = re.search(r"Equip only to an? ([A-Za-z -]+?)(?:-Type)? monster", equip.text or "")
    if equip.property != "Equip" or needs is None or needs.group(1).lower() != was:
        return None  # not an Equip Spell whose condition is the Type told
    asked = "condition_lost_what" if m["what"] else "condition_lost_destroyed"
    return _fact("equip_spell", asked, f"what happens to {equip.name} (equip only to a {was.title()} monster) when the "
                                       f"monster becomes {now.title()}")


def _k(suffix: str) -> str:
    return _KIND.replace("?P<prop>", f"?P<prop{suffix}>").replace("?P<type>", f"?P<type{suffix}>")


@lru_cache(maxsize=1)
def spell_trap_shapes() -> list:
    """The shapes of this module, as ``(name, pattern, handler)``."""
    equip = r"(?:an|the|my|a) equip spell(?: card)?|equip spells(?: cards)?"
    full = r"(?:full|occupied|filled|in use|taken)"
    set_cards = (r"(?:set|face-down) (?:cards?|spells and traps|spell/trap cards|spells/traps|spell and trap cards|"
                 r"spells or traps|spell or trap cards)")
    return [
        ("does a Continuous Spell stay on the field after it resolves",
         re.compile(rf"^(?:does|do|will) {_KIND} (?:stay|remain|stays|remains) (?:on the field|in (?:the|its|my) {_ST}|in "
                    rf"(?:the|my) field zone|face-up on the field){_AFTER}(?P<gy>)$"
                    rf"|^(?:is|are) {_k('2')} (?P<gy2>sent to the (?:graveyard|gy)){_AFTER}$"
                    rf"|^(?:does|do|will) {_k('3')} (?P<gy3>go to the (?:graveyard|gy)){_AFTER}$"),
         lambda m, c: _stays(_Suffixed(m), c)),
        ("can an Equip Spell be equipped to an opponent's monster",
         re.compile(rf"^can (?:{equip}) be equipped to (?:my|an|your|the|their) opponent's monsters?$|^can (?:i|you) "
                    rf"equip (?:{equip}) to (?:my|an|your|the) opponent's monsters?$"),
         lambda m, c: _fact("equip_spell", "opponents_monster", "can an Equip Spell be equipped to an opponent's "
                                                                "monster")),
        ("can a monster be equipped with several Equip Spells",
         re.compile(r"^can (?:a|one|my|a single) monster (?:be equipped with|have|hold) (?:more than one|multiple|several|two|"
                    r"2|many) equip spells?(?: cards?)?(?: at (?:once|the same time))?$"),
         lambda m, c: _fact("equip_spell", "many", "can a monster be equipped with several Equip Spells")),
        ("the activation / effect of an Equip Spell is negated: is it equipped",
         re.compile(rf"^(?:if|when) (?:(?P<activation>the activation of {_KIND})|{_k('2')}(?:'s| 's)? effects?) "
                    rf"(?:is|are|gets|get|was) negated{_SEP}(?:is (?:the|that) monster (?:still )?equipped(?: with it)?|"
                    rf"(?:is|does) it (?:still |stay |remain )?equipped|does it (?:stay|remain) equipped)$"),
         lambda m, c: _equip_negated(_Suffixed(m), c)),
        ("can I Set / activate a Spell with the Spell & Trap Zones full",
         re.compile(rf"^can (?:i|you) (?:still )?(?P<act>set|activate) {_KIND}(?: from (?:my|your|the) hand)? (?:if|when|while) "
                    rf"(?:all )?(?:of )?(?:my|your) (?:5 |five )?{_ST} (?:are|is) (?:all )?{full}$"
                    rf"|^all (?:of )?my (?:5 |five )?{_ST} (?:are|is) {full}{_SEP}can (?:i|you) (?:still )?(?P<act2>set|activate) "
                    rf"{_k('2')}(?: from (?:my|your|the) hand)?$"),
         _no_zone),
        ("can my opponent tell whether my face-down card is a Spell or a Trap",
         re.compile(rf"^can (?:my|the|your) opponent (?:see|know|tell|check|look at|verify|find out) (?:whether|if) (?:my|a|your) "
                    rf"(?:face-down|set) card is a spell or (?:a )?trap(?: card)?$|^can (?:my|the|your) opponent (?:look at|"
                    rf"check|see|verify) (?:my|your) {set_cards}$|^(?:is|are) (?:my|a|the) {set_cards} (?:private|private "
                    rf"information|hidden from the opponent|hidden from my opponent)$"),
         lambda m, c: _fact("face_down", "opponent_knows", "can the opponent know what a face-down Spell/Trap is")),
        ("can I look at my own Set cards",
         re.compile(rf"^can (?:i|you) (?:look at|check|see|verify) (?:my|your) (?:own )?{set_cards}(?: at any time| "
                    rf"whenever i want)?$"),
         lambda m, c: _fact("face_down", "owner_sees", "can the controller look at their face-down Spells/Traps")),
        ("is a face-down card in the Field Zone a Field Spell",
         re.compile(r"^(?:is|are) (?:a|the) (?:face-down|set) cards? in (?:the|my|a) field zone (?:treated as|considered) "
                    r"(?:a )?field spells?(?: cards?)?$"),
         lambda m, c: _fact("face_down_field", "field_spell", "is a face-down card in the Field Zone a Field Spell")),
        ("a new Field Spell is activated: is the old one destroyed",
         re.compile(rf"^(?:when|if) (?:i|you) (?:activate|set) (?:a new|another|a second|a different) field spell(?: card)?"
                    rf"(?: while (?:i|you) already (?:have|control) one)?{_SEP}is (?:the|my) (?:old|first|previous|existing|"
                    rf"original) (?:one|field spell(?: card)?) (?:destroyed|treated as destroyed|considered destroyed)$"),
         lambda m, c: _fact("field_spell", "replaced_destroyed", "is a Field Spell replaced by a new one destroyed")),
        ("does a Continuous Spell's effect apply after it leaves the field",
         re.compile(rf"^(?:does|do|will) {_KIND}(?:'s| 's)? effects? (?:still |continue to |keep )?(?:apply|applying) "
                    rf"(?:after|once|when) it (?:leaves|has left|left) the field$"
                    rf"|^(?:if|when|once) {_k('2')} leaves the field{_SEP}(?:does|do|will) its effects? (?:still |continue to "
                    rf"|keep )?(?:apply|applying)$"),
         lambda m, c: _fact(_kind(_Suffixed(m)), "applies_after_leaving",
                            f"does {_SAID.get(_kind(_Suffixed(m)) or '', 'it')}'s effect apply after it leaves the field")),
        ("a Continuous Spell destroyed in a chain to its own effect: does the effect resolve",
         re.compile(rf"^(?:if|when) {_KIND} is destroyed (?:in a chain|in response|by a card effect activated in a chain|by "
                    rf"an effect chained) to (?:the activation of )?its (?:own )?(?:activated )?effect(?:'s activation| 's "
                    rf"activation)?{_SEP}(?:does|will) (?:the|its|that) effect (?:still )?resolve$"),
         lambda m, c: _fact(_kind(m), "resolves_if_destroyed", f"does the effect {_SAID.get(_kind(m) or '', 'it')} "
                                                               "activated resolve if it is destroyed in a chain to it")),
        ("is activating a Continuous Spell's effect activating a Spell Card",
         re.compile(rf"^(?:is|does) activating {_KIND}(?:'s| 's) (?:activated )?effects? (?:treated as|considered|the same "
                    rf"as|count as) (?:activating|the activation of) (?:a|the) (?:spell|trap) card$"),
         lambda m, c: _fact(_kind(m), "effect_is_card_activation", f"is activating {_SAID.get(_kind(m) or '', 'it')}'s "
                                                                   "effect the activation of the card")),
        ("is a Normal Trap that equips itself still a Trap Card",
         re.compile(r"^(?:is|are) (?:a |the )?(?:normal )?traps?(?: cards?)? (?:that|which) equips? (?:itself|themselves)"
                    r"(?: to (?:a|the) monster)? (?:still |also )?(?:a |treated as a |considered a )?trap(?: card)?$"),
         lambda m, c: _fact("equip_trap", "trap_card", "is a Normal Trap that equips itself still a Trap Card")),
        ("the equipped monster's Type changes: what happens to the Equip Spell",
         re.compile(rf"^(?:(?:if|when) )?(?:a|an|my|the) (?P<was>[a-z -]+?)(?:-type)? monster equipped with (?P<x>e\d+) "
                    rf"(?:becomes|is changed to|turns into|changes to) (?:a |an )?(?P<now>[a-z -]+?)(?:-type)?(?: monster)? "
                    rf"(?:through|by|because of|with|due to) e\d+(?: 's| ')?(?: effect)?{_SEP}(?:(?P<what>what happens to)|is) "
                    rf"(?P<x2>e\d+)(?: destroyed)?$"),
         lambda m, c: None if (not m["what"] and not m.group(0).endswith("destroyed")) else _equip_type_lost(m, c)),
        ("the equipped monster no longer meets the Equip Spell's condition: is it destroyed",
         re.compile(rf"^(?:if|when) the (?:equipped monster's|name or type of the equipped monster|type of the equipped "
                    rf"monster|name of the equipped monster) (?:type |name |name or type )?changes so (?:that )?(?:it|the "
                    rf"monster) no longer meets (?:the |its |an )?(?:equip spell's )?(?:equip )?(?:condition|requirement)s?"
                    rf"{_SEP}(?:(?P<what>what happens to)|is) (?:the|my) equip spell(?: card)?(?: destroyed)?$"),
         lambda m, c: _fact("equip_spell", "condition_lost_what" if m["what"] else "condition_lost_destroyed",
                            "what happens to an Equip Spell whose monster no longer meets its condition")),
        ("is a Pendulum Monster in the Pendulum Zone a Continuous Spell",
         re.compile(r"^(?:is|are) (?:a pendulum monster|pendulum monsters) in (?:the|a|my) pendulum zones? (?:treated as |"
                    r"considered )?(?:a )?(?:normal|continuous|field|equip|quick-play|ritual) spells?(?: cards?)?$"),
         lambda m, c: _fact("pendulum_zone", "spell_kind", "is a Pendulum Monster in a Pendulum Zone a Spell of a kind")),
    ]


class _Suffixed:
    """A match read by group name: ``g`` or, when that form did not match, ``g2`` / ``g3``."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def groupdict(self) -> dict:
        out = {}
        for key, value in self.match.groupdict().items():
            base = key.rstrip("23")
            if value is not None or base not in out:
                out[base] = value if value is not None else out.get(base)
        # an empty marker group that matched ("") counts as matched
        return out

    def __getitem__(self, name: str):
        groups = self.match.groupdict()
        for key in (name, f"{name}2", f"{name}3"):
            if groups.get(key) is not None:
                return groups[key]
        return None
