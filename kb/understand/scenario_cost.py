"""Questions about costs, missing the timing and kinds of monsters read onto rule facts
(``{"ask": "rule_fact"}``, answered by :mod:`kb.engine.rule_facts`).

The question is flattened (card mentions as ``e<N>``, kinds of cards as their words, quote marks, "..."
and commas left out) and must be read whole by one shape; each shape's words are data
(``scenario_cost_words.toml``).  A shape only fills the slots of a proposition (what is done, what is
asked); whether the rulebooks state it, and what they answer, is the rule table's business: a proposition
no row states stays "unknown".
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .skeleton import CARD_SLOT
from .frame import Frame
from .shapes import first_reading
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["alt", "read_rule_fact"]

WORDS_FILE = Path(__file__).with_name("scenario_cost_words.toml")
_CARD = CARD_SLOT
_SEP = r"(?: \.)? "
_GY = r"(?:graveyard|gy)"


def _words() -> dict:
    return word_file(WORDS_FILE)


def alt(*path: str) -> str:
    """A regex alternation of the phrases at ``path`` of the word file (longest first)."""
    return phrase_alternation(_words(), *path)


def _flatten(skeleton: Skeleton) -> tuple[str, set[int]] | None:
    """The question as one line of words and the card mentions in it."""
    words, ents = [], set()
    for i in skeleton.live():
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            words.append(entity.text.lower() if entity.kind == "class" else f"e{piece.entity}")
            ents.add(piece.entity)
        else:
            words.append(piece.text)
    text = " ".join(words)
    text = re.sub(r"(?<![\w])['\"“”‘’]+|['\"“”‘’]+(?![\w])", " ", text)
    text = re.sub(r"\.\s*\.\s*\.|…|:|,", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(?: ?[?!.])+$", "", text).strip()
    return (text, ents) if text else None


def _ent(group: str | None) -> int | None:
    return int(group.split()[0][1:]) if group else None


# ------------------------------------------------------------------------------------------- shapes


def _acts() -> str:
    return rf"(?P<act>{alt('acts', 'tribute')}|{alt('acts', 'discard')}|{alt('acts', 'send')})"


def _act_of(word: str, from_hand: bool, to_gy: bool) -> str | None:
    if re.fullmatch(alt("acts", "tribute"), word):
        return "tribute"
    if re.fullmatch(alt("acts", "discard"), word):
        return "discard"
    if from_hand and to_gy:
        return "send_from_hand"
    return "send_to_gy" if to_gy else None


def _asked_of(words: str) -> str | None:
    for key in ("by_effect", "sent_to_gy", "discarded", "destroyed"):
        if re.fullmatch(alt("asked", key), words):
            return key
    return None


def _moved(m: re.Match, cards) -> tuple[dict, str] | None:
    """A card moved (as a cost or not): is it destroyed / sent to the GY / discarded / moved by an effect?"""
    act = _act_of(m["act"], bool(m["hand"]), bool(m["togy"]))
    asked = _asked_of(m["asked"])
    if act is None or asked is None:
        return None
    if m.groupdict().get("obj_e") and m.groupdict().get("again_e") and \
            _ent(m["obj_e"]) != _ent(m["again_e"]):
        return None  # the question asks of another card
    if asked == "by_effect":
        if not m["cost"]:
            return None
        return ({"topic": "moved_cost", "subject": act, "asked": asked},
                f"is {_DONE[act]} as a cost moved by a card effect")
    cost = " as a cost" if m["cost"] else ""
    return ({"topic": "moved", "subject": act, "asked": asked},
            f"is {_DONE[act]}{cost} treated as {_DONE[asked]}")


_DONE = {"tribute": "a monster Tributed", "discard": "a card discarded", "send_to_gy": "a card sent to the GY",
         "send_from_hand": "a card sent from the hand to the GY", "destroyed": "destroyed",
         "sent_to_gy": "sent to the GY", "discarded": "discarded"}


def _refund(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "cost", "subject": "negated", "asked": "refunded"},
            "is a cost refunded when the activation (or effect) it was paid for is negated")


def _lp_zero(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "cost", "subject": "lp_to_zero", "asked": "payable"},
            "can an LP cost that leaves exactly 0 LP be paid")


def _lp_over(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "cost", "subject": "lp_over", "asked": "payable"},
            "can an LP cost larger than the LP left be paid")


def _targeting(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "cost", "subject": "targeting", "asked": "is_cost"}, "is targeting a cost")


_TOKEN_ASKED = ("sent_to_gy", "face_down", "xyz_material", "synchro_material", "link_material", "fusion_material")


def _token_asked(key: str) -> str:
    """The words of one thing asked of a Token; a material also as "{material_for} a <kind> Summon"."""
    if not key.endswith("_material"):
        return alt("token", key)
    kind = key.removesuffix("_material")
    return rf"(?:{alt('token', key)}|{alt('token', 'material_for')} an? {kind} summon)"


def _token(m: re.Match, cards) -> tuple[dict, str] | None:
    asked = next((k for k in _TOKEN_ASKED if re.fullmatch(_token_asked(k), m["what"])), None)
    if asked is None or (m.groupdict().get("as_cost") and asked != "sent_to_gy"):
        return None
    return ({"topic": "token", "subject": "token", "asked": asked},
            f"can a Monster Token {_TOKEN_SAID[asked]}")


_TOKEN_SAID = {"sent_to_gy": "be sent to the GY", "face_down": "be face-down", "xyz_material": "be an Xyz Material",
               "synchro_material": "be a Synchro Material", "link_material": "be a Link Material",
               "fusion_material": "be a Fusion Material"}


def _token_send(m: re.Match, cards) -> tuple[dict, str] | None:
    return ({"topic": "token", "subject": "token", "asked": "sent_to_gy"},
            "may a Monster Token go to the GY")


_TIMING_WORDS = {"optional", "mandatory", "trigger", "effect", "effects", "worded", "that", "says", "say", "reads",
                 "read", "written", "as", "with", "the", "wording", "when", "if", "you", "can", "an", "a",
                 "activate", "must", "ever", "still", "[event]", "event"}


def _miss_timing(m: re.Match, cards) -> tuple[dict, str] | None:
    """Whether an effect of a wording told in quotes (e.g. a mandatory "When ...: ..." one) can miss the
    timing: optional or mandatory, and "When" or "If", read from the words; anything else in them gives no
    reading."""
    words = m["words"].split()
    if not words or any(w not in _TIMING_WORDS for w in words) or not {"effect", "effects"} & set(words):
        return None
    text = " ".join(words)
    optional = "optional" in words or "you can" in text
    mandatory = "mandatory" in words or "must" in words
    when, if_ = "when" in words, "if" in words
    if optional == mandatory or (when and if_):
        return None
    sort = "optional" if optional else "mandatory"
    wording = "when" if when else "if" if if_ else "any"
    if sort == "optional" and wording == "any":
        return None  # whether it says "When" or "If" decides it, and is not said
    said = {"when": " \"When ...\"", "if": " \"If ...\"", "any": ""}[wording]
    article = "an" if sort == "optional" else "a"
    return ({"topic": "miss_timing", "subject": f"{sort}+{wording}", "asked": "misses"},
            f"can {article} {sort}{said} effect miss the timing")


_KINDS = ("xyz", "link", "pendulum")
_KIND_ASKED = ("level", "rank", "def", "defense_position", "face_down")
_ABILITY = {"xyz": "Xyz", "link": "Link", "pendulum": "Pendulum"}


def _kind(m: re.Match, cards) -> tuple[dict, str] | None:
    """What a kind of monster has or can be: a Level, a Rank, DEF, Defense Position."""
    kind = next((k for k in _KINDS if m["kind"] and re.fullmatch(alt("kind", k), m["kind"])), None)
    example = _ent(m["ex"])
    if example is not None:  # "an Xyz Monster like X" / "does X have a Level": X must be of that kind
        card = cards(example)
        if card is None or not card.is_monster:
            return None
        of_card = next((k for k in _KINDS if _ABILITY[k] in card.abilities and k != "pendulum"), None)
        if kind is None:
            kind = of_card
        if kind is None or _ABILITY[kind] not in card.abilities:
            return None
    asked = next((k for k in _KIND_ASKED if re.fullmatch(alt("kind", k), m["asked"])), None)
    if kind is None or asked is None:
        return None
    said = {"level": "have a Level", "rank": "have a Rank", "def": "have DEF",
            "defense_position": "be in Defense Position", "face_down": "be face-down"}[asked]
    verb = "can" if asked in ("defense_position", "face_down") else "does"
    return ({"topic": "kind", "subject": kind, "asked": asked}, f"{verb} a {_ABILITY[kind]} Monster {said}")


def _pendulum_face_down(m: re.Match, cards) -> tuple[dict, str] | None:
    example = _ent(m["ex"])
    if example is not None:
        card = cards(example)
        if card is None or not card.is_monster or not card.is_pendulum:
            return None
    return ({"topic": "kind", "subject": "pendulum", "asked": "face_down_pendulum_zone"},
            "can a Pendulum Monster be Set face-down in a Pendulum Zone")


def _cost_part(m: re.Match, cards) -> tuple[dict, str] | None:
    """Whether an act X's text asks for (a Tribute, a discard ...) is a cost or part of the effect, from X's text."""
    card_ent = _ent(m["card"]) if m["card"] else _ent(m["obj"]) if m["obj"] and m["obj"].startswith("e") else None
    if card_ent is None or (m["card"] and m["obj"] and m["obj"].startswith("e") and _ent(m["obj"]) != card_ent):
        return None
    card = cards(card_ent)
    if card is None:
        return None
    act = {"tributing": "tribute", "discarding": "discard", "banishing": "banish", "detaching": "detach",
           "paying": "pay_lp"}[m["act"]]
    question = {"topic": "cost_part", "subject": act, "card": card.name}
    if m["desc"]:  # "its negation effect": the effects of that kind only
        does = next((k for k, words in _EFFECT_KINDS.items() if m["desc"] in words), None)
        if does is None:
            return None
        question["does"] = does
    what = f"{m['desc']} effect" if m["desc"] else "effect"
    return question, f"is the {act.replace('_', ' ')} in {card.name}'s {what} a cost"


# "its <word> effect" -> the effect-profile category (prefix) it names
_EFFECT_KINDS = {"negate": ("negation", "negating", "negate"), "destroy": ("destruction", "destroying", "destroy"),
                 "special_summon": ("summoning", "special summon"), "search": ("search", "searching"),
                 "draw": ("draw", "drawing")}


def _quote_fits(card, quote: str | None) -> bool:
    """A parenthesis after a card that quotes its text: every word must be in the card's text, in order."""
    if not quote:
        return True
    norm = lambda s: re.sub(r"-type\b", "", re.sub(r"[^\w\s-]", " ", s.lower())).split()  # noqa: E731
    said, text = norm(quote), " ".join(norm(card.text))
    return bool(said) and " ".join(said) in text


