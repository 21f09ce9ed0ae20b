"""Importer for ``md``: the Master Duel rulebook web page, scraped to one paragraph per line.

The page has no heading markup (see ``../shared/notes/seeds-002-004.md``, document 004).  Chapters come
from its table of contents through :data:`CHAPTERS` (contents title -> the flavour heading that opens the
chapter).  Inside chapters, headings are recognised by shape (:func:`is_heading`: short lines without
closing punctuation, ``!``/``?`` titles, the sentence headings of the ATK/DEF chapter, the colon headings
of :data:`COLON_HEADINGS`), minus the look-alike labels of :data:`NOT_HEADINGS`; their nesting follows
:data:`SUBHEADINGS`.  The terminology chapter becomes glossary entries and terms (official and
unofficial), the FAQ becomes question/answer sections.  Card widgets that had not loaded when the page was
scraped (``Loading...``) are replaced by ``[card]`` and counted in a ``placeholder`` problem per line.

Ids are ``md:<slug>`` (``md:segoc``, ``md:missing-the-timing-or-missing-the-activation-window``); a slug
used twice is prefixed with its parent's slug (``md:ritual-monsters-summoning-procedure``).  Glossary
entries are ``md:glossary-<slug>``, FAQ pairs ``md:faq-<n>`` (1-7), terms ``md:term:<slug>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kb.models import CardMention, Reference, Section, Source, Term
from kb.text import clean_text, slugify

from .base import ParseResult, quoted_mentions, read_source_text

__all__ = [
    "SOURCE_ID",
    "CHAPTERS",
    "SUBHEADINGS",
    "LIST_HEADING_PARENTS",
    "COLON_HEADINGS",
    "NOT_HEADINGS",
    "GLOSSARY_GROUPS",
    "PLACEHOLDER",
    "is_heading",
    "parse",
]

SOURCE_ID = "md"
PLACEHOLDER = "Loading..."
PLACEHOLDER_TEXT = "[card]"

# contents title -> the heading line that opens the chapter (a flavour title, or the real one)
CHAPTERS: dict[str, str] = {
    "Getting Started": "Decks",
    "The Field": "The Game Field",
    "Game Cards": "Reading Game Cards",
    "Monsters": "All about Monsters!",
    "Spells & Traps": "Magic Ruler? No, Spell Ruler!",
    "Playing the Game": "The Duel",
    "Chains": "Time to build Chain Links",
    "SEGOC": "TRIGGER WARNING",
    "Reading & Resolving Effects": "PSCT",
    "Battle Phase": "Fight!",
    "Damage Step": "Battling",
    "ATK/DEF Modification": "Boost!",
    '"Forgetting"': "Huh?",
    "Negations": "Negation",
    "If/When": "Now or... then?",
    "Nomi": "No U",
    "Additional Normal": "Normal Summon... then Normal Summon?",
    '"Highlander Clause"': "This town ain't big enough for the two of us",
    "Prohibition": "Absolutely not!",
    "Game Terms": "But what does it mean?",
    "FAQ": "How does this work?",
}

# heading -> the headings nested under it (everything else is a direct child of its chapter)
SUBHEADINGS: dict[str, tuple[str, ...]] = {
    "Effect Types": ("Continuous", "Ignition", "Quick-Effect", "Trigger", "FLIP"),
    "Spells": ("Normal Spells", "Ritual Spells", "Continuous Spells", "Equip Spells", "Field Spells",
               "Quick-Play Spells"),
    "Traps": ("Normal Trapss", "Continuous Traps", "Counter Traps", "Trap Monsters"),
    "Phases": ("Draw Phase", "Standby Phase", "Main Phase 1", "Battle Phase", "Main Phase 2", "End Phase"),
    "Main Phase 1": ("Summon or Set a Monster", "Change Your Monsters’ Battle Positions",
                     "Activate a Card or Effect", "Set Spells and Traps"),
    "Spell Speed": ("Spell Speed 1", "Spell Speed 2", "Spell Speed 3"),
    "SEGOC": ("Timing Priority",),
    "Conjunctives": ('"Then"', '"And"', '"And if you do"', '"Also"', '"Also, after that"'),
    "Steps": ("Start of the Damage Step", "Before Damage Calculation", "Perform Damage Calculation",
              "After Damage Calculation", "End of the Damage Step"),
    "Determining Damage": ("Attacking an ATK Position Monster", "Attacking a DEF Position Monster",
                           "Attacking Directly"),
    "ATK/DEF Modifiers": (
        "Applying any effect that increases or decreases ATK/DEF.",
        "Applying an activated effect that sets ATK/DEF to a determined value.",
        "Applying a non-activated effect that sets ATK/DEF to a determined value.",
        "Applying an activated effect that changes original ATK/DEF.",
        "Applying a non-activated effect that changes original ATK/DEF.",
        "Exceptions – Applying a special non-activated effect that is always applied last.",
        "Exceptions – Activated effects that work like non-activated effects, and vice versa.",
    ),
    "Negating Effects": ("Negating Effect Instances", 'Targeted/"Blanket" Negation'),
    "No usage": ("What you cannot do", "What you can do"),
    "Terminology": ("Official Terms", "Unofficial Terms"),
    "Unofficial Terms": ("Game State", "Game Actions"),
    "FAQ": (),
}
# headings that always belong under the heading before them ("Summoning Procedure" of each monster kind)
TRAILING_SUBHEADINGS = frozenset({"Summoning Procedure", "How do scales work with Pendulum Summoning?"})
# under these headings, short "- Item" lines followed by a paragraph are sub-headings (zones, card parts)
LIST_HEADING_PARENTS = frozenset({"Zones", "Monster Cards", "Spell & Trap Cards", "Summoning Procedure"})
COLON_HEADINGS = frozenset({"Flipped Face-down:", "Temporarily Banished:",
                            "Fundamental Rule of 'When' Optionals:"})
SENTENCE_HEADING = re.compile(r"^(?:Applying|Exceptions –) .{10,100}\.$")
# lines shaped like headings that are labels, captions or list items
NOT_HEADINGS = frozenset({
    "OR", "Ex:", "(shown respectively)", "Tuner 3 + Non-Tuner 5 = Synchro 8",
    "2 monsters Link Summon into LANphorhynchus", "Introduction", "Table of Contents",
})
# attribution and scope notes: kept as text of the section they open
NOTE_LINE = re.compile(r"^(?:Taken from|These terms have been selected from|This information is taken from|"
                       r"This section (?:is|was))\b")
LABEL = re.compile(r"^(?:Examples?|(?:The )?Situation|What happens|What can happen\?|Resolve the Chain|"
                   r"It will (?:not )?forget|Here's an Example)\s*:", re.I)
# glossary: group heading -> official?
GLOSSARY_GROUPS: dict[str, bool] = {"Official Terms": True, "Game State": False, "Game Actions": False}
GLOSSARY_END = "How does this work?"
GLOSSARY_TERM = re.compile(r"^[^.]{1,60}$")  # a term line: short, no sentence


FAQ_QUESTION = re.compile(r"^Q:\s*(?P<text>.+)$")
FAQ_ANSWER = re.compile(r"^A:\s*(?P<text>.+)$")
SOURCES_LINE = re.compile(r"^Sources:\s*(?P<list>.+)$")
SOURCE_KINDS: tuple[tuple[str, str, str | None], ...] = (
    (r"Yu-Gi-Oh! Rule Book v10", "rulebook", "tcg-v10"),
    (r"YGOrganization", "article", None),
    (r".*", "url", None),
)


def is_heading(line: str) -> bool:
    """Whether a line has the shape of a heading of this page (labels and captions excluded)."""
    text = line.strip()
    if not text or text.startswith("-") or text in NOT_HEADINGS or LABEL.match(text) or NOTE_LINE.match(text):
        return False
    if FAQ_QUESTION.match(text) or FAQ_ANSWER.match(text) or PLACEHOLDER in text:
        return False
    if text in COLON_HEADINGS or SENTENCE_HEADING.match(text):
        return True
    if len(text) > 70 or re.search(r"[.,;:]$", text) or re.search(r"\w: ", text):
        return False
    return text[0].isupper() or text[0] in "\"'“0123456789"


# ------------------------------------------------------------------------------------------ parser


@dataclass
class _Node:
    title: str
    line: int
    kind: str
    level: int
    parent: "_Node | None"
    body: list[str] = field(default_factory=list)
    slug: str = ""
    number: str | None = None
    last_line: int = 0
    official: bool | None = None


class _Parser:
    def __init__(self, lines: list[str], result: ParseResult):
        self.lines = lines
        self.result = result
        self.nodes: list[_Node] = []
        self.chapter: _Node | None = None
        self.current: _Node | None = None
        self.toc: list[str] = []

    # -- structure
    def add(self, title: str, line: int, kind: str, parent: _Node | None) -> _Node:
        node = _Node(title, line, kind, (parent.level + 1) if parent else 1, parent, last_line=line)
        self.nodes.append(node)
        self.current = node
        return node

    def take(self, node: _Node, text: str, line: int) -> None:
        """Add a body line to ``node``."""
        node.body.append(text)
        node.last_line = line

    def heading_parent(self, title: str) -> _Node | None:
        """The node a new heading hangs under: per :data:`SUBHEADINGS`, else the chapter."""
        if title in TRAILING_SUBHEADINGS and self.current is not None and self.current.kind == "section":
            base = self.current
            while base.parent is not None and base.parent is not self.chapter and \
                    base.title in TRAILING_SUBHEADINGS:
                base = base.parent
            return base
        node = self.current
        while node is not None and node is not self.chapter:
            if title in SUBHEADINGS.get(node.title, ()):
                return node
            node = node.parent
        return self.chapter

    def run(self) -> None:
        lines = self.lines
        chapter_openers = {opener: title for title, opener in CHAPTERS.items()}
        index = 0
        glossary_group: str | None = None
        in_faq = False
        while index < len(lines):
            number = index + 1
            raw = lines[index].strip()
            index += 1
            if not raw:
                continue
            if raw == "-" and index < len(lines):  # a list item flattened onto two lines
                raw = "- " + lines[index].strip()
                index += 1
            if self.current is None:
                self.add(raw, number, "front", None)  # "Introduction"
                continue
            if raw == "Table of Contents" and self.chapter is None:
                self.add(raw, number, "front", None)
                continue
            if self.chapter is None and self.current.title == "Table of Contents" and raw.startswith("- "):
                self.toc.append(raw[2:].strip())
                self.take(self.current, raw, number)
                continue
            if raw in chapter_openers:
                title = chapter_openers[raw]
                node = self.add(title, number, "chapter", None)
                node.number = str(list(CHAPTERS).index(title) + 1)
                if raw != title:
                    self.take(node, raw, number)
                self.chapter = node
                glossary_group, in_faq = None, title == "FAQ"
                continue
            if self.chapter is None:
                self.take(self.current, raw, number)
                continue
            if SOURCES_LINE.match(raw):
                self.take(self.add("Sources", number, "note", None), raw, number)
                self.chapter = self.current
                continue
            if raw == GLOSSARY_END:
                glossary_group = None
            if glossary_group is not None and not raw.startswith("- ") and raw not in GLOSSARY_GROUPS \
                    and raw not in SUBHEADINGS and GLOSSARY_TERM.match(raw):
                parent = self.glossary_parent()
                node = self.add(raw, number, "glossary", parent)
                node.official = GLOSSARY_GROUPS[glossary_group]
                continue
            if in_faq and (question := FAQ_QUESTION.match(raw)):
                parent = self.current if self.current.kind != "faq" else self.current.parent
                node = self.add(question.group("text"), number, "faq", parent)
                node.number = str(sum(1 for n in self.nodes if n.kind == "faq"))
                self.take(node, raw, number)
                continue
            if self.list_heading(raw, index):
                self.add(raw[2:].strip(), number, "section", self.current_list_parent())
                continue
            if is_heading(raw) and not (in_faq and self.current.kind == "faq"):
                if self.current is self.chapter and raw == self.chapter.title:
                    self.take(self.chapter, raw, number)  # "TRIGGER WARNING" then "SEGOC": one chapter
                    continue
                self.add(raw, number, "section", self.heading_parent(raw))
                glossary_group = raw if raw in GLOSSARY_GROUPS else None
                continue
            self.take(self.current, raw, index)
            if self.current.kind == "glossary" and not raw.startswith("- "):
                self.result.problem(number, "unparsed", f"line after glossary entry {self.current.title!r} "
                                    "is not a '- definition' line; kept in that entry", raw)

    def glossary_parent(self) -> _Node:
        node = self.current
        while node.kind == "glossary":
            node = node.parent
        return node

    def current_list_parent(self) -> _Node:
        node = self.current
        while node.title not in LIST_HEADING_PARENTS:
            node = node.parent
        return node

    def list_heading(self, raw: str, next_index: int) -> bool:
        """A short '- Item' line under a zone/card-part/procedure heading, followed by its paragraph."""
        if not raw.startswith("- ") or self.current is None:
            return False
        item = raw[2:].strip()
        node, inside = self.current, False
        while node is not None and node is not self.chapter:
            if node.title in LIST_HEADING_PARENTS:
                inside = True
                break
            node = node.parent
        if not inside or len(item) > 40 or re.search(r"[.,;:]$", item) or PLACEHOLDER in item:
            return False
        following = self.lines[next_index].strip() if next_index < len(self.lines) else ""
        return bool(following) and not following.startswith("-")


def _assign_slugs(nodes: list[_Node]) -> None:
    used: set[str] = set()
    for node in nodes:  # chapters first: their slugs are the contents titles
        if node.kind == "chapter":
            node.slug = slugify(node.title)
            used.add(node.slug)
    for node in nodes:
        if node.kind == "chapter":
            continue
        base = slugify(node.title.replace(PLACEHOLDER, " "))
        if node.kind == "glossary":
            base = f"glossary-{base}"
        elif node.kind == "faq":
            base = f"faq-{node.number}"
        slug = base
        if slug in used and node.parent is not None:
            slug = f"{node.parent.slug}-{base}"
        n = 2
        while slug in used:
            slug = f"{base}-{n}"
            n += 1
        node.slug = slug
        used.add(slug)


def _clean(line: str) -> tuple[str, int]:
    """A line with ``Loading...`` placeholders replaced; returns the text and the number replaced."""
    count = line.count(PLACEHOLDER)
    text = re.sub(r"Loading\.\.\.(?:\s+(?=[,.;:)'’]))?", PLACEHOLDER_TEXT, line)
    return clean_text(text), count


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the Master Duel rulebook into chapters, headings, glossary entries, terms and FAQ pairs."""
    lines = read_source_text(path)
    result = ParseResult(source=source)
    parser = _Parser(lines, result)
    parser.run()
    nodes = parser.nodes
    _check_contents(parser, result)
    _assign_slugs(nodes)
    for order, node in enumerate(nodes, start=1):
        title = _clean(node.title)[0]
        body = [_clean(raw)[0] for raw in node.body]
        section_id = f"{SOURCE_ID}:{node.slug}"
        result.sections.append(Section(
            id=section_id, source_id=SOURCE_ID, number=node.number, locator=node.slug, title=title,
            level=node.level, parent_id=f"{SOURCE_ID}:{node.parent.slug}" if node.parent else None,
            order=order, text="\n".join(body), kind=node.kind, line=node.line, line_end=node.last_line))
        if node.kind == "glossary":
            definition = "\n".join(b[2:] if b.startswith("- ") else b for b in body)
            result.terms.append(Term(id=f"{SOURCE_ID}:term:{slugify(node.title)}", source_id=SOURCE_ID,
                                     term=title, definition=definition, section_id=section_id,
                                     official=bool(node.official), line=node.line))
        for name, kind in dict.fromkeys(quoted_mentions(title + "\n" + "\n".join(body))):
            result.mentions.append(CardMention(section_id=section_id, raw=name, kind=kind, line=node.line))
        if node.kind == "note":
            _source_references(node, section_id, result)
    _placeholder_problems(lines, result)
    _check_unique_terms(result)
    return result


