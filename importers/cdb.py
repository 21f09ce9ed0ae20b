"""Cards from a YGOPro / EDOPro card database (``cards.cdb``, SQLite).

The database has two tables (``../shared/notes/anchors.md`` §5.3)::

    datas(id, ot, alias, setcode, type, atk, def, level, race, attribute, category)
    texts(id, name, desc, str1 ... str16)

``id`` is the passcode.  The numeric columns are bit fields, decoded here with the tables below (rules as
data).  ``level`` packs the Level/Rank/Link Rating in its low byte and the Pendulum Scales in bytes 3
and 4; a Link Monster keeps its arrows in ``def``; ``-2`` in ``atk``/``def`` means ``?``; ``setcode`` packs
up to four 16-bit archetype codes, named by an optional ``strings.conf`` (``!setname 0x.. Name`` lines).

The result has the same row shapes as :mod:`importers.cards` (:class:`importers.cards.CardImport`).  The
cdb has no Konami ids, so a card gets the synthetic id ``CDB_ID_BASE + passcode``; a printing whose
``alias`` names another card of the same name is an alternate artwork and only adds a passcode.  A passcode
already known (``known_passwords``, e.g. from the YAML Yugi import) is skipped, so the cdb only adds
cards the main card file lacks.  Rush Duel, anime, video-game-only, custom cards and tokens are not
OCG/TCG cards and are skipped (counted).  The cdb carries no Forbidden/Limited list, so the region
status is only ``Not yet released`` for a card absent from that region, else unknown (None).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from kb.errors import SourceFormatError
from kb.models import ParseProblem
from kb.text import clean_text, name_key

from .cards import LINK_ARROW_ORDER, CardImport

__all__ = [
    "CDB_FILE",
    "CDB_ID_BASE",
    "SCOPE_BITS",
    "TYPE_BITS",
    "ABILITY_ORDER",
    "PROPERTY_BITS",
    "RACE_BITS",
    "ATTRIBUTE_BITS",
    "LINK_MARKER_BITS",
    "decode_type",
    "decode_level",
    "decode_link_arrows",
    "decode_setcode",
    "read_strings_conf",
    "parse_cdb",
]

CDB_FILE = "cards/cards.cdb"
CDB_ID_BASE = 200_000_000  # synthetic card id = CDB_ID_BASE + passcode (above the YAML Yugi ranges)

SCOPE_BITS = {0x1: "OCG", 0x2: "TCG", 0x4: "Anime", 0x8: "Illegal", 0x10: "Video Game", 0x20: "Custom",
              0x40: "Speed", 0x100: "Pre-Release", 0x200: "Rush", 0x400: "Legend", 0x1000: "Hidden"}
IMPORTED_SCOPES = 0x1 | 0x2 | 0x100  # OCG, TCG, pre-release

TYPE_BITS = {0x1: "Monster", 0x2: "Spell", 0x4: "Trap", 0x10: "Normal", 0x20: "Effect", 0x40: "Fusion",
             0x80: "Ritual", 0x100: "Trap Monster", 0x200: "Spirit", 0x400: "Union", 0x800: "Gemini",
             0x1000: "Tuner", 0x2000: "Synchro", 0x4000: "Token", 0x8000: "Maximum",
             0x10000: "Quick-Play", 0x20000: "Continuous", 0x40000: "Equip", 0x80000: "Field",
             0x100000: "Counter", 0x200000: "Flip", 0x400000: "Toon", 0x800000: "Xyz",
             0x1000000: "Pendulum", 0x2000000: "Special Summon", 0x4000000: "Link"}
CARD_TYPE_BITS = {0x1: "Monster", 0x2: "Spell", 0x4: "Trap"}
# a monster's abilities in the order the printed type line gives them (as in the YAML Yugi file)
ABILITY_ORDER = ("Fusion", "Ritual", "Synchro", "Xyz", "Link", "Pendulum", "Flip", "Gemini", "Spirit",
                 "Toon", "Union", "Tuner", "Effect", "Normal")
# a Spell/Trap's property; none of these bits -> Normal
PROPERTY_BITS = {0x10000: "Quick-Play", 0x20000: "Continuous", 0x40000: "Equip", 0x80000: "Field",
                 0x80: "Ritual", 0x100000: "Counter"}
RACE_BITS = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie",
             0x20: "Machine", 0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast",
             0x400: "Plant", 0x800: "Insect", 0x1000: "Thunder", 0x2000: "Dragon", 0x4000: "Beast",
             0x8000: "Beast-Warrior", 0x10000: "Dinosaur", 0x20000: "Fish", 0x40000: "Sea Serpent",
             0x80000: "Reptile", 0x100000: "Psychic", 0x200000: "Divine-Beast", 0x400000: "Creator God",
             0x800000: "Wyrm", 0x1000000: "Cyberse", 0x2000000: "Illusion"}
ATTRIBUTE_BITS = {0x01: "EARTH", 0x02: "WATER", 0x04: "FIRE", 0x08: "WIND", 0x10: "LIGHT", 0x20: "DARK",
                  0x40: "DIVINE"}
LINK_MARKER_BITS = {0o100: "Top-Left", 0o200: "Top", 0o400: "Top-Right", 0o010: "Left", 0o040: "Right",
                    0o001: "Bottom-Left", 0o002: "Bottom", 0o004: "Bottom-Right"}
UNKNOWN_STAT = -2  # "?" ATK/DEF
SKIPPED_TYPES = 0x4000  # tokens

_PENDULUM_DESC = re.compile(r"^\s*\[\s*Pendulum Effect\s*\]\s*\n(?P<pendulum>.*?)\n-{5,}\s*\n"
                            r"\s*\[\s*(?:Monster Effect|Flavor Text)\s*\]\s*\n(?P<monster>.*)$", re.S)
_EXTRA_DECK = {"Fusion", "Synchro", "Xyz", "Link"}


def _bits(value: int, table: dict[int, str]) -> list[str]:
    return [name for bit, name in table.items() if value & bit]


def decode_type(value: int) -> tuple[str | None, str | None, list[str]]:
    """``type`` bits -> (card type, Spell/Trap property, monster abilities in printed order)."""
    card_types = _bits(value, CARD_TYPE_BITS)
    if len(card_types) != 1:
        return None, None, []
    card_type = card_types[0]
    if card_type == "Monster":
        names = set(_bits(value, TYPE_BITS))
        return card_type, None, [name for name in ABILITY_ORDER if name in names]
    properties = _bits(value, PROPERTY_BITS)
    return card_type, properties[0] if properties else "Normal", []


def decode_level(value: int) -> tuple[int, int | None]:
    """``level`` -> (level/rank/link rating, Pendulum Scale or None).  Left and right scales are equal
    on every printed card; the left one (byte 4) is taken."""
    level = value & 0xFF
    left, right = (value >> 24) & 0xFF, (value >> 16) & 0xFF
    return level, (left if left or right else None)


def decode_link_arrows(value: int) -> list[str]:
    """A Link Monster's ``def`` -> its arrows, in :data:`importers.cards.LINK_ARROW_ORDER`."""
    found = set(_bits(value, LINK_MARKER_BITS))
    return [name for name in LINK_ARROW_ORDER if name in found]