def _face_down_cost(m: re.Match, cards) -> tuple[dict, str] | None:
    """A face-down monster sent to the GY / Tributed as the cost of a named card's effect."""
    card = cards(_ent(m["card"]))
    if card is None or not _quote_fits(card, m["quote"]):
        return None
    act = "tribute" if m["act"].startswith("tribut") else "send_to_gy"
    question = {"topic": "face_down_cost", "subject": act, "card": card.name}
    monster = _ent(m["mon"]) if m["mon"] else None
    if monster is not None:
        named = cards(monster)
        if named is None or not named.is_monster:
            return None
        question["monster"] = named.name
    if m["qual"]:
        question["qualifier"] = m["qual"]
    verb = "Tributed" if act == "tribute" else "sent to the GY"
    return question, f"can a face-down monster be {verb} as the cost of {card.name}'s effect"


def _under_banish(m: re.Match, cards) -> tuple[dict, str] | None:
    """ "While X (cards sent to the GY are banished instead) applies, can I activate Y (by discarding it)?" """
    banishing, card = cards(_ent(m["b"])), cards(_ent(m["c"]))
    if banishing is None or card is None or banishing.name == card.name:
        return None
    act = None
    desc = m["desc"] or m["by"]
    if desc:
        if desc.startswith("discard"):
            act = "discard_to_gy" if m["togy"] or m["togy2"] else "discard"
        elif desc.startswith("send"):
            act = "send_to_gy"
        elif desc.startswith("tribut"):
            act = "tribute"
    question = {"topic": "cost_under_banish", "card": card.name, "banishing": banishing.name}
    if act:
        question["act"] = act
    how = {"discard": " (discarding)", "discard_to_gy": " (discarding to the GY)", "send_to_gy": " (sending to the GY)",
           "tribute": " (Tributing)", None: ""}[act]
    return question, f"can the cost of {card.name}{how} be paid while {banishing.name} applies"


