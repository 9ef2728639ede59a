"""What is this hand worth? The sampled deals, the counts, the intervals."""

from __future__ import annotations

import math
import random

import pytest

from trickcore.cards import Suit, cards_of
from trickcore.engine.dealing import Deal
from trickcore.errors import TrickcoreError
from trickcore.notation.codes import state_from_code
from trickcore.solver import opening_position, solve
from trickcore.study.worth import (
    Worth,
    WorthError,
    hand_worth,
    likely_range,
    normal_interval,
    sample_deals,
    seen_mask,
    wilson,
)


def _all_cards(deal: Deal) -> int:
    mask = 0
    for hand in deal.hands:
        assert not mask & hand, "a card in two hands"
        mask |= hand
    for pile in (deal.kitty, deal.stock, deal.dead):
        for card in pile:
            assert not mask & card.bit, "a card in a hand and a pile"
            mask |= card.bit
    return mask


@pytest.mark.parametrize(("code", "seat"), [("oh-hell-4-2718-1", 1), ("oh-hell-4-2718-4", 0),
                                       ("oh-hell-3-5-2", 2), ("five-hundred-4-3", 0),
                                       ("five-hundred-3-3-9", 1),
                                       ("five-hundred-6-6-2", 3), ("oh-pshaw-5-8-3", 4)])
def test_samples_are_consistent_with_what_the_seat_sees(code: str, seat: int) -> None:
    deal = state_from_code(code).deal
    seen = seen_mask(deal, seat)
    others_before = {s: deal.hands[s] & seen for s in range(deal.players) if s != seat}
    deals = sample_deals(deal, seat, random.Random(5), 40)
    assert len(deals) == 40
    moved = 0
    for sampled in deals:
        assert sampled.hands[seat] == deal.hands[seat]  # the seat's own cards, where they are
        assert sampled.turn_up == deal.turn_up
        assert sampled.trump == deal.trump
        own = deal.hands[seat] | (deal.turn_up.bit if deal.turn_up is not None else 0)
        for s in range(deal.players):
            assert sampled.hands[s].bit_count() == deal.hands[s].bit_count()  # hand sizes
            if s != seat:
                assert not sampled.hands[s] & own  # never the seat's cards or the turned card
                assert sampled.hands[s] & others_before[s] == others_before[s]
        assert len(sampled.kitty) == len(deal.kitty)
        assert len(sampled.stock) == len(deal.stock)
        for pile, before in ((sampled.kitty, deal.kitty), (sampled.stock, deal.stock)):
            # the turned card stays where it lies (Oh Hell: in the stock), nothing else seen moves in
            assert [(i, c) for i, c in enumerate(pile) if c.bit & own] == \
                [(i, c) for i, c in enumerate(before) if c.bit & own]
        assert _all_cards(sampled) == _all_cards(deal)  # the same cards, each once
        moved += sampled.hands != deal.hands
    assert moved > 30  # the unseen cards really are dealt again


def test_five_hundreds_kitty_is_unseen_and_dealt_again() -> None:
    deal = state_from_code("five-hundred-4-3").deal
    assert len(deal.kitty) == 3
    kitties = {frozenset(c.code for c in d.kitty)
               for d in sample_deals(deal, 0, random.Random(1), 30)}
    assert len(kitties) > 20


def test_the_same_seed_gives_the_same_answer_and_another_seed_another() -> None:
    state = state_from_code("oh-hell-4-2718-6")
    first = hand_worth(state, samples=30, seed=11)
    assert first == hand_worth(state, samples=30, seed=11)
    assert [d.hands for d in sample_deals(state.deal, 0, random.Random(3), 5)] == \
        [d.hands for d in sample_deals(state.deal, 0, random.Random(3), 5)]
    assert first.seed == 11
    assert first.samples == first.requested == 30
    others = {hand_worth(state, samples=30, seed=s).counts for s in range(12, 16)}
    assert len(others | {first.counts}) > 1


@pytest.mark.parametrize("method", ["double-dummy", "bots"])
def test_the_distribution_sums_to_n(method: str) -> None:
    state = state_from_code("oh-hell-4-2718-7")
    worth = hand_worth(state, samples=25, seed=2, method=method)  # type: ignore[arg-type]
    assert sum(worth.counts) == worth.samples == 25
    assert len(worth.counts) == state.hand_size + 1
    assert math.isclose(sum(worth.shares), 1.0)
    assert worth.method == method
    assert not worth.exact
    assert min(worth.counts) >= 0


