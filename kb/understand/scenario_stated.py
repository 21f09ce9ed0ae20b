"""Stories of what happened to one monster, onto simulator scenarios (docs/simulator.md, the ``effect`` action).

The story follows one monster ("my monster", "my opponent's Link Monster", a named card, then "it"): clause
by clause it was Summoned on an earlier turn or this turn, had its battle position changed (by its controller
or by an effect), attacked, had its attack negated, was flipped face-down or face-up, had its control taken
or returned, was banished until the End Phase and returned, was sent to the GY; a player's Main Monster
Zones may be full when it returns; an Equip Spell may be equipped to it, counters may be on it.  The
question asks whether its position can be changed, whether it can attack, whose GY it went to, what
happened to it, whether a card was destroyed, whether it kept its counters, or whether it went back to the
Extra Monster Zone.  The simulator plays the clauses in order and decides (:mod:`kb.engine.sim.stated`).

Every word of every clause must be read (else no reading).  A card named as the cause of an effect must say
that effect in its text (a card whose text says something else is not taken on trust).  The words are data
(``scenario_stated_words.toml``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .scenario_draft import generic_you
from .scenario_stated_build import TOLD, Build, query_of
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_stated_story"]

WORDS_FILE = _WORDS = Path(__file__).with_name("scenario_stated_words.toml")
# what a card named as the cause must say (in its text, lower case) for the clause to be taken from it
_CAUSE_TEXT = {
    "flip_face_down": r"face-down",
    "flip_face_up": r"face-up|battle position",
    "change_position": r"^(?!.*face-down)(?=.*(?:battle position|change (?:the|its|that|their) (?:battle )?position|"
                       r"to (?:face-up )?(?:defense|attack) position))",
    "negate_attack": r"negate (?:the|that|an|its) attack",
    "take_control": r"take control|control of",
    "banish_temporarily": r"banish",
    "send": r"send|destroy",
    "gain_atk": r"gains? \d+ atk",
}


def _w(*path: str) -> str:
    return phrase_alternation(word_file(_WORDS), *path)


@lru_cache(maxsize=1)
def _grammar() -> dict:
    """The clause and question patterns, built once from the word file."""
    own = f"(?:{_w('owner', 'theirs')}|{_w('owner', 'mine')})"
    mon = (rf"(?:{_w('owner', 'again')}|(?:the |my )?monster equipped with (?:my |an? )?e\d+|"
           rf"(?:{own} )?(?:{_w('monster', 'adjectives')} )?(?:(?:link|xyz|synchro|fusion|effect) )?"
           rf"(?:monster|e\d+)(?: equipped with (?:my |an? )?e\d+)?"
           rf"(?: with (?:a|an|one|\d+) (?:spell )?counters?)?(?: (?:from|in|(?:that|which) (?:was|is) in) (?:their|my|its owner's) "
           rf"extra monster zone)?)")
    who = rf"(?P<who>{_w('who', 'me')}|{_w('who', 'opponent')})"
    be = rf"(?:(?:{_w('be', 'words')}) )?"
    cause = rf"(?: (?P<effect>{_w('cause', 'effect')})| (?:{_w('cause', 'card_lead')}) (?P<cent>e\d+))?"
    time = rf"(?: (?:{_w('time', 'words')}))*"
    pos = r"(?P<pos>attack|defense|defence)"
    m = rf"(?P<m>{mon})"
    clauses = [
        ("earlier", rf"(?:{m} )?{be}(?:{_w('ops', 'earlier')})"),
        ("summoned_now", rf"(?:i|we) (?:normal |special |tribute )?summoned {m} this turn"),
        ("summoned_now", rf"{m} {be}(?:normal |special |tribute )?summoned this turn"),
        ("position", rf"{who} (?:already )?(?P<manual>manually )?(?:changed|change|changes|switched|switch|switches)"
                     rf"(?: the battle position of| the position of)? {m}(?:'s| 's)?(?: battle)?(?: position)?"
                     rf"(?: back)?(?: from (?:attack|defense)(?: position)?)?(?: (?:to|into) {pos} position)?"
                     rf"{cause}{time}"),
        ("position", rf"{m} {be}(?:had its (?:battle )?position (?:changed|switched)|(?:changed|switched) "
                     rf"(?:to|into) {pos} position){cause}{time}"),
        ("position", rf"(?:(?P<effect2>a card effect|an effect|a card|another effect)|(?P<cent2>e\d+)) (?:changed|changes|switched|switches) "
                     rf"(?:its|{m}(?:'s| 's)?)(?: battle)?(?: position)?(?: (?:to|into) {pos} position)?{time}"),
        ("position", rf"{who} used (?:(?P<effect3>a card effect|an effect|a card)|(?P<cent3>e\d+)) to (?:change|switch) "
                     rf"(?:its|{m}(?:'s| 's)?)(?: battle)?(?: position)?(?: (?:to|into) {pos} position)?{time}"),
        ("opp_leaves", rf"(?P<om>{_w('target', 'words')}) {be}(?P<to>{_w('target', 'leaves')}){cause}{time}"),
        ("opp_summon", rf"(?:{_w('target', 'new')}) {be}special summoned(?: (?:to|on|onto) (?:their|my opponent's) "
                       rf"(?:field|side(?: of the field)?))?{cause}{time}"),
        ("opp_summon", rf"(?:{_w('who', 'opponent')}) special summons? (?:a|another|a new|one|a second) monster{cause}{time}"),
        ("count_same", rf"(?:so )?(?:{_w('target', 'count_same')})"),
        ("replay_happened", rf"(?:{_w('target', 'replay')})"),
        ("stop_attack", rf"(?:i|we) (?:{_w('target', 'stop')})"),
        ("unattackable", rf"(?:{who} (?:applies|applied|activates|activated|uses|used) an effect that makes|(?:an|a card|my "
                         rf"opponent's|their|an opponent's|the opponent's) effect makes|(?P<cent4>e\d+) makes) (?P<om>{_w('opponent_monster', 'words')}) "
                         rf"(?:{_w('opponent_monster', 'unattackable')})"),
        ("unattackable", rf"(?P<om>{_w('opponent_monster', 'words')}) (?:{_w('opponent_monster', 'becomes')})"),
        ("direct_allowed", rf"(?:an effect|a card effect|{who}) (?:{_w('direct', 'lets')}) (?:{_w('direct', 'attacker')}) "
                           rf"(?:to )?attack directly"),
        ("direct_allowed", rf"(?:{_w('direct', 'attacker')}) (?:{_w('direct', 'can')}) attack directly"),
        ("declared", r"(?:my|the) attack declaration"),
        ("declared", rf"(?:i|we) (?:declare|declared) an attack(?: with {m})?{time}"),
        ("declared", rf"{m} (?:declares|declared) an attack{time}"),
        ("declared", rf"{m} attacks{time}"),
        ("controls", rf"{who} (?:only )?(?:controls?|has|have) (?:only )?(?:a|an|one|1) (?P<face>face[- ]up |face[- ]down )?"
                     rf"(?:{pos} position )?monster(?: in (?P<face2>face[- ]up |face[- ]down )?(?P<pos2>attack|defense|"
                     rf"defence) position)?"),
        ("controls", rf"(?P<whose>my opponent's|my opponents|their|my) only monster is (?:in )?(?P<face>face[- ]up |"
                     rf"face[- ]down )?{pos} position"),
        ("attacked", rf"{m} (?:{_w('ops', 'attacked')}){time}"),
        ("gain_atk", rf"(?:{m} )?{be}(?:gained|gains|gain|got|gets|received) (?P<amt>\d+) atk{cause}{time}"),
        ("attacked", rf"(?:i|we) (?:attacked|declared an attack) with {m}{time}"),
        ("negated", rf"(?:{m}(?:'s| 's)|my) attack {be}negated{cause}{time}"),
        ("negated", rf"(?:{m} )?{be}its attack negated{cause}{time}"),
        ("negated", rf"{who} negated (?:my attack|{m}(?:'s| 's) attack){cause}{time}"),
        ("flip_face_down", rf"(?:{m} )?{be}(?:{_w('ops', 'flipped_down')}){cause}{time}"),
        ("flip_face_down", rf"(?:{who}|(?P<cent2>e\d+)) (?:{_w('ops', 'flip_down_verbs')}) {m} face-down"
                           rf"(?: in defense position)?{cause}{time}"),
        ("flip_face_up", rf"(?:{m} )?{be}(?:{_w('ops', 'flipped_up')})(?: (?:in |to |into )?{pos} position)?"
                         rf"{cause}{time}"),
        ("flip_face_up", rf"{who} (?:flipped|flips|turned|turns|changed|changes) {m} (?:back )?(?:to )?face-up"
                         rf"(?: (?:in |to |into )?{pos} position)?{cause}{time}"),
        ("take_control", rf"{who} (?:{_w('ops', 'control_take')}) {m}{cause}{time}"),
        ("use_on", rf"{who} (?:uses|used|use|activates|activated|activate|plays|played) (?P<cuse>e\d+) "
                   rf"(?:on|targeting|against) {m}{time}"),
        ("take_control", rf"(?:which|that|whom) {who} (?:{_w('ops', 'control_take')}){cause}{time}"),
        ("subject", rf"{m}"),
        ("counters_on", rf"{m} (?:has|had) (?P<cnt>a|an|one|\d+) (?:spell )?counters?(?: on it)?"),
        ("return_control", rf"(?:{_w('ops', 'control_return')})(?: to (?:{_w('who', 'opponent')}|its owner|me))?"
                           rf"(?: (?:during|in|at) the end phase)?"),
        ("zones_none", rf"{who} (?:has|have|had) (?:{_w('zones', 'none_free')})(?: left| then| at that time)?"),
        ("zones_none", rf"(?:{_w('zones', 'all_of')}) (?P<whose>my|my opponent's|their|its owner's) "
                       rf"(?:{_w('zones', 'main_zones')}) (?:are|were) (?:{_w('zones', 'full')})"),
        ("zones_none", rf"(?P<whose>my|my opponent's|their|its owner's) (?:{_w('zones', 'main_zones')}) (?:are|were) "
                       rf"(?:all )?(?:{_w('zones', 'full')})"),
        ("banish_temporarily", rf"(?:{m} )?{be}(?:{_w('ops', 'banished_until')}){cause}{time}"),
        ("banish_and_return", rf"(?:{m} )?{be}(?:{_w('ops', 'banished_until')}){cause} (?:{_w('ops', 'returns')})"
                              rf"(?: to the field)?(?: (?:during|in|at) the end phase)?"),
        ("return_from_banishment", rf"{m} (?:{_w('ops', 'returns')})(?: to the field)?"
                                   rf"(?: (?:during|in|at) the end phase)?{time}"),
        ("send", rf"{who} (?:{_w('ops', 'send_verbs')}) {m} to the (?:graveyard|gy){cause}"),
        ("send", rf"(?:{m} )?{be}(?P<how>sent to the (?:graveyard|gy)|destroyed){cause}"),
        ("tribute_cost", rf"(?:i|we) (?:{_w('ops', 'tribute_cost')})"),
    ]
    questions = [
        ("change", rf"can (?:i|you) (?:{_w('questions', 'change')}) (?:its|it|{m})(?:'s| 's)?(?: (?:back|again))?"
                   rf"(?: (?:{_w('questions', 'position_words')}))?(?: (?:back|again))?(?: to (?:attack|defense) position)?"
                   rf"(?: (?:again|manually|myself))?(?P<mp2> (?:in|during) (?:my )?main phase 2)?{time}"),
        ("flip_summon", rf"can (?:i|you) (?:still )?flip summon (?:it|{m})(?: (?:again|back))?"
                        rf"(?P<mp2> (?:in|during) (?:my )?main phase 2)?{time}"),
        ("attack", rf"can (?:it|{m}) (?:{_w('questions', 'attack_again')})(?: again)?{time}"),
        ("attack_direct", rf"can (?:i|you) (?:still )?attack (?:my opponent |your opponent |them )?directly"
                          rf"(?: with (?:it|{m}))?{time}"),
        ("damage_step", r"does the damage step (?:begin|start|happen|occur|take place)|is there a damage step|"
                        r"(?:do|does) (?:we|it|the battle) (?:go|move|proceed) (?:on )?to the damage step"),
        ("whose", rf"(?:{_w('questions', 'whose_gy')})"),
        ("fate", rf"(?:{_w('questions', 'what_happens')})"),
        ("fate", r"what happens to (?:(?P<qent>e\d+)|the equip spell|my equip spell)"),
        ("destroyed", r"is (?:it|(?P<qent>e\d+)|the equip spell) destroyed"),
        ("counters", rf"(?P<cq>{_w('questions', 'keep_counters')})"),
        ("replay", r"(?:is|was) (?:a |the )?(?:battle )?replay triggered|(?:does|will) (?:a |the )?(?:battle )?replay "
                   r"(?:occur|happen|take place|get triggered|trigger)|is there a (?:battle )?replay"),
        ("tribute_cost", rf"can (?:i|you) (?:still )?(?:tribute|use) (?:it|{m}) (?:to pay|for|as) (?:a|the|an effect's|my) "
                         rf"cost{time}"),
        ("stays", r"(?:does|will) (?:it|(?P<qent>e\d+)|the equip spell) (?:stay|remain) on the field"),
        ("emz", rf"(?:{_w('questions', 'back_to_emz')})"),
        ("atk", rf"(?:does it|is it) (?:still )?(?:{_w('questions', 'keep_atk')}) (?:the |its |that )?(?:extra |additional )?"
                rf"(?P<qamt>\d+) (?:atk|extra atk|atk boost|atk gain|atk increase)(?: gain| boost| increase)?"
                rf"(?: it gained)?(?: (?:from|of) (?:e\d+|the effect))?{time}"),
    ]
    return {"clauses": [(op, re.compile(f"^{p}$")) for op, p in clauses],
            "questions": [(kind, re.compile(f"^{p}$")) for kind, p in questions],
            "mon": re.compile(mon), "until": re.compile(rf" (?:{_w('ops', 'until_end')})\b"),
            "opponent": re.compile(rf"^(?:{_w('owner', 'theirs')})\b"), "again": re.compile(rf"^(?:{_w('owner', 'again')})$")}


# ------------------------------------------------------------------------------------------ reading


def _sentences(skeleton: Skeleton) -> list[tuple[str, list[int]]]:
    """The question as sentences of words, commas kept as " , " (named cards as ``e<N>``)."""
    out, words, ents = [], [], []
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            if entity.kind == "class":
                if set(entity.cls) != {"type"}:
                    return []  # a kind of card with more than a type: not a story of this reader
                words.append(entity.text.lower())
            else:
                words.append(f"e{piece.entity}")
                ents.append(piece.entity)
        elif piece.text in (".", "?", "!", ";"):
            if words:
                out.append((" ".join(words), ents))
            words, ents = [], []
        elif piece.text == ":":
            return []
        else:
            words.append(piece.text.lower())
    if words:
        out.append((" ".join(words), ents))
    return out


_SPLIT = re.compile(r"(?:(?<=control return)|(?<=control returns)) (?=my |their |all |i |its owner)|"
                    r" , (?:and then |and |then |but |so )?| and then |(?<! was)(?<! is)(?<! got)(?<! gets) then | and (?=(?:i|my|it|when|another|a new|a different|a second|"
                    r"control|the|all|its|their|they|was|is|got|gets|changed|flipped|turned|later|after)\b)")
_LEAD = re.compile(r"^(?:and |then |but |so |later |after that |afterwards |after |when |once |as |if |while )+")


def _clauses(text: str) -> list[str]:
    """The clauses of a sentence; a parenthesis ("my monster (Summoned on an earlier turn) ...") comes first."""
    inner = re.findall(r" \( ([^()]*) \)", text)
    text = re.sub(r" \( [^()]* \)", "", text)
    return [_LEAD.sub("", c.strip()).strip() for part in [*inner, text] for c in _SPLIT.split(part)
            if c and c.strip(" ,")]


@dataclass
class _Story:
    """The monster the story follows and the events that happened to it, in order."""

    mon: dict | None = None  # owner, entity, kind, equip, counters, emz
    events: list = field(default_factory=list)  # (op, {details})
    entities: set = field(default_factory=set)


def _monster(text: str | None, story: _Story, g: dict, default_owner: str) -> bool:
    """Read the monster phrase ``text`` into the story's monster (or check "it" refers to it)."""
    if text is None or g["again"].match(text):
        if story.mon is None:
            story.mon = {"owner": default_owner}
        return True
    ent = re.search(r"(?<!with )(?<!with my )(?<!with a )(?<!with an )\be(\d+)\b", text)
    equip = re.search(r"equipped with (?:my |an? )?e(\d+)", text)
    counters = re.search(r"with (a|an|one|\d+) (?:spell )?counters?", text)
    kind = re.search(r"\b(link|xyz|synchro|fusion)\b", text)
    owner = "B" if g["opponent"].match(text) else default_owner
    info = {"owner": owner, "entity": int(ent.group(1)) if ent and (not equip or ent.start() < equip.start()) else None,
            "equip": int(equip.group(1)) if equip else None,
            "counters": (1 if counters.group(1) in ("a", "an", "one") else int(counters.group(1))) if counters else 0,
            "kind": kind.group(1) if kind else None, "emz": "extra monster zone" in text}
    if story.mon is None:
        story.mon = info
        return True
    same = story.mon
    if info["entity"] is not None and same.get("entity") not in (None, info["entity"]):
        return False
    if info["owner"] != same["owner"] and "opponent" in text or info["equip"] or info["counters"]:
        return False  # a second monster, or a second description: not one story
    return True


