"""Importer for ``tcg-v10``: the official TCG rulebook, version 10, as extracted from its PDF.

The extraction (see ``../shared/notes/seeds-002-004.md``, document 002) has one block per two-page
spread, separated by ``---`` lines and ending with the printed page pair; the spread's text columns are
merged line by line, so paragraphs cannot be re-flowed.  The parser therefore:

* reads the printed page pair of every spread (sequence-checked; glued and missing page numbers handled);
* reads the 20 table-of-contents entries (with their printed pages) from the book itself;
* places the chapters, the TOC entries and the finer headings of :data:`HEADINGS` (a curated table: the
  book has no heading markup) by searching each heading inside the spread that holds its page;
* gives every heading the text from its end to the next heading, line by line as extracted (column
  fragments are never joined into new sentences), with margin furniture and page numbers stripped;
* splits the glossary at its 23 fixed terms (:data:`GLOSSARY_TERMS`);
* records the stale page references of :data:`STALE_PAGE_REFERENCES` with their corrected page.

Ids are ``tcg-v10:<slug>``: ``tcg-v10:chapter-4``, ``tcg-v10:chains-and-spell-speed``,
``tcg-v10:glossary-destroy``; terms are ``tcg-v10:term:<slug>``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from kb.models import CardMention, Reference, Section, Source, Term
from kb.text import clean_text, slugify

from .base import ParseResult, quoted_mentions, read_source_text

__all__ = [
    "SOURCE_ID",
    "Heading",
    "CHAPTERS",
    "TOC_HEADINGS",
    "HEADINGS",
    "GLOSSARY_TERMS",
    "StaleReference",
    "STALE_PAGE_REFERENCES",
    "RUNNING_HEADS",
    "GARBLED_TEXT",
    "parse",
]

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


def _h(slug, title, find, page, parent, kind="section") -> Heading:
    return Heading(slug, title, find, page, parent, kind)


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

# Front matter and the finer headings, in book order; parents are slugs of chapters/TOC entries/headings.
HEADINGS: tuple[Heading, ...] = (
    _h("title-page", "OFFICIAL RULEBOOK Version 10", r"^OFFICIAL RULEBOOK Version 10$", None, None, "front"),
    _h("contents", "Table of Contents", r"^Table of Contents Table of Contents$", "i", None, "front"),
    _h("what-is-the-yu-gi-oh-trading-card-game", "What is the Yu-Gi-Oh! TRADING CARD GAME?",
       r"^What is the Yu-Gi-Oh! TRADING CARD GAME\?$", "iii", None, "front"),
    _h("create-your-own-deck", "CREATE YOUR OWN DECK", r"^CREATE YOUR OWN DECK$", 1, "about-the-game"),
    _h("battle-with-fantastic-monsters-great-combos", "BATTLE WITH FANTASTIC MONSTERS & GREAT COMBOS",
       r"^BATTLE WITH FANTASTIC MONSTERS & GREAT COMBOS$", 1, "about-the-game"),
    _h("power-up-your-deck-with-booster-packs", "POWER UP YOUR DECK WITH BOOSTER PACKS",
       r"^POWER UP YOUR DECK WITH BOOSTER PACKS$", 1, "about-the-game"),
    # chapter 1
    _h("deck", "Deck (40 to 60 cards)", r"^Deck \.+\(40 to 60 cards\)$", 2, "things-you-need-to-duel"),
    _h("extra-deck", "Extra Deck (0 to 15 cards)", r"^Extra Deck \.+\(0 to 15 cards\)$", 2,
       "things-you-need-to-duel"),
    _h("side-deck", "Side Deck (0 to 15 cards)", r"^Side Deck \.+\(0 to 15 cards\)$", 2,
       "things-you-need-to-duel"),
    _h("additional-items-you-may-need", "Additional items you may need", r"^Additional items you may need",
       3, "things-you-need-to-duel"),
    _h("coin-dice", "Coin / Dice", r"^Coin Dice$", 3, "additional-items-you-may-need"),
    _h("counters-monster-tokens", "Counters / Monster Tokens", r"^Counters Monster Tokens$", 3,
       "additional-items-you-may-need"),
    _h("items-which-can-help-during-a-duel", "Items which can help during a Duel",
       r"^Items which can help during a Duel$", 3, "things-you-need-to-duel"),
    _h("calculator-card-sleeves", "Calculator / Card Sleeves", r"^Calculator Card Sleeves$", 3,
       "items-which-can-help-during-a-duel"),
    # chapter 2
    _h("how-to-read-a-monster-card", "HOW TO READ A CARD (Monster Cards)", r"^HOW TO READ A CARD$", 6,
       "monster-cards"),
    _h("what-is-a-monster-card", "WHAT IS A MONSTER CARD?", r"^WHAT IS A MONSTER CARD\?", 8, "monster-cards"),
    _h("normal-monsters", "Normal Monsters", r"^<<< Normal Monsters$", 8, "monster-cards"),
    _h("continuous-effect", "Continuous Effect", r"^Continuous Effect$", 9, "effect-monsters"),
    _h("ignition-effect", "Ignition Effect", r"^Ignition Effect(?= Trigger Effect$)", 10, "effect-monsters"),
    _h("trigger-effect", "Trigger Effect", r"(?<=^Ignition Effect )Trigger Effect$", 11, "effect-monsters"),
    _h("quick-effect", "Quick Effect", r"^Quick Effect$", 10, "effect-monsters"),
    _h("flip-effect", "Flip Effect", r"^Flip Effect$", 11, "effect-monsters"),
    _h("how-to-link-summon", "HOW TO LINK SUMMON", r"HOW TO LINK SUMMON$", 13, "link-monsters"),
    _h("link-arrows", "Link Arrows", r"^Link Arrows(?= - )", 12, "link-monsters"),
    _h("link-materials", "Link Materials", r"^Link Materials(?= need$)", 12, "link-monsters"),
    _h("link-rating", "LINK Rating", r"^LINK Rating(?= - )", 12, "link-monsters"),
    _h("link-monster-bonuses", "LINK MONSTER BONUSES", r"^LINK MONSTER BONUSES$", 14, "link-monsters"),
    _h("more-about-link-monsters", "MORE ABOUT LINK MONSTERS", r"^MORE ABOUT LINK MONSTERS$", 15,
       "link-monsters"),
    _h("how-to-pendulum-summon", "HOW TO PENDULUM SUMMON", r"HOW TO PENDULUM SUMMON$", 16, "pendulum-monsters"),
    _h("pendulum-effect", "Pendulum Effect", r"^Pendulum Effect(?= - )", 16, "pendulum-monsters"),
    _h("pendulum-scale", "Pendulum Scale", r"^Pendulum Scale(?= - )", 16, "pendulum-monsters"),
    _h("pendulum-monster-effect", "Monster Effect", r"^Monster Effect(?= - )", 16, "pendulum-monsters"),
    _h("how-to-xyz-summon", "HOW TO XYZ SUMMON", r"HOW TO XYZ SUMMON$", 18, "xyz-monsters"),
    _h("materials-needed-for-an-xyz-summon", "Materials needed for an Xyz Summon",
       r"^Materials needed for an Xyz Summon$", 18, "xyz-monsters"),
    _h("xyz-monsters-rank", "Xyz Monster's Rank", r"^Xyz Monster’s Rank(?= -)", 18, "xyz-monsters"),
    _h("xyz-materials", "Xyz Materials", r"^Xyz Materials(?= -)", 18, "xyz-monsters"),
    _h("tuner-monsters-for-synchro-summon", "TUNER MONSTERS FOR SYNCHRO SUMMON",
       r"^TUNER MONSTERS FOR SYNCHRO SUMMON$", 20, "synchro-monsters"),
    _h("how-to-synchro-summon", "HOW TO SYNCHRO SUMMON", r"^HOW TO SYNCHRO SUMMON$", 21, "synchro-monsters"),
    _h("how-to-fusion-summon", "HOW TO FUSION SUMMON", r"^HOW TO FUSION SUMMON(?= HOW TO RITUAL)", 22,
       "fusion-monsters"),
    _h("how-to-ritual-summon", "HOW TO RITUAL SUMMON", r"HOW TO RITUAL SUMMON$", 23, "ritual-monsters"),
    _h("normal-summon", "Normal Summon", r"^Normal Summon(?= Flip Summon$)", 24, "summoning-monster-cards"),
    _h("flip-summon", "Flip Summon", r"(?<=^Normal Summon )Flip Summon$", 25, "summoning-monster-cards"),
    _h("normal-set", "Normal Set", r"^Normal Set(?= Card cannot)", 24, "summoning-monster-cards"),
    _h("special-summon", "Special Summon", r"(?<=on the )Special Summon$", 25, "summoning-monster-cards"),
    _h("tribute-summon", "Tribute Summon", r"^Tribute Summon(?= Special Summon with)", 24,
       "summoning-monster-cards"),
    _h("special-summon-with-a-cards-effect", "Special Summon with a Card's Effect",
       r"Special Summon with a Card’s Effect$", 25, "summoning-monster-cards"),
    _h("how-to-read-a-spell-trap-card", "HOW TO READ A CARD (Spell & Trap Cards)", r"HOW TO READ A CARD",
       26, "spell-trap-cards"),
    _h("spell-cards", "Spell Cards", r"^<<< Spell Cards(?= Continuous)", (28, 29), "spell-trap-cards"),
    _h("continuous-spell-cards", "Continuous Spell Cards", r"Continuous Spell Cards$", (28, 29), "spell-cards"),
    _h("equip-spell-cards", "Equip Spell Cards", r"Equip Spell Cards(?= Field Spell Cards$)", (28, 29),
       "spell-cards"),
    _h("field-spell-cards", "Field Spell Cards", r"(?<=Equip Spell Cards )Field Spell Cards$", (28, 29),
       "spell-cards"),
    _h("normal-spell-cards", "Normal Spell Cards", r"^Normal Spell Cards(?= your Spell)", (28, 29),
       "spell-cards"),
    _h("ritual-spell-cards", "Ritual Spell Cards", r"^Ritual Spell Cards$", (28, 29), "spell-cards"),
    _h("quick-play-spell-cards", "Quick-Play Spell Cards", r"^Quick-Play Spell Cards$", (28, 29), "spell-cards"),
    _h("trap-cards", "Trap Cards", r"^<<< Trap Cards(?= Continuous)", (30, 31), "spell-trap-cards"),
    _h("continuous-trap-cards", "Continuous Trap Cards", r"(?<=^<<< Trap Cards )Continuous Trap Cards$",
       (30, 31), "trap-cards"),
    _h("counter-trap-cards", "Counter Trap Cards", r"Counter Trap Cards$", (30, 31), "trap-cards"),
    _h("normal-trap-cards", "Normal Trap Cards", r"^Normal Trap Cards$", (30, 31), "trap-cards"),
    _h("the-difference-between-set-spell-cards-and-set-trap-cards",
       "The Difference between Set Spell Cards and Set Trap Cards",
       r"The Difference between Set Spell Cards and Set Trap Cards$", (30, 31), "trap-cards"),
    # chapter 3
    _h("how-to-duel-and-how-to-win", "How to Duel and How to Win", r"^How to Duel and How to Win(?= )", 32,
       "let-the-duel-begin"),
    _h("winning-a-duel", "Winning a Duel", r"^Winning a Duel$", 32, "let-the-duel-begin"),
    _h("victory-conditions", "Victory Conditions", r"^Victory Conditions$", 32, "let-the-duel-begin"),
    _h("draw-phase", "Draw Phase", r"^Draw Phase$", 35, "turn-structure"),
    _h("standby-phase", "Standby Phase", r"Standby Phase$", 35, "turn-structure"),
    _h("main-phase-1", "Main Phase 1", r"^Main Phase 1(?= Battle Phase$)", 36, "turn-structure"),
    _h("battle-phase", "Battle Phase", r"(?<=^Main Phase 1 )Battle Phase$", 37, "turn-structure"),
    _h("summon-or-set-a-monster", "Summon or Set a Monster", r"^Summon or Set a Monster", 36, "main-phase-1"),
    _h("change-your-monsters-battle-positions", "Change Your Monsters' Battle Positions",
       r"^Change Your Monsters’ Battle Positions", 36, "main-phase-1"),
    _h("flow-of-the-battle-phase", "Flow of the Battle Phase", r"Flow of the$", 37, "battle-phase"),
    _h("activate-a-card-or-effect", "Active [sic] a Card or Effect", r"^Active a Card or Effect$", 36,
       "main-phase-1"),
    _h("set-spell-cards-and-trap-cards", "Set Spell Cards and Trap Cards", r"^Set Spell Cards and Trap Cards(?= order)",
       36, "main-phase-1"),
    _h("start-step", "Start Step", r"^Start Step(?= Replay Rules)", 38, "battle-phase"),
    _h("replay-rules-during-the-battle-step", "Replay Rules during the Battle Step",
       r"Replay Rules during the Battle Step$", 39, "battle-phase"),
    _h("battle-step", "Battle Step", r"^Battle Step(?= )", 38, "battle-phase"),
    _h("damage-step", "Damage Step", r"^Damage Step(?= )", 38, "battle-phase"),
    _h("end-step", "End Step", r"^End Step$", 38, "battle-phase"),
    _h("main-phase-2", "Main Phase 2", r"^Main Phase 2(?= 4 Battles)", 40, "turn-structure"),
    _h("end-phase", "End Phase", r"^End Phase(?= monster)", 40, "turn-structure"),
    # chapter 4
    _h("damage-step-rules", "DAMAGE STEP RULES", r"DAMAGE STEP RULES$", 41, "monster-battle-rules"),
    _h("limitations-on-activating-cards", "Limitations on Activating Cards",
       r"Limitations on Activating Cards$", 41, "damage-step-rules"),
    _h("attacking-a-face-down-card", "Attacking a Face-Down Card", r"Attacking a Face-Down Card$", 41,
       "damage-step-rules"),
    _h("activation-of-a-flip-effect", "Activation of a Flip Effect", r"Activation of a Flip Effect$", 41,
       "damage-step-rules"),
    _h("determining-damage", "DETERMINING DAMAGE", r"^DETERMINING DAMAGE(?= When)", 42, "monster-battle-rules"),
    _h("when-you-attack-a-defense-position-monster", "When You Attack a Defense Position Monster",
       r"When You Attack a Defense Position Monster(?=WIN)", (42, 43), "determining-damage"),
    _h("when-you-attack-an-attack-position-monster", "When You Attack an Attack Position Monster",
       r"^When You Attack an Attack Position Monster", (42, 43), "determining-damage"),
    _h("if-your-opponent-has-no-monsters", "If Your Opponent Has No Monsters",
       r"If Your Opponent Has No Monsters(?=WIN)", (42, 43), "determining-damage"),
    _h("spell-speeds", "Spell Speeds", r"(?<=^Chains and Spell Speed )Spell Speeds$", 44, "chains-and-spell-speed"),
    _h("what-is-a-chain", "WHAT IS A CHAIN?", r"^WHAT IS A CHAIN\?", 44, "chains-and-spell-speed"),
    _h("spell-speed-1", "Spell Speed 1", r"Spell Speed 1$", (44, 45), "spell-speeds"),
    _h("spell-speed-2", "Spell Speed 2", r"Spell Speed 2$", (44, 45), "spell-speeds"),
    _h("spell-speed", "SPELL SPEED", r"^SPELL SPEED$", (44, 45), "chains-and-spell-speed"),
    _h("spell-speed-3", "Spell Speed 3", r"^Spell Speed 3$", (44, 45), "spell-speeds"),
    _h("how-a-chain-works", "How a Chain Works", r"^How a Chain Works(?= EXAMPLE)", 46, "chains-and-spell-speed"),
    _h("example-of-a-chain", "EXAMPLE OF A CHAIN", r"EXAMPLE OF A CHAIN$", 47, "chains-and-spell-speed",
       "example"),
    _h("turn-players-priority", "TURN PLAYER'S PRIORITY", r"^TURN PLAYER’S PRIORITY", 48,
       "chains-and-spell-speed"),
    # chapter 5
    _h("forbidden-limited-cards", "Forbidden & Limited Cards", r"Forbidden & Limited Cards$", 49, "other-rules"),
    _h("monster-tokens", "Monster Tokens", r"Monster Tokens$", 49, "other-rules"),
    _h("public-knowledge", "Public Knowledge", r"^Public Knowledge(?= Counters$)", 50, "other-rules"),
    _h("counters", "Counters", r"(?<=^Public Knowledge )Counters$", 51, "other-rules"),
    _h("actions-which-cannot-be-chained-to", "Actions which cannot be Chained to",
       r"Actions which cannot be Chained to$", 51, "other-rules"),
    _h("if-both-players-conduct-actions-simultaneously", "If both players conduct actions simultaneously",
       r"^If both players conduct actions simultaneously", 50, "other-rules"),
    _h("xyz-materials-attached", "Xyz Materials", r"Xyz Materials$", 51, "other-rules"),
    _h("when-multiple-cards-are-activated-simultaneously", "When multiple cards are activated simultaneously",
       r"^When multiple cards are activated simultaneously", 50, "other-rules"),
    _h("leaves-the-field", "Leaves the Field", r"Leaves the Field$", 51, "other-rules"),
    _h("0-atk-monsters", "0 ATK monsters", r"^0 ATK monsters", 50, "other-rules"),
    _h("rules-vs-card-effects", "Rules vs. Card Effects", r"^Rules vs\. Card Effects", 50, "other-rules"),
)

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



@dataclass
class _Placed:
    slug: str
    title: str
    kind: str
    parent: str | None
    start: int  # offsets in the joined text
    end: int
    pages: tuple[int, int] | None
    number: str | None = None


class _Text:
    """The file as one string, with offset <-> line conversion."""

    def __init__(self, lines: list[str]):
        self.value = "\n".join(lines)
        self.starts = [0]
        for line in lines[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def offset_of_line(self, line: int) -> int:
        return self.starts[line - 1]


def _spread_span(text: _Text, spreads: list[_Spread], page) -> tuple[int, int] | None:
    """Offsets of the spread that holds ``page`` (the first page of a ``(first, last)`` pair)."""
    wanted = page[0] if isinstance(page, tuple) else page
    for spread in spreads:
        if wanted in spread.pages:
            end = text.offset_of_line(spread.last_line + 1) if spread.last_line < len(text.starts) \
                else len(text.value)
            return text.offset_of_line(spread.first_line), end
    return None


def _find(text: _Text, pattern: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The heading's match inside ``span``; a printed repeat right after it is absorbed."""
    match = re.compile(pattern, re.M).search(text.value, span[0], span[1])
    if not match:
        return None
    end = match.end()
    repeat = re.compile(r"\s*" + re.escape(match.group(0).split("\n")[0].lstrip("<").strip()) + r"(?=\s|$)")
    again = repeat.match(text.value, end, span[1])
    if again and "\n" in text.value[end:again.end()]:
        end = again.end()
    return match.start(), end


