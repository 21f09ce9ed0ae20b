"""Story shapes with named cards for :mod:`kb.understand.scenario`: an Extra Deck monster Summoned into
a zone (by ruleset); a card chained to another that Special Summons a monster ("X, chained to Y, Special
Summons Z"), and the question whether that monster's effect can be activated after the chain (missing the timing is
decided by the simulator from its log, docs/simulator.md).

The story gives the chain only; where each card was is left to the simulator (a Spell in the hand, a
Trap Set on an earlier turn, the revived monster in the GY) and said under ``assumed``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import CARD_SLOT
from ..engine.negation import SUMMON_METHODS
from .scenario_draft import Draft
from .scenario_next_link import next_link_facts, next_link_questions
from .story import ACTOR, actor_player

__all__ = ["CHAIN_FACTS", "chain_questions"]

_CARD = CARD_SLOT


def _name(d: Draft, group: str, m: re.Match) -> str | None:
    card = d.card_of(int(m[group].split()[0][1:]))
    return card.name if card is not None else None


def _fact_chain_summon(d: Draft, m: re.Match) -> bool:
    """Link 1 ``y`` (by its controller), link 2 ``x`` chained to it Special Summons ``z``."""
    if d.actions or d.said or d.chain:
        return False
    x, y, z = (_name(d, g, m) for g in ("x", "y", "z"))
    if None in (x, y, z) or len({x, y, z}) < 3:
        return False
    first = actor_player(m["a1"]) if "a1" in m.groupdict() and m["a1"] else "A"
    second = actor_player(m["a2"]) if "a2" in m.groupdict() and m["a2"] else first
    if first == "B":
        d.state["turn"] = "B"  # the player who starts the chain is taken as the turn player
    d.actions += [
        {"do": "activate", "player": first, "card": y},
        {"do": "activate", "player": second, "card": x, "targets": [z]},
    ]
    d.chain = {"first": y, "second": x, "summoned": z}
    d.said.append(f"{first} activates {y}; {second} chains {x} (Chain Link 2), which Special Summons {z}")
    return True


@lru_cache(maxsize=1)
def _chain_facts() -> list:
    actor = rf"(?P<a1>{ACTOR})"
    actor2 = rf"(?P<a2>{ACTOR})"
    return [
        (
            "X, chained to Y, Special Summons Z",
            re.compile(
                rf"^(?P<x>{_CARD}) (?:which is |that is )?chained to (?P<y>{_CARD}) special summons "
                rf"(?P<z>{_CARD})$"
            ),
            _fact_chain_summon,
        ),
        (
            "Z is Special Summoned by X chained to Y",
            re.compile(
                rf"^(?P<z>{_CARD}) is special summoned by (?P<x>{_CARD}) (?:which was |that was )?chained "
                rf"to (?P<y>{_CARD})$"
            ),
            _fact_chain_summon,
        ),
        (
            "A activates Y and B chains X to Special Summon Z",
            re.compile(
                rf"^{actor} activates? (?P<y>{_CARD}) (?:and )?(?:{actor2} )?chains? (?P<x>{_CARD}) "
                rf"to special summon (?P<z>{_CARD})$"
            ),
            _fact_chain_summon,
        ),
    ]


def CHAIN_FACTS() -> list:
    """The story shapes of this module (name, pattern, handler)."""
    return [*_chain_facts(), *revival_facts(), *extra_zone_facts(), *next_link_facts()]


def _q_activates(d: Draft, m: re.Match):
    if not d.chain or _name(d, "z", m) != d.chain.get("summoned"):
        return None
    if m["y"] and _name(d, "y", m) != d.chain["first"]:
        return None
    z = d.chain["summoned"]
    if m.groupdict().get("miss"):
        return {"kind": "activates", "card": z, "misses": True}, f"does {z}'s effect miss the timing"
    return {"kind": "activates", "card": z}, f"can {z}'s effect be activated after the chain"


def chain_questions() -> list:
    """The question shapes of this module (name, pattern, handler)."""
    return [
        *_chain_questions(), *revival_questions(), *special_questions(), *extra_zone_questions(),
        *next_link_questions(),
    ]


@lru_cache(maxsize=1)
def _chain_questions() -> list:
    return [
        (
            "can Z's effect be activated",
            re.compile(
                rf"^(?:can|does|will|would) (?P<z>{_CARD}) (?:(?:mandatory|optional|trigger) )?(?:effect )?"
                rf"(?:still )?(?:be activated|activate|trigger)(?: after the chain| afterwards| after that)?"
                rf"(?: even though (?P<y>{_CARD}) resolves (?:afterwards|after it|last|after))?$"
            ),
            _q_activates,
        ),
        (
            "does Z miss the timing",
            re.compile(
                rf"^(?:does|will|would) (?P<z>{_CARD}) (?:(?:optional|trigger) )?(?:effect )?"
                rf"(?P<miss>miss) (?:the |its )?timing(?: after the chain)?(?P<y>)$"
            ),
            _q_activates,
        ),
    ]


# ------------------------------------------------------------------------- a monster in the GY, revived



def _fact_in_gy(d: Draft, m: re.Match) -> bool:
    """A named monster in A's GY, with how it was Summoned before (or that it never was)."""
    if d.actions or d.chain or d.said:
        return False
    card = d.card_of(int(m["c"].split()[0][1:]))
    if card is None or not card.is_monster:
        return False
    if m.groupdict().get("c2") and (not card.extra_deck_frame or card.is_pendulum):
        return False  # "sent from the Extra Deck" says it never was Summoned only of Extra Deck monsters
    item: dict = {"card": card.name}
    if m.groupdict().get("how"):
        item.update(summoned=m["how"], properly=True)
        said = f"{card.name} was {'properly ' if m['properly'] else ''}{m['how'].title()} Summoned, then sent to the GY"
    else:
        item.update(summoned=None, properly=False)
        said = f"{card.name} was sent to the GY without being Summoned"
    d.player("A").setdefault("gy", []).append(item)
    d.chain = {"revive": card.name}
    d.said.append(said)
    return True


