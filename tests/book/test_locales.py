"""The French edition's catalogues: one per page, every message translated.

``make catalogues`` brings the catalogues up to date with the pages; this test checks what is
committed: every page of both editions has its catalogue, and no message is empty, fuzzy, or has
lost the markup of its English (scripts/check_translations.py).  That English left on a French
page is caught after the build, by tests/browser/test_french_edition.py.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "locales" / "fr" / "LC_MESSAGES"


def _checker() -> object:
    spec = importlib.util.spec_from_file_location(
        "check_translations", ROOT / "scripts" / "check_translations.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries: list[dict[str, object]]) -> None:
        for entry in entries:
            if "file" in entry:
                files.append(str(entry["file"]))
            walk(entry.get("sections", []))  # type: ignore[arg-type]

    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    teachers = sorted(f"book/teachers/{p.stem}" for p in (ROOT / "book" / "teachers").glob("*.md"))
    return files + teachers


def test_every_page_has_a_french_catalogue() -> None:
    missing = [p for p in _pages() if not (CATALOGUES / f"{p}.po").is_file()]
    assert not missing, f"pages without a French catalogue (run make catalogues): {missing}"


def test_every_message_is_translated_with_its_markup() -> None:
    checker = _checker()
    problems = [line for path in checker.catalogues() for line in checker.problems(path)]  # type: ignore[attr-defined]
    assert not problems, "\n".join(problems[:40])


def test_the_check_catches_a_lost_role_and_an_empty_message(tmp_path: Path) -> None:
    checker = _checker()
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Deal {answer}`hand oh-hell-4-1 Ann`."\nmsgstr "Donne."\n\n'
        'msgid "Two"\nmsgstr ""\n\n'
        'msgid "Three: yes"\nmsgstr "Trois : oui"\n', encoding="utf-8")
    problems = list(checker.problems(po))  # type: ignore[attr-defined]
    assert any("markup changed" in p and "answer:hand oh-hell-4-1 Ann" in p for p in problems)
    assert any("untranslated: 'Two'" in p for p in problems)
    assert any("French spacing" in p for p in problems)
    assert len(problems) == 3
