"""The solver's searches in C, where the build or the browser has them.

The searches of :mod:`trickcore.solver.search` (the general one: any number of seats up to seven,
at most 15 cards of a suit) and :mod:`trickcore.solver.twohand` (Humbug's) are written once more
in plain C, in ``trickcore/solver/core/`` (``general_core.c``, ``twohand_core.c``,
``solver_core.h``), which runs in two ways:

- ``"native"``: the CPython extensions ``_general_c`` and ``_twohand_c`` (thin bindings,
  ``_general.c`` and ``_twohand.c``), which ``setup.py`` compiles beside the mypyc modules where
  a C compiler exists;
- ``"wasm"``: under Pyodide (the browser edition, JupyterLite), the same core built as a
  WebAssembly module by ``scripts/build_wasm.py``, called through its JavaScript shim
  (:mod:`trickcore.solver.wasm`).

:func:`backend` says which one this process uses (``"python"``: neither, the pure-Python search).
The Python searches stay the reference and the fallback: each C search visits the same trick
starts in the same order and keeps the same table, so all give the same answers, best cards and
counts (``tests/solver/test_native.py``; ``tests/solver/test_wasm.py`` runs the WebAssembly
module under Node.js).  ``TRICKCORE_NATIVE=0`` in the environment turns the C searches off (to
compare, or to rule the C out), and :func:`force_python` does the same at run time (under Pyodide,
where there is no environment to set); ``TRICKCORE_NATIVE=wasm`` prefers the WebAssembly module
where one is loaded.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Literal, Protocol

import trickcore.solver.wasm as wasm

__all__ = ["Backend", "NativeTable", "NativeTest", "available", "backend", "enabled",
           "force_python", "general_fits", "general_reroot", "general_search", "new_table",
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
GENERAL_SEATS = 7
GENERAL_SUIT = 15

#: which searches run: the CPython extensions, the WebAssembly module, or the Python searches
Backend = Literal["wasm", "native", "python"]

_forced: list[bool] = [False]


class NativeTable(Protocol):
    """The two-hand search's table in C (the extension's ``Table``, or the WebAssembly
    module's :class:`~trickcore.solver.wasm.WasmTable`)."""

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


def available() -> bool:
    """True when this build has the C searches (the CPython extensions)."""
    return _twohand_c is not None and _general_c is not None


def force_python(on: bool = True) -> None:
    """Use the Python searches from now on (``on``), or whatever :func:`backend` finds."""
    _forced[0] = on


def backend() -> Backend:
    """The searches this process runs: ``"native"`` (the C extensions), ``"wasm"`` (the
    WebAssembly module, under Pyodide) or ``"python"`` (none of them, or turned off by
    ``TRICKCORE_NATIVE=0`` or :func:`force_python`)."""
    setting = os.environ.get("TRICKCORE_NATIVE", "1")
    if _forced[0] or setting == "0":
        return "python"
    if setting == "wasm":  # the WebAssembly module even beside the extensions (the tests)
        return "wasm" if wasm.solver() is not None else "python"
    if available():
        return "native"
    if wasm.solver() is not None:
        return "wasm"
    return "python"


def enabled() -> bool:
    """True when a C search runs (:func:`backend` is not ``"python"``)."""
    return backend() != "python"


def new_table() -> NativeTable:
    """An empty table for :func:`two_hand` (only where :func:`enabled`)."""
    if backend() == "wasm":
        return wasm.WasmTable(wasm.solver())
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
    if isinstance(table, wasm.WasmTable):
        return wasm.WasmSearch.two_hand(wasm.solver(), table, hands, trump, is_max,
                                        max_entries).test
    assert _twohand_c is not None
    assert isinstance(table, _twohand_c.Table)
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


def general_search(hands: list[int], trump: int, is_max: list[int], max_entries: int,
                   counts: list[int] | None = None) -> NativeTest:
    """The general search in C over these hands (which must :func:`fit <general_fits>`), with
    a table of its own; ``counts``: the seats whose tricks count, where they are not the
    maximisers (the fewest mode, see :class:`~trickcore.solver.numbering._Compiled`)."""
    if counts == is_max:
        counts = None  # the usual search, as every backend had it before the fewest mode
    if backend() == "wasm":
        return wasm.WasmSearch.general(wasm.solver(), hands, trump, is_max, max_entries,
                                       counts).test
    assert _general_c is not None
    if counts is None:
        return _general_c.General(hands, is_max, trump, max_entries).test
    return _general_c.General(hands, is_max, trump, max_entries, counts).test


def general_reroot(test: NativeTest, hands: list[int]) -> None:
    """Move the general search in C whose ``test`` this is to new root hands (the same seats;
    general numbering), keeping its table (see ``trickcore.solver.search._Search.reroot``)."""
    search = getattr(test, "__self__", None)
    if isinstance(search, wasm.WasmSearch):
        search.reroot(hands)
        return
    assert _general_c is not None
    assert isinstance(search, _general_c.General)
    search.reroot(hands)
