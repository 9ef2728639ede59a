"""The Monte Carlo bot: sampled worlds respect what the bot knows; it plays every variant legally."""

from __future__ import annotations

import random

import pytest

import trickcore as tc
from trickcore.cards.packs import pack_mask
from trickcore.players.montecarlo import MonteCarloBot, sample_world, shown_voids


def _midway(key: str, players: int, seed: int, moves: int) -> tc.HandState:
    """A seeded deal played ``moves`` steps (or until play starts and one trick is done)."""
    match = tc.Match(tc.get_variant(key), players, seed)
    state = match.next_deal()
    bot = tc.HeuristicBot()
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(bot(state).action)
    return state


@pytest.mark.parametrize(("key", "players"), [("oh-hell", 4), ("oh-pshaw", 5),
                                              ("five-hundred", 4), ("five-hundred-2", 2),
                                              ("five-hundred-5", 5)])
def test_sampled_worlds_keep_what_the_seat_knows(key: str, players: int) -> None:
    rng = random.Random(7)
    for seed in range(8):
        state = _midway(key, players, seed, moves=14)
        if state.is_over or state.to_act is None:
            continue
        seat = state.to_act
        voids = shown_voids(state)
        for _ in range(5):
            world = sample_world(state, seat, rng)
            # The seat's own cards, the cards played and everything face up are unchanged.
            assert world.hands[seat] == state.hands[seat]
            assert world.tricks == state.tricks
            assert world.table_up == state.table_up
            # Every other hand keeps its size; no card is in two hands.
            seen = 0
            for s in range(players):
                assert bin(world.hands[s]).count("1") == bin(state.hands[s]).count("1")
                assert not world.hands[s] & seen
                seen |= world.hands[s]
            assert seen & ~pack_mask(state.ruleset.deck) == 0
            # A seat that showed a void gets no card of that suit.
            index = state.context.suit_index
            for s in range(players):
                if s == seat:
                    continue
                for card in tc.cards_of(world.hands[s]):
                    suit = index[card.index]
                    assert suit < 0 or not voids[s] & (1 << suit)


def test_humbug_needs_no_sampling() -> None:
    state = _midway("humbug", 2, 3, moves=5)
    world = sample_world(state, state.to_act or 0, random.Random(1))
    assert world.hands == state.hands


@pytest.mark.parametrize("key", tc.variant_keys())
def test_monte_carlo_bot_plays_every_variant_legally(key: str) -> None:
    ruleset = tc.get_variant(key)
    players = ruleset.players[0]
    match = tc.Match(ruleset, players, seed=11)
    state = match.next_deal()
    bots: list[tc.Bot] = [MonteCarloBot(samples=2, seed=3)] + [tc.HeuristicBot()] * (players - 1)
    reasons = []
    while not state.is_over:
        choice = tc.bot_action(bots[state.to_act or 0], state)  # checks legality
        if state.to_act == 0:
            reasons.append(choice.reason)
        state.apply(choice.action)
    assert state.points is not None
    assert all(reasons)


def test_monte_carlo_bot_is_repeatable() -> None:
    def run() -> tuple[int, ...]:
        match = tc.Match(tc.get_variant("contract-whist"), 4, seed=2)
        bots: list[tc.Bot] = [MonteCarloBot(samples=3, seed=9)] + [tc.HeuristicBot()] * 3
        state = tc.play_deal(match.next_deal(), bots)
        assert state.points is not None
        return state.points

    assert run() == run()


def test_monte_carlo_prefers_the_sure_winner_when_it_needs_a_trick() -> None:
    """Last trick, one card each; seat 0 bid 1 and has no trick yet: it must win this trick."""
    rules = tc.get_variant("british-oh-hell")  # no hook, bonus only
    deal = tc.deal_from_hands(rules, ["AS 2H", "KS 3H", "QS 4H"], dealer=2, turn_up="9D")
    state = tc.HandState(rules, deal)
    for bid in (1, 1, 0):
        state.bid(bid)
    choice = MonteCarloBot(samples=3, seed=1)(state)
    assert choice.action == tc.Card.parse("AS")
    assert "AS" not in choice.reason  # the reason uses symbols
    assert "A♠" in choice.reason
