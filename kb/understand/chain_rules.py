"""Chain questions about kinds of effects and actions, read whole and answered from the rules tables.

Three families, each a rule of :data:`kb.engine.rules.RULES` applied to the slots the words fill:

- **SEGOC of kinds** (rule ``segoc``, :data:`kb.engine.rules.SEGOC_GROUPS`): "On my turn, my optional
  Trigger Effect and my opponent's mandatory Trigger Effect activate at the same time. Which one is Chain
  Link 1?", "Trigger Effects of both players activate at the same time. Are the turn player's mandatory
  effects placed on the Chain first?", "Do my mandatory effects or my opponent's mandatory effects start
  the Chain?".  The triggers are said by owner (mine, my opponent's, the turn player's, both players') and
  kind (mandatory, optional, or not said: either); whose turn it is comes from "on my turn" when owners are
  said as "my"/"my opponent's".  A kind not said that could change the answer makes it ``unknown``.
- **Chaining to an action that is no activation** (rule ``chain_only_activations``): "Can I chain a
  Quick-Play Spell directly to the Summon?", "Can I activate a Trap in a Chain to that position change?"
  — no.  Asked of a card that negates Summons or waits for a Summon, the words may mean "can it be
  activated when the monster is Summoned": ``unknown``.
- **An effect of a face-up Continuous / Equip / Field Spell or Continuous Trap whose card left the field
  before it resolved** (rules ``sim_left_field_*``, :data:`kb.engine.sim.rulebook.LEFT_FIELD_RULES`):
  "I activate an effect of my face-up Continuous Spell, and my opponent chains a card that destroys that
  Continuous Spell. Does my effect still resolve?" — no.

Every sentence of the question must be read by one shape, else there is no reading (``None``): the
pipeline then answers ``unknown`` with the fallback quote.  The answers are built by
:func:`chain_rule_answer` from the JSON question ``{"ask": "chain_rule", "rule": ...}``.
"""

from __future__ import annotations

import re

from ..engine.rules import SEGOC_GROUPS, citation
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_chain_rule", "chain_rule_answer"]


# ---------------------------------------------------------------------------------------- sentences


