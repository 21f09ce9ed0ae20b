"""What a card, one of its effects, or a kind of card IS: ``{"ask": "card_property", "property", "card", ...}``.

``card`` is ``{"card": name}`` or ``{"class": {...}}`` (a kind of card or effect, kb/engine/generic.py);
``effect`` narrows a named card to its effects of one kind ("Man-Eater Bug's flip effect"); ``of_effect``
says the question asked of "X's effect" rather than of the card.  Properties:

- ``spell_speed`` (``value``: N or absent) and ``targets``: answered by the one place each fact lives
  (:func:`kb.understand.facts.spell_speed_answer`, :mod:`kb.engine.card_facts` ``targets``);
- ``cost`` (``act``: discard, tribute, detach ...): the act written before the ";" (``cost_part``);
  targeting is never a cost;
- ``activated`` (does it start a chain; ``summon``: a Summon or Set of the card instead): a Spell/Trap
  Card's activation always does, a monster's effects by their kind (Continuous Effects and Summoning
  procedures do not);
- ``stays`` / ``to_gy`` after it resolves: by the card's kind (SPELL_TRAP_FACTS), unless the card's own
  activation text moves or equips the card;
- ``effect_kind`` (``value``: ignition / trigger / quick / continuous / flip, or absent: which one).

A property that depends on which card of a kind it is stays "unknown" for the kind.  Every answer cites the
RULES row it applies.
"""

from __future__ import annotations

import re

from ..errors import BadQuestionError
from .rule_facts import FACTS, answer_object

__all__ = ["PROPERTIES", "card_property_answer"]

PROPERTIES = ("spell_speed", "targets", "cost", "activated", "stays", "to_gy", "effect_kind", "card_type")
_ACTIVATED = ("activation", "ignition", "trigger", "quick", "flip")
_MONSTER_KINDS = ("ignition", "trigger", "quick", "flip", "continuous")
_KIND_RULE = {"ignition": "ignition", "trigger": "trigger", "quick": "quick", "flip": "flip",
              "continuous": "not_activated"}
_KIND_SAID = {"ignition": "an Ignition Effect", "trigger": "a Trigger Effect", "quick": "a Quick Effect",
              "flip": "a Flip effect", "continuous": "a Continuous Effect"}
# the kind key of SPELL_TRAP_FACTS for a (card type, property)
_ST_KIND = {("Spell", "Normal"): "normal_spell", ("Spell", "Ritual"): "ritual_spell",
            ("Spell", "Quick-Play"): "quick_play_spell", ("Spell", "Continuous"): "continuous_spell",
            ("Spell", "Equip"): "equip_spell", ("Spell", "Field"): "field_spell", ("Trap", "Normal"): "normal_trap",
            ("Trap", "Continuous"): "continuous_trap", ("Trap", "Counter"): "counter_trap"}
# a Normal-kind card whose activation equips it stays on the field as an Equip Card
_EQUIPS_ITSELF = re.compile(r"\bequip (?:this card|it with this card)\b", re.I)
# a card of a kind that goes to the GY whose text speaks of itself ("it remains on the field", "this card")
_SPEAKS_OF_ITSELF = re.compile(r"\bremains? (?:face-up )?on the field\b|\bthis card\b|\bequip|\binstead of sending\b", re.I)
# a card of such a kind that says it stays ("After this card's activation, it remains on the field")
_SAYS_IT_REMAINS = re.compile(r"\bafter this card's activation, it remains on the field\b|"
                              r"\bthis card remains on the field\b", re.I)
# a card whose activation moves itself: where it ends up is its text's, not the kind's
_MOVES_ITSELF = re.compile(r"\b(?:destroy|banish|send|return|shuffle|set|place|special summon|add) this card\b|"
                           r"\bthis card (?:is|becomes) (?:a |an )?(?:monster|equip)|"
                           r"\binstead of sending (?:it|this card)\b", re.I)


def _resolve(session, item: dict):
    from .questions import resolve

    return resolve(session, item["card"])


def _said(question: dict) -> str:
    from .generic import describe_class

    card = question.get("card") or {}
    if "class" in card:
        return describe_class(card["class"])
    name = card.get("card", "?")
    if question.get("select"):
        return f"{name}'s effect ({', '.join(question['select'])})"
    if question.get("effect"):
        return f"{name}'s {question['effect']} effect"
    return f"{name}'s effect" if question.get("of_effect") else name