def _q_revive(d: Draft, m: re.Match):
    if not d.chain or "revive" not in d.chain:
        return None
    name = d.chain["revive"]
    if m["z"] and _name(d, "z", m) != name:
        return None
    d.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "gy"})
    return {"kind": "legal"}, f"can a card effect Special Summon {name} from the GY"


@lru_cache(maxsize=1)
def revival_facts() -> list:
    """Story shapes of a monster sent to the GY (name, pattern, handler)."""
    how = "|".join(SUMMON_METHODS)
    gy = r"(?:my |the )?(?:graveyard|gy)"
    return [
        (
            "X was (properly) Summoned and sent to the GY",
            re.compile(
                rf"^(?:my )?(?P<c>{_CARD}) (?:was|has been|had been|is) (?P<properly>properly )?(?P<how>{how}) summoned "
                rf"(?:and )?(?:then |later )?(?:was )?(?:destroyed and )?sent to {gy}$"
            ),
            _fact_in_gy,
        ),
        (
            "X was sent from the Extra Deck to the GY without being Summoned",
            re.compile(
                rf"^(?:my )?(?P<c>{_CARD}) (?:was|has been|is) sent (?:from (?:my |the )?extra deck )?to {gy} "
                rf"without (?:ever )?being (?:properly )?(?:(?:{how}) )?summoned$|"
                rf"^(?:my )?(?P<c2>{_CARD}) (?:was|has been|is) sent from (?:my |the )?extra deck to {gy}$"
            ),
            lambda d, m: _fact_in_gy(d, _Rename(m)),
        ),
    ]


