"""Placing the curated headings in the text of the TCG rulebook v10, with their pages and columns."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from kb.text import clean_text, slugify

from ..base import ParseResult

from .book_data import (CHAPTERS, GLOSSARY_TERMS, HEADINGS, RUNNING_HEAD_END, RUNNING_HEAD_START, SEPARATOR, TOC_ENTRY,
                        TOC_HEADINGS)
from .pages import _Spread


@dataclass
class _Placed:
    slug: str
    title: str
    kind: str
    parent: str | None
    start: int  # offsets in the joined text
    end: int
    pages: tuple[int, int] | None
    number: str | None = None


class _Text:
    """The file as one string, with offset <-> line conversion."""

    def __init__(self, lines: list[str]):
        self.value = "\n".join(lines)
        self.starts = [0]
        for line in lines[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def offset_of_line(self, line: int) -> int:
        return self.starts[line - 1]


def _spread_span(text: _Text, spreads: list[_Spread], page) -> tuple[int, int] | None:
    """Offsets of the spread that holds ``page`` (the first page of a ``(first, last)`` pair)."""
    wanted = page[0] if isinstance(page, tuple) else page
    for spread in spreads:
        if wanted in spread.pages:
            end = text.offset_of_line(spread.last_line + 1) if spread.last_line < len(text.starts) \
                else len(text.value)
            return text.offset_of_line(spread.first_line), end
    return None


def _find(text: _Text, pattern: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The heading's match inside ``span``; a printed repeat right after it is absorbed."""
    match = re.compile(pattern, re.M).search(text.value, span[0], span[1])
    if not match:
        return None
    end = match.end()
    repeat = re.compile(r"\s*" + re.escape(match.group(0).split("\n")[0].lstrip("<").strip()) + r"(?=\s|$)")
    again = repeat.match(text.value, end, span[1])
    if again and "\n" in text.value[end:again.end()]:
        end = again.end()
    return match.start(), end


def _pages_of(page) -> tuple[int, int]:
    if isinstance(page, tuple):
        return page
    return page, page


def _place_headings(text: _Text, spreads: list[_Spread], toc: dict[str, int],
                    result: ParseResult) -> list[_Placed]:
    placed: list[_Placed] = []
    front_end = text.offset_of_line(spreads[0].first_line)

    def place(slug, title, kind, parent, pattern, page, number=None):
        span = _spread_span(text, spreads, page) if page is not None else (0, front_end)
        found = _find(text, pattern, span) if span else None
        if found is None:
            result.problem(None, "missing_heading", f"heading {title!r} (page {page}) not found; its text stays "
                           "in the section before it", pattern)
            return
        pages = _pages_of(page) if isinstance(page, (int, tuple)) else None
        placed.append(_Placed(slug, title, kind, parent, found[0], found[1], pages, number))

    for heading in HEADINGS:
        if heading.kind == "front":
            place(heading.slug, heading.title, "front", None, heading.find, heading.page)
    if "About the Game" in toc:
        place("about-the-game", "About the Game", "section", None, TOC_HEADINGS["About the Game"],
              toc["About the Game"])
    for number, (title, pattern, entries) in CHAPTERS.items():
        pages = [toc[e] for e in entries if e in toc]
        if not pages:
            result.problem(None, "missing_heading", f"chapter {number} {title!r}: none of its contents entries "
                           "were found in the table of contents")
            continue
        place(f"chapter-{number}", title, "chapter", None, pattern, min(pages), str(number))
        for entry in entries:
            if entry not in toc:
                result.problem(None, "missing_heading", f"contents entry {entry!r} missing from the table of "
                               "contents")
                continue
            place(slugify(entry), entry, "section", f"chapter-{number}", TOC_HEADINGS[entry], toc[entry])
    for heading in HEADINGS:
        if heading.kind != "front":
            place(heading.slug, heading.title, heading.kind, heading.parent, heading.find, heading.page)
    order = {p.slug: i for i, p in enumerate(placed)}
    placed.sort(key=lambda p: (p.start, order[p.slug]))
    return placed