def _pages_of(page) -> tuple[int, int]:
    if isinstance(page, tuple):
        return page
    return page, page


def _place_headings(text: _Text, spreads: list[_Spread], toc: dict[str, int],
                    result: ParseResult) -> list[_Placed]:
    placed: list[_Placed] = []
    front_end = text.offset_of_line(spreads[0].first_line)

    def place(slug, title, kind, parent, pattern, page, number=None):
        span = _spread_span(text, spreads, page) if page is not None else (0, front_end)
        found = _find(text, pattern, span) if span else None
        if found is None:
            result.problem(None, "missing_heading", f"heading {title!r} (page {page}) not found; its text stays "
                           "in the section before it", pattern)
            return
        pages = _pages_of(page) if isinstance(page, (int, tuple)) else None
        placed.append(_Placed(slug, title, kind, parent, found[0], found[1], pages, number))

    for heading in HEADINGS:
        if heading.kind == "front":
            place(heading.slug, heading.title, "front", None, heading.find, heading.page)
    if "About the Game" in toc:
        place("about-the-game", "About the Game", "section", None, TOC_HEADINGS["About the Game"],
              toc["About the Game"])
    for number, (title, pattern, entries) in CHAPTERS.items():
        pages = [toc[e] for e in entries if e in toc]
        if not pages:
            result.problem(None, "missing_heading", f"chapter {number} {title!r}: none of its contents entries "
                           "were found in the table of contents")
            continue
        place(f"chapter-{number}", title, "chapter", None, pattern, min(pages), str(number))
        for entry in entries:
            if entry not in toc:
                result.problem(None, "missing_heading", f"contents entry {entry!r} missing from the table of "
                               "contents")
                continue
            place(slugify(entry), entry, "section", f"chapter-{number}", TOC_HEADINGS[entry], toc[entry])
    for heading in HEADINGS:
        if heading.kind != "front":
            place(heading.slug, heading.title, heading.kind, heading.parent, heading.find, heading.page)
    order = {p.slug: i for i, p in enumerate(placed)}
    placed.sort(key=lambda p: (p.start, order[p.slug]))
    return placed


