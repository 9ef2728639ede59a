"""The solver's searches in C against the Python ones they translate: Humbug's
(``_twohand.c``, from ``twohand.py``) and the general one (``_general.c``, from ``search.py``).

Each C search must visit the same trick starts in the same order and keep the same table, so
every answer, count of trick starts and best card agrees.  These tests run where the build has
the C searches (the compiled build); the pure-Python build checks only that it does without.
"""

from __future__ import annotations

import gc
import random
import signal
import time
import tracemalloc
from collections.abc import Callable
from functools import partial

import pytest
from support import PACK

import trickcore as tc
from trickcore.cards import mask_of
from trickcore.errors import BudgetExceededError
from trickcore.solver import (
    Memory,
    Position,
    Result,
    _Compiled,
    _Search,
    native,
    solve,
    solve_fewest,
    solve_humbug_deal,
)

from .test_search import random_position

#: make check runs these against build/native (the pure sources and the C files alone)
pytestmark = pytest.mark.native
needs_c = pytest.mark.skipif(not native.available(), reason="this build has no C search")


def _searches(position: Position, monkeypatch: pytest.MonkeyPatch) -> tuple[_Search, _Search]:
    compiled = _Compiled(position, (0,))
    with monkeypatch.context() as patch:
        patch.setenv("TRICKCORE_NATIVE", "0")
        python = _Search(compiled)
    return _Search(compiled), python


def _c_and_python(monkeypatch: pytest.MonkeyPatch,
                  run: Callable[[], Result]) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """``run`` (a solve) with the C searches, then with the Python ones: tricks, best cards and
    trick starts from each."""
    in_c = run()
    with monkeypatch.context() as patch:
        patch.setenv("TRICKCORE_NATIVE", "0")
        in_python = run()
    return ((in_c.tricks, in_c.best_cards, in_c.nodes),
            (in_python.tricks, in_python.best_cards, in_python.nodes))


def _random_two_hand(rng: random.Random, lead: bool = False) -> Position:
    """A random two-hand position, 3 to 13 cards each, the leader's card on the table if
    ``lead``."""
    size = rng.randrange(3, 14)
    pack = list(PACK)
    rng.shuffle(pack)
    trump = rng.choice([None, *tc.Suit])
    hands = [mask_of(pack[:size]), mask_of(pack[size:2 * size])]
    leader = rng.randrange(2)
    if not lead:
        return Position(hands, trump, leader)
    card = pack[leader * size]
    hands[leader] ^= card.bit
    return Position(hands, trump, leader, [card])


@needs_c
@pytest.mark.parametrize("seed", range(4))
def test_c_and_python_agree_answer_for_answer_and_node_for_node(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(f"native-{seed}")
    for _ in range(30):
        position = _random_two_hand(rng)
        in_c, in_python = _searches(position, monkeypatch)
        for need in range(position.tricks_left + 2):
            answer = in_c.test(position.leader, [], need)
            assert answer == in_python.test(position.leader, [], need), position.to_json()
            assert in_c.nodes == in_python.nodes, position.to_json()
            assert in_c.root_leads == in_python.root_leads, position.to_json()


@needs_c
@pytest.mark.parametrize("lead", [False, True])
def test_c_and_python_solve_alike_with_every_best_card(
        lead: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # solve() also enters the search with the first card forced, and with the lead on the table
    rng = random.Random(f"native-solve-{lead}")
    for _ in range(40):
        position = _random_two_hand(rng, lead)
        for seat in (0, 1):
            in_c, in_python = _c_and_python(monkeypatch, partial(solve, position, side=seat))
            assert in_c == in_python, position.to_json()


@pytest.mark.slow
@needs_c
def test_a_whole_humbug_deal_the_same_in_both(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, 3, "deal", 0))
    in_c, in_python = _c_and_python(monkeypatch, partial(solve_humbug_deal, deal))
    assert in_c == in_python
    assert in_c[2] > 100_000  # a real search, not a table or bound answering at once


@needs_c
def test_the_c_search_keeps_to_its_budget_exactly() -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, 17, "deal", 0))
    position = Position(deal.hands, deal.trump, deal.eldest)
    with pytest.raises(BudgetExceededError) as caught:
        solve(position, max_nodes=5000)
    assert caught.value.nodes == 5000
    with pytest.raises(BudgetExceededError):
        solve(position, timeout=0.05)


