"""trickcore.display, the one renderer of cards, rows, tricks and tables.

The notebook HTML itself is pinned by tests/test_outputs_golden.py; these tests check the
package's shape: what it exports, what it may import, and that its table writer is the
analyses' html_table (same signature, same output) so that the analyses can use it.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from trickcore import display
from trickcore.cards import parse_cards
from trickcore.display import cards as display_cards
from trickcore.display import table_html
from trickcore.study import book_numbers as analysis

DISPLAY = Path(display.__file__).resolve().parent


def test_display_exports_what_display_py_did() -> None:
    before = {"card_html", "card_name", "cards_html", "deal_html", "set_four_colour",
              "state_html", "suit_colour", "trick_html"}
    assert before <= set(display.__all__)
    assert all(callable(getattr(display, name)) for name in display.__all__
               if name[0].islower())
    assert display._settings is display_cards._settings  # the four-colour switch is shared


def test_display_files_are_short() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in DISPLAY.glob("*.py")}
    assert max(sizes.values()) < 500, sizes


def test_display_needs_no_notebook_or_plotting_library() -> None:
    code = ("import sys, trickcore.display\n"
            "print(sorted(m for m in ('ipywidgets', 'matplotlib', 'IPython', 'numpy')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("caption", "headers", "rows"), [
    ("Two", ["a", "b"], [[1, "x<y"]]),
    ('Quotes "and" <tags> & apostrophe\'s', ["<h>", "&"], [["r1", 2.5, None], ["r2", "", "é"]]),
    ("Empty body", ["only"], []),
    ("", [], [[0]]),
])
def test_table_html_is_the_analyses_html_table(caption: str, headers: list[object],
                                               rows: list[list[object]]) -> None:
    assert table_html(caption, headers, rows) == analysis.html_table(caption, headers, rows)


def test_table_html_takes_the_arguments_of_html_table() -> None:
    old = list(inspect.signature(analysis.html_table).parameters)
    new = inspect.signature(table_html).parameters
    assert list(new)[:len(old)] == old
    assert all(new[name].kind is inspect.Parameter.KEYWORD_ONLY for name in list(new)[len(old):])


def test_table_html_options() -> None:
    html = table_html("T", ["<b>x</b>"], [["<i>r</i>", "<b>c</b>"]], escape=False, cls="tc-x")
    assert '<table class="tc-table tc-x">' in html
    assert '<th scope="col"><b>x</b></th>' in html
    assert "<td><b>c</b></td>" in html
    bare = table_html("T", ["h"], [["a", "b"]], bare=True, row_headers=False)
    assert bare == ('<table><caption>T</caption><thead><tr><th scope="col">h</th></tr></thead>'
                    "<tbody><tr><td>a</td><td>b</td></tr></tbody></table>")


def test_a_row_of_cards_in_either_order_and_look() -> None:
    cards = parse_cards("2D JK AS 3C")
    block = display.cards_html(cards, label="Ann")
    assert block.startswith('<div class="tc-row"><span class="tc-label">Ann</span>')
    order = [display.card_html(c) for c in parse_cards("AS 2D 3C JK")]
    assert block.index(order[0]) < block.index(order[1]) < block.index(order[2]) < block.index(
        order[3])
    inline = display.cards_html(cards, order=display.colour_order, inline=True)
    assert inline.startswith('<span class="tc-hand">' + display.card_html(cards[1]))
    unsorted = display.cards_html(cards, order=None, inline=True)
    assert unsorted == ('<span class="tc-hand">' + "".join(map(display.card_html, cards))
                        + "</span>")
    assert display.cards_html([]) == '<div class="tc-row"><em>no cards</em></div>'


def test_backs_and_piles() -> None:
    assert display.backs_html(2).count("tc-back") == 2
    assert 'aria-label="2 face-down cards"' in display.backs_html(2)
    up, covered = parse_cards("AS KH")
    row = display.piles_html([(up, True), (covered, False), (None, False)], label="piles")
    assert row.count('role="group"') == 3
    assert 'aria-label="one face-down card under it"' in row
    assert "<em>empty</em>" in row
