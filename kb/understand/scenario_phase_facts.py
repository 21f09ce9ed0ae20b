"""One-sentence questions about a rule of the turn structure or of battle (priority, replays, battle damage,
having battled, the order of Standby/End Phase effects, the hand-size discard), read onto
``{"ask": "rule_fact", "topic", "subject", "asked"}`` (answered by :mod:`kb.engine.rule_facts` from the facts
of :mod:`kb.engine.sim.phase_rules`).

The shapes are data (``phase_facts_words.toml``, and ``turn_facts_words.toml`` for the order of the turn): regular expressions over the question's words, each naming
the proposition it asks.  A shape must read the whole question; a named card in a shape must be of the kind
the fact speaks of (a card with no specific activation timing; a card that activates "when an attack is
declared"), read from its text, or the question is not read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .scenario_draft import generic_you
from .skeleton import Skeleton
from .vocabulary import alternation, word_file

__all__ = ["read_phase_fact", "WORDS_FILE", "TURN_WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("phase_facts_words.toml")
TURN_WORDS_FILE = Path(__file__).with_name("turn_facts_words.toml")  # the order of the turn, battle (session 3)


@lru_cache(maxsize=1)
def _shapes() -> list[tuple[re.Pattern, dict]]:
    files = [word_file(WORDS_FILE), word_file(TURN_WORDS_FILE)]
    words = {name: alternation(phrases) for data in files for name, phrases in data["words"].items()}
    out = []
    for data in files:
        for shape in data["shape"]:
            for pattern in shape["patterns"]:
                out.append((re.compile(re.sub(r"\{(\w+)\}", lambda m: words[m[1]], pattern)), shape))
    return out


def _flatten(skeleton: Skeleton) -> tuple[str, set[int]] | None:
    """The question as one line of lower-case words (named cards as ``e<N>``; sentences run together), and
    the cards named."""
    words, ents = [], set()
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            if entity.kind == "class":
                words.append(entity.text.lower())
            else:
                words.append(f"e{piece.entity}")
                ents.add(piece.entity)
        else:
            words.append(piece.text.lower())
    text = " ".join(words)
    text = re.sub(r"(?<![\w])['\"“”‘’]+|['\"“”‘’]+(?![\w])", " ", text)
    text = re.sub(r"[,:;]", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(?: ?[?!.])+$", "", text).strip()
    text = re.sub(r" ?[.?!] ", " ", text)  # sentences run together: every shape reads the whole question
    text = generic_you([text])[0]  # "can you skip the Battle Phase?": said of the asker (scenario_draft.py)
    return (text, ents) if text else None


def _no_timing(card) -> bool:
    """A card whose activation has no specific timing: Spell Speed 2 or more, no activation condition."""
    activated = [e for e in card.effects if e["kind"] in ("activation", "quick", "ignition", "trigger", "flip")]
    if len(activated) != 1 or activated[0]["kind"] not in ("activation", "quick"):
        return False
    effect = activated[0]
    if card.card_type == "Spell" and card.property != "Quick-Play":
        return False
    condition = effect.get("condition") or {}
    return not (condition.get("raw") or condition.get("events"))


def _when_attack_declared(card) -> bool:
    return any(re.search(r"declares an attack", (e.get("condition") or {}).get("raw") or e.get("text") or "", re.I)
               for e in card.effects if e["kind"] in ("activation", "quick", "trigger"))


def _needs_battle(card) -> bool:
    return bool(re.search(r"if this card (?:battled|attacked or was attacked)", card.text, re.I))


def _ends_battle_phase(card) -> bool:
    return bool(re.search(r"end the Battle Phase|the Battle Phase (?:for that turn )?ends", card.text, re.I))


_CARD_TEST = {"phase_order": _no_timing, "replay": _when_attack_declared, "battled": _needs_battle,
              "attack": _when_attack_declared, "battle_phase": _ends_battle_phase}


def read_phase_fact(skeleton: Skeleton, card_of) -> Frame | None:
    """The rule fact a one-sentence question asks, as a frame; None when no shape reads all of it."""
    flat = _flatten(skeleton)
    if flat is None:
        return None
    text, ents = flat
    for pattern, shape in _shapes():
        match = pattern.match(text)
        if not match:
            continue
        said = f"{shape['topic']}: {shape['subject'].replace('_', ' ')}, {shape['asked'].replace('_', ' ')}"
        card = match.groupdict().get("card")
        if card and card.startswith("e"):
            sim_card = card_of(int(card[1:]))
            if sim_card is None or not _CARD_TEST[shape["topic"]](sim_card):
                continue  # the card named is not of the kind the fact speaks of
            again = match.groupdict().get("card2")
            if again and (card_of(int(again.split()[0][1:])) is None or
                          card_of(int(again.split()[0][1:])).name != sim_card.name):
                continue  # "X attacks ... can Y's effect be activated": the same card must be meant
            said += f" ({sim_card.name})"
        subject = shape["subject"]
        if card and card.startswith("e") and shape.get("exceptions"):  # a card the rulebook names as an exception
            from ..engine.sim.turn_rules import NAMED_EXCEPTIONS

            subject = NAMED_EXCEPTIONS[shape["exceptions"]].get(sim_card.name, subject)
        skeleton.use(skeleton.live())
        question = {"ask": "rule_fact", "topic": shape["topic"], "subject": subject, "asked": shape["asked"]}
        return Frame(question, f"Rule fact: {said}?", used_entities=set(ents), uses_story=True)
    return None
