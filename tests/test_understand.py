"""Question understanding (kb/understand): each stage on sentences written for these tests, paraphrases,
casual phrasing, bad input, and the dev set as a golden floor."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kb import engine
from kb.config import REPO_ROOT
from kb.errors import BadQuestionError, KbError
from kb.understand import understand
from kb.understand.generic import find_generic
from kb.understand.mentions import find_mentions
from kb.understand.tokens import tokenize


def _mentions(session, text):
    return [(e.name, e.how) for e in find_mentions(session, tokenize(text))]


def _kinds(text):
    return [e.cls for e in find_generic(tokenize(text), [])]


def _parsed(session, text):
    reading = understand(session, text)
    return reading.frame.question if reading.frame else None


# ------------------------------------------------------------------------------------------ mentions


@pytest.mark.parametrize(
    "text,names",
    [
        ("would pot of greed resolve if my opponent chains something", ["Pot of Greed"]),
        ("Is Sangan's effect mandatory?", ["Sangan"]),
        ("what does the graveyard effect of Sangan do", ["Sangan"]),
        ('Does "Mirror Force" destroy Set monsters?', ["Mirror Force"]),
        ("MIRROR FORCE and heavy storm in one chain", ["Mirror Force", "Heavy Storm"]),
        ("Is MST a Quick-Play Spell?", ["Mystical Space Typhoon"]),
        ("I hold ash blossom in hand", ["Ash Blossom & Joyous Spring"]),
        ("44095762 is the passcode I mean", ["Mirror Force"]),
    ],
)
def test_mentions_find_names_nicknames_passcodes_in_any_case(session, text, names):
    assert [name for name, _ in _mentions(session, text)] == names


@pytest.mark.parametrize(
    "text,names",
    [
        ('can i use Maxx "C" on my opponents turn', ['Maxx "C"']),
        ('Does Confronting the "C" work in the Damage Step?', ['Confronting the "C"']),
        ('I quote "C" alone', None),  # a quoted word that several names end with stays ambiguous
        ("can D.D. Crow be chained to Monster Reborn?", ["D.D. Crow", "Monster Reborn"]),
        ("Is it D.D. Crow or Ghost Belle?", None),
    ],
)
def test_mentions_names_written_with_quotes_and_initials(session, text, names):
    """Quotes inside a printed name belong to the name, and so does the full stop after initials."""
    if names is None and "Ghost Belle" not in text:
        with pytest.raises(KbError):
            _mentions(session, text)
        return
    found = [name for name, _ in _mentions(session, text)]
    assert found == names if names is not None else found[0] == "D.D. Crow"


@pytest.mark.parametrize(
    "text,question",
    [
        ("Can Swift Samurai Storm! be activated during the Damage Step?",
         "Can Swift Samurai Storm! be activated during the Damage Step?"),
        ("can i chain swift samurai storm! to mystical space typhoon",
         "Can Swift Samurai Storm! (A) be activated as Chain Link 2 in response to Mystical Space Typhoon?"),
        ("Can Ojama Delta Hurricane!! be chained to Dark Hole?",
         "Can Ojama Delta Hurricane!! be activated as Chain Link 2 in response to Dark Hole?"),
    ],
)
def test_mentions_a_name_ending_in_an_exclamation_mark_keeps_it(session, text, question):
    """The "!" of "Swift Samurai Storm!" typed without quotes belongs to the name: it does not end the
    sentence and leave the rest of the question unread."""
    reading = understand(session, text)
    assert reading.frame is not None and not reading.unused_words
    assert reading.understood == question


def test_mentions_read_asides_and_later_short_references(session):
    entities = find_mentions(
        session,
        tokenize(
            "I chain Torrential Tribute (Chain Link 2) to Spiritual Beast Cannahawk, "
            "then Cannahawk's effect resolves"
        ),
    )
    assert [(e.name, e.aside.get("link")) for e in entities] == [
        ("Torrential Tribute", 2),
        ("Spiritual Beast Cannahawk", None),
        ("Spiritual Beast Cannahawk", None),
    ]
    assert entities[-1].how == "reference"


def test_mentions_common_words_never_become_cards(session):
    for text in (
        "it is my turn and the monster effect resolves",
        "can i chain a trap to an effect on my turn",
        "does the counter go away at the end of the turn",
        "what about a token or a link",
    ):
        assert _mentions(session, text) == [], text


def test_mentions_misspelt_multiword_name_is_found_but_one_word_is_not(session):
    assert _mentions(session, "can solemn judgement stop that")[0][0] == "Solemn Judgment"
    assert _mentions(session, "can i chain mirror forse here")[0][0] == "Mirror Force"
    assert _mentions(session, "is the efect resolved") == []


def test_mentions_one_word_name_that_is_an_ordinary_word_needs_a_capital(session):
    assert _mentions(session, "can Reload be activated now")[0][0] == "Reload"
    assert _mentions(session, "do i reload my hand") == []


# ------------------------------------------------------------------------------------------ generic


@pytest.mark.parametrize(
    "text,cls",
    [
        ("my opponent flips a Counter Trap over", {"type": "trap", "property": "counter"}),
        ("then a quick play spell card goes on top", {"type": "spell", "property": "quick-play"}),
        ("I had a Normal Trap Card ready", {"type": "trap", "property": "normal"}),
        ("they used a monster's Quick Effect", {"type": "monster", "effect": "quick"}),
        ("what about an Ignition Effect", {"effect": "ignition"}),
        ("a pendulum effect resolves", {"effect": "pendulum"}),
        ("a Field Spell is face-up", {"type": "spell", "property": "field"}),
        ("I hold a card that negates activations", {"does": ["negate_activation"]}),
        (
            "a Quick-Play Spell that raises ATK was chained",
            {"type": "spell", "property": "quick-play", "does": ["atk_change"]},
        ),
        ("they chain a card that destroys Spells/Traps", {"does": ["destroy"]}),
    ],
)
def test_generic_cards_read_as_class_objects(text, cls):
    assert _kinds(text) == [cls]


def test_generic_words_alone_are_no_card():
    for text in ("a counter is placed on it", "that is normal", "the effect resolves", "I Normal Summon it"):
        assert _kinds(text) == [], text


def test_generic_card_in_an_aside_describes_the_card_before_it(session):
    reading = understand(session, "Can Book of Moon (a Quick-Play Spell) be chained to Pot of Greed?")
    book = reading.entities[0]
    assert book.name == "Book of Moon" and book.aside["kind"] == {"type": "spell", "property": "quick-play"}
    assert reading.frame is not None and reading.unused_words == []


# ------------------------------------------------------------------------------------------ story


def test_story_chain_links_with_controllers_and_the_next_link(session):
    question = _parsed(
        session,
        "My opponent activates Heavy Storm, I chain Sakuretsu Armor, then they chain "
        "Solemn Judgment. Can I now chain Magic Jammer to Solemn Judgment?",
    )
    assert question["ask"] == "chain"
    assert question["card"] == {"card": "Magic Jammer", "controller": "A"}
    assert question["to"] == [
        {"card": "Heavy Storm", "controller": "B"},
        {"card": "Sakuretsu Armor", "controller": "A"},
        {"card": "Solemn Judgment", "controller": "B"},
    ]


def test_story_which_was_chained_to_and_link_numbers(session):
    question = _parsed(
        session,
        "I chain Dust Tornado (Chain Link 3) to my opponent's Twin Twisters, which was "
        "chained to my Call of the Haunted. Can my opponent chain Solemn Judgment to "
        "Dust Tornado?",
    )
    assert [link["card"] for link in question["to"]] == [
        "Call of the Haunted",
        "Twin Twisters",
        "Dust Tornado",
    ]
    assert [link.get("controller") for link in question["to"]] == ["A", "B", "A"]
    assert question["card"]["controller"] == "B"


def test_story_contradicting_its_link_numbers_is_unknown(session):
    reading = understand(
        session,
        "I chain Dust Tornado (Chain Link 2) to my opponent's Twin Twisters, which was "
        "chained to my Call of the Haunted. Can my opponent chain Solemn Judgment to "
        "Dust Tornado?",
    )
    assert reading.frame is None and "Chain Link" in reading.reason


@pytest.mark.parametrize(
    "text,fields",
    [
        (
            "Can I activate Kuriboh during damage calculation?",
            {"phase": "battle", "step": "damage", "timing": "calc"},
        ),
        (
            "Can Shrink be activated before damage calculation on my opponent's turn?",
            {"phase": "battle", "step": "damage", "timing": "before_calc", "turn": "B"},
        ),
        ("Can I activate Dust Tornado the same turn I Set it?", {}),
        ("Can I activate Effect Veiler from my hand in the End Phase?", {"phase": "end"}),
    ],
)
def test_story_moments_and_states(session, text, fields):
    question = _parsed(session, text)
    assert question["ask"] == "activate"
    assert {k: question[k] for k in ("phase", "step", "timing", "turn") if k in question} == fields
    if "Set it" in text:
        assert question["card"]["set_this_turn"] is True and question["card"]["face"] == "down"
    if "hand" in text:
        assert question["card"]["location"] == "hand"


def test_story_after_the_chain_resolves_is_a_new_chain(session):
    reading = understand(
        session, "My opponent activates Raigeki. After the chain resolves, can I chain Trap Jammer to it?"
    )
    assert reading.frame is None and "new chain" in reading.reason


# ------------------------------------------------------------------------------------------ intent


@pytest.mark.parametrize(
    "text,kind",
    [
        ("Can Divine Wrath negate Dark Armed Dragon?", "negate"),
        ("Is Divine Wrath able to stop Dark Armed Dragon?", "negate"),
        ("Does Divine Wrath work against Dark Armed Dragon?", "negate"),
        ("Can I chain Twin Twisters to Raigeki?", "chain"),
        ("Can Twin Twisters respond to Raigeki?", "chain"),
        ("Can Kuriboh be activated during damage calculation?", "activate"),
        ("Does Sangan's effect activate if it is sent to the GY as a cost?", "timing"),
        ("Does Peten the Dark Clown miss the timing if it is destroyed and then a card is drawn?", "timing"),
    ],
)
def test_intent_kinds(session, text, kind):
    assert _parsed(session, text)["ask"] == kind


def test_intent_timing_reads_event_and_cause(session):
    question = _parsed(session, "Does Sangan's effect activate if it is sent to the GY as a cost?")
    assert question["event"] == "sent_to_gy" and question["by"] == "cost"


def test_intent_negate_a_summon(session):
    question = _parsed(session, "Can Solemn Warning negate a Special Summon?")
    assert question["ask"] == "negate" and question["summon"]["how"] == "special"


# ------------------------------------------------------------------------------------------ paraphrases


@pytest.mark.parametrize(
    "group",
    [
        [
            "Can I chain Twin Twisters to Raigeki?",
            "can i respond to raigeki with twin twisters",
            "Can Twin Twisters be chained to Raigeki?",
            "Could I activate Twin Twisters in response to Raigeki?",
            "is it possible to chain twin twisters to raigeki",
        ],
        [
            "Can Divine Wrath negate Dark Armed Dragon?",
            "Is Divine Wrath able to stop Dark Armed Dragon?",
            "Does Divine Wrath work against Dark Armed Dragon?",
            "can i negate dark armed dragon with divine wrath",
            "Could Divine Wrath stop Dark Armed Dragon",
        ],
        [
            "Can Kuriboh be activated during damage calculation?",
            "can i activate kuriboh during damage calculation",
            "Can Kuriboh's effect be used during damage calculation?",
            "could I use Kuriboh during damage calc",
            "is it possible to activate kuriboh during damage calculation",
        ],
    ],
)
def test_paraphrases_give_the_same_parse(session, group):
    parses = []
    for text in group:
        question = _parsed(session, text)
        assert question is not None, text
        card = question["card"]
        parses.append(
            (
                question["ask"],
                card.get("card"),
                json.dumps(question.get("to"), sort_keys=True),
                question.get("timing"),
            )
        )
    assert len(set(parses)) == 1, parses


# ------------------------------------------------------------------------------------------ casual


@pytest.mark.parametrize(
    "text,expect",
    [
        ("can dark bribe negate a monster effect", "no"),
        ("can i use effect veiler on my own turn", "no"),
        ("can solemn judgment negate a normal summon", "yes"),
        ("my opponent activates dark hole, can i respond with mirror force", "no"),
        ("can mst be chained to pot of greed", "yes"),
        ("can i chain book of moon to raigeki", "yes"),
        ("can magic jammer negate mirror force", "no"),
        ("can i activate trap hole the turn i set it", "no"),
    ],
)
def test_casual_phrasing(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer["explanation"]
    assert answer["understood"] and answer["unused_words"] == []


# ------------------------------------------------------------------------------------------ answers


def test_answer_carries_parsed_understood_and_unused_words(session, full_kb):
    answer = engine.ask(session, "Please tell me: can I chain Twin Twisters to Raigeki?", kb_path=full_kb)
    assert answer["parsed"]["ask"] == "chain"
    assert answer["understood"].startswith("Can Twin Twisters (A) be activated as Chain Link 2")
    assert answer["unused_words"] == ["Please", "tell", "me"]


def test_unknown_answer_leads_with_a_verbatim_quote(session, full_kb):
    from kb.models import Section

    answer = engine.ask(
        session, "What happens to Xyz Materials when the Xyz Monster leaves the field?", kb_path=full_kb
    )
    assert answer["answer"] == "unknown"
    quote = answer["quote"]
    assert quote["text"] in session.get(Section, quote["id"]).text
    assert answer["steps"][0]["cites"][0] == quote["id"]


def test_words_the_engine_does_not_model_make_the_answer_unknown(session, full_kb):
    answer = engine.ask(
        session, "While Skill Drain is applying, can I activate Effect Veiler from my hand?", kb_path=full_kb
    )
    assert answer["answer"] == "unknown" and "Skill Drain" in answer["explanation"]


# ------------------------------------------------------------------------------------------ bad input


def test_empty_question_is_an_error(session):
    with pytest.raises(BadQuestionError):
        engine.ask(session, "   ")


@pytest.mark.parametrize(
    "text",
    [
        "?!?!...",
        "x" * 10_000,
        "can " + "pot of greed " * 900 + "chain to raigeki",
        "Can Florbnax Quuzzle negate Wibbleton Sprocket?",
        "\u0000\u200b?",
    ],
)
def test_odd_input_is_unknown_with_a_reason(session, full_kb, text):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == "unknown" and answer["explanation"].startswith("Not answered")
    assert answer["steps"] and answer["steps"][0]["cites"]


def test_ambiguous_quoted_name_is_an_error_with_candidates(session):
    with pytest.raises(KbError) as error:
        engine.ask(session, 'Can "Kuribo" be activated during damage calculation?')
    assert error.value.to_dict()["error"]["candidates"]


# ------------------------------------------------------------------------------------------ golden floor

DEV_FLOOR = REPO_ROOT / "tests" / "golden" / "ask_dev_floor.json"


def test_dev_set_floor(session, full_kb):
    """The dev questions (../shared/eval): right answers may not drop, wrong ones may not rise."""
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    try:
        import ask_eval
    finally:
        sys.path.pop(0)
    files = [ask_eval.SEED_FILE, ask_eval.ASK_FILE]
    if not all(Path(f).exists() for f in files):
        pytest.skip("the dev evaluation sets are not present")
    result = ask_eval.evaluate(session, ask_eval.load_items(files), kb_path=full_kb)
    right = sum(c.get("right", 0) for c in result["by_kind"].values())
    wrong = sum(c.get("wrong", 0) for c in result["by_kind"].values())
    errors = sum(c.get("error", 0) for c in result["by_kind"].values())
    floor = json.loads(DEV_FLOOR.read_text(encoding="utf-8"))
    assert right >= floor["right"], f"right answers dropped: {right} < {floor['right']}"
    assert wrong <= floor["wrong"], f"wrong answers rose: {wrong} > {floor['wrong']}"
    assert errors <= floor["errors"], f"errors rose: {errors} > {floor['errors']}"


# ------------------------------------------------------------------------------------------ card facts


@pytest.mark.parametrize(
    "text,expect",
    [
        ("is solemn judgment spell speed 3", "yes"),
        ("Is Twin Twisters Spell Speed 1?", "no"),
        ("what spell speed is effect veiler", "2"),
        ("is call of the haunted a continuous trap", "yes"),
        ("Is Raigeki a Quick-Play Spell?", "no"),
    ],
)
def test_card_facts_spell_speed_and_kind(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer["explanation"]
    assert answer["steps"][0]["cites"] and answer["steps"][0]["quote"]


def test_resolution_order_of_a_told_chain(session, full_kb):
    answer = engine.ask(
        session,
        "my opponent activates raigeki, i chain mirror force, they chain solemn judgment. "
        "which resolves first?",
        kb_path=full_kb,
    )
    assert answer["answer"] == "Solemn Judgment (Chain Link 3)"
    assert answer["order"] == ["Solemn Judgment", "Mirror Force", "Raigeki"]
    listed = engine.ask(
        session,
        "Chain: Pot of Greed (Chain Link 1), Ash Blossom (Chain Link 2). Which card resolves first?",
        kb_path=full_kb,
    )
    assert listed["order"] == ["Ash Blossom & Joyous Spring", "Pot of Greed"]


def test_two_readings_answer_unknown_and_show_both(session, full_kb):
    answer = engine.ask(
        session,
        "My opponent activates Raigeki and I chain Mirror Force. "
        "Can they chain Solemn Judgment to negate it?",
        kb_path=full_kb,
    )
    assert answer["answer"] == "unknown" and "two ways" in answer["explanation"]
    assert len(answer["readings"]) == 2
    assert {r["parsed"].get("target") for r in answer["readings"]} == {None, 0}


@pytest.mark.parametrize(
    "text,reason",
    [
        ("can bottomless trap hole be activated when my opponent attacks", "does not wait for"),
        ("can mirror force be activated in response to a summon", "does not wait for"),
    ],
)
def test_activation_questions_that_need_what_is_answered_stay_unknown(session, full_kb, text, reason):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == "unknown" and reason in answer["explanation"]


def test_event_said_in_the_question_is_checked_against_the_card(session, full_kb):
    answer = engine.ask(session, "can u activate mirror force when my opponent attacks", kb_path=full_kb)
    assert answer["answer"] == "yes" and "attack is declared" in answer["understood"]
    answer = engine.ask(
        session, "can i respond to my opponents heavy storm with my set mirror force", kb_path=full_kb
    )
    assert answer["answer"] == "no"


def test_segoc_told_as_a_story(session, full_kb):
    answer = engine.ask(
        session,
        "On my opponent's turn, Raigeki destroys my Sangan and my opponent's Card Trooper. "
        "Which goes on the chain first?",
        kb_path=full_kb,
    )
    # simulated (segoc_story.py): the monsters destroyed at once on B's turn, the next chain asked
    assert answer["parsed"]["ask"] == "scenario" and answer["parsed"]["state"]["turn"] == "B"
    assert answer["parsed"]["query"]["segoc"] == {"asked": "link", "link": 1}
    assert answer["order"] == ["Card Trooper", "Sangan"]


# ------------------------------------------------------------------------------- round 2: Summons told


def test_story_summon_by_a_resolving_effect_is_sent_as_by_effect(session):
    for text in (
        "My opponent activates Monster Reborn and Special Summons a monster with it. "
        "Can I negate that Summon with Solemn Judgment?",
        "Monster Reborn Special Summons a monster. Can Solemn Judgment negate that Summon?",
        "An effect Special Summons a monster while it resolves. Can Solemn Judgment negate that Summon?",
    ):
        question = _parsed(session, text)
        assert question and question["summon"]["by"] == "effect", text


def test_story_summon_by_a_player_is_by_procedure_with_its_count(session):
    question = _parsed(
        session, "My opponent Pendulum Summons three monsters at once. Can I use Solemn Strike to stop it?"
    )
    assert question["summon"] == {
        "card": {"class": {"type": "monster"}, "controller": "B"},
        "by": "procedure",
        "how": "pendulum",
        "count": 3,
    }


def test_story_summon_whose_performer_is_not_said_is_unknown(session):
    reading = understand(
        session, "I activate Pot of Greed and Special Summon a monster. Can Solemn Judgment negate it?"
    )
    assert reading.frame is None


def test_summon_negated_by_no_card_named_is_a_summon_negating_card(session, full_kb):
    question = _parsed(session, "My opponent Xyz Summons a monster. Can that Xyz Summon be negated?")
    assert question["card"] == {"class": {"does": ["negate_summon"]}}
    assert question["summon"]["how"] == "xyz" and question["summon"]["by"] == "procedure"
    text = "My opponent Xyz Summons a monster. Can that Xyz Summon be negated?"
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == "yes"
    question = _parsed(
        session, "My opponent Synchro Summons a monster. Can I negate it with a Summon-negating card?"
    )
    assert question["card"] == {"class": {"does": ["negate_summon"]}, "controller": "A"}


def test_a_word_that_begins_several_names_is_ambiguous_where_a_card_is_asked(session):
    with pytest.raises(KbError) as error:
        engine.ask(session, "can blue-eyes be chained to raigeki")
    found = error.value.to_dict()["error"]
    assert found["type"] == "ambiguous" and len(found["candidates"]) >= 2
    reading = understand(
        session, "Player B chains Call of the Haunted to Special Summon Blue-Eyes. Can I chain Raigeki?"
    )
    assert reading.frame is None  # a word the reading does not use, no error


# ------------------------------------------------------------------ round 2: questions asked several times


def test_the_effect_of_a_spell_with_several_effects_is_asked_for_each(session, full_kb):
    text = "can i chain the effect of ruins of the divine dragon lords to mirror force"
    reading = understand(session, text)
    assert reading.frame and len(reading.frame.also) >= 1
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == "no"  # every one of its effects is Spell Speed 1
    assert any("all must agree" in note for note in answer["assumed"])


@pytest.mark.parametrize(
    "text,expect",
    [
        ("can i use ghost ogre on my opponents turn", "yes"),
        ("can i use ghost ogre in the damage step", "no"),
        ("can I activate Red Reboot from my hand?", "yes"),
        ("can i activate ash blossom on my turn", "yes"),
    ],
)
def test_activating_a_card_that_only_responds_asks_whether_some_activation_allows_it(
    session, full_kb, text, expect
):
    reading = understand(session, text)
    assert reading.frame.combine == "any" and reading.frame.question["ask"] == "chain"
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == expect


@pytest.mark.parametrize(
    "text,expect",
    [
        ("can i chain a continuous trap's effect to a quick play spell", "yes"),
        ("can a continuous spell's effect be chained to a normal trap", "no"),
        ("can magic jammer negate my opponent's card", "yes"),
        ("can i chain mirror force to a card", "no"),
    ],
)
def test_an_effect_of_a_spell_trap_kind_and_a_card_of_any_kind(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer["explanation"]


def test_this_card_is_no_kind_of_card():
    assert _kinds("when this card is destroyed") == [] and _kinds("then a card is drawn") == []
    assert _kinds("chained to a card or effect") == [{}]


def test_two_cards_joined_by_or_are_both_asked_and_must_agree(session, full_kb):
    both_no = (
        "My opponent activates a Counter Trap. "
        "Can I chain a Quick-Play Spell or a monster's Quick Effect to it?"
    )
    assert engine.ask(session, both_no, kb_path=full_kb)["answer"] == "no"
    differ = engine.ask(session, "can i chain mirror force or mst to dark hole", kb_path=full_kb)
    assert differ["answer"] == "unknown"


def test_mentions_possessive_without_apostrophe_and_a_typo_after_a_nickname(session):
    assert [n for n, _ in _mentions(session, "can i chain stardust dragons effect to dark hole")] == [
        "Stardust Dragon",
        "Dark Hole",
    ]
    text = "my opponent plays brain controll, can i chain solemn judgement"
    assert [n for n, _ in _mentions(session, text)] == [
        "Brain Control",
        "Solemn Judgment",
    ]


def test_segoc_story_without_punctuation_or_apostrophes(session):
    for text in (
        "its my turn and my sangan and my opponents witch of the black forest are destroyed by battle "
        "which goes on the chain first",
        "on my turn my sangan and their witch of the black forest are sent to the gy at the same time "
        "what order do they go on the chain",
    ):
        question = _parsed(session, text)
        assert question and question["ask"] in ("segoc", "scenario"), text
        if question["ask"] == "scenario":  # simulated (segoc_story.py)
            players = question["state"]["players"]
            assert [m["card"] for m in players["A"]["monsters"]] == ["Sangan"] and question["state"]["turn"] == "A"
            assert [m["card"] for m in players["B"]["monsters"]] == ["Witch of the Black Forest"]
        else:
            assert [t["controller"] for t in question["triggers"]] == ["A", "B"] and question["turn"] == "A"


@pytest.mark.parametrize(
    "text,expect",
    [
        ("can i chain a fast effect to a counter trap", "yes"),  # a Counter Trap is one
        ("Can I activate a Fast Effect that negates activations during damage calculation?", "yes"),
        ("is the effect of sangan spell speed 2 like effect veiler", "no"),
    ],
)
def test_fast_effects_and_a_spell_speed_compared(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer["explanation"]
    assert answer["unused_words"] == []


def test_is_x_able_to_be_activated_or_chained(session):
    assert _parsed(session, "Is Raigeki Break able to be activated after damage calculation?") == {
        "ask": "activate",
        "card": {"card": "Raigeki Break"},
        "phase": "battle",
        "step": "damage",
        "timing": "after_calc",
    }
    assert _parsed(session, "is mst allowed to respond to dark hole")["ask"] == "chain"


CASUAL_SET = REPO_ROOT / "tests" / "golden" / "ask_casual.jsonl"
CASUAL_FLOOR = REPO_ROOT / "tests" / "golden" / "ask_casual_floor.json"


def test_casual_set_floor(session, full_kb):
    """The casual-phrasing set (docs/understanding-casual.md): right answers may not drop, wrong ones may
    not rise."""
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    try:
        import ask_eval
    finally:
        sys.path.pop(0)
    result = ask_eval.evaluate(session, ask_eval.load_items([CASUAL_SET]), kb_path=full_kb)
    counts = {k: sum(c.get(k, 0) for c in result["by_kind"].values()) for k in ("right", "wrong", "error")}
    floor = json.loads(CASUAL_FLOOR.read_text(encoding="utf-8"))
    assert counts["right"] >= floor["right"], f"right answers dropped: {counts['right']} < {floor['right']}"
    assert counts["wrong"] <= floor["wrong"], f"wrong answers rose: {counts['wrong']} > {floor['wrong']}"
    assert counts["error"] <= floor["errors"], f"errors rose: {counts['error']} > {floor['errors']}"


def test_negation_paraphrases_give_the_same_parse(session):
    chain = [
        "my opponent activates dark hole, can i negate it with magic jammer?",
        "My opponent activates Dark Hole. Can I chain Magic Jammer to negate it?",
        "my opponent activates dark hole can i use magic jammer to stop it",
        "My opponent activates Dark Hole. Can I negate Dark Hole with Magic Jammer?",
        "if my opponent activates dark hole can i negate it with magic jammer",
    ]
    parses = [_parsed(session, text) for text in chain]
    assert all(p == parses[0] for p in parses), parses
    assert parses[0]["ask"] == "negate" and parses[0]["to"] == [{"card": "Dark Hole", "controller": "B"}]
    summon = [
        "My opponent Synchro Summons a monster. Can I negate it with Solemn Warning?",
        "my opponent synchro summons a monster can i negate the summon with solemn warning",
        "My opponent Synchro Summons a monster. Can I use Solemn Warning to negate that Summon?",
        "My opponent Synchro Summons a monster. Can I chain Solemn Warning to stop it?",
        "my opponent synchro summons a monster, can i stop that synchro summon with solemn warning",
    ]
    parses = [_parsed(session, text) for text in summon]
    assert all(p == parses[0] for p in parses), parses
    assert parses[0]["summon"]["how"] == "synchro" and parses[0]["summon"]["by"] == "procedure"


@pytest.mark.parametrize(
    "text,expect",
    [
        ("Is a Counter Trap Spell Speed 3?", "yes"),
        ("what spell speed is a quick play spell", "2"),
        ("is an ignition effect spell speed 2", "no"),
        ("is a trap card spell speed 1", "no"),  # 2 or 3: never 1
        ("what spell speed is a trap card", "unknown"),  # 2 or 3, depending on which
    ],
)
def test_spell_speed_of_a_kind_from_the_rules_table(session, full_kb, text, expect):
    answer = engine.ask(session, text, kb_path=full_kb)
    assert answer["answer"] == expect, answer["explanation"]
    assert answer["steps"][-1]["cites"]


def test_attack_declaration_of_the_opponent_and_which_spell_speed(session, full_kb):
    text = "Can I activate Sakuretsu Armor in response to my opponent's attack declaration?"
    assert _parsed(session, text)["ask"] == "activate"
    text = "Which Spell Speed does a Quick-Play Spell have?"
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "2"


def test_a_link_targeting_the_card_asked_about_and_a_summon_moment(session):
    text = (
        "my opponent activates twin twisters targeting my set call of the haunted, "
        "can i chain call of the haunted"
    )
    question = _parsed(session, text)
    card = {"card": "Call of the Haunted", "controller": "A", "face": "down", "location": "field"}
    assert question["card"] == card
    question = _parsed(session, "Can Bottomless Trap Hole be activated when my opponent summons a monster?")
    assert question["ask"] == "activate" and question["card"] == {"card": "Bottomless Trap Hole"}
    text = "can i activate trap hole when my opponent summons kuriboh"
    assert _parsed(session, text) is None  # which monster may matter


def test_the_possessive_of_the_card_answered_sets_its_controller(session, full_kb):
    assert _parsed(session, "can i chain red reboot to my mirror force")["to"] == [
        {"card": "Mirror Force", "controller": "A"}
    ]
    assert engine.ask(session, "can i chain red reboot to my mirror force", kb_path=full_kb)["answer"] == "no"
    text = "can i chain red reboot to my opponent's mirror force"
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == "yes"


def test_my_own_card_answered_means_the_same_controller(session, full_kb):
    assert engine.ask(session, "can red reboot negate my own trap", kb_path=full_kb)["answer"] == "no"
    question = _parsed(session, "can i negate my own dark hole with magic jammer")
    assert question["card"]["controller"] == question["to"][0]["controller"] == "A"


@pytest.mark.parametrize(
    "text,expect",
    [
        ("Can Solemn Strike be activated in response to a Normal Summon?", "no"),  # Special Summons only
        ("My opponent Special Summons a monster. Can I activate Solemn Strike?", "yes"),
        ("my opponent normal summons a monster, can i use solemn judgment", "yes"),
        ("Can Trap Hole be activated when my opponent Special Summons a monster?", "unknown"),
    ],
)
def test_the_kind_of_summon_answered_is_checked(session, full_kb, text, expect):
    assert engine.ask(session, text, kb_path=full_kb)["answer"] == expect


def test_the_card_answered_activated_at_a_moment_or_by_a_player(session):
    question = _parsed(session, "Can Magic Jammer negate a Quick-Play Spell activated in the Damage Step?")
    assert question["ask"] == "negate" and question["step"] == "damage"
    question = _parsed(session, "can i chain mst to a spell card activated by my opponent")
    assert question["to"] == [{"class": {"type": "spell"}, "controller": "B"}]


def test_an_attack_told_by_who_attacks(session, full_kb):
    assert engine.ask(session, "I attack. Can I activate Sakuretsu Armor?", kb_path=full_kb)["answer"] == "unknown"
    assert engine.ask(session, "My monster is attacked. Can I activate Sakuretsu Armor?", kb_path=full_kb)[
        "answer"
    ] == "yes"
    question = _parsed(session, "my opponent attacks with a monster, can i use sakuretsu armor")
    assert question["card"] == {"card": "Sakuretsu Armor", "controller": "A"}
