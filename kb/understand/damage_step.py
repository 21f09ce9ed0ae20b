"""Damage Step fact questions read whole: when the effects an attack starts activate
("My face-down Flip monster is attacked. When does its Flip effect activate?", "... Does it activate right
then?", "Is it activated only after damage calculation?").  Answered by :mod:`kb.engine.damage_step`.

The question is read sentence by sentence over the skeleton (kinds of cards as their words, named cards
as ``e<N>``): every sentence but the last must be a story shape, the last a question shape; a sentence
no shape reads whole gives no frame, so nothing the question says is left out.  The words are data
(``damage_step_words.toml``).  That the monster has an effect that activates when flipped face-up must
be said (a "Flip monster", "with a Flip effect", "its Flip effect", or a named card whose text has one).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .frame import Frame
from .skeleton import Skeleton
from .vocabulary import phrase_alternation, word_file

__all__ = ["read_damage_step", "words", "plain", "same_card", "TIMING_PHRASES"]

WORDS_FILE = Path(__file__).with_name("damage_step_words.toml")
_QUOTES = {"'", '"', "\u2018", "\u2019", "\u201c", "\u201d", "`"}
_OPENERS = ("if", "when", "once", "after", "suppose")
_ASKING = ("does", "do", "is", "are", "can", "will", "would", "when", "at", "in")


def words() -> dict:
    """The word file, parsed."""
    return word_file(WORDS_FILE)


@lru_cache(maxsize=None)
def alt(*path: str) -> str:
    """A regex alternation of the phrases at ``path`` of the word file (longest first)."""
    return phrase_alternation(words(), *path)


def _next_word(skeleton: Skeleton, i: int) -> str | None:
    later = [k for k in skeleton.live() if k > i]
    return skeleton.pieces[later[0]].text if later else None


def _sentences(skeleton: Skeleton, raw: bool = False) -> list[tuple[str, list[int]]]:
    """The question as sentences of words, each with the card mentions it holds; a leading "if/when ...,"
    clause is a sentence of its own.  ``raw``: with the words absorbed into a card ("the effects of")."""
    out, words, ents = [], [], []
    for i in (range(len(skeleton.pieces)) if raw else skeleton.live()):
        piece = skeleton.pieces[i]
        if piece.entity is not None:
            entity = skeleton.entities[piece.entity]
            words.append(entity.text.lower().strip("'\"\u2018\u2019\u201c\u201d ") if entity.kind in ("class", "family")
                         else piece.text)  # a family mention ("self-destruct") is its word here
            ents.append(piece.entity)
        elif piece.text in (".", "?", "!", ";"):
            if words:
                out.append((" ".join(words), ents))
            words, ents = [], []
        elif piece.text == "," and words and words[0] in _OPENERS and not out:
            out.append((" ".join(words[1:]), ents))
            words, ents = [], []
        elif piece.text == "," and words and _next_word(skeleton, i) in _ASKING:  # "..., does it activate"
            out.append((" ".join(words), ents))
            words, ents = [], []
        elif piece.text in _QUOTES:
            words.append('"')
        elif piece.text not in (",", ":", "(", ")"):
            word = piece.text
            core = word.strip("".join(_QUOTES)) or word
            lead, trail = word[: len(word) - len(word.lstrip("".join(_QUOTES)))], word[len(word.rstrip("".join(_QUOTES))):]
            words.append(('" ' if lead and core != word else "") + core + (' "' if trail and core != word and
                                                                           not core.endswith("s") else ""))
    if words:
        out.append((" ".join(words), ents))
    return [(re.sub(r"\s+", " ", t).strip(), e) for t, e in out if t.strip()]


def same_card(skeleton: Skeleton, a: str, b: str) -> bool:
    """Whether two ``e<N>`` name the same card ("Tenpai Dragon Paidra" ... "Paidra's")."""
    if a == b:
        return True
    if not (re.fullmatch(r"e\d+", a) and re.fullmatch(r"e\d+", b)):
        return False
    first, second = skeleton.entities[int(a[1:])], skeleton.entities[int(b[1:])]
    return first.kind == second.kind == "card" and bool(first.name) and first.name == second.name


def plain(text: str) -> str:
    """A sentence without its quote marks (the flip shapes read quoted words as words)."""
    return re.sub(r"\s+", " ", text.replace('"', " ")).strip()


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern]:
    monster = (rf"(?:(?P<owner>{alt('players', 'owner')}) )?{alt('flip', 'face_down')} "
               rf"(?:(?P<flipmon>{alt('flip', 'flip_monster')}) )?(?:{alt('flip', 'monster')}|(?P<ent>e\d+))"
               rf"(?: (?P<with>{alt('flip', 'with_flip')}))?")
    moment = (rf"(?: (?P<moment>{alt('timing', 'flip_moment')}))?(?: (?P<condmet>{alt('flip', 'condition_met')}))?")
    story = [
        rf"{monster} {alt('flip', 'attacked')}(?: (?P<flipped>{alt('flip', 'flipped')}))?{moment}",
        rf"{monster} {alt('flip', 'flipped_by')}{moment}",
        rf"{alt('players', 'attacker')} {alt('flip', 'attacks')} {monster}(?: {alt('flip', 'flips_it')})?{moment}",
    ]
    timings = "|".join(f"(?P<t_{key}>{alt('timing', key)})"
                       for key in ("start", "before_calc", "calc", "after_calc", "end", "then"))
    effect = (rf"(?:(?:{alt('flip', 'effect_owner')}) (?:(?P<flipeff>{alt('flip', 'flip_effect')})|"
              rf"{alt('flip', 'plain_effect')})|(?P<effent>e\d+)(?: (?:(?P<flipeff2>{alt('flip', 'flip_effect')})|"
              rf"{alt('flip', 'plain_effect')}))?|it)")
    subject = r"(?:it|the monster|my monster|that monster|the flipped monster|(?P<subj>e\d+))"
    ceffect = (r"(?:(?:its|the monster's|that monster's|(?P<ceff>e\d+)(?: 's)?) (?:continuous )?effects?|"
               r"(?P<ceff2>e\d+))")
    left = (rf"(?: (?P<left>{alt('question', 'left_if')} {alt('question', 'left_subject')} "
            rf"{alt('question', 'left_event')})(?: {alt('question', 'left_when')})?)?")
    at = rf"(?: (?:still )?(?:{timings}))?"
    questions = {
        "when": rf"{alt('question', 'when')}(?: {alt('question', 'in_damage_step')})? (?:does|do|will|would|is|are) "
                rf"{effect} (?:{alt('question', 'activate')})(?: {alt('question', 'in_damage_step')})?",
        "does": rf"(?:does|do|will|would|can) {effect} (?:still )?(?:{alt('question', 'activate')}){at}{left}",
        "is": rf"(?:is|are) {effect} (?:{alt('question', 'activated')})(?: (?P<only>only))?{at}{left}",
        "can": rf"can {alt('question', 'asker')} (?:still )?activate {effect}{at}{left}",
        # the monster itself: when it is flipped, destroyed by its own effect, its Continuous Effects applied
        "flipwhen": rf"{alt('question', 'when')}(?: {alt('question', 'in_damage_step')})? (?:is|does|will) {subject} "
                    rf"(?:get )?flipped(?: face-up)?(?: {alt('question', 'in_damage_step')})?",
        "flipat": rf"(?:is|does|will) {subject} (?:get |be )?flipped(?: face-up)?(?: (?:{timings}))",
        "destroywhen": rf"{alt('question', 'when')}(?: {alt('question', 'in_damage_step')})? (?:is|does|will) "
                       rf"{subject} (?:get |be )?destroyed(?: (?P<own>{alt('flip', 'by_own')}))?",
        "destroyat": rf"(?:is|does|will) {subject} (?:get |be )?destroyed(?: (?P<own>{alt('flip', 'by_own')}))?"
                     rf"(?: (?:{timings}))",
        "applies": rf"(?:does|do|will|is|are) {ceffect} (?:still )?(?:apply|applied|get applied|start applying|take "
                   rf"effect)(?: (?:{timings}))?",
    }
    return {
        **{f"story{n}": re.compile(p + "$") for n, p in enumerate(story)},
        **{f"q_{k}": re.compile(p + "$") for k, p in questions.items()},
    }


TIMING_PHRASES = {"start": "at the start of the Damage Step", "before_calc": "before damage calculation",
                   "calc": "during damage calculation", "after_calc": "after damage calculation",
                   "end": "at the end of the Damage Step"}


def _read_story(skeleton: Skeleton, sentences) -> dict | None:
    pats = _patterns()
    told = {"flip_said": False, "entity": None, "owner": None}
    for text, _ents in sentences:
        for name in ("story0", "story1", "story2"):
            m = pats[name].match(plain(text))
            if m:
                break
        else:
            return None
        if m["moment"] and "before damage calculation" not in m["moment"] and "damage step" not in m["moment"]:
            return None
        if told["entity"] is not None and m["ent"] and not same_card(skeleton, m["ent"], told["entity"]):
            return None
        told["flip_said"] = told["flip_said"] or bool(m["flipmon"] or m["with"])
        told["entity"] = told["entity"] or m["ent"]
        told["owner"] = told["owner"] or m["owner"]
        told["condmet"] = told.get("condmet") or bool(m["condmet"])
    return told


def read_damage_step(skeleton: Skeleton, effects_of=None) -> Frame | None:
    """The Damage Step fact question the words ask, as a frame, or None when some sentence fits no shape.

    ``effects_of(name)`` gives a named card's effect profiles (to pick the effect a question names)."""
    if not any(word in skeleton.tokens[k].low for piece in skeleton.pieces for k in piece.tokens
               for word in ("attack", "damage", "battle")):
        return None  # every shape here tells of an attack, the Damage Step or a battle
    sentences = _sentences(skeleton)
    if not sentences:
        return None
    frame = _read_flip(skeleton, sentences)
    if frame is None:
        from .damage_step_summon import read_summoned

        frame = read_summoned(skeleton, sentences, effects_of)
    if frame is None:
        from .damage_step_passed import read_passed

        frame = read_passed(skeleton, sentences)
    if frame is None:
        from .damage_step_nocalc import read_no_calculation

        frame = read_no_calculation(skeleton, sentences)
    if frame is None:
        from .damage_step_kinds import read_kinds

        frame = read_kinds(skeleton, sentences)
    if frame is None:
        from .damage_step_activated import read_activated

        frame = read_activated(skeleton, sentences)
    if frame is None:
        from .damage_step_destroyed import read_destroyed

        frame = read_destroyed(skeleton, _sentences(skeleton, raw=True))
    if frame is not None:
        skeleton.use(skeleton.live())
    return frame


