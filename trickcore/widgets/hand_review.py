"""Looking again at the tricks of this deal: ◀ ▶ "Trick 3 of 7", and back to now.

A part of :class:`~trickcore.widgets.hand_view.HandDemo`: the trick looked at is drawn in the
middle of the felt with its winner and why (:func:`~trickcore.widgets.table_felt.felt_html`,
``review``); any action, a new deal or "Now" comes back to the table as it is.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.widgets.controls import html_box, labelled_button
from trickcore.widgets.ui_words import ui

__all__ = ["TrickReview"]

_ = ui.gettext


class TrickReview:
    """The review row (``tt-review``): ``review_prev``, ``review_next``, ``review_now`` and
    the words ``review_html``; ``reviewing`` is the index of the trick looked at, or None."""

    reviewing: int | None

    def _make_review(self, redraw: Any) -> Any:
        self.reviewing = None
        self._review_redraw = redraw
        self.review_prev = labelled_button("◀", _("Look at the trick before"))
        self.review_next = labelled_button("▶", _("Look at the next trick"))
        self.review_now = labelled_button(_("Now"), _("Back to the table as it is now"))
        self.review_html = html_box()
        self.review_prev.on_click(lambda _b: self._review_step(-1))
        self.review_next.on_click(lambda _b: self._review_step(1))
        self.review_now.on_click(lambda _b: self._review_to(None))
        row = widgets.HBox([self.review_prev, self.review_html, self.review_next,
                            self.review_now], layout=widgets.Layout(align_items="center"))
        row.add_class("tt-review")
        self._review_row = row
        return row

    def _review_step(self, step: int) -> None:
        done = self._tricks_done()
        if not done:
            return
        now = done if self.reviewing is None else self.reviewing
        target = now + step
        self._review_to(None if target >= done else max(target, 0))

    def _review_to(self, index: int | None) -> None:
        self.reviewing = index
        self._review_redraw()

    def _tricks_done(self) -> int:
        raise NotImplementedError

    def _draw_review(self) -> None:
        """The row's state: which way one can go, and which trick is looked at."""
        done = self._tricks_done()
        if self.reviewing is not None and self.reviewing >= done:
            self.reviewing = None
        at = self.reviewing
        self._review_row.layout.display = "" if done else "none"
        self.review_prev.disabled = done == 0 or at == 0
        self.review_next.disabled = at is None
        self.review_now.disabled = at is None
        if at is None:
            self.review_html.value = ("<span>" + ngettext_(done) + "</span>") if done else ""
        else:
            self.review_html.value = '<span role="status"><b>' + _(
                "Trick {number} of {count}").format(number=at + 1, count=done) + "</b></span>"


def ngettext_(done: int) -> str:
    """``2 tricks played``: what the row says while the table shows now."""
    return ui.ngettext("{count} trick played", "{count} tricks played", done).format(count=done)
