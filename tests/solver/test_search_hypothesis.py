"""The solver against a plain minimax (tests/solver/test_search.py's, no pruning and no table) on small
random positions that Hypothesis draws, family by family: Oh Hell (every seat for itself, one
seat against the rest), bridge-shaped partnerships, Humbug (two hands), and Five Hundred with
its bowers and the joker (named to a suit at no trump).  The trick count and the whole set of
best cards must agree, with every best card found and one-best-card searches included; and the
card-by-card search, asked directly, against the same minimax (two hands included)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import PACK

import trickcore as tc
from trickcore.cards import cards_of, mask_of
from trickcore.cards.packs import Pack, pack_cards
from trickcore.cards.ranking import trump_context
from trickcore.solver import Position, _Compiled, _Search, brute_force, solve

from .test_search import minimax_by_card

FAMILIES = ("oh-hell", "bridge", "humbug", "five-hundred")


def lowest_key(card: tc.Card) -> tuple[int, int]:
    return (99 if card.rank is None else int(card.rank), card.index)


@st.composite
def positions(draw: st.DrawFn, family: str) -> tuple[Position, int]:
    """A random position of ``family`` and the seat whose side is asked about."""
    trump = draw(st.sampled_from([None, *tc.Suit]))
    sides: list[list[int]] | None = None
    if family == "oh-hell":
        n = draw(st.integers(3, 5))
        size = draw(st.integers(1, 3 if n < 5 else 2))
    elif family == "bridge":
        n, size = 4, draw(st.integers(1, 3))
        sides = [[0, 2], [1, 3]]
    elif family == "humbug":
        n, size = 2, draw(st.integers(1, 5))
    else:
        n = draw(st.sampled_from([3, 4]))
        size = draw(st.integers(1, 3))
        if n == 4:
            sides = [[0, 2], [1, 3]]
    if family == "five-hundred":
        pack = list(pack_cards(Pack.FIVE_HUNDRED_43))
        joker_suit = draw(st.sampled_from(list(tc.Suit))) if trump is None else None
        ctx = trump_context(trump, bowers=True, joker_suit=joker_suit)
    else:
        pack = list(PACK)
        ctx = trump_context(trump)
    suits = draw(st.sets(st.sampled_from(list(tc.Suit)), min_size=1, max_size=4))
    pool = [c for c in pack if ctx.suit_of(c) in suits]
    if len(pool) < n * size:
        pool = pack
    chosen = draw(st.permutations(pool))[:n * size]
    hands = [mask_of(chosen[i * size:(i + 1) * size]) for i in range(n)]
    leader = draw(st.integers(0, n - 1))
    played: list[tc.Card] = []
    for i in range(draw(st.integers(0, n - 1))):
        seat = (leader + i) % n
        legal = hands[seat]
        if played:
            legal = legal & ctx.suit_masks[ctx.suit_index[played[0].index]] or legal
        card = draw(st.sampled_from(cards_of(legal)))
        played.append(card)
        hands[seat] ^= card.bit
    seat = draw(st.integers(0, n - 1))
    if family == "oh-hell" and draw(st.booleans()):
        sides = [[seat], [s for s in range(n) if s != seat]]
    return Position(hands, trump, leader, played, sides, ctx), seat


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_solver_matches_plain_minimax(family: str, data: st.DataObject) -> None:
    position, seat = data.draw(positions(family))
    side = position.side_of(seat)
    by_card = minimax_by_card(position, side)
    best = (max if position.to_move in side else min)(by_card.values())
    result = solve(position, side=seat)
    assert result.tricks == best == brute_force(position, side=seat)
    assert set(result.best_cards) == {c for c, v in by_card.items() if v == best}
    one = solve(position, side=seat, all_best=False)
    assert one.tricks == best
    assert one.best_cards
    assert set(one.best_cards) <= set(result.best_cards)
    low = solve(position, side=seat, all_best=False, lowest_first=True)
    assert low.tricks == best
    assert set(low.best_cards) <= set(result.best_cards)
    lowest = min(result.best_cards, key=lowest_key)
    assert min(low.best_cards, key=lowest_key) == lowest


@pytest.mark.parametrize("family", ["humbug", "bridge", "oh-hell"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_general_search_matches_plain_minimax(family: str, data: st.DataObject) -> None:
    """The card-by-card search (its table keyed by the cards that mattered), asked directly
    for every trick count, two hands included (which :func:`solve` gives to the flat search)."""
    position, seat = data.draw(positions(family))
    side = position.side_of(seat)
    best = brute_force(position, side=seat)
    search = _Search(_Compiled(position, side), general=True)
    played = list(search.c.table)
    for need in range(position.tricks_left + 2):
        assert search.test(position.leader, played, need) == (best >= need)
