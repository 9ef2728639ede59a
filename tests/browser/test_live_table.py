"""The live table with the keyboard only, and on a phone, a tablet and a desktop screen.

* A whole hand of Oh Hell, with the keyboard only: Tab to a bid or a card, Enter or Space to
  play it; the focus stays in the table when its controls are redrawn, the cards are named in
  words, and the moves are read out (an ``aria-live`` region).
* At 375, 768 and 1280 px wide: nothing of the demo is cut off or wider than the page, it does
  not scroll inside itself, and the cards wrap.  Screenshots go to
  ``_build/screenshots/live-<width>.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PAGE = "book/oh-hell/oh-hell.html"
LIVE_TIMEOUT = 150_000
#: An enabled bid (its label is a number) or card (its tooltip says "Play the ...") of the table.
PLAYABLE = """(element) => {
  const area = document.querySelector('.tt-live-area');
  return area.contains(element) && element.matches('button.widget-button:not([disabled])')
    && (/^\\d+$/.test(element.textContent.trim()) || (element.title || '').startsWith('Play the'));
}"""


def shot(page: Any, locator: Any, path: Path) -> None:
    """A screenshot of one element, cropped from the full page (so that the theme's sticky
    header does not cover it, as it does in an element screenshot of a tall element)."""
    from PIL import Image

    box = locator.evaluate("e => { const r = e.getBoundingClientRect();"
                           " return {y: r.top + scrollY, h: r.height}; }")
    full = path.with_suffix(".full.png")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(full), full_page=True)
    with Image.open(full) as image:
        image.crop((0, max(0, int(box["y"]) - 8), image.width,
                    min(image.height, int(box["y"] + box["h"]) + 8))).save(path)
    full.unlink()


def start_live(page: Any, site_url: str) -> Any:
    page.goto(site_url + PAGE, wait_until="load")
    live = page.locator(".tt-live-table")
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    return live.locator(".tt-live-area")


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

    page.locator(".tt-live-table").get_by_role("link", name="Open as a notebook").focus()
    actions = []
    for turn in range(20):
        if "The deal is over" in area.inner_text():
            break
        label = tab_to_playable(page)
        before = area.inner_text()
        page.keyboard.press("Enter" if turn % 2 == 0 else " ")
        page.wait_for_function(
            "([area, before]) => area.innerText !== before",
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


@pytest.mark.parametrize("width", [375, 768, 1280])
def test_live_table_fits_the_screen(page: Any, site_url: str, screenshots: Path,
                                    width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    area = start_live(page, site_url)
    # Play the first bid so that the cards are buttons too.
    area.locator(".tt-actions button:not([disabled])").first.click()
    area.get_by_text("Your turn to play").or_(area.get_by_text("The deal is over")).first.wait_for(
        timeout=30_000
    )
    page.wait_for_timeout(300)
    problems: list[str] = page.evaluate(
        """() => {
          const area = document.querySelector('.tt-live-area');
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
    )
    shot(page, area, screenshots / f"live-{width}.png")
    assert not problems, problems


def test_one_click_plays_and_one_click_undoes(page: Any, site_url: str) -> None:
    """With the mouse: a bid, then the first click on an enabled card plays it, and one click
    on Undo takes it back."""
    area = start_live(page, site_url)
    count = ("(area) => [...area.querySelectorAll('.tt-actions button')]"
             ".filter(b => /[\u2660\u2665\u2666\u2663]/.test(b.textContent)).length")
    area.locator(".tt-actions button:not([disabled])").first.click()  # a bid
    area.get_by_text("Your turn to play").wait_for(timeout=30_000)
    cards = area.evaluate(count)
    assert cards == 7
    area.locator(".tt-actions button[title^='Play the']").first.click()
    page.wait_for_function(f"([area, n]) => ({count})(area) === n - 1",
                           arg=[area.element_handle(), cards], timeout=10_000)
    area.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"([area, n]) => ({count})(area) === n",
                           arg=[area.element_handle(), cards], timeout=10_000)
