"""The card table as a student sees it, in pictures (issue 30): a phone, a desktop, the
projector and print, in English and in French, for each family of games.

Each live table is played until a trick is on the felt (the first enabled bid or call, the
first playable card), then photographed: ``_build/screenshots/table-<family>-<view>-<lang>.png``.
What is asserted is what a picture would hide: the felt, the seats and the reader's cards are
drawn, with the trick in the middle, and (print) that no control is printed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_live_table import LIVE_TIMEOUT, to_the_page

pytestmark = pytest.mark.browser

PAGES = {"oh-hell": "book/oh-hell/oh-hell.html", "humbug": "book/humbug.html",
         "five-hundred": "book/five-hundred/four-hand.html"}
VIEWS = {"phone": {"viewport": {"width": 375, "height": 812}, "has_touch": True,
                   "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 900}},
         "projector": {"viewport": {"width": 1280, "height": 720}}}
START = {"en": "Play it live", "fr": "Jouer en direct"}

#: The first control that moves the hand on: a bid or call, a discard, then a card.
NEXT = """() => {
  const area = document.querySelector('.tt-live-area');
  const ok = (b) => !b.disabled && !b.classList.contains('tt-unplayable') && b.offsetParent;
  const pick = (sel) => [...area.querySelectorAll(sel)].find(ok);
  const target = pick('.tt-actions .tt-bid-buttons button, .tt-actions .tt-call-button') ||
    pick('.tt-actions .tt-card-button') || pick('.tt-actions button');
  if (!target) return false;
  target.click();
  return true;
}"""


def play_to_a_trick(page: Any) -> None:
    """Act for the reader until a card lies in the middle of the felt (or 40 actions)."""
    for _ in range(40):
        if page.locator(".tt-live-area .tt-trick-area svg, .tt-live-area .tt-trick-area "
                        "[class*='tt-face']").count():
            return
        if not page.evaluate(NEXT):
            return
        page.wait_for_function(
            "() => !document.querySelector('.tt-live-table[data-live-busy]')",
            timeout=LIVE_TIMEOUT)
        page.wait_for_timeout(100)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("family", list(PAGES))
def test_the_table_in_pictures(browser: Any, site_url: str, screenshots: Path, family: str,
                               view: str, lang: str) -> None:
    context = browser.new_context(reduced_motion="reduce", **VIEWS[view])
    try:
        page = context.new_page()
        path = ("fr/" if lang == "fr" else "") + PAGES[family]
        page.goto(site_url + path, wait_until="load")
        live = page.locator(".tt-live-table[data-live-demo='play_demo']").first
        if view == "projector":  # as a teacher does: this demo's "Projector view" button
            live.locator(".tt-projector-button").click()
            page.locator(".tt-projector-stage").wait_for()
        live.get_by_role("button", name=START[lang]).click()
        live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
        play_to_a_trick(page)
        felt = live.locator(".tt-felt").first
        assert felt.is_visible()
        assert live.locator(".tt-seat-box").count() >= 2
        assert live.locator(".tt-card-button").count() >= 1
        felt.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"table-{family}-{view}-{lang}.png"))
        if view == "desktop":
            to_the_page(page)  # the table mode, then the page as it prints
            # On paper the page's snapshot of the same demo is printed from its saved state.
            page.emulate_media(media="print")
            page.wait_for_function("document.querySelectorAll('.tt-print-static').length > 0")
            copy = live.evaluate_handle(
                "(root) => root.closest('section').querySelector('.tt-print-static')")
            copy.scroll_into_view_if_needed()
            copy.screenshot(path=str(screenshots / f"table-{family}-print-{lang}.png"))
            assert copy.evaluate("(e) => e.querySelector('.tt-felt') !== null")
            printed = page.evaluate(
                "() => [...document.querySelectorAll('button')].filter((b) =>"
                " b.getBoundingClientRect().width > 0 && getComputedStyle(b).visibility"
                " !== 'hidden').length")
            assert printed == 0, f"{printed} buttons printed"
    finally:
        context.close()
