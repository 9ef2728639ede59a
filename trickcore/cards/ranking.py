"""Card power relative to the trump suit: which suit a card belongs to, and what beats what.

Every comparison of cards in the engine goes through a :class:`TrumpContext`.  In the Oh Hell
family and Humbug a card's suit is its printed suit and trumps beat everything else.  The same
context also knows Five Hundred's extra cards: with ``bowers`` the jack of trumps (right bower) and
the other jack of the same colour (left bower) become the second- and third-best trumps and the
left bower *belongs to the trump suit*; the joker is the best trump, or at no trump a card of no
suit (or of the suit its holder named) that beats everything.

>>> from trickcore.cards import Card, Suit
>>> ctx = TrumpContext(Suit.HEARTS)
>>> ctx.winner([Card.parse(c) for c in ("5S", "AS", "2H")])
2
>>> ctx.winner([Card.parse(c) for c in ("5S", "AS", "KD")])
1
>>> bowers = TrumpContext(Suit.SPADES, bowers=True)
>>> bowers.suit_of(Card.parse("JC")), bowers.winner([Card.parse(c) for c in ("AS", "JC")])
(<Suit.SPADES: 0>, 1)

With two packs, of two identical cards in one trick the first played wins:

>>> two = Card.parse("2H")
>>> ctx.winner([Card.parse("5S"), two.twin, two]), ctx.winner([Card.parse("5S"), two, two.twin])
(1, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from trickcore.arguments import typed
from trickcore.cards.card import COPY_OFFSET, JOKER_INDEX, Card, Rank, Suit
from trickcore.cards.masks import SUIT_MASKS
from trickcore.cards.names import suit_name
from trickcore.cards.winner import NO_TRUMP_JOKER, winner_position
from trickcore.i18n import _

__all__ = ["TrumpContext", "trump_context"]

_TRUMP_BASE = 64  # power of the lowest trump; plain cards of the led suit score 0-15
_NO_TRUMP_JOKER = NO_TRUMP_JOKER  # the joker at no trump beats every card
_PLAIN = (1 << JOKER_INDEX) - 1  # every suited card of the first pack


class TrumpContext:
    """Suits and powers of cards under one trump suit (``None`` for no trump).

    ``joker_suit`` is the suit named for the joker at no trump (Five Hundred), if any.

    >>> from trickcore.cards import parse_cards
    >>> spades = TrumpContext(Suit.SPADES)
    >>> spades.is_trump(Card.parse("2S")), spades.winner(parse_cards("AH KH 2S"))
    (True, 2)
    """

    __slots__ = ("bowers", "joker_suit", "power", "suit_index", "suit_masks", "trump",
                 "trump_index")

    @typed
    def __init__(
        self,
        trump: Suit | None,
        *,
        bowers: bool = False,
        joker_suit: Suit | None = None,
        odd_fours: bool = False,
    ) -> None:
        self.trump = trump
        # the trump suit as an index (-1: no trump), as ``trickcore.cards.winner.winner_position`` takes it
        self.trump_index = -1 if trump is None else int(trump)
        self.bowers = bowers and trump is not None
        self.joker_suit = joker_suit if trump is None else None
        #: effective suit index of every card index (-1: no suit, e.g. the joker at no trump)
        suit_index = [i >> 4 for i in range(64)] + [-1, -1]
        #: power of every card inside its effective suit (trumps get _TRUMP_BASE added)
        power = [i & 15 for i in range(64)] + [0, 0]
        masks = list(SUIT_MASKS)
        if trump is not None:
            t = int(trump)
            for i in range(64):
                if i >> 4 == t:
                    power[i] += _TRUMP_BASE
            if self.bowers:
                right = t * 16 + Rank.JACK
                left = int(trump.partner) * 16 + Rank.JACK
                power[right] = _TRUMP_BASE + 32
                power[left] = _TRUMP_BASE + 31
                suit_index[left] = t
                masks[int(trump.partner)] &= ~(1 << left)
                masks[t] |= 1 << left
            if odd_fours:
                # "Odd fours" pack: the 4 of the trump colour's other suit is the lowest trump.
                four = int(trump.partner) * 16 + Rank.FOUR
                power[four] = _TRUMP_BASE - 1
                suit_index[four] = t
                masks[int(trump.partner)] &= ~(1 << four)
                masks[t] |= 1 << four
            # The joker is the best trump.
            power[JOKER_INDEX] = _TRUMP_BASE + 34
            power[JOKER_INDEX + 1] = _TRUMP_BASE + 33
            suit_index[JOKER_INDEX] = suit_index[JOKER_INDEX + 1] = t
            masks[t] |= (1 << JOKER_INDEX) | (1 << (JOKER_INDEX + 1))
        else:
            # At no trump the joker beats everything; named, it also belongs to that suit.
            power[JOKER_INDEX] = _NO_TRUMP_JOKER
            power[JOKER_INDEX + 1] = _NO_TRUMP_JOKER - 1
            if joker_suit is not None:
                # Named, the joker is the highest card of that suit, and only of that suit.
                suit_index[JOKER_INDEX] = int(joker_suit)
                power[JOKER_INDEX] = 16
                masks[int(joker_suit)] |= 1 << JOKER_INDEX
        # A second copy (two packs) ranks and follows exactly as its first copy.
        suit_index += suit_index[:COPY_OFFSET - 2]
        power += power[:COPY_OFFSET - 2]
        masks = [m | (m & _PLAIN) << COPY_OFFSET for m in masks]
        self.suit_index: tuple[int, ...] = tuple(suit_index)
        self.power: tuple[int, ...] = tuple(power)
        self.suit_masks: tuple[int, ...] = tuple(masks)

    def suit_of(self, card: Card) -> Suit | None:
        """The suit the card belongs to for following and voids (``None``: no suit)."""
        s = self.suit_index[card.index]
        return None if s < 0 else Suit(s)

    def hand_key(self, card: Card) -> tuple[int, int, int]:
        """Sort key for a hand in this context: suit by suit (♠ ♥ ♦ ♣, a suitless joker last),
        each suit from its best card down, the bowers, the joker and an odd four among the
        trumps where this context makes them trumps; a second copy beside its first.

        >>> from trickcore.cards import parse_cards
        >>> hand = parse_cards("AC JS 5D JC JK")
        >>> [c.code for c in sorted(hand, key=TrumpContext(Suit.CLUBS, bowers=True).hand_key)]
        ['5D', 'JK', 'JC', 'JS', 'AC']
        >>> [c.code for c in sorted(hand, key=TrumpContext(None).hand_key)]
        ['JS', '5D', 'AC', 'JC', 'JK']
        """
        index = card.index
        suit = self.suit_index[index]
        return (suit if suit >= 0 else 4, -self.power[index], index)

    def __setattr__(self, name: str, value: object) -> None:
        # Built, a context cannot change: the states dealt under it share it, and hand it out.
        if hasattr(self, "suit_masks"):
            raise AttributeError(f"a TrumpContext cannot be changed (its {name} was given)")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a TrumpContext cannot be changed (its {name} was deleted)")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled and copied slot by slot (its ``__setattr__`` refuses any change)."""
        return _rebuilt, tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        """Equal rankings (a context read back from a pickle equals the one written)."""
        if not isinstance(other, TrumpContext):
            return NotImplemented
        return (self.trump == other.trump and self.joker_suit == other.joker_suit
                and self.bowers == other.bowers and self.power == other.power
                and self.suit_index == other.suit_index and self.suit_masks == other.suit_masks)

    def __hash__(self) -> int:
        return hash((self.trump, self.joker_suit, self.bowers))

    def is_trump(self, card: Card) -> bool:
        """True when the card is a trump in this context."""
        return self.trump is not None and self.suit_index[card.index] == self.trump

    def winner_index(self, indices: Sequence[int], led: int | None = None) -> int:
        """Position (0-based) of the winning card among card indices played in order.

        ``led`` overrides the suit led (when a suitless joker was led and a suit named).
        """
        suit_index = self.suit_index
        if led is None:
            led = suit_index[indices[0]]
        return winner_position(suit_index, self.power, self.trump_index, led,
                               indices if isinstance(indices, list) else list(indices))

    def winner(self, cards: Sequence[Card]) -> int:
        """Position (0-based) of the winning card among cards played in order."""
        return self.winner_index([c.index for c in cards])

    def why(self, cards: Sequence[Card], winner: int, led: Suit | None = None) -> str:
        """A short reason why ``cards[winner]`` won, for people.

        >>> from trickcore.cards import parse_cards
        >>> TrumpContext(Suit.HEARTS).why(parse_cards("5S AS 2H"), 2)
        '2♥ is the only trump'
        >>> TrumpContext(None).why(parse_cards("5S AS 2H"), 1)
        'A♠ is the highest spade, the suit led'
        """
        card = cards[winner]
        if led is None:
            led = self.suit_of(cards[0])
        if card.is_joker and self.suit_of(card) is not None and self.trump is None:
            if led is None:
                return _("the joker, named a card, is the highest of its suit")
            return _("the joker, named a {suit}, is the highest of its suit").format(
                suit=suit_name(led, singular=True))
        if card.is_joker:
            if card.index == JOKER_INDEX:
                return _("{card} (the joker) beats every other card in the trick").format(
                    card=card.symbol)
            return _("{card} (the lower joker) beats every other card in the trick").format(
                card=card.symbol)
        trumps = [c for c in cards if self.is_trump(c)]
        if self.is_trump(card):
            if self.bowers and card.rank is Rank.JACK:
                if card.suit == self.trump:
                    return _("{card} is the right bower, a top trump").format(card=card.symbol)
                return _("{card} is the left bower, a top trump").format(card=card.symbol)
            if len(trumps) == 1:
                return _("{card} is the only trump").format(card=card.symbol)
            return _("{card} is the highest trump").format(card=card.symbol)
        if led is None:
            return _("{card} is the highest card, the suit led").format(card=card.symbol)
        return _("{card} is the highest {suit}, the suit led").format(
            card=card.symbol, suit=suit_name(led, singular=True))


@functools.cache
def trump_context(
    trump: Suit | None, *, bowers: bool = False, joker_suit: Suit | None = None,
    odd_fours: bool = False,
) -> TrumpContext:
    """A shared :class:`TrumpContext` (contexts never change once built, so one of each will do).

    >>> trump_context(Suit.SPADES) is trump_context(Suit.SPADES)
    True
    """
    return TrumpContext(trump, bowers=bowers, joker_suit=joker_suit, odd_fours=odd_fours)


def _rebuilt(*values: Any) -> TrumpContext:
    """A :class:`TrumpContext` from its slots' values, as :meth:`TrumpContext.__reduce__` gave."""
    context = object.__new__(TrumpContext)
    for name, value in zip(TrumpContext.__slots__, values, strict=True):
        object.__setattr__(context, name, value)
    return context
