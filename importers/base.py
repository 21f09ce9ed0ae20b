"""What every rulebook importer returns, and the helpers they share.

An importer module exposes ``SOURCE`` (a :class:`kb.models.Source` describing the book) and
``parse(path) -> ParseResult``.  Parsing never stops at a bad line: it records a
:class:`kb.models.ParseProblem` with the file and line and goes on.  Only a file that cannot be read as
text at all (empty, binary, wrong encoding) raises :class:`kb.errors.SourceFormatError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.errors import SourceFormatError
from kb.models import CardMention, ParseProblem, Reference, RulingCitation, Section, Source, Term
from kb.text import fold_quotes

__all__ = ["ParseResult", "read_source_text", "resolve_references", "section_for_page",
           "looks_like_card_name", "quoted_names", "quoted_mentions"]


@dataclass
class ParseResult:
    """Records parsed from one book. References and mentions point at sections by ``section_id``."""

    source: Source
    sections: list[Section] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    mentions: list[CardMention] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    # (reference, citation): the ruling a reference cites by title; the build stores each distinct
    # (kind, title) once and sets ``reference.citation_id``
    citations: list[tuple[Reference, RulingCitation]] = field(default_factory=list)

    def problem(self, line: int | None, kind: str, message: str, excerpt: str = "") -> None:
        """Record a parse problem at ``line`` of this book's file."""
        self.problems.append(ParseProblem(source_id=self.source.id, file=self.source.file, line=line,
                                          kind=kind, message=message, excerpt=excerpt[:300]))

    def section_ids(self) -> set[str]:
        return {section.id for section in self.sections}


