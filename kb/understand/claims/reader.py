"""The claim reader: a question in words as concepts (:mod:`.tagger`), matched against the claims table.

A claim matches when the question's form is one of its forms, every concept the question carries is
required or tolerated by the claim, every required concept is said (a named card says the kinds it is:
an Axe of Despair is an example of an Equip Spell), every named card is explained by the claim, and no
word is left unexplained.  When the claim says which concept is asked ("is a discarded card sent?" vs "is
a sent card discarded?"), the asked concept must come after the marker ("treated as") or, without one,
last, with no "when"/"if" between.  The frame asks ``{"ask": "claim", "claim": [ids], ...}`` (answered by
:mod:`.answer`); two matching claims with different answers are both kept (the answer is then unknown).
"""

from __future__ import annotations

from ..frame_model import Frame
from ..tokens import tokenize
from .summon_only import summon_only_kind
from .table import Claim, candidates
from .tagger import Tagged, concept_table, tag

__all__ = ["card_kinds", "match_claims", "read_claim", "tag_question"]

_CLAUSE_ENDS = {",", ";", ".", ":", "?", "!"}
_SUBORDINATORS = frozenset({"when", "if", "after", "once", "because", "since", "while", "whenever"})
_ACT_LIKE = ("act", "role", "state")
_RELATIVES = frozenset({"that", "which", "who", "whose"})
_AUXILIARIES = frozenset({"was", "is", "has", "had", "were", "are", "been", "i", "you", "it"})

_ABILITY_KINDS = {
    "Xyz": "xyz", "Link": "link", "Pendulum": "pendulum", "Ritual": "ritual_monster", "Fusion": "fusion_monster",
    "Synchro": "synchro_monster", "Gemini": "gemini", "Union": "union", "Normal": "normal_monster",
    "Effect": "effect_monster", "Tuner": "tuner",
}
_PROPERTY_KINDS = {
    ("Spell", "Equip"): "equip_spell", ("Spell", "Field"): "field_spell", ("Spell", "Continuous"): "continuous_spell",
    ("Spell", "Quick-Play"): "quick_play_spell", ("Spell", "Normal"): "normal_spell", ("Spell", "Ritual"): "ritual_spell",
    ("Trap", "Normal"): "normal_trap", ("Trap", "Continuous"): "continuous_trap", ("Trap", "Counter"): "counter_trap",
}
_EXTRA = frozenset({"Xyz", "Link", "Fusion", "Synchro"})


def card_kinds(card) -> frozenset[str]:
    """The kind concepts a card (a :class:`kb.models.Card`) is an example of."""
    out = set()
    if card.card_type == "Monster":
        out.add("monster")
        abilities = set(card.abilities or [])
        out |= {_ABILITY_KINDS[a] for a in abilities if a in _ABILITY_KINDS}
        if abilities & _EXTRA:
            out.add("extra_deck_monster")
        level = card.level
        if level is not None and not abilities & {"Xyz", "Link"}:
            out.add("level_4_minus" if level <= 4 else "level_5_plus")
            if level >= 7:
                out.add("level_7_plus")
        only = summon_only_kind(card)  # Nomi / Semi-Nomi, read from the card's text (summon_only.toml)
        if only:
            out.add(only)
    else:
        out.add(card.card_type.lower())
        kind = _PROPERTY_KINDS.get((card.card_type, card.property))
        if kind:
            out.add(kind)
    return frozenset(out)


def tag_question(tokens, entities) -> tuple[Tagged, list[tuple[int, int]]]:
    """The question's words tagged, and ``(entity index, word position)`` of each named card."""
    owner = {}
    for n, entity in enumerate(entities):
        if entity.kind == "card":
            for k in range(entity.first, entity.last):
                owner[k] = n
            if "tokens" in entity.aside:
                for k in range(*entity.aside["tokens"]):
                    owner[k] = n
    words: list[str | None] = []
    starts, cards = {0}, []
    for i, token in enumerate(tokens):
        if i in owner:
            if i == 0 or owner.get(i - 1) != owner[i]:
                cards.append((owner[i], len(words)))
            words.append(None)
        elif token.punct:
            if token.text in _CLAUSE_ENDS:
                starts.add(len(words) + 1)
            words.append(None)
        else:
            words.append(token.text)
    return tag(words, starts | _main_clause_start(words, starts)), cards, words


_MODALS = frozenset({"can", "could", "may", "must"})


