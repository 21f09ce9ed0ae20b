"""Rule facts read from a named card's text (``{"ask": "rule_fact"}`` topics of :mod:`kb.engine.rule_facts`):
is an act written as a cost (before the ";"), can a cost be paid while cards sent to the GY are banished
instead, can a face-down monster pay a send/Tribute cost, what an LP cost leaves, Trap Cards that become
monsters, "you win the Duel" text, a targeting card with nothing to target.  Each answer names the RULES row
(:data:`kb.engine.rule_facts.FACT_RULES`) it applies; text not read is "unknown".
"""

from __future__ import annotations

import re

from .rule_facts import FACTS, answer_object

__all__ = ["CARD_TOPICS"]

_ACTS = {
    "tribute": r"Tribut(?:e|ing)",
    "discard": r"discard",
    "send_to_gy": r"send\b[^;.]*?\bto the (?:GY|Graveyard)",
    "banish": r"banish",
    "detach": r"detach",
    "pay_lp": r"pay(?:ing)?\b[^;.]*?\bLP",  # "Pay 1500 LP;" / "Activate this card by paying 800 LP"
    "draw": r"\bdraw\b",
    "destroy": r"\bdestroy",
}


_ACTIVATE_BY = re.compile(r"\bactivate (?:this card )?(?:only )?by [^.;]*", re.I)  # an older text's cost
# an older text opening with an act and going on ("Pay 500 Life Points. Negate the activation of a Trap Card"):
# the act reads as a cost but the text does not write it as one
_OLD_COST_OPENING = re.compile(r"\s*(?:pay|discard|tribute|send|banish|remove|detach)\b[^.]*\.(?=\s*\S)", re.I)


