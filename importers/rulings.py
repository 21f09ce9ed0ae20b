"""Rulings from the two rulings datasets, linked to the cards they are about.

* ``rulings/goatformat-parsed-rulings.json``: legacy (Goat-era, about 2005) TCG rulings.  Each record
  becomes ``goat:<n>`` (``n`` = 1-based position in the file), region TCG, ``kind`` = its ruling type,
  status ``legacy`` (some are superseded by later rulings).  An inline Netrep ``Q: ... A: ...`` is split
  into question and answer.  A Netrep Q&A ending in ``MM/DD/YYYY`` gets that
  date.  The card heading links with role ``heading`` and each ``involved_cards`` name with role
  ``involved``.
* ``rulings/ocg-ruling-assistant-rulings.json``: official OCG Q&As (``ocg-qa:<sourceId>``, English) and
  Konami card FAQ supplements (``ocg-faq:<card>-<n>``, Japanese).  ``<<konami_id>>`` markers link the card
  with role ``reference`` and are replaced in the stored text by the card's name in quotes (or the
  Japanese name inside 「」), so the text reads as printed.  ``card-text`` records are card text, not
  rulings, and are skipped (counted in the build summary).

Names are linked by exact name, alias, then a *strict* fuzzy match (every word of the name and of the
written name must match: plurals such as "3-Hump Lacoodas" and typos such as "Magicial Scientist" link,
fragments such as "destroyed" do not).  Each name left unlinked is a ``ParseProblem`` (kind
``unresolved``) at the record's line.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from sqlalchemy import insert
from sqlmodel import Session

from kb.cards import NameIndex
from kb.config import DATASETS, dataset_path
from kb.errors import KbError
from kb.models import ParseProblem, Ruling, RulingCard
from kb.text import clean_text, name_key

from .cards import check_fields, read_json_records

__all__ = [
    "GOAT_FILE",
    "OCG_FILE",
    "ROLE_PRIORITY",
    "RulingImport",
    "parse_goat",
    "parse_ocg",
    "load_rulings",
]

GOAT_FILE = "rulings/goatformat-parsed-rulings.json"
OCG_FILE = "rulings/ocg-ruling-assistant-rulings.json"

# when one ruling links a card in two ways, the stronger role is kept
ROLE_PRIORITY = {"heading": 0, "reference": 1, "involved": 2}

_GOAT_REQUIRED = {"card": str, "content": str, "metadata": dict}
_GOAT_METADATA = {"ruling_type": str, "involved_cards": list}
_OCG_REQUIRED = {"id": str, "recordType": str, "conclusion": str}
_OCG_OPTIONAL = {"title": str, "question": str, "sourceId": (str, int), "sourceUrl": str, "status": str,
                 "cardIds": list, "updatedAt": str, "sources": list}
# what each OCG record type becomes: (id prefix, kind, language) or None to skip with the reason
_OCG_TYPES = {"qa": ("ocg-qa", "qa", "en"), "card-faq": ("ocg-faq", "card-faq", "ja"), "card-text": None}
_SKIP_REASONS = {"card-text": "card text (zh-CN), not a ruling"}

_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b")
_FKA = re.compile(r"\s*\((?:f\.?k\.?a\.?|formerly(?: known as)?)\s+([^)]+)\)\s*$", re.I)
_GOAT_QA = re.compile(r"^\s*Q:\s*(.+?)\s*A:\s*(.+)$", re.S)  # an inline Netrep "Q: ... A: ..."
_MARKER = re.compile(r"<<(\d+)>>")
_OPENERS = {"「": "」", "『": "』", '"': '"', "“": "”"}


class RulingImport:
    """Rulings, their card links and the problems met while reading one file."""

    def __init__(self, file: Path):
        self.file = file
        self.rulings: list[dict] = []
        self.links: dict[tuple[str, int], str] = {}  # (ruling id, card id) -> role
        self.problems: list[ParseProblem] = []
        self.skipped: Counter = Counter()

    def problem(self, line: int | None, kind: str, message: str, excerpt: str = "") -> None:
        self.problems.append(ParseProblem(source_id="rulings", file=str(self.file), line=line, kind=kind,
                                          message=message, excerpt=excerpt[:300]))

    def link(self, ruling_id: str, card_id: int, role: str) -> None:
        key = (ruling_id, card_id)
        if key not in self.links or ROLE_PRIORITY[role] < ROLE_PRIORITY[self.links[key]]:
            self.links[key] = role


def _iso_date(text: str) -> str | None:
    """The last ``MM/DD/YYYY`` date in a text, as ISO ``YYYY-MM-DD`` (None when absent or impossible)."""
    found = _DATE.findall(text)
    if not found:
        return None
    month, day, year = (int(part) for part in found[-1])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


class _Linker:
    """Resolves written card names to card ids once each (exact, alias, strict fuzzy)."""

    def __init__(self, index: NameIndex):
        self.index = index
        self.cache: dict[str, int | None] = {}

    def __call__(self, name: str) -> int | None:
        key = name_key(name)
        if key not in self.cache:
            try:
                self.cache[key] = self.index.match(name, strict=True).card_id
            except KbError:
                self.cache[key] = None
        return self.cache[key]


def parse_goat(path: Path | str, index: NameIndex, *, url: str = "") -> RulingImport:
    """Parse the Goat-format rulings file (see the module doc)."""
    path = Path(path)
    result = RulingImport(path)
    records, problems = read_json_records(path, "rulings")
    result.problems.extend(problems)
    result.skipped["malformed"] += len(problems)
    linker = _Linker(index)
    position = 0
    for line, record in records:
        position += 1
        error = check_fields(record, _GOAT_REQUIRED, {}) or check_fields(record["metadata"], {},
                                                                         _GOAT_METADATA)
        if error is None and not record["content"].strip():
            error = "empty ruling text"
        if error:
            result.problem(line, "missing_key" if error.startswith("missing") else "bad_value",
                           f"ruling record skipped: {error}", str(record)[:300])
            result.skipped["malformed"] += 1
            continue
        ruling_id = f"goat:{position}"
        heading = clean_text(record["card"])
        content = clean_text(record["content"])
        metadata = record["metadata"]
        qa = _GOAT_QA.match(content)
        question, answer = (clean_text(qa.group(1)), clean_text(qa.group(2))) if qa else ("", content)
        result.rulings.append(dict(
            id=ruling_id, source="goatformat", region="TCG", kind=metadata.get("ruling_type") or "",
            title="", question=question, answer=answer, text_language="en", date=_iso_date(content),
            status="legacy", heading=heading, url=url))
        former = _FKA.search(heading)
        heading_names = [_FKA.sub("", heading)] + ([former.group(1)] if former else [])
        heading_id = next((card for card in map(linker, heading_names) if card is not None), None)
        if heading_id is not None:
            result.link(ruling_id, heading_id, "heading")
        else:
            result.problem(line, "unresolved", f"heading {heading!r} names no single card", heading)
        for name in metadata.get("involved_cards") or []:
            if not isinstance(name, str) or not name.strip():
                continue
            card_id = linker(name)
            if card_id is None:
                result.problem(line, "unresolved", f"involved card {name!r} names no single card", name)
            else:
                result.link(ruling_id, card_id, "involved")
    return result


def _is_japanese(text: str) -> bool:
    """True when a text is written mostly in Japanese (more kana/kanji than Latin letters)."""
    japanese = len(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]", text))
    return japanese > len(re.findall(r"[A-Za-z]", text))


def _readable(text: str, index: NameIndex, on_missing) -> str:
    """Replace each ``<<konami_id>>`` by the card's name in quotes (Japanese name inside 「」)."""

    def replace(found: re.Match) -> str:
        konami_id = int(found.group(1))
        card_id = index.konami.get(konami_id)
        if card_id is None:
            on_missing(konami_id)
            return found.group(0)
        before = text[found.start() - 1] if found.start() else ""
        after = text[found.end()] if found.end() < len(text) else ""
        quoted = before in _OPENERS and after == _OPENERS[before]
        name = index.name_of[card_id]
        if before == "「" and index.ja_name_of.get(card_id):
            name = index.ja_name_of[card_id]
        return name if quoted else f'"{name}"'

    return _MARKER.sub(replace, text)


