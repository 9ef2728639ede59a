"""The edition machinery (book/_ext/editions.py) without building the book: which edition the
environment asks for, the student download files without solutions, the teacher toc.  The built
editions themselves are checked by tests/browser/test_built_editions.py."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
import yaml

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("editions", ROOT / "book/_ext/editions.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["editions"] = module
    spec.loader.exec_module(module)
    return module


editions = _load()


@pytest.mark.parametrize(("value", "edition"), [(None, "student"), ("", "student"),
                                                 ("teacher", "teacher"), (" Teacher ", "teacher"),
                                                 ("student", "student")])
def test_the_edition_comes_from_book_edition(monkeypatch: pytest.MonkeyPatch, value: str | None,
                                             edition: str) -> None:
    if value is None:
        monkeypatch.delenv("BOOK_EDITION", raising=False)
    else:
        monkeypatch.setenv("BOOK_EDITION", value)
    assert editions.edition() == edition


def test_an_unknown_edition_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from sphinx.errors import ConfigError

    monkeypatch.setenv("BOOK_EDITION", "teachers")
    with pytest.raises(ConfigError, match="the editions are student, teacher"):
        editions.edition()


PAGE = """# A page

Visible text.

:::{exercise}
:label: ex-a-1
The question.
:::

::::{solution} ex-a-1
The secret answer.

```python
print("secret code")
```

:::{note}
A nested secret.
:::
::::

:::{teacher-only}
A note for teachers.
:::

