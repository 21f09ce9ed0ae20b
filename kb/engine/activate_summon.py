"""Can a card be activated when a Summon happens: its own condition against a told Summon ("can I activate
Bottomless Trap Hole when they Flip Summon?").

The question is ``{"ask": "activate", "card": X, "after_summon": {"how": <method>, "controller": <summoner>,
"card": <the monster, optional>}}``.  Each activated effect of X that waits for a Summon ("When your
opponent Normal or Flip Summons a monster with 1000 or more ATK") is matched against it: the kind of Summon,
whose Summon, and the monster's Level/Attribute (``kind_condition``) and ATK/DEF when the monster is named;
a qualifier not checked becomes an assumption.  An effect that waits for another event cannot answer the
Summon; an effect that waits for nothing is checked as a plain activation at that moment.  Then the
matching effect's own window (Set this turn, phases ...) decides, as :func:`kb.engine.activate.check_activate`
does.  No effect matching is "no" only when every effect was read.
"""

from __future__ import annotations

import re

from ..errors import BadQuestionError
from . import engine as checks
from .model import Moment, PLAYERS, other_player
from .negation_summon import SUMMON_METHODS, match_summon

__all__ = ["normalise_after_summon", "check_activate_after_summon", "summon_stats"]

_FIELDS = {"how", "controller", "card"}
# "with 1000 or more ATK" / "with 1500 or less DEF": compared with a named monster's printed value
_STAT = re.compile(r"\bwith (\d+) or (more|less) (ATK|DEF)\b")
# words of a condition that narrow the monster further than the checks here read
_QUALIFIED = re.compile(r"\bwith\b|\bLevel\b|\bRank\b|\b(?:LIGHT|DARK|EARTH|WATER|FIRE|WIND|DIVINE)\b|-Type\b|\"")


def normalise_after_summon(question: dict, out: dict, card_item) -> None:
    """Validate ``after_summon`` of an activate question into ``out`` (a clear error naming the field)."""
    summon = question["after_summon"]
    if not isinstance(summon, dict):
        raise BadQuestionError(f'after_summon must be an object {{"how", "controller", "card"}}, not {summon!r}',
                               "after_summon", summon)
    unknown = sorted(set(summon) - _FIELDS)
    if unknown:
        raise BadQuestionError(f"unknown field after_summon.{unknown[0]}", f"after_summon.{unknown[0]}",
                               summon[unknown[0]])
    if summon.get("how") not in SUMMON_METHODS:
        raise BadQuestionError(f"invalid after_summon.how: {summon.get('how')!r} (expected one of "
                               f"{', '.join(SUMMON_METHODS)})", "after_summon.how", summon.get("how"))
    if "controller" in summon and summon["controller"] not in PLAYERS:
        raise BadQuestionError(f"invalid after_summon.controller: {summon['controller']!r} (expected A or B)",
                               "after_summon.controller", summon["controller"])
    result = {k: summon[k] for k in ("how", "controller") if k in summon}
    if "card" in summon:
        result["card"] = card_item(summon["card"], "after_summon.card")
    out["after_summon"] = result


def summon_stats(row) -> dict | None:
    """The printed values of a named monster that a condition may name."""
    if row is None:
        return None
    return {"level": row.level, "attribute": row.attribute, "rank": row.rank, "link": row.link_rating,
            "atk": row.atk, "def": row.defense}


def _stat_check(raw: str, stats: dict | None) -> tuple[str, str] | None:
    """("pass"|"fail", why) for "with N or more ATK" against a named monster; None when not decided."""
    match = _STAT.search(raw)
    if not match or not stats or stats.get(match.group(3).lower()) is None:
        return None
    value, bound, more = stats[match.group(3).lower()], int(match.group(1)), match.group(2) == "more"
    ok = value >= bound if more else value <= bound
    return ("pass" if ok else "fail",
            f"{value} {match.group(3)}, {'' if ok else 'not '}{bound} or {match.group(2)}")


def _summon_patterns(effect: dict) -> list[dict]:
    return [p for p in (effect.get("condition") or {}).get("events", []) if p["type"] == "summon"]


