"""Activation conditions: the text before ``:`` read into events, state, turn, phases and Damage Step timing."""

from __future__ import annotations

import re

from .categories import WEAK_CATEGORIES, categories_of
from .objects import would_object
from .targets import target_kinds

__all__ = ["parse_condition", "PHASES"]

PHASES = {"draw phase": "draw", "standby phase": "standby", "main phase 1": "main1", "main phase 2": "main2",
           "main phase": "main", "battle phase": "battle", "end phase": "end", "damage step": "damage",
           "damage calculation": "calc", "battle step": "battle_step", "start step": "start_step",
           "end step": "end_step"}
_PHASE_RE = r"(Draw Phase|Standby Phase|Main Phase(?: [12])?|Battle Phase|End Phase|Damage Step|" \
            r"damage calculation|Battle Step|Start Step|End Step)"
# "except during the Draw Phase" / "(except the End Phase)": the phases an effect cannot be activated in
_EXCEPT_PHASE_RE = re.compile(r",?\s*\(?except (?:during )?(?:the )?(Draw Phase|Standby Phase|Main Phase(?: [12])?|"
                              r"Battle Phase|End Phase)\)?", re.IGNORECASE)
_WHOSE = {"your": "own", "your opponent's": "opponent", "each of your": "own", "each of your opponent's": "opponent", "the": "either", "either player's": "either", "either": "either",
          "each": "either", "each player's": "either", "this": "either", "that": "either", "the next": "either",
          "your next": "own", "your opponent's next": "opponent", "any": "either"}

# damage step timing named by an activation condition
_DS_TIMINGS = [
    (r"at the start of the Damage Step|without applying damage calculation", "start"),
    (r"before damage calculation", "before_calc"),
    (r"during damage calculation|during (?:the )?damage calculation|\bat damage calculation", "calc"),
    (r"after damage calculation", "after_calc"),
    (r"at the end of the Damage Step", "end"),
    (r"during the Damage Step", "damage_step"),
]

_ACT_WHAT = [
    # phrase -> (activation kind, card types, properties)
    (r"cards? or effects?|cards?/effects?", ("any", None, None)),
    (r"Spell/Trap Cards? or effects?|Spell/Trap cards? or effects?", ("any", ["Spell", "Trap"], None)),
    (r"Spell Cards? or effects?|Spells? or effects?", ("any", ["Spell"], None)),
    (r"Trap Cards? or effects?|Traps? or effects?", ("any", ["Trap"], None)),
    (r"(?:monster effects?|monster's effects?|effects? of a monster|Effect Monster's effects?|"
     r"monster(?:'s)? effects?)", ("effect", ["Monster"], None)),
    (r"Spell/Trap Cards?|Spell/Trap cards?|Spells?/Traps?|Spell or Trap Cards?", ("card", ["Spell", "Trap"], None)),
    (r"Spell/Trap effects?|Spell/Trap Card effects?", ("effect", ["Spell", "Trap"], None)),
    (r"Normal Spell Cards?|Normal Spells?", ("card", ["Spell"], ["Normal"])),
    (r"Quick-Play Spell Cards?|Quick-Play Spells?", ("card", ["Spell"], ["Quick-Play"])),
    (r"Equip Spell Cards?|Equip Spells?", ("card", ["Spell"], ["Equip"])),
    (r"Field Spell Cards?|Field Spells?", ("card", ["Spell"], ["Field"])),
    (r"Continuous Spell Cards?|Continuous Spells?", ("card", ["Spell"], ["Continuous"])),
    (r"Ritual Spell Cards?|Ritual Spells?", ("card", ["Spell"], ["Ritual"])),
    (r"Normal Trap Cards?|Normal Traps?", ("card", ["Trap"], ["Normal"])),
    (r"Continuous Trap Cards?|Continuous Traps?", ("card", ["Trap"], ["Continuous"])),
    (r"Counter Trap Cards?|Counter Traps?", ("card", ["Trap"], ["Counter"])),
    (r"Spell Cards?|Spells?", ("card", ["Spell"], None)),
    (r"Trap Cards?|Traps?", ("card", ["Trap"], None)),
    (r"Spell effects?|Spell Card effects?", ("effect", ["Spell"], None)),
    (r"Trap effects?|Trap Card effects?", ("effect", ["Trap"], None)),
    # "an effect is activated" / "activates a card effect": a Spell/Trap Card's activation is its effect's
    # activation too (RULES effect_wording_includes_card); only "a card already face-up on the field activates
    # its effect" (the ``own`` reading below) leaves a card's activation out
    (r"effects?|card effects?|card's effects?", ("any", None, None)),
    (r"cards?", ("card", None, None)),
]
_ACT_WHAT_RE = [(re.compile(r"^(?:a|an|any|another|the|1|one|their|your)?\s*(?:face-up |Set )?(?:" + pattern + r")$",
                            re.IGNORECASE), value) for pattern, value in _ACT_WHAT]

