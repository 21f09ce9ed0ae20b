"""A card's text split into sentences and assembled into its list of effect profiles."""

from __future__ import annotations

import re
from functools import lru_cache

from ...text import fold_quotes
from .. import rules
from .categories import categories_of
from .conditions import parse_condition
from .effects import card_activation_locations, implied_response_condition, new_effect, parse_effect
from .prefilter import PatternSet, prefiltered
from .sentences import split_sentences, top_level_index

__all__ = ["card_fields", "parse_card", "profile_complete"]

_RULE_PATTERNS = [
    (r"^(?:This card )?(?:cannot|can't) be (?:Normal Summoned(?:/Set)?|Special Summoned|Summoned|Set)", "summon_condition"),
    (r"^Must (?:first )?be (?:Special Summoned|Fusion Summoned|Synchro Summoned|Xyz Summoned|Ritual Summoned|"
     r"Link Summoned|Normal Summoned|Summoned)", "summon_condition"),
    (r"^(?:This card )?(?:can|must) (?:only )?be (?:Special |Ritual |Fusion |Synchro |Xyz |Link )?Summoned", "summon_condition"),
    (r"^You can Ritual Summon this card with", "summon_condition"),
    (r"^\(?This card(?:'s name)? is (?:always |also )?treated as", "name_rule"),
    (r"^\(?This card(?:'s name)? (?:becomes|is) \"", "name_rule"),
    (r"^\(?This card is also (?:always )?treated as", "name_rule"),
    (r"^\(This card is not treated as", "name_rule"),
    (r"^\(.*\)$", "note"),
    (r"^You can only (?:use|activate|Special Summon|Summon|Normal Summon|Set|control|apply)\b", "once_rule"),
    (r"^You can only (?:use|activate) (?:1|one|each)", "once_rule"),
    (r"^You cannot (?:Special Summon|Normal Summon|activate|conduct|Summon|Set|attack)[^.]*the turn you "
     r"(?:activate|Special Summon|use)", "activation_restriction"),
    (r"^You cannot (?:Special Summon|Normal Summon|activate|conduct|Summon)[^.]*(?:the turn|during the turn) "
     r"(?:you|this card)", "activation_restriction"),
    (r"^(?:You can|Your opponent can|Either player can) (?:Special Summon|Normal Summon|Tribute Summon|Set) "
     r"(?:this card|it)\b[^:;]*\bby\b", "summon_procedure"),
    (r"^(?:If|While)\b[^:;]*, you can (?:Special Summon|Normal Summon|Tribute Summon|Set) this card\b[^:;]*$",
     "summon_procedure"),
    (r"^You can (?:Special Summon|Normal Summon) this card\b[^:;]*\((?:from your [^)]*)\)[^:;]*$",
     "summon_procedure"),
    (r"^You can (?:Normal Summon|Tribute Summon|Normal Set) this card (?:without Tributing|by Tributing|with)",
     "summon_procedure"),
    (r"^(?:This card )?(?:cannot|can't) be (?:used as|Tributed)", "material_rule"),
    (r"^You can Set this card (?:from your hand )?(?:to|in) (?:your|the) Spell & Trap Zone", "set_procedure"),
    (r"(?:^|, )(?:you can|You can) activate (?:this card|it) (?:from your hand|the turn it (?:was|is) Set|during the "
     r"turn it was Set)[^:;]*$", "activation_permission"),
    (r"^(?:If this card is )?(?:Pendulum )?Summoned\b[^:;]*cannot", "summon_condition"),
]
_RULE_RE = [(re.compile(pattern, re.IGNORECASE), kind) for pattern, kind in _RULE_PATTERNS]
_RULE_SET = PatternSet(regex for regex, _kind in _RULE_RE)  # pre-filtered: a pattern runs on texts with its words

_HAND_ACTIVATION_RE = re.compile(r"(?:you can|can) activate this card from your hand", re.IGNORECASE)
_SET_TURN_RE = re.compile(r"(?:you can|can) activate (?:this card|it) (?:the turn it was Set|the turn it is Set|"
                          r"during the turn it was Set)", re.IGNORECASE)

_OPT_HARD = re.compile(r"You can only use (?:this|each|the (?:\w+ )?effect|1|one) [^.]*?once per turn", re.IGNORECASE)
_OPT_CARD = re.compile(r"You can only activate (?:1|one) \"", re.IGNORECASE)