def _done(answer: dict, question: dict, name: str | None = None) -> dict:
    out = dict(answer, resolved={"card": name or _said(question), "property": question["property"]})
    if name:
        out["card"] = name
    return out


def _effects(session, card, kind: str | None, activated_only: bool = True, select=None) -> list[dict]:
    """The card's effects (of one ``kind``; only activated ones; those the ``select`` words fit)."""
    from . import card_profile

    out = [e for e in card_profile(session, card) if e.get("section", "card") == "card"
           and (e.get("kind") in _ACTIVATED or not activated_only)]
    out = [e for e in out if e.get("kind") == kind] if kind else out
    return [e for e in out if all(_fits(e, s) for s in select or ())]


def _fits(effect: dict, select: str) -> bool:
    """Whether an effect fits one selector: ``loc:gy`` (activated there), ``event:destroyed`` (its trigger
    event), ``cat:negate`` (what it does)."""
    how, _, what = select.partition(":")
    if how == "loc":
        return what in (effect.get("locations") or [])
    if how == "event":
        events = [v.get("event") or "" for v in (effect.get("condition") or {}).get("events", [])]
        return any(e == what or what == "destroyed" and e.startswith("destroyed") for e in events)
    if how == "cat":
        return any(c.startswith(what) for c in effect.get("categories") or [])
    raise BadQuestionError(f"select: {select!r} is not loc:…, event:… or cat:…", field="select", value=select)


def _selected(session, question: dict):
    """(the card, its one effect the ``select`` words fit) or an "unknown" answer when not exactly one."""
    card = _resolve(session, question["card"])
    found = [e for e in _effects(session, card, question.get("effect"), activated_only=False,
                                 select=question["select"]) if e.get("kind") != "rule"]
    if len(found) != 1:
        why = "no effect of it fits" if not found else f"{len(found)} of its effects fit"
        return card, _done(answer_object("unknown", f"{card.name}: {why} {', '.join(question['select'])}", "psct",
                                         _said(question)), question, card.name)
    return card, found[0]


# ------------------------------------------------------------------------------------------ delegated facts


def _spell_speed(session, question: dict) -> dict:
    from ..understand.facts import spell_speed_answer

    item = dict(question["card"])
    like = question.get("like")
    if like is not None and "card" in item:  # "... like the Quick-Play Spell itself": the card's own kind
        card = _resolve(session, item)
        if not isinstance(like, dict) or (card.card_type or "").lower() != like.get("type") or like.get("property") and \
                (card.property or "").lower() != like["property"]:
            return _done(answer_object("unknown", f"{card.name} is not {like}: what it is compared with is not clear",
                                       "spell_speed_table", _said(question)), question, card.name)
    if question.get("select") and "card" in item:
        _card, found = _selected(session, question)
        if "answer" in found:
            return found
        item["effect"] = found["index"]
        asked = {"ask": "spell_speed", "card": item, **({"speed": question["value"]} if question.get("value") else {})}
        return spell_speed_answer(session, asked)
    if question.get("example") and "class" in item:  # "a Quick-Play Spell like Enemy Controller"
        example, cls = _resolve(session, {"card": question["example"]}), item["class"]
        fits = (example.card_type or "").lower() == cls.get("type") and (
            not cls.get("property") or (example.property or "").lower() == cls["property"])
        if not fits:
            return _done(answer_object("unknown", f"{example.name} is not {_said(question)}: which is asked is not "
                                       "clear", "spell_speed_table", _said(question)), question, example.name)
    if question.get("effect") and "card" in item:
        effects = _effects(session, _resolve(session, item), question["effect"])
        if len(effects) != 1:
            return _done(answer_object("unknown", f"{_said(question)}: {len(effects)} effects of that kind were read",
                                       "spell_speed_table", _said(question)), question, item["card"])
        item["effect"] = effects[0]["index"]
    asked = {"ask": "spell_speed", "card": item}
    if question.get("value") is not None:
        asked["speed"] = question["value"]
    return spell_speed_answer(session, asked)


def _targets(session, question: dict) -> dict:
    from .card_facts import CARD_TOPICS

    if "class" in question["card"]:
        return _done(answer_object("unknown", f"whether {_said(question)} targets depends on which card it is (an effect "
                                   "targets when its text says \"target\")", "fact_targets_word", _said(question)),
                     question)
    asked = {"topic": "targets", "card": question["card"]["card"], "effect": question.get("effect")}
    if question.get("select"):
        _card, found = _selected(session, question)
        if "answer" in found:
            return found
        asked["index"] = found["index"]
    return CARD_TOPICS["targets"](session, asked)


