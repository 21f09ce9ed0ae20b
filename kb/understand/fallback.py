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
_STOP = frozenset(
    """a an the and or of to in on at by for from with as is are was were be been it its this that these
those i my me you your we our they their them he his she her can could may might will would do does did not no
yes if when then than so what which who how there here about into out up down just only also still now
any some
all each other another same own such very too more most much many one two""".split()
)
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
    return [
        s.strip()
        for s in _SENTENCE.split(text or "")
        if s and len(s.strip()) > 15 and not s.strip().startswith("[")
    ]  # "[Pictured: ...]" captions


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


def _card_rulings(session: Session, text: str, card_ids: list[int]) -> list[str]:
    """Rulings about the cards the question names, those sharing the most question words first."""
    from ..cards import card_rulings

    wanted = {_stem(w) for w in _words(text)}
    scored = []
    for card_id in list(dict.fromkeys(card_ids))[:3]:
        try:
            rulings = card_rulings(session, card_id)
        except KbError:
            continue
        for order, ruling in enumerate(rulings[:60]):
            own = {_stem(w) for w in _words(f"{ruling.get('question') or ''} {ruling.get('answer') or ''}")}
            scored.append((-len(wanted & own), order, ruling["id"]))
    scored.sort()
    return list(dict.fromkeys(ruling_id for shared, _, ruling_id in scored if shared < 0))[:RULINGS]


def related(session: Session, text: str, kb_path, card_ids: list[int] = ()) -> dict:
    """``{"sections": [...], "rulings": [...], "quote": {...} | None}`` for a question in words: the
    sections the search ranks best, the sentence among the first of them that most likely answers, and
    the rulings about the cards it names (``card_ids``) that share most of its words."""
    sections = []
    words = " ".join(
        w for w in re.findall(r"[A-Za-z][\w'-]+", fold_quotes(text).replace('"', " ")) if len(w) > 2
    )[:300]
    if words:
        try:
            from ..search import search

            found = search(kb_path, words, kind="section", limit=SECTIONS)
            sections = [result["id"] for result in found.get("results", [])][:SECTIONS]
        except KbError:  # a question the query language rejects: no sections
            pass
        except Exception:  # noqa: BLE001 - a missing or unreadable index must not turn an answer into a traceback
            pass
    quote = best_sentence(text, _section_texts(session, sections[:QUOTE_SECTIONS])) if sections else None
    if quote:
        sections.remove(quote["id"])
        sections.insert(0, quote["id"])
    return {"sections": sections, "rulings": _card_rulings(session, text, list(card_ids)), "quote": quote}
