"""A kind of card said by what it does, in the Damage Step: "can a card that destroys monsters be activated
during the Damage Step?".  The engine answers "is it possible for some card of that kind?", and a Counter
Trap or a trigger effect that destroys would be allowed there, but for being a Counter Trap or a trigger,
not for what the question says the card does; whether such a card is meant is not said.  A yes that rests
only on such a permission becomes unknown, naming it.  (Cards that change ATK/DEF or negate activations have
a Damage Step permission of their own: those answers stand.)
"""

from __future__ import annotations

from ..engine.rules import citation

__all__ = ["damage_step_kind_doubt"]

# Damage Step permissions (kb/engine/rules.py DAMAGE_STEP) that come from what a card is, not what it does
_BY_KIND = ("counter_trap", "mandatory", "self_event_trigger", "battle_event")
# what a card does that carries a Damage Step permission of its own
_OWN_PERMISSION = {"atk_change", "def_change", "negate_activation"}


def damage_step_kind_doubt(answer: dict, question: dict | None) -> dict:
    """The answer, or unknown when its yes rests only on a permission of the reading's kind (see the module)."""
    if answer.get("answer") != "yes" or not isinstance(question, dict) or question.get("ask") != "activate" or \
            question.get("step") != "damage":
        return answer
    cls = (question.get("card") or {}).get("class") or {}
    does = set(cls.get("does") or ())
    if not does or does & _OWN_PERMISSION or cls.get("property") or cls.get("effect"):
        return answer
    step = next((s for s in answer.get("steps") or [] if s.get("check") == "damage step"), None)
    reasons = {r.strip() for r in (step or {}).get("detail", "").split(":", 1)[-1].split(",")}
    if step is None or not reasons or not reasons <= set(_BY_KIND):
        return answer
    detail = (f"only a card of the kind that the Damage Step allows for what it is ({', '.join(sorted(reasons))}: a "
              "Counter Trap, a mandatory or battle trigger) could be activated, not for what the question says it "
              "does; whether such a card is meant is not said")
    doubt = {"check": "kind of card", "result": "unknown", "detail": detail, **citation("damage_step", "card_kinds")}
    return dict(answer, answer="unknown", explanation=f"Not answered: {detail}.",
                steps=[doubt] + list(answer.get("steps") or []))