def _cost(session, question: dict) -> dict:
    from .card_facts import CARD_TOPICS

    act = question.get("act")
    said = _said(question)
    if act == "target":
        return _done(answer_object("no", "targeting happens when the card or effect is activated, but it is not a "
                                   "cost", "fact_targeting_not_cost", said), question)
    if "class" in question["card"]:
        return _done(answer_object("unknown", f"whether {act} is a cost of {said} depends on which card it is (a cost "
                                   "is written before the \";\")", "fact_cost_before_semicolon", said), question)
    amount = question.get("amount")
    if amount is not None:  # "is paying 1500 LP for X a cost": the amount must be the card's
        card = _resolve(session, question["card"])
        if act != "pay_lp" or not re.search(rf"\b{int(amount)} (?:LP|Life Points)\b", card.text or ""):
            return _done(answer_object("unknown", f"{card.name}'s text was not read as paying {amount} LP", "psct",
                                       said), question, card.name)
    asked = {"topic": "cost_part", "card": question["card"]["card"], "subject": act}
    if question.get("select"):
        _card, found = _selected(session, question)
        if "answer" in found:
            return found
        asked["index"] = found["index"]
    return CARD_TOPICS["cost_part"](session, asked)


# ------------------------------------------------------------------------------------------ starts a chain


def _activated_kind(question: dict) -> dict:
    cls = question["card"]["class"]
    said = _said(question)
    effect = cls.get("effect")
    summon = question.get("summon")
    if summon:
        return _summon_not_activated(question, said)
    if effect in _KIND_RULE:
        yes = effect != "continuous"
        detail = (f"{_KIND_SAID[effect]} is activated: it starts a chain (or is a link of one)" if yes else
                  "Continuous Effects are not activated: they apply without starting a chain")
        return _done(answer_object("yes" if yes else "no", detail, _KIND_RULE[effect], said), question)
    if cls.get("type") in ("spell", "trap") and not effect and not question.get("of_effect"):
        return _done(answer_object("yes", f"activating {said} (placing it face-up on the field) always starts a chain",
                                   "prop_card_activation_chain", said), question)
    return _done(answer_object("unknown", f"whether {said} starts a chain depends on which card or effect it is",
                               "not_activated", said), question)


def _summon_not_activated(question: dict, said: str) -> dict:
    how = question["summon"]
    if how in ("special_summon", "own_effect"):  # by an effect (activated) or by its own procedure (not): not said
        return _done(answer_object("unknown", f"a Special Summon of {said} starts a chain only when an activated effect "
                                   "performs it; how it is Special Summoned is not said", "not_activated", said),
                     question)
    words = {"procedure": "Special Summoning a monster by its own procedure", "normal_summon": "a Normal Summon",
             "flip_summon": "a Flip Summon", "set": "Setting a card"}[how]
    rule = "not_activated" if how == "procedure" else "chain_only_activations"
    return _done(answer_object("no", f"{words} is not the activation of a card or effect: it starts no chain", rule,
                               said), question)


