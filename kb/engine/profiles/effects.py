"""One effect read from its PSCT parts: condition, cost, targets, resolution, kind, Spell Speed, locations."""

from __future__ import annotations

import re

from ...text import fold_quotes
from .. import rules
from .categories import WEAK_CATEGORIES, categories_of
from . import prefilter
from .conditions import parse_condition
from .sentences import top_level_index
from .targets import split_cost_and_target, target_kinds

__all__ = ["parse_effect", "new_effect", "card_activation_locations", "implied_response_condition"]


def new_effect(text: str, section: str) -> dict:
    return {"index": 0, "section": section, "text": text, "kind": "unknown", "subkind": None,
            "spell_speed": None, "optional": None, "when_if": None, "condition": None, "locations": [],
            "cost": None, "cost_categories": [], "targets": False, "target_text": None, "target_kinds": [], "once_per_turn": None,
            "categories": [],
            "sources": {}, "damage_step": [], "unknown": [], "complete": False}


# "When ..., <X>" that is not a trigger: a prohibition or rule applied at that moment ("no Trap Cards can be
# activated"), an effect applied while another resolves, use as a Ritual Tribute, a follow-up ("When you do")
_OLDER_WORDING_NOT_TRIGGER = re.compile(
    r"^When (?:you do|that|it|they|resolving)\b|\bresolv(?:es|ing)\b[^,]*,|"
    r",\s*(?:no\b|[^,.;]{0,40}\b(?:cannot|can't|can)\s+(?:be\s+)?activate)|"
    r"\bas (?:1 of )?(?:the )?(?:monsters?|materials?|Tributes?) (?:required|for)\b")


_CHOOSE_ONE = re.compile(r"^(?:You can )?(?:activate|apply) (?:1|one) of (?:these|the following) effects\.?$",
                         re.IGNORECASE)


# "If ... would be destroyed, you can ... instead", "you can treat it as ...": replacements and rules, not triggers
_OLDER_WORDING_REPLACEMENT = re.compile(r"\bwould\b.*\|.*\binstead\b|\| you can (?:treat|use)\b", re.IGNORECASE)


def _older_wording_condition_end(text: str) -> int:
    """Where the condition of an older-worded trigger ends ("When this card is destroyed by battle and sent to
    the Graveyard, send 1 ...", "If ..., you can ..."): the first top-level comma after which the text before
    it reads as an event with nothing left unread; -1 when there is none (a continuous effect, or a
    condition not understood)."""
    when = bool(re.match(r"^(?:Once per turn, )?[Ww]hen\b", text))
    if not (when or re.match(r"^(?:If|Each time)\b", text)) or _OLDER_WORDING_NOT_TRIGGER.search(text):
        return -1
    start = 0
    while True:
        comma = top_level_index(text[start:], ",")
        if comma < 0:
            return -1
        end = start + comma
        cond = parse_condition(text[:end])
        rest = text[end + 1:].strip()
        # "If/Each time ..., you can ...": optional, so activated; a mandatory "If ..., ..." is often continuous
        if cond["events"] and not cond["unparsed"] and rest and (when or re.match(r"^you can\b", rest)) and \
                not _OLDER_WORDING_REPLACEMENT.search(text[:end] + " | " + rest):
            return end
        start = end + 1


def card_activation_locations(fields: dict) -> list[str]:
    if fields["card_type"] == "Trap":
        return ["field"]
    return ["hand", "field"]


