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

On a French page, the alt texts of the figures come from the page builders' catalogue
(``book/trickbook/locale``), and the values the page's code glues into its sentences (``{glue:text}``) are
pasted into the translated sentences too, and the numbers among them are written the French way
(``0,25``, ``1 000``, ``12,5 %``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms import SphinxTransform
from sphinx.util.i18n import docname_to_domain

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


_NUMBER = re.compile(r"-?\d{1,3}(?:,\d{3})*(?:\.\d+)?%?|-?\d+(?:\.\d+)?%?")


def french_number(text: str) -> str:
    """A number as English writes it, as French does: ``1,234.5`` is ``1 234,5`` (with narrow
    no-break spaces), ``12.5%`` is ``12,5 %``; any other text is left as it is.

    >>> french_number("1,234.5"), french_number("12.5%"), french_number("Ann")
    ('1\u202f234,5', '12,5\u202f%', 'Ann')
    """
    if not _NUMBER.fullmatch(text.strip()):
        return text
    out = text.replace(",", "\u202f").replace(".", ",")
    return out.replace("%", "\u202f%") if out.endswith("%") else out


def _glue_in_translations(app: Sphinx, config: Config) -> None:
    """Let a translated sentence paste the page's glued values, written the French way.

    Sphinx reads a translated sentence as a small document of its own, after the page has been
    read: myst-nb's glue roles then find no glued values ("No key ... found").  The page's own
    reading has already asked for them, so the values are kept by page and given back to the
    translated sentence.  A value that is a number is written the French way on French pages.
    """
    if config.language == "en":
        return
    from myst_nb.ext.glue import directives, roles, utils

    original: Callable[..., Any] = utils.retrieve_glue_data
    kept: dict[str, Any] = {}

    def retrieve(document: nodes.document, key: str) -> Any:
        env = getattr(document.settings, "env", None)
        docname = getattr(env, "docname", None)
        if "nb_renderer" in document:
            kept[str(docname)] = document["nb_renderer"]
        elif docname in kept:
            document["nb_renderer"] = kept[docname]
            try:
                return original(document, key)
            finally:
                del document["nb_renderer"]
        return original(document, key)

    format_text: Callable[[str, str], str] = roles.format_plain_text

    def formatted(text: str, fmt_spec: str) -> str:
        return french_number(format_text(text, fmt_spec))

    roles.retrieve_glue_data = directives.retrieve_glue_data = retrieve
    roles.format_plain_text = formatted


class TranslateToctreeCaptions(SphinxTransform):
    """The parts' captions of the table of contents, in the page's language.

    Jupyter Book puts the table of contents into the root page (sphinx-external-toc's
    transform) after Sphinx has translated the page, so the captions ("The games"...) would stay
    English in the sidebar of every page.  This transform runs after it and translates them from
    the root page's catalogue, where ``make catalogues`` puts them.
    """

    default_priority = 110  # after sphinx-external-toc's InsertToctrees (100)

    def apply(self, **kwargs: Any) -> None:
        if self.config.language == "en":
            return
        import gettext

        domain = docname_to_domain(self.env.docname, self.config.gettext_compact)
        found = [
            gettext.translation(domain, self.env.srcdir / directory, [self.config.language],
                                fallback=True)
            for directory in self.config.locale_dirs
        ]
        for toctree in self.document.findall(addnodes.toctree):
            caption = toctree.get("caption")
            for catalogue in found:
                if caption and catalogue.gettext(caption) != caption:
                    toctree["caption"] = catalogue.gettext(caption)
                    break


def _translate_alt_texts(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """On a French page, the alt text of every image (a figure's, written in its code cell's
    ``mystnb.image.alt``, which no page catalogue holds) in the page builders' catalogue
    (``book/trickbook/locale``): a figure is drawn by code in the reader's language, and its
    words for a reader who cannot see it are too."""
    if app.config.language == "en":
        return
    from trickbook.i18n import _ as translate  # the pages' own helpers (PYTHONPATH=book)
    from trickcore.i18n import language

    with language(app.config.language):
        for image in doctree.findall(nodes.image):
            alt = image.get("alt")
            if alt:
                image["alt"] = translate(" ".join(str(alt).split()))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("doctree-resolved", _translate_alt_texts)
    app.add_transform(TranslateToctreeCaptions)
    app.connect("html-page-context", _alternates)
    app.connect("config-inited", _glue_in_translations)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
