"""The card property reader: a question asking what a card, one of its effects or a kind of card IS, read by
filling slots (``card_property_words.toml``), answered by :mod:`kb.engine.card_properties`.

The question's pieces (kb/understand/skeleton.py: card and kind mentions as entities) are read left to right:
each word is explained by the longest phrase of the vocabulary that starts there (a slot and a value: the
asked ``property``, a cost's ``act``, a ``summon``, an ``effect_kind``, a ``moment``, ``of_effect``, the
``form``) or by a filler; a number fills ``number``.  Any word nothing explains, a negation, or a second
asked property leaves the question to the other readers (None).  The subject is the one named card or kind
of card; a kind of effect said right after a card ("Man-Eater Bug's flip effect") narrows it, one said
after the subject with an article ("is X's effect a Quick Effect") is the asked value.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from .claims.tagger import lemmas
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_card_property", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("card_property_words.toml")
_PUNCT = frozenset({"?", ",", ".", "!", "(", ")", '"', "'", ":", ";", "-", "..."})
_ENDS = frozenset({".", "?", "!"})
# a sentence before the question that only says who activates the card ("I activate X.", "my opponent uses X")
_TELLS = re.compile(r"(?:i|you|my opponent|the opponent|opponent|they|he|she|we|a player) (?:activate|activates|"
                    r"activated|use|uses|used|play|plays|played)(?: the effect of| the)?")
_PRONOUNS = frozenset({"it", "its", "it's", "that card", "this card"})
_NUMBERS = {"1": 1, "2": 2, "3": 3, "one": 1, "two": 2, "three": 3}
_EFFECT_KINDS = ("ignition", "trigger", "quick", "continuous", "flip")


@lru_cache(maxsize=1)
def _phrases() -> dict[str, list[tuple[tuple[str, ...], tuple[tuple[str, str], ...]]]]:
    """First word -> [(phrase words, ((slot, value), ...))], longest first."""
    with WORDS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    meanings: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for slot, values in data.items():
        if slot == "filler":
            for phrase in values["words"]:
                meanings.setdefault(tuple(phrase.split()), []).append(("filler", ""))
            continue
        for value, said in values.items():
            for phrase in said:
                meanings.setdefault(tuple(phrase.split()), []).append((slot, value))
    out: dict[str, list] = {}
    for words, means in sorted(meanings.items(), key=lambda item: -len(item[0])):
        out.setdefault(words[0], []).append((words, tuple(means)))
    return out


def _match(words: list[str | None], i: int):
    """The longest phrase at word ``i``: (length, meanings) or None."""
    best = None
    for first in lemmas(words[i]) | {words[i]}:
        for phrase, means in _phrases().get(first, ()):
            n = len(phrase)
            if best is not None and n <= best[0] or i + n > len(words):
                continue
            if all(words[i + k] is not None and (phrase[k] == words[i + k] or phrase[k] in lemmas(words[i + k]))
                   for k in range(1, n)):
                best = (n, means)
    return best


def _pieces(skeleton: Skeleton) -> list[list[tuple[str | None, int | None]]]:
    """The sentences of the question, each a list of (word, None) or (None, entity index), punctuation left
    out ("." "?" "!" end a sentence)."""
    out: list[list] = [[]]
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            out[-1].append((None, piece.entity))
        elif piece.text in _ENDS:
            if out[-1]:
                out.append([])
        elif piece.text not in _PUNCT:
            out[-1].append((piece.text.lower(), None))
    return [sentence for sentence in out if sentence]


def _context(sentence) -> int | None:
    """The card a sentence told before the question introduces ("I activate Book of Moon.", "My opponent
    uses Effect Veiler's effect."): its entity index, or None when the sentence says anything else."""
    at = [k for k, (_w, e) in enumerate(sentence) if e is not None]
    if len(at) != 1:
        return None
    before = " ".join(w for w, _e in sentence[:at[0]])
    after = [w for w, _e in sentence[at[0] + 1:]]
    if after not in ([], ["effect"], ["'s", "effect"], ["its", "effect"]):
        return None
    return sentence[at[0]][1] if _TELLS.fullmatch(before) else None


_COND_OPEN = frozenset({"while", "when", "after", "once", "if", "as"})
_COND_VERB = frozenset({"is", "becomes", "became", "'s", "was", "turns", "turned", "has"})


def _as_monster(pieces, ents) -> list:
    """``pieces`` with "while it is a monster", "after X becomes a monster", "as a monster" replaced by the
    condition word ``@as_monster`` (the card itself, when named there, stays)."""
    out, k = [], 0
    while k < len(pieces):
        word, entity = pieces[k]
        if word in _COND_OPEN:
            j = k + 1
            named = None
            if word != "as" and j < len(pieces) and (pieces[j][0] == "it" or pieces[j][1] is not None
                                                     and ents[pieces[j][1]].kind == "card"):
                named = pieces[j] if pieces[j][1] is not None else None
                j += 1
                while j < len(pieces) and pieces[j][0] in _COND_VERB | {"into", "a", "been", "treated", "special",
                                                                       "summoned"}:
                    j += 1
            elif word != "as":
                j = len(pieces)
            if j < len(pieces) and pieces[j][1] is not None and ents[pieces[j][1]].kind == "class" and \
                    (ents[pieces[j][1]].cls or {}) == {"type": "monster"}:
                out += ([named] if named else []) + [("@as_monster", None)]
                k = j + 1
                continue
            equips = [w for w, _e in pieces[k + 1:k + 5]]
            if word != "as" and k + 1 < len(pieces) and (pieces[k + 1][0] == "it" or pieces[k + 1][1] is not None) \
                    and equips[1:3] == ["equips", "itself"]:
                named = pieces[k + 1] if pieces[k + 1][1] is not None else None
                j = k + 4  # "after X equips itself (to a monster)"
                if j + 1 < len(pieces) and pieces[j][0] == "to" and pieces[j + 1][1] is not None and \
                        (ents[pieces[j + 1][1]].cls or {}) == {"type": "monster"}:
                    j += 2
                out += ([named] if named else []) + [("@equipped", None)]
                k = j
                continue
        out.append((word, entity))
        k += 1
    return out


def _read_slots(pieces) -> tuple[dict[str, list[str]], list[tuple[int, int]]] | None:
    """The slots said (slot -> values, in order) and the entities ``(position, index)``; None when a word is
    not explained."""
    words = [w for w, _e in pieces]
    slots: dict[str, list[str]] = {}
    entities = []
    i = 0
    while i < len(pieces):
        word, entity = pieces[i]
        if entity is not None:
            entities.append((i, entity))
            i += 1
            continue
        if word in ("@as_monster", "@equipped"):
            slots.setdefault("condition", []).append(word[1:])
            i += 1
            continue
        if word in _NUMBERS or word.isdigit():
            slots.setdefault("number", []).append(str(_NUMBERS.get(word, word)))
            i += 1
            continue
        found = _match(words, i)
        if found is None:
            return None
        n, means = found
        for slot, value in means:
            if slot != "filler":
                slots.setdefault(slot, []).append(value)
            if slot == "effect_kind":
                slots.setdefault("_effect_kind_at", []).append(str(i))
        if all(slot == "filler" for slot, _v in means):
            slots.setdefault("_filler", []).append(" ".join(w for w in words[i:i + n] if w))
        slots.setdefault("_at_" + means[0][0], []).append(str(i))
        i += n
    return slots, entities


def _property(slots: dict) -> tuple[str, str | None] | None:
    """The asked property and the cost's act (None when not one property)."""
    props = list(dict.fromkeys(slots.get("property", [])))
    acts = list(dict.fromkeys(slots.get("act", [])))
    if "activated" in props and "effect_kind" not in props and len(props) > 1:
        props = [p for p in props if p != "activated"]  # "does X target when it is activated": another property
    if "cost" in props:
        rest = [p for p in props if p != "cost" and not (p == "targets" and "target" in acts)]
        if rest or len(acts) != 1:
            return None
        return "cost", acts[0]
    if acts and not (acts == ["target"] and props == ["targets"]):
        return None  # an act said with no cost asked: "does destroying X ..." is not read here
    if len(props) != 1:
        return None
    return props[0], None


def _summon(values: list[str]) -> str | None:
    kinds = set(values)
    if "procedure" in kinds:
        return "procedure"
    if "own_effect" in kinds:  # "by its own effect": its procedure, or an activated effect of its own (the card decides)
        return "own_effect"
    specific = kinds - {"summon", "special_summon"}
    if len(specific) == 1:
        return specific.pop()
    if not specific and "special_summon" in kinds:
        return "special_summon"
    return None


def read_card_property(skeleton: Skeleton) -> Frame | None:
    """The card property question the whole question asks, as a frame, or None (see the module doc)."""
    sentences = _pieces(skeleton)
    if not sentences:
        return None
    *told, pieces = sentences
    context = [_context(sentence) for sentence in told]
    if None in context or len(set(skeleton.entities[i].card_id for i in context)) > 1:
        return None  # a sentence before the question that says more than who activates the card
    pieces = _as_monster(pieces, skeleton.entities)
    read = _read_slots(pieces)
    if read is None:
        return None
    slots, entities = read
    if context:  # "I activate X. Does it target?": X is the subject the question's "it" names
        if not entities:
            if not any(w in _PRONOUNS for w, _e in pieces) and slots.get("effect_kind"):
                return None  # "I activate X. Does a Continuous Effect ...": not X
            entities = [(-1, context[0])]
        elif any(skeleton.entities[i].card_id != skeleton.entities[context[0]].card_id
                 for _at, i in entities[:1]):
            return None
    ents = skeleton.entities
    conditions = list(dict.fromkeys(slots.get("condition", [])))
    if conditions:  # "is X (treated as) a Trap Card while it is a monster": its card type under a condition
        return _card_type_frame(skeleton, slots, entities, conditions)
    if not slots.get("property") and not slots.get("act") and (slots.get("effect_kind") or any(
            ents[i].kind == "class" and set(ents[i].cls or {}) == {"effect"} for _at, i in entities[1:])):
        slots["property"] = ["effect_kind"]  # "is X's effect a Quick Effect": the kind of effect is asked
    got = _property(slots)
    if got is None:
        return None
    prop, act = got
    if not slots.get("form"):  # "spell speed of X?": a noun phrase asks the value
        if prop not in ("spell_speed", "effect_kind") or slots.get("number") or len(entities) != 1:
            return None
        slots["form"] = ["what"]
    slots["form"] = ["what"] if "what" in slots["form"] else ["yesno"]
    if any(ents[i].kind not in ("card", "class") for _at, i in entities):
        return None
    subject, value, effect, example, like = None, None, None, None, None
    for at, index in entities:
        entity = ents[index]
        cls = entity.cls or {}
        if subject is None:
            subject = index
            continue
        if entity.kind == "class" and set(cls) == {"effect"} and cls["effect"] in _EFFECT_KINDS:
            adjacent = at > 0 and pieces[at - 1][1] == subject
            if adjacent and not entity.text.lower().startswith(("a ", "an ")) and effect is None:
                effect = cls["effect"]  # "Man-Eater Bug's flip effect": which effect of the card
                continue
            if value is None:
                value = cls["effect"]  # "is X's effect a Quick Effect": the asked kind
                continue
        if entity.kind == "class" and ents[subject].kind == "card" and like is None and at > 0 and \
                pieces[at - 1][0] == "like" and set(cls) <= {"type", "property"} and cls.get("type"):
            like = cls  # "... like the Counter Trap itself": the card's own kind, compared
            continue
        if entity.kind == "card" and ents[subject].kind == "class" and example is None and at > 0 and \
                pieces[at - 1][0] in ("like", "as", "e.g.", "example"):
            example = index  # "a Quick-Play Spell like Enemy Controller": an example of the kind
            continue
        return None  # a second card or kind: another question (a kind compared, a chain ...)
    said_kinds = list(dict.fromkeys(slots.get("effect_kind", [])))
    subject_at = next((at for at, i in entities if i == subject), None)
    if len(said_kinds) == 1 and subject_at is not None and subject_at >= 0 and effect is None and \
            str(subject_at + 1) in slots.get("_effect_kind_at", []) and ents[subject].kind == "card":
        effect, said_kinds = said_kinds[0], []  # "Skill Drain's continuous effect": which effect of the card
    kind_subject = None
    if subject is None and not slots.get("summon") and len(said_kinds) == 1 and prop in ("activated", "spell_speed",
                                                                                           "targets"):
        kind_subject, said_kinds = said_kinds[0], []  # "does a continuous effect use a chain link"
    if said_kinds:
        if len(said_kinds) > 1 or value is not None:
            return None
        value = said_kinds[0]
    summon = _summon(slots["summon"]) if slots.get("summon") else None
    if slots.get("summon") and (summon is None or prop != "activated"):
        return None
    if slots.get("moment") and prop not in ("stays", "to_gy"):
        return None
    if prop == "spell_speed":
        numbers = slots.get("number", [])
        if len(numbers) > 1 or value is not None:
            return None
        value = int(numbers[0]) if numbers else None
        if (value is None) != ("what" in slots["form"]):
            return None
    elif slots.get("number") and not (prop == "cost" and act == "pay_lp" and len(slots["number"]) == 1):
        return None  # a number is only an LP cost's amount ("is paying 1500 LP for X a cost")
    if prop == "effect_kind" or value is not None and prop == "activated" and "what" not in slots["form"]:
        prop = "effect_kind"  # "is X's effect an activated Quick Effect"
        if (value is None) != ("what" in slots["form"]):
            return None
    elif value is not None and prop != "spell_speed":
        return None
    elif "what" in slots["form"] and prop not in ("spell_speed", "effect_kind"):
        return None
    if kind_subject is not None:
        card: dict = {"class": {"effect": kind_subject}}
    elif subject is None:
        if summon is None:
            return None
        card = {"class": {"type": "spell" if summon == "set" else "monster"}}
    else:
        entity = ents[subject]
        card = {"card": entity.name} if entity.kind == "card" else {"class": dict(entity.cls or {})}
        if entity.kind == "class" and not card["class"]:
            return None
        if entity.kind == "class" and entity.text.lower().split()[:1] in (["any"], ["some"], ["every"], ["all"], ["each"],
                                                                         ["no"]):
            return None  # "does any Normal Spell stay on the field": a quantifier the kind's rule does not answer
        if entity.kind == "class" and entity.aside.get("effect_of") and card["class"].get("type") in ("spell", "trap") \
                and "effect" not in card["class"]:
            card["class"]["effect"] = "any"  # "the effect of a Continuous Trap": an effect of it, not its activation
    if (example is not None or like is not None) and prop != "spell_speed":
        return None
    select = list(dict.fromkeys(slots.get("select", [])))
    where = ents[subject].aside.get("location") if subject is not None else None
    if where in ("gy", "hand", "field") and ents[subject].kind == "card":
        select = list(dict.fromkeys(select + [f"loc:{where}"]))  # "the Graveyard effect of X" (mentions.py)
    if select and (subject is None or ents[subject].kind != "card" or prop == "stays" or prop == "to_gy"):
        return None  # which effect of a card: only of a named card's effects
    if prop == "spell_speed" and effect is None and example is None and like is None and not select:  # its form of its one place (kb/understand/facts.py)
        question = {"ask": "spell_speed", "card": card, **({"speed": value} if value is not None else {})}
        skeleton.use(skeleton.live())
        name = ents[subject].text if subject is not None else f"a {kind_subject} effect"
        said = f"Is {name} Spell Speed {value}?" if value is not None else f"What is the Spell Speed of {name}?"
        return Frame(question, said, used_entities={i for _at, i in entities} | set(context), uses_story=True)
    question = {"ask": "card_property", "property": prop, "card": card}
    of_effect = bool(slots.get("of_effect")) or (subject is not None and bool(ents[subject].aside.get("effect_of")))
    amount = int(slots["number"][0]) if prop == "cost" and slots.get("number") else None
    if example is not None:
        question["example"] = ents[example].name
    if select:
        question["select"] = select
    if like is not None:
        question["like"] = like
    has = bool(slots.get("has")) and prop == "effect_kind" and value is not None  # "does X have a Quick Effect"
    for key, val in (("value", value), ("act", act), ("amount", amount), ("effect", effect), ("summon", summon),
                     ("has", has or None),
                     ("of_effect", of_effect or None)):
        if val is not None:
            question[key] = val
    skeleton.use(skeleton.live())
    return Frame(question, _understood(question, ents[subject].text if subject is not None else None),
                 used_entities={i for _at, i in entities} | set(context), uses_story=True)


def _card_type_frame(skeleton: Skeleton, slots: dict, entities, conditions: list[str]) -> Frame | None:
    """The card type of a named card under one condition (a Trap Monster as a monster, a Pendulum Monster in
    its Pendulum Zone, an equipped Union monster or Trap), as a frame, or None."""
    ents = skeleton.entities
    if len(conditions) != 1 or len(entities) != 2 or slots.get("property") or slots.get("act") or \
            slots.get("number") or slots.get("summon") or slots.get("effect_kind") or "what" in slots.get("form", []) \
            or slots.get("select") or slots.get("moment") or slots.get("of_effect"):
        return None
    (_a, subject), (_b, asked) = entities
    if ents[subject].kind != "card" or ents[asked].kind != "class":
        return None
    kind = dict(ents[asked].cls or {})
    if not kind.get("type") or set(kind) - {"type", "property"} or "effect monster" in ents[asked].text.lower():
        return None
    question = {"ask": "card_property", "property": "card_type", "card": {"card": ents[subject].name},
                "kind": kind, "condition": conditions[0]}
    skeleton.use(skeleton.live())
    where = {"as_monster": "while it is a monster", "pendulum_zone": "in a Pendulum Zone",
             "equipped": "while it is equipped"}[conditions[0]]
    return Frame(question, f"Card property: is {ents[subject].name} {ents[asked].text} {where}?",
                 used_entities={subject, asked}, uses_story=True)


_ASKED = {"spell_speed": "what is the Spell Speed of {s}", "targets": "does {s} target",
          "cost": "is the {act} of {s} a cost", "activated": "is {s} activated (does it start a chain)",
          "stays": "does {s} stay on the field after it resolves", "to_gy": "does {s} go to the GY after it resolves",
          "effect_kind": "what kind of effect is {s}"}


def _understood(question: dict, subject_text: str | None) -> str:
    card = question["card"]
    name = card.get("card") or subject_text or "a monster"
    if question.get("effect"):
        name = f"{name}'s {question['effect']} effect"
    elif question.get("of_effect") and "card" in card:
        name = f"{name}'s effect"
    if question.get("summon"):
        name = f"{question['summon'].replace('_', ' ')} of {name}"
    said = _ASKED[question["property"]].format(s=name, act=str(question.get("act", "")).replace("_", " "))
    value = question.get("value")
    if value is not None and question["property"] == "spell_speed":
        said = f"is {name} Spell Speed {value}"
    elif value is not None:
        said = f"is {name} a {value} effect"
    return f"Card property: {said}?"
