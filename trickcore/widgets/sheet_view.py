"""The score sheet demo: a whole match played by bots, deal by deal."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.rules import Ruleset
from trickcore.rules.registry import get_variant
from trickcore.widgets.controls import html_box, labelled_button, players_for
from trickcore.widgets.demo_model import MatchSheet
from trickcore.widgets.match_html import sheet_html, total_text
from trickcore.widgets.ui_words import ui

__all__ = ["ScoreSheet", "score_sheet"]

_ = ui.gettext


class ScoreSheet(widgets.VBox):  # type: ignore[misc]
    """A whole match played by bots, deal by deal, filling in the score sheet.

    Child widgets: ``step_button`` (play the next deal), ``end_button`` (play to the end),
    ``restart_button``, ``sheet_html`` (the sheet and the result).  ``sheet`` is the
    :class:`MatchSheet`.  ``variant`` is a variant's name or key, or its ruleset.
    """

    def __init__(self, variant: str | Ruleset, players: int, seed: int) -> None:
        self.sheet = MatchSheet(variant, players, seed)
        self._args = (self.sheet.match.ruleset, players, seed)  # to start again: no look-up
        self.title_html = html_box()
        self.step_button = labelled_button(
            _("Play the next deal"), _("The bots play one more deal"))
        self.end_button = labelled_button(
            _("Play to the end"), _("The bots play every remaining deal"))
        self.restart_button = labelled_button(
            _("Start again"), _("Clear the sheet and start the match again")
        )
        self.sheet_html = html_box()
        self.step_button.on_click(self._on_step)
        self.end_button.on_click(self._on_end)
        self.restart_button.on_click(self._on_restart)
        super().__init__(
            [
                self.title_html,
                widgets.HBox([self.step_button, self.end_button, self.restart_button]),
                self.sheet_html,
            ]
        )
        self.refresh()

    def refresh(self) -> None:
        """Redraw the sheet and enable the buttons that still do something."""
        match = self.sheet.match
        code = html.escape(self.sheet.code)
        self.title_html.value = '<h3 style="font-size:1.25em">' + _(
            "Score sheet: {game}, {players} players, seed {seed} (code {code}); every seat is"
            " played by the heuristic bot").format(
            game=html.escape(match.ruleset.title), players=match.players, seed=match.seed,
            code=f'<code data-deal-code="{code}">{code}</code>') + "</h3>"
        over = match.is_over
        self.step_button.disabled = over
        self.end_button.disabled = over
        total = total_text(match)
        if not total:
            total = _("No deal played yet: press <i>Play the next deal</i>.")
        self.sheet_html.value = (sheet_html(match) +
                                 f'<p role="status">{total}</p>')

    def _on_step(self, button: Any) -> None:
        if button.disabled:
            return
        self.sheet.step()
        self.refresh()

    def _on_end(self, button: Any) -> None:
        if button.disabled:
            return
        self.sheet.play_to_end()
        self.refresh()

    def _on_restart(self, _button: Any) -> None:
        self.sheet = MatchSheet(*self._args)
        self.refresh()


def score_sheet(variant: str = "oh-hell", players: int | None = None, seed: int = 1) -> ScoreSheet:
    """A score sheet demo: the bots play a whole match; step through it deal by deal.

    >>> sheet = score_sheet("contract-whist", players=4, seed=7)
    >>> sheet.end_button.click(); sheet.sheet.match.is_over
    True
    """
    ruleset = get_variant(variant)
    return ScoreSheet(ruleset, players_for(ruleset, players), seed)
