"""A named monster's revival asked after a story of how it reached the GY, read by filling slots in any
order: "Stardust Dragon was Synchro Summoned and later destroyed. Can I revive it with Monster Reborn?", "I
sent Stardust Dragon from my Extra Deck to the GY. Can Monster Reborn Special Summon it?", "Can Monster Reborn
revive Dark Armed Dragon if it was discarded?".  The words are data (``summon_revival_words.toml``); every
word must fill a slot or be a filler, else the question is left to other readers.

The story becomes the monster in the GY, properly Summoned or not; the asked revival a Special Summon from
the GY by a card effect (the named card must be a Spell/Trap that Special Summons 1 monster from the GY, as
:func:`kb.understand.scenario_summons._q_revive_by` reads it).  The simulator decides: a monster that must
be Special Summoned (or an Extra Deck monster) and was not properly Summoned cannot be revived.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .scenario_draft import Draft
from .scenario_summons import _ANY_MONSTER_IN_GY
from .summon_negation import longest_slots, phrase_table, read_slot_frame
from .vocabulary import word_file

__all__ = ["read_revival", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("summon_revival_words.toml")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


@lru_cache(maxsize=1)
def _phrases() -> list[tuple[str, str, tuple[str, ...]]]:
    return phrase_table(_words(), keyed=("unsummoned", "asked", "subject", "cause"), flat=("summoned", "gone"))


def _scan(line: str) -> list | None:
    return longest_slots(line, _phrases())


def _question(slots: list, card_of) -> tuple[dict, str, set] | None:
    asked = [s for s in slots if s.kind == "asked"]
    if len(asked) != 1 or asked[0] is not slots[-1] and slots.index(asked[0]) != 0:
        return None
    ask = asked[0]
    story = [s for s in slots if s is not ask]
    reviver = ask.ents[0] if ask.key == "by_card" else None
    monsters = [e for s in story if s.kind == "subject" for e in s.ents] + ask.ents[1:]
    if ask.key == "by_card" and len(ask.ents) == 2:  # "can X revive Y" / "can I revive Y with X": X is the Spell/Trap
        kinds = [card_of(e) for e in ask.ents]
        if any(c is None for c in kinds) or kinds[0].is_monster == kinds[1].is_monster:
            return None
        reviver, target = (ask.ents[1], ask.ents[0]) if kinds[0].is_monster else (ask.ents[0], ask.ents[1])
        monsters = monsters[:-1] + [target]
    causes = {e for s in story if s.kind == "cause" for e in s.ents}
    if ask.key == "by_card" and len(ask.ents) == 2 and slots.index(ask) != 0:
        return None  # "X. Can Y revive Z?": Z is the monster of the story, said twice
    if len(set(monsters)) != 1:
        return None
    kinds = [k for s in story for k in s.kinds]
    summoned = [s for s in story if s.kind == "summoned"]
    gone = [s for s in story if s.kind == "gone"]
    unsummoned = [s for s in story if s.kind == "unsummoned" and s.key in ("extra", "main")]
    never = [s for s in story if s.kind == "unsummoned" and s.key == "never"]
    if len(summoned) > 1 or len(unsummoned) > 1 or len(set(kinds)) > 1:
        return None
    card = card_of(monsters[0])
    if card is None or not card.is_monster:
        return None
    frame = (card.extra_deck_frame or ("Ritual" if "Ritual" in card.abilities else "")).lower() or None
    kind = kinds[0] if kinds else None
    item: dict = {"card": card.name}
    if summoned and not unsummoned and not never:
        if not gone:
            return None  # properly Summoned, but not told to be in the GY
        if kind is None or kind not in ("normal", "tribute", "special", "flip") and kind != frame:
            return None  # "was properly Summoned" without the kind, or a kind the monster cannot have
        if card.summon_condition != "normal" and kind != frame:
            return None  # "Special Summoned" (how?) a monster with a Summoning condition: properly or not
        item.update(summoned=kind, properly=True)
        said = f"{card.name} was properly {kind.title()} Summoned, then sent to the GY"
    elif unsummoned and not summoned and not gone:
        where = unsummoned[0].key
        if (where == "extra") != bool(card.extra_deck_frame) or kind is not None and kind != frame:
            return None
        item.update(summoned=None, properly=False)
        said = f"{card.name} was sent from the {'Extra Deck' if where == 'extra' else 'hand or Deck'} to the GY " \
               f"without being Summoned"
    elif gone and not summoned and not unsummoned and not never and card.summon_condition == "normal" and \
            not card.extra_deck_frame and "Ritual" not in card.abilities:
        item.update(summoned=None, properly=False)  # how it was Summoned does not bear on it
        said = f"{card.name} (no Summoning condition) is in the GY"
    else:
        return None
    d = Draft(card_of=card_of)
    d.player("A").setdefault("gy", []).append(item)
    by = "a card effect"
    if reviver is not None:
        spell = card_of(reviver)
        text = (spell.text if spell is not None else "").lower()
        if spell is None or spell.is_monster or "special summon" not in text or not _ANY_MONSTER_IN_GY.search(text):
            return None  # only a Spell/Trap that Special Summons any 1 monster from the GY
        by = spell.name
    d.actions.append({"do": "special_summon", "card": card.name, "how": "effect", "from": "gy"})
    used = set(monsters) | ({reviver} if reviver is not None else set()) | causes
    return d.question({"kind": "legal"}), f"Simulated: {said}. Asked: can {by} Special Summon it from the GY?", used


def read_revival(skeleton, card_of) -> Frame | None:
    """The revival question of such a story, as a frame, or None."""
    return read_slot_frame(skeleton, _scan, _question, card_of)
