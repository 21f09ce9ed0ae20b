"""A monster Special Summoned in the Damage Step: may the monster's own Summon trigger ("when this card
is Special Summoned") be activated? (told of a named card that Summons another in a step of the Damage
Step, or asked of a monster in general).

A named monster becomes the engine's ``activate`` question for the effect meant (the one whose text holds
the quoted words, or its only effect that activates on its own Summon) at the Damage Step timing told; the
engine's Damage Step permissions decide (``damage_step_triggers``).  A monster by no name is the Damage Step
fact ``special_summoned`` (:mod:`kb.engine.damage_step`).  Words: ``damage_step_words.toml`` ``[summoned]``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .damage_step import TIMING_PHRASES, alt, plain, same_card, words
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_summoned"]

_TIMINGS = ("start", "before_calc", "calc", "after_calc", "end", "any")
# optional Summon triggers that perform these cannot be activated in the Damage Step (rule damage_step_triggers)
_NOT_IN_DAMAGE_STEP = {"normal_summon", "fusion_summon"}


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    moment = "(?:" + "|".join(f"(?P<{{p}}_{key}>{alt('summoned', key)})" for key in _TIMINGS) + ")"
    by = rf"(?:e\d+|{alt('summoned', 'by')})"
    target = rf"(?P<y>e\d+|{alt('summoned', 'monster')})"
    story = [
        rf"(?:{moment.format(p='a')} )?{by}(?: effect)? {alt('summoned', 'special_summons')} {target}"
        rf"(?: {moment.format(p='b')})?",
        rf"(?:{moment.format(p='a')} )?{target} {alt('summoned', 'is_special_summoned')}(?: by {by}(?: effect)?)?"
        rf"(?: {moment.format(p='b')})?",
    ]
    effect = (rf"(?:(?P<owner>{alt('summoned', 'effect_owner')})|(?P<ent>e\d+))(?: own)?(?: (?P<q>q\d+))?"
              rf" {alt('summoned', 'effect')}(?: (?P<that>{alt('summoned', 'own_summon')}))?")
    question = [
        rf"(?:can|does|will|may|could) {effect} (?:still )?{alt('summoned', 'activate')}(?: in the damage step)?",
        rf"can {alt('summoned', 'asker')} (?:still )?activate {effect}(?: in the damage step)?",
    ]
    return {**{f"story{n}": re.compile(p + "$") for n, p in enumerate(story)},
            **{f"q{n}": re.compile(p + "$") for n, p in enumerate(question)}}


def _fragments(text: str) -> tuple[str, list[str]]:
    """The sentence with each quoted part replaced by ``q<N>``, and the quoted parts."""
    found: list[str] = []

    def keep(m: re.Match) -> str:
        found.append(m.group(1).strip())
        return f" q{len(found) - 1} "

    out = re.sub(r'"\s*([^"]+?)\s*"', keep, text)
    return re.sub(r"\s+", " ", out.replace('"', " ")).strip(), found


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def _own_summon_event(effect: dict) -> bool:
    """Whether the effect activates when the card itself is Special Summoned (or Summoned in any way)."""
    for ev in (effect.get("condition") or {}).get("events") or []:
        if ev.get("type") == "summon" and ev.get("subject") == "this_card" and (
                not ev.get("methods") or "special" in ev["methods"]):
            return True
    return False


def _pick_effect(effects: list[dict], fragment: str | None) -> dict | None:
    activated = [e for e in effects if e.get("kind") in ("trigger", "flip", "quick", "ignition")]
    if fragment:
        wanted = _norm(fragment)
        fitting = [e for e in activated if wanted and wanted in _norm(e.get("text") or "")]
    else:
        fitting = [e for e in activated if _own_summon_event(e)]
    if len(fitting) != 1 or not _own_summon_event(fitting[0]):
        return None
    if set(fitting[0].get("categories") or []) & _NOT_IN_DAMAGE_STEP and fitting[0].get("optional") is not False:
        return None  # an optional one that performs a Normal or Fusion Summon: not for that reason (unknown)
    return fitting[0]


def read_summoned(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    """The question about a monster Special Summoned in the Damage Step, as a frame, or None."""
    if len(sentences) != 2:
        return None
    pats = _patterns()
    (story_text, _), (asked_text, _) = sentences
    story_plain = plain(story_text)
    m = pats["story0"].match(story_plain) or pats["story1"].match(story_plain)
    if m is None:
        return None
    said = [key.split("_", 1)[1] for key, value in m.groupdict().items() if value and key[:2] in ("a_", "b_")]
    if len(said) != 1:
        return None  # the Damage Step must be said, once
    timing = None if said[0] == "any" else said[0]
    asked, fragments = _fragments(asked_text)
    q = pats["q0"].match(asked) or pats["q1"].match(asked)
    if q is None or len(fragments) > 1 or (fragments and not q["q"]):
        return None
    fragment = fragments[0] if fragments else None
    y = m["y"]
    if q["ent"] and not same_card(skeleton, q["ent"], y):
        return None
    moment = {"phase": "battle", "step": "damage", **({"timing": timing} if timing else {})}
    when = TIMING_PHRASES[timing] if timing else "during the Damage Step"
    used = {e for _t, ents in sentences for e in ents}
    if y.startswith("e") and y[1:].isdigit():
        entity = skeleton.entities[int(y[1:])]
        if entity.kind != "card" or not entity.name or effects_of is None or q["that"]:
            return None
        effect = _pick_effect(effects_of(entity.name), fragment)
        if effect is None:
            return None
        question = {"ask": "activate", "card": {"card": entity.name, "effect": effect["index"]}, **moment}
        understood = (f"{entity.name} is Special Summoned {when}: can its effect #{effect['index']} "
                      f"(\"{effect['text'][:80]}\") be activated?")
        return Frame(question, understood, used_entities=used, uses_story=True)
    own = [p for p in words()["summoned"]["own_summon"]]
    if not ((fragment and _norm(fragment) in {_norm(p) for p in own}) or q["that"]) or (fragment and q["that"]):
        return None
    question = {"ask": "damage_step_event", "event": "special_summoned", "query": {"own_trigger": True},
                **({"timing": timing} if timing else {})}
    understood = (f"A monster is Special Summoned {when}: can its own effect that activates when it is Special "
                  "Summoned be activated?")
    return Frame(question, understood, used_entities=used, uses_story=True)
