"""Keep the built site self-contained and accessible.

No page may load anything from outside the site.

Jupyter Book 1 always enables sphinx-thebe, which writes the address of thebe's JavaScript on a
public CDN into every page (used only when a reader presses a "launch" button, which this book
does not have).  This extension drops those script tags, and then checks every page's scripts
and style sheets: one that points outside the site is reported as a warning, which fails the
``-W`` build.

It also drops the theme's Font Awesome script (1.5 MB; its web font already draws the icons),
and repairs five accessibility faults of the theme's page furniture (found by axe-core in
the browser tests), by rewriting the built pages at the end of the build:

* the sidebar's expand/collapse toggles (``<summary>``) have no text: they get an accessible name;
* the search box's label ("Search") hides its visible keyboard hint: the label is dropped, so the
  button is named by its own text;
* the "Show code cell source" toggles are labelled "Toggle hidden content", which hides their
  visible text: the label is dropped;
* bibliography entries carry the deprecated role ``doc-biblioentry`` inside a list: they become
  list items;
* the colour-mode button's icons carry titles ("Light", "Dark") that do not match its label
  ("Color mode"): the icons' titles are dropped.

The themes copy two Jinja template fragments into ``_static/`` (``webpack-macros.html`` and
``sbt-webpack-macros.html``, the sources of their ``<link>`` and ``<script>`` tags, which the
pages already carry): opened as pages they ask for addresses such as ``{{ pathto(...) }}``.
They are removed from the built site.

Jupyter Book writes the site's root ``index.html`` as a bare redirect (one ``<meta>`` tag) to
the first page: with no icon named, the browser asks for ``/favicon.ico`` and logs a 404 in the
console.  It becomes a small page: language, title, the book's icon, the redirect and a link.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

_REMOTE = ("http://", "https://", "//")


def _is_thebe(asset: Any) -> bool:
    filename = str(getattr(asset, "filename", asset) or "")
    body = str(getattr(asset, "attributes", {}).get("body", ""))
    return "sphinx-thebe" in filename or "THEBE_JS_URL" in body


def _clean(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
           doctree: Any) -> None:
    scripts = context.get("script_files")
    if scripts is not None:
        scripts[:] = [s for s in scripts if not _is_thebe(s)]
    for key in ("script_files", "css_files"):
        for asset in context.get(key) or ():
            filename = str(getattr(asset, "filename", asset) or "")
            if filename.startswith(_REMOTE):
                logger.warning("%s: %s loads %s from outside the site", pagename, key, filename)


#: The theme's words that its French catalogue lacks (sphinx-book-theme and pydata-sphinx-theme).
_THEME_WORDS = {
    "fr": (
        ('title="Toggle primary sidebar"', 'title="Afficher ou masquer le menu des pages"'),
        ('title="Toggle secondary sidebar"', 'title="Afficher ou masquer le sommaire de la page"'),
        ('aria-label="Search..."', 'aria-label="Rechercher…"'),
        ('placeholder="Search..."', 'placeholder="Rechercher…"'),
        ('aria-label="Main"', 'aria-label="Principal"'),
    ),
}
#: sphinx-exercise titles a solution "Solution de Exercice 2.25" in French: written as French
#: writes it, "Solution de l'exercice 2.25" (the link stays on the exercise's words).
_SOLUTION_TITLE = {
    "fr": (re.compile(r'Solution de(<a class="reference internal" href="[^"]*">) ?Exercice'),
           "Solution de l\u2019\\1exercice"),
}
#: The sidebar toggles' accessible name, in each language of the book.
_TOGGLE_NAME = {"en": "Show or hide the pages of this chapter",
                "fr": "Afficher ou masquer les pages de ce chapitre"}
_TOGGLE = '<summary><span class="toctree-toggle" role="presentation">'
_REPAIRS = (
    ('class="btn search-button-field search-button__button pst-js-only" title="Search"'
     ' aria-label="Search"',
     'class="btn search-button-field search-button__button pst-js-only" title="Search"'),
    ('data-mode="light" title="Light"', 'data-mode="light"'),
    ('data-mode="dark"  title="Dark"', 'data-mode="dark"'),
    ('data-mode="auto"  title="System Settings"', 'data-mode="auto"'),
    # The same in the French edition (the theme's own French words).
    ('class="btn search-button-field search-button__button pst-js-only" title="Recherche"'
     ' aria-label="Recherche"',
     'class="btn search-button-field search-button__button pst-js-only" title="Recherche"'),
    ('data-mode="light" title="Clair"', 'data-mode="light"'),
    ('data-mode="dark"  title="Sombre"', 'data-mode="dark"'),
    ('data-mode="auto"  title="Paramètres système"', 'data-mode="auto"'),
    ('<summary aria-label="Toggle hidden content">', "<summary>"),
)
# Docutils marks bibliography entries with the deprecated role doc-biblioentry inside a
# role="list": screen readers then find a list without items.
_BIBLIOENTRY = re.compile(r'(<div class="citation" id="[^"]*") role="doc-biblioentry"')
# The theme draws its icons twice: with Font Awesome's web font (in its style sheet) and with
# Font Awesome's 1.5 MB script, which swaps each icon for an SVG.  The font is enough.
_FONTAWESOME_JS = re.compile(r'<script defer src="[^"]*_static/scripts/fontawesome\.js[^"]*">'
                             r"</script>\s*")


#: The themes' template fragments copied into _static/ (not pages; see the docstring).
_TEMPLATES = ("webpack-macros.html", "sbt-webpack-macros.html")


_REDIRECT = re.compile(r'\s*<meta http-equiv="Refresh" content="0; url=([^"]+)" />\s*')
_ROOT_PAGE = """<!doctype html>
<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="_static/favicon.svg">
<meta http-equiv="Refresh" content="0; url={url}"></head>
<body><p><a href="{url}">{title}</a></p></body></html>
"""


def _root_page(app: Sphinx) -> None:
    root = Path(app.outdir) / "index.html"
    found = _REDIRECT.fullmatch(root.read_text(encoding="utf-8")) if root.is_file() else None
    if found and (Path(app.outdir) / "_static" / "favicon.svg").is_file():
        title = html.escape(str(app.config.html_title or app.config.project))
        language = html.escape(str(app.config.language or "en"))
        root.write_text(_ROOT_PAGE.format(title=title, url=found.group(1), language=language),
                        encoding="utf-8")


def _repair(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    _root_page(app)
    for name in _TEMPLATES:
        (Path(app.outdir) / "_static" / name).unlink(missing_ok=True)
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        fixed = text
        for old, new in _REPAIRS:
            fixed = fixed.replace(old, new)
        for old, new in _THEME_WORDS.get(app.config.language, ()):
            fixed = fixed.replace(old, new)
        if app.config.language in _SOLUTION_TITLE:
            pattern, replacement = _SOLUTION_TITLE[app.config.language]
            fixed = pattern.sub(replacement, fixed)
        name = _TOGGLE_NAME.get(app.config.language, _TOGGLE_NAME["en"])
        fixed = fixed.replace(_TOGGLE, f'<summary aria-label="{name}">{_TOGGLE[9:]}')
        fixed = _FONTAWESOME_JS.sub("", fixed)
        fixed = _BIBLIOENTRY.sub(r'\1 role="listitem"', fixed)
        if fixed != text:
            page.write_text(fixed, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _clean, priority=900)
    app.connect("build-finished", _repair)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