def card_fields(card) -> dict:
    """The fields the parser reads, from a :class:`kb.models.Card` row or a yaml-yugi record."""
    if isinstance(card, dict):
        line = [t.strip() for t in (card.get("monster_type_line") or "").split("/") if t.strip()]
        text = card.get("text") or {}
        pend = card.get("pendulum_effect") or {}
        name = card.get("name") or {}
        return {"name": name.get("en") if isinstance(name, dict) else name,
                "card_type": card.get("card_type") or "",
                "property": card.get("property"),
                "abilities": line[1:] if len(line) > 1 else list(card.get("abilities") or []),
                "text": (text.get("en") if isinstance(text, dict) else text) or "",
                "pendulum_text": (pend.get("en") if isinstance(pend, dict) else pend) or card.get(
                    "pendulum_text") or "",
                "materials": card.get("materials") or ""}
    return {"name": card.name, "card_type": card.card_type, "property": card.property,
            "abilities": list(card.abilities or []), "text": card.text or "",
            "pendulum_text": card.pendulum_text or "", "materials": card.materials or ""}


def _strip_materials(fields: dict, text: str) -> str:
    abilities = set(fields["abilities"])
    if not abilities & {"Fusion", "Synchro", "Xyz", "Link"}:
        return text
    lines = text.split("\n")
    first = lines[0].strip()
    if fields["materials"] and fold_quotes(first) == fold_quotes(fields["materials"]).strip():
        return "\n".join(lines[1:])
    if len(lines) > 1 and not first.endswith(".") and ":" not in first:
        return "\n".join(lines[1:])
    return text


@lru_cache(maxsize=4096)
def _parse_cached(card_type: str, prop: str | None, abilities: tuple, text: str, pendulum_text: str,
                  materials: str, name: str) -> tuple:
    fields = {"card_type": card_type, "property": prop, "abilities": list(abilities), "text": text,
              "pendulum_text": pendulum_text, "materials": materials, "name": name}
    return tuple(_parse(fields))


def parse_card(card) -> list[dict]:
    """Every effect of a card as a profile dict (see the module doc), in card order.

    :param card: a :class:`kb.models.Card`, a yaml-yugi record, or the dict of :func:`card_fields`.
    """
    fields = card if isinstance(card, dict) and "abilities" in card and "pendulum_text" in card else \
        card_fields(card)
    result = _parse_cached(fields["card_type"], fields["property"], tuple(fields["abilities"]),
                           fields["text"], fields["pendulum_text"], fields["materials"], fields["name"] or "")
    return [dict(effect) for effect in result]


def _is_normal_monster(fields: dict) -> bool:
    return fields["card_type"] == "Monster" and "Effect" not in fields["abilities"] and "Normal" in fields["abilities"]


def _may_be_normal_monster(fields: dict) -> bool:
    """A monster whose type line says neither Normal nor Effect ("Winged Beast / Tuner"): the card data leaves
    "Effect" out of many Tuner and Pendulum monsters, so the text decides (flavor text reads as no effect)."""
    return fields["card_type"] == "Monster" and "Effect" not in fields["abilities"] and \
        set(fields["abilities"]) <= {"Tuner", "Pendulum"}


def _parse(fields: dict) -> list[dict]:
    effects: list[dict] = []
    card_type = fields["card_type"]
    if fields["pendulum_text"]:
        for sentence in split_sentences(fields["pendulum_text"]):
            _add_sentence(effects, sentence, fields, section="pendulum")
    if card_type == "Monster" and _is_normal_monster(fields):
        for effect in effects:
            effect["index"] = effects.index(effect)
        return effects
    text = _strip_materials(fields, fields["text"]) if card_type == "Monster" else fields["text"]
    pendulum_effects = len(effects)
    for sentence in split_sentences(text):
        _add_sentence(effects, sentence, fields, section="card")
    if _may_be_normal_monster(fields) and not any(
            e["kind"] in ("ignition", "trigger", "quick", "flip") or e["kind"] == "rule" and e["subkind"] != "note"
            for e in effects[pendulum_effects:]):
        del effects[pendulum_effects:]  # flavor text of a Normal Monster
    if card_type in ("Spell", "Trap") and not any(e["kind"] == "activation" for e in effects):
        effects.insert(0, _plain_activation(fields))
    # hand-activation / set-turn exceptions written anywhere on the card apply to the card's activation
    whole = fold_quotes(fields["text"])
    for effect in effects:
        if effect["kind"] == "activation":
            effect["hand_activation"] = bool(_HAND_ACTIVATION_RE.search(whole))
            effect["set_turn_activation"] = bool(_SET_TURN_RE.search(whole))
    _attach_no_response(effects, fields)
    for i, effect in enumerate(effects):
        effect["index"] = i
        effect["complete"] = not effect["unknown"]
    return effects