def _cost_part(session, question: dict) -> dict:
    """Is an act (``subject``: tribute/discard/send_to_gy/banish/detach/pay_lp) a cost of the card's effect:
    written before its ";" (yes), only after it (no); unknown when several effects differ or none says it."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    act = question.get("subject")
    pattern = _ACTS.get(act)
    if pattern is None:
        return answer_object("unknown", f"the act {act!r} is not read from card text", "psct", card.name)
    verdicts = set()
    does = question.get("does")
    for effect in card_profile(session, card):
        if does and not any(c.startswith(does) for c in effect.get("categories") or []):
            continue  # "its negation effect": only the effects that do that
        if question.get("index") is not None and effect.get("index") != question["index"]:
            continue  # one effect of the card, chosen by the words that say which
        text = effect.get("text") or ""
        if "\u25cf" in text:  # "Activate 1 of these effects; \u25cf A; B \u25cf C; D": each choice has its own cost
            head, *choices = text.split("\u25cf")
            parts = [(p.split(";", 1)[0], p.split(";", 1)[1]) if ";" in p else ("", p) for p in choices]
            parts.append((head.split(";", 1)[0] if ";" in head else "", ""))
        elif ";" in text:
            parts = [(effect.get("cost") or "", text.split(";", 1)[1])]
        else:  # an older text: "Activate (this card) by Tributing 2 monsters." is its cost; nothing else is said
            old = _ACTIVATE_BY.search(text)
            parts = [((effect.get("cost") or "") + " " + (old.group() if old else ""),
                      text.replace(old.group(), "") if old else text)]
        for cost, body in parts:
            if re.search(pattern, cost, re.I):
                verdicts.add("yes")
            elif re.search(pattern, body, re.I):
                opening = _OLD_COST_OPENING.match(text) if ";" not in text else None
                verdicts.add("unwritten" if opening and re.search(pattern, opening.group(), re.I) else "no")
    where = f"{card.name}'s text"
    if verdicts == {"unwritten"}:
        return dict(answer_object("unknown", f"{where} has no \";\" (an older wording): whether the "
                                  f"{act.replace('_', ' ')} is a cost is not written", "fact_cost_before_semicolon",
                                  card.name), card=card.name)
    verdicts.discard("unwritten")
    if len(verdicts) != 1:
        why = "several effects say it, as cost and as effect" if verdicts else "no effect says it"
        return dict(answer_object("unknown", f"{where}: {why}", "fact_cost_before_semicolon", card.name),
                    card=card.name)
    answer = verdicts.pop()
    detail = (f"in {where} the {act.replace('_', ' ')} is written before the \";\" (or as \"Activate by ...\" in an "
              "older text): it is a cost"
              if answer == "yes" else
              f"in {where} the {act.replace('_', ' ')} is written after the \";\": it is part of the effect, "
              "not a cost")
    return dict(answer_object(answer, detail, "fact_cost_before_semicolon", card.name), card=card.name)


_BANISH_INSTEAD = re.compile(r"(?:any )?(?P<what>cards?|monsters?) (?:that would be )?sent to the (?:GY|Graveyard)"
                             r"(?: [^.;]*?)? (?:is|are) banished instead", re.I)

# a cost's kind while cards that would be sent to the GY are banished instead: (kind, answer, rule, why)
_UNDER_BANISH = (
    (r"discard[^;.]*?to the (?:GY|Graveyard)", "discard_to_gy", "no", "fact_discard_to_gy_banish",
     "discards to the GY, which is not possible while cards are banished instead"),
    (r"send[^;.]*?to the (?:GY|Graveyard)", "send_to_gy", "no", "fact_send_to_gy_banish",
     "sends cards to the GY, which is not possible while cards are banished instead"),
    (r"\bdiscard\b", "discard", "yes", "fact_discard_to_gy_banish",
     "simply discards: it can be paid, and the card is banished instead"),
    (r"\bTribute\b", "tribute", "yes", "fact_tribute_banish",
     "Tributes: monsters can still be Tributed, and are banished instead"),
)
_ACT_KINDS = {"discard": ("discard", "discard_to_gy"), "discard_to_gy": ("discard_to_gy",),
              "send_to_gy": ("send_to_gy",), "tribute": ("tribute",)}


def _with_card(answer: dict, name: str, assumed: list[str] | None = None) -> dict:
    return dict(answer, card=name, resolved={"card": name}, assumed=list(assumed or []))


def _simulated(session, name: str, players: dict, checks: tuple[str, ...] = (), known: list | None = None):
    """The answer of the simulator's ``requirements`` query (kb/engine/sim/requirements.py) for a card in a
    state, as this module's answer, when it is yes/no (decided by ``checks`` when given); else None."""
    from .sim.requirements_query import decide

    out = decide(session, name, {"players": players, **({"known": known} if known else {})}, checks)
    if out is None:
        return None
    return _with_card(dict(out, card=name), name, out.get("assumed"))