def _sentences(skeleton: Skeleton) -> list[tuple[str, list[int]]]:
    """The question as lower-case sentences with every card mention (named or a kind) as ``e<N>``."""
    out, words, ents = [], [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
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


def _tidy(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# ------------------------------------------------------------------------------------ SEGOC of kinds

# who owns a trigger: absolute (A = the asker, B = the other player) or relative to the turn player
_OWNERS = {
    "my own": "A", "my": "A", "our": "A",
    "my opponent's": "B", "my opponents": "B", "your opponent's": "B", "their": "B",
    "the turn player's": "turn", "the non-turn player's": "nonturn", "the opponent's": "nonturn",
    "both players'": "both", "each player's": "both", "both player's": "both",
}
_POST_OWNERS = {
    "both players": "both", "each player": "both", "both": "both", "the turn player": "turn",
    "the non-turn player": "nonturn", "my opponent": "B", "the opponent": "nonturn",
}
_HAVERS = {"both players": "both", "each player": "both", "i": "A", "my opponent": "B",
           "the turn player": "turn", "the non-turn player": "nonturn", "the opponent": "nonturn"}
_TURNS = {"my": "A", "my own": "A", "my opponent's": "B", "the opponent's": "B", "your opponent's": "B"}
_NOUN = r"(?:trigger effects?|effects?|triggers?|ones|e\d+)"
_ITEM = re.compile(
    r"^(?:(?:several|multiple|some|all|two|the|both) )?(?:(?P<own>"
    + "|".join(sorted(map(re.escape, _OWNERS), key=len, reverse=True))
    + r") )?(?:(?P<kind>mandatory|optional) )?(?P<noun>" + _NOUN + r")"
    r"(?: (?:of|from) (?P<post>" + "|".join(sorted(map(re.escape, _POST_OWNERS), key=len, reverse=True)) + r"))?$"
)
_TURN = re.compile(
    r"\b(?:on|during|in) (?P<whose>my own|my|my opponent's|the opponent's|your opponent's) turn\b"
)
_SAME_TIME = re.compile(r"\b(?:at the same time|simultaneously)\b")
_SAME_LEVEL = re.compile(r"\b(?:at|of|in) the same (?:priority level|priority|level)\b")
_NONE_OF = re.compile(
    r"\(? ?(?P<who>i|my opponent|the turn player|the opponent|the non-turn player) (?:have|has) no "
    r"(?P<kind>mandatory|optional) (?:ones|effects|trigger effects|triggers)(?: here)? ?\)?"
)
_VERB = r"(?:activate|trigger|are activated|are triggered|go off|get activated|get triggered|happen)"
_STORY_SHAPES = [
    re.compile(rf"^(?P<list>.+?) {_VERB}$"),
    re.compile(
        r"^(?P<who>" + "|".join(map(re.escape, _HAVERS)) + rf") (?:have|has) (?P<list>.+?) (?:that|which) {_VERB}$"
    ),
]
# questions: which goes first / is this group first / which of two groups goes first
_FIRST = r"(?:first|chain link 1)"
_Q_WHICH = re.compile(
    r"^(?:which|whose|what) (?:one |effect |effects |trigger |of them |player's (?:effect |effects )?)?"
    rf"(?:goes|go|is placed|are placed|is put|gets placed|comes|is|starts|will be)"
    rf"(?: on the chain| on chain)? (?:{_FIRST}|the chain)$|"
    r"^(?:which|whose) (?:one |effect |effects )?(?:starts|start|begins) the chain$"
)
_PLACED = rf"(?:(?:placed|put|added|go|goes|get placed) )?(?:on the chain |onto the chain )?"
_Q_IS = re.compile(
    rf"^(?:are|is|do|does|will) (?P<g>.+?) (?:{_PLACED}{_FIRST}|start the chain|starts the chain|"
    rf"(?:become|becomes|form|forms) chain link 1|go on the chain first)$"
)
_Q_OR = re.compile(
    rf"^(?:do|does|will) (?P<a>.+?) or (?P<b>.+?) (?:start the chain|start|go first|come first|"
    rf"get placed first|go on the chain first|become chain link 1|form chain link 1)$"
)


def _item(skeleton: Skeleton, text: str) -> dict | None:
    """One trigger phrase: ``{"owner", "kinds", "plural"}``, or None when it is not one."""
    match = _ITEM.match(text)
    if not match:
        return None
    noun = match["noun"]
    owner = _OWNERS.get(match["own"] or "") or _POST_OWNERS.get(match["post"] or "")
    if match["own"] and match["post"]:
        return None
    plural = noun.endswith("s")
    if noun.startswith("e") and noun[1:].isdigit():
        entity = skeleton.entities[int(noun[1:])]
        if entity.kind != "class" or {k: v for k, v in entity.cls.items()} != {"effect": "trigger"}:
            return None
        said = {"asker": "A", "opponent": "B"}.get(entity.aside.get("controller") or "")
        if said and owner and said != owner:
            return None
        owner = owner or said
        plural = entity.text.lower().rstrip().endswith("s")
    if noun == "ones" and not owner:
        return None
    kinds = [match["kind"] == "mandatory"] if match["kind"] else [True, False]
    return {"owner": owner, "kinds": kinds, "plural": plural}


def _items(skeleton: Skeleton, text: str) -> list[dict] | None:
    parts = re.split(r" and | , ", text)
    out = [_item(skeleton, p.strip()) for p in parts]
    return out if out and None not in out else None


def _relative(owner: str | None, turn: str | None) -> list[str] | None:
    """The SEGOC sides (``turn`` / ``opponent``) a trigger's owner may be; None when not decidable."""
    if owner in (None, "both"):
        return ["turn", "opponent"]
    if owner == "turn":
        return ["turn"]
    if owner == "nonturn":
        return ["opponent"]
    if turn is None:
        return None
    return ["turn"] if owner == turn else ["opponent"]


def _read_segoc(skeleton: Skeleton, sentences: list[tuple[str, list[int]]]) -> Frame | None:
    *story, (asked, _ents) = sentences
    if not story:
        return None
    text = " ".join(s for s, _ in story)
    turn = None
    for match in _TURN.finditer(text + " " + asked):
        whose = _TURNS[match["whose"]]
        if turn not in (None, whose):
            return None
        turn = whose
    text = _TURN.sub(" ", text)
    asked = _tidy(_TURN.sub(" ", asked))
    if not _SAME_TIME.search(text):
        return None  # triggers in a phase, one after another, are no simultaneous chain (not read here)
    text = _SAME_LEVEL.sub(" ", _SAME_TIME.sub(" ", text))
    excluded = []
    for match in _NONE_OF.finditer(text):
        owner = _HAVERS.get(match["who"])
        excluded.append((owner, match["kind"] == "mandatory"))
    text = _tidy(_NONE_OF.sub(" ", text))
    items = None
    for shape in _STORY_SHAPES:
        match = shape.match(text)
        if match is None:
            continue
        items = _items(skeleton, match["list"])
        if items and "who" in match.groupdict() and match["who"]:
            haver = _HAVERS[match["who"]]
            if any(i["owner"] not in (None, haver) for i in items):
                return None
            for i in items:
                i["owner"] = haver
        if items:
            break
    if not items:
        return None
    possible: set[tuple[str, bool]] = set()
    definite: set[tuple[str, bool]] = set()
    for item in items:
        sides = _relative(item["owner"], turn)
        if sides is None:
            return None
        cells = {(side, kind) for side in sides for kind in item["kinds"]}
        possible |= cells
        if len(item["kinds"]) == 1 and (len(sides) == 1 or item["owner"] == "both"):
            definite |= cells  # "both players have optional effects": each side has one
    for owner, mandatory in excluded:
        sides = _relative(owner, turn)
        if sides is None:
            return None
        possible -= {(side, mandatory) for side in sides}
    if definite - possible:
        return None  # the story contradicts itself
    plural = {}
    for item in items:
        for side in _relative(item["owner"], turn) or []:
            for kind in item["kinds"]:
                plural[(side, kind)] = plural.get((side, kind), False) or item["plural"] or len(item["kinds"]) > 1
    question = {
        "ask": "chain_rule",
        "rule": "segoc_kinds",
        "turn": turn,
        "possible": [_cell(c, plural.get(c, True)) for c in _ordered(possible)],
        "definite": [_cell(c, plural.get(c, True)) for c in _ordered(definite)],
    }
    said = " and ".join(_told_words(item, turn) for item in items)
    if _Q_WHICH.match(asked):
        question["query"] = {"kind": "first"}
        understood = f"Which trigger effect is Chain Link 1 when {said} activate at the same time{_on_turn(turn)}?"
    elif (match := _Q_OR.match(asked)) is not None:
        pair = [_items(skeleton, match[g]) for g in ("a", "b")]
        if any(p is None or len(p) != 1 or len(p[0]["kinds"]) != 1 for p in pair):
            return None
        cells = []
        for (item,) in pair:
            sides = _relative(item["owner"], turn)
            if sides is None or len(sides) != 1:
                return None
            cells.append((sides[0], item["kinds"][0]))
        if cells[0] == cells[1] or any(c not in possible for c in cells):
            return None
        question["query"] = {"kind": "which_of", "groups": [_cell(c, True) for c in cells]}
        understood = (f"When {said} activate at the same time{_on_turn(turn)}, do {_cell_words(cells[0], turn, True)} or "
                      f"{_cell_words(cells[1], turn, True)} start the chain?")
    elif (match := _Q_IS.match(asked)) is not None:
        group = _items(skeleton, match["g"])
        if group is None or len(group) != 1 or len(group[0]["kinds"]) != 1:
            return None
        sides = _relative(group[0]["owner"], turn)
        if sides is None or len(sides) != 1:
            return None
        cell = (sides[0], group[0]["kinds"][0])
        if cell not in possible:
            return None
        question["query"] = {"kind": "is_first", "group": _cell(cell, True)}
        understood = f"When {said} activate at the same time{_on_turn(turn)}, are {_cell_words(cell, turn, True)} Chain Link 1?"
    else:
        return None
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _ordered(cells) -> list[tuple[str, bool]]:
    return [key for key in SEGOC_GROUPS if key in cells]


def _cell(cell: tuple[str, bool], plural: bool) -> dict:
    return {"side": cell[0], "mandatory": cell[1], "plural": plural}


def _group_words(side: str, mandatory: bool, plural: bool) -> str:
    whose = "the turn player's" if side == "turn" else "the opponent's"
    return f"{whose} {'mandatory' if mandatory else 'optional'} effect{'s' if plural else ''}"


def _cell_words(cell: tuple[str, bool], turn: str | None, plural: bool) -> str:
    words = _group_words(cell[0], cell[1], plural)
    if turn is not None:
        words += " (yours)" if (cell[0] == "turn") == (turn == "A") else " (your opponent's)"
    return words


def _on_turn(turn: str | None) -> str:
    return {"A": " on my turn", "B": " on my opponent's turn"}.get(turn or "", "")


def _told_words(item: dict, turn: str | None) -> str:
    """A trigger of the story as told: "my opponent's mandatory effect", "both players' effects"."""
    whose = {"A": "my", "B": "my opponent's", "turn": "the turn player's", "nonturn": "the opponent's",
             "both": "both players'", None: "some"}[item["owner"]]
    kind = ("mandatory " if item["kinds"][0] else "optional ") if len(item["kinds"]) == 1 else ""
    return f"{whose} {kind}trigger effect{'s' if item['plural'] or item['owner'] in ('both', None) else ''}"


def _segoc_answer(question: dict) -> dict:
    turn = question.get("turn")
    possible = [(c["side"], c["mandatory"]) for c in question["possible"]]
    definite = {(c["side"], c["mandatory"]) for c in question["definite"]}
    plural = {(c["side"], c["mandatory"]): c["plural"] for c in question["possible"]}
    query = question["query"]
    order = ", then ".join(_cell_words(c, turn, plural[c]) for c in possible)
    rule = ("the chain starts with the turn player's mandatory effects, then the opponent's mandatory, then "
            "the turn player's optional, then the opponent's optional effects")
    detail = f"{rule}; here: {order}"
    answer, result = "unknown", "unknown"
    if query["kind"] == "first":
        first = possible[0] if possible else None
        if first is not None and first in definite:
            answer, result = _cell_words(first, turn, plural[first]), "pass"
        else:
            detail += (f"; whether there are {_cell_words(first, turn, True)} is not said" if first else "")
    else:
        asked = [(g["side"], g["mandatory"]) for g in (query["groups"] if query["kind"] == "which_of"
                                                        else [query["group"]])]
        if query["kind"] == "which_of":
            earlier = min(asked, key=SEGOC_GROUPS.index)
            answer, result = _cell_words(earlier, turn, True), "pass"
        else:
            cell = asked[0]
            before = [c for c in possible if SEGOC_GROUPS.index(c) < SEGOC_GROUPS.index(cell)]
            if not before:
                answer, result = "yes", "pass"
            elif any(c in definite for c in before):
                answer, result = "no", "fail"
                detail += f"; {_cell_words(next(c for c in before if c in definite), turn, True)} come first"
            else:
                detail += f"; whether there are {_cell_words(before[0], turn, True)} is not said"
    return {
        "answer": answer,
        "card": None,
        "resolved": {"turn": turn},
        "order": [_cell_words(c, turn, plural[c]) for c in possible],
        "explanation": f"{answer}: {detail}.",
        "steps": [{"check": "SEGOC order", "result": result, "detail": detail, **citation("segoc")}],
        "assumed": [] if turn else ["whose turn it is is not said: the answer is in terms of the turn player"],
        "rulings": [],
    }


# ------------------------------------------------------------------- chaining to an action that is no activation

_ACTOR = r"(?:i|my opponent|the opponent|your opponent|they|he|she|a player|player a|player b)"
_MONSTER = r"(?:e\d+(?: 's| ' s)?|(?:a|an|the|my|their|his|her|its|my opponent's) (?:\w+ )?monster(?:'s| 's)?)"
_ACTIONS_STORY = [
    (re.compile(rf"^{_ACTOR} (?:normal |tribute |special |flip |fusion |synchro |xyz |link |ritual |pendulum )?"
                rf"(?:summons|summoned|sets|set) {_MONSTER}$"), "summon"),
    (re.compile(rf"^{_ACTOR} (?:manually )?(?:changes|changed|switches|switched) (?:the battle position of {_MONSTER}|"
                rf"{_MONSTER} battle position|{_MONSTER} to (?:attack|defense) position)$"), "position"),
    (re.compile(rf"^{_ACTOR} (?:tributes|tributed) {_MONSTER}$"), "tribute"),
]
_ACTION_WORDS = (
    r"(?P<act>(?:the|that|a|an|this|my opponent's|their|his|her) (?:(?:normal|tribute|special|flip|fusion|synchro|"
    r"xyz|link|ritual|pendulum) )?summon(?:ing)?|(?:the|that|a|this) (?:battle )?position change|"
    r"(?:the|that|a|this) (?:change of|change in|change to) (?:its |the |their )?(?:battle )?position|"
    r"(?:the|that|a|this) tribute|(?:the|that|a|this) (?:payment of (?:a|the) cost|cost payment|cost))"
)
_Q_CHAIN_TO = [
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player) (?:chain|activate|use|respond with) "
               rf"(?P<x>e\d+) (?:directly )?(?:to|in (?:a )?chain to|as a chain to|in a chain in response to) "
               rf"{_ACTION_WORDS}(?: itself)?$"),
    re.compile(rf"^(?:can|could|may) (?P<x>e\d+) be (?:chained|activated in (?:a )?chain) (?:directly )?to "
               rf"{_ACTION_WORDS}(?: itself)?$"),
    re.compile(rf"^(?:can|could|may) (?:i|you|my opponent|they|a player|anyone) (?:chain|respond in a chain) "
               rf"(?:directly )?to {_ACTION_WORDS}(?: itself)?(?: with (?P<x>e\d+))?$"),
]
_ACTION_OF = {"summon": "summon", "position": "position", "tribute": "tribute", "cost": "cost"}


