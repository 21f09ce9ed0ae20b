"""What a player did to the card of a timing question, told as an act: a question of whether a card's
effect triggers (or misses the timing) after an act on it -- summoned, Set, used as material, Tributed,
destroyed by a named card, summoned by a card chained to another -- told either in an "if ..." clause after the
question or in a sentence before it (e.g. "Sangan is destroyed by Raigeki. Does Sangan's effect trigger?").

The clause is read in parts, each from the word file ``timing_acts_words.toml``: who acts (the subject), the act
(a verb and the timing event it makes), the card (a pronoun or the card asked about named again), then, in any
order, how (a named card that did it, "with my own card", "by battle", "as a cost", "for a Ritual Summon") and
whether the card that did it was chained to another card (which then resolves afterwards: the event was not the
last thing to happen, community 7.9.5).  Every word of the clause must be read, else nothing is: the reading
is refused rather than guessed.  The engine decides (``{"ask": "timing"}``, kb/engine/timing.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .skeleton import Skeleton
from .vocabulary import alternation, word_file

__all__ = ["Act", "read_act", "act_pieces_before", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("timing_acts_words.toml")
_EVENT_WORDS = {
    "normal_summoned": "Normal Summoned", "special_summoned": "Special Summoned", "tribute_summoned":
    "Tribute Summoned", "flip_summoned": "Flip Summoned", "set": "Set", "destroyed": "destroyed",
    "banished": "banished", "discarded": "discarded", "sent_to_gy": "sent to the GY", "tributed": "Tributed",
    "returned": "returned", "added_to_hand": "added to the hand", "flipped": "flipped face-up",
    "used_as_material": "used as material", "detached": "detached",
}


@dataclass
class Act:
    """The event an act made, and what the clause said of it."""

    event: str
    by: str | None = None
    cause: int | None = None  # entity of the named card that did it
    chained_to: int | None = None  # entity of the card the cause was chained to (it resolved afterwards)
    actor: str | None = None  # "A" / "B": who did it
    own: bool = False  # "with my own card": the card's controller did it
    owner: str | None = None  # the controller of the card acted on, when a possessive says it
    pieces: list[int] = field(default_factory=list)
    moved: bool = False  # a later chain link moved it away from where it met its trigger
    summoned: int | None = None  # the monster a material was used to Summon

    @property
    def last(self) -> bool | None:
        return False if self.chained_to is not None else None

    def said(self, skeleton: Skeleton) -> str:
        """The act in words, for the understood sentence."""
        who = {"A": "me", "B": "my opponent"}.get(self.actor or "", "")
        text = f"it is {_EVENT_WORDS[self.event]}{' by ' + who if who else ''}"
        if self.cause is not None:
            text += f" {'as the cost of' if self.by == 'cost' else 'with'} {skeleton.entities[self.cause].name}"
        if self.chained_to is not None:
            text += f", chained to {skeleton.entities[self.chained_to].name} (which resolves afterwards)"
        if self.own:
            text += " with a card of the card's own controller"
        if self.by and self.cause is None:
            text += " (as a cost)" if self.by == "cost" else f" (by {self.by})"
        if self.moved:
            text += ", then moved away by a chained card before the chain finished"
        return text


@lru_cache(maxsize=1)
def _grammar() -> dict:
    words = word_file(WORDS_FILE)
    verbs = {event: alternation(forms) for event, forms in words["verbs"].items()}
    needs = {event: [p for p in phrases] for event, phrases in words["needs"].items()}
    return {
        "verbs": verbs,
        "verb_any": "(?:" + "|".join(f"(?P<v_{event}>{alt})" for event, alt in verbs.items()) + ")",
        "needs": needs,
        "asker": alternation(words["subject"]["asker"]),
        "opponent": alternation(words["subject"]["opponent"]),
        "pronoun": alternation(words["object"]["pronoun"]),
        "possessive": alternation(words["object"]["possessive"]),
        "how": {key: alternation(phrases) for key, phrases in words["how"].items()},
        "cause_by": alternation(words["cause"]["by"]),
        "cause_cost": alternation(words["cause"]["cost"]),
        "by_actor": {key: alternation(phrases) for key, phrases in words["by_actor"].items()},
        "cause_effect": alternation(words["cause"]["effect"]),
        "chained": alternation(words["chained"]["to"]),
        "moved": {key: alternation(value) for key, value in words["moved"].items()},
        "chain_told": {"activates": alternation(words["chain_told"]["activates"]),
                       "chains": alternation(words["chain_told"]["chains"]),
                       "joins": words["chain_told"]["joins"]},
    }


_OPENERS = r"(?:(?:if|when|whenever|after|once|as soon as) )?"
_DETERMINER = r"(?:(?:the|a|an|my|your|their|his|her|my opponent's|my opponents|the opponent's|opponent's) )?"
_SUMMONS = re.compile(r"\bSpecial Summon", re.I)


def _owner_word(word: str | None) -> str | None:
    if not word:
        return None
    word = word.strip()
    if word.startswith(("my own", "my", "your")) and "opponent" not in word:
        return "A"
    return "B" if word else None


def read_act(skeleton: Skeleton, indices: list[int], asked: int, effects_of=None) -> Act | None:
    """The act a clause tells of the card ``asked`` (an entity), or None when some word of it is not read."""
    g = _grammar()
    text, spans = _text_of(skeleton, indices)
    text = re.sub(r"\s*[?!.,]+\s*$", "", text)
    name = skeleton.entities[asked].name
    same = [n for n, e in enumerate(skeleton.entities) if e.kind == "card" and e.name == name]
    card = "|".join(f"e{n}" for n in same)
    obj = rf"(?:(?P<pron>{g['pronoun']})|(?:(?P<poss>{g['possessive']}) )?(?P<card>{card}))"
    subject = rf"(?:(?P<asker>{g['asker']})|(?P<opp>{g['opponent']}))"
    head = re.match(rf"^{_OPENERS}{subject} (?:(?:then|also|just|first) )?{g['verb_any']} {obj}(?=\s|$)", text)
    passive = None if head else re.match(  # "if it is destroyed by my opponent's card"
        rf"^{_OPENERS}{obj} (?:is|gets|got|was|is being|has been) {g['verb_any']}(?=\s|$)", text)
    if head is None and passive is None:
        return _chain_told(g, skeleton, text, spans, asked, obj, subject)
    head = head or passive
    event = next(key[2:] for key, value in head.groupdict().items() if key.startswith("v_") and value)
    actor = None if passive else ("A" if head["asker"] else "B")
    act = Act(event, actor=actor, owner=_owner_word(head["poss"]))
    rest, at = text[head.end():], head.end()
    needs = g["needs"].get(event)
    if needs is not None:
        said = re.match(rf"^ (?:{alternation([p for p in needs if p])})(?=\s|$)", rest) if any(needs) else None
        if said is None and "" not in needs:
            return None
        if said is not None:
            rest, at = rest[said.end():], at + said.end()
        if event == "used_as_material":
            act.by = "cost"  # the Summon it performs happens afterwards (community 7.9.5: like a cost)
    read_spans = [(0, at)]
    while rest.strip():
        piece = _modifier(g, skeleton, rest, asked, act)
        if piece is None:
            return None
        rest, at = rest[piece:], at + piece
        read_spans.append((at - piece, at))
    if event == "summoned":  # "summon it with Call of the Haunted": the kind its text performs
        cause_text = " ".join(e.get("text") or "" for e in (effects_of(skeleton.entities[act.cause].name)
                                                           if act.cause is not None and effects_of else []))
        if not _SUMMONS.search(cause_text):
            return None
        act.event = "special_summoned"
    if act.event == "used_as_material" and act.cause is not None:
        return None
    if act.summoned is not None and act.event != "used_as_material":
        return None
    act.pieces = [i for s, e, i in spans if any(a <= s and e <= b for a, b in read_spans)]
    return act


def _chain_told(g: dict, skeleton: Skeleton, text: str, spans, asked: int, obj: str, subject: str) -> Act | None:
    """A chain told in one sentence whose second link moves the card asked about (``[chain_told]`` of the word
    file): the act of the chained card, which the first link's resolution follows (or None)."""
    told = g["chain_told"]
    subject2 = subject.replace("?P<asker>", "?P<asker2>").replace("?P<opp>", "?P<opp2>")
    for event, joins in told["joins"].items():
        for by, phrases in joins.items():
            m = re.match(rf"^{_OPENERS}{subject} (?:{told['activates']}) {_DETERMINER}e(?P<y>\d+) ,? ?(?:and |then |, )?"
                         rf"(?:(?:{subject2}) )?(?:then )?(?:{told['chains']}) {_DETERMINER}e(?P<z>\d+) ,? ?"
                         rf"(?:{alternation(phrases)}) {obj}$", text)
            if m is None:
                continue
            y, z = int(m["y"]), int(m["z"])
            if not (_named(skeleton, y, asked) and _named(skeleton, z, asked)) or y == z:
                return None
            actor = "A" if (m["asker2"] or (m["asker"] and not m["opp2"])) else "B"
            act = Act(event, by=by, cause=z, chained_to=y, actor=actor, owner=_owner_word(m["poss"]))
            act.pieces = [i for _s, _e, i in spans]
            return act
    return None


