"""SEGOC stories told with named cards, read by filling slots and answered by the simulator.

"On my turn Torrential Tribute destroys my Nimble Momonga and my opponent's Witch of the Black Forest. Which
is Chain Link 1?", "its their turn my UFO turtle and their sangan die in battle which resolves first": several
monsters meet their trigger at once, and the question asks about the chain their effects build.  The question
is read as slots, in any order, from the word file ``segoc_story_words.toml``:

- whose turn it is ("on my turn", "its my opponents turn", "on Player B's turn");
- the monsters, each with its owner said before it ("my Sangan", "their Giant Germ", "Player A's X"; "my X and Y":
  both mine), and an optional aside "(optional)", "(mandatory “…”)" quoting the card, whose quote must
  be in the card's text and whose kind the simulator checks against the card;
- what happened: destroyed by a named card's effect (its text must destroy), by "a card effect", or by battle;
- the asked thing: which is Chain Link N, which goes first / last, which resolves first / last, the whole order,
  whose effect goes first, is X Chain Link N, does X go first / resolve first or last, does X go before Y, who
  may respond first.

Every word must be read (else nothing is: other readers may know the question).  The story becomes a simulator
scenario (``{"ask": "scenario"}``: the monsters face-up on their owners' fields, moved to the GY at once,
``query.segoc`` of :mod:`kb.engine.sim.triggers_segoc`), so whether each effect triggers, is mandatory or misses
the timing comes from the card's text and the simulated log.  Whose turn not said: asked for both turns; the
answer stands when both agree.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame_model import Frame
from .skeleton import Skeleton
from .vocabulary import alternation, word_file

__all__ = ["read_segoc_story", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("segoc_story_words.toml")
_NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "1st": "1", "2nd": "2", "3rd": "3",
            "first": "1", "second": "2", "third": "3"}
_E = r"e\d+"


def _bounded(alt: str) -> str:
    return rf"(?<![\w'])(?:{alt})(?![\w'])"


@lru_cache(maxsize=1)
def _grammar() -> dict:
    words = word_file(WORDS_FILE)
    asked = {key: [re.compile(_bounded(re.escape(s).replace("X", f"(?P<x>{_E})").replace("Y", f"(?P<y>{_E})")
                                        .replace("N", r"(?P<n>\d+)"))) for s in sorted(shapes, key=len, reverse=True)]
             for key, shapes in words["asked"].items()}
    return {
        "turn": {p: re.compile(_bounded(alternation(v))) for p, v in words["turn"].items()},
        "owner": {p: alternation(v) for p, v in words["owner"].items()},
        "actor": {p: alternation(words["actor"][p]) for p in ("A", "B")},
        "activates": alternation(words["actor"]["activates"]),
        "event": {k: alternation(v) for k, v in words["event"].items()},
        "aside": {k: set(v) for k, v in words["aside"].items()},
        "asked": asked,
        "filler": re.compile(_bounded(alternation(words["filler"]["words"]))),
    }


class _Text:
    """The question as one string with card mentions as ``e<N>``; slots blank out what they read."""

    def __init__(self, text: str) -> None:
        self.text = text

    def take(self, match: re.Match) -> None:
        self.text = self.text[:match.start()] + " " * (match.end() - match.start()) + self.text[match.end():]

    def left(self) -> list[str]:
        return self.text.split()


def _pieces_and_asides(skeleton: Skeleton, card_of) -> tuple[str, dict, list[int]] | None:
    """The question's string (asides taken out, normalised) and each card's aside ``{entity: (kind, quote)}``;
    None when an aside has words that are not about the trigger."""
    g = _grammar()
    live = skeleton.live()
    parts, asides, k = [], {}, 0
    while k < len(live):
        piece = skeleton.pieces[live[k]]
        if piece.entity is not None and k + 1 < len(live) and skeleton.pieces[live[k + 1]].text == "(":
            end = next((j for j in range(k + 2, len(live)) if skeleton.pieces[live[j]].text == ")"), None)
            if end is None:
                return None
            inner = [skeleton.pieces[live[j]].text for j in range(k + 2, end)]
            aside = _aside(g, inner)
            if aside is None:
                return None
            asides[piece.entity] = aside
            parts.append(piece.text)
            k = end + 1
            continue
        if piece.text in "()":
            return None
        parts.append(piece.text)
        k += 1
    text = " ".join(p for p in parts if p not in (",", ".", "?", "!", ";", ":", "-"))
    text = re.sub(r"(e\d+) ?'s\b", r"\1's", text)
    text = re.sub(r"(e\d+) (effect|trigger)\b", r"\1's \2", text)  # "X's" may be read into the mention
    text = re.sub(r"\bcl ?(\d+)\b", r"chain link \1", text)
    text = re.sub(r"\b(chain link) (" + "|".join(_NUMBERS) + r")\b", lambda m: f"{m[1]} {_NUMBERS[m[2]]}", text)
    return re.sub(r"\s+", " ", text).strip(), asides, live


def _aside(g: dict, inner: list[str]) -> tuple[bool | None, str | None] | None:
    """An aside's kind (True: mandatory, False: optional, None: not said) and quote, or None when it says more."""
    joined = " ".join(inner)
    quotes = re.findall(r"[\"“”‘’'] ?([^\"“”‘’']{8,}?) ?[\"“”‘’']", joined)  # a quoted sentence, not a word
    if len(quotes) > 1:
        return None
    for quoted in quotes:
        joined = joined.replace(quoted, " ")
    said = re.sub(r"\s+", " ", re.sub(r"[\"“”‘’']", " ", joined)).strip()
    quote = quotes[0].split() if quotes else []
    kind = None
    for key, value in (("mandatory", True), ("optional", False)):
        for phrase in sorted(g["aside"][key], key=len, reverse=True):
            if re.search(_bounded(re.escape(phrase)), said):
                if kind is not None and kind != value:
                    return None
                kind = value
                said = re.sub(_bounded(re.escape(phrase)), " ", said)
    if any(w not in g["aside"]["plain"] for w in said.split()):
        return None
    return kind, (" ".join(quote) or None)


