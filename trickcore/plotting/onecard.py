"""Figures for the one-card round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.plotting.style import LINESTYLES, MARKERS, PALETTE, _, _axes, _tidy, ui
from trickcore.study.onecard_tables import OneCardRow

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["one_card_leader", "one_card_seat_scores"]


def _players(count: int) -> str:
    return ui.ngettext("{count} player", "{count} players", count).format(count=count)


def one_card_leader(rows: Sequence[OneCardRow], *, ax: Axes | None = None,
                    max_beaters: int = 30) -> Axes:
    """Eldest's chance of winning the one-card trick against k unseen cards that beat its card,
    one line per player count, with the break-even line at 1/2.

    >>> from trickcore.study.onecard_tables import one_card_summary
    >>> ax = one_card_leader(one_card_summary([3, 4]))
    >>> [line.get_label() for line in ax.get_lines()][:2]
    ['3 players', '4 players']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, row in enumerate(rows):
        ps = [float(p) for p in row.hooked.leader_by_beaters[: max_beaters + 1]]
        ax.plot(range(len(ps)), ps, color=PALETTE[i % len(PALETTE)],
                linestyle=LINESTYLES[i % len(LINESTYLES)], marker=MARKERS[i % len(MARKERS)],
                markevery=5, markersize=5, label=_players(row.players))
    ax.axhline(0.5, color="#777777", linewidth=1, linestyle=":")
    ax.annotate(_("bid 1 above this line"), (max_beaters, 0.5), xytext=(0, 4),
                textcoords="offset points", ha="right", fontsize=9, color="#444444")
    ax.set_xlabel(_("unseen cards that beat eldest's card (k)"))
    ax.set_ylabel(_("chance that eldest's card wins"))
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax


def one_card_seat_scores(rows: Sequence[OneCardRow], *, hook: bool = True,
                         ax: Axes | None = None) -> Axes:
    """Each seat's expected score in the one-card round, eldest first and the dealer last,
    one line per player count (with the hook, or without it).

    >>> from trickcore.study.onecard_tables import one_card_summary
    >>> ax = one_card_seat_scores(one_card_summary([3]), hook=False)
    >>> ax.get_title()
    'without the hook'
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, row in enumerate(rows):
        analysis = row.hooked if hook else row.free
        ys = [float(x) for x in analysis.expected]
        xs = [p - (row.players - 1) for p in range(row.players)]
        ax.plot(xs, ys, color=PALETTE[i % len(PALETTE)], linestyle=LINESTYLES[i % len(LINESTYLES)],
                marker=MARKERS[i % len(MARKERS)], label=_players(row.players))
    width = max(r.players for r in rows)
    ax.set_xticks(range(-(width - 1), 1))
    ax.set_xticklabels([_("{count} before\nthe dealer").format(count=-x) if x else _("dealer")
                        for x in range(-(width - 1), 1)], fontsize=8)
    ax.set_ylabel(_("expected points this round"))
    ax.set_title(_("with the hook") if hook else _("without the hook"), fontsize=10)
    ax.set_ylim(0, 11)
    ax.legend(frameon=False, fontsize=9, loc="lower left")
    _tidy(ax)
    return ax