# card names that are game terms, read as their words here ("used as Synchro Material")
_GAME_TERMS = frozenset({"synchro material", "link material", "fusion material", "xyz material", "xyz materials",
                         "synchro materials", "link materials", "fusion materials"})


def _text_of(skeleton: Skeleton, indices: list[int]) -> tuple[str, list[tuple[int, int, int]]]:
    """:meth:`Skeleton.text_of`, with a card named by a game term ("Synchro Material") as its words."""
    parts, spans, at = [], [], 0
    for i in indices:
        piece = skeleton.pieces[i]
        text = piece.text
        if piece.entity is not None and skeleton.entities[piece.entity].text.lower() in _GAME_TERMS:
            text = skeleton.entities[piece.entity].text.lower()
        parts.append(text)
        spans.append((at, at + len(text), i))
        at += len(text) + 1
    return " ".join(parts), spans


def _modifier(g: dict, skeleton: Skeleton, rest: str, asked: int, act: Act) -> int | None:
    """How many characters of ``rest`` one modifier reads (updating ``act``), or None."""
    lead = re.match(r"^(?: ?,)? (?:and )?", rest)
    if lead is None:
        return None
    start = lead.end()
    tail = rest[start:]
    for key, player in (("opponent", "B"), ("asker", "A")):  # "by my opponent('s card)": who, after a passive
        m = re.match(rf"^(?:{g['by_actor'][key]})(?=\s|,|$)", tail)
        if m and act.actor is None:
            act.actor = player
            if re.search(r"(?:card|effect)$", m.group()):
                act.by = act.by or "effect"
            return start + m.end()
    for key in ("own_effect", "effect", "battle", "cost", "procedure"):
        m = re.match(rf"^(?:{g['how'][key]})(?=\s|,|$)", tail)
        if m:
            if key == "own_effect":
                act.by, act.own = "effect", True
            elif key == "procedure":
                if act.event != "tributed":
                    return None
                act.by = "cost"  # Tributed to perform a Summon: the Summon happens afterwards
            else:
                act.by = key
            return start + m.end()
    if act.event == "used_as_material":  # "... as Synchro Material for Daigusto Falcos": the monster Summoned
        m = re.match(r"^(?:for|to summon|to synchro summon|to link summon|to fusion summon|to xyz summon) "
                     rf"{_DETERMINER}e(?P<n>\d+)(?=\s|,|$)", tail)
        if m and _named(skeleton, int(m["n"]), asked):
            act.summoned = int(m["n"])
            return start + m.end()
    moved = _moved(g, skeleton, tail, asked, act)
    if moved:
        return start + moved
    m = re.match(rf"^(?:{g['chained']}) {_DETERMINER}e(?P<n>\d+)(?=\s|,|$)", tail)
    if m:
        n = int(m["n"])
        if act.cause is None or act.chained_to is not None or not _named(skeleton, n, asked):
            return None
        act.chained_to = n
        return start + m.end()
    m = re.match(rf"^(?:(?P<cost>{g['cause_cost']})|{g['cause_by']}) (?:(?P<own>my own|their own|his own|her own) )?"
                 rf"{_DETERMINER}e(?P<n>\d+)"
                 rf"(?: ?(?:{g['cause_effect']}))?(?=\s|,|$)", tail)
    if m:
        n = int(m["n"])
        if act.cause is not None or not _named(skeleton, n, asked):
            return None
        act.cause = n
        act.own = act.own or bool(m["own"])  # "with my own Torrential Tribute": the card's controller did it
        if m["cost"]:  # "discard it to activate X": moved as X's cost (X's text says what it costs)
            act.by = "cost"
        return start + m.end()
    return None