_EFFECT_WORDING = re.compile(r"^(?:a|an|any|another|the|1|one|their|your)?\s*(?:face-up |Set )?"
                             r"(?:effects?|card effects?|card's effects?)$", re.IGNORECASE)

_PLAYER_WORDS = {"your opponent": "opponent", "you": "you", "a player": "any", "either player": "any",
                 "a player's": "any", "your opponent's": "opponent", "your": "you", "an opponent's": "opponent",
                 "either": "any", "their": "opponent", "they": "opponent"}

_SUMMON_METHODS = r"(Normal|Flip|Special|Tribute|Fusion|Synchro|Xyz|Link|Ritual|Pendulum)"

# event verbs of a card ("this card is sent to the GY") -> event name
_CARD_EVENTS = [
    (r"(?:Normal or Special|Normal or Flip|Normal|Tribute|Flip|Special|Fusion|Synchro|Xyz|Link|Ritual|Pendulum)"
     r"(?: or (?:Special|Flip|Normal))? Summoned", "summoned"),
    (r"Summoned", "summoned"),
    (r"destroyed by (?:a )?battle or (?:by )?(?:an? |your )?(?:opponent's )?(?:card )?effect|destroyed by (?:an? )?"
     r"card effect or (?:by )?battle", "destroyed"),  # either way: any destruction by battle or by an effect
    (r"destroyed by battle and sent to (?:the|your|their) (?:GY|Graveyard)", "destroyed_by_battle"),
    (r"destroyed by (?:a )?battle", "destroyed_by_battle"),
    (r"destroyed (?:by (?:an? |your )?(?:opponent's )?card effect|and sent)", "destroyed"),
    (r"destroyed", "destroyed"),
    (r"sent (?:from [^,:]*? )?to (?:the|your|their|its owner's) (?:GY|Graveyard)", "sent_to_gy"),
    (r"banished", "banished"),
    (r"added (?:from [^,:]*? )?to (?:your|the|their) hand", "added_to_hand"),
    (r"returned to (?:the|your|their|its owner's) (?:hand|Deck|Extra Deck)", "returned"),
    (r"(?:shuffled|returned) into (?:the|your) (?:Deck|Extra Deck)", "returned"),
    (r"discarded", "discarded"),
    (r"Tributed", "tributed"),
    (r"flipped face-up|flipped face-down|flipped", "flipped"),
    (r"detached", "detached"),
    (r"attached", "attached"),
    (r"equipped", "equipped"),
    (r"targeted", "targeted"),
    (r"(?:attacked|targeted for an attack|selected as an attack target)", "attacked"),
    (r"changed (?:from [^,:]*? )?to (?:face-up |face-down )?(?:Attack|Defense)", "position_changed"),
    (r"used as (?:(?:a |an )?[A-Za-z ]*?)?(?:material|Material)", "used_as_material"),
    (r"(?:drawn|revealed|excavated|placed|removed|moved|shuffled|negated|Set|chosen|declared|"
     r"equipped|activated|resolved|released|selected|flipped|changed|sent|returned|added|"
     r"(?:in|on) [^,]*? (?:GY|field|hand|Zone|Deck))", "other"),
]
_CARD_EVENTS_RE = [(re.compile(pattern), event) for pattern, event in _CARD_EVENTS]

