"""Can a card be activated in a stated game state?  "my hand is empty, can i activate tribute to the doomed",
"my deck has 1 card can i activate pot of greed", "Can I activate Monster Reborn when all five of my Main Monster
Zones are full?", "While Macro Cosmos is face-up, can I activate One for One?".

The question is read by filling slots, in any order: one *ask* (who activates which card) and *facts* about
the state, each a pattern of this module whose words are data (``activation_state_words.toml``): how many
cards of a kind a player has in a place, Monster / Spell & Trap Zones all occupied, the LP, a card whose
lasting effect applies.  Every word must be read by a slot or be a word that joins clauses; else no reading.
The facts become a simulator scenario with a ``requirements`` query (:mod:`kb.engine.sim.requirements`),
which decides from the card's text what its activation needs and cites the rule it applies.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .scenario_cost import _flatten, _quote_fits
from .scenario_draft import Draft
from .skeleton import Skeleton
from .vocabulary import alternation, word_file

__all__ = ["read_activation_state"]

WORDS_FILE = Path(__file__).with_name("activation_state_words.toml")
_CARD = r"e\d+"


def _words() -> dict:
    return word_file(WORDS_FILE)


def _alt(*path: str) -> str:
    node = _words()
    for key in path:
        node = node[key]
    return alternation(node)


def _group(section: str, name: str) -> str:
    """A named group whose alternatives are the lists of one section: ``(?P<name>...)``, the list named by
    :func:`_which` afterwards."""
    return f"(?P<{name}>" + alternation([w for words in _words()[section].values() for w in words])[3:]


def _which(section: str, said: str | None) -> str | None:
    """The key of ``section`` whose list holds ``said``."""
    if said is None:
        return None
    return next((key for key, words in _words()[section].items() if said in words), None)


_KIND = {"cards": (None, None), "monsters": ("monster", None), "face_up_monsters": ("monster", "up"),
         "face_down_monsters": ("monster", "down"), "spells": ("spell", None), "traps": ("trap", None),
         "spells_traps": ("spell_trap", None)}
_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}


def _qty(m: re.Match) -> int | None:
    if m.groupdict().get("none") is not None:
        return 0
    number = m.groupdict().get("num")
    if number is None:
        return None
    return int(number) if number.isdigit() else _NUMBER.get(_which("numbers", number))


# ------------------------------------------------------------------------------------------- patterns


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[str, re.Pattern]]:
    """(fact kind, pattern) for every fact shape; groups: who/whose (a player), none/num (how many), kind,
    place, card ..."""
    who = f"(?P<who>{_alt('who', 'me')}|(?P<who_opp>{_alt('who', 'opponent')}))"
    whose = (f"(?P<whose>{_alt('whose', 'me')}|(?P<whose_any>{_alt('whose', 'either')})|"
             f"(?P<whose_opp>{_alt('whose', 'opponent')}))")
    numbers = "|".join(_alt("numbers", k) for k in _words()["numbers"])
    qty = (f"(?:(?:{_alt('quantity', 'only')}) )?(?:(?P<none>{_alt('quantity', 'none')})|(?P<num>{numbers})"
           rf"(?= ))")
    kind = _group("kinds", "kind")
    pile = f"(?P<pile>{'|'.join(_alt('places', k) for k in ('hand', 'deck', 'gy', 'banished', 'extra'))})"
    field = _alt("places", "field")
    left = f"(?: {_alt('verbs', 'left')})?"
    lp = _alt("lp", "lp")
    full = _alt("zones", "full")
    on_field = f"(?: on (?:the|my|their|his or her|your) (?:{field}))?"
    by_cards = "(?: (?:by|with) (?:monsters|cards|set cards))?"
    zone = f"(?:(?P<main>{_alt('zones', 'main')})|(?P<st>{_alt('zones', 'spell_trap')}))"
    card = rf"(?P<card>{_CARD})"
    by = rf"(?P<by>{_CARD})"
    declare = "(?:declared|declares|declaring|named|names|naming|called|calls|calling|that declared|that named|which named)"
    return [
        # a card name declared by a card that prohibits its use: "my opponent declared e0 with e1"
        ("declared", re.compile(rf"(?:{who} )?(?:{declare}) {card} (?:with|using|for|by|through) {by}")),
        ("declared", re.compile(rf"(?:{who} (?:activated|activates|used|uses|played) )?{by} (?:{declare}) {card}"
                                rf"(?: (?:is|was) (?:face-up|active|on the field|applying|activated|resolved))?")),
        ("declared", re.compile(rf"{card} (?:is|was|has been|got) (?:declared|named|called) (?:with|by|for) {by}")),
        ("zones", re.compile(rf"(?:{who} (?:control|controls|have|has)|(?:while |when |if )?controlling) (?:5|five) "
                             rf"(?:monsters|cards) in (?:{whose}|the) "
                             rf"(?P<main>{_alt('zones', 'main')})")),
        # piles: "i have no cards in my hand", "my deck has 1 card", "there are no monsters in my gy"
        ("both_gy", re.compile(rf"(?:neither|no) player (?:has|have) (?P<none>(?:a |an |any )?){kind} in (?:their|his or her|"
                               rf"the|either) (?:gy|graveyard|gys|graveyards)")),
        ("pile", re.compile(rf"{who} (?:only |just )?(?:{_alt('verbs', 'have')}) {qty} {kind}{left} in "
                            rf"(?:{whose} )?{pile}")),
        ("pile", re.compile(rf"{who} (?:{_alt('verbs', 'have_not')}) {kind}{left} in (?:{whose} )?{pile}(?P<none>)")),
        ("pile", re.compile(rf"there (?:is|are) {qty} {kind}{left} in {whose} {pile}")),
        ("pile", re.compile(rf"(?:with )?{qty} {kind}(?: (?:is|are))?{left} in (?:{whose} )?{pile}")),
        ("pile", re.compile(rf"(?:with|and|having|{who} (?:have|has|have got|has got)) (?P<none>an empty) {pile}")),
        ("pile", re.compile(rf"(?:with |having |{who} (?:have|has|have got|has got) )?(?P<none>nothing) in "
                            rf"(?:{whose} )?{pile}")),
        ("pile", re.compile(rf"{whose} {pile} (?:only )?(?:has|contains|holds|has got) {qty} {kind}(?: (?:left|in it))?")),
        ("pile", re.compile(rf"{whose} {pile} (?:has|contains) (?P<none>no) {kind}")),
        ("pile", re.compile(rf"{whose} {pile} (?P<none>{_alt('verbs', 'is_empty')})")),
        ("both_gy", re.compile(rf"there (?:is|are) {qty} {kind} in (?:either|both|each) (?:player's )?"
                               rf"(?:gy|graveyard|gys|graveyards)")),
        ("both_gy", re.compile(rf"(?:both|the two) (?:gys|graveyards|gy|graveyard) (?:have|contain) {qty} {kind}")),
        ("both_gy", re.compile(rf"{qty} {kind} (?:is|are) in (?:either|both|each) (?:player's )?(?:gy|graveyard|gys|"
                               rf"graveyards)")),
        ("both_gy", re.compile(r"(?:both|the two|both players'|both players 's|both players) (?:gys|graveyards) "
                               r"(?P<none>are empty)")),
        # the field: "i control no monsters", "my opponent controls no face-up monsters"
        ("field", re.compile(rf"{who} (?:{_alt('verbs', 'control')}) {qty} {kind}{on_field}")),
        ("field", re.compile(rf"{who} (?:{_alt('verbs', 'control_not')}) {kind}(?P<none>){on_field}")),
        ("field", re.compile(rf"{who} (?:{_alt('verbs', 'have')}) {qty} {kind} on (?:(?:the|{whose}) )?(?:{field})")),
        ("field", re.compile(rf"{who} (?:{_alt('verbs', 'have_not')}) {kind} on (?:(?:the|{whose}) )?(?:{field})"
                             rf"(?P<none>)")),
        ("field", re.compile(rf"{whose} (?:{field}) (?P<none>{_alt('verbs', 'is_empty')})")),
        ("field", re.compile(rf"{whose} (?:{field}) (?:has|contains) {qty} {kind}")),
        ("field", re.compile(rf"{qty} {kind} on {whose} (?:{field})")),
        ("field", re.compile(rf"(?:while |when |if |by )?controlling {qty} {kind}")),
        ("field_bare", re.compile(rf"{who} (?:{_alt('verbs', 'have_not')}) {kind}(?P<none>)")),
        ("both_field", re.compile(rf"there (?:is|are) {qty} {kind} on the (?:{field})")),
        ("both_field", re.compile(rf"{qty} {kind} (?:is|are) on the (?:{field})")),
        ("both_field", re.compile(rf"with {qty} {kind} on the (?:{field})")),
        ("face_down_only", re.compile(rf"{who} (?:only )?(?:{_alt('verbs', 'control')}) (?:only )?(?:{_alt('kinds', 'face_down_monsters')})")),
        # zones: "all five of my main monster zones are full"
        ("zones", re.compile(rf"(?:{_alt('zones', 'all')}) (?:of )?{whose} {zone} are (?:{full}){by_cards}")),
        ("zones", re.compile(rf"{whose} {zone} are (?:{full}){by_cards}")),
        ("zones", re.compile(rf"{who} (?:have|has) (?:{_alt('zones', 'no_free')}) {zone}")),
        # LP: "i have 500 lp", "my lp is 999", "with 700 lp"
        ("lp", re.compile(rf"{who} (?:only )?(?:have|has|am at|is at|are at) (?:only |exactly |just )?(?P<n>\d+) (?:{lp})"
                          rf"(?: left)?")),
        ("lp", re.compile(rf"{whose} (?:{lp}) (?:is|are) (?:only )?(?:at )?(?P<n>\d+)")),
        ("lp", re.compile(rf"(?:with|at) (?:only )?(?P<n>\d+) (?:{lp})")),
        # the moment, when it is said (the requirements take the timing as met: never "yes" over it)
        ("moment", re.compile(rf"(?:it is |during |in )(?:{whose} )?(?:main phase(?: 1| 2| one| two)?|turn)")),
        # a card whose lasting effect applies
        ("applying", re.compile(rf"{card}(?: 's| ' s)? (?:{_alt('applying', 'is')})")),
        ("applying", re.compile(rf"with {card} (?:face-up |face up )?(?:on the field|applying|active|out)")),
        ("controls", re.compile(rf"{who} (?:{_alt('verbs', 'control')}) (?:a face-up )?{card}(?: face-up| face up)?"
                                rf"(?: on the field)?")),
        ("controls", re.compile(rf"{who} (?:has|have|has got|have got) (?:a face-up )?{card}(?: (?:face-up|face up|on the "
                                rf"field|face-up on the field|out|active))?")),
        # the only card in the hand
        ("only_card", re.compile(rf"{card} is (?:the only|my only|the one|my last|the last) card (?:left )?in "
                                 rf"{whose} {pile}")),
        ("no_other", re.compile(rf"{who} (?:have|has) no other cards in {whose} (?P<pile>hand)")),
    ]


@lru_cache(maxsize=1)
def _asks() -> list[tuple[str, re.Pattern]]:
    target = (rf"(?:(?P<card>{_CARD})|(?P<it>it|this card|that card))(?:(?P<eff>{_alt('ask', 'effect')}))?|"
              rf"(?P<its>its effect|its effects)")
    quote = r"(?: \( (?P<quote>[a-z0-9 ,;:./&'-]+) \))?"
    place = f"(?: (?P<hand>{_alt('ask', 'from_hand')})| (?P<fieldp>{_alt('ask', 'from_field')}))?"
    out = []
    for who, key in (("A", "can"), ("B", "by_opponent"), ("they", "by_them"), ("A", "cost")):
        for phrase in _words()["ask"][key]:
            body = re.escape(phrase).replace(re.escape("{card}"), f"(?:{target})")
            out.append(((who, key), re.compile(rf"{body}{quote}{place}")))
    return out


# ---------------------------------------------------------------------------------------- reading


def _player(m: re.Match) -> str | None:
    """A (the asker) or B from a clause's who/whose; None when the two disagree ("i ... in their hand")."""
    groups = m.groupdict()
    said = [("B" if groups.get(f"{g}_opp") else "A") for g in ("who", "whose") if groups.get(g)]
    if groups.get("whose_any"):  # "their": the player of a third-person clause, else the opponent
        if groups.get("who") in ("i", "you", "i've", "ive", "i myself"):
            return None  # "i have no cards in their hand": whose hand is not clear
        said = said[:1] if groups.get("who") else ["B"]
    if len(set(said)) > 1:
        return None
    return said[0] if said else "A"


