"""Line patterns and limits of the Perfect Rulebook 2017 text (see :mod:`importers.prb2017`)."""

from __future__ import annotations

import re




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

# ----------------------------------------------------------------------------------- card-name candidates

# Separators between the items of a picture caption: arrows, "Pictured:" labels, sentence breaks, the
# caption's brackets and the quoted labels (quoted names are read separately).
PICTURED = re.compile(r"\b[Pp]ictured\s*:")  # a caption, also inside a remark: "(Pictured: Draconet)"
CAPTION_SEPARATOR = re.compile(r'\s*(?:<=>|<X?=X?>?|=X?>|\s\+\s|\[?[Pp]ictured\s*:|(?<=\w\w)\.(?=\s|$)'
                               r'|[\[\]()]|"[^"]*")\s*')


