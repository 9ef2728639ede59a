"""Prepare lite/ so the book's JupyterLite site runs the card demos with no network.

``make book`` runs this after ``npm ci`` and before ``jupyter-book build``; jupyterlite-sphinx
then runs ``jupyter lite build --lite-dir lite`` at the end of the book build.  This script writes
two generated folders (both gitignored):

``lite/static/pyodide/``
    The Pyodide runtime.  A ``static/pyodide`` folder in the lite dir is a "well-known path" for
    jupyterlite-pyodide-kernel: the build copies it and points the kernel at it instead of the
    Pyodide CDN.  It holds the core from npm (``node_modules/pyodide``: ``pyodide.mjs``, the
    WebAssembly, the standard library), the pure-Python wheels the kernel needs at the versions
    the core's ``pyodide-lock.json`` names (micropip, IPython and its dependencies...; from
    PyPI), and a ``pyodide-lock.json`` rewritten so that those wheels are served from here with
    their real sha256.  Every other package of the lock (numpy, matplotlib... compiled for
    WebAssembly, which no registry reachable here has) keeps an absolute address on Pyodide's
    own site: a reader who is online can still ``import matplotlib``; offline only those fail.

``lite/wheels/``
    What piplite installs in the browser (``PipliteAddon.piplite_urls`` in
    ``lite/jupyter_lite_config.json``): the ``trickcore`` wheel built from this checkout (with the
    solver's C core as WebAssembly and its shim as package data, built first by
    ``scripts/build_wasm.py``, which needs Debian's clang: ``make wasm`` installs it, and
    without it this script stops with one line saying so), and
    ipywidgets, comm and jupyterlab_widgets at the versions installed in this venv (so the
    widget JavaScript bundled into the lite site matches the Python side).

Every pure wheel in both folders gets the site's Python's bytecode beside its sources
(``scripts/pyc_wheels.mjs``, run by node in the Pyodide of ``node_modules``): the browser then
imports ipywidgets and trickcore without compiling them, about a third of a second less on every
start (the wheels grow by about 1.1 MB over the wire, once).

Downloads are kept between runs: a wheel already there with the right name is not fetched again.
Run it from anywhere: ``python scripts/build_lite.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "node_modules" / "pyodide"
LITE = ROOT / "lite"
PYODIDE = LITE / "static" / "pyodide"
WHEELS = LITE / "wheels"

#: The Pyodide core files the kernel loads (the rest of the npm package is docs and typings).
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide.js", "package.json")
#: What the Pyodide kernel imports at start-up (piplite needs micropip); their dependencies
#: inside the lock are added.
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "traitlets", "packaging")
#: The widget stack piplite installs next to trickcore (widgetsnbextension and ipykernel are
#: shims that ship with jupyterlite-pyodide-kernel).
WIDGET_WHEELS = ("ipywidgets", "comm", "jupyterlab_widgets")
PURE = "-none-any.whl"


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pip_download(requirement: str, dest: Path, python_version: str | None = None) -> None:
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--only-binary=:all:", "--dest", str(dest), requirement]
    if python_version:
        command[4:4] = ["--python-version", python_version]
    subprocess.run(command, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_runtime() -> None:
    if not (CORE / "pyodide-lock.json").is_file():
        sys.exit("build_lite: node_modules/pyodide is missing: run `npm ci` first")
    PYODIDE.mkdir(parents=True, exist_ok=True)
    for name in CORE_FILES:
        target = PYODIDE / name
        if not target.exists() or target.stat().st_size != (CORE / name).stat().st_size:
            shutil.copy2(CORE / name, target)
    lock = json.loads((CORE / "pyodide-lock.json").read_text(encoding="utf-8"))
    core_version = json.loads((CORE / "package.json").read_text(encoding="utf-8"))["version"]
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if core_version != PYODIDE_VERSION:
        sys.exit(f"build_lite: npm has pyodide {core_version}, but jupyterlite-pyodide-kernel"
                 f" {version('jupyterlite-pyodide-kernel')} expects {PYODIDE_VERSION}: pin"
                 f" pyodide@{PYODIDE_VERSION} in package.json")
    python = ".".join(lock["info"]["python"].split(".")[:2])
    packages = lock["packages"]
    wanted: set[str] = set()
    todo = list(KERNEL_NEEDS)
    while todo:
        name = normal(todo.pop())
        if name not in wanted:
            wanted.add(name)
            todo.extend(packages[name]["depends"])
    local = {}
    for name in sorted(wanted):
        entry = packages[name]
        if not entry["file_name"].endswith(PURE):
            sys.exit(f"build_lite: {name} is not a pure-Python wheel in the Pyodide lock")
        wheel = PYODIDE / entry["file_name"]
        if not wheel.exists():
            # These versions may need a newer Python than this venv's: ask for the lock's.
            pip_download(f"{entry['name']}=={entry['version']}", PYODIDE, python)
        if not wheel.exists():
            sys.exit(f"build_lite: PyPI gave no {entry['file_name']}")
    precompile(PYODIDE / packages[name]["file_name"] for name in sorted(wanted))
    for name in sorted(wanted):
        local[name] = {**packages[name], "sha256": sha256(PYODIDE / packages[name]["file_name"])}
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{core_version}/full/"
    for name, entry in packages.items():
        if name not in local:  # compiled for WebAssembly: only Pyodide's own site has it
            local[name] = {**entry, "file_name": cdn + entry["file_name"]}
    lock["packages"] = local
    (PYODIDE / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    keep = set(CORE_FILES) | {"pyodide-lock.json"} | {packages[n]["file_name"] for n in wanted}
    for stale in PYODIDE.iterdir():
        if stale.name not in keep:
            stale.unlink()
    print(f"build_lite: Pyodide {core_version} (Python {python}) with {len(wanted)} local wheels;"
          f" {len(packages) - len(wanted)} packages left to Pyodide's site")


def pure_wheel(tmp: Path) -> Path:
    """The ``py3-none-any`` trickcore wheel, built in ``tmp`` from a copy of the sources.

    Built from the checkout itself, setuptools would write its scratch folders (``build/lib``,
    ``trickcore.egg-info``) into the checkout, where ``make compiled`` builds and
    ``make unit-tests-compiled`` runs in ``build/`` at the same time during ``make test``; a copy
    keeps the two builds apart, and leaves the checkout as it was.
    """
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "trickcore", source / "trickcore",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet",
                    "--disable-pip-version-check", "--no-deps", "--wheel-dir", str(tmp),
                    str(source)],
                   check=True, env={**os.environ, "TRICKCORE_PURE": "1"})
    (built,) = tmp.glob("trickcore-*.whl")
    return built


def piplite_wheels() -> None:
    WHEELS.mkdir(parents=True, exist_ok=True)
    keep = set()
    for name in WIDGET_WHEELS:
        pinned = version(name)
        found = [w for w in WHEELS.glob("*.whl")
                 if normal(w.name.split("-")[0]) == normal(name)
                 and w.name.split("-")[1] == pinned]
        if not found:
            pip_download(f"{name}=={pinned}", WHEELS)
            found = [w for w in WHEELS.glob("*.whl")
                     if normal(w.name.split("-")[0]) == normal(name)
                     and w.name.split("-")[1] == pinned]
        keep.update(w.name for w in found)
    # the solver's C core as WebAssembly, package data of the wheel (scripts/build_wasm.py
    # --require: without clang it stops with one line naming the packages, rather than build a
    # live edition on the Python search; make wasm, which make book runs first, installs them)
    if subprocess.run([sys.executable, str(ROOT / "scripts" / "build_wasm.py"),
                       "--require"]).returncode:
        raise SystemExit("build_lite: the solver's WebAssembly module did not build (make wasm)")
    with tempfile.TemporaryDirectory() as tmp:
        built = pure_wheel(Path(tmp))
        shutil.copy2(built, WHEELS / built.name)
        keep.add(built.name)
    for stale in WHEELS.iterdir():
        if stale.name not in keep:
            stale.unlink()
    precompile(WHEELS / name for name in sorted(keep))
    print("build_lite: lite/wheels/ holds " + ", ".join(sorted(keep)))


def precompile(wheels: Iterable[Path]) -> None:
    """Add the site's Python's bytecode to ``wheels``, in place (scripts/pyc_wheels.mjs, run
    by node in the Pyodide of node_modules): the browser then imports them without compiling."""
    try:
        subprocess.run(["node", str(ROOT / "scripts" / "pyc_wheels.mjs"), *map(str, wheels)],
                       check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        # The site still works from the sources, only slower to start (and
        # tests/browser/test_lite_wheels.py says so).
        print(f"build_lite: the wheels stay without bytecode: {error}", file=sys.stderr)


def main() -> None:
    pyodide_runtime()
    piplite_wheels()
    size = sum(f.stat().st_size for d in (PYODIDE, WHEELS) for f in d.rglob("*") if f.is_file())
    print(f"build_lite: lite/static and lite/wheels hold {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
