"""The conformance facts of docs/rules.md section 5 (facts 1-37: the Oh Hell family and Humbug).

Each test names its fact.  Where a fact is about bids, tricks or scores, the test builds the
hands itself with ``deal_from_hands`` and plays them through ``HandState``; where it is about
the deal (first dealer, trump card, cards set aside), it reproduces the shuffle with the same
seeded generator and checks the engine against a second, independent reading of the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from support import (
    PACK,
    KnownOrder,
    eldest_score,
    humbug_points,
    known_order,
    play_out,
    played_match,
    rank_of,
    suit_of,
)

import trickcore as tc
from trickcore.engine.events import Announced, CardPlayed

DOWN_UP_10 = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
SEVEN_ONE_SEVEN = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
HOOKED = ["contract-whist", "up-and-down-the-river", "oh-hell"]
UNHOOKED = ["oh-well", "oh-pshaw", "british-oh-hell"]


def hands_of(deal: tc.Deal) -> list[set[tc.Card]]:
    return [set(deal.hand(s)) for s in range(deal.players)]


def four_hands(hand_size: int) -> list[list[str]]:
    """Four disjoint hands of `hand_size` cards (the contents do not matter for bidding)."""
    return [[c.code for c in PACK[i * hand_size:(i + 1) * hand_size]] for i in range(4)]


def bidding_state(key: str, hand_size: int, bids: Sequence[int]) -> tc.HandState:
    """4 players, dealer seat 3: eldest (seat 0) to seat 2 bid `bids`; the dealer is to bid."""
    ruleset = tc.get_variant(key)
    turn_up = None if ruleset.trump_method is tc.TrumpMethod.DEALERS_LAST else "AC"
    deal = tc.deal_from_hands(ruleset, four_hands(hand_size), dealer=3, turn_up=turn_up)
    state = tc.HandState(ruleset, deal)
    for bid in bids:
        state.bid(bid)
    assert state.to_act == 3
    return state


def played(key: str, players: int, seed: int = 1) -> tc.Match:
    return played_match(key, players, seed, "heuristic")


# Facts 1-7: pagat Oh Hell ----------------------------------------------------------------------


def test_fact_01_oh_hell_four_players_19_deals_10_down_to_1_and_up() -> None:
    ruleset = tc.get_variant("oh-hell")
    assert ruleset.hand_sequence(4) == DOWN_UP_10
    match = played("oh-hell", 4)
    assert [d.hand_size for d in match.deals] == list(DOWN_UP_10)
    assert match.is_over


@pytest.mark.parametrize("players", [3, 5])
def test_fact_02_oh_hell_three_and_five_players_19_deals_from_10(players: int) -> None:
    assert tc.get_variant("oh-hell").hand_sequence(players) == DOWN_UP_10
    match = played("oh-hell", players)
    assert len(match.deals) == 19
    assert match.deals[0].hand_size == 10


def test_fact_03_oh_hell_six_players_15_deals_8_1_8() -> None:
    expected = (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
    assert tc.get_variant("oh-hell").hand_sequence(6) == expected
    assert [d.hand_size for d in played("oh-hell", 6).deals] == list(expected)


def test_fact_04_oh_hell_seven_players_13_deals_7_1_7() -> None:
    assert tc.get_variant("oh-hell").hand_sequence(7) == SEVEN_ONE_SEVEN
    assert [d.hand_size for d in played("oh-hell", 7).deals] == list(SEVEN_ONE_SEVEN)


def test_fact_05_oh_hell_four_players_tenth_deal_has_one_card() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, seed=5)
    deal = match.make_deal(9)
    assert deal.hand_size == 1
    assert [len(deal.hand(s)) for s in range(4)] == [1, 1, 1, 1]


def draw_high_card(players: int, pack: list[tc.Card]) -> int:
    """Each player draws a card (seat 0 first, from the bottom of the pack); the highest deals,
    and tied players draw again."""
    pack = list(pack)
    candidates = list(range(players))
    while True:
        draws = {seat: rank_of(pack.pop()) for seat in candidates}
        best = max(draws.values())
        candidates = [seat for seat, value in draws.items() if value == best]
        if len(candidates) == 1:
            return candidates[0]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_06_oh_hell_highest_card_deals_first(players: int) -> None:
    ruleset = tc.get_variant("oh-hell")
    assert ruleset.first_dealer is tc.FirstDealer.HIGH_CARD
    for seed in range(60):
        rng = known_order(seed)
        assert tc.choose_first_dealer(ruleset, players, rng) == draw_high_card(players, rng.pack)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_06_match_draws_for_the_first_dealer_deterministically(players: int) -> None:
    ruleset = tc.get_variant("oh-hell")
    for seed in range(30):
        rng = tc.rng_for("oh-hell", players, seed, "first-dealer")
        expected = tc.choose_first_dealer(ruleset, players, rng)
        match = tc.Match(ruleset, players, seed)
        assert match.first_dealer == expected
        assert match.next_deal().dealer == expected
        assert tc.Match(ruleset, players, seed).first_dealer == expected


def test_fact_06_high_card_draw_is_fair_over_many_seeds() -> None:
    ruleset = tc.get_variant("oh-hell")
    counts = Counter(tc.Match(ruleset, 4, seed).first_dealer for seed in range(800))
    assert set(counts) == {0, 1, 2, 3}
    # 200 expected per seat; the standard deviation is about 12.
    assert all(140 <= c <= 260 for c in counts.values()), counts


def test_fact_06_high_card_ties_draw_again() -> None:
    # Seats 0 and 1 both draw an ace (from the bottom), seat 2 a two; on the second round seat 1
    # draws the king and seat 0 the queen: seat 1 deals.
    bottom = ["AS", "AH", "2C", "QD", "KD"]
    rest = [c for c in PACK if c.code not in bottom]
    pack = rest + [tc.Card.parse(c) for c in reversed(bottom)]
    rng = KnownOrder([PACK.index(c) for c in pack])
    assert tc.choose_first_dealer(tc.get_variant("oh-hell"), 3, rng) == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_07_oh_hell_next_card_after_the_deal_is_turned_for_trump(players: int) -> None:
    ruleset = tc.get_variant("oh-hell")
    assert ruleset.trump_method is tc.TrumpMethod.TURN_NEXT
    for seed in range(20):
        rng = known_order(seed)
        pack = rng.pack
        hand_size = ruleset.hand_sequence(players)[seed % 10]
        dealer = seed % players
        deal = tc.deal_cards(ruleset, players=players, dealer=dealer, hand_size=hand_size, rng=rng)
        dealt = players * hand_size
        # Dealt one at a time, starting with eldest.
        for i, card in enumerate(pack[:dealt]):
            assert card in deal.hand((dealer + 1 + i) % players)
        assert deal.turn_up is pack[dealt]
        assert deal.stock == tuple(pack[dealt:])
        assert deal.trump is deal.turn_up.suit
        assert all(deal.turn_up not in hand for hand in hands_of(deal))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_07_seeded_deals_turn_a_card_nobody_holds(players: int) -> None:
    ruleset = tc.get_variant("oh-hell")
    for seed in range(5):
        match = tc.Match(ruleset, players, seed)
        for index in range(len(match.schedule)):
            deal = match.make_deal(index)
            assert deal.turn_up is not None
            assert deal.stock[0] is deal.turn_up
            assert deal.trump is deal.turn_up.suit
            assert all(deal.turn_up not in hand for hand in hands_of(deal))
            # The match deals from its own seeded generator, the same way every time.
            again = tc.deal_cards(
                ruleset, players=players, dealer=deal.dealer, hand_size=deal.hand_size,
                rng=tc.rng_for("oh-hell", players, seed, "deal", index), deal_index=index,
            )
            assert again == deal


# Facts 8-10: the hook ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", HOOKED)
def test_fact_08_hook_forbids_two_after_bids_2_0_1(key: str) -> None:
    state = bidding_state(key, 5, [2, 0, 1])
    assert state.legal_bids == (0, 1, 3, 4, 5)
    assert not state.can_bid(2)
    with pytest.raises(tc.IllegalBidError) as info:
        state.bid(2)
    assert info.value.rule == "hook"
    assert info.value.seat == 3
    for bid in (0, 1, 3, 4, 5):
        assert state.can_bid(bid)
    state.bid(3)
    assert state.phase is tc.Phase.PLAYING
    assert sum(b for b in state.bids if b is not None) != 5


@pytest.mark.parametrize("key", HOOKED)
def test_fact_09_hook_allows_everything_when_bids_total_six(key: str) -> None:
    state = bidding_state(key, 5, [3, 1, 2])
    assert state.legal_bids == (0, 1, 2, 3, 4, 5)
    assert all(state.can_bid(b) for b in range(6))


@pytest.mark.parametrize("key", HOOKED)
def test_fact_10_hook_one_card_after_three_zeros_only_zero(key: str) -> None:
    state = bidding_state(key, 1, [0, 0, 0])
    assert state.legal_bids == (0,)
    with pytest.raises(tc.IllegalBidError) as info:
        state.check_bid(1)
    assert (info.value.rule, info.value.seat) == ("hook", 3)


@pytest.mark.parametrize("key", HOOKED)
def test_hook_applies_only_to_the_dealer(key: str) -> None:
    ruleset = tc.get_variant(key)
    state = tc.HandState(ruleset, tc.deal_from_hands(ruleset, four_hands(5), dealer=3))
    for _ in range(3):
        assert state.to_act != 3
        assert state.legal_bids == (0, 1, 2, 3, 4, 5)
        state.bid(5)  # the first three may bid anything, even 5 + 5 + 5
    assert state.legal_bids == (0, 1, 2, 3, 4, 5)  # 15 > 5: nothing makes the total 5


# Facts 11-13: scoring schemes -----------------------------------------------------------------


@pytest.mark.parametrize(("bid", "took", "points"), [(3, 3, 13), (3, 2, 0), (0, 0, 10)])
def test_fact_11_simple_blob_scoring(bid: int, took: int, points: int) -> None:
    ruleset = tc.with_options(tc.get_variant("oh-hell"), {"scoring": "simple"})
    state = eldest_score(ruleset, 3, 5, bid, took)
    assert state.points is not None
    assert state.points[1] == points
    assert tc.deal_points(ruleset, bids=[bid], tricks=[took], hand_size=5) == [points]


@pytest.mark.parametrize(("bid", "took", "points"), [(3, 2, 2), (3, 3, 13), (0, 1, 1)])
def test_fact_12_common_scoring(bid: int, took: int, points: int) -> None:
    ruleset = tc.get_variant("oh-hell")
    assert ruleset.scoring is tc.Scoring.COMMON
    state = eldest_score(ruleset, 4, 5, bid, took)
    assert state.points is not None
    assert state.points[1] == points
    assert tc.deal_points(ruleset, bids=[bid], tricks=[took], hand_size=5) == [points]


@pytest.mark.parametrize(("bid", "took", "points"), [(0, 0, 12), (4, 4, 14), (4, 3, 0), (0, 1, 0)])
def test_fact_13_ten_plus_tricks_zero_scores_five_plus_available(
    bid: int, took: int, points: int
) -> None:
    ruleset = tc.with_options(tc.get_variant("oh-hell"), {"scoring": "ten-plus-zero-available"})
    state = eldest_score(ruleset, 3, 7, bid, took)
    assert state.points is not None
    assert state.points[1] == points


# Facts 14-19: Oh! Well -----------------------------------------------------------------------------


def check_oh_well_removal(players: int, removed: int, hand_size: int) -> None:
    ruleset = tc.get_variant("oh-well")
    assert ruleset.removed(players) == removed
    assert ruleset.hand_sequence(players) == (hand_size,)
    for seed in range(10):
        rng = known_order(seed)
        deal = tc.deal_cards(ruleset, players=players, dealer=seed % players,
                             hand_size=hand_size, rng=rng)
        # Set aside from the bottom of the pack, face down, before the deal.
        assert deal.removed == tuple(rng.pack[52 - removed:])
        assert deal.stock == ()
        hands = hands_of(deal)
        assert all(len(h) == hand_size for h in hands)
        assert set().union(*hands) == set(rng.pack[:52 - removed])
    for seed in range(5):
        deal = tc.Match(ruleset, players, seed).make_deal(0)
        hands = hands_of(deal)
        assert len(deal.removed) == removed
        assert all(len(h) == hand_size for h in hands)
        assert set().union(*hands) | set(deal.removed) == set(PACK)


def test_fact_14_oh_well_three_players_remove_one_deal_17() -> None:
    check_oh_well_removal(3, 1, 17)


@pytest.mark.parametrize(("players", "removed", "hand_size"), [(5, 2, 10), (6, 4, 8), (7, 3, 7)])
def test_fact_15_oh_well_five_six_seven_players(players: int, removed: int, hand_size: int) -> None:
    check_oh_well_removal(players, removed, hand_size)


def test_fact_16_oh_well_four_players_full_pack_13_each() -> None:
    check_oh_well_removal(4, 0, 13)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_17_oh_well_trump_is_the_dealers_own_last_card(players: int) -> None:
    ruleset = tc.get_variant("oh-well")
    assert ruleset.trump_method is tc.TrumpMethod.DEALERS_LAST
    size = ruleset.max_hand_size(players)
    for seed in range(10):
        rng = known_order(seed)
        dealer = seed % players
        deal = tc.deal_cards(ruleset, players=players, dealer=dealer, hand_size=size, rng=rng)
        last = rng.pack[players * size - 1]  # the last card dealt goes to the dealer
        assert deal.turn_up is last
        assert last in deal.hand(dealer)
        assert deal.trump is last.suit
    for seed in range(30):  # and over many seeded deals
        match = tc.Match(ruleset, players, seed)
        for index in range(2):
            deal = match.make_deal(index)
            assert deal.turn_up is not None
            assert deal.turn_up in deal.hand(deal.dealer)
            assert deal.trump is deal.turn_up.suit


def test_fact_17_oh_well_dealer_plays_the_turned_card() -> None:
    match = played("oh-well", 4, seed=2)
    for state in match.deals:
        turn_up = state.deal.turn_up
        played_by = {
            card: seat
            for trick in state.tricks
            for card, seat in zip(trick.cards, trick.seats(4), strict=True)
        }
        assert turn_up is not None
        assert played_by[turn_up] == state.dealer


@pytest.mark.parametrize(("bid", "took", "points"), [(2, 2, 12), (2, 3, 3)])
def test_fact_18_oh_well_scoring(bid: int, took: int, points: int) -> None:
    ruleset = tc.get_variant("oh-well")
    state = eldest_score(ruleset, 4, 5, bid, took)
    assert state.points is not None
    assert state.points[1] == points


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_18_oh_well_game_is_100_points(players: int) -> None:
    ruleset = tc.get_variant("oh-well")
    assert ruleset.game_end is tc.GameEnd.TARGET
    assert ruleset.target == 100
    for seed in range(3):
        match = played("oh-well", players, seed)
        assert match.is_over
        assert max(match.totals) >= 100
        assert max(match.totals_after(len(match.deals) - 2)) < 100
        assert match.winners == [s for s, t in enumerate(match.totals) if t == max(match.totals)]


def test_fact_19_oh_well_no_dealer_restriction() -> None:
    state = bidding_state("oh-well", 5, [2, 0, 1])
    assert state.legal_bids == (0, 1, 2, 3, 4, 5)
    state.bid(2)  # the bids total the hand size
    assert sum(b for b in state.bids if b is not None) == 5
    assert state.phase is tc.Phase.PLAYING


@pytest.mark.parametrize("key", UNHOOKED)
def test_fact_19_30_unhooked_variants_let_bids_total_the_hand_size(key: str) -> None:
    assert tc.get_variant(key).hook is False
    assert bidding_state(key, 1, [0, 0, 0]).legal_bids == (0, 1)
    assert bidding_state(key, 5, [2, 0, 1]).can_bid(2)


# Facts 20-23: Contract Whist, Up and Down the River ----------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_20_contract_whist_13_deals_7_1_7(players: int) -> None:
    assert tc.get_variant("contract-whist").hand_sequence(players) == SEVEN_ONE_SEVEN
    match = played("contract-whist", players)
    sizes = [d.hand_size for d in match.deals]
    assert sizes == list(SEVEN_ONE_SEVEN)
    assert sizes[6] == 1  # the 7th deal
    assert sizes[7] == 2  # the 8th deal


def first_jack_receiver(players: int, pack: list[tc.Card]) -> int:
    """Deal face up from the top, one card each from seat 0, until a jack appears."""
    position = next(i for i, card in enumerate(pack) if card.code[0] == "J")
    return position % players


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_21_contract_whist_first_player_dealt_a_jack_deals(players: int) -> None:
    ruleset = tc.get_variant("contract-whist")
    assert ruleset.first_dealer is tc.FirstDealer.FIRST_JACK
    seen = set()
    for seed in range(80):
        rng = known_order(seed)
        expected = first_jack_receiver(players, rng.pack)
        assert tc.choose_first_dealer(ruleset, players, rng) == expected
        seen.add(expected)
    assert seen == set(range(players))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_21_match_uses_the_jack_draw(players: int) -> None:
    ruleset = tc.get_variant("contract-whist")
    for seed in range(30):
        expected = tc.choose_first_dealer(
            ruleset, players, tc.rng_for("contract-whist", players, seed, "first-dealer")
        )
        match = tc.Match(ruleset, players, seed)
        assert match.first_dealer == expected
        assert match.next_deal().dealer == expected


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_22_contract_whist_trump_is_top_of_the_stock(players: int) -> None:
    ruleset = tc.get_variant("contract-whist")
    assert ruleset.trump_method is tc.TrumpMethod.TOP_OF_STOCK
    for seed in range(13):
        rng = known_order(seed)
        size = SEVEN_ONE_SEVEN[seed]
        deal = tc.deal_cards(ruleset, players=players, dealer=0, hand_size=size, rng=rng)
        dealt = players * size
        assert deal.stock == tuple(rng.pack[dealt:])
        assert deal.turn_up is rng.pack[dealt]
        assert deal.trump is deal.turn_up.suit
    for seed in range(4):
        match = tc.Match(ruleset, players, seed)
        for index in range(13):
            deal = match.make_deal(index)
            assert deal.turn_up is deal.stock[0]
            assert deal.trump is deal.turn_up.suit
            assert all(deal.turn_up not in hand for hand in hands_of(deal))


@pytest.mark.parametrize("players", [4, 5])
def test_fact_23_up_and_down_the_river_19_deals_10_1_10(players: int) -> None:
    ruleset = tc.get_variant("up-and-down-the-river")
    assert ruleset.hand_sequence(players) == DOWN_UP_10
    assert [d.hand_size for d in played("up-and-down-the-river", players).deals] == list(
        DOWN_UP_10
    )


@pytest.mark.parametrize(("bid", "took", "points"), [(3, 3, 13), (3, 2, 2), (0, 0, 10)])
def test_fact_23_up_and_down_the_river_exact_bid_scores_tricks_plus_ten(
    bid: int, took: int, points: int
) -> None:
    state = eldest_score(tc.get_variant("up-and-down-the-river"), 4, 5, bid, took)
    assert state.points is not None
    assert state.points[1] == points


# Facts 24-29: Oh Pshaw ------------------------------------------------------------------------


def test_fact_24_oh_pshaw_four_players_13_deals_last_at_no_trump() -> None:
    ruleset = tc.get_variant("oh-pshaw")
    assert ruleset.hand_sequence(4) == tuple(range(1, 14))
    for seed in range(10):
        match = tc.Match(ruleset, 4, seed)
        last = match.make_deal(12)
        assert last.hand_size == 13
        assert last.trump is None
        assert last.turn_up is None
        assert last.stock == ()
        for index in range(12):
            deal = match.make_deal(index)
            assert deal.turn_up is not None
            assert deal.trump is deal.turn_up.suit
    match = played("oh-pshaw", 4)
    assert len(match.deals) == 13
    assert match.deals[-1].trump is None


@pytest.mark.parametrize(("players", "deals"), [(5, 10), (3, 15)])
def test_fact_25_oh_pshaw_deal_counts(players: int, deals: int) -> None:
    assert tc.get_variant("oh-pshaw").hand_sequence(players) == tuple(range(1, deals + 1))
    assert len(played("oh-pshaw", players).deals) == deals


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_fact_26_oh_pshaw_first_deal_bids_only_0_or_1(players: int) -> None:
    ruleset = tc.get_variant("oh-pshaw")
    for seed in range(3):
        state = tc.Match(ruleset, players, seed).next_deal()
        assert state.hand_size == 1
        for _ in range(players):
            assert state.legal_bids == (0, 1)
            with pytest.raises(tc.IllegalBidError) as info:
                state.check_bid(2)
            assert info.value.rule == "bid-range"
            state.bid(0 if state.to_act != state.dealer else 1)
        assert state.phase is tc.Phase.PLAYING


@pytest.mark.parametrize(
    ("bids", "word", "total"),
    [((1, 0, 1, 0), "under", 2), ((1, 1, 1, 1), "over", 4), ((1, 0, 1, 1), "even", 3)],
)
def test_fact_27_oh_pshaw_over_under_even(bids: tuple[int, ...], word: str, total: int) -> None:
    state = bidding_state("oh-pshaw", 3, bids[:3])
    assert state.announcement is None
    state.bid(bids[3])
    assert state.announcement == word
    announced = [e for e in state.events if isinstance(e, Announced)]
    assert announced == [Announced(word, total)]
    assert state.events[-1] == announced[0]


@pytest.mark.parametrize("key", ["oh-hell", "oh-well", "british-oh-hell", "contract-whist"])
def test_fact_27_only_oh_pshaw_announces(key: str) -> None:
    state = bidding_state(key, 3, (1, 0, 1))
    state.bid(state.legal_bids[0])
    assert state.announcement is None
    assert not any(isinstance(e, Announced) for e in state.events)


@pytest.mark.parametrize(("bid", "took", "points"), [(2, 2, 12), (2, 1, 0), (0, 0, 10)])
def test_fact_28_oh_pshaw_normal_scoring(bid: int, took: int, points: int) -> None:
    state = eldest_score(tc.get_variant("oh-pshaw"), 4, 4, bid, took)
    assert state.points is not None
    assert state.points[1] == points


def test_fact_29_oh_pshaw_hard_score_settlement() -> None:
    ruleset = tc.get_variant("oh-pshaw")
    assert ruleset.stakes is tc.Stakes.HARD_SCORE
    nets = tc.settle(ruleset, [50, 40, 30])
    assert nets == [50, -10, -40]
    assert sum(nets) == 0
    # The winner's 50 becomes 60: seat i nets n * s_i - sum(s), i.e. 3*60 - 130 = 50.
    assert nets[0] == 3 * 60 - (60 + 40 + 30)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fact_29_oh_pshaw_match_settles_on_hard_score(players: int) -> None:
    for seed in range(3):
        match = played("oh-pshaw", players, seed)
        totals = match.totals
        best = max(totals)
        boosted = [t + 10 if t == best else t for t in totals]
        assert match.settlement == [players * s - sum(boosted) for s in boosted]
        assert sum(match.settlement) == 0


# Fact 30: British Oh Hell ------------------------------------------------------------------------


@pytest.mark.parametrize(("bid", "took", "points"), [(2, 2, 10), (2, 1, 0), (0, 0, 10), (3, 3, 10)])
def test_fact_30_british_oh_hell_bonus_only(bid: int, took: int, points: int) -> None:
    ruleset = tc.get_variant("british-oh-hell")
    assert ruleset.scoring is tc.Scoring.BONUS_ONLY
    state = eldest_score(ruleset, 4, 5, bid, took)
    assert state.points is not None
    assert state.points[1] == points


def test_fact_30_british_oh_hell_no_dealer_restriction() -> None:
    ruleset = tc.get_variant("british-oh-hell")
    assert ruleset.hook is False
    state = bidding_state("british-oh-hell", 4, [1, 1, 1])
    assert state.can_bid(1)
    state.bid(1)


def test_british_oh_hell_no_trump_when_every_card_is_dealt() -> None:
    match = tc.Match(tc.get_variant("british-oh-hell"), 4, seed=9)
    last = match.make_deal(12)
    assert last.hand_size == 13
    assert last.trump is None
    assert last.turn_up is None


# Facts 31-37: Humbug -------------------------------------------------------------------------------


def test_fact_31_humbug_two_players_26_cards_26_tricks() -> None:
    ruleset = tc.get_variant("humbug")
    assert ruleset.players == (2,)
    assert ruleset.hand_sequence(2) == (26,)
    for seed in range(5):
        match = played_match("humbug", 2, seed, "random")
        (state,) = match.deals
        assert [len(h) for h in hands_of(state.deal)] == [26, 26]
        assert len(state.tricks) == 26
        assert sum(state.tricks_won) == 26


def test_fact_32_humbug_trump_is_the_dealers_52nd_card() -> None:
    ruleset = tc.get_variant("humbug")
    assert ruleset.trump_method is tc.TrumpMethod.DEALERS_LAST
    for seed in range(10):
        rng = known_order(seed)
        deal = tc.deal_cards(ruleset, players=2, dealer=seed % 2, hand_size=26, rng=rng)
        assert deal.turn_up is rng.pack[51]
        assert deal.turn_up in deal.hand(seed % 2)
        assert deal.trump is deal.turn_up.suit
    for seed in range(40):
        deal = tc.Match(ruleset, 2, seed).make_deal(0)
        assert deal.turn_up in deal.hand(deal.dealer)
        assert deal.trump is deal.turn_up.suit
        assert deal.stock == ()


def test_humbug_lower_card_deals_with_the_ace_low() -> None:
    ruleset = tc.get_variant("humbug")
    assert ruleset.first_dealer is tc.FirstDealer.LOW_CARD
    assert ruleset.ace_low_in_draw is True

    def value(card: tc.Card) -> int:
        return -1 if card.code[0] == "A" else rank_of(card)

    for seed in range(60):
        rng = known_order(seed)
        pack = rng.pack
        candidates = [0, 1]
        while len(candidates) > 1:
            draws = {seat: value(pack.pop()) for seat in candidates}
            low = min(draws.values())
            candidates = [s for s, v in draws.items() if v == low]
        assert tc.choose_first_dealer(ruleset, 2, rng) == candidates[0]
    # An ace beats a two to the deal: seat 0 draws the AS, seat 1 the 2H.
    pack = [c for c in PACK if c.code not in ("AS", "2H")] + [tc.Card.parse("2H"),
                                                               tc.Card.parse("AS")]
    assert tc.choose_first_dealer(ruleset, 2, KnownOrder([PACK.index(c) for c in pack])) == 0


@pytest.mark.parametrize("dealer", [0, 1])
def test_fact_33_humbug_non_dealer_leads(dealer: int) -> None:
    ruleset = tc.get_variant("humbug")
    for seed in range(5):
        match = tc.Match(ruleset, 2, seed)
        state = match.next_deal(
            tc.deal_cards(ruleset, players=2, dealer=dealer, hand_size=26,
                          rng=tc.rng_for("humbug", 2, seed, "deal", 0))
        )
        assert state.phase is tc.Phase.PLAYING  # no bidding
        assert state.legal_bids == ()
        assert state.to_act == 1 - dealer
        play_out(state)
        assert state.tricks[0].leader == 1 - dealer


def test_fact_34_humbug_different_suits_no_trump_leader_wins() -> None:
    ruleset = tc.get_variant("humbug")
    deal = tc.deal_from_hands(ruleset, [["5S", "3C"], ["AD", "2H"]], dealer=1, turn_up="2H")
    state = tc.HandState(ruleset, deal)
    assert state.trump is tc.Suit.HEARTS
    state.play("5S")
    state.play("AD")  # a higher card, but neither the suit led nor a trump
    assert state.tricks[0].winner == 0
    state.play("3C")
    state.play("2H")  # a trump beats the lead
    assert state.tricks[1].winner == 1
    assert state.tricks_won == [1, 1]


# Humbug hands for facts 35-37: the non-dealer (seat 0) holds every spade and heart, the dealer
# (seat 1) every diamond and club, and clubs are trumps (the dealer's last card is the 2C).
NON_DEALER = [r + s for s in "SH" for r in "23456789TJQKA"]
DEALER = [r + s for s in "DC" for r in "23456789TJQKA"]


def humbug_policy(seat0_tricks: int) -> tc.Bot:
    """Seat 0 leads its highest card; seat 1 discards a diamond until seat 0 has
    `seat0_tricks` tricks, then trumps and leads trumps to the end."""

    def choose(state: tc.HandState) -> tc.Card:
        legal = state.legal_plays
        if state.to_act == 1 and state.current.cards:
            if len(state.tricks) < seat0_tricks:
                return min((c for c in legal if suit_of(c) == "D"), key=rank_of)
            return max((c for c in legal if suit_of(c) == "C"), key=rank_of)
        return max(legal, key=rank_of)

    return choose


def humbug_match(ruleset: tc.Ruleset, seat0_tricks: int) -> tc.Match:
    deal = tc.deal_from_hands(ruleset, [NON_DEALER, DEALER], dealer=1, turn_up="2C")
    match = tc.Match(ruleset, 2, seed=0)
    state = match.next_deal(deal)
    play_out(state, humbug_policy(seat0_tricks))
    assert state.tricks_won[0] == seat0_tricks
    return match


@pytest.mark.parametrize(
    ("seat0", "seat1", "units"), [(9, 17, 8), (6, 20, 14), (13, 13, 0), (0, 26, 26)]
)
def test_fact_35_humbug_winner_collects_the_trick_difference(
    seat0: int, seat1: int, units: int
) -> None:
    ruleset = tc.get_variant("humbug")
    match = humbug_match(ruleset, seat0)
    (state,) = match.deals
    assert state.tricks_won == [seat0, seat1]
    assert state.points == (-units, units)
    assert match.settlement == [-units, units]


def test_fact_35_humbug_twenty_to_six_at_a_guinea_a_trick() -> None:
    # The stake is per trick of difference: at 21 shillings (a guinea) a trick, 14 guineas.
    ruleset = tc.with_options(tc.get_variant("humbug"), {"stake_rate": 21})
    match = humbug_match(ruleset, 6)
    assert match.totals == [-14, 14]
    assert match.settlement == [-14 * 21, 14 * 21]


def revoke_policy(state: tc.HandState) -> tc.Card | str:
    """Seat 1 revokes on the first trick (it trumps the AS while holding the 2S), gives the lead
    back with the 2S, discards diamonds for 11 tricks, then trumps and keeps the lead:
    14 tricks to the revoker, 12 to the other player."""
    legal = state.legal_plays
    t = len(state.tricks)
    if state.to_act == 0:
        return max(legal, key=rank_of) if not state.current.cards else min(legal, key=rank_of)
    if t == 0:
        return "3C"  # the revoke
    if t == 1:
        return "2S"
    if t <= 12:
        return min((c for c in legal if suit_of(c) == "D"), key=rank_of)
    if t == 13:
        return "4C"
    return max(legal, key=rank_of)


def revoke_deal(ruleset: tc.Ruleset) -> tc.Deal:
    seat0 = [c for c in NON_DEALER if c != "2S"] + ["2D"]
    seat1 = ["2S"] + [c for c in DEALER if c != "2D"]
    return tc.deal_from_hands(ruleset, [seat0, seat1], dealer=1, turn_up="2C")


def test_fact_36_humbug_revoke_transfers_three_tricks() -> None:
    ruleset = tc.with_options(tc.get_variant("humbug"), {"revokes_allowed": True})
    assert ruleset.revoke_penalty_tricks == 3
    match = tc.Match(ruleset, 2, seed=0)
    state = match.next_deal(revoke_deal(ruleset))
    play_out(state, revoke_policy)
    revokes = [e for e in state.events if isinstance(e, CardPlayed) and e.revoke]
    assert revokes == [CardPlayed(1, tc.Card.parse("3C"), True)]
    assert state.revokes == [1]
    assert state.tricks_won == [12, 14]  # the revoker took 14
    # 14 v 12 becomes 11 v 15: the other player wins 4 units.
    assert state.points == (4, -4)
    assert list(state.points) == humbug_points([12, 14], [1], 3)
    assert match.settlement == [4, -4]


def test_fact_36_revoke_is_refused_unless_allowed() -> None:
    ruleset = tc.get_variant("humbug")
    assert ruleset.revokes_allowed is False
    state = tc.HandState(ruleset, revoke_deal(ruleset))
    state.play("AS")
    with pytest.raises(tc.IllegalPlayError) as info:
        state.play("3C")
    assert (info.value.rule, info.value.seat) == ("follow-suit", 1)
    assert state.legal_plays == (tc.Card.parse("2S"),)


def test_fact_36_revoker_cannot_hand_over_more_tricks_than_held() -> None:
    ruleset = tc.get_variant("humbug")
    points = tc.deal_points(ruleset, bids=[None, None], tricks=[2, 24], hand_size=26, revokes=[0])
    assert points == humbug_points([2, 24], [0], 3) == [-26, 26]


def test_fact_37_humbug_each_deal_is_a_complete_game() -> None:
    ruleset = tc.get_variant("humbug")
    for seed in range(3):
        match = tc.Match(ruleset, 2, seed)
        match.play([tc.RandomBot(seed=1), tc.RandomBot(seed=2)])
        assert len(match.deals) == 1
        assert match.is_over
        assert match.settlement == match.totals
        assert sum(match.totals) == 0
        with pytest.raises(tc.RulesetError, match="over"):
            match.next_deal()
