"""The projector view of the live demos.

* ``?projector=1`` at 1920x1080 and 1280x720: the page's first demo alone on a white stage as
  wide as the screen, nothing else of the page drawn (no sidebar, header or footer), black text
  on white, large text, and every card drawn as text at least a twentieth of the screen's width.
  Screenshots: ``_build/screenshots/projector-<width>x<height>.png``.  Escape puts the demo back
  in its section and the page as it was.
* The "Projector view" button on each demo of a page shows that demo; "Leave projector view"
  leaves, and the address says which demo is on the stage while it is.
* The live table started on the stage (a class link's deal): the reader's cards and the bids,
  then the trick, the prompt and the cards to play, all on the first screen at both sizes
  (the felt on the left, the prompt, bids and cards on the right), each card face at
  least a thirtieth of the screen wide.  Screenshots: ``projector-live-*.png`` (bidding) and
  ``projector-play-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "book/oh-hell/oh-hell.html"
LIVE_TIMEOUT = 150_000
SIZES = [(1920, 1080), (1280, 720)]

#: What the stage shows: the widths of its card faces, what is drawn outside it, its colours.
MEASURE = """() => {
  const stage = document.querySelector('.tt-projector-stage');
  const drawn = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const faces = [...stage.querySelectorAll('.tc-card:not(.tc-back)')].filter(drawn)
    .map((e) => e.getBoundingClientRect().width);
  const buttons = [...stage.querySelectorAll('.tt-actions button')].filter(drawn)
    .map((e) => e.getBoundingClientRect().width);
  const outside = [...document.body.querySelectorAll('*')]
    .filter((e) => !stage.contains(e) && drawn(e))
    .map((e) => e.tagName + '.' + e.className).slice(0, 10);
  const style = getComputedStyle(stage);
  const box = stage.getBoundingClientRect();
  return {faces, buttons, outside, width: box.width, left: box.left,
          font: parseFloat(style.fontSize), colour: style.color, background: style.backgroundColor,
          url: location.search};
}"""


def open_page(browser: Any, site_url: str, size: tuple[int, int], query: str = "") -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(site_url + PAGE + query, wait_until="load")
    return page


def check_stage(page: Any, width: int) -> dict[str, Any]:
    """The stage is drawn alone, as wide as the screen, in black on white, with large text and
    card faces drawn as text at least a twentieth of the screen's width (the table's own faces,
    drawn in SVG, are checked by test_live_table_on_the_stage)."""
    seen: dict[str, Any] = page.evaluate(MEASURE)
    assert seen["outside"] == [], f"drawn outside the stage: {seen['outside']}"
    assert abs(seen["width"] - width) <= 1
    assert seen["left"] == 0
    assert seen["colour"] == "rgb(0, 0, 0)"
    assert seen["background"] == "rgb(255, 255, 255)"
    assert seen["font"] >= width / 60, f"text of {seen['font']} px on a {width} px screen"
    assert seen["faces"], "no card face is shown"
    assert min(seen["faces"]) >= width / 20, (
        f"a card is {min(seen['faces']):.0f} px wide on a {width} px screen (at least"
        f" {width / 20})")
    return seen


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_projector_view_from_the_address(browser: Any, site_url: str, screenshots: Path,
                                         size: tuple[int, int]) -> None:
    page = open_page(browser, site_url, size, "?projector=1")
    try:
        stage = page.locator(".tt-projector-stage")
        assert stage.get_attribute("role") == "dialog"
        assert stage.locator(".tt-live-table").get_attribute("data-live-demo") == "play_demo"
        # The snapshot is drawn by the widget manager once it is on screen.
        stage.locator(".widget-subarea .tc-card").first.wait_for(timeout=60_000)
        for chrome in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary",
                       ".bd-footer", ".prev-next-area", "article h1"):
            assert page.locator(chrome).first.is_hidden(), f"{chrome} is shown"
        check_stage(page, size[0])
        page.screenshot(path=str(screenshots / f"projector-{size[0]}x{size[1]}.png"))
        page.keyboard.press("Escape")
        assert stage.count() == 0
        assert "projector" not in page.evaluate("location.search")
        section = page.locator("section#play-it")
        assert section.locator(".tt-live-table").count() == 1
        assert section.locator(".tt-widget-snapshot").count() == 1
        assert page.locator("article h1").first.is_visible()
    finally:
        page.context.close()


def test_projector_button_on_each_demo(browser: Any, site_url: str) -> None:
    page = open_page(browser, site_url, (1280, 720))
    try:
        tables = page.locator(".tt-live-table")
        assert tables.count() >= 2
        for i in range(tables.count()):
            assert tables.nth(i).get_by_role("button", name="Projector view").count() == 1
        number = [tables.nth(i).get_attribute("data-live-demo")
                  for i in range(tables.count())].index("deal_demo") + 1
        deal = page.locator(".tt-live-table[data-live-demo='deal_demo']")
        deal.get_by_role("button", name="Projector view").click()
        stage = page.locator(".tt-projector-stage")
        assert stage.locator(".tt-live-table").get_attribute("data-live-demo") == "deal_demo"
        assert page.evaluate("location.search") == f"?projector={number}"
        stage.get_by_role("button", name="Leave projector view (Esc)").click()
        assert stage.count() == 0
        assert page.evaluate("location.search") == ""
        assert page.evaluate("document.activeElement.textContent") == "Projector view"
        assert deal.locator("xpath=ancestor::section[@id='deal-it-yourself']").count() == 1
    finally:
        page.context.close()


#: The bottom edges (page pixels, the page scrolled to the top) of what a selector finds drawn.
BOTTOMS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .map((e) => { const r = e.getBoundingClientRect(); return {bottom: r.bottom, width: r.width}; })"""


