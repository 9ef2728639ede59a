"""The packs: the 52-card pack and every Five Hundred pack, as data.

Each pack is a tuple of cards in a fixed order (spades, hearts, diamonds, clubs, low to high,
then the jokers); its bitmask is :func:`pack_mask`.

>>> [len(pack_cards(p)) for p in Pack]
[52, 43, 45, 43, 33, 53, 63, 65, 46, 104, 63]
>>> sorted(c.code for c in pack_cards(Pack.FIVE_HUNDRED_43) if c.rank is Rank.FOUR)
['4D', '4H']
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping

from trickcore.cards.card import CARDS, JOKER_INDEX, Card, Rank, Suit

__all__ = ["Pack", "pack_cards", "pack_mask"]


class Pack(enum.StrEnum):
    """The packs the engine knows (value: the name used in options and records)."""

    STANDARD_52 = "52"
    """The standard pack, no jokers."""
    FIVE_HUNDRED_43 = "43"
    """Five Hundred, Australian standard: 2s, 3s and the black 4s out, one joker."""
    FIVE_HUNDRED_45 = "45"
    """Five Hundred: 2s and 3s out, one joker."""
    FIVE_HUNDRED_ODD_FOURS = "43-odd-fours"
    """As 43, but the 4♠ and 4♦ go: the 4 of the trump colour becomes the lowest trump."""
    FIVE_HUNDRED_33 = "33"
    """Three-hand Five Hundred: A K Q J 10 9 8 7 of each suit and a joker."""
    FIVE_HUNDRED_53 = "53"
    """Five-hand Five Hundred: the 52 and a joker."""
    FIVE_HUNDRED_63 = "63"
    """Six-hand Five Hundred: the 52, 11s and 12s of every suit, red 13s, and a joker."""
    FIVE_HUNDRED_65 = "65"
    """Six-hand Five Hundred: the 52, 11s, 12s and 13s of every suit, and a joker."""
    QUEBEC_46 = "46"
    """Québec Five Hundred: 2s and 3s out, two jokers."""
    STANDARD_104 = "104"
    """Two standard packs shuffled together: every card twice (Up and Down the River, 6-8)."""
    FIVE_HUNDRED_63_TWO_PACKS = "63-two-packs"
    """Six-hand Five Hundred without a special pack: the 52 and a joker, with the 2s, 3s and
    red 4s of a second pack (every one of them twice)."""


_STANDARD_RANKS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
                   Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def _cards(ranks_by_suit: Mapping[Suit, tuple[Rank, ...]], jokers: int) -> tuple[Card, ...]:
    out = [Card.of(rank, suit) for suit in Suit for rank in sorted(ranks_by_suit[suit])]
    out += [CARDS[JOKER_INDEX + j] for j in range(jokers)]
    return tuple(out)


def _copies(ranks_by_suit: Mapping[Suit, tuple[Rank, ...]]) -> tuple[Card, ...]:
    """The second copies (two packs) of these cards, in index order after the first pack."""
    out = []
    for card in _cards(ranks_by_suit, 0):
        twin = card.twin
        assert twin is not None
        out.append(twin)
    return tuple(out)


def _from(low: Rank, extra: tuple[Rank, ...] = ()) -> tuple[Rank, ...]:
    return tuple(r for r in _STANDARD_RANKS if r >= low) + extra


@functools.cache
def pack_cards(pack: Pack) -> tuple[Card, ...]:
    """The cards of a pack, in index order."""
    every = {s: _STANDARD_RANKS for s in Suit}
    red = (Suit.HEARTS, Suit.DIAMONDS)
    elevens = (Rank.ELEVEN, Rank.TWELVE)
    if pack is Pack.STANDARD_52:
        return _cards(every, 0)
    if pack is Pack.FIVE_HUNDRED_43:
        return _cards({s: _from(Rank.FOUR if s in red else Rank.FIVE) for s in Suit}, 1)
    if pack is Pack.FIVE_HUNDRED_45:
        return _cards({s: _from(Rank.FOUR) for s in Suit}, 1)
    if pack is Pack.FIVE_HUNDRED_ODD_FOURS:
        keep_four = (Suit.HEARTS, Suit.CLUBS)
        return _cards({s: _from(Rank.FOUR if s in keep_four else Rank.FIVE) for s in Suit}, 1)
    if pack is Pack.FIVE_HUNDRED_33:
        return _cards({s: _from(Rank.SEVEN) for s in Suit}, 1)
    if pack is Pack.FIVE_HUNDRED_53:
        return _cards(every, 1)
    if pack is Pack.FIVE_HUNDRED_63:
        return _cards({s: _STANDARD_RANKS + elevens + ((Rank.THIRTEEN,) if s in red else ())
                       for s in Suit}, 1)
    if pack is Pack.FIVE_HUNDRED_65:
        return _cards({s: _STANDARD_RANKS + elevens + (Rank.THIRTEEN,) for s in Suit}, 1)
    if pack is Pack.QUEBEC_46:
        return _cards({s: _from(Rank.FOUR) for s in Suit}, 2)
    if pack is Pack.STANDARD_104:
        return _cards(every, 0) + _copies(every)
    if pack is Pack.FIVE_HUNDRED_63_TWO_PACKS:
        low = {s: (Rank.TWO, Rank.THREE) + ((Rank.FOUR,) if s in red else ()) for s in Suit}
        return _cards(every, 1) + _copies(low)
    raise AssertionError(pack)  # pragma: no cover


@functools.cache
def pack_mask(pack: Pack) -> int:
    """The bitmask of a pack's cards."""
    mask = 0
    for card in pack_cards(pack):
        mask |= card.bit
    return mask