def _main_clause_start(words: list, starts: set[int]) -> set[int]:
    """The start of the main clause after a leading subordinate clause typed without a comma ("if my opponent
    has no monsters can i attack directly"): the question's one modal word, when the question opens with a
    subordinator and has no clause end before its last word; else nothing (read as with the comma)."""
    said = [k for k, w in enumerate(words) if w is not None]
    if not said or words[said[0]].lower() not in _SUBORDINATORS or any(0 < s <= said[-1] for s in starts):
        return set()
    modals = [k for k in said if words[k].lower() in _MODALS]
    return {modals[0]} if len(modals) == 1 and modals[0] > said[0] + 1 else set()


def _asked_fits(claim: Claim, tagged: Tagged, words: list) -> bool:
    """Whether the asked concepts of ``claim`` are the ones the question asks (see the module doc)."""
    if not claim.asked:
        return True
    category = concept_table()["category"]
    asked_at = [p for c in claim.asked for p in tagged.positions(c)]
    given_at = [t.start for t in tagged.tags if t.kind == "concept" and t.value not in claim.asked
                and category[t.value] in _ACT_LIKE and any(t.value in g for g in claim.requires)]
    if not asked_at or not given_at:
        return False
    marker = tagged.marker_at()
    if marker is not None:
        return min(asked_at) > marker and max(given_at) < marker
    if claim.marker:
        return False
    form_at = tagged.form_at()
    if tagged.form in ("can", "must"):  # "can I X a monster that Y'd?": X is asked, the first act after the form
        after = [p for p in asked_at + given_at if p > form_at and not _relative(words, p)]
        return bool(after) and min(after) in asked_at and not any(p in asked_at for p in given_at)
    sub = next((k for k in range(form_at + 1, len(words)) if words[k] and words[k].lower() in _SUBORDINATORS), None)
    if sub is not None:  # "is X destroyed when Y ...?": the asked predicate ends the main clause
        main = [p for p in given_at if form_at < p < sub]
        return all(form_at < p < sub for p in asked_at) and all(p < min(asked_at) for p in main)
    return min(asked_at) > max(given_at)  # "is a discarded card sent to the GY?": the predicate comes last


def _relative(words: list, at: int) -> bool:
    """Whether the word at ``at`` opens a relative clause ("a monster that attacked", "which was Set")."""
    before = [w.lower() for w in words[max(0, at - 2):at] if w]
    return bool(before) and (before[-1] in _RELATIVES or len(before) == 2 and before[0] in _RELATIVES
                             and before[1] in _AUXILIARIES)


def _kind_in_condition(claim: Claim, tagged: Tagged, words: list) -> bool:
    """Whether a kind the claim is about is said only in a trailing condition ("can I use a monster as
    Synchro Material if I control a Link Monster?": the Link Monster is not what is used)."""
    form_at = tagged.form_at()
    sub = next((k for k in range(form_at + 1, len(words)) if words[k] and words[k].lower() in _SUBORDINATORS), None)
    if sub is None:
        return False
    category = concept_table()["category"]
    for group in claim.requires:
        at = [t.start for t in tagged.tags if t.kind == "concept" and t.value in group]
        if at and all(category[t.value] == "kind" for t in tagged.tags if t.kind == "concept" and t.value in group) \
                and min(at) > sub:
            return True
    return False


def _order_fits(claim: Claim, tagged: Tagged) -> bool:
    """Whether each ``before`` pair of the claim, when both are said, is said in its order ("a Link Monster in
    a Main Monster Zone point to ...": the zone it is in; "point to my opponent's Main Monster Zone": only the
    zone pointed to; "I took control of my opponent's monster" vs "my opponent took control")."""
    for first, then in claim.before:
        a, b = tagged.positions(first), tagged.positions(then)
        if a and b and min(a) > min(b):
            return False
    for first, then in claim.all_before:  # "after I attack, my opponent Summons", not "..., and I Summon"
        a, b = tagged.positions(first), tagged.positions(then)
        if a and b and max(a) > min(b):
            return False
    return True


def _card_order_fits(claim: Claim, tagged: Tagged, card_kind_sets: list, card_at) -> bool:
    """Whether each ``before`` pair holds with a named card standing at its place for the kinds it is
    ("can I respond to Pot of Greed": the Normal Spell is what is responded to, not what responds); a card
    named only in a story sentence before the question ("I activate Pot of Greed. Can I respond to it?") is
    not the first of a pair."""
    if not card_at or not claim.before:
        return True
    placed: dict[str, list[int]] = {}
    for kinds, at in zip(card_kind_sets, card_at):
        for kind in kinds:
            placed.setdefault(kind, []).append(at)
    form_at = tagged.form_at()
    for first, then in claim.before:
        said, cards = tagged.positions(first), placed.get(first, [])
        b = tagged.positions(then) + placed.get(then, [])
        if b and cards and not said and all(at < form_at for at in cards):
            return False
        a = said + cards
        if a and b and min(a) > min(b):
            return False
    return True


