"""The order of the turn and battle, asked in words (session 3): rule facts of cr-draft 400-413 and 201.7
(kb/engine/sim/phase_rules.py, kb/understand/phase_facts_words.toml) and the simulator's phase order
(kb/engine/sim/phases.py).  Sentences written for these tests: paraphrases, other phases, and near-misses
that must not be read (the answer would depend on something the question does not say)."""

from __future__ import annotations

import pytest

from kb.understand.answer import ask_plain


def _cited(got) -> set[str]:
    return {ident for step in got["steps"] for ident in step["cites"]}


@pytest.mark.parametrize(
    "text,answer,rule",
    [
        # skipping phases: only the Battle Phase and Main Phase 2 can be skipped (400.1)
        ("Can I skip my Battle Phase this turn?", "yes", "cr-draft:400.1"),
        ("Is the Battle Phase optional?", "yes", "cr-draft:400.1"),
        ("Can the Battle Phase be skipped?", "yes", "cr-draft:400.1"),
        ("Do I have to conduct a Battle Phase every turn?", "no", "cr-draft:400.1"),
        ("Is the Battle Phase mandatory?", "no", "cr-draft:400.1"),
        ("can i just skip the standby phase", "no", "cr-draft:400.1"),
        ("Can the End Phase be skipped?", "no", "cr-draft:400.1"),
        ("Is my Draw Phase optional?", "no", "cr-draft:400.1"),
        ("Is the Standby Phase performed even if nothing happens?", "yes", "cr-draft:400.1"),
        ("Must I conduct my Main Phase 1?", "yes", "cr-draft:400.1"),
        # after a Battle Phase, Main Phase 2 must be entered (412.4)
        ("After I conduct a Battle Phase, can I move straight to the End Phase and skip Main Phase 2?", "no",
         "cr-draft:412.4"),
        ("Can I go from my Battle Phase directly to the End Phase?", "no", "cr-draft:412.4"),
        ("Can I skip the second main phase after conducting a Battle Phase?", "no", "cr-draft:412.4"),
        # the steps of the Battle Phase (403.1, 404.3)
        ("Can I go from the Start Step straight to the End Step?", "no", "cr-draft:404.3"),
        ("Can I skip the Battle Step and go directly to the End Step?", "no", "cr-draft:404.3"),
        ("How many steps are there in the Battle Phase?", "4", "cr-draft:403.1"),
        # extra Battle Phases (400.5a)
        ("When several card effects allow me to conduct an extra Battle Phase, how many additional Battle Phases "
         "can I conduct?", "1", "cr-draft:400.5a"),
        ("If two effects grant the turn player another Battle Phase, can they perform two extra Battle Phases?", "no",
         "cr-draft:400.5a"),
        # lasting effects and the End Phase (413.4, 400.3)
        ("Do effects that last until the end of the turn end at the start of the End Phase?", "no",
         "cr-draft:413.4"),
        ("Is an effect that lasts until the end of the turn still active during the End Phase?", "yes",
         "cr-draft:413.4"),
        ("Does an effect lasting until the End Phase expire when the End Phase begins?", "no", "cr-draft:400.3"),
        # the hand size limit (a number)
        ("How many cards may a player keep in their hand at the end of the turn?", "6", "md:end-phase"),
        ("What is the hand size limit?", "6", "md:end-phase"),
        # 0 ATK / DEF destroys nothing (201.7)
        ("Does a monster get destroyed if its DEF drops to 0?", "no", "cr-draft:201.7"),
        ("If my monster's ATK is reduced to 0, is it destroyed?", "no", "cr-draft:201.7"),
        # replays: no limit; choosing the new target is not an attack declaration (405.5a-b)
        ("Is there any limit on the number of replays that can happen during one attack?", "no", "cr-draft:405.5b"),
        ("Can a replay be triggered more than once on the same attack?", "yes", "cr-draft:405.5b"),
        ("After a replay, when I choose a new target, does that count as a new attack declaration?", "no",
         "prb2017:battle-replays"),
    ],
)
def test_turn_rule_facts(session, text, answer, rule):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") == "rule_fact", got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    assert rule in _cited(got)


@pytest.mark.parametrize(
    "text",
    [
        # Main Phase 2 can be skipped, unless a Battle Phase was conducted: not decided without it
        "Can I skip Main Phase 2?",
        # "the Main Phase": Main Phase 1 cannot be skipped, Main Phase 2 can
        "Can I skip my Main Phase?",
        # during the turn there is no limit on the hand: only at the end of the End Phase
        "How many cards can I have in my hand?",
        # an effect that skips a phase is a card's text, not the player's choice
        "Can a card effect skip my Draw Phase?",
        # a monster whose ATK is 0 battling: the battle decides, not 201.7
        "Is a monster with 0 ATK destroyed when it attacks a monster with 1000 ATK?",
        # "a replay" without "limit / more than once"
        "Is there a replay on one attack?",
    ],
)
def test_turn_rule_facts_not_read(session, text):
    got = ask_plain(session, text)
    assert (got.get("parsed") or {}).get("ask") != "rule_fact" or got["answer"] == "unknown"
