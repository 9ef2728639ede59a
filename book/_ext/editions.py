"""Two editions of the book from one source: the student edition and the teacher edition.

``BOOK_LANGUAGE`` (``en`` or ``fr``) chooses the language: Sphinx translates the pages
through locales/fr, and the pages' code cells run with ``TRICKCORE_LANG`` set to it.

The environment variable ``BOOK_EDITION`` chooses the edition (``student``, the default, or
``teacher``; ``make teacher`` sets it).  This extension then

* sets sphinx-exercise's ``hide_solutions`` (student: the solutions are not even read) and
  ``html_copy_source`` (student: Sphinx does not copy the page sources, which hold the
  solutions, into ``_sources/``);
* adds the Sphinx tag ``teacher`` in the teacher edition (so ``{only} teacher`` works too);
* defines the ``{teacher-only}`` directive: its content appears, in a box headed "For teachers",
  only in the teacher edition; the student edition does not read it;
* fills the page's download menu (sphinx-book-theme's) with files that exist: the page's source
  (``.md``), the page's notebook as the build ran it (``.ipynb``, for a page with code: myst-nb's
  executed notebook) and print to PDF.  The teacher edition offers them as they are (Sphinx
  copies the sources into ``_sources/``); the student edition writes them into ``_sources/``
  with every ``solution``, ``teacher-only`` and ``{only} teacher`` block taken out (Sphinx copies
  no source there, and the theme would point its source entry at the bare folder ``_sources/``),
  and strips every file there again at the end of the build.

``python book/_ext/editions.py teacher-toc OUT`` writes the teacher edition's table of contents:
``_toc.yml`` and a last part, "For teachers", holding ``book/teachers/index`` and every other
page in ``book/teachers/`` (a glob, so a new page there needs no change to a toc).
``python book/_ext/editions.py config fr OUT`` writes the French edition's configuration.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinx.util.docutils import SphinxDirective

EDITIONS = ("student", "teacher")
#: The book's languages: English is the source, French is built from locales/fr (sphinx-intl).
LANGUAGES = ("en", "fr")
#: The teacher-only box's heading in each language.
TEACHER_HEADING = {"en": "For teachers", "fr": "Pour les enseignants"}
#: The directives whose content only the teacher edition shows.
TEACHER_DIRECTIVES = ("solution", "teacher-only")
TEACHERS = "book/teachers"

_OPEN = re.compile(r"^\s*(?P<fence>:{3,}|`{3,})\{(?P<name>[a-z-]+)\}\s*(?P<argument>.*?)\s*$")


def edition() -> str:
    """The edition being built, from ``BOOK_EDITION`` (``student`` when unset)."""
    value = os.environ.get("BOOK_EDITION", "").strip().lower() or "student"
    if value not in EDITIONS:
        raise ConfigError(f"BOOK_EDITION={value!r}: the editions are {', '.join(EDITIONS)}")
    return value


def book_language() -> str:
    """The language being built, from ``BOOK_LANGUAGE`` (``en`` when unset)."""
    value = os.environ.get("BOOK_LANGUAGE", "").strip().lower() or "en"
    if value not in LANGUAGES:
        raise ConfigError(f"BOOK_LANGUAGE={value!r}: the languages are {', '.join(LANGUAGES)}")
    return value


def strip_teacher_text(text: str) -> str:
    """A MyST page's text without its ``solution``, ``teacher-only`` and ``only`` teacher blocks.

    >>> page = "Q\\n:::{exercise}\\n:label: ex-a-1\\nAsk.\\n:::\\n:::{solution} ex-a-1\\nSecret\\n:::\\nEnd\\n"
    >>> strip_teacher_text(page)
    'Q\\n:::{exercise}\\n:label: ex-a-1\\nAsk.\\n:::\\nEnd\\n'
    >>> strip_teacher_text("A\\n```{only} teacher\\nSecret\\n```\\n```{only} html\\nB\\n```\\n")
    'A\\n```{only} html\\nB\\n```\\n'
    """
    out: list[str] = []
    closing: str | None = None
    for line in text.splitlines(keepends=True):
        if closing is not None:
            bare = line.strip()
            if bare and set(bare) == {closing[0]} and len(bare) >= len(closing):
                closing = None
            continue
        found = _OPEN.match(line)
        if found and (found.group("name") in TEACHER_DIRECTIVES
                      or (found.group("name") == "only" and found.group("argument") == "teacher")):
            closing = found.group("fence")
            continue
        out.append(line)
    return "".join(out)


def _strip_notebook(text: str) -> str:
    notebook = json.loads(text)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            joined = "".join(source) if isinstance(source, list) else str(source)
            cell["source"] = strip_teacher_text(joined)
    return json.dumps(notebook, indent=1, ensure_ascii=False)


class TeacherOnly(SphinxDirective):
    """Text for teachers only: shown in the teacher edition, absent from the student one."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        if self.config.book_edition != "teacher":
            return []
        box = nodes.admonition(classes=["tt-teacher-only", "note"])
        heading = TEACHER_HEADING.get(self.config.language, TEACHER_HEADING["en"])
        box += nodes.title("", heading)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


