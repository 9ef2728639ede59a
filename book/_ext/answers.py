"""The ``{answer}`` role: a fact of a deal, computed by trickcore when the book is built.

In a page (usually inside a ``solution``, see docs/EXERCISES.md)::

    {answer}`trick-winner oh-hell-4-2718-5 3` takes the third trick.

The text between the backquotes is ``KIND ARGUMENTS``; :func:`trickbook.answers.answer` computes
it from the deal code and the role shows the result (a ``<span class="tt-answer">``).  An
unknown kind, a bad deal code or an argument the deal cannot answer is an error that names the
page and the line, and fails the build (``-W``).

The answer speaks the edition's language: the role reads Sphinx's ``language`` (``fr`` in the
French edition) and computes the answer in it (:func:`compute`), whatever trickcore's own
language in the Sphinx process is.

Solutions are not read at all in the student edition (sphinx-exercise's ``hide_solutions``):
there, every ``{answer}`` in a page's source is computed when the source is read, so a bad one
inside a solution fails the student build too (tests/book/test_exercises.py replays them all).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

logger = logging.getLogger(__name__)
_ROLE = re.compile(r"\{answer\}`([^`]*)`")


def edition_language(config_language: str | None) -> str:
    """The language an answer is written in, from Sphinx's ``language`` setting.

    >>> edition_language("fr"), edition_language("fr_CA"), edition_language(None), edition_language("de")
    ('fr', 'fr', 'en', 'en')
    """
    from trickcore.i18n import DEFAULT_LANGUAGE, normalize_language

    return normalize_language(config_language or "") or DEFAULT_LANGUAGE


def compute(text: str, config_language: str | None = None) -> str:
    """The answer ``text`` asks for (``KIND ARGUMENTS``), in the edition's language.

    >>> compute("trumps oh-hell-4-2718-5", "fr"), compute("trumps oh-hell-4-2718-5", "en")
    ('cœur (♥)', 'hearts (♥)')
    """
    from trickcore.i18n import language

    module = _answers()
    with language(edition_language(config_language)):
        return module.answer(text)  # type: ignore[no-any-return]


def _answers() -> Any:
    try:
        import trickbook.answers as module
    except ImportError:  # built without PYTHONPATH=book: the page builders sit next to _ext/
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        import trickbook.answers as module
    return module


class AnswerRole(SphinxRole):
    """``{answer}`KIND ARGUMENTS```: the answer, computed from the deal."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        module = _answers()
        try:
            value = compute(self.text, self.config.language)
        except module.AnswerError as error:
            message = self.inliner.reporter.error(
                f"{{answer}} on page {self.env.docname}: {error}", line=self.lineno)
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        return [nodes.inline(self.rawtext, value, classes=["tt-answer"])], []


def _check_hidden(app: Sphinx, docname: str, source: list[str]) -> None:
    """With the solutions hidden, compute every answer of the page's source (in or out of a
    solution) and report the bad ones."""
    if not app.config.hide_solutions:
        return
    module = _answers()
    text = source[0]
    for found in _ROLE.finditer(text):
        try:
            compute(found.group(1), app.config.language)
        except module.AnswerError as error:
            line = text.count("\n", 0, found.start()) + 1
            logger.error("{answer} on page %s: %s", docname, error, location=(docname, line))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("answer", AnswerRole())
    app.connect("source-read", _check_hidden)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
