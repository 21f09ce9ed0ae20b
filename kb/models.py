"""Every table of the knowledge base, and the plain shapes the API returns.

All tables live here (see the SQLModel docs on code structure) so that importers, the graph, search,
engine and web layers share one definition of each record.  Ids are stable, human-readable strings where
the record comes from a document (``community:1.2.1.4``) and integers where a dataset supplies them
(a card's Konami id).
"""

from __future__ import annotations

from typing import Optional

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

__all__ = [
    "Source",
    "Section",
    "Reference",
    "RulingCitation",
    "Term",
    "CardMention",
    "ParseProblem",
    "Card",
    "CardPassword",
    "Alias",
    "Ruling",
    "RulingCard",
    "RulingSection",
    "CitationCard",
    "Conflict",
    "ConflictSide",
    "TopicLink",
    "EffectProfile",
    "BuildInfo",
    "SECTION_KINDS",
    "REFERENCE_KINDS",
]

SECTION_KINDS = (
    "front",  # preamble / front matter
    "chapter",
    "section",
    "rule",
    "subrule",
    "glossary",  # a glossary entry
    "faq",
    "example",
    "note",
    "page",  # a page-level chunk where a book cannot be split further
)

REFERENCE_KINDS = (
    "page",  # "Explained in detail in page 130", "(See page 45)"
    "section",  # "(See 01.5 ...)", "see rule 201.4"
    "footnote",  # "[1]" marker pointing at an entry of the section's References block
    "rulebook",  # "OCG Perfect Rulebook 2017 page 44", "Official rulebook page 32"
    "ygorg",  # "YGOrg Database of Official OCG Rulings: <title>"
    "ruling",  # a legacy card ruling ("\"Goblin King\" ruling, archived from the original")
    "article",  # Konami articles, PSCT articles, inserts, Yugipedia, unofficial resources
    "url",
    "other",
)


# --------------------------------------------------------------------------------------- rulebooks


class Source(SQLModel, table=True):
    """One bundled rulebook (or dataset) the knowledge base was built from."""

    id: str = Field(primary_key=True)  # prb2017, community, tcg-v10, cr-draft, md
    title: str
    edition: str = ""
    region: str = ""  # OCG, TCG, Master Duel, community
    date: str = ""
    origin: str = ""  # where the text came from (URL or provenance line)
    file: str = ""  # path of the bundled text, relative to the repo
    sha256: str = ""
    order: int = 0


class Section(SQLModel, table=True):
    """A section of a rulebook: chapter, rule, glossary entry, FAQ, example ...

    ``id`` is ``<source>:<locator>``; the locator is the printed number where the book has one
    (``community:1.2.1.4``, ``cr-draft:201.4a``) and otherwise a slug of the heading, unique in the book.
    ``order`` is the reading order inside the source; ``line`` the 1-based line of the heading in the file.
    """

    id: str = Field(primary_key=True)
    source_id: str = Field(foreign_key="source.id", index=True)
    number: Optional[str] = None  # printed number, e.g. "1.2.1.4" or "201.4a"
    locator: str
    title: str
    level: int = 1  # depth in the book's tree, 1 = top
    parent_id: Optional[str] = Field(default=None, index=True)
    order: int = 0
    page_start: Optional[int] = None
    page_end: Optional[int] = None
    text: str = ""
    kind: str = "section"  # one of SECTION_KINDS
    line: Optional[int] = None
    line_end: Optional[int] = None
    duplicate_of: Optional[str] = None  # same body as an earlier section (community §10 re-embeds)


class Reference(SQLModel, table=True):
    """A cross reference written in a section's text, resolved to a section where possible."""

    id: Optional[int] = Field(default=None, primary_key=True)
    section_id: str = Field(foreign_key="section.id", index=True)
    raw: str  # the reference exactly as written
    kind: str = "other"  # one of REFERENCE_KINDS
    ordinal: Optional[int] = None  # entry number in a References block, or the [n] footnote number
    in_block: bool = False  # True for an entry of a "References:" block
    target_source: Optional[str] = None  # the book it points into, when known
    target_locator: Optional[str] = None  # e.g. "page 130", "01.5", "1.2"
    target_id: Optional[str] = Field(default=None, index=True)  # resolved section id
    unresolved_reason: Optional[str] = None
    citation_id: Optional[int] = Field(default=None, foreign_key="rulingcitation.id")
    line: Optional[int] = None


class RulingCitation(SQLModel, table=True):
    """A distinct official ruling cited by title (e.g. a YGOrg database entry) from the rulebooks."""

    id: Optional[int] = Field(default=None, primary_key=True)
    kind: str = "ygorg"  # ygorg | legacy
    title: str = Field(index=True)  # cleaned title
    raw_title: str = ""


class Term(SQLModel, table=True):
    """A glossary or definition entry pointing at the section that defines it."""

    id: str = Field(primary_key=True)  # "<source>:term:<slug>"
    source_id: str = Field(foreign_key="source.id", index=True)
    term: str = Field(index=True)
    definition: str = ""
    section_id: Optional[str] = Field(default=None, foreign_key="section.id")
    official: bool = True
    line: Optional[int] = None


class CardMention(SQLModel, table=True):
    """A card name or passcode written in a section; ``card_id`` is filled by the card linker."""

    id: Optional[int] = Field(default=None, primary_key=True)
    section_id: str = Field(foreign_key="section.id", index=True)
    raw: str
    kind: str = "name"  # name | passcode | list (split by the linker) | scanned (found by the linker)
    passcode: Optional[int] = None
    card_id: Optional[int] = Field(default=None, index=True)
    line: Optional[int] = None


