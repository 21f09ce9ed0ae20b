"""Questions about the next chain that simultaneous triggers build (SEGOC), asked of a simulated game.

After the actions, :func:`kb.engine.sim.triggers.collect` has found the trigger effects the last events allow
(``game.pending``: each activates, misses the timing, or is not known).  The ones that activate form one chain in
the SEGOC order (turn player's mandatory, the opponent's mandatory, the turn player's optional, the opponent's
optional: rule ``segoc``); a player orders their own effects of one group as they choose (``segoc_same_group``),
so a Chain Link inside such a group is ``unknown``; optional triggers of private cards (in the hand, Set) are
placed at another priority level (``segoc_private``): ``unknown``.  After the chain is built, the player who did
not add the last link may respond first (``segoc_priority_after``).

``query.segoc`` (with ``{"kind": "order"}``):

- ``{"asked": "link", "link": N}``: which card is Chain Link N;
- ``{"asked": "resolves", "end": "first"|"last"}``: which resolves first / last;
- ``{"asked": "order"}``: the whole chain, link 1 first;
- ``{"asked": "whose_first"}``: whose effect is Chain Link 1 (the card and its player);
- ``{"asked": "is_link", "card": X, "link": N}``: is X Chain Link N (yes/no);
- ``{"asked": "is_last", "card": X}``: is X the last Chain Link (the one that resolves first; yes/no);
- ``{"asked": "before", "card": X, "other": Y}``: does X go on the chain before Y (yes/no);
- ``{"asked": "responds"}``: who may respond first once the chain is built;
- optional ``"said"``: ``[{"card": X, "mandatory": bool}]``, what the question says of a trigger (an aside such
  as "(optional)"): a claim the card's text contradicts makes the answer ``unknown``.
"""

from __future__ import annotations

from .. import rules
from ..rules import SEGOC_GROUPS
from .setup import bad
from .state import other
from .triggers import segoc_order

__all__ = ["check_segoc_query", "segoc_query"]

_ASKED = ("link", "resolves", "order", "whose_first", "is_link", "is_last", "before", "responds")
_NEEDS = {"link": {"link"}, "resolves": {"end"}, "is_link": {"card", "link"}, "is_last": {"card"},
          "before": {"card", "other"}}


def check_segoc_query(segoc) -> None:
    """Validate ``query.segoc`` (module doc); raises :class:`BadQuestionError` naming the field."""
    if not isinstance(segoc, dict) or segoc.get("asked") not in _ASKED:
        raise bad("query.segoc.asked", segoc.get("asked") if isinstance(segoc, dict) else segoc,
                  f"expected one of {', '.join(_ASKED)}")
    extra = sorted(set(segoc) - {"asked", "said"} - _NEEDS.get(segoc["asked"], set()))
    if extra:
        raise bad(f"query.segoc.{extra[0]}", segoc[extra[0]], f"not a field of a segoc {segoc['asked']} question")
    for key in _NEEDS.get(segoc["asked"], set()):
        value = segoc.get(key)
        ok = (type(value) is int and value >= 1) if key == "link" else \
            value in ("first", "last") if key == "end" else isinstance(value, str) and bool(value.strip())
        if not ok:
            raise bad(f"query.segoc.{key}", value, {"link": "must be a Chain Link number (1 or more)",
                                                    "end": "must be first or last"}.get(key, "must name a card"))
    said = segoc.get("said", [])
    if not isinstance(said, list) or any(not isinstance(s, dict) or not isinstance(s.get("card"), str) or
                                         not isinstance(s.get("mandatory"), bool) or set(s) - {"card", "mandatory"}
                                         for s in said):
        raise bad("query.segoc.said", said, 'must be a list of {"card": name, "mandatory": true|false}')


def _step(check: str, result: str, detail: str, *keys: str) -> dict:
    return {"check": check, "result": result, "detail": detail, **rules.citation(*keys)}