def test_double_dummy_counts_match_the_solver_deal_by_deal() -> None:
    state = state_from_code("oh-hell-4-2718-8")
    seat = state.to_act
    assert seat is not None
    worth = hand_worth(state, samples=12, seed=4)
    deals = sample_deals(state.deal, seat, random.Random(4), 12)
    counts = [0] * (state.hand_size + 1)
    for deal in deals:
        counts[solve(opening_position(state.ruleset, deal), side=seat).tricks] += 1
    assert worth.counts == tuple(counts)


def test_humbug_is_exact() -> None:
    state = state_from_code("humbug-2-7")  # every card dealt: the other hand is known
    worth = hand_worth(state, 1, method="bots", samples=200, seed=3)
    assert worth.exact
    assert worth.samples == 1
    assert sum(worth.counts) == 1
    assert worth.intervals[worth.most_often] == (1.0, 1.0)
    assert worth.mean_low == worth.mean == worth.mean_high
    assert hand_worth(state, 1, method="bots", seed=99).counts == worth.counts


def test_humbug_double_dummy_refuses_past_its_time() -> None:
    state = state_from_code("humbug-2-7")
    with pytest.raises(WorthError, match="try the bots"):
        hand_worth(state, 1, seconds=0.01)


def test_a_time_budget_stops_sampling_and_says_n() -> None:
    ticks = iter(range(1000))
    state = state_from_code("oh-hell-4-2718-7")
    worth = hand_worth(state, samples=50, seed=1, method="bots", seconds=5,
                       clock=lambda: float(next(ticks)))
    assert worth.samples == 5
    assert worth.requested == 50
    assert sum(worth.counts) == 5
    # the deals used are the seed's first ones
    assert worth.counts == hand_worth(state, samples=5, seed=1, method="bots").counts


def test_wilson_by_hand() -> None:
    # 12 deals out of 40, z = 1.96: p = 0.3, centre = (0.3 + 1.96²/80) / (1 + 1.96²/40)
    z = 1.959963984540054
    p, n = 0.3, 40
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = wilson(12, 40)
    assert math.isclose(low, centre - half, rel_tol=1e-6)
    assert math.isclose(high, centre + half, rel_tol=1e-6)
    assert (round(low, 3), round(high, 3)) == (0.181, 0.454)
    worth = Worth(0, 3, (0, 12, 28, 0), 40, 40, "bots", 0, False, None)
    assert worth.intervals[1] == wilson(12, 40)
    assert worth.intervals[0][0] == 0.0
    assert worth.intervals[0][1] > 0


def test_the_mean_interval_by_hand() -> None:
    # values 1 (x12) and 2 (x28): mean 1.7, s² = (12·0.49 + 28·0.09) / 39
    mean, low, high = normal_interval([0, 12, 28])
    half = 1.959963984540054 * math.sqrt((12 * 0.49 + 28 * 0.09) / 39 / 40)
    assert math.isclose(mean, 1.7)
    assert math.isclose(low, 1.7 - half, abs_tol=1e-4)
    assert math.isclose(high, 1.7 + half, abs_tol=1e-4)


def test_the_likely_range() -> None:
    assert likely_range([0, 5, 90, 5]) == (2, 2)
    assert likely_range([10, 10, 10, 10, 10, 10, 10, 10, 10, 10]) == (0, 8)
    assert likely_range([1, 2, 40, 45, 10, 2]) == (2, 4)


def test_five_hundred_double_dummy_names_a_trump() -> None:
    state = state_from_code("five-hundred-4-3")
    seat = state.to_act
    assert seat is not None
    worth = hand_worth(state, samples=1, seed=1, trump=Suit.SPADES)
    assert worth.trump is Suit.SPADES
    assert worth.samples == 1
    default = hand_worth(state, samples=1, seed=1)
    hand = state.deal.hands[seat]
    lengths = {s: (hand & state.ruleset.trump_context(s).suit_masks[int(s)]).bit_count()
               for s in Suit}
    assert default.trump is not None
    assert lengths[default.trump] == max(lengths.values())
    assert len(cards_of(hand)) == 10


def test_two_hand_five_hundreds_table_piles_are_refused() -> None:
    state = state_from_code("five-hundred-2-2-1")
    with pytest.raises(WorthError, match="table piles"):
        hand_worth(state, method="bots", samples=2)


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(TrickcoreError, match="method"):
        hand_worth(state_from_code("oh-hell-4-2718-8"), method="guess")  # type: ignore[arg-type]
