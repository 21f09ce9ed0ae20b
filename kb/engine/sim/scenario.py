"""The ``{"ask": "scenario"}`` question: normalise it (errors name field and value), build the state, run the
actions through the simulator, and answer the query with steps (cites and quote), ``replay`` and
``assumed``.  See docs/simulator.md for the JSON.
"""

from __future__ import annotations

from sqlmodel import Session

from ...errors import BadQuestionError
from .. import rules
from . import battle
from .actions import parse_action
from .cards import Catalog
from .game import Game
from .known import parse_declared, parse_known
from .rulebook import DEFAULT_RULESET, RULESETS
from .setup import bad, build_state
from .state import PLAYERS
from .triggers import segoc_order
from .triggers_segoc import check_segoc_query, segoc_query

__all__ = ["QUERY_KINDS", "normalise_scenario", "answer_scenario", "run"]

QUERY_KINDS = ("legal", "outcome", "order", "activates", "requirements")
_FIELDS = {"ask", "ruleset", "state", "actions", "query"}
_OUTCOME_FIELDS = ("lp", "where", "destroyed", "replay", "damage", "count", "normal_summons", "whose", "counters",
                   "zone", "fate", "atk_change")
_PILES = ("hand", "deck", "gy", "banished", "extra", "field")


def normalise_scenario(question: dict) -> dict:
    """Validate the top level, the actions and the query (the state is validated while it is built)."""
    unknown = sorted(set(question) - _FIELDS)
    if unknown:
        raise bad(unknown[0], question[unknown[0]], "unknown field for a scenario question")
    ruleset = question.get("ruleset", DEFAULT_RULESET)
    if ruleset not in RULESETS:
        raise bad("ruleset", ruleset, f"expected one of {', '.join(RULESETS)}")
    raw_actions = question.get("actions", [])
    if not isinstance(raw_actions, list):
        raise bad("actions", raw_actions, "must be a list of actions")
    actions = [parse_action(raw, i) for i, raw in enumerate(raw_actions)]
    query = question.get("query", {"kind": "outcome"})
    if not isinstance(query, dict):
        raise bad("query", query, "must be an object with \"kind\"")
    kind = query.get("kind")
    if kind not in QUERY_KINDS:
        raise bad("query.kind", kind, f"expected one of {', '.join(QUERY_KINDS)}")
    allowed = {"kind", "card", "effect", "is", "over", "misses", "any", "segoc", "player", "from", "about", "timing", *_OUTCOME_FIELDS}
    extra = sorted(set(query) - allowed)
    if extra:
        raise bad(f"query.{extra[0]}", query[extra[0]], "unknown field for a query")
    if kind == "legal" and not actions:
        raise bad("actions", raw_actions, "a legal query asks about the last action: give at least one")
    if kind in ("activates", "requirements") and not isinstance(query.get("card"), str):
        raise bad("query.card", query.get("card"), f"an {kind} query names a card")
    if kind == "requirements":  # can X be activated in this state (requirements.py)
        if query.get("player", "A") not in PLAYERS:
            raise bad("query.player", query.get("player"), "must be A or B")
        if "from" in query and (not isinstance(query["from"], list) or set(query["from"]) - {"hand", "field", "gy",
                                                                                             "banished"}):
            raise bad("query.from", query["from"], "must be a list of hand, field, gy, banished")
        if query.get("about", "all") not in ("all", "cost"):
            raise bad("query.about", query.get("about"), "must be all or cost")
        if query.get("timing", "stated") != "stated":
            raise bad("query.timing", query.get("timing"), "is \"stated\" (the question states a moment: never yes)")
    asked = [f for f in _OUTCOME_FIELDS if f in query]
    if len(asked) > 1:
        raise bad(f"query.{asked[1]}", query[asked[1]], "an outcome query asks one thing")
    for key in ("lp", "damage", "normal_summons"):
        if key in query and query[key] not in PLAYERS and not (key == "damage" and query[key] in ("total", "who")):
            raise bad(f"query.{key}", query[key], "must be A or B" + (" (or total, who)" if key == "damage" else ""))
    if "any" in query and (query["any"] is not True or not isinstance(query.get("destroyed"), list)):
        raise bad("query.any", query["any"], "is true, with a list of cards in destroyed (\"is either destroyed?\")")
    if "count" in query:
        count = query["count"]
        if not isinstance(count, dict) or count.get("player") not in PLAYERS or count.get("pile") not in _PILES or \
                set(count) - {"player", "pile"}:
            raise bad("query.count", count, f"must be {{\"player\": \"A\"|\"B\", \"pile\": {'|'.join(_PILES)}}}")
    for key in ("where", "destroyed", "whose", "counters", "zone", "fate", "atk_change"):
        names = query.get(key)  # "destroyed" may list several cards ("are both destroyed": every one)
        if not (key == "destroyed" and isinstance(names, list) and names):
            names = [names] if key in query else []
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise bad(f"query.{key}", query[key], "must name a card" + (" (or a list of cards)" if key == "destroyed"
                                                                        else ""))
    if "is" in query:  # "do I take 500 damage?": yes/no whether the value asked is this one
        if kind != "outcome" or not any(f in query for f in ("lp", "damage", "count", "where", "normal_summons",
                                                             "counters", "zone", "atk_change")):
            raise bad("query.is", query["is"], "compares the value of an outcome query that asks lp, damage, count "
                                               "or where")
        if type(query["is"]) not in (int, str):
            raise bad("query.is", query["is"], "must be a number or a word")
    if "segoc" in query:  # a question about the next chain the waiting triggers build (triggers_segoc.py)
        if kind != "order":
            raise bad("query.segoc", query["segoc"], "asks about the next chain, with an order query")
        check_segoc_query(query["segoc"])
    if "misses" in query and (kind != "activates" or query["misses"] is not True):
        raise bad("query.misses", query["misses"], "is true, with an activates query (\"does it miss the timing?\")")
    if "over" in query:  # "does my opponent take damage?": yes/no whether the number asked is above this one
        if kind != "outcome" or "is" in query or not any(f in query for f in ("lp", "damage", "count",
                                                                             "normal_summons", "counters",
                                                                             "atk_change")):
            raise bad("query.over", query["over"], "compares the number of an outcome query that asks lp, damage "
                                                   "or count (not with \"is\")")
        if type(query["over"]) is not int:
            raise bad("query.over", query["over"], "must be an integer")
    return {"ruleset": ruleset, "state": question.get("state"), "actions": actions, "query": query}


