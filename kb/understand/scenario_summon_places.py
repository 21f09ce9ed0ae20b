"""Where a named card that performs a Fusion Summon takes its Fusion Materials, asked in one sentence: "can
Polymerization use a Fusion Material from my Deck?", "can I use monsters in my GY as material for Miracle
Fusion?", "with Fusion Destiny, can I use a monster from my Deck?" -> ``{"ask": "fusion_places", "card", "from"}``
(answered from the card's text by :mod:`kb.engine.fusion_places`).  The words are data
(``scenario_summon_places_words.toml``); registered by :func:`kb.understand.scenario_summon.read_summon_fact`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .vocabulary import alternation, word_file

__all__ = ["place_shapes", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("scenario_summon_places_words.toml")
_SAID = {"hand": "the hand", "deck": "the Deck", "gy": "the GY", "field": "the field", "extra": "the Extra Deck",
         "banished": "banishment", "opponent_field": "the opponent's field"}


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def _alt(section: str, key: str | None = None) -> str:
    node = _words()[section]
    return alternation(node[key] if key else [w for ws in node.values() for w in ws])


def _place(words: str) -> str | None:
    return next((k for k, ws in _words()["places"].items() if words in ws), None)


def _fusion_places(m: re.Match, card_of):
    """The card named performs a Fusion Summon (its text says so); the place asked (a face-down monster: the
    field)."""
    card = card_of(int((m["c"] or m["c2"] or m["c3"])[1:]))
    down = bool(m["d"] or m["d2"] or m["d3"])
    place = "field" if down else _place(m["p"] or m["p2"] or m["p3"] or "")
    if card is None or card.is_monster or place is None or "fusion summon" not in (card.text or "").lower():
        return None
    question = {"ask": "fusion_places", "card": card.name, "from": place}
    if down:
        question["face_down"] = True
        return question, f"can {card.name} use a face-down monster on the field as Fusion Material"
    return question, f"can {card.name} use Fusion Materials from {_SAID[place]}"


@lru_cache(maxsize=1)
def place_shapes() -> list:
    """The shapes of this module (name, pattern over the rendered sentence, handler(match, card_of))."""
    mat, as_, frm, for_, use = (_alt("material", k) for k in ("words", "as", "from", "for", "use"))
    place, down = _alt("places"), _alt("material", "face_down")
    can_i = r"(?:can|could|may) (?:i|you)"
    return [(
        "where a card that performs a Fusion Summon takes its materials",
        re.compile(
            rf"^(?:can|could|does|will) (?P<c>e\d+) (?:(?:let|allow) (?:me|you) (?:to )?)?(?:{use}) (?:(?:{mat}) "
            rf"(?:{frm}) (?P<p>{place})|(?P<d>{down}))(?: (?:{as_}))?$|"
            rf"^{can_i} (?:{use}) (?:(?:{mat}) (?:{frm}) (?P<p2>{place})|(?P<d2>{down}))(?: (?:{as_}))? (?:{for_}) "
            rf"(?P<c2>e\d+)$|"
            rf"^(?:with|using|when i activate|when activating|for) (?P<c3>e\d+) {can_i} (?:{use}) (?:(?:{mat}) "
            rf"(?:{frm}) (?P<p3>{place})|(?P<d3>{down}))(?: (?:{as_}))?$"),
        _fusion_places,
    )]
