"""The JSON API over the Flask test client: every route, its list shape, caching and every error path."""

from __future__ import annotations

import json

import pytest

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples

ERROR_KEYS = {"object", "status", "type", "details", "candidates"}


def error_of(response, status: int, type_: str) -> dict:
    """Assert ``response`` is the error envelope with this status and type; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == ERROR_KEYS
    assert body["object"] == "error" and body["status"] == status and body["type"] == type_
    assert body["details"]
    return body


def assert_list(body: dict) -> None:
    for key in ("object", "total", "page", "pages", "per_page", "has_more", "data"):
        assert key in body, key
    assert body["object"] == "list"
    assert body["has_more"] == (body["page"] < body["pages"])


# ------------------------------------------------------------------------------------------- basics


def test_health_is_trivial_and_uncached(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"object": "health", "status": "ok"}


def test_index_lists_routes(client):
    body = client.get("/api/v1/").get_json()
    assert body["openapi"] == "/api/v1/openapi.json"
    assert "/api/v1/cards/named" in body["routes"]


def test_stats_counts_everything(client):
    body = client.get("/api/v1/stats").get_json()
    assert body["object"] == "stats"
    assert body["sections"] > 1000 and body["cards"] > 10000 and body["rulings"] > 1000
    assert {s["id"] for s in body["sources"]} >= {"prb2017", "community", "tcg-v10", "cr-draft", "md"}


def test_unknown_api_route_is_a_json_404(client):
    body = error_of(client.get("/api/v1/no/such/thing"), 404, "not_found")
    assert "/api/v1/no/such/thing" in body["details"]


def test_wrong_method_is_a_json_405(client):
    response = client.post("/api/v1/search?q=chain")
    error_of(response, 405, "bad_request")
    assert "GET" in response.headers["Allow"]


# ------------------------------------------------------------------------------------------ caching


def test_read_routes_send_etag_and_cache_control(client, samples):
    url = f"/api/v1/cards/{samples['card_id']}"
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert "max-age=" in first.headers["Cache-Control"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    other = client.get(url, headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200


def test_errors_are_not_cached(client):
    response = client.get("/api/v1/cards/999999999")
    assert response.headers["Cache-Control"] == "no-store"
    assert "ETag" not in response.headers


# ------------------------------------------------------------------------------------------- search


def test_search_lists_results_with_snippets_and_facets(client):
    body = client.get("/api/v1/search?q=damage+step&limit=5").get_json()
    assert_list(body)
    assert body["query"] == "damage step"
    assert body["total"] > 5 and len(body["data"]) == 5 and body["per_page"] == 5
    first = body["data"][0]
    assert {"kind", "id", "title", "snippet", "score"} <= set(first)
    assert "section" in body["facets"]["kind"]


def test_search_pages_do_not_overlap(client):
    one = client.get("/api/v1/search?q=chain&limit=5&page=1").get_json()
    two = client.get("/api/v1/search?q=chain&limit=5&page=2").get_json()
    assert one["total"] == two["total"] and two["page"] == 2
    assert not {(r["kind"], r["id"]) for r in one["data"]} & {(r["kind"], r["id"]) for r in two["data"]}


def test_search_kind_filter(client):
    body = client.get("/api/v1/search?q=greed&kind=card").get_json()
    assert body["data"] and all(r["kind"] == "card" for r in body["data"])
    assert any(r["title"] == "Pot of Greed" for r in body["data"])


def test_search_did_you_mean(client):
    body = client.get("/api/v1/search?q=damgae+stpe").get_json()
    assert body["total"] == 0
    assert "damage step" in body["suggestions"]


@pytest.mark.parametrize("query, field", [
    ("", "q"),
    ("q=chain&limit=0", "limit"),
    ("q=chain&limit=1000", "limit"),
    ("q=chain&page=abc", "page"),
    ("q=chain&kind=planet", "kind"),
])
def test_search_bad_parameters_name_the_field(client, query, field):
    body = error_of(client.get(f"/api/v1/search?{query}"), 400, "bad_request")
    assert field in body["details"]


def test_search_malformed_query_is_400(client):
    body = error_of(client.get('/api/v1/search?q=%22unclosed'), 400, "bad_request")
    assert "unclosed" in body["details"]


def test_search_too_long_query_is_400(client):
    error_of(client.get("/api/v1/search?q=" + "a" * 600), 400, "bad_request")


# -------------------------------------------------------------------------------------------- cards


def test_named_exact(client):
    body = client.get("/api/v1/cards/named?exact=pot%20of%20GREED").get_json()
    assert body["name"] == "Pot of Greed"
    assert body["card_type"] == "Spell" and body["property"] == "Normal"


def test_named_exact_miss_suggests_the_fuzzy_match(client):
    body = error_of(client.get("/api/v1/cards/named?exact=pot+of+gred"), 404, "not_found")
    assert "Pot of Greed" in body["candidates"]


def test_named_fuzzy_and_nickname(client):
    assert client.get("/api/v1/cards/named?fuzzy=pot+of+gred").get_json()["name"] == "Pot of Greed"
    assert client.get("/api/v1/cards/named?fuzzy=MST").get_json()["name"] == "Mystical Space Typhoon"


def test_named_lookup_is_remembered_per_version_with_the_same_bytes_and_etag(client, monkeypatch):
    from flask import jsonify

    from kb import views

    calls = []
    real = views.named_card

    def counting(session, **kwargs):
        calls.append(kwargs)
        return real(session, **kwargs)

    monkeypatch.setattr(views, "named_card", counting)
    path = "/api/v1/cards/named?exact=Graceful%20Charity"
    first, again = client.get(path), client.get(path)
    assert first.status_code == again.status_code == 200
    assert len(calls) <= 1  # the second look-up (and the first, if an earlier test asked) is not recomputed
    assert first.get_data() == again.get_data() and first.headers["ETag"] == again.headers["ETag"]
    with client.application.test_request_context():  # the body jsonify makes, as before the cache
        assert first.get_data() == jsonify(real(__import__("webapp").kb_session(),
                                                exact="Graceful Charity", fuzzy=None)).get_data()
    assert client.get(path, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    for _ in range(2):  # errors are not remembered: each miss is answered afresh
        error_of(client.get("/api/v1/cards/named?exact=Gracefull+Charityy"), 404, "not_found")
    assert [c["exact"] for c in calls].count("Gracefull Charityy") == 2


def test_named_ambiguous_lists_candidates(client):
    body = error_of(client.get("/api/v1/cards/named?fuzzy=tearlaments"), 400, "ambiguous")
    assert len(body["candidates"]) >= 2
    assert all("Tearlaments" in name for name in body["candidates"])


@pytest.mark.parametrize("query", ["", "exact=a&fuzzy=b", "exact=", "fuzzy=%20"])
def test_named_needs_exactly_one_name(client, query):
    error_of(client.get(f"/api/v1/cards/named?{query}"), 400, "bad_request")


def test_autocomplete(client):
    body = client.get("/api/v1/cards/autocomplete?q=pot+of").get_json()
    assert body["object"] == "catalog"
    assert "Pot of Greed" in body["data"] and len(body["data"]) <= 10
    assert client.get("/api/v1/cards/autocomplete?q=pot&limit=3").get_json()["total"] <= 3
    assert client.get("/api/v1/cards/autocomplete").get_json()["data"] == []
    error_of(client.get("/api/v1/cards/autocomplete?q=pot&limit=99"), 400, "bad_request")


def test_card_page_data(client, samples):
    body = client.get(f"/api/v1/cards/{samples['card_id']}").get_json()
    assert body["object"] == "card_page"
    assert body["card"]["name"] == "Pot of Greed"
    assert body["card"]["limits"]["tcg"]
    assert body["profile"] and body["profile"][0]["kind"]
    assert any(r["id"] == samples["ruling_id"] for r in body["rulings"])
    neighbourhood = body["neighbourhood"]
    assert neighbourhood["node"]["node"] == f"card:{samples['card_id']}"
    assert 0 < len(neighbourhood["data"]) <= 30 <= neighbourhood["total"] or \
        len(neighbourhood["data"]) == neighbourhood["total"]


def test_unknown_card_is_404(client):
    error_of(client.get("/api/v1/cards/999999999"), 404, "not_found")
    error_of(client.get("/api/v1/cards/999999999/rulings"), 404, "not_found")
    error_of(client.get("/api/v1/cards/not-a-number"), 404, "not_found")


def test_card_rulings_paginate(client, samples):
    full = client.get(f"/api/v1/cards/{samples['card_id']}/rulings?limit=100").get_json()
    assert_list(full)
    assert full["total"] >= 1
    assert all({"source", "region", "date"} <= set(r) for r in full["data"])
    one = client.get(f"/api/v1/cards/{samples['card_id']}/rulings?limit=1").get_json()
    assert len(one["data"]) == 1 and one["pages"] == full["total"]
    beyond = client.get(f"/api/v1/cards/{samples['card_id']}/rulings?limit=1&page=100000").get_json()
    assert beyond["data"] == [] and beyond["has_more"] is False


def test_inline_finds_bracketed_names(client):
    body = client.get("/api/v1/inline?text=can+[[MST]]+chain+to+[[pot+of+greed]]%3F").get_json()
    assert [item["card"]["name"] for item in body["data"]] == ["Mystical Space Typhoon", "Pot of Greed"]
    assert body["truncated"] is False


def test_inline_limit_and_errors(client):
    text = "[[Pot of Greed]] [[Raigeki]] [[Dark Hole]] [[Monster Reborn]] [[zzzzqqqxx]]"
    body = client.get("/api/v1/inline", query_string={"text": text}).get_json()
    assert len(body["data"]) == 3 and body["truncated"] is True
    body = client.get("/api/v1/inline", query_string={"text": "[[zzzzqqqxx]] [[tearlaments]]",
                                                      "limit": 5}).get_json()
    assert [item["error"]["type"] for item in body["data"]] == ["not_found", "ambiguous"]
    assert client.get("/api/v1/inline?text=no+names+here").get_json()["data"] == []
    error_of(client.get("/api/v1/inline"), 400, "bad_request")
    error_of(client.get("/api/v1/inline?text=[[a]]&limit=11"), 400, "bad_request")


# ------------------------------------------------------------------------------- rulebooks, rulings


def test_sources_and_toc(client):
    body = client.get("/api/v1/sources").get_json()
    assert_list(body)
    assert body["total"] == 5
    toc = client.get("/api/v1/sources/community").get_json()
    assert toc["object"] == "toc" and toc["source"]["id"] == "community"
    assert len(toc["sections"]) > 100
    error = error_of(client.get("/api/v1/sources/comunity"), 404, "not_found")
    assert "community" in error["candidates"]


def test_section(client, samples):
    body = client.get(f"/api/v1/sections/{samples['section_id']}").get_json()
    assert body["id"] == samples["section_id"]
    assert body["children"]
    child = client.get(f"/api/v1/sections/{body['children'][0]['id']}").get_json()
    assert child["breadcrumbs"][-1]["id"] == samples["section_id"]
    assert child["previous"] is not None
    nxt = client.get(f"/api/v1/sections/{child['next']['id']}").get_json()
    assert nxt["previous"]["id"] == child["id"]


def test_section_with_same_topic_and_conflicts(client):
    conflicts = client.get("/api/v1/conflicts?limit=100").get_json()
    assert_list(conflicts)
    assert conflicts["total"] >= 1
    side = conflicts["data"][0]["sides"][0]["section"]["id"]
    section = client.get(f"/api/v1/sections/{side}").get_json()
    assert conflicts["data"][0]["id"] in {c["id"] for c in section["conflicts"]}


def test_unknown_section_suggests(client):
    body = error_of(client.get("/api/v1/sections/community:1.2.99"), 404, "not_found")
    assert all(c.startswith("community:") for c in body["candidates"])


def test_ruling(client, samples):
    body = client.get(f"/api/v1/rulings/{samples['ruling_id']}").get_json()
    assert body["object"] == "ruling" and body["id"] == samples["ruling_id"]
    assert samples["card_id"] in {c["id"] for c in body["cards"]}
    assert body["answer"] == samples["ruling"]["answer"]
    error_of(client.get("/api/v1/rulings/goat:999999999"), 404, "not_found")


# -------------------------------------------------------------------------------------------- graph


def test_graph_related(client, samples):
    body = client.get("/api/v1/graph/related?node=card:Pot+of+Greed&kind=ruling&limit=5").get_json()
    assert body["node"]["id"] == samples["card_id"]
    assert 0 < len(body["data"]) <= 5 and all(item["kind"] == "ruling" for item in body["data"])


def test_graph_related_errors(client):
    error_of(client.get("/api/v1/graph/related"), 400, "bad_request")
    error_of(client.get("/api/v1/graph/related?node=card:Pot+of+Greed&kind=planet"), 400, "bad_request")
    error_of(client.get("/api/v1/graph/related?node=card:Pot+of+Greed&depth=9"), 400, "bad_request")
    error_of(client.get("/api/v1/graph/related?node=community:99.99"), 404, "not_found")


def test_graph_path(client, samples):
    body = client.get(f"/api/v1/graph/path?a=card:{samples['card_id']}&b=ruling:{samples['ruling_id']}"
                      ).get_json()
    assert body["object"] == "path" and body["connected"] is True
    assert body["length"] == len(body["data"]) >= 1
    assert body["data"][0]["text"]
    error_of(client.get("/api/v1/graph/path?a=card:Pot+of+Greed"), 400, "bad_request")


# ---------------------------------------------------------------------------------------------- ask


def test_ask_plain_language(client):
    body = client.get("/api/v1/ask", query_string={"q": "Can Twin Twisters chain to Pot of Greed?"}).get_json()
    assert body["answer"] == "yes"
    assert body["steps"] and all("cites" in step for step in body["steps"])


def test_ask_json(client):
    response = client.post("/api/v1/ask", json={"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert body["answer"] == "yes"
    assert any(step["cites"] for step in body["steps"])


@pytest.mark.parametrize("body, type_", [
    (b"{not json", "bad_request"),
    (b"[1, 2]", "bad_request"),
    (b"", "bad_request"),
    (json.dumps({"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed", "colour": "red"}).encode(),
     "bad_request"),
    (json.dumps({"ask": "chain", "card": "tearlaments", "to": "Pot of Greed"}).encode(), "ambiguous"),
])
def test_ask_bad_json_is_400(client, body, type_):
    response = client.post("/api/v1/ask", data=body, content_type="application/json")
    error_of(response, 400, type_)


def test_ask_unknown_card_is_404(client):
    response = client.post("/api/v1/ask", json={"ask": "chain", "card": "Zzzzqqq Xxxyyy", "to": "Pot of Greed"})
    error_of(response, 404, "not_found")


def test_request_size_limit(client, web_app):
    size = web_app.config["MAX_CONTENT_LENGTH"] + 1
    response = client.post("/api/v1/ask", data=b"{" + b" " * size + b"}", content_type="application/json")
    error_of(response, 413, "bad_request")


def test_chain_route(client):
    body = client.get("/api/v1/chain?card=Twin+Twisters&to=Pot+of+Greed").get_json()
    assert body["answer"] == "yes"
    assert body["question"] == {"ask": "chain", "card": "Twin Twisters", "to": "Pot of Greed"}
    error_of(client.get("/api/v1/chain?card=Twin+Twisters"), 400, "bad_request")
    error_of(client.get("/api/v1/chain?card=Twin+Twisters&to=Pot+of+Greed&phase=lunch"), 400, "bad_request")


# --------------------------------------------------------------------------------------------- bulk


def test_bulk_sections_streams_every_section(client):
    response = client.get("/api/v1/bulk/sections")
    assert response.status_code == 200 and response.is_streamed
    body = json.loads(response.get_data())
    stats = client.get("/api/v1/stats").get_json()
    assert body["object"] == "bulk" and len(body["data"]) == stats["sections"]
    assert {"id", "title", "text"} <= set(body["data"][0])
    etag = response.headers["ETag"]
    assert client.get("/api/v1/bulk/sections", headers={"If-None-Match": etag}).status_code == 304


def test_bulk_rulings_carry_card_ids(client):
    body = json.loads(client.get("/api/v1/bulk/rulings").get_data())
    assert body["data"] and all("card_ids" in r for r in body["data"][:50])


def test_bulk_unknown_kind(client):
    body = error_of(client.get("/api/v1/bulk/decks"), 404, "not_found")
    assert body["candidates"] == ["cards", "rulings", "sections"]


def test_section_rulings_are_listed_newest_first(client):
    top = client.get("/api/v1/search?q=kind:ruling+chain&limit=1").get_json()["data"][0]["id"]
    ruling = client.get(f"/api/v1/rulings/{top}").get_json()
    sections = ruling["sections"]
    assert sections, "a chain ruling is filed against at least one rule section"
    section_id = sections[0]["id"]
    section = client.get(f"/api/v1/sections/{section_id}").get_json()
    listing = client.get(f"/api/v1/sections/{section_id}/rulings?limit=100").get_json()
    assert_list(listing)
    assert listing["total"] == section["rulings_total"] >= len(section["rulings"])
    assert top in {r["id"] for r in listing["data"]} or listing["total"] > 100
    dates = [r["date"] for r in listing["data"] if r["date"]]
    assert dates == sorted(dates, reverse=True)
    error_of(client.get("/api/v1/sections/community:99.99/rulings"), 404, "not_found")


def test_serve_without_a_knowledge_base_says_so(tmp_path):
    from click.testing import CliRunner

    from kb.cli import cli

    result = CliRunner().invoke(cli, ["--kb", str(tmp_path / "missing"), "serve", "--port", "8799"])
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    assert "no knowledge base" in output and "run `kb build` first" in output


def test_app_without_a_knowledge_base_answers_503_in_the_envelope(tmp_path):
    from webapp import create_app

    client = create_app({"KB_PATH": str(tmp_path / "missing")}).test_client()
    assert client.get("/api/v1/health").status_code == 200
    body = error_of(client.get("/api/v1/stats"), 503, "server_error")
    assert "kb build" in body["details"]


def test_a_rebuilt_knowledge_base_is_served_without_a_restart(tmp_path):
    """`kb build` swaps the symlink to a new version; the running app follows it."""
    import os

    from sqlmodel import Session

    from kb.db import STORE_FILE, create_tables, make_engine
    from kb.models import Source
    from webapp import create_app

    for version in ("v1", "v2"):
        (tmp_path / version).mkdir()
        engine = make_engine(tmp_path / version / STORE_FILE)
        create_tables(engine)
        with Session(engine) as session:
            session.add(Source(id=f"book-{version}", title=f"Book {version}"))
            session.commit()
        engine.dispose()
    link = tmp_path / "kb"
    os.symlink("v1", link)
    client = create_app({"KB_PATH": str(link), "KB_VERSION_CHECK_SECONDS": 0}).test_client()
    assert [s["id"] for s in client.get("/api/v1/sources").get_json()["data"]] == ["book-v1"]
    os.symlink("v2", tmp_path / "kb.new")
    os.replace(tmp_path / "kb.new", link)
    assert [s["id"] for s in client.get("/api/v1/sources").get_json()["data"]] == ["book-v2"]


def test_a_text_parameter_is_measured_as_given_before_its_spaces_are_stripped(client):
    """The document's maxLength counts the value as sent: trailing spaces do not make it fit."""
    padded = "Can Twin Twisters chain to Pot of Greed?" + "\x0b" * 600
    response = client.get("/api/v1/ask", query_string={"q": padded})
    assert response.status_code == 400
    assert "too long" in response.get_json()["details"]
