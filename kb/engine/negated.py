"""What happens after a negation: the rules of :mod:`kb.engine.negated_rules` applied to one card.

``{"ask": "negated", "negated": "activation"|"effect"|"summon", "card": {"card": X} | {"class": {...}},
"of_effect"?: true, "how"?: <Summon method, for a Summon>, "by"?: {"card": Y} | {"class": {...}}, "negator"?: "only_negates"|"destroys"|"moves",
"destroyed"?: true, "outcome": <see OUTCOMES>}``

The card's activation (of one of its effects with ``of_effect``; or its effect, or its Summon) was negated, by ``by`` when it is named (its text
says whether it also destroys), and ``destroyed`` when the question says the card was destroyed.  The
answer is yes/no from the rule that decides ``outcome`` for that kind of card, or "unknown" with the
reason when the rule depends on something the question does not say (which card negated it, the wording
of a once-per-turn limit).  ``negator`` is what the negating effect is said to do in words ("an effect like
'negate the activation'", "... 'negate the activation, and if you do, destroy it'"); with no negating card
or kind said at all, the rule "unless stated otherwise, cards that have the activation of their effects
negated are not moved" applies.
"""

from __future__ import annotations

import re

from sqlmodel import Session

from ..errors import BadQuestionError
from .negation import SUMMON_METHODS
from .rules import citation

__all__ = ["OUTCOMES", "NEGATED_WHAT", "answer_negated", "normalise_negated"]

NEGATED_WHAT = ("activation", "effect", "summon")
# outcome -> what it asks, in words (the understood sentence and the explanation)
OUTCOMES = {
    "to_gy": "is it sent to the GY",
    "to_gy_end_of_chain": "is it sent to the GY at the end of the chain",
    "stays": "does it stay where it is (on the field)",
    "left_field": "is it treated as having left (been sent from) the field",
    "destroyed": "is it destroyed",
    "cost_refunded": "is the cost refunded",
    "cost_paid": "does the cost stay paid",
    "resolves": "does its effect resolve",
    "again": "can it be activated again this turn",
    "again_copy": "can another card with the same name be activated this turn",
    "counts": "does it count as used for its once-per-turn limit",
    "was_activated": "is it treated as having been activated",
    "activation_negated": "is its activation negated",
    "from_field_trigger": "does its effect that needs it sent from the field to the GY activate",
    "summon_again": "can that monster be Summoned again this turn",
    "normal_summon_again": "can another Normal Summon/Set be performed this turn",
    "pendulum_again": "can another Pendulum Summon be performed this turn",
    "summoned": "is it treated as Summoned",
    "was_on_field": "is it treated as having been on the field",
    "tributes_back": "are the Tributes returned",
    "moved": "is it moved from where it is",
    "when_to_gy": "when is it sent to the GY",
    "resolution_performed": "does its resolution still count as performed",
}
NEGATORS = ("only_negates", "destroys", "moves")
_FIELDS = {"ask", "negated", "card", "of_effect", "how", "by", "negator", "destroyed", "outcome"}
_LINGERING = ("continuous", "equip", "field")
_OPT_MONSTER = re.compile(r"once per turn", re.I)
_ONCE_SUMMON = re.compile(r"You can only Special Summon [^.]* once per turn|can only be Special Summoned once per "
                          r"turn", re.I)
_MOVES_ELSEWHERE = {"banish", "return_to_hand", "return_to_deck"}
_FROM_FIELD = re.compile(r"sent from the field to the (?:GY|Graveyard)", re.I)
_OPT_CARD = re.compile(r'You can only activate 1 "[^"]+" per turn|can only be activated once per turn', re.I)
_OPT_USE_EFFECT = re.compile(r"can only use (?:this|each) effect|can only be used once per turn", re.I)


# ----------------------------------------------------------------------------------------- validation


