""""Can X negate an attack?": slots filled from vocabulary (``negate_attack_words.toml``), any word order.

A named card ``X``, a negating verb and an attack are required; whose attack ("my", "my opponent's") and a
moment ("in the Damage Step") are optional slots; every other word must be a filler, else the reader gives
nothing (the question stays unknown).  Read as ``{"ask": "negate_attack", "card": {"card": X},
"whose": "own"|"opponent"|None, "moment": "damage_step"|None}`` and answered from X's effect profile:

- an activated effect of X with the category ``negate_attack`` ("negate the attack") -> yes, unless the
  question asks in the Damage Step (an attack is negated only in the Battle Step) or about the asker's own
  attack while X answers only an opponent's attack;
- no such effect, every effect read -> no ("cards that destroy or banish the attacker do not negate the
  attack", md:negating-attacks); part of X not read -> unknown.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from sqlmodel import Session

from ..engine.rules import citation
from ..errors import BadQuestionError
from .frame_model import Frame
from .skeleton import Skeleton

__all__ = ["read_negate_attack", "negate_attack_answer"]


@lru_cache(maxsize=1)
def _words() -> dict[str, frozenset[str]]:
    data = tomllib.loads(Path(__file__).with_name("negate_attack_words.toml").read_text(encoding="utf-8"))
    return {slot: frozenset(words) for slot, words in data["slots"].items()}


def read_negate_attack(skeleton: Skeleton) -> Frame | None:
    """The question as a ``negate_attack`` frame, or None (see the module doc)."""
    words = _words()
    live = skeleton.live()
    texts = [skeleton.pieces[i].text for i in live]
    joined = " ".join(texts)
    moment = "damage_step" if any(phrase in joined for phrase in words["damage_step"]) else None
    moment_words = {w for phrase in words["damage_step"] for w in phrase.split()} if moment else set()
    card, verb, attack, whose = None, None, None, set()
    for i, text in zip(live, texts):
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            if entity.kind != "card" or (card is not None and card != piece.entity):
                return None
            card = piece.entity
        elif text in words["negate"]:
            verb = verb if verb is not None else len(texts)
        elif text in words["attack"]:
            attack = True if verb is not None else attack
        elif text in words["own"] or text in words["opponent"]:
            whose.add("opponent" if text in words["opponent"] else "own")  # "my opponent's": the opponent's
        elif text in words["fillers"] or text in moment_words or text in (",", "."):
            continue
        else:
            return None
    if "opponent" in whose and texts.count("my") + texts.count("own") > 1:
        return None  # "my opponent's ... my own ...": two owners
    whose = {"opponent"} if "opponent" in whose else whose
    if card is None or verb is None or not attack:
        return None
    entity = skeleton.entities[card]
    question = {"ask": "negate_attack", "card": {"card": entity.name}, "whose": next(iter(whose), None),
                "moment": moment}
    whose_words = {"own": "your own monster's", "opponent": "your opponent's", None: "an"}[question["whose"]]
    said = f"Can {entity.name} negate {whose_words} attack" + (" in the Damage Step" if moment else "") + "?"
    skeleton.use(live)
    return Frame(question, said, used_entities={card}, uses_story=True)


def _attack_player(effect: dict) -> str:
    """Whose attack the effect answers: "opponent", "you" or "any" (its attack-declaration event)."""
    for event in (effect.get("condition") or {}).get("events", []):
        if event.get("type") in ("attack_declared", "battling", "attacked"):
            return event.get("player", "any")
    return "any"


_REMOVES = ("destroy", "banish", "return_to_hand", "return_to_deck", "send_to_gy")


def _attack_said_only_as_removal(effect: dict) -> bool:
    """Whether the effect says nothing of attacks, or answers an attack by removing monsters (Mirror Force):
    neither negates an attack.  Any other word of attacks ("cannot attack") leaves the question open."""
    if "attack" not in (effect.get("text") or "").lower():
        return True
    answers_attack = _attack_player(effect) != "any" or any(
        event.get("type") == "attack_declared" for event in (effect.get("condition") or {}).get("events", []))
    return answers_attack and bool(set(effect["categories"]) & set(_REMOVES))


def negate_attack_answer(session: Session, question: dict) -> dict:
    """The answer to a ``negate_attack`` question (module doc)."""
    from ..engine import card_profile
    from ..engine.engine import ACTIVATED_KINDS
    from ..engine.questions import resolve

    item = question.get("card")
    if not isinstance(item, dict) or not isinstance(item.get("card"), str):
        raise BadQuestionError('card must be {"card": <name>}', "card", item)
    card = resolve(session, item["card"])
    effects = card_profile(session, card)
    negaters = [e for e in effects if e["kind"] in ACTIVATED_KINDS and "negate_attack" in e["categories"]]
    steps = []
    if negaters:
        players = {_attack_player(e) for e in negaters}
        if question.get("moment") == "damage_step":
            answer = "no"
            detail = (f"{card.name} negates attacks, but an attack can only be negated in the Battle Step: "
                      "in the Damage Step it can no longer be negated")
            steps.append({"check": "negate an attack", "result": "fail", "detail": detail,
                          **citation("negating_attacks")})
        elif question.get("whose") == "own" and players == {"opponent"}:
            answer = "no"
            detail = f"{card.name} negates only an attack of the opponent's monster ({negaters[0]['condition']['raw']})"
            steps.append({"check": "negate an attack", "result": "fail", "detail": detail,
                          **citation("activation_condition")})
        elif any(not e["complete"] for e in negaters):
            answer = "unknown"
            detail = f"{card.name} negates an attack, but part of that effect could not be read"
            steps.append({"check": "negate an attack", "result": "unknown", "detail": detail,
                          **citation("psct")})
        else:
            answer = "yes"
            detail = f"{card.name} negates the attack: {negaters[0]['text']}"
            steps.append({"check": "negate an attack", "result": "pass", "detail": detail,
                          **citation("negating_attacks")})
    elif all(e["complete"] for e in effects) and all(_attack_said_only_as_removal(e) for e in effects):
        answer = "no"
        detail = (f"no effect of {card.name} negates an attack (a card that destroys or banishes the attacking "
                  "monster ends the attack without negating it)")
        steps.append({"check": "negate an attack", "result": "fail", "detail": detail,
                      **citation("removing_attacker_is_not_negating")})
    else:
        answer = "unknown"
        detail = f"no read effect of {card.name} negates an attack, but part of its text could not be read"
        steps.append({"check": "negate an attack", "result": "unknown", "detail": detail, **citation("psct")})
    return {"answer": answer, "card": card.name, "resolved": {"card": card.name},
            "explanation": f"{answer}: {detail}.", "steps": steps, "assumed": [], "rulings": []}
