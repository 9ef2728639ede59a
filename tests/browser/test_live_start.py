"""How long "Play it live" takes, cold and warm, beside the floor, as a reader meets it.

The browser runs with a persistent profile, as a reader's does: **cold** is the first page in a
fresh profile (nothing cached), **warm** a second page in the same profile (HTTP cache and
Chromium's WebAssembly code cache filled).  Other hosts do not resolve (conftest.py's
``--host-resolver-rules``); nothing is routed, since Playwright's routing turns the cache off.

Timed from the click to a playable table (both by the page's own clock: the click event and the
moment ``data-live-state`` turns "ready"), in the same run:

* the **floor**: a bare page that boots the site's Pyodide, loads the trickcore wheel by URL,
  imports trickcore and draws ten buttons (``FLOOR``, written next to the built site for the
  test and removed after it);
* **click at once**: the Oh Hell page is opened and "Play it live" clicked straight away (the
  click scrolls the demo into view, so the runtime starts with it);
* **after reading**: the reader scrolls to the demo, which starts the runtime (in a Web Worker)
  as it comes near the screen, reads for ``READ`` seconds, then clicks (whether or not the
  runtime has finished);
* the same **after reading, runtime in the page** (``?live-worker=0``), for the main thread's
  longest task beside the worker's: the worker is there so that reading and scrolling never
  freeze;
* **tap on a touch screen** (``navigator.maxTouchPoints``): nothing starts before the tap, so
  the runtime, the wheels and the widget manager all load after it (the goal: within 1.5x the
  floor, cold and warm).

The times are printed and written to ``_build/screenshots/live-start.json`` with what the page
and its worker fetched (requests, bytes over the wire), where the time went (the page's
``tt-live:`` marks, in seconds from the click, from the last run), how long the runtime took to
build the demo after the approach, and the main thread's longest task meanwhile (for click at
once, the approach is the click).  Performance
is measured, not asserted (only a generous sanity bound); asserted are a playable demo, an
honest ``data-live-state`` ("idle", "starting", then "ready" only with a control the reader can
use), nothing leaving the machine and a clean console.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from conftest import SITE
from test_live_table import PLAY_TABLE

pytestmark = pytest.mark.browser

DEMO_PAGE = "book/oh-hell/oh-hell.html"
FLOOR_PAGE = "_live-floor-test.html"
#: Runs of each scenario (LIVE_START_RUNS=1 for a quick look; the gate runs three).
RUNS = int(os.environ.get("LIVE_START_RUNS") or 3)
#: How long the reader reads after the demo came near the screen, before the click.
READ = 5.0
#: Far above any start seen here (about 4 s cold); a start slower than this is broken.
SANITY = 60.0
READY = "[data-live-state='ready']"

FLOOR = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The floor</title>
<link rel="icon" href="data:,"></head>
<body><button id="go" type="button">Start</button><div id="out"></div>
<script type="module">
const lite = new URL("lite/", location.href).href;
document.getElementById("go").addEventListener("click", async () => {
  const out = document.getElementById("out");
  out.dataset.liveState = "starting";
  const { loadPyodide } = await import(lite + "static/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: lite + "static/pyodide/" });
  await pyodide.loadPackage([lite + "pypi/" + "WHEEL"], { messageCallback() {} });
  pyodide.runPython("import trickcore");
  for (let i = 0; i < 10; i++) {
    const button = document.createElement("button");
    button.textContent = String(i);
    out.appendChild(button);
  }
  out.dataset.liveState = "ready";
});
</script></body></html>
"""


@pytest.fixture
def floor_page() -> Iterator[str]:
    (wheel,) = (SITE / "lite" / "pypi").glob("trickcore-*.whl")
    path = SITE / FLOOR_PAGE
    path.write_text(FLOOR.replace("WHEEL", wheel.name), encoding="utf-8")
    try:
        yield FLOOR_PAGE
    finally:
        path.unlink()


#: Recorded in every page from its first moment: each change of a live table's data-live-state
#: (with whether a bid, call or card could be used at that moment) and the main thread's long
#: tasks (PerformanceObserver "longtask": any task over 50 ms, when the page cannot answer).
#: Also the moment of the first click (``ttClickAt``) and of each state change (``at``), by the
#: page's own clock: the time from the click to "ready" is measured there, the same way on the
#: floor page and on the demo page (Playwright's own wait sees "ready" later on a page as large
#: as a rules page, about 0.3 s here, though the table is playable; that time is kept as well).
RECORDER = """
window.ttStates = [];
window.ttLongTasks = [];
window.ttClickAt = null;
window.addEventListener("click", function () {
  if (window.ttClickAt === null) window.ttClickAt = performance.now();
}, true);
new MutationObserver(function (records) {
  records.forEach(function (r) {
    window.ttStates.push({state: r.target.getAttribute("data-live-state"),
      at: performance.now(),
      playable: Boolean(r.target.querySelector(".tt-actions button:not([disabled]):not(.tt-unplayable)"))});
  });
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-live-state"]});
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) { window.ttLongTasks.push([e.startTime, e.duration]); });
}).observe({type: "longtask", buffered: true});
"""


