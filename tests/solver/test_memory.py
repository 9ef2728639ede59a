"""The solver's memory kept from one position to the next, the perfect bot, and whole Humbug
deals against it (the data behind the Humbug perfect-play page)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trickcore as tc
from trickcore.engine.turns import play_deal
from trickcore.players.heuristic import HeuristicBot
from trickcore.solver import (
    Memory,
    PerfectBot,
    Position,
    PositionError,
    position_from_deal,
    position_from_state,
    solve,
)
from trickcore.solver.twohand import MAX_SUIT, fits
from trickcore.study.humbug import whole_deal
from trickcore.study.runner import ChunkTask, run_chunk

HUMBUG = tc.get_variant("humbug")
DATA = Path(__file__).resolve().parents[2] / "book" / "numbers" / "data" / "humbug-perfect.json"


def small_deal(seed: int, size: int) -> tc.Deal:
    return tc.deal_cards(HUMBUG, players=2, dealer=1, hand_size=size,
                         rng=tc.rng_for("humbug", 2, seed, "memory-test"))


def lowest_key(card: tc.Card) -> tuple[int, int]:
    return (99 if card.rank is None else int(card.rank), card.index)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(3, 8), moves=st.lists(
    st.integers(0, 12), max_size=10))
def test_a_shared_memory_gives_the_answers_of_a_fresh_search(seed: int, size: int,
                                                             moves: list[int]) -> None:
    # Play some cards (any legal ones) and solve every position met, with one memory for the
    # whole game and afresh: the tricks and every best card agree.
    state = tc.HandState(HUMBUG, small_deal(seed, size))
    memory = Memory()
    for step in [*moves, None]:
        if state.is_over:
            break
        position = position_from_state(state)
        shared = solve(position, side=0, memory=memory)
        fresh = solve(position, side=0)
        assert (shared.tricks, shared.best_cards) == (fresh.tricks, fresh.best_cards)
        if step is not None:
            legal = state.legal_plays
            state.play(legal[step % len(legal)])
    assert len(memory) > 0 or size <= 3


@pytest.mark.parametrize("seed", range(6))
def test_the_perfect_bot_keeps_the_value_of_every_position(seed: int) -> None:
    # Each card the bot plays keeps its seat's tricks at the value of the position; two
    # perfect bots together make exactly the opening position's value.
    deal = small_deal(seed, 7)
    value = solve(position_from_deal(deal, sides=((0,), (1,))), side=0).tricks
    state = tc.HandState(HUMBUG, deal)
    bot = PerfectBot()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        before = solve(position_from_state(state), side=seat)
        won_before = state.tricks_won[seat]
        choice = bot(state)
        assert choice.action in before.best_cards
        assert choice.action == min(before.best_cards, key=lowest_key)
        state.play(choice.action)
        if not state.is_over:
            after = solve(position_from_state(state), side=seat).tricks
            assert state.tricks_won[seat] - won_before + after == before.tricks
    assert state.tricks_won[0] == value


def test_a_bot_never_does_better_than_perfect_play_against_a_perfect_opponent() -> None:
    for seed in range(4):
        deal = small_deal(seed, 8)
        value = solve(position_from_deal(deal, sides=((0,), (1,))), side=0).tricks
        for seat, best in ((0, value), (1, 8 - value)):
            bots: list[tc.Bot] = [PerfectBot(), PerfectBot()]
            bots[seat] = HeuristicBot()
            state = play_deal(tc.HandState(HUMBUG, deal), bots)
            assert state.tricks_won[seat] <= best


def test_the_position_of_a_state_needs_a_deal_in_play() -> None:
    oh_hell = tc.state_from_code("oh-hell-4-2718")
    with pytest.raises(PositionError, match="only a deal in its play"):
        position_from_state(oh_hell)
    with pytest.raises(PositionError, match="two-hand deals"):
        PerfectBot()(oh_hell)


def test_two_hand_numbering_fits_at_most_thirteen_cards_a_suit() -> None:
    assert fits([(1 << MAX_SUIT) - 1, 0])
    assert not fits([(1 << MAX_SUIT) - 1, 1 << MAX_SUIT])  # 14 cards of the first suit
    assert fits([((1 << MAX_SUIT) - 1) << (32 * s) for s in range(4)])


def test_a_whole_deal_record_holds_together() -> None:
    deal = small_deal(3, 9)
    record = whole_deal(deal)
    trump = deal.trump
    assert trump is not None
    assert record["trumps"] == [sum(c.suit is trump for c in tc.cards_of(h)) for h in deal.hands]
    other = Position(deal.hands, deal.trump, 1, sides=((0,), (1,)))
    assert record["dealer_lead"] == solve(other, side=0).tricks
    for name in ("heuristic", "montecarlo"):
        eldest, dealer = record[name]
        assert eldest <= record["eldest_lead"]
        assert dealer <= 9 - record["eldest_lead"]


@pytest.mark.slow
def test_the_stored_whole_deals_are_the_study_s_and_a_chunk_regenerates() -> None:
    data = json.loads(DATA.read_text())
    assert data["study"] == "humbug-perfect"
    assert data["deals"] >= 200
    deals = data["counts"]["deals"]
    assert sorted(deals) == [f"{g:07d}" for g in range(data["deals"])]
    for record in deals.values():
        assert sum(record["trumps"]) == 13
        assert 0 <= record["eldest_lead"] <= 26
        assert record["heuristic"][0] <= record["eldest_lead"]
        assert record["montecarlo"][1] <= 26 - record["eldest_lead"]
    # Regenerate one of the quickest stored deals (chunk 9: about a second compiled)
    chunk = 9
    result = run_chunk(ChunkTask("humbug-perfect", data["seed"], chunk, chunk, 1))
    assert result.counts == {"deals": {f"{chunk:07d}": deals[f"{chunk:07d}"]}}


def test_the_perfect_bot_reason_names_the_card_and_the_tricks() -> None:
    state = tc.HandState(HUMBUG, small_deal(5, 4))
    choice = PerfectBot()(state)
    value = solve(position_from_state(state), side=0).tricks
    assert choice.reason == f"best play: {choice.action.code} keeps {value} of the 4 tricks left"


def test_the_perfect_bot_forgets_a_deal_when_the_next_one_starts() -> None:
    bot = PerfectBot()
    first = tc.HandState(HUMBUG, small_deal(1, 6))
    bot(first)
    before = len(bot.memory)
    second = tc.HandState(HUMBUG, small_deal(2, 3))
    bot(second)  # a new deal: the first deal's positions are forgotten
    assert len(bot.memory) < before
    shared = Memory()
    solve(position_from_deal(small_deal(1, 6), sides=((0,), (1,))), side=0, memory=shared)
    kept = len(shared)
    PerfectBot(shared)(second)  # a memory given is the caller's: never emptied
    assert len(shared) >= kept > 0
