"""Importer for ``cr-draft``: the draft community comprehensive rules (MTG-style numbering).

The book is one paragraph per rule, separated by blank lines (see ``../shared/notes/seeds-002-004.md``,
document 003).  Numbers give the tree: parts ``2.``, groups ``201.``, rules ``201.4.``, sub-rules
``201.4a.``.  The draft has numbering errors; :data:`NUMBER_REPAIRS` is the table of repairs, and every
repair applied is recorded as a ``repair`` problem with its line.  Numbers that are out of order and not
covered by the table are kept where they are printed and reported as ``out_of_order``.

Ids are ``cr-draft:<number>`` (``cr-draft:2``, ``cr-draft:201``, ``cr-draft:201.4a``); a printed number
used twice keeps its number and the later occurrence gets the locator ``<number>-2``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kb.models import CardMention, Reference, Section, Source, Term
from kb.text import clean_text, slugify

from .base import ParseResult, quoted_mentions, read_source_text

__all__ = [
    "SOURCE_ID",
    "NumberRepair",
    "NUMBER_REPAIRS",
    "CONTENT_DEFECTS",
    "DEFINED_TERMS",
    "parse",
    "short_title",
]

SOURCE_ID = "cr-draft"

# "2. Card Types", "201. Monster", "201.4. ...", "201.4a. ...", with an optional Markdown list prefix
NUMBERED = re.compile(r"^(?:- )?(?P<number>\d+(?:\.\d+)?[a-z]?)\.\s+(?P<text>\S.*)$")
PART = re.compile(r"^\d$")
GROUP = re.compile(r"^\d{3}$")
RULE = re.compile(r"^(?P<group>\d{3})\.(?P<rule>\d+)$")
SUBRULE = re.compile(r"^(?P<group>\d{3})\.(?P<rule>\d+)(?P<letter>[a-z])$")
NUMBER_LIKE = re.compile(r"^(?:- )?(\d[\d.]*[a-z]?)\.?\s")
EXAMPLE = re.compile(r"^(?:- )?(?:\*\*Example:\*\*|Example:)\s*(?P<text>.*)$")
LINK_PARAGRAPH = re.compile(r"^\[(?P<label>[^\]]+)\]\((?P<href>[^)]*)\)\s*(?P<rest>.*)$")
MARKDOWN_LINK = re.compile(r"\[(?P<label>[^\]]+)\]\((?P<href>[^)]*)\)")

KIND_BY_SHAPE = (("chapter", PART), ("section", GROUP), ("rule", RULE), ("subrule", SUBRULE))


@dataclass(frozen=True)
class NumberRepair:
    """One numbering error of the draft and how to read it.

    ``printed`` is a regular expression matched against the whole printed number; ``number`` the
    replacement (``re`` template).  ``group`` restricts the repair to paragraphs under that printed group
    heading, ``after`` to paragraphs after that number has been seen.
    """

    printed: str
    number: str
    reason: str
    group: str | None = None
    after: str | None = None


NUMBER_REPAIRS: tuple[NumberRepair, ...] = (
    NumberRepair(r"200\.2[a-z]", r"\g<0>", after="200.3",
                 reason="sub-rule of 200.2 printed after 200.3; attached to 200.2 by its number"),
    NumberRepair(r"208\.(\d+)", r"209.\1", group="209",
                 reason="Quick-Play Spell rule printed with Normal Spell's group number 208"),
    NumberRepair(r"301\.7([a-z])", r"301.8\1", after="301.8",
                 reason="sub-rule of 301.8 (number of Normal/Tribute Summons) printed as 301.7x"),
    NumberRepair(r"05\.\d+", r"3\g<0>", group="305", reason="hundreds digit lost"),
    NumberRepair(r"07\.\d+", r"3\g<0>", group="307", reason="hundreds digit lost"),
)

# number -> (text that shows the defect is present, description).  Only recorded when the text is there.
CONTENT_DEFECTS: dict[str, tuple[str, str]] = {
    "210.2": ("Spell Card", "Trap rule speaks of Spell Cards (copy of 204.2 with Spell Speed 2)"),
    "306.2f": ("Normal/Tribute Summon", "Pendulum rule speaks of a Normal/Tribute Summon (copy of 301.7)"),
    "413.2": ("A Normal Spell Card is sent to the Graveyard",
              "End Phase rule begins with the Normal Spell sentence of 208.2"),
    "302.3": ("the turn its battle position", "sentence truncated"),
    "203.2": ("or Normal/Tribute.", "sentence truncated (Normal/Tribute Set)"),
    "201.8a": ("changed to face-down defense position",
               "face-up Attack Position changes to face-up Defense Position, not face-down"),
    "306.3": ("if both of them have", "garbled: means the player has a Pendulum Monster in both Pendulum Zones"),
    "409.11": ("the monster with the lower DEF is marked", "wrong: the attacking monster is not destroyed "
               "when attacking a Defense Position monster; only a lower ATK vs DEF loses LP"),
    "202.10k": ("from any other Zone", "ambiguous: which zones count as 'any other Zone'"),
    "303.2": ("Don't know what else to add", "drafting note, not a rule"),
}

# Defined terms (notes section 5): term -> number of the defining rule.
DEFINED_TERMS: dict[str, str] = {
    "Card Type": "200.1",
    "Type": "201.1",
    "Attribute": "201.2",
    "Level, Rank and LINK Rating": "201.4",
    "Abilities": "201.5",
    "Main Deck Monster": "202.1",
    "Effect Monster": "202.6a",
    "Non-Effect Monster": "202.6b",
    "Flip Monster": "202.7a",
    "Gemini Monster": "202.8a",
    "Pendulum Zone": "202.10e",
    "Special Summon Monster": "202.16a",
    "Properly Special Summon": "202.16c",
    "Extra Deck Monster": "203.1",
    "Linked": "203.6k",
    "Co-Linked": "203.6n",
    "Summon": "300.1",
    "Summon Response Window": "300.3",
    "Summon Negation Window": "300.4",
    "Tribute Summon": "301.17",
    "Flip Summon": "302.1",
    "Special Summon": "303.1",
    "Fusion Summon": "304.1",
    "Link Summon": "305.1",
    "Pendulum Summon": "306.1",
    "Synchro Summon": "307.1",
    "Xyz Summon": "308.1",
    "Skip": "400.6",
    "Parts of the Damage Step": "406.1",
    "Having attacked": "406.4",
    "Battle Replay": "405.5",
    "Marked for destruction": "409.5",
    "Having battled": "409.13",
}

# Link labels of the front matter and ruling links -> (reference kind, target source)
LINK_KINDS: tuple[tuple[str, str, str | None], ...] = (
    (r"Perfect Rulebook 2017", "rulebook", "prb2017"),
    (r"Perfect Rulebook|Japanese Rulebook|JRulebook", "rulebook", None),
    (r"Ruling\d+", "ruling", None),
    (r".*", "article", None),
)

SEE = re.compile(r"\((?:[Ss]ee) (?P<body>[^()]*)\)")
FULL_NUMBER = re.compile(r"(?<![\d.])(?P<number>[2-4]\d\d(?:\.\d+[a-z]?)?)\b")
SHORT_NUMBER = re.compile(r"(?<!\d)0(?P<group>\d)\.(?P<rest>\d+[a-z]?)\b")
# drafting notes removed from the text (each removal is recorded as an ``editorial`` problem)
EDITORIAL = (
    re.compile(r"\s*\((?![Ss]ee )[^()]*\bTODO\b[^()]*\)"),
    re.compile(r"\s*\(Maybe to be moved somewhere else\)"),
    re.compile(r"\s*\bTODO\b[^.()]*$"),
    re.compile(r"\s*\bTODO\b"),
)


# ------------------------------------------------------------------------------------------ helpers


def short_title(text: str, limit: int = 90) -> str:
    """A heading for a paragraph: its first sentence, clipped to ``limit`` characters at a word."""
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0] + " ..."


def _strip_markdown(text: str) -> str:
    text = MARKDOWN_LINK.sub(lambda m: m.group("label"), text)
    return text.replace("**", "").replace("*", "")


def _link_kind(label: str) -> tuple[str, str | None]:
    for pattern, kind, target in LINK_KINDS:
        if re.fullmatch(pattern, label):
            return kind, target
    return "other", None


def _number_key(number: str) -> tuple:
    """Sort key of a (repaired) number: (group, rule, letter)."""
    match = SUBRULE.match(number) or RULE.match(number)
    if match:
        letter = match.groupdict().get("letter") or ""
        return int(match.group("group")), int(match.group("rule")), letter
    return (int(number),) if number.isdigit() else (number,)


def _paragraphs(lines: list[str], start: int) -> list[tuple[int, str]]:
    """Non-blank lines from index ``start`` as (1-based line, text); each is one paragraph."""
    return [(i + 1, line.strip()) for i, line in enumerate(lines) if i >= start and line.strip()]


# ------------------------------------------------------------------------------------------ parser


class _Builder:
    """Mutable state of one parse: sections by locator, the latest section per number, counters."""

    def __init__(self, result: ParseResult):
        self.result = result
        self.by_locator: dict[str, Section] = {}
        self.latest: dict[str, Section] = {}  # repaired number -> latest section with it
        self.last_child_key: dict[str | None, tuple] = {}
        self.group_printed: str | None = None  # printed number of the current group heading
        self.seen: set[str] = set()  # printed numbers already seen (for ``after`` repairs)
        self.last: Section | None = None  # the last numbered section (examples and links attach here)
        self.order = 0

    def add(self, section: Section) -> Section:
        self.order += 1
        section.order = self.order
        self.result.sections.append(section)
        self.by_locator[section.locator] = section
        return section

    def unique_locator(self, locator: str) -> str:
        if locator not in self.by_locator:
            return locator
        n = 2
        while f"{locator}-{n}" in self.by_locator:
            n += 1
        return f"{locator}-{n}"


def _repair(printed: str, builder: _Builder) -> tuple[str, NumberRepair | None]:
    for repair in NUMBER_REPAIRS:
        if not re.fullmatch(repair.printed, printed):
            continue
        if repair.group is not None and builder.group_printed != repair.group:
            continue
        if repair.after is not None and repair.after not in builder.seen:
            continue
        return re.sub(rf"^(?:{repair.printed})$", repair.number, printed), repair
    return printed, None


def _clean_rule_text(text: str, line: int, section_id: str, result: ParseResult) -> str:
    """Strip Markdown and drafting notes; record the notes, cross references and link paragraphs."""
    text = _strip_markdown(text)
    for match in SEE.finditer(text):
        _see_reference(match, line, section_id, result)
    # "(See X TODO)" cross references to topics are kept as references, not as text
    text = re.sub(r"\s*\((?:[Ss]ee) [^()]*\b(?:TODO|AHHHH)\)", "", text)
    for pattern in EDITORIAL:
        for match in pattern.finditer(text):
            result.problem(line, "editorial", f"drafting note removed from {section_id}: {match.group(0).strip()!r}",
                           match.group(0).strip())
        text = pattern.sub("", text)
    return clean_text(text)


def _see_reference(match: re.Match, line: int, section_id: str, result: ParseResult) -> None:
    body = match.group("body")
    full = FULL_NUMBER.search(body)
    short = SHORT_NUMBER.search(body)
    part = section_id.split(":", 1)[1][0]
    if full:
        number = full.group("number")
    elif short:
        number = f"{part}0{short.group('group')}.{short.group('rest')}"
        result.problem(line, "repair", f"short cross reference {short.group(0)!r} in {section_id} read as "
                       f"{number} (hundreds digit of part {part})", match.group(0))
    else:
        name = re.sub(r"\b(?:TODO|AHHHH)\b", "", body).strip()
        result.references.append(Reference(
            section_id=section_id, raw=match.group(0), kind="section", target_source=SOURCE_ID,
            target_locator=f"title:{name}", line=line,
            unresolved_reason=f"unfinished cross reference in the draft: see {name!r}"))
        return
    result.references.append(Reference(section_id=section_id, raw=match.group(0), kind="section",
                                       target_source=SOURCE_ID, target_locator=f"number:{number}",
                                       line=line))


def _add_link(label: str, href: str, rest: str, line: int, section_id: str, result: ParseResult) -> None:
    kind, target = _link_kind(label)
    result.references.append(Reference(
        section_id=section_id, raw=f"[{label}]({href})", kind=kind, target_source=target, line=line,
        unresolved_reason=f"the draft's link target is a placeholder {href!r}" if href in ("", "#") else None))
    if rest:
        result.problem(line, "editorial", f"note after link {label!r} removed: {rest!r}", rest)


def _numbered(line: int, printed: str, raw_text: str, builder: _Builder) -> None:
    result = builder.result
    number, repair = _repair(printed, builder)
    builder.seen.add(printed)
    kind = next((kind for kind, shape in KIND_BY_SHAPE if shape.match(number)), None)
    if kind is None:
        result.problem(line, "unparsed", f"number {printed!r} has no known shape; text kept in the previous "
                       "section", raw_text)
        _append_text(builder, line, f"{printed}. {raw_text}")
        return
    if repair is not None:
        result.problem(line, "repair", f"{printed} -> {number}: {repair.reason}", f"{printed}. {raw_text}")

    parent = _parent_of(number, kind, line, builder)
    base_locator = number
    if parent is not None and parent.locator != parent.number and kind != "chapter":
        # children of a duplicated heading ("209-2") carry its locator as their prefix
        base_locator = parent.locator + number[len(parent.number):]
    locator = builder.unique_locator(base_locator)
    if locator != base_locator:
        first = builder.by_locator[base_locator]
        result.problem(line, "repair", f"number {number} used twice (first at line {first.line}); this one is "
                       f"stored as {SOURCE_ID}:{locator}", f"{printed}. {raw_text}")
    section_id = f"{SOURCE_ID}:{locator}"
    text = _clean_rule_text(raw_text, line, section_id, result)
    if kind == "section":
        builder.group_printed = printed
    elif kind == "rule" and _is_heading_text(text):
        kind = "section"  # title-only rules ("202.6. Effect") are sub-headings of their group
    title = text if kind in ("chapter", "section") else short_title(text)

    key = _number_key(number)
    previous = builder.last_child_key.get(parent.id if parent else None)
    if previous is not None and key < previous and repair is None:
        result.problem(line, "out_of_order", f"{printed} follows {'.'.join(map(str, previous))} under "
                       f"{parent.id if parent else 'the book'}; kept where printed", f"{printed}. {raw_text}")
    builder.last_child_key[parent.id if parent else None] = key

    section = builder.add(Section(
        id=section_id, source_id=SOURCE_ID, number=number, locator=locator, title=title,
        level=(parent.level + 1) if parent else 1, parent_id=parent.id if parent else None,
        text=text, kind=kind, line=line, line_end=line))
    builder.latest[number] = section
    builder.last = section


def _is_heading_text(text: str) -> bool:
    return len(text) <= 40 and not text.endswith(".")


def _parent_of(number: str, kind: str, line: int, builder: _Builder) -> Section | None:
    result = builder.result
    if kind == "chapter":
        return None
    if kind == "section":
        wanted = number[0]
    elif kind == "rule":
        wanted = RULE.match(number).group("group")
    else:
        match = SUBRULE.match(number)
        wanted = f"{match.group('group')}.{match.group('rule')}"
    parent = builder.latest.get(wanted)
    if parent is None and kind == "subrule":
        parent = builder.latest.get(wanted.split(".")[0])
        result.problem(line, "orphan", f"{number}: no rule {wanted} before it; attached to its group")
    if parent is None:
        result.problem(line, "orphan", f"{number}: no {wanted} before it; stored at the top level")
    elif kind == "rule" and builder.group_printed and wanted != builder.group_printed:
        result.problem(line, "out_of_order", f"{number} printed under group {builder.group_printed}; "
                       f"attached to {parent.id} by its number")
    return parent


def _append_text(builder: _Builder, line: int, text: str) -> None:
    target = builder.last or (builder.result.sections[0] if builder.result.sections else None)
    if target is None:
        return
    target.text = (target.text + "\n" + clean_text(_strip_markdown(text))).strip()
    target.line_end = line


def _example(line: int, text: str, builder: _Builder) -> None:
    result = builder.result
    anchor = builder.last
    if anchor is None:
        result.problem(line, "unparsed", "example before the first rule; kept in the front matter", text)
        _append_text(builder, line, text)
        return
    if anchor.kind == "example":  # a second example of the same rule
        anchor = builder.by_locator[anchor.parent_id.split(":", 1)[1]]
    locator = builder.unique_locator(f"{anchor.locator}-example")
    section_id = f"{SOURCE_ID}:{locator}"
    body = _clean_rule_text(text, line, section_id, result)
    example = builder.add(Section(
        id=section_id, source_id=SOURCE_ID, number=None, locator=locator,
        title=f"Example for {anchor.number}", level=anchor.level + 1, parent_id=anchor.id, text=body,
        kind="example", line=line, line_end=line))
    builder.last = example


def _front_matter(lines: list[str], end: int, result: ParseResult) -> Section:
    section_id = f"{SOURCE_ID}:front"
    body = []
    for index in range(end):
        raw = lines[index].strip()
        if not raw:
            continue
        for match in MARKDOWN_LINK.finditer(raw):
            _add_link(match.group("label"), match.group("href"), "", index + 1, section_id, result)
        body.append(_strip_markdown(raw))
    title = body[0] if body else "Front matter"
    return Section(id=section_id, source_id=SOURCE_ID, number=None, locator="front",
                   title=f"{title} (front matter and partial contents)", level=1, order=0,
                   text="\n".join(body), kind="front", line=1, line_end=end)


def _resolve_named_references(result: ParseResult) -> None:
    """Point "(See Link TODO)"-style references at the heading with that name, where exactly one fits.

    An exact heading title wins; otherwise a group heading whose words include every word of the name
    ("Normal Summon" -> "Normal/Tribute Summon").  Several candidates leave the reference unresolved.
    """
    headings = [s for s in result.sections if s.kind in ("section", "chapter")]

    def words(text: str) -> set[str]:
        return set(re.findall(r"[a-z0-9]+", text.lower()))

    for ref in result.references:
        if not (ref.target_locator and ref.target_locator.startswith("title:")):
            continue
        name = ref.target_locator.split(":", 1)[1]
        ref.target_locator = None
        exact = [s for s in headings if s.title.lower() == name.lower()]
        wanted = words(name)
        candidates = exact or [s for s in headings if s.level == 2 and wanted and wanted <= words(s.title)]
        if len(candidates) == 1:
            ref.target_id, ref.unresolved_reason = candidates[0].id, None
        elif candidates:
            ref.unresolved_reason += " (ambiguous: " + ", ".join(s.id for s in candidates) + ")"


def _mark_duplicates(result: ParseResult) -> None:
    first: dict[str, Section] = {}
    for section in result.sections:
        if section.kind not in ("rule", "subrule") or len(section.text) < 40:
            continue
        key = re.sub(r"\W+", " ", section.text.lower()).strip()
        if key in first:
            section.duplicate_of = first[key].id
            result.problem(section.line, "duplicate", f"{section.id} repeats the text of {first[key].id}",
                           section.text)
        else:
            first[key] = section


def _content_defects(result: ParseResult) -> None:
    for section in result.sections:
        defect = CONTENT_DEFECTS.get(section.number or "")
        if defect and defect[0] in section.text and section.kind in ("rule", "subrule"):
            result.problem(section.line, "content_defect", f"{section.id}: {defect[1]}", section.text)


def _terms(result: ParseResult) -> None:
    by_number = {}
    for section in result.sections:
        if section.number and section.kind in ("rule", "subrule"):
            by_number.setdefault(section.number, section)
    for term, number in DEFINED_TERMS.items():
        section = by_number.get(number)
        if section is None:
            result.problem(None, "missing", f"defined term {term!r}: rule {number} not found")
            continue
        result.terms.append(Term(id=f"{SOURCE_ID}:term:{slugify(term)}", source_id=SOURCE_ID, term=term,
                                 definition=section.text, section_id=section.id, official=False,
                                 line=section.line))


def _mentions(result: ParseResult) -> None:
    """Quoted card-name candidates of each section, once per section; the draft's many unquoted names
    are found by the linker's scan of the section texts."""
    for section in result.sections:
        for name, kind in dict.fromkeys(quoted_mentions(section.text)):
            result.mentions.append(CardMention(section_id=section.id, raw=name, kind=kind, line=section.line))


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the draft comprehensive rules into parts, groups, rules, sub-rules, examples and terms."""
    lines = read_source_text(path)
    result = ParseResult(source=source)
    body_start = next((i for i, line in enumerate(lines)
                       if (m := NUMBERED.match(line.strip())) and PART.match(m.group("number"))), len(lines))
    if body_start == len(lines):
        result.problem(None, "unparsed", "no numbered part heading ('2. Card Types') found; "
                       "the whole file is kept as front matter")
    builder = _Builder(result)
    builder.add(_front_matter(lines, body_start, result))

    for line, text in _paragraphs(lines, body_start):
        example = EXAMPLE.match(text)
        link = LINK_PARAGRAPH.match(text)
        numbered = NUMBERED.match(text)
        if example:
            _example(line, example.group("text"), builder)
        elif link:
            anchor = builder.last or result.sections[0]
            _add_link(link.group("label"), link.group("href"), link.group("rest"), line, anchor.id, result)
        elif numbered:
            _numbered(line, numbered.group("number"), numbered.group("text"), builder)
        elif NUMBER_LIKE.match(text):
            result.problem(line, "unparsed", f"number {NUMBER_LIKE.match(text).group(1)!r} has no known "
                           "shape; text kept in the previous section", text)
            _append_text(builder, line, text)
        else:
            target = builder.last
            result.problem(line, "repair", f"unnumbered paragraph joined to "
                           f"{target.id if target else 'the front matter'} (continuation)", text)
            _append_text(builder, line, text)

    _resolve_named_references(result)
    _mark_duplicates(result)
    _content_defects(result)
    _terms(result)
    _mentions(result)
    return result
