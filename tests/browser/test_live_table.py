"""The live table with the keyboard only, and on a phone, a tablet and a desktop screen.

* A whole hand of each family (Oh Hell, Humbug, Five Hundred) with the keyboard only: Tab to a
  bid, call, discard or card, Enter or Space to act on it; the focus stays in the table when
  its controls are redrawn, the cards are named in words, and the moves are read out (an
  ``aria-live`` region).
* At 375, 768 and 1280 px wide: nothing of the demo is cut off or wider than the page, it does
  not scroll inside itself, and the cards wrap.  Screenshots go to
  ``_build/screenshots/live-<width>.png``.
* A whole match, on a phone's 375 px: pick a seat, play a whole
  Humbug deal one click a card, the match total, then "Next deal"; a Five Hundred deal to the
  score; the deal demo's code field dealing on a real Enter key; the score sheet deal by deal
  and to the end.  Screenshots: ``_build/screenshots/live-match-*.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from shots import shot

pytestmark = pytest.mark.browser

PAGE = "book/oh-hell/oh-hell.html"
HUMBUG_PAGE = "book/humbug.html"
FIVE_HUNDRED_PAGE = "book/five-hundred/four-hand.html"
LIVE_TIMEOUT = 150_000
#: An enabled bid (its label is a number) or card (its tooltip says "Play the ...") of the table.
PLAYABLE = """(element) => {
  const area = document.querySelector('.tt-live-area');
  return area.contains(element) && element.matches('button.widget-button:not([disabled]):not(.tt-unplayable)')
    && (/^\\d+$/.test(element.textContent.trim()) || (element.title || '').startsWith('Play the'));
}"""


#: A page's play demo (each page has at most one), wherever it is: while it plays in table mode
#: it has left its section for the whole window.
PLAY_TABLE = ".tt-live-table[data-live-demo='play_demo']"


def to_the_page(page: Any) -> None:
    """Leave the table mode by its "Back to the page" (a hand demo's start takes the whole
    window: test_table_mode.py), for a test of the demo as it plays in the page."""
    leave = page.locator(".tt-live-table[data-table-mode] .tt-table-leave")
    if leave.count():
        leave.first.click()
        page.wait_for_function("() => !document.querySelector('[data-table-mode]')")


def start_live(page: Any, site_url: str, path: str = PAGE, demo: str = "play_demo") -> Any:
    """Start the page's live ``demo`` (a page may have a play, a deal and a score-sheet demo);
    its drawing area once it is ready, in the page."""
    if not page.url.endswith(path):
        page.goto(site_url + path, wait_until="load")
    live = page.locator(f".tt-live-table[data-live-demo='{demo}']")
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    to_the_page(page)
    return live.locator(".tt-live-area")


#: What is wrong with the layout of a demo's area: the page scrolls sideways, an element is
#: outside the page, the demo scrolls inside itself, or a button's label is cut off.
CUT_OFF = """(area) => {
  const page = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > page + 1)
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${page}`);
  for (const e of [area, ...area.querySelectorAll('*')]) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -1 || r.right > page + 1)
      out.push(`${e.tagName}.${e.className} spans ${r.left | 0}..${r.right | 0} of ${page}`);
    const style = getComputedStyle(e);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        e.scrollWidth > e.clientWidth + 1)
      out.push(`${e.tagName}.${e.className} scrolls sideways inside the demo`);
    if ((style.overflowY === 'auto' || style.overflowY === 'scroll') &&
        e.scrollHeight > e.clientHeight + 1)
      out.push(`${e.tagName}.${e.className} scrolls inside the demo`);
    if (e.matches('button') && e.scrollWidth > e.clientWidth + 1)
      out.push(`button "${e.textContent.trim()}" is cut off`);
  }
  return out.slice(0, 12);
}"""


def cut_off(area: Any) -> list[str]:
    """The layout problems of a demo's area (:data:`CUT_OFF`), after it has settled."""
    area.page.wait_for_timeout(300)
    problems: list[str] = area.evaluate(CUT_OFF)
    return problems


def tab_to_playable(page: Any, limit: int = 400) -> str:
    """Press Tab until a bid or card of the table has the focus; its label."""
    for _ in range(limit):
        if page.evaluate(f"({PLAYABLE})(document.activeElement)"):
            label: str = page.evaluate("document.activeElement.textContent.trim()")
            return label
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached a bid or a card of the live table")


def test_a_whole_hand_with_the_keyboard_only(page: Any, site_url: str,
                                             screenshots: Path) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning")
            else None)
    area = start_live(page, site_url)
    # Cards have names in words, for a screen reader.
    card = area.locator(".tc-card[aria-label]").first
    assert re.fullmatch(r"(ace|king|queen|jack|\d+) of (spades|hearts|diamonds|clubs)",
                        card.get_attribute("aria-label") or "")
    assert area.locator(".tt-announce[aria-live='polite']").count() >= 1

    page.locator(".tt-live-table[data-live-demo='play_demo']").get_by_role(
        "link", name="Open as a notebook").focus()
    actions = []
    for turn in range(20):
        if "The deal is over" in area.inner_text():
            break
        label = tab_to_playable(page)
        before = area.inner_text()
        page.keyboard.press("Enter" if turn % 2 == 0 else " ")
        # Python's answer is drawn once the table is no longer busy (data-live-busy).
        page.wait_for_function(
            "([area, before]) => area.innerText !== before &&"
            " !area.closest('.tt-live-table').hasAttribute('data-live-busy')",
            arg=[area.element_handle(), before], timeout=30_000,
        )
        actions.append(label)
    assert "The deal is over" in area.inner_text(), actions
    assert len(actions) == 8, actions  # a bid and the seven cards of this deal
    assert re.fullmatch(r"\d+", actions[0]), actions
    # The result was read out: the moves' live region says who took the last trick.
    assert area.locator(".tt-announce[aria-live='polite']").first.inner_text().strip()
    shot(page, area, screenshots / "live-keyboard-hand.png")
    assert not errors, errors


#: The control the keyboard-only reader acts on next, in Humbug and Five Hundred: the third
#: discard toggle not yet chosen, then the discard button; the lowest call above a pass; else
#: the first enabled control of the reader's (a card, the joker's suit).
NEXT_CONTROL = """(element) => {
  const area = document.querySelector(
    ".tt-live-table[data-live-demo='play_demo'] .tt-live-area");
  const actions = area.querySelector('.tt-actions');
  const enabled = [...actions.querySelectorAll('button:not([disabled]):not(.tt-unplayable)')];
  let want;
  if (area.innerText.includes('cards to discard')) {
    const chosen = actions.querySelectorAll('button.mod-active').length;
    want = chosen < 3 ? enabled.find(b => !b.classList.contains('mod-active'))
      : [...area.querySelectorAll('button')].find(
          b => b.textContent.trim() === 'Discard the chosen cards');
  } else if (area.innerText.includes('Your call') && enabled.length > 1) {
    want = enabled[1];
  } else {
    want = enabled[0];
  }
  return Boolean(want) && element === want;
}"""


@pytest.mark.parametrize(("path", "most"), [(HUMBUG_PAGE, 26), (FIVE_HUNDRED_PAGE, 30)])
def test_a_whole_deal_of_humbug_and_five_hundred_with_the_keyboard_only(
        page: Any, site_url: str, screenshots: Path, path: str, most: int) -> None:
    """Tab to the control, Enter or Space to act on it, to the end of the deal (every
    family with the keyboard only)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning")
            else None)
    area = start_live(page, site_url, path)
    root = page.locator(".tt-live-table[data-live-demo='play_demo']")
    root.get_by_role("link", name="Open as a notebook").focus()
    acted = 0
    while "The deal is over" not in area.inner_text():
        for _ in range(400):
            if page.evaluate(f"({NEXT_CONTROL})(document.activeElement)"):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"Tab never reached the next control ({acted} actions)")
        before = area.inner_text()
        page.keyboard.press("Enter" if acted % 2 == 0 else " ")
        page.wait_for_function(
            "([area, before]) => area.innerText !== before &&"
            " !area.closest('.tt-live-table').hasAttribute('data-live-busy')",
            arg=[area.element_handle(), before], timeout=30_000,
        )
        acted += 1
        assert acted <= most, "more key presses than a deal needs"
    assert "Match total." in area.inner_text()
    shot(page, area, screenshots / f"live-keyboard-{Path(path).stem}.png")
    assert not errors, errors


@pytest.mark.parametrize("width", [375, 768, 1280])
def test_live_table_fits_the_screen(page: Any, site_url: str, screenshots: Path,
                                    width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    area = start_live(page, site_url)
    # Play the first bid so that the cards are buttons too.
    area.locator(".tt-actions button:not([disabled]):not(.tt-unplayable)").first.click()
    area.get_by_text("Your turn to play").or_(area.get_by_text("The deal is over")).first.wait_for(
        timeout=30_000
    )
    problems = cut_off(area)
    shot(page, area, screenshots / f"live-{width}.png")
    assert not problems, problems


def test_one_click_plays_and_one_click_undoes(page: Any, site_url: str) -> None:
    """With the mouse: a bid, then the first click on an enabled card plays it, and one click
    on Undo takes it back."""
    area = start_live(page, site_url)
    count = ("(area) => [...area.querySelectorAll('.tt-actions button')]"
             ".filter(b => /[\u2660\u2665\u2666\u2663]/.test(b.textContent)).length")
    area.locator(".tt-actions button:not([disabled]):not(.tt-unplayable)").first.click()  # a bid
    area.get_by_text("Your turn to play").wait_for(timeout=30_000)
    cards = area.evaluate(count)
    assert cards == 7
    area.locator(".tt-actions button[title^='Play the']").first.click()
    page.wait_for_function(f"([area, n]) => ({count})(area) === n - 1",
                           arg=[area.element_handle(), cards], timeout=10_000)
    area.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"([area, n]) => ({count})(area) === n",
                           arg=[area.element_handle(), cards], timeout=10_000)


# A whole match ------------------------------------------------------------------------------

HUMBUG = "book/humbug.html"
FIVE_HUNDRED = "book/five-hundred/four-hand.html"


def changed(area: Any, before: str, timeout: int = 30_000) -> None:
    """Wait until the demo's text is no longer ``before`` (its answer to an action)."""
    area.page.wait_for_function("([area, before]) => area.innerText !== before",
                                arg=[area.element_handle(), before], timeout=timeout)


def console_problems(page: Any) -> list[str]:
    """The errors and warnings the page's console will have shown (a list that fills in)."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
            else None)
    return problems


def keep(page: Any, area: Any, screenshots: Path, name: str) -> None:
    """A screenshot of the demo in the book's screenshots and in /tmp (to be looked at)."""
    shot(page, area, screenshots / f"live-match-{name}.png")
    shot(page, area, Path("/tmp") / f"live-match-{name}.png")


def test_pick_a_seat_play_a_whole_humbug_deal_then_next_deal(
        page: Any, site_url: str, screenshots: Path) -> None:
    errors = console_problems(page)
    page.set_viewport_size({"width": 375, "height": 900})
    area = start_live(page, site_url, HUMBUG)
    title = area.locator("h3").first
    assert "Ben's seat" in title.inner_text()  # no bidding: you lead first by default
    seat = area.get_by_role("combobox", name="Your seat")
    assert seat.is_enabled()
    seat.select_option(label="Ann (deals)")  # one choice: the deal starts again at Ann's seat
    area.locator("h3", has_text="Ann's seat").wait_for(timeout=30_000)
    assert "You (dealer)" in area.inner_text()
    assert "Seat 0" not in area.inner_text()
    clicks = 0
    while "The deal is over" not in area.inner_text():
        card = area.locator(
            ".tt-actions button[title^='Play the']:not([disabled]):not(.tt-unplayable)").first
        before = area.inner_text()
        card.click()  # one click plays the card
        changed(area, before)
        clicks += 1
        assert clicks <= 26
        if clicks == 1:
            assert seat.is_disabled()  # the seat is fixed once you have played
    assert clicks == 26  # one click for each of your 26 cards
    text = area.inner_text()
    assert "Match total." in text
    assert "The match is over after 1 deal (the only deal of a game of Humbug)" in text
    assert not cut_off(area), cut_off(area)
    keep(page, area, screenshots, "humbug-over")
    next_deal = area.get_by_role("button", name="Next deal")
    assert next_deal.is_enabled()
    next_deal.click()
    area.locator("h3", has_text="humbug-2-8").wait_for(timeout=30_000)
    assert "Ann's seat" in title.inner_text()  # your seat stays yours
    assert "1 match finished so far" in area.inner_text()
    assert area.get_by_role("button", name="Next deal").is_disabled()
    assert not cut_off(area), cut_off(area)
    keep(page, area, screenshots, "humbug-next")
    assert not errors, errors


def _act_in_five_hundred(area: Any) -> None:
    """One action of the reader in a Five Hundred deal: the lowest call above a pass, three
    discards and the discard, or the first card that may be played."""
    actions = area.locator(".tt-actions")
    text = area.inner_text()
    if "cards to discard" in text:
        toggles = actions.locator("button:not(.mod-active)")
        chosen = actions.locator("button.mod-active").count()
        if chosen < 3:
            before = area.inner_text()
            toggles.first.click()
            changed(area, before)
            return
        area.get_by_role("button", name="Discard the chosen cards").click()
        return
    if "Joker leads as" in text:
        actions.locator("button[title^='Lead the joker']").first.click()
        return
    enabled = actions.locator("button:not([disabled]):not(.tt-unplayable)")
    if "Your call" in text and enabled.count() > 1:
        enabled.nth(1).click()
    else:
        enabled.first.click()


def test_a_five_hundred_deal_to_the_score(page: Any, site_url: str,
                                          screenshots: Path) -> None:
    errors = console_problems(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    area = start_live(page, site_url, FIVE_HUNDRED)
    assert "You (dealer)" in area.inner_text()
    for _ in range(60):
        if "The deal is over" in area.inner_text():
            break
        before = area.inner_text()
        _act_in_five_hundred(area)
        if area.inner_text() == before:
            changed(area, before)
    text = area.inner_text()
    assert "The deal is over" in text
    # The side's points once: the partner's row says "with ..." instead of a number.
    score = area.locator("table", has_text="Tricks and score")
    assert score.locator("td", has_text=re.compile(r"^with (you|Ann|Ben|Cleo|Dev)$")).count() == 2
    assert "Match total." in text
    assert re.search(r"After 1 deal: You and Ben -?\d+, Ann and Cleo -?\d+|After 1 deal:", text)
    sheet = area.locator("table", has_text="The match so far")
    assert sheet.locator("th").filter(has_text=re.compile(" and ")).count() == 2
    assert area.get_by_role("button", name="Next deal").is_enabled()
    keep(page, area, screenshots, "five-hundred-score")
    assert not errors, errors


def test_the_deal_demo_deals_a_code_on_enter(page: Any, site_url: str,
                                             screenshots: Path) -> None:
    errors = console_problems(page)
    page.set_viewport_size({"width": 375, "height": 900})
    area = start_live(page, site_url, HUMBUG, demo="deal_demo")
    field = area.get_by_placeholder("e.g. humbug-2-7")  # this page's own game
    assert "humbug-2-7" in area.inner_text()
    field.click()
    page.keyboard.type("humbug-2-12")
    page.keyboard.press("Enter")  # a real key press, no button
    area.get_by_text("Loaded deal code humbug-2-12").wait_for(timeout=30_000)
    assert area.locator("code", has_text="humbug-2-12").count() >= 1
    assert not cut_off(area), cut_off(area)
    keep(page, area, screenshots, "deal-demo-enter")
    assert not errors, errors


def test_the_score_sheet_deal_by_deal_and_to_the_end(page: Any, site_url: str,
                                                     screenshots: Path) -> None:
    errors = console_problems(page)
    page.set_viewport_size({"width": 375, "height": 900})
    area = start_live(page, site_url, PAGE, demo="score_sheet")
    step = area.get_by_role("button", name="Play the next deal")
    before = area.inner_text()
    step.click()
    changed(area, before)
    area.get_by_text(re.compile(r"After 1 deal: Ann -?\d+, Ben")).wait_for(timeout=30_000)
    area.get_by_role("button", name="Play to the end").click()
    area.get_by_text("The match is over after 19 deals").wait_for(timeout=60_000)
    assert step.is_disabled()
    assert area.locator("table tbody tr").count() == 19
    assert not cut_off(area), cut_off(area)
    keep(page, area, screenshots, "score-sheet")
    assert not errors, errors


def test_the_oh_hell_deal_demo_and_its_schedule_fit_a_phone(page: Any, site_url: str,
                                                            screenshots: Path) -> None:
    """Nineteen deals in the schedule, on a 375 px screen: the list wraps."""
    errors = console_problems(page)
    page.set_viewport_size({"width": 375, "height": 900})
    area = start_live(page, site_url, PAGE, demo="deal_demo")
    assert area.get_by_placeholder("e.g. oh-hell-4-2718-4").count() == 1
    assert area.locator("ol.tc-sched li").count() == 19
    assert "Deal 4: 7 cards" in area.locator("li[aria-current='true']").inner_text()
    assert not cut_off(area), cut_off(area)
    keep(page, area, screenshots, "oh-hell-deal-demo")
    assert not errors, errors