def _flipped_frame(skeleton: Skeleton, sentences, told: dict, kind: str, groups: dict) -> Frame | None:
    """The attacked face-down monster itself: when it is flipped; a named one's Continuous Effects."""
    named = told["entity"]
    said = groups.get("subj") or groups.get("ceff") or groups.get("ceff2")
    if said and not (named and same_card(skeleton, said, named)):
        return None
    timing = next((key[2:] for key, value in groups.items() if key.startswith("t_") and value), None)
    if timing == "then":
        timing = "before_calc"
    if kind == "flipwhen":
        query, asked = {"flip_when": True}, "when is it flipped face-up"
    elif kind == "flipat":
        query, asked = {"flipped_at": timing}, f"is it flipped face-up {TIMING_PHRASES[timing]}"
    elif named is None:
        return None  # its Continuous Effects: which they are is not known
    elif kind in ("destroywhen", "destroyat") and not (groups.get("own") or told.get("condmet")) and (
            kind == "destroywhen" or timing not in ("start", "before_calc")):
        return None  # "when is it destroyed": by battle or by its own effect is not said
    elif kind == "destroywhen":
        query, asked = {"self_destroy_at": None}, "when is it destroyed by its own Continuous Effect"
    elif kind == "destroyat":
        query, asked = {"self_destroy_at": timing}, (f"is it destroyed by its own Continuous Effect "
                                                     f"{TIMING_PHRASES[timing]}")
    else:
        query, asked = {"continuous_at": timing}, "do its Continuous Effects apply" + (
            f" {TIMING_PHRASES[timing]}" if timing else "")
    question = {"ask": "damage_step_event", "event": "flipped_by_attack", "query": query}
    subject = "an attacked face-down monster"
    if named is not None:
        entity = skeleton.entities[int(named[1:])]
        if entity.kind != "card" or not entity.name:
            return None
        question["card"] = {"card": entity.name}
        subject = f"{entity.name}, attacked face-down"
    used = {e for _t, ents in sentences for e in ents}
    return Frame(question, f"Asked about {subject}: {asked}?", used_entities=used, uses_story=True)


