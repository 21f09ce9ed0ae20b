"""Negating a Summon: can a card's "when a monster would be Summoned" effect negate this Summon?

Only Summons outside a chain can be negated (Normal, Tribute, Flip, and Special Summons by procedure:
Synchro, Xyz, Link, Pendulum, built-in); a Summon performed by a resolving effect (Fusion by Polymerization,
Ritual by a Ritual Spell, a card that Special Summons) cannot.  The negating card's condition must match the
Summon (method, whose Summon, "exactly 1 monster" / "a monster" vs "a monster(s)", the kind of monster).
:func:`negate_summon` gives the verdict; :mod:`kb.engine.negation` validates and answers the question.
"""

from __future__ import annotations

import re

from . import engine as checks
from .model import Moment, other_player
from .summon_conditions import kind_condition

__all__ = ["SUMMON_BY", "SUMMON_METHODS", "match_summon", "negate_summon", "summon_method_problem", "unread"]

SUMMON_METHODS = (
    "normal",
    "tribute",
    "flip",
    "special",
    "fusion",
    "synchro",
    "xyz",
    "link",
    "pendulum",
    "ritual",
)
SUMMON_BY = ("procedure", "effect")
# Summons that are always made by a card effect's resolution (md "Negating Summons" lists the Summons by
# game mechanics that can be negated: Normal, Flip, Synchro, Xyz, Pendulum, Link, built-in Special Summons)
_ALWAYS_BY_EFFECT = {
    "fusion": "a card that Fusion Summons (such as Polymerization)",
    "ritual": "a Ritual Spell Card",
}
# the ability a monster needs for each kind of Summon;
# Special Summon Monsters cannot be Normal/Tribute Summoned
_SUMMON_ABILITY = {
    "fusion": "Fusion",
    "synchro": "Synchro",
    "xyz": "Xyz",
    "link": "Link",
    "ritual": "Ritual",
    "pendulum": "Pendulum",
}
_NOT_NORMAL_SUMMONED = {
    "normal": ("Fusion", "Synchro", "Xyz", "Link", "Ritual"),
    "tribute": ("Fusion", "Synchro", "Xyz", "Link", "Ritual"),
    "flip": ("Link",),
}
# the profile's summon methods that a Summon of each kind meets
_METHOD_MATCHES = {
    "normal": {"normal"},
    "tribute": {"normal", "tribute"},
    "flip": {"flip"},
    "special": {"special"},
    **{kind: {"special", kind} for kind in ("fusion", "synchro", "xyz", "link", "pendulum", "ritual")},
}
_ONE_MONSTER = re.compile(
    r"exactly 1 monster|\ba monster would\b|\b1 monster would\b|would (?:Normal |Special |Flip "
    r"|Tribute )?Summon (?:exactly )?(?:a|1) monster\b(?!\(s\))",
    re.IGNORECASE,
)
# "Negate the Pendulum Summon": the profile's negate_summon pattern does not name every kind of Summon
_NEGATE_SUMMON_TEXT = re.compile(
    r"\bnegate (?:the|that|its|their) (?:[A-Z][a-z]+ )?Summons?\b", re.IGNORECASE
)


def unread(card: checks.EngineCard) -> bool:
    """Does part of the card's text stay unread (an effect of kind "unknown" or marked so)?"""
    return any(e["kind"] == "unknown" or e.get("unknown") for e in card.effects)


def _negates_summon(effect: dict) -> bool:
    """``negate_summon`` in the profile, or the text's "negate the <kind> Summon" (e.g. "Pendulum Summon")."""
    return "negate_summon" in effect["categories"] or bool(
        _NEGATE_SUMMON_TEXT.search(effect.get("text") or "")
    )


def _summon_patterns(effect: dict) -> list[dict]:
    return [
        p
        for p in (effect.get("condition") or {}).get("events", [])
        if p["type"] == "summon" and p.get("stage") == "would"
    ]


