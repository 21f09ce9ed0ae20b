"""Page markers, the line, heading and table-of-contents records the passes share, small text helpers
and the picture-caption splitter (see :mod:`importers.prb2017`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.models import Section
from kb.text import fold_quotes, slugify

from ..base import looks_like_card_name
from .patterns import (CAPTION_SEPARATOR, CLOSERS, EXAMPLE, LABEL_LINE, MATCH_STOPWORDS, MAX_BANNER,
                       MAX_HEADING, PAGE_MARKER, PLACEHOLDER, SENTENCE_END, SLUG_STOPWORDS, TYPED_CARD)

# --------------------------------------------------------------------------------------- page markers


@dataclass
class PageMarker:
    """One ``Page N`` line: the printed label, the page the text really is on, and the pages it covers."""

    line: int
    printed: str  # the label as printed ("42", "1-6")
    first: int  # printed first page
    page: int  # inferred book page of the text that follows
    last: int  # last page this marker's text covers (widened over pages that have no marker)
    anomaly: str = ""  # why the inferred page differs from (or doubts) the printed label


def page_markers(lines: list[str]) -> list[PageMarker]:
    """The page markers of the book with inferred pages (see the module docstring)."""
    found = []
    for number, raw in enumerate(lines, start=1):
        match = PAGE_MARKER.match(raw.strip())
        if match:
            first = int(match.group(1))
            last = int(match.group(2) or first)
            found.append((number, match.group(0), first, last))
    markers: list[PageMarker] = []
    previous = None  # last inferred page covered so far
    for index, (number, label, first, last) in enumerate(found):
        printed = label.removeprefix("Pages ").removeprefix("Page ").rstrip(":")
        page, anomaly = first, ""
        if previous is not None and first <= previous:
            following = next((f for _, _, f, _ in found[index + 1:] if f > previous), None)
            page = previous + 1
            if following is not None and page >= following:
                page = previous
                anomaly = (f"printed 'Page {printed}' between pages {previous} and {following}: "
                           f"inferred page {previous} (continuation)")
            else:
                anomaly = (f"printed 'Page {printed}' out of sequence after page {previous}: "
                           f"inferred page {page}")
        elif (previous is not None and first > previous + 1 and index + 1 < len(found)
              and found[index + 1][2] == first):
            anomaly = (f"printed 'Page {printed}' is repeated by the next marker (line "
                       f"{found[index + 1][0]}): this text may be page {previous + 1}; kept {first}")
        markers.append(PageMarker(number, printed, first, page, max(page, last if page == first else page),
                                  anomaly))
        previous = markers[-1].last
    for marker, after in zip(markers, markers[1:]):
        if after.page > marker.last + 1:
            marker.last = after.page - 1
    return markers


# --------------------------------------------------------------------------------------- line records


@dataclass
class Line:
    no: int
    raw: str
    kind: str = "text"
    page: int | None = None
    page_hi: int | None = None
    render: str | None = None  # body text for this line (None = line has no body text)
    section: str | None = None  # id of the section the line belongs to
    folded: str = ""  # the line with quotes and dashes folded (kb.text.fold_quotes), for matching


@dataclass
class TocEntry:
    line: int
    number: str | None  # "3" for "3. Cards: Page 54", "(7)" for "(7) Placing Monsters (in page 18)"
    title: str
    page: int
    translated: bool = True


@dataclass
class Heading:
    line: int  # the heading line (for an inserted heading: the first line of its block)
    rank: int  # 1 chapter, 2 part, 3 numbered, 5 topic
    title: str
    kind: str = "section"
    number: str | None = None
    locator: str | None = None  # fixed locator (printed number); None = slug of the title
    span_start: int = 0
    extra_lines: tuple[int, ...] = ()  # lines consumed into the title (Chapter 2's title line)
    synthetic: bool = False
    chapter: int = 0
    level: int = 0
    parent: "Heading | None" = None
    section: Section | None = None


def strip_end(text: str) -> str:
    return text.rstrip(CLOSERS)


def bracket_depth(text: str) -> int:
    return text.count("[") - text.count("]")


def is_banner(text: str) -> bool:
    """A short exclamation line ("Attack with the summoned monsters!!"): lead text, never a heading."""
    core = strip_end(text)
    return (bool(core) and core.endswith("!") and len(text) <= MAX_BANNER and "[Pictured" not in text
            and text[0] not in "\u2022-[(>|\\<=")


def is_heading_shape(text: str) -> bool:
    """A short line shaped like a title: no bullet, no final stop/colon/exclamation, not a list."""
    if not text or len(text) > MAX_HEADING or "|" in text or "[Pictured" in text:
        return False
    text = text.replace(PLACEHOLDER, "X")  # "Gaining the Effects of […]", "[…] Counters"
    first = text[0]
    if first in "\u2022-(>|\\<={[":
        return False
    if not (first.isalpha() and not first.islower()) and first not in "\u201c\u201d\"~0123456789":
        return False
    core = strip_end(text)
    if not core or core[-1] in ".,;:!\u2026" or core.endswith("=>"):
        return False
    if LABEL_LINE.match(text) or TYPED_CARD.search(text) or EXAMPLE.match(text):
        return False
    if text.count("/ ") >= 2:  # "Quick-Play Spells/ Normal Traps/ Continuous Traps/ ..."
        return False
    return any(ch.isalpha() for ch in text)


def match_key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", fold_quotes(text).lower())


def match_tokens(text: str) -> set[str]:
    words = re.findall(r"[0-9a-z]+", fold_quotes(text).lower())
    out = set()
    for word in words:
        if word in MATCH_STOPWORDS or len(word) < 2:
            continue
        word = word[:-1] if word.endswith("s") and len(word) > 3 else word
        out.add(word[:5])
    return out


def title_slug(title: str) -> str:
    words = slugify(title, max_words=8).split("-")
    while len(words) > 1 and words[-1] in SLUG_STOPWORDS:
        words.pop()
    return "-".join(words)


def split_sentences(text: str) -> list[str]:
    """Split a line into sentences, ignoring stops inside quotes (falls back to the whole line)."""
    out, start, depth = [], 0, 0
    for index, ch in enumerate(text):
        if ch == "\u201c":
            depth += 1
        elif ch in "\u201d\u2033" and depth:
            depth -= 1
        elif ch in SENTENCE_END and depth == 0 and (index + 1 == len(text) or text[index + 1] == " "):
            out.append(text[start:index + 1].strip())
            start = index + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return [s for s in out if s] or [text]


def key_words(text: str) -> str:
    return " ".join(re.findall(r"[0-9a-z]+", fold_quotes(text).lower()))


def caption_items(caption: str) -> list[str]:
    """The runs of name-shaped items of a picture caption (quotes folded), each run as written with
    its commas (``"Yellow Baboon, Archer of the Forest"``): the linker decides which commas separate
    cards.  An item starting in lower case continues the one before it (``Castel, the Skyblaster
    Musketeer``); an item that is not shaped like a name (``being moved to the Graveyard``) ends a run."""
    runs: list[str] = []
    for segment in CAPTION_SEPARATOR.split(caption):
        run: list[str] = []
        for piece in segment.split(","):
            piece = piece.strip().strip('"').strip()
            if run and piece[:1].islower() and looks_like_card_name(piece[0].upper() + piece[1:]):
                run[-1] += ", " + piece
            elif looks_like_card_name(piece) and '"' not in piece:
                run.append(piece)
            else:
                if run:
                    runs.append(", ".join(run))
                run = []
        if run:
            runs.append(", ".join(run))
    return runs