class _Rename:
    """A match whose ``c`` is whichever of ``c`` / ``c2`` matched."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        if key == "c":
            return self.match["c"] or self.match["c2"]
        return self.match[key]

    def groupdict(self) -> dict:
        return {**self.match.groupdict(), "how": None}


@lru_cache(maxsize=1)
def revival_questions() -> list:
    """Question shapes about reviving the monster of the story (name, pattern, handler)."""
    by = r"(?: (?:with|by|using) (?:a card effect|an effect|a card's effect|a spell card|a spell|spell card|a trap card))?"
    gy = r"(?: from (?:my |the )?(?:graveyard|gy))?"
    return [
        (
            "can an effect Special Summon it",
            re.compile(
                rf"^can (?:i|a card effect|an effect|a card|a spell card|a spell) special summon (?:it|(?P<z>{_CARD}))"
                rf"{gy}{by}$"
            ),
            _q_revive,
        ),
        (
            "can it be Special Summoned",
            re.compile(rf"^can (?:it|(?P<z>{_CARD})) be special summoned{gy}{by}$"),
            _q_revive,
        ),
    ]


# ------------------------------------------------------------------- can a named monster be Special Summoned


def _q_can_special(d: Draft, m: re.Match):
    """ "Can X be Special Summoned?": by a card effect from the hand, answered only when the card's
    Summoning condition alone decides it (none, "Cannot be Special Summoned", Set only); a Nomi or
    Semi-Nomi monster could still be Special Summoned by its own procedure."""
    if d.actions or d.said or d.chain:
        return None
    card = d.card_of(int(m["z"].split()[0][1:]))
    if (
        card is None
        or not card.is_monster
        or card.summon_condition not in ("normal", "cannot_special", "set_only")
    ):
        return None
    d.actions.append({"do": "special_summon", "card": card.name, "how": "effect"})
    return {"kind": "legal"}, f"can {card.name} be Special Summoned (by a card effect, from the hand)"


@lru_cache(maxsize=1)
def special_questions() -> list:
    """Question shapes about Special Summoning a named monster (name, pattern, handler)."""
    return [
        (
            "can X be Special Summoned",
            re.compile(rf"^(?:can (?P<z>{_CARD}) be special summoned|can i special summon (?P<z2>{_CARD}))$"),
            lambda d, m: _q_can_special(d, _Z(m)),
        ),
    ]


class _Z:
    """A match whose ``z`` is whichever of ``z`` / ``z2`` matched."""

    def __init__(self, match: re.Match) -> None:
        self.match = match

    def __getitem__(self, key):
        return (self.match["z"] or self.match["z2"]) if key == "z" else self.match[key]


# --------------------------------------------------------------- Extra Deck monsters into a zone, by ruleset


def _fact_emz_taken(d: Draft, m: re.Match) -> bool:
    if d.actions or any(x.get("zone") == "emz_left" for x in d.player("A").get("monsters", [])):
        return False
    d.add_monster("A", "monsters", "my monster in the Extra Monster Zone", zone="emz_left", level=4)
    d.said.append("A controls a monster (without effects) in the left Extra Monster Zone")
    return True


def _q_extra_zone(d: Draft, m: re.Match):
    """Can an Extra Deck monster be Summoned into a Main / the (other) Extra Monster Zone?"""
    if d.actions or d.chain:
        return None
    card = d.card_of(int(m["z"].split()[0][1:]))
    frame = card.extra_deck_frame if card is not None and card.is_monster else None
    how = m["how"] or "special"
    if frame is None or how not in ("special", frame.lower()):
        return None
    taken = any(x.get("zone") == "emz_left" for x in d.player("A").get("monsters", []))
    if m["zone"].startswith("main"):
        if (frame == "Link" or m["mr4"]) and not m["nolink"]:
            return None  # whether a Link Monster points to that zone would decide it, and is not said
        zone = next((z for z in range(1, 6) if len(d.player("A").get("monsters", [])) < z), None)
        if zone is None or any(isinstance(x.get("zone"), int) for x in d.player("A").get("monsters", [])):
            return None
    elif m["other"] and not taken or taken and not m["other"]:
        return None  # "the other" Extra Monster Zone needs the first one taken, and the reverse
    else:
        zone = "emz_right" if taken else "emz_left"
    d.player("A").setdefault("extra", []).append(card.name)
    d.actions.append(
        {
            "do": "special_summon",
            "card": card.name,
            "how": how if how != "special" else frame.lower(),
            "from": "extra",
            "zone": zone,
        }
    )
    ruleset = "master-rule-4" if m["mr4"] else None
    where = "a Main Monster Zone" if m["zone"].startswith("main") else "the Extra Monster Zone"
    where += " that no Link Monster points to" if m["nolink"] else ""
    rules = " under Master Rule 4 (2017)" if ruleset else ""
    d.ruleset = ruleset
    return {
        "kind": "legal"
    }, f"can A {how.title()} Summon {card.name} from the Extra Deck into {where}{rules}"


@lru_cache(maxsize=1)
def extra_zone_facts() -> list:
    """Story shapes about the Extra Monster Zone (name, pattern, handler)."""
    return [
        (
            "I already control a monster in the Extra Monster Zone",
            re.compile(
                r"^i (?:already )?(?:control|have) (?:a|one) monster in (?:the|an|one|my|one of the) "
                r"extra monster zones?$"
            ),
            _fact_emz_taken,
        ),
    ]


@lru_cache(maxsize=1)
def extra_zone_questions() -> list:
    """Question shapes about Summoning an Extra Deck monster into a zone (name, pattern, handler)."""
    return [
        (
            "can I Synchro Summon X into a Main Monster Zone",
            re.compile(
                rf"^can i (?:(?P<how>fusion|synchro|xyz|link|special) )?summon (?P<z>{_CARD}) "
                rf"(?:from (?:my |the )?extra deck )?(?:into|to|in) (?:a |my |one of my |the |an )?"
                rf"(?P<other>other )?(?P<zone>main monster zone|extra monster zone)"
                rf"(?P<nolink> that no link monsters? points? to| (?:while|when|if) i control no link monsters)?"
                rf"(?P<mr4> under master rule 4| under (?:the )?2017 rules)?$"
            ),
            _q_extra_zone,
        ),
    ]
