"""An illegal action raises a specific error naming the rule and the seat, and changes nothing.

Random states are reached by seeded random play to a random point of a random deal in several
variants; at each, every illegal bid and every illegal card is tried.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from support import PACK, snapshot

import trickcore as tc

VARIANT_PLAYERS = [
    ("oh-hell", 3),
    ("oh-hell", 5),
    ("contract-whist", 4),
    ("contract-whist", 7),
    ("up-and-down-the-river", 4),
    ("oh-pshaw", 4),
    ("oh-well", 4),
    ("british-oh-hell", 6),
    ("humbug", 2),
]
STATES_PER_CONFIG = 40


def random_states(key: str, players: int, count: int) -> Iterator[tc.HandState]:
    """`count` states of seeded matches, each stopped after a random number of moves (from
    none to past the end of the deal)."""
    ruleset = tc.get_variant(key)
    rng = random.Random(f"{key}/{players}")
    for i in range(count):
        match = tc.Match(ruleset, players, seed=i)
        index = rng.randrange(len(match.schedule)) if ruleset.game_end is not tc.GameEnd.TARGET \
            else rng.randrange(5)
        state = tc.HandState(ruleset, match.make_deal(index))
        total = players * (state.hand_size + 1)
        steps = rng.choice([0, total, rng.randrange(total + 1)])
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions))
        yield state


def expect_refused(
    state: tc.HandState,
    action: Callable[[], object],
    error: type[tc.IllegalActionError],
    rule: str,
    seat: int | None,
) -> tc.IllegalActionError:
    """`action` raises `error` with this rule and seat, and the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(error) as info:
        action()
    assert info.value.rule == rule, str(info.value)
    assert info.value.seat == seat, str(info.value)
    assert snapshot(state) == before
    return info.value


def check_illegal_bids(state: tc.HandState) -> int:
    seat = state.to_act
    h = state.hand_size
    tried = 0
    if state.phase is not tc.Phase.BIDDING:
        for bid in range(-1, h + 2):
            expect_refused(state, partial(state.bid, bid), tc.IllegalBidError, "phase", seat)
            expect_refused(state, partial(state.check_bid, bid), tc.IllegalBidError, "phase",
                           seat)
            assert not state.can_bid(bid)
            tried += 1
        assert state.legal_bids == ()
        return tried
    assert seat is not None
    for bid in (-1, -5, h + 1, h + 7):
        err = expect_refused(state, partial(state.bid, bid), tc.IllegalBidError, "bid-range",
                             seat)
        assert f"seat {seat}" in str(err)
        assert not state.can_bid(bid)
        tried += 1
    odd_bids: list[Any] = ["2", 1.0, None, True]
    for odd in odd_bids:
        expect_refused(state, partial(state.bid, odd), tc.IllegalBidError, "bid-range", seat)
        tried += 1
    legal = set(state.legal_bids)
    for bid in range(h + 1):
        if bid in legal:
            assert state.can_bid(bid)
            continue
        # The only in-range bid that can be refused is the one the hook forbids the dealer.
        assert state.ruleset.hook
        assert seat == state.dealer
        made = sum(b for b in state.bids if b is not None)
        assert bid == h - made
        err = expect_refused(state, partial(state.bid, bid), tc.IllegalBidError, "hook", seat)
        assert "hook" in str(err)
        tried += 1
    if state.ruleset.hook and seat == state.dealer:
        made = sum(b for b in state.bids if b is not None)
        assert legal == set(range(h + 1)) - {h - made}
    else:
        assert legal == set(range(h + 1))
    return tried


