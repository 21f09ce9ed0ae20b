"""A monster's effect activated, the monster moved away by a chained card before it resolves, and whether the
effect still resolves (e.g. an Ignition Effect of Blackwing - Shura ... answered by a card that puts
Shura back in the hand, asked whether Shura's effect is still applied; or a Trigger Effect whose monster is
removed from play by a response, asked whether it is still applied).

Read in parts: the activation (who, the monster, the kind of effect said), the response (who, the card or "an
effect", what it does to the monster: destroy, banish, return ...), and the question (the effect resolves /
applies, or the monster "still <does what its text does>").  Decided from the rules (prb2017 Ignition / Trigger /
Quick Effects, rows ``monster_left_*`` of ``kb/engine/chain_rows.toml``) and the monster's own text: an effect
that says the monster must be face-up on the field to resolve is not applied (``monster_left_face_up_needed``);
an effect that acts on the monster itself ("this card") is left ``unknown``; a chained card that negates is not
this question.  Entry: :func:`read_monster_left` (registered in :mod:`kb.understand.chain_rules`;
answered by :func:`monster_left_answer`, ``{"ask": "monster_left"}`` in ``answer.py``).
"""

from __future__ import annotations

import re

from ..engine.rules import citation
from .frame_model import Frame
from .skeleton import Skeleton

__all__ = ["read_monster_left", "monster_left_answer"]

_ACTOR = r"(?:i|my opponent|the opponent|your opponent|they|he|she|player a|player b|we|you)"
_ACTIVATE = r"(?:activate|activates|activated|use|uses|used)"
_KINDS = ("ignition", "trigger", "quick")
_MOVE = (r"(?P<rv>destroy|destroys|destroying|banish|banishes|banishing|return|returns|returning|shuffle|shuffles|"
         r"bounce|bounces|send|sends|tribute|tributes)")
_IT = r"(?:it|that monster|that card|the monster|this monster|(?P<z>e\d+))"
_WHERE = (r"(?: (?:to|into|back to) (?:my|the|its owner's|their|his|her|your|its) (?:deck|main deck|hand|extra deck|gy|"
          r"graveyard)| face-down)?")
_STORY = re.compile(
    rf"^(?:(?P<a1>{_ACTOR}) {_ACTIVATE} (?P<x>e\d+)(?: (?P<xk>e\d+))?(?: effect)?"
    rf"|(?:(?:my|their|his|her|my opponent's|the) )?(?P<xp>e\d+)(?: (?P<xpk>e\d+))? (?:is|was|gets|got|has been) activated"
    rf"|(?P<xs>e\d+) (?:activates|activated|uses|used) its (?:(?P<kw>ignition|trigger|quick) )?effect)"
    rf" (?:and )?(?:then )?(?P<a2>{_ACTOR}) (?:then )?(?:chains|chain|chained|responds with|responded with|"
    rf"activates|activated|activate|uses|used) (?:(?P<y>e\d+)|(?P<ya>an effect|a card|a card effect|an ability))"
    rf"(?: (?:to|which|that|and) {_MOVE} {_IT}{_WHERE}|"
    # "a card that destroys that monster": the kind of card holds the act ("does")
    rf" (?:(?P<yz>e\d+)|(?P<yit>it|that monster|that card|the monster)){_WHERE})?$"
)
_MOVING = {"destroy", "banish", "bounce", "return_to_hand", "return_to_deck", "send_to_gy", "tribute"}
_ASKED = re.compile(
    r"^(?:does|will|would|is) (?:(?P<qx>e\d+)(?: (?P<qk>e\d+))?|(?:the|its|that|this|my) (?:(?P<qkw>ignition|trigger|"
    r"quick|monster) )?effect)(?: (?:still|then|even|also))? (?:resolve|resolves|apply|be applied|get applied|"
    r"resolve successfully|still resolve)$"
)
_ASKED_DOES = re.compile(
    r"^(?:does|will|would) (?P<qx>e\d+) (?:still |then )?(?P<verb>special summon|add|draw|destroy|banish|inflict|"
    r"gain|return|send|search)(?P<obj>(?: (?:the|that|its) targets?| it| them| a monster| the monster| that monster| "
    r"a card| cards| \d+ cards?| damage| lp))?$"
)
_FACE_UP_NEEDED = re.compile(r"\bmust (?:be|remain|stay) face-up on the field to (?:activate and to )?resolve\b", re.I)
_ITSELF = re.compile(r"\bthis (?:card|monster)\b", re.I)
_NEGATES = {"negate_activation", "negate_effect", "negate_summon"}


def _resolution(text: str) -> str:
    """What an effect does when it resolves: its text after the activation condition (":") and the cost or
    targets (";")."""
    body = text.split(":", 1)[1] if ":" in text.split(";", 1)[0] else text
    return body.split(";", 1)[1] if ";" in body else body


