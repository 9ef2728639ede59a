"""Sets of cards as ``int`` bitmasks over card indices: bit ``card.index`` is set for each card.

>>> from trickcore.cards import parse_cards
>>> cards_of(mask_of(parse_cards("KH 2S 3S")) & SUIT_MASKS[0])   # the spades
[Card('2S'), Card('3S')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trickcore.arguments import count, instance
from trickcore.cards.card import CARDS, COPY_OFFSET, JOKER_INDEX, Card
from trickcore.errors import ArgumentError
from trickcore.i18n import _

__all__ = ["SUIT_MASKS", "cards_of", "held_copies", "held_copy", "iter_mask", "mask_of",
           "one_of_each"]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards (bit ``card.index`` is set for each card).

    >>> from trickcore.cards import parse_cards
    >>> mask_of(parse_cards("2S 3S")), mask_of([])
    (3, 0)
    """
    mask = 0
    for card in cards:
        index = getattr(card, "index", None)
        if type(index) is not int:  # not a card (a code's str.index is a method): say so
            instance(card, "cards", Card, "a list of Card values (parse_cards('AS KH') reads codes)")
        mask |= 1 << card.index
    return mask


def iter_mask(mask: int) -> Iterator[int]:
    """The card indices in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards in a mask, in index order (spades, hearts, diamonds, clubs; low to high).

    >>> from trickcore.cards import parse_cards
    >>> cards_of(mask_of(parse_cards("2C AS")))
    [Card('AS'), Card('2C')]
    """
    if type(mask) is not int or mask < 0:  # a mask is a whole number of card bits
        count(mask, "mask", low=0, high=None)
    out = []
    while mask:
        low = mask & -mask
        bit = low.bit_length() - 1
        if bit >= len(CARDS):
            raise ArgumentError(_("mask has bit {bit} set, and there are only {cards} cards")
                                .format(bit=bit, cards=len(CARDS)))
        out.append(CARDS[bit])
        mask ^= low
    return out


#: The bitmask of each suit's 16 possible ranks.
SUIT_MASKS: tuple[int, int, int, int] = (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48)


def held_copy(card: Card, held: int) -> Card:
    """The copy of ``card`` found in ``held``: its first copy if held, else its second copy if
    held (two packs), else ``card`` unchanged (and the caller refuses it).

    Identical cards are interchangeable, so either copy (and a card code, which names the first)
    stands for whichever copy a player holds; holding both, it is always the first, so that a
    record, which keeps only codes, replays to the same cards.

    >>> from trickcore.cards import Card
    >>> two = Card.parse("2S")
    >>> held_copy(two, two.twin.bit).copy, held_copy(two.twin, two.bit | two.twin.bit).copy
    (1, 0)
    """
    first = card.twin if card.copy else card
    assert first is not None
    if held >> first.index & 1:
        return first
    twin = first.twin
    if twin is not None and held >> twin.index & 1:
        return twin
    return card


def held_copies(cards: Iterable[Card], held: int) -> list[Card]:
    """:func:`held_copy` for several cards, each copy taken once: ``2S 2S`` names both copies.

    >>> from trickcore.cards import parse_cards
    >>> two = parse_cards("2S")[0]
    >>> [c.copy for c in held_copies(parse_cards("2S 2S"), two.bit | two.twin.bit)]
    [0, 1]
    """
    out = []
    for card in cards:
        copy = held_copy(card, held)
        held &= ~copy.bit
        out.append(copy)
    return out


#: The suited cards of the first pack (their second copies sit ``COPY_OFFSET`` higher).
_FIRST_SUITED = (1 << JOKER_INDEX) - 1


def one_of_each(mask: int) -> int:
    """``mask`` without the second copies whose first copy it holds (two packs): one choice
    per distinct card.

    >>> from trickcore.cards import Card
    >>> two = Card.parse("2S")
    >>> one_of_each(two.bit | two.twin.bit) == two.bit, one_of_each(two.twin.bit) == two.twin.bit
    (True, True)
    """
    return mask & ~((mask & _FIRST_SUITED) << COPY_OFFSET)
