"""Read-side views of the knowledge base that one web page and its JSON twin share.

Each function takes the session first and returns plain dicts/lists, the exact data a page renders and
the matching ``/api/v1`` route serves.  Unknown ids raise :class:`kb.errors.NotFoundError` with close
matches.  The building blocks (a section, a card, a card's rulings, the effect profile) come from the
modules that own them; this module only joins them and adds the small queries no other module needs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from rapidfuzz import process
from sqlalchemy import func, or_
from sqlmodel import Session, select

from . import corpus
from .cards import card_by_id, card_rulings, card_to_dict, get_card, match_name, name_index
from .errors import AmbiguousError, BadQuestionError, KbError, NotFoundError
from .graph import describe_node, related
from .models import (
    Card,
    CardMention,
    Conflict,
    ConflictSide,
    Ruling,
    RulingCard,
    RulingSection,
    Section,
    Source,
    TopicLink,
)
from .version_cache import RecentByVersion

__all__ = [
    "BULK_KINDS",
    "bulk_count",
    "card_dict",
    "card_sections",
    "card_view",
    "conflicts_view",
    "find_inline_names",
    "inline_cards",
    "iter_bulk",
    "named_card",
    "neighbourhood",
    "page_of",
    "ruling_dict",
    "ruling_view",
    "section_rulings",
    "section_view",
    "source_toc",
]

SECTION_RULINGS_SHOWN = 10

# [[card name]] in a chat message (the MTG bots' convention); no brackets or newlines inside
INLINE_PATTERN = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")


def page_of(rows: list, page: int, per_page: int) -> dict:
    """One page of ``rows`` as a list object: ``data`` plus ``total``, ``page``, ``pages``, ``has_more``.

    :raises BadQuestionError: for a page number below 1 or a page size below 1.
    """
    if page < 1:
        raise BadQuestionError(f"page must be 1 or more, not {page}", field="page", value=page)
    if per_page < 1:
        raise BadQuestionError(f"page size must be 1 or more, not {per_page}", field="limit",
                               value=per_page)
    total = len(rows)
    start = (page - 1) * per_page
    return {"object": "list", "total": total, "page": page, "per_page": per_page,
            "pages": max(1, math.ceil(total / per_page)), "has_more": start + per_page < total,
            "data": rows[start:start + per_page]}


# ------------------------------------------------------------------------------------------- rulebooks


def source_toc(session: Session, source_id: str) -> dict:
    """A rulebook's metadata and its table of contents (every section, in reading order, with level)."""
    sections = corpus.list_sections(session, source_id)  # raises NotFoundError for an unknown source
    source = next(s for s in corpus.list_sources(session) if s["id"] == source_id)
    return {"object": "toc", "source": source, "sections": sections}


def _summaries(session: Session, ids: list[str]) -> dict[str, dict]:
    if not ids:
        return {}
    rows = session.exec(select(Section).where(Section.id.in_(ids))).all()
    return {row.id: corpus.section_summary(row) for row in rows}


def _neighbour(session: Session, section: Section, after: bool) -> dict | None:
    query = select(Section).where(Section.source_id == section.source_id)
    if after:
        query = query.where(Section.order > section.order).order_by(Section.order)
    else:
        query = query.where(Section.order < section.order).order_by(Section.order.desc())
    row = session.exec(query.limit(1)).first()
    return corpus.section_summary(row) if row else None


def _breadcrumbs(session: Session, section: Section) -> list[dict]:
    trail, seen, parent_id = [], {section.id}, section.parent_id
    while parent_id and parent_id not in seen:
        seen.add(parent_id)
        parent = session.get(Section, parent_id)
        if parent is None:
            break
        trail.append(corpus.section_summary(parent))
        parent_id = parent.parent_id
    return list(reversed(trail))


def _card_names(session: Session, card_ids: set[int]) -> dict[int, str]:
    if not card_ids:
        return {}
    return dict(session.exec(select(Card.id, Card.name).where(Card.id.in_(card_ids))).all())


