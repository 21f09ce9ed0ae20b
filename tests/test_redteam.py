"""The red-team question set (tests/golden/ask_redteam.jsonl): questions written from the five rulebooks'
rule statements that the dev set does not ask (other cards, paraphrases, near misses, casual phrasing),
each with its source and verbatim quote; scored against the full knowledge base with a floor. Also the
mechanisms fixed after reading its answers, on sentences written for these tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kb import engine
from kb.config import REPO_ROOT
from kb.understand import understand

REDTEAM_SET = REPO_ROOT / "tests" / "golden" / "ask_redteam.jsonl"
# measured at 04:10 UTC on 2026-11-25 (bench/ask_eval.py --set tests/golden/ask_redteam.jsonl): 231 questions,
# 96 right, 0 wrong, 135 unknown, 0 errors; at 07:45 (session 3, whose readers were built looking at this set's
# unknown answers, so it no longer predicts held-out figures): 226 right, 0 wrong, 5 unknown.
# session 5 (13:35): 228 right, 0 wrong, 3 unknown.
# Raise RIGHT_FLOOR when more are answered; WRONG stays 0.
RIGHT_FLOOR = 228
WRONG_CEILING = 0


def test_redteam_set_floor(session, full_kb):
    """Right answers on the red-team set may not drop below the measured count; none may be wrong."""
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    try:
        import ask_eval
    finally:
        sys.path.pop(0)
    result = ask_eval.evaluate(session, ask_eval.load_items([REDTEAM_SET]), kb_path=full_kb)
    counts = result["by_kind"].values()
    right = sum(c.get("right", 0) for c in counts)
    wrong = sum(c.get("wrong", 0) for c in counts)
    errors = sum(c.get("error", 0) for c in counts)
    wrong_items = [(r["id"], r.get("got")) for r in result["rows"] if r["outcome"] == "wrong"]
    assert wrong <= WRONG_CEILING, f"wrong answers on the red-team set: {wrong} {wrong_items[:5]}"
    assert errors == 0, f"errors on the red-team set: {errors}"
    assert right >= RIGHT_FLOOR, f"right answers dropped: {right} < {RIGHT_FLOOR}"


def test_redteam_set_is_well_formed():
    """Every question has the dev set's fields, a known kind, a source naming a seed and a quote."""
    import json

    kinds = {"chain", "spell_speed", "damage_step", "negation", "segoc", "summon", "battle", "zone", "phase",
             "cost", "timing_missing", "card_type", "other"}
    rows = [json.loads(line) for line in REDTEAM_SET.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 150
    assert len({r["id"] for r in rows}) == len(rows)
    for row in rows:
        assert set(row) >= {"id", "question", "kind", "answer", "explanation", "source", "quote"}, row["id"]
        assert row["kind"] in kinds, row["id"]
        assert row["quote"] and row["source"].split()[0].endswith(".txt"), row["id"]


# ------------------------------------------- a kind of card named again is the same chain link (story.py)


def _chain(session, text):
    reading = understand(session, text)
    return reading.frame.question if reading.frame else None


@pytest.mark.parametrize(
    "text,links",
    [
        # "to my own Quick-Play Spell" is the Quick-Play Spell already told: 2 links, not 3
        ("I activate a Quick-Play Spell, then I chain a Counter Trap to my own Quick-Play Spell. "
         "Can my opponent chain a Counter Trap?", 2),
        ("My opponent activates a Normal Spell, then I chain a Counter Trap to my opponent's Normal Spell. "
         "Can my opponent chain a Quick-Play Spell?", 2),
        ("I activate a Normal Spell, then I chain a Quick-Play Spell to my Normal Spell. "
         "Can my opponent chain a Counter Trap?", 2),
    ],
)
def test_kind_of_card_named_again_is_the_same_link(session, full_kb, text, links):
    question = _chain(session, text)
    assert question is not None and len(question["to"]) == links, question


@pytest.mark.parametrize(
    "text,expect",
    [
        ("I activate a Quick-Play Spell, then I chain a Counter Trap to my own Quick-Play Spell. "
         "Can my opponent chain a Counter Trap?", "yes"),
        ("My opponent activates a Normal Spell, then I chain a Counter Trap to my opponent's Normal Spell. "
         "Can my opponent chain a Quick-Play Spell?", "no"),
        # two Quick-Play Spells told and "the Quick-Play Spell": which one is not said
        ("I activate a Quick-Play Spell, my opponent chains a Quick-Play Spell, then I chain a Counter Trap "
         "to the Quick-Play Spell. Can my opponent chain a Counter Trap?", "unknown"),
    ],
)
def test_kind_of_card_named_again_answers(session, full_kb, text, expect):
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == expect


def test_kind_of_card_of_the_other_player_is_another_link(session, full_kb):
    """A kind of card said to be the other player's is not the earlier one: a link of its own."""
    question = _chain(
        session,
        "My opponent activates a Normal Spell, then I chain a Quick-Play Spell to my Normal Spell. "
        "Can my opponent chain a Counter Trap?",
    )
    assert question is None or len(question["to"]) == 3


# ------------------------------------------------ near misses from card text: never the wrong yes/no
# Red-team questions whose answer comes from a card's text rather than a rulebook sentence (so they are
# not in the golden set): other cards, the other player, another kind of Summon or moment. An answer may
# be "unknown", never the other yes/no (or another number).


@pytest.mark.parametrize(
    "text,expect",
    [
        ("Can Ash Blossom & Joyous Spring negate Pot of Greed?", "no"),  # drawing is not adding from the Deck
        ("Can Ash Blossom & Joyous Spring negate Mystical Space Typhoon?", "no"),
        ("Can I activate Effect Veiler during my own turn?", "no"),  # "During your opponent's Main Phase"
        ("Can my opponent chain Effect Veiler to my Pot of Greed?", "yes"),
        ("Can Effect Veiler negate a Spell Card?", "no"),
        ("does solemn strike stop a flip summon", "no"),  # Special Summons only
        ("Can Solemn Strike negate the activation of a Spell Card?", "no"),
        ("Can Black Horn of Heaven negate a Normal Summon?", "no"),
        ("Can Black Horn of Heaven negate a Synchro Summon?", "yes"),
        ("Can Thunder King Rai-Oh negate a Normal Summon?", "no"),
        ("Can Seven Tools of the Bandit negate a Spell Card?", "no"),
        ("Can Seven Tools of the Bandit negate a Continuous Trap?", "yes"),
        ("Can Magic Jammer negate the activation of a Trap Card?", "no"),
        ("Can Dark Bribe negate the activation of a monster effect?", "no"),
        ("can trap stun be chained to a counter trap", "no"),
        ("Can Trap Jammer be activated during my Main Phase?", "no"),
        ("can i activate dark hole on my opponents turn", "no"),
        ("can i activate book of moon during the damage step", "no"),
        ("can i activate book of moon during my opponents battle phase", "yes"),
        ("can i activate mystical space typhoon the turn i set it", "no"),
        ("Can I activate Mirror Force when my own monster attacks?", "no"),
        ("Can I activate Torrential Tribute when my opponent activates a Spell Card?", "no"),
        ("Can I activate Bottomless Trap Hole when my opponent Normal Summons a 1000 ATK monster?", "no"),
        ("Call of the Haunted, chained to Pot of Greed, Special Summons Night's End Sorcerer. "
         "Can Night's End Sorcerer's effect be activated?", "no"),
        ("Tour Guide From the Underworld is Special Summoned. Can its effect be activated?", "no"),
        ("Sangan is banished from the field. Does its effect activate?", "no"),
        ("Mystic Tomato is destroyed by Raigeki. Can its effect be activated?", "no"),
        ("My opponent's Pendulum Scales are 1 and 8. Can I Pendulum Summon a Level 5 monster?", "no"),
        ("My Pendulum Scales are 3 and 3. Can I Pendulum Summon a Level 3 monster?", "no"),
        ("Can I Tribute Summon a Level 4 monster by Tributing one monster?", "no"),
        ("I have 7 cards in my hand in my End Phase. How many cards must I discard?", "1"),
        ("My 2000 ATK monster attacks my opponent's 1000 DEF face-down Defense Position monster. "
         "How much damage does my opponent take?", "0"),
        ("Can I activate a Trap during my Draw Phase before drawing?", "no"),
    ],
)
def test_near_misses_are_never_wrong(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)["answer"]
    assert answer in (expect, "unknown"), f"{text!r}: {answer!r}, expected {expect!r} or 'unknown'"


# -------------------------------- adverbs that change the question: "only", "always", "usually" ...
# "only" is not skipped as an empty adverb (kb/understand/intent.py _OPT): left unread, the question is
# unknown. "always" / "usually" / "normally" / "generally" quantify over the cards of the kind asked
# (kb/understand/habitual.py): "always" is no when a card of the kind cannot; in the Damage Step "normally"
# is no when one card the kind can be (a Normal Trap) cannot; elsewhere a yes that holds only for some cards
# of the kind becomes unknown.


@pytest.mark.parametrize(
    "text",
    [
        "Can a Counter Trap only be chained to a Counter Trap?",  # no: it can be chained to anything
        "Can a Quick-Play Spell only be activated during my own turn?",  # no: a Set one in either turn
        "Can a Normal Trap only be activated during the Battle Phase?",
        "In general, can a Trap Card be activated during the Damage Step?",
        # "always" about a card every reading of which may be able: every place and condition is not checked
        "Can a Counter Trap always be activated during the Damage Step?",
    ],
)
def test_only_always_usually_are_not_dropped(session, full_kb, text):
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text",
    [
        "Can a Quick Effect always be activated during the Damage Step?",  # no: only some kinds
        "Can a Trap Card always be activated during the Damage Step?",
        "Can a Quick-Play Spell usually be activated during the Damage Step?",  # no: only ATK/DEF changers...
        "Can a Trap Card normally be activated during the Damage Step?",
        "can a quick effect generally be activated during damage calculation",
    ],
)
def test_always_usually_in_the_damage_step_quantify_over_the_kind(session, full_kb, text):
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "no"


@pytest.mark.parametrize(
    "text,expect",
    [
        # a yes that every card of the kind gives stands with "usually" / "normally"
        ("Can the activated effect of a face-up Continuous Trap usually be chained to other cards or effects?",
         "yes"),
        ("Can a Counter Trap normally be chained to a Quick-Play Spell?", "yes"),
        # a no stands: no card of the kind can
        ("Can a Normal Spell usually be chained to a Quick-Play Spell?", "no"),
        # without the adverb the kind is answered as "is it possible for some card of that kind?"
        ("Can a Trap Card be activated during the Damage Step?", "yes"),
    ],
)
def test_usually_keeps_answers_every_card_gives(session, full_kb, text, expect):
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == expect
