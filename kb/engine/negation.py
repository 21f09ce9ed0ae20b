"""Negation questions: can a card be activated to negate a chain link, or a Summon?

``{"ask": "negate", "card": X, "to": <chain as in a chain question>, "target"?: <0-based chain index>}``:
can X negate the activation (or the effect) of the target link (the last link by default)?  What X
negates is read from its effect profiles: the categories ``negate_activation`` / ``negate_effect`` and the
activation condition ("When a Spell Card is activated").  An effect that negates an activation must be
chained directly to it, so a target below the last link is "no" for such an effect; otherwise the answer
is the chain question for X's negating effects against the target.

``{"ask": "negate", "card": X, "summon": {"card": Y, "how": ..., "by": "procedure"|"effect", "count"?: n}}``:
can X negate that Summon?  Only Summons outside a chain can be negated (Normal, Tribute, Flip, and Special
Summons by procedure: Synchro, Xyz, Link, Pendulum, built-in); a Summon performed by a resolving effect
(Fusion by Polymerization, Ritual by a Ritual Spell, a card that Special Summons) cannot.  X's condition
must match the Summon (method, whose Summon, "exactly 1 monster" / "a monster" vs "a monster(s)").
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from . import engine as checks
from . import generic
from .model import PLAYERS, Moment, other_player
from .rulings import answer_rulings
from .summon_conditions import kind_condition

__all__ = ["SUMMON_BY", "SUMMON_METHODS", "answer_negate", "negating_effects", "normalise_negate"]

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
_NEGATES = ("negate_activation", "negate_effect")
_ONE_MONSTER = re.compile(
    r"exactly 1 monster|\ba monster would\b|\b1 monster would\b|would (?:Normal |Special |Flip "
    r"|Tribute )?Summon (?:exactly )?(?:a|1) monster\b(?!\(s\))",
    re.IGNORECASE,
)
_SUMMON_FIELDS = {"card", "how", "by", "count"}
_MONSTER_NEGATION = re.compile(
    r"negate the effects of (?:that|the|this|1|a|an)? ?(?:face-up )?(?:Effect )?monsters?\b|"
    r"\bmonsters?\b[^.;]*; negate (?:its|their) effects",
    re.IGNORECASE,
)
# "Negate the Pendulum Summon": the profile's negate_summon pattern does not name every kind of Summon
_NEGATE_SUMMON_TEXT = re.compile(
    r"\bnegate (?:the|that|its|their) (?:[A-Z][a-z]+ )?Summons?\b", re.IGNORECASE
)


# ----------------------------------------------------------------------------------------- validation


def normalise_negate(question: dict, out: dict, card_item) -> None:
    """Validate the negation part of a ``negate`` question into ``out`` (``card`` is already done).

    ``card_item(value, field)`` validates a card given as a name, object or class.
    """
    has_to, has_summon = "to" in question, "summon" in question
    if has_to == has_summon:
        raise BadQuestionError(
            'a negate question needs either "to" (the chain) or "summon" (the Summon)',
            "summon" if has_summon else "to",
            question.get("to", question.get("summon")),
        )
    if has_to:
        to = question["to"]
        if to is None or to == [] or to == "":
            raise BadQuestionError('"to" must name the chain link(s) to negate', "to", to)
        items = to if isinstance(to, list) else [to]
        out["to"] = [
            card_item(item, f"to[{i}]" if isinstance(to, list) else "to") for i, item in enumerate(items)
        ]
        if "target" in question:
            target = question["target"]
            if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(items):
                raise BadQuestionError(
                    f"target must be a chain index from 0 to {len(items) - 1}, not {target!r}",
                    "target",
                    target,
                )
            out["target"] = target
        return
    if "target" in question:
        raise BadQuestionError(
            'target is for negating a chain link (with "to")', "target", question["target"]
        )
    summon = question["summon"]
    if not isinstance(summon, dict):
        raise BadQuestionError(
            f'summon must be an object {{"card", "how", "by"}}, not {summon!r}', "summon", summon
        )
    unknown = sorted(set(summon) - _SUMMON_FIELDS)
    if unknown:
        raise BadQuestionError(
            f"unknown field summon.{unknown[0]}", f"summon.{unknown[0]}", summon[unknown[0]]
        )
    if "card" not in summon:
        raise BadQuestionError("summon.card must name the monster being Summoned", "summon.card", None)
    result = {"card": card_item(summon["card"], "summon.card")}
    if "how" in summon and summon["how"] not in SUMMON_METHODS:
        raise BadQuestionError(
            f"invalid summon.how: {summon.get('how')!r} (expected one of {', '.join(SUMMON_METHODS)})",
            "summon.how",
            summon.get("how"),
        )
    if "how" in summon:
        result["how"] = summon["how"]
    if "by" in summon:
        if summon["by"] not in SUMMON_BY:
            raise BadQuestionError(
                f"invalid summon.by: {summon['by']!r} (expected one of {', '.join(SUMMON_BY)})",
                "summon.by",
                summon["by"],
            )
        result["by"] = summon["by"]
    if "count" in summon:
        count = summon["count"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise BadQuestionError(
                f"summon.count must be a number of monsters (1, 2, ...), not {count!r}", "summon.count", count
            )
        if count > 1 and summon.get("how", "pendulum") != "pendulum":
            raise BadQuestionError(
                "only a Pendulum Summon Summons several monsters at once", "summon.count", count
            )
        result["count"] = count
    controller = result["card"].get("controller")
    if controller is not None and controller not in PLAYERS:  # pragma: no cover - card_item validates it
        raise BadQuestionError(
            f"invalid summon.card.controller: {controller!r}", "summon.card.controller", controller
        )
    out["summon"] = result


# ----------------------------------------------------------------------------------------- reading X


def negating_effects(card: checks.EngineCard, categories=_NEGATES) -> list[dict]:
    """The activated effects of ``card`` that negate (an activation or an effect, or a Summon)."""
    return [
        e
        for e in card.effects
        if e["kind"] in checks.ACTIVATED_KINDS
        and set(e["categories"]) & set(categories)
        and (card.effect is None or e["index"] == card.effect)
    ]


def _negates_summon(effect: dict) -> bool:
    """``negate_summon`` in the profile, or the text's "negate the <kind> Summon" (e.g. "Pendulum Summon")."""
    return "negate_summon" in effect["categories"] or bool(
        _NEGATE_SUMMON_TEXT.search(effect.get("text") or "")
    )