def _cost_under_banish(session, question: dict) -> dict:
    """Can the card's cost be paid while ``banishing`` (a card whose face-up effect banishes cards that would
    be sent to the GY instead) applies: "discard ... to the GY" and "send ... to the GY" cannot, a plain
    "discard" and a Tribute can (the card is banished).  ``act`` narrows the costs to one kind."""
    from . import card_profile
    from .questions import resolve
    from .rules import citation

    banishing = resolve(session, question["banishing"])
    scopes = {m["what"].lower().rstrip("s") for e in card_profile(session, banishing)
              for m in [_BANISH_INSTEAD.search(e.get("text") or "")] if m}
    if question.get("cost_text") and question.get("card") is None:  # a cost the question quotes, no card
        if not scopes:
            return answer_object("unknown", f"{banishing.name}'s text was not read as banishing cards sent to the GY "
                                            "instead", "psct", question["cost_text"])
        return _cost_text_under_banish(question, banishing, scopes)
    card = resolve(session, question["card"])
    if not scopes:
        return _with_card(answer_object("unknown", f"{banishing.name}'s text was not read as banishing cards sent to "
                                             "the GY instead", "psct", card.name), card.name)
    found = set()
    for effect in card_profile(session, card):
        cost = effect.get("cost") or ""
        if "card" not in scopes and not (card.card_type == "Monster" and re.search(r"\bthis card\b", cost)):
            if cost:  # only monsters are banished instead: a cost that is not this monster may move other cards
                found.add(("other", "unknown", "psct", f"{banishing.name} banishes only monsters, and the cost "
                                                       f"\"{cost}\" may move other cards"))
            continue
        hit = next((row for row in _UNDER_BANISH if re.search(row[0], cost, re.I)), None)
        if hit is not None:
            found.add((hit[1], hit[2], hit[3], f"the cost \"{cost}\" {hit[4]}"))
        elif effect.get("cost_categories"):
            found.add(("other", "unknown", "psct", f"the cost \"{cost}\" is not one the banishing was read to change"))
    wanted = _ACT_KINDS.get(question.get("act") or "", None)
    if wanted is not None:
        found = {f for f in found if f[0] in wanted}
    if len({f[1] for f in found}) != 1 or next(iter(found))[1] == "unknown":
        from .sim.requirements_query import placed

        decided = _simulated(session, card.name, placed(banishing), ("cost",)) if wanted is None else None
        if decided is not None:  # the simulator's reading of the costs (kb/engine/sim/requirements.py)
            return decided
        why = ("no cost of it was read as moving cards to the GY" if not found else
               "its costs differ" if len({f[1] for f in found}) > 1 else next(iter(found))[3])
        return _with_card(answer_object("unknown", f"{card.name}: {why}", "psct", card.name), card.name)
    _kind, answer, rule, detail = sorted(found)[0]
    step = {"check": "applying", "result": "pass",
            "detail": f"{banishing.name}: cards that would be sent to the GY are banished instead",
            **citation(rule)}
    return _with_card(answer_object(answer, f"{card.name}: {detail}", rule, card.name, [step]), card.name,
                      ["the card's other activation conditions are taken as met (only its cost is decided)"])


_QUALIFIED = re.compile(r"(?:Tribute|send)\s+(?:\d+|up to \d+|a|one)\s+(?P<qual>[^;.]*?)\s*monsters?(?P<after>[^;.]*)",
                        re.I)


def _face_down_cost(session, question: dict) -> dict:
    """Can a face-down monster be sent to the GY / Tributed as the card's cost: a cost that sends a monster
    meeting requirements cannot take a face-down one; a Tribute can, even with requirements."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    act = question.get("subject")
    verb = r"\bTribute\b" if act == "tribute" else r"\bsend\b[^;.]*to the (?:GY|Graveyard)"
    costs = [e["cost"] for e in card_profile(session, card) if e.get("cost") and re.search(verb, e["cost"], re.I)]
    if len(costs) != 1:
        why = "no cost of it does that" if not costs else "several of its costs do"
        return _with_card(answer_object("unknown", f"{card.name}: {why}", "psct", card.name), card.name)
    cost = costs[0]
    match = _QUALIFIED.search(cost)
    qual = ((match["qual"] or "") + " " + (match["after"] or "")).strip() if match else ""
    qual = re.sub(r"\b(?:you control|from your hand or|from your (?:hand|side of the field)|face-up|from the field|"
                  r"on the field|to the (?:GY|Graveyard)|or|your|side of the field|the field)\b", " ", qual, flags=re.I)
    requirement = bool(re.search(r"\w", qual)) or bool(question.get("qualifier"))
    key = f"{act}+requirement"
    if not requirement or ("face_down_cost", key, "payable") not in FACTS:
        return _with_card(answer_object("unknown", f"{card.name}'s cost \"{cost}\" names no requirement the rule "
                                             "speaks of", "psct", card.name), card.name)
    answer, rule, detail = FACTS[("face_down_cost", key, "payable")]
    assumed = []
    if answer == "yes" and question.get("monster"):
        monster = resolve(session, question["monster"])
        fits = _meets(monster, qual)
        if fits is None:
            return _with_card(answer_object("unknown", f"whether {monster.name} meets \"{qual.strip()}\" is not read",
                                      "psct", card.name), card.name)
        if not fits:
            return _with_card(answer_object("no", f"{monster.name} does not meet the cost's requirement "
                                            f"(\"{qual.strip()}\")", "cost", card.name), card.name)
    elif answer == "yes":
        assumed.append("the face-down monster meets the cost's requirement")
    return _with_card(answer_object(answer, f"{card.name}'s cost \"{cost}\": {detail}", rule, card.name), card.name,
                      assumed)


def _meets(monster, qual: str) -> bool | None:
    """Whether a monster meets a cost's requirement words (its Type, having a Level); None when other words."""
    rest = " ".join(qual.split())
    ok = True
    first = re.match(r"^([A-Z][a-z]+(?:-(?!Type\b)[A-Z][a-z]+)?)(?:-Type)?\b\s*", rest)
    if first and first.group(1).lower() not in ("that", "level"):
        if not monster.monster_type:
            return None
        ok = first.group(1).lower() == monster.monster_type.lower()
        rest = rest[first.end():]
    if re.search(r"that has a Level", rest, re.I):
        ok = ok and monster.level is not None
        rest = re.sub(r"that has a Level", " ", rest, flags=re.I)
    return ok if not re.search(r"\w", rest) else None


