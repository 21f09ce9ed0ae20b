"""Stage 2: generic cards, phrases that name a kind of card or effect instead of a card.

"a Counter Trap", "a Quick-Play Spell Card", "my opponent's Normal Trap Card", "a Continuous Trap's
effect", "a monster's Quick Effect", "an Ignition Effect", "a card that negates activations", "a
Quick-Play Spell that raises ATK" become the ``{"class": {...}}`` card form of docs/engine.md (fields
``type``, ``property``, ``effect``, ``does``), read with the vocabulary table ``[generic]`` of
``vocabulary.toml``.  A phrase is a kind only when it names a card type, an effect kind, or a card
with what it does: "counter" or "normal" alone is no card.
"""

from __future__ import annotations

from functools import lru_cache

from .mentions import Entity
from .tokens import Token
from .vocabulary import vocabulary

__all__ = ["find_generic", "read_kind", "describe_kind"]

_PROPERTY_WORDS = {
    "quick-play": "Quick-Play",
    "counter": "Counter",
    "normal": "Normal",
    "continuous": "Continuous",
    "equip": "Equip",
    "field": "Field",
    "ritual": "Ritual",
}
_EFFECT_WORDS = {
    "ignition": "Ignition Effect",
    "trigger": "Trigger Effect",
    "quick": "Quick Effect",
    "flip": "Flip effect",
    "pendulum": "Pendulum Effect",
    "fast": "Fast Effect",
    "continuous": "effect",
}

_ANY_CARD_AFTER = {"to", "against", "negate", "negates", "stop", "counter", "of"}
_ANAPHORIC = {"the", "this", "that"}  # "this card", "that card": a card said before, not a kind
_DOES_WORDS = {
    "negate_summon": "negates Summons",
    "negate_activation": "negates activations",
    "negate_effect": "negates effects",
    "negate": "negates activations or effects",
    "atk_change": "changes ATK",
    "def_change": "changes DEF",
    "change_atk_def": "changes ATK/DEF",
}


@lru_cache(maxsize=1)
def _tables() -> dict:
    generic = vocabulary()["generic"]

    def by_first_word(pairs) -> dict[str, list[tuple[tuple[str, ...], str]]]:
        out: dict[str, list] = {}
        for phrase, value in sorted(pairs, key=lambda item: -len(item[0])):
            out.setdefault(phrase[0], []).append((phrase, value))
        return out

    def phrases(table: dict) -> dict[str, list[tuple[tuple[str, ...], str]]]:
        return by_first_word((tuple(p.split()), value) for value, items in table.items() for p in items)

    does, before = _stat_change_phrases(generic.get("stat_change"))
    return {
        "types": phrases(generic["types"]),
        "properties": phrases(generic["properties"]),
        "effects": phrases(generic["effects"]),
        "does": by_first_word([(tuple(p.split()), v) for v, items in generic["does"].items() for p in items] + does),
        "does_before": by_first_word([(tuple(p.split()), v) for v, items in generic["does_before"].items()
                                      for p in items] + before),
        "bare_effect_does": set(generic.get("bare_effect_does", ())),
        "states": phrases(generic["states"]),
        "determiners": by_first_word((tuple(d.split()), d) for d in generic["determiners"]),
        "card_words": set(generic["card_words"]),
        "effect_words": set(generic["effect_words"]),
        "does_lead": set(generic["does_lead"]),
    }


def _stat_change_phrases(table: dict | None) -> tuple[list, list]:
    """The ``does`` phrases ("increases a monster's atk") and ``does_before`` words ("atk-increasing") made from
    the ``[generic.stat_change]`` grammar: a verb, whose, which stat."""
    if not table:
        return [], []
    does, before = [], []
    for value, stats in table["stats"].items():
        for stat in stats:
            for verb in table["verbs"]:
                for owner in table["owners"]:
                    does.append((tuple(f"{verb} {owner} {stat}".split()), value))
            if " " not in stat:
                before += [((f"{stat}-{p}",), value) for p in table["participles"]]
    before += [((f"stat-{p}",), "change_atk_def") for p in table["participles"]]
    return does, before


