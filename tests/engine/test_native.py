"""The engine's hot path in C (``trickcore/engine/_native.c``) against the Python it replaces.

The compiled build lists a card set's cards (``cards_of``), shuffles the pack
(``shuffled_positions``) and runs ``state.bid`` and ``state.play`` (``method``) in C.  Each must
give what the pure build's Python gives: the same cards, the same order from the same draws
(deals are shared by seed), the same events and errors.  These tests run where the build has
the C (the compiled build); ``tests/install/test_builds.py`` checks which build has it.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import snapshot

import trickcore as tc
from trickcore.cards import CARDS
from trickcore.engine import bidding, play, shuffle
from trickcore.errors import IllegalActionError

#: make check runs these against build/native (the pure sources and the C files alone)
pytestmark = pytest.mark.native
native = pytest.importorskip("trickcore.engine._native_c", reason="this build has no engine C")


def _python_positions(random_: Callable[[], object], size: int) -> list[int]:
    """The pure build's shuffle (``shuffle.shuffled_positions`` without the C)."""
    keys = [random_() for _ in range(size)]
    return sorted(range(size), key=keys.__getitem__)  # type: ignore[arg-type,return-value]


# cards_of ---------------------------------------------------------------------------------------

@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_cards_of_lists_the_set_bits_in_index_order(mask: int) -> None:
    assert native.cards_of(mask, CARDS) == tuple(CARDS[i] for i in range(64) if mask >> i & 1)


@given(st.integers(min_value=2**64, max_value=2**130))
def test_cards_of_leaves_a_mask_over_64_bits_to_python(mask: int) -> None:
    assert native.cards_of(mask, CARDS) is None