# an action done by a player or card ("your opponent Special Summons", "this card declares an attack")
_ACTOR_EVENTS = [
    (r"(?:declares? an attack|declares? a direct attack|attacks? directly|attacks?)", "attack_declared"),
    (r"(?:Normal or Special |Normal |Special |Tribute |Flip |Fusion |Synchro |Xyz |Link |Ritual |Pendulum )?"
     r"Summons?", "summon"),
    (r"destroys? (?:a |an |that |your |the |)(?:opponent's )?(?:monsters?|cards?) [^:]*?by battle|"
     r"destroys? [^:]*? by battle", "destroys_by_battle"),
    (r"inflicts? (?:battle )?damage|inflicts? [^:]*?damage", "inflicts_damage"),
    (r"(?:takes?|take) (?:battle |effect )?damage|(?:would )?take damage|takes? [^:]*damage", "takes_damage"),
    (r"battles?|is battling", "battles"),
    (r"draws?", "draws"),
    (r"(?:adds?|add) [^:]*? to (?:your|their|the) hand", "adds_to_hand"),
    (r"(?:gains?|gain) (?:LP|Life Points)|(?:pays?|pay) LP|LP (?:changes|become)", "lp_change"),
    (r"leaves? the field", "leaves_field"),
    (r"(?:is|are) (?:Normal |Special )?Summoned", "summoned"),
    (r"discards?", "discards"),
    (r"(?:sends?|send) [^:]*? to the (?:GY|Graveyard)", "sends_to_gy"),
    (r"banishes?", "banishes"),
    (r"Sets?", "sets"),
    (r"(?:shuffles?|returns?) [^:]*?(?:Deck|hand)", "returns"),
    (r"(?:Tributes?|detaches?|reveals?|excavates?|places?|targets?|resolves?|chains?|flips?|changes?|"
     r"equips?|uses?|moves?|controls? no|conducts?|declares?|selects?|negates?|would [a-z]+)", "other"),
]
_ACTOR_EVENTS_RE = [(re.compile(r"\b" + pattern, re.IGNORECASE if event in ("other", "inflicts_damage", "takes_damage")
                               else 0), event)
                    for pattern, event in _ACTOR_EVENTS]

# requirements about the state of the game ("if you control no monsters")
_STATE_RE = re.compile(
    r"\b(?:controls?|control|is in|are in|has|have|is face-up|are face-up|is face-down|there (?:is|are)|"
    r"your LP|their LP|LP (?:is|are)|is (?:on|in) the field|was (?:Summoned|Special Summoned|Normal Summoned|"
    r"Tribute Summoned|Synchro Summoned|Xyz Summoned|Fusion Summoned|Link Summoned|Ritual Summoned|"
    r"Pendulum Summoned|sent|destroyed|banished|activated|used|added|discarded)|is equipped|has been|"
    r"have been|is (?:a|an|not|in)|are (?:all|only)|it is|this card has|is linked|points? to|owns?|"
    r"is your|equals?|is (?:Level|Rank)|has (?:a|an|no|\d+)|exactly|is the only|was|were|did not|"
    r"does not|do not|cannot|would|is (?:attacking|battling|being attacked)|is destroyed|"
    r"is the (?:turn|only)|you have|your opponent has|this turn|it has|has an?|"
    r"is (?:DARK|LIGHT|EARTH|WATER|FIRE|WIND)|has \d+|are \d+|is \d+|hold|"
    r"(?:is|are) (?:still |currently )?(?:on|in|face-up|face-down|equipped))\b", re.IGNORECASE)


