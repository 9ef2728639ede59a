"""How the hand demos lay out rows of buttons: the bids or calls, and a hand that is too long
for one row (Humbug's 26 cards), which goes a suit to a line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

__all__ = ["ONE_ROW", "bid_row", "by_suit"]

#: The most cards a hand shows on one row before it goes a suit to a line.
ONE_ROW = 13


def bid_row(buttons: list[Any]) -> Any:
    """A row of bid or call buttons (marked: the projector view draws them smaller than cards)."""
    row = widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))
    row.add_class("tt-bid-buttons")
    return row


def by_suit(buttons: list[Any], suit_break: Callable[[int], Any]) -> list[Any]:
    """``buttons`` (in card order, each marked with its ``tt-face-`` class) with a line break
    between suits when there are more than :data:`ONE_ROW`; ``suit_break(place)`` gives the
    break to put at that place in the row (kept, so a redraw reuses it).

    >>> class Button:
    ...     def __init__(self, code: str) -> None:
    ...         self._dom_classes = ("tt-card", f"tt-face-{code}")
    >>> hand = [Button(c) for c in ("AS", "KS", "2H")]
    >>> by_suit(hand, lambda place: "|") == hand
    True
    >>> long = [Button(f"{r}{s}") for s in "SH" for r in "AKQJT98"]
    >>> ["|" if b == "|" else b._dom_classes[1][-2:] for b in by_suit(long, lambda p: "|")][6:9]
    ['8S', '|', 'AH']
    """
    if len(buttons) <= ONE_ROW:
        return buttons
    out: list[Any] = []
    last = None
    for button in buttons:
        suit = next((c.removeprefix("tt-face-")[-1:] for c in button._dom_classes
                     if c.startswith("tt-face-")), "")
        if last is not None and suit != last:
            out.append(suit_break(len(out)))
        out.append(button)
        last = suit
    return out
