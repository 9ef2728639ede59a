"""The self-check quizzes in the built book: answered wrongly, then rightly, with
no network.

Every host but 127.0.0.1 fails to resolve in these tests (conftest's Chromium flags), and every
request is recorded: the quiz must draw and answer with nothing from outside the site, with no
console error, on a page without formulas and on one with MathJax (jupyterquiz would fetch
MathJax from a CDN there if trickbook.quiz had not taken that out).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

#: A page without formulas and one with MathJax, each with its quiz's element id.
QUIZ_PAGES = {"book/foundations/bidding.html": "tt-quiz-bidding",
              "book/foundations/scoring.html": "tt-quiz-scoring"}


@pytest.mark.parametrize("path", list(QUIZ_PAGES))
def test_quiz_answers_wrong_then_right_offline(page: Any, site_url: str, path: str) -> None:
    errors: list[str] = []
    foreign: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: foreign.append(r.url) if urlparse(r.url).hostname != "127.0.0.1"
            and not r.url.startswith(("data:", "blob:", "about:")) else None)
    page.goto(site_url + path, wait_until="networkidle")
    quiz = page.locator(f"#{QUIZ_PAGES[path]}")
    questions = quiz.locator(".Quiz")
    questions.first.wait_for()
    assert 3 <= questions.count() <= 5
    first = questions.first
    feedback = first.locator(".Feedback")
    first.scroll_into_view_if_needed()

    wrong = first.locator("label.MCButton[data-correct='false']").first
    why = wrong.get_attribute("data-feedback")
    assert why
    wrong.click()
    assert feedback.inner_text().strip() == why.strip()
    assert "incorrect" in (feedback.get_attribute("class") or "").split()
    assert "incorrectButton" in (wrong.get_attribute("class") or "").split()

    right = first.locator("label.MCButton[data-correct='true']")
    assert right.count() == 1
    right.click()
    assert feedback.inner_text().strip() == (right.get_attribute("data-feedback") or "").strip()
    assert "correct" in (feedback.get_attribute("class") or "").split()
    assert "correctButton" in (right.get_attribute("class") or "").split()

    page.wait_for_timeout(800)           # jupyterquiz typesets 500 ms after drawing
    assert not errors, errors
    assert not foreign, f"{path} asked other hosts: {foreign}"


def test_every_wrong_answer_explains_itself(page: Any, site_url: str) -> None:
    """On the built page, each answer button carries its own feedback."""
    page.goto(site_url + "book/foundations/tricks.html", wait_until="networkidle")
    labels = page.locator("#tt-quiz-tricks label.MCButton")
    labels.first.wait_for()
    assert labels.count() >= 9
    for label in labels.all():
        assert (label.get_attribute("data-feedback") or "").strip(), label.inner_text()


def test_quiz_answers_from_the_keyboard(page: Any, site_url: str) -> None:
    """Each answer is a radio button: Tab reaches a question, an arrow key answers it."""
    page.goto(site_url + "book/foundations/tricks.html", wait_until="networkidle")
    first = page.locator("#tt-quiz-tricks .Quiz").first
    first.wait_for()
    radios = first.locator("input[type='radio']")
    assert radios.count() >= 2
    radios.first.focus()
    page.keyboard.press("Space")
    feedback = first.locator(".Feedback")
    chosen = first.locator("label.MCButton").first
    assert feedback.inner_text().strip() == (chosen.get_attribute("data-feedback") or "").strip()
