"""Rule facts about kinds of monsters, as data (merged into :data:`kb.engine.rule_facts.FACTS` under the
``kind`` topic, whose first rows are in rule_facts.py): which kinds have a Level, a Rank, a Link Rating,
which are Special Summon Monsters and start in the Extra Deck, which are (treated as) Normal or Effect
Monsters, and Gemini monsters.  A (kind, question) pair no row states is "unknown".
"""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["KIND_FACTS", "KIND_RULES"]

# key -> row of RULES; the facts written out (kind_facts.toml, format: kb/engine/rule_table.py)
KIND_RULES, _KIND_FACTS_TABLE = load_rule_table(Path(__file__).with_name("kind_facts.toml"))

_EXTRA = ("fusion", "synchro", "xyz", "link")
_NOT_XYZ = ("fusion", "synchro", "ritual", "pendulum", "normal", "effect", "token", "gemini")

# (topic, subject, asked) -> (answer, rule key, what the rulebook says): written out, then stated for several
# kinds at once
KIND_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_KIND_FACTS_TABLE,
    **{("kind", k, "rank"): ("no", "fact_rank", "only Xyz Monsters have a Rank") for k in _NOT_XYZ},
    **{("kind", k, "special_summon_monster"): ("yes", "kind_special_summon", "it is a Special Summon Monster")
       for k in (*_EXTRA, "ritual")},
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
    **{("kind", f"{k}_no_effect", "normal_monster"): (
        "no", "kind_extra_no_effect_not_normal", "a Ritual/Fusion/Synchro/Xyz/Link Monster without effects is not "
        "a Normal Monster") for k in (*_EXTRA, "ritual")},
}
