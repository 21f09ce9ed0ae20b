"""Importer for the community comprehensive rulebook (source ``community``, seed 001).

The book is a wiki page flattened to text (spec: ``../shared/notes/seed-001-community-rulebook.md``).
Every one of its 312 numbered headers (``9.2.3.6 Legality of destroying to summon``) is followed by
two blank lines; a section's ``References:`` block (numbered entries up to the first blank line) is always
its last part.  This module turns the file into:

* one :class:`~kb.models.Section` per header, id ``community:<number>``; §10's entries are glossary
  entries (``kind="glossary"``) and also become :class:`~kb.models.Term` records;
* one :class:`~kb.models.Reference` per References-block entry (``in_block=True``), per inline ``[n]``
  footnote marker and per inline parenthetical rulebook citation; YGOrg titles and legacy card rulings
  also become :class:`~kb.models.RulingCitation` records (``ParseResult.citations``);
* one :class:`~kb.models.CardMention` per passcode line (card example headers and image passcodes glued
  to a paragraph) and per quoted card-name candidate in the text;
* a :class:`~kb.models.ParseProblem` for every repair, placeholder, dangling footnote, duplicate body,
  out-of-order number and line that could not be placed.

Indentation is ignored (from line 1972 on every line is indented by four spaces): lines are classified by
pattern after stripping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.errors import SourceFormatError
from kb.models import CardMention, Reference, RulingCitation, Section, Source, Term
from kb.text import clean_text, fold_quotes, slugify

from .base import ParseResult, quoted_mentions, quoted_names, read_source_text

__all__ = [
    "SOURCE_ID",
    "ENTRY_FORMS",
    "parse",
    "classify_entry",
    "clean_citation_title",
    "quoted_names",
    "first_page",
]

SOURCE_ID = "community"

# ----------------------------------------------------------------------------------- line patterns

HEADER = re.compile(r"^(\d{1,2}(?:\.\d{1,2})*) (\S.*)$")  # components of at most two digits
BULLET = "\u2022"  # "•"
REFERENCES_LABEL = "References:"
BLOCK_ENTRY = re.compile(r"^(\d+)\.\s+(\S.*)$")
PASSCODE_LINE = re.compile(r"^(\d{5,9})\s+(\S.*)$")
LIST_ITEM = re.compile(r"^(?:\d+\.\s|[\u2022\u25cf]\s?)")  # "1. ", "• ", "● "
IMAGE_TOKEN = re.compile(r"^[a-z][a-z0-9_]*$")  # stand-alone image placeholder (``game_mat``)
GLUED_IMAGE_TOKEN = re.compile(r"^([a-z][a-z0-9_]*) (?=[A-Z])")  # ``counter A counter is ...``
FOOTNOTE = re.compile(r"\[(\d+)\]")
INLINE_CITATION = re.compile(r"\(((?:Official rulebook|OCG Perfect Rulebook 2017) pages? [^)]*)\)")

CARD_HEADER_MAX_NAME = 60  # longest example-header card name in the book is 44 characters
PASSCODE_DIGITS = 8
# Label lines whose list was lost when the page was flattened: dropped from the text, reported.
EMPTY_LABELS = frozenset({"Interaction with:"})
EXAMPLE_LABELS = frozenset({"Examples", "Examples:"})
# Children of the glossary chapter that group other entries instead of defining a term.
GLOSSARY_CONTAINERS = frozenset({"Specific Cards"})
# An entry outside any numbered block is accepted as a References entry only in these forms
# (the bullet lists that swallowed the headers of 9.2.3.6 and 10.38).
BULLET_ENTRY_KINDS = frozenset({"ygorg", "rulebook"})

# ----------------------------------------------------------------------------------- reference forms


@dataclass(frozen=True)
class EntryForm:
    """One written form of a References entry and what it means."""

    kind: str  # one of kb.models.REFERENCE_KINDS
    pattern: re.Pattern
    target_source: str | None = None  # book of the corpus it points into
    unresolved_reason: str | None = None  # why it cannot point at a section
    citation_kind: str | None = None  # RulingCitation.kind when the entry cites a ruling by title


def _form(kind, pattern, target_source=None, reason=None, citation=None) -> EntryForm:
    return EntryForm(kind, re.compile(pattern), target_source, reason, citation)


_PAGES = r"pages?\s+(?P<pages>\d+(?:\s*[-,&]\s*\d+)*)(?:\s*:\s*(?P<subtitle>.+))?"

# The community book's "Official rulebook page N" numbers are those of the TCG rulebook Version 10 (the
# book it names in "Official rulebook Version 10"): every cited page matches v10's printed pages
# (p.2 Things you need to Duel, p.24 Summoning, p.42-43 Determining Damage, p.48 Priority ...).
ENTRY_FORMS: tuple[EntryForm, ...] = (
    _form("ygorg", r"^YGOrg Database of Official OCG Rulings:\s*(?P<title>.+)$",
          reason="official ruling (YGOrg database), not in the corpus", citation="ygorg"),
    _form("rulebook", r"^OCG Perfect Rulebook 2017\s+" + _PAGES + "$", target_source="prb2017"),
    _form("rulebook", r"^Official rulebook\s+" + _PAGES + "$", target_source="tcg-v10"),
    _form("rulebook", r"^Official rulebook Version (?P<version>\d+)$", target_source="tcg-v10",
          reason="cites the whole TCG rulebook, no page given"),
    _form("article", r'^"Problem-Solving Card Text, Part \d+: .+"$',
          reason="Konami Problem-Solving Card Text article, not in the corpus"),
    _form("article", r"^Official (?:KONAMI's .+|TCG F&L list)$",
          reason="Konami announcement or article, not in the corpus"),
    _form("ruling", r'^(?=.*(?:\bruling|archived from the original))'
                    r'(?P<title>"[^"]+"(?:\s+and\s+"[^"]+")*),?\s*(?:rulings?)?'
                    r'(?:,?\s*archived from the original)?$',
          reason="legacy card ruling (archived web page), not in the corpus", citation="legacy"),
    _form("article", r"^Yugipedia$", reason="Yugipedia wiki page, not in the corpus"),
    _form("article", r"^.+\(unofficial resource\)$", reason="unofficial resource, not in the corpus"),
    _form("article", r"^Insert from .+ Structure Deck$", reason="Structure Deck insert, not in the corpus"),
)
UNKNOWN_ENTRY_REASON = "reference of an unknown form"


def classify_entry(text: str) -> tuple[EntryForm | None, re.Match | None]:
    """The form of one References entry (``None`` when it matches none of :data:`ENTRY_FORMS`)."""
    for form in ENTRY_FORMS:
        match = form.pattern.match(text)
        if match:
            return form, match
    return None, None


def first_page(pages: str) -> int:
    """The first page of a page string (``"50-51"`` -> 50, ``"88, 91, 101"`` -> 88)."""
    return int(re.match(r"\d+", pages).group())


_TITLE_REPAIRS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r'^"\s+'), '"'),  # '" Arcana Reading"' -> '"Arcana Reading"'
    (re.compile(r'",(?=")'), '", '),  # '"Raigeki Break","The Phantom ...' -> '"Raigeki Break", "The ...'
    (re.compile(r'^"([^"]+?) "(?=[^"]+"$)'), r'"\1", "'),  # '"Macro Cosmos "Cherubini, ..."' (unclosed)
)


def clean_citation_title(raw: str) -> str:
    """A cited ruling title with the book's typing slips repaired.

    Leading blanks inside the opening quote, a missing space after a comma between quoted names, an
    unclosed quoted name followed by another one, and a stray closing quote on a title with no opening
    quote are repaired; quotes and dashes are folded to ASCII.
    """
    title = fold_quotes(raw).strip()
    for pattern, replacement in _TITLE_REPAIRS:
        title = pattern.sub(replacement, title)
    if title.count('"') % 2 == 1 and title.endswith('"') and not title.startswith('"'):
        title = title[:-1]  # 'After attacking ... End Step?"'
    return re.sub(r"\s+", " ", title).strip()


def _legacy_title(match: re.Match) -> str:
    names = clean_citation_title(match.group("title"))
    return f"{names} {'rulings' if ' and ' in names else 'ruling'}"


# ----------------------------------------------------------------------------------- parsing


@dataclass
class _Header:
    index: int  # 0-based line index
    number: str
    title: str
    bullet: bool
    at_end: bool = False  # the file ends before the two blank lines that follow a header


@dataclass
class _Body:
    """What one section's lines turned into."""

    text_lines: list[str | None] = field(default_factory=list)
    prose_lines: list[str | None] = field(default_factory=list)  # text_lines minus card examples
    entries: dict[int, Reference] = field(default_factory=dict)  # block ordinal -> entry