def _configure(app: Sphinx, config: Config) -> None:
    chosen = edition()
    config.book_edition = chosen
    # The language: Sphinx reads the pages' catalogues (locales/) for it, and the pages' code
    # runs with trickcore speaking it (the kernels inherit TRICKCORE_LANG).
    if config.language != book_language():
        raise ConfigError(f"BOOK_LANGUAGE={book_language()} but the configuration's language is "
                          f"{config.language}: build with the configuration editions.py writes")
    os.environ["TRICKCORE_LANG"] = config.language
    config.hide_solutions = chosen != "teacher"
    config.html_copy_source = chosen == "teacher"
    if chosen == "teacher":
        app.tags.add("teacher")


def _download_files(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                    doctree: Any) -> None:
    """The page's download files, written into ``_sources/`` and named in the page's context
    (before the theme builds its download menu from ``sourcename`` and ``ipynb_source``).

    Student edition: the source without solutions, as ``_sources/DOCNAME.md`` (Sphinx copies no
    source: its ``sourcename`` is empty, which made the menu's source entry the folder
    ``_sources/``).  Both editions: myst-nb's executed notebook (in the student edition without
    solutions) as ``_sources/DOCNAME.ipynb``, for a page that is a notebook.
    """
    if app.builder.format != "html" or pagename not in app.env.found_docs:
        return
    student = app.config.book_edition != "teacher"
    sources = Path(app.outdir) / "_sources"
    source = Path(app.env.doc2path(pagename))
    if student and source.suffix == ".md" and source.is_file():
        target = sources / f"{pagename}.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(strip_teacher_text(source.read_text(encoding="utf-8")),
                          encoding="utf-8")
        context["sourcename"] = f"{pagename}.md"
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    if executed.is_file() and context.get("sourcename"):
        target = sources / f"{pagename}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = executed.read_text(encoding="utf-8")
        target.write_text(_strip_notebook(text) if student else text, encoding="utf-8")
        context["ipynb_source"] = f"{pagename}.ipynb"


