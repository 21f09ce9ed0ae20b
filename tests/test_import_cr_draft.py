"""The cr-draft importer on the bundled draft comprehensive rules, and on broken copies of it."""

from __future__ import annotations

from collections import Counter

import pytest

from importers import cr_draft
from importers.base import resolve_references
from kb.config import RULEBOOK_DIR
from kb.corpus import read_sources_file
from kb.errors import SourceFormatError

BOOK = RULEBOOK_DIR / "cr-draft.txt"


@pytest.fixture(scope="module")
def source():
    return read_sources_file(RULEBOOK_DIR)["cr-draft"]


@pytest.fixture(scope="module")
def parsed(source):
    return cr_draft.parse(BOOK, source)


@pytest.fixture(scope="module")
def by_id(parsed):
    return {s.id: s for s in parsed.sections}


def problems_at(result, line):
    return [p for p in result.problems if p.line == line]


def test_shape_matches_the_notes(parsed):
    numbered = Counter((s.kind, s.level) for s in parsed.sections)
    assert numbered[("chapter", 1)] == 3  # parts 2, 3, 4
    assert numbered[("section", 2)] == 38  # group headings (209 twice)
    assert numbered[("rule", 3)] == 230
    assert numbered[("subrule", 4)] == 157
    assert numbered[("section", 3)] == 15  # title-only rules used as sub-headings (202.6 Effect ...)
    assert [s.id for s in parsed.sections if s.kind == "chapter"] == ["cr-draft:2", "cr-draft:3", "cr-draft:4"]


def test_ids_numbers_and_parents(by_id):
    assert by_id["cr-draft:201.4a"].parent_id == "cr-draft:201.4"
    assert by_id["cr-draft:201.4a"].title == "An XYZ Monster has a Rank."
    assert by_id["cr-draft:201.4"].parent_id == "cr-draft:201"
    assert by_id["cr-draft:201"].parent_id == "cr-draft:2"
    assert by_id["cr-draft:201"].title == "Monster"
    assert by_id["cr-draft:202.6"].kind == "section" and by_id["cr-draft:202.6"].title == "Effect"
    assert by_id["cr-draft:202.6a"].parent_id == "cr-draft:202.6"
    assert by_id["cr-draft:406"].title == "Damage Step"
    assert by_id["cr-draft:406.3"].line == 837
    assert "Counter Trap Cards" in by_id["cr-draft:406.3"].text


def test_every_section_has_a_known_parent(parsed):
    ids = {s.id for s in parsed.sections}
    assert all(s.parent_id is None or s.parent_id in ids for s in parsed.sections)
    assert len(ids) == len(parsed.sections)


@pytest.mark.parametrize("line, printed, repaired_id", [
    (73, "200.2a", "cr-draft:200.2a"),
    (421, "208.1", "cr-draft:209.1"),
    (531, "301.7a", "cr-draft:301.8a"),
    (667, "05.9", "cr-draft:305.9"),
    (731, "07.9", "cr-draft:307.9"),
])
def test_numbering_repairs_are_applied_and_recorded(parsed, by_id, line, printed, repaired_id):
    section = by_id[repaired_id]
    assert section.line == line
    repairs = [p for p in problems_at(parsed, line) if p.kind == "repair"]
    assert repairs and printed in repairs[0].message and repairs[0].file.endswith("cr-draft.txt")


def test_repaired_parents(by_id):
    assert by_id["cr-draft:200.2a"].parent_id == "cr-draft:200.2"
    assert by_id["cr-draft:301.8z"].parent_id == "cr-draft:301.8"
    assert by_id["cr-draft:209.3"].parent_id == "cr-draft:209"  # Quick-Play Spell
    assert by_id["cr-draft:305.10"].parent_id == "cr-draft:305"


def test_duplicate_numbers_keep_both_rules(parsed, by_id):
    assert by_id["cr-draft:206.4-2"].number == "206.4" and by_id["cr-draft:206.4-2"].line == 393
    assert by_id["cr-draft:304.4-2"].line == 629
    ritual = by_id["cr-draft:209-2"]
    assert ritual.title == "Ritual Spell" and by_id["cr-draft:209-2.1"].parent_id == ritual.id
    assert any("used twice" in p.message for p in problems_at(parsed, 433))
    assert by_id["cr-draft:304.9"].duplicate_of == "cr-draft:203.5d"


def test_front_matter_is_not_rules(parsed, by_id):
    front = by_id["cr-draft:front"]
    assert front.kind == "front" and "02.6. Effect" in front.text
    assert all(s.line >= 63 for s in parsed.sections if s.kind in ("chapter", "section", "rule", "subrule"))


def test_examples_attach_to_the_rule_before_them(by_id):
    example = by_id["cr-draft:202.10m-example"]
    assert example.kind == "example" and example.parent_id == "cr-draft:202.10m"
    assert "Macro Cosmos" in example.text and "**" not in example.text
    joined = by_id["cr-draft:304.7-example"]  # one example split over two paragraphs (637 + 639)
    assert "Garura, Wings of Resonant Life" in joined.text and joined.line_end == 639


