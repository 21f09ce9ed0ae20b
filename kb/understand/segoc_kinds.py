"""SEGOC of kinds (rule ``segoc``, :data:`kb.engine.rules.SEGOC_GROUPS`), read by
:func:`kb.understand.chain_rules.read_chain_rule`: triggers of both players activating together (each
mandatory, optional or not said), and which is Chain Link 1 or which group goes on the chain first.  The
triggers are said by owner (mine, my opponent's, the turn player's, both players') and kind (mandatory,
optional, or not said: either); whose turn it is comes from "on my turn" when owners are said as
"my"/"my opponent's".  A kind not said that could change the answer makes it ``unknown``.
"""

from __future__ import annotations

import re

from ..engine.rules import SEGOC_GROUPS, citation
from .frame import Frame
from .skeleton import Skeleton

__all__ = ["read_segoc", "segoc_answer", "read_single_trigger", "single_trigger_answer"]


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
    r"^(?:(?:several|multiple|some|all|two|three|the|both)(?: of)? )?(?:(?P<own>"
    + "|".join(sorted(map(re.escape, _OWNERS), key=len, reverse=True))
    + r") )?(?:(?P<kind>mandatory|optional|mandatory\+optional) )?(?P<noun>" + _NOUN + r")"
    r"(?: (?:of|from) (?P<post>" + "|".join(sorted(map(re.escape, _POST_OWNERS), key=len, reverse=True)) + r"))?$"
)
_TURN = re.compile(
    r"\b(?:on |during |in |it's |it is )(?P<whose>my own|my|my opponent's|the opponent's|your opponent's) turn\b"
)
_SAME_TIME = re.compile(r"\b(?:at the same time|simultaneously)\b")
_SAME_LEVEL = re.compile(r"\b(?:at|of|in) the same (?:priority level|priority|level)\b")
_NONE_OF = re.compile(
    r"\(? ?(?P<who>i|my opponent|the turn player|the opponent|the non-turn player) (?:have|has) no "
    r"(?P<kind>mandatory|optional) (?:ones|effects|trigger effects|triggers)(?: here)? ?\)?"
)
_VERB = r"(?:activate|trigger|are activated|are triggered|go off|get activated|get triggered|happen)"
_STORY_SHAPES = [
    re.compile(rf"^(?P<list>.+?)(?: all| both)? {_VERB}$"),
    # "both players have mandatory triggers (at the same time)"
    re.compile(r"^(?P<who>" + "|".join(map(re.escape, _HAVERS)) + r") (?:have|has) (?P<list>.+?)$"),
    re.compile(
        r"^(?P<who>" + "|".join(map(re.escape, _HAVERS)) + rf") (?:have|has) (?P<list>.+?) (?:that|which) {_VERB}$"
    ),
]
# questions: which goes first / is this group first / which of two groups goes first
_FIRST = r"(?:first|chain link 1)"
_Q_WHICH = re.compile(
    r"^(?:which|whose|what) (?:one |effect |effects |trigger |of them |player's (?:effect |effects )?)?"
    r"(?:goes|go|is placed|are placed|is put|gets placed|comes|is|starts|will be)"
    rf"(?: on the chain| on chain)? (?:{_FIRST}|the chain)$|"
    r"^(?:which|whose|who) (?:one |effect |effects |player )?(?:starts|start|begins|builds) the chain$|"
    r"^(?:who|which player) (?:puts|places|adds|chains|activates) (?:theirs|their effects?|their triggers?|their "
    r"trigger effects?) (?:on the chain |onto the chain )?first$"
)
_PLACED = r"(?:(?:placed|put|added|go|goes|get placed) )?(?:on the chain |onto the chain )?"
# which player's optional triggers are placed first: the first side among the groups of one kind
_Q_WHOSE = re.compile(
    r"^(?:whose|which player's|which player s) (?P<kind>mandatory|optional) (?:trigger )?(?:effects?|triggers?) "
    r"(?:go|goes|are placed|is placed|are put|get placed|come|comes|are added)(?: on the chain| on chain| onto the "
    r"chain)? first$|^(?:whose|which player's) (?P<kind2>mandatory|optional) (?:trigger )?(?:effects?|triggers?) "
    r"(?:start|starts|begin|begins) the chain$"
)
# which effect / whose effects are put on the chain as its final link(s): the last group
_Q_LAST = re.compile(
    r"^(?:which|whose|what) (?:one |effect |effects |trigger |of them |player's (?:effect |effects )?)?"
    r"(?:goes|go|is placed|is added|are added|is put|gets placed|gets added|comes|is|will be)"
    r"(?: on the chain| on chain| to the chain| onto the chain)? last$|"
    r"^(?:which|whose|what) (?:effect|one|trigger) is the last chain link$"
)
# "who decides their order on the chain?": each player orders their own effects of one group
_Q_WHO_ORDERS = re.compile(
    r"^who (?:decides|chooses|picks|determines|sets) (?:their|the|its) order(?: on the chain| in the chain| of them|"
    r" of those effects)?$"
)
# "are they resolved in a special chain?": simultaneous Spell Speed 1 effects form one chain
_Q_ONE_CHAIN = re.compile(
    r"^(?:are|do|will|would) (?:they|both|both of them|all of them|the effects|these effects|those effects|the "
    r"triggers|they all|they both)(?: all| both)? (?:be |get )?(?:resolved |placed |put |go |chained )?(?:in|on|into) "
    r"(?:a|one|the same|a single) (?:special |single |same )?chain$|"
    r"^(?:do|will|would) (?:they|the effects|these effects|those effects|the triggers)(?: all| both)? (?:form|make|"
    r"build|start) (?:a|one|the same|a single) (?:special |single )?chain(?: together)?$"
)
# "which resolves first?": the chain resolves from its last link
_Q_RESOLVES = re.compile(
    r"^(?:which|whose|what) (?:one |effect |effects |trigger |of them |player's (?:effect |effects )?)?"
    r"(?:resolves|resolve|will resolve|is resolved|gets resolved) (?P<end>first|last)$"
)
_Q_IS = re.compile(
    rf"^(?:are|is|do|does|will) (?P<g>.+?) (?:{_PLACED}{_FIRST}|start the chain|starts the chain|"
    rf"(?:become|becomes|form|forms) chain link 1|go on the chain first)$"
)
_Q_BEFORE = re.compile(
    r"^(?:does|do|will|would) (?P<a>.+?) (?:go|goes|come|get placed|be placed|be put|go on the chain) "
    r"(?:before|ahead of|earlier than) (?P<b>.+?)(?: on the chain| in the chain)?$|"
    r"^(?:is|are) (?P<a2>.+?) (?:placed|put|added) (?:on the chain |onto the chain )?(?:before|ahead of) "
    r"(?P<b2>.+?)(?: on the chain| in the chain)?$"
)
_Q_OR = re.compile(
    r"^(?:do|does|will) (?P<a>.+?) or (?P<b>.+?) (?:start the chain|start|go first|come first|"
    r"get placed first|go on the chain first|become chain link 1|form chain link 1)$"
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
    both = match["kind"] == "mandatory+optional"  # "my mandatory and optional trigger effects": one of each
    kinds = [match["kind"] == "mandatory"] if match["kind"] and not both else [True, False]
    return {"owner": owner, "kinds": kinds, "plural": plural or both, "each": both}


# a list told without commas ("my mandatory trigger my opponent's optional trigger"): a new item starts at an owner
_NEXT_ITEM = re.compile(r" (?=(?:" + "|".join(sorted(map(re.escape, _OWNERS), key=len, reverse=True)) +
                        r") (?:mandatory |optional )?(?:trigger|effect))")


def _items(skeleton: Skeleton, text: str) -> list[dict] | None:
    text = re.sub(r"\b(?:mandatory and optional|optional and mandatory)\b", "mandatory+optional", text)
    parts = [q for p in re.split(r" and | , ", text) for q in _NEXT_ITEM.split(p)]
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


# "do two trigger effects that activate at the same time form a chain?": the story inside the question
_Q_TOLD_ONE_CHAIN = re.compile(
    r"^(?:do|will|would) (?P<list>.+?) (?:that|which) (?:activate|trigger|are activated) (?P<when>at the same time|"
    r"simultaneously) (?:form|make|build|go on|start) (?:a|one|the same|a single) (?:special |single )?chain$"
)


# "does the turn player add their optional effects before the opponent's optional effects?"
_Q_PLAYER_ADDS = re.compile(
    r"^(?P<verb>does|do|will|would) (?P<p>the turn player|the non-turn player|the opponent) (?:add|put|place|chain|"
    r"activate|puts|adds) their (?P<rest>(?:mandatory |optional )?(?:trigger )?(?:effects?|triggers?) (?:on the chain |"
    r"onto the chain )?(?:before|ahead of) .+)$"
)


def _player_adds(asked: str) -> str:
    """ "does the turn player add their optional effects before X" said as "do the turn player's optional
    effects go before X" (the groups of :data:`_Q_BEFORE`)."""
    match = _Q_PLAYER_ADDS.match(asked)
    if match is None:
        return asked
    rest = re.sub(r"^((?:mandatory |optional )?(?:trigger )?(?:effects?|triggers?)) (?:on the chain |onto the chain )?",
                  r"\1 go ", match["rest"])
    return f"do {match['p']}'s {rest}"


def _story_of_the_question(skeleton: Skeleton, asked: str) -> list | None:
    """ "Is the turn player's optional effect placed on the chain before the opponent's mandatory effect?"
    with no story: the two groups asked are the triggers (each said by side and kind)."""
    told = _Q_TOLD_ONE_CHAIN.match(asked)
    if told is not None:
        return [(f"{told['list']} activate {told['when']}", [])]
    if _Q_WHOSE.match(asked):  # "whose mandatory triggers go first?": the rule, of both players' triggers
        return [("both players' trigger effects activate at the same time", [])]
    match = _Q_BEFORE.match(asked)
    if match is None:
        return None
    pair = [_items(skeleton, match[g] or match[g + "2"]) for g in ("a", "b")]
    if any(p is None or len(p) != 1 or p[0]["owner"] not in ("turn", "nonturn") or len(p[0]["kinds"]) != 1
           for p in pair):
        return None
    said = " and ".join(match[g] or match[g + "2"] for g in ("a", "b"))
    return [(f"{said} activate at the same time", [])]


def read_segoc(skeleton: Skeleton, sentences: list[tuple[str, list[int]]]) -> Frame | None:
    *story, (asked, _ents) = sentences
    asked = _player_adds(asked)
    if not story:  # a rule asked of two groups said relative to the turn player ("is X placed before Y")
        story = _story_of_the_question(skeleton, asked)
        if story is None:
            return None
        if _Q_TOLD_ONE_CHAIN.match(asked):
            asked = "do they form one chain"
    text = " ".join(s for s, _ in story)
    turn = None
    for match in _TURN.finditer(text + " " + asked):
        whose = _TURNS[match["whose"]]
        if turn not in (None, whose):
            return None
        turn = whose
    text = re.sub(r"^(?:if|when|while|whenever) ", "", _tidy(_TURN.sub(" ", text)))
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
    if _Q_ONE_CHAIN.match(asked) and turn is None:  # one chain whoever's turn it is: owners need no turn
        items = [dict(i, owner=None if i["owner"] in ("A", "B") else i["owner"]) for i in items]
    for item in items:
        sides = _relative(item["owner"], turn)
        if sides is None:
            return None
        cells = {(side, kind) for side in sides for kind in item["kinds"]}
        possible |= cells
        if (len(item["kinds"]) == 1 or item["each"]) and (len(sides) == 1 or item["owner"] == "both"):
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
    if (match := _Q_WHOSE.match(asked)) is not None:
        mandatory = (match["kind"] or match["kind2"]) == "mandatory"
        if not any(kind == mandatory for _side, kind in possible):
            return None
        question["query"] = {"kind": "whose_first", "mandatory": mandatory}
        understood = (f"When {said} activate at the same time{_on_turn(turn)}, whose "
                      f"{'mandatory' if mandatory else 'optional'} effects go on the chain first?")
    elif _Q_ONE_CHAIN.match(asked):
        question["query"] = {"kind": "one_chain"}
        understood = f"When {said} activate at the same time{_on_turn(turn)}, do they form one chain?"
    elif (match := _Q_RESOLVES.match(asked)) is not None:
        question["query"] = {"kind": "resolves_" + match["end"]}
        understood = (f"When {said} activate at the same time{_on_turn(turn)}, which effect resolves "
                      f"{match['end']}?")
    elif _Q_LAST.match(asked):
        question["query"] = {"kind": "last"}
        understood = f"Which trigger effect is the last Chain Link when {said} activate at the same time{_on_turn(turn)}?"
    elif _Q_WHO_ORDERS.match(asked):
        owners = {i["owner"] for i in items}
        if len(owners) != 1 or owners & {None, "both"} or len(possible) != 1:
            return None  # the order of several players' or groups' effects is the rule's, not a player's choice
        question["query"] = {"kind": "who_orders", "owner": owners.pop()}
        understood = f"When {said} activate at the same time{_on_turn(turn)}, who decides their order on the chain?"
    elif _Q_WHICH.match(asked):
        question["query"] = {"kind": "first"}
        understood = f"Which trigger effect is Chain Link 1 when {said} activate at the same time{_on_turn(turn)}?"
    elif (match := _Q_OR.match(asked) or _Q_BEFORE.match(asked)) is not None:
        groups = match.groupdict()
        pair = [_narrow(_items(skeleton, groups.get(g) or groups.get(g + "2") or ""), items, turn)
                for g in ("a", "b")]
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
        before = match.re is _Q_BEFORE
        question["query"] = {"kind": "before" if before else "which_of", "groups": [_cell(c, True) for c in cells]}
        understood = (f"When {said} activate at the same time{_on_turn(turn)}, do {_cell_words(cells[0], turn, True)} "
                      + ("go on the chain before " if before else "or ") + _cell_words(cells[1], turn, True)
                      + ("" if before else " start the chain") + "?")
    elif (match := _Q_IS.match(asked)) is not None:
        group = _narrow(_items(skeleton, match["g"]), items, turn)
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


def _narrow(group: list[dict] | None, items: list[dict], turn: str | None) -> list[dict] | None:
    """A group asked without its kind ("does the turn player's effect go first?") is the one trigger the
    story told of that player, when the story told exactly one kind for that player."""
    if group is None or len(group) != 1 or len(group[0]["kinds"]) == 1:
        return group
    sides = _relative(group[0]["owner"], turn)
    if sides is None or len(sides) != 1:
        return group
    told = [i for i in items if _relative(i["owner"], turn) == sides]
    kinds = {k for i in told for k in i["kinds"]}
    if len(told) != 1 or len(kinds) != 1:
        return group
    return [dict(group[0], kinds=[kinds.pop()])]


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
    kind = ("mandatory " if item["kinds"][0] else "optional ") if len(item["kinds"]) == 1 else (
        "mandatory and optional " if item["each"] else "")
    return f"{whose} {kind}trigger effect{'s' if item['plural'] or item['owner'] in ('both', None) else ''}"


def segoc_answer(question: dict) -> dict:
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
    rule_key = "segoc"
    if query["kind"] == "whose_first":
        first = next(c for c in possible if c[1] == query["mandatory"])
        whose = "the turn player's" if first[0] == "turn" else "the opponent's"
        if turn is not None:
            whose += " (yours)" if (first[0] == "turn") == (turn == "A") else " (your opponent's)"
        answer, result = whose, "pass"
    elif query["kind"] == "one_chain":
        answer, result, rule_key = "yes", "pass", "segoc_one_chain"
        detail = ("effects of Spell Speed 1 activated at the same time (such as Trigger Effects) form one special "
                  f"chain; {rule}")
    elif query["kind"] in ("resolves_first", "resolves_last"):
        end = possible[-1] if query["kind"] == "resolves_first" else possible[0]
        detail = f"{detail}; the chain resolves from its last link back to Chain Link 1"
        if end in definite and len(possible) > 1:
            answer, result = _cell_words(end, turn, plural[end]), "pass"
        else:
            detail += f"; whether there are {_cell_words(end, turn, True)} is not said"
        rule_key = "sim_chain_resolution"
    elif query["kind"] == "last":
        last = possible[-1] if possible else None
        if last is not None and last in definite and len(possible) > 1:
            answer, result = _cell_words(last, turn, plural[last]), "pass"
            if turn is not None:  # "whose ...?": the player, the asker being A
                player = turn if last[0] == "turn" else {"A": "B", "B": "A"}[turn]
                answer = f"{player}'s {'mandatory' if last[1] else 'optional'} effect ({_group_words(*last, False)})"
        else:
            detail += (f"; whether there are {_cell_words(last, turn, True)} is not said" if last else "")
    elif query["kind"] == "who_orders":
        owner = query.get("owner")
        answer, result = {"A": "A (you do)", "B": "B (your opponent does)", "turn": "the turn player",
                          "nonturn": "the opponent (the non-turn player)"}.get(owner, "unknown"), "pass"
        detail = f"{rule}; each player adds their own effects of one group in any order they choose"
    elif query["kind"] == "first":
        first = possible[0] if possible else None
        if first is not None and first in definite:
            answer, result = _cell_words(first, turn, plural[first]), "pass"
        else:
            detail += (f"; whether there are {_cell_words(first, turn, True)} is not said" if first else "")
    else:
        asked = [(g["side"], g["mandatory"]) for g in (query.get("groups") or [query["group"]])]
        if query["kind"] == "which_of":
            earlier = min(asked, key=SEGOC_GROUPS.index)
            answer, result = _cell_words(earlier, turn, True), "pass"
        elif query["kind"] == "before":
            first = SEGOC_GROUPS.index(asked[0]) < SEGOC_GROUPS.index(asked[1])
            answer, result = ("yes", "pass") if first else ("no", "fail")
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
        "steps": [{"check": "SEGOC order", "result": result, "detail": detail,
                   **citation(*dict.fromkeys((rule_key, "segoc")))}],
        "assumed": [] if turn else ["whose turn it is is not said: the answer is in terms of the turn player"],
        "rulings": [],
    }


