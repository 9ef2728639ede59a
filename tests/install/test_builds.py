"""The two builds of trickcore: pure Python (the reference, Pyodide's wheel) and mypyc-compiled.

``make test`` runs the unit suite twice: against the sources (the editable install) and against
the compiled build in ``build/compiled`` (``make unit-tests-compiled`` sets ``TRICKCORE_BUILD``);
``make check`` compares the C files alone with their Python, in ``build/native``
(``TRICKCORE_BUILD=native``, marker ``native``).
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
from typing import Any

import pytest

import trickcore as tc
from trickcore import solver
from trickcore.errors import IllegalBidError, IllegalPlayError

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.native
def test_each_run_tests_the_build_it_names() -> None:
    kinds = {name: Path(importlib.import_module(name).__file__ or "").suffix
             for name in _compiled_names()}
    if BUILD == "compiled":
        if not _has_c_compiler():
            pytest.skip("no C compiler: the build fell back to pure Python")
        assert set(kinds.values()) == {".so"}, kinds
        assert not Path(tc.__file__).is_relative_to(ROOT / "trickcore")
    elif BUILD == "native":  # make check's C twins: the sources and the C files beside them
        if not _has_c_compiler():
            pytest.skip("no C compiler: scripts/build_native.py built no C file")
        from trickcore.solver import native

        assert set(kinds.values()) == {".py"}, kinds
        assert native.available()
        assert importlib.util.find_spec("trickcore.engine._native_c") is not None
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
    one (``tests/engine/test_native.py`` compares the two)."""
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
    assert setup._ext_modules(["bdist_wheel"]) == []


def _stderr_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_a_failed_type_check_falls_back_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """mypyc prints mypy's errors and exits (SystemExit): the build goes on, pure."""
    import mypyc.build

    def failing_check(paths: list[str], **options: object) -> list[object]:
        assert paths[:1] == ["--follow-imports=silent"]
        print("trickcore/study/batch.py:58: error: Cannot find module named \"numpy\"")
        print("trickcore/study/batch.py:59: error: Cannot find module named \"numpy.typing\"")
        raise SystemExit(1)

    monkeypatch.delenv("TRICKCORE_PURE", raising=False)
    monkeypatch.setattr(mypyc.build, "mypycify", failing_check)
    setup = _setup_module()
    assert setup._ext_modules(["bdist_wheel", "--dist-dir", "dist"]) == []
    assert _stderr_lines(capsys) == [
        "trickcore setup.py: mypyc failed (trickcore/study/batch.py:58: error: Cannot find module "
        "named \"numpy\" and 1 more); installing pure Python"]


