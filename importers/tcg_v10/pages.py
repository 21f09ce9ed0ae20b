"""Page spreads and printed page numbers of the TCG rulebook v10 extraction, and the heading marks the PDF prints."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..base import ParseResult
from .book_data import SEPARATOR

# ------------------------------------------------------------------------------------------ pages


@dataclass
class _Spread:
    first_line: int  # 1-based, first line after the separator
    last_line: int
    pages: tuple[int | str, int | str]

    def numeric(self) -> list[int]:
        return [p for p in self.pages if isinstance(p, int)]


_PAIR = re.compile(r"^(?P<before>.*?)(?<![\w])(?P<a>\d{1,2}|[ivx]+) (?P<b>\d{1,2}|[ivx]+)$")
_WRAPPED_PAIR = re.compile(r"^(?P<a>\d{1,2}) (?P<text>.*\S) (?P<b>\d{1,2})$")
_ROMAN = {"i": 1, "ii": 2, "iii": 3}


def _page_value(token: str) -> int | str:
    return int(token) if token.isdigit() else token


def _consecutive(a: str, b: str) -> bool:
    if a.isdigit() and b.isdigit():
        return int(b) == int(a) + 1
    if a in _ROMAN and b in _ROMAN:
        return _ROMAN[b] == _ROMAN[a] + 1
    return a == "iii" and b == "1"


def _spreads(lines: list[str], result: ParseResult) -> list[_Spread]:
    """The two-page spreads with their printed pages; strips the page numbers from ``lines`` in place."""
    separators = [i for i, line in enumerate(lines) if line.strip() == SEPARATOR]
    bounds = list(zip([-1] + separators, separators + [len(lines)]))
    spreads: list[_Spread] = []
    expected: int | None = None
    for block_index, (before, after) in enumerate(bounds):
        first, last = before + 1, after - 1
        content = [i for i in range(first, last + 1) if lines[i].strip()]
        if block_index == 0 or not content:
            continue  # the title page (no page numbers) / an empty block
        pages = _read_page_pair(lines, content, expected)
        if pages is None:
            result.problem(content[-1] + 1, "page_number", "no printed page numbers at the end of this spread; "
                           f"pages {expected}-{expected + 1} assumed from the sequence" if expected else
                           "no printed page numbers at the end of this spread", lines[content[-1]])
            if expected is None:
                continue
            pages = (expected, expected + 1)
        elif expected is not None and pages != (expected, expected + 1) and isinstance(pages[0], int):
            result.problem(content[-1] + 1, "page_number", f"spread numbered {pages[0]}-{pages[1]}, expected "
                           f"{expected}-{expected + 1} from the previous spread", lines[content[-1]])
        if isinstance(pages[1], int):
            expected = pages[1] + 1
        elif pages[1] == "ii":
            expected = None
        _strip_inner_page_numbers(lines, first, last, pages)
        spreads.append(_Spread(first + 1, last + 1, pages))
    return spreads


def _read_page_pair(lines: list[str], content: list[int], expected: int | None):
    last = content[-1]
    text = lines[last].strip()
    if text.isdigit() and int(text) % 2 == 1:  # only the right-hand page number survived
        lines[last] = ""
        return int(text) - 1, int(text)
    wrapped = _WRAPPED_PAIR.match(text)
    if wrapped and int(wrapped.group("b")) == int(wrapped.group("a")) + 1:
        lines[last] = wrapped.group("text")
        return int(wrapped.group("a")), int(wrapped.group("b"))
    pair = _PAIR.match(text)
    if pair and _consecutive(pair.group("a"), pair.group("b")):
        lines[last] = pair.group("before").rstrip()
        return _page_value(pair.group("a")), _page_value(pair.group("b"))
    if expected is not None:  # the pair is missing (figure residue last): accept bare page lines inside
        inside = {lines[i].strip() for i in content}
        if str(expected) in inside or str(expected + 1) in inside:
            return expected, expected + 1
    return None


def _strip_inner_page_numbers(lines: list[str], first: int, last: int, pages) -> None:
    """Remove bare page-number lines and a page number glued after a sentence end inside a spread."""
    numbers = {str(p) for p in pages}
    for i in range(first, last + 1):
        text = lines[i].strip()
        if text in numbers:
            lines[i] = ""
            continue
        glued = re.match(r"^(?P<text>.*[.!?])(?P<n>\d{1,2})$", text)
        if glued and glued.group("n") in numbers and glued.group("n") == str(pages[0]):
            lines[i] = glued.group("text")


# ------------------------------------------------------------------------------------------ headings

HEADING_MARK = "\uf06e"  # a Wingdings square the PDF prints before many headings (private-use code point)


def _take_heading_marks(lines: list[str]) -> list[tuple[int, int]]:
    """Remove the heading marks from ``lines``; return their (1-based line, column) after removal."""
    marks = []
    for index, line in enumerate(lines):
        while HEADING_MARK in line:
            column = line.index(HEADING_MARK)
            marks.append((index + 1, column))
            line = line[:column] + line[column + 1:]
        lines[index] = line
    return marks


def _check_heading_marks(marks, placed, text, result: ParseResult) -> None:
    """Every printed heading mark should sit where a heading was placed; report the others."""
    starts = {(text.line_of(p.start), p.start - text.offset_of_line(text.line_of(p.start))) for p in placed}
    for line, column in marks:
        if (line, column) not in starts:
            snippet = text.value[text.offset_of_line(line) + column:].split("\n", 1)[0]
            result.problem(line, "unplaced_heading", "a heading mark with no heading of the table here; "
                           "its text stays in the section before it", snippet or "(empty line)")
