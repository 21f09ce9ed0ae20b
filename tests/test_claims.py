"""The claim reader (kb/understand/claims/): concepts tagged from vocabulary as data, rule propositions as
data, a named card as an example of its kind.  The questions below are our own phrasings of rulebook rules
(none is an evaluation question); each rule is asked in several wordings, with other cards, and with a
near-miss that must stay unread (another claim, or "unknown")."""

from __future__ import annotations

import pytest

from kb.understand.claims.reader import match_claims
from kb.understand.claims.table import claims, problems
from kb.understand.claims.tagger import lemmas, tag


def _words(text: str) -> tuple[list, set]:
    import re

    parts = re.findall(r"[\w'&/-]+|[?,.]", text)
    words = [None if p in "?,." else p for p in parts]
    return words, {0} | {k + 1 for k, p in enumerate(parts) if p in ",."}


def _match(text: str, kinds=()) -> list[str]:
    words, starts = _words(text)
    return [c.id for c in match_claims(tag(words, starts), list(kinds), words)]


def test_table_is_valid():
    """Every concept, form and RULES key of the table exists; no two claims say one thing with two answers."""
    assert problems() == []
    assert len(claims()) >= 80


def test_lemmas_read_inflections():
    assert "tribute" in lemmas("Tributed") and "tribute" in lemmas("tributing")
    assert "equip" in lemmas("equipped") and "set" in lemmas("setting")
    assert "send" in lemmas("sent") and "opponent" in lemmas("opponent's")
    assert "i" not in lemmas("is")  # no stem shorter than three letters


def test_tagging_composes_concepts_and_form():
    words, starts = _words("If all my Spell & Trap Zones are full, can I still activate a Field Spell?")
    read = tag(words, starts)
    assert read.form == "can" and not read.unexplained
    assert {"st_zone", "zones_full", "activate", "field_spell", "me"} <= read.concepts
    words, starts = _words("Is a card sent from the hand as a cost treated as discarded?")
    read = tag(words, starts)
    assert read.form == "fact" and read.marker_at() is not None
    assert {"send_gy", "hand", "cost", "discard"} <= read.concepts


@pytest.mark.parametrize("text, claim", [
    # the asked predicate decides which of two claims on the same concepts is meant
    ("Is a card sent from the hand as a cost treated as discarded?", "sent_from_hand_not_discarded"),
    ("Does sending a card from my hand to the GY count as discarding it?", "sent_from_hand_not_discarded"),
    ("Is a discarded card treated as sent to the Graveyard?", "discarded_sent"),
    ("If I discard a card, is it sent to the GY?", "discarded_sent"),
    ("Is a card sent to the GY when it is discarded?", "discarded_sent"),
    ("Is an Equip Spell destroyed if the equipped monster leaves the field?", "equip_host_leaves"),
    ("Can I change the position of a monster that attacked this turn?", "attacked_change_position"),
    # kinds, zones, moments composed in other orders
    ("can a link monster be tributed for a ritual summon", "tribute_ritual_xyz_link"),
    ("If my backrow is full, can I still play a field spell?", "field_spell_st_full"),
    ("Can a Link Monster in the EMZ point to my opponent's Main Monster Zones?", "link_emz_point_opponent"),
    ("Can a Link Monster in a Main Monster Zone point to my opponent's zones?", "link_mmz_point_opponent"),
    ("Does an effect lasting until the End Phase stop when the End Phase begins?", "until_end_phase_start"),
    ("Does an effect that lasts until the End Phase expire at the end of the End Phase?", "until_end_phase_end"),
    # "able to" / "usable" make an is-question a can-question; casual words; a relative clause is given
    ("Is a Token able to be used as Xyz Material?", "token_xyz_material"),
    ("are tokens usable as xyz mats", "token_xyz_material"),
    ("Can a monster that attacked change its battle position this turn?", "attacked_change_position"),
    ("If I send a card from my hand to the GY for a cost, has it been discarded?", "sent_from_hand_not_discarded"),
    ("Does a Counter Trap go to the GY once it resolves?", "normal_spell_to_gy"),
    ("does the duel end in a draw if both players hit 0 at the same time", "both_zero_draw"),
    ("Is adding a card from the Deck to the hand a draw?", "add_not_draw"),
])
def test_own_phrasings_match_one_claim(text, claim):
    assert _match(text) == [claim]


