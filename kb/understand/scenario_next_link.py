"""Story shapes for :mod:`kb.understand.scenario`: a chain told link by link (with the attack it answers or the
cost paid to activate a link), whether it resolved, and the question whether a card can be activated next —
chained to that chain or in a new chain after it.  The simulator decides (docs/simulator.md): the activation
window of "When an attack is declared" cards closes once the chain that answered the declaration resolved;
an event that happened as a cost is answered after the chain resolves, not in it.

Story sentences (each one whole sentence; ``X`` a named card):

- "<actor> declares an attack" / "<actor> attacks" (a monster given by no name attacks directly);
- X's activation told at <actor>'s attack declaration, optionally negated by Y (X belongs to the player
  attacked when its text answers an opponent's attack declaration; otherwise who activated it is not said
  and the story gives no scenario);
- "<actor> activates X [in response]", "<actor> chains Y [to it]", "<actor> activates X and <actor> chains
  Y", "it was negated by Y" (Y then belongs to the other player);
- "<actor> activates X by discarding / Tributing / banishing / sending Y [as cost]" (the effect of X whose
  cost says so; X's own Special Summon from the hand puts X in the hand);
- "(after) the X effect (with Y discarded as cost) resolves" (who activated X is not said: the other player
  than the one asking is assumed, and said);
- "(after) that chain resolves".

Questions: "can <actor> activate / chain / use Z [against the same attack] [to that activation] [in a new
chain] [now]" — the legality of that activation after the story.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .scenario_draft import Draft
from .story import ACTOR, actor_player

__all__ = ["next_link_facts", "next_link_questions"]


class _Either:
    """A match whose ``z`` is whichever of ``z`` / ``z2`` matched."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        return (self.match["z"] or self.match["z2"]) if key == "z" else self.match[key]

_CARD = r"e\d+"
_COSTS = {
    "discarding": ("discard", r"\bdiscard"),
    "discarded": ("discard", r"\bdiscard"),
    "tributing": ("tribute", r"\bTribute"),
    "tributed": ("tribute", r"\bTribute"),
    "banishing": ("banish", r"\bbanish"),
    "banished": ("banish", r"\bbanish"),
}


def _other(player: str) -> str:
    return "B" if player == "A" else "A"


def _card(d: Draft, token: str | None):
    return d.card_of(int(token[1:])) if token else None


def _chain(d: Draft) -> dict | None:
    """This family's record of the story (None when another family's story is being told)."""
    if d.chain is None:
        return {"story": True, "links": [], "resolved": False, "attack": None}  # attached when a shape reads
    return d.chain if d.chain.get("story") else None


def _link(d: Draft, player: str, card, **action) -> bool:
    chain = _chain(d)
    if chain is None or card is None or chain["resolved"] and chain["links"]:
        return False  # (a link after the chain resolved would start a new chain: not told this way)
    d.actions.append({"do": "activate", "player": player, "card": card.name, **action})
    chain["links"].append((player, card.name))
    d.chain = chain
    if len(chain["links"]) == 1 and "turn" not in d.state and card.card_type == "Spell" and \
            card.property not in ("Quick-Play",):
        d.state["turn"] = player  # a Spell Speed 1 Spell starts a chain only in its controller's turn
    number = len(chain["links"])
    d.said.append(f"{player} activates {card.name} (Chain Link {number})")
    return True


# ---------------------------------------------------------------------------------------------- story


def _fact_attack(d: Draft, m: re.Match) -> bool:
    chain = _chain(d)
    if chain is None or d.actions or chain["attack"]:
        return False
    player = actor_player(m["a"])
    name = d.add_monster(player, "monsters", "my monster" if player == "A" else "my opponent's monster")
    d.state.update(turn=player, phase="battle")
    d.actions.append({"do": "attack", "player": player, "attacker": name, "target": None})
    chain["attack"] = player
    d.chain = chain
    d.said.append(f"{player} declares an attack with a monster")
    return True


