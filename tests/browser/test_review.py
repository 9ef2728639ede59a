"""Review this hand in the live table, on a phone: play the page's demo to
its last trick by tapping, tap "Review this hand", wait for data-review-state="ready" and check
the marks (a word and a symbol on each of the student's cards), the ◀ ▶ of the best line (44 px)
and that nothing scrolls sideways.  Screenshots: ``<screenshots>/review-<family>-phone.png``.

The review runs the solver in Pyodide (the Python search until the WebAssembly one is merged):
the time from the tap to "ready" is printed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_live_table import PLAY_TABLE
from test_phone_table import NEXT, PAGES, PHONE, settle, start_on_phone

pytestmark = pytest.mark.browser

#: Records each data-review-state that appears (the live table must post "working" before
#: the work: widgets.page_runner.flush).
SEEN_STATES = """(area) => {
  window.ttReviewStates = [];
  const note = () => area.querySelectorAll("[data-review-state]").forEach((e) => {
    const s = e.getAttribute("data-review-state");
    if (window.ttReviewStates[window.ttReviewStates.length - 1] !== s) window.ttReviewStates.push(s);
  });
  new MutationObserver(note).observe(area, {subtree: true, childList: true, attributes: true});
}"""

#: The review of a whole Humbug deal in the Python search in Pyodide takes minutes.
REVIEW_TIMEOUT = 600_000


@pytest.mark.parametrize("family", ["oh-hell", "five-hundred"])
def test_review_after_the_last_trick(browser: Any, site_url: str, screenshots: Path,
                                     family: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        area = start_on_phone(page, site_url + PAGES[family])
        taps = 0
        while (label := page.locator(PLAY_TABLE).evaluate(NEXT)) is not None and taps < 80:
            page.locator("[data-tt-next]").tap()
            settle(page)
            taps += 1
            if area.locator(".tt-result-code, [data-result-code]").count() and \
                    page.locator(PLAY_TABLE).evaluate(NEXT) in (None, "Next deal", "Donne suivante"):
                break
        assert label is not None or taps > 5
        button = area.locator(".tt-coach-open").first
        assert button.is_visible()
        # every data-review-state the page shows, in order: "working" must be seen first
        area.evaluate(SEEN_STATES)  # the live table's only: the page's snapshot has one too
        start = time.monotonic()
        button.tap()
        area.locator("[data-review-state='ready']").wait_for(timeout=REVIEW_TIMEOUT)
        took = time.monotonic() - start
        seen = page.evaluate("window.ttReviewStates")
        assert seen[:1] == ["working"], seen
        assert seen[-1] == "ready", seen
        settle(page)
        coach = area.locator(".tt-coach").first
        marks = coach.locator("[data-mark]")
        assert marks.count() >= 5
        for i in range(marks.count()):
            text = marks.nth(i).locator(".tt-coach-mark").inner_text()
            assert text.startswith(("✓ keeps", "✗ loses")), text
        assert coach.locator(".tt-coach-verdict").inner_text().strip()
        step = area.locator(".tt-coach-buttons button").nth(1)
        box = step.bounding_box()
        assert box is not None
        assert box["width"] >= 43.5
        assert box["height"] >= 43.5
        step.tap()
        settle(page)
        assert area.locator("[data-line-step='1']").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        coach.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.evaluate("window.scrollBy(0, -60)")
        page.screenshot(path=str(screenshots / f"review-{family}-phone.png"))
        assert errors == []
        print(f"{family}: {taps} taps; review ready in {took:.1f} s (Pyodide)")
    finally:
        context.close()