def test_an_editable_install_builds_the_c_files_and_no_mypyc(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``pip install -e .``: the three C files beside the sources, the Python left to edit."""
    import mypyc.build

    def no_mypyc(*args: object, **kwargs: object) -> None:
        raise AssertionError("mypyc ran for an editable install")

    monkeypatch.delenv("TRICKCORE_PURE", raising=False)
    monkeypatch.setattr(mypyc.build, "mypycify", no_mypyc)
    setup = _setup_module()
    names = [e.name for e in setup._ext_modules(["editable_wheel", "--dist-dir", "x"])]
    assert names == ["trickcore.solver._twohand_c", "trickcore.solver._general_c",
                     "trickcore.engine._native_c"]
    monkeypatch.setenv("TRICKCORE_PURE", "1")  # the developers' .venv (make venv)
    assert setup._ext_modules(["editable_wheel", "--dist-dir", "x"]) == []


def test_the_c_files_alone_fall_back_one_by_one_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An editable install with no compiler: nothing built, nothing to copy beside the
    sources, and one line for the three."""
    from setuptools.command.build_ext import build_ext
    from setuptools.errors import CompileError

    setup = _setup_module()
    command = _build_ext_command(setup, list(setup.NATIVE_NAMES), tmp_path)
    command.c_files_alone = True  # type: ignore[attr-defined]  # as _ext_modules sets it

    def no_compiler(self: object, ext: object) -> None:
        raise CompileError("command '/bin/false' failed with exit code 1")

    monkeypatch.setattr(build_ext, "build_extension", no_compiler)
    command.run()  # type: ignore[attr-defined]
    assert command.extensions == []  # type: ignore[attr-defined]
    assert _stderr_lines(capsys) == [
        "trickcore setup.py: could not compile _twohand_c, _general_c, _native_c (command "
        "'/bin/false' failed with exit code 1); pure Python does their work"]


def test_one_c_file_that_fails_leaves_the_others(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from setuptools.command.build_ext import build_ext
    from setuptools.errors import CompileError

    setup = _setup_module()
    command = _build_ext_command(setup, list(setup.NATIVE_NAMES), tmp_path)
    command.c_files_alone = True  # type: ignore[attr-defined]  # as _ext_modules sets it
    built: list[str] = []

    def only_the_engine_fails(self: object, ext: Any) -> None:
        if ext.name == "trickcore.engine._native_c":
            raise CompileError("_native.c:12: error")
        built.append(ext.name)

    monkeypatch.setattr(build_ext, "build_extension", only_the_engine_fails)
    command.run()  # type: ignore[attr-defined]
    assert built == ["trickcore.solver._twohand_c", "trickcore.solver._general_c"]
    assert [e.name for e in command.extensions] == built  # type: ignore[attr-defined]
    assert _stderr_lines(capsys) == [
        "trickcore setup.py: could not compile _native_c (_native.c:12: error); their Python"
        " twins do the work"]


def test_build_info_names_the_build_this_run_tests() -> None:
    info = tc.build_info()
    expected = {"compiled": "compiled", "native": "python+c"}.get(BUILD, "pure")
    if BUILD and not _has_c_compiler():
        pytest.skip("no C compiler: the build fell back to pure Python")
    assert info.build == expected
    assert info.version == tc.__version__
    assert info.solver == solver.native.backend()
    assert ("C" in info.languages) == (expected != "pure")
    assert ("mypyc" in info.languages) == (expected == "compiled")
    assert info.engine == ("python" if expected == "pure" else "c")
    assert Path(info.location) == Path(tc.__file__).parent
    assert info.describe().startswith(f"trickcore {tc.__version__}: ")


def test_the_metadata_and_the_sdist_need_no_mypyc(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a build runs mypyc; the C files' extensions are listed, so the sdist has them."""
    import mypyc.build

    def no_mypyc(*args: object, **kwargs: object) -> None:
        raise AssertionError("mypyc ran for the metadata")

    monkeypatch.delenv("TRICKCORE_PURE", raising=False)
    monkeypatch.setattr(mypyc.build, "mypycify", no_mypyc)
    setup = _setup_module()
    for command in (["egg_info"], ["dist_info", "--output-dir", "x"], ["sdist"]):
        assert [e.name for e in setup._ext_modules(command)] == [e.name for e in setup.NATIVE]


def _build_ext_command(setup: ModuleType, names: list[str], build_lib: Path) -> object:
    from setuptools import Distribution

    command = setup.OptionalBuildExt(
        Distribution({"ext_modules": [e for e in setup.NATIVE if e.name in names]}))
    command.build_lib = str(build_lib)
    command.ensure_finalized()
    return command


def test_a_failed_compile_falls_back_to_pure_python(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """No compiler (CC=/bin/false) or a compile error: what was built is removed, one line
    says so, and nothing is left to install but the sources."""
    from setuptools.command.build_ext import build_ext
    from setuptools.errors import CompileError

    setup = _setup_module()
    command = _build_ext_command(setup, ["trickcore.engine._native_c"], tmp_path)
    built = Path(command.get_ext_fullpath("trickcore.engine._native_c"))  # type: ignore[attr-defined]
    built.parent.mkdir(parents=True)
    built.write_bytes(b"left from an earlier build")

    def no_compiler(self: object, ext: object) -> None:
        raise CompileError("command '/bin/false' failed with exit code 1")

    monkeypatch.setattr(build_ext, "build_extension", no_compiler)
    command.run()  # type: ignore[attr-defined]
    assert not built.exists()
    assert command.extensions == []  # type: ignore[attr-defined]
    assert _stderr_lines(capsys) == [
        "trickcore setup.py: could not compile (command '/bin/false' failed with exit code 1); "
        "installing pure Python"]


def test_a_c_search_that_fails_to_compile_leaves_the_compiled_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from setuptools.command.build_ext import build_ext
    from setuptools.errors import CompileError

    setup = _setup_module()
    command = _build_ext_command(setup, ["trickcore.solver._general_c"], tmp_path)

    def no_compiler(self: object, ext: object) -> None:
        raise CompileError("_general.c: error")

    monkeypatch.setattr(build_ext, "build_extension", no_compiler)
    command.run()  # type: ignore[attr-defined]
    assert [e.name for e in command.extensions] == ["trickcore.solver._general_c"]  # type: ignore[attr-defined]
    (line,) = _stderr_lines(capsys)
    assert line.startswith("trickcore setup.py: could not compile trickcore.solver._general_c")


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


def test_a_failed_compiler_is_named_in_a_few_words() -> None:
    import subprocess

    one_line = _setup_module()._one_line
    error = subprocess.CalledProcessError(1, ["/bin/false", "-O3", "-c", "build/x.c"])
    assert one_line(error) == "/bin/false exited with status 1"
    assert one_line(Exception(str(error))) == "/bin/false exited with status 1"  # wrapped
    assert one_line(OSError("no C compiler here")) == "no C compiler here"


def test_the_version_is_the_one_pyproject_names() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert tc.__version__ == project["version"] == tc.build_info().version


def test_trickcore_version_prints_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    from trickcore.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == tc.build_info().describe() + "\n"
    assert main([]) == 2  # no command: one line, not a traceback
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "trickcore: error: a command is required (trickcore --help lists them)"
