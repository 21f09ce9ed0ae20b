"""Card import (YAML Yugi file), the alias table and the card queries/CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import Session, select

from importers.cards import (CARDS_FILE, SYNTHETIC_ID_BASE, load_aliases, load_cards, parse_cards,
                             read_aliases, read_json_records, strip_ruby)
from kb.build import BuildContext, build
from kb.cards import card_to_dict, get_card, resolve_card
from kb.cli import cli
from kb.config import RULEBOOK_DIR
from kb.db import create_tables, make_engine, open_session
from kb.errors import KbError, NotFoundError, SourceFormatError
from kb.models import Alias, Card, CardPassword, ParseProblem

CARD_STEPS = ["cards", "aliases", "rulings"]
_BUILT: dict[str, Path] = {}


def build_cards_kb(tmp_path_factory, datasets) -> Path:
    """A knowledge base with only the card, alias and rulings steps, built once per test process."""
    if "path" not in _BUILT:
        path = tmp_path_factory.mktemp("cards") / "kb"
        build(path, data_dir=datasets, steps=CARD_STEPS, log=lambda _m: None)
        _BUILT["path"] = path
    return _BUILT["path"]


@pytest.fixture(scope="module")
def cards_kb(tmp_path_factory, datasets):
    return build_cards_kb(tmp_path_factory, datasets)


@pytest.fixture()
def db(cards_kb):
    session = open_session(cards_kb)
    yield session
    session.close()


def card_named(session, name):
    return session.exec(select(Card).where(Card.name == name)).first()


# ----------------------------------------------------------------------------------------- counts


def test_counts(db):
    cards = db.exec(select(Card)).all()
    assert len(cards) >= 14_000
    assert len(db.exec(select(CardPassword)).all()) >= 14_200
    assert len(db.exec(select(Alias)).all()) >= 150
    assert not db.exec(select(ParseProblem).where(ParseProblem.source_id == "cards")).all()


def test_spot_check_spell(db):
    data = get_card(db, card_named(db, "Mystical Space Typhoon").id)
    assert data["card_type"] == "Spell" and data["property"] == "Quick-Play"
    assert data["passwords"] == [5318639]
    assert data["konami_id"] == data["id"]
    assert data["atk"] is None and data["def"] is None


def test_spot_check_counter_trap_and_japanese_name(db):
    card = card_named(db, "Solemn Judgment")
    assert (card.card_type, card.property, card.password) == ("Trap", "Counter", 41420027)
    assert card.name_ja == "神の宣告"  # furigana removed
    assert card.tcg_status and card.ocg_status


def test_spot_check_monster(db):
    data = card_to_dict(card_named(db, "Ash Blossom & Joyous Spring"))
    assert (data["attribute"], data["monster_type"], data["level"]) == ("FIRE", "Zombie", 3)
    assert data["abilities"] == ["Tuner", "Effect"]
    assert (data["atk"], data["def"]) == (0, 1800)
    assert data["series"] == ["Yo-kai Girl"]


def test_link_monster(db):
    data = card_to_dict(card_named(db, "Decode Talker"))
    assert data["link_rating"] == 3
    assert data["link_arrows"] == ["Top", "Bottom-Left", "Bottom-Right"]
    assert data["def"] is None and data["materials"] == "2+ Effect Monsters"


def test_pendulum_monster(db):
    data = card_to_dict(card_named(db, "Wisdom-Eye Magician"))
    assert data["scale"] == 5
    assert data["pendulum_text"] and data["pendulum_text"] != data["text"]


def test_unknown_atk_shown_as_question_mark(db):
    data = card_to_dict(card_named(db, "Holactie the Creator of Light"))
    assert data["atk"] == "?" and data["def"] == "?"


def test_alternate_prints_share_one_card(db):
    data = get_card(db, card_named(db, "Dark Magician").id)
    assert data["passwords"][0] == 46986414  # the primary print first
    assert sorted(data["passwords"]) == [36996508, 46986414]
    assert len(db.exec(select(Card).where(Card.name == "Polymerization")).all()) == 1


def test_cards_without_konami_id_get_synthetic_ids(db):
    synthetic = db.exec(select(Card).where(Card.konami_id.is_(None))).all()
    assert synthetic and all(c.id == SYNTHETIC_ID_BASE + c.yugipedia_page_id for c in synthetic)


def test_get_card_unknown_id(db):
    with pytest.raises(NotFoundError, match="123456789"):
        get_card(db, 123456789)


def test_strip_ruby():
    assert strip_ruby("<ruby>神<rt>かみ</rt></ruby>の<ruby>宣<rt>せん</rt></ruby>告") == "神の宣告"
    assert strip_ruby(None) == ""


# ------------------------------------------------------------------------------ malformed records


GOOD = {"konami_id": 1, "password": 100, "name": {"en": "Good Card", "ja": "グッド"},
        "text": {"en": "Draw 1 card.", "ja": None}, "card_type": "Spell", "property": "Normal",
        "limit_regulation": {"tcg": "Unlimited", "ocg": "Unlimited"}, "yugipedia_page_id": 10}


def write_cards(path: Path, lines: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    return path


def dump(**changes):
    record = dict(GOOD, **changes)
    return json.dumps({k: v for k, v in record.items() if v is not ...}, ensure_ascii=False)


@pytest.fixture()
def malformed_cards(tmp_path):
    return write_cards(tmp_path / CARDS_FILE, [
        dump(),                                                      # line 2: fine
        '{"konami_id": 2, "password": 200, "name": {"en": "Broken"',  # line 3: not JSON
        dump(konami_id=3, password=300, name=..., yugipedia_page_id=11),  # line 4: no name
        dump(konami_id=4, password=400, name={"en": "Typed"}, yugipedia_page_id="12"),  # line 5: str id
        dump(konami_id=5, password=500, name={"en": "Bad Stat"}, card_type="Monster", atk="lots",
             yugipedia_page_id=13),                                  # line 6: bad ATK
        dump(konami_id=6, password=600, name={"en": "Also Good"}, yugipedia_page_id=14),  # line 7: fine
    ])


def test_malformed_card_lines_are_reported_and_skipped(malformed_cards):
    result = parse_cards(malformed_cards)
    assert [c["name"] for c in result.cards] == ["Good Card", "Also Good"]
    problems = {p.line: p for p in result.problems}
    assert sorted(problems) == [3, 4, 5, 6]
    assert problems[3].kind == "json"
    assert problems[4].kind == "missing_key" and "'name'" in problems[4].message
    assert "yugipedia_page_id" in problems[5].message
    assert "lots" in problems[6].message
    assert all(p.source_id == "cards" and p.file == str(malformed_cards) for p in result.problems)
    assert result.skipped == 4


def test_unclosed_array_keeps_records(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("[\n" + dump() + ",\n" + dump(konami_id=9, password=9, yugipedia_page_id=99,
                                                  name={"en": "Nine"}) + ",\n", encoding="utf-8")
    records, problems = read_json_records(path, "cards")
    assert [line for line, _ in records] == [2, 3]
    assert problems and problems[0].kind == "json" and "not closed" in problems[0].message


def test_not_an_array_is_a_source_error(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('{"cards": 1}', encoding="utf-8")
    with pytest.raises(SourceFormatError, match="expected a JSON array"):
        read_json_records(path, "cards")


# ------------------------------------------------------------------------------------ build step


def small_context(tmp_path, data_dir) -> BuildContext:
    engine = make_engine(tmp_path / "kb.sqlite")
    create_tables(engine)
    return BuildContext(kb_dir=tmp_path, session=Session(engine), data_dir=data_dir,
                        rulebook_dir=RULEBOOK_DIR, log=lambda _m: None)


def test_load_cards_stores_problems_with_lines(tmp_path, malformed_cards):
    ctx = small_context(tmp_path, malformed_cards.parent.parent)
    load_cards(ctx)
    assert {c.name for c in ctx.session.exec(select(Card)).all()} == {"Good Card", "Also Good"}
    lines = sorted(p.line for p in ctx.session.exec(select(ParseProblem)).all())
    assert lines == [3, 4, 5, 6]
    assert ctx.summary["cards"]["skipped"] == 4


def test_alias_to_a_missing_card_fails_loudly(tmp_path, malformed_cards):
    ctx = small_context(tmp_path, malformed_cards.parent.parent)
    load_cards(ctx)
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[nickname]\ngood = "Good Card"\n\n[abbreviation]\nNXC = "No Such Card"\n',
                       encoding="utf-8")
    with pytest.raises(KbError, match=r"aliases.toml:5: alias 'NXC' names 'No Such Card'"):
        load_aliases(ctx, aliases)


def test_alias_that_is_a_card_name_fails(tmp_path, malformed_cards):
    ctx = small_context(tmp_path, malformed_cards.parent.parent)
    load_cards(ctx)
    aliases = tmp_path / "aliases.toml"
    aliases.write_text('[nickname]\n"also good" = "Good Card"\n', encoding="utf-8")
    with pytest.raises(KbError, match="is itself a card name"):
        load_aliases(ctx, aliases)


def test_alias_file_with_unknown_kind(tmp_path):
    path = tmp_path / "aliases.toml"
    path.write_text('[nicknames]\nash = "Ash Blossom & Joyous Spring"\n', encoding="utf-8")
    with pytest.raises(SourceFormatError, match=r"unknown alias table \[nicknames\]"):
        read_aliases(path)


def test_project_alias_table_is_well_formed():
    rows = read_aliases()
    assert len(rows) >= 150
    assert {kind for *_, kind in rows} == {"abbreviation", "nickname", "former_name"}
    assert all(line for line, *_ in rows)


# ------------------------------------------------------------------------------------------- CLI


def run(cards_kb, *args):
    return CliRunner().invoke(cli, ["--kb", str(cards_kb), *args])


def test_cli_card_json(cards_kb):
    result = run(cards_kb, "card", "call", "of", "the", "haunted", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["name"] == "Call of the Haunted" and data["passwords"] == [97077563]
    assert set(data) >= {"id", "konami_id", "passwords", "name", "name_ja", "card_type", "property",
                         "monster_type", "abilities", "attribute", "level", "rank", "link_rating",
                         "link_arrows", "atk", "def", "scale", "text", "pendulum_text", "materials",
                         "series", "limits"}


def test_cli_card_errors(cards_kb):
    ambiguous = run(cards_kb, "card", "tearlaments", "--json")
    assert ambiguous.exit_code == 1
    error = json.loads(ambiguous.output)["error"]
    assert error["type"] == "ambiguous" and len(error["candidates"]) > 1
    missing = run(cards_kb, "card", "xyzzy qwerty", "--json")
    assert missing.exit_code == 1
    assert json.loads(missing.output)["error"]["type"] == "not_found"


def test_cli_card_readable(cards_kb):
    result = run(cards_kb, "card", "MST")
    assert result.exit_code == 0 and "Mystical Space Typhoon" in result.output


def test_cli_complete(cards_kb):
    result = run(cards_kb, "complete", "call of", "--json")
    assert result.exit_code == 0 and "Call of the Haunted" in json.loads(result.output)


def test_resolve_card_returns_card(db):
    assert resolve_card(db, "MST").name == "Mystical Space Typhoon"
