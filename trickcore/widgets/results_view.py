"""The teacher's class results: paste the class's result codes, see them tabulated and plotted.

The same function works in a notebook cell and as the live demo of the teacher edition's
"Class results" page.  The work is done by :mod:`trickcore.widgets.class_codes`; the figure is
drawn with the dependency-free SVG backend (:mod:`trickcore.plotting.svg`), which also runs in
the browser edition, where matplotlib is not installed.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.engine.turns import play_deal
>>> from trickcore.notation import encode_result, match_from_code
>>> match = match_from_code("oh-hell-4-2718-6")
>>> for _ in range(6):
...     _ = play_deal(match.next_deal(), [HeuristicBot()] * 4)
>>> demo = class_results(encode_result(match, 1) + "\\nnonsense")
>>> "oh-hell-4-2718-6" in demo.table_html.value, "Line 2" in demo.problems_html.value
(True, True)
>>> "<svg" in demo.figure_html.value
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.display import shown
from trickcore.plotting.svg import subplots
from trickcore.widgets import class_codes, page_runner
from trickcore.widgets.class_board import board_html
from trickcore.widgets.class_codes import (
    ClassResults,
    Deadline,
    open_hands_html,
    points_spread,
    read_results,
    results_table_html,
    solve_class,
)
from trickcore.widgets.controls import html_box, labelled_button
from trickcore.widgets.ui_words import ui, whole

__all__ = ["ClassResultsDemo", "class_results"]

_ = ui.gettext
ngettext = ui.ngettext
#: How much of a refusal is shown in the list of problems (characters).
_REASON_LONGEST = 300


def spread_svg(results: ClassResults) -> str:
    """A bar chart: how many students scored each number of points ("" with no results)."""
    spread = points_spread(results)
    if not spread:
        return ""
    alt = _("How many students scored each number of points: {counts}.").format(
        counts="; ".join(_("{points} points: {count}").format(points=points, count=count)
                         for points, count in spread))
    fig, ax = subplots(560, 300, alt=alt, name="class-points")
    xs = list(range(len(spread)))
    ax.bar(xs, [count for _points, count in spread], label=_("students"), hatch="//")
    ax.set_ylim(0, max(5, max(count for _points, count in spread)))  # whole students on the axis
    ax.set_xticks(xs)
    ax.set_xticklabels([str(points) for points, _count in spread])
    ax.set_xlabel(_("points of the student's seat in the deal"))
    ax.set_ylabel(_("students"))
    ax.set_title(_("The spread of the class's scores"))
    svg: str = fig.to_svg()
    return f'<figure class="tt-class-figure">{svg}<figcaption>{html.escape(alt)}</figcaption></figure>'


class ClassResultsDemo(widgets.VBox):  # type: ignore[misc]
    """A text box for the codes (one per line), a "Show the results" button, and what they
    say: ``table_html`` (one row per code), ``open_hands_html`` (the solver's answer for each
    deal), ``board_html`` (the class board, :mod:`~trickcore.widgets.class_board`, in the
    order ``board_order`` chooses), ``figure_html`` (the spread of scores) and ``problems_html`` (each refused line,
    by number, and why; what a line repeats is shown as text, never as markup).  ``results``
    is the last :class:`ClassResults` read.  ``seconds`` is the time one press of the button
    may take, reading and solving (``clock`` measures it)."""

    def __init__(self, codes: str = "", *, seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = class_codes.TIME_BUDGET if seconds is None else seconds
        self.clock = clock
        self.codes_input = widgets.Textarea(
            value=codes,
            placeholder=_("Paste the result codes here, one per line, with or without a name"
                          " (Alice: TT2-...)"),
            description=_("Result codes"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="100%", height="10em"),
        )
        self.show_button = labelled_button(
            _("Show the results"), _("Read every code, check it, and tabulate the class's results"),
            button_style="primary")
        self.summary_html = html_box()
        self.problems_html = html_box()
        self.table_html = html_box()
        self.open_hands_html = html_box()
        self.figure_html = html_box()
        self.board_html = html_box()
        self.board_order = widgets.ToggleButtons(
            options=[(_("By score"), "score"), (_("By deal"), "deal")], value="score",
            description=_("Board"), style={"button_width": "auto"})
        self.board_order.observe(self._on_order, names="value")
        self.summary_html.add_class("tt-announce")
        self.show_button.on_click(self._on_show)
        self.results = ClassResults()
        self.results_state = "idle"
        super().__init__([
            html_box('<h3 style="font-size:1.25em">' + _("Class results") + "</h3>"),
            self.codes_input, self.show_button, self.summary_html, self.problems_html,
            self.board_order, self.board_html, self.table_html, self.figure_html,
            self.open_hands_html,
        ])
        self.add_class("tt-class-results-root")
        self._summary("")
        if codes.strip():
            self.show()

    def _on_show(self, _button: Any) -> None:
        self.show()

    def _on_order(self, _change: Any) -> None:
        self.board_html.value = board_html(self.results, self.board_order.value)

    def _summary(self, inner: str) -> None:
        """The status line, inside the root the page's tests read: ``data-results-state`` is
        ``idle``, ``working`` while the codes are read and solved, then ``ready``."""
        self.summary_html.value = (
            f'<div class="tt-class-state" data-results-state="{self.results_state}">{inner}</div>')

    def show(self) -> None:
        """Read the codes in the text box and redraw everything, within :attr:`seconds`."""
        self.results_state = "working"
        self._summary('<p role="status">' + _("Reading and solving the codes...") + "</p>")
        page_runner.flush()  # the live table shows "working" while it reads and solves
        deadline = Deadline(self.seconds, self.clock)
        results = self.results = read_results(self.codes_input.value, deadline)
        good, bad, unread = len(results.good), len(results.bad), results.unread
        self.results_state = "ready"
        if results.refused is not None:
            self._summary(
                f'<p role="status" style="color:#a00000">{html.escape(results.refused)}</p>')
            for box in (self.problems_html, self.table_html, self.figure_html,
                        self.open_hands_html, self.board_html):
                box.value = ""
            return
        if good:
            solve_class(results, deadline)
        self._summary(
            '<p role="status">'
            + ngettext("{count} result code read", "{count} result codes read", good).format(
                count=good)
            + (ngettext(", {count} line skipped (see below)", ", {count} lines skipped (see below)",
                        bad).format(count=bad) if bad else "")
            + ".</p>")
        problems = ["<li>" + _("Line {number} ({start}...): {reason}").format(
            number=p.line, start=f"<code>{shown(p.text)}</code>",
            reason=shown(p.reason, _REASON_LONGEST)) + "</li>" for p in results.bad]
        if unread:
            seconds = whole(round(self.seconds))
            problems.append("<li>" + (_(
                "Line {line} was not read: the page's {seconds} seconds ran out first. Paste"
                " it again on its own.").format(line=unread[0], seconds=seconds)
                if len(unread) == 1 else _(
                "Lines {first} to {last} were not read: the page's {seconds} seconds ran out"
                " first. Paste them again on their own.").format(
                first=unread[0], last=unread[-1], seconds=seconds)) + "</li>")
        self.problems_html.value = "" if not problems else (
            '<ul class="tt-class-problems" style="color:#a00000">' + "".join(problems) + "</ul>")
        self.table_html.value = results_table_html(results) if good else ""
        self.board_html.value = board_html(results, self.board_order.value)
        self.figure_html.value = spread_svg(results)
        self.open_hands_html.value = open_hands_html(results) if good else ""


def class_results(codes: str = "", *, seconds: float | None = None) -> ClassResultsDemo:
    """The class results: paste result codes (one per line, each with or without the
    student's name before or after it), or pass them as ``codes``.

    Every deal is solved for every seat; ``seconds`` (by
    default :data:`~trickcore.widgets.class_codes.TIME_BUDGET`) is a
    last-resort guard on the whole work of one press of the button (the lines and deals not
    reached by then are said to be not reached).

    >>> class_results().table_html.value
    ''
    """
    return ClassResultsDemo(codes, seconds=seconds)
