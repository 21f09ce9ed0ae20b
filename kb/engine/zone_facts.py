"""Rule facts about zones, locations and who may look at them, as data (merged into
:data:`kb.engine.rule_facts.FACTS` / ``FACT_RULES``, answered by ``{"ask": "rule_fact"}``).

- ``visible``: what each location shows to its owner and to the opponent (the Perfect Rulebook's "public
  knowledge" / "private" sentences, chapter 2.1-2.3), as a small model (:data:`VISIBILITY`) from which
  the yes/no facts are derived: is it public, private, can the owner / the opponent look at it, is the
  number of cards public, can its order be changed.
- ``zone``: where cards may be placed and what a card in a zone is treated as (Field Zone, Spell & Trap
  Zones, Pendulum Zones, Monster Zones, Link Arrows, Xyz Materials, Equip Spells, banishing, owners' GYs).

A proposition no row states is "unknown" (never guessed from a neighbour).
"""

from __future__ import annotations

__all__ = ["VISIBILITY", "ZONE_FACTS", "ZONE_RULES"]


def _row(statement: str, sections: list[str], quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": sections[0], "text": quote}}


ZONE_RULES: dict[str, dict] = {
    # ------------------------------------------------------------------ who may look at what
    "vis_hand": _row(
        "The cards in the hand are private to the opponent and have no order; the number of cards in the hand is "
        "public knowledge.",
        ["prb2017:2.2"], "The cards in the hand are private information to the opponent."),
    "vis_hand_count": _row(
        "The number of cards in the hand is public knowledge.",
        ["prb2017:2.2", "tcg-v10:public-knowledge"], "The number of cards in the hand is public knowledge."),
    "vis_hand_order": _row(
        "Cards in the hand have no order.",
        ["prb2017:2.2"], "Also, cards in the hand do not have an order."),
    "vis_gy": _row(
        "The cards in the GY and their number are public knowledge; both players can verify them.",
        ["prb2017:graveyard", "tcg-v10:public-knowledge"],
        "The information and number of cards in the Graveyard is public knowledge."),
    "vis_gy_order": _row(
        "The order of cards in the GY cannot be changed.",
        ["prb2017:graveyard"], "The order of cards in the Graveyard cannot be changed."),
    "vis_deck": _row(
        "The cards in the Main Deck are private: neither player can verify their order or information (outside "
        "effects that search the Deck); their number is public knowledge.",
        ["prb2017:deck-zone"], "The cards in your Main Deck are always private."),
    "vis_deck_count": _row(
        "The number of cards in the Main Deck is public knowledge.",
        ["prb2017:deck-zone", "tcg-v10:public-knowledge"],
        "The number of cards in the Main Deck is public knowledge."),
    "vis_extra": _row(
        "The owner can always verify the face-down cards of their Extra Deck (and change their order); they are "
        "private to the opponent.",
        ["prb2017:extra-deck-zone"], "The face-down cards in the Extra Deck are private to the opponent."),
    "vis_extra_owner": _row(
        "The owner can always verify the cards in their Extra Deck and change their order.",
        ["prb2017:extra-deck-zone"], "The player who owns the cards in the Extra Deck can always verify them."),
    "vis_extra_count": _row(
        "The number of cards in the Extra Deck is public knowledge.",
        ["prb2017:extra-deck-zone"], "The number of cards in the Extra Deck is public knowledge."),
    "vis_extra_face_up": _row(
        "Pendulum Monsters added to the Extra Deck face-up are public knowledge.",
        ["prb2017:pendulum-monsters-added-to-the-extra-deck-face"],
        "The Pendulum Monsters that were added to the Extra Deck face-up are public knowledge."),
    "vis_banished": _row(
        "Face-up banished cards and the number of banished cards are public knowledge.",
        ["prb2017:2.3"],
        "The information of cards banished face-up and the number of banished cards is public knowledge."),
    "vis_banished_face_down": _row(
        "Face-down banished cards are private: in most cases only their owner can verify them.",
        ["prb2017:face-down-cards", "prb2017:2.3"],
        "If cards are banished face-down, in most cases only the owner can verify them."),
    "vis_lp": _row(
        "Each player's LP are public knowledge.",
        ["tcg-v10:public-knowledge"], "each player's current LP are all public knowledge"),
    # ------------------------------------------------------------------ zones
    "zone_field_spell_st": _row(
        "Field Spells can only be placed in the Field Zone, never in a Spell & Trap Zone.",
        ["prb2017:spell-trap-zone-spell-trap-card-zone", "prb2017:field-zone", "cr-draft:207.4"],
        "Since Field Spell Cards can only be placed in the Field Zone, they cannot be placed in the Spell & Trap "
        "Zone."),
    "zone_field_not_st": _row(
        "A Field Spell in the Field Zone is not a card in the Spell & Trap Zone; each Field Zone holds 1 Field "
        "Spell.",
        ["prb2017:field-zone", "prb2017:field-zone-ex1"],
        "Also, these are not treated as cards in the Spell & Trap Zone."),  # ex1: Snow Plow Hustle Rustle
    "zone_field_one": _row(
        "Each player can place only 1 Field Spell in their Field Zone.",
        ["prb2017:field-zone"], "Each player can only place 1 Field Spell Card in each Field Zone."),
    "zone_field_replace": _row(
        "A player whose Field Zone holds a Field Spell can still activate or Set a Field Spell from the hand: the "
        "old one is sent to the GY first.",
        ["cr-draft:207.5", "prb2017:field-zone"],
        "If a player's Field Zone is occupied by a Field Spell, that player can still activate or set a Field "
        "Spell from their hand"),
    "zone_monster_in_st": _row(
        "A Monster Card placed in a Spell & Trap Zone by an effect is treated as a Spell Card.",
        ["prb2017:spell-trap-zone-spell-trap-card-zone"],
        "If a Monster Card is placed in the Spell & Trap Zone by some effect or resolution, it is treated as a "
        "Spell Card."),
    "zone_spell_trap_in_mz": _row(
        "A Spell or Trap Card placed in a Main Monster Zone by an effect is treated as a monster.",
        ["prb2017:main-monster-zones"],
        "If Spell or Trap Cards are placed in a Main Monster Zone by some effect or resolution, they are treated "
        "as monsters."),
    "zone_st_five": _row(
        "A player can have up to 5 cards in their Spell & Trap Zones; a card there cannot be moved to another "
        "Spell & Trap Zone.",
        ["prb2017:spell-trap-zone-spell-trap-card-zone"],
        "You can place up to a maximum of 5 cards in your Spell & Trap Zone."),
    "zone_st_move": _row(
        "A card placed in a Spell & Trap Zone cannot be moved to another Spell & Trap Zone.",
        ["prb2017:spell-trap-zone-spell-trap-card-zone"],
        "A card placed in a Spell & Trap Zone cannot be moved to a different Spell & Trap Zone."),
    "zone_mmz_five": _row(
        "A player can have up to 5 monsters in their Main Monster Zones.",
        ["prb2017:main-monster-zones"], "You can place up to a maximum of 5 monsters in your Main Monster Zones."),
    "zone_mz_move": _row(
        "A monster in a Monster Zone cannot be moved to another Monster Zone unless an effect does it.",
        ["prb2017:main-monster-zones"],
        "A monster placed in a Monster Zone cannot be moved to a different Monster Zone as long as an effect or "
        "resolution is not performed."),
    "zone_pendulum_where": _row(
        "A Pendulum Monster activated as a Spell is placed in the leftmost or rightmost Spell & Trap Zone (the "
        "Pendulum Zones).",
        ["cr-draft:202.10b", "prb2017:pendulum-zones"],
        "A Pendulum Monster activated as a Spell can only be placed in the rightmost or leftmost Spell/Trap Card "
        "Zone."),
    "zone_pendulum_is_spell": _row(
        "A Pendulum Monster in a Pendulum Zone is not a monster: it is a Spell Card and a card in the Spell & "
        "Trap Zone.",
        ["prb2017:pendulum-zones", "prb2017:pendulum-zones-ex1", "cr-draft:202.10f"],
        "Pendulum Monsters placed in the Pendulum Zone are not treated as monsters and are treated as Spell Cards, "
        "as well as cards in the Spell & Trap Zone."),
    "zone_pendulum_to_extra": _row(
        "A Pendulum Monster sent from the field to the GY is added face-up to the Extra Deck instead.",
        ["prb2017:pendulum-monsters-added-to-the-extra-deck-face", "cr-draft:202.10j"],
        "Pendulum Monsters sent from the field to the Graveyard are not sent to the Graveyard and are added to "
        "the Extra Deck instead."),
    "zone_pendulum_from_hand": _row(
        "A Pendulum Monster sent to the GY from anywhere but the field goes to the GY normally.",
        ["cr-draft:202.10k", "cr-draft:202.10j"],
        "A Pendulum Monster sent from any other Zone to the Graveyard it will go to the Graveyard normally."),
    "zone_link_arrows_mz": _row(
        "Link Arrows can only point to Monster Zones, not to Spell & Trap Zones, the Field Zone, the GY, the "
        "banished cards or the Decks.",
        ["cr-draft:203.6g"],
        "A Link Monster's Arrows can only point to Monster Zones, they cannot point to Spell/Trap card Zones"),
    "zone_link_arrows_opponent": _row(
        "Link Arrows can point to the opponent's zones and monsters.",
        ["cr-draft:203.6h"], "A Link Monster's Arrows can point to opponent's Zones and Monsters."),
    "zone_xyz_material_left": _row(
        "Monsters used as Xyz Material are not on the field, but they are not considered to have left the field.",
        ["cr-draft:308.6", "prb2017:xyz-materials"],
        "The monsters used as Xyz Material are not considered to have left the field even though the monsters are "
        "not on the field."),
    "zone_xyz_material_target": _row(
        "Xyz Materials cannot be targeted by effects.",
        ["prb2017:xyz-materials"], "Xyz Materials cannot be targeted for effects."),
    "zone_xyz_material_gy": _row(
        "When an Xyz Monster leaves the field its Xyz Materials are sent to the GY (not \"from the field\").",
        ["prb2017:xyz-materials"],
        "If an Xyz Monster piled over Xyz Materials leaves the field, the Xyz Materials are sent to the Graveyard."),
    "zone_xyz_material_not_from_field": _row(
        "Xyz Materials sent to the GY (detached, or when their Xyz Monster leaves) are not sent from the field and do "
        "not leave the field.",
        ["prb2017:xyz-materials", "prb2017:xyz-materials-ex1"],
        "If Xyz Materials are sent to the Graveyard, they are not treated as being sent from the field to the "
        "Graveyard."),
    "zone_pendulum_occupied": _row(
        "A card cannot be placed in a Pendulum Zone that already holds a card.",
        ["prb2017:pendulum-zones", "cr-draft:202.10i"],
        "New cards cannot be placed in a Pendulum Zone that already has a card placed on it."),
    "zone_hidden_no_target": _row(
        "Effects that affect cards in the hand, the Deck or other non-public locations do not target.",
        ["prb2017:souleating-oviraptor"],
        "In cases where effects affect cards in the hand, Deck or other non-public locations, they do not target "
        "either."),
    "zone_equip_destroyed": _row(
        "When the monster an Equip Spell is equipped to leaves the field or becomes Xyz Material, the Equip Spell "
        "is destroyed.",
        ["cr-draft:206.5", "prb2017:equip-spells"],
        "If the Monster with an Equip Spell Card equipped to it leaves the field or is used as material for an "
        "Xyz Summon, the Equip Spell is destroyed."),
    "zone_token_leaves": _row(
        "Monster Tokens that leave the field (as a material too) do not go to the GY: they are removed from the Duel.",
        ["prb2017:monster-token", "tcg-v10:monster-tokens"],
        "If Monster Tokens leave the field, they do not go to the Graveyard and are removed from the Duel."),
    "zone_full_xyz": _row(
        "With all Monster Zones occupied, a player can still Xyz Summon using a monster they control as Xyz Material.",
        ["cr-draft:308.7"],
        "If all Monster Zones of a player are occupied or unusable that player can perform a Xyz Summon as long as "
        "they use a Monster they control as Xyz Material."),
    "zone_full_synchro": _row(
        "With all Monster Zones occupied, a player can still Synchro Summon using a monster they control as Synchro "
        "Material.",
        ["cr-draft:307.8"],
        "If all Monster Zones of a player are occupied or unusable that player can perform a Synchro Summon as long "
        "as they use a Monster they control as Synchro Material."),
    "zone_token_resummon": _row(
        "A Token can only be Special Summoned by the effect that created it: one placed in a Spell & Trap Zone cannot "
        "be Special Summoned by another effect.",
        ["cr-draft:202.16f", "community:6.1"],
        "A Token can only be Special Summoned by the effect that created it, so it cannot be Special Summoned by other "
        "effects even if it was Properly Special Summoned."),
    "zone_token_fusion": _row(
        "Monster Tokens on the field can be Fusion Materials (they are removed from the Duel, not sent to the GY).",
        ["prb2017:fusion-materials", "prb2017:monster-token"],
        "Token Monsters on the field can also be used as Fusion Materials."),
    "zone_token_effects": _row(
        "The effects related to a Monster Token are effects of the card that Special Summoned it.",
        ["prb2017:monster-token", "prb2017:monster-token-ex1"],
        "If the activation or resolution of some effect is related to the Monster Token, those effects belong to the "
        "effect of the card that Special Summoned the Monster Token."),
    "zone_emz_extra_only": _row(
        "Only monsters Special Summoned from the Extra Deck are placed in an Extra Monster Zone.",
        ["prb2017:extra-monster-zone", "cr-draft:301.12"],
        "Monsters that are not Special Summoned from the Extra Deck cannot be placed in the Extra Monster Zone."),
    "zone_emz_owner": _row(
        "An empty Extra Monster Zone is neither player's; one holding a monster is a Monster Zone of that monster's "
        "controller.",
        ["prb2017:extra-monster-zone", "prb2017:extra-monster-zone-ex1"],
        "An Extra Monster Zone in which a monster has been placed is also treated as a Monster Zone of the controller "
        "of that monster."),
    "zone_emz_adjacent": _row(
        "The two Extra Monster Zones are not adjacent to each other.",
        ["prb2017:extra-monster-zone"],
        "The other Extra Monster Zone from the point of view of each Extra Monster Zone is not treated as \"the "
        "adjacent zone\"."),
    "zone_emz_again": _row(
        "A monster that left an Extra Monster Zone for the GY or banishment and is Special Summoned again goes to a Main "
        "Monster Zone, not the Extra Monster Zone.",
        ["prb2017:extra-monster-zone"],
        "it is not Special Summoned to the Extra Monster Zone and is Special Summoned into a Main Monster zone instead."),
    "zone_field_means": _row(
        "\"Cards on the field\" are the cards in the Main and Extra Monster Zones, Spell & Trap Zones, Field Zones and "
        "Pendulum Zones; \"Monster Zones\" alone means both Main and Extra Monster Zones; \"card(s) on the field\" "
        "alone means both players'.",
        ["prb2017:2.1", "community:1.2.1"],
        "If an effect simply says \"Monster Zones\" without specifying Main or Extra Monster Zones, it affects both "
        "Main Monster Zones and Extra Monster Zones."),
    "zone_on_field_list": _row(
        "\"Cards on the field\" are the cards in the Main and Extra Monster Zones, Spell & Trap Zones, Field Zones and "
        "Pendulum Zones (not the hand, Decks, GY or banished cards).",
        ["prb2017:2.1", "community:1.2.1"],
        "means cards in Main Monster Zones, Extra Monster Zones, Spell & Trap Zones, Field Zones and Pendulum Zones."),
    "zone_field_both": _row(
        "An effect that says \"card(s) on the field\" without saying whose can affect both players' cards.",
        ["prb2017:2.1", "community:1.2.1"],
        "without specifying yours or the opponent's, the effect can affect both player's"),
    "zone_deck_yours": _row(
        "An effect that only says \"Deck\" affects only your own Deck.",
        ["prb2017:deck-zone"],
        "If an effect only says \"Deck\", without specifying yours or the opponent's, that effect can only affect your "
        "Deck."),
    "zone_banish_face_up": _row(
        "Unless an effect says \"banish face-down\", cards are banished face-up.",
        ["prb2017:2.3", "prb2017:face-down-cards"],
        "In most cases, if it is not specified that cards are banished face-up or face-down, they are banished "
        "face-up."),
    "zone_owner_gy": _row(
        "Cards sent to the GY always go to their owner's GY, whoever controlled them.",
        ["prb2017:graveyard"], "If cards are sent to the Graveyard, they are always sent to the owner's Graveyard."),
}

# ------------------------------------------------------------------------------ who sees what
# location -> (owner can verify, opponent can verify, number public, order can be changed or None, rules)
# rules: (the row for the cards, the row for their number, the row for their order)
VISIBILITY: dict[str, tuple[bool, bool, bool | None, bool | None, tuple[str, str, str | None]]] = {
    "hand": (True, False, True, None, ("vis_hand", "vis_hand_count", "vis_hand_order")),  # no order at all
    "gy": (True, True, True, False, ("vis_gy", "vis_gy", "vis_gy_order")),
    "deck": (False, False, True, None, ("vis_deck", "vis_deck_count", None)),
    "extra": (True, False, True, True, ("vis_extra", "vis_extra_count", "vis_extra_owner")),
    "extra_face_up": (True, True, None, None, ("vis_extra_face_up", "vis_extra_count", None)),
    "banished": (True, True, True, None, ("vis_banished", "vis_banished", None)),
    "banished_face_down": (True, False, None, None, ("vis_banished_face_down", "vis_banished", None)),
    "lp": (True, True, None, None, ("vis_lp", "vis_lp", None)),
}

_WHERE = {"hand": "the cards in the hand", "gy": "the cards in the GY", "deck": "the cards in the Main Deck",
          "extra": "the face-down cards in the Extra Deck", "extra_face_up": "face-up Pendulum Monsters in the "
          "Extra Deck", "banished": "face-up banished cards", "banished_face_down": "face-down banished cards",
          "lp": "the LP"}


def _yn(value: bool) -> str:
    return "yes" if value else "no"


def _visibility_facts() -> dict[tuple[str, str, str], tuple[str, str, str]]:
    facts = {}
    for where, (owner, opponent, count, order, (rule, count_rule, order_rule)) in VISIBILITY.items():
        said = _WHERE[where]
        who = ("both players can verify" if owner and opponent else "only the owner can verify" if owner else
               "neither player can verify")
        facts[("visible", where, "public")] = (_yn(opponent), rule, f"{who} {said}")
        facts[("visible", where, "private")] = (_yn(not opponent), rule, f"{who} {said}")
        facts[("visible", where, "opponent_sees")] = (_yn(opponent), rule, f"{who} {said}")
        facts[("visible", where, "owner_sees")] = (_yn(owner), "vis_extra_owner" if where == "extra" else rule,
                                                   f"{who} {said}")
        if count is not None:
            facts[("visible", where, "count_public")] = (_yn(count), count_rule,
                                                         f"the number of {said[4:]} is public knowledge")
        if where == "hand":
            facts[("visible", where, "has_order")] = ("no", order_rule, "cards in the hand have no order")
        if order is not None and order_rule:
            facts[("visible", where, "reorder")] = (
                _yn(order), order_rule, f"the order of {said[4:]} {'can' if order else 'cannot'} be changed")
    return facts


# ------------------------------------------------------------------------------ zones
# (topic, subject, asked) -> (answer, rule key, what the rulebook says)
ZONE_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_visibility_facts(),
    ("zone", "field_spell", "in_st_zone"): ("no", "zone_field_spell_st",
                                            "Field Spells can only be placed in the Field Zone"),
    ("zone", "field_spell", "counts_as_st_zone"): ("no", "zone_field_not_st",
                                                   "a Field Spell in the Field Zone is not a card in the Spell & "
                                                   "Trap Zone"),
    ("zone", "field_only", "st_zone_condition"): ("no", "zone_field_not_st",
                                                  "a Field Spell in the Field Zone is not a card in the Spell & Trap "
                                                  "Zone: a condition that needs one is not met"),
    ("zone", "field_spell", "two_at_once"): ("no", "zone_field_one", "each Field Zone holds only 1 Field Spell"),
    ("zone", "field_spell", "replace"): ("yes", "zone_field_replace",
                                         "a player can activate or Set a new Field Spell from the hand; the one "
                                         "already in the Field Zone is sent to the GY"),
    ("zone", "monster_in_st", "spell_card"): ("yes", "zone_monster_in_st",
                                              "a Monster Card placed in a Spell & Trap Zone by an effect is treated "
                                              "as a Spell Card"),
    ("zone", "spell_trap_in_mz", "monster"): ("yes", "zone_spell_trap_in_mz",
                                              "a Spell or Trap Card placed in a Main Monster Zone by an effect is "
                                              "treated as a monster"),
    ("zone", "st_zone", "six"): ("no", "zone_st_five", "a player has at most 5 cards in their Spell & Trap Zones"),
    ("zone", "st_zone", "move"): ("no", "zone_st_move",
                                 "a card in a Spell & Trap Zone cannot be moved to another Spell & Trap Zone"),
    ("zone", "mmz", "six"): ("no", "zone_mmz_five", "a player has at most 5 monsters in their Main Monster Zones"),
    ("zone", "monster_zone", "move"): ("no", "zone_mz_move",
                                       "a monster cannot be moved to another Monster Zone unless an effect does it"),
    ("zone", "pendulum_zone", "spell_card"): ("yes", "zone_pendulum_is_spell",
                                              "a Pendulum Monster in a Pendulum Zone is treated as a Spell Card"),
    ("zone", "pendulum_zone", "monster"): ("no", "zone_pendulum_is_spell",
                                           "a Pendulum Monster in a Pendulum Zone is not treated as a monster"),
    ("zone", "pendulum_zone", "counts_as_st_zone"): ("yes", "zone_pendulum_is_spell",
                                                     "a Pendulum Monster in a Pendulum Zone is a card in the Spell & "
                                                     "Trap Zone"),
    ("zone", "pendulum_zone", "ends"): ("yes", "zone_pendulum_where",
                                        "the Pendulum Zones are the leftmost and rightmost Spell & Trap Zones"),
    ("zone", "pendulum_zone", "where"): ("the leftmost or rightmost Spell & Trap Zone (a Pendulum Zone)",
                                         "zone_pendulum_where",
                                         "a Pendulum Monster activated as a Spell can only be placed in the leftmost "
                                         "or rightmost Spell & Trap Zone"),
    ("zone", "pendulum_from_field", "to_gy"): ("no", "zone_pendulum_to_extra",
                                               "a Pendulum Monster sent from the field to the GY is added face-up to "
                                               "the Extra Deck instead"),
    ("zone", "pendulum_from_field", "to_extra"): ("yes", "zone_pendulum_to_extra",
                                                  "a Pendulum Monster sent from the field to the GY is added face-up "
                                                  "to the Extra Deck instead"),
    ("zone", "pendulum_from_hand", "to_gy"): ("yes", "zone_pendulum_from_hand",
                                              "a Pendulum Monster sent to the GY from anywhere but the field goes to "
                                              "the GY normally"),
    ("zone", "pendulum_from_hand", "to_extra"): ("no", "zone_pendulum_from_hand",
                                                 "only a Pendulum Monster sent from the field goes to the Extra Deck; "
                                                 "from elsewhere it goes to the GY"),
    ("zone", "link_arrow", "st_zone"): ("no", "zone_link_arrows_mz", "Link Arrows can only point to Monster Zones"),
    ("zone", "link_arrow", "field_zone"): ("no", "zone_link_arrows_mz", "Link Arrows can only point to Monster "
                                                                       "Zones"),
    ("zone", "link_arrow", "opponent"): ("yes", "zone_link_arrows_opponent",
                                         "Link Arrows can point to the opponent's zones and monsters"),
    ("zone", "xyz_material", "left_field"): ("no", "zone_xyz_material_left",
                                             "monsters used as Xyz Material are not considered to have left the "
                                             "field"),
    ("zone", "xyz_material", "targeted"): ("no", "zone_xyz_material_target", "Xyz Materials cannot be targeted"),
    ("zone", "xyz_material", "to_gy_with_monster"): ("yes", "zone_xyz_material_gy",
                                                     "when an Xyz Monster leaves the field, its Xyz Materials are sent "
                                                     "to the GY"),
    ("zone", "xyz_material", "detached_to_gy"): ("yes", "zone_xyz_material_not_from_field",
                                                 "a detached Xyz Material is sent to the GY (not from the field)"),
    ("zone", "xyz_material", "sent_from_field"): ("no", "zone_xyz_material_not_from_field",
                                                  "Xyz Materials sent to the GY are not sent from the field"),
    ("zone", "pendulum_zone", "occupied_place"): ("no", "zone_pendulum_occupied",
                                                  "a card cannot be placed in a Pendulum Zone that already holds one"),
    ("zone", "field_spell", "each_player"): ("yes", "zone_field_one",
                                             "each player has a Field Zone for 1 Field Spell of their own"),
    ("zone", "hidden_effects", "target"): ("no", "zone_hidden_no_target",
                                           "an effect on cards in the hand or Deck does not target them"),
    ("zone", "equip_host_leaves", "destroyed"): ("yes", "zone_equip_destroyed",
                                                 "the Equip Spell is destroyed when the equipped monster leaves the "
                                                 "field"),
    ("zone", "equip_host_leaves", "what"): ("it is destroyed", "zone_equip_destroyed",
                                            "the Equip Spell is destroyed when the equipped monster leaves the field"),
    ("zone", "equip_host_leaves", "stays"): ("no", "zone_equip_destroyed",
                                             "the Equip Spell is destroyed when the equipped monster leaves the "
                                             "field"),
    ("token", "token", "leaves_to_gy"): ("no", "zone_token_leaves",
                                         "Monster Tokens that leave the field are removed from the Duel, not sent "
                                         "to the GY"),
    ("zone", "full_zones", "xyz_own_materials"): ("yes", "zone_full_xyz",
                                                  "a monster used as material frees its zone: the Xyz Summon can be "
                                                  "performed"),
    ("zone", "full_zones", "synchro_own_materials"): ("yes", "zone_full_synchro",
                                                      "a monster used as material frees its zone: the Synchro Summon "
                                                      "can be performed"),
    ("token", "token", "special_summon_from_st"): ("no", "zone_token_resummon",
                                                   "a Token in a Spell & Trap Zone cannot be Special Summoned: only the "
                                                   "effect that created it Special Summons it"),
    ("token", "token", "special_summon_other_effect"): ("no", "zone_token_resummon",
                                                        "a Token can only be Special Summoned by the effect that "
                                                        "created it"),
    ("token", "token", "fusion_material"): ("yes", "zone_token_fusion", "Monster Tokens can be Fusion Materials"),
    ("token", "token", "effects_of_summoner"): ("yes", "zone_token_effects",
                                                "a Token's effects are effects of the card that Special Summoned it"),
    ("zone", "emz", "not_from_extra"): ("no", "zone_emz_extra_only",
                                        "only monsters Special Summoned from the Extra Deck go to an Extra Monster Zone"),
    ("zone", "emz_empty", "owned"): ("no", "zone_emz_owner", "an empty Extra Monster Zone is neither player's"),
    ("zone", "emz_occupied", "controller_zone"): ("yes", "zone_emz_owner",
                                                  "an Extra Monster Zone holding a monster is a Monster Zone of its "
                                                  "controller"),
    ("zone", "emz", "adjacent"): ("no", "zone_emz_adjacent", "the two Extra Monster Zones are not adjacent"),
    ("zone", "emz_again", "emz"): ("no", "zone_emz_again",
                                   "a monster Special Summoned again from the GY or banishment goes to a Main Monster "
                                   "Zone"),
    ("zone", "monster_zones_word", "includes_emz"): ("yes", "zone_field_means",
                                                     "\"Monster Zones\" alone means Main and Extra Monster Zones"),
    **{("zone", f"{where}_on_field", "on_field"): (answer, "zone_on_field_list", f"{said} {verb} cards on the field")
       for where, answer, said, verb in (
           ("pendulum_zone", "yes", "cards in the Pendulum Zones", "are"),
           ("field_zone", "yes", "cards in the Field Zone", "are"), ("emz", "yes", "monsters in the Extra Monster Zones",
                                                                     "are"),
           ("gy", "no", "cards in the GY", "are not"), ("banished", "no", "banished cards", "are not"),
           ("hand", "no", "cards in the hand", "are not"), ("deck", "no", "cards in the Deck", "are not"))},
    ("zone", "field_unspecified", "both_players"): ("yes", "zone_field_both",
                                                    "\"card(s) on the field\" without saying whose means both "
                                                    "players' cards"),
    ("zone", "deck_unspecified", "opponents_deck"): ("no", "zone_deck_yours",
                                                     "an effect that only says \"Deck\" affects only your own Deck"),
    ("zone", "banish_unspecified", "face_up"): ("yes", "zone_banish_face_up",
                                                "cards are banished face-up unless the effect says face-down"),
    ("zone", "banish_unspecified", "face_down"): ("no", "zone_banish_face_up",
                                                  "cards are banished face-up unless the effect says face-down"),
    ("zone", "controlled_not_owned", "owner_gy"): ("yes", "zone_owner_gy",
                                                   "cards sent to the GY always go to their owner's GY"),
    ("zone", "controlled_not_owned", "controller_gy"): ("no", "zone_owner_gy",
                                                        "cards sent to the GY always go to their owner's GY, not the "
                                                        "controller's"),
}
