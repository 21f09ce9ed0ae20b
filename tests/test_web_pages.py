"""The HTML pages over the Flask test client: what a judge sees on each page, and each page's JSON twin."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

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


def test_card_page_shows_targeting_apart_from_the_cost(client):
    found = client.get("/cards?name=Call+of+the+Haunted")
    assert found.status_code == 302
    page = view(client, urlsplit(found.headers["Location"]).path)
    visible = page.visible
    assert "target targeting 1 monster in your GY" in visible
    assert "cost targeting" not in visible  # choosing a target is not a cost


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
    page = view(client, "/chain?to=Pot+of+Greed&to_controller=A&to=tearlaments&card=Twin+Twisters", status=400)
    assert "Which card did you mean? Try again with:" in page.visible
    retry = [(href, text) for href, text in page.links if href.startswith("/chain?") and text.startswith("Tearlaments")]
    assert len(retry) >= 2  # the same chain with the candidate in link 2
    href, name = retry[0]
    assert parse_qs(urlsplit(href).query)["to"] == ["Pot of Greed", name]
    assert "Verdict:" in view(client, href).visible
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


# ------------------------------------------------------------------- chain checker: chains of any length


def _link_values(client, url: str) -> list[tuple[str, str]]:
    """The chain form's links as (card, controller) pairs, from the page's HTML."""
    html = client.get(url).get_data(as_text=True)
    rows = html.split('class="link-row"')[1:]
    values = []
    for row in rows:
        card = re.search(r'name="to" type="text" value="([^"]*)"', row).group(1)
        chosen = re.search(r'<option value="([AB])" selected>', row)
        values.append((card, chosen.group(1) if chosen else ""))
    return values


def test_chain_checker_three_links_with_controllers(client):
    url = ("/chain?to=Pot+of+Greed&to_controller=A&to=Mystical+Space+Typhoon&to_controller=B"
           "&to=Solemn+Judgment&to_controller=A&card=Twin+Twisters")
    page = view(client, url)
    visible = page.visible
    assert "Verdict: no" in visible  # Spell Speed 2 cannot respond to Spell Speed 3
    order = ["Chain Link 4 Twin Twisters", "Chain Link 3 · player A Solemn Judgment",
             "Chain Link 2 · player B Mystical Space Typhoon", "Chain Link 1 · player A Pot of Greed"]
    positions = [visible.index(text) for text in order]
    assert positions == sorted(positions)
    assert _link_values(client, url) == [("Pot of Greed", "A"), ("Mystical Space Typhoon", "B"),
                                         ("Solemn Judgment", "A")]
    twin = client.get(twin_of(page)).get_json()
    assert twin["question"]["to"][1] == {"card": "Mystical Space Typhoon", "controller": "B"}
    assert twin["answer"] == "no"


def test_chain_checker_add_and_remove_links_without_javascript(client):
    added = view(client, "/chain?to=Pot+of+Greed&to_controller=A&card=Twin+Twisters&add=1")
    assert "Verdict" not in added.visible  # editing the chain asks nothing
    assert "This page as JSON" not in added.visible
    assert _link_values(client, "/chain?to=Pot+of+Greed&to_controller=A&card=Twin+Twisters&add=1") == \
        [("Pot of Greed", "A"), ("", "B")]  # the new link: the other player
    removed = _link_values(client, "/chain?to=Pot+of+Greed&to=Dark+Hole&to=Raigeki&to_controller=A"
                                   "&to_controller=&to_controller=B&remove=2")
    assert removed == [("Pot of Greed", "A"), ("Raigeki", "B")]
    assert _link_values(client, "/chain?to=Pot+of+Greed&remove=1") == [("", "")]  # never no field at all
    blank_links = view(client, "/chain?to=Pot+of+Greed&to=&to=&card=Twin+Twisters")  # blank links are skipped
    assert "Verdict: yes" in blank_links.visible


def test_chain_route_reads_link_controllers(client):
    body = client.get("/api/v1/chain?card=Twin+Twisters&to=Pot+of+Greed&to_controller=A"
                      "&to=Mystical+Space+Typhoon&to_controller=").get_json()
    assert body["question"]["to"] == [{"card": "Pot of Greed", "controller": "A"}, "Mystical Space Typhoon"]
    too_many = client.get("/api/v1/chain?card=Twin+Twisters&to=Pot+of+Greed&to_controller=A&to_controller=B")
    assert too_many.status_code == 400 and "to_controller" in too_many.get_json()["details"]
    bad = client.get("/api/v1/chain?card=Twin+Twisters&to=Pot+of+Greed&to_controller=C")
    assert bad.status_code == 400 and "'to_controller' must be one of A, B" in bad.get_json()["details"]
    page = view(client, "/chain?card=Twin+Twisters&to=Pot+of+Greed&to_controller=C", status=400)
    assert "to_controller" in page.visible


# ------------------------------------------------------------------ ask page: the answer's new fields

FULL_ANSWER = {
    "answer": "unknown",
    "parsed": {"ask": "chain", "card": "Effect Veiler", "to": "Mystical Space Typhoon"},
    "understood": "Can Effect Veiler (B, from the hand) be activated as Chain Link 2 in response to "
                  "Mystical Space Typhoon (A)?",
    "unused_words": ["please", "quickly"],
    "quote": {"id": "community:7.8.1", "text": "A Spell Speed 1 effect cannot be chained to."},
    "explanation": "The engine could not decide.",
    "steps": [{"check": "spell speed", "result": "pass", "detail": "Spell Speed 2 may respond to Spell Speed 2",
               "cites": ["community:7.8.1", "md:spell-speed"],
               "quote": {"id": "md:spell-speed", "text": "Spell Speed 2 can respond to Spell Speed 2."}}],
    "replay": [{"text": "A activates Mystical Space Typhoon (Chain Link 1)"},
               {"text": "B activates Effect Veiler (Chain Link 2)"}],
    "assumed": ["Effect Veiler is in the hand"],
    "rulings": ["goat:321", "goat:648"],
    "ruling_details": [{"id": "goat:321", "excerpt": "Effect Veiler can be chained to a Spell.",
                        "source": "goat", "date": "2019-04-01", "url": "javascript:alert(1)"}],
}


def _fake_answer(monkeypatch, answer):
    from webapp import pages
    monkeypatch.setattr(pages.engine, "ask", lambda *args, **kwargs: answer)


def test_ask_page_shows_how_it_understood_and_what_decides(client, monkeypatch):
    _fake_answer(monkeypatch, FULL_ANSWER)
    response = client.get("/ask?q=please+can+veiler+quickly+chain+to+mst")
    html = response.get_data(as_text=True)
    page = view(client, "/ask?q=please+can+veiler+quickly+chain+to+mst")
    visible = page.visible
    assert "Understood as: " + FULL_ANSWER["understood"] in visible
    assert "Words not used: please quickly" in visible
    assert "The rulebook sentence most likely to decide it: A Spell Speed 1 effect cannot be chained to." in visible
    assert ("/sections/community:7.8.1", "community:7.8.1") in page.links
    assert "Spell Speed 2 can respond to Spell Speed 2. md:spell-speed" in visible  # the step's quote inline
    assert ("/sections/md:spell-speed", "md:spell-speed") in page.links
    assert "What the simulator did" in visible and "B activates Effect Veiler (Chain Link 2)" in visible
    assert "goat:321 goat 2019-04-01 Effect Veiler can be chained to a Spell." in visible
    assert "/rulings/goat:648" in page.hrefs("/rulings/")  # an id without details still links
    assert "javascript:" not in html  # only http(s) links are made from data
    assert '"ask"' not in visible and "{" not in visible  # never raw JSON


def test_ask_page_before_the_new_fields(client, monkeypatch):
    answer = {"answer": "yes", "parsed": {"ask": "chain", "card": "Twin Twisters",
                                          "to": [{"card": "Pot of Greed", "controller": "A"}], "phase": "main1"},
              "explanation": "yes", "steps": [{"check": "spell speed", "result": "pass", "detail": "",
                                               "cites": ["community:7.8.1"]}],
              "rulings": ["goat:321"]}
    _fake_answer(monkeypatch, answer)
    page = view(client, "/ask?q=can+twin+twisters+chain+to+pot+of+greed")
    assert ("Understood as: Can Twin Twisters be activated as Chain Link 2 in response to Pot of Greed (A) "
            "during Main Phase 1?") in page.visible
    assert "Words not used" not in page.visible and "most likely to decide" not in page.visible
    assert "/rulings/goat:321" in page.hrefs("/rulings/")
    assert "{" not in page.visible


def test_ask_page_ambiguous_name_reasks_with_each_candidate(client):
    # a quoted name is taken as written: one fitting several cards is an ambiguous error
    page = view(client, "/ask?q=Can+%22tearlaments%22+chain+to+Pot+of+Greed%3F", status=400)
    reasks = [(href, text) for href, text in page.links if href.startswith("/ask?q=")
              and text.startswith("Tearlaments ")]
    assert len(reasks) >= 2
    href, name = reasks[0]
    answered = client.get(href)
    assert answered.status_code == 200
    assert f'value="Can &#34;{name}&#34; chain to Pot of Greed?"' in answered.get_data(as_text=True)
    assert "Answer:" in view(client, href).visible


def test_ask_page_reask_links_from_an_error(monkeypatch, client):
    from kb.errors import AmbiguousError, NotFoundError
    from webapp import pages

    def ambiguous(*args, **kwargs):
        raise AmbiguousError("'blue eyes' matches 3 cards", ["Blue-Eyes White Dragon", "Blue-Eyes Alternative"])

    monkeypatch.setattr(pages.engine, "ask", ambiguous)
    page = view(client, "/ask?q=Can+Blue+Eyes+attack+twice%3F", status=400)
    asked = {text: parse_qs(urlsplit(href).query)["q"] for href, text in page.links if href.startswith("/ask?q=")}
    assert asked["Blue-Eyes White Dragon"] == ["Can Blue-Eyes White Dragon attack twice?"]
    assert "Which card did you mean?" in page.visible

    def missing(*args, **kwargs):
        raise NotFoundError("no card is named 'zzz'", ["Pot of Greed"])

    monkeypatch.setattr(pages.engine, "ask", missing)
    page = view(client, "/ask?q=what+about+yyy", status=404)  # the name is not in the question: card links
    assert "/cards?name=Pot+of+Greed" in page.hrefs("/cards")


def test_describe_question_covers_each_kind():
    from webapp.questions import describe_question

    assert describe_question({"ask": "activate", "card": "Forbidden Chalice", "phase": "battle", "turn": "B",
                              "step": "damage"}) == \
        "Can Forbidden Chalice be activated during B's Battle Phase, damage step?"
    assert describe_question({"ask": "segoc", "triggers": [{"card": "Sangan", "controller": "B"}, "Peten"]}) \
        == "In what order do the effects of Sangan (B), Peten form a chain?"
    assert describe_question({"ask": "negate", "card": {"class": {"type": "trap", "property": "counter"}},
                              "summon": {"card": "Blue-Eyes White Dragon", "how": "normal"}}) == \
        "Can a counter trap be activated to negate the Summon of Blue-Eyes White Dragon?"
    assert describe_question({"ask": "chain", "card": "Ash Blossom & Joyous Spring", "controller": "B",
                              "to": ["Pot of Greed", "Raigeki"]}) == \
        "Can Ash Blossom & Joyous Spring (B) be activated as Chain Link 3 in response to Raigeki?"
    assert describe_question({"ask": "timing", "card": "Sangan", "event": "sent_to_gy"}) == \
        "Does the effect of Sangan activate after it was sent to gy?"