def normalise_negated(question: dict, card_item) -> dict:
    """Validate a ``negated`` question (``card_item(value, field)`` validates a card item)."""
    extra = sorted(set(question) - _FIELDS)
    if extra:
        raise BadQuestionError(f"unknown field {extra[0]}", extra[0], question[extra[0]])
    what = question.get("negated")
    if what not in NEGATED_WHAT:
        raise BadQuestionError(f"negated must be one of {', '.join(NEGATED_WHAT)}", "negated", what)
    outcome = question.get("outcome")
    if outcome not in OUTCOMES:
        raise BadQuestionError(f"outcome must be one of {', '.join(OUTCOMES)}", "outcome", outcome)
    out = {"ask": "negated", "negated": what, "outcome": outcome, "card": card_item(question.get("card"), "card")}
    if "how" in question:
        if what != "summon" or question["how"] not in SUMMON_METHODS:
            raise BadQuestionError(f"how is the Summon method ({', '.join(SUMMON_METHODS)}) of a negated Summon",
                                   "how", question["how"])
        out["how"] = question["how"]
    if "by" in question:
        out["by"] = card_item(question["by"], "by")
    if "negator" in question:
        if question["negator"] not in NEGATORS:
            raise BadQuestionError(f"negator must be one of {', '.join(NEGATORS)}", "negator", question["negator"])
        out["negator"] = question["negator"]
    for flag in ("destroyed", "of_effect"):
        if flag not in question:
            continue
        if question[flag] is not True:
            raise BadQuestionError(f"{flag} is true when said", flag, question[flag])
        out[flag] = True
    return out


def _card_item(value, field: str) -> dict:
    if isinstance(value, dict) and (isinstance(value.get("card"), str) or isinstance(value.get("class"), dict)):
        return value
    raise BadQuestionError(f'{field} must be {{"card": <name>}} or {{"class": {{...}}}}', field, value)


# ----------------------------------------------------------------------------------------- the card


class _Subject:
    """The card whose activation, effect or Summon was negated, as far as the question says."""

    def __init__(self, session: Session, item: dict, of_effect: bool = False):
        from . import card_profile
        from .generic import describe_class
        from .questions import resolve

        self.session = session
        self.name, self.effects, self.text = None, [], ""
        if "class" in item:
            cls = item["class"]
            self.type, self.property, self.effect_kind = cls.get("type"), cls.get("property"), cls.get("effect")
            self.words = describe_class(cls)
        else:
            card = resolve(session, item["card"])
            self.name, self.words, self.text = card.name, card.name, card.text or ""
            self.type, self.property = card.card_type.lower(), (card.property or "").lower() or None
            self.effect_kind = None
            self.effects = card_profile(session, card)
        self.effect_of = of_effect or self.effect_kind is not None

    def card_activation(self) -> bool | None:
        """True: a Spell/Trap Card's own activation; False: an effect's; None: not known."""
        if self.type == "monster":
            return False
        if self.type not in ("spell", "trap"):
            return None
        if not self.effect_of:
            return True
        return False if self.property in _LINGERING else None

    def once_per_turn(self) -> bool | None:
        """Whether the card's activated effect(s) have a once-per-turn limit (None: not known / mixed)."""
        if self.name is None:
            return None
        activated = [e for e in self.effects if e.get("kind") in ("ignition", "trigger", "quick", "flip",
                                                                   "activation")]
        limits = {bool(e.get("once_per_turn")) for e in activated}
        return limits.pop() if len(limits) == 1 else None


def _negator_destroys(session: Session, item: dict | None, said: str | None = None) -> bool | str | None:
    """Whether the named negating card (or the negating effect said in words, ``said``) also destroys what
    it negates (None: not named / not known; "moves": it banishes or returns it)."""
    if said is not None:
        return {"only_negates": False, "destroys": True, "moves": "moves"}[said]
    if item is None or "card" not in item:
        return None
    from . import card_profile
    from .questions import resolve

    effects = [e for e in card_profile(session, resolve(session, item["card"]))
               if set(e.get("categories") or []) & {"negate_activation", "negate_effect", "negate_summon"}]
    if any(set(e.get("categories") or []) & _MOVES_ELSEWHERE for e in effects):
        return "moves"  # "negate the activation, and if you do, banish it": not the GY, not destroyed
    said = {"destroy" in (e.get("categories") or []) for e in effects}
    return said.pop() if len(said) == 1 else None


# ----------------------------------------------------------------------------------------- answering


