"""Pyodide's side of the WebAssembly solver, played by Node.js (for tests/solver/test_wasm.py).

:class:`NodeSolver` stands for the shim's solver object that :func:`trickcore.solver.wasm.solver`
returns under Pyodide: its methods (``general``, ``table``, ``twoHand``, and on what they return
``testArray``, ``count``, ``entries``...) are forwarded to ``wasm_node.js``, which runs the real
shim over the real module in Node.js.  The Python bridge (:mod:`trickcore.solver.wasm`) then runs
unchanged, as it does in the browser.
"""

from __future__ import annotations

import gc
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from trickcore.solver import wasm

HERE = Path(__file__).resolve().parent
#: the checkout's package (the module and the shim are taken from the checkout, whichever build
#: of trickcore the tests run on: build/compiled may predate the last build of the module)
PACKAGE = HERE.parent.parent / "trickcore" / "solver"
BUILT = HERE.parent.parent / "build" / "wasm" / wasm.WASM


def node() -> str | None:
    """Node.js, if installed."""
    return shutil.which("node") or shutil.which("nodejs")


def module_path() -> Path:
    """The module scripts/build_wasm.py built (build/wasm/, else its copy in the package)."""
    return BUILT if BUILT.is_file() else PACKAGE / wasm.WASM


class _JsArray(list[Any]):
    """A JS array as Pyodide returns it (``to_py()`` gives the list)."""

    def to_py(self) -> list[Any]:
        return list(self)


class _Proxy:
    def __init__(self, solver: NodeSolver, handle: int) -> None:
        self._solver = solver
        self.handle_id = handle

    def __getattr__(self, method: str) -> Any:
        def call(*args: Any) -> Any:
            value = self._solver.send({"op": "call", "handle": self.handle_id, "method": method,
                                       "args": args})
            return _JsArray(value) if isinstance(value, list) else value
        return call


class NodeSolver:
    """The shim's solver, in a Node.js process (see the module docstring)."""

    def __init__(self) -> None:
        command = [node() or "node", str(HERE / "wasm_node.js"), str(PACKAGE / wasm.SHIM),
                   str(module_path())]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        self.calls = 0

    def send(self, message: dict[str, Any]) -> Any:
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        if self._process.stdin.closed:  # a search freed after the end: Node.js freed it all
            return None
        args = [{"handle": a.handle_id} if isinstance(a, _Proxy) else a
                for a in message.get("args", ())]
        self._process.stdin.write(json.dumps({**message, "args": args}) + "\n")
        line = self._process.stdout.readline()
        self.calls += 1
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply["value"]

    def _make(self, op: str, *args: Any) -> _Proxy:
        return _Proxy(self, self.send({"op": op, "args": list(args)}))

    def general(self, *args: Any) -> _Proxy:
        return self._make("general", *args)

    def table(self) -> _Proxy:
        return self._make("table")

    def twoHand(self, *args: Any) -> _Proxy:
        return self._make("twoHand", *args)

    def close(self) -> None:
        gc.collect()  # the searches still around are freed first
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._process.stdin.close()
        self._process.wait(timeout=10)
        self._process.stdout.close()
