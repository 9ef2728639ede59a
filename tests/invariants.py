"""Invariants of a deal and of a match, checked after every action by the stateful tests
(tests/engine/test_stateful.py) and by the soak (scripts/soak.py).

Each check raises ``AssertionError`` with a message naming the invariant broken.  The checks
read the state only through its public attributes and recompute what they can (the points of
an exact-bid deal, the trick counts, where every card is) without the engine's help.
"""

from __future__ import annotations

from typing import Any

from support import expected_points, humbug_points

import trickcore as tc
from trickcore.cards import Card, cards_of
from trickcore.engine.events import CardPlayed, DiscardChosen, Discarded, HandScored, Phase

#: The tables every property test and the soak cover: every variant at every player count,
#: and a few option combinations (split colours, the joker rules, simultaneous bids, revokes
#: in Humbug) as (variant key, options, players).
OPTION_SETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("five-hundred", {"split_colours": True}),
    ("five-hundred-2", {"split_colours": True}),
    ("five-hundred-3", {"split_colours": True}),
    ("five-hundred-5", {"split_colours": True}),
    ("five-hundred", {"joker_rule": "new-zealand"}),
    ("five-hundred", {"joker_rule": "wikipedia"}),
    ("five-hundred-6", {"joker_rule": "new-zealand"}),
    ("oh-hell", {"simultaneous_bids": True}),
    ("up-and-down-the-river", {"simultaneous_bids": True}),
    ("humbug", {"revokes_allowed": True}),
    ("up-and-down-the-river", {"packs": 2}),
    ("five-hundred-6", {"packs": 2}),
)


def tables() -> list[tuple[str, dict[str, Any], int]]:
    """Every (variant key, options, players) the property tests and the soak play."""
    out: list[tuple[str, dict[str, Any], int]] = []
    for key in tc.variant_keys():
        out += [(key, {}, n) for n in tc.get_variant(key).players]
    for key, options in OPTION_SETS:
        out += [(key, options, n) for n in tc.get_variant(key).players]
    return out


def table_id(table: tuple[str, dict[str, Any], int]) -> str:
    key, options, n = table
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{key}-{n}p" + (f"[{extra}]" if extra else "")


def ruleset_of(table: tuple[str, dict[str, Any], int]) -> tc.Ruleset:
    return tc.with_options(tc.get_variant(table[0]), table[1])


def snapshot(state: tc.HandState) -> tuple[Any, ...]:
    """Everything an illegal action must leave exactly as it was."""
    return (
        tuple(state.events), tuple(state.hands), state.phase, state.to_act,
        tuple(state.tricks), state.current, tuple(state.tricks_won), state.points, state.made,
        tuple(state.bids), tuple(state.calls), tuple(state.passed), state.high, state.contract,
        state.contractor, state.sides, tuple(state.table_up), tuple(state.revokes),
        state.announcement, state.trump, state.legal_actions,
    )