def _verdict(question: dict, subject: _Subject, destroys: bool | None) -> tuple[str, str, str]:
    """(answer, detail, rule key) for the outcome asked."""
    what, outcome = question["negated"], question["outcome"]
    if destroys == "moves":
        if outcome in ("to_gy", "to_gy_end_of_chain", "stays", "destroyed", "left_field"):
            return "unknown", "the negating card moves the card elsewhere (banishes or returns it)", \
                "negated_card_to_gy"
        destroys = None
    destroyed = destroys or question.get("destroyed")
    if outcome == "resolution_performed":
        if what == "effect":
            return "yes", "its activation stood and its effect was negated: its resolution is still treated as " \
                          "performed", "negated_effect_resolution_performed"
        if what == "activation":
            return "no", "a negated activation does not resolve", "negated_no_resolution"
    if outcome == "moved" and what != "activation":
        return "unknown", f"{OUTCOMES[outcome]}: not decided by this negation", "negated_effect_stays"
    if what == "summon":
        if destroyed and outcome == "to_gy":
            return "yes", "the negating card destroys it: it is sent to the GY", "negated_normal_summon_gy"
        return _summon_verdict(question.get("how"), outcome, subject, destroyed)
    if outcome in ("cost_refunded", "cost_paid"):
        yes = outcome == "cost_paid"
        return ("yes" if yes else "no"), "costs are paid on activation and not refunded when it is negated", \
            "fact_cost_not_refunded"  # the row of kb/engine/rule_facts.py (one row for the fact)
    if outcome == "resolves":
        if what == "effect":
            return "no", "its effect is negated: it is not applied", "negated_effect_counts"
        return "no", "a negated activation does not resolve", "negated_no_resolution"
    if what == "effect":
        return _effect_verdict(outcome, subject)
    if outcome == "was_activated":
        return "no", "a negated activation is treated as never having been activated", "negated_never_activated"
    if outcome == "activation_negated":
        return "yes", "its activation is the one negated", "negated_never_activated"
    card = subject.card_activation()
    if card is None:
        return "unknown", f"whether the activation of {subject.words} is the card's own or an effect's is not " \
                          "said", "negated_card_to_gy"
    if card:
        return _card_verdict(outcome, subject, destroyed, destroys)
    unsaid = "by" not in question and "negator" not in question
    return _effect_activation_verdict(outcome, subject, destroyed, destroys, unsaid,
                                      question.get("negator") == "destroys")


def _card_verdict(outcome, subject, destroyed, destroys) -> tuple[str, str, str]:
    """A Spell/Trap Card's own activation was negated."""
    rule = {"continuous": {"spell": "negated_continuous_spell", "trap": "negated_continuous_trap"}}.get(
        subject.property or "", {}).get(subject.type, "negated_card_to_gy")
    if outcome == "to_gy":
        how = "destroyed and sent to the GY" if destroyed else "sent to the GY after the chain resolves"
        return "yes", f"a Spell/Trap Card whose activation is negated is {how}", "negated_card_to_gy"
    if outcome == "to_gy_end_of_chain":
        if destroyed:
            return "no", "it is destroyed (sent to the GY) when the negation resolves, before the chain ends", \
                "negated_card_to_gy"
        if destroys is None and subject.property not in _LINGERING:
            return "yes", "it is sent to the GY after the whole chain resolves (unless the negating card " \
                          "destroys it first)", rule
        return "yes", "it is sent to the GY at the end of the chain it was activated in", rule
    if outcome == "when_to_gy":
        if destroyed:
            return "when the negating effect resolves (it destroys it)", "the negating card destroys it when it " \
                "resolves, before the chain ends", "negated_card_to_gy"
        return "at the end of the chain it was activated in", "a Spell/Trap Card whose activation is negated is " \
            "sent to the GY at the end of the chain it was activated in (unless the negating card destroys it " \
            "first)", rule
    if outcome == "stays":
        return "no", "a Spell/Trap Card whose activation is negated does not stay on the field", rule
    if outcome == "moved":
        return "yes", "a Spell/Trap Card whose activation is negated is sent to the GY", "negated_card_to_gy"
    if outcome == "left_field":
        return "no", "a card whose activation is negated is not treated as sent from the field", \
            "negated_not_from_field"
    if outcome == "from_field_trigger":
        if subject.name is None or not _FROM_FIELD.search(subject.text):
            return "unknown", "whether it has an effect that needs it sent from the field to the GY is not " \
                              "known", "negated_not_from_field"
        return "no", f"{subject.name} is not treated as sent from the field to the GY, so its effect that needs " \
                     "that does not activate", "negated_not_from_field"
    if outcome == "destroyed":
        if destroyed:
            return "yes", "the negating card destroys it", "negated_card_to_gy"
        if destroyed is False or destroys is False:
            return "no", "the negating card does not destroy it: it is sent to the GY by the rules", \
                "negated_card_to_gy"
        return "unknown", "whether it is destroyed depends on the negating card (\"negate the activation, and " \
                          "if you do, destroy it\"); by the rules alone it is sent to the GY", "negated_card_to_gy"
    if outcome == "again_copy" and subject.name and _OPT_CARD.search(subject.text):
        return "yes", f"{subject.name} can only be activated once per turn; with its activation negated, another " \
                      "card with the same name can be activated that turn", "negated_opt_card_activation"
    return "unknown", f"{OUTCOMES[outcome]}: for a card's activation this depends on the wording of its " \
                      "once-per-turn limit and which copy is meant", "negated_opt_card_activation"


