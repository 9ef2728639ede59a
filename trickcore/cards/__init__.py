"""Cards, suits, ranks and card notation.

A card code is its rank followed by its suit letter: ``AS`` is the ace of spades, ``TH`` the ten
of hearts (``10H`` is accepted on input and written back as ``TH``).  Five Hundred's big packs add
the ranks ``11``, ``12`` and ``13``, which sit between the ten and the jack, and the joker ``JK``
(with two jokers, ``JK1`` is the higher and ``JK2`` the lower).

Inside the engine every card is a small integer, its *index*: ``suit * 16 + rank position``, with
the jokers at 64 and 65.  A set of cards is an ``int`` bitmask over those indices, which makes
hands, following suit and counting fast.  With two packs the second copy of a card is a card
of its own (same rank, suit and code, at ``66 +`` its first copy's index), so a mask still holds
one bit per physical card.  At the edges of the API cards are :class:`Card` objects,
which are interned: there is exactly one object per card.

The package: :mod:`~trickcore.cards.card` (suits, ranks, cards, card codes),
:mod:`~trickcore.cards.masks` (card sets as bitmasks), :mod:`~trickcore.cards.packs` (the packs),
:mod:`~trickcore.cards.ranking` (card power under a trump suit) and
:mod:`~trickcore.cards.winner` (a trick's winner from a ranking's tables).

>>> Card.parse("TH")
Card('TH')
>>> Card.parse("10h") is Card.parse("TH")
True
>>> [str(c) for c in parse_cards("AS KH 2C")]
['AS', 'KH', '2C']
>>> Card.parse("1X")
Traceback (most recent call last):
...
trickcore.errors.CardCodeError: '1X' is not a card code: expected a rank (2-9, T or 10, 11, 12, 13, J, Q, K, A) then a suit (S, H, D, C), or JK, JK1, JK2
"""

from trickcore.cards.card import (
    CARDS,
    COPY_OFFSET,
    JOKER,
    JOKER2_INDEX,
    JOKER_HIGH,
    JOKER_INDEX,
    JOKER_LOW,
    Card,
    Hand,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)
from trickcore.cards.masks import (
    SUIT_MASKS,
    cards_of,
    held_copies,
    held_copy,
    iter_mask,
    mask_of,
    one_of_each,
)
from trickcore.cards.names import card_name, rank_name, rank_symbol, suit_name
from trickcore.cards.packs import Pack, pack_cards, pack_mask
from trickcore.cards.ranking import TrumpContext, trump_context

__all__ = [
    "CARDS",
    "COPY_OFFSET",
    "JOKER",
    "JOKER2_INDEX",
    "JOKER_HIGH",
    "JOKER_INDEX",
    "JOKER_LOW",
    "SUIT_MASKS",
    "Card",
    "Hand",
    "Pack",
    "Rank",
    "Suit",
    "TrumpContext",
    "card_name",
    "cards_of",
    "format_cards",
    "held_copies",
    "held_copy",
    "iter_mask",
    "mask_of",
    "one_of_each",
    "pack_cards",
    "pack_mask",
    "parse_cards",
    "rank_name",
    "rank_symbol",
    "suit_name",
    "trump_context",
]