def _lp_half(m: re.Match, cards) -> tuple[dict, str] | None:
    card = cards(_ent(m["c"]))
    if card is None:
        return None
    n = int(m["n"])
    return ({"topic": "lp_cost", "lp": n, "pay": "half", "card": card.name, "asked": "left"},
            f"how many LP are left after paying half of {n} LP to activate {card.name}")


def _lp_plain(m: re.Match, cards) -> tuple[dict, str] | None:
    """An LP cost of no named card: the LP told, a cost of some or half of them paid, the LP left asked."""
    n = int(m["n"])
    if m["half"]:
        return ({"topic": "lp_cost", "lp": n, "pay": "half", "asked": "left"},
                f"how many LP are left after paying half of {n} LP")
    return ({"topic": "lp_cost", "lp": n, "pay": int(m["m"]), "asked": "payable"},
            f"can {m['m']} LP be paid as a cost from {n} LP")


def _lp_pay(m: re.Match, cards) -> tuple[dict, str] | None:
    card = cards(_ent(m["c"]))
    if card is None:
        return None
    n = int(m["n"])
    question = {"topic": "lp_cost", "lp": n, "card": card.name, "asked": "payable"}
    if m["m"]:
        question["pay"] = int(m["m"])
    elif m["half"]:
        question["pay"] = "half"
    return question, f"can A (with {n} LP) pay the LP cost of {card.name}"