def _answers_opponents_attack(card) -> bool:
    return bool(re.search(r"(?:an|your) opponent's monster declares an attack|"
                          r"your opponent declares an attack", card.text or "", re.I))


def _fact_activated_at_attack(d: Draft, m: re.Match) -> bool:
    x = _card(d, m["x"])
    if x is None or not _answers_opponents_attack(x) or m["y"] and _card(d, m["y"]) is None:
        return False
    if not _fact_attack(d, m):
        return False
    defender = _other(actor_player(m["a"]))
    if not _link(d, defender, x):
        return False
    if m["y"]:
        y = _card(d, m["y"])
        if m["x2"] and _card(d, m["x2"]) is not None and _card(d, m["x2"]).name != x.name:
            return False
        return _link(d, _other(defender), y)
    return True


def _fact_activates(d: Draft, m: re.Match) -> bool:
    first = actor_player(m["a"])
    if not _link(d, first, _card(d, m["x"])):
        return False
    if m["y"]:
        second = actor_player(m["a2"]) if m["a2"] else _other(first)
        return _link(d, second, _card(d, m["y"]))
    return True


def _fact_negated_by(d: Draft, m: re.Match) -> bool:
    chain = _chain(d)
    if chain is None or not chain["links"]:
        return False
    player, name = chain["links"][-1]
    if m["x"] and (_card(d, m["x"]) is None or _card(d, m["x"]).name != name):
        return False
    return _link(d, _other(player), _card(d, m["y"]))


def _cost_effect(card, verb_pattern: str) -> int | None:
    """The index of the one activated effect of ``card`` whose cost (before ";") matches the verb."""
    found = [e["index"] for e in card.effects
             if e.get("kind") in ("ignition", "quick", "trigger", "activation") and ";" in (e.get("text") or "")
             and re.search(verb_pattern, e["text"].split(";")[0], re.I)]
    return found[0] if len(found) == 1 else None


def _fact_cost(d: Draft, m: re.Match, player: str | None = None, resolves: bool = False) -> bool:
    x, paid = _card(d, m["x"]), _card(d, m["c"])
    if x is None or paid is None or x.name == paid.name:
        return False
    kind, verb = _COSTS[m["how"]]
    index = _cost_effect(x, verb)
    if index is None:
        return False
    who = player or actor_player(m["a"])
    text = next(e["text"] for e in x.effects if e["index"] == index)
    hand = d.player(who).setdefault("hand", [])
    if re.search(r"Special Summon this card from your hand", text):
        hand.append(x.name)
    if kind == "discard":
        hand.append(paid.name)
    if not _link(d, who, x, effect=index, cost={kind: [paid.name]}):
        return False
    if len(d.actions) == 1 and next(e["kind"] for e in x.effects if e["index"] == index) == "ignition":
        d.state["turn"] = who  # an Ignition Effect starts a chain only in its controller's turn
    d.said[-1] += f", {kind}ing {paid.name} as its cost".replace("eing", "ing")
    if resolves:
        return _fact_resolves(d, m)
    return True


def _fact_cost_resolves(d: Draft, m: re.Match) -> bool:
    """ "the X effect (with Y discarded as cost) resolves": who activated X is not said (B is assumed)."""
    if _chain(d) is None or d.actions:
        return False
    if not _fact_cost(d, m, player="B", resolves=True):
        return False
    d.said.insert(0, "who activated it is not said: B (the other player) is assumed")
    return True


_GY_WORDS = {"my": "A", "their": "B", "his": "B", "her": "B", "my opponent's": "B", "the opponent's": "B"}


def _fact_target_removed(d: Draft, m: re.Match) -> bool:
    """ "I activate X targeting Z in my GY and my opponent chains Y to banish it": both links target Z."""
    x, y, z = _card(d, m["x"]), _card(d, m["y"]), _card(d, m["z"])
    if None in (x, y, z) or len({x.name, y.name, z.name}) < 3 or d.actions:
        return False
    if m["z2"] and (_card(d, m["z2"]) is None or _card(d, m["z2"]).name != z.name):
        return False
    first = actor_player(m["a"])
    second = actor_player(m["a2"]) if m["a2"] else _other(first)
    if m["gy"]:
        owner = _GY_WORDS[m["gy"]] if m["gy"] != "my" else first if first == "A" else "A"
        d.player(owner).setdefault("gy", []).append(z.name)
    if not (_link(d, first, x, targets=[z.name]) and _link(d, second, y, targets=[z.name])):
        return False
    d.chain["target"] = z.name
    d.said[-1] += f" to {m['verb']} {z.name}"
    return True