def parse_ocg(path: Path | str, index: NameIndex) -> RulingImport:
    """Parse the OCG ruling-assistant file: Q&As and card FAQs (see the module doc)."""
    path = Path(path)
    result = RulingImport(path)
    records, problems = read_json_records(path, "rulings", array_key="records")
    result.problems.extend(problems)
    result.skipped["malformed"] += len(problems)
    seen: set[str] = set()
    for line, record in records:
        error = check_fields(record, _OCG_REQUIRED, _OCG_OPTIONAL)
        record_type = record.get("recordType") if isinstance(record, dict) else None
        if error is None and record_type not in _OCG_TYPES:
            error = f"unknown recordType {record_type!r}"
        if error:
            result.problem(line, "missing_key" if error.startswith("missing") else "bad_value",
                           f"ruling record skipped: {error}", str(record)[:300])
            result.skipped["malformed"] += 1
            continue
        shape = _OCG_TYPES[record_type]
        if shape is None:
            result.skipped[_SKIP_REASONS[record_type]] += 1
            continue
        prefix, kind, language = shape
        if kind == "qa":
            local = str(record.get("sourceId") or record["id"].rsplit("-", 1)[-1])
        else:
            local = record["id"].removeprefix("card-faq-")
        ruling_id = f"{prefix}:{local}"
        if ruling_id in seen:
            result.problem(line, "duplicate", f"ruling {ruling_id} appears twice; the first is kept")
            continue
        seen.add(ruling_id)
        missing: list[int] = []
        raw = {field: clean_text(record.get(field) or "") for field in ("title", "question", "conclusion")}
        for konami_id in {int(m) for text in raw.values() for m in _MARKER.findall(text)}:
            card_id = index.konami.get(konami_id)
            if card_id is not None:
                result.link(ruling_id, card_id, "reference")
        for value in record.get("cardIds") or []:
            card_id = index.konami.get(int(value)) if str(value).isdigit() else None
            if card_id is None:
                missing.append(value)
            else:
                result.link(ruling_id, card_id, "reference")
        text = {field: _readable(value, index, missing.append) for field, value in raw.items()}
        for konami_id in sorted(set(map(str, missing))):
            result.problem(line, "unresolved", f"{ruling_id}: Konami id {konami_id} is not a known card")
        url = record.get("sourceUrl") or next((s.get("detail", "") for s in record.get("sources") or []
                                               if isinstance(s, dict)), "")
        date = None
        if kind == "card-faq" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", record.get("updatedAt") or ""):
            date = record["updatedAt"]  # the Konami FAQ date; a Q&A's updatedAt is only the sync time
        title = text["title"] if kind == "qa" else ""
        if kind == "qa" and any(_is_japanese(text[f]) for f in ("question", "conclusion")):
            language = "+".join(dict.fromkeys("ja" if _is_japanese(text[f]) else "en"
                                              for f in ("question", "conclusion") if text[f]))
        result.rulings.append(dict(
            id=ruling_id, source="ygoresources", region="OCG", kind=kind, title=title,
            question=text["question"], answer=text["conclusion"], text_language=language, date=date,
            status=record.get("status") or "", heading="", url=url))
    return result


