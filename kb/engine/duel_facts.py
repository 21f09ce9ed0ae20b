"""Rule facts of the Duel itself, as data (merged into :data:`kb.engine.rule_facts.FACTS`): winning and losing
(LP at 0, drawing from an empty Deck, not an effect that takes from it, a draw game), LP never below 0, shuffling after a search, "leaves the
field" effects by where the monster goes, and a Trap Monster flipped face-down.  A proposition no row states
is "unknown"."""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["DUEL_FACTS", "DUEL_RULES"]

# key -> row of RULES; the facts written out (duel_facts.toml, format: kb/engine/rule_table.py)
DUEL_RULES, _DUEL_FACTS_TABLE = load_rule_table(Path(__file__).with_name("duel_facts.toml"))

# (topic, subject, asked) -> (answer, rule key, what the rulebook says): written out, then by destination
DUEL_FACTS: dict[tuple[str, str, str], tuple[str, str, str]] = {
    **_DUEL_FACTS_TABLE,
    **{("leave_field", where, "activates"): (answer, "duel_leaves_field", f"a 'leaves the field' effect {verb} when "
                                                                        f"the monster {said}")
       for where, answer, verb, said in (
           ("gy", "yes", "activates", "is sent to the GY"), ("banished", "yes", "activates", "is banished"),
           ("deck", "no", "does not activate", "is shuffled into the Deck"),
           ("extra", "no", "does not activate", "is returned to the Extra Deck"),
           ("hand", "no", "does not activate", "is returned to the hand"),
           ("xyz_material", "no", "does not activate", "becomes an Xyz Material"))},
}
