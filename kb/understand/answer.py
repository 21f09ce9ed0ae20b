"""Answering a question in words: understand it, ask the engine the JSON question, or fall back to the
rulebook sentence most likely to answer it.

The answer object is the engine's (../shared/spec/SCENARIOS.md) plus ``parsed`` (the JSON question),
``understood`` (one sentence), ``unused_words``, and, when the answer is "unknown", ``quote`` (the
sentence, verbatim, with its section id) and ``readings`` when two readings disagree.
"""

from __future__ import annotations

import re
from importlib import import_module

from sqlmodel import Session

from ..engine.rules import citation
from ..engine.rulings import ruling_details_for
from ..errors import AmbiguousError, BadQuestionError, KbError
from .fallback import related
from .habitual import usual_card_only
from .kind_doubt import damage_step_kind_doubt
from .pipeline import Reading, understand, words_of
from .sentences import restore_sentences
from .short_names import same_for_every_card, state_assumed

__all__ = ["TIMING_VERDICTS", "answer_json", "ask_plain", "timing_as_yes_no"]

_NEGATE_CATEGORIES = ("negate_activation", "negate_effect", "negate_summon", "negate_attack")


# The question forms the readers produce beside the engine's (SCENARIOS.md kinds, negate, scenario):
# "ask" -> (module, function, whether it takes the session).
_ANSWERERS = {
    "spell_speed_compare": ("kb.understand.speed_compare", "speed_compare_answer", False),
    "damage_step_event": ("kb.engine.damage_step", "damage_step_answer", True),
    "spell_speed": ("kb.understand.facts", "spell_speed_answer", True),
    "card_kind": ("kb.understand.facts", "card_kind_answer", True),
    "resolution_order": ("kb.understand.facts", "resolution_order_answer", False),
    "negated": ("kb.engine.negated", "answer_negated", True),  # what happens after a negation
    "field_negation": ("kb.engine.field_negation", "answer_field_negation", True),  # Skill Drain and the like
    "negated_effects": ("kb.engine.negated_effects", "answer_negated_effects", True),  # negated afterwards
    "summon_reach": ("kb.engine.summon_conditions", "answer_summon_reach", True),  # Summons of several
    "fusion_places": ("kb.engine.fusion_places", "answer_fusion_places", True),  # where Fusion Materials come from
    "destroyed_together": ("kb.engine.destroyed_together", "answer_destroyed_together", True),
    "rule_fact": ("kb.engine.rule_facts", "rule_fact_answer", True),  # costs, timing, kinds of monsters
    "chain_rule": ("kb.understand.chain_rules", "chain_rule_answer", False),  # kinds of effects and actions
    "negates_what": ("kb.understand.negation_kind", "negates_what_answer", True),  # activation or effect
    "timing_wording": ("kb.engine.timing_wording", "answer_timing_wording", True),  # triggers in the middle of a chain
    "claim": ("kb.understand.claims.answer", "claim_answer", True),  # rule propositions (kb/understand/claims/)
    "monster_left": ("kb.understand.resolve_left", "monster_left_answer", True),  # its monster moved away
    "targets_left": ("kb.understand.targets_left", "targets_left_answer", True),  # one of its targets left
    "negate_attack": ("kb.understand.negate_attack", "negate_attack_answer", True),  # can X negate an attack
    "card_property": ("kb.engine.card_properties", "card_property_answer", True),  # what a card IS (card_property.py)
}


def _ask_json(session: Session, question: dict) -> dict:
    if question.get("applying"):  # "while X is applying": X's permission (kb/engine/permissions.py)
        from ..engine.permissions import answer_with_permissions

        return answer_with_permissions(session, question, lambda q: _ask_json(session, q))
    if question.get("purpose") or question.get("despite"):  # clauses a rule weighs (kb/understand/clauses.py)
        from .clauses import answer_with_clauses

        return answer_with_clauses(question, lambda q: _ask_json(session, q))
    answerer = _ANSWERERS.get(question.get("ask"))
    if answerer is not None:
        module, function, takes_session = answerer
        answer = getattr(import_module(module), function)
        return answer(session, question) if takes_session else answer(question)
    from ..engine import ask as ask_engine

    return ask_engine(session, question)


def answer_json(session: Session, question: dict) -> dict:
    """Answer a JSON question of any form a reader produces (kb/understand/forms.py checks it first)."""
    return _ask_one(session, question)