@pytest.mark.parametrize("text", [
    "Is a card treated as discarded when it is sent from the hand?",  # asked and given the other way round
    "Can I attack with a monster whose position I changed this turn?",  # attack is asked: another rule
    "Can my opponent Tribute a monster?",  # who controls it is not said
    "Can I Pendulum Summon if I have a Link Monster?",  # the Link Monster is not what is Summoned
    "Can I Tribute a face-down monster twice?",  # "twice" is not part of the rule
    "Must I activate a Field Spell if my Spell & Trap Zones are full?",  # another form
    "Can't I activate a Field Spell if my Spell & Trap Zones are full?",  # a negation is not read
    "Can a Link Monster in the Extra Monster Zone point to my opponent's Spell & Trap Zones?",
    "Does a Pendulum Monster used as Synchro Material go to the GY?",  # material: not this rule's case
    "Is a Pendulum Monster in the Extra Deck face-up?",  # no move is said
    "Can I Special Summon a Link Monster from my Graveyard to the Extra Monster Zone?",  # kinds disagree
    "Can I use a monster as Synchro Material if I control a Link Monster?",  # the kind is in the condition
    "Can I destroy a monster with an effect from the GY?",  # the GY is where the effect is
    "If my monster activates its effect targeting a card and is destroyed, does the effect resolve?",
])
def test_near_misses_match_nothing(text):
    assert _match(text) == []


def test_named_card_is_an_example_of_its_kind():
    """A card's kinds stand for the kinds a claim requires; a card no claim speaks of leaves it unread."""
    equip = frozenset({"spell", "equip_spell"})
    words, starts = _words("Can I equip X to a monster my opponent controls?")
    words[3] = None  # the card's place
    assert [c.id for c in match_claims(tag(words, starts), [equip], words)] == ["equip_opponents_monster"]
    trap = frozenset({"trap", "normal_trap"})
    assert [c.id for c in match_claims(tag(words, starts), [trap], words)] == []


# ------------------------------------------------------------------------------ through the whole pipeline
ASKED = [
    # Tributes, materials, costs
    ("Can a face-down Defense Position monster be Tributed?", "yes"),
    ("I took control of a monster with Change of Heart. Can I Tribute it to pay a cost?", "yes"),
    ("Can I use Firewall Dragon as Synchro Material?", "no"),
    ("Is a card sent to the graveyard when it is discarded treated as destroyed?", "no"),
    ("Can a set monster be used as fusion material?", "yes"),
    # zones
    ("All five of my Spell & Trap Zones are occupied. Can I still activate a Field Spell Card from my hand?", "yes"),
    ("If all my Spell and Trap Zones are full, can I activate an Equip Spell from my hand?", "no"),
    ("Can a Field Spell go in a Spell & Trap Zone?", "no"),
    ("Can Link Arrows point to a Spell & Trap Zone?", "no"),
    ("Can I Special Summon a monster from my Graveyard to the Extra Monster Zone?", "no"),
    # equipping, Set and activation timing
    ("Can I equip Axe of Despair to a monster my opponent controls?", "yes"),
    ("Can I activate Monster Reborn the same turn I Set it?", "yes"),
    ("Can a Counter Trap be activated the turn it is Set?", "no"),
    ("Can I activate Pot of Greed during my opponent's turn?", "no"),
    # Summons and phases
    ("Can I Normal Summon a second monster this turn?", "no"),
    ("Can I Pendulum Summon an Xyz Monster?", "no"),
    ("Does a Link Summon count as a Special Summon?", "yes"),
    ("Can Book of Moon change the battle position of a Link Monster?", "no"),
    ("Does a monster with 0 ATK get destroyed?", "no"),
    # a card with an activation condition ("...:") is not answered by the any-phase rule; one without is
    ("can i activate emergency teleport on my opponents turn if i set it last turn", "yes"),
    ("Can I activate Mystical Space Typhoon during the End Step of my Battle Phase?", "yes"),
    ("Does Odd-Eyes Pendulum Dragon go to my Extra Deck if it is destroyed on the field?", "yes"),
    ("Can I pay more Life Points than I have left?", "no"),
    ("Will I get my LP back if my card's activation is negated?", "no"),
    ("Can I activate a Trap Card that I Set last turn during my own Standby Phase?", "yes"),  # "last turn": words
    ("Can I Fusion Summon without a card effect like Polymerization?", "no"),
    ("Does paying LP as a cost count as damage?", "no"),
    ("If my monster activates its effect and is then banished, does the effect still resolve?", "yes"),
    ("Do I have to discard down to 6 cards at the end of my turn?", "yes"),
]


