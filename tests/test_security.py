"""Hostile input comes back escaped; every response carries the Content Security Policy and the usual
security headers; pages hold no inline script or style that the policy would have to allow."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from flask import render_template

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples
from webapp import SECURITY_HEADERS

PAYLOADS = [
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    "<svg/onload=alert(1)>",
    "javascript:alert(1)",
    "{{7*7}}<b>bold</b>",
]

# every page input: (url template, where the payload goes)
PAGE_INPUTS = [
    "/search?q={p}",
    "/search?q=chain&kind={p}",
    "/search?q=chain&source={p}",
    "/search?q=chain&page={p}",
    "/search?q=chain&limit={p}",
    "/cards?name={p}",
    "/sections/{p}",
    "/sections/community:{p}",
    "/rulings/{p}",
    "/rulebooks/{p}",
    "/chain?card={p}&to=Pot+of+Greed",
    "/chain?card=Twin+Twisters&to={p}",
    "/chain?card=Twin+Twisters&to=Pot+of+Greed&phase={p}",
    "/chain?card=Twin+Twisters&to=Pot+of+Greed&set_this_turn={p}",
    "/ask?q={p}",
    "/ask?q=Can+{p}+chain+to+Pot+of+Greed%3F",
    "/{p}",
]

API_INPUTS = [
    "/api/v1/search?q={p}",
    "/api/v1/cards/named?fuzzy={p}",
    "/api/v1/cards/named?exact={p}",
    "/api/v1/cards/autocomplete?q={p}",
    "/api/v1/inline?text=[[{p}]]",
    "/api/v1/sections/{p}",
    "/api/v1/rulings/{p}",
    "/api/v1/sources/{p}",
    "/api/v1/graph/related?node={p}",
    "/api/v1/graph/path?a={p}&b=card:Pot+of+Greed",
    "/api/v1/ask?q={p}",
    "/api/v1/chain?card={p}&to=Pot+of+Greed",
    "/api/v1/bulk/{p}",
    "/api/v1/{p}",
]

DANGEROUS = re.compile(r"<script>alert|<img src=x|<svg/onload|<b>bold</b>|onerror=alert\(1\)>")


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("template", PAGE_INPUTS)
def test_page_inputs_come_back_escaped(client, template, payload):
    response = client.get(template.format(p=quote(payload, safe="")))
    assert response.status_code < 500
    html = response.get_data(as_text=True)
    assert not DANGEROUS.search(html), template


@pytest.mark.parametrize("payload", PAYLOADS)
def test_echoed_input_is_visible_as_text_and_never_evaluated(client, payload):
    html = client.get("/search?q=" + quote(payload, safe="")).get_data(as_text=True)
    escaped = (payload.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
               .replace('"', "&#34;").replace("'", "&#39;"))
    assert f'value="{escaped}"' in html  # the search box shows exactly what was typed


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("template", API_INPUTS)
def test_api_answers_json_never_html(client, template, payload):
    response = client.get(template.format(p=quote(payload, safe="")))
    assert response.status_code < 500
    assert response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    response.get_json()  # valid JSON, whatever the input


def test_chain_page_with_hostile_names_shows_them_as_text(client):
    payload = '<script>alert("x")</script>'
    html = client.get("/chain", query_string={"card": payload, "to": "Pot of Greed"}).get_data(as_text=True)
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


def test_links_from_data_never_use_script_urls(web_app):
    ruling = {"id": "x:1", "source": "s", "region": "TCG", "kind": "", "title": "t", "question": "",
              "answer": "<b>answer</b>", "date": None, "status": "", "heading": "", "cards": [], "sections": [],
              "url": "javascript:alert(1)"}
    with web_app.test_request_context("/rulings/x:1"):
        html = render_template("ruling.html", ruling=ruling, twin_url=None)
    assert 'href="javascript:' not in html
    assert "&lt;b&gt;answer&lt;/b&gt;" in html


@pytest.mark.parametrize("url", ["/", "/search?q=chain", "/api/v1/health", "/api/v1/stats", "/no/such/page",
                                 "/api/v1/no/such", "/static/style.css", "/chain", "/docs/api"])
def test_security_headers_everywhere(client, url):
    response = client.get(url)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (url, name)
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    response.close()


@pytest.mark.parametrize("url", ["/", "/search?q=chain", "/chain?card=Twin+Twisters&to=Pot+of+Greed",
                                 "/ask?q=Can+Twin+Twisters+chain+to+Pot+of+Greed%3F", "/conflicts",
                                 "/rulebooks/community", "/docs/api"])
def test_pages_hold_no_inline_script_or_style(client, url, samples):
    for page_url in (url, f"/cards/{samples['card_id']}", f"/sections/{samples['section_id']}"):
        html = client.get(page_url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page_url
        assert "<style" not in html and not re.search(r"\sstyle=", html), page_url
        assert not re.search(r"\son[a-z]+=", html), page_url


def test_request_body_limit_applies_to_every_route(client, web_app):
    body = b"x" * (web_app.config["MAX_CONTENT_LENGTH"] + 10)
    response = client.post("/api/v1/ask", data=body, content_type="application/json")
    assert response.status_code == 413 and response.get_json()["status"] == 413
