"""The first command builds the live edition with the WebAssembly solver, or stops saying why.

``make book`` (and ``make teacher``, ``make check``) build ``lite``, which needs ``make wasm``:
Debian's clang toolchain installed where missing (as root or with sudo; otherwise one line says
what to install) and ``scripts/build_wasm.py --require``, which stops with one line naming the
packages when clang or the wasm32 sysroot is missing.  ``scripts/build_lite.py`` asks for the
module the same way, so no live edition is built on the Python search without a word.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_clang_stops_a_required_build_with_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    build_wasm = _script("build_wasm")
    monkeypatch.setattr(build_wasm, "clang", lambda: None)
    assert build_wasm.build(require=True) == 1
    out = capsys.readouterr()
    assert out.out == ""
    (line,) = out.err.splitlines()
    assert line == ("build_wasm: no clang: the live edition needs it: make wasm installs Debian's"
                    " clang lld wasi-libc libclang-rt-14-dev-wasm32")
    assert build_wasm.build(require=False) == 0  # by hand, without --require: a note only
    assert "Python search" in capsys.readouterr().out


def test_a_missing_sysroot_stops_a_required_build_with_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    build_wasm = _script("build_wasm")
    monkeypatch.setattr(build_wasm, "clang", lambda: "/usr/bin/clang")
    monkeypatch.setattr(build_wasm, "_fresh", lambda: False)
    monkeypatch.setattr(build_wasm, "OUT", tmp_path / "m.wasm")

    def no_sysroot(*args: object, **kwargs: object) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess([], 1, "", "wasm-ld: error: cannot open crt1-reactor.o:"
                                           " No such file or directory\n")

    monkeypatch.setattr(build_wasm.subprocess, "run", no_sysroot)
    assert build_wasm.build(require=True) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("build_wasm: the wasm32 sysroot is missing (wasm-ld: error: cannot")
    assert line.endswith("make wasm installs Debian's clang lld wasi-libc libclang-rt-14-dev-wasm32")


def _prerequisites(target: str) -> list[str]:
    text = (ROOT / "Makefile").read_text()
    found = re.search(rf"^{target}:([^\n]*)$", text, re.MULTILINE)
    assert found, target
    return found.group(1).split()


def test_the_book_builds_need_the_webassembly_solver() -> None:
    assert "wasm" in _prerequisites("lite")
    for target in ("book", "teacher", "french", "check"):
        assert "lite" in _prerequisites(target), target
    recipe = (ROOT / "Makefile").read_text().split("\nwasm: venv\n", 1)[1].split("\n\n", 1)[0]
    assert "build_wasm.py --require" in recipe
    assert "apt-get install -y $(WASM_PACKAGES)" in recipe
    assert "WASM_PACKAGES := clang lld wasi-libc libclang-rt-14-dev-wasm32 nodejs" in (
        ROOT / "Makefile").read_text()


def test_build_lite_requires_the_module() -> None:
    source = (ROOT / "scripts" / "build_lite.py").read_text()
    call = re.search(r'"build_wasm\.py"\),\s*"--require"\]', source)
    assert call, "build_lite.py must run build_wasm.py --require"


def test_the_readme_says_what_make_book_installs() -> None:
    readme = " ".join((ROOT / "README.md").read_text().split())
    for package in ("clang", "lld", "wasi-libc", "libclang-rt-14-dev-wasm32"):
        assert package in readme, package


@pytest.mark.pure_only
def test_the_live_wheel_is_built_from_a_copy_and_leaves_the_checkout_alone(tmp_path: Path) -> None:
    # make test builds the site's wheel (make lite) while the compiled suite runs from build/: a
    # wheel built in the checkout wrote and then deleted build/, under that suite's feet
    build_lite = _script("build_lite")
    before = sorted(p.name for p in (ROOT / "build").iterdir()) if (ROOT / "build").exists() else []
    egg = ROOT / "trickcore.egg-info"
    egg_before = egg.stat().st_mtime_ns if egg.exists() else None
    wheel = build_lite.pure_wheel(tmp_path)
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "trickcore/solver/trickcore_solver.wasm" in names
    assert "trickcore/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
    after = sorted(p.name for p in (ROOT / "build").iterdir()) if (ROOT / "build").exists() else []
    assert after == before
    assert (egg.stat().st_mtime_ns if egg.exists() else None) == egg_before