def _conflicts_of(session: Session, section_ids: list[str]) -> list[dict]:
    conflict_ids = session.exec(select(ConflictSide.conflict_id)
                                .where(ConflictSide.section_id.in_(section_ids)).distinct()).all()
    return [_conflict_dict(session, session.get(Conflict, cid)) for cid in sorted(conflict_ids)]


def _conflict_dict(session: Session, conflict: Conflict) -> dict:
    sides = session.exec(select(ConflictSide).where(ConflictSide.conflict_id == conflict.id)).all()
    summaries = _summaries(session, [side.section_id for side in sides])
    return {"id": conflict.id, "topic": conflict.topic, "summary": conflict.summary,
            "sides": [{"section": summaries.get(side.section_id, {"id": side.section_id}),
                       "position": side.position} for side in sides]}


def section_view(session: Session, section_id: str) -> dict:
    """A section as its page shows it: :func:`kb.corpus.get_section` plus breadcrumbs, previous/next,
    the same topic in the other books, conflicts it takes part in, and the newest
    :data:`SECTION_RULINGS_SHOWN` rulings filed against it (``rulings_total`` counts them all; see
    :func:`section_rulings`).

    Card mentions gain the linked card's ``name``; resolved references gain the target's ``title``.
    """
    out = corpus.get_section(session, section_id)  # raises NotFoundError with close matches
    section = session.get(Section, section_id)
    linked = session.exec(select(TopicLink).where(or_(TopicLink.section_a == section_id,
                                                      TopicLink.section_b == section_id))).all()
    other = {(link.section_b if link.section_a == section_id else link.section_a): link.topic
             for link in linked}
    targets = _summaries(session, list(other) + [r["target"] for r in out["references"] if r["target"]])
    names = _card_names(session, {m["card_id"] for m in out["cards"] if m["card_id"] is not None})
    for reference in out["references"]:
        target = targets.get(reference["target"]) if reference["target"] else None
        reference["target_title"] = target["title"] if target else None
    for mention in out["cards"]:
        mention["name"] = names.get(mention["card_id"])
    rulings = section_rulings(session, section_id)
    out.update(
        breadcrumbs=_breadcrumbs(session, section),
        previous=_neighbour(session, section, after=False),
        next=_neighbour(session, section, after=True),
        same_topic=[dict(targets[sid], topic=topic) for sid, topic in sorted(other.items())
                    if sid in targets],
        conflicts=_conflicts_of(session, [section_id]),
        rulings=rulings[:SECTION_RULINGS_SHOWN],
        rulings_total=len(rulings),
    )
    return out


def section_rulings(session: Session, section_id: str) -> list[dict]:
    """The rulings filed against a rule section, newest first (undated last), then by id.

    :raises NotFoundError: for an unknown section.
    """
    if session.get(Section, section_id) is None:
        corpus.get_section(session, section_id)  # raises NotFoundError with close matches
    rows = session.exec(select(Ruling).join(RulingSection, RulingSection.ruling_id == Ruling.id)
                        .where(RulingSection.section_id == section_id)).all()
    rows = sorted(rows, key=lambda r: r.id)
    rows.sort(key=lambda r: r.date or "", reverse=True)
    return [ruling_dict(r) for r in rows]


# --------------------------------------------------------------------------------------------- rulings


def ruling_dict(ruling: Ruling) -> dict:
    """The plain shape of one ruling (without its cards and sections)."""
    return {"object": "ruling", "id": ruling.id, "source": ruling.source, "region": ruling.region,
            "kind": ruling.kind, "title": ruling.title, "question": ruling.question,
            "answer": ruling.answer, "language": ruling.text_language, "date": ruling.date,
            "status": ruling.status, "heading": ruling.heading, "url": ruling.url}