def summon_method_problem(how: str, abilities: list[str]) -> str | None:
    """Why a monster with ``abilities`` cannot be Summoned by ``how`` (``None`` when it can)."""
    needed = _SUMMON_ABILITY.get(how)
    if needed and needed not in abilities:
        return f"it is not a {needed} Monster"
    barred = [a for a in _NOT_NORMAL_SUMMONED.get(how, ()) if a in abilities]
    if barred:
        return f"a {barred[0]} Monster cannot be {'Flip' if how == 'flip' else 'Normal or Tribute'} Summoned"
    return None


def negate_summon(
    card: checks.EngineCard,
    summon: dict,
    monster: checks.EngineCard,
    moment: Moment,
    abilities: list[str] | None = None,
    stats: dict | None = None,
):
    if "how" not in summon:  # "is it possible?" over the kinds of Summon the monster can have
        verdicts = []
        for how in SUMMON_METHODS:
            if abilities is not None and summon_method_problem(how, abilities):
                continue
            if (summon.get("count") or 1) > 1 and how != "pendulum":
                continue  # only a Pendulum Summon Summons several monsters at once
            verdict = negate_summon(card, dict(summon, how=how), monster, moment, abilities, stats)
            verdict.assume(f"it is a {how.capitalize()} Summon")
            verdicts.append(verdict)
            if verdict.answer == "yes":
                break
        rank = {"yes": 0, "unknown": 1}
        return min(
            verdicts, key=lambda v: (rank.get(v.answer, 2), -sum(s["result"] == "pass" for s in v.steps))
        )
    verdict = checks.Verdict()
    how, by, count = summon["how"], summon.get("by"), summon.get("count")
    problem = summon_method_problem(how, abilities) if abilities is not None else None
    if problem:
        return verdict.fail(
            "summon method",
            f"{monster.name} cannot be {how.capitalize()} Summoned: {problem}",
            "summon_method",
        )
    effects = [
        e
        for e in card.effects
        if e["kind"] in checks.ACTIVATED_KINDS
        and _summon_patterns(e)
        and _negates_summon(e)
        and (card.effect is None or e["index"] == card.effect)
    ]
    if not effects:
        summon_negaters = [e for e in card.effects if e["kind"] in checks.ACTIVATED_KINDS and _negates_summon(e)]
        if unread(card) or summon_negaters:
            verdict.step(
                "negation",
                "unknown",
                f"no readable effect of {card.name} negates a Summon, but part of its text could not be read"
                if not summon_negaters else
                f"{card.name} negates a Summon, but which Summons its condition allows could not be read",
                "psct",
            )
            return verdict
        return verdict.fail(
            "negation",
            f"{card.name} has no effect that negates a Summon (it is activated "
            f'"when a monster would be Summoned")',
            "summon_negation",
        )
    # 1. can this Summon be negated at all
    if how in _ALWAYS_BY_EFFECT:
        return verdict.fail(
            "summon can be negated",
            f"a {how.capitalize()} Summon is always performed while the effect of {_ALWAYS_BY_EFFECT[how]} "
            f"resolves, so there is no moment to negate the Summon of {monster.name} (only the activation of "
            f"that card can be negated)",
            "summon_by_effect",
            "summon_negatable",
        )
    if by == "effect":
        return verdict.fail(
            "summon can be negated",
            f"the {how} Summon of {monster.name} is performed while an "
            f"effect resolves, so there is no moment to negate it (only "
            f"the activation of that effect can be negated)",
            "summon_by_effect",
            "summon_negatable",
        )
    if by is None:
        verdict.assume(
            f"{monster.name} is Summoned by its procedure outside a chain, not by a resolving effect"
        )
    verdict.step(
        "summon can be negated",
        "pass",
        f"a {how} Summon by procedure happens outside a chain and can be negated",
        "summon_negatable",
        "summon_negation",
    )
    # 2. does X's condition meet it
    summoner = monster.controller or (other_player(card.controller) if card.controller else "A")
    controller = card.controller or other_player(summoner)
    if moment.turn is None and moment.phase is None:
        # a Summon by procedure is made by the turn player in their Main Phase
        moment = Moment(summoner, "main1")
        verdict.assume(f"{monster.name} is Summoned by {summoner} in their Main Phase")
    results = []
    for effect in effects:
        raw = (effect.get("condition") or {}).get("raw") or ""
        for pattern in _summon_patterns(effect):
            results.append((effect, pattern, _match_summon(pattern, raw, how, count, summoner, controller, stats)))
    passed = [r for r in results if r[2][0] == "pass"]
    if not passed:
        effect, pattern, (_, why, keys, _notes) = results[0]
        return verdict.fail(
            "activation condition", f'{card.name} needs "{effect["condition"]["raw"]}": {why}', *keys
        )
    effect, pattern, (_, why, keys, notes) = passed[0]
    for note in notes:
        verdict.assume(note)
    verdict.step(
        "activation condition", "pass", f'{card.name}: "{effect["condition"]["raw"]}" — {why}', *keys
    )
    # 3. can X be activated then (its own window: Set this turn, hand, phases, Damage Step ...)
    negater = checks.EngineCard(
        **{**card.__dict__, "effects": [effect], "effect": None, "controller": controller}
    )
    activated = checks.check_activate(negater, moment)
    for step in activated.steps:
        if step["check"] != "activation condition":
            verdict.steps.append(step)
    for text in activated.assumed:
        if not text.startswith("the event just happened"):
            verdict.assume(text)
    verdict.effect = effect["index"]
    verdict.answer = activated.answer
    return verdict


