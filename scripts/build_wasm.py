"""Build the solver's C core as a WebAssembly module for the browser edition.

The two searches' plain-C core (``trickcore/solver/core/``: ``general_core.c``,
``twohand_core.c``) and its WebAssembly binding (``core/solver_wasm.c``, whose functions are
exported by ``__attribute__((export_name(...)))``) are compiled with Debian's clang for
``wasm32-wasi`` as a reactor (a library: no ``main``, an ``_initialize`` export), linked by
``wasm-ld`` against the ``wasi-libc`` sysroot (``malloc``/``free``); no Emscripten.  The module
is written to ``build/wasm/trickcore_solver.wasm`` and copied into the package
(``trickcore/solver/trickcore_solver.wasm``, gitignored), where ``pyproject.toml``'s package data
takes it, with its shim ``trickcore/solver/solver_wasm.js``, into the pure wheel that
``scripts/build_lite.py`` builds for the site (:mod:`trickcore.solver.wasm` loads both under
Pyodide).

Debian's packages: ``clang lld wasi-libc libclang-rt-14-dev-wasm32`` (``make wasm`` installs
them, and ``make book`` runs ``make wasm`` first).  Where clang or the wasm32 sysroot is
missing, this prints one line saying so; with ``--require`` (what ``make wasm`` and
``scripts/build_lite.py`` pass) that is an error (exit 1) naming the packages to install, so no
live edition is built on the Python search without a word; without it, it exits 0.  Rebuilds
only when a source is newer than the module.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "trickcore" / "solver" / "core"
SOURCES = [CORE / "solver_wasm.c", CORE / "general_core.c", CORE / "twohand_core.c"]
HEADERS = [CORE / "solver_core.h", CORE / "core_bits.h"]
OUT = ROOT / "build" / "wasm" / "trickcore_solver.wasm"
PACKAGED = ROOT / "trickcore" / "solver" / "trickcore_solver.wasm"
FALLBACK = "the live edition will use the Python search"
PACKAGES = "clang lld wasi-libc libclang-rt-14-dev-wasm32"
REQUIRED = f"the live edition needs it: make wasm installs Debian's {PACKAGES}"


def clang() -> str | None:
    """The clang to build with (clang, else Debian's versioned clang-14...), or None."""
    for name in ("clang", "clang-14", "clang-15", "clang-16"):
        found = shutil.which(name)
        if found:
            return found
    return None


def command(cc: str, out: Path) -> list[str]:
    """The compile-and-link command line."""
    return [cc, "--target=wasm32-wasi", "-O3", "-mexec-model=reactor", "-std=c11",
            "-Wall", "-Wextra", "-Werror", f"-I{CORE}",
            "-Wl,--strip-all", "-o", str(out), *map(str, SOURCES)]


def _fresh() -> bool:
    if not OUT.exists() or not PACKAGED.exists():
        return False
    built = OUT.stat().st_mtime
    return all(p.stat().st_mtime <= built for p in SOURCES + HEADERS)


def _put(source: Path, destination: Path) -> None:
    """Copy ``source`` to ``destination`` in one step: the copy is written beside it and then
    renamed over it, so that a test or a build reading the module meanwhile (the gate runs the
    suites side by side, and an edition's build may rebuild the module while the compiled pass
    runs it in node) sees the old file or the new one, never half of one."""
    partial = destination.with_name(f".{destination.name}.{os.getpid()}.partial")
    shutil.copy2(source, partial)
    os.replace(partial, destination)


def build(require: bool = False) -> int:
    """Build (when stale) and copy into the package; the exit status."""
    cc = clang()
    if cc is None:
        print(f"build_wasm: no clang: {REQUIRED if require else FALLBACK}",
              file=sys.stderr if require else sys.stdout)
        return 1 if require else 0
    if _fresh():
        print(f"build_wasm: {OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / OUT.name
        done = subprocess.run(command(cc, target), capture_output=True, text=True)
        if done.returncode != 0:
            why = (done.stderr.strip().splitlines() or ["no output"])
            # a missing sysroot or runtime (wasi-libc, libclang-rt-*-dev-wasm32) is not an error
            missing = any(w in done.stderr for w in ("wasi", "crt1", "libclang_rt", "unable to find",
                                                     "not found", "No such file"))
            if missing and not any(": error:" in line and ".c:" in line for line in why):
                print(f"build_wasm: the wasm32 sysroot is missing ({why[0][:120]}): "
                      f"{REQUIRED if require else FALLBACK}",
                      file=sys.stderr if require else sys.stdout)
                return 1 if require else 0
            print("build_wasm: the C core did not build for WebAssembly:\n" + done.stderr,
                  file=sys.stderr)
            return 1
        _put(target, OUT)
    _put(OUT, PACKAGED)
    print(f"build_wasm: {OUT.relative_to(ROOT)} ({OUT.stat().st_size:,} bytes), "
          f"copied to {PACKAGED.relative_to(ROOT)}")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--require", action="store_true",
                        help="fail (exit 1) when clang or the wasm32 sysroot is missing")
    return build(parser.parse_args(argv).require)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