def ruling_view(session: Session, ruling_id: str) -> dict:
    """One ruling with the cards it involves (id, name, role) and the rule sections it is about."""
    ruling = session.get(Ruling, ruling_id)
    if ruling is None:
        prefix = ruling_id.split(":", 1)[0] + ":"
        ids = list(session.exec(select(Ruling.id).where(Ruling.id.startswith(prefix)).limit(50000)).all())
        close = [m for m, score, _ in process.extract(ruling_id, ids, limit=5) if score >= 80]
        raise NotFoundError(f"unknown ruling {ruling_id!r}", suggestions=close)
    links = session.exec(select(RulingCard).where(RulingCard.ruling_id == ruling_id)).all()
    names = _card_names(session, {link.card_id for link in links})
    sections = session.exec(select(RulingSection).where(RulingSection.ruling_id == ruling_id)).all()
    summaries = _summaries(session, [s.section_id for s in sections])
    out = ruling_dict(ruling)
    out["cards"] = [{"id": link.card_id, "name": names.get(link.card_id), "role": link.role}
                    for link in sorted(links, key=lambda link: (link.role != "heading", link.card_id))]
    out["sections"] = [dict(summaries[s.section_id], reason=s.reason) for s in sections
                       if s.section_id in summaries]
    return out


def conflicts_view(session: Session) -> list[dict]:
    """Every point on which the rulebooks disagree, each with its sides (section and position)."""
    return [_conflict_dict(session, c) for c in session.exec(select(Conflict).order_by(Conflict.topic))]


# ----------------------------------------------------------------------------------------------- cards


def card_sections(session: Session, card_id: int) -> list[dict]:
    """The rule sections that mention a card, in source and reading order."""
    rows = session.exec(select(Section).join(CardMention, CardMention.section_id == Section.id)
                        .where(CardMention.card_id == card_id).distinct()
                        .order_by(Section.source_id, Section.order)).all()
    order = {s.id: s.order for s in session.exec(select(Source))}
    return sorted((corpus.section_summary(row) for row in rows),
                  key=lambda s: (order.get(s["source"], 0), s["source"]))


def neighbourhood(G, node: tuple, *, kinds=None, depth: int = 1, limit: int = 30) -> dict:
    """A node and the nodes around it (see :func:`kb.graph.related`), at most ``limit`` of them, taken
    in turn from each kind so that a card with a hundred rulings still shows its sections and cards.
    """
    found = related(G, node, kinds=kinds, depth=depth)
    by_kind: dict[str, list[dict]] = {}
    for item in found:
        by_kind.setdefault(item["kind"], []).append(item)
    counts = {kind: len(items) for kind, items in by_kind.items()}
    chosen: list[dict] = []
    queues = [list(items) for items in by_kind.values()]
    while len(chosen) < limit and any(queues):
        for queue in queues:
            if queue and len(chosen) < limit:
                chosen.append(queue.pop(0))
    chosen.sort(key=lambda item: (item["distance"], found.index(item)))
    return {"object": "graph", "node": describe_node(G, node), "total": len(found),
            "counts": counts, "data": chosen}


def card_view(session: Session, card_id: int, graph=None) -> dict:
    """A card as its page shows it: the card, its effect profile, its rulings, the sections naming it,
    and (given the graph) its neighbourhood in the graph.
    """
    from .engine import card_profile

    card = card_dict(session, card_id)  # raises NotFoundError
    record = card_by_id(session, card_id)
    try:
        profile = card_profile(session, record)
    except KbError as exc:  # a card the engine cannot read: say so instead of failing the page
        profile = [{"kind": "unknown", "error": str(exc)}]
    out = {"object": "card_page", "card": card, "profile": profile,
           "rulings": card_rulings(session, card_id), "sections": card_sections(session, card_id)}
    if graph is not None and ("card", card_id) in graph:
        out["neighbourhood"] = neighbourhood(graph, ("card", card_id))
    return out


_CARD_DICTS: RecentByVersion[dict] = RecentByVersion(4096)


def card_dict(session: Session, card_id: int) -> dict:
    """:func:`kb.cards.get_card`, remembered for the cards asked about most recently in the current
    knowledge-base version (a built version never changes).  The dict is shared: treat it as read-only.

    :raises NotFoundError: no card has this id.
    """
    return _CARD_DICTS.get(session, card_id, lambda: get_card(session, card_id))


