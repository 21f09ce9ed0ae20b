"""What a frame needs to know about the cards of a reading: which effect is asked, what a card waits for
or responds to, kinds of "any card", Summons and where cards are said to be (see
:mod:`kb.understand.frame`)."""

from __future__ import annotations

import json
import re

from .frame_model import Frame, SeveralEffects, Unclear
from .generic import describe_kind
from .intent import Intent
from .mentions import ambiguous_family
from .saying import SUMMON_WORDS, card_phrase, moment_phrase
from .skeleton import Skeleton
from .story import Story

MOMENT_KEYS = ("turn", "phase", "step", "timing")
STATE_KEYS = ("location", "face", "set_this_turn")

_ACTIVATED = ("ignition", "trigger", "quick", "flip")


def _effect_index(entity, effects_of) -> int | None:
    """The effect meant by "the (Graveyard) effect of X": the one activated effect that fits, else
    :class:`Unclear` for a Spell/Trap (its activation would be answered instead); None for a monster
    whose effects the engine may weigh together."""
    if entity.aside.get("effect_index") is not None:  # one of several, chosen by build_frame
        return entity.aside["effect_index"]
    effects = effects_of(entity.name) if effects_of else []
    spell_trap = any(e.get("kind") == "activation" for e in effects)
    fitting = [
        e
        for e in effects
        if e.get("kind") in _ACTIVATED
        and (not entity.aside.get("location") or entity.aside["location"] in (e.get("locations") or []))
        and (not entity.aside.get("effect_kind") or e.get("kind") == entity.aside["effect_kind"])
    ]
    if len(fitting) == 1 and (spell_trap or entity.aside.get("location") or entity.aside.get("effect_kind")):
        return fitting[0]["index"]
    if spell_trap and len(fitting) > 1:
        raise SeveralEffects(entity, [e["index"] for e in fitting])
    if spell_trap:
        raise Unclear(f"{entity.name} has no activated effect besides its activation")
    if (entity.aside.get("location") or entity.aside.get("effect_kind")) and not fitting:
        raise Unclear(f"{entity.name} has no such effect")
    return None


EVENT_PHRASES = {"attack_declared": "an attack declaration", "summoning": "a Summon"}
_EVENT_TYPES = {"attack_declared": {"attack_declared"}, "summoning": {"summon"}}


def waits_for(card: dict, event: str, effects_of) -> bool:
    """Whether the named card has an activated effect whose condition is the event the question says."""
    if "card" not in card:
        return False
    effects = [
        e
        for e in (effects_of(card["card"]) if effects_of else [])
        if e.get("kind") in ("activation",) + _ACTIVATED
    ]
    wanted = _EVENT_TYPES.get(event, set())
    return any(
        ev.get("type") in wanted for e in effects for ev in ((e.get("condition") or {}).get("events") or [])
    )


def only_responds(card: dict, effects_of) -> bool:
    """Whether every activated effect of the card (the one named, if any) waits for an activation: asked
    "can it be activated (now)?", the useful question is what it responds to."""
    effects = [
        e
        for e in (effects_of(card["card"]) if effects_of else [])
        if e.get("kind") in ("activation",) + _ACTIVATED
        and (card.get("effect") is None or e.get("index") == card["effect"])
    ]
    events = [[ev.get("type") for ev in ((e.get("condition") or {}).get("events") or [])] for e in effects]
    return bool(effects) and all(kinds and set(kinds) <= {"activation"} for kinds in events)


def card_item(
    skeleton: Skeleton, n: int, controller: str | None, states: dict | None = None, effects_of=None
) -> dict:
    entity = skeleton.entities[n]
    if entity.kind == "family":  # "can tearlaments chain to ...": which card is not said
        raise ambiguous_family(entity)
    item: dict = {"card": entity.name} if entity.kind == "card" else {"class": dict(entity.cls)}
    if entity.aside.get("effect_of"):
        if entity.kind == "class" and entity.cls.get("type") in ("spell", "trap"):
            if entity.cls.get("property") in ("counter", "quick-play", "normal", "ritual"):
                raise Unclear(f"{describe_kind(entity.cls)} has no effect besides its activation to ask")
            item["class"].setdefault("effect", "any")  # "a Continuous Trap's effect": one of its effects
        if entity.kind == "card":
            index = _effect_index(entity, effects_of)
            if index is not None:
                item["effect"] = index

    owner = controller or {"asker": "A", "opponent": "B"}.get(entity.aside.get("controller"))
    if owner:
        item["controller"] = owner
    if entity.aside.get("location") and entity.kind == "class":
        item["class"]["from"] = entity.aside["location"]
    elif entity.aside.get("location"):
        item["location"] = entity.aside["location"]
    if entity.aside.get("face"):
        item["face"] = entity.aside["face"]
        if entity.aside["face"] == "down":
            item.setdefault("location", "field")
    for key, value in (states or {}).items():
        item[key] = value
    return item


