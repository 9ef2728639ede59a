"""The auction (Five Hundred): calls round the table, the contract, and who plays with whom.

The part of a :class:`~trickcore.engine.state.HandState` that holds the calls.  Starting left of the
dealer, each seat calls or passes (:mod:`trickcore.engine.calls` has the calls and the ladder); the
auction ends by the ruleset's ``auction_rounds``.  The highest call is the contract: its caller
takes the kitty, the trump ranking follows the contract, and the sides are set (the contractor's
partners sit out of a misère).  If everyone passes, the deal is thrown in or, by the ruleset,
played at no trumps.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("five-hundred-4-99")
>>> for call in ("7H", "pass", "pass", "pass"):
...     _ = state.bid(call)
>>> state.contract.label, state.contractor, state.sides, state.phase.value
('7♥', 3, ((0, 2), (1, 3)), 'discard')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.engine.bidding import Bidding
from trickcore.engine.calls import ALONE_KINDS, Call, CallKind, calls_in_order, check_call
from trickcore.engine.events import BidMade, ContractSet
from trickcore.errors import CardCodeError, IllegalBidError
from trickcore.rules import AllPass, AuctionRounds, Partnership, Ruleset

if TYPE_CHECKING:
    from trickcore.engine.state import HandState

__all__ = ["Auction", "alone", "fixed_sides"]

_ALONE: dict[int, tuple[tuple[int, ...], ...]] = {}


def alone(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat a side of its own (before a contract, and with no partnerships).

    >>> alone(3)
    ((0,), (1,), (2,))
    """
    sides = _ALONE.get(players)
    if sides is None:
        sides = _ALONE[players] = tuple((s,) for s in range(players))
    return sides


