"""The play demo's "What is this hand worth?" panel: a button before bidding, and its answer.

Pressed (never forced on the reader), it deals the cards the reader cannot see again many
times and plays each deal out (:func:`trickcore.study.worth.hand_worth`: double-dummy, or by
the bots, as the reader chooses), then shows the chart (:func:`trickcore.plotting.worth.
worth_svg`) and one sentence.  The button is there while the reader has not bid (in a game with
no bidding, before the first card); the answer stays after the bid, with the bid marked.

CSS hooks: ``tt-worth`` (the panel), ``tt-worth-button``, ``tt-worth-method`` (the choice),
``tt-worth-answer`` (the chart and the sentence, in a ``div`` with ``data-worth-state="ready"``
once an answer is shown, and ``data-worth-samples``, ``data-worth-method`` and
``data-worth-seconds``: N, the play-out, and the seconds the sampling took in Python).

>>> from trickcore.widgets.match_play import MatchPlay
>>> from trickcore.widgets.demo_model import DealSetup
>>> play = MatchPlay(DealSetup.from_code("oh-hell-4-2718-8"))
>>> panel = WorthPanel()
>>> panel.show(play.session)
>>> panel.button.layout.display, panel.answer_html.value
('', '')
>>> panel.press(play.session)
>>> "<svg" in panel.answer_html.value, "data-worth-state=\\"ready\\"" in panel.answer_html.value
(True, True)
"""

from __future__ import annotations

import html
import zlib
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.engine.events import Phase
from trickcore.errors import TrickcoreError
from trickcore.plotting.worth import worth_svg
from trickcore.rules import BiddingKind
from trickcore.solver import native
from trickcore.study.worth import Method, Worth, hand_worth
from trickcore.widgets.controls import html_box, labelled_button
from trickcore.widgets.demo_model import HandSession
from trickcore.widgets.ui_words import suit_words, ui

__all__ = ["SAMPLES", "SECONDS", "WorthPanel", "default_method", "worth_sentence"]

_ = ui.gettext
ngettext = ui.ngettext

#: The deals asked for, and the time they may take (seconds): sampling stops at the deadline,
#: which leaves the tap-to-chart time (drawing and the page's round trip included) under 2 s.
SAMPLES = 200
SECONDS = 1.7

_STYLE = ("<style>.tt-worth .jupyter-button{min-height:44px;min-width:44px}"
          ".tt-worth .widget-toggle-buttons{width:auto;display:flex;flex-flow:row wrap;"
          "align-items:center;gap:4px}"
          ".tt-worth .widget-toggle-buttons .widget-label{min-width:0;align-self:center}"
          # the chart is drawn 360 units wide: a phone's width at its size, a third bigger
          # on a wider screen (a projector), so that its words stay readable from the back
          ".tt-worth-answer svg{display:block;max-width:min(100%,480px)!important}"
          ".tt-worth-answer p{margin:.3em 0;line-height:1.35}</style>")


def worth_sentence(worth: Worth) -> str:
    """One sentence for the reader (plain text: escape it for HTML).

    >>> print(worth_sentence(Worth(0, 5, (0, 2, 15, 2, 1, 0), 20, 20, "bots", 1, False, None)))
    Over 20 deals of the cards you cannot see, this hand took 2 tricks most often; 1 to 3 in 9 deals out of 10.
    """
    most = worth.most_often
    if worth.exact and worth.method == "bots":
        return ngettext("Every card is known in this deal: played by the bots, this hand takes "
                        "{tricks} trick.",
                        "Every card is known in this deal: played by the bots, this hand takes "
                        "{tricks} tricks.", most).format(tricks=most)
    if worth.exact:
        return ngettext("Every card is known in this deal: with best play on both sides, this "
                        "hand takes {tricks} trick.",
                        "Every card is known in this deal: with best play on both sides, this "
                        "hand takes {tricks} tricks.", most).format(tricks=most)
    low, high = worth.likely
    over = ngettext("Over {n} deal of the cards you cannot see",
                    "Over {n} deals of the cards you cannot see", worth.samples).format(
        n=worth.samples)
    took = ngettext("this hand took {tricks} trick most often",
                    "this hand took {tricks} tricks most often", most).format(tricks=most)
    if worth.samples == 1:
        text = _("{over}, {took}.").format(over=over, took=took)
    else:
        spread = (_("always {low}").format(low=low) if low == high
                  else _("{low} to {high} in 9 deals out of 10").format(low=low, high=high))
        text = _("{over}, {took}; {spread}.").format(over=over, took=took, spread=spread)
    if worth.samples < worth.requested:
        text += " " + ngettext("(The time was up after {n} of {requested} deals.)",
                               "(The time was up after {n} of {requested} deals.)",
                               worth.samples).format(
            n=worth.samples, requested=worth.requested)
    return text