# "Neither player can activate cards or effects in response to this card's activation" (community 9.5.5): text
# that is not an effect; it stops responses to the activation it names
_NO_RESPONSE = prefiltered(
    r"(?P<who>Neither player can|Your opponent cannot|Your opponent can't|(?:Cards|Spell/Trap Cards|Monster effects)"
    r"(?:,? (?:and|or) effects)? cannot be activated)\s*(?:activate\s+)?(?P<what>cards(?:,? (?:and|or) effects)?|"
    r"Spell/Trap Cards(?:,? or their effects)?|monster effects)?\s*in response to (?P<whose>this card's|this "
    r"effect's|its|these effects') activation", re.IGNORECASE)


def _no_response_of(text: str) -> tuple[dict, str] | None:
    """The responses a text forbids, ``({"players", "what"}, whose)``, or None."""
    match = _NO_RESPONSE.search(fold_quotes(text or ""))
    if not match:
        return None
    who, what = match.group("who").lower(), (match.group("what") or "").lower()
    if who.startswith("spell/trap"):
        what = "spell/trap"
    elif who.startswith("monster effects"):
        what = "monster effects"
    players = "opponent" if who.startswith("your opponent") else "both"
    kinds = "spell_trap" if what.startswith("spell/trap") else "monster_effects" if what.startswith("monster") \
        else "all"
    return {"players": players, "what": kinds}, match.group("whose").lower()


def _attach_no_response(effects: list[dict], fields: dict) -> None:
    """Give the activated effect a no-response text names its ``no_response``; a sentence that is only that
    text becomes a rule record (such text is not an effect)."""
    activated = ("activation", "ignition", "trigger", "quick", "flip")
    for position, effect in enumerate(effects):
        effect.setdefault("no_response", None)
        found = _no_response_of(effect["text"])
        if found is None:
            continue
        restriction, whose = found
        owner = effect if effect["kind"] in activated else None
        if whose == "this card's" and fields["card_type"] in ("Spell", "Trap"):
            owner = next((e for e in effects if e["kind"] == "activation"), owner)
        elif owner is None:
            owner = next((e for e in reversed(effects[:position]) if e["kind"] in activated), None)
            if owner is not None and _no_response_of(effect["text"].split(".")[0] + ".") is not None:
                effect.update(kind="rule", subkind="no_response", spell_speed=None, optional=None)
                effect["unknown"] = [u for u in effect["unknown"] if not u.startswith("effect:")]
        if owner is not None:
            owner["no_response"] = restriction


def _plain_activation(fields: dict) -> dict:
    """The card activation of a Spell/Trap whose text is only continuous effects (Field/Continuous/Equip)."""
    effect = new_effect("", "card")
    effect.update(kind="activation", subkind="card", optional=True,
                  spell_speed=rules.spell_speed(fields["card_type"], fields["property"], "activation"),
                  locations=card_activation_locations(fields))
    if fields["property"] == "Equip":
        effect["targets"] = True
        effect["categories"] = ["equip"]
    return effect


# a sentence whose "●" bullets are effects of their own: "You can only use each of these effects ... once per
# turn.", "... it gains this effect.", "This card gains effects based on the number of ...:"; not a choice
# ("Activate 1 of these effects") nor a list inside one effect's condition ("includes any of these effects")
_ONCE_FOR_BULLETS = re.compile(r"^You can only use (?:each|1|one|either) of (?:these|the following) effects\b",
                               re.IGNORECASE)
