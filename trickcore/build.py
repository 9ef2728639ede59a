"""Which trickcore is running: its version, its build, its solver and the languages in it.

trickcore installs in three builds, which give the same results at different speeds:

``"compiled"``
    ``pip install .`` (or a wheel) where a C compiler exists: the engine's hot modules compiled
    by mypyc, and the three C files (the solver's two searches, the engine's hot path);
``"python+c"``
    the Python sources with the three C files built beside them: ``pip install -e .`` (an
    editable install) where a C compiler exists, and ``make check``'s ``build/native``;
``"pure"``
    Python alone: no compiler, ``TRICKCORE_PURE=1``, and the browser's wheel (whose solver is
    the same C core as WebAssembly, where the site was built with it).

:func:`build_info` says which one this process imported, and ``trickcore --version`` prints it.

>>> info = build_info()
>>> info.build in BUILDS, info.solver in ("native", "wasm", "python"), "Python" in info.languages
(True, True, True)
"""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from trickcore._version import __version__
from trickcore.i18n import _

__all__ = ["BUILDS", "BuildInfo", "build_info"]

#: The builds, fastest first.
BUILDS = ("compiled", "python+c", "pure")

#: The modules of the three C files, as setup.py names them.
C_MODULES = ("trickcore.solver._twohand_c", "trickcore.solver._general_c",
             "trickcore.engine._native_c")


class BuildInfo(NamedTuple):
    """What :func:`build_info` found.

    >>> BuildInfo("0.1.0", "pure", "python", "python", ("Python",), "3.11.7", False,
    ...           "/site/trickcore").describe()
    'trickcore 0.1.0: pure Python; solver: the Python search; engine: Python; Python 3.11.7; /site/trickcore'
    """

    version: str
    """trickcore's version."""
    build: str
    """One of :data:`BUILDS`: ``"compiled"`` (mypyc and C), ``"python+c"`` (the Python
    sources and the C files), ``"pure"`` (Python only)."""
    solver: str
    """The solver's searches: ``"native"`` (C), ``"wasm"`` (the C core as WebAssembly, in the
    browser) or ``"python"``; see :func:`trickcore.solver.native.backend`."""
    engine: str
    """The engine's hot path (bid, play, legal plays, the shuffle): ``"c"`` or ``"python"``."""
    languages: tuple[str, ...]
    """The languages of the code that runs: ``"Python"``, and ``"C"``, ``"mypyc"``,
    ``"WebAssembly"`` where present."""
    python: str
    """The Python version."""
    editable: bool
    """True for an editable install (``pip install -e .``): the sources in the checkout run."""
    location: str
    """The folder trickcore was imported from."""

    def describe(self) -> str:
        """The build in one line, as ``trickcore --version`` prints it."""
        kind = {"compiled": _("compiled (mypyc and C)"),
                "python+c": _("Python with the C cores"),
                "pure": _("pure Python")}[self.build]
        if self.editable:
            kind = _("editable, {kind}").format(kind=kind)
        solver = {"native": _("C"), "wasm": _("C as WebAssembly"),
                  "python": _("the Python search")}[self.solver]
        engine = _("C") if self.engine == "c" else _("Python")
        return _("trickcore {version}: {kind}; solver: {solver}; engine: {engine}; Python"
                 " {python}; {location}").format(
            version=self.version, kind=kind, solver=solver, engine=engine, python=self.python,
            location=self.location)


def _has(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _editable() -> bool:
    """True when the installed distribution says it is editable (PEP 660's direct_url.json)."""
    try:
        text = metadata.distribution("trickcore").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return False
    if not text:
        return False
    try:
        return bool(json.loads(text).get("dir_info", {}).get("editable", False))
    except (ValueError, AttributeError):
        return False


def build_info() -> BuildInfo:
    """Which trickcore this process runs: the version, the build, the solver's searches, the
    engine's hot path and the languages (see :class:`BuildInfo`).

    >>> import trickcore as tc
    >>> info = tc.build_info()
    >>> info.version == tc.__version__, info.build in tc.build.BUILDS
    (True, True)
    """
    from trickcore.engine import play, shuffle
    from trickcore.solver import native, wasm

    mypyc = Path(play.__file__ or "").suffix != ".py"
    c_files = [m for m in C_MODULES if _has(m)]
    engine = "c" if play._cards_of is not None and shuffle._NATIVE_SHUFFLE is not None else "python"
    build = "compiled" if mypyc else ("python+c" if c_files else "pure")
    languages = ["Python"]
    if c_files:
        languages.append("C")
    if mypyc:
        languages.append("mypyc")
    if wasm.solver() is not None:
        languages.append("WebAssembly")
    location = str(Path(sys.modules["trickcore"].__file__ or "").parent)
    import platform  # only here: importing it costs the live table's start in the browser

    return BuildInfo(__version__, build, native.backend(), engine, tuple(languages),
                     platform.python_version(), _editable(), location)
