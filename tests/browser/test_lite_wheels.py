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
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "_build" / "html"
PYODIDE = SITE / "lite" / "static" / "pyodide"


def lock() -> dict[str, Any]:
    """The site's pyodide-lock.json (the test is skipped when the book is not built)."""
    path = PYODIDE / "pyodide-lock.json"
    if not path.is_file():
        pytest.skip("the book is not built (no lite/static/pyodide/): run `make book` first")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def served_wheels() -> list[Path]:
    local = [PYODIDE / e["file_name"] for e in lock()["packages"].values()
             if "/" not in e["file_name"]]
    return sorted(local + list((SITE / "lite" / "pypi").glob("*.whl")))


def test_the_live_wheels_are_all_there() -> None:
    names = {wheel.name.split("-")[0] for wheel in served_wheels()}
    assert {"trickcore", "ipywidgets", "comm", "traitlets"} <= names


def test_every_module_has_its_bytecode() -> None:
    major, minor = lock()["info"]["python"].split(".")[:2]
    tag = f"cpython-{major}{minor}"
    for wheel in served_wheels():
        check_wheel(wheel, tag)


def check_wheel(wheel: Path, tag: str) -> None:
    """Every module of ``wheel`` has its unchecked-hash bytecode for ``tag``; RECORD lists every
    file."""
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
        assert len(missing) <= len(modules) // 20, (wheel.name, missing[:10])
        assert names - {record} <= listed, (wheel.name, sorted(names - listed - {record})[:10])
