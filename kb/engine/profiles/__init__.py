"""Effect profiles: a card's English text read into structured effect records (PSCT-aware).

Problem-Solving Card Text puts the activation condition before ``:``, the cost (and the targeting) between
``:`` and ``;``, and the effect after ``;``.  :func:`parse_card` splits a card's text into effects and reads
each one into a plain dict:

``kind``
    ``activation`` (a Spell/Trap Card's activation), ``ignition``, ``trigger``, ``quick``, ``continuous``,
    ``flip``, ``rule`` (text that is not an effect: summoning conditions and procedures, name clauses) or
    ``unknown``.
``spell_speed``, ``optional``, ``when_if``
    Spell Speed (from :mod:`kb.engine.rules`), "You can" (optional) or not, and whether the condition
    reads "When" or "If".
``condition``
    ``events`` (structured event patterns: an activation, a summon, an attack, a card moving, a phase),
    ``state`` (requirements such as "if you control no monsters"), ``turn``/``phases``/``damage_step``
    restrictions, and ``unparsed`` clauses.
``locations``, ``cost``, ``targets``, ``once_per_turn``, ``categories``
    Where it activates from, the cost and its categories, whether it targets, the once-per-turn kind and
    what the effect does (``destroy``, ``special_summon``, ``negate_activation`` ...; ``sources`` says from
    where cards are summoned, added or banished).
``unknown``
    The parts the parser could not read; an effect is ``complete`` when this list is empty.

Everything is data: the tables below map phrasings to categories and events.  :func:`build_profiles` is
the build step that stores an :class:`kb.models.EffectProfile` row for every effect of every card.

Modules: :mod:`.categories` (vocabulary of what effects do), :mod:`.sentences` (splitting text),
:mod:`.conditions` (activation conditions), :mod:`.targets` (what a target can be), :mod:`.effects` (one
effect), :mod:`.assembly` (a card's effects), :mod:`.store` (the build step), :mod:`.objects` (what an effect
destroys/banishes/damages, and what a condition's "that would destroy ..." names).
"""

from __future__ import annotations

from .assembly import card_fields, parse_card, profile_complete
from .categories import CATEGORY_PATTERNS, categories_of
from .conditions import parse_condition
from .sentences import split_sentences
from .store import build_profiles, load_profiles
from .targets import target_kinds

EFFECT_KINDS = ("activation", "ignition", "trigger", "quick", "continuous", "flip", "rule", "unknown")

__all__ = [
    "CATEGORY_PATTERNS",
    "EFFECT_KINDS",
    "card_fields",
    "parse_card",
    "split_sentences",
    "parse_condition",
    "categories_of",
    "profile_complete",
    "target_kinds",
    "build_profiles",
    "load_profiles",
]