def _toc_entries(lines: list[str], spreads: list[_Spread], result: ParseResult) -> dict[str, int]:
    """Table-of-contents title -> printed page, read from the contents spread (pages i-ii)."""
    if not spreads:
        return {}
    contents = spreads[0]
    toc: dict[str, int] = {}
    for index in range(contents.first_line - 1, contents.last_line):
        for match in TOC_ENTRY.finditer(lines[index]):
            title, page = match.group(1).strip(), int(match.group(2))
            toc[title] = page
            if title not in TOC_HEADINGS:
                result.problem(index + 1, "unparsed", f"contents entry {title!r} is not in the heading table",
                               lines[index])
    return toc


# ------------------------------------------------------------------------------------------ text


def _clean_region(raw: str, keep_running_heads: bool = False) -> str:
    """Text of a section: page furniture and separators dropped, bullets normalised, lines kept as printed."""
    out = []
    for line in raw.split("\n"):
        line = line.strip()
        if not line or line == SEPARATOR:
            continue
        if not keep_running_heads:
            line = RUNNING_HEAD_START.sub("", line)
            line = RUNNING_HEAD_END.sub("", line).strip()
        line = re.sub(r"(?:(?<=^)|(?<=\s))l(?=[A-Z])", "• ", line)  # Wingdings bullet rendered as "l"
        line = line.replace("\\", "").strip()
        if line:
            out.append(line)
    return clean_text("\n".join(out))


