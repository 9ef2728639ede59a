"""Property tests: whole matches played by bots obey the rules, re-checked independently.

For every variant and player count, seeded matches are played with random and heuristic bots.
Every deal is then checked against the rules as written in docs/rules.md, recomputed here without
the engine's help: the cards dealt, the bidding, following suit, each trick's winner, the
points, the dealer's rotation, the schedule, the running totals and the settlement.  The record
of each match must replay to the same result and survive a JSON round trip.
"""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import (
    CONFIGS,
    PACK,
    bots_for,
    config_id,
    expected_points,
    humbug_points,
    played_match,
    suit_of,
    trick_winner,
)

import trickcore as tc
from trickcore.engine.events import Announced, BidMade, CardPlayed, HandScored, TrickWon

SEEDS = {"random": (1, 2, 3, 4, 5, 6), "heuristic": (1, 2, 3, 4)}


def check_deal(state: tc.HandState, index: int = 0) -> None:
    """One finished deal (deal `index` of its match), checked card by card."""
    ruleset = state.ruleset
    deal = state.deal
    n = deal.players
    h = deal.hand_size
    dealer = deal.dealer
    eldest = (dealer + 1) % n
    assert state.is_over

    # The cards: disjoint hands of the right size; with the stock and the cards set aside they
    # make up the pack.
    hands = [set(deal.hand(s)) for s in range(n)]
    assert [len(hand) for hand in hands] == [h] * n
    dealt = set().union(*hands)
    assert len(dealt) == n * h
    rest = set(deal.stock) | set(deal.removed)
    assert len(rest) == len(deal.stock) + len(deal.removed)
    assert not rest & dealt
    assert dealt | rest == set(PACK)
    assert len(deal.removed) == ruleset.removed(n)

    # Trumps.
    method = ruleset.trump_method
    if ruleset.largest_deals_no_trump and h == ruleset.max_hand_size(n):
        assert deal.turn_up is None
        assert deal.trump is None
    elif method is tc.TrumpMethod.FIXED_ROTATION:
        assert deal.turn_up is None
        entry = ruleset.trump_rotation[index % len(ruleset.trump_rotation)]
        assert deal.trump == entry
    elif method is tc.TrumpMethod.NONE:
        assert deal.turn_up is None
        assert deal.trump is None
    elif method is tc.TrumpMethod.DEALERS_LAST:
        assert deal.turn_up in hands[dealer]
        assert deal.turn_up is not None
        assert deal.trump is deal.turn_up.suit
    elif method in (tc.TrumpMethod.TURN_NEXT, tc.TrumpMethod.TOP_OF_STOCK):
        if deal.stock:
            assert deal.turn_up is deal.stock[0]
            assert deal.trump is deal.turn_up.suit
        else:
            assert ruleset.no_trump_when_no_card
            assert deal.turn_up is None
            assert deal.trump is None
    trump = deal.trump.letter if deal.trump is not None else None

    # Bidding: once each, from eldest round to the dealer.
    bid_events = [e for e in state.events if isinstance(e, BidMade)]
    if ruleset.bidding is tc.BiddingKind.EXACT:
        assert [e.seat for e in bid_events] == [(eldest + i) % n for i in range(n)]
        bids = [int(e.bid) for e in sorted(bid_events, key=lambda e: e.seat)]  # type: ignore[arg-type]
        assert list(state.bids) == bids
        assert all(0 <= b <= h for b in bids)
        if ruleset.hook:
            assert sum(bids) != h
        if ruleset.announce_over_under:
            total = sum(bids)
            word = "over" if total > h else "under" if total < h else "even"
            assert state.announcement == word
            assert [e for e in state.events if isinstance(e, Announced)] == [
                Announced(word, total)
            ]
        else:
            assert state.announcement is None
    else:
        assert bid_events == []
        assert state.bids == [None] * n

    # Play: eldest leads, everyone follows suit if able, the winner leads next.
    held = [set(hand) for hand in hands]
    leader = eldest
    won = [0] * n
    played: list[tc.Card] = []
    assert len(state.tricks) == h
    for trick in state.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == n
        led = suit_of(trick.cards[0])
        for card, seat in zip(trick.cards, trick.seats(n), strict=True):
            assert card in held[seat]
            if suit_of(card) != led:
                assert not any(suit_of(c) == led for c in held[seat]), (card, led, held[seat])
            held[seat].remove(card)
        winner = (trick.leader + trick_winner(trick.cards, trump)) % n
        assert trick.winner == winner
        won[winner] += 1
        leader = winner
        played.extend(trick.cards)
    assert held == [set()] * n
    assert len(played) == len(set(played)) == n * h
    assert set(played) == dealt
    assert list(state.tricks_won) == won
    assert sum(won) == h

    # Points, recomputed from the bids and tricks.
    assert state.points is not None
    if ruleset.scoring is tc.Scoring.TRICK_DIFFERENCE:
        assert state.revokes == []
        expected = humbug_points(won, state.revokes, ruleset.revoke_penalty_tricks)
    else:
        expected = [expected_points(ruleset, b, t, h)  # type: ignore[arg-type]
                    for b, t in zip(state.bids, won, strict=True)]
    assert list(state.points) == expected

    # The event log tells the same story.
    assert sum(isinstance(e, CardPlayed) for e in state.events) == n * h
    assert [e.trick for e in state.events if isinstance(e, TrickWon)] == state.tricks
    assert state.events[-1] == HandScored(tuple(won), tuple(expected))