def _action_kind(words: str) -> str:
    if "summon" in words:
        return "summon"
    if "position" in words:
        return "position"
    if "tribute" in words:
        return "tribute"
    return "cost"


def _read_chain_to_action(skeleton: Skeleton, sentences, effects_of) -> Frame | None:
    *story, (asked, _ents) = sentences
    if len(story) > 1:
        return None
    told = None
    for text, _ in story:
        told = next((kind for pattern, kind in _ACTIONS_STORY if pattern.match(text)), None)
        if told is None:
            return None
    for pattern in _Q_CHAIN_TO:
        match = pattern.match(asked)
        if match:
            break
    else:
        return None
    action = _action_kind(match["act"])
    if told is not None and told != action:
        return None
    if match["act"].split()[0] in ("that", "the", "this") and told is None and action != "cost":
        pass  # "the Summon" with no story: the Summon in general
    x = match["x"]
    item: dict = {}
    if x is not None:
        entity = skeleton.entities[int(x[1:])]
        if entity.kind == "card":
            item = {"card": entity.name}
            effects = effects_of(entity.name)
            if action == "summon" and _waits_for_summon(effects):
                return Frame(None, "", f"{entity.name} waits for a Summon or negates one: the question may ask "
                             "whether it can be activated when the monster is Summoned, not chained to it")
        elif entity.kind == "class":
            if action == "summon" and "negate_summon" in (entity.cls.get("does") or []):
                return Frame(None, "", "a card that negates Summons: the question may ask whether it can be "
                             "activated when the monster would be Summoned")
            item = {"class": entity.cls}
        else:
            return None
    question = {"ask": "chain_rule", "rule": "chain_to_action", "action": action, "card": item or None}
    noun = {"summon": "a Summon", "position": "a change of battle position", "tribute": "a Tribute",
            "cost": "the payment of a cost"}[action]
    who = skeleton.entities[int(x[1:])].label() if x else "a card"
    skeleton.use(skeleton.live())
    return Frame(question, f"Can {who} be chained to {noun} (which is not an activation)?",
                 used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _waits_for_summon(effects: list[dict]) -> bool:
    for effect in effects:
        if "negate_summon" in (effect.get("categories") or []):
            return True
        for pattern in (effect.get("condition") or {}).get("events", []):
            if pattern.get("type") == "summon":
                return True
    return False


def _chain_to_action_answer(question: dict) -> dict:
    noun = {"summon": "Summoning a monster", "position": "changing a monster's battle position",
            "tribute": "Tributing", "cost": "paying a cost"}[question["action"]]
    detail = (f"{noun} is not the activation of a card or effect, so nothing can be chained to it; a card whose "
              f"activation waits for that event is activated afterwards as Chain Link 1 of a new chain")
    return {
        "answer": "no",
        "card": None,
        "resolved": {"action": question["action"]},
        "explanation": f"no: {detail}.",
        "steps": [{"check": "chain to an action", "result": "fail", "detail": detail,
                   **citation("chain_only_activations")}],
        "assumed": [],
        "rulings": [],
    }


# ------------------------------------------------- an effect of a card that stays on the field, which left it

_REMOVES = {"destroy": "destroys", "banish": "banishes", "return_to_hand": "returns to the hand",
            "send_to_gy": "sends to the GY"}
_REMOVE_WORDS = r"(?:destroy|destroys|destroying|banish|banishes|banishing|return|returns|bounce|bounces)"
_LEFT_STORY = re.compile(
    rf"^(?P<a1>{_ACTOR}) (?:activate|activates|activated|use|uses|used) (?P<x>e\d+)(?: 's effect| ' s effect)? "
    rf"(?:and )?(?P<a2>{_ACTOR}) (?:then )?(?:chains|chain|chained|responds with|responded with|activates|"
    rf"activated|activate) (?P<y>e\d+)"
    rf"(?: (?:to {_REMOVE_WORDS}|which {_REMOVE_WORDS}|that {_REMOVE_WORDS}|and {_REMOVE_WORDS}))?"
    rf"(?: (?P<z>it|that card|e\d+))?$"
)
_LEFT_QUESTION = re.compile(
    r"^(?:does|will|would|is|can) (?:(?:my|the|its|his|her|their|that|this) (?:card's )?effect|(?P<x>e\d+))"
    r"(?: (?:still|then|even))? (?:resolve|resolves|apply|be applied|get applied|applied|have any effect)$"
)


def _stays(card_type: str | None, prop: str | None) -> str | None:
    from ..engine.sim.rulebook import LEFT_FIELD_RULES

    return LEFT_FIELD_RULES.get(((card_type or "").capitalize(), (prop or "").capitalize()))


def _read_left_field(skeleton: Skeleton, sentences, card_of) -> Frame | None:
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match = _LEFT_STORY.match(told)
    ask = _LEFT_QUESTION.match(asked)
    if match is None or ask is None or match["a1"] == match["a2"] and match["a1"] in ("i",):
        return None
    x = skeleton.entities[int(match["x"][1:])]
    y = skeleton.entities[int(match["y"][1:])]
    removes = re.search(_REMOVE_WORDS, told.split(match["y"], 1)[1]) is not None
    if x.kind == "class":
        cls = x.cls
        if not (x.aside.get("effect_of") or x.aside.get("face") == "up") or cls.get("effect") not in (None, "any"):
            return None  # the card's own activation is another rule (the simulator's)
        kind = (cls.get("type"), cls.get("property"))
        name = x.text
    elif x.kind == "card":
        card = card_of(int(match["x"][1:]))
        if card is None or not x.aside.get("effect_of"):
            return None
        kind = (card.card_type, card.property)
        name = card.name
    else:
        return None
    rule = _stays(*kind)
    if rule is None:
        return None
    # what removes it: a kind "that destroys/banishes/..." or a named card said to remove it
    if y.kind == "class":
        does = set(y.cls.get("does") or [])
        if not does & set(_REMOVES) or set(y.cls) - {"does", "type"}:
            return None
        if not y.text.lower().rstrip().endswith(tuple(_REMOVES.values())) and not removes:
            return None
    elif y.kind == "card":
        if not removes:
            return None  # "chains Mystical Space Typhoon" alone: whether it removes the card is not said
    else:
        return None
    z = match["z"]
    if z is None or z in ("it", "that card"):
        if z is None and y.kind == "class":
            return None
    else:
        target = skeleton.entities[int(z[1:])]
        if target.kind == "card" and x.kind == "card":
            if target.card_id != x.card_id:
                return None
        elif target.kind == "class" and x.kind == "class":
            if {k: v for k, v in target.cls.items() if k != "effect"} != {
                k: v for k, v in x.cls.items() if k != "effect"
            } or not target.text.lower().startswith(("that ", "this ", "the ", "my ")):
                return None
        else:
            return None
    if ask["x"]:
        asked_entity = skeleton.entities[int(ask["x"][1:])]
        if not (asked_entity.kind == x.kind and (asked_entity.card_id == x.card_id if x.kind == "card" else
                                                  asked_entity.cls == x.cls)):
            return None
    question = {"ask": "chain_rule", "rule": "left_field", "card": {"card": name} if x.kind == "card" else
                {"class": x.cls}, "kind": {"type": kind[0], "property": kind[1]}, "rule_key": rule}
    skeleton.use(skeleton.live())
    return Frame(question, f"Does the effect of {name} (activated on the field) resolve when the card is removed "
                 "from the field in response?", used_entities=set(range(len(skeleton.entities))), uses_story=True)


def _left_field_answer(question: dict) -> dict:
    kind = question["kind"]
    what = f"a {str(kind['property']).title()} {str(kind['type']).title()} Card"
    detail = (f"{what} removed from the field before an effect of that card on the field resolves: that effect "
              "does not resolve (this does not apply if it was removed to pay the cost of activating itself or "
              "one of its effects, which the question does not say)")
    return {
        "answer": "no",
        "card": None,
        "resolved": {"kind": kind},
        "explanation": f"no: {detail}.",
        "steps": [{"check": "card left the field", "result": "fail", "detail": detail,
                   **citation(question["rule_key"])}],
        "assumed": ["the card was removed by the chained card, not as a cost of its own effect"],
        "rulings": [],
    }


# ------------------------------------------------------------------------------------------- entry points


def read_chain_rule(skeleton: Skeleton, card_of, effects_of) -> Frame | None:
    """A chain question about kinds (module doc) as a frame, or None when a sentence fits no shape.

    ``card_of(entity index)`` gives the simulator's card of a named card (or None); ``effects_of(name)``
    its effect profile.
    """
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
            lambda: _read_segoc(skeleton, told),
            lambda: _read_chain_to_action(skeleton, told, effects_of),
            lambda: _read_left_field(skeleton, told, card_of),
        ):
            frame = reader()
            if frame is not None:
                return frame
    return None


_QUESTION_WORDS = frozenset("which whose what are is do does will can could may".split())


def chain_rule_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "segoc_kinds" | "chain_to_action" | "left_field"}``."""
    rule = question.get("rule")
    if rule == "segoc_kinds":
        return _segoc_answer(question)
    if rule == "chain_to_action":
        return _chain_to_action_answer(question)
    if rule == "left_field":
        return _left_field_answer(question)
    from ..errors import BadQuestionError

    raise BadQuestionError(f"unknown chain rule: {rule!r}", "rule", rule)