def check_activate_after_summon(card: checks.EngineCard, summon: dict, moment: Moment,
                                stats: dict | None = None, monster: str = "the monster") -> checks.Verdict:
    """Can ``card`` be activated when the Summon ``summon`` (``how``, ``controller``) happens?"""
    how = summon["how"]
    summoner = summon.get("controller") or (other_player(card.controller) if card.controller else None)
    controller = card.controller or (other_player(summoner) if summoner else "A")
    effects = checks._effects_to_consider(card)
    verdicts = []
    for effect in effects:
        verdict = _one(card, effect, how, summoner, controller, moment, stats, monster)
        verdict.effect = effect["index"]
        verdicts.append(verdict)
        if verdict.answer == "yes":
            break
    if not verdicts:
        verdict = checks.Verdict("no")
        verdict.step("effect kinds", "fail", f"{card.name} has no effect that is activated", "not_activated")
        return verdict
    best = checks._best(verdicts, card, None)
    if best.answer == "no" and any(e.get("unknown") for e in card.effects):
        best.answer = "unknown"
        best.step("effects read", "unknown", f"part of {card.name}'s text could not be read", "psct")
    return best


def _one(card, effect, how, summoner, controller, moment, stats, monster) -> checks.Verdict:
    verdict = checks.Verdict()
    cond = effect.get("condition") or {}
    events = cond.get("events") or []
    patterns = _summon_patterns(effect)
    summon_words = f"a {how.capitalize()} Summon" + (f" by {summoner}" if summoner else "")
    if summoner and moment.turn is None and moment.phase is None and how in ("normal", "tribute", "flip"):
        moment = Moment(summoner, "main1")  # a Normal or Flip Summon is the turn player's, in a Main Phase
        verdict.assume(f"{summoner} Summons in their Main Phase")
    if events and not patterns:
        return verdict.fail("activation condition", f"{checks._effect_label(card, effect)} waits for "
                            f"{checks._describe_pattern(events[0])}, not for {summon_words}",
                            "activation_condition")
    if not events and effect.get("spell_speed") == 1 and summoner and summoner != controller and moment.turn is None:
        verdict.answer = "unknown"  # "can I activate Dark Hole when my opponent Special Summons?"
        verdict.step("activation window", "unknown", f"{checks._effect_label(card, effect)} is Spell Speed 1 and "
                     f"waits for no event: it is not activated in answer to {summon_words}, only in {controller}'s "
                     "own Main Phase with no chain; whose turn it is and whether a chain is resolving are not said",
                     "spell_card_speed", "chain_only_activations")
        return verdict
    if patterns:
        raw = cond.get("raw") or ""
        results = [match_summon(p, raw, how, None, summoner, controller, stats) for p in patterns]
        passed = [r for r in results if r[0] == "pass"]
        if not passed:
            _, why, _keys, _notes = results[0]
            return verdict.fail("activation condition", f'{card.name} needs "{raw}": {why}', "activation_condition")
        _, why, _keys, notes = passed[0]
        stat = _stat_check(raw, stats)
        if stat is not None and stat[0] == "fail":
            return verdict.fail("activation condition", f'{card.name} needs "{raw}": {monster} has {stat[1]}',
                                "activation_condition")
        for note in notes:
            verdict.assume(note)
        if stat is None and _QUALIFIED.search(raw) and not any("kind its condition names" in n for n in notes):
            verdict.assume(f"the Summoned monster is of the kind its condition names ({raw})")
        verdict.step("activation condition", "pass", f'{card.name}: "{raw}" — {why}' +
                     (f" ({stat[1]})" if stat else ""), "activation_condition", "trigger")
    alone = checks.EngineCard(**{**card.__dict__, "effects": [effect], "effect": None, "controller": controller})
    activated = checks.check_activate(alone, moment)
    verdict.steps += [s for s in activated.steps if s["check"] != "activation condition" or not patterns]
    for text in activated.assumed:
        if not text.startswith("the event just happened"):
            verdict.assume(text)
    verdict.answer = activated.answer
    return verdict