def fixed_sides(ruleset: Ruleset, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides by the fixed partnerships (each seat alone where there are none).

    >>> from trickcore.rules.registry import get_variant
    >>> fixed_sides(get_variant("five-hundred-6"), 6), fixed_sides(get_variant("oh-hell"), 3)
    (((0, 2, 4), (1, 3, 5)), ((0,), (1,), (2,)))
    """
    kind = ruleset.partnership
    if kind is Partnership.ALTERNATE:
        return (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
    if kind is Partnership.THREE_PAIRS:
        return ((0, 3), (1, 4), (2, 5))
    return alone(players)


class Auction(Bidding):
    """The calls of one deal and what they decided: the contract, its caller, the sides.

    ``calls`` are the calls made, in order, as ``(seat, call)``; ``passed`` says who has passed
    for good; ``high`` is the highest call so far.  Once the auction ends, ``contract`` and
    ``contractor`` are set (both ``None`` if everyone passed), ``sides`` holds each side's seats
    and ``active`` the seats that play (a misère's partners sit out).
    """

    __slots__ = ("active", "calls", "contract", "contractor", "high", "passed", "sides")

    def __init__(self, state: HandState) -> None:
        super().__init__(state)
        n = state.players
        self.calls: list[tuple[int, Call]] = []
        self.passed: list[bool] = [False] * n
        self.high: tuple[int, Call] | None = None
        self.contract: Call | None = None
        self.contractor: int | None = None
        self.sides: tuple[tuple[int, ...], ...] = alone(n)
        self.active: tuple[int, ...] = tuple(range(n))

    def copy_for(self, state: HandState) -> Auction:
        """This part as it stands, for a copy of its deal."""
        new = Auction(state)  # not __new__: a compiled class runs __init__ there
        new.state = state
        new.bids = list(self.bids)
        new.announcement = None
        new.calls = list(self.calls)
        new.passed = list(self.passed)
        new.high = self.high
        new.contract = self.contract
        new.contractor = self.contractor
        new.sides = self.sides
        new.active = self.active
        return new

    # The calls ------------------------------------------------------------------------------

    def problem(self, call: Call, explain: bool = True) -> tuple[str, str] | None:
        """Why the seat to act may not make ``call`` now, as ``(rule, message)``, or ``None``
        (``explain=False``: the message is left empty)."""
        state = self.state
        seat = state.to_act
        assert seat is not None
        return check_call(state.ruleset, call, seat=seat, calls=self.calls, passed=self.passed,
                          high=self.high, dealer=state.deal.dealer, explain=explain)

    def legal(self) -> tuple[Call, ...]:
        """The calls the seat to act may make: pass first, then the calls in ladder order."""
        calls = [Call(CallKind.PASS), *calls_in_order(self.state.ruleset)]
        return tuple(c for c in calls if self.problem(c, False) is None)

    def check(self, bid: object) -> Call:
        """The call ``bid`` reads as; raise :class:`~trickcore.errors.IllegalBidError` unless
        the seat to act may make it now."""
        seat = self.state.to_act
        try:
            call = Call.parse(bid)  # type: ignore[arg-type]
        except CardCodeError as error:
            raise IllegalBidError(str(error), rule="call-code", seat=seat) from None
        problem = self.problem(call)
        if problem is not None:
            raise IllegalBidError(problem[1], rule=problem[0], seat=seat)
        return call

    def bid(self, bid: object) -> BidMade:
        """The seat to act makes the call ``bid`` (checked); the auction may end with it."""
        call = self.check(bid)
        state = self.state
        seat = state.to_act
        assert seat is not None
        n = state.players
        self.calls.append((seat, call))
        event = BidMade(seat, call)
        state._log.append(event)
        if call.is_pass:
            self.passed[seat] = True
        else:
            self.high = (seat, call)
        if state.ruleset.auction_rounds is AuctionRounds.SINGLE:
            if len(self.calls) == n:
                self._end()
            else:
                state.to_act = (seat + 1) % n
            return event
        live = [s for s in range(n) if not self.passed[s]]
        if (self.high is not None and len(live) == 1) or not live:
            self._end()
            return event
        nxt = (seat + 1) % n
        while self.passed[nxt]:
            nxt = (nxt + 1) % n
        state.to_act = nxt
        return event

    def _end(self) -> None:
        state = self.state
        r = state.ruleset
        high = self.high
        too_low = high is not None and not high[1].rung(r).contract  # an inkle, say
        if high is None or too_low:
            state._log.append(ContractSet(None, None))
            eldest = state.deal.eldest
            if r.all_pass is AllPass.NO_TRUMP_TRICKS:
                self.sides = self.sides_for(eldest)
                state._start_play(eldest)
            else:
                state._finish()
            return
        seat, call = high
        self.contract, self.contractor = call, seat
        state._log.append(ContractSet(seat, call))
        state._set_context(r.trump_context(call.trump))
        self.sides = self.sides_for(seat)
        if call.kind in ALONE_KINDS:
            team = self.side_of(seat)
            self.active = tuple(s for s in range(state.players) if s == seat or s not in team)
        exchange = state._exchange
        assert exchange is not None, "a contract goes with the kitty"
        exchange.begin(seat)

    # The sides ------------------------------------------------------------------------------

    def sides_for(self, contractor: int) -> tuple[tuple[int, ...], ...]:
        """The sides for a contract by ``contractor``: the fixed partnerships (five-hand: each
        alone until the partner is called)."""
        return fixed_sides(self.state.ruleset, self.state.players)

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The side ``seat`` is on now."""
        for side in self.sides:
            if seat in side:
                return side
        return (seat,)  # pragma: no cover

    def team_of(self, seat: int) -> tuple[int, ...]:
        """``seat``'s side: as the contract made it, or by the fixed partnerships before."""
        if self.contractor is not None:
            return self.side_of(seat)
        return next(side for side in self.sides_for(seat) if seat in side)

    def join(self, contractor: int, partner: int) -> None:
        """Five-hand: the called card's holder plays with the contractor; the rest alone."""
        team = (contractor, partner)
        self.sides = (tuple(sorted(team)),
                      *((s,) for s in range(self.state.players) if s not in team))

    @property
    def contract_side(self) -> tuple[int, ...]:
        """The contractor's side; empty without a contract."""
        return () if self.contractor is None else self.side_of(self.contractor)

    def made(self, seat: int) -> bool | None:
        """Whether ``seat``'s side made its contract (``None`` for the defenders)."""
        return self.state.made if seat in self.contract_side else None
