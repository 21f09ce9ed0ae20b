"""Can a card be activated in this state?  What its activation needs (its cost, its targets, the first act of
its resolution, a free zone, cards in the Deck, its written activation requirement: :mod:`.needs`) checked
against what the question states about the game state.

A question rarely lists every card; it states some facts ("I have no cards in my hand", "my opponent controls
no face-up monsters", "my Deck has 1 card").  Those are the state's ``known`` entries (:mod:`.known`), whose
:func:`~.known.count` answers "how many cards of a kind are there" with whether that number is certain.  The
query (where the asked card may be, the answer) is :mod:`.requirements_query`.  A check fails only on a certain shortfall (a rule row
of ``requirements.toml`` names why); it passes only when the cards needed are there; anything else is
"unknown".  The timing of the activation is taken as met: the ``requirements`` query asks about the state.
"""

from __future__ import annotations

import re

from .actions import Legality
from .known import count, kind_of, known
from .needs import Need, read_needs
from .procedures import CONDITIONS
from .restrictions import RESTRICTIONS
from .state import Instance, other

__all__ = ["COST_BARS", "DECLARED_BARS", "COUNT_CONDITIONS", "check_requirements", "blocking"]

# Lasting effects that make a cost unpayable, as data: (pattern over a Continuous effect's text, what it does,
# the kind of card it concerns).  "Neither player can Tribute cards." is restrictions.RESTRICTIONS' row.
COST_BARS: list[tuple[re.Pattern, str, str | None]] = [
    (re.compile(r"^Neither player can banish (?:any )?cards\.$", re.I), "banish", None),
    (re.compile(r"\bany card sent to the (?:GY|Graveyard) is banished instead\.$", re.I), "to_gy", None),
    (re.compile(r"^Any monster sent to the (?:GY|Graveyard) is banished instead\.$", re.I), "to_gy", "monster"),
]


# Cards that prohibit the use of a declared card name: (pattern over the declaring card's text, whether cards
# already on the field are spared).
DECLARED_BARS: list[tuple[re.Pattern, bool]] = [
    (re.compile(r"\bcards with that name, and their effects, cannot be used\b(?=.*\bcards already on the field are not "
                r"affected\b)", re.I | re.S), True),
    (re.compile(r"\bcards with that name, and their effects, cannot be used\b", re.I), False),
]


# ------------------------------------------------------------------------------------------- checks


def _lasting(state, inst: Instance, player: str) -> tuple[list[tuple[Instance, str, str, str | None]], list]:
    """Face-up cards whose lasting effects bar a kind of cost or act (COST_BARS, and the prohibitions of
    restrictions.RESTRICTIONS that bind ``player``), and the face-up cards with other lasting effects (not
    applied here)."""
    bars, others = [], []
    for card in state.cards.values():
        if not card.on_field or card.face != "up" or card.uid == inst.uid or card.pendulum_zone:
            continue
        for effect in card.card.effects:
            if effect.get("kind") != "continuous":
                continue
            text = (effect.get("text") or "").strip()
            hit = next(((act, kind) for pattern, act, kind in COST_BARS if pattern.search(text)), None)
            if hit is None:
                hit = next(((act, None) for pattern, act, who in RESTRICTIONS if pattern.match(text) and
                            (who == "both" or player != card.controller)), None)
            if hit is not None:
                bars.append((card, text, *hit))
            elif card not in others:
                others.append(card)
    return bars, others


def _bar(need: Need, bars, legal: Legality, inst: Instance) -> bool:
    """A lasting effect that makes this cost (or this Special Summon) impossible (a fail added), or one that
    may concern it (unknown)."""
    act = need.places[0] if need.act == "self" else need.act
    kind = kind_of(inst) if need.act == "self" else need.kind
    for card, text, barred, bar_kind in bars:
        hits = barred == act or (barred == "to_gy" and need.cost and (need.to_gy or act == "send")) or \
            (barred == "special_summon" and act == "summon")
        if not hits:
            continue
        if bar_kind is not None and kind != bar_kind:
            if kind is None:
                legal.add("lasting effect", "unknown", f"{card.name} is face-up (\"{text}\"): whether the card paid "
                                                       f"for \"{need.said}\" is a {bar_kind} is not said",
                          "sim_cost_send_banished")
            continue
        rule = "sim_cost_send_banished" if barred == "to_gy" else "sim_cost_prohibited"
        what = "cost" if need.cost else "resolution"
        legal.add(what, "fail", f"{card.name} is face-up (\"{text}\"): \"{need.said}\" cannot be performed",
                  rule, "card_text_overrides")
        return True
    return False