def _player_words(player: str) -> str:
    return f"{player} ({'you' if player == 'A' else 'your opponent'})"


def segoc_query(game, segoc: dict) -> tuple[str, str, dict]:
    """The answer to ``query.segoc`` after the simulated actions: ``(answer, explanation, extra)``."""
    turn = game.state.turn
    pending = list(game.pending)
    live = [t for t in pending if t.result == "activates"]
    steps = list(game.steps)
    extra: dict = {"steps": steps}
    missed = [t.inst.name for t in pending if t.result == "misses"]
    doubtful = [t for t in pending if t.result == "unknown"]
    if doubtful:
        detail = "; ".join(t.detail for t in doubtful)
        steps.append(_step("SEGOC order", "unknown", f"whether these trigger effects activate is not known: {detail}",
                           "segoc"))
        return "unknown", f"unknown: {detail}.", extra
    if not live:
        steps.append(_step("SEGOC order", "unknown", "no trigger effect activates after what happened"
                           + (f" ({', '.join(missed)} missed the timing)" if missed else ""), "segoc"))
        return "unknown", "no trigger effect activates after what happened, so no chain is built.", extra
    built = segoc_order(game, pending)
    steps.extend(s for s in built["steps"] if s["check"] == "trigger kind")
    if built["answer"] == "unknown":
        steps.append(built["steps"][-1])
        return "unknown", f"unknown: {built['steps'][-1]['detail']}.", extra
    names = [t.inst.name for t in live]
    if len(set(names)) != len(names):
        steps.append(_step("SEGOC order", "unknown", "two effects of one name activate: which is which is not "
                           "said", "segoc"))
        return "unknown", "unknown: two trigger effects of one card name activate.", extra
    mandatory = {t.inst.name: t.mandatory for t in live}
    for said in segoc.get("said", []):  # an aside of the question checked against the card's text
        if said["card"] in mandatory and said["mandatory"] != mandatory[said["card"]]:
            text = (f"the question says {said['card']}'s effect is {'mandatory' if said['mandatory'] else 'optional'}, "
                    f"but its text makes it {'mandatory' if mandatory[said['card']] else 'optional'}")
            steps.append(_step("trigger kind", "unknown", text, "trigger", "segoc"))
            return "unknown", f"unknown: {text}.", extra
    private = [t.inst.name for t in live if not t.mandatory and (t.inst.location == "hand" or t.inst.face == "down")]
    if private:
        text = (f"{', '.join(private)} would activate an optional effect from a private place (the hand or Set): it "
                f"is placed at another priority level, after the public ones, and may depend on what is chained")
        steps.append(_step("SEGOC order", "unknown", text, "segoc_private", "segoc"))
        return "unknown", f"unknown: {text}.", extra
    groups = []  # (key, [triggers]) in chain-link order
    for key in SEGOC_GROUPS:
        members = [t for t in live if ("turn" if t.inst.controller == turn else "opponent", t.mandatory) == key]
        if members:
            groups.append((key, members))
    order = [t.inst.name for _key, members in groups for t in members]
    extra.update(order=order, next_chain=order, groups=[[t.inst.name for t in m] for _k, m in groups])
    position: dict[str, tuple[int, int, int]] = {}  # name -> (its link, first and last link of its group)
    at = 1
    for _key, members in groups:
        for t in members:
            position[t.inst.name] = (at + members.index(t), at, at + len(members) - 1)
        at += len(members)

    def said(t) -> str:
        whose = "the turn player's" if t.inst.controller == turn else "the opponent's"
        return f"{t.inst.name} ({t.inst.controller}: {whose} {'mandatory' if t.mandatory else 'optional'} effect)"
    links = "; ".join(f"Chain Link {position[t.inst.name][0]}: {said(t)}" for _k, m in groups for t in m)
    ties = [m for _k, m in groups if len(m) > 1]
    detail = (f"on {turn}'s turn the chain is built turn player's mandatory, opponent's mandatory, turn player's "
              f"optional, opponent's optional: {links}"
              + (f"; not activated: {', '.join(missed)} (missed the timing)" if missed else ""))
    steps.append(_step("SEGOC order", "pass", detail, "segoc"))

    def tie_text(members) -> str:
        return (f"{' and '.join(t.inst.name for t in members)} are all {members[0].inst.controller}'s "
                f"{'mandatory' if members[0].mandatory else 'optional'} effects: {members[0].inst.controller} places "
                f"them in the order they choose")

    def at_link(n: int) -> tuple[str, str]:
        if n > len(order):
            return "unknown", f"the chain has {len(order)} link(s): there is no Chain Link {n}"
        name = next(x for x, (p, _a, _b) in position.items() if p == n)
        first, last = position[name][1:]
        if first != last:
            members = next(m for _k, m in groups if m[0].inst.name == order[first - 1])
            return "unknown", tie_text(members)
        return name, f"{name} is Chain Link {n}"

    asked = segoc["asked"]
    answer, text, rule = "unknown", "", "segoc"
    if asked in ("link", "whose_first", "resolves"):
        n = segoc.get("link", 1) if asked != "resolves" else (len(order) if segoc["end"] == "first" else 1)
        answer, text = at_link(n)
        if answer != "unknown" and asked == "whose_first":
            answer = f"{answer} ({_player_words(next(t for t in live if t.inst.name == answer).inst.controller)})"
        if asked == "resolves":
            rule = "sim_chain_resolution"
            text += f"; the chain resolves from its last link back to Chain Link 1, so it resolves {segoc['end']}"
    elif asked == "order":
        if ties:
            text = tie_text(ties[0])
        else:
            answer, text = ", then ".join(order), "Chain Link 1 first: " + ", ".join(order)
    elif asked in ("is_link", "is_last"):
        card, n = segoc["card"], segoc.get("link", len(order))
        if card not in position:
            answer, text = "no", (f"{card}'s effect does not go on the chain: " + (
                "it missed the timing" if card in missed else "nothing that happened meets its trigger condition"))
        else:
            p, first, last = position[card]
            if first != last and first <= n <= last:
                text = tie_text(next(m for _k, m in groups if any(t.inst.name == card for t in m)))
            else:
                answer, text = ("yes" if p == n else "no"), f"{card} is Chain Link {p}"
    elif asked == "before":
        card, other_card = segoc["card"], segoc["other"]
        if card not in position and other_card in position:
            answer, text = "no", f"{card}'s effect does not go on the chain"
        elif card in position and other_card in position:
            (p, f1, _l1), (q, f2, _l2) = position[card], position[other_card]
            if f1 == f2:
                text = tie_text(next(m for _k, m in groups if any(t.inst.name == card for t in m)))
            else:
                answer, text = ("yes" if p < q else "no"), f"{card} is Chain Link {p}, {other_card} Chain Link {q}"
        else:
            text = f"{other_card}'s effect does not go on the chain"
    else:  # responds: the player who did not add the last link
        last = next(t for t in live if t.inst.name == order[-1])
        player = other(last.inst.controller)
        answer = _player_words(player)
        text = (f"{last.inst.controller} added the last link ({order[-1]}), so {player} has the priority to respond "
                f"first with a Spell Speed 2 or higher effect")
        rule = "segoc_priority_after"
    keys = [rule] + (["segoc_same_group"] if answer == "unknown" and ties else []) + (["segoc"] if rule != "segoc"
                                                                                        else [])
    steps.append(_step({"segoc_priority_after": "priority after the chain is built",
                        "sim_chain_resolution": "resolution order"}.get(rule, "Chain Link asked"),
                       "unknown" if answer == "unknown" else "fail" if answer == "no" else "pass", text, *keys))
    return answer, f"{answer}: {text}; {detail}.", extra