def read_source_text(path: Path | str) -> list[str]:
    """Read a bundled text file as a list of lines, or raise a clear error naming file and line.

    Rejects an empty file, NUL bytes (binary data) and text that is not UTF-8.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceFormatError(str(path), None, f"cannot read file: {exc.strerror}") from exc
    if not data.strip():
        raise SourceFormatError(str(path), None, "file is empty")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceFormatError(str(path), line, "binary data (NUL byte) in a text source")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SourceFormatError(str(path), line,
                                f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})") from exc
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def section_for_page(sections: list[Section], page: int) -> Section | None:
    """The most specific section of one book that covers ``page``.

    A page citation means the page as a whole: the broadest section below chapter level that begins on
    that page (first in reading order); when none begins there, the deepest section whose page range
    contains it.  Examples and notes are chosen only when nothing else covers the page.
    """
    covering = [s for s in sections if s.page_start is not None
                and s.page_start <= page <= (s.page_end if s.page_end is not None else s.page_start)]
    if not covering:
        return None
    # a page reference means the rule text on that page, not a worked example or note beside it
    covering = [s for s in covering if s.kind not in ("example", "note")] or covering
    starting = [s for s in covering if s.page_start == page]
    starting = [s for s in starting if s.kind != "chapter"] or starting  # a chapter spans many pages
    if starting:  # the page as a whole: the broadest section that begins on it, first in reading order
        return min(starting, key=lambda s: (s.level, s.order))
    return max(covering, key=lambda s: (s.level, -s.order))

_NUMBER_PAD = re.compile(r"\b0+(\d)")


def _number_key(number: str) -> str:
    return _NUMBER_PAD.sub(r"\1", number.strip().rstrip("."))


def resolve_references(results: dict[str, ParseResult]) -> None:
    """Resolve every reference's ``target_locator`` inside ``target_source`` to a section id.

    Locators: ``page:<n>`` (the section covering that page) and ``number:<n>`` (a printed section
    number, leading zeros ignored).  A reference already resolved, or with no locator, is left as it is;
    one that cannot be resolved gets ``unresolved_reason``.
    """
    by_source = {sid: result.sections for sid, result in results.items()}
    numbers = {sid: {_number_key(s.number): s.id for s in secs if s.number}
               for sid, secs in by_source.items()}
    for result in results.values():
        for ref in result.references:
            if ref.target_id or not ref.target_locator:
                continue
            target = ref.target_source or result.source.id
            if target not in by_source:
                ref.unresolved_reason = ref.unresolved_reason or f"{target} is not in the corpus"
                continue
            kind, _, value = ref.target_locator.partition(":")
            found = None
            if kind == "page" and value.isdigit():
                section = section_for_page(by_source[target], int(value))
                found = section.id if section else None
            elif kind == "number":
                found = numbers[target].get(_number_key(value))
            if found:
                ref.target_id = found
                ref.unresolved_reason = None
            elif not ref.unresolved_reason:
                ref.unresolved_reason = f"no section of {target} at {ref.target_locator}"


# ----------------------------------------------------------------------------------- card-name candidates

# Words written in lower case inside official English card names ("Witch of the Black Forest").
NAME_SMALL_WORDS = frozenset(
    "a an and as at by de du for from in into la le of on or the to upon vs with".split())
NAME_MAX_WORDS = 12
NAME_MAX_CHARS = 80
# a quoted name followed by "monsters"/"cards" names an archetype ("2 ‘Ancient Gear’ monsters", "Yubel"
# monsters), even when a card has that name
_ARCHETYPE_AFTER = re.compile(r"\s+(?:monsters?|cards?)\b")
_ARROW = re.compile(r"<X?=|=X?>")  # flow-chart arrows: "=>", "<=", "=X>", "<X="
_NESTED_QUOTE_NAME = re.compile(r'"([^"\s][^"]*? "[^"\s]+")"')  # "Maxx "C"" -> Maxx "C"
# a name between curly single quotes ('the card name ‘Dark Magician’'); a closing ’ followed by a letter
# is an apostrophe inside the name (‘Sprite’s Blessing’)
_SINGLE_QUOTED = re.compile(r"\u2018([^\u2018\u2019\n]+(?:\u2019(?=\w)[^\u2018\u2019\n]*)*)\u2019(?!\w)")


def looks_like_card_name(span: str) -> bool:
    """Whether a span the text marks as a name is shaped like an English card name: no blanks at its
    ends, starts with a capital or a digit, at most :data:`NAME_MAX_WORDS` words and
    :data:`NAME_MAX_CHARS` characters, at least two letters, every word capitalised (or a small word
    such as "of", or no letter first), no sentence punctuation at its end and no ``;``, ``[`` or arrow
    (``=>``, ``<=``) inside (card text, notes, flow charts)."""
    if not span or span != span.strip() or len(span) > NAME_MAX_CHARS:
        return False
    if not (span[0].isupper() or span[0].isdigit()) or sum(ch.isalpha() for ch in span) < 2:
        return False
    if span[-1] in ".,;:" or "[" in span or ";" in span or _ARROW.search(span):
        return False
    words = [w.lstrip("([{'\"") for w in span.split()]
    if len(words) > NAME_MAX_WORDS:
        return False
    return all(not w or w[0].isupper() or w[0].isdigit() or not w[0].isalpha()
               or w.lower() in NAME_SMALL_WORDS for w in words)


def _quoted_spans(text: str) -> list[tuple[int, int, str]]:
    """(offset of the opening quote, offset after the closing quote, name) of each quoted name."""
    found: list[tuple[int, int, str]] = []
    for match in _SINGLE_QUOTED.finditer(text):
        span = fold_quotes(match.group(1))
        if looks_like_card_name(span):
            found.append((match.start(), match.end(), span))
    text = fold_quotes(text)  # one character for one: offsets stay valid
    covered: set[int] = set()
    for match in _NESTED_QUOTE_NAME.finditer(text):
        found.append((match.start(), match.end(), match.group(1)))
        covered.update(range(match.start(), match.end()))
    quotes = [i for i, ch in enumerate(text) if ch == '"']
    for start, end in zip(quotes, quotes[1:]):
        if start in covered:
            continue
        span = text[start + 1:end]
        if looks_like_card_name(span):
            found.append((start, end + 1, span))
    return sorted(found)


def quoted_names(text: str) -> list[str]:
    """Card-name candidates the text puts between quotes, in order of appearance, quotes folded.

    Curly, straight, wrong-direction (``”Warrior-Type”``) and double-prime quotes are all folded to ``"``
    and quotes are not escaped (quoted card text nests quoted names), so every span between two
    *consecutive* quote marks is considered and kept when :func:`looks_like_card_name`.  A name that
    itself contains quotes (``"Maxx "C""``) is recognised first, and names between curly single quotes
    (``‘Dark Magician’``) are read before folding.  The card linker decides which candidates are cards.
    """
    return [name for _start, _end, name in _quoted_spans(text)]


def quoted_mentions(text: str) -> list[tuple[str, str]]:
    """:func:`quoted_names` with the kind of mention each is: ``"series"`` where the text uses the name
    as an archetype, the quote followed by "monster(s)" or "card(s)" (``2 ‘Ancient Gear’ monsters``,
    ``"Yubel" monsters``: the linker links it to no card even though a card has that name), else
    ``"name"`` (``add 1 "Yubel"``)."""
    return [(name, "series" if _ARCHETYPE_AFTER.match(text, end) else "name")
            for _start, end, name in _quoted_spans(text)]
