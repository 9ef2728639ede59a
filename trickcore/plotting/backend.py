"""Which backend a small figure draws on: matplotlib when it can be imported, else the
pure-Python SVG backend (:mod:`trickcore.plotting.svg`); either way the figure comes out as
SVG text for a page.

>>> fig, ax = subplots(alt="An empty plot.", backend="svg")
>>> to_svg(fig).startswith("<svg")
True
"""

from __future__ import annotations

import io
from typing import Any, Literal

from trickcore.plotting.svg import Figure
from trickcore.plotting.svg import subplots as svg_subplots

__all__ = ["Backend", "has_matplotlib", "subplots", "to_svg"]

Backend = Literal["matplotlib", "svg"]


def has_matplotlib() -> bool:
    """True if matplotlib can be imported (it cannot in the book's browser edition)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def subplots(width: float = 640, height: float = 360, *, alt: str = "", name: str = "tcfig",
             backend: Backend | None = None) -> tuple[Any, Any]:
    """A figure and its axes (``width`` by ``height`` pixels) on ``backend``, or on matplotlib
    when it is importable and the SVG backend when not."""
    chosen = backend if backend is not None else ("matplotlib" if has_matplotlib() else "svg")
    if chosen == "svg":
        return svg_subplots(width, height, alt=alt, name=name)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=100, layout="constrained")
    fig.set_label(alt)
    return fig, ax


def to_svg(fig: Any) -> str:
    """The figure as SVG text; a matplotlib figure is closed after it is written, and its SVG
    is given the alt text (``role="img"`` and ``aria-label``) that the SVG backend writes."""
    if isinstance(fig, Figure):
        return fig.to_svg()
    from xml.sax.saxutils import quoteattr

    import matplotlib.pyplot as plt

    out = io.StringIO()
    fig.savefig(out, format="svg")
    plt.close(fig)
    text = out.getvalue()  # an XML declaration and a doctype, then the <svg> element
    svg = text[text.index("<svg") + len("<svg"):]
    return f'<svg role="img" aria-label={quoteattr(fig.get_label())}' + svg
