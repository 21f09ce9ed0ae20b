"""Search over a real knowledge base: phrases, filters, typos, Japanese names, facets, pages, relevance."""

from __future__ import annotations

import json
import math
import random
import re
import string
import threading

import pytest
from click.testing import CliRunner
from sqlmodel import select
from whoosh import query as wq

from kb.cli import cli
from kb.db import open_session
from kb.errors import InvalidQueryError
from kb.models import Card, RulingCard, Section
from kb.search.compiler import COORDINATION, Coordinated
from kb.text import name_key
from kb.search import open_index, search, suggest
from kb.search.limits import MAX_EXPANSIONS, MAX_QUERY_CHARS


@pytest.fixture(scope="module")
def kb(full_kb):
    """The complete knowledge base (built once per session, or ``$KB_TEST_FULL_KB``), read only."""
    return full_kb


@pytest.fixture(scope="module")
def db(kb):
    session = open_session(kb)
    yield session
    session.close()


def _card_id(db, name: str) -> int:
    return db.exec(select(Card.id).where(Card.name == name)).first()


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split())


# ---------------------------------------------------------------------------------------- phrases


def test_phrase_results_hold_the_phrase(kb, db):
    found = search(kb, '"chain link" kind:section', limit=20)
    assert found["total"] > 5
    for hit in found["results"]:
        section = db.get(Section, hit["id"])
        assert "chain link" in _norm(f"{section.title} {section.text}")


def test_card_name_is_indexed_whole(kb, db):
    found = search(kb, "Dark Magician", kind="card")
    assert found["results"][0]["title"] == "Dark Magician"  # not Dark Magician Girl
    exact = search(kb, 'name="Dark Magician"')
    assert {hit["title"] for hit in exact["results"]} == {"Dark Magician"}


def test_excluded_words_are_absent(kb, db):
    found = search(kb, "kind:term summon -special", limit=50)
    assert found["total"] > 0
    for hit in found["results"]:
        assert "special" not in _norm(hit["title"] + " " + hit["snippet"])


# ---------------------------------------------------------------------------------------- filters


def test_card_filters(kb, db):
    found = search(kb, "t:counter", limit=100)
    assert found["total"] > 100
    assert {hit["kind"] for hit in found["results"]} == {"card"}
    assert all(hit["card_type"] == "Trap" and hit["property"] == "Counter" for hit in found["results"])
    monsters = search(kb, "attr:dark race:spellcaster level>=7 atk<2600", limit=100)
    assert monsters["total"] > 0
    for hit in monsters["results"]:
        assert hit["attribute"] == "DARK" and hit["monster_type"] == "Spellcaster"
        assert hit["level"] >= 7 and hit["atk"] < 2600


def test_type_line_and_text_filters(kb):
    found = search(kb, "t:quick-play o:banish", limit=50)
    assert found["total"] > 0
    assert all(hit["property"] == "Quick-Play" for hit in found["results"])
    tuners = search(kb, "t:tuner t:synchro", limit=30)
    assert tuners["total"] > 0 and all(hit["card_type"] == "Monster" for hit in tuners["results"])


def test_source_and_kind_filters(kb):
    found = search(kb, "damage step", source="prb2017", kind="section", limit=50)
    assert found["total"] > 0
    assert {(hit["kind"], hit["source"]) for hit in found["results"]} == {("section", "prb2017")}
    assert search(kb, "damage step source:prb2017 kind:section")["total"] == found["total"]


def test_ruling_filter_lists_rulings_that_involve_the_card(kb, db):
    card = _card_id(db, "Solemn Judgment")
    found = search(kb, 'ruling:"Solemn Judgment"', limit=100)
    assert found["total"] > 3
    linked = set(db.exec(select(RulingCard.ruling_id).where(RulingCard.card_id == card)).all())
    assert {hit["kind"] for hit in found["results"]} == {"ruling"}
    assert {hit["id"] for hit in found["results"]} <= linked


def test_region_filter(kb):
    found = search(kb, "region:tcg priority", limit=50)
    assert found["total"] > 0 and all("tcg" in hit["region"] for hit in found["results"])


# ---------------------------------------------------------------------------------------- names


def test_typos_in_words_and_names(kb):
    found = search(kb, "Solem Judgement", limit=5)
    assert "Solemn Judgment" in [hit["title"] for hit in found["results"]]
    assert not found["relaxed"]
    assert search(kb, "sumon", kind="term")["total"] > 0


def test_a_card_name_with_a_colon_is_searched_as_written(kb):
    for name in ("S:P Little Knight", "I:P Masquerena"):
        found = search(kb, name, kind="card")
        assert found["results"][0]["title"] == name and not found["relaxed"]


def test_japanese_names(kb):
    found = search(kb, "神の宣告", kind="card")
    assert found["results"][0]["title"] == "Solemn Judgment"