class ParseProblem(SQLModel, table=True):
    """A line an importer could not place, a repair it made, or a stale reference it found."""

    id: Optional[int] = Field(default=None, primary_key=True)
    source_id: str = Field(index=True)  # a rulebook id, or "cards" / "rulings" for datasets
    file: str
    line: Optional[int] = None
    kind: str  # unparsed | repair | duplicate | stale_reference | unresolved | encoding | ...
    message: str
    excerpt: str = ""


# --------------------------------------------------------------------------------------- cards


class Card(SQLModel, table=True):
    """One card. ``id`` is the Konami database id, or a synthetic id (>= 90,000,000) when it has none."""

    id: int = Field(primary_key=True)
    konami_id: Optional[int] = Field(default=None, index=True)
    password: Optional[int] = Field(default=None, index=True)  # primary print's passcode
    name: str = Field(index=True)  # English name as printed
    name_key: str = Field(index=True)  # normalised name for exact look-ups
    name_ja: str = ""
    card_type: str  # Monster | Spell | Trap
    property: Optional[str] = None  # Normal, Quick-Play, Continuous, Field, Equip, Ritual, Counter
    monster_type: Optional[str] = None  # Warrior, Dragon, ...
    abilities: list = Field(default_factory=list, sa_column=Column(JSON))  # Effect, Tuner, Synchro ...
    attribute: Optional[str] = None
    level: Optional[int] = None
    rank: Optional[int] = None
    link_rating: Optional[int] = None
    link_arrows: list = Field(default_factory=list, sa_column=Column(JSON))
    atk: Optional[int] = None  # None with atk_unknown = "?"
    atk_unknown: bool = False
    defense: Optional[int] = None
    def_unknown: bool = False
    scale: Optional[int] = None
    text: str = ""
    text_ja: str = ""
    pendulum_text: str = ""
    materials: str = ""
    series: list = Field(default_factory=list, sa_column=Column(JSON))
    tcg_status: Optional[str] = None
    ocg_status: Optional[str] = None
    unofficial_name: bool = False
    yugipedia_page_id: Optional[int] = None
    source: str = "yaml-yugi"


class CardPassword(SQLModel, table=True):
    """Every passcode a card has been printed with (alternate artworks share one card)."""

    password: int = Field(primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True)


class Alias(SQLModel, table=True):
    """A nickname, abbreviation or former name that players type for a card."""

    id: Optional[int] = Field(default=None, primary_key=True)
    alias: str
    alias_key: str = Field(index=True)
    card_id: int = Field(foreign_key="card.id", index=True)
    kind: str = "nickname"  # nickname | abbreviation | former_name


# --------------------------------------------------------------------------------------- rulings


class Ruling(SQLModel, table=True):
    """One ruling: a legacy TCG FAQ line, an official OCG Q&A, or a card FAQ supplement."""

    id: str = Field(primary_key=True)  # goat:<n> | ocg-qa:<sourceId> | ocg-faq:<n>
    source: str  # goatformat | ygoresources
    region: str  # TCG | OCG
    kind: str = ""  # Individual Card FAQs, Netrep Rulings, Netrep Q&As, qa, card-faq
    title: str = ""
    question: str = ""
    answer: str = ""  # the ruling text, or the Q&A conclusion
    text_language: str = "en"
    date: Optional[str] = None  # ISO date where known
    status: str = ""
    heading: str = ""  # the card heading the ruling was filed under
    url: str = ""


class RulingCard(SQLModel, table=True):
    """A card a ruling is about or involves."""

    ruling_id: str = Field(foreign_key="ruling.id", primary_key=True)
    card_id: int = Field(foreign_key="card.id", primary_key=True, index=True)
    role: str = "involved"  # heading | involved | reference


class RulingSection(SQLModel, table=True):
    """A rule section a ruling is about."""

    ruling_id: str = Field(foreign_key="ruling.id", primary_key=True)
    section_id: str = Field(foreign_key="section.id", primary_key=True)
    reason: str = ""


class CitationCard(SQLModel, table=True):
    """A card named in the title of a ruling cited by the rulebooks."""

    citation_id: int = Field(foreign_key="rulingcitation.id", primary_key=True)
    card_id: int = Field(foreign_key="card.id", primary_key=True)


# --------------------------------------------------------------------------------------- cross-book


class Conflict(SQLModel, table=True):
    """A point on which the rulebooks disagree."""

    id: str = Field(primary_key=True)  # slug
    topic: str
    summary: str


class ConflictSide(SQLModel, table=True):
    """One side of a conflict: a section and what it says."""

    conflict_id: str = Field(foreign_key="conflict.id", primary_key=True)
    section_id: str = Field(foreign_key="section.id", primary_key=True)
    position: str = ""


class TopicLink(SQLModel, table=True):
    """Two sections, in different books (or duplicated in one), that treat the same rule topic."""

    section_a: str = Field(foreign_key="section.id", primary_key=True)
    section_b: str = Field(foreign_key="section.id", primary_key=True)
    topic: str = ""


# --------------------------------------------------------------------------------------- engine


class EffectProfile(SQLModel, table=True):
    """The structured reading of one effect of a card (see kb.engine.profiles)."""

    id: Optional[int] = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True)
    index: int  # 0-based position of the effect on the card
    kind: str  # activation | ignition | trigger | quick | continuous | flip | unknown
    spell_speed: Optional[int] = None
    complete: bool = False  # True when no part of the text was left unparsed
    data: dict = Field(default_factory=dict, sa_column=Column(JSON))


class BuildInfo(SQLModel, table=True):
    """Facts about the build that produced this knowledge base (key/value)."""

    key: str = Field(primary_key=True)
    value: str
