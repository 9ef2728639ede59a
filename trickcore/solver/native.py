"""Humbug's search in C, where the build has it (:mod:`trickcore.solver._twohand_c`).

``setup.py`` compiles ``_twohand.c`` beside the mypyc modules where a C compiler exists.  It is
a translation of :mod:`trickcore.solver.twohand`, which stays the reference and the pure-Python
build's search: both visit the same trick starts and keep the same table, so they give the same
answers, best leads and counts (``tests/test_solver_native.py``).  ``TRICKCORE_NATIVE=0`` in
the environment turns the C search off (to compare the two, or to rule the C search out).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the C table's type, from its stub (_twohand_c.pyi)
    from trickcore.solver._twohand_c import Table as NativeTable

__all__ = ["NativeTest", "available", "enabled", "new_table", "two_hand"]

try:
    from trickcore.solver import _twohand_c
except ImportError:  # the pure-Python build, Pyodide's included
    _twohand_c = None  # type: ignore[assignment]


def available() -> bool:
    """True when this build has the C search."""
    return _twohand_c is not None


def enabled() -> bool:
    """True when the C search is there and not turned off (``TRICKCORE_NATIVE=0``)."""
    return _twohand_c is not None and os.environ.get("TRICKCORE_NATIVE", "1") != "0"


def new_table() -> NativeTable:
    """An empty table for :func:`two_hand` (only where :func:`available`)."""
    assert _twohand_c is not None
    return _twohand_c.Table()


#: ``(owner, leader, played, need, first) -> made?``: the two-hand search's ``test``, with the
#: :class:`~trickcore.solver.numbering._Table` whose node count, budget and root leads it keeps
#: up to date passed in (the C search keeps no reference to it, so the two make no cycle and the
#: table's memory goes back as soon as the search is dropped)
NativeTest = Callable[[object, int, list[int], int, int], bool]


def two_hand(table: NativeTable, hands: list[int], trump: int, is_max: list[int],
             max_entries: int) -> NativeTest:
    """The C search's entry point over ``table``; ``hands`` are the two hands in the general
    numbering."""
    assert _twohand_c is not None
    search = _twohand_c.TwoHand(table, hands[0], hands[1], trump, is_max[0], is_max[1],
                                max_entries)
    return search.test