_IN_GY = {"sent_to_gy", "destroyed", "discarded", "tributed", "used_as_material"}
_ON_FIELD = {"normal_summoned", "special_summoned", "tribute_summoned", "flip_summoned", "flipped"}


def _moved(g: dict, skeleton: Skeleton, tail: str, asked: int, act: Act) -> int:
    """How many characters a later chain link moving the card away reads (e.g. a response that
    removes it from the GY), 0 when none: the verb must move a card from where its event left it."""
    name = skeleton.entities[asked].name
    same = "|".join(f"e{n}" for n, e in enumerate(skeleton.entities) if e.kind == "card" and e.name == name)
    where = "from_gy" if act.event in _IN_GY else "from_field" if act.event in _ON_FIELD else None
    if where is None:
        return 0
    m = re.match(
        rf"^(?:then )?(?:in response )?(?:(?P<asker>{g['asker']})|(?P<opp>{g['opponent']})) (?:then )?"
        rf"(?:{g['moved']['chains']}) (?:(?P<card>{_DETERMINER}e(?P<n>\d+))|{g['moved']['any_card']})"
        rf"(?: in response)? (?:to|that|which|and) (?:{g['moved'][where]}) (?:it|them|that card|that monster|{same})"
        rf"(?: (?:{g['moved']['place']}))*(?=\s|,|$)", tail)
    if m is None or act.moved or act.by != "cost":
        return 0  # a card moved by an effect: a link chained to that effect resolves before it (not read)
    if m["n"] is not None and not _named(skeleton, int(m["n"]), asked):
        return 0
    act.moved = True
    return m.end()


