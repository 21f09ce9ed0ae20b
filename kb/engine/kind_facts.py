"""Rule facts about kinds of monsters, as data (merged into :data:`kb.engine.rule_facts.FACTS` under the
``kind`` topic, whose first rows are in rule_facts.py): which kinds have a Level, a Rank, a Link Rating,
which are Special Summon Monsters and start in the Extra Deck, which are (treated as) Normal or Effect
Monsters, and Gemini monsters.  A (kind, question) pair no row states is "unknown".
"""

from __future__ import annotations

__all__ = ["KIND_FACTS", "KIND_RULES"]


def _row(statement: str, sections: list[str], quote: str) -> dict:
    return {"statement": statement, "sections": sections, "quote": {"id": sections[0], "text": quote}}


KIND_RULES: dict[str, dict] = {
    "kind_fusion_level": _row(
        "A Fusion Monster has a Level (1 to 12), no Rank and no Link Rating.",
        ["cr-draft:203.5b", "prb2017:level-rank"],
        "A Fusion Monster has a Level from 1 to 12"),
    "kind_synchro_level": _row(
        "A Synchro Monster has a Level (1 to 12), no Rank and no Link Rating.",
        ["cr-draft:203.7b", "prb2017:level-rank"],
        "A Synchro Monster has a Level from 1 to 12 and doesn't have a Rank or a LINK Rating."),
    "kind_xyz_link_rating": _row(
        "An Xyz Monster has a Rank, no Level and no Link Rating.",
        ["cr-draft:203.8b", "prb2017:level-rank"],
        "An Xyz Monster has a Rank from 1 to 13 and doesn't have a Level or a LINK Rating."),
    "kind_link_rating": _row(
        "A Link Monster has a Link Rating (1 to 8) and no Level or Rank.",
        ["cr-draft:203.6b", "prb2017:peculiarities-of-link-monsters"],
        "Link Monsters have a LINK Rating from 1 to 8 and Don't have a Level or a Rank."),
    "kind_special_summon": _row(
        "Ritual, Fusion, Synchro, Xyz and Link Monsters are Special Summon Monsters.",
        ["prb2017:special-summon-monsters", "cr-draft:203.3", "cr-draft:202.11a"],
        "Ritual Monsters, Fusion Monsters, Synchro Monsters, Xyz, and Link Monsters are Special Summon Monsters."),
    "kind_special_summon_not_normal": _row(
        "A Special Summon Monster (Fusion, Link, Ritual, Synchro, Xyz, Tokens and \"Cannot be Normal Summoned/Set\" "
        "monsters) cannot be Normal or Tribute Summoned or Set.",
        ["cr-draft:202.16a", "cr-draft:202.16b", "prb2017:special-summon-monsters"],
        "A Special Summon Monster cannot be Normal/Tribute Summoned or Normal/Tribute Set."),
    "kind_extra_deck": _row(
        "Fusion, Synchro, Xyz and Link Monsters are included in the Extra Deck.",
        ["prb2017:extra-deck", "cr-draft:203.1"],
        "Fusion Monster Cards, Synchro Monster Cards, Xyz Monster Cards and Link Monster Cards are cards that are "
        "included in the Extra Deck."),
    "kind_fusion_returns": _row(
        "A Fusion Monster is built into the Extra Deck, not the Main Deck; one that would be returned to the hand or "
        "Deck goes to the Extra Deck.",
        ["prb2017:fusion-monsters", "community:2.5"],
        "If a Fusion Monster on the field or Graveyard or a Fusion Monster Card that is banished would be returned to "
        "the hand or Deck by a card effect, that monster is returned to the owner's Extra Deck."),
    "kind_synchro_returns": _row(
        "A Synchro Monster is built into the Extra Deck, not the Main Deck; one that would be returned to the hand or "
        "Deck goes to the Extra Deck.",
        ["prb2017:synchro-monsters", "community:2.6"],
        "If a Synchro Monster on the field or Graveyard or a Synchro Monster Card that is banished would be returned "
        "to the hand or Deck by a card effect, that monster is returned to the owner's Extra Deck."),
    "kind_xyz_returns": _row(
        "An Xyz Monster is built into the Extra Deck, not the Main Deck; one that would be returned to the hand or "
        "Deck goes to the Extra Deck instead.",
        ["prb2017:xyz-monsters", "community:2.7"],
        "If an Xyz Monster that is banished, on the field, or in the Graveyard would be returned to the hand or Deck "
        "by a card effect, that monster is returned to the owner's Extra Deck instead."),
    "kind_link_returns": _row(
        "A Link Monster is built into the Extra Deck, not the Main Deck; one that would be returned to the hand or "
        "Deck goes to the Extra Deck.",
        ["prb2017:link-monsters"],
        "Link Monsters are not included in the Main Deck while building it and are included in the owner's Extra "
        "Deck instead."),
    "kind_normal_not_effect": _row(
        "A Normal Monster is a Non-Effect Monster.",
        ["cr-draft:202.9b", "cr-draft:202.6b", "prb2017:monster-types"],
        "A Normal Monster is considered to be a Non-Effect Monster."),
    "kind_extra_no_effect_not_normal": _row(
        "Ritual, Fusion, Synchro, Xyz and Link Monsters without effects are not Normal Monsters.",
        ["prb2017:monster-types"],
        "However, Ritual/Fusion/Synchro/Xyz/Link Monsters that do not have an effect are not treated as Normal "
        "Monsters as well."),
    "kind_pendulum_normal": _row(
        "A Pendulum Monster without a Monster Effect is a Normal Monster, even when it has a Pendulum Effect.",
        ["prb2017:pendulum-monsters", "community:2.8"],
        "Even if Pendulum Monsters that do not have a Monster Effect have a Pendulum Effect, they are treated as "
        "Normal Monsters."),
    "kind_gemini_normal": _row(
        "A Gemini monster is treated as a Normal Monster (without effects) while on the field or in the GY.",
        ["cr-draft:202.8a", "cr-draft:202.8b"],
        "Gemini Monster are treated as Normal Monsters while they are on the field or in the Graveyard."),
    "kind_gemini_negated": _row(
        "A Gemini monster that gained its effects and has them negated is still an Effect Monster, and cannot be "
        "Normal Summoned again to gain them.",
        ["cr-draft:202.8i"],
        "If the effects of a Gemini Monster that gained its effects are negated, the Gemini Monster is still "
        "treated as being an Effect Monster and cannot be Normal Summoned again to gain the effects."),
    "kind_token_normal": _row(
        "Monster Tokens on the field are treated as Normal Monsters.",
        ["prb2017:monster-token", "prb2017:monster-token-ex1", "tcg-v10:monster-tokens"],
        "Monster Tokens on the field are treated as Normal Monsters."),
    "kind_union_equipped": _row(
        "A Union monster equipped by its effect is an Equip Spell: no longer a monster, but still a Monster Card.",
        ["cr-draft:202.15d"],
        "This effect changes the type of the card from Monster to an Equip Spell, it is no longer a Monster but is "
        "still a Monster Card."),
    "kind_link_atk_def": _row(
        "An effect that modifies both ATK and DEF changes a Link Monster's ATK; the DEF modification is not applied.",
        ["prb2017:link-monsters-ex1", "prb2017:link-monsters"],
        "If a Link Monster is affected by an effect that modifies both ATK and DEF, the ATK changes and the DEF "
        "modification is not applied."),
    "kind_link_position": _row(
        "A Link Monster's battle position cannot be changed from Attack Position; effects that change battle positions "
        "do not affect it.",
        ["prb2017:link-monsters", "cr-draft:203.6q"],
        "Link Monsters cannot have their Battle Position changed from Attack Position and are not affected by effects "
        "that change Battle Position."),
    "kind_flip_summon_position": _row(
        "A Flip Summon counts as manually changing the monster's battle position.",
        ["cr-draft:302.3"], "Flip Summons count as manually changing the position of a Monster"),
}

