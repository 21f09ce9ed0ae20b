"""The community rulebook importer (source ``community``) against the real bundled book.

Expected numbers come from the line-by-line study of the book (../shared/notes/seed-001-community-
rulebook.md); the full header list is the golden file ``tests/golden/community_headers.txt``.
"""

from __future__ import annotations

import importlib.util
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from sqlmodel import select

from importers import RULEBOOKS, community, rulebook_importer
from importers.base import ParseResult, resolve_references
from kb.config import RULEBOOK_DIR
from kb.corpus import read_sources_file
from kb.errors import SourceFormatError
from kb.models import REFERENCE_KINDS, SECTION_KINDS, Reference

BOOK = RULEBOOK_DIR / "community.txt"
GOLDEN = Path(__file__).parent / "golden" / "community_headers.txt"


@pytest.fixture(scope="module")
def source():
    return read_sources_file(RULEBOOK_DIR)["community"]


@pytest.fixture(scope="module")
def result(source) -> ParseResult:
    return community.parse(BOOK, source)


@pytest.fixture(scope="module")
def sections(result):
    return {s.id: s for s in result.sections}


def _parse_text(tmp_path, source, text: str) -> ParseResult:
    path = tmp_path / "community.txt"
    path.write_text(text, encoding="utf-8")
    return community.parse(path, source)


def _book_lines() -> list[str]:
    return BOOK.read_text(encoding="utf-8").split("\n")


