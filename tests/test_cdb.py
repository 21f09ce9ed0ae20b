"""The YGOPro cards.cdb importer, on a small database written by the tests."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlmodel import Session, select

from importers.cards import CARDS_FILE, load_cards
from importers.cdb import (CDB_FILE, CDB_ID_BASE, decode_level, decode_link_arrows, decode_setcode,
                           decode_type, parse_cdb)
from kb.build import BuildContext
from kb.config import RULEBOOK_DIR
from kb.db import create_tables, make_engine
from kb.errors import SourceFormatError
from kb.models import Card, CardPassword, ParseProblem

OCG, TCG, RUSH = 0x1, 0x2, 0x200
MONSTER, SPELL, TRAP, NORMAL, EFFECT = 0x1, 0x2, 0x4, 0x10, 0x20
TUNER, SYNCHRO, XYZ, PENDULUM, LINK, QUICKPLAY, COUNTER, TOKEN = (0x1000, 0x2000, 0x800000, 0x1000000,
                                                                  0x4000000, 0x10000, 0x100000, 0x4000)
WARRIOR, SPELLCASTER, DRAGON, CYBERSE, ZOMBIE = 0x1, 0x2, 0x2000, 0x1000000, 0x10
DARK, LIGHT, FIRE = 0x20, 0x10, 0x04

PENDULUM_DESC = ("[ Pendulum Effect ]\nOnce per turn: You can destroy this card.\n"
                 "----------------------------------------\n[ Monster Effect ]\nIf this card is Summoned: "
                 "draw 1 card.")

# (id, ot, alias, setcode, type, atk, def, level, race, attribute, name, desc)
ROWS = [
    (46986414, OCG | TCG, 0, 0x10A2, MONSTER | NORMAL, 2500, 2100, 7, SPELLCASTER, DARK, "Dark Magician",
     "The ultimate wizard in terms of attack and defense."),
    (36996508, OCG | TCG, 46986414, 0x10A2, MONSTER | NORMAL, 2500, 2100, 7, SPELLCASTER, DARK,
     "Dark Magician", "The ultimate wizard in terms of attack and defense."),
    (72714461, OCG | TCG, 0, 0, MONSTER | EFFECT | PENDULUM, 1500, 1000, 0x05050004, SPELLCASTER, LIGHT,
     "Wisdom-Eye Magician", PENDULUM_DESC),
    (1861629, OCG | TCG, 0, 0x101, MONSTER | EFFECT | LINK, 2300, 0o001 | 0o200 | 0o004, 3, CYBERSE, DARK,
     "Decode Talker", "2+ Effect Monsters\nGains 500 ATK for each monster it points to."),
    (84013237, OCG | TCG, 0, 0, MONSTER | EFFECT | XYZ, 2500, 2000, 4, WARRIOR, LIGHT, "Number 39: Utopia",
     "2 Level 4 monsters\nWhen a monster declares an attack: You can detach 1 material."),
    (14558127, OCG | TCG, 0, 0, MONSTER | EFFECT | TUNER, 0, 1800, 3, ZOMBIE, FIRE,
     "Ash Blossom & Joyous Spring", "Discard this card; negate that effect."),
    (10000040, OCG, 0, 0, MONSTER | EFFECT, -2, -2, 12, 0x400000, 0x40, "Holactie the Creator of Light",
     "The player that Special Summons this card wins the Duel."),
    (5318639, OCG | TCG, 0, 0, SPELL | QUICKPLAY, 0, 0, 0, 0, 0, "Mystical Space Typhoon",
     "Target 1 Spell/Trap on the field; destroy that target."),
    (41420027, OCG | TCG, 0, 0, TRAP | COUNTER, 0, 0, 0, 0, 0, "Solemn Judgment", "Pay half your LP."),
    (160001000, RUSH, 0, 0, MONSTER | NORMAL, 1500, 0, 4, WARRIOR, DARK, "Rush Card", "A Rush Duel card."),
    (73915052, OCG | TCG, 0, 0, MONSTER | TOKEN, 0, 0, 1, 0x4000, EARTH := 0x01, "Sheep Token", ""),
    (99999990, OCG | TCG, 0, 0, MONSTER | SPELL, 0, 0, 0, 0, 0, "Broken Type", "?"),
    (99999991, OCG | TCG, 0, 0, MONSTER | EFFECT, 100, 100, 4, WARRIOR | DRAGON, DARK, "Two Races", "?"),
]


def write_cdb(path, rows=ROWS):
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas(id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER,"
        " category INTEGER);"
        "CREATE TABLE texts(id INTEGER PRIMARY KEY, name TEXT, desc TEXT, "
        + ", ".join(f"str{i} TEXT" for i in range(1, 17)) + ");")
    for row in rows:
        connection.execute("INSERT INTO datas VALUES (?,?,?,?,?,?,?,?,?,?,0)", row[:10])
        connection.execute("INSERT INTO texts (id, name, desc) VALUES (?,?,?)", (row[0], row[10], row[11]))
    connection.commit()
    connection.close()
    return path


@pytest.fixture()
def cdb(tmp_path):
    (tmp_path / "strings.conf").write_text("#setnames\n!setname 0x10a2 Dark Magician\n"
                                           "!setname 0x101 Code Talker\n", encoding="utf-8")
    return write_cdb(tmp_path / "cards.cdb")


@pytest.fixture()
def imported(cdb):
    return parse_cdb(cdb)


def by_name(result, name):
    return next(card for card in result.cards if card["name"] == name)


def test_decoders():
    assert decode_type(MONSTER | EFFECT | TUNER | SYNCHRO) == ("Monster", None, ["Synchro", "Tuner", "Effect"])
    assert decode_type(SPELL) == ("Spell", "Normal", [])
    assert decode_type(TRAP | COUNTER) == ("Trap", "Counter", [])
    assert decode_type(MONSTER | TRAP)[0] is None
    assert decode_level(0x04040007) == (7, 4)
    assert decode_level(4) == (4, None)
    assert decode_link_arrows(0o777) == ["Top-Left", "Top", "Top-Right", "Left", "Right", "Bottom-Left",
                                         "Bottom", "Bottom-Right"]
    assert decode_setcode(0x10F20099, {0x99: "Odd-Eyes", 0x10F2: "Pendulum Dragon"}) == ["Odd-Eyes",
                                                                                          "Pendulum Dragon"]


def test_normal_monster_and_alternate_art(imported):
    card = by_name(imported, "Dark Magician")
    assert card["id"] == CDB_ID_BASE + 46986414 and card["password"] == 46986414
    assert (card["monster_type"], card["attribute"], card["level"]) == ("Spellcaster", "DARK", 7)
    assert card["abilities"] == ["Normal"] and card["series"] == ["Dark Magician"]
    assert [c["name"] for c in imported.cards].count("Dark Magician") == 1
    owners = {row["password"]: row["card_id"] for row in imported.passwords}
    assert owners[36996508] == owners[46986414] == card["id"]


def test_pendulum_monster(imported):
    card = by_name(imported, "Wisdom-Eye Magician")
    assert (card["scale"], card["level"]) == (5, 4)
    assert card["abilities"] == ["Pendulum", "Effect"]
    assert card["pendulum_text"] == "Once per turn: You can destroy this card."
    assert card["text"] == "If this card is Summoned: draw 1 card."


def test_link_and_xyz_monsters(imported):
    link = by_name(imported, "Decode Talker")
    assert (link["link_rating"], link["level"], link["defense"]) == (3, None, None)
    assert link["link_arrows"] == ["Top", "Bottom-Left", "Bottom-Right"]
    assert link["materials"] == "2+ Effect Monsters" and link["series"] == ["Code Talker"]
    xyz = by_name(imported, "Number 39: Utopia")
    assert (xyz["rank"], xyz["level"]) == (4, None)


def test_unknown_stats_and_regions(imported):
    card = by_name(imported, "Holactie the Creator of Light")
    assert card["atk_unknown"] and card["def_unknown"] and card["atk"] is None
    assert card["monster_type"] == "Creator God" and card["attribute"] == "DIVINE"
    assert card["tcg_status"] == "Not yet released" and card["ocg_status"] is None


def test_spells_and_traps(imported):
    assert (by_name(imported, "Mystical Space Typhoon")["card_type"],
            by_name(imported, "Mystical Space Typhoon")["property"]) == ("Spell", "Quick-Play")
    assert by_name(imported, "Solemn Judgment")["property"] == "Counter"


def test_skipped_and_bad_rows(imported):
    names = {card["name"] for card in imported.cards}
    assert not names & {"Rush Card", "Sheep Token", "Broken Type", "Two Races"}
    problems = {p.line: p for p in imported.problems}
    assert set(problems) == {99999990, 99999991}
    assert "type 0x3" in problems[99999990].message and problems[99999990].file.endswith("cards.cdb")
    assert "race" in problems[99999991].message
    assert imported.skipped == 4  # rush card, token, two bad rows


def test_known_passwords_are_not_imported_again(cdb):
    result = parse_cdb(cdb, known_passwords={46986414: 4041, 5318639: 4909})
    names = {card["name"] for card in result.cards}
    assert "Dark Magician" not in names and "Mystical Space Typhoon" not in names
    assert {"password": 36996508, "card_id": 4041} in result.passwords  # its alternate art joins it


def test_not_a_database(tmp_path):
    path = tmp_path / "cards.cdb"
    path.write_text("not sqlite at all, just text " * 20, encoding="utf-8")
    with pytest.raises(SourceFormatError, match="not a YGOPro card database"):
        parse_cdb(path)


def test_build_step_adds_cdb_cards(tmp_path):
    data = tmp_path / "data"
    (data / "cards").mkdir(parents=True)
    record = {"konami_id": 4909, "password": 5318639, "name": {"en": "Mystical Space Typhoon", "ja": None},
              "text": {"en": "Target 1 Spell/Trap on the field; destroy that target."},
              "card_type": "Spell", "property": "Quick-Play", "yugipedia_page_id": 1}
    (data / CARDS_FILE).write_text("[\n" + json.dumps(record) + "\n]\n", encoding="utf-8")
    write_cdb(data / CDB_FILE)
    engine = make_engine(tmp_path / "kb.sqlite")
    create_tables(engine)
    ctx = BuildContext(kb_dir=tmp_path, session=Session(engine), data_dir=data, rulebook_dir=RULEBOOK_DIR,
                       log=lambda _m: None)
    load_cards(ctx)
    cards = {c.name: c for c in ctx.session.exec(select(Card)).all()}
    assert cards["Mystical Space Typhoon"].source == "yaml-yugi" and cards["Mystical Space Typhoon"].id == 4909
    assert cards["Decode Talker"].source == "cdb"
    assert len(cards) == 8  # the YAML Yugi card plus the 7 OCG/TCG cards only the cdb has
    assert ctx.session.get(CardPassword, 36996508).card_id == cards["Dark Magician"].id
    assert len(ctx.session.exec(select(ParseProblem)).all()) == 2
