"""Plots for the book's part "The numbers", one function per figure.

Every function draws on the axes it is given (``ax=None`` means matplotlib's current axes,
``plt.gca()``) and returns them, so a page can lay figures out as it likes and a reader can
restyle them.  Nothing here changes matplotlib's global settings.  Colours come from the
Okabe-Ito palette, which readers with any common colour-vision deficiency can tell apart, and
every series also differs by hatching, marker or line style, so no figure relies on colour
alone.  Simulated values are drawn with their 95% intervals as error bars.

Where matplotlib is not installed (the book's browser edition, in Pyodide), the small figures of
the live analyses draw on :mod:`trickcore.plotting.svg`, a tiny pure-Python backend that writes
SVG text; :func:`~trickcore.plotting.backend.subplots` picks the backend.  This package loads
matplotlib only when a matplotlib figure function is first used.

The data come from :mod:`trickcore.study` (``trickcore.analysis`` gathers them).  One module per
page family: :mod:`~trickcore.plotting.holdings`, :mod:`~trickcore.plotting.onecard`,
:mod:`~trickcore.plotting.bids`, :mod:`~trickcore.plotting.hook` (the hook and the seats),
:mod:`~trickcore.plotting.scoring`, :mod:`~trickcore.plotting.five_hundred`,
:mod:`~trickcore.plotting.humbug` and :mod:`~trickcore.plotting.bots`, with the shared style in
:mod:`~trickcore.plotting.style`; this package gives every function.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> from trickcore.plotting import exact_vs_simulated
>>> from trickcore.study import holdings
>>> fig, ax = plt.subplots()
>>> exact = holdings.trumps_in_hand(5)
>>> sim = holdings.simulate_trumps_in_hand(5, deals=500, seed=1)
>>> exact_vs_simulated(range(6), exact, sim, ax=ax) is ax
True
>>> plt.close(fig)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trickcore.plotting.bids import (
        make_rate_by_bid,
        mean_by_key,
        stacked_distribution,
    )
    from trickcore.plotting.bots import bot_points
    from trickcore.plotting.five_hundred import (
        contract_label,
        contract_make_rates,
        make_rate_by_holding,
    )
    from trickcore.plotting.holdings import exact_vs_simulated, five_hundred_chances
    from trickcore.plotting.hook import hook_binding, hook_cost, seat_wins
    from trickcore.plotting.humbug import lead_values, whole_deal_tricks
    from trickcore.plotting.onecard import one_card_leader, one_card_seat_scores
    from trickcore.plotting.scoring import game_lengths, scheme_boxplots
    from trickcore.plotting.style import HATCHES, LINESTYLES, MARKERS, PALETTE

#: Where each name lives (the modules are imported on first use: most need matplotlib).
_HOMES = {
    "bids": ("make_rate_by_bid", "mean_by_key", "stacked_distribution"),
    "bots": ("bot_points",),
    "five_hundred": ("contract_label", "contract_make_rates", "make_rate_by_holding"),
    "holdings": ("exact_vs_simulated", "five_hundred_chances"),
    "hook": ("hook_binding", "hook_cost", "seat_wins"),
    "humbug": ("lead_values", "whole_deal_tricks"),
    "onecard": ("one_card_leader", "one_card_seat_scores"),
    "scoring": ("game_lengths", "scheme_boxplots"),
    "style": ("HATCHES", "LINESTYLES", "MARKERS", "PALETTE"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "HATCHES",
    "LINESTYLES",
    "MARKERS",
    "PALETTE",
    "bot_points",
    "contract_label",
    "contract_make_rates",
    "exact_vs_simulated",
    "five_hundred_chances",
    "game_lengths",
    "hook_binding",
    "hook_cost",
    "lead_values",
    "make_rate_by_bid",
    "make_rate_by_holding",
    "mean_by_key",
    "one_card_leader",
    "one_card_seat_scores",
    "scheme_boxplots",
    "seat_wins",
    "stacked_distribution",
    "whole_deal_tricks",
]


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(f"trickcore.plotting.{_HOME[name]}"), name)
    raise AttributeError(f"module 'trickcore.plotting' has no attribute {name!r}")
