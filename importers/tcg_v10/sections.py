"""Sections, references, terms and card mentions of the TCG rulebook v10 from its placed headings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.models import CardMention, Reference, Section, Term
from kb.text import slugify

from ..base import ParseResult, quoted_mentions

from .book_data import GARBLED_TEXT, GLOSSARY_TERMS, PAGE_MENTION, SOURCE_ID, STALE_PAGE_REFERENCES
from .pages import _Spread
from .placing import _clean_region, _column, _Placed, _Text

@dataclass
class _Segment:
    start: int
    end: int
    owners: tuple[int, ...]  # indices into the placed headings


def _segments(text: _Text, placed: list[_Placed], spreads: list[_Spread]) -> list[_Segment]:
    """Cut the text after the first heading into pieces, each owned by the heading(s) it belongs to.

    Two text columns are merged on one printed line, so a line without headings belongs to both the
    heading active in the left column and the one active in the right column.  On a line with headings,
    text before a right-column heading belongs to the left column; text after a left-column heading
    belongs to the right column; text after any other heading belongs to it.  A full-width heading (alone
    on its line) and a new spread make one heading active in both columns.
    """
    columns = [_column(p, text) for p in placed]
    by_line: dict[int, list[int]] = {}
    for index, p in enumerate(placed):
        by_line.setdefault(text.line_of(p.start), []).append(index)
    spread_starts = {s.first_line for s in spreads}
    segments: list[_Segment] = []
    left = right = None
    covered = 0
    first_line = text.line_of(placed[0].start) if placed else 1
    for line in range(first_line, len(text.starts) + 1):
        start = text.offset_of_line(line)
        end = text.starts[line] - 1 if line < len(text.starts) else len(text.value)
        if line in spread_starts and left != right:
            left = right = max(x for x in (left, right) if x is not None)
        anchors = sorted(by_line.get(line, []), key=lambda i: (placed[i].start, i))
        start = max(start, min(covered, end))  # the tail of a heading printed over two lines
        if not anchors:
            owners = tuple(dict.fromkeys(x for x in (left, right) if x is not None))
            segments.append(_Segment(start, end, owners))
            continue
        covered = max(covered, max(placed[i].end for i in anchors))
        first = anchors[0]
        if placed[first].start > start and left is not None:
            segments.append(_Segment(start, placed[first].start, (left,)))
        for k, index in enumerate(anchors):
            column = columns[index]
            if column == "full":
                left = right = index
            elif column == "left":
                left = index
            else:
                right = index
            stop = placed[anchors[k + 1]].start if k + 1 < len(anchors) else end
            owner = right if column == "left" and right is not None and right != index else index
            begin = max(placed[index].end, start)
            if stop > begin:
                segments.append(_Segment(begin, stop, (owner,)))
    return segments


def _build_sections(text: _Text, placed: list[_Placed], spreads: list[_Spread],
                    result: ParseResult) -> tuple[list[Section], list[_Segment]]:
    slugs = {p.slug for p in placed}
    parents = {p.slug: p.parent for p in placed}
    segments = _segments(text, placed, spreads)
    pieces: list[list[str]] = [[] for _ in placed]
    last_line = [text.line_of(p.start) for p in placed]
    for segment in segments:
        for owner in segment.owners:
            pieces[owner].append(text.value[segment.start:segment.end])
            last_line[owner] = max(last_line[owner], text.line_of(max(segment.end - 1, segment.start)))
    levels: dict[str, int] = {}

    def level_of(slug: str | None) -> int:
        if slug is None:
            return 0
        if slug not in levels:
            levels[slug] = level_of(parents.get(slug) if parents.get(slug) in slugs else None) + 1
        return levels[slug]

    sections = []
    for order, p in enumerate(placed, start=1):
        parent = p.parent if p.parent in slugs else None  # a missing parent was reported when placing
        raw = "\n".join(pieces[order - 1])
        section = Section(
            id=f"{SOURCE_ID}:{p.slug}", source_id=SOURCE_ID, number=p.number, locator=p.slug, title=p.title,
            level=level_of(p.slug), parent_id=f"{SOURCE_ID}:{parent}" if parent else None, order=order,
            page_start=p.pages[0] if p.pages else None, page_end=p.pages[1] if p.pages else None,
            text=_clean_region(raw, keep_running_heads=p.kind == "front"), kind=p.kind,
            line=text.line_of(p.start), line_end=last_line[order - 1])
        sections.append(section)
    result.sections.extend(sections)
    return sections, segments


def _section_at(sections: list[Section], segments: list[_Segment], offset: int) -> Section:
    """The section whose text holds ``offset`` (the left-column owner when two share a line)."""
    for segment in segments:
        if segment.start <= offset < max(segment.end, segment.start + 1) and segment.owners:
            return sections[segment.owners[0]]
    return sections[0]


def _references(text: _Text, sections: list[Section], segments: list[_Segment], result: ParseResult) -> None:
    ids = {s.id for s in sections}
    covered: list[tuple[int, int]] = []
    for stale in STALE_PAGE_REFERENCES:
        for match in re.finditer(stale.pattern, text.value):
            line = text.line_of(match.start())
            section = _section_at(sections, segments, match.start())
            target = f"{SOURCE_ID}:{stale.target}"
            raw = re.sub(r"\s+", " ", match.group(0))
            result.references.append(Reference(
                section_id=section.id, raw=raw, kind="page", target_source=SOURCE_ID,
                target_locator=f"page:{stale.page}", target_id=target if target in ids else None, line=line))
            result.problem(line, "stale_reference", f"'{raw}' says page {stale.printed}; {stale.topic} is on "
                           f"page {stale.page} in this edition", raw)
            covered.append((match.start(), match.end()))
    for match in PAGE_MENTION.finditer(text.value):
        if any(a <= match.start() < b for a, b in covered):
            continue
        line = text.line_of(match.start())
        if line < (sections[0].line or 1) or any(s.kind == "front" and s.line == line for s in sections):
            continue
        section = _section_at(sections, segments, match.start())
        if section.kind == "front":
            continue
        result.references.append(Reference(section_id=section.id, raw=match.group(0), kind="page",
                                           target_source=SOURCE_ID, target_locator=f"page:{match.group(1)}",
                                           line=line))


def _terms(sections: list[Section], result: ParseResult) -> None:
    glossary = next((s for s in sections if s.locator == "glossary"), None)
    entries = {s.title: s for s in sections if s.kind == "glossary"}
    for term in GLOSSARY_TERMS:
        entry = entries.get(term)
        name = re.sub(r"\s*\(Previously .*\)$", "", term)
        result.terms.append(Term(
            id=f"{SOURCE_ID}:term:{slugify(name)}", source_id=SOURCE_ID, term=name,
            definition=entry.text if entry else "",
            section_id=(entry or glossary).id if (entry or glossary) else None, official=True,
            line=entry.line if entry else None))


def _mentions(sections: list[Section], result: ParseResult) -> None:
    """Quoted card-name candidates of each section, once per section, except quoted headings of the book
    ("Damage Step"); the figure labels written unquoted are found by the linker's scan."""
    titles = {s.title.lower() for s in sections}
    for section in sections:
        for name, kind in dict.fromkeys(quoted_mentions(section.text)):
            if name.lower() not in titles:
                result.mentions.append(CardMention(section_id=section.id, raw=name, kind=kind,
                                                   line=section.line))


def _garbled(text: _Text, result: ParseResult) -> None:
    for pattern in GARBLED_TEXT:
        for match in re.finditer(pattern, text.value):
            result.problem(text.line_of(match.start()), "garbled",
                           "text from rotated or overlapping text boxes; kept as extracted", match.group(0))
