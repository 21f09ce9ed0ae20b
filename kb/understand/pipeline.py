"""The stages in order: a question in words -> a :class:`Reading` (entities, story, readings, frame).

:func:`understand` runs mentions -> generic cards -> skeleton -> moments -> story -> intent -> frame and
decides whether the reading is safe to answer: it is not when no phrasing fits, when two readings
disagree, when a card or a word of the question would be left out, or when the frame says why not.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from sqlmodel import Session

from ..errors import KbError

from .frame import Frame, build_frame
from .generic import find_generic
from .intent import read_intents
from .clauses import read_clauses
from .mentions import Entity, find_mentions
from .permissions import read_applying
from .pronouns import resolve_told_pronoun
from .scenario import read_scenario
from .skeleton import Skeleton
from .link_numbers import absorb_link_phrases
from .moments import read_moments
from .story import Story, absorb_effect_phrases, read_story, read_triggers, split_question
from .tokens import MAX_QUESTION_CHARS, tokenize
from .vocabulary import filler_words

__all__ = ["Reading", "understand"]


@dataclass
class Reading:
    """How a question in words was understood."""

    text: str
    entities: list[Entity] = field(default_factory=list)
    story: Story | None = None
    moments: dict = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    frame: Frame | None = None  # the one reading to answer, when it is safe
    reason: str | None = None  # why there is no frame to answer
    unused_words: list[str] = field(default_factory=list)
    truncated: bool = False

    @property
    def understood(self) -> str | None:
        if self.frame is not None:
            return self.frame.understood
        said = [f.understood for f in self.frames if f.understood]
        return " / ".join(dict.fromkeys(said)) or None

    def readings(self) -> list[dict]:
        """Every reading with a question: ``[{"parsed", "understood"}]`` (shown when there are two)."""
        out, seen = [], set()
        for frame in self.frames:
            if frame.question is None:
                continue
            key = json.dumps(frame.question, sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append({"parsed": frame.question, "understood": frame.understood})
        return out


def _meaningful(words: list[str]) -> list[str]:
    fillers = filler_words()
    return [w for w in words if w.lower().strip("'") not in fillers and not w.isdigit()]


def understand(session: Session, text: str) -> Reading:
    """Read a question in words (see the module doc); never raises for odd text.

    :raises AmbiguousError: a quoted card name matches several cards about equally well.
    """
    reading = Reading(text)
    if len(text) > MAX_QUESTION_CHARS:
        text, reading.truncated = text[:MAX_QUESTION_CHARS], True
    tokens = tokenize(text)
    entities = find_mentions(session, tokens)
    entities = sorted(entities + find_generic(tokens, entities), key=lambda e: e.first)
    reading.entities = entities
    skeleton = Skeleton.build(tokens, entities)
    absorb_effect_phrases(skeleton)
    absorb_link_phrases(skeleton)  # "a Trap Card which is Chain Link 2" (link_numbers.py)
    reading.moments = read_moments(skeleton, skeleton.live())
    story_pieces, question_pieces = split_question(skeleton)
    resolve_told_pronoun(skeleton, story_pieces, question_pieces)  # "X is ... . Does it activate?" (pronouns.py)
    reading.story = read_story(skeleton, story_pieces)
    candidates = []

    def effects_of(name: str) -> list[dict]:
        from ..engine import card_profile

        try:
            return card_profile(session, name)
        except KbError:
            return []

    for intent, used in read_intents(skeleton, question_pieces):
        triggers = read_triggers(skeleton, story_pieces) if intent.kind == "segoc" else None
        frame = build_frame(skeleton, reading.story, intent, reading.moments, effects_of, triggers)
        left = _meaningful(
            [
                skeleton.pieces[i].text
                for i in intent.rest
                if not skeleton.pieces[i].used and skeleton.pieces[i].entity is None
            ]
        )
        candidates.append((len(left), frame, used))
    if candidates:  # the readings that explain the most of the question
        fewest = (
            min(c[0] for c in candidates if c[1].question is not None)
            if any(c[1].question is not None for c in candidates)
            else min(c[0] for c in candidates)
        )
        for left, frame, used in candidates:
            if left == fewest or frame.question is None and not reading.frames:
                reading.frames.append(frame)
                if frame.question is not None and left == fewest:
                    skeleton.use(used)
        reading.frames = [f for f in reading.frames if f.question is not None] or reading.frames[:1]
        reading.frames += [other for f in list(reading.frames) for other in f.other_readings]
        read_applying(skeleton, reading.frames)  # "while X is applying, ...": kb/understand/permissions.py
        read_clauses(skeleton, reading.frames)  # "... to shrink ...", "even though ...": kb/understand/clauses.py
    reading.unused_words = skeleton.unused_words()
    if reading.truncated:
        reading.unused_words.append(f"(and {len(reading.text) - MAX_QUESTION_CHARS} more characters)")
    answerable = [f for f in reading.frames if f.question is not None]
    distinct = {json.dumps(f.question, sort_keys=True) for f in answerable}
    if not reading.frames:
        reading.reason = (
            ("no card named" if not entities else "no known phrasing matched")
            + " (the engine answers: can X chain to Y, can X negate Y, can X be activated at a moment, "
            "does X's effect activate after an event)"
        )
    elif not answerable:
        reading.reason = reading.frames[0].reason
    elif len(distinct) > 1:
        reading.reason = "the question can be read in two ways: " + " / ".join(
            f.understood for f in answerable
        )
    else:
        frame = answerable[0]
        same_as = reading.story.same_as if reading.story else {}  # a kind of card named again (story.py)
        left_out = [
            entities[i].text
            for i in range(len(entities))
            if i not in frame.used_entities and same_as.get(i) not in frame.used_entities
        ]
        words = _meaningful(reading.unused_words)
        if reading.story and reading.story.links and not frame.uses_story:
            reading.reason = "the question tells a chain that this reading does not use"
        elif left_out:
            reading.reason = f"the reading leaves out {', '.join(repr(w) for w in left_out)}"
        elif words:
            reading.reason = (
                f"the question also says {' '.join(words)!r}, which the reading does not use "
                "(the engine would answer a different question)"
            )
        elif reading.truncated:
            reading.reason = f"the question is longer than {MAX_QUESTION_CHARS} characters"
        else:
            reading.frame = frame
    _read_whole(session, skeleton, reading)
    return reading


# ------------------------------------------------------------------------ readers of the whole question
#
# When no reading of the stages above is safe, readers that take the question whole (a story of Summons
# and battles, a Damage Step fact, a chain rule of kinds, a negation story, a rule fact) are tried in
# turn; each reads every word or gives nothing.


class _Lookups:
    """What the whole-question readers may ask about the cards a question names."""

    def __init__(self, session: Session, skeleton: Skeleton) -> None:
        self.session, self.skeleton, self._catalog = session, skeleton, None

    def card_of(self, index: int, family: bool = False):
        """The simulator's card of entity ``index`` (None for a kind of card or an unknown name); with
        ``family``, a word that begins several names gives the list of their cards (5 at most)."""
        from ..engine.sim.cards import Catalog

        entity = self.skeleton.entities[index]
        names = entity.aside.get("candidates", [])[:5] if family and entity.kind == "family" else [entity.name]
        try:
            self._catalog = self._catalog or Catalog(self.session)
            cards = [self._catalog.card(name) for name in names if name]
        except KbError:
            return None
        return cards if entity.kind == "family" and family else (cards[0] if cards else None)

    def effects_of(self, name: str) -> list[dict]:
        """The effect profiles of a named card ([] when it cannot be read)."""
        from ..engine import card_profile

        try:
            return card_profile(self.session, name)
        except KbError:
            return []

    def card_type_of(self, index: int) -> str | None:
        """"monster", "spell" or "trap" for entity ``index`` (None for a kind of card)."""
        from ..cards import card_by_id

        card_id = self.skeleton.entities[index].card_id
        card = card_by_id(self.session, card_id) if card_id is not None else None
        return card.card_type.lower() if card is not None else None


def _adopt(reading: Reading, skeleton: Skeleton, frame) -> bool:
    """Make ``frame`` the reading to answer (when it has a question)."""
    if frame is None or frame.question is None:
        return False
    reading.frame, reading.frames, reading.reason = frame, [frame], None
    reading.unused_words = skeleton.unused_words()
    return True


def _engine_reads_applying(applying: list, effects_of) -> bool:
    """Does the engine read a prohibition ("Trap Cards cannot be activated": Jinzo) or a permission of a
    card said to be applying?  Then the question is the engine's (kb/engine/permissions.py)."""
    from ..engine.permissions import grants_of
    from ..engine.prohibitions import prohibitions_of

    for item in applying:
        name = item.get("card") if isinstance(item, dict) else item
        if isinstance(name, str):
            effects = effects_of(name)
            if prohibitions_of(name, effects) or grants_of(name, effects):
                return True
    return False


