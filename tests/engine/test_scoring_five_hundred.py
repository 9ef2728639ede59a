"""Five Hundred scoring and game end (docs/rules.md 3.3 and 3.6; facts 50-56).

Two ways in: ``five_hundred_points`` on a real contract whose tricks are then set by hand
(``scored``), and real deals played out (``find_playout``) inside real matches.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from support500 import (
    AVONDALE,
    build_deal,
    check_record,
    discard_keeping,
    find_playout,
    rules,
    to_play,
    win_auction,
)

import trickcore as tc
from trickcore.engine.match import five_hundred_end
from trickcore.engine.scoring import five_hundred_points

FOUR = tc.get_variant("five-hundred")


def scored(ruleset: tc.Ruleset, seat: int, call: str, tricks: list[int], *,
           partner: str | None = None, seed: int = 1) -> tuple[list[int], bool | None]:
    """Points when ``seat`` holds ``call`` and the seats took ``tricks``."""
    n = ruleset.players[0]
    fixed = {}
    if partner is not None:
        fixed = {(seat + 2) % n: partner}
    state = tc.HandState(ruleset, build_deal(ruleset, fixed, dealer=(seat - 2) % n, seed=seed))
    before = ["7S"] if call == "misere" else []
    win_auction(state, seat, call, before=before)
    discard_keeping(state)
    if state.phase is tc.Phase.CALL:
        state.call_partner(partner)
    assert sum(tricks) <= 10
    state.tricks_won = list(tricks)
    return five_hundred_points(state)


# --- trick contracts (facts 50, 51) --------------------------------------------------------------


def test_fact_50_eight_hearts_made_with_nine() -> None:
    assert scored(FOUR, 0, "8H", [5, 1, 4, 0]) == ([300, 10, 300, 10], True)


def test_fact_51_eight_hearts_failed_with_seven() -> None:
    assert scored(FOUR, 0, "8H", [4, 2, 3, 1]) == ([-300, 30, -300, 30], False)


def test_fact_50_played_out() -> None:
    hand = "JK JH JD AH KH QH TH 9H 5S 5C"
    state = tc.HandState(FOUR, build_deal(FOUR, {0: hand}, seed=2))
    win_auction(state, 0, "8H")
    to_play(state, keep=hand)
    done = find_playout(state, lambda s: s.tricks_won[0] + s.tricks_won[2] == 9)
    assert done.points == (300, 10, 300, 10)
    assert done.made is True


def test_fact_51_played_out() -> None:
    hand = "JK JH JD AH 4H 5S 6S 5C 6C 7C"
    state = tc.HandState(FOUR, build_deal(FOUR, {0: hand}, seed=3))
    win_auction(state, 0, "8H")
    to_play(state, keep=hand)
    done = find_playout(state, lambda s: s.tricks_won[0] + s.tricks_won[2] == 7)
    assert done.points == (-300, 30, -300, 30)
    assert done.made is False


@pytest.mark.parametrize("call", sorted(AVONDALE))
def test_every_contract_made_exactly_and_failed_by_one(call: str) -> None:
    need = int(call[:-2] if call.endswith("NT") else call[:-1])
    value = AVONDALE[call]
    points, made = scored(FOUR, 1, call, [10 - need, need, 0, 0])
    assert made is True
    slam = 250 if need == 10 and value < 250 else value
    assert points == [10 * (10 - need), slam, 10 * (10 - need), slam]
    points, made = scored(FOUR, 1, call, [11 - need, need - 1, 0, 0])
    assert made is False
    assert points == [10 * (11 - need), -value, 10 * (11 - need), -value]


# --- slams (fact 52) -----------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "points"), [("7S", 250), ("8S", 250), ("8C", 260),
                                              ("6NT", 250), ("6S", 250), ("7NT", 250),
                                              ("10NT", 520), ("10S", 440)])
def test_fact_52_slam(call: str, points: int) -> None:
    assert scored(FOUR, 0, call, [6, 0, 4, 0]) == ([points, 0, points, 0], True)


def test_slam_played_out() -> None:
    hand = "JK JH JD AH KH QH TH 9H 8H 7H"  # ten trumps: every lead wins
    state = tc.HandState(FOUR, build_deal(FOUR, {0: hand}, seed=4))
    win_auction(state, 0, "7H")
    to_play(state, keep=hand)
    done = find_playout(state, lambda s: True)
    assert done.tricks_won[0] == 10
    assert done.points == (250, 0, 250, 0)


def test_no_slam_rule_option() -> None:
    assert scored(rules(slam_value=0), 0, "6NT", [6, 0, 4, 0]) == ([120, 0, 120, 0], True)


# --- misère (fact 53) ------------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "value"), [("misere", 250), ("open-misere", 500)])
def test_fact_53_misere_won_and_lost_defenders_score_nothing(call: str, value: int) -> None:
    assert scored(FOUR, 0, call, [0, 4, 0, 6]) == ([value, 0, value, 0], True)
    assert scored(FOUR, 0, call, [1, 0, 0, 0]) == ([-value, 0, -value, 0], False)
    assert scored(FOUR, 0, call, [1, 5, 0, 4]) == ([-value, 0, -value, 0], False)


@pytest.mark.parametrize(("call", "before", "value"),
                         [("nullo", [], 150), ("open-nullo", ["8C"], 250)])
def test_split_colour_nullos(call: str, before: list[str], value: int) -> None:
    split = rules(split_colours=True)
    assert scored(split, 0, call, [0, 5, 0, 5]) == ([value, 0, value, 0], True)
    assert scored(split, 0, call, [2, 4, 0, 4]) == ([-value, 0, -value, 0], False)


def test_split_colour_hi_lo_and_double_nullo() -> None:
    split = rules(split_colours=True)
    assert scored(split, 0, "hi-lo", [5, 3, 0, 2]) == ([350, 0, 350, 0], True)
    assert scored(split, 0, "hi-lo", [6, 2, 0, 2]) == ([-350, 0, -350, 0], False)
    assert scored(split, 0, "double-nullo", [0, 5, 0, 5]) == ([450, 0, 450, 0], True)
    assert scored(split, 0, "double-nullo", [0, 5, 1, 4]) == ([-450, 0, -450, 0], False)


# --- five-hand (fact 56) and three-hand -------------------------------------------------------------

FIVE = tc.get_variant("five-hundred-5")


def test_fact_56_five_hand_called_partner_half_each() -> None:
    points, made = scored(FIVE, 0, "8H", [5, 1, 4, 0, 0], partner="AS")
    assert made is True
    assert points == [150, 10, 150, 0, 0]


def test_fact_56_five_hand_alone_full_value() -> None:
    assert scored(FIVE, 0, "8H", [9, 1, 0, 0, 0]) == ([300, 10, 0, 0, 0], True)


def test_five_hand_called_partner_failed_half_each_defenders_ten_a_trick() -> None:
    points, made = scored(FIVE, 0, "8H", [4, 1, 3, 2, 0], partner="AS")
    assert made is False
    assert points == [-150, 10, -150, 20, 0]


def test_five_hand_full_points_each_option() -> None:
    ruleset = rules("five-hundred-5", called_partner_half=False)
    assert scored(ruleset, 0, "8H", [5, 1, 4, 0, 0], partner="AS")[0] == [300, 10, 300, 0, 0]


def test_five_hand_misere_alone_against_four() -> None:
    assert scored(FIVE, 0, "misere", [0, 3, 3, 2, 2]) == ([250, 0, 0, 0, 0], True)


def test_three_hand_defenders_score_their_own_tricks() -> None:
    ruleset = tc.get_variant("five-hundred-3")
    assert scored(ruleset, 1, "7H", [3, 6, 1]) == ([30, -200, 10], False)
    assert scored(ruleset, 1, "7H", [2, 7, 1]) == ([20, 200, 10], True)


def test_six_hand_sides_of_three_share_the_score() -> None:
    ruleset = tc.get_variant("five-hundred-6")
    points, made = scored(ruleset, 1, "7D", [1, 3, 1, 2, 1, 2])
    assert made is True
    assert points == [30, 180, 30, 180, 30, 180]


def test_two_hand_scores_as_four_hand() -> None:
    ruleset = tc.get_variant("five-hundred-2")
    assert scored(ruleset, 0, "7S", [6, 4]) == ([-140, 40], False)
    assert scored(ruleset, 0, "7S", [10, 0]) == ([250, 0], True)


# --- Québec ----------------------------------------------------------------------------------------

QUEBEC = tc.get_variant("five-hundred-quebec")


def test_quebec_game_to_1000() -> None:
    assert QUEBEC.target == 1000
    assert QUEBEC.players == (4,)


def test_quebec_failed_contract_goes_to_the_opponents_nothing_subtracted() -> None:
    points, made = scored(QUEBEC, 0, "8H", [4, 2, 3, 1])
    assert made is False
    assert points[0] == points[2] == 0
    assert points[1] == points[3] >= 300
    assert min(points) >= 0


def test_quebec_made_contract_scores_as_usual() -> None:
    assert scored(QUEBEC, 0, "8H", [5, 1, 4, 0]) == ([300, 10, 300, 10], True)


# --- game end (facts 54, 55) --------------------------------------------------------------------


def fake(points: list[int], side: tuple[int, ...] = (), made: bool | None = None) -> Any:
    """A finished deal, as five_hundred_end reads it."""
    return SimpleNamespace(is_over=True, points=tuple(points), contract_side=side, made=made)


def test_fact_54_defending_to_510_does_not_win() -> None:
    deals = [fake([480, 0, 480, 0], (0, 2), True), fake([30, 140, 30, 140], (1, 3), True)]
    assert five_hundred_end(FOUR, deals, 4) is None
    deals.append(fake([40, 0, 40, 0], (0, 2), True))
    assert five_hundred_end(FOUR, deals, 4) == (2, [0, 2])


def test_winning_needs_the_contract_made() -> None:
    deals = [fake([480, 0, 480, 0], (0, 2), True), fake([-140, 70, -140, 70], (0, 2), False)]
    assert five_hundred_end(FOUR, deals, 4) is None


def test_fact_55_minus_420_failing_eight_spades_loses() -> None:
    deals = [fake([-420, 10, -420, 10], (0, 2), False)]
    assert five_hundred_end(FOUR, deals, 4) is None
    deals.append(fake([-240, 30, -240, 30], (0, 2), False))
    assert five_hundred_end(FOUR, deals, 4) == (1, [1, 3])


def test_any_way_rule_contractors_first() -> None:
    ruleset = rules(win_rule="any")
    deals = [fake([480, 480, 480, 480]), fake([30, 140, 30, 140], (1, 3), True)]
    assert five_hundred_end(ruleset, deals, 4) == (1, [1, 3])
    deals = [fake([480, 0, 480, 0]), fake([30, 140, 30, 140], (1, 3), True)]
    assert five_hundred_end(ruleset, deals, 4) == (1, [0, 2])


@pytest.mark.parametrize(
    ("deals", "end"),
    [([([480, 0, 480, 0], True), ([20, 0, 20, 0], True)], (1, [0, 2])),
     ([([480, 0, 480, 0], True), ([40, 0, 40, 0], True)], None),
     ([([480, 0, 480, 0], True), ([40, 0, 40, 0], True), ([480, 0, 480, 0], True)],
      (2, [1, 3])),
     ([([-500, 0, -500, 0], False)], (0, [1, 3]))],
    ids=["exactly-500", "520-goes-on", "1000-loses", "minus-500-loses"],
)
def test_walker_ultimate(deals: list[tuple[list[int], bool]], end: Any) -> None:
    ruleset = rules(win_rule="walker-ultimate")
    states = [fake(points, (0, 2), made) for points, made in deals]
    assert five_hundred_end(ruleset, states, 4) == end


def test_five_hand_two_players_reach_500_together_both_win() -> None:
    deals = [fake([400, 0, 400, 0, 0]), fake([150, 10, 150, 0, 0], (0, 2), True)]
    assert five_hundred_end(FIVE, deals, 5) == (1, [0, 2])


def test_quebec_game_end_at_1000() -> None:
    deals = [fake([900, 0, 900, 0], (0, 2), True), fake([0, 140, 0, 140], (1, 3), True)]
    assert five_hundred_end(QUEBEC, deals, 4) is None
    deals.append(fake([100, 10, 100, 10], (0, 2), True))
    assert five_hundred_end(QUEBEC, deals, 4) == (2, [0, 2])


# --- real matches ----------------------------------------------------------------------------------


def _deal(match: tc.Match, fixed: dict[int, str], seed: int) -> tc.HandState:
    index = len(match.deals)
    deal = build_deal(match.ruleset, fixed, dealer=match.dealer_for(index), seed=seed)
    return match.next_deal(deal)


def _play_contract(match: tc.Match, seat: int, call: str, keep: str, want: Any) -> None:
    """The match's current deal: ``seat`` contracts ``call`` and the first random playout with
    ``want`` is kept."""
    state = match.deals[-1]
    win_auction(state, seat, call)
    to_play(state, keep=keep)
    match.deals = (*match.deals[:-1], find_playout(state, want))


def test_fact_54_in_a_real_match() -> None:
    match = tc.Match(FOUR, 4, seed=7)
    diamonds = "JK JD JH AD KD QD TD 9D 8D 7D"
    _deal(match, {0: diamonds}, seed=1)
    _play_contract(match, 0, "10D", diamonds, lambda s: True)
    assert match.totals == [480, 0, 480, 0]
    assert not match.is_over
    spades = "JK JS JC AS KS QS 5H 6H 5D 6D"
    _deal(match, {1: spades}, seed=2)
    _play_contract(match, 1, "7S", spades,
                   lambda s: s.tricks_won[0] + s.tricks_won[2] == 3)
    assert match.totals == [510, 140, 510, 140]
    assert not match.is_over
    assert match.winners == []
    hearts = "JK JH JD AH KH QH TH 9H 8H 7H"
    _deal(match, {2: hearts}, seed=3)
    _play_contract(match, 2, "6H", hearts, lambda s: True)
    assert match.is_over
    assert match.winners == [0, 2]
    record = match.record()
    assert tc.replay_record(record).winners == [0, 2]
    check_record(record)


def test_fact_55_in_a_real_match() -> None:
    match = tc.Match(FOUR, 4, seed=8)
    weak = "4H 5H 6H 5S 6S 7S 5C 6C 4D 5D"
    _deal(match, {0: weak}, seed=4)
    _play_contract(match, 0, "9NT", weak, lambda s: not s.made)
    assert match.totals[0] == -420
    assert not match.is_over
    _deal(match, {0: weak}, seed=5)
    _play_contract(match, 0, "8S", weak, lambda s: not s.made)
    assert match.totals[0] == -660
    assert match.is_over
    assert match.winners == [1, 3]
    check_record(match.record())
    assert tc.replay_record(match.record()).winners == [1, 3]
