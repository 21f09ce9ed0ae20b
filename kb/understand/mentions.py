"""Stage 1: card mentions, found as spans over the whole question.

A longest-match scan over the words of the question against every card name, nickname and passcode
(word-boundary prefixes of the name keys make it one dictionary probe per word), then:

- quoted text (``"Vision HERO Faris"``) is resolved as a name with :func:`kb.cards.resolve_card` (typos
  welcome, since the quotes say it is a name);
- a one-word name that is also an ordinary word ("Honest", "Reload") counts only when written with a
  capital mid-sentence; game words ("turn", "monster", "effect") never count;
- later short references to a card already named ("Cannahawk" after "Spiritual Beast Cannahawk");
- a misspelt name of two or more words ("solemn judgement") is matched fuzzily by the linker's guarded
  matcher (:func:`kb.card_names.resolve_name`); single words never are;
- an aside in parentheses right after a card ("(Chain Link 2)", "(a Quick-Play Spell)") is attached to it.

The scanner is built once per knowledge base file (:func:`mention_index`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlmodel import Session

from ..errors import AmbiguousError, KbError, NotFoundError
from ..card_names import RULE_WORDS, CardNameIndex, build_name_index, resolve_name
from ..text import name_key
from ..version_cache import VersionCache, session_version
from .short_names import card_slot, short_name_entities, take_forced
from .tokens import Token
from .vocabulary import grammar_words

__all__ = ["Entity", "MentionIndex", "mention_index", "find_mentions", "CHAIN_LINK_ASIDE"]

MAX_NAME_WORDS = 16
FUZZY_RUN_WORDS = 6  # longest run of words tried as a misspelt name
NAME_JOINERS = frozenset({"of", "the", "and", "&", "-", "a", "de", "la", "in", "to"})
CHAIN_LINK_ASIDE = re.compile(r"^\(\s*chain link (\d+)\s*\)$", re.I)


@dataclass
class Entity:
    """A card (named or of a kind) mentioned in the question, over tokens ``first`` .. ``last - 1``."""

    first: int
    last: int
    kind: str  # "card" | "class" | "family" (a word that begins several names: which card is not said)
    text: str
    card_id: int | None = None
    name: str | None = None
    cls: dict | None = None
    how: str = "exact"
    aside: dict = field(default_factory=dict)

    def label(self) -> str:
        """How the card reads in the understood sentence."""
        return self.name if self.kind == "card" else self.text


@dataclass
class MentionIndex:
    """Card names, nicknames and passcodes as keys, with their word-boundary prefixes."""

    full: dict[str, tuple[int, str]]  # key -> (card id, "name" | "alias")
    prefixes: set[str]
    # the first two or more words of exactly one card's name ("Ash Blossom"): card id (None: several)
    leading: dict[str, int | None]
    names: dict[int, str]
    linker: CardNameIndex
    # the first word of two or more cards' names ("Tearlaments"): those cards, in name order
    families: dict[str, list[int]] = field(default_factory=dict)
    # the first word of exactly one card's name of two or more words ("Peten"): that card
    sole_first: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, linker: CardNameIndex) -> "MentionIndex":
        full: dict[str, tuple[int, str]] = {}
        prefixes: set[str] = set()
        leading: dict[str, int | None] = {}
        entries = [
            (name, card_id, "name")
            for card_id, name in linker.names.items()
            if linker.by_key.get(name_key(name)) == card_id
        ]
        alias_names = {key: key for key in linker.aliases}
        for key, card_id in linker.aliases.items():
            entries.append((alias_names[key], card_id, "alias"))
        for written, card_id, how in entries:
            parts = [name_key(p) for p in re.split(r"[\s-]+", written) if name_key(p)]
            if not parts:
                continue
            key = "".join(parts)
            if how == "alias":  # alias keys are already reduced: any character may end a written word
                key, parts = written, [written[:k] for k in range(1, len(written))] + [""]
            full.setdefault(key, (card_id, how))
            running = ""
            for count, part in enumerate(parts[:-1], 1):
                running = part if how == "alias" else running + part
                prefixes.add(running)
                if how == "name" and count >= 2:
                    leading[running] = card_id if leading.get(running, card_id) == card_id else None
        first: dict[str, list[int]] = {}
        for written, card_id, how in entries:
            parts = [name_key(p) for p in re.split(r"[\s-]+", written) if name_key(p)]
            if how == "name" and len(parts) >= 2:
                first.setdefault(parts[0], []).append(card_id)
                word = name_key(written.split()[0])  # "Blue-Eyes" as one word
                if word != parts[0] and len(written.split()) >= 2:
                    first.setdefault(word, []).append(card_id)
        families = {
            key: sorted(set(ids), key=lambda c: linker.names[c])
            for key, ids in first.items()
            if len(set(ids)) >= 2
        }
        return cls(
            full=full,
            prefixes=prefixes,
            leading=leading,
            names=dict(linker.names),
            linker=linker,
            families=families,
            sole_first={key: ids[0] for key, ids in first.items() if len(set(ids)) == 1},
        )


_CACHE: VersionCache[MentionIndex] = VersionCache()


def mention_index(session: Session) -> MentionIndex:
    """The scanner of the session's knowledge base, built once per process and store version (a new
    version drops the previous one's scanner: :mod:`kb.version_cache`)."""
    version = session_version(session)
    if version is None:
        return MentionIndex.build(build_name_index(session))
    return _CACHE.get(version.directory, version.stamp, lambda: MentionIndex.build(build_name_index(session)))


