"""Importer for the OCG Perfect Rulebook 2017 fan translation (source ``prb2017``, seed 000).

Spec: ``../shared/notes/seed-000-perfect-rulebook-2017.md``.  Every paragraph, bullet, example and picture
caption of the book is one physical line and there are no blank lines, so the parser works line by line:

1. **Pages.**  ``Page N`` / ``Page N:`` / ``Pages 1-6:`` markers give each line a book page.  Eight
   printed labels are out of sequence (``Page 42`` between 46 and 47, ``Page 169`` between 190 and 192,
   duplicated labels ...); each gets an *inferred* page (the page after the previous one, or the previous
   page when there is no room before the next marker) and a ``page_anomaly`` problem keeping the printed
   label.  Pages without a marker (59, 89, 92, 73-74) are covered by the text of the marker before them
   (the page range of that text is widened and a ``page_gap`` problem is recorded).
2. **Headings.**  Chapters (``Chapter 1: Basic Rules``; ``Chapter 2`` takes its title from the next
   heading-shaped line), chapter parts (Chapter 1 lines that repeat a title of the chapter's own table of
   contents, Chapter 2 ``[N] Title``), numbered sections (Chapter 1 ``(N) Title`` in sequence and
   ``Pick Up Rule [N]``, Chapter 2 ``N.M Title``) and unmarked topic headings (short lines shaped like a
   title: no bullet, no final full stop/colon/exclamation mark, not a list, table, caption or note).
   Exclamation "banner" lines and kicker lines standing right before a heading are kept as that heading's
   lead text, never as headings.  A table of repairs adds the one heading the book lost (End Phase).
3. **Examples.**  ``Example:`` lines (plus the ``Exampe:`` typo and one unlabelled example) become
   ``kind="example"`` child sections of the topic section they sit in, with the picture captions and
   translator notes that follow them; their text starts with ``Rule: <the bullet they illustrate>``.
4. **Text.**  Cleaned with :func:`kb.text.clean_text`; bullets ``• ``, dash items ``- ``, captions as
   ``[Pictured: …]`` lines (the 4-line caption joined, the one missing its ``[`` repaired), translator notes
   as ``[TL note: …]`` lines (malformed openers repaired), the three malformed pipe tables rebuilt as
   Markdown tables, flow-chart arrows as ``↓``, and ``[p. N]`` lines where a page break falls inside a
   section.
5. **References** (``Explained in detail in page N``, ``(in page N)``, ``found on Page N``, ``next page``,
   the tables of contents, the preamble's page ranges) as ``Reference(kind="page")`` resolved inside the
   book to the section on that page whose title best matches the reference's context; the known wrong
   target and table-of-contents entries whose page disagrees with the heading are ``stale_reference``
   problems with the corrected locator.
6. **Terms** from :data:`TERMS` (the notes' glossary, term -> pages), each with its defining sentence.
7. **Card-name candidates** as the book marks them: quoted names, the name-shaped items of picture
   captions, dash-list items and typed list lines (``Name (Quick-Play Spell)``), as written.  The
   ``links`` build step decides which are cards (misspellings included) and scans the unquoted prose.
8. **Problems** for every page anomaly, gap, repair, malformed note, duplicated bullet, stale or
   unresolvable reference and every source inconsistency of :data:`KNOWN_INCONSISTENCIES`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from kb.errors import SourceFormatError
from kb.models import CardMention, Reference, Section, Source, Term
from kb.text import clean_text, fold_quotes, slugify

from .base import ParseResult, looks_like_card_name, quoted_mentions, read_source_text, section_for_page

__all__ = [
    "SOURCE_ID",
    "TERMS",
    "KNOWN_INCONSISTENCIES",
    "MISSING_HEADINGS",
    "STALE_REFERENCES",
    "PageMarker",
    "page_markers",
    "caption_items",
    "parse",
]

SOURCE_ID = "prb2017"

# ----------------------------------------------------------------------------------- line patterns

PAGE_MARKER = re.compile(r"^Pages? (\d+)(?:-(\d+))?:?$")
CHAPTER = re.compile(r"^Chapter (\d+)(?::\s*(\S.*))?$")
BRACKET_ITEM = re.compile(r"^\[(\d)\](\s*)(\S.*)$")  # "[3] Cards", "[2]Necessary number of materials"
SUBSECTION = re.compile(r"^(\d)\.(\d) (\S.*)$")  # "4.2 Activating Cards and Effects"
PAREN_ITEM = re.compile(r"^\((\d)\)\s*(\S.*)$")  # "(4) The Dueling Field"
PICK_UP = re.compile(r"^Pick Up Rule \[(\d)\]$")
MINI_TOC = re.compile(r"^\((\d)\) (.+?) \((?:in page (\d+)|explained in this page)\)$")
TOC_ENTRY = re.compile(r"^(?:(\d)\. )?([^:\[]+?): (?:Page )?(\d+)\s*(\[.*)?$")
UNTRANSLATED = re.compile(r"not doing this|not translated", re.IGNORECASE)
EXAMPLE = re.compile(r"^(Example|Exampe):\s*")
CAPTION = re.compile(r"^\[?Pictured\s*:")
TL_NOTE = re.compile(r"^\(?\[TL [Nn]ote:\s*")
TABLE_SEPARATOR = re.compile(r"^-{3}(?:\|-{3})+\|?$")
TYPED_CARD = re.compile(r"\((?:Normal|Quick-Play|Continuous|Ritual|Equip|Field|Counter) (?:Spell|Trap)\)$")
LABEL_LINE = re.compile(r"^[^:\u201c\u201d\"]{1,40}: \S")  # "Spell Speed 3: Counter Traps"
FLOW_LINE = re.compile(r"^(?:\|\|.*|\\/)$")
SENTENCE_END = ".!?"
NAMING_CUE = re.compile(r"\bcalled\b|\bmeans?\b")
DEFINING_KINDS = ("bullet", "text", "dash", "quote", "candidate", "lead")
BACK_REFERENCE = re.compile(r"(?:This|These|Then|Also|However|As a result|Therefore)\b")
CLOSERS = "\u201d\u201c\"\u2019'\u2033]) "
MAX_BANNER = 160  # longest: "[2] Basics of the Battle Phase 2: The results of a battle vary ..." (118)
MAX_HEADING = 110  # longest heading: "Effects that Meet Their Activation Requirements ... or Chain" (101)
VERDICTS = {"\u2713", "X"}
PLACEHOLDER = "[\u2026]"  # "[…]" stands for a card name or a word in quoted text
DUPLICATE_MIN_LENGTH = 80  # shorter bullets are restated on purpose ("Monster Tokens cannot be ...")

PAGE_REFERENCE = re.compile(
    r"(?:(?:[Ee]xplained (?:in detail )?|can be found |found |the same as )?)\b(?:in|on) [Pp]age (\d+)")
THIS_PAGE = re.compile(r"\(explained in this page\)")
RELATIVE_PAGE = re.compile(r"\b(?:following|next) page\b")
PAGE_RANGE = re.compile(r"\(pages (\d+)-(\d+)\)")

SLUG_STOPWORDS = {"a", "an", "and", "the", "of", "in", "to", "or", "that", "for", "by", "with", "on"}
MATCH_STOPWORDS = SLUG_STOPWORDS | {
    "is", "are", "be", "can", "page", "explained", "detail", "found", "information", "detailed", "about",
    "this", "it", "its", "from", "as", "if", "you", "your", "all", "further", "following", "next",
    "additional", "using", "same", "do", "not", "these", "those", "their", "they", "how", "what",
}

# --------------------------------------------------------------------------------------- repairs (data)

# First words of a line that starts a block whose heading the book lost -> the heading to insert.
MISSING_HEADINGS = {
    "If players wish to activate cards when the End Phase begins": "End Phase",
}

# A cross reference whose printed page is wrong: (pattern in the quote-folded line, printed, correct, why).
STALE_REFERENCES = (
    (r"Pendulum Summons using Link Monsters can be found on Page 20", 20, 22,
     "page 20 explains Link Summoning; summoning Extra Deck (and Pendulum) monsters into zones that Link "
     "Arrows point to is explained on page 22"),
)

# Source inconsistencies the notes list (pattern in the quote-folded line -> what is wrong).  They are
# recorded, never "fixed".
KNOWN_INCONSISTENCIES = (
    (r'Lunalight Crimson Fox, Wattaildragon, "2500/2 = 1250"',
     "p.161: the caption shows 2500/2 = 1250 and +700 = 1950 (apparently copied from the Shrink example), "
     "but the example says Wattaildragon's ATK was reduced to 0 by Lunalight Crimson Fox and becomes 700"),
    (r'"Scarlight Red Dragon Archfiend".*"when banished',
     "p.143: the example says effects that activate 'when banished' cannot be activated, but the caption "
     "shows Elemental HERO Core, whose effect activates when it is destroyed"),
    (r'A proper Summon Procedure is either a Synchro Summon or effects like "Rank-Up-Magic"',
     "p.96: the Xyz/Pendulum table note says 'a Synchro Summon' where it means an Xyz Summon"),
    (r"^\[TL Note: It is actually the Deus Token",
     "p.107: the example names the Asmo Token; the token that is not destroyed by battle is the Deus Token"),
    (r'^-Maxx "C"$',
     "p.34: Maxx \"C\" is listed under cards that add cards from the Deck to the hand, but it draws"),
    (r"^-Pot of Desires$",
     "p.34: Pot of Desires is listed under cards that add cards from the Deck to the hand, but it draws"),
    (r'"\(flip summon\)" clarification',
     "p.104/106: the '(Flip Summon)' label on position changes made by effects is disputed by the "
     "translator"),
    (r"This above passage doesn't mention the effect being activated",
     "p.177: the translator notes that the once-per-turn passage is ambiguous"),
)

# Synchro/Xyz/Link text copy-pasted from the Fusion rule ("... or a Fusion Monster Card that is banished").
COPIED_CLASS = re.compile(r"If an? ([A-Za-z]+)(?:/Pendulum)? Monster on the field or Graveyard or an? "
                          r"([A-Za-z]+) Monster Card that is banished")

# ----------------------------------------------------------------------------------- glossary (data)

# The notes' glossary (§5.2): term, the book pages that define it (first = preferred), and optionally a
# pattern that picks the defining sentence (default: the term itself).  The defining sentence is the first
# sentence on those pages that matches, preferring sentences that say "is called"/"means"/"is"/"are".
TERMS: tuple[tuple[str, tuple[int, ...], str | None], ...] = (
    ("Duel", (40,), r"\bgame in the OCG\b|\bDuel\b"),
    ("Match", (40,), r"\bMatch\b"),
    ("cards with the same name", (41,), r"Cards with the same name are"),
    ("player", (42,), r"are called players"),
    ("turn player", (42,), r"called the turn player"),
    ("opponent", (42,), r"\"opponent\" is written"),
    ("cards on the field", (44,), r"\"Cards on the field\" means"),
    ("public knowledge", (46,), r"is public knowledge"),
    ("private knowledge", (46,), r"always private"),
    ("Main Monster Zone", (45,), r"Normal and Special Summoned monsters"),
    ("Spell & Trap Zone", (45,), r"Spell and Trap Cards can be activated or set"),
    ("Graveyard", (46,), r"destroyed or otherwise sent to the Graveyard are sent to"),
    ("Deck Zone", (46,), r"Main Deck is placed face-down"),
    ("Field Zone", (47,), r"Field Spell Cards can be activated or Set"),
    ("Extra Deck Zone", (47,), r"This is the place the Fusion Monster Cards"),
    ("Pendulum Zone", (48,), r"Pendulum Monsters activated as Spell Cards are placed"),
    ("Extra Monster Zone", (50,), r"monsters Special Summoned from the Extra Deck are placed"),
    ("hand", (52,), r"as a hand"),
    ("banished", (53,), r"banished from play by card effects are placed outside"),
    ("face-down banished", (53,), r"banish face-down"),
    ("card number", (58,), r"card number is used"),
    ("Level", (58,), r"indicate that monster's Level"),
    ("Rank", (58,), r"indicate that monster's Rank"),
    ("LINK Rating", (58, 13), r"LINK Rating"),
    ("Attribute", (58,), r"is the Attribute"),
    ("Type", (58,), r"is the Type of that monster"),
    ("original ATK/DEF", (156, 60),
     r"original ATK/DEF are the values|references \"the original ATK or DEF\""),
    ("\"?\" ATK/DEF", (61,), r"\"\?\" ATK or DEF values are"),
    ("Monster Information", (61,), r"is the Monster Information"),
    ("Pendulum Scale", (62,), r"Pendulum Scales used while"),
    ("Pendulum Effect", (62,), r"effect applied while placed in a Pendulum Zone"),
    ("Link Arrows", (62,), r"Link Arrows are used"),
    ("Linked", (63, 21), r"is called (?:being )?\"?Linked|called \"being linked\""),
    ("Co-Link", (63, 21), r"Co-Link"),
    ("Link Point", (64,), r"called Link Point"),
    ("Link Source", (64,), r"Link Source"),
    ("Extra Link", (64, 23), r"Extra Link"),
    ("Normal Monster", (67,), r"are Normal Monsters"),
    ("Effect Monster", (68,), r"are called Effect Monsters"),
    ("Special Summon Monster", (69,), r"are Special Summon monsters"),
    ("Ritual Monster", (69,), r"are Ritual Monsters"),
    ("Fusion Monster", (70,), r"are Fusion Monsters"),
    ("Synchro Monster", (71,), r"are Synchro Monsters"),
    ("Xyz Monster", (71,), r"are Xyz Monsters"),
    ("Link Monster", (71,), r"are Link Monsters"),
    ("Tuner", (72,), r"are Tuners"),
    ("Pendulum Monster", (75,), r"are Pendulum Monsters"),
    ("Normal Summon", (77,), r"is called a \"Normal Summon\""),
    ("successful Normal Summon", (77,), r"this is called a"),
    ("Tribute Summon", (78,), r"is called a Tribute Summon"),
    ("Tributing", (79, 18), r"is called Tributing"),
    ("Set", (80,), r"is called a Set"),
    ("Special Summon", (81,), r"Placing a monster on the field by meeting the requirements"),
    ("successful Special Summon", (81,), r"successful Special"),
    ("proper procedure", (84,), r"proper procedure"),
    ("Fusion Materials", (88,), r"Fusion Summon during the resolution"),
    ("Synchro Materials", (91,), r"are Synchro Materials"),
    ("Xyz Materials", (95,), r"are Xyz Materials"),
    ("Link Materials", (101,), r"are called Link Materials"),
    ("Flip Summon", (103, 19), r"called a Flip Summon|Flip Summoned monster is treated"),
    ("flipped face-up", (103,), r"treated as being flipped face-up"),
    ("face-up Attack Position", (104,), r"are in face-up Attack Position"),
    ("face-up Defense Position", (104,), r"are in face-up Defense Position"),
    ("face-down Defense Position", (105,), r"are in face-down Defense Position"),
    ("Monster Token", (107,), r"are Monster Tokens"),
    ("Continuous Effect", (108,), r"keep applying as long as"),
    ("Ignition Effect", (109,), r"Effects that can be declared to activate during the Main Phase"),
    ("Trigger Effect", (110,), r"are Trigger Effects"),
    ("Quick Effect", (112,), r"Effects that can be activated when you have priority during the opponent"),
    ("Other Effects", (113,), r"Effects that do not belong to"),
    ("equipped monster", (118,), r"is called the equipped monster"),
    ("controller", (128,), r"The controller of a card is"),
    ("activating a card", (130,), r"This is called activat"),
    ("activating an effect", (130,), r"constitute activating an"),
    ("cost", (131,), r"Costs are acts"),
    ("optional effect", (134,), r"effects that ca"),
    ("mandatory effect", (134,), r"always activated regardless"),
    ("target", (136,), r"Targets are the cards"),
    ("choose", (137,), r"\"choose\" their scope"),
    ("Spell Speed", (138,), r"All effects that activate have a Spell Speed"),
    ("Spell Speed 1", (138,), r"Spell Speed 1 effects in most cases"),
    ("Spell Speed 2", (139,), r"Spell Speed 2 effects are effects"),
    ("Spell Speed 3", (139,), r"Only Counter Trap Cards are Spell Speed 3"),
    ("Chain Link", (139,), r"becomes chain link 1"),
    ("priority level", (140,), r"Priority Level 1"),
    ("drawing", (145,), r"is called drawing"),
    ("destroy", (147,), r"Cards that are destroyed are sent"),
    ("discard", (148,), r"Cards discarded from the hand are sent"),
    ("send to the Graveyard", (148,), r"Cards that are sent to the Graveyard are not treated"),
    ("banish", (149,), r"\"banish from play\" or simply \"banish\""),
    ("return to the Deck", (151,), r"If cards are returned to the Deck"),
    ("return to the hand", (152,), r"Effects that add or return cards to the hand"),
    ("negate the activation", (153,), r"If the activation of a card or effect is negated"),
    ("negate effects", (155,), r"simply negates effects"),
    ("battle damage", (192, 164), r"is called battle damage"),
    ("Summoned again (Gemini)", (166,), r"Normal Summoning a monster again as a Normal Summon\" means"),
    ("counters", (171,), r"Counters like Spell Counters are"),
    ("using a card", (174,), r"\"Using\" a card means"),
    ("text that is not an effect", (175,), r"not treated as an effect"),
    ("cutting the Deck", (180,), r"called \"cutting\""),
    ("priority to activate cards", (181, 32), r"the right to activate cards first|privilege is called"),
    ("priority to continue the turn", (181,), r"The right to pass to the next phase"),
    ("normal draw", (182,), r"This is called the normal draw"),
    ("replay", (186,), r"replay"),
    ("having attacked", (188,), r"\"having attacked\""),
    ("having battled", (192,), r"\"having battled\""),
)

# ----------------------------------------------------------------------------------- card-name candidates

# Separators between the items of a picture caption: arrows, "Pictured:" labels, sentence breaks, the
# caption's brackets and the quoted labels (quoted names are read separately).
PICTURED = re.compile(r"\b[Pp]ictured\s*:")  # a caption, also inside a remark: "(Pictured: Draconet)"
CAPTION_SEPARATOR = re.compile(r'\s*(?:<=>|<X?=X?>?|=X?>|\s\+\s|\[?[Pp]ictured\s*:|(?<=\w\w)\.(?=\s|$)'
                               r'|[\[\]()]|"[^"]*")\s*')


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
class _Line:
    no: int
    raw: str
    kind: str = "text"
    page: int | None = None
    page_hi: int | None = None
    render: str | None = None  # body text for this line (None = line has no body text)
    section: str | None = None  # id of the section the line belongs to
    folded: str = ""  # the line with quotes and dashes folded (kb.text.fold_quotes), for matching


@dataclass
class _TocEntry:
    line: int
    number: str | None  # "3" for "3. Cards: Page 54", "(7)" for "(7) Placing Monsters (in page 18)"
    title: str
    page: int
    translated: bool = True


@dataclass
class _Heading:
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
    parent: "_Heading | None" = None
    section: Section | None = None


def _strip_end(text: str) -> str:
    return text.rstrip(CLOSERS)


def _bracket_depth(text: str) -> int:
    return text.count("[") - text.count("]")


def _is_banner(text: str) -> bool:
    """A short exclamation line ("Attack with the summoned monsters!!"): lead text, never a heading."""
    core = _strip_end(text)
    return (bool(core) and core.endswith("!") and len(text) <= MAX_BANNER and "[Pictured" not in text
            and text[0] not in "\u2022-[(>|\\<=")


def _is_heading_shape(text: str) -> bool:
    """A short line shaped like a title: no bullet, no final stop/colon/exclamation, not a list."""
    if not text or len(text) > MAX_HEADING or "|" in text or "[Pictured" in text:
        return False
    text = text.replace(PLACEHOLDER, "X")  # "Gaining the Effects of […]", "[…] Counters"
    first = text[0]
    if first in "\u2022-(>|\\<={[":
        return False
    if not (first.isalpha() and not first.islower()) and first not in "\u201c\u201d\"~0123456789":
        return False
    core = _strip_end(text)
    if not core or core[-1] in ".,;:!\u2026" or core.endswith("=>"):
        return False
    if LABEL_LINE.match(text) or TYPED_CARD.search(text) or EXAMPLE.match(text):
        return False
    if text.count("/ ") >= 2:  # "Quick-Play Spells/ Normal Traps/ Continuous Traps/ ..."
        return False
    return any(ch.isalpha() for ch in text)


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", fold_quotes(text).lower())


def _tokens(text: str) -> set[str]:
    words = re.findall(r"[0-9a-z]+", fold_quotes(text).lower())
    out = set()
    for word in words:
        if word in MATCH_STOPWORDS or len(word) < 2:
            continue
        word = word[:-1] if word.endswith("s") and len(word) > 3 else word
        out.add(word[:5])
    return out


def _slug(title: str) -> str:
    words = slugify(title, max_words=8).split("-")
    while len(words) > 1 and words[-1] in SLUG_STOPWORDS:
        words.pop()
    return "-".join(words)


def _sentences(text: str) -> list[str]:
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


# --------------------------------------------------------------------------------------- the parser


class _Parser:
    def __init__(self, path: Path, source: Source):
        self.path = path
        self.result = ParseResult(source=source)
        raw_lines = read_source_text(path)
        if raw_lines and raw_lines[-1] == "":
            raw_lines = raw_lines[:-1]
        self.lines = [_Line(no, raw.strip(), folded=fold_quotes(raw.strip()))
                      for no, raw in enumerate(raw_lines, start=1)]
        self.markers = page_markers([line.raw for line in self.lines])
        if not self.markers:
            raise SourceFormatError(str(path), None,
                                    "no page markers ('Page N') found: not the Perfect Rulebook 2017 text")
        self.headings: list[_Heading] = []
        self.sections: list[Section] = []
        self.by_id: dict[str, Section] = {}
        self.toc: list[_TocEntry] = []

    def problem(self, line: int | None, kind: str, message: str) -> None:
        excerpt = self.lines[line - 1].raw if line and 0 < line <= len(self.lines) else ""
        self.result.problem(line, kind, message, excerpt)

    def line(self, number: int) -> _Line:
        return self.lines[number - 1]

    # ----------------------------------------------------------------------------- pass 1: lines

    def assign_pages(self) -> None:
        for marker in self.markers:
            if marker.anomaly:
                self.problem(marker.line, "page_anomaly", marker.anomaly)
        for marker, after in zip(self.markers, self.markers[1:] + [None]):
            end = after.line - 1 if after else len(self.lines)
            for number in range(marker.line, end + 1):
                self.line(number).page, self.line(number).page_hi = marker.page, marker.last
            if marker.last > marker.page and marker.printed.isdigit():
                missing = (f"page {marker.page + 1} has" if marker.last == marker.page + 1
                           else f"pages {marker.page + 1}-{marker.last} have")
                self.problem(marker.line, "page_gap",
                             f"{missing} no marker: the text under 'Page {marker.printed}' "
                             f"(lines {marker.line + 1}-{end}) is given pages {marker.page}-{marker.last}")

    def classify(self) -> None:
        lines = self.lines
        # tables first: a separator line with the pipe lines around it
        for line in lines:
            if TABLE_SEPARATOR.match(line.raw):
                self.rebuild_table(line.no)
        for line in lines:
            raw = line.raw
            if line.kind != "text":
                continue
            if not raw:
                line.kind = "blank"
            elif PAGE_MARKER.match(raw):
                line.kind = "page"
            elif CHAPTER.match(raw):
                line.kind = "chapter"
            elif raw.startswith("\u2022"):
                line.kind = "bullet"
            elif EXAMPLE.match(raw):
                line.kind = "example"
            elif TL_NOTE.match(raw):
                line.kind = "note"
            elif CAPTION.match(raw):
                line.kind = "caption"
            elif FLOW_LINE.match(raw):
                line.kind = "flow"
            elif raw.startswith("-"):
                line.kind = "dash"
            elif raw.startswith(">"):
                line.kind = "quote"
            elif MINI_TOC.match(raw):
                line.kind = "minitoc"
            elif PICK_UP.match(raw):
                line.kind = "pickup"
            elif SUBSECTION.match(raw):
                line.kind = "subsection"
            elif BRACKET_ITEM.match(raw):
                # "[1] Basics of the Battle Phase 1: You can attack once ...!" is a numbered statement
                line.kind = "text" if _is_banner(BRACKET_ITEM.match(raw).group(3)) else "bracket"
            elif PAREN_ITEM.match(raw):
                line.kind = "paren"
            elif TOC_ENTRY.match(raw):
                line.kind = "toc"
            elif raw.startswith("[") and not raw.startswith(PLACEHOLDER):
                line.kind = "remark"
            elif _is_heading_shape(raw):
                line.kind = "candidate"
            elif _is_banner(raw):
                line.kind = "banner"
            else:
                line.kind = "text"
        self.join_multiline_brackets()
        self.find_unlabelled_examples()

    def rebuild_table(self, separator: int) -> None:
        """Rebuild a malformed pipe table (header cells split over lines, shifted column header)."""
        header, rows = [], []
        number = separator - 1
        while number >= 1 and "|" in self.line(number).raw:
            header.insert(0, number)
            number -= 1
        number = separator + 1
        while number <= len(self.lines) and "|" in self.line(number).raw:
            rows.append(number)
            number += 1
        header_cells = [c.strip() for n in header for c in self.line(n).raw.split("|") if c.strip()]
        cells = []
        for n in rows:
            row = [c.strip() for c in self.line(n).raw.split("|")]
            while row and not row[-1]:
                row.pop()
            cells.append(row)
        width = max([len(r) for r in cells] + [len(header_cells)])
        repairs = []
        if (cells and len(header_cells) < width and not VERDICTS & set(cells[0])
                and all(set(r[1:]) <= VERDICTS for r in cells[1:])):
            columns = [" / ".join(header_cells)] + cells[0]
            cells = cells[1:]
            repairs.append(f"the first row (line {rows[0]}) is the column header shifted one cell left")
        else:
            columns = header_cells + [""] * (width - len(header_cells))
        short = [rows[i] for i, r in enumerate(cells, start=len(rows) - len(cells)) if len(r) < width]
        if short:
            repairs.append(f"rows at lines {', '.join(map(str, short))} padded to {width} cells")
        rendered = ["| " + " | ".join(columns) + " |", "|" + "---|" * width]
        rendered += ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in cells]
        block = header + [separator] + rows
        for n in block:
            self.line(n).kind = "table"
        self.line(block[0]).render = "\n".join(rendered)
        self.problem(separator, "repair",
                     f"malformed pipe table (lines {block[0]}-{block[-1]}) rebuilt with columns "
                     f"{columns}; header cells were split over lines {header[0]}-{header[-1]}"
                     + ("; " + "; ".join(repairs) if repairs else ""))

    def join_multiline_brackets(self) -> None:
        for line in self.lines:
            opened = line.raw.startswith("[") and _bracket_depth(line.raw) > 0
            if line.kind in ("caption", "remark") and opened:
                parts, number = [line.raw], line.no + 1
                while (number <= len(self.lines) and number - line.no <= 6
                       and _bracket_depth(" ".join(parts)) > 0):
                    follower = self.line(number)
                    if follower.kind in ("page", "bullet", "example", "chapter", "blank"):
                        break
                    parts.append(follower.raw)
                    number += 1
                if _bracket_depth(" ".join(parts)) <= 0 and len(parts) > 1:
                    for n in range(line.no + 1, number):
                        self.line(n).kind = "continuation"
                        self.line(n).render = None
                    line.render = clean_text(" ".join(parts))
                    self.problem(line.no, "repair",
                                 f"caption spread over lines {line.no}-{number - 1} joined into one line")
                else:
                    self.problem(line.no, "malformed", "bracket opened here is never closed")

    def find_unlabelled_examples(self) -> None:
        """A quoted-card sentence between a rule bullet and its picture caption is an unlabelled example."""
        for index, line in enumerate(self.lines):
            if line.kind != "text" or "\u201c" not in line.raw or not line.raw.endswith("."):
                continue
            before = self.neighbour(index, -1)
            after = self.neighbour(index, 1)
            if before and before.kind == "bullet" and after and after.kind == "caption":
                line.kind = "example"
                self.problem(line.no, "repair", "example without the 'Example:' label treated as an example")

    def neighbour(self, index: int, step: int) -> _Line | None:
        index += step
        while 0 <= index < len(self.lines):
            if self.lines[index].kind not in ("page", "blank"):
                return self.lines[index]
            index += step
        return None

    # ----------------------------------------------------------------------------- pass 2: headings

    def find_headings(self) -> None:
        chapter = 0
        part_keys: set[str] = set()
        open_ranks: list[int] = []  # ranks of the open headings, outermost first
        open_kinds: list[str] = []  # the line kind that opened each of them
        expected_paren = 1
        in_chapter_head = False  # between a chapter heading and its first sub-heading
        pending: list[int] = []  # lead lines / page markers waiting for the next heading
        consumed: set[int] = set()

        def add(heading: _Heading) -> None:
            heading.span_start = pending[0] if pending else heading.line
            heading.chapter = chapter
            while open_ranks and open_ranks[-1] >= heading.rank:
                open_ranks.pop()
                open_kinds.pop()
            open_ranks.append(heading.rank)
            open_kinds.append(self.line(heading.line).kind)
            self.headings.append(heading)
            pending.clear()

        def rank_of(line: _Line) -> int | None:
            """The rank the line would have as a heading, given the current state (no side effects)."""
            kind, raw = line.kind, line.raw
            if kind == "chapter":
                return 1
            if kind == "subsection" or kind == "pickup":
                return 3
            if kind == "bracket":
                if chapter >= 2:
                    return 2
                # "[N]" items are sections of a part without "(N)" sections, items inside a "(N)" section
                numbered = [k for r, k in zip(open_ranks, open_kinds) if r == 3]
                return 5 if numbered and numbered[-1] != "bracket" else 3
            if kind == "paren":
                match = PAREN_ITEM.match(raw)
                if (2 in open_ranks and int(match.group(1)) == expected_paren
                        and _strip_end(raw)[-1:] not in ".:"):
                    return 3
                return None
            if kind == "candidate":
                return 2 if _key(raw) in part_keys else 5
            if kind == "synthetic":
                return 5
            return None

        def next_heading_rank(index: int) -> int | None:
            number = index + 1
            while number <= len(self.lines):
                follower = self.line(number)
                if follower.kind == "page":
                    return None  # a line at the foot of a page does not lead the next page's heading
                if follower.kind == "blank":
                    number += 1
                    continue
                if self.missing_heading(follower):
                    return 5
                if follower.kind in ("banner", "candidate") and follower.kind == "banner":
                    number += 1  # several banner lines can lead one heading
                    continue
                return rank_of(follower)
            return None

        for line in self.lines:
            if line.no in consumed:
                continue
            kind, raw = line.kind, line.raw
            missing = self.missing_heading(line)
            if missing:
                add(_Heading(line.no, 5, missing, synthetic=True))
                self.problem(line.no, "repair",
                             f"heading '{missing}' is missing in the book; inserted before this line")
                in_chapter_head = False
                # the line itself is body text of the inserted section
                continue
            if kind in ("page", "blank"):
                pending.append(line.no)
                continue
            if kind == "chapter":
                match = CHAPTER.match(raw)
                title, extra = match.group(2), ()
                if not title:
                    for number in range(line.no + 1, min(line.no + 3, len(self.lines)) + 1):
                        if self.line(number).kind == "candidate":
                            title, extra = self.line(number).raw, (number,)
                            consumed.add(number)
                            self.problem(number, "repair",
                                         f"'Chapter {match.group(1)}' has no title; taken from line {number}")
                            break
                chapter = int(match.group(1))
                add(_Heading(line.no, 1, clean_text(title or f"Chapter {chapter}"), kind="chapter",
                             number=match.group(1), locator=f"chapter-{chapter}", extra_lines=extra))
                part_keys, expected_paren, in_chapter_head = set(), 1, True
                continue
            if kind == "toc" and in_chapter_head:
                match = TOC_ENTRY.match(raw)
                translated = not UNTRANSLATED.search(match.group(4) or "")
                self.toc.append(_TocEntry(line.no, match.group(1), match.group(2), int(match.group(3)),
                                          translated))
                part_keys.add(_key(match.group(2)))
                if not raw.split(": ", 1)[1].startswith("Page"):
                    self.problem(line.no, "repair", "table-of-contents entry without the word 'Page'")
                pending.clear()
                continue
            if kind == "minitoc":
                match = MINI_TOC.match(raw)
                page = int(match.group(3)) if match.group(3) else line.page
                self.toc.append(_TocEntry(line.no, f"({match.group(1)})", match.group(2), page))
                pending.clear()
                continue
            rank = rank_of(line)
            if kind == "candidate" and rank == 5:
                following = next_heading_rank(line.no)
                if following is not None and following <= 3:
                    line.kind = "lead"
                    pending.append(line.no)
                    continue
            if kind == "banner":
                if next_heading_rank(line.no) is not None:
                    line.kind = "lead"
                    pending.append(line.no)
                else:
                    pending.clear()
                continue
            if rank is None:
                if kind in ("paren", "toc"):
                    line.kind = "text"
                pending.clear()
                continue
            in_chapter_head = False
            if kind == "subsection":
                match = SUBSECTION.match(raw)
                number = f"{match.group(1)}.{match.group(2)}"
                add(_Heading(line.no, 3, clean_text(match.group(3)), number=number, locator=number))
            elif kind == "pickup":
                number = PICK_UP.match(raw).group(1)
                title, extra = raw, ()
                follower = self.line(line.no + 1) if line.no < len(self.lines) else None
                if follower and follower.kind == "candidate":
                    title, extra = f"{raw}: {follower.raw}", (follower.no,)
                    consumed.add(follower.no)
                add(_Heading(line.no, 3, clean_text(title), locator=f"pick-up-rule-{number}",
                             extra_lines=extra))
            elif kind == "bracket":
                match = BRACKET_ITEM.match(raw)
                if not match.group(2):
                    self.problem(line.no, "repair", f"no space after '[{match.group(1)}]'")
                if chapter >= 2:
                    add(_Heading(line.no, 2, clean_text(match.group(3)), number=match.group(1),
                                 locator=match.group(1)))
                else:
                    add(_Heading(line.no, rank, clean_text(match.group(3)), number=f"[{match.group(1)}]"))
            elif kind == "paren":
                match = PAREN_ITEM.match(raw)
                add(_Heading(line.no, 3, clean_text(match.group(2)), number=f"({match.group(1)})"))
                expected_paren += 1
            elif kind == "candidate":
                if rank == 2:
                    expected_paren = 1
                add(_Heading(line.no, rank, clean_text(raw)))
        for heading in self.headings:
            for number in heading.extra_lines:
                self.line(number).kind = "title"
            if not heading.synthetic:
                self.line(heading.line).kind = "heading"
        self.check_numbering()

    def missing_heading(self, line: _Line) -> str | None:
        text = line.raw.lstrip("\u2022").strip()
        for start, title in MISSING_HEADINGS.items():
            if text.startswith(start):
                return title
        return None

    def check_numbering(self) -> None:
        """Report gaps in the printed numbering (no 6.1; '[1]' without '[2]')."""
        seen: dict[str, list[int]] = {}
        for heading in self.headings:
            if heading.number and re.fullmatch(r"\d\.\d", heading.number):
                seen.setdefault(heading.number.split(".")[0], []).append(int(heading.number.split(".")[1]))
        for major, minors in seen.items():
            expected = list(range(1, max(minors) + 1))
            for minor in sorted(set(expected) - set(minors)):
                section = next(h for h in self.headings if h.number == major and h.chapter >= 2)
                first = next((h for h in self.headings if h.span_start > section.line and h.rank == 5), None)
                where = f"; '{first.title}' (line {first.line}) stands where it would be" if first else ""
                self.problem(section.line, "numbering", f"section {major}.{minor} is not printed{where}")

    # ----------------------------------------------------------------------------- pass 3: sections

    def build_sections(self) -> None:
        source = self.result.source.id
        first_start = self.headings[0].span_start if self.headings else len(self.lines) + 1
        fronts = []
        first_marker = self.markers[0].line
        if first_marker > 1 and first_marker < first_start:
            fronts.append((1, first_marker - 1, "Translator's preamble", "preamble", None))
            marker = self.markers[0]
            label = f"Pages {marker.printed}" if "-" in marker.printed else f"Page {marker.printed}"
            fronts.append((first_marker, first_start - 1, f"{label} (covers, introduction)", _slug(label),
                           marker))
        elif first_start > 1:
            fronts.append((1, first_start - 1, "Front matter", "front", None))
        stack: list[_Heading] = []
        for heading in self.headings:
            while stack and stack[-1].rank >= heading.rank:
                stack.pop()
            heading.parent = stack[-1] if stack else None
            heading.level = len(stack) + 1
            stack.append(heading)
        # locators: Chapter 2 first (the detailed rules get the plain slugs), then Chapter 1
        taken: set[str] = {front[3] for front in fronts}
        for heading in sorted(self.headings, key=lambda h: (-h.chapter, h.line)):
            if heading.locator:
                taken.add(heading.locator)
        for heading in sorted(self.headings, key=lambda h: (-h.chapter, h.line)):
            if heading.locator:
                continue
            base = self.heading_slug(heading)
            page = self.line(heading.line).page
            candidate, counter = base, 1
            if candidate in taken:
                candidate = f"{base}-p{page}"
            while candidate in taken:
                counter += 1
                candidate = f"{base}-p{page}-{counter}"
            if candidate != base:
                self.problem(heading.line, "duplicate",
                             f"heading slug '{base}' is already used; this section is '{source}:{candidate}'")
            heading.locator = candidate
            taken.add(candidate)
        for start, end, title, locator, marker in fronts:
            section = Section(id=f"{source}:{locator}", source_id=source, locator=locator, title=title,
                              level=1, kind="front", line=start, line_end=end,
                              page_start=marker.page if marker else None,
                              page_end=marker.last if marker else None)
            self.register(section, start, end)
        spans = [h.span_start for h in self.headings] + [len(self.lines) + 1]
        for index, heading in enumerate(self.headings):
            own_end = spans[index + 1] - 1
            tree_end = own_end
            for offset, later in enumerate(self.headings[index + 1:], start=index + 1):
                if later.level <= heading.level:
                    break
                tree_end = spans[offset + 1] - 1
            section = Section(id=f"{source}:{heading.locator}", source_id=source, number=heading.number,
                              locator=heading.locator, title=heading.title, level=heading.level,
                              parent_id=heading.parent.section.id if heading.parent else None,
                              kind=heading.kind, line=heading.line, line_end=tree_end,
                              page_start=self.line(heading.line).page)
            heading.section = section
            self.register(section, heading.span_start, own_end)
            if heading.line == tree_end == len(self.lines):
                self.problem(heading.line, "empty_section",
                             f"heading '{heading.title}' ends the file with no text")

    def heading_slug(self, heading: _Heading) -> str:
        """Slug of a heading; a Japanese heading takes its slug from the gloss quoted on the next line."""
        if len(re.findall(r"[A-Za-z]", heading.title)) >= 3:
            return _slug(heading.title)
        follower = self.line(heading.line + 1) if heading.line < len(self.lines) else None
        gloss = re.search(r"\u201c([^\u201d]+)\u201d", follower.raw) if follower else None
        if gloss and len(re.findall(r"[A-Za-z]", gloss.group(1))) >= 3:
            return "jp-" + _slug(gloss.group(1))
        return _slug(heading.title)

    def register(self, section: Section, start: int, end: int) -> None:
        if section.id in self.by_id:
            raise AssertionError(f"duplicate section id {section.id}")  # guarded by the slug loop
        self.sections.append(section)
        self.by_id[section.id] = section
        for number in range(start, end + 1):
            self.line(number).section = section.id

    def build_examples(self) -> None:
        source = self.result.source.id
        counters: dict[str, int] = {}
        for line in self.lines:
            if line.kind != "example":
                continue
            parent = self.by_id[line.section]
            block = [line.no]
            number = line.no + 1
            captioned = False
            while number <= len(self.lines):
                follower = self.line(number)
                if follower.kind == "note" and (captioned or re.search(r"\bfollowing\b", follower.raw)):
                    break  # a note after the example's picture introduces the next rule
                if follower.kind in ("caption", "note", "continuation", "blank"):
                    captioned = captioned or follower.kind == "caption"
                    block.append(number)
                elif follower.kind == "page":
                    after = self.neighbour(number - 1, 1)
                    if not (after and after.kind in ("caption", "note")) or after.section != parent.id:
                        break
                    block.append(number)
                else:
                    break
                number += 1
            while block and self.line(block[-1]).kind in ("page", "blank"):
                block.pop()
            rule = self.illustrated_rule(line.no, parent.id)
            counters[parent.id] = counters.get(parent.id, 0) + 1
            locator = f"{parent.locator}-ex{counters[parent.id]}"
            label = EXAMPLE.sub("", line.raw)
            gist = clean_text(label)
            if len(gist) > 70:
                gist = gist[:70].rsplit(" ", 1)[0] + "\u2026"
            section = Section(id=f"{source}:{locator}", source_id=source, locator=locator,
                              title=f"Example: {gist}", level=parent.level + 1, parent_id=parent.id,
                              kind="example", line=line.no, line_end=block[-1], page_start=line.page)
            if rule is None:
                self.problem(line.no, "unattached_example",
                             "no rule line precedes this example in its section")
            self.example_rules[section.id] = rule
            self.register(section, line.no, block[-1])

    def illustrated_rule(self, number: int, section_id: str) -> int | None:
        """The nearest rule line (bullet, list item or paragraph) before an example, in its section."""
        number -= 1
        while number >= 1:
            line = self.line(number)
            owner = self.by_id.get(line.section or "")
            if owner is None or (owner.id != section_id and owner.parent_id != section_id):
                return None
            if line.kind in ("bullet", "dash", "text", "quote") and owner.id == section_id:
                return number
            number -= 1
        return None

    # ----------------------------------------------------------------------------- pass 4: text, pages

    def render_line(self, line: _Line) -> str | None:
        raw, kind = line.raw, line.kind
        if kind in ("page", "blank", "heading", "title", "continuation"):
            return None
        if line.render is not None or kind == "table":
            return line.render
        if kind == "bullet":
            return "\u2022 " + clean_text(raw[1:])
        if kind == "dash":
            return "- " + clean_text(raw[1:])
        if kind == "note":
            return self.render_note(line)
        if kind == "caption":
            if not raw.startswith("["):
                self.problem(line.no, "repair", "picture caption without its opening '[' repaired")
                return clean_text("[" + raw)
            if _bracket_depth(raw) < 0:
                self.problem(line.no, "malformed", "caption has more ']' than '['")
            return clean_text(raw)
        if kind == "flow":  # "||" over "\/" draws one arrow; "|| text" is an arrow with a label
            if raw == "||":
                return None
            return "\u2193" + (" " + clean_text(raw[2:]) if raw.startswith("||") else "")
        return clean_text(raw)

    def render_note(self, line: _Line) -> str:
        raw = line.raw
        match = TL_NOTE.match(raw)
        body = raw[match.end():]
        repaired = raw.startswith("(") or raw.endswith("]]")
        while body.endswith("]]") or body.endswith(")"):
            body = body[:-1]
        body = body[:-1] if body.endswith("]") else body
        if repaired:
            self.problem(line.no, "repair",
                         "malformed translator-note brackets normalised to '[TL note: ...]'")
        if _bracket_depth(body) < 0:
            self.problem(line.no, "malformed", "translator note has an extra ']' inside it")
        return f"[TL note: {clean_text(body)}]"

    def build_text(self) -> None:
        bodies: dict[str, list[str]] = {s.id: [] for s in self.sections}
        started: dict[str, bool] = {}
        for line in self.lines:
            if not line.section:
                continue
            section = self.by_id[line.section]
            if line.kind == "page":
                if started.get(section.id) and line.page is not None:
                    marker = next(m for m in self.markers if m.line == line.no)
                    label = f"[p. {marker.page}]"
                    if str(marker.page) != marker.printed:
                        label = f"[p. {marker.page} (printed 'Page {marker.printed}')]"
                    bodies[section.id].append(label)
                continue
            text = self.render_line(line)
            if text:
                bodies[section.id].append(text)
                started[section.id] = True
        for section in self.sections:
            lines = bodies[section.id]
            while lines and lines[-1].startswith("[p. "):
                lines.pop()
            if section.kind == "example":
                rule = self.example_rules.get(section.id)
                if rule is not None:
                    lines.insert(0, "Rule: " + (self.render_line(self.line(rule)) or "").lstrip("\u2022 -"))
            section.text = "\n".join(lines)

    def build_pages(self) -> None:
        for section in self.sections:
            if section.page_start is None and section.kind != "front":
                first = next((self.line(n).page for n in range(section.line, (section.line_end or 0) + 1)
                              if self.line(n).page is not None), None)
                section.page_start = first
            if section.kind == "front":
                continue
            his = [self.line(n).page_hi for n in range(section.line, section.line_end + 1)
                   if self.line(n).kind not in ("page", "blank") and self.line(n).page_hi is not None]
            section.page_end = max(his + ([section.page_start] if section.page_start else []), default=None)

    # ----------------------------------------------------------------------------- pass 5: references

    def build_references(self) -> None:
        source = self.result.source.id
        toc_lines = {entry.line: entry for entry in self.toc}
        for line in self.lines:
            if not line.section or line.kind in ("page", "blank"):
                continue
            folded = line.folded
            found: list[tuple[str, int, str]] = []  # (raw, page, context)
            if line.no in toc_lines and line.kind == "toc":
                entry = toc_lines[line.no]
                found.append((line.raw, entry.page, entry.title))
            else:
                for match in PAGE_REFERENCE.finditer(line.raw):
                    found.append((match.group(0), int(match.group(1)), line.raw))
                for match in THIS_PAGE.finditer(line.raw):
                    found.append((match.group(0), line.page, line.raw))
                for match in RELATIVE_PAGE.finditer(line.raw):
                    found.append((match.group(0), (line.page_hi or line.page) + 1, line.raw))
                for match in PAGE_RANGE.finditer(line.raw):
                    found.append((match.group(0), int(match.group(1)), line.raw))
            for raw, page, context in found:
                ref = Reference(section_id=line.section, raw=raw, kind="page", target_source=source,
                                target_locator=f"page:{page}", line=line.no)
                for pattern, printed, corrected, why in STALE_REFERENCES:
                    if page == printed and re.search(pattern, folded):
                        ref.target_locator = f"page:{corrected}"
                        self.problem(line.no, "stale_reference", f"'{raw}' points at page {printed}; "
                                                                 f"corrected to page {corrected}: {why}")
                if line.no in toc_lines:
                    self.check_toc_entry(ref, toc_lines[line.no])
                self.resolve(ref, context)
                self.result.references.append(ref)

    def check_toc_entry(self, ref: Reference, entry: _TocEntry) -> None:
        """Compare a table-of-contents entry with the heading it lists (same number, else same title)."""
        if not entry.translated:
            ref.unresolved_reason = f"page {entry.page} ('{entry.title}') was not translated in this edition"
            self.problem(entry.line, "unresolved", ref.unresolved_reason)
            return
        scope = self.by_id[self.line(entry.line).section]
        pool = [s for s in self.sections if s.kind == "section" and scope.line < s.line <= scope.line_end]
        numbered = [s for s in pool if entry.number and s.number == entry.number]
        scored = [(fuzz.token_sort_ratio(_key_words(entry.title), _key_words(s.title)), s)
                  for s in (numbered or pool)]
        score, best = max(scored, key=lambda pair: (pair[0], -pair[1].level, -pair[1].order),
                          default=(0, None))
        if best is None or (not numbered and score < 80):
            self.problem(entry.line, "toc_mismatch",
                         f"table-of-contents entry '{entry.title}' matches no heading")
            return
        if score < 100:
            self.problem(entry.line, "toc_mismatch", f"table-of-contents entry '{entry.title}' is printed as "
                                                     f"'{best.title}' (line {best.line})")
        if best.page_start != entry.page:
            ref.target_locator = f"page:{best.page_start}"
            self.problem(entry.line, "stale_reference", f"table of contents puts '{entry.title}' on page "
                                                        f"{entry.page}; it starts on page {best.page_start}")

    def resolve(self, ref: Reference, context: str) -> None:
        """Resolve a page reference to the section on that page whose title best matches its context."""
        if ref.unresolved_reason:
            return
        page = int(ref.target_locator.split(":")[1])
        pool = [s for s in self.sections if s.kind not in ("example", "front") and s.page_start is not None]
        starting = [s for s in pool if s.page_start == page]
        covering = [s for s in pool if s.page_start <= page <= (s.page_end or s.page_start)]
        candidates = starting or covering
        if not candidates:
            ref.unresolved_reason = f"page {page} is not in the translated text (pages 7-196)"
            self.problem(ref.line, "unresolved", f"'{ref.raw}': {ref.unresolved_reason}")
            return
        referring = self.by_id[ref.section_id]
        wanted = _tokens(context) | _tokens(referring.title)
        scored = [(len(wanted & _tokens(s.title)), s) for s in candidates if s.id != ref.section_id]
        best_score = max((score for score, _ in scored), default=0)
        if best_score > 0:
            target = min((s for score, s in scored if score == best_score), key=lambda s: (s.level, s.order))
        else:
            target = section_for_page(pool, page)
        ref.target_id = target.id

    # ----------------------------------------------------------------------------- pass 6: terms

    def build_terms(self) -> None:
        source = self.result.source.id
        seen: set[str] = set()
        for term, pages, pattern in TERMS:
            found = self.find_definition(pages, pattern or re.escape(term))
            slug = _slug(term) if _slug(term) != "untitled" else _key(term)
            term_id = f"{source}:term:{slug}"
            if term_id in seen:
                term_id = f"{term_id}-{pages[0]}"
            seen.add(term_id)
            if found is None:
                self.problem(None, "term_not_found",
                             f"no defining sentence for '{term}' on page(s) {', '.join(map(str, pages))}")
                continue
            number, sentence = found
            self.result.terms.append(Term(id=term_id, source_id=source, term=term, definition=sentence,
                                          section_id=self.line(number).section, official=True, line=number))

    def find_definition(self, pages: tuple[int, ...], pattern: str) -> tuple[int, str] | None:
        regex = re.compile(pattern, re.IGNORECASE)
        cue = re.compile(r"\b(?:is|are) called\b|\bmeans?\b|\bis\b|\bare\b", re.IGNORECASE)
        for page in pages:
            best = None
            for line in self.lines:
                if line.kind not in DEFINING_KINDS or line.page is None:
                    continue
                if not line.page <= page <= (line.page_hi or line.page) or not regex.search(line.folded):
                    continue
                sentences = _sentences(line.raw.lstrip("\u2022-").strip())
                for index, sentence in enumerate(sentences):
                    folded = fold_quotes(sentence)
                    if not regex.search(folded):
                        continue
                    rank = 0 if NAMING_CUE.search(folded) else 1 if cue.search(folded) else 2
                    if best is None or rank < best[0]:
                        best = (rank, line.no, self.definition_text(line, sentences, index))
                    if rank == 0:
                        break
                if best and best[0] == 0:
                    break
            if best:
                return best[1], best[2]
        return None

    def definition_text(self, line: _Line, sentences: list[str], index: int) -> str:
        """The defining sentence, with the sentences it refers back to ("This is called ...") and the list
        it introduces ("... means the following actions:")."""
        start = index
        while start > 0 and index - start < 2 and BACK_REFERENCE.match(sentences[start]):
            start -= 1
        text = " ".join(sentences[start:index + 1])
        if text.endswith(":"):
            items, number = [], line.no + 1
            while number <= len(self.lines) and self.line(number).kind in ("dash", "page"):
                if self.line(number).kind == "dash":
                    items.append(self.line(number).raw[1:].strip())
                number += 1
            text = f"{text} {'; '.join(items)}" if items else text
        return clean_text(text)

    # ----------------------------------------------------------------------------- pass 7: card names

    def build_mentions(self) -> None:
        """Record what the book marks as a card name: quoted names (curly, straight, single), the
        comma-separated items of picture captions, dash-list items and typed list lines
        (``Dark Magic Inheritance (Quick-Play Spell)``).  The linker resolves them and also scans the
        unquoted prose."""
        for line in self.lines:
            if not line.section or line.kind in ("page", "blank"):
                continue
            for name, kind in quoted_mentions(line.raw):
                self.mention(line, name, kind)
            pictured = PICTURED.search(line.folded)
            if line.kind in ("caption", "continuation") or pictured:
                for item in caption_items(line.folded[pictured.start() if pictured else 0:]):
                    self.mention(line, item, kind="list")
            typed = TYPED_CARD.search(line.folded)
            if typed or line.kind == "dash":
                item = line.folded[:typed.start()] if typed else line.folded
                item = item.strip().lstrip("-").strip()
                if looks_like_card_name(item):
                    self.mention(line, item)

    def mention(self, line: _Line, raw: str, kind: str = "name") -> None:
        self.result.mentions.append(CardMention(section_id=line.section, raw=raw, kind=kind, line=line.no))

    # ----------------------------------------------------------------------------- pass 8: checks

    def check_content(self) -> None:
        seen: dict[str, int] = {}
        for line in self.lines:
            if line.kind != "bullet" or len(line.raw) < DUPLICATE_MIN_LENGTH:
                continue
            key = _key(line.raw)
            if key in seen:
                self.problem(line.no, "duplicate", f"bullet repeats line {seen[key]} word for word")
            else:
                seen[key] = line.no
        for line in self.lines:
            folded = line.folded
            for pattern, message in KNOWN_INCONSISTENCIES:
                if re.search(pattern, folded):
                    self.problem(line.no, "inconsistency", message)
            match = COPIED_CLASS.search(folded)
            if match and match.group(1) != match.group(2):
                kind, copied = match.group(1), match.group(2)
                self.problem(line.no, "inconsistency",
                             f"rule about {kind} Monsters speaks of 'a {copied} Monster Card that is "
                             f"banished' (copied from the {copied} rule)")
        if not any(h.kind == "chapter" for h in self.headings):
            self.problem(None, "unparsed", "no 'Chapter N' heading found")
        last_page = max((m.last for m in self.markers), default=0)
        expected = max([e.page for e in self.toc if e.translated]
                       + [e.page - 1 for e in self.toc if not e.translated], default=0)
        if last_page < expected:
            last_line = len(self.lines)
            self.problem(last_line, "truncated",
                         f"text ends on page {last_page} (line {last_line}); its tables of contents "
                         f"reach page {expected}")

    # ----------------------------------------------------------------------------- driver

    def run(self) -> ParseResult:
        self.example_rules: dict[str, int | None] = {}
        self.assign_pages()
        self.classify()
        self.find_headings()
        self.build_sections()
        self.build_examples()
        self.sections.sort(key=lambda s: (s.line, s.level))
        for order, section in enumerate(self.sections):
            section.order = order
        self.build_text()
        self.build_pages()
        self.build_references()
        self.build_terms()
        self.build_mentions()
        self.check_content()
        self.result.sections = self.sections
        return self.result


def _key_words(text: str) -> str:
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


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the Perfect Rulebook 2017 text at ``path`` into sections, references, terms, mentions.

    Raises :class:`kb.errors.SourceFormatError` naming the file when it is empty, binary, not UTF-8 or has
    no page markers at all; every other irregularity becomes a :class:`kb.models.ParseProblem`.
    """
    return _Parser(Path(path), source).run()
