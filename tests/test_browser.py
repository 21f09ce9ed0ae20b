"""A real browser through the site: search -> section -> card -> chain checker, asserting what a person sees.

The server is the real one (``kb serve``, gunicorn) on a free loopback port; the browser is Debian's
chromium driven by Playwright (never a downloaded browser).  Any console error (a script failure, or a
Content Security Policy violation) fails the test.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
START_TIMEOUT = 90  # seconds for gunicorn to load the graph and answer


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(full_kb):
    """``kb serve`` on the complete knowledge base: its base URL (stopped after the module)."""
    port = _free_port()
    kb_bin = Path(sys.executable).with_name("kb")
    process = subprocess.Popen([str(kb_bin), "--kb", str(full_kb), "serve", "--port", str(port),
                                "--workers", "1", "--no-access-log"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            try:
                with urllib.request.urlopen(base + "/api/v1/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    output = process.stdout.read().decode(errors="replace") if process.poll() is not None else ""
                    pytest.fail(f"kb serve did not start: {output[-2000:]}")
                time.sleep(0.3)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM.exists(), "Debian's chromium is needed: apt-get install chromium (./go test does it)"
    with playwright.sync_playwright() as driver:
        instance = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.console_errors = errors
    yield page
    context.close()
    assert not errors, errors


def test_search_section_card_chain(server, page):
    expect = playwright.expect
    # home: the search box, with examples
    page.goto(server + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("rulings")
    page.get_by_label("Search the rulebooks, cards and rulings").fill('"Pot of Greed" kind:section')
    page.get_by_role("button", name="Search").first.click()

    # search results: snippets with highlighted words, a section result to open
    expect(page.locator(".summary")).to_contain_text(re.compile(r"\d+ results? for"))
    expect(page.locator(".results mark").first).to_be_visible()
    first_section = page.locator(".results .kind-section a").first
    section_title = first_section.inner_text()
    first_section.click()

    # the section: its title, breadcrumbs back to the book, and the cards it mentions
    expect(page.get_by_role("heading", level=1)).to_contain_text(section_title)
    expect(page.get_by_role("navigation", name="Breadcrumbs")).to_contain_text("Rulebooks")
    expect(page.get_by_role("heading", name="Cards mentioned")).to_be_visible()
    page.locator(".card-link", has_text=re.compile(r"^Pot of Greed$")).first.click()

    # the card: text, limit status, rulings with source and date, the drawn neighbourhood
    expect(page.get_by_role("heading", level=1)).to_have_text("Pot of Greed")
    expect(page.locator(".card-text")).to_contain_text("Draw 2 cards.")
    expect(page.locator(".limits")).to_contain_text("TCG:")
    expect(page.get_by_role("heading", name=re.compile(r"Rulings \(\d+\)"))).to_be_visible()
    expect(page.locator(".ruling .region").first).to_be_visible()
    graph = page.locator("svg.neighbourhood")
    expect(graph).to_be_visible()
    assert graph.locator("circle").count() >= 5
    assert graph.bounding_box()["width"] > 300
    page.get_by_role("link", name=re.compile("Open the chain checker")).click()

    # the chain checker: the card already on the chain is filled in; autocomplete offers the other
    expect(page.get_by_label("Chain Link 1 (the card already activated)")).to_have_value("Pot of Greed")
    response_box = page.get_by_label("Card to activate in response")
    response_box.press_sequentially("Twin Twis", delay=30)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#chain-card-list option')].some(o => o.value === 'Twin Twisters')",
        timeout=10000)
    response_box.fill("Twin Twisters")
    page.get_by_role("button", name="Check").click()

    # the verdict, the chain as a stack (link 2 on top of link 1) and the cited sections as links
    expect(page.locator(".verdict").first).to_have_text(re.compile("yes", re.IGNORECASE))
    links = page.locator(".chain-stack .chain-link")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_contain_text("Chain Link 2")
    expect(links.nth(0)).to_contain_text("Twin Twisters")
    expect(links.nth(1)).to_contain_text("Chain Link 1")
    expect(links.nth(1)).to_contain_text("Pot of Greed")
    top, bottom = links.nth(0).bounding_box(), links.nth(1).bounding_box()
    assert top["y"] + top["height"] <= bottom["y"]  # drawn as a stack, newest link on top
    expect(page.locator(".steps .step").first).to_contain_text("pass")
    cite = page.locator(".steps a.cite").first
    cited = cite.inner_text()
    cite.click()
    expect(page.locator("article.section code").first).to_have_text(cited)


def test_ask_box(server, page):
    expect = playwright.expect
    page.goto(server + "/")
    page.get_by_label("Or ask in plain words").fill("Can Mystical Space Typhoon chain to Pot of Greed?")
    page.get_by_role("button", name="Ask").click()
    expect(page.locator(".verdict").first).to_have_text(re.compile("yes", re.IGNORECASE))
    expect(page.locator(".verdict-box")).to_contain_text("Understood as")


def test_unknown_card_in_the_chain_checker_offers_candidates(server, page):
    expect = playwright.expect
    response = page.goto(server + "/chain?to=Pot+of+Greed&card=tearlaments")
    assert response.status == 400
    page.console_errors.remove("Failed to load resource: the server responded with a status of 400 (BAD REQUEST)")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("tearlaments")
    candidate = alert.get_by_role("link").first
    name = candidate.inner_text()
    candidate.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