def _declared(state, inst: Instance, legal: Legality) -> None:
    """A face-up card that declared this card's name and prohibits its use (DECLARED_BARS)."""
    for item in getattr(state, "declared", ()):
        if item["name"] != inst.name:
            continue
        by = next((c for c in state.cards.values() if c.name == item["by"] and c.on_field and c.face == "up"), None)
        text = by.card.text if by is not None else ""
        hit = next((spares for pattern, spares in DECLARED_BARS if pattern.search(text)), None)
        if hit is None:
            legal.add("declared", "unknown", f"what {item['by']} does to the card name it declared is not read",
                      "card_text_overrides")
        elif hit and inst.on_field:
            legal.add("declared", "unknown", f"{by.name} does not affect cards already on the field: whether "
                                             f"{inst.name} was there first is not said", "sim_prohibited_use")
        else:
            legal.add("declared", "fail", f"{by.name} declared \"{inst.name}\": cards with that name cannot be used",
                      "sim_prohibited_use", "card_text_overrides")


def _bars_unused(bars, legal: Legality) -> None:
    """A barring card that decided nothing may still bar what the effect does: never "yes" over it."""
    if legal.first("fail") is None:
        for card, text, _act, _kind in bars:
            legal.add("lasting effect", "unknown", f"{card.name} is face-up (\"{text}\"): what it bars besides costs "
                                                   "is not weighed here", "card_text_overrides")


def _players(need: Need, player: str) -> str:
    return {"self": player, "other": other(player), "both": "both"}[need.player]


def _cards(state, need: Need, player: str, exclude: int | None) -> tuple[int, bool]:
    total, exact = 0, True
    for place in need.places:
        face = need.face if place in ("monsters", "spells_traps", "field") else None
        n, sure = count(state, _players(need, player), place, need.kind, face, exclude)
        total, exact = total + n, exact and sure
    return total, exact


def _deck_needed(needs) -> int:
    return sum(n.count for n in needs.needs if n.places == ("deck",) and n.act in ("banish", "draw"))


# Written requirements over a count, as data: (pattern over the requirement's words, the place counted, the
# kind of card).  ``who``: "you" / "your opponent"; ``n`` and ``cmp`` (more / fewer): "N or more".
COUNT_CONDITIONS: list[tuple[re.Pattern, str, str | None]] = [
    (re.compile(r"^(?P<who>your opponent|you) (?:has|have) (?P<n>\d+) or (?P<cmp>more|fewer|less) cards in (?:their|your) "
                r"hand$", re.I), "hand", None),
    (re.compile(r"^(?P<who>your opponent|you) (?:has|have) (?P<n>\d+) or (?P<cmp>more|fewer|less) (?:LP|Life Points)$",
                re.I), "lp", None),
    (re.compile(r"^(?P<who>your opponent|you) controls? (?P<n>\d+) or (?P<cmp>more|fewer|less) monsters$", re.I),
     "monsters", "monster"),
    (re.compile(r"^(?P<who>your opponent|you) (?:has|have) (?P<n>\d+) or (?P<cmp>more|fewer|less) cards in (?:their|your) "
                r"(?:GY|Graveyard)$", re.I), "gy", None),
]
# "You must control no cards to activate and to resolve this effect." after an effect: kind words -> kind
_MUST_CONTROL_NO = re.compile(r"^You must control no (?P<what>cards|monsters|Spells/Traps|Spell/Trap Cards|Spell and "
                              r"Trap Cards) to activate", re.I)