def test_nicknames_and_synonyms(kb):
    assert search(kb, "MST", kind="card")["results"][0]["title"] == "Mystical Space Typhoon"
    gy = search(kb, "GY kind:section", limit=100)
    graveyard = search(kb, "graveyard kind:section", limit=100)
    assert gy["total"] == graveyard["total"]  # each finds the other


# ---------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize("query, position", [
    ("source:nowhere priority", 7),
    ('ruling:"Zzqx Qqqv Wwwj"', 7),
    ("t:quikplay", 2),
    ("damage (step", 7),
])
def test_invalid_queries(kb, query, position):
    with pytest.raises(InvalidQueryError) as info:
        search(kb, query)
    assert info.value.position == position


def test_bad_paging_is_an_invalid_query(kb):
    with pytest.raises(InvalidQueryError, match="limit"):
        search(kb, "priority", limit=0)
    with pytest.raises(InvalidQueryError, match="page"):
        search(kb, "priority", page=0)
    with pytest.raises(InvalidQueryError, match="kind"):
        search(kb, "priority", kind="monster")


# ---------------------------------------------------------------------------------------- bounded work


def _random_word(length: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(length))


def _finishes(func, seconds: float = 120.0):
    """``func()``'s outcome (value or exception), asserting it comes back at all within a generous bound
    (a hang guard, not a speed check: an unbounded query took 43 s and 932 MB for 30,000 characters)."""
    outcome: list = []

    def run():
        try:
            outcome.append(func())
        except Exception as exc:  # noqa: BLE001 - handed to the test
            outcome.append(exc)
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"still running after {seconds:.0f} s"
    return outcome[0]


def test_an_overlong_query_is_refused_with_its_length(kb):
    error = _finishes(lambda: search(kb, _random_word(30_000, 1)))
    assert isinstance(error, InvalidQueryError) and "30,000 characters" in str(error)
    assert error.position == MAX_QUERY_CHARS and len(error.query) < 100
    assert _finishes(lambda: suggest(kb, _random_word(30_000, 1))) == []
    result = CliRunner().invoke(cli, ["--kb", str(kb), "search", _random_word(30_000, 2), "--json"])
    assert result.exit_code == 1 and json.loads(result.output)["error"]["type"] == "invalid_query"


def test_the_longest_query_allowed_finishes(kb):
    word = _finishes(lambda: search(kb, _random_word(MAX_QUERY_CHARS, 3)))
    assert word["total"] == 0 and isinstance(word["suggestions"], list)
    rng = random.Random(4)
    words = " ".join(_random_word(rng.randint(4, 9), n) for n in range(200))[:MAX_QUERY_CHARS]
    many = _finishes(lambda: search(kb, words, limit=100))
    assert isinstance(many, dict) and many["page"] == 1


def test_typo_expansions_are_whooshs_close_terms_bounded(kb):
    index = open_index(kb)
    reader = index.searcher.reader()
    for word, maxdist in (("judgement", 2), ("destory", 1), ("monstr", 1), ("sumon", 1), ("chian", 1)):
        q = wq.FuzzyTerm("body", word, maxdist=maxdist, prefixlength=1)
        expected = set(reader.terms_within("body", word, maxdist, prefix=1))
        found = index.evaluator.expansions(q)
        assert len(found) <= MAX_EXPANSIONS and len(found) == len(set(found))
        assert set(found) == expected if len(expected) <= MAX_EXPANSIONS else set(found) < expected
    long_word = wq.FuzzyTerm("body", _random_word(5_000, 5), maxdist=2, prefixlength=1)
    assert _finishes(lambda: index.evaluator.expansions(long_word)) == []


# ---------------------------------------------------------------------------------------- facets, pages


def test_facets_count_every_match(kb):
    found = search(kb, "negate summon")
    assert sum(found["facets"]["kind"].values()) == found["total"]
    assert set(found["facets"]["kind"]) >= {"card", "ruling", "section"}
    cards = search(kb, "negate summon kind:card")
    assert cards["facets"]["kind"] == {"card": cards["total"]}
    assert sum(cards["facets"]["card_type"].values()) == cards["total"]


def test_pagination(kb):
    whole = search(kb, "chain", limit=10)
    first, second = search(kb, "chain", limit=5), search(kb, "chain", limit=5, page=2)
    assert [h["id"] for h in first["results"] + second["results"]] == [h["id"] for h in whole["results"]]
    assert first["pages"] == math.ceil(first["total"] / 5)
    beyond = search(kb, "chain", limit=100, page=first["pages"] + 1)
    assert beyond["results"] == [] and beyond["total"] == first["total"]


