"""Chain stories told in words: simultaneous triggers (SEGOC) with named cards and whether a trigger activates or
misses the timing after a told sequence (kb/understand/segoc_story.py, kb/engine/sim/triggers_segoc.py).

``tests/golden/chain_stories_own.jsonl`` holds questions written before the readers, by varying the subject, the
order of clauses, casual spelling and asides, with near-misses that must stay unknown; none may be answered
wrongly, and the right ones may not fall below the floor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb import engine
from kb.errors import BadQuestionError

HERE = Path(__file__).parent
OWN = [json.loads(line) for line in (HERE / "golden" / "chain_stories_own.jsonl").read_text().splitlines() if line]
RIGHT_FLOOR = {"segoc": 32, "timing": 20}


def _score(session, item) -> str:
    import sys

    sys.path.insert(0, str(HERE.parent / "bench"))
    from ask_eval import score

    return score(engine.ask(session, item["q"]), item["expect"], item["q"])


def test_own_questions_never_wrong_and_keep_their_floor(session):
    got = {item["id"]: _score(session, item) for item in OWN}
    wrong = [i for i, s in got.items() if s == "wrong"]
    assert not wrong, wrong
    for item in OWN:
        if item["expect"] == "unknown":
            assert got[item["id"]] == "unknown", item["id"]
    for kind, floor in RIGHT_FLOOR.items():
        right = sum(1 for item in OWN if item["kind"] == kind and got[item["id"]] == "right")
        assert right >= floor, (kind, right)


PARAPHRASES = [  # one story, five wordings: the same scenario question
    "On my turn Dark Hole destroys my Sangan and my opponent's Card Trooper. Which is Chain Link 2?",
    "its my turn and my sangan and my opponents card trooper get destroyed by dark hole whats chain link 2",
    "My Sangan and my opponent's Card Trooper are destroyed by Dark Hole on my turn. What is CL2?",
    "On my turn I activate Dark Hole and it destroys my Sangan and their Card Trooper. Which effect is chain link 2?",
    "during my turn dark hole pops my sangan and my opponent's card trooper which one is chain link two",
]


def test_paraphrases_read_alike(session):
    from kb.understand.pipeline import understand

    questions = []
    for text in PARAPHRASES:
        frame = understand(session, text).frame
        assert frame is not None, text
        questions.append(json.dumps(frame.question, sort_keys=True))
    assert len(set(questions)) == 1, questions


@pytest.mark.parametrize("text,why", [
    ("On my turn Dark Hole destroys my Sangan (optional) and my opponent's Card Trooper. Which is Chain Link 1?",
     "the aside contradicts Sangan's text"),
    ("On my turn Pot of Greed destroys my Sangan and my opponent's Card Trooper. Which is Chain Link 1?",
     "Pot of Greed does not destroy"),
    ("On my turn Raigeki destroys my Sangan (\u201cWhen this card is destroyed by battle\u201d) and my opponent's "
     "Witch of the Black Forest. Which is Chain Link 1?", "the quote is not Sangan's text"),
    ("On my turn Dark Hole destroys my Sangan and my Witch of the Black Forest. Which is Chain Link 1?",
     "both the turn player's mandatory effects: the player orders them"),
    ("Dark Hole destroys my Sangan and my opponent's Witch of the Black Forest. Which goes on the chain first?",
     "whose turn it is decides"),
])
def test_near_misses_stay_unknown(session, text, why):
    assert engine.ask(session, text)["answer"] == "unknown", why


def test_order_steps_cite_segoc_and_priority(session):
    answer = engine.ask(session, "On my turn, my opponent's Sangan and my Peten the Dark Clown are destroyed "
                                      "by Raigeki. After the chain is built, who can respond first?")
    assert answer["answer"].startswith("B")
    cited = {c for step in answer["steps"] for c in step["cites"]}
    assert "md:segoc" in cited
    assert all(step["quote"]["text"] for step in answer["steps"])


@pytest.mark.parametrize("segoc,field", [
    ({"asked": "guess"}, "query.segoc.asked"),
    ({"asked": "link"}, "query.segoc.link"),
    ({"asked": "link", "link": 0}, "query.segoc.link"),
    ({"asked": "resolves", "end": "middle"}, "query.segoc.end"),
    ({"asked": "order", "said": [{"card": "Sangan"}]}, "query.segoc.said"),
    ({"asked": "order", "card": "Sangan"}, "query.segoc.card"),
])
def test_bad_segoc_query_names_the_field(session, segoc, field):
    question = {"ask": "scenario", "state": {"players": {"A": {"monsters": ["Sangan"]}}},
                "actions": [{"do": "move", "cards": ["Sangan"], "to": "gy", "destroyed": True}],
                "query": {"kind": "order", "segoc": segoc}}
    with pytest.raises(BadQuestionError) as info:
        engine.ask(session, question)
    assert info.value.field == field


def test_move_of_several_cards_needs_one_form(session):
    question = {"ask": "scenario", "state": {"players": {"A": {"monsters": ["Sangan"]}}},
                "actions": [{"do": "move", "card": "Sangan", "cards": ["Sangan"], "to": "gy"}],
                "query": {"kind": "outcome"}}
    with pytest.raises(BadQuestionError) as info:
        engine.ask(session, question)
    assert info.value.field == "actions[0].card"


@pytest.mark.parametrize("text,expect", [
    ("Man-Eater Bug is flipped face-up by Book of Taiyou. Does its effect activate?", "Man-Eater Bug"),
    ("my peten was used as synchro material does it activate", "Peten the Dark Clown"),
    ("Elemental HERO Stratos is Special Summoned by Monster Reborn. Does it miss the timing?",
     "Elemental HERO Stratos"),
    ("I discard Dandylion to activate Raigeki Break. Does it activate?", None),  # "it": Dandylion or Raigeki Break
    ("Sangan is destroyed. Does Sangan's effect activate?", None),  # the question names its card
    # the story names one card and nothing else: "it" is that card wherever it stands
    ("If I Normal Summon Tour Guide From the Underworld, does its effect miss the timing?",
     "Tour Guide From the Underworld"),
    ("i tribute sangan for a tribute summon does it activate", "Sangan"),
    ("my opponent activates dark hole and destroys my sangan. does it activate?", None),  # two cards
    ("I Special Summon a monster with Tour Guide From the Underworld. Does it activate?", None),  # a kind of card
])
def test_pronoun_asked_is_the_told_subject(session, text, expect):
    from kb.understand.pipeline import understand

    reading = understand(session, text)
    added = [e for e in reading.entities if e.text.lower() in ("it", "its", "it's", "this card", "that card")]
    assert [e.name for e in added] == ([expect] if expect else [])


@pytest.mark.parametrize("text,timing", [
    ("my opponent uses dark hole and chains raigeki break destroying my peten does peten activate", "misses"),
    ("my opponent uses dark hole and chains raigeki break destroying my sangan does sangan activate", "activates"),
    ("My opponent activates Dark Hole and I chain Raigeki Break discarding Peten the Dark Clown. Does Peten's effect "
     "activate?", "misses"),
    ("my opponent activates pot of greed and then chains raigeki break to destroy my fire hand does fire hand "
     "activate", "misses"),
])
def test_chain_told_in_one_sentence(session, text, timing):
    assert engine.ask(session, text).get("timing") == timing


@pytest.mark.parametrize("text,answer", [
    ("can i activate dark mirror force when my opponents monster declares an attack", "yes"),
    ("Can I activate Mirror Force when my opponent's monster attacks?", "yes"),
    ("can i activate mirror force when my monster declares an attack", "unknown"),  # the asker's own attack
    ("can i activate mirror force when blue-eyes white dragon attacks", "unknown"),  # which monster may matter
])
def test_attack_told_by_its_monster(session, text, answer):
    assert engine.ask(session, text)["answer"] == answer
