"""One deal as a state machine: bid, play, score.

A :class:`HandState` starts from a :class:`~trickcore.dealing.Deal` and moves through explicit
phases.  Every action has a check (``check_bid``/``check_play``, which raise a specific error
naming the rule and the seat), a test (``can_bid``/``can_play``) and an apply (``bid``/``play``,
which return the event they caused).  A failed action changes nothing.  ``legal_bids`` and
``legal_plays`` are computed from the current state each time they are read.

>>> from trickcore.cards import Card
>>> from trickcore.dealing import deal_from_hands
>>> from trickcore.variants import get_variant
>>> rules = get_variant("oh-hell")
>>> deal = deal_from_hands(rules, [["AS", "2H"], ["KS", "3D"], ["QS", "4C"]], dealer=2,
...                        turn_up="9H")
>>> state = HandState(rules, deal)
>>> state.phase, state.to_act, state.legal_bids
(<Phase.BIDDING: 'bidding'>, 0, (0, 1, 2))
>>> _ = state.bid(1); _ = state.bid(0)
>>> state.legal_bids   # the hook: the dealer may not bid 1, which would make the total 2
(0, 2)
>>> state.bid(1)
Traceback (most recent call last):
...
trickcore.errors.IllegalBidError: seat 2 may not bid 1: the hook forbids the dealer a bid that makes the total equal the 2 tricks
>>> _ = state.bid(0)
>>> [c.code for c in state.legal_plays]
['AS', '2H']
>>> _ = state.play(Card.parse("AS"))
>>> [c.code for c in state.legal_plays]      # seat 1 must follow spades
['KS']
>>> state.play("3D")
Traceback (most recent call last):
...
trickcore.errors.IllegalPlayError: seat 1 may not play 3D: they must follow spades (they hold KS)
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from typing import NamedTuple

from trickcore.cards import CARDS, Card, Suit, cards_of
from trickcore.dealing import Deal
from trickcore.errors import CardCodeError, IllegalBidError, IllegalPlayError
from trickcore.rules import BiddingKind, Ruleset
from trickcore.scoring import deal_points
from trickcore.trumps import TrumpContext

__all__ = [
    "Announced",
    "BidMade",
    "CardPlayed",
    "Event",
    "HandScored",
    "HandState",
    "Phase",
    "Trick",
    "TrickWon",
]


class Phase(enum.StrEnum):
    """The phases of a deal, in order."""

    BIDDING = "bidding"
    PLAYING = "playing"
    DONE = "done"


class Trick(NamedTuple):
    """A completed (or, while playing, partial) trick: the leader and the cards in play order.

    ``winner`` is the winning seat once the trick is complete; ``reason`` says why it won.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None
    context: TrumpContext | None = None

    @property
    def reason(self) -> str:
        """Why the winner won, in words (empty while the trick is incomplete)."""
        if self.winner is None or self.context is None or not self.cards:
            return ""
        position = (self.winner - self.leader) % len(self.cards)
        return self.context.why(self.cards, position)

    def seats(self, players: int) -> list[int]:
        """The seat that played each card."""
        return [(self.leader + i) % players for i in range(len(self.cards))]

    def _repr_html_(self) -> str:
        from trickcore.display import trick_html

        return trick_html(self)


# Events: one frozen record per thing that happened --------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bid a number of tricks."""

    seat: int
    bid: int


