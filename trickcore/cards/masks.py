"""Sets of cards as ``int`` bitmasks over card indices: bit ``card.index`` is set for each card.

>>> from trickcore.cards import parse_cards
>>> cards_of(mask_of(parse_cards("KH 2S 3S")) & SUIT_MASKS[0])   # the spades
[Card('2S'), Card('3S')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trickcore.cards.card import CARDS, Card

__all__ = ["SUIT_MASKS", "cards_of", "iter_mask", "mask_of"]


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards (bit ``card.index`` is set for each card).

    >>> from trickcore.cards import parse_cards
    >>> mask_of(parse_cards("2S 3S")), mask_of([])
    (3, 0)
    """
    mask = 0
    for card in cards:
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
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


#: The bitmask of each suit's 16 possible ranks.
SUIT_MASKS: tuple[int, int, int, int] = (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48)