def load_rulings(ctx) -> None:
    """Build step: import both rulings files and link them to the cards (needs the cards step)."""
    session: Session = ctx.session
    index = NameIndex.from_session(session)
    if not index.names:
        raise KbError("the rulings step needs the cards step first (no cards in the knowledge base)")
    goat_path, ocg_path = (dataset_path(name, ctx.data_dir) for name in (GOAT_FILE, OCG_FILE))
    for path in (goat_path, ocg_path):
        if not path.exists():
            raise KbError(f"rulings dataset not found at {path} (run `kb setup-data` or pass --data DIR)")
    results = {"goatformat": parse_goat(goat_path, index, url=DATASETS[GOAT_FILE][1] or ""),
               "ygoresources": parse_ocg(ocg_path, index)}
    for source, result in results.items():
        if result.rulings:
            session.execute(insert(Ruling.__table__), result.rulings)
        if result.links:
            session.execute(insert(RulingCard.__table__),
                            [{"ruling_id": r, "card_id": c, "role": role}
                             for (r, c), role in result.links.items()])
        session.add_all(result.problems)
        unresolved = sum(1 for p in result.problems if p.kind == "unresolved")
        skipped = sum(result.skipped.values())
        ctx.add_summary(f"rulings:{source}", rulings=len(result.rulings), links=len(result.links),
                        unresolved=unresolved, skipped=skipped, problems=len(result.problems))
        reasons = ", ".join(f"{count} {reason}" for reason, count in result.skipped.items() if count)
        ctx.log(f"rulings {source}: {len(result.rulings)} rulings, {len(result.links)} card links, "
                f"{unresolved} unresolved names" + (f", skipped {reasons}" if reasons else ""))
    session.commit()
