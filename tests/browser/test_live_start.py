"""How long "Play it live" takes, cold and warm, beside the floor, as a reader meets it.

The browser runs with a persistent profile, as a reader's does: **cold** is the first page in a
fresh profile (nothing cached), **warm** a second page in the same profile (HTTP cache and
Chromium's WebAssembly code cache filled).  Other hosts do not resolve (conftest.py's
``--host-resolver-rules``); nothing is routed, since Playwright's routing turns the cache off.

Two things are timed from the click, in the same run:

* the **floor**: a bare page that boots the site's Pyodide, loads the trickcore wheel by URL,
  imports trickcore and draws ten buttons (``FLOOR``, written next to the built site for the
  test and removed after it);
* the **live demo** of the Oh Hell page: from "Play it live" to the table accepting input
  (``data-live-state="ready"`` and an enabled bid button).

The times are printed and written to ``_build/screenshots/live-start.json`` with what the page
fetched (requests, bytes over the wire) and, for the live demo, where the time went (the
page's ``tt-live:`` performance marks, from the last run); the guide measures performance and does not assert it
in timed tests, so only a generous sanity bound is asserted, besides the demo being playable,
nothing leaving the machine and a clean console.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
DEMO_PAGE = "book/oh-hell/oh-hell.html"
FLOOR_PAGE = "_live-floor-test.html"
RUNS = 3
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


class Profile:
    """A persistent browser profile: its pages, requests, console messages."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.foreign: list[str] = []
        self.console: list[str] = []
        self.context.on("request", self._request)

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


def fetched(page: Any) -> dict[str, int]:
    """What the page fetched so far (Resource Timing: bytes over the wire, 0 when cached)."""
    result: dict[str, int] = page.evaluate(
        "() => { const all = performance.getEntriesByType('resource');"
        " return {requests: all.length + 1,"
        " transferred: all.reduce((s, e) => s + e.transferSize, 0)}; }"
    )
    return result


def start_floor(page: Any, url: str) -> tuple[float, dict[str, Any]]:
    page.goto(url, wait_until="load")
    started = time.monotonic()
    page.click("#go")
    page.wait_for_selector(READY, timeout=SANITY * 1000)
    elapsed = time.monotonic() - started
    return elapsed, fetched(page)


def steps(page: Any) -> dict[str, float]:
    """The live table's marks (scripts/live_table.js), in seconds after the click."""
    marks: dict[str, float] = page.evaluate(
        "() => { const all = performance.getEntriesByType('mark')"
        ".filter(m => m.name.startsWith('tt-live:'));"
        " const click = all.find(m => m.name === 'tt-live:click').startTime;"
        " return Object.fromEntries(all.map(m => [m.name.slice(8),"
        " Math.round(m.startTime - click) / 1000])); }"
    )
    return marks


def start_demo(page: Any, url: str) -> tuple[float, dict[str, Any]]:
    page.goto(url, wait_until="load")
    live = page.locator("section#play-it .tt-live-table")
    button = live.get_by_role("button", name="Play it live")
    button.scroll_into_view_if_needed()
    started = time.monotonic()
    button.click()
    assert live.get_attribute("data-live-state") == "starting"
    playable = live.locator(".widget-button:not([disabled])").first
    page.wait_for_selector(f".tt-live-table{READY}", timeout=SANITY * 1000)
    playable.wait_for(timeout=SANITY * 1000)
    elapsed = time.monotonic() - started
    return elapsed, {**fetched(page), "steps s": steps(page)}


def test_live_start_cold_and_warm(persistent_context: Callable[[str], Any], site_url: str,
                                  floor_page: str, screenshots: Path) -> None:
    times: dict[str, list[float]] = {}
    sizes: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for run in range(RUNS):
        for name, url, start in (("floor", site_url + floor_page, start_floor),
                                 ("live demo", site_url + DEMO_PAGE, start_demo)):
            profile = Profile(persistent_context(f"{name}-{run}"))
            for warmth in ("cold", "warm"):
                page = profile.page()
                elapsed, what = start(page, url)
                times.setdefault(f"{name} {warmth}", []).append(elapsed)
                sizes[f"{name} {warmth}"] = what
                page.close()
            profile.context.close()
            problems += [f"{name}: tried to reach {u}" for u in profile.foreign]
            problems += [f"{name}: {m}" for m in profile.console]

    report = {key: {"median s": round(statistics.median(values), 2),
                    "runs s": [round(v, 2) for v in values], **sizes[key]}
              for key, values in times.items()}
    for warmth in ("cold", "warm"):
        ratio = (statistics.median(times[f"live demo {warmth}"])
                 / statistics.median(times[f"floor {warmth}"]))
        report[f"live demo / floor, {warmth}"] = {"ratio": round(ratio, 2)}
    (screenshots / "live-start.json").write_text(json.dumps(report, indent=1))
    print(f"\nclick to playable (median of {RUNS} runs):")
    for key, value in report.items():
        print(f"  {key:26} {value}")

    assert not problems, problems
    slowest = max(max(values) for values in times.values())
    assert slowest < SANITY, report
