"""The curated facts of the TCG rulebook v10: its headings (listed in ``headings.toml``), chapters, glossary terms,
stale page references and garbled text."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

SOURCE_ID = "tcg-v10"

SEPARATOR = "---"
TOC_ENTRY = re.compile(r"l ([^.]+?) \.{5,} (\d+)")
RUNNING_HEADS = ("Getting Started", "Game Cards", "How To Play", "Battles and Chains", "Other Rules")
_HEADS = "|".join(re.escape(h) for h in RUNNING_HEADS)
RUNNING_HEAD_START = re.compile(rf"^(?:(?:{_HEADS})(?=[A-Za-z]|\s|$)\s*)+")
RUNNING_HEAD_END = re.compile(rf"(?:\s+(?:{_HEADS}))+$|^(?:{_HEADS})$")


@dataclass(frozen=True)
class Heading:
    """One heading of the book: where to find it and where it sits in the tree.

    ``find`` is a regular expression (multi-line mode) searched inside the spread holding ``page``;
    its match is the heading as printed (a printed repeat right after it is absorbed).  ``page`` is a
    printed page, or a ``(first, last)`` pair when the heading cannot be placed on one side of the spread;
    ``None`` for table-of-contents entries (their page comes from the book's contents) and front matter.
    """

    slug: str
    title: str
    find: str
    page: int | tuple[int, int] | None
    parent: str | None
    kind: str = "section"


def _headings(path: Path) -> tuple[Heading, ...]:
    """The headings listed in ``path`` (``headings.toml``): page ``[first, last]`` becomes a pair, a page or
    parent left out is ``None``; an entry with another field names itself in a ValueError."""
    out = []
    for n, row in enumerate(tomllib.loads(path.read_text(encoding="utf-8"))["headings"]):
        if not {"slug", "title", "find"} <= set(row) <= {"slug", "title", "find", "page", "parent", "kind"}:
            raise ValueError(f"{path.name} headings[{n}]: needs slug, title, find (and page, parent, kind), not "
                             f"{sorted(row)}")
        page = tuple(row["page"]) if isinstance(row.get("page"), list) else row.get("page")
        out.append(Heading(row["slug"], row["title"], row["find"], page, row.get("parent"), row.get("kind", "section")))
    return tuple(out)


# Chapters: number -> (title, heading pattern, TOC entries they hold)
CHAPTERS: dict[int, tuple[str, str, tuple[str, ...]]] = {
    1: ("Getting Started", r"^Getting Started Getting Started\n1$", ("Things you need to Duel", "The Game Mat")),
    2: ("Game Cards", r"^Game Cards(?= 3 Attribute)", (
        "Monster Cards", "Effect Monsters", "Link Monsters", "Pendulum Monsters", "Xyz Monsters",
        "Synchro Monsters", "Fusion Monsters", "Ritual Monsters", "Summoning Monster Cards",
        "Spell & Trap Cards")),
    3: ("How to Play", r"^3 How to Play", ("Let the Duel Begin!", "Preparing to Duel", "Turn Structure")),
    4: ("Battles and Chains", r"4 Battles and Chains$", ("Monster Battle Rules", "Chains and Spell Speed")),
    5: ("Other Rules", r"5 Other Rules$", ("Other Rules", "Glossary")),
}

# TOC entry title (as printed in the contents) -> heading pattern in the body
TOC_HEADINGS: dict[str, str] = {
    "About the Game": r"^ABOUT THE GAME$",
    "Things you need to Duel": r"^Things you need to Duel$",
    "The Game Mat": r"^THE GAME MAT$",
    "Monster Cards": r"^Monster Cards$",
    "Effect Monsters": r"<<< Effect Monsters$",
    "Link Monsters": r"^LINK MONSTERS$",
    "Pendulum Monsters": r"^PENDULUM MONSTER CARDS$",
    "Xyz Monsters": r"^XYZ MONSTERS$",
    "Synchro Monsters": r"^SYNCHRO MONSTERS$",
    "Fusion Monsters": r"^FUSION MONSTERS$",
    "Ritual Monsters": r"RITUAL MONSTERS$",
    "Summoning Monster Cards": r"^Summoning Monster Cards$",
    "Spell & Trap Cards": r"^Spell & Trap Cards$",
    "Let the Duel Begin!": r"^Let the Duel Begin!$",
    "Preparing to Duel": r"Preparing to Duel$",
    "Turn Structure": r"^Turn Structure$",
    "Monster Battle Rules": r"Monster Battle Rules$",
    "Chains and Spell Speed": r"^Chains and Spell Speed$",
    "Other Rules": r"5 Other Rules$",
    "Glossary": r"^Glossary$",
}

# Front matter and the finer headings, in book order; parents are slugs of chapters/TOC entries/headings
# (the data: headings.toml).
HEADINGS: tuple[Heading, ...] = _headings(Path(__file__).with_name("headings.toml"))

# The glossary's 23 entries (printed form) in the order of the book's alphabet.
GLOSSARY_TERMS: tuple[str, ...] = (
    "Attack Directly", "Banished Cards (Previously Remove from Play)", "Battle / Battled", "Battle Damage",
    "Cards on the Field", "Colon (:) and Semi-colon (;)", "Control / Possess", "Destroy", "Discard",
    "Effects of Cards", "Equip Cards", "Equipped Monster", "Excavate", "Original ATK (or DEF)", "Pay a Cost",
    "Piercing Battle Damage", "Random", "Reveal", "Search your Deck", "Send to the Graveyard", "Set",
    "Shuffle", "Tribute",
)


@dataclass(frozen=True)
class StaleReference:
    """A page reference the book never updated: the printed page and where the topic really is."""

    pattern: str  # regular expression over the text (lines joined by newlines)
    printed: int
    page: int
    target: str  # slug of the section that holds the topic
    topic: str


STALE_PAGE_REFERENCES: tuple[StaleReference, ...] = (
    StaleReference(r"\(See page 45 for details\.\)", 45, 49, "forbidden-limited-cards", "Forbidden & Limited Cards"),
    StaleReference(r"\(See page\n[^\n]*?45 for details\.\)", 45, 49, "monster-tokens", "Monster Tokens"),
    StaleReference(r"page 23 for details on Pendulum", 23, 16, "pendulum-monsters", "Pendulum Monster Cards"),
    StaleReference(r"Turn Structure, page 30", 30, 34, "turn-structure", "Turn Structure"),
    StaleReference(r"Spell Speed, page 41", 41, 44, "chains-and-spell-speed", "Spell Speed"),
    StaleReference(r"see page 41 for an", 41, 44, "spell-speeds", "each card type's Spell Speed"),
    StaleReference(r"“Monster Battle Rules”, page 37", 37, 41, "monster-battle-rules", "Monster Battle Rules"),
    StaleReference(r"see page 46", 46, 50, "when-multiple-cards-are-activated-simultaneously",
                   "simultaneous activation"),
)
PAGE_MENTION = re.compile(r"\bpages?\s+(\d{1,3})\b")

# Word salad from rotated or curved text (kept, reported).
GARBLED_TEXT: tuple[str, ...] = (
    r"be Synchro by Summoned 1from the",
    r"Fusion a onthe the using Materials\)cardmonstersspecific",
    r"Materials you - These are the Linkto Summon this Summon your monster\.",
    r"it is calledYou can do one of these once per turnThere are several ways",
    r"from yourYou can do as many of these during a turn as you want",
    r"If no battles are conductedSome cards",
)
