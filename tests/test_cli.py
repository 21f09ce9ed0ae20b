"""The corpus commands of the ``kb`` CLI: JSON shapes, readable views, errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.cli import cli


@pytest.fixture()
def run(rulebook_kb):
    runner = CliRunner()

    def invoke(*args):
        result = runner.invoke(cli, ["--kb", str(rulebook_kb), *args], catch_exceptions=False)
        return result

    return invoke


def test_stats_json_counts(run):
    result = run("stats", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["sources"] == 5
    for key in ("sections", "references", "terms", "problems"):
        assert data[key] > 0, key


def test_sources_json(run):
    data = json.loads(run("sources", "--json").output)
    assert [s["id"] for s in data] == ["prb2017", "community", "tcg-v10", "cr-draft", "md"]
    assert all(s["sections"] > 0 and s["title"] and s["origin"] for s in data)


def test_sections_json_shape(run):
    data = json.loads(run("sections", "community", "--json").output)
    assert len(data) == 312
    assert set(data[0]) >= {"id", "source", "number", "title", "parent", "level", "pages"}
    assert data[0]["id"] == "community:1"


def test_section_json_has_text_children_references(run):
    data = json.loads(run("section", "community:1.2", "--json").output)
    assert data["title"].startswith("The Game Mat")
    assert {"text", "children", "references", "terms", "cards"} <= set(data)
    assert any(child["id"] == "community:1.2.1" for child in data["children"])


def test_readable_views(run):
    assert "Getting Started" in run("sections", "community").output
    assert "community:1.2" in run("section", "community:1.2").output
    assert "problem(s)" in run("problems", "cr-draft").output


@pytest.mark.parametrize("args", [("section", "community:1.2.99"), ("sections", "comunity"),
                                  ("problems", "comunity")])
def test_unknown_ids_exit_non_zero_with_close_matches(run, args):
    result = run(*args, "--json")
    assert result.exit_code == 1
    error = json.loads(result.output)["error"]
    assert error["type"] == "not_found"
    assert error["suggestions"], "close matches expected"


def test_unknown_id_readable_error(run):
    result = run("section", "community:1.2.99")
    assert result.exit_code == 1
    assert "unknown section" in result.output


def test_problems_have_file_and_line(run):
    data = json.loads(run("problems", "--json").output)
    assert data
    assert all(p["file"].startswith("data/rulebooks/") for p in data if p["source"] != "cards")
    assert sum(1 for p in data if p["line"]) > len(data) * 0.5


def test_missing_knowledge_base_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(cli, ["--kb", str(tmp_path / "nothing"), "stats", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["type"] == "no_knowledge_base"
