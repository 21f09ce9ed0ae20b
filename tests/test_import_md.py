"""The md importer on the bundled Master Duel rulebook page, and on broken copies of it."""

from __future__ import annotations

from collections import Counter

import pytest

from importers import md
from kb.config import RULEBOOK_DIR
from kb.corpus import read_sources_file
from kb.errors import SourceFormatError

BOOK = RULEBOOK_DIR / "md.txt"


@pytest.fixture(scope="module")
def source():
    return read_sources_file(RULEBOOK_DIR)["md"]


@pytest.fixture(scope="module")
def parsed(source):
    return md.parse(BOOK, source)


@pytest.fixture(scope="module")
def by_id(parsed):
    return {s.id: s for s in parsed.sections}


def test_contents_entries_become_the_chapters_in_order(parsed):
    chapters = [s for s in parsed.sections if s.kind == "chapter"]
    assert [s.title for s in chapters] == list(md.CHAPTERS)
    assert len(chapters) == 21
    assert [s.number for s in chapters] == [str(n) for n in range(1, 22)]
    assert {s.id: s.line for s in chapters}["md:segoc"] == 340
    assert not [p for p in parsed.problems if p.kind in ("missing_heading", "unparsed")]


def test_headings_inside_chapters(by_id):
    assert by_id["md:spell-speed-2"].parent_id == "md:spell-speed"
    assert by_id["md:spell-speed"].parent_id == "md:chains"
    assert by_id["md:start-of-the-damage-step"].parent_id == "md:steps"
    assert by_id["md:missing-the-timing-or-missing-the-activation-window"].parent_id == "md:if-when"
    assert by_id["md:ritual-monsters-summoning-procedure"].parent_id == "md:ritual-monsters"
    assert by_id["md:extra-monster-zone-emz"].parent_id == "md:zones"
    assert by_id["md:flipped-face-down"].parent_id == "md:forgetting"
    assert by_id["md:applying-an-activated-effect-that-changes-original-atk"].parent_id == "md:atk-def-modifiers"
    counter = by_id["md:counter-traps"]
    assert counter.parent_id == "md:traps" and counter.line == 249 and "chained to by other Counter Traps" in counter.text


def test_labels_and_captions_are_not_headings(parsed):
    titles = {s.title for s in parsed.sections}
    for label in ("OR", "Ex:", "Example:", "Examples:", "Situation:", "What happens:", "Resolve the Chain:",
                  "Tuner 3 + Non-Tuner 5 = Synchro 8", "Taken from Rivalry/Gozen FAQ"):
        assert label not in titles


def test_chapter_with_its_real_title(by_id):
    segoc = by_id["md:segoc"]
    assert segoc.kind == "chapter"
    assert segoc.text.startswith("TRIGGER WARNING\nSEGOC\nSimultaneous Effects Go On Chain")
    assert "md:segoc-segoc" not in by_id


def test_glossary_terms(parsed, by_id):
    entries = [s for s in parsed.sections if s.kind == "glossary"]
    assert len(entries) == 134
    official = [t for t in parsed.terms if t.official]
    unofficial = [t for t in parsed.terms if not t.official]
    assert (len(official), len(unofficial)) == (24, 110)
    assert Counter(s.parent_id for s in entries) == {"md:official-terms": 24, "md:game-state": 52,
                                                     "md:game-actions": 58}
    terms = {t.id: t for t in parsed.terms}
    destroy = terms["md:term:destroy"]
    assert destroy.section_id == "md:glossary-destroy" and destroy.definition.startswith("A card is destroyed")
    assert terms["md:term:missing-the-timing"].official is False
    assert by_id["md:glossary-generic"].text.count("\n- ") == 4  # nested list kept


def test_faq_pairs(parsed, by_id):
    faqs = [s for s in parsed.sections if s.kind == "faq"]
    assert [s.id for s in faqs] == [f"md:faq-{n}" for n in range(1, 8)]
    first = by_id["md:faq-1"]
    assert first.title == "My opponent is going first but I can't activate my Quick-Play Spell?"
    assert first.text.startswith("Q: ") and "\nA: Quick-Play Spells must be set" in first.text
    assert all(s.parent_id == "md:faq" for s in faqs)


def test_loading_placeholders(parsed, by_id):
    assert not any("Loading..." in s.text or "Loading..." in s.title for s in parsed.sections)
    placeholders = [p for p in parsed.problems if p.kind == "placeholder"]
    assert len(placeholders) == 183
    assert sum(int(p.message.split()[0]) for p in placeholders) == 352
    assert "- Chain Link 1: [card]" in by_id["md:resolving-a-chain"].text
    assert "[card] ," not in "".join(s.text for s in parsed.sections)


def test_card_mentions_are_quoted_candidates(parsed):
    names = {(m.section_id, m.raw) for m in parsed.mentions}
    assert any(raw == "Option Token" for _s, raw in names)
    assert any(raw == "Kaiju" for _s, raw in names)  # an archetype: the linker links it to no card
    # plain-text names ("Salamangreat Balelynx") are found by the linker's scan, not by a name list
    assert not any(raw == "Salamangreat Balelynx" for _s, raw in names)


def test_every_line_is_placed(parsed):
    lines = BOOK.read_text(encoding="utf-8").split("\n")
    covered = set()
    for section in parsed.sections:
        covered.update(range(section.line, section.line_end + 1))
    assert covered >= set(range(1, len(lines) + 1))


def test_deterministic(source):  # parse speed is measured by bench/build.py, never asserted
    first = md.parse(BOOK, source)
    second = md.parse(BOOK, source)
    assert [s.id for s in first.sections] == [s.id for s in second.sections]
    assert [t.id for t in first.terms] == [t.id for t in second.terms]


def test_truncated_file_reports_missing_chapters(tmp_path, source):
    path = tmp_path / "md.txt"
    path.write_text("\n".join(BOOK.read_text(encoding="utf-8").split("\n")[:400]), encoding="utf-8")
    result = md.parse(path, source)
    chapters = [s.title for s in result.sections if s.kind == "chapter"]
    assert chapters[-1] == "Reading & Resolving Effects"
    missing = [p for p in result.problems if p.kind == "missing_heading"]
    assert len(missing) == 21 - len(chapters) and all(p.file.endswith("md.txt") for p in missing)


def test_stray_line_in_the_glossary_is_reported(tmp_path, source):
    lines = BOOK.read_text(encoding="utf-8").split("\n")
    assert lines[1050] == "Destroy"
    lines.insert(1052, "Stray line without a dash, kept but reported.")  # becomes line 1053
    path = tmp_path / "md.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = md.parse(path, source)
    assert [p.line for p in result.problems if p.kind == "unparsed"] == [1053]
    destroy = {s.id: s for s in result.sections}["md:glossary-destroy"]
    assert destroy.text.endswith("Stray line without a dash, kept but reported.")
    assert len(result.terms) == 134


@pytest.mark.parametrize("content, message", [
    (b"\n\n", "empty"),
    (b"Introduction\n\x00", "binary"),
    ("Introduction\nMaxx \u201cC\u201d\n".encode("utf-16"), "binary|UTF-8"),
])
def test_unreadable_files_raise_naming_the_file(tmp_path, source, content, message):
    path = tmp_path / "bad-md.txt"
    path.write_bytes(content)
    with pytest.raises(SourceFormatError, match=message) as error:
        md.parse(path, source)
    assert "bad-md.txt" in str(error.value)
