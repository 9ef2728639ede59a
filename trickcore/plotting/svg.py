"""A small SVG plotting backend: pure Python, no dependency, writes SVG text.

It is what the book's live analyses draw with in the browser edition, where matplotlib is not
installed: a tiny :class:`Figure` with one :class:`Axes` that understands the part of
matplotlib's ``Axes`` the book's small figures use (``bar``, ``errorbar``, ``plot``,
``axhline``, ``text``, ticks, labels, limits, title, legend, ``grid`` and ``spines``), so the
same figure functions of :mod:`trickcore.plotting` draw on either.  It is not a matplotlib clone:
one axes a figure, linear scales, a legend under the plot.

The SVG is accessible: ``role="img"``, an ``aria-label`` and a ``<title>`` and ``<desc>`` carry
the figure's alt text, and series differ by hatch, marker and dash as well as colour.

>>> import xml.etree.ElementTree as ET
>>> fig, ax = subplots(alt="Two bars: 1 is 0.5, 2 is 0.25.")
>>> _ = ax.bar([1, 2], [0.5, 0.25], yerr=[0.1, 0.05], label="share", hatch="//")
>>> _ = ax.set_xlabel("bid"), ax.set_title("Toy"), ax.legend()
>>> root = ET.fromstring(fig.to_svg())
>>> root.get("role"), root.get("aria-label")
('img', 'Two bars: 1 is 0.5, 2 is 0.25.')
>>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]  # each bar has one
['Toy', 'share: 0.5', 'share: 0.25']
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from trickcore.i18n import format_decimal, get_language
from trickcore.plotting.xml_text import escape, quoteattr

__all__ = ["Axes", "Bar", "Figure", "Series", "subplots"]


_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
_DASHES = {"-": "", "--": "6 3", ":": "1.5 2.5", "-.": "6 2.5 1.5 2.5", "": ""}
_LEFT, _RIGHT, _BOTTOM = 58.0, 16.0, 48.0
_LEGEND_ROW = 20.0


def _dash(style: Any) -> str:
    """The ``stroke-dasharray`` for a matplotlib line style (a name or ``(offset, dashes)``)."""
    if isinstance(style, tuple):
        return " ".join(f"{2 * float(d):g}" for d in style[1])
    return _DASHES.get(str(style), "")


def _drawn(style: Any) -> bool:
    """False for matplotlib's "no line" styles (points only)."""
    return not (isinstance(style, str) and style.strip().lower() in ("", "none"))


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _said(value: float, language: str) -> str:
    """A number as a reader sees it (a tick, a bar's value): ``0.25``; in French ``0,25``.

    >>> _said(0.25, "fr"), _said(-2.5, "fr"), _said(3, "fr"), _said(0.25, "en")
    ('0,25', '-2,5', '3', '0.25')
    """
    text = _num(value)
    if language == "en":
        return text
    places = len(text.partition(".")[2])
    return format_decimal(value, places, language=language)


