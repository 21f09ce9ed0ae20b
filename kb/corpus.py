"""The rulebook corpus: the build step that imports the five books, and the queries over them.

Query functions take a session first and return plain dicts/lists (the shapes the CLI prints and the API
serves), raising :class:`kb.errors.NotFoundError` with close matches for an unknown id.
"""

from __future__ import annotations

import functools
import hashlib
import time
import tomllib
from pathlib import Path

from rapidfuzz import process
from sqlalchemy import func
from sqlmodel import Session, SQLModel, select

from importers import RULEBOOKS, rulebook_importer
from importers.base import ParseResult, resolve_references

from .errors import KbError, NotFoundError
from .models import (BuildInfo, CardMention, ParseProblem, Reference, RulingCitation, Section, Source,
                     Term)

__all__ = [
    "read_sources_file",
    "load_rulebooks",
    "parse_rulebooks",
    "start_rulebook_parse",
    "validate_store",
    "stats",
    "list_sources",
    "list_sections",
    "get_section",
    "list_problems",
    "section_summary",
]


def read_sources_file(rulebook_dir: Path) -> dict[str, Source]:
    """The ``SOURCES.toml`` of the bundled rulebooks as :class:`Source` records, by id."""
    path = Path(rulebook_dir) / "SOURCES.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise KbError(f"{path}: cannot read the rulebook sources file: {exc}") from exc
    sources = {}
    for source_id, entry in data.items():
        fields = {k: entry.get(k, "") for k in ("title", "edition", "region", "date", "origin", "file",
                                                 "sha256")}
        sources[source_id] = Source(id=source_id, order=int(entry.get("order", 0)), **fields)
    return sources


def parse_rulebook(source: Source, rulebook_dir: Path) -> ParseResult:
    """Parse one bundled rulebook with its importer."""
    module = rulebook_importer(source.id)
    path = Path(rulebook_dir) / Path(source.file).name
    return module.parse(path, source)


def parse_rulebooks(rulebook_dir: Path, only_sources: list[str] | None, log) -> dict[str, ParseResult]:
    """Parse every rulebook (or ``only_sources``) and resolve their cross references (nothing is stored)."""
    sources = read_sources_file(rulebook_dir)
    wanted = only_sources or list(RULEBOOKS)
    missing = [sid for sid in wanted if sid not in sources]
    if missing:
        raise KbError(f"SOURCES.toml has no entry for {', '.join(missing)}")
    results: dict[str, ParseResult] = {}
    for source_id in wanted:
        source = sources[source_id]
        path = Path(rulebook_dir) / Path(source.file).name
        expected = source.sha256
        result = parse_rulebook(source, rulebook_dir)
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if expected and actual != expected:
            result.problem(None, "checksum", f"sha256 {actual} differs from SOURCES.toml ({expected})")
        source.sha256 = actual
        results[source_id] = result
        log(f"parsed {source_id}: {len(result.sections)} sections, {len(result.problems)} problems")
    resolve_references(results)
    return results


PARSE_JOB = "rulebooks-parse"


def _parse_job(rulebook_dir: Path, only_sources: list[str] | None, kb_dir: Path) -> tuple[dict, list[str]]:
    """Background build job: :func:`parse_rulebooks`, with its log lines (the records travel back pickled)."""
    lines: list[str] = []
    return parse_rulebooks(rulebook_dir, only_sources, lines.append), lines


def _taken_by_the_step(ctx, result) -> None:
    """The parse job's result is taken by the ``rulebooks`` step (``ctx.take``): nothing left to do."""


def start_rulebook_parse(ctx) -> None:
    """Build step: parse the rulebooks in a background process, forked before the ``cards`` step so that
    the parse takes the core the build leaves free while it reads the cards; ``rulebooks`` stores them."""
    ctx.spawn(PARSE_JOB, functools.partial(_parse_job, ctx.rulebook_dir, ctx.only_sources),
              finish=_taken_by_the_step)


def load_rulebooks(ctx) -> None:
    """Build step: parse every rulebook (or take what the ``rulebooks-parse`` job parsed), resolve cross
    references, store the records."""
    parsed = ctx.take(PARSE_JOB) if hasattr(ctx, "take") else None
    if parsed is None:
        results = parse_rulebooks(ctx.rulebook_dir, ctx.only_sources, ctx.log)
    else:
        results, lines = parsed
        for line in lines:
            ctx.log(line)
    ctx.state["rulebooks"] = results
    session: Session = ctx.session
    citations: dict[tuple[str, str], RulingCitation] = {}
    for source_id, result in results.items():
        session.add(result.source)
        session.add_all(result.sections)
        session.flush()
        for ref, citation in result.citations:
            key = (citation.kind, citation.title)
            if key not in citations:
                citations[key] = citation
                session.add(citation)
                session.flush()
            ref.citation_id = citations[key].id
        session.add_all(result.references)
        session.add_all(result.terms)
        session.add_all(result.mentions)
        session.add_all(result.problems)
        resolved = sum(1 for r in result.references if r.target_id)
        ctx.add_summary(source_id, sections=len(result.sections), references=len(result.references),
                        resolved=resolved, unresolved=len(result.references) - resolved,
                        terms=len(result.terms), mentions=len(result.mentions),
                        problems=len(result.problems))
    session.commit()