# a face-up Continuous / Equip / Field Spell or Continuous Trap that left the field to pay its own effect's cost
_OWN_COST = re.compile(
    r"^(?:(?:my|their|his|her|my opponent's|a|the) )?(?P<x>e\d+) (?:sends|sent|banishes|banished|returns|returned) "
    r"itself(?: to the (?:gy|graveyard|hand|deck))? (?:as|for|to pay) (?:the|a) cost (?:of|for|to activate) its (?:own )?"
    r"effect$|^(?P<a>i|my opponent|they|he|she) (?:send|sends|sent) (?P<x2>e\d+) to the (?:gy|graveyard) (?:as|for|to "
    r"pay) (?:the|a) cost (?:of|for|to activate) its (?:own )?effect$"
)
_STAYS = {("spell", "continuous"): "continuous_spell", ("spell", "equip"): "equip_spell",
          ("spell", "field"): "field_spell", ("trap", "continuous"): "continuous_trap"}


def _read_own_cost(skeleton: Skeleton, told: str, asked: str) -> Frame | None:
    """A card (given by its kind) that goes to the GY as the cost of its own effect, asked whether that effect
    is still applied: yes, the exception of the left-the-field rule."""
    story, ask = _OWN_COST.match(told), _ASKED.match(asked)
    if story is None or ask is None or ask["qx"] or ask.groupdict().get("qkw") not in (None,):
        return None
    x = skeleton.entities[int((story["x"] or story["x2"])[1:])]
    kind = _STAYS.get(((x.cls or {}).get("type"), (x.cls or {}).get("property"))) if x.kind == "class" else None
    if kind is None or set(x.cls) - {"type", "property", "effect"}:
        return None
    skeleton.use(skeleton.live())
    return Frame({"ask": "monster_left", "card": {"class": dict(x.cls)}, "own_cost": True},
                 f"Does the effect of {x.text} resolve when the card left the field to pay that effect's own cost?",
                 used_entities=set(range(len(skeleton.entities))), uses_story=True)