def _normalise(line: str) -> str:
    return line.replace("\u00a0", " ").replace("\t", " ")


def _is_blank(lines: list[str], index: int) -> bool:
    return index < 0 or index >= len(lines) or not lines[index].strip()


def _header_at(lines: list[str], index: int) -> _Header | None:
    stripped = lines[index].strip()
    bullet = stripped.startswith(BULLET)
    if bullet:
        stripped = stripped[1:].strip()
    match = HEADER.match(stripped)
    if not match or not (_is_blank(lines, index + 1) and _is_blank(lines, index + 2)):
        return None
    return _Header(index, match.group(1), match.group(2).strip(), bullet,
                   at_end=index + 2 >= len(lines))


def _successors(previous: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Numbers that may follow ``previous``: its first child or the next sibling of it or an ancestor."""
    if not previous:
        return {(1,)}
    nexts = {previous + (1,)}
    for depth in range(len(previous)):
        nexts.add(previous[:depth] + (previous[depth] + 1,))
    return nexts


def _number_tuple(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


class _Parser:
    """One pass over one file; collects records into a :class:`ParseResult`."""

    def __init__(self, path: Path, source: Source):
        self.path = path
        self.source = source
        self.result = ParseResult(source=source)
        self.raw = read_source_text(path)
        self.lines = [_normalise(line) for line in self.raw]
        self.by_number: dict[str, Section] = {}
        self.definitions: dict[str, str] = {}  # section id -> first paragraph outside card examples

    # -- helpers ----------------------------------------------------------------------------------

    def section_id(self, number: str) -> str:
        return f"{self.source.id}:{number}"

    def problem(self, index: int | None, kind: str, message: str) -> None:
        excerpt = self.raw[index].strip() if index is not None and index < len(self.raw) else ""
        self.result.problem(None if index is None else index + 1, kind, message, excerpt)

    # -- structure --------------------------------------------------------------------------------

    def find_headers(self) -> list[_Header]:
        """Header lines in file order, with numbering checked; rejected candidates become problems."""
        headers: list[_Header] = []
        seen: set[str] = set()
        previous: tuple[int, ...] = ()
        for index in range(len(self.lines)):
            header = _header_at(self.lines, index)
            if header is None:
                continue
            number = _number_tuple(header.number)
            if header.at_end and number not in _successors(previous):
                continue  # a numbered line at the end of a truncated file ("2 monsters"), not a header
            if header.number in seen:
                self.problem(index, "numbering",
                             f"section number {header.number} is used a second time; line kept as text")
                continue
            if number not in _successors(previous):
                after = ".".join(map(str, previous)) or "the start of the book"
                self.problem(index, "numbering",
                             f"section {header.number} is out of order (follows {after})")
            if header.bullet:
                self.problem(index, "repair", f"header of section {header.number} was written as a list "
                                              "bullet; bullet removed")
            seen.add(header.number)
            previous = number
            headers.append(header)
        return headers

    def parent_of(self, header: _Header) -> str | None:
        parts = header.number.split(".")
        for depth in range(len(parts) - 1, 0, -1):
            candidate = ".".join(parts[:depth])
            if candidate in self.by_number:
                if depth != len(parts) - 1:
                    self.problem(header.index, "numbering",
                                 f"parent {'.'.join(parts[:-1])} of section {header.number} does not "
                                 f"exist; attached to {candidate}")
                return self.by_number[candidate].id
        if len(parts) > 1:
            self.problem(header.index, "numbering",
                         f"section {header.number} has no parent section; placed at the top level")
        return None

    def parse(self) -> ParseResult:
        headers = self.find_headers()
        if not headers:
            raise SourceFormatError(str(self.path), None, "no numbered section header found (a line such "
                                                          "as '1 Getting Started' followed by two blank "
                                                          "lines); is this the community rulebook?")
        self.front_matter(0, headers[0].index)
        for order, header in enumerate(headers, start=1):
            end = headers[order].index if order < len(headers) else len(self.lines)
            last = end - 1
            while last > header.index and _is_blank(self.lines, last):
                last -= 1
            level = header.number.count(".") + 1
            section = Section(
                id=self.section_id(header.number), source_id=self.source.id, number=header.number,
                locator=header.number, title=clean_text(header.title), level=level,
                parent_id=self.parent_of(header), order=order,
                kind="chapter" if level == 1 else "section",
                line=header.index + 1, line_end=last + 1)
            self.by_number[header.number] = section
            self.result.sections.append(section)
            self.mention_names(section, header.title, header.index)
            body = self.parse_body(section, header.index + 1, end)
            section.text = _assemble_text(body.text_lines)
            self.definitions[section.id] = _first_paragraph(_assemble_text(body.prose_lines))
        self.mark_glossary()
        self.mark_duplicates()
        return self.result

    def front_matter(self, start: int, end: int) -> None:
        """Lines before the first header: only an image placeholder in this book."""
        for index in range(start, end):
            stripped = self.lines[index].strip()
            if not stripped:
                continue
            if IMAGE_TOKEN.match(stripped):
                self.problem(index, "image", f"image placeholder {stripped!r} before the first section")
            else:
                self.problem(index, "unparsed", "text before the first section header")

    # -- section bodies ---------------------------------------------------------------------------

    def parse_body(self, section: Section, start: int, end: int) -> _Body:
        body = _Body()
        first_ref = len(self.result.references)
        in_block = False
        block_seen = False
        expected = 1
        example = _ExampleTracker()
        for index in range(start, end):
            stripped = self.lines[index].strip()
            if not stripped:
                in_block = False
                example.blank()
                body.text_lines.append("")
                body.prose_lines.append("")
                continue
            if stripped == REFERENCES_LABEL:
                if block_seen:
                    self.problem(index, "unparsed", f"second References block in section {section.number}")
                in_block = block_seen = True
                continue
            if in_block:
                entry = BLOCK_ENTRY.match(stripped)
                if entry:
                    ordinal = int(entry.group(1))
                    if ordinal != expected:
                        self.problem(index, "numbering", f"References entry {ordinal} of section "
                                                         f"{section.number} where {expected} was expected")
                    expected = ordinal + 1
                    ref = self.block_entry(section, index, entry.group(2), ordinal)
                    body.entries.setdefault(ordinal, ref)
                    continue
                self.problem(index, "unparsed", f"line inside the References block of section "
                                                f"{section.number} is not a numbered entry; kept as text")
            elif stripped.startswith(BULLET):
                form, _ = classify_entry(stripped[1:].strip())
                if form is not None and form.kind in BULLET_ENTRY_KINDS:
                    self.problem(index, "repair", f"un-numbered bullet entry taken as a References entry "
                                                  f"of section {section.number} (no 'References:' label)")
                    self.block_entry(section, index, stripped[1:].strip(), None)
                    continue
            text = self.body_line(section, index, stripped)
            body.text_lines.append(text)
            if not example.takes(stripped, self.is_card_header(index, stripped)):
                body.prose_lines.append(text)
        footnotes = [ref for ref in self.result.references[first_ref:] if ref.kind == "footnote"]
        self.link_footnotes(section, body, footnotes)
        return body

    def body_line(self, section: Section, index: int, stripped: str) -> str | None:
        """The text one body line contributes (``None``: nothing), recording what it mentions."""
        if IMAGE_TOKEN.match(stripped):
            self.problem(index, "image", f"image placeholder {stripped!r} in section {section.number} "
                                         "(the image is not in the text)")
            return f"[image: {stripped}]"
        if stripped in EMPTY_LABELS:
            self.problem(index, "missing_content", f"{stripped!r} label in section {section.number} "
                                                   "has no content (list lost when the page was flattened)")
            return None
        glued = GLUED_IMAGE_TOKEN.match(stripped)
        if glued and _is_blank(self.lines, index - 1):
            token = glued.group(1)
            self.problem(index, "image", f"image placeholder {token!r} glued to the paragraph; separated")
            rest = stripped[glued.end():]
            self.line_mentions(section, index, rest)
            return f"[image: {token}]\n{rest}"
        passcode = PASSCODE_LINE.match(stripped)
        if passcode:
            return self.passcode_line(section, index, passcode)
        if stripped.endswith(":") and self.list_missing_after(index):
            self.problem(index, "missing_content", f"lead-in in section {section.number} is followed by no "
                                                   "list: its content was probably lost when the page "
                                                   "was flattened")
        self.line_mentions(section, index, stripped)
        return stripped

    def list_missing_after(self, index: int) -> bool:
        """Whether the lead-in at ``index`` (ending with ':') is left without its list.

        Its content follows on the next line (``Example Question:``) or, after a blank line, as list
        items; a blank line followed by prose, a table, the References block or nothing means the
        list was lost when the page was flattened.
        """
        following = self.lines[index + 1].strip() if index + 1 < len(self.lines) else ""
        if following and following != REFERENCES_LABEL:
            return False
        for later in range(index + 1, len(self.lines)):
            stripped = self.lines[later].strip()
            if stripped:
                return stripped == REFERENCES_LABEL or not LIST_ITEM.match(stripped)
        return True

    def is_card_header(self, index: int, stripped: str) -> bool:
        """A card example header: ``<passcode> <card name>`` alone before a blank line.

        An image passcode glued to a paragraph (``89631139 These are basic Monster Cards ...``) is longer,
        ends a sentence or runs on to the next line.
        """
        match = PASSCODE_LINE.match(stripped)
        if not match:
            return False
        rest = match.group(2).strip()
        return (_is_blank(self.lines, index + 1) and len(rest) <= CARD_HEADER_MAX_NAME
                and "[" not in rest and not rest.endswith((".", ":")))

    def passcode_line(self, section: Section, index: int, match: re.Match) -> str:
        """A card example header (``70095154 Cyber Dragon``) or an image passcode glued to a paragraph."""
        digits, rest = match.group(1), match.group(2).strip()
        is_header = self.is_card_header(index, match.group(0))
        passcode = int(digits)
        if len(digits) > PASSCODE_DIGITS:
            passcode = int(digits[:PASSCODE_DIGITS])
            self.problem(index, "repair", f"passcode {digits} has {len(digits)} digits; read as "
                                          f"{passcode:08d} (first {PASSCODE_DIGITS} digits)")
        raw = fold_quotes(rest) if is_header else digits
        self.result.mentions.append(CardMention(section_id=section.id, raw=raw, kind="passcode",
                                                passcode=passcode, line=index + 1))
        if not is_header:
            self.line_mentions(section, index, rest)
        return rest

    def line_mentions(self, section: Section, index: int, text: str) -> None:
        """Footnote markers, inline rulebook citations and quoted card names of one body line."""
        for marker in FOOTNOTE.finditer(text):
            self.result.references.append(Reference(
                section_id=section.id, raw=marker.group(0), kind="footnote", ordinal=int(marker.group(1)),
                in_block=False, line=index + 1))
        for citation in INLINE_CITATION.finditer(text):
            ref = self.make_reference(section, index, citation.group(1), None, in_block=False)
            self.result.references.append(ref)
        self.mention_names(section, text, index)

    def mention_names(self, section: Section, text: str, index: int) -> None:
        for name, kind in quoted_mentions(fold_quotes(text)):
            self.result.mentions.append(CardMention(section_id=section.id, raw=name, kind=kind,
                                                    line=index + 1))

    # -- references -------------------------------------------------------------------------------

    def block_entry(self, section: Section, index: int, text: str, ordinal: int | None) -> Reference:
        ref = self.make_reference(section, index, text, ordinal, in_block=True)
        self.result.references.append(ref)
        return ref

    def make_reference(self, section: Section, index: int, text: str, ordinal: int | None,
                       in_block: bool) -> Reference:
        """A Reference for one written citation, with its target or the reason it has none."""
        text = text.strip()
        form, match = classify_entry(text)
        ref = Reference(section_id=section.id, raw=text, ordinal=ordinal, in_block=in_block,
                        line=index + 1)
        if form is None:
            ref.kind = "other"
            ref.unresolved_reason = UNKNOWN_ENTRY_REASON
            self.problem(index, "unparsed", f"reference in section {section.number} has an unknown form")
            return ref
        ref.kind = form.kind
        ref.target_source = form.target_source
        ref.unresolved_reason = form.unresolved_reason
        groups = match.groupdict()
        if groups.get("pages"):
            ref.target_locator = f"page:{first_page(groups['pages'])}"
        if form.citation_kind:
            raw_title = groups["title"]
            if form.citation_kind == "ygorg":
                title = clean_citation_title(raw_title)
                if title != fold_quotes(raw_title).strip():
                    self.problem(index, "repair", f"cited ruling title {raw_title!r} read as {title!r}")
            else:
                title = _legacy_title(match)
            self.result.citations.append(
                (ref, RulingCitation(kind=form.citation_kind, title=title, raw_title=raw_title)))
        return ref

    def link_footnotes(self, section: Section, body: _Body, footnotes: list[Reference]) -> None:
        """Point each ``[n]`` marker of the section at entry n of its References block."""
        for ref in footnotes:
            entry = body.entries.get(ref.ordinal)
            if entry is None:
                ref.unresolved_reason = f"dangling footnote: section {section.number} has no References " \
                                        f"entry {ref.ordinal}"
                self.problem(ref.line - 1, "dangling_footnote",
                             f"footnote [{ref.ordinal}] in section {section.number} has no numbered "
                             "References entry")
                continue
            ref.target_source = entry.target_source
            ref.target_locator = entry.target_locator
            if entry.unresolved_reason:
                ref.unresolved_reason = f"footnote to entry {ref.ordinal} ({entry.raw}): " \
                                        f"{entry.unresolved_reason}"

    # -- whole-book passes ------------------------------------------------------------------------

    def mark_glossary(self) -> None:
        """Direct children of the glossary chapter are glossary entries and define terms."""
        chapters = [s for s in self.result.sections if s.level == 1 and s.title.lower().startswith("glossary")]
        used: set[str] = set()
        for chapter in chapters:
            for section in self.result.sections:
                if section.parent_id != chapter.id or not section.text or \
                        section.title in GLOSSARY_CONTAINERS:
                    continue
                section.kind = "glossary"
                slug = slugify(section.title, max_words=16)
                if slug in used:
                    slug = f"{slug}-{slugify(section.number)}"
                used.add(slug)
                self.result.terms.append(Term(
                    id=f"{self.source.id}:term:{slug}", source_id=self.source.id, term=section.title,
                    definition=self.definitions[section.id], section_id=section.id, official=False,
                    line=section.line))

    def mark_duplicates(self) -> None:
        """A section whose body text equals an earlier section's points at that one (``duplicate_of``)."""
        first_with: dict[str, Section] = {}
        for section in self.result.sections:
            if not section.text:
                continue
            original = first_with.setdefault(section.text, section)
            if original is not section:
                section.duplicate_of = original.id
                self.result.problem(section.line, "duplicate",
                                    f"section {section.number} repeats the body of {original.number}",
                                    section.title)


class _ExampleTracker:
    """Follows the card examples of a section: an ``Examples`` label, then card headers, each followed
    by a blank line and one paragraph of card text (or, in 10.4.2.x, of ruling scenario)."""

    def __init__(self):
        self.awaiting_text = False  # after a card header, before its paragraph
        self.in_text = False  # inside the paragraph that follows a card header

    def blank(self) -> None:
        self.in_text = False

    def takes(self, stripped: str, card_header: bool) -> bool:
        """Whether this non-blank line belongs to a card example."""
        if card_header:
            self.awaiting_text = True
            return True
        if self.awaiting_text or self.in_text:
            self.awaiting_text, self.in_text = False, True
            return True
        return stripped in EXAMPLE_LABELS


def _assemble_text(lines: list[str | None]) -> str:
    """Body lines to cleaned text: one blank line between paragraphs, footnote markers glued."""
    text = "\n".join(line for line in lines if line is not None)
    text = clean_text(text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    text = re.sub(r"(?<=\S) +(?=\[\d+\])", "", text)  # "card [1]." -> "card[1]."
    text = re.sub(r"(\[\d+\]) +(?=[.,;:](?:\s|$))", r"\1", text)  # "again[1] ." -> "again[1]."
    return text


def _first_paragraph(text: str) -> str:
    for paragraph in text.split("\n\n"):
        if paragraph.strip() and not paragraph.startswith("[image:"):
            return paragraph.strip()
    return ""


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the community rulebook at ``path`` into sections, references, terms, mentions, problems.

    :raises kb.errors.SourceFormatError: when the file is empty, binary or not UTF-8, or has no numbered
        section header at all.
    """
    return _Parser(Path(path), source).parse()