def _fact_resolves(d: Draft, m: re.Match) -> bool:
    chain = _chain(d)
    if chain is None or not chain["links"] or chain["resolved"]:
        return False
    d.actions.append({"do": "resolve"})
    chain["resolved"] = True
    d.said.append("the chain resolves")
    return True


@lru_cache(maxsize=1)
def next_link_facts() -> list:
    """Story shapes of a told chain (name, pattern, handler)."""
    actor, actor2 = rf"(?P<a>{ACTOR})", rf"(?P<a2>{ACTOR})"
    declares = r"(?:declares an attack|declared an attack|attacks|attacked)"
    how = "|".join(_COSTS)
    return [
        ("<actor> declares an attack", re.compile(rf"^{actor} {declares}(?: directly)?$"), _fact_attack),
        (
            "<actor> declares an attack and <actor> activates X",
            re.compile(
                rf"^{actor} {declares}(?: directly)? (?:and|then|and then) (?P<a2>{ACTOR}) (?:activates?|activated|"
                rf"responds? with|responded with) (?P<x>{_CARD})(?: in response| against it)?$"
            ),
            lambda d, m: _fact_attack(d, m) and _link(d, actor_player(m["a2"]), _card(d, m["x"])),
        ),
        (
            "X activated at an attack declaration (then negated by Y)",
            re.compile(
                rf"^(?P<x>{_CARD}) (?:was|is|got) activated (?:when|as|after|in response to) {actor} "
                rf"(?:declared|declares|declaring) an attack(?: and (?:it|that card|(?P<x2>{_CARD})) (?:was|is|got) "
                rf"negated by (?P<y>{_CARD}))?$"
            ),
            _fact_activated_at_attack,
        ),
        (
            "<actor> activates X (and <actor> chains Y)",
            re.compile(
                rf"^{actor} (?:activates?|activated|chains?|chained|responds? with|responded with) "
                rf"(?:(?:my|his|her|their) (?:own |set )?)?(?P<x>{_CARD})"
                rf"(?: in response| to it| to that| against (?:it|the attack|that attack))?"
                rf"(?: (?:and|then|and then) {actor2} (?:then )?(?:chains?|chained|responds? with|responded with) "
                rf"(?P<y>{_CARD})(?: to (?:it|that|negate it))?)?$"
            ),
            _fact_activates,
        ),
        (
            "it was negated by Y",
            re.compile(rf"^(?:it|that card|(?P<x>{_CARD})) (?:was|is|got|gets) negated by (?P<y>{_CARD})$"),
            _fact_negated_by,
        ),
        (
            "<actor> activates X by discarding Y as cost",
            re.compile(
                rf"^{actor} (?:activates?|activated|uses?|used) (?P<x>{_CARD})(?: 's effect| effect)? by "
                rf"(?P<how>discarding|tributing|banishing) (?P<c>{_CARD})(?: as (?:a |the |its )?cost)?$"
            ),
            _fact_cost,
        ),
        (
            "the X effect (with Y discarded as cost) resolves",
            re.compile(
                rf"^(?:the )?(?P<x>{_CARD})(?: 's)?(?: effect)? \(? ?with (?P<c>{_CARD}) (?P<how>{how}) as "
                rf"(?:a |the |its )?cost ?\)? resolves$"
            ),
            _fact_cost_resolves,
        ),
        (
            "<actor> activates X targeting Z (in my GY) and <actor> chains Y to banish it",
            re.compile(
                rf"^{actor} (?:activates?|activated|uses?|used) (?P<x>{_CARD}) (?:targeting|on) (?P<z>{_CARD})"
                rf"(?: (?:in|from) (?P<gy>my|their|his|her|my opponent's|the opponent's) (?:gy|graveyard))? "
                rf"(?:and )?(?:{actor2} )?(?:then )?(?:chains?|chained|responds? with|responded with|activates?|activated) "
                rf"(?P<y>{_CARD})(?: targeting (?:it|(?P<z2>{_CARD})))? (?:to|and) (?P<verb>banish|banishes|destroy|"
                rf"destroys|return|returns) (?:it|(?P<z3>{_CARD}))(?: to the hand)?$"
            ),
            _fact_target_removed,
        ),
        (
            "that chain resolves",
            re.compile(r"^(?:that|the|this) chain (?:resolves|resolved|has resolved|finishes resolving|is resolved)$"),
            _fact_resolves,
        ),
    ]