# ----------------------------------------------------------------------------------------- scanning


def _sentence_start(tokens: list[Token], i: int) -> bool:
    j = i - 1
    while j >= 0 and tokens[j].punct and tokens[j].text in "\"'(":
        j -= 1
    return j < 0 or (tokens[j].punct and tokens[j].text in ".?!;:")


def _game_word(key: str) -> bool:
    return key in RULE_WORDS or key in grammar_words()


def _acceptable(index: MentionIndex, tokens: list[Token], i: int, j: int, how: str) -> bool:
    """Whether the words ``i..j-1`` that spell a card name (or nickname) are meant as that card."""
    words = [t for t in tokens[i:j] if not t.punct]
    keys = [t.bare_key for t in words]
    if j < len(tokens) and tokens[j].low in ("token", "tokens"):
        return False  # "a Primal Being Token" is a Token, not the card
    if len(words) == 1:
        key, token = keys[0], words[0]
        if _game_word(key) or key.isdigit():
            return False
        if len(key) < 3:
            return how == "alias" and token.text.isupper() and len(token.text) >= 2  # "TT", "DM"
        if key in index.linker.ordinary:  # "Reload", "Change": only as a capitalised name mid-sentence
            return token.capitalised and not _sentence_start(tokens, i)
        if key in index.linker.terms and how != "alias":  # a glossary term or heading ("Honest")
            return token.capitalised
        return True
    if all(k in RULE_WORDS or k in grammar_words() or k.isdigit() for k in keys):
        # "Trap Card", "Chain Link": rule words, unless capitalised as a name mid-sentence ("Negate Attack"),
        # or a whole name standing where the question needs a card ("can counter counter negate ...")
        if all(t.capitalised for t in words) and not _sentence_start(tokens, i):
            return True
        return how == "name" and "".join(keys) not in index.linker.terms and card_slot(tokens, i, j)
    if "".join(keys) in index.linker.terms and all(k in index.linker.ordinary for k in keys):
        return False
    return True


def _has_name_word(index: MentionIndex, tokens: list[Token]) -> bool:
    """Whether some word is neither ordinary English nor game vocabulary ("Ash" in "Ash Blossom")."""
    return any(
        not t.punct and t.bare_key not in index.linker.ordinary and not _game_word(t.bare_key) for t in tokens
    )


def _possessive_of_name(index: MentionIndex, stem: str) -> bool:
    """Whether one word less its final "s" is a whole one-word card name or nickname ("goblindberghs effect",
    "apollousas spell speed"), not an ordinary or game word."""
    entry = index.full.get(stem)
    return (
        entry is not None and entry[1] in ("name", "alias") and len(stem) >= 5
        and stem not in index.linker.ordinary and not _game_word(stem)
    )