def _norm(text: str) -> str:
    text = re.sub(r"\bgraveyard\b", "gy", text.lower())
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def _quoted(quote: list[str], text: list[str]) -> bool:
    """Whether the words of a quote occur in order in the card's text, within a span at most twice as long (a
    quote may leave words out: "If this card is sent to the GY" of "... sent from the field to the GY")."""
    for start, word in enumerate(text):
        if word != quote[0]:
            continue
        k, end = 1, start + 1
        while k < len(quote) and end < len(text) and end - start < 2 * len(quote):
            k += text[end] == quote[k]
            end += 1
        if k == len(quote):
            return True
    return False


def read_segoc_story(skeleton: Skeleton, card_of) -> Frame | None:
    """A SEGOC story with named cards as a simulator question (module doc), a refusal frame (read, but a claim
    contradicts a card), or None when the question is not such a story."""
    got = _pieces_and_asides(skeleton, card_of)
    if got is None:
        return None
    string, asides, live = got
    g = _grammar()
    text = _Text(string)
    # the asked thing (exactly one)
    asked = None
    for key, patterns in g["asked"].items():
        for pattern in patterns:
            match = pattern.search(text.text)
            if match is None:
                continue
            if asked is not None:
                return None
            asked = (key, match.groupdict())
            text.take(match)
            break
    if asked is None:  # "... and their Witch which is Chain Link 1" (no punctuation): read as the card's number
        last = re.search(r"(?<![\w'])e(\d+)$", text.text)
        number = skeleton.entities[int(last[1])].aside.get("link") if last else None
        entity = skeleton.entities[int(last[1])] if last else None
        after = skeleton.tokens[entity.last].low if entity and entity.last < len(skeleton.tokens) else ""
        if not isinstance(number, int) or after not in ("which", "what", "what's"):
            return None
        asked = ("link", {"n": str(number)})
    turn = None
    for player, pattern in g["turn"].items():
        for match in list(pattern.finditer(text.text)):
            if turn not in (None, player):
                return None
            turn = player
            text.take(match)
    # the event: by battle, or destroyed by a card's effect
    event, summoner = None, None
    battle = re.compile(_bounded(g["event"]["battle"]))
    for match in list(battle.finditer(text.text)):
        event = "battle"
        text.take(match)
    fight = re.compile(_bounded(g["event"]["battle_result"]))
    for match in list(fight.finditer(text.text)):  # "X battles Y and both are destroyed"
        event = "battle"
        text.take(match)
        for verb in list(re.compile(_bounded(g["event"]["battle_verbs"])).finditer(text.text)):
            text.take(verb)
    cause, actor = None, None
    actor_re = re.compile(_bounded(rf"(?P<a>{g['actor']['A']})|(?P<b>{g['actor']['B']})") +
                          rf" {g['activates']} (?:(?:{g['owner']['A']}|{g['owner']['B']}) )?(?P<e>{_E})\b")
    by_re = re.compile(_bounded(g["event"]["by_card"]) + rf" (?:(?:{g['owner']['A']}|{g['owner']['B']}) )?"
                       rf"(?P<e>{_E})(?:'s effect| effect)?\b")
    subject_re = re.compile(rf"(?<![\w'])(?P<e>{_E})(?:'s effect| effect)? (?:(?:{g['event']['then']}) )?"
                            rf"(?:{g['event']['destroy_verbs']})(?![\w'])")
    die_re = re.compile(_bounded(g["event"]["die_to"]) + rf" (?:(?:{g['owner']['A']}|{g['owner']['B']}) )?"
                        rf"(?P<e>{_E})(?:'s effect| effect)?\b")
    # "they raigeki my sangan": a card named as the verb, its targets right after it
    as_verb = re.compile(_bounded(rf"(?P<a>{g['actor']['A']})|(?P<b>{g['actor']['B']})") +
                         rf" (?P<e>{_E}) (?=(?:{g['owner']['A']}|{g['owner']['B']}) {_E})")
    actor_verb = re.compile(_bounded(rf"(?P<a>{g['actor']['A']})|(?P<b>{g['actor']['B']})") +
                            rf" (?:{g['event']['destroy_verbs']})(?![\w'])")
    for match in list(actor_verb.finditer(text.text)):  # "i pop my X ... with Dark Hole"
        event, actor = "effect", "A" if match["a"] else "B"
        text.take(match)
    for pattern in (die_re, as_verb, actor_re, by_re, subject_re):
        for match in list(pattern.finditer(text.text)):
            entity = int(match["e"][1:])
            if cause not in (None, entity):
                return None
            cause = entity
            if pattern in (actor_re, as_verb):
                actor = "A" if match["a"] else "B"
            if pattern in (die_re, as_verb):
                event = "effect"
            if pattern is subject_re:  # "Dark Hole destroys": the verb is the event's
                event = event or "effect"
                text.take(match)
                continue
            text.take(match)
    if cause is not None:  # "I activate Dark Hole and it destroys ..."
        pronoun = re.compile(_bounded(rf"(?:{g['event']['then']}) (?:{g['event']['destroy_verbs']})"))
        for match in list(pronoun.finditer(text.text)):
            event = "effect"
            text.take(match)
    passive = re.compile(_bounded(rf"(?:(?:{g['event']['passive']}) )?(?:{g['event']['destroy_verbs']})"))
    for match in list(passive.finditer(text.text)):
        if event == "battle":
            return None
        event = "effect"
        text.take(match)
    for match in list(re.compile(_bounded(g["event"]["by_effect"])).finditer(text.text)):
        if cause is not None or event == "battle":
            return None
        cause = -1  # "by a card effect": destroyed or sent, as the verb says
        text.take(match)
    if event is None:  # sent to the GY by a card's effect, or Tributed for a Tribute Summon
        event, summoner = _sent_or_tributed(g, text, cause, actor)
        if event is None or (event == "tribute" and summoner is None):
            return None
    unsaid_how = event == "effect" and cause is None  # "are destroyed (at the same time)": by battle or an effect
    if event == "sent" and cause is None or event in ("battle", "tribute") and cause is not None:
        return None
    # the monsters and their owners
    owners: dict[int, str] = {}
    owner_re = re.compile(rf"(?<![\w'])(?:(?P<a>{g['owner']['A']})|(?P<b>{g['owner']['B']})) (?P<e>{_E})\b")
    for match in list(owner_re.finditer(text.text)):
        entity = int(match["e"][1:])
        if entity == cause:
            text.take(match)  # "I activate my Dark Hole"
            continue
        owners[entity] = "A" if match["a"] else "B"
        text.take(match)
    for match in list(re.finditer(rf"(?<![\w'])(?P<e>{_E})\b", text.text)):
        entity = int(match["e"][1:])
        if entity == cause:
            text.take(match)
            continue
        before = string[:match.start()].rstrip()
        prior = re.search(rf"(e\d+)(?:'s)? (?:and|,)$", before)
        if prior is None or int(prior[1][1:]) not in owners:  # "my X and Y": Y is mine too
            return None
        owners[entity] = owners[int(prior[1][1:])]
        text.take(match)
    for match in list(g["filler"].finditer(text.text)):
        text.take(match)
    if text.left() or len(owners) < 2:
        return None
    # the cards: monsters named once each, a cause whose text destroys
    cards = {}
    for entity in owners:
        card = card_of(entity)
        if card is None or not card.is_monster or card.name in cards.values():
            return None
        cards[entity] = card.name
    if cause is not None and cause >= 0:
        said = card_of(cause)
        does = r"\bdestroy" if event == "effect" else r"\bsend|\bGY\b|Graveyard"
        if said is None or not re.search(does, said.text, re.I):
            return Frame(None, "", f"{skeleton.entities[cause].name} is said to "
                                   f"{'destroy' if event == 'effect' else 'send'} the monsters, but its text does not")
    if event == "tribute" and (set(owners.values()) != {summoner} or turn not in (None, summoner)):
        return None  # Tributes are the summoner's own monsters, on their own turn
    if event == "tribute":
        turn = summoner
    claims = []
    for entity, (kind, quote) in asides.items():
        if entity not in cards:
            return None
        if quote and not _quoted(_norm(quote).split(), _norm(card_of(entity).text).split()):
            return Frame(None, "", f"the question quotes {cards[entity]}'s effect as \"{quote}\", which is not in its "
                                   f"text")
        if kind is not None:
            claims.append({"card": cards[entity], "mandatory": kind})
    segoc = _query(asked, cards, skeleton)
    if segoc is None:
        return None
    if claims:
        segoc["said"] = claims
    state = {"players": {p: {"monsters": [{"card": cards[e]} for e in owners if owners[e] == p]} for p in "AB"}}
    if event == "battle":
        state.update(phase="battle", step="damage")
    if event == "tribute":  # a monster of the Level that needs that many Tributes, Tribute Summoned with them
        summoned = {"name": "the Tribute Summoned monster", "atk": 2500, "def": 2000, "level": 7 if len(owners) == 2
                    else 5}
        if len(owners) > 2:
            return None
        state["players"][summoner]["hand"] = [summoned]
        action = {"do": "normal_summon", "player": summoner, "card": summoned["name"],
                  "tributes": [cards[e] for e in owners]}
    else:
        action = {"do": "move", "cards": [cards[e] for e in owners], "to": "gy",
                  "by": "battle" if event == "battle" else "effect", "destroyed": event != "sent"}
    question = {"ask": "scenario", "state": state, "actions": [action], "query": {"kind": "order", "segoc": segoc}}
    by = (f"by {skeleton.entities[cause].name}'s effect" if cause is not None and cause >= 0 else "by a card effect")
    how = {"battle": "are destroyed by battle", "effect": f"are destroyed {by}", "sent": f"are sent to the GY {by}",
           "tribute": f"are Tributed by {summoner} for a Tribute Summon"}[event]
    listed = " and ".join(f"{cards[e]} ({owners[e]})" for e in owners)
    understood = f"{listed} {how} at the same time: {_said(segoc)}"
    skeleton.use(live)
    used = set(owners) | ({cause} if cause is not None and cause >= 0 else set())
    # what is not said is asked every way it could be (whose turn; destroyed by battle or by an effect): the
    # answer stands when all agree
    variants = [question]
    if unsaid_how:
        understood = understood.replace("are destroyed by a card effect", "are destroyed (by battle or by an effect)")
        battle = dict(question, state=dict(state, phase="battle", step="damage"),
                      actions=[dict(question["actions"][0], by="battle")])
        variants.append(battle)
    turns = [turn] if turn is not None else ["A", "B"]
    asked = [dict(v, state=dict(v["state"], turn=t)) for v in variants for t in turns]
    if turn is None:
        understood += " (whose turn it is is not said: asked for either player's turn)"
    frame = Frame(asked[0], (f"On {turn}'s turn, " if turn else "") + understood, used_entities=used,
                  uses_story=True)
    frame.also = [Frame(q, "") for q in asked[1:]]
    return frame


