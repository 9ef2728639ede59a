"""The "Play it" sections of the variant pages, in a real browser.

Each Oh Hell-family page and the Humbug page ends with a demo in two forms:

* a **snapshot**: a play demo run when the book was built, whose saved widget state the widget
  manager (vendored ``@jupyter-widgets/html-manager``) draws with no kernel.  The manager (3.6 MB)
  is loaded only when the demo comes near the screen, so the page stays light for a reader of
  the rules; it must then draw the cards with no failed request (its icon fonts included);
* the same demo **live** in the page (the live table: Pyodide in the browser, no server, no
  JupyterLab), started only when the reader presses "Play it live".  With other hosts
  unresolvable, the demo must start, show its progress, become playable, and no request may
  have tried to leave the machine.

Screenshots of the sections go to ``_build/screenshots/demo-*.png``, the weights of a demo page
(on load, with the snapshot drawn, with the live demo running) to ``demo-weights.json``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from shots import record
from test_live_table import PLAY_TABLE, to_the_page

pytestmark = pytest.mark.browser

DEMO_PAGES = {
    "oh-well": "book/oh-hell/oh-well.html",
    "contract-whist": "book/oh-hell/contract-whist.html",
    "up-and-down-the-river": "book/oh-hell/up-and-down-the-river.html",
    "oh-pshaw": "book/oh-hell/oh-pshaw.html",
    "british-oh-hell": "book/oh-hell/british-oh-hell.html",
    "oh-hell": "book/oh-hell/oh-hell.html",
    "humbug": "book/humbug.html",
    "five-hundred": "book/five-hundred/four-hand.html",
    "five-hundred-2": "book/five-hundred/two-hand.html",
    "five-hundred-3": "book/five-hundred/three-hand.html",
    "five-hundred-5": "book/five-hundred/five-hand.html",
    "five-hundred-6": "book/five-hundred/six-hand.html",
    "five-hundred-quebec": "book/five-hundred/quebec.html",
}
SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
LIMIT = 2_000_000
#: How long Pyodide may take to start and install the wheels on a slow CI machine.
LIVE_TIMEOUT = 150_000


class Watch:
    """Every request a page makes: failures, bytes, and any that tried to leave 127.0.0.1.

    Other hosts do not resolve (``--host-resolver-rules`` in conftest.py: no routing, so the
    HTTP cache works as a reader's does); any request for one is recorded.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.requests: list[Any] = []
        page.context.on("request", self._request)
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", self._response)
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _request(self, request: Any) -> None:
        self.requests.append(request)
        url = request.url
        if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)
        elif message.type == "warning":
            self.warnings.append(message.text)

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")

    def transferred(self) -> int:
        total = 0
        for request in self.requests:
            if request.url.startswith(("data:", "blob:")):
                continue
            try:
                sizes = request.sizes()
            except Exception:  # a request still open or aborted has no sizes
                continue
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total

    def largest(self, count: int = 5) -> list[str]:
        """The largest responses so far (for failure messages)."""
        sized = []
        for request in self.requests:
            try:
                sizes = request.sizes()
            except Exception:
                continue
            sized.append((sizes["responseBodySize"], request.url))
        return [f"{size:,} {url}" for size, url in sorted(sized, reverse=True)[:count]]

    def urls(self) -> list[str]:
        return [r.url for r in self.requests]



def section_shot(page: Any, locator: Any, path: Path) -> None:
    """A screenshot of one part of the page (the full page, cropped)."""
    from PIL import Image

    page.evaluate("window.scrollTo(0, 0)")
    box = page.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; }",
        locator.element_handle(),
    )
    full = path.with_suffix(".full.png")
    page.screenshot(path=str(full), full_page=True)
    with Image.open(full) as image:
        top = max(0, int(box["y"]) - 10)
        image.crop((0, top, image.width, min(image.height, int(box["y"] + box["h"]) + 10))).save(
            path
        )
    full.unlink()


def record_weight(screenshots: Path, key: str, value: int) -> None:
    record(screenshots / "demo-weights.json", key, value)


