"""Where the tests live (tests/README.md): laid out like trickcore, and every test file the
sources name is where they say.

A test file that moves leaves its old path in a Makefile target, a comment or a guide; this
finds it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
TRICKCORE = ROOT / "trickcore"

#: Folders of tests/ that are not a trickcore package, and what they test.
OTHER_FOLDERS = {"book": "the book", "install": "builds and installs", "i18n": "trickcore.i18n",
                 "browser": "the built site", "data": "the tests' data",
                 "hostile": "the whole package in a hostile world"}
#: Where a path to a test file may be written.
SOURCES = ("Makefile", "README.md", "pyproject.toml", ".ci", "docs", "scripts", "bench",
           "trickcore", "tests", "book/_ext", "book/trickbook")
SUFFIXES = {".py", ".md", ".toml", ".c", ".h", ".txt", ".js", ""}
TEST_PATH = re.compile(r"\btests/[\w/]+\.py\b")


def _texts() -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES
                      and "__pycache__" not in p.parts and "data" not in p.relative_to(ROOT).parts]
    return sorted(files)


def test_every_test_folder_is_a_trickcore_package_or_says_what_it_tests() -> None:
    packages = {p.parent.name for p in TRICKCORE.glob("*/__init__.py")}
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - packages <= set(OTHER_FOLDERS)


def test_the_test_folders_are_packages_but_browser() -> None:
    # Two folders may then hold files of one name (tests/engine/test_native.py and
    # tests/solver/test_native.py); tests/ and tests/browser/ are not packages.
    folders = [p for p in TESTS.iterdir() if p.is_dir() and p.name not in ("__pycache__", "data")]
    assert sorted(p.name for p in folders if not (p / "__init__.py").is_file()) == ["browser"]
    assert not (TESTS / "__init__.py").exists()


def test_every_test_file_named_in_the_sources_exists() -> None:
    missing = [f"{path.relative_to(ROOT)}: {name}" for path in _texts()
               for name in sorted(set(TEST_PATH.findall(path.read_text(encoding="utf-8",
                                                                        errors="replace"))))
               if not (ROOT / name).is_file()]
    assert not missing, "test paths that do not exist (tests/README.md says where tests live):\n" \
        + "\n".join(missing)
