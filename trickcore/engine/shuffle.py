"""The shuffle and the deal of :func:`~trickcore.engine.dealing.deal_cards`, on card positions.

A pack is shuffled by sorting its positions on one random number each (drawn in position
order): as uniform as ``random.shuffle``, and faster.  The hands are then dealt one card at a
time from eldest, as bitmasks.  Every deal runs this, so the compiled build (``setup.py``)
compiles this module with mypyc.

>>> import random
>>> order = shuffled_positions(random.Random(1).random, 6)
>>> sorted(order) == list(range(6))
True
>>> dealt_masks([0, 1, 2, 3], [1, 2, 4, 8], players=2, dealer=1, dealt=4)   # seat 0 is eldest
[5, 10]
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["dealt_masks", "shuffled_positions"]


def shuffled_positions(random: Callable[[], float], size: int) -> list[int]:
    """The positions ``0`` to ``size - 1`` in shuffled order, sorted on ``random()`` drawn once
    per position."""
    keys = [random() for _ in range(size)]
    return sorted(range(size), key=keys.__getitem__)


def dealt_masks(order: list[int], bits: list[int], *, players: int, dealer: int,
                dealt: int) -> list[int]:
    """Each seat's hand as a mask: the first ``dealt`` positions of ``order`` dealt one at a
    time from eldest (left of ``dealer``); ``bits[p]`` is the bit of the card at position
    ``p``."""
    hands = [0] * players
    for k in range(players):  # every players-th card is the k-th seat's from eldest
        # the cards' bits are distinct powers of two: their sum is the hand's mask
        hands[(dealer + 1 + k) % players] = sum(map(bits.__getitem__, order[k:dealt:players]))
    return hands
