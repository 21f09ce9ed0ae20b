"""Casual player words: misspelt names around an exact part, possessives written without an apostrophe,
and "whats X's spell speed".  Sentences and cards here are not those of tests/golden/ask_casual2.jsonl."""

from __future__ import annotations

import pytest

from kb import engine
from kb.understand.mentions import find_mentions
from kb.understand.tokens import tokenize


def _cards(session, text):
    return [(e.text, e.name) for e in find_mentions(session, tokenize(text)) if e.kind == "card"]


@pytest.mark.parametrize(
    "text,written,name",
    [
        # a nickname inside a misspelt name: the misspelt first word joins it
        ("can solem judgment negate a summon", "solem judgment", "Solemn Judgment"),
        # a whole card name ("Trap Hole") inside a misspelt longer one
        ("can i chain bottomles trap hole to a normal summon", "bottomles trap hole", "Bottomless Trap Hole"),
        # the leading words of one name, then a misspelt last word
        ("can cyber dragon infinty negate a spell", "cyber dragon infinty", "Cyber Dragon Infinity"),
        ("i activate raigeki can they respond with call of the hauted", "call of the hauted", "Call of the Haunted"),
    ],
)
def test_misspelt_name_grows_over_the_exact_part(session, text, written, name):
    assert (written, name) in _cards(session, text)


@pytest.mark.parametrize(
    "text,cards",
    [
        # an exact name with only grammar beside it stays itself
        ("can teleport chain to giant trunade", [("teleport", "Teleport"), ("giant trunade", "Giant Trunade")]),
        # a nickname followed by question words stays the nickname's card
        ("does mirror activate if i set it", [("mirror", "Mirror Force")]),
        ("can i chain torrential tribute to my opponents summon", [("torrential tribute", "Torrential Tribute")]),
    ],
)
def test_exact_names_do_not_grow_over_question_words(session, text, cards):
    assert _cards(session, text) == cards


@pytest.mark.parametrize(
    "text,name",
    [("does sangans effect activate", "Sangan"), ("does kuribohs effect work in the damage step", "Kuriboh")],
)
def test_possessive_without_apostrophe_of_a_one_word_name(session, text, name):
    assert [n for _, n in _cards(session, text)] == [name]


def test_plural_game_words_are_not_read_as_cards(session):
    assert _cards(session, "can traps chain to spells") == []