def _glossary_entries(text: _Text, glossary: _Placed, region_end: int, result: ParseResult) -> list[_Placed]:
    """The 23 glossary entries, split at their ``l <Term>`` anchors.

    Each glossary page is one column, so an anchor at the start of its line (after margin furniture) is
    on the left page of the spread, an anchor after other text on the right page.
    """
    entries = []
    for term in GLOSSARY_TERMS:
        pattern = re.compile(r"(?:(?<=\s)|(?<=^)|(?<=Other Rules))l " + re.escape(term) + r"(?=\s|$)", re.M)
        match = pattern.search(text.value, glossary.end, region_end)
        if not match:
            result.problem(None, "missing_heading", f"glossary entry {term!r} not found", term)
            continue
        line_start = text.offset_of_line(text.line_of(match.start()))
        before = RUNNING_HEAD_START.sub("", text.value[line_start:match.start()]).strip()
        entry = _Placed(f"glossary-{slugify(term)}", term, "glossary", "glossary", match.start(), match.end(), None)
        entry.number = "right" if before else "left"  # side of the spread, replaced by the page below
        entries.append(entry)
    return entries


# ------------------------------------------------------------------------------------------ parse


def parse(path: Path, source: Source) -> ParseResult:
    """Parse the TCG rulebook v10 into chapters, contents entries, headings, glossary entries and terms."""
    lines = read_source_text(path)
    result = ParseResult(source=source)
    marks = _take_heading_marks(lines)
    spreads = _spreads(lines, result)
    if not spreads:
        result.problem(1, "unparsed", "no page spreads ('---' separated blocks) found; the whole file is kept "
                       "as one front-matter section")
    toc = _toc_entries(lines, spreads, result)
    if spreads and len(toc) != len(TOC_HEADINGS):
        result.problem(spreads[0].first_line, "toc", f"{len(toc)} contents entries read, "
                       f"{len(TOC_HEADINGS)} expected")
    text = _Text(lines)
    placed = _place_headings(text, spreads, toc, result) if spreads else []
    if not placed or placed[0].start > 0:
        placed.insert(0, _Placed("front", "Front matter", "front", None, 0, 0, None))

    glossary = next((p for p in placed if p.slug == "glossary"), None)
    if glossary is not None:
        following = [p.start for p in placed if p.start > glossary.start]
        entries = _glossary_entries(text, glossary, following[0] if following else len(text.value), result)
        _assign_glossary_pages(entries, spreads, text)
        placed = sorted(placed + entries, key=lambda p: p.start)

    _check_heading_marks(marks, placed, text, result)
    _set_page_ends(placed, toc)
    sections, segments = _build_sections(text, placed, spreads, result)
    _references(text, sections, segments, result)
    _terms(sections, result)
    _mentions(sections, result)
    _garbled(text, result)
    return result