_ACT_ZONES = re.compile(r"^(?:in|from) (?:their|your|the|your opponent's) (?:hand|GY|Graveyard|field)"
                       r"(?:(?:,| or| and| and/or) (?:their |your |the )?(?:hand|GY|Graveyard|field))*$")


def _parse_activation_what(phrase: str) -> list[dict] | None:
    """"a Spell/Trap Card, or monster effect" -> list of activation alternatives, or None."""
    phrase = phrase.strip().strip(",")
    alternatives = []
    parts = re.split(r",\s*(?:or\s+)?|\s+or\s+(?=(?:a|an|any|another)?\s*(?:Spell|Trap|monster|card|effect|"
                     r"Normal|Quick|Counter|Continuous|Equip|Field|Ritual))", phrase)
    for part in parts:
        part = part.strip()
        if not part:
            continue
        for regex, (kind, types, props) in _ACT_WHAT_RE:
            if regex.match(part):
                alternatives.append({"activation": kind, "card_types": types, "properties": props})
                if kind == "any" and _EFFECT_WORDING.match(part):
                    alternatives[-1]["effect_wording"] = True  # said "effect", met by a card's activation too
                break
        else:
            return None
    if any(alt["activation"] == "card" and not alt["card_types"] for alt in alternatives):
        for alt in alternatives:  # "a card or effect": the card's activation is said outright
            alt.pop("effect_wording", None)
    return alternatives or None


def _bullet_categories(bullets: list[str]) -> list[str]:
    cats: list[str] = []
    for bullet in bullets:
        found, sources = categories_of(bullet)
        for cat in found:
            if cat in {"special_summon", "add_to_hand", "send_to_gy", "banish"}:
                for zone in sources.get(cat, []):
                    name = f"{cat}:{zone}"
                    if name not in cats:
                        cats.append(name)
                if not sources.get(cat) and cat not in cats:
                    cats.append(cat)
            elif cat not in cats and cat not in WEAK_CATEGORIES:
                cats.append(cat)
        if "search" in found and "add_to_hand:deck" not in cats:
            cats.append("add_to_hand:deck")
    return cats



# what an activation would act on, beyond the act itself: a kind of card or a number of them
_WHAT_IT_WOULD = re.compile(r"\b(?:spells?|traps?|spell/traps?|monsters?|(?:\d+|two|three) or more)\b", re.I)
_WHAT_IT_WOULD_SUMMON = re.compile(r"\b(?:spells?|traps?|spell/traps?|(?:\d+|two|three) or more)\b", re.I)