def _count_condition(state, inst: Instance, words: str, player: str, raw: str, legal: Legality) -> bool:
    """A requirement of :data:`COUNT_CONDITIONS` checked (True), or False when the words are not one."""
    for pattern, place, kind in COUNT_CONDITIONS:
        m = pattern.match(words)
        if m is None:
            continue
        whose = player if m["who"].lower() == "you" else other(player)
        if place == "lp":
            have, sure = state.players[whose].lp, known(state, whose, "lp")
        else:
            have, sure = count(state, whose, place, kind, exclude=inst.uid)
        want, more = int(m["n"]), m["cmp"].lower() == "more"
        holds = (have >= want) if more else (have <= want)
        certain = sure or (more and holds and place != "lp") or (not more and not holds and place != "lp")
        if not certain:
            legal.add("activation requirement", "unknown", f"\"{raw}\": how many there are is not stated",
                      "sim_activation_requirement")
        elif holds:
            legal.add("activation requirement", "pass", f"\"{raw}\": {whose} has {have}", "sim_activation_requirement")
        else:
            legal.add("activation requirement", "fail", f"\"{raw}\": {whose} has {have}", "sim_activation_requirement",
                      "activation_condition")
        return True
    return False


def _must_control_no(state, inst: Instance, effect: dict, player: str, legal: Legality) -> None:
    """ "You must control no cards to activate and to resolve this effect." written right after the effect."""
    text, own = inst.card.text or "", (effect.get("text") or "").strip()
    at = text.find(own) if own else -1
    m = _MUST_CONTROL_NO.match(text[at + len(own):].strip()) if at >= 0 else None
    if m is None:
        return
    what = m["what"].lower()
    kind, place = (None, "field") if what == "cards" else ("monster", "monsters") if what == "monsters" else \
        ("spell_trap", "spells_traps")
    have, sure = count(state, player, place, kind, exclude=inst.uid)
    if have > 0:
        legal.add("activation requirement", "fail", f"\"{m.group(0)} ...\": {player} controls {have}",
                  "sim_activation_requirement", "activation_condition")
    elif sure:
        legal.add("activation requirement", "pass", f"\"{m.group(0)} ...\": {player} controls none",
                  "sim_activation_requirement")
    else:
        legal.add("activation requirement", "unknown", f"\"{m.group(0)} ...\": what {player} controls is not stated",
                  "sim_activation_requirement")


def _condition(state, inst: Instance, effect: dict, player: str, legal: Legality) -> None:
    """The written activation requirement ("If your opponent controls more monsters than you do")."""
    _must_control_no(state, inst, effect, player, legal)
    raw = ((effect.get("condition") or {}).get("raw") or "").strip()
    if not raw:
        return
    words = re.sub(r"\s*\((?:Quick Effect|Ignition Effect)\)\s*$", "", raw, flags=re.I)
    words = re.sub(r"^(?:During either player's turn, )?If ", "", words, flags=re.I).strip().lower()
    found = CONDITIONS.get(words)
    if found is None and _count_condition(state, inst, words, player, raw, legal):
        return
    if found is None:
        if re.match(r"^(?:when|during|at the start|at the end|once per turn)", raw, re.I):
            legal.assumed.append(f"{inst.name}'s timing (\"{raw}\") is taken as met")
        else:
            legal.add("activation requirement", "unknown", f"\"{raw}\" is not modelled", "sim_activation_requirement")
        return
    said, _sides, test = found
    mine, mine_sure = count(state, player, "monsters", "monster", exclude=inst.uid)
    theirs, theirs_sure = count(state, other(player), "monsters", "monster")
    results = {test(m, t) for m in ([mine] if mine_sure else range(mine, mine + 8))
               for t in ([theirs] if theirs_sure else range(theirs, theirs + 8))}
    if results == {False}:
        legal.add("activation requirement", "fail", f"\"{raw}\": {said} cannot hold ({player} controls "
                                                    f"{mine}{'' if mine_sure else '+'} monster(s), {other(player)} "
                                                    f"{theirs}{'' if theirs_sure else '+'})",
                  "sim_activation_requirement", "activation_condition")
    elif results == {True}:
        legal.add("activation requirement", "pass", f"\"{raw}\" holds", "sim_activation_requirement")
    else:
        legal.add("activation requirement", "unknown", f"whether {said} is not stated", "sim_activation_requirement")


