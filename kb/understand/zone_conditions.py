"""A card whose activation needs a card in the Spell & Trap Zone, when the only such card told is a Field Spell
in the Field Zone (a player whose only non-monster card is a named Field Spell, asking to activate a card that
needs a card in their Spell & Trap Zone): a Field Spell is not a card in the Spell & Trap Zone, so the
condition is not met
(``{"ask": "rule_fact", "topic": "zone", "subject": "field_only", "asked": "st_zone_condition"}``, answered
from :mod:`kb.engine.zone_facts`, row quoting prb2017's Field Zone page and its Snow Plow example).

Read only when the story names a Field Spell and the asked card's text says "while / if you control a
card(s) in your Spell & Trap Zone" (a requirement the parenthesis, if any, must repeat); a condition on
"Spells/Traps" (a Field Spell is one) is another rule and gives no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT

__all__ = ["zone_condition_shapes"]

_CARD = CARD_SLOT
_SEP = r"(?: \.)? "
_NEEDS_ST = re.compile(r"\b(?:while|if) you control (?:a (?:face-up )?card(?:\(s\))?|cards?|at least 1 card) in your "
                       r"Spell & Trap (?:Card )?Zone", re.I)


def _ent(group: str | None) -> int | None:
    return int(group.split()[0][1:]) if group else None


def _field_only(m: re.Match, cards) -> tuple[dict, str] | None:
    field, card = cards(_ent(m["f"])), cards(_ent(m["c"]))
    if field is None or card is None or field.name == card.name:
        return None
    if field.card_type != "Spell" or field.property != "Field":
        return None  # the one card told is not a Field Spell
    if not _NEEDS_ST.search(card.text or ""):
        return None  # the asked card's text does not need a card in the Spell & Trap Zone
    paren = m["paren"]
    if paren and not re.search(r"(?:spell & trap|spell/trap|s/t)(?: card)? zone", paren):
        return None  # the parenthesis says something else
    return ({"topic": "zone", "subject": "field_only", "asked": "st_zone_condition"},
            f"can {card.name} (needs a card in the Spell & Trap Zone) be activated when the only such card is "
            f"{field.name} in the Field Zone")


@lru_cache(maxsize=1)
def zone_condition_shapes() -> list:
    """The shapes of this module, as ``(name, pattern, handler)``."""
    only = (r"(?:the only (?:card|cards|spell or trap|spell/trap|non-monster card) i (?:have|control)(?: on the field| on "
            r"my field)?(?: (?:besides|other than|apart from|except for|aside from) (?:my )?monsters)? (?:is|are)|i "
            r"(?:only )?(?:have|control)(?: only)?)")
    return [
        ("the only card besides monsters is a Field Spell: can I activate X (needs a card in the Spell & Trap Zone)",
         re.compile(rf"^(?:(?:if|when|while) )?{only} (?P<f>{_CARD})(?: face-up)?(?: in my field zone)?(?: and (?:my )?monsters)?"
                    rf"{_SEP}can i (?:still )?activate (?P<c>{_CARD})(?: effect)?(?: \( (?P<paren>[^()]+) \))?$"),
         _field_only),
    ]