def _lp_paid(lp: int, pay, asked: str | None) -> dict:
    """An LP cost of ``pay`` ("half" or N) paid from ``lp``: the LP left, or whether it can be paid."""
    amount = lp - (lp + 1) // 2 if pay == "half" else pay
    said = f"an LP cost of {'half' if pay == 'half' else pay} from {lp} LP"
    if asked == "left":
        if amount > lp:
            return answer_object("unknown", f"{amount} LP cannot be paid from {lp}", "fact_lp_cost_more", said)
        left = lp - amount
        how = f"half of {lp} LP ({lp / 2:g}) leaves {left} (rounded up)" if pay == "half" else \
            f"{amount} of {lp} LP leaves {left}"
        return dict(answer_object("yes", f"paying {how}", "sim_halve_round_up" if pay == "half" else "cost", said),
                    answer=str(left), explanation=f"{left}: paying {how}.")
    rule = "fact_lp_cost_zero" if amount == lp else "fact_lp_cost_more"
    ok = amount <= lp
    return answer_object("yes" if ok else "no", f"{amount} LP {'can' if ok else 'cannot'} be paid from {lp} LP"
                         + (" (it leaves exactly 0)" if amount == lp else ""), rule, said)


def _lp_cost(session, question: dict) -> dict:
    """``{"topic": "lp_cost", "lp": N, "pay"?: M | "half", "card", "asked": "left" | "payable"}``: the LP left
    after paying half (rounded up), or whether the card's LP cost can be paid from N LP."""
    from . import card_profile
    from .questions import resolve
    from ..errors import BadQuestionError

    lp = question.get("lp")
    if not isinstance(lp, int) or isinstance(lp, bool) or lp < 0:
        raise BadQuestionError(f"lp: {lp!r} is not a whole number of LP", field="lp", value=lp)
    pay = question.get("pay")
    if question.get("card") is None:  # an LP cost of no named card: the amount the question gives
        if pay != "half" and (type(pay) is not int or pay < 0):
            raise BadQuestionError(f"pay: {pay!r} is not \"half\" or a whole number of LP", field="pay", value=pay)
        return _lp_paid(lp, pay, question.get("asked"))
    card = resolve(session, question["card"])
    printed = set()
    for effect in card_profile(session, card):
        cost = effect.get("cost") or ""
        if re.search(r"pay(?:ing)? half (?:of )?your LP", cost, re.I):
            printed.add("half")
        else:
            printed |= {int(n) for n in re.findall(r"pay(?:ing)? (\d+) LP", cost, re.I)}
    if len(printed) != 1 or (pay is not None and pay not in printed):
        why = ("it has no LP cost" if not printed else "it has several LP costs" if len(printed) > 1 else
               f"its LP cost is {next(iter(printed))}, not {pay}")
        return _with_card(answer_object("unknown", f"{card.name}: {why}", "cost", card.name), card.name)
    pay = printed.pop()
    amount = lp - (lp + 1) // 2 if pay == "half" else pay
    if question.get("asked") == "left":
        lp_effects = {c for e in card_profile(session, card) for c in (e.get("categories") or [])} & {
            "damage", "lp_change", "lp_gain", "lp_loss"}
        if lp_effects:  # what it does when it resolves could change the LP asked about
            return _with_card(answer_object("unknown", f"{card.name}'s effect also changes LP "
                                                       f"({', '.join(sorted(lp_effects))})", "cost", card.name),
                              card.name)
        left = lp - amount
        if left < 0:
            return _with_card(answer_object("unknown", f"{card.name}'s cost takes {amount} LP, more than {lp}: it cannot "
                                                 "be paid", "fact_lp_cost_more", card.name), card.name)
        how = f"half of {lp} LP ({lp / 2:g})" if pay == "half" else f"{amount} of {lp} LP"
        detail = f"paying {how} as the cost of {card.name} leaves {left}" + (" (rounded up)" if pay == "half" else "")
        rule = "sim_halve_round_up" if pay == "half" else "cost"
        return _with_card(dict(answer_object("yes", detail, rule, card.name), answer=str(left),
                               explanation=f"{left}: {detail}."), card.name,
                          ["the LP right after paying the cost (what the card does when it resolves is not counted)"])
    payable = amount <= lp
    rule = "fact_lp_cost_zero" if amount == lp else "fact_lp_cost_more"
    detail = f"{card.name}'s cost takes {amount} LP of {lp}" + ("" if payable else ": more than the LP left")
    return _with_card(answer_object("yes" if payable else "no", detail, rule, card.name), card.name)


