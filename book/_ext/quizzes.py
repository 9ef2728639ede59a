"""The self-check quizzes' script and style sheets, served by the site itself.

A page's quiz (``quiz.show(...)``, :mod:`trickbook.quiz`) is only its element, with the
questions in a data attribute.  This extension writes the script that draws it (jupyterquiz's,
without its CDN fallback) and jupyterquiz's style sheet into the site's ``_static/quiz/``, and
adds them, with the book's own ``quizzes.css`` (book/_assets/), to each page that holds a quiz,
and to no other page.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

#: The mark of a page that holds a quiz (templates/quiz.html).
_QUIZ_CLASS = 'class="tt-quiz"'


def _quiz() -> Any:
    try:
        import trickbook.quiz as module
    except ImportError:  # built without PYTHONPATH=book: the page builders sit next to _ext/
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        import trickbook.quiz as module
    return module


def _page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: Any) -> None:
    if _QUIZ_CLASS in context.get("body", ""):
        module = _quiz()
        app.add_css_file(module.STYLE_FILE)
        app.add_css_file("quizzes.css")
        app.add_js_file(module.SCRIPT_FILE)


def _write_assets(app: Sphinx) -> None:
    # Written before the pages, so that their links carry the files' checksums (``?v=``).
    if app.builder.format == "html":
        _quiz().write_assets(Path(app.outdir) / "_static")


def setup(app: Sphinx) -> dict[str, Any]:
    # Before offline_site's check (priority 900), which reports any outside asset.
    app.connect("html-page-context", _page_assets, priority=800)
    app.connect("builder-inited", _write_assets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
