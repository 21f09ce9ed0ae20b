"""Cards from the YAML Yugi card file, and the project's alias table.

The card file (``cards/yaml-yugi-cards.json`` in the datasets directory, schema in ``../shared/data/SOURCES.md``)
is one JSON array with one card object per line.  It is read record by record
(:func:`read_json_records`), so a malformed line becomes a :class:`kb.models.ParseProblem` naming the file
and line and the rest of the file is still imported.

Rules applied here (documented in ``docs/cards-and-names.md``):

* ``Card.id`` is the Konami database id; a card without one gets the synthetic id
  ``90_000_000 + yugipedia_page_id`` (:data:`SYNTHETIC_ID_BASE`).
* Records sharing a Konami id are alternate-artwork prints of one card: one :class:`Card`, every passcode
  in :class:`CardPassword`; the primary print is the one with the lowest Yugipedia page id (the card's
  main article predates the artwork variants).
* Japanese names lose their ``<ruby>base<rt>reading</rt></ruby>`` furigana markup (the base text stays).
* Link arrows are stored as words in :data:`LINK_ARROW_ORDER` (``Top-Left`` ... ``Bottom-Right``), the same
  as the cdb importer.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import insert
from sqlmodel import Session, select

from kb.config import dataset_path
from kb.errors import KbError, SourceFormatError
from kb.models import Alias, Card, CardPassword, ParseProblem
from kb.text import clean_text, name_key
from .derived_aliases import derived_aliases

__all__ = [
    "CARDS_FILE",
    "ALIASES_FILE",
    "SYNTHETIC_ID_BASE",
    "LINK_ARROWS",
    "LINK_ARROW_ORDER",
    "ALIAS_KINDS",
    "CardImport",
    "read_json_records",
    "check_fields",
    "strip_ruby",
    "card_row",
    "parse_cards",
    "store_cards",
    "load_cards",
    "read_aliases",
    "load_aliases",
]

CARDS_FILE = "cards/yaml-yugi-cards.json"
ALIASES_FILE = Path(__file__).resolve().parent.parent / "data" / "aliases.toml"
SYNTHETIC_ID_BASE = 90_000_000

# arrow glyph of the card file -> the arrow's name
LINK_ARROWS = {"↖": "Top-Left", "⬆": "Top", "↗": "Top-Right", "⬅": "Left", "➡": "Right",
               "↙": "Bottom-Left", "⬇": "Bottom", "↘": "Bottom-Right"}

# the order arrows are listed in: clockwise rows, top to bottom
LINK_ARROW_ORDER = ("Top-Left", "Top", "Top-Right", "Left", "Right", "Bottom-Left", "Bottom", "Bottom-Right")

ALIAS_KINDS = ("abbreviation", "nickname", "former_name")

_NONE = type(None)
# key -> accepted types, for the keys every card record must have
_REQUIRED = {"name": dict, "text": dict, "card_type": str, "yugipedia_page_id": int,
             "konami_id": (int, _NONE), "password": (int, _NONE)}
# key -> accepted types, for keys that may be absent
_OPTIONAL = {"property": str, "monster_type_line": str, "attribute": str, "level": int, "rank": int,
             "link_arrows": list, "atk": (int, str), "def": (int, str), "pendulum_scale": int,
             "pendulum_effect": dict, "materials": str, "series": list, "limit_regulation": dict,
             "is_translation_unofficial": dict}
_CARD_TYPES = ("Monster", "Spell", "Trap")


# ------------------------------------------------------------------------------------- JSON records


def read_json_records(path: Path | str, source_id: str, *, array_key: str | None = None
                      ) -> tuple[list[tuple[int, object]], list[ParseProblem]]:
    """Read a JSON array of records one element at a time, with the line each element starts on.

    The array is the whole document, or the value of ``array_key`` in a top-level object.  An element that
    is not valid JSON becomes a ``ParseProblem`` (kind ``json``) at its line and reading resumes at the next
    line that starts an element at the same indentation, so one bad record never loses the others.

    :raises SourceFormatError: when the file cannot be read or holds no such array at all.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceFormatError(str(path), None, f"cannot read the file: {exc}") from exc
    if array_key is None:
        start = re.match(r"\s*\[", text)
    else:
        start = re.search(r'"%s"\s*:\s*\[' % re.escape(array_key), text)
    if not start:
        where = f'a "{array_key}" array' if array_key else "a JSON array"
        raise SourceFormatError(str(path), 1, f"expected {where}")
    decoder = json.JSONDecoder()
    records: list[tuple[int, object]] = []
    problems: list[ParseProblem] = []
    pos, line, counted_to = start.end(), 1, 0
    indent = None  # the whitespace before the first element: where elements start
    separator = re.compile(r"\s*(,)?\s*")
    needs_comma = False

    def line_at(offset: int) -> int:
        nonlocal line, counted_to
        line += text.count("\n", counted_to, offset)
        counted_to = offset
        return line

    def problem(offset: int, kind: str, message: str) -> None:
        at = line_at(offset)
        excerpt = text[offset:offset + 300].split("\n", 1)[0]
        problems.append(ParseProblem(source_id=source_id, file=str(path), line=at, kind=kind,
                                     message=message, excerpt=excerpt[:300]))

    while True:
        gap = separator.match(text, pos)
        comma = gap.group(1)
        pos = gap.end()
        if pos >= len(text):
            problem(max(pos - 1, 0), "json", "the array is not closed (missing ']')")
            break
        if text[pos] == "]":
            break
        if indent is None:
            indent = text[text.rfind("\n", 0, pos) + 1:pos]
            if indent.strip():
                indent = ""
        elif needs_comma and not comma:
            problem(pos, "json", "missing ',' between two records")
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            problem(pos, "json", f"record is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
            resume = re.compile(r"\n%s[\[{\"0-9tfn-]" % re.escape(indent)).search(text, pos + 1)
            if not resume:
                break
            pos = resume.start() + 1 + len(indent)
            needs_comma = False
            continue
        records.append((line_at(pos), value))
        pos = end
        needs_comma = True
    return records, problems


def _problem(file: Path, line: int | None, kind: str, message: str, excerpt: str = "") -> ParseProblem:
    return ParseProblem(source_id="cards", file=str(file), line=line, kind=kind, message=message,
                        excerpt=excerpt[:300])


def check_fields(record: object, required: dict, optional: dict) -> str | None:
    """The first way ``record`` breaks the field table (``key -> type(s)``), or None when it fits."""
    if not isinstance(record, dict):
        return f"expected an object, got {type(record).__name__}"
    for key in required:
        if key not in record:
            return f"missing required key {key!r}"
    checks = [(key, types) for key, types in required.items()]
    checks += [(key, types) for key, types in optional.items() if record.get(key) is not None]
    for key, types in checks:
        value = record[key]
        if isinstance(value, bool) or not isinstance(value, types):
            return f"key {key!r} has the wrong type ({type(value).__name__}: {str(value)[:40]!r})"
    return None


# ------------------------------------------------------------------------------------------- cards


_RUBY = re.compile(r"<ruby>(.*?)<rt>.*?</rt></ruby>", re.S)


def strip_ruby(text: str | None) -> str:
    """A Japanese name without its furigana: ``<ruby>神<rt>かみ</rt></ruby>の`` -> ``神の``."""
    return _RUBY.sub(r"\1", text or "").replace("<ruby>", "").replace("</ruby>", "")


def _lang(record: dict, key: str, lang: str) -> str:
    value = record.get(key) or {}
    return clean_text(value.get(lang) or "") if isinstance(value, dict) else ""


def _stat(value) -> tuple[int | None, bool]:
    """ATK/DEF: an int, or ``"?"`` (unknown)."""
    if value is None:
        return None, False
    if isinstance(value, str):
        if value.strip() == "?":
            return None, True
        raise ValueError(f"ATK/DEF must be a number or '?', got {value!r}")
    return value, False


def card_row(record: dict) -> dict:
    """One card record of the YAML Yugi file as a row of the ``card`` table (ValueError on bad values)."""
    name = _lang(record, "name", "en")
    if not name:
        raise ValueError("the card has no English name")
    if record["card_type"] not in _CARD_TYPES:
        raise ValueError(f"unknown card_type {record['card_type']!r}")
    type_line = [token.strip() for token in (record.get("monster_type_line") or "").split("/")]
    type_line = [token for token in type_line if token]
    arrows = []
    for glyph in record.get("link_arrows") or []:
        if glyph not in LINK_ARROWS:
            raise ValueError(f"unknown link arrow {glyph!r}")
        arrows.append(LINK_ARROWS[glyph])
    arrows.sort(key=LINK_ARROW_ORDER.index)
    atk, atk_unknown = _stat(record.get("atk"))
    defense, def_unknown = _stat(record.get("def"))
    limits = record.get("limit_regulation") or {}
    unofficial = record.get("is_translation_unofficial") or {}
    konami_id = record.get("konami_id")
    page_id = record["yugipedia_page_id"]
    return dict(
        id=konami_id if konami_id is not None else SYNTHETIC_ID_BASE + page_id,
        konami_id=konami_id,
        password=record.get("password"),
        name=name,
        name_key=name_key(name),
        name_ja=strip_ruby(_lang(record, "name", "ja")),
        card_type=record["card_type"],
        property=record.get("property"),
        monster_type=type_line[0] if type_line else None,
        abilities=type_line[1:],
        attribute=record.get("attribute"),
        level=record.get("level"),
        rank=record.get("rank"),
        link_rating=len(arrows) if arrows else None,
        link_arrows=arrows,
        atk=atk, atk_unknown=atk_unknown, defense=defense, def_unknown=def_unknown,
        scale=record.get("pendulum_scale"),
        text=_lang(record, "text", "en"),
        text_ja=_lang(record, "text", "ja"),
        pendulum_text=_lang(record, "pendulum_effect", "en"),
        materials=clean_text(record.get("materials") or ""),
        series=[s for s in record.get("series") or [] if isinstance(s, str)],
        tcg_status=limits.get("tcg") if isinstance(limits, dict) else None,
        ocg_status=limits.get("ocg") if isinstance(limits, dict) else None,
        unofficial_name=bool(isinstance(unofficial.get("name"), dict) and unofficial["name"].get("en")),
        yugipedia_page_id=page_id,
        source="yaml-yugi",
    )


@dataclass
class CardImport:
    """What a card importer produced: rows of the ``card`` and ``cardpassword`` tables, and problems.

    Rows are plain dicts (column -> value) so that thousands of cards insert in one ``executemany``.
    """

    cards: list[dict] = field(default_factory=list)
    passwords: list[dict] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    skipped: int = 0


def parse_cards(path: Path | str) -> CardImport:
    """Parse the YAML Yugi card file into cards and passcodes (alternate prints merged by Konami id)."""
    path = Path(path)
    records, problems = read_json_records(path, "cards")
    result = CardImport(problems=list(problems))
    result.skipped = len(problems)
    by_id: dict[int, dict] = {}  # card id -> row
    password_owner: dict[int, int] = {}
    for line, record in records:
        error = check_fields(record, _REQUIRED, _OPTIONAL)
        card = None
        if error is None:
            try:
                card = card_row(record)
            except ValueError as exc:
                error = str(exc)
        if error is not None:
            kind = "missing_key" if error.startswith("missing") else "bad_value"
            result.problems.append(_problem(path, line, kind, f"card record skipped: {error}",
                                            json.dumps(record, ensure_ascii=False)[:300]))
            result.skipped += 1
            continue
        card_id = card["id"]
        kept = by_id.get(card_id)
        if kept is None:
            by_id[card_id] = card
        elif card["yugipedia_page_id"] < kept["yugipedia_page_id"]:  # this print is the primary one
            card["password"] = card["password"] if card["password"] is not None else kept["password"]
            by_id[card_id] = card
        elif kept["password"] is None:
            kept["password"] = card["password"]
        password = record.get("password")
        if password is not None:
            owner = password_owner.setdefault(password, card_id)
            if owner != card_id:
                result.problems.append(_problem(path, line, "duplicate",
                                                f"passcode {password} already belongs to card {owner}"))
    result.cards = list(by_id.values())
    result.passwords = [{"password": p, "card_id": c} for p, c in password_owner.items()]
    return result


def store_cards(session: Session, result: CardImport) -> None:
    """Insert a parse result's cards and passcodes (one executemany each) and add its problems."""
    if result.cards:
        session.execute(insert(Card.__table__), result.cards)
    if result.passwords:
        session.execute(insert(CardPassword.__table__), result.passwords)
    session.add_all(result.problems)


def load_cards(ctx) -> None:
    """Build step: import every card of the YAML Yugi card file (and a ``cards/cards.cdb`` if present)."""
    from . import cdb  # the cdb importer reuses this module's records

    path = dataset_path(CARDS_FILE, ctx.data_dir)
    if not path.exists():
        raise KbError(f"card dataset not found at {path} (run `kb setup-data` or pass --data DIR)")
    result = parse_cards(path)
    store_cards(ctx.session, result)
    ctx.session.flush()
    extra = 0
    cdb_path = dataset_path(cdb.CDB_FILE, ctx.data_dir)
    if cdb_path.exists():
        known = {row["password"]: row["card_id"] for row in result.passwords}
        cdb_result = cdb.parse_cdb(cdb_path, known_passwords=known)
        store_cards(ctx.session, cdb_result)
        extra = len(cdb_result.cards)
    ctx.session.commit()
    ctx.state["cards"] = {"file": str(path), "count": len(result.cards) + extra}
    ctx.add_summary("cards", cards=len(result.cards) + extra, passwords=len(result.passwords),
                    skipped=result.skipped, problems=len(result.problems))
    ctx.log(f"cards: {len(result.cards)} cards, {len(result.passwords)} passcodes, "
            f"{result.skipped} records skipped" + (f", {extra} from {cdb_path.name}" if extra else ""))


# ----------------------------------------------------------------------------------------- aliases


def read_aliases(path: Path | str = ALIASES_FILE) -> list[tuple[int, str, str, str]]:
    """The alias table as ``(line, alias, card name, kind)`` rows.

    The file has one TOML table per kind (``[abbreviation]``, ``[nickname]``, ``[former_name]``), each
    mapping an alias to the exact English name of one card.

    :raises SourceFormatError: for unreadable TOML, an unknown kind or a value that is not a string.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise SourceFormatError(str(path), None, f"cannot read the alias table: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise SourceFormatError(str(path), getattr(exc, "lineno", None), f"not valid TOML: {exc}") from exc
    lines = text.split("\n")

    def line_of(kind: str, alias: str) -> int | None:
        in_table = False
        for number, raw in enumerate(lines, 1):
            stripped = raw.strip()
            if stripped.startswith("["):
                in_table = stripped == f"[{kind}]"
            elif in_table and stripped.split("=", 1)[0].strip().strip('"') == alias:
                return number
        return None

    rows = []
    for kind, table in data.items():
        if kind not in ALIAS_KINDS or not isinstance(table, dict):
            raise SourceFormatError(str(path), line_of(kind, kind),
                                    f"unknown alias table [{kind}] (expected one of {', '.join(ALIAS_KINDS)})")
        for alias, card_name in table.items():
            if not isinstance(card_name, str):
                raise SourceFormatError(str(path), line_of(kind, alias),
                                        f"alias {alias!r} must map to a card name, got {card_name!r}")
            rows.append((line_of(kind, alias), alias, card_name, kind))
    return rows


def load_aliases(ctx, path: Path | str | None = None) -> None:
    """Build step: store the alias table; fails the build on an alias whose card does not exist.

    An alias must name its card by exact English name, and one alias (after :func:`kb.text.name_key`)
    may name only one card.  An alias that is also some card's own name can never be reached (exact
    names win) and fails the build too.
    """
    path = Path(path or ctx.state.get("aliases_file") or ALIASES_FILE)
    session: Session = ctx.session
    by_key: dict[str, list[int]] = {}
    for card_id, key, has_password in session.exec(
            select(Card.id, Card.name_key, Card.password)).all():
        by_key.setdefault(key, []).append((0 if has_password is not None else 1, card_id))
    errors, seen, aliases = [], {}, []
    for line, alias, card_name, kind in read_aliases(path):
        where = f"{path.name}:{line}"
        targets = sorted(by_key.get(name_key(card_name), []))
        alias_key = name_key(alias)
        if not targets:
            errors.append(f"{where}: alias {alias!r} names {card_name!r}, which is not a card")
            continue
        if not alias_key:
            errors.append(f"{where}: alias {alias!r} is empty once punctuation is ignored")
            continue
        if alias_key in by_key:
            errors.append(f"{where}: alias {alias!r} is itself a card name; it could never be used")
            continue
        card_id = targets[0][1]
        if alias_key in seen and seen[alias_key][1] != card_id:
            errors.append(f"{where}: alias {alias!r} already names another card "
                          f"(line {seen[alias_key][0]})")
            continue
        if alias_key in seen:
            continue
        seen[alias_key] = (line, card_id)
        aliases.append(Alias(alias=alias, alias_key=alias_key, card_id=card_id, kind=kind))
    if errors:
        raise KbError(f"{len(errors)} bad alias(es): " + "; ".join(errors))
    derived = derived_aliases(session, set(seen))  # initials and name parts (importers/derived_aliases.py)
    session.add_all(aliases + derived)
    session.commit()
    ctx.add_summary("aliases", aliases=len(aliases), derived=len(derived))
    ctx.log(f"aliases: {len(aliases)} curated, {len(derived)} derived from name structure")