def _activated(session, question: dict) -> dict:
    if "class" in question["card"]:
        return _activated_kind(question)
    card = _resolve(session, question["card"])
    said = _said(question)
    summon = question.get("summon")
    if summon:
        if card.card_type != "Monster" and summon != "set":
            return _done(answer_object("unknown", f"{card.name} is not a monster", "psct", said), question, card.name)
        if summon in ("special_summon", "procedure", "own_effect"):
            effects = _effects(session, card, None, activated_only=False)
            procedure = any(e.get("subkind") == "summon_procedure" for e in effects)
            by_effect = any("special_summon" in (e.get("categories") or []) and e.get("kind") in _ACTIVATED
                            and re.search(r"Special Summon this card", e.get("text") or "") for e in effects)
            if not procedure or by_effect:
                why = ("its text was not read as a Summoning procedure" if not procedure else
                       "it can also be Special Summoned by an activated effect of its own")
                return _done(answer_object("unknown", f"{card.name}: {why}", "not_activated", said), question,
                             card.name)
            return _done(answer_object("no", f"{card.name} is Special Summoned by its own procedure (\"{_procedure_text(effects)}\"), "
                                       "which is not activated: it starts no chain", "not_activated", said), question,
                         card.name)
        return _summon_not_activated(question, card.name)
    if card.card_type in ("Spell", "Trap") and not question.get("of_effect") and not question.get("effect"):
        return _done(answer_object("yes", f"{card.name} is a {card.property} {card.card_type} Card: activating it "
                                   "(placing it face-up) always starts a chain", "prop_card_activation_chain", said),
                     question, card.name)
    kinds = {e.get("kind") for e in _effects(session, card, question.get("effect"), activated_only=False,
                                             select=question.get("select")) if e.get("kind") != "rule"}
    if card.card_type != "Monster" and kinds - {"activation"}:
        kinds.discard("activation")  # "X's effect" of a Spell/Trap: the effects besides its activation, if any
    if not kinds or len(kinds) > 1 and ("continuous" in kinds or kinds - set(_KIND_RULE)):
        why = "no effect of it was read" if not kinds else f"its effects are of several kinds ({', '.join(sorted(kinds))})"
        return _done(answer_object("unknown", f"{card.name}: {why}", "not_activated", said), question, card.name)
    if kinds == {"activation"}:  # "Pot of Greed's effect": a Spell/Trap whose only effect is its activation
        return _done(answer_object("yes", f"{card.name}'s effect is applied by activating the card, which always "
                                   "starts a chain", "prop_card_activation_chain", said), question, card.name)
    kind = sorted(kinds)[0] if kinds == {"continuous"} else next(iter(kinds - {"continuous"}))
    if kinds == {"continuous"}:
        return _done(answer_object("no", f"{said} is a Continuous Effect: it is not activated and starts no chain",
                                   "not_activated", said), question, card.name)
    if kinds - set(_KIND_RULE):
        return _done(answer_object("unknown", f"{card.name}: its effect is of kind {kind}", "not_activated", said),
                     question, card.name)
    return _done(answer_object("yes", f"{said} is {' / '.join(_KIND_SAID[k] for k in sorted(kinds))}: it is activated "
                               "and starts a chain (or is a link of one)", _KIND_RULE[kind], said), question, card.name)


def _procedure_text(effects: list[dict]) -> str:
    found = next((e.get("text") for e in effects if e.get("subkind") == "summon_procedure" and e.get("text")), "")
    return found.strip()


# ---------------------------------------------------------------------------------- stays on the field


def _kind_key(cls: dict) -> str | None:
    if set(cls) - {"type", "property"} or not cls.get("type") or not cls.get("property"):
        return None
    return _ST_KIND.get((cls["type"].capitalize(), {"quick-play": "Quick-Play"}.get(cls["property"],
                                                                                    cls["property"].capitalize())))


def _stays(session, question: dict) -> dict:
    asked = question["property"]  # "stays" or "to_gy"
    said = _said(question)
    if "class" in question["card"]:
        key = _kind_key(question["card"]["class"])
        row = FACTS.get(("spell_trap", key, asked)) if key else None
        if row is None:
            return _done(answer_object("unknown", f"where {said} is after it resolves depends on which card it is "
                                       "(Normal, Quick-Play, Ritual Spells and Normal and Counter Traps go to the GY; "
                                       "Continuous, Equip and Field cards stay)", "st_normal_spell_gy", said), question)
        answer, rule, detail = row
        return _done(answer_object(answer, detail, rule, said), question)
    card = _resolve(session, question["card"])
    key = _ST_KIND.get((card.card_type, card.property))
    if key is None or question.get("of_effect"):
        return _done(answer_object("unknown", f"{card.name} is not a Spell or Trap Card whose place after resolving "
                                   "its kind decides", "psct", said), question, card.name)
    text = card.text or ""  # what the card does when it resolves: its text but the effects it has afterwards
    for effect in _effects(session, card, None, activated_only=False):
        if effect.get("kind") not in ("activation", "rule") and effect.get("text"):
            text = text.replace(effect["text"], " ")
    answer, rule, detail = FACTS[("spell_trap", key, "stays")]
    whole = card.text or ""
    if answer == "no" and _EQUIPS_ITSELF.search(whole) and card.card_type == "Trap":
        answer, rule = "yes", "st_equip_trap"
        detail = f"{card.name} equips itself to a monster when it resolves: it stays on the field as an Equip Card"
    elif answer == "no" and _SAYS_IT_REMAINS.search(whole):
        answer, rule = "yes", "hand_trap_exception"
        detail = (f"{card.name}'s own text says it remains on the field (\"{_SAYS_IT_REMAINS.search(whole).group(0)}\"), "
                  "and a card's text takes precedence over the rule for its kind")
    elif answer == "no" and _SPEAKS_OF_ITSELF.search(whole):
        return _done(answer_object("unknown", f"{card.name}'s own text speaks of where this card is "
                                   f"(\"{_SPEAKS_OF_ITSELF.search(whole).group(0)}\"): its kind does not decide it",
                                   rule, said), question, card.name)
    elif _MOVES_ITSELF.search(text):
        return _done(answer_object("unknown", f"{card.name}'s own text moves or changes this card "
                                   f"(\"{_MOVES_ITSELF.search(text).group(0)}\"): its kind does not decide where it is",
                                   rule, said), question, card.name)
    else:
        detail = f"{card.name} is a {card.property} {card.card_type} Card: {detail}"
    if asked == "to_gy":
        answer = {"yes": "no", "no": "yes"}[answer]
    return _done(answer_object(answer, detail, rule, said), question, card.name)


