"""Class links (issue 13): ``?deal=CODE&seat=N`` starts a live demo on that deal, from that
seat; a bad or foreign code is said in words and the page's own deal is shown; "Copy class
link" gives a link that deals the same cards again; the student edition has no teacher toggle.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_live_table import LIVE_TIMEOUT, PAGE, to_the_page

pytestmark = pytest.mark.browser

DEFAULT = "oh-hell-4-2718-4"  # the page's own play demo


def start(page: Any, url: str) -> Any:
    """Open ``url``, start its play demo, and wait until Python's answers are drawn."""
    page.goto(url, wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']")
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    page.wait_for_function(
        "() => !document.querySelector('.tt-live-table[data-live-busy]')", timeout=LIVE_TIMEOUT)
    to_the_page(page)
    return live


def shown(live: Any) -> tuple[str | None, str | None, str]:
    """The deal code and seat on screen, and the whole table as text."""
    code = live.locator(".tt-live-area [data-deal-code]").first
    return (code.get_attribute("data-deal-code"), code.get_attribute("data-deal-seat"),
            live.locator(".tt-live-area").inner_text())


def test_a_class_link_deals_the_same_hand_on_every_load(page: Any, site_url: str) -> None:
    url = f"{site_url}{PAGE}?deal=oh-hell-4-99-2&seat=Cleo"
    first = shown(start(page, url))
    second = shown(start(page, url))
    assert first[:2] == ("oh-hell-4-99-2", "2")
    assert "you sit in Cleo's seat" in first[2]
    assert first == second  # the same cards, the same bids before the reader's, the same text
    plain = shown(start(page, site_url + PAGE))
    assert plain[0] == DEFAULT
    assert plain[2] != first[2]


def test_a_seat_number_puts_you_in_that_seat(page: Any, site_url: str) -> None:
    code, seat, text = shown(start(page, f"{site_url}{PAGE}?deal=oh-hell-4-99-2&seat=1"))
    assert (code, seat) == ("oh-hell-4-99-2", "1")
    assert "you sit in Ben's seat" in text


@pytest.mark.parametrize(("deal", "said"), [
    ("humbug-2-7", "is a deal of Humbug"),
    ("%3Cscript%3Ealert(1)%3C%2Fscript%3E", "could not be read"),
    ("oh-hell-4-99-999", "could not be read"),
])
def test_a_bad_or_foreign_code_is_said_and_the_page_deal_shown(page: Any, site_url: str,
                                                               deal: str, said: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    code, _seat, text = shown(start(page, f"{site_url}{PAGE}?deal={deal}"))
    assert code == DEFAULT
    assert said in text
    assert "Traceback" not in text
    assert errors == []


def test_copy_class_link_reproduces_the_deal(page: Any, site_url: str) -> None:
    live = start(page, f"{site_url}{PAGE}?seat=2")
    before = shown(live)
    live.get_by_role("button", name="Copy class link").click()
    field = live.locator(".tt-class-link-field")
    field.wait_for(state="visible")
    link = field.input_value()
    assert f"deal={before[0]}" in link
    assert "seat=2" in link
    # the clipboard answers in its own time: copied, or "copy the link from the field"
    page.wait_for_function(
        "() => document.querySelector('.tt-class-link-status').textContent !== ''",
        timeout=10_000)
    after = shown(start(page, link))
    assert after == before


def test_the_student_edition_has_no_show_all_hands(page: Any, site_url: str) -> None:
    live = start(page, site_url + PAGE)
    assert "Show all hands" not in live.locator(".tt-live-area").inner_text()
    assert "Show all hands" not in page.content()  # nor in the snapshots' saved widget state


def test_the_end_of_a_hand_shows_a_result_code(page: Any, site_url: str) -> None:
    from trickcore.notation import decode_result

    live = start(page, f"{site_url}{PAGE}?deal=oh-hell-4-2718-10&seat=0")  # one card each
    area = live.locator(".tt-live-area")
    for _ in range(12):
        if area.locator("[data-result-code]").count():
            break
        area.locator(".tt-actions button:not([disabled]):not(.tt-unplayable)").first.click()
        page.wait_for_function(
            "() => !document.querySelector('.tt-live-table[data-live-busy]')",
            timeout=LIVE_TIMEOUT)
    code = area.locator("[data-result-code]").get_attribute("data-result-code")
    assert code is not None
    # the short form: the deal code first, then about a character and a half per choice
    assert code.startswith("TT2-oh-hell-4-2718-10.")
    assert len(code) < 60
    result = decode_result(code)
    assert (result.deal_code, result.seat) == ("oh-hell-4-2718-10", 0)
    assert "Your result code" in area.inner_text()
