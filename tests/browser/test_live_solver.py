"""The live table says which search its exact analysis runs on.

The worker's Pyodide has no C extension: the solver runs on its C core as WebAssembly where the
site's trickcore wheel carries it (``scripts/build_wasm.py``, taken in by
``scripts/build_lite.py``), and on the Python search otherwise; the live table's root carries
``data-solver`` (``wasm``, ``native`` or ``python``) once the runtime is ready.  The page's URL
with ``?live-solver=python`` forces the Python search.
"""

from __future__ import annotations

import zipfile
from typing import Any

import pytest
from conftest import SITE
from test_live_table import LIVE_TIMEOUT, PAGE

pytestmark = pytest.mark.browser


def _wheel_has_wasm() -> bool:
    wheels = sorted((SITE / "lite" / "pypi").glob("trickcore-*.whl"))
    if not wheels:
        return False
    with zipfile.ZipFile(wheels[-1]) as wheel:
        names = set(wheel.namelist())
    return {"trickcore/solver/trickcore_solver.wasm", "trickcore/solver/solver_wasm.js"} <= names


def _solver_of(page: Any, url: str) -> str:
    page.goto(url, wait_until="load")
    live = page.locator(".tt-live-table[data-live-demo='play_demo']")
    live.get_by_role("button", name="Play it live").click()
    live.and_(page.locator("[data-live-state='ready']")).wait_for(timeout=LIVE_TIMEOUT)
    solver: str = live.get_attribute("data-solver") or ""
    return solver


def test_the_live_table_names_its_solver(page: Any, site_url: str) -> None:
    expected = "wasm" if _wheel_has_wasm() else "python"
    assert _solver_of(page, site_url + PAGE) == expected
    assert _solver_of(page, site_url + PAGE + "?live-solver=python") == "python"