_TIME_FIRST = re.compile(r"^(?:this turn|earlier this turn|during this turn|in main phase 1|during main phase 1|"
                         r"during (?:my|the) battle phase|in the battle phase) ")
_USE_TO = re.compile(r"^(?P<who>.+?) (?:uses|used|use|activates|activated|activate) (?P<c>e\d+) to (?P<rest>.+)$")


def _read_clause(text: str, story: _Story, g: dict, card_text) -> bool:
    text = _TIME_FIRST.sub("", text)
    used = _USE_TO.match(text)
    if used:  # "my opponent uses Book of Moon to flip it face-down": "... flip it face-down with Book of Moon"
        text = f"{used['who']} {used['rest']} with {used['c']}"
    until = bool(g["until"].search(text)) and re.search(_w("ops", "control_take"), text) is not None
    if until:  # "take control of it until the End Phase": the return is told by its own clause
        text = g["until"].sub("", text)
    for op, pattern in g["clauses"]:
        m = pattern.match(text)
        if not m:
            continue
        d = m.groupdict()
        who = d.get("who")
        actor = None if who is None else ("A" if re.match(f"^(?:{_w('who', 'me')})$", who) else "B")
        if op == "use_on":  # what the card does, from its text: take control, or flip face-down
            text_of = card_text(int(d["cuse"][1:]))
            op = "take_control" if "take control" in text_of else "flip_face_down" if re.search(
                r"change (?:that|the) target to face-down|to face-down defense position", text_of) else None
            if op is None or ("take control" in text_of and "face-down" in text_of):
                return False
            d["cent"] = d["cuse"]
        cent = d.get("cent") or d.get("cent2") or d.get("cent3") or d.get("cent4")
        if cent is not None:
            index = int(cent[1:])
            words = _CAUSE_TEXT.get(op if op != "negated" else "negate_attack", r"$^")
            if not re.search(words, card_text(index) or "") or op == "gain_atk" and \
                    f"{d.get('amt')} atk" not in (card_text(index) or ""):
                return False  # the named card does not say this: not taken on trust
            story.entities.add(index)
        if op in ("opp_leaves", "opp_summon", "count_same", "replay_happened", "stop_attack"):
            to = d.get("to") or ""
            place = "hand" if re.search(r"bounce|hand", to) else "banished" if "banish" in to else "gy"
            story.events.append((op, {"to": place, "destroyed": "destroy" in to}))
            return _monster(None, story, g, "A")
        if op in ("unattackable", "direct_allowed"):
            story.events.append((op, {"other": " other " in f" {d.get('om') or ''} " or "another" in (d.get("om") or "")}))
            return True
        if op in ("controls", "zones_none") or op == "declared" and d.get("m") is None:
            story.events.append((op, {"actor": actor, "whose": d.get("whose"), "pos": d.get("pos") or d.get("pos2"),
                                      "face": (d.get("face") or d.get("face2") or "up").strip()}))
            if op == "declared" and not _monster(None, story, g, "A"):
                return False
            return True
        default = "A"
        if op == "take_control":
            default = "B" if actor == "A" else "A"
        if not _monster(d.get("m"), story, g, default):
            return False
        if op == "take_control" and (actor is None or story.mon["owner"] == actor):
            return False
        by_effect = bool(d.get("effect") or d.get("effect2") or d.get("effect3") or cent)
        if op == "position" and actor is None and not by_effect:
            return False  # "it was changed to Defense Position": by whom is not said
        manual = op == "position" and actor == story.mon["owner"] and not by_effect
        if op == "flip_face_up" and actor == story.mon["owner"] and not by_effect:
            return False  # "I flipped it face-up": a Flip Summon or an effect? not said
        if op == "subject":
            return not story.events  # the monster a story begins with ("my opponent's monster, which ...")
        if op == "counters_on":
            if story.events or story.mon.get("counters"):
                return False
            story.mon["counters"] = 1 if d["cnt"] in ("a", "an", "one") else int(d["cnt"])
            return True
        pos = d.get("pos")
        story.events.append((op, {"actor": actor, "manual": manual, "until": until,
                                  "pos": "defense" if pos in ("defense", "defence") else pos,
                                  "destroyed": d.get("how") == "destroyed", "whose": d.get("whose"),
                                  "amount": int(d["amt"]) if d.get("amt") else None}))
        return True
    return False


