"""The book in two languages: every page links to the same page in the other one.

The English edition is built into ``_build/html/`` and the French one into ``_build/html/fr/``
(the teacher edition likewise into ``_build/teacher/`` and ``_build/teacher/fr/``), from the same
sources and table of contents.  So the page ``book/humbug`` is ``book/humbug.html`` in one and
``fr/book/humbug.html`` in the other, and each page can name its counterpart by a relative
address, which works wherever the site is served from.

Each page gets, in its ``<head>``, a ``<link rel="alternate" hreflang="..">`` to its counterpart
(and one to itself): the book's script (``taking-tricks.js``) turns it into the visible switch in
the page's header, keeping the address's query (``?deal=``...) and fragment.  The link is in the
HTML, so a reader without scripts or a search engine still finds it.
"""

from __future__ import annotations

import html
from typing import Any

from sphinx.application import Sphinx

#: The languages of the book, with their folder under the English site ("" is the root).
FOLDERS = {"en": "", "fr": "fr/"}
NAMES = {"en": "English", "fr": "Français"}


def counterpart(pagename: str, language: str, other: str) -> str:
    """The address of ``pagename`` in ``other``, relative to the page in ``language``.

    >>> counterpart("book/humbug", "en", "fr")
    '../fr/book/humbug.html'
    >>> counterpart("book/humbug", "fr", "en")
    '../../book/humbug.html'
    >>> counterpart("index", "fr", "fr")
    'index.html'
    """
    if other == language:
        return pagename.rsplit("/", 1)[-1] + ".html"
    up = "../" * (pagename.count("/") + (1 if FOLDERS[language] else 0))
    return f"{up}{FOLDERS[other]}{pagename}.html"


def _alternates(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                doctree: Any) -> None:
    if app.builder.format != "html":
        return
    language = app.config.language if app.config.language in FOLDERS else "en"
    tags = [
        f'<link rel="alternate" hreflang="{other}" title="{html.escape(NAMES[other])}" '
        f'href="{html.escape(counterpart(pagename, language, other))}" />'
        for other in FOLDERS
    ]
    context["metatags"] = context.get("metatags", "") + "\n" + "\n".join(tags)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _alternates)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
