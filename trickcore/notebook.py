"""How trickcore's objects show in a notebook: one HTML renderer per type, registered from above.

Cards, hands, deals, tricks and hand states have a ``_repr_html_`` method, so that Jupyter draws
them as cards.  The drawing itself belongs to :mod:`trickcore.display`, which sits above the
engine; the engine must not import it.  So the classes ask this registry, and
:mod:`trickcore.display` registers its renderers when it is imported (``import trickcore`` does
that).  A type with no renderer shows as its plain ``repr``.

>>> class Thing:
...     def _repr_html_(self) -> str | None:
...         return html_of(self)
>>> Thing()._repr_html_() is None
True
>>> register_html(Thing, lambda thing: "<b>thing</b>")
>>> Thing()._repr_html_()
'<b>thing</b>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["html_of", "register_html"]

_RENDERERS: dict[type, Callable[[Any], str]] = {}


def register_html(kind: type, render: Callable[[Any], str]) -> None:
    """Draw objects of ``kind`` (and its subclasses) with ``render`` in notebooks."""
    _RENDERERS[kind] = render


def html_of(obj: object) -> str | None:
    """The HTML of ``obj`` from the renderer registered for its type, or ``None``."""
    for kind in type(obj).__mro__:
        render = _RENDERERS.get(kind)
        if render is not None:
            return render(obj)
    return None