def run(session: Session, scenario: dict) -> Game:
    """Build the state and apply the actions (all but the last for a ``legal`` query keep going only while legal)."""
    catalog = Catalog(session)
    spec = scenario["state"]  # facts stated of places, card names declared (requirements.py)
    stated = {k: spec.get(k) for k in ("known", "declared")} if isinstance(spec, dict) else {}
    if any(v is not None for v in stated.values()):
        spec = {k: v for k, v in spec.items() if k not in stated}
    state = build_state(catalog, spec, scenario["ruleset"])
    state.known = parse_known(stated.get("known"), "state.known")
    state.declared = parse_declared(stated.get("declared"), "state.declared")
    game = Game(state, catalog)
    game.say(f"start: {state.turn}'s turn {state.turn_number}, {state.phase}"
             + (f", {state.step} step" if state.step else "") + f"; LP A {state.players['A'].lp}, "
             f"B {state.players['B'].lp}")
    for action in scenario["actions"]:
        game.apply(action)
        if game.illegal is not None:
            break
    return game


def answer_scenario(session: Session, question: dict) -> dict:
    """Answer a scenario question (see docs/simulator.md)."""
    scenario = normalise_scenario(question)
    game = run(session, scenario)
    query = scenario["query"]
    kind = query["kind"]
    ruleset = RULESETS[scenario["ruleset"]]
    last_index = len(scenario["actions"]) - 1
    if kind not in ("legal", "requirements") and game.illegal is None:
        game.finish()  # (a requirements query weighs the lasting effects itself: requirements.py)
    steps = list(game.steps)
    answer, explanation, extra = "unknown", "", {}
    if game.illegal is not None and not (kind == "legal" and game.illegal[0] == last_index):
        index, legality = game.illegal
        check = legality.first("fail")
        answer = "unknown"
        explanation = (f"action {index} ({scenario['actions'][index]['do']}) is not legal: {check.detail}; the "
                       f"scenario cannot happen as described.")
    elif kind == "legal":
        legality = game.last_legality
        answer = legality.answer
        decisive = legality.first("fail") if answer == "no" else legality.first("unknown")
        action = scenario["actions"][-1]
        card = action.get("card")
        if isinstance(card, dict):  # a card of a kind
            from ..generic import describe_class
            card = describe_class(card["class"]) if card["class"] else "a card"
        subject = f"{action['do'].replace('_', ' ')} {card or action.get('attacker') or ''}".strip()
        if decisive is not None:
            explanation = f"{subject}: {answer}: {decisive.detail}."
        else:
            explanation = f"{subject}: yes: " + "; ".join(c.detail for c in legality.checks[-3:] if hasattr(c, "detail")) + "."
        earlier = game.unmodelled[:getattr(game, "unmodelled_before", 0)]
        if earlier and answer != "unknown":
            explanation = (f"unknown: before this action the simulator could not model {'; '.join(earlier)} (it would "
                           f"have answered {answer}: {explanation})")
            answer = "unknown"
    else:
        if game.illegal is not None:
            index, legality = game.illegal
            explanation = f"action {index} is not legal: {legality.first('fail').detail}."
        elif kind == "activates":
            answer, explanation = _activates(game, query, steps)
            if query.get("misses"):  # "does it miss the timing?": yes only when it was traced to miss it
                timing = _traced_timing(game, query)
                answer = {"misses": "yes", "activates": "no"}.get(timing, "unknown")
                explanation = f"does it miss the timing: {answer}: {explanation}"
        elif kind == "requirements":
            from .requirements_query import answer_requirements

            answer, explanation = answer_requirements(game, query, steps)
        elif kind == "order":
            answer, explanation, extra = segoc_query(game, query["segoc"]) if "segoc" in query else _order(game)
        else:
            answer, explanation, extra = _outcome(game, query)
            if "normal_summons" in query:  # the count applies the once-a-turn rule (and what granted more)
                steps.append({"check": "Normal Summons left", "result": "pass", "detail": explanation.rstrip("."),
                              **rules.citation("sim_normal_summon_once")})
            if "is" in query:
                asked = str(query["is"]).lower()
                explanation = f"{explanation} (asked: {query['is']})"
                answer = "yes" if answer.lower() == asked else "no"
            elif "over" in query:
                explanation = f"{explanation} (asked: more than {query['over']})"
                answer = "yes" if int(answer) > query["over"] else "no"
        if kind != "activates" and "segoc" not in query:  # (a segoc query asks about those very triggers)
            game.note_unactivated()
        # battle damage is dealt at damage calculation: a trigger activating after it cannot change it
        if "damage" in query:
            waiting = battle.before_damage(game)
        elif "destroyed" in query:  # the names as resolved (query names may be ids or other spellings)
            asked = query["destroyed"] if isinstance(query["destroyed"], list) else [query["destroyed"]]
            waiting = battle.before_destruction(game, [game.catalog_card(n, "query.destroyed").name for n in asked])
        else:
            waiting = game.unactivated
        for text in waiting:
            game.unmodelled_part(text)
        if game.unmodelled and answer != "unknown":
            explanation = (f"unknown: the simulator does not model {'; '.join(game.unmodelled)} "
                           f"(it would have answered {answer}: {explanation})")
            answer = "unknown"
    if not steps:
        steps.append({"check": "scenario", "result": "pass", "detail": "the actions were simulated",
                      **rules.citation("turn_structure")})
    out = {"answer": answer, "card": None, "resolved": {"cards": _names(game)},
           "explanation": explanation, "steps": steps, "assumed": game.assumed,
           "rulings": [], "ruling_details": [], "ruleset": scenario["ruleset"], "ruleset_title": ruleset["title"],
           "replay": game.replay}
    if game.unmodelled:
        out["not_modelled"] = list(game.unmodelled)
    out.update(extra)
    return out