_ANY_ACTIVATION = [{"class": {"type": kind}} for kind in ("spell", "trap", "monster")]


def responder_frame(card: dict, when: dict, used: set[int]) -> Frame:
    """ "can I activate X (at a moment)" for a card that only responds to activations: is it possible,
    as the next link of a chain started at that moment by some Spell, Trap or monster effect of either
    player?  (The answer is yes when one of them is.)"""
    questions = []
    for player in ("B", "A"):
        for kind in _ANY_ACTIVATION:
            questions.append({"ask": "chain", "card": card, "to": [dict(kind, controller=player)], **when})
    if card.get("controller") is None:
        questions = [q for q in questions if q["to"][0]["controller"] == "B"]
        for q in questions:
            q["card"] = dict(card, controller="A")
    frame = Frame(
        questions[0],
        f"Can {card_phrase(card)} be activated{moment_phrase(when)}, in response to some Spell, Trap or "
        "monster effect activated then?",
        used_entities=used,
        combine="any",
    )
    frame.alternatives = questions[1:]
    return frame


def _open_classes(question: dict | None) -> list[dict]:
    """The card objects of a question that name a card of any kind (``{"class": {}}``: "a card")."""
    if not question:
        return []
    items = [question.get("card")] + list(question.get("to") or []) + list(question.get("triggers") or [])
    items.append((question.get("summon") or {}).get("card"))
    return [
        item
        for item in items
        if isinstance(item, dict)
        and (item.get("class") == {} or (item.get("class") or {}).get("effect") == "fast")
    ]


# "a Fast Effect": the kinds of Spell Speed 2 or higher
_FAST_KINDS = [
    {"type": "monster", "effect": "quick"},
    {"type": "spell", "property": "quick-play"},
    {"type": "trap"},
]
_ANY_KINDS = [{"type": kind} for kind in ("spell", "trap", "monster")]


def any_card_frame(frame: Frame) -> Frame:
    """ "a card" (no kind said): the question for a Spell, a Trap and a monster, "is it possible?" (yes
    when one of them is)."""
    open_items = _open_classes(frame.question)
    if not open_items:
        return frame
    fast = (open_items[0].get("class") or {}).get("effect") == "fast" if open_items else False
    if frame.alternatives or len(open_items) > 1 or frame.question["ask"] not in ("chain", "negate") + (
        ("activate",) if fast else ()
    ):
        return Frame(None, "", "the question names a card without saying which or what kind")
    item = open_items[0]
    said = {k: v for k, v in item["class"].items() if k != "effect"}
    kinds = _FAST_KINDS if item["class"].get("effect") == "fast" else _ANY_KINDS
    questions = []
    for kind in kinds:
        item["class"] = {**kind, **said}
        questions.append(json.loads(json.dumps(frame.question)))
    frame.question, frame.alternatives, frame.combine = questions[0], questions[1:], "any"
    said_kinds = "a Spell, Trap or monster"
    if kinds is _FAST_KINDS:
        said_kinds = "a monster's Quick Effect, a Quick-Play Spell or a Trap"
    frame.understood = f"{frame.understood} ({said_kinds}: yes when one of them is)"
    return frame


def summon_moment_frame(card: dict, how: str, story: Story, used: set[int], effects_of,
                        summoned_by: str | None = None) -> Frame:
    """ "can I activate X when my opponent Normal Summons a monster": for a card that negates Summons,
    whether it negates that kind of Summon; for others (which Summon they answer is not checked by an
    activation question) the reason there is no question."""
    effects = effects_of(card["card"]) if "card" in card and effects_of else []
    if not any("negate_summon" in (e.get("categories") or []) for e in effects):
        if "card" in card and effects and (summoner := (story.summon or {}).get("controller") or summoned_by):
            # "may I use Bottomless Trap Hole as they Flip Summon?": its own condition against that
            # Summon (kb/engine/activate_summon.py)
            question = {"ask": "activate", "card": card, "after_summon": {"how": how, "controller": summoner}}
            return Frame(question, f"Can {card_phrase(card)} be activated when {summoner} {SUMMON_WORDS[how]}s "
                         "a monster?", used_entities=used, uses_story=bool(story.summon))
        return Frame(
            None,
            "",
            f"the question asks about {card_phrase(card)} answering a {SUMMON_WORDS[how]}; which kinds of "
            "Summon a card answers is checked only for cards that negate Summons, or for a card whose "
            "controller and the summoning player are said",
        )
    summoned: dict = {"class": {"type": "monster"}}
    if (story.summon or {}).get("controller"):
        summoned["controller"] = story.summon["controller"]
    question = {"ask": "negate", "card": card, "summon": {"card": summoned, "how": how, "by": "procedure"}}
    return Frame(
        question,
        f"Can {card_phrase(card)} negate the {SUMMON_WORDS[how]} of a monster?",
        used_entities=used,
        uses_story=bool(story.summon),
    )


