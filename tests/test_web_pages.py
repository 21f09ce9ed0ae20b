"""The HTML pages over the Flask test client: what a judge sees on each page, and each page's JSON twin."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from sqlalchemy import func
from sqlmodel import select

from kb.db import session_scope
from kb.models import RulingSection

pytest_plugins = ["tests.web_fixtures"]  # web_app, client, samples


class _Page(HTMLParser):
    """Visible text, links (href -> text) and the elements' classes of an HTML page."""

    def __init__(self):
        super().__init__()
        self.text: list[str] = []
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._link_text: list[str] = []
        self._skip = 0
        self.classes: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.classes.update((attrs.get("class") or "").split())
        if tag in ("script", "style", "title"):
            self._skip += 1
        if tag == "a" and attrs.get("href"):
            self._href, self._link_text = attrs["href"], []

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self._skip -= 1
        if tag == "a" and self._href is not None:
            self.links.append((self._href, " ".join("".join(self._link_text).split())))
            self._href = None

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)
            if self._href is not None:
                self._link_text.append(data)

    @property
    def visible(self) -> str:
        return " ".join(" ".join(self.text).split())

    def hrefs(self, prefix: str = "") -> list[str]:
        return [href for href, _ in self.links if href.startswith(prefix)]


def view(client, url: str, status: int = 200) -> _Page:
    """GET a page, check its status and type, and parse it."""
    response = client.get(url)
    assert response.status_code == status, (url, response.status_code, response.get_data(as_text=True)[:300])
    assert response.mimetype == "text/html"
    parsed = _Page()
    parsed.feed(response.get_data(as_text=True))
    return parsed


def twin_of(page: _Page) -> str:
    return next(href for href, text in page.links if text == "This page as JSON")


# --------------------------------------------------------------------------------------------- pages


def test_home_has_search_examples_rulebooks_and_ask(client):
    page = view(client, "/")
    assert "Search the rulebooks, cards and rulings" in page.visible
    assert any(href.startswith("/search?q=") for href in page.hrefs())
    assert {f"/rulebooks/{s}" for s in ("prb2017", "community", "tcg-v10", "cr-draft", "md")} <= \
        set(page.hrefs("/rulebooks/"))
    assert "Or ask in plain words" in page.visible
    assert client.get(twin_of(page)).get_json()["object"] == "stats"


def test_search_page_shows_snippets_facets_and_pages(client):
    response = client.get("/search?q=damage+step")
    assert b"<mark>" in response.data  # matched words highlighted in the snippets
    page = view(client, "/search?q=damage+step")
    assert re.search(r"\d+ results for damage step · page 1 of \d+", page.visible)
    assert "kind" in page.visible and "source" in page.visible  # facets
    assert any("kind=section" in href for href in page.hrefs("/search"))
    next_link = next(href for href, text in page.links if text == "Next →")
    second = view(client, next_link)
    assert "page 2 of" in second.visible
    assert any(text == "← Previous" for _, text in second.links)
    twin = client.get(twin_of(page)).get_json()
    assert twin["query"] == "damage step" and twin["object"] == "list"


def test_search_facet_narrows(client):
    page = view(client, "/search?q=damage+step")
    href = next(h for h in page.hrefs("/search") if "kind=card" in h)
    narrowed = view(client, href)
    assert "card" in narrowed.visible
    assert all(h.startswith("/cards/") for h in narrowed.hrefs("/cards/"))
    assert narrowed.hrefs("/cards/") and not narrowed.hrefs("/sections/")


def test_search_did_you_mean_and_examples(client):
    page = view(client, "/search?q=damgae+stpe")
    assert "Did you mean:" in page.visible
    assert "/search?q=damage+step" in page.hrefs("/search")
    empty = view(client, "/search")
    assert "Examples:" in empty.visible


def test_search_bad_query_says_why(client):
    page = view(client, "/search?q=%22unclosed", status=400)
    assert "unclosed" in page.visible


def test_rulebooks_and_toc(client):
    page = view(client, "/rulebooks")
    assert len(page.hrefs("/rulebooks/")) == 5
    toc = view(client, "/rulebooks/community")
    assert len(toc.hrefs("/sections/community:")) > 100
    assert client.get(twin_of(toc)).get_json()["object"] == "toc"
    assert "Contents" in toc.visible