# ------------------------------------------------------------------- one trigger alone: Chain Link 1

_SINGLE_STORY = re.compile(
    r"^(?:if |when |whenever )?(?:only |just )?(?:(?:one|a single|1|a) )?(?:e\d+|trigger effect|effect|trigger) "
    r"(?:activates|is activated|triggers|gets activated)(?: at that time| at that timing| at that point)?$"
)
_SINGLE_ASKED = re.compile(
    r"^(?:which|what) chain link (?:is it|does it become|will it be|is that effect|would it be)$|"
    r"^(?:is|does|will) it (?:become |be )?chain link 1$|"
    r"^(?:is|does|will) it (?:start|form|begin) (?:a|the) chain(?: as chain link 1)?$"
)


def read_single_trigger(skeleton: Skeleton, sentences) -> Frame | None:
    """A single Trigger Effect activated and the Chain Link it becomes (Chain Link 1), as a frame, or None."""
    if len(sentences) != 2:
        return None
    (told, _), (asked, _) = sentences
    match = _SINGLE_STORY.match(_tidy(told))
    if match is None or not _SINGLE_ASKED.match(_tidy(asked)) or not re.search(r"\b(?:only|just|single)\b", told):
        return None
    for ent in re.findall(r"e(\d+)", told):
        entity = skeleton.entities[int(ent)]
        if entity.kind != "class" or entity.cls != {"effect": "trigger"} or not re.match(
                r"(?:(?:one|a single|1|a|an) )?trigger effect$", entity.text.lower()):
            return None
    skeleton.use(skeleton.live())
    yes_no = asked.startswith(("is", "does", "will"))
    return Frame({"ask": "chain_rule", "rule": "segoc_single", "yes_no": yes_no},
                 "A single trigger effect activated: is it Chain Link 1?" if yes_no else
                 "A single trigger effect activated: which Chain Link is it?",
                 used_entities=set(range(len(skeleton.entities))), uses_story=True)


def single_trigger_answer(question: dict) -> dict:
    """The answer to ``{"ask": "chain_rule", "rule": "segoc_single"}``."""
    answer = "yes" if question.get("yes_no") else "Chain Link 1"
    detail = "an effect that activates alone at that time is Chain Link 1 of a new chain"
    return {"answer": answer, "card": None, "resolved": {}, "explanation": f"{answer}: {detail}.",
            "steps": [{"check": "SEGOC order", "result": "pass", "detail": detail, **citation("segoc_single")}],
            "assumed": [], "rulings": []}