def _mask(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


class CardLedger:
    """Where every card of one deal is, kept up to date from the events as they come, so that
    "each card is in exactly one place" costs little after each action (the soak checks it
    after every one of millions)."""

    def __init__(self, state: tc.HandState) -> None:
        deal = state.deal
        self.state = state
        self.seen_events = 0
        self.played = 0
        self.discarded = 0
        self.plays = 0
        self.dealt_to_hands = _or(deal.hands)
        table = [c for pile in deal.table for pair in pile for c in pair]
        self.kitty = _mask(list(deal.kitty))
        self.dealt = self.dealt_to_hands | self.kitty | _mask(table)

    def check(self) -> None:
        """Each card is in exactly one place: a hand, a face-up table pile or played; or out of
        sight: discarded, or still hidden (the kitty before it is taken, a face-down table
        card).  None is lost, none appears that was not dealt.  (Discards may come back into
        play: in double nullo the contractor's discards pass to the partner.)"""
        state = self.state
        events = state.events
        for event in events[self.seen_events:]:
            if isinstance(event, CardPlayed):
                bit = 1 << event.card.index
                assert not self.played & bit, f"{event.card} was played twice"
                self.played |= bit
                self.plays += 1
            elif isinstance(event, Discarded):
                for card in event.cards:
                    self.discarded |= 1 << card.index
            elif isinstance(event, HandScored):
                assert event is events[-1], "events after the deal was scored"
        self.seen_events = len(events)
        seen = self.played
        for mask in (*state.hands, *state.table_up):
            assert seen & mask == 0, f"a card is in two places: {cards_of(seen & mask)}"
            seen |= mask
        stray = seen & ~self.dealt
        assert stray == 0, f"cards that were never dealt are in play: {cards_of(stray)}"
        lost = self.dealt_to_hands & ~(seen | self.discarded)
        assert lost == 0, f"cards dealt to the hands are nowhere: {cards_of(lost)}"
        if self.discarded:
            kitty = self.kitty & ~(seen | self.discarded)
            assert kitty == 0, f"kitty cards are nowhere after the discard: {cards_of(kitty)}"
        assert self.plays == self._in_tricks(), "the tricks do not hold the cards played"

    def _in_tricks(self) -> int:
        state = self.state
        return sum(len(t.cards) for t in state.tricks) + len(state.current.cards)


def check_cards(state: tc.HandState) -> None:
    """Each card is in exactly one place (see :class:`CardLedger`)."""
    CardLedger(state).check()


def _or(masks: Any) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def check_state(state: tc.HandState, ledger: CardLedger | None = None,
                actions: tuple[Any, ...] | None = None) -> None:
    """Every invariant of one deal, finished or not (``ledger``: the deal's card ledger, kept
    from action to action, a fresh one otherwise; ``actions``: its ``legal_actions``, if the
    caller has them already)."""
    if actions is None:
        actions = state.legal_actions
    n = state.players
    (ledger or CardLedger(state)).check()
    # Trick counts add up.
    assert len(state.tricks) <= state.hand_size
    assert sum(state.tricks_won) == len(state.tricks), (state.tricks_won, len(state.tricks))
    for trick in state.tricks:
        assert trick.winner is not None
        assert 0 <= trick.winner < n
    assert len(state.tricks_won) == n
    # Phase, to_act and points agree.
    if state.phase is Phase.DONE:
        assert state.is_over
        assert state.to_act is None
        assert state.points is not None
        assert len(state.points) == n
        assert actions == ()
        assert isinstance(state.events[-1], HandScored)
        assert state.events[-1] == HandScored(tuple(state.tricks_won), state.points)
        check_points(state)
    else:
        assert not state.is_over
        assert state.points is None, "points before the deal is done"
        assert state.made is None, "a contract made or lost before the deal is done"
        assert state.to_act is not None
        assert 0 <= state.to_act < n
        assert actions, f"no legal action in the {state.phase.value} phase"
        assert not state.events or not isinstance(state.events[-1], HandScored)
    if state.phase is Phase.PLAYING:
        assert not state.current.cards or state.current.leader == state.leader
    if state.phase is Phase.BIDDING:
        assert not state.tricks
        assert not state.current.cards


def check_points(state: tc.HandState) -> None:
    """The points of a finished deal, recomputed where the scheme is simple enough."""
    ruleset = state.ruleset
    points = list(state.points or ())
    won = list(state.tricks_won)
    if len(state.tricks) == state.hand_size:  # (a partner sitting out keeps its cards)
        players = {e.seat for e in state.events if isinstance(e, CardPlayed)}
        assert not any(state.hands[s] for s in players), "cards left in hand after the last trick"
        assert not any(state.table_up), "table cards left after the last trick"
    if ruleset.scoring is tc.Scoring.TRICK_DIFFERENCE:
        assert points == humbug_points(won, state.revokes, ruleset.revoke_penalty_tricks)
        assert sum(points) == 0
    elif ruleset.bidding is tc.BiddingKind.EXACT:
        assert len(state.tricks) == state.hand_size
        expected = [expected_points(ruleset, b, t, state.hand_size)  # type: ignore[arg-type]
                    for b, t in zip(state.bids, won, strict=True)]
        assert points == expected, (points, expected)
    else:  # Five Hundred: the partners of a side score alike.
        for side in state.sides:
            assert len({points[s] for s in side}) == 1, (state.sides, points)


def check_match(match: tc.Match) -> None:
    """A match: its deals, totals and end agree."""
    for state in match.deals[:-1]:
        assert state.is_over, "an unfinished deal before the last"
    running = [0] * match.players
    for i, state in enumerate(match.deals):
        for seat, p in enumerate(state.points or ()):
            running[seat] += p
        assert match.totals_after(i) == running
    assert match.totals == running
    if match.is_over:
        assert match.current is None
        assert match.winners, "a finished match without a winner"
    else:
        assert match.winners == []
        assert match.settlement is None


def check_record(match: tc.Match) -> None:
    """The record round-trips: write, read (as ``trickcore check`` does), write again, same
    text; the match read back has the same totals, end and events."""
    text = tc.write_record(match)
    again = tc.read_record(text)
    assert tc.write_record(again) == text, "the record changes when read and written again"
    assert again.totals == match.totals
    assert again.is_over == match.is_over
    assert _recorded(again) == _recorded(match), "the record replays to other events"


def _recorded(match: tc.Match) -> list[list[Any]]:
    """The events of each deal as a record keeps them: the discards at once (a discard made
    step by step is recorded as the :class:`Discarded` its last choice makes)."""
    return [[e for e in s.events if not isinstance(e, DiscardChosen)] for s in match.deals]