def test_legal_plays_are_the_same_with_and_without_the_c(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    for seed in range(60):
        for key, players in (("oh-hell", 4), ("humbug", 2), ("five-hundred", 4),
                             ("five-hundred-quebec", 4)):
            state = tc.state_from_code(f"{key}-{players}-{seed}")
            while not state.is_over:
                with_c = state.legal_plays
                monkeypatch.setattr(play, "_cards_of", None)
                without = play.legal_plays_of(state)
                monkeypatch.undo()
                assert with_c == without
                state.apply(rng.choice(state.legal_actions))


@pytest.mark.parametrize(("args", "error"), [
    ((-1, CARDS), ValueError),            # not a card set
    ((-(2**70), CARDS), ValueError),
    ((1 << 5, CARDS[:5]), IndexError),    # a bit with no card in the table
    (("3", CARDS), TypeError),
    ((3, list(CARDS)), TypeError),
    ((3,), TypeError),
])
def test_cards_of_refuses_what_is_not_a_card_set(args: tuple[object, ...],
                                                  error: type[Exception]) -> None:
    with pytest.raises(error):
        native.cards_of(*args)


# shuffled_positions ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 2, 24, 32, 43, 45, 52, 63, 104])
def test_the_c_shuffle_gives_the_python_order_from_the_same_draws(size: int) -> None:
    for seed in range(300):
        with_c, python = random.Random(seed), random.Random(seed)
        assert native.shuffled_positions(with_c.random, size) == _python_positions(
            python.random, size)
        assert with_c.random() == python.random()  # the same number of draws


def test_the_compiled_build_shuffles_in_c() -> None:
    assert shuffle._NATIVE_SHUFFLE is native.shuffled_positions


def _draws(values: list[object]) -> Callable[[], object]:
    it: Iterator[object] = iter(values)
    return lambda: next(it)


@pytest.mark.parametrize("values", [
    [0.5, 0.5, 0.25, 0.5],                  # ties keep position order
    [-0.0, 0.0, 0.0],
    [0.1, 0.3, 0.2],                        # not random.Random's grid
    [1, 0.5, 2, 0, 2**80],                  # a subclass's own draws: Python's sort
    [0.999999, 1e-300, 5e-324, 0.0],
    [float("nan"), 0.2, 0.1, 0.3],
    [1.5, 0.25, -0.5],
])
def test_odd_draws_are_sorted_as_python_sorts_them(values: list[object]) -> None:
    assert native.shuffled_positions(_draws(values), len(values)) == _python_positions(
        _draws(values), len(values))


def test_a_failing_draw_raises_its_error() -> None:
    def broken() -> float:
        raise ZeroDivisionError("no draw")

    with pytest.raises(ZeroDivisionError):
        native.shuffled_positions(broken, 3)


@pytest.mark.parametrize("size", [-1, 2048, "52"])
def test_a_pack_size_out_of_range_is_refused(size: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        native.shuffled_positions(random.Random(1).random, size)


# method: state.bid and state.play --------------------------------------------------------------

@pytest.mark.parametrize(("name", "implementation"), [("bid", bidding.bid_of),
                                                      ("play", play.play_of)])
def test_the_documented_method_is_what_the_class_shows(
        name: str, implementation: Callable[..., object]) -> None:
    stand_in = tc.HandState.__dict__[name]
    assert isinstance(stand_in, native.method)
    assert stand_in.implementation is implementation
    documented = stand_in.documented
    assert getattr(tc.HandState, name) is documented  # help(), the API pages
    assert inspect.isfunction(documented)
    assert documented.__doc__
    assert stand_in.__doc__ == documented.__doc__
    state = tc.state_from_code("oh-hell-4-1")
    bound = getattr(state, name)
    assert bound.__func__ is documented
    assert bound.__self__ is state
    assert bound.__doc__ == documented.__doc__
    # a call passes its arguments by name as well as by position
    after_self = list(inspect.signature(documented).parameters)[1:]
    assert list(inspect.signature(implementation).parameters)[1:] == after_self


def _both_ways(code: str, seed: int) -> None:
    """Play a deal twice with the same choices: through the C (``state.bid(...)``) and through
    the documented Python method (``HandState.bid(state, ...)``); after every step, the same."""
    rng = random.Random(seed)
    fast, slow = tc.state_from_code(code), tc.state_from_code(code)
    while not fast.is_over:
        if fast.phase in (tc.Phase.BIDDING, tc.Phase.PLAYING):
            bid = fast.phase is tc.Phase.BIDDING
            choices = fast.legal_bids if bid else fast.legal_plays
            wrong: object = rng.choice([99, "ZZ", None, 2.5])
            refusals = []
            for state, call in ((fast, fast.bid if bid else fast.play),
                                (slow, (lambda a: tc.HandState.bid(slow, a)) if bid
                                 else (lambda a: tc.HandState.play(slow, a)))):
                before = snapshot(state)
                with pytest.raises(IllegalActionError) as refused:
                    call(wrong)
                assert snapshot(state) == before
                refusals.append((type(refused.value), str(refused.value), refused.value.rule))
            assert refusals[0] == refusals[1]
            if fast.phase is tc.Phase.PLAYING and fast.legal_joker_leads():
                action = rng.choice(fast.legal_actions)  # a suitless joker led: (card, suit)
                assert fast.apply(action) == slow.apply(action)
            else:
                choice = rng.choice(choices)
                if bid:
                    assert fast.bid(choice) == tc.HandState.bid(slow, choice)
                else:
                    assert fast.play(choice) == tc.HandState.play(slow, choice)
        else:  # discards, partner, joker: not bid or play
            action = rng.choice(fast.legal_actions)
            assert fast.apply(action) == slow.apply(action)
        assert snapshot(fast) == snapshot(slow)
    # bid and play refused once the deal is over, with the same errors
    for call, documented in ((fast.bid, tc.HandState.bid), (fast.play, tc.HandState.play)):
        with pytest.raises(IllegalActionError) as c_error:
            call(0)
        with pytest.raises(IllegalActionError) as py_error:
            documented(slow, 0)
        assert (type(c_error.value), str(c_error.value)) == (type(py_error.value),
                                                              str(py_error.value))


@pytest.mark.parametrize("code", ["oh-hell-4", "oh-hell-7", "humbug-2", "five-hundred-4",
                                  "five-hundred-quebec-4", "five-hundred-5-5", "five-hundred-2-2",
                                  "five-hundred-6-6"])
def test_bid_and_play_run_the_same_in_c_and_in_python(code: str) -> None:
    for seed in range(12):
        _both_ways(f"{code}-{seed}", seed)
