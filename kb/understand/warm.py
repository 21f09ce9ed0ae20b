"""Questions asked once before timing (``bench/ask_eval.py``): each reader builds its patterns and the
per-knowledge-base caches (card names, mentions, rulebook index, profiles) fill on the first question that
needs them, so asking one question of each kind up front measures first asks of a warm process.  Written
for this purpose: they name no card of the evaluation sets.  (``kb serve`` does not ask them: its master
process only loads read-only indexes before forking.)

:func:`warm_patterns` builds every reader's pattern and word tables (each a cached builder taking no
argument, in ``kb.understand`` and ``kb.engine``) without asking anything: no knowledge base is opened, so
``kb serve``'s master calls it before forking (workers share the tables and no first question compiles
them) and the bench calls it before the warm-up questions.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from sqlmodel import Session

__all__ = ["WARM_UP", "warm_patterns", "warm_readers"]

WARMED_PACKAGES = ("kb.understand", "kb.engine")

WARM_UP = (
    "Is a Normal Trap able to respond to a Counter Trap Card?",
    "Can I activate Swords of Revealing Light during my opponent's Battle Phase?",
    "The activation of my Field Spell Card was negated. Is that card sent to the GY?",
    "Can a Quick Effect that changes ATK be activated during damage calculation?",
    "My monster with 1500 ATK attacks a monster with 1000 DEF in Defense Position. How much damage is dealt?",
    "Is discarding a card to activate an effect a cost?",
    "A monster is sent to the Graveyard as a cost. Does an optional 'if' effect miss the timing?",
    "Two mandatory trigger effects of the turn player activate at the same time. Which is Chain Link 1?",
    "What happens to an Equip Spell when the monster it equips leaves the field?",
    "Is a monster Token treated as a Normal Monster?",
    "Can I use a Link Monster as a Tribute for a Ritual Summon?",
    "Does a monster's 'When this card is Normal Summoned' effect activate if I Special Summon it?",
    "My monster was flipped face-down by an effect this turn. Can it attack?",
    "Can I Normal Summon Gemini Elf without tributing?",
    "My monster is destroyed by battle. Can I activate a Quick-Play Spell before it is sent to the Graveyard?",
    "An effect targets 2 monsters and one of them leaves the field before it resolves. Does it still apply?",
    "My opponent negates my Spell Card. Do I get back the LP I paid as its cost?",
)


def warm_readers(session: Session, kb_path=None) -> None:
    """Ask every :data:`WARM_UP` question on ``session`` (answers are dropped; a question the knowledge
    base refuses, e.g. a card name it does not hold, is skipped)."""
    from ..engine import ask
    from ..errors import KbError

    for question in WARM_UP:
        try:
            ask(session, question, kb_path=kb_path)
        except KbError:
            continue


def _table_builders(module) -> list:
    """The cached functions of ``module`` (its own, not imported ones) that take no argument."""
    out = []
    for obj in vars(module).values():
        if not hasattr(obj, "cache_info") or getattr(obj, "__module__", None) != module.__name__:
            continue
        try:
            parameters = inspect.signature(obj).parameters.values()
        except (TypeError, ValueError):
            continue
        if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters):
            out.append(obj)
    return out


def warm_patterns(packages=WARMED_PACKAGES) -> int:
    """Import every module of ``packages`` and call each of its cached builders that takes no argument (the
    readers' compiled patterns and word tables, read from files only); returns how many were built."""
    built = 0
    for name in packages:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            for builder in _table_builders(importlib.import_module(info.name)):
                builder()
                built += 1
    return built
