"""The book build runs once more only when a page's kernel could not start (scripts/jb_build.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import jb_build  # noqa: E402

pytestmark = pytest.mark.pure_only  # the build tooling is the same in both builds


def _builds(monkeypatch: pytest.MonkeyPatch, results: list[tuple[int, bool]]) -> list[list[str]]:
    calls: list[list[str]] = []

    def run(argv: list[str]) -> tuple[int, bool]:
        calls.append(argv)
        return results[len(calls) - 1]

    monkeypatch.setattr(jb_build, "run", run)
    return calls


def test_a_kernel_that_could_not_start_is_built_once_more(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    calls = _builds(monkeypatch, [(1, True), (0, False)])
    assert jb_build.main(["build", "."]) == 0
    assert calls == [["build", "."], ["build", "."]]
    assert "kernel could not start" in capsys.readouterr().out


@pytest.mark.parametrize("results", [[(2, False)], [(0, False)], [(1, True), (1, True)]])
def test_any_other_outcome_is_the_builds_own(monkeypatch: pytest.MonkeyPatch,
                                             results: list[tuple[int, bool]]) -> None:
    calls = _builds(monkeypatch, results)
    assert jb_build.main(["build", "."]) == results[-1][0]
    assert len(calls) == len(results)  # never a third build


def test_the_build_s_exit_code_and_output_pass_through(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, kernel_failed = jb_build.run(["--version"])
    assert (code, kernel_failed) == (0, False)
    assert "Jupyter Book" in capsys.readouterr().out
