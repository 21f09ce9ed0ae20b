"""The tcg-v10 importer on the bundled TCG rulebook v10 text, and on broken copies of it."""

from __future__ import annotations

from collections import Counter

import pytest

from importers import tcg_v10
from importers.base import section_for_page
from kb.config import RULEBOOK_DIR
from kb.corpus import read_sources_file
from kb.errors import SourceFormatError

BOOK = RULEBOOK_DIR / "tcg-v10.txt"

TOC = {  # contents entry -> (id, first page, last page)
    "About the Game": ("tcg-v10:about-the-game", 1, 1),
    "Things you need to Duel": ("tcg-v10:things-you-need-to-duel", 2, 3),
    "The Game Mat": ("tcg-v10:the-game-mat", 4, 5),
    "Monster Cards": ("tcg-v10:monster-cards", 6, 8),
    "Effect Monsters": ("tcg-v10:effect-monsters", 9, 11),
    "Link Monsters": ("tcg-v10:link-monsters", 12, 15),
    "Pendulum Monsters": ("tcg-v10:pendulum-monsters", 16, 17),
    "Xyz Monsters": ("tcg-v10:xyz-monsters", 18, 19),
    "Synchro Monsters": ("tcg-v10:synchro-monsters", 20, 21),
    "Fusion Monsters": ("tcg-v10:fusion-monsters", 22, 22),
    "Ritual Monsters": ("tcg-v10:ritual-monsters", 23, 23),
    "Summoning Monster Cards": ("tcg-v10:summoning-monster-cards", 24, 25),
    "Spell & Trap Cards": ("tcg-v10:spell-trap-cards", 26, 31),
    "Let the Duel Begin!": ("tcg-v10:let-the-duel-begin", 32, 32),
    "Preparing to Duel": ("tcg-v10:preparing-to-duel", 33, 33),
    "Turn Structure": ("tcg-v10:turn-structure", 34, 40),
    "Monster Battle Rules": ("tcg-v10:monster-battle-rules", 41, 43),
    "Chains and Spell Speed": ("tcg-v10:chains-and-spell-speed", 44, 48),
    "Other Rules": ("tcg-v10:other-rules", 49, 51),
    "Glossary": ("tcg-v10:glossary", 52, 55),
}


@pytest.fixture(scope="module")
def source():
    return read_sources_file(RULEBOOK_DIR)["tcg-v10"]


@pytest.fixture(scope="module")
def parsed(source):
    return tcg_v10.parse(BOOK, source)


@pytest.fixture(scope="module")
def by_id(parsed):
    return {s.id: s for s in parsed.sections}


def test_the_twenty_contents_entries_with_their_pages(parsed, by_id):
    assert len(TOC) == 20
    for title, (section_id, first, last) in TOC.items():
        section = by_id[section_id]
        assert (section.title, section.page_start, section.page_end) == (title, first, last)


def test_chapters(by_id):
    chapters = {sid: (s.title, s.number, s.page_start, s.page_end) for sid, s in by_id.items()
                if s.kind == "chapter"}
    assert chapters == {
        "tcg-v10:chapter-1": ("Getting Started", "1", 2, 5),
        "tcg-v10:chapter-2": ("Game Cards", "2", 6, 31),
        "tcg-v10:chapter-3": ("How to Play", "3", 32, 40),
        "tcg-v10:chapter-4": ("Battles and Chains", "4", 41, 48),
        "tcg-v10:chapter-5": ("Other Rules", "5", 49, 55),
    }
    assert by_id["tcg-v10:monster-battle-rules"].parent_id == "tcg-v10:chapter-4"
    assert by_id["tcg-v10:spell-speed-2"].parent_id == "tcg-v10:spell-speeds"


def ancestors(by_id, section):
    out = []
    while section.parent_id:
        section = by_id[section.parent_id]
        out.append(section.id)
    return out


def test_every_printed_page_has_a_section(parsed, by_id):
    for page in range(1, 56):
        assert section_for_page(parsed.sections, page) is not None, page
    # a page citation names the page as a whole: the broadest section (below chapter) starting on it
    assert section_for_page(parsed.sections, 2).id == "tcg-v10:things-you-need-to-duel"
    assert section_for_page(parsed.sections, 44).id == "tcg-v10:chains-and-spell-speed"
    assert section_for_page(parsed.sections, 16).id == "tcg-v10:pendulum-monsters"
    assert section_for_page(parsed.sections, 50).id == "tcg-v10:public-knowledge"


def test_all_headings_of_the_table_are_placed(parsed):
    assert not [p for p in parsed.problems if p.kind == "missing_heading"]
    ids = [s.id for s in parsed.sections]
    assert len(ids) == len(set(ids))
    assert all(s.parent_id is None or s.parent_id in set(ids) for s in parsed.sections)


def test_spot_checks(by_id):
    quick = by_id["tcg-v10:quick-effect"]
    assert quick.page_start == 10 and quick.line == 309
    assert "Spell Speed of 2" in quick.text and "(Formerly called Multi-Trigger Effects.)" in quick.text
    assert "Only another Spell Speed 3 card" in by_id["tcg-v10:spell-speed-3"].text
    limits = by_id["tcg-v10:limitations-on-activating-cards"].text
    assert "you can only activate Counter Trap Cards" in limits
    assert by_id["tcg-v10:example-of-a-chain"].kind == "example"