def _assign_glossary_pages(entries: list[_Placed], spreads: list[_Spread], text: _Text) -> None:
    for entry in entries:
        line = text.line_of(entry.start)
        spread = next((s for s in spreads if s.first_line <= line <= s.last_line), None)
        if spread is None or not spread.numeric():
            continue
        left, right = spread.numeric()[0], spread.numeric()[-1]
        page = left if entry.number == "left" else right
        entry.pages = (page, page)
        entry.number = None


def _set_page_ends(placed: list[_Placed], toc: dict[str, int]) -> None:
    """Page ranges: TOC entries run to the page before the next entry; chapters span their entries."""
    toc_pages = sorted(set(toc.values()))
    last_page = None
    for p in placed:
        if p.pages:
            last_page = max(last_page or 0, p.pages[1])
    for p in placed:
        if p.kind == "section" and p.title in toc and p.pages:
            later = [page for page in toc_pages if page > p.pages[0]]
            end = (later[0] - 1) if later else (last_page or p.pages[0])
            p.pages = (p.pages[0], max(end, p.pages[0]))
    for p in placed:
        if p.kind == "chapter":
            children = [c for c in placed if c.parent == p.slug and c.pages]
            if children:
                p.pages = (min(c.pages[0] for c in children), max(c.pages[1] for c in children))