def _longest_at(
    index: MentionIndex, tokens: list[Token], i: int, covered: list[bool], table: dict | None = None
) -> tuple[int, int, str] | None:
    """(end token, card id, how) of the longest name starting at token ``i``: a whole name or nickname,
    else the leading words of exactly one name ("Ash Blossom"); with ``table``, a short reference."""
    full = table if table is not None else index.full
    best = lead = None
    running = ""
    words = 0
    for j in range(i, min(len(tokens), i + MAX_NAME_WORDS * 2)):
        token = tokens[j]
        if covered[j] or (token.punct and token.text not in ",-&") or (token.punct and j == i):
            break
        if not token.punct:
            words += 1
            # in this order (the words as typed first): of two names as long, the first is taken, whatever
            # the process's string hashing ("twisters": the nickname, not "Twister" + a possessive "s")
            said = dict.fromkeys((running + token.key, running + token.bare_key))
            if token.key.endswith("s") and len(token.key) > 3 and (words >= 2 or _possessive_of_name(index, token.key[:-1])):
                said[running + token.key[:-1]] = None  # "the magical warriors effect": a possessive with no "'"
            for candidate in said:
                if candidate in full and (best is None or j + 1 > best[0]):
                    best = (j + 1, *full[candidate])
                owner = index.leading.get(candidate) if table is None else None
                if owner is not None and words >= 2 and _has_name_word(index, tokens[i : j + 1]):
                    lead = (j + 1, owner, "prefix")
        running += token.key
        if table is not None:
            if words >= 4:
                break
        elif running not in index.prefixes:
            break
    if lead and (best is None or lead[0] > best[0]):
        return lead
    return best


def _typo_of(typed: str, name: str) -> bool:
    """Whether a fuzzy match reads as a misspelling of ``name``: it keeps the name's first letter (a typo
    seldom drops or changes the first one; "em turtle" is not "Gem-Turtle" misspelt but maybe a nickname of
    another card)."""
    typed_key, name_key_ = name_key(typed), name_key(name)
    return bool(typed_key and name_key_) and typed_key[0] == name_key_[0]


def _misspelt_longer(
    index: MentionIndex, tokens: list[Token], i: int, covered: list[bool]
) -> tuple[int, int, str] | None:
    """A one-word nickname followed by a word that with it spells a misspelt name ("brain controll"):
    the name, as the guarded fuzzy matcher reads the two words."""
    j = i + 1
    if j >= len(tokens) or covered[j] or tokens[j].punct or tokens[j].low in grammar_words():
        return None
    match = resolve_name(index.linker, f"{tokens[i].text} {tokens[j].text}")
    if match.linked and match.how == "fuzzy" and _typo_of(f"{tokens[i].text} {tokens[j].text}",
                                                        index.names[match.card_id]):
        return j + 1, match.card_id, "fuzzy"
    return None


# --- misspelt names around an exact part ("emergancy teleport", "solem warning", "crush card virs") ---
WIDEN_LEFT_WORDS = 2
WIDEN_RIGHT_WORDS = 4


