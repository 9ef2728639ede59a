"""Every translatable message in the code, found by reading the sources (``ast``), not by running them.

A message is the literal first argument (both, for a plural) of one of the calls the project
marks its messages with, and its catalogue (domain) is the one that call looks it up in:

- ``_("...")``, ``N_("...")``, ``ngettext("...", "...", n)``, ``pgettext("context", "...")``:
  trickcore's own catalogue (``trickcore``) in ``trickcore/``; the widgets' and figures'
  (``trickcore_ui``) in a module whose ``_`` is ``ui.gettext`` (``widgets/``, ``plotting/``);
  the page builders' (``trickbook``) in ``book/trickbook/``;
- ``ui.gettext("...")``, ``ui.ngettext(...)``: ``trickcore_ui`` wherever they are;
- the same calls in the code cells of the book's pages (``book/**/*.md``), which import ``_``
  from ``trickbook.i18n``: the page builders' catalogue; and a cell's figure alt text
  (``mystnb: image: alt:``), which the French edition looks up there too
  (``book/_ext/languages.py``), its spaces squeezed as it does.

A call whose argument is not a literal (``_(CONSTANT)``) translates a message marked elsewhere
with ``N_``, so it adds nothing here.

>>> tree = ast.parse('x = _("a"); y = ngettext("{n} deal", "{n} deals", n); z = _(name)')
>>> sorted(found.msgid for found in messages_of(tree, "trickcore", "t.py"))
['a', '{n} deal']
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]

#: Each catalogue's ``.po`` file, by domain.
CATALOGUES: dict[str, Path] = {
    "trickcore": ROOT / "trickcore" / "locale" / "fr" / "LC_MESSAGES" / "trickcore.po",
    "trickcore_ui": ROOT / "trickcore" / "locale" / "fr" / "LC_MESSAGES" / "trickcore_ui.po",
    "trickbook": ROOT / "book" / "trickbook" / "locale" / "fr" / "LC_MESSAGES" / "trickbook.po",
}

#: The modules whose plain ``_`` looks in the widgets' catalogue: they import it from here.
_UI_MODULES = ("trickcore.widgets.ui_words", "trickcore.plotting.style")


@dataclasses.dataclass(frozen=True)
class Message:
    """One message as the code writes it: its id, plural id (or ``None``), context, and where."""

    domain: str
    msgid: str
    plural: str | None
    context: str | None
    where: str

    @property
    def key(self) -> tuple[str | None, str]:
        """How a catalogue files it: (context, id)."""
        return (self.context, self.msgid)


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def plain_domain(tree: ast.Module, default: str) -> str:
    """The catalogue a module's plain ``_`` (and ``N_``, ``ngettext``) uses.

    >>> plain_domain(ast.parse("ui = catalogue('trickcore_ui')\\n_ = ui.gettext"), "trickcore")
    'trickcore_ui'
    """
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "_" for t in node.targets):
            value = node.value
            if (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                    and value.value.id == "ui"):
                return "trickcore_ui"
        if (isinstance(node, ast.ImportFrom) and node.module in _UI_MODULES
                and any(alias.name == "_" for alias in node.names)):
            return "trickcore_ui"
    return default


def messages_of(tree: ast.Module, default: str, where: str) -> Iterator[Message]:
    """The messages of one module's tree; ``default`` is its plain ``_``'s catalogue."""
    plain = plain_domain(tree, default)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func, args = node.func, node.args
        if isinstance(func, ast.Name):
            name, domain = func.id, plain
        elif (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
              and func.value.id == "ui"):
            name, domain = func.attr, "trickcore_ui"
        else:
            continue
        at = f"{where}:{node.lineno}"
        first = _literal(args[0])
        if name in ("_", "N_", "gettext") and first is not None:
            yield Message(domain, first, None, None, at)
        elif name == "ngettext" and len(args) >= 2 and first is not None:
            plural = _literal(args[1])
            if plural is not None:
                yield Message(domain, first, plural, None, at)
        elif name == "pgettext" and len(args) >= 2 and first is not None:
            text = _literal(args[1])
            if text is not None:
                yield Message(domain, text, None, first, at)


#: A MyST code cell: its fence, its options, its source.
_CODE_CELL = re.compile(r"^(`{3,})\{code-cell\}[^\n]*\n(.*?)^\1[ \t]*$", re.M | re.S)


def page_cells(text: str) -> Iterator[tuple[int, str, dict[str, object]]]:
    """The code cells of a MyST page: (the line of its fence, its Python, its YAML options).

    >>> page = "Text\\n```{code-cell} ipython3\\n---\\nmystnb: {image: {alt: A bar}}\\n---\\nx = 1\\n```\\n"
    >>> list(page_cells(page))
    [(2, '\\n\\n\\n\\nx = 1\\n', {'mystnb': {'image': {'alt': 'A bar'}}})]
    """
    for match in _CODE_CELL.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        lines = match.group(2).split("\n")[:-1]
        # The options (``:key: value`` lines, or a YAML block between ``---`` lines) and the
        # magics become blank lines, so that the lines keep their numbers.
        options = lines.index("---", 1) + 1 if lines[:1] == ["---"] and "---" in lines[1:] else 0
        body = "".join("\n" if i < options or raw.startswith((":", "%", "!")) else raw + "\n"
                       for i, raw in enumerate(lines))
        settings = yaml.safe_load("\n".join(lines[1:options - 1])) if options else None
        yield line, "\n" + body, settings if isinstance(settings, dict) else {}


def _alt_text(settings: dict[str, object]) -> str | None:
    mystnb = settings.get("mystnb")
    image = mystnb.get("image") if isinstance(mystnb, dict) else None
    alt = image.get("alt") if isinstance(image, dict) else None
    return alt if isinstance(alt, str) else None


def code_messages() -> list[Message]:
    """Every message in ``trickcore/``, ``book/trickbook/`` and the pages' code cells, in file
    and line order."""
    found: list[Message] = []
    for folder, default in (("trickcore", "trickcore"), ("book/trickbook", "trickbook")):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            found += messages_of(tree, default, str(path.relative_to(ROOT)))
    for path in sorted((ROOT / "book").rglob("*.md")):
        where = str(path.relative_to(ROOT))
        for line, source, settings in page_cells(path.read_text(encoding="utf-8")):
            tree = ast.parse(source, filename=str(path))
            ast.increment_lineno(tree, line - 1)
            found += messages_of(tree, "trickbook", where)
            alt = _alt_text(settings)
            if alt:
                found.append(Message("trickbook", " ".join(alt.split()), None, None,
                                     f"{where}:{line}"))
    return found
