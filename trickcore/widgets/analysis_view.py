"""The live analyses as ipywidgets: a few controls, the figure (SVG) and the answer in words.

The numbers come from the models of :mod:`trickcore.widgets.analysis`; a view only passes the
controls' values to its model and draws what it returns.  In the book's browser edition
(Pyodide, no matplotlib) the figure is drawn by the pure-Python SVG backend.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.widgets._controls import html_box, labelled_button
from trickcore.widgets.analysis import (
    HAND_SIZES,
    HOOK_PLAYERS,
    BidChances,
    HookEffect,
    position_name,
)

__all__ = ["BidChancesDemo", "HookEffectDemo", "bid_chances_demo", "hook_effect_demo"]

_FIGURE_STYLE = "<div class='tc-live-figure' style='max-width:480px'>{}</div>"


def _dropdown(description: str, options: list[tuple[str, Any]], value: Any) -> Any:
    return widgets.Dropdown(options=options, value=value, description=description,
                            style={"description_width": "initial"},
                            layout=widgets.Layout(width="auto"))


def _again_button(deals: int, handler: Any) -> Any:
    button = labelled_button("New deals", f"Ask the same question of {deals} other deals"
                             " (the next seed): how much the answer moves is chance")
    button.on_click(handler)
    return button


class BidChancesDemo(widgets.VBox):  # type: ignore[misc]
    """Pick a hand (size, trumps, aces, seat) and see the chance to make each bid with it.

    Child widgets: ``size``, ``trumps``, ``aces``, ``seat`` (dropdowns), ``again`` (the same
    question of new deals), ``figure`` (the SVG) and ``answer`` (the result in words);
    ``model`` is the :class:`BidChances`.
    """

    def __init__(self, model: BidChances) -> None:
        self.model = model
        self.size = _dropdown("Cards in the hand", [(str(h), h) for h in HAND_SIZES],
                              model.hand_size)
        self.trumps = _dropdown("Trumps", [], None)
        self.aces = _dropdown("Aces", [], None)
        self.seat = _dropdown("Seat", [("any seat", None)] + [
            (position_name(p, model.players), p) for p in range(model.players)], model.position)
        self._fill_counts()
        self.figure = html_box()
        self.answer = html_box()
        for control in (self.size, self.trumps, self.aces, self.seat):
            control.observe(self._on_change, names="value")
        self.again = _again_button(model.deals, self._on_again)
        controls = widgets.HBox([self.size, self.trumps, self.aces, self.seat, self.again],
                                layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.figure, self.answer])
        self.refresh()

    def _fill_counts(self) -> None:
        h, m = self.size.value, self.model
        self.trumps.options = [(str(t), t) for t in range(h + 1)]
        self.trumps.value = min(m.trumps, h)
        self.aces.options = [("any", None)] + [(str(a), a) for a in range(min(4, h) + 1)]
        self.aces.value = m.aces if m.aces is None or m.aces <= min(4, h) else None

    def _on_change(self, change: dict[str, Any]) -> None:
        if change["owner"] is self.size:
            self._fill_counts()
        if self.trumps.value is None:
            return
        self.model.choose(hand_size=self.size.value, trumps=self.trumps.value,
                          aces=self.aces.value, position=self.seat.value)
        self.refresh()

    def _on_again(self, _button: Any) -> None:
        self.model.new_deals()
        self.refresh()

    def refresh(self) -> None:
        """Draw the figure and the answer for the current choice."""
        self.figure.value = _FIGURE_STYLE.format(self.model.svg())
        self.answer.value = f"<p role='status' aria-live='polite'>{self.model.sentence()}</p>"


class HookEffectDemo(widgets.VBox):  # type: ignore[misc]
    """Pick the number of players and see how often the hook forbids the dealer a bid.

    Child widgets: ``players`` (a dropdown), ``again`` (new deals), ``figure`` and ``answer``;
    ``model`` is the :class:`HookEffect`.
    """

    def __init__(self, model: HookEffect) -> None:
        self.model = model
        self.players = _dropdown("Players", [(str(p), p) for p in HOOK_PLAYERS], model.players)
        self.figure = html_box()
        self.answer = html_box()
        self.players.observe(self._on_change, names="value")
        self.again = _again_button(model.deals, self._on_again)
        controls = widgets.HBox([self.players, self.again],
                                layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.figure, self.answer])
        self.refresh()

    def _on_change(self, _change: dict[str, Any]) -> None:
        self.model.choose(players=self.players.value)
        self.refresh()

    def _on_again(self, _button: Any) -> None:
        self.model.new_deals()
        self.refresh()

    def refresh(self) -> None:
        """Draw the figure and the answer for the current choice."""
        self.figure.value = _FIGURE_STYLE.format(self.model.svg())
        self.answer.value = f"<p role='status' aria-live='polite'>{self.model.sentence()}</p>"


def bid_chances_demo(hand_size: int = 5, trumps: int = 1, seed: int = 1,
                     deals: int = 150) -> BidChancesDemo:
    """The chance to make each bid with a hand you pick (Oh Hell, four heuristic bots).

    >>> demo = bid_chances_demo(hand_size=3, deals=20)
    >>> demo.size.value = 4; demo.trumps.value = 2
    >>> demo.model.hand_size, demo.model.trumps, "<svg" in demo.figure.value
    (4, 2, True)
    """
    return BidChancesDemo(BidChances(hand_size=hand_size, trumps=trumps, deals=deals, seed=seed))


def hook_effect_demo(players: int = 4, seed: int = 1, deals: int = 30) -> HookEffectDemo:
    """How often the hook forbids the dealer a bid, for the number of players you pick.

    >>> demo = hook_effect_demo(deals=4)
    >>> demo.players.value = 3
    >>> demo.model.players, "3 players" in demo.answer.value
    (3, True)
    """
    return HookEffectDemo(HookEffect(players, deals=deals, seed=seed))
