"""Stories of a cost or a move read onto simulator scenarios (``{"ask": "scenario"}``, docs/simulator.md):
"I Special Summon X by discarding Y" (a Summon procedure's cost, :mod:`kb.engine.sim.costs`), "X is sent from
my hand to the GY by Y's effect" (sent is not discarded), "I discard X as the cost of Y and add it back",
each followed by "can X's effect be activated?" / "does X miss the timing?", decided by the simulator from
its log.  The cards named must do what the story says (Y's text discards / sends from the hand; X's procedure
discards), read whole or not at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .scenario_cost import _CARD, _GY, _ent, _flatten, _quote_fits
from .scenario_draft import Draft
from .shapes import first_reading
from .skeleton import Skeleton

__all__ = ["read_cost_story"]


def _asked_trigger() -> str:
    """ "Can X's [word | quoted condition] effect be activated / activate?" or "Does X miss the timing?" """
    return (
        rf"(?:(?:can|does|will|would) (?P<x>{_CARD})(?: (?P<desc>[a-z-]+)| (?P<quote>(?:if|when) [a-z0-9 -]+?))? "
        rf"(?:effect )?(?:still )?(?:be activated|activate|trigger)(?: afterwards| after that)?|(?:does|will|would) "
        rf"(?P<xm>{_CARD})(?: (?P<descm>[a-z-]+))?(?: effect)? (?P<miss>miss) (?:the |its )?timing)"
    )


def _trigger_query(m: re.Match, cards, wanted: str) -> dict | None:
    """The ``activates`` query of the card asked about, when it is the card of the story and its trigger is
    the only one (or the one its quoted condition names)."""
    asked = cards(_ent(m["x"] or m["xm"]))
    if asked is None or asked.name != wanted:
        return None
    triggers = [e for e in asked.effects if e["kind"] in ("trigger", "flip")]
    if m["quote"]:
        if not _quote_fits(asked, m["quote"]):
            return None
        triggers = [e for e in triggers if _quote_fits(asked, m["quote"]) and
                    " ".join(m["quote"].split()) in " ".join(re.sub(r"[^\w\s-]", " ", (e.get("text") or "").lower()).split())]
    if len(triggers) != 1:
        return None
    query = {"kind": "activates", "card": asked.name, "effect": triggers[0]["index"]}
    if m["miss"]:
        query["misses"] = True
    return query


_PROCEDURE = re.compile(r"Special Summon this card \(from your hand\) by (discarding|Tributing|sending|banishing)", re.I)


def _story_summon_cost(m: re.Match, cards):
    """ "I Special Summon X by discarding Y. Can Y's effect be activated?": X's own procedure, Y its cost."""
    summoned, paid = cards(_ent(m["s"])), cards(_ent(m["c"]))
    if summoned is None or paid is None or summoned.name == paid.name:
        return None
    procedure = _PROCEDURE.search(summoned.text)
    if procedure is None or procedure.group(1).lower() != m["verb"]:
        return None
    query = _trigger_query(m, cards, paid.name)
    if query is None:
        return None
    key = {"discarding": "discard", "tributing": "tribute", "sending": "send", "banishing": "banish"}[m["verb"]]
    draft = Draft(card_of=cards)
    draft.player("A")["hand"] = [summoned.name] + ([paid.name] if key in ("discard", "send", "banish") else [])
    if key == "tribute":
        draft.player("A")["monsters"] = [paid.name]
    draft.actions.append({"do": "special_summon", "card": summoned.name, "how": "procedure",
                          "cost": {key: [paid.name]}})
    said = f"A Special Summons {summoned.name} by its own procedure, {m['verb']} {paid.name} as its cost"
    return draft.question(query), said, _asked_said(query)


def _asked_said(query: dict) -> str:
    if query.get("misses"):
        return f"does {query['card']}'s effect miss the timing"
    return f"can {query['card']}'s effect be activated"


_SENDS_FROM_HAND = re.compile(r"\bsend\b[^.;]*?\bfrom your hand to the (?:GY|Graveyard)", re.I)
_DISCARDS = re.compile(r"\bdiscard", re.I)