def test_margin_furniture_and_page_numbers_are_stripped(parsed):
    text = "\n".join(s.text for s in parsed.sections if s.kind != "front")
    for residue in ("Game Cardsnot", "How To Playto", "Battles and Chainsbefore", "Other Rulesdestroyed",
                    "Chain Link 1.46 47", "exactly the same.2", "\uf06e"):
        assert residue not in text
    assert "Chain and proceeding down to Chain Link 1." in text


def test_column_text_is_kept_line_by_line(by_id):
    # columns merged by the extraction are never re-flowed: each printed line stays a line
    priority = by_id["tcg-v10:turn-players-priority"].text.split("\n")
    assert "The turn player always starts with Priority, or the choice to" in priority
    assert "Normally, your Deck (including Extra Deck and Side Deck) can" in \
        by_id["tcg-v10:forbidden-limited-cards"].text


def test_glossary_entries_and_terms(parsed, by_id):
    entries = [s for s in parsed.sections if s.kind == "glossary"]
    assert len(entries) == 23 and all(s.parent_id == "tcg-v10:glossary" for s in entries)
    assert by_id["tcg-v10:glossary-destroy"].page_start == 53
    assert by_id["tcg-v10:glossary-attack-directly"].page_start == 52
    assert by_id["tcg-v10:glossary-tribute"].page_start == 55
    assert "A card is destroyed when it is sent to the Graveyard" in by_id["tcg-v10:glossary-destroy"].text
    terms = {t.id: t for t in parsed.terms}
    assert len(terms) == 23 and all(t.official for t in terms.values())
    assert terms["tcg-v10:term:banished-cards"].section_id == \
        "tcg-v10:glossary-banished-cards-previously-remove-from-play"
    assert terms["tcg-v10:term:destroy"].section_id == "tcg-v10:glossary-destroy"


def test_stale_page_references_are_corrected_and_reported(parsed):
    refs = {r.line: r for r in parsed.references}
    expected = {85: (49, "tcg-v10:forbidden-limited-cards"), 125: (49, "tcg-v10:monster-tokens"),
                169: (16, "tcg-v10:pendulum-monsters"), 300: (34, "tcg-v10:turn-structure"),
                313: (44, "tcg-v10:chains-and-spell-speed"), 905: (41, "tcg-v10:monster-battle-rules"),
                981: (50, "tcg-v10:when-multiple-cards-are-activated-simultaneously")}
    for line, (page, target) in expected.items():
        assert (refs[line].kind, refs[line].target_locator, refs[line].target_id) == ("page", f"page:{page}", target)
    stale = {p.line: p for p in parsed.problems if p.kind == "stale_reference"}
    assert len(stale) == 8
    assert "page 41" in stale[313].message and "page 44" in stale[313].message


def test_card_mentions(parsed):
    mentions = Counter(m.raw for m in parsed.mentions)
    # quoted names, one of them opened by a wrong-direction quote (”Seven Tools of the Bandit”)
    assert {"Heavy Storm", "Threatening Roar", "Seven Tools of the Bandit"} <= set(mentions)
    assert "Monster Battle Rules" not in mentions  # a quoted heading of the book
    # the unquoted figure labels (Polymerization, STARGAZER MAGICIAN) are found by the linker's scan


def test_deterministic(source):  # parse speed is measured by bench/build.py, never asserted
    first = tcg_v10.parse(BOOK, source)
    second = tcg_v10.parse(BOOK, source)
    assert [(s.id, s.text) for s in first.sections] == [(s.id, s.text) for s in second.sections]


def test_truncated_file_reports_what_is_missing(tmp_path, source):
    path = tmp_path / "tcg-v10.txt"
    path.write_text("\n".join(BOOK.read_text(encoding="utf-8").split("\n")[:500]), encoding="utf-8")
    result = tcg_v10.parse(path, source)
    ids = {s.id for s in result.sections}
    assert "tcg-v10:link-monsters" in ids and "tcg-v10:glossary" not in ids
    missing = [p for p in result.problems if p.kind == "missing_heading"]
    assert any("Glossary" in p.message for p in missing)
    assert all(p.file.endswith("tcg-v10.txt") for p in result.problems)


def test_spread_without_page_numbers_is_reported(tmp_path, source):
    lines = BOOK.read_text(encoding="utf-8").split("\n")
    assert lines[330] == "10 11"
    lines[330] = "figure residue"
    path = tmp_path / "tcg-v10.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = tcg_v10.parse(path, source)
    assert any(p.kind == "page_number" and p.line == 331 for p in result.problems)
    assert {s.id: s.page_start for s in result.sections}["tcg-v10:quick-effect"] == 10


@pytest.mark.parametrize("content, message", [
    (b"   \n", "empty"),
    (b"OFFICIAL RULEBOOK\n---\n\x00\x00", "binary"),
    ("Glossary \u2013 Destroy\n".encode("cp1252"), "UTF-8"),
])
def test_unreadable_files_raise_naming_the_file(tmp_path, source, content, message):
    path = tmp_path / "bad-tcg.txt"
    path.write_bytes(content)
    with pytest.raises(SourceFormatError, match=message) as error:
        tcg_v10.parse(path, source)
    assert "bad-tcg.txt" in str(error.value)
