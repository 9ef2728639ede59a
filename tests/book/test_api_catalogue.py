"""The API page's French follows its docstrings.

The API page (``book/experiment/api.md``) is made by autodoc from the engine's docstrings, so a
docstring changed in the code changes an English message of that page; until its catalogue
(``locales/fr/LC_MESSAGES/book/experiment/api.po``) has the new message, the French page shows
the English.  The browser test of the built French edition sees that an hour later; this test sees
it from the sources: every paragraph (and list item) of every documented docstring is in a
message of the catalogue.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

pytestmark = pytest.mark.pure_only  # the sources and the catalogue: the same in both builds

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "book" / "experiment" / "api.md"
CATALOGUE = ROOT / "locales" / "fr" / "LC_MESSAGES" / "book" / "experiment" / "api.po"

_DIRECTIVE = re.compile(r"^\.\. auto(function|class|data|method|attribute):: ([\w.]+)")
_MEMBERS = re.compile(r"^   :members:(.*)$")
_EXCLUDED = re.compile(r"^   :exclude-members:(.*)$")
_ITEM = re.compile(r"^(?:[-*]|\d+\.) ")


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def _resolve(dotted: str) -> object:
    """The object named ``dotted`` (a module's attribute, or a class's)."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found
    raise LookupError(dotted)


def _documented() -> Iterator[tuple[str, object]]:
    """Each object the page documents, with the members its directive names."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        name = match.group(2)
        target = _resolve(name)
        yield name, target
        options = []
        for option in lines[number + 1:]:
            if not option.startswith("   :"):
                break
            options.append(option)
        excluded = {m.strip() for option in options if (found := _EXCLUDED.match(option))
                    for m in found.group(1).split(",")}
        for option in options:
            members = _MEMBERS.match(option)
            if members is None or not inspect.isclass(target):
                continue
            wanted = [m.strip() for m in members.group(1).split(",") if m.strip()]
            own = vars(target)
            for member in wanted or [m for m in own if not m.startswith("_")]:
                if member in own and member not in excluded:
                    yield f"{name}.{member}", getattr(target, member)


def _own_doc(target: object) -> str:
    """The docstring written for ``target`` itself (a function, class or property), not one
    inherited from its type (a dict's, an enum member's): autodoc takes those from the
    source's ``#:`` comments, which this test does not read."""
    if not (inspect.isroutine(target) or inspect.isclass(target)
            or isinstance(target, property)):
        return ""
    doc = target.__doc__
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _paragraphs(doc: str) -> Iterator[str]:
    """The prose of a docstring as the gettext builder cuts it: paragraphs and list items,
    without doctests, literal blocks and directives."""
    for block in re.split(r"\n\s*\n", doc):
        lines = block.splitlines()
        if not lines or lines[0].startswith((">>>", "..", " ", ":")):
            continue
        items: list[list[str]] = []
        for text in lines:
            if _ITEM.match(text) or not items:
                items.append([_ITEM.sub("", text)])
            else:
                items[-1].append(text)
        for item in items:
            words = _squeeze(" ".join(item))
            yield words[:-1] if words.endswith("::") else words


@cache
def _messages() -> tuple[str, ...]:
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    return tuple(_squeeze(m.id) for m in catalogue if isinstance(m.id, str) and m.string)


def test_every_docstring_paragraph_of_the_api_page_has_its_french() -> None:
    messages = _messages()
    missing = [(name, text[:90]) for name, target in _documented()
               for text in _paragraphs(_own_doc(target))
               if not any(text in message for message in messages)]
    assert not missing, (
        f"{len(missing)} docstring paragraph(s) of the API page have no French in "
        f"{CATALOGUE.relative_to(ROOT)} (run make catalogues): {missing[:5]}")


def test_the_page_documents_what_this_test_reads() -> None:
    """The directive reader finds the page's objects (else the test above checks nothing)."""
    names = [name for name, _target in _documented()]
    assert len(names) > 50
    assert "trickcore.solve_fewest" in names
