"""What the solver learnt, kept from one solve to the next (:class:`Memory`).

Interpreted in every build, so that ``help(Memory)`` shows its documentation (the searches that
fill it are compiled where a C compiler exists).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.solver.native import new_table

if TYPE_CHECKING:
    from trickcore.solver.native import NativeTable

__all__ = ["Memory"]


class Memory:
    """What the solver learnt, kept from one :func:`~trickcore.solve` to the next.

    Pass the same ``Memory`` to every call of ``solve`` on the positions of one game (a bot
    playing a Humbug deal out calls it at every turn): the positions searched for one turn are
    often met again at the next, and are not searched twice.  The solver numbers the cards by
    their rank among those left, so the memory is good for any deal with the same trumps and
    sides; it keeps one table for each.  Only two-hand positions (Humbug) use it with
    :func:`~trickcore.solve`; other positions are solved afresh.
    :func:`~trickcore.solve_fewest` keeps its whole search in it (its table included),
    one for each number of seats, trumps and counted seat.

    >>> from trickcore.cards import mask_of, parse_cards
    >>> from trickcore.solver import Position, solve
    >>> memory = Memory()
    >>> p = Position([mask_of(parse_cards("AS KH 2D")), mask_of(parse_cards("QS AH 3D"))],
    ...              trump=None, leader=0)
    >>> solve(p, side=0, memory=memory).tricks, len(memory) > 0
    (1, True)
    """

    def __init__(self) -> None:
        self._tables: dict[tuple[int, tuple[int, ...]], dict[int, int]] = {}
        self._native: dict[tuple[int, tuple[int, ...]], NativeTable] = {}
        #: solve_fewest's searches (trickcore.solver.search._Search), by (seats, trump, seat)
        self.searches: dict[tuple[int, int, int], object] = {}

    def table(self, trump: int, is_max: list[int]) -> dict[int, int]:
        """The table for positions with this trump suit (-1: none) and these sides."""
        return self._tables.setdefault((trump, tuple(is_max)), {})

    def native_table(self, trump: int, is_max: list[int]) -> NativeTable:
        """The same for the search in C (:mod:`trickcore.solver.native`), where the build has
        it."""
        key = (trump, tuple(is_max))
        if key not in self._native:
            self._native[key] = new_table()
        return self._native[key]

    def __len__(self) -> int:
        """Positions remembered, over every table."""
        return (sum(len(t) for t in self._tables.values())
                + sum(len(t) for t in self._native.values()))

    def clear(self) -> None:
        """Forget everything (to free the memory)."""
        self._tables.clear()
        self._native.clear()
        self.searches.clear()
