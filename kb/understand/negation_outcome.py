"""Stories of a negation and questions about what happens after it, onto ``{"ask": "negated"}``
(:mod:`kb.engine.negated`): where a card whose activation was negated goes and when, whether a monster whose
Summon was negated may be Summoned again, whether a card negated and destroyed has left the field.

The question is read sentence by sentence over the skeleton (every card mention, named or of a kind, as
``e<N>``): every sentence but the last must be a story shape (a negation, or the activation or Summon it
negated), the last one a question of ``negation_words.toml`` about the card negated.  A sentence no shape
reads whole gives no reading, so nothing the question says is left out.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_negation_outcome", "sentences", "words", "what_it_negates", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("negation_words.toml")
_OPENERS = ("if", "after", "once", "when")
_SUMMON_OUTCOMES = {"to_gy", "summon_again", "normal_summon_again", "pendulum_again", "summoned",
                    "was_on_field", "left_field", "tributes_back", "counts", "destroyed"}
_DEFINITE = re.compile(r"^(?:that|the|this)\b", re.I)
# a kind said again with its owner ("my Normal Spell" ... "is my Normal Spell sent to the GY?")
_POSSESSIVE = re.compile(r"^(?:my|your|my opponent's|your opponent's|the opponent's|their|his|her)\b", re.I)
# the negating effect's words ("negate the activation, and if you do, destroy it"), quotes and commas dropped
_SAID = re.compile(r"^negate (?:the|its|that|this) (?P<what>activation|effect)(?: of (?:it|that card|the card|that "
                   r"effect|the effect|that monster))?(?: and (?:if you do |then )?(?P<then>destroy|banish|return) "
                   r"(?:it|that card|the card|that monster)(?: to the hand)?)?$")


def words() -> dict:
    """The word file, parsed."""
    return word_file(WORDS_FILE)


def _alt(*path: str) -> str:
    return phrase_alternation(words(), *path)


@lru_cache(maxsize=1)
def _summonwords() -> dict[str, str]:
    return {phrase: how for how, phrases in words()["summons"].items() for phrase in phrases}


@lru_cache(maxsize=1)
def _story_shapes() -> list[tuple[str, re.Pattern]]:
    """(what the sentence tells, pattern): ``activation``/``summon`` negated, or ``activated``/``summoned``
    (a card the next sentence's "it" negates)."""
    own = rf"(?:{_alt('story', 'owners')} )?"
    card = rf"(?P<card>e\d+)(?: {_alt('story', 'where')})?"
    neg, negates, pl = _alt("story", "negated"), _alt("story", "negates"), _alt("story", "players")
    by = rf"(?: {_alt('story', 'with')} (?P<by>e\d+)| by {pl}| {_alt('story', 'said_lead')} (?P<said>.+?))?"
    des = rf"(?P<des> {_alt('story', 'destroys')})?"
    who = rf"(?:{pl}|(?:{_alt('story', 'owners')} )?(?P<by0>e\d+))"  # "my opponent's Solemn Warning"
    how = "(?P<how>" + "|".join(re.escape(p) for p in sorted(_summonwords(), key=len, reverse=True)) + "|summon)"
    mon = rf"(?:{card}|(?P<mon>{_alt('story', 'monster')}))"
    act = _alt("story", "activates")
    ref = r"(?:it|its activation|the activation|the activation of it)"
    sref = r"(?:it|the summon|that summon|its summon|the summon of it)"
    shapes = [
        ("activation", rf"^(?:the )?activation of {own}{card} {neg}{by}{des}$"),
        ("activation", rf"^{own}{card} activation {neg}{by}{des}$"),
        ("activation", rf"^{own}{card} (?:has|had|gets|got) its activation negated{by}{des}$"),
        ("activation", rf"^{who} {negates} the activation of {own}{card}{by}{des}$"),
        # "my opponent activates Solemn Strike to negate the activation of X (and destroy it)"
        ("activation", rf"^{pl} {act} (?P<by>e\d+) to negate the activation of {own}{card}(?: and destroy it)?$"),
        ("activation", rf"^{who} {negates} {own}{card} activation{by}{des}$"),
        ("activation_card", rf"^{who} {negates} {own}{card}{by}{des}$"),  # a Spell/Trap Card only
        ("activation", rf"^{pl} {act} {own}{card} (?:and |but |then )?{who} {negates} {ref}{by}{des}$"),
        ("activation_it", rf"^{who} {negates} {ref}{by}{des}$"),
        ("activation_it", rf"^(?:its activation|the activation) {neg}{by}{des}$"),
        # "a card's activation is negated": a card of any kind
        ("activation_any", rf"^(?:a|any) card(?:'s| 's) activation {neg}$"),
        ("activated", rf"^{pl} {act} {own}{card}$"),
        # a named negating card chained to it: what it negates (the activation or the effect) is its text's
        ("by_card", rf"^{who} {_alt('story', 'chains')} (?P<by>e\d+) (?:to|against|on|targeting|in response to) "
                    rf"(?:the activation of )?{own}{card}$"),
        # an effect that only negates effects chained to the activation: the activation stands
        ("effect", rf"^(?:{_alt('story', 'effect_negator')}|(?P<neg_kind>e\d+)) {_alt('story', 'chained_to')} "
                   rf"(?:the activation of )?{own}{card}$"),
        # the effect only: "my opponent chains Effect Veiler to negate its effect", "the effect of X is negated
        # when it resolves"
        ("effect_it", rf"^{who} {_alt('story', 'chains')} (?P<by>e\d+) {_alt('story', 'negate_effect')}$"),
        ("effect", rf"^{who} {_alt('story', 'chains')} (?P<by>e\d+) to negate the effect of {own}{card}$"),
        ("effect", rf"^(?:(?:the )?effect of )?{own}{card} {neg}{by} (?:when it resolves|on resolution|but not its "
                   rf"activation|but its activation is not)$"),
        ("effect", rf"^{pl} {act} {own}{card} (?:and |but |then )?{who} {_alt('story', 'chains')} (?P<by>e\d+) "
                   rf"{_alt('story', 'negate_effect')}$"),
        # "the effect of an activated card is negated": its activation stood
        ("effect_activated", rf"^{card} {neg}$"),
        # X negated by an effect told by its words, not named: the words said tell what was negated
        ("by_said", rf"^{own}{card} {neg}{by}{des}$"),
        ("summon", rf"^{own}{how} of {own}{mon} {neg}{by}$"),
        ("summon", rf"^{own}{how} {neg}{by}$"),
        ("summon", rf"^{who} {negates} {own}{how}(?: of {own}{mon})?{by}$"),
        ("summon", rf"^{pl} {how} {own}{mon} (?:and |but |then )?{who} {negates} {sref}{by}$"),
        ("summon_it", rf"^{who} {negates} {sref}{by}$"),
        ("summoned", rf"^{pl} {how} {own}{mon}$"),
    ]
    return [(kind, re.compile(pattern)) for kind, pattern in shapes]


@lru_cache(maxsize=1)
def _question_shapes() -> list[tuple[str, re.Pattern]]:
    it, its = _alt("refs", "it"), _alt("refs", "its")
    out = []
    for outcome, patterns in words()["questions"].items():
        for pattern in patterns:
            out.append((outcome, re.compile("^(?:then |so |and )?" + pattern.replace("{it}", it)
                                            .replace("{its}", its) + "$")))
    return out


# ------------------------------------------------------------------------------------------ reading


def sentences(skeleton: Skeleton, openers=_OPENERS, class_words: bool = False) -> list[tuple[str, list[int]]]:
    """The question as sentences (card mentions as ``e<N>``; with ``class_words`` a kind of card as its
    words); a leading clause opened by one of ``openers`` and closed by a comma is a sentence of its own."""
    out, part, ents = [], [], []
    double = False  # inside "..." (the marks themselves are dropped)
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.text in ('"', "“", "”"):
            double = not double
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            said = entity.text.lower()
            if entity.aside.get("effect_of") and "effect" not in said:  # "the effects of my monsters"
                said = f"the effects of {said}"
            part.append(said if class_words and entity.kind == "class" else piece.text)
            ents.append(piece.entity)
        elif piece.text in (".", "?", "!", ";"):
            if part:
                out.append((" ".join(part), ents))
            part, ents = [], []
        elif piece.text == "," and part and part[0] in openers and not out and not double and not _open_quote(part):
            out.append((" ".join(part[1:]), ents))
            part, ents = [], []
        elif piece.text not in (",", ":", '"'):
            part.append(piece.text)
    if part:
        out.append((" ".join(part), ents))
    return out


def what_it_negates(effects: list[dict]) -> str | None:
    """What a card's effects negate: "activation" or "effect" (None: neither, or both kinds)."""
    said = {c for e in effects for c in (e.get("categories") or []) if c in ("negate_activation", "negate_effect")}
    return {"negate_activation": "activation", "negate_effect": "effect"}.get(said.pop()) if len(said) == 1 else None


# "Pendulum Monster" is no kind the generic stage reads: "the Pendulum Monster" is "the pendulum e<N>" with
# e<N> a monster; "my Pendulum Monster's Pendulum Effect" is "my pendulum e<N>" with e<N> its Pendulum Effect.
# The word is dropped and, for the monster, remembered so that "the e<N>" refers to the card.


def _pendulum_effect(entity) -> bool:
    return entity.kind == "class" and (entity.cls or {}).get("effect") == "pendulum"


def _pendulum_words(text: str, entities, said: set) -> str:
    """``text`` with "pendulum" dropped before a monster or a Pendulum Effect it names (see above); the
    monsters so named are added to ``said``."""
    def drop(match: re.Match) -> str:
        entity = entities[int(match.group(1)[1:])]
        cls = entity.cls or {}
        if entity.kind == "class" and cls.get("type") == "monster" and set(cls) <= {"type", "effect"} and \
                cls.get("effect") in (None, "pendulum"):
            if cls.get("effect") is None:
                said.add(match.group(1))
            return match.group(1)
        return match.group(0)

    return re.sub(r"\bpendulum (e\d+)\b", drop, text)


def _open_quote(words: list[str]) -> bool:
    """Whether ``words`` end inside a quotation ("... like 'negate the activation, and ..."): a comma there
    does not close a leading clause."""
    marks = sum(1 for w in words if w in ("'", "‘", "’", "“", "”") or (w.endswith(("'", "’")) and len(w) > 1
                                                                       and not w.endswith(("'s", "’s"))))
    return marks % 2 == 1


def _item(entity) -> dict | None:
    if entity.kind == "card" and entity.name:
        return {"card": entity.name}
    if entity.kind == "class" and entity.cls is not None:
        return {"class": dict(entity.cls)}  # {} is "a card" of any kind
    return None


def _said(text: str) -> tuple[str, str] | None:
    """What a negating effect said in words negates and does after: ("activation" | "effect",
    "only_negates" | "destroys" | "moves"), or None for words not read."""
    words = " ".join(re.sub(r"[\'\"“”‘’,]", " ", text).split())
    match = _SAID.match(words)
    if match is None:
        return None
    then = {None: "only_negates", "destroy": "destroys"}.get(match["then"], "moves")
    return match["what"], then


def _negates_effects_only(entity) -> bool:
    """Whether a mention is a kind of card or effect said to negate effects (and nothing else)."""
    cls = entity.cls or {}
    return entity.kind == "class" and cls.get("does") == ["negate_effect"] and set(cls) <= {"does", "effect"}


def _same(entity, story_entity) -> bool:
    """Whether a mention in the question is the card the story negated."""
    if entity is story_entity:
        return True
    if entity.kind == "card":
        return story_entity.kind == "card" and entity.name == story_entity.name
    if entity.kind != "class":
        return False
    said = entity.cls or {}
    if not _DEFINITE.match(entity.text):
        if not _POSSESSIVE.match(entity.text) or (entity.aside.get("controller") !=
                                                  story_entity.aside.get("controller") and story_entity.kind == "class"):
            return False
    if story_entity.kind == "class":
        return all(story_entity.cls.get(k) == v for k, v in said.items())
    return set(said) <= {"type"} and said.get("type") in (None, (story_entity.cls or {}).get("type"),
                                                          _card_type(story_entity))


def _spell_or_trap(entity, index: int, card_type_of) -> bool:
    """Whether a mention is a Spell/Trap Card itself (not one of its effects)."""
    if entity.aside.get("effect_of"):
        return False
    if entity.kind == "class":
        return (entity.cls or {}).get("type") in ("spell", "trap") and not (entity.cls or {}).get("effect")
    return card_type_of is not None and card_type_of(index) in ("spell", "trap")


def _card_type(entity) -> str | None:
    return entity.aside.get("card_type")


def read_negation_outcome(skeleton: Skeleton, card_type_of=None, negates_of=None) -> Frame | None:
    """The ``negated`` question a negation story asks, as a frame, or None when a sentence fits no shape.

    ``card_type_of(entity index)`` gives a named card's type in lower case (``spell``/``trap``/``monster``);
    ``negates_of(entity index)`` what a named card negates ("activation" / "effect", None: neither or both)."""
    from .negation_kind import read_negates_what

    single = read_negates_what(skeleton)  # "does X negate the activation or the effect?" (negation_kind.py)
    if single is not None:
        return single
    said = sentences(skeleton)
    if len(said) < 2:
        return None
    entities = skeleton.entities
    pendulum_said: set[str] = set()  # "the Pendulum Monster" mentions (e<N>)
    said = [(_pendulum_words(text, entities, pendulum_said), ents) for text, ents in said]
    *story, (asked, _asked_entities) = said
    premise: dict | None = None
    last = None  # entity index of the card activated / Summoned, for "it"
    last_how = None
    chained_effect = False
    for text, _ents in story:
        for kind, pattern in _story_shapes():
            match = pattern.match(text)
            if match is None:
                continue
            found = match.groupdict()
            card = int(found["card"][1:]) if found.get("card") else None
            by = found.get("by") or found.get("by0")
            how = _summonwords().get(found.get("how") or "")
            if kind in ("activated", "summoned"):
                if premise is not None:
                    match = None
                    continue
                last, last_how = card, how
                if kind == "summoned" and card is None:
                    last = "monster"
                break
            if premise is not None:
                return None
            if found.get("neg_kind") and not _negates_effects_only(entities[int(found["neg_kind"][1:])]):
                match = None
                continue
            if kind == "by_card":
                what = negates_of(int(found["by"][1:])) if negates_of and entities[int(found["by"][1:])].kind == \
                    "card" else None
                if what is None:
                    return None
                kind = what
                chained_effect = what == "effect"  # whether it negates the effect depends on where that is
            if kind == "effect_activated":
                if not (entities[card].aside.get("effect_of") and re.search(r"\bactivated\b", entities[card].text,
                                                                             re.I)):
                    match = None
                    continue
                kind = "effect"
            if kind == "by_said" and not found.get("said"):
                if found.get("des") or not _spell_or_trap(entities[card], card, card_type_of):
                    match = None
                    continue
                kind = "activation"  # "my Trap Card gets negated": a Spell/Trap Card's activation
            negator = None
            if found.get("said"):
                said = _said(found["said"])
                if said is None:
                    return None
                what_said, negator = said
                if kind == "by_said":
                    kind = what_said
                if kind.startswith("summon") or (kind.startswith("effect") != (what_said == "effect")):
                    return None
            if kind.endswith("_it"):
                if last is None or (kind == "summon_it") != (last_how is not None or last == "monster"):
                    return None
                card, how = last, last_how
            elif kind == "effect" and entities[card].aside.get("effect_of") and text.startswith(("the effect of",
                                                                                                  "effect of")):
                return None  # "the effect of X's effect"
            elif kind == "summon" and card is None:
                card = "monster"
            elif kind == "activation_any":
                card = "any"
            elif kind == "activation_card" and not _spell_or_trap(entities[card], card, card_type_of):
                return None  # "negates my monster": its activation or its effect is not said
            negated = "summon" if kind.startswith("summon") else "effect" if kind.startswith("effect") else "activation"
            premise = {"negated": negated, "card": card, "negator": negator,
                       "by": int(by[1:]) if by else None, "destroyed": bool(found.get("des")), "how": how}
            break
        else:
            return None
    if premise is None:
        return None
    # the question about the card negated: its mentions read as "it" / "its"
    rewritten = []
    for k, word in enumerate(asked.split()):
        if re.fullmatch(r"e\d+", word):
            n = int(word[1:])
            if word in pendulum_said and k > 0 and rewritten[-1] in ("the", "that", "this", "my") \
                    and isinstance(premise["card"], int) and _pendulum_effect(entities[premise["card"]]):
                rewritten[-1] = "it"  # "the Pendulum Monster": the card whose Pendulum Effect was negated
                continue
            said_again = _POSSESSIVE.match(entities[n].text) and (
                _same(entities[n], entities[premise["card"]]) if isinstance(premise["card"], int) else
                premise["card"] == "monster" and (entities[n].cls or {}) == {"type": "monster"})
            if entities[n].kind == "class" and not _DEFINITE.match(entities[n].text) and not said_again:
                rewritten.append(entities[n].text.lower())  # "another monster": a kind of card, in rewritten
                continue
            if premise["card"] == "monster" and entities[n].kind == "class" and \
                    (entities[n].cls or {}).get("type") == "monster" and set(entities[n].cls) == {"type"}:
                rewritten.append("it")  # "that monster": the monster whose Summon was negated
                continue
            if premise["card"] == "monster" or not isinstance(premise["card"], int):
                return None
            story_entity = entities[premise["card"]]
            if card_type_of is not None and story_entity.kind == "card":
                story_entity.aside.setdefault("card_type", card_type_of(premise["card"]))
            if not _same(entities[n], story_entity):
                return None
            rewritten.append("its effect" if entities[n].aside.get("effect_of") else
                         "its" if entities[n].text.lower().endswith(("'s", "’s")) else "it")
        else:
            rewritten.append(word)
    asked = " ".join(rewritten)
    if "pendulum zone" in asked and not (isinstance(premise["card"], int) and _pendulum_effect(
            entities[premise["card"]])):
        return None  # the Pendulum Zone is asked of a card whose Pendulum Effect was not said
    outcomes = {outcome for outcome, pattern in _question_shapes() if pattern.match(asked)}
    if premise["negated"] == "summon":
        outcomes &= _SUMMON_OUTCOMES
    else:
        outcomes -= {"summon_again", "normal_summon_again", "pendulum_again", "summoned", "was_on_field",
                     "tributes_back"}
    if chained_effect:  # "chains Effect Veiler to X": only what it does not negate is sure (it may not apply)
        outcomes &= {"activation_negated", "was_activated"}
    if len(outcomes) != 1:
        return None
    outcome = outcomes.pop()
    return _frame(skeleton, premise, outcome)


def _frame(skeleton: Skeleton, premise: dict, outcome: str) -> Frame | None:
    from ..engine.negated import OUTCOMES

    entities = skeleton.entities
    if premise["card"] == "monster":
        item, label, effect_of = {"class": {"type": "monster"}}, "a monster", False
    elif premise["card"] == "any":
        item, label, effect_of = {"class": {}}, "a card", False
    else:
        entity = entities[premise["card"]]
        item = _item(entity)
        if item is None:
            return None
        label, effect_of = entity.label(), bool(entity.aside.get("effect_of"))
        label = re.sub(r"^My ", "my ", re.sub(r"['’]s$", "", label))
        if _pendulum_effect(entity) and label.lower().startswith("monster"):  # "my Pendulum Monster's ..."
            label = "a Pendulum Monster's Pendulum Effect"
        if effect_of:  # "my monster's effect": "the activation of the effect of my monster"
            label = re.sub(r"['’]s effects?$", "", label)  # "My Equip Spell Card's" as said
    question = {"ask": "negated", "negated": premise["negated"], "card": item, "outcome": outcome}
    if effect_of:
        question["of_effect"] = True
    if premise["how"]:
        question["how"] = premise["how"]
    by_label = ""
    if premise["by"] is not None:
        by_item = _item(entities[premise["by"]])
        if by_item is None:
            return None
        question["by"] = by_item  # a kind ("with a Counter Trap"): whether it destroys is not known
        by_label = f" by {entities[premise['by']].label()}"
    if premise["destroyed"]:
        question["destroyed"] = True
    if premise.get("negator"):
        question["negator"] = premise["negator"]
        by_label = {"only_negates": " by an effect that only negates it",
                    "destroys": " by an effect that negates it and destroys it",
                    "moves": " by an effect that negates it and moves it"}[premise["negator"]]
    what = {"activation": "the activation of" + (" the effect of" if effect_of else ""),
            "effect": "the effect (not the activation) of",
            "summon": f"the {premise['how'].capitalize() + ' ' if premise['how'] else ''}Summon of"}
    understood = (f"After {what[premise['negated']]} {label} is negated{by_label}"
                  f"{' (and it is destroyed)' if premise['destroyed'] else ''}: {OUTCOMES[outcome]}?")
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(entities))), uses_story=True)
