"""Rule facts about costs, missing the timing and kinds of cards, as data: each fact is a proposition with
slots (``topic``, ``subject``, ``asked``) and the answer the rulebooks give, naming the :data:`RULES` row
(added here, merged into ``RULES`` and validated by the build) whose sentence says it.

``{"ask": "rule_fact", "topic", "subject", "asked"}`` is answered from :data:`FACTS`; a proposition that no
row states is "unknown" (never guessed from a neighbour).  Topics that read a named card's text (is an act
a cost, costs under Macro Cosmos-like banishing, face-down monsters as costs, LP costs, Trap monsters ...)
are :mod:`kb.engine.card_facts`; a monster's ATK after cards applied in turn is :mod:`kb.engine.atk_calc`.
"""

from __future__ import annotations

from pathlib import Path

from .rule_table import load_rule_table

__all__ = ["FACT_RULES", "FACTS", "TOPICS", "answer_object", "rule_fact_answer"]

# key -> row of RULES; (topic, subject, asked) -> (answer, rule key, what the rulebook says, in one line), "*" =
# any subject: the data of rule_facts.toml (format: kb/engine/rule_table.py), then those of the modules below.
FACT_RULES, FACTS = load_rule_table(Path(__file__).with_name("rule_facts.toml"))

# Summons and zones (materials, what counts as which Summon, zones, Tributes): kb/engine/sim/summon_rules.py
from .sim.summon_rules import SUMMON_FACTS, SUMMON_RULES  # noqa: E402  (data only)

FACT_RULES.update(SUMMON_RULES)

# a monster's ATK after effects applied in turn (kb/engine/atk_calc.py)
from .atk_calc import ATK_RULES  # noqa: E402  (data only at import time)

FACT_RULES.update(ATK_RULES)
FACTS.update(SUMMON_FACTS)

# Turn structure and battle (priority, replays, battle damage, the hand-size discard): kb/engine/sim/phase_rules.py
from .sim.phase_rules import PHASE_FACTS, PHASE_RULES  # noqa: E402  (data only)

FACT_RULES.update(PHASE_RULES)
FACTS.update(PHASE_FACTS)

# Zones, who sees which location, kinds of monsters: kb/engine/zone_facts.py, kb/engine/kind_facts.py
from .kind_facts import KIND_FACTS, KIND_RULES  # noqa: E402  (data only)
from .spell_trap_facts import SPELL_TRAP_FACTS, SPELL_TRAP_RULES  # noqa: E402  (data only)
from .zone_facts import ZONE_FACTS, ZONE_RULES  # noqa: E402  (data only)

FACT_RULES.update(KIND_RULES)
FACT_RULES.update(ZONE_RULES)
FACTS.update({k: v for k, v in KIND_FACTS.items() if k not in FACTS})  # the first rows keep their wording
FACTS.update({k: v for k, v in ZONE_FACTS.items() if k not in FACTS})  # a row another module states wins
FACT_RULES.update(SPELL_TRAP_RULES)
from .deck_facts import DECK_RULES  # noqa: E402  (data only; answered by deck_answer)

FACT_RULES.update(DECK_RULES)
from .duel_facts import DUEL_FACTS, DUEL_RULES  # noqa: E402  (data only)

FACT_RULES.update(DUEL_RULES)
FACTS.update({k: v for k, v in DUEL_FACTS.items() if k not in FACTS})
FACTS.update({k: v for k, v in SPELL_TRAP_FACTS.items() if k not in FACTS})

TOPICS = sorted({key[0] for key in FACTS} | {"cost_part", "cost_under_banish", "lp_cost", "atk", "trap_monster", "win_text",
                                             "target_none", "gains_effect", "draw_gain", "halve", "deck", "targets"})

_SAID = {
    "tribute": "a monster Tributed", "send_to_gy": "a card sent to the GY", "send_from_hand":
    "a card sent from the hand to the GY", "discard": "a card discarded", "destroyed": "destroyed",
    "sent_to_gy": "sent to the GY", "discarded": "discarded", "by_effect": "moved by a card effect",
}


def _understood(question: dict) -> str:
    parts = [question.get("subject", ""), question.get("asked", "")]
    return f"{question['topic']}: " + ", ".join(_SAID.get(p, p.replace("_", " ")) for p in parts if p)


def answer_object(answer: str, detail: str, rule: str, subject: str, extra_steps: list | None = None) -> dict:
    """An answer: ``answer`` with one step applying ``rule`` (after ``extra_steps``)."""
    from .rules import citation

    result = "pass" if answer == "yes" else "fail" if answer == "no" else "unknown"
    steps = list(extra_steps or []) + [{"check": "rule", "result": result, "detail": detail, **citation(rule)}]
    return {
        "answer": answer,
        "card": None,
        "resolved": {"fact": subject},
        "explanation": f"{answer}: {detail}.",
        "assumed": [],
        "rulings": [],
        "steps": steps,
    }


_NO_CARD_TOPICS = frozenset({"halve", "lp_cost"})  # topics of kb/engine/card_facts.py that may name no card


def rule_fact_answer(session, question: dict) -> dict:
    """``{"ask": "rule_fact", "topic", "subject", "asked", "card"?, "banishing"?}`` answered from :data:`FACTS`
    (or, for the topics of :mod:`kb.engine.card_facts`, from the named card's text); "unknown" when no row says it."""
    from ..errors import BadQuestionError

    topic = question.get("topic")
    if topic not in TOPICS:
        raise BadQuestionError(f"topic: {topic!r} is not one of {', '.join(TOPICS)}", field="topic")
    from .card_facts import CARD_TOPICS  # facts read from a named card's text

    subject, asked = question.get("subject"), question.get("asked")
    if topic in CARD_TOPICS and not (question.get("card") is None and (topic, subject, asked) in FACTS):
        if question.get("card") is None and topic not in _NO_CARD_TOPICS and not (
                topic == "cost_under_banish" and question.get("cost_text")):
            raise BadQuestionError(f"card: topic {topic!r} needs a card", field="card")
        return CARD_TOPICS[topic](session, question)
    if topic == "deck":  # deck construction (kb/engine/deck_facts.py)
        from .deck_facts import deck_answer

        return deck_answer(question)
    if topic == "atk":
        from .atk_calc import atk_answer

        return atk_answer(session, question)
    subject, asked = question.get("subject"), question.get("asked")
    row = FACTS.get((topic, subject, asked)) or FACTS.get((topic, "*", asked))
    said = _understood(question)
    if row is None:
        return answer_object("unknown", f"no rule row states this ({said})", "psct", said)
    answer, rule, detail = row
    out = answer_object(answer, detail, rule, said)
    if answer not in ("yes", "no"):
        out["steps"][-1]["result"] = "pass"
    return out
