"""The play demo's match bar: the bots' strength, and "play the whole match" from a practice hand.

Built apart from :mod:`~trickcore.widgets.hand_view` so that the demo only places the bar and
says what a click does.  CSS hooks: ``tt-match-bar`` (the row), ``tt-strength`` (the strength
buttons), ``tt-match-start`` (the button, shown only in a practice hand).

>>> from trickcore.widgets.match_play import MatchPlay
>>> from trickcore.widgets.demo_model import DealSetup
>>> bar = MatchBar()
>>> bar.strength.value, bar.strength.options
('standard', (('Beginner', 'beginner'), ('Standard', 'standard'), ('Strong', 'strong')))
>>> print(practice_words(MatchPlay(DealSetup.from_code("oh-hell-4-2718-4"))))
Practice: deal 4 of the match, on its own; no match score.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.i18n import N_
from trickcore.players.strength import DEFAULT_STRENGTH, STRENGTHS
from trickcore.widgets.controls import labelled_button
from trickcore.widgets.match_html import past_text, sheet_html, total_text
from trickcore.widgets.match_play import MatchPlay
from trickcore.widgets.ui_words import ui

__all__ = ["MatchBar", "match_words", "practice_words"]

_ = ui.gettext

_LABELS = {"beginner": N_("Beginner"), "standard": N_("Standard"), "strong": N_("Strong")}
_TIPS = {"beginner": N_("The bots play a random legal move"),
         "standard": N_("The bots play by rules of thumb (the hint's bot)"),
         "strong": N_("The bots try each move in many sampled deals and keep the best")}


def practice_words(play: MatchPlay) -> str:
    """What a practice hand says about itself (empty in a match)."""
    if not play.practice:
        return ""
    return _("Practice: deal {deal} of the match, on its own; no match score.").format(
        deal=play.setup.deal)


class MatchBar:
    """The strength buttons and the "whole match" button, in one row (``box``)."""

    def __init__(self) -> None:
        self.strength = widgets.ToggleButtons(
            options=[(_(_LABELS[s]), s) for s in STRENGTHS], value=DEFAULT_STRENGTH,
            description=_("Bots"), tooltips=[_(_TIPS[s]) for s in STRENGTHS],
            style={"description_width": "initial", "button_width": "auto"})
        self.strength.add_class("tt-strength")
        self.start_button = labelled_button(
            _("Play the whole match from deal 1"),
            _("Start this match from its first deal, every score at 0"))
        self.start_button.add_class("tt-match-start")
        self.box = widgets.HBox([self.strength, self.start_button])
        self.box.add_class("tt-match-bar")

    def show(self, play: MatchPlay) -> None:
        """Show the start button only in a practice hand, and the strength in force."""
        self.start_button.layout.display = "" if play.practice else "none"
        self.start_button.disabled = not play.practice
        if self.strength.value != play.strength:
            self.strength.value = play.strength

    def connect(self, on_strength: Any, on_start: Any) -> None:
        """Call ``on_strength(change)`` when the strength changes, ``on_start(button)`` on a
        click of the start button."""
        self.strength.observe(on_strength, names="value")
        self.start_button.on_click(on_start)


def match_words(play: MatchPlay) -> str:
    """The match under the table, as HTML: the practice line, or the score sheet with the
    running totals and the match total, or (before a deal is over) that every score is 0; and
    what happened in the deals before."""
    reader = play.seat
    if play.practice:
        return f"<p>{practice_words(play)}</p>"
    match = play.match() if play.session.finished or play.deals_played else None
    parts = []
    if match is not None and any(d.is_over for d in match.deals):
        parts.append(sheet_html(match, reader=reader,
                                caption=_("The match so far: points and running totals")))
        parts.append('<p role="status">' + _("<b>Match total.</b> {total}").format(
            total=total_text(match, reader=reader)) + "</p>")
    else:  # a game starts at its start: nothing is credited before the reader plays
        parts.append("<p>" + _("A new match: every score is 0.") + "</p>")
    past = past_text(play.past, reader=reader)
    if past:
        parts.append(f"<p>{past}</p>")
    return "".join(parts)