def test_content_defects_and_drafting_notes(parsed, by_id):
    defects = {p.line for p in parsed.problems if p.kind == "content_defect"}
    assert {117, 443, 601, 686, 929} <= defects
    assert "TODO" not in "".join(s.text for s in parsed.sections)
    assert any(p.kind == "editorial" and p.line == 121 for p in parsed.problems)


def test_defined_terms_point_at_their_rule(parsed):
    terms = {t.id: t for t in parsed.terms}
    assert terms["cr-draft:term:summon-negation-window"].section_id == "cr-draft:300.4"
    assert terms["cr-draft:term:co-linked"].section_id == "cr-draft:203.6n"
    assert terms["cr-draft:term:battle-replay"].section_id == "cr-draft:405.5"
    assert all(t.section_id and t.definition for t in parsed.terms)
    assert len(terms) == len(cr_draft.DEFINED_TERMS)


def test_cross_references(parsed, source):
    refs = {(r.line, r.raw): r for r in parsed.references}
    assert refs[(81, "(See 01.5 for abilities)")].target_locator == "number:201.5"
    assert any(p.kind == "repair" and p.line == 81 for p in parsed.problems)
    assert refs[(137, "(See Normal Summon TODO)")].target_id == "cr-draft:301"
    assert refs[(109, "[Ruling163](#)")].kind == "ruling"
    resolve_references({"cr-draft": parsed})
    assert refs[(81, "(See 01.5 for abilities)")].target_id == "cr-draft:201.5"
    assert refs[(563, "(See Summon Negation Window Summons00.4)")].target_id == "cr-draft:300.4"
    assert all(r.target_id or r.unresolved_reason for r in parsed.references)


def test_card_mentions_are_quoted_candidates(parsed):
    names = {(m.section_id, m.raw) for m in parsed.mentions}
    assert ("cr-draft:202.12c", "Yoko-Zuna Sumo Spirit") in names
    assert ("cr-draft:400.5c", "The Unhappy Maiden") in names
    # broken nesting: ““Blue-Eyes Ultimate Dragon” and the archetype "Blue-Eyes" (linked to no card)
    assert {("cr-draft:304.10-example", "Blue-Eyes Ultimate Dragon"),
            ("cr-draft:304.10-example", "Blue-Eyes")} <= names
    # the examples' unquoted names are left to the linker's scan (see test_links)
    assert not any(raw == "Injection Fairy Lily" for _s, raw in names)
    assert all(m.line for m in parsed.mentions)
    kinds = {(m.raw, m.kind) for m in parsed.mentions if m.section_id == "cr-draft:304.10-example"}
    assert {("Blue-Eyes", "series"), ("Blue-Eyes Ultimate Dragon", "name")} <= kinds  # “Blue-Eyes” monsters


def test_deterministic(source):  # parse speed is measured by bench/build.py, never asserted
    first = cr_draft.parse(BOOK, source)
    second = cr_draft.parse(BOOK, source)
    assert [s.id for s in first.sections] == [s.id for s in second.sections]
    assert [(p.line, p.kind) for p in first.problems] == [(p.line, p.kind) for p in second.problems]


def test_rule_out_of_order_is_recorded_with_its_line(tmp_path, source):
    lines = BOOK.read_text(encoding="utf-8").split("\n")
    lines.insert(98, "")
    lines.insert(99, "201.2. A rule printed after 201.4 by mistake.")  # becomes line 100, after 201.4c
    path = tmp_path / "cr-draft.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = cr_draft.parse(path, source)
    out_of_order = [p for p in result.problems if p.kind == "out_of_order"]
    assert [p.line for p in out_of_order] == [100]  # also stored under its own id, as a duplicate
    assert "201.2" in out_of_order[0].message and out_of_order[0].file.endswith("cr-draft.txt")
    assert any(s.id == "cr-draft:201.2-2" for s in result.sections)


def test_unknown_number_shape_is_kept_and_reported(tmp_path, source):
    path = tmp_path / "cr-draft.txt"
    path.write_text("2. Card Types\n\n200. General\n\n99.9.9. Not a rule number.\n", encoding="utf-8")
    result = cr_draft.parse(path, source)
    assert any(p.kind == "unparsed" and p.line == 5 for p in result.problems)
    assert "Not a rule number" in result.sections[-1].text


def test_truncated_file_parses_what_is_there(tmp_path, source):
    path = tmp_path / "cr-draft.txt"
    path.write_text("\n".join(BOOK.read_text(encoding="utf-8").split("\n")[:300]), encoding="utf-8")
    result = cr_draft.parse(path, source)
    assert any(s.id == "cr-draft:203.5" for s in result.sections)
    assert not any(s.id.startswith("cr-draft:3") for s in result.sections)
    assert any(p.kind == "missing" for p in result.problems)  # defined terms of the lost rules


@pytest.mark.parametrize("content, message", [
    (b"", "empty"),
    (b"2. Card Types\n\n200. General\x00\x01", "binary"),
    ("200. G\u00e9n\u00e9ral\n".encode("latin-1"), "UTF-8"),
])
def test_unreadable_files_raise_naming_the_file(tmp_path, source, content, message):
    path = tmp_path / "broken-cr-draft.txt"
    path.write_bytes(content)
    with pytest.raises(SourceFormatError, match=message) as error:
        cr_draft.parse(path, source)
    assert "broken-cr-draft.txt" in str(error.value)
