"""The winner of a trick, from a trump ranking's tables.

:class:`~trickcore.cards.ranking.TrumpContext` keeps, for every card index, the suit the card
belongs to and its power within that suit; :func:`winner_position` finds the winning card of a
trick from those tables.  It is the one rule every deal applies at every trick, so the compiled
build (``setup.py``) compiles this module with mypyc, and the engine's trick play calls it
directly.

>>> suit_index = tuple(i >> 4 for i in range(64))   # no trumps: a card's printed suit
>>> power = tuple(i & 15 for i in range(64))
>>> winner_position(suit_index, power, -1, 0, [3, 12, 20])   # 5S, AS, 6H: spades led
1
"""

from __future__ import annotations

from typing import Final

__all__ = ["NO_TRUMP_JOKER", "winner_position"]

#: The power of the joker at no trump: it beats every card (the lower joker's is one less).
NO_TRUMP_JOKER: Final = 200


def winner_position(suit_index: tuple[int, ...], power: tuple[int, ...], trump: int, led: int,
                    indices: list[int]) -> int:
    """Position (0-based) of the winning card among card indices played in order.

    ``suit_index`` and ``power`` give each card index's suit (-1: none) and power; ``trump`` is
    the trump suit's index (-1: no trump), ``led`` the suit led.  A trump, a card of the suit led,
    or a joker at no trump may win; the highest power wins, and of two equal powers (identical
    cards, two packs) the first played.
    """
    best = 0
    best_key = -1
    for pos in range(len(indices)):
        idx = indices[pos]
        s = suit_index[idx]
        key = power[idx]
        if (s in (trump, led) or key >= NO_TRUMP_JOKER - 1) and key > best_key:
            best = pos
            best_key = key
    return best