def _negate_as_chain(session: Session, question: dict, exc: BadQuestionError) -> dict:
    """A negation asked of an engine without negation questions: "can X be chained to Y" decides a
    "no"; a "yes" stands only when X negates something at all."""
    if "summon" in question or "target" in question:
        raise exc
    chain = dict(question, ask="chain")
    answer = _ask_json(session, chain)
    if answer["answer"] == "yes":
        from ..engine import card_profile

        card = question["card"].get("card") if isinstance(question["card"], dict) else question["card"]
        effects = card_profile(session, card) if card else []
        if not any(c in _NEGATE_CATEGORIES for e in effects for c in e.get("categories", [])):
            answer = dict(
                answer,
                answer="unknown",
                explanation=f"{answer['explanation']} Whether it negates that card is not modelled.",
            )
    answer["assumed"] = list(answer.get("assumed", [])) + [
        "negation read as: the card can be activated in response and it negates"
    ]
    return answer


def _ask_one(session: Session, question: dict) -> dict:
    try:
        return _ask_json(session, question)
    except BadQuestionError as exc:
        if question.get("ask") == "negate" and exc.field == "ask":
            return _negate_as_chain(session, question, exc)
        raise


def _ask_frame(session: Session, frame) -> dict:
    answer = _ask_one(session, frame.question)
    if frame.alternatives:
        answer = _combined(answer, [_ask_one(session, q) for q in frame.alternatives], frame.combine)
    return answer


def _combined(first: dict, others: list[dict], combine: str) -> dict:
    """One answer from the answers of a reading's questions: ``agree`` keeps an answer all of them give
    (else unknown); ``any`` is "is it possible?" (yes when one is yes, no when all are no)."""
    answers = [first] + others
    said = [a.get("answer") for a in answers]
    said = [f"{s} ({', '.join(map(str, a.get('order') or []))})" if s == "ordered" else s for s, a in zip(said, answers)]
    if combine == "any" and "yes" in said:
        chosen = answers[said.index("yes")]
    elif len(set(said)) == 1:
        chosen = first
    else:
        chosen = next((a for a in answers if a.get("answer") == "unknown"), first)
        chosen = dict(chosen, answer="unknown")
        chosen.pop("order", None)  # the readings order the chain differently
        chosen["explanation"] = (
            f"The readings of the question give different answers ({', '.join(map(str, said))}): "
            + str(chosen.get("explanation") or "")
        )
    note = (
        f"answered for {len(answers)} readings of the card ("
        + ("all must agree" if combine == "agree" else "yes when one of them is possible")
        + "): "
        + ", ".join(map(str, said))
    )
    return dict(chosen, assumed=list(chosen.get("assumed") or []) + [note])


def _unknown(reason: str) -> dict:
    return {
        "answer": "unknown",
        "card": None,
        "resolved": {},
        "explanation": f"Not answered: {reason}.",
        "steps": [],
        "assumed": [],
        "rulings": [],
    }


def _with_fallback(session: Session, answer: dict, text: str, reason: str, kb_path, reading: Reading) -> dict:
    found = related(session, text, kb_path, [e.card_id for e in reading.entities if e.card_id is not None])
    sections, quote = found["sections"], found["quote"]
    if quote:
        answer["quote"] = quote
    steps = []
    if sections:
        step = {"check": "understand question", "result": "unknown", "detail": reason, "cites": sections[:3]}
        if quote:
            step["quote"] = quote
        steps.append(step)
        if sections[3:]:
            more = {
                "check": "related sections",
                "result": "unknown",
                "detail": "further sections that match the question",
                "cites": sections[3:5],
            }
            more_quote = found.get("further_quote")  # every step quotes (interfaces §5)
            if more_quote:
                more["quote"] = more_quote
            steps.append(more)
    else:
        steps.append(
            {"check": "understand question", "result": "unknown", "detail": reason, **citation("psct")}
        )
    answer["steps"] = steps + list(answer.get("steps") or [])
    answer["rulings"] = list(dict.fromkeys(list(answer.get("rulings") or []) + found["rulings"]))
    answer["ruling_details"] = ruling_details_for(session, answer["rulings"])  # same order (interfaces §6)
    if quote:
        answer["explanation"] = (
            f"{answer['explanation']} The rulebook sentence that most likely answers it "
            f'({quote["id"]}): "{quote["text"]}"'
        )
    return answer


def _decorate(answer: dict, reading: Reading, family: str | None = None) -> dict:
    answer["parsed"] = (
        reading.frame.question
        if reading.frame
        else (reading.frames[0].question if len(reading.readings()) == 1 else None)
    )
    answer["understood"] = reading.understood
    if answer.pop("asks_missing", False) and answer["understood"]:  # the sentence asks what the yes/no answers
        answer["understood"] = answer["understood"].replace("'s effect activate after", "'s effect miss the timing after")
    answer["unused_words"] = reading.unused_words
    if len(reading.readings()) > 1:
        answer["readings"] = reading.readings()
    state_assumed(answer, reading.entities)  # a shortened name taken as one card says so (short_names.py)
    if family and answer.get("understood"):  # asked for every card the word may mean (short_names.py)
        answer["understood"] = f"(whichever card {family!r} means) {answer['understood']}"
    return answer


