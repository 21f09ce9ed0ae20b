"""Stage 6: when no kind fits or the engine cannot decide, the rulebook sentence most likely to answer.

The question's words, weighted (:func:`question_terms`: its own words, a named card's name less, the
kinds of the cards it names, the synonyms of the search), rank the rulebooks' sections with BM25
(:mod:`.rulebook_index`, in memory, built once per knowledge-base version): a section scores its own
match plus that of its best sentence, plus a share of the engine's rule rows (RULES) that match the
question and cite it, plus a bonus when a short quoted phrase says its title of stop words
(:func:`quoted_titles`: "Do A, also do B" -> the section "Also").
The answer leads with the sentence of the first three sections that shares the most (rarer) question
words, verbatim from its section (``quote``), then the next best sections, and the rulings about the
named cards that match the question best.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from sqlmodel import Session

from .rulebook_index import TITLE_PHRASE_WORDS, RulebookIndex, rulebook_index, sentences_of, terms, words
from .tokens import MAX_QUESTION_CHARS

__all__ = ["related", "best_sentence", "question_terms", "sentences_of", "SECTIONS", "RULINGS"]

SECTIONS = 5  # sections cited
RULINGS = 5
QUOTE_SECTIONS = 3  # sections whose sentences compete for the quote
RANK_DECAY = 0.08  # a sentence of a lower section weighs this much less per rank
SENTENCE_WEIGHT = 0.3  # a section's score: its own BM25 + this times its best sentence's (each scaled to 1)
KIND_WEIGHT = 0.5  # a term of a named card's kind ("Quick-Play Spell"), against 1 for a word said
SYNONYM_WEIGHT = 0.5  # a term of another expression of a synonym group the question uses
RULE_WEIGHT = 0.2  # a matching RULES row lends its sections this times its score (scaled to the best row)
RULE_ROWS = 5  # the best rows that lend (3 measured: 4 fewer seed-style citations, 1 fewer red-team)
QUOTED_TITLE_WEIGHT = 2.0  # added to a section whose title of stop words a quoted phrase of the question says
SHORT_QUOTE = 8  # a quoted phrase of at most this many words is about its wording ("Do A, also do B")
NAME_WEIGHT = 0.75  # a word of a named card's name, said once (0.5 measured: red-team fewer)


@lru_cache(maxsize=1)
def _synonyms() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Each synonym group of the search (:data:`kb.search.synonyms.SYNONYM_GROUPS`) as term sequences."""
    from ..search.synonyms import SYNONYM_GROUPS

    return tuple(tuple(tuple(terms(expression)) for expression in group) for group in SYNONYM_GROUPS)


def question_terms(index: RulebookIndex, text: str, card_ids=()) -> dict[str, float]:
    """The weighted query of a question: its own words (each as often as said; the words of a named
    card's name count :data:`NAME_WEIGHT` for one saying: the rulebooks' examples name cards, but the
    rule is about the kind), the kinds of the cards it names (``card_ids``, the first three;
    :data:`KIND_WEIGHT`) and the other expressions of each synonym group it uses
    (:data:`SYNONYM_WEIGHT`); an added term never changes the weight of a word the question says.  A
    number counts beside a word ("Level 6"), not alone."""
    own = terms(text)
    if all(term.isdigit() for term in own):  # numbers alone ("2", "1 2 3") say nothing to look up
        own = []
    query: dict[str, float] = {}
    for term in own:
        query[term] = query.get(term, 0.0) + 1.0
    for card_id in list(dict.fromkeys(card_ids))[:3]:  # the name said once weighs NAME_WEIGHT
        for term in set(terms(index.card_names.get(card_id, ""))):
            if query.get(term, 0.0) >= 1.0:
                query[term] -= 1.0 - NAME_WEIGHT
    for card_id in list(dict.fromkeys(card_ids))[:3]:
        for term in terms(index.card_kinds.get(card_id, "")):
            query.setdefault(term, KIND_WEIGHT)
    said = f" {' '.join(own)} "
    for group in _synonyms():
        if any(expression and f" {' '.join(expression)} " in said for expression in group):
            for expression in group:
                for term in expression:
                    query.setdefault(term, SYNONYM_WEIGHT)
    return query


_QUOTED = re.compile(r'"([^"]{2,200})"|\u201c([^\u201d]{2,200})\u201d|(?<![\w])\'([^\']{2,200})\'(?![\w])')


