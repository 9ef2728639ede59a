"""The class board on the teacher edition's Class results page, as a
teacher uses it (``_build/teacher``).

Thirty students, each with a name on their line (before or after the code, with the separators
a chat or a spreadsheet gives, accents, other scripts and one hostile name), played one 4-player
Oh Hell deal their own way.  The test pastes the lines, presses "Show the results", waits for
``data-results-state="ready"``, and checks the names in the table and on the board (the hostile
one as text), the board's order, and the time it took (printed: the search in the page is
whichever the live edition has: Python in Pyodide until the WebAssembly search lands).
Screenshots: ``class-board-desktop.png`` (1280x900), ``class-board-phone.png`` (375x812) and
``class-board-projector.png`` (the demo's projector view at 1920x1080), in
``_build/screenshots`` (and ``/tmp/board`` when that folder exists).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from test_live_table import start_live

from trickcore.engine.turns import play_deal
from trickcore.notation import encode_result, match_from_code
from trickcore.players.random import RandomBot

pytestmark = pytest.mark.browser

RESULTS_PAGE = "book/teachers/class-results.html"
NAMES = ["Alice", "Ben", "Chloé", "Dmitri", "Émile", "Farah", "李小龍", "Grace", "Hugo", "Inès",
         "Jonas", "Kemal", "Léa", "Mohammed", "Noor", "Olga", "Pablo", "Quentin", "Rosa",
         "Søren", "Tomás", "Ulla", "Viktor", "Wen", "Xavier", "Yasmin", "Zoë", "Ada", "Björn",
         "<img src=x onerror=alert(1)>"]
FORMS = ["{name}: {code}", "{name} {code}", "{code} ({name})", "{name}\t{code}",
         "{code}, {name}", "[10:32] {name}: {code}"]


def class_lines() -> list[str]:
    """Thirty named lines on deal oh-hell-4-2718-1, each student playing it their own way."""
    lines = []
    for n, name in enumerate(NAMES):
        match = match_from_code("oh-hell-4-2718-1")
        play_deal(match.next_deal(), [RandomBot(seed=n * 10 + s) for s in range(4)])
        code = encode_result(match, n % 4)
        lines.append(FORMS[n % len(FORMS)].format(name=name, code=code))
    return lines


#: Records every data-results-state the page shows, in order (the status is redrawn whole).
WATCH = """(area) => {
  window.ttStates = [];
  const note = (node) => {
    if (node.nodeType !== 1) return;
    for (const e of [node, ...node.querySelectorAll('[data-results-state]')])
      if (e.hasAttribute('data-results-state'))
        window.ttStates.push(e.getAttribute('data-results-state'));
  };
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note)))
    .observe(area, {childList: true, subtree: true});
}"""


def paste_and_wait(page: Any, area: Any, lines: list[str]) -> float:
    area.get_by_role("textbox").fill("\n".join(lines))
    area.evaluate(WATCH)
    started = time.monotonic()
    area.get_by_role("button", name="Show the results").click()
    area.locator("[data-results-state='ready']").wait_for(timeout=180_000)
    took = time.monotonic() - started
    states = page.evaluate("window.ttStates")
    assert "working" in states, states
    assert states.index("working") < len(states) - 1 - states[::-1].index("ready"), states
    return took


def keep(path: Path) -> None:
    out = Path("/tmp/board")
    if out.is_dir():
        shutil.copy(path, out / path.name)


def test_thirty_named_students_on_one_deal(browser: Any, teacher_url: str,
                                           screenshots: Path) -> None:
    lines = class_lines()
    timings = {}
    for label, viewport, mobile in (("desktop", {"width": 1280, "height": 900}, False),
                                    ("phone", {"width": 375, "height": 812}, True)):
        context = browser.new_context(viewport=viewport, has_touch=mobile, is_mobile=mobile)
        try:
            page = context.new_page()
            dialogs: list[str] = []
            page.on("dialog", lambda d, seen=dialogs: (seen.append(d.message), d.dismiss()))
            area = start_live(page, teacher_url, RESULTS_PAGE, demo="class_results")
            timings[label] = paste_and_wait(page, area, lines)
            assert "30 result codes read" in area.inner_text()
            table = area.locator("table.tt-class-results tbody tr")
            assert table.count() == 30
            board = area.locator(".tt-class-board")
            rows = board.locator(".tt-board-row")
            assert rows.count() == 30
            names = rows.locator(".tt-board-name").all_inner_texts()
            assert sorted(names) == sorted(NAMES)
            texts = table.all_inner_texts()
            for name in ("Chloé", "李小龍", "<img src=x onerror=alert(1)>"):
                assert any(name in row for row in texts), name
            assert area.locator("img").count() == 0  # the hostile name is text
            assert not dialogs
            points = [int(p) for p in rows.locator(".tt-board-points").all_inner_texts()]
            assert points == sorted(points, reverse=True)
            assert "not solved" not in area.inner_text()
            assert area.locator("table.tt-open-hands tbody tr").count() == 1
            for part in (board, area.locator(".tt-class-scroll").first):
                box = part.bounding_box()
                assert box is not None
                assert box["x"] >= 0
                assert box["x"] + box["width"] <= viewport["width"] + 1, (label, box)
            board.scroll_into_view_if_needed()
            path = screenshots / f"class-board-{label}.png"
            board.screenshot(path=str(path))
            keep(path)
            if label == "desktop":
                area.get_by_role("button", name="By deal").click()
                board.locator("h5").first.wait_for()
                page.set_viewport_size({"width": 1920, "height": 1080})
                page.get_by_role("button", name="Projector view").first.click()
                stage = page.locator(".tt-projector-stage")
                stage.wait_for()
                stage.locator(".tt-class-board").scroll_into_view_if_needed()
                path = screenshots / "class-board-projector.png"
                page.screenshot(path=str(path))
                keep(path)
        finally:
            context.close()
    print(f"\nclass board, 30 students on one deal: desktop {timings['desktop']:.1f} s,"
          f" phone {timings['phone']:.1f} s (click to data-results-state=ready)")
