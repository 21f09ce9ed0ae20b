"""What happened to a named monster, told as a story, replayed by the simulator: "My properly Summoned X was
returned to my hand and then discarded.", "X was properly Special Summoned, flipped face-down by Y, then
destroyed." -- then the revival asked (``scenario_summons._q_revive_by``: "Can Z Special Summon it?").  The
simulator decides whether it is still properly Summoned (``properly`` is lost in the hand and the Deck, kept in
the GY and banishment: :mod:`kb.engine.sim.game`), never the reader.

Also a Summon negated after its Tributes: "My Tribute Summon of X was negated by Y." then "Are the tributes
still sent to the GY?" -- the simulator Tributes by X's Level, Y negates the Summon, and the query asks
where the Tributes are.

The story is read in parts (``scenario_summon_history_words.toml``): the monster ("my properly Summoned X",
"it"), then events joined by "and then", each optionally followed by its cause ("by Mirror Force", "by a card
effect").  Every word must be read, else the sentence is not this one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .scenario_draft import Draft
from .vocabulary import alternation, phrase_alternation, word_file

__all__ = ["history_facts", "history_questions", "WORDS_FILE"]

WORDS_FILE = Path(__file__).with_name("scenario_summon_history_words.toml")
_MOVES = {"destroyed": {"to": "gy", "destroyed": True}, "sent": {"to": "gy"},
          "discarded": {"to": "gy", "discarded": True}, "to_hand": {"to": "hand"}, "to_deck": {"to": "deck"},
          "banished": {"to": "banished"}}
_SAID = {"ignored": "Special Summoned from the hand by an effect ignoring its Summoning conditions (not properly)",
         "ignored_deck": "Special Summoned from the Deck by an effect ignoring its Summoning conditions (not properly)",
         "properly": "properly Summoned", "destroyed": "destroyed", "sent": "sent to the GY",
         "discarded": "discarded", "to_hand": "returned to the hand", "to_deck": "shuffled into the Deck",
         "banished": "banished", "flipped_down": "flipped face-down"}


@lru_cache(maxsize=1)
def _words() -> dict:
    return word_file(WORDS_FILE)


def _alt(*path: str) -> str:
    return phrase_alternation(_words(), *path)


@lru_cache(maxsize=1)
def _event() -> re.Pattern:
    events = alternation([w for ws in _words()["events"].values() for w in ws])  # the longest words first
    return re.compile(rf"^(?:(?:{_alt('be', 'words')}) )?(?P<ev>{events})(?: (?:{_alt('cause', 'words')}|by "
                      rf"(?P<by>e\d+)))?(?= |$)")


@lru_cache(maxsize=1)
def _ignored() -> re.Pattern:
    """ "[was] Special Summoned [from my hand] [by X] ignoring its Summoning conditions": an event of its own."""
    i = "ignoring"
    return re.compile(rf"^(?:(?:{_alt('be', 'words')}) )?(?:{_alt(i, 'summoned')})(?: (?P<src>{_alt(i, 'from')}))?"
                      rf"(?: by (?P<by>e\d+))?(?: (?:{_alt(i, 'from')}))? (?:{_alt(i, 'words')})"
                      rf"(?: (?:{_alt(i, 'after')}))?(?= |$)")


def _events(text: str) -> list[str] | None:
    """The events of ``text`` in order ("was returned to my hand and then discarded"), or None."""
    out: list[str] = []
    rest = text.strip()
    joiner = re.compile(rf"^(?:{_alt('then', 'words')})(?= )")
    while rest:
        if out:  # "and then" (a comma alone is not in the rendered sentence)
            m = joiner.match(rest)
            rest = rest[m.end():].strip() if m else rest
        m = _ignored().match(rest)
        if m is not None:
            out.append("ignored_deck" if m["src"] and "deck" in m["src"] else "ignored")
            rest = rest[m.end():].strip()
            continue
        m = _event().match(rest)
        if m is None:
            return None
        out.append(next(k for k, ws in _words()["events"].items() if m["ev"] in ws))
        rest = rest[m.end():].strip()
    return out or None


def _plain(text: str) -> str:
    """Lower-case words; "your"/"you" as "my"/"i" (the question's "you" is read as the asker: generic_you)."""
    words = re.sub(r"[^a-z0-9]+", " ", text.lower()).split()
    return " ".join({"your": "my", "you": "i"}.get(w, w) for w in words)


def _without_own_quote(rest: str, card_text: str) -> str:
    """``rest`` without a parenthesised quote of the card's own text right after its name ("X ('Must be Special
    Summoned by ...') was ..."): it says nothing the card's data does not.  Any other aside is kept (unread)."""
    rest = rest.strip()
    if not rest.startswith("("):
        return rest
    depth = 0
    for i, ch in enumerate(rest):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            inner = _plain(rest[1:i].replace("...", " ").replace("\u2026", " "))
            words, pool = inner.split(), iter(_plain(card_text).split())
            if len(words) >= 3 and all(w in pool for w in words):  # its words, in the card's order
                return rest[i + 1:].strip()
            return rest
    return rest


def _fact_history(d: Draft, m: re.Match) -> bool:
    """A named monster of the asker's and what happened to it, replayed as simulator actions."""
    if d.actions or d.chain or d.said:
        return False
    card = d.card_of(int(m["c"][1:]))
    if card is None or not card.is_monster:
        return False
    events = _events(_without_own_quote(m["rest"], card.text or ""))
    if events is None:
        return False
    if m["properly"]:
        events = ["properly", *events]
    if "properly" in events[1:] or len(events) < 2 and events[0] == "properly":
        return False  # Summoned again later, or nothing happened after it: not this story
    frame = (card.extra_deck_frame or "").lower()
    how = next((f for f in ("fusion", "synchro", "xyz", "link", "ritual") if m["properly"] and f in m["properly"]),
               None)
    if how and how != frame and not (how == "ritual" and "Ritual" in card.abilities):
        return False
    summoned_first = events[0] == "properly"
    if summoned_first:
        d.player("A").setdefault("monsters", []).append(
            {"card": card.name, "summoned": how or (frame or "special"), "properly": True})
        events = events[1:]
        where = "field"
    elif events[0] in ("discarded", "sent") and not frame:
        d.player("A").setdefault("hand", []).append(card.name)  # never Summoned: from the hand
        where = "hand"
    elif events[0] in ("ignored", "ignored_deck") and not frame:  # by an effect ignoring its conditions
        where = "deck" if events[0] == "ignored_deck" else "hand"
        d.player("A").setdefault(where, []).append(card.name)
        d.actions.append({"do": "special_summon", "card": card.name, "how": "effect", "from": where,
                          "ignoring_conditions": True})
        events, where = events[1:], "field"
    else:
        return False  # where it was, and whether it was properly Summoned, is not said
    if "ignored" in events or "ignored_deck" in events:
        return False  # Special Summoned again later: not read
    for event in events:
        if event == "flipped_down":
            if where != "field":
                return False
            d.actions.append({"do": "effect", "card": card.name, "op": "flip_face_down"})
            continue
        if event == "destroyed" and where != "field" or event == "discarded" and where != "hand":
            return False
        d.actions.append({"do": "move", "card": card.name, **_MOVES[event]})
        where = _MOVES[event]["to"]
    d.monsters[card.name] = "A"
    d.last = card.name
    if where == "gy":
        d.chain = {"revive": card.name}  # the revival questions of scenario_summons.py
    told = ([_SAID["properly"]] if summoned_first else []) + [_SAID[e] for e in events]
    if d.actions and d.actions[0].get("ignoring_conditions"):
        told.insert(0, _SAID["ignored_deck" if d.actions[0]["from"] == "deck" else "ignored"])
    d.said.append(f"{card.name} was {', then '.join(told)}")
    return True


def _fact_face_up_extra(d: Draft, m: re.Match) -> bool:
    """A named Pendulum Monster of an Extra Deck frame told face-up in the Extra Deck (the questions of
    ``scenario_summons._q_face_up_extra``: "Can I Xyz Summon it?")."""
    if d.actions or d.chain or d.said:
        return False
    card = d.card_of(int(m["c"][1:]))
    frame = (card.extra_deck_frame or "").lower() if card is not None else ""
    if not frame or not card.is_pendulum:
        return False  # only a Pendulum Monster is ever face-up there
    d.player("A").setdefault("extra", []).append({"card": card.name, "face": "up"})
    d.monsters[card.name] = "A"
    d.last = card.name
    d.chain = {"face_up_extra": card.name, "frame": frame}
    d.said.append(f"{card.name} is face-up in A's Extra Deck")
    return True


# ------------------------------------------------------------------------------ a Summon negated after Tributes


def _fact_negated_tribute(d: Draft, m: re.Match) -> bool:
    """ "My Tribute Summon of X is negated by Y": X Tribute Summoned by its Level, Y (a card that negates
    Summons) activated in response by the opponent and resolved."""
    if d.actions or d.chain or d.said:
        return False
    card, by = d.card_of(int(m["c"][1:])), d.card_of(int(m["by"][1:]))
    if card is None or by is None or not card.is_monster or by.is_monster:
        return False
    count = card.tributes_needed()
    if not count or card.summon_condition != "normal":
        return False  # no Tributes by its Level (a Tribute rule of its own, Level 4 or lower)
    tributes = [d.add_monster("A", "monsters", f"my monster {k + 1}", level=4) for k in range(count)]
    d.player("A").setdefault("hand", []).append(card.name)
    d.player("B").setdefault("spells_traps", []).append(by.name)
    d.actions += [{"do": "normal_summon", "card": card.name, "tributes": tributes},
                  {"do": "activate", "player": "B", "card": by.name}, {"do": "resolve"}]
    d.chain = {"tributes": tributes}
    d.said.append(f"A Tribute Summons {card.name} by Tributing {count} monster(s) without effects; B activates "
                  f"{by.name} in response to negate the Summon")
    return True


def _q_tributes_where(d: Draft, m: re.Match):
    """Where the Tributes of the negated Summon are: on the field ("do they stay?") or in the GY."""
    if not d.chain or "tributes" not in d.chain:
        return None
    first = d.chain["tributes"][0]
    if m["stay"]:
        return {"kind": "outcome", "where": first, "is": "field"}, f"is {first} (a Tribute) still on the field"
    return {"kind": "outcome", "where": first, "is": "gy"}, f"is {first} (a Tribute) in the GY"


def _fact_activated(d: Draft, m: re.Match) -> bool:
    """ "I already activated X this turn": X (a Spell/Trap) activated and resolved earlier this turn."""
    if d.actions or d.chain or d.said:
        return False
    card = d.card_of(int(m["c"][1:]))
    if card is None or card.is_monster:
        return False
    d.player("A").setdefault("hand", []).append(card.name)
    d.actions += [{"do": "activate", "player": "A", "card": card.name}, {"do": "resolve"}]
    d.said.append(f"A activated {card.name} earlier this turn (resolved)")
    return True


def _q_again(d: Draft, m: re.Match):
    """Another copy of the card the story activated, activated again this turn."""
    told = [a for a in d.actions if a.get("do") == "activate" and a.get("player", "A") == "A"]
    card = d.card_of(int(m["c"][1:]))
    if len(told) != 1 or card is None or told[0]["card"] != card.name:
        return None
    if d.actions[-1].get("do") != "resolve":
        d.actions.append({"do": "resolve"})  # the first one resolved before the second is activated
    hand = [c for c in d.player("A").get("hand", []) if c != card.name]  # two copies, each named by its id
    d.player("A")["hand"] = hand + [{"card": card.name, "id": f"{card.name} (1)"},
                                    {"card": card.name, "id": f"{card.name} (2)"}]
    told[0]["card"] = f"{card.name} (1)"
    d.actions.append({"do": "activate", "player": "A", "card": f"{card.name} (2)"})
    return {"kind": "legal"}, f"can A activate another {card.name} this turn"


@lru_cache(maxsize=1)
def history_facts() -> list:
    """The story shapes of this module (name, pattern, handler(draft, match))."""
    own = _alt("subject", "own")
    return [
        ("a named monster and what happened to it",
         re.compile(rf"^(?:{own} )?(?:(?P<properly>{_alt('subject', 'properly')}) )?(?P<c>e\d+)(?P<rest> .+)$"),
         _fact_history),
        ("a named Pendulum Monster face-up in the Extra Deck",
         re.compile(rf"^(?:{own} )?(?P<c>e\d+) (?:is|was|sits|lies|is now) (?:face-up|face up) in (?:my|the) extra deck$"),
         _fact_face_up_extra),
        ("a Spell/Trap activated earlier this turn",
         re.compile(r"^i (?:have |had )?(?:already )?(?:activated|used|resolved|played) (?P<c>e\d+)"
                    r"(?: earlier)?(?: this turn)?(?: already)?$"),
         _fact_activated),
        ("a Tribute Summon negated",
         re.compile(rf"^(?:{own} )?(?:{_alt('negated', 'summon')}) of (?P<c>e\d+) (?:{_alt('negated', 'verb')}) "
                    rf"(?:by|with) (?P<by>e\d+)$"),
         _fact_negated_tribute),
    ]


def _q_revive_ignoring(d: Draft, m: re.Match):
    """The story's monster in the GY, Special Summoned by an effect that ignores its Summoning conditions."""
    if not d.chain or "revive" not in d.chain:
        return None
    if m["by"]:
        card = d.card_of(int(m["by"][1:]))
        if card is None or "ignoring its summoning conditions" not in (card.text or "").lower():
            return None  # the card's own words must say so
    name = d.chain["revive"]
    d.actions.append({"do": "special_summon", "card": name, "how": "effect", "from": "gy",
                      "ignoring_conditions": True})
    return {"kind": "legal"}, f"can an effect ignoring its Summoning conditions Special Summon {name} from the GY"


@lru_cache(maxsize=1)
def history_questions() -> list:
    """The question shapes of this module (name, pattern, handler(draft, match))."""
    t = _words()["tributes_asked"]
    gy = r"(?: from (?:my |the )?(?:gy|graveyard))?(?: later| afterwards| again| now)?"
    return [("where the Tributes of a negated Summon are",
             re.compile(rf"^(?:(?P<stay>{alternation(t['stay'])})|{alternation(t['gone'])})$"), _q_tributes_where),
            ("another copy of the card the story activated, activated again",
             re.compile(r"^can i (?:still )?(?:activate|use|play) (?:a second|another|one more|a 2nd|another copy of|"
                        r"a second copy of) (?P<c>e\d+)(?: this turn| in the same turn| that turn)?$"),
             _q_again),
            ("an effect that ignores Summoning conditions, used on the story's monster in the GY",
             re.compile(rf"^can (?:{_alt('ignoring', 'effect')}) (?:still )?(?:special summon|revive) it{gy}$|"
                        rf"^can (?P<by>e\d+) (?:still )?(?:special summon|revive) it{gy} (?:{_alt('ignoring', 'words')})$"),
             _q_revive_ignoring)]
