"""The solver's searches in C, where the build has them.

``setup.py`` compiles two C files beside the mypyc modules where a C compiler exists:
``_twohand.c``, a translation of :mod:`trickcore.solver.twohand` (Humbug's search), and
``_general.c``, a translation of the general search in :mod:`trickcore.solver.search` (any
number of seats up to six, at most 15 cards of a suit).  The Python searches stay the reference
and the pure-Python build's: each C search visits the same trick starts in the same order and
keeps the same table, so both give the same answers, best cards and counts
(``tests/solver/test_native.py``).  ``TRICKCORE_NATIVE=0`` in the environment turns the C
searches off (to compare the two, or to rule the C out).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the C table's type, from its stub (_twohand_c.pyi)
    from trickcore.solver._twohand_c import Table as NativeTable

__all__ = ["NativeTest", "available", "enabled", "general_fits", "general_search", "new_table",
           "two_hand"]

try:
    import trickcore.solver._twohand_c as _twohand_c
except ImportError:  # the pure-Python build, Pyodide's included
    _twohand_c = None  # type: ignore[assignment]
try:
    import trickcore.solver._general_c as _general_c
except ImportError:
    _general_c = None  # type: ignore[assignment]

#: the most seats, and the most cards of one suit, the general search in C takes
GENERAL_SEATS = 6
GENERAL_SUIT = 15


def available() -> bool:
    """True when this build has the C searches."""
    return _twohand_c is not None and _general_c is not None


def enabled() -> bool:
    """True when the C searches are there and not turned off (``TRICKCORE_NATIVE=0``)."""
    return available() and os.environ.get("TRICKCORE_NATIVE", "1") != "0"


def new_table() -> NativeTable:
    """An empty table for :func:`two_hand` (only where :func:`available`)."""
    assert _twohand_c is not None
    return _twohand_c.Table()


#: ``(owner, leader, played, need, first) -> made?``: a C search's ``test``, with the
#: :class:`~trickcore.solver.numbering._Table` whose node count, budget and root leads it keeps
#: up to date passed in (the C search keeps no reference to it, so the two make no cycle and the
#: table's memory goes back as soon as the search is dropped)
NativeTest = Callable[[object, int, list[int], int, int], bool]


def two_hand(table: NativeTable, hands: list[int], trump: int, is_max: list[int],
             max_entries: int) -> NativeTest:
    """Humbug's search in C over ``table``; ``hands`` are the two hands in the general
    numbering."""
    assert _twohand_c is not None
    search = _twohand_c.TwoHand(table, hands[0], hands[1], trump, is_max[0], is_max[1],
                                max_entries)
    return search.test


def general_fits(hands: list[int]) -> bool:
    """True when the general search in C takes these hands (general numbering: 32 bits a
    suit): at most :data:`GENERAL_SEATS` of them, at most :data:`GENERAL_SUIT` cards a suit."""
    present = 0
    for h in hands:
        present |= h
    return len(hands) <= GENERAL_SEATS and all(
        ((present >> (32 * s)) & 0xFFFFFFFF).bit_count() <= GENERAL_SUIT for s in range(4))


def general_search(hands: list[int], trump: int, is_max: list[int],
                   max_entries: int) -> NativeTest:
    """The general search in C over these hands (which must :func:`fit <general_fits>`), with
    a table of its own."""
    assert _general_c is not None
    return _general_c.General(hands, is_max, trump, max_entries).test