def _card_in_condition(tagged: Tagged, words: list, cards: list) -> bool:
    """Whether a named card is said in a trailing condition ("can I activate Mirror Force while Jinzo is in my
    hand?"): what that card is or does is not a concept of any claim, and it may change the answer."""
    form_at = tagged.form_at()
    sub = next((k for k in range(form_at + 1, len(words)) if words[k] and words[k].lower() in _SUBORDINATORS), None)
    return sub is not None and any(at > sub for _index, at in cards)


def category_of(concept: str) -> str | None:
    """The category of a concept (act, role, kind ...)."""
    return concept_table()["category"].get(concept)


def match_claims(tagged: Tagged, card_kind_sets: list[frozenset[str]], words: list, card_at=()) -> list[Claim]:
    """The claims the tagged question (with the kinds of its named cards, said at the word places ``card_at``)
    says, in table order."""
    if tagged.unexplained or tagged.form is None:
        return []
    said = tagged.concepts
    out = []
    carried = set().union(*card_kind_sets) if card_kind_sets else set()
    for claim in candidates(tagged.form, said):  # the claims of the form allowing every concept said
        if claim.excludes & (said | carried) or claim.marker and tagged.marker_at() is None:
            continue
        if any(not (group & said) and not (group & carried) for group in claim.requires):
            continue
        if any(not (kinds & claim.allowed) for kinds in card_kind_sets):
            continue  # a named card the claim does not speak of
        kind_groups = [g for g in claim.requires if all(category_of(c) == "kind" for c in g)]
        if tagged.form == "fact" and kind_groups and any(not any(kinds & g for g in kind_groups)
                                                         for kinds in card_kind_sets):
            continue  # "is Sangan treated as a Trap Card when equipped": the card is not of the kind the claim is about
        if _asked_fits(claim, tagged, words) and not _kind_in_condition(claim, tagged, words) \
                and _order_fits(claim, tagged) and _card_order_fits(claim, tagged, card_kind_sets, card_at):
            out.append(claim)
    return out


def read_claim(session, text: str, entities) -> Frame | None:
    """The claim frame of a question (its tokens re-read from ``text``, its card mentions ``entities``), or
    None when no claim reads every word of it."""
    from ..tokens import MAX_QUESTION_CHARS

    if any(e.kind == "family" for e in entities):
        return None  # a word that begins several names: which card is not said
    tokens = tokenize(text[:MAX_QUESTION_CHARS])
    words_only = [e for e in entities if not _game_words_only(tokens, e)]
    if len(words_only) < len(entities):  # a card whose name is only game words ("Synchro Material", "last turn")
        frame = _read(session, tokens, words_only)  # read as the words first
        if frame is not None:
            return frame
    return _read(session, tokens, entities)


def _game_words_only(tokens, entity) -> bool:
    """Whether a named card's span (not quoted) is wholly read as concepts of the claims vocabulary."""
    if entity.kind != "card" or entity.first > 0 and tokens[entity.first - 1].text in "\"'":
        return False
    words = [t.text for t in tokens[entity.first:entity.last]]
    read = tag(words, set())
    return bool(read.concepts) and not read.unexplained


def _read(session, tokens, entities) -> Frame | None:
    from ...cards import card_by_id

    tagged, cards, words = tag_question(tokens, entities)
    if len(cards) > 2 or _card_in_condition(tagged, words, cards):
        return None
    named = []
    for index, _at in cards:
        card_id = entities[index].card_id
        card = card_by_id(session, card_id) if card_id is not None else None
        if card is None:
            return None
        named.append(card)
    matched = match_claims(tagged, [card_kinds(c) for c in named], words, [at for _index, at in cards])
    if not matched:
        return None
    question = {"ask": "claim", "claim": [c.id for c in matched], "concepts": sorted(tagged.concepts)}
    if named:
        question["cards"] = [c.name for c in named]
    understood = " / ".join(dict.fromkeys(c.said for c in matched))
    if named:
        understood += " (" + ", ".join(f"{c.name} read as an example of its kind" for c in named) + ")"
    return Frame(question, f"Rule: {understood}", used_entities={i for i, _ in cards}, uses_story=True)
