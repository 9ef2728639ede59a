"""What a deal is made of and what happens in it: the phases, tricks, and one event per action.

Every action on a :class:`~trickcore.engine.state.HandState` returns the event it caused and appends it to
``state.events``; the events are frozen records (named tuples), so a deal's history can be read,
compared and replayed.

>>> BidMade(seat=1, bid=3)
BidMade(seat=1, bid=3)
>>> Phase("playing") is Phase.PLAYING
True
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from trickcore.cards import Card, Suit, TrumpContext
from trickcore.engine.calls import Call
from trickcore.errors import IllegalActionError
from trickcore.i18n import _, pgettext
from trickcore.notebook import html_of

__all__ = [
    "BIDDING",
    "DONE",
    "HAND",
    "PLAYING",
    "SUIT_PLURALS",
    "TABLE",
    "Announced",
    "BidMade",
    "CardPlayed",
    "ContractSet",
    "DiscardChosen",
    "Discarded",
    "Event",
    "HandScored",
    "JokerNamed",
    "PartnerCalled",
    "Phase",
    "Trick",
    "TrickWon",
    "phase_name",
]


class Phase(enum.StrEnum):
    """The phases of a deal, in order (a game skips the ones it does not have).

    >>> [phase.value for phase in Phase]
    ['bidding', 'discard', 'call', 'joker', 'playing', 'done']
    """

    BIDDING = "bidding"
    DISCARD = "discard"
    """Five Hundred: the contractor, holding the kitty, discards as many cards."""
    CALL = "call"
    """Five-hand Five Hundred: the contractor calls a partner by naming a card (or plays alone)."""
    JOKER = "joker"
    """Five Hundred at no trumps or misère: the contractor may name the joker's suit."""
    PLAYING = "playing"
    DONE = "done"


def phase_name(phase: Phase) -> str:
    """A phase as the engine's messages name it, in the current language: ``bidding`` in
    "the deal is in the bidding phase", French ``des annonces`` (« la phase des annonces »).

    >>> from trickcore.i18n import language
    >>> with language("fr"):
    ...     phase_name(Phase.BIDDING), phase_name(Phase.DONE)
    ('des annonces', 'finale')
    >>> phase_name(Phase.PLAYING)
    'playing'
    """
    # the catalogue holds each value in the context "phase" (French "joker" alone is a card)
    return pgettext("phase", phase.value)


def wrong_phase(error: type[IllegalActionError], what: str, phase: Phase,
                seat: int | None) -> IllegalActionError:
    """The error refusing an action the phase does not take: ``what`` (marked with ``N_`` by
    the caller, translated here, only when refused) and the phase the deal is in."""
    return error(_("{what}: the deal is in the {value} phase").format(
                     what=_(what), value=phase_name(phase)), rule="phase", seat=seat)


#: The phases the hot calls (``legal_bids``, ``bid``, ``legal_plays``, ``play``) compare with, as
#: module constants: each read of ``Phase.X`` is a lookup through the enum's metaclass.
BIDDING, PLAYING, DONE = Phase.BIDDING, Phase.PLAYING, Phase.DONE

#: Where a card is played from: the hand, or (two-hand Five Hundred) the face-up table cards.
HAND = "hand"
TABLE = "table"


class Trick(NamedTuple):
    """A completed (or, while playing, partial) trick: the leader and the cards in play order.

    ``winner`` is the winning seat once the trick is complete; ``reason`` says why it won.
    ``by`` gives the seat that played each card where that is not simply clockwise from the
    leader (Five Hundred with a player sitting out, two-hand table cards); ``sources`` says
    whether each card came from the hand or the table (two-hand); ``joker_suit`` is the suit
    named when the joker was led.

    >>> from trickcore.cards import Suit, TrumpContext, parse_cards
    >>> trick = Trick(leader=1, cards=tuple(parse_cards("5S AS 2H")), winner=3,
    ...               context=TrumpContext(Suit.HEARTS))
    >>> trick.seats(4), trick.reason
    ([1, 2, 3], '2♥ is the only trump')
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None
    context: TrumpContext | None = None
    by: tuple[int, ...] = ()
    sources: tuple[str, ...] = ()
    joker_suit: Suit | None = None

    @property
    def reason(self) -> str:
        """Why the winner won, in words (empty while the trick is incomplete)."""
        if self.winner is None or self.context is None or not self.cards:
            return ""
        position = self.context.winner_index([c.index for c in self.cards],
                                             _led_index(self.joker_suit))
        return self.context.why(self.cards, position, led=self.joker_suit)

    def seats(self, players: int) -> list[int]:
        """The seat that played each card."""
        if self.by:
            return list(self.by)
        return [(self.leader + i) % players for i in range(len(self.cards))]

    def _repr_html_(self) -> str | None:
        return html_of(self)


def _led_index(suit: Suit | None) -> int | None:
    return None if suit is None else int(suit)


# Events: one frozen record per thing that happened --------------------------------------------


class BidMade(NamedTuple):
    """A seat bid: a number of tricks (Oh Hell) or a call in the auction (Five Hundred)."""

    seat: int
    bid: int | Call


class Announced(NamedTuple):
    """After the last bid: "over", "under" or "even" (Oh Pshaw)."""

    announcement: str
    total: int


class ContractSet(NamedTuple):
    """The auction ended: ``call`` by ``seat`` is the contract (``None``: everyone passed)."""

    seat: int | None
    call: Call | None


class Discarded(NamedTuple):
    """A seat discarded cards after taking the kitty (or its partner's discards)."""

    seat: int
    cards: tuple[Card, ...]


class DiscardChosen(NamedTuple):
    """A seat chose one card to discard, discarding step by step; the last one chosen makes
    the :class:`Discarded`, which holds them all."""

    seat: int
    card: Card


class PartnerCalled(NamedTuple):
    """Five-hand: the contractor named a card to call a partner (``None``: plays alone)."""

    seat: int
    card: Card | None


class JokerNamed(NamedTuple):
    """The contractor named the joker's suit at no trumps or misère (``None``: no suit)."""

    seat: int
    suit: Suit | None


class CardPlayed(NamedTuple):
    """A seat played a card.  ``revoke`` is True when it failed to follow suit (Humbug only)."""

    seat: int
    card: Card
    revoke: bool = False
    source: str = HAND
    joker_suit: Suit | None = None


class TrickWon(NamedTuple):
    """A trick was completed and won."""

    trick: Trick


class HandScored(NamedTuple):
    """The deal ended: tricks taken and points scored, one value per seat."""

    tricks_won: tuple[int, ...]
    points: tuple[int, ...]


Event = (BidMade | Announced | ContractSet | DiscardChosen | Discarded | PartnerCalled | JokerNamed
         | CardPlayed | TrickWon | HandScored)

#: The suits' names in the plural, for messages.
SUIT_PLURALS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                 Suit.CLUBS: "clubs"}