def check_requirements(state, inst: Instance, effect: dict, player: str, about: str = "all") -> Legality:
    """Whether the state lets ``inst``'s ``effect`` be activated by ``player`` as far as its cost, targets,
    resolution, zones and Deck go (its timing taken as met); ``about="cost"``: whether its cost can be paid."""
    legal = Legality()
    needs = read_needs(effect)
    cost_only = about == "cost"
    for part in needs.unread:
        if not cost_only or "cost" in part or "choice" in part:
            legal.add("card text", "unknown", f"{part} of {inst.name} is not read", "psct")
    bars, others = _lasting(state, inst, player)
    for card in others:
        legal.add("lasting effect", "unknown", f"{card.name}'s lasting effect is not applied here", "card_text_overrides")
    if cost_only:
        costs = [n for n in needs.needs if n.cost]
        if not costs and not needs.unread:
            legal.add("cost", "unknown", f"no cost of {inst.name} was read", "sim_cost_unpayable")
        for need in costs:
            _check_need(state, inst, player, need, needs, bars, legal)
        _bars_unused(bars, legal)
        return legal
    if inst.location == "hand" and inst.card.card_type == "Spell" and inst.card.property != "Field":
        free = state.free_spell_trap_zones(player)
        if not free:
            legal.add("zone", "fail", f"{player} has no available Spell & Trap Zone to activate {inst.name} from the "
                                      "hand", "sim_spell_zone")
        elif known(state, player, "spells_traps"):
            legal.add("zone", "pass", f"{player} has a free Spell & Trap Zone", "sim_spell_zone")
        else:
            legal.add("zone", "unknown", f"whether {player} has a free Spell & Trap Zone is not stated", "sim_spell_zone")
    _condition(state, inst, effect, player, legal)
    _declared(state, inst, legal)
    for need in needs.needs:
        _check_need(state, inst, player, need, needs, bars, legal)
    _bars_unused(bars, legal)
    if not needs.whole:
        legal.add("resolution", "unknown", f"whether the rest of {inst.name}'s effect can be performed is not "
                                           "modelled", "sim_resolve_possible")
    return legal


