"""A cost asked back after its activation was negated, read from parts (the rule fact cost/negated/refunded).

The story says an activation (or effect) was negated -- passive ("my Cursed Seal gets negated", "the
activation of my card was negated by X") or active ("my opponent negates my X with Y") -- and the question
asks whether what was paid comes back (e.g. "are the 500 Life Points refunded?", "does the card I discarded
return to my hand?", "is my Tribute given back?").  The words are data (``scenario_refund_words.toml``); the
answer is the rule (costs are not refunded), whoever negated it and with whatever card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .skeleton import CARD_SLOT
from .vocabulary import phrase_alternation, word_file

__all__ = ["refund_shapes"]

_WORDS = Path(__file__).with_name("scenario_refund_words.toml")
_CARD = CARD_SLOT
_SEP = r"(?: \.| and| so| but)? "


def _w(*path: str) -> str:
    return phrase_alternation(word_file(_WORDS), *path)


def _refund(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "cost", "subject": "negated", "asked": "refunded"},
            "is a cost refunded when the activation (or effect) it was paid for is negated")


@lru_cache(maxsize=1)
def _parts() -> tuple[str, str]:
    thing = rf"(?:(?:my |the |a |an )?(?:{_CARD}|{_w('thing', 'words')}))"
    what = rf"(?: (?:{_w('thing', 'part')}))?"
    by = rf"(?: (?:by|with|using|through) (?:(?:my opponent's |their |the opponent's )?{_CARD}|{_w('thing', 'negator')}))?"
    negated = (rf"(?:(?:the )?(?:{_w('thing', 'part')}) of )?{thing}{what} (?:{_w('negated', 'be')}) negated{by}"
               rf"|(?:{_w('negated', 'who')}) (?:{_w('negated', 'verbs')}) (?:the (?:{_w('thing', 'part')}) of )?"
               rf"{thing}{what}{by}")
    paid = rf"(?:{_w('paid', 'things')}|the \d+ (?:lp|life points)(?: i paid| paid| i spent)?)"
    back = (rf"(?:do|will|would|can) i (?:{_w('back', 'get')}) (?:back )?{paid}(?: back)?"
            rf"|(?:is|are|will|does|do) {paid} (?:get |be |still |also )?(?:{_w('back', 'refunded')})"
            rf"|(?:do|will|would) i get (?:a refund|refunded)(?: (?:for|of|on) {paid})?")
    return negated, back


def refund_shapes() -> list:
    """Shapes ``(label, pattern, handler)`` for :func:`kb.understand.scenario_cost.read_rule_fact`."""
    negated, back = _parts()
    return [
        ("X was negated: do I get the cost back", re.compile(rf"^(?:if |when |after )?(?:{negated}){_SEP}(?:{back})$"),
         _refund),
        ("do I get the cost back if X is negated",
         re.compile(rf"^(?:{back}) (?:if|when|after|since) (?:{negated})$"), _refund),
    ]
