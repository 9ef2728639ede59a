"""Make the book's tutorial pages from the tutorial notebooks.

The tutorials are written as Jupyter notebooks in ``notebooks/tutorials/`` (committed without
outputs, run by ``pytest --nbmake notebooks/``).  The book shows each one as a MyST text notebook
in ``book/experiment/``, executed when the book is built.  This script writes those pages:

    python scripts/tutorial_pages.py           # write the pages
    python scripts/tutorial_pages.py --check   # exit 1 if a page is not up to date

Only the notebooks are edited by hand.  The pages differ from them in three ways: a note under
the title says where the notebook is, links between notebooks point at the pages, and cell
metadata (such as the alt text of a plot, ``mystnb.image.alt``) becomes the cell's options.
``tests/test_api.py`` checks that the pages are up to date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks" / "tutorials"
PAGES = ROOT / "book" / "experiment"

#: notebook file name -> book page file name, in reading order.
TUTORIALS = {
    "first_steps.ipynb": "first-steps.md",
    "write_a_bot.ipynb": "write-a-bot.md",
    "probability_question.ipynb": "probability-question.md",
    "house_rules.ipynb": "house-rules.md",
    "solve_a_deal.ipynb": "solve-a-deal.md",
    "your_own_experiment.ipynb": "your-own-experiment.md",
}
#: Link targets in the notebooks, and what they become in the book.
LINKS = {**{f"]({nb})": f"]({page})" for nb, page in TUTORIALS.items()},
         "](../../book/experiment/api.md)": "](api.md)"}

HEADER = """\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
    format_version: 0.13
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

% Generated from notebooks/tutorials/{notebook} by scripts/tutorial_pages.py:
% edit the notebook, then run the script.
"""

NOTE = """
:::{{note}}
This page is the notebook `notebooks/tutorials/{notebook}`, run when the book was built.
To run it yourself and change it, open it in JupyterLab: `make lab` in a copy of the
repository (see {{doc}}`index`).
:::
"""

#: Cell metadata that becomes the options of a code cell; the rest (ids, collapsed, ...) is
#: left out of the page.
_OPTIONS = ("tags", "mystnb")


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)
    return text.strip("\n")


def _markdown(text: str) -> str:
    for old, new in LINKS.items():
        text = text.replace(old, new)
    return text


def page_text(notebook: Path) -> str:
    """The MyST page for one tutorial notebook."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    parts: list[str] = [HEADER.format(notebook=notebook.name)]
    previous = None
    for index, cell in enumerate(data["cells"]):
        kind = cell["cell_type"]
        text = _source(cell)
        if kind == "markdown":
            text = _markdown(text)
            if index == 0:
                title, _, rest = text.partition("\n")
                if not title.startswith("# "):
                    raise SystemExit(f"{notebook.name}: the first cell must start with the title")
                text = title + "\n" + NOTE.format(notebook=notebook.name) + rest
            elif previous == "markdown":
                parts.append("+++\n")
            parts.append(text + "\n")
        elif kind == "code":
            options = {key: cell["metadata"][key] for key in _OPTIONS
                       if key in cell.get("metadata", {})}
            lines = ["```{code-cell} ipython3"]
            if options:
                front = yaml.safe_dump(options, sort_keys=False, allow_unicode=True, width=100)
                lines += ["---", front.rstrip("\n"), "---"]
            lines += [text, "```"]
            parts.append("\n".join(lines) + "\n")
        else:
            raise SystemExit(f"{notebook.name}: cell {index} is a {kind} cell")
        previous = kind
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for notebook_name, page_name in TUTORIALS.items():
        text = page_text(NOTEBOOKS / notebook_name)
        page = PAGES / page_name
        if check:
            if not page.exists() or page.read_text(encoding="utf-8") != text:
                stale.append(str(page.relative_to(ROOT)))
        else:
            page.write_text(text, encoding="utf-8")
            print(f"wrote {page.relative_to(ROOT)}")
    if stale:
        print("out of date (run python scripts/tutorial_pages.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
