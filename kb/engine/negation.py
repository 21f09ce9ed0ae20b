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
must match the Summon (method, whose Summon, "exactly 1 monster" / "a monster" vs "a monster(s)"): that
verdict is :mod:`kb.engine.negation_summon`'s; this module validates, reads chain links and answers.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from . import engine as checks
from . import generic
from .model import PLAYERS, Moment
from .negation_summon import SUMMON_BY, SUMMON_METHODS, negate_summon, summon_method_problem, unread
from .rulings import answer_rulings

__all__ = ["SUMMON_BY", "SUMMON_METHODS", "answer_negate", "negating_effects", "normalise_negate",
           "summon_method_problem"]

_NEGATES = ("negate_activation", "negate_effect")
_SUMMON_FIELDS = {"card", "how", "by", "count"}
_MONSTER_NEGATION = re.compile(
    r"negate the effects of (?:that|the|this|1|a|an)? ?(?:face-up )?(?:Effect )?monsters?\b|"
    r"\bmonsters?\b[^.;]*; negate (?:its|their) effects",
    re.IGNORECASE,
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


def _answers_activation(effect: dict) -> bool:
    """Does the effect wait for an activation ("When a card or effect is activated: ... negate ...")?

    An effect with no activation condition that negates an activation ("Pay 500 LP. Negate the activation of
    a Trap Card") answers one too: it can only be chained directly to the activation it negates (RULES
    ``negate_directly``; which activations it names is checked with the chain, engine._negated_activation_vs_link).
    """
    events = (effect.get("condition") or {}).get("events") or []
    if not events:
        return "negate_activation" in (effect.get("categories") or [])
    return any(p["type"] == "activation" for p in events)


def _answering_links(effect: dict) -> dict:
    """The effect as it negates a chain link: an effect answering both activations and other events
    ("When a monster would be Special Summoned, OR a monster effect is activated") keeps only its
    activation events, since the other events are answered by negating them (the Summon), not the link."""
    cond = effect.get("condition") or {}
    events = cond.get("events") or []
    kept = [p for p in events if p["type"] == "activation"]
    if not kept or len(kept) == len(events):
        return effect
    return {**effect, "condition": {**cond, "events": kept}}


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


# ----------------------------------------------------------------------------------------- chain links


def _negate_link(card: checks.EngineCard, chain: list[checks.EngineCard], target: int, moment: Moment):
    """The verdict for negating chain link ``target`` (0-based) of ``chain`` with ``card``."""
    verdict = checks.Verdict()
    effects = negating_effects(card)
    link = chain[target]
    if not effects:
        if unread(card):
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
        + (f" ({(e.get('condition') or {}).get('raw') or 'it negates an activation'})" if _answers_activation(e) else "")
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
    negater = checks.EngineCard(**{**card.__dict__, "effects": [_answering_links(e) for e in effects],
                                   "effect": None})
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
            lambda cards: negate_summon(cards[0], summon, monster, moment, abilities, stats), [asked]
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