# effects this card gains ("it gains this effect", "this card becomes an Effect Monster with this effect"); bullets
# that other monsters gain ("Effect Monsters in this card's column gain this effect") stay in one continuous effect
_GRANTS_BULLETS = re.compile(r"\b(?:this card|it|this face-up card|this (?:Fusion|Synchro|Xyz|Link|Ritual) Summoned "
                             r"card)\s+(?:also\s+)?(?:gains?|becomes?|become)\b[^.]*?\b(?:effects?|effect\(s\))\b",
                             re.IGNORECASE)
_GRANTS_OTHERS = re.compile(r"\b(?:gains?|gain) (?:this|these|the following) effects?\b", re.IGNORECASE)
# the label of a bullet gained under a condition: "2+: ...", "EARTH: ...", "Spell: ...", ""Card Name": ..."
# ("1 or 6:", "Level 4 or lower:", "Warrior, Beast, or Pyro:"): a short prefix with no condition word
_BULLET_LEVEL = re.compile(r"^(?:\d+\+?|\"[^\"]+\"|(?!FLIP\b)(?![^:]*\b(?:[Ww]hen|[Ii]f|[Dd]uring|[Oo]nce|[Tt]wice|[Yy]ou|"
                           r"[Ee]ach|[Ww]hile|[Aa]t the|[Bb]efore|[Aa]fter|[Uu]nless)\b)[^:;.()]{1,40})\s*:\s*")


def _bullets_are_effects(head: str) -> bool:
    """True when the ``●`` bullets after ``head`` are separate effects (see above)."""
    if _ONCE_FOR_BULLETS.search(head):
        return True
    inner = head.rstrip().rstrip(":")
    if top_level_index(inner, ":") >= 0 or top_level_index(inner, ";") >= 0:
        return False  # the bullets belong to this effect (its choices or its condition)
    if _GRANTS_BULLETS.search(head):
        return True
    if _GRANTS_OTHERS.search(head):
        return False
    return not re.search(r"\b(?:1|one|2|two|any) of (?:these|the following)\b|\bthe following\b|"
                         r"\bapply (?:these|the following|1 of)\b|\bin sequence\b", head, re.IGNORECASE)


def _add_bulleted_effects(effects: list[dict], head: str, bullets: list[str], fields: dict, section: str) -> None:
    """The sentence before the bullets, then every bullet as an effect of its own."""
    head_text = head.rstrip()
    if head_text.endswith(":"):
        head_text = head_text[:-1].rstrip() + "."
    _add_sentence(effects, head_text, fields, section)
    first = len(effects)
    for bullet in bullets:
        for sentence in split_sentences(_BULLET_LEVEL.sub("", bullet)):
            _add_sentence(effects, sentence, fields, section)
    if _ONCE_FOR_BULLETS.search(head) and re.search(r"\bonce per turn\b", head):
        for effect in effects[first:]:
            if effect["kind"] not in ("rule", "continuous"):
                effect["once_per_turn"] = "hard"


