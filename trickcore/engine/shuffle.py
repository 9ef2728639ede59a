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
from types import FunctionType
from typing import Final, TypeVar

__all__ = ["cards_at", "dealt_masks", "shuffle_and_deal", "shuffled_positions"]

T = TypeVar("T")


def _native() -> bool:
    """True when this module runs compiled (mypyc makes its functions native, not Python
    functions): the loops below are then faster than the builtins the pure form uses."""
    return not isinstance(_native, FunctionType)


#: Whether this module is compiled.
_NATIVE: Final = _native()


def _native_shuffle() -> Callable[[Callable[[], float], int], list[int]] | None:
    try:  # the compiled build: the same shuffle in C (engine/_native.c)
        # compiled, mypyc binds an imported name as a module global: hence one used nowhere else
        import trickcore.engine._native_c as engine_c
    except ImportError:  # the pure build
        return None
    return engine_c.shuffled_positions


#: The C shuffle, in the compiled build.
_NATIVE_SHUFFLE: Final = _native_shuffle()


def shuffled_positions(random: Callable[[], float], size: int) -> list[int]:
    """The positions ``0`` to ``size - 1`` in shuffled order, sorted on ``random()`` drawn once
    per position."""
    if _NATIVE_SHUFFLE is not None:
        return _NATIVE_SHUFFLE(random, size)
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


def shuffle_and_deal(random: Callable[[], float], pack: tuple[T, ...], indices: list[int],
                     bits: list[int], players: int, dealer: int, dealt: int,
                     live: int) -> tuple[list[int], list[int], tuple[T, ...], tuple[T, ...]]:
    """Shuffle ``pack``, whose card at position ``p`` has index ``indices[p]`` and bit
    ``bits[p]`` (:func:`shuffled_positions`), and deal its first ``dealt`` positions one at a
    time from eldest: the shuffled positions, each seat's hand as a mask (as :func:`dealt_masks`
    gives them), the stock (the cards dealt to ``live``) and the cards removed (after ``live``).

    >>> import random
    >>> order, hands, stock, removed = shuffle_and_deal(
    ...     random.Random(1).random, tuple("abcde"), [0, 1, 2, 3, 4], [1, 2, 4, 8, 16], 2, 1, 2, 4)
    >>> hands == dealt_masks(order, [1, 2, 4, 8, 16], players=2, dealer=1, dealt=2)
    True
    >>> pack = tuple("abcde")
    >>> stock == cards_at(pack, order, 2, 4), removed == cards_at(pack, order, 4, 5)
    (True, True)
    """
    size = len(indices)
    order = shuffled_positions(random, size)
    stock = cards_at(pack, order, dealt, live)
    removed = cards_at(pack, order, live, size) if live < size else ()
    if not _NATIVE:
        hands = dealt_masks(order, bits, players=players, dealer=dealer, dealt=dealt)
        return order, hands, stock, removed
    hands = [0] * players
    for k in range(players):  # every players-th card is the k-th seat's from eldest
        # The bits in three parts, the first two small enough for the compiled build's
        # unboxed integers: bits 0 to 30, 31 to 61, and any above.
        low = 0
        middle = 0
        high = 0
        j = k
        while j < dealt:  # not range(k, dealt, players): mypyc unboxes only a constant step
            index = indices[order[j]]
            if index < 31:
                low |= 1 << index
            elif index < 62:
                middle |= 1 << (index - 31)
            else:
                high |= 1 << index
            j += players
        hands[(dealer + 1 + k) % players] = high | middle << 31 | low
    return order, hands, stock, removed


def cards_at(pack: tuple[T, ...], order: list[int], start: int, stop: int) -> tuple[T, ...]:
    """The cards at shuffled positions ``order[start:stop]`` of ``pack``.

    >>> cards_at(tuple("abcd"), [3, 1, 0, 2], 1, 3)
    ('b', 'a')
    """
    if not _NATIVE:
        return tuple(map(pack.__getitem__, order[start:stop]))
    out = []
    j = start
    while j < stop:
        out.append(pack[order[j]])
        j += 1
    return tuple(out)
