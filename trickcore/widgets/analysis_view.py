"""The live analyses as ipywidgets: a few controls, the figure (SVG) and the answer in words.

The numbers come from the models of :mod:`trickcore.widgets.analysis_model`; a view only passes the
controls' values to its model and draws what it returns.  In the book's browser edition
(Pyodide, no matplotlib) the figure is drawn by the pure-Python SVG backend.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.widgets.analysis_model import (
    HAND_SIZES,
    HOOK_PLAYERS,
    BidChances,
    HookEffect,
    position_name,
)
from trickcore.widgets.controls import card_layout, html_box, labelled_button
from trickcore.widgets.ui_words import ui

__all__ = ["BidChancesDemo", "Choice", "HookEffectDemo", "bid_chances_demo", "hook_effect_demo"]

_ = ui.gettext
_FIGURE_STYLE = "<div class='tc-live-figure' style='max-width:480px'>{}</div>"


class Choice(widgets.HBox):  # type: ignore[misc]
    """A row of buttons, one per option, after a label that says the choice in words.

    The chosen option's button is disabled (choosing it again would do nothing), so every
    enabled button acts at once, with one click, a tap, or Enter.  Buttons, not a drop-down:
    a click is one message to Python, and nothing else has to be kept in step with the page.
    """

    def __init__(self, label: str, options: list[tuple[str, Any]], value: Any,
                 on_pick: Callable[[], None]) -> None:
        self.label, self.value, self._on_pick = label, value, on_pick
        self.caption = html_box()
        super().__init__([], layout=widgets.Layout(flex_flow="row wrap",
                                                   align_items="center"))
        self.set_options(options, value)

    def set_options(self, options: list[tuple[str, Any]], value: Any) -> None:
        """Offer other options (``value`` chosen), without telling the owner."""
        self.options, self.value = options, value
        self.buttons = []
        for text, option in options:
            button = labelled_button(text, _("{choice}: {option}").format(
                choice=self.label, option=text), layout=card_layout())
            button.on_click(lambda b, option=option: self.pick(option) if not b.disabled
                            else None)
            self.buttons.append(button)
        self.children = [self.caption, *self.buttons]
        self._show()

    def pick(self, value: Any) -> None:
        """Choose ``value`` (one of the options) and tell the owner."""
        if value == self.value or value not in [v for _text, v in self.options]:
            return
        self.value = value
        self._show()
        self._on_pick()

    def _show(self) -> None:
        chosen = next((t for t, v in self.options if v == self.value), "")
        self.caption.value = ('<span style="display:inline-block;min-width:9em">' + _(
            "{choice}: {option}").format(choice=html.escape(self.label),
                                         option=f"<b>{html.escape(chosen)}</b>") + "</span>")
        for button, (_text, option) in zip(self.buttons, self.options, strict=True):
            button.disabled = option == self.value
            button.button_style = "info" if option == self.value else ""


def _again_button(deals: int, handler: Callable[[Any], None]) -> Any:
    button = labelled_button(_("New deals"), _(
        "Ask the same question of {deals} other deals (the next seed): how much the answer"
        " moves is chance").format(deals=deals))
    button.on_click(handler)
    return button


class _AnalysisDemo(widgets.VBox):  # type: ignore[misc]
    """What every live analysis shares: its rows of controls, "New deals", the figure, the answer."""

    def __init__(self, model: BidChances | HookEffect, rows: list[Any]) -> None:
        self.figure = html_box()
        self.answer = html_box()
        self.again = _again_button(model.deals, self._on_again)
        controls = widgets.VBox([*rows, widgets.HBox([self.again])])
        super().__init__([controls, self.figure, self.answer])
        self.refresh()

    def _on_again(self, _button: Any) -> None:
        self.model.new_deals()
        self.refresh()

    def refresh(self) -> None:
        """Draw the figure and the answer for the current choice."""
        self.figure.value = _FIGURE_STYLE.format(self.model.svg())
        self.answer.value = f"<p role='status' aria-live='polite'>{self.model.sentence()}</p>"


class BidChancesDemo(_AnalysisDemo):
    """Pick a hand (size, trumps, aces, seat) and see the chance to make each bid with it.

    Child widgets: ``size``, ``trumps``, ``aces``, ``seat`` (:class:`Choice` rows of buttons),
    ``again`` (the same
    question of new deals), ``figure`` (the SVG) and ``answer`` (the result in words);
    ``model`` is the :class:`BidChances`.
    """

    def __init__(self, model: BidChances) -> None:
        self.model = model
        self.size = Choice(_("Cards in the hand"), [(str(h), h) for h in HAND_SIZES],
                           model.hand_size, self._on_change)
        self.trumps = Choice(_("Trumps"), [], None, self._on_change)
        self.aces = Choice(_("Aces"), [], None, self._on_change)
        self.seat = Choice(_("Seat"), [(_("any"), None)] + [
            (position_name(p, model.players).split(" (")[0], p) for p in range(model.players)],
            model.position, self._on_change)
        self._fill_counts()
        super().__init__(model, [self.size, self.trumps, self.aces, self.seat])

    def _fill_counts(self) -> None:
        h, m = self.size.value, self.model
        self.trumps.set_options([(str(t), t) for t in range(h + 1)], min(m.trumps, h))
        aces = m.aces if m.aces is None or m.aces <= min(4, h) else None
        self.aces.set_options([(_("any"), None)] + [(str(a), a) for a in range(min(4, h) + 1)],
                              aces)

    def _on_change(self) -> None:
        if self.size.value != self.model.hand_size:
            self._fill_counts()
        self.model.choose(hand_size=self.size.value, trumps=self.trumps.value,
                          aces=self.aces.value, position=self.seat.value)
        self.refresh()


class HookEffectDemo(_AnalysisDemo):
    """Pick the number of players and see how often the hook forbids the dealer a bid.

    Child widgets: ``players`` (a :class:`Choice`), ``again`` (new deals), ``figure`` and ``answer``;
    ``model`` is the :class:`HookEffect`.
    """

    def __init__(self, model: HookEffect) -> None:
        self.model = model
        self.players = Choice(_("Players"), [(str(p), p) for p in HOOK_PLAYERS], model.players,
                              self._on_change)
        super().__init__(model, [self.players])

    def _on_change(self) -> None:
        self.model.choose(players=self.players.value)
        self.refresh()


def bid_chances_demo(hand_size: int = 5, trumps: int = 1, seed: int = 1,
                     deals: int = 150) -> BidChancesDemo:
    """The chance to make each bid with a hand you pick (Oh Hell, four heuristic bots).

    >>> demo = bid_chances_demo(hand_size=3, deals=20)
    >>> demo.size.pick(4); demo.trumps.pick(2)
    >>> demo.model.hand_size, demo.model.trumps, "<svg" in demo.figure.value
    (4, 2, True)
    """
    return BidChancesDemo(BidChances(hand_size=hand_size, trumps=trumps, deals=deals, seed=seed))


def hook_effect_demo(players: int = 4, seed: int = 1, deals: int = 30) -> HookEffectDemo:
    """How often the hook forbids the dealer a bid, for the number of players you pick.

    >>> demo = hook_effect_demo(deals=4)
    >>> demo.players.buttons[0].click()  # 3 players
    >>> demo.model.players, "3 players" in demo.answer.value
    (3, True)
    """
    return HookEffectDemo(HookEffect(players, deals=deals, seed=seed))