def _parse_activation_event(clause: str, bullets: list[str]) -> dict | None:
    """An event pattern for "a card or effect is activated ..." / "your opponent activates ...", or None."""
    clause = clause.strip()
    player = "any"
    own = re.match(r"^(?:a|an|the|1)\s+(?:(your opponent's|your)\s+)?(monster|Spell/Trap|Spell|Trap)(?: Cards?)?"
                   r"(?:\s+[^,]*?)?\s+activates\s+(?:its|their)\s+effects?$", clause)
    if own:
        types = {"monster": ["Monster"], "Spell/Trap": ["Spell", "Trap"], "Spell": ["Spell"], "Trap": ["Trap"]}
        where = ["field"] if re.search(r"\bon the field\b|\bface-up\b|\byou control\b|\byour opponent controls\b",
                                       clause) else None
        return {"type": "activation", "player": _PLAYER_WORDS[own.group(1).lower()] if own.group(1) else "any",
                "alternatives": [{"activation": "effect", "card_types": types[own.group(2)], "properties": None,
                                  "locations": where}],
                "includes": [], "would": [], "targets": None, "unparsed": []}
    match = re.match(r"^(your opponent|you|a player|either player)\s+activates?\s+(.*)$", clause, re.IGNORECASE)
    if match:
        player = _PLAYER_WORDS[match.group(1).lower()]
        rest = match.group(2)
        rel_match = re.search(r"\s+(that|which|in response|in|from|during|while|on|to|targeting|with)\b", rest)
        what = rest[:rel_match.start()] if rel_match else rest
        relative = rest[rel_match.start():].strip() if rel_match else ""
    else:
        match = re.match(r"^(.*?)\s+(?:is|are)\s+activated\b(.*)$", clause)
        if not match:
            return None
        what, relative = match.group(1), match.group(2).strip().lstrip(",").strip()
        owner = re.match(r"^(?:(your opponent's|an opponent's|your|a player's|their)\s+)(.*)$", what,
                         re.IGNORECASE)
        if owner:
            player = _PLAYER_WORDS[owner.group(1).lower()]
            what = owner.group(2)
        what = re.sub(r"\s+that\s+.*$", "", what)
        inner = re.search(r"\s+(that|which)\s+(.*)$", match.group(1))
        if inner:
            relative = (inner.group(0).strip() + " " + relative).strip()
    alternatives = _parse_activation_what(what)
    if alternatives is None:
        return None
    pattern = {"type": "activation", "player": player, "alternatives": alternatives,
               "includes": [], "would": [], "targets": None, "unparsed": []}
    if relative:
        rel = relative.strip().strip(",").strip()
        rel = re.sub(r"^(?:that|which)\s+", "", rel)
        if re.match(r"^includes? any of these effects", rel):
            pattern["includes"] = _bullet_categories(bullets)
            if not pattern["includes"]:
                pattern["unparsed"].append(rel)
        elif re.match(r"^(?:includes?|would)\b|^(?:destroys|banishes|inflicts) ", rel):
            verb = "includes" if rel.startswith("include") else "would"
            body = re.sub(r"^(?:includes?|would)\s+(?:an effect that\s+|the effect (?:to|that)\s+|an effect to\s+)?",
                          "", rel)
            found = _bullet_categories([body])
            if found:
                pattern[verb] = found
                summons = any("summon" in category for category in found)  # Summoning "a monster" says no more
                if (_WHAT_IT_WOULD_SUMMON if summons else _WHAT_IT_WOULD).search(body) and "target" not in body:
                    # "would destroy a Spell/Trap Card(s) on the field": what it would act on, matched against
                    # the chain link's objects (.objects); a clause not read stays unparsed (answer unknown)
                    obj = would_object(body)
                    if obj is not None and verb == "would":
                        pattern["objects"] = [obj]
                    else:
                        pattern["unparsed"].append(rel)
                elif verb == "would" and "target" not in body:
                    obj = would_object(body)  # "would inflict damage to you": to whom, matched too
                    if obj is not None and obj["act"] == "damage":
                        pattern["objects"] = [obj]
                if "target" in body:
                    pattern["targets"] = body
                    pattern["target_kinds"] = target_kinds(body)
            else:
                obj = would_object(body) if verb == "would" else None  # "would inflict effect damage to you"
                if obj is not None and obj["act"] == "damage":
                    pattern[verb] = ["damage"]
                    pattern["objects"] = [obj]
                else:
                    pattern["unparsed"].append(rel)
        elif re.match(r"^targets?\b|^would target\b", rel):
            pattern["targets"] = rel
            pattern["target_kinds"] = target_kinds(rel)
        elif re.match(_ACT_ZONES, rel):
            # "in their hand or GY": where the activated effect is
            zones = sorted({{"GY": "gy", "Graveyard": "gy"}.get(z, z.lower()) for z in
                            re.findall(r"hand|GY|Graveyard|field", rel)})
            for alt in pattern["alternatives"]:
                alt["locations"] = zones
                if alt.get("effect_wording") and "field" not in zones:
                    alt["activation"] = "effect"  # a card effect in the GY/hand: no card is activated there
                    del alt["effect_wording"]
            if pattern["player"] == "any" and re.search(r"\b(?:your opponent's|their)\b", rel):
                pattern["player"] = "opponent"  # "in your opponent's GY": the opponent's card
        elif re.match(r"^(?:in response|while|during|on the field|in (?:your|the)|from|with|by)\b", rel):
            pattern["context"] = rel
        else:
            pattern["unparsed"].append(rel)
    return pattern


