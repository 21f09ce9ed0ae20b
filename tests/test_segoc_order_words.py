"""SEGOC told of kinds (kb/understand/segoc_kinds.py) and the order a told chain resolves in
(kb/understand/resolution_order.py): sentences and cards written for these tests, paraphrases, and near
misses that must stay "unknown"."""

from __future__ import annotations

import pytest

from kb.errors import BadQuestionError
from kb.understand.answer import ask_plain
from kb.understand.resolution_order import resolution_order_answer


@pytest.mark.parametrize(
    "text, answer, quote",
    [
        # whose effects of one kind go first
        ("When multiple effects trigger simultaneously, whose mandatory effects go on the chain first?",
         "the turn player's", "md:segoc"),
        ("Both players' mandatory trigger effects activate at the same time. Whose mandatory effects go on the "
         "chain first?", "the turn player's", "md:segoc"),
        ("When trigger effects of both players activate simultaneously, whose optional effects are placed on the "
         "chain first?", "the turn player's", "md:segoc"),
        # a group asked without its kind is the one the story told for that player
        ("The turn player's mandatory trigger and the opponent's mandatory trigger activate at the same time. Does "
         "the turn player's effect go on the chain first?", "yes", "md:segoc"),
        ("The turn player's optional trigger and the opponent's mandatory trigger activate at the same time. Does "
         "the turn player's effect go on the chain first?", "no", "md:segoc"),
        # one special chain
        ("Two Trigger Effects activate at the same time. Are they resolved in a special Chain?", "yes",
         "community:7.9.4.2"),
        ("My mandatory trigger effect and my opponent's optional trigger effect activate simultaneously. Do they "
         "form one chain?", "yes", "community:7.9.4.2"),
        # one trigger alone
        ("If only one Trigger Effect activates, which Chain Link is it?", "Chain Link 1", "community:7.9.4.2"),
        ("When just a single trigger effect activates at that time, is it Chain Link 1?", "yes",
         "community:7.9.4.2"),
        # which resolves first / last
        ("On my turn, my mandatory trigger effect and my opponent's mandatory trigger effect activate at the same "
         "time. Which resolves first?", "the opponent's mandatory effect (your opponent's)", "md:what-are-chains"),
        ("On my opponent's turn, my optional trigger effect and my opponent's optional trigger effect activate at "
         "the same time. Which resolves first?", "the opponent's optional effect (yours)", "md:what-are-chains"),
        ("My mandatory trigger effect and my opponent's optional trigger effect activate simultaneously on my turn. "
         "Which one resolves last?", "the turn player's mandatory effect (yours)", "md:what-are-chains"),
    ],
)
def test_segoc_of_kinds(session, text, answer, quote):
    got = ask_plain(session, text)
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] == quote


@pytest.mark.parametrize(
    "text",
    [
        # whose turn it is decides and is not said
        "My trigger effect and my opponent's mandatory trigger effect activate at the same time. Which resolves "
        "first?",
        # the kinds are not said: which group is last is not known
        "Two trigger effects activate at the same time. Which resolves first?",
        # two triggers are no single one
        "If only two Trigger Effects activate, which Chain Link is it?",
    ],
)
def test_segoc_unknown(session, text):
    assert ask_plain(session, text)["answer"] == "unknown"


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Chain Link 1 is my Monster Reborn, Chain Link 2 is my opponent's Ash Blossom & Joyous Spring. Which "
         "resolves first?", "Ash Blossom & Joyous Spring (Chain Link 2)"),
        ("Chain Link 1 is my opponent's Raigeki, Chain Link 2 is my Mirror Force and Chain Link 3 is their Solemn "
         "Judgment. Which resolves first?", "Solemn Judgment (Chain Link 3)"),
        # links told with pronouns and "in response"
        ("I activate Dark Hole. My opponent responds with Mystical Space Typhoon. I chain Solemn Judgment to it. "
         "Which resolves first?", "Solemn Judgment (Chain Link 3)"),
        ("My opponent activates Raigeki, I chain Mirror Force in response, and they chain Solemn Judgment. Which "
         "resolves last?", "Raigeki (Chain Link 1)"),
        ("I activate Monster Reborn, my opponent chains Ash Blossom & Joyous Spring to it. Does Monster Reborn "
         "resolve first?", "no"),
        ("I activate Monster Reborn, my opponent chains Ash Blossom & Joyous Spring to it. Does Ash Blossom resolve "
         "before Monster Reborn?", "yes"),
        ("I activate Pot of Greed and my opponent chains Ash Blossom & Joyous Spring. Does Pot of Greed resolve "
         "last?", "yes"),
        ("I activate Pot of Greed and my opponent chains Ash Blossom & Joyous Spring. Does Pot of Greed resolve "
         "after Ash Blossom & Joyous Spring?", "yes"),
    ],
)
def test_resolution_order_of_a_told_chain(session, text, answer):
    got = ask_plain(session, text)
    assert got["parsed"]["ask"] == "resolution_order", got.get("explanation")
    assert got["answer"] == answer, got["explanation"]
    assert got["steps"][0]["quote"]["id"] == "md:what-are-chains"


