"""How each deal of a schedule gets its trumps: a turned card (which one), a suit the rotation
fixes, no trumps, or the auction's contract.  The dealing, the book's schedule tables and the
batch path all ask :func:`deal_trumps`; nothing above the engine works it out again.

>>> from trickcore.rules.registry import get_variant
>>> no_trump_deals(get_variant("oh-pshaw"), 4), turn_up_required(get_variant("oh-hell"),
...                                                                players=4, hand_size=10)
((12,), True)
"""

from __future__ import annotations

import dataclasses
import enum

from trickcore.cards import Suit
from trickcore.rules import Ruleset, TrumpMethod

__all__ = ["DealTrumps", "NoTrump", "Turn", "deal_trumps", "no_trump_deals",
           "turn_up_required"]


class Turn(enum.StrEnum):
    """Which card, if any, a deal turns up for trumps."""

    NONE = "none"
    """No card: the deal has a fixed trump, no trumps, or a contract names them."""
    DEALERS_LAST = "dealers-last"
    """The dealer's own last card (it stays in the dealer's hand)."""
    NEXT_CARD = "next-card"
    """The next card after the deal (the top of the stock), which is not played."""


class NoTrump(enum.StrEnum):
    """Why a deal is played without trumps: the book says the reason, and only the engine
    knows it."""

    GAME = "game"
    """The game has no trumps at all."""
    LARGEST_DEAL = "largest-deal"
    """The rules play the schedule's largest deals without trumps."""
    ROTATION = "rotation"
    """The trump rotation's entry for this deal is no trumps."""
    NO_CARD_LEFT = "no-card-left"
    """Every card is dealt, so none is left to turn up."""


@dataclasses.dataclass(frozen=True)
class DealTrumps:
    """How one deal of a schedule gets its trumps: a turned card, a suit fixed by the
    rotation, no trumps, or the auction's contract.

    >>> from trickcore.rules.registry import get_variant
    >>> deal_trumps(get_variant("oh-pshaw"), players=4, hand_size=13).no_trump
    <NoTrump.NO_CARD_LEFT: 'no-card-left'>
    >>> deal_trumps(get_variant("oh-pshaw"), players=4, hand_size=12).turn
    <Turn.NEXT_CARD: 'next-card'>
    """

    turn: Turn
    suit: Suit | None = None
    """The trump suit when the rules fix it without a card (a rotation's entry)."""
    by_contract: bool = False
    no_trump: NoTrump | None = None
    """Why the deal is played without trumps whatever the cards (None when it has trumps)."""

    @property
    def at_no_trump(self) -> bool:
        """True when the deal is played without trumps whatever the cards."""
        return self.no_trump is not None


def deal_trumps(ruleset: Ruleset, *, players: int, hand_size: int,
                deal_index: int = 0) -> DealTrumps:
    """How deal ``deal_index`` (0 for the first) of ``hand_size`` cards to ``players`` seats
    gets its trumps: the one answer the dealing, the book and the batch path ask for.

    >>> from trickcore.rules import with_options
    >>> from trickcore.rules.registry import get_variant
    >>> rotation = with_options(get_variant("oh-hell"), {"trump_method": "fixed-rotation",
    ...                                                  "trump_rotation": "H NT"})
    >>> [deal_trumps(rotation, players=4, hand_size=5, deal_index=k).at_no_trump
    ...  for k in range(3)]
    [False, True, False]
    """
    method = ruleset.trump_method
    if ruleset.bids_a_contract:
        return _BY_CONTRACT
    if ruleset.largest_deals_no_trump and hand_size == ruleset.max_hand_size(players):
        return _LARGEST_DEAL
    if method is TrumpMethod.FIXED_ROTATION:
        rotation = ruleset.trump_rotation
        suit = rotation[deal_index % len(rotation)]
        return (DealTrumps(Turn.NONE, suit) if suit is not None
                else DealTrumps(Turn.NONE, no_trump=NoTrump.ROTATION))
    if method is TrumpMethod.DEALERS_LAST:
        return _DEALERS_LAST_CARD
    if (method in (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK)
            and players * hand_size < ruleset.live_cards(players)):
        return _NEXT_CARD
    if method is TrumpMethod.NONE:
        return _NO_TRUMP_GAME
    return _NO_CARD_LEFT


_BY_CONTRACT = DealTrumps(Turn.NONE, by_contract=True)
_LARGEST_DEAL = DealTrumps(Turn.NONE, no_trump=NoTrump.LARGEST_DEAL)
_NO_TRUMP_GAME = DealTrumps(Turn.NONE, no_trump=NoTrump.GAME)
_NO_CARD_LEFT = DealTrumps(Turn.NONE, no_trump=NoTrump.NO_CARD_LEFT)
_DEALERS_LAST_CARD = DealTrumps(Turn.DEALERS_LAST)
_NEXT_CARD = DealTrumps(Turn.NEXT_CARD)


def no_trump_deals(ruleset: Ruleset, players: int) -> tuple[int, ...]:
    """The deals of the schedule (0 for the first) that are played without trumps whatever
    the cards.

    >>> from trickcore.rules.registry import get_variant
    >>> no_trump_deals(get_variant("oh-pshaw"), 4)
    (12,)
    """
    return tuple(k for k, size in enumerate(ruleset.hand_sequence(players))
                 if deal_trumps(ruleset, players=players, hand_size=size,
                                deal_index=k).at_no_trump)


def turn_up_required(ruleset: Ruleset, *, players: int, hand_size: int) -> bool:
    """True when the rules turn up a card for trumps in a deal of this size.

    >>> from trickcore.rules.registry import get_variant
    >>> turn_up_required(get_variant("oh-pshaw"), players=4, hand_size=13)
    False
    >>> turn_up_required(get_variant("oh-well"), players=4, hand_size=13)
    True
    """
    return deal_trumps(ruleset, players=players, hand_size=hand_size).turn is not Turn.NONE
