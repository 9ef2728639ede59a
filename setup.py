"""Build trickcore: compiled with mypyc where a C compiler exists, pure Python otherwise.

``pip install .`` (and the wheel that ``python -m build`` makes) compiles the engine's hot
modules (``COMPILED`` below) with mypyc, and three C files (``NATIVE``), into a CPython wheel;
the rest of the package, and every module's ``.py`` source, ships as it is.  The install never
fails for want of a compiler: where mypyc is missing, its type check fails, there is no C
compiler, or a module fails to compile, the build prints one line saying so (``pip install -v``
shows it; pip hides a build's output otherwise) and installs the pure-Python package, which
behaves the same.

mypyc type-checks only the compiled modules and what they import, silently: the optional
extras' modules (numpy's batch simulator, the Dask runner, the widgets and plots) need not be
installed in the build's isolated environment.

``pip install -e .`` (an editable install) runs the Python files you edit, so mypyc compiles
nothing there (a compiled module beside its source would run instead of your edits); the three
C files (``NATIVE``: the solver's two searches and the engine's hot path, each a translation of
Python that stays the reference) are built all the same, beside their sources, so that an
editable install solves and deals at the compiled build's speed.  Each of them is optional
there: one that fails to compile (no compiler) leaves its Python twin to do the work, and one
line says so.  ``trickcore --version`` and :func:`trickcore.build_info` say what was built.
``TRICKCORE_PURE=1`` forces the pure build anywhere: the ``py3-none-any`` wheel that the book's
Pyodide runtime installs (``scripts/build_lite.py``), and the developers' ``.venv``, whose unit
suite is the pure reference (``make venv``).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
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
#: (trickcore/solver/core/twohand_core.c, a translation of twohand.py) and the general one
#: (core/general_core.c, of search.py's), plain C, each with its CPython binding
#: (trickcore/solver/_twohand.c, _general.c).  Where they fail to build, the compiled Python
#: searches do the same work (trickcore/solver/native.py chooses).  The same core also builds
#: as a WebAssembly module for the browser edition (scripts/build_wasm.py).
CORE_HEADERS = ["trickcore/solver/_native.h", "trickcore/solver/core/solver_core.h",
                "trickcore/solver/core/core_bits.h"]
NATIVE = [Extension(f"trickcore.solver.{name}_c",
                    [f"trickcore/solver/{name}.c", f"trickcore/solver/core/{name[1:]}_core.c"],
                    depends=CORE_HEADERS)
          for name in ("_twohand", "_general")]
NATIVE.append(Extension("trickcore.engine._native_c", ["trickcore/engine/_native.c"]))


def _pure() -> bool:
    return os.environ.get("TRICKCORE_PURE", "") not in ("", "0")


class Fallback(Exception):
    """The compiled build cannot be made here; the message says why."""


#: mypy's options for mypyc: check the compiled modules strictly (pyproject.toml's [tool.mypy])
#: and follow their imports silently, so that a module they do not import (numpy's, Dask's)
#: needs nothing installed.
MYPY_OPTIONS = ["--follow-imports=silent"]


def mypyc_extensions() -> list[Extension]:
    """The mypyc modules' extensions, or :class:`Fallback` saying why there are none."""
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        raise Fallback("mypyc is not installed") from error
    output = io.StringIO()  # mypy prints its errors; the first one goes in the one line
    try:
        with contextlib.redirect_stdout(output):
            return list(mypycify(MYPY_OPTIONS + COMPILED, opt_level="3",
                                 group_name="trickcore"))
    except (Exception, SystemExit) as error:  # mypyc exits (SystemExit) when its check fails
        errors = [line for line in output.getvalue().splitlines() if ": error:" in line]
        why = errors[0] if errors else (str(error) or type(error).__name__)
        more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
        raise Fallback(f"mypyc failed ({why}{more})") from error


class OptionalBuildExt(build_ext):
    """Build the compiled modules if possible; otherwise leave the pure-Python package.

    The extensions are all or nothing, except the solver's two C searches, which the compiled
    build can do without: any other failure removes whatever was built, so a build is compiled
    or pure, never half of each.
    """

    #: True when the C files are built alone, without mypyc (an editable install).
    c_files_alone = False

    def run(self) -> None:
        self.failed: list[tuple[str, str]] = []  # the C files alone: (module, why) of each
        try:
            super().run()
        except (Exception, SystemExit) as error:  # no compiler, or a compile error
            for ext in self.extensions:
                with contextlib.suppress(FileNotFoundError):
                    os.remove(self.get_ext_fullpath(ext.name))
            self.extensions[:] = []  # nothing to install or to list as built
            _warn(f"could not compile ({_one_line(error)}); installing pure Python")

    def build_extensions(self) -> None:
        super().build_extensions()
        if self.failed:  # one line for them all: no compiler fails each the same way
            names = ", ".join(name.rsplit(".", 1)[-1] for name, _why in self.failed)
            left = ("pure Python does their work" if len(self.failed) == len(NATIVE_NAMES)
                    else "their Python twins do the work")
            _warn(f"could not compile {names} ({self.failed[0][1]}); {left}")
            # not built: nothing to copy beside the sources, install or list
            self.extensions[:] = [e for e in self.extensions
                                  if e.name not in {name for name, _why in self.failed}]

    def build_extension(self, ext: Extension) -> None:
        # Without mypyc (an editable install) every C file is optional: its Python twin runs.
        alone = self.c_files_alone
        if ext.name not in OPTIONAL and not alone:
            super().build_extension(ext)
            return
        try:
            super().build_extension(ext)
        except (Exception, SystemExit) as error:
            if alone:
                self.failed.append((ext.name, _one_line(error)))
                return
            _warn(f"could not compile {ext.name} ({_one_line(error)}); "
                  "the compiled Python search does its work")


#: The solver's C searches: the compiled build works without them (trickcore/solver/native.py).
OPTIONAL = ("trickcore.solver._twohand_c", "trickcore.solver._general_c")
#: The hand-written C files' modules (built alone in an editable install).
NATIVE_NAMES = tuple(e.name for e in NATIVE)


def _one_line(error: BaseException) -> str:
    """The error in a few words: a failed compiler's name and exit code, not its command line."""
    text = (str(error).strip() or type(error).__name__).splitlines()[0]
    failed = re.match(r"Command '\[?'?([^',\]]+).* returned non-zero exit status (\d+)", text)
    if failed:  # a CalledProcessError, perhaps wrapped in a CompileError
        return f"{failed[1]} exited with status {failed[2]}"
    return text if len(text) <= 160 else text[:157] + "..."


def _warn(message: str) -> None:
    print(f"trickcore setup.py: {message}", file=sys.stderr)


#: The setup.py commands that build the package (``pip install .`` and ``python -m build`` run
#: bdist_wheel); the others (the metadata, the sdist) need no mypyc.
BUILDS = ("bdist_wheel", "build", "build_ext", "install")


def _ext_modules(argv: list[str]) -> list[Extension]:
    if _pure() or sys.implementation.name != "cpython":
        return []
    if "editable_wheel" in argv:
        # the C files only, beside their sources; the Python you edit is what runs around them
        OptionalBuildExt.c_files_alone = True
        return list(NATIVE)
    if not any(command in argv for command in BUILDS):
        return list(NATIVE)  # their sources go in the sdist
    try:
        return mypyc_extensions() + NATIVE
    except Fallback as reason:
        _warn(f"{reason}; installing pure Python")
        return []


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=_ext_modules(sys.argv[1:]), cmdclass={"build_ext": OptionalBuildExt})