def _parse_summon_event(clause: str) -> dict | None:
    """"a monster(s) would be Summoned" / "your opponent Special Summons a monster(s)" and the like."""
    text = clause.strip()
    would = bool(re.search(r"\bwould\b", text))
    subject_this = bool(re.match(r"^this card\b", text, re.IGNORECASE))
    methods = sorted({m.lower() for m in re.findall(_SUMMON_METHODS + r"(?= |/| or)", text)} |
                     {m.lower() for m in re.findall(_SUMMON_METHODS + r" Summon", text)})
    if not re.search(r"Summon", text):
        return None
    player = "any"
    owner = re.match(r"^(your opponent|you|a player|either player)\b", text, re.IGNORECASE)
    if owner:
        player = _PLAYER_WORDS[owner.group(1).lower()]
    elif re.search(r"\b(?:your opponent's|an opponent's)\b", text):
        player = "opponent"
    return {"type": "summon", "stage": "would" if would else "done", "methods": methods or ["any"],
            "player": player, "subject": "this_card" if subject_this else "monster"}


def _parse_event_clause(clause: str, bullets: list[str]) -> dict | None:
    """One "when/if ..." clause -> an event pattern (or None when it is not an event)."""
    clause = clause.strip().strip(",").strip()
    if not clause:
        return None
    if re.search(r"(?<!\bto )\bactivates?\b|\bis activated\b|\bare activated\b", clause):
        return _parse_activation_event(clause, bullets)  # not "sent to the GY to activate ...": a cost
    subject = "this_card" if re.match(r"^(?:this (?:face-up |Set |face-down )?card|this (?:monster|Synchro|"
                                      r"Xyz|Link|Fusion|Ritual)[\w ]*?)\b", clause, re.IGNORECASE) else "other"
    if re.search(r"\bwould be (?:Normal |Flip |Special |Tribute )?Summoned\b|\bwould (?:Normal |Special |Flip )?"
                 r"Summon\b", clause):
        return _parse_summon_event(clause)
    if re.search(r"\b(?:declares? an attack|declares? a direct attack|attacks|attacks directly|is attacked)\b",
                 clause):
        attacker = "this_card" if subject == "this_card" else "monster"
        player = "any"
        if re.search(r"\b(?:your opponent's|an opponent's|opponent's)\b", clause):
            player = "opponent"
        elif re.search(r"\byour\b|\byou control\b", clause):
            player = "you"
        direct = bool(re.search(r"direct", clause))
        return {"type": "attack_declared" if "declare" in clause else "battling",
                "subject": attacker, "player": player, "direct": direct,
                "raw": clause} if "is attacked" not in clause else \
            {"type": "attacked", "subject": subject, "player": player, "raw": clause}
    # "if your opponent Special Summoned 5 or more monsters this turn": a record of the turn, not an event
    if re.search(r"\bthis turn\b", clause) and not re.search(r"\bwould\b", clause):
        return None
    # "this card is <event>" / "a monster(s) is <event>"
    be = re.match(r"^(.*?)\s+(?:is|are|is being|are being|gets)\s+(.*)$", clause)
    if be:
        rest = be.group(2)
        if re.match(r"(?:in|on|face-up|face-down|currently|still)\b", rest):
            return None  # "this card is in your GY": where a card is, a state
        for regex, event in _CARD_EVENTS_RE:
            if regex.match(rest):
                if event == "summoned":
                    pattern = _parse_summon_event(clause)
                    if pattern:
                        return pattern
                pattern = {"type": "card_event", "event": event, "subject": subject, "raw": clause}
                pattern.update(_card_event_details(rest))
                return pattern
    for regex, event in _ACTOR_EVENTS_RE:
        if regex.search(clause):
            if event == "summon":
                pattern = _parse_summon_event(clause)
                if pattern:
                    return pattern
            if event == "other" and _STATE_RE.search(clause):
                return None
            return {"type": "actor_event", "event": event, "subject": subject, "raw": clause}
    return None


