"""Progress on long work (studies, game runs, long solves): a bar with the rate and the time left.

Shown where a person is watching: on standard error in a terminal, and as a widget in a notebook;
silent in CI (``CI`` set), with ``TRICKCORE_PROGRESS=0``, when standard error is not a terminal,
and when asked (``progress=False``, ``--quiet``).  tqdm draws it where it is installed
(``pip install trickcore[progress]``: its terminal bar, and its notebook widget where ipywidgets
is); otherwise a small bar of trickcore's own does the terminal's (:class:`TerminalProgress`).
trickcore itself needs neither.

>>> import io
>>> out = io.StringIO()
>>> bar = TerminalProgress("hook", out, width=10, unit="deals")
>>> bar(0, 4); bar(2, 4)
>>> out.getvalue().split("\\r")[-1].split("  ")[:3]
['hook', '[#####.....]', '2/4 deals']
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["TerminalProgress", "progress_callback", "wanted"]

#: ``progress(done, total)``: called at the start and after each piece of work.
Progress = Callable[[int, int], None]


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    get = getattr(shell, "get_ipython", None)
    return get is not None and type(get()).__name__ == "ZMQInteractiveShell"


def wanted(progress: object = None, stream: Any = None) -> bool:
    """Whether to show a bar: ``progress`` True or False decides; ``None`` means where a person
    is watching (a terminal or a notebook, not CI, not ``TRICKCORE_PROGRESS=0``).

    >>> wanted(True), wanted(False)
    (True, False)
    """
    if progress is True or progress is False:
        return progress
    if os.environ.get("TRICKCORE_PROGRESS", "") == "0" or os.environ.get("CI", "") not in ("",
                                                                                       "0"):
        return False
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty()) or _in_notebook()


class TerminalProgress:
    """A one-line bar for a terminal: the work done, a bar, the rate, the time so far and the
    time left at the rate so far."""

    def __init__(self, label: str, stream: TextIO, width: int = 30, unit: str = "chunks",
                 scale: int = 1, items: int | None = None) -> None:
        self.label = label
        self.stream = stream
        self.width = width
        self.unit = unit
        self.scale = scale
        self.items = items
        self.start = time.monotonic()
        self.first: int | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        shown, whole = done * self.scale, total * self.scale
        if self.items is not None:
            shown, whole = min(shown, self.items), self.items
        elapsed = time.monotonic() - self.start
        filled = self.width * done // max(total, 1)
        ran = done - self.first
        rate = f"{ran * self.scale / elapsed:,.1f} {self.unit}/s" if ran and elapsed else ""
        left = f"{elapsed / ran * (total - done):.0f} s left" if ran else ""
        self.stream.write(f"\r{self.label}  [{'#' * filled}{'.' * (self.width - filled)}]  "
                          f"{shown:,}/{whole:,} {self.unit}  {rate}  {elapsed:.0f} s  {left}  ")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def _tqdm_bar(label: str, items: int | None, unit: str) -> Any | None:
    try:
        if _in_notebook():
            from tqdm.auto import tqdm  # type: ignore[import-untyped,import-not-found,unused-ignore]
        else:
            from tqdm import tqdm  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    try:
        return tqdm(total=items, desc=label, unit=f" {unit}", file=sys.stderr, leave=True,
                    smoothing=0.1, dynamic_ncols=True)
    except Exception:  # e.g. tqdm.notebook without ipywidgets: the plain bar instead
        return None


def progress_callback(progress: object, label: str, items: int | None, per: int = 1,
                      unit: str = "deals") -> tuple[Progress, Callable[[], None]]:
    """``(report, close)`` for work of ``items`` items done in pieces of ``per`` items:
    ``report(done, total)`` takes pieces; ``close()`` ends the bar.  ``progress`` is a function
    (called with the pieces), or True, False or None as for :func:`wanted`.  With ``items``
    None the bar's total is the ``total`` of the latest report (work that learns its size as it
    goes, such as a solve).

    >>> report, close = progress_callback(False, "hook", 1000, 100)
    >>> report(3, 10); close()
    """
    if callable(progress):
        return progress, lambda: None
    if not wanted(progress):
        return (lambda _done, _total: None), lambda: None
    bar = _tqdm_bar(label, items, unit)
    if bar is None:
        plain = TerminalProgress(label, sys.stderr, unit=unit, scale=per, items=items)
        return plain, lambda: None
    shown = [0]

    def report(done: int, total: int) -> None:
        if items is None and bar.total != total * per:
            bar.total = total * per
            bar.refresh()
        now = done * per if items is None else min(done * per, items)
        if now > shown[0]:
            bar.update(now - shown[0])
            shown[0] = now

    return report, bar.close