class _Interrupted(Exception):
    pass


@needs_c
@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
@pytest.mark.parametrize("seats", [2, 4])
def test_a_signal_stops_a_long_c_search(seats: int) -> None:
    # Ctrl-C must reach a search with no budget while it runs, not when it ends: one zero-window
    # test that takes seconds (Humbug seed 17, can eldest make 15?; the same 52 cards as a
    # bridge deal, can North-South make 7?), stopped 0.2 s in
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, 17, "deal", 0))
    if seats == 2:
        position = Position(deal.hands, deal.trump, deal.eldest)
        search, need = _Search(_Compiled(position, (0,))), 15
    else:
        cards = [c for h in deal.hands for c in tc.cards_of(h)]
        position = Position([mask_of(cards[i::4]) for i in range(4)], deal.trump, 0,
                            sides=[[0, 2], [1, 3]])
        search, need = _Search(_Compiled(position, (0, 2))), 7
    assert search._in_c is not None

    def interrupt(signum: int, frame: object) -> None:
        raise _Interrupted

    before = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    started = time.monotonic()
    try:
        with pytest.raises(_Interrupted):
            search.test(position.leader, [], need)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert time.monotonic() - started < 1.5
    assert search.nodes > 0  # the count so far went back to the owner


@needs_c
def test_memory_keeps_the_c_table_from_one_solve_to_the_next() -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=10,
                         rng=tc.rng_for("humbug", 2, 4, "deal", 0))
    position = Position(deal.hands, deal.trump, deal.eldest)
    memory = Memory()
    first = solve(position, memory=memory)
    assert len(memory) > 0
    again = solve(position, memory=memory)
    assert (again.tricks, again.best_cards) == (first.tricks, first.best_cards)
    assert again.nodes < first.nodes  # the remembered table answers most of it
    memory.clear()
    assert len(memory) == 0
    assert solve(position, memory=memory).nodes == first.nodes


@needs_c
def test_a_finished_search_gives_its_table_back() -> None:
    # the C search holds no reference to its owner (no cycle for the garbage collector to find
    # some time later): dropping the owner frees the table at once (tracemalloc sees the C
    # table's allocations)
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=16,
                         rng=tc.rng_for("humbug", 2, 1, "deal", 0))
    position = Position(deal.hands, deal.trump, deal.eldest)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        search = _Search(_Compiled(position, (0,)))
        for need in range(17):
            search.test(position.leader, [], need)
        assert tracemalloc.get_traced_memory()[0] - before > 100_000  # a table was filled
        del search
        assert tracemalloc.get_traced_memory()[0] - before < 50_000
    finally:
        tracemalloc.stop()


@needs_c
def test_the_c_search_refuses_a_suit_that_does_not_exist() -> None:
    from trickcore.solver import _twohand_c

    with pytest.raises(ValueError, match="trump must be a suit"):
        _twohand_c.TwoHand(_twohand_c.Table(), 1, 2, 7, 1, 0, 100)
    with pytest.raises(TypeError):
        _twohand_c.TwoHand({}, 1, 2, 0, 1, 0, 100)  # type: ignore[arg-type]


def test_the_environment_turns_the_c_search_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKCORE_NATIVE", "0")
    assert not native.enabled()
    monkeypatch.setenv("TRICKCORE_NATIVE", "1")
    assert native.enabled() == native.available()