def _widen_misspelt(index: MentionIndex, tokens: list[Token], entities: list[Entity], covered: list[bool]) -> None:
    """A name found exactly inside a misspelt longer one ("teleport" in "emergancy teleport", the nickname
    "witch" in "witch of the black forrest", the leading "crush card" of "crush card virs") grows over the
    unused words beside it when the guarded fuzzy matcher reads the wider words as one card's name; the
    widest such reading wins.  Words of the question's grammar never join a name (only joiners inside)."""
    grammar = grammar_words()

    def usable(k: int) -> bool:
        token = tokens[k]
        return not covered[k] and not token.punct and bool(token.key) and (
            token.low not in grammar or token.low in NAME_JOINERS
        )

    for entity in entities:
        if entity.kind != "card" or entity.how not in ("name", "alias", "prefix"):
            continue
        left = entity.first
        while left > 0 and entity.first - left < WIDEN_LEFT_WORDS and usable(left - 1):
            left -= 1
        right = entity.last
        while right < len(tokens) and right - entity.last < WIDEN_RIGHT_WORDS and usable(right):
            right += 1
        if left == entity.first and right == entity.last:
            continue
        spans = sorted(
            ((a, b) for a in range(left, entity.first + 1) for b in range(entity.last, right + 1)
             if (a, b) != (entity.first, entity.last)),
            key=lambda span: span[0] - span[1],
        )
        for a, b in spans:
            if tokens[a].low in NAME_JOINERS or tokens[b - 1].low in NAME_JOINERS:
                continue
            text = " ".join(t.text for t in tokens[a:b])
            match = resolve_name(index.linker, text)
            if not (match.linked and match.how in ("fuzzy", "exact", "alias", "plural")):
                continue
            if match.how == "fuzzy" and not _typo_of(text, index.names[match.card_id]):
                continue
            if len(name_key(index.names[match.card_id])) < len(name_key(entity.name or "")):
                continue
            for k in range(a, b):
                covered[k] = True
            entity.first, entity.last, entity.text = a, b, text
            entity.card_id, entity.name, entity.how = match.card_id, index.names[match.card_id], "fuzzy"
            break


def _name_around_quotes(index: MentionIndex, tokens: list[Token], i: int, j: int) -> tuple[int, int] | None:
    """(first token, card id) of the longest card name that ends with the quoted words ``i..j`` and
    starts with words before them (names printed with quotes in them); None when there is none."""
    best = None
    key = "".join(t.key for t in tokens[i : j + 1])
    for start in range(i - 1, max(-1, i - MAX_NAME_WORDS - 1), -1):
        if tokens[start].punct:
            break
        key = tokens[start].key + key
        if key in index.full:
            best = (start, index.full[key][0])
    return best


def _quoted(session: Session, index: MentionIndex, tokens: list[Token], covered: list[bool]) -> list[Entity]:
    """Names in double quotes, resolved as typed names (nicknames and typos included)."""
    from ..cards import match_name, name_index

    exact = name_index(session)
    found = []
    opens = [i for i, t in enumerate(tokens) if t.punct and t.text == '"']
    while len(opens) >= 2:
        i, j = opens[0], opens[1]
        opens = opens[2:]
        inner = tokens[i + 1 : j]
        if not inner or j - i > 2 * MAX_NAME_WORDS:
            continue
        whole = _name_around_quotes(index, tokens, i, j)
        if whole is not None:  # the quotes are part of a name: Maxx "C", Confronting the "C"
            start, card_id = whole
            text = " ".join(t.text for t in tokens[start : j + 1])
            found.append(Entity(start, j + 1, "card", text, card_id, index.names[card_id], how="exact"))
            for k in range(start, j + 1):
                covered[k] = True
            continue
        text = " ".join(t.text for t in inner)
        try:
            card = exact.lookup(text) or match_name(session, text, strict=True)
        except AmbiguousError:
            raise
        except NotFoundError:
            continue  # a quoted phrase that is no card name ('when this card is Special Summoned')
        found.append(Entity(i, j + 1, "card", f'"{text}"', card.card_id, card.name, how="quoted"))
        for k in range(i, j + 1):
            covered[k] = True
    return found


def _short_references(index: MentionIndex, entities: list[Entity]) -> dict[str, tuple[int, str]]:
    """Parts of names already mentioned, by which the question may refer to the card again."""
    table: dict[str, tuple[int, str]] = {}
    for entity in entities:
        if entity.kind != "card":
            continue
        words = [name_key(w) for w in re.split(r"[\s,]+", entity.name) if name_key(w)]
        for size in range(1, min(4, len(words))):
            for start in range(0, len(words) - size + 1):
                part = words[start : start + size]
                if all(w in index.linker.ordinary or w in RULE_WORDS or w in NAME_JOINERS for w in part):
                    continue
                key = "".join(part)
                if len(key) >= 4 and key not in index.full:
                    table.setdefault(key, (entity.card_id, "reference"))
                    if key.endswith("s") is False:
                        table.setdefault(key + "s", (entity.card_id, "reference"))
    return table