def test_section_page(client, samples):
    section = client.get(f"/api/v1/sections/{samples['section_id']}").get_json()
    child_id = section["children"][0]["id"]
    page = view(client, f"/sections/{child_id}")
    child = client.get(f"/api/v1/sections/{child_id}").get_json()
    assert child["title"] in page.visible
    assert f"/sections/{samples['section_id']}" in page.hrefs("/sections/")  # breadcrumb
    assert "/rulebooks/community" in page.hrefs()
    assert f"/sections/{child['next']['id']}" in page.hrefs()
    assert f"/sections/{child['previous']['id']}" in page.hrefs()
    assert client.get(twin_of(page)).get_json()["id"] == child_id


def test_section_page_links_references_topics_conflicts_and_cards(client):
    conflicts = client.get("/api/v1/conflicts?limit=100").get_json()["data"]
    side = conflicts[0]["sides"][0]["section"]["id"]
    data = client.get(f"/api/v1/sections/{side}").get_json()
    page = view(client, f"/sections/{side}")
    assert "Conflicts" in page.visible and conflicts[0]["topic"] in page.visible
    for reference in data["references"]:
        if reference["target"]:
            assert f"/sections/{reference['target']}" in page.hrefs()
    for other in data["same_topic"]:
        assert f"/sections/{other['id']}" in page.hrefs()
    with_cards = client.get("/api/v1/search?q=kind:section+%22Pot+of+Greed%22").get_json()["data"]
    section_id = with_cards[0]["id"]
    cards = [c for c in client.get(f"/api/v1/sections/{section_id}").get_json()["cards"] if c["card_id"]]
    assert cards
    page = view(client, f"/sections/{section_id}")
    assert "Cards mentioned" in page.visible
    assert f"/cards/{cards[0]['card_id']}" in page.hrefs("/cards/")


def test_unknown_section_is_a_404_page_with_close_matches(client):
    page = view(client, "/sections/community:1.2.99", status=404)
    assert "Not found" in page.visible
    assert page.hrefs("/sections/community:")


def test_card_page(client, samples):
    page = view(client, f"/cards/{samples['card_id']}")
    visible = page.visible
    assert "Pot of Greed" in visible and "Draw 2 cards." in visible
    assert "Limit" in visible and "TCG:" in visible and "OCG:" in visible
    assert "Effect profile" in visible and "Spell Speed 1" in visible
    assert "activates from" in visible and "does draw" in visible  # the profile read as facts
    assert f"/rulings/{samples['ruling_id']}" in page.hrefs("/rulings/")
    assert "Rule sections that mention it" in visible
    assert "Neighbourhood in the graph" in visible
    response = client.get(f"/cards/{samples['card_id']}")
    svg = response.get_data(as_text=True).split("<svg", 1)[1].split("</svg>", 1)[0]
    assert svg.count("<circle") >= 5 and 'href="/rulings/' in svg and "<line" in svg
    assert client.get(twin_of(page)).get_json()["card"]["id"] == samples["card_id"]


def test_card_page_unknown(client):
    view(client, "/cards/999999999", status=404)


def test_card_lookup_by_name(client, samples):
    response = client.get("/cards?name=pot+of+gred")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/cards/{samples['card_id']}")
    ambiguous = view(client, "/cards?name=tearlaments", status=300)
    assert "Several cards fit" in ambiguous.visible
    assert len(ambiguous.hrefs("/cards?name=")) >= 2
    missing = view(client, "/cards?name=zzqqxxyyvv", status=404)
    assert "No card is named" in missing.visible


def test_ruling_page(client, samples):
    page = view(client, f"/rulings/{samples['ruling_id']}")
    ruling = samples["ruling"]
    assert ruling["region"] in page.visible and ruling["source"] in page.visible
    assert " ".join(ruling["answer"].split())[:60] in page.visible
    assert f"/cards/{samples['card_id']}" in page.hrefs("/cards/")
    view(client, "/rulings/goat:999999999", status=404)