def _words(tokens: list[Token], i: int) -> list[str]:
    return [t.low for t in tokens[i : i + 12]]


def _match(table: dict, words: list[str], at: int) -> tuple[int, str] | None:
    """The longest phrase of ``table`` (first word -> phrases, longest first) at ``words[at]``."""
    if at >= len(words):
        return None
    for phrase, value in table.get(words[at], ()):
        if tuple(words[at : at + len(phrase)]) == phrase:
            return len(phrase), value
    return None


def read_kind(tokens: list[Token], i: int, stop: int | None = None) -> tuple[int, dict, dict] | None:
    """The kind of card named at token ``i``: ``(end token, class fields, extras)`` or None.

    ``extras`` holds ``controller`` ("asker"/"opponent") from the determiner.
    """
    tables = _tables()
    stop = len(tokens) if stop is None else stop
    words = [t.low if not t.punct else t.text for t in tokens[i:stop]]
    at, cls, extras = 0, {}, {}
    bare = False
    det = _match(tables["determiners"], words, at)
    if det:
        at += det[0]
        if det[1] in ("my", "your"):
            extras["controller"] = "asker"
        elif "opponent" in det[1] or det[1] in ("their", "his", "her"):
            extras["controller"] = "opponent"
    while at < len(words) and words[at] in ("activated", "already", "other", "own"):
        if words[at] == "own":
            extras["own"] = True  # "my own Trap": the card asked about has the same controller
        at += 1
    state = _match(tables["states"], words, at)
    if state:
        at += state[0]
        extras["face"] = state[1]
    while at < len(words) and words[at] in ("activated", "already"):
        at += 1
    does_before = _match(tables["does_before"], words, at)
    if does_before:  # "a Summon-negating card"
        at += does_before[0]
        cls["does"] = [does_before[1]]
    prop = _match(tables["properties"], words, at)
    if prop:
        at += prop[0]
        cls["property"] = prop[1]
    kind = _match(tables["types"], words, at)
    if kind is None and at < len(words) and words[at].endswith("'s"):  # "a Continuous Trap's effect"
        bare = words[:at] + [words[at][:-2]]
        kind = _match(tables["types"], bare, at)
        if kind:
            words = bare + ["'s"] + words[at + 1 :]
    if kind:
        at += kind[0]
        cls["type"] = kind[1]
    elif prop and prop[1] == "quick-play":
        cls["type"] = "spell"
    elif prop:
        return None  # "counter", "normal" alone: no kind of card
    card_word = at < len(words) and words[at].rstrip("'s") in tables["card_words"] | {"card"}
    if card_word:
        at += 1
    at > 0 and (words[at - 1].endswith("'s") or words[at - 1].endswith("s'"))
    consumed_mark = 0
    if at < len(words) and words[at] == "'s":
        at += 1
        consumed_mark = 1  # the "'s" split from the type word is no token of its own
    possessive = consumed_mark or (at > 0 and words[at - 1].endswith(("'s", "s'")))
    activation = bool(possessive and "type" in cls and at < len(words) and words[at] in ("activation", "activations"))
    effect = None if activation else _match(tables["effects"], words, at)
    if activation:
        at += 1  # "a Continuous Trap's activation": the card's own activation, no effect of it
    elif effect:
        at += effect[0]
        cls["effect"] = effect[1]
    elif at < len(words) and words[at] in tables["effect_words"] and ("type" in cls or card_word):
        at += 1
        cls["effect"] = "any"  # an effect of the kind, not a card's activation (which one: not said)
    elif at < len(words) and words[at] in tables["effect_words"] and not cls.get("type") and _bare_effect(
            tables, cls, words, at + 1):
        at += 1  # "an effect that decreases DEF", "an ATK-boosting effect": any card or effect that does it
        bare = True
    if at < len(words) and words[at] in tables["does_lead"]:
        does = _match(tables["does"], words, at + 1)
        if does:
            at += 1 + does[0]
            cls.setdefault("does", []).append(does[1])
    if cls.get("effect") == "any":
        del cls["effect"]
        extras["effect_of"] = True
    if (  # "a card", "my opponent's card", "other cards or effects": a card of any kind
        card_word and not cls and det and det[1] not in _ANAPHORIC and words[at - 1] in ("card", "cards")
    ):
        if at + 1 < len(words) and words[at] == "or" and words[at + 1] in tables["effect_words"]:
            at += 2  # "a card or effect": any activation
        return i + at - consumed_mark, {}, extras
    if not cls.get("type") and not cls.get("effect") and not ((card_word or bare) and cls.get("does")):
        return None
    if bare and not set(cls.get("does", ())) <= tables["bare_effect_does"]:
        return None
    return i + at - consumed_mark, cls, extras