def _column(p: _Placed, text: _Text) -> str:
    """Where a heading sits on its printed line: ``left``, ``right`` (after other text) or ``full``."""
    line_start = text.offset_of_line(text.line_of(p.start))
    line_end = text.value.find("\n", p.end)
    before = RUNNING_HEAD_START.sub("", text.value[line_start:p.start]).strip()
    after = text.value[p.end:line_end if line_end >= 0 else len(text.value)].strip()
    if before:
        return "right"
    if after or p.kind == "glossary":  # each glossary page is one column: a lone entry is on the left
        return "left"
    return "full"


@dataclass
class _Segment:
    start: int
    end: int
    owners: tuple[int, ...]  # indices into the placed headings


def _segments(text: _Text, placed: list[_Placed], spreads: list[_Spread]) -> list[_Segment]:
    """Cut the text after the first heading into pieces, each owned by the heading(s) it belongs to.

    Two text columns are merged on one printed line, so a line without headings belongs to both the
    heading active in the left column and the one active in the right column.  On a line with headings,
    text before a right-column heading belongs to the left column; text after a left-column heading
    belongs to the right column; text after any other heading belongs to it.  A full-width heading (alone
    on its line) and a new spread make one heading active in both columns.
    """
    columns = [_column(p, text) for p in placed]
    by_line: dict[int, list[int]] = {}
    for index, p in enumerate(placed):
        by_line.setdefault(text.line_of(p.start), []).append(index)
    spread_starts = {s.first_line for s in spreads}
    segments: list[_Segment] = []
    left = right = None
    covered = 0
    first_line = text.line_of(placed[0].start) if placed else 1
    for line in range(first_line, len(text.starts) + 1):
        start = text.offset_of_line(line)
        end = text.starts[line] - 1 if line < len(text.starts) else len(text.value)
        if line in spread_starts and left != right:
            left = right = max(x for x in (left, right) if x is not None)
        anchors = sorted(by_line.get(line, []), key=lambda i: (placed[i].start, i))
        start = max(start, min(covered, end))  # the tail of a heading printed over two lines
        if not anchors:
            owners = tuple(dict.fromkeys(x for x in (left, right) if x is not None))
            segments.append(_Segment(start, end, owners))
            continue
        covered = max(covered, max(placed[i].end for i in anchors))
        first = anchors[0]
        if placed[first].start > start and left is not None:
            segments.append(_Segment(start, placed[first].start, (left,)))
        for k, index in enumerate(anchors):
            column = columns[index]
            if column == "full":
                left = right = index
            elif column == "left":
                left = index
            else:
                right = index
            stop = placed[anchors[k + 1]].start if k + 1 < len(anchors) else end
            owner = right if column == "left" and right is not None and right != index else index
            begin = max(placed[index].end, start)
            if stop > begin:
                segments.append(_Segment(begin, stop, (owner,)))
    return segments