def _match_summon(
    pattern: dict, raw: str, how: str, count: int | None, summoner: str | None, controller: str | None,
    stats: dict | None = None,
) -> tuple:
    """(result, why, rule keys, assumptions) for one "would be Summoned" pattern against the Summon."""
    notes: list[str] = []
    methods = set(pattern.get("methods") or ["any"])
    if "any" not in methods and not methods & _METHOD_MATCHES[how]:
        return (
            "fail",
            f"a {how} Summon is not a {'/'.join(sorted(methods))} Summon",
            ["summon_negation"],
            notes,
        )
    player = pattern.get("player", "any")
    if player in ("opponent", "you"):
        if summoner and controller:
            if (player == "opponent") != (summoner != controller):
                return (
                    "fail",
                    (
                        f"it answers {'the opponent' if player == 'opponent' else 'its controller'}'s "
                        f"Summons; this is {'its controller' if summoner == controller else 'the opponent'}'s"
                    ),
                    ["summon_negation"],
                    notes,
                )
        else:
            notes.append(
                f"the monster is Summoned by {'the opponent' if player == 'opponent' else 'its controller'} "
                f"of the negating card"
            )
    keys = ["summon_negation"]
    one_only = bool(_ONE_MONSTER.search(raw)) and "monster(s)" not in raw
    if how == "pendulum" and one_only:
        keys = ["pendulum_summon_count", "summon_negation"]
        if count is not None and count > 1:
            return (
                "fail",
                f"it answers the Summon of exactly one monster; this Pendulum Summon is of {count}",
                keys,
                notes,
            )
        if count is None:
            notes.append(
                "only one monster is Pendulum Summoned (it cannot answer a Pendulum Summon of several)"
            )
    elif how == "pendulum" and count and count > 1:
        keys = ["pendulum_summon_count", "summon_negation"]
    kind = kind_condition(raw, stats)  # "a Level 5 or higher monster": checked for a named monster
    if kind is not None and kind[0] == "fail":
        return "fail", f"the Summoned monster is not of the kind it names: {kind[1]}", keys, notes
    if kind is None and re.search(r"\b(?:LIGHT|DARK|EARTH|WATER|FIRE|WIND|DIVINE|Level|Rank|Effect Monster|Tuner)\b",
                                  raw):
        notes.append(f"the Summoned monster is of the kind its condition names ({raw})")
    kind_words = f" ({kind[1]})" if kind is not None else ""
    return (
        "pass",
        f"a {how} Summon{f' of {count} monsters' if count and count > 1 else ''} meets it{kind_words}",
        keys,
        notes,
    )


match_summon = _match_summon  # a Summon against one Summon pattern (also for kb/engine/activate_summon.py)