def _number(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


# ----------------------------------------------------------------------------------- shape


def test_312_sections_with_the_depth_counts_of_the_book(result):
    assert len(result.sections) == 312
    assert Counter(s.level for s in result.sections) == {1: 10, 2: 137, 3: 111, 4: 54}


def test_sections_match_the_golden_header_list(result):
    golden = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        match = re.match(r"^(\S+) (.+) \[L(\d+)\]$", line)
        golden.append((match.group(1), match.group(2), int(match.group(3))))
    assert len(golden) == 312
    assert [(s.number, s.title, s.line) for s in result.sections] == golden


def test_ids_parents_levels_and_order(result, sections):
    numbers = [_number(s.number) for s in result.sections]
    assert numbers == sorted(numbers) and len(set(numbers)) == 312, "numbering is not strictly increasing"
    assert [s.order for s in result.sections] == list(range(1, 313))
    for section in result.sections:
        assert section.id == f"community:{section.number}" == f"community:{section.locator}"
        assert section.source_id == "community"
        assert section.level == len(_number(section.number))
        assert section.kind in SECTION_KINDS
        if section.level == 1:
            assert section.parent_id is None and section.kind == "chapter"
        else:
            assert section.parent_id == "community:" + section.number.rsplit(".", 1)[0]
            assert section.parent_id in sections
        assert section.line <= section.line_end


def test_line_ranges_tile_the_book(result):
    previous_end = 0
    for section in result.sections:
        assert section.line > previous_end
        previous_end = section.line_end
    assert result.sections[-1].line_end == len(_book_lines())


@pytest.mark.parametrize("section_id, title, parent, line", [
    ("community:1", "Getting Started", None, 3),
    ("community:1.2.1.4", "Pendulum Zone", "community:1.2.1", 69),
    ("community:7.9.4.2", "Simultaneous Effects Go On Chain (SEGOC)", "community:7.9.4", 1414),
    ("community:8.5.3.3", 'End of the Damage Step still occurs even if damage calculation was never '
                          'conducted: "having attacked"', "community:8.5.3", 1788),
    ("community:9.2.3.6", "Legality of destroying to summon", "community:9.2.3", 1969),
    ("community:10", "Glossary: Effects Terms and Effects Interaction", None, 2496),
    ("community:10.38", "During the [X] Phase: do [A] - Phase-Specific Effects", "community:10", 4059),
    ("community:10.85.3", '"Meteonis Drytron"', "community:10.85", 5680),
])
def test_well_known_sections(sections, section_id, title, parent, line):
    section = sections[section_id]
    assert (section.title, section.parent_id, section.line) == (title, parent, line)


def test_bullet_headers_are_repaired_and_reported(result, sections):
    repairs = {p.line for p in result.problems if p.kind == "repair" and "list bullet" in p.message}
    assert repairs == {1969, 4059}
    # the bullet reference line above each swallowed header stays with the previous section
    assert sections["community:9.2.3.5"].line_end == 1968
    assert sections["community:10.37.1"].line_end == 4058


def test_material_and_passcode_lines_are_not_headers(sections):
    numbers = {s.number for s in sections.values()}
    # "2 monsters" (L744), "1 Tribute 2 Tributes" (L699), "2 Level 4 monsters" (L2397), passcodes
    assert "2" in numbers and sections["community:2"].title == "Monster cards"
    titles = {s.title for s in sections.values()}
    assert not titles & {"monsters", "Tribute 2 Tributes", "Level 4 monsters", "Cyber Dragon"}


# ----------------------------------------------------------------------------------- text


def test_text_is_cleaned(result, sections):
    for section in result.sections:
        text = section.text
        assert "\u00a0" not in text and "\t" not in text
        assert "References:" not in text, section.id
        assert "Interaction with:" not in text
        assert not re.search(r"^\d{5,9} ", text, re.M), f"passcode left in {section.id}"
        assert not re.search(r"^[a-z][a-z0-9_]*$", text, re.M), f"bare image token in {section.id}"
        assert "\n\n\n" not in text
    assert sections["community:2.2"].text.startswith("These are basic Monster Cards")
    assert sections["community:2.4"].text.splitlines()[1] == "How to ritual Summon[1]"
    assert sections["community:1.2"].text.splitlines()[2] == "[image: game_mat]"
    assert sections["community:6.2"].text.startswith("[image: counter]\nA counter is a marker")
    assert 'effect of "Infernoble Knight Captain Roland"' in sections["community:9.2.3.5"].text
    # markers written after a space are glued to the word: "using that card [1]." -> "card[1]."
    assert "card[1]." in sections["community:7.4"].text


def test_empty_structural_sections_have_no_text(sections):
    for number in ("1", "2", "4", "6", "7", "7.9.4", "9.2", "9.4", "10.4.2"):
        assert sections[f"community:{number}"].text == "", number


def test_missing_lists_are_reported(result):
    missing = {p.line for p in result.problems if p.kind == "missing_content"}
    assert {32, 1419, 1579, 2346, 2348}.issubset(missing)  # lead-ins whose list was dropped
    assert sum(1 for p in result.problems if p.kind == "missing_content"
               and "Interaction with:" in p.message) == 89
    assert 370 not in missing  # "Example Question:" has its question on the next line
    assert 2649 not in missing  # followed by a numbered list after a blank line


def test_image_placeholders_are_reported(result):
    images = [p for p in result.problems if p.kind == "image"]
    assert len(images) == 30  # 29 stand-alone tokens + 1 glued to a paragraph (L1062)
    assert {1, 18, 1062, 1587}.issubset({p.line for p in images})


# ----------------------------------------------------------------------------------- duplicates


def test_23_duplicate_groups_point_at_their_first_section(result, sections):
    groups = defaultdict(list)
    for section in result.sections:
        if section.duplicate_of:
            groups[section.duplicate_of].append(section.number)
            original = sections[section.duplicate_of]
            assert original.order < section.order and original.duplicate_of is None
            assert original.text == section.text
    assert len(groups) == 23
    assert sum(len(v) for v in groups.values()) == 27
    assert groups["community:9.2.3.2"] == ["9.3.2", "10.4.3", "10.4.4"]
    assert groups["community:9.2.3.3"] == ["10.35.2", "10.71.2", "10.75.2"]
    assert groups["community:10.35.1"] == ["10.75.1"]  # the book's copy-paste error
    assert groups["community:4.2"] == ["5.1"]
    assert groups["community:9.2.3.5"] == ["10.37.1"]
    assert sections["community:9.2.3.4"].duplicate_of is None  # empty bodies are not duplicates
    assert sum(1 for p in result.problems if p.kind == "duplicate") == 27


# ----------------------------------------------------------------------------------- references


def _block(result):
    return [r for r in result.references if r.in_block]


def test_every_references_entry_is_recorded(result):
    block = _block(result)
    numbered = [r for r in block if r.ordinal is not None]
    bullets = [r for r in block if r.ordinal is None]
    assert len(numbered) == 1054
    assert [(r.line, r.section_id) for r in bullets] == [(1968, "community:9.2.3.5"),
                                                        (4058, "community:10.37.1")]
    assert Counter(r.kind for r in block) == {"ygorg": 567, "rulebook": 387, "article": 60, "ruling": 42}
    assert all(r.kind in REFERENCE_KINDS for r in result.references)
    # entries are numbered 1..n in every block
    per_section = defaultdict(list)
    for ref in numbered:
        per_section[ref.section_id].append(ref.ordinal)
    assert len(per_section) == 298
    assert all(ordinals == list(range(1, len(ordinals) + 1)) for ordinals in per_section.values())


def test_body_numbered_lists_are_not_references(result, sections):
    block_lines = {r.line for r in _block(result)}
    assert not block_lines & set(range(19, 26))  # "  1. Main Monster Zone" ... in 1.2
    assert "1. Main Monster Zone" in sections["community:1.2"].text


@pytest.mark.parametrize("raw, target_source, locator", [
    ("OCG Perfect Rulebook 2017 page 44", "prb2017", "page:44"),
    ("OCG Perfect Rulebook 2017 pages 50-51", "prb2017", "page:50"),
    ("OCG Perfect Rulebook 2017 pages 88, 91, 101", "prb2017", "page:88"),
    ("OCG Perfect Rulebook 2017 page 156: ATK/DEF Modifications", "prb2017", "page:156"),
    ("Official rulebook page 2", "tcg-v10", "page:2"),
    ("Official rulebook pages 42-43, 50", "tcg-v10", "page:42"),
])
def test_rulebook_entries_get_a_page_locator(result, raw, target_source, locator):
    refs = [r for r in result.references if r.raw == raw]
    assert refs, raw
    for ref in refs:
        assert (ref.kind, ref.target_source, ref.target_locator) == ("rulebook", target_source, locator)
        assert ref.unresolved_reason is None


def test_every_rulebook_entry_points_into_the_corpus(result):
    for ref in _block(result):
        if ref.kind != "rulebook":
            continue
        assert ref.target_source in {"prb2017", "tcg-v10"}
        if ref.target_locator is None:
            assert ref.raw == "Official rulebook Version 10" and ref.unresolved_reason
        else:
            page = int(ref.target_locator.removeprefix("page:"))
            assert int(re.search(r"pages? (\d+)", ref.raw).group(1)) == page


def test_external_entries_say_why_they_are_unresolved(result):
    for ref in _block(result):
        if ref.kind in {"ygorg", "ruling", "article"}:
            assert ref.target_source is None and ref.target_locator is None
            assert "not in the corpus" in ref.unresolved_reason
    ygorg = [r for r in result.references if r.kind == "ygorg"]
    assert ygorg[0].unresolved_reason == "official ruling (YGOrg database), not in the corpus"


def test_inline_parenthetical_citation(result):
    [ref] = [r for r in result.references if r.line == 1164 and r.kind == "rulebook"]
    assert (ref.section_id, ref.in_block, ref.raw) == ("community:7.3.1.1", False, "Official rulebook page 50")
    assert (ref.target_source, ref.target_locator) == ("tcg-v10", "page:50")


# ----------------------------------------------------------------------------------- citations


def test_ygorg_citations(result):
    ygorg = [(ref, c) for ref, c in result.citations if c.kind == "ygorg"]
    assert len(ygorg) == 567
    assert all(ref.kind == "ygorg" for ref, _ in ygorg)
    raw_titles = {c.raw_title for _, c in ygorg}
    titles = {c.title for _, c in ygorg}
    assert len(raw_titles) == 335
    # the only two spellings of one ruling: '"Raigeki Break","The Phantom ..."' (10.78) and the
    # spaced form (10.80) - cleaning merges them; every other distinct title stays distinct
    assert len(titles) == 334
    merged = Counter(c.title for c in {c.raw_title: c for _, c in ygorg}.values())
    assert [t for t, n in merged.items() if n > 1] == [
        '"Raigeki Break", "The Phantom Knights of Shade Brigandine"']
    for title in titles:
        assert title == title.strip() and not title.startswith('" ') and '","' not in title
        assert title.count('"') % 2 == 0, title
    assert '"Arcana Reading"' in titles
    assert '"Macro Cosmos", "Cherubini, Ebon Angel of the Burning Abyss"' in titles
    assert "After attacking with all monsters, can you activate a card or effect before moving to the " \
           "End Step?" in titles
    assert "Activation legality for delayed adding to hand" in titles  # bullet-form entry
    repairs = {p.line for p in result.problems if p.kind == "repair" and "cited ruling title" in p.message}
    assert repairs == {1574, 2554, 2604, 4349, 5178}


def test_legacy_ruling_citations(result):
    legacy = [(ref, c) for ref, c in result.citations if c.kind == "legacy"]
    assert len(legacy) == 42 and all(ref.kind == "ruling" for ref, _ in legacy)
    titles = {c.title for _, c in legacy}
    assert len(titles) == 41
    assert {'"Goblin King" ruling', '"Skill Drain" ruling', '"Big-Tusked Mammoth" ruling',
            '"Infernal Dragon" and "Reverse of Neos" rulings'} <= titles


def test_clean_citation_title():
    clean = community.clean_citation_title
    assert clean('" Arcana Reading"') == '"Arcana Reading"'
    assert clean('"Raigeki Break","Shade"') == '"Raigeki Break", "Shade"'
    assert clean('Order of the Graveyard') == "Order of the Graveyard"
    assert clean('"Sangan" and "?" ATK') == '"Sangan" and "?" ATK'


# ----------------------------------------------------------------------------------- footnotes


def _footnotes(result):
    return [r for r in result.references if r.kind == "footnote"]


def test_footnote_markers(result):
    notes = _footnotes(result)
    assert len(notes) == 436
    assert all(re.fullmatch(r"\[\d+\]", r.raw) and r.raw == f"[{r.ordinal}]" for r in notes)
    assert max(r.ordinal for r in notes) == 27
    assert all(not r.in_block for r in notes)


def test_placeholder_brackets_are_not_footnotes(result):
    # L5276 "[X] cannot be destroyed [4]" has a placeholder and a marker
    assert [r.raw for r in _footnotes(result) if r.line == 5276] == ["[4]"]
    assert not [r for r in result.references if r.raw in {"[X]", "[A]", "[event]", "[B]"}]


def test_footnotes_take_the_target_of_their_entry(result):
    [marker] = [r for r in _footnotes(result) if r.section_id == "community:1.2.1.1"]
    assert (marker.ordinal, marker.line) == (1, 44)
    assert (marker.target_source, marker.target_locator) == ("tcg-v10", "page:3")
    entries = {(r.section_id, r.ordinal): r for r in _block(result) if r.ordinal is not None}
    for note in _footnotes(result):
        entry = entries.get((note.section_id, note.ordinal))
        if entry is None:
            continue
        assert (note.target_source, note.target_locator) == (entry.target_source, entry.target_locator)
        if entry.unresolved_reason:
            assert entry.unresolved_reason in note.unresolved_reason


def test_dangling_footnotes_are_reported(result):
    dangling = [r for r in _footnotes(result) if r.unresolved_reason and "dangling" in r.unresolved_reason]
    assert {(r.section_id, r.raw) for r in dangling} == {("community:9.2.3.5", "[2]"),
                                                        ("community:10.37.1", "[2]")}
    problems = [p for p in result.problems if p.kind == "dangling_footnote"]
    assert sorted(p.line for p in problems) == sorted(r.line for r in dangling)


# ----------------------------------------------------------------------------------- cards, terms


def test_passcode_mentions(result):
    codes = [m for m in result.mentions if m.kind == "passcode"]
    assert len(codes) == 319
    headers = [m for m in codes if not m.raw.isdigit()]
    inline = [m for m in codes if m.raw.isdigit()]
    assert (len(headers), len(inline)) == (302, 17)
    by_line = {m.line: m for m in codes}
    assert (by_line[734].raw, by_line[734].passcode, by_line[734].section_id) == \
        ("Cyber Dragon", 70095154, "community:3.3.1")
    assert (by_line[585].raw, by_line[585].passcode) == ("1861629", 1861629)  # Decode Talker, zero lost
    assert by_line[4003].raw == 'Maxx "C"'
    assert by_line[4760].passcode == by_line[4825].passcode == 56769674  # 9-digit typo of DNA Transplant
    assert {p.line for p in result.problems if p.kind == "repair" and "9 digits" in p.message} == {4760, 4825}
    assert by_line[3216].raw == "Gravekeeper's Chief"  # tab-indented line


def test_quoted_name_mentions(result):
    names = [m for m in result.mentions if m.kind == "name"]
    raw = Counter(m.raw for m in names)
    assert raw["Forbidden Lance"] == 78 and raw["Toon World"] == 2 and raw["Maxx \"C\""] == 1
    assert not {"the field", "FLIP: Draw 1 card.", "725", "having attacked"} & set(raw)
    assert all(m.section_id and m.line for m in names)
    # a name in a section title is mentioned by that section
    assert any(m.section_id == "community:10.85.2" and m.raw == "Necrovalley" and m.line == 5667
               for m in names)
    # names inside References entries are left to the ruling citations
    block_lines = {r.line for r in result.references if r.in_block}
    assert not [m for m in names if m.line in block_lines]


@pytest.mark.parametrize("text, names", [
    ('"Sangan" and "Witch of the Black Forest"', ["Sangan", "Witch of the Black Forest"]),
    ('"Cannot attack. While you control "Toon World" and a Toon."', ["Toon World"]),
    ('1 "Maxx "C"" per turn', ['Maxx "C"']),
    ('"Rivalry of Warlords"/"Gozen Match" like', ["Rivalry of Warlords", "Gozen Match"]),
    ('the "once per turn" text, "the field", "725"', []),
])
def test_quoted_names(text, names):
    assert community.quoted_names(text) == names


def test_glossary_terms(result, sections):
    assert len(result.terms) == 84
    ids = [t.id for t in result.terms]
    assert len(set(ids)) == len(ids)
    by_id = {t.id: t for t in result.terms}
    attach = by_id["community:term:attach"]
    assert (attach.term, attach.section_id, attach.official) == ("Attach", "community:10.5", False)
    # the definition is prose outside the card examples; most entries only have examples and references
    assert attach.definition == ""
    assert by_id["community:term:random"].definition.startswith(
        "When a card effect says to choose a card randomly")
    assert by_id["community:term:random"].definition in sections["community:10.70"].text
    assert sum(1 for t in result.terms if t.definition) == 2
    for term in result.terms:
        section = sections[term.section_id]
        assert section.parent_id == "community:10" and section.kind == "glossary"
    assert sections["community:10.85"].kind == "section"  # "Specific Cards" groups card rulings


# ----------------------------------------------------------------------------------- robustness


def test_two_parses_give_identical_records(source, result):
    again = community.parse(BOOK, source)
    shape = lambda r: ([(s.id, s.parent_id, s.title, s.text, s.duplicate_of) for s in r.sections],  # noqa: E731
                       [(x.section_id, x.raw, x.kind, x.ordinal, x.target_locator) for x in r.references],
                       [(m.section_id, m.raw, m.line) for m in r.mentions],
                       [(p.line, p.kind, p.message) for p in r.problems])
    assert shape(again) == shape(result)


def test_empty_file_is_a_clear_error(tmp_path, source):
    path = tmp_path / "community.txt"
    path.write_bytes(b"\n  \n")
    with pytest.raises(SourceFormatError, match=r"community\.txt: file is empty"):
        community.parse(path, source)


def test_binary_bytes_name_the_line(tmp_path, source):
    path = tmp_path / "community.txt"
    path.write_bytes(BOOK.read_bytes()[:300] + b"\x00\x9f\x00")
    with pytest.raises(SourceFormatError) as info:
        community.parse(path, source)
    assert info.value.line == BOOK.read_bytes()[:300].count(b"\n") + 1
    assert "binary" in str(info.value)


def test_wrong_encoding_names_the_line(tmp_path, source):
    path = tmp_path / "community.txt"
    text = "\n".join(_book_lines()[:20]) + "\nR\u00e8gles du duel\n"
    path.write_bytes(text.encode("latin-1", errors="replace"))
    with pytest.raises(SourceFormatError) as info:
        community.parse(path, source)
    assert info.value.line == 21 and "not valid UTF-8" in str(info.value)


def test_text_without_any_header_is_a_clear_error(tmp_path, source):
    path = tmp_path / "community.txt"
    path.write_text("A shopping list.\nMilk\n2 eggs\n", encoding="utf-8")
    with pytest.raises(SourceFormatError, match=r"community\.txt: no numbered section header"):
        community.parse(path, source)


def test_truncated_file_gives_a_prefix_of_the_book(tmp_path, source, result):
    cut = _parse_text(tmp_path, source, "\n".join(_book_lines()[:100]))
    ids = [s.id for s in cut.sections]
    assert ids == [s.id for s in result.sections[:len(ids)]]
    assert ids[-1] == "community:1.2.3" and len(ids) == 11
    assert all(p.kind != "unparsed" for p in cut.problems)
    # cut right after a header: still a header when its number follows on
    cut = _parse_text(tmp_path, source, "\n".join(_book_lines()[:41]))
    assert cut.sections[-1].id == "community:1.2.1.1"
    # cut inside a References block: the entries before the cut are kept
    cut = _parse_text(tmp_path, source, "\n".join(_book_lines()[:10]))
    assert [r.raw for r in cut.references] == ["Official rulebook page 2"]


def test_out_of_order_section_numbers_are_reported(tmp_path, source):
    lines = _book_lines()[:140]
    assert lines[49] == "1.2.1.2 Extra Monster Zone" and lines[59] == "1.2.1.3 Spell & Trap Zone"
    lines[49] = "1.2.1.7 Extra Monster Zone"  # skips 1.2.1.2 - 1.2.1.6
    lines[59] = "1.2.1.1 Spell & Trap Zone"  # number already used
    parsed = _parse_text(tmp_path, source, "\n".join(lines))
    numbering = {p.line: p.message for p in parsed.problems if p.kind == "numbering"}
    assert "1.2.1.7 is out of order" in numbering[50]
    assert "used a second time" in numbering[60]
    ids = [s.id for s in parsed.sections]
    assert "community:1.2.1.7" in ids and len(ids) == len(set(ids)) == 14
    # the rejected header stays in the text of the section before it
    assert "1.2.1.1 Spell & Trap Zone" in {s.id: s for s in parsed.sections}["community:1.2.1.7"].text


def test_orphan_section_is_attached_to_its_nearest_ancestor(tmp_path, source):
    text = "1 Top\n\n\nBody.\n\n1.2.3 Deep\n\n\nMore body.\n"
    parsed = _parse_text(tmp_path, source, text)
    deep = parsed.sections[1]
    assert (deep.id, deep.parent_id, deep.level) == ("community:1.2.3", "community:1", 3)
    assert any(p.kind == "numbering" and p.line == 6 and "does not exist" in p.message
               for p in parsed.problems)


def test_unknown_reference_form_is_reported(tmp_path, source):
    text = "1 Top\n\n\nBody[1].\n\nReferences:\n  1. A scribbled note\n  3. Yugipedia\n"
    parsed = _parse_text(tmp_path, source, text)
    odd = [r for r in parsed.references if r.in_block]
    assert (odd[0].kind, odd[0].unresolved_reason) == ("other", community.UNKNOWN_ENTRY_REASON)
    kinds = {(p.line, p.kind) for p in parsed.problems}
    assert (7, "unparsed") in kinds and (8, "numbering") in kinds


def test_text_before_the_first_header_is_reported(tmp_path, source):
    parsed = _parse_text(tmp_path, source, "stray words here\n\n1 Top\n\n\nBody.\n")
    assert [(p.line, p.kind) for p in parsed.problems] == [(1, "unparsed")]


# ----------------------------------------------------------------------------------- resolution


def _available_results(source) -> dict[str, ParseResult]:
    """Parse every rulebook whose importer exists (the others are built by other modules)."""
    sources = read_sources_file(RULEBOOK_DIR)
    results = {"community": community.parse(BOOK, source)}
    for source_id, module in RULEBOOKS.items():
        if source_id != "community" and importlib.util.find_spec(f"importers.{module}"):
            results[source_id] = rulebook_importer(source_id).parse(
                RULEBOOK_DIR / Path(sources[source_id].file).name, sources[source_id])
    return results


def test_rulebook_references_are_resolved_or_explained(source):
    results = _available_results(source)
    resolve_references(results)
    refs = [r for r in results["community"].references if r.target_source in {"prb2017", "tcg-v10"}]
    assert len(refs) > 387  # block entries, the inline citation and footnotes to them
    for ref in refs:
        assert ref.target_id or ref.unresolved_reason, ref.raw
        if ref.target_id:
            assert ref.target_id.startswith(ref.target_source + ":")
        elif ref.target_source not in results:
            assert ref.unresolved_reason  # "<book> is not in the corpus" until its importer exists
    for book in {"prb2017", "tcg-v10"} & set(results):
        with_page = [r for r in refs if r.target_source == book and r.target_locator]
        assert sum(1 for r in with_page if r.target_id) / len(with_page) > 0.9, book


_ALL_IMPORTERS = all(importlib.util.find_spec(f"importers.{m}") for m in RULEBOOKS.values())


@pytest.mark.skipif(not _ALL_IMPORTERS, reason="needs every rulebook importer for a full rulebook build")
def test_rulebook_build_resolves_or_explains_every_community_reference(rulebook_session):
    refs = rulebook_session.exec(select(Reference).where(Reference.section_id.startswith("community:"))).all()
    assert sum(1 for r in refs if r.in_block) == 1056
    for ref in refs:
        assert ref.target_id or ref.unresolved_reason, (ref.section_id, ref.raw)
    ygorg = [r for r in refs if r.kind == "ygorg"]
    assert all(r.citation_id for r in ygorg)
    assert len({r.citation_id for r in ygorg}) == 334


def test_quoted_names_used_as_archetypes_are_series_mentions(result):
    at = {(m.line, m.kind) for m in result.mentions if m.raw == "Ancient Gear"}
    assert (3446, "series") in at  # 'cannot target "Ancient Gear" monsters you control'
    fortress = {(m.line, m.kind) for m in result.mentions if m.raw == "Ancient Gear Fortress"}
    assert fortress  # the card the example is about stays a card mention
