"""What a deal shows: the read-only side of :class:`~trickcore.engine.state.HandState`.

:class:`DealView` holds a deal's slots (the cards, the phase, the seat to act, the events and the
parts the ruleset calls for) and reads the state through them: the bids or calls, the contract
and the sides, the kitty, the tricks, the trick in progress.  Where a game has no such part, the
attribute reads as it always has (no calls, each seat its own side, no table cards).
:class:`~trickcore.engine.state.HandState` adds the actions.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("oh-hell-4-2718")
>>> state.sides, state.calls, state.contract, state.table_up
(((0,), (1,), (2,), (3,)), [], None, [0, 0, 0, 0])
"""

from __future__ import annotations

from trickcore.cards import Card, Hand, Suit, TrumpContext, cards_of
from trickcore.engine.auction import alone
from trickcore.engine.calls import Call
from trickcore.engine.contract_play import ContractPlay
from trickcore.engine.core import StateCore
from trickcore.engine.events import BIDDING, DONE, Event, Trick
from trickcore.errors import SeatError
from trickcore.i18n import _
from trickcore.notebook import html_of

__all__ = ["DealView"]


class DealView(StateCore):
    """A deal's state as it can be read (see :class:`~trickcore.engine.state.HandState`).

    ``ruleset`` and ``deal`` say what is played; ``players`` how many seats; ``hands`` the
    cards each seat still holds (bitmasks); ``phase`` and ``to_act`` where the deal stands;
    ``events`` what happened; ``points`` (and in Five Hundred ``made``) the result.  ``auction``
    is True when the bidding is an auction.  The parts (bidding, auction, exchange, play, scorer)
    are private: read the state through the attributes below.

    What the attributes return is the caller's own: a tuple, or a new list each time, so that
    changing it never changes the state (only an action does).

    >>> from trickcore.notation.codes import state_from_code
    >>> state = state_from_code("oh-hell-4-2718")
    >>> won = state.tricks_won
    >>> won[0] += 7
    >>> state.tricks_won, type(state.hands).__name__
    ([0, 0, 0, 0], 'tuple')
    """

    __slots__ = ()  # the slots are StateCore's

    # Reading the state ------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """What happened so far, one event per action (and per trick won), in order.

        The parts log each event as it happens; a trick won is logged as ``~n`` (its number
        among the completed tricks) and its :class:`~trickcore.engine.events.TrickWon` is built
        here, when the events are first read.  A new list is returned each time.
        """
        events = self._events
        log = self._log
        if len(events) < len(log):
            play = self._play
            for entry in log[len(events):]:
                events.append(play.trick_won(~entry) if isinstance(entry, int) else entry)
        return list(events)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, which is the number of tricks in the deal."""
        return self.deal.hand_size

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self.deal.dealer

    @property
    def bid_order(self) -> tuple[int, ...]:
        """The seats in the order they bid: eldest (left of the dealer) first."""
        n = self.players
        eldest = self.deal.eldest
        return tuple([(eldest + i) % n for i in range(n)])

    @property
    def context(self) -> TrumpContext:
        """The trump ranking the cards are played under now."""
        return self._play.context

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no trump (or before a Five Hundred contract)."""
        return self._play.context.trump

    @property
    def is_over(self) -> bool:
        """True when the deal has been played out and scored."""
        return self.phase is DONE

    @property
    def hands(self) -> tuple[int, ...]:
        """The cards each seat still holds, as bitmasks (see :mod:`trickcore.cards`)."""
        return tuple(self._hands)

    def _seat(self, seat: int) -> int:
        """``seat``, once it is checked to be a seat of the table (else :class:`SeatError`)."""
        index = -1 if isinstance(seat, bool) or not hasattr(seat, "__index__") else seat.__index__()
        if not 0 <= index < self.players:
            raise SeatError(_("{seat!r} is not a seat of this {players}-player table: seats are 0 "
                              "to {last}").format(seat=seat, players=self.players,
                                                  last=self.players - 1))
        return index

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand(cards_of(self._hands[self._seat(seat)]))

    def table(self, seat: int) -> list[Card]:
        """Two-hand Five Hundred: ``seat``'s face-up table cards."""
        return cards_of(self.table_up[self._seat(seat)])

    # The parts' attributes, read through the state -----------------------------------------

    @property
    def bids(self) -> list[int | None]:
        """Each seat's exact bid, ``None`` until made (all ``None`` without exact bidding)."""
        bidding = self._bidding
        return [None] * self.players if bidding is None else list(bidding.bids)

    @property
    def announcement(self) -> str | None:
        """Oh Pshaw: "over", "under" or "even" after the last bid (else ``None``)."""
        bidding = self._bidding
        return None if bidding is None else bidding.announcement

    @property
    def calls(self) -> list[tuple[int, Call]]:
        """Five Hundred: the calls so far, as ``(seat, call)`` (empty in other games)."""
        return [] if self._auction is None else list(self._auction.calls)

    @property
    def passed(self) -> list[bool]:
        """Five Hundred: which seats have passed for good."""
        return [False] * self.players if self._auction is None else list(self._auction.passed)

    @property
    def high(self) -> tuple[int, Call] | None:
        """Five Hundred: the highest call so far, as ``(seat, call)``."""
        return None if self._auction is None else self._auction.high

    @property
    def contract(self) -> Call | None:
        """Five Hundred: the contract, once the auction is over (``None``: none)."""
        return None if self._auction is None else self._auction.contract

    @property
    def contractor(self) -> int | None:
        """Five Hundred: the seat that holds the contract."""
        return None if self._auction is None else self._auction.contractor

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The sides, each a tuple of seats (each seat alone outside Five Hundred)."""
        return alone(self.players) if self._auction is None else self._auction.sides

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play the tricks (a misère's partners sit out)."""
        return tuple(range(self.players)) if self._auction is None else self._auction.active

    @property
    def kitty(self) -> tuple[Card, ...]:
        """Five Hundred: the kitty, as dealt."""
        return self.deal.kitty if self._exchange is None else self._exchange.kitty

    @property
    def discards(self) -> tuple[Card, ...]:
        """Five Hundred: the contractor's discards."""
        return () if self._exchange is None else self._exchange.discards

    @property
    def partner_discards(self) -> tuple[Card, ...]:
        """Five Hundred, double nullo: the partner's discards."""
        return () if self._exchange is None else self._exchange.partner_discards

    @property
    def called_card(self) -> Card | None:
        """Five-hand: the card the contractor named to call a partner (``None``: none)."""
        return None if self._exchange is None else self._exchange.called_card

    @property
    def partner(self) -> int | None:
        """Five-hand: the called partner's seat (``None``: alone, or not yet called)."""
        return None if self._exchange is None else self._exchange.partner

    @property
    def joker_suit(self) -> Suit | None:
        """Five Hundred: the suit named for the joker at no trumps or misère."""
        return None if self._exchange is None else self._exchange.joker_suit

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick in progress."""
        return self._play.leader

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return list(self._play.tricks)

    @property
    def tricks_won(self) -> list[int]:
        """Tricks taken so far, per seat."""
        return list(self._play.tricks_won)

    @tricks_won.setter
    def tricks_won(self, value: list[int]) -> None:
        self._play.tricks_won = list(value)

    @property
    def revokes(self) -> list[int]:
        """The seats that failed to follow suit where the rules allowed it (Humbug), in order."""
        return list(self._play.revokes)

    @property
    def table_up(self) -> list[int]:
        """Two-hand Five Hundred: each seat's face-up table cards, as bitmasks."""
        play = self._play
        return list(play.table_up) if isinstance(play, ContractPlay) else [0] * self.players

    @property
    def exposed(self) -> list[int]:
        """The seats whose hands are shown (open misère, after the first trick)."""
        play = self._play
        return list(play.exposed) if isinstance(play, ContractPlay) else []

    @property
    def to_act_source(self) -> str:
        """Where the seat to act plays from: ``"hand"``, or ``"table"`` (two-hand)."""
        return self._play.source()

    @property
    def current(self) -> Trick:
        """The trick in progress (possibly empty)."""
        return self._play.current()

    @property
    def seats_to_play(self) -> tuple[int, ...]:
        """The seats still to play to the trick in progress, in order, the seat to act first:
        the seats that play the hand (a misère's partners sit out), and in two-hand Five
        Hundred each seat twice, from its hand and from its table cards."""
        play = self._play
        if isinstance(play, ContractPlay) and play.order is not None:
            return tuple(seat for seat, _source in play.order[play.turn:])
        n = self.players
        return tuple((self.leader + i) % n for i in range(len(self.current.cards), n))

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, or ``None`` before the lead."""
        led = self._play.led()
        return None if led < 0 else Suit(led)

    def covered_table_cards(self) -> tuple[tuple[int, Card], ...]:
        """Two-hand Five Hundred: the face-up table cards that still cover a face-down card,
        as ``(seat, card)`` (the face-down cards are hidden from both players)."""
        play = self._play
        return play.covered() if isinstance(play, ContractPlay) else ()

    def face_down(self, seat: int, up: Card) -> Card | None:
        """Two-hand Five Hundred: the face-down card under ``seat``'s face-up ``up`` (``None``
        if there is none)."""
        play = self._play
        return play.face_down(self._seat(seat), up) if isinstance(play, ContractPlay) else None

    # Bidding, read ---------------------------------------------------------------------------

    @property
    def hook_forbids(self) -> int | None:
        """The bid the hook forbids the seat to act now (``None`` if the hook does not bind)."""
        bidding = self._bidding
        if bidding is None or self.phase is not BIDDING:
            return None
        return bidding.forbidden()

    def bid_made(self, seat: int) -> bool | None:
        """Whether ``seat`` made its bid: exactly (Oh Hell), or its side's contract (Five
        Hundred); ``None`` until the deal is over, or where nothing was bid."""
        bidding = self._bidding
        if not self.is_over or bidding is None:
            return None
        return bidding.made(self._seat(seat))

    # Sides ----------------------------------------------------------------------------------

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats on ``seat``'s side by the fixed partnerships (five-hand: only after the call).

        >>> from trickcore.rules.registry import get_variant
        >>> from trickcore.engine.match import Match
        >>> Match(get_variant("five-hundred"), 4, seed=1).next_deal().team_of(1)
        (1, 3)
        """
        return (self._seat(seat),) if self._auction is None else self._auction.team_of(
            self._seat(seat))

    def known_team(self, seat: int) -> tuple[int, ...]:
        """The partners ``seat`` knows it has now.

        Five-hand: the called card's holder knows at once; the others, the contractor
        included, learn who it is only when the card is played.
        """
        if self._exchange is None:
            return self.team_of(seat)
        return self._exchange.known_team(self._seat(seat))

    @property
    def partner_revealed(self) -> bool:
        """Five-hand: True once the called card has been played (or there is no partner)."""
        return True if self._exchange is None else self._exchange.partner_revealed

    @property
    def contract_side(self) -> tuple[int, ...]:
        """The contractor's side (with a called partner, both); empty without a contract."""
        return () if self._auction is None else self._auction.contract_side

    # Equality -------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Two states are equal when the same ruleset and deal have seen the same events and
        the seats hold the same cards (a copy, a pickled state read back, a replay)."""
        if not isinstance(other, DealView):
            return NotImplemented
        return (self.ruleset == other.ruleset and self.deal == other.deal
                and self._hands == other._hands and self.events == other.events
                and self.tricks_won == other.tricks_won and self.points == other.points)

    __hash__ = None  # type: ignore[assignment]  # a state changes: it cannot be a key

    # Display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        trump = self.trump.letter if self.trump is not None else "NT"
        return (
            f"<HandState {self.ruleset.key} {self.players}p h={self.hand_size} trump={trump}"
            f" {self.phase.value} to_act={self.to_act}>"
        )

    def _repr_html_(self) -> str | None:
        return html_of(self)