def own_link(skeleton: Skeleton, story: Story, intent: Intent) -> int | None:
    """The told chain's link (0-based) that is the named card asked about, None when it is not one of them,
    -1 when it is several of them."""
    x = skeleton.entities[intent.x] if intent.x is not None else None
    if x is None or x.kind != "card":
        return None
    links = [k for k, link in enumerate(story.links)
             if link.entity == intent.x or skeleton.entities[link.entity].card_id == x.card_id]
    return (links[0] if len(links) == 1 else -1) if links else None


def negates_summons(skeleton: Skeleton, index: int | None, effects_of) -> bool:
    """Whether the named card has an effect that negates Summons."""
    entity = skeleton.entities[index] if index is not None else None
    return entity is not None and entity.kind == "card" and any(
        "negate_summon" in (e.get("categories") or []) for e in effects_of(entity.name)
    )


# the effect categories of a card that negates an activation, an effect or a Summon (not an attack)
_NEGATING = frozenset({"negate_activation", "negate_effect", "negate_effect_only", "negate_directly",
                       "negate_directly_effect", "negate_summon"})


def negates_something(skeleton: Skeleton, index: int | None, effects_of) -> bool:
    """Whether the named card has an effect that negates an activation, an effect or a Summon."""
    entity = skeleton.entities[index] if index is not None else None
    return entity is not None and entity.kind == "card" and any(
        _NEGATING & set(e.get("categories") or []) for e in effects_of(entity.name)
    )


def activates_as_card(skeleton: Skeleton, index: int | None, effects_of) -> bool:
    """Whether the named card is a Spell/Trap activated as a card (a Set one is activated by flipping it up)."""
    entity = skeleton.entities[index] if index is not None else None
    return entity is not None and entity.kind == "card" and any(
        e.get("kind") == "activation" and e.get("section", "card") == "card" for e in effects_of(entity.name)
    )


_PLACE_WORDS = ("graveyard", "gy", "hand", "deck", "banished")


def place_after_target(skeleton: Skeleton, intent: Intent) -> bool:
    """Whether a place ("in the GY", "from the hand") follows the card responded to with no other card
    between ("can Divine Wrath negate a monster effect activated in the GY": the place is that effect's)."""
    if intent.y is None:
        return False
    last = None
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            last = piece.entity
        elif piece.text in _PLACE_WORDS and last == intent.y:
            return True
    return False


def performs_summon(entity, effects_of) -> bool:
    """Whether "a Summon by X" is performed by X's effect: X is a Spell/Trap Card whose activation Summons,
    or "X's effect" (a monster named alone may be the monster Summoned or its material)."""
    if entity.kind == "class":
        return (entity.cls or {}).get("type") in ("spell", "trap")
    kinds = ("activation", "ignition", "trigger", "quick", "flip") if entity.aside.get("effect_of") else ("activation",)
    # (a built-in Special Summon, such as Cyber Dragon's, is no effect: its profile row is not activated)
    return entity.kind == "card" and any(
        e.get("kind") in kinds and any("summon" in c for c in e.get("categories") or [])
        for e in effects_of(entity.name)
    )


def moment_fields(moments: dict) -> dict:
    out = {k: moments[k] for k in MOMENT_KEYS if k in moments}
    if out.get("turn") in ("asker", "opponent"):
        out["turn"] = "A" if out["turn"] == "asker" else "B"
    return out


def story_links(skeleton: Skeleton, story: Story, effects_of) -> list[dict]:
    return [card_item(skeleton, link.entity, link.controller, effects_of=effects_of) for link in story.links]


_BY_CARD = re.compile(r"\b(?:by|with|using) (?:the |a |an |my |their |his |her |your )?(?:effect of )?e(\d+)\b")


def by_spell_trap(skeleton: Skeleton, rest: str, effects_of) -> int | None:
    """The entity of a Spell/Trap Card the event is done "by" / "with" ("destroyed by Torrential Tribute"), else None
    (a monster named there may mean a battle or its effect: not read)."""
    match = _BY_CARD.search(rest)
    if not match or int(match.group(1)) >= len(skeleton.entities):
        return None
    entity = skeleton.entities[int(match.group(1))]
    if entity.kind != "card" or not any(e.get("kind") == "activation" for e in effects_of(entity.name)):
        return None
    return int(match.group(1))