def _effect_activation_verdict(outcome, subject, destroyed, destroys, unsaid=False,
                               said_destroys=False) -> tuple[str, str, str]:
    """The activation of a monster's effect or of a face-up Spell/Trap's effect was negated (``unsaid``: no
    negating card, kind or words said; ``said_destroys``: the negating effect's words say it destroys)."""
    if outcome in ("stays", "moved", "left_field", "destroyed", "to_gy", "to_gy_end_of_chain"):
        if destroyed is None and destroys is None and not unsaid:
            return "unknown", "the card stays where it is unless the negating card says otherwise (destroys " \
                              "it); which card negated it is not said", "negated_effect_stays"
        if destroyed is None and destroys is None:  # no negating card or kind said: the rule's default
            if subject.name and subject.type in ("spell", "trap") and not any(
                    e.get("kind") in ("ignition", "trigger", "quick", "flip") for e in subject.effects):
                return "unknown", f"{subject.name} has no effect activated on the field besides its own " \
                                  "activation, which may be the one meant", "negated_effect_not_moved"
            if subject.name and subject.type == "monster":  # a cost may have moved it (Stardust Dragon)
                from .field_negation import on_field_when_resolving

                on_field, why = on_field_when_resolving(subject.session, subject.name)
                if not on_field:
                    return "unknown", f"{why}: where it is after activating decides", "negated_effect_not_moved"
            answer = {"stays": True, "moved": False, "left_field": False, "destroyed": False, "to_gy": False,
                      "to_gy_end_of_chain": False}[outcome]
            return ("yes" if answer else "no"), "unless stated otherwise, a card whose effect's activation is " \
                "negated is not moved from where it is", "negated_effect_not_moved"
        gone = bool(destroyed)
        if gone and destroys and subject.name and subject.type == "monster":  # only a card on the field is
            from .field_negation import on_field_when_resolving  # destroyed ("Ash Blossom" is in the GY)

            on_field, why = on_field_when_resolving(subject.session, subject.name)
            if not on_field:
                return "unknown", f"{why}: whether the negating card can destroy it there is not decided", \
                    "negated_effect_stays"
        elif gone and subject.type == "monster" and subject.name is None and not said_destroys:
            return "unknown", "where the monster is (the field, the hand, the GY) decides whether it can be " \
                              "destroyed", "negated_effect_stays"
        answer = {"stays": not gone, "moved": gone, "left_field": gone, "destroyed": gone, "to_gy": gone,
                  "to_gy_end_of_chain": False}[outcome]
        detail = "the negating card destroys it" if gone else "the negating card does not move it: it stays"
        if said_destroys:
            return ("yes" if answer else "no"), "the negating effect says \"negate the activation, and if you do, " \
                "destroy it\": the card is destroyed and sent to the GY", "negated_effect_destroy_said"
        if unsaid or destroys is False and not destroyed:
            return ("yes" if answer else "no"), detail, "negated_effect_not_moved"
        return ("yes" if answer else "no"), detail, "negated_effect_stays"
    if outcome in ("again", "counts"):
        limit = subject.once_per_turn()
        if limit is None or not limit:
            why = "it has no once-per-turn limit" if limit is False else "its once-per-turn limit is not known"
            return "unknown", f"{why}: whether it can be activated again depends on its conditions", \
                "negated_opt_monster"
        if subject.type == "monster":
            return ("no" if outcome == "again" else "yes"), \
                f"{subject.words}'s effect can only be used once per turn: with its activation negated it " \
                "cannot be activated again this turn", "negated_opt_monster"
        if _OPT_USE_EFFECT.search(subject.text):
            return ("no" if outcome == "again" else "yes"), \
                f"the effect of the face-up {subject.words} can only be used once per turn: with its activation " \
                "negated it cannot be activated again this turn", "negated_opt_face_up"
        return "unknown", "the wording of its once-per-turn limit decides", "negated_opt_face_up"
    return "unknown", f"{OUTCOMES[outcome]}: not decided by the negation of an effect's activation", \
        "negated_effect_stays"