def on_first_screen(page: Any, selector: str, size: tuple[int, int]) -> list[dict[str, float]]:
    """What ``selector`` finds is drawn, and all of it within the first screen."""
    found: list[dict[str, float]] = page.evaluate(BOTTOMS, selector)
    assert found, f"nothing drawn for {selector}"
    lowest = max(f["bottom"] for f in found)
    assert lowest <= size[1], f"{selector} ends at {lowest:.0f} px, below a {size[1]} px screen"
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_live_table_on_the_stage(browser: Any, site_url: str, screenshots: Path,
                                 size: tuple[int, int]) -> None:
    """A class plays on the stage: the reader's cards, the bids, then the trick and the cards
    to play all show on the first screen, with no scrolling (the felt on the left, the
    prompt, bids and cards on the right), each card at least a thirtieth of the screen wide."""
    width, height = size
    page = open_page(browser, site_url, size, "?projector=1&deal=oh-hell-4-2718&seat=0")
    try:
        stage = page.locator(".tt-projector-stage")
        stage.get_by_role("button", name="Play it live").click()
        stage.locator(".tt-live-table[data-live-state='ready']").wait_for(timeout=LIVE_TIMEOUT)
        # The live table replaces the snapshot on the stage too.
        assert stage.locator(".tt-widget-snapshot").is_hidden()
        page.evaluate("window.scrollTo(0, 0)")
        check_stage(page, width)
        # Bidding (Ann deals, so she bids last): the felt, her ten cards and the eleven bids.
        on_first_screen(page, ".tt-projector-stage .tt-felt", size)
        faces = on_first_screen(page, ".tt-projector-stage .tt-card-button", size)
        assert len(faces) == 10
        assert min(f["width"] for f in faces) >= width / 30
        bids = on_first_screen(page, ".tt-projector-stage .tt-bid-buttons button", size)
        assert len(bids) == 11
        assert min(b["width"] for b in bids) >= width / 24
        page.screenshot(path=str(screenshots / f"projector-live-{width}x{height}.png"))
        stage.locator(".tt-live-area .tt-bid-buttons button:not([disabled])").first.click()
        page.wait_for_function(
            "() => !document.querySelector('.tt-live-table[data-live-busy]')"
            " && document.querySelector('.tt-projector-stage .tt-live-area .tt-trick-area')",
            timeout=LIVE_TIMEOUT)
        page.evaluate("window.scrollTo(0, 0)")
        # Playing: the trick in the middle of the felt, the prompt and her cards, all on one
        # screen; her cards are drawn once (they are the buttons).
        on_first_screen(page, ".tt-projector-stage .tt-trick-area", size)
        on_first_screen(page, ".tt-projector-stage .tt-prompt p", size)
        cards = on_first_screen(page, ".tt-projector-stage .tt-card-button", size)
        assert len(cards) == 10
        assert min(c["width"] for c in cards) >= width / 30
        page.screenshot(path=str(screenshots / f"projector-play-{width}x{height}.png"))
    finally:
        page.context.close()
