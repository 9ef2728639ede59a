"""Figures for Humbug with perfect play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.plotting.style import PALETTE, _, _axes, _tidy

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["lead_values", "whole_deal_tricks"]


def lead_values(values: Sequence[int], *, ax: Axes | None = None) -> Axes:
    """How many tricks the lead was worth in each solved ending, as hatched bars of counts.

    >>> ax = lead_values([0, 0, 1, 2, -1])
    >>> [int(b.get_height()) for b in ax.patches]
    [1, 2, 1, 1]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    lo, hi = min(values), max(values)
    xs = list(range(lo, hi + 1))
    counts = [sum(v == x for v in values) for x in xs]
    bars = ax.bar(xs, counts, width=0.7, color=PALETTE[2], hatch="//", edgecolor="#333333",
                  linewidth=0.5)
    ax.bar_label(bars, fontsize=9)
    ax.set_xticks(xs)
    ax.set_xlabel(_("tricks the lead is worth to the player on lead"))
    ax.set_ylabel(_("endings"))
    _tidy(ax)
    return ax


def whole_deal_tricks(tricks: Sequence[int], *, ax: Axes | None = None, half: int = 13) -> Axes:
    """How many deals eldest took each number of tricks in, as hatched bars of counts, with a
    dotted line at ``half`` (a drawn deal).

    >>> ax = whole_deal_tricks([12, 13, 13, 15])
    >>> [(int(b.get_x() + b.get_width() / 2), int(b.get_height())) for b in ax.patches]
    [(12, 1), (13, 2), (14, 0), (15, 1)]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    xs = list(range(min(tricks), max(tricks) + 1))
    counts = [sum(t == x for t in tricks) for x in xs]
    bars = ax.bar(xs, counts, width=0.7, color=PALETTE[4], hatch="..", edgecolor="#333333",
                  linewidth=0.5)
    ax.bar_label(bars, fontsize=9)
    ax.axvline(half, color="#000000", linewidth=1.2, linestyle=":", zorder=3)
    ax.set_xticks(xs)
    ax.set_xlabel(_("eldest's tricks with best play on both sides (of {total})").format(
                      total=2 * half))
    ax.set_ylabel(_("deals solved"))
    _tidy(ax)
    return ax