def _effect_verdict(outcome, subject) -> tuple[str, str, str]:
    """The activation stood; the effect was negated on resolution."""
    if outcome == "activation_negated":
        return "no", "an effect that only negates effects leaves the activation standing", "negate_effect_only"
    if outcome == "was_activated":
        return "yes", "its activation was not negated: it was activated, its effect is not applied", \
            "negate_effect_only"
    if outcome in ("again", "counts"):
        limit = subject.once_per_turn()
        if not limit:
            why = "it has no once-per-turn limit" if limit is False else "its once-per-turn limit is not known"
            return "unknown", why, "negated_effect_counts"
        return ("no" if outcome == "again" else "yes"), \
            "its activation was not negated, so the effect still counts as activated for its once-per-turn " \
            "limit", "negated_effect_counts"
    return "unknown", f"{OUTCOMES[outcome]}: not decided by the negation of an effect", "negated_effect_counts"


def _summon_verdict(how, outcome, subject, destroyed) -> tuple[str, str, str]:
    """The Summon of a monster was negated (``how``: the method, when said)."""
    if outcome in ("summoned", "was_on_field", "left_field"):
        return "no", "a monster whose Summon is negated was not Summoned and was never on the field", \
            "negated_summon_not_summoned"
    if outcome == "normal_summon_again" and how in ("normal", "tribute"):
        return "no", "a negated Normal Summon still counts as the turn's one Normal Summon/Set", \
            "negated_summon_counts"
    if outcome == "pendulum_again" and how == "pendulum":
        return "no", "a negated Pendulum Summon still counts as the turn's one Pendulum Summon", \
            "negated_summon_counts"
    if outcome == "counts" and how in ("normal", "tribute", "pendulum"):
        return "yes", f"a negated {how.capitalize()} Summon still counts as the turn's one", "negated_summon_counts"
    if outcome == "summon_again" and how in ("special", "synchro", "xyz", "link"):
        if not _ONCE_SUMMON.search(subject.text):  # the same card is in the GY now (a copy may be Summoned)
            return "unknown", "only a limit of one Special Summon per turn is lifted by the negation; where the " \
                              "monster went decides the rest", "negated_summon_retry"
        return "yes", f"{subject.name} can only be Special Summoned once per turn; its Special Summon was negated, " \
                      "so it is treated as not Summoned and may be Special Summoned again (if otherwise legal)", \
            "negated_summon_retry"
    if outcome == "to_gy" and how in ("normal", "tribute"):
        return "yes", "a monster whose Normal Summon is negated is sent to the GY", "negated_normal_summon_gy"
    if outcome == "to_gy":  # any Summon (cr-draft 300.4k), unless the negating card moves it (handled above)
        return "yes", "a monster whose Summon is negated is sent to the GY (if possible)", "summon_negated_gy"
    if outcome == "tributes_back" and how == "tribute":
        return "no", "the Tributes stay in the GY even if the Tribute Summon is negated", "sim_tribute_negated"
    return "unknown", f"{OUTCOMES[outcome]}: not decided for this Summon by the rules of negated Summons", \
        "negated_summon_not_summoned"


def answer_negated(session: Session, question: dict) -> dict:
    """Answer a ``negated`` question (see the module doc)."""
    question = normalise_negated(question, _card_item)
    subject = _Subject(session, question["card"], bool(question.get("of_effect")))
    destroys = _negator_destroys(session, question.get("by"), question.get("negator"))
    answer, detail, rule = _verdict(question, subject, destroys)
    what = {"activation": "the activation of", "effect": "the effect of",
            "summon": f"the {question.get('how', '').capitalize() + ' ' if question.get('how') else ''}Summon of"}
    premise = f"{what[question['negated']]} {subject.words} is negated"
    if question.get("by", {}).get("card"):
        premise += f" by {question['by']['card']}"
    assumed = []
    if destroys is None and "by" not in question:
        assumed.append("the negating card is not named: it is taken to do no more than negate")
    if question.get("negator") == "destroys" and subject.name is None and subject.type == "monster":
        assumed.append("the monster is where the negating effect can destroy it (on the field)")
    return {
        "answer": answer,
        "card": subject.name or subject.words,
        "resolved": {"card": subject.name or subject.words},
        "explanation": f"{answer}: {premise}; {OUTCOMES[question['outcome']]}? {detail[0].upper() + detail[1:]}.",
        "assumed": assumed,
        "rulings": [],
        "steps": [{"check": "after the negation", "result": {"yes": "pass", "no": "fail", "unknown": "unknown"}.get(
            answer, "pass"),
                   "detail": detail, **citation(rule)}],
    }
