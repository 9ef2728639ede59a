"""The plots' shared style: the Okabe-Ito palette, hatches, markers and line styles that tell
series apart without colour, error bars from estimates, and the tidy axes every figure uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from trickcore.i18n import catalogue, format_decimal, format_percent, get_language
from trickcore.plotting.svg import Axes as SvgAxes
from trickcore.study.stats import Estimate, MeanEstimate

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["HATCHES", "LINESTYLES", "MARKERS", "PALETTE"]

#: The figures' words: the widgets' catalogue (domain ``trickcore_ui``).
ui = catalogue("trickcore_ui")


def _(message: str) -> str:
    """``message`` in the reader's language; a label given by the caller that the catalogue
    does not know (or an empty one) is kept as it is."""
    return ui.gettext(message) if message else message


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
    _numbers(ax)


def _pct(fraction: float, places: int = 0) -> str:
    """A share as a percentage in the reader's way: ``25%``; in French ``25 %``."""
    if get_language() == "en":
        return f"{fraction:.{places}%}"
    return format_percent(fraction, places)


def _whole(number: int) -> str:
    """A count with its thousands grouped in the reader's way: ``1,500``; in French ``1 500``."""
    if get_language() == "en":
        return f"{number:,}"
    return format_decimal(number, 0)


def places_for(values: Sequence[float], most: int = 6) -> int:
    """The fewest decimals that write every value exactly (as a tick's labels need).

    >>> places_for([0.0, 0.2, 0.4]), places_for([0, 5, 10]), places_for([0.25, 0.5])
    (1, 0, 2)
    """
    for places in range(most + 1):
        if all(abs(v * 10**places - round(v * 10**places)) < 1e-6 for v in values):
            return places
    return most


def decimal_tick(value: float, values: Sequence[float], language: str = "fr") -> str:
    """A tick's label in ``language``, written with as many decimals as its axis needs: in
    French with a decimal comma (and matplotlib's minus sign).

    >>> decimal_tick(0.2, [0.0, 0.2, 0.4]), decimal_tick(-1, [-1, 0, 1])
    ('0,2', '\u22121')
    """
    return format_decimal(value, places_for(values), language=language).replace("-", "\u2212")


def _numbers(ax: Axes | SvgAxes) -> None:
    """In French, write the numbers of the axes' ticks with a decimal comma (the SVG backend
    is told the language; a matplotlib axis whose ticks are plain numbers gets a formatter that
    writes them with :func:`trickcore.i18n.format_decimal`).  English is left as it is."""
    language = get_language()
    if isinstance(ax, SvgAxes):
        ax.language = language
        return
    if language == "en":
        return
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    for axis in (ax.xaxis, ax.yaxis):
        if not isinstance(axis.get_major_formatter(), ScalarFormatter):
            continue  # labels of their own (names, counts): already in words

        def label(value: float, _pos: int | None, axis: object = axis) -> str:
            return decimal_tick(value, list(axis.get_majorticklocs()), language)  # type: ignore[attr-defined]

        axis.set_major_formatter(FuncFormatter(label))