def _err(yerr: Any, n: int) -> tuple[list[float], list[float]]:
    """Lower and upper error lengths from matplotlib's ``yerr`` (a number, one list, or two)."""
    if yerr is None:
        return [0.0] * n, [0.0] * n
    if isinstance(yerr, (int, float)):
        return [float(yerr)] * n, [float(yerr)] * n
    values = list(yerr)
    if values and not isinstance(values[0], (int, float)):  # two rows: below, above
        return [float(v) for v in values[0]], [float(v) for v in values[1]]
    return [float(v) for v in values], [float(v) for v in values]


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values covering ``low`` to ``high`` (at most about ``most`` of them).

    >>> nice_ticks(0, 1)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(-0.3, 2.6)
    [-1.0, 0.0, 1.0, 2.0, 3.0]
    """
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, most - 1)
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(i * step, 10) for i in range(first, last + 1)]


@dataclass
class Bar:
    """One bar: its centre, height, bottom, width, error lengths, and look."""

    x: float
    height: float
    bottom: float
    width: float
    low: float
    high: float
    color: str
    hatch: str
    label: str | None


@dataclass
class Series:
    """A line of points (``plot`` or ``errorbar``), with error lengths when it has them."""

    xs: list[float]
    ys: list[float]
    low: list[float]
    high: list[float]
    color: str
    marker: str | None
    linestyle: Any
    label: str | None
    errorbars: bool


@dataclass
class _Text:
    x: float
    y: float
    text: str


class _Spines:
    """``ax.spines[["top", "right"]].set_visible(False)`` works (top and right are never drawn)."""

    def __getitem__(self, _names: Any) -> _Spines:
        return self

    def set_visible(self, _visible: bool) -> None:
        """Nothing to do: only the left and bottom axes are drawn."""


@dataclass
class Axes:
    """One plot: what was drawn on it (``bars``, ``series``, ``hlines``) and its labels."""

    bars: list[Bar] = field(default_factory=list)
    series: list[Series] = field(default_factory=list)
    hlines: list[tuple[float, str, Any]] = field(default_factory=list)
    texts: list[_Text] = field(default_factory=list)
    xticks: list[float] | None = None
    xticklabels: list[str] | None = None
    ylim: tuple[float, float] | None = None
    xlabel: str = ""
    ylabel: str = ""
    title: str = ""
    has_legend: bool = False
    ygrid: bool = False
    spines: _Spines = field(default_factory=_Spines)
    language: str = field(default_factory=get_language)
    """The language its numbers are written in (the language when it was made)."""

    # -- what a figure function draws -------------------------------------------------------
    def bar(self, x: Iterable[float], height: Iterable[float], width: float = 0.8, *,
            bottom: Iterable[float] | float = 0.0, yerr: Any = None, color: str = "#0072B2",
            hatch: str = "", label: str | None = None, **_style: Any) -> list[Bar]:
        """Bars centred on ``x`` (``capsize``, ``edgecolor`` and such are accepted)."""
        xs, hs = [float(v) for v in x], [float(v) for v in height]
        bottoms = ([float(bottom)] * len(xs) if isinstance(bottom, (int, float))
                   else [float(v) for v in bottom])
        low, high = _err(yerr, len(xs))
        made = [Bar(xv, h, b, float(width), lo, hi, color, hatch, label if i == 0 else None)
                for i, (xv, h, b, lo, hi) in enumerate(zip(xs, hs, bottoms, low, high,
                                                           strict=True))]
        self.bars.extend(made)
        return made

    def errorbar(self, x: Iterable[float], y: Iterable[float], yerr: Any = None, *,
                 color: str = "#000000", marker: str | None = None, linestyle: Any = "-",
                 label: str | None = None, **_style: Any) -> Series:
        """Points joined by a line, each with its error bar."""
        xs, ys = [float(v) for v in x], [float(v) for v in y]
        low, high = _err(yerr, len(xs))
        line = Series(xs, ys, low, high, color, marker, linestyle, label, yerr is not None)
        self.series.append(line)
        return line

    def plot(self, x: Iterable[float], y: Iterable[float], *, color: str = "#000000",
             marker: str | None = None, linestyle: Any = "-", label: str | None = None,
             **_style: Any) -> list[Series]:
        """Points joined by a line, no error bars."""
        line = self.errorbar(x, y, None, color=color, marker=marker, linestyle=linestyle,
                             label=label)
        return [line]

    def axhline(self, y: float = 0.0, *, color: str = "#777777", linestyle: Any = "-",
                **_style: Any) -> None:
        """A horizontal line across the plot."""
        self.hlines.append((float(y), color, linestyle))

    def text(self, x: float, y: float, s: str, **_style: Any) -> None:
        """A label centred at data point (x, y)."""
        self.texts.append(_Text(float(x), float(y), s))

    # -- labels, ticks, limits, legend ------------------------------------------------------
    def set_xticks(self, ticks: Iterable[float]) -> None:
        self.xticks = [float(t) for t in ticks]

    def set_xticklabels(self, labels: Iterable[str], **_style: Any) -> None:
        self.xticklabels = [str(label) for label in labels]

    def set_xlabel(self, text: str, **_style: Any) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str, **_style: Any) -> None:
        self.ylabel = text

    def set_title(self, text: str, **_style: Any) -> None:
        self.title = text

    def set_ylim(self, low: float, high: float) -> None:
        self.ylim = (float(low), float(high))

    def get_xlabel(self) -> str:
        return self.xlabel

    def get_ylabel(self) -> str:
        return self.ylabel

    def get_title(self) -> str:
        return self.title

    def legend(self, *_args: Any, **_style: Any) -> None:
        """Show a legend of the labelled bars and series (under the plot)."""
        self.has_legend = True

    def grid(self, visible: bool = True, *, axis: str = "both", **_style: Any) -> None:
        self.ygrid = visible and axis in ("y", "both")

    def set_axisbelow(self, _below: bool) -> None:
        """The grid is always drawn below the data."""

    # -- where things go --------------------------------------------------------------------
    def _legend(self) -> list[tuple[str, Bar | Series]]:
        out: list[tuple[str, Bar | Series]] = []
        if self.has_legend:
            out += [(b.label, b) for b in self.bars if b.label]
            out += [(s.label, s) for s in self.series if s.label]
        return out

    def _xrange(self) -> tuple[float, float]:
        xs = [b.x - b.width / 2 for b in self.bars] + [b.x + b.width / 2 for b in self.bars]
        xs += [x for s in self.series for x in s.xs] + list(self.xticks or [])
        if not xs:
            return 0.0, 1.0
        low, high = min(xs), max(xs)
        pad = 0.5 if not self.bars else 0.15
        return low - pad, high + pad

    def _yrange(self) -> tuple[float, float]:
        if self.ylim is not None:
            return self.ylim
        ys = [0.0] + [y for b in self.bars for y in (b.bottom + b.height + b.high,
                                                       b.bottom + b.height - b.low)]
        ys += [y + hi for s in self.series for y, hi in zip(s.ys, s.high, strict=True)]
        ys += [y - lo for s in self.series for y, lo in zip(s.ys, s.low, strict=True)]
        ys += [y for y, _, _ in self.hlines]
        ticks = nice_ticks(min(ys), max(ys))
        return ticks[0], ticks[-1]


class Figure:
    """An SVG figure of one :class:`Axes`, ``width`` by ``height`` (plus its legend).

    ``alt`` is the alt text (the ``aria-label`` and the ``<desc>``); ``name`` prefixes the ids
    of the figure's hatch patterns, so two figures on one page do not share them.
    """

    def __init__(self, width: float = 640, height: float = 360, *, alt: str = "",
                 name: str = "tcfig") -> None:
        self.width, self.height, self.alt, self.name = float(width), float(height), alt, name
        self.ax = Axes()

    def to_svg(self) -> str:
        """The figure as SVG text (one ``<svg>`` element, scaled to the width it is given)."""
        return _Drawing(self).svg()

    def _repr_svg_(self) -> str:
        return self.to_svg()


def subplots(width: float = 640, height: float = 360, *, alt: str = "",
             name: str = "tcfig") -> tuple[Figure, Axes]:
    """A new :class:`Figure` and its axes, like ``plt.subplots()``.

    >>> fig, ax = subplots(alt="Nothing yet.")
    >>> fig.ax is ax
    True
    """
    fig = Figure(width, height, alt=alt, name=name)
    return fig, fig.ax


_HATCH_PATHS = {
    "/": "M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2", "\\": "M-1,7 l2,2 M0,0 l8,8 M7,-1 l2,2",
    "x": "M0,8 l8,-8 M0,0 l8,8", "-": "M0,4 h8", "+": "M0,4 h8 M4,0 v8", "|": "M4,0 v8",
}


def _marker(kind: str | None, x: float, y: float, color: str) -> str:
    r = 4.0
    fill = f'fill="{color}" stroke="#ffffff" stroke-width="0.8"'
    if kind in ("s", "D"):
        turn = f' transform="rotate(45 {_num(x)} {_num(y)})"' if kind == "D" else ""
        return (f'<rect x="{_num(x - r * 0.85)}" y="{_num(y - r * 0.85)}" width="{_num(r * 1.7)}"'
                f' height="{_num(r * 1.7)}" {fill}{turn}/>')
    if kind in ("^", "v"):
        s = -1 if kind == "^" else 1
        points = f"{_num(x)},{_num(y + s * r * 1.1)} {_num(x - r)},{_num(y - s * r * 0.7)}" \
                 f" {_num(x + r)},{_num(y - s * r * 0.7)}"
        return f'<polygon points="{points}" {fill}/>'
    if kind is None or kind == "":
        return ""
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {fill}/>'


class _Drawing:
    """Lays one figure out and writes it."""

    def __init__(self, figure: Figure) -> None:
        self.fig, self.ax = figure, figure.ax
        self.legend = self.ax._legend()
        self.x0, self.x1 = self.ax._xrange()
        self.y0, self.y1 = self.ax._yrange()
        lines = max((len(t.split("\n")) for t in self.ax.xticklabels or [""]), default=1)
        self.bottom = _BOTTOM + 13 * (lines - 1)
        # a long title wraps (about 7.5 units a character at the title's size)
        self.title_lines = textwrap.wrap(self.ax.title, max(20, int((figure.width - 20) / 7.5)))
        self.top = 14.0 + 20.0 * len(self.title_lines)
        self.left, self.right = _LEFT, figure.width - _RIGHT
        self.plot_bottom = figure.height - self.bottom
        self.patterns: dict[str, tuple[str, str]] = {}  # colour + hatch: id, pattern

    def px(self, x: float) -> float:
        return self.left + (x - self.x0) / (self.x1 - self.x0) * (self.right - self.left)

    def py(self, y: float) -> float:
        span = (self.y1 - self.y0) or 1.0
        return self.plot_bottom - (y - self.y0) / span * (self.plot_bottom - self.top)

    def fill(self, color: str, hatch: str) -> str:
        if not hatch:
            return color
        known = self.patterns.get(color + hatch)
        if known is not None:
            return f"url(#{known[0]})"
        key = f"{self.fig.name}-h{len(self.patterns)}"
        paths = " ".join(_HATCH_PATHS.get(c, "") for c in dict.fromkeys(hatch))
        dots = "".join(f'<circle cx="{cx}" cy="{cy}" r="{1.3 if c == "." else 2}" fill="none"'
                       f' stroke="#333333" stroke-width="0.8"/>'
                       for c in dict.fromkeys(hatch) if c in ".o" for cx, cy in ((2, 2), (6, 6)))
        self.patterns[color + hatch] = (key,
            f'<pattern id="{key}" patternUnits="userSpaceOnUse" width="8" height="8">'
            f'<rect width="8" height="8" fill="{color}"/>'
            + (f'<path d="{paths}" stroke="#333333" stroke-width="0.8"/>' if paths.strip()
               else "") + dots + "</pattern>")
        return f"url(#{key})"

    def svg(self) -> str:
        body = [self.grid_and_axes(), *self.draw_bars(), *self.draw_series(), *self.draw_texts()]
        legend = self.draw_legend()
        height = self.fig.height + (_LEGEND_ROW * len(legend) + 6 if legend else 0)
        w, title, alt = _num(self.fig.width), self.ax.title, self.fig.alt or self.ax.title
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="tc-svg-figure" role="img"'
                f' aria-label={quoteattr(alt)} viewBox="0 0 {w} {_num(height)}"'
                f' width="100%" style="max-width:{w}px;height:auto"'
                f' font-family="{_FONT}" font-size="13">')
        parts = [head, f"<title>{escape(title or alt)}</title>", f"<desc>{escape(alt)}</desc>",
                 f'<rect width="{w}" height="{_num(height)}" fill="#ffffff"/>']
        if self.patterns:
            parts.append("<defs>" + "".join(p for _, p in self.patterns.values()) + "</defs>")
        for i, line in enumerate(self.title_lines):
            parts.append(f'<text x="{_num(self.fig.width / 2)}" y="{20 + 18 * i}"'
                         f' text-anchor="middle" font-size="14" class="tc-title">'
                         f'{escape(line)}</text>')
        return "".join([*parts, *body, *legend, "</svg>"])

    def grid_and_axes(self) -> str:
        ax, out = self.ax, []
        yticks = [t for t in nice_ticks(self.y0, self.y1) if self.y0 - 1e-9 <= t <= self.y1 + 1e-9]
        for t in yticks:
            y = _num(self.py(t))
            if ax.ygrid:
                out.append(f'<line x1="{_num(self.left)}" x2="{_num(self.right)}" y1="{y}"'
                           f' y2="{y}" stroke="#dddddd" stroke-width="0.8"/>')
            out.append(f'<text x="{_num(self.left - 7)}" y="{y}" dy="0.35em" text-anchor="end"'
                       f' class="tc-ytick">{_said(t, ax.language)}</text>')
        xticks = ax.xticks if ax.xticks is not None else sorted(
            {b.x for b in ax.bars} | {x for s in ax.series for x in s.xs})
        labels = ax.xticklabels or [_said(t, ax.language) for t in xticks]
        for t, label in zip(xticks, labels, strict=False):
            x = _num(self.px(t))
            lines = "".join(f'<tspan x="{x}" dy="{0 if i == 0 else 13}">{escape(part)}</tspan>'
                            for i, part in enumerate(label.split("\n")))
            out.append(f'<line x1="{x}" x2="{x}" y1="{_num(self.plot_bottom)}"'
                       f' y2="{_num(self.plot_bottom + 4)}" stroke="#333333"/>'
                       f'<text x="{x}" y="{_num(self.plot_bottom + 17)}" text-anchor="middle"'
                       f' class="tc-xtick">{lines}</text>')
        out.append(f'<path d="M{_num(self.left)},{_num(self.top)} V{_num(self.plot_bottom)}'
                   f' H{_num(self.right)}" fill="none" stroke="#333333"/>')
        if ax.xlabel:
            out.append(f'<text x="{_num((self.left + self.right) / 2)}"'
                       f' y="{_num(self.fig.height - 8)}" text-anchor="middle"'
                       f' class="tc-xlabel">{escape(ax.xlabel)}</text>')
        if ax.ylabel:
            middle = _num((self.top + self.plot_bottom) / 2)
            out.append(f'<text transform="translate(14 {middle}) rotate(-90)"'
                       f' text-anchor="middle" class="tc-ylabel">{escape(ax.ylabel)}</text>')
        for level, color, style in ax.hlines:
            out.append(f'<line x1="{_num(self.left)}" x2="{_num(self.right)}"'
                       f' y1="{_num(self.py(level))}" y2="{_num(self.py(level))}" stroke="{color}"'
                       f' stroke-dasharray="{_dash(style)}"/>')
        return "".join(out)

    def _errorbar(self, x: float, y: float, low: float, high: float, color: str) -> str:
        if not low and not high:
            return ""
        px, top, bottom = _num(self.px(x)), _num(self.py(y + high)), _num(self.py(y - low))
        return (f'<path class="tc-errorbar" d="M{px},{top} V{bottom} M{_num(self.px(x) - 3)},'
                f'{top} h6 M{_num(self.px(x) - 3)},{bottom} h6" stroke="{color}"'
                f' stroke-width="1.2" fill="none"/>')

    def draw_bars(self) -> list[str]:
        out = []
        for b in self.ax.bars:
            label = b.label or next((o.label for o in self.ax.bars
                                     if o.color == b.color and o.label), "")
            left, right = self.px(b.x - b.width / 2), self.px(b.x + b.width / 2)
            top, bottom = self.py(b.bottom + b.height), self.py(b.bottom)
            out.append(f'<rect class="tc-bar" x="{_num(left)}" y="{_num(min(top, bottom))}"'
                       f' width="{_num(right - left)}" height="{_num(abs(bottom - top))}"'
                       f' fill="{self.fill(b.color, b.hatch)}" stroke="#333333"'
                       f' stroke-width="0.5"><title>{escape(label or "")}'
                       f'{": " if label else ""}{_said(b.height, self.ax.language)}</title></rect>')
            out.append(self._errorbar(b.x, b.bottom + b.height, b.low, b.high, "#333333"))
        return out

    def draw_series(self) -> list[str]:
        out = []
        for s in self.ax.series:
            points = " ".join(f"{_num(self.px(x))},{_num(self.py(y))}"
                              for x, y in zip(s.xs, s.ys, strict=True))
            out.append('<g class="tc-series">')
            if _drawn(s.linestyle):
                out.append(f'<polyline points="{points}" fill="none" stroke="{s.color}"'
                           f' stroke-width="1.6" stroke-dasharray="{_dash(s.linestyle)}"/>')
            for x, y, lo, hi in zip(s.xs, s.ys, s.low, s.high, strict=True):
                out.append(self._errorbar(x, y, lo, hi, s.color))
                out.append(_marker(s.marker, self.px(x), self.py(y), s.color))
            out.append("</g>")
        return out

    def draw_texts(self) -> list[str]:
        return [f'<text x="{_num(self.px(t.x))}" y="{_num(self.py(t.y))}" dy="0.35em"'
                f' text-anchor="middle" font-size="11" paint-order="stroke" stroke="#ffffff"'
                f' stroke-width="3">{escape(t.text)}</text>' for t in self.ax.texts]

    def draw_legend(self) -> list[str]:
        out = []
        for i, (label, item) in enumerate(self.legend):
            y = self.fig.height + 4 + i * _LEGEND_ROW
            x = self.left
            if isinstance(item, Bar):
                key = (f'<rect x="{_num(x)}" y="{_num(y + 2)}" width="22" height="12"'
                       f' fill="{self.fill(item.color, item.hatch)}" stroke="#333333"'
                       f' stroke-width="0.5"/>')
            else:
                key = ((f'<line x1="{_num(x)}" x2="{_num(x + 22)}" y1="{_num(y + 8)}"'
                        f' y2="{_num(y + 8)}" stroke="{item.color}" stroke-width="1.6"'
                        f' stroke-dasharray="{_dash(item.linestyle)}"/>'
                        if _drawn(item.linestyle) else "")
                       + _marker(item.marker, x + 11, y + 8, item.color))
            out.append(f'<g class="tc-legend">{key}<text x="{_num(x + 30)}" y="{_num(y + 8)}"'
                       f' dy="0.35em">{escape(label)}</text></g>')
        return out
