"""Deck construction as rule facts (``{"ask": "rule_fact", "topic": "deck"}``): how many cards the Main,
Extra and Side Deck hold and how many copies of one card a player may use, from the Perfect Rulebook's
"Necessary items" pages.  The rows are merged into ``RULES`` by :mod:`kb.engine.rule_facts`."""

from __future__ import annotations

__all__ = ["DECK_LIMITS", "DECK_RULES", "deck_answer"]


def _row(statement: str, sections: list[str], quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": sections[0], "text": quote}}


DECK_RULES: dict[str, dict] = {
    "deck_main_size": _row("A Main Deck has 40 to 60 cards (Extra Deck and Side Deck cards do not count).",
                           ["prb2017:main-deck"], "A Main Deck must have from 40 to 60 cards."),
    "deck_extra_size": _row("An Extra Deck has 0 to 15 cards.", ["prb2017:extra-deck"],
                            "An Extra Deck must have from 0 to 15 cards."),
    "deck_side_size": _row("A Side Deck has 0 to 15 cards.", ["prb2017:side-deck"],
                           "A Side-Deck must have from 0 to 15 cards."),
    "deck_copies": _row("A player can use up to 3 copies of a card, counting the Main, Extra and Side Deck together.",
                        ["prb2017:side-deck", "community:4.1"],
                        "You can only combine up to 3 copies of the same card between the Main Deck, Side-Deck and "
                        "Extra Deck."),
}

# deck -> (fewest cards, most cards, rule)
DECK_LIMITS = {"main": (40, 60, "deck_main_size"), "extra": (0, 15, "deck_extra_size"),
               "side": (0, 15, "deck_side_size")}
MAX_COPIES = 3


def deck_answer(question: dict) -> dict:
    """``{"topic": "deck", "deck": "main"|"extra"|"side", "cards": N}`` (can that Deck hold N cards) or
    ``{"topic": "deck", "copies": N}`` (can a player use N copies of one card)."""
    from ..errors import BadQuestionError
    from .rule_facts import answer_object

    if "copies" in question:
        n = question["copies"]
        if type(n) is not int or n < 0:
            raise BadQuestionError(f"copies: {n!r} is not a whole number", field="copies", value=n)
        ok = n <= MAX_COPIES
        return answer_object("yes" if ok else "no", f"up to {MAX_COPIES} copies of a card can be used ({n} "
                                                    f"{'is' if ok else 'is not'} allowed)", "deck_copies",
                             f"{n} copies of one card")
    deck, n = question.get("deck"), question.get("cards")
    if deck not in DECK_LIMITS:
        raise BadQuestionError(f"deck: {deck!r} is not one of main, extra, side", field="deck", value=deck)
    if type(n) is not int or n < 0:
        raise BadQuestionError(f"cards: {n!r} is not a whole number", field="cards", value=n)
    low, high, rule = DECK_LIMITS[deck]
    ok = low <= n <= high
    return answer_object("yes" if ok else "no", f"a {deck.capitalize()} Deck has {low} to {high} cards ({n} "
                                                f"{'is' if ok else 'is not'} allowed)", rule, f"a {deck} Deck of {n}")