def _add_sentence(effects: list[dict], sentence: str, fields: dict, section: str) -> None:
    sentence = sentence.strip()
    if not sentence:
        return
    lines = sentence.split("\n")
    head, bullets = re.sub(r"^[●•]\s*", "", lines[0]), [re.sub(r"^[●•]\s*", "", b).strip() for b in lines[1:]]
    if bullets and _bullets_are_effects(head):
        _add_bulleted_effects(effects, head, bullets, fields, section)
        return
    # "This is a Quick Effect if <state>": the effect before it is a Quick Effect while the state holds
    quick_if = re.match(r"^(?:This|That) (?:is|effect is|becomes) a Quick Effect if (.*?)\.?$", head) or \
        re.match(r"^(?:This|That) effect (?:can|may) (?:also )?be activated (during (?:either player's|your opponent's) "
                 r"turn)\.?$", head)
    if quick_if and effects and effects[-1]["kind"] in ("ignition", "quick"):
        effect = effects[-1]
        effect["kind"] = "quick"
        effect["spell_speed"] = rules.spell_speed(fields["card_type"], fields["property"], "quick",
                                                  section="pendulum" if section == "pendulum" else "card")
        effect["condition"] = effect["condition"] or parse_condition("")
        effect["condition"]["state"].append(quick_if.group(1))
        effect["text"] += " " + head
        return
    # once-per-turn clauses qualify the effects before them
    if _OPT_HARD.search(head) or _OPT_CARD.search(head):
        kind = "card" if _OPT_CARD.search(head) else "hard"
        scope_all = bool(re.search(r"\beach\b|\b1\b|\bone\b|\beffects\b", head))
        for effect in reversed(effects):
            if effect["kind"] in ("rule", "continuous") and not scope_all:
                continue
            if kind == "card" and effect["kind"] == "activation" or kind == "hard":
                effect["once_per_turn"] = kind
            if not scope_all:
                break
    found = _RULE_SET.first(head)  # the first of _RULE_RE that searches head
    rule_kind = _RULE_RE[found][1] if found >= 0 else None
    spell_trap = fields["card_type"] in ("Spell", "Trap") and section == "card"
    one_shot = spell_trap and fields["property"] in ("Normal", "Quick-Play", "Ritual", "Counter")
    has_activation = any(e["kind"] == "activation" for e in effects)
    colon = top_level_index(head, ":")
    semicolon = top_level_index(head, ";")
    if rule_kind and not (colon >= 0 and rule_kind not in ("once_rule", "note", "name_rule")):
        if rule_kind in ("once_rule", "note", "name_rule", "activation_restriction") and effects:
            # attach to the card: a rule record keeps the text visible
            pass
        effect = new_effect(sentence, section)
        effect.update(kind="rule", subkind=rule_kind)
        if rule_kind == "activation_restriction":
            effect["categories"] = ["restrict"]
        effects.append(effect)
        return
    if spell_trap and fields["property"] in ("Continuous", "Field", "Equip") and re.match(
            r"^(?:Activate this card|You can activate this card|When this card is activated|"
            r"Activate only|This card can only be activated|You can only activate this card)", head):
        effect = parse_effect(head, bullets, fields, section, activation=True)
        effects.insert(0, effect) if not has_activation else effects.append(effect)
        return
    if spell_trap and has_activation and re.match(r"^(?:When|If) (?:you activate )?this card(?: is activated)?:", head):
        _extend(next(e for e in effects if e["kind"] == "activation"), head.split(":", 1)[1].strip(), bullets)
        return
    if one_shot and not has_activation:
        effects.append(parse_effect(head, bullets, fields, section, activation=True))
        return
    if one_shot and colon < 0 and semicolon < 0 and not re.match(r"^(?:You can|Once per|If|When|During)\b", head):
        # continuation of the activation ("It cannot attack this turn.")
        _extend(effects[-1], head, bullets)
        return
    if spell_trap and fields["property"] in ("Normal", "Counter") and fields["card_type"] == "Trap" and \
            not has_activation:
        effects.append(parse_effect(head, bullets, fields, section, activation=True))
        return
    if colon < 0 and semicolon < 0 and effects and effects[-1]["kind"] in ("ignition", "trigger", "quick",
                                                                            "flip", "activation") and \
            re.match(r"^(?:It|They|That|Those|Its|Their|This card cannot attack|For the rest of|Until|Also|"
                     r"Then|After that|Each of|The|Both|These|Otherwise|Any)\b", head) and \
            not re.match(r"^(?:The equipped|Each time|The first time|Any monster|The monsters?)\b", head):
        _extend(effects[-1], head, bullets)
        return
    effects.append(parse_effect(head, bullets, fields, section, activation=False))


def _extend(effect: dict, head: str, bullets: list[str]) -> None:
    effect["text"] = (effect["text"] + " " + head + ("\n" + "\n".join("● " + b for b in bullets) if bullets
                                                     else "")).strip()
    if effect["kind"] == "activation" and effect["condition"] is None:
        # older text of the shape "<cost>. Negate the activation of <a kind of card> that <does X>": the condition the
        # older wording implies, in the sentence after the cost
        effect["condition"] = implied_response_condition(fold_quotes(head))
        if effect["condition"]:
            effect["when_if"] = effect["condition"]["when_if"]
    cats, sources = categories_of(head + " " + " ".join(bullets))
    for cat in cats:
        if cat not in effect["categories"]:
            effect["categories"].append(cat)
    for key, zones in sources.items():
        effect["sources"].setdefault(key, [])
        effect["sources"][key].extend(z for z in zones if z not in effect["sources"][key])


def profile_complete(effects: list[dict]) -> bool:
    """True when no part of any effect was left unparsed."""
    return all(not effect["unknown"] for effect in effects)
