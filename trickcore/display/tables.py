"""Tables as HTML: a caption, column headers and rows, the one way trickcore writes a table.

The book's tables (the analyses, the rules pages) are accessible tables in a scrollable region
that keyboard users can reach; the demos draw bare tables inside their own styled box.

>>> print(table_html("Two", ["a", "b"], [[1, "x<y"]]))
<div class="tc-scroll" role="region" tabindex="0" aria-label="Two"><table class="tc-table"><caption>Two</caption><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead><tbody><tr><th scope="row">1</th><td>x&lt;y</td></tr></tbody></table></div>
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

__all__ = ["table_html"]

_NOW = ' class="tc-now" aria-current="true"'


def table_html(caption: str, headers: Sequence[object] | None,
               rows: Iterable[Sequence[object]], *, escape: bool = True, cls: str = "",
               bare: bool = False, row_headers: bool = True,
               current_column: int | None = None) -> str:
    """An accessible HTML table (caption, column and row headers) in a scrollable region that
    keyboard users can reach, styled like the book's other tables; show it with
    ``IPython.display.HTML``.

    The options, all off by default:

    * ``escape=False``: the headers and cells are HTML already (cards, emphasis), written as
      they are; the caption is always text.
    * ``cls``: more classes for the table, after ``tc-table``.
    * ``bare``: a plain ``<table>``, without the scrollable region and the book's class (the
      demos style their own tables).
    * ``headers=None``: no header row (a table whose rows are labelled by their first cell).
    * ``row_headers=False``: the first cell of a row is a plain cell, not a row header.
    * ``current_column``: the cells of this column (0 is the first) are marked as the current
      ones (``class="tc-now"``, ``aria-current``).

    >>> print(table_html("Deals", None, [["Deal", 1, 2]], bare=True, current_column=2))
    <table><caption>Deals</caption><tbody><tr><th scope="row">Deal</th><td>1</td><td class="tc-now" aria-current="true">2</td></tr></tbody></table>
    """
    def text(value: object) -> str:
        return html.escape(str(value)) if escape else str(value)

    head = ""
    if headers is not None:
        head = ("<thead><tr>" + "".join(f'<th scope="col">{text(h)}</th>' for h in headers)
                + "</tr></thead>")
    body = []
    for row in rows:
        cells = []
        for column, value in enumerate(row):
            if column == 0 and row_headers:
                cells.append(f'<th scope="row">{text(value)}</th>')
            else:
                mark = _NOW if column == current_column else ""
                cells.append(f"<td{mark}>{text(value)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    label = html.escape(caption)
    table = f"<caption>{label}</caption>{head}<tbody>{''.join(body)}</tbody></table>"
    if bare:
        return "<table>" + table
    classes = f"tc-table {cls}".strip()
    return (f'<div class="tc-scroll" role="region" tabindex="0" aria-label="{label}">'
            f'<table class="{classes}">{table}</div>')
