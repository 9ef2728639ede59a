"""The fewest mode of the general search (:func:`trickcore.solver.solve_fewest`: the fewest tricks
a seat can hold itself to while every other seat plays to give it tricks) against a plain
minimax of that game written here, on random small positions: two to seven seats, with and
without trumps, Five Hundred's bowers and joker, a trick under way; and the same with Hypothesis.
Whichever backend the build runs (Python, or the C search in the native build); the backends
against each other: tests/solver/test_native.py and test_wasm.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import PACK

import trickcore as tc
from trickcore.cards import cards_of, mask_of
from trickcore.solver import Position, PositionError, _Compiled, _Search, solve_fewest
from trickcore.solver import search as search_module

from .test_search import random_position
from .test_search_hypothesis import lowest_key, positions


def fewest_by_card(position: Position, seat: int) -> dict[tc.Card, int]:
    """``seat``'s tricks after each legal card of the seat to move when ``seat`` plays to take
    as few as it can and every other seat to give it as many: plain minimax, no pruning."""
    ctx, n, hands = position.context, position.players, list(position.hands)

    def legal(mover: int, trick: list[tc.Card]) -> list[tc.Card]:
        hand = hands[mover]
        if trick:
            hand = hand & ctx.suit_masks[ctx.suit_index[trick[0].index]] or hand
        return cards_of(hand)

    def after(leader: int, trick: list[tc.Card]) -> int:
        if len(trick) == n:
            winner = (leader + ctx.winner([*trick])) % n
            gained = int(winner == seat)
            return gained + (value(winner, []) if hands[winner] else 0)
        return value(leader, trick)

    def value(leader: int, trick: list[tc.Card]) -> int:
        mover = (leader + len(trick)) % n
        results = []
        for card in legal(mover, trick):
            hands[mover] ^= card.bit
            results.append(after(leader, [*trick, card]))
            hands[mover] ^= card.bit
        return min(results) if mover == seat else max(results)

    out = {}
    mover, trick = position.to_move, list(position.played)
    for card in legal(mover, trick):
        hands[mover] ^= card.bit
        out[card] = after(position.leader, [*trick, card])
        hands[mover] ^= card.bit
    return out


def _check(position: Position, seat: int) -> int:
    """solve_fewest against the minimax: the count, every best card, one best card, the
    lowest; the count returned."""
    by_card = fewest_by_card(position, seat)
    best = (min if position.to_move == seat else max)(by_card.values())
    context = (position.to_json(), seat)
    result = solve_fewest(position, seat)
    assert result.tricks == best, context
    assert set(result.best_cards) == {c for c, v in by_card.items() if v == best}, context
    assert result.side == (seat,)
    assert result.to_move == position.to_move
    one = solve_fewest(position, seat, all_best=False)
    assert one.tricks == best
    assert one.best_cards, context
    assert set(one.best_cards) <= set(result.best_cards), context
    low = solve_fewest(position, seat, all_best=False, lowest_first=True)
    assert min(low.best_cards, key=lowest_key) == min(result.best_cards, key=lowest_key)
    count = solve_fewest(position, seat, cards=False)
    assert (count.tricks, count.best_cards) == (best, ())
    return best


def _many_seats(rng: random.Random) -> Position:
    """Five to seven seats, one to three cards each (Oh Hell's big tables), a trick under way
    one time in two."""
    n = rng.randrange(5, 8)
    size = rng.randrange(1, 3 if n == 7 else 4)
    pack = list(PACK)
    if rng.random() < 0.5:  # two suits: more following
        suits = rng.sample(list(tc.Suit), 2)
        pack = [c for c in pack if c.suit in suits]
    rng.shuffle(pack)
    hands = [mask_of(pack[i * size:(i + 1) * size]) for i in range(n)]
    trump = rng.choice([None, *tc.Suit])
    leader = rng.randrange(n)
    position = Position(hands, trump, leader)
    played: list[tc.Card] = []
    ctx = position.context
    for i in range(rng.randrange(n) if rng.random() < 0.5 else 0):
        mover = (leader + i) % n
        legal = hands[mover]
        if played:
            legal = legal & ctx.suit_masks[ctx.suit_index[played[0].index]] or legal
        card = rng.choice(cards_of(legal))
        played.append(card)
        hands[mover] ^= card.bit
    return Position(hands, trump, leader, played)


@pytest.mark.parametrize("seed", range(4))
def test_fewest_matches_plain_minimax_on_random_positions(seed: int) -> None:
    # two to four seats (partnerships are ignored: every seat but the counted one gives it
    # tricks), Five Hundred's bowers and joker one time in three
    rng = random.Random(f"fewest-{seed}")
    values = set()
    for i in range(80):
        position = random_position(rng, five_hundred=i % 3 == 0)
        seat = rng.randrange(position.players)
        values.add(_check(position, seat))
    assert len(values) >= 3  # not only zeros: the test can tell a wrong count


def test_a_limit_stops_the_count_and_changes_nothing_below_it() -> None:
    # with a limit the count is the fewest or the limit, whichever is smaller, from every
    # limit of 0 to the tricks left (and one more), on one memory as a bot asks them
    rng = random.Random("fewest-limit")
    memory = tc.solver.Memory()
    capped = 0
    for i in range(60):
        position = random_position(rng, five_hundred=i % 3 == 0)
        seat = rng.randrange(position.players)
        by_card = fewest_by_card(position, seat)
        fewest = (min if position.to_move == seat else max)(by_card.values())
        for limit in range(position.tricks_left + 2):
            result = solve_fewest(position, seat, cards=False, limit=limit, memory=memory)
            assert (result.tricks, result.best_cards) == (min(fewest, limit), ())
            capped += limit < fewest
    assert capped >= 10  # the limit did cut counts short


def test_fewest_matches_plain_minimax_with_five_to_seven_seats() -> None:
    rng = random.Random("fewest-seven")
    for _ in range(25):
        position = _many_seats(rng)
        _check(position, rng.randrange(position.players))


def test_fewest_differs_from_the_most_a_seat_can_force() -> None:
    # seat 0 holds AS 2H and leads at no trump: it can force one trick (the ace), and cannot
    # avoid it either; holding 2S 2H against the aces it takes none whatever anyone does
    hands = [mask_of(tc.parse_cards(h)) for h in ("AS 2H", "KS 3H", "QS 4H")]
    assert solve_fewest(Position(hands, None, 0), 0).tricks == 1
    hands = [mask_of(tc.parse_cards(h)) for h in ("2S 2H", "AS AH", "KS KH")]
    assert solve_fewest(Position(hands, None, 0), 0).tricks == 0


def test_two_hands_take_the_general_search(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [mask_of(tc.parse_cards(h)) for h in ("AS 2S 3H", "KS QH 4H")]
    position = Position(hands, tc.Suit.HEARTS, 0)
    compiled = _Compiled(position, [1], counted=0)
    assert compiled.is_max == [0, 1]
    assert compiled.counts == [1, 0]

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the two-hand search has no fewest mode")

    monkeypatch.setattr(search_module, "build_two", refused)
    monkeypatch.setattr(search_module, "two_hand", refused)
    _Search(compiled)  # even asked for the flat two-hand search, the general one answers
    _check(position, 0)
    _check(position, 1)


def test_the_arguments_are_checked() -> None:
    hands = [mask_of(tc.parse_cards(h)) for h in ("AS 2H", "KS 3H", "QS 4H")]
    position = Position(hands, None, 0)
    for seat in (3, -1, True, "0", 1.0):
        with pytest.raises(PositionError, match="is not a seat of the position"):
            solve_fewest(position, seat)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="max_nodes must be a positive number"):
        solve_fewest(position, 0, max_nodes=0)
    with pytest.raises(PositionError, match="timeout must be a positive number"):
        solve_fewest(position, 0, timeout=-1.0)
    for limit in (-1, True, 1.0, "2"):
        with pytest.raises(PositionError, match="limit must be a whole number of tricks"):
            solve_fewest(position, 0, cards=False, limit=limit)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="limit counts the tricks alone"):
        solve_fewest(position, 0, limit=1)
    empty = Position([0, 0, 0], None, 0)
    assert solve_fewest(empty, 2).tricks == 0
    assert solve_fewest(empty, 2).best_cards == ()


@pytest.mark.parametrize("family", ["oh-hell", "humbug", "five-hundred", "bridge"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_fewest_matches_plain_minimax_hypothesis(family: str, data: st.DataObject) -> None:
    position, seat = data.draw(positions(family))
    _check(position, seat)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_two_seats_share_the_tricks_between_their_fewest(data: st.DataObject) -> None:
    # with two seats the game "seat 0 ducks, seat 1 gives" is the game "seat 1 ducks, seat 0
    # gives": the two fewest add up to the tricks left
    position, _seat = data.draw(positions("humbug"))
    left = position.tricks_left
    assert solve_fewest(position, 0).tricks + solve_fewest(position, 1).tricks == left


def _hand_positions(seed: int, n: int = 4, size: int = 5) -> list[Position]:
    """Every position of one hand played out at random, card by card."""
    rng = random.Random(f"fewest-hand-{seed}")
    pack = list(PACK)
    rng.shuffle(pack)
    hands = [mask_of(pack[i * size:(i + 1) * size]) for i in range(n)]
    trump = rng.choice([None, *tc.Suit])
    leader = rng.randrange(n)
    trick: list[tc.Card] = []
    out = []
    while any(hands):
        position = Position(hands, trump, leader, trick)
        out.append(position)
        mover = position.to_move
        card = rng.choice(cards_of(position.hands[mover] & position.context.suit_masks[
            position.context.suit_index[trick[0].index]] or position.hands[mover]
            if trick else position.hands[mover]))
        hands[mover] ^= card.bit
        trick = [*trick, card]
        if len(trick) == n:
            leader = (leader + position.context.winner([*trick])) % n
            trick = []
    return out


@pytest.mark.parametrize("seed", range(2))
def test_a_memory_keeps_the_search_and_changes_no_answer(seed: int) -> None:
    # a hand's positions one after the other with one memory (the search moved to each new root,
    # its table kept) and each afresh: the same counts and best cards, fewer trick starts
    memory = tc.solver.Memory()
    kept = fresh = 0
    for i, position in enumerate(_hand_positions(seed)):
        seat = i % position.players
        with_memory = solve_fewest(position, seat, memory=memory)
        alone = solve_fewest(position, seat)
        assert (with_memory.tricks, with_memory.best_cards) == (alone.tricks, alone.best_cards)
        kept += with_memory.nodes
        fresh += alone.nodes
    assert len(memory.searches) == 4  # one search a counted seat
    assert kept < fresh


def test_a_budget_stops_the_search_and_a_memory_goes_on_after() -> None:
    # ten cards each, four seats: more than 50 trick starts; the same memory then answers
    pack = list(PACK)
    random.Random("fewest-budget").shuffle(pack)
    position = Position([mask_of(pack[i * 10:(i + 1) * 10]) for i in range(4)], tc.Suit.HEARTS, 0)
    memory = tc.solver.Memory()
    with pytest.raises(tc.errors.BudgetExceededError):
        solve_fewest(position, 1, max_nodes=50, memory=memory)
    # a smaller position, with no budget: the kept search has none either
    small = Position([mask_of(pack[i * 5:(i + 1) * 5]) for i in range(4)], tc.Suit.HEARTS, 0)
    result = solve_fewest(small, 1, memory=memory)
    assert result.nodes > 50
    assert result.tricks == _check(small, 1)