@pytest.mark.parametrize("variant", list(DEMO_PAGES))
def test_snapshot_shows_the_demo(page: Any, site_url: str, screenshots: Path,
                                 axe_source: str, variant: str) -> None:
    watch = Watch(page)
    page.goto(site_url + DEMO_PAGES[variant], wait_until="networkidle")
    loaded = watch.transferred()
    urls = watch.urls()
    assert not any("/lite/" in u for u in urls), "JupyterLite loaded before it was asked for"
    assert not any(u.split("?")[0].endswith("embed-amd.js") for u in urls), (
        "the widget manager loaded before the demo came near the screen"
    )
    assert loaded < LIMIT, (
        f"{variant}: {loaded:,} bytes before the demo is reached: {watch.largest()}"
    )

    section = page.locator("section#play-it")
    section.scroll_into_view_if_needed()
    snapshot = section.locator(".tt-widget-snapshot .widget-subarea")
    snapshot.get_by_role("button", name="Hint").wait_for(timeout=60_000)
    page.wait_for_load_state("networkidle")

    # The saved state drew the demo: its title with the deal code, the cards and the controls.
    code = re.escape(variant)
    assert re.search(rf"deal code {code}-\d+-\d+", snapshot.inner_text())
    # The reader's hand: card faces, each a button named in words (its tooltip says which card).
    cards = snapshot.locator(".tt-card-button")
    assert cards.count() >= 5, f"{variant}: the snapshot shows too few cards"
    assert re.search(r"(ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)|joker",
                     cards.first.get_attribute("title") or "")
    assert snapshot.locator(".tt-felt").count() == 1  # the seats around the table
    assert snapshot.get_by_role("button", name="Hint").count() == 1
    if variant == "humbug":  # both hands open, played at once
        assert snapshot.locator("button[title^='Play the']").count() >= 1
    elif variant.startswith("five-hundred"):  # the auction: legal calls are buttons
        assert snapshot.get_by_text("Your call").count() == 1
    else:  # the reader bids first: bids are buttons
        assert snapshot.get_by_text("Your bid").count() == 1
    # ... with no failed request (the icon fonts are where the manager asks) and no error.
    assert not watch.failed, f"{variant}: failed requests: {watch.failed}"
    assert not watch.foreign, f"{variant}: requests to other hosts: {watch.foreign}"
    assert not watch.errors, f"{variant}: console errors: {watch.errors}"
    # Near the screen, the live table's runtime (Pyodide and the wheels) starts; never JupyterLab.
    assert not any("/lite/" in u and "/lite/static/pyodide/" not in u and "/lite/pypi/" not in u
                   for u in watch.urls()), "JupyterLab loaded with the snapshot"

    # The drawn demo is accessible too (axe-core, serious and critical only).
    page.add_script_tag(content=axe_source)
    violations = page.evaluate(
        "async () => (await axe.run('section#play-it', {resultTypes: ['violations']}))"
        ".violations.filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    assert not violations, f"{variant}: {json.dumps(violations, indent=1)}"

    # The live demo is a keyboard-operable button, and says what needs a connection.
    live = section.get_by_role("button", name="Play it live")
    assert live.count() == 1
    assert section.get_by_text("Only plots do").count() == 1
    section_shot(page, section, screenshots / f"demo-{variant}-snapshot.png")
    record_weight(screenshots, f"{DEMO_PAGES[variant]} on load", loaded)
    record_weight(screenshots, f"{DEMO_PAGES[variant]} with the snapshot", watch.transferred())


def _hand(demo: Any) -> list[str]:
    """The reader's cards, the buttons of the hand, by their names (the text each face carries
    for screen readers)."""
    labels: list[str] = demo.locator(".tt-hand .tt-card-button").evaluate_all(
        "cards => cards.map(c => c.textContent.trim())"
    )
    return labels


#: One page of each family boots its live table here (about 10 s each); every page's table is
#: checked without a browser by test_every_live_table_starts_its_demo.
LIVE_PAGES = ["oh-hell", "humbug", "five-hundred-3"]


def live_tables(path: str) -> list[dict[str, str]]:
    """The live tables of a built page: their root elements' attributes."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup((SITE / path).read_text(encoding="utf-8"), "html.parser")
    return [{k: str(v) for k, v in tag.attrs.items()}
            for tag in soup.select("div.tt-live-table")]


@pytest.mark.parametrize("variant", list(DEMO_PAGES))
def test_every_live_table_starts_its_demo(variant: str) -> None:
    """Each page has one live table, idle, whose demo (built here in CPython through the same
    bridge) deals this page's game, and whose wheels are in the site."""
    import trickcore.widgets.page_runner as bridge

    (table,) = [t for t in live_tables(DEMO_PAGES[variant])
                if t["data-live-demo"] in ("play_demo", "bid_demo")]
    assert table["data-live-state"] == "idle"
    lite = (SITE / DEMO_PAGES[variant]).parent / table["data-live-lite"]
    for wheel in json.loads(table["data-live-wheels"]):
        assert (lite / "pypi" / wheel).is_file(), wheel
    assert (lite / "static" / "pyodide" / "pyodide.mjs").is_file()
    sent: list[tuple[str, dict[str, Any]]] = []
    bridge.install(lambda kind, text, buffers: sent.append((kind, json.loads(text))))
    try:
        model_id = bridge.start(table["data-live-demo"], table["data-live-args"])
    finally:
        bridge.uninstall()
    titles = [m["data"].get("state", {}).get("value", "") for _, m in sent]
    code = rf"deal code (<code[^>]*>)?{re.escape(variant)}-\d+-\d+"
    assert any(re.search(code, str(title)) for title in titles), variant
    assert any(m["comm_id"] == model_id for _, m in sent)


@pytest.mark.parametrize("variant", LIVE_PAGES)
def test_live_table_plays_offline(page: Any, site_url: str, screenshots: Path,
                                  variant: str) -> None:
    """The demo alone, in the page: no JupyterLab, a progress bar, then a table that plays."""
    watch = Watch(page)
    page.goto(site_url + DEMO_PAGES[variant], wait_until="networkidle")
    section = page.locator("section#play-it")
    live = page.locator(PLAY_TABLE)  # in table mode it leaves its section for the window
    assert live.get_attribute("data-live-state") == "idle"
    notebook = live.get_by_role("link", name="Open as a notebook")
    assert "lite/repl/index.html?kernel=python" in (notebook.get_attribute("href") or "")
    button = live.get_by_role("button", name="Play it live")
    button.scroll_into_view_if_needed()
    started = time.monotonic()
    button.press("Enter")  # the keyboard starts it
    assert live.get_attribute("data-live-state") == "starting"
    assert live.locator("progress").is_visible()
    assert live.get_by_role("status").inner_text().strip()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    boot = time.monotonic() - started
    to_the_page(page)
    demo = live.locator(".tt-live-area")
    assert not live.locator("progress").is_visible()

    # The same demo as the snapshot's: its title names a deal of this page's game.
    title = demo.locator("h3").first.inner_text()
    assert re.search(rf"deal code {re.escape(variant)}-\d+-\d+", title), title
    # ... playable at once: the first enabled control (a bid, a call or a card) acts.
    before = demo.inner_text()
    demo.locator(".widget-button:not([disabled])").first.click()
    page.wait_for_function(
        "([e, before]) => e.innerText !== before", arg=[demo.element_handle(), before],
        timeout=30_000)

    section_shot(page, section, screenshots / f"demo-{variant}-live.png")
    record_weight(screenshots, f"{DEMO_PAGES[variant]} with the live demo", watch.transferred())
    record_weight(screenshots, f"{variant} live demo start (ms)", int(boot * 1000))
    urls = watch.urls()
    assert not any("/lite/" in u and "/lite/static/pyodide/" not in u and "/lite/pypi/" not in u
                   for u in urls), "JupyterLab was loaded"
    assert not watch.foreign, f"requests tried to leave 127.0.0.1: {watch.foreign}"
    assert not watch.failed, f"failed requests: {watch.failed}"
    assert not watch.errors, f"console errors: {watch.errors}"
    assert not watch.warnings, f"console warnings: {watch.warnings}"


def test_live_table_plays_a_code(page: Any, site_url: str) -> None:
    """In the live table a pasted deal code deals that deal, and the bots answer a bid."""
    page.goto(site_url + DEMO_PAGES["oh-hell"], wait_until="load")
    live = page.locator(PLAY_TABLE)
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    to_the_page(page)
    demo = live.locator(".tt-live-area")
    assert re.search(r"deal code oh-hell-4-2718-4\b", demo.locator("h3").first.inner_text())
    before = _hand(demo)
    assert len(before) == 7, before
    demo.get_by_placeholder("e.g. oh-hell-4-2718-4").fill("oh-hell-4-99-4")
    demo.get_by_role("button", name="Play this code").click()
    demo.locator("h3", has_text="oh-hell-4-99-4").wait_for(timeout=30_000)
    after = _hand(demo)
    assert len(after) == 7, after
    assert after != before, (before, after)
    bids = demo.locator(".widget-button:not([disabled])").filter(has_text=re.compile(r"^\d+$"))
    bids.first.click()
    demo.get_by_text("Your turn to play").or_(demo.get_by_text("On the table")).first.wait_for(
        timeout=30_000
    )
