"""The class board: every student's points as a bar, one row per student, large enough to read
on a projector and narrow enough for a phone.

Plain HTML with its own styles (no plotting library: it runs in the browser edition as it is):
``<div class="tt-class-board" data-board-order="score|deal">``, each row a
``<div class="tt-board-row" data-made="yes|no">`` with the rank, the name (escaped: a name is
text, never markup), the bar, the points, and the student's tricks against the open-hands best
("7/8").  Sorted by score (highest first; ties by name, then line) or grouped by deal (each
deal's heading, then its students by score).  High contrast (black on white, a dark blue bar,
a made bid marked with a word as well as a colour), type from 1.25em, rows that wrap on a phone.

>>> from trickcore.widgets.class_codes import ClassResults
>>> board_html(ClassResults())
''
"""

from __future__ import annotations

import html

from trickcore.widgets.class_codes import ClassResults, GoodLine
from trickcore.widgets.ui_words import ui

__all__ = ["BOARD_ORDERS", "board_html"]

_ = ui.gettext
ngettext = ui.ngettext

#: The board's orders: by score, or grouped by deal.
BOARD_ORDERS = ("score", "deal")

_STYLE = (
    "<style>"
    ".tt-class-board{font-size:1.25em;line-height:1.3;color:#000;background:#fff;"
    "border:2px solid #000;border-radius:6px;padding:.5em .6em;max-width:100%;"
    "box-sizing:border-box}"
    ".tt-class-board h4{font-size:1.2em;margin:.2em 0 .4em}"
    ".tt-class-board h5{font-size:1em;margin:.6em 0 .2em;border-bottom:2px solid #000}"
    ".tt-board-row{display:grid;grid-template-columns:2.2em minmax(6em,14em) 1fr 3.2em;"
    "align-items:center;gap:.2em .5em;padding:.15em 0;border-bottom:1px solid #bbb}"
    ".tt-board-rank{font-weight:bold;text-align:right}"
    ".tt-board-name{font-weight:bold;overflow-wrap:anywhere}"
    ".tt-board-bar{height:1.1em;background:#e8e8e8;position:relative;min-width:3em}"
    ".tt-board-bar span{display:block;height:100%;background:#0b3d91}"
    ".tt-board-points{font-weight:bold;text-align:right;font-variant-numeric:tabular-nums}"
    ".tt-board-note{grid-column:2/-1;font-size:.8em;color:#222}"
    ".tt-board-row[data-made=yes] .tt-board-note strong{color:#05620f}"
    ".tt-board-row[data-made=no] .tt-board-note strong{color:#8a0000}"
    "@media (max-width:480px){.tt-class-board{font-size:1.05em}"
    ".tt-board-row{grid-template-columns:1.8em 1fr 2.8em}"
    ".tt-board-bar{grid-column:2/-1;grid-row:2}.tt-board-note{grid-row:3}}"
    "</style>")


def _e(text: object) -> str:
    return html.escape(str(text))


def _name(good: GoodLine) -> str:
    return good.name or _("line {number}").format(number=good.line)


def _row(rank: int, index: int, good: GoodLine, results: ClassResults, low: int,
         high: int, deal: bool = True) -> str:
    points = good.points if good.points is not None else 0
    span = max(1, high - low)
    width = round(100 * (points - low) / span) if high > low else 100
    best = results.optimum(index)
    note = [f"<span>{_e(good.result.deal_code or '?')}</span>"] if deal else []
    if good.made is not None:
        note.append("<strong>" + (_("made") if good.made else _("missed")) + "</strong>")
    tricks = (ngettext("{tricks} trick", "{tricks} tricks", good.tricks) if best is None else
              ngettext("{tricks} trick (best {best})", "{tricks} tricks (best {best})",
                       good.tricks)).format(tricks=good.tricks, best=best)
    note.append(_e(tricks))
    made = "" if good.made is None else f' data-made="{"yes" if good.made else "no"}"'
    return (f'<div class="tt-board-row"{made}>'
            f'<span class="tt-board-rank">{rank}</span>'
            f'<span class="tt-board-name">{_e(_name(good))}</span>'
            f'<span class="tt-board-bar" aria-hidden="true"><span style="width:{max(width, 2)}%">'
            f"</span></span>"
            f'<span class="tt-board-points">{_e("" if good.points is None else good.points)}'
            f"</span>"
            f'<span class="tt-board-note">{" · ".join(note)}</span></div>')


def _by_score(results: ClassResults, indices: list[int]) -> list[int]:
    good = results.good

    def key(i: int) -> tuple[int, str, int]:
        points = good[i].points
        return (-(points if points is not None else -10**9), _name(good[i]).casefold(),
                good[i].line)

    return sorted(indices, key=key)


def board_html(results: ClassResults, order: str = "score") -> str:
    """The class's scores as a board (``order``: ``"score"`` or ``"deal"``); "" with no
    results."""
    good = results.good
    if not good:
        return ""
    order = order if order in BOARD_ORDERS else "score"
    scores = [g.points for g in good if g.points is not None]
    low, high = min([0, *scores]), max([0, *scores])
    rows = []
    if order == "deal" and results.deal_of:
        for number, deal in enumerate(results.deals):
            first = good[deal.rows[0]]
            rows.append(f"<h5>{_e(first.result.deal_code or '?')}</h5>")
            members = [i for i in range(len(good)) if results.deal_of[i] == number]
            rows += [_row(rank, i, good[i], results, low, high, deal=False)
                     for rank, i in enumerate(_by_score(results, members), start=1)]
    else:
        rows += [_row(rank, i, good[i], results, low, high)
                 for rank, i in enumerate(_by_score(results, list(range(len(good)))), start=1)]
    title = _("The class board: {count} students, by score").format(count=len(good)) \
        if order == "score" else _("The class board: {count} students, by deal").format(
            count=len(good))
    return (_STYLE + f'<div class="tt-class-board" data-board-order="{order}"'
            f' aria-label="{_e(title)}"><h4>{_e(title)}</h4>{"".join(rows)}</div>')