@pytest.mark.parametrize(
    "text",
    [
        # the card asked about is not in the chain told
        "I activate Monster Reborn, my opponent chains Ash Blossom & Joyous Spring to it. Does Pot of Greed resolve "
        "first?",
        # "in response to it" with nothing told before it
        "My opponent activates Solemn Judgment in response to it. Which resolves first?",
    ],
)
def test_resolution_order_not_read(session, text):
    got = ask_plain(session, text)
    assert got["answer"] == "unknown"


def test_resolution_order_json_errors_name_the_field():
    chain = [{"card": "Pot of Greed"}, {"card": "Ash Blossom & Joyous Spring"}]
    with pytest.raises(BadQuestionError) as err:
        resolution_order_answer({"ask": "resolution_order", "chain": chain, "link": 5, "end": "first"})
    assert err.value.field == "link"
    with pytest.raises(BadQuestionError):
        resolution_order_answer({"ask": "resolution_order", "chain": chain[:1]})
    with pytest.raises(BadQuestionError) as err:
        resolution_order_answer({"ask": "resolution_order", "chain": chain, "end": "middle"})
    assert err.value.field == "end"


# ------------------------------------------------------------------ Chain Link numbers said about the cards


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Can Magic Jammer negate the activation of a Spell Card that is Chain Link 1 if it is chained directly as "
         "Chain Link 2?", "yes"),
        ("Can Magic Jammer as Chain Link 2 negate Pot of Greed that is Chain Link 1?", "yes"),
        ("Can Magic Jammer (Chain Link 2) negate the activation of a Spell Card (Chain Link 1)?", "yes"),
        # numbers that do not fit a chain read from the question alone: the links between are not said
        ("Can Magic Jammer (Chain Link 3) negate the activation of Pot of Greed (Chain Link 1)?", "unknown"),
        ("Can a Counter Trap (Chain Link 3) negate the activation of a Spell Card (Chain Link 1)?", "unknown"),
        ("Can Magic Jammer negate the activation of a Spell Card that is Chain Link 1 if Magic Jammer is Chain "
         "Link 3?", "unknown"),
        # the links told: the rule that a negation must be chained directly decides
        ("My opponent activates Pot of Greed, I chain Mystical Space Typhoon, and I chain Magic Jammer. Can Magic "
         "Jammer negate Pot of Greed?", "no"),
    ],
)
def test_chain_link_numbers_said(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Which resolves first, Chain Link 1 or Chain Link 2?", "Chain Link 2"),
        ("Does Chain Link 1 or 2 resolve first?", "Chain Link 2"),
        ("Which resolves last, Chain Link 2 or Chain Link 4?", "Chain Link 2"),
        ("Does Chain Link 3 resolve before Chain Link 2?", "yes"),
        ("Does Chain Link 1 resolve before Chain Link 2?", "no"),
        ("Which Chain Link resolves first?", "the last Chain Link (the highest number)"),
        ("When two mandatory trigger effects of both players activate at the same time, who puts theirs on the "
         "chain first?", "the turn player's mandatory effects"),
        # how long the chain is is not said
        ("In a chain, does Chain Link 2 resolve first?", "unknown"),
    ],
)
def test_link_order_by_number(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        # a card named again as the target of a later link is the same link
        ("My opponent activates Dark Hole. I chain Mystical Space Typhoon to Dark Hole. Can my opponent chain Solemn "
         "Judgment to Mystical Space Typhoon?", "yes"),
        ("I activate Monster Reborn. My opponent chains Ash Blossom & Joyous Spring to Monster Reborn. Can I chain "
         "Called by the Grave to Ash Blossom & Joyous Spring?", "yes"),
        # "responds to X with Y", "in response to X, I activate Y", "in response to that card"
        ("I activate Monster Reborn and my opponent responds to Monster Reborn with Ash Blossom & Joyous Spring. Can "
         "I chain Called by the Grave?", "yes"),
        ("My opponent activates Pot of Greed. In response to Pot of Greed I activate Ash Blossom & Joyous Spring. "
         "Can my opponent chain Solemn Judgment to Ash Blossom?", "no"),
        ("My opponent activates Heavy Storm. I chain Dust Tornado in response to that card. Can my opponent chain "
         "Solemn Judgment to Dust Tornado?", "yes"),
        # "it" may be either link told: two readings
        ("My opponent activates Dark Hole and I chain Mystical Space Typhoon. Can my opponent chain Magic Jammer to "
         "negate it?", "unknown"),
    ],
)
def test_links_told_in_more_words(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer


@pytest.mark.parametrize(
    "text, answer",
    [
        ("I activate Dark Hole, my opponent chains Mystical Space Typhoon, and I chain Solemn Judgment. What Chain "
         "Link is Solemn Judgment?", "Chain Link 3"),
        ("I activate Dark Hole and my opponent chains Mystical Space Typhoon. Is Mystical Space Typhoon Chain Link "
         "2?", "yes"),
        ("I activate Dark Hole and my opponent chains Mystical Space Typhoon. Is Dark Hole Chain Link 2?", "no"),
        ("I activate Dark Hole and my opponent chains Mystical Space Typhoon. Is Pot of Greed Chain Link 2?",
         "unknown"),
    ],
)
def test_which_chain_link_a_card_is(session, text, answer):
    assert ask_plain(session, text)["answer"] == answer