def _fuzzy_runs(index: MentionIndex, tokens: list[Token], covered: list[bool]) -> list[Entity]:
    """Misspelt names of two or more words among the words no other stage used."""
    found = []
    grammar = grammar_words()
    runs, run = [], []
    for i, token in enumerate(tokens):
        usable = (
            not covered[i]
            and not token.punct
            and token.key
            and (token.low not in grammar or token.low in NAME_JOINERS)
        )
        if usable:
            run.append(i)
        else:
            if run:
                runs.append(run)
            run = []
    if run:
        runs.append(run)
    for run in runs:
        while run and tokens[run[0]].low in NAME_JOINERS:
            run = run[1:]
        while run and tokens[run[-1]].low in NAME_JOINERS:
            run = run[:-1]
        if len(run) < 2:
            continue
        done = False
        for size in range(min(len(run), FUZZY_RUN_WORDS), 1, -1):
            for start in range(0, len(run) - size + 1):
                part = run[start : start + size]
                if tokens[part[0]].low in NAME_JOINERS or tokens[part[-1]].low in NAME_JOINERS:
                    continue
                if all(tokens[k].bare_key in index.linker.ordinary for k in part):
                    continue
                text = " ".join(tokens[k].text for k in part)
                match = resolve_name(index.linker, text)
                if match.linked and match.how in ("fuzzy", "exact", "alias", "plural") and (
                    match.how != "fuzzy" or _typo_of(text, index.names[match.card_id])
                ):
                    found.append(
                        Entity(
                            part[0],
                            part[-1] + 1,
                            "card",
                            text,
                            match.card_id,
                            index.names[match.card_id],
                            how="fuzzy",
                        )
                    )
                    for k in part:
                        covered[k] = True
                    done = True
                    break
            if done:
                break
    return found


def _attach_asides(tokens: list[Token], entities: list[Entity], covered: list[bool]) -> None:
    """ "X (Chain Link 2)": the link number joins X and the aside's words are used."""
    for entity in entities:
        i = entity.last
        if i < len(tokens) and tokens[i].text == "(":
            close = next((k for k in range(i + 1, min(len(tokens), i + 12)) if tokens[k].text == ")"), None)
            if close is None or any(covered[k] for k in range(i + 1, close)):
                continue
            inner = " ".join(t.text for t in tokens[i : close + 1])
            number = CHAIN_LINK_ASIDE.match(inner.replace("( ", "(").replace(" )", ")"))
            if number:
                entity.aside["link"] = int(number.group(1))
                entity.aside["tokens"] = (i, close + 1)
            else:
                entity.aside["text"] = (i, close + 1)  # a description; the generic stage reads it


_NAME_TAIL = re.compile(r"[!?]+$")


def _closing_punctuation(tokens: list[Token], end: int, covered: list[bool], name: str) -> int:
    """The end of a mention whose card's name ends in "!" or "?" ("Swift Samurai Storm!", "Ojama Delta
    Hurricane!!"): the marks typed right after the words belong to the name, not to the sentence."""
    tail = _NAME_TAIL.search(name)
    for mark in tail.group() if tail else "":
        if end < len(tokens) and not covered[end] and tokens[end].punct and tokens[end].text == mark:
            end += 1
        else:
            break
    return end


