"""Targeting: what a targeting text can point at."""

from __future__ import annotations

import re

from ...text import fold_quotes

__all__ = ["target_kinds"]

_TARGET_OBJECT = re.compile(r"\btargets?\b(?: for an attack)?([^;:]*)", re.IGNORECASE)


def target_kinds(text: str) -> list[str]:
    """What a targeting text can point at: ``monster``, ``spell_trap``, ``card`` (any card); [] when unclear.

    "target 1 Spell/Trap on the field" -> ``["spell_trap"]``; "targets exactly 1 Zombie monster" ->
    ``["monster"]``; "target 1 card on the field" -> ``["card"]``; "targets this card" -> ``["this_card"]``.
    """
    kinds: list[str] = []
    for match in _TARGET_OBJECT.finditer(re.sub(r'"[^"]*"', '"X"', fold_quotes(text))):
        words = re.sub(r"\([^)]*\)", "", match.group(1))  # "(and no other cards)"
        for kind, pattern in (("this_card", r"^\s*this (?:face-up |face-down |Set )?card\b"),
                              ("spell_trap", r"\b(?:Spells?|Traps?|Spell/Traps?|Spell/Trap Cards?|Spell Cards?|"
                                             r"Trap Cards?|Spells/Traps)\b"),
                              ("monster", r"\bmonsters?\b|\bTokens?\b"),
                              ("card", r"\bcards?\b(?!\s+(?:name|names|in (?:your|their|the) hand))")):
            if re.search(pattern, words) and kind not in kinds:
                kinds.append(kind)
                if kind == "this_card":
                    break
        if "card" in kinds and ("spell_trap" in kinds or "monster" in kinds) and re.search(
                r"\b(?:Spell|Trap|Spell/Trap) Cards?\b", words) and not re.search(r"(?<!Spell )(?<!Trap )(?<!/Trap )"
                                                                               r"\bcards?\b", words):
            kinds.remove("card")  # "Spell Card" names a Spell, not any card
    return kinds
