"""Stage 5: the frame, the JSON question (../shared/spec/SCENARIOS.md and docs/engine.md extensions) that
one reading of the question asks, and the sentence that says it back ("understood").

A reading that would leave part of the question out (a card it does not place, a story it does not
use, a "new chain" next to a chain link) gives no frame but a reason: the answer is then "unknown".
"""

from __future__ import annotations

from dataclasses import replace

from .frame_model import Frame, SeveralEffects, Unclear
from .frame_parts import (EVENT_PHRASES, STATE_KEYS, any_card_frame, by_spell_trap, card_item, moment_fields,
                          activates_as_card, negates_something, negates_summons,
                          only_responds, own_link, performs_summon, place_after_target,
                          responder_frame, story_links, summon_moment_frame, waits_for)
from .generic import describe_kind
from .intent import TIMING_EVENTS, Intent
from .timing_cause import by_procedure, cause_entity, read_pieces
from .mentions import ambiguous_family
from .responders import mixed_frame, partly_responds
from .saying import EVENT_WORDS, SUMMON_WORDS, card_phrase, moment_phrase
from .link_numbers import link_conflict
from .resolution_order import resolution_query
from .skeleton import Skeleton
from .story import Story, actor_player

__all__ = ["Frame", "build_frame", "card_phrase"]

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
        return any_card_frame(_build(skeleton, story, intent, moments, effects_of, triggers))
    except Unclear as exc:
        return Frame(None, "", str(exc))
    except SeveralEffects as several:  # ask about each effect; the answer stands when all agree
        entity, frames = several.entity, []
        try:
            for index in several.indices:
                entity.aside["effect_index"] = index
                frames.append(any_card_frame(_build(skeleton, story, intent, moments, effects_of, triggers)))
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
    states = {k: moments[k] for k in STATE_KEYS if k in moments}
    when = moment_fields(moments)
    if moments.get("conflicts"):
        return Frame(
            None, "", f"the question names two different moments ({'; '.join(moments['conflicts'])})"
        )
    summon_by_effect = bool(story.summon and story.summon.get("by") == "effect")
    if story.order_conflict and not (summon_by_effect and intent.kind == "negate" and intent.y is None):
        return Frame(None, "", story.order_conflict)  # (a link that Summons: earlier links change nothing)
    kind = intent.kind
    if kind == "resolves" and len(story.links) >= 2:
        chain = story_links(skeleton, story, effects_of)
        listed = ", ".join(f"{k + 1}. {card_phrase(c)}" for k, c in enumerate(chain))
        query = resolution_query(skeleton, story, intent, listed)  # resolution_order.py
        if query is None:
            return Frame(None, "", "the card asked about is not a link of the chain told")
        asked, said = query
        return Frame(
            {"ask": "resolution_order", "chain": chain, **asked},
            said,
            used_entities={link.entity for link in story.links} | {e for e in (intent.x, intent.y) if e is not None},
            uses_story=True,
        )
    if kind == "segoc" and triggers and len(triggers[0]) >= 2:
        items = [card_item(skeleton, entity, owner, effects_of=effects_of) for entity, owner in triggers[0]]
        question = {"ask": "segoc", "triggers": items, **when}
        listed = ", ".join(card_phrase(item) for item in items)
        frame = Frame(
            question,
            f"In what order do the trigger effects of {listed} go on the chain{moment_phrase(question)}?",
            used_entities={e for e, _ in triggers[0]} | triggers[1],
            uses_story=True,
        )
        if "turn" not in question:  # whose turn is not said: asked for both, the answer stands when both agree
            frame.question = dict(question, turn="A")
            frame.also = [Frame(dict(question, turn="B"), "")]
            frame.understood += " (whose turn it is is not said: asked for either player's turn)"
        return frame
    if kind in ("segoc", "resolves"):
        return Frame(None, f"({intent.pattern})", "the order of a chain told in words is not read yet")
    if intent.x is None and not (
        intent.kind == "negate" and intent.y is None and (intent.summon is not None or story.summon)
    ):
        return Frame(None, "", "no card to ask about")
    if kind in ("negate", "chain") and "location" in moments and place_after_target(skeleton, intent):
        return Frame(None, "", "where a card is ('in the GY') is said right after the card it would respond "
                     "to: it may be where that card is, not the card asked about")
    if intent.pattern == "can I flip up X" and not activates_as_card(skeleton, intent.x, effects_of):
        return Frame(None, "", "flipping up a card is activating it only for a Set Spell or Trap Card "
                     "(a monster is Flip Summoned)")
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
        card = card_item(skeleton, intent.x, asked_owner, states, effects_of)
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
        if "effect monster" in (other.text or "").lower():  # an ability the class does not carry
            fields["ability"] = "effect"
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
    if kind == "timing" or kind == "activate" and story.summon is None and not story.attack:
        from .timing_acts import act_frame  # "if I Normal Summon it", "my opponent destroys it with X"

        # "X is used as Synchro Material. Can X's effect be activated?": the act told before makes it a timing question
        acted = act_frame(skeleton, intent, card, when, used | set(linked), effects_of, told_only=kind == "activate")
        if acted is not None:
            return acted
    if kind == "timing":
        rest = " ".join(skeleton.pieces[i].text for i in intent.rest)
        event = next((value for pattern, value in TIMING_EVENTS if pattern.search(rest)), None)
        if event is None:
            return Frame(None, "", "the event the effect waits for is not said")
        question = {"ask": "timing", "card": card, "event": event}
        by_card = None
        cause = cause_entity(skeleton, rest, intent.x)  # "if Morphing Jar makes me discard it": its text decides
        if cause is not None:
            question["cause"] = {"card": skeleton.entities[cause].name}
            used = used | {cause}
        if moments.get("by"):
            question["by"] = moments["by"]
        elif by_procedure(rest):  # "Tributed for a Tribute Summon": the Summon is performed afterwards
            question["by"] = "cost"
        elif cause is None and (by_card := by_spell_trap(skeleton, rest, effects_of)) is not None:
            question["by"] = "effect"  # "destroyed by torrential": a Spell/Trap destroys only by its effect
            used = used | {by_card}
        if any(
            w in rest for w in ("middle of", "during the resolution", " then ", "and then", "not the last")
        ):
            question["last"] = False
        # only the words read: "destroyed in my hand" leaves "hand" unread (kb/understand/timing_cause.py)
        field_ok = card.get("card") is not None and all(
            p.get("from") in (None, "field") for e in effects_of(card["card"])
            for p in (e.get("condition") or {}).get("events", []) if p.get("subject") == "this_card")
        skeleton.use(read_pieces(skeleton, intent.rest, TIMING_EVENTS, intent.x,
                                 by_card if question.get("by") == "effect" and cause is None else None, field_ok))
        question.update(when)
        by = f" by {question['by']}" if question.get("by") else ""
        if cause is not None:
            by += f" (caused by {question['cause']['card']})"
        text = f"Does {card_phrase(card)}'s effect activate after it is {EVENT_WORDS[event]}{by}?"
        return Frame(question, text, used_entities=used | set(linked), uses_story=bool(linked))
    if story.attack in ("A", "B") and waits_for(card, "attack_declared", effects_of):
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
            by = {"A": "B", "B": "A"}.get(card.get("controller")) if moments.get("event_by") == "opponent" else None
            return summon_moment_frame(card, how, story, used, effects_of, by)
        # a kind of card that negates activations: the engine tries it as the next link of a chain
        # started at that moment (docs/engine.md, generic cards)
        if said_event and not waits_for(card, said_event, effects_of):
            return Frame(
                None,
                "",
                f"the question asks about {card_phrase(card)} answering "
                f"{EVENT_PHRASES[said_event]}, which it does not wait for (a first chain "
                "link in response to an event is not a question the engine takes)",
            )
        if "card" in card and only_responds(card, effects_of):
            return responder_frame(card, when, used)
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
    if intent.pattern == "does X work on Y" and not negates_something(skeleton, intent.x, effects_of):
        return Frame(None, "", "'work on' asks whether a card negates only of a card that negates; "
                     "for another card it may mean 'affects'")
    # a chain: the story's links, then the card it responds to
    to = story_links(skeleton, story, effects_of)
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
            to.append(card_item(skeleton, intent.y, intent.y_owner, effects_of=effects_of))
            target_index = len(to) - 1
        used.add(intent.y)
    elif intent.summon is not None or (kind == "negate" and story.summon and not to):
        if intent.pattern == "can I use X on a Summon" and not negates_summons(skeleton, intent.x, effects_of):
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
            if not performs_summon(skeleton.entities[cause], effects_of) or story.summon:
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
            card_item(skeleton, summon["entity"], None, effects_of=effects_of)
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
    own = own_link(skeleton, story, intent)  # "I chain Magic Jammer. Does Magic Jammer negate X?"
    if own is not None:
        if own == -1 or kind != "negate" or target_index is None or target_index >= own:
            return Frame(None, "", f"{card_phrase(card)} is already a link of the told chain")
        to = to[:own]  # asked at its own link: the links before it are the chain it was chained to
        if story.links[own].controller and "controller" not in card:
            card["controller"] = story.links[own].controller
    conflict = link_conflict(skeleton, intent.x, len(to) + 1, intent.y,  # "X (Chain Link 3)": link_numbers.py
                             target_index + 1 if target_index is not None else None)
    if conflict:
        return Frame(None, "", conflict)
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
