"""Figures for bots compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.plotting.style import MARKERS, PALETTE, _, _axes, _mean_err, _numbers
from trickcore.study.matches import BotRow

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["bot_points"]


def bot_points(rows: Sequence[BotRow], *, ax: Axes | None = None) -> Axes:
    """Mean points a deal for each bot in each game, with 95% error bars; one marker per bot.

    >>> from trickcore.study.matches import BotRow
    >>> from trickcore.study.stats import mean_estimate, proportion
    >>> rows = [BotRow("game", bot, 4, proportion(2, 4), mean_estimate([5, 7, 6, 6]))
    ...         for bot in ("one", "two")]
    >>> [t.get_text() for t in bot_points(rows).get_yticklabels()]
    ['game']
    >>> plt.close("all")
    """
    ax = _axes(ax)
    games = list(dict.fromkeys(r.game for r in rows))
    bots = list(dict.fromkeys(r.bot for r in rows))
    for j, bot in enumerate(bots):
        mine = {r.game: r for r in rows if r.bot == bot}
        ys = [g for g in range(len(games)) if games[g] in mine]
        ests = [mine[games[g]].points for g in ys]
        ax.errorbar([e.mean for e in ests], [y + (j - 0.5) * 0.2 for y in ys],
                    xerr=_mean_err(ests), fmt=MARKERS[j % len(MARKERS)],
                    color=PALETTE[(j + 4) % len(PALETTE)], capsize=3, markersize=6, label=_(bot))
    ax.set_yticks(range(len(games)))
    ax.set_yticklabels(games, fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel(_("mean points a deal for the seat"))
    ax.legend(frameon=False, fontsize=9)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    _numbers(ax)
    return ax