def _facts(text: str) -> tuple[list[dict], list[tuple[int, int]]] | None:
    """Every fact the text states, and the spans they read; None when a fact is told in a way not read."""
    facts, spans = [], []
    for kind, pattern in _patterns():
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in spans):
                continue
            if (m.start() > 0 and text[m.start() - 1] != " ") or (m.end() < len(text) and text[m.end()] != " "):
                continue  # inside a word
            fact = _fact(kind, m)
            if fact is None:
                return None
            facts.append(fact)
            spans.append(m.span())
    return facts, spans


def _fact(kind: str, m: re.Match) -> dict | None:
    groups = m.groupdict()
    player = _player(m)
    if player is None:
        return None
    fact = {"t": kind, "player": player}
    if groups.get("kind") is not None:
        fact["kind"], fact["face"] = _KIND[_which("kinds", groups["kind"])]
        fact["other"] = groups["kind"].startswith("other")
    if kind == "field_bare":  # "i have no monsters": controls (other kinds may be in the hand)
        if fact.get("kind") != "monster":
            return None
        kind = fact["t"] = "field"
    if kind in ("pile", "field", "both_gy", "both_field"):
        fact["n"] = _qty(m)
        if fact["n"] is None:
            return None
        fact.setdefault("kind", None)
        fact.setdefault("face", None)
        if kind == "pile":
            fact["pile"] = _which("places", groups["pile"])
    elif kind == "zones":
        fact["zone"] = "monsters" if groups.get("main") else "spells_traps"
    elif kind == "lp":
        fact["n"] = int(groups["n"])
    elif kind == "declared":
        fact["entity"], fact["by"] = int(groups["card"][1:]), int(groups["by"][1:])
    elif kind in ("applying", "controls", "only_card"):
        fact["entity"] = int(groups["card"][1:])
        if kind == "only_card":
            fact["pile"] = _which("places", groups["pile"])
    elif kind == "no_other":
        fact["pile"] = "hand"
    return fact


