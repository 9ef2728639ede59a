"""The two builds of trickcore: pure Python (the reference, Pyodide's wheel) and mypyc-compiled.

``make test`` runs the unit suite twice: against the sources (the editable install) and against
the compiled build in ``build/compiled`` (``make unit-tests-compiled`` sets ``TRICKCORE_BUILD``).
These tests check that each run really tests the build it names, that ``setup.py`` falls back
to pure Python, and that the public API keeps its docstrings and its own errors in both.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import shutil
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

import trickcore as tc
from trickcore import solver
from trickcore.errors import IllegalBidError, IllegalPlayError

ROOT = Path(__file__).resolve().parent.parent
BUILD = os.environ.get("TRICKCORE_BUILD", "")


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trickcore_setup", ROOT / "setup.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # setup() runs only as __main__
    return module


def _compiled_names() -> list[str]:
    return [p.removesuffix(".py").replace("/", ".") for p in _setup_module().COMPILED]


def _has_c_compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def test_each_run_tests_the_build_it_names() -> None:
    kinds = {name: Path(importlib.import_module(name).__file__ or "").suffix
             for name in _compiled_names()}
    if BUILD == "compiled":
        if not _has_c_compiler():
            pytest.skip("no C compiler: the build fell back to pure Python")
        assert set(kinds.values()) == {".so"}, kinds
        assert not Path(tc.__file__).is_relative_to(ROOT / "trickcore")
    else:
        assert set(kinds.values()) == {".py"}, kinds


def test_the_compiled_build_has_the_searches_in_c() -> None:
    from trickcore.solver import native

    if BUILD == "compiled":
        if not _has_c_compiler():
            pytest.skip("no C compiler: the build fell back to pure Python")
        assert native.available()
        names = [getattr(e, "name", "") for e in _setup_module().NATIVE]
        assert names == ["trickcore.solver._twohand_c", "trickcore.solver._general_c",
                         "trickcore.engine._native_c"]
    else:
        assert not native.available()


def test_the_compiled_build_runs_the_hot_path_in_c() -> None:
    """Bid, play, legal plays and the shuffle: C in the compiled build, as written in the pure
    one (``tests/test_engine_native.py`` compares the two)."""
    from trickcore.engine import play, shuffle

    has_c = importlib.util.find_spec("trickcore.engine._native_c") is not None
    if BUILD == "compiled":
        if not _has_c_compiler():
            pytest.skip("no C compiler: the build fell back to pure Python")
        assert has_c
        assert type(tc.HandState.__dict__["play"]).__name__ == "method"
        assert play._cards_of is not None
        assert shuffle._NATIVE_SHUFFLE is not None
    else:
        assert not has_c
        assert inspect.isfunction(tc.HandState.__dict__["play"])
        assert inspect.isfunction(tc.HandState.__dict__["bid"])
        assert play._cards_of is None
        assert shuffle._NATIVE_SHUFFLE is None


def test_the_pure_build_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = _setup_module()
    monkeypatch.setenv("TRICKCORE_PURE", "1")
    assert setup._ext_modules() == []


def test_a_failed_compile_falls_back_to_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    setup = _setup_module()

    def no_compiler(self: object, *args: object) -> None:
        raise OSError("no C compiler here")

    monkeypatch.setattr(build_ext, "run", no_compiler)
    monkeypatch.setattr(build_ext, "build_extension", no_compiler)
    command = setup.OptionalBuildExt(Distribution())
    command.run()  # warns, does not raise
    command.build_extension(object())


def test_the_public_api_keeps_its_docstrings() -> None:
    for thing in (tc.HandState, tc.HandState.play, tc.HandState.legal_plays, tc.HandState.bid,
                  tc.HandState.legal_bids, tc.deal_cards, tc.Card, tc.Trick, solver.solve,
                  solver.Memory, solver.PerfectBot, solver.PerfectBot.__call__,
                  solver.position_from_state):
        assert thing.__doc__, thing


@pytest.mark.parametrize("card", [5, None, 2.5, ("AS",), "ZZ"])
def test_a_wrong_card_raises_the_library_error_and_changes_nothing(card: object) -> None:
    state = tc.state_from_code("oh-hell-4-2718-8")
    while state.phase is tc.Phase.BIDDING:
        state.bid(state.legal_bids[0])
    before = (list(state.hands), list(state.events), state.to_act, state.current)
    with pytest.raises(IllegalPlayError):
        state.play(card)  # type: ignore[arg-type]
    assert (list(state.hands), list(state.events), state.to_act, state.current) == before


@pytest.mark.parametrize("bid", ["2", None, 1.0, True, -1, 99])
def test_a_wrong_bid_raises_the_library_error_and_changes_nothing(bid: object) -> None:
    state = tc.state_from_code("oh-hell-4-2718-3")
    before = (list(state.bids), list(state.events), state.to_act)
    with pytest.raises(IllegalBidError):
        state.bid(bid)  # type: ignore[arg-type]
    assert (list(state.bids), list(state.events), state.to_act) == before