def parse_effect(head: str, bullets: list[str], fields: dict, section: str, *, activation: bool) -> dict:
    text = head + ("\n" + "\n".join("● " + b for b in bullets) if bullets else "")
    effect = new_effect(text, section)
    work = fold_quotes(head)
    quick_tag = "(Quick Effect)" in work
    work = work.replace("(Quick Effect)", "").replace("  ", " ")
    flip = bool(re.match(r"^FLIP:", work))
    if flip:
        work = work[5:].strip()
    colon = top_level_index(work, ":")
    if colon < 0 and not activation and fields["card_type"] == "Monster":
        colon = _older_wording_condition_end(work)
    condition_text, body = (work[:colon], work[colon + 1:].strip()) if colon >= 0 else ("", work)
    if _CHOOSE_ONE.match(condition_text.strip()) and bullets:
        condition_text = ""  # "Activate 1 of these effects:" introduces the choices, it is not a condition
    semicolon = top_level_index(body, ";")
    cost, resolution = (body[:semicolon].strip(), body[semicolon + 1:].strip()) if semicolon >= 0 else ("", body)
    bullets_are_condition = bool(re.search(r"includes? any of these effects", condition_text))
    resolution_text = resolution + (" " + " ".join(bullets) if bullets and not bullets_are_condition else "")
    effect["optional"] = bool(re.match(r"^(?:You can|you can)\b", body)) or None
    # "Activate this card by ...": the whole clause is the activation's cost/target, not a condition
    activate_by = re.match(r"^(?:Activate this card by|You can activate this card by)\s+(.*)$", work)
    if activate_by and colon < 0:
        inner = activate_by.group(1)
        semicolon = top_level_index(inner, ";")
        cost, resolution = (inner[:semicolon], inner[semicolon + 1:]) if semicolon >= 0 else (inner, "")
        resolution_text = resolution + (" " + " ".join(bullets) if bullets else "")
        condition_text = ""
    only_when = re.match(r"^(?:Activate only|This card can only be activated|You can only activate this card)"
                         r"\s+(.*?)[.,]?$", condition_text or work)
    if activation and re.match(r"^(?:When|If) (?:you activate )?this card(?: is activated)?$", condition_text.strip()):
        condition_text = ""  # "When this card is activated: ..." describes the activation's own effect
    cond = parse_condition(condition_text, bullets if bullets_are_condition else []) if condition_text else None
    if only_when and cond is None:
        cond = parse_condition(only_when.group(1), [])
    if cond is None and not activate_by:
        cond = implied_response_condition(resolution)
        if cond is None and re.search(r"\bnegate (?:the|its|that|their) (?:activation|Summon)", resolution,
                                      re.IGNORECASE):
            effect["unknown"].append(f"condition: response window implied by: {resolution}")
    effect["condition"] = cond
    if cond:
        effect["when_if"] = cond["when_if"]
        effect["damage_step"] = list(cond["damage_step"])
        if cond["once"] == "turn" and effect["once_per_turn"] is None:
            effect["once_per_turn"] = "soft"
        for part in cond["unparsed"]:
            effect["unknown"].append(f"condition: {part}")
    before_effect = cost  # the cost and the targeting, between ":" and ";"
    cost, target_text = split_cost_and_target(before_effect)
    if cost:
        effect["cost"] = cost
        cost_cats, _ = categories_of(cost)
        effect["cost_categories"] = [c for c in cost_cats if c not in WEAK_CATEGORIES]
    effect["target_text"] = target_text or None
    effect["targets"] = bool(target_text or re.search(r"\btarget", before_effect + " " + (
        condition_text if activate_by else ""), re.IGNORECASE) or (activate_by and "target" in activate_by.group(1)))
    effect["target_kinds"] = target_kinds(before_effect + " " + (activate_by.group(1) if activate_by else "")) \
        if effect["targets"] else []
    cats, sources = categories_of(resolution_text, context=before_effect)
    effect["categories"] = cats
    effect["sources"] = sources
    # kind
    card_type, prop = fields["card_type"], fields["property"]
    if activation:
        effect["kind"], effect["subkind"] = "activation", "card"
        effect["optional"] = True
        effect["locations"] = card_activation_locations(fields)
    elif section == "pendulum":
        effect["kind"] = _monster_kind(effect, cond, quick_tag, flip, colon, body, pendulum=True)
        effect["locations"] = ["pendulum_zone"]
    elif card_type in ("Spell", "Trap"):
        effect["kind"] = _monster_kind(effect, cond, quick_tag, flip, colon, body, pendulum=True,
                                       spell_trap=True)
        effect["locations"] = _spell_trap_effect_locations(work)
    else:
        effect["kind"] = _monster_kind(effect, cond, quick_tag, flip, colon, body, pendulum=False)
        effect["locations"] = _monster_effect_locations(work, cond)
    if effect["kind"] in ("trigger", "flip") and effect["optional"] is None:
        effect["optional"] = False
    if effect["kind"] == "continuous":
        effect["optional"] = None
    effect["spell_speed"] = rules.spell_speed(card_type, prop, effect["kind"],
                                              section="pendulum" if section == "pendulum" else "card")
    effect["quick_tag"] = quick_tag
    strong = [c for c in cats if c not in WEAK_CATEGORIES]
    if not strong and effect["kind"] != "activation" or (effect["kind"] == "activation" and not strong and
                                                        (resolution.strip() or not cost)):
        if not (effect["kind"] == "activation" and prop in ("Continuous", "Field", "Equip")):
            effect["unknown"].append(f"effect: {resolution_text.strip() or work}")
    if effect["kind"] == "unknown":
        effect["unknown"].append(f"kind: {work}")
    return effect