def _named(skeleton: Skeleton, n: int, asked: int) -> bool:
    """A named card other than the one asked about."""
    if n >= len(skeleton.entities):
        return False
    entity = skeleton.entities[n]
    return entity.kind == "card" and bool(entity.name) and entity.name != skeleton.entities[asked].name


def act_pieces_before(skeleton: Skeleton, asked: int) -> list[int]:
    """The pieces of the sentence told before the question about ``asked`` ("My opponent destroys my
    Fire Hand with Fissure. Does Fire Hand activate?"): the live pieces before the card asked about, from the
    start of the question or the last sentence break before its question word."""
    live = skeleton.live()
    at = next((k for k, i in enumerate(live) if skeleton.pieces[i].entity == asked), None)
    if at is None or at < 2:
        return []
    before = live[: at - 1]  # the question word ("does") before the card
    # pieces other stages read (a chain link, "as a cost") are read again here: the whole sentence must be an act
    return [i for i in before if skeleton.pieces[i].text not in (".", ",", ";")]


def act_frame(skeleton: Skeleton, intent, card: dict, when: dict, used: set, effects_of=None, told_only=False):
    """The timing frame of a question whose event is told as an act (after the question's words, or in the
    sentence before it; ``told_only``: only before it), or None when no act is read.  Marks the pieces read."""
    from .frame_model import Frame
    from .saying import card_phrase

    if card.get("card") is None or intent.x is None:
        return None
    act = read_act(skeleton, intent.rest, intent.x, effects_of) if intent.rest and not told_only else None
    told_before = False
    if act is None and not any(not skeleton.pieces[i].used and re.search(r"\w", skeleton.pieces[i].text)
                               for i in intent.rest):
        before = act_pieces_before(skeleton, intent.x)
        act = read_act(skeleton, before, intent.x, effects_of) if before else None
        told_before = act is not None
    if act is None:
        return None
    question = {"ask": "timing", "card": card, "event": act.event}
    if act.by:
        question["by"] = act.by
    if act.cause is not None:
        question["cause"] = {"card": skeleton.entities[act.cause].name}
    if act.last is not None:
        question["last"] = act.last
    if act.moved:
        if "miss" in intent.pattern:  # "moved away" is no missed timing: only "does it activate" is asked
            return None
        question["moved"] = True
    controller = card.get("controller") or act.owner
    if act.own:
        question["caused_by"] = "controller"
    elif act.actor and controller:
        question["caused_by"] = "controller" if act.actor == controller else "opponent"
    question.update(when)
    skeleton.use(act.pieces)
    entities = {e for e in (act.cause, act.chained_to, act.summoned) if e is not None}
    entities |= {skeleton.pieces[i].entity for i in act.pieces if skeleton.pieces[i].entity is not None}
    if told_before:
        entities |= {n for n, e in enumerate(skeleton.entities) if e.name == card["card"]}
    text = f"Does {card_phrase(card)}'s effect activate after {act.said(skeleton)}?"
    return Frame(question, text, used_entities=used | entities, uses_story=told_before)