def check_illegal_cards(state: tc.HandState) -> int:
    seat = state.to_act
    tried = 0
    for code in ("ZZ", "1X", "", "AS AH"):
        err = expect_refused(state, partial(state.play, code), tc.IllegalPlayError,
                             "card-code", seat)
        assert repr(code) in str(err)
        expect_refused(state, partial(state.check_play, code), tc.IllegalPlayError,
                       "card-code", seat)
        assert not state.can_play(code)
        tried += 1
    if state.phase is not tc.Phase.PLAYING:
        for card in PACK:
            expect_refused(state, partial(state.play, card), tc.IllegalPlayError, "phase", seat)
            expect_refused(state, partial(state.play, card.code), tc.IllegalPlayError, "phase",
                           seat)
            assert not state.can_play(card)
            tried += 1
        assert state.legal_plays == ()
        return tried
    assert seat is not None
    hand = set(state.hand(seat))
    legal = set(state.legal_plays)
    assert legal <= hand
    assert legal
    led = state.led_suit
    for card in PACK:
        if card in legal:
            assert state.can_play(card)
            assert state.can_play(card.code.lower())
            continue
        if card not in hand:
            err = expect_refused(state, partial(state.play, card), tc.IllegalPlayError,
                                 "not-held", seat)
            assert card.code in str(err)
            assert f"seat {seat}" in str(err)
        else:
            # A held card that is not legal fails to follow the suit led.
            assert led is not None
            assert card.suit is not led
            assert any(c.suit is led for c in hand)
            err = expect_refused(state, partial(state.play, card), tc.IllegalPlayError,
                                 "follow-suit", seat)
            assert card.code in str(err)
            expect_refused(state, partial(state.play, card.code), tc.IllegalPlayError,
                           "follow-suit", seat)
        assert not state.can_play(card)
        tried += 1
    # Without a suit led, or void in it, every held card is legal.
    if led is None or not any(c.suit is led for c in hand):
        assert legal == hand
    else:
        assert legal == {c for c in hand if c.suit is led}
    return tried


@pytest.mark.parametrize(("key", "players"), VARIANT_PLAYERS, ids=[f"{k}-{n}p" for k, n in
                                                                    VARIANT_PLAYERS])
def test_illegal_actions_are_refused_and_change_nothing(key: str, players: int) -> None:
    phases = set()
    tried = 0
    for state in random_states(key, players, STATES_PER_CONFIG):
        phases.add(state.phase)
        tried += check_illegal_bids(state)
        tried += check_illegal_cards(state)
        # A failed action leaves a state that still plays to the end legally.
        rng = random.Random(tried)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions))
    assert tc.Phase.PLAYING in phases
    assert tc.Phase.DONE in phases
    if key != "humbug":
        assert tc.Phase.BIDDING in phases
    assert tried > 1000


def test_the_hook_is_refused_by_name() -> None:
    ruleset = tc.get_variant("oh-hell")
    deal = tc.deal_from_hands(ruleset, ["AS 2H", "KS 3D", "QS 4C"], dealer=2, turn_up="9H")
    state = tc.HandState(ruleset, deal)
    state.bid(1)
    state.bid(0)
    err = expect_refused(state, lambda: state.bid(1), tc.IllegalBidError, "hook", 2)
    assert str(err) == (
        "seat 2 may not bid 1: the hook forbids the dealer a bid that makes the total equal"
        " the 2 tricks"
    )


def test_follow_suit_names_the_cards_held() -> None:
    ruleset = tc.get_variant("oh-hell")
    deal = tc.deal_from_hands(ruleset, ["AS 2H", "KS 3D", "QS 4C"], dealer=2, turn_up="9H")
    state = tc.HandState(ruleset, deal)
    for _ in range(3):
        state.bid(0)
    state.play("AS")
    err = expect_refused(state, lambda: state.play("3D"), tc.IllegalPlayError, "follow-suit", 1)
    assert "must follow spades" in str(err)
    assert "KS" in str(err)


def test_wrong_phase_through_apply() -> None:
    ruleset = tc.get_variant("contract-whist")
    state = tc.Match(ruleset, 4, seed=2).next_deal()
    seat = state.to_act
    expect_refused(state, lambda: state.apply(state.hand(seat)[0]), tc.IllegalBidError,  # type: ignore[arg-type]
                   "phase", seat)
    expect_refused(state, lambda: state.apply("AS"), tc.IllegalBidError, "phase", seat)
    while state.phase is tc.Phase.BIDDING:
        state.apply(state.legal_bids[0])
    seat = state.to_act
    before = snapshot(state)
    with pytest.raises(tc.IllegalActionError) as info:
        state.apply(1)
    assert info.value.rule == "phase"
    assert info.value.seat == seat
    assert snapshot(state) == before


def test_finished_deal_refuses_everything() -> None:
    ruleset = tc.get_variant("oh-pshaw")
    match = tc.Match(ruleset, 3, seed=4)
    state = tc.play_deal(match.next_deal(), [tc.RandomBot(seed=s) for s in range(3)])
    assert state.to_act is None
    expect_refused(state, lambda: state.bid(0), tc.IllegalBidError, "phase", None)
    for card in PACK:
        expect_refused(state, partial(state.play, card), tc.IllegalPlayError, "phase", None)
    assert state.legal_actions == ()