def ask_plain(session: Session, text: str, *, kb_path=None) -> dict:
    """Answer a question in words (see the module doc).

    :raises BadQuestionError: an empty question.
    :raises AmbiguousError: a card name (quoted) that matches several cards (``candidates``).
    """
    text = (text or "").strip()
    if not text:
        raise BadQuestionError("empty question", "q", text)
    if not words_of(text):
        answer = _unknown("the question has no words")
        answer["steps"] = [
            {
                "check": "understand question",
                "result": "unknown",
                "detail": "the question has no words",
                **citation("psct"),
            }
        ]
        answer.update(parsed=None, understood=None, unused_words=[])
        return answer
    try:
        answer, reading, reason = _read_and_answer(session, text)
    except AmbiguousError as error:  # a family word: the answer when every card it may mean agrees
        agreed = same_for_every_card(session, text, error, _read_and_answer)
        if agreed is None:
            raise
        answer, reading = agreed
        return _decorate(answer, reading, family=error.family[0])
    if reason is not None:
        restored = restore_sentences(text)  # typed without punctuation: kb/understand/sentences.py
        if restored:
            again, again_reading, again_reason = _read_and_answer(session, restored)
            if again_reason is None:
                again["assumed"] = list(again.get("assumed") or []) + [
                    f'the question read with its sentence breaks restored: "{restored}"'
                ]
                return _decorate(again, again_reading)
        answer = _with_fallback(session, answer, text, reason, kb_path, reading)
    return _decorate(answer, reading)


def _read_and_answer(session: Session, text: str) -> tuple[dict, Reading, str | None]:
    """The reading of ``text`` and the engine's answer, with the reason when it is "unknown" (else None)."""
    answer, reading, reason = _read_and_answer_stages(session, text)
    if reason is not None:  # a rule proposition read from its concepts, after every other reader
        claimed = _claimed(session, text, reading)
        if claimed is not None:
            return claimed
    return answer, reading, reason


def _claimed(session: Session, text: str, reading: Reading) -> tuple[dict, Reading, str | None] | None:
    """The answer of the claims table (kb/understand/claims/) when a claim reads every word of ``text``."""
    from .claims import read_claim

    frame = None if reading.truncated else read_claim(session, text, reading.entities)
    if frame is None:
        return None
    try:
        answer = _ask_one(session, frame.question)
    except KbError:
        return None
    reading.frame, reading.frames, reading.reason, reading.unused_words = frame, [frame], None, []
    unknown = answer.get("answer") == "unknown"
    return answer, reading, (answer.get("explanation") or "the claim cannot decide") if unknown else None


def _read_and_answer_stages(session: Session, text: str) -> tuple[dict, Reading, str | None]:
    """:func:`_read_and_answer` by the pipeline's stages and readers."""
    reading = understand(session, text)
    if reading.frame is None:
        return _unknown(reading.reason), reading, reading.reason
    try:
        answer = _ask_frame(session, reading.frame)
        if reading.frame.also:  # each effect of a card: the answer stands when all agree
            answer = _combined(answer, [_ask_frame(session, f) for f in reading.frame.also], "agree")
    except KbError as exc:
        reason = f"the engine cannot take this question yet ({exc})"
        return _unknown(reason), reading, reason
    answer = usual_card_only(answer, text, session, reading.frame.question)  # "normally", "always": habitual.py
    answer = damage_step_kind_doubt(answer, reading.frame.question)  # "a card that destroys ...": kind_doubt.py
    if answer.get("answer") == "unknown":
        return answer, reading, answer.get("explanation") or "the engine cannot decide"
    return timing_as_yes_no(answer, text), reading, None


TIMING_VERDICTS = ("activates", "misses", "no_trigger")  # the timing kind's answers (SCENARIOS.md)
_ASKS_MISSING = re.compile(r"\bmiss(?:es|ed|ing)?\b", re.IGNORECASE)


def timing_as_yes_no(answer: dict, text: str) -> dict:
    """A question in words about a trigger is a yes/no question: "does X's effect activate?" is yes when it
    activates, "does X miss the timing?" yes when it misses (a trigger whose event does not meet its
    condition neither activates nor misses: no).  The engine's verdict stays under ``timing``."""
    verdict = answer.get("answer")
    if verdict not in TIMING_VERDICTS:
        return answer
    asks_missing = bool(_ASKS_MISSING.search(text))
    yes = verdict == ("misses" if asks_missing else "activates")
    return dict(answer, answer="yes" if yes else "no", timing=verdict, asks_missing=asks_missing)