def _sent_or_tributed(g: dict, text: "_Text", cause: int | None, actor: str | None) -> tuple[str | None, str | None]:
    """The event "sent" (a send verb and "to the GY" both said) or "tribute" (a Tribute verb and "for a Tribute
    Summon", with who Tributes: "I" / "my opponent" before the verb, else the owner decides later) read from
    ``text`` (taken out), and the summoner; (None, None) when neither."""
    verbs = re.compile(_bounded(rf"(?:(?:{g['event']['passive']}) )?(?:{g['event']['send_verbs']})"))
    place = re.compile(_bounded(g["event"]["to_gy"]))
    if verbs.search(text.text) and place.search(text.text):
        for pattern in (verbs, place):
            for match in list(pattern.finditer(text.text)):
                text.take(match)
        return "sent", None
    subject = re.compile(_bounded(rf"(?:(?P<a>{g['actor']['A']})|(?P<b>{g['actor']['B']})) "
                                  rf"(?:{g['event']['tribute_verbs']})"))
    passive = re.compile(_bounded(rf"(?:{g['event']['passive']}) (?:{g['event']['tribute_verbs']})"))
    summon = re.compile(_bounded(g["event"]["for_summon"]))
    said = subject.search(text.text) or passive.search(text.text)
    if cause is not None or said is None or not summon.search(text.text):
        return None, None
    summoner = ("A" if said["a"] else "B") if said.re is subject else actor
    text.take(said)
    for match in list(summon.finditer(text.text)):
        text.take(match)
    return "tribute", summoner


