"""The solver's C core as WebAssembly, for Pyodide (the browser edition and JupyterLite).

``scripts/build_wasm.py`` builds the searches' plain-C core (``trickcore/solver/core/``, the same
files as the CPython extensions') with Debian's ``clang --target=wasm32-wasi`` into
``trickcore_solver.wasm``, which ships in this package beside its JavaScript shim
``solver_wasm.js`` (package data: the pure wheel that ``scripts/build_lite.py`` builds for the
site carries both when they were built).  Under Pyodide (``sys.platform == "emscripten"``),
:func:`solver` evaluates the shim through Pyodide's ``js`` bridge and instantiates the module
synchronously (``WebAssembly.Module``/``Instance`` are synchronous in a Web Worker, where the live
table's Python and JupyterLite's kernels run).  Elsewhere, or when the files are missing or the
module does not load, :func:`solver` is ``None`` and :mod:`trickcore.solver.native` falls back to
the pure-Python search.

:class:`WasmSearch` gives the same ``test(owner, leader, played, need, first)`` as the CPython
extensions (a :data:`~trickcore.solver.native.NativeTest`): the owner's count of trick starts,
root leads and budget (node limit, timeout) are kept the same way.  The core stops at the
owner's node limit or deadline itself (no call back into Python during a search); the owner's
``budget()`` then raises :class:`~trickcore.errors.BudgetExceededError` as the Python search's
does.
"""

from __future__ import annotations

import importlib
import sys
import time
from importlib import resources
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from trickcore.solver.numbering import _Table

__all__ = ["SHIM", "WASM", "WasmSearch", "WasmTable", "packaged", "solver", "to16", "to32"]

#: the module and its shim, package data of ``trickcore.solver``
WASM = "trickcore_solver.wasm"
SHIM = "solver_wasm.js"

#: the core's statuses (solver_core.h)
_NOMEM = 3
_BADARG = 4
#: tc_run.root_leads for a leader the test found no root lead for
_NO_LEAD = -2
#: no node limit
_NO_LIMIT = 1 << 62

_loaded: list[Any] = []  # [the shim's solver] once loaded, [None] when it cannot be


def to16(p: int) -> int:
    """A card position of the Python searches' numbering (32 bits a suit) in the core's (16)."""
    return ((p >> 5) << 4) | (p & 31)


def to32(p: int) -> int:
    """A card position of the core's numbering in the Python searches' (-1 stays -1)."""
    return -1 if p < 0 else ((p >> 4) << 5) | (p & 15)


def hand16(mask: int) -> int:
    """A hand of the Python numbering in the core's (each suit's cards are its lowest bits)."""
    out = 0
    for suit in range(4):
        out |= ((mask >> (32 * suit)) & 0xFFFF) << (16 * suit)
    return out


def packaged() -> bool:
    """True when this installation carries the module and its shim."""
    here = resources.files("trickcore.solver")
    return here.joinpath(WASM).is_file() and here.joinpath(SHIM).is_file()


def solver() -> Any | None:
    """The shim's solver over the instantiated module (Pyodide only), or ``None``."""
    if not _loaded:
        _loaded.append(_load())
    return _loaded[0]


def _load() -> Any | None:
    if sys.platform != "emscripten" or not packaged():
        return None
    try:  # Pyodide's modules, imported by name (they exist only there)
        run_js = importlib.import_module("pyodide.code").run_js
        to_js = importlib.import_module("pyodide.ffi").to_js
        here = resources.files("trickcore.solver")
        api = run_js(here.joinpath(SHIM).read_text(encoding="utf-8"))
        return api.create(to_js(here.joinpath(WASM).read_bytes()))
    except Exception:  # no WebAssembly here, or a broken file: the Python search does the work
        return None


class WasmTable:
    """The two-hand search's table in the module's memory (the C extension's ``Table``)."""

    def __init__(self, api: Any) -> None:
        self._table = api.table()

    @property
    def handle(self) -> Any:
        """The shim's table."""
        return self._table

    def __len__(self) -> int:
        return int(self._table.count())

    def clear(self) -> None:
        """Forget every entry."""
        self._table.clear()

    def __del__(self) -> None:
        self._table.free()


class WasmSearch:
    """One of the core's searches in the module (see the module docstring)."""

    def __init__(self, handle: Any, keep: WasmTable | None = None) -> None:
        self._handle = handle
        self._keep = keep  # the table a two-hand search reads outlives it

    @classmethod
    def general(cls, api: Any, hands: list[int], trump: int, is_max: list[int],
                max_entries: int, counts: list[int] | None = None) -> WasmSearch:
        """The general search over these hands (general numbering); ``counts``: the seats
        whose tricks count, where they are not the maximisers (the fewest mode)."""
        if counts is None:
            return cls(api.general([str(hand16(h)) for h in hands], list(is_max), trump,
                                   str(max_entries)))
        return cls(api.general([str(hand16(h)) for h in hands], list(is_max), trump,
                               str(max_entries), list(counts)))

    @classmethod
    def two_hand(cls, api: Any, table: WasmTable, hands: list[int], trump: int,
                 is_max: list[int], max_entries: int) -> WasmSearch:
        """Humbug's search over ``table``."""
        return cls(api.twoHand(table.handle, str(hand16(hands[0])), str(hand16(hands[1])),
                               trump, is_max[0], is_max[1], str(max_entries)), table)

    def test(self, owner: object, leader: int, played: list[int], need: int, first: int) -> bool:
        """Can the side make ``need`` tricks?  ``owner``'s count, root leads and budget kept as
        the Python search keeps them."""
        table = cast("_Table", owner)
        cards = [to16(p) for p in played]
        card = to16(first) if first >= 0 else -1
        while True:
            limit = table.max_nodes if table.max_nodes is not None else _NO_LIMIT
            ms = 0.0
            if table.deadline is not None:
                ms = (table.deadline - time.monotonic()) * 1000
                if ms <= 0:
                    table.budget()  # raises: the time is up
                    ms = 0.001
            out = self._handle.testArray(leader, cards, need, card, table.counter[0], str(limit),
                                         ms).to_py()
            table.counter[0] = int(out[2])
            for seat, lead in enumerate(out[3:]):
                if lead != _NO_LEAD:
                    table.root_leads[seat] = to32(int(lead))
            if out[0] >= 0:
                return bool(out[0] == 1)
            if out[1] == _NOMEM:
                raise MemoryError("the WebAssembly search ran out of memory")
            if out[1] == _BADARG:
                raise ValueError("a trick start out of range")
            table.budget()  # the limit or the time: raises BudgetExceededError
            # (the two clocks disagreed by a hair: search again, the table kept)

    def reroot(self, hands: list[int]) -> None:
        """New root hands for the general search (general numbering), its table kept."""
        self._handle.reroot([str(hand16(h)) for h in hands])

    def entries(self) -> int:
        """Entries in the general search's table."""
        return int(self._handle.entries())

    def __del__(self) -> None:
        self._handle.free()