def read_stated_story(skeleton: Skeleton, card_of) -> Frame | None:
    """The scenario frame of a story about one monster (see the module doc), or None."""
    sentences = _sentences(skeleton)
    if len(sentences) < 1:
        return None
    from .scenario_maintenance import read_maintenance  # an unpaid maintenance cost (a card, not a monster)

    frame = read_maintenance(sentences, card_of)
    if frame is not None:
        skeleton.use(skeleton.live())
        return frame
    said = generic_you([t for t, _e in sentences])
    g = _grammar()
    *story_sents, (asked, _ents) = [(t, e) for t, (_x, e) in zip(said, sentences)]
    parts = [c for text, _e in story_sents for c in _clauses(text)]
    asked_parts = _clauses(asked)
    parts, asked = parts + asked_parts[:-1], asked_parts[-1] if asked_parts else ""
    if not parts:
        return None

    def card_text(index: int) -> str:
        card = card_of(index)
        return (card.text or "").lower() if card is not None else ""

    story = _Story()
    for clause in parts:
        if not _read_clause(clause, story, g, card_text):
            return None
    for kind, pattern in g["questions"]:
        qm = pattern.match(asked)
        if qm:
            break
    else:
        return None
    if kind == "attack_direct" and story.mon is None:
        story.mon = {"owner": "A"}  # the attacker is a monster of mine the story does not describe
    if qm.groupdict().get("m") and not _monster(qm.group("m"), story, g, story.mon["owner"] if story.mon else "A"):
        return None
    if story.mon is None:
        return None

    def name_of(index: int) -> str:
        card = card_of(index)
        return card.name if card is not None else ""

    mon = story.mon
    for key in ("entity", "equip"):
        if mon.get(key) is not None:
            if not name_of(mon[key]):
                return None
            story.entities.add(mon[key])
    build = Build(story, name_of)
    events = []
    for op, d in story.events:  # "banished until the End Phase, it would return": two events
        events += [("banish_temporarily", d), ("return_from_banishment", d)] if op == "banish_and_return" else \
            [(op, d)]
    for i in range(len(events) - 1):  # "when it would return, the zones are full": full before the return
        if events[i][0] in ("return_control", "return_from_banishment") and \
                events[i + 1][0] == "zones_none":
            events[i], events[i + 1] = events[i + 1], events[i]
    build.prepare(events)
    for op, d in events:
        if not build.event(op, d):
            return None
    query, asked_said = query_of(kind, qm, build, story)
    if query is None:
        return None
    question = {"ask": "scenario", "state": {"phase": build.start or "main1",
                                             "players": {p: v for p, v in build.players.items() if v}},
                "actions": build.actions, "query": query}
    if not question["state"]["players"]:
        return None
    told = "; ".join(TOLD.get(op, op.replace("_", " ")) for op, _d in story.events)
    understood = f"Simulated: {build.label} ({build.owner}'s): {told}. Asked: {asked_said}?"
    all_entities = {e for _t, ents in sentences for e in ents}
    if not all_entities <= story.entities | ({int(x) for x in re.findall(r"e(\d+)", asked)}):
        return None
    skeleton.use(skeleton.live())
    return Frame(question, understood, used_entities=all_entities, uses_story=True)
