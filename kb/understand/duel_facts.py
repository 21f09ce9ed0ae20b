"""Rule-fact shapes about the Duel itself, for :mod:`kb.understand.scenario_cost`'s reader (answered from
:mod:`kb.engine.duel_facts`, the one place for these facts): losing by drawing from an empty Deck (and not by an
effect that searches it),
a draw game, LP never below 0, the starting LP and hand, shuffling after a search, "leaves the field"
effects by where the monster goes, a Trap Monster flipped face-down.  The flattened question must be read
whole; a proposition no rule row states gives no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["duel_shapes"]

_SEP = r"(?: \.)? "
_GY = r"(?:graveyard|gy)"
_ST = r"(?:spell & trap|spell/trap|spell and trap|s/t|spell & trap card|spell/trap card) zones?"
_WHO = r"(?:i|a player|my opponent|you|the opponent|they|that player)"

# where a monster with a "leaves the field" effect goes: the words -> the place
_LEAVES = (
    (r"shuffled (?:back )?into (?:the|my|its owner's) (?:main )?deck|returned to (?:the|my) (?:main )?deck|shuffled into "
     r"the deck", "deck"),
    (r"returned to (?:the|my|its owner's) extra deck", "extra"),
    (r"returned to (?:the|my|its owner's) hand|bounced(?: to the hand)?", "hand"),
    (r"(?:becomes|is used as|used as|attached as) (?:an )?xyz materials?|becomes an xyz material", "xyz_material"),
    (rf"sent to the {_GY}|destroyed and sent to the {_GY}", "gy"),
    (r"banished", "banished"),
)
_LEAVES_ANY = "|".join(f"(?:{words})" for words, _ in _LEAVES)


def _fact(topic: str, subject: str, asked: str, said: str) -> tuple[dict, str] | None:
    from ..engine.rule_facts import FACTS

    if (topic, subject, asked) not in FACTS:
        return None
    return {"topic": topic, "subject": subject, "asked": asked}, said


def _place(words: str | None) -> str | None:
    if not words:
        return None
    return next((place for pattern, place in _LEAVES if re.fullmatch(pattern, words)), None)


def _leaves(m: re.Match, cards) -> tuple[dict, str] | None:
    """A monster with a "leaves the field" effect goes somewhere: does the effect activate?  Two places told
    ("... into the Deck (or becomes Xyz Material)") must give the same answer."""
    from ..engine.rule_facts import FACTS

    told = [m[g] for g in ("how", "how2", "how3") if m.groupdict().get(g)]
    places = [_place(words) for words in told]
    if not places or None in places:
        return None
    answers = {FACTS.get(("leave_field", p, "activates"), (None,))[0] for p in places}
    if len(answers) != 1 or None in answers:
        return None
    return _fact("leave_field", places[0], "activates",
                 f"does a 'leaves the field' effect activate when the monster is {' or '.join(told)}")


@lru_cache(maxsize=1)
def duel_shapes() -> list:
    """The shapes of this module, as ``(name, pattern, handler)``."""
    lose = rf"(?:do|does|will) {_WHO} lose(?: the duel)?"
    effect_from_deck = (rf"an effect (?:that )?(?:would )?(?:adds?|sends?|searches|mills?|special summons?) (?:a card |cards |a "
                        rf"monster )?(?:from )?(?:the|my|their|your) (?:main )?deck(?: to (?:the|my|their|your) (?:hand|{_GY}))?")
    how = rf"(?P<how>{_LEAVES_ANY})"
    how2 = rf"(?: \( or (?:is )?(?P<how2>{_LEAVES_ANY}) \))?"
    return [
        ("a player must draw from an empty Deck: do they lose",
         re.compile(rf"^(?:if|when) {_WHO} (?:must|has to|have to|need to|needs to|cannot|can't|is unable to|am unable to|are "
                    rf"unable to) draw(?: a card)?(?: (?:with|from) (?:an|my|their|your) empty (?:main )?deck| because (?:my|"
                    rf"their|your) deck is empty| (?:but|and) (?:i|they|you) (?:have|has) no cards (?:left )?in (?:my|their|"
                    rf"your|the) deck)?{_SEP}{lose}$"
                    rf"|^{lose} (?:if|when) {_WHO} (?:cannot|can't|can not|have to|must) draw(?: a card)? (?:because|since|when|"
                    rf"while) (?:my|their|your) (?:main )?deck is empty$"
                    rf"|^(?:if|when) (?:my|their|your) (?:main )?deck (?:is empty|has (?:0|no|zero) cards)(?: and| \.| when)? "
                    rf"(?:i|they|you) (?:have to|must|need to) draw(?: a card)?(?: in (?:my|their|your) draw phase)?{_SEP}{lose}$"
                    rf"|^(?:if|when) {_WHO} (?:have|has) no cards (?:left )?in (?:my|their|your) deck(?: (?:at|in|during) (?:my|"
                    rf"their|your|the) draw phase)?{_SEP}{lose}$"),
         lambda m, c: _fact("duel", "empty_deck_draw", "lose", "does a player who must draw from an empty Deck lose")),
        ("an effect adds from an empty Deck: does the player lose",
         re.compile(rf"^{lose} if {effect_from_deck} (?:is activated |resolves )?(?:while|when) (?:my|their|your) (?:main )?deck is "
                    rf"empty$|^(?:if|when) (?:my|their|your) (?:main )?deck is empty (?:and|when|while) {_WHO} (?:activates?|"
                    rf"resolves?) {effect_from_deck}{_SEP}{lose}$"),
         lambda m, c: _fact("duel", "empty_deck_effect", "lose", "does a player lose when an effect would take cards from "
                                                                 "their empty Deck")),
        ("both players' LP become 0: is it a draw",
         re.compile(r"^(?:if|when) (?:both players'|both players 's|both players|each player's) (?:lp|life points) (?:become|becomes|"
                    r"reach|reaches|drop to|go to|hit) 0 (?:at the same time |simultaneously )?(?:by|because of|from|due to) "
                    r"(?:a card effect|an effect|the same effect|a single effect|the same card effect)(?: at the same time)?"
                    r"(?: \.)? (?:is it a draw|is the duel a draw|does the duel end in a draw|is the result a draw)$"),
         lambda m, c: _fact("duel", "both_lp_zero", "draw_game", "is the Duel a draw when both players' LP become 0 by a card "
                                                                 "effect")),
        ("can LP go below 0",
         re.compile(r"^can (?:my|a player's|your|the|their|someone's|a player 's) (?:lp|life points) (?:go|become|drop|fall|be) "
                    r"(?:below 0|negative|under 0|below zero|lower than 0|less than 0)$"),
         lambda m, c: _fact("duel", "lp", "negative", "can LP go below 0")),
        ("my LP become 0 during a chain: do I lose at once",
         re.compile(rf"^(?:if|when) (?:my|a player's|their) (?:lp|life points) (?:become|becomes|reach|reaches|hit|hits|drop to|"
                    rf"drops to) 0 (?:during|in the middle of|while resolving) (?:a|the) chain{_SEP}(?:do|does) (?:i|they) lose "
                    rf"(?:immediately|at once|right away|right then)(?: even if (?:an effect|a card) (?:later )?(?:in the chain )?"
                    rf"would (?:restore|gain|give me|give them) lp)?$"),
         lambda m, c: _fact("duel", "lp_zero_mid_chain", "lose_at_once", "does a player whose LP become 0 during a chain "
                                                                         "lose at once")),
        ("how many LP does each player start with",
         re.compile(r"^how (?:many|much) (?:lp|life points) (?:do|does) (?:each player|both players|a player|players|i|you) "
                    r"(?:start|begin) (?:with|the duel with)$|^what is the starting (?:lp|life points)(?: of each player)?$"),
         lambda m, c: _fact("duel", "start", "lp", "how many LP does each player start the Duel with")),
        ("how many cards does each player draw to begin",
         re.compile(r"^how many cards (?:do|does) (?:each player|both players|a player|players|i|you) draw (?:at the start of|to "
                    r"begin|to start|at the beginning of) the duel$|^how many cards are in (?:the|a|each player's) starting "
                    r"hand$|^how many cards (?:do|does) (?:each player|both players|a player|players|i|you) (?:start|begin) "
                    r"(?:the duel )?with(?: in (?:their|my|his|her|your) hand)?$"),
         lambda m, c: _fact("duel", "start", "hand", "how many cards does each player draw to begin the Duel")),
        ("must I shuffle my Deck after searching it",
         re.compile(r"^(?:do|must) (?:i|you|a player) (?:have to |need to )?shuffle (?:my|your|their|the) (?:main )?deck after "
                    r"(?:searching it|searching|an effect searches it|adding a card from it to (?:my|the) hand|an effect adds "
                    r"a card from it(?: to (?:my|the) hand)?)$|^is the (?:main )?deck shuffled after (?:a search|searching|an "
                    r"effect searches it|an effect adds a card from it(?: to the hand)?)$"),
         lambda m, c: _fact("duel", "search", "shuffle", "is the Deck shuffled after an effect searches it")),
        ("a monster with a 'leaves the field' effect goes somewhere: does it activate",
         re.compile(rf"^(?:(?:if|when) )?(?:my|a|the) monster with (?:a|an) leaves the field effect (?:(?:is|gets) )?{how}{how2}"
                    rf"{_SEP}(?:does|will) (?:the|its|that) effect activate$"
                    rf"|^(?:does|do|will|can) (?:a|an|the|its) leaves the field effects? activate (?:if|when) (?:the|a|my) "
                    rf"monster (?:(?:is|gets) )?{how.replace('?P<how>', '?P<how3>')}$"),
         _leaves),
        ("a Trap Monster turned face-down: where it goes",
         re.compile(rf"^(?:if|when) (?:a|the|my) trap monster (?:that is |which is )?(?:still )?treated as a trap(?: card)? is (?:flipped|changed|turned) "
                    rf"face-down(?: by (?:an|a card) effect)?{_SEP}is it (?:set|re-set|placed) (?:again )?(?:face-down )?in "
                    rf"(?:a|an|the|my|an unoccupied) {_ST}(?: again)?$"),
         lambda m, c: _fact("zone", "trap_monster_face_down", "reset", "is a Trap Monster still treated as a Trap that is "
                                                                       "flipped face-down Set again in a Spell & Trap Zone")),
    ]
