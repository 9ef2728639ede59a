"""What is this hand worth? in the browser (issue 31, point 3): on a phone, before bidding.

The student opens the Oh Hell page, taps "Play it live", and before bidding taps "What is this
hand worth?": the chart and its sentence come (the time it took is printed and recorded in
``_build/screenshots/hand-worth.json``), the chart fits the phone's width, the panel's controls
are at least 44 px, and the student can still bid.  The same on a desktop with the bots.
Screenshots: ``_build/screenshots/worth-phone.png`` (before the bid), ``worth-phone-bid.png``
(the bid marked), ``worth-desktop.png``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from shots import record
from test_live_table import LIVE_TIMEOUT, to_the_page
from test_phone_table import PHONE, settle, start_on_phone

pytestmark = pytest.mark.browser

PAGE = "book/oh-hell/oh-hell.html"
#: The sampling stops after 2 s; the page's time to redraw comes on top.
WORTH_TIMEOUT = 60_000

SIZES = """(panel) => [...panel.querySelectorAll('button')].filter((b) => b.offsetParent)
  .map((b) => { const r = b.getBoundingClientRect(); return [b.textContent.trim(), r.width, r.height]; })"""


def _ask(page: Any, area: Any, method: str, tap: bool) -> float:
    panel = area.locator(".tt-worth")
    panel.scroll_into_view_if_needed()
    choice = panel.locator(".tt-worth-method button", has_text=method)
    button = panel.locator(".tt-worth-button")
    (choice.tap if tap else choice.click)()
    settle(page)
    start = time.monotonic()
    (button.tap if tap else button.click)()
    panel.locator("[data-worth-state='ready'] svg").wait_for(timeout=WORTH_TIMEOUT)
    took = time.monotonic() - start
    settle(page)
    return took


def test_hand_worth_on_a_phone_before_bidding(browser: Any, site_url: str,
                                              screenshots: Path) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        area = start_on_phone(page, site_url + PAGE)
        panel = area.locator(".tt-worth")
        assert panel.locator("svg").count() == 0  # nothing is worked out before asking
        for text, width, height in panel.evaluate(SIZES):
            assert min(width, height) >= 43.5, f"{text!r} is {width:.0f}x{height:.0f} px"
        took = _ask(page, area, "Double-dummy", tap=True)
        answer = panel.locator(".tt-worth-answer")
        svg = answer.locator("svg[role='img']")
        assert "Over " in answer.inner_text()
        assert "deals of the cards you cannot see" in \
            answer.inner_text()
        assert "Tricks this hand took over" in (svg.get_attribute("aria-label") or "")
        box = svg.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 375
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        svg.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "worth-phone.png"))
        record(screenshots / "hand-worth.json", "phone-double-dummy-ms", int(took * 1000))
        print(f"hand worth on a phone, double-dummy: {took:.1f} s")
        # the student still bids: the first bid allowed
        bid = area.locator(".tt-bid-buttons button:not([disabled])").first
        bid.tap()
        settle(page)
        assert panel.locator(".tt-worth-button").is_hidden()
        assert "your bid" in (svg.inner_html() if svg.count() else "")
        svg.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "worth-phone-bid.png"))
        assert errors == []
    finally:
        context.close()


def test_hand_worth_on_a_desktop_with_the_bots(browser: Any, site_url: str,
                                               screenshots: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(site_url + PAGE, wait_until="load")
        live = page.locator(".tt-live-table[data-live-demo='play_demo']").first
        live.get_by_role("button", name="Play it live").click()
        live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
        settle(page)
        to_the_page(page)
        area = live.locator(".tt-live-area")
        took = _ask(page, area, "Bots", tap=False)
        assert "played by the bots" in area.locator(".tt-worth-answer svg").inner_html()
        area.locator(".tt-worth").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "worth-desktop.png"))
        record(screenshots / "hand-worth.json", "desktop-bots-ms", int(took * 1000))
        print(f"hand worth on a desktop, bots: {took:.1f} s")
    finally:
        context.close()
