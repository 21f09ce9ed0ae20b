"""Vocabulary: what a piece of effect text does (categories) and where its cards come from (sources).

Everything is data: ``CATEGORY_PATTERNS`` maps phrasings to category names; the engine and the generic-card
questions use these names as the vocabulary of ``does``.
"""

from __future__ import annotations

import re

from ...text import fold_quotes
from .prefilter import PatternSet

__all__ = ["CATEGORY_PATTERNS", "WEAK_CATEGORIES", "categories_of"]

# (category, regex) on the effect (or cost) text.  Order does not matter: every match is reported.
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
    ("grant_effect", r"\bgains? (?:this|these|the following) effects?\b|\bgains? effects based on\b|"
                     r"\bbecomes? an Effect Monster with (?:this|these) effects?\b"),
]
_CATEGORY_RE = [(name, re.compile(pattern, re.IGNORECASE if name not in {"set_card", "token", "equip"}
                                  else 0)) for name, pattern in CATEGORY_PATTERNS]
# categories that alone are too weak to count as "what the effect does"
WEAK_CATEGORIES = {"choose", "apply", "flip", "stat_reference"}

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


# the category patterns as two pre-filtered sets (.prefilter: a pattern runs only on a text holding its words)
_STATE_SET = PatternSet(regex for name, regex in _CATEGORY_RE if name in _STATE_CATEGORIES)
_ACTION_SET = PatternSet(regex for name, regex in _CATEGORY_RE if name not in _STATE_CATEGORIES)


def _matching_categories(scrubbed: str, actions: str) -> list[str]:
    """The names of :data:`CATEGORY_PATTERNS` found, in table order: a state category's pattern searched
    in ``scrubbed``, any other in ``actions``."""
    state, action = iter(_STATE_SET.searches(scrubbed)), iter(_ACTION_SET.searches(actions))
    return [name for name, _regex in _CATEGORY_RE if next(state if name in _STATE_CATEGORIES else action)]


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
    cats = _matching_categories(scrubbed, actions)
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
