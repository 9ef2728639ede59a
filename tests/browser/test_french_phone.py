"""The French live table on a phone (375 px): the score tables fit, no word breaks inside itself,
and Five Hundred's calls are a grid of 44 px buttons in the ladder's order.

A hand of Oh Hell is played to its score (the first enabled bid or card each time) and every
word of the demo's tables is measured: a word broken across two lines has two line boxes.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

LIVE_TIMEOUT = 150_000
PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}

#: Words of the demo's tables drawn on more than one line, and tables wider than their box.
PROBLEMS = """(area) => {
  const out = [];
  for (const table of area.querySelectorAll('table')) {
    const box = table.closest('.widget-html') || table.parentElement;
    const right = Math.min(box.getBoundingClientRect().right, document.documentElement.clientWidth);
    for (const cell of table.querySelectorAll('th, td')) {
      if (cell.getBoundingClientRect().right > right + 1)
        out.push(`cut column: ${cell.textContent.trim()}`);
    }
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g; let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(`broken word: ${m[0]}`);
      }
    }
  }
  return out;
}"""


def _start(page: Any, url: str) -> Any:
    page.goto(url, wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']")
    live.scroll_into_view_if_needed()
    live.locator(".tt-live-start").tap()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    return live.locator(".tt-live-area")


@pytest.fixture
def phone(browser: Any) -> Any:
    context = browser.new_context(**PHONE)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_french_score_tables_fit_a_phone_with_whole_words(phone: Any, site_url: str) -> None:
    area = _start(phone, site_url + "fr/book/oh-hell/oh-hell.html")
    # The page's deal is practice; the match (and its sheet) starts at deal 1, from the table's
    # menu (the table takes the whole phone; its other tools are a tap away).
    menu = phone.locator(".tt-live-table[data-table-mode] .tt-table-menu")
    if menu.count():
        menu.tap()
    area.locator(".tt-match-start").first.tap()
    phone.wait_for_timeout(500)
    playable = area.locator(".tt-bid-buttons button:not([disabled]), "
                            ".tt-hand-buttons button:not([disabled]):not(.tt-unplayable)")
    for _ in range(60):
        if "La donne est finie" in area.inner_text():
            break
        playable.first.tap()
        phone.wait_for_timeout(300)
    assert "La donne est finie" in area.inner_text()
    assert area.locator("table").count() >= 2  # the deal's score and the match's sheet
    assert area.evaluate(PROBLEMS) == []
    assert "Points" in area.locator(".tc-score").inner_text()


def test_five_hundred_calls_are_a_grid_of_44px_buttons(phone: Any, site_url: str) -> None:
    area = _start(phone, site_url + "fr/book/five-hundred/four-hand.html")
    area.locator(".tt-call-grid").wait_for(timeout=LIVE_TIMEOUT)
    boxes = area.evaluate("""(area) => [...area.querySelectorAll('.tt-call-grid .tt-call-button')]
        .map(b => { const r = b.getBoundingClientRect();
                    return [b.textContent.trim(), r.x, r.y, r.width, r.height]; })""")
    assert len(boxes) == 25
    assert all(w >= 44 and h >= 44 for _, _x, _y, w, h in boxes), boxes
    rows = [boxes[i:i + 5] for i in range(0, 25, 5)]
    for level, row in zip(range(6, 11), rows, strict=True):
        assert [b[0] for b in row] == [f"{level}{d}" for d in ("♠", "♣", "♦", "♥", "SA")]
        assert len({round(b[2]) for b in row}) == 1  # one line per level
        assert [b[1] for b in row] == sorted(b[1] for b in row)
    assert rows[0][0][2] < rows[-1][0][2]
    others = area.locator(".tt-call-others .tt-call-button")
    assert others.count() >= 1
    # A refused call explains itself on a tap and changes nothing.
    refused = area.locator(".tt-call-grid .tt-call-button.tt-unplayable").first
    if refused.count():
        refused.tap()
        phone.wait_for_timeout(500)
        assert "interdit maintenant" in area.inner_text()
        assert area.locator(".tt-call-grid").count() == 1
