"""The curated facts of the TCG rulebook v10: its headings, chapters, glossary terms, stale page references and garbled text."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
