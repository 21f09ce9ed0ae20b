"""Spell Speeds compared in words: "Can a Spell Speed 1 effect be chained to a Spell Speed 2 effect?", "can
I respond to a Spell Speed 3 card with a Spell Speed 2 card?".  The rule (``spell_speed``): a response
must be Spell Speed 2 or higher and not lower than the link it responds to.  Spell Speed 1 after Spell
Speed 1 is "unknown": such effects share a chain only when they trigger at the same time (SEGOC), which a
question of speeds alone does not say.  Words: ``damage_step_words.toml`` ``[speeds]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.rules import citation
from ..errors import BadQuestionError
from .damage_step import alt
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_speed_compare", "speed_compare_answer"]


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern]]:
    def speed(tag: str) -> str:
        return (rf"(?:{alt('speeds', 'determiner')} )?spell speed (?P<{tag}>[123]) {alt('speeds', 'thing')}")

    asker = alt("speeds", "asker")
    shapes = [
        ("xy", rf"can {speed('x')} {alt('speeds', 'chained')} {alt('speeds', 'to')} {speed('y')}"),
        ("xy", rf"can {asker} {alt('speeds', 'chain_verb')} {speed('x')} {alt('speeds', 'to')} {speed('y')}"),
        ("yx", rf"can {asker} respond to {speed('y')} (?:with|using|by activating) {speed('x')}"),
    ]
    return [(order, re.compile(p + r"\s*\??$")) for order, p in shapes]


def read_speed_compare(skeleton: Skeleton) -> Frame | None:
    """The frame of a Spell Speed comparison read whole (no card named), or None."""
    if any(p.entity is not None for p in skeleton.pieces):
        return None
    text = " ".join(p.text for p in skeleton.pieces if re.search(r"\w|\?", p.text)).strip()
    for _order, pattern in _patterns():
        m = pattern.match(text)
        if m:
            break
    else:
        return None
    x, y = int(m["x"]), int(m["y"])
    question = {"ask": "spell_speed_compare", "card_speed": x, "to_speed": y}
    skeleton.use(range(len(skeleton.pieces)))
    return Frame(question, f"Can a Spell Speed {x} card or effect be activated in response to a Spell Speed {y} "
                           "one?", uses_story=True)


def speed_compare_answer(question: dict) -> dict:
    """yes / no (unknown for Spell Speed 1 after Spell Speed 1) by the rule ``spell_speed``."""
    x, y = question.get("card_speed"), question.get("to_speed")
    for field, value in (("card_speed", x), ("to_speed", y)):
        if value not in (1, 2, 3):
            raise BadQuestionError(f"{field} must be a Spell Speed 1, 2 or 3", field, value)
    base = {"card": None, "resolved": {}, "assumed": [], "rulings": []}
    if x == 1 and y == 1:
        detail = ("Spell Speed 1 effects cannot respond to anything; they share a chain only when they trigger "
                  "at the same time")
        return dict(base, answer="unknown", explanation=f"Not answered: {detail}.",
                    steps=[{"check": "Spell Speed", "result": "unknown", "detail": detail,
                            **citation("spell_speed", "segoc")}])
    ok = x >= 2 and x >= y
    detail = (f"Spell Speed {x} {'can' if ok else 'cannot'} respond to Spell Speed {y}: a response must be Spell "
              "Speed 2 or higher and not lower than the link it responds to")
    return dict(base, answer="yes" if ok else "no", explanation=detail[0].upper() + detail[1:] + ".",
                steps=[{"check": "Spell Speed", "result": "pass" if ok else "fail", "detail": detail,
                        **citation("spell_speed", "spell_speed_table")}])