def _executed_from_cache(app: Sphinx, doctree: Any) -> None:
    """Write the page's executed notebook with its outputs when they came from the execution
    cache (``_config.yml``'s ``execute_notebooks: cache``, which the second edition of a language
    reads): myst-nb renders the cached outputs but writes ``jupyter_execute/DOCNAME.ipynb`` from
    the notebook as read, without them, and that file is the page's ``.ipynb`` download."""
    config = getattr(app.env, "mystnb_config", None)
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{app.env.docname}.ipynb"
    if config is None or config.execution_mode != "cache" or not executed.is_file():
        return
    import nbformat
    from jupyter_cache import get_cache

    notebook = nbformat.reads(executed.read_text(encoding="utf-8"), as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    if not code or any(cell.get("outputs") for cell in code):
        return  # no code, or run by this build (the notebook was executed in place)
    try:
        _, merged = get_cache(config.execution_cache_path).merge_match_into_notebook(notebook)
    except KeyError:  # not in the cache: a page with no output at all
        return
    from myst_nb.core.utils import coalesce_streams
    from myst_nb.ext.glue import extract_glue_data_cell

    for cell in merged.cells:  # as myst-nb leaves a notebook it ran: the glued values taken
        if cell.cell_type == "code":  # out, the streams merged (nb_merge_streams)
            extract_glue_data_cell(cell)
            if config.merge_streams:
                cell.outputs = coalesce_streams(cell.outputs)
    executed.write_text(nbformat.writes(merged), encoding="utf-8")


def _no_source_copies(app: Sphinx) -> None:
    """Student edition: Sphinx copies no page source into ``_sources/``.  (``html_copy_source``
    off is not enough: the HTML builder copies a page's source whenever the page's context names
    one, and ``_download_files`` names the file it wrote without solutions.)"""
    if app.config.book_edition != "teacher" and hasattr(app.builder, "copysource"):
        app.builder.copysource = False


def _strip_downloads(app: Sphinx, exception: Exception | None) -> None:
    """Student edition: no file in ``_sources/`` holds a solution, whoever put it there (the
    theme copies the executed notebooks there itself when launch buttons are configured)."""
    if app.config.book_edition == "teacher" or app.builder.format != "html":
        return
    sources = Path(app.outdir) / "_sources"
    for path in sorted(sources.rglob("*")) if sources.is_dir() else ():
        strip = {".md": strip_teacher_text, ".ipynb": _strip_notebook}.get(path.suffix)
        if strip is not None and path.is_file():
            text = path.read_text(encoding="utf-8")
            if strip(text) != text:
                path.write_text(strip(text), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("book_edition", "student", "env")
    # After sphinx-exercise has registered hide_solutions (its own setup runs first).
    app.connect("config-inited", _configure, priority=900)
    app.add_directive("teacher-only", TeacherOnly)
    # Before sphinx-book-theme builds the download menu (its handlers have priority 501).
    app.connect("html-page-context", _download_files, priority=400)
    app.connect("builder-inited", _no_source_copies)
    app.connect("doctree-read", _executed_from_cache)
    app.connect("build-finished", _strip_downloads)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def teacher_toc(toc_text: str, root: Path) -> dict[str, Any]:
    """The teacher edition's table of contents: the book's, and the "For teachers" part (its
    index, then every other page in book/teachers/ by a glob, when there is one: an empty glob
    is a build warning)."""
    import yaml

    toc: dict[str, Any] = yaml.safe_load(toc_text)
    chapter: dict[str, Any] = {"file": f"{TEACHERS}/index"}
    pages = [p for p in (root / TEACHERS).iterdir() if p.suffix in (".md", ".ipynb")
             and p.stem != "index"]
    if pages:
        chapter["sections"] = [{"glob": f"{TEACHERS}/*"}]
    toc["parts"] = [*toc.get("parts", []), {"caption": "For teachers", "chapters": [chapter]}]
    return toc


#: The configuration's words in each language but English (the title, the footer, myst-nb's
#: code-cell toggles).
_CONFIG_WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "title": "Faire des plis",
        "author": "Les auteurs de Taking Tricks",
        "html": {"extra_footer": (
            "Chaque tableau et chaque exemple commenté de ce livre est calculé par le moteur "
            "trickcore, à partir d'une graine fixe, au moment où le livre est construit.")},
        "sphinx": {"nb_code_prompt_show": "Afficher le code de la cellule",
                   "nb_code_prompt_hide": "Masquer le code de la cellule"},
    },
}


def language_config(config_text: str, language: str) -> dict[str, Any]:
    """The book's configuration for ``language`` (Sphinx must know it before it starts: its own
    words, such as "Search", are chosen when it starts)."""
    import yaml

    config: dict[str, Any] = yaml.safe_load(config_text)
    config["sphinx"]["config"]["language"] = language
    # the pages' code prints in the language (TRICKCORE_LANG): its own execution cache
    config["execute"]["cache"] = f"_build/.jupyter_cache/{language}"
    config["sphinx"]["config"].update(_CONFIG_WORDS.get(language, {}).get("sphinx", {}))
    for key, value in _CONFIG_WORDS.get(language, {}).items():
        if key == "html":
            config["html"].update(value)
        elif key != "sphinx":
            config[key] = value
    return config


def main(argv: list[str]) -> int:
    usage = "usage: editions.py teacher-toc OUT | editions.py config LANGUAGE OUT"
    if len(argv) < 3 or argv[1] not in ("teacher-toc", "config"):
        print(usage, file=sys.stderr)
        return 2
    import yaml

    root = Path(__file__).resolve().parents[2]
    if argv[1] == "teacher-toc" and len(argv) == 3:
        data = teacher_toc((root / "_toc.yml").read_text(encoding="utf-8"), root)
        source = "_toc.yml"
    elif argv[1] == "config" and len(argv) == 4 and argv[2] in LANGUAGES:
        data = language_config((root / "_config.yml").read_text(encoding="utf-8"), argv[2])
        source = "_config.yml"
    else:
        print(usage, file=sys.stderr)
        return 2
    out = Path(argv[-1])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(f"# Generated by book/_ext/editions.py from {source}: do not edit.\n"
                   + yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
