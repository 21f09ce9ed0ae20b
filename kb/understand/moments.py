"""Moments and states a question says: "during damage calculation", "on my opponent's turn", "in response to
the Summon", "when my opponent attacks", "as a cost", "after the chain resolves" -- the moment fields of
../shared/spec/SCENARIOS.md read from the vocabulary's ``[[moment]]``/``[[state]]`` phrases and a few event
patterns (kb/understand/vocabulary.toml).  :func:`read_moments` marks the pieces it reads as used.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .skeleton import ENT, Skeleton
from .vocabulary import vocabulary

__all__ = ["read_moments"]


@lru_cache(maxsize=1)
def _moment_table() -> tuple[re.Pattern, dict[str, dict]]:
    """One regex over every moment and state phrase of the vocabulary (longest first) and the fields of
    each phrase."""
    vocab = vocabulary()
    fields: dict[str, dict] = {}
    for table in ("moment", "state"):
        for row in vocab[table]:
            for phrase in row["phrases"]:
                fields.setdefault(phrase, dict(row["fields"]))
                if table == "state" and phrase.startswith("the "):  # "during the same turn I Set it"
                    for lead in ("during ", "in ", "on "):
                        fields.setdefault(lead + phrase, dict(row["fields"]))
    ordered = sorted(fields, key=len, reverse=True)
    return re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(p) for p in ordered) + r")(?![\w'])"), fields


_WHOSE = (
    r"(?:my own|my opponent's|my opponents|the opponent's|opponent's|opponents|your own|your opponent's|"
    r"my|your|their)"
)
_PHASES = {
    "draw": "draw",
    "standby": "standby",
    "main": "main1",
    "main 1": "main1",
    "main 2": "main2",
    "battle": "battle",
    "end": "end",
}
_WHOSE_PHASE = re.compile(
    rf"\b(?:during|in|on|at) (?P<whose>{_WHOSE}) (?:turn's )?(?:(?P<phase>draw|standby|main 1|main 2|"
    rf"main|battle|end) phase(?: (?P<n>[12]))?|damage step)\b"
)
# an event the question says the card answers ("when my opponent attacks"): kept as "event"
_EVENTS = [
    (
        re.compile(
            r"\b(?:when|after|as|if|once) (?:my opponent|the opponent|they|he|she|an opponent's monster|"
            r"a monster|an opponent's monster) (?:declares? an attack|attacks|declared an attack)\b|"
            r"\b(?:when|if) (?:i am|i'm|i get) attacked\b|"
            r"\bin response to (?:an|the|my opponent's|the opponent's|your opponent's|their|his|her) "
            r"attack(?: declaration)?\b|"
            r"\bwhen an attack is declared\b"
        ),
        {"event": "attack_declared"},
    ),
    (  # "when my opponent's monster declares an attack" (a kind of monster: never the asker's, see read_moments)
        re.compile(rf"\b(?:when|after|as|if|once) (?P<attacker>{ENT}) (?:declares? an attack|attacks|declared an attack)\b"),
        {"event": "attack_declared"},
    ),
    (
        re.compile(
            r"\b(?:when|as|if) (?:my opponent|the opponent|they|he|she) (?:would )?"
            r"(?:normal |special |tribute |"
            rf"flip )?summons?(?: (?:(?:a|their|his|her) monster\b|{ENT}\b)|(?= when| if| can|$))|"
            r"\bin response to (?:the|a|an|that|my opponent's|their) "
            r"(?:normal |special |tribute |flip )?summon\b|"
            r"\bwhen a monster (?:would be|is) summoned\b"
        ),
        {"event": "summoning"},
    ),
]


def _whose_turn(whose: str) -> str:
    return "opponent" if "opponent" in whose or whose == "their" else "asker"


_EXTRA_MOMENTS = [
    (
        re.compile(
            r"\b(?:after|once) (?:that |the |this )?chain (?:has )?(?:resolves|resolved|is resolved|"
            r"finishes resolving)\b|\bin a new chain\b|\bas a new chain\b|\bchain link 1\b(?= of a new)"
        ),
        {"new_chain": True},
    ),
    (re.compile(r"\bas (?:a |the )?cost\b|\bto pay (?:the |its )?cost\b|\bby paying\b"), {"by": "cost"}),
    (re.compile(r"\bby battle\b"), {"by": "battle"}),
    (re.compile(r"\b(?:by|with) (?:a |an |the )?(?:card )?effect\b"), {"by": "effect"}),
]


def read_moments(skeleton: Skeleton, indices: list[int]) -> dict:
    """Moment and state fields said by some pieces (marked used); turn is "asker"/"opponent"."""
    fields: dict = {}
    text, spans = skeleton.text_of(indices)
    taken: list[tuple[int, int]] = []
    table, phrase_fields = _moment_table()
    found = []
    for match in _WHOSE_PHASE.finditer(
        text
    ):  # "during my opponent's Battle Phase", "my own turn's Damage Step"
        values = {"turn": _whose_turn(match.group("whose"))}
        phase = match.group("phase")
        if phase:
            values["phase"] = _PHASES["main 2" if match.group("n") == "2" else phase]
        else:
            values.update(phase="battle", step="damage")
        found.append((match, values, True))
    found += [(match, values, True) for pattern, values in _EVENTS for match in pattern.finditer(text)]
    found += [(match, phrase_fields[match.group()], False) for match in table.finditer(text)]
    found += [(match, values, True) for pattern, values in _EXTRA_MOMENTS for match in pattern.finditer(text)]
    for match, values, _extra in found:
        if any(match.start() < e and s < match.end() for s, e in taken):
            continue
        named = [
            skeleton.pieces[p].entity
            for p in Skeleton.pieces_between(spans, *match.span())
            if skeleton.pieces[p].entity is not None
        ]
        if any(skeleton.entities[n].kind != "class" for n in named):
            continue  # "when my opponent Summons Kuriboh": which monster may matter (ATK ...): not read
        if "attacker" in match.re.groupindex and any(skeleton.entities[n].aside.get("controller") == "asker"
                                                     for n in named):
            continue  # "when my monster attacks": the asker's own attack is no event the asked card answers
        if values.get("event") == "summoning":  # "in response to a Normal Summon": which kind of Summon
            how = re.search(r"\b(normal|special|tribute|flip)\b", match.group())
            if how:
                fields["event_how"] = how.group(1)
            if re.search(r"\b(?:my opponent|the opponent|they|he|she)\b", match.group()):
                fields["event_by"] = "opponent"  # who Summons: the asker's opponent (kb/engine/activate_summon.py)
        for key, value in values.items():
            if key in fields and fields[key] != value:
                fields.setdefault("conflicts", []).append(f"{key}: {fields[key]} / {value}")
            fields[key] = value
        taken.append(match.span())
        pieces = Skeleton.pieces_between(spans, *match.span())
        skeleton.use(pieces)
        said = [skeleton.pieces[p].entity for p in pieces if skeleton.pieces[p].entity is not None]
        if said:  # "when my opponent Normal Summons a monster": the card is part of the moment
            fields.setdefault("entities", []).extend(said)
    return fields
