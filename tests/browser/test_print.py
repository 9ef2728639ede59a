"""Printing a page: a clean page, as a printer sees it.

With Chromium's print media (``page.emulate_media(media="print")``), on a game page with three
demo snapshots and three live demos, and on a numbers page with figures, a live demo and class
questions:

* nothing to click is printed: no button, field, menu, live demo or code-cell bar ("Show code
  cell source"), and none of the page's chrome (header, sidebars, footer);
* every demo snapshot is printed in full (its printable copy, made when the book was built),
  never "Loading…";
* every card face printed names its suit with a symbol, so the page reads in black and white.

Screenshots (the whole printed page): ``_build/screenshots/print-<page>.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGES = ["book/humbug.html", "book/numbers/hook-and-seats.html"]

#: What the printed page draws: controls and chrome, snapshots, card faces, loading messages.
PRINTED = """() => {
  const drawn = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const name = (e) => e.tagName + '.' + String(e.className).trim().replace(/\\s+/g, '.');
  const controls = [...document.querySelectorAll(
      'button, input, select, textarea, .tt-live, .tt-live-table, details.above-input, ' +
      'details.below-input, .bd-header, .bd-sidebar-primary, .bd-sidebar-secondary, ' +
      '.bd-footer, .prev-next-area, .widget-subarea')]
    .filter(drawn).map(name);
  // A snapshot drawn when the book was built (its output marked tt-widget-snapshot), or one
  // the widget manager draws from the saved view; each has its printable copy beside it.
  const outputs = new Set([...document.querySelectorAll('.tt-widget-snapshot')]);
  document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')
    .forEach((view) => outputs.add(view.parentElement));
  const snapshots = [...outputs].map((output) => {
    const copy = output.querySelector('.tt-print-static');
    return copy && drawn(copy) ? copy.textContent.trim().length : -1;
  });
  const faces = [...document.querySelectorAll('.tc-card:not(.tc-back)')].filter(drawn)
    .map((e) => e.textContent.trim());
  const after = [...document.querySelectorAll('.tt-widget-snapshot')]
    .map((e) => getComputedStyle(e, '::after').content);
  return {controls: controls.slice(0, 12), snapshots, faces, after,
          loading: document.body.innerText.includes('Loading')};
}"""

SUIT = ("♠", "♥", "♦", "♣")


def check_printed(page: Any) -> dict[str, Any]:
    seen: dict[str, Any] = page.evaluate(PRINTED)
    assert seen["controls"] == [], f"printed: {seen['controls']}"
    assert not seen["loading"], "the printed page says 'Loading'"
    assert all(content in ("none", "normal") for content in seen["after"]), seen["after"]
    assert seen["snapshots"], "the page has no demo snapshot"
    assert min(seen["snapshots"]) > 0, f"a snapshot is not printed: {seen['snapshots']}"
    unnamed = [face for face in seen["faces"]
               if not any(suit in face for suit in SUIT) and "Jkr" not in face]
    assert unnamed == [], f"card faces without a suit symbol: {unnamed[:5]}"
    return seen


@pytest.mark.parametrize("path", PAGES)
def test_printed_page_is_clean(browser: Any, site_url: str, screenshots: Path, path: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 1400})
    page = context.new_page()
    try:
        page.goto(site_url + path, wait_until="load")
        # Printed at once: the snapshots below the first screen have not been drawn.
        page.emulate_media(media="print")
        page.wait_for_function("document.querySelectorAll('.tt-print-static').length > 0")
        seen = check_printed(page)
        if "humbug" in path:
            assert len(seen["snapshots"]) == 3
            assert len(seen["faces"]) >= 52, "the hands of the deal are not all printed"
        name = path.rsplit("/", 1)[-1].removesuffix(".html")
        page.screenshot(path=str(screenshots / f"print-{name}.png"), full_page=True)
    finally:
        context.close()


def test_printed_after_the_snapshots_are_drawn(browser: Any, site_url: str) -> None:
    """A reader who scrolled through the page to the demo (its snapshot on the screen, with its
    buttons) and then prints gets the same clean copy: the drawn demo is not printed."""
    context = browser.new_context(viewport={"width": 1100, "height": 1400})
    page = context.new_page()
    try:
        page.goto(site_url + PAGES[0], wait_until="load")
        page.locator("section#play-it").scroll_into_view_if_needed()
        page.locator(".tt-widget-snapshot .widget-subarea button:visible").first.wait_for(
            timeout=60_000)
        page.emulate_media(media="print")
        check_printed(page)
    finally:
        context.close()