def validate_store(ctx) -> None:
    """Build step: refuse to swap in a knowledge base whose records do not hang together."""
    session: Session = ctx.session
    ids = set(session.exec(select(Section.id)).all())
    errors = []
    if not ids:
        errors.append("no sections were imported")
    for section_id, parent in session.exec(select(Section.id, Section.parent_id)).all():
        if parent is not None and parent not in ids:
            errors.append(f"section {section_id} has unknown parent {parent}")
    for ref_id, target in session.exec(select(Reference.id, Reference.target_id)).all():
        if target is not None and target not in ids:
            errors.append(f"reference {ref_id} points at unknown section {target}")
    for check in ctx.state.get("validators", []):
        errors.extend(check(ctx))
    if errors:
        raise KbError(f"{len(errors)} validation error(s): " + "; ".join(errors[:10]))
    session.add(BuildInfo(key="built_at", value=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
    session.commit()


# ------------------------------------------------------------------------------------------- queries


def stats(session: Session) -> dict:
    """Counts of every kind of record, plus facts recorded by the build (graph size, ...)."""
    out = {}
    for name, table in sorted(SQLModel.metadata.tables.items()):
        if name == "buildinfo":
            continue
        out[_plural(name)] = session.exec(select(func.count()).select_from(table)).one()
    out["references_resolved"] = session.exec(
        select(func.count()).select_from(Reference).where(Reference.target_id.is_not(None))).one()
    for info in session.exec(select(BuildInfo)).all():
        value = info.value
        out[info.key] = int(value) if value.isdigit() else value
    return out


_PLURALS = {"source": "sources", "section": "sections", "reference": "references", "term": "terms",
            "parseproblem": "problems", "cardmention": "mentions", "card": "cards",
            "cardpassword": "passwords", "alias": "aliases", "ruling": "rulings",
            "rulingcard": "ruling_card_links", "rulingsection": "ruling_section_links",
            "rulingcitation": "ruling_citations", "citationcard": "citation_card_links",
            "conflict": "conflicts", "conflictside": "conflict_sides", "topiclink": "topic_links",
            "effectprofile": "effect_profiles"}


def _plural(table: str) -> str:
    return _PLURALS.get(table, table + "s")


def list_sources(session: Session) -> list[dict]:
    """Every source with its metadata and section count."""
    counts = dict(session.exec(select(Section.source_id, func.count()).group_by(Section.source_id)).all())
    return [dict(source.model_dump(), sections=counts.get(source.id, 0))
            for source in session.exec(select(Source).order_by(Source.order)).all()]


def section_summary(section: Section) -> dict:
    """The short shape of a section used in lists."""
    pages = None
    if section.page_start is not None:
        pages = [section.page_start, section.page_end if section.page_end is not None else section.page_start]
    return {"id": section.id, "source": section.source_id, "number": section.number,
            "title": section.title, "parent": section.parent_id, "level": section.level,
            "kind": section.kind, "pages": pages}


def _source_or_error(session: Session, source_id: str) -> Source:
    source = session.get(Source, source_id)
    if source is None:
        ids = list(session.exec(select(Source.id)).all())
        raise NotFoundError(f"unknown source {source_id!r}", suggestions=_close(source_id, ids))
    return source


def list_sections(session: Session, source_id: str) -> list[dict]:
    """All sections of one source in reading order."""
    _source_or_error(session, source_id)
    rows = session.exec(select(Section).where(Section.source_id == source_id).order_by(Section.order))
    return [section_summary(s) for s in rows.all()]


def _close(query: str, choices: list[str], limit: int = 5) -> list[str]:
    return [match for match, score, _ in process.extract(query, choices, limit=limit) if score >= 60]


def get_section(session: Session, section_id: str) -> dict:
    """One section with its text, children, references, terms and card mentions."""
    section = session.get(Section, section_id)
    if section is None:
        source = section_id.split(":", 1)[0]
        ids = list(session.exec(select(Section.id).where(Section.source_id == source)).all()) or \
            list(session.exec(select(Section.id)).all())
        raise NotFoundError(f"unknown section {section_id!r}", suggestions=_close(section_id, ids))
    children = session.exec(select(Section).where(Section.parent_id == section_id)
                            .order_by(Section.order)).all()
    refs = session.exec(select(Reference).where(Reference.section_id == section_id)
                        .order_by(Reference.id)).all()
    terms = session.exec(select(Term).where(Term.section_id == section_id)).all()
    mentions = session.exec(select(CardMention).where(CardMention.section_id == section_id)
                            .order_by(CardMention.id)).all()
    out = section_summary(section)
    out.update(
        text=section.text,
        line=section.line,
        duplicate_of=section.duplicate_of,
        children=[section_summary(c) for c in children],
        references=[{"raw": r.raw, "kind": r.kind, "ordinal": r.ordinal, "in_block": r.in_block,
                     "target": r.target_id, "target_source": r.target_source,
                     "unresolved_reason": r.unresolved_reason} for r in refs],
        terms=[{"id": t.id, "term": t.term, "definition": t.definition} for t in terms],
        cards=[{"raw": m.raw, "kind": m.kind, "card_id": m.card_id} for m in mentions],
    )
    return out


def list_problems(session: Session, source_id: str | None = None) -> list[dict]:
    """Parse problems, optionally of one source, with file and line."""
    query = select(ParseProblem).order_by(ParseProblem.id)
    if source_id:
        known = set(session.exec(select(ParseProblem.source_id).distinct()).all())
        known |= set(session.exec(select(Source.id)).all())
        if source_id not in known:
            raise NotFoundError(f"unknown source {source_id!r}", suggestions=_close(source_id, sorted(known)))
        query = query.where(ParseProblem.source_id == source_id)
    return [{"source": p.source_id, "file": p.file, "line": p.line, "kind": p.kind,
             "message": p.message, "excerpt": p.excerpt} for p in session.exec(query).all()]