def _names(game: Game) -> list[str]:
    seen = []
    for inst in game.state.cards.values():
        if inst.name not in seen:
            seen.append(inst.name)
    return seen


def _traced_timing(game: Game, query: dict) -> str | None:
    """``activates`` / ``misses`` / ``unknown`` for the asked card's trigger traced from the log, or None."""
    card = game.catalog_card(query["card"].strip(), "query.card")
    results = [t.result for t in game.pending if t.inst.name == card.name and
               ("effect" not in query or t.effect == query["effect"])]
    return next((r for r in ("activates", "misses", "unknown") if r in results), None)


def _activates(game: Game, query: dict, steps: list) -> tuple[str, str]:
    ref = query["card"].strip()
    card = game.catalog_card(ref, "query.card")
    hits = [t for t in game.pending if t.inst.name == card.name and
            ("effect" not in query or t.effect == query["effect"])]
    if hits:
        best = sorted(hits, key=lambda t: {"activates": 0, "misses": 1, "unknown": 2}.get(t.result, 3))[0]
        steps.extend(best.steps)
        if best.result == "activates":
            must = " (it is mandatory: it must be activated)" if best.mandatory else ""
            return "yes", f"{card.name} can be activated{must}: {best.detail}."
        if best.result == "misses":
            return "no", f"{card.name} misses the timing: {best.detail}."
        return "unknown", f"{card.name}: {best.detail}."
    effects = [e for e in card.effects if ("effect" not in query or e["index"] == query["effect"])]
    if any(e["kind"] == "unknown" for e in effects):
        return "unknown", f"part of {card.name}'s text could not be read, so its trigger cannot be checked."
    triggers = [e for e in effects if e["kind"] in ("trigger", "flip") or
                (e["kind"] == "activation" and (e.get("condition") or {}).get("events"))]
    if not triggers:
        return "unknown", f"{card.name} has no trigger effect or event condition the simulator reads."
    for effect in triggers:
        for pattern in (effect.get("condition") or {}).get("events", []):
            if pattern.get("subject") not in ("this_card", "monster") or pattern.get("type") not in ("summon",
                                                                                                    "card_event"):
                return "unknown", (f"{card.name}'s condition \"{(effect.get('condition') or {}).get('raw')}\" is of a "
                                   f"kind the simulator does not trace.")
    steps.append({"check": "trigger condition", "result": "fail",
                  "detail": f"no event in the simulated log meets {card.name}'s condition",
                  **rules.citation("trigger", "activation_condition")})
    return "no", f"nothing that happened meets {card.name}'s trigger condition, so it cannot be activated now."