@needs_c
@pytest.mark.parametrize("seed", range(3))
def test_the_general_search_in_c_agrees_with_pythons(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # three to six seats, partnerships, Five Hundred's bowers and joker, a trick under way
    rng = random.Random(f"native-general-{seed}")
    used = 0
    for i in range(60):
        position = random_position(rng, five_hundred=i % 3 == 0)
        seat = rng.randrange(position.players)
        compiled = _Compiled(position, position.side_of(seat))
        used += _Search(compiled)._in_c is not None
        in_c, in_python = _c_and_python(monkeypatch, partial(solve, position, side=seat))
        assert in_c == in_python, (position.to_json(), seat)
    assert used == 60  # every one of them went to a C search


@needs_c
def test_bridge_endings_the_same_in_c_and_python(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("native-bridge")
    for _ in range(6):
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [mask_of(pack[i * 8:(i + 1) * 8]) for i in range(4)]
        position = Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(4),
                            sides=[[0, 2], [1, 3]])
        in_c, in_python = _c_and_python(monkeypatch, partial(solve, position))
        assert in_c == in_python, position.to_json()
        assert in_c[2] > 100


@needs_c
def test_seven_seats_go_to_c_and_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    # Oh Hell's seven-hand deals (up to 7 cards): the C search takes up to seven seats
    rng = random.Random("native-seven")
    for n, size in ((7, 3), (7, 5), (7, 7)):
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [mask_of(pack[i * size:(i + 1) * size]) for i in range(n)]
        position = Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(n))
        assert native.general_fits(_Compiled(position, (0,)).root_hands)
        assert _Search(_Compiled(position, (0,)))._in_c is not None
        in_c, in_python = _c_and_python(monkeypatch, partial(solve, position, side=0))
        assert in_c == in_python, position.to_json()


@needs_c
def test_positions_the_c_search_does_not_take_go_to_python() -> None:
    # eight seats: more than the general search in C takes
    pack = list(PACK)
    hands = [mask_of(pack[i * 3:(i + 1) * 3]) for i in range(8)]
    position = Position(hands, None, 0)
    assert not native.general_fits(_Compiled(position, (0,)).root_hands)
    assert _Search(_Compiled(position, (0,)))._in_c is None
    assert solve(position).tricks >= 0
    with pytest.raises(ValueError, match="more cards than this search takes"):
        native.general_search([(1 << 16) - 1, 0], -1, [1, 0], 100)
    with pytest.raises(ValueError, match="from 2 to 7 hands"):
        native.general_search([1], -1, [1], 100)


@needs_c
@pytest.mark.parametrize("seed", range(2))
def test_the_fewest_mode_the_same_in_c_and_python(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # solve_fewest (the general search's fewest mode: the seat's tricks count, every other seat
    # gives it tricks) on two to seven seats, bowers and jokers, a trick under way, and 8-card
    # four-seat endings: the same answers, best cards and trick starts
    rng = random.Random(f"native-fewest-{seed}")
    nodes = 0
    for i in range(50):
        position = random_position(rng, five_hundred=i % 3 == 0)
        seat = rng.randrange(position.players)
        in_c, in_python = _c_and_python(monkeypatch, partial(solve_fewest, position, seat))
        assert in_c == in_python, (position.to_json(), seat)
    for n, size in ((4, 8), (5, 6), (7, 4)):
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [mask_of(pack[i * size:(i + 1) * size]) for i in range(n)]
        position = Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(n))
        seat = rng.randrange(n)
        assert _Search(_Compiled(position, (), counted=seat))._in_c is not None
        in_c, in_python = _c_and_python(monkeypatch, partial(solve_fewest, position, seat))
        assert in_c == in_python, (position.to_json(), seat)
        nodes += int(str(in_c[2]))
    assert nodes > 1000  # real searches


def _fewest_hand(seed: int) -> Result:
    """solve_fewest on every position of a hand in turn, one memory for all (each search moved
    to the next root, its table kept): the counts, best cards and trick starts, in one Result."""
    from .test_fewest import _hand_positions

    memory = Memory()
    tricks, best, nodes = [], [], 0
    for i, position in enumerate(_hand_positions(seed, 4, 6)):
        r = solve_fewest(position, i % 4, memory=memory)
        tricks.append(r.tricks)
        best.extend(r.best_cards)
        nodes += r.nodes
    return Result(sum(tricks) * 1000 + len(tricks), best, nodes)


@needs_c
def test_the_fewest_mode_with_a_memory_the_same_in_c_and_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(2):
        in_c, in_python = _c_and_python(monkeypatch, partial(_fewest_hand, seed))
        assert in_c == in_python, seed
