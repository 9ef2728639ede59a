"""Figures for the scoring page: the schemes' final scores and margins, and how long games last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt  # noqa: F401 - the examples close their figures with it

from trickcore.plotting.style import HATCHES, LINESTYLES, PALETTE, _, _axes, _numbers, _tidy
from trickcore.study.matches import ScoringStudy
from trickcore.study.schemes import SCHEMES, scheme_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["game_lengths", "scheme_boxplots"]

def scheme_boxplots(study: ScoringStudy, *, what: str = "totals",
                    ax: Axes | None = None) -> Axes:
    """Box plots, one per scoring scheme, of the final totals of every seat (``what="totals"``)
    or of the winning margins (``what="margins"``).

    >>> from trickcore.study.matches import scoring_study
    >>> ax = scheme_boxplots(scoring_study(matches=2, seed=1), what="margins")
    >>> ax.get_xlabel()
    "winner's lead over the runner-up"
    >>> plt.close("all")
    """
    ax = _axes(ax)
    data = []
    for scheme in SCHEMES:
        if what == "totals":
            data.append([t for totals in study.totals[scheme] for t in totals])
        else:
            data.append(study.margins(scheme))
    box = ax.boxplot(data, orientation="horizontal", patch_artist=True, widths=0.6,
                     medianprops={"color": "black", "linewidth": 1.5},
                     flierprops={"marker": ".", "markersize": 3, "markerfacecolor": "#555555",
                                 "markeredgecolor": "#555555"})
    for i, patch in enumerate(box["boxes"]):
        patch.set_facecolor(PALETTE[(i + 1) % len(PALETTE)])
        patch.set_alpha(0.6)
        patch.set_hatch(HATCHES[i % len(HATCHES)])
    ax.set_yticks(range(1, len(SCHEMES) + 1))
    ax.set_yticklabels([scheme_label(s) for s in SCHEMES], fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel(_("final score of each player") if what == "totals"
                  else _("winner's lead over the runner-up"))
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    _numbers(ax)
    return ax


def game_lengths(lengths: Mapping[str, Sequence[int]], *, ax: Axes | None = None) -> Axes:
    """The share of games still going after each deal (a survival curve), one step line per
    series, with its own line style and colour.

    >>> ax = game_lengths({"toy": [10, 12, 12, 14]})
    >>> ax.get_lines()[0].get_ydata()[9:12].tolist()   # after 9, 10 and 11 deals
    [1.0, 0.75, 0.75]
    >>> plt.close("all")
    """
    ax = _axes(ax)
    for i, (label, values) in enumerate(lengths.items()):
        n = len(values)
        top = max(values)
        xs = list(range(top + 2))
        ys = [sum(v > x for v in values) / n for x in xs]
        ax.step(xs, ys, where="post", color=PALETTE[i % len(PALETTE)],
                linestyle=LINESTYLES[i % len(LINESTYLES)], linewidth=1.6, label=_(label))
    ax.set_xlabel(_("deals played"))
    ax.set_ylabel(_("share of games not yet over"))
    ax.set_ylim(0, 1.02)
    ax.legend(frameon=False, fontsize=9)
    _tidy(ax)
    return ax