def _query(asked: tuple[str, dict], cards: dict[int, str], skeleton: Skeleton) -> dict | None:
    key, groups = asked

    def card(group: str) -> str | None:  # a monster of the story named again
        value = groups.get(group)
        name = skeleton.entities[int(value[1:])].name if value else None
        return name if name in cards.values() else None
    n = int(groups["n"]) if groups.get("n") else None
    if key == "link":
        return {"asked": "link", "link": n} if n and n >= 1 else None
    if key in ("first", "last"):
        return {"asked": "link", "link": 1} if key == "first" else {"asked": "resolves", "end": "first"}
    if key in ("resolves_first", "resolves_last"):
        return {"asked": "resolves", "end": key.split("_")[1]}
    if key in ("order", "whose_first", "responds"):
        return {"asked": key}
    x, y = card("x"), card("y")
    if x is None or (key in ("before", "resolves_before") and (y is None or y == x)):
        return None
    if key == "is_link":
        return {"asked": "is_link", "card": x, "link": n} if n and n >= 1 else None
    if key in ("is_first", "is_resolves_last"):
        return {"asked": "is_link", "card": x, "link": 1}
    if key == "is_resolves_first":
        return {"asked": "is_last", "card": x}  # the last link: resolves first
    if key == "before":
        return {"asked": "before", "card": x, "other": y}
    return {"asked": "before", "card": y, "other": x}  # resolves before Y = placed after Y


def _said(segoc: dict) -> str:
    asked = segoc["asked"]
    return {"link": f"which trigger effect is Chain Link {segoc.get('link')}?",
            "resolves": f"which trigger effect resolves {segoc.get('end')}?",
            "order": "in what order do their effects go on the chain?",
            "whose_first": "whose effect is Chain Link 1?",
            "responds": "once their effects are on the chain, who may respond first?",
            "is_link": f"is {segoc.get('card')}'s effect Chain Link {segoc.get('link')}?",
            "is_last": f"is {segoc.get('card')}'s effect the last Chain Link (the one that resolves first)?",
            "before": f"does {segoc.get('card')}'s effect go on the chain before {segoc.get('other')}'s?"}[asked]
