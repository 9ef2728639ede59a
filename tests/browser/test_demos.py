"""The "Play it" sections of the variant pages, in a real browser.

Each Oh Hell-family page and the Humbug page ends with a demo in two forms:

* a **snapshot**: a play demo run when the book was built, whose saved widget state the widget
  manager (vendored ``@jupyter-widgets/html-manager``) draws with no kernel.  The manager (3.6 MB)
  is loaded only when the demo comes near the screen, so the page stays light for a reader of
  the rules; it must then draw the cards with no failed request (its icon fonts included);
* the same demo **live** in JupyterLite (Pyodide in the browser, no server), loaded into the
  page only when the reader presses "Play it live".  With every request that does not go to
  127.0.0.1 aborted, the demo must start, a click must deal a new hand, and no request may
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
LIMIT = 2_000_000
#: JupyterLite's REPL logs this while it starts (a plugin it does not use needs the notebook
#: tracker, which the REPL app lacks); it changes nothing.
LITE_NOISE = ("Plugin '@jupyterlab/codemirror-extension:commands' failed to activate",)
#: How long Pyodide may take to start and install the wheels on a slow CI machine.
LIVE_TIMEOUT = 150_000


class Watch:
    """Every request a page makes: failures, bytes, and any that tried to leave 127.0.0.1.

    Requests for other hosts are aborted (the test machine has no network anyway: this makes
    "no network" explicit and fast) and recorded.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.requests: list[Any] = []
        page.context.route("**/*", self._route)
        page.on("request", lambda r: self.requests.append(r))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", self._response)
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route: Any) -> None:
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

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

    def real_errors(self) -> list[str]:
        return [e for e in self.errors if not e.startswith(LITE_NOISE)]


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
    record = screenshots / "demo-weights.json"
    weights = json.loads(record.read_text()) if record.exists() else {}
    weights[key] = value
    record.write_text(json.dumps(weights, indent=1, sort_keys=True))


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
    snapshot.locator(".widget-button").first.wait_for(timeout=60_000)
    page.wait_for_load_state("networkidle")

    # The saved state drew the demo: its title with the deal code, the cards and the controls.
    code = re.escape(variant)
    assert re.search(rf"deal code {code}-\d+-\d+", snapshot.inner_text())
    cards = snapshot.locator(".tc-card[aria-label]")
    assert cards.count() >= 5, f"{variant}: the snapshot shows too few cards"
    assert re.fullmatch(r"(ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)|joker"
                        r"|second joker", cards.first.get_attribute("aria-label") or "")
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
    assert not any("/lite/" in u for u in watch.urls()), "JupyterLite loaded with the snapshot"

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


def _hand(frame: Any) -> list[str]:
    """The reader's cards as drawn on the table, by their spoken names."""
    row = frame.locator(".tc-row:has-text('(you')").first
    labels: list[str] = row.locator(".tc-card[aria-label]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    return labels


@pytest.mark.parametrize("variant", ["oh-hell"])
def test_live_demo_runs_offline(page: Any, site_url: str, screenshots: Path,
                                variant: str) -> None:
    watch = Watch(page)
    page.goto(site_url + DEMO_PAGES[variant], wait_until="networkidle")
    section = page.locator("section#play-it")
    section.scroll_into_view_if_needed()
    started = time.monotonic()
    section.get_by_role("button", name="Play it live").press("Enter")  # the keyboard works
    frame = page.frame_locator("section#play-it iframe")
    demo = frame.locator(".jupyter-widgets.widget-vbox").filter(
        has=frame.locator("h3", has_text="deal code")
    ).first
    demo.locator(".widget-button").first.wait_for(timeout=LIVE_TIMEOUT)
    boot = time.monotonic() - started
    title = demo.locator("h3").first.inner_text()
    assert re.search(r"deal code oh-hell-4-2718-4\b", title), title
    before = _hand(demo)
    assert len(before) == 7, before

    # A click deals a new hand: paste a deal code and press "Play this code".
    demo.get_by_placeholder("e.g. oh-hell-4-2718-3").fill("oh-hell-4-99-4")
    demo.get_by_role("button", name="Play this code").click()
    demo.locator("h3", has_text="oh-hell-4-99-4").wait_for(timeout=30_000)
    after = _hand(demo)
    assert len(after) == 7, after
    assert after != before, (before, after)

    # The demo plays: bid what the rules allow, and the bots answer.
    bids = demo.locator(".widget-button:not([disabled])").filter(has_text=re.compile(r"^\d+$"))
    bids.first.click()
    demo.get_by_text("Your turn to play").or_(demo.get_by_text("On the table")).first.wait_for(
        timeout=30_000
    )

    section_shot(page, section, screenshots / f"demo-{variant}-live.png")
    record_weight(screenshots, f"{DEMO_PAGES[variant]} with the live demo", watch.transferred())
    record_weight(screenshots, "live demo start (ms)", int(boot * 1000))
    assert not watch.foreign, f"requests tried to leave 127.0.0.1: {watch.foreign}"
    assert not watch.failed, f"failed requests: {watch.failed}"
    assert not watch.real_errors(), f"console errors: {watch.real_errors()}"