@lru_cache(maxsize=1)
def _shapes() -> list:
    from .scenario_cost_kinds import _card_type_shapes, _more_cost_shapes
    from .scenario_cost_generic import generic_cost_shapes
    from .duel_facts import duel_shapes
    from .zone_conditions import zone_condition_shapes
    from .spell_trap_facts import spell_trap_shapes
    from .zone_facts import zone_fact_shapes
    from .scenario_lp import lp_shapes
    from .scenario_refund import refund_shapes
    thing, again, as_cost = alt("things", "card"), alt("things", "again"), alt("cost", "as_cost")
    asked = "|".join(alt("asked", k) for k in ("by_effect", "sent_to_gy", "discarded", "destroyed"))
    considered = alt("asked", "considered")
    moved = (
        rf"(?:if |when |once |after )?i (?:{_acts()}) (?:(?P<obj_e>{_CARD})|{thing})(?P<hand> from my hand)?"
        rf"(?P<togy> to (?:the|my) {_GY})?(?P<cost> {as_cost}(?: of {_CARD}| for {_CARD})?)?"
    )
    moved_q = (
        rf"(?:is|are|will|would) (?:(?P<again_e>{_CARD})|{again}) (?:also |then |still )?(?:be )?"
        rf"(?:{considered} )?(?P<asked>{asked})"
    )
    moved_adjective = (
        rf"(?:is|are) (?:a |the )?(?P<act>tributed|discarded) (?:card|monster|cards|monsters)(?P<hand>)(?P<togy>)"
        rf"(?P<cost> {as_cost})? (?:also |still )?(?:{considered} )?(?P<asked>{asked})"
    )
    moved_gerund = (
        rf"is (?P<act>tributing|discarding|sending) (?:a card|a monster|cards|monsters|one card|1 card)(?P<hand> from "
        rf"(?:my|the) hand)?(?P<togy> to the {_GY})?(?P<cost> {as_cost})? (?:(?:{considered}) )?(?P<asked>{asked})"
    )
    moved_passive = (
        rf"(?:is|are) (?:a |the )?(?:card|monster|cards|monsters) (?:that (?:is|are|was|were) )?"
        rf"(?P<act>tributed|discarded|sent)(?P<hand> from (?:my|the) hand)?(?P<togy> to the {_GY})?"
        rf"(?P<cost> {as_cost})? (?:also |still )?(?:{considered} )?(?P<asked>{asked})"
    )
    r = "refund"
    negated = (
        rf"(?:(?:{alt(r, 'whose')}) (?:{alt(r, 'what')})|the (?:{alt(r, 'what')}) (?:{alt(r, 'of_what')})|"
        rf"(?:my |the )?{_CARD}(?: activation| effect)?|the activation of (?:my )?{_CARD})"
        rf"(?: gets| is| was| has been) negated"
    )
    back = (
        rf"(?:do i (?:{alt(r, 'get_back')}) (?:{alt(r, 'cost')})(?: back)?|(?:is|are|will|do) "
        rf"(?:{alt(r, 'cost')}) (?:get |be |still )?(?:{alt(r, 'refunded')}))"
    )
    lp = alt("lp", "lp")
    lp_zero = (
        rf"can (?:i|a player|you) pay (?:an? )?{lp} cost (?:that|which) (?:would )?(?:{alt('lp', 'reduce')}) "
        rf"(?:my|their|your) {lp} to (?:exactly )?0|can (?:i|you) pay (?:{alt('lp', 'all')}) {lp}"
        rf"(?: as a cost)?|can an? {lp} cost (?:{alt('lp', 'reduce')}) (?:my|their|your) {lp} to (?:exactly )?0"
    )
    lp_over = (
        rf"can (?:i|you) pay (?:more {lp} than (?:i|you) have|an? {lp} cost (?:that is )?(?:{alt('lp', 'bigger')}) "
        rf"than (?:my|all my|my remaining|your) {lp})(?: as a cost)?"
    )
    t = "target"
    targeting = (
        rf"(?:is|are) (?:{alt(t, 'choosing')}) (?:(?:{alt(t, 'considered')}) )?(?:{alt(t, 'cost')})"
        rf"|does (?:{alt(t, 'choosing')}) count as (?:{alt(t, 'cost')})"
    )
    token_what = "|".join(_token_asked(k) for k in _TOKEN_ASKED)
    send_cost = rf"{alt('token', 'send_cost_lead')} {alt('token', 'send_cost_kind')} cost"
    token = rf"can (?:{alt('token', 'words')}) (?P<what>{token_what})(?P<as_cost> (?:{as_cost}|{send_cost}))?"
    token_send = (
        rf"can i send (?:{alt('token', 'words')}) to the {_GY}(?: {as_cost}| {send_cost})?"
    )
    k = "kind"
    kind_words = "|".join(alt(k, x) for x in _KINDS)
    kind_asked = "|".join(alt(k, x) for x in _KIND_ASKED)
    kind = (
        rf"(?:does|do|can) (?:(?P<kind>{kind_words})(?: like (?P<ex>{_CARD}))?|(?P<ex2>{_CARD})) (?P<asked>{kind_asked})"
    )
    pendulum = (
        rf"can (?:i|you) (?:set|place) (?:{alt(k, 'pendulum')}|(?P<ex>{_CARD})) face-down in (?:my|the|a|your) "
        rf"pendulum zones?|can (?:{alt(k, 'pendulum')}|(?P<ex2>{_CARD})) be (?:set|placed) face-down in "
        rf"(?:my|the|a|your) pendulum zones?"
    )
    cost_part = (
        rf"is (?P<act>tributing|discarding|banishing|detaching) (?P<obj>{_CARD}|this card|itself) (?:for|in|of) "
        rf"(?:(?P<card>{_CARD})|its|the) (?:(?P<desc>[a-z-]+) )?effect (?:a cost|part of (?:the|its) cost|considered a cost|"
        rf"treated as a cost)(?: rather than (?:part of )?(?:the|its) effect(?: 's|'s)? resolution| or part of "
        rf"(?:the|its) effect(?: 's|'s)?(?: resolution)?)?"
    )
    paren = r"(?: \( (?P<quote>[^()]+) \))?"
    face_down = (
        rf"can i (?P<act>send|tribute) (?:a face-down (?:(?P<qual>[a-z]+-type) )?monster|a face-down (?P<mon>{_CARD}))"
        rf"(?: to the {_GY})? (?:as the cost|as a cost|to pay the cost|for the cost) (?:of|for) (?P<card>{_CARD})"
        rf"(?: effect)?{paren}"
        rf"|can a face-down (?:(?P<qual2>[a-z]+-type) )?(?:monster|(?P<mon2>{_CARD})) be (?P<act2>tributed|sent to "
        rf"the {_GY}) (?:as the cost|as a cost|to pay the cost|for the cost) (?:of|for) (?P<card2>{_CARD})"
        rf"(?: effect)?(?: \( (?P<quote2>[^()]+) \))?"
    )
    applying = r"(?:applying|being applied|face-up|face-up on the field|on the field|active|in effect|in play)"
    desc = (
        rf"(?: (?:that|which) (?P<desc>discards itself|sends itself|tributes itself|discards a card|sends a card)"
        rf"(?P<togy> to the {_GY})?(?: as (?:a|its|the) cost)?| by (?P<by>discarding|tributing|sending) "
        rf"(?:it|itself|this card|{_CARD})(?P<togy2> to the {_GY})?(?: as (?:a|the) cost)?)?"
    )
    under_banish = (
        rf"while (?P<b>{_CARD}) is {applying} can i (?:still )?activate (?P<c>{_CARD})(?: effect)?{desc}"
    )
    lp_half = (
        rf"i have (?P<n>\d+) {lp}(?: and| \.)? (?:i )?pay half (?:of )?my {lp} (?:to activate|for|as "
        rf"the cost of) (?P<c>{_CARD}){_SEP}how (?:many|much) {lp} do i have (?:left|now|remaining)"
    )
    lp_pay = (
        rf"i have (?P<n>\d+) {lp}{_SEP}can i (?:pay (?:(?P<m>\d+) {lp}|(?P<half>half (?:of )?my {lp})) (?:to "
        rf"activate|for|as the cost of) (?P<c>{_CARD}))"
    )
    return [
        ("a card moved as a cost: is it destroyed / sent to the GY",
         re.compile(rf"^{moved}{_SEP}{moved_q}$"), _moved),
        ("is a card Tributed as a cost destroyed", re.compile(rf"^{moved_passive}$"), _moved_passive),
        ("is a Tributed monster destroyed", re.compile(rf"^{moved_adjective}$"), _moved_passive),
        ("is discarding a card as a cost considered sent to the GY", re.compile(rf"^{moved_gerund}$"),
         lambda m, c: _moved(_Either(m, act={"tributing": "tribute", "discarding": "discard",
                                             "sending": "send"}[m["act"]]), c)),
        ("if the activation is negated, is the cost refunded",
         re.compile(rf"^(?:if|when|even if) {negated}{_SEP}{back}$|^{back} (?:if|when|even if) {negated}$"),
         _refund),
        ("can an LP cost leave exactly 0 LP", re.compile(rf"^(?:{lp_zero})$"), _lp_zero),
        ("can I pay more LP than I have", re.compile(rf"^(?:{lp_over})$"), _lp_over),
        ("is targeting a cost", re.compile(rf"^(?:{targeting})$"), _targeting),
        ("can a Token be ...", re.compile(rf"^{token}$"), _token),
        ("can I send a Token to the GY", re.compile(rf"^{token_send}$"), _token_send),
        ("can an optional 'When' effect miss the timing",
         re.compile(rf"^(?:can|do|does|will|could) (?:an? )?(?P<words>.+?) {alt('timing', 'miss')}$"), _miss_timing),
        ("does a kind of monster have a Level", re.compile(rf"^{kind}$"), lambda m, c: _kind(_Either(m), c)),
        ("can a Pendulum Monster be Set face-down in a Pendulum Zone", re.compile(rf"^(?:{pendulum})$"),
         lambda m, c: _pendulum_face_down(_Either(m), c)),
        ("is Tributing X for its effect a cost", re.compile(rf"^{cost_part}$"), _cost_part),
        ("can a face-down monster be paid as a cost", re.compile(rf"^(?:{face_down})$"),
         lambda m, c: _face_down_cost(_Either(m), c)),
        ("while X applies, can I activate Y by discarding it",
         re.compile(rf"^{under_banish}$|^can i (?:still )?activate (?P<c2>{_CARD})(?: effect)?"
                    rf"(?P<d2>{desc.replace('?P<', '?P<x_')}) while (?P<b2>{_CARD}) is {applying}$"),
         lambda m, c: _under_banish(_Either(m, x_=True), c)),
        *_card_type_shapes(),
        *_more_cost_shapes(),
        *zone_fact_shapes(),  # zones, who sees which location, kinds of monsters (zone_facts.py)
        *generic_cost_shapes(),  # costs told without a card or loosely (scenario_cost_generic.py)
        *spell_trap_shapes(),  # kinds of Spells and Traps (spell_trap_facts.py)
        *duel_shapes(),  # winning and losing, LP, the Deck, 'leaves the field' (duel_facts.py)
        *zone_condition_shapes(),  # a Field Spell for a "card in your Spell & Trap Zone" condition
        *lp_shapes(),  # LP costs told from parts: the LP had, what is paid, what is asked (scenario_lp.py)
        *refund_shapes(),  # a cost asked back after a negation, told from parts (scenario_refund.py)
        ("I have N LP and pay half to activate X: how many LP are left", re.compile(rf"^{lp_half}$"), _lp_half),
        ("I have N LP: can I pay M LP to activate X", re.compile(rf"^{lp_pay}$"), _lp_pay),
        ("I have N LP and pay half / can I pay M LP (no card named)",
         re.compile(rf"^i have (?P<n>\d+) {lp}(?: and| \.)? (?:i )?(?P<half>pay half (?:of )?my {lp}(?: as (?:a|the) cost)?)"
                    rf"{_SEP}how (?:many|much) {lp} (?:do i have (?:left|now|remaining)|are left|is left|remain)$"
                    rf"|^i have (?P<n3>\d+) {lp}(?: and| \.)? (?:i )?(?P<half3>pay half)(?: as (?:a|the) cost)?{_SEP}how "
                    rf"(?:many|much) {lp} (?:do i have (?:left|now|remaining)|are left|is left|remain)$"
                    rf"|^i have (?P<n2>\d+) {lp}{_SEP}can i "
                    rf"pay (?P<m>\d+) {lp}(?: as (?:a|the) cost| for a cost| to activate a card| to activate an effect)$"),
         lambda m, c: _lp_plain(_Either(m, **({"n": m["n3"], "half": m["half3"]} if m["n3"] else {})), c)),
        ("can I pay M LP if I only have N LP",
         re.compile(rf"^can (?:i|you) pay (?P<m>\d+) {lp}(?: as (?:a|the) cost)? (?:if|when|while) (?:i|you) (?:only )?have "
                    rf"(?:only )?(?P<n>\d+) {lp}(?: left)?$"),
         lambda m, c: _lp_plain(_Either(m, half=None), c)),
    ]


