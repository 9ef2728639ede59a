"""A class link's first screen, and what a phone loads before the reader asks.

* On ``?deal=CODE&seat=N`` the first screen, without scrolling, says which deal and whose seat
  the class is playing and has the button that starts it; the build-time picture of the page's
  own deal is not shown first.  On a phone (375x812, touch) and a desktop.  A hostile ``deal``
  is repeated as text, cut short.  Screenshots: ``class-link-<width>.png``.
* A class link copied in projector view carries no ``projector``: every student's phone would
  open on the projector stage.
* On a touch screen nothing heavy (Pyodide, the wheels) loads before the tap on "Play it live",
  however far the reader scrolls past the demo; the tap then starts it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_live_table import LIVE_TIMEOUT, PAGE

pytestmark = pytest.mark.browser

CLASS_DEAL = "oh-hell-4-555-6"
PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

#: Where an element is against the screen: fully inside it or not.
ON_SCREEN = """(e) => { const r = e.getBoundingClientRect();
  const header = document.querySelector('.bd-header');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  return r.width > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1
    && r.left >= -1 && r.right <= innerWidth + 1; }"""


def settle(page: Any) -> None:
    """Let the page settle as a student's does before they act (fonts, snapshots drawn)."""
    page.wait_for_timeout(4000)


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_first_screen_is_the_class_deal(browser: Any, site_url: str, screenshots: Path,
                                            device: dict[str, Any]) -> None:
    context = browser.new_context(**device)
    try:
        page = context.new_page()
        page.goto(f"{site_url}{PAGE}?deal={CLASS_DEAL}&seat=2", wait_until="load")
        settle(page)
        width = device["viewport"]["width"]
        page.screenshot(path=str(screenshots / f"class-link-{width}.png"))
        live = page.locator(".tt-live-table[data-live-demo='play_demo']")
        line = live.locator(".tt-class-deal")
        assert line.evaluate(ON_SCREEN), "the class deal's line is not on the first screen"
        text = line.inner_text()
        assert CLASS_DEAL in text
        assert "Cleo" in text  # seat 2, by name
        start = live.get_by_role("button", name="Play it live")
        assert start.evaluate(ON_SCREEN), "the start button is not on the first screen"
        # No picture of another deal before it: the section's snapshot is not drawn.
        drawn = page.evaluate("""(root) => [...root.closest('section')
            .querySelectorAll('.tt-widget-snapshot')].filter((e) => e.offsetParent !== null)
            .length""", live.element_handle())
        assert drawn == 0
        start.click()
        live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
        code = live.locator(".tt-live-area [data-deal-code]").first
        assert code.get_attribute("data-deal-code") == CLASS_DEAL
    finally:
        context.close()


def test_a_hostile_class_deal_is_text(page: Any, site_url: str) -> None:
    hostile = "<img src=x onerror=alert(1)>\u202e" + "9" * 5000
    page.goto(site_url + PAGE + "?deal=" + hostile.replace("<", "%3C").replace(">", "%3E"),
              wait_until="load")
    line = page.locator(".tt-class-deal")
    text = line.inner_text()
    assert "<img src=x" in text  # shown, as text
    assert "[U+202E]" in text  # the bidi override written out
    assert len(text) < 300
    assert line.locator("img").count() == 0


def test_a_link_copied_in_projector_view_has_no_projector(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}{PAGE}?projector=1&seat=1", wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']")
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    live.get_by_role("button", name="Copy class link").click()
    field = live.locator(".tt-class-link-field")
    field.wait_for(state="visible")
    link = field.input_value()
    assert "projector" not in link
    assert "deal=" in link
    assert "seat=1" in link


def test_a_phone_loads_nothing_heavy_before_the_tap(browser: Any, site_url: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        sizes: list[tuple[str, int]] = []

        def seen(response: Any) -> None:
            length = response.headers.get("content-length")
            sizes.append((response.url, int(length) if length else 0))

        page.on("response", seen)
        page.goto(site_url + PAGE, wait_until="load")
        live = page.locator(".tt-live-table[data-live-demo='play_demo']")
        live.scroll_into_view_if_needed()  # the reader scrolls past the demo...
        page.wait_for_timeout(2000)
        page.mouse.wheel(0, 4000)
        page.wait_for_timeout(2000)
        heavy = [url for url, size in sizes if size > 1_000_000]
        assert heavy == [], f"loaded before the tap: {heavy}"
        assert not any("pyodide" in url or url.endswith(".whl") for url, _ in sizes)
        assert live.get_attribute("data-live-early") is None  # no runtime started
        total = sum(size for _, size in sizes)
        print(f"phone, before the tap: {len(sizes)} responses, {total / 1e6:.2f} MB")
        live.get_by_role("button", name="Play it live").tap()
        live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
        assert any("pyodide" in url for url, _ in sizes)
    finally:
        context.close()
