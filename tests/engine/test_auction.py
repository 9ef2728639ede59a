"""The Five Hundred auction: the Avondale values, the ladder, who may call what, and when the
auction ends (docs/rules.md 3.2 and 3.3, D12, D13, D26, D28, D29; facts 46-49, 62, 63)."""

from __future__ import annotations

from typing import Any

import pytest
from support500 import (
    AUSTRALIAN_LADDER,
    AVONDALE,
    SPECIAL_VALUES,
    bots,
    ladder_for,
    rules,
    snapshot,
    start,
)

import trickcore as tc
from trickcore.engine.calls import Call, CallKind, australian_ladder, calls_in_order, check_call
from trickcore.engine.turns import Choice

FOUR = tc.get_variant("five-hundred")


def state_after(calls: list[str], ruleset: tc.Ruleset = FOUR, dealer: int = 3,
                seed: int = 1) -> tc.HandState:
    """A deal (eldest is the seat after ``dealer``) after ``calls``, made in turn."""
    state = start(ruleset, dealer=dealer, seed=seed)
    for call in calls:
        state.bid(call)
    return state


def refused(state: tc.HandState, call: Any) -> tc.IllegalBidError:
    """The call is refused with IllegalBidError and the state is unchanged (through ``bid``,
    and while bidding also through the generic ``check`` and ``apply``)."""
    before = snapshot(state)
    seat = state.to_act
    assert not state.can_bid(call)
    with pytest.raises(tc.IllegalBidError) as info:
        state.bid(call)
    assert snapshot(state) == before
    if state.phase is tc.Phase.BIDDING:
        with pytest.raises(tc.IllegalBidError):
            state.check(call)
        with pytest.raises(tc.IllegalBidError):
            state.apply(call)
        assert snapshot(state) == before
    assert info.value.seat == seat
    return info.value


def legal(state: tc.HandState) -> list[str]:
    return [str(c) for c in state.legal_bids]


# --- the Avondale table --------------------------------------------------------------------------


def test_fact_46_avondale_values() -> None:
    values = {c: Call.parse(c).value() for c in ("6S", "6NT", "7H", "8D", "9C", "10H", "10NT")}
    assert values == {"6S": 40, "6NT": 120, "7H": 200, "8D": 280, "9C": 360, "10H": 500,
                      "10NT": 520}


@pytest.mark.parametrize("call", sorted(AVONDALE))
def test_the_whole_avondale_table(call: str) -> None:
    assert Call.parse(call).value(FOUR) == AVONDALE[call]
    assert Call.parse(call).value() == AVONDALE[call]


@pytest.mark.parametrize("call", sorted(SPECIAL_VALUES))
def test_special_call_values(call: str) -> None:
    assert Call.parse(call).value(FOUR) == SPECIAL_VALUES[call]


def test_misere_values_follow_the_ruleset() -> None:
    house = rules(misere_value=230, open_misere_value=430)
    assert Call.parse("misere").value(house) == 230
    assert Call.parse("open-misere").value(house) == 430


# --- the ladder --------------------------------------------------------------------------------


def test_australian_ladder_27_contracts() -> None:
    assert [str(c) for c in australian_ladder()] == list(AUSTRALIAN_LADDER)


def test_calls_in_order_match_the_ladder_for_each_option() -> None:
    for ruleset in (FOUR, rules(misere_beats_eight_spades=True), rules(open_misere="after-8"),
                    rules(split_colours=True)):
        known = ladder_for(ruleset)
        engine = [str(c) for c in calls_in_order(ruleset)]
        assert [c for c in engine if c in known] == known


def test_rank_follows_the_ladder_not_the_value() -> None:
    ranks = [Call.parse(c).rank(FOUR) for c in AUSTRALIAN_LADDER]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == len(ranks)
    assert Call.parse("misere").value() > Call.parse("8S").value()
    assert Call.parse("misere").rank(FOUR) < Call.parse("8S").rank(FOUR)


@pytest.mark.parametrize("call", [*AUSTRALIAN_LADDER, "pass", "nullo", "open-nullo", "hi-lo",
                                  "double-nullo"])
def test_calls_round_trip_as_record_strings(call: str) -> None:
    parsed = Call.parse(call)
    assert str(parsed) == call
    assert Call.parse(str(parsed)) == parsed


