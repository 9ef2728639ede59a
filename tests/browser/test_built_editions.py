"""The two editions of the built book (``make book``, ``make teacher``): the student edition holds
no solution and no teacher-only text anywhere, the teacher edition holds every solution.

These tests read files only (no browser), but they need both built sites, so they run with the
browser tests, after ``make test`` has built both editions.  What is searched for:

* every non-trivial line of each ``solution`` and ``teacher-only`` block in the page sources
  (as the download files and notebooks would carry it, raw and JSON-escaped);
* every paragraph of each solution as the teacher edition renders it (the answers computed);
* in the search index, every word stem that only a page's solutions hold: it must not point to
  that page in the student edition (and must in the teacher edition, which shows the check can
  see a solution).

Every file under ``_build/html/`` is searched: the pages, ``searchindex.js``, ``_sources/``,
the download files, and JupyterLite's contents and runtime.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from sphinx.search.en import SearchEnglish

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
STUDENT = ROOT / "_build" / "html"
TEACHER = ROOT / "_build" / "teacher"
OPEN = re.compile(r"^(?P<fence>:{3,})\{(?P<name>solution|teacher-only)\}\s*(?P<arg>\S*)")
#: Files that cannot hold page text (images, fonts, archives of third-party code).
BINARY = {".png", ".jpg", ".gif", ".ico", ".woff", ".woff2", ".ttf", ".eot", ".whl", ".zip",
          ".wasm", ".gz", ".tar", ".pickle", ".doctree", ".so", ".data"}
SPACES = re.compile(r"\s+")


def _norm(text: str) -> str:
    return SPACES.sub(" ", text).strip()


def _hidden_blocks() -> tuple[dict[str, list[tuple[str, str, list[str]]]], str]:
    """Per page (docname): each solution and teacher-only block, as (kind, argument, lines);
    and every other line of the sources (what a student may see), joined."""
    out: dict[str, list[tuple[str, str, list[str]]]] = {}
    visible: list[str] = []
    for path in sorted(BOOK.rglob("*.md")):
        if "_ext" in path.parts or "teachers" in path.parts:
            continue
        closing = ""
        current: tuple[str, str, list[str]] | None = None
        for line in path.read_text("utf-8").splitlines():
            if current is None and not OPEN.match(line):
                visible.append(line.strip())
            if current is not None:
                bare = line.strip()
                if bare and set(bare) == {":"} and len(bare) >= len(closing):
                    out.setdefault(path.relative_to(ROOT).with_suffix("").as_posix(),
                                   []).append(current)
                    current = None
                else:
                    current[2].append(line)
                continue
            found = OPEN.match(line)
            if found:
                closing = found.group("fence")
                current = (found.group("name"), found.group("arg"), [])
    return out, _norm(" \n ".join(visible))


HIDDEN, VISIBLE = _hidden_blocks()


@pytest.fixture(scope="module")
def sites() -> None:
    for site, command in ((STUDENT, "make book"), (TEACHER, "make teacher")):
        if not (site / "index.html").is_file():
            pytest.skip(f"{site.relative_to(ROOT)} is not built: run `{command}` first")


def _soup(site: Path, docname: str) -> BeautifulSoup:
    return BeautifulSoup((site / f"{docname}.html").read_text("utf-8"), "html.parser")


def _solutions(docname: str) -> dict[str, list[str]]:
    """The teacher edition's solutions on a page: exercise label -> rendered paragraphs."""
    found: dict[str, list[str]] = {}
    for div in _soup(TEACHER, docname).select("div.solution"):
        link = div.select_one("p.admonition-title a")
        target = str(link["href"]).split("#")[-1] if link is not None else ""
        content = div.select_one("section") or div
        found[target] = [_norm(p.get_text()) for p in content.find_all("p")]
    return found


def _needles() -> list[str]:
    """What must not appear in the student edition: source lines and rendered paragraphs."""
    needles: set[str] = set()
    for docname, blocks in HIDDEN.items():
        for _, _, lines in blocks:
            for line in lines:
                text = line.strip()
                # A line that a page also shows outside its solutions (an import, say) is no
                # solution's own text.
                if len(text) >= 20 and not text.startswith(":") and _norm(text) not in VISIBLE:
                    needles.add(_norm(text))
                    needles.add(_norm(json.dumps(text, ensure_ascii=False)[1:-1]))
        for paragraphs in _solutions(docname).values():
            needles.update(p for p in paragraphs if len(p) >= 30)
    return sorted(needles)


def _files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.is_file() and p.suffix not in BINARY)


def _text_of(path: Path) -> str:
    raw = path.read_bytes().decode("utf-8", errors="ignore")
    if path.suffix == ".html":
        raw = html.unescape(re.sub(r"<[^>]+>", "", raw))
    return _norm(raw)


def test_the_student_edition_holds_no_solution_text(sites: None) -> None:
    needles = _needles()
    assert needles, "no solution found in the sources: nothing was checked"
    leaks = []
    files = _files(STUDENT)
    for path in files:
        text = _text_of(path)
        leaks += [f"{path.relative_to(STUDENT)}: {n[:60]!r}" for n in needles if n in text]
    assert not leaks, "\n".join(leaks[:20])
    names = {p.relative_to(STUDENT).as_posix() for p in files}
    assert not [n for n in names if n.startswith("book/teachers/")]
    assert not (STUDENT / "_sources" / "book" / "teachers").exists()


def test_every_solution_is_in_the_teacher_edition(sites: None) -> None:
    for docname, blocks in HIDDEN.items():
        shown = _solutions(docname)
        for kind, label, _ in blocks:
            if kind != "solution":
                continue
            assert shown.get(label), f"{docname}: no solution to {label} in the teacher edition"
        teacher_only = [b for b in blocks if b[0] == "teacher-only"]
        boxes = _soup(TEACHER, docname).select("div.tt-teacher-only")
        assert len(boxes) == len(teacher_only), docname
        assert not _soup(STUDENT, docname).select("div.tt-teacher-only, div.solution")
    assert (TEACHER / "book" / "teachers" / "index.html").is_file()


def _index(site: Path) -> dict[str, Any]:
    text = (site / "searchindex.js").read_text("utf-8")
    data: dict[str, Any] = json.loads(text[text.index("(") + 1:text.rindex(")")])
    return data


def _pages_of(index: dict[str, Any], term: str) -> set[str]:
    found = index["terms"].get(term, [])
    found = found if isinstance(found, list) else [found]
    return {index["docnames"][i] for i in found}


def test_the_student_search_index_holds_no_solution(sites: None) -> None:
    language = SearchEnglish({})
    student, teacher = _index(STUDENT), _index(TEACHER)

    def stems(text: str) -> set[str]:
        return {language.stem(w) for w in language.split(text) if len(w) > 2
                and w.isalpha() and w.lower() not in language.stopwords}

    checked = 0
    for docname in HIDDEN:
        solution_words = set().union(*(stems(" ".join(p)) for p in _solutions(docname).values()))
        page_words = stems(_soup(STUDENT, docname).get_text(" "))
        only_in_solutions = solution_words - page_words
        for term in sorted(only_in_solutions):
            assert docname not in _pages_of(student, term), f"{docname}: {term!r} is indexed"
            assert docname in _pages_of(teacher, term), f"{docname}: {term!r} (teacher)"
            checked += 1
    assert checked, "no word is only in a solution: the search index check saw nothing"
