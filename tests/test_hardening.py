"""Hostile and broken input never ends in a 500, a traceback or a lost batch (issue 12).

Each test stands for a class of fault: input nested past the recursion limit, numbers outside what the
index stores, bytes that are not UTF-8, a knowledge base that is not a database, caches that outlive the
version they were built for, and clients that hold connections open without finishing a request.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from kb.cli import cli
from kb.query import MAX_NESTING, NUMERIC_RANGE, parse
from kb.errors import InvalidQueryError

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples

NUMERIC_KEYS = ("atk", "def", "level", "rank", "link", "scale")


# ------------------------------------------------------------------------------- deep nesting (API)


@pytest.mark.parametrize("depth", [100, 970, 2000, 10000])
@pytest.mark.parametrize("opening, closing", [("[", "]"), ('{"a":', "}")])
def test_ask_body_nested_deeply_is_a_400_naming_the_depth(client, depth, opening, closing):
    body = '{"ask": "chain", "card": ' + opening * depth + "1" + closing * depth + "}"
    response = client.post("/api/v1/ask", data=body, content_type="application/json")
    assert response.status_code in (400, 413), response.get_data(as_text=True)[:300]
    error = response.get_json()
    assert error["object"] == "error" and error["status"] == response.status_code
    if response.status_code == 400:
        assert "levels deep" in error["details"] and "limit is 64" in error["details"]


def test_ask_body_that_is_not_utf8_is_a_400_naming_the_byte(client):
    response = client.post("/api/v1/ask", data=b'{"ask": "chain", "card": "\xff"}',
                           content_type="application/json")
    assert response.status_code == 400
    assert "byte 0xff" in response.get_json()["details"]


# --------------------------------------------------------------------------- the query language


@pytest.mark.parametrize("query", ["(" * 400 + "x", "(" * 40 + "x" + ")" * 40, "-(" * 40 + "x",
                                   "NOT " * 120 + "x", "(a OR " * 60 + "b"])
def test_deep_queries_are_invalid_queries_not_crashes(query):
    with pytest.raises(InvalidQueryError) as caught:
        parse(query)
    assert "nested too deeply" in str(caught.value) and caught.value.position is not None


def test_nesting_up_to_the_limit_still_parses():
    assert parse("(" * MAX_NESTING + "x" + ")" * MAX_NESTING).to_string() == "x"


@pytest.mark.parametrize("key", NUMERIC_KEYS)
@pytest.mark.parametrize("op, value", [(">=", NUMERIC_RANGE[1] + 1), ("<", NUMERIC_RANGE[0] - 1),
                                       (":", 10**30)])
def test_numbers_outside_the_index_range_name_the_filter(key, op, value):
    with pytest.raises(InvalidQueryError) as caught:
        parse(f"{key}{op}{value}")
    assert f"{key}{op}{value} is out of range" in str(caught.value)
    assert caught.value.position == len(key) + len(op)


@pytest.mark.parametrize("query", ["(" * 400, "(" * 330 + "x", "atk>=2147483648", "def<-2147483649",
                                   "level:99999999999", "rank>4294967296", "link=2147483648",
                                   "scale<=2147483648"])
@pytest.mark.parametrize("url", ["/api/v1/search", "/search"])
def test_search_api_and_page_answer_400_not_500(client, url, query):
    response = client.get(url, query_string={"q": query})
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    if url.startswith("/api/"):
        error = response.get_json()
        assert error["type"] == "bad_request"
        assert "out of range" in error["details"] or "nested too deeply" in error["details"]


@pytest.mark.parametrize("key", NUMERIC_KEYS)
def test_numbers_at_the_range_limits_search_normally(client, key):
    for value in NUMERIC_RANGE:
        response = client.get("/api/v1/search", query_string={"q": f"{key}<={value}"})
        assert response.status_code == 200


# ------------------------------------------------------------------------------------------ CLI


def _json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_search_batch_reports_every_bad_line_and_goes_on(full_kb, tmp_path):
    batch = tmp_path / "queries.jsonl"
    lines = [b'{"q": "damage step", "limit": 1}',
             b"\xff\xfe not utf-8",
             b'{"q": "' + b"(" * 400 + b'"}',
             b'{"q": "atk>=2147483648"}',
             b"[" * 2000 + b"]" * 2000,
             b'{"q": "damage step", "source": 5}',
             b'{"q": "damage step", "limit": true}',
             b'{"q": "damage step", "kind": "spaceship"}',
             b'{"q": "damage step", "colour": "red"}',
             b'{"query": "damage step"}',
             b"not json",
             b'{"q": "Pot of Greed", "limit": 1}']
    batch.write_bytes(b"\n".join(lines) + b"\n")
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "search", "--batch", str(batch), "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 1
    out = _json_lines(result.output)
    assert len(out) == len(lines)
    assert "error" not in out[0] and "error" not in out[-1]
    errors = out[1:-1]
    assert [e["error"]["line"] for e in errors] == list(range(2, len(lines)))
    messages = [e["error"]["message"] for e in errors]
    assert "byte 0xff" in messages[0]
    assert "nested too deeply" in messages[1]
    assert "out of range" in messages[2]
    assert "2000 levels deep" in messages[3]
    assert "source must be a string" in messages[4]
    assert "limit must be" in messages[5]
    assert "kind must be one of" in messages[6]
    assert "unknown field 'colour'" in messages[7]


def test_search_batch_exit_code(full_kb, tmp_path):
    batch = tmp_path / "queries.jsonl"
    runner = CliRunner()
    batch.write_text('{"q": "damage step"}\n{"q": "chain link"}\n', encoding="utf-8")
    ok = runner.invoke(cli, ["--kb", str(full_kb), "search", "--batch", str(batch), "--json"])
    assert ok.exit_code == 0, ok.output
    batch.write_text('{"q": "(oops"}\n{"q": "atk>=lots"}\n', encoding="utf-8")
    failed = runner.invoke(cli, ["--kb", str(full_kb), "search", "--batch", str(batch), "--json"])
    assert failed.exit_code == 1 and len(_json_lines(failed.output)) == 2


def test_ask_batch_reports_bad_bytes_and_deep_lines_and_goes_on(full_kb, tmp_path):
    batch = tmp_path / "questions.jsonl"
    batch.write_bytes(b'{"ask": "chain", "card": "Raigeki", "to": "MST"}\n'
                      b"\xff\xfe\n" + b"[" * 2000 + b"]" * 2000 + b"\n"
                      b'{"ask": "chain", "card": "MST", "to": "Raigeki"}\n')
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "ask", "--batch", str(batch)],
                                catch_exceptions=False)
    assert result.exit_code == 1
    out = _json_lines(result.output)
    assert [line.get("answer") for line in out] == ["no", None, None, "yes"]
    assert "byte 0xff" in out[1]["error"]["message"] and "levels deep" in out[2]["error"]["message"]


@pytest.mark.parametrize("query", ["(" * 400, "atk>=2147483648"])
def test_search_cli_bad_query_is_an_error_object(full_kb, query):
    result = CliRunner().invoke(cli, ["--kb", str(full_kb), "search", query, "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["type"] == "invalid_query"


@pytest.fixture(params=["zero-byte", "not-a-database"])
def broken_kb(request, tmp_path):
    """A knowledge-base directory whose ``kb.sqlite`` is empty or garbage."""
    path = tmp_path / request.param
    path.mkdir()
    (path / "kb.sqlite").write_bytes(b"" if request.param == "zero-byte" else b"\x13garbage" * 4096)
    return path


@pytest.mark.parametrize("command", [["ask", '{"ask": "chain", "card": "Raigeki", "to": "MST"}'],
                                     ["card", "Pot of Greed"], ["section", "community:1"], ["stats"],
                                     ["related", "card:Pot of Greed"]])
def test_a_broken_store_is_a_clear_error(broken_kb, command):
    result = CliRunner().invoke(cli, ["--kb", str(broken_kb), *command, "--json"], catch_exceptions=False)
    assert result.exit_code == 1
    error = json.loads(result.output)["error"]
    assert error["type"] == "no_knowledge_base"
    assert str(broken_kb) in error["message"] and "kb build" in error["message"]


def test_an_argument_that_is_not_utf8_is_a_clear_error(full_kb):
    result = subprocess.run([sys.executable, "-c", "from kb.cli import main; main()", "--kb", str(full_kb),
                             "section", b"\xff\xfe", "--json"], capture_output=True, timeout=120)
    assert result.returncode == 1
    assert b"Traceback" not in result.stderr
    error = json.loads(result.stdout)["error"]
    assert "not valid UTF-8" in error["message"] and "\\xff\\xfe" in error["message"]


def test_app_on_a_broken_store_answers_503_in_the_envelope(broken_kb):
    from webapp import create_app

    client = create_app({"KB_PATH": str(broken_kb), "TESTING": True}).test_client()
    response = client.get("/api/v1/cards/named", query_string={"exact": "Pot of Greed"})
    assert response.status_code == 503
    assert response.get_json()["type"] == "server_error"
    assert "cannot be read" in response.get_json()["details"]


# ------------------------------------------------------------------------ caches follow the version


@pytest.fixture()
def two_versions(rulebook_kb, tmp_path):
    """A knowledge base laid out as `kb build` leaves it: ``kb`` -> ``kb.versions/v1`` (and a ``v2``)."""
    import os
    import shutil

    versions = tmp_path / "kb.versions"
    for name in ("v1", "v2"):
        shutil.copytree(rulebook_kb, versions / name)
    link = tmp_path / "kb"
    os.symlink(versions / "v1", link)
    return link, versions / "v1", versions / "v2"


def _swap(link, version) -> None:
    import os

    temporary = link.with_name("kb.swap")
    os.symlink(version, temporary)
    os.replace(temporary, link)


def test_caches_keep_only_the_current_version(two_versions):
    from kb import cards, graph
    from kb.db import session_scope

    link, v1, v2 = two_versions
    for version in (v1, v2, v1, v2):
        _swap(link, version)
        graph.load_graph(link)
        with session_scope(link) as session:
            cards.name_index(session)
        held = [key for key in graph._CACHE.keys() if key.parent == v1.parent]
        assert held == [version.resolve()]
        held = [key for key in cards._CACHE.keys() if key.parent == v1.parent]
        assert held == [version.resolve()]


def test_dropping_a_version_hands_its_memory_back(tmp_path, monkeypatch):
    """A new version evicts the old one's value and trims the heap once; a hit trims nothing."""
    from kb import version_cache

    released = []
    monkeypatch.setattr(version_cache, "release_freed_memory", lambda: released.append(1))
    cache = version_cache.VersionCache()
    v1, v2 = tmp_path / "kb.versions" / "v1", tmp_path / "kb.versions" / "v2"
    assert cache.get(v1, 1, lambda: "one") == "one"
    assert cache.get(v1, 1, lambda: "never") == "one"
    assert released == []
    assert cache.get(v2, 1, lambda: "two") == "two"
    assert released == [1] and cache.keys() == [v2]
    monkeypatch.undo()
    version_cache.release_freed_memory()  # the real one runs on any platform without failing


