"""What a Spell/Trap (or a monster's effect) does to the ATK/DEF of the monster it is applied to, and whether it gives piercing battle
damage, read from its whole text (patterns are data: ``card_stats.toml``).  Every sentence must be read (an
effect of a known kind, or a sentence that changes nothing in a told battle: "Equip only to ...", "When this
card is sent to the GY: ..."); a card with any other sentence is "not read" (``None``), so that a clause the
simulator does not model ("but is unaffected by the effects of other Spells/Traps") never goes unnoticed.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

__all__ = ["CardStats", "own_battle_effect", "read_card_stats"]


@dataclass
class CardStats:
    """The changes a card applies (stats.py change objects), and piercing."""

    atk: list[dict] = field(default_factory=list)
    defense: list[dict] = field(default_factory=list)
    piercing: bool = False
    lasting: bool = False  # an Equip Spell: applied continuously while it is equipped


@lru_cache(maxsize=1)
def _table() -> dict:
    with Path(__file__).with_name("card_stats.toml").open("rb") as handle:
        data = tomllib.load(handle)
    subject = "|".join(re.escape(s) for s in data["subjects"])
    return {
        "prefix": re.compile("^(?:" + "|".join(data["prefixes"]) + ")", re.I),
        "suffix": re.compile("(?:" + "|".join(data["suffixes"]) + ")$", re.I),
        "ignored": [re.compile(f"^(?:{p})$", re.I) for p in data["ignored"]],
        "effects": [(kind, re.compile("^" + p.replace("SUBJECT", subject) + "$", re.I))
                    for kind, patterns in data["effects"].items() for p in patterns],
        "own_battle": [(kind, re.compile(f"^(?:{p})$", re.I)) for kind, patterns in data["own_battle"].items()
                       for p in patterns],
    }


def own_battle_effect(text: str) -> str | None:
    """What a monster's own lasting effect does to its battles ("piercing", "half", "double": the battle damage
    its opponent takes), when its whole text is one of the read kinds; else None."""
    core = re.sub(r"\s+", " ", text or "").strip().rstrip(".")
    return next((kind for kind, pattern in _table()["own_battle"] if pattern.match(core)), None)


def _sentences(text: str) -> list[str]:
    text = re.sub(r"\s+", " ", text.replace("\u25cf", ". ")).strip()
    return [s.strip() for s in re.split(r"(?<=[.!)])\s+(?=[A-Z(\"])", text) if s.strip(" .")]


def read_card_stats(card) -> CardStats | None:
    """The ATK/DEF changes and piercing a Spell/Trap ``card`` applies (or the one effect of a monster that changes
    ATK), or None when a sentence is not read."""
    if card is None:
        return None
    if card.card_type in ("Spell", "Trap") and card.property in ("Continuous", "Field"):
        return None  # applied while face-up to whatever matches: another rule (not modelled here)
    table = _table()
    out = CardStats(lasting=card.property == "Equip")
    read_any = False
    sentences = _sentences(card.text or "")
    if card.is_monster:  # the one effect of the monster that changes ATK (its other effects are not applied)
        sentences = [s for s in sentences if re.search(r"\bATK\b", s)]
        if len(sentences) != 1:
            return None
    for sentence in sentences:
        sentence = re.sub(r"\.\)$", ")", sentence).rstrip(".").strip()
        if any(p.match(sentence) for p in table["ignored"]):
            continue
        core = table["suffix"].sub("", table["prefix"].sub("", sentence)).strip()
        hit = next(((kind, m) for kind, p in table["effects"] if (m := p.match(core))), None)
        if hit is None:
            return None
        kind, match = hit
        read_any = True
        if kind == "piercing":
            out.piercing = True
            continue
        change = {"kind": kind, "by": card.name, "lasting": out.lasting}
        if "n" in match.groupdict():
            change["amount"] = int(match["n"])
        if out.lasting and kind not in ("gain", "lose"):
            return None  # a lasting effect that sets ATK: whether earlier changes reapply is not modelled
        out.atk.append(change)
        if match.groupdict().get("def"):
            out.defense.append(dict(change))
    return out if read_any else None
