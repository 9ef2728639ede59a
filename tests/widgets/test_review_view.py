"""The "Review this hand" panel (trickcore.widgets.review_view): escaped, marked by words and
symbols, carrying data-review-state; offered after the last trick and in practice play."""

from __future__ import annotations

import dataclasses
import re

from trickcore.engine.dealing import deal_from_hands
from trickcore.engine.state import HandState
from trickcore.i18n import language
from trickcore.rules.registry import get_variant
from trickcore.study.review import review_hand
from trickcore.widgets import play_demo
from trickcore.widgets.review_view import review_html


def _humbug_slip() -> HandState:
    rules = get_variant("humbug")
    state = HandState(rules, deal_from_hands(rules, ["AS QS", "KS 2D"], dealer=1, turn_up="2D"))
    for card in ("QS", "KS", "2D", "AS"):
        state.play(card)
    return state


def test_panel_marks_words_and_state() -> None:
    review = review_hand(_humbug_slip(), 0)
    page = review_html(review)
    assert 'data-review-state="ready"' in page
    assert page.count('data-mark="loses"') == 1
    assert page.count('data-mark="keeps"') == 1
    assert "✗ loses 1 trick" in page
    assert "✓ keeps" in page
    assert "tt-coach-slip" in page
    assert 'data-line-step="0"' in page
    step = review_html(review, step=2)
    assert 'data-line-step="2"' in step
    assert step.count("<figure>") == 2
    assert 'data-review-state="working"' in review_html(None)


def test_panel_in_french() -> None:
    review = review_hand(_humbug_slip(), 0)
    with language("fr"):
        page = review_html(review)
    assert "✗ perd 1 pli" in page
    assert "Revue de cette donne" in page


def test_panel_escapes_every_text() -> None:
    review = review_hand(_humbug_slip(), 0)
    page = review_html(review)
    text = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    text = re.sub(r"<svg.*?</svg>", "", text, flags=re.S)
    # the only tags are the panel's own
    tags = set(re.findall(r"</?([a-z0-9]+)", text))
    assert tags <= {"div", "h4", "p", "b", "ol", "li", "span", "br", "figure", "figcaption"}
    unsupported = dataclasses.replace(review, unsupported="<script>alert(1)</script>")
    assert "<script>" not in review_html(unsupported)
    assert "&lt;script&gt;" in review_html(unsupported)


def test_button_after_the_last_trick_and_in_practice() -> None:
    demo = play_demo(code="oh-hell-4-2718-6")
    panel = demo.coach
    assert demo.play.practice
    session = demo.play.session
    while not session.finished:
        if session.state.phase.value == "playing":
            assert panel.offered()  # practice: at any moment of the play
        choice = session.hint()
        assert choice is not None
        session.act(choice.action)
    demo.refresh()
    assert panel.offered()
    panel.button.click()
    assert 'data-review-state="ready"' in panel.html.value
    assert panel.html.value.count("data-mark=") == 5
    panel.next.click()
    assert 'data-line-step="1"' in panel.html.value
    panel.prev.click()
    assert panel.prev.disabled


def test_the_live_table_is_asked_to_post_working_before_the_work() -> None:
    """``open`` asks the page to post what it holds (page_runner.flush) once the panel says
    "working": the live table holds a handler's messages back until it returns, so without it
    the page would never see "working"."""
    from trickcore.widgets import page_runner

    demo = play_demo(code="oh-hell-4-2718-6")
    session = demo.play.session
    while not session.finished:
        choice = session.hint()
        assert choice is not None
        session.act(choice.action)
    demo.refresh()
    at_flush: list[str] = []
    page_runner.install(lambda kind, text, buffers: None,
                        lambda: at_flush.append(demo.coach.html.value))
    try:
        demo.coach.button.click()
    finally:
        page_runner.uninstall()
    assert len(at_flush) == 1
    assert 'data-review-state="working"' in at_flush[0]
    assert 'data-review-state="ready"' in demo.coach.html.value
    page_runner.flush()  # uninstalled: nothing is called
    assert len(at_flush) == 1
