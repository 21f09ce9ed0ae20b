"""Rewriting a question the way players type it (lower case, no punctuation, contractions, extra spaces)
never changes a yes/no: it may only lose the answer to "unknown" or gain one (bench/ask_perturb.py)."""

from __future__ import annotations

import sys

import pytest

from kb.config import REPO_ROOT

SETS = [REPO_ROOT / "tests" / "golden" / "ask_redteam.jsonl", REPO_ROOT / "tests" / "golden" / "ask_casual.jsonl"]


def _bench():
    sys.path.insert(0, str(REPO_ROOT / "bench"))
    try:
        import ask_eval
        import ask_perturb
    finally:
        sys.path.pop(0)
    return ask_eval, ask_perturb


@pytest.fixture(scope="module")
def answered(full_kb):
    """(item, verdict as written) for every question of the sets answered as written."""
    from kb.db import session_scope

    ask_eval, ask_perturb = _bench()
    with session_scope(full_kb) as session:
        verdicts = [(item, ask_perturb.verdict(session, item["question"], full_kb))
                    for item in ask_eval.load_items(SETS)]
    return [(item, verdict) for item, verdict in verdicts if verdict not in ("unknown", "error")]


@pytest.mark.parametrize("rewrite", ["lower", "no_punctuation", "contractions", "chat"])
def test_a_rewrite_never_flips_a_verdict(session, full_kb, answered, rewrite):
    _, ask_perturb = _bench()
    change = ask_perturb.TRANSFORMS[rewrite]
    flipped = []
    for item, before in answered:
        after = ask_perturb.verdict(session, change(item["question"]), full_kb)
        if after not in ("unknown", "error", before):
            flipped.append((item["id"], before, after))
    assert answered and not flipped, f"{rewrite} changed verdicts: {flipped[:5]}"


def test_the_rewrites_do_what_they_say():
    _, ask_perturb = _bench()
    rewrites = ask_perturb.TRANSFORMS
    assert rewrites["no_punctuation"]('My opponent activates "Dark Hole". Can I chain?') == \
        "My opponent activates Dark Hole Can I chain"
    assert rewrites["contractions"]("It cannot; it does not.") == "It can't; it doesn't."
    assert rewrites["chat"]("I cannot chain, can I?") == "i cant chain can i"
