"""Trigger effects whose event happens in the middle of a chain (community 7.9.5): what the wording decides.

``{"ask": "timing_wording", "sort": "optional"|"mandatory", "wording": "when"|"if"|"any", "asked": "when"|"can"}``
about a wording alone, or ``{"ask": "timing_wording", "card": name, "event": ..., "quote"?: ..., "asked": "can"}``
about a named card's trigger (its text decides, through :func:`kb.engine.timing.check_timing` with the event not
the last thing to happen; a quoted wording that its text contradicts makes the answer unknown):

- "activate if/when [event]" (mandatory): it activates after the chain resolves;
- "if [event] ... you can": it can be activated after the chain resolves;
- "when [event] ... you can": it misses the timing.
"""

from __future__ import annotations

import re

from ..errors import BadQuestionError
from .rules import citation
from .timing import TIMING_EVENTS, check_timing

__all__ = ["answer_timing_wording", "summon_qualifier", "wording_of"]

_SORTS, _WORDINGS, _ASKED = ("optional", "mandatory"), ("when", "if", "any"), ("when", "can")


def wording_of(quote: str) -> tuple[str | None, str | None]:
    """(optional / mandatory / None, when / if / any / None) that a quoted condition says."""
    words = quote.lower().replace(":", " ").split()
    if not words:
        return None, None
    if words[0] == "activate":
        return "mandatory", "any"
    sort = "optional" if "you can" in " ".join(words) else None
    return sort, {"when": "when", "if": "if"}.get(words[0])


def _answer(answer: str, detail: str, steps: list[dict], subject: str, card: str | None = None,
            assumed: list[str] | None = None) -> dict:
    return {"answer": answer, "card": card, "resolved": {"fact": subject} if card is None else {"card": card},
            "explanation": f"{answer}: {detail}.", "assumed": list(assumed or []), "rulings": [], "steps": steps}


def _by_wording(sort: str, wording: str, asked: str) -> tuple[str, str, str]:
    """(answer, detail, rule key) for a wording whose event happened in the middle of a chain."""
    if sort == "mandatory":
        detail = "a mandatory effect must activate: it activates after the chain finishes resolving"
        return ("after the chain resolves" if asked == "when" else "yes"), detail, "timing_mandatory_after_chain"
    if wording == "if":
        detail = ("an \"If ... you can\" effect whose condition was met during the resolution of a chain can be "
                  "activated after the chain finishes resolving")
        return ("after the chain resolves" if asked == "when" else "yes"), detail, "timing_if_after_chain"
    detail = ("an optional \"When ... you can\" effect must be activated when its event happens; its event was "
              "not the last thing to happen (the chain went on resolving), so it misses the timing and cannot be "
              "activated")
    return ("it cannot be activated (it misses the timing)" if asked == "when" else "no"), detail, "missing_timing"


def answer_timing_wording(session, question: dict) -> dict:
    """The answer to a ``timing_wording`` question (see the module)."""
    asked = question.get("asked")
    if asked not in _ASKED:
        raise BadQuestionError(f"asked: {asked!r} is not one of {', '.join(_ASKED)}", "asked", asked)
    if question.get("card") is None:
        sort, wording = question.get("sort"), question.get("wording")
        if sort not in _SORTS or wording not in _WORDINGS or (sort == "optional" and wording == "any"):
            raise BadQuestionError("sort (optional/mandatory) and wording (when/if, or any for a mandatory effect) "
                                   "are needed", "wording", wording)
        answer, detail, rule = _by_wording(sort, wording, asked)
        step = {"check": "wording", "result": "pass" if answer != "no" else "fail", "detail": detail,
                **citation(rule, "missing_timing")}
        return _answer(answer, detail, [step], f"{sort} \"{wording}\" effect in the middle of a chain")
    return _named(session, question)


def _named(session, question: dict) -> dict:
    from .questions import engine_card

    event = question.get("event")
    if event not in TIMING_EVENTS:
        raise BadQuestionError(f"event: {event!r} is not one of {', '.join(TIMING_EVENTS)}", "event", event)
    card = engine_card(session, {"card": question["card"]})
    verdict = check_timing(card, event, "effect", False)
    steps = [{"check": "event", "result": "pass", "detail": f"{card.name} was {event.replace('_', ' ')} by a "
                                                             "chain link that was not the last to resolve",
              **citation("missing_timing", "timing_if_after_chain")}] + verdict.steps
    subject = f"{card.name}'s effect after a chain"
    if verdict.answer not in ("activates", "misses") or verdict.effect is None:
        return _answer("unknown", "its trigger effect for that event is not read from its text", steps, subject,
                       card.name, verdict.assumed)
    effect = next(e for e in card.effects if e["index"] == verdict.effect)
    qualified = _unchecked_qualifier(session, effect, event, question.get("cause"))
    if qualified:
        steps.append({"check": "trigger condition", "result": "unknown", "detail": qualified,
                      **citation("activation_condition")})
        return _answer("unknown", qualified, steps, subject, card.name, verdict.assumed)
    quote = question.get("quote")
    if quote:
        said_sort, said_wording = wording_of(quote)
        sort = "optional" if effect.get("optional") else "mandatory"
        if (said_sort and said_sort != sort) or (said_wording not in (None, "any") and effect.get("when_if") and
                                                 said_wording != effect["when_if"]):
            detail = (f"the wording quoted (\"{quote}\") is not what {card.name}'s text says "
                      f"(\"{(effect.get('condition') or {}).get('raw', '')}\")")
            steps.append({"check": "wording", "result": "unknown", "detail": detail, **citation("missing_timing")})
            return _answer("unknown", detail, steps, subject, card.name, verdict.assumed)
    answer = "yes" if verdict.answer == "activates" else "no"
    detail = (f"{card.name}'s effect " + ("can be activated after the chain resolves" if answer == "yes" else
                                          "misses the timing: its event was not the last thing to happen"))
    return _answer(answer, detail, steps, subject, card.name, verdict.assumed)


_PLACES = {"gy": r"\b(?:GY|Graveyard)\b", "graveyard": r"\b(?:GY|Graveyard)\b", "hand": r"\bhand\b",
           "deck": r"\bDeck\b", "extra deck": r"\bExtra Deck\b"}


def _unchecked_qualifier(session, effect: dict, event: str, cause: str | None) -> str:
    """:func:`summon_qualifier` with the text of the card named as the cause."""
    texts = None
    if cause:
        from .questions import engine_card

        texts = " ".join(e.get("text") or "" for e in engine_card(session, {"card": cause}).effects)
    return summon_qualifier(effect, event, texts)


def summon_qualifier(effect: dict, event: str, cause_text: str | None) -> str:
    """What a Summon trigger's condition says beyond the Summon that is not checked ("... from the hand", "... by
    a Spell Card's effect"); "" when nothing.  "From the GY" is checked against the text of the card that
    Summoned it (``cause_text``)."""
    if not event.endswith("summoned"):
        return ""
    raw = (effect.get("condition") or {}).get("raw", "")
    if re.search(r"\b(?:by|with|while|except|using|during)\b", raw, re.IGNORECASE):
        return f"its condition (\"{raw}\") says more than the Summon, which is not checked"
    place = re.search(r"\bfrom (?:the |your |your opponent's |either player's )?(extra deck|gy|graveyard|hand|deck)\b",
                      raw, re.IGNORECASE)
    if not place:
        return ""
    if cause_text and re.search(_PLACES[place.group(1).lower()], cause_text):
        return ""
    return f"its condition (\"{raw}\") names where it is Summoned from, which the story does not show"
