"""A clean console on every page of the built site, static and live.

* Every HTML file of ``_build/html`` outside ``lite/`` and ``fr/lite/`` (JupyterLite's own
  application, in each language's edition) is
  visited in one browser profile, as a reader goes from page to page: loaded, then scrolled to
  the bottom a screen at a time so that everything drawn on approach is drawn (the demo
  snapshots' widget manager, MathJax, the live demos' runtime, which starts when a demo comes
  near the screen, is waited for until its demo is built).  Any console error or warning, or
  uncaught page error, fails the test, with the page and the message.
* One live demo of each family (Oh Hell, Humbug, Five Hundred) is started and played a move;
  the console must stay clean from the page's load until after that move.

Nothing is filtered: every message the browser reports counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
#: How long a live runtime may take to boot on a slow, shared machine.
LIVE_TIMEOUT = 150_000
LIVE_PAGES = {"oh-hell": "book/oh-hell/oh-hell.html", "humbug": "book/humbug.html",
              "five-hundred": "book/five-hundred/four-hand.html"}


def site_pages() -> list[str]:
    """Every HTML file of the built site but JupyterLite's (``lite/``, and ``fr/lite/`` in the
    French edition), relative to its root."""
    if not SITE.is_dir():
        return []
    return sorted(str(p.relative_to(SITE)) for p in SITE.rglob("*.html")
                  if "lite" not in p.relative_to(SITE).parts[:2])


class Console:
    """Every console error or warning and every uncaught error of a page, by page address."""

    def __init__(self, page: Any) -> None:
        self.messages: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.messages.append(
            f"{page.url}: uncaught {error}"))
        self.page = page

    def _console(self, message: Any) -> None:
        if message.type in ("error", "warning"):
            where = message.location.get("url", "") if message.location else ""
            self.messages.append(f"{self.page.url}: {message.type}: {message.text} ({where})")


@pytest.fixture(scope="module")
def profile(browser: Any) -> Iterator[Any]:
    """One browser context for the whole visit (its cache shared, as a reader's is)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context
    finally:
        context.close()


def scroll_through(page: Any) -> None:
    """Scroll to the bottom a screen at a time, letting what loads on approach load."""
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, int(height) + 900, 700):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(60)
    page.wait_for_load_state("networkidle")
    # A live demo near the screen starts its runtime: wait until its demo is built (or failed).
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tt-live-table[data-live-early]')]"
        ".every(e => e.getAttribute('data-live-early') !== 'starting')",
        timeout=LIVE_TIMEOUT)
    failed = page.eval_on_selector_all(
        ".tt-live-table[data-live-early='failed']",
        "roots => roots.map(r => r.getAttribute('data-live-demo'))")
    assert not failed, f"{page.url}: live demos failed to get ready: {failed}"


def test_site_pages_were_found() -> None:
    pages = site_pages()
    if not pages:
        pytest.skip("the book is not built (no _build/html): run `make book` first")
    assert "index.html" in pages
    assert len(pages) > 20, pages


@pytest.mark.parametrize("path", site_pages())
def test_page_console_is_clean(profile: Any, site_url: str, path: str) -> None:
    page = profile.new_page()
    console = Console(page)
    try:
        page.goto(site_url + path, wait_until="networkidle")
        scroll_through(page)
        page.wait_for_timeout(200)
    finally:
        page.close()
    assert not console.messages, "\n".join(console.messages)


@pytest.mark.parametrize("family", list(LIVE_PAGES))
def test_live_demo_console_is_clean(page: Any, site_url: str, family: str) -> None:
    console = Console(page)
    page.goto(site_url + LIVE_PAGES[family], wait_until="networkidle")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']").first
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    area = live.locator(".tt-live-area")
    before = area.inner_text()
    area.locator(".tt-actions button:not([disabled]):not(.tt-unplayable)").first.click()  # a bid, call or card
    page.wait_for_function("([e, before]) => e.innerText !== before",
                           arg=[area.element_handle(), before], timeout=30_000)
    page.wait_for_timeout(500)
    assert not console.messages, "\n".join(console.messages)
