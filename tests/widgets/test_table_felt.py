"""The felt: seats around the table in play order, the trick in the middle, motion and speed."""

from __future__ import annotations

import html
import re

import pytest

from trickcore import i18n
from trickcore.rules.registry import get_variant
from trickcore.widgets import play_demo
from trickcore.widgets.demo_model import DealSetup, HandSession
from trickcore.widgets.table_felt import felt_html, slots


@pytest.mark.parametrize("players", range(2, 9))
def test_slots_put_the_reader_at_the_bottom_and_the_next_on_the_left(players: int) -> None:
    places = slots(players)
    assert len(places) == players
    assert places[0] == "me"
    assert places.count("left") == places.count("right")
    if players > 2:
        assert places[1] == "left"
        assert places[-1] == "right"


@pytest.mark.parametrize(("variant", "players"), [
    (v, n) for v in ("oh-hell", "humbug", "five-hundred") for n in get_variant(v).players])
def test_every_seat_has_a_box_and_only_the_dealer_a_chip(variant: str, players: int) -> None:
    session = HandSession(DealSetup.of(get_variant(variant), players, 3, 1))
    felt = felt_html(session, four_colour=False, show_all=False)
    seats = re.findall(r'class="tt-seat-box[^"]*" (?:aria-current="true" )?data-seat="(\d)"', felt)
    assert sorted(map(int, seats)) == list(range(players))
    assert seats[-1] == str(session.seat)  # the reader's box comes last, at the bottom
    assert felt.count('class="tt-dealer"') == 1
    assert felt.count("tt-seat-box tt-turn") == 1
    assert felt.count('aria-current="true"') == 1


def test_the_others_cards_come_in_one_by_one_and_the_speed_is_kept() -> None:
    demo = play_demo(code="oh-hell-4-2718-4")
    demo.bid_buttons[demo.session.hint().action].click()  # type: ignore[union-attr]
    felt = demo.table_html.value
    new = re.findall(r"--tt-i:(\d)", felt)
    assert new == ["0", "1", "2"]  # Ann, Ben and Cleo played after the reader's bid
    assert "tt-speed-normal" in felt
    assert "prefers-reduced-motion:reduce" in felt
    demo.speed.value = "instant"
    assert "tt-speed-instant" in demo.table_html.value
    session = demo.session
    while session.state.current.cards or not session.state.tricks:
        assert session.act(session.hint().action) is None  # type: ignore[union-attr]
    felt = felt_html(session, four_colour=False, show_all=False)
    assert "tt-last tt-to-" in felt  # the finished trick goes to its winner
    assert re.search(r"Trick \d won by", felt)


def test_the_felt_speaks_french() -> None:
    with i18n.language("fr"):
        demo = play_demo(code="oh-hell-4-2718-4")
        felt = demo.table_html.value
        assert "(donneur)" in felt or "(donneuse)" in felt
        assert "carte face cachée" in felt or "cartes face cachée" in felt
        assert demo.speed.options[0][0] == "Immédiat"


def test_every_trick_can_be_looked_at_again_and_an_action_comes_back_to_now() -> None:
    demo = play_demo(code="oh-hell-4-2718-4")
    assert demo.review_prev.disabled  # nothing played yet
    demo.bid_buttons[demo.session.hint().action].click()  # type: ignore[union-attr]
    while len(demo.state.tricks) < 2:
        card = demo.session.hint().action  # type: ignore[union-attr]
        demo.card_buttons[card.code].click()
    done = len(demo.state.tricks)
    assert not demo.review_prev.disabled
    assert demo.review_next.disabled
    for _ in range(done):
        demo.review_prev.click()
    assert demo.reviewing == 0
    assert demo.review_prev.disabled
    assert f"Trick 1 of {done}" in demo.review_html.value
    first = demo.state.tricks[0]
    assert "Trick 1 won by" in demo.table_html.value
    assert html.escape(first.reason) in demo.table_html.value
    demo.review_next.click()
    assert demo.reviewing == 1
    demo.review_now.click()
    assert demo.reviewing is None
    demo.review_prev.click()
    card = demo.session.hint().action  # type: ignore[union-attr]
    demo.card_buttons[card.code].click()  # playing comes back to now
    assert demo.reviewing is None
