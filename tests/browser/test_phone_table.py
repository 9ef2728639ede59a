"""A whole hand on a phone, by tapping: 375x812, touch, each family of games.

The student opens the page, taps "Play it live", brings the table to the top of the screen and
plays a whole hand with one finger: a bid or a call (the first one allowed), the kitty's
discards, then a card each turn (the first playable).  After every tap:

* the page did not move (``window.scrollY`` is the same);
* the next thing to tap, the trick in the middle of the felt and the hand are on the screen;
* every control of the table is at least 44x44 CSS px (the least is printed and recorded); a
  fanned hand's strip narrower than that opens on the first tap, and the opened card is checked.

A card that cannot be played says why when tapped, and nothing is played.  The page's deal is
practice on its own (no points credited before the student acts); "Play the whole match from
deal 1" starts a match with every score at 0.  Screenshots:
``_build/screenshots/phone-<family>-<step>.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from shots import record
from test_live_table import LIVE_TIMEOUT, PLAY_TABLE, to_the_page

pytestmark = pytest.mark.browser

PAGES = {"oh-hell": "book/oh-hell/oh-hell.html", "humbug": "book/humbug.html",
         "five-hundred": "book/five-hundred/four-hand.html"}
PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True,
         "reduced_motion": "reduce"}

#: A card of a fanned hand drawn as a strip of its face narrower than a finger: tapped once it
#: opens (``tt-peek``, its whole face) and a second tap plays it, so its tap area is the opened
#: card's.  The 44 px checks count such strips apart and check the opened card instead.
STRIP = """(e) => e.matches('.tt-hand .tt-card-button') && !e.classList.contains('tt-peek')"""

#: The smallest control of a table's area (drawn), and which one it is; a fanned hand's strips
#: are counted apart (their height is still checked).
SMALL_IN = """(area) => {
  const strip = STRIP;
  const small = [];
  let least = Infinity, strips = 0;
  for (const e of area.querySelectorAll('button, select, input, a[href]')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    if (strip(e) && r.width < 44 - 0.5 && r.height >= 44 - 0.5) { strips += 1; continue; }
    least = Math.min(least, r.width, r.height);
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5)
      small.push(`${e.tagName}.${e.className} "${(e.textContent || e.title).trim().slice(0, 30)}"`
                 + ` ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  return {least, strips, small: small.slice(0, 8)};
}""".replace("STRIP", STRIP)

#: The same for the page's play demo.
SMALLEST = """() => (SMALL_IN)(document.querySelector(
  ".tt-live-table[data-live-demo='play_demo'] .tt-live-area"))""".replace("SMALL_IN", SMALL_IN)

#: The rows of the reader's hand: how many distinct tops its cards have.
HAND_ROWS = """(root) => new Set([...root.querySelectorAll('.tt-hand .tt-card-button')]
  .filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top))).size"""

#: After a tap on the control marked data-tt-next: the width of the card it opened (a strip
#: that a finger opens before it plays it), or null if it did not open one.
OPENED = """() => { const e = document.querySelector('[data-tt-next]');
  return e && e.classList.contains('tt-peek') && !e.classList.contains('tt-unplayable')
    ? e.getBoundingClientRect().width : null; }"""

#: What a tap may have played: the cards in the reader's hand and on the felt.
PLAYED = """(root) => [root.querySelectorAll('.tt-hand .tt-card-button').length,
  root.querySelector('.tt-trick-area') ? root.querySelector('.tt-trick-area').innerHTML : '']"""


def check_opened(page: Any, root: Any, before: Any, label: str) -> bool:
    """After a tap: if it opened a strip of the hand, the opened card is at least 44 px wide
    and nothing was played; whether it opened one (then the next tap plays it)."""
    width = page.evaluate(OPENED)
    if width is None:
        return False
    assert width >= 44 - 0.5, f"the opened card ({label}) is {width:.0f} px wide"
    assert root.evaluate(PLAYED) == before, f"the tap that opened {label} played something"
    return True


#: The next control to tap in a table (its root), marked with data-tt-next: a bid or a call, a
#: discard (until enough are chosen, then the discard button), the joker's suit, a card; null
#: when there is none.  test_table_mode.py taps through a hand with it too.
NEXT = """(root) => {
  document.querySelectorAll('[data-tt-next]').forEach((e) => e.removeAttribute('data-tt-next'));
  const actions = root.querySelector('.tt-live-area .tt-actions');
  if (!actions) return null;
  const ok = (b) => !b.disabled && !b.classList.contains('tt-unplayable') && b.offsetParent;
  const all = (sel) => [...actions.querySelectorAll(sel)].filter(ok);
  const discard = all('button').find((b) => /^(Discard the|Défausser)/.test(b.textContent.trim()));
  const toggles = all('.widget-toggle-button:not(.mod-active)');
  const target = all('.tt-bid-buttons button, .tt-call-button')[0] || discard ||
    (toggles.length ? toggles[0] : null) || all('.tt-card-button')[0] || all('button')[0];
  if (!target) return null;
  target.setAttribute('data-tt-next', '1');
  return (target.textContent || target.title).trim().slice(0, 40);
}"""

#: Whether an element lies wholly within the screen, below the theme's sticky header.
ON_SCREEN = """(e) => { const r = e.getBoundingClientRect();
  const header = document.querySelector('.bd-header');
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1; }"""


def settle(page: Any) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.tt-live-table[data-live-busy]')", timeout=LIVE_TIMEOUT)
    page.wait_for_timeout(150)


def start_on_phone(page: Any, url: str) -> Any:
    """Open ``url``, tap its play demo's "Play it live"; the table's area once it is ready."""
    page.goto(url, wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']").first
    live.get_by_role("button", name="Play it live").tap()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    settle(page)
    to_the_page(page)  # the page's own layout (the table mode: test_table_mode.py)
    return live.locator(".tt-live-area")


@pytest.mark.parametrize("family", list(PAGES))
def test_a_whole_hand_by_tapping(browser: Any, site_url: str, screenshots: Path,
                                 family: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        area = start_on_phone(page, site_url + PAGES[family])
        # A later deal is practice and says so; deal 1 is a fresh match at 0: either way
        # nothing is credited before the student acts.
        practice = area.locator(".tt-practice")
        assert (practice.count() and practice.first.is_visible()) or \
            "every score is 0" in area.inner_text()
        felt = area.locator(".tt-felt").first
        felt.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.evaluate("window.scrollBy(0, -60)")  # below the sticky header, as a finger leaves it
        page.wait_for_timeout(200)
        page.screenshot(path=str(screenshots / f"phone-{family}-start.png"))
        rows = area.evaluate(HAND_ROWS)
        assert rows <= (2 if family == "humbug" else 1), f"the hand is {rows} rows"
        least = 1e9
        taps = opens = 0
        while (label := page.locator(PLAY_TABLE).evaluate(NEXT)) is not None and taps < 80:
            sizes = page.evaluate(SMALLEST)
            assert sizes["small"] == [], f"controls under 44 px: {sizes['small']}"
            least = min(least, sizes["least"])
            target = page.locator("[data-tt-next]")
            assert target.evaluate(ON_SCREEN), f"the next control ({label}) is off the screen"
            before = page.evaluate("window.scrollY")
            played = area.evaluate(PLAYED)
            target.tap()
            settle(page)
            taps += 1
            opens += check_opened(page, area, played, label)
            after = page.evaluate("window.scrollY")
            assert after == before, f"tap {taps} ({label}) moved the page from {before} to {after}"
            assert felt.evaluate(ON_SCREEN) or area.locator(".tt-trick-area").first.evaluate(
                ON_SCREEN), f"after tap {taps} the trick is off the screen"
            if taps == 3:
                page.screenshot(path=str(screenshots / f"phone-{family}-play.png"))
            if area.locator(".tt-result-code, [data-result-code]").count() and \
                    page.locator(PLAY_TABLE).evaluate(NEXT) in (None, "Next deal", "Donne suivante"):
                break
        page.screenshot(path=str(screenshots / f"phone-{family}-end.png"))
        assert taps >= 5, f"only {taps} taps: the hand did not go on"
        assert errors == []
        record(screenshots / "phone-controls.json", family, int(least))
        print(f"{family}: {taps} taps ({opens} opened a card), the hand in {rows} row(s),"
              f" smallest control {least:.0f} px")
    finally:
        context.close()


def test_an_unplayable_card_says_why_on_a_tap(browser: Any, site_url: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        area = start_on_phone(page, site_url + PAGES["oh-hell"])
        # While bidding every card is there, and none can be played yet.
        card = area.locator(".tt-card-button.tt-unplayable").first
        hand = area.locator(".tt-card-button").count()
        card.tap()
        settle(page)
        said = area.locator(".tt-announce, .tt-card-reason").all_inner_texts()
        assert any(text.strip() for text in said), "the tap said nothing"
        assert area.locator(".tt-card-button").count() == hand  # nothing was played
    finally:
        context.close()


def test_a_whole_match_starts_at_zero(browser: Any, site_url: str) -> None:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        area = start_on_phone(page, site_url + PAGES["oh-hell"])
        area.locator(".tt-match-start").first.tap()
        settle(page)
        text = area.inner_text()
        assert "deal 1" in text
        assert "every score is 0" in text
        assert area.locator(".tt-practice").count() == 0 or not \
            area.locator(".tt-practice").first.is_visible()
    finally:
        context.close()
