"""Chain questions about kinds of effects and actions, read whole and answered from the rules tables.

Three families, each a rule of :data:`kb.engine.rules.RULES` applied to the slots the words fill:

- **SEGOC of kinds** (rule ``segoc``, :data:`kb.engine.rules.SEGOC_GROUPS`): triggers of both players,
  mandatory or optional, activating together, and which is Chain Link 1 or which group goes on the chain
  first.  The triggers are said by owner (mine, my opponent's, the turn player's, both players') and
  kind (mandatory, optional, or not said: either); whose turn it is comes from "on my turn" when owners are
  said as "my"/"my opponent's".  A kind not said that could change the answer makes it ``unknown``
  (:mod:`kb.understand.segoc_kinds`).
- the families of :mod:`kb.understand.chain_facts`: chaining to an action that is no activation (a Summon,
  a change of battle position ...), the effect of a face-up Continuous card that left the field before it
  resolved, who resolves an effect whose card changed control in the chain.

Every sentence of the question must be read by one shape, else there is no reading (``None``): the
pipeline then answers ``unknown`` with the fallback quote.  The answers are built by
:func:`chain_rule_answer` from the JSON question ``{"ask": "chain_rule", "rule": ...}``.
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from .resolve_left import read_monster_left
from .targets_left import read_targets_left
from .chain_facts import (
    chain_fact_answer,
    read_chain_to_action,
    read_control_change,
    read_hand_copies,
    read_left_field,
    read_resolved_stay,
    read_when_activated,
)
from .chain_rule_facts import chain_rule_fact_answer, read_chain_rule_fact
from .frame import Frame
from .pendulum_left_field import pendulum_left_field_answer, read_pendulum_left_field
from .resolution_order import link_order_answer, read_link_order
from .segoc_kinds import read_segoc, read_single_trigger, segoc_answer, single_trigger_answer
from .skeleton import Skeleton

__all__ = ["read_chain_rule", "chain_rule_answer"]


# ---------------------------------------------------------------------------------------- sentences


def _sentences(skeleton: Skeleton) -> list[tuple[str, list[int]]]:
    """The question as lower-case sentences with every card mention (named or a kind) as ``e<N>``."""
    out, words, ents = [], [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None and skeleton.entities[piece.entity].kind == "family":
            words.append(skeleton.entities[piece.entity].text.lower())  # a word that begins names ("holding")
        elif piece.entity is not None:
            words.append(f"e{piece.entity}")
            ents.append(piece.entity)
        elif piece.text in (".", "?", "!", ";"):
            if words:
                out.append((" ".join(words), ents))
            words, ents = [], []
        elif piece.text not in (",", ":", '"', "“", "”"):
            words.append(piece.text)
    if words:
        out.append((" ".join(words), ents))
    return out


# ----------------------------------------------------------------- triggers in a phase: not simultaneous

_PHASE_Q = [
    # "two End Phase triggers: do they activate at once?"
    re.compile(
        r"^(?:several|multiple|two|some|all|the) (?P<phase>standby|end) phase (?:(?P<e>e\d+)|trigger effects|triggers|"
        r"effects) (?:are|do) (?:they|these|those) (?:treated as |considered )?(?:activating|activated|triggering|"
        r"activate|trigger|happen) (?:simultaneously|at the same time)$"
    ),
    re.compile(
        r"^(?:do|does|must|will|should) (?:several |multiple |all |all the |the |two |both )?(?:of )?"
        r"(?:my |the |both players' |(?P<e>e\d+) )?(?:(?:trigger )?effects |triggers )?(?:that|which) "
        r"(?:activate|trigger|are activated) (?:during|in|at) the (?P<phase>standby|end) phase (?:all )?"
        r"(?:have to |need to |must )?(?:form|be placed (?:in|on)|go on|be put on|be chained in|be in|start) "
        r"(?:a |one |the same )?(?:single )?(?:simultaneous )?chain$"
    ),
    re.compile(
        r"^(?:are|is) (?:several |multiple |all |the )?(?:(?P<e>e\d+) |(?:trigger )?effects |triggers )(?:that|which) "
        r"(?:activate|trigger|are activated) (?:during|in|at) the (?P<phase>standby|end) phase "
        r"(?:treated as )?(?:activated |activating |triggering )?(?:simultaneous|simultaneously|at the same time)$"
    ),
]


def _read_phase_triggers(skeleton: Skeleton, sentences) -> Frame | None:
    """Whether triggers of the Standby or End Phase must all be links of one chain (no)."""
    if len(sentences) > 2:
        return None
    text = " ".join(t for t, _ in sentences)
    match = next((m for m in (q.match(text) for q in _PHASE_Q) if m), None)
    if match is None:
        return None
    if match["e"]:
        entity = skeleton.entities[int(match["e"][1:])]
        if entity.kind != "class" or entity.cls != {"effect": "trigger"}:
            return None
    phase = match["phase"].title()
    skeleton.use(skeleton.live())
    return Frame({"ask": "chain_rule", "rule": "phase_triggers", "phase": match["phase"]},
                 f"Must trigger effects that activate during the {phase} Phase form one chain (as if simultaneous)?",
                 used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _phase_answer(question: dict) -> dict:
    phase = str(question.get("phase", "")).title()
    detail = (f"effects that activate during the {phase} Phase are not treated as activating simultaneously: "
              "after one is activated and resolved, the others can be activated and resolved")
    return {"answer": "no", "card": None, "resolved": {"phase": question.get("phase")},
            "explanation": f"no: {detail}.",
            "steps": [{"check": "simultaneous triggers", "result": "fail", "detail": detail,
                       **citation("segoc_phase_not_simultaneous")}],
            "assumed": [], "rulings": []}


# ------------------------------------------------------------------------------------------- entry points


def read_chain_rule(skeleton: Skeleton, card_of, effects_of) -> Frame | None:
    """A chain question about kinds (module doc) as a frame, or None when a sentence fits no shape.

    ``card_of(entity index)`` gives the simulator's card of a named card (or None); ``effects_of(name)``
    its effect profile.
    """
    fact = read_chain_rule_fact(skeleton)  # rule facts of kinds (chain_rule_facts.py)
    if fact is not None:
        return fact
    sentences = _sentences(skeleton)
    if len(sentences) < 1:
        return None
    readings = [sentences]
    if len(sentences) == 1:  # no punctuation before the question: cut before each question word
        words = sentences[0][0].split()
        readings += [
            [(" ".join(words[:k]), []), (" ".join(words[k:]), [])]
            for k in range(1, len(words))
            if words[k] in _QUESTION_WORDS
        ]
    for told in readings:
        for reader in (
            lambda: read_segoc(skeleton, told),
            lambda: read_chain_to_action(skeleton, told, effects_of),
            lambda: read_left_field(skeleton, told, card_of),
            lambda: read_monster_left(skeleton, told, effects_of),  # resolve_left.py
            lambda: read_targets_left(skeleton, told, effects_of),  # targets_left.py
            lambda: read_pendulum_left_field(skeleton, told),
            lambda: read_control_change(skeleton, told, card_of),
            lambda: read_when_activated(skeleton, told, card_of),
            lambda: read_hand_copies(skeleton, told, effects_of),
            lambda: read_resolved_stay(skeleton, told, card_of),
            lambda: _read_phase_triggers(skeleton, told),
            lambda: read_single_trigger(skeleton, told),
            lambda: read_link_order(skeleton),
        ):
            frame = reader()
            if frame is not None:
                return frame
    return None


_QUESTION_WORDS = frozenset("which whose who what are is do does will can could may".split())


def chain_rule_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "segoc_kinds" | "chain_to_action" | "left_field"}``."""
    rule = question.get("rule")
    if rule == "segoc_kinds":
        return segoc_answer(question)
    if rule == "phase_triggers":
        return _phase_answer(question)
    if rule == "segoc_single":
        return single_trigger_answer(question)
    if rule == "left_field_pendulum":
        return pendulum_left_field_answer(question)
    if rule == "link_order":
        return link_order_answer(question)
    if rule == "segoc_level":  # priority levels of kinds of simultaneous triggers (segoc_levels.py)
        from .segoc_levels import segoc_level_answer

        return segoc_level_answer(question)
    if rule in ("kind_fact", "fact", "speed_one"):
        return chain_rule_fact_answer(question)
    answer = chain_fact_answer(question)
    if answer is not None:
        return answer
    from ..errors import BadQuestionError

    raise BadQuestionError(f"unknown chain rule: {rule!r}", "rule", rule)