def test_copy_is_independent() -> None:
    ruleset = tc.get_variant("oh-hell")
    state = tc.Match(ruleset, 4, seed=8).next_deal()
    rng = random.Random(1)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions))
    before = snapshot(state)
    other = state.copy()
    assert snapshot(other) == before
    while not other.is_over:
        other.apply(rng.choice(other.legal_actions))
    assert snapshot(state) == before


# Bots that choose illegal moves ---------------------------------------------------------------


def playing_state() -> tc.HandState:
    ruleset = tc.get_variant("oh-hell")
    deal = tc.deal_from_hands(ruleset, ["AS 2H 5C", "KS 3D 6S", "QS 4C 7D"], dealer=2,
                              turn_up="9H")
    state = tc.HandState(ruleset, deal)
    for _ in range(3):
        state.bid(1 if state.to_act != 2 else 0)
    state.play("AS")
    return state  # seat 1 must follow spades with KS or 6S


@pytest.mark.parametrize(
    ("answer", "rule"),
    [("3D", "follow-suit"), (tc.Card.parse("3D"), "follow-suit"), ("QS", "not-held"),
     (tc.Choice(tc.Card.parse("2H"), "why not"), "not-held")],
)
def test_bot_with_an_illegal_card_gets_the_legal_choices(answer: object, rule: str) -> None:
    state = playing_state()
    before = snapshot(state)
    with pytest.raises(tc.IllegalPlayError) as info:
        tc.bot_action(lambda s: answer, state)
    message = str(info.value)
    assert "the bot for seat 1 chose" in message
    assert "The legal choices were: 6S, KS" in message or "The legal choices were: KS, 6S" in \
        message
    assert info.value.rule == rule
    assert info.value.seat == 1
    assert snapshot(state) == before


def test_bot_with_a_bad_card_code_gets_the_legal_choices() -> None:
    state = playing_state()
    before = snapshot(state)
    with pytest.raises(tc.IllegalPlayError) as info:
        tc.bot_action(lambda s: "ZZ", state)
    message = str(info.value)
    assert "'ZZ'" in message
    assert "The legal choices were:" in message
    assert info.value.rule == "card-code"
    assert info.value.seat == 1
    assert snapshot(state) == before


def test_bot_bidding_out_of_range_gets_the_legal_choices() -> None:
    ruleset = tc.get_variant("oh-hell")
    deal = tc.deal_from_hands(ruleset, ["AS 2H", "KS 3D", "QS 4C"], dealer=2, turn_up="9H")
    state = tc.HandState(ruleset, deal)
    state.bid(1)
    state.bid(0)
    with pytest.raises(tc.IllegalBidError) as info:
        tc.bot_action(lambda s: 1, state)
    assert info.value.rule == "hook"
    assert info.value.seat == 2
    assert "The legal choices were: 0, 2" in str(info.value)


def test_bot_bidding_when_a_card_is_due() -> None:
    state = playing_state()
    with pytest.raises(tc.IllegalActionError) as info:
        tc.bot_action(lambda s: 1, state)
    assert "The legal choices were:" in str(info.value)
    assert info.value.seat == 1


def test_legal_bot_choice_passes_through() -> None:
    state = playing_state()
    choice = tc.bot_action(lambda s: tc.Choice(tc.Card.parse("KS"), "cover"), state)
    assert choice.action is tc.Card.parse("KS")
    assert choice.reason == "cover"
    code = tc.bot_action(lambda s: "6s", state).action
    assert tc.Card.parse(code) is tc.Card.parse("6S")


def test_match_play_stops_at_an_illegal_bot() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 3, seed=1)

    def cheat(state: tc.HandState) -> int:
        return state.hand_size + 1

    with pytest.raises(tc.IllegalBidError, match="The legal choices were"):
        match.play([cheat, cheat, cheat])
    assert match.current is not None
    assert match.current.events == []


def test_match_needs_one_bot_per_seat() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, seed=1)
    with pytest.raises(tc.RulesetError, match="4 bots are needed"):
        match.play([tc.HeuristicBot()] * 3)
    assert match.deals == []


def test_next_deal_waits_for_the_current_one() -> None:
    match = tc.Match(tc.get_variant("oh-hell"), 4, seed=1)
    match.next_deal()
    with pytest.raises(tc.RulesetError, match="must be finished"):
        match.next_deal()
    assert len(match.deals) == 1