@pytest.mark.parametrize(("text", "call"), [("10nt", "10NT"), ("Misère", "misere"),
                                            ("open misere", "open-misere"), ("6n", "6NT"),
                                            ("PASS", "pass"), ("inkle-H", "6H")])
def test_call_spellings(text: str, call: str) -> None:
    assert str(Call.parse(text)) == call


@pytest.mark.parametrize("text", ["11S", "5H", "6X", "7", "misery", "", "10", "inkle-X"])
def test_unknown_calls_are_refused(text: str) -> None:
    with pytest.raises(tc.CardCodeError):
        Call.parse(text)


def test_opening_calls_everything_but_misere() -> None:
    state = state_after([])
    assert legal(state) == ["pass", *[c for c in AUSTRALIAN_LADDER if c != "misere"]]


# --- facts 47-49 through auctions ---------------------------------------------------------------


def test_fact_49_misere_may_not_be_the_first_call() -> None:
    state = state_after([])
    error = refused(state, "misere")
    assert error.rule == "misere-timing"
    assert error.seat == 0


def test_fact_49_misere_not_over_a_six() -> None:
    state = state_after(["6NT"])
    assert refused(state, "misere").rule == "misere-timing"
    assert "misere" not in legal(state)


@pytest.mark.parametrize("seven", ["7S", "7C", "7D", "7H", "7NT"])
def test_fact_47_misere_over_any_seven(seven: str) -> None:
    state = state_after([seven])
    assert "misere" in legal(state)
    state.bid("misere")
    assert state.high is not None
    assert str(state.high[1]) == "misere"


def test_fact_47_misere_then_eight_spades() -> None:
    state = state_after(["7NT", "misere"])
    assert legal(state)[:3] == ["pass", "8S", "8C"]
    state.bid("8S")
    assert str(state.high[1]) == "8S"  # type: ignore[index]


def test_misere_after_eight_spades_is_refused() -> None:
    state = state_after(["7S", "8S"])
    assert "misere" not in legal(state)
    error = refused(state, "misere")
    assert error.rule in ("misere-timing", "outbid")


def test_fact_49_open_misere_may_be_the_first_call() -> None:
    state = state_after(["open-misere"])
    assert legal(state) == ["pass", "10H", "10NT"]


def test_fact_48_open_misere_between_ten_diamonds_and_ten_hearts() -> None:
    state = state_after(["10D"])
    assert "open-misere" in legal(state)
    state.bid("open-misere")
    state.bid("10H")
    assert refused(state, "open-misere").rule == "outbid"


@pytest.mark.parametrize(("calls", "bad"), [(["7H"], "7D"), (["7H"], "7H"), (["8S"], "7NT"),
                                             (["10NT"], "open-misere"), (["6NT"], "6H")])
def test_outbid(calls: list[str], bad: str) -> None:
    state = state_after(calls)
    assert refused(state, bad).rule == "outbid"


# --- passing, and the end of the auction -------------------------------------------------------


