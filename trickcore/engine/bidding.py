"""Exact bidding (the Oh Hell family): each seat bids once the tricks it will take.

The part of a :class:`~trickcore.engine.state.HandState` that holds the bids.  Starting left of the
dealer, each seat bids a whole number from 0 to the hand size; with the hook the dealer, who bids
last, may not make the bids add up to the number of tricks.  After the dealer's bid, Oh Pshaw
announces "over", "under" or "even"; then play begins, eldest leading.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("oh-hell-4-2718-10")   # one card each; seat 0 deals
>>> for bid in (1, 0, 0):
...     _ = state.bid(bid)
>>> state.hook_forbids, state.legal_bids
(0, (1,))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from trickcore.engine.core import StateCore, mypyc_attr
from trickcore.engine.events import BIDDING, PLAYING, Announced, BidMade, wrong_phase
from trickcore.errors import IllegalBidError
from trickcore.i18n import N_, _

if TYPE_CHECKING:
    from trickcore.engine.state import HandState

__all__ = ["Bidding", "ExactBidding", "bid_of", "exact_points", "legal_bids_of"]

#: The exact bids made so far, by ``seat << 16 | bid``: at most one per seat and bid.
_BIDS: Final[dict[int, BidMade]] = {}

#: The bidding phase, as a final name (compiled: a C static, not a look-up).
_BIDDING: Final = BIDDING
_PLAYING: Final = PLAYING

#: ``tuple(range(h + 1))`` by hand size ``h``: every bid, shared by the deals of that size.
_ALL_BIDS: Final[dict[int, tuple[int, ...]]] = {}


def exact_points(table: dict[int, int], bids: Sequence[object], tricks: Sequence[object],
                 hand_size: object) -> list[int] | None:
    """Every seat's points for its exact bid, looked up in ``table`` (a ruleset's points by
    ``(bid << 20) | (tricks << 10) | hand_size``); ``None`` if one is missing from it, or a bid
    is, for the scorer to work out.

    >>> exact_points({(1 << 20) | (1 << 10) | 5: 11}, [1, 1], [1, 1], 5), exact_points({}, [1], [1], 5)
    ([11, 11], None)
    """
    if type(hand_size) is not int or not 0 <= hand_size < 1024 or len(bids) != len(tricks):
        return None
    points = []
    for seat in range(len(bids)):
        bid = bids[seat]
        took = tricks[seat]
        if (type(bid) is not int or type(took) is not int or not 0 <= bid < 1024
                or not 0 <= took < 1024):
            return None
        value = table.get(bid << 20 | took << 10 | hand_size)
        if value is None:
            return None
        points.append(value)
    return points


def legal_bids_of(state: StateCore) -> tuple[Any, ...]:
    """The bids the seat to act may make now (empty outside the bidding): what
    ``HandState.legal_bids`` reads."""
    bidding = state._bidding
    if bidding is None or state.phase is not _BIDDING:
        return ()
    return bidding.legal()


def bid_of(state: StateCore, bid: object) -> BidMade:
    """The seat to act bids ``bid``: what ``HandState.bid`` does, compiled (the compiled build
    calls it for ``state.bid``: see ``engine/_native.c``)."""
    bidding = state._bidding
    if bidding is None or state.phase is not _BIDDING:
        raise wrong_phase(IllegalBidError, N_("no bid can be made now"), state.phase,
                          state.to_act)
    return bidding.bid(bid)


@mypyc_attr(serializable=True)  # compiled, a state still pickles, as in the pure build
class Bidding:
    """What a deal's bidding part answers: the legal bids, a check, a bid, and who made theirs.

    ``state`` is the deal it belongs to (its seat to act, its events).  ``bids`` holds the exact
    bids (all ``None`` in an auction); ``announcement`` is Oh Pshaw's "over", "under" or "even".
    """

    __slots__ = ("announcement", "bids", "state")

    def __init__(self, state: HandState) -> None:
        self.state = state
        core: StateCore = state
        self.bids: list[int | None] = [None] * core.players
        self.announcement: str | None = None

    def copy_for(self, state: HandState) -> Bidding:
        """This part as it stands, for a copy of its deal."""
        raise NotImplementedError

    def legal(self) -> tuple[Any, ...]:
        """The bids the seat to act may make now."""
        raise NotImplementedError

    def check(self, bid: object) -> object:
        """Raise :class:`~trickcore.errors.IllegalBidError` unless ``bid`` may be made now."""
        raise NotImplementedError

    def bid(self, bid: object) -> BidMade:
        """The seat to act bids ``bid`` (checked)."""
        raise NotImplementedError

    def forbidden(self) -> int | None:
        """The bid the hook forbids the seat to act, if any."""
        return None

    def made(self, seat: int) -> bool | None:
        """Whether ``seat`` made its bid, once the deal is over (``None``: nothing to make)."""
        raise NotImplementedError


class ExactBidding(Bidding):
    """The bids of one deal, and the rules for the next one: the range and the hook.

    ``bids`` holds each seat's bid (``None`` until made), ``total`` their sum so far.
    """

    __slots__ = ("_core", "all_bids", "dealer", "hand_size", "hook", "total")

    def __init__(self, state: HandState, hook: bool) -> None:
        super().__init__(state)
        core: StateCore = state  # the state's compiled storage, for the hot path
        self._core = core
        deal = core.deal
        self.dealer: int = deal.dealer
        self.hand_size = h = deal.hand_size
        self.hook = hook  # the ruleset's hook_applies
        self.total = 0
        bids = _ALL_BIDS.get(h)
        if bids is None:
            bids = _ALL_BIDS[h] = tuple(range(h + 1))
        self.all_bids: tuple[int, ...] = bids

    def copy_for(self, state: HandState) -> ExactBidding:
        """This part as it stands, for a copy of its deal."""
        new = ExactBidding(state, self.hook)  # not __new__: compiled, it runs __init__
        new.state = state
        new._core = state
        new.dealer = self.dealer
        new.hand_size = self.hand_size
        new.hook = self.hook
        new.bids = list(self.bids)
        new.total = self.total
        new.announcement = self.announcement
        new.all_bids = self.all_bids
        return new

    def forbidden(self) -> int | None:
        """The bid the hook forbids the seat to act, if any."""
        if not self.hook or self._core.to_act != self.dealer:
            return None
        forbidden = self.hand_size - self.total
        return forbidden if 0 <= forbidden <= self.hand_size else None

    def legal(self) -> tuple[int, ...]:
        """The bids the seat to act may make: 0 to the hand size, less the one the hook forbids."""
        forbidden = self.forbidden()
        if forbidden is None:
            return self.all_bids
        return tuple([b for b in self.all_bids if b != forbidden])

    def check(self, bid: object) -> None:
        """Raise :class:`~trickcore.errors.IllegalBidError` unless ``bid`` may be made now."""
        seat = self.state.to_act
        if type(bid) is not int and (isinstance(bid, bool | enum.Enum) or not isinstance(bid, int)):
            raise IllegalBidError(
                _("seat {seat}'s bid must be a whole number of tricks, not {bid!r}").format(
                    seat=seat, bid=bid),
                rule="bid-range", seat=seat,
            )
        h = self.hand_size
        if not 0 <= bid <= h:
            raise IllegalBidError(
                _("seat {seat} may not bid {bid}: a bid is from 0 to the {h} tricks in the deal").format(
                    seat=seat, bid=bid, h=h),
                rule="bid-range", seat=seat,
            )
        if bid == self.forbidden():
            raise IllegalBidError(
                _("seat {seat} may not bid {bid}: the hook forbids the dealer a bid that makes "
                  "the total equal the {h} tricks").format(
                    seat=seat, bid=bid, h=h),
                rule="hook", seat=seat,
            )

    def bid(self, bid: object) -> BidMade:
        """The seat to act bids ``bid`` (checked); after the dealer's bid, play begins."""
        state = self._core
        seat = state.to_act
        if (type(bid) is not int or not 0 <= bid <= self.hand_size
                or (self.hook and bid == self.hand_size - self.total and seat == self.dealer)):
            self.check(bid)  # raises, unless ``bid`` is of a subclass of int
        assert isinstance(bid, int)
        assert seat is not None
        self.bids[seat] = bid
        self.total += bid
        if type(bid) is int:  # events are immutable: one of each serves every deal
            key = seat << 16 | bid
            event = _BIDS.get(key)
            if event is None:
                event = _BIDS[key] = BidMade(seat, bid)
        else:
            event = BidMade(seat, bid)
        state._log.append(event)
        if seat == self.dealer:
            self._end()
        else:
            state.to_act = (seat + 1) % state.players
        return event

    def _end(self) -> None:
        state = self._core
        if state.ruleset.announce_over_under:
            total = self.total
            h = self.hand_size
            word = "over" if total > h else "under" if total < h else "even"
            self.announcement = word
            state._log.append(Announced(word, total))
        # the bidding leads to play (as PHASES allows), eldest leading: what the state's
        # _start_play does, without its check, on the compiled storage
        state.phase = _PLAYING
        state._play.start((self.dealer + 1) % state.players)

    def made(self, seat: int) -> bool | None:
        """Whether ``seat`` took exactly the tricks it bid (``None`` if it did not bid)."""
        bid = self.bids[seat]
        return None if bid is None else bid == self.state.tricks_won[seat]