def _card_event_details(rest: str) -> dict:
    """How a card moved: ``by`` (battle/effect/opponent...), ``from``, and "destroyed ... and sent"."""
    details: dict = {}
    by = []
    if re.search(r"by battle", rest):
        by.append("battle")
    if re.search(r"by (?:a |an |your |the )?(?:opponent's |your opponent's )?card effect|by an effect|"
                 r"by (?:a |an )?(?:Spell|Trap|monster)|by battle or (?:by )?(?:an? |your )?(?:opponent's )?(?:card )?effect",
                 rest):
        by.append("effect")
    if re.search(r"opponent's", rest):
        by.append("opponent")
    if re.search(r"as (?:a )?cost|to activate", rest):
        by.append("cost")
    if re.search(r"as (?:a |an )?(?:[A-Za-z ]*?)?(?:material|Material)", rest):
        by.append("material")
    if re.search(r"except by battle", rest):
        by = ["not_battle"]
    if by:
        details["by"] = by
    origin = re.search(r"from (?:the |your |their )?(field|hand|Deck|Main Deck|Extra Deck|Monster Zone|"
                       r"Pendulum Zone|Spell & Trap Zone|GY)", rest)
    if origin:
        details["from"] = {"Monster Zone": "field", "Pendulum Zone": "field", "Spell & Trap Zone": "field",
                           "Main Deck": "deck", "Extra Deck": "extra", "GY": "gy"}.get(
            origin.group(1), origin.group(1).lower())
    if re.search(r"and sent to", rest):
        details["and_sent_to_gy"] = True
    return details


def parse_condition(text: str, bullets: list[str] | None = None) -> dict:
    """Read the activation condition (the text before ``:``) into a structured dict.

    :returns: ``{"raw", "events", "state", "turn", "phases", "damage_step", "except_damage_step", "except_phases",
        "once", "quick_words", "unparsed"}``.
    """
    bullets = bullets or []
    raw = text.strip()
    cond = {"raw": raw, "events": [], "state": [], "turn": None, "phases": [], "damage_step": [],
            "except_damage_step": False, "except_phases": [], "once": None, "unparsed": [], "when_if": None}
    work = raw
    if re.search(r"\(except during the Damage Step\)|except during the Damage Step", work, re.IGNORECASE):
        cond["except_damage_step"] = True
        work = re.sub(r"\s*\(?except during the Damage Step\)?", "", work, flags=re.IGNORECASE)
    for match in list(_EXCEPT_PHASE_RE.finditer(work)):
        cond["except_phases"].append(PHASES[match.group(1).lower()])
    work = _EXCEPT_PHASE_RE.sub("", work)
    for pattern, timing in _DS_TIMINGS:
        if re.search(pattern, work, re.IGNORECASE):
            cond["damage_step"].append(timing)
    once = re.search(r"\b(?:Once|Up to twice|Twice) per (turn|Chain|Duel|(?:your )?opponent's turn)\b,?", work,
                     re.IGNORECASE)
    if once:
        cond["once"] = "turn" if "opponent" in once.group(1) else once.group(1).lower()
        if "opponent" in once.group(1):
            cond["turn"] = "opponent"  # "Once per opponent's turn": only in the opponent's turn
        work = work[:once.start()] + work[once.end():]
    work = re.sub(r"\((?:from (?:your|the) [^)]*|in (?:your|the) [^)]*|Quick Effect|"
                  r"this is a Quick Effect[^)]*)\)", "", work).strip().strip(",").strip()
    # clauses: "During X, when/if Y" ; "When A, OR when B" ; "If A, and B"
    pieces = re.split(r",?\s+OR\s+|(?:,\s*|\s+)(?=(?:when|if|When|If|while|While)\b)|,\s+(?=(?:during|During|at|"
                      r"At)\b)", work)
    connector = None
    for piece in pieces:
        piece = re.sub(r",?\s+(?:or|and)$", "", piece.strip()).strip().strip(",").strip()
        if not piece:
            continue
        lower = piece.lower()
        head = re.match(r"^(when|if|while|during|at|before|after|each time|unless|once)\b\s*", lower)
        word = head.group(1) if head else None
        if word in ("when", "if", "each time"):
            connector = word
            if cond["when_if"] is None and word in ("when", "if"):
                cond["when_if"] = word
        body = piece[head.end():] if head else piece
        if word in ("during", "at", "before", "after") or (word is None and re.match(r"^(?:during|at)\b", lower)):
            if _parse_phase_clause(piece, cond):
                continue
            cond["unparsed"].append(piece)
            continue
        if word == "while":
            cond["state"].append(piece)
            continue
        if word is None and connector is None:
            # no when/if: "You can" only conditions, or a state clause
            if _STATE_RE.search(piece) or re.search(r"\b(?:your|you|this card|monsters?)\b", piece):
                cond["state"].append(piece)
            else:
                cond["unparsed"].append(piece)
            continue
        event = _parse_event_clause(body, bullets)
        if event is not None and event.get("context", "").startswith("during"):
            # "When your opponent activates a Trap Card during the Battle Phase"
            if not _parse_phase_clause(event["context"], cond):
                event.setdefault("unparsed", []).append(event["context"])
        if event is not None:
            event["when_if"] = connector
            cond["events"].append(event)
            for part in event.get("unparsed", []):
                cond["unparsed"].append(part)
        elif _STATE_RE.search(body) or word == "unless":
            cond["state"].append(piece)
        else:
            cond["unparsed"].append(piece)
    return cond