def test_passing_is_final() -> None:
    state = state_after(["pass", "6S", "6C", "6D"])  # seat 0 passed
    turns = []
    for call in ("6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "8S"):
        turns.append(state.to_act)
        state.bid(call)
    assert 0 not in turns
    assert turns == [1, 2, 3] * 2 + [1, 2]


def test_a_passed_player_may_not_call_again() -> None:
    why = check_call(FOUR, Call.parse("7S"), seat=0, calls=[(0, Call.parse("pass"))],
                     passed=[True, False, False, False], high=None, dealer=3)
    assert why is not None
    assert why[0] == "passed"


def test_auction_ends_when_all_but_one_have_passed() -> None:
    state = state_after(["6S", "7S", "pass", "pass"])
    assert state.phase is tc.Phase.BIDDING
    assert state.to_act == 0
    state.bid("pass")
    assert state.phase is tc.Phase.DISCARD
    assert state.contractor == 1
    assert str(state.contract) == "7S"
    events = [e for e in state.events if type(e).__name__ == "ContractSet"]
    assert len(events) == 1


def test_the_last_bidder_does_not_call_again() -> None:
    state = state_after(["pass", "pass", "pass", "6S"])
    assert state.phase is tc.Phase.DISCARD
    assert state.contractor == 3


def test_the_dealer_may_still_call_after_three_passes() -> None:
    state = state_after(["pass", "pass", "pass"])
    assert state.phase is tc.Phase.BIDDING
    assert state.to_act == 3
    assert "6S" in legal(state)
    assert "pass" in legal(state)


def test_calls_out_of_phase_are_refused() -> None:
    state = state_after(["7S", "pass", "pass", "pass"])
    error = refused(state, "8S")
    assert error.rule == "phase"
    assert error.seat == 0


def test_a_card_during_the_auction_is_refused() -> None:
    state = state_after([])
    before = snapshot(state)
    with pytest.raises(tc.IllegalBidError) as info:
        state.apply(tc.Card.parse("AS"))
    assert info.value.rule == "phase"
    assert snapshot(state) == before


@pytest.mark.parametrize("bad", ["11S", "5H", "7X", 7, None])
def test_unreadable_calls(bad: Any) -> None:
    state = state_after(["6S"])
    assert refused(state, bad).rule == "call-code"


# --- all pass ----------------------------------------------------------------------------------


class Passer:
    """Always passes; plays at random."""

    def __init__(self, seed: int) -> None:
        self.inner = tc.RandomBot(seed=seed)

    def __call__(self, state: tc.HandState) -> Any:
        if state.phase is tc.Phase.BIDDING and state.can_bid("pass"):
            return Choice("pass")
        return self.inner(state)


def passed_out_match(ruleset: tc.Ruleset, deals: int, seed: int = 5) -> tc.Match:
    n = ruleset.players[0]
    match = tc.Match(ruleset, n, seed)
    players = [Passer(seed * 10 + s) for s in range(n)]
    for _ in range(deals):
        tc.play_deal(match.next_deal(), players)
    return match


def test_all_pass_thrown_in_nothing_scored_deal_passes_left() -> None:
    match = passed_out_match(FOUR, 5)
    for i, state in enumerate(match.deals):
        assert state.phase is tc.Phase.DONE
        assert state.contract is None
        assert state.contractor is None
        assert state.tricks == []
        assert state.points == (0, 0, 0, 0)
        assert state.made is None
        assert state.dealer == (match.first_dealer + i) % 4
    assert not match.is_over
    record = match.record()
    assert [d["contract"] for d in record["deals"]] == [None] * 5
    assert tc.replay_record(record).totals == [0, 0, 0, 0]


def test_all_pass_redeal_same_dealer_at_most_twice() -> None:
    match = passed_out_match(rules(all_pass="redeal"), 7)
    first = match.first_dealer
    dealers = [s.dealer for s in match.deals]
    assert dealers == [first, first, first, (first + 1) % 4, (first + 1) % 4, (first + 1) % 4,
                       (first + 2) % 4]
    # each redeal is a new shuffle
    assert len({tuple(s.deal.hands) for s in match.deals}) == 7
    assert tc.replay_record(match.record()).totals == [0, 0, 0, 0]


def test_all_pass_no_trump_tricks_played_without_kitty_eldest_leads() -> None:
    ruleset = rules(all_pass="no-trump-tricks")
    match = passed_out_match(ruleset, 1)
    state = match.deals[0]
    assert state.contract is None
    assert state.trump is None
    assert state.tricks[0].leader == (state.dealer + 1) % 4
    assert len(state.tricks) == 10
    assert state.discards == ()
    assert sum(state.tricks_won) == 10


def test_all_pass_no_trump_tricks_ten_a_trick_to_each_side() -> None:
    """Partners carry equal points: each side scores 10 for each trick the side took."""
    ruleset = rules(all_pass="no-trump-tricks")
    state = passed_out_match(ruleset, 1, seed=1).deals[0]
    won = state.tricks_won
    even, odd = 10 * (won[0] + won[2]), 10 * (won[1] + won[3])
    assert state.points == (even, odd, even, odd)


def test_dealer_must_bid_when_everyone_else_passed() -> None:
    ruleset = rules(all_pass="dealer-must-bid")
    state = state_after(["pass", "pass", "pass"], ruleset)
    assert "pass" not in legal(state)
    error = refused(state, "pass")
    assert error.rule == "dealer-must-bid"
    assert error.seat == 3
    state.bid("6S")
    assert state.contractor == 3


def test_dealer_may_pass_when_someone_called() -> None:
    ruleset = rules(all_pass="dealer-must-bid")
    state = state_after(["6S", "pass", "pass"], ruleset)
    state.bid("pass")
    assert state.contractor == 0


# --- American: one round, inkles ------------------------------------------------------------------

AMERICAN = rules(auction_rounds="single", six_bids="inkles")


def test_single_round_each_player_calls_once() -> None:
    state = state_after(["7S", "7C", "pass", "7D"], rules(auction_rounds="single"))
    assert state.phase is tc.Phase.DISCARD
    assert state.contractor == 3
    assert [s for s, _ in state.calls] == [0, 1, 2, 3]


def test_single_round_all_pass_is_thrown_in() -> None:
    state = state_after(["pass"] * 4, rules(auction_rounds="single"))
    assert state.phase is tc.Phase.DONE
    assert state.contract is None


def test_fact_62_only_the_first_two_may_inkle() -> None:
    state = state_after(["inkle-S", "pass"], AMERICAN)
    assert refused(state, "inkle-NT").rule == "inkle"
    assert not any(c.tricks == 6 for c in state.legal_bids)
    state.bid("7S")
    assert refused(state, "inkle-NT").rule in ("inkle", "outbid")


def test_fact_62_over_inkle_hearts_the_next_may_inkle_only_no_trumps() -> None:
    state = state_after(["inkle-H"], AMERICAN)
    sixes = [c.code(AMERICAN) for c in state.legal_bids if c.tricks == 6]
    assert sixes == ["inkle-NT"]
    for suit in "SCD":
        assert refused(state, f"inkle-{suit}").rule == "outbid"
    assert "7S" in legal(state)


def test_inkles_are_written_as_inkles() -> None:
    state = state_after(["inkle-H", "inkle-NT"], AMERICAN)
    assert [c.code(AMERICAN) for _, c in state.calls] == ["inkle-H", "inkle-NT"]


def test_inkles_alone_are_no_contract() -> None:
    state = state_after(["inkle-H", "inkle-NT", "pass", "pass"], AMERICAN)
    assert state.phase is tc.Phase.DONE
    assert state.contract is None
    assert state.points == (0, 0, 0, 0)


def test_seven_spades_is_the_least_american_contract() -> None:
    state = state_after(["inkle-H", "pass", "7S", "pass"], AMERICAN)
    assert state.contractor == 2
    assert str(state.contract) == "7S"


# --- split colours (fact 63, D28) -----------------------------------------------------------------

SPLIT = rules(split_colours=True)


@pytest.mark.parametrize(
    ("special", "beats", "loses_to"),
    [("nullo", ["7S", "7C"], ["7D", "7H"]), ("open-nullo", ["8S", "8C"], ["8D", "8H"]),
     ("hi-lo", ["9S", "9C"], ["9D", "9H"]), ("double-nullo", ["10S", "10C"], ["10D", "10H"])],
)
def test_fact_63_split_colour_calls_sit_between_black_and_red(
    special: str, beats: list[str], loses_to: list[str]
) -> None:
    for black in beats:
        state = state_after([black], SPLIT)
        assert special in legal(state)
        state.bid(special)
    for red in loses_to:
        state = state_after([red], SPLIT)
        assert special not in legal(state)
        assert refused(state, special).rule == "outbid"
        state = state_after([special], SPLIT)
        assert red in legal(state)


def test_d28_rank_is_not_value() -> None:
    assert Call.parse("nullo").value(SPLIT) == 150 < Call.parse("7C").value(SPLIT) == 160
    assert Call.parse("nullo").rank(SPLIT) > Call.parse("7C").rank(SPLIT)
    assert Call.parse("hi-lo").value(SPLIT) == 350 < Call.parse("9C").value(SPLIT) == 360
    assert Call.parse("hi-lo").rank(SPLIT) > Call.parse("9C").rank(SPLIT)
    assert Call.parse("hi-lo").rank(SPLIT) < Call.parse("9D").rank(SPLIT)
    assert Call.parse("open-nullo").value(SPLIT) == 250
    assert Call.parse("double-nullo").value(SPLIT) == 450


def test_split_colours_misere_not_allowed_and_six_does_not_start_play() -> None:
    state = state_after(["7S"], SPLIT)
    assert refused(state, "misere").rule == "not-allowed"
    assert refused(state, "open-misere").rule == "not-allowed"
    state = state_after(["6S", "pass", "pass", "pass"], SPLIT)
    assert state.phase is tc.Phase.DONE
    assert state.contract is None


def test_split_colour_calls_need_the_option() -> None:
    state = state_after(["7S"])
    for call in ("nullo", "open-nullo", "hi-lo", "double-nullo"):
        assert refused(state, call).rule == "not-allowed"


def test_nullo_may_open() -> None:
    state = state_after(["nullo"], SPLIT)
    assert str(state.high[1]) == "nullo"  # type: ignore[index]


# --- misère and open misère timing options ------------------------------------------------------


def test_misere_any_time_even_first() -> None:
    ruleset = rules(misere_timing="any-time")
    assert "misere" in legal(state_after([], ruleset))
    assert "misere" in legal(state_after(["6S"], ruleset))
    state = state_after(["8S"], ruleset)
    assert refused(state, "misere").rule == "outbid"


def test_misere_any_time_and_beating_eight_spades() -> None:
    ruleset = rules(misere_timing="any-time", misere_beats_eight_spades=True)
    state = state_after(["8S"], ruleset)
    assert "misere" in legal(state)
    state.bid("misere")
    assert refused(state, "8S").rule == "outbid"
    assert "8C" in legal(state)


def test_misere_after_seven_beating_eight_spades() -> None:
    ruleset = rules(misere_beats_eight_spades=True)
    state = state_after(["7S", "misere"], ruleset)
    assert refused(state, "8S").rule == "outbid"
    assert legal(state)[:2] == ["pass", "8C"]


def test_misere_not_allowed() -> None:
    state = state_after(["7S"], rules(misere_timing="not-allowed"))
    assert refused(state, "misere").rule == "not-allowed"


def test_open_misere_after_an_eight_beaten_only_by_ten_no_trumps() -> None:
    ruleset = rules(open_misere="after-8")
    state = state_after([], ruleset)
    assert refused(state, "open-misere").rule == "open-misere-timing"
    state = state_after(["7S"], ruleset)
    assert refused(state, "open-misere").rule == "open-misere-timing"
    state = state_after(["8S", "10H"], ruleset)
    assert "open-misere" in legal(state)
    state.bid("open-misere")
    assert legal(state) == ["pass", "10NT"]


def test_open_misere_not_allowed() -> None:
    state = state_after([], rules(open_misere="not-allowed"))
    assert refused(state, "open-misere").rule == "not-allowed"


def test_two_hand_misere_any_time_but_no_open_misere_fact_57() -> None:
    ruleset = tc.get_variant("five-hundred-2")
    state = start(ruleset, dealer=1, seed=3)
    assert "misere" in legal(state)
    assert "open-misere" not in legal(state)
    assert refused(state, "open-misere").rule == "not-allowed"


def test_quebec_offers_no_misere() -> None:
    state = start(tc.get_variant("five-hundred-quebec"), seed=3)
    state.bid("7S")
    assert refused(state, "misere").rule == "not-allowed"
    assert refused(state, "open-misere").rule == "not-allowed"


# --- every legal call is accepted, every other refused ------------------------------------------


@pytest.mark.parametrize(
    "ruleset",
    [FOUR, SPLIT, AMERICAN, rules(misere_timing="any-time", misere_beats_eight_spades=True),
     rules(open_misere="after-8"), tc.get_variant("five-hundred-2")],
    ids=["pagat", "split", "american", "misere-any", "open-after-8", "two-hand"],
)
def test_legal_bids_agree_with_check_bid_through_random_auctions(ruleset: tc.Ruleset) -> None:
    names = ["pass", *ladder_for(ruleset), "misere", "open-misere", "nullo", "hi-lo"]
    n = ruleset.players[0]
    for seed in range(15):
        state = start(ruleset, dealer=seed % n, seed=seed)
        players = bots("cautious", n, seed)
        while state.phase is tc.Phase.BIDDING:
            offered = {str(c) for c in state.legal_bids}
            for name in set(names):
                assert state.can_bid(name) == (name in offered), (name, offered)
            state.apply(players[state.to_act](state).action)  # type: ignore[index]


def test_call_kinds_of_the_special_calls() -> None:
    assert Call.parse("misere").kind is CallKind.MISERE
    assert Call.parse("open-misere").kind is CallKind.OPEN_MISERE
    assert Call.parse("misere").loses_tricks
    assert not Call.parse("hi-lo").loses_tricks
    assert Call.parse("8NT").trump is None
    assert Call.parse("8H").trump is tc.Suit.HEARTS