def decode_setcode(value: int, names: dict[int, str]) -> list[str]:
    """``setcode`` -> archetype names (up to four 16-bit codes; codes without a name are left out)."""
    codes = [(value >> (16 * i)) & 0xFFFF for i in range(4)]
    return [names[code] for code in codes if code and code in names]


def read_strings_conf(path: Path | str) -> dict[int, str]:
    """The ``!setname 0x<code> <name>`` lines of a YGOPro ``strings.conf``: archetype code -> name."""
    names = {}
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        found = re.match(r"!setname\s+0x([0-9a-fA-F]+)\s+(.+?)\s*(?:\t.*)?$", line)
        if found:
            names[int(found.group(1), 16)] = found.group(2).split("|")[0].strip()
    return names


def _split_desc(desc: str, abilities: list[str]) -> tuple[str, str, str]:
    """A cdb description -> (text, pendulum text, materials)."""
    text, pendulum = clean_text(desc or ""), ""
    found = _PENDULUM_DESC.match(text)
    if found:
        text, pendulum = clean_text(found.group("monster")), clean_text(found.group("pendulum"))
    materials = ""
    if _EXTRA_DECK & set(abilities) and "\n" in text:
        materials = text.split("\n", 1)[0].strip()
    return text, pendulum, materials


def parse_cdb(path: Path | str, *, known_passwords: dict[int, int] | None = None,
              strings_conf: Path | str | None = None) -> CardImport:
    """Read a ``cards.cdb`` into card and passcode rows (see the module doc).

    :param known_passwords: passcode -> card id of cards already imported; those rows are skipped.
    :param strings_conf: a ``strings.conf`` naming archetype codes (default: one beside the cdb, if any).
    :raises SourceFormatError: when the file is not an SQLite card database.
    """
    path = Path(path)
    known = dict(known_passwords or {})
    conf = Path(strings_conf) if strings_conf else path.with_name("strings.conf")
    set_names = read_strings_conf(conf) if conf.exists() else {}
    result = CardImport()
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        rows = connection.execute(
            "SELECT d.id, d.ot, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute,"
            " t.name, t.desc FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id").fetchall()
        connection.close()
    except sqlite3.Error as exc:
        raise SourceFormatError(str(path), None, f"not a YGOPro card database: {exc}") from exc

    def problem(row_id: int, kind: str, message: str) -> None:
        result.problems.append(ParseProblem(source_id="cards", file=str(path), line=row_id, kind=kind,
                                            message=f"cdb row id {row_id}: {message}"))
        result.skipped += 1

    by_password: dict[int, dict] = {}
    aliases: list[tuple[int, int]] = []
    for (password, scope, alias, setcode, type_bits, atk, defense, level_bits, race, attribute,
         name, desc) in rows:
        if not (scope or 0) & IMPORTED_SCOPES or (type_bits or 0) & SKIPPED_TYPES:
            result.skipped += 1
            continue
        if password in known:
            continue
        if not name or not name.strip():
            problem(password, "missing_key", "no name in the texts table")
            continue
        card_type, prop, abilities = decode_type(type_bits or 0)
        if card_type is None:
            problem(password, "bad_value", f"type 0x{type_bits or 0:x} is not exactly one of "
                                           "Monster, Spell or Trap")
            continue
        if alias:
            aliases.append((password, alias))
        row = dict(id=CDB_ID_BASE + password, konami_id=None, password=password, name=clean_text(name),
                   name_key=name_key(name), name_ja="", card_type=card_type, property=prop,
                   monster_type=None, abilities=abilities, attribute=None, level=None, rank=None,
                   link_rating=None, link_arrows=[], atk=None, atk_unknown=False, defense=None,
                   def_unknown=False, scale=None, text="", text_ja="", pendulum_text="", materials="",
                   series=decode_setcode(setcode or 0, set_names),
                   tcg_status=None if scope & 0x2 else "Not yet released",
                   ocg_status=None if scope & 0x1 else "Not yet released",
                   unofficial_name=False, yugipedia_page_id=None, source="cdb")
        row["text"], row["pendulum_text"], row["materials"] = _split_desc(desc, abilities)
        if card_type == "Monster":
            races = _bits(race or 0, RACE_BITS)
            attributes = _bits(attribute or 0, ATTRIBUTE_BITS)
            if len(races) != 1 or len(attributes) != 1:
                problem(password, "bad_value", f"race 0x{race or 0:x} / attribute 0x{attribute or 0:x} "
                                               "do not name exactly one Type and Attribute")
                continue
            row["monster_type"], row["attribute"] = races[0], attributes[0]
            level, scale = decode_level(level_bits or 0)
            row["scale"] = scale if "Pendulum" in abilities else None
            key = "rank" if "Xyz" in abilities else "link_rating" if "Link" in abilities else "level"
            row[key] = level
            row["atk"], row["atk_unknown"] = (None, True) if atk == UNKNOWN_STAT else (atk, False)
            if "Link" in abilities:
                row["link_arrows"] = decode_link_arrows(defense or 0)
            else:
                row["defense"], row["def_unknown"] = ((None, True) if defense == UNKNOWN_STAT
                                                      else (defense, False))
        by_password[password] = row
    # alternate artworks: a row whose alias is a card of the same name only adds its passcode
    for password, alias in aliases:
        main = by_password.get(alias)
        row = by_password.get(password)
        if main is not None and row is not None and main["name_key"] == row["name_key"]:
            del by_password[password]
            result.passwords.append({"password": password, "card_id": main["id"]})
        elif alias in known and row is not None and password in by_password:
            del by_password[password]  # an alternate print of a card imported already
            result.passwords.append({"password": password, "card_id": known[alias]})
    result.cards = list(by_password.values())
    result.passwords += [{"password": p, "card_id": row["id"]} for p, row in by_password.items()]
    return result