def expected_settlement(ruleset: tc.Ruleset, totals: list[int]) -> list[int] | None:
    n = len(totals)
    rate = ruleset.stake_rate
    best = max(totals)
    if ruleset.stakes is tc.Stakes.NONE:
        return None
    if ruleset.stakes is tc.Stakes.TRICK_DIFFERENCE:
        return [rate * t for t in totals]
    if ruleset.stakes is tc.Stakes.HARD_SCORE:
        totals = [t + ruleset.hard_score_bonus if t == best else t for t in totals]
    if ruleset.stakes in (tc.Stakes.HARD_SCORE, tc.Stakes.DIFFERENCES):
        return [rate * (n * t - sum(totals)) for t in totals]
    raise AssertionError(f"no formula for {ruleset.stakes}")


def check_match(match: tc.Match) -> None:
    ruleset = match.ruleset
    n = match.players
    assert match.is_over

    # The schedule.
    sizes = [state.hand_size for state in match.deals]
    sequence = ruleset.hand_sequence(n)
    if ruleset.game_end is tc.GameEnd.FIXED_DEALS:
        assert sizes == list(sequence)
    else:
        assert set(sizes) == {sequence[0]}
        assert max(match.totals) >= ruleset.target or len(sizes) == ruleset.max_deals
        for i in range(len(sizes) - 1):
            assert max(match.totals_after(i)) < ruleset.target

    # The deal passes to the left.
    dealers = [state.dealer for state in match.deals]
    assert dealers[0] == match.first_dealer
    for a, b in pairwise(dealers):
        assert b == (a + 1) % n

    # Each deal, and the running totals.
    record = match.record()
    running = [0] * n
    for i, state in enumerate(match.deals):
        check_deal(state, i)
        assert state.points is not None
        running = [a + b for a, b in zip(running, state.points, strict=True)]
        assert match.totals_after(i) == running
        assert record["deals"][i]["totals"] == running
        assert record["deals"][i]["points"] == list(state.points)
    assert match.totals == running
    best = max(running)
    assert match.winners == [s for s in range(n) if running[s] == best]
    assert match.settlement == expected_settlement(ruleset, running)
    if match.settlement is not None and ruleset.stakes is not tc.Stakes.POOL:
        assert sum(match.settlement) == 0
    assert record["result"] == {
        "totals": running, "winners": match.winners, "settlement": match.settlement
    }

    # The record replays to the same match and survives JSON.
    replayed = tc.replay_record(record)
    assert replayed.totals == match.totals
    assert replayed.record() == record
    text = json.dumps(record)
    assert json.loads(text) == record
    assert tc.read_record(text).totals == match.totals


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_bot_matches_obey_the_rules(config: tuple[str, int], kind: str) -> None:
    key, n = config
    for seed in SEEDS[kind]:
        check_match(played_match(key, n, seed, kind))


@pytest.mark.slow
@settings(max_examples=100, derandomize=True, database=None, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**40),
       kind=st.sampled_from(["random", "heuristic"]))