_INLINE = re.compile(
    r"\b(?:the |a |an )?(?:flip effects?|flip-activated effects?|flip-activated trigger effects?) of "
    r"(?:an attacked face-down (?:flip )?monster|a face-down (?:flip )?monster (?:that is|that gets|that was|being|"
    r"which is) attacked|an? (?:flip )?monster (?:that is |which is )?flipped face-up by an attack)\b")


def _read_flip(skeleton: Skeleton, sentences) -> Frame | None:
    """An attacked face-down monster: when its flip-activated effect activates ("... of an attacked face-down
    monster" in one sentence reads as the story and "its Flip effect")."""
    raw = _sentences(skeleton, raw=True)  # "the Flip effect of" is absorbed into the monster's mention
    if len(raw) == 1 and _INLINE.search(plain(raw[0][0])):
        text, ents = raw[0]
        sentences = [("a face-down flip monster is attacked", []), (_INLINE.sub("its flip effect", plain(text)), ents)]
    if len(sentences) < 2:
        return None
    *story, (asked, _asked_ents) = sentences
    told = _read_story(skeleton, story)
    if told is None:
        return None
    pats = _patterns()
    for kind in ("flipwhen", "flipat", "destroywhen", "destroyat", "applies", "when", "does", "is", "can"):
        m = pats[f"q_{kind}"].match(plain(asked))
        if m:
            break
    else:
        return None
    groups = m.groupdict()
    named = told["entity"]
    if kind in ("flipwhen", "flipat", "destroywhen", "destroyat", "applies"):
        return _flipped_frame(skeleton, sentences, told, kind, groups)
    if groups.get("effent") and not (named and same_card(skeleton, groups["effent"], named)):
        return None
    flip_said = told["flip_said"] or bool(groups.get("flipeff") or groups.get("flipeff2"))
    if not flip_said and named is None:
        return None  # a face-down monster's "effect": that it activates when flipped is not said
    timing = next((key[2:] for key, value in groups.items() if key.startswith("t_") and value), None)
    if timing == "then":
        timing = "before_calc"  # the told flip: an attacked face-down monster is flipped before damage calculation
    if kind == "when":
        query, said = {"when": True}, "when does it activate"
    elif groups.get("left"):
        query, said = {"left_zone": True}, "does it still activate if the monster leaves the Monster Zone first"
    elif timing is None:
        query, said = {"activates": True}, "does it activate"
    else:
        query, said = {"at": timing}, f"does it activate {TIMING_PHRASES[timing]}"
    question = {"ask": "damage_step_event", "event": "flipped_by_attack", "query": query}
    subject = "an attacked face-down monster's effect that activates when it is flipped face-up"
    used = {e for _t, ents in sentences for e in ents}
    if named is not None:
        entity = skeleton.entities[int(named[1:])]
        if entity.kind != "card" or not entity.name:
            return None
        question["card"] = {"card": entity.name}
        subject = f"the effect of {entity.name} (attacked face-down) that activates when it is flipped face-up"
    understood = f"Asked about {subject}: {said}?"
    return Frame(question, understood, used_entities=used, uses_story=True)