def test_snippets_mark_the_matched_words(kb):
    hit = search(kb, "damage step", kind="section")["results"][0]
    assert "<mark>Damage</mark>" in hit["snippet_html"] or "<mark>damage</mark>" in hit["snippet_html"]
    assert "<mark>" not in hit["snippet"]


def test_did_you_mean(kb):
    assert "Mystical Space Typhoon" in suggest(kb, "Mystical Spase Typhon")
    found = search(kb, "kind:term xqzzyv")
    assert found["total"] == 0 and isinstance(found["suggestions"], list)


def test_open_index_is_cached(kb):
    assert open_index(kb) is open_index(kb)


def test_result_fields_belong_to_the_indexed_document(kb):
    """The side file of result fields is read by whoosh's docnum: both must number documents alike."""
    index = open_index(kb)
    reader = index.searcher.reader()
    for name in ("Dark Magician", "Solemn Judgment", "Mystical Space Typhoon"):
        docnums = list(reader.postings("title_key", name_key(name)).all_ids())
        assert docnums and any(index.document(d)["title"] == name for d in docnums), name
    last = index.searcher.doc_count_all() - 1
    assert index.document(last)["kind"] in ("section", "term", "card", "ruling")


# ---------------------------------------------------------------------------------------- relevance


RULE_QUESTIONS = [
    ("what is the spell speed of a counter trap", r"spell speed|counter trap"),
    ("when can you change a monster's battle position", r"battle position"),
    ("which cards can be chained to a counter trap", r"counter trap"),
    ("what is the maximum number of extra monster zones", r"extra monster zone"),
    ("can you activate a flip effect in the damage step", r"flip effect|damage step"),
    ("what does missing the timing mean for an optional trigger effect", r"missing the timing"),
    ("how is a link summon performed with link materials", r"link summon"),
]


@pytest.mark.parametrize("question, title", RULE_QUESTIONS)
def test_rule_questions_find_their_section_first(kb, db, question, title):
    top = search(kb, question, kind="section", limit=1)["results"][0]
    section = db.get(Section, top["id"])
    assert re.search(title, f"{section.title} {section.text[:200]}", re.I), (question, top["title"])


def test_phrases_match_the_documents_whoosh_finds(kb):
    index = open_index(kb)
    for fieldname, words, slop in (("body", ["chain", "link"], 1), ("body", ["damag", "step"], 3),
                                   ("title", ["extra", "monster", "zone"], 1),
                                   ("body", ["special", "summon", "monster"], 2)):
        q = wq.Phrase(fieldname, words, slop=slop)
        expected = set(q.docs(index.searcher))
        assert expected and set(index.evaluator._phrase_docs(q).tolist()) == expected


def test_coordination_scales_a_long_text_by_the_share_of_its_words_matched(kb):
    evaluator = open_index(kb).evaluator
    words = ["chain", "counter", "priority", "xqzzyv"]
    parts = [wq.Term("body", w) for w in words]
    plain, coordinated = evaluator.evaluate(wq.Or(parts)), evaluator.evaluate(Coordinated(parts))
    matched = sum(evaluator.evaluate(part).mask.astype(float) for part in parts)
    assert (plain.mask == coordinated.mask).all() and plain.mask.sum() > 10
    share = (matched / len(words)) ** COORDINATION
    assert abs(coordinated.score - plain.score * share).max() < 1e-3


# ---------------------------------------------------------------------------------------- CLI


def test_cli_batch_prints_one_line_per_query_in_order(kb, tmp_path):
    batch = tmp_path / "queries.jsonl"
    batch.write_text('{"q": "damage step"}\n{"q": "t:counter", "limit": 2}\n{"q": "(oops"}\nnot json\n',
                     encoding="utf-8")
    result = CliRunner().invoke(cli, ["--kb", str(kb), "search", "--batch", str(batch), "--json"])
    assert result.exit_code == 1, result.output  # two lines failed (like `kb ask --batch`)
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line.get("query") for line in lines[:2]] == ["damage step", "t:counter"]
    assert len(lines[1]["results"]) == 2
    assert lines[2]["error"]["type"] == "invalid_query" and lines[2]["error"]["position"] == 0
    assert lines[3]["error"]["line"] == 4


def test_cli_single_query_and_errors(kb):
    runner = CliRunner()
    ok = runner.invoke(cli, ["--kb", str(kb), "search", "Solemn Judgment", "--json", "--kind", "card"])
    assert ok.exit_code == 0 and json.loads(ok.output)["results"][0]["title"] == "Solemn Judgment"
    readable = runner.invoke(cli, ["--kb", str(kb), "search", "Solemn Judgment", "--limit", "2"])
    assert readable.exit_code == 0 and "Solemn Judgment" in readable.output
    bad = runner.invoke(cli, ["--kb", str(kb), "search", "atk>=lots", "--json"])
    assert bad.exit_code == 1 and json.loads(bad.output)["error"]["position"] == 5
