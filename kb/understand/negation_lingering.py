"""Questions about a card that lastingly negates face-up monsters (Skill Drain) onto
``{"ask": "field_negation"}`` (:mod:`kb.engine.field_negation`): whether face-up monsters may still activate
effects while such a card applies, and whether the effect of a monster that left the field as its own cost
(banished, Tributed, sent to the GY) still resolves.

Read over the sentences of :func:`kb.understand.negation_outcome.sentences`: first the card that applies
(``[lingering] applies`` of ``negation_words.toml``), then at most one sentence of what the monster did
(its cost moved it off the field, where it activated its effect), then the question.  Every sentence must
be read whole, or there is no reading.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .frame import Frame
from .negation_outcome import sentences, words
from .skeleton import Skeleton

__all__ = ["read_lingering_negation"]

_PLACES = {"hand": "hand", "gy": "gy", "graveyard": "gy", "face-up": "field", "on the field": "field"}


def _fill(pattern: str, x: str = r"e\d+", y: str = r"e\d+") -> str:
    it = r"(?:it|that monster|the monster|this monster)"
    its = r"(?:its|that monster's|the monster's)"
    monsters = "(?:" + "|".join(re.escape(m) for m in sorted(words()["lingering"]["monsters"], key=len,
                                                                   reverse=True)) + ")"
    where = r"(?: (?:activated|used) (?:from|in) (?:the|my|your|their|his|her) (?P<qplace>hand|gy|graveyard))?"
    # "(a Trap Card treated as a monster)": a Trap Card that is a monster on the field
    aside = r"(?: \( (?:a |an )?trap(?: card)? (?:treated as|that is|which is) (?:a |an )?monster(?: card)? \))?"
    return (pattern.replace("{x}", f"(?P<x>{x})")
            .replace("{its}", f"(?:(?P<y_its>{y})(?P<asmon_its>{aside})|{its})")
            .replace("{from}", where)
            .replace("{y}", f"(?:(?P<y>{y})(?P<asmon_y>{aside})|{it})").replace("{m}", f"(?P<m>{monsters})"))


@lru_cache(maxsize=1)
def _shapes() -> dict[str, list[re.Pattern]]:
    table = words()["lingering"]
    out = {"applies": [re.compile("^" + _fill(p) + "$") for p in table["applies"]],
           "while": [re.compile("^(?:while|as long as) " + _fill(p) + " (?P<rest>.+)$") for p in table["applies"]]}
    for key in ("events_left_field", "events_where"):
        out[key] = [re.compile("^" + _fill(p) + "$") for p in table[key]]
    for key in ("resolves", "applied", "negated", "activate"):
        out[key] = [re.compile("^(?:then |so )?" + _fill(p) + "$") for p in table[f"questions_{key}"]]
    return out


def _match(kind: str, text: str):
    for pattern in _shapes()[kind]:
        found = pattern.match(text)
        if found:
            return found
    return None


def _entity(found, key: str) -> int | None:
    value = found.groupdict().get(key) if found else None
    return int(value[1:]) if value else None


def read_lingering_negation(skeleton: Skeleton) -> Frame | None:
    """The ``field_negation`` question of a "while X applies" story, as a frame, or None."""
    said = sentences(skeleton, openers=("while", "if", "when"), class_words=True)
    if not said:
        return None
    entities = skeleton.entities
    first, *rest = [text for text, _ents in said]
    applies = _match("applies", first.removeprefix("while ").removeprefix("if ").removeprefix("when "))
    if applies is None:  # one sentence: "while X is applying can my monsters ..."
        inline = _match("while", first)
        if inline is None or rest:
            return None
        applies, rest = inline, [inline["rest"]]
    if not rest:
        return None
    negator = _entity(applies, "x")
    if entities[negator].kind != "card":
        return None
    monster, where, left_field = None, None, False
    *events, asked = rest
    if len(events) > 1:
        return None
    for event in events:
        found = _match("events_left_field", event)
        if found is not None:
            left_field = True
        else:
            found = _match("events_where", event)
            if found is None:
                return None
            place = found.groupdict().get("place")
            where = _PLACES.get(place) if place else None
        monster = _entity(found, "y")
        if monster is None or monster == negator:
            return None
    outcome, found = None, None
    for key in ("resolves", "applied", "negated", "activate"):
        found = _match(key, asked)
        if found is not None:
            outcome = key
            break
    again = _entity(found, "x") if found is not None else None
    if found is None or (again is not None and entities[again].name != entities[negator].name):
        return None
    if found.groupdict().get("qplace"):
        if where is not None or left_field:
            return None
        where = _PLACES[found["qplace"]]
    asked_monster = _entity(found, "y") if _entity(found, "y") is not None else _entity(found, "y_its")
    if asked_monster is not None:
        if monster is not None and entities[asked_monster].name != entities[monster].name:
            return None
        monster = monster if monster is not None else asked_monster
    question = {"ask": "field_negation", "negator": {"card": entities[negator].name}, "outcome": outcome}
    if found.groupdict().get("m"):
        if monster is not None or outcome != "activate":
            return None
        question["card"] = {"class": {"type": "monster"}}
        label = found["m"]
    else:
        if monster is None or entities[monster].kind != "card":
            return None  # "it" with no monster said
        question["card"] = {"card": entities[monster].name}
        label = entities[monster].name
    if where:
        question["where"] = where
    if found.groupdict().get("asmon_y") or found.groupdict().get("asmon_its"):
        question["as_monster"] = True
    if left_field:
        question["left_field"] = True
    from ..engine.field_negation import FIELD_NEGATION_OUTCOMES

    place = {"field": "on the field", "gy": "in the GY"}.get(where or "", f"in the {where}")
    how = " (it left the field as its cost)" if left_field else (f" (activated {place})" if where else "")
    how += " (a Trap Card treated as a monster)" if question.get("as_monster") else ""
    understood = (f"While {entities[negator].name} applies: {label}{how}: "
                  f"{FIELD_NEGATION_OUTCOMES[outcome]}?")
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)


# ------------------------------------------------------------------------- unaffected by Spell/Trap effects


@lru_cache(maxsize=1)
def _unaffected_pattern() -> re.Pattern:
    table = words()["unaffected"]
    monsters = "|".join(re.escape(m) for m in sorted(words()["lingering"]["monsters"], key=len, reverse=True))
    kinds = r"(?:my |the |their |my opponent's |a |an )?(?:[a-z-]+ )?(?:monster|monsters)"

    def group(key: str, name: str) -> str:
        parts = []
        for k, pattern in enumerate(table[key]):
            y = rf"(?:(?:my |the |their |your |my opponent's )?(?P<{name}y{k}>e\d+)|it|that monster|the monster|" \
                rf"{kinds}|{monsters})"
            parts.append(pattern.replace("{x}", rf"(?P<{name}x{k}>e\d+)").replace("{z}", rf"(?P<{name}z{k}>e\d+)")
                         .replace("{y}", y))
        return "(?:" + "|".join(parts) + ")"

    sep = r" (?:and |if |then |and then |, )*"
    return re.compile("^" + group("negates", "n") + sep + group("unaffected", "u")
                      + "(?:" + sep + group("activates", "a") + ")?" + sep + group("questions", "q") + "$")


def read_unaffected(skeleton: Skeleton) -> Frame | None:
    """``field_negation`` with ``unaffected_by``: a Spell/Trap negates a monster that a card (Forbidden Lance)
    makes unaffected by Spell/Trap effects; is it (still) negated?"""
    said = sentences(skeleton, openers=(), class_words=True)
    text = " ".join(t for t, _ents in said)
    found = _unaffected_pattern().match(text)
    if found is None:
        return None
    entities = skeleton.entities
    groups = {k: v for k, v in found.groupdict().items() if v}

    def named(prefix: str) -> list[int]:
        return [int(v[1:]) for k, v in groups.items() if re.fullmatch(prefix + r"\d+", k)]

    negator, granter = named("nx"), named("uz")
    monsters = {entities[n].name for p in ("ny", "uy", "ay", "qy") for n in named(p)}
    if len(negator) != 1 or len(granter) != 1 or len(monsters) > 1:
        return None
    if any(entities[n].kind != "card" for n in negator + granter):
        return None
    question = {"ask": "field_negation", "negator": {"card": entities[negator[0]].name},
                "card": {"card": monsters.pop()} if monsters else {"class": {"type": "monster"}},
                "unaffected_by": {"card": entities[granter[0]].name}, "outcome": "negated"}
    label = question["card"].get("card") or "the monster"
    understood = (f"{question['negator']['card']} negates {label}, which {question['unaffected_by']['card']} makes "
                  f"unaffected: is it (still) negated?")
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)
