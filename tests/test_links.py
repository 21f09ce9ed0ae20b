"""The links step: card mentions, cited rulings, ruling↔section topics, conflicts, same-topic links.

Unit tests run on a small in-memory store; the rest check the real books against the full build.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from sqlmodel import Session, func, select

from kb.db import create_tables, make_engine
from kb.errors import KbError
from kb.card_names import build_name_index, quoted_spans, resolve_name, resolve_passcode, scan_card_names
from kb.curated import CONFLICTS_FILE, load_conflicts, load_topics
from kb.links import split_name_list, store_conflicts
from kb.models import (BuildInfo, Card, CardMention, CardPassword, CitationCard, Conflict, ConflictSide,
                       ParseProblem, Reference, RulingCitation, RulingSection, Section, TopicLink)
from kb.text import name_key

BOOKS = ("prb2017", "community", "tcg-v10", "cr-draft", "md")

# ------------------------------------------------------------------------------ a small card store

CARDS = [
    (1, "Dark Magician", 46986414, ["Dark Magician"]),
    (2, "Dark Magician Girl", 38033121, ["Dark Magician"]),
    (3, "Plaguespreader Zombie", 33420078, []),
    (4, "DNA Transplant", 56769674, []),
    (5, "Decode Talker", 1861629, ["Code Talker"]),
    (6, "Blue-Eyes White Dragon", 89631139, ["Blue-Eyes"]),
    (7, "Ash Blossom & Joyous Spring", 14558127, ["Yo-kai Girl"]),
    (8, "Maxx \"C\"", 23434538, []),
    (9, "Z-ONE", 62499965, []),
    (10, "Synchro Material", 48114200, []),
    (11, "Apoqliphort Towers", 27279764, ["Qli"]),
    (12, "Blackwing - Gale the Whirlwind", 2009101, ["Blackwing"]),
    (13, "Honest", 37742478, []),
    (14, "Gravekeeper's Spy", 24317029, ["Gravekeeper's"]),
    (15, "Polymerization", 24094653, ["Polymerization"]),
    (16, "Yellow Baboon, Archer of the Forest", 17894633, []),
    (17, "Mystery Shell Dragon", 18108166, []),
    (18, "House Dragonmaid", 17881964, ["Dragonmaid"]),
    (19, "Marshmallon", 31305911, []),
]


@pytest.fixture(scope="module")
def index():
    engine = make_engine(":memory:")
    create_tables(engine)
    with Session(engine) as session:
        for card_id, name, password, series in CARDS:
            session.add(Card(id=card_id, konami_id=card_id, password=password, name=name,
                             name_key=name_key(name), card_type="Monster", series=series))
            session.add(CardPassword(password=password, card_id=card_id))
        session.commit()
        yield build_name_index(session)


@pytest.mark.parametrize("written, card_id, how", [
    ("Dark Magician", 1, "exact"),
    ("“Dark Magician Girl”", 2, "exact"),
    ("dark magician", 1, "exact"),
    ("Plaguspreader Zombie", 3, "fuzzy"),  # a misspelling in the Perfect Rulebook
    ("Decode Talkers", 5, "plural"),
    ("Apoqliphort Towers's", 11, "exact"),
    ("70095154 Ash Blossom & Joyous Spring", 7, "exact"),  # a passcode header
    ("Blue-Eyes", None, "series"),
    ("Gravekeeper's", None, "series"),
    ("Fluff Tokens", None, "token"),
    ("Chain Link 1", None, "rule"),  # rule words and a number
    ("Synchro/Tuner", None, "rule"),
    ("Dark", None, "none"),
    ("Marshmallon in Defense Position", 19, "prefix"),  # a caption: the card and what it shows
    ("Polymerization Spell", 15, "exact"),  # the card and its kind
])
def test_resolve_name(index, written, card_id, how):
    match = resolve_name(index, written)
    assert (match.card_id, match.how) == (card_id, how)


def test_passcodes_lost_zeros_and_nine_digit_typo(index):
    assert resolve_passcode(index, 1861629).card_id == 5  # printed without its leading zero
    repaired = resolve_passcode(index, 567696742, "DNA Transplant")
    assert (repaired.card_id, repaired.how) == (4, "passcode_repair")
    assert "56769674" in repaired.detail
    assert resolve_passcode(index, 12345678).card_id is None


def test_quoted_spans_copes_with_nesting():
    text = 'If "Dark Magician" is on the field, you can only use 1 "Maxx "C"" per turn.'
    spans = quoted_spans(text)
    assert "Dark Magician" in spans and 'Maxx "C"' in spans
    assert " is on the field, you can only use 1 " not in spans


def test_scan_unquoted_names_longest_match_and_word_rules(index):
    def names(text, **kw):
        return [index.names[card_id] for _s, _e, card_id in scan_card_names(index, text, **kw)]

    assert names("Dark Magician Girl attacks Dark Magician.") == ["Dark Magician Girl", "Dark Magician"]
    assert names("the Blackwing – Gale the Whirlwind and Maxx “C” and Apoqliphort Towers's effect") == [
        "Blackwing - Gale the Whirlwind", 'Maxx "C"', "Apoqliphort Towers"]
    assert names("monster moved to the Spell & Trap Zone") == []  # "Zone" is not "Z-ONE"
    assert names("use it as Synchro Material") == []  # a name made of rule words
    assert names("the dark magician is lower case") == []
    assert names("Honest is a card.") == []  # a one-word name opening a sentence
    assert names("Then Honest applies.") == ["Honest"]
    assert names("Honest is a card", initial_words=True) == ["Honest"]
    assert names("Then Honest applies.", labels=frozenset({"honest"})) == []  # the book's own term
    assert names("Dark Magician. Girl") == ["Dark Magician"]  # no match across a sentence break
    assert names("Pictured: Yellow Baboon, Archer of the Forest") == ["Yellow Baboon, Archer of the Forest"]
    assert names("no more House Dragonmaids in the Deck") == ["House Dragonmaid"]
    assert names("using the Polymerization Spell and Materials") == []  # a class of cards
    assert names("a Polymerization Spell Card") == ["Polymerization"]
    assert names("Pictured: Superior Polymerization") == []  # the tail of a longer name
    assert names("Activate Polymerization: Dark Magician + Polymerization") == [
        "Polymerization", "Dark Magician", "Polymerization"]


def test_scan_skips_one_word_names_the_books_write_in_lower_case(index):
    plain = dataclasses.replace(index, ordinary=index.ordinary | {"honest"})
    assert [c for _s, _e, c in scan_card_names(plain, "Then Honest applies.")] == []
    assert resolve_name(plain, "Then").how == "none"  # one-letter and ordinary words only when known
    assert resolve_name(dataclasses.replace(index, ordinary=index.ordinary | {"then"}), "Then").how == "rule"


def test_split_name_list_keeps_names_with_commas(index):
    assert split_name_list(index, "Yellow Baboon, Archer of the Forest, Dark Magician") == [
        "Yellow Baboon, Archer of the Forest", "Dark Magician"]
    written = "Dark Magician, Yellow Baboon, Archer of the Forest and Mystery Shell Dragon"
    assert split_name_list(index, written) == ["Dark Magician", "Yellow Baboon, Archer of the Forest",
                                               "Mystery Shell Dragon"]
    assert split_name_list(index, "Plaguspreader Zombie, Dark Magician") == ["Plaguspreader Zombie",
                                                                             "Dark Magician"]


# ------------------------------------------------------------------------------ curated data files


def test_conflict_file_is_well_formed():
    conflicts = load_conflicts()
    assert len(conflicts) >= 10
    for conflict in conflicts:
        assert len(conflict["sides"]) >= 2
        assert all(side["position"].strip() for side in conflict["sides"])


def test_topic_file_is_well_formed():
    topics = load_topics()
    assert len(topics) >= 20
    assert all(t.sections for t in topics)
    assert all(t.pattern is not None for t in topics)


@pytest.mark.parametrize("toml, message", [
    ('[[conflict]]\nid = "x"\ntopic = "t"\nsummary = "s"\n[[conflict.side]]\nsection = "md:1"\n'
     'position = "p"\n', "at least two sides"),
    ('[[conflict]]\nid = "x"\nsummary = "s"\n', "lacks topic"),
    ('[[conflict\n', "not valid TOML"),
])
def test_malformed_conflicts_are_rejected(tmp_path, toml, message):
    path = tmp_path / "conflicts.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(KbError, match=message):
        load_conflicts(path)


def test_unknown_conflict_section_fails_loudly_naming_it(rulebook_session):
    conflicts = load_conflicts()
    conflicts[0]["sides"][0]["section"] = "community:99.99"
    with pytest.raises(KbError, match=r"conflict .*unknown section 'community:99\.99'"):
        store_conflicts(rulebook_session, conflicts)


# ------------------------------------------------------------------------------ the real books


def _build_info(session) -> dict:
    return {row.key: row.value for row in session.exec(select(BuildInfo)).all()}


# Measured linking rates of the importers' card mentions (series and Token names excluded): the floor
# each book must keep.  See docs/graph.md for the numbers and what stays unlinked.
LINK_RATE_FLOOR = {"prb2017": 98.5, "community": 99.5, "tcg-v10": 99.0, "cr-draft": 99.0, "md": 99.0}


def test_linking_rate_per_book(session):
    info = _build_info(session)
    for book, floor in LINK_RATE_FLOOR.items():
        mentions = session.exec(select(func.count()).select_from(CardMention).join(
            Section, Section.id == CardMention.section_id).where(
            Section.source_id == book, CardMention.kind != "scanned")).one()
        if not mentions:
            continue
        rate = float(info[f"link_rate:{book}"])
        assert rate >= floor, f"{book}: {rate}% of card mentions linked (floor {floor}%)"


def test_unlinked_mentions_are_problems_with_file_and_line(session):
    problems = session.exec(select(ParseProblem).where(ParseProblem.kind == "unlinked_card")).all()
    for problem in problems:
        assert problem.file.startswith("data/rulebooks/") and problem.line, problem
        assert re.search(r"card mention '.+' in \S+ links to no card", problem.message)


def _card(session, name):
    return session.exec(select(Card).where(Card.name_key == name_key(name))).first()


def test_passcode_mentions_link_to_their_cards(session):
    decode = session.exec(select(CardMention).where(CardMention.passcode == 1861629)).first()
    assert decode is not None and decode.card_id == _card(session, "Decode Talker").id
    dna = session.exec(select(CardMention).where(CardMention.raw == "DNA Transplant",
                                                 CardMention.kind == "passcode")).all()
    assert dna and all(m.card_id == _card(session, "DNA Transplant").id for m in dna)


def _mentions_of(session, section_id, card_name):
    card = _card(session, card_name)
    return session.exec(select(CardMention).where(CardMention.section_id == section_id,
                                                  CardMention.card_id == card.id)).all()


def test_misspelt_names_in_prb2017_link_to_the_right_card(session):
    """Card names come from what the book marks (here a picture caption), not from a list of spellings."""
    plague = session.exec(select(CardMention).where(CardMention.raw == "Plaguspreader Zombie")).one()
    assert plague.card_id == _card(session, "Plaguespreader Zombie").id and plague.line == 1311
    variant = session.exec(select(ParseProblem).where(ParseProblem.kind == "variant_spelling",
                                                      ParseProblem.line == 1311)).one()
    assert "Plaguespreader Zombie" in variant.message
    bittron = session.exec(select(CardMention).where(CardMention.raw == "Bittron")).all()
    assert bittron and {m.card_id for m in bittron} == {_card(session, "Bitron").id}


def test_caption_lists_keep_names_with_commas(session):
    assert _mentions_of(session, "prb2017:how-to-xyz-summon", "Castel, the Skyblaster Musketeer")
    assert _mentions_of(session, "prb2017:how-to-xyz-summon", "Ariel, Priestess of the Nekroz")
    assert _mentions_of(session, "prb2017:synchro-summoning-ex1", "Bixi, Water of the Yang Zing")


def test_quoted_archetypes_and_rule_words_are_no_card_mentions(session):
    samurai = session.exec(select(CardMention).where(CardMention.raw == "Superheavy Samurai")).all()
    assert samurai and all(m.card_id is None for m in samurai)
    chain_link = session.exec(select(CardMention).where(CardMention.raw == "Chain Link 1")).all()
    assert chain_link and all(m.card_id is None for m in chain_link)
    excerpts = set(session.exec(select(ParseProblem.excerpt).where(ParseProblem.kind == "unlinked_card")))
    assert not {"Superheavy Samurai", "Chain Link 1", "Tuner", "SEGOC", "Nomi"} & excerpts
    # "a Naturia Beast Monster", "2 ‘Ancient Gear’ monsters": archetypes, although cards have those names
    assert not _mentions_of(session, "md:if-a-monster-stops-being-face-up-temporarily", "Naturia Beast")
    assert not _mentions_of(session, "prb2017:fusion-monsters-p15", "Ancient Gear")
    assert not _mentions_of(session, "community:10.23", "Ancient Gear")


def test_unquoted_names_are_found_by_scanning(session):
    """md, cr-draft and tcg-v10 write most names unquoted; the scan finds them in the section text."""
    found = _mentions_of(session, "md:segoc", "Salamangreat Balelynx")
    assert found and found[0].kind == "scanned" and found[0].line
    assert _mentions_of(session, "md:activation-legality", "House Dragonmaid")  # "House Dragonmaids"
    assert _mentions_of(session, "cr-draft:406.5-example", "Injection Fairy Lily")
    assert _mentions_of(session, "tcg-v10:fusion-monsters", "Polymerization")  # a figure label
    # a one-word name that is the book's own glossary term is no mention ("Honest" in Master Duel slang)
    assert not _mentions_of(session, "md:glossary-honest", "Honest")


def test_series_names_link_to_no_card(session):
    spellbook = session.exec(select(CardMention).where(CardMention.raw == "Spellbook")).all()
    assert spellbook and all(m.card_id is None for m in spellbook)
    problems = session.exec(select(ParseProblem).where(ParseProblem.kind == "unlinked_card",
                                                       ParseProblem.excerpt == "Spellbook")).all()
    assert not problems


def test_cited_ruling_titles_link_to_their_cards(session):
    citation = session.exec(select(RulingCitation).where(RulingCitation.title.contains("Macro Cosmos"),
                                                         RulingCitation.title.contains("Cherubini"))).first()
    assert citation is not None
    linked = set(session.exec(select(CitationCard.card_id).where(CitationCard.citation_id == citation.id)))
    assert linked == {_card(session, "Macro Cosmos").id,
                      _card(session, "Cherubini, Ebon Angel of the Burning Abyss").id}
    citing = session.exec(select(Reference.section_id).where(Reference.citation_id == citation.id)).all()
    assert any(section_id.startswith("community:") for section_id in citing)


def test_conflicts_are_stored_with_existing_sides(session):
    conflicts = session.exec(select(Conflict)).all()
    assert len(conflicts) == len(load_conflicts(CONFLICTS_FILE))
    sections = set(session.exec(select(Section.id)))
    for conflict in conflicts:
        sides = session.exec(select(ConflictSide).where(ConflictSide.conflict_id == conflict.id)).all()
        assert len(sides) >= 2 and all(side.section_id in sections for side in sides)
        assert conflict.summary and conflict.topic


def test_same_topic_links_cross_books_and_duplicates(session):
    links = session.exec(select(TopicLink)).all()
    pairs = {(link.section_a, link.section_b) for link in links}
    assert ("community:10.20", "community:3.4") in pairs  # a duplicated section
    books = [{a.split(":")[0], b.split(":")[0]} for a, b in pairs]
    assert sum(1 for b in books if len(b) == 2) >= 50


def test_rulings_link_to_topic_sections_with_reason(session):
    rows = session.exec(select(RulingSection).where(RulingSection.reason.contains("missing-the-timing"))).all()
    assert rows
    assert all("timing" in row.reason.lower() for row in rows)
    assert {row.section_id for row in rows} >= {"community:7.9.5"}


def test_link_rates_reach_kb_stats(full_kb):
    from click.testing import CliRunner

    from kb.cli import cli
    import json

    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "stats", "--json"])
    data = json.loads(result.output)
    assert data["conflicts"] >= 10
    assert data["graph_nodes"] > 0 and data["graph_edges"] > data["graph_nodes"]
    assert any(key.startswith("link_rate:") for key in data)
