"""The worksheets: the pages, and the PDFs that ``make worksheets`` prints from them.

* Every worksheet page (book/worksheets/worksheet-*.md) is printed by scripts/worksheets.py and
  listed in the book's table of contents; it has five exercises labelled
  ``ex-worksheet-<name>-<n>``, each with room to write and a solution (which only the teacher
  edition shows).
* After ``make worksheets``: a student sheet and an answer key for every worksheet, in English
  and in French (``fr/``), each a PDF whose every page is A4.  Without ``_build/worksheets/`` (the worksheets not printed) these
  checks are skipped with the reason; ``make worksheets`` runs this file after printing.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
PRINTED = ROOT / "_build" / "worksheets"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("worksheets", ROOT / "scripts" / "worksheets.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


WORKSHEETS = _script()


def test_every_worksheet_page_is_printed_and_in_the_book() -> None:
    pages = sorted(f"book/worksheets/{p.stem}"
                   for p in (ROOT / "book" / "worksheets").glob("worksheet-*.md"))
    assert sorted(WORKSHEETS.SHEETS.values()) == pages
    assert set(WORKSHEETS.SHEETS) == {"foundations", "oh-hell", "humbug", "five-hundred"}
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for page in pages:
        assert f"file: {page}\n" in toc, f"{page} is not in _toc.yml"


@pytest.mark.parametrize("name", ["foundations", "oh-hell", "humbug", "five-hundred"])
def test_worksheet_has_five_exercises_with_room_and_a_solution(name: str) -> None:
    text = (ROOT / f"{WORKSHEETS.SHEETS[name]}.md").read_text(encoding="utf-8")
    labels = re.findall(r"^:label: (ex-worksheet-[a-z-]+-\d+)$", text, re.M)
    assert labels == [f"ex-worksheet-{name}-{n}" for n in range(1, 6)]
    for label in labels:
        block = text.split(f":label: {label}\n", 1)[1]
        room, solution = block.split(":::\n", 1)[1].split(f":::{{solution}} {label}\n", 1)
        assert '<div class="tt-write"' in room, f"{label}: no room to write"
        assert solution.split(":::", 1)[0].strip(), f"{label}: an empty solution"


def _printed() -> Path:
    if not PRINTED.is_dir():
        pytest.skip("the worksheets are not printed (no _build/worksheets/): run `make book`,"
                    " `make teacher`, then `make worksheets`")
    return PRINTED


@pytest.mark.parametrize("folder", ["", "fr/"])
@pytest.mark.parametrize("suffix", ["student", "answers"])
@pytest.mark.parametrize("name", ["foundations", "oh-hell", "humbug", "five-hundred"])
def test_printed_worksheet_is_a4_with_pages(name: str, suffix: str, folder: str) -> None:
    path = _printed() / f"{folder}{name}-{suffix}.pdf"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing: run `make worksheets`"
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    pages = WORKSHEETS.pdf_pages(data)
    assert pages, f"{path.name} has no pages"
    assert all(WORKSHEETS.is_a4(size) for size in pages), f"{path.name}: {pages}"


def test_sheets_hold_no_solution_and_keys_every_solution() -> None:
    """What the printer was given (scripts/worksheets.py counts it on each page before printing
    and writes worksheets.json): five exercises on every sheet, no solution on a student sheet,
    one per exercise on an answer key."""
    import json

    manifest = json.loads((_printed() / "worksheets.json").read_text(encoding="utf-8"))
    assert sorted(manifest) == sorted(f"{folder}{name}-{suffix}.pdf" for name in WORKSHEETS.SHEETS
                                      for suffix in ("student", "answers")
                                      for folder in ("", "fr/"))
    for pdf, seen in manifest.items():
        assert seen["exercises"] == 5, pdf
        assert seen["solutions"] == (5 if pdf.endswith("-answers.pdf") else 0), pdf
        assert seen["pages"] == len(WORKSHEETS.pdf_pages((PRINTED / pdf).read_bytes())), pdf