def _bare_effect(tables: dict, cls: dict, words: list[str], at: int) -> bool:
    """Whether a bare "effect" names a kind: it says what it does, before or after ("that lowers DEF")."""
    if cls.get("does"):
        return True
    return at < len(words) and words[at] in tables["does_lead"] and _match(tables["does"], words, at + 1) is not None


def describe_kind(cls: dict) -> str:
    """A class of cards as a phrase: "a Counter Trap Card", "a monster's Quick Effect"."""
    kind = cls.get("type")
    prop = _PROPERTY_WORDS.get(cls.get("property", ""), "")
    if kind in ("spell", "trap"):
        head = " ".join(w for w in (prop, kind.capitalize(), "Card") if w)
    elif kind == "monster":
        head = "monster"
    else:
        head = "card"
    text = head
    effect = cls.get("effect")
    if effect:
        text = (
            f"{head}'s {_EFFECT_WORDS.get(effect, 'effect')}"
            if kind or effect == "continuous"
            else _EFFECT_WORDS.get(effect, "effect")
        )
    if cls.get("does"):
        text += " that " + " / ".join(_DOES_WORDS.get(d, "does " + d.replace("_", " ")) for d in cls["does"])
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def find_generic(tokens: list[Token], entities: list[Entity]) -> list[Entity]:
    """Kinds of cards named in the words no card mention covers, plus descriptions in asides."""
    covered = [False] * len(tokens)
    for entity in entities:
        for k in range(entity.first, entity.last):
            covered[k] = True
    found = []
    for entity in entities:  # "Book of Moon (a Quick-Play Spell)": the aside describes the card
        if "text" in entity.aside:
            start, end = entity.aside["text"]
            read = read_kind(tokens, start + 1, end - 1)
            if read and read[0] == end - 1:
                entity.aside["kind"] = read[1]
                entity.aside["tokens"] = (start, end)
                for k in range(start, end):
                    covered[k] = True
    i = 0
    while i < len(tokens):
        if covered[i] or tokens[i].punct:
            i += 1
            continue
        stop = next((k for k in range(i, len(tokens)) if covered[k]), len(tokens))
        read = read_kind(tokens, i, stop)
        if (
            read
            and read[0] + 1 < len(tokens)
            and tokens[read[0]].low == "of"
            and (covered[read[0] + 1] or tokens[read[0] + 1].low in ("the", "a", "an", "my", "your", "their"))
        ):
            read = None  # "the Trigger Effect of X": the effect of a card, read by the story stage
        if read and read[0] < len(tokens) and tokens[read[0]].low == "speed":
            read = None  # "Spell Speed 2" is no Spell Card
        if read and read[1] == {} and (i == 0 or tokens[i - 1].low not in _ANY_CARD_AFTER):
            read = None  # "a card" of any kind only as what is answered: "chained to a card", "negate a card"
        if read:
            end, cls, extras = read
            text = " ".join(t.text for t in tokens[i:end])
            entity = Entity(i, end, "class", text, cls=cls, how="generic", aside=dict(extras))
            found.append(entity)
            i = end
        else:
            i += 1
    return found
