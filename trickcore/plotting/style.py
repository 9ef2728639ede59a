"""The plots' shared style: the Okabe-Ito palette, hatches, markers and line styles that tell
series apart without colour, error bars from estimates, and the tidy axes every figure uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trickcore.plotting.svg import Axes as SvgAxes
from trickcore.study.stats import Estimate, MeanEstimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["HATCHES", "LINESTYLES", "MARKERS", "PALETTE"]


#: Okabe and Ito's colour-blind-safe palette (black first).
PALETTE = ("#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7",
           "#F0E442")
#: Hatches, markers and line styles that tell series apart without colour.
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
LINESTYLES = ("-", "--", ":", "-.", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)))


def _current() -> Axes:
    """matplotlib's current axes (matplotlib is imported only then: a figure drawn on
    :class:`trickcore.plotting.svg.Axes` needs no matplotlib)."""
    import matplotlib.pyplot as plt

    return plt.gca()


def _axes(ax: Axes | None) -> Axes:
    return ax if ax is not None else _current()


def _any_axes(ax: Axes | SvgAxes | None) -> Axes | SvgAxes:
    """The axes given (matplotlib's or the SVG backend's), else matplotlib's current axes."""
    return ax if ax is not None else _current()


def _yerr(estimates: Sequence[Estimate]) -> list[list[float]]:
    return [[max(0.0, e.probability - e.low) for e in estimates],
            [max(0.0, e.high - e.probability) for e in estimates]]


def _mean_err(estimates: Sequence[MeanEstimate]) -> list[float]:
    return [e.high - e.mean for e in estimates]


def _tidy(ax: Axes | SvgAxes) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