def _parse_phase_clause(piece: str, cond: dict) -> bool:
    """"During your opponent's Main Phase" / "At the start of the Damage Step" -> restrictions on cond."""
    match = re.match(r"^(?:during|at the (?:start|end|beginning) of|before|after|during the end of|"
                     r"at(?=\s+damage calculation))\s+"
                     r"(?:the\s+)?(each of your opponent's|each of your|your opponent's|your|the|either player's|either|"
                     r"each|each player's|this|that|any|"
                     r"the next|your next|your opponent's next)?\s*(?:turn's\s+)?(.*)$", piece, re.IGNORECASE)
    if not match:
        return False
    whose = (match.group(1) or "the").lower()
    rest = match.group(2).strip()
    if re.match(r"^(?:turn|turns)\b", rest, re.IGNORECASE) or re.match(r"^either player's turn", piece,
                                                                         re.IGNORECASE):
        cond["turn"] = _WHOSE.get(whose, "either")
        return True
    rest = re.sub(r"^(Main|Battle|Standby|Draw|End) or (?=(?:Main|Battle|Standby|Draw|End) Phase)", r"\1 Phase or ",
                  rest, flags=re.IGNORECASE)
    phase = re.match(_PHASE_RE, rest, re.IGNORECASE)
    if not phase:
        if re.match(r"^(?:damage calculation|the Damage Step)", rest, re.IGNORECASE):
            return True
        return False
    names = [PHASES[phase.group(1).lower()]]
    tail = rest[phase.end():]
    while True:
        more = re.match(r"^\s*(?:,|or|and|, or)\s+(?:the\s+)?" + _PHASE_RE, tail, re.IGNORECASE)
        if not more:
            break
        names.append(PHASES[more.group(1).lower()])
        tail = tail[more.end():]
    for name in names:
        if name not in ("damage", "calc"):
            cond["phases"].append(name)
    if _WHOSE.get(whose) in ("own", "opponent"):
        cond["turn"] = _WHOSE[whose]
    elif whose in ("either player's", "either"):
        cond["turn"] = "either"  # "during either player's Damage Step"
    return True
