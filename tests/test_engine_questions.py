"""The question contract: answers' shape and citations, bad input, the CLI (`kb ask`, `kb effects`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from sqlmodel import select

from kb import engine
from kb.cli import cli
from kb.engine.rules import cited_ids, validate_citations
from kb.errors import AmbiguousError, BadQuestionError, NotFoundError
from kb.models import Section


def test_answer_shape(session):
    answer = engine.ask(session, {"ask": "chain", "card": "MST", "to": "Raigeki"})
    assert answer["answer"] == "yes"
    assert answer["card"] == "Mystical Space Typhoon"
    assert answer["resolved"]["to"] == "Raigeki"
    assert set(answer) >= {"answer", "card", "resolved", "explanation", "steps", "assumed", "rulings",
                           "ruling_details"}
    assert [detail["id"] for detail in answer["ruling_details"]] == answer["rulings"]
    assert any("Set on an earlier turn" in item for item in answer["assumed"])
    ids = set(session.exec(select(Section.id)).all())
    for step in answer["steps"]:
        assert set(step) == {"check", "result", "detail", "cites", "quote"}
        assert step["cites"] and set(step["cites"]) <= ids and len(step["cites"]) <= 3
        assert step["quote"]["id"] in step["cites"] and step["quote"]["text"]


def test_chain_list_and_effect_index(session):
    answer = engine.ask(session, {"ask": "chain", "card": "Seven Tools of the Bandit",
                                  "to": ["Raigeki", {"card": "Raigeki Break", "controller": "B"}]})
    assert answer["answer"] == "yes"
    assert answer["resolved"]["to"] == ["Raigeki", "Raigeki Break"]
    # a Normal Spell is never chain link 2: the chain described cannot exist
    answer = engine.ask(session, {"ask": "chain", "card": "Magic Jammer", "to": ["Raigeki Break", "Raigeki"]})
    assert answer["answer"] == "no"
    answer = engine.ask(session, {"ask": "chain", "card": {"card": "Stardust Dragon", "effect": 1},
                                  "to": "Raigeki"})
    assert answer["answer"] == "no"  # the End Phase effect is a Trigger Effect


def test_segoc_groups(session):
    answer = engine.ask(session, {"ask": "segoc", "turn": "A", "triggers": [
        {"card": "Sangan", "controller": "A"}, {"card": "Witch of the Black Forest", "controller": "A"}]})
    assert answer["groups"] == [["Sangan", "Witch of the Black Forest"]]


def test_plain_language_fallback_is_unknown_and_cited(session, full_kb):
    answer = engine.ask(session, "What happens when a Pendulum Monster is destroyed on the field?",
                        kb_path=full_kb)
    assert answer["answer"] == "unknown"
    assert answer["steps"][0]["cites"]


@pytest.mark.parametrize("question,field", [
    ({"ask": "chain", "card": "Raigeki", "to": "Raigeki", "colour": "red"}, "colour"),
    ({"ask": "teleport", "card": "Raigeki"}, "ask"),
    ({"ask": "activate", "card": "Raigeki", "phase": "lunch"}, "phase"),
    ({"ask": "activate", "card": "Raigeki", "turn": "C"}, "turn"),
    ({"ask": "activate", "card": "Raigeki", "phase": "main1", "step": "damage"}, "step"),
    ({"ask": "activate", "card": {"card": "Raigeki", "face": "sideways"}}, "card.face"),
    ({"ask": "timing", "card": "Sangan", "event": "exploded"}, "event"),
    ({"ask": "timing", "card": "Sangan", "event": "sent_to_gy", "last": "maybe"}, "last"),
    ({"ask": "chain", "card": "Raigeki"}, "to"),
    ({"ask": "segoc", "triggers": []}, "triggers"),
    ({"ask": "activate", "card": {"card": "Raigeki", "effect": 7}}, "effect"),
])
def test_bad_fields(session, question, field):
    with pytest.raises(BadQuestionError) as error:
        engine.ask(session, question)
    assert error.value.field == field
    assert error.value.to_dict()["error"]["field"] == field


def test_malformed_json(session):
    with pytest.raises(BadQuestionError) as error:
        engine.ask(session, '{"ask": "chain", "card": ')
    assert error.value.field == "json"


def test_unknown_and_ambiguous_cards(session):
    with pytest.raises(NotFoundError):
        engine.ask(session, {"ask": "activate", "card": "Zzyzx Qwerty Card"})
    with pytest.raises(AmbiguousError) as error:
        engine.ask(session, {"ask": "activate", "card": "Elemental HERO"})
    assert len(error.value.candidates) > 1


def test_cited_sections_exist(session):
    ids = set(session.exec(select(Section.id)).all())
    sections, _ = cited_ids()
    assert sections <= ids


def test_validator_reports_missing_sections(rulebook_session):
    class Ctx:
        session = rulebook_session
        only_sources = None
    assert validate_citations(Ctx()) == []


def test_cli_ask_json_and_errors(full_kb):
    runner = CliRunner()
    result = runner.invoke(cli, ["--kb", str(full_kb), "ask", '{"ask": "chain", "card": "Pot of Greed", '
                                                              '"to": "Twin Twisters"}'])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["answer"] == "no"
    result = runner.invoke(cli, ["--kb", str(full_kb), "ask", '{"ask": "chain", "card": "Pot of Greed"'])
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["type"] == "bad_request"
    result = runner.invoke(cli, ["--kb", str(full_kb), "ask", "--json", "Can MST chain to Raigeki?"])
    assert result.exit_code == 0
    assert json.loads(result.output)["parsed"]["ask"] == "chain"


def test_cli_batch(full_kb, tmp_path):
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"ask": "chain", "card": "Raigeki", "to": "MST"}\n'
                     '"Can MST chain to Raigeki?"\n'
                     '{"ask": "activate", "card": "Raigeki"}\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "ask", "--batch", str(batch)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().split("\n")
    assert [json.loads(line)["answer"] for line in lines] == ["no", "yes", "yes"]
    batch.write_text('{"ask": "chain", "card": "Raigeki", "to": "MST"}\nnot json\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "ask", "--batch", str(batch)])
    assert result.exit_code == 1
    lines = result.output.strip().split("\n")
    assert len(lines) == 2 and "error" in json.loads(lines[1])


def test_cli_effects(full_kb):
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "effects", "Ash Blossom", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["card"] == "Ash Blossom & Joyous Spring"
    assert data["effects"][0]["kind"] == "quick"