class Profile:
    """A persistent browser profile: its pages, requests, console messages."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.foreign: list[str] = []
        self.console: list[str] = []
        self.context.on("request", self._request)
        self.context.add_init_script(RECORDER)

    def _request(self, request: Any) -> None:
        url = request.url
        if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.foreign.append(url)

    def page(self) -> Any:
        page = self.context.new_page()
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        return page


RESOURCES = ("() => { const all = performance.getEntriesByType('resource');"
             " return [all.length, all.reduce((s, e) => s + e.transferSize, 0)]; }")


def fetched(page: Any) -> dict[str, int]:
    """What the page and its workers fetched so far (Resource Timing: bytes over the wire, 0
    when cached)."""
    requests, transferred = 1, 0
    for where in [page, *page.workers]:
        count, size = where.evaluate(RESOURCES)
        requests += count
        transferred += size
    return {"requests": requests, "transferred": transferred}


def in_page(page: Any) -> float:
    """Seconds from the click to the first "ready", by the page's own clock."""
    elapsed: float = page.evaluate(
        "() => (window.ttStates.find(s => s.state === 'ready').at - window.ttClickAt) / 1000")
    return elapsed


def start_floor(page: Any, url: str) -> tuple[float, dict[str, Any]]:
    page.goto(url, wait_until="load")
    started = time.monotonic()
    page.click("#go")
    page.wait_for_selector(READY, timeout=SANITY * 1000)
    seen = time.monotonic() - started
    return in_page(page), {"seen by the test s": round(seen, 2), **fetched(page)}


def marks(page: Any) -> dict[str, float]:
    """The live table's marks (scripts/live_table.js), in seconds after the click."""
    found: dict[str, float] = page.evaluate(
        "() => { const all = performance.getEntriesByType('mark')"
        ".filter(m => m.name.startsWith('tt-live:'));"
        " const click = all.find(m => m.name === 'tt-live:click').startTime;"
        " return Object.fromEntries(all.map(m => [m.name.slice(8),"
        " Math.round(m.startTime - click) / 1000])); }"
    )
    return found


def longest_task(page: Any, since: str, until: str) -> float:
    """The main thread's longest task (s) between two of the live table's marks."""
    longest: float = page.evaluate(
        "([since, until]) => { const at = n => performance.getEntriesByName('tt-live:' + n)[0]"
        ".startTime; const a = at(since), b = at(until);"
        " return window.ttLongTasks.filter(([t, d]) => t + d > a && t < b)"
        ".reduce((m, [t, d]) => Math.max(m, d), 0) / 1000; }", [since, until])
    return round(longest, 3)


def start_demo(page: Any, url: str, read: float | None) -> tuple[float, dict[str, Any]]:
    """Open the demo page; with ``read``, scroll to the demo and read that long; then click
    "Play it live" and wait for a playable table.  The time from the click, and what happened."""
    page.goto(url, wait_until="load")
    live = page.locator(PLAY_TABLE)
    button = live.get_by_role("button", name="Play it live")
    report: dict[str, Any] = {}
    if read is not None:
        approached = time.monotonic()
        button.scroll_into_view_if_needed()
        time.sleep(max(0.0, approached + read - time.monotonic()))
        assert live.get_attribute("data-live-state") == "idle"
        report["built before the click"] = live.get_attribute("data-live-early") == "built"
    started = time.monotonic()
    button.click()
    page.wait_for_selector(f".tt-live-table{READY}", timeout=SANITY * 1000)
    report["seen by the test s"] = round(time.monotonic() - started, 2)
    elapsed = in_page(page)
    steps = marks(page)
    report["built after the approach s"] = round(
        steps["demo built in Python"] - steps["approach"], 2)
    report["longest main-thread task while getting ready s"] = longest_task(
        page, "approach", "demo built in Python")
    # data-live-state was honest: idle, starting, then ready only when the reader could play.
    states = page.evaluate("window.ttStates")
    assert [s["state"] for s in states] == ["starting", "ready"], states
    assert states[-1]["playable"], "ready before a bid could be made"
    return elapsed, {**report, **fetched(page), "steps s": steps}


#: A touch screen (a phone or a tablet): nothing loads before the tap (live_table.js).
TOUCH = """
Object.defineProperty(Navigator.prototype, "maxTouchPoints", {get: function () { return 5; }});
"""


