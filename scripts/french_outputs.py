"""English left in the outputs of a page's code run in French, without building the book.

    python scripts/french_outputs.py book/numbers/holdings.md [more pages...]

Each page (a MyST notebook) is read as myst-nb reads it and its code cells run in a kernel with
``TRICKCORE_LANG=fr`` (as the French edition runs them), from the page's folder, with the page
builders (``book/``) importable.  The outputs a reader sees (HTML, text, and the figures' ``alt`` texts, which the French edition
looks up in the page builders' catalogue ``book/trickbook/locale``) go through
the French edition's test (``tests/browser/french_text.py``): every English sentence left is
printed with its page.  The prose is not checked here (it comes from the page's catalogue in
``locales/fr``); the built French edition's browser test checks both.  Exit 1 if any is left.
"""

from __future__ import annotations

import html
import os
import sys
from pathlib import Path

import nbclient
from myst_nb.core.read import read_myst_markdown_notebook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from french_text import english_left, english_names  # noqa: E402


def outputs_html(page: Path) -> str:
    """The page's code outputs, run in French, as one HTML document."""
    notebook = read_myst_markdown_notebook(page.read_text(encoding="utf-8"))
    os.environ["TRICKCORE_LANG"] = "fr"
    os.environ["PYTHONPATH"] = str(ROOT / "book") + os.pathsep + os.environ.get("PYTHONPATH", "")
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(page.parent)}})
    client.execute()
    sys.path.insert(0, str(ROOT / "book"))
    from trickcore.i18n import language

    from trickbook.i18n import _ as translate

    parts = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        alt = cell.metadata.get("mystnb", {}).get("image", {}).get("alt")
        if alt:  # the French edition looks it up in the page builders' catalogue
            with language("fr"):
                shown = translate(" ".join(str(alt).split()))
            parts.append(f'<img alt="{html.escape(shown)}">')
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                parts.append(str(data["text/html"]))
            elif "image/svg+xml" in data:
                parts.append(str(data["image/svg+xml"]))
            # Text outputs are drawn as code (<pre>) on the site, which the test leaves out.
    return "<html lang='fr'><body>" + "\n".join(parts) + "</body></html>"


def main(argv: list[str]) -> int:
    names = english_names()
    worst = 0
    for name in argv:
        left = english_left(outputs_html(Path(name).resolve()), names)
        for text in left:
            print(f"{name}: {text}")
        print(f"{name}: {len(left)} English sentence(s) left in the outputs", file=sys.stderr)
        worst = worst or (1 if left else 0)
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
