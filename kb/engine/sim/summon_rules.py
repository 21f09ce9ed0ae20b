"""Rules of Summons and zones as data: which monsters can be materials for which Summon, which Summons
count as which, which zones are part of which, Tributes by Level.  :mod:`kb.engine.rule_facts` merges
:data:`SUMMON_RULES` into :data:`kb.engine.rules.RULES` (validated by the build like every row) and
:data:`SUMMON_FACTS` into its facts, answered as ``{"ask": "rule_fact", "topic", "subject", "asked"}``
(topics ``material``, ``summon_kind``, ``gemini``, ``zone``, ``tributes``).

Data only: imports nothing but the simulator's rulebook tables.
"""

from __future__ import annotations

from .rulebook import TRIBUTES_BY_LEVEL

__all__ = ["SUMMON_RULES", "SUMMON_FACTS"]


def _row(statement: str, sections: list[str], quote_id: str, quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": quote_id, "text": quote}}


SUMMON_RULES: dict[str, dict] = {
    # --- materials
    "sim_material_link_no_level": _row(
        "Link Monsters have no Level: they cannot be Synchro or Xyz Material (they can be Fusion or Link "
        "Material).",
        ["cr-draft:203.6t", "prb2017:xyz-materials", "prb2017:synchro-materials"], "cr-draft:203.6t",
        "A Link Monster cannot be used as material for a Synchro Summon or an Xyz Summon as Link Monsters do not "
        "have a Level."),
    "sim_material_link_ok": _row(
        "Link Monsters can be used as material for a Fusion Summon or a Link Summon.",
        ["cr-draft:203.6t"], "cr-draft:203.6t",
        "Link Monsters can be used as material for a Fusion Summon or a Link Summon."),
    "sim_material_xyz_no_level": _row(
        "Xyz Monsters have no Level: they cannot be Synchro Material.",
        ["prb2017:synchro-materials", "cr-draft:307.5"], "prb2017:synchro-materials",
        "Since Xyz and Link Monsters do not have a Level, they cannot be used as Synchro Materials."),
    "sim_trap_monster_material": _row(
        "Trap Cards treated as monsters on the field can be Synchro, Xyz or Link Material.",
        ["prb2017:xyz-materials", "prb2017:synchro-materials", "prb2017:link-materials"], "prb2017:xyz-materials",
        "Trap Cards treated as monsters on the field can also be used as Xyz Materials."),
    "sim_material_face_up_link": _row(
        "Link Materials are face-up monsters on the field: face-down monsters cannot be used.",
        ["community:2.9", "prb2017:link-summoning"], "community:2.9",
        "(face-up means that face-down monsters cannot be used)"),
    "sim_material_face_up_synchro": _row(
        "Synchro Materials are a face-up Tuner and face-up non-Tuner monsters on the field.",
        ["community:2.6", "prb2017:synchro-materials"], "community:2.6",
        "The Tuner monster and other face-up monsters you use for the Synchro Summon are called Synchro "
        "Materials."),
    "sim_material_face_up_xyz": _row(
        "Xyz Materials are face-up monsters on the field with the same Level.",
        ["prb2017:xyz-summoning", "prb2017:xyz-materials"], "prb2017:xyz-summoning",
        "Pile up a number of face-up monsters on the field, that have a Level equal to the value of the Rank of "
        "the monster that would be Xyz Summoned"),
    # --- Summons from the Extra Deck (checked by the simulator: actions.check_special_summon)
    "sim_face_up_extra": _row(
        "A Fusion, Synchro or Xyz Pendulum Monster face-up in the Extra Deck cannot be Summoned by its own "
        "procedure (only Pendulum Summoned, and only if it was properly Summoned before).",
        ["prb2017:pendulum-monsters", "cr-draft:203.5d", "prb2017:how-to-summon-synchro-pendulum-monsters"],
        "prb2017:pendulum-monsters",
        "Fusion/Pendulum, Synchro/Pendulum and Xyz/Pendulum Monsters that are face-up in the Extra Deck cannot be "
        "Fusion, Synchro or Xyz Summoned respectiviously."),
    # --- Link Materials (materials.py)
    "sim_link_materials": _row(
        "Link Materials are face-up monsters the player controls that meet the material line; a Link Monster used "
        "as material counts as 1 material or as its Link Rating, but it is still 1 monster.",
        ["prb2017:link-summoning", "community:2.9"], "prb2017:link-summoning",
        "If a Link Monster is used as a Link Material, the LINK Rating of that monster is treated as that many "
        "materials."),
    # --- Synchro and Xyz Materials by Level (materials.py)
    "sim_synchro_materials": _row(
        "A Synchro Summon sends exactly 1 face-up Tuner and 1 or more face-up non-Tuner monsters the player controls, "
        "whose Levels add up to the Synchro Monster's Level, to the GY (a card's own line may ask for more).",
        ["prb2017:synchro-summoning", "prb2017:synchro-materials", "community:2.6"], "prb2017:synchro-summoning",
        "A face-up Tuner monster on the field and 1 or more non-Tuner monster(s) whose Levels equal the Level of the "
        "Synchro Monster that would be Synchro Summoned are sent to the Graveyard as Synchro Materials."),
    "sim_synchro_non_tuner_requirements": _row(
        "When a Synchro Monster's non-Tuner monsters must meet a requirement (a Type, an Attribute ...), every "
        "non-Tuner material must meet it.",
        ["prb2017:synchro-summoning", "prb2017:synchro-summoning-ex1"], "prb2017:synchro-summoning",
        "If the non-Tuner monsters need to meet certain requirements, all non-Tuner materials must meet those "
        "requirements."),
    "sim_xyz_level_materials": _row(
        "An Xyz Summon piles up 2 or more face-up monsters the player controls whose Level equals the Xyz "
        "Monster's Rank, as many as its line lists.",
        ["prb2017:xyz-summoning", "prb2017:xyz-materials"], "prb2017:xyz-summoning",
        "If you have 2 or more face-up monsters on the field with the same Level, and an Xyz Monster in the Extra "
        "Deck whose Rank is of the same value as the Level of those monsters, you can declare you are perfomring an "
        "Xyz Summon."),
    # --- Fusion substitutes
    "sim_fusion_only_listed": _row(
        "A Fusion Monster whose Fusion Summon \"can only be done with the above Fusion Materials\" cannot use a "
        "Fusion substitute monster (Goddess with the Third Eye and the like) as material.",
        ["community:2.5.4"], "community:2.5.4",
        "Cards like \"Goddess with the Third Eye\" that have an effect that says \"You can substitute this card for "
        "any 1 Fusion Material Monster\" cannot be used as a Material."),
    # --- Tributes for a Ritual Summon
    "sim_ritual_levels": _row(
        "A Ritual Spell's Tributes must reach its total exactly (\"equal\") or at least (\"equal ... or more\").",
        ["prb2017:tributes-of-a-ritual", "prb2017:tributes-of-a-ritual-ex1"], "prb2017:tributes-of-a-ritual",
        "If the Ritual Spell says \"whose total Levels equal […]\", you must Tribute monsters so that the sum of "
        "the Level matches that value exactly."),
    "sim_ritual_no_extra": _row(
        "A Ritual Summon cannot Tribute more monsters than necessary.",
        ["prb2017:tributes-of-a-ritual-ex1", "prb2017:tributes-of-a-ritual"], "prb2017:tributes-of-a-ritual-ex1",
        "The number of Tributed monsters cannot be higher than necessary."),
    # --- battle positions of Summons
    "sim_normal_summon_attack": _row(
        "A Normal Summon is in face-up Attack Position (a Normal Set face-down Defense): never face-up Defense "
        "Position.",
        ["md:normal-summon-set", "tcg-v10:normal-summon"], "md:normal-summon-set",
        "Monsters CANNOT be Normal Summoned in face-up DEF Position."),
    "sim_flip_summon_attack": _row(
        "A Flip Summon changes a face-down Defense Position monster to face-up Attack Position, never face-up "
        "Defense Position.",
        ["md:flip-summon", "cr-draft:201.8b"], "md:flip-summon",
        "When you Flip Summon, you cannot change the monster to face-up Defense Position, only to face-up Attack "
        "Position."),
    "sim_special_summon_face_up": _row(
        "A Special Summoned monster is placed in face-up Attack or face-up Defense Position unless the effect says "
        "otherwise (never face-down by a Summon procedure).",
        ["prb2017:special-summoning", "md:special-summon"], "prb2017:special-summoning",
        "The Monster that would be Special Summoned must be placed in face-up Attack Position or face-up Defense "
        "Position unless stated otherwise."),
    "sim_built_in_summon_no_chain": _row(
        "A Special Summon by meeting a monster's own requirements (a built-in Summon: Cyber Dragon, Synchro, Xyz and "
        "Link Summons) does not start a chain; cards that negate Special Summons can respond to it.",
        ["prb2017:special-summoning-a-monster-through-requirements", "community:3.3.1"],
        "prb2017:special-summoning-a-monster-through-requirements",
        "Performing a Special Summon by meeting requirements does not start a chain."),
    "sim_built_in_summon_not_effect": _row(
        "The requirements of a Special Summon Monster to Special Summon itself are not an effect.",
        ["prb2017:special-summon-monsters", "community:3.3.1"], "prb2017:special-summon-monsters",
        "The requirements of a Special Summon Monster to Special Summon itself are not treated as an effect."),
    # --- Gemini monsters Normal Summoned a second time
    "sim_gemini_no_tribute": _row(
        "Normal Summoning a Level 5 or higher Gemini Monster a second time (it is already on the field) needs no "
        "Tribute.",
        ["cr-draft:202.8g", "prb2017:gemini"], "cr-draft:202.8g",
        "To Normal Summon a Level 5 or higher Gemini Monster a second time, no Monster is required as Tribute."),
    "sim_gemini_normal_summon": _row(
        "Normal Summoning a Gemini Monster a second time is a Normal Summon: it uses the turn's Normal Summon.",
        ["prb2017:gemini", "cr-draft:202.8f"], "prb2017:gemini",
        "This can only be performed once per turn including other Normal Summons during that turn."),
    # --- a monster in an Extra Monster Zone whose control switches
    "sim_emz_control_switch": _row(
        "A monster in an Extra Monster Zone whose control switches goes to an available Main Monster Zone of the "
        "player who gained control (when control returns: of the player who regained it; none available: it is "
        "destroyed).",
        ["prb2017:if-control-of-a-monster-in-the-extra", "prb2017:extra-monster-zone"],
        "prb2017:if-control-of-a-monster-in-the-extra",
        "If control of a monster placed in an Extra Monster Zone switches to the other player's field, it is placed "
        "in an available Main Monster Zone of the player who gained control."),
    "sim_emz_not_main": _row(
        "The Extra Monster Zones are not Main Monster Zones: monsters there are not counted among the 5 Main "
        "Monster Zones.",
        ["prb2017:extra-monster-zones", "tcg-v10:the-game-mat"], "prb2017:extra-monster-zones",
        "Furthermore, monsters in this zone are not included in the 5 Main Monster Zones."),
    # --- how many cards each zone holds
    "sim_zone_count_st": _row(
        "A player has 5 Spell & Trap Zones: at most 5 cards there (Field Spells go to the Field Zone).",
        ["prb2017:spell-trap-zone-spell-trap-card-zone"], "prb2017:spell-trap-zone-spell-trap-card-zone",
        "You can place up to a maximum of 5 cards in your Spell & Trap Zone."),
    "sim_zone_count_main": _row(
        "A player has 5 Main Monster Zones: at most 5 monsters there (the Extra Monster Zone is not one of them).",
        ["prb2017:main-monster-zones-p10", "prb2017:extra-monster-zones"], "prb2017:main-monster-zones-p10",
        "They are divided in 5 zones and since each monster is placed in 1 of them, the maximum number of "
        "monsters that can be placed in the Main Monster Zones is 5."),
    "sim_zone_count_field": _row(
        "Each player can place only 1 Field Spell, in their Field Zone.",
        ["prb2017:field-zone", "md:field-zone"], "prb2017:field-zone",
        "Each player can only place 1 Field Spell Card in each Field Zone."),
    # --- who chooses the zone of a Special Summon to the opponent's field
    "sim_zone_chooser": _row(
        "The player who performs a Special Summon chooses its Main Monster Zone: when an effect has the opponent "
        "Special Summon (Gilasaurus), the opponent chooses; when you Special Summon to the opponent's field (Ojama "
        "Trio), you choose in most cases.",
        ["prb2017:special-summoning-monsters-in-the-opponent-s-main", "prb2017:special-summoning"],
        "prb2017:special-summoning-monsters-in-the-opponent-s-main",
        "However, even if you activate an effect like Gilasaurus in which the opponent performs the Special "
        "Summon, the opponent is the one who chooses the Main Monster Zone in which the monster would be Special "
        "Summoned."),
    # --- zones the simulator fills (activation.py / game.py)
    "sim_field_spell_replace": _row(
        "A player controls one Field Spell: activating (or Setting) a new one from the hand sends the card in "
        "the Field Zone to the GY (it is not destroyed).",
        ["md:field-zone", "prb2017:field-zone"], "md:field-zone",
        "When activating a Field Spell from your hand, you must send any cards currently in your Field Zone to "
        "the GY."),
    # --- what counts as which Summon
    "sim_set_not_summoned": _row(
        "A monster Normal Set is not considered Summoned until it is flipped face-up.",
        ["md:normal-summon-set", "tcg-v10:normal-set"], "md:normal-summon-set",
        "A monster that is Set is not considered Summoned until flipped via a Flip Summon the following turn or "
        "flipped face-up by a card effect (also a Flip Summon)."),
    "sim_no_tribute_not_tribute_summon": _row(
        "A Level 5 or higher monster Normal Summoned/Set without Tributes (by its own text or an effect) is "
        "not Tribute Summoned.",
        ["prb2017:tribute-summon", "cr-draft:301.19"], "prb2017:tribute-summon",
        "If a monster like \"Beast King Barbaros\" that says \"You can Normal Summon/Set this card without "
        "Tributing\" is Normal Summoned/Set without a Tribute, this is not treated as a Tribute Summon."),
    "sim_tribute_is_normal": _row(
        "A Tribute Summon is a Normal Summon that Tributes monsters.",
        ["cr-draft:301.17", "prb2017:tribute-summon"], "cr-draft:301.17",
        "A Normal Summon is also considered a Tribute Summon if a Monster was tributed to perform it."),
    "sim_special_kinds": _row(
        "Fusion, Link, Pendulum, Ritual, Synchro and Xyz Summons are Special Summons; Normal/Tribute and Flip "
        "Summons are not.",
        ["cr-draft:303.1", "cr-draft:300.2"], "cr-draft:303.1",
        "A Special Summon is any Summon that is not a Normal/Tribute Summon or a Flip Summon, namely: Fusion "
        "Summon, Link Summon, Pendulum Summon, Ritual Summon, Synchro Summon, Xyz Summon"),
    "sim_flip_not_normal": _row(
        "A Flip Summon is neither a Normal Summon nor a Special Summon.",
        ["prb2017:flip-summon", "cr-draft:300.2"], "prb2017:flip-summon",
        "Keep in mind a Flip Summon is not a Normal Summon nor a Special Summon."),
    # --- zones
    "sim_pendulum_zone_spell_trap": _row(
        "Cards in the Pendulum Zones are Spell Cards and cards in the Spell & Trap Zone.",
        ["prb2017:pendulum-zones-ex1", "prb2017:pendulum-zones"], "prb2017:pendulum-zones-ex1",
        "Since cards in the Pendulum Zones are also treated as cards in the Spell & Trap Zone"),
    "sim_field_zone_not_spell_trap": _row(
        "Cards in the Field Zone are not cards in the Spell & Trap Zone.",
        ["prb2017:field-zone", "prb2017:spell-trap-zone-spell-trap-card-zone"], "prb2017:field-zone",
        "Also, these are not treated as cards in the Spell & Trap Zone."),
    # --- Summon rules of kinds of monsters (hC: Xyz as material, face-down Tributes, Tokens, Fusion, Pendulum)
    "sim_material_xyz_ok": _row(
        "Xyz Monsters can be used as material for a Fusion Summon or a Link Summon (if the Summoned monster's "
        "requirements allow it); they have no Level, so they are not Synchro or Xyz Material unless a card says "
        "otherwise.",
        ["cr-draft:203.8c", "prb2017:xyz-materials"], "cr-draft:203.8c",
        "Xyz Monsters can be used as material for a Fusion Summon or a Link Summon."),
    "sim_material_xyz_not_xyz": _row(
        "Xyz Monsters have no Level: they cannot be material for a Synchro Summon or an Xyz Summon (unless a "
        "card's own text allows it).",
        ["cr-draft:203.8c", "prb2017:xyz-materials"], "cr-draft:203.8c",
        "An Xyz Monster cannot be used as material for a Synchro Summon or an Xyz Summon as Xyz Monsters do not "
        "have a Level."),
    "sim_tribute_face_down": _row(
        "Face-down monsters on the field can be Tributed for a Tribute Summon and for a Ritual Summon.",
        ["prb2017:tributes-for-a-tribute-summon", "prb2017:ritual-summoning", "prb2017:face-down-defense-position"],
        "prb2017:tributes-for-a-tribute-summon", "Face-down monsters on the field can also be Tributed."),
    "sim_tribute_token": _row(
        "Monster Tokens on the field can be Tributed (they are removed from the Duel, not sent to the GY).",
        ["prb2017:tributes-for-a-tribute-summon"], "prb2017:tributes-for-a-tribute-summon",
        "Monster Tokens on the field can also be Tributed."),
    "sim_tribute_trap_monster": _row(
        "Trap Cards treated as monsters on the field can be Tributed.",
        ["prb2017:tributes-for-a-tribute-summon"], "prb2017:tributes-for-a-tribute-summon",
        "Trap Cards treated as monsters on the field can also be Tributed."),
    "sim_tribute_own_only": _row(
        "A Tribute Summon Tributes only monsters the player controls (only a card's effect can Tribute the "
        "opponent's monsters).",
        ["prb2017:tributes-for-a-tribute-summon"], "prb2017:tributes-for-a-tribute-summon",
        "You can only Tribute monsters you control."),
    "sim_tribute_field_only": _row(
        "A Tribute Summon Tributes monsters on the field (never from the hand); a Ritual Summon may Tribute "
        "monsters from the hand or the field.",
        ["prb2017:tributes-for-a-tribute-summon", "prb2017:ritual-summoning"], "prb2017:tributes-for-a-tribute-summon",
        "Sending monsters on the field to the Graveyard for a Tribute Summon is called Tributing."),
    "sim_ritual_hand_or_field": _row(
        "A Ritual Summon Tributes monsters from the hand or the field whose Levels reach the Ritual Spell's total.",
        ["prb2017:ritual-summoning", "prb2017:tributes-of-a-ritual"], "prb2017:ritual-summoning",
        "When resolving the effect of the Ritual Spell Card, monsters in the hand or field whose Levels add up to the "
        "Level designated in the Ritual Spell Card or more are Tributed."),
    "sim_tribute_face_down_ritual": _row(
        "Monsters on the field Tributed for a Ritual Summon may be face-down.",
        ["prb2017:ritual-summoning", "prb2017:tributes-for-a-tribute-summon"], "prb2017:ritual-summoning",
        "If monsters on the field are Tributed, face-down monsters can also be tributed."),
    "sim_token_only_its_effect": _row(
        "A Token can only be Special Summoned by the effect that created it: no other effect can Special Summon "
        "it, even after it was properly Special Summoned.",
        ["cr-draft:202.16f"], "cr-draft:202.16f",
        "A Token can only be Special Summoned by the effect that created it, so it cannot be Special Summoned by "
        "other effects even if it was Properly Special Summoned."),
    "sim_fusion_by_effect": _row(
        "A Fusion Summon is performed only by a card effect (Polymerization and the like), never as a procedure "
        "of its own.",
        ["cr-draft:304.3", "cr-draft:304.1"], "cr-draft:304.3", "A Fusion Summon can only be performed by a card effect."),
    "sim_pendulum_level_only": _row(
        "Only monsters with a Level can be Pendulum Summoned: Xyz and Link Monsters cannot be.",
        ["cr-draft:306.6", "prb2017:pendulum-summoning"], "cr-draft:306.6",
        "Only Monsters with a Level can be Pendulum Summoned."),
    "sim_pendulum_once": _row(
        "A player can perform 1 Pendulum Summon per turn (a few cards grant an additional one).",
        ["cr-draft:306.2", "cr-draft:306.2a"], "cr-draft:306.2", "A player can only perform 1 Pendulum Summon per turn."),
    "sim_flip_once_per_monster": _row(
        "Any number of Flip Summons can be performed in a turn, but the same monster only once per turn (nor in "
        "the turn it was Set, Summoned, attacked or changed its battle position).",
        ["prb2017:flip-summoning", "cr-draft:302.4", "cr-draft:302.5"], "prb2017:flip-summoning",
        "Any number of Flip Summons can be performed per turn, but a single monster can only be Flip Summoned once "
        "per turn."),
    "sim_pendulum_from_hand_extra": _row(
        "A Pendulum Summon places monsters from the hand and the face-up Extra Deck only (not the GY, Deck or "
        "banishment).",
        ["cr-draft:306.5", "prb2017:pendulum-summoning"], "cr-draft:306.5",
        "To perform a Pendulum Summon the player performing the Pendulum Summon chooses any number of Monster in "
        "their hand and face-up Extra Deck and places them on their field."),
    "sim_ritual_from_hand": _row(
        "A Ritual Summon places the Ritual Monster from the hand (unless the Ritual Spell's text says otherwise).",
        ["prb2017:ritual-summoning", "tcg-v10:how-to-ritual-summon"], "prb2017:ritual-summoning",
        "Afterwards, the Ritual Monster is placed from the hand on the field in face-up Attack or Defense Position."),
    # --- "Any card sent to the GY is banished instead" (Macro Cosmos): materials and Tributes are banished
    "sim_banished_instead_fusion": _row(
        "While cards sent to the GY are banished instead (Macro Cosmos), a card that Fusion Summons can still be "
        "activated and Fusion Summon; the materials are banished.",
        ["prb2017:fusion-materials"], "prb2017:fusion-materials",
        "Even if an effect like \"Macro Cosmos\" is being applied, so that monsters that are sent to the Graveyard "
        "are banished, a card that performs a Fusion Summon can be activated and Fusion Summon."),
    "sim_banished_instead_synchro": _row(
        "While cards sent to the GY are banished instead (Macro Cosmos), a player can still Synchro Summon; the "
        "materials are banished.",
        ["prb2017:synchro-materials"], "prb2017:synchro-materials",
        "Even if an effect like \"Macro Cosmos\" is being applied, so that monsters sent to the Graveyard are "
        "banished, you can still Synchro Summon."),
    "sim_banished_instead_link": _row(
        "While cards sent to the GY are banished instead (Macro Cosmos), a player can still Link Summon; the "
        "materials are banished.",
        ["prb2017:link-materials"], "prb2017:link-materials",
        "Even if an effect like Macro Cosmos is being applied, it is possible to Link Summon even if the monsters "
        "that would be sent to the Graveyard would be banished."),
    "sim_banished_instead_tribute": _row(
        "While cards sent to the GY are banished instead (Macro Cosmos), monsters can still be Tributed; they are "
        "banished.",
        ["prb2017:tributes-for-a-tribute-summon"], "prb2017:tributes-for-a-tribute-summon",
        "Even if \"Macro Cosmos\" or something similar is being applied, so that monsters that would be sent to the "
        "Graveyard are banished, monsters can still be Tributed."),
    "sim_procedure_main_phase": _row(
        "A Synchro, Xyz or Link Summon, or a Special Summon by a monster's own procedure, is performed by the turn "
        "player in their Main Phase with no chain forming or resolving (a card effect may Summon at other times).",
        ["cr-draft:307.3", "cr-draft:308.3", "cr-draft:305.4"], "cr-draft:307.3",
        "The turn player can perform a Synchro Summon during their Main Phase if there isn't a chain forming or "
        "resolving"),
    "sim_xyz_material_not_on_field": _row(
        "Xyz Materials are not cards on the field; detaching one is not leaving the field.",
        ["prb2017:xyz-materials", "cr-draft:308.6"], "prb2017:xyz-materials",
        "Also, the card is not treated as leaving the field."),
    # --- a monster's own Special Summon procedure (procedures.py)
    "sim_own_procedure": _row(
        "A monster whose text says \"If <condition>, you can Special Summon this card (from your hand)\" is "
        "Special Summoned by meeting that requirement, by the turn player in the Main Phase (no chain): only while "
        "the condition holds, and only from the place it names.",
        ["prb2017:special-summoning-a-monster-through-requirements", "community:3.3.1", "prb2017:special-summoning"],
        "prb2017:special-summoning-a-monster-through-requirements",
        "the turn player can Special Summon a monster by meeting the requirements written in that monster's Effect "
        "Text."),
}

# The facts, in the shape of :data:`kb.engine.rule_facts.FACTS` (merged into it):
# (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line).
# A combination not listed is not decided ("unknown"); Monster Tokens as materials are rule_facts.py's.
SUMMON_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    # which monsters can be materials (topic "material"; subject: the kind of monster)
    ("material", "link_monster", "synchro_material"): ("no", "sim_material_link_no_level",
                                                       "Link Monsters have no Level: they cannot be Synchro Material"),
    ("material", "link_monster", "xyz_material"): ("no", "sim_material_link_no_level",
                                                   "Link Monsters have no Level: they cannot be Xyz Material"),
    ("material", "link_monster", "fusion_material"): ("yes", "sim_material_link_ok",
                                                      "Link Monsters can be Fusion Material (if the Fusion "
                                                      "Monster's requirements allow it)"),
    ("material", "link_monster", "link_material"): ("yes", "sim_material_link_ok",
                                                    "Link Monsters can be Link Material (if the Link Monster's "
                                                    "requirements allow it)"),
    ("material", "xyz_monster", "synchro_material"): ("no", "sim_material_xyz_no_level",
                                                      "Xyz Monsters have no Level: they cannot be Synchro Material"),
    **{("material", "trap_monster", f"{kind}_material"): (
        "yes", "sim_trap_monster_material", f"Trap Cards treated as monsters on the field can be {kind.title()} "
        f"Material") for kind in ("synchro", "xyz", "link")},
    ("material", "face_down", "link_material"): ("no", "sim_material_face_up_link",
                                                 "Link Materials must be face-up monsters"),
    ("material", "face_down", "synchro_material"): ("no", "sim_material_face_up_synchro",
                                                    "Synchro Materials must be face-up monsters"),
    ("material", "face_down", "xyz_material"): ("no", "sim_material_face_up_xyz",
                                                "Xyz Materials must be face-up monsters"),
    # what counts as which Summon (topic "summon_kind"; subject: what was done, asked: what it would count as)
    ("summon_kind", "normal_set", "summoned"): ("no", "sim_set_not_summoned",
                                                "a monster Normal Set is not considered Summoned until it is "
                                                "flipped face-up"),
    ("summon_kind", "normal_summon_without_tribute", "tribute_summon"): (
        "no", "sim_no_tribute_not_tribute_summon",
        "a monster Normal Summoned/Set without Tributes is not Tribute Summoned"),
    ("summon_kind", "tribute_summon", "normal_summon"): ("yes", "sim_tribute_is_normal",
                                                         "a Tribute Summon is a Normal Summon that Tributes "
                                                         "monsters"),
    ("summon_kind", "flip_summon", "normal_summon"): ("no", "sim_flip_not_normal",
                                                      "a Flip Summon is not a Normal Summon"),
    ("summon_kind", "flip_summon", "special_summon"): ("no", "sim_flip_not_normal",
                                                       "a Flip Summon is not a Special Summon"),
    ("summon_kind", "normal_summon", "special_summon"): ("no", "sim_special_kinds",
                                                         "a Normal Summon is not a Special Summon"),
    ("summon_kind", "tribute_summon", "special_summon"): ("no", "sim_special_kinds",
                                                          "a Tribute Summon is not a Special Summon"),
    **{("summon_kind", f"{kind}_summon", "special_summon"): (
        "yes", "sim_special_kinds", f"a {kind.title()} Summon is a Special Summon")
       for kind in ("fusion", "synchro", "xyz", "link", "pendulum", "ritual")},
    # Xyz Monsters as material; face-down Tributes; Tokens; Fusion Summons; Pendulum Summons (hC)
    ("material", "xyz_monster", "link_material"): ("yes", "sim_material_xyz_ok",
                                                   "Xyz Monsters can be Link Material (if the Link Monster's "
                                                   "requirements allow it)"),
    ("material", "xyz_monster", "fusion_material"): ("yes", "sim_material_xyz_ok",
                                                     "Xyz Monsters can be Fusion Material (if the Fusion Monster's "
                                                     "requirements allow it)"),
    ("material", "xyz_monster", "xyz_material"): ("no", "sim_material_xyz_not_xyz",
                                                  "Xyz Monsters have no Level: they cannot be Xyz Material (unless "
                                                  "a card's own text allows it)"),
    ("tribute", "face_down", "tribute_summon"): ("yes", "sim_tribute_face_down",
                                                 "face-down monsters on the field can be Tributed for a Tribute "
                                                 "Summon"),
    ("tribute", "token", "tribute_summon"): ("yes", "sim_tribute_token",
                                             "Monster Tokens on the field can be Tributed for a Tribute Summon"),
    ("tribute", "trap_monster", "tribute_summon"): ("yes", "sim_tribute_trap_monster",
                                                    "Trap Cards treated as monsters can be Tributed for a Tribute "
                                                    "Summon"),
    ("tribute", "opponent_monster", "tribute_summon"): ("no", "sim_tribute_own_only",
                                                        "a Tribute Summon Tributes only monsters the player "
                                                        "controls"),
    ("tribute", "hand_monster", "tribute_summon"): ("no", "sim_tribute_field_only",
                                                    "a Tribute Summon Tributes monsters on the field, not in the "
                                                    "hand"),
    ("tribute", "hand_monster", "ritual_summon"): ("yes", "sim_ritual_hand_or_field",
                                                   "a Ritual Summon can Tribute monsters from the hand or the field"),
    ("special_summon", "per_turn", "more_than_once"): ("yes", "sim_normal_summon_once",
                                                       "there is no limit to the number of Special Summons in a "
                                                       "turn"),
    ("special_summon", "per_turn", "limited"): ("no", "sim_normal_summon_once",
                                                "there is no limit to the number of Special Summons in a turn"),
    ("pendulum", "per_turn", "twice"): ("no", "sim_pendulum_once", "a player can perform 1 Pendulum Summon per turn "
                                                                   "(unless a card grants an additional one)"),
    ("synchro_requirement", "non_tuners", "all_must_meet"): (
        "yes", "sim_synchro_non_tuner_requirements", "every non-Tuner material must meet the requirement the Synchro "
        "Monster's line gives its non-Tuners"),
    ("xyz", "different_levels", "allowed"): ("no", "sim_xyz_level_materials",
                                            "the materials of an Xyz Summon are monsters with the same Level, the "
                                            "Xyz Monster's Rank (unless a card's text says otherwise)"),
    ("normal_summon", "per_turn", "count"): ("1", "sim_normal_summon_once",
                                             "a player can Normal Summon or Set once per turn (card effects can "
                                             "grant more)"),
    ("tribute", "face_down", "ritual_summon"): ("yes", "sim_tribute_face_down_ritual",
                                                "face-down monsters on the field can be Tributed for a Ritual "
                                                "Summon"),
    ("token", "token", "special_summon_other_effect"): ("no", "sim_token_only_its_effect",
                                                        "a Token can only be Special Summoned by the effect that "
                                                        "created it"),
    ("summon_kind", "normal_set", "uses_normal_summon"): ("yes", "sim_normal_summon_once",
                                                          "a player can Normal Summon or Set once per turn: a Normal "
                                                          "Set uses it"),
    ("summon_kind", "normal_summon_with_tribute", "tribute_summon"): (
        "yes", "sim_tribute_is_normal", "a Normal Summon that Tributed a monster is a Tribute Summon"),
    ("summon_kind", "fusion_summon", "without_effect"): ("no", "sim_fusion_by_effect",
                                                         "a Fusion Summon can only be performed by a card effect"),
    ("flip_summon", "same_monster", "twice_per_turn"): ("no", "sim_flip_once_per_monster",
                                                        "the same monster can be Flip Summoned only once per turn"),
    ("flip_summon", "different_monsters", "same_turn"): ("yes", "sim_flip_once_per_monster",
                                                         "any number of Flip Summons can be performed per turn, each "
                                                         "of a different monster"),
    ("pendulum", "xyz_monster", "pendulum_summon"): ("no", "sim_pendulum_level_only",
                                                     "Xyz Monsters have no Level: they cannot be Pendulum Summoned"),
    ("pendulum", "link_monster", "pendulum_summon"): ("no", "sim_pendulum_level_only",
                                                      "Link Monsters have no Level: they cannot be Pendulum "
                                                      "Summoned"),
    ("pendulum", "level_equal_scale", "pendulum_summon"): (
        "no", "sim_pendulum_scales", "the Level must be strictly between the two Pendulum Scales: a Level equal to "
        "a Scale is not between them"),
    ("pendulum", "from_gy", "allowed"): ("no", "sim_pendulum_from_hand_extra",
                                         "a Pendulum Summon places monsters from the hand and the face-up Extra Deck "
                                         "only"),
    ("pendulum", "from_deck", "allowed"): ("no", "sim_pendulum_from_hand_extra",
                                           "a Pendulum Summon places monsters from the hand and the face-up Extra Deck "
                                           "only"),
    ("pendulum", "from_face_down_extra", "allowed"): ("no", "sim_pendulum_from_hand_extra",
                                                      "only face-up monsters in the Extra Deck can be Pendulum "
                                                      "Summoned from it"),
    ("pendulum", "from_hand", "allowed"): ("yes", "sim_pendulum_from_hand_extra",
                                           "a Pendulum Summon places monsters from the hand (Levels between the "
                                           "Scales), Pendulum Monsters or not"),
    ("ritual", "from_gy", "allowed"): ("no", "sim_ritual_from_hand",
                                       "the Ritual Monster is Ritual Summoned from the hand (unless the Ritual Spell "
                                       "says otherwise)"),
    **{("banished_instead", f"{kind}_summon", "allowed"): (
        "yes", f"sim_banished_instead_{kind}", f"a {kind.title()} Summon can still be performed while cards sent to "
        f"the GY are banished instead (its {'Tributes' if kind == 'tribute' else 'materials'} are banished)")
       for kind in ("fusion", "synchro", "link", "tribute")},
    ("pendulum", "per_turn", "count"): ("1", "sim_pendulum_once", "a player can perform 1 Pendulum Summon per turn "
                                                                  "(a few cards grant an additional one)"),
    # a Fusion substitute monster for a Fusion Monster whose text allows only the listed materials
    ("fusion_substitute", "only_listed_materials", "usable"): (
        "no", "sim_fusion_only_listed", "a Fusion Monster whose Fusion Summon can only be done with the listed "
        "Fusion Materials cannot use a Fusion substitute monster"),
    # the Tributes for a Ritual Spell's Ritual Summon, by their Levels (topic "ritual_tributes")
    ("ritual_tributes", "levels_reach_total", "allowed"): ("yes", "sim_ritual_levels",
                                                           "the Levels of the Tributes reach the Ritual Spell's "
                                                           "total, with no monster more than necessary"),
    ("ritual_tributes", "levels_below_total", "allowed"): ("no", "sim_ritual_levels",
                                                           "the Levels of the Tributes do not reach the total"),
    ("ritual_tributes", "levels_not_exact", "allowed"): ("no", "sim_ritual_levels",
                                                         "the Ritual Spell needs the total exactly"),
    ("ritual_tributes", "more_than_needed", "allowed"): ("no", "sim_ritual_no_extra",
                                                         "fewer of those monsters already reach the total: no more "
                                                         "Tributes than necessary"),
    # the battle position a Summon puts a monster in (topic "position")
    ("position", "normal_summon", "face_up_defense"): ("no", "sim_normal_summon_attack",
                                                       "a Normal Summon is in face-up Attack Position, never "
                                                       "face-up Defense Position"),
    ("position", "flip_summon", "face_up_defense"): ("no", "sim_flip_summon_attack",
                                                     "a Flip Summon turns the monster to face-up Attack Position, "
                                                     "never face-up Defense Position"),
    ("position", "special_summon", "face_down"): ("no", "sim_special_summon_face_up",
                                                  "a Special Summon places the monster face-up (Attack or Defense) "
                                                  "unless the effect says otherwise"),
    ("position", "special_summon", "face_up_defense"): ("yes", "sim_special_summon_face_up",
                                                        "a Special Summoned monster may be placed in face-up Defense "
                                                        "Position (a Link Monster excepted)"),
    ("built_in_summon", "special_summon", "starts_chain"): ("no", "sim_built_in_summon_no_chain",
                                                            "a Special Summon by meeting requirements does not start "
                                                            "a chain"),
    ("built_in_summon", "special_summon", "is_effect"): ("no", "sim_built_in_summon_not_effect",
                                                         "a Special Summon Monster's requirements to Special Summon "
                                                         "itself are not an effect"),
    # a Gemini Monster Normal Summoned a second time (topic "gemini")
    ("gemini", "second_summon", "tributes_needed"): ("no", "sim_gemini_no_tribute",
                                                     "Normal Summoning a Gemini Monster a second time needs no "
                                                     "Tribute, whatever its Level"),
    ("gemini", "second_summon", "uses_normal_summon"): ("yes", "sim_gemini_normal_summon",
                                                        "Normal Summoning a Gemini Monster a second time is the "
                                                        "turn's Normal Summon"),
    # zones (topic "zone"; subject: a zone or place, asked: what it is part of / what happens)
    ("zone", "pendulum_zone", "spell_trap_zone"): ("yes", "sim_pendulum_zone_spell_trap",
                                                   "cards in the Pendulum Zones are also cards in the Spell & Trap "
                                                   "Zone"),
    ("zone", "field_zone", "spell_trap_zone"): ("no", "sim_field_zone_not_spell_trap",
                                                "cards in the Field Zone are not cards in the Spell & Trap Zone"),
    ("zone", "control_switch_from_emz", "where"): (
        "in an available Main Monster Zone of the player who gained control", "sim_emz_control_switch",
        "a monster in an Extra Monster Zone whose control switches is placed in an available Main Monster Zone of "
        "the player who gained control"),
    ("zone", "control_switch_from_emz", "stays_in_emz"): (
        "no", "sim_emz_control_switch", "it moves to an available Main Monster Zone of the player who gained "
        "control"),
    ("zone_count", "spell_trap_zone", "count"): ("5", "sim_zone_count_st",
                                                 "a player can have at most 5 cards in the Spell & Trap Zones"),
    ("zone_count", "main_monster_zone", "count"): ("5", "sim_zone_count_main",
                                                   "a player has 5 Main Monster Zones"),
    ("zone_count", "extra_monster_zone", "count"): ("1", "sim_emz_one",
                                                    "each player uses only 1 Extra Monster Zone (unless an Extra "
                                                    "Link is formed)"),
    ("zone_count", "field_zone", "count"): ("1", "sim_zone_count_field",
                                            "each player can have only 1 Field Spell, in the Field Zone"),
    ("zone_choice", "opponent_performs_summon", "chooser"): (
        "the opponent", "sim_zone_chooser", "the opponent performs the Special Summon, so the opponent chooses the "
        "Main Monster Zone"),
    ("zone", "extra_monster_zone", "main_monster_zone"): (
        "no", "sim_emz_not_main", "the Extra Monster Zones are not Main Monster Zones"),
    ("zone", "xyz_material", "on_field"): ("no", "sim_xyz_material_not_on_field",
                                           "Xyz Materials are not cards on the field"),
    ("zone", "detach", "leaves_field"): ("no", "sim_xyz_material_not_on_field",
                                         "detaching an Xyz Material is not leaving the field"),
}


def _tributes() -> dict:
    out = {}
    for low, high, count in TRIBUTES_BY_LEVEL:
        for level in range(low, min(high, 12) + 1):
            out[("tributes", f"level_{level}", "count")] = (
                str(count), "sim_tributes", f"a Level {level} monster needs {count} Tribute(s) to be Normal "
                                            f"Summoned/Set (unless its own text says otherwise)")
    return out


SUMMON_FACTS.update(_tributes())