def named_card(session: Session, *, exact: str | None = None, fuzzy: str | None = None) -> dict:
    """The chat-bot look-up: one card by its exact name (case, spacing and punctuation ignored; Japanese
    names, aliases and passcodes count as exact) or by a fuzzy name (:func:`kb.cards.resolve_card`).

    :raises AmbiguousError: several cards fit a fuzzy name (``candidates``).
    :raises NotFoundError: no card fits (``suggestions``: what ``fuzzy`` would have found).
    """
    if (exact is None) == (fuzzy is None):
        raise BadQuestionError("give exactly one of exact= or fuzzy=", field="exact", value=exact)
    field = "exact" if exact is not None else "fuzzy"
    query = (exact if exact is not None else fuzzy).strip()
    if not query:
        raise BadQuestionError(f"the card name in {field}= is empty", field=field, value=query)
    found = name_index(session).lookup(query) if exact is not None else match_name(session, query)
    if found is None:
        try:
            suggestions = [match_name(session, query).name]
        except AmbiguousError as exc:
            suggestions = exc.candidates
        except NotFoundError as exc:
            suggestions = exc.suggestions
        raise NotFoundError(f"no card is named exactly {query!r}", suggestions=suggestions)
    return card_dict(session, found.card_id)


def find_inline_names(text: str, limit: int) -> list[str]:
    """The distinct ``[[card names]]`` written in a chat message, first ``limit`` of them, in order."""
    names: list[str] = []
    for match in INLINE_PATTERN.finditer(text):
        name = match.group(1).strip()
        if name and name.lower() not in {n.lower() for n in names}:
            names.append(name)
        if len(names) >= limit:
            break
    return names


def inline_cards(session: Session, text: str, limit: int = 3) -> dict:
    """Resolve every ``[[card name]]`` in a chat message (up to ``limit``) the way ``fuzzy=`` does.

    Each entry of ``data`` is ``{"query", "card"}`` for a resolved name, or ``{"query", "error"}`` with
    the error object's ``type``, ``details`` and ``candidates``.
    """
    found = []
    for query in find_inline_names(text, limit):
        try:
            found.append({"query": query, "card": card_dict(session, match_name(session, query).card_id)})
        except AmbiguousError as exc:
            found.append({"query": query, "error": {"type": "ambiguous", "details": str(exc),
                                                    "candidates": [str(c) for c in exc.candidates]}})
        except NotFoundError as exc:
            found.append({"query": query, "error": {"type": "not_found", "details": str(exc),
                                                    "candidates": [str(c) for c in exc.suggestions]}})
    total = len(INLINE_PATTERN.findall(text))
    return {"object": "list", "total": len(found), "truncated": total > len(found) and len(found) >= limit,
            "data": found}


# ------------------------------------------------------------------------------------------------ bulk

BULK_KINDS = ("cards", "rulings", "sections")


def _bulk_query(kind: str):
    if kind == "cards":
        return select(Card).order_by(Card.id)
    if kind == "rulings":
        return select(Ruling).order_by(Ruling.id)
    if kind == "sections":
        return select(Section).order_by(Section.source_id, Section.order)
    raise NotFoundError(f"unknown bulk kind {kind!r}", suggestions=list(BULK_KINDS))


def bulk_count(session: Session, kind: str) -> int:
    """How many records a bulk export of ``kind`` holds."""
    query = _bulk_query(kind)
    return session.exec(select(func.count()).select_from(query.subquery())).one()


def iter_bulk(session: Session, kind: str, batch: int = 500) -> Iterator[dict]:
    """Every record of ``kind`` (cards, rulings or sections) as the dict the single-record API serves,
    read in batches so that a full export never sits in memory at once.
    """
    query = _bulk_query(kind)
    if kind == "cards":
        for card in session.exec(query.execution_options(yield_per=batch)):
            yield card_to_dict(card)
    elif kind == "rulings":
        links: dict[str, list[int]] = {}
        for ruling_id, card_id in session.exec(select(RulingCard.ruling_id, RulingCard.card_id)):
            links.setdefault(ruling_id, []).append(card_id)
        for ruling in session.exec(query.execution_options(yield_per=batch)):
            yield dict(ruling_dict(ruling), card_ids=sorted(links.get(ruling.id, [])))
    else:
        for section in session.exec(query.execution_options(yield_per=batch)):
            yield dict(corpus.section_summary(section), text=section.text)
