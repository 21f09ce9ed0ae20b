"""Targeting: what a targeting text can point at."""

from __future__ import annotations

import re

from ...text import fold_quotes

__all__ = ["target_kinds", "split_cost_and_target"]

# the text between ":" and ";" holds both the cost and the targeting; a clause that starts with "target"
# (after "You can"/"then"/"and") is the targeting, the rest is the cost
_CLAUSE_SPLIT = re.compile(r",\s*(?:then|and|and then)\s+|\s+(?:and|then|to)\s+(?=target)|,\s+(?=target)")
_TARGET_CLAUSE = re.compile(r"^(?:you can\s+|then\s+|and\s+|also\s+)?(?:target|targeting)\b", re.IGNORECASE)


def split_cost_and_target(text: str) -> tuple[str, str]:
    """``(cost, targeting)`` of the text between an effect's ``:`` and ``;`` (either may be "").

    "You can discard 1 card, then target 1 monster" -> ``("You can discard 1 card", "target 1 monster")``;
    "targeting 1 monster in your GY" -> ``("", "targeting 1 monster in your GY")``.  Targeting is not a cost.
    """
    cost, target = [], []
    for clause in _CLAUSE_SPLIT.split(text.strip()):
        clause = clause.strip().strip(",").strip()
        if clause:
            (target if _TARGET_CLAUSE.match(clause) else cost).append(clause)
    if target and cost and re.match(r"^(?:You can|you can)\b", text.strip()) and not cost[0].lower().startswith(
            "you can"):
        cost[0] = "You can " + cost[0]
    target_text = ", ".join(re.sub(r"^(?:you can\s+|then\s+|and\s+|also\s+)", "", t, flags=re.IGNORECASE)
                            for t in target)
    return ", then ".join(cost), target_text


_TARGET_OBJECT = re.compile(r"\btarget(?:s|ing)?\b(?: for an attack)?([^;:]*)", re.IGNORECASE)


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
