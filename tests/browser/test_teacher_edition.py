"""The teacher edition's live tools, as a teacher uses them (``_build/teacher``).

* **Class results**: the teacher pastes the codes a class sent (two good ones and one spoilt
  in the copy) into the live demo of the "Class results" page and presses "Show the results":
  one row per good code, the spoilt line named by its number, the spread of scores drawn, what
  each seat could take with every hand open, and a clean console.
* **The teacher's control**: in the teacher edition the play demo has "Show all hands
  (teacher)", and turning it on shows every hand face up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from shots import shot
from test_live_table import start_live

from trickcore.engine.turns import play_deal
from trickcore.notation import encode_result, match_from_code
from trickcore.players.heuristic import HeuristicBot

pytestmark = pytest.mark.browser

RESULTS_PAGE = "book/teachers/class-results.html"


def played(code: str, seat: int, deals: int) -> str:
    """The result code of a student at ``seat`` once the bots have played ``deals`` deals."""
    match = match_from_code(code)
    for _ in range(deals):
        play_deal(match.next_deal(), [HeuristicBot()] * match.players)
    return encode_result(match, seat)


def console_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning")
            else None)
    return errors


def test_the_class_results_of_three_pasted_lines(page: Any, teacher_url: str,
                                                 screenshots: Path) -> None:
    errors = console_errors(page)
    good = [played("oh-hell-4-2718-2", 1, 2), played("oh-hell-3-7", 0, 9)]
    spoilt = good[0][:-6] + ("abcdef" if not good[0].endswith("abcdef") else "ghijkl")
    area = start_live(page, teacher_url, RESULTS_PAGE, demo="class_results")
    area.get_by_role("textbox").fill("\n".join([*good, spoilt]))
    area.get_by_role("button", name="Show the results").click()
    area.get_by_text("2 result codes read, 1 line skipped").wait_for(timeout=120_000)
    text = area.inner_text()
    assert "oh-hell-4-2718-2" in text
    assert "oh-hell-3-7-9" in text
    assert "Line 3" in area.locator(".tt-class-problems").inner_text()
    assert area.locator("figure.tt-class-figure svg").count() == 1
    # One row per deal the class played: what each seat could take.
    open_hands = area.locator("table.tt-open-hands tbody tr")
    assert open_hands.count() == 2
    assert "Ann" in open_hands.first.inner_text()
    shot(page, area, screenshots / "teacher-class-results.png")
    assert not errors, errors


def test_the_teacher_sees_every_hand(page: Any, teacher_url: str, screenshots: Path) -> None:
    errors = console_errors(page)
    area = start_live(page, teacher_url, "book/oh-hell/oh-hell.html")
    toggle = area.get_by_role("button", name="Show all hands (teacher)")
    assert toggle.count() == 1
    faces = "(area) => area.querySelectorAll('.tc-card:not(.tc-back)').length"
    before = area.evaluate(faces)
    toggle.click()
    page.wait_for_function(f"([area, n]) => ({faces})(area) > n",
                           arg=[area.element_handle(), before], timeout=30_000)
    shot(page, area, screenshots / "teacher-all-hands.png")
    assert not errors, errors