def _answers_activation(effect: dict) -> bool:
    """Does the effect wait for an activation ("When a card or effect is activated: ... negate ...")?"""
    return any(p["type"] == "activation" for p in (effect.get("condition") or {}).get("events", []))


def _monsters_only(effect: dict) -> bool:
    """Does the effect negate only a monster's effects ("negate the effects of that face-up monster")?

    Read from the text: it negates a monster's effects and names no Spell/Trap anywhere (Infinite
    Impermanence also negates Spell/Trap effects in its column, so it is not "monsters only").
    """
    text = effect.get("text") or ""
    if re.search(r"\bSpells?\b|\bTraps?\b|Spell/Trap", text):
        return False
    return bool(_MONSTER_NEGATION.search(text)) or effect.get("target_kinds") == ["monster"]


def _card_activation(link: checks.EngineCard) -> bool:
    """Can the chain link be a card's activation (a Spell/Trap Card placed face-up), not only an effect's?"""
    kinds = {e["kind"] for e in link.effects if link.effect is None or e["index"] == link.effect}
    return "activation" in kinds


def _what(effect: dict) -> str:
    cats = set(effect["categories"])
    if "negate_activation" in cats:
        return "negates the activation"
    return "negates the effect (the activation stays)"


def _unread(card: checks.EngineCard) -> bool:
    return any(e["kind"] == "unknown" or e.get("unknown") for e in card.effects)


# ----------------------------------------------------------------------------------------- chain links


def _negate_link(card: checks.EngineCard, chain: list[checks.EngineCard], target: int, moment: Moment):
    """The verdict for negating chain link ``target`` (0-based) of ``chain`` with ``card``."""
    verdict = checks.Verdict()
    effects = negating_effects(card)
    link = chain[target]
    if not effects:
        if _unread(card):
            verdict.step(
                "negation",
                "unknown",
                f"no readable effect of {card.name} negates an activation or effect, "
                f"but part of its text could not be read",
                "psct",
            )
            return verdict
        return verdict.fail(
            "negation",
            f"{card.name} has no effect that negates an activation or an effect",
            "negate_effect_only",
            "psct",
        )
    by_activation = [e for e in effects if _answers_activation(e)]
    others = [e for e in effects if not _answers_activation(e)]
    summary = "; ".join(
        f"{checks._effect_label(card, e)} {_what(e)}"
        + (f" ({e['condition']['raw']})" if _answers_activation(e) else "")
        for e in effects
    )
    rule = "negate_directly" if by_activation else "negate_effect_only"
    verdict.step("negation", "pass", summary, rule, "card_vs_effect_activation")
    if target != len(chain) - 1:
        if not others:
            return verdict.fail(
                "chained directly",
                f"{card.name} would be Chain Link {len(chain) + 1}, chained to "
                f"{chain[-1].name} (Chain Link {len(chain)}), not to {link.name} "
                f"(Chain Link {target + 1}): an effect that negates an activation "
                f"must be chained directly to it",
                "negate_directly" if _card_activation(link) else "negate_directly_effect",
            )
        verdict.step(
            "chained directly",
            "unknown",
            f"{card.name} negates the effects of a card rather than answering "
            f"an activation; whether that stops {link.name} (Chain Link "
            f"{target + 1}) depends on that card when it resolves",
            "negate_effect_only",
        )
        verdict.answer = "unknown"
        return verdict
    negater = checks.EngineCard(**{**card.__dict__, "effects": effects, "effect": None})
    chained = checks.check_chain(negater, chain, moment)
    verdict.steps += chained.steps
    for text in chained.assumed:
        verdict.assume(text)
    verdict.effect = chained.effect
    verdict.answer = chained.answer
    if chained.answer == "yes":
        shown = next((e for e in effects if e["index"] == chained.effect), effects[0])
        link_effect = next((e for e in link.effects if e["index"] == chained.link_effect), None)
        link_is_monster = link.card_type == "Monster" and (link_effect or {}).get("section") != "pendulum"
        if not _answers_activation(shown) and _monsters_only(shown) and not link_is_monster:
            return verdict.fail(
                "negated",
                f"{checks._effect_label(card, shown)} negates the effects of a monster; "
                f"Chain Link {target + 1} is "
                f"{checks._effect_label(link, link_effect) if link_effect else link.name}, "
                f"not a monster's effect",
                "psct",
                "negate_effect_only",
            )
        if not _answers_activation(shown):
            verdict.step(
                "negated",
                "unknown",
                f"{checks._effect_label(card, shown)} can be chained to Chain Link "
                f"{target + 1} ({link.name}), but it negates the effects of a card "
                f"rather than answering the activation; whether that chain link is "
                f"negated depends on which card it affects when it resolves",
                "negate_effect_only",
            )
            verdict.answer = "unknown"
        elif "negate_activation" not in shown["categories"]:
            verdict.step(
                "negated",
                "pass",
                f"{checks._effect_label(card, shown)} negates the effect of {link.name}; "
                f"the activation itself is not negated",
                "negate_effect_only",
            )
    return verdict