def find_mentions(session: Session, tokens: list[Token]) -> list[Entity]:
    """The cards named in the question, in order (see the module doc).

    :raises AmbiguousError: a quoted name matches several cards about equally well.
    """
    index = mention_index(session)
    covered = [False] * len(tokens)
    entities = _quoted(session, index, tokens, covered)
    for passes in ("names", "references"):
        table = None if passes == "names" else _short_references(index, entities)
        if passes == "references" and not table:
            continue
        i = 0
        while i < len(tokens):
            if covered[i] or tokens[i].punct:
                i += 1
                continue
            found = _longest_at(index, tokens, i, covered, table)
            if found and found[2] == "alias" and found[0] == i + 1 and table is None:
                found = _misspelt_longer(index, tokens, i, covered) or found
            if found and _acceptable(index, tokens, i, found[0], found[2]):
                end, card_id, how = found
                end = _closing_punctuation(tokens, end, covered, index.names[card_id])
                text = " ".join(t.text for t in tokens[i:end])
                entities.append(Entity(i, end, "card", text, card_id, index.names[card_id], how=how))
                for k in range(i, end):
                    covered[k] = True
                i = end
            else:
                i += 1
    for token_i, token in enumerate(tokens):  # passcodes
        if not covered[token_i] and re.fullmatch(r"\d{7,9}", token.text):
            card_id = index.linker.passwords.get(int(token.text))
            if card_id is not None:
                entities.append(
                    Entity(
                        token_i,
                        token_i + 1,
                        "card",
                        token.text,
                        card_id,
                        index.names[card_id],
                        how="passcode",
                    )
                )
                covered[token_i] = True
    _widen_misspelt(index, tokens, entities, covered)
    try:
        entities += _fuzzy_runs(index, tokens, covered)
    except KbError:  # pragma: no cover - the linker raises none today; a failed guess is no mention
        pass
    entities += short_name_entities(session, index, tokens, covered, _game_word, Entity)  # "blue eyes"
    entities += _family_words(index, tokens, covered, _capitalises_names(tokens, entities))
    take_forced(index, entities)  # a family word asked again as each of its cards (short_names.py)
    entities.sort(key=lambda e: e.first)
    _attach_asides(tokens, entities, covered)
    return entities


MAX_FAMILY_CANDIDATES = 10


def _capitalises_names(tokens: list[Token], entities: list[Entity]) -> bool:
    """Does the writer capitalise card names? A card named in the question, not at the start of a
    sentence, written with a capital ("… activate Rush Recklessly to …")."""
    return any(e.kind == "card" and e.text[:1].isupper() and not _sentence_start(tokens, e.first)
               for e in entities)


def _family_words(index: MentionIndex, tokens: list[Token], covered: list[bool],
                  capitalised: bool = False) -> list[Entity]:
    """Words left over that are no ordinary or game word but the first word of several cards' names
    ("can tearlaments chain to ..."): ``family`` entities.  Where the question needs a card there, the
    name is ambiguous (:func:`ambiguous_family`); elsewhere the word is only an unused word.  The first
    word of exactly one card's name is that card (``how="first_word"``).  When the writer capitalises
    the names of cards (``capitalised``), a word in lower case is a word, not a name ("to raise its ATK")."""
    found = []
    for i, token in enumerate(tokens):
        if covered[i] or token.punct or len(token.bare_key) < 4 or token.bare_key.isdigit():
            continue
        if capitalised and token.text.islower() and not _sentence_start(tokens, i):
            continue
        if i + 1 < len(tokens) and tokens[i + 1].low in ("token", "tokens"):
            continue
        key = next((k for k in (token.key, token.bare_key) if k in index.families), None)
        if key is None:  # the first word of exactly one name ("peten"): that card, as players shorten it
            sole = next((k for k in (token.key, token.bare_key) if k in index.sole_first), None)
            if sole and sole not in index.linker.ordinary and sole not in index.linker.terms and not _game_word(sole):
                card_id = index.sole_first[sole]
                found.append(Entity(i, i + 1, "card", token.text, card_id, index.names[card_id], how="first_word"))
                covered[i] = True
            continue
        if key in index.linker.ordinary or key in index.linker.terms or _game_word(key):
            continue
        cards = [index.names[c] for c in index.families[key]]
        found.append(Entity(i, i + 1, "family", token.text, how="family", aside={"candidates": cards}))
        covered[i] = True
    return found


def ambiguous_family(entity: Entity) -> AmbiguousError:
    """The error for a ``family`` word asked about as a card, with the cards it begins as candidates."""
    cards = entity.aside["candidates"]
    more = len(cards) - MAX_FAMILY_CANDIDATES
    error = AmbiguousError(
        f"{entity.text!r} begins the names of {len(cards)} cards"
        + (f" ({more} not listed)" if more > 0 else "")
        + "; name the card",
        candidates=cards[:MAX_FAMILY_CANDIDATES],
    )
    error.family = (entity.text, list(cards))  # asked again for each card (short_names.same_for_every_card)
    return error
