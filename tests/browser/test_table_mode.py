"""One tap, one screen: "Play it live" brings the table to the reader, as a card game does.

* **The start brings the table.** The reader scrolls until "Play it live" is at the top, the
  middle or the bottom of the screen and taps it; once the table is ready the felt, the prompt
  and the first control the reader may use are wholly on the screen, with no scroll, and the
  focus is on that control; on a phone held upright the whole hand is on the screen too, in
  both languages.  Each family of games, on a phone (375x812, 390x844 and on its side
  844x390), a desktop (1280x800) and in projector view (1280x720, 1920x1080).  Screenshots of
  the table mode: ``_build/screenshots/table-mode-<family>-<width>x<height>-<lang>.png``.
* **A whole hand in table mode, by tapping**, on a phone: after every tap the page and the table
  stay where they are, and the next control and the felt are on the screen; every control of
  the table, its bar and its menu is at least 44x44 px; "Back to the page" puts the reader back
  where they were.
* **Nothing moves under the pointer**: the cumulative layout shift of each page with a demo, as
  Chromium's layout-shift entries report it, while it loads and its snapshots come near
  (recorded in ``_build/screenshots/layout-shift.json``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from conftest import SITE
from shots import record
from test_live_table import LIVE_TIMEOUT
from test_phone_table import HAND_ROWS, NEXT, PLAYED, SMALL_IN, check_opened

pytestmark = pytest.mark.browser

PAGES = {"oh-hell": "book/oh-hell/oh-hell.html", "humbug": "book/humbug.html",
         "five-hundred": "book/five-hundred/four-hand.html"}
PHONES = {(375, 812), (390, 844), (844, 390)}
#: A phone upright: the felt, the prompt, the controls and the whole hand on one screen.
PORTRAIT = {(375, 812), (390, 844)}
SIZES = [(375, 812), (390, 844), (844, 390), (1280, 800)]
PROJECTOR = [(1280, 720), (1920, 1080)]
START = {"en": "Play it live", "fr": "Jouer en direct"}
DEMO = ".tt-live-table[data-live-demo='play_demo']"
#: Python's answer to the last tap is drawn (live_table.js: data-live-busy until then).
SETTLED = "() => !document.querySelector('.tt-live-table[data-live-busy]')"


def context_for(browser: Any, size: tuple[int, int], **extra: Any) -> Any:
    width, height = size
    touch = {"has_touch": True, "is_mobile": True} if size in PHONES else {}
    return browser.new_context(viewport={"width": width, "height": height},
                               reduced_motion="reduce", **touch, **extra)


#: The top of the screen below what stays on it: the bottom of a sticky or fixed element at
#: the top (the theme's header; its article bar on a phone).
SCREEN_TOP = """() => {
  let e = document.elementFromPoint(innerWidth / 2, 2);
  for (; e && e !== document.body; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    const r = e.getBoundingClientRect();
    if ((position === 'sticky' || position === 'fixed') && r.top <= 2 &&
        r.bottom < innerHeight / 2) return Math.max(0, r.bottom);
  }
  return 0;
}"""

#: Scroll the page (or the projector's stage, which is the page) so that the start button's
#: middle is at ``where`` (0 the top of the screen, 1 its bottom), kept below the sticky header.
PLACE = """([button, where]) => {
  const top = (SCREEN_TOP)();
  const box = button.getBoundingClientRect();
  const room = innerHeight - top - box.height - 8;
  const wanted = top + 4 + room * where;
  window.scrollBy(0, box.top - wanted);
  return button.getBoundingClientRect().top;
}""".replace("SCREEN_TOP", SCREEN_TOP)

#: Where the felt, the prompt and the first control are, in the screen's terms, and whether the
#: focus is on that control.
MEASURE = """(root) => {
  const area = root.querySelector('.tt-live-area');
  const first = area.querySelector('.tt-actions button:not([disabled]):not(.tt-unplayable)') ||
    area.querySelector('.tt-actions button:not([disabled])');
  const cover = root.hasAttribute('data-table-mode') ? 0 : (SCREEN_TOP)();
  const bar = root.querySelector('.tt-table-bar');
  const barBottom = bar && root.hasAttribute('data-table-mode')
    ? bar.getBoundingClientRect().bottom : 0;
  const top = Math.max(cover, barBottom);
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  const on = (r) => r !== null && r.height > 0 && r.top >= top - 1 &&
    r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1;
  const felt = box(area.querySelector('.tt-felt'));
  const prompt = box(area.querySelector('.tt-prompt'));
  const control = box(first);
  const cards = [...area.querySelectorAll('.tt-hand .tt-card-button')].map(box);
  const hand = cards.length > 0 && cards.every(on);
  return {felt: on(felt), prompt: on(prompt), control: on(control), hand,
          focused: first !== null && document.activeElement === first,
          boxes: {felt, prompt, control, top, height: innerHeight,
                  lowestCard: Math.max(...cards.map((c) => c.bottom))},
          label: first ? (first.textContent || first.title).trim() : null,
          scrollY, tableMode: root.getAttribute('data-table-mode')};
}""".replace("SCREEN_TOP", SCREEN_TOP)


def start_at(page: Any, url: str, where: float, projector: bool, lang: str = "en") -> Any:
    """Open ``url``, put "Play it live" at ``where`` on the screen and tap it; the demo's root
    once the table is ready."""
    page.goto(url, wait_until="load")
    live = page.locator(DEMO).first
    if projector:
        live.locator(".tt-projector-button").click()
        page.locator(".tt-projector-stage").wait_for()
    button = live.get_by_role("button", name=START[lang])
    button.scroll_into_view_if_needed()
    page.wait_for_timeout(200)
    page.evaluate(PLACE, [button.element_handle(), where])
    page.wait_for_timeout(200)
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        button.tap()
    else:
        button.click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    page.wait_for_function(SETTLED,
                           timeout=LIVE_TIMEOUT)
    page.wait_for_timeout(300)
    return live


@pytest.mark.parametrize("size", SIZES + PROJECTOR, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("family", list(PAGES))
def test_the_start_brings_the_table(browser: Any, site_url: str, screenshots: Path,
                                    family: str, size: tuple[int, int]) -> None:
    projector = size in PROJECTOR
    context = context_for(browser, size)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for where in (0.0, 0.5, 1.0):
            live = start_at(page, site_url + PAGES[family], where, projector)
            seen = live.evaluate(MEASURE)
            assert projector or seen["tableMode"] == "table", seen
            for part in ("felt", "prompt", "control"):
                assert seen[part], (f"{family} at {size}, button at {where}: the {part} is not"
                                    f" on the screen: {seen['boxes']}")
            assert seen["focused"], f"the focus is not on {seen['label']!r}"
            if size in PORTRAIT:
                assert seen["hand"], f"{family} at {size}: the hand is not all on the screen"
            if where == 0.5:
                name = f"table-mode-{family}-{size[0]}x{size[1]}-en.png"
                page.screenshot(path=str(screenshots / name))
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("size", [(375, 812), (844, 390), (1280, 800), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("family", list(PAGES))
def test_the_table_mode_in_french(browser: Any, site_url: str, screenshots: Path,
                                  family: str, size: tuple[int, int]) -> None:
    context = context_for(browser, size)
    try:
        page = context.new_page()
        live = start_at(page, site_url + "fr/" + PAGES[family], 0.5, False, "fr")
        seen = live.evaluate(MEASURE)
        for part in ("felt", "prompt", "control"):
            assert seen[part], (part, seen["boxes"])
        if size in PORTRAIT:
            # French takes more lines than English: the calls and the hand still fit.
            assert seen["hand"], ("hand", seen["boxes"])
        assert live.locator(".tt-table-leave").inner_text() == "Retour à la page"
        page.screenshot(path=str(screenshots / f"table-mode-{family}-{size[0]}x{size[1]}-fr.png"))
    finally:
        context.close()


#: Every control drawn in the table (its bar, its area; the menu when it is open) under 44 px,
#: the fanned hand's strips apart (test_phone_table.py).
SMALL = SMALL_IN

ON_SCREEN = """(e) => { const r = e.getBoundingClientRect();
  const bar = document.querySelector('.tt-table-bar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= innerHeight + 1; }"""


@pytest.mark.parametrize("family", list(PAGES))
def test_a_whole_hand_in_table_mode(browser: Any, site_url: str, screenshots: Path,
                                    family: str) -> None:
    context = context_for(browser, (375, 812))
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        live = start_at(page, site_url + PAGES[family], 0.5, False)
        scroll = page.evaluate("scrollY")
        placed = live.evaluate("(root) => root.ownerDocument.querySelector("
                               "'.tt-table-placeholder').getBoundingClientRect().top")
        felt = live.locator(".tt-felt").first
        rows = live.evaluate(HAND_ROWS)
        assert rows <= (2 if family == "humbug" else 1), f"the hand is {rows} rows"
        least = 1e9
        taps = opens = 0
        while (label := live.evaluate(NEXT)) is not None and taps < 80:
            sizes = live.evaluate(SMALL)
            assert sizes["small"] == [], f"controls under 44 px: {sizes['small']}"
            least = min(least, sizes["least"])
            target = page.locator("[data-tt-next]")
            assert target.evaluate(ON_SCREEN), f"the next control ({label}) is off the screen"
            played = live.evaluate(PLAYED)
            target.tap()
            page.wait_for_function(SETTLED,
                                   timeout=LIVE_TIMEOUT)
            page.wait_for_timeout(120)
            taps += 1
            opens += check_opened(page, live, played, label)
            assert page.evaluate("scrollY") == scroll, f"tap {taps} ({label}) moved the page"
            assert live.evaluate("(root) => root.scrollTop") == 0, f"tap {taps} scrolled the table"
            assert felt.evaluate(ON_SCREEN), f"after tap {taps} the felt is off the screen"
            if taps == 3:
                page.screenshot(path=str(screenshots / f"table-mode-{family}-play.png"))
            if live.locator(".tt-result-code, [data-result-code]").count():
                break
        assert taps >= 5, f"only {taps} taps: the hand did not go on"
        page.screenshot(path=str(screenshots / f"table-mode-{family}-end.png"))
        # The menu: every tool there, each at least 44 px; then back to the table.
        live.locator(".tt-table-menu").tap()
        page.wait_for_timeout(200)
        assert live.get_attribute("data-table-mode") == "menu"
        for tool in (".tt-restart-button", ".tt-seat", ".tt-match-bar", ".tt-log", ".tt-paste",
                     ".tt-class-link"):
            assert live.locator(tool).first.is_visible(), f"{tool} is not in the menu"
        sizes = live.evaluate(SMALL)
        assert sizes["small"] == [], f"menu controls under 44 px: {sizes['small']}"
        page.screenshot(path=str(screenshots / f"table-mode-{family}-menu.png"))
        # "Next deal" from the menu: back on the table, the new deal's first control focused.
        next_deal = live.locator(".tt-next-button")
        if next_deal.is_enabled():
            next_deal.tap()
            page.wait_for_function(SETTLED,
                                   timeout=LIVE_TIMEOUT)
            page.wait_for_timeout(300)
            seen = live.evaluate(MEASURE)
            assert seen["tableMode"] == "table"
            for part in ("felt", "prompt", "control"):
                assert seen[part], (part, seen["boxes"])
            assert seen["focused"], seen["label"]
        record(screenshots / "table-mode-controls.json", family, int(least))
        # Back to the page: where the reader was, the live table in its place.
        live.locator(".tt-table-leave").tap()
        page.wait_for_timeout(200)
        assert live.get_attribute("data-table-mode") is None
        assert page.evaluate("scrollY") >= 0
        top = live.evaluate("(root) => root.getBoundingClientRect().top")
        assert abs(top - placed) <= 2, f"the demo came back at {top}, not {placed}"
        assert live.locator(".tt-table-enter").is_visible()
        assert errors == []
    finally:
        context.close()


#: Every layout shift the page reports (not those right after an input), summed.
SHIFTS = """
window.ttShift = 0;
window.ttShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.ttShift += entry.value;
    window.ttShifts.push([Math.round(entry.startTime), +entry.value.toFixed(4),
      entry.sources.map((s) => s.node ? (s.node.className || s.node.nodeName) + '' : '?')
        .slice(0, 3)]);
  }
}).observe({type: 'layout-shift', buffered: true});
"""

SHIFT_PAGES = [*PAGES.values(), "book/numbers/hook-and-seats.html"]


#: Seconds the theme's deferred script is held back in the "slow" case.  A slow phone or network
#: gets it late; the page's scripts that wait for the document to be ready (the projector
#: button, the live tables) then run after the browser has drawn the page at its "Play it"
#: section, and anything they add to the page above the reader moves what the reader sees.
LATE_THEME = 1.5


@pytest.mark.parametrize(("size", "slow"), [((1280, 800), False), ((375, 812), False),
                                            ((375, 812), True)],
                         ids=["1280x800", "375x812", "375x812-slow"])
@pytest.mark.parametrize("path", SHIFT_PAGES)
def test_nothing_moves_under_the_pointer(browser: Any, site_url: str, screenshots: Path,
                                         path: str, size: tuple[int, int], slow: bool) -> None:
    if not (SITE / path).is_file():
        pytest.skip(f"no page {path} in this build")
    context = context_for(browser, size)
    try:
        page = context.new_page()
        page.add_init_script(SHIFTS)
        if slow:
            def late(route: Any) -> None:
                time.sleep(LATE_THEME)
                route.continue_()
            page.route("**/pydata-sphinx-theme.js*", late)
        # A link to the demo's section (a contents entry, a class link's anchor): the demo is on
        # the first screen as the page loads, and its snapshot must not push "Play it live".
        page.goto(site_url + path + "#play-it", wait_until="load")
        page.wait_for_timeout(5000)
        # Then the reader scrolls on, a screen at a time.
        for _ in range(6):
            page.evaluate(f"window.scrollBy(0, {int(size[1] * 0.8)})")
            page.wait_for_timeout(400)
        page.wait_for_timeout(1500)
        shift = page.evaluate("window.ttShift")
        shifts = page.evaluate("window.ttShifts")
        record(screenshots / "layout-shift.json",
               f"{path} {size[0]}x{size[1]}{' slow' if slow else ''}",
               round(shift * 1000))
        assert shift <= 0.1, f"{path}: cumulative layout shift {shift:.3f}: {shifts[:6]}"
    finally:
        context.close()
