"""How the hand demos lay out rows of buttons: the bids or calls, and a hand that is too long
for one row (Humbug's 26 cards), which goes in two rows of whole suits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

__all__ = ["ONE_ROW", "bid_row", "by_suit"]

#: The most cards a hand shows on one row before it goes in two rows of whole suits.
ONE_ROW = 13


def bid_row(buttons: list[Any]) -> Any:
    """A row of bid or call buttons (marked: the projector view draws them smaller than cards)."""
    row = widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))
    row.add_class("tt-bid-buttons")
    return row


def by_suit(buttons: list[Any], suit_break: Callable[[int], Any]) -> list[Any]:
    """``buttons`` (in card order, each marked with its ``tt-face-`` class), with one line
    break between two suits when there are more than :data:`ONE_ROW`: the hand in two rows,
    whole suits on each, the break where the longer row is shortest.  ``suit_break(place)``
    gives the break to put at that place in the row (kept, so a redraw reuses it).

    >>> class Button:
    ...     def __init__(self, code: str) -> None:
    ...         self._dom_classes = ("tt-card", f"tt-face-{code}")
    >>> hand = [Button(c) for c in ("AS", "KS", "2H")]
    >>> by_suit(hand, lambda place: "|") == hand
    True
    >>> def rows(codes: str) -> str:
    ...     out = by_suit([Button(c) for c in codes.split()], lambda place: "|")
    ...     return " ".join(b if b == "|" else b._dom_classes[1][-2:] for b in out)
    >>> rows("AS KS QS JS TS 9S 8S AH KH QH JH TH 9H 8H 3D 2D")
    'AS KS QS JS TS 9S 8S | AH KH QH JH TH 9H 8H 3D 2D'
    >>> rows("AS KS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AD KD AC KC")
    'AS KS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H | AD KD AC KC'
    """
    if len(buttons) <= ONE_ROW:
        return buttons
    suits = [next((c.removeprefix("tt-face-")[-1:] for c in button._dom_classes
                   if c.startswith("tt-face-")), "") for button in buttons]
    # Where a suit starts (not the first): the places a break may go.
    starts = [i for i in range(1, len(buttons)) if suits[i] != suits[i - 1]]
    if not starts:
        return buttons
    place = min(starts, key=lambda i: (max(i, len(buttons) - i), i))
    return [*buttons[:place], suit_break(place), *buttons[place:]]
