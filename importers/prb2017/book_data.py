"""What the parser knows about this one book, as data: repairs of its known faults and its glossary
(see :mod:`importers.prb2017`)."""

from __future__ import annotations

import re




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

