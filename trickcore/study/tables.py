"""An HTML table for the studies' results, as the book's pages show them.

The display layer's table renderer replaces this at the merge of issue 12 (one renderer for
cards, hands and tables); until then its output stays exactly as it was.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

__all__ = ["html_table"]


# To be replaced by the display layer's table renderer (trickcore.display) at the merge; the
# output must stay byte for byte the same.
def html_table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """An accessible HTML table (caption, column and row headers) in a scrollable region that
    keyboard users can reach, styled like the book's other tables; show it with
    ``IPython.display.HTML``.

    >>> print(html_table("Two", ["a", "b"], [[1, "x<y"]]))
    <div class="tc-scroll" role="region" tabindex="0" aria-label="Two"><table class="tc-table"><caption>Two</caption><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead><tbody><tr><th scope="row">1</th><td>x&lt;y</td></tr></tbody></table></div>
    """
    head = "".join(f'<th scope="col">{html.escape(str(h))}</th>' for h in headers)
    body = []
    for row in rows:
        first, *rest = (html.escape(str(c)) for c in row)
        body.append(f'<tr><th scope="row">{first}</th>'
                    + "".join(f"<td>{c}</td>" for c in rest) + "</tr>")
    label = html.escape(caption)
    return (f'<div class="tc-scroll" role="region" tabindex="0" aria-label="{label}">'
            f'<table class="tc-table"><caption>{label}</caption><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")