def _build_sections(text: _Text, placed: list[_Placed], spreads: list[_Spread],
                    result: ParseResult) -> tuple[list[Section], list[_Segment]]:
    slugs = {p.slug for p in placed}
    parents = {p.slug: p.parent for p in placed}
    segments = _segments(text, placed, spreads)
    pieces: list[list[str]] = [[] for _ in placed]
    last_line = [text.line_of(p.start) for p in placed]
    for segment in segments:
        for owner in segment.owners:
            pieces[owner].append(text.value[segment.start:segment.end])
            last_line[owner] = max(last_line[owner], text.line_of(max(segment.end - 1, segment.start)))
    levels: dict[str, int] = {}

    def level_of(slug: str | None) -> int:
        if slug is None:
            return 0
        if slug not in levels:
            levels[slug] = level_of(parents.get(slug) if parents.get(slug) in slugs else None) + 1
        return levels[slug]

    sections = []
    for order, p in enumerate(placed, start=1):
        parent = p.parent if p.parent in slugs else None  # a missing parent was reported when placing
        raw = "\n".join(pieces[order - 1])
        section = Section(
            id=f"{SOURCE_ID}:{p.slug}", source_id=SOURCE_ID, number=p.number, locator=p.slug, title=p.title,
            level=level_of(p.slug), parent_id=f"{SOURCE_ID}:{parent}" if parent else None, order=order,
            page_start=p.pages[0] if p.pages else None, page_end=p.pages[1] if p.pages else None,
            text=_clean_region(raw, keep_running_heads=p.kind == "front"), kind=p.kind,
            line=text.line_of(p.start), line_end=last_line[order - 1])
        sections.append(section)
    result.sections.extend(sections)
    return sections, segments