def test_any_seed_obeys_the_rules(config: tuple[str, int], seed: int, kind: str) -> None:
    check_match(played_match(config[0], config[1], seed, kind))


@pytest.mark.parametrize(
    "options",
    [
        {"scoring": "simple"},
        {"scoring": "ten-plus-zero-available"},
        {"scoring": "bonus-only"},
        {"scoring": "ten-per-bid"},
        {"scoring": "squares"},
        {"scoring": "squares", "exact_bonus": 5},
        {"scoring": "simple", "zero_bid": "5"},
        {"scoring": "simple", "zero_bid": "10"},
        {"scoring": "common", "zero_bid": "5+h"},
        {"hook": False, "stakes": "differences", "stake_rate": 2},
        {"stakes": "hard-score", "hard_score_bonus": 25},
        {"trump_method": "fixed-rotation", "trump_rotation": "H D NT"},
        {"trump_method": "none", "first_dealer": "low-card"},
        {"largest_deals_no_trump": True},
        {"schedule": "up-down", "hand_sizes": {"4": 6, "5": 6}, "players": [4, 5]},
        {"game_end": "target", "target": 60, "schedule": "fixed"},
    ],
    ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()),
)
def test_options_obey_the_rules(options: dict[str, object]) -> None:
    ruleset = tc.with_options(tc.get_variant("oh-hell"), options)
    for players in (4, 5):
        for seed, kind in ((1, "random"), (2, "random"), (3, "heuristic")):
            match = tc.Match(ruleset, players, seed)
            match.play(bots_for(kind, players, seed))
            check_match(match)
            assert tc.with_options(tc.get_variant("oh-hell"), match.record()["options"]) == ruleset


def test_fixed_rotation_and_largest_deals_trumps() -> None:
    ruleset = tc.with_options(
        tc.get_variant("oh-hell"), {"trump_method": "fixed-rotation", "trump_rotation": "H D NT"}
    )
    match = tc.Match(ruleset, 4, seed=1)
    match.play(bots_for("random", 4, 1))
    letters = [s.trump.letter if s.trump else "NT" for s in match.deals]
    assert letters == (["H", "D", "NT"] * 7)[:19]
    big = tc.with_options(tc.get_variant("oh-hell"), {"largest_deals_no_trump": True})
    match = tc.Match(big, 4, seed=1)
    match.play(bots_for("random", 4, 1))
    for state in match.deals:
        assert (state.trump is None) == (state.hand_size == 10)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_same_seed_same_record(config: tuple[str, int], kind: str) -> None:
    key, n = config
    first = played_match(key, n, 11, kind).record()
    second = played_match(key, n, 11, kind).record()
    assert first == second
    assert json.dumps(first) == json.dumps(second)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_different_seeds_different_deals(config: tuple[str, int]) -> None:
    key, n = config
    ruleset = tc.get_variant(key)
    first_deals = {tc.Match(ruleset, n, seed).make_deal(0).hands for seed in range(10)}
    assert len(first_deals) == 10
    # Within a match, every deal is shuffled afresh.
    match = tc.Match(ruleset, n, seed=1)
    count = 5 if ruleset.game_end is tc.GameEnd.TARGET else min(5, len(match.schedule))
    deals = [match.make_deal(i) for i in range(count)]
    assert len({d.hands for d in deals}) == len(deals)


def test_play_deal_runs_one_deal() -> None:
    ruleset = tc.get_variant("oh-hell")
    match = tc.Match(ruleset, 4, seed=3)
    state = tc.play_deal(match.next_deal(), bots_for("heuristic", 4, 3))
    assert state.is_over
    check_deal(state)
    assert match.current is None
    assert not match.is_over
    match.play(bots_for("heuristic", 4, 3))
    check_match(match)


def test_heuristic_bot_gives_reasons() -> None:
    match = tc.Match(tc.get_variant("contract-whist"), 4, seed=5)
    state = match.next_deal()
    bot = tc.HeuristicBot()
    while not state.is_over:
        choice = bot(state)
        assert isinstance(choice, tc.Choice)
        assert choice.reason
        assert choice.action in state.legal_actions
        state.apply(choice.action)
