"""Build the C twins alone, fast, for ``make check``: the pure sources beside the three C files.

``setup.py`` compiles two kinds of code where a C compiler exists: the mypyc modules
(``COMPILED``, about a minute and a half of compiling) and three hand-written C files (``NATIVE``:
the solver's two searches, ``_twohand.c`` and ``_general.c``, and the engine's hot path,
``engine/_native.c``), each a translation of Python that stays the reference.  The tests that
compare a C file with its Python (marker ``native``) need only the second kind, which compiles in
seconds.  This script copies the package's sources into ``OUT/trickcore`` (default
``build/native``) and builds the three C files into it with setuptools' ``build_ext``, which
recompiles a file only when it or ``_native.h`` changed (its objects stay in ``OUT/.ext``).

``make check`` then runs ``pytest tests -m native`` with ``PYTHONPATH=build/native`` and
``TRICKCORE_BUILD=native`` (``tests/install/test_builds.py`` checks that this run has the C and only
the C).  ``make test`` compares them again in the whole compiled build (``make
unit-tests-compiled``).  Exits 1, saying why, when a C file does not compile; with no C compiler
it copies the sources alone, and the tests of the C skip, saying so.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import sysconfig
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trickcore_setup", ROOT / "setup.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def build(out: Path) -> list[Path]:
    """Copy the sources into ``out`` and build the C files there; the extensions' paths."""
    from setuptools import Distribution

    extensions = _setup_module().NATIVE
    dist = Distribution({"name": "trickcore", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(out / ".ext")
    command.build_temp = str(out / ".ext" / "temp")
    command.ensure_finalized()
    command.run()
    package = out / "trickcore"
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(ROOT / "trickcore", package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    built = []
    for extension in extensions:
        source = Path(command.get_ext_fullpath(extension.name))
        target = out / source.relative_to(out / ".ext")
        shutil.copy2(source, target)
        built.append(target)
    return built


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "native"
    start = time.perf_counter()
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:  # the tests of the C say so and skip (as setup.py falls back)
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(ROOT / "trickcore", out / "trickcore",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        print(f"build_native: no C compiler ({compiler}): the sources alone in {out}")
        return 0
    try:
        built = build(out.resolve())
    except Exception as error:  # a compile error (CompileError), or no compiler
        print(f"build_native: the C files did not build: {error}", file=sys.stderr)
        return 1
    names = ", ".join(path.name.split(".")[0] for path in built)
    print(f"build_native: {names} in {out} ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