def _section_at(sections: list[Section], segments: list[_Segment], offset: int) -> Section:
    """The section whose text holds ``offset`` (the left-column owner when two share a line)."""
    for segment in segments:
        if segment.start <= offset < max(segment.end, segment.start + 1) and segment.owners:
            return sections[segment.owners[0]]
    return sections[0]


def _references(text: _Text, sections: list[Section], segments: list[_Segment], result: ParseResult) -> None:
    ids = {s.id for s in sections}
    covered: list[tuple[int, int]] = []
    for stale in STALE_PAGE_REFERENCES:
        for match in re.finditer(stale.pattern, text.value):
            line = text.line_of(match.start())
            section = _section_at(sections, segments, match.start())
            target = f"{SOURCE_ID}:{stale.target}"
            raw = re.sub(r"\s+", " ", match.group(0))
            result.references.append(Reference(
                section_id=section.id, raw=raw, kind="page", target_source=SOURCE_ID,
                target_locator=f"page:{stale.page}", target_id=target if target in ids else None, line=line))
            result.problem(line, "stale_reference", f"'{raw}' says page {stale.printed}; {stale.topic} is on "
                           f"page {stale.page} in this edition", raw)
            covered.append((match.start(), match.end()))
    for match in PAGE_MENTION.finditer(text.value):
        if any(a <= match.start() < b for a, b in covered):
            continue
        line = text.line_of(match.start())
        if line < (sections[0].line or 1) or any(s.kind == "front" and s.line == line for s in sections):
            continue
        section = _section_at(sections, segments, match.start())
        if section.kind == "front":
            continue
        result.references.append(Reference(section_id=section.id, raw=match.group(0), kind="page",
                                           target_source=SOURCE_ID, target_locator=f"page:{match.group(1)}",
                                           line=line))


def _terms(sections: list[Section], result: ParseResult) -> None:
    glossary = next((s for s in sections if s.locator == "glossary"), None)
    entries = {s.title: s for s in sections if s.kind == "glossary"}
    for term in GLOSSARY_TERMS:
        entry = entries.get(term)
        name = re.sub(r"\s*\(Previously .*\)$", "", term)
        result.terms.append(Term(
            id=f"{SOURCE_ID}:term:{slugify(name)}", source_id=SOURCE_ID, term=name,
            definition=entry.text if entry else "",
            section_id=(entry or glossary).id if (entry or glossary) else None, official=True,
            line=entry.line if entry else None))


def _mentions(sections: list[Section], result: ParseResult) -> None:
    """Quoted card-name candidates of each section, once per section, except quoted headings of the book
    ("Damage Step"); the figure labels written unquoted are found by the linker's scan."""
    titles = {s.title.lower() for s in sections}
    for section in sections:
        for name, kind in dict.fromkeys(quoted_mentions(section.text)):
            if name.lower() not in titles:
                result.mentions.append(CardMention(section_id=section.id, raw=name, kind=kind,
                                                   line=section.line))


def _garbled(text: _Text, result: ParseResult) -> None:
    for pattern in GARBLED_TEXT:
        for match in re.finditer(pattern, text.value):
            result.problem(text.line_of(match.start()), "garbled",
                           "text from rotated or overlapping text boxes; kept as extracted", match.group(0))