def _order(game: Game) -> tuple[str, str, dict]:
    chain = game.state.last_chain
    names = [game.state.cards[link.uid].name for link in reversed(chain)]
    extra = {"order": names}
    text = ("resolution order (last link first): " + ", ".join(names)) if names else "no chain was built"
    segoc = segoc_order(game, game.pending)
    if segoc is not None:
        extra["next_chain"] = segoc["order"]
        extra["groups"] = segoc["groups"]
        text += "; the next chain (SEGOC, link 1 first): " + ", ".join(segoc["order"])
    return ("yes" if names or segoc else "unknown"), text + ".", extra


def _outcome(game: Game, query: dict) -> tuple[str, str, dict]:
    state = game.state
    cards = {}
    for inst in state.cards.values():
        cards.setdefault(inst.name, []).append(inst.where())
    destroyed = sorted({state.cards[e.uid].name for e in state.log if e.kind in ("destroyed", "destroyed_by_battle")})
    outcome = {"lp": {p: state.players[p].lp for p in PLAYERS}, "cards": cards, "destroyed": destroyed,
               "activated": game.activated, "missed_timing": game.missed, "replays": state.replays,
               "winner": state.winner,
               "battle_damage": {p: sum(e.amount or 0 for e in state.log if e.kind == "takes_damage" and
                                        e.by == "battle" and e.player == p) for p in PLAYERS}}
    extra = {"outcome": outcome}
    if "lp" in query:
        lp = state.players[query["lp"]].lp
        return str(lp), f"{query['lp']} has {lp} LP.", extra
    if "damage" in query:
        if query["damage"] == "total":  # "how much battle damage is dealt?": to either player
            dmg = sum(outcome["battle_damage"].values())
            return str(dmg), f"{dmg} battle damage was dealt in all (A took {outcome['battle_damage']['A']}, B " \
                             f"{outcome['battle_damage']['B']}).", extra
        if query["damage"] == "who":  # "who takes battle damage?": A, B, both or neither (with the amounts)
            took = {p: d for p, d in outcome["battle_damage"].items() if d}
            said = ", ".join(f"{p} took {d}" for p, d in took.items())
            who = "neither player (no one takes battle damage)" if not took else "both players" if len(took) == 2 else next(iter(took))
            return (f"{who} ({said})" if took else who), (f"{said} battle damage." if took else
                                                           "no player took battle damage."), extra
        dmg = outcome["battle_damage"][query["damage"]]
        return str(dmg), f"{query['damage']} took {dmg} battle damage.", extra
    if "replay" in query:
        return ("yes" if state.replays else "no"), ("a replay occurred." if state.replays else "no replay occurred."), \
            extra
    if "where" in query:
        card = game.catalog_card(query["where"], "query.where")
        places = [i for i in state.cards.values() if i.card.name == card.name]
        if not places:
            raise BadQuestionError(f"query.where: {card.name} is not in the scenario", "query.where", query["where"])
        locs = sorted({("field" if i.on_field else i.location) for i in places})
        return "/".join(locs), f"{card.name} is " + ", ".join(i.where() for i in places) + ".", extra
    if any(k in query for k in ("whose", "counters", "zone", "fate", "atk_change")):  # stated.py outcomes
        return _whose_or_counters(game, query, extra)
    if "normal_summons" in query:  # Normal Summons/Sets left this turn: 1 + those granted - those used
        rec = state.records[query["normal_summons"]]
        left = max(0, 1 + rec.extra_normal_summons - rec.normal_summons_used)
        return str(left), (f"{query['normal_summons']} can still Normal Summon/Set {left} time(s) this turn (1 a "
                           f"turn, {rec.extra_normal_summons} more granted, {rec.normal_summons_used} used)."), extra
    if "count" in query:
        player, pile = query["count"]["player"], query["count"]["pile"]
        if pile == "field":
            number = sum(1 for i in state.cards.values() if i.on_field and i.controller == player)
        else:
            number = state.pile_count(player, pile)
        return str(number), f"{player} has {number} card(s) in the {pile}.", extra
    if "destroyed" in query:
        asked = query["destroyed"] if isinstance(query["destroyed"], list) else [query["destroyed"]]
        cards = [game.catalog_card(name, "query.destroyed") for name in asked]
        said = [f"{c.name} was {'destroyed' if c.name in destroyed else 'not destroyed'}" for c in cards]
        test = any if query.get("any") else all  # "any": is either of them destroyed?
        return ("yes" if test(c.name in destroyed for c in cards) else "no"), "; ".join(said) + ".", extra
    return "done", (f"LP: A {outcome['lp']['A']}, B {outcome['lp']['B']}; destroyed: {', '.join(destroyed) or 'none'};"
                    f" missed the timing: {', '.join(game.missed) or 'none'}."), extra