def _ask(text: str) -> tuple[dict, tuple[int, int]] | None:
    found = []
    for who, pattern in _asks():
        for m in pattern.finditer(text):
            found.append((m.end() - m.start(), who, m))
    if not found:
        return None
    _n, (who, key), m = max(found, key=lambda f: f[0])
    ask = {"player": who, "about": "cost" if key == "cost" else "all", "entity": int(m["card"][1:]) if m["card"] else None, "quote": m["quote"],
           "it": bool(m["it"] or m["its"]), "effect": bool(m["eff"] or m["its"])}
    if m["hand"]:
        ask["from"] = ["hand"]
    elif m["fieldp"]:
        ask["from"] = ["field"]
    return ask, m.span()


def _leftover(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """The words no slot read, less the words that only join clauses."""
    keep, at = [], 0
    for a, b in sorted(spans):
        keep.append(text[at:a])
        at = max(at, b)
    keep.append(text[at:])
    rest = " ".join(" ".join(keep).split())
    for phrase in sorted(_words()["filler"]["words"], key=len, reverse=True):
        rest = re.sub(rf"(?:(?<=\s)|^){re.escape(phrase)}(?=\s|$)", " ", rest)
    return rest.split()


def read_activation_state(skeleton: Skeleton, card_of) -> Frame | None:
    """The question "can X be activated (in this stated state)?" as a simulator scenario with a
    ``requirements`` query, or None when it is not read whole."""
    flat = _flatten(skeleton)
    if flat is None:
        return None
    text, ents = flat
    asked = _ask(text)
    if asked is None:
        return None
    ask, ask_span = asked
    got = _facts(text[:ask_span[0]] + " " * (ask_span[1] - ask_span[0]) + text[ask_span[1]:])
    if got is None:
        return None
    facts, spans = got
    if not facts or _leftover(text, spans + [ask_span]):
        return None
    cards = {n: card_of(n) for n in sorted({int(e[1:]) for e in re.findall(r"\be\d+\b", text)})}
    if any(card is None for card in cards.values()):
        return None  # a kind of card, or a name not read, among the words
    built = _build(ask, facts, cards)
    if built is None:
        return None
    question, said = built
    skeleton.use(skeleton.live())
    name = question["query"]["card"]
    asked_what = f"can {name}'s cost be paid" if ask["about"] == "cost" else f"can {name} be activated"
    return Frame(question, f"Simulated: {said}. Asked: {asked_what} in this state (its timing taken as met)?",
                 used_entities=set(ents), uses_story=True)


def _asked_card(ask: dict, facts: list[dict], cards: dict):
    if ask["entity"] is not None:
        return cards[ask["entity"]]
    named = {f["entity"] for f in facts if "entity" in f}
    return cards[named.pop()] if ask["it"] and len(named) == 1 and len(cards) == 1 else None


def _build(ask: dict, facts: list[dict], cards: dict) -> tuple[dict, str] | None:
    """The scenario the facts describe, with the ``requirements`` query of the asked card."""
    card = _asked_card(ask, facts, cards)
    if card is None or (ask["quote"] and not _quote_fits(card, ask["quote"])):
        return None
    if ask["effect"] and not card.is_monster and not ask["it"]:
        return None  # "X's effect" of a Spell/Trap: its card activation or another effect
    draft = Draft()
    known, said = [], []
    query = {"kind": "requirements", "card": card.name}
    if ask["player"] == "they":  # "can they activate": the one player the facts speak of, else the opponent
        players = {f["player"] for f in facts if f["t"] not in ("both_gy", "both_field", "declared", "applying")}
        ask["player"] = players.pop() if len(players) == 1 else "B"
    if ask["player"] == "B":
        query["player"] = "B"
    if ask.get("from"):
        query["from"] = ask["from"]
    if ask["about"] == "cost":
        query["about"] = "cost"
    for fact in facts:
        if not _apply(fact, card, cards, draft, known, query, said):
            return None
    placed = {cards[f[k]].name for f in facts for k in ("entity", "by") if f.get(k) is not None}
    if any(c is not card and c.name not in placed for c in cards.values()):
        return None  # a card named that no slot placed
    state = draft.state
    state["known"] = known
    question = {"ask": "scenario", "state": state, "actions": [], "query": query}
    return question, "; ".join(said)


def _apply(fact: dict, asked, cards: dict, draft: Draft, known: list, query: dict, said: list) -> bool:
    """Put one fact into the draft state (``known`` facts, cards, counts); False when it cannot be put."""
    t, player = fact["t"], fact["player"]
    players = ("A", "B") if t in ("both_gy", "both_field") else (player,)
    whose = {"A": "A", "B": "B"}
    if t in ("pile", "both_gy"):
        pile = fact.get("pile", "gy")
        n = fact["n"]
        if fact.get("other") and pile == "hand" and n == 0:  # "no other cards in my hand": only the asked card
            return _only_card(asked, player, "hand", draft, known, query, said)
        for p in players:
            if n > 0 and (fact["kind"] is not None or pile not in ("hand", "deck", "gy", "banished", "extra")):
                return False  # a count of one kind of card: which cards they are is not said
            if n > 0:
                draft.player(p)[pile] = n
            known.append({"player": p, "where": pile, **({"kind": fact["kind"]} if fact["kind"] else {}),
                          **({"face": fact["face"]} if fact["face"] else {})})
        said.append(f"{'both players have' if len(players) > 1 else whose[player] + ' has'} {n} "
                    f"{fact['kind'] or 'card'}(s) in the {pile}")
        return True
    if t in ("field", "both_field"):
        if fact["n"] != 0:
            return False  # monsters counted but not said
        kind = fact["kind"]
        where = {None: "field", "monster": "monsters", "spell": "spells_traps", "trap": "spells_traps",
                 "spell_trap": "spells_traps"}[kind]
        for p in players:
            known.append({"player": p, "where": where, **({"kind": kind} if kind else {}),
                          **({"face": fact["face"]} if fact["face"] else {})})
        said.append(f"{'neither player controls' if len(players) > 1 else whose[player] + ' controls'} "
                    f"no {(fact['face'] + ' ') if fact['face'] else ''}{kind or 'card'}s")
        return True
    if t == "moment":
        query["timing"] = "stated"
        said.append("(the moment said is not checked)")
        return True
    if t == "face_down_only":
        draft.player(player).setdefault("monsters", []).append(
            {"name": "a face-down monster", "atk": 1000, "def": 1000, "level": 4, "face": "down"})
        known.append({"player": player, "where": "monsters", "kind": "monster", "face": "up"})
        said.append(f"{player} controls only face-down monsters")
        return True
    if t == "zones":
        key = fact["zone"]
        if key == "monsters":
            draft.player(player)["monsters"] = [{"name": f"monster {i + 1}", "atk": 1000, "def": 1000, "level": 4}
                                                for i in range(5)]
        else:
            draft.player(player)["spells_traps"] = [{"name": f"a Set card {i + 1}", "face": "down"} for i in range(5)]
        said.append(f"all of {player}'s {'Main Monster' if key == 'monsters' else 'Spell & Trap'} Zones are occupied")
        return True
    if t == "lp":
        draft.player(player)["lp"] = fact["n"]
        known.append({"player": player, "where": "lp"})
        said.append(f"{player} has {fact['n']} LP")
        return True
    if t in ("applying", "controls"):
        card = cards[fact["entity"]]
        if card is asked:
            return False  # the asked card itself said to be on the field: its effect, not a lasting one
        if not any(e.get("kind") == "continuous" for e in card.effects):
            return False
        owner = player if t == "controls" else "A"
        if card.is_monster:
            draft.player(owner).setdefault("monsters", []).append(card.name)
        elif card.property == "Field":
            draft.player(owner)["field_zone"] = card.name
        else:
            draft.player(owner).setdefault("spells_traps", []).append({"card": card.name, "face": "up"})
        said.append(f"{card.name} is face-up on the field")
        return True
    if t == "declared":
        named, by = cards[fact["entity"]], cards[fact["by"]]
        if named is by or not re.search(r"\bdeclar", by.text or "", re.I):
            return False
        where, entry = placed_entry(by)  # face-up on the field of the player said to have declared (else A)
        if where == "field_zone":
            draft.player(player)["field_zone"] = entry
        else:
            draft.player(player).setdefault(where, []).append(entry)
        draft.state.setdefault("declared", []).append({"by": by.name, "name": named.name})
        said.append(f"{by.name} (face-up) declared {named.name}")
        return True
    if t == "only_card":
        card = cards[fact["entity"]]
        if card is not asked:
            return False
        return _only_card(asked, player, fact["pile"], draft, known, query, said)
    if t == "no_other":
        return _only_card(asked, player, "hand", draft, known, query, said)
    return False


def placed_entry(card) -> tuple[str, object]:
    """Where a face-up card goes in a draft player entry, and the entry."""
    if card.is_monster:
        return "monsters", card.name
    if card.property == "Field":
        return "field_zone", card.name
    return "spells_traps", {"card": card.name, "face": "up"}


def _only_card(asked, player: str, pile: str, draft: Draft, known: list, query: dict, said: list) -> bool:
    """The asked card is the only card in the hand."""
    if pile != "hand" or query.get("from") not in (None, ["hand"]) or asked.card_type == "Trap":
        return False
    draft.player(player)["hand"] = [asked.name]
    known.append({"player": player, "where": "hand"})
    said.append(f"{asked.name} is the only card in {player}'s hand")
    return True