_EXTRA = ("fusion", "synchro", "xyz", "link")
_NOT_XYZ = ("fusion", "synchro", "ritual", "pendulum", "normal", "effect", "token", "gemini")

KIND_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    ("kind", "fusion", "level"): ("yes", "kind_fusion_level", "a Fusion Monster has a Level"),
    ("kind", "synchro", "level"): ("yes", "kind_synchro_level", "a Synchro Monster has a Level"),
    ("kind", "fusion", "link_rating"): ("no", "kind_fusion_level", "a Fusion Monster has no Link Rating"),
    ("kind", "synchro", "link_rating"): ("no", "kind_synchro_level", "a Synchro Monster has no Link Rating"),
    ("kind", "xyz", "link_rating"): ("no", "kind_xyz_link_rating", "an Xyz Monster has no Link Rating"),
    ("kind", "link", "link_rating"): ("yes", "kind_link_rating", "a Link Monster has a Link Rating"),
    **{("kind", k, "rank"): ("no", "fact_rank", "only Xyz Monsters have a Rank") for k in _NOT_XYZ},
    **{("kind", k, "special_summon_monster"): ("yes", "kind_special_summon", "it is a Special Summon Monster")
       for k in (*_EXTRA, "ritual")},
    ("kind", "token", "special_summon_monster"): ("yes", "kind_special_summon_not_normal",
                                                  "Monster Tokens are Special Summon Monsters"),
    **{("kind", k, "normal_summon"): ("no", "kind_special_summon_not_normal",
                                      "a Special Summon Monster cannot be Normal Summoned or Set")
       for k in (*_EXTRA, "ritual", "token")},
    **{("kind", k, "extra_deck"): ("yes", "kind_extra_deck", "it is included in the Extra Deck") for k in _EXTRA},
    **{("kind", k, "returned_to_extra"): ("yes", f"kind_{k}_returns", "an Extra Deck monster that would be returned "
                                                                      "to the hand or Deck goes to the Extra Deck")
       for k in _EXTRA},
    **{("kind", k, "returned_stays"): ("no", f"kind_{k}_returns", "an Extra Deck monster that would be returned to "
                                                                 "the hand or Deck goes to the Extra Deck instead")
       for k in _EXTRA},
    **{("kind", k, "main_deck"): ("no", f"kind_{k}_returns", "it is built into the Extra Deck, not the Main Deck")
       for k in _EXTRA},
    ("kind", "normal", "effect_monster"): ("no", "kind_normal_not_effect",
                                           "a Normal Monster is a Non-Effect Monster"),
    ("kind", "normal", "non_effect"): ("yes", "kind_normal_not_effect", "a Normal Monster is a Non-Effect Monster"),
    **{("kind", f"{k}_no_effect", "normal_monster"): (
        "no", "kind_extra_no_effect_not_normal", "a Ritual/Fusion/Synchro/Xyz/Link Monster without effects is not "
        "a Normal Monster") for k in (*_EXTRA, "ritual")},
    ("kind", "pendulum_no_effect", "normal_monster"): ("yes", "kind_pendulum_normal",
                                                       "a Pendulum Monster without a Monster Effect is a Normal "
                                                       "Monster, even with a Pendulum Effect"),
    ("kind", "gemini_field", "normal_monster"): ("yes", "kind_gemini_normal",
                                                 "a Gemini monster is treated as a Normal Monster on the field and in "
                                                 "the GY"),
    ("kind", "gemini_gy", "normal_monster"): ("yes", "kind_gemini_normal",
                                              "a Gemini monster is treated as a Normal Monster on the field and in "
                                              "the GY"),
    ("kind", "gemini_negated", "effect_monster"): ("yes", "kind_gemini_negated",
                                                   "a Gemini monster whose gained effects are negated is still an "
                                                   "Effect Monster"),
    ("kind", "gemini_negated", "normal_summon_again"): ("no", "kind_gemini_negated",
                                                        "a Gemini monster whose gained effects are negated cannot be "
                                                        "Normal Summoned again to gain them"),
    ("kind", "token", "normal_monster"): ("yes", "kind_token_normal",
                                          "Monster Tokens on the field are treated as Normal Monsters"),
    ("kind", "union_equipped", "equip_spell"): ("yes", "kind_union_equipped",
                                                "an equipped Union monster is an Equip Spell"),
    ("kind", "union_equipped", "monster"): ("no", "kind_union_equipped", "an equipped Union monster is no longer a "
                                                                         "monster"),
    ("kind", "union_equipped", "monster_card"): ("yes", "kind_union_equipped",
                                                 "an equipped Union monster is still a Monster Card"),
    ("kind", "link", "def_modification"): ("no", "kind_link_atk_def",
                                           "the DEF part of an ATK/DEF modification is not applied to a Link Monster"),
    ("kind", "link", "atk_modification_with_def"): ("yes", "kind_link_atk_def",
                                                    "the ATK part of an ATK/DEF modification is applied to a Link "
                                                    "Monster"),
    ("kind", "link", "position_change"): ("no", "kind_link_position",
                                          "a Link Monster's battle position cannot be changed"),
    ("kind", "flip_summon", "position_change"): ("yes", "kind_flip_summon_position",
                                                 "a Flip Summon counts as changing the monster's battle position"),
}
