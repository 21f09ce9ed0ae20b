"""Rule facts of the Duel itself, as data (merged into :data:`kb.engine.rule_facts.FACTS`): winning and losing
(LP at 0, drawing from an empty Deck, not an effect that takes from it, a draw game), LP never below 0, shuffling after a search, "leaves the
field" effects by where the monster goes, and a Trap Monster flipped face-down.  A proposition no row states
is "unknown"."""

from __future__ import annotations

__all__ = ["DUEL_FACTS", "DUEL_RULES"]


def _row(statement: str, sections: list[str], quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": sections[0], "text": quote}}


DUEL_RULES: dict[str, dict] = {
    "duel_empty_deck_draw": _row(
        "A player who must draw with no cards in the Deck loses the Duel.",
        ["prb2017:draw-phase", "prb2017:if-the-player-is-unable-to-draw", "md:deck-zone"],
        "If there are no cards in the Deck and the player must draw but is unable to, that player loses."),
    "duel_empty_deck_effect": _row(
        "An effect that adds or sends cards from an empty Deck just cannot resolve: the player does not lose.",
        ["prb2017:if-the-player-is-unable-to-draw"],
        "this only causes the effect to become unable to resolve but the player is not defeated"),
    "duel_draw_game": _row(
        "When both players' LP become 0 at the same time by a card effect, the Duel is a draw.",
        ["prb2017:draw"], "If the LP of both players becomes 0 by a card effect"),
    "duel_lp_not_negative": _row(
        "LP never go below 0: damage or a loss larger than the LP left leaves 0.",
        ["prb2017:lp"], "the LP do not become negative and they become 0"),
    "duel_lp_zero_loses": _row(
        "A player whose LP become 0 loses at once, even during a chain and even if an effect would restore LP later.",
        ["prb2017:lp", "community:8.1.1"], "the player loses at the time the LP becomes 0"),
    "duel_start_lp": _row(
        "Both players start the Duel with 8000 LP.",
        ["prb2017:lp", "prb2017:starting-hand-and-lp", "community:8.1.1"], "Both players have 8000 LP when the Duel begins."),
    "duel_start_hand": _row(
        "Both players draw 5 cards to begin the Duel.",
        ["prb2017:starting-hand-and-lp"], "Both players have 8000 LP and draw 5 cards from the Deck when the Duel begins."),
    "duel_shuffle_after_search": _row(
        "After an effect searches the Deck, the Deck is shuffled.",
        ["prb2017:deck-zone", "md:deck-zone"],
        "If an effect that searches cards in the Deck is resolved, the Main Deck must always be shuffled after resolving "
        "that effect."),
    "duel_leaves_field": _row(
        "\"Leaves the field\" effects activate when the monster is sent to the GY or banished; not when it is shuffled "
        "into the Deck or Extra Deck, returned to the hand, or becomes an Xyz Material.",
        ["md:leaving-the-field", "tcg-v10:leaves-the-field"],
        "These effects can activate when the monster is sent to the Graveyard, or is banished."),
    "duel_trap_monster_face_down": _row(
        "A Trap Monster still treated as a Trap that is flipped face-down is Set again in an unoccupied Spell & Trap "
        "Zone (destroyed if there is none).",
        ["md:trap-monsters"],
        "they will be re-set to any of your unoccupied Spell/Trap Zones"),
}

DUEL_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    ("duel", "empty_deck_draw", "lose"): ("yes", "duel_empty_deck_draw",
                                         "a player who must draw with no cards in the Deck loses the Duel"),
    ("duel", "empty_deck_effect", "lose"): ("no", "duel_empty_deck_effect",
                                            "an effect that adds or sends cards from an empty Deck just cannot resolve; "
                                            "the player does not lose"),
    ("duel", "both_lp_zero", "draw_game"): ("yes", "duel_draw_game",
                                            "both players' LP at 0 at the same time by a card effect: the Duel is a draw"),
    ("duel", "lp", "negative"): ("no", "duel_lp_not_negative", "LP never go below 0"),
    ("duel", "lp_zero_mid_chain", "lose_at_once"): ("yes", "duel_lp_zero_loses",
                                                    "a player whose LP become 0 loses at once, even during a chain"),
    ("duel", "start", "lp"): ("8000", "duel_start_lp", "both players start the Duel with 8000 LP"),
    ("duel", "start", "hand"): ("5", "duel_start_hand", "both players draw 5 cards to begin the Duel"),
    ("duel", "search", "shuffle"): ("yes", "duel_shuffle_after_search", "the Deck is shuffled after an effect searches it"),
    **{("leave_field", where, "activates"): (answer, "duel_leaves_field", f"a 'leaves the field' effect {verb} when "
                                                                        f"the monster {said}")
       for where, answer, verb, said in (
           ("gy", "yes", "activates", "is sent to the GY"), ("banished", "yes", "activates", "is banished"),
           ("deck", "no", "does not activate", "is shuffled into the Deck"),
           ("extra", "no", "does not activate", "is returned to the Extra Deck"),
           ("hand", "no", "does not activate", "is returned to the hand"),
           ("xyz_material", "no", "does not activate", "becomes an Xyz Material"))},
    ("zone", "trap_monster_face_down", "reset"): ("yes", "duel_trap_monster_face_down",
                                                        "a Trap Monster still treated as a Trap that is flipped face-down "
                                                        "is Set again in a Spell & Trap Zone"),
}
