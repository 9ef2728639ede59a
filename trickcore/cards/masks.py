"""Sets of cards as ``int`` bitmasks over card indices: bit ``card.index`` is set for each card.

>>> from trickcore.cards import parse_cards
>>> cards_of(mask_of(parse_cards("KH 2S 3S")) & SUIT_MASKS[0])   # the spades
[Card('2S'), Card('3S')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trickcore.cards.card import CARDS, Card

__all__ = ["SUIT_MASKS", "cards_of", "held_copies", "held_copy", "iter_mask", "mask_of"]


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


def held_copy(card: Card, held: int) -> Card:
    """The copy of ``card`` found in ``held``: the card itself if held, else its second copy
    if held (two packs), else ``card`` unchanged (and the caller refuses it).

    Identical cards are interchangeable, so a card named by its code (the first copy) stands
    for whichever copy a player holds; holding both, the first copy is played.

    >>> from trickcore.cards import Card
    >>> two = Card.parse("2S")
    >>> held_copy(two, two.twin.bit).copy, held_copy(two, two.bit | two.twin.bit).copy
    (1, 0)
    """
    if held >> card.index & 1:
        return card
    twin = card.twin
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
