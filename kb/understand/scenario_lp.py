"""LP costs told as a story, read from parts (the ``lp_cost`` rule fact of kb/engine/card_facts.py).

A question about an LP cost says the LP a player has ("I have 1337 LP", "with only 900 LP", "my LP is
4000"), what is paid ("pay half my LP", "pay 1000 LP", for a cost / to activate a card or a named card) and
asks the LP left ("how many LP do I have left?") or whether the cost can be paid ("can I pay it?", "can I
activate X, which requires paying 2000 LP?").  The parts come in any of the usual orders; each is a list of
words (``scenario_lp_words.toml``); the question is answered by the engine's rule (half rounds up; no more
LP than one has; a named card's printed cost must be the one told).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .skeleton import CARD_SLOT
from .vocabulary import phrase_alternation, word_file

__all__ = ["lp_shapes"]

_WORDS = Path(__file__).with_name("scenario_lp_words.toml")
_CARD = CARD_SLOT
_SEP = r"(?: \.| and| but| so)? "


def _w(*path: str) -> str:
    return phrase_alternation(word_file(_WORDS), *path)


def _ent(group: str | None) -> int | None:
    return int(group.split()[0][1:]) if group else None


@lru_cache(maxsize=1)
def _parts() -> dict:
    lp = f"(?:{_w('lp', 'words')})"
    amount = rf"(?:(?P<half{{i}}>{_w('pay', 'half')}) {lp}|(?P<m{{i}}>\d+) {lp}|(?P<halfonly{{i}}>half))"
    purpose = (rf"(?: (?:{_w('pay', 'for_cost')})| to (?:activate|use) (?:(?P<c{{i}}>{_CARD})(?: effect)?|"
               rf"{_w('pay', 'some_card')}))?")
    have = rf"(?:{_w('lp', 'have')}) (?P<n{{i}}>\d+) {lp}(?: (?:{_w('lp', 'left')}))?"
    pay = rf"(?:i )?(?:{_w('pay', 'verbs')}) {amount}{purpose}"
    left = rf"(?:{_w('ask', 'left')})"
    return {"have": have, "pay": pay, "left": left, "amount": amount, "purpose": purpose, "lp": lp}


def _fill(pattern: str, i: int) -> str:
    return pattern.replace("{i}", str(i))


def _left(m: re.Match, cards) -> tuple[dict, str] | None:
    """N LP, a payment told, the LP left asked."""
    n = int(m["n1"])
    pay = "half" if m.groupdict().get("half1") or m.groupdict().get("halfonly1") else int(m["m1"])
    card_ref = m.groupdict().get("c1")
    question = {"topic": "lp_cost", "lp": n, "pay": pay, "asked": "left"}
    said = f"how many LP are left after paying {'half of' if pay == 'half' else pay} {n} LP" if pay == "half" else \
        f"how many LP are left after paying {pay} of {n} LP"
    if card_ref:
        card = cards(_ent(card_ref))
        if card is None:
            return None
        question["card"] = card.name
        said += f" to activate {card.name}"
    if pay != "half" and "card" not in question:
        return None  # "pay 1000 of 3000 LP: how many are left" is arithmetic, not a rule (the engine asks half)
    return question, said


def _payable(m: re.Match, cards) -> tuple[dict, str] | None:
    """N LP, can a cost of M (or half) / a named card's LP cost be paid."""
    n = int(m["n1"])
    card_ref = m.groupdict().get("c1")
    g = m.groupdict()
    pay = "half" if g.get("half1") else (int(g["m1"]) if g.get("m1") else None)
    question = {"topic": "lp_cost", "lp": n, "asked": "payable"}
    if pay is not None:
        question["pay"] = pay
    if card_ref:
        card = cards(_ent(card_ref))
        if card is None:
            return None
        question["card"] = card.name
        costs = {int(x) for x in re.findall(r"pay (\d+) LP", card.text or "", re.I)}
        if g.get("act") and not (len(costs) == 1 and n < min(costs)):
            return None  # "can I activate it?" asks more than the cost: only "no, the LP cannot pay it" is safe
        return question, f"can A (with {n} LP) pay the LP cost of {card.name}"
    if pay is None or pay == "half":
        return None  # half of one's LP can always be paid: not what such a question asks
    return question, f"can {pay} LP be paid as a cost from {n} LP"


def lp_shapes() -> list:
    """Shapes ``(label, pattern, handler(match, cards))`` for :func:`kb.understand.scenario_cost.read_rule_fact`."""
    p = _parts()
    have, pay, left = _fill(p["have"], 1), _fill(p["pay"], 1), p["left"]
    amount, purpose = _fill(p["amount"], 1), _fill(p["purpose"], 1)
    card_cost = rf"(?:{_w('ask', 'which_costs')}) {amount}"
    activate = rf"can (?:i|you) (?:still )?(?P<act>activate|use) (?P<c1>{_CARD})(?: effect)?(?: {card_cost})?"
    can_pay = rf"can (?:i|you) (?:still )?(?:pay|afford)(?: {amount}|(?: {_w('ask', 'it')}))?{purpose}"
    tail_lp = rf"(?:if|when|while|with) (?:i|you) (?:only |currently |still )?have (?:only |exactly |just )?(?P<n1>\d+) {p['lp']}(?: left)?"
    shapes = [
        ("N LP, a payment, how many are left", rf"{have}{_SEP}{pay}{_SEP}{left}", _left),
        ("a payment out of N LP, how many are left", rf"(?:if |when )?{pay} (?:with|from|out of) (?P<n1>\d+) "
                                                     rf"{p['lp']}{_SEP}{left}", _left),
        ("N LP: can I activate X (which costs M LP)", rf"{have}{_SEP}{activate}", _payable),
        ("can I activate X (which costs M LP) with N LP", rf"{activate} {tail_lp}", _payable),
        ("N LP: can I pay M LP (for a cost)", rf"{have}{_SEP}{can_pay}", _payable),
        ("can I pay M LP (for a cost) with N LP", rf"{can_pay} {tail_lp}", _payable),
    ]
    return [(label, re.compile(f"^{pattern}$"), handler) for label, pattern, handler in shapes]
