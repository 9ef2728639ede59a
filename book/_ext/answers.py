"""The ``{answer}`` role: a fact of a deal, computed by trickcore when the book is built.

In a page (usually inside a ``solution``, see docs/EXERCISES.md)::

    {answer}`trick-winner oh-hell-4-2718-5 3` takes the third trick.

The text between the backquotes is ``KIND ARGUMENTS``; :func:`trickbook.answers.answer` computes
it from the deal code and the role shows the result (a ``<span class="tt-answer">``).  An
unknown kind, a bad deal code or an argument the deal cannot answer is an error that names the
page and the line, and fails the build (``-W``).

Solutions are not read at all in the student edition (sphinx-exercise's ``hide_solutions``), so
an answer inside a solution is computed by the teacher edition's build and by
tests/test_exercises.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxRole


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
            value = module.answer(self.text)
        except module.AnswerError as error:
            message = self.inliner.reporter.error(
                f"{{answer}} on page {self.env.docname}: {error}", line=self.lineno)
            problem = self.inliner.problematic(self.rawtext, self.rawtext, message)
            return [problem], [message]
        return [nodes.inline(self.rawtext, value, classes=["tt-answer"])], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("answer", AnswerRole())
    return {"parallel_read_safe": True, "parallel_write_safe": True}
