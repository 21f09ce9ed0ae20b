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

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["VISIBILITY", "ZONE_FACTS", "ZONE_RULES"]

# key -> row of RULES; the facts of zones written out (zone_facts.toml, format: kb/engine/rule_table.py)
ZONE_RULES, _ZONE_FACTS_TABLE = load_rule_table(Path(__file__).with_name("zone_facts.toml"))

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
# (topic, subject, asked) -> (answer, rule key, what the rulebook says): derived, written out, listed by zone
ZONE_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_visibility_facts(),
    **_ZONE_FACTS_TABLE,
    **{("zone", f"{where}_on_field", "on_field"): (answer, "zone_on_field_list", f"{said} {verb} cards on the field")
       for where, answer, said, verb in (
           ("pendulum_zone", "yes", "cards in the Pendulum Zones", "are"),
           ("field_zone", "yes", "cards in the Field Zone", "are"), ("emz", "yes", "monsters in the Extra Monster Zones",
                                                                     "are"),
           ("gy", "no", "cards in the GY", "are not"), ("banished", "no", "banished cards", "are not"),
           ("hand", "no", "cards in the hand", "are not"), ("deck", "no", "cards in the Deck", "are not"))},
}