# ------------------------------------------------------------------- more facts read from a card's text


def _trap_monster(session, question: dict) -> dict:
    """A Trap Card that Special Summons itself as a monster: is it an Effect Monster (its text says "as an
    Effect Monster"), can effects that destroy Spells/Traps destroy it (not when it says it is NOT a Trap)."""
    from .questions import resolve

    card = resolve(session, question["card"])
    text = card.text or ""
    summons_itself = card.card_type == "Trap" and re.search(r"Special Summon this card\b[^.]*?as an? (?:Normal|Effect) "
                                                          r"Monster", text, re.I)
    if not summons_itself:
        return _with_card(answer_object("unknown", f"{card.name} was not read as a Trap Card that becomes a monster",
                                  "psct", card.name), card.name)
    not_trap = bool(re.search(r"NOT treated as a Trap", text, re.I))
    asked = question.get("asked")
    if asked == "destroyed_by_spell_trap_effect":
        if not_trap:
            out = answer_object("no", f"{card.name} says it is not treated as a Trap: as a monster it is only a Monster Card",
                          "fact_trap_monster_not_trap", card.name)
        else:
            out = answer_object("yes", f"{card.name} is a Trap Card and a Monster Card while it is a monster",
                          "fact_trap_monster_both", card.name)
    elif asked == "trap_card":  # is it (still) a Trap Card while it is a monster
        out = (answer_object("no", f"{card.name} says it is not treated as a Trap: as a monster it is only a Monster Card",
                             "fact_trap_monster_not_trap", card.name) if not_trap else
               answer_object("yes", f"{card.name} is treated as a Trap Card and a Monster Card while it is a monster",
                             "fact_trap_monster_both", card.name))
    elif asked == "monster_card":
        out = answer_object("yes", f"{card.name} Special Summons itself as a monster: it is a Monster Card while it is "
                            "one", "fact_trap_monster_both", card.name)
    elif asked == "effect_monster" and re.search(r"as an Effect Monster", text, re.I):
        out = answer_object("yes", f"{card.name} becomes a monster with effects of its own (its text: \"as an Effect "
                             "Monster\")", "fact_trap_monster_effect", card.name)
    else:
        out = answer_object("unknown", f"what {card.name} is asked ({asked}) is not read from its text", "psct", card.name)
    return _with_card(out, card.name)