@dataclasses.dataclass(frozen=True, slots=True)
class Announced:
    """After the last bid: "over", "under" or "even" (Oh Pshaw)."""

    announcement: str
    total: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat played a card.  ``revoke`` is True when it failed to follow suit (Humbug only)."""

    seat: int
    card: Card
    revoke: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class TrickWon:
    """A trick was completed and won."""

    trick: Trick


@dataclasses.dataclass(frozen=True, slots=True)
class HandScored:
    """The deal ended: tricks taken and points scored, one value per seat."""

    tricks_won: tuple[int, ...]
    points: tuple[int, ...]


Event = BidMade | Announced | CardPlayed | TrickWon | HandScored

_SUIT_PLURALS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                 Suit.CLUBS: "clubs"}


class HandState:
    """The state of one deal.  Create it from a ruleset and a deal; then bid and play.

    Attributes worth reading: ``phase``, ``to_act`` (the seat whose turn it is, ``None`` when
    done), ``bids`` (per seat, ``None`` until made), ``hands`` (bitmasks of cards still held),
    ``current`` (the trick being played), ``tricks`` (completed), ``tricks_won``, ``points``
    (after the deal), ``events``, ``announcement``.
    """

    __slots__ = (
        "_current_cards",
        "_follow",
        "_suit_index",
        "announcement",
        "bid_order",
        "bids",
        "context",
        "deal",
        "events",
        "hands",
        "leader",
        "phase",
        "players",
        "points",
        "revokes",
        "ruleset",
        "to_act",
        "tricks",
        "tricks_won",
    )

    def __init__(self, ruleset: Ruleset, deal: Deal) -> None:
        ruleset.check_players(deal.players)
        self.ruleset = ruleset
        self.deal = deal
        self.players = n = deal.players
        self.context = TrumpContext(deal.trump)
        self._suit_index = self.context.suit_index
        self._follow = self.context.suit_masks
        self.hands: list[int] = list(deal.hands)
        eldest = (deal.dealer + 1) % n
        self.bid_order: tuple[int, ...] = tuple((eldest + i) % n for i in range(n))
        self.bids: list[int | None] = [None] * n
        self.tricks_won: list[int] = [0] * n
        self.tricks: list[Trick] = []
        self.revokes: list[int] = []
        self.leader = eldest
        self._current_cards: list[int] = []
        self.events: list[Event] = []
        self.points: tuple[int, ...] | None = None
        self.announcement: str | None = None
        if ruleset.bidding is BiddingKind.NONE:
            self.phase = Phase.PLAYING
        else:
            self.phase = Phase.BIDDING
        self.to_act: int | None = eldest

    # Reading the state ------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, which is the number of tricks in the deal."""
        return self.deal.hand_size

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self.deal.dealer

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no trump."""
        return self.deal.trump

    @property
    def is_over(self) -> bool:
        """True when the deal has been played out and scored."""
        return self.phase is Phase.DONE

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self.hands[seat])

    @property
    def current(self) -> Trick:
        """The trick in progress (possibly empty)."""
        return Trick(self.leader, tuple(CARDS[i] for i in self._current_cards))

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the current trick, or ``None`` before the lead."""
        if not self._current_cards:
            return None
        s = self._suit_index[self._current_cards[0]]
        return None if s < 0 else Suit(s)

    def copy(self) -> HandState:
        """An independent copy (for undo, search and what-if questions)."""
        new = copy.copy(self)
        new.hands = list(self.hands)
        new.bids = list(self.bids)
        new.tricks_won = list(self.tricks_won)
        new.tricks = list(self.tricks)
        new.revokes = list(self.revokes)
        new._current_cards = list(self._current_cards)
        new.events = list(self.events)
        return new

    # Bidding ------------------------------------------------------------------------------

    @property
    def legal_bids(self) -> tuple[int, ...]:
        """The bids the seat to act may make now (empty outside the bidding)."""
        if self.phase is not Phase.BIDDING:
            return ()
        h = self.deal.hand_size
        forbidden = self._hook_forbidden()
        return tuple(b for b in range(h + 1) if b != forbidden)

    def _hook_forbidden(self) -> int | None:
        """The bid the hook forbids the seat to act, if any."""
        if not self.ruleset.hook or self.to_act != self.deal.dealer:
            return None
        h = self.deal.hand_size
        made = sum(b for b in self.bids if b is not None)
        forbidden = h - made
        return forbidden if 0 <= forbidden <= h else None

    def check_bid(self, bid: int) -> None:
        """Raise :class:`IllegalBidError` unless the seat to act may bid ``bid`` now."""
        seat = self.to_act
        if self.phase is not Phase.BIDDING:
            raise IllegalBidError(
                f"no bid can be made now: the deal is in the {self.phase.value} phase",
                rule="phase", seat=seat,
            )
        if isinstance(bid, bool) or not isinstance(bid, int):
            raise IllegalBidError(
                f"seat {seat}'s bid must be a whole number of tricks, not {bid!r}",
                rule="bid-range", seat=seat,
            )
        h = self.deal.hand_size
        if not 0 <= bid <= h:
            raise IllegalBidError(
                f"seat {seat} may not bid {bid}: a bid is from 0 to the {h} tricks in the deal",
                rule="bid-range", seat=seat,
            )
        if bid == self._hook_forbidden():
            raise IllegalBidError(
                f"seat {seat} may not bid {bid}: the hook forbids the dealer a bid that makes"
                f" the total equal the {h} tricks",
                rule="hook", seat=seat,
            )

    def can_bid(self, bid: int) -> bool:
        """True when :meth:`check_bid` would accept ``bid``."""
        try:
            self.check_bid(bid)
        except IllegalBidError:
            return False
        return True

    def bid(self, bid: int) -> BidMade:
        """The seat to act bids ``bid`` tricks."""
        self.check_bid(bid)
        seat = self.to_act
        assert seat is not None
        self.bids[seat] = bid
        event = BidMade(seat, bid)
        self.events.append(event)
        if seat == self.deal.dealer:
            self._end_bidding()
        else:
            self.to_act = (seat + 1) % self.players
        return event

    def _end_bidding(self) -> None:
        if self.ruleset.announce_over_under:
            total = sum(b for b in self.bids if b is not None)
            h = self.deal.hand_size
            word = "over" if total > h else "under" if total < h else "even"
            self.announcement = word
            self.events.append(Announced(word, total))
        self.phase = Phase.PLAYING
        self.leader = self.to_act = (self.deal.dealer + 1) % self.players

    # Playing ------------------------------------------------------------------------------

    def _legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self._current_cards:
            led = self._suit_index[self._current_cards[0]]
            if led >= 0:
                follow = hand & self._follow[led]
                if follow:
                    return follow
        return hand

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to act may play now, in index order (empty outside play)."""
        if self.phase is not Phase.PLAYING:
            return ()
        mask = self._legal_mask(self.to_act)  # type: ignore[arg-type]
        out = []
        while mask:
            low = mask & -mask
            out.append(CARDS[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def check_play(self, card: Card | str) -> None:
        """Raise :class:`IllegalPlayError` unless the seat to act may play ``card`` now.

        Where the ruleset allows revokes (Humbug with ``revokes_allowed``), a card that fails to
        follow suit is accepted; it is penalised when the deal is scored.
        """
        seat = self.to_act
        try:
            card = Card.parse(card)
        except CardCodeError as error:
            raise IllegalPlayError(str(error), rule="card-code", seat=seat) from None
        if self.phase is not Phase.PLAYING:
            raise IllegalPlayError(
                f"no card can be played now: the deal is in the {self.phase.value} phase",
                rule="phase", seat=seat,
            )
        assert seat is not None
        bit = 1 << card.index
        if not self.hands[seat] & bit:
            raise IllegalPlayError(
                f"seat {seat} may not play {card}: they do not hold it", rule="not-held", seat=seat
            )
        if self._legal_mask(seat) & bit or self.ruleset.revokes_allowed:
            return
        led = self.led_suit
        assert led is not None
        held = " ".join(c.code for c in cards_of(self.hands[seat] & self._follow[led]))
        raise IllegalPlayError(
            f"seat {seat} may not play {card}: they must follow {_SUIT_PLURALS[led]}"
            f" (they hold {held})",
            rule="follow-suit", seat=seat,
        )

    def can_play(self, card: Card | str) -> bool:
        """True when :meth:`check_play` would accept ``card``."""
        try:
            self.check_play(card)
        except IllegalPlayError:
            return False
        return True

    def play(self, card: Card | str) -> CardPlayed:
        """The seat to act plays ``card``.  Completing a trick also records a :class:`TrickWon`."""
        if card.__class__ is not Card:
            self.check_play(card)  # a code: parse it, with a play error if it is not a card
            card = Card.parse(card)
        assert isinstance(card, Card)
        seat = self.to_act
        bit = 1 << card.index
        legal = 0
        if self.phase is Phase.PLAYING and seat is not None:
            hand = self.hands[seat]
            legal = hand
            current = self._current_cards
            if current:
                led = self._suit_index[current[0]]
                if led >= 0:
                    legal = hand & self._follow[led] or hand
        if not legal & bit:
            self.check_play(card)  # raises, or accepts a revoke the rules allow
        assert seat is not None
        revoke = not legal & bit
        self.hands[seat] ^= bit
        self._current_cards.append(card.index)
        event = CardPlayed(seat, card, revoke)
        self.events.append(event)
        if revoke:
            self.revokes.append(seat)
        if len(self._current_cards) == self.players:
            self._finish_trick()
        else:
            self.to_act = (seat + 1) % self.players
        return event

    def _finish_trick(self) -> None:
        indices = self._current_cards
        pos = self.context.winner_index(indices)
        winner = (self.leader + pos) % self.players
        cards = tuple(CARDS[i] for i in indices)
        trick = Trick(self.leader, cards, winner, self.context)
        self.tricks.append(trick)
        self.tricks_won[winner] += 1
        self.events.append(TrickWon(trick))
        self._current_cards = []
        self.leader = self.to_act = winner
        if len(self.tricks) == self.deal.hand_size:
            self._score()

    def _score(self) -> None:
        points = deal_points(
            self.ruleset,
            bids=self.bids,
            tricks=self.tricks_won,
            hand_size=self.deal.hand_size,
            revokes=self.revokes,
        )
        self.points = tuple(points)
        self.phase = Phase.DONE
        self.to_act = None
        self.events.append(HandScored(tuple(self.tricks_won), self.points))

    # Generic actions ------------------------------------------------------------------------

    @property
    def legal_actions(self) -> tuple[int, ...] | tuple[Card, ...]:
        """``legal_bids`` while bidding, ``legal_plays`` while playing."""
        return self.legal_bids if self.phase is Phase.BIDDING else self.legal_plays

    def apply(self, action: int | Card | str) -> Event:
        """Make a bid (an ``int``) or play a card (a :class:`Card` or code), as the phase needs."""
        if self.phase is Phase.BIDDING:
            if isinstance(action, Card | str):
                raise IllegalBidError(
                    f"seat {self.to_act} must bid now, not play {action}", rule="phase",
                    seat=self.to_act,
                )
            return self.bid(action)
        if isinstance(action, int):
            raise IllegalPlayError(
                f"no bid can be made now: the deal is in the {self.phase.value} phase",
                rule="phase", seat=self.to_act,
            )
        return self.play(action)

    # Display ------------------------------------------------------------------------------

    def __repr__(self) -> str:
        trump = self.trump.letter if self.trump is not None else "NT"
        return (
            f"<HandState {self.ruleset.key} {self.players}p h={self.hand_size} trump={trump}"
            f" {self.phase.value} to_act={self.to_act}>"
        )

    def _repr_html_(self) -> str:
        from trickcore.display import state_html

        return state_html(self)
