"""The live analyses of "The numbers", in the built book, with no connection.

Other hosts do not resolve (conftest.py's ``--host-resolver-rules``) and every request to one is
recorded: there must be none.  On the bids page the reader starts the analysis, picks another
hand, and the figure (SVG drawn by trickcore's pure-Python backend: the site's Pyodide has no
matplotlib) is redrawn for it; on the hook page the same with the number of players.  The times
(click to ready, control to new figure) are printed and written to
``_build/screenshots/live-analysis.json``; screenshots at 1280 and 375 px go to
``_build/screenshots/analysis-<page>-<width>.png``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from shots import shot

pytestmark = pytest.mark.browser

LIVE_TIMEOUT = 150_000
FIGURE = ".tt-live-area svg.tc-svg-figure"
TIMES: dict[str, float] = {}


def start(page: Any, url: str, demo: str) -> tuple[Any, float]:
    """Open the page, press its "Play it live" and wait for the figure; the live section and
    the seconds from the click to ready."""
    page.goto(url, wait_until="load")
    live = page.locator(f".tt-live-table[data-live-demo='{demo}']")
    began = time.perf_counter()
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    page.locator(FIGURE).wait_for(timeout=LIVE_TIMEOUT)
    return live, time.perf_counter() - began


def redraw(page: Any, change: Any) -> tuple[str, float]:
    """Do ``change`` and wait until the figure's alt text changes; the new one and the time."""
    before = page.locator(FIGURE).get_attribute("aria-label")
    began = time.perf_counter()
    change()
    page.wait_for_function(
        "([sel, old]) => { const s = document.querySelector(sel);"
        " return s && s.getAttribute('aria-label') !== old; }",
        arg=[FIGURE, before], timeout=60_000)
    label: str = page.locator(FIGURE).get_attribute("aria-label") or ""
    return label, time.perf_counter() - began


def watch(page: Any) -> tuple[list[str], list[str]]:
    """The console errors and warnings, and every request that left 127.0.0.1."""
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning")
            else None)
    page.on("request", lambda r: outside.append(r.url)
            if urlparse(r.url).hostname not in ("127.0.0.1", None) and
            not r.url.startswith(("data:", "blob:")) else None)
    return errors, outside


def check_figure(page: Any) -> None:
    """The figure is accessible SVG with axes, labels and error bars."""
    svg = page.locator(FIGURE)
    assert svg.get_attribute("role") == "img"
    assert svg.locator("title").first.text_content()
    assert svg.locator("desc").text_content() == svg.get_attribute("aria-label")
    assert svg.locator(".tc-xtick").count() >= 2
    assert svg.locator(".tc-ytick").count() >= 2
    assert svg.locator(".tc-xlabel").count() == 1
    assert svg.locator(".tc-ylabel").count() == 1
    assert svg.locator(".tc-errorbar").count() >= 1


def no_overflow(page: Any, live: Any) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    box = live.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    svg_box = page.locator(FIGURE).bounding_box()
    assert svg_box["x"] + svg_box["width"] <= width + 1


def test_pick_a_hand_on_the_bids_page(page: Any, site_url: str, screenshots: Path) -> None:
    errors, outside = watch(page)
    live, TIMES["bids: click to ready (s)"] = start(page, site_url + "book/numbers/bids.html",
                                                   "bid_chances_demo")
    check_figure(page)
    first = page.locator(FIGURE).get_attribute("aria-label") or ""
    assert "5-card hands with 1 trump" in first
    assert page.locator(f"{FIGURE} .tc-bar").count() == 6  # 0 to 5 tricks
    assert live.locator("button[title='Trumps: 1']").is_disabled()  # the chosen one
    label, TIMES["bids: new trumps to new figure (s)"] = redraw(
        page, lambda: live.locator("button[title='Trumps: 2']").click())
    assert "5-card hands with 2 trumps" in label
    assert "with 2 trumps" in live.locator("[role='status']").last.text_content()
    label, TIMES["bids: new hand size to new figure (s)"] = redraw(
        page, lambda: live.locator("button[title='Cards in the hand: 7']").click())
    assert "7-card hands" in label
    assert page.locator(f"{FIGURE} .tc-bar").count() == 8
    label, TIMES["bids: new deals to new figure (s)"] = redraw(
        page, lambda: live.get_by_role("button", name="New deals").click())
    shot(page, live, screenshots / "analysis-bids-1280.png")
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(300)
    no_overflow(page, live)
    shot(page, live, screenshots / "analysis-bids-375.png")
    assert outside == []
    assert errors == []


def test_the_hook_with_more_players(page: Any, site_url: str, screenshots: Path) -> None:
    errors, outside = watch(page)
    live, TIMES["hook: click to ready (s)"] = start(
        page, site_url + "book/numbers/hook-and-seats.html", "hook_effect_demo")
    check_figure(page)
    assert "4 players" in (page.locator(FIGURE).get_attribute("aria-label") or "")
    assert page.locator(f"{FIGURE} .tc-series").count() == 3
    label, TIMES["hook: new players to new figure (s)"] = redraw(
        page, lambda: live.locator("button[title='Players: 6']").click())
    assert "6 players" in label
    shot(page, live, screenshots / "analysis-hook-1280.png")
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(300)
    no_overflow(page, live)
    shot(page, live, screenshots / "analysis-hook-375.png")
    assert outside == []
    assert errors == []
    (screenshots / "live-analysis.json").write_text(json.dumps(TIMES, indent=2) + "\n")
    print(json.dumps(TIMES, indent=2))