def _whose_or_counters(game: Game, query: dict, extra: dict) -> tuple[str, str, dict]:
    """``whose``: the player whose field (its controller) or pile (its owner) the card is in; ``counters``: how
    many counters are on it."""
    key = next(k for k in ("whose", "counters", "zone", "fate", "atk_change") if k in query)
    card = game.catalog_card(query[key], f"query.{key}")
    places = [i for i in game.state.cards.values() if i.card.name == card.name]
    if len(places) != 1:
        raise BadQuestionError(f"query.{key}: {card.name} is in the scenario {len(places)} times (name one by its "
                               f"id)" if places else f"query.{key}: {card.name} is not in the scenario",
                               f"query.{key}", query[key])
    inst = places[0]
    if key == "counters":
        return str(inst.counters), f"{inst.name} has {inst.counters} counter(s) ({inst.where()}).", extra
    if key == "atk_change":  # the ATK change a stated effect still applies to it (0 once it no longer does)
        return str(inst.atk_change), f"{inst.name}'s ATK is changed by {inst.atk_change:+d} ({inst.where()}).", extra
    if key == "zone":  # "emz" / "monster" / "spell_trap" / "field_zone", or the pile it is in
        return inst.location, f"{inst.name} is in {inst.where()}.", extra
    if key == "fate":
        return _fate(game, inst), f"{inst.name}: {inst.where()}.", extra
    player = inst.controller if inst.on_field else inst.owner
    return player, f"{inst.name} is in {player}'s " + ("field" if inst.on_field else "pile") + f": {inst.where()}.", \
        extra


def _fate(game: Game, inst) -> str:
    """What became of a card, in words: "it is destroyed and sent to the Graveyard", "it returns to the field" ..."""
    kinds = [e.kind for e in game.state.log if e.uid == inst.uid]
    if inst.on_field:
        moved = any(k in ("returned_to_field", "control_changed") for k in kinds)
        return f"it {'returns to' if moved else 'stays on'} the field ({inst.where()})"
    place = {"gy": "sent to the Graveyard", "banished": "banished", "hand": "returned to the hand",
             "deck": "returned to the Deck", "extra": "returned to the Extra Deck"}[inst.location]
    last = max((i for i, e in enumerate(game.state.log) if e.uid == inst.uid and e.kind in
                ("sent_to_gy", "banished", "added_to_hand", "returned")), default=None)
    how = next((e.by for e in game.state.log if e.uid == inst.uid and e.kind in ("destroyed", "destroyed_by_battle")
                and last is not None and e.step == game.state.log[last].step), None)
    if how is None:
        return f"it is {place}"
    by = {"rule": "by the rules, not by a card effect", "battle": "by battle", "effect": "by a card effect"}.get(
        how, f"by {how}")
    return f"it is destroyed and {place} (it is destroyed, {place}, {by})"
