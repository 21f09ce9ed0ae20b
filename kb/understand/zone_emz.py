"""Rule-fact shapes of the Extra Monster Zones (who goes there, whose an empty one is, adjacency, a monster
Summoned again) and of what "cards on the field", "Monster Zones" and "Deck" mean in a card's text, for
:mod:`kb.understand.zone_facts` (answered from :mod:`kb.engine.zone_facts`).
"""

from __future__ import annotations

import re

from .zone_facts import _GY, _SEP, _fact

__all__ = ["emz_and_field_shapes"]


def emz_and_field_shapes() -> list:
    """The Extra Monster Zones (whose, adjacent, who goes there) and what "the field", "Monster Zones" and "Deck"
    mean in a card's text."""
    emz = r"(?:the |an |my |a )?(?:extra monster zones?|emz)"
    z = "zone"
    where = r"(?:hand|gy|graveyard|deck|main deck|banishment|banished cards)"
    on_field = {"pendulum zones?": "pendulum_zone", "field zone": "field_zone", "extra monster zones?": "emz",
                "graveyard|gy": "gy", "banished|banishment": "banished", "hand": "hand", "deck|main deck": "deck"}

    def place(words: str) -> str | None:
        return next((key for pattern, key in on_field.items() if re.fullmatch(pattern, words)), None)

    return [
        ("a monster from the hand, GY or Deck into an Extra Monster Zone",
         re.compile(rf"^can (?:a|my) monster (?:special summoned |summoned )?from (?:my|the) {where} be (?:placed|special "
                    rf"summoned|summoned|put) (?:in|into|to) {emz}$|^can (?:i|you) special summon (?:a|my) monster from "
                    rf"(?:my|the) {where} (?:in|into|to) {emz}$|^can (?:a|my) monster (?:that is|that was) not special "
                    rf"summoned from the extra deck be (?:placed|put) (?:in|into) {emz}$"),
         lambda m, c: _fact(z, "emz", "not_from_extra", "can a monster not Special Summoned from the Extra Deck be placed "
                                                        "in an Extra Monster Zone")),
        ("is an empty Extra Monster Zone mine",
         re.compile(r"^(?:is|are) (?:an|the) (?:empty|unused|unoccupied|free) (?:extra monster zones?|emz) (?:treated as "
                    r"|considered )?(?:mine|my zone|yours|my opponent's|my opponent's zone|either player's|a zone of "
                    r"either player|belonging to (?:a|either) player|owned by (?:a|either) player)$"),
         lambda m, c: _fact(z, "emz_empty", "owned", "is an empty Extra Monster Zone a zone of either player")),
        ("is an Extra Monster Zone holding my monster my Monster Zone",
         re.compile(r"^(?:is|does) (?:an|the) (?:extra monster zone|emz) (?:with|holding|that holds|that has) my monster(?: "
                    r"in it)? (?:treated as |considered |count as )?(?:one of )?my monster zones?$"),
         lambda m, c: _fact(z, "emz_occupied", "controller_zone", "is an Extra Monster Zone holding a monster a Monster "
                                                                  "Zone of its controller")),
        ("are the two Extra Monster Zones adjacent",
         re.compile(r"^(?:are|is) the (?:two |2 )?(?:extra monster zones|emzs?) (?:treated as |considered )?adjacent(?: to "
                    r"each other| to one another)?$|^is (?:one|an) (?:extra monster zone|emz) adjacent to the other (?:one|"
                    r"extra monster zone|emz)$"),
         lambda m, c: _fact(z, "emz", "adjacent", "are the two Extra Monster Zones adjacent")),
        ("a monster that left the Extra Monster Zone is Special Summoned again: to the Extra Monster Zone?",
         re.compile(rf"^(?:if|when) a monster (?:that was |summoned )?(?:in {emz}|special summoned from the extra deck(?: "
                    rf"(?:in|into|to) {emz})?) is (?:later )?(?:banished|sent to the {_GY}|destroyed)(?: and (?:later |then )?"
                    rf"special summoned (?:again|back))?{_SEP}(?:is it|does it (?:go|get) )(?:placed |special summoned |"
                    rf"summoned )?(?:back )?(?:in|into|to) {emz}(?: again)?(?: when (?:it is )?special summoned again)?$"),
         lambda m, c: _fact(z, "emz_again", "emz", "does a monster Special Summoned again from the GY or banishment go "
                                                   "to the Extra Monster Zone")),
        ("does 'Monster Zones' include the Extra Monster Zones",
         re.compile(rf"^(?:if|when) (?:an effect|a card) (?:simply |only )?says monster zones?{_SEP}does it (?:include|"
                    rf"affect|cover) (?:the )?extra monster zones?(?: too| as well)?$|^(?:does|do) monster zones? in (?:a card's|"
                    rf"card) text include (?:the )?extra monster zones?$"),
         lambda m, c: _fact(z, "monster_zones_word", "includes_emz", "does \"Monster Zones\" in a card's text include "
                                                                     "the Extra Monster Zones")),
        ("are cards in the Pendulum Zone / GY cards on the field",
         re.compile(r"^(?:are|is) (?:the )?(?:cards? (?:in|of) (?:the|my|a) (?P<p>pendulum zones?|field zone|extra monster "
                    r"zones?|graveyard|gy|hand|deck|main deck)|(?P<p2>banished) cards) (?:treated as |considered )?(?:cards? "
                    r"on the field|on the field)$|^is the (?P<p3>graveyard|gy|hand|deck|main deck|banishment) (?:part of|on) "
                    r"the field$"),
         lambda m, c: (lambda key: key and _fact(z, f"{key}_on_field", "on_field", f"are the cards of the "
                                                 f"{(m['p'] or m['p2'] or m['p3'])} cards on the field"))(
             place(m["p"] or m["p2"] or m["p3"]))),
        ("an effect says 'cards on the field' without saying whose: does it affect my opponent's cards",
         re.compile(rf"^(?:if|when) (?:an effect|a card) (?:simply |only )?says cards? on the field(?: without (?:saying|"
                    rf"specifying) whose)?{_SEP}(?:does|can) it (?:affect|include) (?:my opponent's|both players'|the "
                    rf"opponent's|both player's) cards(?: too| as well)?$"),
         lambda m, c: _fact(z, "field_unspecified", "both_players", "does an effect that says \"cards on the field\" "
                                                                    "affect both players' cards")),
        ("an effect only says 'Deck': does it affect my opponent's Deck",
         re.compile(rf"^(?:if|when) (?:an effect|a card) (?:simply |only )?says deck(?: without (?:saying|specifying) "
                    rf"whose)?{_SEP}(?:does|can) it (?:affect|include) (?:my opponent's|the opponent's) deck$|^(?:does|can) "
                    rf"an effect (?:that|which) (?:simply |only )?says deck affect (?:my|the) opponent's deck$"),
         lambda m, c: _fact(z, "deck_unspecified", "opponents_deck", "does an effect that only says \"Deck\" affect the "
                                                                     "opponent's Deck")),
    ]