def _story_moved_from_hand(m: re.Match, cards):
    """ "X is sent from my hand to the GY (discarded) by Y's effect. Can X's effect activate?" """
    moved, by = cards(_ent(m["c"])), cards(_ent(m["y"]))
    if moved is None or by is None or moved.name == by.name:
        return None
    discarded = bool(m["discarded"])
    if not (_DISCARDS if discarded else _SENDS_FROM_HAND).search(by.text):
        return None  # the card named as doing it does not do that
    query = _trigger_query(m, cards, moved.name)
    if query is None:
        return None
    draft = Draft(card_of=cards)
    draft.player("A")["hand"] = [moved.name]
    move = {"do": "move", "card": moved.name, "to": "gy", "by": "effect"}
    if discarded:
        move["discarded"] = True
    draft.actions.append(move)
    verb = "discarded" if discarded else "sent from the hand to the GY (not discarded)"
    return draft.question(query), f"{moved.name} is {verb} by {by.name}'s effect", _asked_said(query)


def _story_cost_then_back(m: re.Match, cards):
    """A card paid as a cost of Y, then returned by Y's effect, and whether its own trigger activates."""
    paid, card = cards(_ent(m["c"])), cards(_ent(m["y"]))
    if paid is None or card is None or paid.name == card.name:
        return None
    if m["c2"] and cards(_ent(m["c2"])) is not None and cards(_ent(m["c2"])).name != paid.name:
        return None
    query = _trigger_query(m, cards, paid.name)
    if query is None:
        return None
    draft = Draft(card_of=cards)
    draft.player("A")["hand"] = [card.name, paid.name] if card.card_type != "Monster" else [paid.name]
    draft.actions.append({"do": "activate", "card": card.name, "cost": {"discard": [paid.name]},
                          "targets": [paid.name]})
    query = dict(query)
    return draft.question(query), (f"A discards {paid.name} as the cost of {card.name}, whose effect adds it back "
                                   "to the hand"), _asked_said(query)


def _story_tributes_materials(m: re.Match, cards):
    """ "I Tribute Summon X by Tributing Y" / "I Synchro (Link, Fusion) Summon X using Y (and Z)", then whether
    Y's trigger can be activated: the Summon is performed after the Tributes / materials (a later step)."""
    summoned, used = cards(_ent(m["s"])), cards(_ent(m["c"]))
    if summoned is None or used is None or not summoned.is_monster or not used.is_monster or \
            summoned.name == used.name:
        return None
    second = cards(_ent(m["d"])) if m["d"] and m["d"].startswith("e") else None
    query = _trigger_query(m, cards, used.name) or (
        _trigger_query(m, cards, second.name) if second is not None else None)
    if query is None:
        return None
    draft = Draft(card_of=cards)
    if not m["how"]:  # a Tribute Summon: a Level 5 or higher monster from the hand, Tributing the monster
        if (summoned.tributes_needed() or 0) != 1 or summoned.extra_deck_frame:
            return None  # one Tribute is what the story gives
        draft.player("A")["monsters"] = [used.name]
        draft.player("A")["hand"] = [summoned.name]
        draft.actions.append({"do": "normal_summon", "card": summoned.name, "tributes": [used.name]})
        return draft.question(query), f"A Tribute Summons {summoned.name}, Tributing {used.name}", _asked_said(query)
    how = m["how"]
    if summoned.extra_deck_frame != how.title():
        return None
    materials = [used.name]
    other = cards(_ent(m["d"])) if m["d"] and m["d"].startswith("e") else None
    if m["d"] and m["d"].startswith("e") and (other is None or not other.is_monster or other.name == used.name):
        return None
    draft.player("A")["monsters"] = [used.name]
    if other is not None:
        draft.player("A")["monsters"].append(other.name)
        materials.append(other.name)
    elif m["d"]:
        materials.append(draft.add_monster("A", "monsters", "another monster", level=4))
    draft.player("A")["extra"] = [summoned.name]
    draft.actions.append({"do": "special_summon", "card": summoned.name, "how": how, "materials": materials})
    return (draft.question(query), f"A {how.title()} Summons {summoned.name} using {', '.join(materials)} as "
                                   "materials", _asked_said(query))


_NEGATES_KIND = re.compile(r"\bNegate (?:all|the effects of all) (?:other )?(?:face-up )?(?P<kind>Trap|Spell|monster)"
                           r"(?: Card)?s?(?:'s)? effects?", re.I)


