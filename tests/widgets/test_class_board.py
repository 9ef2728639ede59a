"""The class board and the solving behind it: names escaped, every seat of
every deal solved (no budget), each distinct deal solved once, one search for two sides, each
student's own result against the open-hands best."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

import trickcore as tc
from trickcore.engine.turns import play_deal
from trickcore.notation import decode_result, encode_result
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.random import RandomBot
from trickcore.solver import native, solve_humbug_deal
from trickcore.study import open_hands
from trickcore.study.open_hands import open_hands_tricks, solve_deals
from trickcore.widgets import class_results
from trickcore.widgets.class_board import board_html
from trickcore.widgets.class_codes import read_results, solve_class


def played(code: str, seat: int, seed: int | None = None) -> str:
    parsed = tc.parse_deal_code(code)
    match = tc.match_from_code(code)
    bots: list[Any] = ([HeuristicBot()] * parsed.players if seed is None
                       else [RandomBot(seed=seed * 10 + s) for s in range(parsed.players)])
    for _ in range(parsed.deal):
        play_deal(match.next_deal(), bots)
    return encode_result(match, seat)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [name for name, _value in attrs]


HOSTILE_NAMES = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
                 '"><svg onload=alert(1)>', "Zoë & <b>Ødegård</b>"]


def test_hostile_names_show_as_text_in_the_table_and_the_board() -> None:
    code = played("oh-hell-4-2718-6", 0)
    demo = class_results("\n".join(f"{name}\t{code}" for name in HOSTILE_NAMES))
    assert [g.name for g in demo.results.good] == HOSTILE_NAMES
    for box in (demo.table_html, demo.board_html):
        parser = _Tags()
        parser.feed(box.value)
        assert not {"script", "img", "svg", "b"} & set(parser.tags)
        assert not any(a.startswith("on") for a in parser.attrs)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in box.value
        assert "&lt;img src=x onerror=alert(1)&gt;" in box.value


def test_the_board_ranks_students_by_score_and_groups_by_deal() -> None:
    lines = [f"Student {n}: {played('oh-hell-4-2718-6', n % 4, seed=n)}" for n in range(8)]
    lines.append(f"{played('oh-hell-3-5-8', 1)} (Chloé)")
    demo = class_results("\n".join(lines))
    results = demo.results
    board = demo.board_html.value
    assert 'data-board-order="score"' in board
    assert all(g.points is not None for g in results.good)
    ranked = sorted(results.good, key=lambda g: (-(g.points or 0), str(g.name).casefold()))
    positions = [board.index(f'"tt-board-name">{g.name}<') for g in ranked]
    assert positions == sorted(positions)
    assert board.count('class="tt-board-row"') == 9
    demo.board_order.value = "deal"
    grouped = demo.board_html.value
    assert 'data-board-order="deal"' in grouped
    assert grouped.count("<h5>") == 2
    assert grouped.index("oh-hell-4-2718-6</h5>") < grouped.index("Chloé")
    assert "data-results-state=\"ready\"" in demo.summary_html.value


def test_thirty_students_on_one_deal_make_one_deal_solved(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    calls: list[int] = []
    real = open_hands.open_hands_tricks

    def counted(state: Any, deadline: Any = None, memory: Any = None) -> Any:
        calls.append(state.players)
        return real(state, deadline, memory)

    monkeypatch.setattr(open_hands, "open_hands_tricks", counted)
    lines = [f"S{n}: {played('oh-hell-4-2718-6', n % 4, seed=n)}" for n in range(30)]
    results = read_results("\n".join(lines))
    assert len({g.result.record["choices"].__repr__() for g in results.good}) > 4  # own plays
    solve_class(results)
    assert calls == [4]
    assert len(results.deals) == 1
    assert results.deals[0].rows == list(range(30))
    assert all(results.optimum(i) is not None for i in range(30))


def test_two_sides_take_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five Hundred's partnerships: one search answers both sides (they share the tricks)."""
    sides: list[Any] = []
    real = open_hands.solve

    def counted(position: Any, side: Any, **keys: Any) -> Any:
        sides.append(side)
        return real(position, side, **keys)

    monkeypatch.setattr(open_hands, "solve", counted)
    state = decode_result(played("five-hundred-4-1", 0)).state
    answer = open_hands_tricks(state)
    assert isinstance(answer, list)
    assert len(sides) == 1
    assert answer[0] == answer[2]
    assert answer[1] == answer[3]
    assert answer[0] + answer[1] == state.hand_size


@pytest.mark.slow
def test_every_seat_of_a_seven_player_deal_is_solved() -> None:
    """Seven players at Oh Hell's largest deal (7 cards: 52 cards do not make ten each)."""
    state = decode_result(played("oh-hell-7-2-1", 3)).state
    assert state.hand_size == 7
    answer = open_hands_tricks(state)
    assert isinstance(answer, list)
    assert len(answer) == 7
    assert all(0 <= t <= 7 for t in answer)


@pytest.mark.slow
def test_every_seat_of_ten_card_deals_is_solved() -> None:
    for code in ("oh-hell-3-4-1", "oh-hell-4-4-1", "oh-hell-5-4-1"):
        state = decode_result(played(code, 0)).state
        assert state.hand_size == 10
        answer = open_hands_tricks(state)
        assert isinstance(answer, list)
        assert len(answer) == state.players


@pytest.mark.skipif(not native.enabled(), reason="a whole Humbug deal takes minutes in Python")
def test_a_whole_humbug_deal_is_solved_once() -> None:
    state = decode_result(played("humbug-2-9", 1)).state
    assert state.hand_size == 26
    [deal] = solve_deals([state, state])
    assert deal.rows == [0, 1]
    assert isinstance(deal.tricks, list)
    eldest = solve_humbug_deal(state.deal).tricks
    assert deal.tricks[state.tricks[0].leader] == eldest
    assert sum(deal.tricks) == 26


def test_no_results_no_board() -> None:
    assert board_html(read_results("")) == ""
