"""The pieces the story shapes of :mod:`kb.understand.scenario` are built from: the word file
(``scenario_words.toml``) as regex alternations, the scenario :class:`Draft` being filled in, and the
phrase of a monster given by no name (owner, stats, position)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .saying import PHASE_NAMES
from .vocabulary import phrase_alternation, word_file

__all__ = [
    "PHASE_NAMES",
    "WORDS_FILE",
    "Draft",
    "all_phases",
    "alt",
    "me",
    "mon",
    "monster_phrase",
    "opp",
    "opps",
    "phase_of",
    "read_monster",
    "generic_you",
]

WORDS_FILE = Path(__file__).with_name("scenario_words.toml")


def _words() -> dict:
    return word_file(WORDS_FILE)


def alt(*path: str) -> str:
    """A regex alternation of the phrases at ``path`` of the word file (longest first)."""
    return phrase_alternation(_words(), *path)


# ------------------------------------------------------------------------------------------ the draft


@dataclass
class Draft:
    """The scenario being built from the story: state, actions, what was said."""

    state: dict = field(default_factory=lambda: {"players": {"A": {}, "B": {}}})
    actions: list = field(default_factory=list)
    said: list = field(default_factory=list)
    monsters: dict = field(default_factory=dict)  # name -> player
    last: str | None = None  # the monster last spoken of ("it")
    battle: tuple | None = None  # (attacker, target or None) of the story's attack
    card_of: object = None  # entity index -> the simulator's card of a named card, or None
    chain: dict | None = None  # a chain the story tells (scenario_chain.py)
    ruleset: str | None = None  # when the question names one ("under Master Rule 4")
    replay: dict | None = None  # a replay the story tells (scenario_battle.py): the first attacker ...
    kinds: dict = field(default_factory=dict)  # entity index -> class of a kind of card ("k<N>" in sentences)
    attacking: object = None  # the card of a named monster of mine told only as attacking (scenario_battle.py)
    relation: tuple | None = None  # a battle told by a relation (scenario_attacks.py): attacker, target, mine?
    said_extra: str = ""  # what the story's attack target was taken to be, when the words leave it open
    field_counts: dict | None = None  # who controls monsters, as the story says it (scenario_summon_named.py)
    alternatives: list = field(default_factory=list)  # the same question for other cards: all must agree

    def player(self, who: str) -> dict:
        return self.state["players"][who]

    def add_monster(self, who: str, where: str, name: str, **stats) -> str:
        """A monster without effects for ``who`` in ``where`` (``monsters`` or ``hand``)."""
        base, n = name, 2
        while name in self.monsters:
            name, n = f"{base} {n}", n + 1
        self.player(who).setdefault(where, []).append({"name": name, **stats})
        self.monsters[name] = who
        self.last = name
        return name

    def add_card(self, who: str, card, position: str | None, face: str = "up") -> str | None:
        """A named monster on ``who``'s field (its printed stats apply); None when it is there already."""
        if card.name in self.monsters:
            return None
        item = {"card": card.name}
        if position:
            item["position"] = position
        if face == "down":
            item["face"] = "down"
        self.player(who).setdefault("monsters", []).append(item)
        self.monsters[card.name] = who
        self.last = card.name
        return card.name

    def question(self, query: dict) -> dict:
        state = {k: v for k, v in self.state.items() if k != "players"}
        players = {p: v for p, v in self.state["players"].items() if v}
        if players:
            state["players"] = players
        out = {"ask": "scenario"}
        if self.ruleset:
            out["ruleset"] = self.ruleset
        if state:
            out["state"] = state
        out["actions"] = self.actions
        out["query"] = query
        return out


# ------------------------------------------------------------------------------------ phrase pieces


def me() -> str:
    return alt("players", "me")


def opp() -> str:
    return alt("players", "opponent")


def opps() -> str:
    return alt("players", "opponents")


def mon() -> str:
    return alt("monster", "words")


def monster_phrase(prefix: str) -> str:
    """A monster, unnamed ("monster") or a named card (``e<N>``): owner, stats and position in any of the
    usual orders."""
    p = prefix
    return (
        rf"(?:(?P<{p}own>my|{opps()}|a|an|the|another) )?"
        rf"(?:(?P<{p}n1>\d+) (?P<{p}s1>atk|def) )?"
        rf"(?:(?P<{p}pos1>{alt('positions', 'attack')}|{alt('positions', 'defense')}) )?"
        rf"(?:(?P<{p}n2>\d+) (?P<{p}s2>atk|def) )?"
        rf"(?:{mon()}|(?P<{p}ent>e\d+)(?: ' s| 's)?)"
        rf"(?: \( (?P<{p}n3>\d+) (?P<{p}s3>atk|def) \))?"
        rf"(?: in (?P<{p}pos2>{alt('positions', 'attack')}|{alt('positions', 'defense')}))?"
        rf"(?: \( (?P<{p}n4>\d+) (?P<{p}s4>atk|def) \)| with (?P<{p}n5>\d+) (?P<{p}s5>atk|def))?"
    )


def read_monster(match: re.Match, prefix: str, default_owner: str) -> dict | None:
    """Owner, stats and position of a monster phrase, or None when it says a stat twice."""
    g = match.groupdict()
    own = g.get(f"{prefix}own")
    owner = "A" if own == "my" else ("B" if own and re.fullmatch(opps(), own) else default_owner)
    stats: dict = {}
    for i in (1, 2, 3, 4, 5):
        n, s = g.get(f"{prefix}n{i}"), g.get(f"{prefix}s{i}")
        if n:
            key = "atk" if s == "atk" else "def"
            if key in stats:
                return None
            stats[key] = int(n)
    positions = [g.get(f"{prefix}pos1"), g.get(f"{prefix}pos2")]
    positions = [p for p in positions if p]
    if len(positions) > 1:
        return None
    position = None
    if positions:
        position = "defense" if re.fullmatch(alt("positions", "defense"), positions[0]) else "attack"
    ent = g.get(f"{prefix}ent")
    return {
        "owner": owner,
        "stats": stats,
        "position": position,
        "face": "down" if positions and positions[0].startswith("face-down") else "up",
        "entity": int(ent[1:]) if ent else None,
    }


def phase_of(words: str | None) -> str | None:
    if not words:
        return None
    for key in ("main2", "main1", "draw", "standby", "battle", "end"):
        if re.fullmatch(alt("phases", key), words):
            return key
    return None


def all_phases() -> str:
    return "(?:" + "|".join(alt("phases", k) for k in PHASE_NAMES) + ")"


_SELF = re.compile(r"\b(?:i|my|me|mine|myself|i'm|i ' m|im|i've|we|our|us)\b")
_YOU = {"you": "i", "your": "my", "yours": "mine", "yourself": "myself", "you're": "i'm", "you ' re": "i ' m",
        "youre": "i'm", "you've": "i've"}
_YOU_WORDS = re.compile(r"\b(?:you ' re|you're|youre|you've|yourself|yours|your|you)\b")


def generic_you(texts: list[str]) -> list[str]:
    """A question said of "you" (the generic player: "can you skip the Battle Phase?", "if your opponent
    controls a monster, can you attack directly?") read as said of the asker: "you" -> "i", "your" -> "my" --
    only when the question never speaks of the asker ("i", "my" ...): "my monster attacks your monster" keeps
    "your" (the opponent, spoken to)."""
    if any(_SELF.search(text) for text in texts) or not any(_YOU_WORDS.search(text) for text in texts):
        return texts
    return [_YOU_WORDS.sub(lambda m: _YOU[m.group(0)], text) for text in texts]
