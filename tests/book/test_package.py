"""The book's page builders (book/trickbook/) write no HTML in Python strings.

Their HTML is drawn by templates (book/trickbook/templates/, filled by :mod:`trickbook.render`
with autoescape on) or by :mod:`trickcore.display` (cards, hands, tables).  This test reads
every module of the package and fails on any string literal or f-string, other than a
docstring, that holds an HTML tag.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "book" / "trickbook"

#: An opening or closing HTML tag: ``<p>``, ``<div class=...``, ``</span>``.
TAG = re.compile(r"(?<!\?P)<[a-zA-Z/]")  # a regular expression's (?P<name>...) is no tag

#: Modules left out, with the reason (none now: every module draws its HTML with a template).
LEFT_OUT: set[str] = set()


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of the module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def html_in_strings(source: str) -> list[tuple[int, str]]:
    """The line and text of every string literal or f-string part of ``source`` (docstrings
    aside) that holds an HTML tag.

    >>> html_in_strings('x = f"<p>{y}</p>"\\nz = "a < b"\\n')
    [(1, '</p>'), (1, '<p>')]
    """
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docstrings and TAG.search(node.value)):
            found.append((node.lineno, node.value))
    return sorted(found)


def test_the_check_finds_html() -> None:
    assert html_in_strings('x = f"<p>{y}</p>"\nz = "a < b"\n') == [(1, "</p>"), (1, "<p>")]
    assert html_in_strings("w = '<div class=\"tc\">' + x + '</div>'\n") == [
        (1, "</div>"), (1, '<div class="tc">')]
    assert html_in_strings('"""A <p> docstring."""\ns = "<span>"\n') == [(2, "<span>")]
    assert html_in_strings('def f():\n    """<b>doc</b>"""\n    return "ok"\n') == []
    assert html_in_strings('r = re.compile(r"(?P<code>[a-z]+)")\n') == []  # a named group


MODULES = sorted(PACKAGE.glob("*.py"))


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.name)
def test_no_html_in_python_strings(module: Path) -> None:
    if module.name in LEFT_OUT:
        pytest.skip(f"{module.name}: {LEFT_OUT!r} (see LEFT_OUT)")
    found = html_in_strings(module.read_text(encoding="utf-8"))
    assert not found, (f"{module.name} writes HTML in Python strings (use a template in"
                       f" book/trickbook/templates/): {found}")


def test_every_template_escapes() -> None:
    """The templates are filled with autoescape on: a value is text, never markup."""
    from trickbook.render import paragraph, render

    assert str(paragraph("<script>x</script>")) == "<p>&lt;script&gt;x&lt;/script&gt;</p>"
    html = render("quiz.html", key="k", count=1, questions='[{"q": "</div>"}]', help="a & b")
    assert 'data-questions="[{&#34;q&#34;: &#34;&lt;/div&gt;&#34;}]"' in html
    assert '<p class="tt-quiz-help">a &amp; b</p>' in html


def test_every_template_is_used() -> None:
    templates = {p.name for p in (PACKAGE / "templates").iterdir()}
    sources = "".join(p.read_text(encoding="utf-8") for p in MODULES)
    assert templates
    assert all(f'"{name}"' in sources for name in templates), templates
