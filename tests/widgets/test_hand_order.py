"""The reader's hand as the play demo lays it out: in the engine's order for the deal (the bowers
and the joker among the trumps once there are trumps), and a hand longer than a row of thirteen
in two rows of whole suits."""

from __future__ import annotations

import itertools
from typing import Any

import trickcore as tc
from trickcore.engine.events import Phase
from trickcore.widgets import play_demo
from trickcore.widgets.demo_model import code_for
from trickcore.widgets.demos import HandDemo
from trickcore.widgets.hand_layout import ONE_ROW

from .hints import take_hint


def _until_the_reader_plays(demo: HandDemo, limit: int = 200) -> bool:
    """Take the hint's action for the reader until it is the reader's turn to play a card;
    False if the deal ends first."""
    for _ in range(limit):
        state = demo.state
        if demo.session.finished:
            return False
        if state.phase is Phase.PLAYING and state.to_act == demo.session.seat:
            return True
        take_hint(demo)
    raise AssertionError("the reader never came to play")


def _row(demo: HandDemo) -> list[Any]:
    """The hand row's cards and breaks, in order: a card as its code, a break as "|"."""
    row = demo.actions.children[0]
    assert "tt-hand" in row._dom_classes
    out: list[Any] = []
    for child in row.children:
        faces = [c for c in child._dom_classes if c.startswith("tt-face-")]
        if faces:
            out.append(faces[0].removeprefix("tt-face-"))
        elif "tt-suit-break" in child._dom_classes:
            out.append("|")
    return out


def _check_order(state: tc.HandState, codes: list[str]) -> None:
    """Suit by suit as the deal ranks the cards (a suit in one run), each run best first."""
    context = state.context
    cards = [tc.Card.parse(code) for code in codes]
    suits = [context.suit_of(card) for card in cards]
    runs = [s for i, s in enumerate(suits) if i == 0 or s != suits[i - 1]]
    assert len(runs) == len(set(runs)), f"a suit is split: {codes}"
    for high, low in itertools.pairwise(cards):
        if context.suit_of(high) == context.suit_of(low) and context.suit_of(high) is not None:
            assert context.winner([high, low]) == 0, f"{low.code} is drawn after {high.code}"


def test_five_hundred_hands_put_the_bowers_and_the_joker_with_the_trumps() -> None:
    moved = 0
    for seed in range(1, 60):
        demo = play_demo(code=code_for("five-hundred", 4, seed, 1))
        if not _until_the_reader_plays(demo):
            continue
        state = demo.state
        codes = [c for c in _row(demo) if c != "|"]
        assert sorted(codes) == sorted(c.code for c in state.hand(demo.session.seat))
        _check_order(state, codes)
        trump = state.context.trump
        if trump is not None:
            # A card drawn among the trumps though its printed suit is another (the left
            # bower) or none (the joker): the order is the deal's, not the pack's.
            moved += sum(1 for code in codes
                         if state.context.is_trump(tc.Card.parse(code))
                         and tc.Card.parse(code).suit is not trump)
        if moved >= 3:
            break
    assert moved >= 3, "too few hands with a bower or the joker among the trumps were seen"


def test_humbug_hands_make_two_rows_of_whole_suits() -> None:
    for seed in range(1, 16):
        demo = play_demo(code=code_for("humbug", 2, seed, 1))
        assert _until_the_reader_plays(demo)
        row = _row(demo)
        cards = [c for c in row if c != "|"]
        assert len(cards) == 26 > ONE_ROW
        assert row.count("|") == 1, row
        place = row.index("|")
        upper, lower = row[:place], row[place + 1:]
        # Whole suits on each row, and no other single break makes the longer row shorter.
        assert {c[-1] for c in upper}.isdisjoint({c[-1] for c in lower})
        starts = [i for i in range(1, 26) if cards[i][-1] != cards[i - 1][-1]]
        assert max(len(upper), len(lower)) == min(max(i, 26 - i) for i in starts)
        _check_order(demo.state, cards)


def test_an_oh_hell_hand_is_one_row_in_suit_order() -> None:
    demo = play_demo(code=code_for("oh-hell", 4, 7, 1))
    assert _until_the_reader_plays(demo)
    row = _row(demo)
    assert row
    assert "|" not in row
    _check_order(demo.state, row)
