"""Effect profiles: a card's English text read into structured effect records (PSCT-aware).

Problem-Solving Card Text puts the activation condition before ``:``, the cost (and the targeting) between
``:`` and ``;``, and the effect after ``;``.  :func:`parse_card` splits a card's text into effects and reads
each one into a plain dict:

``kind``
    ``activation`` (a Spell/Trap Card's activation), ``ignition``, ``trigger``, ``quick``, ``continuous``,
    ``flip``, ``rule`` (text that is not an effect: summoning conditions and procedures, name clauses) or
    ``unknown``.
``spell_speed``, ``optional``, ``when_if``
    Spell Speed (from :mod:`kb.engine.rules`), "You can" (optional) or not, and whether the condition
    reads "When" or "If".
``condition``
    ``events`` (structured event patterns: an activation, a summon, an attack, a card moving, a phase),
    ``state`` (requirements such as "if you control no monsters"), ``turn``/``phases``/``damage_step``
    restrictions, and ``unparsed`` clauses.
``locations``, ``cost``, ``targets``, ``once_per_turn``, ``categories``
    Where it activates from, the cost and its categories, whether it targets, the once-per-turn kind and
    what the effect does (``destroy``, ``special_summon``, ``negate_activation`` ...; ``sources`` says from
    where cards are summoned, added or banished).
``unknown``
    The parts the parser could not read; an effect is ``complete`` when this list is empty.

Everything is data: the tables below map phrasings to categories and events.  :func:`build_profiles` is
the build step that stores an :class:`kb.models.EffectProfile` row for every effect of every card.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text import fold_quotes
from . import rules

__all__ = [
    "CATEGORY_PATTERNS",
    "EFFECT_KINDS",
    "card_fields",
    "parse_card",
    "split_sentences",
    "parse_condition",
    "categories_of",
    "profile_complete",
    "target_kinds",
    "build_profiles",
    "load_profiles",
]

EFFECT_KINDS = ("activation", "ignition", "trigger", "quick", "continuous", "flip", "rule", "unknown")

# ----------------------------------------------------------------------------------------- categories
# (category, regex) on the effect (or cost) text.  Order does not matter: every match is reported.
_CARD = r"(?:cards?|monsters?|Spells?|Traps?|Spell/Traps?|Spell/Trap Cards?|Spell Cards?|Trap Cards?)"
CATEGORY_PATTERNS: list[tuple[str, str]] = [
    ("negate_activation", r"negate (?:the|that|its|their|this)(?: [\w/-]+){0,2} activations?|"
                          r"negate (?:the|that) (?:[\w/-]+ )?Summon or activation"),
    ("negate_summon", r"negate (?:the|that|its) (?:Normal |Special |Flip |Tribute )?Summons?\b"),
    ("negate_attack", r"negate (?:the|that|its) attack|negate an attack"),
    ("negate_effect", r"negate (?:that|the|its|their|those|this|all|these) (?:card'?s? )?effects?|"
                      r"negate the effects? of|its effects? (?:are|is) negated|effects? (?:are|is) negated|"
                      r"negate that effect|negate (?:the )?effects?|effects are negated"),
    ("draw", r"\bdraws? (?:\d+|a|one|two|three|cards?|that many|the same number|1 card|cards equal)|"
             r"\bdraw\b"),
    ("search", r"adds? (?:[^.;]*?)from (?:your|their|the|either player's|his) Deck to (?:your|their|the|his) hand|"
               r"adds? (?:[^.;]*?)from (?:your|the) Deck,? (?:or|and|and/or) [^.;]*? to (?:your|the) hand"),
    ("add_to_hand", r"\badds? (?:[^.;]*?)to (?:your|their|its owner's|the|his) hand|"
                    r"\breturn (?:[^.;]*?)(?:from|in) (?:your|the|their|either) (?:GY|Graveyard)[^.;]*? to "
                    r"(?:your|their|the) hand|adds? (?:it|them|that card) to (?:your|their|the) hand"),
    ("special_summon", r"Special Summons?\b|Special Summoned\b"),
    ("normal_summon", r"\bNormal Summon(?:/Set)? (?:1|it|that|this|a|one)|\bTribute Summon (?:1|it|that)|"
                      r"Normal Summon [^.;]*? in addition to"),
    ("fusion_summon", r"Fusion Summon"),
    ("synchro_summon", r"Synchro Summon"),
    ("xyz_summon", r"Xyz Summon"),
    ("link_summon", r"Link Summon"),
    ("ritual_summon", r"Ritual Summon"),
    ("pendulum_summon", r"Pendulum Summon"),
    ("send_to_gy", r"\bsends? (?:[^.;]*?)to (?:the|your|their|its owner's|the owner's) (?:GY|Graveyard)|"
                   r"sent to (?:the|your|their) (?:GY|Graveyard)"),
    ("destroy", r"\bdestroy|\bdestroyed\b"),
    ("banish", r"\bbanish|\bbanished\b"),
    ("return_to_hand", r"return (?:[^.;]*?)to (?:the|its|their|your) (?:owner's |owners' )?hands?|"
                       r"returned to the hand"),
    ("return_to_deck", r"(?:shuffle|return|place) (?:[^.;]*?)(?:into|on (?:the )?(?:top|bottom) of|to) "
                       r"(?:the|your|their|its owner's|his|their owners'|the owner's) (?:Main )?Deck|"
                       r"(?:shuffle|return) (?:[^.;]*?)(?:into|to) the Extra Deck|into the Deck"),
    ("atk_change", r"\b(?:gains?|loses?)\b[^.;]{0,40}\bATK\b|\bATK\b[^.;]{0,40}\b(?:becomes?|become|is halved|"
                   r"are halved|is doubled|increases?|decreases?|is reduced|changes?|to 0|becomes? equal to)|"
                   r"\b(?:halve|double|increase|decrease|reduce|change|set)\b[^.;]{0,40}\bATK\b|"
                   r"\bATK/DEF\b[^.;]{0,30}\b(?:become|becomes|are|gain|lose)"),
    ("def_change", r"\b(?:gains?|loses?)\b[^.;]{0,40}\bDEF\b|\bDEF\b[^.;]{0,40}\b(?:becomes?|become|is halved|"
                   r"are halved|is doubled|increases?|decreases?|is reduced|changes?|to 0|becomes? equal to)|"
                   r"\b(?:halve|double|increase|decrease|reduce|change|set)\b[^.;]{0,40}\bDEF\b"),
    ("stat_reference", r"\bATK\b|\bDEF\b"),
    ("change_position", r"change (?:[^.;]*?)(?:battle )?positions?|to (?:face-down |face-up )?(?:Defense|Attack) "
                        r"Position|face-down Defense Position|change it to|changed to (?:face-up|face-down)"),
    ("take_control", r"take control|gain control|control of (?:that|1|it)|switch control|give control"),
    ("damage", r"inflicts? (?:\d+|damage|piercing|battle|that|the same|twice|half)|"
               r"(?:takes?|take) (?:\d+ )?(?:damage|no damage)|damage to (?:your|their|each|the)|piercing"),
    ("lp_gain", r"gains? (?:\d+ )?(?:LP|Life Points)|\bgain LP|increase your Life Points|\bLP equal"),
    ("discard", r"\bdiscards?\b|\bdiscarded\b"),
    ("equip", r"\bequip|\bEquip\b"),
    ("token", r"\bTokens?\b"),
    ("tribute", r"\bTribute(?:s|d)?\b"),
    ("set_card", r"\bSet\b|\bSets\b"),
    ("place_card", r"\bplace (?:[^.;]*?)(?:face-up|face-down|in your|in their|on the field|on top|on the bottom|"
                   r"in (?:your|the) (?:Pendulum|Spell|Field))"),
    ("activate_card", r"\bactivate (?:1|it|that|a|one)|activated (?:directly )?from"),
    ("excavate", r"\bexcavate"),
    ("reveal", r"\breveal"),
    ("look", r"\blook at|\bcheck\b"),
    ("declare", r"\bdeclare"),
    ("coin", r"\bcoin"),
    ("dice", r"\bdie\b|\bdice\b"),
    ("counter", r"\bCounters?\b"),
    ("xyz_material", r"\bmaterials?\b|\bdetach|\battach"),
    ("level_change", r"\bLevels?\b|\bRank\b"),
    ("attribute_change", r"\bAttribute\b|becomes? (?:DARK|LIGHT|EARTH|WATER|FIRE|WIND)"),
    ("type_change", r"\bType\b|becomes? (?:a |an )?(?:Zombie|Dragon|Warrior|Machine|Fiend)"),
    ("name_change", r"\bname becomes|\btreated as [^.;]*?name|card name"),
    ("copy_effect", r"gains? (?:that|those|the) (?:monster's )?effects?|same effect|apply (?:that|its|the) effect|"
                    r"this effect becomes|copy|same as"),
    ("protect", r"cannot be (?:destroyed|targeted|banished|Tributed|returned|negated|used as|affected|sent)|"
                r"unaffected|would be destroyed|instead"),
    ("restrict", r"\bcannot\b|\bcan't\b|can only|\bmust\b|\bskip\b|neither player|you are unable"),
    ("attack_rule", r"\battacks?\b|\battacking\b|\battacked\b|direct attack|attack directly"),
    ("battle_rule", r"\bbattles?\b|\bbattling\b|damage calculation|Damage Step"),
    ("end_phase", r"\bend the (?:Battle Phase|turn|Main Phase)|\bskip the"),
    ("shuffle_hand", r"\bshuffles? (?:[^.;]*?)hand"),
    ("win", r"\bwin the Duel|\blose the Duel"),
    ("lp_pay", r"\bpays? (?:\d+|half|LP)|\bpay\b"),
    ("lp_loss", r"\blose (?:\d+ )?(?:LP|Life Points)|\bloses? LP|\bLP becomes|\bhalve (?:your|their|the) LP|"
                r"\blose LP"),
    ("move", r"\bmove (?:[^.;]*?)(?:to|into) (?:another|an|a|your|the|one of|any|that)"),
    ("change_scale", r"Pendulum Scale"),
    ("target_change", r"becomes? the (?:new )?target|change (?:the )?(?:attack )?target"),
    ("choose", r"\bchoose\b|\bselect\b|\bpick\b"),
    ("use_as", r"\buse (?:[^.;]*?)as\b|\bused as\b|can be used"),
    ("apply", r"\bapply\b|\bapplies\b|\bapplied\b"),
    ("treat_as", r"\btreated as\b|\balso treated as\b|\bis also\b|\bbecomes? (?:a|an)\b"),
    ("flip", r"\bflip\b|\bflipped\b|\bface-up\b"),
]
_CATEGORY_RE = [(name, re.compile(pattern, re.IGNORECASE if name not in {"set_card", "token", "equip"}
                                  else 0)) for name, pattern in CATEGORY_PATTERNS]
# categories that alone are too weak to count as "what the effect does"
_WEAK_CATEGORIES = {"choose", "apply", "flip", "stat_reference"}

_ZONES = [("hand", r"hands?"), ("deck", r"(?:Main )?Decks?"), ("gy", r"(?:GYs?|Graveyards?)"),
          ("extra", r"Extra Decks?"), ("banished", r"(?:banishment|banished)"),
          ("field", r"(?:field|Monster Zones?|Spell & Trap Zones?|Pendulum Zones?)")]
_SOURCE_VERBS = {
    "special_summon": r"Special Summons?",
    "add_to_hand": r"\badd",
    "send_to_gy": r"\bsends?",
    "banish": r"\bbanish",
    "destroy": r"\bdestroy",
    "return_to_deck": r"\b(?:shuffle|return)",
}


_ACTION_NOISE = re.compile(r"\b(?:[Ee]ach time|[Ee]very time|[Ww]henever|[Ii]f|[Ww]hen|[Ww]hile|[Uu]nless|[Aa]s long as|"
                           r"[Aa]fter)\b(?! you do\b)[^,;:.]*|\b(?:cannot|can't|can only|must)\b[^,;.]*|"
                           r"\bSpecial Summoned\b|\b(?:was|were|is|are) (?:destroyed|banished|sent|Summoned)\b")
# categories read on the whole text (they describe prohibitions, protections or battle rules)
_STATE_CATEGORIES = {"restrict", "protect", "attack_rule", "battle_rule", "stat_reference", "treat_as",
                     "apply", "choose", "use_as", "end_phase"}


def _zones_in(text: str) -> list[str]:
    """Locations named after "from"/"in" in one clause (Extra Deck before Deck)."""
    found = []
    for match in re.finditer(r"\b(?:from|in|on) (?:your|their|the|either player's|either|each player's|"
                             r"your opponent's|his|its owner's|a)? ?((?:[A-Z][\w&/ ]*?|field|hand|banishment)"
                             r"(?:(?:,| or| and| and/or)+ (?:your |their |the )?(?:[A-Z][\w& ]*?|field|hand|"
                             r"banishment))*)(?=[,.;)]| to| and| that| except| in| face| with| whose| but| or|$)",
                             text):
        phrase = match.group(1)
        for zone, pattern in (("extra", r"Extra Deck"), ("deck", r"(?<!Extra )\bDeck"),
                              ("gy", r"\b(?:GYs?|Graveyards?)\b"), ("hand", r"\bhands?\b"),
                              ("banished", r"\bbanish"), ("field", r"\bfield\b|Zone")):
            if re.search(pattern, phrase) and zone not in found:
                found.append(zone)
    if re.search(r"\bbanished (?:cards?|monsters?|Spells?|Traps?)\b|\bthat (?:are|is) banished\b|"
                 r"\bbanished (?:\"|[A-Z])", text) and "banished" not in found:
        found.append("banished")
    return found


def categories_of(text: str, context: str = "") -> tuple[list[str], dict[str, list[str]]]:
    """What a piece of effect text does: ``(categories, sources)``.

    ``sources`` maps ``special_summon``/``add_to_hand``/``send_to_gy``/``banish``/``destroy`` to the
    locations the cards come from (e.g. ``{"special_summon": ["gy"]}``).  ``context`` is the cost and
    targeting text, read only to tell where a targeted card that the effect summons comes from.
    """
    text = fold_quotes(text)
    scrubbed = re.sub(r'"[^"]*"', '"X"', text)  # card names must not trigger categories
    # what the effect does, without its embedded conditions ("each time your opponent Special Summons",
    # "if this card destroys ... by battle") and prohibitions ("you cannot Special Summon ...")
    actions = _ACTION_NOISE.sub(" ", scrubbed)
    cats = [name for name, regex in _CATEGORY_RE
            if regex.search(scrubbed if name in _STATE_CATEGORIES else actions)]
    if "search" in cats and "add_to_hand" not in cats:
        cats.append("add_to_hand")
    if "negate_summon" in cats and "special_summon" in cats and not re.search(
            r"(?<!negate the )(?<!negate that )Special Summon (?:1|it|that|this|them|up|a |any|as|monsters?|"
            r"from|in)", scrubbed):
        cats.remove("special_summon")
    sources: dict[str, list[str]] = {}
    clauses = re.split(r";|, then |\. |, and if you do,|, also,? |, and |\bthen\b", scrubbed)
    for category, verb in _SOURCE_VERBS.items():
        if category not in cats:
            continue
        zones: list[str] = []
        for clause in clauses:
            if re.search(verb, clause, re.IGNORECASE):
                zones.extend(z for z in _zones_in(clause[re.search(verb, clause, re.IGNORECASE).start():])
                             if z not in zones)
        if category in ("special_summon", "add_to_hand", "banish", "return_to_deck", "send_to_gy") and not zones:
            # "Target 1 monster in your GY; Special Summon it": the card's location is the target's
            target = re.search(r"(?i)target[^;]*?\b(?:in|from) (?:your|either|the|your opponent's|their) "
                               r"(GY|Graveyard|hand|banishment)|(?i:target)[^;]*?banished",
                               re.sub(r'"[^"]*"', '"X"', fold_quotes(context)) + " ; " + scrubbed)
            if target:
                zones.append("banished" if "banish" in target.group(0) else
                             "gy" if (target.group(1) or "").startswith(("GY", "Grave")) else
                             (target.group(1) or "").lower())
            elif category == "special_summon" and re.search(r"Special Summon (?:this card|it)\b", scrubbed) and re.search(
                    r"this card is in your (GY|hand)", scrubbed):
                zones.append("gy" if "GY" in re.search(r"this card is in your (GY|hand)", scrubbed).group(1)
                             else "hand")
        if category == "destroy" and not zones:
            zones.append("field")
        if zones:
            sources[category] = zones
    if "send_to_gy" in cats and "deck" in sources.get("send_to_gy", []):
        cats.append("send_deck_to_gy")
    if "banish" in cats and "gy" in sources.get("banish", []):
        cats.append("banish_from_gy")
    return cats, sources


# ----------------------------------------------------------------------------------------- splitting

def split_sentences(text: str) -> list[str]:
    """Split card text into sentences; ``●`` bullet lines stay attached to the sentence they follow.

    A period inside a quoted card name (``"D.D. Crow"``) or an abbreviation does not end a sentence.
    """
    text = fold_quotes(text).replace("\r", "")
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if line.startswith(("●", "•")) and out:
            out[-1] = out[-1] + "\n" + line
            continue
        out.extend(_split_line(line))
    return out


def _split_line(line: str) -> list[str]:
    sentences, start, quoted, depth = [], 0, False, 0
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == '"':
            # a quote opens a name when preceded by a space/bracket/start, closes otherwise
            prev = line[i - 1] if i else " "
            quoted = not (prev not in " ([/-" and quoted) if prev in " ([/-" else not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "." and not quoted and depth == 0:
            nxt = line[i + 1:i + 3]
            before = line[max(0, i - 3):i]
            if (nxt[:1] == "" or (nxt[:1] == " " and (nxt[1:2].isupper() or nxt[1:2] in '("●'))) and \
                    not re.search(r"(?:\b[A-Z]|Mr|Dr|St|vs|Jr|Ms|No)$", before):
                sentences.append(line[start:i + 1].strip())
                start = i + 1
        i += 1
    rest = line[start:].strip()
    if rest:
        sentences.append(rest)
    return sentences


def _top_level_index(text: str, char: str) -> int:
    """Index of the first ``char`` outside quotes and parentheses, or -1."""
    quoted, depth = False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == char and not quoted and depth == 0:
            return i
    return -1


# ----------------------------------------------------------------------------------------- conditions

_PHASES = {"draw phase": "draw", "standby phase": "standby", "main phase 1": "main1", "main phase 2": "main2",
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
    (r"during damage calculation|during (?:the )?damage calculation", "calc"),
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
    (r"effects?|card effects?|card's effects?", ("effect", None, None)),
    (r"cards?", ("card", None, None)),
]
_ACT_WHAT_RE = [(re.compile(r"^(?:a|an|any|another|the|1|one|their|your)?\s*(?:face-up |Set )?(?:" + pattern + r")$",
                            re.IGNORECASE), value) for pattern, value in _ACT_WHAT]

_PLAYER_WORDS = {"your opponent": "opponent", "you": "you", "a player": "any", "either player": "any",
                 "a player's": "any", "your opponent's": "opponent", "your": "you", "an opponent's": "opponent",
                 "either": "any", "their": "opponent", "they": "opponent"}

_SUMMON_METHODS = r"(Normal|Flip|Special|Tribute|Fusion|Synchro|Xyz|Link|Ritual|Pendulum)"

# event verbs of a card ("this card is sent to the GY") -> event name
_CARD_EVENTS = [
    (r"(?:Normal or Special|Normal or Flip|Normal|Tribute|Flip|Special|Fusion|Synchro|Xyz|Link|Ritual|Pendulum)"
     r"(?: or (?:Special|Flip|Normal))? Summoned", "summoned"),
    (r"Summoned", "summoned"),
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
_ACTOR_EVENTS_RE = [(re.compile(r"\b" + pattern, re.IGNORECASE if event == "other" else 0), event)
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
                break
        else:
            return None
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
            elif cat not in cats and cat not in _WEAK_CATEGORIES:
                cats.append(cat)
        if "search" in found and "add_to_hand:deck" not in cats:
            cats.append("add_to_hand:deck")
    return cats


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
        elif re.match(r"^(?:includes?|would)\b", rel):
            verb = "includes" if rel.startswith("include") else "would"
            body = re.sub(r"^(?:includes?|would)\s+(?:an effect that\s+|the effect (?:to|that)\s+|an effect to\s+)?",
                          "", rel)
            found = _bullet_categories([body])
            if found:
                pattern[verb] = found
                if "target" in body:
                    pattern["targets"] = body
                    pattern["target_kinds"] = target_kinds(body)
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
                 r"by (?:a |an )?(?:Spell|Trap|monster)", rest):
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
        cond["except_phases"].append(_PHASES[match.group(1).lower()])
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
    match = re.match(r"^(?:during|at the (?:start|end|beginning) of|before|after|during the end of)\s+"
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
    names = [_PHASES[phase.group(1).lower()]]
    tail = rest[phase.end():]
    while True:
        more = re.match(r"^\s*(?:,|or|and|, or)\s+(?:the\s+)?" + _PHASE_RE, tail, re.IGNORECASE)
        if not more:
            break
        names.append(_PHASES[more.group(1).lower()])
        tail = tail[more.end():]
    for name in names:
        if name not in ("damage", "calc"):
            cond["phases"].append(name)
    if _WHOSE.get(whose) in ("own", "opponent"):
        cond["turn"] = _WHOSE[whose]
    return True


# ----------------------------------------------------------------------------------------- effects

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

_HAND_ACTIVATION_RE = re.compile(r"(?:you can|can) activate this card from your hand", re.IGNORECASE)
_SET_TURN_RE = re.compile(r"(?:you can|can) activate (?:this card|it) (?:the turn it was Set|the turn it is Set|"
                          r"during the turn it was Set)", re.IGNORECASE)

_OPT_HARD = re.compile(r"You can only use (?:this|each|the (?:\w+ )?effect|1|one) [^.]*?once per turn", re.IGNORECASE)
_OPT_CARD = re.compile(r"You can only activate (?:1|one) \"", re.IGNORECASE)

_QUICK_WORDS = re.compile(r"^(?:during either player's turn|during your opponent's turn|during the (?:Main|Battle)"
                          r" Phase(?: \(Quick Effect\))?)$", re.IGNORECASE)


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
    return fields["card_type"] == "Monster" and "Effect" not in fields["abilities"] and (
        "Normal" in fields["abilities"] or not fields["abilities"] or
        set(fields["abilities"]) <= {"Normal", "Tuner", "Pendulum"})


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
    for sentence in split_sentences(text):
        _add_sentence(effects, sentence, fields, section="card")
    if card_type in ("Spell", "Trap") and not any(e["kind"] == "activation" for e in effects):
        effects.insert(0, _plain_activation(fields))
    # hand-activation / set-turn exceptions written anywhere on the card apply to the card's activation
    whole = fold_quotes(fields["text"])
    for effect in effects:
        if effect["kind"] == "activation":
            effect["hand_activation"] = bool(_HAND_ACTIVATION_RE.search(whole))
            effect["set_turn_activation"] = bool(_SET_TURN_RE.search(whole))
    for i, effect in enumerate(effects):
        effect["index"] = i
        effect["complete"] = not effect["unknown"]
    return effects


def _new_effect(text: str, section: str) -> dict:
    return {"index": 0, "section": section, "text": text, "kind": "unknown", "subkind": None,
            "spell_speed": None, "optional": None, "when_if": None, "condition": None, "locations": [],
            "cost": None, "cost_categories": [], "targets": False, "target_kinds": [], "once_per_turn": None,
            "categories": [],
            "sources": {}, "damage_step": [], "unknown": [], "complete": False}


def _plain_activation(fields: dict) -> dict:
    """The card activation of a Spell/Trap whose text is only continuous effects (Field/Continuous/Equip)."""
    effect = _new_effect("", "card")
    effect.update(kind="activation", subkind="card", optional=True,
                  spell_speed=rules.spell_speed(fields["card_type"], fields["property"], "activation"),
                  locations=_card_activation_locations(fields))
    if fields["property"] == "Equip":
        effect["targets"] = True
        effect["categories"] = ["equip"]
    return effect


def _card_activation_locations(fields: dict) -> list[str]:
    if fields["card_type"] == "Trap":
        return ["field"]
    return ["hand", "field"]


def _add_sentence(effects: list[dict], sentence: str, fields: dict, section: str) -> None:
    sentence = sentence.strip()
    if not sentence:
        return
    lines = sentence.split("\n")
    head, bullets = lines[0], [re.sub(r"^[●•]\s*", "", b).strip() for b in lines[1:]]
    # "This is a Quick Effect if <state>": the effect before it is a Quick Effect while the state holds
    quick_if = re.match(r"^(?:This|That) (?:is|effect is|becomes) a Quick Effect if (.*?)\.?$", head)
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
    rule_kind = next((kind for regex, kind in _RULE_RE if regex.search(head)), None)
    spell_trap = fields["card_type"] in ("Spell", "Trap") and section == "card"
    one_shot = spell_trap and fields["property"] in ("Normal", "Quick-Play", "Ritual", "Counter")
    has_activation = any(e["kind"] == "activation" for e in effects)
    colon = _top_level_index(head, ":")
    semicolon = _top_level_index(head, ";")
    if rule_kind and not (colon >= 0 and rule_kind not in ("once_rule", "note", "name_rule")):
        if rule_kind in ("once_rule", "note", "name_rule", "activation_restriction") and effects:
            # attach to the card: a rule record keeps the text visible
            pass
        effect = _new_effect(sentence, section)
        effect.update(kind="rule", subkind=rule_kind)
        if rule_kind == "activation_restriction":
            effect["categories"] = ["restrict"]
        effects.append(effect)
        return
    if spell_trap and fields["property"] in ("Continuous", "Field", "Equip") and re.match(
            r"^(?:Activate this card|You can activate this card|When this card is activated|"
            r"Activate only|This card can only be activated|You can only activate this card)", head):
        effect = _parse_effect(head, bullets, fields, section, activation=True)
        effects.insert(0, effect) if not has_activation else effects.append(effect)
        return
    if spell_trap and has_activation and re.match(r"^(?:When|If) (?:you activate )?this card(?: is activated)?:", head):
        _extend(next(e for e in effects if e["kind"] == "activation"), head.split(":", 1)[1].strip(), bullets)
        return
    if one_shot and not has_activation:
        effects.append(_parse_effect(head, bullets, fields, section, activation=True))
        return
    if one_shot and colon < 0 and semicolon < 0 and not re.match(r"^(?:You can|Once per|If|When|During)\b", head):
        # continuation of the activation ("It cannot attack this turn.")
        _extend(effects[-1], head, bullets)
        return
    if spell_trap and fields["property"] in ("Normal", "Counter") and fields["card_type"] == "Trap" and \
            not has_activation:
        effects.append(_parse_effect(head, bullets, fields, section, activation=True))
        return
    if colon < 0 and semicolon < 0 and effects and effects[-1]["kind"] in ("ignition", "trigger", "quick",
                                                                            "flip", "activation") and \
            re.match(r"^(?:It|They|That|Those|Its|Their|This card cannot attack|For the rest of|Until|Also|"
                     r"Then|After that|Each of|The|Both|These|Otherwise|Any)\b", head) and \
            not re.match(r"^(?:The equipped|Each time|The first time|Any monster|The monsters?)\b", head):
        _extend(effects[-1], head, bullets)
        return
    effects.append(_parse_effect(head, bullets, fields, section, activation=False))


def _extend(effect: dict, head: str, bullets: list[str]) -> None:
    effect["text"] = (effect["text"] + " " + head + ("\n" + "\n".join("● " + b for b in bullets) if bullets
                                                     else "")).strip()
    cats, sources = categories_of(head + " " + " ".join(bullets))
    for cat in cats:
        if cat not in effect["categories"]:
            effect["categories"].append(cat)
    for key, zones in sources.items():
        effect["sources"].setdefault(key, [])
        effect["sources"][key].extend(z for z in zones if z not in effect["sources"][key])


def _parse_effect(head: str, bullets: list[str], fields: dict, section: str, *, activation: bool) -> dict:
    text = head + ("\n" + "\n".join("● " + b for b in bullets) if bullets else "")
    effect = _new_effect(text, section)
    work = fold_quotes(head)
    quick_tag = "(Quick Effect)" in work
    work = work.replace("(Quick Effect)", "").replace("  ", " ")
    flip = bool(re.match(r"^FLIP:", work))
    if flip:
        work = work[5:].strip()
    colon = _top_level_index(work, ":")
    condition_text, body = (work[:colon], work[colon + 1:].strip()) if colon >= 0 else ("", work)
    semicolon = _top_level_index(body, ";")
    cost, resolution = (body[:semicolon].strip(), body[semicolon + 1:].strip()) if semicolon >= 0 else ("", body)
    bullets_are_condition = bool(re.search(r"includes? any of these effects", condition_text))
    resolution_text = resolution + (" " + " ".join(bullets) if bullets and not bullets_are_condition else "")
    effect["optional"] = bool(re.match(r"^(?:You can|you can)\b", body)) or None
    # "Activate this card by ...": the whole clause is the activation's cost/target, not a condition
    activate_by = re.match(r"^(?:Activate this card by|You can activate this card by)\s+(.*)$", work)
    if activate_by and colon < 0:
        inner = activate_by.group(1)
        semicolon = _top_level_index(inner, ";")
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
        cond = _implied_response_condition(resolution)
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
    if cost:
        effect["cost"] = cost
        cost_cats, _ = categories_of(re.sub(r"(?:,|\band\b|\bthen\b)?\s*target[^,;]*", "", cost))
        effect["cost_categories"] = [c for c in cost_cats if c not in _WEAK_CATEGORIES]
    effect["targets"] = bool(re.search(r"\btarget", cost + " " + (condition_text if activate_by else ""),
                                       re.IGNORECASE) or (activate_by and "target" in activate_by.group(1)))
    effect["target_kinds"] = target_kinds(cost + " " + (activate_by.group(1) if activate_by else "")) \
        if effect["targets"] else []
    cats, sources = categories_of(resolution_text, context=cost)
    effect["categories"] = cats
    effect["sources"] = sources
    # kind
    card_type, prop = fields["card_type"], fields["property"]
    if activation:
        effect["kind"], effect["subkind"] = "activation", "card"
        effect["optional"] = True
        effect["locations"] = _card_activation_locations(fields)
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
    strong = [c for c in cats if c not in _WEAK_CATEGORIES]
    if not strong and effect["kind"] != "activation" or (effect["kind"] == "activation" and not strong and
                                                        (resolution.strip() or not cost)):
        if not (effect["kind"] == "activation" and prop in ("Continuous", "Field", "Equip")):
            effect["unknown"].append(f"effect: {resolution_text.strip() or work}")
    if effect["kind"] == "unknown":
        effect["unknown"].append(f"kind: {work}")
    return effect


_TARGET_OBJECT = re.compile(r"\btargets?\b(?: for an attack)?([^;:]*)", re.IGNORECASE)


def target_kinds(text: str) -> list[str]:
    """What a targeting text can point at: ``monster``, ``spell_trap``, ``card`` (any card); [] when unclear.

    "target 1 Spell/Trap on the field" -> ``["spell_trap"]``; "targets exactly 1 Zombie monster" ->
    ``["monster"]``; "target 1 card on the field" -> ``["card"]``; "targets this card" -> ``["this_card"]``.
    """
    kinds: list[str] = []
    for match in _TARGET_OBJECT.finditer(re.sub(r'"[^"]*"', '"X"', fold_quotes(text))):
        words = re.sub(r"\([^)]*\)", "", match.group(1))  # "(and no other cards)"
        for kind, pattern in (("this_card", r"^\s*this (?:face-up |face-down |Set )?card\b"),
                              ("spell_trap", r"\b(?:Spells?|Traps?|Spell/Traps?|Spell/Trap Cards?|Spell Cards?|"
                                             r"Trap Cards?|Spells/Traps)\b"),
                              ("monster", r"\bmonsters?\b|\bTokens?\b"),
                              ("card", r"\bcards?\b(?!\s+(?:name|names|in (?:your|their|the) hand))")):
            if re.search(pattern, words) and kind not in kinds:
                kinds.append(kind)
                if kind == "this_card":
                    break
        if "card" in kinds and ("spell_trap" in kinds or "monster" in kinds) and re.search(
                r"\b(?:Spell|Trap|Spell/Trap) Cards?\b", words) and not re.search(r"(?<!Spell )(?<!Trap )(?<!/Trap )"
                                                                               r"\bcards?\b", words):
            kinds.remove("card")  # "Spell Card" names a Spell, not any card
    return kinds


# Older card text (before Problem-Solving Card Text) states no activation condition for a negation:
# "Negate the activation of a Counter Trap Card" can only be activated in response to that activation.
_OLD_NEGATION = re.compile(r"^Negate the (activation|Summon) of (an? [^,.;]+?)(?:,|\.|\band\b|$)")


def _implied_response_condition(resolution: str) -> dict | None:
    """The condition an old-wording negation implies ("When <it> is activated"), or None."""
    match = _OLD_NEGATION.match(resolution.strip())
    if not match:
        return None
    what, thing = match.groups()
    wording = f"When {thing} is activated" if what == "activation" else f"When {thing} would be Summoned"
    cond = parse_condition(wording, [])
    cond["implied"] = True
    return cond if not cond["unparsed"] else None


_EVENTLESS_TRIGGER_PHASES = {"standby", "end", "draw", "battle"}


def _monster_kind(effect: dict, cond: dict | None, quick_tag: bool, flip: bool, colon: int, body: str,
                  *, pendulum: bool, spell_trap: bool = False) -> str:
    """ignition / trigger / quick / continuous / flip for one monster (or Spell/Trap/Pendulum) effect."""
    if flip:
        return "flip"
    if quick_tag:
        return "quick"
    activated = colon >= 0 or bool(re.match(r"^(?:You can|you can)\b[^.]*;", body))
    if not activated:
        if cond is None and re.match(r"^(?:You can|Once per turn,? you can)\b", body):
            return "ignition"
        return "continuous"
    if cond is None:
        return "ignition"
    if any(event["type"] == "activation" for event in cond["events"]) and not pendulum:
        return "quick"
    if any(event["type"] == "summon" and event["stage"] == "would" for event in cond["events"]) and not pendulum:
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
        if re.search(pattern, text, re.IGNORECASE):
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


def profile_complete(effects: list[dict]) -> bool:
    """True when no part of any effect was left unparsed."""
    return all(not effect["unknown"] for effect in effects)


# ----------------------------------------------------------------------------------------- build / load

def build_profiles(ctx) -> None:
    """Build step: store an :class:`EffectProfile` row for every effect of every card in the store."""
    from sqlalchemy import insert
    from sqlmodel import select

    from ..models import Card, EffectProfile

    session = ctx.session
    rows, complete_cards, cards = [], 0, 0
    for card in session.exec(select(Card)).all():
        effects = parse_card(card)
        cards += 1
        complete_cards += profile_complete(effects)
        rows.extend({"card_id": card.id, "index": effect["index"], "kind": effect["kind"],
                     "spell_speed": effect["spell_speed"], "complete": effect["complete"], "data": effect}
                    for effect in effects)
    session.execute(insert(EffectProfile.__table__), rows)  # one executemany, no ORM objects
    session.commit()
    ctx.add_summary("profiles", cards=cards, complete=complete_cards)
    ctx.state.setdefault("validators", []).append(rules.validate_citations)


def load_profiles(session, card) -> list[dict]:
    """The stored profile of one card (parsed on the fly when the build did not store it)."""
    from sqlmodel import select

    from ..models import EffectProfile

    rows = session.exec(select(EffectProfile).where(EffectProfile.card_id == card.id)
                        .order_by(EffectProfile.index)).all()
    if rows:
        return [dict(row.data) for row in rows]
    return parse_card(card)
