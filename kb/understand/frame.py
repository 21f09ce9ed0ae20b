"""Stage 5: the frame, the JSON question (../shared/spec/SCENARIOS.md and docs/engine.md extensions) that
one reading of the question asks, and the sentence that says it back ("understood").

A reading that would leave part of the question out (a card it does not place, a story it does not
use, a "new chain" next to a chain link) gives no frame but a reason: the answer is then "unknown".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

from .generic import describe_kind
from .intent import TIMING_EVENTS, Intent
from .mentions import ambiguous_family
from .responders import mixed_frame, partly_responds
from .saying import EVENT_WORDS, SUMMON_WORDS, card_phrase, moment_phrase
from .skeleton import Skeleton
from .story import Story, actor_player

__all__ = ["Frame", "build_frame", "card_phrase"]

_MOMENT_KEYS = ("turn", "phase", "step", "timing")
_STATE_KEYS = ("location", "face", "set_this_turn")


@dataclass
class Frame:
    """One reading as a JSON question, or the reason there is none."""

    question: dict | None
    understood: str
    reason: str | None = None
    used_entities: set[int] = field(default_factory=set)
    uses_story: bool = False
    other_readings: list["Frame"] = field(default_factory=list)  # the same words read another way
    # questions answered beside ``question``, combined "any" ("is it possible?" over what the card could
    # respond to, over the kinds of "a card": yes when one is) or "agree" (the answer stands when all give it)
    alternatives: list[dict] = field(default_factory=list)
    combine: str = "agree"
    also: list["Frame"] = field(default_factory=list)  # the same question for each effect of a card: agree


class Unclear(Exception):
    """The question leaves open something the engine needs (which effect of a card is meant)."""


class SeveralEffects(Exception):
    """ "the effect of X" where the Spell/Trap X has several activated effects: each is asked."""

    def __init__(self, entity, indices: list[int]):
        super().__init__(f"{entity.name}: effects {indices}")
        self.entity, self.indices = entity, indices


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


_EVENT_PHRASES = {"attack_declared": "an attack declaration", "summoning": "a Summon"}
_EVENT_TYPES = {"attack_declared": {"attack_declared"}, "summoning": {"summon"}}


def _waits_for(card: dict, event: str, effects_of) -> bool:
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


def _only_responds(card: dict, effects_of) -> bool:
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


def _card(
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


def _responder_frame(card: dict, when: dict, used: set[int]) -> Frame:
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


def _any_card(frame: Frame) -> Frame:
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


def _summon_moment_frame(card: dict, how: str, story: Story, used: set[int], effects_of) -> Frame:
    """ "can I activate X when my opponent Normal Summons a monster": for a card that negates Summons,
    whether it negates that kind of Summon; for others (which Summon they answer is not checked by an
    activation question) the reason there is no question."""
    effects = effects_of(card["card"]) if "card" in card and effects_of else []
    if not any("negate_summon" in (e.get("categories") or []) for e in effects):
        return Frame(
            None,
            "",
            f"the question asks about {card_phrase(card)} answering a {SUMMON_WORDS[how]}; which kinds of "
            "Summon a card answers is checked only for cards that negate Summons",
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


def _own_link(skeleton: Skeleton, story: Story, intent: Intent) -> int | None:
    """The told chain's link (0-based) that is the named card asked about, None when it is not one of them,
    -1 when it is several of them."""
    x = skeleton.entities[intent.x] if intent.x is not None else None
    if x is None or x.kind != "card":
        return None
    links = [k for k, link in enumerate(story.links)
             if link.entity == intent.x or skeleton.entities[link.entity].card_id == x.card_id]
    return (links[0] if len(links) == 1 else -1) if links else None


def _negates_summons(skeleton: Skeleton, index: int | None, effects_of) -> bool:
    """Whether the named card has an effect that negates Summons."""
    entity = skeleton.entities[index] if index is not None else None
    return entity is not None and entity.kind == "card" and any(
        "negate_summon" in (e.get("categories") or []) for e in effects_of(entity.name)
    )


_PLACE_WORDS = ("graveyard", "gy", "hand", "deck", "banished")


def _place_after_target(skeleton: Skeleton, intent: Intent) -> bool:
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


def _performs_summon(entity, effects_of) -> bool:
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


def _moments(moments: dict) -> dict:
    out = {k: moments[k] for k in _MOMENT_KEYS if k in moments}
    if out.get("turn") in ("asker", "opponent"):
        out["turn"] = "A" if out["turn"] == "asker" else "B"
    return out


def _story_links(skeleton: Skeleton, story: Story, effects_of) -> list[dict]:
    return [_card(skeleton, link.entity, link.controller, effects_of=effects_of) for link in story.links]


_BY_CARD = re.compile(r"\b(?:by|with|using) (?:the |a |an |my |their |his |her |your )?(?:effect of )?e(\d+)\b")


def _by_spell_trap(skeleton: Skeleton, rest: str, effects_of) -> int | None:
    """The entity of a Spell/Trap Card the event is done "by" / "with" ("destroyed by Torrential Tribute"), else None
    (a monster named there may mean a battle or its effect: not read)."""
    match = _BY_CARD.search(rest)
    if not match or int(match.group(1)) >= len(skeleton.entities):
        return None
    entity = skeleton.entities[int(match.group(1))]
    if entity.kind != "card" or not any(e.get("kind") == "activation" for e in effects_of(entity.name)):
        return None
    return int(match.group(1))


def build_frame(
    skeleton: Skeleton, story: Story, intent: Intent, moments: dict, effects_of=None, triggers=None
) -> Frame:
    """The JSON question of one reading (see the module doc).

    :param effects_of: card name -> its effect profiles (to tell which effect "the effect of X" means).
    """
    if intent.x2 is not None:  # "can I chain X or Z to Y": both asked, the answer stands when they agree
        first = build_frame(skeleton, story, replace(intent, x2=None), moments, effects_of, triggers)
        other = replace(intent, x=intent.x2, x2=None)
        second = build_frame(skeleton, story, other, moments, effects_of, triggers)
        if first.question is None or second.question is None or first.also or second.also:
            return first if first.question is None else second if second.question is None else Frame(
                None, "", "the question asks about two cards, one of which has several effects"
            )
        first.also = [second]
        first.used_entities |= second.used_entities
        first.understood = f"{first.understood} / {second.understood} (the answer stands when both agree)"
        return first
    try:
        return _any_card(_build(skeleton, story, intent, moments, effects_of, triggers))
    except Unclear as exc:
        return Frame(None, "", str(exc))
    except SeveralEffects as several:  # ask about each effect; the answer stands when all agree
        entity, frames = several.entity, []
        try:
            for index in several.indices:
                entity.aside["effect_index"] = index
                frames.append(_any_card(_build(skeleton, story, intent, moments, effects_of, triggers)))
        except (Unclear, SeveralEffects) as exc:
            return Frame(None, "", str(exc) if isinstance(exc, Unclear) else "a card's effect is not said")
        finally:
            entity.aside.pop("effect_index", None)
        if any(f.question is None or f.also for f in frames):
            return Frame(
                None, "", f"{entity.name} has several activated effects; which one is meant is not said"
            )
        first = frames[0]
        first.also = frames[1:]
        first.understood = (
            f"{first.understood} (asked for each of {entity.name}'s {len(frames)} activated effects: the "
            "answer stands when all agree)"
        )
        return first


def _build(
    skeleton: Skeleton, story: Story, intent: Intent, moments: dict, effects_of, triggers=None
) -> Frame:
    states = {k: moments[k] for k in _STATE_KEYS if k in moments}
    when = _moments(moments)
    if moments.get("conflicts"):
        return Frame(
            None, "", f"the question names two different moments ({'; '.join(moments['conflicts'])})"
        )
    summon_by_effect = bool(story.summon and story.summon.get("by") == "effect")
    if story.order_conflict and not (summon_by_effect and intent.kind == "negate" and intent.y is None):
        return Frame(None, "", story.order_conflict)  # (a link that Summons: earlier links change nothing)
    kind = intent.kind
    if kind == "resolves" and len(story.links) >= 2:
        chain = _story_links(skeleton, story, effects_of)
        listed = ", ".join(f"{k + 1}. {card_phrase(c)}" for k, c in enumerate(chain))
        return Frame(
            {"ask": "resolution_order", "chain": chain},
            f"In which order does the chain {listed} resolve?",
            used_entities={link.entity for link in story.links},
            uses_story=True,
        )
    if kind == "segoc" and triggers and len(triggers[0]) >= 2:
        items = [_card(skeleton, entity, owner, effects_of=effects_of) for entity, owner in triggers[0]]
        question = {"ask": "segoc", "triggers": items, **when}
        listed = ", ".join(card_phrase(item) for item in items)
        return Frame(
            question,
            f"In what order do the trigger effects of {listed} go on the chain{moment_phrase(question)}?",
            used_entities={e for e, _ in triggers[0]} | triggers[1],
            uses_story=True,
        )
    if kind in ("segoc", "resolves"):
        return Frame(None, f"({intent.pattern})", "the order of a chain told in words is not read yet")
    if intent.x is None and not (
        intent.kind == "negate" and intent.y is None and (intent.summon is not None or story.summon)
    ):
        return Frame(None, "", "no card to ask about")
    if kind in ("negate", "chain") and "location" in moments and _place_after_target(skeleton, intent):
        return Frame(None, "", "where a card is ('in the GY') is said right after the card it would respond "
                     "to: it may be where that card is, not the card asked about")
    asked_owner = actor_player(intent.actor)
    if intent.x is not None and skeleton.entities[intent.x].kind == "card" and not intent.actor:
        asked_owner = None
    used = {intent.x} | set(moments.get("entities") or []) | set(story.attack_cards)
    linked = [link.entity for link in story.links]
    if kind == "activate" and story.links and not moments.get("new_chain"):
        kind = "chain_story"  # "my opponent activates X. Can I activate Y?": Y would be Chain Link 2
    if kind in ("chain", "chain_story", "negate") and moments.get("new_chain"):
        return Frame(None, "", "the question asks about a new chain and a chain link at once")
    if intent.x is None:  # "can that Summon be negated?": by some card that negates Summons
        card = {"class": {"does": ["negate_summon"]}}
        if asked_owner:
            card["controller"] = asked_owner
        used = set()
    else:
        card = _card(skeleton, intent.x, asked_owner, states, effects_of)
        x_card = skeleton.entities[intent.x].card_id
        for target, said in story.targets.items():  # "MST targeting my Set Mirror Force. Can I chain it?"
            if x_card is not None and skeleton.entities[target].card_id == x_card:
                used.add(target)
                if said.get("controller") and card.get("controller") not in (None, said["controller"]):
                    return Frame(None, "", "the card asked about is said to belong to both players")
                card.update(said)
                if said.get("face") == "down":
                    card.setdefault("location", "field")
    if moments.get("turn") in ("asker", "opponent") and "controller" not in card:
        card["controller"] = (
            "A"  # "on the opponent's turn": the opponent of the one asking, who uses the card
        )
    if kind == "spell_speed":
        if skeleton.entities[intent.x].kind == "family":
            raise ambiguous_family(skeleton.entities[intent.x])
        item = {k: v for k, v in card.items() if k in ("card", "effect", "class")}
        question = {"ask": "spell_speed", "card": item}
        if intent.speed is not None:
            question["speed"] = intent.speed
            text = f"Is {card_phrase(item)} Spell Speed {intent.speed}?"
        else:
            text = f"What is the Spell Speed of {card_phrase(item)}?"
        if intent.y is not None:  # "... like the Quick-Play Spell itself": a comparison, the same question
            used = used | {intent.y}
        return Frame(question, text, used_entities=used)
    if kind == "card_kind":
        other = skeleton.entities[intent.y]
        fields = {k: v for k, v in (other.cls or {}).items() if k in ("type", "property")}
        if (
            skeleton.entities[intent.x].kind != "card"
            or other.kind != "class"
            or set(other.cls) - set(fields)
        ):
            return Frame(None, "", "only a card's type and property are compared with a kind")
        question = {"ask": "card_kind", "card": {"card": card["card"]}, "kind": fields}
        return Frame(
            question, f"Is {card['card']} {describe_kind(fields)}?", used_entities={intent.x, intent.y}
        )
    if kind == "timing":
        rest = " ".join(skeleton.pieces[i].text for i in intent.rest)
        event = next((value for pattern, value in TIMING_EVENTS if pattern.search(rest)), None)
        if event is None:
            return Frame(None, "", "the event the effect waits for is not said")
        skeleton.use(intent.rest)
        question = {"ask": "timing", "card": card, "event": event}
        if moments.get("by"):
            question["by"] = moments["by"]
        elif (by_card := _by_spell_trap(skeleton, rest, effects_of)) is not None:
            question["by"] = "effect"  # "destroyed by torrential": a Spell/Trap destroys only by its effect
            used = used | {by_card}
        if any(
            w in rest for w in ("middle of", "during the resolution", " then ", "and then", "not the last")
        ):
            question["last"] = False
        question.update(when)
        by = f" by {question['by']}" if question.get("by") else ""
        text = f"Does {card_phrase(card)}'s effect activate after it is {EVENT_WORDS[event]}{by}?"
        return Frame(question, text, used_entities=used | set(linked), uses_story=bool(linked))
    if story.attack in ("A", "B") and _waits_for(card, "attack_declared", effects_of):
        if kind == "activate" and "controller" not in card:
            card["controller"] = "B" if story.attack == "A" else "A"  # the other player's Mirror Force
        if card.get("controller") == story.attack:  # "I attack. Can I activate Mirror Force?"
            return Frame(
                None,
                "",
                f"the player who attacks is the one who would activate {card_phrase(card)}; whose attack a "
                "card answers is not checked",
            )
    if kind == "activate":
        said_event = moments.get("event") or ("attack_declared" if story.attack else None)
        if story.summon:  # "my opponent Summons a monster, can I use X": X answering that Summon
            summoned = story.summon.get("entity")
            if (
                story.summon.get("by") != "procedure"
                or said_event not in (None, "summoning")
                or (summoned is not None and skeleton.entities[summoned].kind != "class")
            ):  # which monster, what ATK ...: an activate question cannot carry it
                return Frame(
                    None, "", "the question tells of a Summon, which a question without a chain does not take"
                )
            said_event = "summoning"
            used = used | ({summoned} if summoned is not None else set())
        how = moments.get("event_how") or (story.summon or {}).get("how")
        if said_event == "summoning" and how:  # which kind of Summon the card answers decides
            return _summon_moment_frame(card, how, story, used, effects_of)
        # a kind of card that negates activations: the engine tries it as the next link of a chain
        # started at that moment (docs/engine.md, generic cards)
        if said_event and not _waits_for(card, said_event, effects_of):
            return Frame(
                None,
                "",
                f"the question asks about {card_phrase(card)} answering "
                f"{_EVENT_PHRASES[said_event]}, which it does not wait for (a first chain "
                "link in response to an event is not a question the engine takes)",
            )
        if "card" in card and _only_responds(card, effects_of):
            return _responder_frame(card, when, used)
        if not said_event and partly_responds(card, effects_of):  # responders.py: Stardust Dragon
            return mixed_frame(card, when, used)
        question = {"ask": "activate", "card": card, **when}
        event = {
            "attack_declared": " when an attack is declared",
            "summoning": " when a monster would be Summoned",
        }.get(said_event, "")
        return Frame(
            question,
            f"Can {card_phrase(card)} be activated{event}{moment_phrase(question)}?",
            used_entities=used,
            uses_story=bool(story.summon),
        )
    # a chain: the story's links, then the card it responds to
    to = _story_links(skeleton, story, effects_of)
    target_index = None
    if intent.y is not None:
        y_entity = skeleton.entities[intent.y]
        same = [
            k
            for k, link in enumerate(story.links)
            if link.entity == intent.y
            or (y_entity.kind == "card" and skeleton.entities[link.entity].card_id == y_entity.card_id)
        ]
        if same:
            target_index = same[-1]
            told = to[target_index].get("controller")
            if intent.y_owner and told and told != intent.y_owner:
                return Frame(None, "", f"{card_phrase(to[target_index])} is said to belong to both players")
        else:
            to.append(_card(skeleton, intent.y, intent.y_owner, effects_of=effects_of))
            target_index = len(to) - 1
        used.add(intent.y)
    elif intent.summon is not None or (kind == "negate" and story.summon and not to):
        if intent.pattern == "can I use X on a Summon" and not _negates_summons(skeleton, intent.x, effects_of):
            return Frame(None, "", "a card used on a Summon may answer it without negating it (only a card "
                         "that negates Summons is asked so)")
        summon = dict(intent.summon or {})
        if not summon.get("how") and story.summon:
            summon["how"] = story.summon["how"]
        if summon.get("entity") is None and story.summon and story.summon.get("entity") is not None:
            summon["entity"] = story.summon["entity"]
        told = story.summon or {}
        by = told.get("by") if story.summon else "procedure"
        cause = summon.get("cause")  # "a Special Summon by Monster Reborn": performed by that card's effect
        if cause is not None:
            if not _performs_summon(skeleton.entities[cause], effects_of) or story.summon:
                return Frame(None, "", f"whether {skeleton.entities[cause].text} performs the Summon is not read")
            by = "effect"
            used.add(cause)
        if kind != "negate" or (to and by != "effect"):  # a Summon by a resolving link: the link is its cause
            return Frame(None, "", "a chain link in response to a Summon is not read yet")
        if by is None:
            return Frame(
                None, "", "whether the Summon is performed by a card's effect or by the player is not said"
            )
        summoned = (
            _card(skeleton, summon["entity"], None, effects_of=effects_of)
            if summon.get("entity") is not None
            else {"class": {"type": "monster"}}
        )
        if summon.get("entity") is not None:
            used.add(summon["entity"])
        if told.get("cause") is not None:
            used.add(told["cause"])
        if told.get("controller") and "controller" not in summoned:
            summoned["controller"] = told["controller"]
        detail = {"card": summoned.get("card", summoned) if len(summoned) == 1 else summoned, "by": by}
        if summon.get("how"):
            detail["how"] = summon["how"]
        if told.get("count") and summon.get("how") in (None, "pendulum"):
            detail["count"] = told["count"]
        question = {"ask": "negate", "card": card, "summon": detail, **when}
        what = summoned.get("card") or ("several monsters" if detail.get("count") else "a monster")
        how_words = " performed by a card's effect" if by == "effect" else ""
        return Frame(
            question,
            f"Can {card_phrase(card)} negate the {SUMMON_WORDS[summon.get('how')]} of {what}{how_words}?",
            used_entities=used | set(linked),
            uses_story=bool(story.summon),
        )
    if not to:
        return Frame(None, "", "the question does not say what the card would respond to")
    own = _own_link(skeleton, story, intent)  # "I chain Magic Jammer. Does Magic Jammer negate X?"
    if own is not None:
        if own == -1 or kind != "negate" or target_index is None or target_index >= own:
            return Frame(None, "", f"{card_phrase(card)} is already a link of the told chain")
        to = to[:own]  # asked at its own link: the links before it are the chain it was chained to
        if story.links[own].controller and "controller" not in card:
            card["controller"] = story.links[own].controller
    answered = skeleton.entities[intent.y] if intent.y is not None else None
    if answered is not None and (intent.y_own or answered.aside.get("own")) and "controller" not in card:
        if to[target_index].get("controller"):  # "can Red Reboot negate my own Trap": the same player's
            card["controller"] = to[target_index]["controller"]
    if kind != "negate" and target_index is not None and target_index != len(to) - 1:
        return Frame(
            None,
            "",
            f"the card would respond to {card_phrase(to[target_index])}, which is not the last chain link",
        )
    if (
        "controller" not in card
        and to[-1].get("controller") in ("A", "B")
        and asked_owner is None
        and intent.actor is None
    ):
        pass  # SCENARIOS default: the opponent of the last link's controller; nothing to add
    question = {"ask": "negate" if kind == "negate" else "chain", "card": card, "to": to, **when}
    if kind == "negate" and target_index is not None and target_index != len(to) - 1:
        question["target"] = target_index
    if kind == "negate":  # what a link targets ("MST targeting Dust Tornado") does not change who may negate it
        used = used | set(story.targets)
    if (story.attack or moments.get("event")) and kind != "negate":
        question["event"] = moments.get("event") or "attack_declared"
    n = len(to) + 1
    chain_words = ""
    if len(to) > 1:
        chain_words = (
            " (the chain: " + ", ".join(f"{k + 1}. {card_phrase(c)}" for k, c in enumerate(to)) + ")"
        )
    if kind == "negate":
        target = to[target_index if target_index is not None else -1]
        text = (
            f"Can {card_phrase(card)}, activated as Chain Link {n}, negate the activation of "
            f"{card_phrase(target)}{chain_words}{moment_phrase(question)}?"
        )
        if (
            intent.anaphor and intent.y is None and len(to) >= 2
        ):  # "negate it": the last link, or the one before?
            other = dict(question, target=len(to) - 2)
            other_text = (
                f"Can {card_phrase(card)}, activated as Chain Link {n}, negate the activation of "
                f"{card_phrase(to[-2])}{chain_words}{moment_phrase(question)}?"
            )
            frame = Frame(question, text, used_entities=used | set(linked), uses_story=True)
            frame.other_readings.append(
                Frame(other, other_text, used_entities=used | set(linked), uses_story=True)
            )
            return frame
    else:
        text = (
            f"Can {card_phrase(card)} be activated as Chain Link {n} in response to {card_phrase(to[-1])}"
            f"{chain_words}{moment_phrase(question)}?"
        )
    return Frame(question, text, used_entities=used | set(linked), uses_story=bool(linked))