def _check_contents(parser: _Parser, result: ParseResult) -> None:
    chapters = [n.title for n in parser.nodes if n.kind == "chapter"]
    for title in parser.toc:
        if title not in CHAPTERS:
            result.problem(None, "unparsed", f"contents entry {title!r} has no entry in the chapter map", title)
        elif title not in chapters:
            result.problem(None, "missing_heading", f"chapter {title!r} (opened by {CHAPTERS[title]!r}) not "
                           "found", title)


def _source_references(node: _Node, section_id: str, result: ParseResult) -> None:
    match = SOURCES_LINE.match(node.body[0]) if node.body else None
    if not match:
        return
    for name in (part.strip() for part in match.group("list").split(",")):
        kind, target = next((k, t) for pattern, k, t in SOURCE_KINDS if re.fullmatch(pattern, name))
        result.references.append(Reference(
            section_id=section_id, raw=name, kind=kind, target_source=target, line=node.line,
            unresolved_reason="a whole book or site is cited, no page or section"))


def _placeholder_problems(lines: list[str], result: ParseResult) -> None:
    for number, line in enumerate(lines, start=1):
        count = line.count(PLACEHOLDER)
        if count:
            result.problem(number, "placeholder", f"{count} card name(s) lost to '{PLACEHOLDER}' (shown as "
                           f"'{PLACEHOLDER_TEXT}')", line)


def _check_unique_terms(result: ParseResult) -> None:
    seen: dict[str, Term] = {}
    kept = []
    for term in result.terms:
        if term.id in seen:
            result.problem(term.line, "duplicate", f"term {term.term!r} defined again (first at line "
                           f"{seen[term.id].line}); the later entry keeps its section only", term.term)
            continue
        seen[term.id] = term
        kept.append(term)
    result.terms[:] = kept