def _story_cost_negated(m: re.Match, cards):
    """ "(While Z is applying,) I activate X by discarding Y. X's effect is negated. Can Y's effect be
    activated?": X's cost paid, its effect negated when it resolves (stated; a Z named must negate effects of
    X's kind), then whether Y's trigger can be activated."""
    card, paid, again = cards(_ent(m["a"])), cards(_ent(m["y"])), cards(_ent(m["a2"]))
    if card is None or paid is None or card.name == paid.name or again is None or again.name != card.name:
        return None
    if not any(re.search(r"\bdiscard", e.get("cost") or "", re.I) for e in card.effects):
        return None  # the card named does not discard as its cost
    said = ""
    if m["z"]:
        lasting = cards(_ent(m["z"]))
        hit = _NEGATES_KIND.search(lasting.text if lasting is not None else "")
        if hit is None or hit.group("kind").lower() != card.card_type.lower():
            return None  # the card said to apply does not negate effects of that kind
        said = f"while {lasting.name} applies, "
    query = _trigger_query(m, cards, paid.name)
    if query is None:
        return None
    draft = Draft(card_of=cards)
    if card.card_type == "Trap":
        draft.player("A")["spells_traps"] = [card.name]
        draft.player("A")["hand"] = [paid.name]
    else:
        draft.player("A")["hand"] = [card.name, paid.name] if card.card_type == "Spell" else [paid.name]
    draft.actions.append({"do": "activate", "card": card.name, "cost": {"discard": [paid.name]},
                          "effect_negated": True})
    return draft.question(query), (f"{said}A activates {card.name}, discarding {paid.name} as the cost; its effect "
                                   "is negated when it resolves"), _asked_said(query)


@lru_cache(maxsize=1)
def _stories() -> list:
    asked = _asked_trigger()
    return [
        ("I Special Summon X by discarding Y: can Y's effect be activated",
         re.compile(rf"^(?:if |when |after |once )?i special summon (?P<s>{_CARD}) by (?P<verb>discarding|tributing|"
                    rf"sending|banishing) (?P<c>{_CARD})(?: to the {_GY})?(?: \.)? {asked}$"),
         _story_summon_cost),
        ("X is sent from my hand to the GY by Y's effect: can X's effect activate",
         re.compile(rf"^(?P<c>{_CARD}) is (?:(?P<sent>sent from (?:my|the|their|its owner's) hand to the {_GY})|"
                    rf"(?P<discarded>discarded(?: from (?:my|the) hand)?(?: to the {_GY})?)) by (?:the effect of )?"
                    rf"(?P<y>{_CARD})(?: effect)?(?: \.)? {asked}$"),
         _story_moved_from_hand),
        ("I discard X as the cost of Y and add X back to my hand: does X's effect activate",
         re.compile(rf"^i discard (?P<c>{_CARD}) (?:as the cost of|as a cost for|for the cost of|to activate) "
                    rf"(?P<y>{_CARD}) and (?:then )?add (?:that same |the same |that |it )?(?:(?P<c2>{_CARD}) )?"
                    rf"back to my hand with (?:its|{_CARD}) effect(?: \.)? {asked}$"),
         _story_cost_then_back),
        ("I Tribute Summon X by Tributing Y: can Y's effect be activated",
         re.compile(rf"^(?:if |when |after )?i tribute summon (?P<s>{_CARD}) by tributing (?P<c>{_CARD})(?P<how>)(?P<d>)"
                    rf"(?: \.)? {asked}$"), _story_tributes_materials),
        ("I Synchro Summon X using Y (and Z): can Y's effect be activated",
         re.compile(rf"^(?:if |when |after )?i (?P<how>synchro|link|fusion) summon (?P<s>{_CARD}) (?:using|with) "
                    rf"(?P<c>{_CARD})(?: and (?P<d>{_CARD}|another monster|a monster))?(?: as (?:the )?(?:synchro |link |"
                    rf"fusion )?materials?)?(?: \.)? {asked}$"), _story_tributes_materials),
        ("(while Z applies) I activate X by discarding Y. X's effect is negated: can Y's effect be activated",
         re.compile(rf"^(?:while (?P<z>{_CARD}) is (?:applying|being applied|face-up|active|on the field) )?i activate "
                    rf"(?P<a>{_CARD}) by discarding (?P<y>{_CARD})(?: as (?:a|its|the) cost)?(?: \.)? (?P<a2>{_CARD})"
                    rf"(?: effect)? (?:is|gets|was) negated(?: when it resolves)?(?: \.)? {asked}$"),
         _story_cost_negated),
    ]


def read_cost_story(skeleton: Skeleton, card_of) -> Frame | None:
    """A story of a cost or a move and a question whether a card's trigger can be activated, as a simulator
    scenario (``{"ask": "scenario"}``), or None when no shape reads all of it."""
    flat = _flatten(skeleton)
    if flat is None:
        return None
    text, ents = flat
    got = first_reading(_stories(), text, card_of)
    if got is None:
        return None
    question, said, asked = got
    skeleton.use(skeleton.live())
    return Frame(question, f"Simulated: {said}. Asked: {asked}?", used_entities=ents, uses_story=True)