# ------------------------------------------------------------------------------------------ kind of effect


def _effect_kind(session, question: dict) -> dict:
    said = _said(question)
    value = question.get("value")
    if value is not None and value not in _KIND_RULE:
        raise BadQuestionError(f"value: {value!r} is not one of {', '.join(_KIND_RULE)}", field="value", value=value)
    if "class" in question["card"]:
        return _done(answer_object("unknown", f"which kind of effect {said} has depends on which card it is",
                                   _KIND_RULE.get(value or "", "not_activated"), said), question)
    card = _resolve(session, question["card"])
    if card.card_type != "Monster":
        kinds = {e.get("kind") for e in _effects(session, card, None, activated_only=False)} - {"rule", "activation"}
        if value == "continuous" and kinds == {"continuous"}:  # a Spell/Trap's lasting effect
            return _done(answer_object("yes", f"{card.name}'s effect applies while the card is face-up on the field: "
                                       "a Continuous Effect, not activated", "not_activated", said), question, card.name)
        return _done(answer_object("unknown", f"{card.name} is a {card.card_type} Card: Ignition, Trigger, Quick and "
                                   "Flip effects are kinds of monster effects", "psct", said), question, card.name)
    kinds = {e.get("kind") for e in _effects(session, card, None, activated_only=False,
                                             select=question.get("select"))} - {"rule"}
    if not kinds or kinds - set(_KIND_RULE):
        why = "no effect of it was read" if not kinds else f"effects of kind {', '.join(sorted(kinds - set(_KIND_RULE)))}"
        return _done(answer_object("unknown", f"{card.name}: {why}", "psct", said), question, card.name)
    words = " and ".join(_KIND_SAID[k] for k in sorted(kinds))
    if question.get("has") and value is not None:  # "does X have a Quick Effect": one of its effects is
        if value in kinds:
            return _done(answer_object("yes", f"{card.name} has {words}", _KIND_RULE[value], said), question,
                         card.name)
        if value in ("trigger", "flip") and kinds & {"trigger", "flip"}:
            return _done(answer_object("unknown", f"{card.name} has {words}; whether a Flip effect is counted as a "
                                       "Trigger Effect is not decided here", "flip", said), question, card.name)
        return _done(answer_object("no", f"{card.name}'s effects are {words}: none is {_KIND_SAID[value]}",
                                   _KIND_RULE[next(iter(sorted(kinds)))], said), question, card.name)
    if value is None:
        if len(kinds) != 1:
            return _done(answer_object("unknown", f"{card.name} has {words}: which effect is meant is not said",
                                       "psct", said), question, card.name)
        kind = next(iter(kinds))
        out = answer_object("yes", f"{said} is {_KIND_SAID[kind]}", _KIND_RULE[kind], said)
        return _done(dict(out, answer=kind, explanation=f"{kind}: {said} is {_KIND_SAID[kind]}."), question, card.name)
    if value == "trigger" and "flip" in kinds or value == "flip" and "trigger" in kinds:
        return _done(answer_object("unknown", f"{card.name} has {words}; whether a Flip effect is counted as a Trigger "
                                   "Effect is not decided here", "flip", said), question, card.name)
    if kinds == {value}:
        return _done(answer_object("yes", f"{said} is {_KIND_SAID[value]}", _KIND_RULE[value], said), question,
                     card.name)
    if value in kinds:
        return _done(answer_object("unknown", f"{card.name} has {words}: which effect is meant is not said",
                                   _KIND_RULE[value], said), question, card.name)
    return _done(answer_object("no", f"{card.name}'s effects are {words}, not {_KIND_SAID[value]}",
                               _KIND_RULE[next(iter(sorted(kinds)))], said), question, card.name)