def test_conflicts_page(client):
    conflicts = client.get("/api/v1/conflicts?limit=100").get_json()["data"]
    page = view(client, "/conflicts")
    for conflict in conflicts:
        assert conflict["topic"] in page.visible
    assert len(page.hrefs("/sections/")) >= sum(len(c["sides"]) for c in conflicts)


def test_chain_checker_form_and_verdict(client):
    empty = view(client, "/chain")
    assert "Chain checker" in empty.visible and "Verdict" not in empty.visible
    page = view(client, "/chain?to=Pot+of+Greed&card=Twin+Twisters")
    visible = page.visible
    assert "Verdict: yes" in visible
    assert visible.index("Chain Link 2 Twin Twisters") < visible.index("Chain Link 1 Pot of Greed")
    assert "spell speed" in visible
    cites = page.hrefs("/sections/")
    assert cites and all(client.get(href).status_code == 200 for href in cites[:5])
    assert client.get(twin_of(page)).get_json()["answer"] == "yes"


def test_chain_checker_with_moment(client):
    page = view(client, "/chain?to=Pot+of+Greed&card=Twin+Twisters&phase=main1&turn=A&controller=B"
                        "&location=field&face=down&set_this_turn=true")
    assert "Verdict: no" in page.visible  # a Quick-Play Spell Set this turn cannot be activated


def test_chain_checker_errors_beside_the_form(client):
    page = view(client, "/chain?to=Pot+of+Greed&card=tearlaments", status=400)
    assert "Candidates:" in page.visible and page.hrefs("/cards?name=")
    page = view(client, "/chain?to=Pot+of+Greed&card=Twin+Twisters&phase=lunch", status=400)
    assert "'phase' must be one of" in page.visible


def test_ask_page(client):
    page = view(client, "/ask?q=Can+Twin+Twisters+chain+to+Pot+of+Greed%3F")
    assert "Answer: yes" in page.visible
    assert "Understood as" in page.visible
    assert page.hrefs("/sections/")
    assert client.get(twin_of(page)).get_json()["answer"] == "yes"
    assert "Examples:" in view(client, "/ask").visible


def test_api_docs_page_lists_every_operation(client):
    page = view(client, "/docs/api")
    document = client.get("/api/v1/openapi.json").get_json()
    for path in document["paths"]:
        assert path in page.visible


def test_unknown_page_is_a_404_page(client):
    page = view(client, "/no/such/page", status=404)
    assert "no such route" in page.visible


def test_pages_are_cacheable(client, samples):
    first = client.get(f"/sections/{samples['section_id']}")
    assert first.headers["ETag"] and "max-age" in first.headers["Cache-Control"]
    again = client.get(f"/sections/{samples['section_id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("asset", ["style.css", "app.js", "favicon.svg"])
def test_static_assets_are_served_locally(client, asset):
    response = client.get(f"/static/{asset}")
    assert response.status_code == 200 and response.data
    response.close()


def test_no_page_loads_anything_from_another_host(client, samples):
    for url in ("/", f"/cards/{samples['card_id']}", "/chain?to=Pot+of+Greed&card=Twin+Twisters",
                "/search?q=chain", "/docs/api"):
        html = client.get(url).get_data(as_text=True)
        assert not re.search(r'<(script|link|img|iframe)[^>]+(src|href)="(https?:)?//', html)


def test_section_with_many_rulings_links_to_all_of_them(client, full_kb):
    with session_scope(full_kb) as session:
        section_id, total = session.exec(
            select(RulingSection.section_id, func.count()).group_by(RulingSection.section_id)
            .order_by(func.count().desc())).first()
    busiest = client.get(f"/api/v1/sections/{section_id}").get_json()
    assert busiest["rulings_total"] == total > len(busiest["rulings"])
    page = view(client, f"/sections/{section_id}")
    link = next(href for href, text in page.links if text.startswith("All "))
    listing = view(client, link)
    assert f"{total} rulings, newest first" in listing.visible
    assert len(set(listing.hrefs("/rulings/"))) == 20
    assert any(text == "Next →" for _, text in listing.links)
