"""The scenario simulator page (/scenario) and its JSON twin (GET /api/v1/scenario)."""

from __future__ import annotations

import html
import json
import re

import pytest
from markupsafe import escape

from webapp.questions import scenario_examples

pytest_plugins = ["tests.web_fixtures"]  # web_app, client


def _q(question) -> dict:
    return {"q": question if isinstance(question, str) else json.dumps(question)}


@pytest.mark.parametrize("example", scenario_examples(), ids=lambda e: e["title"][:40])
def test_every_worked_example_runs_on_page_and_twin_alike(client, example):
    page = client.get("/scenario", query_string=_q(example["question"]))
    twin = client.get("/api/v1/scenario", query_string=_q(example["question"]))
    assert page.status_code == 200 and twin.status_code == 200
    answer = twin.get_json()
    assert answer["answer"] not in ("unknown", None), answer.get("explanation")
    assert answer["question"] == example["question"] and answer["replay"]
    # the page shows the same verdict and every line of the replay, and links its twin
    assert f">{answer['answer']}<" in page.text or f"{answer['answer']}</" in page.text
    for line in answer["replay"]:
        assert str(escape(line["text"])) in page.text
    assert "This page as JSON" in page.text and "/api/v1/scenario?q=" in page.text


def test_outcome_query_shows_the_state_after_the_actions(client):
    battle = next(e["question"] for e in scenario_examples() if e["question"]["query"].get("damage"))
    answer = client.get("/api/v1/scenario", query_string=_q(battle)).get_json()
    page = client.get("/scenario", query_string=_q(battle)).text
    assert "After the actions" in page
    for player in ("A", "B"):
        assert f"<td>{answer['outcome']['lp'][player]}</td>" in page
    for name in answer["outcome"]["cards"]:
        assert str(escape(name)) in page


@pytest.mark.parametrize("bad, words", [
    ('{"ask": "scenario", ', "not valid JSON"),
    ("[1, 2]", "must be a JSON object, not list"),
    ('{"ask": "chain", "card": "Pot of Greed", "to": "Pot of Greed"}', "must be a scenario question"),
    ('{"ask": "scenario", "actions": [{"do": "summon"}], "query": {"kind": "legal"}}', "actions[0].do"),
    ("x" * 6001, "too long"),
])
def test_bad_scenarios_are_400_naming_the_problem(client, bad, words):
    api = client.get("/api/v1/scenario", query_string=_q(bad))
    page = client.get("/scenario", query_string=_q(bad))
    assert api.status_code == 400 and api.get_json()["object"] == "error"
    assert words in api.get_json()["details"]
    assert page.status_code == 400 and str(escape(words)) in page.text
    assert "This page as JSON" not in page.text  # a page that asked nothing has no twin


def test_empty_page_offers_the_examples_and_no_twin(client):
    page = client.get("/scenario")
    assert page.status_code == 200 and "This page as JSON" not in page.text
    assert page.text.count("/scenario?q=") >= len(scenario_examples())


def test_ask_page_links_a_question_read_as_a_scenario_to_the_simulator(client):
    asked = client.get("/ask", query_string={
        "q": "My monster attacks an opponent's monster, then my opponent summons another monster with an effect in "
             "the Damage Step. Does a replay occur?"})
    found = re.search(r'class="simulated" href="([^"]+)"', asked.text)
    assert found, "no link to the scenario page"
    opened = client.get(html.unescape(found.group(1)))
    assert opened.status_code == 200 and "After the actions" in opened.text
    # a question answered without the simulator has no such link
    plain = client.get("/ask", query_string={"q": "Can Twin Twisters chain to Pot of Greed?"})
    assert 'class="simulated"' not in plain.text
