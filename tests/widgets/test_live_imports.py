"""The live table's start in the browser imports only what it uses.

In the page's Pyodide every module imported before the table is playable is time the reader
waits (profiled there: ``xml.sax.saxutils`` brought ``urllib.request``, ``http.client`` and the
e-mail package, a fifth of a second; ``statistics``, ``difflib`` and ``platform`` tens of
milliseconds each).  The start is replayed here as the page runs it, without IPython (the page
has only the stand-in), in a fresh interpreter, and the heavy modules must not be among those
imported.  Where a module is needed later (a study's statistics, a suggestion for a mistyped
name) it is imported there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.pure_only  # the same imports in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]

#: Modules the table's start must not import (what each cost is in the module's account).
HEAVY = ("xml.sax", "urllib.request", "http.client", "statistics", "difflib")

START = """
import importlib.abc, importlib.util, json, sys

class NoIPython(importlib.abc.MetaPathFinder):  # the page's Pyodide has no IPython
    def find_spec(self, name, path=None, target=None):
        if name == "IPython" or name.startswith("IPython."):
            raise ModuleNotFoundError(name)
        return None

sys.meta_path.insert(0, NoIPython())
_find = importlib.util.find_spec
importlib.util.find_spec = lambda name, *rest: None if name == "IPython" else _find(name, *rest)

import trickcore.widgets.page_runner as runner  # as scripts/live_table.js runs it
assert runner.install_ipython_stand_in()
runner.install(lambda kind, text, buffers: None)
runner.prepare(["play_demo"])
runner.start("play_demo", json.dumps({"variant": "oh-hell", "players": 4, "seed": 2718, "deal": 5}))
print(json.dumps(sorted(sys.modules)))
"""


def test_the_table_starts_without_the_heavy_modules() -> None:
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True,
                          cwd=ROOT, check=True, timeout=120)
    imported = set(json.loads(done.stdout.splitlines()[-1]))
    assert "trickcore.widgets.hand_view" in imported  # the demo really was built
    assert not [m for m in HEAVY if m in imported]