@pytest.mark.parametrize(
    "text,expect",
    [
        ("whats the spell speed of mirror force", "2"),
        ("what is bottomless trap hole's spell speed", "2"),
        ("whats the spell speed of a flip effect", "1"),
        ("whats pot of greeds spell speed", "1"),
    ],
)
def test_whats_the_spell_speed(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer.get("explanation")
    assert answer["steps"][0]["cites"]


def test_whats_with_an_unmodelled_stat_stays_unknown(session, full_kb):
    answer = engine.ask(session, "whats the atk of maxx c", kb_path=full_kb)
    assert answer["answer"] == "unknown"


def test_misspelt_names_reach_the_engine(session, full_kb):
    """End to end: a misspelt Counter Trap name is answered as the card (SS3 over a Normal Spell)."""
    answer = engine.ask(session, "can solem judgment chain to pot of greed", kb_path=full_kb)
    assert answer["answer"] == "yes", answer.get("explanation")


# ------------------------------------------------------------------ casual spellings (vocabulary.toml)


def test_casual_spellings_are_read_in_full():
    from kb.understand.tokens import tokenize as tok

    words = [t.text for t in tok("whats my opp's best play if u set it on ur turn and the opps draw")]
    assert words[:3] == ["what's", "my", "opponent's"]
    assert "you" in words and "your" in words and "opponent's" in words[-3:]
    assert [t.text for t in tok("U.A. Midfielder")][0] == "U.A."  # initials of a name are no shorthand


@pytest.mark.parametrize(
    "casual,standard",
    [
        (
            "my opp activates pot of greed i chain twin twisters can they chain magic jammer",
            "my opponent activates pot of greed, i chain twin twisters, can they chain magic jammer",
        ),
        ("can i activate raigeki on my opps turn", "can i activate raigeki on my opponent's turn"),
        ("can u chain a quick play to a counter trap", "can you chain a quick play to a counter trap"),
    ],
)
def test_casual_spelling_reads_as_the_standard_one(session, full_kb, casual, standard):
    a = engine.ask(session, casual, kb_path=full_kb)
    b = engine.ask(session, standard, kb_path=full_kb)
    assert a["answer"] == b["answer"] and a["answer"] != "unknown", (a.get("explanation"), b.get("explanation"))
    assert a.get("understood") == b.get("understood")


# ------------------------------------------------------------- the bare turn as a setting (vocabulary.toml)


@pytest.mark.parametrize(
    "bare,full",
    [
        (
            "my turn my mother grizzly and my opponents shining angel are destroyed by battle which goes on the chain first",
            "on my turn my mother grizzly and my opponents shining angel are destroyed by battle which goes on the chain first",
        ),
        (
            "my opponent's turn my mother grizzly and their shining angel are destroyed by battle which goes on the chain first",
            "during my opponent's turn my mother grizzly and their shining angel are destroyed by battle which goes on the chain first",
        ),
    ],
)
def test_bare_turn_reads_as_the_turn_said_in_full(session, full_kb, bare, full):
    a = engine.ask(session, bare, kb_path=full_kb)
    b = engine.ask(session, full, kb_path=full_kb)
    assert a["answer"] == b["answer"] and a["answer"] not in ("unknown", "no", "yes")  # the card that is Chain Link 1
    assert a.get("understood") == b.get("understood")


def test_turn_words_that_say_more_stay_unused(session, full_kb):
    """'the turn after i set it' is no bare turn: the chain reading leaves it out, and the rule-claim reader
    reads the whole sentence (a Trap Set in an earlier turn can be activated) instead."""
    answer = engine.ask(session, "can i activate a normal trap the turn after i set it during my turn", kb_path=full_kb)
    assert answer["parsed"]["ask"] == "claim" and "later_turn" in answer["parsed"]["concepts"]
    assert answer["answer"] == "yes"


# ------------------------------------------------------------- the first word of exactly one card's name


@pytest.mark.parametrize(
    "text,name",
    [
        ("can kycoo chain to a counter trap", "Kycoo the Ghost Destroyer"),
        ("does treeborn come back if i control no spells", "Treeborn Frog"),
    ],
)
def test_first_word_of_one_name_is_that_card(session, text, name):
    assert [n for _, n in _cards(session, text)] == [name]


def test_first_word_of_several_names_stays_ambiguous(session):
    entities = find_mentions(session, tokenize("can mystic chain to a counter trap"))
    assert [e.kind for e in entities] == ["family"]
    assert not [e for e in find_mentions(session, tokenize("can a spirit monster chain to a trap")) if e.kind == "card"]


# ------------------------------------------------ "when my opponent summons" with no monster said (story.py)


@pytest.mark.parametrize(
    "text", ["can i activate torrential tribute when they summon", "can i use torrential tribute if my opponent summons"]
)
def test_summon_said_without_its_monster_is_the_summoning_moment(session, full_kb, text):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == "yes", answer.get("explanation")
    assert "Summoned" in answer["understood"]


def test_summon_followed_by_more_story_stays_unknown(session, full_kb):
    text = "can i activate torrential tribute when my opponent summons and then attacks"
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "unknown"


# ------------------------------------------ "destroyed by <a Spell/Trap Card>" is by a card effect (frame.py)


@pytest.mark.parametrize(
    "text,expect",
    [
        ("does shining angel activate if its destroyed by raigeki", "no_trigger"),
        ("does mother grizzly trigger if it gets destroyed by sakuretsu armor", "no_trigger"),
        ("does shining angel activate if its destroyed by a card effect", "no_trigger"),
    ],
)
def test_destroyed_by_a_spell_or_trap_is_by_effect(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer.get("timing", answer["answer"]) == expect, answer.get("explanation")


def test_destroyed_by_a_monster_is_not_read(session, full_kb):
    """A monster 'destroying' may mean a battle or its effect (kb/engine/timing_cause.py): when the two give
    different answers, unknown; a monster with no effect that destroys can only have destroyed by battle."""
    answer = engine.ask(session, "does shining angel activate if its destroyed by cyber jar", kb_path=full_kb)
    assert answer["answer"] == "unknown"
    answer = engine.ask(session, "does shining angel activate if its destroyed by dark magician", kb_path=full_kb)
    assert answer.get("timing", answer["answer"]) == "activates", answer.get("explanation")


@pytest.mark.parametrize(
    "casual,standard",
    [
        ("can i attack directly if my opponent controls a face down monster",
         "can i attack directly if my opponent controls a face-down monster"),
        ("can i use kuriboh during dmg calc", "can i use kuriboh during damage calculation"),
        ("can i activate twin twisters right from my hand on my opponent's turn",
         "can i activate twin twisters from my hand on my opponent's turn"),
    ],
)
def test_casual_phrases_read_as_the_standard_ones(session, full_kb, casual, standard):
    a = engine.ask(session, casual, kb_path=full_kb)
    b = engine.ask(session, standard, kb_path=full_kb)
    assert a["answer"] == b["answer"] and a.get("understood") == b.get("understood")
    assert a["answer"] != "unknown"


def test_casual_spelling_keeps_names_and_hyphenated_words():
    from kb.understand.vocabulary import standard_spelling

    assert standard_spelling("U.A. Midfielder and face-down cards") == "U.A. Midfielder and face-down cards"
    assert standard_spelling("Face Down, u said? opp.") == "face-down, you said? opponent."


# ------------------------------------------------------------ Set on an earlier turn (vocabulary.toml state)


@pytest.mark.parametrize(
    "text,expect",
    [
        ("can i activate twin twisters on my opponent's turn if i set it during my previous turn", "yes"),
        ("can i activate a normal trap if i set it the turn before", "yes"),
        ("can i activate raigeki on my opponent's turn if i set it on a previous turn", "no"),
    ],
)
def test_set_on_an_earlier_turn(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer.get("timing", answer["answer"]) == expect, answer.get("explanation")
    assert "Set" in answer["understood"]


def test_set_earlier_and_in_the_hand_contradict(session, full_kb):
    text = "can i activate a continuous trap from my hand if i set it the turn before"
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "unknown"


# ----------------------------------------- timing events said actively ("i discard it", "my opponent destroys it")


@pytest.mark.parametrize(
    "text,expect",
    [
        ("does sangan activate if i discard it", "no_trigger"),
        ("does shining angel activate if my opponent destroys it with raigeki", "no_trigger"),
        ("does shining angel activate if i send it to the grave with a card effect", "no_trigger"),
        ("does shining angel activate if my opponent destroys it by battle", "activates"),
    ],
)
def test_timing_events_said_actively(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer.get("timing", answer["answer"]) == expect, answer.get("explanation")


def test_the_grave_is_the_graveyard_not_a_card(session):
    assert _cards(session, "i send it to the grave") == []
    assert [n for _, n in _cards(session, "can i respond with called by the grave")] == ["Called by the Grave"]


def test_a_fuzzy_name_keeps_the_first_letter(session, full_kb):
    """A misspelling keeps the name's first letter ("mystical space typhon"); words that only match a name
    without its first letter are not guessed: they may be another card's nickname ("em turtle" is not
    Gem-Turtle), so "ystical space typhoon" is left unread rather than risk the wrong card."""
    from kb.understand import understand

    typo = understand(session, "can i chain mystical space typhon to pot of greed")
    assert any(e.name == "Mystical Space Typhoon" for e in typo.entities)
    cut = understand(session, "can i chain ystical space typhoon to pot of greed")
    assert not any(e.name == "Mystical Space Typhoon" for e in cut.entities)