def _win_text(session, question: dict) -> dict:
    """A card's text by which its controller wins the Duel is not an effect (it directly affects the state
    of the game)."""
    from .questions import resolve

    card = resolve(session, question["card"])
    if not re.search(r"\byou win the (?:Duel|Match)\b", card.text or "", re.I):
        return _with_card(answer_object("unknown", f"{card.name}'s text does not say \"you win the Duel\"", "psct",
                                  card.name), card.name)
    return _with_card(answer_object("no", f"{card.name}'s \"you win the Duel\" text directly affects the state of the "
                                    "game: it is not an effect", "fact_win_not_effect", card.name), card.name)


_TARGETS = re.compile(r"\btarget (?:\d+|up to \d+|any number of) (?P<kind>(?:face-up |face-down |Set )?(?:monsters?|"
                      r"Spells?/Traps?|Spell/Trap Cards?|cards?|Spell Cards?|Trap Cards?))(?P<rest>[^;]*?)"
                      r"(?P<where>on the field|you control|your opponent controls|in (?:your|either|your opponent's) "
                      r"(?:GY|Graveyard))", re.I)
# what a "none of these" phrase rules out: kind words -> the card kinds it covers
_NONE_KINDS = {
    "monsters": {"monster", "face-up monster", "face-down monster", "set monster"},
    "face-up monsters": {"face-up monster"},
    "face-down monsters": {"face-down monster", "set monster"},
    "cards": {"card", "monster", "face-up monster", "face-down monster", "set monster", "spell/trap", "spell/trap card",
              "spell card", "trap card", "set card", "face-up card", "face-down card"},
    "spell/trap cards": {"spell/trap", "spell/trap card", "spell card", "trap card"},
    "spells/traps": {"spell/trap", "spell/trap card", "spell card", "trap card"},
}
_NONE_WHERE = {"on the field": {"on the field", "you control", "your opponent controls"},
               "in either gy": {"in your gy", "in either gy", "in your opponent's gy"},
               "in my gy": {"in your gy"}}


def _none_known(none_kind: str | None, none_where: str) -> list | None:
    """The simulator's ``known`` facts of a "there are no <kind> <where>" phrase (requirements.Known)."""
    kind, face = {"monsters": ("monster", None), "face-up monsters": ("monster", "up"),
                  "face-down monsters": ("monster", "down"), "cards": (None, None),
                  "spell/trap cards": ("spell_trap", None), "spells/traps": ("spell_trap", None)}.get(none_kind,
                                                                                                     (0, 0))
    if kind == 0:
        return None
    place = "gy" if "gy" in none_where else {None: "field", "monster": "monsters"}.get(kind, "spells_traps")
    players = ("A",) if none_where == "in my gy" else ("A", "B")
    return [{"player": p, "where": place, **({"kind": kind} if kind else {}), **({"face": face} if face else {})}
            for p in players]


