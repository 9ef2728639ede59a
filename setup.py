"""Build trickcore: compiled with mypyc where a C compiler exists, pure Python otherwise.

``pip install .`` compiles the engine's hot modules (``COMPILED`` below) with mypyc into a CPython
wheel; the rest of the package, and every module's ``.py`` source, ships as it is.  Where mypyc or
a C compiler is missing, or a module fails to compile, the build says so and falls back to the
pure-Python package, which behaves the same.  ``TRICKCORE_PURE=1`` forces the pure build: the
``py3-none-any`` wheel that the book's Pyodide runtime installs (``scripts/build_lite.py``) and
the editable install of ``make venv``, whose doctests read the sources.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The engine's parts on the hot path of a deal (the bids, the legal plays, the play, the trick),
#: the trick's winner (cards/winner.py, which TrumpContext.winner_index calls), the shuffle
#: and deal of deal_cards (engine/shuffle.py) and the state's storage (engine/core.py); and the
#: solver's searches (solver/numbering.py, search.py, and Humbug's twohand.py, whose hands and
#: table keys fit in machine words).
#: The public classes (HandState, Deal, Card, TrumpContext) stay interpreted: compiled code
#: drops docstrings, which ``help()`` shows.  A compiled class's subclasses must be compiled too
#: (Auction is a Bidding, ContractPlay a TrickPlay), except StateCore's, which allows
#: interpreted ones (DealView, HandState: the documented API over compiled storage).
COMPILED = [
    "trickcore/cards/winner.py",
    "trickcore/engine/core.py",
    "trickcore/engine/bidding.py",
    "trickcore/engine/auction.py",
    "trickcore/engine/play.py",
    "trickcore/engine/contract_play.py",
    "trickcore/engine/shuffle.py",
    "trickcore/engine/assembly.py",
    "trickcore/solver/numbering.py",
    "trickcore/solver/search.py",
    "trickcore/solver/twohand.py",
]

#: The solver's searches written in C, built with the mypyc modules: Humbug's two-hand search
#: (trickcore/solver/_twohand.c, a translation of twohand.py) and the general one (_general.c,
#: of search.py's).  Where they fail to build, the compiled Python searches do the same work
#: (trickcore/solver/native.py chooses).
NATIVE = [Extension(f"trickcore.solver.{name}_c", [f"trickcore/solver/{name}.c"],
                    depends=["trickcore/solver/_native.h"])
          for name in ("_twohand", "_general")]
NATIVE.append(Extension("trickcore.engine._native_c", ["trickcore/engine/_native.c"]))


def _pure() -> bool:
    return os.environ.get("TRICKCORE_PURE", "") not in ("", "0")


class OptionalBuildExt(build_ext):
    """Build the compiled modules if possible; otherwise leave the pure-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, or a compile error: the sources still work
            _warn(f"could not compile ({error}); installing pure Python")

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as error:
            _warn(f"could not compile {getattr(ext, 'name', ext)} ({error}); using pure Python")


def _warn(message: str) -> None:
    print(f"trickcore setup.py: {message}", file=sys.stderr)


def _ext_modules() -> list[object]:
    if _pure() or sys.implementation.name != "cpython":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed; installing pure Python")
        return []
    try:
        modules = list(mypycify(COMPILED, opt_level="3", group_name="trickcore"))
    except Exception as error:
        _warn(f"mypyc failed ({error}); installing pure Python")
        return []
    return modules + NATIVE


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
