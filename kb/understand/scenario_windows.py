"""The windows of the turn told in words, for :mod:`kb.understand.scenario` (registered through
:mod:`.scenario_battle`; the simulator's side is :mod:`kb.engine.sim.phases`):

- activations in the Draw Phase before the normal draw ("may I flip a Set Trap before my draw?"), by either
  player, of a named card, a kind (``k<N>``) or any card;
- activations while the turn player discards for hand size, and a second hand-size discard ("I discard X for
  hand size, its effect adds Y, and I discard again. Can Y's effect be activated?");
- how many cards are discarded for hand size.

Words in ``scenario_words.toml`` (sections ``phase_window``, ``hand_size``).  :func:`who_of`, :func:`what_of`
and :func:`said_player` read the player and the card of a question for the other battle/phase modules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..engine.sim.rulebook import HAND_SIZE_LIMIT
from .scenario_draft import Draft, alt, opp, opps

__all__ = ["WINDOW_FACTS", "window_questions", "who_of", "what_of", "said_player", "WHO", "WHAT"]


def WHO() -> str:
    """The regex group ``who`` of a question: the asker, the opponent, or anyone."""
    return rf"(?P<who>{alt('phase_window', 'asker')}|{alt('phase_window', 'opponent')}|{alt('phase_window', 'anyone')})"


def WHAT() -> str:
    """The regex group ``what`` of a question: a named card, a kind, a type's words, or any card."""
    return (rf"(?P<what>e\d+|k\d+|{alt('phase_window', 'trap')}|{alt('phase_window', 'set_trap')}|"
            rf"{alt('phase_window', 'spell')}|{alt('phase_window', 'any_card')})")


def who_of(words: str) -> str:
    """The player of a phrase: the asker A, the opponent B, or "anyone" (decided for the turn player A)."""
    if re.fullmatch(alt("phase_window", "opponent"), words):
        return "B"
    return "A"


def said_player(words: str, player: str) -> str:
    if re.fullmatch(alt("phase_window", "anyone"), words) and words != "the turn player":
        return "either player (checked for A: the window is closed to both players alike)"
    return player


def what_of(d: Draft, words: str) -> tuple[object, str] | None:
    """The card asked about (``e<N>`` a named card, ``k<N>`` or a type's words a kind, or any card); with how
    it reads."""
    if re.fullmatch(r"e\d+", words):
        card = d.card_of(int(words[1:]))
        return (card.name, card.name) if card is not None else None
    if re.fullmatch(r"k\d+", words):
        cls = d.kinds.get(int(words[1:]))
        if not cls:
            return None
        from ..engine.generic import describe_class
        return {"class": dict(cls)}, describe_class(cls)
    for key, cls, said in (("trap", {"type": "trap"}, "a Trap Card"), ("set_trap", {"type": "trap"}, "a Set Trap Card"),
                           ("spell", {"type": "spell"}, "a Spell Card"), ("any_card", {}, "a card")):
        if re.fullmatch(alt("phase_window", key), words):
            return {"class": cls}, said
    return None


def _q_before_draw(d: Draft, m: re.Match):
    """Can a card be activated in the Draw Phase before the turn player's normal draw?"""
    if d.actions or d.said:
        return None
    what = what_of(d, m["what"])
    if what is None:
        return None
    card, said = what
    if isinstance(card, str) and re.search(r"normal draw|draw phase", d.card_of(int(m["what"][1:])).text, re.I):
        return None  # a card may state that it can be activated then ("unless specifically stated")
    player = who_of(m["who"])
    turn = "B" if m.groupdict().get("whose") else "A"  # the opponent's Draw Phase: the window closes alike
    d.state.update(phase="draw", drawn=False, **({"turn": "B"} if turn == "B" else {}))
    d.actions.append({"do": "activate", "player": player, "card": card})
    return ({"kind": "legal"}, f"can {said_player(m['who'], player)} activate {said} in {turn}'s Draw Phase "
                               f"before {turn}'s normal draw")


def _q_hand_size_window(d: Draft, m: re.Match):
    """Can a card be activated while the turn player discards for hand size?"""
    if d.actions or d.said:
        return None
    what = what_of(d, m["what"])
    if what is None:
        return None
    card, said = what
    player = who_of(m["who"])
    d.state["phase"] = "end"
    d.player("A")["hand"] = HAND_SIZE_LIMIT + 1  # how many are discarded does not decide the answer
    d.actions += [{"do": "hand_size"}, {"do": "activate", "player": player, "card": card}]
    return (
        {"kind": "legal"},
        f"while A discards for hand size at the end of the End Phase (from {HAND_SIZE_LIMIT + 1} cards), can "
        f"{said_player(m['who'], player)} activate {said}",
    )


def _fact_discard_twice(d: Draft, m: re.Match) -> bool:
    """I discard X for hand size, X's effect adds Y, I discard (Y) again: only the first Chain after the discard
    may hold effects (the simulator's hand-size window)."""
    if d.actions or d.said:
        return False
    x, y = d.card_of(int(m["x"][1:])), d.card_of(int(m["y"][1:]))
    if x is None or y is None or x.name == y.name or m["x2"] and d.card_of(int(m["x2"][1:])) != x:
        return False
    if m["y2"] and (d.card_of(int(m["y2"][1:])) is None or d.card_of(int(m["y2"][1:])).name != y.name):
        return False
    if not re.search(r"\bdiscarded\b", x.text, re.I):
        return False  # the first card's effect must be one that triggers on being discarded
    d.state["phase"] = "end"
    d.player("A").update(hand=[x.name, HAND_SIZE_LIMIT], deck=[y.name, 10])
    d.actions += [
        {"do": "hand_size", "cards": [x.name]},
        {"do": "activate", "card": x.name, "does": [{"op": "add_to_hand", "card": y.name}]},
        {"do": "resolve"},
        {"do": "hand_size", "cards": [y.name]},
    ]
    d.chain = {"discarded_again": y.name}
    d.said.append(f"at the end of the End Phase A ({HAND_SIZE_LIMIT + 1} cards) discards {x.name} for hand size; "
                  f"its effect (Chain Link 1) adds {y.name} from the Deck; A discards {y.name} for hand size again")
    return True