# ----------------------------------------------------------------------------------------- Summons


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


def _negate_summon(
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
            verdict = _negate_summon(card, dict(summon, how=how), monster, moment, abilities, stats)
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
        if _unread(card):
            verdict.step(
                "negation",
                "unknown",
                f"no readable effect of {card.name} negates a Summon, but part of its text could not be read",
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


# ----------------------------------------------------------------------------------------- answering


def _negating_kind(item: dict, summon: bool) -> dict:
    """A kind of card asked whether it can negate is read as one that negates (activations, or Summons).

    "Can a Counter Trap negate a monster effect?" is "is it possible for some Counter Trap?": the readings
    are those of a card of the kind that negates; the answer lists that under ``assumed``.
    """
    if not generic.is_generic(item) or item["class"].get("does") is not None:
        return item
    does = ["negate_summon"] if summon else ["negate_activation"]
    return dict(item, **{"class": dict(item["class"], does=does)})


def answer_negate(session: Session, question: dict) -> dict:
    """Answer a normalised ``negate`` question with the SCENARIOS.md answer object."""
    from .questions import _explain, card_options, engine_card, resolve

    moment = Moment(question.get("turn"), question.get("phase"), question.get("step"), question.get("timing"))
    phrase = generic.item_name(question["card"], "")
    asked = card_options(session, _negating_kind(question["card"], "summon" in question))
    phrase = phrase or asked[0].card.name
    resolved: dict = {"card": phrase}
    if "summon" in question:
        summon = question["summon"]
        monster = engine_card(session, summon["card"])
        model = None if generic.is_generic(summon["card"]) else resolve(session, summon["card"]["card"])
        abilities = None if model is None else list(model.abilities or [])
        stats = None if model is None else {"level": model.level, "attribute": model.attribute, "rank": model.rank,
                                            "link": model.link_rating}
        monster.name = generic.item_name(summon["card"], monster.name)
        resolved["summon"] = {
            "card": monster.name,
            **{k: summon[k] for k in ("how", "by", "count") if k in summon},
        }
        verdict, _combo, tried = generic.best_of(
            lambda cards: _negate_summon(cards[0], summon, monster, moment, abilities, stats), [asked]
        )
        how_words = summon["how"] + " " if "how" in summon else ""
        many = f" and {summon['count'] - 1} other monster(s)" if (summon.get("count") or 1) > 1 else ""
        subject = f"{phrase} negating the {how_words}Summon of {monster.name}{many}"
        others = [monster.id]
    else:
        target = question.get("target", len(question["to"]) - 1)
        chain_options = [
            card_options(session, item, [v.card for v in asked] if i == target else (),
                         every=i in (target, len(question["to"]) - 1))
            for i, item in enumerate(question["to"])
        ]
        names = [
            generic.item_name(item, options[0].card.name)
            for item, options in zip(question["to"], chain_options)
        ]
        resolved["to"] = names[-1] if len(names) == 1 else names
        resolved["target"] = target
        verdict, _combo, tried = generic.best_of(
            lambda cards: _negate_link(cards[0], cards[1:], target, moment), [asked] + chain_options
        )
        subject = f"{phrase} negating {names[target]}"
        others = [options[0].card.id for options in chain_options]
    generic.note_readings(verdict, tried)
    if verdict.effect is not None and not generic.is_generic(question["card"]):
        resolved["effect"] = verdict.effect
    if not verdict.steps:  # every answer cites
        verdict.step("question", "unknown", "no check applied", "psct")
    primary = [c.id for c in [asked[0].card] if c.id != generic.GENERIC_ID]
    return {
        "answer": verdict.answer,
        "card": phrase,
        "resolved": resolved,
        "explanation": _explain(verdict, subject),
        "steps": verdict.steps,
        "assumed": verdict.assumed,
        **answer_rulings(session, question, primary, [i for i in others if i != generic.GENERIC_ID]),
    }
