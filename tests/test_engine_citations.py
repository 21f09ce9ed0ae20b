"""Citations (every step cites <= 3 sections and quotes the sentence of its rule, validated by the build)
and the rulings shown with an answer (about the asked cards and the question's mechanism)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import select

from kb import engine
from kb.cli import cli
from kb.engine import rules
from kb.engine.rulings import MAX_RULINGS, MECHANISMS, question_mechanisms, ruling_details_for
from kb.models import Card, Ruling, RulingCard, Section

GOLDEN = Path(__file__).parent / "golden"
QUESTIONS = [json.loads(line)["q"] for folder in ("engine", "sim")
             for path in sorted((GOLDEN / folder).glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _section_texts(session) -> dict[str, str]:
    return dict(session.exec(select(Section.id, Section.text)).all())


def _in_section(texts: dict[str, str], quote: dict) -> bool:
    text = texts.get(quote["id"])
    return text is not None and rules.normalise_quote_text(quote["text"]) in rules.normalise_quote_text(text)


def test_every_rule_quotes_a_sentence_of_its_best_sections(session):
    texts = _section_texts(session)
    for key, row in rules.RULES.items():
        assert 1 <= len(row["sections"]) <= rules.MAX_CITES, key
        assert row["quote"]["id"] in row["sections"], key
        assert _in_section(texts, row["quote"]), f"{key}: quote not in {row['quote']['id']}"
        assert len(row["quote"]["text"].split()) >= 4, key
    assert rules.quote_problems(texts.get) == []


def test_quote_comparison_folds_quotes_and_whitespace_only():
    stored = 'Effects that say "when [event] you can" (optional effect)\ncan only be activated during that timing[1].'
    assert rules.normalise_quote_text("Effects that say \u201cwhen [event] you can\u201d (optional effect) can "
                                      "only  be activated") in rules.normalise_quote_text(stored)
    assert rules.normalise_quote_text("effects that say") not in rules.normalise_quote_text(stored)


def test_build_validator_rejects_a_quote_no_longer_in_its_section(rulebook_session, monkeypatch):
    class Ctx:
        session = rulebook_session
        only_sources = None

    assert rules.validate_citations(Ctx()) == []
    changed = dict(rules.RULES["spell_speed"], quote={"id": "community:7.8.1",
                                                       "text": "Spell Speed 1 may respond to anything at all."})
    monkeypatch.setitem(rules.RULES, "spell_speed", changed)
    errors = rules.validate_citations(Ctx())
    assert any("RULES['spell_speed'] quote is no longer in community:7.8.1" in e for e in errors), errors


@pytest.mark.parametrize("row,message", [
    ({"statement": "x", "sections": ["community:7.8.1", "community:7.8", "community:7.9", "md:spell-speed"],
      "quote": {"id": "community:7.8.1", "text": "Every type of card effect has a Spell Speed between 1 and 3."}},
     "must cite 1 to 3 sections, not 4"),
    ({"statement": "x", "sections": ["community:7.8.1"]}, "has no quote"),
    ({"statement": "x", "sections": ["community:7.8.1"],
      "quote": {"id": "community:7.8", "text": "Chains are a way to order the resolution of multiple card effects."}},
     "which is not one of its sections"),
    ({"statement": "x", "sections": ["community:7.8.1"], "quote": {"id": "community:7.8.1", "text": "Spell Speed"}},
     "is not a sentence"),
])
def test_rule_rows_breaking_the_contract_are_named(monkeypatch, row, message):
    monkeypatch.setitem(rules.RULES, "added_row", row)
    texts = {"community:7.8.1": "Every type of card effect has a Spell Speed between 1 and 3.",
             "community:7.8": "Chains are a way to order the resolution of multiple card effects."}
    problems = [p for p in rules.quote_problems(texts.get) if "'added_row'" in p]
    assert problems and message in problems[0], problems


def test_citation_puts_the_deciding_rule_first():
    cited = rules.citation("spell_speed", "spell_speed_table")
    assert cited["quote"] == rules.RULES["spell_speed"]["quote"]
    assert cited["cites"][0] == cited["quote"]["id"]
    assert rules.RULES["spell_speed_table"]["sections"][0] in cited["cites"]
    assert len(cited["cites"]) <= rules.MAX_CITES


def test_every_golden_step_cites_at_most_three_and_quotes(session):
    texts = _section_texts(session)
    steps = 0
    for question in QUESTIONS:
        answer = engine.ask(session, question)
        assert [detail["id"] for detail in answer["ruling_details"]] == answer["rulings"], question
        for step in answer["steps"]:
            steps += 1
            assert 1 <= len(step["cites"]) <= 3, (question, step)
            assert step["quote"]["id"] in step["cites"], (question, step)
            assert _in_section(texts, step["quote"]), (question, step)
    assert steps > len(QUESTIONS)


def test_cli_readable_answer_prints_quotes_and_ruling_excerpts(full_kb):
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "ask",
                                      "Can Book of Moon be chained to Call of the Haunted?"])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    quote = rules.RULES["spell_speed"]["quote"]
    assert " ".join(quote["text"].split()) in flat and f"({quote['id']})" in flat
    assert "rulings:" in flat and "goatformat" in flat


# ---------------------------------------------------------------------------------------------- rulings

def _card_id(session, name: str) -> int:
    return session.exec(select(Card.id).where(Card.name == name)).one()


def _named_cards(session, ruling_id: str) -> dict[int, str]:
    return dict(session.exec(select(RulingCard.card_id, RulingCard.role)
                             .where(RulingCard.ruling_id == ruling_id)).all())


def _speaks_of(text: str, mechanism: str) -> bool:
    return any(re.search(pattern, text, re.I) for pattern in MECHANISMS[mechanism])


def _ruling_text(session, ruling_id: str) -> str:
    ruling = session.get(Ruling, ruling_id)
    return f"{ruling.title} {ruling.question} {ruling.answer}"


def test_chain_question_rulings_name_the_card_and_are_about_chaining(session):
    # Ash Blossom & Joyous Spring has many rulings; for a chain question the ones shown name it and chaining
    answer = engine.ask(session, {"ask": "chain", "card": "Ash Blossom & Joyous Spring", "to": "Pot of Greed"})
    ash, pot = _card_id(session, "Ash Blossom & Joyous Spring"), _card_id(session, "Pot of Greed")
    assert 1 <= len(answer["rulings"]) <= MAX_RULINGS
    for ruling_id in answer["rulings"]:
        named = _named_cards(session, ruling_id)
        assert ash in named or pot in named, ruling_id
        assert all(card in (ash, pot) for card, role in named.items() if role == "heading"), ruling_id
        assert _speaks_of(_ruling_text(session, ruling_id), "chain"), ruling_id
    assert ash in _named_cards(session, answer["rulings"][0])


def test_rulings_filed_under_another_card_are_not_shown(session):
    # Pot of Greed is the example chain of many rulings about other cards (missing the timing of Peten ...)
    answer = engine.ask(session, {"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"})
    asked = {_card_id(session, "Twin Twisters"), _card_id(session, "Pot of Greed")}
    for ruling_id in answer["rulings"]:
        headings = {card for card, role in _named_cards(session, ruling_id).items() if role == "heading"}
        assert headings <= asked, ruling_id
    # Solemn Judgment is mentioned by rulings filed under a card group ("XYZ-Dragon Cannon" ...)
    answer = engine.ask(session, {"ask": "chain", "card": "Solemn Judgment", "to": "Twin Twisters"})
    asked = {_card_id(session, "Solemn Judgment"), _card_id(session, "Twin Twisters")}
    for ruling_id in answer["rulings"]:
        headings = {card for card, role in _named_cards(session, ruling_id).items() if role == "heading"}
        assert not session.get(Ruling, ruling_id).heading.strip() or headings & asked, ruling_id


def test_at_most_one_ruling_names_only_the_chain_link(session):
    answer = engine.ask(session, {"ask": "chain", "card": "Magic Jammer", "to": "Book of Moon"})
    jammer = _card_id(session, "Magic Jammer")
    assert answer["rulings"] and jammer in _named_cards(session, answer["rulings"][0])
    assert sum(jammer not in _named_cards(session, r) for r in answer["rulings"]) <= 1


def test_rulings_naming_both_cards_come_first(session):
    answer = engine.ask(session, {"ask": "chain", "card": "Book of Moon", "to": "Call of the Haunted"})
    both = {_card_id(session, "Book of Moon"), _card_id(session, "Call of the Haunted")}
    assert answer["rulings"] and both <= set(_named_cards(session, answer["rulings"][0]))


def test_damage_step_question_prefers_damage_step_rulings(session):
    answer = engine.ask(session, {"ask": "activate", "card": "Skill Drain", "step": "damage"})
    assert answer["rulings"]
    assert _speaks_of(_ruling_text(session, answer["rulings"][0]), "damage_step")
    drain = _card_id(session, "Skill Drain")
    assert all(drain in _named_cards(session, r) for r in answer["rulings"])


def test_ruling_details_follow_the_ids(session):
    answer = engine.ask(session, {"ask": "timing", "card": "Sangan", "event": "sent_to_gy"})
    assert [d["id"] for d in answer["ruling_details"]] == answer["rulings"]
    for detail in answer["ruling_details"]:
        assert detail["excerpt"] and "\n" not in detail["excerpt"] and len(detail["excerpt"]) <= 181
        assert detail["source"] and "date" in detail


def test_ruling_details_for_ids_chosen_elsewhere(session):
    answer = engine.ask(session, {"ask": "timing", "card": "Sangan", "event": "sent_to_gy"})
    ids = answer["rulings"] + ["goat:nonexistent"]
    assert ruling_details_for(session, ids) == answer["ruling_details"]


def test_question_mechanisms_come_from_kind_and_fields():
    assert question_mechanisms({"ask": "chain"}) == ("chain", "activation")
    assert question_mechanisms({"ask": "chain", "step": "damage"}) == ("chain", "activation", "damage_step")
    assert question_mechanisms({"ask": "activate", "event": "summoning"}) == ("activation", "summon")
    assert question_mechanisms({"ask": "negate", "summon": {"card": "X", "how": "normal"}})[-1] == "summon"