# older wording of a negation with its condition in the effect ("Negate the activation of a Spell Card, Trap Card,
# or Effect Monster's effect that ..."): the whole phrase up to ", and" / "and destroy" / the end of the sentence
_OLD_NEGATION = re.compile(r"^Negate the (activation|Summon) of (an? [^.;]+?)(?:, and\b|,? and destroy\b|\.|$)")
# older wording of a Spell/Trap Card's paid negation: "Either player can pay 800 Life Points to negate the Special
# Summon of a monster(s), ..." (an effect of the face-up card, activated as the Summon would happen)
_OLD_PAID_NEGATION = re.compile(
    r"^(?:Either player|Each player|You|Your opponent) can (?:pay|discard|Tribute|send|banish|remove)\b[^.;:]*?"
    r"\bto negate the ((?:Special |Normal |Flip |Tribute )?Summon) of (an? [^,.;(]+?)(?:\(s\))?(?:,|\.|\band\b|$)",
    re.IGNORECASE)


def implied_response_condition(resolution: str) -> dict | None:
    """The condition an old-wording negation implies ("When <it> is activated"), or None."""
    match = _OLD_NEGATION.match(resolution.strip()) or _OLD_PAID_NEGATION.match(resolution.strip())
    if not match:
        return None
    what, thing = match.groups()
    if what != "activation" and re.search(r"\b(?:that|which|with|whose|except)\b", thing):
        return None  # "the Summon of a monster that has the same Type as ...": a qualifier the Summon checks skip
    wording = f"When {thing} is activated" if what == "activation" else f"When {thing} would be {what}ed"
    cond = parse_condition(wording, [])
    cond["implied"] = True
    return cond if not cond["unparsed"] else None


_EVENTLESS_TRIGGER_PHASES = {"standby", "end", "draw", "battle"}


# phases in which an effect without an event is trigger-like: it starts once, when the phase begins
_PHASE_TRIGGER_PHASES = {"standby", "end", "draw"}


def _phase_timed(cond: dict) -> bool:
    """True when the condition is only "during <Standby/End/Draw> Phase" or "at the start/end of <a phase>"
    (no event, no Damage Step timing)."""
    if cond["events"] or cond["damage_step"] or not cond["phases"]:
        return False
    # "At the start of your opponent's Battle Phase: ..." starts once too, as that phase begins
    return set(cond["phases"]) <= _PHASE_TRIGGER_PHASES or bool(re.match(
        r"^(?:Once per turn,? )?at the (?:start|beginning|end) of (?:the |your |your opponent's |each )?"
        r"(?:Battle Phase|Main Phase|Standby Phase|End Phase)", cond["raw"], re.IGNORECASE))


