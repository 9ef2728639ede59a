"""The table mode where the page runs no script of its own: JupyterLab, JupyterLite, Voilà.

The book's live table has a table mode of its own (``scripts/live_table.js``: the table takes
the whole window, its tools in a menu).  In a notebook there is no window to take: the table
mode is the output area.  "Table mode" keeps, of the whole demo, only what a player needs on
one screen (the title, the felt, the prompt, the reader's bids or cards, Hint, Undo, Next deal,
the hook's sentence and, at the end, the score); "Menu" shows the other tools (start again,
four colours, speed, the seat, the bots, the hand's worth, the review, the score sheet, what
happened, the deal code) in the table's place, and "Back to the table" brings the table back.
Both are classes on the demo (``tt-view-table``, ``tt-view-menu``) that the style below reads,
so a part that shows or hides itself (the hand's worth, the review) keeps doing so in the
page; in the book's live table and its snapshot (``.tt-live-area``, ``.tt-snapshot-static``)
this bar is hidden, its own table mode being there.

>>> import ipywidgets as widgets
>>> demo = widgets.VBox()
>>> view = TableView(demo)
>>> view.table.value = True
>>> sorted(demo._dom_classes), view.menu.layout.display
(['tt-view-table'], '')
>>> view.menu.value = True
>>> sorted(demo._dom_classes), view.menu.description
(['tt-view-menu', 'tt-view-table'], 'Back to the table')
>>> view.table.value = False
>>> demo._dom_classes, view.menu.value, view.menu.layout.display
((), False, 'none')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.widgets.controls import html_box, labelled_toggle
from trickcore.widgets.ui_words import ui

__all__ = ["VIEW_CSS", "TableView"]

_ = ui.gettext

#: The parts of a hand demo that the table mode puts in its menu, and those the menu covers.
_MENU_PARTS = (".tt-seat", ".tt-review", ".tt-worth", ".tt-trick", ".tt-match-bar",
               ".tt-coach-box", ".tt-match", ".tt-log", ".tt-paste")
_TABLE_PARTS = (".tt-table", ".tt-prompt", ".tt-actions", ".tt-message", ".tt-hint", ".tt-why",
                ".tt-trick", ".tt-result-box")
_ON_TABLE = ".tt-hand-demo.tt-view-table:not(.tt-view-menu)"
_IN_MENU = ".tt-hand-demo.tt-view-menu"
_HIDE = "{display:none!important}"

#: The table mode's rules (a hidden part wins over its own ``display``: ``!important``).
VIEW_CSS = (
    ".tt-live-area .tt-view-bar,.tt-snapshot-static .tt-view-bar,.tt-view-bar>.tt-view-style"
    + _HIDE + ".tt-view-bar{gap:4px;flex-wrap:wrap}"
    ".tt-view-bar .jupyter-button{min-height:44px;min-width:44px}"
    + ",".join(f"{_ON_TABLE}>{part}" for part in _MENU_PARTS) + _HIDE
    + f"{_ON_TABLE}>.tt-tools>:not(.tt-hint-button):not(.tt-undo-button):not(.tt-next-button)"
    + _HIDE
    + f"{_ON_TABLE}:not(:has(.tt-result-code,.tt-result))>.tt-score" + _HIDE
    + ",".join(f"{_IN_MENU}>{part}" for part in _TABLE_PARTS) + _HIDE
    # the notebook keeps its scroll while the table changes under it: without this, the
    # browser's scroll anchoring may pick a part of the demo below one that shrinks (the
    # hook's sentence gone after the bid) and scroll the notebook to keep it in place
    + ".tt-hand-demo.tt-view-table{overflow-anchor:none}"
    + f"{_ON_TABLE} .tt-title h3{{font-size:1em!important;margin:.2em 0!important}}"
    f"{_ON_TABLE} .tt-title .tt-practice{{margin:0;font-size:.9em}}"
)


class TableView:
    """The "Table mode" and "Menu" toggles of one demo, and the classes they set on it."""

    def __init__(self, demo: Any) -> None:
        self.demo = demo
        self.table = labelled_toggle(
            _("Table mode"),
            _("Just the table: the felt, your turn and your cards; the other tools in a menu"))
        self.menu = labelled_toggle(
            _("Menu"), _("The other tools: start again, the seat, the bots, the score sheet,"
                         " what happened, the deal code"))
        self.menu.layout.display = "none"
        for toggle in (self.table, self.menu):
            toggle.observe(lambda _change: self.show(), names="value")
        style = html_box(f"<style>{VIEW_CSS}</style>")
        style.add_class("tt-view-style")
        self.box = widgets.HBox([style, self.table, self.menu])
        self.box.add_class("tt-view-bar")
        self.show()

    def show(self) -> None:
        """Set the demo's classes, and the toggles' words, from the toggles."""
        on_table = bool(self.table.value)
        if not on_table and self.menu.value:
            self.menu.value = False  # observed: shows again, with the menu closed
            return
        in_menu = on_table and bool(self.menu.value)
        for name, wanted in (("tt-view-table", on_table), ("tt-view-menu", in_menu)):
            (self.demo.add_class if wanted else self.demo.remove_class)(name)
        self.menu.layout.display = "" if on_table else "none"
        self.menu.description = _("Back to the table") if in_menu else _("Menu")
