"""The documentation keeps up with the code: every command, route, filter and build step is described."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.build import STEPS
from kb.cli import cli
from kb.query import FILTERS
from webapp.openapi import openapi_document

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_quick_start_is_exactly_two_commands():
    quick = README.split("## Quick start", 1)[1].split("```", 2)[1]
    commands = [line for line in quick.splitlines()[1:] if line.strip()]
    assert [c.split("#")[0].strip() for c in commands] == ["./go serve", "./go test"]
    assert "./go test" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_cli_command_is_in_the_readme(name):
    assert f"`kb {name}" in README, f"kb {name} is not documented in README.md"


@pytest.mark.parametrize("step", [name for name, _ in STEPS])
def test_every_build_step_is_in_the_readme(step):
    build_section = README.split("## The build", 1)[1].split("\n## ", 1)[0]
    assert step in build_section


def test_every_api_route_is_in_the_web_docs():
    docs = (ROOT / "docs" / "web-and-api.md").read_text(encoding="utf-8")
    missing = []
    for path in openapi_document()["paths"]:
        route = re.sub(r"\{[^}]+\}", "<id>", path.removeprefix("/api/v1"))
        documented = {route, route.replace("<id>", "<kind>")}
        if not any(re.search(re.escape(r) + r"(?![\w/])", docs) for r in documented):
            missing.append(path)
    assert not missing, f"not in docs/web-and-api.md: {missing}"


@pytest.mark.parametrize("spec", FILTERS, ids=lambda spec: spec.key)
def test_every_search_filter_is_in_the_search_docs(spec):
    docs = (ROOT / "docs" / "search.md").read_text(encoding="utf-8")
    assert any(f"`{name}" in docs for name in (spec.key, *spec.aliases)), spec.key


def test_every_linked_doc_exists():
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target