def read_monster_left(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    """The question as a frame (``{"ask": "monster_left"}``), or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    own_cost = _read_own_cost(skeleton, told, asked)
    if own_cost is not None:
        return own_cost
    story = _STORY.match(told)
    if story is None:
        return None
    x_said = story["x"] or story["xp"] or story["xs"]
    x = skeleton.entities[int(x_said[1:])]
    kind_entity = story["xk"] or story["xpk"]
    kind = story["kw"]
    if kind_entity:  # "Summoner Monk's Ignition Effect": the kind said beside the card
        said = skeleton.entities[int(kind_entity[1:])]
        if said.kind != "class" or set(said.cls) != {"effect"} or said.cls["effect"] not in _KINDS:
            return None
        kind = said.cls["effect"]
    if x.kind == "class":
        if x.cls.get("type") != "monster" or set(x.cls) - {"type", "effect"} or kind_entity:
            return None
        kind = x.cls.get("effect") if x.cls.get("effect") in _KINDS else None
        if x.cls.get("effect") not in (None, *_KINDS):
            return None
    elif x.kind != "card" or not x.name:
        return None
    if not _moved_away(skeleton, story, x, effects_of):
        return None
    ask = _ASKED.match(asked) or _ASKED_DOES.match(asked)
    if ask is None or not _same_effect(skeleton, ask, x, kind):
        return None
    verb = ask.groupdict().get("verb")
    question = {"ask": "monster_left"}
    if x.kind == "card":
        question["card"] = {"card": x.name}
        if kind:
            question["effect_kind"] = kind
        if verb:
            question["does"] = verb
    else:
        question["card"] = {"class": dict(x.cls)}
    skeleton.use(skeleton.live())
    name = x.name if x.kind == "card" else "a monster"
    kind_words = f"{kind.title()} Effect" if kind else "effect"
    return Frame(question, f"Does the {kind_words} of {name} resolve when the monster is moved away by a chained card "
                 "before it resolves?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _moved_away(skeleton: Skeleton, story: re.Match, x, effects_of) -> bool:
    """The chained card moves the monster away and negates nothing (said in words, or by its text)."""
    acts = bool(story["rv"])
    if story["yz"] or story["yit"]:  # "chains a card that destroys that monster"
        y = skeleton.entities[int(story["y"][1:])] if story["y"] else None
        acts = y is not None and y.kind == "class" and bool(set(y.cls.get("does") or []) & _MOVING)
    if not acts:
        return False  # "chains Dark Hole": whether it moves the monster away is not said (it may miss it)
    if story["z"] or story["yz"]:
        target = skeleton.entities[int((story["z"] or story["yz"])[1:])]
        if x.kind == "card" and (target.kind != "card" or target.card_id != x.card_id):
            return False
        if x.kind == "class" and (target.kind != "class" or target.cls.get("type") != "monster"):
            return False
    if story["y"]:
        y = skeleton.entities[int(story["y"][1:])]
        if y.kind == "card":
            effects = effects_of(y.name) if effects_of else []
            if not effects:
                return False
            categories = {c for e in effects for c in (e.get("categories") or [])}
            if categories & _NEGATES:
                return False
        elif y.kind == "class":
            does = set(y.cls.get("does") or [])
            if does & _NEGATES or set(y.cls) - {"does", "type"}:
                return False
        else:
            return False
    return True


def _same_effect(skeleton: Skeleton, ask: re.Match, x, kind: str | None) -> bool:
    """The question asks about the effect the story activated."""
    if ask["qx"] is None:
        said = ask.groupdict().get("qkw")
        return said in (None, "monster") or said == kind
    asked = skeleton.entities[int(ask["qx"][1:])]
    if x.kind == "card":
        if asked.kind != "card" or asked.card_id != x.card_id:
            return False
    elif asked.kind != "class" or set(asked.cls) != {"effect"} or asked.cls["effect"] not in (kind, None):
        return False
    if ask.groupdict().get("qk"):
        said = skeleton.entities[int(ask["qk"][1:])]
        return said.kind == "class" and said.cls == {"effect": kind}
    return True


def monster_left_answer(session, question: dict) -> dict:
    """The answer to a ``monster_left`` question: yes / no / unknown, each step citing its rule row."""
    from ..engine import card_profile

    def effects_of(name: str) -> list[dict]:
        return card_profile(session, name)

    card = question.get("card") or {}
    if question.get("own_cost"):  # a Continuous/Equip/Field card removed to pay its own effect's cost
        cls = card.get("class") or {}
        kind = _STAYS.get((cls.get("type"), cls.get("property")))
        if kind is None:
            return _answer("unknown", "only a Continuous / Equip / Field Spell or Continuous Trap is read",
                           "monster_left_trigger", [])
        return _answer("yes", "a card removed from the field to pay the cost of activating itself or one of its "
                              "effects is the exception: that effect still resolves", f"left_field_own_cost_{kind}", [])
    kind = question.get("effect_kind") or (card.get("class") or {}).get("effect")
    rule = f"monster_left_{kind}" if kind in _KINDS else "monster_left_trigger"
    if "class" in card:  # a kind of monster effect: "is it possible?"
        detail = ("an activated monster effect resolves even if the monster was moved away before it resolved, "
                  "unless its text says otherwise")
        return _answer("yes", detail, rule, ["answered for the kind: a card whose text says its monster must stay "
                                             "face-up on the field to resolve the effect is not applied"])
    name = card["card"]
    profile = effects_of(name) or []
    activated = [e for e in profile if e.get("kind") in _KINDS]
    effects = [e for e in activated if kind is None or e["kind"] == kind]
    whole = " ".join(e.get("text") or "" for e in profile)  # "This monster must be face-up ..." may stand apart
    if _FACE_UP_NEEDED.search(whole) and not any(_FACE_UP_NEEDED.search(e.get("text") or "") for e in effects):
        if len(activated) != 1 or effects != activated:  # which effect "this effect" is: not said
            return _answer("unknown", f"{name}'s text says a monster must be face-up to resolve an effect; which "
                                      "effect is not read", "monster_left_face_up_needed", [])
        effects = [dict(effects[0], text=whole)]
    if not effects:
        return _answer("unknown", f"no {kind + ' ' if kind else ''}effect of {name} that is activated was found",
                       rule, [])
    verdicts = set()
    for effect in effects:
        text = effect.get("text") or ""
        if _FACE_UP_NEEDED.search(text):
            verdicts.add(("no", f"{name}'s effect says its monster must be face-up on the field to resolve it "
                                f"(\"{text.strip()}\"): moved away, it is not applied", "monster_left_face_up_needed"))
        elif _ITSELF.search(_resolution(text)):
            verdicts.add(("unknown", f"{name}'s effect acts on the monster itself (\"{text.strip()}\"), which has "
                                     "moved away: what it still does is not modelled", rule))
        elif question.get("does") and not re.search(rf"\b{re.escape(question['does'])}", _resolution(text), re.I):
            verdicts.add(("unknown", f"{name}'s effect does not say it will {question['does']}", rule))
        else:
            verdicts.add(("yes", f"{name}'s {effect['kind']} effect resolves although the monster was moved away: its "
                                 f"text does not say otherwise (\"{text.strip()}\")", rule))
    if len({v[0] for v in verdicts}) != 1:
        return _answer("unknown", "its effects give different answers: " + "; ".join(v[1] for v in verdicts), rule,
                       [])
    answer, detail, key = sorted(verdicts)[0]
    return _answer(answer, detail, key, ["the chained card moved the monster away and negated nothing"])


def _answer(answer: str, detail: str, key: str, assumed: list[str]) -> dict:
    result = {"yes": "pass", "no": "fail"}.get(answer, "unknown")
    return {
        "answer": answer,
        "card": None,
        "resolved": {},
        "explanation": f"{answer}: {detail}.",
        "steps": [{"check": "monster moved away before its effect resolved", "result": result, "detail": detail,
                   **citation(key)}],
        "assumed": assumed,
        "rulings": [],
    }
