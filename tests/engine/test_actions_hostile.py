"""Every action is refused cleanly before any change, and legal_actions lists only
actions that apply accepts."""

from __future__ import annotations

from typing import Any

import pytest

from trickcore.cards import Suit
from trickcore.engine.calls import Call, CallKind, Denomination
from trickcore.errors import IllegalActionError, IllegalBidError
from trickcore.notation.codes import state_from_code

IMPOSSIBLE_CALLS = [
    Call(CallKind.TRICKS, 11, Denomination.NO_TRUMPS),
    Call(CallKind.TRICKS, 5, Denomination.SPADES),
    Call(CallKind.TRICKS, -1, Denomination.SPADES),
    Call(CallKind.TRICKS, 7, None),
    Call(CallKind.TRICKS, True, Denomination.HEARTS),  # type: ignore[arg-type]
    Call(CallKind.PASS, 7, Denomination.SPADES),
    Call(CallKind.MISERE, 8),
    Suit.CLUBS, True, 7, None, 7.5, "11NT", "5S", "-1S",
]


@pytest.mark.parametrize("call", IMPOSSIBLE_CALLS, ids=repr)
def test_impossible_calls_refused_before_any_change(call: Any) -> None:
    state = state_from_code("five-hundred-4-99")
    before = (list(state.events), state.to_act, list(state.calls))
    with pytest.raises(IllegalBidError):
        state.bid(call)
    with pytest.raises(IllegalBidError):
        state.check_bid(call)
    assert not state.can_bid(call)
    assert (list(state.events), state.to_act, list(state.calls)) == before


@pytest.mark.parametrize("bid", [Suit.CLUBS, True, None, 1.0, "3"], ids=repr)
def test_oh_hell_bids_are_plain_whole_numbers(bid: Any) -> None:
    state = state_from_code("oh-hell-4-2718")
    with pytest.raises(IllegalBidError) as caught:
        state.bid(bid)
    assert caught.value.rule == "bid-range"
    assert state.bids == [None] * 4


def _at_the_discard(call: str = "7H") -> Any:
    state = state_from_code("five-hundred-4-99")
    for c in (call, "pass", "pass", "pass"):
        state.bid(c)
    return state


@pytest.mark.parametrize("cards", [None, True, 3, 2.5], ids=repr)
def test_discard_of_a_non_list_is_refused_by_the_library(cards: Any) -> None:
    state = _at_the_discard()
    hand = state.hands[state.to_act]
    with pytest.raises(IllegalActionError) as caught:
        state.discard(cards)
    assert caught.value.rule == "discard-count"
    assert state.hands[state.to_act] == hand
    assert state.phase.value == "discard"


@pytest.mark.parametrize("suit", [True, 1, 3.0, object()], ids=repr)
def test_joker_named_only_with_a_suit(suit: Any) -> None:
    state = _at_the_discard("7NT")
    state.discard(list(state.hand(state.to_act))[:3])
    assert state.phase.value == "joker"
    with pytest.raises(IllegalActionError) as caught:
        state.name_joker(suit)
    assert caught.value.rule == "suit"
    assert state.phase.value == "joker"
    state.name_joker(Suit.CLUBS)
    assert state.phase.value == "playing"


def _tables() -> list[tuple[str, dict[str, str], int]]:
    from trickcore.rules.registry import VARIANTS

    tables = [(key, {}, n) for key, ruleset in VARIANTS.items() for n in ruleset.players]
    for key in ("five-hundred", "five-hundred-2", "five-hundred-3", "five-hundred-5",
                "five-hundred-6"):
        n = VARIANTS[key].players[0]
        tables += [(key, {"split_colours": "true"}, n),
                   (key, {"joker_rule": "new-zealand"}, n),
                   (key, {"joker_rule": "wikipedia"}, n)]
    return tables


@pytest.mark.parametrize(("key", "options", "players"), _tables(),
                         ids=lambda v: str(v) if not isinstance(v, dict) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "-")
def test_a_generic_agent_plays_every_variant_from_legal_actions(
        key: str, options: dict[str, str], players: int) -> None:
    """``while not over: apply(random.choice(legal_actions))`` plays whole matches, and every
    listed action passes ``check``."""
    import random

    from trickcore.engine.match import Match
    from trickcore.rules import with_options
    from trickcore.rules.registry import get_variant

    ruleset = with_options(get_variant(key), options)
    kinds: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        match = Match(ruleset, players, seed)
        while not match.is_over:
            state = match.next_deal()
            while not state.is_over:
                actions = state.legal_actions
                assert actions, state.phase
                for action in actions:
                    state.check(action)
                kinds.add(type(state.apply(rng.choice(actions))).__name__)
    if ruleset.deals_kitty:
        assert "DiscardChosen" in kinds
        assert "Discarded" in kinds


def test_a_suitless_joker_lead_is_listed_with_its_suits() -> None:
    """Five Hundred at no trumps: the joker is led as ``(joker, suit)``, never bare."""
    from trickcore.cards import Card

    found = 0
    for seed in range(200):
        state = state_from_code(f"five-hundred-4-{seed}")
        for call in ("7NT", "pass", "pass", "pass"):
            state.bid(call)
        while state.phase.value != "playing":
            state.apply(state.legal_actions[0])
        if not state.hands[state.to_act] & Card.parse("JK").bit:
            continue
        actions = state.legal_actions
        assert Card.parse("JK") not in actions
        pairs = [a for a in actions if isinstance(a, tuple)]
        if pairs:
            found += 1
            assert {suit for _, suit in pairs} == set(state.joker_names(Card.parse("JK")))
            state.apply(pairs[0])
            assert state.current.joker_suit == pairs[0][1]
    assert found > 0


def test_discard_step_by_step_refuses_a_card_twice_and_changes_nothing() -> None:
    state = _at_the_discard()
    first = state.legal_actions[0]
    state.apply(first)
    events = list(state.events)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(first)
    assert caught.value.rule == "discard-count"
    assert state.events == events
    assert first not in state.legal_actions
    assert state.discard_count == 2
    copy = state.copy()
    rest = list(state.legal_actions[:2])
    assert state.discard(rest).cards == (first, *rest)
    assert copy.discard_count == 2
