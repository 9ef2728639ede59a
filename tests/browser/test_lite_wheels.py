"""The wheels the live demos and JupyterLite load come with the site's Python's bytecode.

``scripts/build_lite.py`` precompiles every pure wheel the site serves (scripts/pyc_wheels.mjs,
run in the Pyodide of node_modules), so that the browser imports ipywidgets and trickcore
without compiling them.  Checked on the built site: every module of each wheel has its
``__pycache__/<name>.<tag>.pyc`` in the "unchecked hash" form, for the Python that the site's
``pyodide-lock.json`` names, and the wheel's RECORD lists every file it holds.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
PYODIDE = SITE / "lite" / "static" / "pyodide"


def cache_tag() -> str:
    """``cpython-314`` for the Python of the site's Pyodide."""
    python = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]["python"]
    major, minor = python.split(".")[:2]
    return f"cpython-{major}{minor}"


def served_wheels() -> list[Path]:
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())["packages"]
    local = [PYODIDE / e["file_name"] for e in lock.values() if "/" not in e["file_name"]]
    return sorted(local + list((SITE / "lite" / "pypi").glob("*.whl")))


def test_the_live_wheels_are_all_there() -> None:
    names = {wheel.name.split("-")[0] for wheel in served_wheels()}
    assert {"trickcore", "ipywidgets", "comm", "traitlets"} <= names


@pytest.mark.parametrize("wheel", served_wheels(), ids=lambda wheel: wheel.name.split("-")[0])
def test_every_module_has_its_bytecode(wheel: Path) -> None:
    tag = cache_tag()
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        listed = {line.split(",")[0] for line in archive.read(record).decode().splitlines()}
        modules = [name for name in names if name.endswith(".py")]
        missing = []
        for module in modules:
            folder, _, stem = module.rpartition("/")
            pyc = (folder + "/" if folder else "") + f"__pycache__/{stem[:-3]}.{tag}.pyc"
            if pyc not in names:
                missing.append(module)
                continue
            header = archive.read(pyc)[:8]
            assert int.from_bytes(header[4:8], "little") == 0b01, f"{pyc}: not unchecked-hash"
        # A module Python cannot compile (a template, a test fixture) has no bytecode: few.
        assert len(missing) <= len(modules) // 20, missing[:10]
        assert names - {record} <= listed, sorted(names - listed - {record})[:10]