```{code-cell} ipython3
x = 1
```
The end.
"""


def test_stripping_removes_solutions_and_teacher_text_only() -> None:
    stripped = editions.strip_teacher_text(PAGE)
    for secret in ("secret", "teachers", "{solution}", "{teacher-only}"):
        assert secret not in stripped
    for kept in ("Visible text.", "The question.", ":label: ex-a-1", "x = 1", "The end."):
        assert kept in stripped
    assert stripped.count(":::") == 2  # the exercise's fences


def test_stripping_a_notebook_cleans_its_markdown_cells() -> None:
    notebook = {"cells": [{"cell_type": "markdown", "source": PAGE.splitlines(keepends=True)},
                          {"cell_type": "code", "source": "secret = 1"}], "metadata": {}}
    cleaned = json.loads(editions._strip_notebook(json.dumps(notebook)))
    assert "secret" not in cleaned["cells"][0]["source"]
    assert cleaned["cells"][1]["source"] == "secret = 1"  # code is not a solution


def test_the_teacher_toc_is_the_book_and_the_teachers_part(tmp_path: Path) -> None:
    toc_text = (ROOT / "_toc.yml").read_text("utf-8")
    (tmp_path / "book" / "teachers").mkdir(parents=True)
    (tmp_path / "book" / "teachers" / "index.md").write_text("# For teachers\n")
    alone = editions.teacher_toc(toc_text, tmp_path)
    book = yaml.safe_load(toc_text)
    assert alone["parts"][:-1] == book["parts"]
    assert alone["parts"][-1] == {"caption": "For teachers",
                                  "chapters": [{"file": "book/teachers/index"}]}
    (tmp_path / "book" / "teachers" / "lesson.md").write_text("# A lesson\n")
    full = editions.teacher_toc(toc_text, tmp_path)
    assert full["parts"][-1]["chapters"][0]["sections"] == [{"glob": "book/teachers/*"}]


def test_the_student_toc_has_no_teacher_page() -> None:
    assert "teachers" not in (ROOT / "_toc.yml").read_text("utf-8")
    assert (ROOT / "book" / "teachers" / "index.md").is_file()


def test_stripping_removes_only_teacher_blocks() -> None:
    page = "A\n```{only} teacher\nSecret\n```\n:::{only} not teacher\nB\n:::\nC\n"
    assert editions.strip_teacher_text(page) == "A\n:::{only} not teacher\nB\n:::\nC\n"


@pytest.mark.parametrize("edition", ["student", "teacher"])
def test_the_download_menu_names_files_that_exist(tmp_path: Path, edition: str) -> None:
    """The page's context names its source and notebook in ``_sources/``, written there (without
    solutions in the student edition); a page with no executed notebook offers no notebook."""
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "a.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "book" / "b.md").write_text("# B\n", encoding="utf-8")
    executed = tmp_path / "_build" / "jupyter_execute" / "book" / "a.ipynb"
    executed.parent.mkdir(parents=True)
    notebook = {"cells": [{"cell_type": "markdown", "source": PAGE}], "metadata": {}}
    executed.write_text(json.dumps(notebook), encoding="utf-8")
    out = tmp_path / "_build" / "html"
    app = SimpleNamespace(builder=SimpleNamespace(format="html"), outdir=str(out),
                config=SimpleNamespace(book_edition=edition),
                env=SimpleNamespace(found_docs={"book/a", "book/b"},
                          doc2path=lambda docname: tmp_path / f"{docname}.md"))
    contexts: dict[str, dict[str, str]] = {}
    for docname in ("book/a", "book/b", "genindex"):
        # Sphinx names a page's copied source only when it copies the sources (the teacher
        # edition); a generated page (genindex) has none.
        copied = edition == "teacher" and docname != "genindex"
        contexts[docname] = {"sourcename": f"{docname}.md" if copied else ""}
        editions._download_files(app, docname, "page.html", contexts[docname], None)
    assert contexts["book/a"] == {"sourcename": "book/a.md", "ipynb_source": "book/a.ipynb"}
    assert contexts["genindex"] == {"sourcename": ""}
    written = json.loads((out / "_sources" / "book" / "a.ipynb").read_text(encoding="utf-8"))
    if edition == "student":
        assert contexts["book/b"] == {"sourcename": "book/b.md"}
        assert (out / "_sources" / "book" / "a.md").read_text("utf-8") == (
            editions.strip_teacher_text(PAGE))
        assert (out / "_sources" / "book" / "b.md").read_text("utf-8") == "# B\n"
        assert "secret" not in written["cells"][0]["source"]
    else:
        assert not (out / "_sources" / "book" / "a.md").exists()  # Sphinx copies it
        assert written == notebook
    assert not (out / "_sources" / "book" / "b.ipynb").exists()


@pytest.mark.parametrize(("edition", "copies"), [("student", False), ("teacher", True)])
def test_only_the_teacher_edition_copies_the_sources(edition: str, copies: bool) -> None:
    # Sphinx's HTML builder copies a page's source whenever the page's context names one
    # (its class attribute copysource is True), whatever html_copy_source says.
    app = SimpleNamespace(builder=SimpleNamespace(copysource=True), config=SimpleNamespace(book_edition=edition))
    editions._no_source_copies(app)
    assert app.builder.copysource is copies


def test_the_student_downloads_are_stripped_at_the_end(tmp_path: Path) -> None:
    sources = tmp_path / "_sources" / "book"
    sources.mkdir(parents=True)
    (sources / "a.md").write_text(PAGE, encoding="utf-8")
    notebook = {"cells": [{"cell_type": "markdown", "source": PAGE}], "metadata": {}}
    (sources / "a.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    (sources / "c.txt").write_text(PAGE, encoding="utf-8")
    for edition in ("teacher", "student"):
        app = SimpleNamespace(builder=SimpleNamespace(format="html"), outdir=str(tmp_path),
                    config=SimpleNamespace(book_edition=edition))
        editions._strip_downloads(app, None)
        stripped = edition == "student"
        assert ("secret" in (sources / "a.md").read_text("utf-8")) is not stripped
        assert ("secret" in (sources / "a.ipynb").read_text("utf-8")) is not stripped
    assert (sources / "c.txt").read_text("utf-8") == PAGE  # not a download file
