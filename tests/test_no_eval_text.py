"""No code or data may echo an evaluation question: the dev sets (``../shared/eval/*.jsonl``) are samples of the
held-out questions, so a line of ``kb/``, ``importers/``, ``webapp/`` or ``data/*.toml`` that holds an 8-word span of
one of their questions (one that is not also rulebook text, ``data/rulebooks/*.txt``) recognises an item instead of
describing a rule. Docstrings and comments describe a shape in neutral words or with an example on other cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kb.config import REPO_ROOT

EVAL_DIR = REPO_ROOT.parent / "shared" / "eval"
SPAN = 8
QUESTION_KEYS = ("question", "q", "text")
SUFFIXES = (".py", ".toml", ".json", ".html", ".js")


def _words(text: str) -> list[str]:
    """Lower-case words of a text, apostrophes dropped ("card's" -> "cards")."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))


def _spans(words: list[str], n: int = SPAN):
    return (" ".join(words[i:i + n]) for i in range(len(words) - n + 1))


def _rulebook_spans() -> set[str]:
    spans: set[str] = set()
    for path in (REPO_ROOT / "data" / "rulebooks").glob("*.txt"):
        spans.update(_spans(_words(path.read_text(encoding="utf-8", errors="ignore"))))
    return spans


def question_spans(eval_files, rulebook: set[str]) -> dict[str, str]:
    """8-word span of a question -> "file:id" of the first question holding it, rulebook text left out."""
    spans: dict[str, str] = {}
    for path in eval_files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            for key in QUESTION_KEYS:
                text = item.get(key)
                if isinstance(text, str):
                    for span in _spans(_words(text)):
                        if span not in rulebook:
                            spans.setdefault(span, f"{path.name}:{item.get('id')}")
    return spans


def _checked_files():
    roots = [REPO_ROOT / "kb", REPO_ROOT / "importers", REPO_ROOT / "webapp"]
    files = [p for root in roots for p in root.rglob("*") if p.is_file() and p.suffix in SUFFIXES]
    files += list((REPO_ROOT / "data").glob("*.toml"))
    return sorted(files)


def echoes(spans: dict[str, str], files, root: Path = REPO_ROOT) -> list[str]:
    """``file:line: eval-item`` for each line of the files that holds one of the spans."""
    found = []
    for path in files:
        lines = path.read_text(encoding="utf-8", errors="ignore").splitlines()
        for number, line in enumerate(lines, 1):
            hit = next((spans[s] for s in _spans(_words(line)) if s in spans), None)
            if hit:
                found.append(f"{path.relative_to(root)}:{number}: {hit}")
    return found


def test_the_checker_finds_an_echo_and_ignores_rulebook_text(tmp_path):
    """The checker itself, on a question and files written here: a quoted question is found, rulebook text is not."""
    questions = tmp_path / "set.jsonl"
    questions.write_text(json.dumps({"id": "x1", "q": "Can my Blue-Eyes White Dragon attack twice if "
                                     "Fairy Meteor Crush is equipped to it?"}) + "\n"
                         + json.dumps({"id": "x2", "q": "Each player draws one card during the Draw Phase "
                                       "of their turn, right?"}) + "\n", encoding="utf-8")
    rulebook = set(_spans(_words("each player draws one card during the Draw Phase of their turn")))
    spans = question_spans([questions], rulebook)
    echo = tmp_path / "echo.py"
    echo.write_text('x = 1\n# "can my Blue-Eyes White Dragon attack twice if Fairy Meteor Crush is on it"\n'
                    '# each player draws one card during the Draw Phase of their turn\n', encoding="utf-8")
    assert echoes(spans, [echo], root=tmp_path) == ["echo.py:2: set.jsonl:x1"]


@pytest.mark.skipif(not EVAL_DIR.is_dir(), reason="../shared/eval is not present")
def test_no_line_echoes_an_evaluation_question():
    """No line of kb/, importers/, webapp/, data/*.toml holds 8 words in a row of a dev question (not rulebook text)."""
    spans = question_spans(sorted(EVAL_DIR.glob("*.jsonl")), _rulebook_spans())
    found = echoes(spans, _checked_files())
    assert not found, f"{len(found)} lines echo an evaluation question:\n" + "\n".join(found)