def start_touch(page: Any, url: str) -> tuple[float, dict[str, Any]]:
    """On a touch screen: the page opened, the reader scrolls to the demo and taps; the
    runtime and the widget manager start only then."""
    page.add_init_script(TOUCH)
    page.goto(url, wait_until="load")
    live = page.locator(PLAY_TABLE)
    button = live.get_by_role("button", name="Play it live")
    button.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)
    assert live.get_attribute("data-live-early") is None  # nothing started before the tap
    started = time.monotonic()
    button.click()
    page.wait_for_selector(f".tt-live-table{READY}", timeout=SANITY * 1000)
    report: dict[str, Any] = {"seen by the test s": round(time.monotonic() - started, 2)}
    elapsed = in_page(page)
    states = page.evaluate("window.ttStates")
    assert [s["state"] for s in states] == ["starting", "ready"], states
    return elapsed, {**report, **fetched(page), "steps s": marks(page)}


SCENARIOS: list[tuple[str, str, Any]] = [
    ("floor", FLOOR_PAGE, start_floor),
    ("click at once", DEMO_PAGE, lambda page, url: start_demo(page, url, None)),
    ("after reading", DEMO_PAGE, lambda page, url: start_demo(page, url, READ)),
    ("after reading, runtime in the page", DEMO_PAGE + "?live-worker=0",
     lambda page, url: start_demo(page, url, READ)),
    ("tap on a touch screen", DEMO_PAGE, start_touch),
]


@pytest.mark.alone
def test_live_start_cold_and_warm(persistent_context: Callable[[str], Any], site_url: str,
                                  floor_page: str, screenshots: Path) -> None:
    times: dict[str, list[float]] = {}
    seen: dict[str, list[float]] = {}  # the same starts, as Playwright's wait saw them
    sizes: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for run in range(RUNS):
        for name, path, start in SCENARIOS:
            profile = Profile(persistent_context(f"{name}-{run}"))
            for warmth in ("cold", "warm"):
                page = profile.page()
                elapsed, what = start(page, site_url + path)
                times.setdefault(f"{name} {warmth}", []).append(elapsed)
                seen.setdefault(f"{name} {warmth}", []).append(what.pop("seen by the test s"))
                sizes[f"{name} {warmth}"] = what
                page.close()
            profile.context.close()
            problems += [f"{name}: tried to reach {u}" for u in profile.foreign]
            problems += [f"{name}: {m}" for m in profile.console]

    report: dict[str, Any] = {
        key: {"median s": round(statistics.median(values), 2),
              "runs s": [round(v, 2) for v in values],
              "seen by the test: median s": round(statistics.median(seen[key]), 2),
              **sizes[key]}
        for key, values in times.items()}
    for name, _, _ in SCENARIOS[1:]:
        for warmth in ("cold", "warm"):
            ratio = (statistics.median(times[f"{name} {warmth}"])
                     / statistics.median(times[f"floor {warmth}"]))
            by_test = (statistics.median(seen[f"{name} {warmth}"])
                       / statistics.median(seen[f"floor {warmth}"]))
            report[f"{name} / floor, {warmth}"] = {"ratio": round(ratio, 2),
                                                   "as the test saw it": round(by_test, 2)}
    (screenshots / "live-start.json").write_text(json.dumps(report, indent=1))
    print(f"\nclick to playable (median of {RUNS} runs):")
    for key, value in report.items():
        print(f"  {key:44} {value}")

    assert not problems, problems
    slowest = max(max(values) for values in times.values())
    assert slowest < SANITY, report


#: A browser whose data saver is on (Chrome's "Lite mode": navigator.connection.saveData).
SAVE_DATA = """
Object.defineProperty(Navigator.prototype, "connection",
                      {get: function () { return {saveData: true}; }});
"""


def test_data_saver_waits_for_the_click(page: Any, site_url: str) -> None:
    """With the data saver on, a demo near the screen loads nothing until the reader asks."""
    runtime: list[str] = []
    page.context.on("request", lambda r: runtime.append(r.url) if "/lite/" in r.url else None)
    page.add_init_script(SAVE_DATA)
    page.goto(site_url + DEMO_PAGE, wait_until="load")
    live = page.locator(PLAY_TABLE)
    button = live.get_by_role("button", name="Play it live")
    button.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)
    assert live.get_attribute("data-live-early") is None
    assert not runtime, runtime
    button.click()
    assert live.get_attribute("data-live-state") == "starting"
    assert live.locator("progress").is_visible()
    live.and_(page.locator(READY)).wait_for(timeout=SANITY * 1000)
    assert live.locator(".tt-actions button:not([disabled]):not(.tt-unplayable)").count() > 0
    assert runtime
