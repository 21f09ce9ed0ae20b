"""Stage 6: when no kind fits or the engine cannot decide, the rulebook sentence most likely to answer.

The question's words are searched over the knowledge base (:func:`kb.search.search`); in the best
sections, each sentence is scored by the question words it shares (rarer words weigh more, long
sentences are not favoured), with a small bonus for the better-ranked section.  The answer leads with
that sentence, verbatim from its section (``quote``), then the best sections and rulings.
"""

from __future__ import annotations

import math
import re

from sqlmodel import Session

from ..errors import KbError
from ..models import Section
from ..text import fold_quotes

__all__ = ["related", "best_sentence", "sentences_of", "SECTIONS", "RULINGS"]

SECTIONS = 5  # sections cited
RULINGS = 5
QUOTE_SECTIONS = 3  # sections whose sentences compete for the quote
_STOP = frozenset("""a an the and or of to in on at by for from with as is are was were be been it its this that these
those i my me you your we our they their them he his she her can could may might will would do does did not no
yes if when then than so what which who how there here about into out up down just only also still now any some
all each other another same own such very too more most much many one two""".split())
_SENTENCE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", fold_quotes(text).lower()) if w not in _STOP and len(w) > 1]


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def sentences_of(text: str) -> list[str]:
    """The sentences of a section text, verbatim (split after . ! ? and at line breaks)."""
    return [s.strip() for s in _SENTENCE.split(text or "") if s and len(s.strip()) > 15]


def best_sentence(question: str, texts: list[tuple[str, str]]) -> dict | None:
    """``{"id", "text"}``: the sentence of ``texts`` (``(section id, text)``, best section first) sharing
    the most (rarer) words with ``question``."""
    wanted = {_stem(w) for w in _words(question)}
    if not wanted:
        return None
    candidates = [(rank, sid, s) for rank, (sid, text) in enumerate(texts) for s in sentences_of(text)]
    if not candidates:
        return None
    frequency: dict[str, int] = {}
    stems = []
    for _, _, sentence in candidates:
        own = {_stem(w) for w in _words(sentence)}
        stems.append(own)
        for stem in own:
            frequency[stem] = frequency.get(stem, 0) + 1
    total = len(candidates)
    best, best_score = None, 0.0
    for (rank, sid, sentence), own in zip(candidates, stems):
        shared = wanted & own
        if not shared:
            continue
        score = sum(math.log(1 + total / frequency[s]) for s in shared)
        score /= math.sqrt(max(8, len(own))) ** 0.5
        score *= 1.0 - 0.08 * rank
        if score > best_score:
            best, best_score = {"id": sid, "text": sentence}, score
    return best


def _section_texts(session: Session, ids: list[str]) -> list[tuple[str, str]]:
    cache = session.info.setdefault("understand_sections", {})
    out = []
    for section_id in ids:
        if section_id not in cache:
            row = session.get(Section, section_id)
            cache[section_id] = row.text if row is not None else ""
        out.append((section_id, cache[section_id]))
    return out


def related(session: Session, text: str, kb_path) -> dict:
    """``{"sections": [...], "rulings": [...], "quote": {...} | None}`` for a question in words."""
    sections, rulings = [], []
    words = " ".join(w for w in re.findall(r"[A-Za-z][\w'-]+", fold_quotes(text)) if len(w) > 2)[:300]
    words = words.replace('"', " ")
    if words:
        try:
            from ..search import search
            found = search(kb_path, words, limit=12)
            for result in found.get("results", []):
                if result.get("kind") == "section" and len(sections) < SECTIONS:
                    sections.append(result["id"])
                elif result.get("kind") == "ruling" and len(rulings) < RULINGS:
                    rulings.append(result["id"])
        except KbError:  # a question the query language rejects: no sections
            pass
        except Exception:  # noqa: BLE001 - a missing or unreadable index must not turn an answer into a traceback
            pass
    quote = best_sentence(text, _section_texts(session, sections[:QUOTE_SECTIONS])) if sections else None
    if quote:
        sections.remove(quote["id"])
        sections.insert(0, quote["id"])
    return {"sections": sections, "rulings": rulings, "quote": quote}
