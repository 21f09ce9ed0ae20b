"""Stage 4: intent, what the question asks, read from the question clause of the skeleton.

Each row of :data:`INTENTS` is one phrasing family (a regex over the skeleton, where ``e<N>`` stands for a
card mention) and the kind it asks: ``chain`` ("can I chain X to Y", "can X respond to Y", "can I
respond to Y with X", "can I respond with X" after a story), ``negate`` ("can X negate Y", "is X able
to stop Y", "does X work against Y", "can I chain X to negate Y", "can X negate a Normal Summon"),
``activate`` ("can I activate X during ...", "can X be activated ..."), ``timing`` ("does X's effect
activate if ...", "does X miss the timing"), ``segoc`` ("which goes on the chain first") and
``resolves`` ("which resolves first").  Every row that matches is a reading: two readings that disagree
make the answer "unknown" (:mod:`kb.understand.frame`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .skeleton import ENT, Skeleton
from .story import ACTOR, actor_player

__all__ = ["Intent", "INTENTS", "read_intents", "TIMING_EVENTS"]

_CAN = (
    r"(?:can|could|may|will|would|is it (?:possible|legal|ok|okay) (?:for (?:me|you|my opponent) )?to|"
    r"am i (?:able|allowed) to|are you (?:able|allowed) to|"
    r"is (?:my opponent|the opponent) (?:able|allowed) to)"
)
# adverbs read here; "only" is not ("may a Quick-Play Spell only respond to a Spell?" is not "may it respond
# to one?"): left unread, it makes the answer unknown.  "always" / "usually" / "normally" quantify
# over the cards of a kind: kb/understand/habitual.py decides them from every reading of the kind
_OPT = (
    r"(?:(?:still|now|then|also|even|directly|actually|really|ever|legally|just|usually|normally|"
    r"generally|always) )*"
)
_EFF = r"(?: (?:'s )?(?:effects?|activated effect|ability))?"
_TARGET = (
    rf"(?:(?P<yown>my|your|their|his|her|the|my opponent's|the opponent's|opponent's|my opponents|"
    rf"the opponents|opponents|your opponent's|your opponents) (?P<yself>own )?)?"
    rf"(?:(?:activation of (?:the |my |their )?|effect of (?:the )?)?)(?P<y>{ENT})(?: (?:'s )?activation)?"
    # "a Quick-Play Spell activated in the Damage Step", "a Spell Card activated by my opponent"
    rf"(?: (?:that (?:was|is) |being )?activated(?: by (?P<yby>{ACTOR}))?)?"
)
_TO = (
    r"(?:directly )?(?:to|in response to|against|on|in chain to|as a response to|in a chain to|"
    r"in response to the activation of|to the activation of|to the effect of|chained to)"
)
_SUMMON = (
    r"(?P<summon>(?:a |an |the |my |my opponent's |the opponent's |their |that |this )?"
    r"(?:second |2nd |another )?"  # a Gemini monster Normal Summoned again: still a Normal Summon (cr 202.8e)
    r"(?P<how>normal|tribute|"
    rf"flip|special|fusion|synchro|xyz|link|pendulum|ritual)? ?summon(?:s|ing)?(?: of (?P<sy>{ENT}))?"
    # "a Special Summon by Monster Reborn": the card whose effect performs it (negation: frame.py)
    rf"(?: (?:(?:that is |which is |that was |which was )?(?:performed|done|conducted|made|carried out) )?"
    rf"(?:by|with|through) (?P<sby>{ENT}))?)"
)
_ANAPHOR = r"(?P<it>it|that|this|that card|that activation|its activation|the activation|that effect|them)"


@dataclass
class Intent:
    """One reading of the question clause."""

    kind: str
    pattern: str  # the name of the INTENTS row
    x: int | None = None  # entity asked about
    y: int | None = None  # entity it responds to / negates
    actor: str | None = None
    summon: dict | None = None
    anaphor: bool = False  # "it", "that": the story's last link (or the link named before)
    rest: list[int] = field(default_factory=list)  # pieces after the matched phrase (moments, conditions)
    x_actor_said: bool = False
    speed: int | None = None  # "is X Spell Speed 2"
    number: int | None = None  # "is X Chain Link 2"
    x2: int | None = None  # "X or Z": the same question about Z (the answer stands when both agree)
    y_owner: str | None = None  # "my Mirror Force" / "my opponent's Dark Hole": "A" / "B"
    y_own: bool = False  # "my own Dark Hole": the card asked about has the same controller


_WHO = rf"(?:(?P<actor>{ACTOR}) )?"  # "can I ...", "can my opponent ...", or no one ("is it possible to ...")
_OR_X = rf"(?: or (?:a |an |my |the )?(?P<x2>{ENT}){_EFF})?"  # "a Quick-Play Spell or Quick Effect"
_DET = r"(?:my |a |an |the |their )?(?:set )?"
_WHAT = (
    rf"(?:the activation of |the effect of |the activation of the effect of )?"
    rf"(?:{_TARGET}|{_SUMMON}|{_ANAPHOR})"
)


def _row(name: str, kind: str, pattern: str) -> tuple[str, str, re.Pattern]:
    return name, kind, re.compile(pattern + r"(?P<rest>.*)$")


# whose card a timing question asks about ("does my Fire Hand activate"): its controller
_TIMING_OWN = r"(?:(?P<actor>my|my opponent's|my opponents|your opponent's|the opponent's|their) )?"

INTENTS: list[tuple[str, str, re.Pattern]] = [
    # negation: said with a negate verb
    _row(
        "can X negate Y",
        "negate",
        rf"^{_CAN} (?P<x>{ENT}){_EFF} {_OPT}(?:negate|stop|counter|cancel) {_WHAT}",
    ),
    _row(
        "is X able to negate Y",
        "negate",
        rf"^is (?P<x>{ENT}){_EFF} (?:able|allowed) to (?:negate|stop|counter) "
        rf"{_WHAT}",
    ),
    _row(
        "does X negate Y",
        "negate",
        rf"^(?:does|did|will|would) (?P<x>{ENT}){_EFF} {_OPT}(?:negate|stop|work against|counter) "
        rf"{_WHAT}",
    ),
    _row(  # "does ash work on pot of greed": read only for a card that negates (frame.py; "work on" may mean
        # "affect" for any other card)
        "does X work on Y",
        "negate",
        rf"^(?:does|did|will|would|can) (?P<x>{ENT}){_EFF} {_OPT}(?:work|works) on {_WHAT}",
    ),
    _row(
        "can I negate Y with X",
        "negate",
        rf"^{_CAN} {_WHO}{_OPT}(?:negate|stop|counter) "
        rf"{_WHAT} (?:with|using|by activating|by chaining) (?:my |a |an |the )?(?P<x>{ENT})",
    ),
    _row(  # the passive: "can Dark Hole be negated by Magic Jammer", "can X's activation be stopped with Y"
        "can Y be negated by X",
        "negate",
        rf"^{_CAN} {_WHAT} {_OPT}be (?:negated|stopped|countered) (?:by|with|using) (?:my |a |an |the )?"
        rf"(?P<x>{ENT}){_EFF}",
    ),
    _row(  # "can that Summon be negated?": by a card that negates Summons (only a Summon is read so)
        "can Y be negated",
        "negate",
        rf"^{_CAN} {_WHAT} {_OPT}be (?:negated|stopped)",
    ),
    _row("can I negate Y", "negate", rf"^{_CAN} {_WHO}{_OPT}(?:negate|stop) {_WHAT}"),
    _row(
        "can I chain X to negate Y",
        "negate",
        rf"^{_CAN} {_WHO}{_OPT}(?:chain|activate|use|respond with|play) (?:my |a |an |the )?"
        rf"(?P<x>{ENT}){_EFF}(?: {_TO} (?:it|that|this))? (?:to|and) (?:negate|stop) "
        rf"{_WHAT}",
    ),
    _row(  # "can I use Solemn Judgment on a Normal Summon": only a card that negates Summons (frame.py)
        "can I use X on a Summon",
        "negate",
        rf"^{_CAN} {_WHO}{_OPT}(?:use|activate|play) (?:my |a |an |the )?(?P<x>{ENT}){_EFF} (?:on|against) "
        rf"{_SUMMON}",
    ),
    # chain
    _row(
        "can I chain X to Y",
        "chain",
        rf"^{_CAN} {_WHO}{_OPT}(?:chain|activate|use|play|respond with|respond by activating|"
        rf"respond by using) {_DET}(?P<x>{ENT}){_EFF}{_OR_X} {_OPT}{_TO} (?:{_TARGET}|{_ANAPHOR})",
    ),
    _row(
        "can X be chained to Y",
        "chain",
        rf"^{_CAN} (?P<x>{ENT}){_EFF} {_OPT}be (?:chained|activated|used|played) {_OPT}{_TO} "
        rf"(?:{_TARGET}|{_ANAPHOR})",
    ),
    _row(
        "can I respond to Y with X",
        "chain",
        rf"^{_CAN} {_WHO}{_OPT}(?:respond to|chain to|answer|reply to) (?:{_TARGET}|{_ANAPHOR}) "
        rf"(?:with|using|by activating|by chaining|by using) {_DET}(?P<x>{ENT}){_EFF}{_OR_X}",
    ),
    _row(
        "can X respond to Y",
        "chain",
        rf"^{_CAN} (?P<x>{ENT}){_EFF} {_OPT}(?:chain to|respond to|be chained to|be a response to|"
        rf"be activated in response to|be used in response to) (?:{_TARGET}|{_ANAPHOR})",
    ),
    _row(
        "can I respond with X",
        "chain_story",
        rf"^{_CAN} {_WHO}{_OPT}(?:respond|chain|reply)(?: by activating| by using| with)? "
        rf"{_DET}(?P<x>{ENT}){_EFF}{_OR_X}(?: in response| to (?:it|that|this))?",
    ),
    _row(
        "can I chain X",
        "chain_story",
        rf"^{_CAN} {_WHO}{_OPT}(?:chain) {_DET}(?P<x>{ENT})"
        rf"{_EFF}(?: in response| in a chain| as chain link \d+)?",
    ),
    # activate (no chain): the story, when there is one, decides whether it is a chain
    _row(
        "can I activate X",
        "activate",
        rf"^{_CAN} {_WHO}{_OPT}(?:activate|use|play) {_DET}(?P<x>{ENT}){_EFF}",
    ),
    _row(  # "can i flip up my set call of the haunted": activating a Set Spell/Trap (only such a card: frame.py)
        "can I flip up X",
        "activate",
        rf"^{_CAN} {_WHO}{_OPT}(?:flip up|flip face up|flip face-up|turn face up|turn face-up|flip) {_DET}"
        rf"(?P<x>{ENT})(?: (?:face up|face-up|up))?",
    ),
    _row("can X be activated", "activate", rf"^{_CAN} (?P<x>{ENT}){_EFF} {_OPT}be (?:activated|used|played)"),
    _row(
        "is X able to be activated",
        "activate",
        rf"^(?:is|are) (?P<x>{ENT}){_EFF} {_OPT}(?:able|allowed) to be (?:activated|used|played)",
    ),
    _row(
        "is X able to be chained to Y",
        "chain",
        rf"^(?:is|are) (?P<x>{ENT}){_EFF} {_OPT}(?:able|allowed) to "
        rf"(?:be (?:chained|activated|used)|chain|respond) "
        rf"{_OPT}{_TO} (?:{_TARGET}|{_ANAPHOR})",
    ),
    # timing
    _row(
        "does X miss the timing",
        "timing",
        rf"^(?:does|will|would|can) {_TIMING_OWN}(?P<x>{ENT}){_EFF} {_OPT}miss (?:the |its )?timing",
    ),
    _row(
        "does X's effect activate",
        "timing",
        rf"^(?:does|will|would|can) {_TIMING_OWN}(?P<x>{ENT}){_EFF} {_OPT}(?:activate|trigger|be activated|get activated)",
    ),
    # a fact of the card: its Spell Speed
    _row(
        "is X Spell Speed N",
        "spell_speed",
        rf"^(?:is|are) (?P<x>{ENT}){_EFF} (?:a |of )?spell speed (?P<speed>[123]|one|two|three)"
        # "... like the Quick-Play Spell itself": a comparison
        rf"(?: (?:like|as) (?:the |a |an |its |that )?(?P<cmp>{ENT})(?: itself| card| is| does)?)?",
    ),
    _row(
        "what Spell Speed is X",
        "spell_speed",
        rf"^(?:what|which)(?: is|'s|s)? (?:the )?spell speed (?:of |is |does )?(?:the )?(?P<x>{ENT}){_EFF}"
        rf"(?: have)?",
    ),
    _row(  # casual: "whats tt's spell speed", "what is ash's spell speed"
        "what is X's Spell Speed",
        "spell_speed",
        rf"^(?:what|which)(?: is|'s|s) (?:the )?(?P<x>{ENT}) ?(?:'s|s)? (?:effect's |effects )?spell speed",
    ),
    _row("is X a kind of card", "card_kind", rf"^(?:is|are) (?P<x>{ENT}) (?P<k>{ENT})$"),
    # order
    _row(
        "which goes first",
        "segoc",
        r"^(?:which|whose|what) (?:\w+ )?(?:effects? |cards? |ones? |triggers? )?"
        r"(?:goes|go|is placed|are placed|is put|"
        r"gets placed|comes|is|will be) (?:on the chain )?(?:first|chain link 1)",
    ),
    _row(  # casual: "whats chain link 1", "what is the first chain link"
        "what is chain link 1",
        "segoc",
        r"^(?:what's|whats|what is|which is) (?:chain link (?:1|one)|the first (?:chain )?link)",
    ),
    _row(
        "the order of the links they make",
        "segoc",
        r"^(?:in )?what order (?:do|does|will) (?:they|these|those|the effects|the triggers|their effects|"
        r"the trigger effects|the cards) (?:go|get placed|get put|activate) (?:on|onto) the chain",
    ),
    _row(
        "which resolves first",
        "resolves",
        r"^(?:which|what) (?:card |effect |one |chain link )?(?:resolves|will resolve|is resolved) first",
    ),
    # the order a told chain resolves in, asked of its last link or of one card (resolution_order.py)
    _row(
        "what chain link is X",
        "resolves",
        rf"^(?:what|which) (?:chain link|link) (?:is|was|will be|would be|does) (?:{_DET})?(?P<x>{ENT}){_EFF}(?: become)?",
    ),
    _row(
        "is X chain link N",
        "resolves",
        rf"^(?:is|was|will|would) (?:{_DET})?(?P<x>{ENT}){_EFF} (?:be |become )?chain link (?P<linkno>\d+)",
    ),
    _row(
        "which resolves last",
        "resolves",
        r"^(?:which|what) (?:card |effect |one |chain link )?(?:resolves|will resolve|is resolved) last",
    ),
    _row(
        "does X resolve first",
        "resolves",
        rf"^(?:does|will|would|is) (?:{_DET})?(?P<x>{ENT}){_EFF} (?:resolve|resolved|be resolved) first",
    ),
    _row(
        "does X resolve last",
        "resolves",
        rf"^(?:does|will|would|is) (?:{_DET})?(?P<x>{ENT}){_EFF} (?:resolve|resolved|be resolved) last",
    ),
    _row(
        "does X resolve before Y",
        "resolves",
        rf"^(?:does|will|would|is) (?:{_DET})?(?P<x>{ENT}){_EFF} (?:resolve|resolved|be resolved) before "
        rf"(?:{_DET})?(?P<y>{ENT}){_EFF}",
    ),
    _row(
        "does X resolve after Y",
        "resolves",
        rf"^(?:does|will|would|is) (?:{_DET})?(?P<x>{ENT}){_EFF} (?:resolve|resolved|be resolved) after "
        rf"(?:{_DET})?(?P<y>{ENT}){_EFF}",
    ),
]

# timing events: phrase -> SCENARIOS.md "event"
TIMING_EVENTS: list[tuple[re.Pattern, str]] = [
    (
        re.compile(
            r"\b(?:sent|send|sends|goes|is sent|was sent|gets sent|dumped|milled) (?:it |them |this card )?"
            r"(?:from [\w' ]+ )?to the (?:gy|graveyard|grave)\b"
        ),
        "sent_to_gy",
    ),
    (re.compile(r"\b(?:destroyed|destroys|destroy)\b"), "destroyed"),
    (re.compile(r"\b(?:sent|milled|dumped)\b"), "sent_to_gy"),
    (re.compile(r"\bbanished\b"), "banished"),
    (re.compile(r"\b(?:discarded|discards|discard)\b"), "discarded"),
    (re.compile(r"\btributed\b"), "tributed"),
    (re.compile(r"\bspecial summoned\b"), "special_summoned"),
    (re.compile(r"\bnormal summoned\b"), "normal_summoned"),
    (re.compile(r"\bflip(?:ped| summoned)(?: face-up)?\b"), "flipped"),
    (re.compile(r"\badded to (?:the|my|your|their) hand\b"), "added_to_hand"),
]


def _owner(word: str | None) -> str | None:
    """The player a possessive names ("my" -> A, "my opponent's" / "their" -> B); None for "the"."""
    if not word or word == "the":
        return None
    return actor_player(word.replace("'s", "").strip())


def read_intents(skeleton: Skeleton, indices: list[int]) -> list[tuple[Intent, list[int]]]:
    """Every reading of the question clause, with the pieces each one used."""
    text, spans = skeleton.text_of(indices)
    text = re.sub(r"\s*[?!.]+\s*$", "", text)
    readings = []
    for name, kind, pattern in INTENTS:
        match = pattern.match(text)
        if not match:
            continue
        groups = match.groupdict()

        def entity(group: str) -> int | None:
            if not groups.get(group):
                return None
            return skeleton.pieces[Skeleton.pieces_between(spans, *match.span(group))[0]].entity

        intent = Intent(
            kind,
            name,
            x=entity("x"),
            x2=entity("x2"),
            y_owner=_owner(groups.get("yown")) or actor_player(groups.get("yby")),
            y_own=bool(groups.get("yself")),
            y=entity("k") if kind == "card_kind" else entity("cmp") if kind == "spell_speed" else entity("y"),
            actor=groups.get("actor"),
            anaphor=bool(groups.get("it")),
            x_actor_said=bool(groups.get("actor")),
        )
        if groups.get("linkno"):
            intent.number = int(groups["linkno"])
        if groups.get("speed"):
            intent.speed = {"one": 1, "two": 2, "three": 3}.get(groups["speed"]) or int(groups["speed"])
        if groups.get("summon"):
            intent.summon = {"how": groups.get("how"), "entity": entity("sy"), "cause": entity("sby")}
        used = Skeleton.pieces_between(spans, match.start(), match.start("rest"))
        intent.rest = Skeleton.pieces_between(spans, match.start("rest"), len(text) + 1)
        readings.append((intent, used))
    return readings
