"""The "Review this hand" panel: the student's cards marked against double-dummy play, the first
slip and its cost, each card's reason, and the best line with ◀ ▶, card by card.

The analysis is :func:`trickcore.study.review.review_hand`; :func:`review_html` draws it (plain
HTML, so a static page shows it too); :class:`ReviewPanel` is the button and the panel in the
play demo (:class:`~trickcore.widgets.hand_view.HandDemo` adds it with a hook of two lines).

Hooks: the root ``tt-coach`` carries ``data-review-state`` (``working``, then ``ready``); each card
``tt-coach-card`` with ``tt-coach-keeps`` or ``tt-coach-loses`` and ``data-mark`` (``keeps`` or
``loses``), the first slip also ``tt-coach-slip``; the line ``tt-coach-line``, its step
``data-line-step``.  A mark is a word and a symbol (✓ keeps, ✗ loses), with a blue or orange
edge (colour-blind safe, never colour alone).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.display import seat_label
from trickcore.display.faces import card_svg
from trickcore.engine.events import Phase
from trickcore.study.review import Review, review_hand
from trickcore.widgets import page_runner
from trickcore.widgets.controls import html_box, labelled_button
from trickcore.widgets.ui_words import ui

__all__ = ["COACH_CSS", "ReviewPanel", "review_html"]

_ = ui.gettext

#: The panel's look: 44 px controls, no sideways scroll at 375 px, marks by word, symbol and an
#: edge (blue #0072b2 keeps, orange #d55e00 loses: the Okabe-Ito pair).
COACH_CSS = (
    "<style>.tt-coach{max-width:40em;font-size:1rem;line-height:1.4;overflow-wrap:anywhere}"
    ".tt-coach h4{font-size:1.15em;margin:.4em 0}"
    ".tt-coach ol{list-style:none;padding:0;margin:.5em 0}"
    ".tt-coach-card{display:flex;gap:.6em;align-items:flex-start;margin:.35em 0;"
    "padding:.35em .5em;border-left:6px solid #0072b2;background:#f4f8fb}"
    ".tt-coach-card.tt-coach-loses{border-left:6px dashed #d55e00;background:#fdf3ec}"
    ".tt-coach-card.tt-coach-slip{outline:2px solid #d55e00}"
    ".tt-coach-card svg{flex:0 0 auto;width:40px;height:auto}"
    ".tt-coach-mark{font-weight:700;white-space:nowrap}"
    ".tt-coach-line{display:flex;flex-wrap:wrap;gap:.4em;align-items:flex-end;margin:.4em 0}"
    ".tt-coach-line figure{margin:0;text-align:center;font-size:.85em}"
    ".tt-coach-line svg{width:44px;height:auto;display:block}"
    ".tt-coach-now{font-weight:700}"
    ".tt-coach-buttons button{min-width:44px;min-height:44px}</style>"
)


def _mark(keeps: bool, cost: int) -> str:
    if keeps:
        return "✓ " + _("keeps")
    return "✗ " + ui.ngettext("loses {cost} trick", "loses {cost} tricks", cost).format(
        cost=cost)


def _goal_words(review: Review) -> str:
    goal, target = review.goal, review.target
    if goal == "bid":
        return _("Goal: your exact bid of {bid}. It counts as in reach while it lies between "
                 "the fewest tricks you can hold yourself to and the most you can force, every "
                 "hand open and everyone else playing against you.").format(bid=target)
    if goal == "contract":
        return _("Goal: your side's contract of {tricks} tricks.").format(tricks=target)
    if goal == "beat":
        return _("Goal: beat the contract of {tricks} tricks.").format(tricks=target)
    if goal == "misere":
        return _("Goal: your misère, no trick at all.")
    if goal == "stop-misere":
        return _("Goal: make the misère player take a trick.")
    return _("Goal: the most tricks with perfect play, every hand open.")


def _line_html(review: Review, step: int, reader: int, four_colour: bool) -> str:
    """The best line up to ``step`` cards: the trick in progress as faces, the whole line as
    words with the current card marked."""
    line = review.line
    if not line:
        return ""
    step = max(0, min(step, len(line)))
    start = review.line_start
    players = len({seat for seat, _c in review.plays}) or 1
    # cards of the trick in progress at this step (the line starts where a trick may be half
    # played: count from the hand's own order)
    absolute = start + step
    trick_start = absolute - absolute % players
    if absolute and absolute % players == 0:
        trick_start = absolute - players  # a finished trick stays in view until the next card
    shown: list[str] = []
    for index in range(trick_start, absolute):
        seat, card = review.plays[index] if index < start else line[index - start]
        shown.append(f"<figure>{card_svg(card, four_colour=four_colour)}"
                     f"<figcaption>{html.escape(seat_label(seat, reader))}</figcaption></figure>")
    words = []
    for i, (seat, card) in enumerate(line):
        text = html.escape(f"{seat_label(seat, reader)} {card.code}")
        words.append(f'<span class="tt-coach-now">[{text}]</span>' if i == step - 1 else text)
    head = _("Best line from trick {trick}: card {step} of {total}.").format(
        trick=start // players + 1, step=step, total=len(line))
    return (f'<div class="tt-coach-line-box" data-line-step="{step}">'
            f"<p><b>{html.escape(head)}</b></p>"
            f'<div class="tt-coach-line" aria-live="polite">{"".join(shown)}</div>'
            f'<p class="tt-coach-line-words">{" · ".join(words)}</p></div>')


def review_html(review: Review | None, *, step: int = 0, reader: int | None = None,
                four_colour: bool = False) -> str:
    """The review panel as HTML (``review=None``: still working).  Every text is escaped."""
    if review is None:
        return (f'{COACH_CSS}<div class="tt-coach" data-review-state="working" role="status">'
                f"<p>{html.escape(_('Working out the review: every hand open…'))}</p></div>")
    reader = review.seat if reader is None else reader
    parts = [COACH_CSS, '<div class="tt-coach" data-review-state="ready" role="region" '
             f'aria-label="{html.escape(_("Review of this hand"))}">',
             f"<h4>{html.escape(_('Review of this hand'))}</h4>",
             f'<p class="tt-coach-verdict"><b>{html.escape(review.summary)}</b></p>']
    if review.unsupported is None:
        parts.append(f"<p>{html.escape(_goal_words(review))}</p><ol>")
        slip = review.first_slip
        for card in review.cards:
            kind = "keeps" if card.keeps else "loses"
            extra = " tt-coach-slip" if card is slip else ""
            label = (" — " + html.escape(_("first slip"))) if card is slip else ""
            parts.append(
                f'<li class="tt-coach-card tt-coach-{kind}{extra}" data-mark="{kind}"'
                f' data-card="{html.escape(card.card.code)}">'
                f"{card_svg(card.card, four_colour=four_colour)}<div>"
                f'<span class="tt-coach-mark">{html.escape(_mark(card.keeps, card.cost))}'
                f"{label}</span> · "
                + html.escape(_("trick {trick}").format(trick=card.trick))
                + f"<br>{html.escape(card.reason)}</div></li>")
        parts.append("</ol>")
        parts.append(_line_html(review, step, reader, four_colour))
    parts.append("</div>")
    return "".join(parts)


class ReviewPanel:
    """The "Review this hand" button and its panel (``box``), for a demo with ``session``,
    ``play`` and ``stop_at_play`` (:class:`~trickcore.widgets.hand_view.HandDemo`).

    Offered after the last trick, and at any moment of the play in a practice hand."""

    def __init__(self, demo: Any) -> None:
        self.demo = demo
        self.review: Review | None = None
        self.step = 0
        self.button = labelled_button(_("Review this hand"),
                                      _("Every card of yours against perfect play, hands open"),
                                      layout=widgets.Layout(width="auto", min_height="44px"))
        self.button.add_class("tt-coach-open")
        self.prev = labelled_button("◀", _("The best line: the card before"))
        self.next = labelled_button("▶", _("The best line: the next card"))
        self.html = html_box()
        self.button.on_click(lambda _b: self.open())
        self.prev.on_click(lambda _b: self.move(-1))
        self.next.on_click(lambda _b: self.move(1))
        buttons = widgets.HBox([self.prev, self.next])
        buttons.add_class("tt-coach-buttons")
        self.buttons = buttons
        self.box = widgets.VBox([self.button, self.html, buttons])
        self.box.add_class("tt-coach-box")
        self.update()

    def offered(self) -> bool:
        """True when the student may open the review now."""
        demo = self.demo
        if getattr(demo, "stop_at_play", False):
            return False
        state = demo.play.session.state
        if state.is_over:
            return True
        return bool(demo.play.practice) and state.phase is Phase.PLAYING

    def update(self) -> None:
        """After every redraw of the demo: show the button when offered; a changed hand
        closes the review."""
        offered = self.offered()
        self.button.layout.display = None if offered else "none"
        if not offered:
            self.review = None
            self.html.value = ""
        self.buttons.layout.display = None if self.review is not None else "none"

    def open(self) -> None:
        """Work the review out (``working``, then ``ready``)."""
        self.html.value = review_html(None)
        page_runner.flush()  # the live table shows "working" before the work
        session = self.demo.play.session
        self.review = review_hand(session.state, session.seat)
        self.step = 0
        self._draw()

    def move(self, by: int) -> None:
        """One card along the best line."""
        if self.review is None:
            return
        self.step = max(0, min(len(self.review.line), self.step + by))
        self._draw()

    def _draw(self) -> None:
        review = self.review
        self.buttons.layout.display = None if review is not None else "none"
        if review is None:
            return
        self.prev.disabled = self.step == 0
        self.next.disabled = self.step >= len(review.line)
        self.html.value = review_html(review, step=self.step, reader=self.demo.play.session.seat,
                                      four_colour=bool(getattr(self.demo, "_four", False)))
