"""Importer for ``tcg-v10``: the official TCG rulebook, version 10, as extracted from its PDF.

The extraction (see ``../shared/notes/seeds-002-004.md``, document 002) has one block per two-page
spread, separated by ``---`` lines and ending with the printed page pair; the spread's text columns are
merged line by line, so paragraphs cannot be re-flowed.  The parser therefore:

* reads the printed page pair of every spread (sequence-checked; glued and missing page numbers handled);
* reads the 20 table-of-contents entries (with their printed pages) from the book itself;
* places the chapters, the TOC entries and the finer headings of :data:`HEADINGS` (a curated table: the
  book has no heading markup) by searching each heading inside the spread that holds its page;
* gives every heading the text from its end to the next heading, line by line as extracted (column
  fragments are never joined into new sentences), with margin furniture and page numbers stripped;
* splits the glossary at its 23 fixed terms (:data:`GLOSSARY_TERMS`);
* records the stale page references of :data:`STALE_PAGE_REFERENCES` with their corrected page.

Ids are ``tcg-v10:<slug>``: ``tcg-v10:chapter-4``, ``tcg-v10:chains-and-spell-speed``,
``tcg-v10:glossary-destroy``; terms are ``tcg-v10:term:<slug>``.
"""

from __future__ import annotations

from pathlib import Path

from kb.models import Source

from ..base import ParseResult, read_source_text
from .book_data import (CHAPTERS, GARBLED_TEXT, GLOSSARY_TERMS, HEADINGS, RUNNING_HEADS, SOURCE_ID,
                        STALE_PAGE_REFERENCES, TOC_HEADINGS, Heading, StaleReference)
from .pages import _check_heading_marks, _spreads, _take_heading_marks
from .placing import (_assign_glossary_pages, _glossary_entries, _place_headings, _Placed, _set_page_ends, _Text,
                      _toc_entries)
from .sections import _build_sections, _garbled, _mentions, _references, _terms

__all__ = [
    "SOURCE_ID",
    "Heading",
    "CHAPTERS",
    "TOC_HEADINGS",
    "HEADINGS",
    "GLOSSARY_TERMS",
    "StaleReference",
    "STALE_PAGE_REFERENCES",
    "RUNNING_HEADS",
    "GARBLED_TEXT",
    "parse",
]


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the TCG rulebook v10 into chapters, contents entries, headings, glossary entries and terms."""
    lines = read_source_text(path)
    result = ParseResult(source=source)
    marks = _take_heading_marks(lines)
    spreads = _spreads(lines, result)
    if not spreads:
        result.problem(1, "unparsed", "no page spreads ('---' separated blocks) found; the whole file is kept "
                       "as one front-matter section")
    toc = _toc_entries(lines, spreads, result)
    if spreads and len(toc) != len(TOC_HEADINGS):
        result.problem(spreads[0].first_line, "toc", f"{len(toc)} contents entries read, "
                       f"{len(TOC_HEADINGS)} expected")
    text = _Text(lines)
    placed = _place_headings(text, spreads, toc, result) if spreads else []
    if not placed or placed[0].start > 0:
        placed.insert(0, _Placed("front", "Front matter", "front", None, 0, 0, None))

    glossary = next((p for p in placed if p.slug == "glossary"), None)
    if glossary is not None:
        following = [p.start for p in placed if p.start > glossary.start]
        entries = _glossary_entries(text, glossary, following[0] if following else len(text.value), result)
        _assign_glossary_pages(entries, spreads, text)
        placed = sorted(placed + entries, key=lambda p: p.start)

    _check_heading_marks(marks, placed, text, result)
    _set_page_ends(placed, toc)
    sections, segments = _build_sections(text, placed, spreads, result)
    _references(text, sections, segments, result)
    _terms(sections, result)
    _mentions(sections, result)
    _garbled(text, result)
    return result