def _responds_to_activation(cond: dict) -> bool:
    """True when an activation event makes the effect a Quick Effect without "(Quick Effect)" on it.

    "When ... is activated: ..." (older text) and "during either player's turn, when ..." respond to the
    activation in the same Chain; "If/Each time a card or effect is activated: You can ..." is a trigger
    that starts a Chain after it (PSCT writes a Quick Effect with "(Quick Effect)").
    """
    events = [event for event in cond["events"] if event["type"] == "activation"]
    if not events:
        return False
    return cond["turn"] == "either" or any(event.get("when_if") == "when" for event in events)


# older wording of an ignition effect: "<cost> to <effect>" ("Tribute 2 of them to draw 3 cards", "Remove 3 Spell
# Counters from this card to destroy all monsters on the field")
_OLDER_COST_TO_EFFECT = re.compile(
    r"^(?:Once per turn,? )?(?:you can )?(?:Tribute|Remove|Send|Discard|Pay|Banish|Detach|Return|Offer)\b[^.;:]*?"
    r"\bto (?:destroy|draw|Special Summon|add|inflict|increase|decrease|make|have|negate|change|return|select|"
    r"send|banish|look|gain|take|target|equip|place|switch|toss|roll|declare|discard)\b", re.IGNORECASE)


# "Tribute this card, then target 1 monster; ...": a cost and a ";" without "You can" or a condition
_COST_VERB_START = re.compile(r"^(?:Tribute|Discard|Send|Banish|Pay|Target|Detach|Reveal|Remove|Shuffle|Return)\b")
# older wording of an ignition effect: "Once per turn, [during your Main Phase / if <state>,] you can ...",
# "Once per turn, by discarding 1 card, ..."
_OLDER_IGNITION = re.compile(
    r"^(?:(?:Once|Twice) per turn,? )?(?:(?:during your Main Phase(?: 1| 2)?|if (?![^,]*\bwould\b)[^,]+),\s*)?"
    r"(?:you can\b(?! (?:Normal Summon|Tribute Summon|Set|Special Summon this card|treat|use|also|activate)\b)"
    r"(?![^.]*\binstead\b)|by (?:discarding|paying|sending|tributing|banishing|removing|returning)\b)",
    re.IGNORECASE)


def _monster_kind(effect: dict, cond: dict | None, quick_tag: bool, flip: bool, colon: int, body: str,
                  *, pendulum: bool, spell_trap: bool = False) -> str:
    """ignition / trigger / quick / continuous / flip for one monster (or Spell/Trap/Pendulum) effect."""
    if flip:
        return "flip"
    if quick_tag:
        return "quick"
    activated = colon >= 0 or bool(re.match(r"^(?:You can|you can)\b[^.]*;", body)) or (
        top_level_index(body, ";") >= 0 and bool(_COST_VERB_START.match(body)))
    if not activated:
        if spell_trap and cond is not None and cond.get("implied") and _OLD_PAID_NEGATION.match(body):
            return "quick"
        if cond is None and (re.match(r"^(?:You can|Once per turn,? you can)\b", body) or
                             (not pendulum and (_OLDER_COST_TO_EFFECT.match(body) or _OLDER_IGNITION.match(body)))):
            return "ignition"
        return "continuous"
    if cond is None:
        return "ignition"
    if re.match(r"^While\b", cond["raw"]) and not cond["events"] and not re.match(r"^(?:You can|you can)\b", body):
        return "continuous"  # "While in Attack Position: monsters you control gain 800 ATK"
    if _phase_timed(cond):
        # "During the End Phase: ...", "Once per turn, during your opponent's Standby Phase: ...": an effect
        # that starts in that phase is trigger-like (Spell Speed 1 on a monster), not a Quick Effect
        return "trigger"
    if _responds_to_activation(cond) and not pendulum:
        return "quick"
    if any(event["type"] == "summon" and event["stage"] == "would" for event in cond["events"]) and not pendulum:
        return "quick"
    if cond["turn"] == "either" and cond["events"] and not pendulum:
        # older text marks a Quick Effect "During either player's turn, when ...: ..."
        return "quick"
    if re.search(r"\b[Dd]uring the (?:Main|Battle) Phase\b", cond["raw"]) and not cond["events"] and not pendulum:
        # "During the Main Phase: ..." (either player's): a monster effect usable in the opponent's turn is quick
        return "quick"
    if cond["turn"] in ("either", "opponent") and not cond["events"] and (not pendulum or spell_trap):
        # "During your opponent's turn: ...", "Once per opponent's turn: ..." (Spell/Trap effects too)
        return "quick"
    if cond["events"]:
        return "trigger"
    if cond["damage_step"] and not pendulum:
        return "quick" if cond["damage_step"] != ["end"] else "trigger"
    if cond["phases"] and set(cond["phases"]) <= _EVENTLESS_TRIGGER_PHASES and not re.match(
            r"^(?:You can|you can)\b", body) or (cond["phases"] and set(cond["phases"]) & {"standby", "end", "draw"}):
        return "trigger"
    return "ignition"


