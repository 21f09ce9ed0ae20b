"""Deck construction as rule facts (``{"ask": "rule_fact", "topic": "deck"}``): how many cards the Main,
Extra and Side Deck hold and how many copies of one card a player may use, from the Perfect Rulebook's
"Necessary items" pages.  The rows are merged into ``RULES`` by :mod:`kb.engine.rule_facts`."""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["DECK_LIMITS", "DECK_RULES", "deck_answer"]

# key -> row of RULES (deck_facts.toml, format: kb/engine/rule_table.py)
DECK_RULES, _ = load_rule_table(Path(__file__).with_name("deck_facts.toml"))

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