def _toc_entries(lines: list[str], spreads: list[_Spread], result: ParseResult) -> dict[str, int]:
    """Table-of-contents title -> printed page, read from the contents spread (pages i-ii)."""
    if not spreads:
        return {}
    contents = spreads[0]
    toc: dict[str, int] = {}
    for index in range(contents.first_line - 1, contents.last_line):
        for match in TOC_ENTRY.finditer(lines[index]):
            title, page = match.group(1).strip(), int(match.group(2))
            toc[title] = page
            if title not in TOC_HEADINGS:
                result.problem(index + 1, "unparsed", f"contents entry {title!r} is not in the heading table",
                               lines[index])
    return toc


# ------------------------------------------------------------------------------------------ text


def _clean_region(raw: str, keep_running_heads: bool = False) -> str:
    """Text of a section: page furniture and separators dropped, bullets normalised, lines kept as printed."""
    out = []
    for line in raw.split("\n"):
        line = line.strip()
        if not line or line == SEPARATOR:
            continue
        if not keep_running_heads:
            line = RUNNING_HEAD_START.sub("", line)
            line = RUNNING_HEAD_END.sub("", line).strip()
        line = re.sub(r"(?:(?<=^)|(?<=\s))l(?=[A-Z])", "• ", line)  # Wingdings bullet rendered as "l"
        line = line.replace("\\", "").strip()
        if line:
            out.append(line)
    return clean_text("\n".join(out))


def _glossary_entries(text: _Text, glossary: _Placed, region_end: int, result: ParseResult) -> list[_Placed]:
    """The 23 glossary entries, split at their ``l <Term>`` anchors.

    Each glossary page is one column, so an anchor at the start of its line (after margin furniture) is
    on the left page of the spread, an anchor after other text on the right page.
    """
    entries = []
    for term in GLOSSARY_TERMS:
        pattern = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=Other Rules))l " + re.escape(term) + r"(?=\s|$)", re.M)
        match = pattern.search(text.value, glossary.end, region_end)
        if not match:
            result.problem(None, "missing_heading", f"glossary entry {term!r} not found", term)
            continue
        line_start = text.offset_of_line(text.line_of(match.start()))
        before = RUNNING_HEAD_START.sub("", text.value[line_start:match.start()]).strip()
        entry = _Placed(f"glossary-{slugify(term)}", term, "glossary", "glossary", match.start(), match.end(), None)
        entry.number = "right" if before else "left"  # side of the spread, replaced by the page below
        entries.append(entry)
    return entries


def _assign_glossary_pages(entries: list[_Placed], spreads: list[_Spread], text: _Text) -> None:
    for entry in entries:
        line = text.line_of(entry.start)
        spread = next((s for s in spreads if s.first_line <= line <= s.last_line), None)
        if spread is None or not spread.numeric():
            continue
        left, right = spread.numeric()[0], spread.numeric()[-1]
        page = left if entry.number == "left" else right
        entry.pages = (page, page)
        entry.number = None


def _set_page_ends(placed: list[_Placed], toc: dict[str, int]) -> None:
    """Page ranges: TOC entries run to the page before the next entry; chapters span their entries."""
    toc_pages = sorted(set(toc.values()))
    last_page = None
    for p in placed:
        if p.pages:
            last_page = max(last_page or 0, p.pages[1])
    for p in placed:
        if p.kind == "section" and p.title in toc and p.pages:
            later = [page for page in toc_pages if page > p.pages[0]]
            end = (later[0] - 1) if later else (last_page or p.pages[0])
            p.pages = (p.pages[0], max(end, p.pages[0]))
    for p in placed:
        if p.kind == "chapter":
            children = [c for c in placed if c.parent == p.slug and c.pages]
            if children:
                p.pages = (min(c.pages[0] for c in children), max(c.pages[1] for c in children))


def _column(p: _Placed, text: _Text) -> str:
    """Where a heading sits on its printed line: ``left``, ``right`` (after other text) or ``full``."""
    line_start = text.offset_of_line(text.line_of(p.start))
    line_end = text.value.find("\n", p.end)
    before = RUNNING_HEAD_START.sub("", text.value[line_start:p.start]).strip()
    after = text.value[p.end:line_end if line_end >= 0 else len(text.value)].strip()
    if before:
        return "right"
    if after or p.kind == "glossary":  # each glossary page is one column: a lone entry is on the left
        return "left"
    return "full"