def _fact_hand_end(d: Draft, m: re.Match) -> bool:
    """A hand size told with the End Phase before it, or without "in hand" (other orders are scenario.py's)."""
    if not (m["e1"] or m["e2"]) or "hand" in d.player("A") or d.actions:
        return False
    d.player("A")["hand"] = int(m["n"])
    d.state["phase"] = "end"
    d.said.append(f"A has {m['n']} cards in hand in the End Phase")
    return True


def _q_discarded_activates(d: Draft, m: re.Match):
    if not d.chain or "discarded_again" not in d.chain:
        return None
    card = d.card_of(int(m["z"][1:]))
    if card is None or card.name != d.chain["discarded_again"]:
        return None
    d.actions.append({"do": "activate", "card": card.name})
    return {"kind": "legal"}, f"can {card.name}'s effect be activated after it is discarded for hand size again"


def _q_how_many_discarded(d: Draft, m: re.Match):
    """How many cards the turn player discards for hand size (the hand the story gives, in the End Phase)."""
    hand = d.player("A").get("hand")
    if d.state.get("phase") != "end" or not isinstance(hand, int) or d.actions or "gy" in d.player("A"):
        return None
    if m["n"] and int(m["n"]) != HAND_SIZE_LIMIT:
        return None
    d.player("A")["gy"] = []  # the count asked is of the cards discarded now
    d.actions.append({"do": "end_turn"})
    return {"kind": "outcome", "count": {"player": "A", "pile": "gy"}}, "how many cards does A discard for hand size"


# ------------------------------------------------------------------------------------------ shapes


@lru_cache(maxsize=1)
def _facts() -> list:
    end = rf"(?:(?:at the end of|during|in|at) (?:my|the) {alt('phases', 'end')}|at the end of (?:my|the) turn)"
    return [
        (
            "N cards in hand told as the End Phase ends (before or after)",
            re.compile(rf"^(?:(?P<e1>{end}) )?i (?:have|hold) (?P<n>\d+) cards(?: in (?:my )?hand)?(?: (?P<e2>{end}))?$"),
            _fact_hand_end,
        ),
        (
            "I discard X for hand size, its effect adds Y, and I discard again",
            re.compile(
                rf"^(?:at the end of (?:my|the) {alt('phases', 'end')} )?i discard (?P<x>e\d+) (?:for|due to) "
                rf"(?:the )?hand size(?: limit)? (?:and )?(?:its|(?P<x2>e\d+)(?: ' s| 's)?) effect adds (?P<y>e\d+)"
                rf"(?: to my hand)? (?:and )?(?:then )?i (?:have to )?discard (?:again|(?P<y2>e\d+)(?: again)?|it"
                rf"(?: again)?)(?: for hand size)?(?: again)?$"
            ),
            _fact_discard_twice,
        ),
    ]


def WINDOW_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return _facts()


@lru_cache(maxsize=1)
def _questions() -> list:
    who, what = WHO(), WHAT()
    return [
        (
            "can X be activated in the Draw Phase before the draw (passive)",
            re.compile(
                rf"^can {what} be activated(?: (?:during|in) (?:my|the|the turn player's) {alt('phases', 'draw')})? "
                rf"before (?:(?:{alt('phase_window', 'drawer')}) )?{alt('phase_window', 'draw')}"
                rf"(?: (?:during|in) (?:my|the|the turn player's) {alt('phases', 'draw')})?(?P<who>)$"
            ),
            _q_before_draw,
        ),
        (
            "can Y's effect be activated (after the second hand-size discard)",
            re.compile(
                r"^can (?P<z>e\d+)(?: ' s| 's)? (?:\" [^\"]+ \" )?(?:discard )?(?:trigger )?effect (?:be activated|"
                r"activate|still be activated)$"
            ),
            _q_discarded_activates,
        ),
        (
            "can X be activated in the Draw Phase before the draw",
            re.compile(
                rf"^can {who} activate {what}(?: (?:during|in) (?:my|the|the turn player's|(?P<whose>{opps()})) "
                rf"{alt('phases', 'draw')})? before (?:(?:{alt('phase_window', 'drawer')}|{opp()}) )?"
                rf"{alt('phase_window', 'draw')}(?: (?:during|in) (?:my|the) {alt('phases', 'draw')})?$"
            ),
            _q_before_draw,
        ),
        (
            "while I discard for hand size, can X be activated",
            re.compile(
                rf"^(?:while|when|as) {alt('phase_window', 'discarder')} {alt('phase_window', 'discarding')}"
                rf"(?: (?:in|during|at the end of) (?:my|the) {alt('phases', 'end')})? can {who} activate {what}$"
            ),
            _q_hand_size_window,
        ),
        (
            "how many cards do I discard",
            re.compile(
                rf"^{alt('hand_size', 'how_many')}(?: (?:for|because of|due to) (?:the )?hand size(?: limit)?)?"
                rf"(?: (?:down )?to (?P<n>\d+)(?: cards)?)?(?: at the end of (?:my |the )?end phase)?$"
            ),
            _q_how_many_discarded,
        ),
    ]


def window_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return _questions()