def _read_whole(session: Session, skeleton: Skeleton, reading: Reading) -> None:
    """Try the whole-question readers in turn (see above); the first that reads the question answers it."""
    from .chain_rules import read_chain_rule
    from .damage_step import read_damage_step
    from .negation_effects import read_negated_effects
    from .negation_lingering import read_lingering_negation, read_unaffected
    from .negation_outcome import read_negation_outcome
    from .negation_summons import read_destroyed_together, read_summon_reach
    from .scenario_cost import read_rule_fact
    from .speed_compare import read_speed_compare

    look = _Lookups(session, skeleton)

    # plain functions, not bound methods: readers may deep-copy drafts that hold them
    def card_of(index: int, family: bool = False):
        return look.card_of(index, family)

    def effects_of(name: str) -> list[dict]:
        return look.effects_of(name)

    def card_type_of(index: int) -> str | None:
        return look.card_type_of(index)

    def negates_of(index: int) -> str | None:  # what a named card negates (negation_outcome.py)
        from .negation_outcome import what_it_negates

        return what_it_negates(effects_of(skeleton.entities[index].name or ""))

    # SEGOC told with named cards (segoc_story.py): it replaces an earlier reading (the simulator decides which
    # effects trigger and how they are ordered); read but refused (an aside the card contradicts): unknown
    from .segoc_story import read_segoc_story

    told = read_segoc_story(skeleton, card_of)
    if told is not None and not _adopt(reading, skeleton, told):
        reading.frame, reading.frames, reading.reason = None, [told], told.reason
        return
    if reading.frame is None:  # priority levels of kinds of simultaneous triggers (segoc_levels.py)
        from .segoc_levels import read_segoc_level

        _adopt(reading, skeleton, read_segoc_level(skeleton))
    if reading.frame is None:  # a story of Summons, battles, phases, costs for the simulator (scenario.py)
        _adopt(reading, skeleton, read_scenario(skeleton, card_of))
    if reading.frame is None:  # what happened to one monster: flips, control, attacks negated (scenario_stated.py)
        from .scenario_stated import read_stated_story

        _adopt(reading, skeleton, read_stated_story(skeleton, card_of))
    if reading.frame is None:  # Damage Step facts; Spell Speeds compared
        _adopt(reading, skeleton, read_damage_step(skeleton, effects_of) or read_speed_compare(skeleton))
    if reading.frame is None:  # chain rules of kinds: SEGOC, chaining to a Summon ... (chain_rules.py)
        frame = read_chain_rule(skeleton, card_of, effects_of)
        if not _adopt(reading, skeleton, frame) and frame is not None:
            reading.reason = frame.reason  # read, but the words may mean something else: say why
    if reading.frame is not None and (reading.frame.question or {}).get("applying"):
        # "while X is applying, ...": only a lasting negation of monsters (Skill Drain) replaces it, or the
        # state reader when the engine reads no prohibition or permission of X (kb/engine/permissions.py)
        if not _adopt(reading, skeleton, read_lingering_negation(skeleton)) and \
                not _engine_reads_applying(reading.frame.question["applying"], effects_of):
            from .activation_state import read_activation_state  # or a cost / act X forbids (activation_state.py)

            _adopt(reading, skeleton, read_activation_state(skeleton, card_of))
    elif reading.frame is None:  # what happens after a negation; lasting negations; Summons of several
        _adopt(reading, skeleton, read_negation_outcome(skeleton, card_type_of, negates_of)
               or read_lingering_negation(skeleton) or read_negated_effects(skeleton)
               or read_unaffected(skeleton) or read_summon_reach(skeleton) or read_destroyed_together(skeleton))
    if reading.frame is None:  # triggers whose event happens in the middle of a chain (timing_wording.py)
        from .timing_wording import read_timing_wording

        _adopt(reading, skeleton, read_timing_wording(skeleton))
    if reading.frame is None:  # costs, missing the timing, kinds of monsters as rule facts (scenario_cost.py)
        _adopt(reading, skeleton, read_rule_fact(skeleton, card_of))
    if reading.frame is None:  # ATK after changes, battle damage and destruction as slots (battle_slots.py)
        from .battle_slots_ask import read_battle_numbers

        _adopt(reading, skeleton, read_battle_numbers(skeleton, card_of))
    if reading.frame is None:  # can X be activated in a stated state: costs, targets, zones (activation_state.py)
        from .activation_state import read_activation_state

        _adopt(reading, skeleton, read_activation_state(skeleton, card_of))
    if reading.frame is None:  # what a card, its effect or a kind IS: Spell Speed, targets, cost ... (card_property.py)
        from .card_property import read_card_property

        _adopt(reading, skeleton, read_card_property(skeleton))
    if reading.frame is None:  # Summon questions read by filling slots, any word order (summon_slots.py)
        from .summon_slot_scenario import read_summon_slots

        _adopt(reading, skeleton, read_summon_slots(skeleton, card_of))
    if reading.frame is None:  # can a card negate a Summon, read by filling slots (summon_negation.py)
        from .summon_negation import read_summon_negation

        _adopt(reading, skeleton, read_summon_negation(skeleton, card_of))
    if reading.frame is None:  # a named monster's revival after a story of how it reached the GY (summon_revival.py)
        from .summon_revival import read_revival

        _adopt(reading, skeleton, read_revival(skeleton, card_of))
    if reading.frame is None:  # which kind of Summon counts as which, read by slots (summon_kind_facts.py)
        from .summon_kind_facts import read_kind_fact

        _adopt(reading, skeleton, read_kind_fact(skeleton, card_of))
    if reading.frame is None:  # can a card negate an attack, read by filling slots (negate_attack.py)
        from .negate_attack import read_negate_attack

        _adopt(reading, skeleton, read_negate_attack(skeleton))


def words_of(text: str) -> bool:
    """Whether ``text`` has any word at all."""
    return bool(re.search(r"[^\W_]", text))
