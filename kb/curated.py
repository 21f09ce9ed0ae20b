"""The curated data files the build links with: the rule-topic table (``data/topics.toml``) and the
conflicts between the books (``data/conflicts.toml``), read with errors that name the file and entry."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz, process
from sqlmodel import Session, select

from .config import REPO_ROOT
from .errors import KbError
from .models import Section

__all__ = ["TOPICS_FILE", "CONFLICTS_FILE", "Topic", "load_topics", "load_conflicts", "check_sections"]

TOPICS_FILE = REPO_ROOT / "data" / "topics.toml"
CONFLICTS_FILE = REPO_ROOT / "data" / "conflicts.toml"


@dataclass
class Topic:
    """A rule topic: the sections that treat it in each book and the phrases that name it in rulings."""

    id: str
    title: str
    sections: list[str]
    phrases: list[str] = field(default_factory=list)
    pattern: re.Pattern | None = None


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise KbError(f"{path}: cannot read: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise KbError(f"{path}: not valid TOML: {exc}") from exc


def _phrase_pattern(phrases: list[str]) -> re.Pattern | None:
    if not phrases:
        return None
    alternatives = sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+")
                                                  for p in alternatives) + r")s?(?![\w-])", re.I)


def load_topics(path: Path | str = TOPICS_FILE) -> list[Topic]:
    """Read the curated topic table (``data/topics.toml``)."""
    data = _read_toml(Path(path))
    topics, seen = [], set()
    for number, entry in enumerate(data.get("topic", []), 1):
        topic_id = entry.get("id")
        if not topic_id or not entry.get("sections"):
            raise KbError(f"{path}: topic #{number} needs an id and sections (got {entry!r})")
        if topic_id in seen:
            raise KbError(f"{path}: topic id {topic_id!r} is used twice")
        seen.add(topic_id)
        phrases = list(entry.get("phrases", []))
        topics.append(Topic(topic_id, entry.get("title", topic_id), list(entry["sections"]), phrases,
                            _phrase_pattern(phrases)))
    return topics


def load_conflicts(path: Path | str = CONFLICTS_FILE) -> list[dict]:
    """Read the curated conflicts (``data/conflicts.toml``): id, topic, summary and at least two sides."""
    data = _read_toml(Path(path))
    conflicts, seen = [], set()
    for number, entry in enumerate(data.get("conflict", []), 1):
        missing = [k for k in ("id", "topic", "summary") if not entry.get(k)]
        if missing:
            raise KbError(f"{path}: conflict #{number} lacks {', '.join(missing)}")
        if entry["id"] in seen:
            raise KbError(f"{path}: conflict id {entry['id']!r} is used twice")
        seen.add(entry["id"])
        sides = entry.get("side", [])
        if len(sides) < 2 or any(not s.get("section") or not s.get("position") for s in sides):
            raise KbError(f"{path}: conflict {entry['id']!r} needs at least two sides, each with a "
                          f"section and a position")
        conflicts.append({"id": entry["id"], "topic": entry["topic"], "summary": entry["summary"],
                          "sides": [{"section": s["section"], "position": s["position"]} for s in sides]})
    return conflicts


def check_sections(session: Session, where: str, wanted: dict[str, str]) -> None:
    """Fail loudly when a curated file names a section id that does not exist."""
    known = set(session.exec(select(Section.id)).all())
    bad = {sid: owner for sid, owner in wanted.items() if sid not in known}
    if not bad:
        return
    loaded = {sid.split(":", 1)[0] for sid in known}
    messages = []
    for sid, owner in sorted(bad.items()):
        source = sid.split(":", 1)[0]
        if source not in loaded:
            continue  # a partial build (--only) does not hold that book
        close = process.extract(sid, [k for k in known if k.startswith(source + ":")], limit=3,
                                scorer=fuzz.ratio)
        hint = ", ".join(m for m, score, _ in close if score >= 60)
        messages.append(f"{owner}: unknown section {sid!r}" + (f" (did you mean {hint}?)" if hint else ""))
    if messages:
        raise KbError(f"{where}: {len(messages)} unknown section id(s): " + "; ".join(messages))