def default_method() -> Method:
    """Double-dummy where the solver runs compiled (C, or WebAssembly once
    ``trickcore.solver.native.backend()`` says so), else the bots: the pure-Python search
    solves only a deal or two of ten cards in the time allowed."""
    backend = getattr(native, "backend", None)
    fast = backend() in ("native", "wasm") if callable(backend) else native.enabled()
    return "double-dummy" if fast else "bots"


def _open(session: HandSession) -> bool:
    """True while the reader has not bid (with no bidding: has not played a card)."""
    state = session.state
    if session.finished:
        return False
    if state.phase is Phase.BIDDING:
        return not any(m.by_reader for m in session.moves)
    return (state.phase is Phase.PLAYING and state.ruleset.bidding is BiddingKind.NONE
            and not any(m.by_reader for m in session.moves))


class WorthPanel:
    """The button, the choice of play-out, and the answer, in one box (``box``)."""

    def __init__(self) -> None:
        self.button = labelled_button(
            _("What is this hand worth?"),
            _("Deal the cards you cannot see many times and count the tricks this hand takes"))
        self.button.add_class("tt-worth-button")
        self.method = widgets.ToggleButtons(
            options=[(_("Double-dummy"), "double-dummy"), (_("Bots"), "bots")],
            value=default_method(), description=_("Play the deals"),
            tooltips=[_("Every hand open, best play on both sides"),
                      _("The heuristic bots bid and play every seat")],
            style={"description_width": "initial", "button_width": "auto"},
            layout=widgets.Layout(width="auto"))
        self.method.add_class("tt-worth-method")
        self.answer_html = html_box()
        self.answer_html.add_class("tt-worth-answer")
        self.answer_html.add_class("tt-announce")
        self.box = widgets.VBox([html_box(_STYLE), widgets.HBox(
            [self.button, self.method], layout=widgets.Layout(flex_flow="row wrap")),
            self.answer_html])
        self.box.add_class("tt-worth")
        self.worth: Worth | None = None
        self._key: tuple[str, int] | None = None  # the deal and seat the answer is for
        self._session: HandSession | None = None
        self.button.on_click(lambda _button: self._session and self.press(self._session))

    def show(self, session: HandSession) -> None:
        """Show the button while the reader has not bid; keep an answer for this deal (with
        the bid marked once made); forget one for another deal."""
        self._session = session
        key = (session.code, session.seat)
        if key != self._key:
            self.worth, self._key = None, key
        is_open = _open(session)
        self.button.layout.display = self.method.layout.display = "" if is_open else "none"
        self.button.disabled = not is_open
        self.box.layout.display = "" if is_open or self.worth is not None else "none"
        self._draw(session)

    def press(self, session: HandSession) -> None:
        """Work the answer out for the reader's seat now, and show it."""
        method: Method = "bots" if self.method.value == "bots" else "double-dummy"
        seed = zlib.crc32(f"{session.code}/{session.seat}".encode())
        try:
            self.worth = hand_worth(session.state, session.seat, samples=SAMPLES, seed=seed,
                                    method=method, seconds=SECONDS)
        except TrickcoreError as error:
            self.worth = None
            self.answer_html.value = f'<p role="status">{html.escape(str(error))}</p>'
            return
        self._key = (session.code, session.seat)
        self.box.layout.display = ""
        self._draw(session)

    def _draw(self, session: HandSession) -> None:
        worth = self.worth
        if worth is None:
            self.answer_html.value = ""
            return
        bid = session.state.bids[session.seat] if session.state.bids else None
        mark = bid if isinstance(bid, int) else None
        sentence = worth_sentence(worth)
        if session.state.auction and worth.method == "double-dummy" and worth.trump is not None:
            sentence += " " + _("Played with {suit} as trumps, your side the contractor; the "
                                "kitty stays unseen.").format(suit=suit_words(worth.trump))
        self.answer_html.value = (
            f'<div data-worth-state="ready" data-worth-samples="{worth.samples}"'
            f' data-worth-method="{worth.method}" data-worth-seconds="{worth.seconds:.2f}">'
            + worth_svg(worth, mark, name=f"worth{session.seat}")
            + f'<p role="status">{html.escape(sentence)}</p></div>')

    def widgets(self) -> list[Any]:
        """The panel's widgets (for the demo's held redraw)."""
        return [self.button, self.method, self.answer_html, self.box]
