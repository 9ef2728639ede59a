"""Each study test runs in its own empty folder: a run's default cache (``trickcore-studies/``
in the current directory) is then neither read from an earlier test nor left in the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
