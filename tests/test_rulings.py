"""Rulings import: counts, card links, readable OCG text, dates, skipped records, malformed input."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from importers.rulings import parse_goat, parse_ocg
from kb.cards import NameIndex, card_rulings, resolve_card
from kb.db import open_session
from kb.models import ParseProblem, Ruling, RulingCard

from .test_cards import build_cards_kb


@pytest.fixture(scope="module")
def db(tmp_path_factory, datasets):
    session = open_session(build_cards_kb(tmp_path_factory, datasets))
    yield session
    session.close()


def rulings_of(session, name, role=None):
    rulings = card_rulings(session, resolve_card(session, name).id)
    return [r for r in rulings if role is None or r["role"] == role]


def test_counts(db):
    rulings = db.exec(select(Ruling)).all()
    assert len(rulings) >= 4_600
    by_prefix = {}
    for ruling in rulings:
        prefix = ruling.id.split(":")[0]
        by_prefix[prefix] = by_prefix.get(prefix, 0) + 1
    assert by_prefix == {"goat": 4492, "ocg-qa": 188, "ocg-faq": 32}
    assert not [r for r in rulings if r.id.startswith("card-text")]


def test_call_of_the_haunted_rulings(db):
    filed = rulings_of(db, "Call of the Haunted", role="heading")
    assert len(filed) >= 16
    assert all(r["source"] == "goatformat" and r["region"] == "TCG" for r in filed)
    assert any("targeting effect" in r["answer"] for r in filed)
    assert len(rulings_of(db, "Call of the Haunted")) > len(filed)  # also involved in other cards' rulings


def test_ash_blossom_has_ocg_qas(db):
    qas = [r for r in rulings_of(db, "Ash Blossom & Joyous Spring") if r["kind"] == "qa"]
    assert len(qas) >= 5
    assert all(r["region"] == "OCG" and r["role"] == "reference" for r in qas)
    assert all(r["url"].startswith("https://db.ygoresources.com/data/qa/") for r in qas)
    text = " ".join(r["question"] + r["answer"] for r in qas)
    assert "<<" not in text and '"Ash Blossom & Joyous Spring"' in text


def test_japanese_reference_uses_the_japanese_name(db):
    ruling = db.get(Ruling, "ocg-qa:23240")
    assert "「灰流うらら」" in ruling.question and "<<" not in ruling.question
    assert ruling.text_language == "ja+en"


def test_card_faq_is_japanese_and_dated(db):
    faq = db.get(Ruling, "ocg-faq:15296-1")
    assert faq.text_language == "ja" and faq.date == "2024-06-08" and faq.kind == "card-faq"
    links = db.exec(select(RulingCard).where(RulingCard.ruling_id == faq.id)).all()
    assert [link.card_id for link in links] == [resolve_card(db, "Triple Tactics Talent").id]


def test_goat_dates_and_qa_split(db):
    dated = db.exec(select(Ruling).where(Ruling.date.is_not(None), Ruling.source == "goatformat")).all()
    assert len(dated) >= 150
    assert all(len(r.date) == 10 and r.date[4] == "-" and "2002" <= r.date[:4] <= "2006" for r in dated)
    qa = db.get(Ruling, next(r.id for r in dated if r.kind == "Netrep Q&As"))
    assert qa.question and qa.answer and "A:" not in qa.question


def test_former_name_heading_links(db):
    filed = rulings_of(db, "Black Skull Dragon", role="heading")
    assert filed and all(r["source"] == "goatformat" for r in filed)


def test_plural_involved_names_link(db):
    lacooda = resolve_card(db, "3-Hump Lacooda").id
    ruling = next(r for r in db.exec(select(Ruling).where(Ruling.heading == "3-HUMP LACOODA")).all()
                  if "Tributing 2" in r.answer)
    assert db.exec(select(RulingCard).where(RulingCard.ruling_id == ruling.id,
                                            RulingCard.card_id == lacooda)).first()


def test_unresolved_names_are_reported_with_lines(db):
    problems = db.exec(select(ParseProblem).where(ParseProblem.source_id == "rulings")).all()
    assert problems and all(p.kind == "unresolved" and p.line for p in problems)
    assert any("ARCHFIENDS" in p.message for p in problems)  # a group heading, not a card


def test_rulings_are_ordered_filed_first(db):
    rulings = rulings_of(db, "Sangan")
    roles = [r["role"] for r in rulings]
    assert roles == sorted(roles, key={"heading": 0, "reference": 1, "involved": 2}.get)


# ------------------------------------------------------------------------------ malformed input


@pytest.fixture()
def tiny_index():
    return NameIndex.build([(1, "Call of the Haunted", "callofthehaunted", "", 97077563, 1),
                            (2, "Book of Moon", "bookofmoon", "", 14087893, 2),
                            (12950, "Ash Blossom & Joyous Spring", "ashblossomandjoyousspring", "灰流うらら",
                             14558127, 12950)])


def test_malformed_goat_records(tmp_path, tiny_index):
    good = {"card": "CALL OF THE HAUNTED", "content": "\"Call of the Haunted\" targets.",
            "metadata": {"ruling_type": "Netrep Rulings", "involved_cards": ["Book of Moon", "Nope Card"]}}
    path = tmp_path / "goat.json"
    path.write_text("[\n" + "\n".join([
        "  " + json.dumps(good) + ",",                                   # line 2
        '  {"card": "CALL OF THE HAUNTED", "content": "unterminated,',   # line 3: bad JSON
        "  " + json.dumps({"card": "CALL OF THE HAUNTED"}) + ",",          # line 4: no content
        "  " + json.dumps(dict(good, content="Q: Can I? A: Yes. Curtis Schultz, 04/07/2004")),  # line 5
    ]) + "\n]\n", encoding="utf-8")
    result = parse_goat(path, tiny_index)
    assert [r["id"] for r in result.rulings] == ["goat:1", "goat:3"]
    problems = {(p.line, p.kind) for p in result.problems}
    assert (3, "json") in problems and (4, "missing_key") in problems
    assert (2, "unresolved") in problems  # "Nope Card"
    assert result.links[("goat:1", 1)] == "heading" and result.links[("goat:1", 2)] == "involved"
    last = result.rulings[-1]
    assert (last["question"], last["date"]) == ("Can I?", "2004-04-07")


def test_malformed_ocg_records(tmp_path, tiny_index):
    qa = {"id": "ygoresources-qa-7", "recordType": "qa", "title": "<<12950>>?", "question":
          "Can <<12950>> respond to <<99999>>?", "conclusion": "Yes.", "sourceId": "7",
          "sourceUrl": "https://db.ygoresources.com/data/qa/7", "status": "confirmed"}
    records = [qa, {"id": "x", "recordType": "qa"}, {"id": "card-text-1", "recordType": "card-text",
                                                      "conclusion": "文"},
               {"id": "y", "recordType": "poem", "conclusion": ""}]
    path = tmp_path / "ocg.json"
    path.write_text('{\n  "schemaVersion": 1,\n  "records": [\n'
                    + ",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in records)
                    + "\n  ]\n}\n", encoding="utf-8")
    result = parse_ocg(path, tiny_index)
    assert [r["id"] for r in result.rulings] == ["ocg-qa:7"]
    assert result.rulings[0]["question"] == 'Can "Ash Blossom & Joyous Spring" respond to <<99999>>?'
    assert result.links == {("ocg-qa:7", 12950): "reference"}
    kinds = sorted((p.line, p.kind) for p in result.problems)
    assert kinds == [(4, "unresolved"), (5, "missing_key"), (7, "bad_value")]
    assert result.skipped["card text (zh-CN), not a ruling"] == 1