def test_a_served_app_drops_the_old_version_after_a_swap(two_versions):
    from kb import cards, graph
    from webapp import create_app

    link, v1, v2 = two_versions
    client = create_app({"KB_PATH": str(link), "TESTING": True,
                         "KB_VERSION_CHECK_SECONDS": 0}).test_client()
    for version in (v1, v2, v1):
        _swap(link, version)
        for url, query in (("/api/v1/graph/related", {"node": "community:1"}),
                           ("/api/v1/cards/named", {"fuzzy": "Pot of Greed"})):
            assert client.get(url, query_string=query).status_code in (200, 404)
        assert [key for key in graph._CACHE.keys() if key.parent == v1.parent] == [version.resolve()]
        assert [key for key in cards._CACHE.keys() if key.parent == v1.parent] == [version.resolve()]


# --------------------------------------------------------------------- idle and slow clients (serve)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def served(full_kb, tmp_path_factory):
    """`kb serve --workers 2` (its default worker class) on a free loopback port: the base URL."""
    import os
    import signal
    import time
    import urllib.request

    port = _free_port()
    tmp_path = tmp_path_factory.mktemp("serve")
    log = open(tmp_path / "serve.log", "wb")
    server = subprocess.Popen([sys.executable, "-c", "from kb.cli import main; main()", "--kb", str(full_kb),
                               "serve", "--port", str(port), "--workers", "2", "--no-access-log"],
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(base + "/api/v1/health", timeout=2).read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((tmp_path / "serve.log").read_text()[-2000:]) from None
                time.sleep(0.3)
        yield base, port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()


def test_idle_and_partial_connections_do_not_stall_the_server(served):
    """50 clients that connect and send nothing or half a request: every other request is still
    answered (the bound is one of liveness, not speed), and the half-open connections are closed."""
    import socket
    import time
    import urllib.request

    base, port = served
    idle = []
    for number in range(50):
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        if number % 2:
            connection.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n")  # no blank line
        idle.append(connection)
    time.sleep(0.5)
    for path in ("/api/v1/health", "/api/v1/cards/named?exact=Pot%20of%20Greed", "/api/v1/health"):
        started = time.monotonic()
        with urllib.request.urlopen(base + path, timeout=10) as response:  # raises if no answer in 10 s
            assert response.status == 200
        print(f"{path}: {time.monotonic() - started:.3f} s with 50 idle connections open")
    # the server closes connections whose request head is not complete within its keep-alive timeout
    for connection in idle:
        connection.settimeout(30)
        assert connection.recv(100) == b""
        connection.close()


def test_a_request_line_over_the_server_limit_gets_the_documented_414(served):
    """gunicorn answers a request line over 8190 bytes itself (text/html): the document says so."""
    import urllib.error
    import urllib.request

    from webapp.openapi import openapi_document

    base, _port = served
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(base + "/api/v1/search?q=" + "x" * 9000, timeout=30)
    assert caught.value.code == 414
    assert caught.value.headers["Content-Type"].startswith("text/html")
    documented = openapi_document()["paths"]["/api/v1/search"]["get"]["responses"]["414"]
    assert "text/html" in documented["content"]


# ------------------------------------------------------------ parameters: one truth, strict reading


@pytest.mark.parametrize("url, named", [
    ("/api/v1/conflicts?page=1&page=2", "'page' is given 2 times"),
    ("/api/v1/conflicts?page=", "'page' must be an integer, not ''"),
    ("/api/v1/conflicts?limit=%EF%BC%95", "'limit' must be an integer"),  # a full-width digit
    ("/api/v1/conflicts?limit=+5", "'limit' must be an integer"),
    ("/api/v1/search?q=a&q=b", "'q' is given 2 times"),
    ("/api/v1/cards/named?exact=Pot%20of%20Greed&fuzzy=pot", "exactly one"),
    ("/api/v1/cards/named?exact=", "'exact' is blank"),
    ("/api/v1/cards/named", "exactly one"),
    ("/api/v1/graph/related?node=card:Pot%20of%20Greed&kind=card,spaceship", "'kind' cannot be 'spaceship'"),
    ("/api/v1/chain?card=Raigeki&to=MST&set_this_turn=TRUE", "'set_this_turn' must be true or false"),
    ("/api/v1/chain?card=Raigeki&card=MST&to=MST", "'card' is given 2 times"),
])
def test_parameters_outside_the_document_are_400s_naming_them(client, url, named):
    response = client.get(url)
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert named in response.get_json()["details"]


def test_blank_optional_choices_count_as_not_given(client):
    response = client.get("/api/v1/chain?card=Raigeki&to=MST&phase=&controller=&set_this_turn=")
    assert response.status_code == 200
    assert client.get("/api/v1/search?q=damage%20step&kind=&source=").status_code == 200


def test_the_document_describes_each_route_with_the_parameters_it_reads(web_app):
    from webapp.openapi import openapi_document

    document = openapi_document()
    for rule in web_app.url_map.iter_rules():
        view = web_app.view_functions[rule.endpoint]
        if not hasattr(view, "params") or rule.endpoint == "api.card_named":
            continue
        path = "/".join("{" + part.split(":")[-1][:-1] + "}" if part.startswith("<") else part
                        for part in rule.rule.split("/"))
        documented = [p for p in document["paths"][path]["get"]["parameters"] if p["in"] == "query"]
        assert documented == [param.document() for param in view.params], path
    named = document["paths"]["/api/v1/cards/named"]["get"]["parameters"][0]["schema"]
    assert set(named["properties"]) == {"exact", "fuzzy"} and named["maxProperties"] == 1


def test_the_served_api_matches_the_document_over_http(served):
    """The same schemathesis checks as tests/test_openapi.py, fewer cases, against `kb serve` over real
    HTTP: what the HTTP server answers itself (limits, malformed requests) must be documented too."""
    from hypothesis import HealthCheck, given, settings

    from tests.test_openapi import CASES, CHECKS_RUN, OPERATIONS

    base, _port = served
    for label, mode in CASES:
        @given(case=OPERATIONS[label].as_strategy(generation_mode=mode))
        @settings(max_examples=6, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        def check(case):
            case.call_and_validate(base_url=base, checks=CHECKS_RUN, timeout=30)

        check()


def test_recent_values_are_kept_per_version_and_bounded(tmp_path, monkeypatch):
    """RecentByVersion: a hit returns the kept value, the least recently used key goes first, and a new
    version of the store starts afresh."""
    from types import SimpleNamespace

    from kb import version_cache

    stores = {"db": tmp_path / "kb.versions" / "v1" / "kb.sqlite"}
    monkeypatch.setattr(version_cache, "session_version", lambda session: version_cache.StoreVersion(
        stores["db"], stores["db"].parent, (1, 1), 0.0))
    recent = version_cache.RecentByVersion(2)
    session = SimpleNamespace()
    calls = []

    def compute(key):
        calls.append(key)
        return f"{stores['db'].parent.name}:{key}"

    for key in ("a", "b", "a", "c", "a", "b"):
        recent.get(session, key, lambda key=key: compute(key))
    assert calls == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
    stores["db"] = tmp_path / "kb.versions" / "v2" / "kb.sqlite"
    assert recent.get(session, "a", lambda: compute("a")) == "v2:a"
