"""Generic cards: a hypothetical card of a kind, ``{"class": {...}}``, wherever a question takes a card.

``{"class": {"type": "trap", "property": "counter"}}`` is "a Counter Trap Card";
``{"class": {"type": "monster", "effect": "quick"}}`` is "a monster's Quick Effect". The class is turned
into one or more *variants*: :class:`~kb.engine.engine.EngineCard` objects whose effect profiles (the same
dict shape :mod:`kb.engine.profiles` produces) are synthesised from the class. Where the class leaves
something open (which property, what the card does, its activation condition), each reasonable
reading is a variant; the engine answers for every variant and the question is "is it possible?":
``yes`` if some variant passes, ``no`` if every variant fails a known check. Each variant carries the
sentences it assumes ("it directly changes ATK/DEF"), which go to the answer's ``assumed``.

The vocabulary (:data:`CLASS_VALUES`, :data:`PROPERTIES`, :data:`DOES_ALIASES`) is data; ``does`` takes the
effect-profile categories of :data:`kb.engine.profiles.CATEGORY_PATTERNS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from math import prod

from ..errors import BadQuestionError
from . import engine as checks
from . import rules
from .engine import EngineCard, Verdict
from .profiles import CATEGORY_PATTERNS

__all__ = [
    "CLASS_FIELDS",
    "CLASS_VALUES",
    "DOES_ALIASES",
    "GENERIC_ID",
    "PROPERTIES",
    "Variant",
    "best_of",
    "check_activate",
    "describe_class",
    "explain_segoc",
    "is_generic",
    "item_name",
    "link_variants",
    "merged_card",
    "normalise_class",
    "note_readings",
    "timing_unknown",
    "variants",
]

GENERIC_ID = -1  # the id of every hypothetical card: it has no rulings and no row in the store
CLASS_FIELDS = ("type", "property", "effect", "does", "from", "condition")
CLASS_VALUES: dict[str, tuple[str, ...]] = {
    "type": ("spell", "trap", "monster"),
    "property": ("normal", "quick-play", "continuous", "equip", "field", "ritual", "counter"),
    "effect": ("ignition", "trigger", "quick", "flip", "continuous", "pendulum", "any"),
    "from": ("hand", "field", "gy"),
}
CARD_TYPES = {"spell": "Spell", "trap": "Trap", "monster": "Monster"}
# property -> (the card types it exists on, the store's property value)
PROPERTIES: dict[str, tuple[tuple[str, ...], str]] = {
    "normal": (("spell", "trap"), "Normal"),
    "quick-play": (("spell",), "Quick-Play"),
    "continuous": (("spell", "trap"), "Continuous"),
    "equip": (("spell",), "Equip"),
    "field": (("spell",), "Field"),
    "ritual": (("spell",), "Ritual"),
    "counter": (("trap",), "Counter"),
}
# "effect": "any" on a Spell/Trap: the activated effects a face-up Spell/Trap (or one in the GY) has
# (a Spell's are Spell Speed 1); FLIP and Pendulum Effects are monsters' only
_SPELL_TRAP_ACTIVATED = {"spell": ("ignition", "trigger"), "trap": ("ignition", "trigger", "quick")}
# words of the interface that stand for profile categories
DOES_ALIASES: dict[str, tuple[str, ...]] = {
    "change_atk_def": ("atk_change", "def_change"),
    "negate": ("negate_activation", "negate_effect"),
}
# how a category reads in a phrase ("a Quick-Play Spell Card that changes ATK")
_DOES_WORDS = {
    "negate_activation": "negates activations", "negate_effect": "negates effects",
    "negate_summon": "negates Summons", "negate_attack": "negates attacks", "atk_change": "changes ATK",
    "def_change": "changes DEF", "destroy": "destroys cards", "special_summon": "Special Summons",
    "search": "adds a card from the Deck to the hand", "draw": "draws", "banish": "banishes",
    "send_to_gy": "sends cards to the GY", "add_to_hand": "adds cards to the hand",
    "return_to_hand": "returns cards to the hand", "damage": "inflicts damage",
    "change_position": "changes battle positions", "take_control": "takes control",
}
_KIND_WORDS = {"ignition": "Ignition Effect", "trigger": "Trigger Effect", "quick": "Quick Effect",
               "flip": "FLIP effect", "continuous": "Continuous Effect", "pendulum": "Pendulum Effect",
               "any": "effect"}
_MONSTER_KINDS = ("ignition", "trigger", "quick", "flip")  # a monster's activated effects
_STAT_CHANGES = {"atk_change", "def_change"}  # what "an effect that changes ATK/DEF" does


def _category_names() -> tuple[str, ...]:
    return tuple(name for name, _ in CATEGORY_PATTERNS)


# ----------------------------------------------------------------------------------------- validation

def is_generic(item) -> bool:
    """True for a card object naming a kind of card (``{"class": {...}}``)."""
    return isinstance(item, dict) and "class" in item


def _bad(where: str, key: str, value, expected) -> BadQuestionError:
    name = f"{where}.class.{key}"
    return BadQuestionError(f"invalid {name}: {value!r} (expected one of {', '.join(expected)})", name, value)


def normalise_class(value, where: str) -> dict:
    """Validate a ``class`` object (``where`` names the card field, e.g. ``to[1]``); return it normalised.

    :raises BadQuestionError: naming the field and value for an unknown field or value, or a
        combination that no card has (a Counter Spell, a Trap's FLIP effect).
    """
    if not isinstance(value, dict) or not value:
        raise BadQuestionError(f"{where}.class must be an object such as {{\"type\": \"trap\", \"property\": "
                               f"\"counter\"}}, not {value!r}", f"{where}.class", value)
    unknown = sorted(set(value) - set(CLASS_FIELDS))
    if unknown:
        name = f"{where}.class.{unknown[0]}"
        raise BadQuestionError(f"unknown field {name} (expected one of {', '.join(CLASS_FIELDS)})", name,
                               value[unknown[0]])
    out: dict = {}
    for key in ("type", "property", "effect", "from"):
        if key in value:
            item = value[key]
            if not isinstance(item, str) or item.strip().lower() not in CLASS_VALUES[key]:
                raise _bad(where, key, item, CLASS_VALUES[key])
            out[key] = item.strip().lower()
    if "condition" in value:  # "a 'When this card destroys a monster by battle' effect": its trigger, quoted
        out["condition"] = _quoted_condition(value["condition"], where)
        if value.get("effect", "trigger") != "trigger" or "property" in value:
            raise BadQuestionError(f"{where}.class.condition is a Trigger Effect's condition (effect: trigger)",
                                   f"{where}.class.effect", value.get("effect"))
        out["effect"] = "trigger"
    if "does" in value:
        does = value["does"]
        items = [does] if isinstance(does, str) else does
        if not isinstance(items, list) or not items:
            raise BadQuestionError(f"{where}.class.does must be a list of categories, not {does!r}",
                                   f"{where}.class.does", does)
        names = _category_names()
        expanded: list[str] = []
        for item in items:
            if not isinstance(item, str):
                raise _bad(where, "does", item, sorted(set(names) | set(DOES_ALIASES)))
            key = item.strip().lower()
            if key in DOES_ALIASES:
                expanded.extend(DOES_ALIASES[key])
            elif key in names:
                expanded.append(key)
            else:
                raise _bad(where, "does", item, sorted(set(names) | set(DOES_ALIASES)))
        out["does"] = list(dict.fromkeys(expanded))
    kind, prop, effect = out.get("type"), out.get("property"), out.get("effect")
    if prop and kind and kind not in PROPERTIES[prop][0]:
        raise BadQuestionError(f"{where}.class: a {kind} card has no property {prop!r} (it is one of "
                               f"{', '.join(p for p, (types, _) in PROPERTIES.items() if kind in types)})",
                               f"{where}.class.property", prop)
    if prop and kind == "monster":
        raise BadQuestionError(f"{where}.class: property is for Spell/Trap Cards", f"{where}.class.property",
                               prop)
    if effect in ("flip", "pendulum") and (kind in ("spell", "trap") or prop):
        raise BadQuestionError(f"{where}.class: a Spell/Trap Card has no {effect} effect",
                               f"{where}.class.effect", effect)
    return out


def _quoted_condition(text, where: str) -> str:
    """A quoted trigger condition ("When this card destroys an opponent's monster by battle"), validated: the
    profile parser must read an event in it."""
    from .profiles.conditions import parse_condition

    name = f"{where}.class.condition"
    if not isinstance(text, str) or not text.strip() or len(text) > 300:
        raise BadQuestionError(f"{name} must be the quoted text of a trigger condition (at most 300 characters)",
                               name, text)
    if not parse_condition(text.split(":")[0].strip())["events"]:
        raise BadQuestionError(f"{name}: no event (\"When/If ... is destroyed\" ...) is read in {text!r}", name, text)
    return text.strip()


# ----------------------------------------------------------------------------------------- words

def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _card_words(kind: str | None, prop: str | None) -> str:
    """"Counter Trap Card", "Spell Card", "Continuous Spell/Trap Card", "monster", "card"."""
    if kind == "monster":
        return "monster"
    prop_word = PROPERTIES[prop][1] + " " if prop else ""
    if kind in ("spell", "trap"):
        return f"{prop_word}{CARD_TYPES[kind]} Card"
    if prop:
        types = PROPERTIES[prop][0]
        return f"{prop_word}{'/'.join(CARD_TYPES[t] for t in types)} Card"
    return "card"


def describe_class(cls: dict) -> str:
    """The class in words: "a Counter Trap Card", "a monster's Quick Effect", ...."""
    kind, prop, effect = cls.get("type"), cls.get("property"), cls.get("effect")
    if effect and not kind and not prop:
        kind = "monster"
    card = _card_words(kind, prop)
    if effect == "pendulum":
        phrase = "a Pendulum Monster's Pendulum Effect"
    elif effect and kind == "monster":
        phrase = f"a monster's {_KIND_WORDS[effect]}"
    elif effect:
        phrase = f"{_article('face-up ' + card)}'s {_KIND_WORDS[effect]}"
    else:
        phrase = _article(card)
    if cls.get("does"):
        phrase += " that " + " and ".join(_DOES_WORDS.get(c, c.replace("_", " ")) for c in cls["does"])
    if cls.get("from"):
        phrase += f" (activated from the {'GY' if cls['from'] == 'gy' else cls['from']})"
    if cls.get("condition"):
        phrase += f" whose text says \"{cls['condition']}\""
    return phrase


# ----------------------------------------------------------------------------------------- profiles

def _condition(raw: str, events: list[dict], when_if: str | None = "when") -> dict:
    return {"raw": raw, "events": events, "state": [], "turn": None, "phases": [], "damage_step": [],
            "except_damage_step": False, "except_phases": [], "once": None, "unparsed": [],
            "when_if": when_if}


def _activation_pattern(includes=(), targets=None) -> dict:
    return {"type": "activation", "player": "any",
            "alternatives": [{"activation": "any", "card_types": None, "properties": None}],
            "includes": list(includes), "would": [], "targets": targets, "unparsed": [], "when_if": "when"}


# activation conditions a generic card may have: name -> (condition or None, what it assumes)
_CONDITIONS: dict[str, tuple[dict | None, str]] = {
    "none": (None, "its activation condition, if it has one, is met"),
    "activation": (_condition("When a card or effect is activated", [_activation_pattern()]),
                   "it responds to an activation (\"When a card or effect is activated\")"),
    # a Summon that can be negated is made by procedure, outside a chain: in the turn player's Main Phase
    "summon": (dict(_condition("When a monster(s) would be Summoned", [
        {"type": "summon", "stage": "would", "methods": ["any"], "player": "any", "subject": "monster",
         "when_if": "when"}]), phases=["main"]),
               ("it answers a monster about to be Summoned (\"When a monster would be Summoned\"), which "
                "happens in the Main Phase")),
    "attack": (_condition("When an opponent's monster declares an attack", [
        {"type": "attack_declared", "subject": "monster", "player": "opponent", "direct": False,
         "raw": "an opponent's monster declares an attack", "when_if": "when"}]),
               "it answers an attack declaration"),
    "own_event": (_condition("If this card is moved, Summoned or flipped", [
        {"type": "card_event", "event": "any", "subject": "this_card", "by": [],
         "raw": "the event its text names happens to it", "when_if": "if"}], "if"),
                  "its trigger event happened to the card itself"),
    "other_event": (_condition("When the event its text names happens", [
        {"type": "card_event", "event": "any", "subject": "other", "by": [],
         "raw": "the event its text names happens", "when_if": "when"}]), "its trigger event just happened"),
}
# what a card that does X waits for, when the class says what it does
# ("negate_effect" implies no condition: Effect Veiler negates the effects of a monster it targets)
_CONDITION_OF = {"negate_activation": "activation", "negate_summon": "summon", "negate_attack": "attack"}


def _profile(card_type: str, prop: str | None, kind: str, *, section: str = "card", categories=(),
             condition: dict | None = None, locations=("field",), optional: bool = True, targets=False,
             target_kinds=(), hand: bool = False) -> dict:
    cats = list(dict.fromkeys(c.split(":")[0] for c in categories))
    sources: dict[str, list[str]] = {}
    for tag in categories:
        if ":" in tag:
            sources.setdefault(tag.split(":")[0], []).append(tag.split(":")[1])
    return {"index": 0, "section": section, "text": "", "kind": kind,
            "subkind": "card" if kind == "activation" else None,
            "spell_speed": rules.spell_speed(card_type, prop, kind, section=section),
            "optional": optional, "when_if": (condition or {}).get("when_if"), "condition": condition,
            "locations": list(locations), "cost": None, "cost_categories": [], "targets": targets,
            "target_kinds": list(target_kinds), "once_per_turn": None, "categories": cats, "sources": sources,
            "damage_step": [], "unknown": [], "complete": True, "quick_tag": kind == "quick",
            "hand_activation": hand, "set_turn_activation": False}


@dataclass
class Variant:
    """One reading of a class: the hypothetical card and what that reading assumes."""

    card: EngineCard
    assumed: list[str] = field(default_factory=list)


def _shapes(cls: dict) -> list[tuple[str, str | None, str, str]]:
    """(card type, property, effect kind, section) for each card the class can be."""
    kind, prop, effect = cls.get("type"), cls.get("property"), cls.get("effect")
    if effect and not kind and not prop:
        kind = "monster"
    kinds = [kind] if kind else (list(PROPERTIES[prop][0]) if prop else ["spell", "trap", "monster"])
    out = []
    for card_kind in kinds:
        card_type = CARD_TYPES[card_kind]
        if card_kind == "monster":
            if effect == "pendulum":
                out += [(card_type, None, k, "pendulum") for k in ("ignition", "trigger")]
            else:
                kinds_of = _MONSTER_KINDS if effect in (None, "any") else (effect,)
                out += [(card_type, None, k, "card") for k in kinds_of]
            continue
        props = [prop] if prop else [p for p, (types, _) in PROPERTIES.items() if card_kind in types]
        if effect:
            kinds_of = _SPELL_TRAP_ACTIVATED[card_kind] if effect == "any" else (effect,)
            out += [(card_type, PROPERTIES[p][1] if p else None, k, "card")
                    for p in (props if prop else [None]) for k in kinds_of]
        else:
            out += [(card_type, PROPERTIES[p][1], "activation", "card") for p in props]
    if cls.get("does") and set(cls["does"]) <= _STAT_CHANGES:
        # "a card / a monster's effect that changes ATK": the cards the rules speak of (activated Spells/Traps,
        # Quick and Ignition Effects); a trigger or a Counter Trap that does it is asked by saying so
        out = [(t, p, k, sec) for t, p, k, sec in out
               if not (k in ("trigger", "flip") and not effect) and not (p == "Counter" and not prop)]
    return out


def _locations(card_type: str, kind: str, section: str, where: str | None) -> list[str]:
    if section == "pendulum":
        return ["pendulum_zone"]
    if where:
        return [where]
    if kind == "activation":
        return ["hand", "field"] if card_type == "Spell" else ["field"]
    if card_type == "Monster":
        return ["field"] if kind == "flip" else ["field", "hand", "gy"]
    return ["field"]


def _quoted_readings(text: str, does: list[str] | None) -> list[tuple[list, dict, bool, str]]:
    """(categories, condition, optional, assumption) of a trigger whose condition is quoted: "You can" said or
    not (both readings when the quote stops before it)."""
    from .profiles.conditions import parse_condition

    condition = parse_condition(text.split(":")[0].strip())  # the condition, before ": You can ..."
    first = text.lower().split()[0] if text.split() else ""
    condition["when_if"] = first if first in ("when", "if") else None
    if "you can" in text.lower():
        return [(list(does or []), condition, True, "")]
    return [(list(does or []), condition, True, "it is optional (\"You can\")"),
            (list(does or []), condition, False, "it is mandatory")]


def _readings(card_type: str, prop: str | None, kind: str,
              does: list[str] | None) -> list[tuple[list, str, bool, str]]:
    """(categories, condition name, optional, assumption) for each reading of what the card does."""
    waits = [name for c in does or () if (name := _CONDITION_OF.get(c))]
    if kind in ("continuous",):
        return [(list(does or []), "none", True, "")]
    if waits:  # a card that negates activations (Summons, attacks) waits for one, whatever its kind
        return [(list(does), waits[0], True, "")]
    if kind == "flip":
        return [(list(does or []), "none", True, "")]
    if kind == "trigger":
        return [(list(does or []), "own_event", True, "it is an optional trigger about the card itself"),
                (list(does or []), "own_event", False, "it is a mandatory trigger"),
                (list(does or []), "other_event", True, "it is an optional trigger about another event")]
    if does is not None:
        return [(list(does), "none", True, "")]
    counter = card_type == "Trap" and prop == "Counter"
    out = []
    for condition in (("activation", "summon", "attack") if counter else ("none",)):
        out.append(([], condition, True, ""))
    if kind in ("activation", "quick") and not counter:
        out.append((["atk_change", "def_change"], "none", True,
                    "it directly changes ATK/DEF (not every card of this kind does)"))
    if kind == "quick" and card_type == "Monster":
        out.append((["negate_activation"], "activation", True,
                    "it negates activations (not every card of this kind does)"))
    return out


def variants(item: dict) -> list[Variant]:
    """The hypothetical cards a validated ``{"class": ..., "controller": ...}`` item can be."""
    cls = item["class"]
    phrase = describe_class(cls)
    out = []
    for card_type, prop, kind, section in _shapes(cls):
        locations = _locations(card_type, kind, section, cls.get("from"))
        hand = kind == "activation" and cls.get("from") == "hand" and card_type == "Trap"
        readings = (_readings(card_type, prop, kind, cls.get("does")) if not cls.get("condition") else
                    _quoted_readings(cls["condition"], cls.get("does")))
        for categories, condition_name, optional, note in readings:
            if isinstance(condition_name, dict):  # a quoted condition
                condition, condition_note, condition_name = condition_name, "", "quoted"
            else:
                condition, condition_note = _CONDITIONS[condition_name]
            effect = _profile(card_type, prop, kind, section=section, categories=categories,
                              condition=condition, locations=locations, optional=optional, hand=hand)
            effects = [effect]
            if card_type == "Trap" and prop == "Continuous" and kind == "activation" and \
                    {"atk_change", "def_change"} & set(categories):
                # a Continuous Trap whose continuous effect changes ATK/DEF (Damage Step permission)
                effects.append(dict(_profile(card_type, prop, "continuous", categories=categories), index=1))
                effect["categories"] = []
            name = _variant_name(cls, card_type, prop, kind, section)
            # "from" is where the effect is activated; for a Spell/Trap Card's activation, where the card is
            where = item.get("location") or (cls.get("from") if kind == "activation" else None)
            card = EngineCard(id=GENERIC_ID, name=name, card_type=card_type, property=prop, effects=effects,
                              controller=item.get("controller"), location=where,
                              face=item.get("face"), set_this_turn=item.get("set_this_turn"))
            assumed = [f"{phrase}, for example {_variant_words(card_type, prop, kind, section)}"] \
                if len(_shapes(cls)) > 1 else []
            if condition_name != "quoted" and (condition_name != "none" or cls.get("does") is None):
                assumed.append(f"{phrase}: {condition_note}")
            if note:
                assumed.append(f"{phrase}: {note}")
            if hand:
                assumed.append(f"{phrase}: its text lets it be activated from the hand")
            out.append(Variant(card, assumed))
    return out


def _variant_words(card_type: str, prop: str | None, kind: str, section: str) -> str:
    card = "monster" if card_type == "Monster" else f"{prop + ' ' if prop else ''}{card_type} Card"
    if section == "pendulum":
        return f"a Pendulum Effect ({kind})"
    if kind == "activation":
        return f"the activation of a {card}"
    return f"a {card}'s {_KIND_WORDS[kind]}"


def _variant_name(cls: dict, card_type: str, prop: str | None, kind: str, section: str) -> str:
    """The name the checks print: the card part of the phrase (the engine adds "'s quick effect")."""
    if card_type == "Monster":
        return "a Pendulum Monster" if section == "pendulum" else "a monster"
    card = f"{prop + ' ' if prop else ''}{card_type} Card"
    return _article(("face-up " if kind != "activation" else "") + card)


def link_variants(item: dict, asked: list[EngineCard]) -> list[Variant]:
    """Readings of a generic chain link: the plain ones, plus one that fits the asked card's condition.

    When the card asked about waits for an activation that "includes" or "would" do something, or that
    targets, a card of the kind may or may not do that; the extra reading assumes it does.
    """
    out = variants(item)
    wanted: list[str] = []
    targets = False
    for card in asked:
        for effect in card.effects:
            for pattern in (effect.get("condition") or {}).get("events", []):
                if pattern.get("type") != "activation":
                    continue
                wanted += list(pattern.get("includes") or []) + list(pattern.get("would") or [])
                targets = targets or bool(pattern.get("targets"))
    if item["class"].get("does") is not None:
        wanted = []  # what it does is given; whether it targets is not
    if not wanted and not targets:
        return out
    phrase = describe_class(item["class"])
    fitted = []
    for tag in list(dict.fromkeys(wanted)) or [None]:
        for variant in out:
            effect = variant.card.effects[0]
            if effect["kind"] not in ("activation", "ignition", "trigger", "quick", "flip"):
                continue
            tags = [tag] if tag else []
            categories = list(dict.fromkeys(effect["categories"] + [t.split(":")[0] for t in tags]))
            new = dict(effect, categories=categories, sources=_merge_sources(effect["sources"], tags),
                       targets=targets or effect["targets"])
            card = EngineCard(**{**variant.card.__dict__, "effects": [new] + variant.card.effects[1:]})
            notes = list(variant.assumed)
            if tag:
                notes.append(f"{phrase}: its effect includes {tag.replace(':', ' from the ')} "
                             f"(not every card of this kind does)")
            if targets:
                notes.append(f"{phrase}: its activation targets (not every card of this kind does)")
            fitted.append(Variant(card, notes))
    return out + fitted


def _merge_sources(sources: dict, tags: list[str]) -> dict:
    out = {key: list(value) for key, value in sources.items()}
    for tag in tags:
        if ":" in tag:
            key, zone = tag.split(":", 1)
            out.setdefault(key, [])
            if zone not in out[key]:
                out[key].append(zone)
    return out


def best_of(run, options: list[list[Variant]]) -> tuple:
    """Run ``run(cards)`` for every combination of variants; the best verdict (yes > unknown > no).

    Returns ``(verdict, chosen variants, number of combinations)``; the chosen variants' assumptions are added
    to the verdict's ``assumed``.  Among equal answers the verdict with most passed checks is shown.
    """
    results = []
    for combo in product(*options):
        verdict = run([variant.card for variant in combo])
        results.append((verdict, combo))
        if verdict.answer in ("yes", "activates"):
            break
    rank = {"yes": 0, "activates": 0, "unknown": 1}
    verdict, combo = min(results, key=lambda r: (rank.get(r[0].answer, 2),
                                                 -sum(s["result"] == "pass" for s in r[0].steps)))
    for variant in combo:
        for text in variant.assumed:
            verdict.assume(text)
    return verdict, combo, prod(len(option) for option in options)


def note_readings(verdict: Verdict, readings: int) -> None:
    """Say, as the first step, that the generic card(s) had several readings (only when they had)."""
    if readings <= 1:
        return
    result = {"yes": "pass", "no": "fail"}.get(verdict.answer, "unknown")
    detail = (f"the kind of card can be read {readings} ways (is it possible for some card of that kind?): "
              + {"pass": "the reading shown passes", "fail": "no reading passes; the one shown fails",
                 "unknown": "none could be decided"}[result])
    verdict.steps.insert(0, {"check": "kinds considered", "result": result, "detail": detail,
                             **rules.citation("card_kinds")})


def merged_card(item: dict) -> EngineCard:
    """One hypothetical card holding the effects of every reading of a generic item (SEGOC, timing)."""
    readings = variants(item)
    first = readings[0].card
    effects = []
    for variant in readings:
        for effect in variant.card.effects:
            effects.append(dict(effect, index=len(effects)))
    return EngineCard(id=GENERIC_ID, name=describe_class(item["class"]), card_type=first.card_type,
                      property=first.property, effects=effects, controller=item.get("controller"),
                      location=item.get("location"), face=item.get("face"),
                      set_this_turn=item.get("set_this_turn"))


def item_name(item: dict, name: str) -> str:
    """How an answer names a card item: the resolved name, or the generic card's phrase."""
    return describe_class(item["class"]) if is_generic(item) else name


def timing_unknown(phrase: str, event: str) -> Verdict:
    """A timing question about a kind of card: which event it waits for, and "When" or "If", decide."""
    verdict = Verdict("unknown")
    detail = (f"whether {phrase} activates after {event} depends on the event its text names and on whether "
              f"it says \"When\" (optional \"When\" effects miss the timing when the event was not the last "
              f"thing to happen) or \"If\"")
    verdict.step("trigger condition", "unknown", detail, "missing_timing")
    return verdict


def _answers_activation(card: EngineCard) -> bool:
    return any(p["type"] == "activation" for e in card.effects
               for p in (e.get("condition") or {}).get("events", []))


def check_activate(card: EngineCard, moment) -> Verdict:
    """An ``activate`` question about a reading of a kind of card.

    A card of a kind that answers activations (a Counter Trap, a card that negates activations) is
    activated in response to something: "can a Counter Trap be activated in the Damage Step?" asks
    whether it can be at that moment, so when it cannot start a chain, the reading is also tried as the
    next link of a chain started then by some other card (the answer says so under ``assumed``).
    """
    verdict = checks.check_activate(card, moment)
    if verdict.answer == "yes" or not _answers_activation(card):
        return verdict
    starters = [v.card for kind in ("spell", "trap", "monster") for v in variants({"class": {"type": kind}})]
    for starter in starters:
        chained = checks.check_chain(card, [starter], moment)
        if chained.answer == "yes":
            first = starter.effects[0]
            example = _variant_words(starter.card_type, starter.property, first["kind"], first["section"])
            chained.assume(f"{card.name} is activated in response to a card or effect activated at that "
                           f"moment (such as {example})")
            return chained
    return verdict


def explain_segoc(steps: list[dict], phrases: list[str]) -> None:
    """Say why a kind of card cannot be placed in a SEGOC chain: mandatory or optional is not said."""
    for step in steps:
        if step["check"] == "trigger kind" and step["result"] == "unknown" and \
                any(step["detail"].startswith(phrase) for phrase in phrases):
            phrase = next(p for p in phrases if step["detail"].startswith(p))
            step["detail"] = (f"{phrase}: whether its trigger effect is mandatory or optional is not said "
                              f"(a card of that kind can be either), so its place in the chain is not known")
