"""The OCG Perfect Rulebook 2017 importer (``prb2017``) against the real bundled text and broken inputs.

Expected numbers come from the study of the book (``../shared/notes/seed-000-perfect-rulebook-2017.md``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from importers import prb2017
from importers.base import resolve_references, section_for_page
from kb.config import RULEBOOK_DIR
from kb.corpus import read_sources_file
from kb.errors import SourceFormatError

BOOK = RULEBOOK_DIR / "prb2017.txt"


@pytest.fixture(scope="module")
def source():
    return read_sources_file(RULEBOOK_DIR)["prb2017"]


@pytest.fixture(scope="module")
def result(source):
    return prb2017.parse(BOOK, source)


@pytest.fixture(scope="module")
def by_id(result):
    return {s.id: s for s in result.sections}


def problems(result, kind):
    return [p for p in result.problems if p.kind == kind]


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


# --------------------------------------------------------------------------------------- shape


def test_chapters_and_front_matter(by_id):
    chapters = [s for s in by_id.values() if s.kind == "chapter"]
    assert [(c.id, c.title, c.page_start, c.page_end) for c in chapters] == [
        ("prb2017:chapter-1", "Basic Rules", 7, 38),
        ("prb2017:chapter-2", "New Master Rules", 39, 196),
    ]
    assert by_id["prb2017:preamble"].kind == "front" and by_id["prb2017:preamble"].line == 1
    assert by_id["prb2017:pages-1-6"].page_start == 1 and by_id["prb2017:pages-1-6"].page_end == 6


def test_numbered_headings_match_the_book(result, by_id):
    sections = result.sections
    chapter2 = [s for s in sections if s.parent_id == "prb2017:chapter-2"]
    assert [(s.id, s.title) for s in chapter2] == [
        ("prb2017:1", "Outline of the OCG"), ("prb2017:2", "The field for Dueling"), ("prb2017:3", "Cards"),
        ("prb2017:4", "Card Effects"), ("prb2017:5", "Text that is not an effect"),
        ("prb2017:6", "Progress of the game"),
    ]
    numbered = [s.number for s in sections if s.number and "." in s.number]
    assert numbered == ["1.1", "1.2", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "3.4", "4.1", "4.2", "4.3",
                        "5.1", "5.2", "6.2", "6.3"]  # the book prints no 6.1
    assert all(by_id[f"prb2017:{n}"].parent_id == f"prb2017:{n[0]}" for n in numbered)
    parts = [s.title for s in sections if s.parent_id == "prb2017:chapter-1"]
    assert parts == ["Basics of Dueling", "Updated Rules", "High Level Rules", "Pick Up Rules"]
    basics = [(s.number, s.title) for s in sections if s.parent_id == "prb2017:basics-of-dueling"]
    assert [n for n, _ in basics] == [f"({i})" for i in range(1, 9)]
    assert basics[6][1] == "Normal and Special Summoning monsters"
    pick_up = [s.id for s in sections if s.parent_id == "prb2017:pick-up-rules"]
    assert pick_up == [f"prb2017:pick-up-rule-{i}" for i in range(1, 5)]
    updated = [s.title for s in sections if s.parent_id == "prb2017:updated-rules"]
    assert updated == ["Changes in the Dueling Field", "Special Summoning monsters from the Extra Deck",
                       "Changes in card text"]


def test_tree_is_consistent(result, by_id):
    ids = [s.id for s in result.sections]
    assert len(ids) == len(set(ids))
    assert [s.order for s in result.sections] == list(range(len(ids)))
    for section in result.sections:
        assert section.id == f"prb2017:{section.locator}"
        if section.parent_id:
            parent = by_id[section.parent_id]
            assert section.level == parent.level + 1
            assert parent.line < section.line <= section.line_end <= parent.line_end
            assert parent.page_start <= section.page_start <= section.page_end <= parent.page_end
        assert section.kind in ("front", "chapter", "section", "example")
    # banner and kicker lines are never headings
    titles = {s.title for s in result.sections}
    assert "It's fundamental to reduce the opponent's LP to 0!!" not in titles
    assert "Learn about Link Summoning!!!" not in titles
    assert "A lecture for beginners about the basics of the OCG" not in titles
    assert not any(t.endswith("(Quick-Play Spell)") for t in titles)  # the "Dark Magician" card list


def test_every_translated_page_is_reachable(result):
    for page in range(7, 197):
        section = section_for_page(result.sections, page)
        assert section is not None, page
        assert section.page_start <= page <= section.page_end
    assert section_for_page(result.sections, 197) is None  # Tournament Rules were not translated


def test_page_anomalies_use_inferred_pages(result, by_id):
    anomalies = {p.line: p.message for p in problems(result, "page_anomaly")}
    assert sorted(anomalies) == [746, 897, 912, 1000, 1063, 1112, 1894, 2343]
    assert "Page 42" in anomalies[746] and "inferred page 46 (continuation)" in anomalies[746]
    assert by_id["prb2017:special-summon-monsters"].page_start == 69  # printed "Page 56"
    assert by_id["prb2017:tribute-summon"].page_start == 78  # second "Page 77"
    assert by_id["prb2017:damage-calculation"].page_start == 191  # printed "Page 169"
    assert by_id["prb2017:monsters-with-values"].page_start == 61  # second "Page 60"
    assert by_id["prb2017:tuners"].page_start == 72 and by_id["prb2017:tuners"].page_end == 74
    assert "[p. 146 (printed 'Page 145')]" in by_id["prb2017:drawing"].text
    assert by_id["prb2017:deck-zone"].page_start == 46  # printed "Page 42"
    gaps = {p.line: p.message for p in problems(result, "page_gap")}
    assert sorted(gaps) == [876, 1063, 1223, 1255]  # pages 59, 73-74, 89, 92
    assert "page 89 has no marker" in gaps[1223]


def test_examples_are_attached_to_their_rules(result, by_id):
    examples = [s for s in result.sections if s.kind == "example"]
    def label(example):
        line = example.text.split("\n")[1]
        return next((word for word in ("Example:", "Exampe:") if line.startswith(word)), example.line)

    labels = Counter(label(s) for s in examples)
    assert labels == {"Example:": 119, "Exampe:": 1, 1793: 1}
    for example in examples:
        parent = by_id[example.parent_id]
        assert parent.kind == "section" and example.level == parent.level + 1
        rule, body = example.text.split("\n", 1)
        assert rule.startswith("Rule: ")
        assert rule.removeprefix("Rule: ") in parent.text, example.id
        assert body.split("\n")[0] not in parent.text  # the example itself lives in its own section
    felgrand = by_id["prb2017:effects-that-meet-their-activation-requirements-ex1"]
    assert "Felgrand Dragon" in felgrand.text and felgrand.page_start == 135
    assert "[Pictured: Terraforming, \"Chain Link 1\"" in felgrand.text
    assert felgrand.text.startswith("Rule: Effects that say \"activate if/when […]\" must activate.")
    # a second example of the same rule points at the same bullet
    pendulum = [s for s in examples if s.parent_id == "prb2017:pendulum-summoning"]
    assert len(pendulum) == 2 and pendulum[0].text.split("\n")[0] == pendulum[1].text.split("\n")[0]
    repairs = {p.line for p in problems(result, "repair") if "example" in p.message}
    assert 1793 in repairs


# --------------------------------------------------------------------------------------- spot checks


@pytest.mark.parametrize("section_id, title, page, parent", [
    ("prb2017:damage-step", "Damage Step", 188, "prb2017:6.3"),
    ("prb2017:4.2", "Activating Cards and Effects", 130, "prb2017:4"),
    ("prb2017:spell-speeds", "Spell Speeds", 138, "prb2017:4.2"),
    ("prb2017:if-multiple-effects-are-activated-simultaneously", "If Multiple Effects are Activated "
     "Simultaneously", 140, "prb2017:4.2"),
    ("prb2017:effects-that-meet-their-activation-requirements", "Effects that Meet Their Activation "
     "Requirements in the Middle of the Resolution of an Effect or Chain", 134, "prb2017:4.2"),
    ("prb2017:costs", "Costs", 131, "prb2017:4.2"),
    ("prb2017:quick-play-spells", "Quick-Play Spells", 120, "prb2017:3.3"),
    ("prb2017:counters", "[…] Counters", 171, "prb2017:4.3"),
    ("prb2017:cannot-perform-certain-actions", "\"Cannot\" Perform Certain Actions", 144, "prb2017:4.3"),
    ("prb2017:spell-speeds-p32", "Spell Speeds", 32, "prb2017:high-level-rules"),
    ("prb2017:the-dueling-field", "The Dueling Field", 10, "prb2017:basics-of-dueling"),
    ("prb2017:jp-when-you-can", "時~~発動できる", 29, "prb2017:high-level-rules"),
])
def test_well_known_sections(by_id, section_id, title, page, parent):
    section = by_id[section_id]
    assert (section.title, section.page_start, section.parent_id) == (title, page, parent)
    assert section.text or any(s.parent_id == section_id for s in by_id.values())


def test_repairs_are_recorded(result, by_id):
    end_phase = by_id["prb2017:end-phase"]
    assert end_phase.parent_id == "prb2017:6.3" and (end_phase.page_start, end_phase.page_end) == (195, 196)
    assert end_phase.text.startswith("• If players wish to activate cards when the End Phase begins")
    assert "Main Phase 1 can" not in end_phase.text
    repairs = {p.line: p.message for p in problems(result, "repair")}
    assert "End Phase" in repairs[2394]
    assert 647 in repairs  # Chapter 2 takes its title from line 647
    assert 2050 in repairs and "[Pictured: Megamorph, Darkworld Shackles]" in \
        by_id["prb2017:if-a-continuously-applied-effect-that-makes"].text
    assert {445, 449, 453} <= set(repairs)
    assert "[TL note: \"when…you can\"]" in by_id["prb2017:jp-when-you-can"].text
    numbering = problems(result, "numbering")
    assert len(numbering) == 1 and "6.1" in numbering[0].message


def test_text_is_cleaned_and_complete(result, by_id):
    for section in result.sections:
        for line in section.text.split("\n"):
            assert not prb2017.PAGE_MARKER.match(line), section.id
            assert line not in ("||", "\\/")
    table = by_id["prb2017:how-to-summon-synchro-pendulum-monsters"].text
    assert ("| Summoning Method / Extra Deck status | Face-down | Face-up after proper Summon | "
            "Face-up after improper Summon |") in table
    assert "| Pendulum Summon | X | ✓ | X |" in table and "Extra Deck status |\n" not in table
    puppet = by_id["prb2017:how-to-interpretate-texts"].text
    assert "| Cost: You can pay 2000 Life Points |  |" in puppet
    chain = by_id["prb2017:when-multiple-cards-or-effects-are-activated"].text
    assert "|=> Mirror Force, \"want to activate\" A chain is formed!]" in chain
    notes = sum(s.text.count("[TL note: ") for s in result.sections)
    assert notes == 49  # every translator note kept, and marked the same way
    assert "\u2193" in by_id["prb2017:flow-of-the-duel"].text
    # every line of the file ends up in exactly one section's text, title, or as structure
    words = sum(len(s.text.split()) + len(s.title.split()) for s in result.sections)
    assert words > 0.95 * len(BOOK.read_text(encoding="utf-8").split())


# --------------------------------------------------------------------------------------- references


def test_references_resolved_or_reported(result, by_id):
    refs = result.references
    assert len(refs) == 41
    unresolved = [r for r in refs if not r.target_id]
    assert [(r.line, r.target_locator) for r in unresolved] == [(654, "page:197")]
    assert "not translated" in unresolved[0].unresolved_reason
    assert all(r.target_id in by_id for r in refs if r.target_id)
    assert all(r.kind == "page" and r.target_source == "prb2017" for r in refs)
    resolve_references({"prb2017": result})  # the build's resolver keeps what the importer resolved
    assert [r for r in refs if not r.target_id] == unresolved


@pytest.mark.parametrize("line, target", [
    (265, "prb2017:link-summoning"),  # [“Explained in detail in page 99!”]
    (277, "prb2017:ritual-summoning"),
    (380, "prb2017:battle-phase"),  # "... can be found in page 184!!"
    (417, "prb2017:4.2"),
    (433, "prb2017:effects-that-meet-their-activation-requirements"),
    (458, "prb2017:costs"),
    (493, "prb2017:resolving-chains"),
    (513, "prb2017:6.2"),
    (13, "prb2017:basics-of-dueling"),  # chapter 1 table of contents
    (650, "prb2017:3"),  # "3. Cards: Page 54"
    (651, "prb2017:4"),  # "4. Card Effects: 126" (no "Page")
    (24, "prb2017:the-dueling-field"),  # "(4) The Dueling Field (in page 10)"
    (1272, "prb2017:synchro-summoning"),  # TL note "it's the same as in page 90"
])
def test_reference_targets(result, line, target):
    targets = {r.target_id for r in result.references if r.line == line}
    assert targets == {target}


def test_stale_reference_is_corrected(result):
    ref = next(r for r in result.references if r.line == 132)
    assert ref.raw == "can be found on Page 20" and ref.target_locator == "page:22"
    stale = problems(result, "stale_reference")
    assert [p.line for p in stale] == [132]
    mismatch = {p.line: p.message for p in problems(result, "toc_mismatch")}
    assert "Placing Monsters" in mismatch[27]


# --------------------------------------------------------------------------------------- terms, cards


def test_terms(result, by_id):
    terms = {t.term: t for t in result.terms}
    assert len(terms) == len(prb2017.TERMS) and not problems(result, "term_not_found")
    assert len({t.id for t in result.terms}) == len(result.terms)
    for term in result.terms:
        assert term.id.startswith("prb2017:term:") and term.official and term.definition
        assert term.section_id in by_id
    assert terms["Spell Speed 3"].definition == "Only Counter Trap Cards are Spell Speed 3 effects."
    assert terms["priority to activate cards"].section_id == "prb2017:6.2"
    assert terms["battle damage"].section_id == "prb2017:battle-damage"
    assert terms["cutting the Deck"].definition.endswith("This is called \"cutting\".")
    assert terms["Tributing"].definition == (
        "Sending monsters on the field to the Graveyard for a Tribute Summon is called Tributing.")
    assert "Activating a Pendulum Monster as a Spell Card" in terms["using a card"].definition


def test_card_name_candidates_are_what_the_book_marks(result, by_id):
    """Quoted names, caption items, dash-list items and typed list lines; never card text or prose."""
    assert all(m.section_id in by_id and m.line for m in result.mentions)
    at = {(m.line, m.kind, m.raw) for m in result.mentions}
    assert (1311, "list", "Plaguspreader Zombie, Quillbolt Hedgehog") in at  # a caption, as written
    assert (2011, "list", "Rush Recklessly, Wattail Dragon") in at
    assert (153, "list", "Castel, the Skyblaster Musketeer") in at  # the comma belongs to the name
    assert (555, "name", 'Maxx "C"') in at  # a dash-list item holding quotes
    assert (855, "name", "Dark Magic Inheritance") in at  # "Dark Magic Inheritance (Quick-Play Spell)"
    assert (875, "name", "Black Luster Soldier") in at  # between curly single quotes
    assert (165, "series", "Ancient Gear") in at  # “2 ‘Ancient Gear’ monsters”: an archetype
    assert not [m for m in result.mentions if m.line == 1067]  # unquoted prose: the linker's scan
    raws = {m.raw for m in result.mentions}
    assert not {r for r in raws if r.endswith((";", ".", ","))}  # quoted card text is no name
    assert not {r for r in raws if "=>" in r or "<=" in r}  # flow-chart arrows split captions
    assert not {r for r in raws if sum(ch.isalpha() for ch in r) < 2}  # "X", "B", "400/2 = 200"


@pytest.mark.parametrize("caption, items", [
    ("[Pictured: Mystical Space Typhoon, Forbidden Lance]", ["Mystical Space Typhoon, Forbidden Lance"]),
    ('[Pictured: Bittron being moved to the Graveyard, "tribute a monster" => Pictured: Lynxlayer]',
     ["Lynxlayer"]),
    ("[Pictured: Castel, the Skyblaster Musketeer. Then, Ariel]",
     ["Castel, the Skyblaster Musketeer", "Then, Ariel"]),
    ('[Pictured: Junk Synchron <X= De-Synchro, "cannot"]', ["Junk Synchron", "De-Synchro"]),
    ("[Pictured: Red-Eyes B. Dragon + Polymerization (\"Polymerization Spell\")]",
     ["Red-Eyes B. Dragon", "Polymerization"]),
])
def test_caption_items(caption, items):
    assert prb2017.caption_items(caption) == items


def test_source_inconsistencies_are_flagged(result):
    flagged = {p.line for p in problems(result, "inconsistency")}
    assert {2047, 1875, 1335, 1463, 555, 556, 1419, 2201, 1040, 1054, 1064} == flagged
    duplicates = {p.line for p in problems(result, "duplicate") if "bullet" in p.message}
    assert duplicates == {1273, 1337}


# --------------------------------------------------------------------------------------- stability


def test_ids_are_deterministic(source, result):
    again = prb2017.parse(BOOK, source)
    assert [s.id for s in again.sections] == [s.id for s in result.sections]
    assert [t.id for t in again.terms] == [t.id for t in result.terms]
    assert [(r.line, r.target_id) for r in again.references] == \
        [(r.line, r.target_id) for r in result.references]


# --------------------------------------------------------------------------------------- bad input


def test_empty_file(tmp_path, source):
    path = write(tmp_path, "empty.txt", "")
    with pytest.raises(SourceFormatError, match="empty.txt.*empty"):
        prb2017.parse(path, source)


def test_binary_file(tmp_path, source):
    path = write(tmp_path, "binary.txt", b"Page 7:\nChapter 1: Basic Rules\n\x00\x01\x02")
    with pytest.raises(SourceFormatError, match=r"binary.txt:3: binary data"):
        prb2017.parse(path, source)


def test_wrong_encoding(tmp_path, source):
    path = write(tmp_path, "latin1.txt", "Page 7:\nChapter 1: Basic Rules\nCaf\u00e9\n".encode("latin-1"))
    with pytest.raises(SourceFormatError, match=r"latin1.txt:3: not valid UTF-8"):
        prb2017.parse(path, source)


def test_text_without_page_markers(tmp_path, source):
    path = write(tmp_path, "other.txt", "Some other book\nwith no pages\n")
    with pytest.raises(SourceFormatError, match="other.txt.*no page markers"):
        prb2017.parse(path, source)


def test_truncated_file(tmp_path, source):
    lines = BOOK.read_text(encoding="utf-8").split("\n")
    path = write(tmp_path, "truncated.txt", "\n".join(lines[:1000]))
    result = prb2017.parse(path, source)
    truncated = problems(result, "truncated")
    assert len(truncated) == 1 and truncated[0].line == 1000 and "ends on page 69" in truncated[0].message
    for page in range(7, 69):  # page 69 has only its marker
        assert section_for_page(result.sections, page) is not None
    assert all(r.target_id or r.unresolved_reason for r in result.references)
    unresolved = {r.line for r in result.references if not r.target_id}
    assert {380, 417} <= unresolved  # chapter 1 points at pages the truncated text lacks


def test_out_of_sequence_page_marker(tmp_path, source):
    text = "\n".join([
        "Page 7:", "Chapter 1: Basic Rules", "Basics of Dueling: Page 8", "Page 8", "Basics of Dueling",
        "A Duel is a game.", "Page 9", "Victory", "•You win at 0 LP.", "Page 5", "•A second bullet.",
        "Page 10", "Flow", "•Turns alternate.",
    ])
    result = prb2017.parse(write(tmp_path, "mini.txt", text), source)
    anomaly = problems(result, "page_anomaly")
    assert [(p.line, p.file) for p in anomaly] == [(10, source.file)]
    assert "inferred page" in anomaly[0].message and "'Page 5'" in anomaly[0].message
    victory = next(s for s in result.sections if s.title == "Victory")
    assert (victory.page_start, victory.page_end) == (9, 9)
    assert next(s for s in result.sections if s.title == "Flow").page_start == 10
    assert [s.title for s in result.sections if s.kind != "front"] == ["Basic Rules", "Basics of Dueling",
                                                                        "Victory", "Flow"]