def _target_none(session, question: dict) -> dict:
    """Can the card be activated when there is none of a kind of card where it targets: no, when every
    activated effect of it targets a kind of card that the "none" covers (rule: a target must exist)."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    none_kind, none_where = question.get("none"), question.get("where", "on the field")
    covered, places = _NONE_KINDS.get(none_kind), _NONE_WHERE.get(none_where)
    effects = [e for e in card_profile(session, card) if e.get("kind") in ("activation", "ignition", "quick",
                                                                             "trigger", "flip")]
    hits = [_TARGETS.search(e.get("text") or "") for e in effects]
    if covered is None or places is None or not effects or not all(hits) or len(effects) != 1:
        known = _none_known(none_kind, none_where)
        decided = _simulated(session, card.name, {}, known=known) if known else None
        if decided is not None and decided["answer"] == "no":  # what it needs, read by the simulator
            return decided
        return _with_card(answer_object("unknown", f"{card.name}'s activation was not read as one that targets only "
                                             f"{none_kind} {none_where}", "psct", card.name), card.name)
    hit = hits[0]
    kind = re.sub(r"s$", "", hit["kind"].lower()).replace("spells/traps", "spell/trap").replace("spell/trap cards",
                                                                                               "spell/trap card")
    where = hit["where"].lower().replace("graveyard", "gy")
    if kind not in covered or where not in places:
        return _with_card(answer_object("unknown", f"{card.name} targets {hit['kind']} {hit['where']}, which the question "
                                             f"does not rule out", "psct", card.name), card.name)
    return _with_card(answer_object("no", f"{card.name} must target {hit['kind']} {hit['where']} ({hit.group(0)}); there "
                                    f"are no {none_kind} {none_where}", "fact_target_needed", card.name), card.name)


_GRANTS = re.compile(r"\bgains? (?:this|the following) effects?\b", re.I)


def _gains_effect(session, question: dict) -> dict:
    """A monster that is not an Effect Monster gains an effect from another card whose text grants one ("gains
    this effect"): it is treated as an Effect Monster."""
    from .sim.cards import Catalog

    catalog = Catalog(session)
    monster, giver = catalog.card(question["card"]), catalog.card(question["from"])
    if not monster.is_monster or monster.effects or "Effect" in monster.abilities:
        return _with_card(answer_object("unknown", f"{monster.name} is already an Effect Monster (or not a monster)",
                                        "psct", monster.name), monster.name)
    if not _GRANTS.search(giver.text or ""):
        return _with_card(answer_object("unknown", f"{giver.name}'s text was not read as granting an effect", "psct",
                                        monster.name), monster.name)
    return _with_card(answer_object("yes", f"{monster.name} has no effect of its own and gains one from {giver.name}: "
                                           "it is treated as an Effect Monster", "fact_gains_effect", monster.name),
                      monster.name)


_EACH_DRAW = re.compile(r"\beach time you draw (?:a card\(s\)|a card \(or cards\)|cards?\b)[^.]*?\bgain (\d+) "
                        r"(?:LP|Life Points)", re.I)
_DRAWS = re.compile(r"\bdraw (\d+|a|one|two|three) cards?\b", re.I)
_NUMBER = {"a": 1, "one": 1, "two": 2, "three": 3}


def _draw_gain(session, question: dict) -> dict:
    """LP gained by a card applied "each time you draw a card(s)" when another card draws N cards at once: one
    draw, so one gain (rule fact_draw_once)."""
    from .sim.cards import Catalog

    catalog = Catalog(session)
    applying, drawer = catalog.card(question["card"]), catalog.card(question["by"])
    gain = _EACH_DRAW.search(applying.text or "")
    draws = _DRAWS.findall(drawer.text or "")
    said = question.get("count")
    if re.search(r"\b(?:gain|recover|increase)\w*\b[^.]*\b(?:LP|Life Points)\b", drawer.text or "", re.I):
        return _with_card(answer_object("unknown", f"{drawer.name} itself changes LP", "psct", applying.name),
                          applying.name)
    if gain is None or len(draws) != 1:
        why = (f"{applying.name}'s text was not read as a gain each time cards are drawn" if gain is None else
               f"{drawer.name}'s text was not read as one draw")
        return _with_card(answer_object("unknown", why, "psct", applying.name), applying.name)
    count = int(draws[0]) if draws[0].isdigit() else _NUMBER[draws[0].lower()]
    if said is not None and said != count:
        return _with_card(answer_object("unknown", f"{drawer.name} draws {count}, not {said}", "psct", applying.name),
                          applying.name)
    amount = int(gain.group(1))
    detail = (f"{drawer.name} draws {count} card(s) at once: one draw, so {applying.name} gains {amount} LP once")
    return _with_card(dict(answer_object("yes", detail, "fact_draw_once", applying.name), answer=str(amount),
                           explanation=f"{amount}: {detail}."), applying.name)


def _halve(session, question: dict) -> dict:
    """``{"topic": "halve", "value": N, "what": "atk" | "def" | "lp"}``: N halved by an effect, a decimal rounded
    up (no card is read: the value the question gives)."""
    from ..errors import BadQuestionError

    value, what = question.get("value"), question.get("what")
    if type(value) is not int or value < 0:
        raise BadQuestionError(f"value: {value!r} is not a whole number", field="value", value=value)
    if what not in ("atk", "def", "lp"):
        raise BadQuestionError(f"what: {what!r} is not one of atk, def, lp", field="what", value=what)
    half = (value + 1) // 2
    said = f"{what.upper()} {value} halved"
    how = f"{value} halved is {value / 2:g}, rounded up to {half}" if value % 2 else f"{value} halved is {half}"
    return dict(answer_object("yes", how, "sim_halve_round_up", said), answer=str(half), explanation=f"{half}: {how}.")


def _cost_text_under_banish(question: dict, banishing, scopes: set[str]) -> dict:
    """A cost the question quotes ("discard this card to the GY", "discard 1 card"), no card named, while
    ``banishing`` applies: the same rows as for a card's own cost."""
    from .rules import citation

    text = question["cost_text"]
    said = f"the cost \"{text}\""
    hit = next((row for row in _UNDER_BANISH if re.search(row[0], text, re.I)), None)
    if hit is None or "card" not in scopes:
        why = (f"{banishing.name} banishes only {'/'.join(sorted(scopes))}s, and the cost may move other cards"
               if hit is not None else "it is not a cost the banishing was read to change")
        return answer_object("unknown", f"{said}: {why}", "psct", said)
    _kind, answer, rule, detail = hit[1:]
    step = {"check": "applying", "result": "pass",
            "detail": f"{banishing.name}: cards that would be sent to the GY are banished instead", **citation(rule)}
    return answer_object(answer, f"{said} {detail}", rule, said, [step])


def _targets(session, question: dict) -> dict:
    """``{"topic": "targets", "card", "effect"?}``: does the card (its effects; ``effect``: only those of one kind,
    "flip", "quick" ...) target?  Read from each activated effect's profile (an effect targets when its text says
    "target"; a card with no activated effect, from its other effects): all do -> yes, none -> no, some ->
    unknown (which effect?); an effect that is not activated but says "target" -> unknown."""
    from . import card_profile
    from .questions import resolve

    card = resolve(session, question["card"])
    kind = question.get("effect")
    profile = [e for e in card_profile(session, card) if e.get("kind") != "rule" and (not kind or e.get("kind") == kind)
               and (question.get("index") is None or e.get("index") == question["index"])]
    activated = [e for e in profile if e.get("kind") in ("activation", "ignition", "quick", "trigger", "flip")]
    said = f"does {card.name} target"
    unsure = [e for e in profile if e not in activated
              and re.search(r"\btarget (?:\d|up to|any|a |an |one)", e.get("text") or "", re.I)]
    flags = {bool(e.get("targets")) for e in (activated or profile) if e.get("targets") is not None}
    if len(flags) != 1 or unsure:
        why = ("an effect of it that is not activated speaks of a target" if unsure else
               "some of its effects target and some do not" if flags else "no effect of it was read")
        return _with_card(answer_object("unknown", f"{card.name}: {why}", "fact_targets_word", said), card.name)
    targets = flags.pop()
    detail = (f"{card.name}'s text says \"target\": it targets" if targets else
              f"{card.name}'s text never says \"target\": it does not target")
    return _with_card(answer_object("yes" if targets else "no", detail, "fact_targets_word", said), card.name)


CARD_TOPICS = {"halve": _halve, "targets": _targets, "draw_gain": _draw_gain, "gains_effect": _gains_effect, "cost_part": _cost_part, "cost_under_banish": _cost_under_banish, "face_down_cost": _face_down_cost,
               "lp_cost": _lp_cost, "trap_monster": _trap_monster, "win_text": _win_text, "target_none": _target_none}