def _moved_passive(m: re.Match, cards) -> tuple[dict, str] | None:
    return _moved(m, cards)


class _Either:
    """A match whose group ``g`` is ``g`` or, when that did not match, ``g2`` (or ``x_g``); fixed values too."""

    def __init__(self, match: re.Match, x_: bool = False, **fixed) -> None:
        self.match, self.x_, self.fixed = match, x_, fixed

    def __getitem__(self, key):
        if key in self.fixed:
            return self.fixed[key]
        groups = self.match.groupdict()
        for name in (key, f"{key}2", f"x_{key}" if self.x_ else None):
            if name and groups.get(name):
                return groups[name]
        return None

    def groupdict(self) -> dict:
        return {k: self[k] for k in self.match.groupdict()}


def read_rule_fact(skeleton: Skeleton, card_of) -> Frame | None:
    """The rule-fact question the whole question asks, as a frame, or None when no shape reads all of it.

    ``card_of(entity index)`` gives the simulator's card (``kb.engine.sim.cards.SimCard``) or None.
    """
    flat = _flatten(skeleton)
    if flat is None:
        return None
    text, ents = flat
    from .scenario_cost_story import read_cost_story

    from .scenario_cost_kinds import _set_story

    story = read_cost_story(skeleton, card_of) or _set_story(skeleton, text)
    if story is not None:  # (ATK after cards in turn: the battle-numbers slot reader, battle_slots.py)
        skeleton.use(skeleton.live())
        return story
    got = first_reading(_shapes(), text, card_of)
    if got is None:
        return None
    query, said = got
    mentioned = {int(e[1:]) for e in re.findall(r"\be\d+\b", text)}
    skeleton.use(skeleton.live())
    return Frame({"ask": "rule_fact", **query}, f"Rule fact: {said}?", used_entities=ents | mentioned,
                 uses_story=True)