@pytest.mark.parametrize("text, expected", ASKED)
def test_questions_in_words(session, text, expected):
    from kb.understand.answer import ask_plain

    answer = ask_plain(session, text)
    assert answer["answer"] == expected, answer["explanation"]
    assert answer["steps"] and answer["steps"][-1]["cites"]


def test_claim_answer_cites_its_rule_and_says_the_claim(session):
    from kb.understand.answer import ask_plain

    answer = ask_plain(session, "Can a Link Monster in a Main Monster Zone point to my opponent's zones?")
    assert answer["answer"] == "no"
    assert answer["parsed"]["ask"] == "claim" and answer["parsed"]["claim"] == ["link_mmz_point_opponent"]
    assert answer["understood"].startswith("Rule: Can a Link Monster in a Main Monster Zone")
    assert answer["steps"][-1]["quote"]["id"] == "cr-draft:203.6i"
    assert answer["unused_words"] == []


def test_card_text_that_speaks_to_the_rule_makes_it_unknown(session):
    """A card that says it cannot be Fusion Material: the rule for face-down monsters is not applied to it."""
    from kb.understand.answer import ask_plain

    answer = ask_plain(session, "Can I use a face-down Mysterion the Dragon Crown as Fusion Material?")
    assert answer["answer"] == "unknown"
    assert "Mysterion the Dragon Crown's own text" in answer["explanation"]
    assert ask_plain(session, "Can I use Decode Talker as a Tribute for a Ritual Summon?")["answer"] == "no"


def test_claim_form_as_json(session):
    from kb.errors import BadQuestionError
    from kb.understand.forms import answer_form

    assert answer_form(session, {"ask": "claim", "claim": "token_xyz_material"})["answer"] == "no"
    both = answer_form(session, {"ask": "claim", "claim": ["token_xyz_material", "token_link_material"]})
    assert both["answer"] == "unknown" and len(both["readings"]) == 2
    with pytest.raises(BadQuestionError):
        answer_form(session, {"ask": "claim", "claim": "no_such_claim"})
    with pytest.raises(BadQuestionError):
        answer_form(session, {"ask": "claim", "claim": "token_xyz_material", "colour": "red"})


def test_claim_sets_add_claims_concepts_and_rules(tmp_path, monkeypatch):
    """A claim set file (kb/understand/claims/sets/*.toml) adds its concepts, claims and RULES rows; a concept
    put in another category, or a phrase naming two concepts, is reported."""
    from kb.understand.claims import table, tagger

    (tmp_path / "extra.toml").write_text('''
[concepts.state]
glowing = ["glowing", "aglow"]
[concepts.act]
tribute = ["sacrifice"]

[[claim]]
id = "test_glowing_tribute"
said = "Can a glowing monster be Tributed?"
requires = ["tribute", "glowing"]
answer = "yes"
rule = "fact_tribute"
detail = "test"
''', encoding="utf-8")
    monkeypatch.setattr(tagger, "SETS_DIR", tmp_path)
    for cached in (tagger.set_tables, tagger.concept_table, table._raw, table.claims, table.default_tolerated,
                   tagger.lemmas):
        cached.cache_clear()
    try:
        assert _match("Can an aglow monster be sacrificed?") == ["test_glowing_tribute"]
        found = [c for c in claims() if c.id == "test_glowing_tribute"]
        assert found and found[0].file == "sets/extra.toml"
        assert problems() == []
        (tmp_path / "extra.toml").write_text('[concepts.state]\ntribute = ["offered up"]\n', encoding="utf-8")
        tagger.set_tables.cache_clear()
        tagger.concept_table.cache_clear()
        with pytest.raises(ValueError, match="extra.toml.*'tribute' is a act concept"):
            tagger.concept_table()
        (tmp_path / "extra.toml").write_text('[concepts.state]\nglowing = ["tribute"]\n', encoding="utf-8")
        tagger.set_tables.cache_clear()
        tagger.concept_table.cache_clear()
        assert any("'tribute' names several concepts" in p for p in problems())
    finally:
        monkeypatch.undo()
        for cached in (tagger.set_tables, tagger.concept_table, table._raw, table.claims, table.default_tolerated,
                   tagger.lemmas):
            cached.cache_clear()
