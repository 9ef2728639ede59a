"""The book's HTML templates (book/trickbook/templates/), filled with autoescape on.

A page builder never writes HTML in a Python string: it passes its words and values to a
template, which escapes every one of them, so nothing a sentence or a reason holds can become
markup.  What is HTML already comes from :mod:`trickcore.display` (cards, hands, tables) or
from another template, and is marked so with :func:`html`; a translated sentence whose values
are HTML is filled by :func:`sentence`, which escapes the sentence and its plain values.

>>> render("paragraph.html", text="3 < 4 & 5")
'<p>3 &lt; 4 &amp; 5</p>'
>>> str(sentence("{who} plays {card}", who="<Ann>", card=html("<b>A</b>")))
'&lt;Ann&gt; plays <b>A</b>'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

__all__ = ["TEMPLATES", "Markup", "example", "html", "macro", "paragraph", "render", "sentence"]

#: Where the templates are: book/trickbook/templates/.
TEMPLATES = Path(__file__).resolve().parent / "templates"

_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=False,
)


def html(text: str) -> Markup:
    """``text``, HTML drawn by :mod:`trickcore.display` or by a template, to be kept as it is."""
    return Markup(text)


def sentence(text: str, **values: object) -> Markup:
    """The sentence ``text`` (a translated one, with ``{name}`` places) filled with ``values``:
    the sentence and every value that is not :func:`html` are escaped."""
    return escape(text).format(**values)


def render(template: str, **context: Any) -> str:
    """The template named ``template`` filled with ``context`` (every value escaped unless it
    is :func:`html`)."""
    return _ENVIRONMENT.get_template(template).render(**context)


def macro(template: str, name: str, *args: Any) -> Markup:
    """The macro ``name`` of the template ``template``, called with ``args``: a small part
    (a word in code, a strong word) drawn as the template says.

    >>> str(macro("parts.html", "code", "after-7"))
    '<code>after-7</code>'
    """
    module = _ENVIRONMENT.get_template(template).module
    return Markup(getattr(module, name)(*args))


def paragraph(text: str, cls: str | None = None) -> Markup:
    """A paragraph of ``text`` (escaped unless it is :func:`html` or :func:`sentence`), of
    class ``cls`` if given.

    >>> str(paragraph("Ann wins.", "tc-won"))
    '<p class="tc-won">Ann wins.</p>'
    """
    context: dict[str, Any] = {"text": text} if cls is None else {"text": text, "cls": cls}
    return Markup(render("paragraph.html", **context))


def example(*parts: Markup) -> str:
    """A worked example's block (``tc-example``) holding ``parts``: paragraphs and tables
    (:func:`paragraph`, :func:`html`; a plain string would be escaped).

    >>> example(paragraph("One."), html("<table></table>"), "<b>")
    '<div class="tc-example"><p>One.</p><table></table>&lt;b&gt;</div>'
    """
    return render("example.html", parts=parts)