def _monster_effect_locations(text: str, cond: dict | None) -> list[str]:
    """Where a monster effect is activated from: hand, GY, banished, field (default) ..."""
    found: list[str] = []
    checks = [
        ("hand", r"(?:discard|reveal) this card|send this card from your hand|this card (?:is )?in your hand|"
                 r"\(from your hand\)|Special Summon this card from your hand|this card from your hand|"
                 r"If this card is (?:in your hand|added to your hand)|banish this card from your hand|"
                 r"\(from your hand or|from your hand or (?:GY|Graveyard)\)|hand or GY\)|this card in your hand"),
        ("gy", r"this card (?:is )?in (?:your|the) (?:GY|Graveyard)|banish this card from your (?:GY|Graveyard)|"
               r"this card from (?:your|the) (?:GY|Graveyard)|\(from your (?:GY|Graveyard)\)|or GY\)|"
               r"If this card is (?:sent to|destroyed and sent to|sent from [^:]*? to) the (?:GY|Graveyard)|"
               r"sent to the (?:GY|Graveyard)[^:]*:|destroyed by battle and sent to|"
               r"is destroyed[^:]*and sent to the GY"),
        ("banished", r"this card is banished|this banished card|If this card is banished|this card (?:is )?"
                     r"(?:currently )?banished"),
        ("extra", r"this card is in your Extra Deck|face-up (?:card )?in your Extra Deck|\(from your Extra Deck\)"),
        ("deck", r"this card is in your Deck"),
    ]
    for zone, pattern in checks:
        if prefilter.search(pattern, text, re.IGNORECASE):  # re.search, skipping texts without its words
            found.append(zone)
    event_here = cond and any(e.get("subject") == "this_card" and e.get("type") == "card_event" and
                              e.get("event") in ("destroyed", "destroyed_by_battle") for e in cond["events"])
    if event_here and "gy" not in found:
        found.append("gy")
    if not found or re.search(r"this card (?:on the field|you control)|Tribute this card|"
                              r"this face-up card|detach|If this card is (?:Normal |Special |Flip )?Summoned",
                              text) or re.search(r"\bor field\b|hand or field|field or GY", text):
        if "field" not in found:
            found.insert(0, "field")
    return found


def _spell_trap_effect_locations(text: str) -> list[str]:
    if re.search(r"this card (?:is )?in your (?:GY|Graveyard)|banish this card from your (?:GY|Graveyard)|"
                 r"this card from your (?:GY|Graveyard)|sent to the (?:GY|Graveyard)[^:]*:", text, re.IGNORECASE):
        return ["gy"]
    if re.search(r"this card (?:is )?in your hand|reveal this card", text, re.IGNORECASE):
        return ["hand"]
    if re.search(r"this card is banished|this banished card", text, re.IGNORECASE):
        return ["banished"]
    return ["field"]