def _check_need(state, inst: Instance, player: str, need: Need, needs, bars, legal: Legality) -> None:
    if need.act == "lp":
        lp = state.players[player].lp
        if not known(state, player, "lp"):
            legal.add("cost", "unknown", f"{player}'s LP are not stated (\"{need.said}\")", "sim_cost_unpayable")
        elif need.kind != "half" and lp < need.count:
            legal.add("cost", "fail", f"{player} has {lp} LP and cannot pay {need.count} (\"{need.said}\")",
                      "fact_lp_cost_more", "sim_cost_unpayable")
        else:
            legal.add("cost", "pass", f"{player} has {lp} LP: \"{need.said}\" can be paid", "fact_lp_cost_zero")
        return
    if need.cost and _bar(need, bars, legal, inst):
        return
    if need.act == "self":
        legal.add("cost", "pass", f"{inst.name} pays its own cost (\"{need.said}\")", "sim_cost_unpayable")
        return
    if need.act in ("discard", "tribute", "send", "banish") and need.places != ("deck",):
        have, sure = _cards(state, need, player, inst.uid)
        if sure and have < need.count:
            legal.add("cost", "fail", f"\"{need.said}\": {player} has {have} such card(s) in the "
                                      f"{' or '.join(need.places)}", "sim_cost_unpayable", "cost")
        elif have >= need.count and not need.qualified:
            legal.add("cost", "pass", f"\"{need.said}\": {player} has {have} card(s) to pay it with", "sim_cost_unpayable")
        else:
            legal.add("cost", "unknown", f"whether {player} has the cards for \"{need.said}\" is not stated",
                      "sim_cost_unpayable")
        return
    if need.act in ("draw", "banish"):  # cards from the Deck: a cost from its top and the draw that follows
        wanted = _deck_needed(needs) if need.act == "draw" else need.count
        have, sure = count(state, player, "deck")
        rule = "sim_draw_deck" if need.act == "draw" else "sim_cost_unpayable"
        if sure and have < wanted:
            legal.add("Deck", "fail", f"{player}'s Deck has {have} card(s); {inst.name} needs {wanted} "
                                      f"(\"{need.said}\")", rule, "sim_resolve_possible")
        elif have >= wanted:
            legal.add("Deck", "pass", f"{player}'s Deck has {have} card(s)", rule)
        else:
            legal.add("Deck", "unknown", f"how many cards {player}'s Deck has is not stated", rule)
        return
    if need.act == "deck":  # a card its resolution takes from the Deck ("Send 1 monster from your Deck to the GY")
        have, sure = count(state, player, "deck", need.kind)
        total, total_sure = count(state, player, "deck")
        if (sure and have < need.count) or (total_sure and total < need.count):
            legal.add("resolution", "fail", f"\"{need.said}\": {player}'s Deck has {min(have, total)} such card(s)",
                      "sim_resolve_possible")
        elif have >= need.count and not need.qualified:
            legal.add("resolution", "pass", f"\"{need.said}\": {player}'s Deck has {have} such card(s)",
                      "sim_resolve_possible")
        else:
            legal.add("resolution", "unknown", f"whether {player}'s Deck has a card for \"{need.said}\" is not stated",
                      "sim_resolve_possible")
        return
    if need.act in ("target", "affect"):
        exclude = inst.uid if need.act == "target" else None
        have, sure = _cards(state, need, player, exclude)
        rule = "sim_target_exists" if need.act == "target" else "sim_resolve_possible"
        with_self, _ = _cards(state, need, player, None)
        spell_trap = inst.card.card_type in ("Spell", "Trap") and need.kind in (None, "spell", "trap", "spell_trap") \
            and need.player in ("self", "both") and bool({"spells_traps", "field"} & set(need.places))
        doubt = need.act == "target" and (with_self > have or spell_trap or (needs.cost_to_gy and "gy" in need.places))
        if sure and have < need.count and not doubt:
            legal.add("targets" if need.act == "target" else "resolution", "fail",
                      f"\"{need.said}\": there are {have} such card(s)", rule, "activation_condition")
        elif have >= need.count and not need.qualified:
            legal.add("targets" if need.act == "target" else "resolution", "pass", f"\"{need.said}\": there are "
                                                                                   f"{have} such card(s)", rule)
        else:
            legal.add("targets" if need.act == "target" else "resolution", "unknown",
                      f"whether there is a card for \"{need.said}\" is not stated", rule)
        return
    if need.act in ("summon", "control"):
        if need.act == "summon" and _bar(need, bars, legal, inst):
            return
        free = len(state.free_main_zones(player))
        rule = "sim_summon_zone" if need.act == "summon" else "sim_control_zone"
        if need.act == "summon" and needs.cost_leaves_field:
            legal.add("zone", "unknown", f"a monster {inst.name}'s cost removes may free a zone", rule)
        elif free < need.count:
            legal.add("zone", "fail", f"{player} has {free} available Main Monster Zone(s); \"{need.said}\" needs "
                                      f"{need.count}", rule, "sim_resolve_possible")
        elif known(state, player, "monsters"):
            legal.add("zone", "pass", f"{player} has {free} available Main Monster Zone(s)", rule)
        else:
            legal.add("zone", "unknown", f"how many Main Monster Zones {player} has free is not stated", rule)


def blocking(state, inst: Instance, effect: dict, player: str, acts: tuple[str, ...] | None = None):
    """The first failed check of what the activation needs in this state (only of the needs whose ``act`` is
    in ``acts``, when given), or None: the checks an ``activate`` action makes of a stated state
    (kb/engine/sim/activation.py)."""
    if not getattr(state, "known", None) and not state.complete:
        return None
    needs = read_needs(effect)
    legal = Legality()
    bars, _others = _lasting(state, inst, player)
    for need in needs.needs:
        if acts is None or need.act in acts:
            _check_need(state, inst, player, need, needs, bars, legal)
    return legal.first("fail")