def quoted_titles(index: RulebookIndex, text: str) -> dict[int, float]:
    """Sections (numbers in ``index``) whose short title a quoted phrase of ``text`` says word for word
    and BM25 cannot see, its words being stop words (a conjunction's section: 'Do A, and if you do,
    do B' -> "And if you do"; "Do A, also do B" -> "Also"), the longest title at each word of a quoted
    phrase of at most :data:`SHORT_QUOTE` words, with the bonus :data:`QUOTED_TITLE_WEIGHT`."""
    found: dict[int, float] = {}
    for match in _QUOTED.finditer(text):
        said = words(next(group for group in match.groups() if group))
        if len(said) > SHORT_QUOTE:  # a card's text quoted at length is not a question about its wording
            continue
        start = 0
        while start < len(said):  # the longest title at each word ("and if you do", not "and")
            for end in range(min(start + TITLE_PHRASE_WORDS, len(said)), start, -1):
                numbers = index.title_phrases.get(" ".join(said[start:end]), ())
                if numbers:
                    found.update(dict.fromkeys(numbers, QUOTED_TITLE_WEIGHT))
                    break
            else:
                end = start + 1
            start = end
    return found


def _best_of(ids: list[str], sections: list[list[tuple[str, set[str], int]]]) -> dict | None:
    """``{"id", "text"}``: the best sentence of ``sections`` (ids ``ids``, best section first; each
    sentence as ``(text, the question's terms it uses, its number of distinct terms)``).  Each shared
    term weighs by its rarity among these sentences; a long sentence weighs slightly less, a lower
    section 8% less per rank.  (Measured against the sentences' BM25: this picks the supporting
    sentence more often.)"""
    total = sum(len(sentences) for sentences in sections)
    frequency: dict[str, int] = {}
    for sentences in sections:
        for _, shared, _ in sentences:
            for term in shared:
                frequency[term] = frequency.get(term, 0) + 1
    best, best_score = None, 0.0
    for rank, (section_id, sentences) in enumerate(zip(ids, sections)):
        for sentence, shared, size in sentences:
            if all(term.isdigit() for term in shared):  # none, or only a number in common
                continue
            score = sum(math.log(1 + total / frequency[t]) for t in shared) / max(8, size) ** 0.25
            score *= 1.0 - RANK_DECAY * rank
            if score > best_score:
                best, best_score = {"id": section_id, "text": sentence}, score
    return best


def best_sentence(question: str, texts: list[tuple[str, str]]) -> dict | None:
    """``{"id", "text"}``: the sentence of ``texts`` (``(section id, text)``, best section first) sharing
    the most (rarer) words with ``question`` (None when none shares a word)."""
    wanted = set(terms(question))
    sections = []
    for _, text in texts:
        sentences = []
        for sentence in sentences_of(text):
            own = set(terms(sentence))
            sentences.append((sentence, wanted & own, len(own)))
        sections.append(sentences)
    return _best_of([section_id for section_id, _ in texts], sections)


def related(session: Session, text: str, kb_path=None, card_ids=()) -> dict:
    """``{"sections", "rulings", "quote", "further_quote"}`` for a question in words: the
    :data:`SECTIONS` sections that best match its weighted words (:func:`question_terms`), the sentence
    of the first :data:`QUOTE_SECTIONS` of them that most likely answers (``quote``, its section moved
    first; None when no section matches), the best sentence of the other sections (``further_quote``),
    and the rulings about the cards it names (``card_ids``) that match it best.  ``kb_path`` is not
    used (the index is read from the session's knowledge base)."""
    index = rulebook_index(session)
    query = question_terms(index, text[:MAX_QUESTION_CHARS], card_ids)  # as far as the question is read
    ranked = index.rank(query, SECTIONS, SENTENCE_WEIGHT, RULE_WEIGHT, RULE_ROWS,
                        quoted_titles(index, text[:MAX_QUESTION_CHARS]))
    sections = [section_id for section_id, _ in ranked]
    quoting = sections[:QUOTE_SECTIONS]
    quote = _best_of(quoting, [index.shared_terms(section_id, query) for section_id in quoting])
    if quote:
        sections.remove(quote["id"])
        sections.insert(0, quote["id"])
    further = sections[QUOTE_SECTIONS:]
    return {
        "sections": sections,
        "rulings": index.rank_rulings(query, card_ids, RULINGS),
        "quote": quote,
        "further_quote": _best_of(further, [index.shared_terms(section_id, query) for section_id in further]),
    }
