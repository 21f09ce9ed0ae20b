"""Kinds of Spell and Trap Cards read as rule facts (kb/understand/spell_trap_facts.py, answered from
kb/engine/spell_trap_facts.py): sentences written for these tests, the answer and the section cited, and
near-misses that stay "unknown"."""

from __future__ import annotations

import pytest

from kb.engine.rule_facts import FACTS
from kb.engine.rules import RULES
from kb.engine.spell_trap_facts import SPELL_TRAP_FACTS, SPELL_TRAP_RULES
from kb.understand.answer import ask_plain


@pytest.mark.parametrize(
    "text,answer,quoted",
    [
        ("Does an Equip Spell stay on the field after it resolves?", "yes", "prb2017:equip-spells"),
        ("Do Counter Traps go to the Graveyard after they resolve?", "unknown", None),  # "they": no shape
        ("Does a Counter Trap go to the GY after it resolves?", "yes", "prb2017:counter-traps"),
        ("Is a Continuous Trap Card sent to the Graveyard after activation?", "no", "prb2017:continuous-traps"),
        ("Will a Normal Trap remain on the field after it resolves?", "no", "prb2017:normal-traps"),
        ("Do Quick-Play Spells stay on the field after resolving?", "no", "prb2017:quick-play-spells"),
        ("Can I equip an Equip Spell to my opponent's monster?", "yes", "prb2017:equip-spells"),
        ("Can a single monster have two Equip Spells at once?", "yes", "prb2017:equip-spells"),
        ("When the activation of my Equip Spell Card is negated, is the monster still equipped?", "no",
         "prb2017:equip-spells"),
        ("If the equipped monster is turned face-down, is my Equip Spell destroyed?", "yes", "prb2017:equip-spells"),
        ("Can I still activate a Quick-Play Spell from my hand while all my Spell & Trap Zones are occupied?", "no",
         "prb2017:activating-spell-cards"),
        ("Can I Set a Field Spell when all of my Spell/Trap Zones are full?", "yes", "prb2017:setting-spell-cards"),
        ("Can I Set a Trap while all my Spell & Trap Zones are full?", "no", "prb2017:setting-trap-cards"),
        ("Can my opponent tell if my set card is a Spell or a Trap?", "no", "prb2017:setting-spell-cards"),
        ("Can I check my own face-down cards at any time?", "yes", "prb2017:setting-spell-cards"),
        ("Is the face-down card in my Field Zone considered a Field Spell?", "yes", "prb2017:setting-spell-cards"),
        ("If I activate another Field Spell, is my old Field Spell destroyed?", "no", "prb2017:field-spells"),
        ("Are Pendulum Monsters in the Pendulum Zone treated as Equip Spells?", "no",
         "prb2017:pendulum-monsters-treated-as-spell-cards"),
        ("Does a Continuous Trap's effect still apply after it leaves the field?", "no", "prb2017:continuous-traps"),
        ("If an Equip Spell leaves the field, do its effects still apply?", "no", "prb2017:equip-spells"),
        ("If a Field Spell is destroyed in a chain to its own effect, does the effect resolve?", "no",
         "prb2017:field-spells"),
        ("Is activating a Field Spell's effect treated as activating a Spell Card?", "no", "prb2017:field-spells"),
        ("Is a Trap Card that equips itself to a monster still a Trap Card?", "yes", "prb2017:normal-traps"),
        ("Is a Union monster equipped to another monster still treated as a monster?", "no", "cr-draft:202.15d"),
        ("A Fiend monster equipped with Dark Energy becomes a Zombie monster because of DNA Surgery. Is Dark Energy "
         "destroyed?", "yes", "prb2017:equip-spells"),
        ("A Warrior monster equipped with Legendary Sword becomes a Dragon through DNA Surgery. What happens to "
         "Legendary Sword?", "it is destroyed", "prb2017:equip-spells"),
        ("If the equipped monster's Type changes so it no longer meets the Equip Spell's condition, is the Equip Spell "
         "destroyed?", "yes", "prb2017:equip-spells"),
    ],
)
def test_spell_trap_facts(session, text, answer, quoted):
    got = ask_plain(session, text)
    assert got["answer"] == answer, (text, got.get("understood"), got.get("explanation"))
    if quoted:
        assert got["parsed"]["ask"] == "rule_fact" and not got.get("unused_words")
        assert quoted in [c for step in got["steps"] for c in step["cites"]]


@pytest.mark.parametrize(
    "text",
    [
        "Does a Spell Card stay on the field after it resolves?",  # depends on its kind
        "Can I activate a Trap Card if all my Spell & Trap Zones are occupied?",  # a Set Trap needs no new zone
        "If the equipped monster is flipped face-down, what happens to the Equip Spell?",  # no text answer row
        "Does a Counter Spell stay on the field after it resolves?",  # no such kind
        "Can a Continuous Spell be equipped to my opponent's monster?",  # not an Equip Spell
        "Does a Normal Spell's effect still apply after it leaves the field?",  # no row for Normal Spells
        "A Warrior monster equipped with Legendary Sword becomes Warrior through DNA Surgery. Is Legendary Sword "
        "destroyed?",  # the Type does not change
        "A Warrior monster equipped with Axe of Despair becomes Fiend through DNA Surgery. Is Axe of Despair "
        "destroyed?",  # Axe of Despair equips to any monster
        "A Warrior monster equipped with Legendary Sword becomes Fiend through DNA Surgery. Is Dark Energy destroyed?",
        "Is activating a Quick-Play Spell's effect treated as activating a Spell Card?",  # no row
    ],
)
def test_spell_trap_near_misses(session, text):
    assert ask_plain(session, text)["answer"] == "unknown", text


def test_spell_trap_rows_merged():
    for key, (answer, rule, detail) in SPELL_TRAP_FACTS.items():
        assert key in FACTS and rule in RULES and answer and detail
    for key, row in SPELL_TRAP_RULES.items():
        assert RULES[key] is row and row["quote"]["id"] in row["sections"]