# ---------------------------------------------------------------------------------- card type under a condition

_PENDULUM_SPELL_KINDS = ("normal", "continuous", "field", "equip", "quick-play", "ritual")


def _card_type(session, question: dict) -> dict:
    """``kind`` ({"type", "property"?}) asked of a named card under ``condition``: ``as_monster`` (a Trap Card
    that Special Summons itself), ``pendulum_zone`` (a Pendulum Monster there), ``equipped`` (a Union monster
    or a Trap that equips itself)."""
    from .card_facts import CARD_TOPICS

    kind, condition = question.get("kind"), question.get("condition")
    if not isinstance(kind, dict) or kind.get("type") not in ("monster", "spell", "trap"):
        raise BadQuestionError(f"kind: {kind!r} is not {{\"type\": monster|spell|trap, \"property\"?}}", field="kind",
                               value=kind)
    if condition not in ("as_monster", "pendulum_zone", "equipped"):
        raise BadQuestionError(f"condition: {condition!r} is not one of as_monster, pendulum_zone, equipped",
                               field="condition", value=condition)
    card = _resolve(session, question["card"])
    said = _said(question)
    asked, prop = kind["type"], kind.get("property")
    unknown = _done(answer_object("unknown", f"what {card.name} is under that condition is not read from its text "
                                  "or kind", "psct", said), question, card.name)
    abilities = set(card.abilities or [])
    if condition == "as_monster":
        if prop is not None or card.card_type != "Trap":
            return unknown
        return _done(CARD_TOPICS["trap_monster"](session, {"card": card.name, "asked": f"{asked}_card"})
                     if asked in ("trap", "monster") else unknown, question, card.name)
    if condition == "pendulum_zone":
        if "Pendulum" not in abilities or asked == "trap":
            return unknown
        if asked == "spell" and prop in _PENDULUM_SPELL_KINDS:
            return _done(answer_object("no", f"{card.name} in a Pendulum Zone is a Spell Card, but not a Normal, "
                                       "Continuous, Field, Equip, Quick-Play or Ritual Spell", "st_pendulum_no_kind", said),
                         question, card.name)
        if prop is not None:
            return unknown
        yes = asked == "spell"
        return _done(answer_object("yes" if yes else "no", f"{card.name} in a Pendulum Zone is treated as a Spell Card, "
                                   "not as a monster", "zone_pendulum_is_spell", said), question, card.name)
    # equipped
    if "Union" in abilities and card.card_type == "Monster" and asked == "spell" and prop == "equip":
        return _done(answer_object("yes", f"{card.name} equipped by its Union effect is an Equip Spell",
                                   "kind_union_equipped", said), question, card.name)
    if card.card_type == "Trap" and _EQUIPS_ITSELF.search(card.text or "") and asked == "trap" and prop is None:
        if re.search(r"not treated as a Trap", card.text or "", re.I):
            return unknown
        return _done(answer_object("yes", f"{card.name} equips itself: after it becomes an Equip Card it is also "
                                   "treated as a Trap Card", "st_equip_trap", said), question, card.name)
    return unknown


_ANSWER = {"card_type": _card_type, "spell_speed": _spell_speed, "targets": _targets, "cost": _cost, "activated": _activated,
           "stays": _stays, "to_gy": _stays, "effect_kind": _effect_kind}


def card_property_answer(session, question: dict) -> dict:
    """Answer ``{"ask": "card_property", ...}`` (see the module doc).

    :raises BadQuestionError: a missing or unknown ``property`` or ``card``.
    """
    prop = question.get("property")
    if prop not in _ANSWER:
        raise BadQuestionError(f"property: {prop!r} is not one of {', '.join(PROPERTIES)}", field="property",
                               value=prop)
    card = question.get("card")
    if not isinstance(card, dict) or not ({"card", "class"} & set(card)):
        raise BadQuestionError(f"card: {card!r} is not {{\"card\": name}} or {{\"class\": ...}}", field="card",
                               value=card)
    if "class" in card and not isinstance(card["class"], dict):
        raise BadQuestionError(f"card.class: {card['class']!r} is not an object", field="card", value=card)
    return _ANSWER[prop](session, question)
