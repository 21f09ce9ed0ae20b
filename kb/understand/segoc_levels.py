"""The priority levels of simultaneous triggers, asked of kinds of triggers: "does a
face-up monster's optional trigger outrank a face-down card's?", "are hand triggers on the same level as Spell
Speed 2 effects?", "what priority level is a mandatory trigger in the hand?", "my opponent revealed a card in my
hand; is its optional trigger on level 2?".

prb2017 (If Multiple Effects are Activated Simultaneously) orders them in levels: 1 the mandatory effects, 2 the
optional effects of public cards (face-up on the field, in the GY, otherwise public: a card in the hand revealed by
a card effect), 3 the optional effects of private cards (in the hand, Set), which md:segoc places alongside Spell
Speed 2 effects.  Each side of the question is read as slots (kind, place) from ``segoc_levels_words.toml``; every
word must be read, and a side whose level depends on what is not said (an optional trigger of no place) makes
the answer ``unknown``.  Within one level the order depends on the players (turn player first), so "does A go
before B" for one level is ``unknown``.

``{"ask": "chain_rule", "rule": "segoc_level", "sides": [{"level": 1|2|3|null, "said": str}, ...],
"relation": "higher"|"lower"|"same"|"before"|"after"|"first"|"level"|"is_level", "level": N?}``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine.rules import citation
from ..errors import BadQuestionError
from .frame_model import Frame
from .skeleton import Skeleton
from .vocabulary import alternation, word_file

__all__ = ["read_segoc_level", "segoc_level_answer"]

WORDS_FILE = Path(__file__).with_name("segoc_levels_words.toml")
_SS2 = 3  # Spell Speed 2 effects are activated alongside the private triggers (md:segoc)
_RELATIONS = ("higher", "lower", "same", "before", "after", "first", "level", "is_level")


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def _b(alt: str) -> str:
    return rf"(?<![\w'-])(?:{alt})(?![\w'-])"


def _side(text: str, revealed: bool) -> dict | None:
    """One side: its level (None when not decidable) and how it was said; None when a word is not read."""
    w = _words()
    text = " " + text.strip() + " "
    if re.fullmatch(r"\s*" + alternation(w["side"]["spell_speed_2"]) + r"\s*", text):
        return {"level": _SS2, "levels": [_SS2], "said": "Spell Speed 2 effects", "ss2": True}
    kind = None
    for key in ("mandatory", "optional"):
        pattern = _b(alternation(w["kind"][key]))
        if re.search(pattern, text):
            if kind is not None:
                return None
            kind = key
            text = re.sub(pattern, " ", text)
    place = None
    for key in ("revealed", "private", "public"):
        pattern = _b(alternation(w["place"][key]))
        if re.search(pattern, text):
            if place not in (None, key) and not (place == "revealed" and key == "private"):
                return None  # "a revealed card in the hand": revealed wins over the hand
            place = place or key
            text = re.sub(pattern, " ", text)
    nouns = _b(alternation(w["side"]["nouns"]))
    if not re.search(nouns, text):
        return None
    text = re.sub(nouns, " ", text)
    text = re.sub(_b(alternation(w["side"]["other"])), " ", text)
    if text.strip():
        return None
    if place is None and revealed:
        place = "revealed"
    optional = [2] if place in ("public", "revealed") else [3] if place == "private" else [2, 3]
    levels = [1] if kind == "mandatory" else optional if kind == "optional" else [1] + optional
    where = {"public": " of a public card (face-up on the field, in the GY)", "private": " of a private card "
             "(in the hand, Set)", "revealed": " of a card in the hand revealed by a card effect", None: ""}[place]
    said = f"{'an optional' if kind == 'optional' else 'a mandatory' if kind else 'a'} trigger effect{where}"
    return {"level": levels[0] if len(levels) == 1 else None, "levels": levels, "said": said}


def read_segoc_level(skeleton: Skeleton) -> Frame | None:
    """A priority-level question of kinds of triggers as a frame (module doc), or None."""
    if any(e.kind == "card" for e in skeleton.entities):
        return None
    w = _words()
    text = " ".join(t.low for t in skeleton.tokens if not t.punct or t.text in ("'s",))
    text = re.sub(r"\s+", " ", re.sub(r"[()?.!,;:]", " ", text)).strip()
    revealed = False
    story = re.match(alternation(w["scene"]["revealed_story"]) + r"\b", text)
    if story:
        revealed, text = True, text[story.end():].strip()
    text = re.sub(r"^" + alternation(w["scene"]["words"]) + r"\b", "", text).strip()
    text = re.sub(r"\bpriority level (?:two|2)\b", "priority level 2", text)
    asked = _asked(text, w)
    if asked is None:
        return None
    relation, parts, level = asked
    sides = [_side(p, revealed) for p in parts]
    if any(s is None for s in sides) or sides[0].get("ss2"):
        return None
    question = {"ask": "chain_rule", "rule": "segoc_level", "sides": sides, "relation": relation}
    if level is not None:
        question["level"] = level
    skeleton.use(skeleton.live())
    said = {"higher": "at a higher priority than", "lower": "at a lower priority than", "same": "at the same "
            "priority as", "before": "placed on the chain before", "after": "placed on the chain after"}
    if relation in said:
        understood = f"In a chain of simultaneous triggers, is {sides[0]['said']} {said[relation]} {sides[1]['said']}?"
    elif relation == "first":
        understood = f"Which goes on the chain first: {sides[0]['said']} or {sides[1]['said']}?"
    elif relation == "level":
        understood = f"What priority level is {sides[0]['said']}?"
    else:
        understood = f"Is {sides[0]['said']} activated at priority level {level}?"
    return Frame(question, understood, used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _asked(text: str, w: dict) -> tuple[str, list[str], int | None] | None:
    """(relation, side texts, level asked) of the question, or None."""
    compare = "|".join(f"(?P<{key}>{alternation(w['compare'][key])})" for key in ("higher", "lower", "same", "before",
                                                                                 "after"))
    match = re.fullmatch(rf"(?:is|are|do|does|will|would|can|could|may) (?P<a>.+?) (?:be )?(?:{compare}) (?P<b>.+)",
                         text)
    if match:
        relation = next(k for k in ("higher", "lower", "same", "before", "after") if match[k])
        return relation, [match["a"], match["b"]], None
    match = re.fullmatch(r"which (?:one )?(?:goes|is placed|comes|gets placed|is added|activates|has (?:a )?higher "
                         r"priority) (?:on the chain )?(?:first )?(?P<a>.+?) or (?P<b>.+)", text)
    if match:
        return "first", [match["a"], match["b"]], None
    match = re.fullmatch(r"what priority(?: level)? (?:is|are|has|have|do|does) (?P<a>.+?)(?: at| in| have| has)?",
                         text)
    if match:
        return "level", [match["a"]], None
    match = re.fullmatch(r"(?:can|could|may|is|are) (?P<a>.+?) (?:be )?(?:activated |placed )?(?:at|in|on|as) "
                         r"(?:the )?priority level (?P<n>[123])(?: timing)?(?: public| private)?", text)
    if match:
        return "is_level", [match["a"]], int(match["n"])
    return None


def segoc_level_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "segoc_level"}`` (module doc)."""
    sides, relation = question.get("sides"), question.get("relation")
    if relation not in _RELATIONS or not isinstance(sides, list) or not 1 <= len(sides) <= 2 or any(
            not isinstance(s, dict) or s.get("level") not in (1, 2, 3, None) or not isinstance(s.get("said", ""), str)
            or not set(s.get("levels") or []) <= {1, 2, 3} for s in sides):
        raise BadQuestionError("a segoc_level question needs sides (1 or 2, each with a level 1-3 or null) and a "
                               f"relation ({', '.join(_RELATIONS)})", "sides", sides)
    keys = ["segoc_levels"]
    if any(s.get("ss2") for s in sides):
        keys = ["segoc_private_with_speed_2", "segoc_levels"]
    elif "revealed" in " ".join(s["said"] for s in sides):
        keys = ["segoc_revealed", "segoc_levels"]
    choices = [s.get("levels") or ([s["level"]] if s["level"] else [1, 2, 3]) for s in sides]
    detail = ("priority level 1: mandatory effects; 2: optional effects of public cards (face-up on the field, "
              "in the GY, or revealed); 3: optional effects of private cards (in the hand or Set), activated "
              "alongside Spell Speed 2 effects; here: " + ", ".join(
                  f"{s['said']}: {'with Spell Speed 2 effects' if s.get('ss2') else 'level ' + ' or '.join(map(str, c))}"
                  for s, c in zip(sides, choices)))
    said = {_relate(relation, a, b, sides, question.get("level")) for a in choices[0]
            for b in (choices[1] if len(choices) > 1 else [None])}
    answer = said.pop() if len(said) == 1 else None
    if answer is None:
        answer = "unknown"
        detail += "; the answer depends on what is not said (whether it is mandatory, where its card is)"
    elif answer == "unknown":
        detail += "; within one level the turn player's effects go first, each player ordering their own"
    result = {"yes": "pass", "no": "fail", "unknown": "unknown"}.get(answer, "pass")
    return {"answer": answer, "card": None, "resolved": {}, "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "SEGOC priority level", "result": result, "detail": detail, **citation(*keys)}],
            "assumed": [], "rulings": []}


def _relate(relation: str, a: int, b: int | None, sides: list[dict], level: int | None) -> str:
    """The answer for one reading of the sides' levels (``unknown``: the same level, ordered by the players)."""
    if relation == "higher":
        return "yes" if a < b else "no"
    if relation == "lower":
        return "yes" if a > b else "no"
    if relation == "same":
        return "yes" if a == b else "no"
    if relation in ("before", "after", "first"):
        if a == b:
            return "unknown"
        if relation == "first":
            return sides[0 if a < b else 1]["said"]
        return "yes" if (a < b) == (relation == "before") else "no"
    if relation == "level":
        return str(a)
    return "yes" if a == level else "no"