# --------------------------------------------------------------------------------------------- question


def _q_target(d: Draft, m: re.Match):
    """ "Does X still Special Summon Z?" / "Is Z Special Summoned?" after the story's target was removed."""
    chain = d.chain if d.chain and d.chain.get("story") else None
    if chain is None or "target" not in chain or chain["resolved"]:
        return None
    said = _card(d, m["z"]) if m["z"] else None
    if said is not None and said.name != chain["target"]:
        return None
    if m["x"]:
        first = _card(d, m["x"])
        if first is None or first.name != chain["links"][0][1]:
            return None
    name = chain["target"]
    return {"kind": "outcome", "where": name, "is": "field"}, f"is {name} Special Summoned (on the field)"


def _q_next(d: Draft, m: re.Match):
    chain = d.chain if d.chain and d.chain.get("story") else None
    if chain is None or not chain["links"]:
        return None
    card = _card(d, m["z"])
    if card is None or any(name == card.name for _p, name in chain["links"]):
        return None
    player = actor_player(m["a"])
    chained = m["verb"] == "chain" or bool(m["to"])
    new = bool(m["new"] or m["after"])
    if chained and (new or chain["resolved"]):
        return None  # "chain it to that activation" after the chain resolved: the words disagree
    if new and not chain["resolved"]:
        d.actions.append({"do": "resolve"})
        chain["resolved"] = True
        d.said.append("the chain resolves")
    if m["attack"] and not chain["attack"]:
        return None
    d.actions.append({"do": "activate", "player": player, "card": card.name})
    where = ("in a new chain" if chain["resolved"] else f"as Chain Link {len(chain['links']) + 1}")
    return {"kind": "legal"}, f"can {player} activate {card.name} {where}"


@lru_cache(maxsize=1)
def next_link_questions() -> list:
    """Question shapes about the next activation after a told chain (name, pattern, handler)."""
    return [
        (
            "does X still Special Summon Z",
            re.compile(
                rf"^(?:(?:does|will|would) (?P<x>{_CARD}) (?:still )?special summon (?:it|(?P<z>{_CARD}))|"
                rf"(?:is|will|does) (?:it|(?P<z2>{_CARD})) (?:still )?(?:be |get )?special summoned)$"
            ),
            lambda d, m: _q_target(d, _Either(m)),
        ),
        (
            "can I activate Z (to that activation / in a new chain)",
            re.compile(
                rf"^(?P<after>(?:after|once) (?:that|the|this) chain (?:resolves|has resolved|resolved|is resolved|"
                rf"finishes resolving) )?(?:can|could|may) (?P<a>{ACTOR}) (?:still |now |then |also )?(?P<verb>activate|chain|use) "
                rf"(?P<z>{_CARD})(?P<attack> (?:against|for|in response to) (?:the same|that|the) attack)?"
                rf"(?P<to> (?:to|in response to) (?:that|the|this|its) (?:activation|effect)| to (?:it|that))?"
                rf"(?P<new> in (?:a )?new chain| as chain link 1 of a new chain)?(?: now| afterwards| after that)?$"
            ),
            _q_next,
        ),
    ]
